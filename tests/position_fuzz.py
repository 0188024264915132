"""Mutations of real positions for the readers' fuzz tests (tests/test_fuzz_inputs.py) and for counting what the
readers accept (``python tests/position_fuzz.py``): positions from random play of both games, every single-byte
change of a position's bytes (or a deterministic sample of them), and structured changes of its JSON document.

What a reader may do with a mutation is one of two things (docs/state-format.md P23, docs/zx/state-format.md ZP15):
refuse it with a typed tcbg error, or accept a position the engine can go on from: its invariants hold, it is over
or has a legal action, ``to_json()`` writes it and reads back the same, and random play goes on from it."""

from __future__ import annotations

import base64
import copy
import json
import random

import tcbg

PLAY_ON = 30  # random actions played from every accepted position


def x610z_positions() -> tuple:
    """Arnunnian against Pirate (card effects), positions picked along one random game: an attack pending, a
    resolution under way, the stack holding items, and a few plain ones."""
    game = tcbg.load_game(board="existenz", setup="1v1", decks=["arnunnian", "pirate"])
    state = game.new_initial_state(seed=3)
    rng = random.Random(3)
    picked, wanted = [], {"attack": 1, "resolve": 1, "trigger": 1, "announce": 1, "placement": 1}
    steps = 0
    while not state.is_terminal() and steps < 3000:
        kind = state.pending_kind()
        if wanted.get(kind, 0) > 0 or (steps in (40, 400)):
            wanted[kind] = wanted.get(kind, 1) - 1
            picked.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return game, picked


def zx_positions() -> list:
    """Z/X positions: the starters with card effects (frames of every kind random play gives early: a play under
    way, an effect resolving, a battle), the vanilla decks, two first-era decks, and one of the era's removed zone
    (a card removed from the game, rules.md Z15.127)."""
    out = [_removed_zone_position()]
    for decks, seed, picks in ((["c01-white-red", "c02-black-blue"], 1, (3, 25, 60, 140)),
                               (["c03-blue-white", "c04-green-red"], 2, (30, 90)),
                               (["vanilla-red-blue", "vanilla-white-black"], 5, (20, 70)),
                               (["era-blue-green", "era-white-black"], 7, (40, 120))):
        game = tcbg.load_game("zx", decks=decks)
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        kinds_seen = set()
        for step in range(max(picks) + 1):
            if state.is_terminal():
                break
            top = json.loads(state.to_json())["frames"][-1]["kind"]
            if step in picks or (top not in kinds_seen and top in ("play", "effect", "battle", "startup")):
                kinds_seen.add(top)
                out.append((game, state.clone()))
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def _removed_zone_position():
    """B03-056's Evol Seed removed it from the game and waits for its Trash choices (tests/zx/first_era)."""
    from tests.zx.era import act, arrange, name
    from tests.zx.test_starter_c01 import to_ignition

    state = arrange({}, {"charge": ["B01-089"], "trash": ["B01-003", "C03-015"],
                         "deck": ["B01-089", "B01-089", "B03-056"]})
    to_ignition(state)
    act(state, f"p1 ignite with {name('B01-089')}")
    assert state.names(1, "removed") == [name("B03-056")]
    return state.get_game(), state.clone()


def core_bytes(state) -> bytes:
    return base64.b64decode(state.serialize().split("\n")[1])


def from_bytes(game, data: bytes):
    return game.deserialize_state(f"{game.STATE_FORMAT}\n{base64.b64encode(data).decode()}\n")


def byte_mutations(data: bytes, offsets=None):
    """Every single-byte change at the given offsets: each byte set to 0, 1, 255, and its value plus and minus 1."""
    for at in range(len(data)) if offsets is None else offsets:
        old = data[at]
        for new in sorted({0, 1, 255, (old + 1) & 255, (old - 1) & 255} - {old}):
            yield at, new, data[:at] + bytes([new]) + data[at + 1:]


def json_mutations(doc: dict, rng: random.Random, count: int):
    """Structured changes of a document: a field deleted, a list's element duplicated, a number or a string
    replaced by an out-of-range or foreign value."""
    paths = list(_paths(doc, ()))
    odd = [-1, 0, 1, 2, 9, 13, 14, 99, 100, 254, 255, 256, 2**31, -2**31 - 1, 2**64, None, True, "s0", "s10", "",
           "x #999", [], {}]
    for _ in range(count):
        out = copy.deepcopy(doc)
        path = paths[rng.randrange(len(paths))]
        parent = out
        for key in path[:-1]:
            parent = parent[key]
        what = rng.choice(("delete", "duplicate", "replace", "replace"))
        if what == "delete":
            del parent[path[-1]]
        elif what == "duplicate" and isinstance(parent, list):
            parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
        else:
            parent[path[-1]] = rng.choice(odd)
        yield out


def _paths(v, at):
    if isinstance(v, dict):
        for k, x in v.items():
            yield at + (k,)
            yield from _paths(x, at + (k,))
    elif isinstance(v, list):
        for k, x in enumerate(v):
            yield at + (k,)
            yield from _paths(x, at + (k,))


def judge(game, read, seed: int = 0, fork: bool = False) -> str:
    """'refused' (a typed tcbg error), 'accepted' (a position the engine goes on from), or what went wrong."""
    try:
        state = read()
    except tcbg.TcbgError:
        return "refused"
    except Exception as exc:  # noqa: BLE001 - counted: an untyped error is a finding
        return f"untyped {type(exc).__name__}: {exc}"
    if fork:
        return isolated(lambda: check_accepted(game, state, seed))
    return check_accepted(game, state, seed)


def check_accepted(game, state, seed: int = 0) -> str:
    why = state.invariant_violation()
    if why:
        return f"invariant: {why}"
    if not state.is_terminal() and not state.legal_actions():
        return "no legal action"
    try:
        text = state.to_json()
        again = game.state_from_json(text)
    except Exception as exc:  # noqa: BLE001
        return f"to_json: {type(exc).__name__}: {exc}"
    if again.to_json() != text or again.legal_actions() != state.legal_actions():
        return "to_json does not read back"
    rng = random.Random(seed)
    try:
        for _ in range(PLAY_ON):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            if (why := state.invariant_violation()):
                return f"play on: invariant: {why}"
    except Exception as exc:  # noqa: BLE001
        return f"play on: {type(exc).__name__}: {exc}"
    return "accepted"


def isolated(work) -> str:
    """``work()`` in a forked child, so that a crash is counted rather than ending the count."""
    import os
    import signal

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            result = work()
        except BaseException as exc:  # noqa: BLE001
            result = f"child {type(exc).__name__}: {exc}"
        os.write(w, result.encode()[:4000])
        os._exit(0)
    os.close(w)
    chunks = []
    while chunk := os.read(r, 4096):
        chunks.append(chunk)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return f"crash {signal.Signals(os.WTERMSIG(status)).name}"
    return b"".join(chunks).decode()


def run_all(sample: int | None = None, json_count: int = 300, fork: bool = True, games=("x610z", "zx")) -> dict:
    """Counts of every outcome over both games (the whole byte space when ``sample`` is None)."""
    from collections import Counter

    counts: dict[str, Counter] = {}
    rng = random.Random(7)

    def add(key, result):
        counts.setdefault(key, Counter())[result if result in ("refused", "accepted") else "bad: " + result[:90]] += 1

    jobs = []
    if "x610z" in games:
        xgame, xstates = x610z_positions()
        jobs.append(("x610z", [(xgame, s) for s in xstates]))
    if "zx" in games:
        jobs.append(("zx", zx_positions()))
    for name, items in jobs:
        for game, state in items:
            data = core_bytes(state)
            offsets = None if sample is None else sorted(random.Random(len(data)).sample(range(len(data)), sample))
            for at, new, mutated in byte_mutations(data, offsets):
                add(f"{name} bytes", judge(game, lambda: from_bytes(game, mutated), at, fork))
            doc = json.loads(state.to_json())
            for mdoc in json_mutations(doc, rng, json_count):
                add(f"{name} json", judge(game, lambda: game.state_from_json(mdoc), 0, fork))
    return counts


if __name__ == "__main__":
    import sys

    result = run_all(None if len(sys.argv) < 2 or sys.argv[1] == "all" else int(sys.argv[1]),
                     games=sys.argv[2:] or ("x610z", "zx"))
    for key, c in result.items():
        bad = sum(v for k, v in c.items() if k.startswith("bad"))
        print(f"{key}: {sum(c.values())} mutations, {c['refused']} refused, {c['accepted']} accepted and sound, "
              f"{bad} accepted and unsound or crashing")
        for k, v in c.most_common():
            if k.startswith("bad"):
                print(f"   {v:6d} {k}")
