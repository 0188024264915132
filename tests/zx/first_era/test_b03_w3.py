"""The B03 cards of the name exclusion ("other than 「X」", docs/zx/cards.md "Filters"), in real positions of the set
first-era, through legal actions (rules.md section 15)."""

from __future__ import annotations

import json

from ..era import act, arrange, cards_offered, name, on, pay_all, texts, uses

GREEN = "B01-089"   # King of Beasts, Werelion: green 4/6500, vanilla
UNDEAD = "B01-068"  # Full-Swing Hitter, Sting Beat: black Undead 4/6500, vanilla


def test_b03_097_ivy_wing_brings_a_resource_zx_but_no_ivy_wing_onto_a_normal_square():
    """[Green 5]: a Z/X of your Resource other than Grass-Flower Dragon, Ivy Wing appears, in Reboot, on an empty
    Normal Square: a Sleeping Resource card (one that paid) may be chosen, another Ivy Wing may not (Z15.250)."""
    state = arrange({"field": {"s1": "B03-097"}, "resource": [GREEN] * 5 + ["B03-097", UNDEAD]}, {})
    act(state, f"use the ability of {name('B03-097')}")
    pay_all(state)
    resource = json.loads(state.to_json())["players"][0]["resource"]
    assert sorted(r["sleeping"] for r in resource) == [False] * 2 + [True] * 5  # 5 of the 6 green cards paid
    assert cards_offered(state) == sorted({name(GREEN), name(UNDEAD)})
    assert len([t for t in texts(state) if f"choose {name(GREEN)} #" in t]) == 5  # the Sleeping ones too
    act(state, f"choose {name(UNDEAD)} #")
    assert "choose square s2" not in " ".join(texts(state))  # a Normal Square, not the Player Square
    act(state, "choose square s6")
    assert state.card_name(on(state, "s6")) == name(UNDEAD) and not state.instance(on(state, "s6"))["sleeping"]
    assert sorted(state.names(0, "resource")) == sorted([name(GREEN)] * 5 + [name("B03-097")])


def test_b03_097_with_only_ivy_wings_in_the_resource_nothing_appears():
    """Only Ivy Wings besides the cards paying: the Cost is paid and no Z/X appears; with 4 Resource cards the
    ability cannot be used."""
    state = arrange({"field": {"s1": "B03-097"}, "resource": ["B03-097"] * 5}, {})
    act(state, f"use the ability of {name('B03-097')}")
    pay_all(state)
    assert state.decision() == "main" and len(state.names(0, "resource")) == 5
    assert [s for s in ("s3", "s4", "s5", "s6", "s7") if on(state, s) != -1] == []
    assert uses(arrange({"field": {"s1": "B03-097"}, "resource": [GREEN] * 3 + [UNDEAD]}, {})) == []
