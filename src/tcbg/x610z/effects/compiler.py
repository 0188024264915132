"""Compiling definitions into the native form (docs/cards.md "Compilation"), checking them as it goes.

:func:`compile_definitions` turns the definitions of a card set into one :class:`NativeEffects`. A definition
that breaks a rule raises :class:`tcbg.CardError` naming the file, the card, the part of the definition at fault
(``effects: ability 2 (Triggered): DealDamage: ...``) and the rule (card-data C13-C22).

>>> from tcbg.x610z.cards import CardSet
>>> from tcbg.x610z.effects import compile_effects
>>> print(compile_effects(CardSet.load("ruins")).disassemble("Healing Elixir"))
Healing Elixir
  ability 0 CAST zone=HAND timing=ANY cost=-
    does: t0=[SUMMON]:
      0: SET r4, 8
      1: HEAL r0, r4
      2: END
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NoReturn

from tcbg.errors import CardError
from tcbg.x610z.effects import actions as A
from tcbg.x610z.effects import kinds as K
from tcbg.x610z.effects import refs as R
from tcbg.x610z.effects import values as V
from tcbg.x610z.effects.native import (
    CLASS_CODES, MAX_AMOUNT, MAX_PROGRAM, NONE, REGISTERS, STAT_MAX, TARGET_SLOTS, TYPE_CODES, AbilityFlag,
    AbilityKind, CardFlag, Choose, CostFlag, Counter, Ctx, DotKind, Duration, Energy, Event, FilterFlag, Kind, Layer,
    NativeEffects, Op, Prop, Property, StackKind, Subject, Timing, Turn, Zone,
)

SCRATCH = range(TARGET_SLOTS, REGISTERS)

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
DURATION_CODES = {A.UNTIL_END_OF_TURN: Duration.UNTIL_END_OF_TURN, A.WHILE_IN_PLAY: Duration.WHILE_IN_PLAY,
                  A.WHILE_SOURCE_IN_PLAY: Duration.WHILE_SOURCE_IN_PLAY}
TIMING_CODES = {"any": Timing.ANY, "your turn": Timing.YOUR_TURN, "your action phase": Timing.YOUR_ACTION_PHASE}
TURN_CODES = {"any": Turn.ANY, "yours": Turn.YOURS, "opponents": Turn.OPPONENTS}
START_COUNTERS = ("activation", "time", "charge")


class CompileError(Exception):
    """A definition breaks a rule; the loader turns it into a :class:`tcbg.CardError` naming file and card."""

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


def fail(reason: str, rule: str) -> NoReturn:
    raise CompileError(reason, rule)


def _name(node: Any) -> str:
    return type(node).__name__


def walk(node: Any) -> Iterator[Any]:
    """Every node of a definition, depth first, in the order the text reads (fields in declaration order)."""
    yield node
    if isinstance(node, (list, tuple)):
        for item in node:
            yield from walk(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from walk(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, (type, R.Filter)):
        for f in dataclasses.fields(node):
            yield from walk(getattr(node, f.name))


class _Tables:
    """The tables being built, with filters and costs shared between cards when equal."""

    def __init__(self, card_names: Sequence[str]) -> None:
        self.native = NativeEffects(card_names=tuple(card_names))
        self.filter_index: dict[tuple[int, ...], int] = {}
        self.cost_index: dict[tuple[int, ...], int] = {}
        self.card_codes = {name: i for i, name in enumerate(card_names)}

    def add_filter(self, record: tuple[int, ...]) -> int:
        if record not in self.filter_index:
            self.filter_index[record] = len(self.native.filters)
            self.native.filters.append(record)
        return self.filter_index[record]

    def add_cost(self, record: tuple[int, ...]) -> int:
        if record not in self.cost_index:
            self.cost_index[record] = len(self.native.costs)
            self.native.costs.append(record)
        return self.cost_index[record]

    def add_code(self, words: list[int]) -> int:
        offset = len(self.native.code) // 4
        self.native.code.extend(words)
        return offset


def encode_filter(tables: _Tables, flt: Any, *, choosing: bool = False) -> int:
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
        if not _small_int(low, 0) or not (high is None or _small_int(high, 0)) or (high is not None and high < low):
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


def _small_int(value: Any, low: int = -MAX_AMOUNT, high: int = MAX_AMOUNT) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def encode_cost(tables: _Tables, cost: Any, *, activate_self: bool, edition_letters: frozenset[str] | None) -> int:
    """Check an ability's cost (card-data C19) and add its record."""
    from tcbg.x610z.cards import Cost as EnergyCost

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
    if not _small_int(cost.discard, 0, 7):
        fail(f"discard must be a whole number of cards from 0 to 7, not {cost.discard!r}", "C19")
    kind, count = 0, 0
    if cost.remove_counters is not None:
        if not (isinstance(cost.remove_counters, tuple) and len(cost.remove_counters) == 2
                and cost.remove_counters[0] in START_COUNTERS and _small_int(cost.remove_counters[1], 1)):
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


class _Program:
    """One program being compiled: its code, labels, target slots and registers."""

    def __init__(self, tables: _Tables, card: Any, definition: Any, slots: Mapping[Any, int] | None = None, *,
                 pausing: bool = True, allow_targets: bool = True) -> None:
        self.tables = tables
        self.card = card
        self.definition = definition
        self.slots = dict(slots or {})
        self.pausing = pausing  # may it stop for a choice (not in conditions and continuous programs)
        self.allow_targets = allow_targets
        self.code: list[list[int]] = []
        self.free = list(SCRATCH)
        self.bound: dict[int, int] = {}  # id(node) -> register: chosen objects and loop cursors
        self.temps: list[int] = []

    # -- registers and code --------------------------------------------------------------------------------------

    def alloc(self, *, temp: bool = True) -> int:
        if not self.free:
            fail(f"the effect needs more than {len(SCRATCH)} registers at once; split it into simpler effects",
                 "C22")
        reg = self.free.pop(0)
        if temp:
            self.temps.append(reg)
        return reg

    def release_temps(self) -> None:
        for reg in self.temps:
            self.free.append(reg)
        self.free.sort()
        self.temps = []

    def release(self, reg: int) -> None:
        self.free.append(reg)
        self.free.sort()

    def emit(self, op: Op, a: int = 0, b: int = 0, c: int = 0) -> int:
        self.code.append([int(op), int(a), int(b), int(c)])
        if len(self.code) > MAX_PROGRAM:
            fail(f"a program is longer than {MAX_PROGRAM} instructions", "C22")
        return len(self.code) - 1

    def here(self) -> int:
        return len(self.code)

    def patch(self, at: int, field: int, value: int) -> None:
        self.code[at][field] = value

    def finish(self, *, result: int | None = None) -> tuple[int, int]:
        if result is None:
            self.emit(Op.END)
        else:
            self.emit(Op.RETURN, result)
        words = [w for ins in self.code for w in ins]
        return self.tables.add_code(words), len(self.code)

    # -- references ----------------------------------------------------------------------------------------------

    def kind_of(self, ref: Any) -> Kind | None:
        if ref is R.SELF:
            return SELF_KINDS[self.card.type]
        if ref is R.FOCUSED:
            focus = getattr(self.definition, "focus", None)
            if focus is None:
                fail("FOCUSED is only for catalysts with focus", "C20")
            return focus.kind
        if isinstance(ref, R.Ref):
            return ref.kind
        return None

    def ref(self, ref: Any, accept: frozenset[Kind] | None = None, what: str = "") -> int:
        """The register holding a reference, emitting what loads it."""
        if not isinstance(ref, R.Ref):
            fail(f"{what or 'this'} must be a reference (a target, SELF, YOU, Each(...) ...), not {ref!r}", "C21")
        kind = self.kind_of(ref)
        if accept is not None and kind is not None and kind not in accept:
            wanted = ", ".join(sorted(k.name.lower() for k in accept))
            fail(f"{what or 'this'}: {ref!r} is a {kind.name.lower()}, but this takes a {wanted}", "C21")
        if id(ref) in self.bound:
            return self.bound[id(ref)]
        if isinstance(ref, R.Target):
            if not self.allow_targets:
                fail(f"{ref!r}: a condition or continuous effect has no targets", "C20")
            if ref not in self.slots:
                fail(f"{ref!r} is not announced by this ability (a target belongs to one ability)", "C20")
            return self.slots[ref]
        if isinstance(ref, R.ContextRef):
            if ref is R.FOCUSED:
                self.kind_of(ref)
            reg = self.alloc()
            self.emit(Op.CTX, reg, ref.what)
            return reg
        if isinstance(ref, R.ControllerOf):
            src = self.ref(ref.of, PERMANENT_KINDS | {Kind.CARD, Kind.STACK_ITEM}, "ControllerOf")
            reg = self.alloc()
            self.emit(Op.GET, reg, src, Prop.CONTROLLER)
            return reg
        if isinstance(ref, R.LifeBaseOf):
            src = self.ref(ref.player, frozenset({Kind.PLAYER}), "LifeBaseOf")
            reg = self.alloc()
            self.emit(Op.GET, reg, src, Prop.LIFE_BASE)
            return reg
        if isinstance(ref, R.Chosen):
            return self.chosen(ref)
        if isinstance(ref, R.Each):
            fail(f"{ref!r} can only be what an effect acts on, not part of another reference", "C21")
        fail(f"unknown reference {ref!r}", "C21")

    def chosen(self, ref: R.Chosen, for_summon: int | None = None) -> int:
        if not self.pausing and not ref.random:
            fail(f"{ref!r}: a condition or continuous effect cannot ask a player to choose", "C20")
        if not self.pausing:
            fail(f"{ref!r}: a condition or continuous effect makes no random choice", "C20")
        flt = encode_filter(self.tables, ref.filter)
        flags = (Choose.OPTIONAL if ref.optional else 0) | (Choose.RANDOM if ref.random else 0)
        if ref.filter.kind == Kind.DOT:
            if for_summon is None:
                fail(f"{ref!r}: a dot is chosen for a summon, in PlaceOnDot", "C21")
            reg = self.alloc(temp=False)
            self.emit(Op.CHOOSE_DOT, reg, flt, for_summon)
        else:
            chooser = self.ref(ref.chooser, frozenset({Kind.PLAYER}), "chooser")
            reg = self.alloc(temp=False)
            self.emit(Op.CHOOSE, reg, flt, chooser | flags << 8)
        self.bound[id(ref)] = reg
        return reg

    # -- values and conditions -----------------------------------------------------------------------------------

    def value(self, value: Any, what: str = "amount", low: int = -MAX_AMOUNT) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, V.Value)):
            fail(f"{what} must be a whole number or a value such as Count(...), not {value!r}", "C21")
        if isinstance(value, int):
            if not low <= value <= MAX_AMOUNT:
                fail(f"{what} must be from {low} to {MAX_AMOUNT}, not {value}", "C21")
            reg = self.alloc()
            self.emit(Op.SET, reg, value)
            return reg
        if isinstance(value, V.Count):
            reg = self.alloc()
            self.emit(Op.COUNT, reg, encode_filter(self.tables, value.filter))
            return reg
        if isinstance(value, V.StatOf):
            if value.name not in V.PROPERTIES:
                fail(f"{value!r}: unknown property {value.name!r} (properties: {', '.join(V.PROPERTIES)})", "C21")
            accept = frozenset({Kind.PLAYER}) if value.name in V.PLAYER_PROPERTIES else \
                PERMANENT_KINDS | {Kind.CARD}
            src = self.ref(value.of, accept, f"StatOf {value.name}")
            reg = self.alloc()
            self.emit(Op.GET, reg, src, V.PROPERTIES[value.name])
            return reg
        if isinstance(value, V.ContextValue):
            reg = self.alloc()
            self.emit(Op.CTX, reg, value.what)
            return reg
        ops = {V.Sum: Op.ADD, V.Difference: Op.SUB, V.Product: Op.MUL, V.Min: Op.MIN}
        for cls, op in ops.items():
            if isinstance(value, cls):
                left = self.value(value.left, what)
                right = self.value(value.right, what)
                reg = self.alloc()
                self.emit(op, reg, left, right)
                return reg
        fail(f"unknown value {value!r}", "C21")

    def condition(self, cond: Any) -> int:
        if isinstance(cond, V.AtLeast):
            left, right = self.value(cond.left, "a compared value"), self.value(cond.right, "a compared value")
            reg = self.alloc()
            self.emit(Op.LE, reg, right, left)
            return reg
        if isinstance(cond, V.Equals):
            left, right = self.value(cond.left, "a compared value"), self.value(cond.right, "a compared value")
            reg = self.alloc()
            self.emit(Op.EQ, reg, left, right)
            return reg
        if isinstance(cond, (V.And, V.Or)):
            left, right = self.condition(cond.left), self.condition(cond.right)
            reg = self.alloc()
            self.emit(Op.MIN if isinstance(cond, V.And) else Op.MAX, reg, left, right)
            return reg
        if isinstance(cond, V.Not):
            inner = self.condition(cond.of)
            reg = self.alloc()
            self.emit(Op.NOT, reg, inner)
            return reg
        if isinstance(cond, V.Exists):
            src = self.ref(cond.ref)
            none, reg = self.alloc(), self.alloc()
            self.emit(Op.SET, none, NONE)
            self.emit(Op.EQ, reg, src, none)
            self.emit(Op.NOT, reg, reg)
            return reg
        if isinstance(cond, V.Matches):
            src = self.ref(cond.ref)
            reg = self.alloc()
            self.emit(Op.MATCH, reg, src, encode_filter(self.tables, cond.filter))
            return reg
        fail(f"a condition compares values (>=, <, Equals, Controls ...), not {cond!r}", "C21")

    # -- effects -------------------------------------------------------------------------------------------------

    def effects(self, effects: Sequence[Any]) -> None:
        for effect in effects:
            self.effect(effect)

    def effect(self, effect: Any) -> None:
        if isinstance(effect, (K.ChooseOne, K.Additional)):
            fail(f"{_name(effect)} must stand at the top of a flux or an ability (ChooseOne once, Additional "
                 "last)", "C20")
        if not isinstance(effect, A.Effect):
            fail(f"expected an effect (DealDamage, Draw, ...), not {effect!r}", "C21")
        loops = [node for node in _operands(effect) if isinstance(node, R.Each)]
        if len(loops) > 1:
            fail(f"{_name(effect)}: at most one Each(...) per effect", "C21")
        if not loops:
            self._effect(effect)
            self.release_temps()
            return
        each = loops[0]
        cursor = self.alloc(temp=False)
        flt = encode_filter(self.tables, each.filter)
        self.emit(Op.SET, cursor, NONE)
        top = self.emit(Op.NEXT, cursor, flt, 0)
        self.bound[id(each)] = cursor
        self._effect(effect)
        self.release_temps()
        self.emit(Op.JUMP, top)
        self.patch(top, 3, self.here())
        del self.bound[id(each)]
        self.release(cursor)

    def _effect(self, e: Any) -> None:
        name = _name(e)
        if isinstance(e, A.DealDamage):
            to = self.ref(e.to, SUMMON_KINDS, f"{name} to")
            amount = self.value(e.amount, f"{name} amount", 0)
            source = self.alloc()
            self.emit(Op.CTX, source, Ctx.SELF)
            self.emit(Op.DAMAGE, to, amount, source)
        elif isinstance(e, A.Heal):
            self.emit(Op.HEAL, self.ref(e.summon, SUMMON_KINDS, name), self.value(e.amount, f"{name} amount", 0))
        elif isinstance(e, (A.PreventDamage, A.ReduceDamage)):
            op = Op.PREVENT if isinstance(e, A.PreventDamage) else Op.REDUCE
            self.emit(op, self.ref(e.summon, SUMMON_KINDS, name), self.value(e.amount, f"{name} amount", 0),
                      self.duration(e.duration, name))
        elif isinstance(e, A.RedirectDamage):
            self.emit(Op.REDIRECT, self.ref(e.summon, SUMMON_KINDS, name), self.ref(e.to, SUMMON_KINDS, f"{name} to"),
                      self.duration(e.duration, name))
        elif isinstance(e, A.Destroy):
            self.emit(Op.DESTROY, self.ref(e.permanent, PERMANENT_KINDS, name))
        elif isinstance(e, A.Sacrifice):
            self.emit(Op.SACRIFICE, self.ref(e.permanent, PERMANENT_KINDS, name))
        elif isinstance(e, A.Discard):
            if not _small_int(e.count, 1, 7):
                fail(f"{name}: count must be a whole number from 1 to 7, not {e.count!r}", "C21")
            player = self.ref(e.player, frozenset({Kind.PLAYER}), name)
            flt = encode_filter(self.tables, R.Cards("hand", "you"))
            flags = Choose.RANDOM if e.random else 0
            if not self.pausing:
                fail(f"{name}: a condition or continuous effect cannot discard", "C20")
            card = self.alloc()
            for _ in range(e.count):
                self.emit(Op.CHOOSE, card, flt, player | flags << 8)
                self.emit(Op.DISCARD, card)
        elif isinstance(e, A.DiscardCard):
            self.emit(Op.DISCARD, self.ref(e.card, frozenset({Kind.CARD}), name))
        elif isinstance(e, A.Draw):
            self.emit(Op.DRAW, self.ref(e.player, frozenset({Kind.PLAYER}), name),
                      self.value(e.count, f"{name} count", 0))
        elif isinstance(e, A.Search):
            if not isinstance(e.filter, R.Filter) or e.filter.kind != Kind.CARD or e.filter.zone != "deck":
                fail(f"{name}: searches a deck: the filter is Cards('deck', ...), not {e.filter!r}", "C21")
            player = self.ref(e.player, frozenset({Kind.PLAYER}), name)
            card = self.alloc()
            flags = Choose.SEARCH | Choose.OPTIONAL
            self.emit(Op.CHOOSE, card, encode_filter(self.tables, e.filter), player | flags << 8)
            self.emit(Op.TO_HAND, card)
            self.emit(Op.SHUFFLE, player)
        elif isinstance(e, A.ReturnToHand):
            self.emit(Op.TO_HAND, self.ref(e.card, PERMANENT_KINDS | {Kind.CARD}, name))
        elif isinstance(e, A.RemoveFromGame):
            self.emit(Op.REMOVE, self.ref(e.card, PERMANENT_KINDS | {Kind.CARD}, name))
        elif isinstance(e, A.PlaceOnDot):
            summon = self.ref(e.summon, SUMMON_KINDS | {Kind.CARD}, name)
            if isinstance(e.summon, (R.Target, R.Chosen, R.Each)) and e.summon.filter.kind == Kind.CARD and \
                    e.summon.filter.types != ("summon",):
                fail(f"{name}: a card placed on a dot is a summon card: Cards(..., types='summon')", "C21")
            if isinstance(e.dot, R.Filter):
                if e.dot.kind != Kind.DOT:
                    fail(f"{name}: dot must be a Dots(...) filter or a target dot, not {e.dot!r}", "C21")
                if not self.pausing:
                    fail(f"{name}: a condition or continuous effect cannot place summons", "C20")
                dot = self.alloc()
                self.emit(Op.CHOOSE_DOT, dot, encode_filter(self.tables, e.dot), summon)
            elif isinstance(e.dot, R.Chosen):
                dot = self.chosen(e.dot, for_summon=summon)
            else:
                dot = self.ref(e.dot, frozenset({Kind.DOT}), f"{name} dot")
            self.emit(Op.PLACE, summon, dot)
        elif isinstance(e, A.MoveSummon):
            summon = self.ref(e.summon, SUMMON_KINDS, name)
            steps = self.value(e.steps, f"{name} steps", 1)
            key = self.alloc()
            self.emit(Op.CHOOSE_MOVE, key, summon, steps)
            self.emit(Op.MOVE, summon, key)
        elif isinstance(e, A.GainControl):
            self.emit(Op.CONTROL, self.ref(e.permanent, CONTROLLABLE_KINDS, f"{name} (never a life base)"),
                      self.ref(e.player, frozenset({Kind.PLAYER}), f"{name} player"), self.duration(e.duration, name))
        elif isinstance(e, A.ProduceEnergy):
            player = self.ref(e.player, frozenset({Kind.PLAYER}), name)
            if isinstance(e.energy, str):
                if e.energy not in Energy.__members__:
                    fail(f"{name}: energy must be one of C, B, M, R, H or EnergyOf(crystal), not {e.energy!r}", "C21")
                energy = self.alloc()
                self.emit(Op.SET, energy, Energy[e.energy])
            else:
                if not (isinstance(e.energy, V.StatOf) and e.energy.name == "produces"):
                    fail(f"{name}: energy must be one of C, B, M, R, H or EnergyOf(crystal), not {e.energy!r}", "C21")
                energy = self.value(e.energy)
            self.emit(Op.PRODUCE, player, energy, self.value(e.amount, f"{name} amount", 0))
        elif isinstance(e, A.ModifyStats):
            summon = self.ref(e.summon, SUMMON_KINDS, name)
            duration = self.duration(e.duration, name)
            if not e.changes:
                fail(f"{name}: name at least one stat to change ({', '.join(STAT_CODES)})", "C21")
            for stat, amount in e.changes.items():
                if stat not in STAT_CODES:
                    fail(f"{name}: unknown stat {stat!r} (stats: {', '.join(STAT_CODES)})", "C21")
                self.emit(Op.MODIFY, summon, self.value(amount, f"{name} {stat}"), STAT_CODES[stat] | duration << 8)
        elif isinstance(e, A.Grant):
            if e.property not in PROPERTY_CODES:
                fail(f"{name}: unknown property {e.property!r} (properties: {', '.join(PROPERTY_CODES)})", "C21")
            self.emit(Op.GRANT, self.ref(e.summon, SUMMON_KINDS, name), PROPERTY_CODES[e.property],
                      self.duration(e.duration, name))
        elif isinstance(e, (A.AddCounters, A.RemoveCounters)):
            if e.kind not in COUNTER_CODES:
                fail(f"{name}: unknown counter {e.kind!r} (counters: {', '.join(COUNTER_CODES)})", "C21")
            target = self.ref(e.permanent, PERMANENT_KINDS, name)
            amount = self.value(e.amount, f"{name} amount", 0)
            if isinstance(e, A.RemoveCounters):
                zero = self.alloc()
                self.emit(Op.SET, zero, 0)
                self.emit(Op.SUB, amount, zero, amount)
            self.emit(Op.COUNTERS, target, COUNTER_CODES[e.kind], amount)
        elif isinstance(e, A.Cancel):
            self.emit(Op.CANCEL, self.ref(e.action, frozenset({Kind.STACK_ITEM}), name))
        elif isinstance(e, A.Activate):
            self.emit(Op.ACTIVATE, self.ref(e.permanent, PERMANENT_KINDS, name))
        elif isinstance(e, A.Reactivate):
            self.emit(Op.REACTIVATE, self.ref(e.permanent, PERMANENT_KINDS, name))
        elif isinstance(e, A.If):
            cond = self.condition(e.condition)
            jump_else = self.emit(Op.JZ, cond, 0)
            self.release_temps()
            self.effects(e.then)
            if e.otherwise:
                jump_end = self.emit(Op.JUMP, 0)
                self.patch(jump_else, 2, self.here())
                self.effects(e.otherwise)
                self.patch(jump_end, 1, self.here())
            else:
                self.patch(jump_else, 2, self.here())
        elif isinstance(e, A.May):
            if not self.pausing:
                fail(f"{name}: a condition or continuous effect cannot ask a player", "C20")
            if not e.then:
                fail(f"{name}: say what the player may do", "C21")
            answer = self.alloc()
            self.emit(Op.ASK, answer, self.ref(e.chooser, frozenset({Kind.PLAYER}), f"{name} chooser"))
            skip = self.emit(Op.JZ, answer, 0)
            self.release_temps()
            self.effects(e.then)
            self.patch(skip, 2, self.here())
        elif isinstance(e, A.WinGame):
            self.emit(Op.WIN, self.ref(e.player, frozenset({Kind.PLAYER}), name))
        elif isinstance(e, A.PythonEffect):
            if not callable(e.function):
                fail(f"{name}: function must be callable, not {e.function!r}", "C21")
            k = len(self.tables.native.python_effects)
            self.tables.native.python_effects.append(e.function)
            self.emit(Op.PYTHON, k)
        else:
            fail(f"unknown effect {e!r}", "C21")

    def duration(self, duration: Any, what: str) -> int:
        if duration not in DURATION_CODES:
            fail(f"{what}: duration must be one of {', '.join(map(repr, DURATION_CODES))}, not {duration!r}", "C21")
        return int(DURATION_CODES[duration])


def _operands(effect: Any) -> list[Any]:
    """The references an effect acts on directly (not inside nested effects of an If or a May)."""
    if isinstance(effect, (A.If, A.May)):
        return []
    return [getattr(effect, f.name) for f in dataclasses.fields(effect)] + \
        (list(effect.changes.values()) if isinstance(effect, A.ModifyStats) else [])


def _targets_in(effects: Sequence[Any]) -> list[R.Target]:
    """Targets in the order the effects first name them."""
    out: list[R.Target] = []
    for node in walk(list(effects)):
        if isinstance(node, R.Target) and node not in out:
            out.append(node)
    return out


def _split_body(effects: Sequence[Any], what: str) -> tuple[list[list[Any]], list[K.Additional]]:
    """An ability's effects as its modes (one unless it has a ChooseOne) and its additional effects."""
    before: list[Any] = []
    after: list[Any] = []
    choose: K.ChooseOne | None = None
    additionals: list[K.Additional] = []
    for item in effects:
        if isinstance(item, K.Additional):
            additionals.append(item)
            continue
        if additionals:
            fail(f"{what}: Additional effects come last", "C20")
        if isinstance(item, K.ChooseOne):
            if choose is not None:
                fail(f"{what}: one ChooseOne per ability", "C20")
            if len(item.modes) < 2:
                fail(f"{what}: ChooseOne needs at least two modes", "C20")
            choose = item
            continue
        (after if choose is not None else before).append(item)
    modes = [before + list(mode) + after for mode in choose.modes] if choose is not None else [before]
    return modes, additionals


def _check_targets(targets: Sequence[R.Target], what: str, tables: _Tables) -> list[int]:
    filters = [encode_filter(tables, target.filter) for target in targets]
    if len(targets) > TARGET_SLOTS:
        fail(f"{what}: {len(targets)} targets, but an ability announces at most {TARGET_SLOTS}", "C20")
    return filters


class _CardCompiler:
    def __init__(self, tables: _Tables, card: Any, index: int, definition: Any,
                 edition_letters: frozenset[str] | None) -> None:
        self.tables = tables
        self.card = card
        self.index = index
        self.definition = definition
        self.letters = edition_letters
        self.number = 0

    def program(self, effects: Sequence[Any], slots: Mapping[Any, int], prefix: Any = None) -> tuple[int, int]:
        prog = _Program(self.tables, self.card, self.definition, slots)
        end_jump = None
        if prefix is not None:  # a trigger's condition, checked again on resolution
            cond = prog.condition(prefix)
            end_jump = prog.emit(Op.JZ, cond, 0)
            prog.release_temps()
        prog.effects(effects)
        if end_jump is not None:
            prog.patch(end_jump, 2, prog.here())
        return prog.finish()

    def ability(self, kind: AbilityKind, body: Sequence[Any], what: str, *, zone: Zone = Zone.PLAY,
                timing: Timing = Timing.ANY, cost: int = NONE, trigger: int = NONE, flags: int = 0,
                prefix: Any = None) -> None:
        modes, additionals = _split_body(body, what)
        native = self.tables.native
        first_mode = len(native.modes)
        mode_records = []
        widest = 0
        for m, mode in enumerate(modes):
            label = f"{what} mode {m}" if len(modes) > 1 else what
            targets = _targets_in(mode)
            filters = _check_targets(targets, label, self.tables)
            widest = max(widest, len(targets))
            try:
                offset, length = self.program(mode, {t: i for i, t in enumerate(targets)}, prefix)
            except CompileError as exc:
                raise CompileError(f"{label}: {exc.reason}", exc.rule) from None
            mode_records.append((offset, length, len(targets), *(filters + [NONE] * (TARGET_SLOTS - len(filters)))))
        additional_records = []
        shared = {t for mode in modes for t in _targets_in(mode)}
        for x, add in enumerate(additionals):
            label = f"{what} additional {x}"
            own = _targets_in(add.effects)
            reused = [t for t in own if t in shared]
            if reused and len(modes) > 1:
                fail(f"{label}: with several modes, an additional effect names only its own targets", "C20")
            new = [t for t in own if t not in shared]
            filters = _check_targets(new, label, self.tables)
            if widest + len(new) > TARGET_SLOTS:
                fail(f"{label}: the ability and its additional effects announce more than {TARGET_SLOTS} targets",
                     "C20")
            # an additional effect may name the main effect's targets ("deal 2 more damage to it"): same slots
            slots = {t: i for i, t in enumerate(_targets_in(modes[0]))} if reused else {}
            slots.update({t: widest + i for i, t in enumerate(new)})
            add_cost = encode_cost(self.tables, add.cost, activate_self=False, edition_letters=self.letters)
            try:
                offset, length = self.program(add.effects, slots)
            except CompileError as exc:
                raise CompileError(f"{label}: {exc.reason}", exc.rule) from None
            additional_records.append((add_cost, offset, length, widest, len(new),
                                       *(filters + [NONE] * (TARGET_SLOTS - len(filters)))))
        first_additional = len(native.additionals)
        native.modes.extend(mode_records)
        native.additionals.extend(additional_records)
        native.abilities.append((int(kind), self.index, int(zone), int(timing), cost, trigger, first_mode,
                                 len(mode_records), first_additional, len(additional_records), flags, self.number))
        self.number += 1

    def trigger(self, ability: K.Triggered, what: str) -> int:
        when = ability.when
        if not isinstance(when, K.When):
            fail(f"{what}: the event must be EntersPlay(...), Destroyed(...), StartOfTurn(...) ..., not {when!r}",
                 "C20")
        if when.turn not in TURN_CODES:
            fail(f"{what}: turn must be one of {', '.join(TURN_CODES)}, not {when.turn!r}", "C20")
        phase_event = when.event in (Event.TURN_START, Event.END_PHASE)
        flt = NONE
        if phase_event:
            subject = Subject.NOBODY
        elif when.subject is R.SELF:
            subject = Subject.THIS
        elif when.subject is R.FOCUSED:
            if getattr(self.definition, "focus", None) is None:
                fail(f"{what}: FOCUSED is only for catalysts with focus", "C20")
            subject = Subject.FOCUSED
        elif isinstance(when.subject, R.Filter):
            subject = Subject.FILTER
            flt = encode_filter(self.tables, when.subject)
        else:
            fail(f"{what}: the event's subject is SELF, FOCUSED or a filter, not {when.subject!r}", "C20")
        cond_offset, cond_length = 0, 0
        if ability.condition is not None:
            prog = _Program(self.tables, self.card, self.definition, pausing=False, allow_targets=False)
            try:
                cond_offset, cond_length = prog.finish(result=prog.condition(ability.condition))
            except CompileError as exc:
                raise CompileError(f"{what} condition: {exc.reason}", exc.rule) from None
        native = self.tables.native
        native.triggers.append((int(when.event), int(subject), flt, int(TURN_CODES[when.turn]), cond_offset,
                                cond_length))
        return len(native.triggers) - 1

    def continuous(self, ability: K.Continuous, what: str) -> int:
        e = ability.effect
        layers = {A.ModifyStats: Layer.STAT, A.Grant: Layer.PROPERTY, A.ReduceDamage: Layer.DAMAGE_TAKEN,
                  A.GainControl: Layer.CONTROL}
        layer = next((layer for cls, layer in layers.items() if isinstance(e, cls)), None)
        if layer is None:
            fail(f"{what}: a continuous ability is ModifyStats, Grant, ReduceDamage or GainControl, not {e!r}",
                 "C20")
        selected = e.permanent if isinstance(e, A.GainControl) else e.summon
        flt = NONE
        if selected is R.SELF:
            subject = Subject.THIS
        elif selected is R.FOCUSED:
            if getattr(self.definition, "focus", None) is None:
                fail(f"{what}: FOCUSED is only for catalysts with focus", "C20")
            subject = Subject.FOCUSED
        elif isinstance(selected, R.Each):
            subject = Subject.FILTER
            flt = encode_filter(self.tables, selected.filter)
        else:
            fail(f"{what}: a continuous effect applies to SELF, FOCUSED or Each(filter), not {selected!r}", "C20")
        kinds = CONTROLLABLE_KINDS if layer == Layer.CONTROL else SUMMON_KINDS
        prog = _Program(self.tables, self.card, self.definition, pausing=False, allow_targets=False)
        kind = prog.kind_of(selected)
        if kind is not None and kind not in kinds:
            fail(f"{what}: {selected!r} is a {kind.name.lower()}, which {_name(e)} does not apply to", "C21")
        if isinstance(e, A.GainControl) and e.player is not R.YOU:
            fail(f"{what}: a continuous GainControl gives control to YOU, the source's controller", "C20")
        entries: list[tuple[int, Any]] = []
        if layer == Layer.STAT:
            if not e.changes:
                fail(f"{what}: name at least one stat to change ({', '.join(STAT_CODES)})", "C21")
            for stat, amount in e.changes.items():
                if stat not in STAT_CODES:
                    fail(f"{what}: unknown stat {stat!r} (stats: {', '.join(STAT_CODES)})", "C21")
                entries.append((int(STAT_CODES[stat]), amount))
        elif layer == Layer.PROPERTY:
            if e.property not in PROPERTY_CODES:
                fail(f"{what}: unknown property {e.property!r} (properties: {', '.join(PROPERTY_CODES)})", "C21")
            entries.append((int(PROPERTY_CODES[e.property]), 1))
        elif layer == Layer.DAMAGE_TAKEN:
            entries.append((0, e.amount))
        else:
            entries.append((0, 1))
        native = self.tables.native
        for what_code, amount in entries:
            offset, length, immediate = 0, 0, 0
            if isinstance(amount, int) and not isinstance(amount, bool) and ability.condition is None:
                if not -MAX_AMOUNT <= amount <= MAX_AMOUNT:
                    fail(f"{what}: amount must be from {-MAX_AMOUNT} to {MAX_AMOUNT}, not {amount}", "C21")
                immediate = amount
            else:
                prog = _Program(self.tables, self.card, self.definition, pausing=False, allow_targets=False)
                try:
                    reg = prog.value(amount, "amount")
                    if ability.condition is not None:
                        cond = prog.condition(ability.condition)
                        out = prog.alloc()
                        prog.emit(Op.MUL, out, reg, cond)
                        reg = out
                    offset, length = prog.finish(result=reg)
                except CompileError as exc:
                    raise CompileError(f"{what}: {exc.reason}", exc.rule) from None
            native.continuous.append((self.index, int(layer), int(subject), flt, what_code, immediate, offset,
                                      length))
        return len(entries)

    def compile(self) -> tuple[int, ...]:
        d = self.definition
        native = self.tables.native
        expected = K.DEFINITION_KINDS.get(self.card.type)
        if not isinstance(d, K.Definition):
            fail(f"a definition is Flux(...), Catalyst(...), Summon(...) ..., not {d!r}", "C16")
        if type(d) is not expected:
            fail(f"the card is a {self.card.type}, so its definition is {expected.__name__}(...), not "
                 f"{type(d).__name__}(...)", "C16")
        first_ability, first_continuous = len(native.abilities), len(native.continuous)
        focus = NONE
        if isinstance(d, K.Flux):
            if not d.effects:
                fail("a flux does something: give it at least one effect", "C20")
            self.ability(AbilityKind.CAST, d.effects, "Flux", zone=Zone.HAND)
        if isinstance(d, K.Catalyst) and d.focus is not None:
            if not isinstance(d.focus, R.Filter) or d.focus.kind not in PERMANENT_KINDS:
                fail(f"focus: a catalyst focuses on a permanent (Summons, NLBSummons, Crystals ...), not {d.focus!r}",
                     "C20")
            focus = encode_filter(self.tables, d.focus)
            target = R.Target(d.focus)
            # ATTACH is the whole cast program of a focused catalyst: target the permanent, attach to it
            prog = _Program(self.tables, self.card, d, {target: 0})
            prog.emit(Op.ATTACH, 0)
            offset, length = prog.finish()
            native.modes.append((offset, length, 1, focus, NONE, NONE, NONE))
            native.abilities.append((int(AbilityKind.CAST), self.index, int(Zone.HAND),
                                     int(Timing.YOUR_ACTION_PHASE), NONE, NONE, len(native.modes) - 1, 1,
                                     len(native.additionals), 0, 0, self.number))
            self.number += 1
        counters = [0, 0, 0]
        for kind, amount in getattr(d, "counters", ()):
            if kind not in START_COUNTERS:
                fail(f"counters: a permanent enters play with {', '.join(START_COUNTERS)} counters, not {kind!r}",
                     "C20")
            if not _small_int(amount, 1):
                fail(f"counters: {kind} must be a whole number from 1 to {MAX_AMOUNT}, not {amount!r}", "C20")
            counters[START_COUNTERS.index(kind)] = amount
        num_continuous = 0
        for i, ability in enumerate(d.abilities()):
            what = f"ability {i} ({_name(ability)})"
            try:
                num_continuous += self._ability(ability, what)
            except CompileError as exc:
                if exc.reason.startswith(what):
                    raise
                raise CompileError(f"{what}: {exc.reason}", exc.rule) from None
        flags = CardFlag.HAS_PYTHON if any(isinstance(n, A.PythonEffect) for n in walk(_all_parts(d))) else 0
        return (first_ability, len(native.abilities) - first_ability, first_continuous, num_continuous, focus,
                *counters, int(flags))

    def _ability(self, ability: Any, what: str) -> int:
        if isinstance(ability, K.Continuous):
            return self.continuous(ability, what)
        if isinstance(ability, (K.Activated, K.Paid)):
            timing = ability.timing
            if timing not in TIMING_CODES:
                fail(f"timing must be one of {', '.join(map(repr, TIMING_CODES))}, not {timing!r}", "C20")
            zone = getattr(ability, "zone", "play")
            if zone not in K.ABILITY_ZONES:
                fail(f"zone must be one of {', '.join(K.ABILITY_ZONES)}, not {zone!r}", "C20")
            if zone == "discard" and self.card.type not in ("summon",):
                fail("only a summon card has abilities that work from the discard pile", "C20")
            activate = isinstance(ability, K.Activated) and zone == "play"
            if self.card.type == "flux":
                fail("a flux has no abilities, only effects", "C20")
            cost = encode_cost(self.tables, ability.cost, activate_self=activate, edition_letters=self.letters)
            if not ability.effects:
                fail("an ability does something: give it at least one effect", "C20")
            kind = AbilityKind.ACTIVATED if isinstance(ability, K.Activated) else AbilityKind.PAID
            self.ability(kind, ability.effects, what, zone=Zone.PLAY if zone == "play" else Zone.DISCARD,
                         timing=TIMING_CODES[timing], cost=cost)
            return 0
        if isinstance(ability, K.Triggered):
            if self.card.type == "flux":
                fail("a flux has no abilities, only effects", "C20")
            if not ability.effects:
                fail("an ability does something: give it at least one effect", "C20")
            trigger = self.trigger(ability, what)
            self.ability(AbilityKind.TRIGGERED, ability.effects, what, trigger=trigger,
                         flags=AbilityFlag.OPTIONAL if ability.optional else 0, prefix=ability.condition)
            return 0
        fail(f"expected Activated, Paid, Triggered, Continuous or a keyword, not {ability!r}", "C20")


def _all_parts(d: Any) -> list[Any]:
    return list(d.effects) if isinstance(d, K.Flux) else list(d.abilities())


def compile_definitions(cards: Sequence[Any], definitions: Mapping[str, Any], *, file: str = "<dict>",
                        editions: bool = True) -> NativeEffects:
    """Compile the definitions of a card set (``definitions`` maps card names to definitions; ``cards`` are the
    set's cards in order). Checks card-data C15-C22 and raises :class:`tcbg.CardError`."""
    tables = _Tables([card.name for card in cards])
    by_name = {card.name: (i, card) for i, card in enumerate(cards)}
    for name in definitions:
        if name not in by_name:
            import difflib

            close = difflib.get_close_matches(str(name), list(by_name), n=3)
            hint = "; did you mean " + " or ".join(map(repr, close)) + "?" if close else ""
            raise CardError(f"a definition names no card of the set{hint}", file=file, where=f"effects {name!r}",
                            rule="C15")
    from tcbg.x610z.cards import EDITION_LETTERS

    for i, card in enumerate(cards):
        definition = definitions.get(card.name)
        if definition is None:
            if card.type in ("flux", "catalyst", "quest"):
                raise CardError(f"a {card.type} card needs a definition in the effects module", file=file,
                                where=f"card {i} {card.name!r}", rule="C17")
            tables.native.cards.append((len(tables.native.abilities), 0, len(tables.native.continuous), 0, NONE,
                                        0, 0, 0, 0))
            continue
        letters = frozenset.intersection(*(EDITION_LETTERS[e] for e in card.editions)) if editions else None
        try:
            record = _CardCompiler(tables, card, i, definition, letters).compile()
        except CompileError as exc:
            raise CardError(f"effects: {exc.reason}", file=file, where=f"card {i} {card.name!r}",
                            rule=exc.rule) from None
        tables.native.cards.append(record)
    return tables.native
