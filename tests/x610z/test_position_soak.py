"""Every position the engine reaches has a JSON form that reads back into the same state (docs/state-format.md,
"Positions as JSON", P1-P22): over random and heuristic play with every shipped deck in every setup of both boards
(vanilla decks on both, the four faction decks on existenz, act1-quests on act1), each position after each action
goes through state.to_json() and game.state_from_json() to the same serialize() (the action history apart), the
same legal actions and the same document again; and through serialize() and deserialize_state() to the same bytes.

The suite plays one short game per board, setup and deck family. The long run spreads N whole games over them:

    TCBG_SOAK_JSON_GAMES=100000 python -m pytest tests/x610z/test_position_soak.py -q
"""

from __future__ import annotations

import functools
import itertools
import os
import random
import zlib

import pytest

import tcbg
from tcbg import _core
from tcbg.x610z import Board

LONG = int(os.environ.get("TCBG_SOAK_JSON_GAMES", "0"))
FACTIONS = ("arnunnian", "undead", "pirate", "barbarian")
FAMILIES = {"existenz": ("vanilla", "factions"), "act1": ("vanilla", "quests")}
CONFIGS = [(board, setup, family) for board in ("existenz", "act1") for setup in Board.load(board).setups
           for family in FAMILIES[board]]
PAIRS = list(itertools.permutations(FACTIONS, 2))  # 1v1 faction games cycle through every ordered pair
MODES = ("random", "heuristic", "mixed")  # who decides: everyone at random, the heuristic, or seats alternating


def decks_for(board: str, seats: int, family: str, game_no: int) -> tuple[str, ...]:
    if family == "vanilla":
        names = ("vanilla-a", "vanilla-b") if board == "existenz" else ("vanilla-act1-a", "vanilla-act1-b")
        return tuple(names[(p + game_no) % 2] for p in range(seats))
    if family == "quests":
        return ("act1-quests",) * seats
    if seats == 2:
        return PAIRS[game_no % len(PAIRS)]
    return tuple(FACTIONS[(p + game_no) % 4] for p in range(seats))


@functools.lru_cache(maxsize=64)
def game_for(board: str, setup: str, decks: tuple[str, ...], max_turns: int):
    return tcbg.load_game(board=board, setup=setup, decks=list(decks), max_turns=max_turns)


def check_round_trip(game, state, where: str) -> None:
    text = state.serialize()
    assert game.deserialize_state(text).serialize() == text, where  # the core's own bytes read back too
    doc = state.to_json()
    again = game.state_from_json(doc)
    assert again.serialize() == text.rsplit("\n", 1)[0] + "\n", where
    assert again.legal_actions() == state.legal_actions(), where
    assert again.to_json() == doc, where


def play_and_check(board: str, setup: str, family: str, game_no: int, max_turns: int,
                   max_actions: int | None = None) -> int:
    """One game, every position checked; the number of positions. ``where`` in a failure reproduces it."""
    seats = len(Board.load(board).setups[setup].seats)
    decks = decks_for(board, seats, family, game_no)
    game = game_for(board, setup, decks, max_turns)
    seed = zlib.crc32(f"{board}/{setup}/{family}/{game_no}".encode())
    mode = MODES[game_no % len(MODES)]
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    heuristic = _core.x610z.Agent({"kind": "heuristic"}, seed)
    checked = 0
    while True:
        where = f"{board} {setup} {decks} seed {seed} {mode} play, after {checked} actions"
        check_round_trip(game, state, where)
        checked += 1
        if state.is_terminal() or (max_actions is not None and checked > max_actions):
            return checked
        player = state.current_player()
        if mode == "heuristic" or (mode == "mixed" and player % 2 == 1):
            action = heuristic.choose(state._core)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


@pytest.mark.parametrize("board, setup, family", CONFIGS, ids=[f"{b}-{s}-{f}" for b, s, f in CONFIGS])
def test_every_position_round_trips(board, setup, family):
    """One short game per configuration (the heuristic in some, random play in others), every position."""
    game_no = zlib.crc32(f"{board}{setup}{family}".encode()) % 12
    positions = play_and_check(board, setup, family, game_no, max_turns=12, max_actions=120)
    assert positions > 20


@pytest.mark.skipif(not LONG, reason="the long run: TCBG_SOAK_JSON_GAMES=N")
@pytest.mark.parametrize("board, setup, family", CONFIGS, ids=[f"{b}-{s}-{f}" for b, s, f in CONFIGS])
def test_long_run_every_position_round_trips(board, setup, family):
    games = max(1, -(-LONG // len(CONFIGS)))
    for game_no in range(games):
        play_and_check(board, setup, family, game_no, max_turns=200)
