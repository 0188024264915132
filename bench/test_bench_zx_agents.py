"""Z/X's agents through the Monte Carlo harness (tcbg.simulate): heuristic games per second per core on the starter
decks (c01-white-red vs c02-black-blue with every card's ability, the default of load_game; as vanilla with
``TCBG_BENCH_ZX_EFFECTS=0``), scaling from one process to two, the
search at its default budget, and the projected time of a 1,000,000-game heuristic matchup.

Targets of the Z/X agents issue on this 2-core machine: a 1,000,000-game starter-deck matchup with the heuristic in
under 5 minutes (2 processes).

``TCBG_BENCH_ZX_GAMES`` sets the heuristic batch (default 20,000 games), ``TCBG_BENCH_ZX_SEARCH_GAMES`` the search's
(default 20). The summary printed at the end gives the medians, the scaling and the projection. Run:
``python -m pytest bench/test_bench_zx_agents.py --benchmark-only``.
"""

from __future__ import annotations

import os
import time

import pytest

import tcbg

GAMES = int(os.environ.get("TCBG_BENCH_ZX_GAMES", "20000"))
SEARCH_GAMES = int(os.environ.get("TCBG_BENCH_ZX_SEARCH_GAMES", "20"))
ROUNDS = int(os.environ.get("TCBG_BENCH_ZX_ROUNDS", "3"))
EFFECTS = os.environ.get("TCBG_BENCH_ZX_EFFECTS", "1") != "0"
_MEDIANS: dict[str, tuple[float, int]] = {}
_CPU: list[float] = []  # CPU seconds of this process per round of the one-process heuristic batch


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"], effects=EFFECTS)


@pytest.fixture(scope="module", autouse=True)
def summary(request):
    yield
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None or not _MEDIANS:
        return
    with capture.global_and_fixture_disabled():  # teardown output is captured otherwise
        write = reporter.write_line
        reporter.write_sep("-", f"Z/X agents, starter decks c01 vs c02 (abilities {'on' if EFFECTS else 'off'}), medians of {ROUNDS} rounds")
        for name, (seconds, games) in _MEDIANS.items():
            write(f"{name:32s} {games:7d} games {seconds:8.2f} s  {games / seconds:10.1f} games/s")
        one, two = (_MEDIANS.get(k) for k in ("heuristic, 1 process", "heuristic, 2 processes"))
        if one and two:
            write(f"scaling 1 -> 2 processes: {one[0] / two[0]:.2f}x")
        if two:
            write(f"projected 1,000,000 heuristic games on 2 processes: {1e6 / (two[1] / two[0]) / 60:.2f} min "
                  "(target under 5)")
        if _CPU and one:
            # The machine is shared: CPU time is what one core gives whatever else runs beside it.
            cpu = sorted(_CPU)[len(_CPU) // 2]
            rate = one[1] / cpu
            write(f"heuristic per core by CPU time: {rate:.1f} games/s; 1,000,000 games on 2 cores at that rate: "
                  f"{1e6 / (2 * rate) / 60:.2f} min with no scaling loss"
                  + (f", {1e6 / (rate * one[0] / two[0]) / 60:.2f} min with the scaling above" if two else ""))


def _bench(benchmark, name: str, game, agents, games: int, cpu: list | None = None, **kwargs):
    def once():
        start = time.process_time()
        records = tcbg.simulate(game, agents, games=games, seed=1, **kwargs)
        if cpu is not None:
            cpu.append(time.process_time() - start)
        return records

    records = benchmark.pedantic(once, rounds=ROUNDS, iterations=1)
    benchmark.extra_info.update(games=games, decisions=int(records["decisions"].sum()))
    _MEDIANS[name] = (benchmark.stats.stats.median, games)
    return records


def test_heuristic_one_process(benchmark, game):
    records = _bench(benchmark, "heuristic, 1 process", game, "heuristic", GAMES, cpu=_CPU, workers=1)
    assert len(records) == GAMES and (records["reason"] > 0).all()


def test_heuristic_two_processes(benchmark, game):
    records = _bench(benchmark, "heuristic, 2 processes", game, "heuristic", GAMES, workers=2)
    assert len(records) == GAMES


def test_search_default_budget_vs_heuristic(benchmark, game):
    records = _bench(benchmark, "search (default) vs heuristic", game, ["search", "heuristic"], SEARCH_GAMES,
                     workers=1)
    assert len(records) == SEARCH_GAMES
