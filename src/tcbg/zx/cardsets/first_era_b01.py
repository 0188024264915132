"""Definitions of the abilities of the B01 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import EVENT_SUBJECT, SELF, YOU, Chosen, Each
from tcbg.effects.values import AtLeast, Count, Matches
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import (OPPONENT, THIS, ZX, AddPower, Auto, Card, ChargeLimit, Continuous, Cost,
                                      DealDamage, Destroy, Draw, Event, EventDefinition, HandSize, HasName, MoveTo,
                                      Player, PlayerCardIs, PowerChange, PutIntoResource, PutIntoTrash, ReplaceDestroy,
                                      ResourceSize, ReturnToDeck, ReturnToHand, Shuffle, Square, Startup, TopToCharge,
                                      TopToResource, ZXDefinition)

ANY_NS = ZX(normal_square=True)                    # "one Z/X (either player's) on a Normal Square"
OPPONENT_NS = ZX("opponents", normal_square=True)  # "one of your opponent's Z/X on a Normal Square"
# A move names its Z/X, then a Square next to it: the same Chosen object in both is one choice.
_SMETINA_ZX = Chosen(ANY_NS)
_VIVALE_ZX = Chosen(ANY_NS)
# "At the end of a battle in which this card was attacked": only the turn player attacks, so in the opponent's turn
# this card's battle is one it was attacked in; the attacker is the event's subject (rules.md Z15.1).
_ATTACKER_TO_DESTROY = If(Matches(EVENT_SUBJECT, ZX(normal_square=True)), Destroy(EVENT_SUBJECT))
_ANY_RESOURCE = Card("resource", whose="any")  # "cards in a Resource", no owner named (rules.md Z15.140)


def _player_card(*numbers: str):
    """"If your Player card is X": each printing of the name is a card of its own (rules.md Z12.12)."""
    cond = zx.PlayerCardIs(numbers[0])
    for number in numbers[1:]:
        cond = cond | zx.PlayerCardIs(number)
    return cond


def _if_trash_of_every_colour(effect):
    """"If your Trash holds 6 or more cards of each colour": one If a colour (a condition each, few registers)."""
    for colour in ("green", "black", "white", "blue", "red"):
        effect = If(AtLeast(Count(Card("trash", colour=colour)), 6), effect)
    return effect


EFFECTS: dict = {
    # On appearing, if your Artemis is on a Square: 5000 damage to one of your opponent's Z/X on a Normal Square.
    "B01-001": ZXDefinition(Auto(Event.APPEARS, If(HasName("B01-006"), DealDamage(
        Chosen(ZX("opponents", normal_square=True)), 5000)))),
    "B01-005": ZXDefinition(  # From your Charge: [Red 2, this card Charge -> Trash] 5000 damage to a Z/X on a NS.
        Startup(Cost(("red", 2), this_to_trash=True), DealDamage(Chosen(ANY_NS), 5000), from_charge=True)),
    "B01-009": ZXDefinition(  # [Sleep this card]: one Brave Z/X on a Square gets +4000 until end of turn.
        Startup(Cost(sleep=True), AddPower(Chosen(ZX(race="Brave")), 4000))),
    "B01-010": ZXDefinition(  # [Sleep this card]: 4000 damage to one Z/X on a Normal Square.
        Startup(Cost(sleep=True), DealDamage(Chosen(ANY_NS), 4000))),
    "B01-011": ZXDefinition(Auto(Event.ATTACKS, AddPower(SELF, 1000))),  # When this attacks: +1000 EOT.
    # [Red 4]: if your Player card is Kurosaki Mikado, Reboot 1 Z/X on a Square other than this card.
    "B01-012": zx.ZXDefinition(Startup(Cost(colour=("red", 4)), If(_player_card("B03-104", "E01-021"),
                                                                  zx.Reboot(Chosen(ZX(other=True)))))),
    "B01-014": ZXDefinition(  # When this appears: 3500 damage to each of the opponent's Z/X on Normal Squares.
        Auto(Event.APPEARS, DealDamage(Each(OPPONENT_NS), 3500))),
    "B01-015": ZXDefinition(  # When this appears: 5000 damage to one of the opponent's Z/X on a Normal Square.
        Auto(Event.APPEARS, DealDamage(Chosen(OPPONENT_NS), 5000))),
    "B01-017": EventDefinition(DealDamage(Chosen(ANY_NS), 3500)),  # 3500 damage to one Z/X on a Normal Square.
    "B01-018": EventDefinition(AddPower(Chosen(ZX(attacking=True)), 3500)),  # The attacking Z/X +3500 EOT.
    "B01-019": EventDefinition(DealDamage(Chosen(ANY_NS), 5000)),  # 5000 damage to one Z/X on a Normal Square.
    "B01-020": EventDefinition(DealDamage(Chosen(ANY_NS), 8000)),  # 8000 damage to one Z/X on a Normal Square.
    "B01-022": ZXDefinition(  # When this appears: draw 1, put a hand card back into the deck, shuffle.
        Auto(Event.APPEARS, Draw(1), ReturnToDeck(Chosen(Card("hand"))), Shuffle())),
    "B01-023": ZXDefinition(  # From your Charge: [Blue 2, this card Charge -> Trash] draw 2, return 1, shuffle.
        Startup(Cost(("blue", 2), this_to_trash=True), Draw(2), ReturnToDeck(Chosen(Card("hand"))), Shuffle(),
                from_charge=True)),
    # On appearing, if your Void is on a Square: draw a card.
    "B01-027": ZXDefinition(Auto(Event.APPEARS, If(HasName("B01-026"), Draw(1)))),
    "B01-028": ZXDefinition(  # When this appears: you may trash a hand card; then a Z/X of Cost <= 4 on a NS to hand.
        Auto(Event.APPEARS, If(HandSize(YOU) >= 1, May(
            PutIntoTrash(Chosen(Card("hand"))), ReturnToHand(Chosen(ZX(normal_square=True, cost_max=4))))))),
    "B01-031": ZXDefinition(  # When this appears: you may move a Z/X on a NS to an adjacent empty Square, never
        Auto(Event.APPEARS, May(  # onto the Player Square of that Z/X's opponent.
            MoveTo(_SMETINA_ZX, Chosen(Square(empty=True, adjacent_to=_SMETINA_ZX, not_enemy_player_square=True)))))),
    "B01-033": ZXDefinition(  # As B01-031: you may move a Z/X on a NS to an adjacent empty Square (not its enemy PS).
        Auto(Event.APPEARS, May(
            MoveTo(_VIVALE_ZX, Chosen(Square(empty=True, adjacent_to=_VIVALE_ZX, not_enemy_player_square=True)))))),
    # While your Player card is Kagamihara Azumi, this card has Range infinity.
    "B01-034": zx.ZXDefinition(zx.Continuous(zx.HasKeyword(THIS, "range-infinity"), zx.PlayerCardIs("B03-105"))),
    # When this card appears, return any number of Z/X (either player's) on Normal Squares whose Costs total 6 or less
    # to their owners' hands.
    "B01-035": ZXDefinition(Auto(Event.APPEARS, ReturnToHand(zx.WithinTotal(ZX(normal_square=True), 6)))),
    "B01-036": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, Draw(1))),  # Destroys a Z/X in battle: draw 1.
    "B01-037": EventDefinition(  # Draw 2, put two hand cards back into the deck, shuffle.
        Draw(2), ReturnToDeck(Chosen(Card("hand"))), ReturnToDeck(Chosen(Card("hand"))), Shuffle()),
    "B01-038": EventDefinition(  # One of the opponent's Z/X of Cost <= 3 on a NS to its owner's hand.
        ReturnToHand(Chosen(ZX("opponents", normal_square=True, cost_max=3)))),
    "B01-039": EventDefinition(  # One of the opponent's Z/X of Cost <= 4 on a NS to its owner's hand.
        ReturnToHand(Chosen(ZX("opponents", normal_square=True, cost_max=4)))),
    "B01-040": EventDefinition(ReturnToHand(Chosen(OPPONENT_NS))),  # One opponent's Z/X on a NS to its hand.,
    "B01-042": ZXDefinition(  # From your Charge: [White 2, this card Charge -> Trash] an opponent's Z/X on a NS -4000.
        Startup(Cost(("white", 2), this_to_trash=True), AddPower(Chosen(OPPONENT_NS), -4000), from_charge=True)),
    # On appearing, if your Maine Coon is on a Square: one of your opponent's Z/X on a Normal Square gets -5000 EOT.
    "B01-047": ZXDefinition(Auto(Event.APPEARS, If(HasName("B01-045"), AddPower(
        Chosen(ZX("opponents", normal_square=True)), -5000)))),
    "B01-048": ZXDefinition(  # When this is destroyed: each of your Z/X on Squares +2000 EOT.
        Auto(Event.DESTROYED, AddPower(Each(ZX("yours")), 2000))),
    # When this card appears, Sleep 1 card in either player's Resource.
    "B01-049": zx.ZXDefinition(Auto(Event.APPEARS, zx.Sleep(Chosen(_ANY_RESOURCE)))),
    "B01-050": ZXDefinition(  # Battle end after it was attacked and survived: destroy the attacker if on a NS.
        Auto(Event.BATTLE_ENDS, _ATTACKER_TO_DESTROY, turn="opponents")),
    "B01-053": ZXDefinition(  # As B01-050: battle end, attacked and alive, the attacker on a NS is destroyed.
        Auto(Event.BATTLE_ENDS, _ATTACKER_TO_DESTROY, turn="opponents")),
    "B01-054": ZXDefinition(  # When this appears: one of the opponent's Z/X on a NS -4000 EOT.
        Auto(Event.APPEARS, AddPower(Chosen(OPPONENT_NS), -4000))),
    # At the end of a battle it attacked in, with Asuka as your Player card: may move onto your empty Player Square.
    "B01-056": ZXDefinition(Auto(Event.BATTLE_ENDS, If(
        PlayerCardIs("C01-001") & AtLeast(Count(Square(empty=True, player_square="yours")), 1),
        May(MoveTo(SELF, Chosen(Square(empty=True, player_square="yours"))))), turn="yours")),
    # One Z/X being attacked on a Square in your Army Area (whoever controls it) gets +3500 until end of turn.
    "B01-057": EventDefinition(AddPower(Chosen(ZX(attacked=True, army_area="yours")), 3500)),
    # Destroy one Z/X of Cost 3 or less attacking you or a card on a Player Square (rules.md Z15.200).
    "B01-058": EventDefinition(Destroy(Chosen(ZX(cost_max=3, attacking=Player("yours"))
                                              | ZX(cost_max=3, attacking=ZX(player_square=True))))),
    "B01-059": EventDefinition(AddPower(Chosen(ANY_NS), -2500)),  # One Z/X on a NS -2500 EOT.
    "B01-060": EventDefinition(AddPower(Chosen(ANY_NS), -4000)),  # One Z/X on a NS -4000 EOT.
    "B01-061": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, TopToCharge(1))),  # Destroys in battle: top card to Charge.
    "B01-063": ZXDefinition(  # From your Charge: [Black 2, this card Charge -> Trash] destroy an opponent's Z/X of
        Startup(Cost(("black", 2), this_to_trash=True),  # Cost <= 3 on a NS.
                Destroy(Chosen(ZX("opponents", normal_square=True, cost_max=3))), from_charge=True)),
    # When this card appears, you may put 1 card of your hand into your Charge.
    "B01-065": zx.ZXDefinition(Auto(Event.APPEARS, May(zx.PutIntoCharge(Chosen(Card("hand")))))),
    # On appearing, with your Miseria on a Square: destroy an opponent's Cost 3 or less Z/X on a Normal Square.
    "B01-069": ZXDefinition(Auto(Event.APPEARS, If(HasName("B01-066"), Destroy(
        Chosen(ZX("opponents", normal_square=True, cost_max=3)))))),
    # [3 of your Charge cards into your Trash]: if your Player card is Kamiyugi Ayase, Reboot this card.
    "B01-070": zx.ZXDefinition(Startup(Cost(charge=3), If(_player_card("B03-107", "B05-107", "C02-001", "E01-024"),
                                                         zx.Reboot(SELF)))),
    "B01-071": ZXDefinition(  # Destroys a Z/X in battle: destroy one of the opponent's Z/X of Cost <= 3 on a NS.
        Auto(Event.DESTROYS_BY_BATTLE, Destroy(Chosen(ZX("opponents", normal_square=True, cost_max=3))))),
    "B01-072": ZXDefinition(  # When either player's Life decreases: you may destroy a Z/X of Cost <= 3 on a NS.
        Auto(Event.LIFE_DECREASES, May(Destroy(Chosen(ZX(normal_square=True, cost_max=3)))))),
    "B01-075": ZXDefinition(  # When this appears: destroy one of the opponent's Z/X of Cost <= 4 on a NS.
        Auto(Event.APPEARS, Destroy(Chosen(ZX("opponents", normal_square=True, cost_max=4))))),
    "B01-076": ZXDefinition(  # When this appears: a Z/X of Cost <= 5 from your Trash to your hand.
        Auto(Event.APPEARS, ReturnToHand(Chosen(Card("trash", type="zx", cost_max=5))))),
    "B01-077": EventDefinition(Destroy(Chosen(ZX(normal_square=True, cost_max=2)))),  # Destroy a Cost <= 2 on a NS.
    "B01-078": EventDefinition(Destroy(Chosen(ZX(normal_square=True, cost_max=3)))),  # Destroy a Cost <= 3 on a NS.
    "B01-079": EventDefinition(ReturnToHand(Chosen(Card("trash", type="zx")))),  # A Z/X from your Trash to hand.
    # If your Resource holds a black card, destroy one Z/X on a Normal Square.
    "B01-080": EventDefinition(If(AtLeast(Count(Card("resource", colour="black")), 1),
                                  Destroy(Chosen(ZX(normal_square=True))))),
    "B01-082": ZXDefinition(  # From your Charge: [Green 4, this card Charge -> Trash] an opponent's Z/X on a NS into
        Startup(Cost(("green", 4), this_to_trash=True),  # its owner's Resource, sleeping.
                PutIntoResource(Chosen(OPPONENT_NS), sleeping=True), from_charge=True)),
    "B01-084": ZXDefinition(Continuous(PowerChange(THIS, 1000), ResourceSize(YOU) >= 9)),  # +1000 with 9+ Resource.
    # +2000 while your Were-Lion is on a Square.
    "B01-085": ZXDefinition(Continuous(PowerChange(THIS, 2000), HasName("B01-089"))),
    "B01-087": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(ZX()), 1000))),  # Appears: a Z/X +1000 EOT.
    "B01-088": ZXDefinition(ReplaceDestroy(sleeping=True)),  # Destroyed: into your Resource, sleeping, not Charge.
    "B01-090": ZXDefinition(ReplaceDestroy(sleeping=True)),  # Destroyed: into your Resource, sleeping, not Charge.
    "B01-092": ZXDefinition(  # When this appears: you may return a card of your Resource to your hand.
        Auto(Event.APPEARS, May(ReturnToHand(Chosen(Card("resource")))))),
    # When this card destroys an opponent's Z/X in battle, Reboot 2 cards in Resources (either player's).
    "B01-093": zx.ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, zx.Reboot(zx.Several(_ANY_RESOURCE, 2)))),
    "B01-094": ZXDefinition(  # +3000 while your Player card is Aoba Chitose and your Resource holds 12 or more.
        Continuous(PowerChange(THIS, 3000), PlayerCardIs("C04-001") & (ResourceSize(YOU) >= 12))),
    "B01-095": ZXDefinition(  # When this appears: an opponent's Z/X on a NS into its owner's Resource, sleeping.
        Auto(Event.APPEARS, PutIntoResource(Chosen(OPPONENT_NS), sleeping=True))),
    "B01-096": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(ZX()), 5000))),  # Appears: a Z/X +5000 EOT.
    "B01-097": EventDefinition(AddPower(Chosen(ZX()), 2000)),  # One Z/X on a Square +2000 EOT.
    "B01-098": EventDefinition(  # An opponent's Z/X of Cost <= 4 on a NS into its owner's Resource, sleeping.
        PutIntoResource(Chosen(ZX("opponents", normal_square=True, cost_max=4)), sleeping=True)),
    "B01-099": EventDefinition(  # An opponent's Z/X on a NS into its owner's Resource, sleeping.
        PutIntoResource(Chosen(OPPONENT_NS), sleeping=True)),
    "B01-100": EventDefinition(  # The top 2 cards of your deck into your Resource, sleeping.
        TopToResource(YOU, sleeping=True), TopToResource(YOU, sleeping=True)),
    # On appearing, with 6+ cards of every colour in your Trash: 10000 damage to an opponent's Z/X on any Square.
    "B01-101": ZXDefinition(Auto(Event.APPEARS, _if_trash_of_every_colour(DealDamage(Chosen(ZX("opponents")), 10000)))),
    "B01-102": ZXDefinition(  # +4000 while your Trash holds 10 or more Events.
        Continuous(PowerChange(THIS, 4000), Count(Card("trash", type="event")) >= 10)),
    # Your Charge has no limit. [7 of your Charge cards into your Trash]: 2 damage to your opponent.
    "B01-103": zx.ZXDefinition(Continuous(ChargeLimit(Player("yours"), unlimited=True)),
                               Startup(Cost(charge=7), zx.DamagePlayer(OPPONENT, 2))),
}
