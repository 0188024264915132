"""The Monte Carlo harness (tcbg.simulate): games per second per core, scaling from one process to two, and a Dask
LocalCluster against the local process pool on the same batch. Vanilla decks, 1v1 on "existenz", turn limit 200.

Targets of the harness issue: scaling from 1 to 2 processes at least 1.8 times; Dask LocalCluster at most 10% slower
than the local pool at 100,000 games; a 1,000,000-game heuristic matchup in under 10 minutes on 2 cores.

The agent is the core's heuristic one, in native batches. ``TCBG_BENCH_SIM_GAMES`` sets the batch (default 20,000
games, about a minute in all; the issue's Dask figure is at 100000). The summary printed at the end gives the
medians, the ratios and the projected time of a 1,000,000-game matchup.
"""

from __future__ import annotations

import os

import pytest

import tcbg
from tcbg.montecarlo.matchup import default_agent

GAMES = int(os.environ.get("TCBG_BENCH_SIM_GAMES", "20000"))
ROUNDS = int(os.environ.get("TCBG_BENCH_SIM_ROUNDS", "3"))
AGENT = default_agent()
_MEDIANS: dict[str, float] = {}


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=200)


@pytest.fixture(scope="module", autouse=True)
def summary(request):
    yield
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None or not _MEDIANS:
        return
    with capture.global_and_fixture_disabled():  # teardown output is captured otherwise
        _report(reporter)


def _report(reporter) -> None:
    write = reporter.write_line
    reporter.write_sep("-", f"simulate: {GAMES} games, agent {AGENT}, medians of {ROUNDS} rounds")
    for name, seconds in _MEDIANS.items():
        write(f"{name:24s} {seconds:8.2f} s  {GAMES / seconds:10.1f} games/s")
    one, two, dask = (_MEDIANS.get(k) for k in ("1 process", "2 processes", "dask 2 workers"))
    if one and two:
        write(f"scaling 1 -> 2 processes: {one / two:.2f}x (target 1.8x)")
    if two and dask:
        write(f"dask LocalCluster / local pool: {dask / two:.3f} (target at most 1.10)")
    if two:
        write(f"projected 1,000,000 games on 2 processes: {1e6 / (GAMES / two) / 60:.1f} min (target under 10)")


def _bench(benchmark, name: str, game, **kwargs):
    def once():
        return tcbg.simulate(game, AGENT, games=GAMES, seed=1, **kwargs)

    records = benchmark.pedantic(once, rounds=ROUNDS, iterations=1)
    benchmark.extra_info.update(games=GAMES, decisions=int(records["decisions"].sum()))
    _MEDIANS[name] = benchmark.stats.stats.median
    return records


def test_one_process(benchmark, game):
    records = _bench(benchmark, "1 process", game=game, workers=1)
    assert len(records) == GAMES


def test_two_processes(benchmark, game):
    records = _bench(benchmark, "2 processes", game=game, workers=2)
    assert len(records) == GAMES


def test_dask_local_cluster(benchmark, game):
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    try:
        with distributed.Client(cluster) as client:
            # the cluster is started once, outside the timing, as a user's cluster would be
            records = _bench(benchmark, "dask 2 workers", game=game, scheduler=client)
    finally:
        cluster.close()
    assert len(records) == GAMES
