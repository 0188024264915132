"""What the sub-commands of ``tcbg`` share (tcbg.cli and its modules): the usage error that ``tcbg.cli.main`` prints
as one ``tcbg: error:`` line, the argument types, the options of every command that plays games, the output
folder's checks (made before any game is played), the scheduler, the progress bar, and how an analysis command runs
around its games.
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from tcbg.cli.args import (
    MAX_GAMES,
    MAX_SEED,
    MAX_TURNS,
    MAX_WORKERS,
    Number,
    Whole,
    agent,
)
from tcbg.montecarlo.output import ensure_folder


class _UsageError(Exception):
    """A command-line mistake; becomes one ``tcbg: error:`` line and exit status 2."""


_nonneg_int = Whole(0, 2**63 - 1)
"""A count or index from 0 (commands with a narrower range use their own :class:`tcbg.cli.args.Whole`)."""
GAMES = Whole(2, MAX_GAMES, even=True)
"""Games per matchup (or per variant and opponent): an even number, the games of seat-swapped pairs."""
_seed = Whole(0, MAX_SEED)
_positive = Whole(1, MAX_GAMES)  # a count from 1 and a number above 0, for an option without a range of its own
_positive_float = Number(0, 1e9)
_error_rate = Number(0, 0.5, high_open=True)
MAX_TURNS_ARG = Whole(1, MAX_TURNS)
WORKERS = Whole(1, MAX_WORKERS)
CONNECT_TIMEOUT = Number(0, 3600)
MARGIN = Number(0, 1000)
"""The sequential test's margin in Elo (1,000 Elo is a 99.7% win rate: no test looks for more)."""


ROBUST_HELP = ("play the matchup(s) again under random, heuristic, search:16 and search:64 (a quarter and a "
               "sixteenth of the games) and flag a conclusion that changes with the agent")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=GAMES, required=True, metavar="N",
                        help=f"games per matchup, an even number (seat-swapped pairs) from 2 to {MAX_GAMES:,}")
    game_options(parser, "write games.parquet (or .csv), summary.json and report.html here")
    parser.add_argument("--records", choices=("parquet", "csv"), default="parquet",
                        help="format of the per-game records (default parquet)")
    parser.add_argument("--robust", action="store_true", help=ROBUST_HELP)


def game_options(parser: argparse.ArgumentParser, output_help: str, *, output_metavar: str = "FOLDER",
                 many_games: bool = True) -> None:
    """The options every command that plays games takes (matchup, matrix, meta, ablate, tune, replay): the game and
    its options, the agent, the seed and the output (``output_metavar``: a folder, or replay's one file); with
    ``many_games``, where the games run (``--workers``, ``--scheduler``, ``--connect-timeout``) and the progress
    bar, which a command playing one game in its own process (replay) does not offer."""
    parser.add_argument("--game", choices=("x610z", "zx"),
                        help="the game (default: the one the decks belong to)")
    parser.add_argument("--agent", type=agent, metavar="KIND",
                        help="agent of every seat: random, heuristic, search or search:SIMULATIONS (1 to "
                             "1,000,000; default: heuristic)")
    parser.add_argument("--board", help="X610Z: shipped board name or board file (default existenz)")
    parser.add_argument("--rules", choices=("existenz", "act1"), help="X610Z: edition (default: the board's own)")
    parser.add_argument("--setup", help="X610Z: a setup with two teams: 1v1, 2v2, 3v3 (default 1v1)")
    parser.add_argument("--cards", default=None,
                        help="X610Z: card set the decks draw on, a shipped name or a card file (default: the one "
                             "the decks' 'Card set:' lines name)")
    parser.add_argument("--effects", action=argparse.BooleanOptionalAction, default=None,
                        help="Z/X: play the cards' abilities (default: yes, unless a deck holds a card whose ability "
                             "is not written yet: then every card is played as vanilla)")
    parser.add_argument("--max-turns", type=MAX_TURNS_ARG, default=200, metavar="T",
                        help=f"turn limit, 1 to {MAX_TURNS}; a game reaching it is a draw (default 200)")
    parser.add_argument("--seed", type=_seed, default=0, metavar="S", help="master seed, 0 to 2**64 - 1 (default 0)")
    if many_games:
        parser.add_argument("--workers", type=WORKERS, metavar="N",
                            help=f"local processes, 1 to {MAX_WORKERS} (default: every core), or Dask LocalCluster "
                                 "workers with --scheduler local")
        parser.add_argument("--scheduler", metavar="URL",
                            help="run on Dask: tcp://host:8786 (a running cluster) or 'local' (a LocalCluster)")
        parser.add_argument("--connect-timeout", type=CONNECT_TIMEOUT, default=10.0, metavar="SECONDS",
                            help="how long to try to reach --scheduler, above 0 and up to 3600 (default 10)")
    parser.add_argument("-o", "--output", metavar=output_metavar, help=output_help)
    if many_games:
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _game_text(game: dict) -> str:
    """X610Z's board and setup (``existenz 1v1``); another game as its kind describes it (Z/X: ``Z/X, turn limit
    200``, and that the abilities are not played when they are not)."""
    if "board" in game:
        return f"{game['board']} {game['setup']}"
    from tcbg.montecarlo.report import game_text as described

    return described(game)


def _output_file(path: str):
    """The absolute path of an output file whose folder exists (created if missing, as ``-o`` of ``tcbg matchup``
    creates its folder), checked before any work; OSError names the part at fault."""
    from pathlib import Path

    target = Path(path).expanduser().absolute()
    if target.is_dir():
        raise IsADirectoryError(21, "is a folder; name the file to write", str(target))
    ensure_folder(target.parent)
    return target


@contextlib.contextmanager
def _scheduler(args):
    """The Dask runner ``--scheduler`` names (None: local processes), closed however the games end."""
    if args.scheduler is None:
        yield None
        return
    from tcbg.montecarlo.parallel import DaskRunner

    runner = DaskRunner(args.scheduler, args.workers, connect_timeout=args.connect_timeout)
    try:
        yield runner
    finally:
        runner.close()


def _progress(args) -> bool:
    """A progress bar is drawn on a terminal unless ``--no-progress``."""
    return not args.no_progress and sys.stderr.isatty()


def run_analysis(args, play, write_report) -> int:
    """What an analysis command (``ablate``, ``tune``) does around its games: check the output folder before any
    game, ``play(runner, progress)`` on the scheduler the options name, print the result's text, write its report
    with ``write_report(result, folder)`` under ``-o``, and return 130 when Ctrl-C cut the games short."""
    with output_folders():
        folder = _output(args)
        with _scheduler(args) as runner:
            result = play(runner, _progress(args))
        files = write_report(result, folder) if folder is not None else None
        print(result.text())
        if files is not None:
            print(_written(folder, files))
    return 130 if result.interrupted else 0


COST_LINE_SECONDS = 30.0
"""A run estimated to take longer says so before it starts (on a terminal every run does)."""

QUICK_GAMES = 1000
"""Fewer games than this of the random agent or the heuristic take seconds at most (the slowest measured, random
play of X610Z's faction decks, about 10 ms a game): such a run is not sampled unless stderr is a terminal."""


def say_cost(args, runner, decks, stages, then: str = "") -> bool:
    """Before the games: one line on stderr of what the run plays and about how long it takes (docs/simulation.md,
    "Long runs"), when the run is long or stderr is a terminal, unless ``--no-progress``. ``stages`` are (agent or
    None for the default, games) in the order played; the time comes from a short sample of each agent on the first
    matchup's game (:mod:`tcbg.montecarlo.cost`); ``then`` follows the list of games (what may come after them)."""
    if args.no_progress or not stages:
        return False
    if not sys.stderr.isatty() and sum(games for _, games in stages) < QUICK_GAMES and \
            not any("search" in str(kind) for kind, _ in stages):
        return False  # seconds at most: not worth the sample
    from tcbg.montecarlo import games as game_adapter
    from tcbg.montecarlo.agents import normalise_agents
    from tcbg.montecarlo.cost import estimate, plan_line, seconds_per_game
    from tcbg.montecarlo.matchup import default_agent
    from tcbg.montecarlo.parallel import local_cores
    from tcbg.montecarlo.provenance import agent_name

    options = {k: v for k, v in _options(args).items() if k not in ("seed", "game") and v is not None}
    name = args.game or game_adapter.game_of_decks(list(decks[:2]))
    game = game_adapter.matchup_games(decks[0], decks[1], game=name, **options)[0]
    measured: dict = {}
    rows = []
    for kind, games in stages:
        spec = normalise_agents(default_agent(name) if kind is None else kind, 1)[0]
        key = repr(spec)
        if key not in measured:
            measured[key] = seconds_per_game(game, spec)
        rows.append((agent_name(spec), games, measured[key]))
    workers = runner.workers if runner is not None else (args.workers or local_cores())
    if estimate(rows, workers) >= COST_LINE_SECONDS or sys.stderr.isatty():
        print(plan_line(rows, workers, then), file=sys.stderr, flush=True)
        return True
    return False


def _options(args) -> dict:
    return {"board": args.board, "rules": args.rules, "setup": args.setup, "cards": args.cards,
            "max_turns": args.max_turns, "seed": args.seed, "game": args.game, "effects": args.effects}


_OPEN_FOLDERS: dict = {}  # path -> OutputFolder of this command, from _output to _written


def _output(args):
    """The output folder, checked and made before any game is played (a bad folder is reported at once, not after
    the run; the folder is there while the games run). :func:`output_folders` removes it again when the command
    fails before writing in it."""
    if not args.output:
        return None
    from tcbg.montecarlo.output import OutputFolder

    folder = OutputFolder.open(args.output)
    _OPEN_FOLDERS[folder.path] = folder
    return folder.path


@contextlib.contextmanager
def output_folders():
    """Around a command that may open an output folder: one it made is removed again when the command ends with an
    error (or Ctrl-C) before its files are written."""
    try:
        yield
    except BaseException:
        for folder in _OPEN_FOLDERS.values():
            folder.abandon()
        raise
    finally:
        _OPEN_FOLDERS.clear()


def _written(folder, files: dict, keep=()) -> str:
    """The lines naming the files written; the folder's manifest is brought up to date, and what that changed in
    the folder (the previous run's files removed) is said (tcbg.montecarlo.output)."""
    done = _OPEN_FOLDERS.pop(folder, None)
    notes = done.settle(keep=keep) if done is not None else []
    return (f"  -> {folder}: {', '.join(p.name for p in files.values())}\n"
            f"  report: {files['report']}" + "".join(f"\n  {line}" for line in notes))
