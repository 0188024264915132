"""What abilities have in common in every game (docs/effects.md): a trigger event ``When(event, subject, turn)``,
triggered and continuous abilities, keywords that stand for abilities written out, and a card's definition. Each
game names its own events (an IntEnum given as ``When.event``), its own definition classes (one per card type)
and its other kinds of abilities.

>>> from enum import IntEnum
>>> from tcbg.effects.kinds import Triggered, When
>>> from tcbg.effects.refs import SELF
>>> class Event(IntEnum):
...     ENTERS = 0
>>> Triggered(When(Event.ENTERS, SELF), [])
Triggered(When(ENTERS, SELF, 'any'), )
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tcbg.effects.actions import Effect
from tcbg.effects.refs import positional_repr
from tcbg.effects.values import Condition


def flatten(items: Sequence[Any]) -> tuple[Any, ...]:
    """Effects given one by one or in lists, as one tuple in order."""
    out: list[Any] = []
    for item in items:
        if isinstance(item, (list, tuple)):
            out.extend(item)
        else:
            out.append(item)
    return tuple(out)


@dataclass(frozen=True, eq=False)
class When:
    """A trigger event: what happens (the game's ``Event``), to whom (``SELF``, a filter, another reference, or
    nobody for phase events) and in whose turn (``any``, ``yours``, ``opponents``)."""

    event: Any
    subject: Any = None
    turn: str = "any"

    def __repr__(self) -> str:
        return f"When({getattr(self.event, 'name', self.event)}, {self.subject!r}, {self.turn!r})"


class Ability:
    """Base of the abilities of cards."""


@dataclass(frozen=True, eq=False)
class Triggered(Ability):
    """``[When ...: effects]``: when the event happens (and the condition holds), the ability waits for the
    resolution (it goes on the stack, or is resolved, at the game's next chance), its targets announced then. The
    condition is checked again when it resolves. ``optional``: a "may" ability its controller may decline.
    ``zone``: where the card is while the ability triggers (``play``, or a zone the game allows)."""

    when: When
    effects: tuple[Any, ...]
    condition: Condition | None = None
    optional: bool = False
    zone: str = "play"

    def __init__(self, when: When, *effects: Any, condition: Condition | None = None,
                 optional: bool = False, zone: str = "play") -> None:
        object.__setattr__(self, "when", when)
        object.__setattr__(self, "effects", flatten(effects))
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "optional", optional)
        object.__setattr__(self, "zone", zone)

    def __repr__(self) -> str:
        return f"Triggered({self.when!r}, {', '.join(map(repr, self.effects))})"


@dataclass(frozen=True, eq=False)
class Continuous(Ability):
    """An effect that holds as long as the card is in play (and the condition holds); the game says which effects
    and subjects it allows."""

    effect: Effect
    condition: Condition | None = None

    def __repr__(self) -> str:
        return f"Continuous({self.effect!r})" if self.condition is None else \
            f"Continuous({self.effect!r}, if {self.condition!r})"


class Keyword(Ability, ABC):
    """A keyword ability: a short name for abilities written out in the language. Each keyword says what it
    expands to; the compiler compiles the expansion."""

    __repr__ = positional_repr

    @abstractmethod
    def expand(self) -> tuple[Ability, ...]:
        """The abilities this keyword stands for."""


class Definition:
    """The effects of one card; the game's subclass for each card type sets ``card_type`` (its class must match
    the card's type)."""

    card_type: str = ""
    parts: tuple[Any, ...] = ()

    def abilities(self) -> tuple[Ability, ...]:
        """The abilities with keywords expanded, in order."""
        out: list[Ability] = []
        for part in self.parts:
            out.extend(part.expand() if isinstance(part, Keyword) else (part,))
        return tuple(out)
