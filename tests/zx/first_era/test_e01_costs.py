"""The E01 cards whose startup abilities take cards as their cost, in real positions of the set first-era
(docs/zx/cards.md "Kinds of ability"; rules.md Z15.221)."""

from __future__ import annotations

from ..era import act, arrange, damage_on, name, on, texts

BIG = "B05-014"   # vanilla red 6/9500
MID = "B05-006"   # vanilla red 4/6500
BONE = "B05-064"  # Skeletal Elephant, Bone Elephant: a name containing 「エレファント」


def test_e01_003_hannibal_discards_an_elephant_to_deal_6000():
    """Z15.221: the cost is a card of your hand whose name contains 「エレファント」, not another hand card; then 6000
    damage to a Z/X on a Normal Square, yours included; without such a card the ability is not offered."""
    state = arrange({"field": {"s2": "E01-003", "s5": BIG}, "hand": [BONE, MID]}, {"field": {"s8": MID}})
    act(state, "use the ability of")
    assert [t.split("choose ", 1)[1].rsplit(" #", 1)[0] for t in texts(state)] == [name(BONE)]
    act(state, f"choose {name(BONE)}")
    assert state.names(0, "trash") == [name(BONE)] and state.names(0, "hand") == [name(MID)]
    act(state, "on s5")
    assert damage_on(state, "s5") == 6000 and on(state, "s8") != -1
    none = arrange({"field": {"s2": "E01-003"}, "hand": [MID]}, {"field": {"s7": MID}})
    assert [t for t in texts(none) if "use the ability" in t] == []
