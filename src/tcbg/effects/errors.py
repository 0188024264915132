"""The error every check of a definition raises while it compiles, and the helpers the checks share: a game's
loader turns a :class:`CompileError` into a :class:`tcbg.CardError` naming the file, the card and the rule.

>>> from tcbg.effects.errors import CompileError, fail, small_int
>>> small_int(3), small_int(True), small_int(200)
(True, False, False)
>>> try:
...     fail("a program is too long", "C22")
... except CompileError as exc:
...     print(exc.reason, exc.rule)
a program is too long C22
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, NoReturn

from tcbg.effects.native import MAX_AMOUNT


class CompileError(Exception):
    """A definition breaks a rule; the loader turns it into a :class:`tcbg.CardError` naming file and card."""

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


def fail(reason: str, rule: str) -> NoReturn:
    raise CompileError(reason, rule)


def name_of(node: Any) -> str:
    return type(node).__name__


def walk(node: Any) -> Iterator[Any]:
    """Every node of a definition, depth first, in the order the text reads (fields in declaration order); a
    filter is one node (its fields are data, not definitions)."""
    from tcbg.effects.refs import Filter

    yield node
    if isinstance(node, (list, tuple)):
        for item in node:
            yield from walk(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from walk(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, (type, Filter)):
        for f in dataclasses.fields(node):
            yield from walk(getattr(node, f.name))


def small_int(value: Any, low: int = -MAX_AMOUNT, high: int = MAX_AMOUNT) -> bool:
    """A whole number (not a bool) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
