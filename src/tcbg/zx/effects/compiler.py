"""Compiling Z/X abilities into the core's native form (docs/zx/cards.md "Native form"): the shared program builder
(:class:`tcbg.effects.program.Program`) with Z/X's filters, properties, choices and instructions, and the tables of
one game (:class:`ZXTables`), built when the game is created for its card table.

>>> from tcbg.effects.refs import Chosen
>>> from tcbg.zx.effects.language import EventDefinition, DealDamage, ZX
>>> from tcbg.zx.game import ZXCard
>>> cards = [ZXCard("Exploding Coal", "event", ("red",), 2)]
>>> tables = compile_tables(cards, {0: EventDefinition(DealDamage(Chosen(ZX(normal_square=True)), 5000))})
>>> print(tables.disassemble(0))
Exploding Coal: event
0: CTX r4, CONTROLLER
1: CHOOSE r5, f0 (Z/X, Normal Square), r4
2: SET r6, 5000
3: DAMAGE r5, r6
4: END
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tcbg.effects import actions as A
from tcbg.effects.errors import CompileError, fail, name_of
from tcbg.effects.kinds import Continuous, Triggered
from tcbg.effects.native import TARGET_SLOTS, WIDTH, Choose
from tcbg.effects.program import PLAYERS, Program
from tcbg.effects.refs import EVENT_SUBJECT, SELF, Chosen, ContextRef
from tcbg.effects.tables import NativeTables, TableBuilder
from tcbg.effects.values import Condition, Matches, Quotient
from tcbg.zx.effects import language as L
from tcbg.zx.effects.native import (ABILITY_FIELDS, CARD_TYPES, COLOURS, DISTINCT, FILTER_FIELDS, GRANTED,
                                    COST_ZX_MAX, COST_ZX_SHIFT, KEYWORDS, NAME_ABSENT, NO_NAME, RESTRICTIONS,
                                    STARTUP_ZONES, TURNS, WHOSE, ZONES, AbilityKind, CostFlag, Ctx, Event, Flag, Kind,
                                    Op, Prop, ZXDisassembler)

STRUCTURE, OPERAND, LIMIT = "ZC20", "ZC21", "ZC22"  # docs/zx/cards.md
MAX_RACES = 31  # races of one game's cards and filters: bits of the core's 32-bit race words
NO_BOUND = -1
CARDS = frozenset({Kind.ZX, Kind.CARD})
SQUARE_MARKS = {"double_circle": Flag.PLAYER_SQUARE, "triangle": Flag.CENTER_AREA}
"""The Squares each mark names (rules.md Z15.220): the double circle is on both Player Squares, the triangle on the
three Squares of the Center Area."""
ON_SQUARE, IN_RESOURCE = 7, 6  # the zone codes REMEMBER checks (game.hpp Zone): where a Remember's effects put
FIRST_ERA_FLAGS = (Flag.EVOL_SEED_ICON | Flag.IGNITION_ICON | Flag.DAMAGED | Flag.APPEARED_THIS_TURN
                   | Flag.NOT_PLAYER_SQUARE | Flag.YOUR_ARMY_AREA | Flag.CENTER_AREA)


@dataclass
class ZXNative(NativeTables):
    """One game's compiled abilities: filters, abilities (one record each, card by card), code, races per card."""

    TABLES = {"filters": FILTER_FIELDS, "abilities": ABILITY_FIELDS}
    card_names: tuple = ()
    filters: list = field(default_factory=list)
    abilities: list = field(default_factory=list)
    code: list = field(default_factory=list)
    python_effects: list = field(default_factory=list)
    races: list = field(default_factory=list)


class ZXTables(TableBuilder):
    """The tables being built for one game's card table (``cards``: its records, in card-index order)."""

    native_class = ZXNative

    def __init__(self, cards: Sequence[Any], names: Mapping[str, str] | None = None) -> None:
        super().__init__([_name(c) for c in cards])
        self.cards = list(cards)
        self.names = dict(names or {})  # numbers and English names of cards the table may lack -> Japanese names
        self.race_ids: dict[str, int] = {}
        self.remembering: set[int] = set()  # the definitions (by identity) whose programs REMEMBER cards
        for card in self.cards:  # race bits: a card of two races (card-data.md ZC7) matches a filter of either
            races = getattr(card, "races", None) or ([card.race] if getattr(card, "race", None) else [])
            self.native.races.append(sum(self.race_id(race) for race in dict.fromkeys(races)))

    def add_filter(self, record: tuple[int, ...]) -> int:
        """A filter record's index; a record that stops before its last field, ``target``, asks for no attack
        target (-1)."""
        if len(record) == len(FILTER_FIELDS) - 1:
            record = (*record, -1)
        return super().add_filter(record)

    def race_id(self, race: str) -> int:
        """The race's bit in this game (1, 2, 4, ... in order of first appearance): a card's races are the OR of
        its races' bits, a filter's race one bit."""
        if race not in self.race_ids and len(self.race_ids) == MAX_RACES:
            raise CompileError(f"more than {MAX_RACES} races in one game (each race is a bit of a 32-bit word)",
                               LIMIT)
        return self.race_ids.setdefault(race, 1 << len(self.race_ids))

    def name_index(self, name: str) -> int:
        """The first card index of the table with the name of the card of this number, name or English name (every
        card of that name matches a filter naming it, as the core's GET PLAYER_CARD_NAME reads), or NAME_ABSENT."""
        for card in self.cards:
            if name in (getattr(card, "number", None), card.name, getattr(card, "name_en", None)):
                return next(k for k, other in enumerate(self.cards) if other.name == card.name)
        japanese = self.names.get(name)  # a printing the table lacks: the printings of its name that it holds
        return next((k for k, card in enumerate(self.cards) if card.name == japanese), NAME_ABSENT)

    def names_containing(self, text: str) -> list[int]:
        """The first card index of each name of the table whose name or English name contains ``text``."""
        seen: dict[str, int] = {}
        for k, card in enumerate(self.cards):
            if text in card.name or text in (getattr(card, "name_en", None) or ""):
                seen.setdefault(card.name, k)
        return list(seen.values())

    def arrays(self) -> dict[str, Any]:
        out = self.native.arrays()
        out["races"] = list(self.native.races)
        first: dict[str, int] = {}  # per card, the first card of its name: a filter's name matches every printing
        out["names"] = [first.setdefault(card.name, k) for k, card in enumerate(self.cards)]
        out["code"] = list(self.native.code)
        return out

    def filter_text(self, index: int) -> str:
        rec = self.native.record("filters", index)
        kind = Kind(rec["kind"])
        words = [{Kind.ZX: "Z/X", Kind.CARD: "card", Kind.SQUARE: "Square", Kind.PLAYER: "player"}[kind]]
        if rec["whose"]:
            words.append({1: "yours", 2: "opponent's"}[rec["whose"]])
        if kind == Kind.CARD and rec["zone"]:
            words.append("in " + next(z for z, v in ZONES.items() if v == rec["zone"]))
        for flag in Flag:
            if rec["flags"] & flag and flag != Flag.NOT_NAME:  # with the name below
                words.append(flag.name.replace("_", " ").lower().replace("normal square", "Normal Square"))
        for key, label in (("cost_max", "Cost <= "), ("cost_min", "Cost >= "), ("power_max", "Power <= "),
                           ("power_min", "Power >= ")):
            if rec[key] != NO_BOUND:
                words.append(f"{label}{rec[key]}")
        if rec["race"]:
            words.append(next(r for r, v in self.race_ids.items() if v == rec["race"]))
        if rec["name"] != NO_NAME:
            named = self.native.card_names[rec["name"]] if rec["name"] >= 0 else "(no card)"
            words.append(("not " if rec["flags"] & Flag.NOT_NAME else "") + "named " + named)
        if rec["colours"]:
            words.append("/".join(c for c, v in COLOURS.items() if rec["colours"] & v))
        if rec["near"] >= 0:
            words.append(f"adjacent to f{rec['near']}")
        if rec["distinct"]:
            words.append("distinct " + next(k for k, v in DISTINCT.items() if v == rec["distinct"]))
        if rec["target"] >= 0:
            words.append(f"attacking f{rec['target']}")
        if rec["either"] >= 0:
            words.append(f"or f{rec['either']}")
        return f"f{index} ({', '.join(words)})"

    def disassemble(self, card: int) -> str:
        """A card's abilities as text: kind, then its program(s)."""
        lines = []
        dis = ZXDisassembler()
        for rec in self.native.abilities:
            r = dict(zip(ABILITY_FIELDS, rec))
            if r["def"] != card:
                continue
            kind = AbilityKind(r["kind"])
            head = f"{self.native.card_names[card]}: {kind.name.lower().replace('_', ' ')}"
            if kind == AbilityKind.AUTO:
                head += f" when {Event(r['event']).name}" + ("" if not r["turn"] else f" ({r['turn'] == 1 and 'your' or 'opponent'} turn)")
            if kind == AbilityKind.CONTINUOUS_COST:  # whose Costs change, and the floor (rules.md Z15.224)
                head += f" of {self.filter_text(r['filter'])}" + (", not to 0 or less" if r["event"] else "")
                head += ", from the Resource" if r["zone"] == STARTUP_ZONES["resource"] else ""  # Z15.321
            if kind == AbilityKind.STARTUP and r["cost_zx"] >= 0:  # the Z/X the cost Sleeps (rules.md Z15.221)
                n = 1 + (r["cost_flags"] >> COST_ZX_SHIFT)  # rules.md Z15.355
                head += f", Sleeping {n} of {self.filter_text(r['cost_zx'])}"
            if kind == AbilityKind.CONTINUOUS_COLOUR:  # where, and which colours (rules.md Z15.342)
                colours = "/".join(k for k, v in COLOURS.items() if r["colours"] & v)
                head += f" {colours} in {self.filter_text(r['filter'])}"
            if kind in (AbilityKind.CONTINUOUS_KEYWORD, AbilityKind.RESTRICTION, AbilityKind.GRANT):
                names = KEYWORDS if kind == AbilityKind.CONTINUOUS_KEYWORD else RESTRICTIONS
                what = "" if kind == AbilityKind.GRANT else next(k for k, v in names.items() if v == r["event"]) + " "
                head += f" {what}" + (f"of {self.filter_text(r['filter'])}" if r["filter"] >= 0 else "of this card")
            if r["zone"] == GRANTED:
                head += " (granted)"
            lines.append(head)
            if r["length"]:
                lines.append(dis.code(self.native.program(r["code"], r["length"]), self.filter_text))
            if r["cond_length"]:
                lines.append("condition:")
                lines.append(dis.code(self.native.program(r["cond"], r["cond_length"]), self.filter_text))
        return "\n".join(lines)


def _name(card: Any) -> str:
    return getattr(card, "name_en", None) or card.name


TAKING = (L.PutIntoResource, L.PutIntoTrash, L.ReturnToHand, L.PutIntoCharge, L.PutIntoLife)
"""The effects that take a card out of its zone (a looked card out of the deck)."""


class ZXProgram(Program):
    """One Z/X program: Z/X's filters, properties and instructions on the shared builder."""

    properties = {"power": Prop.POWER, "cost": Prop.COST, "hand": Prop.HAND, "life": Prop.LIFE,
                  "resource": Prop.RESOURCE, "charge": Prop.CHARGE, "deck": Prop.DECK, "trash": Prop.TRASH,
                  "player_card": Prop.PLAYER_CARD, "square": Prop.SQUARE, "owner": Prop.OWNER,
                  "sleeping": Prop.SLEEPING}
    property_kinds = {"power": CARDS, "cost": CARDS, "square": CARDS, "owner": CARDS, "sleeping": CARDS,
                      "hand": PLAYERS,
                      "life": PLAYERS, "resource": PLAYERS, "charge": PLAYERS, "deck": PLAYERS, "trash": PLAYERS,
                      "player_card": PLAYERS}
    controller_property = Prop.OWNER
    controlled_kinds = CARDS
    max_amount = 100000
    structure_rule, operand_rule, limit_rule = STRUCTURE, OPERAND, LIMIT

    looks: list[int]  # the registers of the LookAtTop being compiled, innermost last: how many are still looked at

    def encode_filter(self, flt: Any, anchor_flag: Flag = Flag(0), anchor: int = -1) -> int:
        """A filter's record; ``anchor_flag`` (``LEGAL_FOR``, ``NOT_ANCHOR``) with its ``anchor`` register is what
        an effect adds to the choice it makes for another object (a move's Square, a swap's second Z/X)."""
        t = self.tables
        if isinstance(flt, L.LifeCard):
            if flt.whose not in ("yours", "opponents"):
                fail(f"{flt!r}: a pick by position is in one player's Life: whose is 'yours' or 'opponents'", OPERAND)
            return t.add_filter((Kind.CARD, WHOSE[flt.whose], ZONES["life"], int(Flag.BY_POSITION), -1, -1, -1, -1,
                                 0, -1, -1, -1, NO_NAME, 0, -1, 0))
        if isinstance(flt, L.Looked):
            if not getattr(self, "looks", None):
                fail(f"{flt!r}: Looked(...) names the cards of a LookAtTop, inside its effects", STRUCTURE)
            return self.looked_filter(flt, self.looks[-1])
        if isinstance(flt, L.ZX) and anchor_flag:
            if flt.either is not None:
                fail(f"{flt!r}: the second Z/X of a swap is one filter, without either", OPERAND)
            rec = list(t.native.filters[self.encode_filter(flt)])
            rec[3] |= int(anchor_flag)
            rec[9] = anchor
            return t.add_filter(tuple(rec))
        if isinstance(flt, L.ZX):
            flags = Flag(0)
            for name, flag in (("normal_square", Flag.NORMAL_SQUARE), ("player_square", Flag.PLAYER_SQUARE),
                               ("in_battle", Flag.IN_BATTLE), ("not_in_battle", Flag.NOT_IN_BATTLE),
                               ("attacking", Flag.ATTACKING), ("attacked", Flag.ATTACKED), ("other", Flag.NOT_SELF),
                               ("highest_power", Flag.HIGHEST_POWER), ("odd_cost", Flag.ODD_COST),
                               ("this", Flag.SELF_ONLY), ("evol_seed", Flag.EVOL_SEED_ICON),
                               ("ignition", Flag.IGNITION_ICON), ("damaged", Flag.DAMAGED),
                               ("appeared_this_turn", Flag.APPEARED_THIS_TURN)):
                if getattr(flt, name):
                    flags |= flag
            if flt.army_area not in (False, True, "yours"):
                fail(f"{flt!r}: army_area is True (its controller's Army Area) or 'yours' (the effect's "
                     "controller's)", OPERAND)
            if flt.army_area:
                flags |= Flag.YOUR_ARMY_AREA if flt.army_area == "yours" else Flag.ARMY_AREA
            target = -1
            if not isinstance(flt.attacking, bool):  # what it attacks: the player, or a Z/X (rules.md Z15.200)
                if not isinstance(flt.attacking, (L.Player, L.ZX)):
                    fail(f"{flt!r}: attacking is True, or the attack's target: a Player(...) or ZX(...) filter",
                         OPERAND)
                target = self.encode_filter(flt.attacking)
            flags |= self._mark(flt)
            near = -1
            if flt.adjacent_to is not None:
                if not isinstance(flt.adjacent_to, (L.ZX, L.Square)):
                    fail(f"{flt!r}: adjacent_to is a ZX(...) or Square(...) filter (THIS: this card)", OPERAND)
                near = self.encode_filter(flt.adjacent_to)
            if flags & Flag.HIGHEST_POWER and (flags & FIRST_ERA_FLAGS or near >= 0 or target >= 0 or flt.name
                                               or flt.not_name or flt.name_contains or flt.colour):
                fail(f"{flt!r}: the highest Power is read among Z/X of whose, Square, Cost and race only", OPERAND)
            either = self.encode_filter(flt.either) if flt.either is not None else -1
            return self._named(flt, (Kind.ZX, self._whose(flt.whose), 0, int(flags), *self._bounds(flt),
                                     self._race(flt.race), -1, either, -1, NO_NAME, self._colours(flt), near, 0,
                                     target))
        if isinstance(flt, L.Card):
            if flt.zone not in ZONES:
                fail(f"{flt!r}: zone must be one of {', '.join(ZONES)}", OPERAND)
            if flt.type is not None and flt.type not in CARD_TYPES:
                fail(f"{flt!r}: type must be one of {', '.join(CARD_TYPES)}", OPERAND)
            flags = (Flag.EVOL_SEED_ICON if flt.evol_seed else 0) | (Flag.IGNITION_ICON if flt.ignition else 0)
            return self._named(flt, (Kind.CARD, self._whose(flt.whose), ZONES[flt.zone], int(flags),
                                     *self._bounds(flt, power=False), self._race(flt.race), -1, -1,
                                     CARD_TYPES.get(flt.type, -1) if flt.type else -1, NO_NAME, self._colours(flt),
                                     -1, 0))
        if isinstance(flt, L.RemovedByThis):
            if not isinstance(flt.cards, L.Card) or flt.cards.zone != "removed":
                fail(f"{flt!r}: the cards are Card(\"removed\", ...)", OPERAND)
            rec = list(t.native.filters[self.encode_filter(flt.cards)])
            rec[3] |= int(Flag.REMOVED_BY_SOURCE)
            return t.add_filter(tuple(rec))
        if isinstance(flt, L.Remembered):  # any zone, anyone's: the mark says where (rules.md Z15.320)
            return t.add_filter((Kind.CARD, 0, 0, int(Flag.REMEMBERED_BY_SOURCE), -1, -1, -1, -1, 0, -1, -1, -1,
                                 NO_NAME, 0, -1, 0))
        if isinstance(flt, L.Player):
            return t.add_filter((Kind.PLAYER, self._whose(flt.whose), 0, 0, -1, -1, -1, -1, 0, -1, -1, -1, NO_NAME, 0,
                                 -1, 0))
        if isinstance(flt, L.Square):
            flags = Flag(0)
            if flt.empty:
                flags |= Flag.EMPTY
            if flt.normal:
                flags |= Flag.NORMAL_SQUARE
            card, anchor, near = anchor, -1, -1
            if isinstance(flt.adjacent_to, (L.ZX, L.Square)):  # next to the Square of a Z/X it matches (THIS)
                near = self.encode_filter(flt.adjacent_to)
            elif flt.adjacent_to is not None:
                flags |= Flag.ADJACENT
                anchor = self.ref(flt.adjacent_to, frozenset({Kind.ZX}), "adjacent_to")
            if flt.not_enemy_player_square:
                if anchor < 0:
                    fail(f"{flt!r}: not_enemy_player_square needs adjacent_to (whose opponent)", OPERAND)
                flags |= Flag.NOT_ENEMY_PLAYER_SQUARE
            flags |= self._mark(flt)
            whose = 0
            if flt.player_square is not None and flt.not_player_square is not None:
                fail(f"{flt!r}: player_square or not_player_square, not both", OPERAND)
            for field_name, flag in (("player_square", Flag.PLAYER_SQUARE), ("not_player_square",
                                                                              Flag.NOT_PLAYER_SQUARE)):
                value = getattr(flt, field_name)
                if value is not None:
                    whose = self._whose(value)
                    flags |= flag
            if anchor_flag & Flag.LEGAL_FOR:  # one anchor register: the card placed or moved is the adjacent one
                if anchor >= 0 and anchor != card:
                    fail(f"{flt!r}: adjacent_to names another Z/X than the one put or moved there", OPERAND)
                flags |= Flag.LEGAL_FOR
                anchor = card
            return t.add_filter((Kind.SQUARE, whose, 0, int(flags), -1, -1, -1, -1, 0, anchor, -1, -1, NO_NAME, 0,
                                 near, 0))
        fail(f"a Z/X filter is ZX(...), Card(...) or Square(...), not {flt!r}", OPERAND)

    def looked_filter(self, flt: Any, anchor: int) -> int:
        """The filter of the looked cards: the controller's deck cards among the top R[anchor]."""
        if flt.type is not None and flt.type not in CARD_TYPES:
            fail(f"{flt!r}: type must be one of {', '.join(CARD_TYPES)}", OPERAND)
        return self.tables.add_filter((Kind.CARD, WHOSE["yours"], ZONES["deck"], int(Flag.TOP_OF_DECK),
                                       *self._bounds(flt, power=False), self._race(flt.race), anchor, -1,
                                       CARD_TYPES[flt.type] if flt.type else -1, NO_NAME, 0, -1, 0))

    def _named(self, flt: Any, record: tuple[int, ...]) -> int:
        """The filter record with its name: one card's name (every printing of it), or every name containing a
        text, as a chain of alternatives (``either``) of one name each; a name no card of the game has never
        matches."""
        rec = {"target": -1, **dict(zip(FILTER_FIELDS, record))}
        if sum(x is not None for x in (flt.name, flt.not_name, flt.name_contains)) > 1:
            fail(f"{flt!r}: name or name_contains or not_name, one of them", OPERAND)
        if flt.name is not None:
            if not isinstance(flt.name, str) or not flt.name:
                fail(f"{flt!r}: name is a card number or a card's name", OPERAND)
            rec["name"] = self.tables.name_index(flt.name)
        elif flt.not_name is not None:  # the name read as name's, then excluded (a name the game lacks: none)
            if not isinstance(flt.not_name, str) or not flt.not_name:
                fail(f"{flt!r}: not_name is a card number or a card's name", OPERAND)
            rec["name"] = self.tables.name_index(flt.not_name)
            rec["flags"] |= int(Flag.NOT_NAME)
        elif flt.name_contains is not None:
            texts = (flt.name_contains,) if isinstance(flt.name_contains, str) else flt.name_contains
            if not isinstance(texts, tuple) or not texts or not all(isinstance(x, str) and x for x in texts):
                fail(f"{flt!r}: name_contains is a text, or a tuple of texts (a name containing one of them)",
                     OPERAND)
            names = list(dict.fromkeys(k for text in texts for k in self.tables.names_containing(text)))
            if not names:
                rec["name"] = NAME_ABSENT
            for index in reversed(names):  # the last name's record first: each names the next as its alternative
                rec["name"] = index
                if index != names[0]:
                    rec["either"] = self.tables.add_filter(tuple(rec[f] for f in FILTER_FIELDS))
        return self.tables.add_filter(tuple(rec[f] for f in FILTER_FIELDS))

    def _choosable(self, index: int) -> int:
        """A copy of filter ``index`` and of its alternatives (``either``) that leaves Isolate cards out, as a
        choice does."""
        rec = list(self.tables.native.filters[index])
        either = FILTER_FIELDS.index("either")
        if rec[either] >= 0:
            rec[either] = self._choosable(rec[either])
        rec[FILTER_FIELDS.index("flags")] |= int(Flag.CHOOSABLE)
        return self.tables.add_filter(tuple(rec))

    def _mark(self, flt: Any) -> Flag:
        """The flag of a filter's Square mark (rules.md Z15.220), none without one."""
        if flt.mark is None:
            return Flag(0)
        if flt.mark not in SQUARE_MARKS:
            fail(f"{flt!r}: mark is one of {', '.join(SQUARE_MARKS)}", OPERAND)
        return SQUARE_MARKS[flt.mark]

    def _colours(self, flt: Any) -> int:
        colour = flt.colour
        if colour is None:
            return 0
        colours = (colour,) if isinstance(colour, str) else colour
        if not isinstance(colours, tuple) or not colours or any(c not in COLOURS for c in colours):
            fail(f"{flt!r}: colour is one of {', '.join(COLOURS)}, or a tuple of them", OPERAND)
        return sum(COLOURS[c] for c in dict.fromkeys(colours))

    def _whose(self, whose: str) -> int:
        if whose not in WHOSE:
            fail(f"whose must be one of {', '.join(WHOSE)}, not {whose!r}", OPERAND)
        return WHOSE[whose]

    def _bounds(self, flt: Any, power: bool = True) -> tuple[int, int, int, int]:
        def bound(value: Any, what: str) -> int:
            if value is None:
                return NO_BOUND
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= self.max_amount:
                fail(f"{flt!r}: {what} must be a whole number from 0 to {self.max_amount}", OPERAND)
            return value
        return (bound(flt.cost_min, "cost_min"), bound(flt.cost_max, "cost_max"),
                bound(getattr(flt, "power_min", None), "power_min") if power else NO_BOUND,
                bound(getattr(flt, "power_max", None), "power_max") if power else NO_BOUND)

    def _race(self, race: str | None) -> int:
        return 0 if race is None else self.tables.race_id(race)

    def choose(self, ref: Chosen, flt: int, flags: int, **context: Any) -> int:
        """The core's CHOOSE; the interpreter never offers an Isolate card (rules.md 11.5)."""
        if ref.filter.kind == Kind.PLAYER:
            fail(f"{ref!r}: Z/X effects choose Z/X, cards and Squares, not players", OPERAND)
        return super().choose(ref, flt, flags, **context)

    def game_ref(self, ref: Any) -> int | None:
        if isinstance(ref, L.OnPlayerSquare):
            player = self.ref(ref.player, PLAYERS, "OnPlayerSquare player")
            reg = self.alloc()
            self.emit(Op.GET, reg, player, Prop.PLAYER_SQUARE_ZX)
            return reg
        if isinstance(ref, L.TopOfDeck):
            player = self.ref(ref.player, PLAYERS, "TopOfDeck player")
            reg = self.alloc()
            self.emit(Op.GET, reg, player, Prop.TOP_CARD)
            return reg
        if isinstance(ref, L.SquareWhereDestroyed):  # the event's amount, 1 + the Square (rules.md Z15.347)
            if getattr(self, "event", None) != Event.DESTROYED:
                fail(f"{ref!r}: the Square where a Z/X was is read by an Auto of Event.DESTROYED", STRUCTURE)
            reg, one = self.alloc(), self.alloc()
            self.emit(Op.CTX, reg, Ctx.AMOUNT)
            self.emit(Op.SET, one, 1)
            self.emit(Op.SUB, reg, reg, one)
            return reg
        if isinstance(ref, L.Several):
            fail(f"{ref!r}: a choice of several is what an effect acts on, not part of another reference", OPERAND)
        return None

    # -- "choose N and <effect> them", LookAtTop (docs/zx/cards.md "Payments, states and the deck") ------------

    def effect(self, effect: Any) -> None:
        within = [n for n in self.operands(effect) if isinstance(n, L.WithinTotal)] \
            if isinstance(effect, A.Effect) else []
        if within:
            self.within_total(effect, within)
            return
        several = [n for n in self.operands(effect) if isinstance(n, L.Several)] \
            if isinstance(effect, A.Effect) else []
        if not several:
            super().effect(effect)
            self._looked_left(effect)
            return
        if len(several) > 1:
            fail(f"{name_of(effect)}: at most one Several(...) per effect", OPERAND)
        sev = several[0]
        if isinstance(sev.count, bool) or not isinstance(sev.count, int) or not 1 <= sev.count <= 8:
            fail(f"{sev!r}: count must be a whole number from 1 to 8", OPERAND)
        if not self.pausing:
            fail(f"{sev!r}: a condition or continuous effect cannot ask a player to choose", STRUCTURE)
        top = range(len(self.scratch) + self.scratch.start - sev.count, self.scratch.stop)
        if any(reg not in self.free for reg in top):
            fail(f"{sev!r}: a choice of several keeps its objects in the top {sev.count} registers, in use here",
                 LIMIT)
        for reg in top:
            self.free.remove(reg)
            self.emit(Op.SET, reg, -1)
        flt = self.encode_filter(sev.filter)
        base = list(self.tables.native.filters[flt])
        if base[0] not in CARDS:
            fail(f"{sev!r}: a choice of several Z/X or cards", OPERAND)
        if isinstance(sev.filter, L.Looked) and isinstance(effect, TAKING):
            pass  # a looked card taken out of the deck is looked at no more: each is chosen once already
        elif base[FILTER_FIELDS.index("anchor")] != -1:
            fail(f"{sev!r}: several of a filter without a reference of its own (or looked cards taken out of the "
                 "deck)", OPERAND)
        else:
            base[FILTER_FIELDS.index("flags")] |= int(Flag.NOT_CHOSEN)
            base[FILTER_FIELDS.index("anchor")] = top.start
            flt = self.tables.add_filter(tuple(base))
        ends = []
        for reg in top:
            chooser = self.ref(sev.chooser, PLAYERS, "Several chooser")
            self.emit(Op.CHOOSE, reg, flt, chooser | (int(Choose.OPTIONAL) if sev.up_to else 0) << 8)
            if sev.up_to:  # choosing nothing ends the choice
                t = self.alloc()
                self.emit(Op.SET, t, -1)
                self.emit(Op.EQ, t, reg, t)
                self.emit(Op.NOT, t, t)
                ends.append(self.emit(Op.JZ, t, 0))
            self.bound[id(sev)] = reg
            self._effect(effect)
            self.release_temps()
            self._looked_left(effect)
        for at in ends:
            self.patch(at, 2, self.here())
        del self.bound[id(sev)]
        for reg in top:
            self.release(reg)

    def within_total(self, effect: Any, within: list) -> None:
        """``WithinTotal``: SET budget, total; then, until the chooser passes, the optional choice among the objects
        of Cost at most the budget (one filter a budget: its ``cost_max``), the effect, and the budget less the
        chosen Cost. The effect takes each object away, so none is chosen twice and the loop ends (rules.md
        Z15.187)."""
        away = (L.ReturnToHand, L.Destroy, L.PutIntoTrash, L.ReturnToDeck, L.PutOnBottom, L.PutIntoResource,
                L.PutIntoCharge, L.PutIntoLife, L.RemoveFromGame)
        ref = within[0]
        if len(within) > 1 or not isinstance(effect, away):
            fail(f"{name_of(effect)}: a WithinTotal is what one effect takes away (returns, destroys, puts "
                 "elsewhere)", OPERAND)
        if not isinstance(ref.filter, (L.ZX, L.Card)) or ref.filter.cost_max is not None:
            fail(f"{ref!r}: a ZX(...) or Card(...) filter without cost_max (the total bounds the Costs)", OPERAND)
        if isinstance(ref.total, bool) or not isinstance(ref.total, int) or not 1 <= ref.total <= 20:
            fail(f"{ref!r}: total is a whole number from 1 to 20", OPERAND)
        if not self.pausing:
            fail(f"{ref!r}: a condition or continuous effect cannot ask a player to choose", STRUCTURE)
        base = list(self.tables.native.filters[self.encode_filter(ref.filter)])
        filters = []
        for budget in range(ref.total + 1):
            base[FILTER_FIELDS.index("cost_max")] = budget
            filters.append(self.tables.add_filter(tuple(base)))
        budget_reg, reg = self.alloc(temp=False), self.alloc(temp=False)
        self.emit(Op.SET, budget_reg, ref.total)
        top = self.here()
        done = []
        for budget in range(ref.total, -1, -1):
            t = self.alloc()
            self.emit(Op.SET, t, budget)
            self.emit(Op.EQ, t, budget_reg, t)
            skip = self.emit(Op.JZ, t, 0)
            chooser = self.ref(ref.chooser, PLAYERS, "WithinTotal chooser")
            self.emit(Op.CHOOSE, reg, filters[budget], chooser | int(Choose.OPTIONAL) << 8)
            done.append(self.emit(Op.JUMP, 0))
            self.patch(skip, 2, self.here())
            self.release_temps()
        self.emit(Op.SET, reg, -1)  # not reached with a budget from 0 to the total
        for at in done:
            self.patch(at, 1, self.here())
        t = self.alloc()
        self.emit(Op.SET, t, -1)
        self.emit(Op.EQ, t, reg, t)
        self.emit(Op.NOT, t, t)
        end = self.emit(Op.JZ, t, 0)
        self.release_temps()
        cost = self.alloc(temp=False)
        self.emit(Op.GET, cost, reg, Prop.COST)  # read before the effect moves it (a printed Cost either way)
        self.bound[id(ref)] = reg
        self._effect(effect)
        self.release_temps()
        del self.bound[id(ref)]
        self.emit(Op.SUB, budget_reg, budget_reg, cost)
        self.emit(Op.JUMP, top)
        self.patch(end, 2, self.here())
        for r in (budget_reg, reg, cost):
            self.release(r)

    def _looked_left(self, effect: Any) -> None:
        """Inside a LookAtTop, an effect that took a looked card out of the deck leaves one fewer looked at."""
        if not getattr(self, "looks", None) or isinstance(effect, (L.Reorder, L.LookAtTop)):
            return
        if not isinstance(effect, TAKING):
            return
        target = effect.target
        if not (isinstance(target, (Chosen, L.Several)) and isinstance(target.filter, L.Looked)):
            return
        reg = self.bound[id(target)]
        t = self.alloc()
        self.emit(Op.SET, t, -1)
        self.emit(Op.EQ, t, reg, t)
        self.emit(Op.NOT, t, t)
        self.emit(Op.SUB, self.looks[-1], self.looks[-1], t)
        self.release_temps()

    def look_at_top(self, e: Any) -> None:
        if isinstance(e.count, bool) or not isinstance(e.count, int) or not 1 <= e.count <= 60:
            fail(f"{e!r}: count must be a whole number from 1 to 60", OPERAND)
        if e.rest not in ("top", "bottom", "trash", "shuffle"):
            fail(f"{e!r}: rest must be 'top', 'bottom', 'trash' or 'shuffle'", OPERAND)
        player = self.ref(e.player, PLAYERS, "LookAtTop player")
        if not isinstance(e.player, ContextRef) or e.player.what != L.YOU.what:
            fail(f"{e!r}: an effect looks at its controller's deck (player YOU)", OPERAND)
        n, first, deck = self.alloc(temp=False), self.alloc(temp=False), self.alloc()
        self.emit(Op.SET, n, e.count)
        self.emit(Op.GET, deck, player, Prop.DECK)
        self.emit(Op.MIN, n, n, deck)
        self.emit(Op.MAX, first, n, n)
        self.release_temps()
        if not hasattr(self, "looks"):
            self.looks, self.looks_first = [], []
        self.looks.append(n)
        self.looks_first.append(first)
        for inner in e.effects:
            self.effect(inner)
        self.looks.pop()
        self.looks_first.pop()
        self.release(first)
        player = self.ref(e.player, PLAYERS, "LookAtTop player")
        if e.rest == "bottom":
            self.emit(Op.TOP_TO_BOTTOM, player, n)
        elif e.rest == "trash":
            self.emit(Op.MILL, player, n)
        elif e.rest == "shuffle":
            self.emit(Op.SHUFFLE, player)
        self.release(n)

    def reorder(self) -> None:
        """The looked cards, from the lowest up: the card chosen among the top k goes k-1 cards down."""
        if not getattr(self, "looks", None):
            fail("Reorder() puts back the cards of a LookAtTop, inside its effects", STRUCTURE)
        k, one, t, x = self.alloc(), self.alloc(), self.alloc(), self.alloc()
        flt = self.looked_filter(L.Looked(), k)
        you = self.ref(L.YOU, PLAYERS, "Reorder")
        self.emit(Op.MAX, k, self.looks[-1], self.looks[-1])
        self.emit(Op.SET, one, 1)
        loop = self.emit(Op.LE, t, k, one)
        self.emit(Op.NOT, t, t)
        done = self.emit(Op.JZ, t, 0)
        self.emit(Op.CHOOSE, x, flt, you)
        self.emit(Op.SUB, k, k, one)
        self.emit(Op.SINK, x, k)
        self.emit(Op.JUMP, loop)
        self.patch(done, 2, self.here())

    def pay(self, e: Any) -> None:
        if not (isinstance(e.cost, tuple) and len(e.cost) == 2):
            fail(f"{e!r}: cost is (colour, n), e.g. ('red', 2) or ('any', 1)", OPERAND)
        colour, n = e.cost
        if colour not in COLOURS and colour != "any":
            fail(f"{e!r}: colour must be one of {', '.join(COLOURS)} or 'any'", OPERAND)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 20:
            fail(f"{e!r}: 1 to 20 Resource cards", OPERAND)
        if not self.pausing:
            fail(f"{e!r}: a condition or continuous effect cannot ask a player", STRUCTURE)
        payer = self.ref(e.payer, PLAYERS, "Pay payer")
        paid = self.alloc()
        self.emit(Op.PAY, paid, payer, n | COLOURS.get(colour, 0) << 8)
        skip = self.emit(Op.JZ, paid, 0)
        self.release_temps()
        self.effects(e.then)
        if e.otherwise:
            end = self.emit(Op.JUMP, 0)
            self.patch(skip, 2, self.here())
            self.effects(e.otherwise)
            self.patch(end, 1, self.here())
        else:
            self.patch(skip, 2, self.here())

    def game_value(self, value: Any, what: str) -> int:
        if isinstance(value, L.Kept):
            if id(value) not in self.bound:
                fail(f"{what}: {value!r} is read by a Keep(...) before it is used", STRUCTURE)
            return self.bound[id(value)]
        if isinstance(value, Quotient):  # "for every 2 cards": rounded down, 0 for a division by 0
            left, right = self.value(value.left, what), self.value(value.right, what)
            reg = self.alloc()
            self.emit(Op.DIV, reg, left, right)
            return reg
        if isinstance(value, L.LookedTaken):
            if not getattr(self, "looks", None):
                fail(f"{what}: LookedTaken() counts the cards a LookAtTop took, inside its effects", STRUCTURE)
            reg = self.alloc()
            self.emit(Op.SUB, reg, self.looks_first[-1], self.looks[-1])
            return reg
        if isinstance(value, L.Distinct):
            if not isinstance(value.filter, (L.ZX, L.Card)) or value.of not in ("names", "races", "colours"):
                fail(f"{value!r}: the distinct names, races or colours of a ZX(...) or Card(...) filter", OPERAND)
            flt = self.tables.native.filters[self.encode_filter(value.filter)]
            at = FILTER_FIELDS.index("distinct")
            counted = self.tables.add_filter(flt[:at] + (DISTINCT[value.of],) + flt[at + 1:])
            reg = self.alloc()
            self.emit(Op.COUNT, reg, counted)
            return reg
        return super().game_value(value, what)

    def choose_with(self, ref: Chosen, flt: int) -> int:
        """The choice of ``ref`` with filter record ``flt`` (its own filter with what the effect adds)."""
        reg = self.choose(ref, flt, (Choose.OPTIONAL if ref.optional else 0) | (Choose.RANDOM if ref.random else 0))
        self.bound[id(ref)] = reg
        return reg

    def square_for(self, square: Any, card: int, what: str) -> int:
        """The register of the Square card ``card`` (a register) is put or moved onto: a Square chosen here offers
        only the Squares legal for that card (rules.md 7.3, Z12.11, Z15.120); a Square known before is checked by
        the instruction, which does nothing on one the rules forbid."""
        if isinstance(square, Chosen) and id(square) not in self.bound and isinstance(square.filter, L.Square):
            return self.choose_with(square, self.encode_filter(square.filter, Flag.LEGAL_FOR, card))
        return self.ref(square, frozenset({Kind.SQUARE}), what)

    def play_to_square(self, e: L.PlayToSquare) -> None:
        """``PLACE card, square, sleeping``, the card chosen only while a Square is legal for a card of the
        controller's (read through SELF, the controller's card), up to ``up_to`` times."""
        if not isinstance(e.sleeping, bool):
            fail(f"{e!r}: sleeping is True or False", OPERAND)
        once = e.up_to == 1
        if not once and not (e.up_to == "any" or (isinstance(e.up_to, int) and not isinstance(e.up_to, bool)
                                                   and 2 <= e.up_to <= 9)):
            fail(f"{e!r}: up_to is a whole number from 1 to 9 (a field has 9 Squares) or 'any'", OPERAND)
        card_ref = e.card
        chosen_card = isinstance(card_ref, Chosen) and id(card_ref) not in self.bound
        if chosen_card and card_ref.filter.kind != Kind.CARD:
            fail(f"{e!r}: the card comes from a zone: Chosen(Card(...))", OPERAND)
        if not once and not (chosen_card and card_ref.optional):
            fail(f"{e!r}: up to N placements choose their card with Chosen(Card(...), optional=True)", OPERAND)
        pre = chosen_card and isinstance(e.square, Chosen) and id(e.square) not in self.bound and \
            isinstance(e.square.filter, L.Square) and card_ref.filter.whose == "yours"
        counter = one = -1
        if not once and e.up_to != "any":
            counter, one = self.alloc(temp=False), self.alloc(temp=False)
            self.emit(Op.SET, counter, e.up_to)
            self.emit(Op.SET, one, 1)
        top = self.here()
        exits = []
        if counter >= 0:
            exits.append(self.emit(Op.JZ, counter, 0))
        source = n = -1
        if pre:  # no legal Square for a card of the controller's: nothing is chosen (ruling B01-036)
            source, n = self.alloc(), self.alloc()
            self.emit(Op.CTX, source, SELF.what)
            self.emit(Op.COUNT, n, self.encode_filter(e.square.filter, Flag.LEGAL_FOR, source))
            exits.append(self.emit(Op.JZ, n, 0))
        card = self.ref(card_ref, CARDS, "PlayToSquare card")
        if not once:  # the chooser passed: no more placements
            none, chose = (source, n) if pre else (self.alloc(), self.alloc())  # the check's registers are free
            self.emit(Op.SET, none, -1)
            self.emit(Op.EQ, chose, card, none)
            self.emit(Op.NOT, chose, chose)
            exits.append(self.emit(Op.JZ, chose, 0))
        self.emit(Op.PLACE, card, self.square_for(e.square, card, "PlayToSquare square"), int(e.sleeping))
        self._remember(card, ON_SQUARE)
        if not once:
            if counter >= 0:
                self.emit(Op.SUB, counter, counter, one)
            self.emit(Op.JUMP, top)
        for at in exits:
            self.patch(at, 2, self.here())
        for reg in (counter, one):
            if reg >= 0:
                self.release(reg)

    def divide_damage(self, e: L.DivideDamage) -> None:
        """Damage divided as the chooser chooses (rules.md Z15.300 - Z15.303), in units of 1000 (the total rounded
        up; the last share is what the units overshoot less). Registers: ``units`` left, ``over`` (the overshoot),
        ``current`` (the Z/X that had the last unit: the anchor of the filter, whose flag ``FROM_ANCHOR_SQUARE``
        offers it and the Z/X on later Squares), ``share`` (its units), ``opens`` (the Z/X that may still be
        chosen), ``x`` (the choice). ``top``: no units left, or no Z/X may be added (``opens`` 0, or only
        ``current`` is offered), ends with the rest to ``current``; otherwise a choice, optional but for the last
        unit (where passing is choosing ``current``); a pass gives the rest to ``current``; another Z/X is dealt
        ``current``'s share and becomes ``current``; then one unit more to ``current``. ``finish`` deals the last
        share."""
        if not isinstance(e.filter, L.ZX) or e.filter.either is not None:
            fail(f"{name_of(e)}: the Z/X are one ZX(...) filter (without either)", OPERAND)
        limited = e.up_to != "any"
        if limited and (isinstance(e.up_to, bool) or not isinstance(e.up_to, int) or not 1 <= e.up_to <= 9):
            fail(f"{name_of(e)}: up_to is a whole number from 1 to 9 (a field has 9 Squares) or 'any'", OPERAND)
        if not self.pausing:
            fail(f"{name_of(e)}: a condition or continuous effect cannot ask a player to choose", STRUCTURE)
        grand = self.value(e.total, f"{name_of(e)} total", low=0)
        unit, units, over = self.alloc(temp=False), self.alloc(temp=False), self.alloc(temp=False)
        self.emit(Op.SET, unit, 1000)
        self.emit(Op.SET, units, 999)
        self.emit(Op.ADD, units, units, grand)
        self.emit(Op.DIV, units, units, unit)  # rounded up: the last unit may be short
        self.emit(Op.MUL, over, units, unit)
        self.emit(Op.SUB, over, over, grand)
        self.release_temps()
        current, share, x = self.alloc(temp=False), self.alloc(temp=False), self.alloc(temp=False)
        opens = self.alloc(temp=False) if limited else -1
        self.emit(Op.SET, current, -1)
        self.emit(Op.SET, share, 0)
        if limited:
            self.emit(Op.SET, opens, e.up_to)
        flt = self.encode_filter(e.filter, Flag.FROM_ANCHOR_SQUARE, current)
        offered = self._choosable(flt)
        to_rest, to_finish, to_ask, to_chosen, to_same = [], [], [], [], []

        def unless(reg: int, at: list) -> None:  # jump to a label patched later unless R[reg] holds
            at.append(self.emit(Op.JZ, reg, 0))

        top = self.here()
        t, u = self.alloc(), self.alloc()
        self.emit(Op.SET, u, 0)
        self.emit(Op.LE, t, units, u)
        self.emit(Op.NOT, t, t)
        unless(t, to_finish)  # no units left
        if limited:
            unless(opens, to_rest)  # no other Z/X may be chosen: the rest to current
        self.emit(Op.SET, t, -1)
        self.emit(Op.EQ, t, current, t)
        self.emit(Op.NOT, t, t)
        unless(t, to_ask)  # nothing chosen yet
        self.emit(Op.COUNT, t, offered)
        self.emit(Op.SET, u, 1)
        self.emit(Op.LE, t, t, u)
        self.emit(Op.NOT, t, t)
        unless(t, to_rest)  # only current is offered
        self.emit(Op.EQ, t, units, u)
        unless(t, to_ask)  # more than one unit left: a pass gives them all to current
        self.emit(Op.CHOOSE, x, flt, self.ref(e.chooser, PLAYERS, "DivideDamage chooser"))
        to_chosen.append(self.emit(Op.JUMP, 0))
        self.release_temps()
        ask = self.here()
        self.emit(Op.CHOOSE, x, flt, self.ref(e.chooser, PLAYERS, "DivideDamage chooser") | int(Choose.OPTIONAL) << 8)
        self.release_temps()
        chosen = self.here()
        t, u = self.alloc(), self.alloc()
        self.emit(Op.SET, t, -1)
        self.emit(Op.EQ, t, x, t)
        self.emit(Op.NOT, t, t)
        unless(t, to_rest)  # passed: the rest to current (nothing when none was chosen)
        self.emit(Op.EQ, t, x, current)
        self.emit(Op.NOT, t, t)
        unless(t, to_same)
        self.emit(Op.MUL, t, share, unit)
        self.emit(Op.DAMAGE, current, t)  # current's share is complete (none yet: nothing)
        self.emit(Op.MAX, current, x, x)
        self.emit(Op.SET, share, 0)
        if limited:
            self.emit(Op.SET, u, 1)
            self.emit(Op.SUB, opens, opens, u)
        same = self.here()
        self.emit(Op.SET, u, 1)
        self.emit(Op.ADD, share, share, u)
        self.emit(Op.SUB, units, units, u)
        self.emit(Op.JUMP, top)
        rest = self.here()
        self.emit(Op.ADD, share, share, units)
        finish = self.here()
        self.emit(Op.MUL, t, share, unit)
        self.emit(Op.SUB, t, t, over)
        self.emit(Op.DAMAGE, current, t)
        self.release_temps()
        for labels, where in ((to_rest, rest), (to_finish, finish), (to_ask, ask), (to_same, same)):
            for at in labels:
                self.patch(at, 2, where)
        for at in to_chosen:
            self.patch(at, 1, chosen)
        for reg in (unit, units, over, current, share, x, opens):
            if reg >= 0:
                self.release(reg)
    def _remember(self, card: int, zone: int) -> None:
        """Inside a ``Remember``: the card just put into ``zone`` is remembered by the source, if it is there."""
        if getattr(self, "remembering", 0):
            self.emit(Op.REMEMBER, card, zone)
            self.tables.remembering.add(id(self.definition))

    def remember(self, e: Any) -> None:
        """``Remember(*effects)``: the effects, each placement among them followed by its ``REMEMBER``."""
        if not self.pausing:
            fail(f"{e!r}: a condition or continuous effect puts no card anywhere", STRUCTURE)
        if getattr(self, "granted", False):
            fail(f"{e!r}: a granted ability's card is the Z/X that has it, which has no AtTurnEnd", STRUCTURE)
        if not any(isinstance(a, L.AtTurnEnd) for a in self.definition.abilities()):
            fail(f"{e!r}: the card's AtTurnEnd(...) ability acts on what it remembers; it has none", STRUCTURE)
        before = self.here()
        self.remembering = getattr(self, "remembering", 0) + 1
        self.effects(e.effects)
        self.remembering -= 1
        if not any(ins[0] == Op.REMEMBER for ins in self.code[before:]):
            fail(f"{e!r}: a Remember holds a PlayToSquare or a PutIntoResource (the cards it remembers)", STRUCTURE)

    def game_condition(self, cond: Any) -> int:
        if isinstance(cond, _Payable):  # a card the cost may take exists: one its choice would offer
            count, one, reg = self.alloc(), self.alloc(), self.alloc()
            self.emit(Op.COUNT, count, self._choosable(self.encode_filter(cond.filter)))
            self.emit(Op.SET, one, 1)
            self.emit(Op.LE, reg, one, count)
            for done in (count, one):  # only the result stays in use: four of them fit (B05-102)
                self.temps.remove(done)
                self.release(done)
            return reg
        if isinstance(cond, L.PlayerCardIs):
            you = self.ref(cond.player, PLAYERS, "PlayerCardIs player")
            have, want, reg = self.alloc(), self.alloc(), self.alloc()
            self.emit(Op.GET, have, you, Prop.PLAYER_CARD_NAME)  # any printing of the name (B01-056: Asuka)
            self.emit(Op.SET, want, self.tables.name_index(cond.name))
            self.emit(Op.EQ, reg, have, want)
            for done in (have, want):  # only the result stays in use: an "or" of several printings fits
                self.temps.remove(done)
                self.release(done)
            return reg
        return super().game_condition(cond)

    def python_targets(self, effect: A.PythonEffect) -> None:
        """The slow path (docs/zx/cards.md): Z/X announces no targets (rules.md Z12.3), so each of a
        ``PythonEffect``'s targets (``Chosen(...)`` chosen now, ``SELF``, ``YOU``, ``EVENT_SUBJECT`` ...) is loaded
        into register r0-r3 before the call, where the function reads it as ``ctx.targets[k]``."""
        if len(effect.targets) > TARGET_SLOTS:
            fail(f"{effect!r}: at most {TARGET_SLOTS} targets", LIMIT)
        for slot, target in enumerate(effect.targets):
            reg = self.ref(target, None, f"PythonEffect target {slot}")
            self.emit(Op.MAX, slot, reg, reg)  # r_slot = r_reg

    def game_effect(self, e: Any) -> None:
        zx = frozenset({Kind.ZX})
        if isinstance(e, L.OneOf):  # ASK answer; JZ answer, second; first; JUMP end; second: ...; end:
            if not self.pausing:
                fail(f"{e!r}: a condition or continuous effect cannot ask a player", STRUCTURE)
            if not e.first or not e.second:
                fail(f"{e!r}: say both effects the player chooses between", OPERAND)
            answer = self.alloc()
            self.emit(Op.ASK, answer, self.ref(e.chooser, PLAYERS, "OneOf chooser"))
            to_second = self.emit(Op.JZ, answer, 0)
            self.release_temps()
            self.effects(e.first)
            to_end = self.emit(Op.JUMP, 0)
            self.patch(to_second, 2, self.here())
            self.effects(e.second)
            self.patch(to_end, 1, self.here())
            return
        if isinstance(e, (L.DealDamage, L.AddPower)):
            target = self.ref(e.target, zx, name_of(e))
            amount = self.value(e.amount, f"{name_of(e)} amount")
            if isinstance(e, L.AddPower) and e.duration != A.UNTIL_END_OF_TURN:
                fail(f"{e!r}: a Power change lasts until end of turn (a lasting one is a Continuous ability)", OPERAND)
            self.emit(Op.DAMAGE if isinstance(e, L.DealDamage) else Op.POWER, target, amount)
        elif isinstance(e, (L.Destroy, L.NoDamage, L.NoBattleDamage)):
            op = {L.Destroy: Op.DESTROY, L.NoDamage: Op.NO_DAMAGE, L.NoBattleDamage: Op.NO_BATTLE_DAMAGE}[type(e)]
            self.emit(op, self.ref(e.target, zx, name_of(e)))
        elif isinstance(e, L.AddCost):  # until end of turn (rules.md Z15.340)
            if e.duration != A.UNTIL_END_OF_TURN:
                fail(f"{e!r}: a Cost change lasts until end of turn (a lasting one is a Continuous CostChange)",
                     OPERAND)
            self.emit(Op.COST, self.ref(e.target, zx, "AddCost target"), self.value(e.amount, "AddCost amount"))
        elif isinstance(e, (L.ReturnToHand, L.PutIntoTrash, L.ReturnToDeck, L.RemoveFromGame)):
            op = {L.ReturnToHand: Op.TO_HAND, L.PutIntoTrash: Op.TO_TRASH, L.ReturnToDeck: Op.TO_DECK,
                  L.RemoveFromGame: Op.REMOVE}[type(e)]
            self.emit(op, self.ref(e.target, CARDS, name_of(e)))
        elif isinstance(e, L.MoveTo):
            target = self.ref(e.target, zx, "MoveTo target")
            self.emit(Op.MOVE, target, self.square_for(e.square, target, "MoveTo square"))
        elif isinstance(e, L.PlayToSquare):
            self.play_to_square(e)
        elif isinstance(e, L.DivideDamage):
            self.divide_damage(e)
        elif isinstance(e, L.SwapZX):
            first = self.ref(e.first, zx, "SwapZX first")
            second = e.second
            if isinstance(second, Chosen) and id(second) not in self.bound and isinstance(second.filter, L.ZX):
                reg = self.choose_with(second, self.encode_filter(second.filter, Flag.NOT_ANCHOR, first))
            else:
                reg = self.ref(second, zx, "SwapZX second")
            self.emit(Op.SWAP, first, reg)
        elif isinstance(e, (L.Draw, L.TopToCharge, L.RecoverLife)):
            player = self.ref(e.player, PLAYERS, f"{name_of(e)} player")
            count = self.value(e.count, f"{name_of(e)} count", low=0)
            op = {L.Draw: Op.DRAW, L.TopToCharge: Op.TOP_TO_CHARGE, L.RecoverLife: Op.RECOVER}[type(e)]
            self.emit(op, player, count)
        elif isinstance(e, L.Shuffle):
            self.emit(Op.SHUFFLE, self.ref(e.player, PLAYERS, "Shuffle player"))
        elif isinstance(e, L.TopToResource):
            self.emit(Op.TOP_TO_RESOURCE, self.ref(e.player, PLAYERS, "TopToResource player"), int(e.sleeping))
        elif isinstance(e, L.PutIntoResource):
            card = self.ref(e.target, CARDS, "PutIntoResource")
            self.emit(Op.TO_RESOURCE, card, int(e.sleeping))
            self._remember(card, IN_RESOURCE)
        elif isinstance(e, L.Remember):
            self.remember(e)
        elif isinstance(e, L.AddPlayerDamage):
            if e.duration != A.UNTIL_END_OF_TURN:
                fail(f"{e!r}: a player damage increase lasts until end of turn", OPERAND)
            target = self.ref(e.target, zx, "AddPlayerDamage target")
            self.emit(Op.PLAYER_DAMAGE_UP, target, self.value(e.amount, "AddPlayerDamage amount"))
        elif isinstance(e, (L.Sleep, L.Reboot, L.PutOnBottom, L.PutIntoCharge, L.PutIntoLife)):
            op = {L.Sleep: Op.SLEEP, L.Reboot: Op.REBOOT, L.PutOnBottom: Op.TO_BOTTOM, L.PutIntoCharge: Op.TO_CHARGE,
                  L.PutIntoLife: Op.TO_LIFE}[type(e)]
            self.emit(op, self.ref(e.target, CARDS, name_of(e)))
        elif isinstance(e, (L.DamagePlayer, L.Mill)):
            player = self.ref(e.player, PLAYERS, f"{name_of(e)} player")
            count = self.value(e.count, f"{name_of(e)} count", low=0)
            self.emit(Op.PLAYER_DAMAGE if isinstance(e, L.DamagePlayer) else Op.MILL, player, count)
        elif isinstance(e, L.Keep):  # the register stays the value's to the program's end
            if not isinstance(e.kept, L.Kept) or id(e.kept) in self.bound:
                fail(f"{e!r}: Keep(...) reads a Kept(...) value once", OPERAND)
            reg = self.alloc(temp=False)
            value = self.value(e.kept.value, "a kept value")
            self.emit(Op.MAX, reg, value, value)
            self.bound[id(e.kept)] = reg
        elif isinstance(e, L.Pay):
            self.pay(e)
        elif isinstance(e, L.LookAtTop):
            self.look_at_top(e)
        elif isinstance(e, L.Reorder):
            self.reorder()
        elif isinstance(e, L.GainKeyword):
            if e.keyword not in KEYWORDS:
                fail(f"{e!r}: keyword must be one of {', '.join(KEYWORDS)}", OPERAND)
            if e.duration != A.UNTIL_END_OF_TURN:
                fail(f"{e!r}: a keyword is gained until end of turn (a lasting one is a Continuous HasKeyword)",
                     OPERAND)
            self.emit(Op.GRANT, self.ref(e.target, zx, "GainKeyword target"), KEYWORDS[e.keyword])
        elif isinstance(e, L.Freeze):
            self.emit(Op.FREEZE, self.ref(e.target, zx, "Freeze target"))
        else:
            fail(f"unknown effect {e!r} (Z/X effects: DealDamage, AddPower, Destroy, ReturnToHand, MoveTo, "
                 "PlayToSquare, SwapZX, RemoveFromGame, "
                 "PutIntoTrash, Draw, ReturnToDeck, Shuffle, TopToCharge, TopToResource, PutIntoResource, "
                 "RecoverLife, NoDamage, Sleep, Reboot, DamagePlayer, Mill, PutOnBottom, PutIntoCharge, PutIntoLife, "
                 "Pay, LookAtTop, Reorder, GainKeyword, Freeze, Remember, AddPlayerDamage, AddCost, NoBattleDamage, "
                 "and the slow path's "
                 "PythonEffect)", OPERAND)


# -- abilities into records ----------------------------------------------------------------------------------

def _record(card: int, kind: AbilityKind, **fields: int) -> tuple[int, ...]:
    rec = dict.fromkeys(ABILITY_FIELDS, 0)
    rec.update({"def": card, "kind": int(kind), "filter": -1, "cost_zx": -1})
    rec.update(fields)
    return tuple(int(rec[f]) for f in ABILITY_FIELDS)


def _program(tables: ZXTables, card: Any, definition: Any, effects: Sequence[Any],
             granted: bool = False, event: Event | None = None) -> tuple[int, int]:
    prog = ZXProgram(tables, card, definition)
    prog.granted = granted  # a granted ability's card is the Z/X that has it: it remembers nothing (Z15.320)
    prog.event = event  # an Auto's event: what its effects may read of it (DESTROYED_SQUARE)
    prog.effects(effects)
    return prog.finish()


def _reader(tables: ZXTables, card: Any, definition: Any, what: Any, condition: bool) -> tuple[int, int]:
    prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
    reg = prog.condition(what) if condition else prog.value(what, "a continuous amount")
    return prog.finish(result=reg)


@dataclass(frozen=True, eq=False)
class _Payable(Condition):
    """A card matching ``filter`` exists that a choice would offer (no Isolate): a cost card can be taken."""

    filter: Any


def _fields(flt: Any, *but: str) -> tuple[Any, ...]:
    """A filter's fields but those named (filters compare by identity)."""
    return tuple((f.name, repr(getattr(flt, f.name))) for f in dataclasses.fields(flt) if f.name not in but)


def _cost_cards(tables: ZXTables, ability: L.Startup) -> tuple[tuple[Any, ...], list[Any]]:
    """A startup ability's cost cards (``Cost(trash=...)``, rules.md Z15.221): the effects taking them,
    which open the ability's program (each a choice the ability's controller makes, the first thing on use), and the
    conditions that each can be taken, which the ability's condition of use adds (so a cost is never half paid)."""
    cost = ability.cost
    trash = (cost.trash,) if isinstance(cost.trash, L.Card) else cost.trash
    if not isinstance(trash, tuple) or len(trash) > 4 or not all(
            isinstance(f, L.Card) and f.zone in ("hand", "charge") and f.whose == "yours" for f in trash):
        fail(f"{cost!r}: trash is a Card filter of your hand or Charge, or a tuple of at most 4", OPERAND)
    zones = {f.zone for f in trash}
    if ("charge" in zones and (cost.charge or ability.from_charge or cost.destroy)) or ("hand" in zones and
                                                                                    cost.discard):
        fail(f"{cost!r}: cards of one zone are taken by one part of a cost (a Charge card for trash= is not also "
             "one of charge= or this card in the Charge, destroyed there; a hand card not one of discard=)",
             STRUCTURE)
    if len(trash) > 1:  # one card of each: exact when no card could be taken for two of them
        colours = [f.colour for f in trash]
        if not all(isinstance(c, str) and c in COLOURS for c in colours) or len(set(colours)) != len(colours) or \
                len({_fields(f, "colour") for f in trash}) != 1:
            fail(f"{cost!r}: several trash= filters are one filter of different single colours (one card of each "
                 "colour)", OPERAND)
        for c in tables.cards:
            if len({str(k).lower() for k in getattr(c, "colours", ())} & set(colours)) > 1:
                fail(f"{cost!r}: {_name(c)} has two of the colours, so which it pays for is not one card's "
                     "choice; a game of this cost plays cards of one of them each (rules.md Z15.221)", OPERAND)
    return tuple(L.PutIntoTrash(Chosen(f)) for f in trash), [_Payable(f) for f in trash]


def compile_definition(tables: ZXTables, index: int, definition: Any) -> None:
    """Adds the records of card ``index``'s abilities to the tables (raises CompileError)."""
    card = tables.cards[index]
    is_event = _type(card) == "event"
    if is_event != isinstance(definition, L.EventDefinition):
        fail(f"{_name(card)} is {'an Event' if is_event else 'a Z/X'}: its definition is "
             f"{'EventDefinition' if is_event else 'ZXDefinition'}(...), not {definition!r}", STRUCTURE)
    recs = tables.native.abilities
    if is_event:
        code, length = _program(tables, card, definition, definition.effects)
        recs.append(_record(index, AbilityKind.EVENT, code=code, length=length))
        if getattr(definition, "play_condition", None) is not None:
            cond, cond_length = _reader(tables, card, definition, definition.play_condition, condition=True)
            recs.append(_record(index, AbilityKind.PLAY_CONDITION, cond=cond, cond_length=cond_length))
        seed = getattr(definition, "evol_seed", None)
        if seed is None:
            return
        if not (isinstance(seed, Triggered) and seed.when.event == Event.EVOL_SEED and seed.condition is None
                and not seed.optional):
            fail(f"{_name(card)}: an Event's evol_seed is an EvolSeed(...), not {seed!r}", STRUCTURE)
        code, length = _program(tables, card, definition, seed.effects)
        recs.append(_record(index, AbilityKind.AUTO, event=Event.EVOL_SEED, code=code, length=length))
        return
    if not isinstance(definition, L.ZXDefinition):
        fail(f"{_name(card)}: a definition is ZXDefinition(...) or EventDefinition(...), not {definition!r}", STRUCTURE)
    for ability in definition.abilities():
        _ability(tables, index, card, definition, ability)
    delayed = sum(isinstance(a, L.AtTurnEnd) for a in definition.abilities())
    if delayed > 1 or (delayed == 1) != (id(definition) in tables.remembering):
        fail(f"{_name(card)}: one AtTurnEnd(...) a card, with a Remember(...) whose cards it acts on "
             "(rules.md Z15.320)", STRUCTURE)


def _ability(tables: ZXTables, index: int, card: Any, definition: Any, ability: Any, granted: bool = False) -> None:
    """The record(s) of one ability of card ``index``; ``granted``: the ability a Grant gives (zone GRANTED)."""
    recs = tables.native.abilities
    if isinstance(ability, Triggered):
        subject = ability.when.subject  # SELF, also as unpickled in a worker process (another object)
        watched = -1  # a subject filter: events of other cards or of players (rules.md Z12.16)
        own = isinstance(subject, ContextRef) and subject.what == SELF.what
        if own and ability.when.event == Event.EVENT_PLAYED:
            fail(f"{ability!r}: an Event played is another card's event: give a Card(\"resolving\", ...) subject",
                 STRUCTURE)
        if not own:
            event = Event(ability.when.event)
            wanted = {Event.APPEARS: L.ZX, Event.ATTACKS: L.ZX, Event.IS_ATTACKED: L.ZX, Event.DESTROYS_BY_BATTLE: L.ZX,
                      Event.DESTROYED: L.ZX, Event.MOVED: L.ZX, Event.LIFE_DECREASES: L.Player,
                      Event.EVENT_PLAYED: L.Card, Event.DRAWS: L.Player}.get(event)
            if wanted is None or not isinstance(subject, wanted) or (
                    wanted is L.Card and subject.zone != "resolving"):
                fail(f"{ability!r}: a Z/X automatic ability waits for events of this card (subject SELF), or "
                     "for a Z/X appearing, attacking, attacked, destroying by battle, destroyed or moved (a ZX(...) "
                     "subject), an Event played (a Card(\"resolving\", ...) subject) or a player's Life "
                     "decreasing (a Player(...) subject)", STRUCTURE)
            watched = ZXProgram(tables, card, definition, pausing=False, allow_targets=False).encode_filter(
                subject)
        if ability.when.turn not in TURNS:
            fail(f"{ability!r}: turn must be one of {', '.join(TURNS)}", OPERAND)
        effects: tuple[Any, ...] = ability.effects
        if ability.optional:
            effects = (A.May(*effects),)
        if ability.condition is not None:
            effects = (A.If(ability.condition, effects),)
        if granted and (watched >= 0 or ability.zone != "play"):
            fail(f"{ability!r}: a granted automatic ability waits for events of the Z/X that has it (subject SELF)",
                 STRUCTURE)
        code, length = _program(tables, card, definition, effects, granted, event=Event(ability.when.event))
        at_event = getattr(ability, "at_event", None)  # read as the event happens (rules.md Z15.185)
        cond, cond_length = (0, 0) if at_event is None else \
            _reader(tables, card, definition, at_event, condition=True)
        recs.append(_record(index, AbilityKind.AUTO, event=Event(ability.when.event), turn=TURNS[ability.when.turn],
                            code=code, length=length, filter=watched, cond=cond, cond_length=cond_length,
                            zone=GRANTED if granted else 0))
    elif isinstance(ability, L.FromResource) and not isinstance(ability.effect, L.CostChange):
        fail(f"{ability!r}: a continuous ability working from the Resource changes Costs (CostChange)", STRUCTURE)
    elif isinstance(ability, L.AtTurnEnd):
        if granted:
            fail(f"{ability!r}: an \"at the end of the turn\" ability is its card's own", STRUCTURE)
        code, length = _program(tables, card, definition, ability.effects)
        recs.append(_record(index, AbilityKind.DELAYED, code=code, length=length))
    elif isinstance(ability, Continuous) and isinstance(ability.effect, L.ChargeLimit):
        eff = ability.effect
        if not isinstance(eff.players, L.Player):
            fail(f"{ability!r}: a Charge limit change names its players with Player(...)", OPERAND)
        prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
        players = prog.encode_filter(eff.players)
        code, length = _reader(tables, card, definition, eff.change, condition=False)
        cond, cond_length = (0, 0) if ability.condition is None else \
            _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.CONTINUOUS_CHARGE_LIMIT, event=int(bool(eff.unlimited)),
                            filter=players, code=code, length=length, cond=cond, cond_length=cond_length))
    elif isinstance(ability, Continuous) and isinstance(ability.effect, (L.DamageChange, L.PreventDamage)):
        eff = ability.effect
        prevent = isinstance(eff, L.PreventDamage)
        watched = -1
        cond = ability.condition
        if not prevent:  # the damaged Z/X is the condition's SUBJECT (rules.md Z15.183)
            if not isinstance(eff.source, (L.ZX, L.Card)) or not isinstance(eff.target, L.ZX):
                fail(f"{ability!r}: a damage change names the dealers with ZX(...) or Card(...) and the damaged "
                     "with ZX(...)", OPERAND)
            prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
            watched = prog.encode_filter(eff.source)
            target = Matches(EVENT_SUBJECT, eff.target)
            cond = target if cond is None else target & cond
        code, length = _reader(tables, card, definition, eff.at_most if prevent else eff.amount, condition=False)
        cond_at, cond_length = (0, 0) if cond is None else _reader(tables, card, definition, cond, condition=True)
        recs.append(_record(index, AbilityKind.PREVENT_DAMAGE if prevent else AbilityKind.CONTINUOUS_DAMAGE,
                            filter=watched, code=code, length=length, cond=cond_at, cond_length=cond_length))
    elif isinstance(ability, Continuous) and isinstance(ability.effect, L.CostChange):
        eff = ability.effect
        group = eff.cards if isinstance(eff.cards, tuple) else (eff.cards,)
        if not group or not all(isinstance(f, (L.Card, L.ZX)) for f in group):
            fail(f"{ability!r}: a Cost change names its cards with Card(...) or ZX(...), or a tuple of them",
                 OPERAND)
        prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
        cards, either = -1, FILTER_FIELDS.index("either")
        for f in reversed(group):  # a chain of alternatives: each record names the next as its either
            rec = list(tables.native.filters[prog.encode_filter(f)])
            if rec[either] != -1 and cards != -1:
                fail(f"{ability!r}: a Cost change's filters in a tuple are of one name each (no name_contains "
                     "or either)", OPERAND)
            if cards != -1:
                rec[either] = cards
            cards = tables.add_filter(tuple(rec))
        code, length = _reader(tables, card, definition, eff.amount, condition=False)
        cond, cond_length = (0, 0) if ability.condition is None else \
            _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.CONTINUOUS_COST, filter=cards, event=int(bool(eff.floor)),
                            code=code, length=length, cond=cond, cond_length=cond_length,
                            zone=STARTUP_ZONES["resource"] if isinstance(ability, L.FromResource) else 0))
    elif isinstance(ability, Continuous) and isinstance(ability.effect, L.ColourChange):
        _colour_change(tables, index, card, definition, ability)
    elif isinstance(ability, Continuous) and isinstance(ability.effect, L.PlayFrom):
        eff = ability.effect
        zone = eff.cards.cards.zone if isinstance(eff.cards, L.RemovedByThis) else getattr(eff.cards, "zone", None)
        if not isinstance(eff.cards, (L.Card, L.RemovedByThis)) or zone not in ("resource", "trash", "charge",
                                                                                 "removed"):
            fail(f"{ability!r}: PlayFrom names cards of the Resource, Trash, Charge or removed zone with "
                 "Card(...)", OPERAND)
        if eff.colour is not None and eff.colour not in COLOURS:
            fail(f"{ability!r}: colour must be one of {', '.join(COLOURS)}", OPERAND)
        prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
        cards = prog.encode_filter(eff.cards)
        cond, cond_length = (0, 0) if ability.condition is None else \
            _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.CONTINUOUS_PLAY_FROM, filter=cards, event=int(bool(eff.free)),
                            colours=COLOURS.get(eff.colour, 0), cond=cond, cond_length=cond_length))
    elif isinstance(ability, Continuous) and isinstance(ability.effect, (L.HasKeyword, L.Restriction, L.Grant)):
        _grant_or_restriction(tables, index, card, definition, ability)
    elif isinstance(ability, Continuous):
        eff = ability.effect
        if not isinstance(eff, L.PowerChange):
            fail(f"{ability!r}: a Z/X continuous ability changes Power (PowerChange) or the Charge limit "
                 "(ChargeLimit)", OPERAND)
        prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
        subject = prog.encode_filter(eff.subject)
        code, length = _reader(tables, card, definition, eff.amount, condition=False)
        cond, cond_length = (0, 0) if ability.condition is None else \
            _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.CONTINUOUS_POWER, filter=subject, code=code, length=length,
                            cond=cond, cond_length=cond_length))
    elif isinstance(ability, L.IgnitionIcon):
        cond, cond_length = _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.CONTINUOUS_IGNITION, cond=cond, cond_length=cond_length))
    elif isinstance(ability, L.Startup):
        cost = ability.cost
        colour_n, colours = 0, 0
        if cost.colour is not None:
            colour, colour_n = cost.colour
            if colour not in COLOURS and colour != "any":
                fail(f"{cost!r}: colour must be one of {', '.join(COLOURS)} or 'any'", OPERAND)
            colours = COLOURS.get(colour, 0)
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 20
                   for n in (colour_n, cost.charge, cost.discard)):
            fail(f"{cost!r}: 0 to 20 Resource, Charge or hand cards", OPERAND)
        if ability.zone not in ("square", "hand", "resource") or (ability.zone != "square" and ability.from_charge):
            fail(f"{ability!r}: zone is 'square', 'hand' or 'resource' (from_charge: the Charge)", OPERAND)
        if granted and (ability.from_charge or ability.zone != "square"):
            fail(f"{ability!r}: a granted startup ability is used from the Square of the Z/X that has it", STRUCTURE)
        if cost.this_to_trash and not ability.from_charge:
            fail(f"{ability!r}: 'put this card from your Charge into your Trash' is a cost of a from_charge ability",
                 STRUCTURE)
        if ability.once_per_turn and (ability.from_charge or ability.zone != "square" or granted):
            fail(f"{ability!r}: 'only once per turn' limits an ability of the card's own used from its Square",
                 STRUCTURE)
        if ability.once_per_turn and any(r[ABILITY_FIELDS.index("def")] == index and
                                         r[ABILITY_FIELDS.index("cost_flags")] & CostFlag.ONCE_PER_TURN for r in recs):
            fail(f"{ability!r}: one 'only once per turn' ability a card (one mark on the card)", LIMIT)
        flags = (CostFlag.SELF_CHARGE_TO_TRASH if cost.this_to_trash else 0) | \
            (CostFlag.SLEEP_SELF if cost.sleep else 0) | (CostFlag.DESTROY_SELF if cost.destroy else 0) | \
            (CostFlag.ONCE_PER_TURN if ability.once_per_turn else 0)
        paying, payable = _cost_cards(tables, ability)
        cost_zx = -1
        n = cost.sleep_zx_count
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= COST_ZX_MAX or \
                (n > 1 and cost.sleep_zx is None):
            fail(f"{cost!r}: sleep_zx_count is 1 to {COST_ZX_MAX} Z/X of a sleep_zx filter", OPERAND)
        flags = int(flags) | (n - 1) << COST_ZX_SHIFT  # rules.md Z15.355
        if cost.sleep_zx is not None:  # the Startup frame's own step (rules.md Z15.221)
            f = cost.sleep_zx
            if not isinstance(f, L.ZX) or f.whose != "yours" or (cost.sleep and not f.other):
                fail(f"{cost!r}: sleep_zx is a ZX(\"yours\", ...) filter (other=True beside sleep=True)", OPERAND)
            cost_zx = ZXProgram(tables, card, definition, pausing=False, allow_targets=False).encode_filter(f)
        code, length = _program(tables, card, definition, paying + ability.effects, granted)
        condition = ability.condition
        for part in payable:
            condition = part if condition is None else condition & part
        cond, cond_length = (0, 0) if condition is None else \
            _reader(tables, card, definition, condition, condition=True)
        recs.append(_record(index, AbilityKind.STARTUP, code=code, length=length, cond=cond,
                            cond_length=cond_length, colour_n=colour_n, colours=colours, charge_n=cost.charge,
                            cost_flags=int(flags),
                            zone=GRANTED if granted else 1 if ability.from_charge else STARTUP_ZONES[ability.zone],
                            discard_n=cost.discard, cost_zx=cost_zx))
    elif isinstance(ability, L.PlayCondition):
        if any(isinstance(a, L.PlayCondition) for a in definition.abilities() if a is not ability):
            fail(f"{_name(card)}: one PlayCondition a card", STRUCTURE)
        cond, cond_length = _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.PLAY_CONDITION, cond=cond, cond_length=cond_length))
    elif isinstance(ability, L.ReplaceDestroy):
        if ability.to not in ("resource", "hand"):
            fail(f"{ability!r}: to is 'resource' or 'hand'", OPERAND)
        recs.append(_record(index, AbilityKind.REPLACE_DESTROY if ability.to == "resource"
                            else AbilityKind.REPLACE_DESTROY_TO_HAND, zone=GRANTED if granted else 0))
    else:
        fail(f"{_name(card)}: unknown kind of ability {ability!r} (Auto, EvolSeed, Continuous, IgnitionIcon, "
             "Startup, PlayCondition, ReplaceDestroy)", STRUCTURE)


def _colour_change(tables: ZXTables, index: int, card: Any, definition: Any, ability: Continuous) -> None:
    """The record of ``Continuous(ColourChange(zones, colour), condition)``: this card's colours where a chain of
    card filters, one a zone, each matching only the card itself, finds it (rules.md Z15.342)."""
    eff = ability.effect
    zones = (eff.zones,) if isinstance(eff.zones, str) else eff.zones
    if not isinstance(zones, tuple) or not zones or not all(z in ZONES and z not in ("any", "resolving")
                                                            for z in zones) or len(set(zones)) != len(zones):
        fail(f"{ability!r}: zones are some of {', '.join(z for z in ZONES if z not in ('any', 'resolving'))}",
             OPERAND)
    wanted = eff.colour if isinstance(eff.colour, tuple) else (eff.colour,)
    if wanted == ("all",):
        colours = sum(COLOURS.values())
    elif wanted and all(c in COLOURS for c in wanted):
        colours = sum(COLOURS[c] for c in set(wanted))
    else:
        fail(f"{ability!r}: colour is 'all', one of {', '.join(COLOURS)} or a tuple of them", OPERAND)
    if any(isinstance(a, Continuous) and isinstance(a.effect, L.ColourChange)
           for a in definition.abilities() if a is not ability):
        fail(f"{_name(card)}: one ColourChange a card", STRUCTURE)
    prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
    chain, flags = -1, FILTER_FIELDS.index("flags")
    for zone in reversed(zones):
        rec = list(tables.native.filters[prog.encode_filter(L.Card(zone))])
        rec[flags] |= int(Flag.SELF_ONLY)
        rec[FILTER_FIELDS.index("either")] = chain
        chain = tables.add_filter(tuple(rec))
    cond, cond_length = (0, 0) if ability.condition is None else \
        _reader(tables, card, definition, ability.condition, condition=True)
    tables.native.abilities.append(_record(index, AbilityKind.CONTINUOUS_COLOUR, filter=chain, colours=colours,
                                           cond=cond, cond_length=cond_length))


def _grant_or_restriction(tables: ZXTables, index: int, card: Any, definition: Any, ability: Continuous) -> None:
    """The records of ``Continuous(HasKeyword | Restriction | Grant, condition)`` (docs/zx/cards.md "Grants and
    restrictions")."""
    eff, recs = ability.effect, tables.native.abilities
    prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
    cond, cond_length = (0, 0) if ability.condition is None else \
        _reader(tables, card, definition, ability.condition, condition=True)
    if isinstance(eff, L.HasKeyword):
        if eff.keyword not in KEYWORDS:
            fail(f"{ability!r}: keyword must be one of {', '.join(KEYWORDS)}", OPERAND)
        if not isinstance(eff.subject, L.ZX):
            fail(f"{ability!r}: the Z/X that have the keyword are a ZX(...) filter (THIS: this card)", OPERAND)
        recs.append(_record(index, AbilityKind.CONTINUOUS_KEYWORD, event=KEYWORDS[eff.keyword],
                            filter=prog.encode_filter(eff.subject), cond=cond, cond_length=cond_length))
    elif isinstance(eff, L.Restriction):
        wanted = {"appear_on_player_square": type(None), "be_dealt_damage": L.Player, "attack": L.ZX}.get(eff.what)
        if wanted is None:
            fail(f"{ability!r}: a restriction is one of {', '.join(RESTRICTIONS)}", OPERAND)
        if not isinstance(eff.subject, wanted):
            fail(f"{ability!r}: {eff.what!r} binds " + {type(None): "this card (no subject)",
                                                         L.Player: "the players of a Player(...) subject",
                                                         L.ZX: "the Z/X of a ZX(...) subject"}[wanted], OPERAND)
        if eff.what == "appear_on_player_square" and ability.condition is not None:
            fail(f"{ability!r}: this card cannot appear on a Player Square always (no condition)", OPERAND)
        flt = -1 if eff.subject is None else prog.encode_filter(eff.subject)
        recs.append(_record(index, AbilityKind.RESTRICTION, event=RESTRICTIONS[eff.what], filter=flt, cond=cond,
                            cond_length=cond_length))
    else:
        if not isinstance(eff.subject, L.ZX):
            fail(f"{ability!r}: the Z/X that have the ability are a ZX(...) filter", OPERAND)
        inner = eff.ability
        if not isinstance(inner, (Triggered, L.Startup, L.ReplaceDestroy)):
            fail(f"{ability!r}: a granted ability is an Auto, a Startup or a ReplaceDestroy", STRUCTURE)
        recs.append(_record(index, AbilityKind.GRANT, filter=prog.encode_filter(eff.subject), cond=cond,
                            cond_length=cond_length))
        _ability(tables, index, card, definition, inner, granted=True)


def _type(card: Any) -> str:
    return str(card.type).strip().lower().replace("z/x", "zx")


def compile_tables(cards: Sequence[Any], definitions: Mapping[int, Any],
                   programs: Mapping[int, Sequence[Any]] | None = None, *,
                   names: Mapping[str, str] | None = None) -> ZXTables:
    """The tables of a game: ``definitions`` maps a card index of ``cards`` to its definition; ``programs`` (card
    index -> effects) gives Events their effects directly (test card tables); ``names`` maps the numbers and English
    names of cards the table may lack to their Japanese names (a name filter naming a printing no deck plays).
    Raises CompileError naming the card."""
    tables = ZXTables(cards, names)
    merged = dict(definitions)
    for index, effects in (programs or {}).items():
        merged[index] = L.EventDefinition(*effects)
    for index in sorted(merged):
        try:
            compile_definition(tables, index, merged[index])
        except CompileError as exc:
            raise CompileError(f"{_name(cards[index])}: {exc.reason}", exc.rule) from None
    if len(tables.native.abilities) > 255:
        fail("at most 255 abilities in one game", LIMIT)
    return tables


__all__ = ["ZXProgram", "ZXTables", "ZXNative", "compile_tables", "compile_definition", "Condition", "WIDTH"]
