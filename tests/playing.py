"""Helpers the tests of both games share (tests/ is on the import path, tests/conftest.py): a position reached by
seeded random play, and the paths into a position document."""

from __future__ import annotations

import random


def played(game, seed: int, actions: int):
    """The state after up to ``actions`` random actions from the initial state of ``seed`` (the actions chosen by
    ``random.Random(seed)``; fewer when the game ends first)."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def document_paths(value, prefix=()):
    """Every path into a JSON value (dict keys and list indices), the value itself first."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from document_paths(child, prefix + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from document_paths(child, prefix + (i,))


def get_path(doc, path):
    for key in path:
        doc = doc[key]
    return doc
