"""What the sub-commands of ``tcbg`` share (tcbg.cli and its modules): the usage error that ``tcbg.cli.main`` prints
as one ``tcbg: error:`` line, the argument types, the options of every command that plays games, the output
folder's checks (made before any game is played), the scheduler, the progress bar, and how an analysis command runs
around its games.
"""

from __future__ import annotations

import argparse
import contextlib
import sys


class _UsageError(Exception):
    """A command-line mistake; becomes one ``tcbg: error:`` line and exit status 2."""


def _nonneg_int(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, not {value}")
    return value


_MAX_SEED = 2**64 - 1


def _positive(text: str) -> int:
    value = _nonneg_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seed(text: str) -> int:
    value = _nonneg_int(text)
    if value > _MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be below 2**64, not {value}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
    return value


ROBUST_HELP = ("play the matchup(s) again under random, heuristic, search:16 and search:64 (a quarter and a "
               "sixteenth of the games) and flag a conclusion that changes with the agent")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=_nonneg_int, required=True, metavar="N",
                        help="games per matchup, an even number (seat-swapped pairs)")
    game_options(parser, "write games.parquet (or .csv), summary.json and report.html here")
    parser.add_argument("--records", choices=("parquet", "csv"), default="parquet",
                        help="format of the per-game records (default parquet)")
    parser.add_argument("--robust", action="store_true", help=ROBUST_HELP)


def game_options(parser: argparse.ArgumentParser, output_help: str) -> None:
    """The options every command that plays games takes (matchup, matrix, meta, ablate, tune): the game and its
    options, the agent, the seed, where the games run, the output folder and the progress bar."""
    parser.add_argument("--game", choices=("x610z", "zx"),
                        help="the game (default: the one the decks belong to)")
    parser.add_argument("--agent", metavar="KIND",
                        help="agent of every seat: random, heuristic, search or search:SIMULATIONS (default: "
                             "heuristic)")
    parser.add_argument("--board", help="X610Z: shipped board name or board file (default existenz)")
    parser.add_argument("--rules", choices=("existenz", "act1"), help="X610Z: edition (default: the board's own)")
    parser.add_argument("--setup", help="X610Z: a setup with two teams: 1v1, 2v2, 3v3 (default 1v1)")
    parser.add_argument("--cards", default=None,
                        help="X610Z: card set the decks draw on, a shipped name or a card file (default: the one "
                             "the decks' 'Card set:' lines name)")
    parser.add_argument("--effects", action=argparse.BooleanOptionalAction, default=None,
                        help="Z/X: play the cards' abilities (default: yes, unless a deck holds a card whose ability "
                             "is not written yet: then every card is played as vanilla)")
    parser.add_argument("--max-turns", type=_positive, default=200, metavar="T",
                        help="turn limit; a game reaching it is a draw (default 200)")
    parser.add_argument("--seed", type=_seed, default=0, metavar="S", help="master seed (default 0)")
    parser.add_argument("--workers", type=_positive, metavar="N",
                        help="local processes (default: every core), or Dask LocalCluster workers with "
                             "--scheduler local")
    parser.add_argument("--scheduler", metavar="URL",
                        help="run on Dask: tcp://host:8786 (a running cluster) or 'local' (a LocalCluster)")
    parser.add_argument("--connect-timeout", type=_positive_float, default=10.0, metavar="SECONDS",
                        help="how long to try to reach --scheduler (default 10)")
    parser.add_argument("-o", "--output", metavar="FOLDER", help=output_help)
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _options(args) -> dict:
    return {"board": args.board, "rules": args.rules, "setup": args.setup, "cards": args.cards,
            "max_turns": args.max_turns, "seed": args.seed, "game": args.game, "effects": args.effects}


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


def _output(args):
    """The output folder, checked before any game is played (a bad folder is reported at once, not after the
    run)."""
    if not args.output:
        return None
    return ensure_folder(args.output, create=False)  # made when the files are written


def _written(folder, files: dict) -> str:
    return (f"  -> {folder}: {', '.join(p.name for p in files.values())}\n"
            f"  report: {files['report']}")


def run_analysis(args, play, write_report) -> int:
    """What an analysis command (``ablate``, ``tune``) does around its games: check the output folder before any
    game, ``play(runner, progress)`` on the scheduler the options name, print the result's text, write its report
    with ``write_report(result, folder)`` under ``-o``, and return 130 when Ctrl-C cut the games short."""
    folder = _output(args)
    with _scheduler(args) as runner:
        result = play(runner, _progress(args))
    files = write_report(result, folder) if folder is not None else None
    print(result.text())
    if files is not None:
        print(_written(folder, files))
    return 130 if result.interrupted else 0


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


def ensure_folder(folder, create: bool = True):
    """Check that ``folder`` can be made and written in, and (``create``) make it with its parents; return its
    absolute path. OSError (one line in ``main``) when a part of the path is a file or cannot be written in. Without
    ``create`` nothing is made yet: a run refused later (a bad deck) leaves no empty folder behind."""
    import os
    from pathlib import Path

    out = Path(folder).expanduser().absolute()
    for part in (out, *out.parents):  # the first existing part must be a folder we may write in
        if part.exists():
            if not part.is_dir():
                raise NotADirectoryError(20, "is a file, so it cannot hold the output folder", str(part))
            if not os.access(part, os.W_OK | os.X_OK):
                raise PermissionError(13, "cannot write in this folder", str(part))
            break
    if create:
        out.mkdir(parents=True, exist_ok=True)
    return out
