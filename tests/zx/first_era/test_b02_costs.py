"""The B02 cards whose startup abilities take cards as their cost, in real positions of the set first-era
(docs/zx/cards.md "Kinds of ability"; rules.md Z15.221)."""

from __future__ import annotations

import json

from ..era import act, arrange, name, on, power_on, sleeping, texts, uses

KIKYO = "B05-090"     # Invisible Steel-Cutting Sword, Kikyo: a vanilla green Hourai 5/8000
KUROYURI = "C04-018"  # Dignified Hairpin, Kuroyuri: a green Hourai
MID = "B05-006"       # vanilla red Cost 4, 6500 (no Hourai)


def test_b02_087_kinmokusei_sleeps_another_reboot_hourai_for_3000():
    """Z15.221: [Sleep 1 of your other Hourai Z/X in Reboot]: this card gets +3000 until end of turn. Only your Hourai
    in Reboot are offered: not a Sleeping one, not the opponent's Hourai, not a Z/X of another race."""
    state = arrange({"field": {"s2": "B02-087", "s4": KIKYO, "s5": (KUROYURI, True), "s6": MID}},
                    {"field": {"s8": KIKYO}})
    act(state, "use the ability of")
    assert state.decision() == "ability-sleep"
    assert [t for t in texts(state) if "choose" in t] == [f"p0 choose {name(KIKYO)} #{on(state, 's4')} (Square)"]
    act(state, f"choose {name(KIKYO)}")
    assert sleeping(state, "s4") and not sleeping(state, "s2") and power_on(state, "s2") == 9000
    assert uses(state) == []  # no other Hourai of yours in Reboot is left


def test_b02_087_kinmokusei_cannot_sleep_itself_and_is_used_only_in_your_turn():
    """Z15.221: alone (this card is a Hourai, but "other than this card"), with only Sleeping Hourai beside it, or in
    the opponent's turn, the ability is not offered."""
    alone = arrange({"field": {"s2": "B02-087", "s4": MID}}, {})
    assert uses(alone) == []
    tired = arrange({"field": {"s2": "B02-087", "s4": (KIKYO, True)}}, {})
    assert uses(tired) == []
    theirs = arrange({"field": {"s2": "B02-087", "s4": KIKYO}}, {"field": {"s5": MID}}, turn_player=1)
    act(theirs, "attack from s5 to s2")
    while theirs.current_player() != 0:
        act(theirs, "pass")
    assert theirs.decision() == "battle-event" and uses(theirs) == []  # the opponent's turn: not usable
    mine = arrange({"field": {"s2": "B02-087", "s4": KIKYO}}, {"field": {"s5": MID}})
    act(mine, "attack from s2 to s5")
    assert mine.decision() == "battle-event" and len(uses(mine)) == 1  # your own battle: usable


def test_b02_087_kinmokusei_halfway_reads_back():
    """A position waiting for the cost's Z/X (the Startup frame's step 3) is a position like any other: it reads back
    from its document and goes on the same way."""
    state = arrange({"field": {"s2": "B02-087", "s4": KIKYO}}, {})
    act(state, "use the ability of")
    copy = state._game.state_from_json(json.loads(state.to_json()))
    assert copy.to_json() == state.to_json() and texts(copy) == texts(state)
    act(copy, f"choose {name(KIKYO)}")
    assert power_on(copy, "s2") == 9000 and sleeping(copy, "s4")
