"""Compiling effects into instructions (docs/cards.md "Compilation"): one program at a time, with its target
slots, its scratch registers and its jumps. The shared :class:`tcbg.effects.program.Program` compiles references,
values, conditions, ``Each``, ``If``, ``May`` and ``PythonEffect``; X610Z's subclass gives its filters, kinds,
property codes and its own effects."""

from __future__ import annotations

from typing import Any

from tcbg.effects import program as shared
from tcbg.x610z.effects import actions as A
from tcbg.x610z.effects import kinds as K
from tcbg.x610z.effects import refs as R
from tcbg.x610z.effects import values as V
from tcbg.x610z.effects.encoding import (
    CONTROLLABLE_KINDS, COUNTER_CODES, PERMANENT_KINDS, PROPERTY_CODES, SELF_KINDS, STAT_CODES, SUMMON_KINDS,
    encode_filter, fail, name_of, small_int,
)
from tcbg.x610z.effects.native import Choose, Ctx, Energy, Kind, Op, Prop

PLAYERS = frozenset({Kind.PLAYER})


class Program(shared.Program):
    """One X610Z program being compiled (the shared builder with X610Z's filters, kinds, properties and
    effects)."""

    properties = V.PROPERTIES
    property_kinds = {name: PLAYERS if name in V.PLAYER_PROPERTIES else PERMANENT_KINDS | {Kind.CARD}
                      for name in V.PROPERTIES}
    controller_property = Prop.CONTROLLER
    controlled_kinds = PERMANENT_KINDS | {Kind.CARD, Kind.STACK_ITEM}

    def encode_filter(self, flt: Any) -> int:
        return encode_filter(self.tables, flt)

    def kind_of(self, ref: Any) -> Kind | None:
        if ref is R.SELF:
            return SELF_KINDS[self.card.type]
        if ref is R.FOCUSED:
            focus = getattr(self.definition, "focus", None)
            if focus is None:
                fail("FOCUSED is only for catalysts with focus", "C20")
            return focus.kind
        return super().kind_of(ref)

    def game_ref(self, ref: Any) -> int | None:
        if isinstance(ref, R.LifeBaseOf):
            src = self.ref(ref.player, PLAYERS, "LifeBaseOf")
            reg = self.alloc()
            self.emit(Op.GET, reg, src, Prop.LIFE_BASE)
            return reg
        return None

    def choose(self, ref: R.Chosen, flt: int, flags: int, for_summon: int | None = None, **context: Any) -> int:
        if ref.filter.kind == Kind.DOT:  # a dot is chosen for the summon placed on it
            if for_summon is None:
                fail(f"{ref!r}: a dot is chosen for a summon, in PlaceOnDot", "C21")
            reg = self.alloc(temp=False)
            self.emit(Op.CHOOSE_DOT, reg, flt, for_summon)
            return reg
        return super().choose(ref, flt, flags)

    def operands(self, effect: Any) -> list[Any]:
        return super().operands(effect) + (list(effect.changes.values()) if isinstance(effect, A.ModifyStats)
                                           else [])

    def effect(self, effect: Any) -> None:
        if isinstance(effect, (K.ChooseOne, K.Additional)):
            fail(f"{name_of(effect)} must stand at the top of a flux or an ability (ChooseOne once, Additional "
                 "last)", "C20")
        super().effect(effect)

    def game_effect(self, e: Any) -> None:
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
            flt = self.encode_filter(R.Cards("hand", "you"))
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
            self.emit(Op.CHOOSE, card, self.encode_filter(e.filter), player | flags << 8)
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
                self.emit(Op.CHOOSE_DOT, dot, self.encode_filter(e.dot), summon)
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
        elif isinstance(e, A.WinGame):
            self.emit(Op.WIN, self.ref(e.player, frozenset({Kind.PLAYER}), name))
        else:
            fail(f"unknown effect {e!r}", "C21")
