"""Card sets and deck lists a designer can copy, check and list: ``tcbg cards check|list|copy`` and ``tcbg deck copy``
for both games (src/tcbg/cli/cards.py), and X610Z lists' ``Card set:`` and ``Edition:`` lines (docs/deck-format.md
D10, D11) read the same way by every command; the walk-through of docs/cards.md, "Making your own cards and
decks", run command by command."""

from __future__ import annotations

import doctest
import json
import re
import shlex
from pathlib import Path

import pytest

import tcbg
from tcbg.cli import cards as cli_cards
from tcbg.cli import main
from tcbg.x610z.decks import Deck, load_decks

DOCS = Path(__file__).resolve().parents[1] / "docs"
FAST = ["--games", "2", "--max-turns", "30", "--workers", "1", "--agent", "random", "--no-progress"]


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_module_examples_run():
    failures, tried = doctest.testmod(cli_cards, verbose=False)
    assert tried > 0 and failures == 0


# -- X610Z lists name their card set: one reading for every command ---------------------------------------------------

def test_every_shipped_list_names_its_set_and_edition_on_lines():
    for name in Deck.names():
        lines = Deck.shipped_text(name).splitlines()
        assert sum(1 for line in lines if re.fullmatch(r"Card set: [a-z0-9-]+", line)) == 1, name
        assert sum(1 for line in lines if re.fullmatch(r"Edition: (existenz|act1)", line)) == 1, name
        assert not any(line.startswith("#") and "Card set" in line for line in lines), name  # no second, hidden form
        deck = Deck.load(name)
        assert deck.card_set.name in {"vanilla", "ruins", "quests"} and deck.built_for == deck.edition


def test_a_copied_shipped_deck_plays_as_the_shipped_one(capsys, tmp_path, monkeypatch):
    """The copy (cp, in another folder) is read with its own Card set: line by deck check, matchup, load_game, the
    harness's matchups and the analyses alike."""
    copy = tmp_path / "my-arn.txt"
    copy.write_text(Deck.shipped_text("arnunnian"), encoding="utf-8")
    monkeypatch.chdir(tmp_path.parent)  # not the copy's folder
    code, out, err = _run(capsys, "deck", "check", str(copy))
    assert code == 0 and out == f"{copy}: legal (ruins, edition existenz; 50 cards, life base Skyspire Citadel)\n"
    code, out, err = _run(capsys, "matchup", str(copy), "undead", *FAST)
    assert code == 0 and err == "" and out.startswith("my-arn (A) vs undead (B): 2 games"), err
    code, out, err = _run(capsys, "matrix", str(copy), "undead", "pirate", *FAST)
    assert code == 0 and err == "", err
    game = tcbg.load_game(decks=[str(copy), "undead"])
    assert game.cards.name == "ruins" and game.decks[0] == Deck.load("arnunnian").__class__(
        "my-arn", *[getattr(Deck.load("arnunnian"), f) for f in ("life_base", "cards", "edition")])
    from tcbg.analysis.variants import load_decks as analysis_decks
    from tcbg.montecarlo import games as game_adapter

    loaded = analysis_decks(str(copy), ["undead"], game="x610z")
    assert loaded.options["cards"].name == "ruins" and loaded.deck.name == "my-arn"
    ab = game_adapter.matchup_games(str(copy), "barbarian", game="x610z")[0]
    assert ab.cards is game.cards  # the shipped set, read once and shared


def _vanilla_copy(folder: Path, name: str = "mine.json", rename: bool = True) -> Path:
    """vanilla.json with Tusked Hauler made stronger (and renamed): a deck that plays it plays this file's cards."""
    doc = json.loads((Path(tcbg.x610z.__file__).parent / "cardsets" / "vanilla.json").read_text(encoding="utf-8"))
    for card in doc["cards"]:
        if card["name"] == "Tusked Hauler":
            card["name"], card["attack"] = "Tusked Hauler Mk2" if rename else card["name"], 9
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_deck_naming_a_card_file_plays_with_that_files_cards(capsys, tmp_path, monkeypatch):
    cards = _vanilla_copy(tmp_path / "sets")
    text = Deck.shipped_text("vanilla-a").replace("Card set: vanilla", "Card set: ../sets/mine.json")
    deck_file = tmp_path / "decks" / "mine-a.txt"
    deck_file.parent.mkdir()
    deck_file.write_text(text.replace("Tusked Hauler", "Tusked Hauler Mk2"), encoding="utf-8")
    monkeypatch.chdir(tmp_path / "sets")  # the path is found from the list's folder, not the current one
    game = tcbg.load_game(decks=[str(deck_file), str(deck_file)])
    assert Path(game.cards.file).resolve() == cards.resolve()
    assert game.cards["Tusked Hauler Mk2"].attack == 9 and game.decks[0].counts()["Tusked Hauler Mk2"] == 3
    assert len(tcbg.simulate(game, "random", games=2, seed=1)) == 2
    code, out, err = _run(capsys, "matchup", str(deck_file), str(deck_file), *FAST)
    assert code == 0 and err == "", err
    code, out, err = _run(capsys, "deck", "check", str(deck_file))
    assert code == 0 and "legal (vanilla, edition existenz" in out
    # --cards naming the same file (by another path) agrees with the line
    code, out, err = _run(capsys, "deck", "check", str(deck_file), "--cards", str(cards))
    assert code == 0, err


@pytest.mark.parametrize("text,line,words", [
    ("Life base: Ember Caravan\n3 Ashwing Drake\n", "line 1", "no 'Card set: NAME' line before this card"),
    ("# nothing\n", "deck", "no 'Card set: NAME' line"),
    ("# mine. Card set: ruins.\nLife base: Skyspire Citadel\n", "line 2", "line 1 names it in a comment, which is not "
                                                                        "read"),
    ("Card set: vanila\nLife base: Ember Caravan\n", "line 1", "unknown card set 'vanila' (shipped sets: quests, ruins, "
                                                              "vanilla, or a card file NAME.json); did you mean "
                                                              "'vanilla'?"),
    ("Card set: nowhere.json\nLife base: Ember Caravan\n", "line 1", "no card file 'nowhere.json'"),
    ("Card set: vanilla\nCard set: vanilla\n", "line 2", "a second 'Card set:' line (the first is line 1)"),
    ("Card set:\n", "line 1", "'Card set:' names nothing"),
])
def test_card_set_line_errors_name_the_file_line_and_rule(capsys, tmp_path, text, line, words):
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(tcbg.DeckError) as info:
        load_decks([str(path)])
    assert (info.value.file, info.value.where, info.value.rule) == (str(path), line, "D10")
    assert words in info.value.reason
    code, out, err = _run(capsys, "deck", "check", str(path), "--game", "x610z")
    assert code == 2 and out == "" and err.startswith(f"tcbg: error: {path}: {line}: ") and "[deck-format D10]" in err


def test_a_card_set_line_contradicting_the_callers_set_is_refused(capsys, tmp_path):
    cards = _vanilla_copy(tmp_path, "other.json")
    doc = json.loads(cards.read_text(encoding="utf-8"))
    doc["name"] = "other"
    cards.write_text(json.dumps(doc), encoding="utf-8")
    for given in ("ruins", str(cards)):
        code, out, err = _run(capsys, "deck", "check", "vanilla-a", "--cards", given)
        assert code == 2 and "vanilla-a.txt: line 5: the list draws on the card set 'vanilla', but it is read with" in err
        assert "[deck-format D10]" in err
    with pytest.raises(tcbg.DeckError, match=r"draws on the card file 'other.json' \(set 'other'\), but it is read with "
                                             r"'vanilla'.*D10"):
        Deck.parse("Card set: other.json\nLife base: Ember Caravan\n", tcbg.x610z.CardSet.load("vanilla"),
                   folder=tmp_path, deck_size=None)
    # a set of the line's name is the line's set: the shipped lists play with a changed copy that kept its name
    _vanilla_copy(tmp_path, "vanilla-copy.json", rename=False)
    code, out, err = _run(capsys, "matchup", "vanilla-a", "vanilla-b", "--cards", str(tmp_path / "vanilla-copy.json"),
                          *FAST)
    assert code == 0, err


def test_card_set_and_edition_lines_come_before_the_cards():
    vanilla = tcbg.x610z.CardSet.load("vanilla")
    for label, rule in (("Card set: vanilla", "D10"), ("Edition: existenz", "D11")):
        with pytest.raises(tcbg.DeckError) as info:
            Deck.parse(f"Life base: Ember Caravan\n{label}\n", vanilla, deck_size=None)
        assert (info.value.where, info.value.rule) == ("line 2", rule) and "comes after a card" in info.value.reason


def test_edition_line(tmp_path):
    base = "Card set: vanilla\nEdition: {}\nLife base: Ember Caravan\n3 Rustfield Legion\n"
    assert Deck.parse(base.format("existenz"), deck_size=None).edition == "existenz"
    with pytest.raises(tcbg.DeckError) as info:
        Deck.parse(base.format("act1"), deck_size=None)
    assert (info.value.where, info.value.rule) == ("line 4", "D9")
    with pytest.raises(tcbg.DeckError) as info:
        Deck.parse(base.format("act2"), deck_size=None)
    assert (info.value.where, info.value.rule) == ("line 2", "D11") and "unknown edition 'act2'" in info.value.reason
    deck = Deck.parse(base.format("act1").replace("3 Rustfield Legion\n", ""), edition="existenz", deck_size=None)
    assert deck.edition == "existenz" and deck.built_for == "act1"
    with pytest.raises(tcbg.DeckError, match=r"built for act1 \(line 5\).*\[deck-format D9\]"):
        tcbg.load_game(decks=["act1-quests"] * 2)


def test_to_text_round_trips_through_the_card_set_line():
    for name in Deck.names():
        deck = Deck.load(name)
        assert Deck.parse(deck.to_text(), name=name) == deck


# -- tcbg cards check and list, both games ---------------------------------------------------------------------------

def test_cards_check_tells_the_games_apart(capsys, tmp_path):
    code, out, err = _run(capsys, "cards", "check", "starter-2012")
    assert code == 0 and out.startswith("starter-2012: valid (Z/X); 76 cards (")
    code, out, err = _run(capsys, "cards", "check", "vanilla")
    assert code == 0 and out.startswith("vanilla: valid; 17 cards") and "(Z/X has a set 'vanilla' too" in out
    code, out, err = _run(capsys, "cards", "check", "vanilla", "--game", "zx")
    assert code == 0 and out.startswith("vanilla: valid (Z/X); 34 cards")
    zx = json.loads((Path(tcbg.zx.__file__).parent / "cardsets" / "vanilla.json").read_text(encoding="utf-8"))
    zx.pop("effects")
    mine = tmp_path / "mystarter.json"
    mine.write_text(json.dumps(zx), encoding="utf-8")
    code, out, err = _run(capsys, "cards", "check", str(mine))
    assert code == 0 and out.startswith("vanilla: valid (Z/X)"), err
    zx["cards"][3]["power"] = -5
    mine.write_text(json.dumps(zx), encoding="utf-8")
    code, out, err = _run(capsys, "cards", "check", str(mine))
    assert code == 2 and "power must be a whole number" in err and "[zx/card-data ZC9]" in err
    bad = tmp_path / "x610z.json"
    bad.write_text('{"format": "tcbg-cards/1", "name": "x", "cards": []}', encoding="utf-8")
    code, out, err = _run(capsys, "cards", "check", str(bad))
    assert code == 2 and "[card-data C1]" in err
    code, out, err = _run(capsys, "cards", "check", "starter-2021")
    assert code == 2 and "did you mean 'starter-2012'?" in err


def test_cards_list_prints_every_card_with_what_it_does(capsys):
    from tcbg.x610z.cards import CardSet
    from tcbg.zx.cards import CardSet as ZXCardSet

    ruins = CardSet.load("ruins")
    code, out, err = _run(capsys, "cards", "list", "ruins")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "ruins (X610Z, 57 cards):" and len(lines) == 1 + len(ruins)
    citadel = next(line for line in lines if line.strip().startswith("Skyspire Citadel"))
    assert "life-base" in citadel and "defense 18" in citadel and citadel.endswith("| " + ruins["Skyspire Citadel"].text)
    assert all(" | " in line for line in lines[1:])
    starter = ZXCardSet.load("starter-2012")
    code, out, err = _run(capsys, "cards", "list", "starter-2012")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1 + len(starter)
    assert [line.split()[0] for line in lines[1:]] == [card.number for card in starter]
    assert "Life Recovery" in next(line for line in lines if line.strip().startswith("C01-005"))
    code, out, err = _run(capsys, "cards", "list", "ruin")
    assert code == 2 and "did you mean 'ruins'" in err


# -- copies ----------------------------------------------------------------------------------------------------------

def test_copies_never_overwrite_without_force(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert _run(capsys, "deck", "copy", "pirate")[0] == 0
    assert "Card set: ruins\n" in (tmp_path / "pirate.txt").read_text(encoding="utf-8")  # no copy of ruins here
    code, out, err = _run(capsys, "deck", "copy", "pirate")
    assert code == 2 and "exists; pass --force to overwrite it" in err
    assert _run(capsys, "deck", "copy", "pirate", "--force")[0] == 0
    (tmp_path / "ruins.py").write_text("# mine\n", encoding="utf-8")
    code, out, err = _run(capsys, "cards", "copy", "ruins")
    assert code == 2 and "ruins.py: exists" in err and not (tmp_path / "ruins.json").exists()  # nothing written
    code, out, err = _run(capsys, "deck", "copy", "pirat")
    assert code == 2 and "did you mean 'pirate'?" in err
    code, out, err = _run(capsys, "cards", "copy", "ruins", "sets/mine.txt")
    assert code == 2 and "a folder or a file ending in .json" in err


def test_a_zx_deck_copied_beside_its_copied_set_names_that_file(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(capsys, "cards", "copy", "starter-2012")
    assert code == 0 and (tmp_path / "starter-2012.json").exists() and (tmp_path / "starter_2012.py").exists()
    code, out, err = _run(capsys, "deck", "copy", "c01-white-red")
    assert code == 0 and "Card set: starter-2012.json" in (tmp_path / "c01-white-red.txt").read_text(encoding="utf-8")
    code, out, err = _run(capsys, "deck", "check", "c01-white-red.txt")
    assert code == 0 and out.startswith("c01-white-red.txt: legal (starter-2012;"), err
    from tcbg.zx.decks import Deck as ZXDeck

    assert Path(ZXDeck.load("c01-white-red.txt").card_set.file).resolve() == (tmp_path / "starter-2012.json").resolve()


def _walk_through() -> list[list[str]]:
    """The commands of docs/cards.md, "Making your own cards and decks", in order: two blocks of ``$ tcbg ...``."""
    text = (DOCS / "cards.md").read_text(encoding="utf-8")
    section = text.split("## Making your own cards and decks", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```\n(.*?)```", section, re.DOTALL)
    return [[line[2:] for line in block.splitlines() if line.startswith("$ tcbg ")] for block in blocks[:2]]


def test_the_walk_through_of_cards_md(capsys, tmp_path, monkeypatch):
    first, second = _walk_through()
    assert [c.split("#")[0].split()[:3] for c in first] == [["tcbg", "list"], ["tcbg", "cards", "list"],
                                                          ["tcbg", "cards", "copy"], ["tcbg", "deck", "copy"],
                                                          ["tcbg", "deck", "copy"]]
    monkeypatch.chdir(tmp_path)

    def run(command: str) -> str:
        words, _, comment = command.partition("#")
        argv = shlex.split(words)[1:]
        if argv[0] == "matchup":
            argv += FAST
        code, out, err = _run(capsys, *argv)
        assert code == 0 and err == "", (command, err)
        if argv[:2] == ["deck", "check"]:
            assert comment.strip() in out  # the doc shows what the command prints
        return out

    for command in first:
        run(command)
    assert (tmp_path / "ruins.py").exists()
    assert "Card set: ruins.json\n" in (tmp_path / "undead.txt").read_text(encoding="utf-8")
    # the change the walk-through makes: Hunter Dragon's attack 3 -> 5 in ruins.json
    path = tmp_path / "ruins.json"
    text = path.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if '"name": "Hunter Dragon"' in line)
    assert '"attack": 3,' in line
    path.write_text(text.replace(line, line.replace('"attack": 3,', '"attack": 5,')), encoding="utf-8")
    outputs = {command.split("#")[0].strip(): run(command) for command in second}
    listed = outputs["tcbg cards list ruins.json"]
    assert "attack 5" in next(line for line in listed.splitlines() if line.strip().startswith("Hunter Dragon"))
    assert any(command.startswith("tcbg matchup arnunnian.txt undead.txt") for command in outputs)
    game = tcbg.load_game(decks=["arnunnian.txt", "undead.txt"])
    assert game.cards["Hunter Dragon"].attack == 5 and Path(game.cards.file).resolve() == path.resolve()
    # the shipped decks with the copy, as the prose says
    code, out, err = _run(capsys, "matchup", "pirate", "barbarian", "--cards", "ruins.json", *FAST)
    assert code == 0, err
    code, out, err = _run(capsys, "matchup", "arnunnian.txt", "undead", *FAST)
    assert code == 2 and "[deck-format D10]" in err
