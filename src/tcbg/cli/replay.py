"""``tcbg replay``: write one HTML page that steps through a game (registered by src/tcbg/cli/__init__.py; docs/replay.md).

    tcbg replay DECK_A DECK_B [game options] [--agent KIND] [--agent-b KIND] [--seed S] [--pair K]
                [--seating A-B|B-A] [--game-seed N] -o FILE.html
    tcbg replay DECK_A DECK_B [game options] --history FILE [--seed S --pair K | --game-seed N] -o FILE.html
    tcbg replay --records FOLDER --row N -o FILE.html

The game options are those of ``tcbg matchup`` (:func:`tcbg.cli.common.game_options`). Without ``--game-seed`` the
game is pair K's in seating A-B (deck A first) or B-A of ``tcbg matchup DECK_A DECK_B --seed S``: seeded
``derive_seed(S, K)``, its agents seeded as the matchup's. ``--history`` plays the actions of a file (a JSON list
of ids or texts, or one action a line) instead of agents. ``--records`` replays row N of a matchup's or matrix's
records folder, checked against the row.
"""

from __future__ import annotations

import sys

from tcbg.cli.args import MAX_SEED, Whole, agent
from tcbg.cli.common import _output_file, _seed, _UsageError, game_options

_RULE = "replay.md"


def add_commands(sub) -> None:
    """Add ``replay`` to the ``tcbg`` subcommands."""
    r = sub.add_parser("replay", help="one game as an HTML page that steps through it",
                       description="Write one self-contained HTML page that steps through a game, decision by "
                                   "decision: the position (the X610Z board, the Z/X field and zones), the action "
                                   "taken, the stack, and everything or what one player sees (docs/replay.md).")
    r.add_argument("decks", metavar="DECK", nargs="*", help="deck A and deck B (shipped names or deck list files)")
    game_options(r, "the HTML file to write (missing folders are created)", output_metavar="FILE.html",
                 many_games=False)  # one game in this process: no --workers, --scheduler or progress bar
    r.add_argument("--agent-b", type=agent, metavar="KIND", help="agent of deck B's seats (default: --agent)")
    r.add_argument("--pair", type=Whole(0, MAX_SEED), default=0, metavar="K",
                   help="the matchup's pair K, 0 to 2**64 - 1: game seed derive_seed(--seed, K) (default 0)")
    r.add_argument("--seating", choices=("A-B", "B-A"), default="A-B",
                   help="A-B: deck A on the first team's seats (default); B-A: swapped")
    r.add_argument("--game-seed", type=_seed, metavar="N",
                   help="the game's own seed, 0 to 2**64 - 1 (game.new_initial_state(seed=N)) instead of --seed and "
                        "--pair")
    r.add_argument("--history", metavar="FILE",
                   help="play these actions (a JSON list of ids or texts, or one a line) instead of agents")
    r.add_argument("--records", metavar="FOLDER",
                   help="a folder of tcbg matchup or tcbg matrix (or its summary.json): replay one of its games")
    r.add_argument("--row", type=Whole(0, 2**63 - 1), metavar="N",
                   help="with --records: the row of the records (from 0)")


def _given(args, *flags: str) -> list[str]:
    """The flags of ``flags`` typed on the command line (their defaults cannot tell)."""
    argv = getattr(args, "argv", None) or []
    return [flag for flag in flags if any(a == flag or a.startswith(flag + "=") for a in argv)]


def run(args) -> int:
    """Run ``tcbg replay`` with parsed ``args``; errors propagate to ``tcbg.cli.main``."""
    if not args.output:
        raise _UsageError("replay needs -o FILE.html, the page to write")
    if not args.output.lower().endswith((".html", ".htm")):
        raise _UsageError(f"-o {args.output}: replay writes one HTML page; name a file ending in .html")
    warnings: list[str] = []
    if args.records is not None:
        replay = _from_records(args, warnings, _UsageError)
    else:
        if args.row is not None:
            raise _UsageError("--row needs --records FOLDER")
        replay = _from_decks(args, _UsageError)
    output = _output_file(args.output)
    from tcbg.replay.page import write_replay

    write_replay(replay, output)
    for line in warnings:
        print(f"tcbg: warning: {line}", file=sys.stderr)
    end = replay.end
    if end["over"]:
        won = (f"seat {', '.join(map(str, end['winners']))} ({', '.join(replay.labels[s] for s in end['winners'])})"
               f" won by {end['reason']}") if end["winners"] else f"a draw ({end['reason']})"
        outcome = f"{won} after {end['turns']} turns"
    else:
        outcome = f"the record stops at turn {end['turns']}, the game not over"
    size = output.stat().st_size
    print(f"{' vs '.join(replay.labels)}, {replay.source}: {len(replay.frames)} positions, {outcome} -> {output} "
          f"({size / 1000:.0f} kB)")
    return 0


def _from_records(args, warnings, usage):
    if args.row is None:
        raise usage("--records needs --row N, the game to replay")
    others = [flag for flag, value in (("DECK", args.decks or None), ("--agent", args.agent),
                                       ("--agent-b", args.agent_b), ("--board", args.board),
                                       ("--rules", args.rules), ("--setup", args.setup), ("--cards", args.cards),
                                       ("--effects", args.effects), ("--history", args.history),
                                       ("--game-seed", args.game_seed)) if value is not None]
    others += _given(args, "--seed", "--max-turns", "--pair", "--seating")
    if others:
        raise usage(f"{others[0]}: with --records the game, its decks, options, agents and seed are the records' "
                    f"own (their summary's provenance)")
    from tcbg.errors import ProvenanceError
    from tcbg.montecarlo.rerun import read_summary
    from tcbg.replay.sources import summary_path, from_records

    if args.game is not None:
        path = summary_path(args.records)
        kind = (read_summary(path).get("provenance") or {}).get("game", {}).get("kind")
        if kind != args.game:
            raise ProvenanceError(f"the records are of a {kind} game, not {args.game} as --game says",
                                  field=f"{path}: provenance.game.kind", rule=f"{_RULE} records")
    try:
        return from_records(args.records, args.row, warnings)
    except (KeyError, IndexError, TypeError, AttributeError) as exc:  # a summary edited out of the shape tcbg writes
        detail = f"the field {exc.args[0]!r} is missing" if isinstance(exc, KeyError) else str(exc)
        raise ProvenanceError(f"is not a summary of the shape tcbg writes ({detail})",
                              field=str(summary_path(args.records)), rule=f"{_RULE} records") from None


def _from_decks(args, usage):
    from tcbg.montecarlo import games as game_adapter
    from tcbg.montecarlo.agents import normalise_agents
    from tcbg.montecarlo.matchup import default_agent
    from tcbg.replay.record import play_game, read_history, replay_history

    if len(args.decks) != 2:
        raise usage(f"replay needs two decks, DECK_A and DECK_B (or --records FOLDER --row N), not {len(args.decks)}")
    if args.game_seed is not None and _given(args, "--seed", "--pair"):
        raise usage("--game-seed is the game's own seed: give it or --seed and --pair, not both")
    kind = args.game or game_adapter.game_of_decks(args.decks)
    options = {name: value for name, value in (("board", args.board), ("rules", args.rules), ("setup", args.setup),
                                               ("cards", args.cards), ("max_turns", args.max_turns),
                                               ("effects", args.effects)) if value is not None}
    ab, ba, sides_ab, sides_ba = game_adapter.matchup_games(args.decks[0], args.decks[1], game=kind, **options)
    game, sides = (ab, sides_ab) if args.seating == "A-B" else (ba, sides_ba)
    if args.game_seed is not None:
        seed, where = args.game_seed, f"game seed {args.game_seed}"
    else:
        seed = game_adapter.derive_seed(args.seed, args.pair)
        where = f"pair {args.pair}, seating {args.seating} of seed {args.seed} (game seed {seed})"
    labels = [f"{deck.name} ({side})" for deck, side in zip(game.decks, sides)]
    if args.history is not None:
        if args.agent is not None or args.agent_b is not None:
            raise usage("--history plays the actions of its file: --agent and --agent-b are not used with it")
        actions = read_history(args.history)
        return replay_history(game, seed, actions, labels=labels, source=f"{where}, history {args.history}",
                              where=f"history {args.history}: action")
    agent = default_agent(kind) if args.agent is None else args.agent
    specs = {"A": normalise_agents(agent, 1)[0],
             "B": normalise_agents(agent if args.agent_b is None else args.agent_b, 1)[0]}
    for spec in specs.values():  # an agent the game cannot play, refused in one line
        game_adapter.native_agent_class(game)(spec, 0)
    return play_game(game, [specs[side] for side in sides], seed, labels=labels, source=where)


__all__ = ["add_commands", "run"]
