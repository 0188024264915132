"""The Z/X program builder (docs/zx/cards.md "Native form"): the shared builder
(:class:`tcbg.effects.program.Program`) with Z/X's filters, properties, choices and instructions
(:class:`ZXProgram`), and the tables of one game (:class:`ZXTables`). The effects that compile to several
instructions and decisions are in :mod:`tcbg.zx.effects.compound`; abilities into records, in
:mod:`tcbg.zx.effects.compiler`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tcbg.effects import actions as A
from tcbg.effects.errors import CompileError, fail, name_of
from tcbg.effects.native import TARGET_SLOTS, Choose
from tcbg.effects.program import PLAYERS, Program
from tcbg.effects.refs import Chosen
from tcbg.effects.tables import NativeTables, TableBuilder
from tcbg.effects.values import Condition
from tcbg.zx.effects import language as L
from tcbg.zx.effects.compound import CARDS, IN_RESOURCE, TAKING, CompoundEffects
from tcbg.zx.effects.native import (ABILITY_FIELDS, CARD_TYPES, COLOURS, DISTINCT, FILTER_FIELDS, GRANTED,
                                    COST_ZX_SHIFT, KEYWORDS, NAME_ABSENT, NO_NAME, RESTRICTIONS,
                                    STARTUP_ZONES, WHOSE, ZONES, AbilityKind, Ctx, Event, Flag, Kind,
                                    Op, Prop, ZXDisassembler)

STRUCTURE, OPERAND, LIMIT = "ZC20", "ZC21", "ZC22"  # docs/zx/cards.md
MAX_RACES = 31  # races of one game's cards and filters: bits of the core's 32-bit race words
NO_BOUND = -1
SQUARE_MARKS = {"double_circle": Flag.PLAYER_SQUARE, "triangle": Flag.CENTER_AREA}
"""The Squares each mark names (rules.md Z15.220): the double circle is on both Player Squares, the triangle on the
three Squares of the Center Area."""
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
        super().__init__([card_name(c) for c in cards])
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


def card_name(card: Any) -> str:
    return getattr(card, "name_en", None) or card.name


class ZXProgram(CompoundEffects, Program):
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

    def game_condition(self, cond: Any) -> int:
        if isinstance(cond, Payable):  # a card the cost may take exists: one its choice would offer
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


@dataclass(frozen=True, eq=False)
class Payable(Condition):
    """A card matching ``filter`` exists that a choice would offer (no Isolate): a cost card can be taken."""

    filter: Any
