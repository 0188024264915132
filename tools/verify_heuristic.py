"""Heuristic self-play on a build made with TCBG_VERIFY_DOT_BOUNDS (docs/engine-design.md "Where the time goes"):
there every shortcut the heuristic takes is checked against the play it replaces (skipped effect plays played out
against their floor, dot choices by bounds against their playouts, planned destinations against their scores), and
the process aborts with a message on the first difference.

    pip install -Cbuild-dir=build/verify -Ccmake.build-type=RelWithDebInfo \\
        "-Ccmake.define.CMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g -DNDEBUG -DTCBG_VERIFY_DOT_BOUNDS" -e .
    python tools/verify_heuristic.py GAMES [MASTER_SEED]

plays GAMES games (default master seed 11) of each of 15 cases (every ordered pair of the four faction decks in
1v1, the four in ffa4 and in two 2v2 seatings) under both heuristics (the default and ``"answers": "every"``) and
prints each case's time; the build prints how many of each shortcut it checked. 1,000 games of each case take
about a minute on one core. On a release build it only plays the games.
"""

from __future__ import annotations

import itertools
import sys
import time

import tcbg
from tcbg import _core

FACTIONS = ["arnunnian", "undead", "pirate", "barbarian"]
CASES = [("1v1", list(pair)) for pair in itertools.permutations(FACTIONS, 2)] + \
        [("ffa4", FACTIONS), ("2v2", FACTIONS[1:] + FACTIONS[:1]), ("2v2", FACTIONS)]
SPECS = ({"kind": "heuristic"}, {"kind": "heuristic", "answers": "every"})


def main(argv: list[str]) -> None:
    games = int(argv[0])
    master = int(argv[1]) if len(argv) > 1 else 11
    for spec in SPECS:
        for setup, decks in CASES:
            start = time.time()
            game = tcbg.load_game("x610z", board="existenz", setup=setup, decks=decks, max_turns=200)
            _core.x610z.simulate(game._core, [spec] * game.num_players(), master, 0, games)
            print(f"{spec.get('answers', 'default')} {setup} {'-'.join(decks)} {time.time() - start:.1f}s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
