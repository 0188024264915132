"""The B02 cards of the name exclusion ("other than 「X」", docs/zx/cards.md "Filters"), in real positions of the set
first-era, through legal actions (rules.md section 15)."""

from __future__ import annotations

from ..era import act, arrange, cards_offered, name, on, texts, uses

UNDEAD = "B01-068"  # Full-Swing Hitter, Sting Beat: black Undead 4/6500, vanilla
SEVEN = "B01-076"   # a black Undead Z/X of Cost 7 (its abilities do not act from the Trash or the Charge)
EIGHT = "B01-096"   # a green Z/X of Cost 8
YAMATO = ("B04-107", "C02-001")  # player 0's Player card: Tennouji Yamato


def use_crepus(state):
    act(state, f"use the ability of {name('B02-075')}")
    while state.decision() == "ability-charge":
        act(state, "from Charge into Trash")


def test_b02_075_crepus_brings_back_a_cost_7_zx_but_no_crepus_nor_a_cost_8():
    """[4 of your Charge cards into your Trash]: if your Player card is Tennouji Yamato, a Z/X of Cost 7 or less of
    your Trash other than Demon of Dusk, Crepus appears, in Reboot, on an empty Normal Square: another Crepus and a
    Cost 8 Z/X in the Trash are not offered."""
    state = arrange({"field": {"s1": "B02-075"}, "charge": [UNDEAD] * 4, "trash": ["B02-075", EIGHT, SEVEN]}, {},
                    players=YAMATO)
    use_crepus(state)
    assert len(state.names(0, "trash")) == 7 and state.names(0, "charge") == []
    assert cards_offered(state) == sorted({name(UNDEAD), name(SEVEN)})
    act(state, f"choose {name(SEVEN)} #")
    assert "choose square s2" not in " ".join(texts(state))  # player 0's Player Square is s2: Normal Squares only
    act(state, "choose square s5")
    assert state.card_name(on(state, "s5")) == name(SEVEN) and state.card_name(on(state, "s1")) == name("B02-075")
    assert not state.instance(on(state, "s5"))["sleeping"]  # in Reboot
    assert name(SEVEN) not in state.names(0, "trash") and name("B02-075") in state.names(0, "trash")


def test_b02_075_ruling_q1_a_zx_put_into_the_trash_by_its_own_cost_may_come_back():
    """Ruling B02-075 Q1: a Z/X of Cost 7 or less put into the Trash as this ability's cost may be the one that
    appears: the Trash was empty before the cost was paid."""
    state = arrange({"field": {"s1": "B02-075"}, "charge": [SEVEN, UNDEAD, UNDEAD, UNDEAD]}, {}, players=YAMATO)
    assert state.names(0, "trash") == []
    use_crepus(state)
    assert cards_offered(state) == sorted({name(UNDEAD), name(SEVEN)})
    act(state, f"choose {name(SEVEN)} #")
    act(state, "choose square s4")
    assert state.card_name(on(state, "s4")) == name(SEVEN) and name(SEVEN) not in state.names(0, "trash")


def test_b02_075_with_another_player_card_the_cost_is_paid_and_nothing_appears():
    """Another Player card: the 4 Charge cards go to the Trash and no Z/X appears (rules.md Z12.8); with 3 Charge
    cards the ability cannot be used."""
    state = arrange({"field": {"s1": "B02-075"}, "charge": [UNDEAD] * 4, "trash": [SEVEN]}, {})
    use_crepus(state)
    assert state.decision() == "main" and len(state.names(0, "trash")) == 5
    assert [s for s in ("s3", "s4", "s5", "s6", "s7") if on(state, s) != -1] == []
    short = arrange({"field": {"s1": "B02-075"}, "charge": [UNDEAD] * 3, "trash": [SEVEN]}, {}, players=YAMATO)
    assert uses(short) == []
