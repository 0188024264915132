"""The slow path (docs/cards.md "The slow path"): a Python callable for an effect the language cannot express.

A definition declares it with ``PythonEffect(function)`` among its effects; the compiler gives it the instruction
``PYTHON k``, and the core calls ``function(ctx)`` with an :class:`EffectContext` when it gets there. The context
offers what the instructions do, as methods, on the announced targets and on what the function reads itself; the
function makes no choices of its own (declare targets in the language and read ``ctx.targets``) and runs to its
end. Every call crosses from C++ into Python, so keep the slow path for the rare card that needs it.

>>> from tcbg.x610z.effects import Flux, PythonEffect, TargetNLBSummon
>>> def double_trouble(ctx):
...     summon = ctx.targets[0]
...     ctx.deal_damage(summon, max(1, 2 * ctx.stat(summon, "damage")))
>>> Flux(PythonEffect(double_trouble, targets=[TargetNLBSummon()]))
Flux(PythonEffect(double_trouble, targets=[Target(NLBSummons())]))
"""

from __future__ import annotations

from typing import Any, Protocol

from tcbg.x610z.effects.native import NONE, Counter, Duration, Op, Prop, Property

_STATS = {"attack": Prop.ATTACK, "defense": Prop.DEFENSE, "speed": Prop.SPEED, "range": Prop.RANGE,
          "block_rate": Prop.BLOCK_RATE, "damage": Prop.DAMAGE, "remaining": Prop.REMAINING,
          "controller": Prop.CONTROLLER, "owner": Prop.OWNER, "hand_size": Prop.HAND_SIZE,
          "deck_size": Prop.DECK_SIZE, "discard_size": Prop.DISCARD_SIZE, "life_base": Prop.LIFE_BASE}
_DURATIONS = {"until end of turn": Duration.UNTIL_END_OF_TURN, "while in play": Duration.WHILE_IN_PLAY,
              "while source in play": Duration.WHILE_SOURCE_IN_PLAY}


class EffectContext(Protocol):
    """What a slow-path function receives. Objects, players and dots are ints as in the native form (card
    instance numbers, seats, dot indices); NONE (-1) is no object, and an operation on it does nothing."""

    targets: list[int]
    """The announced targets by slot (NONE for one that became illegal)."""
    source: int
    """The card whose effect this is."""
    controller: int
    """The player who controls the effect."""

    def stat(self, obj: int, name: str) -> int:
        """``attack``, ``defense``, ``speed``, ``range``, ``block_rate``, ``damage``, ``remaining``,
        ``controller``, ``owner``; for a player ``hand_size``, ``deck_size``, ``discard_size``, ``life_base``."""

    def deal_damage(self, summon: int, amount: int) -> None: ...

    def heal(self, summon: int, amount: int) -> None: ...

    def destroy(self, permanent: int) -> None: ...

    def draw(self, player: int, count: int) -> None: ...

    def return_to_hand(self, card: int) -> None: ...

    def remove_from_game(self, card: int) -> None: ...

    def modify(self, summon: int, stat: str, amount: int, duration: str = "until end of turn") -> None: ...

    def grant(self, summon: int, prop: str, duration: str = "until end of turn") -> None: ...

    def produce(self, player: int, energy: str, amount: int) -> None: ...

    def add_counters(self, permanent: int, kind: str, amount: int) -> None: ...

    def win(self, player: int) -> None: ...


class ReferenceContext:
    """The :class:`EffectContext` of the reference interpreter: each method runs the instruction of the same
    meaning, so the slow path and the language cannot drift apart."""

    def __init__(self, resolution: Any) -> None:
        self._run = resolution
        self.targets = list(resolution.regs[:4])
        self.source = resolution.ctx.source
        self.controller = resolution.ctx.controller

    def _do(self, op: Op, obj: int, b: int = 0, c: int = 0, *, b_value: bool = True, c_value: bool = False) -> None:
        regs = self._run.regs
        saved = regs[13:16]
        regs[13], regs[14], regs[15] = obj, b, c
        try:
            self._run.effect(op, 13, 14 if b_value else b, 15 if c_value else c)
        finally:
            regs[13:16] = saved

    def stat(self, obj: int, name: str) -> int:
        if name not in _STATS:
            raise ValueError(f"unknown stat {name!r} (stats: {', '.join(_STATS)})")
        return self._run.model.get(obj, _STATS[name]) if obj != NONE else NONE

    def deal_damage(self, summon: int, amount: int) -> None:
        self._do(Op.DAMAGE, summon, amount, self.source, c_value=True)

    def heal(self, summon: int, amount: int) -> None:
        self._do(Op.HEAL, summon, amount)

    def destroy(self, permanent: int) -> None:
        self._do(Op.DESTROY, permanent)

    def draw(self, player: int, count: int) -> None:
        self._do(Op.DRAW, player, count)

    def return_to_hand(self, card: int) -> None:
        self._do(Op.TO_HAND, card)

    def remove_from_game(self, card: int) -> None:
        self._do(Op.REMOVE, card)

    def modify(self, summon: int, stat: str, amount: int, duration: str = "until end of turn") -> None:
        self._do(Op.MODIFY, summon, amount, _STATS[stat] | _DURATIONS[duration] << 8)

    def grant(self, summon: int, prop: str, duration: str = "until end of turn") -> None:
        self._do(Op.GRANT, summon, Property[prop.upper().replace("-", "_")], _DURATIONS[duration], b_value=False)

    def produce(self, player: int, energy: str, amount: int) -> None:
        regs = self._run.regs
        saved = regs[12:16]
        regs[12], regs[13], regs[14] = player, "CBMRH".index(energy), amount
        try:
            self._run.effect(Op.PRODUCE, 12, 13, 14)
        finally:
            regs[12:16] = saved

    def add_counters(self, permanent: int, kind: str, amount: int) -> None:
        self._do(Op.COUNTERS, permanent, Counter[kind.upper()], amount, b_value=False, c_value=True)

    def win(self, player: int) -> None:
        self._do(Op.WIN, player)
