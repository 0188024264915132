"""Card data (docs/card-data.md, rules C1-C12): the shipped vanilla set, cost strings, and bad card files and dicts,
which raise tcbg.CardError naming the file, the card (index and name) and the rule. Never a crash, never silent
acceptance."""

from __future__ import annotations

import copy
import doctest
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tcbg
import tcbg.x610z.cards as cards_module
from tcbg.x610z.cards import (
    CLASSES,
    EDITION_CLASSES,
    EDITION_LETTERS,
    EDITIONS,
    ENERGY,
    LETTERS,
    SUMMON_CLASSES,
    Card,
    CardSet,
    Cost,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "card-data.md"


@pytest.fixture(scope="module")
def vanilla() -> CardSet:
    return CardSet.load("vanilla")


# -- the shipped vanilla set -------------------------------------------------------------------------------------


def test_vanilla_loads(vanilla):
    assert CardSet.names() == ["quests", "ruins", "vanilla"]
    assert vanilla.name == "vanilla" and vanilla.file == "vanilla.json"
    assert len(vanilla) == len(list(vanilla)) == len(vanilla.card_names()) == 17
    assert all(isinstance(card, Card) for card in vanilla)


def test_vanilla_every_card_is_valid(vanilla):
    # each card survives a round trip through its dict form, which re-checks every rule
    for i, card in enumerate(vanilla):
        assert Card.from_dict(card.to_dict(), file="vanilla.json", index=i) == card
        assert vanilla[card.name] is card
    again = CardSet.from_dict(vanilla.to_dict(), source="again")
    assert again.cards == vanilla.cards and again.description == vanilla.description


def test_vanilla_has_no_effects(vanilla):
    assert {card.type for card in vanilla} == {"life-base", "summon", "crystal"}
    texts = {card.text for card in vanilla}
    assert texts <= {"", "[Block rate 1]", "[Move and attack in all directions]"}


def test_vanilla_covers_every_energy_type_with_one_crystal(vanilla):
    crystals = [card for card in vanilla if card.type == "crystal"]
    assert sorted(card.produces for card in crystals) == sorted(LETTERS)
    assert all(card.cost.total() == 0 for card in crystals)


def test_vanilla_covers_every_class_with_two_different_summons(vanilla):
    for summon_class in SUMMON_CLASSES:
        summons = [card for card in vanilla if card.summon_class == summon_class]
        assert len(summons) >= 2, summon_class
        lines = {(c.attack, c.defense, c.speed, c.range, str(c.move_cost)) for c in summons}
        assert len(lines) == len(summons), f"{summon_class}: two summons share a stat line"
    summons = [card for card in vanilla if card.type == "summon"]
    assert all(1 <= c.speed <= 6 and 1 <= c.range <= 4 and c.attack >= 1 for c in summons)
    assert {c.speed for c in summons} == set(range(1, 7))
    assert {c.range for c in summons} == set(range(1, 5))
    assert len({str(c.move_cost) for c in summons}) >= 4
    assert [c.block_rate for c in summons if c.block_rate] == [1]
    assert len([c for c in summons if c.all_directions]) == 1
    assert {card.summon_class for card in vanilla if card.is_summon} == set(CLASSES)


def test_vanilla_life_bases(vanilla):
    bases = [card for card in vanilla if card.type == "life-base"]
    assert len(bases) == 2
    for base in bases:
        assert base.summon_class == "life-base" and base.deck_limit == 1 and base.cost.total() == 0
        assert 18 <= base.defense <= 25 and base.speed == 1 and base.range == 1 and 1 <= base.attack <= 2
        assert base.move_cost is not None and base.move_cost.total() <= 1
        assert set(base.editions) == set(EDITIONS)


@pytest.mark.parametrize("edition", EDITIONS)
def test_vanilla_is_playable_in_each_edition(vanilla, edition):
    """A deck of the edition's cards can pay for everything: each non-colorless letter of a cost is produced by a
    crystal of that edition (colorless is paid with any energy), and it has a life base and every class."""
    legal = vanilla.cards_for(edition)
    assert all(card.legal_in(edition) for card in legal)
    produced = {card.produces for card in legal if card.type == "crystal"}
    assert produced == set(EDITION_LETTERS[edition])
    for card in legal:
        for cost in (card.cost, card.move_cost):
            if cost is not None:
                assert cost.letters() - {"C"} <= produced, card.name
    assert {card.summon_class for card in legal if card.is_summon} == set(EDITION_CLASSES[edition])
    assert len([card for card in legal if card.type == "life-base"]) == 2


def test_vanilla_names_are_our_own(vanilla):
    # names of real X610Z cards that appear in the rulebooks
    real = {"Hunter Dragon", "Cargo Beast", "Howling Bogling", "Living Waterfall", "Healing Elixir",
            "Divine Intervention"}
    assert not real & set(vanilla.card_names())


def test_docs_table_matches_vanilla(vanilla):
    """The table of the shipped set in docs/card-data.md says what vanilla.json says."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## The shipped set `vanilla`"):text.index("## Example")]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Card")]
    table = {}
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        table[cells[0]] = cells
    assert list(table) == vanilla.card_names()
    for card in vanilla:
        name, kind, cost, atk, dfn, spd, rng, move, editions, other = table[card.name]
        assert cost == str(card.cost)
        if card.is_summon:
            assert (atk, dfn, spd, rng) == tuple(str(getattr(card, s)) for s in ("attack", "defense", "speed", "range"))
            assert move == (str(card.move_cost) or "free")
            assert kind == (card.summon_class.replace("-", " "))
        else:
            assert kind == f"crystal ({card.produces})"
        assert editions == ("both" if len(card.editions) == 2 else card.editions[0])
        assert other == ("block rate 1" if card.block_rate else "all directions" if card.all_directions else "")


def test_docs_example_loads():
    text = DOCS.read_text(encoding="utf-8")
    block = re.search(r"## Example\s+```json\n(.*?)```", text, re.S).group(1)
    example = CardSet.from_dict(json.loads(block), source="card-data.md")
    wall = example["Wall of Rust"]
    assert (wall.attack, wall.speed, wall.range, wall.move_cost, wall.block_rate) == (None, None, None, None, 2)
    assert example["Quick Thought"].is_permanent is False


def test_docstring_examples():
    failures, tried = doctest.testmod(cards_module, verbose=False)
    assert tried > 0 and failures == 0


# -- lookups -----------------------------------------------------------------------------------------------------


def test_unknown_name_suggests_the_nearest(vanilla):
    with pytest.raises(tcbg.CardError) as info:
        vanilla["Ashwing Drak"]
    err = info.value
    assert err.file == "vanilla.json" and err.where == "card 'Ashwing Drak'" and err.rule == "C3"
    assert "did you mean 'Ashwing Drake'?" in err.reason
    with pytest.raises(tcbg.CardError, match="did you mean 'Mistscale Wyrm'"):
        vanilla["mistscale wyrm"]  # exact names only, but case does not hide the suggestion
    with pytest.raises(tcbg.CardError, match=r"17 cards; see CardSet.card_names\(\)"):
        vanilla["Zzyzx"]
    with pytest.raises(tcbg.CardError, match="looked up by its name"):
        vanilla[3]
    assert "Ashwing Drake" in vanilla and "ashwing drake" not in vanilla and 3 not in vanilla


def test_cards_for(vanilla):
    existenz = vanilla.cards_for("existenz")
    act1 = vanilla.cards_for("act1")
    assert len(existenz) == 17 and len(act1) == 11
    assert {c.summon_class for c in act1 if c.type == "summon"} == {"dragon", "vessel", "beast"}
    with pytest.raises(tcbg.CardError) as info:
        vanilla.cards_for("act2")
    assert info.value.rule == "C7" and "unknown edition 'act2'" in str(info.value)


def test_unknown_shipped_name_suggests():
    with pytest.raises(tcbg.CardError, match="did you mean 'vanilla'") as info:
        CardSet.load("vanila")
    assert info.value.rule == "C1"


# -- cost strings (C4) -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, canonical, total", [
    ("", "", 0),
    ("C2 B2 M1 R1", "C2 B2 M1 R1", 6),
    ("R1 M1 B2 C2", "C2 B2 M1 R1", 6),
    ("H20", "H20", 20),
    ("  B1   C3 ", "C3 B1", 4),
    ("M1 H2 R3 B4 C5", "C5 B4 M1 R3 H2", 15),
])
def test_cost_canonical_round_trip(text, canonical, total):
    cost = Cost.parse(text)
    assert str(cost) == canonical and cost.total() == total
    assert Cost.parse(str(cost)) == cost and repr(cost) == f"Cost({canonical!r})"


costs = st.builds(Cost, *[st.sampled_from([0, 0, 1, 2, 3, 19, 20]) for _ in LETTERS])


@given(costs, st.randoms(use_true_random=False), st.sampled_from([" ", "  ", "\t"]))
def test_cost_round_trip_random(cost, rnd, sep):
    text = str(cost)
    assert Cost.parse(text) == cost
    assert text == " ".join(f"{k}{v}" for k, v in cost.counts().items())
    assert cost.total() == sum(cost[letter] for letter in LETTERS)
    tokens = text.split()
    rnd.shuffle(tokens)
    assert Cost.parse(sep.join(tokens)) == cost  # any order, any spacing; one canonical form
    assert str(Cost.parse(sep.join(tokens))) == text


@pytest.mark.parametrize("text, words", [
    ("X3", "unknown energy letter 'X' in 'X3'"),
    ("b2", "unknown energy letter 'b'"),
    ("BM2", "unknown energy letter 'BM'"),
    ("B1 B2", "the letter B appears twice"),
    ("B0", "from 1 to 20"),
    ("B21", "from 1 to 20"),
    ("B02", "without leading zeros"),
    ("B", "bad token 'B'"),
    ("2B", "bad token '2B'"),
    ("B-1", "bad token 'B-1'"),
    ("B1,M1", "bad token"),
    ("B\u0662", "bad token"),  # an Arabic-Indic digit is not a count
    (3, "must be a cost string"),
    (None, "must be a cost string"),
])
def test_bad_cost_strings(text, words):
    with pytest.raises(tcbg.CardError) as info:
        Cost.parse(text, file="f.txt", where="here")
    err = info.value
    assert err.rule == "C4" and err.file == "f.txt" and err.where == "here" and words in err.reason, str(err)
    assert str(err).startswith("f.txt: here: ") and str(err).endswith("[card-data C4]")


@pytest.mark.parametrize("counts", [{"boost": 21}, {"halos": -1}, {"mystic": 1.0}, {"robiumm": True}])
def test_bad_cost_counts(counts):
    with pytest.raises(tcbg.CardError, match=r"from 0 to 20, not .*\[card-data C4\]"):
        Cost(**counts)


# -- bad card sets: one error per rule ---------------------------------------------------------------------------


def good() -> dict:
    return {
        "format": "tcbg-cards/1",
        "name": "tiny",
        "cards": [
            {"name": "Keep", "type": "life-base", "class": "life-base", "cost": "", "deck_limit": 1,
             "editions": ["existenz", "act1"], "attack": 1, "defense": 20, "speed": 1, "range": 1, "move_cost": ""},
            {"name": "Spark", "type": "crystal", "cost": "", "deck_limit": 20, "editions": ["existenz", "act1"],
             "produces": "B"},
            {"name": "Drake", "type": "summon", "class": "dragon", "cost": "C1 B2", "deck_limit": 3,
             "editions": ["existenz", "act1"], "attack": 3, "defense": 6, "speed": 4, "range": 2, "move_cost": "B1"},
            {"name": "Legion", "type": "summon", "class": "army", "cost": "C2 R1", "deck_limit": 3,
             "editions": ["existenz"], "attack": 2, "defense": 8, "speed": 2, "range": 1, "move_cost": "R1"},
            {"name": "Quick Thought", "type": "flux", "cost": "M1", "deck_limit": 4, "editions": ["act1"],
             "text": "Nothing happens."},
        ],
    }


NAMES = [card["name"] for card in good()["cards"]]


def at(i: int) -> str:
    """The `where` of card i of good(): its index and name."""
    return f"card {i} {NAMES[i]!r}"


def broken(change) -> dict:
    doc = copy.deepcopy(good())
    change(doc)
    return doc


def check(doc, rule: str, where: str, words: str, source: str = "bad.json") -> tcbg.CardError:
    with pytest.raises(tcbg.CardError) as info:
        CardSet.from_dict(doc, source=source)
    err = info.value
    assert err.rule == rule, str(err)
    assert err.file == source, str(err)
    assert err.where == where, str(err)
    assert words in err.reason, str(err)
    assert str(err) == f"{source}: {where}: {err.reason} [card-data {rule}]"
    return err


def test_the_good_set_loads():
    cs = CardSet.from_dict(good())
    assert cs.card_names() == NAMES and cs.file == "<dict>"
    assert cs["Legion"].editions == ("existenz",) and cs["Quick Thought"].text == "Nothing happens."
    assert cs["Keep"].move_cost == Cost() and cs["Spark"].move_cost is None


CASES = [
    # (change, rule, where, words)
    # C1 document
    (lambda d: d.update(format="tcbg-cards/3"), "C1", "card set", "format must be 'tcbg-cards/1' or 'tcbg-cards/2'"),
    (lambda d: d.pop("format"), "C1", "card set", "'format' is missing"),
    (lambda d: d.pop("name"), "C1", "card set", "'name' is missing"),
    (lambda d: d.update(name=""), "C1", "card set", "name must be a non-empty string"),
    (lambda d: d.update(cards=[]), "C1", "card set", "cards must be a non-empty list"),
    (lambda d: d.update(cards={"Keep": {}}), "C1", "card set", "cards must be a non-empty list"),
    (lambda d: d.update(description=7), "C1", "card set", "description must be a string"),
    (lambda d: d.update(editions=["act1"]), "C1", "card set", "unknown field 'editions'"),
    # C2 card: object, name, type, fields by type (wrong type, unknown field, class on a crystal, missing stats)
    (lambda d: d["cards"].__setitem__(1, ["Spark"]), "C2", "card 1", "must be a JSON object, not list"),
    (lambda d: d["cards"][1].pop("name"), "C2", "card 1", "'name' is missing"),
    (lambda d: d["cards"][1].update(name=""), "C2", "card 1", "name must be a non-empty string"),
    (lambda d: d["cards"][1].update(name=5), "C2", "card 1", "name must be a non-empty string"),
    (lambda d: d["cards"][1].update(name=" Spark"), "C2", "card 1 ' Spark'", "without spaces at its ends"),
    (lambda d: d["cards"][1].pop("type"), "C2", at(1), "'type' is missing"),
    (lambda d: d["cards"][1].update(type="energy"), "C2", at(1), "type must be one of life-base, summon"),
    (lambda d: d["cards"][4].update(type="quest"), "C13", at(4), "quest cards need format 'tcbg-cards/2'"),
    (lambda d: d["cards"][4].update(type="scroll"), "C2", at(4), "not 'scroll'"),
    (lambda d: d["cards"][2].pop("cost"), "C2", at(2), "the field 'cost' is missing"),
    (lambda d: d["cards"][2].pop("deck_limit"), "C2", at(2), "the field 'deck_limit' is missing"),
    (lambda d: d["cards"][2].pop("editions"), "C2", at(2), "the field 'editions' is missing"),
    (lambda d: d["cards"][2].pop("defense"), "C2", at(2), "the field 'defense' is missing"),
    (lambda d: d["cards"][2].pop("class"), "C2", at(2), "the field 'class' is missing"),
    (lambda d: d["cards"][1].pop("produces"), "C2", at(1), "the field 'produces' is missing"),
    (lambda d: d["cards"][1].update({"class": "beast"}), "C2", at(1),
     "the field 'class' is not allowed on a crystal card"),
    (lambda d: d["cards"][1].update(attack=2), "C2", at(1), "the field 'attack' is not allowed on a crystal"),
    (lambda d: d["cards"][2].update(produces="B"), "C2", at(2), "the field 'produces' is not allowed on a summon"),
    (lambda d: d["cards"][4].update(block_rate=1), "C2", at(4), "the field 'block_rate' is not allowed on a flux"),
    (lambda d: d["cards"][4].update(defense=3), "C2", at(4), "the field 'defense' is not allowed on a flux"),
    (lambda d: d["cards"][2].update(power=3), "C2", at(2), "unknown field 'power'"),
    (lambda d: d["cards"][2].update(Attack=3), "C2", at(2), "unknown field 'Attack'"),
    (lambda d: d["cards"][4].update(text=None), "C2", at(4), "text must be a string"),
    (lambda d: d["cards"][4].update(text=["a"]), "C2", at(4), "text must be a string"),
    # C3 unique names
    (lambda d: d["cards"][3].update(name="Drake"), "C3", "card 3 'Drake'", "'Drake' already exists (card 2)"),
    (lambda d: d["cards"][3].update(name="DRAKE"), "C3", "card 3 'DRAKE'", "'Drake' already exists (card 2)"),
    (lambda d: d["cards"].append(copy.deepcopy(d["cards"][0])), "C3", "card 5 'Keep'", "already exists (card 0)"),
    # C4 cost strings (bad token, repeated letter, zero count), in cost and move_cost
    (lambda d: d["cards"][2].update(cost="C1 X3"), "C4", at(2), "cost: unknown energy letter 'X' in 'X3'"),
    (lambda d: d["cards"][2].update(cost="B1 B2"), "C4", at(2), "cost: the letter B appears twice in 'B1 B2'"),
    (lambda d: d["cards"][2].update(cost="C1 B0"), "C4", at(2), "cost: the count in 'B0' must be"),
    (lambda d: d["cards"][2].update(cost="B21"), "C4", at(2), "from 1 to 20"),
    (lambda d: d["cards"][2].update(cost=3), "C4", at(2), "cost: must be a cost string"),
    (lambda d: d["cards"][2].update(cost=None), "C4", at(2), "cost: must be a cost string"),
    (lambda d: d["cards"][2].update(move_cost="B1 Q2"), "C4", at(2), "move_cost: unknown energy letter 'Q'"),
    (lambda d: d["cards"][0].update(move_cost="C1 C1"), "C4", at(0), "move_cost: the letter C appears twice"),
    # C5 crystals and life bases are never cast
    (lambda d: d["cards"][1].update(cost="C1"), "C5", at(1), "a crystal card is never cast"),
    (lambda d: d["cards"][0].update(cost="B1"), "C5", at(0), "a life-base card is never cast"),
    # C6 deck limit
    (lambda d: d["cards"][2].update(deck_limit=0), "C6", at(2), "deck_limit must be a whole number from 1 to 50"),
    (lambda d: d["cards"][2].update(deck_limit=51), "C6", at(2), "from 1 to 50"),
    (lambda d: d["cards"][2].update(deck_limit="3"), "C6", at(2), "not '3'"),
    (lambda d: d["cards"][2].update(deck_limit=3.0), "C6", at(2), "not 3.0"),
    (lambda d: d["cards"][2].update(deck_limit=True), "C6", at(2), "not True"),
    (lambda d: d["cards"][0].update(deck_limit=2), "C6", at(0), "a life base's deck_limit must be 1"),
    # C7 editions list
    (lambda d: d["cards"][2].update(editions=[]), "C7", at(2), "editions must be a non-empty list"),
    (lambda d: d["cards"][2].update(editions="act1"), "C7", at(2), "editions must be a non-empty list"),
    (lambda d: d["cards"][2].update(editions=["act2"]), "C7", at(2), "unknown edition 'act2'"),
    (lambda d: d["cards"][2].update(editions=["Existenz"]), "C7", at(2), "unknown edition 'Existenz'"),
    (lambda d: d["cards"][2].update(editions=["act1", "act1"]), "C7", at(2), "listed twice"),
    # C8 class
    (lambda d: d["cards"][0].update({"class": "dragon"}), "C8", at(0), "a life base's class must be 'life-base'"),
    (lambda d: d["cards"][2].update({"class": "life-base"}), "C8", at(2), "a summon's class must be one of"),
    (lambda d: d["cards"][2].update({"class": "wizard"}), "C8", at(2), "not 'wizard'"),
    (lambda d: d["cards"][2].update({"class": None}), "C8", at(2), "not None"),
    # C9 basic stats and abilities
    (lambda d: d["cards"][2].update(defense=0), "C9", at(2), "defense must be a whole number from 1 to 99"),
    (lambda d: d["cards"][2].update(defense=None), "C9", at(2), "defense must be"),
    (lambda d: d["cards"][0].update(defense=100), "C9", at(0), "defense must be"),
    (lambda d: d["cards"][2].update(attack=17), "C9", at(2), "attack must be a whole number from 0 to 16"),
    (lambda d: d["cards"][2].update(speed=-1), "C9", at(2), "speed must be"),
    (lambda d: d["cards"][2].update(range=2.5), "C9", at(2), "range must be"),
    (lambda d: d["cards"][2].update(attack=True), "C9", at(2), "attack must be"),
    (lambda d: d["cards"][2].update(range="2"), "C9", at(2), "range must be"),
    (lambda d: d["cards"][2].update(block_rate=16), "C9", at(2), "block_rate must be a whole number from 0 to 15"),
    (lambda d: d["cards"][2].update(block_rate=None), "C9", at(2), "block_rate must be"),
    (lambda d: d["cards"][2].update(all_directions="yes"), "C9", at(2), "all_directions must be true or false"),
    (lambda d: d["cards"][2].update(all_directions=1), "C9", at(2), "all_directions must be"),
    # C10 movement cost
    (lambda d: d["cards"][2].pop("move_cost"), "C10", at(2), "a summon with speed needs a move_cost"),
    (lambda d: d["cards"][2].update(move_cost=None), "C10", at(2), "when the summon has speed"),
    (lambda d: d["cards"][2].pop("speed"), "C10", at(2), "a summon without speed cannot move"),
    (lambda d: d["cards"][0].update(speed=None), "C10", at(0), "a summon without speed cannot move"),
    # C11 crystal energy
    (lambda d: d["cards"][1].update(produces="X"), "C11", at(1), "produces must be one energy letter"),
    (lambda d: d["cards"][1].update(produces="BM"), "C11", at(1), "not 'BM'"),
    (lambda d: d["cards"][1].update(produces="b"), "C11", at(1), "not 'b'"),
    (lambda d: d["cards"][1].update(produces=None), "C11", at(1), "not None"),
    # C12 edition content: an R cost, an H move cost, a robiumm crystal, an army or berserker in act1
    (lambda d: d["cards"][3].update(editions=["act1"]), "C12", at(3),
     "act1 has no robiumm energy: cost 'C2 R1' uses R (act1 energies: C, B, M)"),
    (lambda d: d["cards"][2].update(cost="C1 R1"), "C12", at(2), "act1 has no robiumm energy: cost 'C1 R1'"),
    (lambda d: d["cards"][4].update(cost="H1"), "C12", at(4), "act1 has no halos energy: cost 'H1'"),
    (lambda d: d["cards"][2].update(move_cost="H1"), "C12", at(2), "act1 has no halos energy: move_cost 'H1'"),
    (lambda d: d["cards"][1].update(produces="R"), "C12", at(1), "act1 has no robiumm energy: produces 'R'"),
    (lambda d: d["cards"][1].update(produces="H"), "C12", at(1), "act1 has no halos energy: produces 'H'"),
    (lambda d: d["cards"][3].update(editions=["existenz", "act1"], cost="C2", move_cost="C1"), "C12", at(3),
     "act1 has no army summons (act1 classes: life-base, dragon, vessel, beast)"),
    (lambda d: d["cards"][2].update({"class": "berserker"}), "C12", at(2), "act1 has no berserker summons"),
]


@pytest.mark.parametrize("change, rule, where, words", CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_each_broken_rule_is_named(change, rule, where, words):
    check(broken(change), rule, where, words)


def test_every_rule_has_a_case():
    rules = {case[1] for case in CASES}
    assert rules == {f"C{n}" for n in range(1, 14)}
    documented = set(re.findall(r"^- \*\*(C\d+) ", DOCS.read_text(encoding="utf-8"), re.M))
    # C14-C23 (effects, factions) have their cases in test_effects_validation.py
    assert documented == {f"C{n}" for n in range(1, 24)}


def test_not_an_object():  # C1
    check([1, 2, 3], "C1", "card set", "must be a JSON object, not list")
    check(None, "C1", "card set", "must be a JSON object, not NoneType")


def test_null_stats_mean_the_summon_cannot_use_them():  # C9, C10
    doc = good()
    doc["cards"][2].update(attack=None, range=None, speed=None)
    del doc["cards"][2]["move_cost"]
    drake = CardSet.from_dict(doc)["Drake"]
    assert (drake.attack, drake.speed, drake.range, drake.move_cost, drake.defense) == (None, None, None, None, 6)
    assert "attack" not in drake.to_dict() and "move_cost" not in drake.to_dict()
    doc["cards"][2]["move_cost"] = None  # null move_cost is the same as absent
    assert CardSet.from_dict(doc)["Drake"] == drake
    doc["cards"][2].update(attack=0, speed=0, range=0, move_cost="")  # 0 is a stat that can be raised by effects
    zero = CardSet.from_dict(doc)["Drake"]
    assert (zero.attack, zero.speed, zero.range, str(zero.move_cost)) == (0, 0, 0, "")


def test_card_set_constructor_checks_unique_names():  # C3
    drake = CardSet.from_dict(good())["Drake"]
    with pytest.raises(tcbg.CardError) as info:
        CardSet("mine", [drake, drake], file="mine")
    assert info.value.rule == "C3" and info.value.where == "card 1 'Drake'" and info.value.file == "mine"


# -- files -------------------------------------------------------------------------------------------------------


def test_load_by_path(tmp_path):
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(good()), encoding="utf-8")
    assert CardSet.load(path).card_names() == NAMES
    assert CardSet.load(str(path)).file == str(path)


def test_duplicate_json_key_names_the_card(tmp_path):  # C1
    doc = json.dumps(good(), indent=1)
    twice = tmp_path / "twice.json"
    # a second "attack" inside card 2 'Drake'
    twice.write_text(doc.replace('"attack": 3,', '"attack": 3, "attack": 4,'), encoding="utf-8")
    with pytest.raises(tcbg.CardError) as info:
        CardSet.load(twice)
    err = info.value
    assert (err.file, err.where, err.rule) == (str(twice), "card 2 'Drake'", "C1")
    assert "the key 'attack' appears twice in one JSON object" in err.reason

    top = tmp_path / "top.json"
    top.write_text(doc.replace('"name": "tiny",', '"name": "tiny", "name": "other",'), encoding="utf-8")
    with pytest.raises(tcbg.CardError) as info:
        CardSet.load(top)
    assert (info.value.where, info.value.rule) == ("card set", "C1") and "'name' appears twice" in info.value.reason


@pytest.mark.parametrize("content, words", [
    (b'{"format": "tcbg-cards/1",\n "name": }', "not valid JSON: Expecting value at line 2"),
    (b"", "not valid JSON"),
    (b"name: vanilla\ncards: []\n", "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b'{"format": "tcbg-cards/1", "name": "n", "cards": [{"name": "a", "defense": NaN}]}', "NaN is not a JSON"),
    (b'{"format": "tcbg-cards/1", "name": "n", "cards": [{"name": "a", "defense": Infinity}]}', "Infinity"),
])
def test_non_json_files(tmp_path, content, words):  # C1
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    with pytest.raises(tcbg.CardError) as info:
        CardSet.load(bad)
    err = info.value
    assert err.file == str(bad) and err.where == "card set" and err.rule == "C1" and words in err.reason, str(err)


def test_missing_file_and_folder(tmp_path):  # C1
    with pytest.raises(tcbg.CardError, match="no shipped card set of this name and no such file") as info:
        CardSet.load(tmp_path / "missing.json")
    assert info.value.rule == "C1"
    with pytest.raises(tcbg.CardError, match="is a folder") as info:
        CardSet.load(tmp_path)
    assert info.value.rule == "C1"


def test_a_rule_error_in_a_file_names_the_file(tmp_path):
    doc = good()
    doc["cards"][3]["editions"] = ["act1"]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(tcbg.CardError) as info:
        CardSet.load(path)
    assert str(info.value).startswith(f"{path}: card 3 'Legion': act1 has no robiumm energy")
    assert str(info.value).endswith("[card-data C12]")


# -- random valid cards ------------------------------------------------------------------------------------------


@st.composite
def valid_cards(draw) -> dict:
    """A random card dict that keeps every rule; stats sometimes null or absent."""
    card_type = draw(st.sampled_from(["life-base", "summon", "crystal", "flux", "catalyst"]))
    editions = draw(st.sampled_from([["existenz"], ["act1"], ["existenz", "act1"], ["act1", "existenz"]]))
    letters = sorted(set.intersection(*(set(EDITION_LETTERS[e]) for e in editions)))
    classes = sorted(set.intersection(*(set(EDITION_CLASSES[e]) for e in editions)) - {"life-base"})

    def cost_text() -> str:
        picked = draw(st.lists(st.sampled_from(letters), unique=True, max_size=len(letters)))
        return " ".join(f"{letter}{draw(st.integers(1, 20))}" for letter in picked)

    card: dict = {"name": draw(st.text(min_size=1, max_size=12).map(str.strip).filter(bool)), "type": card_type,
                  "cost": "" if card_type in ("life-base", "crystal") else cost_text(),
                  "deck_limit": 1 if card_type == "life-base" else draw(st.integers(1, 50)), "editions": editions}
    if draw(st.booleans()):
        card["text"] = draw(st.text(max_size=20))
    if card_type in ("life-base", "summon"):
        card["class"] = "life-base" if card_type == "life-base" else draw(st.sampled_from(classes))
        card["defense"] = draw(st.integers(1, 99))
        for stat in ("attack", "speed", "range"):
            choice = draw(st.sampled_from(["absent", "null", "value"]))
            if choice != "absent":
                card[stat] = None if choice == "null" else draw(st.integers(0, 16))
        if card.get("speed") is not None:
            card["move_cost"] = cost_text()
        elif draw(st.booleans()):
            card["move_cost"] = None
        if draw(st.booleans()):
            card["block_rate"] = draw(st.integers(0, 15))
        if draw(st.booleans()):
            card["all_directions"] = draw(st.booleans())
    if card_type == "crystal":
        card["produces"] = draw(st.sampled_from(letters))
    return card


@given(st.lists(valid_cards(), min_size=1, max_size=6, unique_by=lambda card: card["name"].casefold()))
def test_random_valid_sets_load_and_round_trip(card_dicts):
    doc = {"format": "tcbg-cards/1", "name": "random", "cards": card_dicts}
    cs = CardSet.from_dict(doc)
    assert cs.card_names() == [card["name"] for card in card_dicts]
    assert CardSet.from_dict(json.loads(json.dumps(cs.to_dict()))).cards == cs.cards
    for card, raw in zip(cs, card_dicts):
        assert set(card.editions) == set(raw["editions"])
        assert str(card.cost) == str(Cost.parse(raw["cost"]))
        assert card.block_rate == raw.get("block_rate", 0)
        for edition in EDITIONS:
            assert (card in cs.cards_for(edition)) == (edition in raw["editions"])
        assert set(ENERGY) >= card.cost.letters()
