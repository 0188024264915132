"""Definitions of the abilities of the B02 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If
from tcbg.effects.refs import EVENT_SUBJECT, Chosen, Each
from tcbg.effects.values import AtLeast
from tcbg.zx.effects.language import (OPPONENT, THIS, ZX, AddPower, Auto, Card, Continuous, DealDamage, Destroy,
                                      Distinct, Event, EventDefinition, HandSize, HasName, PowerChange, PutIntoTrash,
                                      ReturnToDeck, ReturnToHand, Shuffle, ZXDefinition)

EFFECTS: dict = {
    # When your Garuda attacks, it gets +2000 until end of turn.
    "B02-003": ZXDefinition(Auto(Event.ATTACKS, AddPower(EVENT_SUBJECT, 2000), subject=ZX("yours", name="B02-006"))),
    # When another Z/X of yours destroys one by battle: 3000 damage to an opponent's Z/X on a Normal Square.
    "B02-009": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, DealDamage(Chosen(ZX("opponents", normal_square=True)),
                                                                      3000), subject=ZX("yours", other=True))),
    # 5000 damage to one damaged Z/X on a Normal Square.
    "B02-017": EventDefinition(DealDamage(Chosen(ZX(normal_square=True, damaged=True)), 5000)),
    # 5000 damage to one Z/X on a Normal Square that appeared this turn.
    "B02-018": EventDefinition(DealDamage(Chosen(ZX(normal_square=True, appeared_this_turn=True)), 5000)),
    # When your Fermium destroys by battle: an opponent's Cost 5 or less Z/X on a Normal Square back to hand.
    "B02-033": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, ReturnToHand(
        Chosen(ZX("opponents", normal_square=True, cost_max=5))), subject=ZX("yours", name="B02-025"))),
    # Your Z/X on the Squares next to this card get +1000.
    "B02-041": ZXDefinition(Continuous(PowerChange(ZX("yours", adjacent_to=THIS), 1000))),
    # When attacked, if your Aconcagua is on a Square: the attacker gets -3000 until end of turn.
    "B02-046": ZXDefinition(Auto(Event.IS_ATTACKED, If(HasName("B02-050"), AddPower(EVENT_SUBJECT, -3000)))),
    # When your Torture Device (this too) destroys by battle: an opponent with 3+ hand cards discards one.
    "B02-074": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, If(AtLeast(HandSize(OPPONENT), 3), PutIntoTrash(
        Chosen(Card("hand", "opponents"), chooser=OPPONENT))), subject=ZX("yours", race="Torture Device"))),
    # Destroy one Cost 3 or less Z/X on a Normal Square that appeared this turn.
    "B02-077": EventDefinition(Destroy(Chosen(ZX(normal_square=True, cost_max=3, appeared_this_turn=True)))),
    # On appearing, with 25+ names in your Trash: the opponent's Z/X on Normal Squares into their deck, shuffled.
    "B02-102": ZXDefinition(Auto(Event.APPEARS, If(AtLeast(Distinct(Card("trash")), 25), [
        ReturnToDeck(Each(ZX("opponents", normal_square=True))), Shuffle(OPPONENT)]))),
}
