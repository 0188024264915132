"""Z/X decks in ``tcbg matchup`` / ``tcbg matrix`` and in ``tcbg.montecarlo.matchup`` / ``matrix``
(docs/simulation.md, "Z/X matchups"): the game inferred from the decks, Z/X's end reasons in the breakdowns, the
per-card statistics of Z/X decks, the records and the report, and one-line errors for what cannot be played."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pyarrow.csv as pcsv
import pyarrow.parquet as pq
import numpy as np
import pytest

from tcbg.cli import main
from tcbg.errors import SimulationError
from tcbg.montecarlo.matchup import matchup
from tcbg.montecarlo.matrix import matrix
from tcbg.x610z import simulation as x610z_simulation
from tcbg.zx import simulation as zx_simulation
from tcbg.zx.decks import Deck

REASONS = set(zx_simulation.REASONS)


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_line_error(capsys, *argv) -> str:
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and err.startswith("tcbg: error: "), err
    return err


def test_cli_matchup_of_zx_decks_by_their_names(capsys, tmp_path):
    folder = tmp_path / "out"
    code, out, err = _run(capsys, "matchup", "vanilla-red-blue", "vanilla-white-black", "--games", "12",
                          "--seed", "3", "--max-turns", "80", "--workers", "1", "--no-progress", "-o", str(folder))
    assert code == 0 and err == ""
    first = out.splitlines()[0]
    assert first.startswith("vanilla-red-blue (A) vs vanilla-white-black (B): 12 games (6 seat-swapped pairs), "
                            "heuristic agents, Z/X, turn limit 80, seed 3"), first
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["game"] == {"name": "zx", "max_turns": 80, "effects": True}
    assert summary["agents"] == {"A": {"kind": "heuristic"}, "B": {"kind": "heuristic"}}
    assert summary["games"] == 12 and summary["native"]
    met = {reason for side in summary["win_conditions"].values() for reason in side}
    assert met and met <= REASONS - {"none"}
    assert sum(n for side in ("A", "B") for n in summary["win_conditions"][side].values()) \
        == summary["results"]["A"]["count"] + summary["results"]["B"]["count"]
    # the per-card statistics: the deck list's cards, every copy counted, the Player card not among them
    deck = Deck.load("vanilla-red-blue")
    rows = summary["cards"]["A"]["cards"]
    assert sum(r["copies"] for r in rows) == deck.total() == 50
    assert deck.player.name_en not in {r["card"] for r in rows}
    table = pq.read_table(folder / "games.parquet")
    assert table.num_rows == 12 and set(table.column("reason").to_pylist()) <= REASONS
    assert table.column("card_flags").type.list_size == 2 * (50 + 1)  # each Player card is an instance too
    html = (folder / "report.html").read_text()
    assert "vanilla-red-blue" in html and "vanilla-white-black" in html and "Z/X, turn limit 80" in html


def test_starter_decks_are_played_with_their_abilities(capsys, tmp_path):
    """The starter decks' abilities are all written: a matchup plays them (the summary says effects), and
    --no-effects plays them as vanilla, which the output says (rules.md Z11.7)."""
    code, out, err = _run(capsys, "matchup", "c01-white-red", "c02-black-blue", "--game", "zx", "--games", "4",
                          "--max-turns", "60", "--workers", "1", "-o", str(tmp_path / "s"), "--records", "csv")
    assert code == 0 and err == ""
    assert "card abilities not played yet" not in out
    summary = json.loads((tmp_path / "s" / "summary.json").read_text())
    assert summary["game"]["effects"] is True
    assert pcsv.read_csv(tmp_path / "s" / "games.csv").num_rows == 4
    result = matchup("c01-white-red", "c02-black-blue", 2, workers=1, max_turns=40, effects=False)
    assert result.summary()["game"]["effects"] is False
    result = matchup("vanilla-red-blue", "vanilla-white-black", 2, workers=1, max_turns=40, effects=False)
    assert result.summary()["game"]["effects"] is False


def test_zx_deck_list_files_are_zx_decks(capsys, tmp_path):
    src = Path(zx_simulation.__file__).parent / "decklists" / "vanilla-white-black.txt"
    path = tmp_path / "mine.txt"
    shutil.copy(src, path)
    code, out, err = _run(capsys, "matchup", "vanilla-red-blue", str(path), "--games", "2", "--max-turns", "40",
                          "--workers", "1")
    assert code == 0 and err == "" and "heuristic agents, Z/X" in out


@pytest.mark.parametrize("decks", [("vanilla-red-blue", "vanilla-a"), ("vanilla-b", "c03-blue-white")])
def test_decks_of_two_games_are_refused_in_one_line(capsys, decks):
    err = _one_line_error(capsys, "matchup", *decks, "--games", "2", "--workers", "1")
    assert "decks of two games" in err and all(repr(d) in err for d in decks)
    with pytest.raises(SimulationError, match="decks of two games") as caught:
        matchup(*decks, 2, workers=1)
    assert caught.value.field == "decks"
    err = _one_line_error(capsys, "matrix", "vanilla-red-blue", "vanilla-white-black", "vanilla-a", "--games", "2")
    assert "decks of two games" in err and "'vanilla-a' of x610z" in err


def test_a_misspelt_zx_deck_is_named_by_the_zx_loader(capsys):
    err = _one_line_error(capsys, "matchup", "vanilla-red-blu", "vanilla-white-black", "--games", "2")
    assert "did you mean 'vanilla-red-blue'?" in err and "two games" not in err


@pytest.mark.parametrize("agent, agent_b", [("heuristic", "random"), ("search:2", "heuristic")])
def test_zx_matchups_play_every_agent(capsys, agent, agent_b):
    code, out, err = _run(capsys, "matchup", "vanilla-red-blue", "vanilla-white-black", "--games", "2",
                          "--agent", agent, "--agent-b", agent_b, "--max-turns", "60", "--workers", "1",
                          "--no-progress")
    assert code == 0 and err == "" and out.startswith("vanilla-red-blue (A) vs vanilla-white-black (B): 2 games")
    assert matchup("vanilla-red-blue", "vanilla-white-black", 2, agent=agent, agent_b=agent_b, workers=1,
                   max_turns=60).pairs == 1


def test_x610z_options_are_refused_for_zx(capsys):
    err = _one_line_error(capsys, "matchup", "vanilla-red-blue", "vanilla-white-black", "--games", "2",
                          "--board", "existenz")
    assert "board is not an option of zx (its options: max_turns, effects)" in err
    err = _one_line_error(capsys, "matchup", "vanilla-a", "vanilla-b", "--games", "2", "--no-effects")
    assert "effects is not an option of x610z" in err


def test_python_matrix_of_three_zx_decks_and_its_report(tmp_path):
    from tcbg.montecarlo.report import write_matrix_report

    result = matrix(["vanilla-red-blue", "vanilla-white-black", "c04-green-red"], 4, seed=1, workers=1,
                    max_turns=60)
    assert result.decks == ["vanilla-red-blue", "vanilla-white-black", "c04-green-red"]
    assert len(result.matchups) == 3
    # one effects setting for the whole matrix: every deck's abilities are written, so they are played in every cell
    assert {m.summary()["game"]["effects"] for m in result.matchups.values()} == {True}
    win = result.win_rates()
    for i in range(3):
        for j in range(i + 1, 3):
            assert win[i][j] + win[j][i] + result.draw_rate(i, j) == pytest.approx(1.0)
    files = write_matrix_report(result, tmp_path / "m", "csv")
    summary = json.loads(files["summary"].read_text())
    assert summary["game"]["name"] == "zx" and summary["decks"] == result.decks
    records = pcsv.read_csv(files["records"])
    assert records.num_rows == 12 and set(records.column("reason").to_pylist()) <= REASONS
    html = files["report"].read_text()
    assert all(deck in html for deck in result.decks) and "Z/X" in html


def test_cli_matrix_and_sequential_test_of_zx_decks(capsys, tmp_path):
    code, out, err = _run(capsys, "matrix", "vanilla-red-blue", "vanilla-white-black", "c01-white-red",
                          "--games", "2", "--max-turns", "40", "--workers", "1", "-o", str(tmp_path / "m"))
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "3 decks, 2 games per matchup of Z/X, turn limit 40, heuristic agents (row deck's " \
                                  "win rate against the column deck, 95% Wilson interval)"  # abilities played
    assert pq.read_table(tmp_path / "m" / "games.parquet").num_rows == 6
    code, out, err = _run(capsys, "matchup", "vanilla-red-blue", "vanilla-white-black", "--games", "8",
                          "--until-decided", "--max-turns", "40", "--workers", "1")
    assert code == 0 and "sequential test: undecided after 4 pairs" in out


def test_tcbg_list_shows_the_zx_decks_and_card_sets(capsys):
    code, out, err = _run(capsys, "list")
    assert code == 0
    zx = out[out.index("Z/X decks"):]
    for name in Deck.names():
        assert f"  {name} " in zx
    assert "abilities not written yet" not in zx  # every starter card has its definition (card-data.md ZC14)
    assert "Z/X card sets" in zx and "  starter-2012: " in zx and "  vanilla: " in zx
    assert out.index("vanilla-a") < out.index("Z/X decks")  # X610Z's list first, as before


# -- Z/X's own records in matchups and matrices (docs/simulation.md, "Z/X records") ---------------------------------

X610Z_ONLY_REASONS = tuple(sorted(set(x610z_simulation.REASONS) - REASONS))


@pytest.fixture(scope="module")
def starter_matchup(tmp_path_factory):
    """Two starter decks, played as vanilla (rules.md Z11.7: their abilities are not written yet), with the report."""
    from tcbg.cli.sim import matchup_text
    from tcbg.montecarlo.report import write_matchup_report

    result = matchup("c01-white-red", "c03-blue-white", 120, seed=7, workers=1)
    folder = tmp_path_factory.mktemp("starters")
    files = write_matchup_report(result, folder, "csv")
    return result, json.loads(files["summary"].read_text()), files, matchup_text(result.summary())


def test_a_starter_matchup_breaks_games_down_by_zx_reasons_only(starter_matchup):
    result, summary, files, text = starter_matchup
    met = {reason for side in summary["win_conditions"].values() for reason in side}
    assert met and met <= {"life", "concede", "turn limit"}
    html = files["report"].read_text()
    assert X610Z_ONLY_REASONS and "<th>by life</th>" in html
    assert not any(f"<th>by {reason}</th>" in html for reason in X610Z_ONLY_REASONS)
    assert not any(reason in text for reason in X610Z_ONLY_REASONS) and "wins by: life" in text


def test_the_matchup_summary_counts_reloads_per_side(starter_matchup):
    """CR 902.1: how often and when each side's deck reloaded, from the records' Reload columns."""
    result, summary, files, text = starter_matchup
    reloads = summary["reloads"]
    assert reloads["games"] == summary["games"] == 120
    records = pcsv.read_csv(files["records"])
    for side in "AB":
        count = records.column(f"reloads_{side.lower()}").to_pylist()
        first = records.column(f"first_reload_turn_{side.lower()}").to_pylist()
        r = reloads[side]
        assert r["games_with_reload"]["count"] == sum(c > 0 for c in count)
        assert r["per_game"]["histogram"] == [count.count(k) for k in range(max(count) + 1)]
        assert r["first_turn"]["games"] == r["games_with_reload"]["count"]
        assert r["first_turn"]["min"] == min(t for t in first if t > 0)
        assert sum(r["first_turn"]["histogram"]) == r["first_turn"]["games"]
        winners = records.column("winner").to_pylist()
        assert r["wins_with_reload"]["count"] == sum(w == side and c > 0 for w, c in zip(winners, count))
        assert r["wins_with_reload"]["games"] + r["wins_without_reload"]["games"] == 120
        assert f"{summary['labels'][side]} reloads in " in text
    # the seat columns of the records, moved to their sides: seating B-A puts deck A on seat 1
    assert np.array_equal(result.measure("reloads", "A"),
                          np.concatenate([result.records[0]["reloads_p0"], result.records[1]["reloads_p1"]]))


def test_the_report_shows_the_reloads_and_the_free_plays(starter_matchup):
    result, summary, files, text = starter_matchup
    html = files["report"].read_text()
    assert "<h2>Reloads</h2>" in html and 'id="plot-reloads"' in html
    assert "win rate when it reloaded" in html
    # Z/X's words: cards are played, not cast; the Ignition cards' free plays have their own table
    assert "played in (games)" in html and "cast in" not in html
    assert "played from Ignition in (games)" in html and "played from Life in (games)" in html
    ignition = [r for r in summary["cards"]["A"]["cards"] if r["from_ignition"]["games"]]
    assert ignition
    for row in summary["cards"]["A"]["cards"]:
        assert row["from_ignition"]["games"] <= row["cast"]["games"] and row["from_life"]["games"] <= \
            row["cast"]["games"]


def test_free_plays_are_counted_for_ignition_cards_only(starter_matchup):
    result, summary, files, text = starter_matchup
    deck = Deck.load("c01-white-red")
    # the Ignition icon printed, or by a continuous ability (C01-013 Snow White of Sleep, while your Life is 1)
    ignition = {card.name_en for card in deck.card_list() if card.ignition or card.number == "C01-013"}
    for row in summary["cards"]["A"]["cards"]:
        if row["card"] not in ignition:
            assert row["from_ignition"]["games"] == 0 and row["from_life"]["games"] == 0, row["card"]
    assert any(row["from_life"]["games"] for row in summary["cards"]["A"]["cards"])


def test_the_sequential_test_decides_a_starter_matchup(capsys, tmp_path):
    """--until-decided on Z/X decks: the test stops the run once it decides, and its decision is the one the
    pentanomial counts of the pairs played give (tcbg.montecarlo.stats.SequentialTest)."""
    from tcbg.montecarlo.stats import SequentialTest

    code, out, err = _run(capsys, "matchup", "c02-black-blue", "c04-green-red", "--games", "20000",
                          "--until-decided", "--margin", "100", "--workers", "1", "--no-progress",
                          "-o", str(tmp_path / "s"))
    assert code == 0 and err == ""
    summary = json.loads((tmp_path / "s" / "summary.json").read_text())
    sprt = summary["sprt"]
    assert sprt["decision"] in ("better", "worse", "equal") and summary["games"] < 20000
    assert summary["games"] == 2 * sprt["pairs"] and summary["games"] % 128 == 0  # whole batches of 64 pairs
    replay = SequentialTest(margin=100)
    assert replay.update(np.array(summary["pentanomial"])) == sprt["decision"]
    assert "sequential test: " in out and f"after {sprt['pairs']} pairs" in out
    assert 'id="plot-sprt"' in (tmp_path / "s" / "report.html").read_text()


def test_cli_matrix_of_the_four_starter_decks(capsys, tmp_path):
    """tcbg matrix of the four starter decks: every pair played (effects off for all, rules.md Z11.7), the records
    with their Reload columns, Reloads by deck in the summary, the text and the report."""
    decks = ["c01-white-red", "c02-black-blue", "c03-blue-white", "c04-green-red"]
    code, out, err = _run(capsys, "matrix", *decks, "--games", "10", "--seed", "4", "--workers", "1",
                          "--no-progress", "-o", str(tmp_path / "m"))
    assert code == 0 and err == ""
    first = out.splitlines()[0]
    assert first.startswith("4 decks, 10 games per matchup of Z/X, turn limit 200, heuristic agents")  # abilities on
    summary = json.loads((tmp_path / "m" / "summary.json").read_text())
    assert summary["game"]["effects"] is True and len(summary["matchups"]) == 6
    for cell in summary["matchups"]:
        assert {side: r["games"] for side, r in cell["reloads"].items()} == {"A": 10, "B": 10}
    records = pq.read_table(tmp_path / "m" / "games.parquet")
    assert records.num_rows == 60
    for deck in decks:
        mine = [(a == deck, b == deck) for a, b in zip(records.column("deck_a").to_pylist(),
                                                      records.column("deck_b").to_pylist())]
        count = [ca if is_a else cb for (is_a, is_b), ca, cb in zip(mine, records.column("reloads_a").to_pylist(),
                                                                    records.column("reloads_b").to_pylist())
                 if is_a or is_b]
        r = summary["reloads"][deck]
        assert r["games_with_reload"]["games"] == len(count) == 30
        assert r["games_with_reload"]["count"] == sum(c > 0 for c in count)
        assert re.search(rf"^  {deck} +in [0-9.]+% of games", out, re.MULTILINE), deck
    assert set(records.column("reason").to_pylist()) <= {"life", "turn limit"}
    html = (tmp_path / "m" / "report.html").read_text()
    assert "<h2>Reloads by deck</h2>" in html and all(deck in html for deck in decks)


def test_runs_with_no_games_write_their_reports_without_reloads(tmp_path):
    """A run stopped before its first batch (or asked for 0 games) has no Reloads to show: the text and the pages
    leave them out rather than dividing by zero."""
    from tcbg.cli.sim import matchup_text
    from tcbg.montecarlo.reloads import matrix_reload_lines
    from tcbg.montecarlo.report import write_matchup_report, write_matrix_report

    result = matchup("c01-white-red", "c02-black-blue", 0, workers=1)
    files = write_matchup_report(result, tmp_path / "s")
    assert "reloads in" not in matchup_text(result.summary())
    assert "<h2>Reloads</h2>" not in files["report"].read_text()
    grid = matrix(["c01-white-red", "c02-black-blue"], 0, workers=1)
    files = write_matrix_report(grid, tmp_path / "m")
    assert matrix_reload_lines(grid.summary()) == []
    assert json.loads(files["summary"].read_text())["reloads"]["c01-white-red"]["reloads_per_game"] is None


def test_the_readme_main_job_is_a_starter_matchup_with_abilities(capsys, tmp_path):
    """README.md "Set up": the main job plays two Z/X starter decks with every card's ability (issue: a real
    starter-deck matchup, not vanilla decks). Its command, run with fewer games, writes the report it promises."""
    import shlex

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    setup = readme[readme.index("## Set up"):readme.index("## Matchups")]
    command = re.search(r"```sh\npip install \. && (tcbg matchup [^\n]+)\n```", setup).group(1)
    argv = shlex.split(command)[1:]
    assert argv[:3] == ["matchup", "c01-white-red", "c02-black-blue"]
    argv[argv.index("--games") + 1] = "40"
    argv[argv.index("-o") + 1] = str(tmp_path / "report")
    code, out, err = _run(capsys, *argv, "--workers", "1")
    assert code == 0 and err == ""
    first = out.splitlines()[0]
    assert "heuristic agents, Z/X" in first and "not played" not in out
    assert (tmp_path / "report" / "report.html").is_file()
