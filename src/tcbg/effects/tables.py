"""The native tables of a card set's effects (docs/effects.md): fixed-width int32 records, tables of them, and one
code array of 4-word instructions, records pointing at each other by index and at code by offset, so they copy
into the core's arrays as they are. A game declares its tables (``TABLES``: table name -> field names) on a
subclass of :class:`NativeTables`, and builds them with a subclass of :class:`TableBuilder`, which shares equal
filters and costs between cards.

>>> from dataclasses import dataclass, field
>>> @dataclass
... class Native(NativeTables):
...     TABLES = {"filters": ("kind", "relation"), "costs": ("energy",)}
...     card_names: tuple = ()
...     filters: list = field(default_factory=list)
...     costs: list = field(default_factory=list)
...     code: list = field(default_factory=list)
...     python_effects: list = field(default_factory=list)
>>> class Builder(TableBuilder):
...     native_class = Native
>>> tables = Builder(["Zap"])
>>> tables.add_filter((1, 0)), tables.add_filter((2, 0)), tables.add_filter((1, 0))
(0, 1, 0)
>>> tables.add_code([2, 4, 1, 0, 0, 0, 0, 0])
0
>>> tables.native.arrays()["filters"].shape, tables.native.record("filters", 1)
((2, 2), {'kind': 2, 'relation': 0})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from tcbg.effects.native import WIDTH


class NativeTables:
    """Base of a game's compiled effects: ``TABLES`` names every record table and its fields (``len(fields)`` is
    the record width); the subclass holds each table as a list of records (tuples of ints), ``code`` (the flat
    code words), ``card_names`` and ``python_effects`` (the callables ``PYTHON k`` runs)."""

    TABLES: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def arrays(self) -> dict[str, np.ndarray]:
        """Every table as an int32 array of shape (records, width), and ``code`` as a flat int32 array."""
        tables: Any = self
        out = {name: np.array(getattr(tables, name), dtype=np.int32).reshape(-1, len(fields))
               for name, fields in self.TABLES.items()}
        out["code"] = np.array(tables.code, dtype=np.int32)
        return out

    def record(self, table: str, index: int) -> dict[str, int]:
        """One record as a dict of its fields."""
        return dict(zip(self.TABLES[table], getattr(self, table)[index]))

    def card_index(self, name: str) -> int:
        names: Any = getattr(self, "card_names")
        return names.index(name)

    def program(self, offset: int, length: int) -> list[int]:
        """The code words of one program."""
        code: Any = getattr(self, "code")
        return code[offset * WIDTH:(offset + length) * WIDTH]


class TableBuilder:
    """The tables being built (``native``, an instance of the game's ``native_class``), with filters and costs
    shared between cards when their records are equal."""

    native_class: ClassVar[type] = NativeTables

    def __init__(self, card_names: Sequence[str]) -> None:
        self.native: Any = self.native_class(card_names=tuple(card_names))
        self.filter_index: dict[tuple[int, ...], int] = {}
        self.cost_index: dict[tuple[int, ...], int] = {}
        self.card_codes = {name: i for i, name in enumerate(card_names)}

    def add_filter(self, record: tuple[int, ...]) -> int:
        if record not in self.filter_index:
            self.filter_index[record] = len(self.native.filters)
            self.native.filters.append(record)
        return self.filter_index[record]

    def add_cost(self, record: tuple[int, ...]) -> int:
        if record not in self.cost_index:
            self.cost_index[record] = len(self.native.costs)
            self.native.costs.append(record)
        return self.cost_index[record]

    def add_code(self, words: list[int]) -> int:
        """Appends a program's words; returns its offset (in instructions)."""
        offset = len(self.native.code) // WIDTH
        self.native.code.extend(words)
        return offset
