"""The shipped decks of Z/X's first era (src/tcbg/zx/decklists/era-*.txt, docs/balance.md "The first era's
metagame"): one legal deck per pair of the five colours, every card of it of those colours and running with its
abilities, built by tools/zx_era_decks.py; the tool's drafts are legal decks too."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

import pytest

import tcbg
from tcbg.zx.decks import Deck

ROOT = Path(__file__).resolve().parents[2]
COLOURS = ("red", "blue", "white", "black", "green")
ERA_DECKS = sorted(name for name in Deck.names() if name.startswith("era-"))


def _tool():
    spec = importlib.util.spec_from_file_location("zx_era_decks", ROOT / "tools" / "zx_era_decks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_one_era_deck_per_colour_pair():
    assert ERA_DECKS == sorted(f"era-{a}-{b}" for a, b in itertools.combinations(COLOURS, 2))


@pytest.mark.parametrize("name", ERA_DECKS)
def test_an_era_deck_is_legal_of_its_colours_and_runs_with_every_ability(name):
    deck = Deck.load(name)
    assert deck.is_legal(), deck.check()
    assert deck.card_set.name == "first-era"
    colours = set(name.split("-")[1:3])
    assert all(card.colours and set(card.colours) <= colours for card in deck.card_list())
    assert not [card.number for card in deck.card_list() if card.number in
                {c.number for c in deck.card_set.missing_effects()}]
    game = tcbg.load_game("zx", decks=[deck, Deck.load(ERA_DECKS[0])])  # effects on: every ability compiles
    assert game.random_playouts(4, seed=1, check_invariants=True)["games"] == 4


def test_the_draft_tool_writes_ten_legal_decks(tmp_path):
    tool = _tool()
    tool.run_draft(tmp_path)
    written = sorted(p.stem for p in tmp_path.glob("era-*.txt"))
    assert written == ERA_DECKS
    for path in tmp_path.glob("era-*.txt"):
        assert Deck.load(path).is_legal()


def test_a_tune_change_rewrites_the_lines_of_the_cards_it_names():
    tool = _tool()
    from tcbg.zx.cards import CardSet

    cards = CardSet.load("first-era")
    text = "Deck:\n4 B01-003  # old\n2 C03-018  # kept\n"
    changed = tool._apply(text, "Heated Coal, Coal Armadillo [B01-003] -> Neige of the Snow [C03-018]", cards)
    assert changed.splitlines()[1].startswith("4 C03-018  # ") and "2 C03-018  # kept" in changed
