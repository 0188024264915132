"""Definitions of the abilities of the B03 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import EVENT_SUBJECT, SELF, YOU, Chosen, ControllerOf, Each
from tcbg.effects.values import AtLeast, Count, Equals, Exists, Matches, StatOf
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import (OPPONENT, THIS, ZX, AddPower, Auto, Card, ChargeLimit, Continuous, Cost,
                                      DealDamage, Destroy, Draw, Event, EventDefinition, EvolSeed, HandSize, Holds,
                                      IgnitionIcon, LifeOf, MoveTo, NoDamage, PlayToSquare, Player, PowerChange,
                                      PutIntoCharge, PutIntoResource, PutIntoTrash, RemoveFromGame, ResourceSize,
                                      ReturnToDeck, ReturnToHand, Shuffle, Square, Startup, TopToCharge, TopToResource,
                                      ZXDefinition)

ANY_NS = ZX(normal_square=True)                    # "one Z/X (either player's) on a Normal Square"
OPPONENT_NS = ZX("opponents", normal_square=True)  # "one of your opponent's Z/X on a Normal Square"
NORMAL_SQUARES = 7  # the field's 9 Squares less the two Player Squares: at most 7 Z/X stand on Normal Squares
# A move names its Z/X, then a Square relative to it: the same Chosen object in both is one choice.
_WAGNEA_ZX = Chosen(ANY_NS)
_DISASTER_ZX = Chosen(ANY_NS)  # B03-079: "if you destroyed one" asks whether this choice found a Z/X


def _any_number(flt: ZX, effect, n: int = NORMAL_SQUARES) -> list:
    """"Choose any number of <flt> and <effect> them": one optional choice after another, each done as it is chosen,
    until the player passes or nothing is left (rules.md Z15.40); ``n`` choices reach every set of them."""
    chosen = Chosen(flt, optional=True)
    rest = _any_number(flt, effect, n - 1) if n > 1 else []
    return [effect(chosen)] + ([If(Exists(chosen), rest)] if rest else [])


_ANY_RESOURCE = Card("resource", whose="any")  # "cards in a Resource", no owner named (rules.md Z15.140)
RESOURCE = Event.PUT_INTO_RESOURCE
# B03-052's granted ability (as B01-050's): in the opponent's turn a battle of this card is one it was attacked in,
# and its end triggers only while it is on its Square (rules.md Z15.1).
_GUARD = Auto(Event.BATTLE_ENDS, If(Matches(EVENT_SUBJECT, ZX(normal_square=True)), Destroy(EVENT_SUBJECT)),
              turn="opponents")


def _khd_8000():  # B03-101: the Z/X returned (or none), its owner's deck shuffled, then this card appears
    returned = Chosen(ZX(normal_square=True), optional=True)
    return [ReturnToDeck(returned), Shuffle(ControllerOf(returned)),
            PlayToSquare(SELF, Chosen(Square(empty=True, normal=True)))]


EFFECTS: dict = {
    # When this card appears, deal 1000 damage to one Z/X on a Normal Square, yours or your opponent's.
    "B03-004": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ANY_NS), 1000))),
    # Each damage your red cards (a red Z/X attacking or by its ability, a red Event) deal to your opponent's Z/X is
    # 1000 more.
    "B03-006": ZXDefinition(Continuous(zx.DamageChange(Card("any", colour="red"), ZX("opponents"), 1000))),
    # Evol Seed: deal 5000 damage to one of your opponent's Z/X on a Normal Square.
    "B03-007": ZXDefinition(EvolSeed(DealDamage(Chosen(OPPONENT_NS), 5000))),
    # [Red 5]: Reboot this card.
    "B03-009": zx.ZXDefinition(Startup(Cost(colour=("red", 5)), zx.Reboot(SELF))),
    # Your Divine Beast cards in your hand and in your Trash cost 1 less (not to 0 or less).
    "B03-010": ZXDefinition(Continuous(zx.CostChange((Card("hand", race="Divine Beast"),
                                                      Card("trash", race="Divine Beast")), -1))),
    # Evol Seed: deal 3000 damage to one of your opponent's Z/X on a Normal Square (the starters' C01-007).
    "B03-011": ZXDefinition(EvolSeed(DealDamage(Chosen(OPPONENT_NS), 3000))),
    # Evol Seed: one of your Z/X on a Square gains Range 2 until end of turn.
    "B03-012": zx.ZXDefinition(zx.EvolSeed(zx.GainKeyword(Chosen(ZX("yours")), "range-2"))),
    # Into your Resource, with Shedar there: 3000 damage to each of your opponent's Z/X on a Normal Square.
    "B03-013": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-031"), DealDamage(
        Each(ZX("opponents", normal_square=True)), 3000)))),
    # Each of your Gigantic Z/X on Squares, this card too, has "when this card attacks, it gets +1000 until EOT".
    "B03-014": zx.ZXDefinition(zx.Continuous(zx.Grant(ZX("yours", race="Gigantic"),
                                                      Auto(Event.ATTACKS, AddPower(SELF, 1000))))),
    # Into your Resource, with Aura Unicorn there: 6000 damage to one Z/X on a Normal Square.
    "B03-015": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-047"), DealDamage(
        Chosen(ZX(normal_square=True)), 6000)))),
    # [Red 3]: deal 8000 damage to one of your opponent's Z/X on a Normal Square.
    "B03-017": ZXDefinition(Startup(Cost(("red", 3)), DealDamage(Chosen(OPPONENT_NS), 8000))),
    # Up to 2 of your opponent's Z/X on Normal Squares share 8000 damage as you choose; playable only while your
    # Life is 2 or less.
    "B03-018": EventDefinition(zx.DivideDamage(OPPONENT_NS, 8000, up_to=2), play_condition=LifeOf(YOU) <= 2),
    # 2000 damage for each red card of your Resource to one Z/X on a Normal Square.
    "B03-019": EventDefinition(DealDamage(Chosen(ZX(normal_square=True)),
                                          Count(Card("resource", colour="red")) * 2000)),
    # B03-020: a Brave Z/X of Cost 6 or less from your hand appears, Sleeping, on an empty Square (never your
    # opponent's Player Square).
    "B03-020": EventDefinition(PlayToSquare(Chosen(Card("hand", type="zx", race="Brave", cost_max=6)),
                                            Chosen(Square(empty=True)), sleeping=True)),
    # When this card appears, draw a card, then put a card of your hand on top of your deck and shuffle the deck.
    "B03-023": ZXDefinition(Auto(Event.APPEARS, Draw(1), ReturnToDeck(Chosen(Card("hand"))), Shuffle())),
    # [1 of your Charge cards into your Trash]: the top 2 cards of your deck into your Trash (used on a Square, as
    # the Japanese text reads).
    "B03-027": zx.ZXDefinition(Startup(Cost(charge=1), zx.Mill(2))),
    # When this card destroys a Z/X in battle, you may return one of your opponent's Z/X of Cost 3 or less on a
    # Normal Square to its owner's hand (the starters' C02-008).
    "B03-028": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE,
                                 May(ReturnToHand(Chosen(ZX("opponents", normal_square=True, cost_max=3)))))),
    # Into your Resource, with Hanazuo there: one of your opponent's Z/X on a Normal Square back to its owner's hand.
    "B03-029": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-093"), ReturnToHand(
        Chosen(ZX("opponents", normal_square=True)))))),
    # When this card or another Killer Machine of yours appears, you may return one of your Z/X of Cost 3 or less on
    # a Square to your hand (this card is a Killer Machine: one filter watches both).
    "B03-030": ZXDefinition(Auto(Event.APPEARS, May(ReturnToHand(Chosen(ZX("yours", cost_max=3)))),
                                 subject=ZX("yours", race="Killer Machine"))),
    # Into your Resource, with Azi Dahaka there: draw a card.
    "B03-031": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-013"), Draw(1)))),
    # Evol Seed: you may return one of your opponent's Z/X of Cost 3 or less on a Normal Square to its owner's hand.
    "B03-032": ZXDefinition(EvolSeed(May(ReturnToHand(Chosen(ZX("opponents", normal_square=True, cost_max=3)))))),
    # This card cannot appear on a Player Square.
    "B03-033": zx.ZXDefinition(zx.Continuous(zx.Restriction("appear_on_player_square"))),
    # [Blue 1]: return one of your opponent's Z/X of Cost 3 or less on a Normal Square to its owner's hand.
    "B03-034": ZXDefinition(Startup(Cost(("blue", 1)),
                                    ReturnToHand(Chosen(ZX("opponents", normal_square=True, cost_max=3))))),
    # Evol Seed: you may move one Z/X on a Normal Square, either player's, to an empty Normal Square next to it.
    "B03-035": ZXDefinition(EvolSeed(May(
        MoveTo(_WAGNEA_ZX, Chosen(Square(empty=True, normal=True, adjacent_to=_WAGNEA_ZX)))))),
    # Each of your Metal Fortress Z/X on Squares without the Ignition icon (this card too) has Range 2.
    "B03-036": zx.ZXDefinition(zx.Continuous(zx.HasKeyword(ZX("yours", race="Metal Fortress"), "range-2"),
                                             ~Matches(EVENT_SUBJECT, ZX(ignition=True)))),
    # [Blue 1]: this card onto an empty Square other than your opponent's Player Square; not while in battle.
    "B03-037": ZXDefinition(Startup(Cost(("blue", 1)), MoveTo(SELF, Chosen(Square(empty=True,
                                                                                 not_player_square="opponents"))),
                                    condition=Matches(SELF, ZX(not_in_battle=True)))),
    # Draw 3 cards, then put two cards of your hand on top of your deck, one after the other, and shuffle it.
    "B03-038": EventDefinition(Draw(3), ReturnToDeck(Chosen(Card("hand"))), ReturnToDeck(Chosen(Card("hand"))),
                               Shuffle()),
    # Look at the top 5 cards of your deck and put them back on top in any order.
    "B03-039": zx.EventDefinition(zx.LookAtTop(5, zx.Reorder())),
    # Put one of your opponent's Z/X on a Normal Square on top of its owner's deck, then shuffle that deck.
    "B03-040": EventDefinition(ReturnToDeck(Chosen(OPPONENT_NS)), Shuffle(OPPONENT)),
    # Into your Resource, with Cars there: one card of your Charge back to your hand.
    "B03-046": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-073"), ReturnToHand(Chosen(Card("charge")))))),
    # Into your Resource, with Richard I there: one Z/X on a Normal Square gets -5000 until end of turn.
    "B03-047": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-015"), AddPower(
        Chosen(ZX(normal_square=True)), -5000)))),
    # Has the Ignition icon while your Life is 1 (the starters' C01-013).
    "B03-048": ZXDefinition(IgnitionIcon(Equals(LifeOf(YOU), 1))),
    # Evol Seed: one of your opponent's Z/X on a Normal Square gets -3000 Power until end of turn.
    "B03-050": ZXDefinition(EvolSeed(AddPower(Chosen(OPPONENT_NS), -3000))),
    # Your opponent's Charge limit is 2 less.
    "B03-051": ZXDefinition(Continuous(ChargeLimit(Player("opponents"), -2))),
    # Each of your Guardian Z/X on Squares, this card too, destroys at the end of a battle it was attacked in and
    # survived the Z/X that attacked it, when that one is on a Normal Square.
    "B03-052": zx.ZXDefinition(zx.Continuous(zx.Grant(ZX("yours", race="Guardian"), _GUARD))),
    # Evol Seed: one white Event of Cost 3 or less from your Trash back to your hand.
    "B03-054": ZXDefinition(EvolSeed(ReturnToHand(Chosen(Card("trash", type="event", colour="white", cost_max=3))))),
    # Each of your Holy Beast Z/X on Squares, this card too, has "when destroyed, your Z/X on Squares +2000 EOT".
    "B03-055": zx.ZXDefinition(zx.Continuous(zx.Grant(ZX("yours", race="Holy Beast"), Auto(
        Event.DESTROYED, AddPower(Each(ZX("yours")), 2000))))),
    # B03-056: Evol Seed: this card is removed from the game; then up to three cards of your Trash go into your deck,
    # which is shuffled.
    "B03-056": ZXDefinition(EvolSeed(
        RemoveFromGame(SELF), ReturnToDeck(Chosen(Card("trash"), optional=True)),
        ReturnToDeck(Chosen(Card("trash"), optional=True)), ReturnToDeck(Chosen(Card("trash"), optional=True)),
        Shuffle())),
    # You are not dealt damage.
    "B03-057": zx.ZXDefinition(zx.Continuous(zx.Restriction("be_dealt_damage", Player("yours")))),
    # One Z/X on a Normal Square, either player's, gets -2000 Power until end of turn for each card in your Charge.
    "B03-058": EventDefinition(AddPower(Chosen(ANY_NS), StatOf(YOU, "charge") * -2000)),
    # If your Life is 1, put this card face down into your Life.
    "B03-059": zx.EventDefinition(If(Equals(zx.LifeOf(YOU), 1), zx.PutIntoLife(SELF))),
    # Put up to two cards of either player's Charge into their owners' Trash.
    "B03-060": EventDefinition(PutIntoTrash(Chosen(Card("charge", whose="any"), optional=True)),
                               PutIntoTrash(Chosen(Card("charge", whose="any"), optional=True))),
    # +1000 Power while your Trash holds 10 cards or more.
    "B03-064": ZXDefinition(Continuous(PowerChange(THIS, 1000), StatOf(YOU, "trash") >= 10)),
    # Evol Seed: return one Z/X of Cost 3 or less from your Trash to your hand.
    "B03-067": ZXDefinition(EvolSeed(ReturnToHand(Chosen(Card("trash", type="zx", cost_max=3))))),
    # When your Predator destroys by battle: destroy an opponent's Cost 5 or less Z/X on a Normal Square.
    "B03-068": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, Destroy(
        Chosen(ZX("opponents", normal_square=True, cost_max=5))), subject=ZX("yours", race="Predator"))),
    # Into your Resource, with 5+ cards there and Great Hercules among them: the deck's top card into Charge.
    "B03-069": ZXDefinition(Auto(RESOURCE, If(AtLeast(ResourceSize(YOU), 5) & Holds("resource", "B03-092"),
                                              TopToCharge(1)))),
    # When one of your Undead (this card included) destroys an opponent's Z/X by battle, put the top 2 cards of
    # your deck into your Trash.
    "B03-070": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, zx.Mill(2), subject=ZX("yours", race="Undead"))),
    # Evol Seed: destroy one of your opponent's Z/X of Cost 3 or less on a Normal Square (the starters' C02-015).
    "B03-071": ZXDefinition(EvolSeed(Destroy(Chosen(ZX("opponents", normal_square=True, cost_max=3))))),
    # +1000 Power while your opponent has 2 cards or fewer in hand.
    "B03-072": ZXDefinition(Continuous(PowerChange(THIS, 1000), HandSize(OPPONENT) <= 2)),
    # Into your Resource, with Illusion there: destroy one Cost 3 or less Z/X on a Normal Square.
    "B03-073": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-046"), Destroy(
        Chosen(ZX(normal_square=True, cost_max=3)))))),
    # Evol Seed: you may pay [Black 6]; if you did, this card (still in your Trash) appears, in Reboot, on an empty
    # Square other than your opponent's Player Square (rules.md Z15.201).
    "B03-074": ZXDefinition(EvolSeed(If(Matches(SELF, Card("trash")), zx.Pay(("black", 6), PlayToSquare(
        SELF, Chosen(Square(empty=True))))))),
    # When this card appears, if your Trash holds 20 cards or more, destroy one Z/X on a Normal Square.
    "B03-075": ZXDefinition(Auto(Event.APPEARS, If(StatOf(YOU, "trash") >= 20, Destroy(Chosen(ANY_NS))))),
    # When this card appears, put up to 2 cards of your Trash into your Charge.
    "B03-076": zx.ZXDefinition(Auto(Event.APPEARS, zx.PutIntoCharge(zx.Several(Card("trash"), 2, up_to=True)))),
    # [Put a card of your hand into your Trash]: destroy any number of Z/X of Cost 3 or less on Normal Squares,
    # either player's.
    "B03-077": ZXDefinition(Startup(Cost(discard=1),
                                    _any_number(ZX(normal_square=True, cost_max=3), Destroy))),
    # Destroy one Z/X of Cost 6 or more on a Normal Square, either player's.
    "B03-078": EventDefinition(Destroy(Chosen(ZX(normal_square=True, cost_min=6)))),
    # If your Trash holds 25 Undead cards or more, destroy one Z/X on a Normal Square; if one was destroyed, put every
    # Undead card of your Trash into your deck and shuffle it.
    "B03-079": EventDefinition(If(Count(Card("trash", race="Undead")) >= 25, [
        Destroy(_DISASTER_ZX),
        If(Exists(_DISASTER_ZX), [ReturnToDeck(Each(Card("trash", race="Undead"))), Shuffle()])])),
    # Destroy one red, blue, white or green Z/X on a Normal Square; then this card goes into your Charge.
    "B03-080": EventDefinition(Destroy(Chosen(ZX(normal_square=True, colour=("red", "blue", "white", "green")))),
                               PutIntoCharge(SELF)),
    # When this card appears, one Z/X on a Square, either player's, gets +1000 Power until end of turn.
    "B03-083": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(ZX()), 1000))),
    # When this card appears, if your opponent's Resource holds 6 cards or fewer, one Z/X on a Square gets +2000
    # Power until end of turn.
    "B03-085": ZXDefinition(Auto(Event.APPEARS, If(ResourceSize(OPPONENT) <= 6, AddPower(Chosen(ZX()), 2000)))),
    # When this card appears, one Z/X on a Square gets +2000 Power until end of turn for each Lycanthrope of yours on
    # a Square (this card included), counted as the ability resolves.
    "B03-088": ZXDefinition(Auto(Event.APPEARS,
                                 AddPower(Chosen(ZX()), Count(ZX("yours", race="Lycanthrope")) * 2000))),
    # Evol Seed: you may return one card of your Resource to your hand.
    "B03-090": ZXDefinition(EvolSeed(May(ReturnToHand(Chosen(Card("resource")))))),
    # Evol Seed: you may put one card of your Charge into your Resource, sleeping.
    "B03-091": ZXDefinition(EvolSeed(May(PutIntoResource(Chosen(Card("charge")), sleeping=True)))),
    # Into your Resource, with Tacitus there: you may have this card (still in your Resource) appear, Sleeping, on
    # an empty Normal Square (rules.md Z15.201).
    "B03-092": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B03-069") & Matches(SELF, Card("resource")), May(
        PlayToSquare(SELF, Chosen(Square(empty=True, normal=True)), sleeping=True))))),
    # Into your Resource, with 5+ cards there and Duel among them: may put the deck's top card into it, Sleeping.
    "B03-093": ZXDefinition(Auto(RESOURCE, If(AtLeast(ResourceSize(YOU), 5) & Holds("resource", "B03-029"),
                                              May(TopToResource(YOU, sleeping=True))))),
    # Each of your Leafling Z/X on Squares goes into your Resource, Sleeping, instead of your Charge when destroyed.
    "B03-094": zx.ZXDefinition(zx.Continuous(zx.Grant(ZX("yours", race="Leafling"), zx.ReplaceDestroy()))),
    # When this card destroys a Z/X in battle, you may put the top card of your deck into your Resource, sleeping.
    "B03-095": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, May(TopToResource(YOU, sleeping=True)))),
    # When this card destroys an opponent's Z/X in battle, Reboot 3 cards in Resources (either player's).
    "B03-096": zx.ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, zx.Reboot(zx.Several(_ANY_RESOURCE, 3)))),
    # [Green 5]: a Z/X of your Resource, not one named Grass-Flower Dragon, Ivy Wing, appears, in Reboot, on an empty
    # Normal Square.
    "B03-097": ZXDefinition(Startup(Cost(("green", 5)), PlayToSquare(
        Chosen(Card("resource", type="zx", not_name="B03-097")), Chosen(Square(empty=True, normal=True))))),
    # A Z/X of Cost 3 or less attacking you or a Z/X on a Player Square deals no damage until end of turn (the
    # starters' C04-021).
    "B03-098": EventDefinition(NoDamage(Chosen(ZX(cost_max=3, attacking=zx.Player("yours"))
                                               | ZX(cost_max=3, attacking=ZX(player_square=True))))),
    # Put one card of your Charge into your Resource, sleeping.
    "B03-099": EventDefinition(PutIntoResource(Chosen(Card("charge")), sleeping=True)),
    # Reboot up to 6 cards in Resources (either player's); then put this card into your Charge.
    "B03-100": zx.EventDefinition(zx.Reboot(zx.Several(_ANY_RESOURCE, 6, up_to=True)), zx.PutIntoCharge(SELF)),
    # [Sleep 5 of your Metal Fortress Z/X on Squares], only while this card is in your hand: up to one Z/X of either
    # player on a Normal Square goes into its owner's deck, which is shuffled; then this card appears in Reboot on an
    # empty Normal Square (rules.md Z15.355, Z15.356).
    "B03-101": ZXDefinition(Startup(Cost(sleep_zx=ZX("yours", race="Metal Fortress"), sleep_zx_count=5), *_khd_8000(),
                                    zone="hand")),
    # B03-102: when this card appears, with 13 or more Z/X of Cost 7 or more in your Trash, up to three Z/X of Cost 7
    # or less from your Trash appear, in Reboot, on empty Normal Squares, one after the other.
    "B03-102": ZXDefinition(Auto(Event.APPEARS, If(Count(Card("trash", type="zx", cost_min=7)) >= 13, PlayToSquare(
        Chosen(Card("trash", type="zx", cost_max=7), optional=True), Chosen(Square(empty=True, normal=True)),
        up_to=3)))),
    # When this card appears, if your Resource holds 20 or more cards, 1 damage to your opponent.
    "B03-103": zx.ZXDefinition(Auto(Event.APPEARS, If(zx.ResourceSize(YOU) >= 20, zx.DamagePlayer(OPPONENT, 1)))),
}
