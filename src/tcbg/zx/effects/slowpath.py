"""Z/X's slow path (docs/zx/cards.md "The slow path"): a Python callable for an effect the language cannot express.

A definition declares it with ``PythonEffect(function, targets=[...])`` among an ability's effects; the compiler
loads the targets into the registers r0-r3 on resolution (``Chosen(...)`` is chosen there, as any choice of a Z/X
effect: rules.md Z12.3) and gives the call the instruction ``PYTHON k``; the core calls ``function(ctx)`` with a
:class:`CoreContext` when it gets there. The context offers what the Z/X instructions do, as methods, on the
targets and on what the function reads itself; the function makes no choices of its own (declare them as targets)
and runs to its end. Every call crosses from C++ into Python, so keep the slow path for the rare card that needs it.

What is not Z/X's of it is shared with X610Z (:mod:`tcbg.effects.loading`: the hook, naming functions, finding
them again in worker processes; ``python/effect_slowpath.hpp``: the handle valid only during the call). A function
that raises, or returns anything but None, becomes a :class:`tcbg.EffectError` naming the card and the function,
with the original as ``__cause__``.

"Draw cards until you have as many as your opponent" (a count the language cannot say, for an Event):

>>> from tcbg.zx.effects.language import EventDefinition, PythonEffect
>>> def catch_up(ctx):
...     me = ctx.controller
...     ctx.draw(me, ctx.stat(1 - me, "hand") - ctx.stat(me, "hand"))
>>> EventDefinition(PythonEffect(catch_up))
EventDefinition(PythonEffect(catch_up))

In a game the core calls it back when the card resolves (here the first player, with 3 cards in hand once the
Event is played, catches up with the opponent's 4):

>>> from tcbg.zx.game import Game, ZXCard, ZXDeck
>>> cards = [ZXCard("Brave", "zx", ("red",), 1, 3000), ZXCard("Catch Up", "event", ("red",), 1)]
>>> game = Game(cards, [ZXDeck(["Catch Up"] + ["Brave"] * 29)] * 2, first_player=0, shuffle=False,
...             definitions={"Catch Up": EventDefinition(PythonEffect(catch_up))})
>>> state = game.new_initial_state(seed=1)
>>> for text in ("p0 keep", "p1 keep", "pass (resource)", "play Catch Up", "pay with"):
...     state.apply_action(next(a for a in state.legal_actions() if text in state.action_to_string(a)))
>>> len(state.zone(0, "hand")), len(state.zone(1, "hand")), state.names(0, "trash")
(4, 4, ['Catch Up'])
"""

from __future__ import annotations

from typing import Any, Protocol

from tcbg.effects import loading as shared
from tcbg.zx.effects.native import Op, Prop

_STATS = {"power": Prop.POWER, "cost": Prop.COST, "square": Prop.SQUARE, "owner": Prop.OWNER,
          "hand": Prop.HAND, "life": Prop.LIFE, "resource": Prop.RESOURCE, "charge": Prop.CHARGE,
          "deck": Prop.DECK, "trash": Prop.TRASH, "player_card": Prop.PLAYER_CARD}
_ZONES = ("deck", "hand", "life", "charge", "trash", "resource", "removed")


class EffectContext(Protocol):
    """What a Z/X slow-path function receives. Card instances, players and Squares are ints as in the native form
    (instance numbers, seats 0 and 1, Squares 0-8); -1 is no object, and an operation on it does nothing, as the
    instruction does."""

    targets: list[int]
    """The PythonEffect's targets by slot (r0-r3 on resolution; -1 for one not given or nothing chosen)."""
    source: int
    """The card whose ability this is."""
    controller: int
    """The player who controls the ability."""
    subject: int
    """The event's subject (``EVENT_SUBJECT``: the Z/X destroyed, the attacker, the player whose Life decreased),
    -1 none."""

    def stat(self, obj: int, name: str) -> int:
        """Of a card: ``power`` (now, continuous changes included), ``cost``, ``square`` (-1 off the field),
        ``owner``; of a player: ``hand``, ``life``, ``resource``, ``charge``, ``deck``, ``trash``, ``player_card``
        (a card index, -1 none). -1 for no object."""

    def zone(self, player: int, name: str) -> list[int]:
        """The card instances of a player's zone (deck, hand, life, charge, trash, resource) in order, the last the
        top; ``removed`` (removed from the game, rules.md Z15.127) in instance order."""

    def zone_of(self, card: int) -> str: ...

    def board(self) -> list[int]: ...

    def deal_damage(self, zx: int, amount: int) -> None: ...

    def add_power(self, zx: int, amount: int) -> None: ...

    def destroy(self, zx: int) -> None: ...

    def return_to_hand(self, card: int) -> None: ...

    def move(self, zx: int, square: int) -> None: ...

    def put_into_trash(self, card: int) -> None: ...

    def draw(self, player: int, count: int = 1) -> None: ...

    def return_to_deck(self, card: int) -> None: ...

    def shuffle(self, player: int) -> None: ...

    def top_to_charge(self, player: int, count: int = 1) -> None: ...

    def top_to_resource(self, player: int, sleeping: bool = True) -> None: ...

    def put_into_resource(self, card: int, sleeping: bool = True) -> None: ...

    def recover_life(self, player: int, count: int = 1) -> None: ...

    def no_damage(self, zx: int) -> None: ...

    def put_into_charge(self, card: int) -> None: ...
    def place(self, card: int, square: int, sleeping: bool = False) -> None: ...

    def swap(self, first: int, second: int) -> None: ...

    def remove_from_game(self, card: int) -> None: ...


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} is a whole number, not {value!r}")
    return value


class CoreContext:
    """The :class:`EffectContext` of a Z/X game: each method runs the instruction of the same meaning in the C++
    core (``State::run_effect``, the interpreter's own code) on the state being resolved. Valid only while its
    function runs: afterwards every method raises :class:`tcbg.EffectError`."""

    __slots__ = ("_handle", "targets", "source", "controller")

    def __init__(self, handle: Any, source: int, controller: int, targets: list[int]) -> None:
        self._handle = handle
        self.targets = targets
        self.source = source
        self.controller = controller

    @property
    def subject(self) -> int:
        return self._handle.subject

    def _run(self, op: Op, obj: Any, operand: Any = 0, what: str = "amount") -> None:
        self._handle.run(int(op), _whole(obj, "an object"), _whole(operand, what))

    def stat(self, obj: int, name: str) -> int:
        if name not in _STATS:
            raise ValueError(f"unknown stat {name!r} (stats: {', '.join(_STATS)})")
        return self._handle.stat(_whole(obj, "an object"), int(_STATS[name]))

    def zone(self, player: int, name: str) -> list[int]:
        if name not in _ZONES:
            raise ValueError(f"unknown zone {name!r} (zones: {', '.join(_ZONES)})")
        return self._handle.zone(_whole(player, "a player"), name)

    def zone_of(self, card: int) -> str:
        return self._handle.zone_of(_whole(card, "a card"))

    def board(self) -> list[int]:
        return self._handle.board()

    def deal_damage(self, zx: int, amount: int) -> None:
        self._run(Op.DAMAGE, zx, amount)

    def add_power(self, zx: int, amount: int) -> None:
        self._run(Op.POWER, zx, amount)

    def destroy(self, zx: int) -> None:
        self._run(Op.DESTROY, zx)

    def return_to_hand(self, card: int) -> None:
        self._run(Op.TO_HAND, card)

    def move(self, zx: int, square: int) -> None:
        self._run(Op.MOVE, zx, square, "a Square")

    def put_into_trash(self, card: int) -> None:
        self._run(Op.TO_TRASH, card)

    def draw(self, player: int, count: int = 1) -> None:
        self._run(Op.DRAW, player, count, "a count")

    def return_to_deck(self, card: int) -> None:
        self._run(Op.TO_DECK, card)

    def shuffle(self, player: int) -> None:
        self._run(Op.SHUFFLE, player)

    def top_to_charge(self, player: int, count: int = 1) -> None:
        self._run(Op.TOP_TO_CHARGE, player, count, "a count")

    def top_to_resource(self, player: int, sleeping: bool = True) -> None:
        self._run(Op.TOP_TO_RESOURCE, player, int(bool(sleeping)))

    def put_into_resource(self, card: int, sleeping: bool = True) -> None:
        self._run(Op.TO_RESOURCE, card, int(bool(sleeping)))

    def recover_life(self, player: int, count: int = 1) -> None:
        self._run(Op.RECOVER, player, count, "a count")

    def no_damage(self, zx: int) -> None:
        self._run(Op.NO_DAMAGE, zx)

    def put_into_charge(self, card: int) -> None:
        self._run(Op.TO_CHARGE, card)
    def place(self, card: int, square: int, sleeping: bool = False) -> None:
        self._handle.run(int(Op.PLACE), _whole(card, "an object"), _whole(square, "a Square"), int(bool(sleeping)))

    def swap(self, first: int, second: int) -> None:
        self._run(Op.SWAP, first, second, "an object")

    def remove_from_game(self, card: int) -> None:
        self._run(Op.REMOVE, card)


class SlowPath(shared.SlowPath):
    """The hook a Z/X game gives the core for its card set's Python effects (the shared hook, calling each function
    with a :class:`CoreContext`)."""

    context = CoreContext
    rule = "docs/zx/cards.md (the slow path)"
    returns_none = True
