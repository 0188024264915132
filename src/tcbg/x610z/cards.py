"""X610Z cards: the card data format ``tcbg-cards/1`` (docs/card-data.md), costs, cards and card sets.

A card set is a JSON file of cards. Shipped sets live in ``src/tcbg/x610z/cardsets/NAME.json`` and load by name;
any other file loads by path, and a dict in the same shape loads with :meth:`CardSet.from_dict`. Every rule of
docs/card-data.md is checked on loading; a broken one raises :class:`tcbg.CardError` naming the file, the card (by
index and name) and the rule.

>>> from tcbg.x610z.cards import CardSet, Cost
>>> vanilla = CardSet.load("vanilla")
>>> drake = vanilla["Ashwing Drake"]
>>> drake.type, drake.summon_class, str(drake.cost), str(drake.move_cost)
('summon', 'dragon', 'C1 B2', 'B1')
>>> drake.attack, drake.defense, drake.speed, drake.range
(3, 6, 5, 2)
>>> sorted({card.summon_class for card in vanilla.cards_for("act1") if card.is_summon})
['beast', 'dragon', 'life-base', 'vessel']
>>> str(Cost.parse("M1 B2 C1"))
'C1 B2 M1'
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, NoReturn

from tcbg._jsonfile import check_fields, depth_reason, is_int, read_json, too_deep
from tcbg.errors import CardError
from tcbg.x610z.cost import EDITION_LETTERS, ENERGY, LETTERS, MAX_COUNT, Cost, _parse_cost  # noqa: F401 (cards' names)

FORMAT = "tcbg-cards/1"
FORMAT_2 = "tcbg-cards/2"
"""Format 2 adds effects (a Python module of definitions), factions and Act I quest cards (docs/card-data.md
C13-C23); every ``tcbg-cards/1`` document is still read as it was."""
FORMATS = (FORMAT, FORMAT_2)
FACTIONS = ("arnunnian", "undead", "pirate", "barbarian")
"""The four factions of On the Ruins of Chaos (ORoC "Choose your faction"), for ``"faction"`` (C23)."""
EDITIONS = ("existenz", "act1")
"""The editions, as in rules.md 1.1: ``existenz`` (On the Ruins of Chaos) and ``act1`` (Act I: The New Era)."""
TYPES = ("life-base", "summon", "crystal", "flux", "catalyst", "quest")
"""Card types; ``quest`` (Act I "Quest cards") only in ``tcbg-cards/2`` documents (C13)."""
SUMMON_CLASSES = ("dragon", "vessel", "beast", "army", "berserker")
CLASSES = ("life-base", *SUMMON_CLASSES)
EDITION_CLASSES = {"existenz": frozenset(CLASSES), "act1": frozenset({"life-base", "dragon", "vessel", "beast"})}
"""The summon classes each edition knows (docs/card-data.md C12)."""

MAX_DECK_LIMIT = 50  # C6
MAX_STAT = 16  # C9: attack, speed, range
MAX_DEFENSE = 99  # C9
MAX_BLOCK_RATE = 15  # C9

_TOP_FIELDS = {"format", "name", "description", "cards"}
_TOP_FIELDS_2 = _TOP_FIELDS | {"effects"}
_TOP_REQUIRED = ("format", "name", "cards")
_COMMON_FIELDS = ("name", "type", "cost", "deck_limit", "editions", "text")
_COMMON_REQUIRED = ("name", "type", "cost", "deck_limit", "editions")
_SUMMON_FIELDS = ("class", "attack", "defense", "speed", "range", "move_cost", "block_rate", "all_directions")
_TYPE_FIELDS: dict[str, tuple[str, ...]] = {
    "life-base": _SUMMON_FIELDS,
    "summon": _SUMMON_FIELDS,
    "crystal": ("produces",),
    "flux": (),
    "catalyst": (),
    "quest": (),
}
_TYPE_REQUIRED: dict[str, tuple[str, ...]] = {
    "life-base": ("class", "defense"),
    "summon": ("class", "defense"),
    "crystal": ("produces",),
    "flux": (),
    "catalyst": (),
    "quest": (),
}
_ALL_FIELDS = set(_COMMON_FIELDS).union(*_TYPE_FIELDS.values()) | {"faction"}


@dataclass(frozen=True)
class Card:
    """One card of a card set, as docs/card-data.md describes it.

    Cards come from :meth:`from_dict`, :meth:`CardSet.load` or :meth:`CardSet.from_dict`, which check every rule;
    the constructor itself trusts its arguments. Fields that a card type does not have are ``None`` (``move_cost``
    and ``produces``, the stats) or their default (``block_rate`` 0, ``all_directions`` False). A stat that is
    ``None`` is one the summon cannot use (ORoC "Card anatomy" note).

    >>> card = Card.from_dict({"name": "Pebble", "type": "crystal", "cost": "", "deck_limit": 20,
    ...                        "editions": ["act1", "existenz"], "produces": "C"})
    >>> card.produces, card.editions, card.is_permanent, card.is_summon
    ('C', ('existenz', 'act1'), True, False)
    >>> Card.from_dict({"name": "Pebble", "type": "crystal", "cost": "", "deck_limit": 20,
    ...                 "editions": ["act1"], "produces": "R"}, file="my.json", index=4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tcbg.errors.CardError: my.json: card 4 'Pebble': act1 has no robiumm energy: produces 'R' ... [card-data C12]
    """

    name: str
    type: str
    cost: Cost
    deck_limit: int
    editions: tuple[str, ...]
    text: str = ""
    summon_class: str | None = None
    attack: int | None = None
    defense: int | None = None
    speed: int | None = None
    range: int | None = None
    move_cost: Cost | None = None
    block_rate: int = 0
    all_directions: bool = False
    produces: str | None = None
    faction: str | None = None

    @property
    def is_summon(self) -> bool:
        """True for summons and life bases: cards with a playing piece on the board."""
        return self.type in ("life-base", "summon")

    @property
    def is_permanent(self) -> bool:
        """True for every card but a flux (ORoC "Card types")."""
        return self.type != "flux"

    def legal_in(self, edition: str) -> bool:
        """Whether this card may be played under ``edition``'s rules (it lists the edition, C7)."""
        return edition in self.editions

    @classmethod
    def from_dict(cls, obj: Any, *, file: str = "<dict>", index: int = 0) -> Card:
        """Check one card object against rules C2 and C4 to C12 and build the card. ``file`` and ``index`` only
        name the card in errors (C3, unique names, is a rule of the set)."""
        deep = too_deep(obj)
        if deep is not None:
            raise CardError(depth_reason(deep), file=file, where=f"card {index}", rule="C1")
        return _parse_card(obj, file, index)

    def to_dict(self) -> dict[str, Any]:
        """The card as a ``tcbg-cards/1`` card object (``Card.from_dict(card.to_dict()) == card``)."""
        out: dict[str, Any] = {"name": self.name, "type": self.type}
        if self.summon_class is not None:
            out["class"] = self.summon_class
        out["cost"] = str(self.cost)
        out["deck_limit"] = self.deck_limit
        out["editions"] = list(self.editions)
        if self.is_summon:
            for stat in ("attack", "defense", "speed", "range"):
                if getattr(self, stat) is not None:
                    out[stat] = getattr(self, stat)
            if self.move_cost is not None:
                out["move_cost"] = str(self.move_cost)
            if self.block_rate:
                out["block_rate"] = self.block_rate
            if self.all_directions:
                out["all_directions"] = True
        if self.produces is not None:
            out["produces"] = self.produces
        if self.faction is not None:
            out["faction"] = self.faction
        if self.text:
            out["text"] = self.text
        return out


def _card_label(obj: Any, index: int) -> str:
    if isinstance(obj, dict) and isinstance(obj.get("name"), str) and obj["name"]:
        return f"card {index} {obj['name']!r}"
    return f"card {index}"


def _parse_card(obj: Any, file: str, index: int, version: int = 1) -> Card:
    label = _card_label(obj, index)

    def fail(reason: str, rule: str) -> NoReturn:
        raise CardError(reason, file=file, where=label, rule=rule)

    # C2: the object, its name and type, then the fields its type allows
    if not isinstance(obj, dict):
        fail(f"a card must be a JSON object, not {type(obj).__name__}", "C2")
    for key in ("name", "type"):
        if key not in obj:
            fail(f"the field {key!r} is missing", "C2")
    name = obj["name"]
    if not isinstance(name, str) or not name or name != name.strip():
        fail(f"name must be a non-empty string without spaces at its ends, not {name!r}", "C2")
    card_type = obj["type"]
    types = TYPES if version == 2 else TYPES[:-1]
    if card_type not in types:
        if card_type == "quest":
            fail("quest cards need format 'tcbg-cards/2'", "C13")
        fail(f"type must be one of {', '.join(types)}, not {card_type!r}", "C2")
    allowed = set(_COMMON_FIELDS) | set(_TYPE_FIELDS[card_type]) | ({"faction"} if version == 2 else set())
    for key in _COMMON_REQUIRED + _TYPE_REQUIRED[card_type]:
        if key not in obj:
            fail(f"the field {key!r} is missing (a {card_type} card needs "
                 f"{', '.join(_COMMON_REQUIRED + _TYPE_REQUIRED[card_type])})", "C2")
    for key in obj:
        if key not in allowed:
            if key == "faction" and version == 1:
                fail("the field 'faction' needs format 'tcbg-cards/2'", "C13")
            if key in _ALL_FIELDS:
                fail(f"the field {key!r} is not allowed on a {card_type} card "
                     f"(allowed: {', '.join(sorted(allowed))})", "C2")
            fail(f"unknown field {key!r} (allowed on a {card_type} card: {', '.join(sorted(allowed))})", "C2")
    text = obj.get("text", "")
    if not isinstance(text, str):
        fail(f"text must be a string, not {text!r}", "C2")
    faction = obj.get("faction")
    if "faction" in obj and faction not in FACTIONS:
        fail(f"faction must be one of {', '.join(FACTIONS)}, not {faction!r} (leave it out for a card of no "
             "faction)", "C23")

    # C4, C5: the casting cost
    def cost_of(field: str) -> Cost:
        def fail_cost(reason: str) -> NoReturn:
            fail(f"{field}: {reason}", "C4")

        return _parse_cost(obj[field], fail_cost)

    cost = cost_of("cost")
    if card_type in ("crystal", "life-base") and cost.total():
        fail(f"a {card_type} card is never cast, so its cost must be '' (free), not {obj['cost']!r}", "C5")

    # C6: the deck limit
    deck_limit = obj["deck_limit"]
    if not is_int(deck_limit) or not 1 <= deck_limit <= MAX_DECK_LIMIT:
        fail(f"deck_limit must be a whole number from 1 to {MAX_DECK_LIMIT}, not {deck_limit!r}", "C6")
    if card_type == "life-base" and deck_limit != 1:
        fail(f"a life base's deck_limit must be 1, not {deck_limit!r}", "C6")

    # C7: the editions list
    editions = obj["editions"]
    if not isinstance(editions, list) or not editions:
        fail(f"editions must be a non-empty list of edition names ({', '.join(EDITIONS)}), not {editions!r}", "C7")
    for edition in editions:
        if edition not in EDITIONS:
            fail(f"unknown edition {edition!r} in editions (editions: {', '.join(EDITIONS)})", "C7")
    if len(set(editions)) != len(editions):
        fail(f"an edition is listed twice in {editions!r}", "C7")
    editions_t = tuple(e for e in EDITIONS if e in editions)

    summon_class = None
    stats: dict[str, int | None] = {"attack": None, "defense": None, "speed": None, "range": None}
    move_cost = None
    block_rate = 0
    all_directions = False
    produces = None
    if card_type in ("life-base", "summon"):
        # C8: the class
        summon_class = obj["class"]
        if card_type == "life-base" and summon_class != "life-base":
            fail(f"a life base's class must be 'life-base', not {summon_class!r}", "C8")
        if card_type == "summon" and summon_class not in SUMMON_CLASSES:
            fail(f"a summon's class must be one of {', '.join(SUMMON_CLASSES)}, not {summon_class!r}", "C8")
        # C9: the basic stats and abilities
        for stat in ("attack", "speed", "range"):
            value = obj.get(stat)
            if value is not None and (not is_int(value) or not 0 <= value <= MAX_STAT):
                fail(f"{stat} must be a whole number from 0 to {MAX_STAT}, or null (the summon cannot use it), "
                     f"not {value!r}", "C9")
            stats[stat] = value
        defense = obj["defense"]
        if not is_int(defense) or not 1 <= defense <= MAX_DEFENSE:
            fail(f"defense must be a whole number from 1 to {MAX_DEFENSE}, not {defense!r}", "C9")
        stats["defense"] = defense
        block_rate = obj.get("block_rate", 0)
        if not is_int(block_rate) or not 0 <= block_rate <= MAX_BLOCK_RATE:
            fail(f"block_rate must be a whole number from 0 to {MAX_BLOCK_RATE}, not {block_rate!r}", "C9")
        all_directions = obj.get("all_directions", False)
        if not isinstance(all_directions, bool):
            fail(f"all_directions must be true or false, not {all_directions!r}", "C9")
        # C10: the movement cost
        if stats["speed"] is None:
            if obj.get("move_cost") is not None:
                fail("a summon without speed cannot move, so it has no move_cost", "C10")
        else:
            if "move_cost" not in obj:
                fail("the field 'move_cost' is missing: a summon with speed needs a move_cost ('' for free)", "C10")
            if obj["move_cost"] is None:
                fail("move_cost must be a cost string ('' for free), not None, when the summon has speed", "C10")
            move_cost = cost_of("move_cost")
    if card_type == "crystal":
        # C11: the energy a crystal releases
        produces = obj["produces"]
        if not isinstance(produces, str) or produces not in ENERGY:
            known = ", ".join(f"{k} {v}" for k, v in ENERGY.items())
            fail(f"produces must be one energy letter ({known}), not {produces!r}", "C11")

    # C12: what each listed edition knows
    for edition in editions_t:
        letters = EDITION_LETTERS[edition]
        known = ", ".join(x for x in LETTERS if x in letters)
        for field, value in (("cost", cost), ("move_cost", move_cost)):
            if value is not None:
                for letter in (x for x in LETTERS if x in value.letters() - letters):
                    fail(f"{edition} has no {ENERGY[letter]} energy: {field} {str(value)!r} uses {letter} "
                         f"({edition} energies: {known})", "C12")
        if produces is not None and produces not in letters:
            fail(f"{edition} has no {ENERGY[produces]} energy: produces {produces!r} ({edition} energies: {known})",
                 "C12")
        if summon_class is not None and summon_class not in EDITION_CLASSES[edition]:
            classes = ", ".join(c for c in CLASSES if c in EDITION_CLASSES[edition])
            fail(f"{edition} has no {summon_class} summons ({edition} classes: {classes})", "C12")

    return Card(name=name, type=card_type, cost=cost, deck_limit=deck_limit, editions=editions_t, text=text,
                summon_class=summon_class, attack=stats["attack"], defense=stats["defense"], speed=stats["speed"],
                range=stats["range"], move_cost=move_cost, block_rate=block_rate, all_directions=all_directions,
                produces=produces, faction=faction)


class _Duplicated(dict):
    """A JSON object in which a key appeared twice (C1); the reader reports it with the card it is in."""

    duplicate: str = ""


def _find_duplicate(value: Any) -> str | None:
    if isinstance(value, _Duplicated):
        return value.duplicate
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        found = _find_duplicate(child)
        if found is not None:
            return found
    return None


def read_document(path: str | os.PathLike[str]) -> Any:
    """Read a JSON card file (rule C1): UTF-8 JSON, no key twice in one object, no NaN or Infinity. A repeated key
    raises :class:`tcbg.CardError` naming the card it is in."""
    file = os.fspath(path)
    seen_duplicate = False

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal seen_duplicate
        out: dict[str, Any] = {}
        duplicate = None
        for key, value in pairs:
            if key in out and duplicate is None:
                duplicate = key
            out[key] = value
        if duplicate is None:
            return out
        seen_duplicate = True
        marked = _Duplicated(out)
        marked.duplicate = duplicate
        return marked

    def fail(reason: str) -> NoReturn:
        raise CardError(reason, file=file, rule="C1")

    doc = read_json(file, fail, object_pairs_hook=pairs_hook)
    if seen_duplicate:
        where = "card set"
        key = _find_duplicate(doc) if not isinstance(doc, _Duplicated) else doc.duplicate
        if not isinstance(doc, _Duplicated) and isinstance(doc, dict) and isinstance(doc.get("cards"), list):
            for i, card in enumerate(doc["cards"]):
                found = _find_duplicate(card)
                if found is not None:
                    where, key = _card_label(card, i), found
                    break
        raise CardError(f"the key {key!r} appears twice in one JSON object", file=file, where=where, rule="C1")
    return doc


_CARDSETS = resources.files("tcbg.x610z") / "cardsets"


class CardSet:
    """A set of cards with unique names (docs/card-data.md). Build it with :meth:`load` or :meth:`from_dict`, or
    from :class:`Card` objects.

    >>> vanilla = CardSet.load("vanilla")
    >>> vanilla.name, len(vanilla), "Wandering Citadel" in vanilla
    ('vanilla', 17, True)
    >>> vanilla["Wandering Citadel"].defense
    20
    >>> [card.name for card in vanilla.cards_for("act1") if card.type == "crystal"]
    ['Quickfire Shard', 'Moonwell Shard', 'Plain Geode']
    >>> vanilla["Ashwing Drak"]  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tcbg.errors.CardError: vanilla.json: card 'Ashwing Drak': no card ... did you mean 'Ashwing Drake'? ...
    """

    def __init__(self, name: str, cards: Iterable[Card], *, description: str = "", file: str = "<dict>",
                 effects: Mapping[str, Any] | None = None, effects_module: str | None = None) -> None:
        self._name = name
        self._description = description
        self._file = file
        self._cards = tuple(cards)
        self._effects = dict(effects or {})
        self._effects_module = effects_module
        self._native: Any = None
        self._by_name: dict[str, Card] = {}
        folded: dict[str, int] = {}
        for i, card in enumerate(self._cards):
            key = card.name.casefold()
            if key in folded:
                first = self._cards[folded[key]].name
                raise CardError(f"a card named {first!r} already exists (card {folded[key]}); names are compared "
                                "without regard to case", file=file, where=f"card {i} {card.name!r}", rule="C3")
            folded[key] = i
            self._by_name[card.name] = card
        if self._effects or effects_module is not None or any(c.type == "quest" for c in self._cards):
            self._native = self._compile()  # C15-C22 checked now, so a bad definition fails on loading

    # -- loading -----------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, name_or_path: str | os.PathLike[str]) -> CardSet:
        """Load a shipped card set by name (see :meth:`names`) or a card file by path."""
        text = os.fspath(name_or_path)
        if text in cls.names():
            with resources.as_file(_CARDSETS / f"{text}.json") as path:
                return cls.from_dict(read_document(path), source=f"{text}.json")
        if not os.path.exists(text):
            close = difflib.get_close_matches(text, cls.names(), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (shipped card sets: {', '.join(cls.names())})"
            raise CardError(f"no shipped card set of this name and no such file{hint}", file=text, rule="C1")
        return cls.from_dict(read_document(text), source=text)

    @classmethod
    def from_dict(cls, doc: Any, source: str = "<dict>", effects: Mapping[str, Any] | None = None) -> CardSet:
        """Build a card set from a dict in the ``tcbg-cards/1`` or ``tcbg-cards/2`` format, checking every rule.
        ``source`` names the document in errors; a relative ``"effects"`` module path is found beside it.
        ``effects``, a mapping of card names to definitions, takes the place of the document's effects module
        (a ``tcbg-cards/2`` document; for tests and tools that build definitions in Python).

        >>> from tcbg.x610z.effects import Flux, Draw, YOU
        >>> doc = {"format": "tcbg-cards/2", "name": "mini", "cards": [
        ...     {"name": "Insight", "type": "flux", "cost": "M1", "deck_limit": 3, "editions": ["existenz"]}]}
        >>> mini = CardSet.from_dict(doc, effects={"Insight": Flux(Draw(YOU, 2))})
        >>> mini.definition("Insight")
        Flux(Draw(YOU, 2))
        """

        def fail(reason: str) -> NoReturn:
            raise CardError(reason, file=source, where="card set", rule="C1")

        deep = too_deep(doc)
        if deep is not None:
            raise CardError(depth_reason(deep), file=source, where=deep or "card set", rule="C1")
        if not isinstance(doc, Mapping):
            fail(f"a card set must be a JSON object, not {type(doc).__name__}")
        check_fields(dict(doc), _TOP_FIELDS_2, _TOP_REQUIRED, fail)
        if doc["format"] not in FORMATS:
            fail(f"format must be {FORMAT!r} or {FORMAT_2!r}, not {doc['format']!r}")
        version = FORMATS.index(doc["format"]) + 1
        if version == 1 and "effects" in doc:
            raise CardError("the field 'effects' needs format 'tcbg-cards/2'", file=source, where="card set",
                            rule="C13")
        name = doc["name"]
        if not isinstance(name, str) or not name:
            fail(f"name must be a non-empty string, not {name!r}")
        description = doc.get("description", "")
        if not isinstance(description, str):
            fail(f"description must be a string, not {description!r}")
        cards = doc["cards"]
        if not isinstance(cards, list) or not cards:
            fail("cards must be a non-empty list of card objects")
        parsed = [_parse_card(obj, source, i, version) for i, obj in enumerate(cards)]
        module = doc.get("effects")
        if version == 2 and effects is None and module is not None:
            from tcbg.x610z.effects.loading import load_definitions

            effects = load_definitions(module, source)
        elif effects is not None and version == 1:
            raise CardError("definitions need format 'tcbg-cards/2'", file=source, where="card set", rule="C13")
        return cls(name, parsed, description=description, file=source, effects=effects,
                   effects_module=module if isinstance(module, str) else None)

    @staticmethod
    def names() -> list[str]:
        """Names of the card sets shipped with tcbg.

        >>> CardSet.names()
        ['quests', 'ruins', 'vanilla']
        """
        return sorted(p.name[:-5] for p in _CARDSETS.iterdir() if p.name.endswith(".json"))

    def to_dict(self) -> dict[str, Any]:
        """The set as a document (``CardSet.from_dict(s.to_dict())`` has the same cards): ``tcbg-cards/1`` when
        nothing of format 2 is used, else ``tcbg-cards/2`` naming its effects module."""
        version_2 = self._effects_module is not None or self._effects or \
            any(card.faction is not None or card.type == "quest" for card in self._cards)
        doc: dict[str, Any] = {"format": FORMAT_2 if version_2 else FORMAT, "name": self._name}
        if self._effects_module is not None:
            doc["effects"] = self._effects_module
        if self._description:
            doc["description"] = self._description
        doc["cards"] = [card.to_dict() for card in self._cards]
        return doc

    # -- what the set is ---------------------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self._name

    @property
    def description(self) -> str:
        return self._description

    @property
    def file(self) -> str:
        """Where the set came from: a path, ``NAME.json`` for a shipped set, or ``"<dict>"``."""
        return self._file

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in file order."""
        return self._cards

    @property
    def effects(self) -> dict[str, Any]:
        """Card name to definition (docs/cards.md), for the cards that have one."""
        return dict(self._effects)

    def definition(self, name: str) -> Any:
        """The definition of a card of this set (``None`` for a card without effects); an unknown name raises
        :class:`tcbg.CardError` suggesting near names."""
        return self._effects.get(self[name].name)

    def native_effects(self) -> Any:
        """The compiled effects of the set (``tcbg.x610z.effects.native.NativeEffects``, docs/cards.md "The native
        form"), compiled once."""
        if self._native is None:
            self._native = self._compile()
        return self._native

    def _compile(self) -> Any:
        from tcbg.x610z.effects.compiler import compile_definitions

        return compile_definitions(self._cards, self._effects, file=self._file)

    def card_names(self) -> list[str]:
        """The names of the cards, in file order."""
        return [card.name for card in self._cards]

    def cards_for(self, edition: str) -> tuple[Card, ...]:
        """The cards legal in ``edition`` (``"existenz"`` or ``"act1"``), in file order."""
        if edition not in EDITIONS:
            raise CardError(f"unknown edition {edition!r} (editions: {', '.join(EDITIONS)})", file=self._file,
                            where="edition", rule="C7")
        return tuple(card for card in self._cards if edition in card.editions)

    def __getitem__(self, name: str) -> Card:
        """The card of this exact name; an unknown name raises :class:`tcbg.CardError` suggesting near names."""
        card = self._by_name.get(name) if isinstance(name, str) else None
        if card is not None:
            return card
        if not isinstance(name, str):
            raise CardError(f"a card is looked up by its name (a string), not {name!r}", file=self._file,
                            where="card", rule="C3")
        folded = {card.name.casefold(): card.name for card in self._cards}
        close = [folded[k] for k in difflib.get_close_matches(name.casefold(), list(folded), n=3, cutoff=0.6)]
        hint = ("; did you mean " + " or ".join(repr(c) for c in close) + "?") if close else \
            f" ({len(self._cards)} cards; see CardSet.card_names())"
        raise CardError(f"no card of this name in set {self._name!r}{hint}", file=self._file, where=f"card {name!r}",
                        rule="C3")

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._by_name

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"<CardSet {self._name!r}: {len(self._cards)} cards from {self._file}>"
