"""The batched native environment's steps per second (docs/environments.md "The batched environment"): NUM_ENVS
games stepped together on every core, each step's observations (the game's tensor) and masks written, random legal
actions drawn natively (VectorEnv.random_actions). Self-play (the caller decides for every seat) and a learner
against the native random agent. Targets (issue 14): 1,000,000 Z/X steps and 300,000 X610Z steps a second on this
2-core machine.

Run: ``python -m pytest bench/test_bench_vector_env.py --benchmark-only``. A round is STEPS steps of every env:
NUM_ENVS * STEPS / median is the steps per second. The PettingZoo environment's own row is in
bench/test_bench_envs.py.
"""

from __future__ import annotations

import pytest

import tcbg
from tcbg.envs import VectorEnv

NUM_ENVS = 1024
STEPS = 20
GAMES = {
    "zx-starters": lambda: tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"]),
    "x610z-vanilla": lambda: tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"]),
    "x610z-ruins": lambda: tcbg.load_game("x610z", decks=["arnunnian", "pirate"]),
}


@pytest.mark.parametrize("learner", [None, 0], ids=["self-play", "vs-random"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_vector_env_steps(benchmark, name, learner):
    env = VectorEnv(GAMES[name](), NUM_ENVS, seed=1, learner=learner, opponents=None if learner is None else "random")
    env.reset()

    def steps():
        for _ in range(STEPS):
            env.step(env.random_actions())

    benchmark.extra_info["steps_per_round"] = NUM_ENVS * STEPS
    benchmark.extra_info["threads"] = env.threads
    benchmark.pedantic(steps, rounds=7, warmup_rounds=1)
