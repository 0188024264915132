"""Definitions of the abilities of the B05 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import YOU, Chosen, ControllerOf
from tcbg.effects.values import Equals, StatOf
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import OPPONENT, ZX, Auto, Card, Cost, Event, Startup

_ANY_NS = ZX(normal_square=True)
_MENOTE_SLEPT = Chosen(ZX("yours", race="Mermaid"))
_MENOTE_ZX = Chosen(ZX("opponents", normal_square=True))

EFFECTS: dict = {
    # When this card appears, look at the top card of your deck; you may put it on the bottom of your deck.
    "B05-023": zx.ZXDefinition(Auto(Event.APPEARS, May(zx.PutOnBottom(zx.TopOfDeck())))),
    # When this card appears, you may Sleep 1 of your Mermaid Z/X on a Square (this card too); if you did, 1 of your
    # opponent's Z/X on a Normal Square into its owner's deck, which is shuffled.
    "B05-035": zx.ZXDefinition(Auto(Event.APPEARS, May(If(Equals(StatOf(_MENOTE_SLEPT, "sleeping"), 0), [
        zx.Sleep(_MENOTE_SLEPT), zx.ReturnToDeck(_MENOTE_ZX), zx.Shuffle(ControllerOf(_MENOTE_ZX))])))),
    # When this card appears, your opponent may pay [1]; if they did not, 1 Z/X on a Normal Square gets -2000 Power
    # until end of turn.
    "B05-041": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("any", 1), otherwise=zx.AddPower(Chosen(_ANY_NS), -2000),
                                                          payer=OPPONENT))),
    # When this card attacks, you may pay [White 2]; if you did, 1 Z/X on a Normal Square gets -5000 Power until end
    # of turn.
    "B05-050": zx.ZXDefinition(Auto(Event.ATTACKS, zx.Pay(("white", 2), zx.AddPower(Chosen(_ANY_NS), -5000)))),
    # 1 attacking Z/X of Cost 5 or more on a Normal Square goes to the bottom of its owner's deck.
    "B05-060": zx.EventDefinition(zx.PutOnBottom(Chosen(ZX(normal_square=True, attacking=True, cost_min=5)))),
    # When this card appears, you may put the top card of your deck into your Charge; if you did, your opponent picks
    # 1 of your Life cards (by position, face down) and it goes into your Charge.
    "B05-066": zx.ZXDefinition(Auto(Event.APPEARS, May(If(StatOf(YOU, "deck") >= 1, [
        zx.TopToCharge(1), zx.PutIntoCharge(Chosen(zx.LifeCard("yours"), chooser=OPPONENT))])))),
    # When this card appears, you may pay [Black 1]; if you did, the top card of your deck into your Charge.
    "B05-068": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("black", 1), zx.TopToCharge(1)))),
    # When this card appears, your opponent may pay [2]; if they did not, destroy 1 Z/X on a Normal Square.
    "B05-073": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("any", 2), otherwise=zx.Destroy(Chosen(_ANY_NS)),
                                                          payer=OPPONENT))),
    # Look at the top 5 cards of your deck; put any number of the Z/X of Cost 7 or more among them into your Trash; if
    # 2 or more, destroy 1 Z/X on a Normal Square (either player's); then shuffle the rest back into your deck.
    "B05-079": zx.EventDefinition(zx.LookAtTop(
        5, zx.PutIntoTrash(zx.Several(zx.Looked(type="zx", cost_min=7), 5, up_to=True)),
        If(zx.LookedTaken() >= 2, zx.Destroy(Chosen(_ANY_NS))), rest="shuffle")),
    # [Sleep this card]: Reboot 1 card in your Resource.
    "B05-084": zx.ZXDefinition(Startup(Cost(sleep=True), zx.Reboot(Chosen(Card("resource"))))),
    # From your Charge, [Green 2, this card from your Charge into your Trash]: look at the top 2 cards of your deck,
    # put 1 of them into your Resource Sleeping, the rest on the bottom of your deck.
    "B05-085": zx.ZXDefinition(Startup(Cost(colour=("green", 2), this_to_trash=True), zx.LookAtTop(
        2, zx.PutIntoResource(Chosen(zx.Looked()), sleeping=True), rest="bottom"), from_charge=True)),
    # When this card or another of your Lycanthrope Z/X appears, you may pay [Green 1]; if you did, 1 Z/X on a Normal
    # Square gets +5000 Power until end of turn.
    "B05-096": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("green", 1), zx.AddPower(Chosen(_ANY_NS), 5000)),
                                    subject=ZX("yours", race="Lycanthrope"))),
    # Look at the top 3 cards of your deck, put 1 of them into your Resource Sleeping, the rest into your Trash.
    "B05-098": zx.EventDefinition(zx.LookAtTop(3, zx.PutIntoResource(Chosen(zx.Looked()), sleeping=True),
                                               rest="trash")),
}
