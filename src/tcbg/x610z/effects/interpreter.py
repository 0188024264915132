"""The reference interpreter's resolution: one program run of a compiled ability over the reference model
(:mod:`tcbg.x610z.effects.reference`), with exactly the state the native interpreter keeps: the part, the program
counter and the registers (docs/cards.md "Running a program")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tcbg.effects.native import compute
from tcbg.x610z.effects.native import (
    NONE, REGISTERS, TARGET_SLOTS, WIDTH, Choose, Counter, Ctx, Duration, Event, Op, Prop, StackKind, Zone,
)

SUMMON_TYPES = ("summon", "life-base")
END_DOT = 2  # DotKind.END
LASTING_OPS = (Op.PREVENT, Op.REDUCE, Op.REDIRECT, Op.MODIFY, Op.GRANT, Op.CONTROL)  # instructions with a duration


@dataclass
class Pause:
    """A resolution waiting for a player: ``chooser`` picks one of ``options`` (object ids, players, dots, move
    keys, or 1/0 for ASK), or NONE when ``optional``."""

    op: Op
    chooser: int
    options: list[int]
    optional: bool


class Fizzled(Exception):
    """Every announced target was illegal on resolution: the action has no effect."""


@dataclass
class Context:
    source: int
    controller: int
    subject: int = NONE
    other: int = NONE
    amount: int = 0


class Resolution:
    """One resolution in progress: the parts to run (the mode's program, then each additional effect used), and
    the interpreter's whole state: ``part``, ``pc`` and the registers. :meth:`state` and :meth:`from_state` show
    that this is all a paused resolution needs. ``model`` is the reference's ``Model``
    (:mod:`tcbg.x610z.effects.reference`, which imports this module)."""

    def __init__(self, model: Any, parts: Sequence[tuple[int, int]], ctx: Context, targets: Sequence[int]):
        self.model = model
        self.parts = list(parts)
        self.ctx = ctx
        self.part = 0
        self.pc = 0
        self.regs = list(targets) + [0] * (REGISTERS - TARGET_SLOTS)
        self.returned = 0
        self.pending: Pause | None = None

    def state(self) -> tuple[int, int, tuple[int, ...]]:
        return self.part, self.pc, tuple(self.regs)

    @classmethod
    def from_state(cls, model: Any, parts: Sequence[tuple[int, int]], ctx: Context,
                   state: tuple[int, int, tuple[int, ...]]) -> Resolution:
        run = cls(model, parts, ctx, [NONE] * TARGET_SLOTS)
        run.part, run.pc, regs = state
        run.regs = list(regs)
        return run

    def run(self) -> Pause | None:
        """Run until the end (None) or until a player must choose (a :class:`Pause`)."""
        code = self.model.native.code
        while self.part < len(self.parts):
            offset, length = self.parts[self.part]
            if self.pc >= length:
                self.part, self.pc = self.part + 1, 0
                continue
            base = (offset + self.pc) * WIDTH
            op, a, b, c = Op(code[base]), code[base + 1], code[base + 2], code[base + 3]
            if op == Op.END:
                self.part, self.pc = self.part + 1, 0
                continue
            if op == Op.RETURN:
                self.returned = self.regs[a]
                self.part = len(self.parts)
                return None
            pause = self.step(op, a, b, c)
            if pause is not None:
                self.pending = pause
                return pause
        return None

    def resume(self, answer: int) -> Pause | None:
        """Give the paused choice its answer (one of the options, or NONE if optional) and run on."""
        pause = self.pending
        if pause is None:
            raise ValueError("nothing to answer")
        if answer not in pause.options and not (pause.optional and answer == NONE):
            raise ValueError(f"{answer} is not one of {pause.options}")
        offset, _ = self.parts[self.part]
        base = (offset + self.pc) * WIDTH
        self.regs[self.model.native.code[base + 1]] = answer
        self.pending = None
        self.pc += 1
        return self.run()

    def _choose(self, dest: int, options: list[int], chooser: int, optional: bool, op: Op,
                random_pick: bool = False) -> Pause | None:
        if random_pick:
            self.regs[dest] = self.model.rng.choice(options) if options else NONE
        elif not options:
            self.regs[dest] = NONE
        elif len(options) == 1 and not optional:
            self.regs[dest] = options[0]  # one forced option: no decision (docs/cards.md)
        else:
            return Pause(op, chooser, options, optional)
        self.pc += 1
        return None

    def step(self, op: Op, a: int, b: int, c: int) -> Pause | None:
        m, r, ctx = self.model, self.regs, self.ctx
        computed, jump = compute(op, a, b, c, r)  # SET ... JZ: the same function in every Python interpreter
        if computed:
            pass
        elif op == Op.CTX:
            r[a] = {Ctx.SELF: ctx.source, Ctx.CONTROLLER: ctx.controller, Ctx.ACTIVE_PLAYER: m.active,
                    Ctx.SUBJECT: ctx.subject, Ctx.OTHER: ctx.other, Ctx.AMOUNT: ctx.amount,
                    Ctx.FOCUSED: m.objs[ctx.source].attached_to}[Ctx(b)]
        elif op == Op.GET:
            r[a] = m.get(r[b], Prop(c))
        elif op == Op.COUNT:
            kind = m.native.record("filters", b)["kind"]
            r[a] = sum(1 for x in m.candidates(kind) if m.matches(x, b, ctx.controller, ctx.source))
        elif op == Op.NEXT:
            kind = m.native.record("filters", b)["kind"]
            later = [x for x in m.candidates(kind) if x > r[a] and m.matches(x, b, ctx.controller, ctx.source)]
            r[a] = min(later) if later else NONE
            jump = c if not later else None
        elif op == Op.MATCH:
            r[a] = int(m.matches(r[b], c, ctx.controller, ctx.source))
        elif op == Op.CHOOSE:
            chooser, flags = r[c & 0xFF], c >> 8
            kind = m.native.record("filters", b)["kind"]
            options = [x for x in m.candidates(kind) if m.matches(x, b, chooser, ctx.source)]
            return self._choose(a, options, chooser, bool(flags & Choose.OPTIONAL), op, bool(flags & Choose.RANDOM))
        elif op == Op.CHOOSE_DOT:
            summon = r[c]
            if summon == NONE:
                r[a] = NONE
            else:
                owner = ctx.controller if m.objs[summon].zone != Zone.PLAY else m.controller(summon)
                options = [d for d in range(len(m.dots)) if m.matches(d, b, ctx.controller, ctx.source) and
                           m.may_stand(summon, d, owner)]
                return self._choose(a, options, ctx.controller, False, op)
        elif op == Op.CHOOSE_MOVE:
            summon, steps = r[b], r[c]
            options = self._moves(summon, steps) if summon != NONE else []
            return self._choose(a, options, ctx.controller, False, op)
        elif op == Op.ASK:
            return self._choose(a, [0, 1], r[b], False, op)
        else:
            self.effect(op, a, b, c)
        self.pc = jump if jump is not None else self.pc + 1
        return None

    def _moves(self, summon: int, steps: int) -> list[int]:
        """The reference model's stand-in for the movement rules: free dots within ``steps`` along lines where the
        summon may stand (the core uses the board's path generator, rules.md section 2)."""
        m = self.model
        start = m.objs[summon].dot
        seen, frontier = {start}, [start]
        for _ in range(max(0, steps)):
            frontier = [n for d in frontier for n in m.dots[d].neighbours if n not in seen]
            seen.update(frontier)
        controller = m.controller(summon)
        return sorted(d for d in seen if d != start and m.may_stand(summon, d, controller))

    def effect(self, op: Op, a: int, b: int, c: int) -> None:
        m, r, ctx = self.model, self.regs, self.ctx
        if op == Op.PYTHON:  # its operand is the function's number, not a register
            from tcbg.x610z.effects.slowpath import ReferenceContext

            m.native.python_effects[a](ReferenceContext(self))
            return
        x = r[a]
        if x == NONE:
            return
        duration = c >> 8 if op == Op.MODIFY else c
        if op in LASTING_OPS and duration == Duration.WHILE_SOURCE_IN_PLAY and m.objs[ctx.source].zone != Zone.PLAY:
            return  # rules.md 6.17: lasting while a card not in play is in play, it is already over
        if op == Op.DAMAGE:
            m.deal_damage(x, r[b], r[c])
        elif op == Op.HEAL:
            if m._summon_in_play(x):
                m.objs[x].damage -= min(m.objs[x].damage, max(0, r[b]))
        elif op in (Op.PREVENT, Op.REDUCE):
            if m._summon_in_play(x):
                m.add_shield(op, x, max(0, r[b]), NONE, c, ctx.source)
        elif op == Op.REDIRECT:
            if m._summon_in_play(x) and r[b] != NONE:
                m.add_shield(op, x, 0, r[b], c, ctx.source)
        elif op == Op.DESTROY:
            m.destroy(x)
        elif op == Op.SACRIFICE:
            obj = m.objs[x]
            mine = obj.zone == Zone.PLAY and m.controller(x) == ctx.controller
            if mine and not (obj.type == "crystal" and obj.owner != ctx.controller):
                m.leave_play(x, Zone.DISCARD)
        elif op == Op.DISCARD:
            if m.objs[x].zone == Zone.HAND:
                m.objs[x].zone = Zone.DISCARD
        elif op == Op.DRAW:
            m.draw(x, max(0, r[b]))
        elif op == Op.SHUFFLE:
            deck = [i for i in m.order.get(x, []) if m.objs[i].zone == Zone.DECK]
            m.rng.shuffle(deck)
            m.order[x] = deck
        elif op == Op.TO_HAND:
            m.to_zone(x, Zone.HAND)
        elif op == Op.REMOVE:
            m.to_zone(x, Zone.REMOVED)
        elif op == Op.PLACE:
            self._place(x, r[b])
        elif op == Op.MOVE:
            if r[b] != NONE and m.objs[x].zone == Zone.PLAY:
                m.objs[x].dot = r[b]
                if m.objs[x].type == "life-base" and m.dots[r[b]].kinds & END_DOT:
                    m.winner_team = m.teams[m.controller(x)]  # rules.md 5.14: escape
                m.emit(Event.MOVES, x)
        elif op == Op.CONTROL:
            obj, player = m.objs[x], r[b]
            if obj.zone == Zone.PLAY and obj.type != "life-base" and player != NONE and m._class_free(x, player):
                obj.control.append((player, c, ctx.source))
                for other in m.objs:  # what it carries changes control with it
                    if other.attached_to == x:
                        other.control.append((player, c, ctx.source))
        elif op == Op.PRODUCE:
            if r[b] != NONE:
                m.pools[x][r[b]] += max(0, r[c])
        elif op == Op.MODIFY:
            if m._summon_in_play(x):
                m.objs[x].modifiers.append((c & 0xFF, r[b], c >> 8, ctx.source))
                m.check_destroyed(x)
        elif op == Op.GRANT:
            if m._summon_in_play(x):
                m.objs[x].granted.append((b, c, ctx.source))
        elif op == Op.COUNTERS:
            self._counters(x, Counter(b), r[c])
        elif op == Op.CANCEL:
            entry = next((e for e in m.stack if e.serial == x), None)
            if entry is not None:
                m.stack.remove(entry)
                if entry.kind in (StackKind.CAST_FLUX, StackKind.CAST_PERMANENT):
                    m.objs[entry.source].zone = Zone.DISCARD
        elif op == Op.ACTIVATE:
            if m.objs[x].zone == Zone.PLAY:
                m.objs[x].activated = True
        elif op == Op.REACTIVATE:
            if m.objs[x].zone == Zone.PLAY:
                m.objs[x].activated = False
        elif op == Op.ATTACH:
            if m.objs[x].zone == Zone.PLAY:
                source = m.objs[ctx.source]
                m.enter_play(ctx.source, ctx.controller)
                source.attached_to = x
        elif op == Op.WIN:
            m.winner_team = m.teams[x]
        else:
            raise ValueError(f"unknown opcode {op}")

    def _place(self, x: int, dot: int) -> None:
        m, ctx = self.model, self.ctx
        obj = m.objs[x]
        if dot == NONE or obj.type not in SUMMON_TYPES:
            return
        if obj.zone == Zone.PLAY:
            if m.may_stand(x, dot, m.controller(x)):
                obj.dot = dot  # picked up and put down: not a move, no heading
            return
        if obj.zone in (Zone.STACK,) or not m._class_free(x, ctx.controller) or not m.may_stand(x, dot, ctx.controller):
            return
        if obj.zone == Zone.DECK:
            m.order[obj.owner] = [i for i in m.order.get(obj.owner, []) if i != x]
        m.enter_play(x, ctx.controller, dot)

    def _counters(self, x: int, kind: Counter, amount: int) -> None:
        m = self.model
        obj = m.objs[x]
        if obj.zone != Zone.PLAY or amount == 0:
            return
        if kind == Counter.DAMAGE:
            if obj.type not in SUMMON_TYPES:
                return
            obj.damage = max(0, obj.damage + amount)  # counters, not damage: nothing prevents them
            m.check_destroyed(x)
            return
        before = obj.counters[kind]
        obj.counters[kind] = max(0, before + amount)
        if kind in (Counter.ACTIVATION, Counter.TIME) and before > 0 and obj.counters[kind] == 0:
            m.leave_play(x, Zone.DISCARD)  # ORoC "Counters": the last one removed puts it into the discard pile
