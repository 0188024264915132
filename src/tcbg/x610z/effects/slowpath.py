"""The slow path (docs/cards.md "The slow path"): a Python callable for an effect the language cannot express.

A definition declares it with ``PythonEffect(function)`` among its effects; the compiler gives it the instruction
``PYTHON k``, and the core calls ``function(ctx)`` with an :class:`EffectContext` when it gets there. The context
offers what the instructions do, as methods, on the announced targets and on what the function reads itself; the
function makes no choices of its own (declare targets in the language and read ``ctx.targets``) and runs to its
end. Every call crosses from C++ into Python, so keep the slow path for the rare card that needs it.

Two contexts implement it, both by running the instruction of the same meaning, so the slow path and the language
cannot drift apart: :class:`CoreContext` in games (the core's ``State::run_effect``, through :class:`SlowPath`, the
hook a game gives the core) and :class:`ReferenceContext` in the reference interpreter. A function that raises
becomes a :class:`tcbg.EffectError` naming the card and the function, with the original as ``__cause__``. What is
not X610Z's of it (the hook, naming functions, finding them again in worker processes) is shared
(:mod:`tcbg.effects.loading`).

>>> from tcbg.x610z.effects import Flux, PythonEffect, TargetNLBSummon
>>> def double_trouble(ctx):
...     summon = ctx.targets[0]
...     ctx.deal_damage(summon, max(1, 2 * ctx.stat(summon, "damage")))
>>> Flux(PythonEffect(double_trouble, targets=[TargetNLBSummon()]))
Flux(PythonEffect(double_trouble, targets=[Target(NLBSummons())]))

In a game the core calls it back when the card resolves: here Healing Elixir of the set ``ruins`` written with the
slow path heals a Living Waterfall with 5 damage.

>>> import json, tcbg
>>> from importlib import resources
>>> from tcbg.x610z.cards import CardSet
>>> from tcbg.x610z.decks import Deck
>>> from tcbg.x610z.effects import TargetSummon
>>> def heal_eight(ctx):
...     ctx.heal(ctx.targets[0], 8)
>>> path = resources.files("tcbg.x610z") / "cardsets" / "ruins.json"
>>> effects = dict(CardSet.load("ruins").effects)
>>> effects["Healing Elixir"] = Flux(PythonEffect(heal_eight, targets=[TargetSummon()]))
>>> cards = CardSet.from_dict(json.loads(path.read_text()), source=str(path), effects=effects)
>>> decks = [Deck.parse(text, cards, deck_size=None) for text in
...          ("Life base: Tidebreaker Galleon\\n1 Living Waterfall\\n1 Healing Elixir", "Life base: Ossuary Throne")]
>>> game = tcbg.load_game(board="existenz", setup="1v1", cards=cards, decks=decks)
>>> state = game.state_from_json({"format": "tcbg-x610z-position/1", "phase": "action", "players": [
...     {"in_play": [{"card": "Living Waterfall", "dot": "r3-02", "damage": 5}], "hand": ["Healing Elixir"],
...      "pool": {"C": 1, "B": 1}}, {}]})
>>> for text in ("cast Healing Elixir (#2)", "choose Living Waterfall (#1)", "pass", "pass"):
...     state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == text))
>>> state.instance(1)["damage"], state.instance(2)["zone"]
(0, 'discard')
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol

from tcbg.effects import loading as shared
from tcbg.effects.loading import function_name, worker_problem  # noqa: F401 - the shared slow path's helpers
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


# The operands of a game-changing instruction that name registers (docs/cards.md, the instruction table); the
# others are immediates. The core's State::run_effect reads its operands the same way.
_B_REGISTER = {Op.DAMAGE, Op.HEAL, Op.PREVENT, Op.REDUCE, Op.REDIRECT, Op.DRAW, Op.PLACE, Op.MOVE, Op.CONTROL,
               Op.PRODUCE, Op.MODIFY}
_C_REGISTER = {Op.DAMAGE, Op.PRODUCE, Op.COUNTERS}


def _code(table: dict[str, int], name: str, what: str) -> int:
    if name not in table:
        raise ValueError(f"unknown {what} {name!r} ({what}s: {', '.join(table)})")
    return table[name]


_PROPERTIES = {p.name.lower().replace("_", "-"): int(p) for p in Property}
_COUNTERS = {c.name.lower(): int(c) for c in Counter}
_ENERGIES = {letter: i for i, letter in enumerate("CBMRH")}


class _Operations(ABC):
    """The methods of :class:`EffectContext`, each the instruction of the same meaning; a subclass says how one
    instruction runs (``_effect(op, a, b, c)``: values for the operands that name registers, immediates for the
    others) and how a stat is read."""

    __slots__ = ()
    targets: list[int]
    source: int
    controller: int

    @abstractmethod
    def _effect(self, op: Op, a: int, b: int = 0, c: int = 0) -> None:
        """Run instruction ``op`` with these operands."""

    @abstractmethod
    def _get(self, obj: int, prop: int) -> int:
        """What ``GET`` reads of ``obj``."""

    def stat(self, obj: int, name: str) -> int:
        return self._get(obj, _code(_STATS, name, "stat"))

    def deal_damage(self, summon: int, amount: int) -> None:
        self._effect(Op.DAMAGE, summon, amount, self.source)

    def heal(self, summon: int, amount: int) -> None:
        self._effect(Op.HEAL, summon, amount)

    def destroy(self, permanent: int) -> None:
        self._effect(Op.DESTROY, permanent)

    def draw(self, player: int, count: int) -> None:
        self._effect(Op.DRAW, player, count)

    def return_to_hand(self, card: int) -> None:
        self._effect(Op.TO_HAND, card)

    def remove_from_game(self, card: int) -> None:
        self._effect(Op.REMOVE, card)

    def modify(self, summon: int, stat: str, amount: int, duration: str = "until end of turn") -> None:
        code = _code(_STATS, stat, "stat")
        if code > Prop.BLOCK_RATE:
            raise ValueError(f"modify changes attack, defense, speed, range or block_rate, not {stat!r}")
        self._effect(Op.MODIFY, summon, amount, code | _code(_DURATIONS, duration, "duration") << 8)

    def grant(self, summon: int, prop: str, duration: str = "until end of turn") -> None:
        self._effect(Op.GRANT, summon, _code(_PROPERTIES, prop.lower().replace("_", "-"), "property"),
                     _code(_DURATIONS, duration, "duration"))

    def produce(self, player: int, energy: str, amount: int) -> None:
        self._effect(Op.PRODUCE, player, _code(_ENERGIES, energy, "energy"), amount)

    def add_counters(self, permanent: int, kind: str, amount: int) -> None:
        self._effect(Op.COUNTERS, permanent, _code(_COUNTERS, kind.lower(), "counter kind"), amount)

    def win(self, player: int) -> None:
        self._effect(Op.WIN, player)


class ReferenceContext(_Operations):
    """The :class:`EffectContext` of the reference interpreter: each method runs the instruction of the same
    meaning, with its operands in the scratch registers r13-r15 (restored afterwards)."""

    def __init__(self, resolution: Any) -> None:
        self._run = resolution
        self.targets = list(resolution.regs[:4])
        self.source = resolution.ctx.source
        self.controller = resolution.ctx.controller

    def _effect(self, op: Op, a: int, b: int = 0, c: int = 0) -> None:
        regs = self._run.regs
        saved = regs[13:16]
        regs[13], regs[14], regs[15] = a, b, c
        try:
            self._run.effect(op, 13, 14 if op in _B_REGISTER else b, 15 if op in _C_REGISTER else c)
        finally:
            regs[13:16] = saved

    def _get(self, obj: int, prop: int) -> int:
        return self._run.model.get(obj, prop) if obj != NONE else NONE


class CoreContext(_Operations):
    """The :class:`EffectContext` of a game: each method runs the instruction of the same meaning in the C++ core
    (``State::run_effect``, the interpreter's own code) on the state being resolved. Valid only while its function
    runs: afterwards every method raises :class:`tcbg.EffectError`."""

    __slots__ = ("_handle", "targets", "source", "controller")

    def __init__(self, handle: Any, source: int, controller: int, targets: list[int]) -> None:
        self._handle = handle
        self.targets = targets
        self.source = source
        self.controller = controller

    def _effect(self, op: Op, a: int, b: int = 0, c: int = 0) -> None:
        self._handle.run(int(op), a, b, c)

    def _get(self, obj: int, prop: int) -> int:
        return self._handle.stat(obj, prop)


class SlowPath(shared.SlowPath):
    """The hook an X610Z game gives the core for its card set's Python effects (the shared hook, calling each
    function with a :class:`CoreContext`)."""

    context = CoreContext
