"""The B05 cards of the name exclusion ("other than 「X」", docs/zx/cards.md "Filters"), in real positions of the set
first-era, through legal actions (rules.md section 15)."""

from __future__ import annotations

from ..era import act, arrange, attack, name, on, pay_all, power_on, texts

UNDEAD = "B01-068"  # Full-Swing Hitter, Sting Beat: black Undead 4/6500, vanilla
DEMON = "B01-066"   # a black Demon Z/X (not Undead)
BLACKS = [UNDEAD] * 4


def plays(state):
    """The cards a play is offered for, each once."""
    return sorted({t.split("play ")[1].split(" #")[0] for t in texts(state) if " play " in t})


def test_b05_075_cursed_soul_lets_undead_of_a_10_card_trash_be_played_but_no_cursed_soul():
    """While your Trash holds 10 or more cards you may play Undead cards from your Trash other than Black Knight of
    the Void, Cursed Soul, paying their Cost (Z15.130): the Undead appears from the Trash; another Cursed Soul and a
    Demon are not offered; the Trash then holds 9 cards (Z15.251)."""
    trash = [UNDEAD, "B05-075", DEMON] + [DEMON] * 7
    state = arrange({"field": {"s1": "B05-075"}, "trash": trash, "resource": BLACKS}, {})
    assert plays(state) == [name(UNDEAD)]
    act(state, f"play {name(UNDEAD)}")
    act(state, "to square s4")
    pay_all(state)
    assert state.card_name(on(state, "s4")) == name(UNDEAD) and name(UNDEAD) not in state.names(0, "trash")
    assert len(state.names(0, "trash")) == 9 and plays(state) == []  # 9 cards now: no more Undead (Z15.251)


def test_b05_075_not_with_9_trash_cards_nor_off_the_squares():
    """With 9 cards in the Trash, or with this card not on a Square (in the hand), no Trash card may be played."""
    nine = arrange({"field": {"s1": "B05-075"}, "trash": [UNDEAD] + [DEMON] * 8, "resource": BLACKS}, {})
    assert plays(nine) == []
    ten = arrange({"field": {"s1": "B05-075"}, "trash": [UNDEAD] + [DEMON] * 9, "resource": BLACKS}, {})
    assert plays(ten) == [name(UNDEAD)]
    away = arrange({"trash": [UNDEAD] + [DEMON] * 9, "resource": BLACKS}, {})
    assert plays(away) == []


WHITES = ["B01-046"] * 3  # white Z/X to pay [White 1]
BIG = "B01-016"  # Unyielding Steel, Steel Leopard: red Gigantic 6/9500, vanilla


def pay_white(state):
    act(state, "yes (effect-may-pay)")
    while state.decision() == "effect-pay":
        act(state, "pay with")


def test_b05_052_hippogriff_may_pay_white_1_when_one_of_your_zx_is_attacked():
    """When one of your Z/X is attacked, you may pay [White 1]; if you did, the attacking Z/X gets -1000 until end of
    turn: another of player 1's Z/X attacked; declined, the attacker keeps its Power."""
    state = arrange({"field": {"s6": BIG}}, {"field": {"s7": "B05-052", "s9": UNDEAD}, "resource": WHITES})
    attack(state, "s6", "s9")
    assert state.decision() == "effect-may-pay"
    pay_white(state)
    assert power_on(state, "s6") == 8500 and power_on(state, "s9") == 6500
    declined = arrange({"field": {"s6": BIG}}, {"field": {"s7": "B05-052", "s9": UNDEAD}, "resource": WHITES})
    attack(declined, "s6", "s9")
    act(declined, "pass (effect-may-pay)")
    assert power_on(declined, "s6") == 9500


def test_b05_052_ruling_q1_once_each_time_your_zx_is_attacked():
    """Ruling B05-052 Q1: [White 1] cannot be paid twice for -2000: one use each time a Z/X of yours is attacked
    (the Hippogriff itself attacked here, Z15.252); player 0's Hippogriff does not see its own player's attack."""
    state = arrange({"field": {"s6": BIG}}, {"field": {"s9": "B05-052"}, "resource": WHITES})
    attack(state, "s6", "s9")
    pay_white(state)
    assert state.decision() == "battle-event" and power_on(state, "s6") == 8500
    assert not [t for t in texts(state) if "may-pay" in t] and len(state.names(1, "resource")) == 3
    theirs = arrange({"field": {"s6": BIG, "s4": "B05-052"}, "resource": WHITES}, {"field": {"s9": UNDEAD}})
    attack(theirs, "s6", "s9")
    assert theirs.decision() == "battle-event" and power_on(theirs, "s6") == 9500
