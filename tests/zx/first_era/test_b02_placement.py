"""B02 cards putting Z/X onto Squares by their effects (docs/zx/cards.md "Placement", rules.md Z15.120), in real
positions of the first-era set, through legal actions."""

from __future__ import annotations

from ..era import act, arrange, cards_offered, name, on, texts

GREENS = ["B01-089"] * 8  # King of Beasts, Werelion: green, no ability
SOMA = ("B04-108", "C02-001")


def play(state, number: str, square: str):
    act(state, f"play {name(number)}")
    act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def test_b02_096_feuille_puts_a_cheap_resource_zx_onto_a_normal_square_sleeping_with_soma():
    """When this card appears, if your Player card is Kenbuchi Soma, you may choose a Z/X of Cost 6 or less in your
    Resource: it appears Sleeping on an empty Normal Square (Z15.120, Z15.125): never a Player Square, never a full
    one; either printing of Soma counts."""
    state = arrange({"hand": ["B02-096"], "resource": GREENS + ["C04-018", "C04-020"]},
                    {"field": {"s7": "C03-018"}}, players=SOMA)
    play(state, "B02-096", "s1")
    act(state, "yes")
    assert cards_offered(state) == sorted([name("C04-018"), name("C04-020"), name("B01-089")])
    act(state, f"choose {name('C04-018')}")
    offered = sorted(t.rsplit(" ", 1)[1] for t in texts(state))
    assert offered == ["s3", "s4", "s5", "s6", "s9"]  # not s1 (Feuille), s7 (full), s2 or s8 (Player Squares)
    act(state, "choose square s5")
    placed = state.instance(on(state, "s5"))
    assert placed["sleeping"] and name("C04-018") not in state.names(0, "resource")
    assert state.names(0, "hand") == []  # it came from the Resource, not the hand
    reprint = arrange({"hand": ["B02-096"], "resource": GREENS + ["C04-018"]}, {}, players=("B04-110", "C02-001"))
    play(reprint, "B02-096", "s1")
    assert reprint.decision() == "effect-may"


def test_b02_096_feuille_may_decline_and_does_nothing_without_soma():
    """"You may": declining leaves the Resource as it was; with another Player card nothing is asked."""
    state = arrange({"hand": ["B02-096"], "resource": GREENS + ["C04-018"]}, {}, players=SOMA)
    play(state, "B02-096", "s1")
    act(state, "pass (effect-may)")
    assert state.decision() == "main" and name("C04-018") in state.names(0, "resource")
    other = arrange({"hand": ["B02-096"], "resource": GREENS + ["C04-018"]}, {})
    play(other, "B02-096", "s1")
    assert other.decision() == "main" and sum(i != -1 for i in other.board()) == 1
