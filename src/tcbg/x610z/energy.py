"""Energy: whether a cost can be paid, and how tcbg pays it (rules.md section 4). The work is done in the core.

Counts are given as :class:`~tcbg.x610z.cards.Cost` objects, cost strings, or mappings from energy letters (C
colorless, B boost, M mystic, R robiumm, H halos) to counts.

>>> can_pay("C2 B1", pool={"B": 1}, crystals={"M": 1, "C": 1})
True
>>> plan_payment("C2 B1", pool={"B": 1}, crystals={"M": 1, "C": 1})
Payment(from_pool={'B': 1}, crystals={'C': 1, 'M': 1})
>>> can_pay("M2", pool={"C": 5})  # colorless energy pays only colorless requirements
False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, Union

from tcbg import _core
from tcbg.errors import PositionError
from tcbg.x610z.cost import Cost

LETTERS = "CBMRH"  # the core's order (docs/card-data.md C4)

Energy = Union[Cost, str, Mapping[str, int], None]


class Payment(NamedTuple):
    """What tcbg takes to pay a cost: energy from the pool, and crystals to activate (one energy each), by letter."""

    from_pool: dict[str, int]
    crystals: dict[str, int]


def _counts(value: Energy, field: str) -> tuple[int, ...]:
    if value is None:
        return (0,) * 5
    if isinstance(value, str):
        value = Cost.parse(value, file="<argument>", where=field)
    if isinstance(value, Cost):
        return tuple(value[letter] for letter in LETTERS)
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - set(LETTERS))
        if unknown:
            raise PositionError(f"unknown energy letter {unknown[0]!r} (letters: C, B, M, R, H)", field=field,
                                rule="rules.md 4.1")
        out = tuple(value.get(letter, 0) for letter in LETTERS)
        if any(type(n) is not int or n < 0 for n in out):
            raise PositionError(f"energy counts must be whole numbers of at least 0, not {dict(value)!r}",
                                field=field, rule="rules.md 4.2")
        return out
    raise PositionError(f"expected a Cost, a cost string or a mapping of letters to counts, not {value!r}",
                        field=field, rule="rules.md 4.1")


def can_pay(cost: Energy, pool: Energy = None, crystals: Energy = None) -> bool:
    """Can ``cost`` be paid from the energy ``pool`` plus the unactivated ``crystals`` (counted by the letter of the
    energy they release)? rules.md 4.2."""
    return _core.x610z.can_pay(_counts(cost, "cost"), _counts(pool, "pool"), _counts(crystals, "crystals"))


def plan_payment(cost: Energy, pool: Energy = None, crystals: Energy = None) -> Payment | None:
    """The payment tcbg makes for ``cost`` (rules.md 4.3), or ``None`` when it cannot be paid."""
    plan = _core.x610z.plan_payment(_counts(cost, "cost"), _counts(pool, "pool"), _counts(crystals, "crystals"))
    if plan is None:
        return None
    from_pool, crystals_used = plan
    return Payment({letter: n for letter, n in zip(LETTERS, from_pool) if n},
                   {letter: n for letter, n in zip(LETTERS, crystals_used) if n})
