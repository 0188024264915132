"""One action through OpenSpiel against tcbg direct, in one run (docs/observations.md "OpenSpiel"): a random
playout from Python, its legal actions listed and one applied at every decision, on a pyspiel state of tcbg's
registered games (``tcbg_x610z``, ``tcbg_zx``) and on the tcbg State underneath. A round is one whole game of
seed 1 (the same actions both ways); divide the median by the game's decisions (extra_info) for the time per
action.

Run: ``python -m pytest bench/test_bench_openspiel.py --benchmark-only`` (needs the openspiel extra).
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import tcbg  # noqa: E402
import tcbg.openspiel  # noqa: E402,F401  (registers the games)

GAMES = {
    "x610z": ("tcbg_x610z", {"decks": "vanilla-a+vanilla-b", "max_turns": 40, "seed": 1},
              lambda: tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=40)),
    "zx": ("tcbg_zx", {"decks": "c01-white-red+c02-black-blue", "max_turns": 40, "seed": 1},
           lambda: tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"], max_turns=40)),
}


def _playout(state, rng):
    decisions = 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions


@pytest.mark.parametrize("way", ["pyspiel", "tcbg"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_playout_per_action(benchmark, name, way):
    short, params, make = GAMES[name]
    if way == "pyspiel":
        game = pyspiel.load_game(short, params)
        new = game.new_initial_state
    else:
        game = make()
        new = lambda: game.new_initial_state(seed=1)  # noqa: E731
    decisions = _playout(new(), random.Random(5))
    benchmark.extra_info["decisions"] = decisions
    benchmark.extra_info["games"] = 1
    benchmark.pedantic(lambda: _playout(new(), random.Random(5)), rounds=7, warmup_rounds=1)
