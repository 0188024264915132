"""Where a heuristic game's decisions and their cost go, by kind of decision (docs/engine-design.md "Where the time
goes"): how many decisions of each kind a game holds, how many of them are forced (one legal action), and what
share of the work each kind takes (the heuristic's choice and applying it).

    python tools/decision_kinds.py DECK DECK GAMES

plays GAMES heuristic self-play games (existenz 1v1, max_turns 200, seeds 0 .. GAMES - 1, every seat's agent
``Agent({"kind": "heuristic"}, 0)``, as tests/x610z/test_heuristic_speed_equivalence.py drives them) and prints,
per kind, decisions a game, the forced share and the processor time's share (``time.process_time_ns`` around each
choice and around its apply, about 0.3 us of which is the clock and the Python call: noisy per decision, steady
over thousands). For instruction counts run it under callgrind
with ``TCBG_KIND=KIND``: collection is then switched on (CALLGRIND_TOGGLE_COLLECT, through a tiny helper compiled
on the fly with ``cc``) around the decisions of that kind only:

    TCBG_KIND=own-turn valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=/tmp/k.out \
        python tools/decision_kinds.py arnunnian pirate 100

The kinds: ``mulligan``; ``discard`` (cleanup); ``placement`` (a summon's dot), ``destination`` (a declared move's),
``attack-target``; ``announce`` (a card's mode, additional effects and targets while casting), ``resolve`` (a
choice an effect asks for), ``trigger`` (which waiting ability goes on the stack); ``answer`` (priority with
something on the stack); ``pass-only`` (priority outside one's own action phase, stack empty: the heuristic passes);
``own-turn`` (one's own action phase, stack empty), split by what it chose: ``own-turn:move`` (declaring a move),
``own-turn:attack``, ``own-turn:crystal``, ``own-turn:cast``, ``own-turn:ability``, ``own-turn:pass``,
``own-turn:other``.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter

import tcbg
from tcbg import _core

_TOGGLE_SOURCE = """
#include <valgrind/callgrind.h>
void tcbg_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
"""


def _toggle():
    """CALLGRIND_TOGGLE_COLLECT as a function (a no-op outside valgrind)."""
    directory = tempfile.mkdtemp(prefix="tcbg-kinds-")
    source, lib = os.path.join(directory, "toggle.c"), os.path.join(directory, "toggle.so")
    with open(source, "w") as f:
        f.write(_TOGGLE_SOURCE)
    subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-o", lib, source], check=True)
    return ctypes.CDLL(lib).tcbg_toggle_collect


def kind_of(state, action: int, blocks: dict, legal_count: int) -> str:
    phase = state.phase
    if phase == "mulligan":
        return "mulligan"
    if phase == "cleanup":
        return "discard"
    pending = state.pending_kind()
    if pending != "none":
        return {"placement": "placement", "move": "destination", "attack": "attack-target"}.get(pending, pending)
    if state.stack_items():
        return "answer"
    if phase != "action" or state.active_player != state.current_player():
        return "pass-only"
    if action == 0:
        return "own-turn:pass"
    n = blocks["instances"]
    if blocks["per_instance"] <= action < blocks["dot"]:
        block = (action - blocks["per_instance"]) // n
        return "own-turn:" + {0: "crystal", 1: "activate-crystal", 3: "cast", 4: "move", 5: "attack"}.get(block, "other")
    if blocks["ability"] <= action < blocks["trigger"]:
        return "own-turn:ability"
    return "own-turn:other"


def main(argv: list[str]) -> None:
    a, b, games = argv[0], argv[1], int(argv[2])
    only = os.environ.get("TCBG_KIND")
    toggle = _toggle() if only else None
    game = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=[a, b], max_turns=200)
    layout = game._core.action_blocks
    blocks = {"instances": game._core.num_instances, "per_instance": layout["per_instance"],
              "dot": layout["dot"], "ability": layout["ability"], "trigger": layout["trigger"]}
    agent = _core.x610z.Agent({"kind": "heuristic"}, 0)
    count, forced, spent = Counter(), Counter(), Counter()
    clock = time.process_time_ns
    for seed in range(games):
        state = game.new_initial_state(seed=seed)
        core = state._core
        while not core.is_terminal():
            legal = len(core.legal_actions())
            if only:
                # The kind needs the choice (own-turn's split), so the choice is made twice: once to know the kind
                # outside collection, once inside it (the heuristic is deterministic and keeps nothing between
                # decisions that changes its pick).
                probe = agent.choose(core)
                kind = kind_of(core, probe, blocks, legal)
                if kind == only or kind.split(":")[0] == only:
                    toggle()
                    action = agent.choose(core)
                    core.apply_action(action)
                    toggle()
                else:
                    core.apply_action(probe)
            else:
                t = clock()
                action = agent.choose(core)
                t = clock() - t
                kind = kind_of(core, action, blocks, legal)
                u = clock()
                core.apply_action(action)
                spent[kind] += t + clock() - u
            count[kind] += 1
            forced[kind] += legal == 1
    total_decisions = sum(count.values())
    total_time = sum(spent.values()) or 1
    print(f"{a} against {b}, {games} games, {total_decisions / games:.1f} decisions a game, "
          f"{sum(forced.values()) / total_decisions:.1%} forced")
    print(f"{'kind':20} {'a game':>8} {'forced':>7} {'time':>7} {'us each':>8}")
    for kind, n in sorted(count.items(), key=lambda kv: -spent[kv[0]] if not only else -kv[1]):
        print(f"{kind:20} {n / games:8.1f} {forced[kind] / n:7.1%} {spent[kind] / total_time:7.1%} "
              f"{spent[kind] / n / 1000:8.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
