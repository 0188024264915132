#!/usr/bin/env python3
"""Generate the boards shipped with tcbg: ``existenz`` and ``act1``.

    python tools/make_boards.py [--out DIR]

writes ``existenz.json`` and ``act1.json`` into DIR (default: ``src/tcbg/x610z/boards`` of this repository). The
output is deterministic and the files are committed; ``tests/x610z/test_shipped_boards.py`` re-runs this script into a
temporary directory and checks that the committed files are byte for byte what it writes. Edit the boards here, never
by hand. The design is explained in ``docs/boards.md``.

Geometry (both boards): the centre of the board is (0, 0), y points up (math orientation), ring ``n`` has radius
``100 * n``, and dot ``k`` of a ring of ``m`` dots sits at angle ``-90 - k * 360 / m`` degrees, so dot 0 of every ring
is straight below the centre and the numbers grow clockwise. Coordinates are rounded to integers. Every line gives
both leave directions explicitly, computed from the *rounded* positions ``p = (x, y)`` of its end dots:

- a radial line leaves its inner end along ``p`` (outwards) and its outer end along ``-p`` (inwards);
- an orbit line (an arc of a ring) leaves each end along a tangent of that end: ``(y, -x)`` (clockwise) or
  ``(-y, x)`` (counter-clockwise).

So at every dot a turn between an orbit and a radial path is exactly 90 degrees (dot product 0), and going straight on
along an orbit or a radial path is exactly a reversal of the leave direction (rules.md 2.4 and 2.5), whatever the
rounding did to the positions.

Only the standard library is used.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections import deque

FORMAT = "tcbg-board/1"
RING = 100  # radius step between two rings

# --------------------------------------------------------------------------------------------------------------------
# Geometry helpers


def _round(v: float) -> int:
    """Round half away from zero (never banker's rounding, so the output does not depend on ties)."""
    return int(math.floor(v + 0.5)) if v >= 0 else -int(math.floor(-v + 0.5))


def ring_position(ring: int, k: int, count: int) -> tuple[int, int]:
    """Rounded position of dot ``k`` of ``count`` on ring ``ring``: angle -90 - k*360/count degrees (clockwise)."""
    angle = math.radians(-90.0 - 360.0 * k / count)
    r = RING * ring
    return _round(r * math.cos(angle)), _round(r * math.sin(angle))


class _Builder:
    def __init__(self) -> None:
        self.dots: list[dict] = []
        self.pos: dict[str, tuple[int, int]] = {}
        self.lines: list[dict] = []

    def dot(self, dot_id: str, xy: tuple[int, int], kinds: list[str]) -> str:
        assert dot_id not in self.pos, dot_id
        assert xy not in self.pos.values(), (dot_id, xy)
        entry = {"id": dot_id, "x": xy[0], "y": xy[1]}
        if kinds:
            entry["kinds"] = list(kinds)
        self.dots.append(entry)
        self.pos[dot_id] = xy
        return dot_id

    def radial(self, inner: str, outer: str) -> None:
        """A straight radial path; leave directions are the rounded position vectors (outward / inward)."""
        xi, yi = self.pos[inner]
        xo, yo = self.pos[outer]
        self.lines.append({"a": inner, "b": outer, "leave_a": [xi, yi], "leave_b": [-xo, -yo]})

    def orbit(self, a: str, b: str) -> None:
        """An arc of a ring from ``a`` clockwise to ``b``: exact integer tangents of the rounded positions."""
        xa, ya = self.pos[a]
        xb, yb = self.pos[b]
        # At a the arc leaves clockwise (towards b): (y, -x); at b it leaves counter-clockwise (towards a): (-y, x).
        self.lines.append({"a": a, "b": b, "leave_a": [ya, -xa], "leave_b": [-yb, xb]})

    def ring_orbits(self, ids: list[str]) -> None:
        for k, a in enumerate(ids):
            self.orbit(a, ids[(k + 1) % len(ids)])


def _dump(doc: dict) -> str:
    """Stable, diff-friendly JSON: one dot, line or setup per row."""

    def one(value) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    out = ["{"]
    for key in ("format", "name", "rules", "description"):
        out.append(f"  {one(key)}: {one(doc[key])},")
    for key in ("dots", "lines"):
        out.append(f"  {one(key)}: [")
        items = doc[key]
        for i, item in enumerate(items):
            out.append(f"    {one(item)}{',' if i + 1 < len(items) else ''}")
        out.append("  ],")
    out.append('  "setups": {')
    names = list(doc["setups"])
    for i, name in enumerate(names):
        out.append(f"    {one(name)}: {one(doc['setups'][name])}{',' if i + 1 < len(names) else ''}")
    out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------------------------------
# Self-check: fewest steps under the corner rule (rules.md 2.4), independent of the C++ core.


def corner_distances(doc: dict, source: str) -> dict[str, int]:
    """Fewest steps from ``source`` to every dot along lines, with no turn sharper than 90 degrees."""
    leaves: dict[str, list[tuple[str, tuple[int, int], int]]] = {d["id"]: [] for d in doc["dots"]}
    for i, ln in enumerate(doc["lines"]):
        leaves[ln["a"]].append((ln["b"], tuple(ln["leave_a"]), i))
        leaves[ln["b"]].append((ln["a"], tuple(ln["leave_b"]), i))
    # state: (dot, the direction in which the arriving line leaves this dot, or None at the source)
    best: dict[str, int] = {source: 0}
    start = (source, None)
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        (dot, back), steps = queue.popleft()
        for other, out_dir, line in leaves[dot]:
            if back is not None and back[0] * out_dir[0] + back[1] * out_dir[1] > 0:
                continue  # sharper than 90 degrees
            # direction in which this line leaves ``other``
            ln = doc["lines"][line]
            arrive_back = tuple(ln["leave_b"] if ln["b"] == other else ln["leave_a"])
            state = (other, arrive_back)
            if state in seen:
                continue
            seen.add(state)
            best.setdefault(other, steps + 1)
            queue.append((state, steps + 1))
    return best


def nearest_end(doc: dict, start: str) -> int:
    ends = {d["id"] for d in doc["dots"] if "end" in d.get("kinds", ())}
    dist = corner_distances(doc, start)
    return min(dist[e] for e in ends if e in dist)


# --------------------------------------------------------------------------------------------------------------------
# existenz: X610Z "On the Ruins of Chaos"

EXISTENZ_KINDS = {
    # ring: (kinds of the dots in line with a start dot, kinds of the dots half-way between)
    2: (["white"], ["no-attack"]),
    3: (["quest"], ["white"]),
    4: (["warp"], ["white"]),
    # the plains: white rings joined at every dot. They make the road from a start dot to an end dot 10 steps
    # (it was 6), which brings the first player's share under 60% (docs/balance.md "The first player's advantage")
    5: (["white"], ["white"]),
    6: (["white"], ["white"]),
    7: (["white"], ["white"]),
    8: (["white"], ["white"]),
    9: (["no-attack"], ["white"]),
}
EXISTENZ_RINGS = max(EXISTENZ_KINDS)  # the outermost ring of dots; the end dots sit on the rim just outside it


def make_existenz() -> dict:
    b = _Builder()
    starts = [b.dot(f"s-{k:02d}", ring_position(1, k, 12), ["start"]) for k in range(12)]
    last = EXISTENZ_RINGS
    rings: dict[int, list[str]] = {}
    for r in range(2, last + 1):
        even, odd = EXISTENZ_KINDS[r]
        rings[r] = [b.dot(f"r{r}-{k:02d}", ring_position(r, k, 24), even if k % 2 == 0 else odd) for k in range(24)]
    # end dot k sits on the rim half-way between start dots k and k+1 (in line with ring index 2k+1)
    ends = [b.dot(f"e-{k:02d}", ring_position(last + 1, 2 * k + 1, 24), ["end"]) for k in range(12)]

    for k in range(12):
        b.radial(starts[k], rings[2][2 * k])  # each slope of Mount Vargah has one path down
    for r in range(2, last + 1):
        b.ring_orbits(rings[r])
    for k in range(24):
        if k % 2 == 1:
            b.radial(rings[2][k], rings[3][k])  # staggered: ring 2 -> 3 between the start dots
    for r in range(3, last - 1):
        for k in range(24):
            b.radial(rings[r][k], rings[r + 1][k])  # ring 3 -> 4 and the plains: every dot
    for k in range(24):
        if k % 2 == 1:
            b.radial(rings[last - 1][k], rings[last][k])  # out to the last ring: between the start dots again
    for k in range(12):
        b.radial(rings[last][2 * k + 1], ends[k])

    doc = {
        "format": FORMAT,
        "name": "existenz",
        "rules": "existenz",
        "description": (
            "X610Z On the Ruins of Chaos, generated by tools/make_boards.py (see docs/boards.md). Mount Vargah fills "
            "the centre (no dot there). Its slopes hold 12 start dots (ring 1), s-00 straight below the centre and "
            "numbered clockwise, each with a single path down to ring 2. Rings 2 to 9 have 24 dots each (r2-00 .. "
            "r9-23, in line with the start dots at even numbers), joined by orbits and by radial paths: ring 2 to 3 "
            "and ring 8 to 9 at odd numbers only (staggered), rings 3 to 8 at every dot (rings 5 to 8 are the "
            "plains). 12 end dots (e-00 .. e-11) on the rim, each half-way between two start dots. Red no-attack "
            "dots: ring 2 odd, ring 9 even; quest dots: ring 3 even; warp dots: ring 4 even; white dots elsewhere. "
            "Every start dot is 10 steps from its two nearest end dots. Setups 1v1 (s-00, s-06), ffa3 (s-00, s-04, s-08), 2v2 (s-00, s-03, s-06, s-09, "
            "teammates opposite) and ffa4 (the same four) are rotationally symmetric; seats are in clockwise turn "
            "order and unused start dots belong to nobody (rules.md 2.6)."
        ),
        "dots": b.dots,
        "lines": b.lines,
        "setups": {
            "1v1": {"seats": [starts[0], starts[6]]},
            "ffa3": {"seats": [starts[0], starts[4], starts[8]]},
            "2v2": {"seats": [starts[0], starts[3], starts[6], starts[9]], "teams": [0, 1, 0, 1]},
            "ffa4": {"seats": [starts[0], starts[3], starts[6], starts[9]]},
        },
    }
    return doc


# --------------------------------------------------------------------------------------------------------------------
# act1: X610Z Act I "The New Era"

ACT1_KINDS = {
    2: (["white"], ["no-attack"]),
    3: (["quest"], ["white"]),
    # the plains: white rings joined at every dot. They make the road from a start dot to an end dot 8 steps (it
    # was 6), which brings the first player's share under 60% (docs/balance.md "The first player's advantage")
    4: (["white"], ["white"]),
    5: (["white"], ["white"]),
    6: (["white"], ["no-attack"]),
}
ACT1_RINGS = max(ACT1_KINDS)  # the outermost ring of dots; the end dots sit on the rim just outside it


def make_act1() -> dict:
    b = _Builder()
    starts = [b.dot(f"s-{k}", ring_position(1, k, 6), ["start"]) for k in range(6)]
    last = ACT1_RINGS
    rings: dict[int, list[str]] = {}
    for r in range(2, last + 1):
        even, odd = ACT1_KINDS[r]
        rings[r] = [b.dot(f"r{r}-{k:02d}", ring_position(r, k, 12), even if k % 2 == 0 else odd) for k in range(12)]
    # end dot k sits on the rim straight outside start dot k
    ends = [b.dot(f"e-{k}", ring_position(last + 1, 2 * k, 12), ["end"]) for k in range(6)]

    b.ring_orbits(starts)  # the innermost circle
    for k in range(6):
        b.radial(starts[k], rings[2][2 * k])
    for r in range(2, last + 1):
        b.ring_orbits(rings[r])
    for k in range(12):
        if k % 2 == 1:
            b.radial(rings[2][k], rings[3][k])  # staggered: between the start dots
    for r in range(3, last):
        for k in range(12):
            b.radial(rings[r][k], rings[r + 1][k])  # ring 3 outwards: every dot
    for k in range(6):
        b.radial(rings[last][2 * k], ends[k])

    doc = {
        "format": FORMAT,
        "name": "act1",
        "rules": "act1",
        "description": (
            "X610Z Act I The New Era, generated by tools/make_boards.py (see docs/boards.md). Concentric circles: 6 "
            "start dots on the innermost circle (s-0 straight below the centre, numbered clockwise) joined by its "
            "orbit, each with a radial path out to ring 2; rings 2 to 6 have 12 dots each (r2-00 .. r6-11, in line "
            "with the start dots at even numbers), joined by orbits and radial paths: ring 2 to 3 at odd numbers "
            "only (staggered), rings 3 to 6 at every dot (rings 4 and 5 are the plains). 6 end dots (e-0 .. e-5) on "
            "the rim, each straight outside its start dot but reached only around a corner. Red no-attack dots: "
            "rings 2 and 6 odd; quest dots: ring 3 even. Every start dot is 8 steps from its nearest end dots. Seats are in clockwise turn order; 1v1, "
            "ffa3, ffa6 and 3v3 are rotationally symmetric; ffa4, ffa5 and 2v2 use 4 or 5 of the 6 start dots (each "
            "seat still has an identical position up to rotation); unused start dots belong to nobody (rules.md 2.6)."
        ),
        "dots": b.dots,
        "lines": b.lines,
        "setups": {
            "1v1": {"seats": [starts[0], starts[3]]},
            "ffa3": {"seats": [starts[0], starts[2], starts[4]]},
            "ffa4": {"seats": [starts[0], starts[1], starts[3], starts[4]]},
            "ffa5": {"seats": [starts[0], starts[1], starts[2], starts[3], starts[4]]},
            "ffa6": {"seats": list(starts)},
            "2v2": {"seats": [starts[0], starts[1], starts[3], starts[4]], "teams": [0, 1, 0, 1]},
            "3v3": {"seats": list(starts), "teams": [0, 1, 0, 1, 0, 1]},
        },
    }
    return doc


BOARDS = {"existenz": make_existenz, "act1": make_act1}
DESIGNED_DISTANCE = {"existenz": 10, "act1": 8}


def _self_check(doc: dict) -> None:
    ids = [d["id"] for d in doc["dots"]]
    assert len(ids) == len(set(ids)) and 2 <= len(ids) <= 256
    degree = {i: 0 for i in ids}
    for ln in doc["lines"]:
        degree[ln["a"]] += 1
        degree[ln["b"]] += 1
    assert max(degree.values()) <= 8
    starts = [d["id"] for d in doc["dots"] if "start" in d.get("kinds", ())]
    reach = corner_distances(doc, starts[0])
    assert len(reach) == len(ids), "board is not connected"
    for s in starts:
        got = nearest_end(doc, s)
        assert got == DESIGNED_DISTANCE[doc["name"]], (doc["name"], s, got)


def render(name: str) -> str:
    doc = BOARDS[name]()
    _self_check(doc)
    return _dump(doc)


def main(argv: list[str] | None = None) -> int:
    default_out = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "src", "tcbg", "x610z", "boards")
    parser = argparse.ArgumentParser(description="Write the shipped tcbg boards (existenz.json, act1.json).")
    parser.add_argument("--out", default=os.path.normpath(default_out), help="output directory (default: %(default)s)")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    for name in BOARDS:
        text = render(name)
        path = os.path.join(args.out, f"{name}.json")
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
