"""X610Z decks: the plain-text deck list format (docs/deck-format.md), loaded and checked against a card set and an
edition.

A deck list is a text file with a ``Card set: NAME`` line naming the card set it draws on, an optional ``Edition:``
line, one ``Life base: NAME`` line and one ``COUNT NAME`` line per card. Shipped decks load by name (``Deck.names()``);
any other file loads by path, and text loads with :meth:`Deck.parse`. Every rule of docs/deck-format.md (D1 to
D11) is checked on loading; a broken one raises :class:`tcbg.DeckError` naming the file, the line and the rule.
:func:`load_decks` is how every command and ``tcbg.load_game`` read the decks of one game: one card set for all
of them, from their ``Card set:`` lines or the caller's.

>>> from tcbg.x610z.cards import CardSet
>>> from tcbg.x610z.decks import Deck
>>> deck = Deck.load("arnunnian")
>>> deck.card_set.name, deck.life_base.name, deck.total(), deck.edition
('ruins', 'Skyspire Citadel', 50, 'existenz')
>>> vanilla = CardSet.load("vanilla")
>>> Deck.load("vanilla-a", vanilla).name
'vanilla-a'
>>> deck.counts()["Hunter Dragon"]
3
>>> text = '''
... Life base: Wandering Citadel
... 3 Ashwing Drake
... 2 Quickfire Shard
... '''
>>> small = Deck.parse(text, vanilla, edition="act1", deck_size=5)
>>> [card.name for card in small.card_list()]
['Ashwing Drake', 'Ashwing Drake', 'Ashwing Drake', 'Quickfire Shard', 'Quickfire Shard']
>>> Deck.parse(text.replace("Drake", "Drak"), vanilla, deck_size=5, source="my.txt")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
tcbg.errors.DeckError: my.txt: line 3: no card 'Ashwing Drak' in set 'vanilla'; did you mean 'Ashwing Drake'? ...
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import NoReturn

from tcbg._suggest import label_hint
from tcbg._textfile import decode_list_text, read_list_file
from tcbg.errors import DeckError
from tcbg.x610z.cards import EDITIONS, Card, CardSet

DECK_SIZE = 50
"""Cards in a deck, without the life base (ORoC "What's in the box?": "Each deck contains 50 cards, + 1 life base
card")."""

DECKLISTS = resources.files("tcbg.x610z") / "decklists"
_LIFE_BASE = re.compile(r"life base[ \t]*:[ \t]*(.*)", re.IGNORECASE | re.DOTALL)
_CARD_SET = re.compile(r"card set[ \t]*:[ \t]*(.*)", re.IGNORECASE | re.DOTALL)
_EDITION = re.compile(r"edition[ \t]*:[ \t]*(.*)", re.IGNORECASE | re.DOTALL)
_ENTRY = re.compile(r"([0-9]+)\s+(\S.*)", re.DOTALL)
_MAX_DIGITS = 9  # a longer count is certainly over every deck limit; not converted (int() refuses 4,300 digits)


@dataclass(frozen=True)
class Deck:
    """A checked deck: its name, its life base (not one of the deck's cards) and its cards with their counts, in the
    order of the file, for the edition it was checked against; ``card_set`` is the set it was read against and
    ``built_for`` the edition its ``Edition:`` line names (None without one). Two decks are equal when their names,
    cards and editions are.

    Build one with :meth:`load` or :meth:`parse`, which check every rule of docs/deck-format.md; the constructor
    itself trusts its arguments.

    >>> from tcbg.x610z.cards import CardSet
    >>> vanilla = CardSet.load("vanilla")
    >>> deck = Deck.parse("Life base: Ember Caravan\\n2 Tusked Hauler\\n1 Plain Geode\\n", vanilla, deck_size=3)
    >>> deck.total(), [(card.name, n) for card, n in deck.cards]
    (3, [('Tusked Hauler', 2), ('Plain Geode', 1)])
    >>> print(deck.to_text(), end="")
    # <text>: 3 cards + life base
    Card set: vanilla
    Edition: existenz
    Life base: Ember Caravan
    <BLANKLINE>
    2 Tusked Hauler
    1 Plain Geode
    >>> Deck.parse(deck.to_text(), deck_size=3) == deck
    True
    """

    name: str
    life_base: Card
    cards: tuple[tuple[Card, int], ...]
    edition: str = "existenz"
    card_set: CardSet | None = field(default=None, compare=False, repr=False)
    built_for: str | None = field(default=None, compare=False, repr=False)

    # -- loading -----------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, name_or_path: str | os.PathLike[str], cards: CardSet | None = None, edition: str | None = None,
             deck_size: int | None = DECK_SIZE) -> Deck:
        """Load a shipped deck by name (see :meth:`names`) or a deck list by path. Its cards are looked up in the
        card set its ``Card set:`` line names (rule D10; a card file's path is found from the list's folder), or in
        ``cards`` when given, which the line, if there is one, must name. ``edition`` (``"existenz"`` or ``"act1"``)
        is the edition the cards must be legal in (D9); by default the one the list's ``Edition:`` line names
        (D11), else ``existenz``. ``deck_size`` is the number of cards the deck must hold without its life base
        (rule D8; 50, ORoC); ``None`` accepts any size. A shipped deck is named in errors as ``NAME.txt``, a file by
        its path.

        >>> Deck.load("vanilla-act1-b").edition
        'act1'
        >>> Deck.load("vanilla-a", edition="act1")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tcbg.errors.DeckError: vanilla-a.txt: line ...: 'Rustfield Legion' is not legal in act1 ... [deck-format D9]
        """
        return _load(name_or_path, cards, edition, deck_size, None)

    @classmethod
    def parse(cls, text: str | bytes, cards: CardSet | None = None, edition: str | None = None,
              deck_size: int | None = DECK_SIZE, source: str = "<text>", name: str | None = None,
              folder: str | os.PathLike[str] | None = None) -> Deck:
        """Read a deck list (a string, or UTF-8 bytes) and check it (rules D1 to D11), as :meth:`load` does.
        ``source`` names the list in errors; ``name`` is the deck's name (default: ``source`` without its folder
        and ``.txt``); ``folder`` is where a relative card file path of the ``Card set:`` line is found (default:
        the current folder).

        >>> from tcbg.x610z.cards import CardSet
        >>> vanilla = CardSet.load("vanilla")
        >>> Deck.parse("Life base: Ember Caravan\\n4 Ashwing Drake\\n", vanilla, deck_size=4)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tcbg.errors.DeckError: <text>: line 2: 4 copies of 'Ashwing Drake', but its deck limit is 3 [deck-format D5]
        >>> Deck.parse("Card set: ruins\\nLife base: Ember Caravan\\n", vanilla)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tcbg.errors.DeckError: <text>: line 1: the list draws on the card set 'ruins', but it is read with ...
        """
        if not isinstance(source, str):
            source = repr(source)
        base = os.getcwd() if folder is None else os.fspath(folder)
        return _parse(text, cards, edition, deck_size, source, _stem(source) if name is None else name, base, None)

    @staticmethod
    def names() -> list[str]:
        """Names of the decks shipped with tcbg: the four vanilla decks (card set ``vanilla``), the four faction
        starter decks (card set ``ruins``) and the Act I quest deck (card set ``quests``; docs/deck-format.md).

        >>> Deck.names()  # doctest: +NORMALIZE_WHITESPACE
        ['act1-quests', 'arnunnian', 'barbarian', 'pirate', 'undead', 'vanilla-a', 'vanilla-act1-a', 'vanilla-act1-b',
         'vanilla-b']
        """
        return sorted(p.name[:-4] for p in DECKLISTS.iterdir() if p.name.endswith(".txt"))

    @staticmethod
    def shipped_text(name: str) -> str:
        """The text of the shipped deck ``name`` (what ``tcbg deck copy`` writes out); an unknown name raises
        :class:`tcbg.DeckError` suggesting the nearest."""
        if name not in Deck.names():
            close = difflib.get_close_matches(name, Deck.names(), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (shipped decks: {', '.join(Deck.names())})"
            raise DeckError(f"no shipped deck of this name{hint}", file=name, rule="D1")
        return (DECKLISTS / f"{name}.txt").read_text(encoding="utf-8")

    # -- what the deck is --------------------------------------------------------------------------------------

    def total(self) -> int:
        """The number of cards in the deck, without the life base."""
        return sum(count for _, count in self.cards)

    def card_list(self) -> list[Card]:
        """Every card of the deck, each as many times as its count, in file order (the life base is not in it)."""
        return [card for card, count in self.cards for _ in range(count)]

    def counts(self) -> dict[str, int]:
        """Card name to count, in file order (the life base is not in it)."""
        return {card.name: count for card, count in self.cards}

    def to_text(self) -> str:
        """The deck as a deck list: a comment naming it, the ``Card set:`` line (the set's name, when the deck
        knows its set), the ``Edition:`` line, the life base line, a blank line and one ``COUNT NAME`` line per card
        in order. ``Deck.parse(deck.to_text(), cards, deck_size=deck.total(), name=deck.name) == deck`` with the
        deck's own set (by name, a shipped set without ``cards``)."""
        label = " ".join(self.name.splitlines()) or "deck"
        lines = [f"# {label}: {self.total()} cards + life base"]
        if self.card_set is not None:
            lines.append(f"Card set: {self.card_set.name}")
        lines += [f"Edition: {self.edition}", f"Life base: {self.life_base.name}", ""]
        lines += [f"{count} {card.name}" for card, count in self.cards]
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return (f"<Deck {self.name!r}: {self.total()} cards + life base {self.life_base.name!r}, "
                f"edition {self.edition}>")


_SHIPPED_SETS: dict[str, CardSet] = {}


def shipped_set(name: str) -> CardSet:
    """A shipped card set, read (and its effects compiled) once: the decks that name it share it."""
    found = _SHIPPED_SETS.get(name)
    if found is None:
        found = _SHIPPED_SETS[name] = CardSet.load(name)
    return found


def _load(name_or_path, cards, edition, deck_size, sets) -> Deck:
    text = os.fspath(name_or_path) if isinstance(name_or_path, (str, os.PathLike)) else name_or_path
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    if not isinstance(text, str):
        raise DeckError(f"a deck is loaded by name or path (a string), not {text!r}", file=repr(text), rule="D1")
    if text in Deck.names():
        data = (DECKLISTS / f"{text}.txt").read_bytes()
        return _parse(data, cards, edition, deck_size, f"{text}.txt", text, os.getcwd(), sets)
    data = read_list_file(text, Deck.names(), DeckError, "D1")
    folder = os.path.dirname(os.path.abspath(text))
    return _parse(data, cards, edition, deck_size, text, _stem(text), folder, sets)


def _set_key(cards: CardSet) -> tuple[str, str]:
    """What makes two card sets one: a shipped set by its name (``CardSet.load(NAME)`` names its file ``NAME.json``),
    a card file by its real path, any other set by the object."""
    if cards.name in CardSet.names() and cards.file == f"{cards.name}.json":
        return ("shipped", cards.name)
    if cards.file != "<dict>" and os.path.isfile(cards.file):
        return ("file", os.path.realpath(cards.file))
    return ("object", str(id(cards)))


def _resolve_set(value: str, folder: str, cards: CardSet | None, sets: dict | None, fail) -> CardSet | None:
    """D10: the card set a ``Card set:`` line names (``cards`` when the caller gave one, after checking the line
    names it); ``sets`` keeps the sets read for one game, by :func:`_set_key`, so that decks naming one card file
    share one set."""
    if value in CardSet.names():
        if cards is not None:
            if cards.name != value:
                fail(f"the list draws on the card set {_short(value)!r}, but it is read with {cards.name!r}; a "
                     "list is read with the set its 'Card set:' line names (or a set of that name)")
            return cards
        found = shipped_set(value)
    elif value.lower().endswith(".json"):
        path = os.path.join(folder, os.path.expanduser(value))
        if not os.path.isfile(path):
            fail(f"no card file {_short(value)!r} (looked for {_short(path, 120)})")
        if cards is not None:
            same = cards.file not in ("<dict>", "") and os.path.isfile(cards.file) and \
                os.path.samefile(cards.file, path)
            if not same:
                from tcbg.x610z.cards import read_document

                doc = read_document(path)
                named = doc.get("name") if isinstance(doc, dict) else None
                if named != cards.name:
                    fail(f"the list draws on the card file {_short(value)!r} (set {named!r}), but it is read with "
                         f"{cards.name!r}; a list is read with the set its 'Card set:' line names (or a set of "
                         "that name)")
            return cards
        key = ("file", os.path.realpath(path))
        found = sets.get(key) if sets is not None else None
        if found is None:
            found = CardSet.load(path)
    else:
        close = difflib.get_close_matches(value, CardSet.names(), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        fail(f"unknown card set {_short(value)!r} (shipped sets: {', '.join(CardSet.names())}, or a card file "
             f"NAME.json){hint}")
    if sets is not None:
        sets.setdefault(_set_key(found), found)
    return found


def _short(text: str, limit: int = 60) -> str:
    """``text`` for an error message, cut to ``limit`` characters."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _stem(source: str) -> str:
    base = os.path.basename(source) or source
    return base[:-4] if base.endswith(".txt") and len(base) > 4 else base


def _decode(data: str | bytes, source: str) -> str:
    """Rule D1: UTF-8 text, an optional byte order mark dropped."""
    return decode_list_text(data, source, DeckError, "D1")


def _check_arguments(cards: object, edition: object, deck_size: object, source: str) -> None:
    if cards is not None and not isinstance(cards, CardSet):
        raise DeckError(f"cards must be a CardSet (the set the deck's names are looked up in) or None (the set "
                        f"the list names), not {type(cards).__name__}", file=source, where="cards", rule="D3")
    if edition is not None and edition not in EDITIONS:
        raise DeckError(f"unknown edition {edition!r} (editions: {', '.join(EDITIONS)})", file=source,
                        where="edition", rule="D9")
    if deck_size is not None and (not isinstance(deck_size, int) or isinstance(deck_size, bool) or deck_size < 1):
        raise DeckError(f"deck_size must be a whole number of at least 1, or None for any size, not {deck_size!r}",
                        file=source, where="deck_size", rule="D8")


def _suggest(name: str, cards: CardSet) -> str:
    """The nearest names of the set (D3), compared without regard to case."""
    folded = {card.name.casefold(): card.name for card in cards}
    close = difflib.get_close_matches(name.casefold(), list(folded), n=3, cutoff=0.6)
    if close:
        return "did you mean " + " or ".join(repr(folded[c]) for c in close) + "?"
    nearest = difflib.get_close_matches(name.casefold(), list(folded), n=3, cutoff=0.0)
    if nearest:
        return "no name is close; the nearest are " + ", ".join(repr(folded[c]) for c in nearest)
    return f"the set has {len(cards)} cards (see CardSet.card_names())"


def _parse(data: str | bytes, given: CardSet | None, wanted: str | None, deck_size: int | None, source: str,
           name: str, folder: str, sets: dict | None) -> Deck:
    if not isinstance(source, str):
        source = repr(source)
    _check_arguments(given, wanted, deck_size, source)
    text = _decode(data, source)

    cards: CardSet | None = given
    set_line = edition_line = commented_set = 0
    built_for: str | None = None
    edition = wanted or "existenz"
    life_base: Card | None = None
    life_base_line = 0
    first_line: dict[str, int] = {}  # card name -> the line it is on
    entries: list[tuple[Card, int]] = []

    for number, raw in enumerate(text.split("\n"), start=1):
        where = f"line {number}"

        def fail(reason: str, rule: str, where: str = where) -> NoReturn:
            raise DeckError(reason, file=source, where=where, rule=rule)

        line = raw.strip()
        if not line or line.startswith("#"):  # D1: blank lines and comments
            if not commented_set and re.search(r"card set[ \t]*:", line, re.IGNORECASE):
                commented_set = number  # named in a comment only: the D10 error says so
            continue

        def before_cards(label: str, rule: str) -> None:
            if life_base_line or entries:
                fail(f"the '{label}:' line comes after a card; it goes before the life base and the cards", rule)

        named_set = _CARD_SET.fullmatch(line)
        if named_set is not None:  # D10: the card set the list draws on
            if set_line:
                fail(f"a second 'Card set:' line (the first is line {set_line}); a list draws on one card set", "D10")
            before_cards("Card set", "D10")
            value = named_set.group(1).strip()
            if not value:
                fail("'Card set:' names nothing; write 'Card set: NAME' (a shipped set or a card file NAME.json)",
                     "D10")
            cards = _resolve_set(value, folder, given, sets, lambda reason: fail(reason, "D10"))
            set_line = number
            continue

        named_edition = _EDITION.fullmatch(line)
        if named_edition is not None:  # D11: the edition the list is built for
            if edition_line:
                fail(f"a second 'Edition:' line (the first is line {edition_line})", "D11")
            before_cards("Edition", "D11")
            value = named_edition.group(1).strip()
            if value not in EDITIONS:
                fail(f"unknown edition {_short(value)!r} (editions: {', '.join(EDITIONS)})", "D11")
            built_for, edition_line = value, number
            if wanted is None:
                edition = value
            continue

        def lookup(card_name: str) -> Card:  # D3
            if cards is None:
                comment = (f"; line {commented_set} names it in a comment, which is not read: write 'Card set: NAME' "
                           "on a line of its own" if commented_set else "")
                fail("no 'Card set: NAME' line before this card; a deck list names the card set it draws on first "
                     f"(a shipped set: {', '.join(CardSet.names())}; or a card file NAME.json){comment}", "D10")
            if card_name in cards:
                return cards[card_name]
            fail(f"no card {_short(card_name)!r} in set {cards.name!r}; {_suggest(card_name, cards)} (names are exact, "
                 "case included)", "D3")

        def check_edition(card: Card) -> None:  # D9
            if not card.legal_in(edition):
                built = (f"; the list is built for {built_for} (line {edition_line}): play it under {built_for} "
                         f"rules (a board of that edition, or --rules {built_for})"
                         if built_for is not None and built_for != edition else "")
                fail(f"{card.name!r} is not legal in {edition} (it lists {', '.join(card.editions)}); a deck for "
                     f"{edition} holds only cards that list {edition}{built}", "D9")

        life = _LIFE_BASE.fullmatch(line)
        if life is not None:  # D6: the life base line
            if life_base_line:
                fail(f"a second 'Life base:' line (the first is line {life_base_line}); a deck has exactly one life "
                     "base", "D6")
            base_name = life.group(1).strip()
            if not base_name:
                fail("'Life base:' names no card; write 'Life base: NAME'", "D6")
            card = lookup(base_name)
            if card.type != "life-base":
                fail(f"{card.name!r} is a {card.type}, not a life base; the 'Life base:' line names a life-base card",
                     "D6")
            check_edition(card)
            life_base, life_base_line = card, number
            continue

        entry = _ENTRY.fullmatch(line)
        if entry is None:  # D2: what else a line may be
            if re.match(r"[+-][0-9]", line):
                fail(f"the count in {_short(line)!r} has a sign; a count is a whole number from 1, such as '3 NAME'", "D2")
            if re.match(r"[0-9]+\s*$", line):
                fail(f"{_short(line)!r} has a count but no card name; a card line is 'COUNT NAME', such as "
                     "'3 Ashwing Drake'", "D2")
            if re.match(r"[0-9]", line):
                fail(f"{_short(line)!r} is not a card line: a card line is the count, a space and the name, such as "
                     "'3 Ashwing Drake'", "D2")
            fail(f"{_short(line)!r} is not a card line: a card line starts with the count, such as '3 Ashwing Drake' "
                 f"(the other lines are 'Card set: NAME', 'Edition: NAME' and 'Life base: NAME')"
                 f"{label_hint(line, 'x610z')}", "D2")
        digits, card_name = entry.group(1), entry.group(2).strip()
        if not digits.strip("0"):
            fail(f"the count of {_short(card_name)!r} is 0; a count is at least 1 (leave the card out instead)", "D2")
        if digits.startswith("0"):
            fail(f"the count {_short(digits, 12)!r} has a leading zero; write it as {_short(digits.lstrip('0'), 12)!r}",
                 "D2")

        card = lookup(card_name)
        if card.name in first_line:  # D4
            fail(f"{card.name!r} is already listed on line {first_line[card.name]}; list each card on one line, "
                 "with its whole count", "D4")
        first_line[card.name] = number
        if card.type == "life-base":  # D7
            fail(f"{card.name!r} is a life base; a life base is not one of the deck's cards but goes on the "
                 f"'Life base: {card.name}' line", "D7")
        if len(digits) > _MAX_DIGITS or int(digits) > card.deck_limit:  # D5
            fail(f"{_short(digits, 12)} copies of {card.name!r}, but its deck limit is {card.deck_limit}", "D5")
        check_edition(card)
        entries.append((card, int(digits)))

    if cards is None:  # D10
        raise DeckError("no 'Card set: NAME' line; a deck list names the card set it draws on (a shipped set: "
                        f"{', '.join(CardSet.names())}; or a card file NAME.json)", file=source, where="deck",
                        rule="D10")
    if life_base is None:  # D6
        raise DeckError("no 'Life base: NAME' line; a deck has exactly one life base (ORoC: 50 cards + 1 life base "
                        "card)", file=source, where="deck", rule="D6")
    total = sum(count for _, count in entries)
    if deck_size is not None and total != deck_size:  # D8
        lines = "line" if len(entries) == 1 else "lines"
        raise DeckError(f"the deck has {total} cards (in {len(entries)} {lines}, without the life base); it must "
                        f"have exactly {deck_size}", file=source, where="deck", rule="D8")
    return Deck(name=name, life_base=life_base, cards=tuple(entries), edition=edition, card_set=cards,
                built_for=built_for)


def load_decks(decks, cards: CardSet | str | os.PathLike[str] | None = None, edition: str | None = None,
               deck_size: int | None = DECK_SIZE) -> tuple[CardSet, list[Deck]]:
    """The card set and the checked decks of one game: how ``tcbg.load_game``, every ``tcbg`` command and the
    analyses read X610Z decks. ``decks`` are shipped deck names, deck list paths or :class:`Deck` objects; ``cards``
    the card set (a :class:`CardSet`, a shipped set's name or a card file's path), by default the one the decks'
    ``Card set:`` lines name (D10), which must then be one set for all of them. ``edition`` and ``deck_size`` as
    :meth:`Deck.load`.

    >>> cards, decks = load_decks(["arnunnian", "undead"])
    >>> cards.name, [deck.life_base.name for deck in decks]
    ('ruins', ['Skyspire Citadel', 'Ossuary Throne'])
    >>> load_decks(["arnunnian", "vanilla-a"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tcbg.errors.DeckError: vanilla-a.txt: deck: the decks of one game draw on one card set; 'arnunnian' draws on ...
    """
    if cards is not None and not isinstance(cards, CardSet):
        if not isinstance(cards, (str, os.PathLike)):
            raise DeckError(f"cards must be a CardSet, a shipped card set's name or a card file's path, not "
                            f"{type(cards).__name__}", file=repr(cards), where="cards", rule="D10")
        text = os.fspath(cards)
        cards = shipped_set(text) if text in CardSet.names() else CardSet.load(text)
    if isinstance(decks, (str, os.PathLike, Deck)) or decks is None:
        raise DeckError("decks is a list of decks (names, paths or Deck objects), one per seat", file=repr(decks),
                        where="decks", rule="D1")
    sets: dict = {} if cards is None else {_set_key(cards): cards}
    loaded: list[Deck] = []
    homes: list[tuple[Deck, tuple]] = []  # each deck with the set it draws on
    for given in decks:
        if isinstance(given, Deck):
            deck = given
            if cards is not None and deck.card_set is not None and deck.card_set.name != cards.name:
                raise DeckError(f"the deck was read with the card set {deck.card_set.name!r}, but the game plays "
                                f"{cards.name!r}", file=deck.name, where="deck", rule="D10")
        else:
            deck = _load(given, cards, edition, deck_size, sets)
        loaded.append(deck)
        if deck.card_set is not None:
            homes.append((deck, _set_key(deck.card_set)))
            sets.setdefault(homes[-1][1], deck.card_set)
    if cards is None:
        keys = list(dict.fromkeys(key for _, key in homes))
        if not keys:
            raise DeckError("no deck names its card set; give the card set (cards=..., --cards)", file="decks",
                            where="decks", rule="D10")
        if len(keys) > 1:
            first = next(deck for deck, key in homes if key == keys[0])
            other = next(deck for deck, key in homes if key == keys[1])
            raise DeckError(f"the decks of one game draw on one card set; {first.name!r} draws on "
                            f"{_set_label(first.card_set)} and {other.name!r} on {_set_label(other.card_set)}: pick "
                            f"decks of one set ({decks_by_set()}), or give one set for all of them (--cards, cards=; "
                            "each list's 'Card set:' line must name a set of its name)", file=f"{other.name}.txt"
                            if other.name in Deck.names() else other.name, where="deck", rule="D10")
        cards = sets[keys[0]]
    return cards, loaded


def _set_label(cards: CardSet) -> str:
    kind, where = _set_key(cards)
    if kind == "shipped":
        return f"the shipped set {cards.name!r}"
    return f"the card file {where} ({cards.name!r})" if kind == "file" else f"the set {cards.name!r}"


def decks_by_set() -> str:
    """The shipped decks by the card set their ``Card set:`` lines name, as one line (for error messages)."""
    by_set: dict[str, list[str]] = {}
    for name in Deck.names():
        by_set.setdefault(Deck.load(name, deck_size=None).card_set.name, []).append(name)
    return "; ".join(f"{card_set}: {', '.join(names)}" for card_set, names in sorted(by_set.items()))
