"""``tcbg rerun SUMMARY.json [--check]`` (src/tcbg/montecarlo/rerun.py): the games of a summary played again from
its provenance give the same records, for matchups and matrices of X610Z and Z/X; a changed deck file is refused,
a changed record is found, another tcbg version is a warning."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tcbg.cli import main
from tcbg.errors import ProvenanceError
from tcbg.montecarlo import rerun as rerun_module
from tcbg.montecarlo.matchup import matchup
from tcbg.montecarlo.provenance import card_set_hash
from tcbg.montecarlo.report import write_matchup_report
from tcbg.montecarlo.rerun import compare_records, rerun
from tcbg.x610z.cards import CardSet
from tcbg.x610z.decks import Deck


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


CASES = {
    "x610z matchup": ["matchup", "vanilla-a", "vanilla-b", "--games", "8", "--agent", "random", "--agent-b",
                      "heuristic", "--max-turns", "60", "--seed", "21"],
    "zx matchup": ["matchup", "c01-white-red", "c02-black-blue", "--games", "6", "--seed", "5", "--records", "csv"],
    "x610z matrix": ["matrix", "vanilla-a", "vanilla-b", "vanilla-act1-a", "--games", "4", "--agent", "random",
                     "--max-turns", "50", "--seed", "8", "--records", "csv"],
    "zx matrix": ["matrix", "vanilla-red-blue", "vanilla-white-black", "c01-white-red", "--games", "4", "--seed",
                  "2", "--effects"],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_rerun_check_finds_the_same_records(tmp_path, capsys, case):
    first = tmp_path / "first"
    code, _, err = _run(capsys, *CASES[case], "--workers", "1", "-o", first)
    assert code == 0 and err == ""
    again = tmp_path / "again"
    code, out, err = _run(capsys, "rerun", first / "summary.json", "--check", "--workers", "1", "-o", again)
    assert (code, err) == (0, ""), err
    assert "check: the records are identical to those beside the summary" in out
    # the folder holds the same records, and a summary with the same results and provenance but the command line
    name = json.loads((first / "summary.json").read_text())["files"]["records"]
    assert (again / name).read_bytes() == (first / name).read_bytes() if name.endswith(".csv") else \
        pq.read_table(again / name).equals(pq.read_table(first / name), check_metadata=True)
    old, new = (json.loads((f / "summary.json").read_text()) for f in (first, again))
    for key in ("results", "decks", "seed", "agents", "game") if case.endswith("matchup") else \
            ("win_rate", "decks", "seed", "agents", "matchups"):
        assert old[key] == new[key]
    old_p, new_p = old["provenance"], new["provenance"]
    assert {k: v for k, v in old_p.items() if k != "command"} == {k: v for k, v in new_p.items() if k != "command"}
    assert new_p["command"][:2] == ["tcbg", "rerun"]


def test_a_sequential_test_run_stops_at_the_same_pair_again(tmp_path):
    result = matchup("vanilla-red-blue", "vanilla-white-black", 40, agent="random", seed=3, workers=1,
                     until_decided=True, margin=400, min_pairs=2, batch_size=2)
    write_matchup_report(result, tmp_path)
    outcome = rerun(tmp_path / "summary.json", check=True, workers=1)
    assert outcome.identical and outcome.result.pairs == result.pairs
    assert outcome.result.summary()["sprt"] == result.summary()["sprt"]


def _deck_file(tmp_path, swap: bool = False):
    """vanilla-a as a file; with ``swap``, one copy of its first card traded for one more of its second."""
    deck = Deck.load("vanilla-a", CardSet.load("vanilla"))
    cards = list(deck.cards)
    if swap:  # still a legal deck: the copy goes to a card below its deck limit
        k = next(k for k, (card, n) in enumerate(cards) if k > 0 and n < card.deck_limit)
        (c1, n1), (c2, n2) = cards[0], cards[k]
        cards[0], cards[k] = (c1, n1 - 1), (c2, n2 + 1)
    path = tmp_path / "mine.txt"
    path.write_text(Deck(deck.name, deck.life_base, tuple(cards), deck.edition).to_text(), encoding="utf-8")
    return path


def test_a_deck_file_that_changed_is_refused_naming_the_deck_and_both_hashes(tmp_path, capsys):
    path = _deck_file(tmp_path)
    folder = tmp_path / "r"
    code, _, _ = _run(capsys, "matchup", path, "vanilla-b", "--cards", "vanilla", "--games", "2", "--agent",
                      "random", "--max-turns", "30", "--workers", "1", "-o", folder)
    assert code == 0
    recorded = json.loads((folder / "summary.json").read_text())["provenance"]["decks"]["A"]
    code, out, err = _run(capsys, "rerun", folder / "summary.json", "--check", "--workers", "1")
    assert code == 0 and "identical" in out and err == ""
    # the same cards in another order: the same deck, played, but shuffled from another order: other games
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:3] + lines[3:][::-1]) + "\n", encoding="utf-8")
    code, out, err = _run(capsys, "rerun", folder / "summary.json", "--check", "--workers", "1")
    assert code == 1 and "check: the records differ" in out
    assert err.startswith("tcbg: warning: deck 'mine' (") and "lists the same cards in another order" in err
    _deck_file(tmp_path, swap=True)
    code, out, err = _run(capsys, "rerun", folder / "summary.json", "--check", "--workers", "1")
    assert code == 2 and out == ""
    assert err.startswith("tcbg: error: provenance.decks.A: deck 'mine' (") and str(path.resolve()) in err
    assert f"not {recorded['sha256']} as when the summary was written" in err
    with pytest.raises(ProvenanceError) as caught:
        rerun(folder / "summary.json")
    assert caught.value.field == "provenance.decks.A"
    path.unlink()
    with pytest.raises(ProvenanceError, match="is gone"):
        rerun(folder / "summary.json")


def test_check_names_the_first_differing_game_and_column(tmp_path, capsys):
    folder = tmp_path / "r"
    assert _run(capsys, "matchup", "vanilla-a", "vanilla-b", "--games", "6", "--agent", "random", "--max-turns",
                "40", "--workers", "1", "-o", folder)[0] == 0
    table = pq.read_table(folder / "games.parquet")
    winners = table.column("winner").to_pylist()
    winners[4] = "draw" if winners[4] != "draw" else "A"
    pq.write_table(table.set_column(table.column_names.index("winner"), "winner", pa.array(winners)),
                   folder / "games.parquet")
    code, out, _ = _run(capsys, "rerun", folder / "summary.json", "--check", "--workers", "1")
    pair, seating = table.column("pair")[4].as_py(), table.column("seating")[4].as_py()
    assert code == 1
    assert (f"check: the records differ from those beside the summary: game 4 (pair {pair}, seating {seating}), "
            f"column 'winner': {winners[4]!r} in the old records") in out


def test_compare_records_reads_card_flags_and_row_counts():
    flags = pa.FixedSizeListArray.from_arrays(pa.array([0, 1, 2, 3], type=pa.uint8()), 2)
    other = pa.FixedSizeListArray.from_arrays(pa.array([0, 1, 2, 7], type=pa.uint8()), 2)
    old = pa.table({"pair": [0, 0], "seating": ["A-B", "B-A"], "card_flags": flags})
    assert compare_records(old, old) is None
    assert compare_records(old, pa.table({"pair": [0, 0], "seating": ["A-B", "B-A"], "card_flags": other})) == \
        "game 1 (pair 0, seating B-A), column 'card_flags': [2, 3] in the old records, [2, 7] in the new"
    assert compare_records(old, old.slice(0, 1)) == "2 games in the old records, 1 in the new"


def test_another_tcbg_version_is_a_warning_not_an_error(tmp_path, capsys):
    folder = tmp_path / "r"
    assert _run(capsys, "matchup", "vanilla-red-blue", "vanilla-white-black", "--games", "2", "--agent",
                "random", "--workers", "1", "-o", folder)[0] == 0
    summary = json.loads((folder / "summary.json").read_text())
    summary["provenance"]["tcbg"] = "0.0.1"
    (folder / "summary.json").write_text(json.dumps(summary))
    code, out, err = _run(capsys, "rerun", folder / "summary.json", "--check", "--workers", "1")
    assert code == 0 and "identical" in out
    assert err.startswith("tcbg: warning: the summary was written by tcbg version 0.0.1, this is ")


def test_a_summary_without_provenance_or_of_an_unknown_format_is_a_typed_error(tmp_path, capsys):
    path = tmp_path / "summary.json"
    path.write_text(json.dumps({"format": "tcbg-matchup/1", "seed": 0}))
    code, _, err = _run(capsys, "rerun", path)
    assert code == 2 and "has no provenance block" in err
    path.write_text(json.dumps({"format": "tcbg-other/1", "provenance": {"tcbg": "0.1.0"}}))
    with pytest.raises(ProvenanceError, match="no rerun is known for format 'tcbg-other/1'"):
        rerun(path)
    path.write_text("{not json")
    with pytest.raises(ProvenanceError, match="is not a JSON summary"):
        rerun(path)


def test_an_analysis_registers_its_own_rerun(tmp_path, monkeypatch):
    seen = []

    def again(summary, path, folder, workers, progress):
        seen.append((summary["format"], path.name, workers))
        return rerun_module.Rerun(result=None, table=None)

    monkeypatch.setitem(rerun_module.RERUNS, "tcbg-other/1", None)
    rerun_module.register("tcbg-other/1", again)
    path = tmp_path / "summary.json"
    path.write_text(json.dumps({"format": "tcbg-other/1", "provenance": {"tcbg": "0.1.0"}}))
    outcome = rerun(path, workers=3)
    assert seen == [("tcbg-other/1", "summary.json", 3)] and outcome.checked is False


@pytest.mark.parametrize("game", ["x610z", "zx"])
def test_a_deck_given_as_an_object_is_played_again_from_its_list(tmp_path, game):
    from tcbg.zx.decks import Deck as ZXDeck

    if game == "x610z":
        deck, other = Deck.load("vanilla-a", CardSet.load("vanilla")), "vanilla-b"
    else:
        deck, other = ZXDeck.load("vanilla-red-blue"), "vanilla-white-black"
    write_matchup_report(matchup(deck, other, 4, agent="random", seed=2, workers=1, max_turns=40), tmp_path)
    block = json.loads((tmp_path / "summary.json").read_text())["provenance"]
    assert block["decks"]["A"]["source"] == {"list": deck.to_text()}
    outcome = rerun(tmp_path / "summary.json", check=True, workers=1)
    assert outcome.identical and outcome.result.deck_a == deck.name


def test_a_python_agent_or_a_changed_card_set_file_cannot_be_re_run(tmp_path):
    cards = tmp_path / "mine.json"
    doc = CardSet.load("vanilla").to_dict()
    cards.write_text(json.dumps(doc), encoding="utf-8")
    write_matchup_report(matchup("vanilla-a", "vanilla-b", 2, agent="random", cards=str(cards), workers=1,
                                 max_turns=30), tmp_path / "r")
    summary_path = tmp_path / "r" / "summary.json"
    assert rerun(summary_path, check=True, workers=1).identical
    doc["description"] = "changed since"  # any change of the card document is a change of the set
    cards.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ProvenanceError, match=r"card set 'vanilla' hashes \w+ now, not \w+ as when") as caught:
        rerun(summary_path)
    assert caught.value.field == "provenance.card_sets[0]"
    summary = json.loads(summary_path.read_text())
    summary["provenance"]["agents"]["B"] = "python:MyAgent"
    summary["provenance"]["card_sets"][0]["source"] = {"shipped": "vanilla"}
    summary["provenance"]["card_sets"][0]["sha256"] = card_set_hash(CardSet.load("vanilla"))
    summary_path.write_text(json.dumps(summary))
    with pytest.raises(ProvenanceError, match="a Python agent \\(MyAgent\\) played") as caught:
        rerun(summary_path)
    assert caught.value.field == "provenance.agents.B"


def test_the_readme_rerun_line_checks_the_readme_matchup(tmp_path, capsys, monkeypatch):
    """README.md "Matchups": its rerun line, after its first matchup line (with fewer games), finds the records
    identical."""
    import re
    import shlex
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Matchups.*?```sh\n(.*?)```", readme, flags=re.S).group(1)
    lines = [shlex.split(line.split("#")[0]) for line in block.splitlines() if line.strip()]
    first, again = lines[0], next(line for line in lines if line[1] == "rerun")
    first[first.index("--games") + 1] = "6"
    monkeypatch.chdir(tmp_path)
    assert _run(capsys, *first[1:], "--workers", "1")[0] == 0
    code, out, _ = _run(capsys, *again[1:], "--workers", "1")
    assert code == 0 and "identical" in out


def test_a_board_file_that_changed_is_refused(tmp_path):
    from importlib import resources

    board = tmp_path / "my-board.json"
    doc = json.loads((resources.files("tcbg.x610z") / "boards" / "existenz.json").read_text(encoding="utf-8"))
    board.write_text(json.dumps(doc), encoding="utf-8")
    write_matchup_report(matchup("vanilla-a", "vanilla-b", 2, agent="random", board=str(board), workers=1,
                                 max_turns=30), tmp_path / "r")
    block = json.loads((tmp_path / "r" / "summary.json").read_text())["provenance"]
    assert block["game"]["options"]["board_source"]["file"] == str(board.resolve())
    assert rerun(tmp_path / "r" / "summary.json", check=True, workers=1).identical
    board.write_text(json.dumps(doc, indent=2), encoding="utf-8")  # other bytes: the file is not the one played
    with pytest.raises(ProvenanceError, match=f"board {board.resolve()} hashes") as caught:
        rerun(tmp_path / "r" / "summary.json")
    assert caught.value.field == "provenance.game.options.board"
