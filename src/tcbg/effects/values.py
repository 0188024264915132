"""Amounts and conditions, in every game (docs/effects.md): a number written in a definition is a Python int or a
value computed when the effect resolves, such as the number of objects matching a filter; a condition compares
values. The property names ``StatOf`` reads are the game's (its program builder's ``properties`` table).

>>> from tcbg.effects.refs import SELF
>>> from tcbg.effects.values import StatOf
>>> StatOf(SELF, "power") + 1
Sum(StatOf(SELF, 'power'), 1)
>>> (StatOf(SELF, "power") >= 3) & ~(StatOf(SELF, "cost") < 2)
And(AtLeast(StatOf(SELF, 'power'), 3), Not(AtLeast(2, Sum(StatOf(SELF, 'cost'), 1))))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from tcbg.effects.native import Ctx
from tcbg.effects.refs import Filter, Ref, positional_repr


class Value:
    """A number computed on resolution. Supports ``+``, ``-``, ``*`` with values and ints, and ``<``, ``<=``, ``>``,
    ``>=`` giving conditions (equality is :class:`Equals`, so values stay hashable and comparable as objects)."""

    __repr__ = positional_repr

    def __add__(self, other: Amount) -> Value:
        return Sum(self, other)

    def __radd__(self, other: Amount) -> Value:
        return Sum(other, self)

    def __sub__(self, other: Amount) -> Value:
        return Difference(self, other)

    def __rsub__(self, other: Amount) -> Value:
        return Difference(other, self)

    def __mul__(self, other: Amount) -> Value:
        return Product(self, other)

    def __rmul__(self, other: Amount) -> Value:
        return Product(other, self)

    def __floordiv__(self, other: Amount) -> Value:
        return Quotient(self, other)

    def __rfloordiv__(self, other: Amount) -> Value:
        return Quotient(other, self)

    def __ge__(self, other: Amount) -> Condition:  # type: ignore[override]
        return AtLeast(self, other)

    def __gt__(self, other: Amount) -> Condition:  # type: ignore[override]
        return AtLeast(self, Sum(other, 1))

    def __le__(self, other: Amount) -> Condition:  # type: ignore[override]
        return AtLeast(other, self)

    def __lt__(self, other: Amount) -> Condition:  # type: ignore[override]
        return AtLeast(other, Sum(self, 1))


Amount = Union[int, Value]


@dataclass(frozen=True, eq=False, repr=False)
class Count(Value):
    """How many objects match the filter ("for each summon card in your discard pile")."""

    filter: Filter


@dataclass(frozen=True, eq=False, repr=False)
class StatOf(Value):
    """A property of an object or player, by the name the game gives it: ``StatOf(SELF, "attack")``. Stats read
    as they are now, after every change; a stat the card does not show reads -1."""

    of: Ref
    name: str


@dataclass(frozen=True, eq=False, repr=False)
class ContextValue(Value):
    what: int
    label: str

    def __repr__(self) -> str:
        return self.label


EVENT_AMOUNT = ContextValue(Ctx.AMOUNT, "EVENT_AMOUNT")
"""The amount of a trigger's event: the damage dealt."""


@dataclass(frozen=True, eq=False, repr=False)
class Sum(Value):
    left: Amount
    right: Amount


@dataclass(frozen=True, eq=False, repr=False)
class Difference(Value):
    left: Amount
    right: Amount


@dataclass(frozen=True, eq=False, repr=False)
class Product(Value):
    left: Amount
    right: Amount


@dataclass(frozen=True, eq=False, repr=False)
class Quotient(Value):
    """``left // right``, rounded down (0 when ``right`` is 0): "+1000 for every 2 cards" is
    ``Count(...) // 2 * 1000``. A game compiles it with an instruction of its own (Z/X's ``DIV``)."""

    left: Amount
    right: Amount


@dataclass(frozen=True, eq=False, repr=False)
class Min(Value):
    """The smaller of two amounts ("up to 3")."""

    left: Amount
    right: Amount


class Condition:
    """Something true or false on resolution; ``&``, ``|`` and ``~`` combine conditions."""

    __repr__ = positional_repr

    def __and__(self, other: Condition) -> Condition:
        return And(self, other)

    def __or__(self, other: Condition) -> Condition:
        return Or(self, other)

    def __invert__(self) -> Condition:
        return Not(self)


@dataclass(frozen=True, eq=False, repr=False)
class AtLeast(Condition):
    """``left >= right``."""

    left: Amount
    right: Amount


@dataclass(frozen=True, eq=False, repr=False)
class Equals(Condition):
    left: Amount
    right: Amount


@dataclass(frozen=True, eq=False, repr=False)
class And(Condition):
    left: Condition
    right: Condition


@dataclass(frozen=True, eq=False, repr=False)
class Or(Condition):
    left: Condition
    right: Condition


@dataclass(frozen=True, eq=False, repr=False)
class Not(Condition):
    of: Condition


@dataclass(frozen=True, eq=False, repr=False)
class Exists(Condition):
    """The reference holds an object: a target still legal, a choice that was made ("if you do")."""

    ref: Ref


@dataclass(frozen=True, eq=False, repr=False)
class Matches(Condition):
    """The object matches the filter ("if it is a berserker")."""

    ref: Ref
    filter: Filter


def Controls(filter: Filter) -> Condition:
    """At least one object matches: "if you control a dragon" is ``Controls(Summons("you", classes="dragon"))``."""
    return AtLeast(Count(filter), 1)
