"""B03 cards putting Z/X onto Squares by their effects (docs/zx/cards.md "Placement", rules.md Z15.120), in real
positions of the first-era set, through legal actions."""

from __future__ import annotations

from ..era import act, arrange, cards_offered, name, on, pay_all, texts
from ..test_starter_c01 import attack, to_ignition

REDS = ["B01-003"] * 4  # Heated Coal, Coal Armadillo: red, no ability
BLACKS = ["B01-068"] * 7  # Full-Swing Hitter, Sting Beat: black, no ability


def squares_offered(state):
    return sorted(t.rsplit(" ", 1)[1] for t in texts(state) if "square" in t)


def test_b03_020_a_brave_from_the_hand_appears_sleeping_never_on_the_opponents_player_square():
    """Choose a Brave Z/X of Cost 6 or less in your hand: it appears Sleeping on an empty Square other than your
    opponent's Player Square (Z15.120); a Z/X of another race is not offered."""
    state = arrange({"hand": ["B03-020", "E01-002", "B01-003"], "resource": REDS}, {"field": {"s9": "C03-018"}})
    act(state, f"play {name('B03-020')}")
    pay_all(state)
    assert cards_offered(state) == [name("E01-002")]
    act(state, "choose")
    assert squares_offered(state) == ["s1", "s2", "s3", "s4", "s5", "s6", "s7"]  # s8: the opponent's; s9 full
    act(state, "choose square s2")
    assert state.instance(on(state, "s2"))["sleeping"] and state.names(0, "hand") == [name("B01-003")]
    assert state.names(0, "trash") == [name("B03-020")]


def test_b03_020_ruling_q1_the_player_attacked_stays_the_target():
    """Ruling B03-020 Q1: the opponent attacks you while your Player Square is empty; in the Battle Event step you
    put a Z/X there with B03-020: the attack still damages you, the player (rules.md 8.4), not the new Z/X."""
    state = arrange({"hand": ["B03-020", "E01-002"], "resource": REDS},
                    {"field": {"s5": "C03-018"}}, turn_player=1)
    attack(state, "s5", "s2")
    act(state, "p1 pass (battle-event)")
    act(state, f"p0 play {name('B03-020')}")
    pay_all(state)
    act(state, "choose")
    act(state, "choose square s2")
    guard = on(state, "s2")
    assert guard != -1
    life = len(state.zone(0, "life"))
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")
    assert state.decision() == "damage-life-pick"  # the player is damaged: a Life card is picked
    act(state, "pick Life card 0")
    assert len(state.zone(0, "life")) == life - 1
    assert on(state, "s2") == guard and state.instance(guard)["damage"] == 0


def test_b03_056_tirich_mir_evol_seed_removes_itself_and_shuffles_trash_cards_into_the_deck():
    """Evol Seed: remove this card from the game; then choose up to 3 cards in your Trash, put them into your deck
    and shuffle it (Z15.127)."""
    state = arrange({}, {"charge": ["B01-089"], "trash": ["B01-003", "C03-015", "E01-002", "C03-018"],
                         "deck": ["B01-089", "B01-089", "B03-056"]})
    to_ignition(state)
    deck = len(state.zone(1, "deck"))
    act(state, f"p1 ignite with {name('B01-089')}")  # B03-056 revealed, into the Trash: its Evol Seed
    assert state.names(1, "removed") == [name("B03-056")]
    act(state, f"choose {name('B01-003')}")
    act(state, f"choose {name('C03-015')}")
    act(state, "pass (effect-card)")
    assert len(state.zone(1, "deck")) == deck - 1 + 2
    assert sorted(state.names(1, "trash")) == sorted([name("E01-002"), name("C03-018"), name("B01-089")])
    assert name("B03-056") not in state.names(1, "trash")


def test_b03_102_animus_brings_up_to_three_from_the_trash_with_13_dear_zx_there():
    """When this card appears, if your Trash holds 13 or more Z/X of Cost 7 or more, choose up to 3 Z/X of Cost 7
    or less in your Trash: they appear in Reboot on empty Normal Squares, one after the other (Z15.124)."""
    dear = ["B02-096"] * 13  # Cost 8 Z/X (their own ability asks for another Player card: it stays silent)
    state = arrange({"hand": ["B03-102"], "resource": BLACKS, "trash": dear + ["E01-002", "B01-003", "C03-015",
                                                                             "C04-018"]}, {})
    act(state, f"play {name('B03-102')}")
    act(state, "to square s1")
    pay_all(state)
    assert name("B02-096") not in cards_offered(state)  # Cost 8: not offered
    for card, square in (("E01-002", "s4"), ("B01-003", "s5"), ("C03-015", "s6")):
        act(state, f"choose {name(card)}")
        assert "s2" not in squares_offered(state) and "s8" not in squares_offered(state)
        act(state, f"choose square {square}")
        assert not state.instance(on(state, square))["sleeping"]
    assert state.decision() == "main" and name("C04-018") in state.names(0, "trash")  # three at most


def test_b03_102_animus_may_stop_and_needs_13():
    """Up to three: passing stops; with 12 dear Z/X in the Trash nothing is offered."""
    state = arrange({"hand": ["B03-102"], "resource": BLACKS, "trash": ["B02-096"] * 13 + ["E01-002", "B01-003"]}, {})
    act(state, f"play {name('B03-102')}")
    act(state, "to square s1")
    pay_all(state)
    act(state, f"choose {name('E01-002')}")
    act(state, "choose square s4")
    act(state, "pass (effect-card)")
    assert state.decision() == "main" and name("B01-003") in state.names(0, "trash")
    short = arrange({"hand": ["B03-102"], "resource": BLACKS, "trash": ["B02-096"] * 12 + ["E01-002"]}, {})
    act(short, f"play {name('B03-102')}")
    act(short, "to square s1")
    pay_all(short)
    assert short.decision() == "main" and sum(i != -1 for i in short.board()) == 1
