"""The first era's filters, counts and subjects of the Z/X effect language (docs/zx/cards.md "Filters",
"Subjects"): what each matches in real positions of the era's card set (vanilla cards given test definitions), and
the typed errors of the compiler (ZC21) and of the core's table checks."""

from __future__ import annotations

import pytest

import tcbg
from tcbg import _core
from tcbg.effects.refs import EVENT_SUBJECT, SELF, Each
from tcbg.effects.values import AtLeast, Count
from tcbg.errors import GameError
from tcbg.zx.effects.language import (THIS, ZX, AddPower, Auto, Card, Continuous, DealDamage, Distinct, Draw, Event,
                                      EventDefinition, PlayerCardIs, PowerChange, Square, ZXDefinition)

from . import starter
from .era import ERA, act, name, on, power_on, texts

BEAR = "B01-003"   # Heated Coal, Coal Armadillo: red Gigantic 2/3500, vanilla
LEO = "B01-016"    # Unyielding Steel, Steel Leopard: red Gigantic 6/9500, vanilla
VOID = "B01-026"   # Erasure Machine, Void: blue Killer Machine 3/5000 with the Ignition icon (C02-005 its twin)
DELETE = "B01-030"  # Erasure Machine, Delete: blue 4/6500, vanilla
RIDER = "B01-013"  # Charging Iron Rider, Tank Heart: red Artisan 5/8000, vanilla


class Era:
    """The era's cards with some definitions replaced for a test."""

    def __init__(self, **definitions):
        self.effects = {**ERA.effects, **{k.replace("_", "-"): v for k, v in definitions.items()}}

    def __iter__(self):
        return iter(ERA)

    def __getitem__(self, number):
        return ERA[number]


def arrange(p0, p1, **definitions):
    """A position of the era's cards, the cards given definitions in the game's table (compiled) too."""
    return starter.arrange(p0, p1, table=Era(**definitions), also=[k.replace("_", "-") for k in definitions])


def gets(amount, condition=None):
    """A definition giving a bonus: ``Continuous(PowerChange(THIS, amount), condition)``."""
    return ZXDefinition(Continuous(PowerChange(THIS, amount), condition))


def gets_if(condition):
    return gets(1000, condition)


def test_name_matches_every_printing_and_a_missing_name_nothing():
    """ZX(name=...) and Card(name=...) match every card of the name the number, Japanese or English name gives (Void
    B01-026 and its starter printing C02-005); a name no card of the game has never matches."""
    plus = gets_if(AtLeast(Count(Card("trash", name=VOID)), 2))
    state = arrange({"trash": [VOID, "C02-005"], "field": {"s1": BEAR}}, {}, B01_003=plus)
    assert power_on(state, "s1") == 4500
    by_name = gets_if(AtLeast(Count(ZX("any", name="抹消機械ヴォイド")), 1))
    assert power_on(arrange({"field": {"s1": BEAR}}, {"field": {"s9": "C02-005"}}, B01_003=by_name), "s1") == 4500
    english = gets_if(AtLeast(Count(ZX("yours", name="Erasure Machine, Void")), 1))
    assert power_on(arrange({"field": {"s1": BEAR}}, {"field": {"s9": VOID}}, B01_003=english), "s1") == 3500
    nobody = gets_if(~AtLeast(Count(Card("trash", name="No Such Card")), 1))
    assert power_on(arrange({"field": {"s1": BEAR}}, {}, B01_003=nobody), "s1") == 4500


def test_player_card_is_any_printing_of_the_name():
    """PlayerCardIs("C01-001") holds with B03-106 (another printing of Tennouji Asuka) as the Player card (Z15.102)."""
    bonus = gets_if(PlayerCardIs("C01-001"))
    asuka = starter.arrange({"field": {"s1": BEAR}}, {}, players=("B03-106", "C02-001"), table=Era(B01_003=bonus))
    other = starter.arrange({"field": {"s1": BEAR}}, {}, players=("C02-001", "C02-001"), table=Era(B01_003=bonus))
    assert (power_on(asuka, "s1"), power_on(other, "s1")) == (4500, 3500)


def test_colour_icons_and_distinct_counts():
    """colour (one of the colours at least), evol_seed and ignition (the printed icon in a zone), Distinct names and
    races of the matching cards."""
    definition = ZXDefinition(Continuous(PowerChange(THIS, Count(Card("hand", colour=("blue", "green"))) * 1000)),
                              Continuous(PowerChange(THIS, Count(Card("hand", ignition=True)) * 100)),
                              Continuous(PowerChange(THIS, Count(Card("hand", evol_seed=True)) * 10)),
                              Continuous(PowerChange(THIS, Distinct(Card("hand"), "races"))))
    state = arrange({"hand": [VOID, DELETE, BEAR, "C01-007", "B01-089"], "field": {"s1": BEAR}}, {},
                    B01_003=definition)
    # blue Void, blue Delete, green Werelion; Void's Ignition icon; Kintoki's Evol Seed icon; races: Killer Machine,
    # Gigantic, Brave, Lycanthrope (Void and Delete one race)
    assert power_on(state, "s1") == 3500 + 3000 + 100 + 10 + 4
    names = gets(Distinct(Card("trash")) * 1000)
    assert power_on(arrange({"trash": [VOID, "C02-005", DELETE, DELETE], "field": {"s1": BEAR}}, {}, B01_003=names),
                    "s1") == 5500


def test_damaged_and_ignition_on_squares():
    """ZX(damaged=True): damage on it now; ZX(ignition=True): the icon, printed."""
    amount = Count(ZX(damaged=True)) * 1000 + Count(ZX(ignition=True)) * 100
    state = arrange({"field": {"s1": BEAR, "s3": VOID}}, {"hand": ["C01-009"], "resource": [BEAR]},
                    B01_003=gets(amount))
    assert power_on(state, "s1") == 3600


def test_adjacent_to_a_square_filter_and_player_squares():
    """ZX(adjacent_to=Square(player_square="opponents")): next to your opponent's Player Square (s8 for player 0);
    Square(not_player_square="any"): no Player Square."""
    amount = Count(ZX(adjacent_to=Square(player_square="opponents"))) * 1000 + Count(Square(
        not_player_square="any", empty=True)) * 10
    state = arrange({"field": {"s1": BEAR, "s7": LEO}}, {"field": {"s5": RIDER, "s3": LEO}}, B01_003=gets(amount))
    assert power_on(state, "s1") == 3500 + 2000 + 30  # s7 and s5 next to s8; empty s4, s6, s9


def test_attack_subject_and_destroys_by_battle_subject():
    """Subjects of ATTACKS (the attacker) and DESTROYS_BY_BATTLE (the attacker whose damage destroys)."""
    watcher = ZXDefinition(Auto(Event.ATTACKS, AddPower(EVENT_SUBJECT, 1000), subject=ZX("yours", other=True)),
                           Auto(Event.DESTROYS_BY_BATTLE, Draw(1), subject=ZX("yours")))
    state = arrange({"field": {"s1": DELETE, "s4": LEO}}, {"field": {"s7": BEAR}}, B01_030=watcher)
    hand = len(state.names(0, "hand"))
    act(state, "attack from s4 to s7")
    assert power_on(state, "s4") == 10500
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")
    assert on(state, "s7") == -1 and len(state.names(0, "hand")) == hand + 1


def test_destroyed_at_once_every_watcher_sees_every_one():
    """Z15.100: Z/X destroyed at once by lethal damage are each seen by every watcher, a watcher destroyed with them
    included: player 1's watcher, destroyed with player 0's two Z/X, draws twice."""
    watcher = ZXDefinition(Auto(Event.DESTROYED, Draw(1), subject=ZX("opponents")))
    wipe = EventDefinition(DealDamage(Each(ZX()), 10000))
    state = arrange({"hand": ["C01-009"], "resource": [BEAR, BEAR], "field": {"s1": BEAR, "s3": BEAR}},
                    {"field": {"s9": DELETE}}, B01_030=watcher, C01_009=wipe)
    hand = len(state.names(1, "hand"))
    act(state, f"play {name('C01-009')}")
    while state.decision() == "pay":
        act(state, "pay with")
    assert on(state, "s1") == on(state, "s3") == on(state, "s9") == -1
    assert len(texts(state)) == 2 and state.decision() == "trigger-order"  # two waiting, the turn player orders
    while state.decision() == "trigger-order":
        act(state, "resolve the ability of")
    assert len(state.names(1, "hand")) == hand + 2


@pytest.mark.parametrize("definition, words", [
    (gets_if(AtLeast(Count(Card("hand", name="a", name_contains="b")), 1)), "name or name_contains"),
    (gets_if(AtLeast(Count(Card("hand", colour="pink")), 1)), "colour is one of"),
    (gets_if(AtLeast(Count(ZX(adjacent_to=SELF)), 1)), "adjacent_to is a ZX"),
    (gets_if(AtLeast(Count(ZX(highest_power=True, damaged=True)), 1)), "highest Power"),
    (gets(Distinct(Square())), "distinct names, races or colours"),
    (gets(Distinct(Card("hand"), "powers")), "distinct names, races or colours"),
    (gets_if(AtLeast(Count(Square(player_square="yours", not_player_square="any")), 1)), "not both"),
    (gets_if(AtLeast(Count(Square(player_square="mine")), 1)), "whose must be"),
    (ZXDefinition(Auto(Event.BATTLE_ENDS, Draw(1), subject=ZX())), "waits for events of this card"),
    (ZXDefinition(Auto(Event.DESTROYED, Draw(1), subject=Card("hand"))), "a ZX"),
])
def test_filters_the_compiler_refuses(definition, words):
    with pytest.raises(GameError, match=words):
        arrange({}, {}, B01_003=definition)


def core_game(**definitions):
    """The core's arguments of a game whose table holds both printings of Void (B01-026, C02-005)."""
    game = starter.arrange({"field": {"s1": BEAR}}, {}, table=Era(**definitions),
                           also=["B01-026", "C02-005", *(k.replace("_", "-") for k in definitions)])._game
    from tcbg.zx.game import _compile_card

    cards = [_compile_card(k, c) for k, c in enumerate(game.cards)]
    decks = [([game._card_index(n, "") for n in d.cards], -1, False) for d in game.decks]
    return cards, decks, game.tables.arrays(), [c.number for c in game.cards]


@pytest.mark.parametrize("field, value, words", [
    (12, 10 ** 6, "bad name"), (12, -3, "bad name"), (13, 64, "bad colours"), (14, 99, "bad adjacency"),
    (15, 4, "bad distinct count"),
])
def test_the_core_refuses_bad_filter_records(field, value, words):
    """The core checks the filter record's new fields when the game is built (docs/zx/cards.md "Native form")."""
    cards, decks, tables, _ = core_game(B01_003=gets_if(AtLeast(Count(Card("trash", name=VOID)), 1)))
    filters = [list(f) for f in tables["filters"]]
    filters[-1][field] = value
    with pytest.raises(tcbg.GameError, match=words):
        _core.zx.Game(cards, decks, tables={**tables, "filters": filters})


def test_the_core_refuses_a_name_not_first_of_its_name_and_bad_names_table():
    cards, decks, tables, numbers = core_game(B01_003=gets_if(AtLeast(Count(Card("trash", name=VOID)), 1)))
    assert _core.zx.Game(cards, decks, tables=tables).num_players == 2
    names = list(tables["names"])
    void = names.index(names[numbers.index("C02-005")])
    twin = numbers.index("B01-026")
    filters = [list(f) for f in tables["filters"]]
    filters[-1][12] = max(void, twin)  # the later printing: a record names the first card of a name
    with pytest.raises(tcbg.GameError, match="bad name"):
        _core.zx.Game(cards, decks, tables={**tables, "filters": filters})
    with pytest.raises(tcbg.GameError, match="not the first card of a name"):
        _core.zx.Game(cards, decks, tables={**tables, "names": [len(names) - 1] * len(names)})
    with pytest.raises(tcbg.GameError, match="one name per card"):
        _core.zx.Game(cards, decks, tables={**tables, "names": names[:-1]})


def test_disassembly_shows_the_new_fields():
    game = starter.arrange({}, {}, table=ERA, also=["B05-078", "B02-102", "B03-019", "B04-076"])._game
    text = game.disassemble("B05-078") + game.disassemble("B02-102") + game.disassemble("B03-019")
    assert "adjacent to f" in text and "distinct names" in text and "in resource, red" in text
    near = int(text.split("adjacent to f")[1].split(")")[0])
    assert "named Seven Deadly Sins" in game.tables.filter_text(near)
