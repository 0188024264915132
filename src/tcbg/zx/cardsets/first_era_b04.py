"""Definitions of the abilities of the B04 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If
from tcbg.effects.refs import YOU, Chosen, ControllerOf
from tcbg.effects.values import Count, Equals, StatOf
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import OPPONENT, ZX, Auto, Card, Cost, Event, EvolSeed, Startup

_ANY_RESOURCE = Card("resource", whose="any")  # "cards in a Resource", no owner named (rules.md Z15.140)
_SKINSHIP_SLEPT = Chosen(ZX("yours"))
_SHOCK_ZX = Chosen(ZX("opponents", normal_square=True))

EFFECTS: dict = {
    # Sleep 1 of your Z/X on a Square; if you did (it was Rebooted), Reboot 1 of your Z/X on a Square (rules.md
    # Z15.141).
    "B04-020": zx.EventDefinition(If(Equals(StatOf(_SKINSHIP_SLEPT, "sleeping"), 0),
                                     [zx.Sleep(_SKINSHIP_SLEPT), zx.Reboot(Chosen(ZX("yours")))])),
    # When this card appears, the top card of your deck into your Trash.
    "B04-021": zx.ZXDefinition(Auto(Event.APPEARS, zx.Mill(1))),
    # Evol Seed: you may pay [Blue 2]; if you did, 1 of your opponent's Z/X on a Normal Square into its owner's deck,
    # which is shuffled.
    "B04-029": zx.ZXDefinition(EvolSeed(zx.Pay(("blue", 2), zx.ReturnToDeck(_SHOCK_ZX),
                                               zx.Shuffle(ControllerOf(_SHOCK_ZX))))),
    # Evol Seed: you may pay [Blue 1]; if you did, draw 1 card.
    "B04-032": zx.ZXDefinition(EvolSeed(zx.Pay(("blue", 1), zx.Draw(1)))),
    # The top 3 cards of your deck into your Trash.
    "B04-037": zx.EventDefinition(zx.Mill(3)),
    # When this card appears, if you have 3 or more Angel Z/X on Squares, 1 Z/X of Cost 5 or less on a Normal Square
    # (either player's) goes to the bottom of its owner's deck.
    "B04-053": zx.ZXDefinition(Auto(Event.APPEARS, If(Count(ZX("yours", race="Angel")) >= 3, zx.PutOnBottom(
        Chosen(ZX(normal_square=True, cost_max=5)))))),
    # From your Charge, [White 1, this card from your Charge into your Trash]: Sleep up to 3 cards in Resources
    # (either player's).
    "B04-055": zx.ZXDefinition(Startup(Cost(colour=("white", 1), this_to_trash=True),
                                       zx.Sleep(zx.Several(_ANY_RESOURCE, 3, up_to=True)), from_charge=True)),
    # Put 1 card of your Trash into your Charge.
    "B04-077": zx.EventDefinition(zx.PutIntoCharge(Chosen(Card("trash")))),
    # When this card is destroyed in your opponent's turn, Reboot up to 2 cards in Resources (either player's).
    "B04-081": zx.ZXDefinition(Auto(Event.DESTROYED, zx.Reboot(zx.Several(_ANY_RESOURCE, 2, up_to=True)),
                                    turn="opponents")),
    # When this card appears, if you have 8 or more cards in hand, 1 damage to your opponent.
    "B04-102": zx.ZXDefinition(Auto(Event.APPEARS, If(zx.HandSize(YOU) >= 8, zx.DamagePlayer(OPPONENT, 1)))),
}
