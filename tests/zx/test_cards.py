"""Z/X card data (docs/zx/card-data.md, rules ZC1-ZC14): the starter-2012 set against the facts of sources.md Part C,
the invented vanilla set, the core's CardDef tuples, lookups by number and name, and broken card files, which raise
tcbg.errors.ZXCardError naming the file, the card and the rule. Never a crash, never silent acceptance."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcbg.errors import CardError, TcbgError, ZXCardError
from tcbg.zx.cards import COLOURS, KEYWORDS, RACES, TYPES, CardSet, name_key

# The starter decks' rows of the early cards' facts (shared/zx/early-cards-facts.csv beside the repository: the
# C01-C04 rows, copied as they are, so the check runs on every clone).
FACTS = Path(__file__).parent / "data" / "starter-2012-facts.csv"
STARTER = CardSet.load("starter-2012")
VANILLA = CardSet.load("vanilla")

# sources.md Part C, by keyword (the ability column) and by icon (the IG column)
LIFE_RECOVERY = {"C01-005", "C02-004", "C03-006", "C03-013", "C04-006", "C04-016"}
VOID_BRINGER = {"C01-010", "C02-011", "C03-003", "C03-012", "C04-003", "C04-013"}
START_CARD = {"C01-004", "C02-003", "C03-004", "C04-004"}
EVOL_SEED = {"C01-007", "C02-015"}
RANGE_2 = {"C01-015", "C03-016"}
IGNITION = {"C01-003", "C01-005", "C01-010", "C01-011", "C01-012", "C02-004", "C02-005", "C02-011", "C02-012",
            "C02-013", "C03-003", "C03-005", "C03-006", "C03-011", "C03-012", "C03-013", "C03-014", "C03-021",
            "C04-003", "C04-005", "C04-006", "C04-012", "C04-013", "C04-014", "C04-015", "C04-016"}
PLAYERS = {"C01-001": ("天王寺飛鳥", "white"), "C02-001": ("上柚木綾瀬", "black"),
           "C03-001": ("各務原あづみ", "blue"), "C04-001": ("青葉千歳", "green")}


# -- the starter set ---------------------------------------------------------------------------------------------


def test_starter_set_holds_every_card_of_the_four_starters():
    sizes = {"C01": 17, "C02": 17, "C03": 21, "C04": 21}  # sources.md Part B 2.1: 17 / 17 / 21 / 21
    numbers = [card.number for card in STARTER]
    assert numbers == [f"{s}-{i:03d}" for s, n in sizes.items() for i in range(1, n + 1)]


def test_starter_keywords_and_icons_are_the_facts():
    def having(keyword):
        return {c.number for c in STARTER if c.has(keyword)}

    assert having("Life Recovery") == LIFE_RECOVERY and having("Void Bringer") == VOID_BRINGER
    assert having("Start Card") == START_CARD and having("Evol Seed") == EVOL_SEED and having("Range 2") == RANGE_2
    assert {c.number for c in STARTER if c.ignition} == IGNITION
    assert {c.number for c in STARTER if c.icon == "ES"} == EVOL_SEED
    assert not any(c.has("Range infinity") or c.has("Isolate") or c.sealed or c.legend for c in STARTER)


def test_starter_player_cards():
    for number, (name, colour) in PLAYERS.items():
        card = STARTER[number]
        assert (card.type, card.name, card.colours, card.cost, card.power, card.race) == \
            ("Player", name, (colour,), None, None, None)


def test_starter_spot_facts():
    """A few rows of sources.md Part C, field by field."""
    assert STARTER["C01-004"].to_dict() | {"text": ""} == {
        "number": "C01-004", "name": "砂漠の女王クレオパトラ", "name_en": "Desert Queen, Cleopatra", "type": "Z/X",
        "colours": ["red"], "race": "Brave", "cost": 3, "power": 4500, "keywords": ["Start Card"], "rarity": "R",
        "text": ""}
    c = STARTER["C02-016"]
    assert (c.colours, c.race, c.cost, c.power, c.icon) == (("black",), "Undead", 7, 8000, None)
    c = STARTER["C04-012"]
    assert (c.type, c.colours, c.cost, c.power, c.icon, c.race) == ("Event", ("red",), 4, None, "IG", None)
    c = STARTER["C03-005"]
    assert (c.colours, c.race, c.cost, c.power, c.icon) == (("blue",), "Battle Suit", 3, 3000, "IG")


def test_starter_set_matches_the_early_cards_facts():
    races = {"天使": "Angel", "勇者": "Brave", "巨兽": "Gigantic", "技师": "Artisan", "神兽": "Divine Beast",
             "战斗服": "Battle Suit", "金属要塞": "Metal Fortress", "杀人机械": "Killer Machine", "人鱼": "Mermaid",
             "猫妖精": "Cait Sith", "圣兽": "Holy Beast", "守护者": "Guardian", "魔人": "Demon", "不死者": "Undead",
             "捕食者": "Predator", "蓬莱": "Hourai", "叶人": "Leafling", "花虫": "Flower-insect"}
    with open(FACTS, encoding="utf-8") as handle:
        rows = {r["serial"]: r for r in csv.DictReader(handle)}
    for card in STARTER:
        row = rows[card.number]
        assert (card.name, card.type, card.colours, card.rarity) == \
            (row["name_jp"], row["type"], (row["colour"].lower(),), row["rarity"]), card.number
        if card.type != "Player":
            assert card.cost == int(row["cost"]), card.number
        if card.type == "Z/X":
            assert (card.race, card.power) == (races[row["race_zh"]], int(row["power"])), card.number
        icon = {"IG": "IG", "ES(EvolSeed)": "ES", "": None}[row["ignition_icon"]]
        # the database lost C02-011's icon (sources.md Part C); a Void Bringer card has it (ZC11)
        assert card.icon == ("IG" if card.number == "C02-011" else icon), card.number


def test_reprints_share_a_name_id():
    for a, b in (("C01-008", "C04-010"), ("C01-015", "C03-016"), ("C02-009", "C03-009")):
        assert STARTER.name_id(STARTER[a]) == STARTER.name_id(STARTER[b])
        assert STARTER.to_core()[STARTER.index(a)] == STARTER.to_core()[STARTER.index(b)]
    assert len({STARTER.name_id(c) for c in STARTER}) == len(STARTER) - 3


def test_every_card_round_trips_through_its_dict():
    for cards in (STARTER, VANILLA):
        again = CardSet.from_dict({"format": "tcbg-zx-cards/1", "name": cards.name,
                                   "cards": [c.to_dict() for c in cards]})
        assert again.cards == cards.cards


# -- the vanilla set -----------------------------------------------------------------------------------------------


def test_vanilla_set_is_invented_and_playable():
    assert VANILLA.invented and "Invented" in VANILLA.description
    assert all(c.number.startswith("VAN-") and not c.text for c in VANILLA)
    zx = [c for c in VANILLA if c.type == "Z/X"]
    assert {c.colours[0] for c in zx} == {"red", "blue", "white", "black"}
    assert {c.cost for c in zx} >= {2, 3, 4, 5, 6, 7}
    assert sum(c.ignition for c in VANILLA) * 4 >= 20
    for keyword in ("Start Card", "Life Recovery", "Void Bringer", "Range 2"):
        assert any(c.has(keyword) for c in VANILLA), keyword
    assert [c.type for c in VANILLA].count("Player") == 2
    assert VANILLA.missing_effects() == [] and VANILLA.effects == {}


def test_effects_modules_are_loaded_and_name_what_is_missing():
    """ZC14: every starter card with ability text has its definition; keywords are card data and need none."""
    assert STARTER.effects_file.endswith("starter_2012.py") and STARTER.missing_effects() == []
    assert set(STARTER.effects) == {c.number for c in STARTER if c.text}
    assert "C01-003" in STARTER.effects and "C01-012" not in STARTER.effects and "C01-005" not in STARTER.effects


# -- the core's record ---------------------------------------------------------------------------------------------


def test_to_core_follows_card_hpp():
    """Field order and numbering of tcbg::zx::CardDef (cpp/include/tcbg/zx/card.hpp)."""
    assert TYPES == ("Z/X", "Event", "Player", "Z/X Extra", "Z/X Overboost", "Shift", "Event Extra", "Player Extra")
    assert COLOURS == ("red", "blue", "white", "black", "green")
    assert KEYWORDS == ("Start Card", "Life Recovery", "Void Bringer", "Range 2", "Range infinity", "Isolate",
                        "Evol Seed")
    core = STARTER.to_core()
    poena = core[STARTER.index("C02-011")]
    assert poena == (STARTER.name_id(STARTER["C02-011"]), RACES.index("Demon") + 1, 0, 8, 2, 3500, 4, True, False,
                     False)
    kaguya = core[STARTER.index("C02-015")]
    assert kaguya[6] == 64 and kaguya[7] is False
    event = core[STARTER.index("C03-021")]
    assert event[:3] == (event[0], 0, 1) and event[5] == 0 and event[7] is True
    infinite = CardSet.from_dict({"format": "tcbg-zx-cards/1", "name": "x", "cards": [
        {"number": "X01-001", "name": "無限", "name_en": "Endless", "type": "Event", "colours": [],
         "cost": "infinity"}]})
    assert infinite.to_core() == [(1, 0, 1, 0, -1, 0, 0, False, False, False)]


# -- lookups -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["C01-007", "c01-007", "豪胆なる熊武士　坂田金時", "豪胆なる熊武士 坂田金時",
                                  "Bold Bear Warrior, Sakata no Kintoki", "bold bear warrior,  sakata no kintoki",
                                  "ｃ０１－００７"])
def test_find_by_number_and_names(text):
    assert STARTER.find(text).number == "C01-007"


def test_find_reprint_gives_the_first_number():
    assert STARTER.find("賢さのサジェス").number == "C01-015" and len(STARTER.lookup("Sagesse of Wisdom")) == 2


def test_unknown_names_suggest_the_nearest():
    with pytest.raises(KeyError, match="did you mean 'Holy Beast, Aura Pegasus'"):
        STARTER.find("Aura Pegasos")
    with pytest.raises(KeyError, match="nearest are"):
        STARTER.find("zzzzzzzz")
    assert name_key(" Ａ  b ") == "a b"


# -- broken card files -----------------------------------------------------------------------------------------------

GOOD = {"number": "X01-001", "name": "試し", "name_en": "Trial", "type": "Z/X", "colours": ["red"], "race": "Brave",
        "cost": 3, "power": 5000}


def one(card=None, **top):
    return {"format": "tcbg-zx-cards/1", "name": "x", "cards": [GOOD if card is None else card], **top}


@pytest.mark.parametrize("change, rule, words", [
    ({"number": "C01-03"}, "ZC3", "card number"),
    ({"number": 3}, "ZC3", "card number"),
    ({"name": ""}, "ZC4", "name must be"),
    ({"name_en": " Trial"}, "ZC4", "name_en must be"),
    ({"type": "Monster"}, "ZC5", "type must be one of"),
    ({"colours": ["purple"]}, "ZC6", "colours"),
    ({"colours": ["red", "red"]}, "ZC6", "distinct"),
    ({"colours": "red"}, "ZC6", "colours"),
    ({"race": "Dragon"}, "ZC7", "unknown race"),
    ({"race": "Angle"}, "ZC7", "did you mean 'Angel'"),
    ({"cost": -1}, "ZC8", "cost must be"),
    ({"cost": 3.0}, "ZC8", "cost must be"),
    ({"cost": True}, "ZC8", "cost must be"),
    ({"cost": "inf"}, "ZC8", "cost must be"),
    ({"power": -500}, "ZC9", "power must be"),
    ({"power": 100000}, "ZC9", "power must be"),
    ({"icon": "ig"}, "ZC10", "icon must be"),
    ({"keywords": ["Rush"]}, "ZC11", "keywords must be"),
    ({"keywords": ["Range 2", "Range 2"]}, "ZC11", "twice"),
    ({"keywords": ["Life Recovery"]}, "ZC11", "Ignition icon"),
    ({"keywords": ["Void Bringer"], "icon": "ES"}, "ZC11", "Evol Seed"),
    ({"icon": "ES"}, "ZC11", "Evol Seed"),
    ({"sealed": 1}, "ZC12", "sealed must be"),
    ({"sealed": True, "legend": True}, "ZC12", "not both"),
    ({"rarity": "UR"}, "ZC13", "rarity"),
    ({"text": " spaced "}, "ZC13", "text must be"),
    ({"attack": 3}, "ZC2", "unknown field 'attack'"),
])
def test_bad_card_fields(change, rule, words):
    with pytest.raises(ZXCardError) as info:
        CardSet.from_dict(one(GOOD | change), file="my.json")
    assert info.value.rule == rule and words in info.value.reason, info.value.reason
    assert info.value.file == "my.json" and info.value.where.startswith("card 0")
    assert isinstance(info.value, CardError) and f"[zx/card-data {rule}]" in str(info.value)


@pytest.mark.parametrize("card, rule, words", [
    ({k: v for k, v in GOOD.items() if k != "race"}, "ZC7", "'race' is missing"),
    ({k: v for k, v in GOOD.items() if k != "power"}, "ZC9", "'power' is missing"),
    ({k: v for k, v in GOOD.items() if k != "cost"}, "ZC8", "'cost' is missing"),
    ({k: v for k, v in GOOD.items() if k != "colours"}, "ZC2", "'colours' is missing"),
    ({"number": "X01-001", "name": "a", "name_en": "A", "type": "Player", "colours": [], "cost": 0}, "ZC8", "no cost"),
    ({"number": "X01-001", "name": "a", "name_en": "A", "type": "Event", "colours": [], "cost": 1, "race": "Brave"},
     "ZC7", "has no race"),
    ({"number": "X01-001", "name": "a", "name_en": "A", "type": "Event", "colours": [], "cost": 1, "power": 1},
     "ZC9", "has no power"),
    ({"number": "X01-001", "name": "a", "name_en": "A", "type": "Event", "colours": [], "cost": 1,
      "keywords": ["Isolate"]}, "ZC11", "has none"),
    ({"number": "X01-001", "name": "a", "name_en": "A", "type": "Shift", "colours": [], "cost": 1, "race": "Brave",
      "power": 1, "icon": "IG"}, "ZC10", "no icon"),
    ({"number": "X01-001", "name": "a", "name_en": "A", "type": "Shift", "colours": [], "cost": 1, "race": "Brave",
      "power": 1, "keywords": ["Start Card"]}, "ZC11", "Start Card"),
    ("card", "ZC2", "JSON object"),
])
def test_bad_cards_by_type(card, rule, words):
    with pytest.raises(ZXCardError) as info:
        CardSet.from_dict(one(card))
    assert info.value.rule == rule and words in info.value.reason, info.value.reason


def test_set_rules():
    two = [GOOD, GOOD | {"name_en": "Other"}]
    with pytest.raises(ZXCardError, match="already card 0") as info:
        CardSet.from_dict({"format": "tcbg-zx-cards/1", "name": "x", "cards": two})
    assert info.value.rule == "ZC3" and info.value.where == "card 1 X01-001"
    pair = [GOOD, GOOD | {"number": "X01-002", "name_en": "Other"}]
    with pytest.raises(ZXCardError, match="one English name") as info:
        CardSet.from_dict({"format": "tcbg-zx-cards/1", "name": "x", "cards": pair})
    assert info.value.rule == "ZC4"
    for doc, words in (({"format": "tcbg-cards/1", "name": "x", "cards": [GOOD]}, "format must be"),
                       ({"format": "tcbg-zx-cards/1", "name": "x", "cards": []}, "non-empty"),
                       ({"format": "tcbg-zx-cards/1", "cards": [GOOD]}, "'name' is missing"),
                       ({"format": "tcbg-zx-cards/1", "name": "x", "cards": [GOOD], "extra": 1}, "unknown field"),
                       ([GOOD], "JSON object")):
        with pytest.raises(ZXCardError, match=words) as info:
            CardSet.from_dict(doc)
        assert info.value.rule == "ZC1"


def test_files(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ZXCardError, match="not valid JSON") as info:
        CardSet.load(path)
    assert info.value.file == str(path) and info.value.rule == "ZC1"
    with pytest.raises(ZXCardError, match="did you mean 'vanilla'"):
        CardSet.load("vanila")
    with pytest.raises(ZXCardError, match="by name or path"):
        CardSet.load(3)  # type: ignore[arg-type]


def test_effects_file_rules(tmp_path):
    def write(effects_source, name="fx.py", ref="fx.py"):
        (tmp_path / name).write_text(effects_source, encoding="utf-8")
        (tmp_path / "set.json").write_text(json.dumps(one(effects=ref)), encoding="utf-8")
        return tmp_path / "set.json"

    assert CardSet.load(write("EFFECTS = {'X01-001': 'later'}\n")).effects == {"X01-001": "later"}
    assert CardSet.load(write("EFFECTS = {'X01-001': 'later'}\n")).missing_effects() == []
    for source, ref, words in (("EFFECTS = {'Z99-999': 1}\n", "fx.py", "no card of the set"),
                               ("X = 1\n", "fx.py", "must define EFFECTS"),
                               ("raise RuntimeError('boom')\n", "fx.py", "RuntimeError while loading"),
                               ("EFFECTS = {}\n", "gone.py", "no effects file"),
                               ("EFFECTS = {}\n", "../fx.py", "beside the card file")):
        with pytest.raises(ZXCardError, match=words) as info:
            CardSet.load(write(source, ref=ref))
        assert info.value.rule == "ZC14"


@st.composite
def card_dicts(draw):
    card = dict(GOOD)
    for key in draw(st.lists(st.sampled_from(sorted(GOOD) + ["icon", "keywords", "sealed", "legend", "rarity",
                                                               "text", "x"]), max_size=4)):
        card[key] = draw(st.one_of(st.none(), st.booleans(), st.integers(-10, 200000), st.text(max_size=8),
                                   st.sampled_from([*TYPES, *RACES, *COLOURS, "IG", "ES", "infinity"]),
                                   st.lists(st.sampled_from([*KEYWORDS, *COLOURS, 1]), max_size=3)))
    for key in draw(st.lists(st.sampled_from(sorted(GOOD)), max_size=2)):
        card.pop(key, None)
    return card


@settings(max_examples=400, deadline=None)
@given(st.lists(card_dicts(), min_size=1, max_size=3))
def test_fuzzed_cards_raise_only_typed_errors(cards):
    try:
        loaded = CardSet.from_dict({"format": "tcbg-zx-cards/1", "name": "fuzz", "cards": cards})
    except TcbgError as exc:
        assert isinstance(exc, ZXCardError) and exc.rule.startswith("ZC")
        return
    for card in loaded:  # what loads is consistent with the rules it passed
        assert CardSet.from_dict({"format": "tcbg-zx-cards/1", "name": "again",
                                  "cards": [card.to_dict()]}).cards == (card,)
        assert len(loaded.to_core()) == len(loaded)
