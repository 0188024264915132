"""The ``tcbg tune`` command (registered by src/tcbg/cli/__init__.py; docs/balance.md, "Deck tuning").

    tcbg tune DECK --against DECK [DECK ...] --pool CARD [CARD ...] [--budget GAMES] [--fresh-games N]
              [--finalists K] [--card NAME ...] [--one-card] [--agent KIND] [--seed S] [--workers N] [-o FOLDER]
              [game options: --game, --board, --rules, --setup, --cards, --effects, --max-turns]

Searches the one- and two-card changes of DECK (every copy of a card of DECK replaced by a card of ``--pool``,
within deck construction) by successive halving on common random numbers against the ``--against`` decks, then
re-measures the finalists and DECK on fresh seeds never used for selection, and prints each finalist's re-measured
score beside the score it was selected on (the gap is the winner's curse) and its change against DECK with a paired
95% interval. With ``-o`` it writes ``summary.json`` (``tcbg-tune/1``), ``pairs.parquet`` and ``report.html``. Bad
arguments print one ``tcbg: error:`` line and exit with status 2.
"""

from __future__ import annotations

from tcbg.cli.args import MAX_GAMES, Whole
from tcbg.cli.common import GAMES, game_options, run_analysis, say_cost

MAX_FINALISTS = 1000


def add_commands(sub) -> None:
    """Add ``tune`` to the ``tcbg`` subcommands."""
    from tcbg.analysis.tune import DEFAULT_BUDGET

    t = sub.add_parser("tune", help="search one- and two-card changes of a deck, re-measured on fresh seeds",
                       description="Search the one- and two-card changes of DECK with the --pool cards (within deck "
                                   "construction) by successive halving on common random numbers against the "
                                   "--against decks, then re-measure the finalists on fresh seeds and report "
                                   "their re-measured score beside the one they were selected on (docs/balance.md).")
    t.set_defaults(run_tune=run)
    t.add_argument("deck", metavar="DECK", help="the deck to tune: a shipped deck name or a deck list file")
    t.add_argument("--against", nargs="+", required=True, metavar="DECK", help="the opponents' decks")
    t.add_argument("--pool", nargs="+", required=True, metavar="CARD",
                   help="the cards a change may bring in (Z/X: number or name)")
    t.add_argument("--budget", type=Whole(2, MAX_GAMES), default=DEFAULT_BUDGET, metavar="GAMES",
                   help=f"games of selection in all, 2 to {MAX_GAMES:,} (default {DEFAULT_BUDGET})")
    t.add_argument("--fresh-games", type=GAMES, default=200, metavar="N",
                   help="games per finalist and opponent on fresh seeds, an even number (default 200)")
    t.add_argument("--finalists", type=Whole(1, MAX_FINALISTS), default=3, metavar="K",
                   help=f"finalists re-measured, 1 to {MAX_FINALISTS} (default 3)")
    t.add_argument("--card", action="append", default=None, metavar="NAME",
                   help="a card of DECK a change may take out (repeatable; default every card)")
    t.add_argument("--one-card", action="store_true", help="one-card changes only (no two-card changes)")
    game_options(t, "write summary.json, pairs.parquet and report.html here")


def run(args) -> int:
    """Run ``tcbg tune`` with parsed ``args``; errors propagate to ``tcbg.cli.main``."""
    from tcbg.analysis.tune import tune
    from tcbg.analysis.tune_report import write_tune_report

    def play(runner, progress):
        def before_games(games: int) -> None:
            say_cost(args, runner, [args.deck, *args.against], [(args.agent, games)])

        return tune(args.deck, args.against, args.pool, args.budget, fresh_games=args.fresh_games,
                    finalists=args.finalists, cards=args.card, two_cards=not args.one_card, seed=args.seed,
                    agent=args.agent, game=args.game, workers=args.workers, runner=runner, progress=progress,
                    board=args.board, rules=args.rules, setup=args.setup, card_set=args.cards,
                    max_turns=args.max_turns, effects=args.effects, before_games=before_games)

    return run_analysis(args, play, write_tune_report)
