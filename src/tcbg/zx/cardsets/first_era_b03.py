"""Definitions of the abilities of the B03 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import SELF, YOU, Chosen, Each
from tcbg.effects.values import AtLeast, Count, Matches
from tcbg.zx.effects.language import (ZX, AddPower, Auto, Card, Cost, DealDamage, Destroy, Draw, Event, EventDefinition,
                                      EvolSeed, Holds, MoveTo, PutIntoCharge, ResourceSize, ReturnToHand, Square,
                                      Startup, TopToCharge, TopToResource, ZXDefinition)

RESOURCE = Event.PUT_INTO_RESOURCE

EFFECTS: dict = {
    # Into your Resource, with Shedar there: 3000 damage to each of your opponent's Z/X on a Normal Square.
    "B03-013": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-031"), DealDamage(
        Each(ZX("opponents", normal_square=True)), 3000)))),
    # Into your Resource, with Aura Unicorn there: 6000 damage to one Z/X on a Normal Square.
    "B03-015": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-047"), DealDamage(
        Chosen(ZX(normal_square=True)), 6000)))),
    # 2000 damage for each red card of your Resource to one Z/X on a Normal Square.
    "B03-019": EventDefinition(DealDamage(Chosen(ZX(normal_square=True)),
                                          Count(Card("resource", colour="red")) * 2000)),
    # Into your Resource, with Hanazuo there: one of your opponent's Z/X on a Normal Square back to its owner's hand.
    "B03-029": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-093"), ReturnToHand(
        Chosen(ZX("opponents", normal_square=True)))))),
    # Into your Resource, with Azi Dahaka there: draw a card.
    "B03-031": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-013"), Draw(1)))),
    # [Blue 1]: this card onto an empty Square other than your opponent's Player Square; not while in battle.
    "B03-037": ZXDefinition(Startup(Cost(("blue", 1)), MoveTo(SELF, Chosen(Square(empty=True,
                                                                                 not_player_square="opponents"))),
                                    condition=Matches(SELF, ZX(not_in_battle=True)))),
    # Into your Resource, with Cars there: one card of your Charge back to your hand.
    "B03-046": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-073"), ReturnToHand(Chosen(Card("charge")))))),
    # Into your Resource, with Richard I there: one Z/X on a Normal Square gets -5000 until end of turn.
    "B03-047": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-015"), AddPower(
        Chosen(ZX(normal_square=True)), -5000)))),
    # Evol Seed: one white Event of Cost 3 or less from your Trash back to your hand.
    "B03-054": ZXDefinition(EvolSeed(ReturnToHand(Chosen(Card("trash", type="event", colour="white", cost_max=3))))),
    # When your Predator destroys by battle: destroy an opponent's Cost 5 or less Z/X on a Normal Square.
    "B03-068": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, Destroy(
        Chosen(ZX("opponents", normal_square=True, cost_max=5))), subject=ZX("yours", race="Predator"))),
    # Into your Resource, with 5+ cards there and Great Hercules among them: the deck's top card into Charge.
    "B03-069": ZXDefinition(Auto(RESOURCE, If(AtLeast(ResourceSize(YOU), 5) & Holds("resource", "B03-092"),
                                              TopToCharge(1)))),
    # Into your Resource, with Illusion there: destroy one Cost 3 or less Z/X on a Normal Square.
    "B03-073": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-046"), Destroy(
        Chosen(ZX(normal_square=True, cost_max=3)))))),
    # Destroy one red, blue, white or green Z/X on a Normal Square; then this card goes into your Charge.
    "B03-080": EventDefinition(Destroy(Chosen(ZX(normal_square=True, colour=("red", "blue", "white", "green")))),
                               PutIntoCharge(SELF)),
    # Into your Resource, with 5+ cards there and Duel among them: may put the deck's top card into it, Sleeping.
    "B03-093": ZXDefinition(Auto(RESOURCE, If(AtLeast(ResourceSize(YOU), 5) & Holds("resource", "B03-029"),
                                              May(TopToResource(YOU, sleeping=True))))),
}
