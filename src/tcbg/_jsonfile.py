"""Reading the JSON data files of tcbg (boards, card sets): one place that turns every way a file can fail to be
JSON into the caller's typed error."""

from __future__ import annotations

import json
import os
from typing import Any, Callable, NoReturn


def read_json(path: str | os.PathLike[str], fail: Callable[[str], NoReturn], *,
              object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None) -> Any:
    """Parse the UTF-8 JSON file at ``path``; any failure calls ``fail(reason)``, which raises. NaN and Infinity,
    which Python's reader accepts, are refused: they are not JSON."""

    def no_constant(name: str) -> NoReturn:
        fail(f"not valid JSON: {name} is not a JSON number")

    try:
        with open(os.fspath(path), encoding="utf-8") as handle:
            return json.load(handle, object_pairs_hook=object_pairs_hook, parse_constant=no_constant)
    except FileNotFoundError:
        fail("no such file")
    except IsADirectoryError:
        fail("is a folder, not a data file")
    except UnicodeDecodeError as exc:
        fail(f"not UTF-8 text ({exc.reason})")
    except json.JSONDecodeError as exc:
        fail(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")


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
