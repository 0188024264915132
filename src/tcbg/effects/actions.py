"""The effects every game has (docs/effects.md): the base class of effects, ``If``, ``May``, the slow path
``PythonEffect``, and the durations of lasting effects. A game's own effects subclass :class:`Effect` and its
program builder compiles them (``Program.game_effect``).

>>> from tcbg.effects.actions import If, May
>>> from tcbg.effects.refs import YOU
>>> from tcbg.effects.values import Exists
>>> If(Exists(YOU), May(chooser=YOU))
If(Exists(YOU), (May(),))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tcbg.effects.native import Duration
from tcbg.effects.refs import YOU, Ref, positional_repr
from tcbg.effects.values import Condition

UNTIL_END_OF_TURN = "until end of turn"
WHILE_IN_PLAY = "while in play"
"""Until the affected card leaves play."""
WHILE_SOURCE_IN_PLAY = "while source in play"
"""Until the source (the card whose effect this is) leaves play."""
DURATIONS = (UNTIL_END_OF_TURN, WHILE_IN_PLAY, WHILE_SOURCE_IN_PLAY)
DURATION_CODES = {UNTIL_END_OF_TURN: Duration.UNTIL_END_OF_TURN, WHILE_IN_PLAY: Duration.WHILE_IN_PLAY,
                  WHILE_SOURCE_IN_PLAY: Duration.WHILE_SOURCE_IN_PLAY}
"""A duration's code in the native form (an instruction's duration operand)."""


class Effect:
    """Base class of every effect."""

    __repr__ = positional_repr


def fields_repr(self: Any, *names: str) -> str:
    """``Name(a, b)`` of the named fields only."""
    return f"{type(self).__name__}({', '.join(repr(getattr(self, n)) for n in names)})"


def _sequence(effects: Effect | Sequence[Effect]) -> tuple[Effect, ...]:
    return tuple(effects) if isinstance(effects, (list, tuple)) else (effects,)


@dataclass(frozen=True, eq=False)
class If(Effect):
    """Effects that happen only if a condition holds when they would."""

    condition: Condition
    then: Sequence[Effect]
    otherwise: Sequence[Effect] = ()

    def __init__(self, condition: Condition, then: Effect | Sequence[Effect],
                 otherwise: Effect | Sequence[Effect] = ()) -> None:
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "then", _sequence(then))
        object.__setattr__(self, "otherwise", _sequence(otherwise))

    def __repr__(self) -> str:
        return fields_repr(self, "condition", "then") + (f" else {list(self.otherwise)!r}" if self.otherwise else "")


@dataclass(frozen=True, eq=False)
class May(Effect):
    """ "You may ...": the chooser (the effect's controller by default) decides on resolution whether the effects
    happen."""

    then: Sequence[Effect]
    chooser: Ref = YOU

    def __init__(self, *then: Effect, chooser: Ref = YOU) -> None:
        object.__setattr__(self, "then", tuple(then))
        object.__setattr__(self, "chooser", chooser)

    def __repr__(self) -> str:
        return f"May({', '.join(map(repr, self.then))})"


@dataclass(frozen=True, eq=False)
class Repeat(Effect):
    """The effects ``times`` times in a row (2 to 20, or a value read when the loop begins: none when it is 0 or
    less), each ``Chosen`` inside chosen again on every pass ("choose 8 cards in your Trash and remove them":
    ``Repeat(8, RemoveFromGame(Chosen(Card("trash"))))`` in Z/X)."""

    times: Any
    then: Sequence[Effect]

    def __init__(self, times: Any, *then: Effect) -> None:
        object.__setattr__(self, "times", times)
        object.__setattr__(self, "then", tuple(then))

    def __repr__(self) -> str:
        return f"Repeat({self.times!r}, {', '.join(map(repr, self.then))})"


@dataclass(frozen=True, eq=False)
class PythonEffect(Effect):
    """The slow path: a Python callable for an effect the language cannot express (docs/cards.md "The slow
    path"). ``function(ctx)`` gets the game's effect context (for X610Z
    ``tcbg.x610z.effects.slowpath.EffectContext``): the announced targets, the source, its controller, and one
    method per instruction. ``targets`` are targets the function needs announced (they take slots as any target
    does). It makes no choices of its own and runs to its end. The core calls back into Python for it, so a card
    with one runs far slower than a compiled card."""

    function: Callable[[Any], None]
    targets: tuple[Any, ...] = ()
    name: str = ""

    def __init__(self, function: Callable[[Any], None], targets: Sequence[Any] = (), name: str = "") -> None:
        object.__setattr__(self, "function", function)
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "name", name)

    def __repr__(self) -> str:
        label = self.name or getattr(self.function, "__name__", "function")
        return f"PythonEffect({label}" + (f", targets={list(self.targets)!r})" if self.targets else ")")
