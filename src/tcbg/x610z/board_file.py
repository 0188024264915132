"""Reading board files: the JSON structure of docs/board-format.md.

This module checks the *shape* of a board document (fields, types, ids and the references between them) and turns
it into index-based data for the C++ core, which checks the *values* (positions, directions, degrees, connectivity,
setups). Both raise :class:`tcbg.BoardError` naming the file, the dot, line or setup, and the rule.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, NoReturn

from tcbg._jsonfile import check_fields, depth_reason, is_int, read_json, too_deep
from tcbg.errors import BoardError

FORMAT = "tcbg-board/1"
RULES = ("existenz", "act1")
KIND_BITS = {"start": 1, "end": 2, "no-attack": 4, "warp": 8, "quest": 16, "white": 32}

_TOP_FIELDS = {"format", "name", "rules", "description", "dots", "lines", "setups"}
_TOP_REQUIRED = ("format", "name", "dots", "lines", "setups")
_DOT_FIELDS = {"id", "x", "y", "kinds"}
_LINE_FIELDS = {"a", "b", "leave_a", "leave_b"}
_SETUP_FIELDS = {"seats", "teams"}


@dataclass(frozen=True)
class BoardSpec:
    """A board document whose structure is valid, with dots referred to by index."""

    name: str
    rules: str
    description: str
    dots: tuple[tuple[str, int, int, frozenset[str]], ...]  # id, x, y, declared kinds
    lines: tuple[tuple[int, int, tuple[int, int] | None, tuple[int, int] | None], ...]
    setups: tuple[tuple[str, tuple[int, ...], tuple[int, ...] | None], ...]


def read_document(path: str | os.PathLike[str]) -> Any:
    """Read a JSON board file (rule B1), refusing duplicate keys (which JSON readers otherwise drop silently)."""
    file = os.fspath(path)

    def fail(reason: str) -> NoReturn:
        raise BoardError(reason, file=file, rule="B1")

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                fail(f"the key {key!r} appears twice in one JSON object")
            out[key] = value
        return out

    return read_json(file, fail, object_pairs_hook=no_duplicates)


# The value ranges of B2 and B5. The core checks them too, but an integer beyond 64 bits cannot even reach the core,
# so the structure check refuses every value out of range here, with the core's message.
MAX_COORDINATE = 1_000_000
MAX_DIRECTION = 2_000_000


def _direction(value: Any, field: str, fail) -> tuple[int, int] | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(is_int(v) for v in value)):
        fail(f"{field} must be a direction [dx, dy] of two integers, not {value!r}")
    if value[0] == 0 and value[1] == 0:
        fail(f"{field} must be a direction, not [0, 0]")
    if any(abs(v) > MAX_DIRECTION for v in value):
        fail(f"{field}: a direction component must lie from -{MAX_DIRECTION} to {MAX_DIRECTION}")
    return (value[0], value[1])


def parse_board(doc: Any, file: str) -> BoardSpec:
    """Check the structure of a board document (rules B1, B2, B3, B5, B11, B12) and index its dots."""

    def fail_board(reason: str, rule: str = "B1"):
        raise BoardError(reason, file=file, where="board", rule=rule)

    deep = too_deep(doc)
    if deep is not None:
        raise BoardError(depth_reason(deep), file=file, where=deep or "board", rule="B1")
    check_fields(doc, _TOP_FIELDS, _TOP_REQUIRED, fail_board)
    if doc["format"] != FORMAT:
        fail_board(f"format must be {FORMAT!r}, not {doc['format']!r}")
    name = doc["name"]
    if not isinstance(name, str) or not name:
        fail_board("name must be a non-empty string")
    rules = doc.get("rules", "existenz")
    if rules not in RULES:
        fail_board(f"rules must be one of {', '.join(RULES)}, not {rules!r}")
    description = doc.get("description", "")
    if not isinstance(description, str):
        fail_board("description must be a string")
    for field, kind in (("dots", list), ("lines", list), ("setups", dict)):
        if not isinstance(doc[field], kind):
            fail_board(f"{field} must be a JSON {'list' if kind is list else 'object'}")

    dots: list[tuple[str, int, int, frozenset[str]]] = []
    index: dict[str, int] = {}
    for i, dot in enumerate(doc["dots"]):
        label = f"dot {i}" + (f" {dot['id']!r}" if isinstance(dot, dict) and isinstance(dot.get("id"), str) else "")

        def fail_dot(reason: str, rule: str = "B2", label: str = label):
            raise BoardError(reason, file=file, where=label, rule=rule)

        check_fields(dot, _DOT_FIELDS, ("id", "x", "y"), fail_dot)
        dot_id = dot["id"]
        if not isinstance(dot_id, str) or not dot_id:
            fail_dot("id must be a non-empty string")
        for axis in ("x", "y"):
            if not is_int(dot[axis]):
                fail_dot(f"{axis} must be an integer, not {dot[axis]!r}")
            if abs(dot[axis]) > MAX_COORDINATE:
                fail_dot(f"coordinates must lie from -{MAX_COORDINATE} to {MAX_COORDINATE} ({axis} is {dot[axis]})")
        kinds = dot.get("kinds", [])
        if not isinstance(kinds, list):
            fail_dot("kinds must be a list of kind names")
        for kind in kinds:
            if not isinstance(kind, str) or kind not in KIND_BITS:
                fail_dot(f"unknown kind {kind!r} (known: {', '.join(KIND_BITS)})")
        if len(set(kinds)) != len(kinds):
            fail_dot("a kind is listed twice")
        if dot_id in index:
            fail_dot(f"a dot with this id already exists (dot {index[dot_id]})", "B3")
        index[dot_id] = i
        dots.append((dot_id, dot["x"], dot["y"], frozenset(kinds)))

    lines = []
    for i, line in enumerate(doc["lines"]):
        ends = f" ({line.get('a')}-{line.get('b')})" if isinstance(line, dict) else ""

        def fail_line(reason: str, label: str = f"line {i}{ends}"):
            raise BoardError(reason, file=file, where=label, rule="B5")

        check_fields(line, _LINE_FIELDS, ("a", "b"), fail_line)
        for end in ("a", "b"):
            if not isinstance(line[end], str) or line[end] not in index:
                fail_line(f"{end} names no dot of this board: {line[end]!r}")
        lines.append((index[line["a"]], index[line["b"]],
                      _direction(line.get("leave_a"), "leave_a", fail_line),
                      _direction(line.get("leave_b"), "leave_b", fail_line)))

    setups = []
    if not doc["setups"]:
        fail_board("a board needs at least one setup", "B12")
    for setup_name, setup in doc["setups"].items():

        def fail_setup(reason: str, label: str = f"setup {setup_name!r}"):
            raise BoardError(reason, file=file, where=label, rule="B11")

        if not setup_name:
            fail_setup("a setup needs a non-empty name")
        check_fields(setup, _SETUP_FIELDS, ("seats",), fail_setup)
        seats = setup["seats"]
        if not isinstance(seats, list):
            fail_setup("seats must be a list of dot ids")
        for seat in seats:
            if not isinstance(seat, str) or seat not in index:
                fail_setup(f"seat {seat!r} names no dot of this board")
        teams = setup.get("teams")
        if teams is not None and not (isinstance(teams, list) and all(is_int(t) for t in teams)):
            fail_setup("teams must be a list of integers, one per seat")
        setups.append((setup_name, tuple(index[s] for s in seats), tuple(teams) if teams is not None else None))

    return BoardSpec(name, rules, description, tuple(dots), tuple(lines), tuple(setups))
