"""Compiling effects into instructions, in every game (docs/effects.md): one program at a time, with its target
slots, its scratch registers and its jumps. :class:`Program` compiles what every game has (references, values,
conditions, the ``Each`` loop, ``If``, ``May``, ``PythonEffect``); a game subclasses it and gives its filter
encoding (:meth:`Program.encode_filter`), its property names (``properties``), its own effects
(:meth:`Program.game_effect`) and, where it has them, its own references, values, conditions and choices.

>>> from tcbg.effects.program import Program
>>> from tcbg.effects.refs import YOU
>>> from tcbg.effects.tables import TableBuilder
>>> from tcbg.effects.native import Disassembler
>>> from tcbg.effects.values import StatOf
>>> class Tiny(Program):
...     properties = {"hand_size": 32}
...     property_kinds = {"hand_size": frozenset({YOU.kind})}
>>> class Tables(TableBuilder):
...     class native_class:
...         def __init__(self, card_names):
...             self.code = []
>>> prog = Tiny(Tables([]), None, None)
>>> prog.condition(StatOf(YOU, "hand_size") >= 3)
7
>>> offset, length = prog.finish()
>>> print(Disassembler().code(prog.tables.native.code))
0: CTX r4, CONTROLLER
1: GET r5, r4, 32
2: SET r6, 3
3: LE r7, r6, r5
4: END
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tcbg.effects import actions as A
from tcbg.effects import refs as R
from tcbg.effects import values as V
from tcbg.effects.errors import fail, name_of
from tcbg.effects.native import MAX_AMOUNT, MAX_PROGRAM, NONE, REGISTERS, TARGET_SLOTS, Choose, CoreKind, CoreOp

PLAYERS = frozenset({CoreKind.PLAYER})


class Program:
    """One program being compiled: its code, labels, target slots and registers. ``slots`` maps each announced
    target to its register; ``pausing``: may it stop for a choice (not in conditions and continuous programs);
    ``allow_targets``: may it read targets.

    What a game's subclass gives:

    - ``properties`` (name -> ``GET`` code: what ``StatOf`` reads) and ``property_kinds`` (name -> the kinds that
      have it, or :meth:`stat_kinds`); ``controller_property`` and ``controlled_kinds`` for ``ControllerOf``;
    - :meth:`encode_filter`: a filter's index in the tables (checking it);
    - :meth:`game_effect`: one of its own effects (emitting its own instructions with :meth:`emit`);
    - where it has them: :meth:`kind_of`, :meth:`game_ref`, :meth:`game_value`, :meth:`game_condition`,
      :meth:`choose`, :meth:`operands`;
    - ``max_amount`` (largest number written) and the rules its errors cite (``structure_rule`` for where a thing
      may stand, ``operand_rule`` for operands, ``limit_rule`` for sizes).
    """

    properties: ClassVar[Mapping[str, int]] = {}
    property_kinds: ClassVar[Mapping[str, frozenset[Any]]] = {}
    controller_property: ClassVar[int | None] = None
    controlled_kinds: ClassVar[frozenset[Any] | None] = None
    max_amount: ClassVar[int] = MAX_AMOUNT
    structure_rule: ClassVar[str] = "C20"
    operand_rule: ClassVar[str] = "C21"
    limit_rule: ClassVar[str] = "C22"
    scratch: ClassVar[range] = range(TARGET_SLOTS, REGISTERS)

    def __init__(self, tables: Any, card: Any, definition: Any, slots: Mapping[Any, int] | None = None, *,
                 pausing: bool = True, allow_targets: bool = True) -> None:
        self.tables = tables
        self.card = card
        self.definition = definition
        self.slots = dict(slots or {})
        self.pausing = pausing  # may it stop for a choice (not in conditions and continuous programs)
        self.allow_targets = allow_targets
        self.code: list[list[int]] = []
        self.free = list(self.scratch)
        self.bound: dict[int, int] = {}  # id(node) -> register: chosen objects and loop cursors
        self.temps: list[int] = []

    # -- the game's hooks -----------------------------------------------------------------------------------------

    def encode_filter(self, flt: Any) -> int:
        """The index of a filter's record in the tables (checking the filter)."""
        fail(f"this game has no filters, so not {flt!r}", self.operand_rule)

    def game_effect(self, effect: Any) -> None:
        """Compile one of the game's own effects."""
        fail(f"unknown effect {effect!r}", self.operand_rule)

    def game_ref(self, ref: Any) -> int | None:
        """The register of one of the game's own references (None: not one of them)."""
        return None

    def game_value(self, value: Any, what: str) -> int:
        fail(f"unknown value {value!r}", self.operand_rule)

    def game_condition(self, cond: Any) -> int:
        fail(f"a condition compares values (>=, <, Equals, Controls ...), not {cond!r}", self.operand_rule)

    def python_targets(self, effect: A.PythonEffect) -> None:
        """Emit what gives a ``PythonEffect``'s function its ``targets`` (``ctx.targets``), before ``PYTHON k``.
        Here nothing: X610Z announces them in the ability's target slots. Z/X, which announces none, loads each
        into its slot register on resolution."""

    def kind_of(self, ref: Any) -> Any:
        """What a reference holds (the game's Kind), when known."""
        return ref.kind if isinstance(ref, R.Ref) else None

    def stat_kinds(self, name: str) -> frozenset[Any] | None:
        """The kinds of object ``StatOf(..., name)`` reads (None: any)."""
        return self.property_kinds.get(name)

    def choose(self, ref: R.Chosen, flt: int, flags: int, **context: Any) -> int:
        """Emit the choice of a ``Chosen`` reference (filter index ``flt``, :class:`Choose` flags); its register."""
        chooser = self.ref(ref.chooser, PLAYERS, "chooser")
        reg = self.alloc(temp=False)
        self.emit(CoreOp.CHOOSE, reg, flt, chooser | flags << 8)
        return reg

    def operands(self, effect: Any) -> list[Any]:
        """The references an effect acts on directly (not inside nested effects of an If or a May)."""
        if isinstance(effect, (A.If, A.May, A.Repeat)):
            return []
        return [getattr(effect, f.name) for f in dataclasses.fields(effect)]

    # -- registers and code --------------------------------------------------------------------------------------

    def alloc(self, *, temp: bool = True) -> int:
        if not self.free:
            fail(f"the effect needs more than {len(self.scratch)} registers at once; split it into simpler effects",
                 self.limit_rule)
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

    def emit(self, op: int, a: int = 0, b: int = 0, c: int = 0) -> int:
        self.code.append([int(op), int(a), int(b), int(c)])
        if len(self.code) > MAX_PROGRAM:
            fail(f"a program is longer than {MAX_PROGRAM} instructions", self.limit_rule)
        return len(self.code) - 1

    def here(self) -> int:
        return len(self.code)

    def patch(self, at: int, field: int, value: int) -> None:
        self.code[at][field] = value

    def finish(self, *, result: int | None = None) -> tuple[int, int]:
        """Ends the program (``END``, or ``RETURN result``) and adds it to the tables: its (offset, length)."""
        if result is None:
            self.emit(CoreOp.END)
        else:
            self.emit(CoreOp.RETURN, result)
        words = [w for ins in self.code for w in ins]
        return self.tables.add_code(words), len(self.code)

    # -- references ----------------------------------------------------------------------------------------------

    def ref(self, ref: Any, accept: frozenset[Any] | None = None, what: str = "") -> int:
        """The register holding a reference, emitting what loads it."""
        if not isinstance(ref, R.Ref):
            fail(f"{what or 'this'} must be a reference (a target, SELF, YOU, Each(...) ...), not {ref!r}",
                 self.operand_rule)
        kind = self.kind_of(ref)
        if accept is not None and kind is not None and kind not in accept:
            wanted = ", ".join(sorted(k.name.lower() for k in accept))
            fail(f"{what or 'this'}: {ref!r} is a {kind.name.lower()}, but this takes a {wanted}", self.operand_rule)
        if id(ref) in self.bound:
            return self.bound[id(ref)]
        if isinstance(ref, R.Target):
            if not self.allow_targets:
                fail(f"{ref!r}: a condition or continuous effect has no targets", self.structure_rule)
            if ref not in self.slots:
                fail(f"{ref!r} is not announced by this ability (a target belongs to one ability)",
                     self.structure_rule)
            return self.slots[ref]
        if isinstance(ref, R.ContextRef):
            reg = self.alloc()
            self.emit(CoreOp.CTX, reg, ref.what)
            return reg
        if isinstance(ref, R.ControllerOf) and self.controller_property is not None:
            src = self.ref(ref.of, self.controlled_kinds, "ControllerOf")
            reg = self.alloc()
            self.emit(CoreOp.GET, reg, src, self.controller_property)
            return reg
        if isinstance(ref, R.Chosen):
            return self.chosen(ref)
        if isinstance(ref, R.Each):
            fail(f"{ref!r} can only be what an effect acts on, not part of another reference", self.operand_rule)
        own = self.game_ref(ref)
        if own is not None:
            return own
        fail(f"unknown reference {ref!r}", self.operand_rule)

    def chosen(self, ref: R.Chosen, **context: Any) -> int:
        """The register of a ``Chosen`` reference, choosing it where it is first named."""
        if not self.pausing and not ref.random:
            fail(f"{ref!r}: a condition or continuous effect cannot ask a player to choose", self.structure_rule)
        if not self.pausing:
            fail(f"{ref!r}: a condition or continuous effect makes no random choice", self.structure_rule)
        flt = self.encode_filter(ref.filter)
        flags = (Choose.OPTIONAL if ref.optional else 0) | (Choose.RANDOM if ref.random else 0)
        reg = self.choose(ref, flt, flags, **context)
        self.bound[id(ref)] = reg
        return reg

    # -- values and conditions -----------------------------------------------------------------------------------

    def value(self, value: Any, what: str = "amount", low: int | None = None) -> int:
        """The register of an amount (an int or a :class:`tcbg.effects.values.Value`), from ``low`` (default
        ``-max_amount``) to ``max_amount`` when written as a number."""
        low = -self.max_amount if low is None else low
        if isinstance(value, bool) or not isinstance(value, (int, V.Value)):
            fail(f"{what} must be a whole number or a value such as Count(...), not {value!r}", self.operand_rule)
        if isinstance(value, int):
            if not low <= value <= self.max_amount:
                fail(f"{what} must be from {low} to {self.max_amount}, not {value}", self.operand_rule)
            reg = self.alloc()
            self.emit(CoreOp.SET, reg, value)
            return reg
        if isinstance(value, V.Count):
            reg = self.alloc()
            self.emit(CoreOp.COUNT, reg, self.encode_filter(value.filter))
            return reg
        if isinstance(value, V.StatOf):
            if value.name not in self.properties:
                fail(f"{value!r}: unknown property {value.name!r} (properties: {', '.join(self.properties)})",
                     self.operand_rule)
            src = self.ref(value.of, self.stat_kinds(value.name), f"StatOf {value.name}")
            reg = self.alloc()
            self.emit(CoreOp.GET, reg, src, self.properties[value.name])
            return reg
        if isinstance(value, V.ContextValue):
            reg = self.alloc()
            self.emit(CoreOp.CTX, reg, value.what)
            return reg
        ops = {V.Sum: CoreOp.ADD, V.Difference: CoreOp.SUB, V.Product: CoreOp.MUL, V.Min: CoreOp.MIN}
        for cls, op in ops.items():
            if isinstance(value, cls):
                left = self.value(value.left, what)
                right = self.value(value.right, what)
                reg = self.alloc()
                self.emit(op, reg, left, right)
                return reg
        return self.game_value(value, what)

    def condition(self, cond: Any) -> int:
        """The register of a condition: 1 when it holds, else 0."""
        if isinstance(cond, V.AtLeast):
            left, right = self.value(cond.left, "a compared value"), self.value(cond.right, "a compared value")
            reg = self.alloc()
            self.emit(CoreOp.LE, reg, right, left)
            return reg
        if isinstance(cond, V.Equals):
            left, right = self.value(cond.left, "a compared value"), self.value(cond.right, "a compared value")
            reg = self.alloc()
            self.emit(CoreOp.EQ, reg, left, right)
            return reg
        if isinstance(cond, (V.And, V.Or)):
            left, right = self.condition(cond.left), self.condition(cond.right)
            reg = self.alloc()
            self.emit(CoreOp.MIN if isinstance(cond, V.And) else CoreOp.MAX, reg, left, right)
            return reg
        if isinstance(cond, V.Not):
            inner = self.condition(cond.of)
            reg = self.alloc()
            self.emit(CoreOp.NOT, reg, inner)
            return reg
        if isinstance(cond, V.Exists):
            src = self.ref(cond.ref)
            none, reg = self.alloc(), self.alloc()
            self.emit(CoreOp.SET, none, NONE)
            self.emit(CoreOp.EQ, reg, src, none)
            self.emit(CoreOp.NOT, reg, reg)
            return reg
        if isinstance(cond, V.Matches):
            src = self.ref(cond.ref)
            reg = self.alloc()
            self.emit(CoreOp.MATCH, reg, src, self.encode_filter(cond.filter))
            return reg
        return self.game_condition(cond)

    # -- effects -------------------------------------------------------------------------------------------------

    def effects(self, effects: Sequence[Any]) -> None:
        for effect in effects:
            self.effect(effect)

    def effect(self, effect: Any) -> None:
        """One effect; with an ``Each(...)`` operand, a loop running it once for every matching object."""
        if not isinstance(effect, A.Effect):
            fail(f"expected an effect (DealDamage, Draw, ...), not {effect!r}", self.operand_rule)
        loops = [node for node in self.operands(effect) if isinstance(node, R.Each)]
        if len(loops) > 1:
            fail(f"{name_of(effect)}: at most one Each(...) per effect", self.operand_rule)
        if not loops:
            self._effect(effect)
            self.release_temps()
            return
        each = loops[0]
        cursor = self.alloc(temp=False)
        flt = self.encode_filter(each.filter)
        self.emit(CoreOp.SET, cursor, NONE)
        top = self.emit(CoreOp.NEXT, cursor, flt, 0)
        self.bound[id(each)] = cursor
        self._effect(effect)
        self.release_temps()
        self.emit(CoreOp.JUMP, top)
        self.patch(top, 3, self.here())
        del self.bound[id(each)]
        self.release(cursor)

    def _effect(self, e: Any) -> None:
        name = name_of(e)
        if isinstance(e, A.If):
            cond = self.condition(e.condition)
            jump_else = self.emit(CoreOp.JZ, cond, 0)
            self.release_temps()
            self.effects(e.then)
            if e.otherwise:
                jump_end = self.emit(CoreOp.JUMP, 0)
                self.patch(jump_else, 2, self.here())
                self.effects(e.otherwise)
                self.patch(jump_end, 1, self.here())
            else:
                self.patch(jump_else, 2, self.here())
        elif isinstance(e, A.May):
            if not self.pausing:
                fail(f"{name}: a condition or continuous effect cannot ask a player", self.structure_rule)
            if not e.then:
                fail(f"{name}: say what the player may do", self.operand_rule)
            answer = self.alloc()
            self.emit(CoreOp.ASK, answer, self.ref(e.chooser, PLAYERS, f"{name} chooser"))
            skip = self.emit(CoreOp.JZ, answer, 0)
            self.release_temps()
            self.effects(e.then)
            self.patch(skip, 2, self.here())
        elif isinstance(e, A.Repeat):
            # SET k, times; top: JZ k, end; effects; SUB k, k, 1; JUMP top: the effects compiled once, a Chosen
            # inside bound to one register and chosen again on every pass.
            if not self.pausing:
                fail(f"{name}: a condition or continuous effect does not repeat effects", self.structure_rule)
            if isinstance(e.times, V.Value):
                self.repeat_counted(e)
                return
            if isinstance(e.times, bool) or not isinstance(e.times, int) or not 2 <= e.times <= 20:
                fail(f"{name}: times is a whole number from 2 to 20, not {e.times!r}", self.operand_rule)
            counter, one = self.alloc(temp=False), self.alloc(temp=False)
            self.emit(CoreOp.SET, counter, e.times)
            self.emit(CoreOp.SET, one, 1)
            top = self.emit(CoreOp.JZ, counter, 0)
            self.effects(e.then)
            self.emit(CoreOp.SUB, counter, counter, one)
            self.emit(CoreOp.JUMP, top)
            self.patch(top, 2, self.here())
            self.release(counter)
            self.release(one)
        elif isinstance(e, A.PythonEffect):
            if not callable(e.function):
                fail(f"{name}: function must be callable, not {e.function!r}", self.operand_rule)
            self.python_targets(e)
            k = len(self.tables.native.python_effects)
            self.tables.native.python_effects.append(e.function)
            self.emit(CoreOp.PYTHON, k)
        else:
            self.game_effect(e)

    def repeat_counted(self, e: A.Repeat) -> None:
        """``Repeat(value, ...)``: the value read once, when the loop begins (none when it is 0 or less); then
        ``top: LE t, k, 0; JZ`` past the end unless ``t`` is 0; effects; ``SUB k, k, 1; JUMP top``."""
        counter, one, zero = self.alloc(temp=False), self.alloc(temp=False), self.alloc(temp=False)
        times = self.value(e.times, "Repeat times")
        self.emit(CoreOp.MAX, counter, times, times)
        self.release_temps()
        self.emit(CoreOp.SET, one, 1)
        self.emit(CoreOp.SET, zero, 0)
        t = self.alloc()
        top = self.emit(CoreOp.LE, t, counter, zero)
        self.emit(CoreOp.NOT, t, t)
        jump = self.emit(CoreOp.JZ, t, 0)
        self.release_temps()
        self.effects(e.then)
        self.emit(CoreOp.SUB, counter, counter, one)
        self.emit(CoreOp.JUMP, top)
        self.patch(jump, 2, self.here())
        for reg in (counter, one, zero):
            self.release(reg)

    def duration(self, duration: Any, what: str) -> int:
        """The code of a duration (``UNTIL_END_OF_TURN`` ...)."""
        if duration not in A.DURATION_CODES:
            fail(f"{what}: duration must be one of {', '.join(map(repr, A.DURATION_CODES))}, not {duration!r}",
                 self.operand_rule)
        return int(A.DURATION_CODES[duration])
