"""Positions as JSON, Z/X beside X610Z in the same run: ``state.to_json()`` and ``game.state_from_json(text)`` per
position, over mid-game positions of random play (docs/zx/state-format.md, docs/state-format.md "Positions as JSON").
Both games read a text in the core (cpp/src/x610z/position_read.cpp, cpp/src/zx/position_read.cpp) and build the
state through the core's checked deserialize; the Python readers word the errors of what the core refuses.

Run: ``python -m pytest bench/test_bench_zx_position.py --benchmark-only``; the rows' medians are per batch of
POSITIONS positions (positions per second = POSITIONS / median).
"""

from __future__ import annotations

import random

import pytest

import tcbg

POSITIONS = 50
NAMES = ["zx", "x610z"]


@pytest.fixture(scope="module")
def positions():
    games = {
        "zx": tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"]),
        "x610z": tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"],
                                max_turns=200),
    }
    out = {}
    for name, game in games.items():
        rng = random.Random(3)
        states = []
        for seed in range(POSITIONS):
            state = game.new_initial_state(seed=seed)
            for _ in range(rng.randrange(20, 120)):  # mid-game: cards on the field, in Trash and Charge
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
            states.append(state)
        out[name] = (game, states, [s.to_json() for s in states])
    return out


@pytest.mark.parametrize("name", NAMES)
def test_to_json(benchmark, positions, name):
    _game, states, texts = positions[name]
    benchmark.extra_info["positions"] = POSITIONS
    result = benchmark(lambda: [s.to_json() for s in states])
    assert result == texts


@pytest.mark.parametrize("name", NAMES)
def test_state_from_json(benchmark, positions, name):
    game, states, texts = positions[name]
    benchmark.extra_info["positions"] = POSITIONS
    result = benchmark(lambda: [game.state_from_json(t) for t in texts])
    assert [s.legal_actions() for s in result] == [s.legal_actions() for s in states]
