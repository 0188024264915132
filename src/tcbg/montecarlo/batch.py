"""One batch of games: the unit of work a process or a Dask worker runs.

A batch is a range of game indices ``first .. first + count - 1`` played on one or more *tables* (a game config with
one agent per seat). Game i of every table is seeded with ``derive_seed(master_seed, i)``, so a game's result is a
function of (config, agents, master seed, i) alone: which process plays it, and in which batch, changes nothing.
A matchup plays its two seatings as two tables of the same batch, so pair k is always complete or absent.

When every agent of a table is native, the table is played by the core's batch function in C++ with the GIL
released. Otherwise (any Python agent) a Python loop plays it, the slow path; its native seats are the core's own
agents, seeded as the batch function seeds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.agents import is_python_agent, seat_agents

COLUMNS = {"winner_mask": np.uint8, "reason": np.uint8, "turns": np.uint16, "decisions": np.uint32,
           "first_player": np.uint8}
"""Per-game columns of every game's batch result and their dtypes (``card_flags`` is a second, 2-D, uint8 array;
a game's own columns, :func:`tcbg.montecarlo.games.record_columns`, follow as uint16)."""

GAME_COLUMN_DTYPE = np.uint16


@dataclass(frozen=True)
class Table:
    """A game config and one agent per seat (native specs or Python agents)."""

    config: Any
    agents: tuple


@dataclass(frozen=True)
class BatchTask:
    tables: tuple
    master_seed: int
    first: int
    count: int


_GAMES: dict[str, Any] = {}  # config key -> built game, per process (a worker builds each game once)
_MAX_CACHED = 32


def remember_game(config, game) -> None:
    """Let this process reuse ``game`` for ``config`` instead of rebuilding it."""
    if len(_GAMES) >= _MAX_CACHED:
        _GAMES.clear()
    _GAMES[config.key] = game


def game_for(config):
    game = _GAMES.get(config.key)
    if game is None:
        game = config.build()
        remember_game(config, game)
    return game


def uses_native(agents) -> bool:
    return not any(is_python_agent(a) for a in agents)


def play_batch(task: BatchTask) -> list[dict[str, np.ndarray]]:
    """Play ``task``: one dict of record columns per table."""
    out = []
    for table in task.tables:
        game = game_for(table.config)
        if uses_native(table.agents):
            raw = game_adapter.native_simulate(game)(game._core, list(table.agents), task.master_seed, task.first,
                                                     task.count)
            columns = {name: np.asarray(raw[name], dtype=dtype) for name, dtype in COLUMNS.items()}
            for name in game_adapter.record_columns(game):
                columns[name] = np.asarray(raw[name], dtype=GAME_COLUMN_DTYPE)
            columns["card_flags"] = np.asarray(raw["card_flags"], dtype=np.uint8)
        else:
            columns = python_loop(game, list(table.agents), task.master_seed, task.first, task.count)
        out.append(columns)
    return out


def python_loop(game, agents: list[Any], master_seed: int, first: int, count: int) -> dict[str, np.ndarray]:
    """Play games ``first .. first + count - 1`` through the Python API, one agent call per decision."""
    num_players = game.num_players()
    kind = game_adapter.kind_of(game)
    columns = {name: np.zeros(count, dtype=dtype) for name, dtype in COLUMNS.items()}
    own = game_adapter.record_columns(game)
    for name in own:
        columns[name] = np.zeros(count, dtype=GAME_COLUMN_DTYPE)
    flags = np.zeros((count, len(game.instance_cards())), dtype=np.uint8)
    turn_cap = np.iinfo(np.uint16).max
    for j in range(count):
        seed = game_adapter.derive_seed(master_seed, first + j)
        state = game.new_initial_state(seed=seed)
        seats = seat_agents(game, agents, seed)
        watch = kind.record_watch() if own else None  # the game's own columns, as its native batch keeps them
        decisions = 0
        while not state.is_terminal():
            state.apply_action(seats[state.current_player()].choose(state))
            if watch is not None:
                watch.after(state)
            decisions += 1
        if watch is not None:
            for name, value in zip(own, watch.values(state)):
                columns[name][j] = value
        returns = state.returns()
        columns["winner_mask"][j] = sum(1 << p for p in range(num_players) if returns[p] > 0)
        columns["reason"][j] = kind.reason_code(state.end_reason)
        columns["turns"][j] = min(state.turn, turn_cap)
        columns["decisions"][j] = decisions
        columns["first_player"][j] = state.first_player
        flags[j] = state.card_flags()
    columns["card_flags"] = flags
    return columns
