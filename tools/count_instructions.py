"""Instruction counts of the engine's hot loops, for speed work on a shared machine (docs/engine-design.md "Where
the time goes"): wall-clock medians move with other work on the machine, instruction counts do not.

The release build keeps no function names (the core's symbols are hidden, cpp/CMakeLists.txt, and pybind11 strips
the module), so count in a build that keeps them, at the release build's optimisation:

    pip install -Cbuild-dir=build/prof -Ccmake.build-type=RelWithDebInfo \
        "-Ccmake.define.CMAKE_CXX_FLAGS_RELWITHDEBINFO=-O3 -g -DNDEBUG" -e .

Run one workload under callgrind, collecting only inside the native loop it names:

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out --collect-atstart=no \
        --toggle-collect='tcbg::x610z::simulate(*' python tools/count_instructions.py heuristic arnunnian pirate 20
    callgrind_annotate /tmp/cg.out | head -40

and divide the total ("PROGRAM TOTALS" / "Ir") by the games or decisions the script prints. Workloads:

- ``heuristic DECK DECK GAMES``: heuristic self-play through ``simulate`` (toggle ``tcbg::x610z::simulate(*``),
- ``random DECK DECK GAMES``: native random playouts (toggle ``tcbg::x610z::random_playouts(*``),
- ``zx-random DECK DECK GAMES``: Z/X native random playouts (toggle ``tcbg::zx::random_playouts(*``), max_turns 200,
  master seed 1; ``vanilla`` as a deck name plays with the cards' abilities off (``effects=False``),
- ``zx-heuristic DECK DECK GAMES``: Z/X heuristic self-play through ``simulate`` (toggle ``*simulate_batch*``),
  master seed 0, max_turns 200; ``vanilla`` as with ``zx-random``,
- ``clone COUNT``: ``state.clone()`` from Python, COUNT times (no toggle: run it with COUNT and with 0 and take the
  difference, which leaves out the interpreter's start-up).

Every workload plays existenz 1v1 with max_turns 200 from master seed 0 (heuristic) or 1 (random), as the benchmarks
do; "vanilla" as a deck name plays vanilla-a against vanilla-b.
"""

from __future__ import annotations

import sys

import tcbg
from tcbg import _core


def load(a: str, b: str):
    decks = ["vanilla-a", "vanilla-b"] if a == "vanilla" else [a, b]
    return tcbg.load_game("x610z", board="existenz", setup="1v1", decks=decks, max_turns=200)


def main(argv: list[str]) -> None:
    kind = argv[0]
    if kind == "heuristic":
        game = load(argv[1], argv[2])
        games = int(argv[3])
        records = _core.x610z.simulate(game._core, [{"kind": "heuristic"}] * 2, 0, 0, games)
        print(f"games {games} decisions {int(records['decisions'].sum())}")
    elif kind == "random":
        game = load(argv[1], argv[2])
        games = int(argv[3])
        totals = game.random_playouts(games, seed=1)
        print(f"games {totals['games']} decisions {totals['decisions']}")
    elif kind in ("zx-random", "zx-heuristic"):
        vanilla = argv[1] == "vanilla"
        decks = [argv[2], argv[3]] if vanilla else [argv[1], argv[2]]
        game = tcbg.load_game("zx", decks=decks, effects=not vanilla, max_turns=200)
        games = int(argv[-1])
        if kind == "zx-random":
            totals = game.random_playouts(games, seed=1)
            print(f"games {totals['games']} decisions {totals['decisions']}")
        else:
            records = _core.zx.simulate(game._core, [{"kind": "heuristic"}] * 2, 0, 0, games)
            print(f"games {games} decisions {int(records['decisions'].sum())}")
    elif kind == "clone":
        game = load("vanilla", "")
        state = game.new_initial_state(seed=3)
        clone = state.clone
        for _ in range(int(argv[1])):
            clone()
        print(f"clones {argv[1]}")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
