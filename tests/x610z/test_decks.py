"""Deck lists (docs/deck-format.md, rules D1-D9): the shipped vanilla decks, the round trip through text, and bad
deck lists, which raise tcbg.DeckError naming the file, the line (or the deck) and the rule. Never a crash, never
silent acceptance."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tcbg
import tcbg.x610z.decks as decks_module
from tcbg.x610z.cards import EDITION_CLASSES, EDITION_LETTERS, EDITIONS, Card, CardSet
from tcbg.x610z.decks import DECK_SIZE, Deck

DOCS = Path(__file__).resolve().parents[2] / "docs" / "deck-format.md"
VANILLA = CardSet.load("vanilla")
SHIPPED = {"vanilla-a": "existenz", "vanilla-b": "existenz", "vanilla-act1-a": "act1", "vanilla-act1-b": "act1"}
FACTION_DECKS = ("arnunnian", "barbarian", "pirate", "undead")  # card set ruins: tests/x610z/test_factions.py


def shipped(name: str) -> Deck:
    return Deck.load(name, VANILLA, edition=SHIPPED[name])


# -- the shipped decks -------------------------------------------------------------------------------------------


def test_shipped_names():
    assert Deck.names() == sorted([*SHIPPED, *FACTION_DECKS, "act1-quests"])  # act1-quests: test_quests.py


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_deck_is_legal(name):
    edition = SHIPPED[name]
    deck = shipped(name)
    assert deck.name == name and deck.edition == edition
    assert deck.total() == DECK_SIZE == 50 and len(deck.card_list()) == 50
    assert deck.life_base.type == "life-base" and deck.life_base.legal_in(edition)
    assert deck.life_base not in deck.card_list()
    names = [card.name for card, _ in deck.cards]
    assert len(names) == len(set(names))
    for card, count in deck.cards:
        assert VANILLA[card.name] == card
        assert 1 <= count <= card.deck_limit, card.name
        assert card.legal_in(edition) and card.type != "life-base", card.name
    assert deck.counts() == dict(zip(names, (count for _, count in deck.cards)))
    assert [c.name for c in deck.card_list()] == [n for n, k in deck.counts().items() for _ in range(k)]


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_deck_can_pay_for_its_cards(name):
    """Enough crystals that games can be played: about 20 to 32 of 50, and for every colored letter a cost or move
    cost of the deck uses, at least as many crystals of that letter as the largest requirement of it."""
    deck = shipped(name)
    crystals = {card.produces: count for card, count in deck.cards if card.type == "crystal"}
    assert 20 <= sum(crystals.values()) <= 32
    summons = [card for card, _ in deck.cards if card.type == "summon"]
    assert {c.summon_class for c in summons} == EDITION_CLASSES[deck.edition] - {"life-base"}
    for card in [deck.life_base, *summons]:
        for cost in (card.cost, card.move_cost):
            for letter, need in (cost.counts() if cost is not None else {}).items():
                if letter != "C":
                    assert crystals.get(letter, 0) >= max(need, 3), (card.name, letter)
    assert set(crystals) <= EDITION_LETTERS[deck.edition]


def test_existenz_decks_use_every_energy_and_class_between_them():
    a, b = shipped("vanilla-a"), shipped("vanilla-b")
    cards = [card for deck in (a, b) for card, _ in deck.cards]
    assert {card.produces for card in cards if card.type == "crystal"} == set(EDITION_LETTERS["existenz"])
    assert {card.summon_class for card in cards if card.type == "summon"} | {"life-base"} == \
        set(EDITION_CLASSES["existenz"])
    assert a.life_base != b.life_base and a.counts() != b.counts()


def test_act1_decks_are_also_existenz_decks_but_not_the_reverse():
    for name in ("vanilla-act1-a", "vanilla-act1-b"):
        assert Deck.load(name, VANILLA).edition == "act1"  # its Edition: line (D11)
        deck = Deck.load(name, VANILLA, edition="existenz")
        assert deck.edition == "existenz" and deck.built_for == "act1"
    for name in ("vanilla-a", "vanilla-b"):
        with pytest.raises(tcbg.DeckError) as info:
            Deck.load(name, VANILLA, edition="act1")
        err = info.value
        assert err.file == f"{name}.txt" and err.rule == "D9" and re.fullmatch(r"line \d+", err.where)
        assert "is not legal in act1 (it lists existenz)" in err.reason


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_round_trip(name):
    deck = shipped(name)
    text = deck.to_text()
    again = Deck.parse(text, VANILLA, edition=deck.edition, name=name)
    assert again == deck and again.to_text() == text
    assert Deck.parse(text, VANILLA, edition=deck.edition).name == "<text>"


def test_load_by_path(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text(shipped("vanilla-b").to_text(), encoding="utf-8")
    for arg in (path, str(path)):
        deck = Deck.load(arg, VANILLA)
        assert deck.name == "mine" and deck.cards == shipped("vanilla-b").cards
    (tmp_path / "bad.txt").write_text("Life base: Ember Caravan\n4 Ashwing Drake\n", encoding="utf-8")
    with pytest.raises(tcbg.DeckError) as info:
        Deck.load(tmp_path / "bad.txt", VANILLA, deck_size=4)
    assert info.value.file == str(tmp_path / "bad.txt") and info.value.where == "line 2"


def test_docs_table_matches_shipped_decks():
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## The shipped decks"):]
    section = section[:section.find("\n## ")] if "\n## " in section else section
    header = next(line for line in section.splitlines() if line.startswith("| Card |"))
    columns = [c.strip() for c in header.strip("|").split("|")][2:]
    assert columns == sorted(SHIPPED, key=lambda n: ("act1" in n, n))
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith(("| Card", "| **"))]
    table = {}
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        table[cells[0]] = cells[2:]
    for i, name in enumerate(columns):
        deck = shipped(name)
        listed = {card: int(cells[i]) for card, cells in table.items() if cells[i]}
        assert listed == {deck.life_base.name: 1, **deck.counts()}, name
    for name, kind in ((row[0], row[1]) for row in ([c.strip() for c in r.strip("|").split("|")] for r in rows)):
        card = VANILLA[name]
        assert kind == (f"crystal ({card.produces})" if card.type == "crystal" else card.summon_class.replace("-", " "))


def test_docs_rules_and_error_example():
    text = DOCS.read_text(encoding="utf-8")
    assert re.findall(r"^- \*\*(D\d+) ", text, re.M) == [f"D{i}" for i in range(1, 12)]
    example = re.search(r"^    (my/deck\.txt: .*)$", text, re.M).group(1)
    lines = ["# mine", "Life base: Ember Caravan", "", "3 Tusked Hauler", "", "# dragons", "4 Ashwing Drake"]
    with pytest.raises(tcbg.DeckError) as info:
        Deck.parse("\n".join(lines), VANILLA, source="my/deck.txt")
    assert str(info.value) == example


def test_docstring_examples():
    failures, tried = doctest.testmod(decks_module, verbose=False)
    assert tried > 0 and failures == 0
    failures, tried = doctest.testmod(tcbg.errors, verbose=False)
    assert tried > 0 and failures == 0


def test_deck_error_is_a_data_file_error():
    assert issubclass(tcbg.DeckError, tcbg.DataFileError) and "DeckError" in tcbg.__all__
    err = tcbg.DeckError("no life base")
    assert str(err) == "<dict>: deck: no life base" and err.where == "deck"


# -- accepted text -----------------------------------------------------------------------------------------------

GOOD = """\
# a test deck
Life base: Ember Caravan

3 Ashwing Drake
2 Quickfire Shard
1 Robiumm Lode
"""
GOOD_CARDS = [("Ashwing Drake", 3), ("Quickfire Shard", 2), ("Robiumm Lode", 1)]


def parse(text, **kw) -> Deck:
    kw.setdefault("deck_size", 6)
    return Deck.parse(text, VANILLA, **kw)


def test_good_text():
    deck = parse(GOOD, source="t.txt")
    assert deck.name == "t" and deck.life_base.name == "Ember Caravan" and deck.edition == "existenz"
    assert [(c.name, n) for c, n in deck.cards] == GOOD_CARDS and deck.total() == 6


@pytest.mark.parametrize("variant", [
    GOOD.replace("\n", "\r\n"),                                       # CRLF
    "\ufeff" + GOOD,                                                  # byte order mark
    ("\ufeff" + GOOD).encode("utf-8"),                                # bytes with a byte order mark
    GOOD.encode("utf-8"),
    GOOD.replace("3 Ashwing", "  3\t\tAshwing").replace("Lode", "Lode \t "),  # spaces and tabs
    GOOD.replace("Life base: ", "LIFE BASE :"),                       # the label in any case
    GOOD.replace("# a test", "   # a test") + "\n\n  \n#end",         # indented comments, blank lines
    GOOD.rstrip("\n"),                                                # no final newline
    "3 Ashwing Drake\n" + GOOD.replace("3 Ashwing Drake\n", ""),      # the life base line anywhere
])
def test_accepted_variants(variant):
    deck = parse(variant)
    assert sorted((c.name, n) for c, n in deck.cards) == sorted(GOOD_CARDS)
    assert deck.life_base.name == "Ember Caravan"


def test_deck_size_none_accepts_any_size():
    assert parse(GOOD, deck_size=None).total() == 6
    assert parse("Life base: Ember Caravan\n", deck_size=None).total() == 0


# -- bad deck lists: one test per rule ---------------------------------------------------------------------------


def check(text, rule: str, where: str, words: str, *, source: str = "bad.txt", **kw) -> tcbg.DeckError:
    kw.setdefault("deck_size", 6)
    with pytest.raises(tcbg.DeckError) as info:
        Deck.parse(text, kw.pop("cards", VANILLA), source=source, **kw)
    err = info.value
    assert err.rule == rule, str(err)
    assert err.file == source, str(err)
    assert err.where == where, str(err)
    assert words in err.reason, str(err)
    assert str(err) == f"{source}: {where}: {err.reason} [deck-format {rule}]"
    return err


def line(n: int, text: str) -> str:
    """GOOD with line n (from 1) replaced by text."""
    lines = GOOD.splitlines()
    lines[n - 1] = text
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("data, where, words", [
    (GOOD.encode("utf-8").replace(b"Quickfire", b"Quick\xfffire"), "line 5", "not UTF-8 text"),
    (b"\xc3", "line 1", "not UTF-8 text"),
    (GOOD.encode("utf-16"), "line 1", "not UTF-8 text"),
    (42, "deck", "a deck list is text (str, or UTF-8 bytes), not int"),
    (None, "deck", "not NoneType"),
])
def test_d1_text(data, where, words):
    check(data, "D1", where, words)


def test_d1_files(tmp_path):
    with pytest.raises(tcbg.DeckError, match="did you mean 'vanilla-a'") as info:
        Deck.load("vanila-a", VANILLA)
    assert info.value.rule == "D1" and info.value.file == "vanila-a" and info.value.where == "deck"
    with pytest.raises(tcbg.DeckError, match=r"shipped decks: act1-quests, arnunnian, barbarian, .*vanilla-a, ") as info:
        Deck.load(str(tmp_path / "nothing-like-it.txt"), VANILLA)
    assert info.value.rule == "D1"
    with pytest.raises(tcbg.DeckError, match="is a folder") as info:
        Deck.load(tmp_path, VANILLA)
    assert info.value.rule == "D1" and info.value.file == str(tmp_path)
    with pytest.raises(tcbg.DeckError, match="by name or path") as info:
        Deck.load(3, VANILLA)
    assert info.value.rule == "D1"
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("Life base: Ember Caravan\n3 Caf\u00e9\n".encode("latin-1"))
    with pytest.raises(tcbg.DeckError, match="not UTF-8") as info:
        Deck.load(bad, VANILLA)
    assert info.value.where == "line 2" and info.value.file == str(bad)


@pytest.mark.parametrize("text, words", [
    ("+3 Ashwing Drake", "has a sign"),
    ("-1 Ashwing Drake", "has a sign"),
    ("0 Ashwing Drake", "is 0; a count is at least 1"),
    ("00 Ashwing Drake", "is 0"),
    ("03 Ashwing Drake", "the count '03' has a leading zero; write it as '3'"),
    ("3x Ashwing Drake", "is not a card line: a card line is the count, a space and the name"),
    ("3Ashwing Drake", "is not a card line"),
    ("3.0 Ashwing Drake", "is not a card line"),
    ("Ashwing Drake", "a card line starts with the count"),
    ("three Ashwing Drake", "a card line starts with the count"),
    ("x3 Ashwing Drake", "a card line starts with the count"),
    ("\u0663 Ashwing Drake", "a card line starts with the count"),  # an Arabic-Indic digit is not a count
    ("3", "has a count but no card name"),
    ("3   ", "has a count but no card name"),
])
def test_d2_card_line(text, words):
    check(line(4, text), "D2", "line 4", words)


@pytest.mark.parametrize("text, words", [
    ("3 Ashwing Drak", "no card 'Ashwing Drak' in set 'vanilla'; did you mean 'Ashwing Drake'?"),
    ("3 ashwing drake", "did you mean 'Ashwing Drake'?"),
    ("3 Ashwing  Drake", "did you mean 'Ashwing Drake'?"),
    ("3 Zzyzx Qwop", "no name is close; the nearest are '"),
    ("Life base: Ember Carvan", "no card 'Ember Carvan' in set 'vanilla'; did you mean 'Ember Caravan'?"),
])
def test_d3_card_names(text, words):
    n = 2 if text.startswith("Life") else 4
    err = check(line(n, text), "D3", f"line {n}", words)
    assert "names are exact" in err.reason


def test_d3_suggests_up_to_three_names():
    err = check(line(4, "3 Shard"), "D3", "line 4", "no name is close; the nearest are '")
    assert len(re.findall(r"'[A-Za-z ]+'", err.reason.split("nearest are")[1])) == 3
    err = check(line(4, "3 Mistscale Wyrms"), "D3", "line 4", "did you mean 'Mistscale Wyrm'")
    assert err.reason.count("' or '") <= 2
    with pytest.raises(tcbg.DeckError) as info:
        Deck.parse(GOOD, {"Ashwing Drake": 1}, deck_size=6)
    assert info.value.rule == "D3" and info.value.where == "cards" and "must be a CardSet" in info.value.reason


def test_d4_one_line_per_card():
    err = check(GOOD + "\n# more\n1 Ashwing Drake\n", "D4", "line 9", "'Ashwing Drake' is already listed on line 4")
    assert "one line" in err.reason
    check(GOOD.replace("1 Robiumm Lode", "1 Quickfire Shard"), "D4", "line 6", "already listed on line 5")


@pytest.mark.parametrize("n, text, words", [
    (4, "4 Ashwing Drake", "4 copies of 'Ashwing Drake', but its deck limit is 3"),
    (4, "21 Ashwing Drake", "21 copies of 'Ashwing Drake', but its deck limit is 3"),
    (4, "9" * 5000 + " Ashwing Drake", "but its deck limit is 3"),  # too long for int(): still a D5 error
    (5, "21 Quickfire Shard", "21 copies of 'Quickfire Shard', but its deck limit is 20"),
])
def test_d5_deck_limit(n, text, words):
    check(line(n, text), "D5", f"line {n}", words, deck_size=None)


@pytest.mark.parametrize("text, where, words", [
    (GOOD.replace("Life base: Ember Caravan", ""), "deck", "no 'Life base: NAME' line"),
    ("", "deck", "no 'Life base: NAME' line"),
    ("# only a comment\n", "deck", "no 'Life base: NAME' line"),
    (GOOD + "Life base: Wandering Citadel\n", "line 7", "a second 'Life base:' line (the first is line 2)"),
    (GOOD + "Life base: Ember Caravan\n", "line 7", "a second 'Life base:' line"),
    (line(2, "Life base:"), "line 2", "'Life base:' names no card"),
    (line(2, "Life base:   "), "line 2", "'Life base:' names no card"),
    (line(2, "Life base: Ashwing Drake"), "line 2", "'Ashwing Drake' is a summon, not a life base"),
    (line(2, "Life base: Plain Geode"), "line 2", "'Plain Geode' is a crystal, not a life base"),
])
def test_d6_life_base(text, where, words):
    check(text, "D6", where, words)


def test_d7_no_life_base_among_the_cards():
    err = check(GOOD + "1 Wandering Citadel\n", "D7", "line 7", "'Wandering Citadel' is a life base")
    assert "'Life base: Wandering Citadel' line" in err.reason
    check(GOOD + "1 Ember Caravan\n", "D7", "line 7", "'Ember Caravan' is a life base")


@pytest.mark.parametrize("size, words", [
    (7, "the deck has 6 cards (in 3 lines, without the life base); it must have exactly 7"),
    (5, "it must have exactly 5"),
    (DECK_SIZE, "it must have exactly 50"),
])
def test_d8_deck_size(size, words):
    check(GOOD, "D8", "deck", words, deck_size=size)
    check("Life base: Ember Caravan\n1 Plain Geode\n", "D8", "deck", "(in 1 line,", deck_size=size)


@pytest.mark.parametrize("size", [0, -1, "50", 50.0, True, [50]])
def test_d8_bad_deck_size_argument(size):
    check(GOOD, "D8", "deck_size", "deck_size must be a whole number of at least 1, or None", deck_size=size)


def test_d9_edition():
    err = check(GOOD, "D9", "line 6", "'Robiumm Lode' is not legal in act1 (it lists existenz)", edition="act1")
    assert "a deck for act1 holds only cards that list act1" in err.reason
    check(GOOD, "D9", "edition", "unknown edition 'act2' (editions: existenz, act1)", edition="act2")
    check(GOOD, "D9", "edition", "unknown edition 'Existenz'", edition="Existenz")
    doc = VANILLA.to_dict()
    for card in doc["cards"]:
        if card["name"] == "Ember Caravan":
            card["editions"] = ["existenz"]
    only_existenz = CardSet.from_dict(doc, source="mine.json")
    check(GOOD.replace("1 Robiumm Lode", "1 Plain Geode"), "D9", "line 2", "'Ember Caravan' is not legal in act1",
          edition="act1", cards=only_existenz)


def test_first_broken_rule_in_file_order():
    # the over-limit line 4 comes before the unknown name on line 5, and both before the deck size
    text = line(5, "2 Quickfire Shrd").replace("3 Ashwing Drake", "4 Ashwing Drake")
    check(text, "D5", "line 4", "4 copies", deck_size=99)
    check(text.replace("4 Ashwing", "3 Ashwing"), "D3", "line 5", "did you mean 'Quickfire Shard'", deck_size=99)


# -- random decks ------------------------------------------------------------------------------------------------


@st.composite
def decks(draw) -> Deck:
    edition = draw(st.sampled_from(EDITIONS))
    legal = VANILLA.cards_for(edition)
    life_base = draw(st.sampled_from([c for c in legal if c.type == "life-base"]))
    others = [c for c in legal if c.type != "life-base"]
    chosen = draw(st.lists(st.sampled_from(others), unique=True, max_size=len(others)))
    cards = tuple((card, draw(st.integers(1, card.deck_limit))) for card in chosen)
    name = draw(st.text(min_size=1, max_size=12))
    return Deck(name=name, life_base=life_base, cards=cards, edition=edition, card_set=VANILLA)


@given(decks(), st.sampled_from(["\n", "\r\n"]), st.sampled_from([" ", "\t", "  "]), st.booleans(), st.booleans())
def test_random_decks_round_trip(deck, newline, gap, bytes_in, comments):
    text = deck.to_text()
    again = Deck.parse(text, VANILLA, edition=deck.edition, deck_size=deck.total() or None, name=deck.name)
    assert again == deck and again.to_text() == text
    assert again.total() == len(again.card_list()) == sum(again.counts().values())
    # the same deck written differently: other line ends, gaps, comments and blank lines
    lines = []
    for raw in text.splitlines():
        if re.match(r"\d", raw):
            count, name = raw.split(" ", 1)
            raw = f"{count}{gap}{name}{gap}"
        lines.append(raw)
        if comments:
            lines += ["", f"{gap}# {raw}"]
    written = newline.join(lines)
    data = written.encode("utf-8") if bytes_in else written
    assert Deck.parse(data, VANILLA, edition=deck.edition, deck_size=None, name=deck.name) == deck


def test_random_decks_respect_every_rule_when_built_from_the_set():
    # the strategy's decks are legal; a deck built with a card over its limit is refused on the way back in
    drake = VANILLA["Ashwing Drake"]
    deck = Deck(name="x", life_base=VANILLA["Ember Caravan"], cards=((drake, 4),))
    with pytest.raises(tcbg.DeckError, match=r"\[deck-format D5\]"):
        Deck.parse(deck.to_text(), VANILLA, deck_size=None)


LINE_PARTS = st.sampled_from(["Life base:", "Ember Caravan", "Ashwing Drake", "Plain Geode", "3", "20", "0", "#", " ",
                              "\t", "\r", "-", "x", "\u00e9", "\x00", "\u2028", "\ufeff"])


@given(st.lists(st.lists(LINE_PARTS | st.text(max_size=4), max_size=5).map("".join), max_size=8),
       st.booleans(), st.sampled_from([None, 1, 6, 50]))
def test_garbage_never_crashes(lines, as_bytes, size):
    text = "\n".join(lines)
    data = text.encode("utf-8", "surrogatepass") if as_bytes else text
    try:
        deck = Deck.parse(data, VANILLA, deck_size=size)
    except tcbg.DeckError as err:
        assert re.fullmatch(r"D[1-9]", err.rule) and (err.where in ("deck",) or err.where.startswith("line "))
    else:
        assert deck.life_base.type == "life-base" and (size is None or deck.total() == size)
        assert Deck.parse(deck.to_text(), VANILLA, deck_size=size, name=deck.name) == deck


def test_card_objects_are_the_sets():
    deck = shipped("vanilla-a")
    assert all(isinstance(card, Card) and VANILLA[card.name] is card for card in deck.card_list())


def test_load_game_names_the_card_set_or_edition_a_shipped_deck_is_built_for():
    """``load_game`` itself, not only the matchup command, says why a shipped deck does not load and how to play it
    (deck-format D9, D10)."""
    import tcbg

    with pytest.raises(tcbg.DeckError, match=r"'vanilla-a' draws on the shipped set 'vanilla' and 'arnunnian' on the "
                                             r"shipped set 'ruins'.*--cards"):
        tcbg.load_game(decks=["vanilla-a", "arnunnian"])
    with pytest.raises(tcbg.DeckError, match=r"the list draws on the card set 'ruins', but it is read with 'vanilla'"):
        tcbg.load_game(decks=["undead", "arnunnian"], cards="vanilla")
    with pytest.raises(tcbg.DeckError, match=r"not legal in existenz.*the list is built for act1 \(line \d+\).*--rules "
                                             r"act1.*\[deck-format D9\]"):
        tcbg.load_game(decks=["act1-quests", "act1-quests"])
