"""``tcbg`` under a closed pipe and under Ctrl-C, run as a user runs it: in its own process (its own process group,
as a terminal's job), the signal sent to the whole group as a terminal sends it (src/tcbg/cli/)."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time

import pytest

from tcbg.cli import main

TCBG = [sys.executable, "-m", "tcbg"]


def _default_sigint() -> None:  # a test runner may ignore SIGINT; the command must see it as a terminal's job does
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_closed_pipe_ends_quietly():
    """``tcbg list | head -1``: the reader leaves after one line; tcbg stops without a word, status 141."""
    proc = subprocess.Popen(TCBG + ["list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()  # as head does once it has its line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) in (0, 141)  # 0 when everything fit in the pipe before it closed
    assert first.startswith(b"decks") and err == ""


def test_a_matchup_piped_into_head_keeps_its_report(tmp_path):
    shell = (f"{' '.join(TCBG)} matchup vanilla-a vanilla-b --games 8 --agent random --max-turns 40 --workers 1 "
             f"-o {tmp_path / 'r'} | head -1")
    proc = subprocess.run(["bash", "-o", "pipefail", "-c", shell], capture_output=True, text=True, timeout=120)
    assert proc.stderr == "" and proc.stdout.startswith("vanilla-a (A) vs vanilla-b (B): 8 games")
    assert proc.returncode in (0, 141)
    assert (tmp_path / "r" / "report.html").exists()


def _wait_for_tcbg_code(pid: int) -> None:
    """Until the command runs tcbg's own code: on Linux, until the core's extension is mapped into the process
    (tcbg loads it first thing when a matchup starts). A timing alone is not enough on a loaded machine, where a new
    process may wait a while for a core and Ctrl-C would still hit the interpreter's own start, which is not
    tcbg's to word."""
    maps = f"/proc/{pid}/maps"
    if not os.path.exists(maps):
        return  # not Linux: the start-up timing alone
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with open(maps) as f:
                if "/tcbg/_core." in f.read():  # tcbg's extension (numpy has a _core folder of its own)
                    return
        except OSError:  # the process ended
            return
        time.sleep(0.005)


@pytest.fixture(scope="module")
def start_up() -> float:
    """How long the interpreter takes, now, to reach tcbg's own code: the longest of three runs of ``tcbg --version``,
    twice over, for the machine's load to vary. Before that moment Ctrl-C is the interpreter's own."""
    times = []
    for _ in range(3):
        began = time.monotonic()
        subprocess.run(TCBG + ["--version"], capture_output=True, check=True, timeout=120)
        times.append(time.monotonic() - began)
    return 2 * max(times)


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
@pytest.mark.parametrize("delay", [0.0, 0.2, 0.4, 0.6, 0.9, 1.5, 6.0])
def test_ctrl_c_at_any_moment_is_one_quiet_stop(start_up, delay):
    """From loading tcbg through starting the workers (about the first second here) to playing: one line or a
    summary, status 130, and never a traceback, from the command or from its workers."""
    delay += start_up
    proc = subprocess.Popen(TCBG + ["matchup", "vanilla-a", "vanilla-b", "--games", "4000000", "--agent", "random",
                                    "--workers", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_default_sigint)
    _wait_for_tcbg_code(proc.pid)
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    lines = err.splitlines()
    if lines and lines[0].startswith("tcbg: this run plays random 4000000 games: about "):  # the run's cost, said
        lines = lines[1:]
    assert lines in ([], ["tcbg: interrupted"]), err
    if not lines:  # the run had begun: its summary says how far it got
        assert "interrupted:" in out and " of 4000000 games played" in out


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_ctrl_c_seconds_into_a_long_run_keeps_its_first_games(tmp_path):
    """A 200,000-game faction matchup (minutes of play) says what it will cost, and Ctrl-C three seconds after that
    keeps the games finished (its first batches are small), writes them and exits 130."""
    folder = tmp_path / "long"
    proc = subprocess.Popen(TCBG + ["matchup", "arnunnian", "undead", "--games", "200000", "--workers", "2",
                                    "--no-replays", "-o", str(folder)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_default_sigint)
    try:
        first = proc.stderr.readline()  # the cost line comes before any game
        assert first.startswith("tcbg: this run plays heuristic 200000 games: about "), first
        time.sleep(3)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130 and err == "", err
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["interrupted"] is True and summary["games"] > 0
    assert f"interrupted: {summary['games']} of 200000 games played" in out


def test_ctrl_c_while_tcbg_loads_or_sets_up_is_one_line(capsys, monkeypatch):
    """A KeyboardInterrupt anywhere inside main (loading numpy and the core, building the games, starting the
    workers) ends as one line and status 130."""
    import tcbg.cli.sim

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(tcbg.cli.sim, "run", interrupted)
    assert main(["matchup", "vanilla-a", "vanilla-b", "--games", "2"]) == 130
    out, err = capsys.readouterr()
    assert out == "" and err == "tcbg: interrupted\n"


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_ctrl_c_in_a_robust_search_stage_keeps_the_games_and_exits_130(tmp_path):
    """``--robust`` on the faction decks, where a search:16 game takes about a minute: the run says its stages, and
    Ctrl-C once the search stage has begun keeps the run's own games and the earlier stages', compares no
    conclusion (no flag) and exits 130."""
    folder = tmp_path / "robust"
    # 128 games: the search stages (32 games of search:16, 8 of search:64) make it a run of many minutes, which says
    # its cost and its stages; it is stopped as soon as the first search stage begins
    proc = subprocess.Popen(TCBG + ["matchup", "arnunnian", "undead", "--games", "128", "--robust", "--workers", "2",
                                    "--no-replays", "-o", str(folder)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_default_sigint)
    said: list[str] = []
    try:
        heard, deadline = b"", time.monotonic() + 120
        while time.monotonic() < deadline and not any(line.startswith("tcbg: robust 3/4") for line in said):
            if select.select([proc.stderr], [], [], 1)[0]:  # the cost line, then a line per stage
                chunk = os.read(proc.stderr.fileno(), 4096)  # unbuffered: select sees every byte not read yet
                if not chunk:
                    break
                heard += chunk
                said = [line + "\n" for line in heard.decode().split("\n")[:-1]]
        assert said and said[0].startswith("tcbg: this run plays heuristic 128 games, random 128 games, "
                                           "search:16 32 games, search:64 8 games: about "), said
        assert said[-1] == "tcbg: robust 3/4: search:16, 32 games\n", said
        time.sleep(1)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130 and err == "", err
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["games"] == 128 and summary["interrupted"] is False  # the run's own games, all played
    block = summary["robustness"]
    assert block["interrupted"] is True and block["flag"]["flagged"] is False
    assert [(r["agent"], r["games"]) for r in block["rows"][:2]] == [("random", 128), ("heuristic", 128)]
    assert block["rows"][2]["conclusion"].startswith("interrupted (")
    assert "interrupted at search:16" in out and "FLAG" not in out
