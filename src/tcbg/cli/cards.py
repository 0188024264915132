"""The card set and deck list commands of ``tcbg`` for both games (registered by src/tcbg/cli/__init__.py; docs/cards.md,
"Making your own cards and decks").

    tcbg cards check NAME_OR_PATH [--game x610z|zx]      a card file of either game, or a shipped set
    tcbg cards list NAME_OR_PATH [--game x610z|zx]       every card: number, name, type, cost, stats, what it does
    tcbg cards copy NAME [DEST] [--game x610z|zx] [--force]
    tcbg deck copy NAME [DEST] [--force]

A card file's game is its ``format`` field (``tcbg-cards/1`` or ``/2``: X610Z, docs/card-data.md;
``tcbg-zx-cards/1``: Z/X, docs/zx/card-data.md); a shipped set's is the game that ships it (``vanilla`` is the name of
a set of each game: X610Z's unless ``--game zx``). ``copy`` writes a shipped card set (with the effects module its
``effects`` field names) or a shipped deck list into the current folder, or DEST, for editing; a deck copied into a
folder that holds a copy of its card set (a card file of that set's name) names that file on its ``Card set:`` line.
Copies never overwrite a file unless ``--force``. Bad arguments print one ``tcbg: error:`` line and exit with
status 2.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from importlib import resources
from pathlib import Path

from tcbg.errors import CardError, DeckError

GAMES = ("x610z", "zx")
_ZX_FORMAT = re.compile(r'"format"\s*:\s*"tcbg-zx-cards/')
_SET_LINE = re.compile(r"^([ \t]*card set[ \t]*:[ \t]*)([^#\n]*?)([ \t]*(?:[ \t]#[^\n]*)?)$",
                       re.IGNORECASE | re.MULTILINE)


def add_commands(cards_sub, deck_sub) -> None:
    """Add ``check``, ``list`` and ``copy`` to ``tcbg cards`` and ``copy`` to ``tcbg deck``."""
    game_help = ("the game of a shipped set's name (default: the game that ships it; X610Z's for 'vanilla', which "
                 "both games have) or of a file (default: its format field)")
    check = cards_sub.add_parser(
        "check", help="validate a card set of either game",
        description="Validate a card set: a card file of either game (X610Z's tcbg-cards/1 or /2, docs/card-data.md; "
                    "Z/X's tcbg-zx-cards/1, docs/zx/card-data.md, told apart by the format field) or a shipped "
                    "set's name, and summarise it. Exit status: 0 valid, 2 not.")
    check.add_argument("cards", metavar="NAME_OR_PATH", help="a shipped card set name or a card file")
    check.add_argument("--game", choices=GAMES, default=None, help=game_help)
    check.set_defaults(run_content=run_check)

    listing = cards_sub.add_parser(
        "list", help="list a card set's cards and what they do",
        description="Print every card of a card set, one line each: its number (Z/X), name, type, cost, stats, deck "
                    "limit (X610Z) and a line of what it does (the card's text; else its definition or keywords).")
    listing.add_argument("cards", metavar="NAME_OR_PATH", help="a shipped card set name or a card file")
    listing.add_argument("--game", choices=GAMES, default=None, help=game_help)
    listing.set_defaults(run_content=run_list)

    copy = cards_sub.add_parser(
        "copy", help="write a shipped card set into a folder, for editing",
        description="Write the shipped card set NAME (its JSON file and the effects module it names) into DEST: a "
                    "folder (default: the current folder) or a .json file. The copy keeps the set's name, so the "
                    "shipped decks of that set play with it (--cards FILE).")
    copy.add_argument("name", metavar="NAME", help="a shipped card set (tcbg list)")
    copy.add_argument("dest", metavar="DEST", nargs="?", default=None,
                      help="a folder (created if missing) or a .json file")
    copy.add_argument("--game", choices=GAMES, default=None, help=game_help)
    copy.add_argument("--force", action="store_true", help="overwrite files that exist")
    copy.set_defaults(run_content=run_copy_cards)

    deck_copy = deck_sub.add_parser(
        "copy", help="write a shipped deck list into a folder, for editing",
        description="Write the shipped deck list NAME (of either game) into DEST: a folder (default: the current "
                    "folder) or a .txt file. When the folder holds a copy of the deck's card set (a card file of "
                    "that set's name, as 'tcbg cards copy' writes it), the copy's 'Card set:' line names that file; "
                    "otherwise it names the shipped set.")
    deck_copy.add_argument("name", metavar="NAME", help="a shipped deck (tcbg list)")
    deck_copy.add_argument("dest", metavar="DEST", nargs="?", default=None,
                           help="a folder (created if missing) or a .txt file")
    deck_copy.add_argument("--force", action="store_true", help="overwrite a file that exists")
    deck_copy.set_defaults(run_content=run_copy_deck)


# -- which game ------------------------------------------------------------------------------------------------------

def _set_names(game: str) -> list[str]:
    if game == "zx":
        from tcbg.zx.cards import CardSet
    else:
        from tcbg.x610z.cards import CardSet
    return CardSet.names()


def card_set_game(name_or_path: str, game: str | None = None) -> str:
    """The game of a card set argument: ``game`` when given; a shipped set's name is the game's that ships it
    (X610Z's first); a file is Z/X's when its format field is ``tcbg-zx-cards/...``, else X610Z's (whose reader
    names what is wrong with it). Neither a shipped name nor a file: :class:`tcbg.CardError` with the nearest
    names of both games."""
    if game is not None:
        return game
    for candidate in GAMES:
        if name_or_path in _set_names(candidate):
            return candidate
    if os.path.isfile(name_or_path):
        try:
            with open(name_or_path, encoding="utf-8", errors="replace") as handle:
                head = handle.read(1 << 16)
        except OSError:
            return "x610z"  # its reader names the failure
        return "zx" if _ZX_FORMAT.search(head) else "x610z"
    names = sorted({*_set_names("x610z"), *_set_names("zx")})
    close = difflib.get_close_matches(name_or_path, names, n=2)
    hint = ("; did you mean " + " or ".join(repr(c) for c in close) + "?") if close else \
        f" (shipped sets: X610Z {', '.join(_set_names('x610z'))}; Z/X {', '.join(_set_names('zx'))})"
    raise CardError(f"no shipped card set of this name and no such file{hint}", file=name_or_path, rule="C1")


def _both_games_note(name: str, game: str) -> str:
    """A note when ``name`` is a shipped set of both games."""
    other = "zx" if game == "x610z" else "x610z"
    if name in _set_names(game) and name in _set_names(other):
        return f" (Z/X has a set {name!r} too: --game zx)" if game == "x610z" else ""
    return ""


def _load_set(name_or_path: str, game: str):
    if game == "zx":
        from tcbg.zx.cards import CardSet
    else:
        from tcbg.x610z.cards import CardSet
    return CardSet.load(name_or_path)


# -- cards check -----------------------------------------------------------------------------------------------------

def run_check(args) -> int:
    """``tcbg cards check``."""
    from collections import Counter

    game = card_set_game(args.cards, args.game)
    cards = _load_set(args.cards, game)
    by_type = Counter(card.type for card in cards)
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(by_type.items()))
    if game == "x610z":
        print(f"{cards.name}: valid; {len(cards)} cards ({kinds}){_both_games_note(args.cards, game)}")
        for edition in ("existenz", "act1"):
            print(f"  legal in {edition}: {len(cards.cards_for(edition))}")
        print(f"  with effects: {len(cards.effects)}")
        return 0
    print(f"{cards.name}: valid (Z/X); {len(cards)} cards ({kinds})")
    missing = cards.missing_effects()
    with_text = sum(1 for card in cards if card.has_abilities)
    print(f"  with abilities beyond keywords: {with_text}; abilities written: {with_text - len(missing)}")
    if missing:
        shown = ", ".join(c.number for c in missing[:40]) + (f" and {len(missing) - 40} more" if len(missing) > 40 else "")
        print(f"  abilities not written yet (played with effects off): {shown}")
    return 0


# -- cards list ------------------------------------------------------------------------------------------------------

def run_list(args) -> int:
    """``tcbg cards list``."""
    game = card_set_game(args.cards, args.game)
    cards = _load_set(args.cards, game)
    lines = x610z_card_lines(cards) if game == "x610z" else zx_card_lines(cards)
    title = "X610Z" if game == "x610z" else "Z/X"
    print(f"{cards.name} ({title}, {len(cards)} cards){_both_games_note(args.cards, game)}:")
    for line in lines:
        print(f"  {line}")
    return 0


def _one_line(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def x610z_card_lines(cards) -> list[str]:
    """One line per card of an X610Z set: name, type (and class), cost, stats, deck limit and what it does (the
    card's ``text``; else its definition, docs/cards.md; else ``no effects``).

    >>> from tcbg.x610z.cards import CardSet
    >>> vanilla = CardSet.load("vanilla")
    >>> print(x610z_card_lines(vanilla)[vanilla.card_names().index("Ashwing Drake")])  # doctest: +NORMALIZE_WHITESPACE
    Ashwing Drake  summon dragon  cost C1 B2  attack 3 defense 6 speed 5 range 2 move B1  limit 3  | no effects
    """
    width = max(len(card.name) for card in cards)
    out = []
    for card in cards:
        kind = card.type if card.summon_class in (None, card.type) else f"{card.type} {card.summon_class}"
        parts = [f"{card.name:<{width}}", f"{kind:<16}", f"cost {str(card.cost) or '-':<10}"]
        if card.is_summon:
            stats = " ".join(f"{label} {'-' if value is None else value}" for label, value in (
                ("attack", card.attack), ("defense", card.defense), ("speed", card.speed), ("range", card.range)))
            stats += f" move {str(card.move_cost) or '-'}"
            if card.block_rate:
                stats += f" block {card.block_rate}"
            if card.all_directions:
                stats += " all directions"
            parts.append(stats)
        elif card.produces:
            parts.append(f"produces {card.produces}")
        parts.append(f"limit {card.deck_limit}")
        definition = cards.definition(card.name)
        does = card.text or (repr(definition) if definition is not None else "no effects")
        out.append("  ".join(parts) + "  | " + _one_line(does))
    return out


def zx_card_lines(cards) -> list[str]:
    """One line per card of a Z/X set: number, names, type, colours, race, cost, power, icon and what it does (its
    ``text`` and keywords, ``no abilities`` for none; a text whose ability is not written yet says so).

    >>> from tcbg.zx.cards import CardSet
    >>> zx_card_lines(CardSet.load("starter-2012"))[2]  # doctest: +ELLIPSIS
    'C01-003  紅い牙ルビーハウル (Crimson Fang, Ruby Howl)  Z/X red Gigantic  cost 3  power 4500  IG  | When ...'
    """
    from tcbg.zx.cards import INFINITE_COST

    out = []
    for card in cards:
        parts = [card.number, f"{card.name} ({card.name_en})",
                 " ".join([card.type, *card.colours, " / ".join(card.races)]).strip()]
        if card.cost is not None:
            parts.append(f"cost {'infinity' if card.cost == INFINITE_COST else card.cost}")
        if card.power is not None:
            parts.append(f"power {card.power}")
        if card.icon:
            parts.append(card.icon)
        unwritten = "" if card.text else f"{card.abilities} abilit{'y' if card.abilities == 1 else 'ies'}" if card.abilities else ""
        does = "; ".join([*card.keywords, *([card.text or unwritten] if card.has_abilities else [])]) or "no abilities"
        if card.has_abilities and card.number not in cards.effects:
            does += " (ability not written yet)"
        out.append("  ".join(parts) + "  | " + _one_line(does))
    return out


# -- copies ----------------------------------------------------------------------------------------------------------

def _target(dest: str | None, default_name: str, suffix: str) -> Path:
    """Where a copy goes: DEST/default_name for a folder (the current folder without DEST; a DEST that does not
    exist and has no suffix is a folder to create), else DEST itself, which must end in ``suffix``."""
    if dest is None:
        return Path(default_name)
    path = Path(dest).expanduser()
    if path.is_dir() or (not path.exists() and not path.suffix):
        return path / default_name
    if not path.name.lower().endswith(suffix):
        from tcbg.cli.common import _UsageError

        raise _UsageError(f"{dest}: a copy goes into a folder or a file ending in {suffix}")
    return path


def _write(path: Path, data: bytes, force: bool) -> None:
    if path.exists() and not force:
        raise FileExistsError(17, "exists; pass --force to overwrite it", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _shipped_set_files(name: str, game: str) -> tuple[bytes, str | None, bytes | None]:
    """A shipped set's JSON bytes and its effects module's file name and bytes (None without one)."""
    folder = resources.files("tcbg.zx" if game == "zx" else "tcbg.x610z") / "cardsets"
    data = (folder / f"{name}.json").read_bytes()
    module = json.loads(data).get("effects")
    if isinstance(module, str) and module.endswith(".py"):
        return data, module, (folder / module).read_bytes()
    return data, None, None


def run_copy_cards(args) -> int:
    """``tcbg cards copy``."""
    game = card_set_game(args.name, args.game)
    if args.name not in _set_names(game):
        kind = "X610Z" if game == "x610z" else "Z/X"
        raise CardError(f"'tcbg cards copy' copies a shipped card set, and {kind} ships no set of this name (its "
                        f"sets: {', '.join(_set_names(game))})", file=args.name, rule="C1")
    data, module, code = _shipped_set_files(args.name, game)
    target = _target(args.dest, f"{args.name}.json", ".json")
    written = [target]
    if module is not None:
        written.append(target.parent / module)
    for path in written:  # nothing is written when one of them is refused
        if path.exists() and not args.force:
            raise FileExistsError(17, "exists; pass --force to overwrite it", str(path))
    _write(target, data, args.force)
    if module is not None:
        _write(target.parent / module, code, args.force)
    shown = " and ".join(str(path) for path in written)
    print(f"{shown}: the card set {args.name!r} ({'X610Z' if game == 'x610z' else 'Z/X'}); check it with "
          f"'tcbg cards check {target}'")
    return 0


def _deck_game(name: str) -> str:
    from tcbg.x610z.decks import Deck as X610ZDeck
    from tcbg.zx.decks import Deck as ZXDeck

    if name in X610ZDeck.names():
        return "x610z"
    if name in ZXDeck.names():
        return "zx"
    names = sorted({*X610ZDeck.names(), *ZXDeck.names()})
    close = difflib.get_close_matches(name, names, n=2)
    hint = ("; did you mean " + " or ".join(repr(c) for c in close) + "?") if close else \
        f" (shipped decks: {', '.join(names)})"
    raise DeckError(f"'tcbg deck copy' copies a shipped deck, and there is none of this name{hint}", file=name,
                    rule="D1")


def local_card_file(folder: Path, set_name: str, game: str) -> Path | None:
    """The card file in ``folder`` of the set named ``set_name`` of ``game``: ``set_name.json`` when it is one, else
    the only one; None when there is none (or several without ``set_name.json``)."""
    found = []
    for path in sorted(folder.glob("*.json")):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(doc, dict) or doc.get("name") != set_name or not isinstance(doc.get("format"), str):
            continue
        if doc["format"].startswith("tcbg-zx-cards/") == (game == "zx"):
            found.append(path)
    preferred = [path for path in found if path.name == f"{set_name}.json"]
    return preferred[0] if preferred else (found[0] if len(found) == 1 else None)


def run_copy_deck(args) -> int:
    """``tcbg deck copy``."""
    game = _deck_game(args.name)
    if game == "zx":
        from tcbg.zx.decks import DECKLISTS
    else:
        from tcbg.x610z.decks import DECKLISTS
    text = (DECKLISTS / f"{args.name}.txt").read_text(encoding="utf-8")
    target = _target(args.dest, f"{args.name}.txt", ".txt")
    line = _SET_LINE.search(text)
    if line is None:  # every shipped list names its set (tests/test_cli_cards.py)
        raise DeckError("the shipped list has no 'Card set:' line", file=f"{args.name}.txt", rule="D10")
    set_name = line.group(2).strip()
    local = local_card_file(target.parent, set_name, game) if target.parent.is_dir() else None
    if local is not None:
        text = text[:line.start(2)] + local.name + text[line.end(2):]
        note = f"its 'Card set:' line names {local.name}, the copy of {set_name!r} beside it"
    else:
        note = (f"its 'Card set:' line names the shipped set {set_name!r} (copy that first with 'tcbg cards copy "
                f"{set_name}' to play the deck with your own cards)")
    _write(target, text.encode("utf-8"), args.force)
    print(f"{target}: the deck {args.name!r}; {note}")
    return 0


# -- the X610Z side of tcbg deck check and tcbg list ----------------------------------------------------------------

def check_x610z_deck(args) -> int:
    """The X610Z side of ``tcbg deck check``: the list read as every command reads it
    (``tcbg.x610z.decks.load_decks``), with ``--cards`` and ``--rules`` in place of its own lines when given."""
    from tcbg.x610z.decks import load_decks

    try:
        cards, (deck,) = load_decks([args.deck], args.cards, edition=args.rules)
    except DeckError as exc:
        if exc.rule not in ("D5", "D8", "D9"):  # not a construction rule: the file itself is wrong
            raise
        print(f"{args.deck}: {exc.rule}: {exc.where}: {exc.reason}")
        print(f"{args.deck}: not legal (X610Z lists stop at the first rule broken)")
        return 1
    print(f"{args.deck}: legal ({cards.name}, edition {deck.edition}; {deck.total()} cards, life base "
          f"{deck.life_base.name})")
    return 0


def x610z_deck_home(name: str) -> str:
    """``card set NAME, edition EDITION`` of a shipped X610Z deck, as its own lines say (``tcbg list``)."""
    from tcbg.x610z.decks import Deck

    deck = Deck.load(name, deck_size=None)
    return f"card set {deck.card_set.name}, edition {deck.built_for or deck.edition}"
