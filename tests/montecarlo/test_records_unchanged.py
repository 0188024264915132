"""The native batches' records stay what they were: sha256 digests of the record arrays of fixed batches, recorded
before the batch simulator, the agents and the random playouts moved into the shared core (docs/architecture.md,
"What the games share"). A change of engine that changes a game changes a digest: such a change must say so in its
own commit and record the digests again (``python tests/montecarlo/test_records_unchanged.py`` prints them).

The batches cover the random, heuristic and search agents, vanilla, faction and quest decks, 1v1 and multi-player
setups, and both editions (Existenz and Act I), a few hundred games in all.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

import tcbg
from tcbg.montecarlo.records import SCALAR_COLUMNS

# name: (load_game keywords, agents, games, master seed)
CASES = {
    "random-vanilla-1v1": (dict(board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=60),
                           "random", 120, 11),
    "heuristic-vanilla-1v1": (dict(board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"]),
                              "heuristic", 60, 12),
    "heuristic-factions-1v1": (dict(board="existenz", setup="1v1", decks=["arnunnian", "pirate"]),
                               ["heuristic", "random"], 40, 13),
    "random-factions-ffa4": (dict(board="existenz", setup="ffa4", decks=["undead", "barbarian", "pirate",
                                                                          "arnunnian"], max_turns=40),
                             "random", 30, 14),
    "heuristic-vanilla-2v2": (dict(board="existenz", setup="2v2", decks=["vanilla-a", "vanilla-b"] * 2),
                              "heuristic", 20, 15),
    "random-act1-1v1": (dict(board="act1", setup="1v1", decks=["vanilla-act1-a", "vanilla-act1-b"], max_turns=60),
                        "random", 60, 16),
    "heuristic-quests-ffa3": (dict(board="act1", setup="ffa3", decks=["act1-quests"] * 3), "heuristic", 16, 17),
    "search8-vanilla-1v1": (dict(board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=40),
                            ["search:8", "heuristic"], 6, 18),
    "search8-factions-1v1": (dict(board="existenz", setup="1v1", decks=["barbarian", "undead"], max_turns=30),
                             ["random", "search:8"], 4, 19),
}

DIGESTS = {
    "random-vanilla-1v1": "67654f9ebf0a7c0b9a9f09a28a4b71580d20653e79351cb682b3ece0108c5f74",
    "heuristic-vanilla-1v1": "5f5ea65ea2e9d701b04605cc96ce23d077627e6c67aeb5ecd6e4b608d63b0610",
    "heuristic-factions-1v1": "35fe03e25b821acd0c4bf95bee545cf39911a9d2ba5a164b6db8e4f9427a250d",
    "random-factions-ffa4": "9295899a4d8138684deff6a1439a6605cb572826c9e91d8d24e7a001a12ff99e",
    "heuristic-vanilla-2v2": "b8d623ffdad02b0cfc7a5966e476167d0f38aab05814ec7e423be787c8b7499c",
    "random-act1-1v1": "6b292e3c7620f55147bb6e4bfd6b4311a1084d4ab3fabe9b4a1834c3546f26c7",
    "heuristic-quests-ffa3": "d98a7ad89274292c5c7d8ab23028c8fb04104e5989357a9a5b228498ffd0a1b6",
    "search8-vanilla-1v1": "a6ead313bb9942c8c5950ccf1919e9d9179a7a2e538322065448b65288e0a912",
    "search8-factions-1v1": "93af0223584fbd6c2d7b9ae748cb033fa312cd633236ffe5f8a270703860f656",
}

# Game.random_playouts(games, seed, check_invariants=True) totals: (load_game keywords, games, seed) -> totals
PLAYOUTS = {
    "vanilla-1v1": (dict(board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=80), 40, 3),
    "factions-ffa3": (dict(board="existenz", setup="ffa3", decks=["undead", "pirate", "barbarian"], max_turns=40),
                      12, 4),
}
PLAYOUT_TOTALS: dict[str, dict[str, int]] = {
    "vanilla-1v1": {"games": 40, "decisions": 80041, "turns": 2371, "draws": 8},
    "factions-ffa3": {"games": 12, "decisions": 13585, "turns": 492, "draws": 12},
}


def digest(records) -> str:
    """sha256 over every record array of a batch, in a fixed order, with each array's dtype and shape."""
    h = hashlib.sha256()
    for name in SCALAR_COLUMNS + ("card_flags",):
        column = np.ascontiguousarray(records[name])
        h.update(f"{name}:{column.dtype.str}:{column.shape}".encode())
        h.update(column.tobytes())
    return h.hexdigest()


def play(name: str):
    kwargs, agents, games, seed = CASES[name]
    records = tcbg.simulate(tcbg.load_game("x610z", **kwargs), agents, games=games, seed=seed, workers=1)
    assert records.native and len(records) == games
    return records


@pytest.mark.parametrize("name", sorted(CASES))
def test_native_batch_records_are_unchanged(name):
    assert digest(play(name)) == DIGESTS[name]


@pytest.mark.parametrize("name", sorted(PLAYOUTS))
def test_random_playout_totals_are_unchanged(name):
    kwargs, games, seed = PLAYOUTS[name]
    game = tcbg.load_game("x610z", **kwargs)
    assert game.random_playouts(games, seed=seed, check_invariants=True) == PLAYOUT_TOTALS[name]


if __name__ == "__main__":  # prints the digests and totals of the current engine, to record them above
    for case in CASES:
        print(f'    "{case}": "{digest(play(case))}",')
    for case, (kw, n, s) in PLAYOUTS.items():
        print(f'    "{case}": {tcbg.load_game("x610z", **kw).random_playouts(n, seed=s, check_invariants=True)},')
