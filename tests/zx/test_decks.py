"""Z/X deck lists (docs/zx/deck-format.md, ZD1-ZD7) and deck construction (docs/zx/rules.md section 4: CR 401.1a to
401.10, Z4.1 to Z4.8): every rule with a list that breaks it, several at once all reported, the shipped decks legal,
the C++ validator against a plain Python reading of the rules, bad files as typed errors, fuzzed files, the CLI."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tcbg
from tcbg.cli import main
from tcbg.errors import GameError, TcbgError, ZXDeckError
from tcbg.zx import Deck, Violation, check_deck
from tcbg.zx.cards import CardSet
from tcbg.zx.decks import core_lists

STARTER = CardSet.load("starter-2012")
STARTER_DECKS = {"c01-white-red": ("C01", {"white", "red"}), "c02-black-blue": ("C02", {"black", "blue"}),
                 "c03-blue-white": ("C03", {"blue", "white"}), "c04-green-red": ("C04", {"green", "red"})}
VANILLA_DECKS = {"vanilla-red-blue": {"red", "blue"}, "vanilla-white-black": {"white", "black"}}


def _zx(number, name, power=5000, **extra):
    card = {"number": number, "name": name, "name_en": extra.pop("en", name), "type": extra.pop("type", "Z/X"),
            "colours": ["red"]}
    if card["type"] in ("Z/X", "Z/X Extra", "Z/X Overboost", "Shift"):
        card |= {"race": "Brave", "power": power}
    if card["type"] not in ("Player", "Player Extra"):
        card["cost"] = 3
    return card | extra


# An invented set with every kind the rules talk about.
TEST_SET = CardSet.from_dict({"format": "tcbg-zx-cards/1", "name": "rules-test", "invented": True, "cards": [
    *[_zx(f"T01-00{i}", f"Ignis {i}", icon="IG") for i in range(1, 9)],
    _zx("T01-010", "Medic A", icon="IG", keywords=["Life Recovery"]),
    _zx("T01-011", "Medic B", icon="IG", keywords=["Life Recovery"]),
    _zx("T01-012", "Voider A", icon="IG", keywords=["Void Bringer"]),
    _zx("T01-013", "Voider B", icon="IG", keywords=["Void Bringer"]),
    *[_zx(f"T01-02{i}", f"Plain {i}") for i in range(0, 8)],
    _zx("T01-030", "Flash Event", type="Event", icon="IG"),
    _zx("T01-031", "Slow Event", type="Event"),
    _zx("T01-040", "Plain 0", text="Another printing, with a different text."),  # 401.2: same name, other text
    _zx("T01-041", "Plain 1", power=9000),  # same name, other data: a name that needs its number (ZD4)
    _zx("T01-050", "Captain A", type="Player"), _zx("T01-051", "Captain B", type="Player"),
    _zx("T01-052", "Gear A", type="Player Extra"), _zx("T01-053", "Gear B", type="Player Extra"),
    _zx("T01-054", "Overdrive", type="Z/X Overboost"),
    _zx("T01-055", "Extra A", type="Z/X Extra"), _zx("T01-056", "Extra B", type="Z/X Extra"),
    _zx("T01-057", "Shifter", type="Shift"), _zx("T01-058", "Extra Event", type="Event Extra"),
    _zx("T01-060", "Forbidden", sealed=True),
    _zx("T01-061", "Hero", legend=True),
    _zx("T01-062", "Hero Extra", type="Z/X Extra", legend=True),
]})

BASE_DECK = {"T01-001": 4, "T01-002": 4, "T01-003": 4, "T01-004": 4, "T01-010": 2, "T01-012": 2,
             **{f"T01-02{i}": 4 for i in range(0, 7)}, "T01-031": 2}


def deck_text(deck=None, dynamis=None, players=("T01-050",), prepared=()):
    lines = ["Card set: rules-test", *[f"Player: {p}" for p in players], *[f"Prepared: {p}" for p in prepared],
             "Deck:"]
    lines += [f"{n} {card}" for card, n in (BASE_DECK if deck is None else deck).items()]
    if dynamis:
        lines += ["Dynamis:", *[f"{n} {card}" for card, n in dynamis.items()]]
    return "\n".join(lines) + "\n"


def violations(**kwargs) -> list[Violation]:
    return check_deck(Deck.parse(deck_text(**kwargs), TEST_SET))


def rules(found: list[Violation]) -> list[str]:
    return [v.rule for v in found]


def with_changes(**changes) -> dict[str, int]:
    deck = dict(BASE_DECK)
    for number, count in changes.items():
        number = number.replace("_", "-")
        if count:
            deck[number] = count
        else:
            deck.pop(number, None)
    return deck


def test_base_deck_is_legal():
    assert sum(BASE_DECK.values()) == 50
    assert violations() == []


# -- the shipped decks -------------------------------------------------------------------------------------------


def test_shipped_names():
    era = [f"era-{a}-{b}" for a, b in itertools.combinations(("red", "blue", "white", "black", "green"), 2)]
    assert Deck.names() == sorted([*STARTER_DECKS, *VANILLA_DECKS, *era])  # era decks: tests/zx/test_era_decks.py


@pytest.mark.parametrize("name", sorted([*STARTER_DECKS, *VANILLA_DECKS]))
def test_shipped_deck_is_legal(name):
    deck = Deck.load(name)
    assert deck.name == name and deck.total() == 50 and deck.ignition_cards() == 20
    assert deck.player is not None and deck.player.type == "Player" and len(deck.players) == 1
    assert deck.dynamis == () and deck.prepared == ()
    assert check_deck(deck) == [] and check_deck(name) == [] and deck.is_legal()
    lr = sum(n for c, n in deck.deck if c.has("Life Recovery"))
    vb = sum(n for c, n in deck.deck if c.has("Void Bringer"))
    assert lr <= 4 and vb <= 4 and any(c.has("Start Card") for c, _ in deck.deck)
    colours = STARTER_DECKS[name][1] if name in STARTER_DECKS else VANILLA_DECKS[name]
    assert {c for card, _ in deck.deck for c in card.colours} == colours  # each follows its two colours


@pytest.mark.parametrize("name", sorted(STARTER_DECKS))
def test_starter_deck_is_built_from_its_starter(name):
    prefix = STARTER_DECKS[name][0]
    deck = Deck.load(name)
    assert deck.card_set.name == "starter-2012"
    assert deck.player.number == f"{prefix}-001"
    starter = {c.number for c in STARTER if c.number.startswith(prefix) and c.type != "Player"}
    assert {c.number for c, _ in deck.deck} == starter  # every card of the starter, nothing else
    text = (Path(tcbg.zx.__file__).parent / "decklists" / f"{name}.txt").read_text(encoding="utf-8")
    assert "copy counts are not known" in text  # sources.md Part C: the product lists are unknown


@pytest.mark.parametrize("name", sorted([*STARTER_DECKS, *VANILLA_DECKS]))
def test_to_text_round_trips(name):
    deck = Deck.load(name)
    again = Deck.parse(deck.to_text(), name=name)
    assert again == deck and again.to_text() == deck.to_text()


# -- each rule, broken -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("changes, found", [({"T01_031": 1}, 49), ({"T01_031": 3}, 51), ({"T01_031": 0}, 48)])
def test_401_1a_exactly_50(changes, found):
    result = violations(deck=with_changes(**changes))
    assert rules(result) == ["401.1a"]
    assert (result[0].found, result[0].limit, result[0].cards, result[0].section) == (found, 50, (), "deck")


def test_401_2_at_most_four_of_a_name():
    result = violations(deck=with_changes(T01_020=5, T01_021=3))
    assert rules(result) == ["401.2"]
    assert result[0].cards == ("T01-020",) and (result[0].found, result[0].limit) == (5, 4)


def test_401_2_same_name_other_text_counts_together():
    result = violations(deck=with_changes(T01_020=3, T01_040=2, T01_021=3))
    assert rules(result) == ["401.2"]
    assert result[0].cards == ("T01-020", "T01-040") and result[0].found == 5
    assert "Plain 0" in result[0].message


def test_401_2_one_violation_per_name_in_list_order():
    deck = {"T01-022": 6, **with_changes(T01_022=0, T01_020=6, T01_021=0)}  # 022 listed first, named after 020
    result = violations(deck=deck)
    assert rules(result) == ["401.2", "401.2"]
    assert [v.cards for v in result] == [("T01-022",), ("T01-020",)]


def test_401_3_life_recovery():
    result = violations(deck=with_changes(T01_010=3, T01_011=2, T01_002=1))
    assert rules(result) == ["401.3"]
    assert result[0].cards == ("T01-010", "T01-011") and (result[0].found, result[0].limit) == (5, 4)


def test_401_4_void_bringer():
    result = violations(deck=with_changes(T01_012=3, T01_013=2, T01_002=1))
    assert rules(result) == ["401.4"]
    assert result[0].cards == ("T01-012", "T01-013") and result[0].found == 5


@pytest.mark.parametrize("changes, found", [({"T01_001": 3, "T01_027": 1}, 19), ({"T01_005": 1, "T01_031": 1}, 21)])
def test_401_5_exactly_20_ignition(changes, found):
    result = violations(deck=with_changes(**changes))
    assert rules(result) == ["401.5"] and (result[0].found, result[0].limit) == (found, 20)
    assert "T01-010" in result[0].cards and "T01-012" in result[0].cards  # LR and VB counted and cited


def test_401_5_seed_example_3_lr_2_vb_15_others():
    deck = {"T01-010": 2, "T01-011": 1, "T01-012": 2, "T01-001": 4, "T01-002": 4, "T01-003": 4, "T01-030": 3,
            **{f"T01-02{i}": 4 for i in range(0, 7)}, "T01-031": 2}
    assert violations(deck=deck) == []


def test_401_5_ignition_events_count():
    result = violations(deck=with_changes(T01_030=1, T01_031=1))
    assert rules(result) == ["401.5"] and "T01-030" in result[0].cards


def test_401_6_types_not_in_a_deck():
    result = violations(deck=with_changes(T01_031=0, T01_055=1, T01_051=1))
    assert rules(result) == ["401.6"]
    assert result[0].cards == ("T01-055", "T01-051") and result[0].found == 2
    assert "Z/X Extra" in result[0].message and "Player" in result[0].message


@pytest.mark.parametrize("number", ["T01-052", "T01-054", "T01-057", "T01-058"])
def test_401_6_each_kind(number):
    assert rules(violations(deck=with_changes(T01_031=1, **{number.replace("-", "_"): 1}))) == ["401.6"]


def test_401_7_one_player_card():
    result = violations(players=("T01-050", "T01-051"))
    assert rules(result) == ["401.7"] and result[0].cards == ("T01-050", "T01-051") and result[0].section == "apart"


def test_401_7_one_prepared_card():
    result = violations(prepared=("T01-052", "T01-054"))
    assert rules(result) == ["401.7"] and result[0].cards == ("T01-052", "T01-054")


def test_z4_1_no_player_card_is_legal():
    assert violations(players=()) == []
    assert violations(players=(), prepared=("T01-053",)) == []


def test_z4_8_overboost_in_the_dynamis_or_prepared():
    assert violations(prepared=("T01-054",)) == []
    assert violations(dynamis={"T01-054": 2}) == []


def test_z4_7_other_kinds_apart_from_the_deck_from_cpp():
    """Only a caller of the core can put a Z/X apart (the file's Prepared: line refuses one, ZD6)."""
    checker = tcbg._core.zx.DeckChecker(TEST_SET.to_core())
    deck = Deck.parse(deck_text(), TEST_SET)
    deck_list, dynamis, apart = core_lists(deck)
    found = checker.check(deck_list, dynamis, apart + [(TEST_SET.index("T01-020"), 1)])
    assert [(f[0], f[1], f[5]) for f in found] == [("401.7", 8, [TEST_SET.index("T01-020")])]


def test_401_8a_at_most_16_in_the_dynamis():
    result = violations(dynamis={"T01-055": 4, "T01-056": 4, "T01-057": 4, "T01-058": 4, "T01-054": 1})
    assert rules(result) == ["401.8a"] and (result[0].found, result[0].limit, result[0].section) == (17, 16, "dynamis")
    assert violations(dynamis={"T01-055": 4, "T01-056": 4, "T01-057": 4, "T01-058": 4}) == []


def test_401_9_dynamis_types():
    result = violations(dynamis={"T01-020": 1, "T01-055": 2, "T01-050": 1})
    assert rules(result) == ["401.9"] and result[0].cards == ("T01-020", "T01-050")


def test_401_10_four_of_a_name_in_the_dynamis():
    result = violations(dynamis={"T01-055": 5})
    assert rules(result) == ["401.10"] and result[0].cards == ("T01-055",) and result[0].section == "dynamis"
    assert violations(deck=with_changes(T01_031=0, T01_027=2), dynamis={"T01-055": 4}) == []  # apart from 401.2


def test_z4_4_sealed_nowhere():
    result = violations(deck=with_changes(T01_031=1, T01_060=1))
    assert rules(result) == ["Z4.4"] and result[0].cards == ("T01-060",)
    sealed_extra = CardSet.from_dict({"format": "tcbg-zx-cards/1", "name": "rules-test", "cards": [
        *[c.to_dict() for c in TEST_SET], _zx("T01-063", "Sealed Extra", type="Z/X Extra", sealed=True)]})
    result = check_deck(Deck.parse(deck_text(dynamis={"T01-063": 1}), sealed_extra))
    assert rules(result) == ["Z4.4"] and result[0].section == "dynamis"


def test_z4_5_legend_once_in_the_whole_list():
    result = violations(deck=with_changes(T01_031=0, T01_061=2))
    assert rules(result) == ["Z4.5"] and result[0].cards == ("T01-061",) and result[0].found == 2
    assert violations(deck=with_changes(T01_031=1, T01_061=1)) == []
    assert violations(dynamis={"T01-062": 1}) == []
    assert rules(violations(dynamis={"T01-062": 2})) == ["Z4.5"]


def test_every_violation_is_reported_in_rule_order():
    deck = {"T01-010": 5, "T01-012": 5, "T01-020": 6, "T01-051": 1, "T01-060": 1, "T01-061": 2, "T01-055": 1}
    result = violations(deck=deck, dynamis={"T01-020": 5, "T01-057": 14},
                        players=("T01-050", "T01-051"), prepared=("T01-052", "T01-053"))
    assert rules(result) == ["401.1a", "401.2", "401.2", "401.2", "401.3", "401.4", "401.5", "401.6", "401.7",
                             "401.7", "401.8a", "401.9", "401.10", "401.10", "Z4.4", "Z4.5"]
    assert [v.section for v in result].count("dynamis") == 4
    assert all(str(v).startswith(v.rule + ": ") for v in result)


# -- the core against a plain reading of the rules ---------------------------------------------------------------

DECK_TYPES = {"Z/X", "Event"}
DYNAMIS_TYPES = {"Z/X Extra", "Z/X Overboost", "Shift", "Event Extra"}


def reference(deck: Deck) -> list[tuple]:
    """docs/zx/rules.md section 4, read once more in plain Python: (rule, section, found, limit, cards)."""
    out = []
    entries = {"deck": list(deck.deck), "dynamis": list(deck.dynamis),
               "apart": [(c, 1) for c in (*deck.players, *deck.prepared)]}

    def count(section, pred, rule, limit, exact=False):
        hits = [(c, n) for c, n in entries[section] if pred(c)]
        total = sum(n for _, n in hits)
        if (total != limit) if exact else (total > limit):
            out.append((rule, section, total, limit, tuple(c.number for c, _ in hits)))

    def by_name(sections, rule, limit, pred=lambda c: True):
        seen = {}
        for section in sections:
            for card, n in entries[section]:
                if pred(card):
                    seen.setdefault(card.name, [section, 0, []])
                    seen[card.name][1] += n
                    seen[card.name][2].append(card.number)
        for section, total, cards in seen.values():
            if total > limit:
                out.append((rule, section, total, limit, tuple(cards)))

    total = sum(n for _, n in deck.deck)
    if total != 50:
        out.append(("401.1a", "deck", total, 50, ()))
    by_name(["deck"], "401.2", 4)
    count("deck", lambda c: c.has("Life Recovery"), "401.3", 4)
    count("deck", lambda c: c.has("Void Bringer"), "401.4", 4)
    count("deck", lambda c: c.ignition or c.has("Life Recovery") or c.has("Void Bringer"), "401.5", 20, exact=True)
    count("deck", lambda c: c.type not in DECK_TYPES, "401.6", 0)
    count("apart", lambda c: c.type == "Player", "401.7", 1)
    count("apart", lambda c: c.type in ("Player Extra", "Z/X Overboost"), "401.7", 1)
    count("apart", lambda c: c.type not in ("Player", "Player Extra", "Z/X Overboost"), "401.7", 0)
    count("dynamis", lambda c: True, "401.8a", 16)
    count("dynamis", lambda c: c.type not in DYNAMIS_TYPES, "401.9", 0)
    by_name(["dynamis"], "401.10", 4)
    sealed = [(s, c, n) for s in ("deck", "dynamis", "apart") for c, n in entries[s] if c.sealed]
    if sealed:
        out.append(("Z4.4", sealed[0][0], sum(n for _, _, n in sealed), 0, tuple(c.number for _, c, _ in sealed)))
    by_name(["deck", "dynamis", "apart"], "Z4.5", 1, lambda c: c.legend)
    return out


def _entries(draw, pool, max_size, max_count):
    numbers = draw(st.lists(st.sampled_from(pool), max_size=max_size, unique=True))
    return tuple((TEST_SET[n], draw(st.integers(1, max_count))) for n in numbers)


@st.composite
def random_decks(draw):
    numbers = [c.number for c in TEST_SET]
    players = [c.number for c in TEST_SET if c.type == "Player"]
    extras = [c.number for c in TEST_SET if c.type in ("Player Extra", "Z/X Overboost")]
    deck = _entries(draw, numbers, 20, 8)
    if draw(st.booleans()):  # near-legal decks too, so that single rules are exercised
        deck = tuple((TEST_SET[n], k) for n, k in BASE_DECK.items()) + deck[:draw(st.integers(0, 2))]
        deck = tuple({c.number: (c, k) for c, k in deck}.values())
    return Deck(name="random", card_set=TEST_SET,
                players=tuple(TEST_SET[n] for n in draw(st.lists(st.sampled_from(players), max_size=3))),
                prepared=tuple(TEST_SET[n] for n in draw(st.lists(st.sampled_from(extras), max_size=3))),
                deck=deck, dynamis=_entries(draw, numbers, 8, 6))


@settings(max_examples=300, deadline=None)
@given(random_decks())
def test_core_agrees_with_the_rules_read_in_python(deck):
    found = [(v.rule, v.section, v.found, v.limit, v.cards) for v in check_deck(deck)]
    assert found == reference(deck)
    assert check_deck(Deck.parse(deck.to_text(), TEST_SET)) == check_deck(deck)  # through the text too


def test_check_many_in_cpp_counts_every_check():
    checker = tcbg._core.zx.DeckChecker(TEST_SET.to_core())
    deck_list, dynamis, apart = core_lists(Deck.parse(deck_text(deck=with_changes(T01_020=5)), TEST_SET))
    assert len(checker.check(deck_list, dynamis, apart)) == 2  # 401.1a and 401.2
    assert checker.check_many(deck_list, dynamis, apart, 1000) == 2000
    assert checker.check_many(deck_list, dynamis, apart, 0) == 0


@pytest.mark.parametrize("args, field", [
    (([(99, 1)], [], []), "deck[0]"), (([(0, 0)], [], []), "deck[0]"), (([], [(-1, 1)], []), "dynamis[0]"),
    (([], [], [(0, 70000)]), "apart[0]"),
])
def test_binding_refuses_bad_entries(args, field):
    checker = tcbg._core.zx.DeckChecker(TEST_SET.to_core())
    with pytest.raises(GameError) as info:
        checker.check(*args)
    assert info.value.field == field


@pytest.mark.parametrize("index, value, field", [(0, -1, "name_id"), (2, 8, "type"), (3, 32, "colours"),
                                                 (4, -2, "cost"), (6, 128, "keywords")])
def test_binding_refuses_bad_card_records(index, value, field):
    record = list(TEST_SET.to_core()[0])
    record[index] = value
    with pytest.raises(GameError) as info:
        tcbg._core.zx.DeckChecker([tuple(record)])
    assert info.value.field == f"cards[0].{field}"


# -- reading lists -----------------------------------------------------------------------------------------------


def test_cards_by_number_japanese_and_english_name():
    text = ("Card set: starter-2012\nPLAYER : 天王寺飛鳥\ndeck:\n4 C01-003\n4x 鎧鍛冶レインフォース\n"
            "4 holy beast,  aura komainu   # a comment\n2 豪胆なる熊武士 坂田金時\n2 賢さのサジェス\n2 C03-016\n")
    deck = Deck.parse(text)
    assert deck.player.number == "C01-001"
    assert [(c.number, n) for c, n in deck.deck] == [("C01-003", 4), ("C01-005", 4), ("C01-010", 4),
                                                      ("C01-007", 2), ("C01-015", 2), ("C03-016", 2)]
    sagesse = [v for v in check_deck(deck) if v.rule == "401.2"]
    assert sagesse == []  # 4 copies of one name over two numbers: at the limit
    deck = Deck.parse(text + "1 C04-010\n2 Majestic Sovereign, Augustus\n")
    assert [v.cards for v in check_deck(deck) if v.rule == "401.2"] == []
    deck = Deck.parse(text.replace("2 C03-016", "3 C03-016"))
    assert [v.cards for v in check_deck(deck) if v.rule == "401.2"] == [("C01-015", "C03-016")]


def test_a_name_of_cards_that_differ_needs_its_number():
    with pytest.raises(ZXDeckError) as info:
        Deck.parse(deck_text(deck={"Plain 1": 1}), TEST_SET)
    assert info.value.rule == "ZD4" and "T01-021, T01-041" in info.value.reason
    assert Deck.parse(deck_text(deck={"Plain 0": 1}), TEST_SET).deck[0][0].number == "T01-020"  # same data


@pytest.mark.parametrize("text, line, rule, words", [
    ("Card set: starter-2012\n4 Ruby Howel\n", 2, "ZD4", "did you mean 'Crimson Fang, Ruby Howl'"),
    ("Card set: starter-2012\n4 紅い牙ルビーハウ\n", 2, "ZD4", "紅い牙ルビーハウル"),
    ("Card set: starter-2012\nfour C01-003\n", 2, "ZD3", "not a line of a deck list"),
    ("Card set: starter-2012\n4\n", 2, "ZD3", "count but no card"),
    ("Card set: starter-2012\n-4 C01-003\n", 2, "ZD3", "sign"),
    ("Card set: starter-2012\nPlayer:\n", 2, "ZD3", "names nothing"),
    ("Card set: starter-2012\n0 C01-003\n", 2, "ZD5", "is 0"),
    ("Card set: starter-2012\n04 C01-003\n", 2, "ZD5", "leading zero"),
    ("Card set: starter-2012\n10000 C01-003\n", 2, "ZD5", "more than 9999"),
    ("Card set: starter-2012\nPlayer: C01-003\n", 2, "ZD6", "names a Player card"),
    ("Card set: starter-2012\nPrepared: C01-001\n", 2, "ZD6", "Player Extra"),
    ("Card set: starter-2012\n4 C01-003\n\n4 C01-003\n", 4, "ZD7", "line 2"),
    ("Card set: starter-2013\n", 1, "ZD2", "did you mean 'starter-2012'"),
    ("Card set: starter-2012\nCard set: vanilla\n", 2, "ZD2", "second"),
    ("4 C01-003\n", 1, "ZD2", "before the 'Card set: NAME' line"),
    ("Card set: nowhere/cards.json\n", 1, "ZD2", "no card file"),
])
def test_bad_lists_name_the_line_and_rule(text, line, rule, words):
    with pytest.raises(ZXDeckError) as info:
        Deck.parse(text, source="my.txt")
    assert (info.value.file, info.value.where, info.value.rule) == ("my.txt", f"line {line}", rule)
    assert words in info.value.reason, info.value.reason
    assert str(info.value).startswith(f"my.txt: line {line}: ") and f"[zx/deck-format {rule}]" in str(info.value)


def test_whole_file_errors(tmp_path):
    with pytest.raises(ZXDeckError, match="no 'Card set: NAME' line") as info:
        Deck.parse("# nothing\n")
    assert info.value.rule == "ZD2"
    (tmp_path / "bad.txt").write_bytes(b"Card set: vanilla\n\xff\n")
    with pytest.raises(ZXDeckError, match="not UTF-8") as info:
        Deck.load(tmp_path / "bad.txt")
    assert info.value.where == "line 2" and info.value.rule == "ZD1"
    with pytest.raises(ZXDeckError, match="did you mean 'c01-white-red'"):
        Deck.load("c01-white-rde")
    with pytest.raises(ZXDeckError, match="folder"):
        Deck.load(tmp_path)
    with pytest.raises(ZXDeckError, match="read with 'rules-test'"):
        Deck.parse("Card set: vanilla\n", TEST_SET)
    with pytest.raises(ZXDeckError, match="CardSet"):
        Deck.parse("Card set: vanilla\n", "vanilla")  # type: ignore[arg-type]


def test_card_file_beside_the_list(tmp_path):
    import json

    (tmp_path / "mine.json").write_text(json.dumps({"format": "tcbg-zx-cards/1", "name": "mine",
                                                    "cards": [c.to_dict() for c in TEST_SET]}), encoding="utf-8")
    (tmp_path / "deck.txt").write_text(deck_text().replace("rules-test", "mine.json"), encoding="utf-8")
    deck = Deck.load(tmp_path / "deck.txt")
    assert deck.card_set.name == "mine" and check_deck(deck) == []


LINE = st.one_of(
    st.sampled_from(["Card set: starter-2012", "Card set: vanilla", "Card set: x", "Player: C01-001",
                     "Player: Pilot Akane", "Prepared: C01-001", "Deck:", "Dynamis:", "# comment", "", "4 C01-003",
                     "4 Ember Hound", "0 C01-003", "4x C01-005", "99999 C01-006", "3 Sagesse of Wisdom",
                     "Player: 天王寺飛鳥", "2 ＣＯ１-００３"]),
    st.builds(lambda n, s: f"{n} {s}", st.integers(-3, 200), st.text(max_size=12)),
    st.text(max_size=30),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(LINE, max_size=12), st.booleans())
def test_fuzzed_lists_raise_only_typed_errors(lines, as_bytes):
    text = "\n".join(lines)
    try:
        deck = Deck.parse(text.encode("utf-8", "surrogatepass") if as_bytes else text)
    except TcbgError:
        return
    found = check_deck(deck)  # a list that reads is checked, never a crash
    assert all(isinstance(v, Violation) and re.fullmatch(r"401\.[0-9]+a?|Z4\.[45]", v.rule) for v in found)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_fuzzed_bytes_raise_only_typed_errors(data):
    try:
        Deck.parse(b"Card set: vanilla\n" + data)
    except TcbgError:
        pass


# -- the command line ----------------------------------------------------------------------------------------------


def test_cli_legal_deck(capsys):
    assert main(["deck", "check", "c04-green-red"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and "legal" in out[0] and "C04-001" in out[0]
    assert main(["deck", "check", "vanilla-red-blue", "--game", "zx"]) == 0


def test_cli_reports_every_violation(tmp_path, capsys):
    path = tmp_path / "broken.txt"
    path.write_text(deck_text(deck=with_changes(T01_020=5, T01_010=5)).replace("rules-test", "rules.json"),
                    encoding="utf-8")
    (tmp_path / "rules.json").write_text(__import__("json").dumps(
        {"format": "tcbg-zx-cards/1", "name": "rules", "cards": [c.to_dict() for c in TEST_SET]}), encoding="utf-8")
    assert main(["deck", "check", str(path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    # 55 cards; 5 of Plain 0 and 5 of Medic A; 5 Life Recovery; 23 Ignition cards
    assert [line.split(": ")[1] for line in out[:-1]] == ["401.1a", "401.2", "401.2", "401.3", "401.5"]
    assert out[-1].endswith("not legal: 5 violations")


def test_cli_bad_file_is_one_error_line(tmp_path, capsys):
    path = tmp_path / "typo.txt"
    path.write_text("Card set: starter-2012\n4 Crimson Fang, Ruby Howel\n", encoding="utf-8")
    assert main(["deck", "check", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "line 2" in err[0] and "ZD4" in err[0] and "Ruby Howl" in err[0]


def test_cli_x610z_lists(tmp_path, capsys):
    assert main(["deck", "check", "undead"]) == 0
    assert "legal" in capsys.readouterr().out
    path = tmp_path / "short.txt"
    path.write_text("Card set: vanilla\nLife base: Ember Caravan\n3 Ashwing Drake\n", encoding="utf-8")
    assert main(["deck", "check", str(path)]) == 1
    assert "D8" in capsys.readouterr().out
    path.write_text("Life base: Ember Caravan\n3 Ashwing Drake\n", encoding="utf-8")  # which set? (D10)
    assert main(["deck", "check", str(path)]) == 2
    assert "[deck-format D10]" in capsys.readouterr().err
    assert main(["deck", "check", "c01-white-red", "--cards", "vanilla"]) == 2  # --cards is X610Z's
    assert main(["deck", "check", "vanilla-a", "--game", "x610z"]) == 0


def test_counter_of_shipped_cards_matches_text():
    """Deck.counts() and card_list() agree with the entries (the deck as the engine will take it)."""
    deck = Deck.load("c02-black-blue")
    assert Counter(c.number for c in deck.card_list()) == Counter(deck.counts())
