"""Definitions of the abilities of the B05 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import EVENT_SUBJECT, YOU, Chosen, ControllerOf, Each
from tcbg.effects.values import EVENT_AMOUNT, AtLeast, Count, Equals, Exists, Matches, StatOf
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import (OPPONENT, THIS, ZX, AddPower, Auto, Card, Continuous, Cost, DealDamage, Destroy,
                                      Draw, Event, EventDefinition, HandSize, Holds, IgnitionIcon, PlayFrom,
                                      PlayToSquare, PlayerCardIs, PowerChange, PutIntoResource, PutIntoTrash,
                                      RemoveFromGame, RemovedByThis, ReplaceDestroy, ResourceSize, ReturnToDeck,
                                      ReturnToHand, Shuffle, Square, Startup, SwapZX, TopToCharge, TopToResource,
                                      ZXDefinition)

# The Player cards of one name in the era, by number (a name printed in several sets is several cards of the set).
ASUKA = ("B03-106", "B05-109", "C01-001", "E01-023")   # 天王寺飛鳥
AYASE = ("B03-107", "B05-107", "C02-001", "E01-024")   # 上柚木綾瀬
_GUAN_ZHANG = ("関羽", "張飛")  # B05-007: names containing Guan Yu or Zhang Fei
_MIKADO_OR_SERA = PlayerCardIs("B03-104") | PlayerCardIs("B04-104")  # 黒崎神門 or 倉敷世羅, any printing


def if_player_card(numbers: tuple[str, ...], effects) -> If:
    """"If your Player card is <the name of numbers>, <effects>": ``PlayerCardIs`` holds for every printing of the
    name (rules.md Z15.102), so one number stands for all of them."""
    return If(PlayerCardIs(numbers[0]), effects())


def _shard_burst():  # B05-017: your own Z/X destroyed first; only then the 7000 damage
    yours = Chosen(ZX("yours"))
    return [Destroy(yours), If(Exists(yours), DealDamage(Chosen(ZX(normal_square=True)), 7000))]


def _nobelium():  # B05-025: a hand card into Trash; only then the damaged Z/X, still on its Square, into its deck
    discarded = Chosen(Card("hand"))
    return If(StatOf(EVENT_SUBJECT, "cost") <= 5, May(PutIntoTrash(discarded), If(
        Exists(discarded) & Matches(EVENT_SUBJECT, ZX()),
        [ReturnToDeck(EVENT_SUBJECT), Shuffle(ControllerOf(EVENT_SUBJECT))])))


def _herrscher():  # B05-076: a hand card into Trash; only then a Z/X on a Normal Square destroyed
    discarded = Chosen(Card("hand"))
    return May(PutIntoTrash(discarded), If(Exists(discarded), Destroy(Chosen(ZX(normal_square=True)))))


def _saevum():  # B05-117: another Demon of yours destroyed; only then the opponent discards a card of their choice
    demon = Chosen(ZX("yours", race="Demon", other=True))
    return May(Destroy(demon),
               If(Exists(demon), PutIntoTrash(Chosen(Card("hand", whose="opponents"), chooser=OPPONENT))))


_ANY_NS = ZX(normal_square=True)
_MENOTE_SLEPT = Chosen(ZX("yours", race="Mermaid"))
_MENOTE_ZX = Chosen(ZX("opponents", normal_square=True))
# "Any number of" a name's cards of your Trash: a deck holds at most 4 of one name (CR 401.2), so four choices,
# each of which may be none, are every number (rules.md Z15.101).
_SHUHOU = [ReturnToHand(Chosen(Card("trash", name="B01-020"), optional=True)) for _ in range(4)]
# B05-026, B05-031: "this card appears in Reboot on an empty Square other than your opponent's Player Square"
_APPEAR_SELF = PlayToSquare(zx.SELF, Chosen(Square(empty=True, not_player_square="opponents")))
# B05-103: "as many as were returned" is the Resource's size read before they go (rules.md Z15.189).
_RETURNED = zx.Kept(ResourceSize(YOU))


def _if_every_cost(effects: list, cost: int = 1):
    """"If your Resource holds a card of each Cost from ``cost`` to 9": one If a Cost (each reads its count alone)."""
    holds = AtLeast(Count(Card("resource", cost_min=cost, cost_max=cost)), 1)
    return If(holds, effects if cost == 9 else [_if_every_cost(effects, cost + 1)])


EFFECTS: dict = {
    # When this card appears, deal 1000 damage to one of your opponent's Z/X on a Normal Square.
    "B05-001": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ZX("opponents", normal_square=True)), 1000))),
    # [Red 2], once a turn: until the turn ends this card's Cost is 3 higher and its Power 9000 higher.
    "B05-002": ZXDefinition(Startup(Cost(("red", 2)), zx.AddCost(zx.SELF, 3), AddPower(zx.SELF, 9000),
                                    once_per_turn=True)),
    # When this card appears, deal 2000 damage to one Z/X of Cost 6 or more on any Square, yours or the opponent's.
    "B05-004": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ZX(cost_min=6)), 2000))),
    # [Red 3]: you may choose a card of your hand whose name contains Guan Yu or Zhang Fei: it appears, in Reboot, on
    # an empty Square other than your opponent's Player Square. Your Z/X whose names contain them get +3000.
    "B05-007": ZXDefinition(
        Startup(Cost(("red", 3)), PlayToSquare(Chosen(Card("hand", type="zx", name_contains=_GUAN_ZHANG),
                                                      optional=True), Chosen(Square(empty=True)))),
        Continuous(PowerChange(ZX("yours", name_contains=_GUAN_ZHANG), 3000))),
    # On appearing: 5000 damage to one damaged Z/X on a Normal Square.
    "B05-008": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ZX(normal_square=True, damaged=True)), 5000))),
    # On appearing you may pay [Red 1]; if you did, 3000 damage to one of your opponent's Z/X on a Square. While you
    # have a Z/X named with 「信長」 on a Square, this card is of every colour in your Resource and your Trash.
    "B05-009": ZXDefinition(
        Auto(Event.APPEARS, zx.Pay(("red", 1), DealDamage(Chosen(ZX("opponents")), 3000))),
        Continuous(zx.ColourChange(("resource", "trash"), "all"),
                   AtLeast(Count(ZX("yours", name_contains="信長")), 1))),
    # When this card appears, put a card of your hand into your Trash; when this card is destroyed, draw a card.
    "B05-010": ZXDefinition(Auto(Event.APPEARS, PutIntoTrash(Chosen(Card("hand")))), Auto(Event.DESTROYED, Draw(1))),
    # [Red 2, destroy this card], only while your hand is empty: draw 2 cards.
    "B05-011": ZXDefinition(Startup(Cost(("red", 2), destroy=True), Draw(2), condition=HandSize(YOU) <= 0)),
    # On appearing, with Zenobia in your Charge and 9+ opposing Resource cards: trash one of those Resource cards.
    "B05-012": ZXDefinition(Auto(Event.APPEARS, If(Holds("charge", "B05-003") & AtLeast(ResourceSize(OPPONENT), 9),
                                                   PutIntoTrash(Chosen(Card("resource", "opponents")))))),
    # B05-013: when this card appears, remove up to three cards of either player's Trash (any mix) from the game.
    "B05-013": ZXDefinition(Auto(Event.APPEARS, *(
        RemoveFromGame(Chosen(Card("trash", whose="any"), optional=True)) for _ in range(3)))),
    # When this card appears from your hand (played, or put there by an effect): until end of turn it deals 1 more
    # damage to your opponent (rules.md Z15.323, Z15.324).
    "B05-015": ZXDefinition(Auto(Event.APPEARS, zx.AddPlayerDamage(zx.SELF, 1), at_event=zx.AppearedFrom("hand"))),
    # On appearing: any number of Z/X of either player on Normal Squares share, as you choose, 2000 damage for each
    # different colour among the cards of your Resource.
    "B05-016": ZXDefinition(Auto(Event.APPEARS, zx.DivideDamage(ZX(normal_square=True),
                                                                zx.Distinct(Card("resource"), "colours") * 2000,
                                                                up_to="any"))),
    # Destroy one of your Z/X on a Square; if you did, deal 7000 damage to one Z/X on a Normal Square.
    "B05-017": EventDefinition(_shard_burst()),
    # Any number of "Shuhou Hassha!" from your Trash back to your hand.
    "B05-018": EventDefinition(*_SHUHOU),
    # Choose a mark, the double circle or the triangle: 7000 damage to each Z/X on a Square bearing it.
    "B05-019": EventDefinition(zx.OneOf(DealDamage(Each(ZX(mark="double_circle")), 7000),
                                        DealDamage(Each(ZX(mark="triangle")), 7000))),
    # If your Player card is Kurosaki Mikado or Kurashiki Sera: up to 2 of your opponent's Z/X on Normal Squares,
    # 7500 damage to each (two different Z/X).
    "B05-020": zx.EventDefinition(If(_MIKADO_OR_SERA, zx.DealDamage(
        zx.Several(ZX("opponents", normal_square=True), 2, up_to=True), 7500))),
    # When this card appears, draw a card, then return a card of your hand to your deck and shuffle it.
    "B05-021": ZXDefinition(Auto(Event.APPEARS, Draw(1), ReturnToDeck(Chosen(Card("hand"))), Shuffle())),
    # When this card appears, look at the top card of your deck; you may put it on the bottom of your deck.
    "B05-023": zx.ZXDefinition(Auto(Event.APPEARS, May(zx.PutOnBottom(zx.TopOfDeck())))),
    # When this card attacks and damages an opponent's Z/X of Cost 5 or less: you may put a hand card into your Trash;
    # if you did, that Z/X goes into its owner's deck, shuffled. If the damage destroyed it, only the hand card may go
    # (ruling B05-025 Q1).
    "B05-025": ZXDefinition(Auto(Event.DAMAGES_IN_BATTLE, _nobelium()), Auto(Event.DESTROYS_BY_BATTLE, _nobelium())),
    # [Blue 4], only while in your hand: this card appears in Reboot on an empty Square (not the enemy's PS).
    "B05-026": zx.ZXDefinition(zx.Startup(Cost(("blue", 4)), _APPEAR_SELF, zone="hand")),
    # When this card is attacked, draw a card.
    "B05-027": ZXDefinition(Auto(Event.IS_ATTACKED, Draw(1))),
    # From your Charge: [Blue 1, put this card from your Charge into your Trash] draw a card.
    "B05-029": ZXDefinition(Startup(Cost(("blue", 1), this_to_trash=True), Draw(1), from_charge=True)),
    # If this card would be destroyed, it returns to your hand instead of going into your Charge.
    "B05-030": ZXDefinition(ReplaceDestroy(to="hand")),
    # [Blue 6], only while in your hand: this card appears in Reboot on an empty Square (not the enemy's PS).
    "B05-031": zx.ZXDefinition(zx.Startup(Cost(("blue", 6)), _APPEAR_SELF, zone="hand")),
    # While your Charge holds Glide, this card has Range 2.
    "B05-033": zx.ZXDefinition(zx.Continuous(zx.HasKeyword(THIS, "range-2"), zx.Holds("charge", "B05-029"))),
    # When you draw cards, this card gets +2000 Power until end of turn for each card drawn.
    "B05-034": ZXDefinition(Auto(Event.DRAWS, AddPower(zx.SELF, EVENT_AMOUNT * 2000), subject=zx.Player("yours"))),
    # When this card appears, you may Sleep 1 of your Mermaid Z/X on a Square (this card too); if you did, 1 of your
    # opponent's Z/X on a Normal Square into its owner's deck, which is shuffled.
    "B05-035": zx.ZXDefinition(Auto(Event.APPEARS, May(If(Equals(StatOf(_MENOTE_SLEPT, "sleeping"), 0), [
        zx.Sleep(_MENOTE_SLEPT), zx.ReturnToDeck(_MENOTE_ZX), zx.Shuffle(ControllerOf(_MENOTE_ZX))])))),
    # When this card or another Battle Suit Z/X of yours appears, draw a card (this card is a Battle Suit).
    "B05-036": ZXDefinition(Auto(Event.APPEARS, Draw(1), subject=ZX("yours", race="Battle Suit"))),
    # B05-037: two Z/X on Normal Squares, not in battle, either player's, exchange Squares.
    "B05-037": EventDefinition(SwapZX(Chosen(ZX(normal_square=True, not_in_battle=True)),
                                      Chosen(ZX(normal_square=True, not_in_battle=True)))),
    # With Ikusa Leia as your Player card: draw a card for each Lawrencium in your Trash.
    "B05-038": EventDefinition(If(PlayerCardIs("B04-105"), Draw(Count(Card("trash", name="B02-036"))))),
    # Draw a card; then, with 4 or more cards in your hand, return one of your opponent's Z/X on a Normal Square to
    # its owner's hand.
    "B05-039": EventDefinition(Draw(1), If(HandSize(YOU) >= 4,
                                           ReturnToHand(Chosen(ZX("opponents", normal_square=True))))),
    # Draw a card; then return one of your opponent's Z/X of Power 9000 or less on a Normal Square to its owner's hand.
    "B05-040": EventDefinition(Draw(1), ReturnToHand(Chosen(ZX("opponents", normal_square=True, power_max=9000)))),
    # When this card appears, your opponent may pay [1]; if they did not, 1 Z/X on a Normal Square gets -2000 Power
    # until end of turn.
    "B05-041": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("any", 1), otherwise=zx.AddPower(Chosen(_ANY_NS), -2000),
                                                          payer=OPPONENT))),
    # When this card appears, one of your opponent's Z/X on a Square gets -1000 until end of turn.
    "B05-044": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(ZX("opponents")), -1000))),
    # Your Z/X on the Squares with the double-circle mark get +1000 Power.
    "B05-046": ZXDefinition(Continuous(PowerChange(ZX("yours", mark="double_circle"), 1000))),
    # When this card appears, one of your opponent's Z/X on a Square gets -1000 until end of turn.
    "B05-047": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(ZX("opponents")), -1000))),
    # Each of your Z/X on Squares adjacent to this card destroys at the end of a battle it was attacked in and
    # survived the Z/X that attacked it, when that one is on a Normal Square.
    "B05-048": zx.ZXDefinition(zx.Continuous(zx.Grant(ZX("yours", adjacent_to=THIS), Auto(
        Event.BATTLE_ENDS, If(Matches(EVENT_SUBJECT, ZX(normal_square=True)), Destroy(EVENT_SUBJECT)),
        turn="opponents")))),
    # When this card attacks, you may pay [White 2]; if you did, 1 Z/X on a Normal Square gets -5000 Power until end
    # of turn.
    "B05-050": zx.ZXDefinition(Auto(Event.ATTACKS, zx.Pay(("white", 2), zx.AddPower(Chosen(_ANY_NS), -5000)))),
    # +500 for each other Angel of yours on a Square.
    "B05-051": ZXDefinition(Continuous(PowerChange(THIS, Count(ZX("yours", race="Angel", other=True)) * 500))),
    # When one of your Z/X is attacked, you may pay [White 1]; if you did, the attacker gets -1000 Power until end of
    # turn.
    "B05-052": ZXDefinition(Auto(Event.IS_ATTACKED, zx.Pay(("white", 1), AddPower(EVENT_SUBJECT, -1000)),
                                 subject=ZX("yours"))),
    # When this card appears, if your Charge holds Van of the Wind, a Z/X of Cost 3 or less from your Charge appears,
    # in Reboot, on an empty Normal Square.
    "B05-053": ZXDefinition(Auto(Event.APPEARS, If(Holds("charge", "B05-050"), PlayToSquare(
        Chosen(Card("charge", type="zx", cost_max=3)), Chosen(Square(empty=True, normal=True)))))),
    # Has the Ignition icon while your Charge holds an Angel of Cost 5 or more.
    "B05-054": ZXDefinition(IgnitionIcon(Count(Card("charge", race="Angel", cost_min=5)) >= 1)),
    # B05-055: when this card appears, any number of Cait Sith Z/X of Cost 3 or less from your Charge appear, in
    # Reboot, on empty Squares (never your opponent's Player Square), one after the other.
    "B05-055": ZXDefinition(Auto(Event.APPEARS, PlayToSquare(
        Chosen(Card("charge", type="zx", race="Cait Sith", cost_max=3), optional=True), Chosen(Square(empty=True)),
        up_to="any"))),
    # When this card or another Angel of yours appears, one of your opponent's Z/X on a Normal Square gets -5000
    # until end of turn (this card is an Angel).
    "B05-056": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(ZX("opponents", normal_square=True)), -5000),
                                 subject=ZX("yours", race="Angel"))),
    # The Z/X on your Player Square gets +5000 until end of turn (rules.md Z15.80: it is yours).
    "B05-057": EventDefinition(AddPower(Chosen(ZX("yours", player_square=True, army_area=True)), 5000)),
    # With Asuka as your Player card: up to 2 red cards of your Charge back to your hand.
    "B05-058": EventDefinition(If(PlayerCardIs("C01-001"), [
        ReturnToHand(Chosen(Card("charge", colour="red"), optional=True)),
        ReturnToHand(Chosen(Card("charge", colour="red"), optional=True))])),
    # One Z/X, anyone's, on a double-circle Square gets -4000 Power until end of turn.
    "B05-059": EventDefinition(AddPower(Chosen(ZX(mark="double_circle")), -4000)),
    # 1 attacking Z/X of Cost 5 or more on a Normal Square goes to the bottom of its owner's deck.
    "B05-060": zx.EventDefinition(zx.PutOnBottom(Chosen(ZX(normal_square=True, attacking=True, cost_min=5)))),
    # When this card is destroyed by an ability of one of your Demon Z/X, you may put the top card of your deck into
    # your Charge.
    "B05-061": ZXDefinition(Auto(Event.DESTROYED, May(zx.TopToCharge(1)),
                                 at_event=Matches(zx.EVENT_CAUSE, Card("any", type="zx", race="Demon")))),
    # +1000 while your opponent has 2 or fewer cards in hand.
    "B05-062": ZXDefinition(Continuous(PowerChange(THIS, 1000), HandSize(OPPONENT) <= 2)),
    # When this card destroys an opponent's Z/X in battle, if your Player card is Tennouji Asuka, you may put the top
    # card of your deck into your Charge.
    "B05-065": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, if_player_card(ASUKA, lambda: May(TopToCharge(1))))),
    # When this card appears, you may put the top card of your deck into your Charge; if you did, your opponent picks
    # 1 of your Life cards (by position, face down) and it goes into your Charge.
    "B05-066": zx.ZXDefinition(Auto(Event.APPEARS, May(If(StatOf(YOU, "deck") >= 1, [
        zx.TopToCharge(1), zx.PutIntoCharge(Chosen(zx.LifeCard("yours"), chooser=OPPONENT))])))),
    # When this card appears, return a Torture Device card of your Trash to your hand.
    "B05-067": ZXDefinition(Auto(Event.APPEARS, ReturnToHand(Chosen(Card("trash", race="Torture Device"))))),
    # When this card appears, you may pay [Black 1]; if you did, the top card of your deck into your Charge.
    "B05-068": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("black", 1), zx.TopToCharge(1)))),
    # When this card destroys an opponent's Z/X in battle, if your opponent has 2 or more cards in hand, they put a
    # card of their hand of their choice into their Trash.
    "B05-069": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, If(HandSize(OPPONENT) >= 2, PutIntoTrash(
        Chosen(Card("hand", whose="opponents"), chooser=OPPONENT))))),
    # [1 「恐怖の魔人ミータス」 from your Charge into your Trash]: destroy a Z/X of Cost 5 or less on a Normal Square.
    "B05-071": ZXDefinition(Startup(Cost(trash=Card("charge", name="B05-068")),
                                    Destroy(Chosen(ZX(normal_square=True, cost_max=5))))),
    # When this card appears, your opponent may pay [2]; if they did not, destroy 1 Z/X on a Normal Square.
    "B05-073": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("any", 2), otherwise=zx.Destroy(Chosen(_ANY_NS)),
                                                          payer=OPPONENT))),
    # When this card attacks and damages an opponent's Z/X of Cost 7 or less, destroy that Z/X.
    "B05-074": ZXDefinition(Auto(Event.DAMAGES_IN_BATTLE, If(Matches(EVENT_SUBJECT, ZX("opponents", cost_max=7)),
                                                             Destroy(EVENT_SUBJECT)))),
    # While your Trash holds 10 or more cards, you may play Undead cards of your Trash, but none named Black Knight
    # of the Void, Cursed Soul, paying their Cost.
    "B05-075": ZXDefinition(Continuous(PlayFrom(Card("trash", race="Undead", not_name="B05-075")),
                                       StatOf(YOU, "trash") >= 10)),
    # When this card destroys an opponent's Z/X in battle, you may put a hand card into your Trash; if you did,
    # destroy one Z/X on a Normal Square.
    "B05-076": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, _herrscher())),
    # Return a Torture Device card of your Trash to your hand.
    "B05-077": EventDefinition(ReturnToHand(Chosen(Card("trash", race="Torture Device")))),
    # Destroy one Z/X on a Normal Square next to the Square of your Avaritia.
    "B05-078": EventDefinition(Destroy(Chosen(ZX(normal_square=True, adjacent_to=ZX("yours", name="B04-076"))))),
    # Look at the top 5 cards of your deck; put any number of the Z/X of Cost 7 or more among them into your Trash; if
    # 2 or more, destroy 1 Z/X on a Normal Square (either player's); then shuffle the rest back into your deck.
    "B05-079": zx.EventDefinition(zx.LookAtTop(
        5, zx.PutIntoTrash(zx.Several(zx.Looked(type="zx", cost_min=7), 5, up_to=True)),
        If(zx.LookedTaken() >= 2, zx.Destroy(Chosen(_ANY_NS))), rest="shuffle")),
    # If your Player card is Kamiyugi Ayase, destroy up to one Z/X each of Cost 3, of Cost 5 and of Cost 6 on Normal
    # Squares.
    "B05-080": EventDefinition(if_player_card(AYASE, lambda: [
        Destroy(Chosen(ZX(normal_square=True, cost_min=cost, cost_max=cost), optional=True)) for cost in (3, 5, 6)])),
    # +3000 while your Resource holds 9 or more cards.
    "B05-081": ZXDefinition(Continuous(PowerChange(THIS, 3000), ResourceSize(YOU) >= 9)),
    # [Sleep this card]: Reboot 1 card in your Resource.
    "B05-084": zx.ZXDefinition(Startup(Cost(sleep=True), zx.Reboot(Chosen(Card("resource"))))),
    # From your Charge, [Green 2, this card from your Charge into your Trash]: look at the top 2 cards of your deck,
    # put 1 of them into your Resource Sleeping, the rest on the bottom of your deck.
    "B05-085": zx.ZXDefinition(Startup(Cost(colour=("green", 2), this_to_trash=True), zx.LookAtTop(
        2, zx.PutIntoResource(Chosen(zx.Looked()), sleeping=True), rest="bottom"), from_charge=True)),
    # When this card destroys an opponent's Z/X in battle, you may put a hand card into your Resource, sleeping.
    "B05-086": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, May(PutIntoResource(Chosen(Card("hand")), sleeping=True)))),
    # On appearing, with Henrude in your Charge: the top card of your deck into your Resource, sleeping.
    "B05-088": ZXDefinition(Auto(Event.APPEARS, If(Holds("charge", "B05-087"), TopToResource(YOU, sleeping=True)))),
    # When this card appears: the top 2 cards of your deck into your Resource, Sleeping; at the end of the turn, those
    # of them still in your Resource go into your Trash (rules.md Z15.320).
    "B05-089": ZXDefinition(
        Auto(Event.APPEARS, zx.Remember(PutIntoResource(zx.TopOfDeck(YOU), sleeping=True),
                                        PutIntoResource(zx.TopOfDeck(YOU), sleeping=True))),
        zx.AtTurnEnd(PutIntoTrash(Each(zx.Remembered())))),
    # When this card is destroyed, you may return a card of your Resource to your hand.
    "B05-091": ZXDefinition(Auto(Event.DESTROYED, May(ReturnToHand(Chosen(Card("resource")))))),
    # When this card appears, one Z/X on a Square, yours or the opponent's, gets +1000 until end of turn.
    "B05-092": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(ZX()), 1000))),
    # If destroyed, this card goes into your Resource, sleeping, instead of your Charge.
    "B05-093": ZXDefinition(ReplaceDestroy(sleeping=True)),
    # When this card or another Hourai of yours appears, you may return a Z/X of Cost 5 or less of your Resource to
    # your hand (this card is a Hourai).
    "B05-095": ZXDefinition(Auto(Event.APPEARS, May(ReturnToHand(Chosen(Card("resource", type="zx", cost_max=5)))),
                                 subject=ZX("yours", race="Hourai"))),
    # When this card or another of your Lycanthrope Z/X appears, you may pay [Green 1]; if you did, 1 Z/X on a Normal
    # Square gets +5000 Power until end of turn.
    "B05-096": zx.ZXDefinition(Auto(Event.APPEARS, zx.Pay(("green", 1), zx.AddPower(Chosen(_ANY_NS), 5000)),
                                    subject=ZX("yours", race="Lycanthrope"))),
    # Choose 2 Z/X on Squares, either player's: each gets +2000 until end of turn (both when only 2 can be chosen).
    "B05-097": zx.EventDefinition(zx.AddPower(zx.Several(ZX(), 2), 2000)),
    # Look at the top 3 cards of your deck, put 1 of them into your Resource Sleeping, the rest into your Trash.
    "B05-098": zx.EventDefinition(zx.LookAtTop(3, zx.PutIntoResource(Chosen(zx.Looked()), sleeping=True),
                                               rest="trash")),
    # With Barbarus in Resource: a Z/X on a NS into Resource, Sleeping; then with Saevum: opponent's hand card too.
    "B05-099": EventDefinition(
        If(Holds("resource", "B05-118"), PutIntoResource(Chosen(ZX(normal_square=True)), sleeping=True)),
        If(Holds("resource", "B05-117"), PutIntoResource(Chosen(Card("hand", "opponents"), chooser=OPPONENT),
                                                         sleeping=True))),
    # Put one Z/X on a Normal Square into its owner's Resource, sleeping; then the top card of your deck into your
    # Resource, sleeping.
    "B05-100": EventDefinition(PutIntoResource(Chosen(ZX(normal_square=True)), sleeping=True),
                               TopToResource(YOU, sleeping=True)),
    # B05-101: when this card appears, with 10 or more Events in your Trash, you may remove one of them from the game;
    # you may play the Events this card's ability removed without paying their Cost while it stays on its Square.
    "B05-101": ZXDefinition(
        Auto(Event.APPEARS, If(Count(Card("trash", type="event")) >= 10,
                               May(RemoveFromGame(Chosen(Card("trash", type="event")))))),
        Continuous(PlayFrom(RemovedByThis(Card("removed", type="event")), free=True))),
    # [a red, a blue, a white and a green card from your Charge into your Trash]: destroy a Z/X on a Normal Square;
    # a card of the opponent's Resource into its owner's Trash; a card of your Trash to your hand; the opponent puts
    # a card of their hand into their Trash.
    "B05-102": ZXDefinition(Startup(Cost(trash=tuple(Card("charge", colour=c) for c in ("red", "blue", "white",
                                                                                        "green"))),
                                    Destroy(Chosen(ZX(normal_square=True))),
                                    PutIntoTrash(Chosen(Card("resource", "opponents"))),
                                    ReturnToHand(Chosen(Card("trash"))),
                                    PutIntoTrash(Chosen(Card("hand", "opponents"), chooser=OPPONENT)))),
    # When this card appears, if your Resource holds a card of each Cost from 1 to 9, deal 1 damage to your opponent;
    # then put every card of your Resource into your deck, shuffle it, and put as many cards from its top into your
    # Resource, Sleeping.
    "B05-103": ZXDefinition(Auto(Event.APPEARS, _if_every_cost([
        zx.DamagePlayer(OPPONENT, 1), zx.Keep(_RETURNED), ReturnToDeck(Each(Card("resource"))), Shuffle(),
        zx.Repeat(_RETURNED, TopToResource(sleeping=True))]))),
    # When this card or another Brave of yours appears, deal 2000 damage to one Z/X on a Normal Square (this card is
    # a Brave).
    "B05-111": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ZX(normal_square=True)), 2000),
                                 subject=ZX("yours", race="Brave"))),
    # [a card of your hand whose name has 「エレファント」 into your Trash]: 6000 damage to a Z/X on a Normal Square.
    "B05-112": ZXDefinition(Startup(Cost(trash=Card("hand", name_contains="エレファント")),
                                    DealDamage(Chosen(ZX(normal_square=True)), 6000))),
    # When this card attacks and damages an opponent's Z/X of Power 5000 or less without destroying it, return that
    # Z/X to its owner's hand.
    "B05-113": ZXDefinition(Auto(Event.DAMAGES_IN_BATTLE, If(Matches(EVENT_SUBJECT, ZX("opponents", power_max=5000)),
                                                             ReturnToHand(EVENT_SUBJECT)))),
    # When this card appears, if your Charge holds a Battle Suit card, draw a card.
    "B05-114": ZXDefinition(Auto(Event.APPEARS, If(Count(Card("charge", race="Battle Suit")) >= 1, Draw(1)))),
    # +500 for each other Angel of yours on a Square.
    "B05-115": ZXDefinition(Continuous(PowerChange(THIS, Count(ZX("yours", race="Angel", other=True)) * 500))),
    # Your opponent's Z/X on the Squares next to this card get -1000.
    "B05-116": ZXDefinition(Continuous(PowerChange(ZX("opponents", adjacent_to=THIS), -1000))),
    # When this card appears, you may destroy another Demon of yours on a Square; if you did, your opponent puts a
    # card of their hand of their choice into their Trash.
    "B05-117": ZXDefinition(Auto(Event.APPEARS, _saevum())),
    # [Put 3 cards of your Charge into your Trash]: destroy one Z/X on a Normal Square.
    "B05-118": ZXDefinition(Startup(Cost(charge=3), Destroy(Chosen(ZX(normal_square=True))))),
    # Each other Hourai of yours on a Square gets +1000.
    "B05-119": ZXDefinition(Continuous(PowerChange(ZX("yours", race="Hourai", other=True), 1000))),
    # When this card appears, you may put a Hourai card of your Charge into your Resource, sleeping.
    "B05-120": ZXDefinition(Auto(Event.APPEARS, May(PutIntoResource(Chosen(Card("charge", race="Hourai")),
                                                                    sleeping=True)))),
}
