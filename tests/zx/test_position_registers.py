"""A resolution paused for a decision keeps its registers in the position (docs/zx/state-format.md ZP9): objects,
-1 none, -2 a card the game's table does not hold (a Player card a condition names that no deck plays), counts and
negative amounts. Such a position keeps the invariants and reads back from its JSON."""

from __future__ import annotations

import json

import pytest

from tcbg.errors import PositionError

from .era import act, arrange


def _paused_with_an_absent_player_card():
    # B05-065: "if your Player card is Tennouji Asuka (four printings), you may ...": the printings no deck plays
    # compile to -2, which stays in a register while the player decides
    state = arrange({"field": {"s5": "B05-065"}, "deck": ["B01-003"]}, {"field": {"s8": "B01-003"}},
                    players=("B03-106", "C02-001"))
    act(state, "attack from s5 to s8")
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")
    assert state.decision() == "effect-may"
    return state


def test_a_paused_register_holding_minus_two_keeps_the_invariants_and_reads_back():
    state = _paused_with_an_absent_player_card()
    document = json.loads(state.to_json())
    assert -2 in document["frames"][-1]["registers"]
    assert state.invariant_violation() == ""
    again = state.get_game().state_from_json(document)
    assert again.to_json() == state.to_json() and again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("value", [1_000_001, -1_000_001])
def test_a_register_beyond_the_bound_is_refused(value):
    state = _paused_with_an_absent_player_card()
    document = json.loads(state.to_json())
    document["frames"][-1]["registers"][5] = value
    with pytest.raises(PositionError, match="ZP9"):
        state.get_game().state_from_json(document)
