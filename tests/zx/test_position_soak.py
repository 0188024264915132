"""Every Z/X position random play reaches has a JSON form that reads back into the same position
(docs/zx/state-format.md, "Positions as JSON", ZP1-ZP14): over every ordered pairing of the shipped decks (the
vanilla decks, and the four starters with their abilities) and the test decks of tests/zx/decks.py
(Events with programs, Reloads, Ignitions), each position after each action goes through state.to_json() and
game.state_from_json() to the same serialize() (the action history and the record's unused slots apart), the same
legal actions and the same document again.

The suite plays one game per pairing. The long run plays N games per pairing:

    TCBG_SOAK_ZX_JSON_GAMES=1000 python -m pytest tests/zx/test_position_soak.py -q
"""

from __future__ import annotations

import functools
import itertools
import os
import random

import pytest

from tcbg.zx import Deck
from tcbg.zx.game import load_game
from tcbg.zx.position_bytes import canonical
from tests.zx.decks import PAIRS as TEST_PAIRS
from tests.zx.decks import make_game

LONG = int(os.environ.get("TCBG_SOAK_ZX_JSON_GAMES", "0"))
SHIPPED = list(itertools.product(Deck.names(), repeat=2))


@functools.lru_cache(maxsize=64)
def game_for(kind: str, a: str, b: str):
    if kind == "shipped":
        return load_game(decks=[a, b])  # with their cards' abilities
    return make_game(a, b)


def check_round_trip(game, state, where: str) -> None:
    doc = state.to_json()
    again = game.state_from_json(doc)
    assert again.serialize_bytes() == canonical(state.serialize_bytes(), game.num_instances), where
    assert again.legal_actions() == state.legal_actions(), where
    assert again.to_json() == doc, where
    assert again.is_terminal() == state.is_terminal() and again.current_player() == state.current_player(), where


def play(game, seed: int, where: str) -> int:
    """One random game, every position round-tripped; returns the positions checked."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while True:
        check_round_trip(game, state, f"{where} seed {seed} after {checked} actions")
        checked += 1
        if state.is_terminal():
            return checked
        state.apply_action(rng.choice(state.legal_actions()))


CASES = [("shipped", a, b) for a, b in SHIPPED] + [("test", a, b) for a, b in TEST_PAIRS]


@pytest.mark.parametrize("kind,a,b", CASES)
def test_every_position_round_trips(kind, a, b):
    game = game_for(kind, a, b)
    games = max(1, LONG)
    for g in range(games):
        assert play(game, 1000 + g, f"{a} vs {b}") > 1
