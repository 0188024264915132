"""The B02 cards of attack targets, "your Army Area", placements from Charge and Trash, colours and Resources, in
real positions of the set first-era, through legal actions (docs/zx/cards.md, rules.md section 15)."""

from __future__ import annotations

import json

from ..era import act, arrange, name, on, power_on
from .test_b01_combos import (BIG, CHEAP, FOUR, WHITES, attack, cards, defend, empty_squares, pass_battle, pay_all,
                              play, squares)

BLACKS = ["B01-068"] * 7  # Full-Swing Hitter, Sting Beat: black Undead 4/6500, vanilla
GREENS = ["B01-089"] * 6  # King of Beasts, Werelion: green 4/6500, vanilla


def test_b02_047_santa_cruz_from_charge_gives_an_attacked_zx_in_your_army_area_3000():
    """From your Charge: [White 1, this card from Charge into Trash] one Z/X being attacked on a Square in your Army
    Area gets +3000 until end of turn."""
    state = arrange({"field": {"s6": FOUR}}, {"field": {"s9": CHEAP}, "charge": ["B02-047"], "resource": WHITES[:1]})
    attack(state, "s6", "s9")
    act(state, "p0 pass (battle-event)")
    act(state, f"p1 use the ability of {name('B02-047')}")
    pay_all(state)
    assert squares(state) == ["s9"]
    act(state, "on s9")
    assert power_on(state, "s9") == 8000 and name("B02-047") in state.names(1, "trash")
    pass_battle(state)
    assert on(state, "s9") != -1


def test_b02_047_not_for_a_zx_attacked_in_the_center_area():
    state = arrange({"field": {"s2": FOUR}}, {"field": {"s5": CHEAP}, "charge": ["B02-047"], "resource": WHITES[:1]})
    attack(state, "s2", "s5")
    act(state, "p0 pass (battle-event)")
    act(state, f"p1 use the ability of {name('B02-047')}")
    pay_all(state)
    assert state.decision() != "effect-target" and power_on(state, "s5") == 5000


def test_b02_049_creation_may_pay_for_a_cheap_white_zx_from_charge():
    """When this card appears, you may pay [White 2]; if you did, a white Z/X of Cost 3 or less from your Charge
    appears, in Reboot, on an empty Normal Square: not a white one of Cost 4, not a red one."""
    state = arrange({"hand": ["B02-049"], "resource": WHITES, "charge": ["B01-046", "B02-050", "B01-003"]},
                    {"field": {"s9": BIG}})
    play(state, "B02-049", "s1")
    act(state, "yes (effect-may-pay)")
    pay_all(state)
    assert cards(state) == [name("B01-046")]
    act(state, "choose")
    assert empty_squares(state) == ["s3", "s4", "s5", "s6", "s7"]  # Normal and empty
    act(state, "choose square s5")
    assert not state.instance(on(state, "s5"))["sleeping"] and len(state.names(0, "charge")) == 2


def test_b02_049_declined_nothing_appears():
    state = arrange({"hand": ["B02-049"], "resource": WHITES, "charge": ["B01-046"]}, {})
    play(state, "B02-049", "s1")
    act(state, "pass (effect-may-pay)")
    assert state.decision() == "main" and state.names(0, "charge") == [name("B01-046")]


def test_b02_058_maximum_mace_destroys_an_attacker_of_cost_4():
    """Destroy one Z/X of Cost 4 or less attacking you or a Z/X on a Player Square (Z15.200): Cost 4 attacking you is
    offered; Cost 6 is not; an attacker of a Z/X on a Normal Square is not."""
    state = defend({"field": {"s5": FOUR}}, {}, "s5", "s8", "B02-058")
    assert squares(state) == ["s5"]
    act(state, "on s5")
    assert on(state, "s5") == -1
    dear = defend({"field": {"s5": BIG}}, {}, "s5", "s8", "B02-058")
    assert dear.decision() != "effect-target"
    on_ns = defend({"field": {"s6": FOUR}}, {"field": {"s9": CHEAP}}, "s6", "s9", "B02-058")
    assert on_ns.decision() != "effect-target"
    on_ps = defend({"field": {"s5": FOUR}}, {"field": {"s8": CHEAP}}, "s5", "s8", "B02-058")
    assert squares(on_ps) == ["s5"]


def test_b02_076_immortal_king_may_raise_a_skeletal_knight_next_to_it():
    """When this card appears, you may choose a Skeletal Knight in your Trash: it appears, in Reboot, on an empty
    Normal Square next to this card's Square; another Undead is not offered."""
    state = arrange({"hand": ["B02-076"], "resource": BLACKS, "trash": ["B02-067", "B01-073"]}, {})
    play(state, "B02-076", "s4")
    assert cards(state) == [name("B02-067")]
    act(state, "choose")
    assert empty_squares(state) == ["s1", "s5", "s7"]  # next to s4, Normal, empty
    act(state, "choose square s7")
    assert state.card_name(on(state, "s7")) == name("B02-067") and not state.instance(on(state, "s7"))["sleeping"]


def test_b02_076_the_choice_may_be_declined():
    state = arrange({"hand": ["B02-076"], "resource": BLACKS, "trash": ["B02-067"]}, {})
    play(state, "B02-076", "s4")
    act(state, "pass")
    assert state.decision() == "main" and state.names(0, "trash") == [name("B02-067")]


def test_b02_093_weredog_reboots_two_resource_cards_with_wererabbit():
    """When this card appears, if your Wererabbit is on a Square, Reboot 2 cards in Resources (either player's,
    Z15.140); without it, nothing."""
    state = arrange({"hand": ["B02-093"], "resource": GREENS, "field": {"s3": "B02-082"}}, {})
    play(state, "B02-093", "s1")
    for _ in range(2):
        act(state, f"choose {name('B01-089')}")
    assert [r["sleeping"] for r in resource(state, 0)].count(False) == 2
    alone = arrange({"hand": ["B02-093"], "resource": GREENS}, {})
    play(alone, "B02-093", "s1")
    assert alone.decision() == "main" and all(r["sleeping"] for r in resource(alone, 0))


def resource(state, player: int) -> list[dict]:
    return json.loads(state.to_json())["players"][player]["resource"]


def test_b02_103_botan_deals_1_damage_with_a_zx_of_every_colour():
    """When this card appears, if you have a red, a blue, a white, a black and a green Z/X on Squares (this green card
    one of them), 1 damage to your opponent; without a black one, none."""
    field = {"s3": CHEAP, "s4": FOUR, "s5": "B01-046", "s6": "B01-068"}
    state = arrange({"hand": ["B02-103"], "resource": GREENS, "field": field}, {})
    play(state, "B02-103", "s1")
    assert state.decision() == "damage-life-pick"
    act(state, "pick Life card 0")
    assert len(state.names(1, "life")) == 3
    no_black = arrange({"hand": ["B02-103"], "resource": GREENS, "field": {**field, "s6": BIG}}, {})
    play(no_black, "B02-103", "s1")
    assert no_black.decision() == "main" and len(no_black.names(1, "life")) == 4
