"""Definitions of the abilities of the B04 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import SELF, Chosen
from tcbg.effects.values import Count, Exists, StatOf
from tcbg.zx.effects.language import (ZX, Card, Continuous, Cost, DealDamage, EventDefinition, EvolSeed, PlayFrom,
                                      PlayToSquare, RemoveFromGame, Repeat, Square, Startup, ZXDefinition)

_FLARE_FUEL = Chosen(Card("trash", whose="opponents", type="zx"))  # B04-018: the Z/X it removes

EFFECTS: dict = {
    # B04-016: Evol Seed: with 8 cards in your Trash, you may remove 8 of them from the game; then this card appears,
    # Sleeping, on an empty Square other than your opponent's Player Square (unless it was one of the 8).
    "B04-016": ZXDefinition(EvolSeed(If(Count(Card("trash")) >= 8, May(
        Repeat(8, RemoveFromGame(Chosen(Card("trash")))),
        PlayToSquare(SELF, Chosen(Square(empty=True)), sleeping=True))))),
    # B04-018: remove a Z/X of your opponent's Trash from the game; if you did, deal damage equal to its printed
    # Power to one of your opponent's Z/X on a Normal Square.
    "B04-018": EventDefinition(RemoveFromGame(_FLARE_FUEL), If(Exists(_FLARE_FUEL), DealDamage(
        Chosen(ZX("opponents", normal_square=True)), StatOf(_FLARE_FUEL, "power")))),
    # B04-052: Evol Seed: a Z/X of Cost 6 or less from your Charge appears, Sleeping, on an empty Normal Square.
    "B04-052": ZXDefinition(EvolSeed(PlayToSquare(Chosen(Card("charge", type="zx", cost_max=6)),
                                                  Chosen(Square(empty=True, normal=True)), sleeping=True))),
    # B04-054: [White 3]: a Z/X of Cost 4 or less from your Charge appears, in Reboot, on an empty Square (never your
    # opponent's Player Square).
    "B04-054": ZXDefinition(Startup(Cost(("white", 3)), PlayToSquare(Chosen(Card("charge", type="zx", cost_max=4)),
                                                                      Chosen(Square(empty=True))))),
    # B04-096: you may play your green cards from your Resource, paying their Cost with other Resource cards.
    "B04-096": ZXDefinition(Continuous(PlayFrom(Card("resource"), colour="green"))),
    # B04-100: a Z/X of Cost 6 or less from your Resource appears, in Reboot, on an empty Normal Square.
    "B04-100": EventDefinition(PlayToSquare(Chosen(Card("resource", type="zx", cost_max=6)),
                                            Chosen(Square(empty=True, normal=True)))),
}
