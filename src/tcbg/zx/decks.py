"""Z/X deck lists: the plain-text format (docs/zx/deck-format.md) and deck construction (CR 401, docs/zx/rules.md
section 4).

A deck list names its card set, its Player card, the 50 cards of its deck and, optionally, its Dynamis, by card
number, Japanese name or English name, with counts. Shipped decks live in ``src/tcbg/zx/decklists/NAME.txt`` and load
by name; any other file loads by path. Loading checks the *file* (rules ZD1 to ZD9: every line readable, every card
known, each single-card line naming its kind) and raises :class:`tcbg.errors.ZXDeckError` naming the file, the line
and the rule. Whether the deck may be *played* is deck construction: :func:`check_deck` reports every rule of CR 401
the list breaks, through the C++ validator (cpp/include/tcbg/zx/deck_check.hpp).

>>> from tcbg.zx.decks import Deck, check_deck
>>> deck = Deck.load("c03-blue-white")
>>> deck.card_set.name, deck.player.name_en, deck.total(), deck.ignition_cards()
('starter-2012', 'Kagamihara Azumi', 50, 20)
>>> check_deck(deck)
[]
>>> text = '''Card set: starter-2012
... Player: Tennouji Asuka
... 5 Crimson Fang, Ruby Howl
... 45 C01-006
... '''
>>> for violation in check_deck(Deck.parse(text)):
...     print(violation)  # doctest: +NORMALIZE_WHITESPACE
401.2: 5 copies of 紅い牙ルビーハウル (Crimson Fang, Ruby Howl) in the deck (C01-003); at most 4 of one name
401.2: 45 copies of 優雅な水晶クリスタルスワン (Graceful Crystal, Crystal Swan) in the deck (C01-006); at most 4 of one name
401.5: 5 cards with the Ignition icon in the deck (Life Recovery and Void Bringer cards included): C01-003; exactly 20
"""

from __future__ import annotations

import difflib
import functools
import os
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import NoReturn

from tcbg._suggest import label_hint
from tcbg._textfile import decode_list_text, read_list_file
from tcbg.errors import ZXDeckError
from tcbg.zx.cards import Card, CardSet

DECK_SIZE = 50  # CR 401.1a
DECKLISTS = resources.files("tcbg.zx") / "decklists"
_LABEL = re.compile(r"(card set|player|prepared)[ \t]*:[ \t]*(.*)", re.IGNORECASE | re.DOTALL)
_SECTION = re.compile(r"(deck|dynamis)[ \t]*:", re.IGNORECASE)
_ENTRY = re.compile(r"([0-9]+)[ \t]*[xX]?[ \t]+(\S.*)", re.DOTALL)
_COMMENT = re.compile(r"[ \t]+#.*\Z", re.DOTALL)
MAX_COUNT = 9999  # ZD5: far past every rule, and small enough for the core's 16-bit counts
SECTIONS = ("deck", "dynamis", "apart")
"""The parts of a list, as the validator names them (apart: the Player card and the prepared card)."""


@dataclass(frozen=True)
class Violation:
    """One rule of deck construction a list breaks: ``rule`` is its number in docs/zx/rules.md (``"401.2"``,
    ``"Z4.4"``), ``message`` says what is wrong, ``cards`` holds the numbers of the cards involved (in list
    order), ``section`` is ``"deck"``, ``"dynamis"`` or ``"apart"``, ``found`` and ``limit`` the numbers compared.

    >>> str(Violation("401.1a", "the deck has 49 cards; exactly 50", (), "deck", 49, 50))
    '401.1a: the deck has 49 cards; exactly 50'
    """

    rule: str
    message: str
    cards: tuple[str, ...] = ()
    section: str = "deck"
    found: int = 0
    limit: int = 0

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


@dataclass(frozen=True)
class Deck:
    """A deck list read from a file (its card set, Player cards, prepared cards, deck and Dynamis, in file order),
    not yet checked against deck construction: see :meth:`check`.

    >>> deck = Deck.load("vanilla-white-black")
    >>> deck.player.label, len(deck.dynamis), deck.counts()["VAN-022"]
    ('VAN-002 パイロット・シロ (Pilot Shiro)', 0, 4)
    >>> Deck.parse(deck.to_text(), name=deck.name) == deck
    True
    """

    name: str
    card_set: CardSet = field(compare=False)
    players: tuple[Card, ...] = ()
    prepared: tuple[Card, ...] = ()
    deck: tuple[tuple[Card, int], ...] = ()
    dynamis: tuple[tuple[Card, int], ...] = ()
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)

    @property
    def player(self) -> Card | None:
        """The Player card (the first, if the list breaks 401.7 with several); None for a deck without one (Z4.1)."""
        return self.players[0] if self.players else None

    # -- loading -----------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, name_or_path: str | os.PathLike[str], cards: CardSet | None = None) -> Deck:
        """Load a shipped deck by name (see :meth:`names`) or a deck list by path. The card set is the one the
        file names (``Card set: NAME``); ``cards`` gives it instead, for lists that do not name one.

        >>> Deck.load("c01-white-red").player.name
        '天王寺飛鳥'
        >>> Deck.load("c01-white-rod")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tcbg.errors.ZXDeckError: c01-white-rod: deck: no shipped deck ... did you mean 'c01-white-red'? ...
        """
        if not isinstance(name_or_path, (str, os.PathLike)):
            raise ZXDeckError(f"a deck is loaded by name or path, not {type(name_or_path).__name__}",
                              file=repr(name_or_path), rule="ZD1")
        text = os.fspath(name_or_path)
        if isinstance(text, bytes):
            text = os.fsdecode(text)
        if text in cls.names():
            data = (DECKLISTS / f"{text}.txt").read_bytes()
            return cls.parse(data, cards, source=f"{text}.txt", name=text)
        data = read_list_file(text, cls.names(), ZXDeckError, "ZD1")
        return cls.parse(data, cards, source=text)

    @classmethod
    def parse(cls, text: str | bytes, cards: CardSet | None = None, *, source: str = "<text>",
              name: str | None = None) -> Deck:
        """Read a deck list (a string, or UTF-8 bytes); ``source`` names it in errors, ``name`` is the deck's name
        (default: ``source`` without its folder and ``.txt``).

        >>> Deck.parse("Card set: vanilla\\nPlayer: Ember Hound\\n")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tcbg.errors.ZXDeckError: <text>: line 2: VAN-003 ... (Ember Hound) is a Z/X card; the 'Player:' line ...
        """
        if not isinstance(source, str):
            source = repr(source)
        return _parse(text, cards, source, _stem(source) if name is None else name)

    @staticmethod
    def names() -> list[str]:
        """Names of the Z/X decks shipped with tcbg.

        >>> Deck.names()  # doctest: +NORMALIZE_WHITESPACE
        ['c01-white-red', 'c02-black-blue', 'c03-blue-white', 'c04-green-red', 'era-black-green', 'era-blue-black',
         'era-blue-green', 'era-blue-white', 'era-red-black', 'era-red-blue', 'era-red-green', 'era-red-white',
         'era-white-black', 'era-white-green', 'vanilla-red-blue', 'vanilla-white-black']
        """
        return sorted(p.name[:-4] for p in DECKLISTS.iterdir() if p.name.endswith(".txt"))

    # -- what the deck is --------------------------------------------------------------------------------------

    def total(self) -> int:
        """Cards in the deck (the Dynamis and the cards prepared apart are not in it)."""
        return sum(count for _, count in self.deck)

    def ignition_cards(self) -> int:
        """Cards of the deck that count for 401.5 (the Ignition icon; Life Recovery and Void Bringer, Z4.2)."""
        return sum(count for card, count in self.deck
                   if card.ignition or card.has("Life Recovery") or card.has("Void Bringer"))

    def card_list(self) -> list[Card]:
        """Every card of the deck, each as many times as its count, in file order."""
        return [card for card, count in self.deck for _ in range(count)]

    def counts(self) -> dict[str, int]:
        """Card number to count in the deck, in file order."""
        return {card.number: count for card, count in self.deck}

    def check(self) -> list[Violation]:
        """Every rule of deck construction the list breaks (see :func:`check_deck`)."""
        return check_deck(self)

    def is_legal(self) -> bool:
        """True when :meth:`check` finds nothing."""
        return not self.check()

    def to_text(self) -> str:
        """The list as a deck list, every card by number with its names in a comment (``Deck.parse`` reads it back
        to an equal deck)."""
        lines = [f"# {' '.join(self.name.split()) or 'deck'}", f"Card set: {self.card_set.name}"]
        lines += [f"Player: {card.number}  # {card.name} ({card.name_en})" for card in self.players]
        lines += [f"Prepared: {card.number}  # {card.name} ({card.name_en})" for card in self.prepared]
        for title, entries in (("Deck", self.deck), ("Dynamis", self.dynamis)):
            if entries or title == "Deck":
                lines += ["", f"{title}:"]
                lines += [f"{count} {card.number}  # {card.name} ({card.name_en})" for card, count in entries]
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        player = self.player.number if self.player else "no Player card"
        return f"<Deck {self.name!r} ({self.card_set.name}): {player}, {self.total()} cards, Dynamis {len(self.dynamis)}>"


@functools.lru_cache(maxsize=None)
def _shipped_set(name: str) -> CardSet:
    """A shipped card set, read once: the lists that name it share it (and its validator in the core)."""
    return CardSet.load(name)


def _stem(source: str) -> str:
    base = os.path.basename(source) or source
    return base[:-4] if base.endswith(".txt") and len(base) > 4 else base


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _decode(data: str | bytes, source: str) -> str:
    """ZD1: UTF-8 text, an optional byte order mark dropped."""
    return decode_list_text(data, source, ZXDeckError, "ZD1")


def _parse(data: str | bytes, cards: CardSet | None, source: str, name: str) -> Deck:
    if cards is not None and not isinstance(cards, CardSet):
        raise ZXDeckError(f"cards must be a tcbg.zx CardSet, not {type(cards).__name__}", file=source,
                          where="cards", rule="ZD2")
    text = _decode(data, source)
    raw_lines = text.split("\n")
    card_set: CardSet | None = cards
    set_line = 0
    players: list[Card] = []
    prepared: list[Card] = []
    sections: dict[str, list[tuple[Card, int]]] = {"deck": [], "dynamis": []}
    seen: dict[tuple[str, str], int] = {}  # (section, number) -> line
    section = "deck"
    lines: list[int] = []

    for number, raw in enumerate(raw_lines, start=1):
        where = f"line {number}"

        def fail(reason: str, rule: str, where: str = where) -> NoReturn:
            raise ZXDeckError(reason, file=source, where=where, rule=rule)

        line = raw.strip()
        if not line or line.startswith("#"):  # ZD1: blank lines and comments
            continue
        line = _COMMENT.sub("", line).strip()

        def lookup(card_text: str) -> Card:  # ZD4
            if card_set is None:
                fail("a card before the 'Card set: NAME' line; name the card set first", "ZD2")
            try:
                return card_set.find(card_text)
            except KeyError as exc:
                fail(str(exc.args[0]) + " (numbers, Japanese names or English names)", "ZD4")

        label = _LABEL.fullmatch(line)
        if label is not None:
            kind, value = label.group(1).lower(), label.group(2).strip()
            if not value:
                fail(f"{label.group(1)!r} names nothing; write '{label.group(1)}: NAME'", "ZD3")
            if kind == "card set":  # ZD2
                if set_line:
                    fail(f"a second 'Card set:' line (the first is line {set_line}); a list draws on one card set",
                         "ZD2")
                if cards is not None:
                    if value != cards.name:
                        fail(f"the list names the card set {_short(value)!r}, but it is read with {cards.name!r}",
                             "ZD2")
                elif value in CardSet.names():
                    card_set = _shipped_set(value)
                elif value.endswith(".json"):  # a card file, beside the list when the path is relative
                    folder = os.path.dirname(source) if os.path.isfile(source) else ""
                    path = os.path.join(folder, value)
                    if not os.path.isfile(path):
                        fail(f"no card file {_short(value)!r} (looked for {_short(path, 120)})", "ZD2")
                    card_set = CardSet.load(path)
                else:
                    close = difflib.get_close_matches(value, CardSet.names(), n=1)
                    hint = f"; did you mean {close[0]!r}?" if close else ""
                    fail(f"unknown card set {_short(value)!r} (shipped sets: {', '.join(CardSet.names())}, or a "
                         f"card file NAME.json){hint}", "ZD2")
                set_line = number
                continue
            card = lookup(value)
            if kind == "player":  # ZD6
                if card.type != "Player":
                    fail(f"{card.label} is a {card.type} card; the 'Player:' line names a Player card", "ZD6")
                players.append(card)
            else:
                if card.type not in ("Player Extra", "Z/X Overboost"):
                    fail(f"{card.label} is a {card.type} card; the 'Prepared:' line names a Player Extra card or a "
                         "Z/X Overboost card (its lower part), prepared apart from the deck (CR 401.7)", "ZD6")
                prepared.append(card)
            lines.append(number)
            continue

        header = _SECTION.fullmatch(line)
        if header is not None:  # ZD5
            section = header.group(1).lower()
            continue

        entry = _ENTRY.fullmatch(line)
        if entry is None:  # ZD3: what else a line may be
            if re.match(r"[+-][0-9]", line):
                fail(f"the count in {_short(line)!r} has a sign; a count is a whole number from 1", "ZD3")
            if re.fullmatch(r"[0-9]+[xX]?", line):
                fail(f"{_short(line)!r} has a count but no card; a card line is 'COUNT CARD', such as "
                     "'4 C01-003'", "ZD3")
            fail(f"{_short(line)!r} is not a line of a deck list: a card line is 'COUNT CARD' (such as "
                 "'4 C01-003'); the others are 'Card set: NAME', 'Player: CARD', 'Prepared: CARD', 'Deck:', "
                 f"'Dynamis:' and comments from '#'{label_hint(line, 'zx')}", "ZD3")
        digits, card_text = entry.group(1), entry.group(2).strip()
        if not digits.strip("0"):
            fail(f"the count of {_short(card_text)!r} is 0; leave the card out instead", "ZD5")
        if digits.startswith("0"):
            fail(f"the count {_short(digits, 12)!r} has a leading zero", "ZD5")
        if len(digits) > 4 or int(digits) > MAX_COUNT:
            fail(f"the count {_short(digits, 12)} is more than {MAX_COUNT}", "ZD5")
        card = lookup(card_text)
        key = (section, card.number)
        if key in seen:  # ZD7
            fail(f"{card.label} is already listed in the {section} on line {seen[key]}; list a card once a "
                 "section, with its whole count", "ZD7")
        seen[key] = number
        sections[section].append((card, int(digits)))
        lines.append(number)

    if card_set is None:  # ZD2
        raise ZXDeckError("no 'Card set: NAME' line; a deck list names the card set it draws on", file=source,
                          rule="ZD2")
    return Deck(name=name, card_set=card_set, players=tuple(players), prepared=tuple(prepared),
                deck=tuple(sections["deck"]), dynamis=tuple(sections["dynamis"]), lines=tuple(lines))


# -- deck construction ---------------------------------------------------------------------------------------------

def _checker(cards: CardSet):
    """The C++ validator over ``cards``, made once per set."""
    checker = getattr(cards, "_zx_deck_checker", None)
    if checker is None:
        from tcbg._core import zx as core

        checker = core.DeckChecker(cards.to_core())
        cards._zx_deck_checker = checker  # type: ignore[attr-defined]
    return checker


def core_lists(deck: Deck) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]]:
    """The deck, the Dynamis and the cards apart as (card index in the set, count) lists: the validator's input."""
    index = deck.card_set.index
    return ([(index(c.number), n) for c, n in deck.deck], [(index(c.number), n) for c, n in deck.dynamis],
            [(index(c.number), 1) for c in (*deck.players, *deck.prepared)])


def check_deck(deck_or_path: Deck | str | os.PathLike[str], cards: CardSet | None = None) -> list[Violation]:
    """Every rule of deck construction (CR 401.1a to 401.10, Z4.4 sealed, Z4.5 legend; docs/zx/rules.md section 4)
    that a deck list breaks, in rule order; [] for a legal deck. ``deck_or_path`` is a :class:`Deck`, or a shipped
    deck's name or a file's path (loaded with :meth:`Deck.load`, ``cards`` passed on). The rules run in C++.

    >>> from tcbg.zx.decks import check_deck
    >>> check_deck("c02-black-blue")
    []
    """
    deck = deck_or_path if isinstance(deck_or_path, Deck) else Deck.load(deck_or_path, cards)
    deck_list, dynamis, apart = core_lists(deck)
    found = _checker(deck.card_set).check(deck_list, dynamis, apart)
    return [_violation(deck, *item) for item in found]


def _names(cards: list[Card]) -> str:
    return ", ".join(card.number for card in cards)


def _violation(deck: Deck, rule: str, code: int, section: int, found: int, limit: int, indices: list[int]) -> Violation:
    cards = [deck.card_set.cards[i] for i in indices]
    first = cards[0] if cards else None
    where = SECTIONS[section]
    if code == 0:
        message = f"the deck has {found} cards; exactly {limit}"
    elif code in (1, 11):
        part = "deck" if code == 1 else "Dynamis"
        message = (f"{found} copies of {first.name} ({first.name_en}) in the {part} ({_names(cards)}); at most "
                   f"{limit} of one name")
    elif code in (2, 3):
        keyword = "Life Recovery" if code == 2 else "Void Bringer"
        message = f"{found} cards with {keyword} in the deck: {_names(cards)}; at most {limit}"
    elif code == 4:
        message = (f"{found} cards with the Ignition icon in the deck (Life Recovery and Void Bringer cards "
                   f"included): {_names(cards) or 'none'}; exactly {limit}")
    elif code == 5:
        message = (f"{found} cards of types that may not be in the deck: "
                   + ", ".join(f"{c.number} ({c.type})" for c in cards) + "; only Z/X and Event cards")
    elif code == 6:
        message = f"{found} Player cards apart from the deck ({_names(cards)}); at most {limit}"
    elif code == 7:
        message = (f"{found} Player Extra or Z/X Overboost cards prepared apart from the deck ({_names(cards)}); at "
                   f"most {limit} of them")
    elif code == 8:
        message = (f"{found} cards prepared apart from the deck that are neither Player, Player Extra nor Z/X "
                   f"Overboost cards: " + ", ".join(f"{c.number} ({c.type})" for c in cards))
    elif code == 9:
        message = f"the Dynamis has {found} cards; at most {limit}"
    elif code == 10:
        message = (f"{found} cards of types that may not be in the Dynamis: "
                   + ", ".join(f"{c.number} ({c.type})" for c in cards)
                   + "; only Z/X Extra, Z/X Overboost, Shift and Event Extra cards")
    elif code == 12:
        message = f"{found} sealed cards (Seal God designation), which no list may hold: {_names(cards)}"
    else:
        message = (f"{found} copies of the legend card {first.name} ({first.name_en}) in the list ("
                   f"{_names(cards)}); at most {limit}")
    return Violation(rule, message, tuple(c.number for c in cards), where, found, limit)
