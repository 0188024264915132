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
