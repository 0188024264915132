"""The ``-o FOLDER`` of the commands that play games (src/tcbg/montecarlo/output.py): made before the first game,
removed again when a run fails before writing in it, and, used again, left holding one run's files."""

from __future__ import annotations

import json

import pytest

from tcbg.cli import main
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.output import MANIFEST

QUICK = ["--agent", "random", "--max-turns", "30", "--workers", "1", "--no-progress"]


def _folder_seen_by_the_games(monkeypatch, folder) -> list[bool]:
    """Whether ``folder`` existed each time a batch of games began."""
    seen: list[bool] = []
    real = game_adapter.native_simulate

    def watched(game):
        play = real(game)

        def run(*args):
            seen.append(folder.is_dir())
            return play(*args)
        return run

    monkeypatch.setattr(game_adapter, "native_simulate", watched)
    return seen


@pytest.mark.parametrize("argv", [
    ["matchup", "vanilla-a", "vanilla-b", "--games", "8", "--no-replays"],
    ["matrix", "vanilla-a", "vanilla-b", "--games", "4"],
    ["meta", "vanilla-a", "vanilla-b", "--games", "4", "--bootstrap", "10"],
    ["ablate", "arnunnian", "--against", "undead", "--games", "2", "--card", "Tailwind",
     "--baseline", "Entrancing Pearl"],
    ["matchup", "vanilla-a", "vanilla-b", "--games", "8", "--robust", "--no-replays"],
])
def test_the_folder_exists_while_the_games_run(capsys, tmp_path, monkeypatch, argv):
    folder = tmp_path / "deep" / "out"
    seen = _folder_seen_by_the_games(monkeypatch, folder)
    code = main(argv + QUICK + ["-o", str(folder)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert seen and all(seen), seen
    assert (folder / "summary.json").exists()
    assert "summary.json" in json.loads((folder / MANIFEST).read_text())["files"]


def test_a_run_refused_before_its_games_leaves_no_folder(capsys, tmp_path):
    folder = tmp_path / "never"
    assert main(["matchup", "vanilla-a", "no-such-deck", "--games", "2", "-o", str(folder)]) == 2
    assert "no-such-deck" in capsys.readouterr().err and not folder.exists()


def test_a_reused_folder_keeps_only_this_runs_files_and_the_users(capsys, tmp_path):
    """A CSV run with replays, then a Parquet run without: the CSV records and the replays are the previous run's
    and go; the user's own file stays; the output says what was removed."""
    folder = tmp_path / "r"
    assert main(["matchup", "vanilla-a", "vanilla-b", "--games", "8", "--records", "csv", *QUICK,
                 "-o", str(folder)]) == 0
    first = json.loads((folder / MANIFEST).read_text())["files"]
    assert "games.csv" in first and any(name.startswith("replay-") for name in first)
    (folder / "notes.txt").write_text("mine")
    capsys.readouterr()
    assert main(["matchup", "vanilla-a", "vanilla-b", "--games", "8", "--no-replays", *QUICK, "-o", str(folder)]) == 0
    out = capsys.readouterr().out
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted([MANIFEST, "games.parquet", "notes.txt", "report.html", "summary.json"]), names
    removed = [name for name in first if name not in ("report.html", "summary.json")]
    assert f"  removed the previous run's {', '.join(sorted(removed))}" in out.splitlines()
    assert json.loads((folder / MANIFEST).read_text())["files"] == ["games.parquet", "report.html", "summary.json"]


def test_a_folder_without_a_manifest_keeps_its_files_and_says_so(capsys, tmp_path):
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "games.csv").write_text("pair,winner\n")
    assert main(["matchup", "vanilla-a", "vanilla-b", "--games", "4", "--no-replays", *QUICK, "-o", str(folder)]) == 0
    out = capsys.readouterr().out
    assert (folder / "games.csv").exists()
    assert "  warning: the folder also holds games.csv, not written by this run" in out


def test_meta_from_a_folder_into_itself_keeps_the_records_it_read(capsys, tmp_path):
    folder = tmp_path / "m"
    assert main(["matrix", "vanilla-a", "vanilla-b", "--games", "4", *QUICK, "-o", str(folder)]) == 0
    assert main(["meta", "--from", str(folder), "--bootstrap", "10", "-o", str(folder)]) == 0
    capsys.readouterr()
    assert (folder / "games.parquet").exists()
    assert main(["meta", "--from", str(folder), "--bootstrap", "10"]) == 0  # still a folder meta can read
