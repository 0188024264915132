"""Deck tuning (src/tcbg/analysis/tune.py, tune_report.py, the tcbg tune command; docs/balance.md "Deck tuning"):
candidates within deck construction, successive halving on common random numbers, the finalists re-measured on
fresh pairs and the winner's curse reported."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from tcbg.analysis.tune import FORMAT, candidates_of, tune
from tcbg.analysis.variants import load_decks
from tcbg.cli import main
from tcbg.errors import CardError, SimulationError, ZXDeckError

VANILLA_A = Path(__file__).resolve().parents[2] / "src" / "tcbg" / "x610z" / "decklists" / "vanilla-a.txt"
QUICK = dict(workers=1, max_turns=80)


@pytest.fixture(scope="module")
def weak_deck(tmp_path_factory) -> Path:
    """vanilla-a with its energy broken: 20 Plain Geodes (colourless) and 6 Halos Bloom, which none of its summons
    can use, instead of its boost, mystic and robiumm crystals. Plain Geode -> Moonwell Shard clearly helps it."""
    text = VANILLA_A.read_text(encoding="utf-8").replace(
        "9 Quickfire Shard\n7 Moonwell Shard\n7 Robiumm Lode\n3 Plain Geode", "20 Plain Geode\n6 Halos Bloom")
    assert "20 Plain Geode" in text
    path = tmp_path_factory.mktemp("decks") / "weak.txt"
    path.write_text(text.replace("# vanilla-a:", "# weak:"), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def weak_run(weak_deck):
    return tune(str(weak_deck), ["vanilla-b"], ["Moonwell Shard"], budget=400, fresh_games=40, two_cards=False,
                seed=2, **QUICK)


def test_x610z_candidates_keep_the_deck_limit_and_skip_the_rest_with_the_rule():
    loaded = load_decks("vanilla-a", ["vanilla-b"])
    legal, illegal = candidates_of(loaded, ["Ashwing Drake", "Plain Geode"])
    # Ashwing Drake (limit 3) is in the deck 3 times already: every change bringing in more is refused by D5
    assert illegal and all(i["rule"] == "D5" and "Ashwing Drake" in i["change"] for i in illegal)
    for label, variant in legal:
        for card, count in variant.counts().items():
            assert count <= loaded.card_set()[card].deck_limit, label
        assert variant.total() == 50
    singles = [label for label, _ in legal if ";" not in label]
    doubles = [label for label, _ in legal if ";" in label]
    assert "Quickfire Shard -> Plain Geode" in singles and doubles  # two-card changes: two swaps
    assert all(not label.startswith("Plain Geode -> Plain Geode") for label in singles)  # no change is no candidate


def test_x610z_edition_rule_refuses_every_candidate_with_a_typed_error():
    loaded = load_decks("vanilla-act1-a", ["vanilla-act1-b"], board="act1")
    legal, illegal = candidates_of(loaded, ["Robiumm Lode"], two_cards=False)
    assert not legal and illegal and {i["rule"] for i in illegal} == {"D9"}
    with pytest.raises(SimulationError, match="no legal change") as caught:
        tune("vanilla-act1-a", ["vanilla-act1-b"], ["Robiumm Lode"], budget=20, board="act1", workers=1)
    assert caught.value.field == "pool"
    with pytest.raises(CardError, match="did you mean"):  # a pool card the set does not know is an error
        candidates_of(loaded, ["Plain Geod"])


def test_zx_candidates_keep_deck_construction_401():
    from tcbg.zx.decks import check_deck

    loaded = load_decks("c01-white-red", ["c02-black-blue"])
    legal, illegal = candidates_of(loaded, ["C03-015", "C01-006"], two_cards=False)
    rules = {i["rule"] for i in illegal}
    assert "401.2" in rules and "401.5" in rules  # over four of one name; an Ignition card taken out
    assert legal and all(check_deck(variant) == [] for _, variant in legal)
    # a Player card is no card of a deck (401.6); Z/X has no colour limit (docs/zx/rules.md section 4)
    legal, illegal = candidates_of(loaded, ["C02-001"], two_cards=False)
    assert not legal and "401.6" in {i["rule"] for i in illegal}
    with pytest.raises(ZXDeckError):
        candidates_of(loaded, ["Crystal Swn"])


def test_halving_keeps_the_better_half_and_finds_the_clearly_better_change(weak_run):
    rounds = weak_run.rounds
    assert len(rounds) >= 2 and rounds[1]["pairs"] == 2 * rounds[0]["pairs"]  # the survivors play twice the pairs
    for row, following in zip(rounds, rounds[1:]):
        scores = [c["score"] for c in row["candidates"]]
        assert scores == sorted(scores, reverse=True)
        kept = [c["change"] for c in row["candidates"] if c["kept"]]
        assert kept == [c["change"] for c in row["candidates"][:len(kept)]]  # the better ones, in order
        assert len(kept) == -(-len(row["candidates"]) // 2)
        assert [c["change"] for c in following["candidates"]] and {c["change"] for c in following["candidates"]} \
            == set(kept)
    best = weak_run.finalists[0]
    assert best["change"] == "Plain Geode -> Moonwell Shard" and best["vs_original_ci95"][0] > 0


def test_the_fresh_pairs_are_disjoint_from_the_selection_pairs_and_the_gap_is_reported(weak_run):
    records = weak_run.records().to_pylist()
    selection = {r["pair"] for r in records if r["phase"] == "selection"}
    fresh = {r["pair"] for r in records if r["phase"] == "fresh"}
    start, end = weak_run.selection_pairs
    assert selection == set(range(start, end)) and fresh == set(range(*weak_run.fresh_pairs))
    assert not selection & fresh and len(fresh) == 20
    assert {r["candidate"] for r in records if r["phase"] == "fresh"} == \
        {f["change"] for f in weak_run.finalists} | {weak_run.deck}  # the original deck re-measured too
    for f in weak_run.finalists:
        assert f["gap"] == pytest.approx(f["selected_score"] - f["fresh_score"])
        assert f["fresh_ci95"][0] <= f["fresh_score"] <= f["fresh_ci95"][1] and f["fresh_pairs"] == 20
        mine = [r["score"] for r in records if r["phase"] == "selection" and r["candidate"] == f["change"]]
        assert f["selected_score"] == pytest.approx(sum(mine) / len(mine))
    summary = weak_run.summary()
    assert summary["format"] == FORMAT and "winner's curse" in summary["caveat"]
    assert json.loads(json.dumps(summary, allow_nan=False)) == summary
    assert "gap" in weak_run.text() and "winner's curse" in weak_run.text()


def test_a_small_budget_tries_the_one_card_changes_and_a_sample_of_the_rest():
    result = tune("vanilla-a", ["vanilla-b"], ["Plain Geode"], budget=60, fresh_games=2, agent="random", seed=1,
                  **QUICK)
    counts = result.summary()["counts"]
    # every candidate tried plays one pair (two games) a round at least: 60 games cannot try them all
    assert counts["not_tried"] > 0 and result.rounds[0]["pairs"] >= 1
    assert sum(r["pairs"] * len(r["candidates"]) * 2 for r in result.rounds) <= 60
    tried = {c["change"] for c in result.candidates}
    loaded = load_decks("vanilla-a", ["vanilla-b"])
    singles = {label for label, _ in candidates_of(loaded, ["Plain Geode"], two_cards=False)[0]}
    assert (tried <= singles) if len(tried) <= len(singles) else (singles <= tried)  # one-card changes first


@pytest.mark.parametrize("argv", [
    ["vanilla-a", "--against", "vanilla-b", "--pool", "Plain Geode", "Ashwing Drake", "--budget", "200",
     "--fresh-games", "10", "--agent", "random", "--max-turns", "60", "--seed", "4", "--card", "Quickfire Shard",
     "--card", "Robiumm Lode", "--card", "Tusked Hauler"],
    ["c01-white-red", "--against", "c02-black-blue", "--pool", "C03-015", "C01-006", "--budget", "60",
     "--fresh-games", "4", "--finalists", "2", "--one-card", "--seed", "1"],
], ids=["x610z", "zx"])
def test_the_command_end_to_end_and_rerun_check(tmp_path, capsys, argv):
    first, again = tmp_path / "first", tmp_path / "again"
    assert main(["tune", *argv, "--workers", "1", "--no-progress", "-o", str(first)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"tuning of {argv[0]} against") and "re-measured on fresh pairs" in text
    summary = json.loads((first / "summary.json").read_text())
    assert summary["format"] == "tcbg-tune/1" and summary["finalists"] and summary["counts"]["illegal"] > 0
    assert summary["provenance"]["run"]["pool"] == argv[argv.index("--pool") + 1:argv.index("--pool") + 3]
    records = pq.read_table(first / "pairs.parquet")
    assert records.column_names == ["phase", "candidate", "pair", "score"]
    assert "Changes breaking deck construction" in (first / "report.html").read_text()
    assert main(["rerun", str(first / "summary.json"), "--check", "--workers", "1", "-o", str(again)]) == 0
    assert "check: the records are identical to those beside the summary" in capsys.readouterr().out
    assert json.loads((again / "summary.json").read_text())["finalists"] == summary["finalists"]


def test_the_command_refuses_bad_arguments_in_one_line(capsys):
    assert main(["tune", "vanilla-a", "--against", "vanilla-b", "--pool", "Plain Geode", "--fresh-games", "3"]) == 2
    assert "even number" in capsys.readouterr().err
    assert main(["tune", "vanilla-a", "--against", "vanilla-b", "--pool", "Plain Geod", "--budget", "10"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tcbg: error:") and "Plain Geod" in err and err.count("\n") == 1
    assert main(["tune", "vanilla-a", "--against", "vanilla-b", "--pool", "Plain Geode", "--card", "Tailwind"]) == 2
    assert "no card 'Tailwind'" in capsys.readouterr().err


def test_the_readme_command_runs(tmp_path, capsys):
    # README.md "Balance analysis", with a small budget and few fresh games (the only changes)
    import re
    import shlex

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    part = readme.split("## Balance analysis", 1)[1]
    line = re.search(r"^(tcbg tune [^\n#]+?)\s*(?:#.*)?$", part, re.M).group(1)
    argv = shlex.split(line)[1:]
    argv[argv.index("--budget") + 1] = "60"
    argv[argv.index("-o") + 1] = str(tmp_path / "tune")
    assert main(argv + ["--fresh-games", "4", "--one-card", "--workers", "1", "--no-progress"]) == 0
    assert (tmp_path / "tune" / "report.html").exists() and "winner's curse" in capsys.readouterr().out
