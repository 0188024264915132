"""The ``tcbg ablate`` command (registered by src/tcbg/cli/__init__.py; docs/balance.md, "Card ablation").

    tcbg ablate DECK --against DECK [DECK ...] --games N [--card NAME ... | --each-card] [--baseline NAME]
                [--until-precise POINTS [--max-games N]] [--agent KIND] [--seed S] [--workers N] [-o FOLDER]
                [game options: --game, --board, --rules, --setup, --cards, --effects, --max-turns]

Replaces every copy of a card of DECK with a baseline card (``--baseline``, else each card's default: a vanilla
card of the same cost and class), plays the variant and DECK on common random numbers against every deck of
``--against`` (``--games`` per variant and opponent, seat-swapped pairs), and prints the change in score per card
with its 95% interval, ranked, beside the observational per-card statistic. With ``-o`` it writes
``summary.json`` (``tcbg-ablation/1``) and ``report.html``. Bad arguments print one ``tcbg: error:`` line and exit
with status 2.
"""

from __future__ import annotations

from tcbg.cli.args import MAX_GAMES, Number
from tcbg.cli.common import GAMES, game_options, run_analysis, say_cost


def add_commands(sub) -> None:
    """Add ``ablate`` to the ``tcbg`` subcommands."""
    a = sub.add_parser("ablate", help="what each card of a deck is worth: replace it, replay the same games",
                       description="Replace every copy of a card of DECK with a baseline card and play the variant "
                                   "and DECK against the --against decks on common random numbers; report the "
                                   "change in score per card with its 95% interval, ranked, beside the "
                                   "observational per-card statistic (docs/balance.md).")
    a.add_argument("deck", metavar="DECK", help="the deck to ablate: a shipped deck name or a deck list file")
    a.add_argument("--against", nargs="+", required=True, metavar="DECK", help="the opponents' decks")
    which = a.add_mutually_exclusive_group()
    which.add_argument("--card", action="append", default=None, metavar="NAME",
                       help="a card of DECK to ablate (repeatable; Z/X: number or name)")
    which.add_argument("--each-card", action="store_true", help="every card of DECK (the default)")
    a.add_argument("--baseline", metavar="NAME",
                   help="the card that replaces each ablated card (default: a vanilla card of the same cost and "
                        "class; X610Z rules.md 7.1-7.3, Z/X Z14.1)")
    a.add_argument("--games", type=GAMES, required=True, metavar="N",
                   help=f"games per variant and opponent, an even number (seat-swapped pairs) from 2 to {MAX_GAMES:,}")
    a.add_argument("--until-precise", type=Number(0, 100), default=None, metavar="POINTS",
                   help="play more pairs until every card's 95%% interval is within plus or minus POINTS (above 0 "
                        "and up to 100)")
    a.add_argument("--max-games", type=GAMES, default=None, metavar="N",
                   help="with --until-precise, the most games per variant and opponent, an even number (default 50 "
                        "x --games)")
    game_options(a, "write summary.json, pairs.parquet and report.html here")


def run(args) -> int:
    """Run ``tcbg ablate`` with parsed ``args``; errors propagate to ``tcbg.cli.main``."""
    from tcbg.analysis.ablation import ablate
    from tcbg.analysis.ablation_report import write_ablation_report

    def play(runner, progress):
        then = ""
        if args.until_precise is not None:
            most = args.max_games if args.max_games is not None else 50 * args.games
            then = (f" in its first round (then more until every card is within plus or minus {args.until_precise:g} "
                    f"points, at most {most:,} games per variant and opponent)")

        def before_games(games: int) -> None:
            say_cost(args, runner, [args.deck, *args.against], [(args.agent, games)], then)

        return ablate(args.deck, args.against, args.games, cards=args.card, baseline=args.baseline,
                      seed=args.seed, agent=args.agent, until_precise=args.until_precise, max_games=args.max_games,
                      game=args.game, workers=args.workers, runner=runner, progress=progress, board=args.board,
                      rules=args.rules, setup=args.setup, card_set=args.cards, max_turns=args.max_turns,
                      effects=args.effects, before_games=before_games)

    return run_analysis(args, play, write_ablation_report)
