"""Continuous effects run natively (rules.md 6.10): stats, properties and damage reduction from the cards in play,
computed whenever they are read; amounts read stats without continuous effects."""

from __future__ import annotations

import tcbg
from ruins_play import RUINS, do, ruins_deck

ATTACK, DEFENSE, SPEED = 0, 1, 2


def game_of(mine: list[str], theirs: list[str], lb0: str = "Skyspire Citadel", lb1: str = "Tidebreaker Galleon"):
    return tcbg.load_game(board="existenz", setup="1v1", cards=RUINS, decks=[ruins_deck(lb0, mine), ruins_deck(lb1, theirs)])


def position(game, p0: dict, p1: dict, **top):
    doc = {"format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0, "players": [p0, p1]}
    doc.update(top)
    return game.state_from_json(doc)


def test_shambling_horde_grows_with_summon_cards_in_the_discard_pile_up_to_3():
    game = game_of(["Shambling Horde", "Hunter Dragon", "Cargo Beast", "Howling Bogling", "Ghoul Barge"], [],
                   lb0="Ossuary Throne")
    state = position(game, {"in_play": [{"card": "Shambling Horde", "dot": "r3-03"}], "discard": ["Hunter Dragon"]},
                     {})
    assert state.stat(1, ATTACK) == 3
    state = position(game, {"in_play": [{"card": "Shambling Horde", "dot": "r3-03"}],
                            "discard": ["Hunter Dragon", "Cargo Beast", "Howling Bogling", "Ghoul Barge"]}, {})
    assert state.stat(1, ATTACK) == 5


def test_war_drums_and_skullsplitter_horde_pump_their_controllers_summons():
    game = game_of(["War Drums", "Skullsplitter Horde", "Cutlass Fury"], ["Cargo Beast"],
                   lb0="Ashen War Wagon")
    state = position(game, {"in_play": ["War Drums", {"card": "Skullsplitter Horde", "dot": "r3-03"},
                                        {"card": "Cutlass Fury", "dot": "r3-05"}]},
                     {"in_play": [{"card": "Cargo Beast", "dot": "r3-02"}]})
    horde, berserker, beast = 2, 3, 5
    assert state.stat(horde, SPEED) == RUINS["Skullsplitter Horde"].speed + 1
    assert state.stat(berserker, ATTACK) == RUINS["Cutlass Fury"].attack + 1  # a berserker: +1
    assert state.stat(beast, SPEED) == RUINS["Cargo Beast"].speed  # not theirs


def test_rage_counts_only_while_damaged():  # Ashen War Wagon [Rage 1]
    game = game_of([], [], lb0="Ashen War Wagon")
    assert position(game, {"in_play": [{"card": "Ashen War Wagon", "dot": "s-00"}]}, {}).stat(0, ATTACK) == 3
    assert position(game, {"in_play": [{"card": "Ashen War Wagon", "dot": "s-00", "damage": 2}]},
                    {}).stat(0, ATTACK) == 4


def test_lava_behemoth_reduces_each_damage_by_1():  # rules.md 6.3
    game = game_of(["Scorching Blast"], ["Lava Behemoth"])
    state = position(game, {"hand": ["Scorching Blast"], "pool": {"H": 1, "R": 1}},
                     {"in_play": [{"card": "Lava Behemoth", "dot": "r3-02"}]})
    do(state, "cast Scorching Blast (#1)")
    do(state, "choose Lava Behemoth (#3)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(3)["damage"] == 2


def test_smuggler_drake_has_stealth_against_opponents_only():  # rules.md 6.2
    game = game_of(["Battle Fury"], ["Smuggler Drake", "Battle Fury"])
    state = position(game, {"hand": ["Battle Fury"], "pool": {"R": 1}},
                     {"in_play": [{"card": "Smuggler Drake", "dot": "r3-02"}]})
    do(state, "cast Battle Fury (#1)")  # a summon you control: the opponent's drake was never a candidate
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["choose Skyspire Citadel (#0)"]
    game = game_of(["Death's Toll"], ["Smuggler Drake"])
    state = position(game, {"hand": ["Death's Toll"], "pool": {"C": 2, "H": 1}},
                     {"in_play": [{"card": "Smuggler Drake", "dot": "r3-02", "damage": 1}]})
    assert not any(state.action_to_string(a).startswith("cast") for a in state.legal_actions())
