"""Kinds of definitions and abilities (docs/cards.md "Definitions: the kinds of card"): fluxes, catalysts (with
focus), summons and life bases with their abilities, energy crystals with effects, and Act I quest cards;
activated ``[R cost: ...]``, paid ``[cost: ...]``, triggered and continuous abilities; keywords; "choose one" modes
and optional additional effects with their additional costs; trigger events. ``When``, ``Triggered``,
``Continuous``, keywords and definitions are the shared ones (:mod:`tcbg.effects.kinds`); X610Z names its events
and its other kinds.

>>> from tcbg.x610z.effects import Flux, Heal, TargetSummon
>>> Flux(Heal(TargetSummon(), 8))
Flux(Heal(Target(Summons()), 8))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tcbg.effects.kinds import (  # noqa: F401 - the shared kinds are the language's
    Ability, Continuous, Definition, Keyword, Triggered, When,
)
from tcbg.effects.kinds import flatten as _effects
from tcbg.x610z.effects.native import Event
from tcbg.x610z.effects.refs import SELF, Filter, Ref

TIMINGS = ("any", "your turn", "your action phase")
ABILITY_ZONES = ("play", "discard")


@dataclass(frozen=True)
class Cost:
    """A cost beyond the card's casting cost: ``energy`` is a cost string (card-data C4, ``"C1 M1"``), and the
    other costs of ORoC "Other costs": ``sacrifice_self``, ``remove_self`` (remove this card from the game),
    ``discard`` (cards of your choice), ``remove_counters`` (``("charge", 2)``: from this card), ``sacrifice`` (a
    filter: a permanent of yours matching it). An activated ability also activates its card (the R symbol)."""

    energy: str = ""
    sacrifice_self: bool = False
    remove_self: bool = False
    discard: int = 0
    remove_counters: tuple[str, int] | None = None
    sacrifice: Filter | None = None


def _cost(value: Cost | str | None) -> Cost:
    if value is None:
        return Cost()
    if isinstance(value, str):
        return Cost(value)
    return value


@dataclass(frozen=True, eq=False)
class ChooseOne:
    """ "Choose one": the modes, each an effect or a list of effects, with its own targets. The mode is chosen when
    the card is cast or the ability activated, before its targets (ORoC "Effects in general")."""

    modes: tuple[tuple[Any, ...], ...]

    def __init__(self, *modes: Any) -> None:
        object.__setattr__(self, "modes", tuple(_effects([m]) for m in modes))

    def __repr__(self) -> str:
        return f"ChooseOne({', '.join(repr(list(m)) for m in self.modes)})"


@dataclass(frozen=True, eq=False)
class Additional:
    """An optional additional effect and its additional cost: the controller decides when casting whether to use
    it, and pays for it then (ORoC "Effects in general"; Act I "Casting" 1). It happens after the main effect."""

    cost: Cost
    effects: tuple[Any, ...]

    def __init__(self, cost: Cost | str | None, *effects: Any) -> None:
        object.__setattr__(self, "cost", _cost(cost))
        object.__setattr__(self, "effects", _effects(effects))

    def __repr__(self) -> str:
        return f"Additional({self.cost.energy!r}, {', '.join(map(repr, self.effects))})"


def EntersPlay(subject: Ref | Filter = SELF, turn: str = "any") -> When:
    """When a card enters play (a summon when it is placed, a crystal when it is placed)."""
    return When(Event.ENTERS_PLAY, subject, turn)


def LeavesPlay(subject: Ref | Filter = SELF, turn: str = "any") -> When:
    return When(Event.LEAVES_PLAY, subject, turn)


def Destroyed(subject: Ref | Filter = SELF, turn: str = "any") -> When:
    return When(Event.DESTROYED, subject, turn)


def DealtDamage(subject: Ref | Filter = SELF, turn: str = "any") -> When:
    return When(Event.DAMAGED, subject, turn)


def Attacks(subject: Ref | Filter = SELF, turn: str = "any") -> When:
    """When an attack is declared (its triggered effects resolve before the attack)."""
    return When(Event.ATTACKS, subject, turn)


def Moves(subject: Ref | Filter = SELF, turn: str = "any") -> When:
    """When a move resolves."""
    return When(Event.MOVES, subject, turn)


def Cast(subject: Filter, turn: str = "any") -> When:
    """When a card matching the filter (a ``Cards("hand", ...)``-style filter on the card cast) is cast."""
    return When(Event.CAST, subject, turn)


def CrystalPlaced(subject: Filter, turn: str = "any") -> When:
    """When an energy crystal matching the filter is placed."""
    return When(Event.CRYSTAL_PLACED, subject, turn)


def StartOfTurn(turn: str = "yours") -> When:
    """At the start of a turn: after the reactivation phase, before the draw."""
    return When(Event.TURN_START, None, turn)


def EndPhase(turn: str = "yours") -> When:
    """When the end phase begins."""
    return When(Event.END_PHASE, None, turn)


@dataclass(frozen=True, eq=False)
class Activated(Ability):
    """``[R cost: effects]``: activate the card and pay the cost (ORoC "Activated ability"; a catalyst's or
    crystal's activated effect works the same way). ``timing``: ``any`` (default: holding priority in any action
    or end phase), ``your turn``, ``your action phase``. ``zone``: ``play``, or ``discard`` for an ability used
    from the discard pile (it cannot activate the card, which is not in play)."""

    cost: Cost
    effects: tuple[Any, ...]
    timing: str = "any"
    zone: str = "play"

    def __init__(self, cost: Cost | str | None, *effects: Any, timing: str = "any", zone: str = "play") -> None:
        object.__setattr__(self, "cost", _cost(cost))
        object.__setattr__(self, "effects", _effects(effects))
        object.__setattr__(self, "timing", timing)
        object.__setattr__(self, "zone", zone)

    def __repr__(self) -> str:
        return f"Activated({self.cost.energy!r}, {', '.join(map(repr, self.effects))})"


@dataclass(frozen=True, eq=False)
class Paid(Ability):
    """``[cost: effects]``: pay the cost, without activating the card; usable in any player's turn, once until its
    controller's next turn (ORoC "Paid ability")."""

    cost: Cost
    effects: tuple[Any, ...]
    timing: str = "any"

    def __init__(self, cost: Cost | str | None, *effects: Any, timing: str = "any") -> None:
        object.__setattr__(self, "cost", _cost(cost))
        object.__setattr__(self, "effects", _effects(effects))
        object.__setattr__(self, "timing", timing)

    def __repr__(self) -> str:
        return f"Paid({self.cost.energy!r}, {', '.join(map(repr, self.effects))})"


@dataclass(frozen=True, eq=False)
class Stealth(Keyword):
    """``[Stealth]``: this summon cannot be the target of its opponents' fluxes, effects and abilities (attacks
    are not effects: it can still be attacked)."""

    def expand(self) -> tuple[Ability, ...]:
        from tcbg.x610z.effects.actions import Grant

        return (Continuous(Grant(SELF, "stealth")),)

    def __repr__(self) -> str:
        return "Stealth()"


@dataclass(frozen=True, eq=False)
class Rage(Keyword):
    """``[Rage X]``: this summon gets +X attack while it has damage."""

    amount: int

    def expand(self) -> tuple[Ability, ...]:
        from tcbg.x610z.effects.actions import ModifyStats
        from tcbg.x610z.effects.values import IsDamaged

        return (Continuous(ModifyStats(SELF, attack=self.amount), condition=IsDamaged(SELF)),)

    def __repr__(self) -> str:
        return f"Rage({self.amount})"


@dataclass(frozen=True, eq=False, repr=False)
class Rise(Keyword):
    """``[Rise cost]``: in your action phase, if this summon card is in your discard pile, pay the cost to place it
    onto a summon dot (your start dot, or a warp dot in ORoC and an end dot in Act I, rules.md 5.11): it enters
    play."""

    cost: str

    def expand(self) -> tuple[Ability, ...]:
        from tcbg.x610z.effects.actions import PlaceOnDot
        from tcbg.x610z.effects.refs import Dots

        return (Activated(self.cost, PlaceOnDot(SELF, Dots(summon_dot=True)), timing="your action phase",
                          zone="discard"),)


@dataclass(frozen=True, eq=False)
class Flux(Definition):
    """A flux: its effects happen when it resolves, then it goes to the discard pile. The effects may start with a
    ``ChooseOne`` and end with ``Additional`` effects."""

    effects: tuple[Any, ...]
    card_type = "flux"

    def __init__(self, *effects: Any) -> None:
        object.__setattr__(self, "effects", _effects(effects))

    @property
    def parts(self) -> tuple[Any, ...]:  # type: ignore[override]
        return ()

    def __repr__(self) -> str:
        return f"Flux({', '.join(map(repr, self.effects))})"


def _counters(counters: dict[str, int] | None) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((counters or {}).items()))


@dataclass(frozen=True, eq=False)
class _Permanent(Definition):
    parts: tuple[Any, ...]
    counters: tuple[tuple[str, int], ...] = ()

    def __init__(self, *parts: Any, counters: dict[str, int] | None = None) -> None:
        object.__setattr__(self, "parts", _effects(parts))
        object.__setattr__(self, "counters", _counters(counters))

    def __repr__(self) -> str:
        extra = f", counters={dict(self.counters)!r}" if self.counters else ""
        return f"{type(self).__name__}({', '.join(map(repr, self.parts))}{extra})"


class Summon(_Permanent):
    """A summon's abilities: ``Activated``, ``Paid``, ``Triggered``, ``Continuous`` and keywords."""

    card_type = "summon"


class LifeBase(_Permanent):
    """A life base's abilities, as a summon's."""

    card_type = "life-base"


class Crystal(_Permanent):
    """An energy crystal's effects. Activating it for energy stays a non-stackable action; an activated effect of
    it (``Activated``) is stackable, and using it activates the crystal, which then releases no energy."""

    card_type = "crystal"


class Quest(_Permanent):
    """An Act I quest card: a permanent cast in your action phase whose abilities may win the game
    (``WinGame``), usually by summons standing on quest dots."""

    card_type = "quest"


@dataclass(frozen=True, eq=False)
class Catalyst(_Permanent):
    """A catalyst: activated, triggered and continuous effects. With ``focus`` (a filter of permanents) it is cast
    targeting a permanent and attaches to it: it changes control with it and is destroyed when it leaves play
    (ORoC "Focus"; Act I "Casting effect cards")."""

    focus: Filter | None = None
    card_type = "catalyst"

    def __init__(self, *parts: Any, focus: Filter | None = None, counters: dict[str, int] | None = None) -> None:
        super().__init__(*parts, counters=counters)
        object.__setattr__(self, "focus", focus)

    def __repr__(self) -> str:
        focus = f", focus={self.focus!r}" if self.focus is not None else ""
        return super().__repr__()[:-1] + focus + ")"


DEFINITION_KINDS = {cls.card_type: cls for cls in (Flux, Catalyst, Summon, LifeBase, Crystal, Quest)}
