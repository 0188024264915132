"""Definitions of the abilities of the B02 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import SELF, YOU, Chosen
from tcbg.effects.values import Exists
from tcbg.zx.effects.language import (OPPONENT, ZX, AddPower, Auto, Card, Cost, DealDamage, Draw, Event,
                                      EventDefinition, InIgnitionPhase, MoveTo, PlayerCardIs, PutIntoTrash,
                                      ResourceSize, ReturnToDeck, ReturnToHand, Shuffle, Square, Startup, ZXDefinition)

# "one of your opponent's Z/X on a Normal Square", with a Cost bound where the text gives one
_OPP_NS = ZX("opponents", normal_square=True)
_OPP_NS_COST4 = ZX("opponents", normal_square=True, cost_max=4)
_OPP_NS_COST3 = ZX("opponents", normal_square=True, cost_max=3)
# A choice named twice in one ability is one choice: the Z/X moved, then a Square next to it (B02-031); the Z/X
# returned to its deck, then whether one was (B02-036).
_ALLURING_ZX = Chosen(_OPP_NS)
_LAWRENCIUM_ZX = Chosen(_OPP_NS)

EFFECTS = {
    # Appearing in the Ignition Phase: 5000 damage to one of your opponent's Z/X on a Normal Square.
    "B02-001": ZXDefinition(Auto(Event.APPEARS, If(InIgnitionPhase(), DealDamage(Chosen(_OPP_NS), 5000)))),
    # From your Charge: [Red 1, this card from Charge into Trash] one attacking Z/X gets +3000 until end of turn.
    "B02-005": ZXDefinition(Startup(Cost(("red", 1), this_to_trash=True), AddPower(Chosen(ZX(attacking=True)), 3000),
                                    from_charge=True)),
    # When it attacks, with 6 or fewer cards in your Resource: +2000 until end of turn.
    "B02-007": ZXDefinition(Auto(Event.ATTACKS, If(ResourceSize(YOU) <= 6, AddPower(SELF, 2000)))),
    # Appearing in the Ignition Phase: an opponent's Z/X of Cost 4 or less on a Normal Square back to its hand.
    "B02-022": ZXDefinition(Auto(Event.APPEARS, If(InIgnitionPhase(), ReturnToHand(Chosen(_OPP_NS_COST4))))),
    # From your Charge: [Blue 2, this card from Charge into Trash] an opponent's Z/X of Cost 4 or less on a Normal
    # Square back to its hand.
    "B02-026": ZXDefinition(Startup(Cost(("blue", 2), this_to_trash=True), ReturnToHand(Chosen(_OPP_NS_COST4)),
                                    from_charge=True)),
    # Destroying a Z/X in battle: draw a card, then put a card of your hand into your Trash.
    "B02-030": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, Draw(1), PutIntoTrash(Chosen(Card("hand"))))),
    # On appearing, you may move an opponent's Z/X on a Normal Square to an empty Normal Square next to it.
    "B02-031": ZXDefinition(Auto(Event.APPEARS, May(
        MoveTo(_ALLURING_ZX, Chosen(Square(empty=True, normal=True, adjacent_to=_ALLURING_ZX)))))),
    # On appearing, you may return a Z/X of Cost 3 or less on a Normal Square, anyone's, to its owner's hand.
    "B02-032": ZXDefinition(Auto(Event.APPEARS, May(ReturnToHand(Chosen(ZX(normal_square=True, cost_max=3)))))),
    # Destroying a Z/X in battle, with Ikusa Reia as your Player card: an opponent's Z/X on a Normal Square into its
    # owner's deck, which is shuffled (rules.md Z15.20: no Z/X to choose, no shuffle).
    "B02-036": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, If(
        PlayerCardIs("B04-105"), If(Exists(_LAWRENCIUM_ZX), [ReturnToDeck(_LAWRENCIUM_ZX), Shuffle(OPPONENT)])))),
    # One of your Z/X on a Square back to your hand.
    "B02-037": EventDefinition(ReturnToHand(Chosen(ZX("yours")))),
    # Up to two of your opponent's Z/X of Cost 3 or less on Normal Squares back to their owner's hand.
    "B02-038": EventDefinition(ReturnToHand(Chosen(_OPP_NS_COST3, optional=True)),
                               ReturnToHand(Chosen(_OPP_NS_COST3, optional=True))),
    # Draw two cards.
    "B02-039": EventDefinition(Draw(2)),
    # You may move one of your Z/X not in battle to an empty Normal Square; draw a card either way.
    "B02-040": EventDefinition(May(MoveTo(Chosen(ZX("yours", not_in_battle=True)),
                                          Chosen(Square(empty=True, normal=True)))), Draw(1)),
}
