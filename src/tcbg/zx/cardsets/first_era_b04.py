"""Definitions of the abilities of the B04 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import EVENT_SUBJECT, SELF, YOU, Chosen, ControllerOf, Each
from tcbg.effects.values import AtLeast, Count, Equals, Exists, Matches, StatOf
from tcbg.zx.effects import language as zx
from tcbg.zx.effects.language import (OPPONENT, THIS, ZX, AddPower, Auto, Card, Continuous, Cost, DealDamage, Destroy,
                                      Draw, Event, EventDefinition, EvolSeed, HandSize, Holds, IgnitionIcon, MoveTo,
                                      PlayFrom, PlayToSquare, PowerChange, PutIntoResource, PutIntoTrash,
                                      RemoveFromGame, Repeat, ResourceSize, ReturnToDeck, ReturnToHand, Shuffle, Square,
                                      Startup, ZXDefinition)

ANY_NS = ZX(normal_square=True)                    # "1 Z/X (either player's) on a Normal Square"
OPPONENT_NS = ZX("opponents", normal_square=True)  # "1 of your opponent's Z/X on a Normal Square"
BATTLE_SUITS_IN_CHARGE = Count(Card("charge", race="Battle Suit"))
# B04-014: "up to 2" is two choices that may choose nothing; the second, naming the first again, adds nothing
# (rules.md Z15.61).
_HADES_FIRST = Chosen(OPPONENT_NS, optional=True)
_HADES_SECOND = Chosen(OPPONENT_NS, optional=True)
# B04-030: the Z/X and then a Square next to it: the same Chosen object in both is one choice.
_FIORE_ZX = Chosen(ZX(normal_square=True, not_in_battle=True))
# B04-031: the owner of the Z/X put into the deck shuffles that deck.
_CAPELLA_ZX = Chosen(OPPONENT_NS)
# B04-076 and B04-079: "if you did" is "if a Z/X was chosen (and so destroyed)".
_AVARITIA_OWN = Chosen(ZX("yours", other=True))
_SICKLE_OWN = Chosen(ZX("yours"))


def _destroy_any_number(filter_, left: int) -> list:
    """"Choose any number of ... and destroy them" (B04-080, rules.md Z15.62): one optional choice after another,
    each destroyed at once (so never chosen twice), until the player chooses nothing or ``left`` choices (as many
    as there are Normal Squares) have been made."""
    one = Chosen(filter_, optional=True)
    rest = _destroy_any_number(filter_, left - 1) if left > 1 else []
    return [Destroy(one), If(Exists(one), rest)] if rest else [Destroy(one)]


_ANY_RESOURCE = Card("resource", whose="any")  # "cards in a Resource", no owner named (rules.md Z15.140)
_SKINSHIP_SLEPT = Chosen(ZX("yours"))
_SHOCK_ZX = Chosen(ZX("opponents", normal_square=True))
RESOURCE = Event.PUT_INTO_RESOURCE
YOUR_SEED = ZX("yours", evol_seed=True)  # "one of your Z/X with the Evol Seed icon"
_HAFNIUM_SEED = Chosen(Card("hand", evol_seed=True))
_VEGA_SEED = Chosen(Card("hand", evol_seed=True))
_URSUS_CARD = Chosen(Card("hand"))


def _seeds(zone: str, n: int):
    """"Your <zone> holds n or more cards with the Evol Seed icon"."""
    return AtLeast(Count(Card(zone, evol_seed=True)), n)


_FLARE_FUEL = Chosen(Card("trash", whose="opponents", type="zx"))  # B04-018: the Z/X it removes
_DAMAVAND = Chosen(ZX("opponents", army_area="yours"))  # B04-050: the Z/X Slept is the one kept Sleeping
# B04-093: "this card appears in Reboot on an empty Square other than your opponent's Player Square"
_APPEAR_SELF = PlayToSquare(SELF, Chosen(Square(empty=True, not_player_square="opponents")))
# The Evol Seed of B04's Events: "you may put 1 card of your hand into your Trash; if you did, return this card (still
# in the Trash) to your hand" (rules.md Z15.182).
_SEED_DISCARD = Chosen(Card("hand"))
_BEAR = zx.OnPlayerSquare(YOU)  # B04-019: the Z/X on your Player Square
_EVENT_SEED = EvolSeed(May(PutIntoTrash(_SEED_DISCARD), If(Exists(_SEED_DISCARD) & Matches(SELF, Card("trash")),
                                                            ReturnToHand(SELF))))


EFFECTS: dict = {
    # When this card attacks, it gets +1000 Power until end of turn.
    "B04-001": ZXDefinition(Auto(Event.ATTACKS, AddPower(SELF, 1000))),
    # +1000 Power while your hand is empty.
    "B04-004": ZXDefinition(Continuous(PowerChange(THIS, 1000), HandSize(YOU) <= 0)),
    # When a Z/X of yours with the Evol Seed icon appears: 5000 damage to one Z/X on a Normal Square.
    "B04-006": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ZX(normal_square=True)), 5000), subject=YOUR_SEED)),
    # From your Charge: [Red 2, this card from Charge to Trash] 5000 damage to a Z/X on a Normal Square.
    "B04-007": ZXDefinition(
        Startup(Cost(("red", 2), this_to_trash=True), DealDamage(Chosen(ANY_NS), 5000), from_charge=True)),
    # [Red 2, destroy this card], only with an empty hand: 8000 damage to a Z/X on a Normal Square.
    "B04-009": ZXDefinition(
        Startup(Cost(("red", 2), destroy=True), DealDamage(Chosen(ANY_NS), 8000), condition=HandSize(YOU) <= 0)),
    # [Red 2, destroy this card], only with an empty hand: 10000 damage to an opponent's Z/X on a Normal Square.
    "B04-010": ZXDefinition(
        Startup(Cost(("red", 2), destroy=True), DealDamage(Chosen(OPPONENT_NS), 10000),
                condition=HandSize(YOU) <= 0)),
    # When this card or another Brave Z/X of yours appears: 2000 damage to a Z/X on a Normal Square.
    "B04-011": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(ANY_NS), 2000), subject=ZX("yours", race="Brave"))),
    # Into your Resource, with 5+ Resource cards and Jager among them: you may have a Z/X of Cost 3 or less from your
    # hand appear in Reboot on an empty Normal Square; at the end of the turn it goes back to its owner's hand if it is
    # still on a Square (rules.md Z15.320).
    "B04-012": ZXDefinition(
        Auto(RESOURCE, If(AtLeast(ResourceSize(YOU), 5) & Holds("resource", "B04-073"), May(zx.Remember(PlayToSquare(
            Chosen(Card("hand", type="zx", cost_max=3)), Chosen(Square(empty=True, normal=True))))))),
        zx.AtTurnEnd(ReturnToHand(Each(zx.Remembered())))),
    # +2000 Power while your Resource holds 9 cards or fewer.
    "B04-013": ZXDefinition(Continuous(PowerChange(THIS, 2000), ResourceSize(YOU) <= 9)),
    # Evol Seed: 2000 damage to each of up to two of your opponent's Z/X on Normal Squares.
    "B04-014": ZXDefinition(EvolSeed(
        DealDamage(_HADES_FIRST, 2000),
        If(~Equals(StatOf(_HADES_SECOND, "square"), StatOf(_HADES_FIRST, "square")),
           DealDamage(_HADES_SECOND, 2000)))),
    # Into your Resource, with Wereursus there: you may pay [Red 5]; if you did, a Z/X of Cost 7 or less from your
    # hand appears, in Reboot, on an empty Square other than your opponent's Player Square.
    "B04-015": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B04-090"), zx.Pay(("red", 5), PlayToSquare(
        Chosen(Card("hand", type="zx", cost_max=7)), Chosen(Square(empty=True))))))),
    # B04-016: Evol Seed: with 8 cards in your Trash, you may remove 8 of them from the game; then this card appears,
    # Sleeping, on an empty Square other than your opponent's Player Square (unless it was one of the 8).
    "B04-016": ZXDefinition(EvolSeed(If(Count(Card("trash")) >= 8, May(
        Repeat(8, RemoveFromGame(Chosen(Card("trash")))),
        PlayToSquare(SELF, Chosen(Square(empty=True)), sleeping=True))))),
    # One attacking Z/X gets +5000 Power until end of turn.
    "B04-017": EventDefinition(AddPower(Chosen(ZX(attacking=True)), 5000)),
    # B04-018: remove a Z/X of your opponent's Trash from the game; if you did, deal damage equal to its printed
    # Power to one of your opponent's Z/X on a Normal Square.
    "B04-018": EventDefinition(RemoveFromGame(_FLARE_FUEL), If(Exists(_FLARE_FUEL), DealDamage(
        Chosen(ZX("opponents", normal_square=True)), StatOf(_FLARE_FUEL, "power")))),
    # If a Z/X is on your Player Square, deal damage equal to its Power to one of your opponent's Z/X on a Normal Square
    # of your choice. Evol Seed: as B04-040's.
    "B04-019": EventDefinition(If(Exists(_BEAR), DealDamage(Chosen(OPPONENT_NS), StatOf(_BEAR, "power"))),
                               evol_seed=_EVENT_SEED),
    # Sleep 1 of your Z/X on a Square; if you did (it was Rebooted), Reboot 1 of your Z/X on a Square (rules.md
    # Z15.141).
    "B04-020": zx.EventDefinition(If(Equals(StatOf(_SKINSHIP_SLEPT, "sleeping"), 0),
                                     [zx.Sleep(_SKINSHIP_SLEPT), zx.Reboot(Chosen(ZX("yours")))])),
    # When this card appears, the top card of your deck into your Trash.
    "B04-021": zx.ZXDefinition(Auto(Event.APPEARS, zx.Mill(1))),
    # +1000 while your Charge holds a card with the Evol Seed icon.
    "B04-022": ZXDefinition(Continuous(PowerChange(THIS, 1000), _seeds("charge", 1))),
    # When this card appears, you may return an opponent's Z/X of Power 9000 or more on a Normal Square to hand.
    "B04-024": ZXDefinition(Auto(Event.APPEARS, May(
        ReturnToHand(Chosen(ZX("opponents", normal_square=True, power_min=9000)))))),
    # Into your Resource, with Skeletal Dancer there: draw 2, then put 2 cards of your hand into your Trash.
    "B04-027": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B04-074"), [
        Draw(2), PutIntoTrash(Chosen(Card("hand"))), PutIntoTrash(Chosen(Card("hand")))]))),
    # Evol Seed: you may pay [Blue 2]; if you did, 1 of your opponent's Z/X on a Normal Square into its owner's deck,
    # which is shuffled.
    "B04-029": zx.ZXDefinition(EvolSeed(zx.Pay(("blue", 2), zx.ReturnToDeck(_SHOCK_ZX),
                                               zx.Shuffle(ControllerOf(_SHOCK_ZX))))),
    # From your Charge: [Blue 1, this card to Trash] you may move a Z/X not in battle between adjacent Normal Squares.
    "B04-030": ZXDefinition(Startup(
        Cost(("blue", 1), this_to_trash=True),
        May(MoveTo(_FIORE_ZX, Chosen(Square(empty=True, normal=True, adjacent_to=_FIORE_ZX)))), from_charge=True)),
    # Appears with 2+ Battle Suits in your Charge: an opponent's Z/X on a Normal Square shuffled into its deck.
    "B04-031": ZXDefinition(Auto(Event.APPEARS, If(
        BATTLE_SUITS_IN_CHARGE >= 2, [ReturnToDeck(_CAPELLA_ZX), Shuffle(ControllerOf(_CAPELLA_ZX))]))),
    # Evol Seed: you may pay [Blue 1]; if you did, draw 1 card.
    "B04-032": zx.ZXDefinition(EvolSeed(zx.Pay(("blue", 1), zx.Draw(1)))),
    # On destroying by battle: may trash an Evol Seed card from hand; if so, a Z/X on a Normal Square to deck top.
    "B04-033": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, May(PutIntoTrash(_HAFNIUM_SEED), If(
        Exists(_HAFNIUM_SEED), ReturnToDeck(Chosen(ZX(normal_square=True))))))),
    # Into your Resource, with Pixie-bob there: look at the top 3 cards of your deck, put them back in any order.
    "B04-034": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B04-049"), zx.LookAtTop(3, zx.Reorder())))),
    # On appearing: may shuffle an Evol Seed card of your hand into your deck; if so, draw 2.
    "B04-035": ZXDefinition(Auto(Event.APPEARS, May(ReturnToDeck(_VEGA_SEED), If(Exists(_VEGA_SEED), [
        Shuffle(), Draw(2)])))),
    # While your Player card is Raichou Chou, this card has Isolate (on the Squares only, ruling B04-036 Q1).
    "B04-036": zx.ZXDefinition(zx.Continuous(zx.HasKeyword(THIS, "isolate"), zx.PlayerCardIs("雷鳥 超"))),
    # The top 3 cards of your deck into your Trash.
    "B04-037": zx.EventDefinition(zx.Mill(3)),
    # An opponent's Z/X of Cost 5 or more on a Normal Square back to its owner's hand.
    "B04-038": EventDefinition(ReturnToHand(Chosen(ZX("opponents", normal_square=True, cost_min=5)))),
    # An opponent's Z/X on a Normal Square to hand: any with a Battle Suit in your Charge, else one of Cost <= 3.
    "B04-039": EventDefinition(If(BATTLE_SUITS_IN_CHARGE >= 1, ReturnToHand(Chosen(OPPONENT_NS)),
                                  ReturnToHand(Chosen(ZX("opponents", normal_square=True, cost_max=3))))),
    # Return all of your opponent's Z/X on Squares adjacent to your opponent's Player Square to their owner's hand.
    # Evol Seed: you may put 1 card of your hand into your Trash; if you did, return this card to your hand.
    "B04-040": EventDefinition(ReturnToHand(Each(ZX("opponents", adjacent_to=Square(player_square="opponents")))),
                               evol_seed=_EVENT_SEED),
    # Your Z/X on Squares of your Army Area get +1000 Power.
    "B04-041": ZXDefinition(Continuous(PowerChange(ZX("yours", army_area=True), 1000))),
    # +2000 while a Z/X of yours with the Evol Seed icon is on a Square.
    "B04-043": ZXDefinition(Continuous(PowerChange(THIS, 2000), AtLeast(Count(YOUR_SEED), 1))),
    # When this card attacks a Z/X of Cost 4 or less, that Z/X gets -2000 Power until end of turn.
    "B04-044": ZXDefinition(Auto(Event.ATTACKS, If(Matches(EVENT_SUBJECT, ZX(cost_max=4)),
                                                   AddPower(EVENT_SUBJECT, -2000)))),
    # Evol Seed: your opponent's Z/X on Squares get -1000 Power until end of turn.
    "B04-047": ZXDefinition(EvolSeed(AddPower(Each(ZX("opponents")), -1000))),
    # Into your Resource, with Polonium there: one white Event of Cost 3 or less from your Trash to your hand.
    "B04-049": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B04-034"), ReturnToHand(
        Chosen(Card("trash", type="event", colour="white", cost_max=3)))))),
    # Into your Resource, with Jasmine there: Sleep an opponent's Z/X in your Army Area; no Reboot for it in your
    # opponent's next Reboot Phase.
    "B04-050": zx.ZXDefinition(Auto(Event.PUT_INTO_RESOURCE, If(zx.Holds("resource", "B04-095"), [
        zx.Sleep(_DAMAVAND), zx.Freeze(_DAMAVAND)]))),
    # When a Z/X of yours with the Evol Seed icon appears: up to one card of either Charge into its owner's Trash.
    "B04-051": ZXDefinition(Auto(Event.APPEARS, PutIntoTrash(Chosen(Card("charge", "any"), optional=True)),
                                 subject=YOUR_SEED)),
    # B04-052: Evol Seed: a Z/X of Cost 6 or less from your Charge appears, Sleeping, on an empty Normal Square.
    "B04-052": ZXDefinition(EvolSeed(PlayToSquare(Chosen(Card("charge", type="zx", cost_max=6)),
                                                  Chosen(Square(empty=True, normal=True)), sleeping=True))),
    # When this card appears, if you have 3 or more Angel Z/X on Squares, 1 Z/X of Cost 5 or less on a Normal Square
    # (either player's) goes to the bottom of its owner's deck.
    "B04-053": zx.ZXDefinition(Auto(Event.APPEARS, If(Count(ZX("yours", race="Angel")) >= 3, zx.PutOnBottom(
        Chosen(ZX(normal_square=True, cost_max=5)))))),
    # B04-054: [White 3]: a Z/X of Cost 4 or less from your Charge appears, in Reboot, on an empty Square (never your
    # opponent's Player Square).
    "B04-054": ZXDefinition(Startup(Cost(("white", 3)), PlayToSquare(Chosen(Card("charge", type="zx", cost_max=4)),
                                                                      Chosen(Square(empty=True))))),
    # From your Charge, [White 1, this card from your Charge into your Trash]: Sleep up to 3 cards in Resources
    # (either player's).
    "B04-055": zx.ZXDefinition(Startup(Cost(colour=("white", 1), this_to_trash=True),
                                       zx.Sleep(zx.Several(_ANY_RESOURCE, 3, up_to=True)), from_charge=True)),
    # This card is not dealt any single damage of 5000 or less.
    "B04-056": ZXDefinition(Continuous(zx.PreventDamage(5000))),
    # One Z/X being attacked in your Army Area gets +2000 Power until end of turn. Evol Seed: as B04-040's.
    "B04-057": EventDefinition(AddPower(Chosen(ZX(attacked=True, army_area="yours")), 2000), evol_seed=_EVENT_SEED),
    # A card of your Charge back to your hand.
    "B04-058": EventDefinition(ReturnToHand(Chosen(Card("charge")))),
    # Destroy a Z/X attacking you or a Z/X on a Player Square.
    "B04-059": EventDefinition(Destroy(Chosen(ZX("opponents", attacking=True) | ZX(player_square=True)))),
    # Your opponent's Z/X on Normal Squares get -5000 Power until end of turn.
    "B04-060": EventDefinition(AddPower(Each(OPPONENT_NS), -5000)),
    # +1000 Power while your Trash holds 10 cards or more.
    "B04-061": ZXDefinition(Continuous(PowerChange(THIS, 1000), StatOf(YOU, "trash") >= 10)),
    # Evol Seed: you may pay [Black 2]; if you did, this card (still in your Trash) appears, in Reboot, on an empty
    # Square other than your opponent's Player Square (rules.md Z15.201).
    "B04-062": ZXDefinition(EvolSeed(If(Matches(SELF, Card("trash")), zx.Pay(("black", 2), PlayToSquare(
        SELF, Chosen(Square(empty=True))))))),
    # +1000 while your Trash holds 4 or more cards with the Evol Seed icon.
    "B04-064": ZXDefinition(Continuous(PowerChange(THIS, 1000), _seeds("trash", 4))),
    # When a Z/X of yours with the Evol Seed icon appears: destroy one of your opponent's Z/X on a Normal Square.
    "B04-067": ZXDefinition(Auto(Event.APPEARS, Destroy(Chosen(ZX("opponents", normal_square=True))),
                                 subject=YOUR_SEED)),
    # From your Charge: [Black 2, this card to Trash] destroy an opponent's Z/X of Cost 3 or less on a Normal Square.
    "B04-069": ZXDefinition(Startup(
        Cost(("black", 2), this_to_trash=True), Destroy(Chosen(ZX("opponents", normal_square=True, cost_max=3))),
        from_charge=True)),
    # Evol Seed: destroy an opponent's Z/X of Cost 6 or more on a Normal Square.
    "B04-070": ZXDefinition(EvolSeed(Destroy(Chosen(ZX("opponents", normal_square=True, cost_min=6))))),
    # When one of your opponent's Z/X is destroyed: +2000 until end of turn.
    "B04-071": ZXDefinition(Auto(Event.DESTROYED, AddPower(SELF, 2000), subject=ZX("opponents"))),
    # +2000 while your Trash holds 4 or more cards with the Evol Seed icon.
    "B04-072": ZXDefinition(Continuous(PowerChange(THIS, 2000), _seeds("trash", 4))),
    # Works from your Resource: while Spinel Penguin is in your Resource too, during your turn each of your opponent's
    # Z/X on Squares costs 2 less, not below 1 (several stack, ruling; rules.md Z15.321).
    "B04-073": ZXDefinition(zx.FromResource(zx.CostChange(ZX("opponents"), -2),
                                            zx.YourTurn() & Holds("resource", "B04-012"))),
    # Into your Resource, with Amadeus there: you may pay [Black 2]; if you did, a Z/X of Cost 7 or less from your
    # Trash appears in Reboot on an empty Normal Square, and at the end of the turn it is removed from the game if it
    # is still on a Square (rules.md Z15.320).
    "B04-074": ZXDefinition(
        Auto(RESOURCE, If(Holds("resource", "B04-027"), zx.Pay(("black", 2), zx.Remember(PlayToSquare(
            Chosen(Card("trash", type="zx", cost_max=7)), Chosen(Square(empty=True, normal=True))))))),
        zx.AtTurnEnd(RemoveFromGame(Each(zx.Remembered())))),
    # When this card appears, your opponent discards a card of their choice; a second one with 10+ Resource cards.
    "B04-075": ZXDefinition(Auto(
        Event.APPEARS, PutIntoTrash(Chosen(Card("hand", whose="opponents"), chooser=OPPONENT)),
        If(ResourceSize(OPPONENT) >= 10, PutIntoTrash(Chosen(Card("hand", whose="opponents"), chooser=OPPONENT))))),
    # Appears: you may destroy another Z/X of yours; if you did, up to two Cost <= 6 Z/X from Trash to hand.
    "B04-076": ZXDefinition(Auto(Event.APPEARS, May(
        Destroy(_AVARITIA_OWN),
        If(Exists(_AVARITIA_OWN), [ReturnToHand(Chosen(Card("trash", type="zx", cost_max=6), optional=True)),
                                   ReturnToHand(Chosen(Card("trash", type="zx", cost_max=6), optional=True))])))),
    # Put 1 card of your Trash into your Charge.
    "B04-077": zx.EventDefinition(zx.PutIntoCharge(Chosen(Card("trash")))),
    # Return 1 Z/X of Cost 5 or less of your Trash to your hand. Evol Seed: as B04-040's.
    "B04-078": EventDefinition(ReturnToHand(Chosen(Card("trash", type="zx", cost_max=5))), evol_seed=_EVENT_SEED),
    # Destroy a Z/X of yours; if you did, destroy a Z/X of Cost 5 or less on a Normal Square.
    "B04-079": EventDefinition(
        Destroy(_SICKLE_OWN), If(Exists(_SICKLE_OWN), Destroy(Chosen(ZX(normal_square=True, cost_max=5))))),
    # Destroy any number of Z/X on Normal Squares.
    "B04-080": EventDefinition(*_destroy_any_number(ANY_NS, 7)),
    # When this card is destroyed in your opponent's turn, Reboot up to 2 cards in Resources (either player's).
    "B04-081": zx.ZXDefinition(Auto(Event.DESTROYED, zx.Reboot(zx.Several(_ANY_RESOURCE, 2, up_to=True)),
                                    turn="opponents")),
    # +1000 while your Resource holds 4 or more cards with the Evol Seed icon.
    "B04-083": ZXDefinition(Continuous(PowerChange(THIS, 1000), _seeds("resource", 4))),
    # Has the Ignition icon while your Resource holds 9 cards or more.
    "B04-086": ZXDefinition(IgnitionIcon(ResourceSize(YOU) >= 9)),
    # Evol Seed: you may put a card of your hand into your Resource, sleeping.
    "B04-088": ZXDefinition(EvolSeed(May(PutIntoResource(Chosen(Card("hand")), sleeping=True)))),
    # From your Charge: [Green 4, this card to Trash] an opponent's Z/X on a Normal Square into Resource, sleeping.
    "B04-089": ZXDefinition(Startup(
        Cost(("green", 4), this_to_trash=True), PutIntoResource(Chosen(OPPONENT_NS), sleeping=True),
        from_charge=True)),
    # Into your Resource, with Spark Launcher there: may put a hand card into it (Reboot); if so, one back to hand.
    "B04-090": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B04-015"), May(
        PutIntoResource(_URSUS_CARD, sleeping=False), If(Exists(_URSUS_CARD), ReturnToHand(
            Chosen(Card("resource")))))))),
    # When a Z/X of yours with the Evol Seed icon appears: one Z/X on a Square gets +4000 until end of turn.
    "B04-091": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(ZX()), 4000), subject=YOUR_SEED)),
    # Evol Seed: one of your Z/X on a Square gets +3000 Power until end of turn.
    "B04-092": ZXDefinition(EvolSeed(AddPower(Chosen(ZX("yours")), 3000))),
    # [Green 6], only while in your Resource: this card appears in Reboot on an empty Square (not the enemy's PS).
    "B04-093": zx.ZXDefinition(zx.Startup(Cost(("green", 6)), _APPEAR_SELF, zone="resource")),
    # Each of your Hourai Z/X on Squares, this card too, has "when destroyed in your opponent's turn, Reboot up to 2
    # cards in a Resource".
    "B04-094": zx.ZXDefinition(zx.Continuous(zx.Grant(ZX("yours", race="Hourai"), Auto(
        Event.DESTROYED, zx.Reboot(zx.Several(Card("resource", whose="any"), 2, up_to=True)), turn="opponents")))),
    # Into your Resource, with Damavand there: may put an opponent's Z/X on a Normal Square into Resource, Sleeping.
    "B04-095": ZXDefinition(Auto(RESOURCE, If(Holds("resource", "B04-050"), May(PutIntoResource(
        Chosen(ZX("opponents", normal_square=True)), sleeping=True))))),
    # B04-096: you may play your green cards from your Resource, paying their Cost with other Resource cards.
    "B04-096": ZXDefinition(Continuous(PlayFrom(Card("resource"), colour="green"))),
    # A card of your hand into your Resource, sleeping; then a card of your Resource back to your hand.
    "B04-097": EventDefinition(PutIntoResource(Chosen(Card("hand")), sleeping=True),
                               ReturnToHand(Chosen(Card("resource")))),
    # 1 Z/X (either player's) on a Square of your choice gets +3000 Power until end of turn. Evol Seed: as B04-040's.
    "B04-098": EventDefinition(AddPower(Chosen(ZX()), 3000), evol_seed=_EVENT_SEED),
    # An opponent's Z/X on a Normal Square into its Resource, sleeping; a second one with 10+ cards in your Resource.
    "B04-099": EventDefinition(PutIntoResource(Chosen(OPPONENT_NS), sleeping=True),
                               If(ResourceSize(YOU) >= 10, PutIntoResource(Chosen(OPPONENT_NS), sleeping=True))),
    # B04-100: a Z/X of Cost 6 or less from your Resource appears, in Reboot, on an empty Normal Square.
    "B04-100": EventDefinition(PlayToSquare(Chosen(Card("resource", type="zx", cost_max=6)),
                                            Chosen(Square(empty=True, normal=True)))),
    # When this card appears, if your Trash holds 20 or more cards of 20 or more different races, 1 damage to your
    # opponent.
    "B04-101": ZXDefinition(Auto(Event.APPEARS, If(
        AtLeast(StatOf(YOU, "trash"), 20) & AtLeast(zx.Distinct(Card("trash"), "races"), 20),
        zx.DamagePlayer(OPPONENT, 1)))),
    # When this card appears, if you have 8 or more cards in hand, 1 damage to your opponent.
    "B04-102": zx.ZXDefinition(Auto(Event.APPEARS, If(zx.HandSize(YOU) >= 8, zx.DamagePlayer(OPPONENT, 1)))),
    # +5000 while your Trash holds 6 or more cards whose name contains "Fierte".
    "B04-103": ZXDefinition(Continuous(PowerChange(THIS, 5000),
                                       AtLeast(Count(Card("trash", name_contains="フィエリテ")), 6))),
}
