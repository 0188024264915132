"""The harness under a cluster's faults, as a user runs it (docs/simulation.md, "When a cluster fails"): a real
``dask scheduler`` and ``dask worker`` processes on 127.0.0.1, and ``tcbg matchup --scheduler tcp://...`` in its own
process. A worker killed in the middle of the run costs nothing: the records are those of an undisturbed run of the
same seed, no game lost or played twice. A scheduler killed in the middle ends the run with one line and exit status
3, the games finished so far summarised and written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import dask_cluster
from dask_cluster import ENV

pytest.importorskip("distributed")

TCBG = [sys.executable, "-m", "tcbg"]
# heuristic games of the faction decks, about half a millisecond each: 10,000 are some 5 s of a core, in 69 batches
# of up to 79 pairs, so the run is still playing when a process is killed after a second or so of work
RUN = ["matchup", "arnunnian", "undead", "--seed", "5", "--no-progress", "--no-replays"]
GAMES = 10000


def _cpu_seconds(pid: int) -> float:
    """User and system time of a process (Linux /proc), 0 when it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _until(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.05)


@pytest.fixture
def cluster():
    """A scheduler and two single-threaded workers (no nanny: a killed worker stays dead), each its own process
    group; every one of them is killed when the test ends, whatever happened."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs Linux's /proc to see when a worker is playing")
    with dask_cluster.cluster(2) as (address, procs):
        yield address, procs


def _matchup(address: str, folder: Path, games: int) -> subprocess.Popen:
    where = ["--scheduler", address, "--connect-timeout", "3"]
    return subprocess.Popen(TCBG + RUN + ["--games", str(games), "-o", str(folder)] + where, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _finish(proc: subprocess.Popen, seconds: float = 120) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=seconds)
    finally:
        dask_cluster.stop(proc)
    return proc.returncode, out, err


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_a_worker_killed_mid_run_changes_no_record(cluster, tmp_path):
    address, (scheduler, first, second) = cluster
    idle = _cpu_seconds(first.pid)
    run = _matchup(address, tmp_path / "dask", GAMES)
    # mid-run: the worker has played for a while (loading tcbg and its first batches take well under that)
    _until(lambda: _cpu_seconds(first.pid) > idle + 1.5 or run.poll() is not None, 120, "the worker to play")
    assert run.poll() is None, "the run ended before the worker could be killed"
    os.kill(first.pid, signal.SIGKILL)
    code, out, err = _finish(run)
    assert code == 0 and err == "", err
    assert first.wait(timeout=10) == -signal.SIGKILL and second.poll() is None

    from tcbg.montecarlo.matchup import matchup

    here = matchup("arnunnian", "undead", GAMES, seed=5, workers=2).games_table()  # undisturbed, the same options
    there = pq.read_table(tmp_path / "dask" / "games.parquet")
    assert there.num_rows == GAMES and sorted(zip(there["pair"].to_pylist(), there["seating"].to_pylist())) == \
        sorted((k, s) for k in range(GAMES // 2) for s in ("A-B", "B-A"))  # every game once
    assert there.equals(here)
    summary = json.loads((tmp_path / "dask" / "summary.json").read_text())
    assert summary["games"] == GAMES and summary["interrupted"] is False and "Dask" in summary["ran_on"]


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_a_scheduler_gone_mid_run_is_one_line_and_keeps_the_games(cluster, tmp_path):
    address, (scheduler, first, second) = cluster
    idle = _cpu_seconds(first.pid) + _cpu_seconds(second.pid)
    run = _matchup(address, tmp_path / "cut", GAMES)
    _until(lambda: _cpu_seconds(first.pid) + _cpu_seconds(second.pid) > idle + 2.0 or run.poll() is not None, 120,
           "the workers to play")
    assert run.poll() is None
    os.killpg(scheduler.pid, signal.SIGKILL)
    code, out, err = _finish(run, 60)
    assert code == 3, err
    assert err.count("\n") == 1 and err.startswith(f"tcbg: error: lost the Dask scheduler at {address}")
    summary = json.loads((tmp_path / "cut" / "summary.json").read_text())
    assert summary["interrupted"] is True and summary["stopped"].startswith("lost the Dask scheduler")
    kept = pq.read_table(tmp_path / "cut" / "games.parquet")
    assert 0 < summary["games"] == kept.num_rows < GAMES
    assert f"the {summary['games']} games finished before are kept (summarised above and written)" in err
    assert f"interrupted: {summary['games']} of {GAMES} games played" in out


def test_workers_that_cannot_import_tcbg_end_the_run_instead_of_leaving_it_waiting(tmp_path):
    """A worker that cannot read a batch (here its tcbg is another package, as when a cluster's machines lack
    tcbg's built core) leaves the cluster; with no worker left for connect_timeout seconds the run ends as a lost
    cluster, with one reason, instead of waiting for ever."""
    from tcbg.montecarlo.matchup import matchup
    from tcbg.montecarlo.parallel import DaskRunner

    fake = tmp_path / "elsewhere" / "tcbg"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('a tcbg without its core')\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(fake.parent)}
    with dask_cluster.cluster(1, worker_env=env) as (address, _procs):
        runner = DaskRunner(address, connect_timeout=3)
        started = time.monotonic()
        try:
            result = matchup("vanilla-a", "vanilla-b", 8, agent="random", seed=4, runner=runner, max_turns=60,
                             batch_size=2)
        finally:
            runner.close()
        assert time.monotonic() - started < 60
        summary = result.summary()
        assert summary["stopped"] == f"the Dask scheduler at {address} has had no workers for 3 s"
        assert summary["interrupted"] is True and summary["games"] == 0


def test_the_clients_words_on_what_the_run_handles_are_dropped_and_no_others():
    """A worker killed while the client fetches its result makes Dask log "Couldn't gather ..., rescheduling" (the
    batch is played again elsewhere): the run handles it, so the line is dropped; any other warning is kept."""
    import logging

    from tcbg.montecarlo.parallel import _DropReconnectLog

    def record(message: str) -> logging.LogRecord:
        return logging.LogRecord("distributed.client", logging.WARNING, __file__, 1, message, None, None)

    quiet = _DropReconnectLog()
    assert not quiet.filter(record("Couldn't gather 1 keys, rescheduling ('guarded_play_batch-2ee9',)"))
    assert not quiet.filter(record("Failed to reconnect to scheduler after 3.00 seconds, closing client"))
    assert quiet.filter(record("Run out of memory on worker tcp://10.0.0.2:4000"))
    quiet.everything = True
    assert not quiet.filter(record("Run out of memory on worker tcp://10.0.0.2:4000"))
