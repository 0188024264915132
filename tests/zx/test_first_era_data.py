"""The card set ``first-era`` (docs/zx/card-data.md, "The shipped set first-era"): every card of B01-B05 and E01
checked field by field against the facts file docs/zx/first-era-abilities.tsv, the starter cards as in
``starter-2012``, the committed JSON what tools/zx_first_era.py writes, and how games treat cards whose abilities are
not written yet (rules.md Z11.7): refused by name with effects on, played as vanilla with effects off."""

from __future__ import annotations

import csv
import importlib.util
import random
from pathlib import Path

import pytest

import tcbg
from tcbg.cli import main
from tcbg.errors import GameError, ZXCardError
from tcbg.zx.cards import CardSet
from tcbg.zx.decks import Deck
from tcbg.zx.simulation import all_abilities_written
from tests.zx.era_decks import random_deck

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "docs" / "zx" / "first-era-abilities.tsv"
SETS = ("B01", "B02", "B03", "B04", "B05", "E01")


def _rows() -> list[dict[str, str]]:
    with open(FACTS, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


ROWS = _rows()
ERA = CardSet.load("first-era")
STARTER = CardSet.load("starter-2012")


def test_the_facts_file_is_the_documented_one():
    """first-era-README.md's counts: cards, cards with ability text, keyword-only, vanilla and Player cards per set."""
    readme = (ROOT / "docs" / "zx" / "first-era-README.md").read_text(encoding="utf-8")
    for code in SETS:
        rows = [r for r in ROWS if r["set"] == code]
        zx = [r for r in rows if r["type"] == "Z/X" and not r["ability"]]
        counts = (len(rows), sum(1 for r in rows if r["ability"]), sum(1 for r in zx if r["keywords"]),
                  sum(1 for r in rows if not r["ability"] and not r["keywords"] and r["type"] != "Player"),
                  sum(1 for r in rows if r["type"] == "Player"))
        assert f"{code} {'/'.join(map(str, counts))}/" in readme, code
    assert len(ROWS) == 570 and len({r["serial"] for r in ROWS}) == 570


@pytest.mark.parametrize("row", ROWS, ids=[r["serial"] for r in ROWS])
def test_every_card_matches_its_facts(row):
    """ZC2-ZC13, field by field: number, names, type, colour, race(s), cost, power, icon, keywords, abilities."""
    card = ERA[row["serial"]]
    assert (card.number, card.name, card.name_en, card.type) == (row["serial"], row["name_jp"], row["name_en"],
                                                                 row["type"])
    assert card.colours == (row["colour"].lower(),)
    assert card.races == (tuple(row["race_en"].split(" / ")) if row["race_en"] else ())
    assert card.race == (card.races[0] if card.races else None)
    assert card.cost == (int(row["cost"]) if row["cost"] else None)
    assert card.power == (int(row["power"]) if row["power"] else None)
    printed = [k for k in row["keywords"].split(", ") if k]
    assert card.keywords == tuple(k for k in ("Start Card", "Life Recovery", "Void Bringer", "Range 2", "Evol Seed")
                                  if k in printed or (k == "Evol Seed" and row["icon"] == "ES"))
    # ZC11: a Life Recovery or Void Bringer card is an Ignition card even where the source lost the icon
    expected_icon = row["icon"] or ("IG" if {"Life Recovery", "Void Bringer"} & set(printed) else "")
    assert (card.icon or "") == expected_icon
    abilities = row["ability"].split(" || ") if row["ability"] else []
    assert card.abilities == len(abilities) and card.has_abilities == bool(abilities)
    assert not card.text and card.rarity is None and not card.sealed and not card.legend


def test_the_starter_cards_are_starter_2012s():
    """The set opens with the 76 starter cards unchanged, and their definitions are starter-2012's own objects."""
    assert [c.number for c in ERA][:76] == [c.number for c in STARTER] and len(ERA) == 76 + 570
    for card in STARTER:
        assert ERA[card.number] == card
        if card.number in STARTER.effects:
            assert ERA.effects[card.number] is STARTER.effects[card.number]
    assert {n for n in ERA.effects if n[:3] in ("C01", "C02", "C03", "C04")} == set(STARTER.effects)


def test_reprints_share_one_name_and_their_data():
    """ZC4 / CR 401.2: a name printed under several numbers (starter and booster alike) is one name with the same
    data, so a deck list may name it by either number and counts them together."""
    reprinted = [c for c in ERA if len(ERA.same_name(c)) > 1]
    assert len(reprinted) > 70
    for card in reprinted:
        assert ERA.find(card.name).name == card.name  # the same data: find does not ask for the number
        assert len({ERA.name_id(c) for c in ERA.same_name(card)}) == 1


def test_the_committed_file_is_what_the_tool_writes():
    spec = importlib.util.spec_from_file_location("zx_first_era", ROOT / "tools" / "zx_first_era.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    committed = (ROOT / "src" / "tcbg" / "zx" / "cardsets" / "first-era.json").read_text(encoding="utf-8")
    assert committed == tool.render(tool.build())


def test_new_fields_are_checked(tmp_path):
    """ZC6 dragon only on Player kinds, ZC7 two distinct races, ZC11 Evol Seed on an Event, ZC13 abilities."""
    base = {"number": "T01-001", "name": "a", "name_en": "a", "type": "Z/X", "colours": ["black"], "race": "Demon",
            "cost": 3, "power": 5000}

    def load(**change):
        card = {**base, **change}
        card = {k: v for k, v in card.items() if v is not None}
        return CardSet.from_dict({"format": "tcbg-zx-cards/1", "name": "t", "cards": [card]})[card["number"]]

    assert load(race=["Demon", "Cait Sith"]).races == ("Demon", "Cait Sith")
    assert load(type="Event", race=None, power=None, icon="ES", keywords=["Evol Seed"]).has("Evol Seed")
    assert load(abilities=2).has_abilities and not load().has_abilities
    assert load(type="Player", race=None, power=None, cost=None, colours=["dragon"]).colours == ("dragon",)
    for change, rule, words in (({"race": ["Demon", "Demon"]}, "ZC7", "2 distinct races"),
                                ({"race": ["Demon", "Dragon"]}, "ZC7", "unknown race 'Dragon'"),
                                ({"race": ["Demon"]}, "ZC7", "2 distinct races"),
                                ({"colours": ["dragon"]}, "ZC6", "Player and Player Extra cards only"),
                                ({"type": "Event", "race": None, "power": None, "icon": "ES",
                                  "keywords": ["Evol Seed", "Range 2"]}, "ZC11", "only Evol Seed"),
                                ({"abilities": 0}, "ZC13", "from 1 to 9"), ({"abilities": True}, "ZC13", "from 1")):
        with pytest.raises(ZXCardError, match=words) as info:
            load(**change)
        assert info.value.rule == rule


def test_the_core_record_of_the_new_fields():
    """The core's race_id is the first race; the dragon colour has no core bit (docs/zx/card-data.md, "The core's record")."""
    feles, dragon = ERA["B05-073"], ERA["B02-104"]
    core = ERA.to_core()
    assert core[ERA.index(feles.number)][1] == ERA.to_core()[ERA.index("C02-011")][1]  # Demon, as Poena
    assert core[ERA.index(dragon.number)][3] == 0


# -- games ---------------------------------------------------------------------------------------------------------

def _runs(card) -> bool:
    """The engine runs the card with effects on: no abilities beyond keywords, or their definition is written."""
    return not card.has_abilities or card.number in ERA.effects


def test_a_card_without_its_definition_is_refused_by_name(monkeypatch):
    """Z11.7: with effects on, load_game names a card whose abilities are not written; effects=False plays it as
    vanilla through whole games. Every first-era card's abilities are written: the test takes one booster Z/X's
    definition out of the set for its duration."""
    rng = random.Random(27)
    other = random_deck(rng, ERA, keep=_runs)
    base = random_deck(rng, ERA, keep=_runs)
    # a booster Z/X without keywords that no deck of the two holds, its definition taken out
    held = {card.number for deck in (other, base) for card, _count in deck.deck}
    hound = next(c for c in ERA if c.type == "Z/X" and c.has_abilities and c.number.startswith("B")
                 and not c.keywords and c.number not in held)
    monkeypatch.delitem(ERA.effects, hound.number)
    assert hound.has_abilities and hound.number not in ERA.effects
    # one copy of a plain card of the deck with the same icon gives way to it: still 20 Ignition cards
    swap = next(card for card, _count in base.deck if card.ignition == hound.ignition and not card.keywords
                and card.name != hound.name)
    lines = [f"{count - (card is swap)} {card.number}" for card, count in base.deck if count - (card is swap)]
    deck = Deck.parse("Card set: first-era\nPlayer: " + base.player.number + "\nDeck:\n" + "\n".join(lines)
                      + f"\n1 {hound.number}\n", ERA, name="with-hound")
    assert deck.is_legal()
    with pytest.raises(GameError, match=hound.number) as info:
        tcbg.load_game("zx", decks=[other, deck])
    assert info.value.rule == "Z11.7" and hound.name_en in str(info.value) and "effects=False" in str(info.value)
    # the command line's --effects default (tcbg matchup): vanilla play for such a pair, effects for the others
    assert not all_abilities_written([other, deck]) and all_abilities_written([other, base])
    game = tcbg.load_game("zx", decks=[other, deck], effects=False)
    totals = game.random_playouts(4, seed=3, check_invariants=True)
    assert totals["games"] == 4 and totals["decisions"] > 80


def test_keyword_only_and_vanilla_booster_cards_run_with_effects():
    """A deck of booster cards without abilities beyond keywords, and starter cards with their definitions, plays
    with effects on (Start Card, Life Recovery, Void Bringer and Range 2 are the engine's)."""
    boosters_only = lambda card: _runs(card) and not card.number.startswith("C")
    for seed in range(3):
        rng = random.Random(seed)
        decks = [random_deck(rng, ERA, keep=boosters_only), random_deck(rng, ERA, keep=_runs)]
        assert all(d.is_legal() for d in decks)
        game = tcbg.load_game("zx", decks=decks)
        assert game.options["effects"] is True
        totals = game.random_playouts(3, seed=seed, check_invariants=True)
        assert totals["games"] == 3


# -- the command line ------------------------------------------------------------------------------------------------

ERA_LIST = ROOT / "tests" / "zx" / "data" / "first-era-red-green.txt"


def test_deck_check_of_an_era_list(capsys, tmp_path):
    """`tcbg deck check` reads a list mixing starter and booster cards (by number and by name) and checks CR 401
    with the era's facts: Void Bringer and Life Recovery limits, Ignition icons."""
    assert main(["deck", "check", str(ERA_LIST)]) == 0
    out = capsys.readouterr().out
    assert "legal (first-era; 50 cards, 20 with the Ignition icon" in out
    deck = Deck.load(ERA_LIST)
    assert {c.number[:1] for c in deck.card_list()} == {"B", "C"}
    # one more Void Bringer name (B02-002) in place of Zenobia: 8 Void Bringer cards
    broken = tmp_path / "broken.txt"
    broken.write_text(ERA_LIST.read_text(encoding="utf-8").replace("4 Queen of Warriors, Zenobia", "4 B02-002"),
                      encoding="utf-8")
    assert main(["deck", "check", str(broken)]) == 1
    out = capsys.readouterr().out
    assert "401.4: 8 cards with Void Bringer" in out
    # the list plays with effects on: every card in it runs
    totals = tcbg.load_game("zx", decks=[ERA_LIST, ERA_LIST]).random_playouts(2, seed=1, check_invariants=True)
    assert totals["games"] == 2


def test_cards_list_and_check(capsys):
    assert main(["cards", "check", "first-era"]) == 0
    out = capsys.readouterr().out
    assert "first-era: valid (Z/X); 646 cards (104 Event, 29 Player, 513 Z/X)" in out
    written = sum(c.has_abilities for c in ERA)
    assert f"with abilities beyond keywords: {written}; abilities written: {written}" in out
    assert main(["cards", "list", "first-era"]) == 0
    lines = capsys.readouterr().out.splitlines()
    feles = next(line for line in lines if line.startswith("  B05-073"))
    assert "Z/X black Demon / Cait Sith  cost 6  power 6500" in feles and feles.endswith("| 1 ability")
    assert any(line.startswith("  B01-002") and line.endswith("| Void Bringer") for line in lines)


def test_a_race_filter_matches_either_race_of_a_card():
    """ZC7 / docs/zx/cards.md: a card of two races has both races' bits in the effect tables, so a filter of either
    race counts it in a real game (here a Start Card counting your Z/X of one race on the Squares, itself included)."""
    from tcbg.effects.values import Count
    from tcbg.zx.effects.language import THIS, ZX, Continuous, PowerChange, ZXDefinition
    from tcbg.zx.game import Game, ZXDeck

    two = {"number": "T01-001", "name": "二つの種族", "name_en": "Two Races", "type": "Z/X", "colours": ["black"],
           "race": ["Demon", "Cait Sith"], "cost": 3, "power": 5000, "keywords": ["Start Card"]}
    one = {**two, "number": "T01-002", "name": "一つの種族", "name_en": "One Race", "race": "Demon", "keywords": []}
    cards = list(CardSet.from_dict({"format": "tcbg-zx-cards/1", "name": "races", "cards": [two, one]}))
    for race, bonus in (("Demon", 1000), ("Cait Sith", 1000), ("Angel", 0)):
        definition = ZXDefinition(Continuous(PowerChange(THIS, Count(ZX("yours", race=race)) * 1000)))
        decks = [ZXDeck([1] * 20), ZXDeck([0] + [1] * 19, None, True)]
        game = Game(cards, decks, first_player=0, shuffle=False, definitions={0: definition})
        state = game.new_initial_state(0)
        for _ in range(2):
            state.apply_action(next(a for a in state.legal_actions() if "keep" in state.action_to_string(a)))
        assert state.card_name(state.board()[7]) == "Two Races"
        assert state.instance(state.board()[7])["power"] == 5000 + bonus, race
