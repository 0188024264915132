"""The B05 cards whose startup abilities take cards as their cost, and those that name the Squares bearing marks, in
real positions of the set first-era (docs/zx/cards.md "Kinds of ability", "Filters"; rules.md Z15.220 - Z15.223).
Squares are numbered as player 0 sees them: s2 is player 0's Player Square, s8 player 1's, s4-s6 the Center Area."""

from __future__ import annotations

from ..era import act, arrange, damage_on, name, on, power_on, squares, texts, uses

REDS = ["B05-006"] * 8     # Stubborn Iron, Iron Rhino: vanilla red 4/6500
WHITES = ["B05-049"] * 8   # Painter Korat: vanilla white 5/8000
MID = "B05-006"            # vanilla red Cost 4, 6500
SMALL = "B01-003"          # vanilla red 2/3500
BIG = "B05-014"            # vanilla red 6/9500
BLUE = "B01-030"           # vanilla blue 4/6500
WHITE = "B05-049"          # vanilla white
BLACK = "B01-068"          # vanilla black 4/6500
GREEN = "B01-089"          # vanilla green 4/6500
METUS = "B05-068"          # 恐怖の魔人ミータス, black 5/7000
ELEPHANTS = ("B03-003", "B05-064")  # names containing 「エレファント」 (no ability text beyond keywords)


def choices(state) -> list[str]:
    return sorted(t.split("choose ", 1)[1].rsplit(" #", 1)[0] for t in texts(state) if "choose " in t)


def play(state, number: str):
    act(state, f"play {name(number)}")
    while state.decision() == "pay":
        act(state, "pay with")


# -- the marks (rules.md Z15.220) ---------------------------------------------------------------------------------

def test_b05_019_lightning_thrust_damages_every_zx_on_the_player_squares_for_the_double_circle():
    """Z15.220, Z15.223: the double circle (yes) is on both Player Squares: 7000 damage to the Z/X on s2 and s8,
    either player's; the Z/X of the Center Area and of the other Squares are not damaged."""
    state = arrange({"hand": ["B05-019"], "resource": REDS[:3], "field": {"s2": MID, "s5": SMALL}},
                    {"field": {"s8": BIG, "s4": SMALL, "s9": SMALL}})
    play(state, "B05-019")
    assert state.decision() == "effect-may"
    act(state, "yes")
    assert on(state, "s2") == -1 and damage_on(state, "s8") == 7000  # 6500 destroyed, 9500 damaged
    assert damage_on(state, "s5") == 0 and damage_on(state, "s4") == 0 and damage_on(state, "s9") == 0


def test_b05_019_lightning_thrust_damages_every_zx_of_the_center_area_for_the_triangle():
    """Z15.220, Z15.223: the triangle (pass) is on the three Squares of the Center Area, s4-s6: 7000 damage to each
    Z/X there, yours too; the Player Squares and the Army Areas' other Squares untouched."""
    state = arrange({"hand": ["B05-019"], "resource": REDS[:3], "field": {"s2": SMALL, "s4": MID, "s1": SMALL}},
                    {"field": {"s5": BIG, "s6": SMALL, "s8": SMALL, "s7": SMALL}})
    play(state, "B05-019")
    act(state, "pass")
    assert on(state, "s4") == -1 and on(state, "s6") == -1 and damage_on(state, "s5") == 7000
    assert all(damage_on(state, s) == 0 for s in ("s1", "s2", "s7", "s8"))


def test_b05_046_kula_kangri_gives_1000_to_your_zx_on_your_player_square():
    """Z15.220: your Z/X on a double-circle Square (your Player Square: none of yours stands on the opponent's,
    Z15.80) get +1000; this card on a Normal Square gets nothing, nor the opponent's Z/X on their Player Square."""
    state = arrange({"field": {"s4": "B05-046", "s2": MID, "s5": MID}}, {"field": {"s8": MID}})
    assert power_on(state, "s2") == 7500 and power_on(state, "s5") == 6500 and power_on(state, "s8") == 6500
    assert power_on(state, "s4") == 5500
    itself = arrange({"field": {"s2": "B05-046"}}, {})
    assert power_on(itself, "s2") == 6500  # on your Player Square, it is one of your Z/X there


def test_b05_059_punishment_cross_chooses_a_zx_on_either_player_square():
    """Z15.220: 1 Z/X on a double-circle Square, either player's, gets -4000 until end of turn; the Z/X on Normal
    Squares are not offered."""
    state = arrange({"hand": ["B05-059"], "resource": WHITES[:1], "field": {"s2": MID, "s5": MID}},
                    {"field": {"s8": BIG, "s7": MID}})
    play(state, "B05-059")
    assert squares(state) == ["s2", "s8"]
    act(state, "on s8")
    assert power_on(state, "s8") == 5500 and power_on(state, "s2") == 6500 and power_on(state, "s7") == 6500


# -- costs that take cards (rules.md Z15.221) ---------------------------------------------------------------------

def test_b05_071_wrestler_puts_metus_from_charge_into_trash_to_destroy_a_zx_of_cost_5_or_less():
    """Z15.221: the cost is a 「恐怖の魔人ミータス」 of your Charge put into your Trash (not another card); then a Z/X of
    Cost 5 or less on a Normal Square, either player's, is destroyed (not one of Cost 6, not one on a Player
    Square)."""
    state = arrange({"field": {"s2": "B05-071"}, "charge": [METUS, MID]},
                    {"field": {"s8": MID, "s7": BIG, "s9": METUS}})
    act(state, "use the ability of")
    assert choices(state) == [name(METUS)]  # the vanilla Charge card is not offered
    act(state, "choose Demon of Fear")
    assert state.names(0, "trash") == [name(METUS)] and state.names(0, "charge") == [name(MID)]
    assert squares(state) == ["s9"]
    act(state, "on s9")
    assert on(state, "s9") == -1 and state.names(1, "charge") == [name(METUS)]


def test_b05_071_wrestler_is_not_usable_without_metus_in_charge():
    """Z15.221: with no 「恐怖の魔人ミータス」 in your Charge (one in your hand or Trash does not count), the ability is
    not offered."""
    state = arrange({"field": {"s2": "B05-071"}, "charge": [MID], "hand": [METUS], "trash": [METUS]},
                    {"field": {"s7": MID}})
    assert uses(state) == []


def test_b05_102_invidia_pays_one_card_of_each_colour_and_does_all_four_things():
    """Z15.221, Z15.222: a red, a blue, a white and a green card of your Charge into your Trash, chosen in that order;
    then destroy a Z/X on a Normal Square, put a card of the opponent's Resource into their Trash, return a card of
    your Trash (a cost card may be it) to your hand, and the opponent discards a card of their choice."""
    state = arrange({"field": {"s2": "B05-102"}, "charge": [MID, BLUE, WHITE, GREEN], "trash": [SMALL]},
                    {"field": {"s7": MID}, "resource": [BIG], "hand": [SMALL, MID]})
    act(state, "use the ability of")
    for colour in (MID, BLUE, WHITE, GREEN):
        assert choices(state) == [name(colour)]
        act(state, f"choose {name(colour)}")
    assert state.names(0, "charge") == []
    act(state, "on s7")
    assert on(state, "s7") == -1
    act(state, f"choose {name(BIG)}")
    assert state.names(1, "trash") == [name(BIG)] and state.names(1, "resource") == []
    assert choices(state) == sorted(name(n) for n in (MID, BLUE, WHITE, GREEN, SMALL))
    act(state, f"choose {name(BLUE)}")
    assert state.names(0, "hand") == [name(BLUE)]
    assert state.current_player() == 1 and choices(state) == sorted([name(SMALL), name(MID)])
    act(state, f"p1 choose {name(SMALL)}")
    assert state.names(1, "hand") == [name(MID)] and state.decision() == "main"


def test_b05_102_invidia_needs_all_four_colours_in_charge():
    """Z15.221: without a card of one of the colours (a black card does not stand for the missing green), the ability
    is not offered."""
    state = arrange({"field": {"s2": "B05-102"}, "charge": [MID, BLUE, WHITE, BLACK]}, {"field": {"s7": MID}})
    assert uses(state) == []


def test_b05_112_hannibal_discards_an_elephant_to_deal_6000():
    """Z15.221: the cost is a card of your hand whose name contains 「エレファント」 (another card of the hand is not
    offered); then 6000 damage to a Z/X on a Normal Square, either player's."""
    state = arrange({"field": {"s2": "B05-112"}, "hand": [ELEPHANTS[1], MID]}, {"field": {"s7": BIG, "s8": MID}})
    act(state, "use the ability of")
    assert choices(state) == [name(ELEPHANTS[1])]
    act(state, f"choose {name(ELEPHANTS[1])}")
    assert state.names(0, "trash") == [name(ELEPHANTS[1])] and state.names(0, "hand") == [name(MID)]
    assert squares(state) == ["s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 6000
    again = arrange({"field": {"s2": "B05-112"}, "hand": [MID], "charge": [ELEPHANTS[0]]}, {"field": {"s7": BIG}})
    assert uses(again) == []  # an Elephant in the Charge is not one of the hand
