"""``tcbg matchup`` and ``tcbg matrix`` end to end (src/tcbg/cli/sim.py): files written, the summary's contents,
the HTML with its plots, one-line errors, Ctrl-C."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys

import pyarrow.csv as pcsv
import pyarrow.parquet as pq
import pytest

from interrupts import interrupt_after
from tcbg.cli import main

PNG = b"\x89PNG\r\n\x1a\n"


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _plots(html_text: str) -> dict[str, bytes]:
    found = re.findall(r'<img class="plot" id="plot-([\w-]+)"[^>]*src="data:image/png;base64,([^"]+)"', html_text)
    return {name: base64.b64decode(data) for name, data in found}


def test_matchup_writes_records_summary_and_report(capsys, tmp_path):
    folder = tmp_path / "report"
    code, out, err = _run(capsys, "matchup", "vanilla-a", "vanilla-b", "--games", "12", "--agent", "random",
                          "--seed", "4", "--max-turns", "30", "--workers", "1", "-o", str(folder))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("vanilla-a (A) vs vanilla-b (B): 12 games (6 seat-swapped pairs), random agents, "
                               "existenz 1v1")
    assert any(line.strip().startswith("vanilla-a (A) wins") for line in lines)
    assert lines[-2:] == [f"  -> {folder}: games.parquet, summary.json, report.html",
                          f"  report: {folder / 'report.html'}"]

    summary = json.loads((folder / "summary.json").read_text())
    assert summary["format"] == "tcbg-matchup/1" and summary["games"] == 12 and summary["pairs"] == 6
    assert summary["seed"] == 4 and summary["agents"] == {"A": {"kind": "random"}, "B": {"kind": "random"}}
    assert summary["game"]["max_turns"] == 30 and summary["interrupted"] is False
    res = summary["results"]
    assert res["A"]["count"] + res["B"]["count"] + res["draws"]["count"] == 12
    assert 0 <= res["A"]["ci95"][0] <= res["A"]["rate"] <= res["A"]["ci95"][1] <= 1
    assert summary["files"] == {"records": "games.parquet", "summary": "summary.json", "report": "report.html"}
    assert len(summary["cards"]["A"]["cards"]) == 12 and "sprt" not in summary

    games = pq.read_table(folder / "games.parquet")
    assert games.num_rows == 12
    assert sorted(set(games.column("seating").to_pylist())) == ["A-B", "B-A"]
    winners = games.column("winner").to_pylist()
    assert winners.count("A") == res["A"]["count"] and winners.count("draw") == res["draws"]["count"]
    assert json.loads(games.schema.metadata[b"tcbg"])["decks"] == {"A": "vanilla-a", "B": "vanilla-b"}

    html_text = (folder / "report.html").read_text()
    assert "<h1>vanilla-a (A) vs vanilla-b (B)</h1>" in html_text and "Cards of vanilla-b (B)" in html_text
    plots = _plots(html_text)
    assert set(plots) == {"results", "first-player", "win-conditions", "game-length", "cards-A", "cards-B"}
    assert all(data.startswith(PNG) and len(data) > 2000 for data in plots.values())


def test_matchup_csv_records_and_until_decided(capsys, tmp_path):
    folder = tmp_path / "csv"
    code, out, err = _run(capsys, "matchup", "vanilla-a", "vanilla-b", "--games", "4000", "--agent", "random",
                          "--max-turns", "40", "--workers", "2", "--until-decided", "--margin", "400",
                          "--records", "csv", "--no-replays", "-o", str(folder))
    assert code == 0 and err == ""
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["sprt"]["decision"] in ("better", "worse", "equal")
    # no decision before 200 pairs (the test's minimum sample); a 400 Elo margin is decided soon after
    assert 400 <= summary["games"] < 4000 and summary["games_requested"] == 4000
    assert "sequential test:" in out
    table = pcsv.read_csv(folder / "games.csv")
    assert table.num_rows == summary["games"]
    names = table.column_names
    first_b = next(i for i, name in enumerate(names) if name.startswith("B:"))
    assert names.index("A:Ember Caravan#1") + 51 == first_b
    assert "A:Ashwing Drake#3" in names and "A:Ashwing Drake#4" not in names
    assert len(names) == 10 + 102  # ten columns per game, then the flags
    assert "sprt" in _plots((folder / "report.html").read_text())


def test_matrix_prints_the_table_and_writes_the_heatmap(capsys, tmp_path):
    folder = tmp_path / "m"
    code, out, err = _run(capsys, "matrix", "vanilla-a", "vanilla-b", "--games", "4", "--agent", "random",
                          "--max-turns", "40", "--workers", "1", "-o", str(folder))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("2 decks, 4 games per matchup")
    assert lines[2].startswith("vanilla-a") and lines[3].startswith("vanilla-b")
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["format"] == "tcbg-matrix/1" and summary["decks"] == ["vanilla-a", "vanilla-b"]
    assert summary["win_rate"][0][0] is None and summary["matchups"][0]["games"] == 4
    assert pq.read_table(folder / "games.parquet").num_rows == 4
    assert set(_plots((folder / "report.html").read_text())) == {"heatmap"}


def test_faction_decks_draw_on_the_ruins_set_with_their_effects(capsys, tmp_path):
    code, out, err = _run(capsys, "matrix", "arnunnian", "pirate", "undead", "--games", "4", "--max-turns", "60",
                          "--workers", "1", "-o", str(tmp_path / "m"))
    assert code == 0 and err == "", err
    assert json.loads((tmp_path / "m" / "summary.json").read_text())["decks"] == ["arnunnian", "pirate", "undead"]
    code, out, err = _run(capsys, "matchup", "arnunnian", "pirate", "--games", "4", "--max-turns", "60",
                          "--workers", "1", "-o", str(tmp_path / "r"))
    assert code == 0 and err == "", err
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert summary["game"]["cards"] == "ruins"
    code, out, err = _run(capsys, "matchup", "arnunnian", "vanilla-a", "--games", "2", "--workers", "1",
                          "-o", str(tmp_path / "x"))  # two card sets: the error says so, and what to pick
    assert code == 2 and "the decks of one game draw on one card set" in err
    assert "'arnunnian' draws on the shipped set 'ruins' and 'vanilla-a' on the shipped set 'vanilla': pick decks of " \
           "one set" in err


@pytest.mark.parametrize("argv,message", [
    (["vanilla-a", "arnunnian"], "'vanilla-a' draws on the shipped set 'vanilla' and 'arnunnian' on the shipped set "
                                 "'ruins': pick decks of one set (quests: act1-quests; ruins: arnunnian, barbarian, "
                                 "pirate, undead; vanilla: vanilla-a,"),
    (["arnunnian", "vanilla-a", "--cards", "vanilla"], "arnunnian.txt: line 7: the list draws on the card set 'ruins', "
                                                       "but it is read with 'vanilla'"),
    (["act1-quests", "act1-quests"], "is not legal in existenz (it lists act1); a deck for existenz holds only cards "
                                     "that list existenz; the list is built for act1 (line 5): play it under act1 "
                                     "rules"),
    (["arnunnian", "undead", "--board", "act1"], "is not legal in act1 (it lists existenz); a deck for act1 holds only "
                                                 "cards that list act1; the list is built for existenz (line 8): play "
                                                 "it under existenz rules"),
])
def test_decks_of_another_set_or_edition_name_the_cause_and_the_fix(capsys, argv, message):
    code, out, err = _run(capsys, "matchup", *argv, "--games", "2", "--workers", "1")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert message in err, err


def test_a_bad_output_folder_is_refused_before_any_game(capsys, tmp_path, monkeypatch):
    afile = tmp_path / "afile"
    afile.write_text("not a folder")
    import tcbg.montecarlo.matchup as matchup_module

    def no_games(*args, **kwargs):
        raise AssertionError("games were played before the output folder was checked")

    monkeypatch.setattr(matchup_module, "matchup", no_games)
    code, out, err = _run(capsys, "matchup", "vanilla-a", "vanilla-b", "--games", "2000", "-o", str(afile / "out"))
    assert code == 2 and out == ""
    assert err == f"tcbg: error: {afile}: is a file, so it cannot hold the output folder\n"


def test_a_mirror_match_names_side_a_and_side_b(capsys, tmp_path):
    code, out, err = _run(capsys, "matchup", "act1-quests", "act1-quests", "--board", "act1", "--games", "8",
                          "--agent", "random", "--max-turns", "60", "--workers", "1", "--no-replays", "-o",
                          str(tmp_path / "m"))
    assert code == 0, err
    assert out.splitlines()[0].startswith("act1-quests (A) vs act1-quests (B): 8 games")
    assert "  act1-quests (A) wins " in out and ", act1-quests (B) wins " in out
    assert "-0" not in out.splitlines()[2] or "Elo" not in out.splitlines()[2]
    summary = json.loads((tmp_path / "m" / "summary.json").read_text())
    assert summary["labels"] == {"A": "act1-quests (A)", "B": "act1-quests (B)"}


@pytest.mark.parametrize("argv,message", [
    (["matchup", "vanilla-a", "no-such-deck", "--games", "2"], "no-such-deck: deck: no shipped deck"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "-4"], "argument --games: must be an even number from 2 to"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "3", "--agent", "random"], "an even number from 2"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--agent", "wizard"], "unknown agent 'wizard'"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--setup", "ffa4"], "a matchup needs a setup with two"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--seed", "-1"], "argument --seed"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--workers", "0"], "argument --workers"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--records", "xml"], "argument --records"),
    (["matchup", "vanilla-a", "vanilla-b", "--games", "2", "--scheduler", "tcp://127.0.0.1:1",
      "--connect-timeout", "0.5"], "cannot reach the Dask scheduler at tcp://127.0.0.1:1"),
    (["matrix", "vanilla-a", "--games", "2"], "at least two decks"),
    (["matchup", "vanilla-a", "--games", "2"], "the following arguments are required"),
])
def test_bad_arguments_one_line_and_status_2(capsys, argv, message):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("tcbg: error: ") and message in err


def test_unknown_deck_through_the_installed_command_has_no_traceback(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "tcbg", "matchup", "vanilla-a", "nope", "--games", "2"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and len(proc.stderr.splitlines()) == 1


def test_ctrl_c_keeps_the_games_so_far(capsys, tmp_path, monkeypatch):
    interrupt_after(monkeypatch, 6)  # three batches of pairs (two seatings each), then Ctrl-C
    folder = tmp_path / "cut"
    code, out, err = _run(capsys, "matchup", "vanilla-a", "vanilla-b", "--games", "400", "--agent", "random",
                          "--max-turns", "30", "--workers", "1", "--no-replays", "-o", str(folder))
    assert code == 130
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["interrupted"] is True and summary["games_requested"] == 400
    # the first batches are of 1, 2 and 4 pairs (simulate.batch_plan), both seatings each
    assert summary["pairs"] == 1 + 2 + 4 and summary["games"] == 14
    assert "interrupted: 14 of 400 games played" in out
    assert "Interrupted" in (folder / "report.html").read_text()


def test_ctrl_c_early_in_a_long_run_keeps_the_first_games(capsys, tmp_path, monkeypatch):
    """A 200,000-game faction matchup stopped after its first two batches keeps their games: the first batches are
    of one and two pairs, so a run stopped seconds in has finished games to report (one batch of 1,563 pairs
    before)."""
    played = interrupt_after(monkeypatch, 4)
    folder = tmp_path / "long"
    code, out, err = _run(capsys, "matchup", "arnunnian", "undead", "--games", "200000", "--workers", "1",
                          "--no-progress", "--no-replays", "-o", str(folder))
    assert code == 130, err
    assert played == [0, 0, 1, 1]  # (first pair of each batch) x two seatings
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["interrupted"] is True and summary["games"] == 6
    assert "interrupted: 6 of 200000 games played" in out


def test_ctrl_c_in_a_robust_stage_keeps_its_games_and_raises_no_flag(capsys, tmp_path, monkeypatch):
    """--robust, stopped in its heuristic stage (after the run's own random games, 4 pairs of 1-pair batches, and 2
    of the heuristic's pairs): the finished games of both are kept and shown, no conclusion is compared, exit 130."""
    interrupt_after(monkeypatch, 8 + 4)
    folder = tmp_path / "robust"
    code, out, err = _run(capsys, "matchup", "vanilla-a", "vanilla-b", "--games", "8", "--agent", "random",
                          "--max-turns", "30", "--workers", "1", "--robust", "--no-replays", "-o", str(folder))
    assert code == 130, err
    block = json.loads((folder / "summary.json").read_text())["robustness"]
    assert block["interrupted"] is True and block["flag"]["flagged"] is False
    assert [(r["agent"], r["games"]) for r in block["rows"]] == [("random", 8), ("heuristic", 4)]
    assert block["rows"][1]["conclusion"] == "interrupted (4 of 8 games)"
    assert "interrupted at heuristic (4 of 8 games): no conclusion is compared across the agents" in out
    assert "FLAG" not in out
