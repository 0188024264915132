"""``tcbg.simulate``: play many games and keep one record per game.

>>> import tcbg
>>> game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=40)
>>> records = tcbg.simulate(game, "random", games=4, seed=1, workers=1)
>>> len(records), records["turns"].dtype.name, records.card_flags.shape
(4, 'uint16', (4, 102))
>>> again = tcbg.simulate(game, "random", games=2, seed=1, workers=1, first_game=2)  # games 2 and 3 alone
>>> bool((again["winner_mask"] == records["winner_mask"][2:]).all())
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tcbg.errors import SimulationError
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.agents import is_python_agent, normalise_agents
from tcbg.montecarlo.batch import BatchTask, Table, remember_game, uses_native
from tcbg.montecarlo.parallel import ClusterLost, make_runner
from tcbg.montecarlo.progress import progress_bar
from tcbg.montecarlo.records import SimulationRecords, concat_columns

_MAX_SEED = 2**64


def simulate(game, agents: Any, games: int, seed: int = 0, *, workers: int | None = None, scheduler: Any = None,
             progress: bool = False, first_game: int = 0, batch_size: int | None = None) -> SimulationRecords:
    """Play ``games`` games of ``game`` (a ``tcbg.load_game`` result) and return their records
    (:class:`~tcbg.montecarlo.records.SimulationRecords`).

    ``agents``: one per seat, or one for every seat: a native agent (``"random"``, ``"heuristic"``, ``"search"``,
    ``"search:400"`` or ``{"kind": "search", "simulations": 400}``) or a Python object with ``choose(state)``.
    Game i (from ``first_game``) is seeded with ``derive_seed(seed, i)``, so the records are the same whatever runs
    them: ``workers`` local processes (default: every local core; 1 plays here), or a Dask cluster with
    ``scheduler="tcp://host:8786"`` or ``scheduler="local"`` (a LocalCluster of ``workers`` processes). Native
    agents play whole batches in C++; with any Python agent a Python loop plays (much slower), the native seats
    choosing as they would in C++. Python agents run in this process.

    ``progress`` shows a bar with games per second and time left. Ctrl-C stops the run and returns the games finished
    so far, with ``records.interrupted`` set.
    """
    _check_count(games, "games")
    _check_count(first_game, "first_game")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _MAX_SEED:
        raise SimulationError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}", field="seed",
                              rule="simulation.md")
    if first_game + games > _MAX_SEED:
        raise SimulationError("game indices must stay below 2**64", field="first_game", rule="simulation.md")
    config = game_adapter.config_of(game)  # first: anything but a game is refused here, by name
    seats = normalise_agents(agents, game.num_players())
    remember_game(config, game)
    table = Table(config, tuple(seats))
    python_agents = any(is_python_agent(a) for a in seats)
    runner = make_runner(workers, scheduler, python_agents)
    try:
        bar = progress_bar(games, enabled=progress, desc="simulate")
        try:
            played = play_tables([table], seed, first_game, games, runner=runner, bar=bar, batch_size=batch_size)
        finally:
            bar.close()
    finally:
        runner.close()
    return records_from(game, played, 0, native=uses_native(seats))


@dataclass
class Played:
    """What :func:`play_tables` gathered: per table the columns of every game played, in game order, and the games'
    indices."""

    tables: list[dict[str, np.ndarray]]
    games: np.ndarray
    master_seed: int
    interrupted: bool
    stopped: bool
    lost: str | None = None  # why the run stopped when its cluster went away (the games so far are kept)


def default_batch_size(games: int, workers: int = 1) -> int:
    """The largest batch of a run of ``games`` on ``workers``: about 64 batches a run, but at least four a worker,
    so no worker idles while another plays a long last batch (a run of a few slow games, search on the faction
    decks: 12 pairs on 2 workers are 6 batches of 2, not one batch of 12)."""
    # 32: below it, task overheads show (Dask most), where games are many and quick. About 64 batches a run: few
    # enough that a Dask task's round trip is lost in its work (at 100,000 heuristic games, 256 batches left Dask 7%
    # behind the local pool, 64 even), many enough that the last batches leave no worker idle for long.
    size = min(4096, max(32, math.ceil(games / 64)))
    return max(1, min(size, math.ceil(games / (4 * max(1, workers)))))


def batch_plan(games: int, workers: int = 1, batch_size: int | None = None) -> list[tuple[int, int]]:
    """(first, count) of the batches of a run of ``games`` (indices from 0). With ``batch_size`` every batch has
    that size (a sequential test looks after each). Otherwise the sizes start at one game and double up to
    :func:`default_batch_size`: the first batches finish within moments, so Ctrl-C a few seconds into a long run
    keeps the games played so far (a finished batch is kept, a batch in play is not), and the work is spread over
    every worker from the start. The records never depend on the plan: game i is game i.

    >>> batch_plan(100, 2)
    [(0, 1), (1, 2), (3, 4), (7, 8), (15, 13), (28, 13), (41, 13), (54, 13), (67, 13), (80, 13), (93, 7)]
    """
    out = []
    if batch_size is not None:
        for start in range(0, games, batch_size):
            out.append((start, min(batch_size, games - start)))
        return out
    largest = default_batch_size(games, workers)
    size, start = 1, 0
    while start < games:
        count = min(size, largest, games - start)
        out.append((start, count))
        start += count
        size *= 2
    return out


def play_tables(tables: Sequence[Table], master_seed: int, first_game: int, games: int, *, runner, bar=None,
                batch_size: int | None = None,
                checkpoint: Callable[[list[dict[str, np.ndarray]], np.ndarray], bool] | None = None) -> Played:
    """Play games ``first_game .. first_game + games - 1`` on every table with ``runner``.

    ``checkpoint(columns_per_table, game_indices)`` is called with each run of batches that extends the finished
    prefix, in game order; when it returns True the run stops, keeping exactly that prefix. Ctrl-C stops the run
    too, keeping every batch finished so far (then not always a prefix), and so does a Dask scheduler that goes away
    (``Played.lost`` says so)."""
    if batch_size is not None and (not isinstance(batch_size, int) or isinstance(batch_size, bool)
                                   or batch_size < 1):
        raise SimulationError(f"must be a whole number of at least 1, not {batch_size!r}", field="batch_size",
                              rule="simulation.md")
    tasks = [BatchTask(tuple(tables), master_seed, first_game + start, count)
             for start, count in batch_plan(games, getattr(runner, "workers", 1), batch_size)]
    finished: dict[int, list] = {}
    prefix_end = first_game  # every game below it is finished
    interrupted = stopped = False
    lost = None
    stream = runner.run(tasks)
    try:
        for task, result in stream:
            finished[task.first] = result
            if bar is not None:
                bar.update(task.count * len(tables))
            if checkpoint is not None:
                while prefix_end in finished:
                    result_here = finished[prefix_end]
                    count = result_here[0]["turns"].size
                    indices = np.arange(prefix_end, prefix_end + count, dtype=np.uint64)
                    prefix_end += count
                    if checkpoint(result_here, indices):
                        stopped = True
                        break
                if stopped:
                    finished = {k: v for k, v in finished.items() if k < prefix_end}
                    break
    except KeyboardInterrupt:
        interrupted = True
        runner.abort()
    except ClusterLost as exc:  # the games finished before are kept, as after Ctrl-C
        interrupted, lost = True, exc.why
    finally:
        stream.close()
    order = sorted(finished)
    if not order:
        empty = _empty_columns(tables)
        return Played(empty, np.zeros(0, dtype=np.uint64), master_seed, interrupted, stopped, lost)
    per_table = [concat_columns([finished[k][t] for k in order]) for t in range(len(tables))]
    indices = np.concatenate([np.arange(k, k + finished[k][0]["turns"].size, dtype=np.uint64) for k in order])
    return Played(per_table, indices, master_seed, interrupted, stopped, lost)


def _empty_columns(tables: Sequence[Table]) -> list[dict[str, np.ndarray]]:
    from tcbg.montecarlo.batch import COLUMNS, game_for

    from tcbg.montecarlo.batch import GAME_COLUMN_DTYPE

    out = []
    for table in tables:
        game = game_for(table.config)
        width = len(game.instance_cards())
        columns = {name: np.zeros(0, dtype=dtype) for name, dtype in COLUMNS.items()}
        columns.update({name: np.zeros(0, dtype=GAME_COLUMN_DTYPE) for name in game_adapter.record_columns(game)})
        columns["card_flags"] = np.zeros((0, width), dtype=np.uint8)
        out.append(columns)
    return out


def records_from(game, played: Played, table: int, native: bool) -> SimulationRecords:
    """The records of one table of ``played``."""
    columns = dict(played.tables[table])
    flags = columns.pop("card_flags")
    seeds = np.fromiter((game_adapter.derive_seed(played.master_seed, int(i)) for i in played.games),
                        dtype=np.uint64, count=played.games.size)
    ordered = {"game": played.games, "seed": seeds, **columns}
    return SimulationRecords(ordered, flags, game_adapter.instance_cards(game), game.num_players(),
                             interrupted=played.interrupted, native=native, reasons=game_adapter.reasons_of(game))


def _check_count(value: Any, name: str) -> None:
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < 0:
        raise SimulationError(f"must be a whole number of at least 0, not {value!r}", field=name,
                              rule="simulation.md")
