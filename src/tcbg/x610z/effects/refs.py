"""What effects act on: the source and its controller, announced targets, choices made on resolution, every object
matching a filter, and the filters themselves (docs/cards.md "Targets and choices"). The references are the
shared ones (:mod:`tcbg.effects.refs`); X610Z's filters, ``FOCUSED`` and ``LifeBaseOf`` are its own.

A filter describes a kind of object (a summon, an energy crystal, a card in a discard pile, a dot, an action on
the stack ...) and whose it is, always seen from the effect's controller. A filter becomes a reference in three ways:

- ``Target(filter)`` (or ``TargetSummon(...)`` and the other shorthands): announced when the card is cast or the
  ability activated, checked again when it resolves (an illegal target becomes NONE, rules.md 6.1);
- ``Chosen(filter)``: chosen by a player while the effect resolves ("a card of your choice");
- ``Each(filter)``: every matching object ("each NLB summon your opponents control").

>>> from tcbg.x610z.effects import TargetNLBSummon, Each, Summons
>>> TargetNLBSummon(controller="opponent")
Target(NLBSummons(controller='opponent'))
>>> Each(Summons(controller="you", classes=("berserker",)))
Each(Summons(controller='you', classes=('berserker',)))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tcbg.effects import refs as shared
from tcbg.effects.refs import (  # noqa: F401 - the shared references are the language's
    ACTIVE_PLAYER, EVENT_OTHER, EVENT_SUBJECT, SELF, YOU, Chosen, ContextRef, ControllerOf, Each, Ref, Target,
    positional_repr,
)
from tcbg.x610z.effects.native import Ctx, Kind

RELATIONS = ("any", "you", "opponent", "teammate", "other")
"""Whose: ``any``; ``you`` (the effect's controller); ``opponent`` (a player of another team); ``teammate``;
``other`` (anyone but you)."""
ZONES = ("hand", "deck", "discard", "removed", "stack")
"""Zones of ``Cards`` filters: ``stack`` is for the card being cast (``Cast`` triggers)."""
STATS = ("attack", "defense", "speed", "range", "block_rate")
DOT_KINDS = ("start", "end", "no-attack", "warp", "quest", "white")
STACK_KINDS = ("flux", "permanent", "move", "attack", "ability")
COUNTERS = ("damage", "activation", "time", "charge")
PROPERTIES = ("stealth", "cannot-attack", "cannot-move", "cannot-be-attacked", "all-directions")
FILTER_STATS = ("attack", "defense", "speed", "range", "damage", "remaining", "cost")

FOCUSED = ContextRef(Ctx.FOCUSED, "FOCUSED")
"""The permanent a catalyst with focus is focused on."""


@dataclass(frozen=True, eq=False)
class LifeBaseOf(Ref):
    """A player's life base ("your life base": ``LifeBaseOf(YOU)``)."""

    player: Ref
    kind = Kind.LIFE_BASE


def _tuple(values: Iterable[str] | str | None) -> tuple[str, ...]:
    if values is None:
        return ()
    if isinstance(values, str):
        return (values,)
    return tuple(values)


@dataclass(frozen=True)
class Filter(shared.Filter):
    """X610Z's filter: a kind of object and the conditions it meets; build one with the functions below (``Summons``,
    ``NLBSummons``, ``Crystals``, ``Cards`` ...), not directly. Checked when the definition compiles."""

    kind: Kind
    relation: str = "any"
    classes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    zone: str | None = None
    other: bool = False
    damaged: bool | None = None
    activated: bool | None = None
    stat: tuple[str, int, int | None] | None = None
    card: str | None = None
    dots: tuple[str, ...] = ()
    free: bool = False
    summon_dot: bool = False
    distinct: bool = False

    def __repr__(self) -> str:
        name = _FILTER_NAMES.get(self.kind, "Filter")
        parts = []
        relation_key = "owner" if self.kind == Kind.CARD else "who" if self.kind == Kind.PLAYER else "controller"
        if self.kind == Kind.CARD:
            parts.append(f"zone={self.zone!r}")
        if self.relation != "any":
            parts.append(f"{relation_key}={self.relation!r}")
        for key in ("classes", "types", "dots"):
            if getattr(self, key):
                label = "on" if key == "dots" and self.kind != Kind.DOT else key
                parts.append(f"{label}={getattr(self, key)!r}")
        for key in ("other", "free", "summon_dot", "distinct"):
            if getattr(self, key):
                parts.append(f"{key}=True")
        for key in ("damaged", "activated", "stat", "card"):
            if getattr(self, key) is not None:
                parts.append(f"{key}={getattr(self, key)!r}")
        return f"{name}({', '.join(parts)})"


_FILTER_NAMES = {Kind.PLAYER: "Players", Kind.SUMMON: "Summons", Kind.NLB_SUMMON: "NLBSummons",
                 Kind.LIFE_BASE: "LifeBases", Kind.CRYSTAL: "Crystals", Kind.CATALYST: "Catalysts",
                 Kind.QUEST: "Quests", Kind.PERMANENT: "Permanents", Kind.CARD: "Cards", Kind.DOT: "Dots",
                 Kind.STACK_ITEM: "StackActions"}


def _permanent_filter(kind: Kind, controller: str, classes, other: bool, damaged, activated, stat, card,
                      distinct: bool, on=None) -> Filter:
    return Filter(kind, relation=controller, classes=_tuple(classes), other=other, damaged=damaged,
                  activated=activated, stat=stat, card=card, distinct=distinct, dots=_tuple(on))


def Players(who: str = "any", *, distinct: bool = False) -> Filter:
    """Players: ``who`` is one of :data:`RELATIONS`."""
    return Filter(Kind.PLAYER, relation=who, distinct=distinct)


def Summons(controller: str = "any", *, classes=None, other: bool = False, damaged: bool | None = None,
            activated: bool | None = None, stat: tuple | None = None, card: str | None = None, on=None,
            distinct: bool = False) -> Filter:
    """Summons in play, life bases included (ORoC "target summon"). ``classes``: summon classes; ``other``: not the
    source; ``damaged``/``activated``: True or False; ``stat``: ``(name, min, max)`` with name in
    :data:`FILTER_STATS` and max None for no bound; ``card``: a card name; ``on``: dot kinds the summon stands on
    (``on="quest"``); ``distinct``: as a target, not what an earlier target of the ability is."""
    return _permanent_filter(Kind.SUMMON, controller, classes, other, damaged, activated, stat, card, distinct, on)


def NLBSummons(controller: str = "any", *, classes=None, other: bool = False, damaged: bool | None = None,
               activated: bool | None = None, stat: tuple | None = None, card: str | None = None, on=None,
               distinct: bool = False) -> Filter:
    """Summons in play that are not life bases (ORoC "target NLB summon")."""
    return _permanent_filter(Kind.NLB_SUMMON, controller, classes, other, damaged, activated, stat, card, distinct,
                             on)


def LifeBases(controller: str = "any", *, damaged: bool | None = None, on=None, distinct: bool = False) -> Filter:
    return _permanent_filter(Kind.LIFE_BASE, controller, None, False, damaged, None, None, None, distinct, on)


def Crystals(controller: str = "any", *, activated: bool | None = None, other: bool = False,
             card: str | None = None, distinct: bool = False) -> Filter:
    """Energy crystals in play."""
    return _permanent_filter(Kind.CRYSTAL, controller, None, other, None, activated, None, card, distinct)


def Catalysts(controller: str = "any", *, other: bool = False, card: str | None = None,
              distinct: bool = False) -> Filter:
    return _permanent_filter(Kind.CATALYST, controller, None, other, None, None, None, card, distinct)


def Quests(controller: str = "any", *, other: bool = False, distinct: bool = False) -> Filter:
    return _permanent_filter(Kind.QUEST, controller, None, other, None, None, None, None, distinct)


def Permanents(controller: str = "any", *, types=None, other: bool = False, activated: bool | None = None,
               card: str | None = None, distinct: bool = False) -> Filter:
    """Any card in play; ``types`` narrows it to card types (``"summon"``, ``"catalyst"`` ...)."""
    return Filter(Kind.PERMANENT, relation=controller, types=_tuple(types), other=other, activated=activated,
                  card=card, distinct=distinct)


def Cards(zone: str, owner: str = "you", *, types=None, classes=None, card: str | None = None,
          other: bool = False, stat: tuple | None = None, distinct: bool = False) -> Filter:
    """Cards in a zone (``hand``, ``deck``, ``discard``, ``removed``) by owner: "a summon card in your discard
    pile" is ``Cards("discard", types="summon")``."""
    return Filter(Kind.CARD, relation=owner, zone=zone, types=_tuple(types), classes=_tuple(classes), card=card,
                  other=other, stat=stat, distinct=distinct)


def Dots(kinds=None, *, owner: str = "any", free: bool = True, summon_dot: bool = False,
         distinct: bool = False) -> Filter:
    """Dots of the board. ``kinds``: any of :data:`DOT_KINDS` (effective kinds, rules.md 1.2); ``free``: no summon
    on it; ``summon_dot``: a dot where the effect's controller may place a summon (rules.md 5.11); ``owner``: for
    start dots, whose seat."""
    return Filter(Kind.DOT, relation=owner, dots=_tuple(kinds), free=free, summon_dot=summon_dot,
                  distinct=distinct)


def StackActions(kinds=None, controller: str = "any", *, distinct: bool = False) -> Filter:
    """Actions on the stack: ``kinds`` any of :data:`STACK_KINDS` (casting a flux, casting a permanent, a move,
    an attack, an ability or effect)."""
    return Filter(Kind.STACK_ITEM, relation=controller, types=_tuple(kinds), distinct=distinct)


def TargetPlayer(who: str = "any", **kw) -> Target:
    """Target player ("you can target any player, including yourself")."""
    return Target(Players(who, **kw))


def TargetSummon(controller: str = "any", **kw) -> Target:
    """Target summon, life bases included."""
    return Target(Summons(controller, **kw))


def TargetNLBSummon(controller: str = "any", **kw) -> Target:
    """Target NLB summon: a summon that is not a life base."""
    return Target(NLBSummons(controller, **kw))


def TargetCrystal(controller: str = "any", **kw) -> Target:
    """Target energy crystal."""
    return Target(Crystals(controller, **kw))


def TargetCatalyst(controller: str = "any", **kw) -> Target:
    return Target(Catalysts(controller, **kw))


def TargetPermanent(controller: str = "any", **kw) -> Target:
    return Target(Permanents(controller, **kw))


def TargetDot(kinds=None, **kw) -> Target:
    return Target(Dots(kinds, **kw))


def TargetCard(zone: str, owner: str = "you", **kw) -> Target:
    """Target card in a zone: "target summon card in your discard pile" is ``TargetCard("discard",
    types="summon")``."""
    return Target(Cards(zone, owner, **kw))


def TargetAction(kinds=None, controller: str = "any", **kw) -> Target:
    """Target action on the stack (to cancel it)."""
    return Target(StackActions(kinds, controller, **kw))
