"""What a player sees, measured (docs/observations.md): observation_tensor written in C++ into one buffer (the cost a
batched environment pays per call), and from Python into a caller's array (out=) and as a new array. Both games,
mid-game positions (a few hundred random decisions in). A batched environment for 1,000,000 Z/X steps and 300,000
X610Z steps a second needs the tensor to cost a small part of a step.

Run: ``python -m pytest bench/test_bench_observation.py --benchmark-only``. The C++ rows time ``CALLS`` calls per
round: divide the median by CALLS for the time per call; compare rows of one run.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import tcbg

CALLS = 10_000
NAMES = ["x610z-vanilla", "x610z-ruins", "x610z-ffa4", "zx-vanilla", "zx-starters"]


def _game(name):
    if name == "x610z-vanilla":
        return tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
    if name == "x610z-ruins":
        return tcbg.load_game(decks=["arnunnian", "pirate"])
    if name == "x610z-ffa4":
        return tcbg.load_game(setup="ffa4", decks=["arnunnian", "pirate", "undead", "barbarian"])
    if name == "zx-vanilla":
        return tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"])
    return tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"])


@pytest.fixture(scope="module")
def positions():
    out = {}
    for name in NAMES:
        state = _game(name).new_initial_state(3)
        rng = random.Random(0)
        for _ in range(200 if name.startswith("zx") else 400):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        assert not state.is_terminal()
        out[name] = state
    return out


@pytest.mark.parametrize("name", NAMES)
def test_tensor_in_cpp(benchmark, positions, name):
    state = positions[name]
    benchmark.extra_info["calls"] = CALLS
    assert benchmark(state.observation_tensor_many, 0, CALLS) == CALLS


@pytest.mark.parametrize("name", NAMES)
def test_tensor_into_out(benchmark, positions, name):
    state = positions[name]
    buffer = np.empty(state.get_game().observation_tensor_size(), dtype=np.float32)
    assert benchmark(state.observation_tensor, 0, buffer) is buffer


@pytest.mark.parametrize("name", NAMES)
def test_tensor_new_array(benchmark, positions, name):
    state = positions[name]
    assert benchmark(state.observation_tensor, 0).dtype == np.float32


@pytest.mark.parametrize("name", ["x610z-ruins", "zx-starters"])
def test_information_state_string(benchmark, positions, name):
    state = positions[name]
    assert benchmark(state.information_state_string, 0).startswith("observer 0")
