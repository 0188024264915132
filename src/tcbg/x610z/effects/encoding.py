"""Encoding definitions' data into the native tables (docs/cards.md "The native form"): the name-to-code maps and
the filter and cost records (card-data C13-C22); the error every check raises and the table builder are the shared
ones (:mod:`tcbg.effects.errors`, :mod:`tcbg.effects.tables`)."""

from __future__ import annotations

from typing import Any

from tcbg.effects.errors import CompileError, fail, name_of, small_int, walk  # noqa: F401 - X610Z's checks raise these
from tcbg.effects.tables import TableBuilder
from tcbg.errors import CardError
from tcbg.x610z.effects import actions as A
from tcbg.x610z.effects import kinds as K
from tcbg.x610z.effects import refs as R
from tcbg.x610z.effects.native import (
    CLASS_CODES, MAX_AMOUNT, NONE, STAT_MAX, TYPE_CODES, CostFlag, Counter, DotKind, FilterFlag, Kind, NativeEffects,
    Prop, Property, StackKind, Timing, Turn, Zone,
)

SUMMON_KINDS = frozenset({Kind.SUMMON, Kind.NLB_SUMMON, Kind.LIFE_BASE})
PERMANENT_KINDS = SUMMON_KINDS | {Kind.CRYSTAL, Kind.CATALYST, Kind.QUEST, Kind.PERMANENT}
CONTROLLABLE_KINDS = frozenset({Kind.NLB_SUMMON, Kind.CRYSTAL, Kind.CATALYST, Kind.QUEST})
SELF_KINDS = {"summon": Kind.NLB_SUMMON, "life-base": Kind.LIFE_BASE, "crystal": Kind.CRYSTAL,
              "catalyst": Kind.CATALYST, "quest": Kind.QUEST, "flux": Kind.CARD}
RELATION_CODES = {name: i for i, name in enumerate(R.RELATIONS)}
ZONE_CODES = {"hand": Zone.HAND, "deck": Zone.DECK, "discard": Zone.DISCARD, "removed": Zone.REMOVED,
              "stack": Zone.STACK}
DOT_CODES = {"start": DotKind.START, "end": DotKind.END, "no-attack": DotKind.NO_ATTACK, "warp": DotKind.WARP,
             "quest": DotKind.QUEST, "white": DotKind.WHITE}
STACK_CODES = {"flux": StackKind.CAST_FLUX, "permanent": StackKind.CAST_PERMANENT, "move": StackKind.MOVE,
               "attack": StackKind.ATTACK, "ability": StackKind.ABILITY}
COUNTER_CODES = {"damage": Counter.DAMAGE, "activation": Counter.ACTIVATION, "time": Counter.TIME,
                 "charge": Counter.CHARGE}
PROPERTY_CODES = {"stealth": Property.STEALTH, "cannot-attack": Property.CANNOT_ATTACK,
                  "cannot-move": Property.CANNOT_MOVE, "cannot-be-attacked": Property.CANNOT_BE_ATTACKED,
                  "all-directions": Property.ALL_DIRECTIONS}
STAT_CODES = {"attack": Prop.ATTACK, "defense": Prop.DEFENSE, "speed": Prop.SPEED, "range": Prop.RANGE,
              "block_rate": Prop.BLOCK_RATE}
FILTER_STAT_CODES = {**STAT_CODES, "damage": Prop.DAMAGE, "remaining": Prop.REMAINING, "cost": Prop.COST}
DURATION_CODES = A.DURATION_CODES
TIMING_CODES = {"any": Timing.ANY, "your turn": Timing.YOUR_TURN, "your action phase": Timing.YOUR_ACTION_PHASE}
TURN_CODES = {"any": Turn.ANY, "yours": Turn.YOURS, "opponents": Turn.OPPONENTS}
START_COUNTERS = ("activation", "time", "charge")


class Tables(TableBuilder):
    """The tables being built, with filters and costs shared between cards when equal."""

    native_class = NativeEffects


def encode_filter(tables: Tables, flt: Any) -> int:
    """Check a filter (card-data C18) and add its record; returns its index."""
    if not isinstance(flt, R.Filter):
        fail(f"expected a filter such as Summons(...) or Cards(...), not {flt!r}", "C18")
    kind = flt.kind
    if flt.relation not in RELATION_CODES:
        fail(f"{flt!r}: whose must be one of {', '.join(R.RELATIONS)}, not {flt.relation!r}", "C18")
    classes = 0
    for name in flt.classes:
        if name not in CLASS_CODES:
            fail(f"{flt!r}: unknown summon class {name!r} (classes: {', '.join(CLASS_CODES)})", "C18")
        classes |= 1 << CLASS_CODES[name]
    if classes and kind not in SUMMON_KINDS | {Kind.CARD}:
        fail(f"{flt!r}: only summons and cards have a class", "C18")
    types = 0
    if kind == Kind.STACK_ITEM:
        for name in flt.types:
            if name not in STACK_CODES:
                fail(f"{flt!r}: unknown stack action {name!r} (actions: {', '.join(STACK_CODES)})", "C18")
            types |= STACK_CODES[name]
    else:
        for name in flt.types:
            if name not in TYPE_CODES:
                fail(f"{flt!r}: unknown card type {name!r} (types: {', '.join(TYPE_CODES)})", "C18")
            types |= 1 << TYPE_CODES[name]
        if types and kind not in (Kind.CARD, Kind.PERMANENT):
            fail(f"{flt!r}: only Cards and Permanents filters take types", "C18")
    zone = 0
    if kind == Kind.CARD:
        if flt.zone not in ZONE_CODES:
            fail(f"{flt!r}: zone must be one of {', '.join(ZONE_CODES)}, not {flt.zone!r}", "C18")
        zone = int(ZONE_CODES[flt.zone])
    flags = 0
    if flt.other:
        flags |= FilterFlag.NOT_SELF
    if flt.damaged is not None:
        if kind not in SUMMON_KINDS:
            fail(f"{flt!r}: only summons in play are damaged or undamaged", "C18")
        flags |= FilterFlag.DAMAGED if flt.damaged else FilterFlag.UNDAMAGED
    if flt.activated is not None:
        if kind not in PERMANENT_KINDS:
            fail(f"{flt!r}: only permanents are activated or reactivated", "C18")
        flags |= FilterFlag.ACTIVATED if flt.activated else FilterFlag.REACTIVATED
    if flt.free or flt.summon_dot:
        if kind != Kind.DOT:
            fail(f"{flt!r}: free and summon_dot are for dots", "C18")
        flags |= (FilterFlag.FREE if flt.free else 0) | (FilterFlag.SUMMON_DOT if flt.summon_dot else 0)
    if flt.distinct:
        flags |= FilterFlag.DISTINCT
    stat, stat_min, stat_max = NONE, 0, STAT_MAX
    if flt.stat is not None:
        if kind not in SUMMON_KINDS | {Kind.CARD}:
            fail(f"{flt!r}: only summons and cards have stats to compare", "C18")
        if not (isinstance(flt.stat, tuple) and len(flt.stat) == 3 and flt.stat[0] in FILTER_STAT_CODES):
            fail(f"{flt!r}: stat must be (name, min, max) with name one of {', '.join(FILTER_STAT_CODES)}", "C18")
        name, low, high = flt.stat
        if not small_int(low, 0) or not (high is None or small_int(high, 0)) or (high is not None and high < low):
            fail(f"{flt!r}: stat bounds must be whole numbers from 0 to {MAX_AMOUNT}, min <= max", "C18")
        stat, stat_min, stat_max = int(FILTER_STAT_CODES[name]), low, STAT_MAX if high is None else high
    card = NONE
    if flt.card is not None:
        if flt.card not in tables.card_codes:
            import difflib

            close = difflib.get_close_matches(flt.card, list(tables.card_codes), n=3)
            hint = "; did you mean " + " or ".join(map(repr, close)) + "?" if close else ""
            fail(f"{flt!r}: no card named {flt.card!r} in the set{hint}", "C15")
        card = tables.card_codes[flt.card]
    dots = 0
    for name in flt.dots:
        if name not in DOT_CODES:
            fail(f"{flt!r}: unknown dot kind {name!r} (kinds: {', '.join(DOT_CODES)})", "C18")
        dots |= DOT_CODES[name]
    if dots and kind not in SUMMON_KINDS | {Kind.DOT}:
        fail(f"{flt!r}: dot kinds are for dots, and for summons as the dots they stand on", "C18")
    return tables.add_filter((int(kind), RELATION_CODES[flt.relation], classes, types, zone, flags, stat, stat_min,
                              stat_max, card, dots))


def encode_cost(tables: Tables, cost: Any, *, activate_self: bool, edition_letters: frozenset[str] | None) -> int:
    """Check an ability's cost (card-data C19) and add its record."""
    from tcbg.x610z.cost import Cost as EnergyCost

    if not isinstance(cost, K.Cost):
        fail(f"a cost is a Cost(...) or a cost string, not {cost!r}", "C19")
    try:
        energy = EnergyCost.parse(cost.energy)
    except CardError as exc:
        fail(f"cost {cost.energy!r}: {exc.reason}", "C19")
    if edition_letters is not None:
        for letter in energy.letters() - edition_letters:
            fail(f"cost {cost.energy!r} uses {letter}, an energy the card's editions do not all know", "C19")
    flags = CostFlag.ACTIVATE_SELF if activate_self else 0
    if cost.sacrifice_self:
        flags |= CostFlag.SACRIFICE_SELF
    if cost.remove_self:
        flags |= CostFlag.REMOVE_SELF
    if not small_int(cost.discard, 0, 7):
        fail(f"discard must be a whole number of cards from 0 to 7, not {cost.discard!r}", "C19")
    kind, count = 0, 0
    if cost.remove_counters is not None:
        if not (isinstance(cost.remove_counters, tuple) and len(cost.remove_counters) == 2
                and cost.remove_counters[0] in START_COUNTERS and small_int(cost.remove_counters[1], 1)):
            fail(f"remove_counters must be (kind, count) with kind one of {', '.join(START_COUNTERS)}, "
                 f"not {cost.remove_counters!r}", "C19")
        kind, count = int(COUNTER_CODES[cost.remove_counters[0]]), cost.remove_counters[1]
    sacrifice = NONE
    if cost.sacrifice is not None:
        if cost.sacrifice.kind not in PERMANENT_KINDS or cost.sacrifice.relation != "you":
            fail(f"sacrifice: a cost sacrifices a permanent you control, not {cost.sacrifice!r}", "C19")
        sacrifice = encode_filter(tables, cost.sacrifice)
    return tables.add_cost((energy.colorless, energy.boost, energy.mystic, energy.robiumm, energy.halos, flags,
                            cost.discard, kind, count, sacrifice))
