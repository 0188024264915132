"""The Z/X rules engine beside X610Z's vanilla figures, in the same run: native random play (decisions and games per
second), the Python loop per action (legal_actions then apply_action), clone from Python and the core's copy.
Targets on this 2-core machine: at least 3,000,000 decisions per second per core natively (the first era's decks,
``zx-era``, too), a Python loop per action no dearer than X610Z's vanilla loop, at least 1,000,000 clones per second
from C++ and from Python.

Run: ``python -m pytest bench/test_bench_zx_game.py --benchmark-only``; compare the ``zx`` and ``x610z`` rows of a
run (medians), not timings of different runs.
"""

from __future__ import annotations

import pathlib
import random
import sys

import pytest

import tcbg

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from tests.zx.decks import make_game  # noqa: E402

GAMES = 200
NAMES = ["zx", "zx-mixed", "zx-starters", "zx-starters-off", "zx-era", "x610z"]


@pytest.fixture(scope="module")
def games():
    return {
        "zx": tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"]),  # the shipped vanilla decks
        "zx-mixed": make_game("mixed", "mixed"),  # the tests' deck: every keyword, Events with programs
        # the starter decks C01 and C02 with every card's abilities, and the same as vanilla (rules.md Z11.7)
        "zx-starters": tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"]),
        "zx-starters-off": tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"], effects=False),
        # two decks of the first era with every card's abilities (docs/balance.md "The first era's metagame")
        "zx-era": tcbg.load_game("zx", decks=["era-red-blue", "era-white-black"]),
        "x610z": tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"],
                                max_turns=200),
    }


@pytest.mark.parametrize("name", NAMES)
def test_native_random_play(benchmark, games, name):
    game = games[name]
    n = GAMES if name.startswith("zx") else 50
    totals = game.random_playouts(n, seed=1)
    benchmark.extra_info.update(decisions=totals["decisions"], games=n)
    result = benchmark.pedantic(game.random_playouts, args=(n, 1), rounds=5, iterations=1)
    assert result == totals  # deterministic


@pytest.mark.parametrize("name", NAMES)
def test_python_loop(benchmark, games, name):
    game = games[name]

    def play():
        state = game.new_initial_state(seed=2)
        rng = random.Random(2)
        n = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            n += 1
        return n

    decisions = play()
    benchmark.extra_info.update(decisions=decisions, games=1)
    assert benchmark.pedantic(play, rounds=10, iterations=1) == decisions


@pytest.mark.parametrize("name", NAMES)
def test_clone(benchmark, games, name):
    state = games[name].new_initial_state(seed=3)
    benchmark.extra_info.update(clones=1)
    benchmark(state.clone)


@pytest.mark.parametrize("name", NAMES)
def test_core_clone(benchmark, games, name):
    """The copy a search in the core makes, 1,000 per call so that Python is not measured."""
    state = games[name].new_initial_state(seed=3)
    benchmark.extra_info.update(clones=1000)
    benchmark(state.clone_many, 1000)
