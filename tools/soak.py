"""Random games of both games for a given time, every rule invariant checked: the soak the sanitizer build runs
(tools/sanitize.sh, docs/testing.md), and a stand-alone check of a build.

    python tools/soak.py --minutes 10

Each round plays, for X610Z (vanilla and faction decks) and Z/X (the vanilla and starter decks):
- native random games with the invariants checked after every action (``game.random_playouts(check_invariants=True)``);
- one game through the Python State, each action chosen at random and checked first (``check_action``,
  ``is_legal``, ``check_actions`` over the whole id space against ``legal_actions``), the state cloned, serialized
  and read back, its position written as JSON and read back, its observations taken;
- a native batch of heuristic games (``tcbg.simulate``).
Bad input is thrown at the State between actions too (floats, bools, arrays, huge ints: typed errors only). Any
failure raises; the totals are printed at the end.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import tcbg

BAD = (1.5, True, np.bool_(True), np.array([1]), 2**70, -(2**70), "0", None, 1j, [1])


def _games():
    return [
        ("x610z vanilla", tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"])),
        ("x610z factions", tcbg.load_game("x610z", decks=["arnunnian", "undead"])),
        ("zx vanilla", tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"])),
        ("zx starters", tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"])),
    ]


def _python_game(game, seed: int) -> int:
    """One game through the Python State with every check; returns the actions taken."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    ids = np.arange(game.num_distinct_actions())
    steps = 0
    while not state.is_terminal() and steps < 3000:
        legal = state.legal_actions()
        assert np.flatnonzero(state.check_actions(ids)).tolist() == legal
        before = state.serialize()
        for bad in BAD:
            assert not state.is_legal(bad)
            try:
                state.apply_action(bad)
            except tcbg.TcbgError:
                pass
            else:
                raise AssertionError(f"apply_action({bad!r}) was taken")
        assert state.serialize() == before
        if steps % 25 == 0:
            assert game.deserialize_state(before).serialize() == before
            assert state.clone().serialize() == before
            again = game.state_from_json(state.to_json())
            assert again.legal_actions() == legal
            for p in range(game.num_players()):
                state.observation_tensor(p)
                state.observation_string(p)
        action = rng.choice(legal)
        assert state.check_action(action)
        assert state.check_action(state.action_to_string(action))
        state.apply_action(action)
        steps += 1
    return steps


def soak(minutes: float, seed: int = 0) -> dict[str, int]:
    games = _games()
    end = time.monotonic() + minutes * 60
    totals = {"native games": 0, "python games": 0, "python actions": 0, "batch games": 0, "rounds": 0}
    round_ = 0
    while True:
        for _, game in games:
            out = game.random_playouts(20, seed=seed + round_, check_invariants=True)
            totals["native games"] += out["games"]
            totals["python actions"] += _python_game(game, seed * 1000 + round_)
            totals["python games"] += 1
            kind = game.KIND
            module = getattr(tcbg._core, kind)
            records = module.simulate(game._core, [{"kind": "heuristic"}] * game.num_players(), seed + round_,
                                      0, 4)
            totals["batch games"] += len(records["reason"])
            if time.monotonic() > end:
                totals["rounds"] = round_ + 1
                return totals
        round_ += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.monotonic()
    totals = soak(args.minutes, args.seed)
    print(", ".join(f"{k} {v}" for k, v in totals.items()) + f" in {time.monotonic() - started:.0f} s: no failure")


if __name__ == "__main__":
    main()
