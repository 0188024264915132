"""The rules engine's first part (set-up, turns, priority, crystals; rules.md section 5), vanilla decks, 1v1 on
"existenz": random play in a native loop (decisions and games per second), the same through the Python loop
(legal_actions then apply_action), and clone() (through Python, and the core's copy on its own). Targets of the
rules-engine issue: 2,000,000 decisions per second per core natively, under 1.5 us per action through Python,
1,000,000 clones per second."""

from __future__ import annotations

import random

import pytest

import tcbg

GAMES = 50


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=200)


def test_native_random_play(benchmark, game):
    totals = game.random_playouts(GAMES, seed=1)
    benchmark.extra_info.update(decisions=totals["decisions"], games=GAMES)
    result = benchmark(game.random_playouts, GAMES, 1)
    assert result == totals  # deterministic


def test_python_loop(benchmark, game):
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


def test_clone(benchmark, game):
    state = game.new_initial_state(seed=3)
    benchmark.extra_info.update(clones=1)
    benchmark(state.clone)


def test_core_clone(benchmark, game):
    """The copy a search in the core makes (State's copy constructor), 1,000 per call so Python is not measured."""
    state = game.new_initial_state(seed=3)
    benchmark.extra_info.update(clones=1000)
    benchmark(state.clone_many, 1000)
