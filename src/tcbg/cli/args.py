"""The argument types of the ``tcbg`` command line: every number a sub-command takes is checked against its range
while the command line is read, so a value out of range (``--games 0``, a seed beyond 64 bits, ``--pair
99999999999999999999``) is one ``tcbg: error: argument --NAME: ...`` line naming the range, exit status 2, before
anything is loaded or played. Agent specs (``--agent search:64``) are checked here too, and a misspelt agent, choice
or sub-command gets the nearest names (:mod:`tcbg._suggest`).

>>> Whole(1, 10)("3")
3
>>> Whole(2, 100, even=True)("0")
Traceback (most recent call last):
    ...
argparse.ArgumentTypeError: must be an even number from 2 to 100, not 0
>>> agent("serch")
Traceback (most recent call last):
    ...
argparse.ArgumentTypeError: unknown agent 'serch' (random, heuristic, search or search:SIMULATIONS); did you mean 'search'?
"""

from __future__ import annotations

import argparse
import math

from tcbg._suggest import with_hint

MAX_SEED = 2**64 - 1
"""Seeds (``--seed``, ``--game-seed``) and pair numbers are the core's 64-bit unsigned integers."""
MAX_GAMES = 10**9
"""The most games one command plays per matchup (``--games``, ``--max-games``, ``--budget``, ``--fresh-games``):
far past any run (a billion games is weeks of the machine), small enough for every count the records keep."""
MAX_WORKERS = 1024
MAX_TURNS = 60000
"""The turn limit's range (docs/rules.md 5.8, docs/zx/rules.md Z1.6)."""
MAX_STEPS = 16
"""The largest Speed or Range a board query takes (the core's kMaxSteps, cpp/include/tcbg/x610z/board.hpp)."""
MAX_SIMULATIONS = 1_000_000
"""The search agent's simulations per decision (cpp/include/tcbg/core/agents.hpp)."""


def _shown(text: str, limit: int = 24) -> str:
    """The text as typed, cut short: a 5,000-digit argument must not become a 5,000-character error line."""
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "..."


def _int(text: str) -> int:
    stripped = str(text).strip()
    if not stripped.lstrip("+-").isdigit() or not stripped.isascii():
        raise argparse.ArgumentTypeError(f"not a whole number: {_shown(text)!r}")
    if len(stripped.lstrip("+-")) > 40:  # no range of ours comes near; int() would refuse 4,300 digits with a ValueError
        raise argparse.ArgumentTypeError(f"{_shown(text)!r} has {len(stripped.lstrip('+-'))} digits, far out of range")
    return int(stripped, 10)


def _thousands(value: int) -> str:
    return f"{value:,}" if value < 10**12 else "2**64 - 1" if value == MAX_SEED else f"{value:.3g}"


class Whole:
    """An argparse type: a whole number from ``low`` to ``high`` (``even``: an even one, as games played in
    seat-swapped pairs are)."""

    def __init__(self, low: int, high: int, *, even: bool = False) -> None:
        self.low, self.high, self.even = low, high, even
        self.__name__ = "whole number"

    def range_text(self) -> str:
        kind = "an even number" if self.even else "a whole number"
        return f"{kind} from {_thousands(self.low)} to {_thousands(self.high)}"

    def __call__(self, text: str) -> int:
        try:
            value = _int(text)
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentTypeError(f"must be {self.range_text()}; {exc}") from None
        if not self.low <= value <= self.high or (self.even and value % 2):
            shown = _shown(str(value))
            raise argparse.ArgumentTypeError(f"must be {self.range_text()}, not {shown}")
        return value


class Number:
    """An argparse type: a finite number above ``low`` (or from it, ``low_open=False``) and below ``high`` (or up to
    it, ``high_open=False``)."""

    def __init__(self, low: float, high: float, *, low_open: bool = True, high_open: bool = False) -> None:
        self.low, self.high, self.low_open, self.high_open = low, high, low_open, high_open
        self.__name__ = "number"

    def range_text(self) -> str:
        lo = f"above {self.low:g}" if self.low_open else f"from {self.low:g}"
        hi = f"below {self.high:g}" if self.high_open else f"up to {self.high:g}"
        return f"a number {lo} and {hi}"

    def __call__(self, text: str) -> float:
        try:
            value = float(str(text).strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {self.range_text()}; not a number: {_shown(text)!r}") from None
        above = value > self.low if self.low_open else value >= self.low
        below = value < self.high if self.high_open else value <= self.high
        if not math.isfinite(value) or not (above and below):
            raise argparse.ArgumentTypeError(f"must be {self.range_text()}, not {_shown(text)}")
        return value


def agent(text: str) -> str:
    """An argparse type: a native agent's name as the command line gives it (``random``, ``heuristic``, ``search``,
    ``search:SIMULATIONS`` with 1 to 1,000,000 simulations); the text itself is returned, the run parses it."""
    kinds = ("random", "heuristic", "search")
    kind, colon, budget = str(text).partition(":")
    if kind not in kinds:
        raise argparse.ArgumentTypeError(
            with_hint(f"unknown agent {_shown(kind)!r} (random, heuristic, search or search:SIMULATIONS)", kind,
                      kinds))
    if colon and kind != "search":
        raise argparse.ArgumentTypeError(f"only the search agent takes a number of simulations, not {kind!r}")
    if colon:
        try:
            Whole(1, MAX_SIMULATIONS)(budget)
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentTypeError(f"search:SIMULATIONS: the simulations {exc}") from None
    return text


__all__ = ["MAX_GAMES", "MAX_SEED", "MAX_SIMULATIONS", "MAX_STEPS", "MAX_TURNS", "MAX_WORKERS", "Number", "Whole",
           "agent"]
