"""The Z/X effect language (docs/zx/cards.md): card abilities written as Python objects that read like the card's
text. What every game shares comes from :mod:`tcbg.effects` (references ``SELF``, ``YOU``, ``Chosen``, ``Each``;
values ``Count``, ``StatOf``; conditions; ``If``, ``May``; ``Triggered``, ``Continuous``, ``When``); this module
adds Z/X's filters, effects, kinds of ability and card definitions.

"When this card appears, deal 5000 damage to one of your opponent's Z/X on a Normal Square" (C01-008):

>>> from tcbg.effects.refs import Chosen
>>> augustus = ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ZX("opponents", normal_square=True)), 5000)))
>>> augustus.abilities()[0].when
When(APPEARS, SELF, 'any')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tcbg.effects.actions import UNTIL_END_OF_TURN, Effect, PythonEffect, Repeat
from tcbg.effects.kinds import Ability, Continuous, Definition, Triggered, When, flatten
from tcbg.effects.refs import SELF, YOU, ContextRef, Filter, Ref, positional_repr
from tcbg.effects.values import AtLeast, Condition, Count, Equals, StatOf, Value
from tcbg.zx.effects.native import ZONES, Ctx, Event, Kind

OPPONENT = ContextRef(Ctx.OPPONENT, "OPPONENT", Kind.PLAYER)
"""The controller's opponent."""
EVENT_CAUSE = ContextRef(Ctx.EVENT_CAUSE, "EVENT_CAUSE", Kind.CARD)
"""In an ``Auto``'s ``at_event`` condition: the card whose ability destroys the Z/X (none: a rule, a battle;
rules.md Z15.186)."""


# -- filters ---------------------------------------------------------------------------------------------------

def _filter_repr(self: Any) -> str:
    parts = []
    for f in dataclasses.fields(self):
        value = getattr(self, f.name)
        if value != f.default:
            parts.append(repr(value) if f.name == "whose" else f"{f.name}={value!r}")
    return f"{type(self).__name__}({', '.join(parts)})"


@dataclass(frozen=True, eq=False)
class ZX(Filter):
    """Z/X on Squares: ``whose`` (``any``, ``yours``, ``opponents``: of the effect's controller), on a Normal or a
    Player Square, Cost and Power bounds (Power as it is now), race, in battle, attacking (``True``; or what it
    attacks: ``Player("yours")`` "attacking you", ``ZX(player_square=True)`` "attacking a Z/X on a Player Square"),
    attacked, in its controller's Army Area (``army_area=True``; ``"yours"``: the effect's controller's, "in your
    Army Area"), other than this card (``other``), this card only (``this``), the highest Power among
    those matching, odd Cost; ``either`` a
    second filter a Z/X may match instead ("... or a card on a Player Square"). The first era's: ``name`` (a card
    number, Japanese or English name: every card of that name, "your 「X」"), ``not_name`` (resolved as ``name``:
    every card of another name, "other than 「X」"), ``name_contains`` (every name
    containing the text), ``colour`` (a colour or a tuple of colours, one of them at least), ``evol_seed`` and
    ``ignition`` (the icon), ``damaged`` (damage on it), ``appeared_this_turn`` (and on the Squares since),
    ``adjacent_to`` (a ZX or Square filter: on a Square adjacent
    to a Square it matches or to the Square of a Z/X it matches, ``adjacent_to=THIS``), ``mark`` (on a Square bearing that mark:
    ``"double_circle"``, ``"triangle"``, rules.md Z15.220)."""

    whose: str = "any"
    normal_square: bool = False
    player_square: bool = False
    cost_max: int | None = None
    cost_min: int | None = None
    power_max: int | None = None
    power_min: int | None = None
    race: str | None = None
    in_battle: bool = False
    not_in_battle: bool = False
    attacking: bool | Filter = False
    attacked: bool = False
    army_area: bool | str = False
    other: bool = False
    highest_power: bool = False
    odd_cost: bool = False
    this: bool = False
    either: Filter | None = None
    name: str | None = None
    not_name: str | None = None
    name_contains: str | tuple[str, ...] | None = None
    colour: str | tuple[str, ...] | None = None
    evol_seed: bool = False
    ignition: bool = False
    damaged: bool = False
    appeared_this_turn: bool = False
    adjacent_to: Filter | None = None
    mark: str | None = None
    kind = Kind.ZX
    __repr__ = _filter_repr

    def __or__(self, other: Filter) -> ZX:
        return dataclasses.replace(self, either=other)


THIS = ZX(this=True)
"""The filter of the source itself (a continuous ability changing only its own Power)."""


@dataclass(frozen=True, eq=False)
class Card(Filter):
    """Cards in a zone (``hand``, ``trash``, ``deck``, ``charge``, ``resource``, ``life``, ``removed``) of a player:
    type (``zx``, ``event``), Cost bounds, race; as ``ZX``'s: ``name``, ``not_name``, ``name_contains``, ``colour``,
    ``evol_seed``, ``ignition`` (the printed icon)."""

    zone: str
    whose: str = "yours"
    type: str | None = None
    cost_max: int | None = None
    cost_min: int | None = None
    race: str | None = None
    name: str | None = None
    not_name: str | None = None
    name_contains: str | tuple[str, ...] | None = None
    colour: str | tuple[str, ...] | None = None
    evol_seed: bool = False
    ignition: bool = False
    kind = Kind.CARD
    __repr__ = _filter_repr


@dataclass(frozen=True, eq=False)
class RemovedByThis(Filter):
    """The cards of ``cards`` (a ``Card("removed", ...)`` filter) that this card's own ability removed from the game
    while it has stayed on its Square since ("the Events removed by this card's ability", rules.md Z15.131)."""

    cards: Filter
    kind = Kind.CARD
    __repr__ = _filter_repr


@dataclass(frozen=True, eq=False)
class Remembered(Filter):
    """The cards this card's ``Remember`` remembered that are still where it put them (docs/zx/cards.md "At the end
    of the turn"; rules.md Z15.320): what its ``AtTurnEnd`` acts on, ``Each(Remembered())``."""

    kind = Kind.CARD
    __repr__ = _filter_repr


@dataclass(frozen=True, eq=False)
class Player(Filter):
    """Players: ``yours`` (the effect's controller), ``opponents`` or ``any``."""

    whose: str = "yours"
    kind = Kind.PLAYER
    __repr__ = _filter_repr


@dataclass(frozen=True, eq=False)
class Square(Filter):
    """Squares: empty, Normal, adjacent to a Z/X (a reference, chosen before; or a ``ZX(...)`` filter, ``THIS``:
    next to the Square of a Z/X it matches), not the Player Square of that Z/X's
    opponent (``not_enemy_player_square``); ``player_square`` (``yours``, ``opponents``, ``any``: that player's
    Player Square, either) and ``not_player_square`` (any Square but it), seen from the effect's controller; ``mark``
    (a Square bearing that mark: ``"double_circle"``, ``"triangle"``, rules.md Z15.220)."""

    empty: bool = False
    normal: bool = False
    adjacent_to: Ref | Filter | None = None
    not_enemy_player_square: bool = False
    player_square: str | None = None
    not_player_square: str | None = None
    mark: str | None = None
    kind = Kind.SQUARE
    __repr__ = _filter_repr


@dataclass(frozen=True, eq=False)
class Looked(Filter):
    """The cards a ``LookAtTop`` is looking at: those of the looked deck still on its top (docs/zx/cards.md
    "Payments, states and the deck"), of a type, Cost bounds, race."""

    type: str | None = None
    cost_max: int | None = None
    cost_min: int | None = None
    race: str | None = None
    kind = Kind.CARD
    __repr__ = _filter_repr


@dataclass(frozen=True, eq=False)
class LifeCard(Filter):
    """A face-down Life card of one player (``yours`` or ``opponents``), chosen by its position from the top as
    damage's pick is (CR 909): the chooser sees positions, not cards."""

    whose: str = "yours"
    kind = Kind.CARD
    __repr__ = _filter_repr


@dataclass(frozen=True, eq=False, repr=False)
class Several(Ref):
    """"Choose N (up to N) <filter> and <effect> them": the effect happens to each of ``count`` different objects,
    chosen one at a time by ``chooser`` (each object once; ``up_to``: the chooser may stop, choosing nothing)."""

    filter: Filter
    count: int
    up_to: bool = False
    chooser: Ref = YOU

    def __repr__(self) -> str:
        return f"Several({self.filter!r}, {self.count}{', up_to=True' if self.up_to else ''})"

    @property
    def kind(self) -> Any:  # type: ignore[override]
        return self.filter.kind


@dataclass(frozen=True, eq=False, repr=False)
class WithinTotal(Ref):
    """"Choose any number of <filter> whose Costs total ``total`` or less and <effect> them" (B01-035): one optional
    choice after another by ``chooser``, each among the objects whose Cost fits in what is left of the total, the
    effect done to each as it is chosen (an effect that takes it away: returned, destroyed, put elsewhere), until the
    chooser passes or nothing fits (rules.md Z15.187)."""

    filter: Filter
    total: int
    chooser: Ref = YOU

    def __repr__(self) -> str:
        return f"WithinTotal({self.filter!r}, {self.total})"

    @property
    def kind(self) -> Any:  # type: ignore[override]
        return self.filter.kind


@dataclass(frozen=True, eq=False, repr=False)
class TopOfDeck(Ref):
    """The card on top of a player's deck (none when it is empty)."""

    player: Ref = YOU
    kind = Kind.CARD

    def __repr__(self) -> str:
        return f"TopOfDeck({self.player!r})"
@dataclass(frozen=True, eq=False, repr=False)
class Distinct(Value):
    """How many different names (``of="names"``: every printing of a name one), races (``of="races"``) or colours
    (``of="colours"``) the cards matching the filter have ("cards with 25 or more different names in your Trash",
    B02-102; "the number of different colours among the cards in your Resource", B05-016)."""

    filter: Filter
    of: str = "names"

    def __repr__(self) -> str:
        return f"Distinct({self.filter!r}, {self.of!r})"


def HasName(name: str, whose: str = "yours") -> Condition:
    """"If your 「name」 is on a Square": a Z/X of that name (any printing) of ``whose`` on a Square."""
    return AtLeast(Count(ZX(whose, name=name)), 1)


def Holds(zone: str, name: str, whose: str = "yours") -> Condition:
    """"If your <zone> holds 「name」": a card of that name (any printing) in the zone."""
    return AtLeast(Count(Card(zone, whose, name=name)), 1)


# -- effects ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class OneOf(Effect):
    """"Choose one: <first> or <second>" (B05-019: "choose the double-circle or the triangle mark"): the chooser
    answers the yes / no decision ``effect-may``, yes for ``first``, no (``pass``) for ``second``."""

    first: tuple[Any, ...]
    second: tuple[Any, ...]
    chooser: Ref = YOU

    def __init__(self, first: Any, second: Any, chooser: Ref = YOU) -> None:
        object.__setattr__(self, "first", flatten((first,)))
        object.__setattr__(self, "second", flatten((second,)))
        object.__setattr__(self, "chooser", chooser)

    def __repr__(self) -> str:
        return f"OneOf({list(self.first)!r}, {list(self.second)!r})"


@dataclass(frozen=True, eq=False)
class DealDamage(Effect):
    """Damage to a Z/X (CR 208): destroyed once its damage reaches its Power (a rule effect, CR 904)."""

    target: Ref
    amount: Any


@dataclass(frozen=True, eq=False)
class DivideDamage(Effect):
    """"Choose up to ``up_to`` (``"any"``: any number of) Z/X of ``filter`` and deal ``total`` damage in total,
    divided among them as you choose" (B02-015; rules.md Z15.300 - Z15.303): the chooser gives the damage out 1000 at
    a time (decision ``effect-divide``), each 1000 to the Z/X that had the last or to a Z/X on a later Square, or
    passes: the rest goes to the Z/X that had the last 1000 (none yet: nothing is dealt). Each chosen Z/X is dealt
    its share as one damage."""

    filter: Filter
    total: Any
    up_to: Any = 2
    chooser: Ref = YOU


@dataclass(frozen=True, eq=False)
class AddPower(Effect):
    """Power plus (or minus) an amount until end of turn."""

    target: Ref
    amount: Any
    duration: str = UNTIL_END_OF_TURN


@dataclass(frozen=True, eq=False)
class AddCost(Effect):
    """A Z/X on a Square gets ``amount`` more Cost (less, negative) until end of turn (B05-002; rules.md
    Z15.340)."""

    target: Ref
    amount: Any
    duration: str = UNTIL_END_OF_TURN


@dataclass(frozen=True, eq=False)
class Destroy(Effect):
    target: Ref


@dataclass(frozen=True, eq=False)
class ReturnToHand(Effect):
    """Into its owner's hand: a Z/X from its Square, a card from Trash."""

    target: Ref


@dataclass(frozen=True, eq=False)
class MoveTo(Effect):
    """A Z/X to another Square (an empty one), keeping its Reboot or Sleep state (rulings B01-031, B01-056)."""

    target: Ref
    square: Ref


@dataclass(frozen=True, eq=False)
class PlayToSquare(Effect):
    """"It appears on a Square": a Z/X card (``card``: from the hand, Trash, Charge, Resource or deck) put onto a
    Square by the effect, in Reboot or ``sleeping``, with its "when this card appears" abilities (rules.md Z15.120).
    Only a Square legal for that card is offered or taken: empty, never its owner's opponent's Player Square.
    ``up_to``: "choose up to N ... they appear" (N placements one at a time, the chooser stopping when they pass;
    ``"any"``: any number), with ``card`` a ``Chosen(..., optional=True)``."""

    card: Ref
    square: Ref
    sleeping: bool = False
    up_to: Any = 1


@dataclass(frozen=True, eq=False)
class SwapZX(Effect):
    """Two Z/X exchange Squares, each keeping its Reboot or Sleep state, damage and changes (rules.md Z15.122);
    the second choice never offers the first."""

    first: Ref
    second: Ref


@dataclass(frozen=True, eq=False)
class RemoveFromGame(Effect):
    """The card is removed from the game (rules.md Z15.127): into its owner's removed zone (``Card("removed")``),
    public, from which nothing in the first era brings it back."""

    target: Ref


@dataclass(frozen=True, eq=False)
class PutIntoTrash(Effect):
    target: Ref


@dataclass(frozen=True, eq=False)
class Draw(Effect):
    count: Any = 1
    player: Ref = YOU


@dataclass(frozen=True, eq=False)
class ReturnToDeck(Effect):
    """A card onto the top of its owner's deck (a shuffle usually follows)."""

    target: Ref


@dataclass(frozen=True, eq=False)
class Shuffle(Effect):
    player: Ref = YOU


@dataclass(frozen=True, eq=False)
class TopToCharge(Effect):
    count: Any = 1
    player: Ref = YOU


@dataclass(frozen=True, eq=False)
class TopToResource(Effect):
    player: Ref = YOU
    sleeping: bool = True


@dataclass(frozen=True, eq=False)
class PutIntoResource(Effect):
    target: Ref
    sleeping: bool = True


@dataclass(frozen=True, eq=False)
class RecoverLife(Effect):
    """The top cards of the deck into Life (CR 1012.1)."""

    count: Any = 1
    player: Ref = YOU


@dataclass(frozen=True, eq=False)
class NoDamage(Effect):
    """The Z/X deals no damage until end of turn."""

    target: Ref


@dataclass(frozen=True, eq=False)
class NoBattleDamage(Effect):
    """"The attacking Z/X deals no damage in battle until the end of the battle" (B02-051): the attacker of the
    battle now, nothing for another Z/X (rules.md Z15.345)."""

    target: Ref


@dataclass(frozen=True, eq=False)
class Sleep(Effect):
    """A Z/X on a Square or a Resource card Sleeps (nothing happens to one already Sleeping)."""

    target: Ref


@dataclass(frozen=True, eq=False)
class Reboot(Effect):
    """A Z/X on a Square or a Resource card is Rebooted (rulings B01-012, B01-070: a Z/X that attacked may attack
    again)."""

    target: Ref


@dataclass(frozen=True, eq=False)
class DamagePlayer(Effect):
    """``count`` damage to a player (CR 909): processed one at a time at the next priority preprocessing, as battle
    damage is (the opponent picks a Life card; an Ignition card may be played)."""

    player: Ref
    count: Any = 1


@dataclass(frozen=True, eq=False)
class Mill(Effect):
    """The top ``count`` cards of a player's deck into their Trash, one at a time (each an Evol Seed's trigger; an
    emptied deck is rebuilt before the next card, rules.md Z12.14)."""

    count: Any = 1
    player: Ref = YOU


@dataclass(frozen=True, eq=False)
class PutOnBottom(Effect):
    """A card onto the bottom of its owner's deck."""

    target: Ref


@dataclass(frozen=True, eq=False)
class PutIntoCharge(Effect):
    """A card into its owner's Charge (not a destruction; an Event's own "then put this card into your Charge",
    B03-080, which then does not go to the Trash)."""

    target: Ref


@dataclass(frozen=True, eq=False)
class PutIntoLife(Effect):
    """A card face down onto the top of its owner's Life."""

    target: Ref


@dataclass(frozen=True, eq=False)
class Pay(Effect):
    """"<payer> may pay [colour n]; if they did, <then>; if they did not, <otherwise>": offered only when the payer
    can pay (else it is not paid), a yes / no, then the Resource cards Slept one at a time as a card's Cost (one at
    least of the colour, rules.md 7.1; ``"any"``: Colourless)."""

    cost: tuple[str, int]
    then: tuple[Any, ...]
    otherwise: tuple[Any, ...] = ()
    payer: Ref = YOU

    def __init__(self, cost: tuple[str, int], *then: Any, otherwise: Any = (), payer: Ref = YOU) -> None:
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "then", flatten(then))
        object.__setattr__(self, "otherwise", flatten(otherwise if isinstance(otherwise, (list, tuple))
                                                      else (otherwise,)))
        object.__setattr__(self, "payer", payer)

    def __repr__(self) -> str:
        return f"Pay({self.cost!r}, {', '.join(map(repr, self.then))})"


@dataclass(frozen=True, eq=False)
class LookAtTop(Effect):
    """"Look at the top ``count`` cards of your deck, <effects>; then put the rest <rest>": the effects act on
    ``Looked(...)`` cards (those still on top), ``rest`` is ``"top"`` (they stay, in the order ``Reorder()`` gave),
    ``"bottom"``, ``"trash"`` (each an Evol Seed's trigger) or ``"shuffle"`` (the deck is shuffled)."""

    count: int
    effects: tuple[Any, ...]
    rest: str = "top"
    player: Ref = YOU

    def __init__(self, count: int, *effects: Any, rest: str = "top", player: Ref = YOU) -> None:
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "effects", flatten(effects))
        object.__setattr__(self, "rest", rest)
        object.__setattr__(self, "player", player)

    def __repr__(self) -> str:
        return f"LookAtTop({self.count}, {', '.join(map(repr, self.effects))}, rest={self.rest!r})"


@dataclass(frozen=True, eq=False, repr=False)
class Kept(Value):
    """A value read once, where ``Keep(kept)`` stands, and the same number wherever it is used after ("as many cards
    as were returned": ``RETURNED = Kept(ResourceSize(YOU))``, ``Keep(RETURNED)`` before they go, then
    ``Repeat(RETURNED, ...)``, B05-103)."""

    value: Any

    def __repr__(self) -> str:
        return f"Kept({self.value!r})"


@dataclass(frozen=True, eq=False)
class Keep(Effect):
    """Reads a ``Kept`` value now, for the effects after it in the same ability."""

    kept: Kept


@dataclass(frozen=True, eq=False)
class LookedTaken(Value):
    """Inside a ``LookAtTop``: how many of the looked cards its effects have taken out of the deck so far ("if you
    put 2 or more there")."""


@dataclass(frozen=True, eq=False)
class Reorder(Effect):
    """Inside a ``LookAtTop``: the looked cards put back on top in the order the controller chooses, from the
    lowest up (each choice is the card to lie under the ones not yet placed)."""


@dataclass(frozen=True, eq=False)
class PowerChange(Effect):
    """The effect of a continuous ability: the Z/X matching ``subject`` (``THIS``: the card itself) get ``amount``
    Power while the card is on a Square (and its condition holds)."""

    subject: Filter
    amount: Any


@dataclass(frozen=True, eq=False)
class ChargeLimit(Effect):
    """The effect of a continuous ability on the Charge limit (CR 906.1) of the players matching ``players``:
    ``change`` added to it ("your opponent's Charge limit -2", B03-051), or ``unlimited`` ("your Charge has no
    limit", B01-103)."""

    players: Filter
    change: Any = 0
    unlimited: bool = False


@dataclass(frozen=True, eq=False)
class CostChange(Effect):
    """"The Cost of <cards> is reduced by N" (a ``Continuous`` ability, rules.md Z15.224): ``cards`` a ``Card`` or
    ``ZX`` filter, or a tuple of them (any of them: "in your hand and in your Trash"), ``amount`` what is added (-1:
    reduced by 1), ``floor`` "not to 0 or less" (never below 1, unless printed lower)."""

    cards: Any
    amount: Any
    floor: bool = True
    __repr__ = positional_repr


@dataclass(frozen=True, eq=False)
class DamageChange(Effect):
    """The effect of a continuous ability: each damage the cards matching ``source`` deal (a ``ZX`` filter: Z/X on
    Squares; a ``Card("any", ...)`` filter: cards anywhere, an Event resolving or a Z/X attacking) to a Z/X matching
    ``target`` is ``amount`` more, while the card is on a Square (rules.md Z15.183)."""

    source: Filter
    target: Filter
    amount: Any


@dataclass(frozen=True, eq=False)
class PreventDamage(Effect):
    """The effect of a continuous ability: this card, on a Square, is not dealt any single damage of ``at_most`` or
    less, the damage as continuous abilities changed it (B04-056; a Power decrease is not damage)."""

    at_most: Any


@dataclass(frozen=True, eq=False)
class ColourChange(Effect):
    """The effect of a continuous ability of the card itself: "this card is all colours while it is in your Resource
    or your Trash" (B05-009): while the card is in one of ``zones`` (``"resource"``, ``"trash"``, ``"hand"``,
    ``"charge"``, ``"deck"``, ``"life"``, ``"removed"``) and the condition holds, its colours are ``colour`` (a
    colour, a tuple of them, or ``"all"``), for payments and colour filters alike (rules.md Z15.342)."""

    zones: tuple[str, ...]
    colour: str | tuple[str, ...] = "all"


@dataclass(frozen=True, eq=False, repr=False)
class SquareWhereDestroyed(Ref):
    """"The Square where this card was": in an ``Auto`` of ``Event.DESTROYED``, the Square the destroyed Z/X stood
    on as it was destroyed (rules.md Z15.347; the event's amount is 1 + that Square)."""

    kind = Kind.SQUARE

    def __repr__(self) -> str:
        return "DESTROYED_SQUARE"


DESTROYED_SQUARE = SquareWhereDestroyed()


@dataclass(frozen=True, eq=False, repr=False)
class OnPlayerSquare(Ref):
    """The Z/X on a player's Player Square (none when it is empty): "the Z/X on your Player Square"."""

    player: Ref = YOU
    kind = Kind.ZX

    def __repr__(self) -> str:
        return f"OnPlayerSquare({self.player!r})"


@dataclass(frozen=True, eq=False)
class PlayFrom(Effect):
    """The effect of a continuous ability: its controller may play the cards matching ``cards`` (a ``Card`` filter
    of the Resource, Trash, Charge or removed zone; ``colour``: of that colour) from where they are, at the timings of
    a card of the hand, paying their Cost with other Resource cards, or ``free`` (without paying it), while the card
    is on a Square (rules.md Z15.130)."""

    cards: Filter
    colour: str | None = None
    free: bool = False


@dataclass(frozen=True, eq=False)
class AddPlayerDamage(Effect):
    """"Until end of turn the damage this card deals to your opponent is increased by N" (B05-015): the damage the
    Z/X deals to its owner's opponent, by its attack or its own ability, is ``amount`` more while it stays on its
    Square this turn (rules.md Z15.324)."""

    target: Ref
    amount: Any
    duration: str = UNTIL_END_OF_TURN


@dataclass(frozen=True, eq=False)
class Remember(Effect):
    """The effects, and the cards they put somewhere remembered by this card: each card a ``PlayToSquare`` among
    them puts onto a Square, or a ``PutIntoResource`` puts into the Resource ("..., at the end of the turn, <do> the
    card(s) put there by this ability"). The card's ``AtTurnEnd`` ability acts on them (rules.md Z15.320)."""

    effects: tuple[Any, ...]

    def __init__(self, *effects: Any) -> None:
        object.__setattr__(self, "effects", flatten(effects))

    def __repr__(self) -> str:
        return f"Remember({', '.join(map(repr, self.effects))})"


@dataclass(frozen=True, eq=False)
class GainKeyword(Effect):
    """A Z/X gains a keyword (``"range-2"``, ``"range-infinity"``, ``"isolate"``) until end of turn (B03-012)."""

    target: Ref
    keyword: str
    duration: str = UNTIL_END_OF_TURN


@dataclass(frozen=True, eq=False)
class Freeze(Effect):
    """"It does not Reboot during its owner's next Reboot Phase" (B02-059; rules.md Z15.162)."""

    target: Ref


@dataclass(frozen=True, eq=False)
class HasKeyword(Effect):
    """The effect of a continuous ability: the Z/X matching ``subject`` (``THIS``: the card itself) have the keyword
    (``"range-2"``, ``"range-infinity"``, ``"isolate"``) while the card is on a Square and its condition holds."""

    subject: Filter
    keyword: str


@dataclass(frozen=True, eq=False)
class Restriction(Effect):
    """The effect of a continuous ability: what the rules then forbid. ``"appear_on_player_square"``: this card
    cannot appear on a Player Square (wherever it is: played, put by an effect); ``"be_dealt_damage"``: the players of
    ``subject`` (``Player("yours")``) are not dealt damage; ``"attack"``: the Z/X of ``subject`` cannot attack; the
    last two while the card is on a Square."""

    what: str
    subject: Filter | None = None


@dataclass(frozen=True, eq=False)
class Grant(Effect):
    """The effect of a continuous ability: each Z/X matching ``subject`` has ``ability`` (an ``Auto`` of its own
    events, a ``Startup`` used from its Square, a ``ReplaceDestroy``) while the card is on a Square and its condition
    holds; inside it ``SELF`` is the Z/X that has it ("this card" of the granted text)."""

    subject: Filter
    ability: Ability


# -- conditions ------------------------------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class PlayerCardIs(Condition):
    """"While (if) your Player card is <name>": the name, English name or number of a Player card."""

    name: str
    player: Ref = YOU
    __repr__ = positional_repr


def InIgnitionPhase() -> Condition:
    """The turn is in its Ignition phase (rulings B02-001, B02-022: a card played from Life on damage in the Main
    phase is not)."""
    from tcbg.effects.values import ContextValue

    return Equals(ContextValue(Ctx.IGNITION_PHASE, "IGNITION_PHASE"), 1)


def AppearedFrom(zone: str) -> Condition:
    """In an ``Auto(Event.APPEARS, ...)``'s ``at_event``: the Z/X came from that zone (``"hand"``: "when this card
    appears from your hand", played or put onto its Square by an effect; rules.md Z15.323)."""
    from tcbg.effects.errors import fail
    from tcbg.effects.values import ContextValue

    if zone not in ZONES or zone in ("any", "resolving", "removed"):
        fail(f"AppearedFrom: a zone a Z/X appears from (hand, deck, trash, charge, resource, life), not {zone!r}",
             "ZC21")
    return Equals(ContextValue(Ctx.EVENT_FROM, "EVENT_FROM"), ZONES[zone])


def YourTurn() -> Condition:
    """It is the turn of the ability's controller ("can be used only during your turn")."""
    from tcbg.effects.values import ContextValue

    return Equals(ContextValue(Ctx.ACTIVE_PLAYER, "ACTIVE_PLAYER"), ContextValue(Ctx.CONTROLLER, "CONTROLLER"))


def HandSize(player: Ref = YOU) -> Any:
    return StatOf(player, "hand")


def LifeOf(player: Ref = YOU) -> Any:
    return StatOf(player, "life")


def ResourceSize(player: Ref = YOU) -> Any:
    return StatOf(player, "resource")


# -- kinds of ability --------------------------------------------------------------------------------------------

class AutoAbility(Triggered):
    """A Z/X automatic ability; ``at_event``: a condition the event must meet, read as it happens (rules.md Z15.185:
    "when this card destroys by battle a Z/X of Cost 3 or less on a Normal Square" reads the destroyed Z/X on its
    Square, ``EVENT_SUBJECT``), where the effects' ``If`` reads the position when the ability resolves."""

    at_event: Condition | None

    def __init__(self, when: When, *effects: Any, at_event: Condition | None = None, **kw: Any) -> None:
        super().__init__(when, *effects, **kw)
        object.__setattr__(self, "at_event", at_event)


def Auto(event: Event, *effects: Any, subject: Any = SELF, turn: str = "any",
         at_event: Condition | None = None) -> Triggered:
    """An automatic ability: "When this card <event>, ..."; ``turn`` ``yours`` for "at the end of your turn";
    ``at_event``: what the event must be, read as it happens (:class:`AutoAbility`)."""
    if at_event is None:
        return Triggered(When(event, subject, turn), *effects)
    return AutoAbility(When(event, subject, turn), *effects, at_event=at_event)


def EvolSeed(*effects: Any) -> Triggered:
    """Evol Seed: when this card is put from the deck into Trash (sources.md 1.3), the effects."""
    return Triggered(When(Event.EVOL_SEED, SELF), *effects, zone="trash")


@dataclass(frozen=True, eq=False)
class IgnitionIcon(Ability):
    """"Has the Ignition icon while <condition>" (C01-013)."""

    condition: Condition
    __repr__ = positional_repr


@dataclass(frozen=True, eq=False)
class Cost:
    """A startup ability's cost: ``colour`` (a colour and how many Resource cards to Sleep, one at least of that
    colour, as a card's Cost), ``charge`` (cards put from your Charge into your Trash), ``discard`` (cards of your
    hand put into your Trash), ``this_to_trash`` (this card from your Charge into your Trash), ``sleep`` (Sleep this
    card), ``destroy`` (destroy this card); ``trash``: a ``Card`` filter of your hand or Charge, or a tuple of them, 1 card
    matching each put into your Trash ("[put 1 「X」 from your Charge into your Trash]", "[put 1 red and 1 blue card
    from your Charge ...]"), chosen first when the ability resolves; ``sleep_zx``: a ``ZX("yours", ...)`` filter, 1 of
    your Z/X in Reboot matching it Slept ("[Sleep 1 of your Hourai Z/X other than this card]"), chosen after the hand
    cards (rules.md Z15.221); ``sleep_zx_count``: how many such Z/X, 1 to 16, chosen one at a time ("[Sleep 5 of your
    Metal Fortress Z/X on Squares]", rules.md Z15.355)."""

    colour: tuple[str, int] | None = None
    charge: int = 0
    discard: int = 0
    this_to_trash: bool = False
    sleep: bool = False
    destroy: bool = False
    trash: Filter | tuple[Filter, ...] = ()
    sleep_zx: Filter | None = None
    sleep_zx_count: int = 1
    __repr__ = _filter_repr


@dataclass(frozen=True, eq=False)
class Startup(Ability):
    """A startup ability: ``[cost]: effects``, used with priority; ``from_charge`` while the card is in your Charge
    (else on a Square); ``zone``: ``"hand"`` or ``"resource"``, "usable only while this card is in your hand
    (Resource)"; ``condition``: when it may be used ("only while you have no cards in hand"); ``once_per_turn``:
    "this ability can be used only once per turn" (of this card, while it stays on its Square)."""

    cost: Cost
    effects: tuple[Any, ...]
    from_charge: bool = False
    condition: Condition | None = None
    zone: str = "square"
    once_per_turn: bool = False

    def __init__(self, cost: Cost, *effects: Any, from_charge: bool = False, condition: Condition | None = None,
                 zone: str = "square", once_per_turn: bool = False):
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "effects", flatten(effects))
        object.__setattr__(self, "from_charge", from_charge)
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "once_per_turn", once_per_turn)

    def __repr__(self) -> str:
        return f"Startup({self.cost!r}, {', '.join(map(repr, self.effects))})"


@dataclass(frozen=True, eq=False)
class AtTurnEnd(Ability):
    """"At the end of the turn, <effects>" of the cards this card's ``Remember`` put somewhere: at the end of each
    turn in which some are still where they were put, the effects wait once, as an automatic ability of this card
    (``Each(Remembered())``: those cards); one a card (rules.md Z15.320 - Z15.322)."""

    effects: tuple[Any, ...]

    def __init__(self, *effects: Any) -> None:
        object.__setattr__(self, "effects", flatten(effects))

    def __repr__(self) -> str:
        return f"AtTurnEnd({', '.join(map(repr, self.effects))})"


@dataclass(frozen=True, eq=False)
class FromResource(Continuous):
    """A continuous ability that works while its card is in its owner's Resource, not on a Square ("CONT (works
    from the Resource)", B04-073): a ``CostChange`` (rules.md Z15.321)."""


@dataclass(frozen=True, eq=False)
class PlayCondition(Ability):
    """"This card can be played only while <condition>" (a Z/X's; an Event's is ``EventDefinition(...,
    play_condition=...)``): read when the card would be played, from any zone, its Cost paid or not (rules.md
    Z15.225)."""

    condition: Condition
    __repr__ = positional_repr


@dataclass(frozen=True, eq=False)
class ReplaceDestroy(Ability):
    """"When this card would be destroyed, it goes into your Resource (sleeping) instead of your Charge";
    ``to="hand"``: "return it to your hand instead" (B05-030; not a draw)."""

    sleeping: bool = True
    to: str = "resource"
    __repr__ = positional_repr


# -- definitions -----------------------------------------------------------------------------------------------

class ZXDefinition(Definition):
    """The abilities of a Z/X card, in the order of its text."""

    card_type = "Z/X"

    def __init__(self, *parts: Ability) -> None:
        self.parts = tuple(parts)

    def __repr__(self) -> str:
        return f"ZXDefinition({', '.join(map(repr, self.parts))})"


class EventDefinition(Definition):
    """An Event's ability: its effects, resolved top to bottom; ``play_condition``: "this card can be played only
    while ..." (rules.md Z15.225); ``evol_seed``: the Event's own Evol Seed ability (an ``EvolSeed(...)``: when the
    Event is put from the deck into the Trash, B04-040)."""

    card_type = "Event"

    def __init__(self, *effects: Any, play_condition: Condition | None = None,
                 evol_seed: Triggered | None = None) -> None:
        self.effects = flatten(effects)
        self.play_condition = play_condition
        self.evol_seed = evol_seed
        self.parts = () if evol_seed is None else (evol_seed,)

    def __repr__(self) -> str:
        seed = "" if self.evol_seed is None else f", evol_seed={self.evol_seed!r}"
        return f"EventDefinition({', '.join(map(repr, self.effects))}{seed})"


__all__ = [
    "PlayCondition", "CostChange", "OneOf", "YourTurn", "OPPONENT", "EVENT_CAUSE", "SELF", "YOU", "ZX", "THIS", "Card",
    "Square", "DealDamage", "DivideDamage", "AddPower", "Destroy", "ReturnToHand",
    "MoveTo", "PutIntoTrash", "Draw", "ReturnToDeck", "Shuffle", "TopToCharge", "TopToResource", "PutIntoResource",
    "RecoverLife", "NoDamage", "Sleep", "Reboot", "DamagePlayer", "Mill", "PutOnBottom", "PutIntoCharge",
    "PutIntoLife", "Pay", "LookAtTop", "Reorder", "Looked", "LookedTaken", "LifeCard", "Several", "TopOfDeck",
    "PowerChange", "ChargeLimit", "Player", "PlayerCardIs", "InIgnitionPhase", "HandSize", "LifeOf",
    "ResourceSize", "Auto", "EvolSeed", "IgnitionIcon", "Cost", "Startup", "ReplaceDestroy", "ZXDefinition",
    "EventDefinition", "Continuous", "Event", "Sequence", "PythonEffect", "Distinct", "HasName", "Holds",
    "PlayToSquare", "SwapZX", "RemoveFromGame", "Repeat", "PlayFrom", "RemovedByThis", "GainKeyword", "Freeze",
    "HasKeyword", "Restriction", "Grant", "DamageChange", "PreventDamage", "OnPlayerSquare", "WithinTotal", "Kept",
    "Keep", "Remember", "Remembered", "AtTurnEnd", "FromResource", "AppearedFrom", "AddPlayerDamage",
    "Keep", "AddCost", "NoBattleDamage", "ColourChange", "SquareWhereDestroyed", "DESTROYED_SQUARE",
]
