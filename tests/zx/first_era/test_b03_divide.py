"""B03-018, damage divided as its player chooses under a play restriction (docs/zx/cards.md "Dividing damage", rules.md
Z15.225, Z15.300 - Z15.303), in real positions of the set first-era, through legal actions."""

from __future__ import annotations

from tcbg.zx.cards import CardSet

from ..era import FILLER, act, arrange, damage_on, name, on, play, texts

INTERCEPT = "B03-018"  # Sunset Intercept: red Event, Cost 2
REDS = ["B01-016"] * 2  # Unyielding Steel, Steel Leopard: red vanilla
MISERIA = "B01-066"    # Demon of Misfortune, Miseria: black 3/5000, vanilla
HITTER = "B01-068"     # Full-Swing Hitter, Sting Beat: black 4/6500, vanilla
CORPSE = "B01-074"     # Stitched Hollow Man, Huge Corpse: black 6/9500, vanilla


def intercept(life: int, p1: dict):
    """Player 0 with Sunset Intercept in hand, two red Resource cards and ``life`` Life cards."""
    return arrange({"hand": [INTERCEPT], "resource": REDS, "life": [FILLER] * life}, p1)


def offered(state) -> list[str]:
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)


def test_b03_018_divides_8000_among_up_to_2_opposing_zx_on_normal_squares():
    """With Life 2, the Event divides 8000 among up to 2 of the opponent's Z/X on Normal Squares (Z15.300): 5000 to
    s7's Miseria (Power 5000), destroyed after the Event, and the 3000 left to s9's once it is the second chosen;
    the Z/X on player 1's Player Square is not offered."""
    state = intercept(2, {"field": {"s7": MISERIA, "s9": CORPSE, "s8": HITTER}})
    play(state, name(INTERCEPT))
    assert state.decision() == "effect-divide" and offered(state) == ["s7", "s9"]
    for square in ("s7", "s7", "s7", "s7", "s7", "s9"):
        act(state, f"on {square}")
    assert state.decision() == "main"
    assert on(state, "s7") == -1 and damage_on(state, "s9") == 3000 and damage_on(state, "s8") == 0
    assert name(INTERCEPT) in " ".join(state.names(0, "trash"))


def test_b03_018_is_played_only_while_your_life_is_2_or_less():
    """Play restriction (Z15.225): with 3 Life cards the Event is not offered; with 2 or 1 it is."""
    for life, allowed in ((3, False), (2, True), (1, True)):
        state = intercept(life, {"field": {"s7": HITTER}})
        assert any(f"play {name(INTERCEPT)}" in t for t in texts(state)) == allowed, life


def test_b03_018_may_be_played_with_no_zx_to_choose_and_does_nothing():
    """Z15.301: "up to 2" may be none, and the Event announces no targets (Z12.3): with no opposing Z/X on a Normal
    Square it is played, asks nothing and goes to the Trash."""
    state = intercept(2, {"field": {"s8": HITTER}})
    play(state, name(INTERCEPT))
    assert state.decision() == "main" and damage_on(state, "s8") == 0
    assert name(INTERCEPT) in " ".join(state.names(0, "trash"))


def test_b03_018_all_8000_to_one_zx():
    """Z15.300: 1000 to s9's Z/X, the last Square offered: all 8000 to it without another decision."""
    state = intercept(2, {"field": {"s7": HITTER, "s9": CORPSE}})
    play(state, name(INTERCEPT))
    act(state, "on s9")
    assert state.decision() == "main" and damage_on(state, "s7") == 0 and damage_on(state, "s9") == 8000


def test_b03_018_is_a_red_event_of_cost_2():
    card = CardSet.load("first-era")[INTERCEPT]
    assert card.colours == ("red",) and card.cost == 2
