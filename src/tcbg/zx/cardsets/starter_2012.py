"""Effects of the card set ``starter-2012`` (starter-2012.json): the four 2012 starter decks, C01 to C04.

``EFFECTS`` maps a card's number to the definition of the abilities its ``text`` describes, in the Z/X effect
language (docs/zx/cards.md). Keywords (Start Card, Life Recovery, Void Bringer, Range 2, Evol Seed's trigger) are
card data that the rules engine runs itself, and a card without ``text`` (a vanilla Z/X) needs no entry
(docs/zx/card-data.md ZC14). Choices made on resolution are ``Chosen``: Z/X has no targets announced in advance
(docs/zx/rules.md Z12.1); an effect without "you may" is done as far as possible (ruling B01-036).
"""

from tcbg.effects.actions import If, May
from tcbg.effects.refs import EVENT_SUBJECT, SELF, YOU, Chosen
from tcbg.effects.values import Count, Equals, Matches
from tcbg.zx.effects.language import (THIS, ZX, AddPower, Auto, Card, Continuous, Cost, DealDamage, Destroy, Draw,
                                      Event, EventDefinition, EvolSeed, HandSize, IgnitionIcon, InIgnitionPhase,
                                      LifeOf, MoveTo, NoDamage, Player, PlayerCardIs, PowerChange, PutIntoResource,
                                      PutIntoTrash, ReplaceDestroy, ResourceSize, ReturnToDeck, ReturnToHand, Shuffle,
                                      Square, Startup, TopToCharge, TopToResource, ZXDefinition)

OPPONENT_NS = ZX("opponents", normal_square=True)  # "one of your opponent's Z/X on a Normal Square"
ANY_NS = ZX(normal_square=True)                    # "one Z/X on a Normal Square"
# A move names its Z/X, then a Square relative to it: the same Chosen object in both is one choice.
_PUTTINI_ZX = Chosen(OPPONENT_NS)
_VIVALE_ZX = Chosen(ANY_NS)

EFFECTS = {
    # -- C01 (white / red, Player Tennouji Asuka) --
    "C01-002": ZXDefinition(  # While your Player card is Tennouji Asuka, your opponent's Z/X on Squares get -1000.
        Continuous(PowerChange(ZX("opponents"), -1000), PlayerCardIs("C01-001"))),
    "C01-003": ZXDefinition(Auto(Event.ATTACKS, AddPower(SELF, 1000))),  # When this attacks: +1000 EOT.
    "C01-004": ZXDefinition(  # From your Charge: [Red 2, this card Charge -> Trash] 5000 damage to a Z/X on a NS.
        Startup(Cost(("red", 2), this_to_trash=True), DealDamage(Chosen(ANY_NS), 5000), from_charge=True)),
    "C01-007": ZXDefinition(EvolSeed(DealDamage(Chosen(OPPONENT_NS), 3000))),
    "C01-008": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(OPPONENT_NS), 5000))),
    "C01-009": EventDefinition(DealDamage(Chosen(ANY_NS), 5000)),
    "C01-011": ZXDefinition(  # +500 for each other Angel of yours on a Square.
        Continuous(PowerChange(THIS, Count(ZX("yours", race="Angel", other=True)) * 500))),
    "C01-013": ZXDefinition(IgnitionIcon(Equals(LifeOf(YOU), 1))),  # Has the Ignition icon while your Life is 1.
    "C01-016": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, AddPower(Chosen(OPPONENT_NS), -4000))),
    # One Z/X being attacked on a Square in your Army Area (whoever controls it) gets +3500 until end of turn.
    "C01-017": EventDefinition(AddPower(Chosen(ZX(attacked=True, army_area="yours")), 3500)),
    # -- C02 (black / blue, Player Kamiyugi Ayase) --
    "C02-002": ZXDefinition(  # [2 Charge -> Trash]: if your Player card is Ayase, destroy an odd-Cost card on a NS.
        Startup(Cost(charge=2), If(PlayerCardIs("C02-001"), Destroy(Chosen(ZX(normal_square=True, odd_cost=True)))))),
    "C02-003": ZXDefinition(  # From your Charge: [Blue 2, this card -> Trash] draw 2, return 1 card, shuffle.
        Startup(Cost(("blue", 2), this_to_trash=True), Draw(2), ReturnToDeck(Chosen(Card("hand"))), Shuffle(),
                from_charge=True)),
    "C02-007": ZXDefinition(Auto(Event.APPEARS, May(  # may move one to an adjacent empty Normal Square
        MoveTo(_PUTTINI_ZX, Chosen(Square(empty=True, normal=True, adjacent_to=_PUTTINI_ZX)))))),
    "C02-008": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE,
                                 May(ReturnToHand(Chosen(ZX("opponents", normal_square=True, cost_max=3)))))),
    "C02-010": EventDefinition(  # Up to two of your opponent's Z/X of Cost 3 or less on NS to their owner's hand.
        ReturnToHand(Chosen(ZX("opponents", normal_square=True, cost_max=3), optional=True)),
        ReturnToHand(Chosen(ZX("opponents", normal_square=True, cost_max=3), optional=True))),
    "C02-012": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, TopToCharge(1))),
    "C02-015": ZXDefinition(EvolSeed(Destroy(Chosen(ZX("opponents", normal_square=True, cost_max=3))))),
    "C02-016": ZXDefinition(Auto(Event.APPEARS, ReturnToHand(Chosen(Card("trash", type="zx", cost_max=5))))),
    "C02-017": EventDefinition(Destroy(Chosen(ZX("opponents", normal_square=True, highest_power=True)))),
    # -- C03 (blue / white, Player Kagamihara Azumi) --
    "C03-002": ZXDefinition(  # While your Player is Azumi, +1000 per card in your hand; end of your turn, hand <= 3:
        Continuous(PowerChange(THIS, HandSize(YOU) * 1000), PlayerCardIs("C03-001")),  # draw 1.
        Auto(Event.TURN_ENDS, If(HandSize(YOU) <= 3, Draw(1)), turn="yours")),
    "C03-005": ZXDefinition(  # Attacks and damages a Z/X of Power 5000 or less without destroying it: to its hand.
        Auto(Event.DAMAGES_IN_BATTLE, If(Matches(EVENT_SUBJECT, ZX("opponents", power_max=5000)),
                                         ReturnToHand(EVENT_SUBJECT)))),
    "C03-008": ZXDefinition(Auto(Event.DESTROYS_BY_BATTLE, Draw(1), PutIntoTrash(Chosen(Card("hand"))))),
    "C03-010": ZXDefinition(Auto(Event.APPEARS, May(  # never onto the Player Square of that Z/X's opponent
        MoveTo(_VIVALE_ZX, Chosen(Square(empty=True, adjacent_to=_VIVALE_ZX, not_enemy_player_square=True)))))),
    "C03-011": EventDefinition(  # You may move one of your Z/X not in battle to an empty NS. Then draw a card.
        May(MoveTo(Chosen(ZX("yours", not_in_battle=True)), Chosen(Square(empty=True, normal=True)))), Draw(1)),
    "C03-019": ZXDefinition(Auto(Event.APPEARS, AddPower(Chosen(OPPONENT_NS), -6000))),
    "C03-020": EventDefinition(AddPower(Chosen(ANY_NS), -2500)),
    "C03-021": EventDefinition(AddPower(Chosen(ANY_NS), -7000)),
    # -- C04 (green / red, Player Aoba Chitose) --
    "C04-002": ZXDefinition(  # [Green 3]: if your Player is Chitose, top card of the deck into Resource, sleeping.
        Startup(Cost(("green", 3)), If(PlayerCardIs("C04-001"), TopToResource(YOU, sleeping=True)))),
    "C04-008": ZXDefinition(  # From your Charge: [Red 1, this card -> Trash] one attacking Z/X +2000 EOT.
        Startup(Cost(("red", 1), this_to_trash=True), AddPower(Chosen(ZX(attacking=True)), 2000), from_charge=True)),
    "C04-009": ZXDefinition(  # [Red 2, destroy this card]: 10000 damage to a Z/X on a NS; only with an empty hand.
        Startup(Cost(("red", 2), destroy=True), DealDamage(Chosen(ANY_NS), 10000), condition=HandSize(YOU) <= 0)),
    "C04-010": ZXDefinition(Auto(Event.APPEARS, DealDamage(Chosen(OPPONENT_NS), 5000))),
    "C04-012": EventDefinition(DealDamage(Chosen(ANY_NS), 8000)),
    "C04-015": ZXDefinition(  # Appears during the Ignition Phase: may put a hand card into Resource, sleeping.
        Auto(Event.APPEARS, If(InIgnitionPhase(), May(PutIntoResource(Chosen(Card("hand")), sleeping=True))))),
    "C04-017": ZXDefinition(ReplaceDestroy(sleeping=True)),
    "C04-019": ZXDefinition(Continuous(PowerChange(THIS, 3000), ResourceSize(YOU) >= 9)),
    "C04-021": EventDefinition(  # A Z/X of Cost <= 3 attacking you or a Z/X on a Player Square: deals no damage.
        NoDamage(Chosen(ZX(cost_max=3, attacking=Player("yours")) | ZX(cost_max=3, attacking=ZX(player_square=True))))),
}
