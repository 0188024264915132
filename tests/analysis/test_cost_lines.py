"""``tcbg ablate`` and ``tcbg tune`` say what they will play before the first game (docs/simulation.md, "Long
runs"): the line's game count is every game the run then plays (the first round's, with ``--until-precise``)."""

from __future__ import annotations

import json
import re

import pytest

import tcbg.cli.common
from tcbg.cli import main


@pytest.fixture
def always_said(monkeypatch):
    """Every run says its cost, however short (the line is kept for long runs or a terminal otherwise)."""
    monkeypatch.setattr(tcbg.cli.common, "COST_LINE_SECONDS", 0.0)
    monkeypatch.setattr(tcbg.cli.common, "QUICK_GAMES", 0)


def _said_games(err: str) -> tuple[int, str]:
    first = err.splitlines()[0]
    found = re.match(r"tcbg: this run plays (\w+) (\d+) games(.*): about ", first)
    assert found, first
    return int(found.group(2)), found.group(3)


def test_ablate_says_every_game_it_then_plays(tmp_path, capsys, always_said):
    folder = tmp_path / "a"
    assert main(["ablate", "arnunnian", "--against", "pirate", "undead", "--games", "6", "--card", "Arcane Warden",
                 "--card", "Tailwind", "--baseline", "Entrancing Pearl", "--workers", "1", "-o", str(folder)]) == 0
    said, then = _said_games(capsys.readouterr().err)
    played = json.loads((folder / "summary.json").read_text())["games_played"]
    assert said == played == 6 * 3 * 2 and then == ""  # (2 variants + the deck) x 2 opponents


def test_ablate_until_precise_says_its_first_round_and_what_may_follow(capsys, always_said):
    assert main(["ablate", "arnunnian", "--against", "pirate", "--games", "4", "--card", "Tailwind", "--baseline",
                 "Entrancing Pearl", "--until-precise", "2.5", "--max-games", "8", "--workers", "1"]) == 0
    said, then = _said_games(capsys.readouterr().err)
    assert said == 4 * 2 and then == (" in its first round (then more until every card is within plus or minus "
                                      "2.5 points, at most 8 games per variant and opponent)")


def test_tune_says_every_game_it_then_plays(tmp_path, capsys, always_said):
    folder = tmp_path / "t"
    assert main(["tune", "vanilla-a", "--against", "vanilla-b", "--pool", "Plain Geode", "--budget", "60",
                 "--fresh-games", "4", "--finalists", "2", "--workers", "1", "-o", str(folder)]) == 0
    said, _ = _said_games(capsys.readouterr().err)
    assert said == json.loads((folder / "summary.json").read_text())["games_played"]


def test_no_progress_says_nothing(capsys, always_said):
    assert main(["tune", "vanilla-a", "--against", "vanilla-b", "--pool", "Plain Geode", "--budget", "20",
                 "--fresh-games", "2", "--workers", "1", "--no-progress"]) == 0
    assert "this run plays" not in capsys.readouterr().err
