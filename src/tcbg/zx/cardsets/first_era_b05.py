"""Definitions of the abilities of the B05 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import Chosen
from tcbg.effects.values import Count
from tcbg.zx.effects.language import (ZX, Auto, Card, Continuous, Event, EventDefinition, PlayFrom, PlayToSquare,
                                      RemovedByThis, RemoveFromGame, Square, SwapZX, ZXDefinition)

EFFECTS: dict = {
    # B05-013: when this card appears, remove up to three cards of either player's Trash (any mix) from the game.
    "B05-013": ZXDefinition(Auto(Event.APPEARS, *(
        RemoveFromGame(Chosen(Card("trash", whose="any"), optional=True)) for _ in range(3)))),
    # B05-037: two Z/X on Normal Squares, not in battle, either player's, exchange Squares.
    "B05-037": EventDefinition(SwapZX(Chosen(ZX(normal_square=True, not_in_battle=True)),
                                      Chosen(ZX(normal_square=True, not_in_battle=True)))),
    # B05-055: when this card appears, any number of Cait Sith Z/X of Cost 3 or less from your Charge appear, in
    # Reboot, on empty Squares (never your opponent's Player Square), one after the other.
    "B05-055": ZXDefinition(Auto(Event.APPEARS, PlayToSquare(
        Chosen(Card("charge", type="zx", race="Cait Sith", cost_max=3), optional=True), Chosen(Square(empty=True)),
        up_to="any"))),
    # B05-101: when this card appears, with 10 or more Events in your Trash, you may remove one of them from the game;
    # you may play the Events this card's ability removed without paying their Cost while it stays on its Square.
    "B05-101": ZXDefinition(
        Auto(Event.APPEARS, If(Count(Card("trash", type="event")) >= 10,
                               May(RemoveFromGame(Chosen(Card("trash", type="event")))))),
        Continuous(PlayFrom(RemovedByThis(Card("removed", type="event")), free=True))),
}
