"""Benchmark helpers: a busy four-player position on the "existenz" board, and a summary of medians and ratios.

Run: ``python -m pytest bench/ --benchmark-only`` (see README.md). The summary at the end prints the median time per
summon of each way of generating a whole position's moves and attacks, and the ratios between them.
"""

from __future__ import annotations

import importlib.util
import pathlib

import pytest

from tcbg.x610z import Board, Summon

ROOT = pathlib.Path(__file__).resolve().parent.parent


def load_reference():
    """The plain pure-Python implementation of the rules that the tests check the core against."""
    return load_test_module("reference")


def load_test_module(name: str):
    """A helper module of tests/x610z (the tests' own code, so benchmarks measure what the tests check)."""
    path = ROOT / "tests" / "x610z" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"tcbg_tests_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def busy_position(board: Board, setup: str = "ffa4") -> list[Summon]:
    """Four players, four summons each (life base on its start dot, three others spread over the board), Speed 1-6,
    Range 1-4, a few with Block rate or 'move and attack in all directions'. Deterministic: built from the board's
    own lists, so it follows the board if the board changes."""
    seats = board.setups[setup].seats
    taken = set(seats)
    free = [d.id for d in board.dots if "start" not in board.kinds(d.id) and "end" not in board.kinds(d.id)]
    summons = [Summon(seat, p, speed=1, range=1, life_base=True) for p, seat in enumerate(seats)]
    stride = max(1, len(free) // 13)
    picks = [d for d in free[::stride] if d not in taken][:12]
    for k, dot in enumerate(picks):
        summons.append(Summon(dot, k % len(seats), speed=1 + k % 6, range=1 + k % 4, block_rate=1 if k % 5 == 0 else 0,
                              all_directions=k % 7 == 3))
    return summons


@pytest.fixture(scope="session")
def existenz() -> Board:
    return Board.load("existenz")


@pytest.fixture(scope="session")
def position(existenz):
    return busy_position(existenz)


def pytest_terminal_summary(terminalreporter, config):
    session = getattr(config, "_benchmarksession", None)
    if session is None or not session.benchmarks:
        return
    per_summon = {}
    for bench in session.benchmarks:
        extra = bench.extra_info
        if "summon_calls" in extra and bench.stats:
            per_summon[bench.name] = bench.stats.median / extra["summon_calls"]
    terminalreporter.write_sep("-", "medians")
    for name, seconds in sorted(per_summon.items(), key=lambda kv: kv[1]):
        terminalreporter.write_line(f"{name:45s} {seconds * 1e6:12.3f} us")
    for bench in session.benchmarks:
        extra = bench.extra_info
        if "decisions" in extra and bench.stats:
            per = bench.stats.median / extra["decisions"]
            terminalreporter.write_line(f"{bench.name:45s} {per * 1e6:8.3f} us per decision, "
                                        f"{1 / per / 1e6:6.2f} M decisions/s, "
                                        f"{extra['games'] / bench.stats.median:10.1f} games/s")
        if "clones" in extra and bench.stats:
            per = bench.stats.median / extra["clones"]
            terminalreporter.write_line(f"{bench.name:45s} {per * 1e6:8.3f} us per clone, "
                                        f"{1 / per / 1e6:6.2f} M clones/s")
    for bench in session.benchmarks:  # bench/test_bench_vector_env.py
        extra = bench.extra_info
        if "steps_per_round" in extra and bench.stats:
            terminalreporter.write_line(f"{bench.name:60s} {extra['steps_per_round'] / bench.stats.median:12,.0f} "
                                        f"steps/s ({extra.get('threads', 1)} threads)")
    for bench in session.benchmarks:  # bench/test_bench_legality.py
        extra = bench.extra_info
        if "checks" in extra and bench.stats:
            per = bench.stats.median / extra["checks"]
            terminalreporter.write_line(f"{bench.name:60s} {per * 1e6:8.3f} us per check, "
                                        f"{1 / per:12,.0f} checks/s")
    ref = per_summon.get("test_reference_python")
    if ref:
        for name, seconds in per_summon.items():
            if name != "test_reference_python":
                terminalreporter.write_line(f"reference / {name}: {ref / seconds:10.1f}x")
