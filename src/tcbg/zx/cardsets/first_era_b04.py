"""Definitions of the abilities of the B04 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import SELF, Chosen
from tcbg.effects.values import AtLeast, Count, Exists
from tcbg.zx.effects.language import (THIS, ZX, AddPower, Auto, Card, Continuous, DealDamage, Destroy, Draw, Event,
                                      Holds, PowerChange, PutIntoResource, PutIntoTrash, ReturnToDeck, ReturnToHand,
                                      Shuffle, ZXDefinition)

RESOURCE = Event.PUT_INTO_RESOURCE
YOUR_SEED = ZX("yours", evol_seed=True)  # "one of your Z/X with the Evol Seed icon"
_HAFNIUM_SEED = Chosen(Card("hand", evol_seed=True))
_VEGA_SEED = Chosen(Card("hand", evol_seed=True))
_URSUS_CARD = Chosen(Card("hand"))


def _seeds(zone: str, n: int):
    """"Your <zone> holds n or more cards with the Evol Seed icon"."""
    return AtLeast(Count(Card(zone, evol_seed=True)), n)


EFFECTS: dict = {
    # When a Z/X of yours with the Evol Seed icon appears: 5000 damage to one Z/X on a Normal Square.
    "B04-006": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ZX(normal_square=True)), 5000), subject=YOUR_SEED)),
    # +1000 while your Charge holds a card with the Evol Seed icon.
    "B04-022": ZXDefinition(Continuous(PowerChange(THIS, 1000), _seeds("charge", 1))),
    # Into your Resource, with Skeletal Dancer there: draw 2, then put 2 cards of your hand into your Trash.
    "B04-027": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B04-074"), [
        Draw(2), PutIntoTrash(Chosen(Card("hand"))), PutIntoTrash(Chosen(Card("hand")))]))),
    # On destroying by battle: may trash an Evol Seed card from hand; if so, a Z/X on a Normal Square to deck top.
    "B04-033": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, May(PutIntoTrash(_HAFNIUM_SEED), If(
        Exists(_HAFNIUM_SEED), ReturnToDeck(Chosen(ZX(normal_square=True))))))),
    # On appearing: may shuffle an Evol Seed card of your hand into your deck; if so, draw 2.
    "B04-035": ZXDefinition(Auto(Event.APPEARS, May(ReturnToDeck(_VEGA_SEED), If(Exists(_VEGA_SEED), [
        Shuffle(), Draw(2)])))),
    # +2000 while a Z/X of yours with the Evol Seed icon is on a Square.
    "B04-043": ZXDefinition(Continuous(PowerChange(THIS, 2000), AtLeast(Count(YOUR_SEED), 1))),
    # Into your Resource, with Polonium there: one white Event of Cost 3 or less from your Trash to your hand.
    "B04-049": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B04-034"), ReturnToHand(
        Chosen(Card("trash", type="event", colour="white", cost_max=3)))))),
    # When a Z/X of yours with the Evol Seed icon appears: up to one card of either Charge into its owner's Trash.
    "B04-051": ZXDefinition(Auto(Event.APPEARS, PutIntoTrash(Chosen(Card("charge", "any"), optional=True)),
                                 subject=YOUR_SEED)),
    # +1000 while your Trash holds 4 or more cards with the Evol Seed icon.
    "B04-064": ZXDefinition(Continuous(PowerChange(THIS, 1000), _seeds("trash", 4))),
    # When a Z/X of yours with the Evol Seed icon appears: destroy one of your opponent's Z/X on a Normal Square.
    "B04-067": ZXDefinition(Auto(Event.APPEARS, Destroy(Chosen(ZX("opponents", normal_square=True))),
                                 subject=YOUR_SEED)),
    # When one of your opponent's Z/X is destroyed: +2000 until end of turn.
    "B04-071": ZXDefinition(Auto(Event.DESTROYED, AddPower(SELF, 2000), subject=ZX("opponents"))),
    # +2000 while your Trash holds 4 or more cards with the Evol Seed icon.
    "B04-072": ZXDefinition(Continuous(PowerChange(THIS, 2000), _seeds("trash", 4))),
    # +1000 while your Resource holds 4 or more cards with the Evol Seed icon.
    "B04-083": ZXDefinition(Continuous(PowerChange(THIS, 1000), _seeds("resource", 4))),
    # Into your Resource, with Spark Launcher there: may put a hand card into it (Reboot); if so, one back to hand.
    "B04-090": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B04-015"), May(
        PutIntoResource(_URSUS_CARD, sleeping=False), If(Exists(_URSUS_CARD), ReturnToHand(
            Chosen(Card("resource")))))))),
    # When a Z/X of yours with the Evol Seed icon appears: one Z/X on a Square gets +4000 until end of turn.
    "B04-091": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(ZX()), 4000), subject=YOUR_SEED)),
    # Into your Resource, with Damavand there: may put an opponent's Z/X on a Normal Square into Resource, Sleeping.
    "B04-095": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B04-050"), May(PutIntoResource(
        Chosen(ZX("opponents", normal_square=True)), sleeping=True))))),
    # +5000 while your Trash holds 6 or more cards whose name contains "Fierte".
    "B04-103": ZXDefinition(Continuous(PowerChange(THIS, 5000),
                                       AtLeast(Count(Card("trash", name_contains="フィエリテ")), 6))),
}
