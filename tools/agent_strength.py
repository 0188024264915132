"""Strength of one native agent against another on the four faction decks, seats and decks swapped on common seeds
(docs/agents.md "Answering" quotes its figures).

    python tools/agent_strength.py A B [GAMES [SEED]]

A and B are agent specs as JSON (``'{"kind": "heuristic"}'``, ``'{"kind": "heuristic", "answers": "every"}'``).
For every ordered pair of faction decks (existenz 1v1, max_turns 200) it plays GAMES games from master seed SEED
with A on seat 0's deck against B, and the same GAMES seeds (the same shuffles) with B on seat 0's deck against A:
each deck of the pair is played by each agent from each seat. It prints A's score per pair (a win 1, a draw 1/2)
and over every game, with a 95% normal interval. Defaults: 2,000 games, seed 3 (48,000 games in all).
"""

from __future__ import annotations

import itertools
import json
import math
import sys

import numpy as np

import tcbg
from tcbg import _core

FACTIONS = ["arnunnian", "undead", "pirate", "barbarian"]


def scores(records, seat: int) -> np.ndarray:
    """The score of the agent on `seat` in each 1v1 game: 1 a win, 0 a loss, 1/2 a draw (both or neither win)."""
    mask = np.asarray(records["winner_mask"])
    won, lost = (mask >> seat) & 1, (mask >> (1 - seat)) & 1
    return np.where(won > lost, 1.0, np.where(won < lost, 0.0, 0.5))


def main(argv: list[str]) -> None:
    a, b = json.loads(argv[0]), json.loads(argv[1])
    games = int(argv[2]) if len(argv) > 2 else 2000
    seed = int(argv[3]) if len(argv) > 3 else 3
    every = []
    for x, y in itertools.permutations(FACTIONS, 2):
        game = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=[x, y], max_turns=200)
        on_x = scores(_core.x610z.simulate(game._core, [a, b], seed, 0, games), 0)
        on_y = scores(_core.x610z.simulate(game._core, [b, a], seed, 0, games), 1)
        every += [on_x, on_y]
        print(f"{x:>10} v {y:<10} A with {x}: {on_x.mean():.3f}  A with {y}: {on_y.mean():.3f}", flush=True)
    s = np.concatenate(every)
    half = 1.96 * s.std(ddof=1) / math.sqrt(len(s))
    print(f"A's score {s.mean():.4f} +- {half:.4f} (95%) over {len(s)} games")


if __name__ == "__main__":
    main(sys.argv[1:])
