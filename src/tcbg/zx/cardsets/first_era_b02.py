"""Definitions of the abilities of the B02 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import Chosen
from tcbg.zx.effects.language import Auto, Card, Event, PlayerCardIs, PlayToSquare, Square, ZXDefinition

EFFECTS: dict = {
    # B02-096: when this card appears, if your Player card is Kenbuchi Soma, you may put a Z/X of Cost 6 or less from
    # your Resource onto an empty Normal Square, Sleeping (it appears there).
    "B02-096": ZXDefinition(Auto(Event.APPEARS, If(PlayerCardIs("B04-108") | PlayerCardIs("B04-110"), May(
        PlayToSquare(Chosen(Card("resource", type="zx", cost_max=6)), Chosen(Square(empty=True, normal=True)),
                     sleeping=True))))),
}
