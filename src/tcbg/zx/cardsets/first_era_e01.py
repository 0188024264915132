"""Definitions of the abilities of the E01 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import EVENT_SUBJECT, Chosen
from tcbg.effects.values import Count, Exists, Matches
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import (OPPONENT, THIS, ZX, Auto, Card, Continuous, Cost, DealDamage, Destroy, Draw,
                                      Event, PowerChange, PutIntoResource, PutIntoTrash, ReturnToHand, Startup,
                                      ZXDefinition)

ANY_NS = ZX(normal_square=True)  # "one Z/X (either player's) on a Normal Square"
# "You may choose ... and <do it>; if you did, ...": the same Chosen object in the deed and in its Exists is one choice.
_GUAN_YU_BRAVE = Chosen(Card("charge", race="Brave"))
_SAEVUM_DEMON = Chosen(ZX("yours", race="Demon", other=True))
_LUNATICUS_DEMON = Chosen(ZX("yours", race="Demon", other=True))


EFFECTS: dict = {
    # When this card or another Brave of yours appears, deal 2000 damage to one Z/X on a Normal Square, either
    # player's (this card is a Brave: one filter watches both).
    "E01-001": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ANY_NS), 2000), subject=ZX("yours", race="Brave"))),
    # [a card of your hand whose name has 「エレファント」 into your Trash]: 6000 damage to a Z/X on a Normal Square.
    "E01-003": ZXDefinition(Startup(Cost(trash=Card("hand", name_contains="エレファント")),
                                    DealDamage(Chosen(ANY_NS), 6000))),
    # When this card is attacked, you may put one Brave card of your Charge into your Trash; if you did, deal 5000
    # damage to the Z/X attacking it.
    "E01-004": ZXDefinition(Auto(Event.IS_ATTACKED, May(
        PutIntoTrash(_GUAN_YU_BRAVE), If(Exists(_GUAN_YU_BRAVE), DealDamage(EVENT_SUBJECT, 5000))))),
    # When this card attacks and damages an opponent's Z/X of Power 5000 or less without destroying it, return that
    # Z/X to its owner's hand (the starters' C03-005).
    "E01-005": ZXDefinition(Auto(Event.DAMAGES_IN_BATTLE, If(Matches(EVENT_SUBJECT, ZX("opponents", power_max=5000)),
                                                             ReturnToHand(EVENT_SUBJECT)))),
    # When this card appears, if your Charge holds a Battle Suit card, draw a card.
    "E01-006": ZXDefinition(Auto(Event.APPEARS, If(Count(Card("charge", race="Battle Suit")) >= 1, Draw(1)))),
    # When this card appears, if your Charge holds a Battle Suit card, you may return one Z/X of Cost 4 or less on a
    # Normal Square, either player's, to its owner's hand.
    "E01-007": ZXDefinition(Auto(Event.APPEARS, If(Count(Card("charge", race="Battle Suit")) >= 1, May(
        ReturnToHand(Chosen(ZX(normal_square=True, cost_max=4))))))),
    # +500 Power for each other Angel of yours on a Square (the starters' C01-011).
    "E01-009": ZXDefinition(Continuous(PowerChange(THIS, Count(ZX("yours", race="Angel", other=True)) * 500))),
    # Your opponent's Z/X on the Squares next to this card get -1000 (B05-116's twin).
    "E01-011": ZXDefinition(Continuous(PowerChange(ZX("opponents", adjacent_to=THIS), -1000))),
    # +500 Power for each other Angel of yours on a Square.
    "E01-012": ZXDefinition(Continuous(PowerChange(THIS, Count(ZX("yours", race="Angel", other=True)) * 500))),
    # When this card appears, you may destroy another Demon of yours on a Square; if you did, your opponent puts a
    # card of their hand, of their choice, into their Trash.
    "E01-014": ZXDefinition(Auto(Event.APPEARS, May(Destroy(_SAEVUM_DEMON), If(Exists(_SAEVUM_DEMON), PutIntoTrash(
        Chosen(Card("hand", whose="opponents"), chooser=OPPONENT)))))),
    # When this card appears, you may destroy another Demon of yours on a Square; if you did, destroy one Z/X of
    # Cost 4 or less on a Normal Square, either player's.
    "E01-015": ZXDefinition(Auto(Event.APPEARS, May(Destroy(_LUNATICUS_DEMON), If(Exists(_LUNATICUS_DEMON), Destroy(
        Chosen(ZX(normal_square=True, cost_max=4))))))),
    # [Put 3 cards of your Charge into your Trash]: destroy one Z/X on a Normal Square, either player's.
    "E01-016": ZXDefinition(Startup(Cost(charge=3), Destroy(Chosen(ANY_NS)))),
    # Your other Hourai on Squares get +1000 Power.
    "E01-018": ZXDefinition(Continuous(PowerChange(ZX("yours", race="Hourai", other=True), 1000))),
    # When this card appears, you may put one Hourai card of your Charge into your Resource, sleeping.
    "E01-019": ZXDefinition(Auto(Event.APPEARS, May(PutIntoResource(Chosen(Card("charge", race="Hourai")),
                                                                    sleeping=True)))),
    # When one of your Hourai (this card included) destroys an opponent's Z/X by battle, Reboot one card in a
    # Resource (either player's).
    "E01-020": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, zx.Reboot(Chosen(Card("resource", whose="any"))),
                                 subject=ZX("yours", race="Hourai"))),
}
