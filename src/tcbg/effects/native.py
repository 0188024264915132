"""What the native form of card effects means in every game (docs/effects.md): programs of 4-word instructions
``(op, a, b, c)`` in one flat int32 code array, run over :data:`REGISTERS` registers, and the instructions the core
names (``cpp/include/tcbg/core/effects.hpp``, the same numbers): computing, jumping, reading the position, asking a
player, and the slow path. A game numbers its own instructions in the codes the core leaves free (its choices
below 32, what changes the game from 32 on) and makes its opcode enum with :func:`extend`; the disassembler
(:class:`Disassembler`) shows the core's instructions and asks the game for its own.

>>> from tcbg.effects.native import CoreOp, Disassembler
>>> print(Disassembler().code([CoreOp.SET, 4, 8, 0, CoreOp.JZ, 4, 3, 0, CoreOp.ADD, 5, 4, 4, CoreOp.END, 0, 0, 0]))
0: SET r4, 8
1: JZ r4, @3
2: ADD r5, r4, r4
3: END
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import IntEnum

REGISTERS = 16
"""Registers of the interpreter: r0-r3 hold the announced targets (slot i in ri), r4-r15 are scratch."""
TARGET_SLOTS = 4
"""Targets one ability announces at most."""
NONE = -1
"""The empty object: an illegal target, a choice nobody could make, the end of an iteration. An instruction whose
object operand is NONE does nothing."""
WIDTH = 4
"""Words per instruction: ``op, a, b, c``."""
MAX_PROGRAM = 512
"""Instructions in one program at most (so a relative pc fits a byte pair with room to spare)."""
MAX_AMOUNT = 99
"""Largest number a definition writes, unless the game's program builder says otherwise."""
FIRST_GAME_CHANGING_OP = 32
"""Opcodes from here on change the game; below it they read, compute, jump or ask."""


class CoreOp(IntEnum):
    """The opcodes the core names (core/effects.hpp ``CoreOp``). ``r``, ``s``, ``t`` are register numbers; ``imm``
    an immediate; ``to`` an instruction index relative to the start of the program; ``filter`` an index into the
    game's filter table; ``what`` and ``prop`` the game's context and property codes."""

    END = 0  # the program ends
    RETURN = 1  # r: a condition or amount program ends with the result R[r]
    SET = 2  # r, imm: R[r] = imm
    ADD = 3  # r, s, t: R[r] = R[s] + R[t]
    SUB = 4  # r, s, t: R[r] = R[s] - R[t]
    MUL = 5  # r, s, t: R[r] = R[s] * R[t]
    MIN = 6  # r, s, t: R[r] = min(R[s], R[t])
    MAX = 7  # r, s, t: R[r] = max(R[s], R[t])
    LE = 8  # r, s, t: R[r] = 1 if R[s] <= R[t] else 0
    EQ = 9  # r, s, t: R[r] = 1 if R[s] == R[t] else 0
    NOT = 10  # r, s: R[r] = 1 if R[s] == 0 else 0
    JUMP = 11  # to: pc = to
    JZ = 12  # r, to: if R[r] == 0: pc = to
    CTX = 13  # r, what (Ctx): R[r] = the source, its controller, the event's subject ...
    GET = 14  # r, s, prop: R[r] = property prop of object R[s] (NONE if R[s] is NONE)
    COUNT = 15  # r, filter: R[r] = how many objects match the filter
    NEXT = 16  # r, filter, to: R[r] = the smallest matching object id greater than R[r]; none: R[r] = NONE, pc = to
    MATCH = 17  # r, s, filter: R[r] = 1 if object R[s] matches the filter else 0
    CHOOSE = 18  # r, filter, s + (flags << 8) (Choose): player R[s] chooses a matching object into R[r]; may pause
    ASK = 21  # r, s: player R[s] answers yes (1) or no (0) into R[r]; pauses
    PYTHON = 31  # k: call the Python effect k of the card set (the slow path; the core calls back)


class Ctx(IntEnum):
    """What ``CTX`` reads that every game has; a game adds its own codes after these (:func:`extend`)."""

    SELF = 0  # the source: the card whose effect or ability this is
    CONTROLLER = 1  # the player controlling the effect
    ACTIVE_PLAYER = 2
    SUBJECT = 3  # a trigger's event subject; in a continuous program, the object being computed
    OTHER = 4  # a trigger's other object (an attack's target, a damage's source ...)
    AMOUNT = 5  # a trigger's amount


class CoreKind(IntEnum):
    """The kind of object every game's filters and references share: kind 0 is a player. A game numbers its own
    kinds after it (:func:`extend`)."""

    PLAYER = 0


class Choose(IntEnum):
    """Flags of ``CHOOSE`` (bits 8 and up of operand c) every game means the same way."""

    OPTIONAL = 1  # the chooser may choose nothing (NONE)
    RANDOM = 2  # no decision: uniformly at random with the state's generator


class Duration(IntEnum):
    """How long a lasting effect lasts (``tcbg.effects.actions`` names them)."""

    UNTIL_END_OF_TURN = 0
    WHILE_IN_PLAY = 1  # until the affected card leaves play
    WHILE_SOURCE_IN_PLAY = 2  # until the source leaves play


def extend(name: str, base: type[IntEnum], own: Mapping[str, int], module: str) -> type[IntEnum]:
    """An IntEnum with ``base``'s members and the game's ``own``, in number order: how a game's ``Op`` (``Ctx``,
    ``Kind`` ...) extends the core's. A game's member may not reuse a core name or number.

    >>> Op = extend("Op", CoreOp, {"DRAW": 40}, __name__)
    >>> Op.DRAW, Op.PYTHON == CoreOp.PYTHON
    (<Op.DRAW: 40>, True)
    """
    members = {m.name: int(m) for m in base}
    for key, value in own.items():
        if key in members or value in members.values():
            raise ValueError(f"{name}.{key} = {value}: the core already names {key!r} or number {value}")
        members[key] = int(value)
    enum = IntEnum(name, sorted(members.items(), key=lambda kv: kv[1]), module=module)  # type: ignore[misc]
    enum.__qualname__ = name
    return enum


def compute(op: int, a: int, b: int, c: int, r: list[int]) -> tuple[bool, int | None]:
    """The instructions that only compute on registers (core/effects.hpp ``compute``), for every Python
    interpreter: applies the instruction and returns ``(True, jump)`` (jump: the next pc for a jump taken, else
    None), or ``(False, None)`` for any other opcode.

    >>> regs = [0] * REGISTERS
    >>> compute(CoreOp.SET, 4, 3, 0, regs), compute(CoreOp.MUL, 5, 4, 4, regs), regs[5]
    ((True, None), (True, None), 9)
    """
    if op == CoreOp.SET:
        r[a] = b
    elif op == CoreOp.ADD:
        r[a] = r[b] + r[c]
    elif op == CoreOp.SUB:
        r[a] = r[b] - r[c]
    elif op == CoreOp.MUL:
        r[a] = r[b] * r[c]
    elif op == CoreOp.MIN:
        r[a] = min(r[b], r[c])
    elif op == CoreOp.MAX:
        r[a] = max(r[b], r[c])
    elif op == CoreOp.LE:
        r[a] = int(r[b] <= r[c])
    elif op == CoreOp.EQ:
        r[a] = int(r[b] == r[c])
    elif op == CoreOp.NOT:
        r[a] = int(r[b] == 0)
    elif op == CoreOp.JUMP:
        return True, a
    elif op == CoreOp.JZ:
        return True, (b if r[a] == 0 else None)
    else:
        return False, None
    return True, None


class Disassembler:
    """Instructions as text. A game subclasses it: ``ops`` (its opcode enum), ``contexts`` and ``properties`` (the
    enums naming ``CTX`` and ``GET`` operands), ``choose_flags``, and :meth:`game_operands` for its own
    instructions. ``filter_text(i)`` shows filter operands (``fN`` unless the caller gives better)."""

    ops: type[IntEnum] = CoreOp
    contexts: type[IntEnum] = Ctx
    properties: type[IntEnum] | None = None
    choose_flags: type[IntEnum] = Choose

    def code(self, words: Sequence[int], filter_text: Callable[[int], str] | None = None) -> str:
        """One instruction a line, numbered from 0 (the numbers jumps use)."""
        filt = filter_text or (lambda i: f"f{i}")
        lines = []
        for i in range(0, len(words), WIDTH):
            op = self.ops(words[i])
            operands = self.operands(op, *words[i + 1:i + WIDTH], filt)
            lines.append(f"{i // WIDTH}: {op.name}" + (f" {operands}" if operands else ""))
        return "\n".join(lines)

    def operands(self, op: int, a: int, b: int, c: int, filt: Callable[[int], str]) -> str:
        """The operands of a core instruction, or the game's (:meth:`game_operands`)."""
        r = register
        if op == CoreOp.END:
            return ""
        if op == CoreOp.RETURN:
            return r(a)
        if op == CoreOp.SET:
            return f"{r(a)}, {b}"
        if op in (CoreOp.NOT, CoreOp.ASK):
            return f"{r(a)}, {r(b)}"
        if op in (CoreOp.ADD, CoreOp.SUB, CoreOp.MUL, CoreOp.MIN, CoreOp.MAX, CoreOp.LE, CoreOp.EQ):
            return f"{r(a)}, {r(b)}, {r(c)}"
        if op == CoreOp.JUMP:
            return f"@{a}"
        if op == CoreOp.JZ:
            return f"{r(a)}, @{b}"
        if op == CoreOp.CTX:
            return f"{r(a)}, {self.contexts(b).name}"
        if op == CoreOp.GET:
            return f"{r(a)}, {r(b)}, {self.properties(c).name if self.properties is not None else c}"
        if op == CoreOp.COUNT:
            return f"{r(a)}, {filt(b)}"
        if op == CoreOp.NEXT:
            return f"{r(a)}, {filt(b)}, @{c}"
        if op == CoreOp.MATCH:
            return f"{r(a)}, {r(b)}, {filt(c)}"
        if op == CoreOp.CHOOSE:
            flags = [f.name for f in self.choose_flags if (c >> 8) & f]
            return f"{r(a)}, {filt(b)}, {r(c & 0xFF)}" + "".join(f", {f}" for f in flags)
        if op == CoreOp.PYTHON:
            return f"{a}"
        return self.game_operands(op, a, b, c, filt)

    def game_operands(self, op: int, a: int, b: int, c: int, filt: Callable[[int], str]) -> str:
        """The operands of one of the game's own instructions (override); plain numbers by default."""
        return f"{a}, {b}, {c}"


def register(n: int) -> str:
    """A register operand as text: ``r4``."""
    return f"r{n}"
