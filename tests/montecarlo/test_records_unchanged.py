"""The native batches' records stay what they were: sha256 digests of the record arrays of fixed batches, recorded
before the batch simulator, the agents and the random playouts moved into the shared core (docs/architecture.md,
"What the games share"). A change of engine that changes a game changes a digest: such a change must say so in its
own commit and record the digests again (``python tests/montecarlo/test_records_unchanged.py`` prints them).

The batches cover the random, heuristic and search agents, vanilla, faction and quest decks, 1v1 and multi-player
setups, and both editions (Existenz and Act I), a few hundred games in all. Recorded again when the faction decks
and the shipped boards were balanced (docs/balance.md "Balancing tcbg's own decks": content, not engine), and for
the batches whose cards have effects when the heuristic's default became answering the other teams' stack items
only (tcbg 0.2.0, docs/agents.md "Answering"), and for the batches with the Arnunnian deck when its list changed
for the search agent, and for the batches with the Barbarian and Pirate decks when their lists and numbers changed
(docs/balance.md "Changes to the shipped content": content, not engine).
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
"random-vanilla-1v1": "46feafcf99b88b963ad5ef435f419bd31397e47f3e716d31dd2136b4b62b3d4c",
    "heuristic-vanilla-1v1": "aae28296b74bdf0d5ea03faafa6368993b998abe34e5a52f6121615f7ddda094",
    "heuristic-factions-1v1": "c14bf49b6633bdbc7e9821eeb9c367e465d210ad82ec1f7081db4851880e8353",
    "random-factions-ffa4": "9d8196c27a777034481a4af302ba1b87487fca1cb4b7d9aa3c43dcbce343f0cd",
    "heuristic-vanilla-2v2": "063d80429424db15260bd1df7896c347aa0291bc93935ef9b72858111198d4c5",
    "random-act1-1v1": "ae01a0ebc38527d790a1c71d703cfbabd8d9f2245da535ab8f24863b4f9bfa63",
    "heuristic-quests-ffa3": "1cc129985ed917bf8c874dd8bd11741c62a6be3d1dfdff483115596c1df842fd",
    "search8-vanilla-1v1": "e6ad3153878934739a4bbe2cf3d56c439bc8d9633f0e64cf85d54a7b13934c8f",
    "search8-factions-1v1": "915bcaa47ad6ce0ebedda57d0e02c28d03555abd4869e6e1e486f4f9921f5cc9",
}

# Game.random_playouts(games, seed, check_invariants=True) totals: (load_game keywords, games, seed) -> totals
PLAYOUTS = {
    "vanilla-1v1": (dict(board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=80), 40, 3),
    "factions-ffa3": (dict(board="existenz", setup="ffa3", decks=["undead", "pirate", "barbarian"], max_turns=40),
                      12, 4),
}
PLAYOUT_TOTALS: dict[str, dict[str, int]] = {
    "vanilla-1v1": {"games": 40, "decisions": 98661, "turns": 2740, "draws": 20},
    "factions-ffa3": {"games": 12, "decisions": 15116, "turns": 492, "draws": 12},
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
