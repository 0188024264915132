"""Conclusions across agents (src/tcbg/montecarlo/robust.py; docs/simulation.md, "Robustness across agents"): the
conclusion rule, the flag, a real matchup whose conclusion flips between the random agent and the heuristic, the
CLI's --robust for matchups and matrices, and the report's section as Chromium renders it."""

from __future__ import annotations

import json

from tcbg.cli import main
from tcbg.montecarlo.matchup import matchup
from tcbg.montecarlo.report import write_matchup_report
from tcbg.montecarlo.robust import (ROBUST_AGENTS, conclusion, flag, games_for, robust_matchup, robust_matrix,
                                    row)

from browser import assert_loads_cleanly, screenshot, share_of

TWO = (("random", 1), ("heuristic", 1))


def test_the_conclusion_is_read_from_the_wilson_interval_of_the_decisive_games():
    assert conclusion(70, 30) == "A better" and conclusion(30, 70) == "B better"
    # 60 of 100: [50.2, 69.1], just above one half; 59 of 100: [49.2, 68.1], not
    assert conclusion(60, 40) == "A better" and conclusion(59, 41) == "undecided"
    assert conclusion(40, 60) == "B better" and conclusion(41, 59) == "undecided"
    assert conclusion(0, 0) == "undecided"
    # 4 of 4 decisive games: [51.0, 100]; 3 of 3: [43.9, 100]
    assert conclusion(4, 0) == "A better" and conclusion(3, 0) == "undecided"
    # draws are left out: the share is of the decisive games
    r = row("random", 110, 70, 30, 10)
    assert r["a_share_of_decisive"]["games"] == 100 and r["conclusion"] == "A better"
    assert r["A"]["games"] == 110 and r["draws"]["count"] == 10


def test_the_flag_marks_opposite_and_partial_conclusions_and_passes_consistent_ones():
    a, b, u = row("x", 100, 70, 30, 0), row("x", 100, 30, 70, 0), row("x", 100, 50, 50, 0)

    def named(r, agent):
        return {**r, "agent": agent}

    consistent = flag([named(a, "random"), named(a, "heuristic"), named(a, "search:16")])
    assert consistent == {"kind": "consistent", "flagged": False,
                          "text": "A better under every agent: it holds across the bots"}
    assert flag([named(u, "random"), named(u, "heuristic")])["text"] == "undecided under every agent"
    partial = flag([named(u, "random"), named(a, "heuristic"), named(u, "search:16"), named(u, "search:64")])
    assert partial["kind"] == "partial" and partial["flagged"]
    assert partial["text"] == ("A better holds only for heuristic (undecided under random, search:16, search:64): "
                               "it describes the bot, not the cards")
    two = flag([named(b, "random"), named(b, "heuristic"), named(row("x", 6, 3, 3, 0), "search:64")])
    assert two["text"] == ("B better holds only for random, heuristic (undecided under search:64 on 6 games): it "
                           "describes the bots, not the cards")
    opposite = flag([named(b, "random"), named(a, "heuristic"), named(u, "search:16")])
    assert opposite["kind"] == "opposite" and opposite["flagged"]
    assert opposite["text"] == ("flips with the agent: B better under random, A better under heuristic: it "
                                "describes the bots, not the cards")


def test_search_agents_play_a_share_of_the_games_in_whole_pairs():
    assert [games_for(400, d) for _, d in ROBUST_AGENTS] == [400, 400, 100, 24]
    assert [games_for(6, d) for _, d in ROBUST_AGENTS] == [6, 6, 2, 2]
    assert [a for a, _ in ROBUST_AGENTS] == ["random", "heuristic", "search:16", "search:64"]


def test_a_real_matchup_flips_between_the_random_agent_and_the_heuristic():
    # found by playing the faction starter decks under both agents (docs/balance.md "Balancing tcbg's own decks";
    # since "The Pirates at search:8" Arnunnian against Pirate, Barbarian-Pirate no longer flips): the heuristic wins
    # 52.9% of these 1,600 games with Arnunnian against Pirate (95% interval 50.4-55.3%), random play 45.9%
    block = robust_matchup("arnunnian", "pirate", 1600, agents=TWO, seed=1, workers=1)
    by_agent = {r["agent"]: r for r in block["rows"]}
    assert by_agent["random"]["conclusion"] == "B better" and by_agent["heuristic"]["conclusion"] == "A better"
    assert block["flag"]["kind"] == "opposite" and block["flag"]["flagged"]
    # the rows are those of plain matchups with the same seed
    plain = matchup("arnunnian", "pirate", 1600, agent="heuristic", seed=1, workers=1).summary_results()
    assert by_agent["heuristic"]["A"] == plain["A"]


def test_the_primary_run_is_reused_for_its_own_agent(monkeypatch):
    primary = matchup("vanilla-red-blue", "vanilla-white-black", 4, agent="random", seed=2, workers=1)
    calls = []
    import tcbg.montecarlo.matchup as module

    real = module.matchup

    def counting(*args, **kwargs):
        calls.append(kwargs.get("agent"))
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "matchup", counting)
    block = robust_matchup("vanilla-red-blue", "vanilla-white-black", 4, agents=TWO, primary=primary, seed=2,
                           workers=1)
    assert calls == [{"kind": "heuristic"}]
    assert block["rows"][0]["A"] == primary.summary_results()["A"]


def test_matchup_robust_on_the_command_line_prints_and_writes_every_agent(tmp_path, capsys):
    folder = tmp_path / "r"
    code = main(["matchup", "vanilla-red-blue", "vanilla-white-black", "--games", "8", "--max-turns", "40",
                 "--robust", "--workers", "1", "-o", str(folder)])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    summary = json.loads((folder / "summary.json").read_text())
    rows = summary["robustness"]["rows"]
    assert [(r["agent"], r["games"]) for r in rows] == [("random", 8), ("heuristic", 8), ("search:16", 2),
                                                         ("search:64", 2)]
    assert rows[1]["A"] == summary["results"]["A"]  # the heuristic's row is the matchup itself
    assert "robustness across agents (A's share of the decisive games, 95% Wilson interval):" in out
    for r in rows:
        assert f"    {r['agent']:<12} {r['games']:>6} games" in out
    assert summary["robustness"]["flag"]["text"] in out
    html = (folder / "report.html").read_text()
    assert "Robustness across agents" in html and "search:64" in html


def test_matrix_robust_gives_each_matchup_its_rows_and_flag(tmp_path, capsys):
    folder = tmp_path / "m"
    code = main(["matrix", "vanilla-red-blue", "vanilla-white-black", "c01-white-red", "--games", "4",
                 "--max-turns", "30", "--effects", "--robust", "--workers", "1", "-o", str(folder)])
    out, _ = capsys.readouterr()
    assert code == 0
    block = json.loads((folder / "summary.json").read_text())["robustness"]
    assert [(c["A"], c["B"]) for c in block["matchups"]] == [
        ("vanilla-red-blue", "vanilla-white-black"), ("vanilla-red-blue", "c01-white-red"),
        ("vanilla-white-black", "c01-white-red")]
    for cell in block["matchups"]:
        assert [r["agent"] for r in cell["rows"]] == ["random", "heuristic", "search:16", "search:64"]
        assert cell["flag"]["kind"] in ("consistent", "partial", "opposite")
        assert f"  {cell['A']} vs {cell['B']}:" in out
    direct = robust_matrix(["vanilla-red-blue", "vanilla-white-black", "c01-white-red"], 4, agents=TWO,
                           max_turns=30, effects=True, workers=1)
    assert [c["rows"] for c in direct["matchups"]] == [c["rows"][:2] for c in block["matchups"]]


def test_the_report_shows_a_flipped_conclusion_in_a_red_box(tmp_path):
    result = matchup("arnunnian", "pirate", 1600, agent="heuristic", seed=1, workers=1)
    block = robust_matchup("arnunnian", "pirate", 1600, agents=TWO, primary=result, seed=1, workers=1)
    files = write_matchup_report(result, tmp_path / "flip", robustness=block, replays=False)
    html = files["report"].read_text()
    assert '<p class="flag"' in html and "flips with the agent: B better under random, A better under heuristic" in html
    assert json.loads(files["summary"].read_text())["robustness"] == block
    assert_loads_cleanly(files["report"], tmp_path)  # every image drawn, no console message
    shot = screenshot(files["report"], tmp_path / "flip.png", height=1600)
    assert share_of(shot, (248, 215, 211)) > 0.002  # the flag's box, drawn
    steady = robust_matchup("arnunnian", "pirate", 1600, agents=(("heuristic", 1),), primary=result, seed=1,
                            workers=1)
    plain = write_matchup_report(result, tmp_path / "steady", robustness=steady, replays=False)
    assert "Robustness across agents" in plain["report"].read_text()
    assert share_of(screenshot(plain["report"], tmp_path / "steady.png", height=1600), (248, 215, 211)) == 0
