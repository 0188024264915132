"""Reading the JSON data files of tcbg (boards, card sets): one place that turns every way a file can fail to be
JSON into the caller's typed error."""

from __future__ import annotations

import json
import os
from typing import Any, Callable, NoReturn


# Python's int() refuses decimal strings longer than this (sys.get_int_max_str_digits) with a bare ValueError; no
# value in any tcbg format comes near it, so a longer JSON integer is refused as too long to be one of ours.
MAX_INT_DIGITS = 4300


def parse_json_text(text: str, fail: Callable[[str], NoReturn], *,
                    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None) -> Any:
    """Parse JSON text; any failure calls ``fail(reason)``, which raises. The one JSON reader of tcbg (boards, card
    sets, positions): NaN and Infinity, which Python's reader accepts, are refused (they are not JSON); so are
    integers of more than 4,300 digits (which Python cannot convert) and nesting too deep for the reader.

    >>> def fail(reason):
    ...     raise ValueError(reason)
    >>> parse_json_text('{"a": [1, 2.5]}', fail)
    {'a': [1, 2.5]}
    >>> parse_json_text("9" * 5000, fail)
    Traceback (most recent call last):
    ...
    ValueError: not valid JSON: an integer of 5000 digits (at most 4300)
    """

    def no_constant(name: str) -> NoReturn:
        fail(f"not valid JSON: {name} is not a JSON number")

    def integer(digits: str) -> int:
        count = len(digits.lstrip("-"))
        if count > MAX_INT_DIGITS:
            fail(f"not valid JSON: an integer of {count} digits (at most {MAX_INT_DIGITS})")
        return int(digits)

    try:
        return json.loads(text, object_pairs_hook=object_pairs_hook, parse_constant=no_constant, parse_int=integer)
    except json.JSONDecodeError as exc:
        fail(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except RecursionError:
        fail("not valid JSON: nested too deeply")


MAX_DEPTH = 64
"""How deep a document read from a Python dict may nest (objects and arrays). No tcbg format nests a third as deep;
the bound keeps every reader (and every repr of a value in an error) far from Python's recursion limit."""


def too_deep(doc: Any, limit: int = MAX_DEPTH) -> str | None:
    """Where ``doc`` (a dict, list or tuple, as JSON reads into) nests more than ``limit`` levels deep, as a path
    (``players[0].hand``, its first eight steps and "..." past them; ``""`` for the document itself); None when it does not. Walks the document with a stack,
    not by recursion, so a dict nested a million deep is measured too. Every reader of a Python dict (boards, card
    sets, positions) calls it first and names the path in its format's typed error.

    >>> too_deep({"a": [{"b": 1}]}), too_deep({"a": [[[]]]}, limit=3)
    (None, 'a[0][0]')
    """
    stack: list[tuple[Any, int, Any]] = [(doc, 1, None)]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, dict):
            children = value.items()
        elif isinstance(value, (list, tuple)):
            children = enumerate(value)
        else:
            continue
        if depth > limit:
            keys = []
            while where is not None:
                where, key = where
                keys.append(key)
            parts = [f"[{k}]" if isinstance(k, int) else f".{str(k)[:40]}" for k in reversed(keys)]
            return ("".join(parts[:8]) + ("..." if len(parts) > 8 else "")).lstrip(".")
        for key, child in children:
            if isinstance(child, (dict, list, tuple)):
                stack.append((child, depth + 1, (where, key)))
    return None


def depth_reason(path: str, limit: int = MAX_DEPTH) -> str:
    """The reason a reader gives for a document :func:`too_deep` found at ``path`` (which its error names as the
    place at fault)."""
    return f"nested more than {limit} levels deep" + ("" if path else " (the document itself)")


def read_json(path: str | os.PathLike[str], fail: Callable[[str], NoReturn], *,
              object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None) -> Any:
    """Parse the UTF-8 JSON file at ``path`` with :func:`parse_json_text`; any failure calls ``fail(reason)``,
    which raises."""
    try:
        with open(os.fspath(path), encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        fail("no such file")
    except IsADirectoryError:
        fail("is a folder, not a data file")
    except UnicodeDecodeError as exc:
        fail(f"not UTF-8 text ({exc.reason})")
    return parse_json_text(text, fail, object_pairs_hook=object_pairs_hook)


def is_int(value: Any) -> bool:
    """A JSON integer: an int that is not a bool (``True`` is an int in Python, not in JSON)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_fields(obj: Any, allowed: set[str], required: tuple[str, ...], fail: Callable[[str], NoReturn]) -> None:
    """``obj`` is a JSON object with every ``required`` field and no field outside ``allowed``."""
    if not isinstance(obj, dict):
        fail(f"must be a JSON object, not {type(obj).__name__}")
    for key in required:
        if key not in obj:
            fail(f"the field {key!r} is missing")
    unknown = sorted(set(obj) - allowed)
    if unknown:
        fail(f"unknown field {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})")
