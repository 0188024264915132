"""Compiling effects into instructions (docs/cards.md "Compilation"): one program at a time, with its target
slots, its scratch registers and its jumps."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from tcbg.x610z.effects import actions as A
from tcbg.x610z.effects import kinds as K
from tcbg.x610z.effects import refs as R
from tcbg.x610z.effects import values as V
from tcbg.x610z.effects.encoding import (
    CONTROLLABLE_KINDS, COUNTER_CODES, DURATION_CODES, PERMANENT_KINDS, PROPERTY_CODES, SCRATCH, SELF_KINDS,
    STAT_CODES, SUMMON_KINDS, Tables, encode_filter, fail, name_of, small_int,
)
from tcbg.x610z.effects.native import MAX_AMOUNT, MAX_PROGRAM, NONE, Choose, Ctx, Energy, Kind, Op, Prop


class Program:
    """One program being compiled: its code, labels, target slots and registers."""

    def __init__(self, tables: Tables, card: Any, definition: Any, slots: Mapping[Any, int] | None = None, *,
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
            fail(f"{name_of(effect)} must stand at the top of a flux or an ability (ChooseOne once, Additional "
                 "last)", "C20")
        if not isinstance(effect, A.Effect):
            fail(f"expected an effect (DealDamage, Draw, ...), not {effect!r}", "C21")
        loops = [node for node in operands(effect) if isinstance(node, R.Each)]
        if len(loops) > 1:
            fail(f"{name_of(effect)}: at most one Each(...) per effect", "C21")
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
        name = name_of(e)
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
            if not small_int(e.count, 1, 7):
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


def operands(effect: Any) -> list[Any]:
    """The references an effect acts on directly (not inside nested effects of an If or a May)."""
    if isinstance(effect, (A.If, A.May)):
        return []
    return [getattr(effect, f.name) for f in dataclasses.fields(effect)] + \
        (list(effect.changes.values()) if isinstance(effect, A.ModifyStats) else [])
