"""Definitions of the abilities of the B04 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.refs import Chosen
from tcbg.zx.effects.language import Card, Cost, EventDefinition, EvolSeed, PlayToSquare, Square, Startup, ZXDefinition

EFFECTS: dict = {
    # B04-052: Evol Seed: a Z/X of Cost 6 or less from your Charge appears, Sleeping, on an empty Normal Square.
    "B04-052": ZXDefinition(EvolSeed(PlayToSquare(Chosen(Card("charge", type="zx", cost_max=6)),
                                                  Chosen(Square(empty=True, normal=True)), sleeping=True))),
    # B04-054: [White 3]: a Z/X of Cost 4 or less from your Charge appears, in Reboot, on an empty Square (never your
    # opponent's Player Square).
    "B04-054": ZXDefinition(Startup(Cost(("white", 3)), PlayToSquare(Chosen(Card("charge", type="zx", cost_max=4)),
                                                                      Chosen(Square(empty=True))))),
    # B04-100: a Z/X of Cost 6 or less from your Resource appears, in Reboot, on an empty Normal Square.
    "B04-100": EventDefinition(PlayToSquare(Chosen(Card("resource", type="zx", cost_max=6)),
                                            Chosen(Square(empty=True, normal=True)))),
}
