"""Definitions of the abilities of the B02 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import EVENT_SUBJECT, SELF, YOU, Chosen, Each
from tcbg.effects.values import EVENT_AMOUNT, AtLeast, Exists, Matches, StatOf
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import (OPPONENT, THIS, ZX, AddPower, Auto, Card, Continuous, Cost, DealDamage, Destroy,
                                      Distinct, Draw, Event, EventDefinition, HandSize, HasName, InIgnitionPhase,
                                      MoveTo, PlayToSquare, PlayerCardIs, PowerChange, PutIntoResource, PutIntoTrash,
                                      ResourceSize, ReturnToDeck, ReturnToHand, Shuffle, Square, Startup, TopToCharge,
                                      TopToResource, ZXDefinition)

# "one of your opponent's Z/X on a Normal Square", with a Cost bound where the text gives one
_OPP_NS = ZX("opponents", normal_square=True)
_OPP_NS_COST4 = ZX("opponents", normal_square=True, cost_max=4)
_OPP_NS_COST3 = ZX("opponents", normal_square=True, cost_max=3)
# A choice named twice in one ability is one choice: the Z/X moved, then a Square next to it (B02-031); the Z/X
# returned to its deck, then whether one was (B02-036).
_ALLURING_ZX = Chosen(_OPP_NS)
_LAWRENCIUM_ZX = Chosen(_OPP_NS)
_ANY_RESOURCE = Card("resource", whose="any")  # "cards in Resources", no owner named (rules.md Z15.140)
_OPPONENT_NS = ZX("opponents", normal_square=True)


def _if_zx_of_every_colour(effect):
    """B02-103: "if you have a red, a blue, a white, a black and a green Z/X on Squares": one If a colour (a
    condition each, few registers; no card of the era has two colours)."""
    for colour in ("green", "black", "white", "blue", "red"):
        effect = If(AtLeast(zx.Count(ZX("yours", colour=colour)), 1), effect)
    return effect


_REBELLION = Chosen(_OPP_NS)  # B02-059: the Z/X Slept is the one kept from Rebooting
# B02-101: its attack's single damage of 15000 or more to an opponent's Z/X on a Player Square, read as it is dealt
# (destroying it or not).
_LU_BU_HIT = AtLeast(EVENT_AMOUNT, 15000) & Matches(EVENT_SUBJECT, ZX("opponents", player_square=True))


EFFECTS: dict = {
    # Appearing in the Ignition Phase: 5000 damage to one of your opponent's Z/X on a Normal Square.
    "B02-001": ZXDefinition(Auto(Event.APPEARS, If(InIgnitionPhase(), DealDamage(Chosen(_OPP_NS), 5000)))),
    # When your Garuda attacks, it gets +2000 until end of turn.
    "B02-003": ZXDefinition(Auto(Event.ATTACKS, AddPower(EVENT_SUBJECT, 2000), subject=ZX("yours", name="B02-006"))),
    # From your Charge: [Red 1, this card from Charge into Trash] one attacking Z/X gets +3000 until end of turn.
    "B02-005": ZXDefinition(Startup(Cost(("red", 1), this_to_trash=True), AddPower(Chosen(ZX(attacking=True)), 3000),
                                    from_charge=True)),
    # When it attacks, with 6 or fewer cards in your Resource: +2000 until end of turn.
    "B02-007": ZXDefinition(Auto(Event.ATTACKS, If(ResourceSize(YOU) <= 6, AddPower(SELF, 2000)))),
    # When another Z/X of yours destroys one by battle: 3000 damage to an opponent's Z/X on a Normal Square.
    "B02-009": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, DealDamage(Chosen(ZX("opponents", normal_square=True)),
                                                                      3000), subject=ZX("yours", other=True))),
    # Each of your Artisan Z/X on Squares, this card too, has "[Sleep this card]: 3000 damage to one Z/X on a NS".
    "B02-010": zx.ZXDefinition(zx.Continuous(zx.Grant(ZX("yours", race="Artisan"), zx.Startup(
        Cost(sleep=True), zx.DealDamage(Chosen(ZX(normal_square=True)), 3000))))),
    # Each damage your Z/X on Squares whose name contains 「関羽」 or 「呂布」 deal to your opponent's Z/X is 4000 more.
    "B02-012": ZXDefinition(Continuous(zx.DamageChange(
        ZX("yours", name_contains="関羽") | ZX("yours", name_contains="呂布"), ZX("opponents"), 4000))),
    # When this card appears, you may pay [Red 2]; if you did, 6000 damage to 1 of your opponent's Z/X on a Normal
    # Square.
    "B02-014": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("red", 2), zx.DealDamage(Chosen(_OPPONENT_NS), 6000)))),
    # When this card appears, choose up to 2 of your opponent's Z/X on Normal Squares and deal them 6000 damage in
    # total, shared out between them as you like.
    "B02-015": ZXDefinition(Auto(Event.APPEARS, zx.DivideDamage(_OPPONENT_NS, 6000, up_to=2))),
    # When this card destroys by battle an opponent's Z/X of Cost 3 or less on a Normal Square (read as it is destroyed),
    # Reboot this card if your Player card is Kurashiki Sera.
    "B02-016": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, If(PlayerCardIs("B04-104"), zx.Reboot(SELF)),
                                 at_event=Matches(EVENT_SUBJECT, ZX("opponents", normal_square=True, cost_max=3)))),
    # 5000 damage to one damaged Z/X on a Normal Square.
    "B02-017": EventDefinition(DealDamage(Chosen(ZX(normal_square=True, damaged=True)), 5000)),
    # 5000 damage to one Z/X on a Normal Square that appeared this turn.
    "B02-018": EventDefinition(DealDamage(Chosen(ZX(normal_square=True, appeared_this_turn=True)), 5000)),
    # Reboot 1 of your Z/X on a Square.
    "B02-019": zx.EventDefinition(zx.Reboot(Chosen(ZX("yours")))),
    # Choose up to 2 of your opponent's Z/X on Normal Squares: 5000 damage to each (two different Z/X, ruling Q1).
    "B02-020": zx.EventDefinition(zx.DealDamage(zx.Several(ZX("opponents", normal_square=True), 2, up_to=True), 5000)),
    # Appearing in the Ignition Phase: an opponent's Z/X of Cost 4 or less on a Normal Square back to its hand.
    "B02-022": ZXDefinition(Auto(Event.APPEARS, If(InIgnitionPhase(), ReturnToHand(Chosen(_OPP_NS_COST4))))),
    # When this card is destroyed, you may choose a blue Z/X of Cost 3 or less in your hand: it appears, Sleeping, on
    # the Square this card was on, if that Square has no Z/X (rules.md Z15.347).
    "B02-024": ZXDefinition(Auto(Event.DESTROYED, If(Matches(zx.DESTROYED_SQUARE, Square(empty=True)), PlayToSquare(
        Chosen(Card("hand", type="zx", colour="blue", cost_max=3), optional=True), zx.DESTROYED_SQUARE,
        sleeping=True)))),
    # From your Charge: [Blue 2, this card from Charge into Trash] an opponent's Z/X of Cost 4 or less on a Normal
    # Square back to its hand.
    "B02-026": ZXDefinition(Startup(Cost(("blue", 2), this_to_trash=True), ReturnToHand(Chosen(_OPP_NS_COST4)),
                                    from_charge=True)),
    # When a Z/X (either player's) is put from a Square onto another Square, one Z/X on a Square of your choice gets
    # +4000 Power until end of turn.
    "B02-028": ZXDefinition(Auto(zx.Event.MOVED, AddPower(Chosen(ZX()), 4000), subject=ZX())),
    # Destroying a Z/X in battle: draw a card, then put a card of your hand into your Trash.
    "B02-030": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, Draw(1), PutIntoTrash(Chosen(Card("hand"))))),
    # On appearing, you may move an opponent's Z/X on a Normal Square to an empty Normal Square next to it.
    "B02-031": ZXDefinition(Auto(Event.APPEARS, May(
        MoveTo(_ALLURING_ZX, Chosen(Square(empty=True, normal=True, adjacent_to=_ALLURING_ZX)))))),
    # On appearing, you may return a Z/X of Cost 3 or less on a Normal Square, anyone's, to its owner's hand.
    "B02-032": ZXDefinition(Auto(Event.APPEARS, May(ReturnToHand(Chosen(ZX(normal_square=True, cost_max=3)))))),
    # When your Fermium destroys by battle: an opponent's Cost 5 or less Z/X on a Normal Square back to hand.
    "B02-033": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, ReturnToHand(
        Chosen(ZX("opponents", normal_square=True, cost_max=5))), subject=ZX("yours", name="B02-025"))),
    # When you play a blue Event, draw 1 card (after the Event has resolved).
    "B02-035": ZXDefinition(Auto(zx.Event.EVENT_PLAYED, Draw(1), subject=Card("resolving", colour="blue"))),
    # Destroying a Z/X in battle, with Ikusa Reia as your Player card: an opponent's Z/X on a Normal Square into its
    # owner's deck, which is shuffled (rules.md Z15.20: no Z/X to choose, no shuffle).
    "B02-036": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, If(
        PlayerCardIs("B04-105"), If(Exists(_LAWRENCIUM_ZX), [ReturnToDeck(_LAWRENCIUM_ZX), Shuffle(OPPONENT)])))),
    # One of your Z/X on a Square back to your hand.
    "B02-037": EventDefinition(ReturnToHand(Chosen(ZX("yours")))),
    # Up to two of your opponent's Z/X of Cost 3 or less on Normal Squares back to their owner's hand.
    "B02-038": EventDefinition(ReturnToHand(Chosen(_OPP_NS_COST3, optional=True)),
                               ReturnToHand(Chosen(_OPP_NS_COST3, optional=True))),
    # Draw two cards.
    "B02-039": EventDefinition(Draw(2)),
    # You may move one of your Z/X not in battle to an empty Normal Square; draw a card either way.
    "B02-040": EventDefinition(May(MoveTo(Chosen(ZX("yours", not_in_battle=True)),
                                          Chosen(Square(empty=True, normal=True)))), Draw(1)),
    # Your Z/X on the Squares next to this card get +1000.
    "B02-041": ZXDefinition(Continuous(PowerChange(ZX("yours", adjacent_to=THIS), 1000))),
    # When attacked, if your Aconcagua is on a Square: the attacker gets -3000 until end of turn.
    "B02-046": ZXDefinition(Auto(Event.IS_ATTACKED, If(HasName("B02-050"), AddPower(EVENT_SUBJECT, -3000)))),
    # From your Charge: [White 1, this card from Charge into Trash] one Z/X being attacked on a Square in your Army
    # Area gets +3000 until end of turn.
    "B02-047": ZXDefinition(Startup(Cost(("white", 1), this_to_trash=True),
                                    AddPower(Chosen(ZX(attacked=True, army_area="yours")), 3000), from_charge=True)),
    # When this card appears, you may pay [White 2]; if you did, a white Z/X of Cost 3 or less from your Charge
    # appears, in Reboot, on an empty Normal Square.
    "B02-049": ZXDefinition(Auto(Event.APPEARS, zx.Pay(("white", 2), PlayToSquare(
        Chosen(Card("charge", type="zx", colour="white", cost_max=3)), Chosen(Square(empty=True, normal=True)))))),
    # When one of your Cait Sith Z/X is attacked, your opponent may pay [Colourless 1]; unless they do, the attacker
    # deals no damage in this battle (each card of this one asks for its own payment, ruling B02-051 Q1).
    "B02-051": ZXDefinition(Auto(Event.IS_ATTACKED, zx.Pay(("any", 1), otherwise=zx.NoBattleDamage(EVENT_SUBJECT),
                                                           payer=OPPONENT), subject=ZX("yours", race="Cait Sith"))),
    # Destroying a Z/X in battle: an opponent's Z/X on a Normal Square gets -4000 until end of turn.
    "B02-053": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, AddPower(Chosen(_OPP_NS), -4000))),
    # Your Z/X in your Army Area get +1000.
    "B02-054": ZXDefinition(Continuous(PowerChange(ZX("yours", army_area=True), 1000))),
    # On appearing, an opponent's Z/X on a Normal Square gets -6000 until end of turn.
    "B02-055": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(_OPP_NS), -6000))),
    # When this card appears, if your Player card is Yuzuriha Misaki, 1 of your opponent's Z/X of Cost 5 or more on a
    # Normal Square goes to the bottom of its owner's deck.
    "B02-056": zx.ZXDefinition(Auto(Event.APPEARS, If(
        zx.PlayerCardIs("B04-106") | zx.PlayerCardIs("B05-106") | zx.PlayerCardIs("B05-110"),
        zx.PutOnBottom(Chosen(ZX("opponents", normal_square=True, cost_min=5)))))),
    # Sleep 3 cards in Resources (either player's; Sleeping ones may be chosen).
    "B02-057": zx.EventDefinition(zx.Sleep(zx.Several(_ANY_RESOURCE, 3))),
    # Destroy one Z/X of Cost 4 or less attacking you or a Z/X on a Player Square (rules.md Z15.200).
    "B02-058": EventDefinition(Destroy(Chosen(ZX(cost_max=4, attacking=zx.Player("yours"))
                                              | ZX(cost_max=4, attacking=ZX(player_square=True))))),
    # Sleep one of your opponent's Z/X on a NS; it stays Sleeping through your opponent's next Reboot Phase.
    "B02-059": zx.EventDefinition(zx.Sleep(_REBELLION), zx.Freeze(_REBELLION)),
    # A Z/X on a Normal Square, anyone's, gets -7000 until end of turn.
    "B02-060": EventDefinition(AddPower(Chosen(ZX(normal_square=True)), -7000)),
    # Appearing in the Ignition Phase: destroy an opponent's Z/X of Cost 4 or less on a Normal Square.
    "B02-062": ZXDefinition(Auto(Event.APPEARS, If(InIgnitionPhase(), Destroy(Chosen(_OPP_NS_COST4))))),
    # Its attack damages an opponent's Z/X of Cost 4 or less: destroy that Z/X (rules.md Z15.21).
    "B02-064": ZXDefinition(Auto(Event.DAMAGES_IN_BATTLE, If(Matches(EVENT_SUBJECT, ZX("opponents", cost_max=4)),
                                                             Destroy(EVENT_SUBJECT)))),
    # From your Charge: [Black 2, this card from Charge into Trash] a Z/X of your Trash into your hand.
    "B02-066": ZXDefinition(Startup(Cost(("black", 2), this_to_trash=True),
                                    ReturnToHand(Chosen(Card("trash", type="zx"))), from_charge=True)),
    # When destroyed: the top card of your deck into your Charge.
    "B02-069": ZXDefinition(Auto(Event.DESTROYED, TopToCharge(1))),
    # [Sleep this card]: a Z/X of Cost 2 or less of your Trash into your hand.
    "B02-070": ZXDefinition(Startup(Cost(sleep=True), ReturnToHand(Chosen(Card("trash", type="zx", cost_max=2))))),
    # When this card appears, you may pay [Black 2]; if you did, destroy 1 of your opponent's Z/X of Cost 4 or less
    # on a Normal Square.
    "B02-071": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("black", 2), zx.Destroy(Chosen(
        ZX("opponents", normal_square=True, cost_max=4)))))),
    # +3000 while your Trash holds 20 or more cards.
    "B02-072": ZXDefinition(Continuous(PowerChange(THIS, 3000), StatOf(YOU, "trash") >= 20)),
    # When your Torture Device (this too) destroys by battle: an opponent with 3+ hand cards discards one.
    "B02-074": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, If(AtLeast(HandSize(OPPONENT), 3), PutIntoTrash(
        Chosen(Card("hand", "opponents"), chooser=OPPONENT))), subject=ZX("yours", race="Torture Device"))),
    # [4 of your Charge cards into your Trash]: if your Player card is Tennouji Yamato, a Z/X of Cost 7 or less of
    # your Trash, not one named Demon of Dusk, Crepus, appears, in Reboot, on an empty Normal Square.
    "B02-075": ZXDefinition(Startup(Cost(charge=4), If(PlayerCardIs("B04-107"), PlayToSquare(
        Chosen(Card("trash", type="zx", cost_max=7, not_name="B02-075")), Chosen(Square(empty=True, normal=True)))))),
    # When this card appears, you may choose a Skeletal Knight in your Trash: it appears, in Reboot, on an empty
    # Normal Square next to this card's Square.
    "B02-076": ZXDefinition(Auto(Event.APPEARS, PlayToSquare(Chosen(Card("trash", type="zx", name="B02-067"),
                                                                    optional=True),
                                                             Chosen(Square(empty=True, normal=True,
                                                                           adjacent_to=THIS))))),
    # Destroy one Cost 3 or less Z/X on a Normal Square that appeared this turn.
    "B02-077": EventDefinition(Destroy(Chosen(ZX(normal_square=True, cost_max=3, appeared_this_turn=True)))),
    # Destroy the opponent's Z/X of the highest Power on a Normal Square (ties: your choice, rules.md Z12.13).
    "B02-078": EventDefinition(Destroy(Chosen(ZX("opponents", normal_square=True, highest_power=True)))),
    # The top two cards of your deck into your Charge.
    "B02-079": EventDefinition(TopToCharge(2)),
    # Destroy up to two of your opponent's Z/X of Cost 3 or less on Normal Squares.
    "B02-080": EventDefinition(Destroy(Chosen(_OPP_NS_COST3, optional=True)),
                               Destroy(Chosen(_OPP_NS_COST3, optional=True))),
    # Appearing in the Ignition Phase: you may put a card of your hand into your Resource, sleeping.
    "B02-083": ZXDefinition(Auto(Event.APPEARS, If(InIgnitionPhase(),
                                                   May(PutIntoResource(Chosen(Card("hand")), sleeping=True))))),
    # From your Charge: [Green 1, this card from Charge into Trash] a Z/X on a Square, anyone's, gets +2000 until
    # end of turn.
    "B02-085": ZXDefinition(Startup(Cost(("green", 1), this_to_trash=True), AddPower(Chosen(ZX()), 2000),
                                    from_charge=True)),
    # [Sleep 1 of your other Hourai Z/X on a Square]: this card gets +3000 Power until end of turn; your turn only.
    "B02-087": ZXDefinition(Startup(Cost(sleep_zx=ZX("yours", race="Hourai", other=True)), AddPower(SELF, 3000),
                                    condition=zx.YourTurn())),
    # While your Resource holds 9 or more cards, your Flower-insect Z/X (this one too) get +2000.
    "B02-088": ZXDefinition(Continuous(PowerChange(ZX("yours", race="Flower-insect"), 2000),
                                       ResourceSize(YOU) >= 9)),
    # +3000 while your Resource holds 9 or more cards (continuous, as its reprint C04-019: rules.md Z15.22).
    "B02-090": ZXDefinition(Continuous(PowerChange(THIS, 3000), ResourceSize(YOU) >= 9)),
    # Destroying a Z/X in battle: you may put a card of your hand into your Resource, sleeping.
    "B02-091": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, May(PutIntoResource(Chosen(Card("hand")), sleeping=True)))),
    # This card gets +1000 Power for every 2 cards in your Resource.
    "B02-092": ZXDefinition(Continuous(PowerChange(THIS, ResourceSize(YOU) // 2 * 1000))),
    # When this card appears, if your Were-Rabbit is on a Square, Reboot 2 cards in Resources (either player's).
    "B02-093": ZXDefinition(Auto(Event.APPEARS, If(HasName("B02-082"), zx.Reboot(zx.Several(_ANY_RESOURCE, 2))))),
    # When another Z/X of yours appears, it gets +3000 until end of turn.
    "B02-095": ZXDefinition(Auto(Event.APPEARS, AddPower(EVENT_SUBJECT, 3000), subject=ZX("yours", other=True))),
    # B02-096: when this card appears, if your Player card is Kenbuchi Soma, you may put a Z/X of Cost 6 or less from
    # your Resource onto an empty Normal Square, Sleeping (it appears there).
    "B02-096": ZXDefinition(Auto(Event.APPEARS, If(PlayerCardIs("B04-108") | PlayerCardIs("B04-110"), May(
        PlayToSquare(Chosen(Card("resource", type="zx", cost_max=6)), Chosen(Square(empty=True, normal=True)),
                     sleeping=True))))),
    # One of your Z/X of Cost 3 or less on a Square gets +4000 until end of turn.
    "B02-097": EventDefinition(AddPower(Chosen(ZX("yours", cost_max=3)), 4000)),
    # Up to two cards of your Resource into your hand.
    "B02-098": EventDefinition(ReturnToHand(Chosen(Card("resource"), optional=True)),
                               ReturnToHand(Chosen(Card("resource"), optional=True))),
    # The opponent's Z/X of the highest Power on a Normal Square into its owner's Resource, sleeping (ties: your
    # choice).
    "B02-099": EventDefinition(PutIntoResource(Chosen(ZX("opponents", normal_square=True, highest_power=True)),
                                               sleeping=True)),
    # The top card of your deck into your Resource, sleeping; then, with 10 or more cards in your Resource, the next
    # one too.
    "B02-100": EventDefinition(TopToResource(YOU, sleeping=True),
                               If(ResourceSize(YOU) >= 10, TopToResource(YOU, sleeping=True))),
    # When this card attacks and deals 15000 or more damage (one hit) to an opponent's Z/X on a Player Square, deal 1
    # damage to your opponent.
    "B02-101": ZXDefinition(
        Auto(Event.DAMAGES_IN_BATTLE, zx.DamagePlayer(OPPONENT, 1), at_event=_LU_BU_HIT),
        Auto(Event.DESTROYS_BY_BATTLE, zx.DamagePlayer(OPPONENT, 1), at_event=_LU_BU_HIT)),
    # On appearing, with 25+ names in your Trash: the opponent's Z/X on Normal Squares into their deck, shuffled.
    "B02-102": ZXDefinition(Auto(Event.APPEARS, If(AtLeast(Distinct(Card("trash")), 25), [
        ReturnToDeck(Each(ZX("opponents", normal_square=True))), Shuffle(OPPONENT)]))),
    # When this card appears, if you have a red, a blue, a white, a black and a green Z/X on Squares, 1 damage to
    # your opponent.
    "B02-103": ZXDefinition(Auto(Event.APPEARS, _if_zx_of_every_colour(zx.DamagePlayer(OPPONENT, 1)))),
}
