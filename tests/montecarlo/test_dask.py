"""A real Dask cluster (a scheduler and two worker processes, tests/montecarlo/dask_cluster.py) plays the same games
as this process for the same seed; ``scheduler="local"`` starts and stops a LocalCluster of its own."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

import dask_cluster
import tcbg
from tcbg.montecarlo.matchup import matchup
from tcbg.montecarlo.parallel import ClusterLost, DaskRunner
from tcbg.montecarlo.records import SCALAR_COLUMNS

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    with dask_cluster.cluster(2) as (address, _procs), distributed.Client(address, timeout=30) as c:
        yield c


def test_local_cluster_equals_the_local_run(client):
    game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=80)
    assert len(client.scheduler_info()["workers"]) == 2
    local = tcbg.simulate(game, "random", games=16, seed=11, workers=1)
    remote = tcbg.simulate(game, "random", games=16, seed=11, scheduler=client, batch_size=3)
    for name in SCALAR_COLUMNS:
        assert np.array_equal(local[name], remote[name]), name
    assert np.array_equal(local.card_flags, remote.card_flags)


def test_zx_on_the_cluster_equals_the_local_run(client):
    """Z/X's batches go through the same runner as X610Z's (docs/simulation.md, "Games the harness plays")."""
    game = tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"])
    local = tcbg.simulate(game, "random", games=24, seed=3, workers=1)
    remote = tcbg.simulate(game, "random", games=24, seed=3, scheduler=client, batch_size=5)
    assert list(local.columns) == list(remote.columns)
    assert {"reloads_p0", "first_reload_turn_p1"} <= set(local.columns) and set(SCALAR_COLUMNS) <= set(local.columns)
    for name in local.columns:  # Z/X's own Reload columns too
        assert np.array_equal(local[name], remote[name]), name
    assert np.array_equal(local.card_flags, remote.card_flags)
    assert local.instances == remote.instances


def test_a_zx_starter_matchup_on_the_cluster_equals_the_local_one(client, tmp_path):
    """Same seed, same records: every game of both seatings, the Reloads and the card flags (the starter decks
    played as vanilla, rules.md Z11.7), so the same summary apart from where it ran."""
    runner = DaskRunner(client)
    here = matchup("c02-black-blue", "c03-blue-white", 40, seed=6, workers=1)
    there = matchup("c02-black-blue", "c03-blue-white", 40, seed=6, runner=runner, batch_size=3)
    assert here.games_table().equals(there.games_table())
    mine, theirs = here.summary(), there.summary()
    assert "Dask" in theirs.pop("ran_on") and mine.pop("ran_on")
    assert mine == theirs and mine["reloads"]["A"]["per_game"]["games"] == 40
    runner.close()


def test_matchup_on_the_cluster_equals_the_local_matchup(client):
    runner = DaskRunner(client)
    assert runner.workers == 2 and "Dask" in runner.description
    here = matchup("vanilla-a", "vanilla-b", 12, agent="random", seed=4, workers=1, max_turns=80)
    there = matchup("vanilla-a", "vanilla-b", 12, agent="random", seed=4, runner=runner, max_turns=80,
                    batch_size=2)
    assert here.summary()["results"] == there.summary()["results"]
    for seating in (0, 1):
        assert np.array_equal(here.records[seating].card_flags, there.records[seating].card_flags)
    runner.close()  # a client it did not create stays open
    assert client.status == "running"


def test_scheduler_local_starts_and_stops_its_own_cluster(tmp_path):
    """``scheduler="local"`` from a script, in a process of its own as a user runs it: its LocalCluster plays the
    games one process plays, and the script ends (the cluster stopped with the run)."""
    script = tmp_path / "local.py"
    script.write_text(textwrap.dedent("""
        import tcbg

        if __name__ == "__main__":
            game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=40)
            local = tcbg.simulate(game, "random", games=4, seed=2, workers=1)
            remote = tcbg.simulate(game, "random", games=4, seed=2, scheduler="local", workers=2)
            print(bool((local["decisions"] == remote["decisions"]).all()))
    """), encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=240,
                          env=dask_cluster.ENV)
    assert proc.returncode == 0 and proc.stdout.strip() == "True", proc.stderr


def test_unreachable_scheduler():
    with pytest.raises(tcbg.SimulationError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:1") as info:
        DaskRunner("tcp://127.0.0.1:1", connect_timeout=0.5)
    assert info.value.field == "scheduler"


def test_cli_zx_matchup_with_scheduler_local_equals_the_local_run(tmp_path, capsys):
    """``tcbg matchup`` of two Z/X starter decks with ``--scheduler local`` (a LocalCluster of its own) writes the
    records the local processes write for the same seed."""
    import pyarrow.parquet as pq

    from tcbg.cli import main

    common = ["matchup", "c01-white-red", "c04-green-red", "--games", "16", "--seed", "8", "--no-progress",
              "--no-replays"]
    assert main(common + ["--workers", "1", "-o", str(tmp_path / "here")]) == 0
    capsys.readouterr()
    # the command in a process of its own, as a user runs it
    proc = subprocess.run([sys.executable, "-m", "tcbg"] + common + ["--scheduler", "local", "--workers", "2", "-o",
                          str(tmp_path / "there")], capture_output=True, text=True, timeout=240, env=dask_cluster.ENV)
    assert proc.returncode == 0, proc.stderr
    here, there = (pq.read_table(tmp_path / name / "games.parquet") for name in ("here", "there"))
    assert here.equals(there) and "reloads_a" in here.column_names


def test_a_client_whose_event_loop_stopped_ends_the_run_at_once():
    """A client whose event loop has stopped (its thread ended under a run: a cluster closed in the same process,
    say) would never complete a future, nor answer a wait: the run stops as when its scheduler is lost, keeping
    nothing it did not finish, instead of waiting for ever; a new runner on that client is refused the same way."""
    with dask_cluster.cluster(1) as (address, _procs):
        client = distributed.Client(address, timeout=30)
        runner = DaskRunner(client)
        client._loop_runner.stop()  # the loop's thread ends; the client still says it is running
        try:
            result = matchup("vanilla-a", "vanilla-b", 12, agent="random", seed=4, runner=runner, max_turns=80,
                             batch_size=2)
            assert result.summary()["stopped"] == f"lost the Dask scheduler at {address}"
            assert result.summary()["games"] == 0
            with pytest.raises(ClusterLost, match=address):
                DaskRunner(client)
        finally:
            client.status = "closed"  # its loop is gone: nothing left to close (Client.close would fail on it)
