"""The provenance block of summary.json (src/tcbg/montecarlo/provenance.py; docs/simulation.md, "Provenance and
reruns"): versions, seed, full agent specs, game options, card sets and deck hashes, for X610Z and Z/X."""

from __future__ import annotations

import json
import platform
import subprocess
from pathlib import Path

import numpy as np
import pytest

import tcbg
from tcbg.cli import main
from tcbg.montecarlo import provenance as prov
from tcbg.montecarlo.matchup import matchup
from tcbg.montecarlo.matrix import matrix
from tcbg.x610z.cards import CardSet
from tcbg.x610z.decks import Deck
from tcbg.zx.cards import CardSet as ZXCardSet
from tcbg.zx.decks import Deck as ZXDeck


def _reordered_x610z(tmp_path: Path, name: str) -> Path:
    """The shipped X610Z deck ``name`` as a file, its card lines in reverse order."""
    deck = Deck.load(name, CardSet.load("ruins" if name in ("arnunnian", "undead") else "vanilla"))
    lines = deck.to_text().splitlines()
    head, cards = lines[:3], lines[3:]
    path = tmp_path / f"{name}-reordered.txt"
    path.write_text("\n".join(head + cards[::-1]) + "\n", encoding="utf-8")
    return path


def _reordered_zx(tmp_path: Path, name: str) -> Path:
    """The shipped Z/X deck ``name`` as a file, its deck lines in reverse order."""
    text = ZXDeck.load(name).to_text().splitlines()
    start = text.index("Deck:") + 1
    end = text.index("", start) if "" in text[start:] else len(text)
    path = tmp_path / f"{name}-reordered.txt"
    path.write_text("\n".join(text[:start] + text[start:end][::-1] + text[end:]) + "\n", encoding="utf-8")
    return path


def test_an_x610z_matchup_summary_names_versions_seed_agents_game_cards_and_decks():
    result = matchup("vanilla-a", "vanilla-b", 4, agent="random", agent_b="heuristic", seed=11, workers=1,
                     max_turns=40)
    block = result.summary()["provenance"]
    assert block["tcbg"] == tcbg.__version__
    assert block["python"] == platform.python_version() and block["numpy"] == np.__version__
    assert "core" in block and "revision" in block and block["command"] is None  # not run from the command line
    assert block["seed"] == 11
    assert block["agents"] == {"A": {"kind": "random"}, "B": {"kind": "heuristic"}}
    assert block["game"] == {"kind": "x610z", "options": {
        "board": "existenz", "board_source": {"shipped": "existenz"}, "rules": "existenz", "setup": "1v1",
        "max_turns": 40, "effects": True, "cards": "vanilla"}}
    assert block["card_sets"] == [{"name": "vanilla", "source": {"shipped": "vanilla"},
                                   "sha256": prov.card_set_hash(CardSet.load("vanilla"))}]
    vanilla = CardSet.load("vanilla")
    for side, name in (("A", "vanilla-a"), ("B", "vanilla-b")):
        deck = Deck.load(name, vanilla)
        assert block["decks"][side] == {"name": name, "source": {"shipped": name}, "sha256": prov.deck_hash(deck),
                                        "order_sha256": prov.order_hash(deck)}
    assert block["decks"]["A"]["sha256"] != block["decks"]["B"]["sha256"]
    assert block["run"] == {"command": "matchup", "games": 4, "until_decided": False}
    json.dumps(block, allow_nan=False)  # plain JSON


def test_a_zx_matchup_summary_names_its_card_set_decks_and_options():
    result = matchup("c01-white-red", "c02-black-blue", 2, agent="random", seed=3, workers=1, max_turns=30)
    block = result.summary()["provenance"]
    starter = ZXCardSet.load("starter-2012")
    assert block["game"] == {"kind": "zx", "options": {"max_turns": 30, "effects": True}}
    assert block["card_sets"] == [{"name": "starter-2012", "sha256": prov.card_set_hash(starter)}]
    for side, name in (("A", "c01-white-red"), ("B", "c02-black-blue")):
        deck = ZXDeck.load(name)
        assert block["decks"][side] == {"name": name, "source": {"shipped": name}, "card_set": "starter-2012",
                                        "sha256": prov.deck_hash(deck), "order_sha256": prov.order_hash(deck)}
    assert block["agents"] == {"A": {"kind": "random"}, "B": {"kind": "random"}}


def test_a_search_agent_is_written_with_its_default_budget_and_plays_as_that_budget():
    game = tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"])
    block = prov.provenance(game, {"A": "vanilla-red-blue", "B": "vanilla-white-black"},
                            {"A": "search", "B": {"kind": "search", "simulations": 8}}, 0)
    assert block["agents"] == {"A": {"kind": "search", "simulations": prov.SEARCH_SIMULATIONS},
                               "B": {"kind": "search", "simulations": 8}}
    # the default written out is the core's: the agent without a budget plays as the one with it
    plain = matchup("vanilla-red-blue", "vanilla-white-black", 2, agent="search", seed=5, workers=1, max_turns=12)
    budget = matchup("vanilla-red-blue", "vanilla-white-black", 2, agent=f"search:{prov.SEARCH_SIMULATIONS}",
                     seed=5, workers=1, max_turns=12)
    assert plain.games_table().equals(budget.games_table())
    other = matchup("vanilla-red-blue", "vanilla-white-black", 2, agent="search:1", seed=5, workers=1, max_turns=12)
    assert not plain.games_table().equals(other.games_table())  # the budget does change the games


@pytest.mark.parametrize("game", ["x610z", "zx"])
def test_a_deck_hashes_the_same_from_a_reordered_file_as_by_its_shipped_name(tmp_path, game):
    a, b = ("vanilla-a", "vanilla-b") if game == "x610z" else ("vanilla-red-blue", "vanilla-white-black")
    path = _reordered_x610z(tmp_path, a) if game == "x610z" else _reordered_zx(tmp_path, a)
    assert path.read_text(encoding="utf-8") != (Deck.load(a, CardSet.load("vanilla")) if game == "x610z"
                                                else ZXDeck.load(a)).to_text()
    shipped = matchup(a, b, 2, agent="random", workers=1, max_turns=20).summary()["provenance"]
    from_file = matchup(str(path), b, 2, agent="random", workers=1, max_turns=20,
                        **({"cards": "vanilla"} if game == "x610z" else {})).summary()["provenance"]
    assert from_file["decks"]["A"]["sha256"] == shipped["decks"]["A"]["sha256"]
    assert from_file["decks"]["A"]["order_sha256"] != shipped["decks"]["A"]["order_sha256"]  # its list's order
    assert from_file["decks"]["A"]["source"] == {"file": str(path.resolve()),
                                                 "sha256": prov.sha256_file(path)}
    assert shipped["decks"]["A"]["source"] == {"shipped": a}


def test_the_canonical_list_sorts_and_merges_and_a_changed_list_hashes_otherwise():
    vanilla = CardSet.load("vanilla")
    deck = Deck.load("vanilla-a", vanilla)
    canonical = prov.canonical_list(deck)
    assert canonical["cards"] == sorted(canonical["cards"]) and canonical["life_base"] == deck.life_base.name
    assert sum(n for _, n in canonical["cards"]) == deck.total()
    (first, n1), (second, n2) = deck.cards[0], deck.cards[1]
    changed = Deck(deck.name, deck.life_base, ((first, n1 - 1), (second, n2 + 1), *deck.cards[2:]), deck.edition)
    assert prov.deck_hash(changed) != prov.deck_hash(deck)
    split = Deck(deck.name, deck.life_base, ((first, n1 - 1), *deck.cards[1:], (first, 1)), deck.edition)
    assert prov.deck_hash(split) == prov.deck_hash(deck)  # the same cards listed in two lines


def test_the_source_revision_is_the_checkouts_and_none_away_from_one(monkeypatch, tmp_path):
    root = Path(tcbg.__file__).resolve().parents[2]
    prov.source_revision.cache_clear()
    expected = None
    if (root / ".git").exists():
        expected = subprocess.run(["git", "-C", str(root), "describe", "--always", "--dirty", "--tags"],
                                  capture_output=True, text=True).stdout.strip() or None
    assert prov.source_revision() == expected
    prov.source_revision.cache_clear()
    fake = tmp_path / "site" / "lib" / "tcbg" / "__init__.py"
    monkeypatch.setattr(prov.tcbg, "__file__", str(fake))
    try:
        assert prov.source_revision() is None  # an installed copy: no revision, and no error
    finally:
        prov.source_revision.cache_clear()


def test_the_command_line_is_in_the_provenance_of_a_summary_written_by_tcbg(tmp_path, capsys):
    argv = ["matchup", "vanilla-red-blue", "vanilla-white-black", "--games", "2", "--agent", "random",
            "--seed", "9", "--workers", "1", "-o", str(tmp_path / "r")]
    assert main(argv) == 0
    block = json.loads((tmp_path / "r" / "summary.json").read_text())["provenance"]
    assert block["command"] == ["tcbg", *argv]
    assert block["seed"] == 9 and block["run"]["games"] == 2
    # a summary made in Python afterwards names no command
    later = matchup("vanilla-red-blue", "vanilla-white-black", 2, agent="random", workers=1)
    assert later.summary()["provenance"]["command"] is None


@pytest.mark.parametrize("name", ["tcbg.analysis.tune", "tcbg.montecarlo.provenance", "tcbg.montecarlo.rerun",
                                  "tcbg.montecarlo.robust"])
def test_docstring_examples(name):
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(name), verbose=False)
    assert tried > 0 and failures == 0


def test_a_matrix_summary_names_every_deck_in_order_and_the_agent():
    result = matrix(["vanilla-a", "vanilla-b", "vanilla-act1-a"], 2, agent="search:2", seed=4, workers=1,
                    max_turns=20)
    block = result.summary()["provenance"]
    vanilla = CardSet.load("vanilla")
    assert list(block["decks"]) == ["vanilla-a", "vanilla-b", "vanilla-act1-a"]
    for name, entry in block["decks"].items():
        deck = Deck.load(name, vanilla)
        assert entry == {"name": name, "source": {"shipped": name}, "sha256": prov.deck_hash(deck),
                         "order_sha256": prov.order_hash(deck)}
    assert block["agents"] == {"all": {"kind": "search", "simulations": 2}}
    assert block["run"] == {"command": "matrix", "games": 2}
    assert block["seed"] == 4 and block["game"]["options"]["max_turns"] == 20
