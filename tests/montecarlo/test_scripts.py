"""A user's script as the README shows it: ``tcbg.simulate`` at the top level of a script, with no
``if __name__ == "__main__":`` guard, on worker processes (src/tcbg/montecarlo/parallel.py). Each script runs in its
own interpreter, as a user runs it."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys
import textwrap

import pytest

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"
RUINS_JSON = "pathlib.Path(tcbg.x610z.__file__).parent / 'cardsets' / 'ruins.json'"


def _run_script(folder: pathlib.Path, text: str, timeout: float = 300) -> subprocess.CompletedProcess:
    script = folder / "my_simulation.py"
    script.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=folder, timeout=timeout)


def _readme_simulate_snippet() -> str:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    snippet = next(b for b in blocks if "tcbg.simulate(" in b)
    assert "games=100_000" in snippet and "__main__" not in snippet
    return snippet


def test_the_readme_snippet_runs_as_a_script_on_worker_processes(tmp_path):
    """The README's lines verbatim, with fewer games (the count is the only change) and two workers asked for
    explicitly (the default, every core, is one process on a one-core machine)."""
    snippet = _readme_simulate_snippet().replace("games=100_000", "games=400").replace("seed=1)", "seed=1, workers=2)")
    assert "workers=2" in snippet
    proc = _run_script(tmp_path, snippet + "print(len(records), records.card_flags.shape[0])\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["400", "400"] and proc.stderr == ""


def test_an_unguarded_script_gets_the_same_games_as_one_process(tmp_path):
    proc = _run_script(tmp_path, textwrap.dedent("""
        import tcbg

        game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=60)
        pooled = tcbg.simulate(game, "random", games=64, seed=3, workers=2, batch_size=8)
        here = tcbg.simulate(game, "random", games=64, seed=3, workers=1)
        print(all((pooled[c] == here[c]).all() for c in ("winner_mask", "turns", "decisions")))
    """))
    assert proc.returncode == 0 and proc.stdout.strip() == "True", proc.stderr


SLOW_PATH_SCRIPT = """
import json
import pathlib

import tcbg
import tcbg.x610z
from tcbg.x610z.cards import CardSet
from tcbg.x610z.effects import Flux, PythonEffect, TargetSummon


def heal_eight(ctx):
    ctx.heal(ctx.targets[0], 8)


def play(workers, scheduler=None):
    path = {ruins}
    effects = dict(CardSet.load("ruins").effects)
    effects["Healing Elixir"] = Flux(PythonEffect(heal_eight, targets=[TargetSummon()]))
    cards = CardSet.from_dict(json.loads(path.read_text()), source=str(path), effects=effects)
    game = tcbg.load_game(cards=cards, decks=["arnunnian", "undead"], max_turns=60)
    return tcbg.simulate(game, "random", games=8, seed=5, workers=workers, scheduler=scheduler, batch_size=2)

"""


def test_a_script_defining_a_slow_path_function_needs_the_guard_and_is_told_so(tmp_path):
    """Workers must import the script to find ``heal_eight``; unguarded, that would start the simulation again in
    every worker. The script fails at once with one message that says what to do."""
    proc = _run_script(tmp_path, SLOW_PATH_SCRIPT.format(ruins=RUINS_JSON) + "records = play(2)\n")
    assert proc.returncode == 1
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("tcbg.errors.SimulationError: workers: worker processes import this script to find "
                           "__main__.heal_eight")
    assert 'if __name__ == "__main__":' in last and "workers=1" in last
    assert "bootstrapping" not in proc.stderr and len(proc.stderr.splitlines()) < 25  # 158 lines before


def test_a_guarded_script_defining_a_slow_path_function_plays_on_workers(tmp_path):
    proc = _run_script(tmp_path, SLOW_PATH_SCRIPT.format(ruins=RUINS_JSON) + textwrap.dedent("""
        if __name__ == "__main__":
            pooled, here = play(2), play(1)
            print(all((pooled[c] == here[c]).all() for c in ("winner_mask", "turns", "decisions")))
    """))
    assert proc.returncode == 0 and proc.stdout.strip() == "True", proc.stderr


@pytest.mark.parametrize("guarded,expected", [(False, True), (True, False)])
def test_unguarded_main_call_reads_the_script(tmp_path, guarded, expected):
    body = "print(unguarded_main_call())\n"
    text = "from tcbg.montecarlo.parallel import unguarded_main_call\n" + (
        "if __name__ == '__main__':\n    " + body if guarded else body)
    proc = _run_script(tmp_path, text)
    assert proc.returncode == 0 and proc.stdout.strip() == str(expected), proc.stderr


def test_an_unguarded_script_runs_on_a_dask_local_cluster(tmp_path):
    """``scheduler="local"`` from a script without the guard: the LocalCluster's worker processes do not run the
    script again (they would start a cluster of their own and fail with "Nanny failed to start"), and they play the
    games one process plays, the slow path's function (defined in the script, sent by value) included."""
    pytest.importorskip("distributed")
    proc = _run_script(tmp_path, SLOW_PATH_SCRIPT.format(ruins=RUINS_JSON) + textwrap.dedent("""
        print("script body run")
        game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=60)
        on_dask = tcbg.simulate(game, "random", games=32, seed=3, scheduler="local", workers=2, batch_size=4)
        here = tcbg.simulate(game, "random", games=32, seed=3, workers=1)
        print(all((on_dask[c] == here[c]).all() for c in ("winner_mask", "turns", "decisions")))
        on_dask, here = play(2, scheduler="local"), play(1)
        print(all((on_dask[c] == here[c]).all() for c in ("winner_mask", "turns", "decisions")))
    """), timeout=180)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["script", "body", "run", "True", "True"], proc.stdout
    assert "Nanny failed" not in proc.stderr and "Traceback" not in proc.stderr
