"""Triggered abilities run natively (rules.md 6.9): an event makes abilities wait; at the next priority each
player's waiting abilities go on the stack, active player first, one decision each (an optional one may be declined),
then priority goes where it was due."""

from __future__ import annotations

import tcbg
from ruins_play import RUINS, do, ruins_deck, texts

ATTACK = 0
PLENTY = {"C": 5, "B": 5, "M": 5, "R": 5, "H": 5}


def setup(mine, theirs, p0, p1, lb0="Ashen War Wagon", lb1="Ossuary Throne", **top):
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS, decks=[ruins_deck(lb0, mine), ruins_deck(lb1, theirs)])
    doc = {"format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0, "players": [p0, p1]}
    doc.update(top)
    return game, game.state_from_json(doc)


def test_magma_drake_enters_play_and_burns_each_opponents_nlb_summon():  # rules.md 6.9, 6.19
    game, state = setup(["Magma Drake"], ["Cargo Beast", "Shambling Horde"],
                        {"hand": ["Magma Drake"], "pool": PLENTY},
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-02"},
                                     {"card": "Shambling Horde", "dot": "r3-08"}]})
    do(state, "cast Magma Drake (#1)")
    do(state, "pass")
    do(state, "pass")
    do(state, "place the summon on r4-02")
    assert state.pending_kind() == "trigger" and state.current_player() == 0
    assert texts(state) == ["put waiting ability 0 of Magma Drake (#1) on the stack"]
    copy = game.deserialize_state(state.serialize())  # a waiting ability serializes
    assert copy.legal_actions() == state.legal_actions()
    do(state, "put waiting ability 0 of Magma Drake (#1) on the stack")
    assert [item[0] for item in state.stack_items()] == ["ability"] and state.current_player() == 0
    do(state, "pass")
    do(state, "pass")
    assert state.instance(3)["damage"] == 1 and state.instance(4)["damage"] == 1
    assert state.instance(0)["damage"] == 0 and state.instance(2)["damage"] == 0  # life bases and its own side


def test_spellbound_phalanx_grows_when_you_cast_a_flux():
    game, state = setup(["Spellbound Phalanx", "Divine Intervention"], [],
                        {"in_play": [{"card": "Spellbound Phalanx", "dot": "r3-03"}],
                         "hand": ["Divine Intervention"], "pool": PLENTY}, {}, lb0="Skyspire Citadel")
    do(state, "cast Divine Intervention (#2)")
    do(state, "choose Spellbound Phalanx (#1)")
    # The flux is announced; the trigger goes on the stack above it before anyone receives priority.
    do(state, "put waiting ability 0 of Spellbound Phalanx (#1) on the stack")
    assert [item[0] for item in state.stack_items()] == ["cast", "ability"] and state.current_player() == 1
    do(state, "pass")
    do(state, "pass")
    assert state.stat(1, ATTACK) == RUINS["Spellbound Phalanx"].attack + 1


def test_black_market_is_optional_and_priority_returns_to_the_active_player():  # rules.md 6.9, 6.19
    game, state = setup(["Black Market"], ["Robiumm Nugget"], {"in_play": ["Black Market"]},
                        {"hand": ["Robiumm Nugget"]}, lb0="Tidebreaker Galleon", active_player=1, first_player=1)
    do(state, "place crystal Robiumm Nugget (#3)")
    assert state.pending_kind() == "trigger" and state.current_player() == 0
    assert texts(state) == ["put waiting ability 0 of Black Market (#1) on the stack", "decline waiting ability 0 of Black Market (#1)"]
    declined = state.clone()
    do(declined, "decline waiting ability 0")
    assert declined.current_player() == 1 and declined.stack_items() == []
    do(state, "put waiting ability 0 of Black Market (#1) on the stack")
    assert state.current_player() == 1
    do(state, "pass")
    do(state, "pass")
    assert state.pool(0) == {"R": 1}


def test_gravelord_wyrm_returns_a_summon_card_it_targets():
    game, state = setup(["Gravelord Wyrm", "Howling Bogling"], [],
                        {"hand": ["Gravelord Wyrm"], "discard": ["Howling Bogling"], "pool": PLENTY}, {})
    do(state, "cast Gravelord Wyrm (#1)")
    do(state, "pass")
    do(state, "pass")
    do(state, "place the summon on r4-02")
    do(state, "put waiting ability 0 of Gravelord Wyrm (#1) on the stack")
    do(state, "choose Howling Bogling (#2)")  # its target, announced as it goes on the stack
    do(state, "pass")
    do(state, "pass")
    assert state.hand(0) == ["Howling Bogling"]


def test_bone_reaver_looks_back_when_destroyed():  # rules.md 6.9
    game, state = setup(["Death's Toll"], ["Bone Reaver", "Cargo Beast"],
                        {"hand": ["Death's Toll"], "pool": PLENTY},
                        {"in_play": [{"card": "Bone Reaver", "dot": "r3-02", "damage": 1},
                                     {"card": "Cargo Beast", "dot": "r3-08"}]})
    do(state, "cast Death's Toll (#1)")
    do(state, "choose Bone Reaver (#3)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(3)["zone"] == "discard"
    assert state.current_player() == 1  # its controller puts the waiting ability on the stack first
    do(state, "put waiting ability 0 of Bone Reaver (#3) on the stack")
    do(state, "choose Cargo Beast (#4)")
    assert state.current_player() == 0
    do(state, "pass")
    do(state, "pass")
    assert state.instance(4)["damage"] == 2


def test_flamebound_berserker_burns_itself_at_the_start_of_your_turn():
    shards = ["Quickening Shard"] * 3
    game, state = setup(["Flamebound Berserker", *shards], list(shards),
                        {"in_play": [{"card": "Flamebound Berserker", "dot": "r3-03"}]}, {}, phase="end",
                        active_player=1, first_player=1)
    while state.pending_kind() != "trigger":
        do(state, "pass")
    assert state.turn == 4 and state.active_player == 0
    do(state, "put waiting ability 0 of Flamebound Berserker (#1) on the stack")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(1)["damage"] == 1
    assert state.stat(1, ATTACK) == RUINS["Flamebound Berserker"].attack + 2  # Rage 2 while damaged


def test_random_games_with_triggered_and_continuous_cards_keep_the_invariants():
    cards = ["Divine Intervention", "Healing Elixir", "Scorching Blast", "Firestorm", "Hunter Dragon",
             "Spellbound Phalanx", "Gravelord Wyrm", "Magma Drake", "Starlit Prism", "Black Market",
             "Smuggler's Cache", "Bone Reaver", "Flamebound Berserker", "Shambling Horde", "Smuggler Drake",
             "Lava Behemoth", "Skullsplitter Horde", "War Drums", "Living Waterfall", "Soulstone", "Ember Heart"]
    crystals = [c for c in ("Quickening Shard", "Entrancing Pearl", "Robiumm Nugget", "Maddening Halo")
                for _ in range(7)]
    for setup_name, life_bases in (("1v1", ["Ashen War Wagon", "Ossuary Throne"]),
                                   ("ffa3", ["Ashen War Wagon", "Ossuary Throne", "Tidebreaker Galleon"])):
        game = tcbg.load_game(board="existenz", setup=setup_name, cards=RUINS, max_turns=80,
                              decks=[ruins_deck(lb, cards + crystals) for lb in life_bases])
        totals = game.random_playouts(15, seed=7, check_invariants=True)  # each game over a thousand checked actions
        assert totals["games"] == 15 and totals["decisions"] > 15 * 1000
