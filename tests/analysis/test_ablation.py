"""Deck variants and card ablation (src/tcbg/analysis/variants.py, ablation.py, the tcbg ablate command;
docs/balance.md "Card ablation"; rules.md 7.1-7.3, docs/zx/rules.md Z14.1)."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from tcbg.analysis.ablation import FORMAT, ablate
from tcbg.analysis.variants import VANILLA_SUFFIX, default_baseline, load_decks, replace_card
from tcbg.cli import main
from tcbg.errors import CardError, DeckError, ZXDeckError


# the Arnunnian list with Divine Intervention, Library of Muljanii and Starlit Prism (tests/decks/arnunnian-placing.txt)
PLACING = str(Path(__file__).resolve().parents[1] / "decks" / "arnunnian-placing.txt")


@pytest.fixture(scope="module")
def arnunnian():
    return load_decks(PLACING, ["pirate"], cards="ruins")


@pytest.fixture(scope="module")
def starter():
    return load_decks("c01-white-red", ["c02-black-blue"])


def test_every_copy_is_replaced_and_the_deck_keeps_its_size(arnunnian):
    variant = replace_card(arnunnian, "Tailwind", "Healing Elixir")
    counts = variant.counts()
    assert "Tailwind" not in counts and counts["Healing Elixir"] == 3 and variant.total() == 50
    assert variant.life_base == arnunnian.deck.life_base and "Tailwind" in arnunnian.deck.counts()  # in memory


def test_x610z_deck_rules_are_kept_by_a_variant(arnunnian):
    with pytest.raises(DeckError, match=r"5 copies of 'Arcane Rebuke'.*limit is 2") as caught:
        replace_card(arnunnian, "Tailwind", "Arcane Rebuke")
    assert caught.value.rule == "D5" and "arnunnian-placing with Arcane Rebuke for Tailwind" in str(caught.value)
    with pytest.raises(DeckError, match="life base") as caught:
        replace_card(arnunnian, "Tailwind", "Ossuary Throne")
    assert caught.value.rule == "D7"
    with pytest.raises(DeckError, match="life base, not one of its cards"):
        replace_card(arnunnian, "Skyspire Citadel", "Entrancing Pearl")
    with pytest.raises(DeckError, match="no card 'Tailwnd' in the deck") as caught:
        replace_card(arnunnian, "Tailwnd", "Entrancing Pearl")
    assert caught.value.file == "arnunnian-placing"
    with pytest.raises(CardError, match="did you mean"):
        replace_card(arnunnian, "Tailwind", "Healing Elixr")


def test_an_act1_deck_cannot_take_a_card_of_the_other_edition():
    loaded = load_decks("vanilla-act1-a", ["vanilla-act1-b"], board="act1")
    with pytest.raises(DeckError, match="not legal in act1") as caught:
        replace_card(loaded, "Plain Geode", "Robiumm Lode")
    assert caught.value.rule == "D9"


def test_x610z_default_baselines_rules_7_1_to_7_3(arnunnian):
    # 7.1: a vanilla crystal producing the same energy; 7.2: a summon with no vanilla card of its cost and class
    # gets its vanilla twin; 7.3: a flux has neither
    assert default_baseline(arnunnian, "Starlit Prism").name == "Entrancing Pearl"
    twin = default_baseline(arnunnian, "Arcane Warden")
    original = arnunnian.deck.counts()
    warden = next(card for card, _ in arnunnian.deck.cards if card.name == "Arcane Warden")
    assert twin.name == "Arcane Warden" + VANILLA_SUFFIX and twin.cost == warden.cost
    assert (twin.attack, twin.defense, twin.speed, twin.range) == (warden.attack, warden.defense, warden.speed,
                                                                   warden.range)
    assert arnunnian.card_set().definition(twin.name) is None and original["Arcane Warden"] == 3
    with pytest.raises(DeckError, match="pass|--baseline") as caught:
        default_baseline(arnunnian, "Tailwind")
    assert caught.value.rule == "rules.md 7.3"


def test_zx_variants_keep_deck_construction_and_name_the_rule(starter):
    # Z14.1: a vanilla Z/X of the same cost and colours, one the deck does not hold first
    base = default_baseline(starter, "Snow White of Sleep")
    assert base.cost == 4 and base.colours == ("white",) and not base.text and not base.keywords
    assert base.number not in starter.deck.counts()
    assert default_baseline(starter, "Graceful Crystal, Crystal Swan").number == "C01-006"  # vanilla: itself
    with pytest.raises(ZXDeckError, match="--baseline") as caught:
        default_baseline(starter, "Crimson Fang, Ruby Howl")
    assert caught.value.rule == "Z14.1"
    with pytest.raises(ZXDeckError, match="401.5") as caught:  # an Ignition card replaced by one without the icon
        replace_card(starter, "C01-003", "C01-006")
    assert "c01-white-red with Graceful Crystal, Crystal Swan [C01-006] for Crimson Fang, Ruby Howl [C01-003]" \
        in str(caught.value)
    with pytest.raises(ZXDeckError, match="401.2"):  # 3 + 3 copies of one name
        replace_card(starter, "C01-013", "C01-006")
    with pytest.raises(ZXDeckError, match="no card"):
        replace_card(starter, "C01-013", "Crystal Swn")


def test_ablation_ranks_cards_lists_the_skipped_ones_and_replays_the_same_reference(arnunnian):
    result = ablate(PLACING, ["pirate", "undead"], games=40, seed=4, workers=1, card_set="ruins")
    assert [r["card"] for r in result.rows] and all(r["pairs"] == 20 for r in result.rows)
    changes = [r["change"] for r in result.rows]
    assert changes == sorted(changes, reverse=True)
    skipped = {s["card"]: s["reason"] for s in result.skipped}
    assert "own baseline" in skipped["Hunter Dragon"] and "7.3" in skipped["Tailwind"]
    assert {r["card"] for r in result.rows} >= {"Arcane Warden", "Starlit Prism"}
    summary = result.summary()
    assert summary["format"] == FORMAT and summary["observational"]["cards"] and "association" in summary["caveat"]
    assert json.loads(json.dumps(summary, allow_nan=False)) == summary
    with pytest.raises(DeckError):  # a card named outright that cannot be ablated is an error, not a skip
        ablate("arnunnian", ["pirate"], games=2, cards=["Tailwind"], workers=1)


def test_until_precise_plays_more_pairs_for_the_wide_intervals():
    result = ablate("vanilla-a", ["vanilla-b"], games=20, cards=["Plain Geode", "Ashwing Drake"],
                    baseline="Quickfire Shard", agent="random", max_turns=60, seed=2, workers=1, until_precise=5,
                    max_games=400)
    assert result.rounds >= 2 and max(r["pairs"] for r in result.rows) > 10
    assert all(r["pairs"] == 200 or (r["ci95"][1] - r["ci95"][0]) / 2 <= 0.05 for r in result.rows)


def test_the_command_end_to_end_on_x610z(tmp_path, capsys):
    out = tmp_path / "x"
    assert main(["ablate", "arnunnian", "--against", "pirate", "undead", "--games", "20", "--card",
                 "Arcane Warden", "--card", "Tailwind", "--baseline", "Entrancing Pearl", "--workers", "1", "--seed",
                 "3", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "ablation of arnunnian against pirate, undead" in text and "Tailwind" in text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["format"] == "tcbg-ablation/1" and {r["card"] for r in summary["cards"]} == {"Arcane Warden",
                                                                                                "Tailwind"}
    assert (out / "report.html").read_text().count("<tr>") == 3
    given = summary["provenance"]  # docs/simulation.md "Provenance and reruns": the decks, seed and run asked
    assert given["seed"] == 3 and given["decks"]["deck"]["name"] == "arnunnian"
    assert given["decks"]["against undead"]["source"] == {"shipped": "undead"} and given["run"]["games"] == 20


def test_the_command_end_to_end_on_zx(tmp_path, capsys):
    out = tmp_path / "z"
    assert main(["ablate", "c01-white-red", "--against", "c02-black-blue", "--games", "10", "--each-card",
                 "--workers", "1", "-o", str(out)]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["game"]["name"] == "zx" and summary["cards"] and summary["skipped"]
    assert any("Z14.1" in s["reason"] for s in summary["skipped"])
    assert any("own baseline" in s["reason"] for s in summary["skipped"])  # Crystal Swan, a vanilla Z/X


def test_the_command_refuses_bad_arguments_in_one_line(capsys):
    assert main(["ablate", "arnunnian", "--against", "pirate", "--games", "3"]) == 2
    assert "even number" in capsys.readouterr().err
    assert main(["ablate", "arnunnian", "--against", "pirate", "--games", "2", "--card", "Tailwnd"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tcbg: error:") and "Tailwnd" in err and err.count("\n") == 1


def test_the_replacing_copies_take_the_replaced_cards_place_so_the_shuffle_is_common(arnunnian):
    # a baseline the deck already holds (Entrancing Pearl, 12 copies) goes on Hunter Dragon's line: every instance
    # keeps its place in the list, so the same seed deals every other card exactly where it was
    import tcbg

    variant = replace_card(arnunnian, "Hunter Dragon", "Entrancing Pearl")
    assert variant.counts()["Entrancing Pearl"] == 15 and "Hunter Dragon" not in variant.counts()
    assert "\n15 Entrancing Pearl\n" in variant.to_text() and "\n12 Entrancing Pearl" not in variant.to_text()
    before = [card.name for card in arnunnian.deck.card_list()]
    after = [card.name for card in variant.card_list()]
    assert [b if b != "Hunter Dragon" else "Entrancing Pearl" for b in before] == after
    games = [tcbg.load_game("x610z", decks=[deck, arnunnian.opponents[0]], cards=arnunnian.card_set())
             for deck in (arnunnian.deck, variant)]
    states = [g.new_initial_state(seed=77) for g in games]
    hands = [[s.hand(p) for p in (0, 1)] for s in states]
    assert [["Entrancing Pearl" if n == "Hunter Dragon" else n for n in hand] for hand in hands[0]] == hands[1]
    assert [s.hand_instances(0) for s in states][0] == states[1].hand_instances(0)
    assert states[0].first_player == states[1].first_player


def test_the_readme_command_runs(tmp_path, capsys):
    # README.md "Balance analysis", with fewer games and no --until-precise (the only changes)
    import pathlib
    import re
    import shlex

    readme = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    part = readme.split("## Balance analysis", 1)[1]
    line = re.search(r"^(tcbg ablate [^\n#]+?)\s*(?:#.*)?$", part, re.M).group(1)
    argv = shlex.split(line)[1:]
    argv[argv.index("--games") + 1] = "10"
    del argv[argv.index("--until-precise"):argv.index("--until-precise") + 2]
    argv[argv.index("-o") + 1] = str(tmp_path / "ablation")
    assert main(argv + ["--workers", "1"]) == 0
    assert (tmp_path / "ablation" / "report.html").exists() and "Nullifying Word" in capsys.readouterr().out


def test_a_zx_variant_losing_its_start_card_is_said_not_to_be_common(starter):
    # the Start Card begins on the Player Square: without it the deck is shuffled at 50 cards, not 49
    result = ablate("c01-white-red", ["c02-black-blue"], games=4, cards=["C01-004"], baseline="C03-015", workers=1)
    assert "Start Card" in result.rows[0]["note"] and "not in common" in result.text()


@pytest.mark.parametrize("argv", [
    ["arnunnian", "--against", "pirate", "--games", "8", "--card", "Tailwind", "--baseline", "Entrancing Pearl",
     "--until-precise", "40", "--seed", "4"],
    ["c01-white-red", "--against", "c02-black-blue", "c03-blue-white", "--games", "6", "--card",
     "Snow White of Sleep", "--seed", "2"],
], ids=["x610z", "zx"])
def test_an_ablation_is_re_run_from_its_provenance_to_the_same_pairs(tmp_path, capsys, argv):
    """An ablation's folder holds its per-pair records (pairs.parquet: card, pair, change), and ``tcbg rerun
    --check`` plays the same variants on the same pairs, rounds included, to the same records and figures
    (docs/simulation.md "Provenance and reruns")."""
    first, again = tmp_path / "first", tmp_path / "again"
    assert main(["ablate", *argv, "--workers", "1", "-o", str(first)]) == 0
    summary = json.loads((first / "summary.json").read_text())
    records = pq.read_table(first / summary["files"]["records"])
    assert records.column_names == ["card", "pair", "change"]
    row = summary["cards"][0]
    changes = records.filter(pc.equal(records["card"], row["card"]))["change"].to_numpy()
    assert len(changes) == row["pairs"] and changes.mean() == pytest.approx(row["change"])
    capsys.readouterr()
    assert main(["rerun", str(first / "summary.json"), "--check", "--workers", "1", "-o", str(again)]) == 0
    assert "check: the records are identical to those beside the summary" in capsys.readouterr().out
    assert json.loads((again / "summary.json").read_text())["cards"] == summary["cards"]
