"""X610Z decks: the plain-text deck list format (docs/deck-format.md), loaded and checked against a card set and an
edition.

A deck list is a text file with one ``COUNT NAME`` line per card and one ``Life base: NAME`` line. Shipped decks live
in ``src/tcbg/x610z/decklists/NAME.txt`` and load by name; any other file loads by path, and text loads with
:meth:`Deck.parse`. Every rule of docs/deck-format.md (D1 to D9) is checked on loading; a broken one raises
:class:`tcbg.DeckError` naming the file, the line and the rule.

>>> from tcbg.x610z.cards import CardSet
>>> from tcbg.x610z.decks import Deck
>>> vanilla = CardSet.load("vanilla")
>>> deck = Deck.load("vanilla-a", vanilla)
>>> deck.name, deck.life_base.name, deck.total(), deck.edition
('vanilla-a', 'Ember Caravan', 50, 'existenz')
>>> deck.counts()["Ashwing Drake"]
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
from dataclasses import dataclass
from importlib import resources
from typing import NoReturn

from tcbg._suggest import label_hint
from tcbg._textfile import decode_list_text, read_list_file
from tcbg.errors import DeckError
from tcbg.x610z.cards import EDITIONS, Card, CardSet

DECK_SIZE = 50
"""Cards in a deck, without the life base (ORoC "What's in the box?": "Each deck contains 50 cards, + 1 life base
card")."""

_DECKS = resources.files("tcbg.x610z") / "decklists"
_LIFE_BASE = re.compile(r"life base[ \t]*:[ \t]*(.*)", re.IGNORECASE | re.DOTALL)
_ENTRY = re.compile(r"([0-9]+)\s+(\S.*)", re.DOTALL)
_MAX_DIGITS = 9  # a longer count is certainly over every deck limit; not converted (int() refuses 4,300 digits)


@dataclass(frozen=True)
class Deck:
    """A checked deck: its name, its life base (not one of the deck's cards) and its cards with their counts, in the
    order of the file, for the edition it was checked against.

    Build one with :meth:`load` or :meth:`parse`, which check every rule of docs/deck-format.md; the constructor
    itself trusts its arguments.

    >>> from tcbg.x610z.cards import CardSet
    >>> vanilla = CardSet.load("vanilla")
    >>> deck = Deck.parse("Life base: Ember Caravan\\n2 Tusked Hauler\\n1 Plain Geode\\n", vanilla, deck_size=3)
    >>> deck.total(), [(card.name, n) for card, n in deck.cards]
    (3, [('Tusked Hauler', 2), ('Plain Geode', 1)])
    >>> print(deck.to_text(), end="")
    # <text>: 3 cards + life base, edition existenz
    Life base: Ember Caravan
    <BLANKLINE>
    2 Tusked Hauler
    1 Plain Geode
    >>> Deck.parse(deck.to_text(), vanilla, deck_size=3) == deck
    True
    """

    name: str
    life_base: Card
    cards: tuple[tuple[Card, int], ...]
    edition: str = "existenz"

    # -- loading -----------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, name_or_path: str | os.PathLike[str], cards: CardSet, edition: str = "existenz",
             deck_size: int | None = DECK_SIZE) -> Deck:
        """Load a shipped deck by name (see :meth:`names`) or a deck list by path, and check it against ``cards``
        and ``edition`` (``"existenz"`` or ``"act1"``). ``deck_size`` is the number of cards the deck must hold
        without its life base (rule D8; 50, ORoC); ``None`` accepts any size. A shipped deck is named in errors as
        ``NAME.txt``, a file by its path.

        >>> from tcbg.x610z.cards import CardSet
        >>> vanilla = CardSet.load("vanilla")
        >>> Deck.load("vanilla-act1-b", vanilla, edition="act1").life_base.name
        'Wandering Citadel'
        >>> Deck.load("vanilla-a", vanilla, edition="act1")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tcbg.errors.DeckError: vanilla-a.txt: line ...: 'Rustfield Legion' is not legal in act1 ... [deck-format D9]
        """
        text = os.fspath(name_or_path) if isinstance(name_or_path, (str, os.PathLike)) else name_or_path
        if not isinstance(text, str):
            raise DeckError(f"a deck is loaded by name or path (a string), not {text!r}", file=repr(text), rule="D1")
        if text in cls.names():
            data = (_DECKS / f"{text}.txt").read_bytes()
            return cls.parse(data, cards, edition=edition, deck_size=deck_size, source=f"{text}.txt", name=text)
        data = read_list_file(text, cls.names(), DeckError, "D1")
        return cls.parse(data, cards, edition=edition, deck_size=deck_size, source=text)

    @classmethod
    def parse(cls, text: str | bytes, cards: CardSet, edition: str = "existenz", deck_size: int | None = DECK_SIZE,
              source: str = "<text>", name: str | None = None) -> Deck:
        """Read a deck list (a string, or UTF-8 bytes) and check it against ``cards`` and ``edition`` (rules D1 to
        D9). ``source`` names the list in errors; ``name`` is the deck's name (default: ``source`` without its
        folder and ``.txt``).

        >>> from tcbg.x610z.cards import CardSet
        >>> vanilla = CardSet.load("vanilla")
        >>> Deck.parse("Life base: Ember Caravan\\n4 Ashwing Drake\\n", vanilla, deck_size=4)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tcbg.errors.DeckError: <text>: line 2: 4 copies of 'Ashwing Drake', but its deck limit is 3 [deck-format D5]
        """
        return _parse(text, cards, edition, deck_size, source, _stem(source) if name is None else name)

    @staticmethod
    def names() -> list[str]:
        """Names of the decks shipped with tcbg: the four vanilla decks (card set ``vanilla``), the four faction
        starter decks (card set ``ruins``) and the Act I quest deck (card set ``quests``; docs/deck-format.md).

        >>> Deck.names()  # doctest: +NORMALIZE_WHITESPACE
        ['act1-quests', 'arnunnian', 'barbarian', 'pirate', 'undead', 'vanilla-a', 'vanilla-act1-a', 'vanilla-act1-b',
         'vanilla-b']
        """
        return sorted(p.name[:-4] for p in _DECKS.iterdir() if p.name.endswith(".txt"))

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
        """The deck as a deck list: a comment naming it, the life base line, a blank line and one ``COUNT NAME`` line
        per card in order. ``Deck.parse(deck.to_text(), cards, edition=deck.edition, deck_size=deck.total(),
        name=deck.name) == deck``."""
        label = " ".join(self.name.splitlines()) or "deck"
        lines = [f"# {label}: {self.total()} cards + life base, edition {self.edition}",
                 f"Life base: {self.life_base.name}", ""]
        lines += [f"{count} {card.name}" for card, count in self.cards]
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return (f"<Deck {self.name!r}: {self.total()} cards + life base {self.life_base.name!r}, "
                f"edition {self.edition}>")


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
    if not isinstance(cards, CardSet):
        raise DeckError(f"cards must be a CardSet (the set the deck's names are looked up in), not "
                        f"{type(cards).__name__}", file=source, where="cards", rule="D3")
    if edition not in EDITIONS:
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


def _parse(data: str | bytes, cards: CardSet, edition: str, deck_size: int | None, source: str, name: str) -> Deck:
    if not isinstance(source, str):
        source = repr(source)
    _check_arguments(cards, edition, deck_size, source)
    text = _decode(data, source)

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
            continue

        def lookup(card_name: str) -> Card:  # D3
            if card_name in cards:
                return cards[card_name]
            fail(f"no card {_short(card_name)!r} in set {cards.name!r}; {_suggest(card_name, cards)} (names are exact, "
                 "case included)", "D3")

        def check_edition(card: Card) -> None:  # D9
            if not card.legal_in(edition):
                fail(f"{card.name!r} is not legal in {edition} (it lists {', '.join(card.editions)}); a deck for "
                     f"{edition} holds only cards that list {edition}", "D9")

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
                 f"(and the life base line is 'Life base: NAME'){label_hint(line, 'x610z')}", "D2")
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

    if life_base is None:  # D6
        raise DeckError("no 'Life base: NAME' line; a deck has exactly one life base (ORoC: 50 cards + 1 life base "
                        "card)", file=source, where="deck", rule="D6")
    total = sum(count for _, count in entries)
    if deck_size is not None and total != deck_size:  # D8
        lines = "line" if len(entries) == 1 else "lines"
        raise DeckError(f"the deck has {total} cards (in {len(entries)} {lines}, without the life base); it must "
                        f"have exactly {deck_size}", file=source, where="deck", rule="D8")
    return Deck(name=name, life_base=life_base, cards=tuple(entries), edition=edition)


def shipped_deck_home(deck) -> tuple[str, str] | None:
    """(card set, edition) that a shipped deck is built for, as its list's header says (``# Card set: ruins.
    Edition: existenz.``); None for a deck that is not a shipped deck's name.

    >>> shipped_deck_home("arnunnian"), shipped_deck_home("act1-quests"), shipped_deck_home("my-deck.txt")
    (('ruins', 'existenz'), ('quests', 'act1'), None)
    """
    if not isinstance(deck, str) or deck not in Deck.names():
        return None
    header = " ".join(line for line in (_DECKS / f"{deck}.txt").read_text(encoding="utf-8").splitlines()
                      if line.startswith("#"))
    card_set, edition = re.search(r"Card set: (\w[\w-]*)", header), re.search(r"Edition: (\w+)", header)
    return (card_set.group(1), edition.group(1)) if card_set and edition else None


def decks_by_set() -> str:
    """The shipped decks by the card set they draw on, as one line (for error messages)."""
    by_set: dict[str, list[str]] = {}
    for name in Deck.names():
        home = shipped_deck_home(name)
        if home is not None:
            by_set.setdefault(home[0], []).append(name)
    return "; ".join(f"{card_set}: {', '.join(names)}" for card_set, names in sorted(by_set.items()))


def explain_deck_error(exc, homes: dict, card_set, board) -> None:
    """Raise a DeckError naming the real cause when a shipped deck fails to load because it met another card set or
    another edition than the one it is built for; return (the caller re-raises ``exc``) otherwise."""
    for deck, home in homes.items():
        if home is None or exc.file != f"{deck}.txt":
            continue
        deck_set, edition = home
        if exc.rule == "D3" and deck_set != card_set.name:
            raise DeckError(f"deck {deck!r} draws on the card set {deck_set!r}, not {card_set.name!r}: play it with "
                            f"cards={deck_set!r} (--cards {deck_set}) against a deck of that set ({decks_by_set()})",
                            file=exc.file, rule="D3") from exc
        if exc.rule == "D9" and edition != board.rules:
            from tcbg.x610z.board import Board

            boards = [name for name in Board.names() if Board.load(name).rules == edition]
            where = f"board={boards[0]!r} (--board {boards[0]}), or " if boards else ""
            raise DeckError(f"deck {deck!r} is built for the {edition} edition, and board {board.name!r} plays "
                            f"{board.rules}: play it with {where}rules={edition!r} (--rules {edition})",
                            file=exc.file, rule="D9") from exc
