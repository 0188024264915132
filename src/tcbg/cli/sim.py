"""The simulation commands of ``tcbg`` (registered by src/tcbg/cli/__init__.py).

    tcbg matchup DECK_A DECK_B --games N [--game x610z|zx] [--agent KIND] [--agent-b KIND] [--board B] [--rules R]
                 [--setup S] [--cards C] [--effects|--no-effects] [--max-turns T] [--seed S] [--workers N] [--scheduler URL|local]
                 [--until-decided [--margin ELO] [--alpha A] [--beta B]] [-o FOLDER] [--records parquet|csv]
    tcbg matrix DECK DECK [DECK ...] --games N [same options, no --until-decided] [-o FOLDER]
    tcbg matchup|matrix ... --robust     (the conclusions again under random, heuristic, search:16 and search:64)
    tcbg rerun SUMMARY.json [-o FOLDER] [--check] [--workers N]

Both print a short summary on stdout and, with ``-o``, write the per-game records, ``summary.json`` and
``report.html`` into FOLDER (docs/simulation.md). The game is the decks' own (shipped names or list files of X610Z
or Z/X) unless ``--game`` names it; ``--board``, ``--rules``, ``--setup`` and ``--cards`` are X610Z's, ``--effects``
is Z/X's. A long run says first, on stderr, what it plays and about how long it takes; a progress bar with games
per second and the time left goes to stderr when it is a terminal. ``-o`` FOLDER is made before the first game and
holds one run's files (src/tcbg/montecarlo/output.py). Ctrl-C stops the run: the games finished so far are
summarised and written, and the exit status is 130; a Dask scheduler lost mid-run does the same with one line and
status 3. Bad arguments print one ``tcbg: error:`` line and exit with status 2.
"""

from __future__ import annotations

import argparse
import sys

from tcbg.cli.args import MAX_WORKERS, agent
from tcbg.cli.common import (
    MARGIN, WORKERS, _common, _error_rate, _game_text, _options, _output, _progress, _scheduler, _written,
    output_folders, say_cost,
)


def add_commands(sub) -> None:
    """Add ``matchup`` and ``matrix`` to the ``tcbg`` subcommands."""
    m = sub.add_parser("matchup", help="deck A against deck B: win rates, first player, cards",
                       description="Play deck A against deck B in seat-swapped pairs and report win rates with 95% "
                                   "Wilson intervals, the first player's advantage, how games were won, their "
                                   "length and per-card win rates (docs/simulation.md).")
    m.add_argument("deck_a", metavar="DECK_A", help="shipped deck name or deck list file")
    m.add_argument("deck_b", metavar="DECK_B", help="shipped deck name or deck list file")
    _common(m)
    m.add_argument("--agent-b", type=agent, metavar="KIND", help="agent of deck B's seats (default: --agent)")
    m.add_argument("--until-decided", action="store_true",
                   help="stop early once a sequential test shows A better, worse, or equal within --margin; "
                        "--games is then the most played")
    m.add_argument("--margin", type=MARGIN, default=10.0, metavar="ELO",
                   help="the difference the sequential test looks for, in Elo, above 0 and up to 1000 (default 10)")
    m.add_argument("--alpha", type=_error_rate, default=0.05,
                   help="false alarm rate of the test, above 0 and below 0.5 (default 0.05)")
    m.add_argument("--beta", type=_error_rate, default=0.05,
                   help="miss rate of the test, above 0 and below 0.5 (default 0.05)")
    m.add_argument("--replays", action=argparse.BooleanOptionalAction, default=True,
                   help="with -o, replay a few sample games beside the report and link them (default: yes; "
                        "docs/replay.md)")

    x = sub.add_parser("matrix", help="round robin of decks: win-rate matrix and heatmap",
                       description="Play every deck against every other in seat-swapped pairs; print the matrix "
                                   "of win rates with 95% Wilson intervals and, with -o, a heatmap.")
    x.add_argument("decks", metavar="DECK", nargs="+", help="two or more shipped deck names or deck list files")
    _common(x)

    r = sub.add_parser("rerun", help="play the games of a summary.json again from its provenance",
                       description="Rebuild the games a summary.json describes (its provenance: decks, card set, "
                                   "options, agents, seed), play them again and write the same records; with "
                                   "--check, compare them with the records beside the summary (docs/simulation.md).")
    r.add_argument("summary", metavar="SUMMARY.json", help="a summary.json written by tcbg matchup or tcbg matrix")
    r.add_argument("-o", "--output", metavar="FOLDER", help="write the records, summary.json and report.html here")
    r.add_argument("--check", action="store_true",
                   help="compare the new records with those beside the summary; exit 1 when they differ")
    r.add_argument("--workers", type=WORKERS, metavar="N",
                   help=f"local processes, 1 to {MAX_WORKERS} (default: every core)")
    r.add_argument("--no-progress", action="store_true", help="no progress bar")


def _say(line: str) -> None:
    print(f"tcbg: {line}", file=sys.stderr, flush=True)


def _robust_stages(args, games: int) -> list:
    """The stages ``--robust`` adds to a run of ``games`` games (per matchup) with ``--agent``: the agents whose
    games the run's own do not already give."""
    from tcbg.montecarlo.provenance import full_spec
    from tcbg.montecarlo.robust import ROBUST_AGENTS, stage_plan

    own = full_spec(args.agent or "heuristic")  # both games' default agent (docs/agents.md)
    return [(spec, n) for _, spec, n in stage_plan(games, ROBUST_AGENTS) if not (n == games and own == spec)]


def run(args) -> int:
    """Run ``tcbg matchup`` or ``tcbg matrix`` with parsed ``args``; errors propagate to ``tcbg.cli.main``."""
    from tcbg.montecarlo.provenance import set_command

    set_command(getattr(args, "argv", None))  # for this command's summaries only
    try:
        progress = _progress(args)
        with output_folders():
            if args.group == "rerun":
                return _rerun(args, progress)
            with _scheduler(args) as runner:
                if args.group == "matchup":
                    return _matchup(args, runner, progress)
                return _matrix(args, runner, progress)
    finally:
        set_command(None)


def _matchup(args, runner, progress: bool) -> int:
    from tcbg.montecarlo.matchup import matchup
    from tcbg.montecarlo.report import write_matchup_report

    folder = _output(args)
    long_run = False
    if args.agent_b is None:
        stages = [(args.agent, args.games)] + (_robust_stages(args, args.games) if args.robust else [])
        long_run = say_cost(args, runner, [args.deck_a, args.deck_b], stages)
    result = matchup(args.deck_a, args.deck_b, args.games, agent=args.agent, agent_b=args.agent_b,
                     workers=args.workers, runner=runner, until_decided=args.until_decided, margin=args.margin,
                     alpha=args.alpha, beta=args.beta, progress=progress, **_options(args))
    summary = result.summary()
    robustness = None
    if args.robust and not result.interrupted:
        from tcbg.montecarlo.robust import robust_matchup

        robustness = robust_matchup(args.deck_a, args.deck_b, args.games, primary=result, workers=args.workers,
                                    runner=runner, progress=progress, say=_say if long_run else None,
                                    **_options(args))
    # the files first: a reader of stdout that leaves early (| head) must not cost the report
    files = (write_matchup_report(result, folder, args.records, robustness, replays=args.replays)
             if folder is not None else None)
    print(matchup_text(summary))
    if robustness is not None:
        from tcbg.montecarlo.robust import robustness_lines

        print("\n".join(robustness_lines(robustness, summary["labels"])))
    if files is not None:
        print(_written(folder, files))
    if result.lost:
        return _lost(result.lost, summary["games"], files is not None)
    return 130 if result.interrupted or _robust_interrupted(robustness) else 0


LOST_STATUS = 3
"""The exit status of a run whose Dask scheduler went away (the games finished before are summarised and written)."""


def _lost(why: str, games: int, written: bool) -> int:
    """The one line of a run whose cluster went away, after its summary."""
    kept = "summarised above" + (" and written" if written else "")
    print(f"tcbg: error: {why}; the {games} games finished before are kept ({kept})", file=sys.stderr)
    return LOST_STATUS


def _robust_interrupted(block) -> bool:
    """A robustness run stopped by Ctrl-C (the rows it left out were not played)."""
    from tcbg.montecarlo.robust import ROBUST_AGENTS

    if block is None:
        return False
    if block.get("interrupted"):
        return True
    cells = block.get("matchups") or [block]
    return any(len(cell["rows"]) < len(ROBUST_AGENTS) for cell in cells)


def _matrix(args, runner, progress: bool) -> int:
    from tcbg.montecarlo.matrix import matrix
    from tcbg.montecarlo.report import write_matrix_report

    folder = _output(args)
    long_run = False
    if len(args.decks) >= 2:
        cells = len(args.decks) * (len(args.decks) - 1) // 2
        stages = [(agent, games * cells) for agent, games in
                  [(args.agent, args.games)] + (_robust_stages(args, args.games) if args.robust else [])]
        long_run = say_cost(args, runner, args.decks, stages)
    result = matrix(args.decks, args.games, agent=args.agent, workers=args.workers, runner=runner,
                    progress=progress, **_options(args))
    robustness = None
    if args.robust and not result.interrupted:
        from tcbg.montecarlo.robust import robust_matrix

        robustness = robust_matrix(args.decks, args.games, primary=result, workers=args.workers, runner=runner,
                                   progress=progress, say=_say if long_run else None, **_options(args))
    files = write_matrix_report(result, folder, args.records, robustness) if folder is not None else None
    summary = result.summary()
    played = ""
    if summary["game"] and summary["agents"]:  # the game as the matchups say it (Z/X: whether abilities are on)
        kind = {side: a["kind"] if isinstance(a, dict) else a for side, a in summary["agents"].items()}
        played = f" of {_game_text(summary['game'])}, {kind['A']} agents"
    print(f"{len(result.decks)} decks, {args.games} games per matchup{played} (row deck's win rate against the "
          f"column deck, 95% Wilson interval)")
    print(result.table_text())
    from tcbg.montecarlo.reloads import matrix_reload_lines

    for line in matrix_reload_lines(summary):
        print(line)
    if robustness is not None:
        from tcbg.montecarlo.robust import robustness_lines

        print("\n".join(robustness_lines(robustness)))
    if result.interrupted:
        print(f"interrupted: {len(result.matchups)} matchups played, the last one in part")
    if files is not None:
        print(_written(folder, files))
    lost = next((m.lost for m in result.matchups.values() if m.lost), None)
    if lost:
        return _lost(lost, sum(m.summary_results()["A"]["games"] for m in result.matchups.values()),
                     files is not None)
    return 130 if result.interrupted or _robust_interrupted(robustness) else 0


def _rerun(args, progress: bool) -> int:
    """``tcbg rerun``: the games of a summary again; with --check, whether the records are the same (exit 1 when
    not)."""
    import tcbg.analysis  # noqa: F401  (registers the analyses' summary formats)
    from tcbg.montecarlo.rerun import rerun

    folder = _output(args)
    outcome = rerun(args.summary, folder=folder, check=args.check, workers=args.workers, progress=progress)
    for line in outcome.warnings:
        print(f"tcbg: warning: {line}", file=sys.stderr)
    result = outcome.result
    if hasattr(result, "matchups"):  # a matrix (a metagame's rerun gives its round robin)
        games = sum(m.summary_results()["A"]["games"] for m in result.matchups.values())
    elif hasattr(result, "games_played"):  # an ablation: every variant's and the original's games
        games = result.games_played
    else:
        games = result.summary_results()["A"]["games"]
    print(f"rerun of {args.summary}: {games} games played again")
    if outcome.files is not None:
        print(_written(folder, outcome.files))
    if outcome.checked:
        if outcome.identical:
            print("check: the records are identical to those beside the summary")
        else:
            print(f"check: the records differ from those beside the summary: {outcome.difference}")
            return 1
    interrupted = result.interrupted
    return 130 if interrupted else 0


def matchup_text(summary: dict) -> str:
    """The few lines ``tcbg matchup`` prints."""
    from tcbg.montecarlo.stats import Proportion

    def pct(p: dict) -> str:
        return str(Proportion(p["count"], p["games"]))

    res, game = summary["results"], summary["game"]
    label = summary["labels"]  # "vanilla-a (A)": a mirror match's two sides stay apart
    agents = summary["agents"]
    kind = {side: a["kind"] if isinstance(a, dict) else a for side, a in agents.items()}
    agent_text = kind["A"] if kind["A"] == kind["B"] else f"{kind['A']} / {kind['B']}"
    lines = [f"{label['A']} vs {label['B']}: {summary['games']} games ({summary['pairs']} seat-swapped pairs), "
             f"{agent_text} agents, {_game_text(game)}, seed {summary['seed']}"
             + ("" if summary["native"] else " [Python loop]")]
    if summary["interrupted"]:
        lines.append(f"  interrupted: {summary['games']} of {summary['games_requested']} games played")
    lines.append(f"  {label['A']} wins {pct(res['A'])}, {label['B']} wins {pct(res['B'])}, "
                 f"draws {pct(res['draws'])}")
    elo = res["elo_a"]
    if elo["elo"] is not None:
        lo, hi = elo["ci95"]
        lines.append(f"  Elo {label['A']} - {label['B']}: {_signed(elo['elo'])} "
                     f"[{'-inf' if lo is None else _signed(lo)}, {'+inf' if hi is None else _signed(hi)}]")
    lines.append(f"  first player wins {pct(summary['first_player']['wins'])}")
    for side in ("A", "B", "draw"):
        how = summary["win_conditions"][side]
        if how:
            who = f"{label[side]} wins by" if side in label else "draws by"
            lines.append(f"  {who}: " + ", ".join(f"{reason} {n}" for reason, n in how.items()))
    turns = summary["game_length"]["turns"]
    if turns["games"]:
        lines.append(f"  turns: median {turns['median']:g} (10% {turns['p10']:g}, 90% {turns['p90']:g}, "
                     f"max {turns['max']})")
    from tcbg.montecarlo.reloads import reload_lines

    lines += reload_lines(summary)
    if "sprt" in summary:
        s = summary["sprt"]
        verdict = {"better": f"{label['A']} is better", "worse": f"{label['A']} is worse",
                   "equal": f"equal within {s['margin_elo']:g} Elo", "undecided": "undecided"}[s["decision"]]
        lines.append(f"  sequential test: {verdict} after {s['pairs']} pairs")
    return "\n".join(lines)


def _signed(x: float) -> str:
    """Elo rounded to a whole number with its sign; never "-0"."""
    return f"{round(x) + 0:+d}"
