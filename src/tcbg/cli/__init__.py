"""The ``tcbg`` command line.

    tcbg --version
    tcbg list                                           (the shipped decks, boards and card sets of both games)
    tcbg board list
    tcbg board check NAME_OR_PATH [--rules R]
    tcbg board show NAME_OR_PATH [--rules R] [--setup S]
                    [--from DOT [--speed N] [--range N] [--player P] [--piece DOT:PLAYER[:BLOCK] ...]]
                    -o FILE.svg
    tcbg cards check|list NAME_OR_PATH [--game x610z|zx]  (src/tcbg/cli/cards.py)
    tcbg cards copy NAME [DEST] [--game x610z|zx] [--force]
    tcbg deck check NAME_OR_PATH [--game zx|x610z] [--cards C] [--rules R]
    tcbg deck copy NAME [DEST] [--force]
    tcbg matchup DECK_A DECK_B --games N [options]      (src/tcbg/cli/sim.py, docs/simulation.md)
    tcbg matrix DECK DECK [DECK ...] --games N [options]
    tcbg meta DECK DECK [DECK ...] --games N [--field DECK=SHARE,...] [options]   (src/tcbg/cli/meta.py)
    tcbg rerun SUMMARY.json [-o FOLDER] [--check]
    tcbg ablate DECK --against DECK [DECK ...] --games N [--card NAME | --each-card] [options]  (src/tcbg/cli/ablate.py)
    tcbg tune DECK --against DECK [DECK ...] --pool CARD [CARD ...] [--budget GAMES] [options]  (src/tcbg/cli/tune.py)
    tcbg replay DECK_A DECK_B [options] -o FILE.html | --records FOLDER --row N -o FILE.html  (src/tcbg/cli/replay.py)

``board show`` draws the board as SVG (``tcbg.x610z.svg.render_board_svg``) and prints one summary line.
``board check`` validates a board file and reports, per setup, each seat's steps to its nearest end dot; it exits
with status 1 when a setup is unfair (seats at different distances). ``cards check`` validates a card set of either
game, ``cards list`` prints its cards, ``cards copy`` and ``deck copy`` write a shipped set or deck out for editing
(docs/cards.md, "Making your own cards and decks"). ``deck check`` checks a deck list against deck
construction: for Z/X every rule of CR 401 it breaks, one line each naming the rule (docs/zx/rules.md section 4),
for X610Z the first rule of docs/deck-format.md; it exits with status 1 when the deck is not legal. Bare
``tcbg`` prints the usage; ``tcbg --version`` the version, the source revision of a git checkout and the build (a
hash of the installed package's files, tcbg._build). Every error prints one line ``tcbg: error: ...`` on stderr and
exits with status 2: every number is checked against its range as the command line is read (src/tcbg/cli/args.py),
and an unknown sub-command, choice, option, agent or name gets the nearest ones (src/tcbg/_suggest.py).
Ctrl-C, at any moment, prints one line ``tcbg: interrupted`` (a simulation first summarises the games finished)
and exits with status 130; a closed pipe on stdout (``tcbg list | head -1``) ends the command quietly with status
141, as a command killed by SIGPIPE.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from tcbg.cli.args import MAX_STEPS, Whole
from tcbg.cli.common import _output_file, _UsageError
from tcbg.errors import TcbgError

PROG = "tcbg"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # type: ignore[override]  # argparse would print the usage and exit
        raise _UsageError(message)

    def _check_value(self, action, value):  # a choice or sub-command not known: the nearest ones suggested
        if action.choices is not None and value not in action.choices:
            from tcbg._suggest import with_hint

            known = ", ".join(map(str, action.choices))
            raise argparse.ArgumentError(action, with_hint(f"invalid choice: {str(value)[:40]!r} (choose from "
                                                           f"{known})", str(value), map(str, action.choices)))


def _piece(text: str):
    from tcbg.x610z import Piece

    parts = text.rsplit(":", 2)
    # a dot id may itself contain ':'; the player and block rate are the last one or two fields that are numbers
    if len(parts) == 3 and not parts[2].lstrip("-").isdigit():
        parts = [parts[0] + ":" + parts[1], parts[2]]
    if len(parts) == 3 and not parts[1].lstrip("-").isdigit():
        parts = [parts[0] + ":" + parts[1], parts[2]]
    if len(parts) < 2 or not parts[0]:
        raise argparse.ArgumentTypeError(f"expected DOT:PLAYER[:BLOCK], not {text!r}")
    numbers = []
    for field, what, check in zip(parts[1:], ("PLAYER", "BLOCK"), (_PLAYER, _BLOCK_RATE)):
        try:
            numbers.append(check(field))
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentTypeError(f"{text[:40]!r}: {what} {exc}") from None
    return Piece(parts[0], *numbers)


_PLAYER = Whole(0, 127)  # the core's seat numbers (a setup has fewer: the board names the seats it has)
_BLOCK_RATE = Whole(0, 255)


class _Version(argparse.Action):
    """``--version``: the version line (:func:`tcbg._build.version_text`), made only when asked for (the build hash
    reads the package's files)."""

    def __call__(self, parser, namespace, values, option_string=None):
        from tcbg._build import version_text

        print(version_text())
        raise SystemExit(0)


def _build_parser() -> _Parser:
    parser = _Parser(prog=PROG, description="tcbg: simulation core for trading card board games (X610Z and Z/X).")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="print the version, the source revision (a git checkout's) and the build (a hash of "
                             "the installed package's files) and exit")
    sub = parser.add_subparsers(dest="group", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    sub.add_parser("list", help="list the shipped decks, boards and card sets",
                   description="List what ships with tcbg: decks (with the card set and edition each is built "
                               "for), boards (rules, dots, setups) and card sets (cards, editions).")
    board = sub.add_parser("board", help="X610Z boards: list them, draw one")
    bsub = board.add_subparsers(dest="command", metavar="SUBCOMMAND", parser_class=_Parser)
    bsub.required = True

    bsub.add_parser("list", help="list the shipped boards (name, rules, dots, setups)")

    check = bsub.add_parser(
        "check",
        help="validate a board and report each setup's fairness",
        description="Validate a board file (docs/board-format.md) and report, for every setup, how many steps each "
                    "seat's start dot is from its nearest end dot (corner rule applied). Exit status: 0 valid and "
                    "fair, 1 valid but a setup puts seats at different distances, 2 invalid.",
    )
    check.add_argument("board", metavar="NAME_OR_PATH", help="a shipped board name or a file")
    check.add_argument("--rules", choices=("existenz", "act1"), help="edition (default: the board's own)")

    show = bsub.add_parser(
        "show",
        help="draw a board as SVG",
        description="Draw a board as SVG, optionally with the moves and attacks of a summon standing on --from.",
    )
    show.add_argument("board", metavar="NAME_OR_PATH", help="a shipped board name (see 'tcbg board list') or a file")
    show.add_argument("--rules", choices=("existenz", "act1"), help="edition (default: the board's own)")
    show.add_argument("--setup", help="setup whose seats are marked (default: the board's first setup)")
    show.add_argument("--from", dest="origin", metavar="DOT", help="dot of the summon whose options are drawn")
    show.add_argument("--speed", type=Whole(0, MAX_STEPS), metavar="N",
                      help=f"Speed of that summon, 0 to {MAX_STEPS} (draws its moves)")
    show.add_argument("--range", type=Whole(0, MAX_STEPS), metavar="N",
                      help=f"Range of that summon, 0 to {MAX_STEPS} (draws its attacks)")
    show.add_argument("--player", type=_PLAYER, default=None, metavar="P",
                      help="seat index of the mover in the setup (default 0)")
    show.add_argument("--piece", type=_piece, action="append", default=[], metavar="DOT:PLAYER[:BLOCK]",
                      help="a summon on the board (repeatable): its dot, its player's seat, its block rate")
    show.add_argument("-o", "--output", required=True, metavar="FILE.svg",
                      help="where to write the SVG (missing folders are created)")

    cards = sub.add_parser("cards", help="card sets of both games: check one, list its cards, copy one to edit")
    csub = cards.add_subparsers(dest="command", metavar="SUBCOMMAND", parser_class=_Parser)
    csub.required = True
    deck = sub.add_parser("deck", help="deck lists: check one against deck construction, copy one to edit")
    dsub = deck.add_subparsers(dest="command", metavar="SUBCOMMAND", parser_class=_Parser)
    dsub.required = True
    dcheck = dsub.add_parser(
        "check", help="check a deck list against deck construction",
        description="Check a deck list: Z/X (docs/zx/deck-format.md) against every rule of CR 401, one line per "
                    "violated rule; X610Z (docs/deck-format.md) against its deck rules. Exit status: 0 legal, 1 "
                    "not legal, 2 the file cannot be read (unknown card, malformed line, unknown card set).")
    dcheck.add_argument("deck", metavar="NAME_OR_PATH", help="a shipped deck name or a deck list file")
    dcheck.add_argument("--game", choices=("zx", "x610z"), default=None,
                        help="the game of the list (default: a shipped deck's game; for a file, the game whose "
                             "labels its lines use: x610z for a 'Life base:' line, zx for 'Player:', 'Deck:' ...; "
                             "else the game of a label near one of those or of a Z/X card number; else zx); an error "
                             "says which game was assumed and why")
    dcheck.add_argument("--cards", default=None,
                        help="X610Z: the card set, a shipped name or a card file (default: the one the list's "
                             "'Card set:' line names, which must agree); Z/X lists name their card set themselves")
    dcheck.add_argument("--rules", choices=("existenz", "act1"), default=None,
                        help="X610Z: the edition (default: the one the list's 'Edition:' line names, else existenz)")
    from tcbg.cli import cards as cli_cards

    cli_cards.add_commands(csub, dsub)
    from tcbg.cli.sim import add_commands

    add_commands(sub)
    from tcbg.cli import ablate as cli_ablate, meta as cli_meta, tune as cli_tune
    cli_meta.add_commands(sub)
    cli_ablate.add_commands(sub)
    cli_tune.add_commands(sub)
    from tcbg.cli import replay as cli_replay
    cli_replay.add_commands(sub)
    return parser


def _cmd_list(args) -> int:
    from tcbg.x610z import Board

    for name in Board.names():
        board = Board.load(name)
        print(f"{name}: rules {board.rules}, {len(board.dots)} dots, {len(board.lines)} lines, "
              f"setups {', '.join(board.setups)}")
    return 0


def _cmd_list_all(args) -> int:
    from tcbg.cli.cards import x610z_deck_home
    from tcbg.x610z import Board, CardSet
    from tcbg.x610z.decks import Deck

    print("decks (tcbg matchup DECK_A DECK_B; a deck list file works too):")
    names = Deck.names()
    width = max(len(n) for n in names)
    for name in names:
        print(f"  {name:<{width}}  {x610z_deck_home(name)}")
    print("boards (--board):")
    for name in Board.names():
        board = Board.load(name)
        print(f"  {name}: rules {board.rules}, {len(board.dots)} dots, setups {', '.join(board.setups)}")
    print("card sets (--cards):")
    for name in CardSet.names():
        cards = CardSet.load(name)
        editions = [e for e in ("existenz", "act1") if cards.cards_for(e)]
        print(f"  {name}: {len(cards)} cards, editions {', '.join(editions)}")
    _list_zx()
    return 0


def _list_zx() -> None:
    """The Z/X decks (tcbg matchup plays them with --game zx, or by their names alone) and card sets."""
    from tcbg.zx.cards import CardSet as ZXCardSet
    from tcbg.zx.decks import Deck as ZXDeck
    from tcbg.zx.simulation import all_abilities_written

    print("Z/X decks (tcbg matchup DECK_A DECK_B; a Z/X deck list file works too):")
    names = ZXDeck.names()
    width = max(len(n) for n in names)
    for name in names:
        deck = ZXDeck.load(name)
        note = "" if all_abilities_written([deck]) else "; abilities not written yet: played with effects off"
        print(f"  {name:<{width}}  card set {deck.card_set.name}{note}")
    print("Z/X card sets (named by the deck lists):")
    for name in ZXCardSet.names():
        print(f"  {name}: {len(ZXCardSet.load(name))} cards")


def _cmd_check(args) -> int:
    import numpy as np

    from tcbg.x610z import Board

    board = Board.load(args.board, rules=args.rules)
    ends = [board.index(d.id) for d in board.dots if "end" in board.kinds(d.id)]
    print(f"{board.name} ({board.rules}): valid; {len(board.dots)} dots, {len(board.lines)} lines, "
          f"{len(ends)} end dots")
    distances = board.distance_matrix(corners=True)
    unfair = []
    for name, setup in board.setups.items():
        steps = []
        for seat in setup.seats:
            row = distances[board.index(seat), ends] if ends else np.array([], dtype=np.int32)
            reachable = row[row >= 0]
            steps.append(int(reachable.min()) if reachable.size else None)
        fair = len(set(steps)) == 1 and steps[0] is not None
        shown = ", ".join(f"{seat}: {'no end dot reachable' if n is None else n}"
                          for seat, n in zip(setup.seats, steps))
        print(f"  setup {name}: steps to the nearest end dot: {shown}{'' if fair else '  <- unfair'}")
        if not fair:
            unfair.append(name)
    if unfair:
        print(f"unfair setups: {', '.join(unfair)}")
        return 1
    return 0


def _deck_game(deck: str) -> tuple[str, str | None]:
    """The game of a deck argument and why: a shipped deck's (why None), else what the file's lines say
    (:func:`_list_game`)."""
    from tcbg.x610z.decks import Deck as X610ZDeck
    from tcbg.zx.decks import Deck as ZXDeck

    if deck in ZXDeck.names():
        return "zx", None
    if deck in X610ZDeck.names():
        return "x610z", None
    try:
        with open(deck, encoding="utf-8", errors="replace") as handle:
            text = handle.read(1 << 20)
    except (OSError, ValueError):
        return _unknown_deck_game(deck)
    return _list_game(text)


def _unknown_deck_game(deck: str) -> tuple[str, str | None]:
    """Neither a shipped deck nor a file: the game whose shipped names are nearest (its loader names the missing
    file with its own "did you mean"), Z/X when none is near."""
    from tcbg._suggest import nearest
    from tcbg.x610z.decks import Deck as X610ZDeck
    from tcbg.zx.decks import Deck as ZXDeck

    close = nearest(deck, [*ZXDeck.names(), *X610ZDeck.names()], n=1)
    return ("x610z" if close and close[0] in X610ZDeck.names() else "zx"), None


def _list_game(text: str) -> tuple[str, str]:
    """The game a deck list file is read as, and the lines that decided it: a label only one game's lists have
    (X610Z's 'Life base:', Z/X's 'Player:', 'Prepared:', 'Deck:', 'Dynamis:'); else a line starting with a label
    near one of them (a typo such as 'Lifebase:'); else a Z/X card number; else Z/X, the default."""
    import re

    from tcbg._suggest import DECK_LABELS, GAME_NAMES, label_of, nearest

    own = {game: [lab for lab in labels if not any(lab in other for g, other in DECK_LABELS.items() if g != game)]
           for game, labels in DECK_LABELS.items()}
    exact: dict[str, tuple[int, str]] = {}
    near: dict[str, tuple[int, str, str]] = {}
    number: tuple[int, str] | None = None
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        label = label_of(line)
        if label is not None:
            for game, labels in own.items():
                hit = [lab for lab in labels if " ".join(lab.casefold().split()) == " ".join(label.casefold().split())]
                if hit:
                    exact.setdefault(game, (n, hit[0]))
                elif game not in near:
                    close = nearest(label, labels, n=1)
                    if close and not any(" ".join(label.casefold().split()) == " ".join(lab.casefold().split())
                                         for labs in DECK_LABELS.values() for lab in labs):
                        near[game] = (n, label, close[0])
            continue
        found = re.match(r"[0-9]+[ \t]*[xX]?[ \t]+([A-Z]{1,4}[0-9]{0,3}-[0-9]{2,4})\b", line)
        if found and number is None:
            number = (n, found.group(1))
    if "x610z" in exact:  # a 'Life base:' line: X610Z, as docs/deck-format.md says
        n, label = exact["x610z"]
        return "x610z", f"line {n} is the {label!r} line of X610Z lists"
    if "zx" in exact:
        n, label = exact["zx"]
        return "zx", f"line {n} is the {label!r} line of Z/X lists"
    if near:
        game, (n, typed, label) = min(near.items(), key=lambda item: item[1][0])
        return game, (f"no line is a label of either game's lists, and line {n}'s {typed!r} is nearest "
                      f"{GAME_NAMES[game]}'s {label!r}")
    if number is not None:
        return "zx", f"no line is a label of either game's lists, and line {number[0]} lists the Z/X card number " \
                     f"{number[1]}"
    return "zx", "no line tells the game (X610Z lists have a 'Life base:' line); Z/X is the default"


def _cmd_deck_check(args) -> int:
    game, why = (args.game, None) if args.game else _deck_game(args.deck)
    try:
        return _check_deck_of(args, game)
    except TcbgError as exc:
        if why is None:
            raise
        other = "x610z" if game == "zx" else "zx"
        names = {"x610z": "an X610Z", "zx": "a Z/X"}
        raise _UsageError(f"{exc} (read as {names[game]} deck list: {why}; --game {other} reads it as "
                          f"{names[other]} list)") from None


def _check_deck_of(args, game: str) -> int:
    if game == "zx":
        if args.cards is not None or args.rules is not None:
            raise _UsageError("--cards and --rules are for X610Z lists; a Z/X list names its card set itself")
        from tcbg.zx.decks import Deck, check_deck

        deck = Deck.load(args.deck)
        violations = check_deck(deck)
        for violation in violations:
            print(f"{args.deck}: {violation}")
        if violations:
            print(f"{args.deck}: not legal: {_n(len(violations), 'violation')}")
            return 1
        player = deck.player.label if deck.player else "no Player card"
        print(f"{args.deck}: legal ({deck.card_set.name}; {deck.total()} cards, {deck.ignition_cards()} with the "
              f"Ignition icon; Player {player}; Dynamis {sum(n for _, n in deck.dynamis)})")
        return 0
    from tcbg.cli.cards import check_x610z_deck

    return check_x610z_deck(args)


def _cmd_show(args) -> int:
    from tcbg.errors import PositionError
    from tcbg.x610z import Board
    from tcbg.x610z.svg import render_board_svg

    if args.origin is None:
        for flag, value in (("--speed", args.speed), ("--range", args.range), ("--player", args.player)):
            if value is not None:
                raise _UsageError(f"{flag} needs --from DOT")
    elif args.speed is None and args.range is None:
        raise _UsageError("--from needs --speed and/or --range")
    if not args.output.lower().endswith(".svg"):
        raise _UsageError(f"-o {args.output}: board show writes SVG; name a file ending in .svg (a PNG can be made "
                          "from it with a converter such as rsvg-convert or Inkscape)")
    output = _output_file(args.output)
    board = Board.load(args.board, rules=args.rules)
    setup = board.default_setup if args.setup is None else args.setup
    if setup not in board.setups:
        from tcbg._suggest import with_hint

        raise _UsageError(with_hint(f"unknown setup {setup!r} for board {board.name!r} (setups: "
                                    f"{', '.join(board.setups)})", setup, board.setups))
    player = 0 if args.player is None else args.player
    try:
        svg = render_board_svg(board, setup=setup, origin=args.origin, speed=args.speed, range=args.range,
                               player=player, pieces=tuple(args.piece))
    except PositionError as exc:  # name the --piece as it was typed, not the API's pieces[i]
        if not exc.field.startswith("pieces["):
            raise
        piece = args.piece[int(exc.field[len("pieces["):].split("]")[0])]
        raise _UsageError(f"--piece {piece.dot}:{piece.player}:{piece.block_rate}: {exc.reason}") from None
    # the numbers of the summary (render_board_svg computed the same; recomputing keeps its API a plain str)
    summary = f"{board.name} ({board.rules}), setup {setup}: {len(board.dots)} dots"
    if args.origin is not None:
        pieces = tuple(args.piece)
        summary += f"; from {args.origin} as player {player}"
        if args.speed is not None:
            moves = board.moves(args.origin, args.speed, player=player, setup=setup, pieces=pieces)
            summary += (f", speed {args.speed}: {_n(len({m.destination for m in moves}), 'reachable dot')} "
                        f"({_n(len(moves), 'move')})")
        if args.range is not None:
            attacks = board.attacks(args.origin, args.range, player=player, setup=setup, pieces=pieces)
            summary += (f", range {args.range}: {_n(len({a.target for a in attacks}), 'target')} "
                        f"({_n(len(attacks), 'attack')})")
    with open(output, "w", encoding="utf-8") as f:
        f.write(svg)
    print(f"{summary} -> {output}")
    return 0


def _option_hint(parser: argparse.ArgumentParser, argv: list[str], message: str) -> str:
    """An "unrecognized arguments" error with the nearest options of the sub-command the command line names (argparse
    reports them at the top, which knows none of the sub-commands' options)."""
    prefix = "unrecognized arguments: "
    if not message.startswith(prefix):
        return message
    from tcbg._suggest import did_you_mean

    command = parser
    for word in argv:  # down the sub-commands the words name
        chosen = next((a.choices[word] for a in command._actions
                       if isinstance(a, argparse._SubParsersAction) and word in a.choices), None)
        if chosen is None and not word.startswith("-"):
            continue
        if chosen is not None:
            command = chosen
    options = [o for a in command._actions for o in a.option_strings if o.startswith("--")]
    hints = []
    for word in message[len(prefix):].split():
        flag = word.split("=", 1)[0]
        hint = did_you_mean(flag, options, n=2, cutoff=0.75) if flag.startswith("-") else ""
        if hint:
            hints.append(f"{flag}: {hint}")
    return message + ("; " + "; ".join(hints) if hints else "")


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def command() -> int:
    """The ``tcbg`` command itself (the console script and ``python -m tcbg``): :func:`main` in a process that is the
    command."""
    global AS_COMMAND
    AS_COMMAND = True
    status = main()
    if status == 130:
        _forget_handled_interrupt()
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except KeyboardInterrupt:  # at any moment, even while tcbg loads: a simulation keeps its results itself
        return _interrupted()
    except ImportError as error:
        if not _caused_by_ctrl_c(error):
            raise
        return _interrupted()  # Ctrl-C while a C extension loaded: numpy rewords it as an ImportError
    except BrokenPipeError:  # the reader of stdout left (| head): stop quietly, as a command killed by SIGPIPE
        _silence_stdout()
        return 141


def _interrupted() -> int:
    _ignore_further_interrupts()
    print(f"{PROG}: interrupted", file=sys.stderr)
    return 130


def _caused_by_ctrl_c(error: BaseException) -> bool:
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def _forget_handled_interrupt() -> None:
    """CPython notes a KeyboardInterrupt that passed through some of its C paths (module code run by the C API while
    tcbg loads) and, at exit, ends the process by SIGINT (status -2) however the interrupt was handled. The command
    did handle it and stops with 130, so the note is cleared; elsewhere than CPython there is no such note."""
    try:
        import ctypes

        ctypes.c_int.in_dll(ctypes.pythonapi, "_Py_UnhandledKeyboardInterrupt").value = 0
    except (ImportError, AttributeError, ValueError, OSError):
        pass


AS_COMMAND = False  # set by ``python -m tcbg`` (and the ``tcbg`` script's module): this process is the command


def _ignore_further_interrupts() -> None:
    """The command is stopping with status 130: a second Ctrl-C (or one still pending from a worker's start) while
    Python winds down must not turn that into a traceback or a death by SIGINT. Only when this process is the
    command: main() called from a user's program leaves its Ctrl-C alone."""
    if not AS_COMMAND:
        return
    import signal

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: nothing to protect
        pass


def _silence_stdout() -> None:
    import os

    # what is left in stdout's buffer would fail again when Python flushes it at exit
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a file descriptor (a test's capture): nothing to flush
        pass


def _main(argv: list[str]) -> int:
    parser = _build_parser()
    if not argv:
        parser.print_help()
        return 0
    try:
        try:
            args = parser.parse_args(argv)
        except _UsageError as exc:
            raise _UsageError(_option_hint(parser, argv, str(exc))) from None
        args.argv = argv  # the command line a summary's provenance names
        if args.group == "list":
            return _cmd_list_all(args)
        if args.group == "board" and args.command == "list":
            return _cmd_list(args)
        if args.group == "board" and args.command == "show":
            return _cmd_show(args)
        if args.group == "board" and args.command == "check":
            return _cmd_check(args)
        if getattr(args, "run_content", None) is not None:  # cards check, list, copy; deck copy (cli/cards.py)
            return args.run_content(args)
        if args.group == "deck" and args.command == "check":
            return _cmd_deck_check(args)
        if args.group == "tune":
            return args.run_tune(args)
        if args.group == "ablate":
            from tcbg.cli import ablate as cli_ablate
            return cli_ablate.run(args)
        if args.group in ("matchup", "matrix", "rerun"):
            from tcbg.cli.sim import run

            return run(args)
        if args.group == "replay":
            from tcbg.cli import replay as cli_replay
            return cli_replay.run(args)
        if args.group == "meta":
            from tcbg.cli import meta as cli_meta
            return cli_meta.run(args)
        raise _UsageError(f"unknown command {args.group} {args.command}")  # pragma: no cover - argparse stops it
    except SystemExit as exc:  # --help, --version (status 0)
        return exc.code if isinstance(exc.code, int) else 0
    except _UsageError as exc:
        message = str(exc)
    except TcbgError as exc:
        message = str(exc)
    except BrokenPipeError:
        raise
    except OSError as exc:
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        message = f"{where}{exc.strerror or exc}"
    except (ValueError, TypeError, KeyError, OverflowError) as exc:  # never a traceback for bad input
        message = f"{type(exc).__name__}: {str(exc)[:500]}"
    except RecursionError:  # input nested past what a reader of it takes
        message = "input nested too deeply to be read"
    print(f"{PROG}: error: {_one_line(message)}", file=sys.stderr)
    return 2
