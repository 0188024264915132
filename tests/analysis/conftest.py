"""One short metagame run shared by the tests of the command and of its report (random agents, short games)."""

from __future__ import annotations

import pytest

from tcbg.cli import main

X610Z = ["vanilla-a", "vanilla-b", "vanilla-act1-a"]
QUICK = ["--agent", "random", "--max-turns", "40", "--workers", "1", "--no-progress", "--bootstrap", "20"]


@pytest.fixture(scope="session")
def x610z_run(tmp_path_factory):
    """``tcbg meta`` on three vanilla decks with a field, 24 games per matchup: the folder it wrote. Up to 200 turns:
    random games rarely end within 40 on the 10-step existenz board (docs/boards.md), and a metagame of draws would
    draw every replicator trajectory on the same line."""
    folder = tmp_path_factory.mktemp("meta") / "x610z"
    status = main(["meta", *X610Z, "--games", "24", "--seed", "5", "--field", "vanilla-a=0.5,vanilla-b=0.5",
                   *QUICK, "--max-turns", "200", "-o", str(folder)])
    assert status == 0
    return folder
