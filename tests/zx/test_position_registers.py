"""A resolution paused for a decision keeps its registers in the position (docs/zx/state-format.md ZP9): objects,
-1 none, -2 a name no card of the game's table has (a condition naming a card no deck plays), counts and negative
amounts. Such a position keeps the invariants and reads back from its JSON."""

from __future__ import annotations

import json

import pytest

from tcbg.errors import PositionError

from .era import act, arrange


def _paused():
    # B05-065: "if your Player card is Tennouji Asuka, you may ...": the resolution waits for the yes / no
    state = arrange({"field": {"s5": "B05-065"}, "deck": ["B01-003"]}, {"field": {"s8": "B01-003"}},
                    players=("B03-106", "C02-001"))
    act(state, "attack from s5 to s8")
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")
    assert state.decision() == "effect-may"
    return state


@pytest.mark.parametrize("value", [-2, -2000, 1_000_000, -1_000_000])
def test_a_paused_register_may_hold_absent_names_and_negative_amounts(value):
    state = _paused()
    document = json.loads(state.to_json())
    document["frames"][-1]["registers"][15] = value  # a scratch register the rest of the ability does not read
    again = state.get_game().state_from_json(document)
    assert again.invariant_violation() == "" and json.loads(again.to_json()) == document
    assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("value", [1_000_001, -1_000_001])
def test_a_register_beyond_the_bound_is_refused(value):
    state = _paused()
    document = json.loads(state.to_json())
    document["frames"][-1]["registers"][15] = value
    with pytest.raises(PositionError, match="ZP9"):
        state.get_game().state_from_json(document)
