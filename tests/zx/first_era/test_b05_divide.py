"""B05-016, damage divided among any number of Z/X as its player chooses, totalling 2000 for each colour of its
player's Resource (docs/zx/cards.md "Dividing damage", rules.md Z15.300 - Z15.303), in real positions of the set
first-era, through legal actions; with B05-009 Ranmaru, every colour in the Resource while a 信長 Z/X is on a Square
(rules.md Z15.342)."""

from __future__ import annotations

from ..era import act, arrange, damage_on, name, on, play, texts

NOBUNAGA = "B05-016"  # Demon King of the Sixth Heaven, Oda Nobunaga: red 8/10000
RED, BLUE, WHITE, BLACK, GREEN = "B01-016", "B01-026", "B01-046", "B01-068", "B01-089"  # vanilla Z/X of each colour
HITTER = "B01-068"    # Full-Swing Hitter, Sting Beat: black 4/6500, vanilla
CORPSE = "B01-074"    # Stitched Hollow Man, Huge Corpse: black 6/9500, vanilla
RANMARU = "B05-009"   # Moment's Rest, Mori Ranmaru: red; every colour in Resource and Trash beside a 信長 Z/X
FLASH = "B01-097"     # a green Event of Cost 1


def nobunaga(resource: list[str], p1: dict, p0_field: dict | None = None):
    """Player 0 plays Nobunaga onto s5 with that Resource (all Slept to pay its Cost of 8)."""
    state = arrange({"hand": [NOBUNAGA], "resource": resource, "field": p0_field or {}}, p1)
    play(state, name(NOBUNAGA), "s5")
    return state


def offered(state) -> list[str]:
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)


def dealt(state, squares) -> int:
    return sum(damage_on(state, s) for s in squares)


def give_all(state, square: str) -> None:
    """The next 1000 to the Z/X on the Square, then the rest to it too (a pass)."""
    act(state, f"on {square}")
    if state.decision() == "effect-divide":
        act(state, "pass (effect-divide)")


def test_b05_016_ruling_q2_only_red_cards_in_resource_give_2000():
    """Ruling B05-016 Q2: with only red cards in your Resource the ability divides 2000 (one colour): 1000 to s7's
    Z/X and 1000 to s9's, and nothing more is asked."""
    state = nobunaga([RED] * 8, {"field": {"s7": HITTER, "s9": CORPSE}})
    assert state.decision() == "effect-divide"
    act(state, "on s7")
    act(state, "on s9")
    assert state.decision() == "main" and (damage_on(state, "s7"), damage_on(state, "s9")) == (1000, 1000)


def test_b05_016_ruling_q2_red_blue_and_white_cards_give_6000():
    """Ruling B05-016 Q2: red, blue and white cards in your Resource (several of a colour count once, Sleeping ones
    count: all 8 paid for this card, Z15.303) give 6000: all of it to s9's Z/X."""
    state = nobunaga([RED] * 4 + [BLUE] * 2 + [WHITE] * 2, {"field": {"s7": HITTER, "s9": CORPSE}})
    give_all(state, "s9")
    assert state.decision() == "main" and damage_on(state, "s9") == 6000 and damage_on(state, "s7") == 0


def test_b05_016_five_colours_give_10000():
    """Z15.303: the five colours give 10000: enough to destroy s9's Huge Corpse (9500) with 10000."""
    state = nobunaga([RED] * 4 + [BLUE, WHITE, BLACK, GREEN], {"field": {"s9": CORPSE}})
    give_all(state, "s9")
    assert state.decision() == "main" and on(state, "s9") == -1


def test_b05_016_any_number_of_either_players_zx_this_card_included():
    """Z15.303: any number of Z/X of either player on Normal Squares: player 0's own s4 Z/X, this card on s5, and
    player 1's s7 and s9 are offered (not player 1's on the Player Square); 6000 divided among all four, the 2000
    left when s9's Z/X (the last Square) is chosen going to it without another decision."""
    state = nobunaga([RED] * 6 + [BLUE, WHITE], {"field": {"s7": HITTER, "s9": CORPSE, "s8": HITTER}},
                     {"s4": RED})
    assert offered(state) == ["s4", "s5", "s7", "s9"]
    for square in ("s4", "s5", "s7", "s7", "s9"):
        act(state, f"on {square}")
    assert state.decision() == "main"
    assert [damage_on(state, s) for s in ("s4", "s5", "s7", "s9", "s8")] == [1000, 1000, 2000, 2000, 0]


def test_b05_016_may_choose_none():
    """Z15.301: "any number" may be none: a pass first deals nothing."""
    state = nobunaga([RED] * 6 + [BLUE, WHITE], {"field": {"s7": HITTER}})
    act(state, "pass (effect-divide)")
    assert state.decision() == "main" and dealt(state, ("s5", "s7")) == 0


def test_b05_016_ruling_q1_ranmaru_in_resource_pays_a_green_card_and_counts_every_colour():
    """Ruling B05-016 Q1: with Nobunaga on a Square, the Ranmaru in your Resource is every colour, so it may be Slept
    to pay for the green B01-097. The same reading makes Nobunaga's own count see five colours when it appears with
    Ranmaru among seven red cards (Z15.303, Z15.342): 10000, enough for s9's Huge Corpse; without Ranmaru, 2000."""
    state = nobunaga([RED] * 8 + [RANMARU], {"field": {"s9": CORPSE}})
    give_all(state, "s9")
    assert state.decision() == "main" and on(state, "s9") == -1
    state = nobunaga([RED] * 8, {"field": {"s9": CORPSE}})
    give_all(state, "s9")
    assert damage_on(state, "s9") == 2000
    for beside, playable in ((NOBUNAGA, True), (RED, False)):  # Ranmaru alone pays the green Event only beside him
        paying = arrange({"field": {"s4": beside}, "hand": [FLASH], "resource": [RANMARU]}, {"field": {"s8": CORPSE}})
        assert any(" play " in t for t in texts(paying)) == playable
