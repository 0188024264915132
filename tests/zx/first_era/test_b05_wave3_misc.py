"""B05 cards of the wave-3 blocks: a Cost change until end of turn (``AddCost``, rules.md Z15.340) and a card's own
colour change in its Resource and Trash (``ColourChange``, Z15.342), in real positions of the set first-era, through
legal actions."""

from __future__ import annotations

import json

import pytest

import tcbg

from ..era import act, arrange, name, on, pay_all, power_on, texts, uses

GARGOYLE = "B05-002"  # Moving Sculpture, Gargoyle: red Divine Beast 3/500
GAUNTLET = "B05-004"  # on appearing: 2000 damage to one Z/X of Cost 6 or more
STEEL = "B01-016"     # Unyielding Steel, Steel Leopard: red Gigantic 6/9500, vanilla
REDS = [STEEL] * 6


def cost_on(state, square: str) -> int:
    return state.instance(on(state, square))["cost"]


def use_gargoyle(state):
    act(state, f"use the ability of {name(GARGOYLE)}")
    pay_all(state)


def test_b05_002_gargoyle_gets_3_cost_and_9000_power_until_end_of_turn():
    """[Red 2]: until end of turn this card gets +3 Cost and +9000 Power: 3/500 becomes 6/9500, two Resource cards
    Sleep, and a filter of Cost 6 or more now finds it (Gauntlet's choice offers it beside the 6-Cost Steel Leopard,
    Z15.340); the opponent's Z/X is unchanged."""
    state = arrange({"field": {"s4": GARGOYLE}, "hand": [GAUNTLET], "resource": REDS}, {"field": {"s7": STEEL}})
    assert cost_on(state, "s4") == 3 and power_on(state, "s4") == 500
    use_gargoyle(state)
    assert cost_on(state, "s4") == 6 and power_on(state, "s4") == 9500
    assert sum(r["sleeping"] for r in json.loads(state.to_json())["players"][0]["resource"]) == 2
    assert cost_on(state, "s7") == 6 and power_on(state, "s7") == 9500
    act(state, f"play {name(GAUNTLET)}")
    act(state, "to square s5")
    pay_all(state)
    offered = sorted(t.rsplit(" on ", 1)[1].split(" ")[0] for t in texts(state) if " on s" in t)
    assert offered == ["s4", "s7"]


def test_b05_002_once_per_turn_and_the_cost_falls_back_when_the_turn_ends():
    """"This ability can be used only once per turn": after one use it is not offered again that turn, though Red
    Resource cards are left; at the end of the turn Cost and Power fall back to 3 and 500 (Z15.340)."""
    state = arrange({"field": {"s4": GARGOYLE}, "resource": REDS}, {})
    assert uses(state)
    use_gargoyle(state)
    assert not uses(state)
    act(state, "pass (main)")
    assert state.turn_player == 1
    assert cost_on(state, "s4") == 3 and power_on(state, "s4") == 500


def test_b05_002_without_red_2_it_is_not_offered():
    """The cost is [Red 2]: with one Reboot red Resource card, or only blue ones, the ability is not offered."""
    one = arrange({"field": {"s4": GARGOYLE}, "resource": [STEEL]}, {})
    assert not uses(one)
    blue = arrange({"field": {"s4": GARGOYLE}, "resource": ["B01-024"] * 3}, {})
    assert not uses(blue)


def test_cost_change_round_trips_and_bad_input_is_refused():
    """A Cost change until end of turn is part of the position (``cost_change``, state-format.md ZP7): it reads back
    the same; one off the Squares or beyond 99 is refused with a typed error naming the field."""
    state = arrange({"field": {"s4": GARGOYLE}, "resource": REDS}, {})
    use_gargoyle(state)
    doc = json.loads(state.to_json())
    again = state._game.state_from_json(doc)
    assert again.to_json() == state.to_json() and cost_on(again, "s4") == 6
    bad = json.loads(state.to_json())
    bad["field"][0]["cost_change"] = 100
    with pytest.raises(tcbg.TcbgError, match="cost_change"):
        state._game.state_from_json(bad)
    off = json.loads(state.to_json())
    off["players"][0]["resource"][0]["cost_change"] = 1
    with pytest.raises(tcbg.TcbgError, match="cost_change"):
        state._game.state_from_json(off)
