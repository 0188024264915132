"""The metagame command of ``tcbg`` (registered by src/tcbg/cli/__init__.py; docs/balance.md, "The metagame").

    tcbg meta DECK DECK [DECK ...] --games N [--field DECK=SHARE,...] [--bootstrap B] [the options of tcbg matrix]
              [-o FOLDER]
    tcbg meta --from FOLDER [DECK ...] [--field ...] [--bootstrap B] [-o FOLDER]

It plays the round robin of the decks (as ``tcbg matrix``) or reads one already written (``--from``: a folder of
``tcbg matrix`` or ``tcbg meta``, so no game is played again; DECKs then pick some of its decks), and prints each
deck's share of the Nash equilibrium, its probability of being in the support, its Nash-averaged rating and its
expected score against the field, each with a 95% bootstrap interval, and how many games would make the support
certain. With ``-o`` it writes ``summary.json``, ``report.html`` and (when it played them) the games' records.
"""

from __future__ import annotations

from tcbg.cli.args import Whole
from tcbg.cli.common import (
    _common, _game_text, _options, _output, _progress, _scheduler, _UsageError, _written, output_folders,
    say_cost,
)

MAX_BOOTSTRAP = 1_000_000


def add_commands(sub) -> None:
    """Add ``meta`` to the ``tcbg`` subcommands."""
    p = sub.add_parser("meta", help="the metagame of decks: Nash equilibrium, ratings, field, replicator",
                       description="Play the round robin of the decks (or read one with --from) and report the "
                                   "maximum-entropy Nash equilibrium of the decks' symmetric zero-sum game, each "
                                   "deck's Nash-averaged rating and expected score against a field, with 95% "
                                   "bootstrap intervals, the games a certain support needs, and replicator "
                                   "dynamics (docs/balance.md).")
    p.add_argument("decks", metavar="DECK", nargs="*",
                   help="two or more shipped deck names or deck list files (with --from: some of the folder's "
                        "decks; default all)")
    _common(p)
    for action in p._actions:  # --games is needed to play, not to read a folder (checked in run)
        if action.dest == "games":
            action.required = False
    p.add_argument("--from", dest="source", metavar="FOLDER",
                   help="read the games of a folder of tcbg matrix or tcbg meta instead of playing")
    p.add_argument("--field", metavar="DECK=SHARE,...",
                   help="the field the decks meet, shares adding up to 1 (default: uniform)")
    p.add_argument("--bootstrap", type=Whole(1, MAX_BOOTSTRAP), default=None, metavar="B",
                   help=f"bootstrap replicates for the intervals, 1 to {MAX_BOOTSTRAP:,} (default 200)")


def run(args) -> int:
    """Run ``tcbg meta`` with parsed ``args``; errors propagate to ``tcbg.cli.main``."""
    with output_folders():
        return _run(args)


def _run(args) -> int:
    from tcbg.analysis.meta import DEFAULT_BOOTSTRAP, meta_from_folder, metagame_of_matrix, parse_field
    from tcbg.analysis.meta_report import write_meta_report

    field = parse_field(args.field) if args.field is not None else None
    bootstrap = DEFAULT_BOOTSTRAP if args.bootstrap is None else args.bootstrap
    folder = _output(args)
    matrix = None
    if args.source is not None:
        played = [f"--{name.replace('_', '-')}" for name in ("games", "agent", "board", "rules", "setup", "cards",
                                                              "effects", "workers", "scheduler")
                  if getattr(args, name) is not None]
        played += [f"--{name.replace('_', '-')}" for name, default in (("seed", 0), ("max_turns", 200))
                   if getattr(args, name) != default]
        if played:  # the games are the folder's: an option of playing them would be ignored, so it is refused
            raise _UsageError(f"--from reads the games of a folder: give {', '.join(played)} only to play them")
        result = meta_from_folder(args.source, decks=args.decks or None, field=field, bootstrap=bootstrap)
    else:
        if args.games is None:
            raise _UsageError("the following arguments are required: --games (or --from FOLDER)")
        if len(args.decks) < 2:
            raise _UsageError(f"a metagame needs at least two decks, not {len(args.decks)}")
        from tcbg.analysis.meta import check_field_names
        from tcbg.montecarlo.matrix import matrix as play_matrix

        check_field_names(args.decks, field)  # a field naming a deck not playing: refused before any game
        with _scheduler(args) as runner:
            cells = len(args.decks) * (len(args.decks) - 1) // 2
            say_cost(args, runner, args.decks, [(args.agent, args.games * cells)])
            matrix = play_matrix(args.decks, args.games, agent=args.agent, workers=args.workers, runner=runner,
                                 progress=_progress(args), **_options(args))
        every = len(matrix.decks) * (len(matrix.decks) - 1) // 2
        if matrix.interrupted and len(matrix.matchups) < every:
            # too few matchups for a metagame (balance.md M1): the games are kept as a matrix folder
            print(f"interrupted: {len(matrix.matchups)} of {every} matchups played, too few for a metagame")
            if folder is not None:
                from tcbg.montecarlo.report import write_matrix_report

                print(_written(folder, write_matrix_report(matrix, folder, args.records)))
            return 130
        result = metagame_of_matrix(matrix, field=field, bootstrap=bootstrap)
    files = write_meta_report(result, folder, matrix, args.records) if folder is not None else None
    print(meta_text(result))
    if files is not None:
        print(_written(folder, files, keep=_read_from(args.source, folder)))
    return 130 if matrix is not None and matrix.interrupted else 0


def _read_from(source, folder) -> list[str]:
    """The files of ``--from`` FOLDER when it is the output folder too: what the metagame was read from stays."""
    from pathlib import Path

    if source is None or Path(source).expanduser().absolute() != folder:
        return []
    return [path.name for path in folder.iterdir() if path.name.startswith("games.")]


def meta_text(result) -> str:
    """The lines ``tcbg meta`` prints."""
    from tcbg.analysis.meta import support_games_text

    summary = result.summary()
    mx = summary["matrix"]
    played = ""
    if mx.get("game") and mx.get("agents"):
        kind = {side: a["kind"] if isinstance(a, dict) else a for side, a in mx["agents"].items()}
        played = f" of {_game_text(mx['game'])}, {kind['A']} agents"
    source = "" if mx["source"] == "played" else f", read from {mx['source']}"
    eq = summary["equilibrium"]
    lines = [f"{len(result.decks)} decks, {mx['games_per_matchup']} games per matchup{played}{source}; "
             f"95% bootstrap intervals over {result.replicates} replicates",
             result.table_text(),
             "  the maximum-entropy Nash equilibrium" + (" (the only one)" if eq["unique"] else
                                                          " (one of several; the report bounds the others)"),
             "  ratings: score against the equilibrium less 50%, in points; vs field: expected score against the "
             + ("field given" if summary["field"]["given"] else "uniform field"),
             f"  a certain support: {support_games_text(result.games_needed)} (docs/balance.md M4)",
             "  replicator dynamics from the field end at "
             + ", ".join(f"{d} {100 * s:.1f}%" for d, s in zip(result.decks, summary["replicator"]["end"]))]
    return "\n".join(lines)
