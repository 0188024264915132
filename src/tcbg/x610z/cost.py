"""X610Z energy costs: the cost strings of docs/card-data.md C4 and the :class:`Cost` they read into, with the
energy letters and which of them each edition knows (C12). Card sets (:mod:`tcbg.x610z.cards`), the effect compiler
and the payment of costs (:mod:`tcbg.x610z.energy`) all read costs here.

>>> str(Cost.parse("M1 B2 C1"))
'C1 B2 M1'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn

from tcbg._jsonfile import is_int
from tcbg.errors import CardError

LETTERS = ("C", "B", "M", "R", "H")
"""Energy letters in canonical cost order (colorless first, as in ORoC's "C2 B2 M1 R1")."""
ENERGY = {"C": "colorless", "B": "boost", "M": "mystic", "R": "robiumm", "H": "halos"}
EDITION_LETTERS = {"existenz": frozenset("CBMRH"), "act1": frozenset("CBM")}
"""The energy letters each edition knows (docs/card-data.md C12)."""

MAX_COUNT = 20  # C4: energy of one letter in one cost
_TOKEN = re.compile(r"([A-Za-z]+)([0-9]+)")

Fail = Callable[[str], NoReturn]


def _parse_cost(text: Any, fail: Fail) -> Cost:
    if not isinstance(text, str):
        fail(f"must be a cost string such as 'C2 B1' ('' for free), not {text!r}")
    counts: dict[str, int] = {}
    for token in text.split():
        match = _TOKEN.fullmatch(token)
        if match is None:
            fail(f"bad token {token!r} in {text!r}: a token is an energy letter and a count, such as 'B2'")
        letter, digits = match.groups()
        if letter not in ENERGY:
            known = ", ".join(f"{k} {v}" for k, v in ENERGY.items())
            fail(f"unknown energy letter {letter!r} in {token!r} (letters: {known})")
        if letter in counts:
            fail(f"the letter {letter} appears twice in {text!r}: write its energy as one token")
        if digits != str(int(digits)) or not 1 <= int(digits) <= MAX_COUNT:
            fail(f"the count in {token!r} must be a number from 1 to {MAX_COUNT}, without leading zeros")
        counts[letter] = int(digits)
    return Cost(**{ENERGY[letter]: n for letter, n in counts.items()})


@dataclass(frozen=True)
class Cost:
    """An energy cost: how much energy of each type (C colorless, B boost, M mystic, R robiumm, H halos).

    A colorless requirement can be paid with energy of any type (both rulebooks). Build one with :meth:`parse`, or
    with counts from 0 to 20 by name; ``str`` gives the canonical cost string, colorless first.

    >>> cost = Cost.parse("B2 M1 C2 R1")
    >>> cost
    Cost('C2 B2 M1 R1')
    >>> cost.total(), cost["B"], cost.counts()
    (6, 2, {'C': 2, 'B': 2, 'M': 1, 'R': 1})
    >>> Cost(mystic=2) == Cost.parse("M2"), str(Cost()), Cost.parse("").total()
    (True, '', 0)
    """

    colorless: int = 0
    boost: int = 0
    mystic: int = 0
    robiumm: int = 0
    halos: int = 0

    def __post_init__(self) -> None:
        for letter, field in ENERGY.items():
            count = getattr(self, field)
            if not is_int(count) or not 0 <= count <= MAX_COUNT:
                raise CardError(f"{field} energy must be a whole number from 0 to {MAX_COUNT}, not {count!r}",
                                file="<Cost>", where="cost", rule="C4")

    @classmethod
    def parse(cls, text: str, *, file: str = "<str>", where: str = "cost") -> Cost:
        """Read a cost string (docs/card-data.md C4): tokens LETTER+COUNT separated by spaces, in any order, each
        letter at most once, counts 1 to 20; ``""`` is free. Raises :class:`tcbg.CardError` (rule C4) naming
        ``file`` and ``where``.

        >>> Cost.parse("C1 M1 B2")
        Cost('C1 B2 M1')
        >>> Cost.parse("B1 B2", file="deck.txt", where="line 3")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tcbg.errors.CardError: deck.txt: line 3: the letter B appears twice in 'B1 B2': ... [card-data C4]
        """

        def fail(reason: str) -> NoReturn:
            raise CardError(reason, file=file, where=where, rule="C4")

        return _parse_cost(text, fail)

    def __getitem__(self, letter: str) -> int:
        """The energy of one letter (``"C"``, ``"B"``, ``"M"``, ``"R"`` or ``"H"``)."""
        if letter not in ENERGY:
            raise KeyError(letter)
        return int(getattr(self, ENERGY[letter]))

    def counts(self) -> dict[str, int]:
        """The letters this cost uses and their counts, in canonical order."""
        return {letter: self[letter] for letter in LETTERS if self[letter]}

    def letters(self) -> frozenset[str]:
        """The letters this cost uses."""
        return frozenset(self.counts())

    def total(self) -> int:
        """The total energy to pay."""
        return sum(self.counts().values())

    def __str__(self) -> str:
        return " ".join(f"{letter}{count}" for letter, count in self.counts().items())

    def __repr__(self) -> str:
        return f"Cost({str(self)!r})"
