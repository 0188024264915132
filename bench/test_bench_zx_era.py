"""The first era's decks beside the starter decks, in the same run: heuristic games per second through the Monte Carlo
harness (tcbg.simulate), one process and two, every card's ability on, and the projected time of a 1,000,000-game
heuristic matchup of two era decks on this 2-core machine.

Targets: the era decks' heuristic games per second at least half the starters' (one process, medians of the same
run), and a 1,000,000-game era matchup under 10 minutes on 2 processes. ``TCBG_BENCH_ZX_ERA_GAMES`` sets the batch
(default 10,000 games). Run: ``python -m pytest bench/test_bench_zx_era.py --benchmark-only``; the summary at the end
gives the medians, the ratio and the projection.
"""

from __future__ import annotations

import os

import pytest

import tcbg

GAMES = int(os.environ.get("TCBG_BENCH_ZX_ERA_GAMES", "10000"))
PAIRS = {"starters": ["c01-white-red", "c02-black-blue"], "era": ["era-red-blue", "era-white-black"]}
_MEDIANS: dict[tuple[str, int], float] = {}


@pytest.fixture(scope="module")
def games():
    return {name: tcbg.load_game("zx", decks=decks) for name, decks in PAIRS.items()}


@pytest.fixture(scope="module", autouse=True)
def summary(request):
    yield
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None or not _MEDIANS:
        return
    with capture.global_and_fixture_disabled():
        write = reporter.write_line
        reporter.write_sep("-", f"Z/X heuristic games, {GAMES} a batch, medians")
        for (name, workers), seconds in sorted(_MEDIANS.items()):
            write(f"{name:10s} {workers} process{'es' if workers > 1 else '  '} {seconds:8.2f} s "
                  f"{GAMES / seconds:10.1f} games/s")
        one = {name: _MEDIANS.get((name, 1)) for name in PAIRS}
        if one["era"] and one["starters"]:
            write(f"era / starters, one process: {one['starters'] / one['era']:.2f} (target at least 0.5)")
        two = _MEDIANS.get(("era", 2))
        if two:
            write(f"projected 1,000,000 era games on 2 processes: {1e6 / (GAMES / two) / 60:.2f} min (target under 10)")


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("name", list(PAIRS))
def test_heuristic_games(benchmark, games, name, workers):
    records = benchmark.pedantic(lambda: tcbg.simulate(games[name], "heuristic", games=GAMES, seed=1,
                                                       workers=workers), rounds=3, iterations=1)
    assert len(records) == GAMES and (records["reason"] > 0).all()
    benchmark.extra_info.update(games=GAMES, decisions=int(records["decisions"].sum()))
    _MEDIANS[(name, workers)] = benchmark.stats.stats.median
