"""The reinforcement-learning environments, measured (docs/environments.md): steps per second of the PettingZoo AEC
environment (the game's turn order and the round robin) and of the Gymnasium environment (random native opponent),
both games, with the loop a learner runs: ``last()`` (the observation tensor and the action mask), a masked random
action, ``step``. The batched native environment is compared with these rows.

Run: ``python -m pytest bench/test_bench_envs.py --benchmark-only``. Each round plays ``STEPS`` agent steps (a new
game, seeded, whenever one ends): divide the median by STEPS for the time per step; ``extra_info["steps_per_s"]``
gives the median's rate.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import tcbg  # noqa: E402
from tcbg.envs.gymnasium import TcbgGymEnv  # noqa: E402
from tcbg.envs.pettingzoo import raw_env  # noqa: E402

STEPS = 2_000
GAMES = {
    "x610z-vanilla": ("x610z", {"decks": ["vanilla-a", "vanilla-b"]}),
    "x610z-ffa4": ("x610z", {"setup": "ffa4", "decks": ["arnunnian", "pirate", "undead", "barbarian"]}),
    "zx-vanilla": ("zx", {"decks": ["vanilla-red-blue", "vanilla-white-black"]}),
    "zx-starters": ("zx", {"decks": ["c01-white-red", "c02-black-blue"]}),
}


@pytest.fixture(scope="module", params=list(GAMES))
def game(request):
    name, options = GAMES[request.param]
    return tcbg.load_game(name, **options)


def aec_steps(env, steps: int, rng: random.Random) -> int:
    seed = 0
    env.reset(seed=seed)
    for _ in range(steps):
        if not env.agents:
            seed += 1
            env.reset(seed=seed)
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[int(rng.random() * legal.size)]) if legal.size else 0)
    return steps


def _rate(benchmark):
    if benchmark.stats is not None:
        benchmark.extra_info["steps_per_s"] = round(STEPS / benchmark.stats.stats.median)


@pytest.mark.parametrize("turn_order", ["game", "round_robin"])
def test_pettingzoo_steps(benchmark, game, turn_order):
    env = raw_env(game, turn_order=turn_order)
    rng = random.Random(1)
    assert benchmark(aec_steps, env, STEPS, rng) == STEPS
    _rate(benchmark)


def test_gymnasium_steps(benchmark, game):
    env = TcbgGymEnv(game, opponent="random")
    rng = random.Random(1)

    def run():
        seed = 0
        _, info = env.reset(seed=seed)
        for _ in range(STEPS):
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, _, info = env.step(int(legal[int(rng.random() * legal.size)]))
            if terminated:
                seed += 1
                _, info = env.reset(seed=seed)
        return STEPS

    assert benchmark(run) == STEPS
    _rate(benchmark)
