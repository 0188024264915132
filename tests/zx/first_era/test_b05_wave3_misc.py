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


RANMARU = "B05-009"   # Moment's Rest, Mori Ranmaru: red Brave 5/7000
NOBUNAGA = "B05-016"  # Demon King of the Sixth Heaven, Oda Nobunaga: a name containing 信長 (its ability not used)
WORLD_END = "B01-101"  # World-Ending Brave, Oda Nobunaga: red 7/9000, 10000 damage with 6 of each colour in Trash
FLASH = "B01-097"     # Martial Emperor Sword Flash: green Event, Cost 1
CRUSH = "B05-026"     # Crushing Machine, Crush: [Blue 4] from the hand, it appears


def colours_of(state, player: int, zone: str, card: str) -> list[int]:
    doc = json.loads(state.to_json())["players"][player][zone]
    refs = [c if isinstance(c, str) else c["card"] for c in doc]
    return [state.instance(int(r.rsplit("#", 1)[1]))["colours"] for r in refs if r.startswith(name(card))]


def test_b05_009_ranmaru_may_pay_red_1_for_3000_damage_to_an_opposing_zx():
    """When this card appears you may pay [Red 1]; if you did, 3000 damage to one of your opponent's Z/X on a Square:
    only the opponent's Z/X is offered, and it has 3000 damage; declined, nothing is paid and nothing is damaged."""
    spec = {"hand": [RANMARU], "resource": [STEEL] * 6, "field": {"s1": STEEL}}
    state = arrange(spec, {"field": {"s8": STEEL}})
    act(state, f"play {name(RANMARU)}")
    act(state, "to square s4")
    pay_all(state)
    act(state, "yes (effect-may-pay)")
    act(state, "pay with")
    assert [t.rsplit(" on ", 1)[1] for t in texts(state)] == ["s8"]
    act(state, "choose")
    assert state.instance(on(state, "s8"))["damage"] == 3000 and state.instance(on(state, "s1"))["damage"] == 0
    assert sum(r["sleeping"] for r in json.loads(state.to_json())["players"][0]["resource"]) == 6
    declined = arrange(spec, {"field": {"s8": STEEL}})
    act(declined, f"play {name(RANMARU)}")
    act(declined, "to square s4")
    pay_all(declined)
    act(declined, "pass (effect-may-pay)")
    assert declined.decision() == "main" and declined.instance(on(declined, "s8"))["damage"] == 0
    assert sum(r["sleeping"] for r in json.loads(declined.to_json())["players"][0]["resource"]) == 5


def test_b05_009_ruling_q1_every_colour_in_resource_with_a_nobunaga_on_a_square():
    """Ruling B05-009 Q1: with your B05-016 Nobunaga on a Square, the Ranmaru in your Resource may be Slept to pay
    for B01-097 (green): it is of every colour there (Z15.342). Without a 信長 Z/X of yours on a Square, or with only
    your opponent's, the lone red Ranmaru cannot pay for the green Event."""
    state = arrange({"field": {"s4": NOBUNAGA}, "hand": [FLASH], "resource": [RANMARU]}, {"field": {"s8": STEEL}})
    assert colours_of(state, 0, "resource", RANMARU) == [31]
    act(state, f"play {name(FLASH)}")
    pay_all(state)
    act(state, "choose")
    assert power_on(state, "s4") == 12000 and name(FLASH) in state.names(0, "trash")
    assert [r["sleeping"] for r in json.loads(state.to_json())["players"][0]["resource"]] == [True]
    alone = arrange({"hand": [FLASH], "resource": [RANMARU]}, {"field": {"s8": STEEL}})
    assert colours_of(alone, 0, "resource", RANMARU) == [1]
    assert not [t for t in texts(alone) if "play" in t]
    theirs = arrange({"hand": [FLASH], "resource": [RANMARU]}, {"field": {"s8": NOBUNAGA}})
    assert not [t for t in texts(theirs) if "play" in t]


def test_b05_009_ruling_q1_pays_an_act_ability_of_any_colour():
    """Ruling B05-009 Q1: the every-colour Ranmaru pays for an ACT ability of any colour too: Crush's [Blue 4] (used
    from the hand) with Ranmaru and three red cards, only while your 信長 Z/X is on a Square."""
    spec = {"hand": [CRUSH], "resource": [RANMARU, STEEL, STEEL, STEEL]}
    state = arrange({**spec, "field": {"s4": WORLD_END}}, {})
    act(state, f"use the ability of {name(CRUSH)}")
    pay_all(state)
    act(state, "choose square s5")
    assert state.card_name(on(state, "s5")) == name(CRUSH)
    assert not uses(arrange(spec, {}))


def test_b05_009_every_colour_in_the_trash_counts_for_a_colour_filter_but_not_on_a_square_or_in_hand():
    """In the Trash the Ranmaru is of every colour too while a 信長 Z/X of yours is on a Square: World-Ending Brave
    (a 信長 itself) appears with six Ranmaru in the Trash, which hold 6 cards of each colour, and deals 10000
    damage; five Ranmaru and a red card are not 6 of each. On a Square or in the hand it stays red."""
    trash = arrange({"hand": [WORLD_END], "resource": [STEEL] * 7, "trash": [RANMARU] * 6},
                    {"field": {"s8": STEEL}})
    act(trash, f"play {name(WORLD_END)}")
    act(trash, "to square s4")
    pay_all(trash)
    act(trash, "choose")
    assert name(STEEL) in trash.names(1, "charge")
    five = arrange({"hand": [WORLD_END], "resource": [STEEL] * 7, "trash": [RANMARU] * 5 + [STEEL]},
                   {"field": {"s8": STEEL}})
    act(five, f"play {name(WORLD_END)}")
    act(five, "to square s4")
    pay_all(five)
    assert five.decision() == "main" and five.instance(on(five, "s8"))["damage"] == 0
    field = arrange({"field": {"s4": NOBUNAGA, "s5": RANMARU}, "hand": [RANMARU]}, {})
    assert field.instance(on(field, "s5"))["colours"] == 1 and colours_of(field, 0, "hand", RANMARU) == [1]
