"""What effects act on, in every game (docs/effects.md): the source and its controller, announced targets, choices
made on resolution, every object matching a filter. A game gives the filters (subclasses of :class:`Filter`, built
by its own constructors) and may add references of its own (subclasses of :class:`Ref`).

- ``Target(filter)``: announced when the card is played or the ability used, checked again when it resolves;
- ``Chosen(filter)``: chosen by a player while the effect resolves ("a card of your choice");
- ``Each(filter)``: every matching object, one after the other.

>>> from tcbg.effects.refs import SELF, YOU, Chosen, ControllerOf
>>> ControllerOf(SELF), YOU.kind.name
(ControllerOf(of=SELF), 'PLAYER')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tcbg.effects.native import CoreKind, Ctx


def positional_repr(self) -> str:
    """``Name(a, b)``: the definition's own fields in order, as a designer writes it (the language's objects use
    this unless they show themselves differently)."""
    names = type(self).__dict__.get("__annotations__", {})
    return f"{type(self).__name__}({', '.join(repr(getattr(self, n)) for n in names)})"


class Ref:
    """Something an effect acts on; compiled into a register holding an object id, a player or a place."""

    __repr__ = positional_repr

    kind: Any = None  # what the reference holds, when known (the game's Kind; CoreKind.PLAYER for players)


class Filter:
    """Base of a game's filters: a kind of object (``kind``, the game's Kind) and the conditions it meets. The
    game's program builder encodes them (``Program.encode_filter``)."""

    kind: Any = None


@dataclass(frozen=True, eq=False)
class ContextRef(Ref):
    """The source, its controller, the event's subject ... (``CTX what``); ``holds`` is what it holds when the
    language knows (a player)."""

    what: int
    label: str
    holds: Any = None

    def __repr__(self) -> str:
        return self.label

    @property
    def kind(self) -> Any:  # type: ignore[override]
        return self.holds


SELF = ContextRef(Ctx.SELF, "SELF")
"""The card whose effect or ability this is."""
YOU = ContextRef(Ctx.CONTROLLER, "YOU", CoreKind.PLAYER)
"""The player who controls the effect."""
ACTIVE_PLAYER = ContextRef(Ctx.ACTIVE_PLAYER, "ACTIVE_PLAYER", CoreKind.PLAYER)
EVENT_SUBJECT = ContextRef(Ctx.SUBJECT, "EVENT_SUBJECT")
"""The object a trigger's event is about: the card destroyed, the card played ..."""
EVENT_OTHER = ContextRef(Ctx.OTHER, "EVENT_OTHER")
"""The other object of a trigger's event: an attack's target, a damage's source ..."""


@dataclass(frozen=True, eq=False)
class ControllerOf(Ref):
    """The player who controls a card in play (or owns a card in a zone)."""

    of: Ref
    kind = CoreKind.PLAYER


@dataclass(frozen=True, eq=False, repr=False)
class Target(Ref):
    """A target, announced when the card is played or the ability used, and checked again when it resolves. One
    ``Target`` object used twice in a definition is one target."""

    filter: Filter

    @property
    def kind(self) -> Any:  # type: ignore[override]
        return self.filter.kind


@dataclass(frozen=True, eq=False)
class Chosen(Ref):
    """An object chosen while the effect resolves ("a card of your choice"): not a target, so not announced and
    never illegal. ``chooser`` is a player reference; ``optional`` lets the chooser choose nothing; ``random``
    makes the choice uniformly at random instead (no decision)."""

    filter: Filter
    chooser: Ref = YOU
    optional: bool = False
    random: bool = False

    def __repr__(self) -> str:
        return f"Chosen({self.filter!r})"

    @property
    def kind(self) -> Any:  # type: ignore[override]
        return self.filter.kind


@dataclass(frozen=True, eq=False, repr=False)
class Each(Ref):
    """Every object matching the filter, one after the other, in instance order."""

    filter: Filter

    @property
    def kind(self) -> Any:  # type: ignore[override]
        return self.filter.kind
