"""Definitions of the abilities of the B03 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If
from tcbg.effects.refs import SELF, Chosen
from tcbg.effects.values import Count
from tcbg.zx.effects.language import (Auto, Card, Event, EventDefinition, EvolSeed, PlayToSquare, RemoveFromGame,
                                      ReturnToDeck, Shuffle, Square, ZXDefinition)

EFFECTS: dict = {
    # B03-020: a Brave Z/X of Cost 6 or less from your hand appears, Sleeping, on an empty Square (never your
    # opponent's Player Square).
    "B03-020": EventDefinition(PlayToSquare(Chosen(Card("hand", type="zx", race="Brave", cost_max=6)),
                                            Chosen(Square(empty=True)), sleeping=True)),
    # B03-056: Evol Seed: this card is removed from the game; then up to three cards of your Trash go into your deck,
    # which is shuffled.
    "B03-056": ZXDefinition(EvolSeed(
        RemoveFromGame(SELF), ReturnToDeck(Chosen(Card("trash"), optional=True)),
        ReturnToDeck(Chosen(Card("trash"), optional=True)), ReturnToDeck(Chosen(Card("trash"), optional=True)),
        Shuffle())),
    # B03-102: when this card appears, with 13 or more Z/X of Cost 7 or more in your Trash, up to three Z/X of Cost 7
    # or less from your Trash appear, in Reboot, on empty Normal Squares, one after the other.
    "B03-102": ZXDefinition(Auto(Event.APPEARS, If(Count(Card("trash", type="zx", cost_min=7)) >= 13, PlayToSquare(
        Chosen(Card("trash", type="zx", cost_max=7), optional=True), Chosen(Square(empty=True, normal=True)),
        up_to=3)))),
}
