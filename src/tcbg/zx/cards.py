"""Z/X cards: the card data format ``tcbg-zx-cards/1`` (docs/zx/card-data.md), cards and card sets.

A card set is a JSON file of cards, each with its printed number, its Japanese name and an English (or romanized)
name, type, colours, race, cost, power, icon, keywords, the sealed and legend designations, and what its abilities
do in our own words. Shipped sets live in ``src/tcbg/zx/cardsets/NAME.json`` and load by name; any other file loads
by path. Every rule of docs/zx/card-data.md (ZC1 to ZC14) is checked on loading; a broken one raises
:class:`tcbg.errors.ZXCardError` naming the file, the card (by index and number) and the field.

>>> from tcbg.zx.cards import CardSet
>>> starter = CardSet.load("starter-2012")
>>> card = starter["C01-005"]
>>> card.name, card.name_en, card.race, card.cost, card.power, card.icon, card.keywords
('鎧鍛冶レインフォース', 'Armour Smith, Reinforce', 'Artisan', 3, 5000, 'IG', ('Life Recovery',))
>>> starter.find("armour smith, reinforce") is card, starter.find("鎧鍛冶レインフォース") is card
(True, True)
>>> starter.to_core()[starter.index("C01-005")]
(5, 3, 0, 1, 3, 5000, 2, True, False, False)
"""

from __future__ import annotations

import difflib
import hashlib
import importlib.util
import os
import re
import sys
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, NoReturn

from tcbg._jsonfile import depth_reason, is_int, read_json, too_deep
from tcbg.effects.loading import module_name_of
from tcbg.errors import ZXCardError

FORMAT = "tcbg-zx-cards/1"

TYPES = ("Z/X", "Event", "Player", "Z/X Extra", "Z/X Overboost", "Shift", "Event Extra", "Player Extra")
"""Card types (CR 202), in the order of the core's ``tcbg::zx::CardType`` (its value is the index)."""
ZX_KINDS = frozenset({"Z/X", "Z/X Extra", "Z/X Overboost", "Shift"})
"""Types that stand on a Square: they have a race, a power and keywords (ZC7, ZC9, ZC11)."""
COSTLESS = frozenset({"Player", "Player Extra"})
"""Types that are never played by paying a cost: no cost field (ZC8)."""

COLOURS = ("red", "blue", "white", "black", "green")
"""Colours, in the order of the core's colour bits (red 1, blue 2, white 4, black 8, green 16)."""
PLAYER_COLOURS = ("dragon",)
"""Colours printed only on Player and Player Extra cards (ZC6): a Player card never pays or is paid for, so the core
has no bit for them (the card's colour bits are those of its other colours)."""

RACES = (
    "Brave", "Gigantic", "Artisan", "Divine Beast",  # red
    "Battle Suit", "Metal Fortress", "Killer Machine", "Mermaid",  # blue
    "Angel", "Cait Sith", "Holy Beast", "Guardian",  # white
    "Demon", "Undead", "Predator", "Torture Device",  # black
    "Hourai", "Leafling", "Flower-insect", "Lycanthrope",  # green
    "Glory Dragon", "Gear Dragon", "Messenger Dragon", "Cruel Dragon", "Vine Dragon",  # one card each (B02-B05)
)
"""The races of the early sets by colour, as English glosses (sources: the 2013 card database's race list); a
card's ``race_id`` in the core is its index here plus 1 (0: no race), the same in every card set."""

KEYWORDS = ("Start Card", "Life Recovery", "Void Bringer", "Range 2", "Range infinity", "Isolate", "Evol Seed")
"""Keyword abilities the rules engine runs itself, in the order of the core's keyword bits (Start Card 1 ...
Evol Seed 64)."""

ICONS = ("IG", "ES")
"""What can be printed in a card's icon place: the Ignition icon (CR 207.3) or the Evol Seed icon."""

RARITIES = ("C", "UC", "R", "SR", "PR", "IGR", "Z/XR", "CVR", "F")
"""Printed rarities of the early sets (F: free cards); optional, for people (tcbg never reads it)."""

INFINITE_COST = -1
"""A cost of infinity in the core (``tcbg::zx::kInfiniteCost``): it can never be paid (CR 203)."""
MAX_COST = 99
MAX_POWER = 99999
MAX_RACES = 2
"""A card has at most two races (ZC7; B05-073 is a Demon and a Cait Sith)."""
MAX_ABILITIES = 9
_NUMBER = re.compile(r"[A-Z][A-Z0-9]{0,5}-[0-9]{3}[A-Za-z]?")
_TOP_FIELDS = {"format", "name", "description", "invented", "effects", "cards"}
_CARD_FIELDS = {"number", "name", "name_en", "type", "colours", "race", "cost", "power", "icon", "keywords",
                "sealed", "legend", "rarity", "text", "abilities"}


def name_key(text: str) -> str:
    """How names are compared when looking a card up (docs/zx/deck-format.md ZD4): Unicode NFKC (full-width
    letters and spaces become their plain forms), case folded, runs of spaces made one.

    >>> name_key("豪胆なる熊武士　坂田金時") == name_key("豪胆なる熊武士 坂田金時"), name_key("  Ruby   HOWL ")
    (True, 'ruby howl')
    """
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


@dataclass(frozen=True)
class Card:
    """One Z/X card, as docs/zx/card-data.md describes it.

    Cards come from :meth:`CardSet.load` or :meth:`CardSet.from_dict`, which check every rule; the constructor
    trusts its arguments. ``cost`` is a whole number, :data:`INFINITE_COST` for infinity, or ``None`` for Player
    and Player Extra cards; ``race`` and ``power`` are ``None`` on cards that do not stand on a Square. ``race`` is
    the card's first race and ``races`` all of them (one, or two on a card of two races, ZC7). ``abilities`` counts
    the printed abilities beyond the keywords when ``text`` is not written yet (ZC13); :attr:`has_abilities` is
    what a game reads.

    >>> from tcbg.zx.cards import CardSet
    >>> poena = CardSet.load("starter-2012")["C02-011"]
    >>> poena.name_en, poena.colours, poena.has("Void Bringer"), poena.ignition, poena.label
    ('Demon of Punishment, Poena', ('black',), True, True, 'C02-011 罰の魔人ポエナ (Demon of Punishment, Poena)')
    """

    number: str
    name: str
    name_en: str
    type: str
    colours: tuple[str, ...] = ()
    race: str | None = None
    cost: int | None = None
    power: int | None = None
    icon: str | None = None
    keywords: tuple[str, ...] = ()
    sealed: bool = False
    legend: bool = False
    rarity: str | None = None
    text: str = ""
    races: tuple[str, ...] = ()
    abilities: int = 0

    def __post_init__(self) -> None:
        if not self.races and self.race is not None:  # a card built with race= only has that one race
            object.__setattr__(self, "races", (self.race,))

    @property
    def has_abilities(self) -> bool:
        """The card has abilities beyond its keywords: a ``text`` in our words, or a count of printed abilities
        whose text is not written yet (ZC13). A game with effects refuses such a card without its definition."""
        return bool(self.text) or self.abilities > 0

    @property
    def ignition(self) -> bool:
        """The card has the Ignition icon (CR 207.3)."""
        return self.icon == "IG"

    @property
    def is_zx(self) -> bool:
        """A card that stands on a Square (Z/X, Z/X Extra, Z/X Overboost, Shift)."""
        return self.type in ZX_KINDS

    @property
    def label(self) -> str:
        """``NUMBER NAME (ENGLISH NAME)``: how messages name the card."""
        return f"{self.number} {self.name} ({self.name_en})"

    def has(self, keyword: str) -> bool:
        """Whether the card has ``keyword`` (one of :data:`KEYWORDS`)."""
        return keyword in self.keywords

    def to_dict(self) -> dict[str, Any]:
        """The card as a card object of the format (``CardSet.from_dict`` reads it back to an equal card)."""
        out: dict[str, Any] = {"number": self.number, "name": self.name, "name_en": self.name_en, "type": self.type,
                               "colours": list(self.colours)}
        if self.race is not None:
            out["race"] = self.race if len(self.races) == 1 else list(self.races)
        if self.cost is not None:
            out["cost"] = "infinity" if self.cost == INFINITE_COST else self.cost
        if self.power is not None:
            out["power"] = self.power
        if self.icon is not None:
            out["icon"] = self.icon
        if self.keywords:
            out["keywords"] = list(self.keywords)
        if self.sealed:
            out["sealed"] = True
        if self.legend:
            out["legend"] = True
        if self.rarity is not None:
            out["rarity"] = self.rarity
        if self.text:
            out["text"] = self.text
        if self.abilities:
            out["abilities"] = self.abilities
        return out


def _card_label(obj: Any, index: int) -> str:
    if isinstance(obj, dict) and isinstance(obj.get("number"), str) and obj["number"]:
        return f"card {index} {obj['number'][:20]}"
    return f"card {index}"


def _plain_string(value: Any) -> bool:
    return isinstance(value, str) and bool(value) and value == value.strip() and "\n" not in value


def _parse_card(obj: Any, file: str, index: int) -> Card:
    label = _card_label(obj, index)

    def fail(reason: str, rule: str) -> NoReturn:
        raise ZXCardError(reason, file=file, where=label, rule=rule)

    # ZC2: an object with the fields its type allows
    if not isinstance(obj, dict):
        fail(f"a card must be a JSON object, not {type(obj).__name__}", "ZC2")
    for key in ("number", "name", "name_en", "type", "colours"):
        if key not in obj:
            fail(f"the field {key!r} is missing (every card has number, name, name_en, type, colours)", "ZC2")
    unknown = sorted(set(obj) - _CARD_FIELDS)
    if unknown:
        fail(f"unknown field {unknown[0][:40]!r} (fields: {', '.join(sorted(_CARD_FIELDS))})", "ZC2")

    number = obj["number"]  # ZC3
    if not isinstance(number, str) or not _NUMBER.fullmatch(number):
        fail(f"number must be a card number such as 'C01-003' (set letters and digits, '-', three digits), not "
             f"{str(number)[:40]!r}", "ZC3")
    for key in ("name", "name_en"):  # ZC4
        if not _plain_string(obj[key]) or len(obj[key]) > 100:
            fail(f"{key} must be a non-empty one-line string of at most 100 characters without spaces at its ends, "
                 f"not {str(obj[key])[:40]!r}", "ZC4")

    card_type = obj["type"]  # ZC5
    if card_type not in TYPES:
        fail(f"type must be one of {', '.join(TYPES)}, not {str(card_type)[:40]!r}", "ZC5")
    zx_kind = card_type in ZX_KINDS

    colours = obj["colours"]  # ZC6
    allowed = COLOURS + PLAYER_COLOURS
    if not isinstance(colours, list) or any(c not in allowed for c in colours) or len(set(colours)) != len(colours):
        fail(f"colours must be a list of distinct colours ({', '.join(allowed)}; [] for colourless), not "
             f"{str(colours)[:60]}", "ZC6")
    if card_type not in COSTLESS and any(c in PLAYER_COLOURS for c in colours):
        fail(f"{', '.join(PLAYER_COLOURS)} is a colour of Player and Player Extra cards only, not of a {card_type} card",
             "ZC6")
    colours_t = tuple(c for c in allowed if c in colours)

    race = obj.get("race")  # ZC7
    races: tuple[str, ...] = ()
    if zx_kind:
        if "race" not in obj:
            fail(f"the field 'race' is missing (a {card_type} card has a race)", "ZC7")
        if isinstance(race, list):
            if not 2 <= len(race) <= MAX_RACES or len(set(map(str, race))) != len(race):
                fail(f"race is one race, or a list of {MAX_RACES} distinct races for a card of two races, not "
                     f"{str(race)[:60]}", "ZC7")
            races = tuple(race)
        else:
            races = (race,)
        for one in races:
            if one not in RACES:
                close = difflib.get_close_matches(str(one), RACES, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else f" (races: {', '.join(RACES)})"
                fail(f"unknown race {str(one)[:40]!r}{hint}", "ZC7")
    elif "race" in obj:
        fail(f"a {card_type} card has no race", "ZC7")

    cost: int | None = None  # ZC8
    if card_type in COSTLESS:
        if "cost" in obj:
            fail(f"a {card_type} card is never played for a cost, so it has no cost field", "ZC8")
    else:
        if "cost" not in obj:
            fail(f"the field 'cost' is missing (a {card_type} card has a cost)", "ZC8")
        raw = obj["cost"]
        if raw == "infinity":
            cost = INFINITE_COST
        elif is_int(raw) and 0 <= raw <= MAX_COST:
            cost = raw
        else:
            fail(f"cost must be a whole number from 0 to {MAX_COST} or \"infinity\", not {str(raw)[:40]!r}", "ZC8")

    power: int | None = None  # ZC9
    if zx_kind:
        if "power" not in obj:
            fail(f"the field 'power' is missing (a {card_type} card has a power)", "ZC9")
        power = obj["power"]
        if not is_int(power) or not 0 <= power <= MAX_POWER:
            fail(f"power must be a whole number from 0 to {MAX_POWER}, not {str(power)[:40]!r}", "ZC9")
    elif "power" in obj:
        fail(f"a {card_type} card has no power", "ZC9")

    icon = obj.get("icon")  # ZC10
    if "icon" in obj and icon not in ICONS:
        fail(f"icon must be \"IG\" (Ignition) or \"ES\" (Evol Seed), or left out, not {str(icon)[:40]!r}", "ZC10")
    if icon is not None and card_type not in ("Z/X", "Event"):
        fail(f"only Z/X and Event cards are revealed from the deck or Life, so a {card_type} card has no icon",
             "ZC10")

    keywords = obj.get("keywords", [])  # ZC11
    if not isinstance(keywords, list) or any(k not in KEYWORDS for k in keywords):
        fail(f"keywords must be a list of keywords ({', '.join(KEYWORDS)}), not {str(keywords)[:60]}", "ZC11")
    if len(set(keywords)) != len(keywords):
        fail("a keyword is listed twice", "ZC11")
    if keywords and not zx_kind and (card_type != "Event" or keywords != ["Evol Seed"]):
        fail(f"keywords belong to cards that stand on a Square (an Event has only Evol Seed, with its icon); a "
             f"{card_type} card has none", "ZC11")
    keywords_t = tuple(k for k in KEYWORDS if k in keywords)
    if ("Evol Seed" in keywords_t) != (icon == "ES"):
        fail("the Evol Seed icon and the keyword Evol Seed go together: a card has both or neither", "ZC11")
    for keyword in ("Life Recovery", "Void Bringer"):
        if keyword in keywords_t and icon != "IG":
            fail(f"a {keyword} card has the Ignition icon (CR 401.5 counts it among the 20 Ignition cards): "
                 "add \"icon\": \"IG\"", "ZC11")
    if "Start Card" in keywords_t and card_type != "Z/X":
        fail("only a Z/X card can be a Start Card (it is taken from the deck at set-up)", "ZC11")

    flags = {}  # ZC12
    for key in ("sealed", "legend"):
        flags[key] = obj.get(key, False)
        if not isinstance(flags[key], bool):
            fail(f"{key} must be true or false, not {str(flags[key])[:40]!r}", "ZC12")
    if flags["sealed"] and flags["legend"]:
        fail("a card is sealed (never in a deck) or legend (at most one copy), not both", "ZC12")

    rarity = obj.get("rarity")  # ZC13
    if "rarity" in obj and rarity not in RARITIES:
        fail(f"rarity must be one of {', '.join(RARITIES)}, or left out, not {str(rarity)[:40]!r}", "ZC13")
    text = obj.get("text", "")
    if not isinstance(text, str) or text != text.strip():
        fail("text must be a string without spaces at its ends (the abilities beyond the keywords, in our own "
             "words; \"\" or left out for none)", "ZC13")

    abilities = obj.get("abilities", 0)
    if "abilities" in obj and (not is_int(abilities) or not 1 <= abilities <= MAX_ABILITIES):
        fail(f"abilities must be a whole number from 1 to {MAX_ABILITIES} (the printed abilities beyond the "
             f"keywords), or left out for none, not {str(abilities)[:40]!r}", "ZC13")

    return Card(number=number, name=obj["name"], name_en=obj["name_en"], type=card_type, colours=colours_t,
                race=races[0] if races else None, cost=cost, power=power, icon=icon, keywords=keywords_t,
                sealed=flags["sealed"], legend=flags["legend"], rarity=rarity, text=text, races=races,
                abilities=abilities)


_CARDSETS = resources.files("tcbg.zx") / "cardsets"


class CardSet:
    """A Z/X card set: cards with unique numbers, in file order (docs/zx/card-data.md). Build one with
    :meth:`load` or :meth:`from_dict`.

    Cards are looked up by number, Japanese name or English name (:meth:`find`); cards of the same name (reprints
    with other numbers) share one ``name_id`` in the core, as CR 401.2 counts names, not numbers.

    >>> from tcbg.zx.cards import CardSet
    >>> vanilla = CardSet.load("vanilla")
    >>> vanilla.name, vanilla.invented, len(vanilla), sum(card.ignition for card in vanilla)
    ('vanilla', True, 34, 15)
    >>> starter = CardSet.load("starter-2012")
    >>> [card.number for card in starter.same_name(starter["C01-015"])]
    ['C01-015', 'C03-016']
    >>> starter.name_id(starter["C01-015"]) == starter.name_id(starter["C03-016"])
    True
    """

    def __init__(self, name: str, cards: list[Card] | tuple[Card, ...], *, description: str = "",
                 invented: bool = False, effects: Mapping[str, Any] | None = None, effects_file: str | None = None,
                 file: str = "<cards>") -> None:
        self.name = name
        self.description = description
        self.invented = invented
        self.file = file
        self.cards: tuple[Card, ...] = tuple(cards)
        self.effects: dict[str, Any] = dict(effects or {})
        self.effects_file = effects_file
        self._by_number: dict[str, int] = {}
        self._by_key: dict[str, list[int]] = {}
        self._name_ids: dict[str, int] = {}
        self._name_of_en: dict[str, str] = {}
        self._en_of_name: dict[str, str] = {}
        for i, card in enumerate(self.cards):
            where = f"card {i} {card.number}"
            if card.number in self._by_number:  # ZC3
                raise ZXCardError(f"the number {card.number} is already card {self._by_number[card.number]}'s",
                                  file=file, where=where, rule="ZC3")
            self._by_number[card.number] = i
            # ZC4: one English name per Japanese name and back, so that a name means one name_id
            en = self._en_of_name.setdefault(card.name, card.name_en)
            jp = self._name_of_en.setdefault(name_key(card.name_en), card.name)
            if en != card.name_en or jp != card.name:
                raise ZXCardError(f"{card.name} / {card.name_en}: another card pairs "
                                  f"{card.name if en != card.name_en else jp} with "
                                  f"{en if en != card.name_en else card.name_en}; a name has one English name and "
                                  "an English name one name", file=file, where=where, rule="ZC4")
            self._name_ids.setdefault(card.name, len(self._name_ids) + 1)
            for key in {name_key(card.number), name_key(card.name), name_key(card.name_en)}:
                self._by_key.setdefault(key, []).append(i)
        for number in self.effects:  # ZC14
            if number not in self._by_number:
                raise ZXCardError(f"EFFECTS has an entry for {str(number)[:40]!r}, which is no card of the set",
                                  file=effects_file or file, where="EFFECTS", rule="ZC14")

    # -- loading -----------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, name_or_path: str | os.PathLike[str]) -> CardSet:
        """Load a shipped set by name (see :meth:`names`) or a card file by path; its effects module (``"effects"``,
        ZC14) is loaded from beside it.

        >>> CardSet.load("starter-2012").description[:31]
        'The four 2012 starter decks C01'
        >>> CardSet.load("starter-2011")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        tcbg.errors.ZXCardError: starter-2011: card set: no shipped card set ... did you mean 'starter-2012'? ...
        """
        if not isinstance(name_or_path, (str, os.PathLike)):
            raise ZXCardError(f"a card set is loaded by name or path, not {type(name_or_path).__name__}",
                              file=repr(name_or_path), rule="ZC1")
        text = os.fspath(name_or_path)
        if isinstance(text, bytes):
            text = os.fsdecode(text)
        if text in cls.names():
            path = str(_CARDSETS / f"{text}.json")
        elif os.path.exists(text):
            path = text
        else:
            close = difflib.get_close_matches(text, cls.names(), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (shipped sets: {', '.join(cls.names())})"
            raise ZXCardError(f"no shipped card set of this name and no such file{hint}", file=text, rule="ZC1")

        def fail(reason: str) -> NoReturn:
            raise ZXCardError(reason, file=path, rule="ZC1")

        doc = read_json(path, fail)
        return cls.from_dict(doc, file=path)

    @classmethod
    def from_dict(cls, doc: Any, *, file: str = "<dict>") -> CardSet:
        """Check a card set document (ZC1 to ZC14) and build the set. An ``"effects"`` file is looked for beside
        ``file``."""

        def fail(reason: str, rule: str = "ZC1") -> NoReturn:
            raise ZXCardError(reason, file=file, rule=rule)

        deep = too_deep(doc)
        if deep is not None:
            raise ZXCardError(depth_reason(deep), file=file, where=deep or "card set", rule="ZC1")
        if not isinstance(doc, dict):
            fail(f"a card set is a JSON object, not {type(doc).__name__}")
        for key in ("format", "name", "cards"):
            if key not in doc:
                fail(f"the field {key!r} is missing (a card set has format, name, cards)")
        unknown = sorted(set(doc) - _TOP_FIELDS)
        if unknown:
            fail(f"unknown field {unknown[0][:40]!r} (fields: {', '.join(sorted(_TOP_FIELDS))})")
        if doc["format"] != FORMAT:
            fail(f"format must be {FORMAT!r}, not {str(doc['format'])[:40]!r}")
        if not _plain_string(doc["name"]):
            fail(f"name must be a non-empty one-line string, not {str(doc['name'])[:40]!r}")
        description = doc.get("description", "")
        if not isinstance(description, str):
            fail("description must be a string")
        invented = doc.get("invented", False)
        if not isinstance(invented, bool):
            fail("invented must be true or false")
        if not isinstance(doc["cards"], list) or not doc["cards"]:
            fail("cards must be a non-empty list of card objects")
        cards = [_parse_card(obj, file, i) for i, obj in enumerate(doc["cards"])]
        effects, effects_file = {}, None
        if "effects" in doc:
            effects_file, effects = _load_effects(doc["effects"], file, doc["name"])
        return cls(doc["name"], cards, description=description, invented=invented, effects=effects,
                   effects_file=effects_file, file=file)

    @staticmethod
    def names() -> list[str]:
        """Names of the card sets shipped with tcbg.

        >>> CardSet.names()
        ['first-era', 'starter-2012', 'vanilla']
        """
        return sorted(p.name[:-5] for p in _CARDSETS.iterdir() if p.name.endswith(".json"))

    # -- looking cards up --------------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, number: object) -> bool:
        return number in self._by_number

    def __getitem__(self, number: str) -> Card:
        """The card with this number (exactly as printed)."""
        return self.cards[self._by_number[number]]

    def index(self, number: str) -> int:
        """The card's place in the set: its index in :meth:`to_core`."""
        return self._by_number[number]

    def lookup(self, text: str) -> list[Card]:
        """Every card that ``text`` names: its number, Japanese name or English name, compared by
        :func:`name_key`. Several cards when a name is reprinted under several numbers; [] when none."""
        return [self.cards[i] for i in self._by_key.get(name_key(text), [])]

    def find(self, text: str) -> Card:
        """The card ``text`` names (see :meth:`lookup`). A name reprinted under several numbers gives the first
        number when the reprints are the same card (same data), and an error asking for the number otherwise; an
        unknown name is an error suggesting the nearest names. Raises ``KeyError`` with the reason as its text.

        >>> from tcbg.zx.cards import CardSet
        >>> starter = CardSet.load("starter-2012")
        >>> starter.find("Appliance Combination, Tantalum").number
        'C02-009'
        >>> starter.find("Ruby Howel")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        KeyError: "no card 'Ruby Howel' in set 'starter-2012'; did you mean 'Crimson Fang, Ruby Howl'...?"
        """
        found = self.lookup(text)
        if not found:
            raise KeyError(f"no card {text[:60]!r} in set {self.name!r}; {self.suggest(text)}")
        first = found[0]
        if any(_game_data(card) != _game_data(first) for card in found[1:]):
            raise KeyError(f"{text[:60]!r} names {len(found)} cards of set {self.name!r} that differ ("
                           + ", ".join(card.number for card in found) + "); write the card's number")
        return first

    def suggest(self, text: str) -> str:
        """'did you mean ...?' with the nearest numbers and names of the set."""
        keys: dict[str, str] = {}
        for card in self.cards:
            for shown in (card.name_en, card.name, card.number):
                keys.setdefault(name_key(shown), shown)
            for part in card.name_en.split(", "):  # "Crimson Fang, Ruby Howl": also its epithet and its name
                keys.setdefault(name_key(part), card.name_en)
        close = difflib.get_close_matches(name_key(text), list(keys), n=3, cutoff=0.6)
        if not close:
            close = difflib.get_close_matches(name_key(text), list(keys), n=3, cutoff=0.0)
            return "no name is close; the nearest are " + ", ".join(repr(n) for n in dict.fromkeys(keys[c] for c in close))
        return "did you mean " + " or ".join(repr(n) for n in dict.fromkeys(keys[c] for c in close)) + "?"

    def same_name(self, card: Card) -> list[Card]:
        """Every card of the set with ``card``'s name (the reprints that CR 401.2 counts together)."""
        return [c for c in self.cards if c.name == card.name]

    def name_id(self, card: Card) -> int:
        """The core's ``name_id`` of ``card``'s name: 1, 2, ... in order of first appearance in the set."""
        return self._name_ids[card.name]

    def missing_effects(self) -> list[Card]:
        """Cards with abilities beyond their keywords (a text or a count, ZC13) that have no entry in the effects module yet: what a game
        cannot play faithfully until their effects are written (docs/zx/card-data.md ZC14)."""
        return [card for card in self.cards if card.has_abilities and card.number not in self.effects]

    # -- the core's view ---------------------------------------------------------------------------------------

    def to_core(self) -> list[tuple[int, int, int, int, int, int, int, bool, bool, bool]]:
        """One tuple per card, in set order, in the field order of the core's ``tcbg::zx::CardDef``:
        (name_id, race_id, type, colour bits, cost, power, keyword bits, ignition, sealed, legend). ``type`` is
        the index in :data:`TYPES`, ``race_id`` the index in :data:`RACES` plus 1 (0: none), a cost of infinity
        -1 and no cost 0, no power 0.

        >>> from tcbg.zx.cards import CardSet
        >>> starter = CardSet.load("starter-2012")
        >>> starter.to_core()[0]  # C01-001, the Player card Tennouji Asuka: white
        (1, 0, 2, 4, 0, 0, 0, False, False, False)
        """
        return [core_tuple(card, self._name_ids[card.name]) for card in self.cards]

    def __repr__(self) -> str:
        return f"<CardSet {self.name!r}: {len(self.cards)} cards>"


def _game_data(card: Card) -> dict[str, Any]:
    """What the rules read of a card (everything but its number, rarity and our words or their count)."""
    out = card.to_dict()
    for key in ("number", "rarity", "text", "abilities"):
        out.pop(key, None)
    return out


def core_tuple(card: Card, name_id: int) -> tuple[int, int, int, int, int, int, int, bool, bool, bool]:
    """``card`` as the core's CardDef fields (see :meth:`CardSet.to_core`)."""
    colours = sum(1 << COLOURS.index(c) for c in card.colours if c in COLOURS)
    keywords = sum(1 << KEYWORDS.index(k) for k in card.keywords)
    race_id = 0 if card.race is None else RACES.index(card.race) + 1
    return (name_id, race_id, TYPES.index(card.type), colours, 0 if card.cost is None else card.cost,
            card.power or 0, keywords, card.ignition, card.sealed, card.legend)


def _load_effects(value: Any, file: str, set_name: str) -> tuple[str, dict[str, Any]]:
    """ZC14: ``"effects"`` names a Python file beside the card file; it defines ``EFFECTS``, a dict from card
    numbers of the set to their effect definitions (the language comes with the card effects)."""

    def fail(reason: str, where: str = "effects") -> NoReturn:
        raise ZXCardError(reason, file=file, where=where, rule="ZC14")

    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*\.py", value):
        fail(f"effects must name a Python file beside the card file, such as 'my_set.py', not {str(value)[:40]!r}")
    path = os.path.join(os.path.dirname(os.path.abspath(file)), value)
    if not os.path.isfile(path):
        fail(f"no effects file {value!r} beside the card file ({path})")
    # The shared loader's module name (tcbg.effects.loading): a worker process unpickling a slow-path function of
    # this file imports it again by that name. A file loaded before and unchanged since is not run again, so its
    # functions stay the objects earlier definitions hold (pickling by name requires it); a changed file runs anew.
    module_name = module_name_of(path)
    with open(path, "rb") as handle:
        digest = hashlib.sha256(handle.read()).hexdigest()
    module = sys.modules.get(module_name)
    if module is None or getattr(module, "__tcbg_digest__", None) != digest:
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:  # pragma: no cover - a .py path always has a loader
            fail(f"cannot load {path}")
        module = importlib.util.module_from_spec(spec)
        previous = sys.modules.get(module_name)
        sys.modules[module_name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:  # the effects file is user code: any failure is the file's error
            if previous is None:
                del sys.modules[module_name]
            else:
                sys.modules[module_name] = previous
            fail(f"{type(exc).__name__} while loading {value}: {exc}")
        module.__tcbg_digest__ = digest
    effects = getattr(module, "EFFECTS", None)
    if not isinstance(effects, dict) or any(not isinstance(k, str) for k in effects):
        fail(f"{value} must define EFFECTS, a dict from card numbers to effect definitions")
    return path, effects
