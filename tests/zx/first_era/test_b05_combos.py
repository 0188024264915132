"""The B05 cards of names containing a text and a placement from the Charge, in real positions of the set
first-era, through legal actions (docs/zx/cards.md, rules.md section 15)."""

from __future__ import annotations

from ..era import act, arrange, name, on, power_on
from .test_b01_combos import cards, empty_squares, pay_all, play

REDS = ["B01-013"] * 6     # Charging Iron Rider, Tank Heart: red 5/8000, vanilla
WHITES = ["B01-046"] * 6   # Lawbringer Dhaulagiri: white 3/5000, vanilla
GUAN_YU = "E01-004"        # Holy Emperor Guan, Guan Yu Yunchang: red Brave 6/8000, a name containing 関羽


def test_b05_007_liu_bei_may_bring_guan_yu_from_the_hand_and_gives_him_3000():
    """[Red 3]: you may choose a card of your hand whose name contains Guan Yu or Zhang Fei: it appears, in Reboot,
    on an empty Square other than your opponent's Player Square (another Brave is not offered). Your Z/X whose names
    contain them get +3000; your opponent's do not."""
    state = arrange({"field": {"s1": "B05-007"}, "hand": [GUAN_YU, "B01-006"], "resource": REDS[:3]},
                    {"field": {"s9": GUAN_YU}})
    assert power_on(state, "s9") == 8000
    act(state, f"use the ability of {name('B05-007')}")
    pay_all(state)
    assert cards(state) == [name(GUAN_YU)]
    act(state, "choose")
    assert empty_squares(state) == ["s2", "s3", "s4", "s5", "s6", "s7"]  # not s8, the opponent's Player Square
    act(state, "choose square s5")
    assert state.card_name(on(state, "s5")) == name(GUAN_YU) and power_on(state, "s5") == 11000
    assert power_on(state, "s9") == 8000 and power_on(state, "s1") == 5000


def test_b05_007_the_choice_may_be_declined():
    state = arrange({"field": {"s1": "B05-007"}, "hand": [GUAN_YU], "resource": REDS[:3]}, {})
    act(state, f"use the ability of {name('B05-007')}")
    pay_all(state)
    act(state, "pass")
    assert state.decision() == "main" and state.names(0, "hand") == [name(GUAN_YU)]


def test_b05_053_weisshorn_brings_a_cheap_zx_from_charge_with_van_there():
    """When this card appears, if your Charge holds Vent of the Wind, a Z/X of Cost 3 or less from your Charge
    appears, in Reboot, on an empty Normal Square (Vent itself, Cost 5, is not offered); without Vent, nothing."""
    state = arrange({"hand": ["B05-053"], "resource": WHITES, "charge": ["B05-050", "B01-006"]}, {})
    play(state, "B05-053", "s1")
    assert cards(state) == [name("B01-006")]
    act(state, "choose")
    assert empty_squares(state) == ["s3", "s4", "s5", "s6", "s7", "s9"]
    act(state, "choose square s3")
    assert state.card_name(on(state, "s3")) == name("B01-006") and not state.instance(on(state, "s3"))["sleeping"]
    alone = arrange({"hand": ["B05-053"], "resource": WHITES, "charge": ["B01-006"]}, {})
    play(alone, "B05-053", "s1")
    assert alone.decision() == "main" and alone.names(0, "charge") == [name("B01-006")]
