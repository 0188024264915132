"""Focus (rules.md 6.8), moves by effects (6.6), damage prevention and redirection (6.3) and control change (6.7) run
natively; and the four faction starter decks, whose every card the engine now runs, played with their effects in
every setup with the rules' invariants checked after every action."""

from __future__ import annotations

import zlib

import pytest

import tcbg
from tcbg.x610z.board import Board
from ruins_play import RUINS, do, ruins_deck

ATTACK = 0
PLENTY = {"C": 5, "B": 5, "M": 5, "R": 5, "H": 5}


@pytest.fixture
def brand():
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Ashen War Wagon", ["Burning Brand", "Cutlass Fury", "Death's Toll"]),
                                 ruins_deck("Ossuary Throne", ["Death's Toll"])])
    state = game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0,
        "players": [{"in_play": [{"card": "Cutlass Fury", "dot": "r3-03"}], "hand": ["Burning Brand"],
                     "pool": PLENTY}, {"hand": ["Death's Toll"], "pool": PLENTY}]})
    return game, state


def test_burning_brand_attaches_and_pumps_its_focus(brand):  # rules.md 6.8
    game, state = brand
    fury, brand_card = 2, 1
    do(state, "cast Burning Brand (#1)")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["choose Ashen War Wagon (#0)",
                                                                        "choose Cutlass Fury (#2)"]
    do(state, "choose Cutlass Fury (#2)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(brand_card)["zone"] == "play"
    assert state.stat(fury, ATTACK) == RUINS["Cutlass Fury"].attack + 2
    copy = game.deserialize_state(state.serialize())
    assert copy.serialize() == state.serialize() and copy.invariant_violation() == ""


def test_burning_brand_is_destroyed_when_its_focus_leaves_play(brand):  # rules.md 6.8
    game, state = brand
    do(state, "cast Burning Brand (#1)")
    do(state, "choose Cutlass Fury (#2)")
    do(state, "pass")
    do(state, "pass")
    do(state, "pass")  # the active player passes; the opponent will answer with Death's Toll on the Fury
    assert state.current_player() == 1
    import base64  # the same position with 1 damage on the Fury, so that Death's Toll may target it
    from tcbg.x610z import _state_bytes as sb
    head, data, _ = state.serialize().split("\n")
    raw = sb.decode(base64.b64decode(data))
    raw.cards[2].damage = 1
    state = game.deserialize_state(f"{head}\n{base64.b64encode(sb.encode(raw)).decode()}\n")
    do(state, "cast Death's Toll (#5)")
    do(state, "choose Cutlass Fury (#2)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(2)["zone"] == "discard" and state.instance(1)["zone"] == "discard"
    assert state.invariant_violation() == ""


def test_burning_brand_fizzles_to_the_discard_pile_without_its_focus(brand):  # rules.md 6.1, 6.8
    game, state = brand
    do(state, "cast Burning Brand (#1)")
    do(state, "choose Cutlass Fury (#2)")
    import base64
    from tcbg.x610z import _state_bytes as sb
    head, data, _ = state.serialize().split("\n")
    raw = sb.decode(base64.b64decode(data))
    fury = raw.cards[2]
    fury.zone, fury.dot, fury.heading = sb.ZONES.index("discard"), -1, -1
    state = game.deserialize_state(f"{head}\n{base64.b64encode(sb.encode(raw)).decode()}\n")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(1)["zone"] == "discard"


SETUPS = [("existenz", setup) for setup in Board.load("existenz").setups] + \
         [("act1", setup) for setup in Board.load("act1").setups]


@pytest.mark.parametrize("board, setup", SETUPS, ids=[f"{b}-{s}" for b, s in SETUPS])
def test_the_native_faction_decks_play_with_their_effects_in_every_setup(board, setup):  # rules.md 5, 6
    seats = len(Board.load(board).setups[setup].seats)
    game = tcbg.load_game("x610z", board=board, rules="existenz", setup=setup,
                          decks=[("barbarian", "undead", "arnunnian", "pirate")[p % 4] for p in range(seats)],
                          max_turns=150)
    assert game.cards.name == "ruins" and game.effects
    totals = game.random_playouts(4, seed=zlib.crc32(f"native/{board}/{setup}".encode()), check_invariants=True)
    assert totals["games"] == 4 and totals["decisions"] > 4 * 10


def test_tailwind_moves_a_summon_and_may_draw():  # rules.md 6.6, 6.12
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Skyspire Citadel", ["Tailwind", "Hunter Dragon", "Quickening Shard"]),
                                 ruins_deck("Ossuary Throne", [])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"in_play": [{"card": "Hunter Dragon", "dot": "r3-03", "activated": True, "moved": True}],
         "hand": ["Tailwind"], "pool": {"B": 1, "M": 1}}, {}]})
    do(state, "cast Tailwind (#1)")
    do(state, "yes")
    do(state, "choose Hunter Dragon (#2)")
    do(state, "pass")
    do(state, "pass")
    moves = [state.action_to_string(a) for a in state.legal_actions()]
    # the path is the controller's choice: "move Hunter Dragon (#2) from ORIGIN to DOT, arriving from ..."
    assert moves and all(m.startswith("move Hunter Dragon (#2) from ") for m in moves)
    do(state, moves[0])
    assert state.instance(2)["dot"] == moves[0].split(" to ")[1].split(",")[0] and state.hand(0) == ["Quickening Shard"]
    assert state.instance(2)["activated"]  # a move by an effect neither pays nor reactivates (rules.md 6.6)


def test_aegis_of_arnunnia_adds_defense_and_prevents_damage():  # rules.md 6.3, 6.8
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Skyspire Citadel", ["Aegis of Arnunnia", "Hunter Dragon"]),
                                 ruins_deck("Ashen War Wagon", ["Scorching Blast"])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"in_play": [{"card": "Hunter Dragon", "dot": "r3-03"}], "hand": ["Aegis of Arnunnia"], "pool": PLENTY},
        {"hand": ["Scorching Blast"], "pool": PLENTY}]})
    do(state, "cast Aegis of Arnunnia (#1)")
    do(state, "choose Hunter Dragon (#2)")
    do(state, "pass")
    do(state, "pass")
    assert state.stat(2, 1) == RUINS["Hunter Dragon"].defense + 2
    do(state, "use ability 1 of Aegis of Arnunnia (#1)")
    do(state, "pass")
    do(state, "pass")
    do(state, "pass")
    do(state, "cast Scorching Blast (#4)")
    do(state, "yes")
    do(state, "choose Hunter Dragon (#2)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(2)["damage"] == 2  # 4 damage, 2 of it prevented


def test_plunder_crew_takes_a_crystal_until_end_of_turn():  # rules.md 6.7
    shards = ["Quickening Shard"] * 3
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Tidebreaker Galleon", ["Plunder Crew", *shards]),
                                 ruins_deck("Ossuary Throne", ["Maddening Halo", *shards])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"hand": ["Plunder Crew"], "pool": PLENTY}, {"in_play": ["Maddening Halo"]}]})
    do(state, "cast Plunder Crew (#1)")
    do(state, "pass")
    do(state, "pass")
    do(state, "place the summon on r4-02")
    do(state, "put waiting ability 0 of Plunder Crew (#1) on the stack")
    do(state, "choose Maddening Halo (#6)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(6)["controller"] == 0
    do(state, "activate crystal Maddening Halo (#6)")  # its energy is the thief's this turn
    assert state.pool(0)["H"] == PLENTY["H"] + 1
    while state.turn == 1:
        do(state, "pass")
    assert state.instance(6)["controller"] == 1


def test_press_gang_contract_controls_its_focus_while_attached():  # rules.md 6.7, 6.8
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Tidebreaker Galleon", ["Press-gang Contract"]),
                                 ruins_deck("Ossuary Throne", ["Howling Bogling", "Death's Toll"])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"hand": ["Press-gang Contract"], "pool": PLENTY},
        {"in_play": [{"card": "Howling Bogling", "dot": "r3-02", "damage": 1}], "hand": ["Death's Toll"],
         "pool": PLENTY}]})
    do(state, "cast Press-gang Contract (#1)")
    do(state, "choose Howling Bogling (#3)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(3)["controller"] == 0 and state.instance(1)["zone"] == "play"
    assert "move Howling Bogling (#3)" in [state.action_to_string(a) for a in state.legal_actions()]
    do(state, "pass")
    do(state, "cast Death's Toll (#4)")  # the former controller destroys it: the contract goes with it
    do(state, "choose Howling Bogling (#3)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(3)["zone"] == "discard" and state.instance(1)["zone"] == "discard"
    assert state.invariant_violation() == ""


def test_decoy_barrel_redirects_the_next_damage():  # rules.md 6.3
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Tidebreaker Galleon", ["Decoy Barrel", "Cargo Beast"]),
                                 ruins_deck("Ashen War Wagon", ["Scorching Blast", "Cutlass Fury"])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"in_play": [{"card": "Cargo Beast", "dot": "r3-03"}], "hand": ["Decoy Barrel"], "pool": PLENTY},
        {"in_play": [{"card": "Cutlass Fury", "dot": "r3-08"}], "hand": ["Scorching Blast"], "pool": PLENTY}]})
    do(state, "cast Decoy Barrel (#1)")
    do(state, "choose Cargo Beast (#2)")
    do(state, "choose Cutlass Fury (#5)")
    do(state, "pass")
    do(state, "pass")
    do(state, "pass")
    do(state, "cast Scorching Blast (#4)")
    do(state, "no")
    do(state, "choose Cargo Beast (#2)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(2)["damage"] == 0 and state.instance(5)["damage"] == 3  # dealt to the Fury instead
