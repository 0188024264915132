"""Definitions of the abilities of the B05 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If
from tcbg.effects.refs import YOU, Chosen
from tcbg.effects.values import AtLeast, Count
from tcbg.zx.effects.language import (OPPONENT, THIS, ZX, Auto, Card, Continuous, DealDamage, Destroy, Draw, Event,
                                      EventDefinition, Holds, PlayerCardIs, PowerChange, PutIntoResource, PutIntoTrash,
                                      ResourceSize, ReturnToHand, TopToResource, ZXDefinition)

# "Any number of" a name's cards of your Trash: a deck holds at most 4 of one name (CR 401.2), so four choices,
# each of which may be none, are every number (rules.md Z15.101).
_SHUHOU = [ReturnToHand(Chosen(Card("trash", name="B01-020"), optional=True)) for _ in range(4)]

EFFECTS: dict = {
    # On appearing: 5000 damage to one damaged Z/X on a Normal Square.
    "B05-008": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ZX(normal_square=True, damaged=True)), 5000))),
    # On appearing, with Zenobia in your Charge and 9+ opposing Resource cards: trash one of those Resource cards.
    "B05-012": ZXDefinition(Auto(Event.APPEARS, If(Holds("charge", "B05-003") & AtLeast(ResourceSize(OPPONENT), 9),
                                                   PutIntoTrash(Chosen(Card("resource", "opponents")))))),
    # Any number of "Shuhou Hassha!" from your Trash back to your hand.
    "B05-018": EventDefinition(*_SHUHOU),
    # With Ikusa Leia as your Player card: draw a card for each Lawrencium in your Trash.
    "B05-038": EventDefinition(If(PlayerCardIs("B04-105"), Draw(Count(Card("trash", name="B02-036"))))),
    # With Asuka as your Player card: up to 2 red cards of your Charge back to your hand.
    "B05-058": EventDefinition(If(PlayerCardIs("C01-001"), [
        ReturnToHand(Chosen(Card("charge", colour="red"), optional=True)),
        ReturnToHand(Chosen(Card("charge", colour="red"), optional=True))])),
    # Destroy one Z/X on a Normal Square next to the Square of your Avaritia.
    "B05-078": EventDefinition(Destroy(Chosen(ZX(normal_square=True, adjacent_to=ZX("yours", name="B04-076"))))),
    # On appearing, with Henrude in your Charge: the top card of your deck into your Resource, sleeping.
    "B05-088": ZXDefinition(Auto(Event.APPEARS, If(Holds("charge", "B05-087"), TopToResource(YOU, sleeping=True)))),
    # With Barbarus in Resource: a Z/X on a NS into Resource, Sleeping; then with Saevum: opponent's hand card too.
    "B05-099": EventDefinition(
        If(Holds("resource", "B05-118"), PutIntoResource(Chosen(ZX(normal_square=True)), sleeping=True)),
        If(Holds("resource", "B05-117"), PutIntoResource(Chosen(Card("hand", "opponents"), chooser=OPPONENT),
                                                         sleeping=True))),
    # Your opponent's Z/X on the Squares next to this card get -1000.
    "B05-116": ZXDefinition(Continuous(PowerChange(ZX("opponents", adjacent_to=THIS), -1000))),
}
