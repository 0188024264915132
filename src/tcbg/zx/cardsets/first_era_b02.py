"""Definitions of the abilities of the B02 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If
from tcbg.effects.refs import Chosen
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import ZX, Auto, Card, Event

_ANY_RESOURCE = Card("resource", whose="any")  # "cards in Resources", no owner named (rules.md Z15.140)
_OPPONENT_NS = ZX("opponents", normal_square=True)

EFFECTS: dict = {
    # When this card appears, you may pay [Red 2]; if you did, 6000 damage to 1 of your opponent's Z/X on a Normal
    # Square.
    "B02-014": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("red", 2), zx.DealDamage(Chosen(_OPPONENT_NS), 6000)))),
    # Reboot 1 of your Z/X on a Square.
    "B02-019": zx.EventDefinition(zx.Reboot(Chosen(ZX("yours")))),
    # When this card appears, if your Player card is Yuzuriha Misaki, 1 of your opponent's Z/X of Cost 5 or more on a
    # Normal Square goes to the bottom of its owner's deck.
    "B02-056": zx.ZXDefinition(Auto(Event.APPEARS, If(
        zx.PlayerCardIs("B04-106") | zx.PlayerCardIs("B05-106") | zx.PlayerCardIs("B05-110"),
        zx.PutOnBottom(Chosen(ZX("opponents", normal_square=True, cost_min=5)))))),
    # Sleep 3 cards in Resources (either player's; Sleeping ones may be chosen).
    "B02-057": zx.EventDefinition(zx.Sleep(zx.Several(_ANY_RESOURCE, 3))),
    # When this card appears, you may pay [Black 2]; if you did, destroy 1 of your opponent's Z/X of Cost 4 or less
    # on a Normal Square.
    "B02-071": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("black", 2), zx.Destroy(Chosen(
        ZX("opponents", normal_square=True, cost_max=4)))))),
}
