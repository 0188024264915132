"""Definitions of the abilities of the B01 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import SELF, Chosen
from tcbg.effects.values import AtLeast, Count
from tcbg.zx.effects.language import (THIS, ZX, AddPower, Auto, Card, Continuous, DealDamage, Destroy, Draw, Event,
                                      EventDefinition, HasName, MoveTo, PlayerCardIs, PowerChange, Square, ZXDefinition)


def _if_trash_of_every_colour(effect):
    """"If your Trash holds 6 or more cards of each colour": one If a colour (a condition each, few registers)."""
    for colour in ("green", "black", "white", "blue", "red"):
        effect = If(AtLeast(Count(Card("trash", colour=colour)), 6), effect)
    return effect


EFFECTS: dict = {
    # On appearing, if your Artemis is on a Square: 5000 damage to one of your opponent's Z/X on a Normal Square.
    "B01-001": ZXDefinition(Auto(Event.APPEARS, If(HasName("B01-006"), DealDamage(
        Chosen(ZX("opponents", normal_square=True)), 5000)))),
    # On appearing, if your Void is on a Square: draw a card.
    "B01-027": ZXDefinition(Auto(Event.APPEARS, If(HasName("B01-026"), Draw(1)))),
    # On appearing, if your Maine Coon is on a Square: one of your opponent's Z/X on a Normal Square gets -5000 EOT.
    "B01-047": ZXDefinition(Auto(Event.APPEARS, If(HasName("B01-045"), AddPower(
        Chosen(ZX("opponents", normal_square=True)), -5000)))),
    # At the end of a battle it attacked in, with Asuka as your Player card: may move onto your empty Player Square.
    "B01-056": ZXDefinition(Auto(Event.BATTLE_ENDS, If(
        PlayerCardIs("C01-001") & AtLeast(Count(Square(empty=True, player_square="yours")), 1),
        May(MoveTo(SELF, Chosen(Square(empty=True, player_square="yours"))))), turn="yours")),
    # On appearing, with your Miseria on a Square: destroy an opponent's Cost 3 or less Z/X on a Normal Square.
    "B01-069": ZXDefinition(Auto(Event.APPEARS, If(HasName("B01-066"), Destroy(
        Chosen(ZX("opponents", normal_square=True, cost_max=3)))))),
    # If your Resource holds a black card, destroy one Z/X on a Normal Square.
    "B01-080": EventDefinition(If(AtLeast(Count(Card("resource", colour="black")), 1),
                                  Destroy(Chosen(ZX(normal_square=True))))),
    # +2000 while your Were-Lion is on a Square.
    "B01-085": ZXDefinition(Continuous(PowerChange(THIS, 2000), HasName("B01-089"))),
    # On appearing, with 6+ cards of every colour in your Trash: 10000 damage to an opponent's Z/X on any Square.
    "B01-101": ZXDefinition(Auto(Event.APPEARS, _if_trash_of_every_colour(DealDamage(Chosen(ZX("opponents")), 10000)))),
}
