"""The speed figures a balance analyst waits on, measured in two builds in one run (docs/engine-design.md "Where the
time goes"): heuristic self-play games per second of processor time (``time.process_time``: on a shared machine
the wall clock counts the other work too) for every pair of the four faction decks and for the vanilla
decks, native random play decisions per second (processor time too) with the faction decks and with the vanilla
decks, and ``state.clone()`` from Python (wall clock, the best of five).

    python tools/compare_speed.py /path/to/old/venv/bin/python /path/to/new/venv/bin/python [rounds [games]]

Each figure is measured in both builds in turn, ``rounds`` times (default 5), so drift in what else the machine is
doing reaches both alike; the medians are printed side by side. ``games``: heuristic games per pair and figure
(default 200; more games make a figure less noisy on a busy machine). Run without arguments it measures the running
build once (``--one [games]``, what each round runs).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
import timeit

PAIRS = [("arnunnian", "pirate"), ("undead", "barbarian"), ("arnunnian", "undead"), ("arnunnian", "barbarian"),
         ("undead", "pirate"), ("pirate", "barbarian")]
HEURISTIC_GAMES = 200
RANDOM_GAMES = 40


def measure(heuristic_games: int = HEURISTIC_GAMES) -> dict[str, float]:
    import tcbg
    from tcbg import _core

    def load(decks):
        return tcbg.load_game("x610z", board="existenz", setup="1v1", decks=list(decks), max_turns=200)

    out: dict[str, float] = {}
    for pair in PAIRS + [("vanilla-a", "vanilla-b")]:
        game = load(pair)
        t = time.process_time()
        _core.x610z.simulate(game._core, [{"kind": "heuristic"}] * 2, 0, 0, heuristic_games)
        out[f"heuristic games/s {pair[0]}-{pair[1]}"] = heuristic_games / (time.process_time() - t)
    for name, pairs in (("factions", [("arnunnian", "pirate"), ("undead", "barbarian")]),
                        ("vanilla", [("vanilla-a", "vanilla-b")])):
        decisions, seconds = 0, 0.0
        for pair in pairs:
            game = load(pair)
            t = time.process_time()
            totals = game.random_playouts(RANDOM_GAMES // len(pairs), 1)
            seconds += time.process_time() - t
            decisions += totals["decisions"]
        out[f"random M decisions/s {name}"] = decisions / seconds / 1e6
    state = load(("vanilla-a", "vanilla-b")).new_initial_state(seed=3)
    out["clone us"] = min(timeit.repeat(state.clone, number=20000, repeat=5)) / 20000 * 1e6
    out["core clone us"] = min(timeit.repeat(lambda: state.clone_many(1000), number=20, repeat=5)) / 20000 * 1e6
    return out


def main(argv: list[str]) -> None:
    if not argv or argv[0] == "--one":
        print(json.dumps(measure(int(argv[1]) if len(argv) > 1 else HEURISTIC_GAMES)))
        return
    old, new = argv[0], argv[1]
    rounds = int(argv[2]) if len(argv) > 2 else 5
    games = argv[3] if len(argv) > 3 else str(HEURISTIC_GAMES)
    runs: dict[str, list[dict[str, float]]] = {old: [], new: []}
    for _ in range(rounds):
        for python in (old, new):
            result = subprocess.run([python, __file__, "--one", games], check=True, capture_output=True, text=True)
            runs[python].append(json.loads(result.stdout.strip().splitlines()[-1]))
    print(f"{'figure':45} {'old':>10} {'new':>10} {'new/old':>8}")
    for key in runs[old][0]:
        a = statistics.median(r[key] for r in runs[old])
        b = statistics.median(r[key] for r in runs[new])
        print(f"{key:45} {a:10.3f} {b:10.3f} {b / a:8.2f}")
    for python in (old, new):
        ratio = statistics.median(r["random M decisions/s vanilla"] / r["random M decisions/s factions"]
                                  for r in runs[python])
        print(f"vanilla / factions random decisions per second ({'old' if python == old else 'new'}): {ratio:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
