"""The B05 cards of the name exclusion ("other than 「X」", docs/zx/cards.md "Filters"), in real positions of the set
first-era, through legal actions (rules.md section 15)."""

from __future__ import annotations

from ..era import act, arrange, name, on, pay_all, texts

UNDEAD = "B01-068"  # Full-Swing Hitter, Sting Beat: black Undead 4/6500, vanilla
DEMON = "B01-066"   # a black Demon Z/X (not Undead)
BLACKS = [UNDEAD] * 4


def plays(state):
    """The cards a play is offered for, each once."""
    return sorted({t.split("play ")[1].split(" #")[0] for t in texts(state) if " play " in t})


def test_b05_075_cursed_soul_lets_undead_of_a_10_card_trash_be_played_but_no_cursed_soul():
    """While your Trash holds 10 or more cards you may play Undead cards from your Trash other than Black Knight of
    the Void, Cursed Soul, paying their Cost (Z15.130): the Undead appears from the Trash; another Cursed Soul and a
    Demon are not offered."""
    trash = [UNDEAD, "B05-075", DEMON] + [DEMON] * 7
    state = arrange({"field": {"s1": "B05-075"}, "trash": trash, "resource": BLACKS}, {})
    assert plays(state) == [name(UNDEAD)]
    act(state, f"play {name(UNDEAD)}")
    act(state, "to square s4")
    pay_all(state)
    assert state.card_name(on(state, "s4")) == name(UNDEAD) and name(UNDEAD) not in state.names(0, "trash")
    assert len(state.names(0, "trash")) == 9 and plays(state) == []  # 9 cards now: no more Undead from the Trash


def test_b05_075_not_with_9_trash_cards_nor_off_the_squares():
    """With 9 cards in the Trash, or with this card not on a Square (in the hand), no Trash card may be played."""
    nine = arrange({"field": {"s1": "B05-075"}, "trash": [UNDEAD] + [DEMON] * 8, "resource": BLACKS}, {})
    assert plays(nine) == []
    ten = arrange({"field": {"s1": "B05-075"}, "trash": [UNDEAD] + [DEMON] * 9, "resource": BLACKS}, {})
    assert plays(ten) == [name(UNDEAD)]
    away = arrange({"trash": [UNDEAD] + [DEMON] * 9, "resource": BLACKS}, {})
    assert plays(away) == []
