"""Definitions of the abilities of the B03 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If
from tcbg.effects.refs import SELF, YOU
from tcbg.effects.values import Equals
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import OPPONENT, Auto, Card, Cost, Event, Startup

_ANY_RESOURCE = Card("resource", whose="any")  # "cards in a Resource", no owner named (rules.md Z15.140)

EFFECTS: dict = {
    # [Red 5]: Reboot this card.
    "B03-009": zx.ZXDefinition(Startup(Cost(colour=("red", 5)), zx.Reboot(SELF))),
    # [1 of your Charge cards into your Trash]: the top 2 cards of your deck into your Trash (used on a Square, as
    # the Japanese text reads).
    "B03-027": zx.ZXDefinition(Startup(Cost(charge=1), zx.Mill(2))),
    # Look at the top 5 cards of your deck and put them back on top in any order.
    "B03-039": zx.EventDefinition(zx.LookAtTop(5, zx.Reorder())),
    # If your Life is 1, put this card face down into your Life.
    "B03-059": zx.EventDefinition(If(Equals(zx.LifeOf(YOU), 1), zx.PutIntoLife(SELF))),
    # When this card appears, put up to 2 cards of your Trash into your Charge.
    "B03-076": zx.ZXDefinition(Auto(Event.APPEARS, zx.PutIntoCharge(zx.Several(Card("trash"), 2, up_to=True)))),
    # When this card destroys an opponent's Z/X in battle, Reboot 3 cards in Resources (either player's).
    "B03-096": zx.ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, zx.Reboot(zx.Several(_ANY_RESOURCE, 3)))),
    # Reboot up to 6 cards in Resources (either player's); then put this card into your Charge.
    "B03-100": zx.EventDefinition(zx.Reboot(zx.Several(_ANY_RESOURCE, 6, up_to=True)), zx.PutIntoCharge(SELF)),
    # When this card appears, if your Resource holds 20 or more cards, 1 damage to your opponent.
    "B03-103": zx.ZXDefinition(Auto(Event.APPEARS, If(zx.ResourceSize(YOU) >= 20, zx.DamagePlayer(OPPONENT, 1)))),
}
