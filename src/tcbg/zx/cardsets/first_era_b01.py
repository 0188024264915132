"""Definitions of the abilities of the B01 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import SELF, Chosen
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import OPPONENT, ZX, Auto, Card, ChargeLimit, Continuous, Cost, Event, Player, Startup

_ANY_RESOURCE = Card("resource", whose="any")  # "cards in a Resource", no owner named (rules.md Z15.140)


def _player_card(*numbers: str):
    """"If your Player card is X": each printing of the name is a card of its own (rules.md Z12.12)."""
    cond = zx.PlayerCardIs(numbers[0])
    for number in numbers[1:]:
        cond = cond | zx.PlayerCardIs(number)
    return cond


EFFECTS: dict = {
    # [Red 4]: if your Player card is Kurosaki Mikado, Reboot 1 Z/X on a Square other than this card.
    "B01-012": zx.ZXDefinition(Startup(Cost(colour=("red", 4)), If(_player_card("B03-104", "E01-021"),
                                                                  zx.Reboot(Chosen(ZX(other=True)))))),
    # When this card appears, Sleep 1 card in either player's Resource.
    "B01-049": zx.ZXDefinition(Auto(Event.APPEARS, zx.Sleep(Chosen(_ANY_RESOURCE)))),
    # When this card appears, you may put 1 card of your hand into your Charge.
    "B01-065": zx.ZXDefinition(Auto(Event.APPEARS, May(zx.PutIntoCharge(Chosen(Card("hand")))))),
    # [3 of your Charge cards into your Trash]: if your Player card is Kamiyugi Ayase, Reboot this card.
    "B01-070": zx.ZXDefinition(Startup(Cost(charge=3), If(_player_card("B03-107", "B05-107", "C02-001", "E01-024"),
                                                         zx.Reboot(SELF)))),
    # When this card destroys an opponent's Z/X in battle, Reboot 2 cards in Resources (either player's).
    "B01-093": zx.ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, zx.Reboot(zx.Several(_ANY_RESOURCE, 2)))),
    # Your Charge has no limit. [7 of your Charge cards into your Trash]: 2 damage to your opponent.
    "B01-103": zx.ZXDefinition(Continuous(ChargeLimit(Player("yours"), unlimited=True)),
                               Startup(Cost(charge=7), zx.DamagePlayer(OPPONENT, 2))),
}
