"""The native form of card effects (``tcbg-effects/1``, docs/cards.md "The native form"): the flat tables of int32
the C++ core runs with no Python, their record layouts, the instruction set, and a disassembler.

Every definition of a card set compiles (:func:`tcbg.x610z.effects.compile_effects`) into one
:class:`NativeEffects`: fixed-width records in flat int32 tables (cards, abilities, modes, additional effects,
filters, costs, triggers, continuous effects) and one code array of 4-word instructions ``(op, a, b, c)``. Records
point at each other by index and at code by offset, so the tables copy into C++ arrays as they are
(:meth:`NativeEffects.arrays`). The interpreter is stack-free: a resolution is a program counter plus
:data:`REGISTERS` int32 registers, so a state paused at a player's choice serializes as those numbers.

>>> from tcbg.x610z.effects.native import Op, disassemble_code
>>> print(disassemble_code([Op.SET, 4, 8, 0, Op.HEAL, 0, 4, 0, Op.END, 0, 0, 0]))
0: SET r4, 8
1: HEAL r0, r4
2: END
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

import numpy as np

FORMAT = "tcbg-effects/1"
REGISTERS = 16
"""Registers of the interpreter: r0-r3 hold the announced targets (slot i in ri), r4-r15 are scratch."""
TARGET_SLOTS = 4
"""Targets one ability announces at most (its mode's and its additional effects' together)."""
NONE = -1
"""The empty object: an illegal target, a choice nobody could make, the end of an iteration. An instruction whose
object operand is NONE does nothing."""
WIDTH = 4
"""Words per instruction: ``op, a, b, c``."""
MAX_PROGRAM = 512
"""Instructions in one program at most (so a relative pc fits a byte pair with room to spare)."""
MAX_AMOUNT = 99
"""Largest number a definition writes (damage, cards, counters, stat changes)."""


class Op(IntEnum):
    """Opcodes. ``r``, ``s``, ``t`` are register numbers; ``imm`` an immediate; ``to`` an instruction index
    relative to the start of the program; ``filter`` an index into the filter table. Opcodes below 32 compute,
    jump, read the position or ask a player; from 32 on they change the game."""

    END = 0  # the program ends
    RETURN = 1  # r: a condition or amount program ends with the result R[r]
    SET = 2  # r, imm: R[r] = imm
    ADD = 3  # r, s, t: R[r] = R[s] + R[t]
    SUB = 4  # r, s, t: R[r] = R[s] - R[t]
    MUL = 5  # r, s, t: R[r] = R[s] * R[t]
    MIN = 6  # r, s, t: R[r] = min(R[s], R[t])
    MAX = 7  # r, s, t: R[r] = max(R[s], R[t])
    LE = 8  # r, s, t: R[r] = 1 if R[s] <= R[t] else 0
    EQ = 9  # r, s, t: R[r] = 1 if R[s] == R[t] else 0
    NOT = 10  # r, s: R[r] = 1 if R[s] == 0 else 0
    JUMP = 11  # to: pc = to
    JZ = 12  # r, to: if R[r] == 0: pc = to
    CTX = 13  # r, what (Ctx): R[r] = the source, its controller, the event's subject ...
    GET = 14  # r, s, prop (Prop): R[r] = property prop of object R[s] (NONE if R[s] is NONE)
    COUNT = 15  # r, filter: R[r] = how many objects match the filter
    NEXT = 16  # r, filter, to: R[r] = the smallest matching object id greater than R[r]; none: R[r] = NONE, pc = to
    MATCH = 17  # r, s, filter: R[r] = 1 if object R[s] matches the filter else 0
    CHOOSE = 18  # r, filter, s + (flags << 8) (Choose): player R[s] chooses a matching object into R[r]; may pause
    CHOOSE_DOT = 19  # r, filter, s: the controller chooses a dot matching the filter where summon R[s] may stand
    CHOOSE_MOVE = 20  # r, s, t: the controller chooses a move of summon R[s] with speed R[t] (a path key)
    ASK = 21  # r, s: player R[s] answers yes (1) or no (0) into R[r]; pauses
    DAMAGE = 32  # r, s, t: deal R[s] damage to summon R[r]; R[t] is its source (NONE: no source)
    HEAL = 33  # r, s: remove up to R[s] damage from summon R[r]
    PREVENT = 34  # r, s, duration: prevent the next R[s] damage to summon R[r]
    REDUCE = 35  # r, s, duration: each damage dealt to summon R[r] is reduced by R[s]
    REDIRECT = 36  # r, s, duration: the next damage to summon R[r] is dealt to summon R[s] instead
    DESTROY = 37  # r: destroy permanent R[r]
    SACRIFICE = 38  # r: its controller sacrifices permanent R[r]
    DISCARD = 39  # r: card R[r] goes from its owner's hand to their discard pile
    DRAW = 40  # r, s: player R[r] draws R[s] cards
    SHUFFLE = 41  # r: player R[r] shuffles their deck
    TO_HAND = 42  # r: card R[r] (in play, deck, discard or removed) goes to its owner's hand
    REMOVE = 43  # r: card R[r] is removed from the game
    PLACE = 44  # r, s: summon or summon card R[r] is placed on dot R[s] (from a zone: it enters play)
    MOVE = 45  # r, s: summon R[r] moves along the path of key R[s] (from CHOOSE_MOVE)
    CONTROL = 46  # r, s, duration: player R[s] gains control of permanent R[r]
    PRODUCE = 47  # r, s, t: player R[r] adds R[t] energy of type R[s] (Energy) to their pool
    MODIFY = 48  # r, s, stat + (duration << 8): summon R[r] gets R[s] added to stat (Prop) for the duration
    GRANT = 49  # r, property, duration: summon R[r] has the property (Property bit) for the duration
    COUNTERS = 50  # r, kind, s: put R[s] counters of kind (Counter) on permanent R[r] (negative: remove)
    CANCEL = 51  # r: the stack item of serial R[r] is canceled
    ACTIVATE = 52  # r: permanent R[r] is put into its activated state without using its effect
    REACTIVATE = 53  # r: permanent R[r] is reactivated
    ATTACH = 54  # r: the source (a catalyst with focus) is focused on permanent R[r]
    WIN = 55  # r: player R[r]'s team wins the game
    PYTHON = 56  # k: call the Python effect k of the card set (the slow path; the core calls back)


class Ctx(IntEnum):
    """What ``CTX`` reads."""

    SELF = 0  # the source: the card whose effect or ability this is
    CONTROLLER = 1  # the player controlling the effect (the source's controller when it was put on the stack)
    ACTIVE_PLAYER = 2
    SUBJECT = 3  # a trigger's event subject; in a continuous program, the object being computed
    OTHER = 4  # a trigger's other object: the attack's target, the damage's source
    AMOUNT = 5  # a trigger's amount: the damage dealt
    FOCUSED = 6  # the permanent the source is focused on (NONE if none)


class Prop(IntEnum):
    """Properties ``GET`` reads; the first five are also the stats ``MODIFY`` changes. Stats read after continuous
    effects and modifiers, never below 0; a stat the card does not show reads NONE."""

    ATTACK = 0
    DEFENSE = 1
    SPEED = 2
    RANGE = 3
    BLOCK_RATE = 4
    DAMAGE = 5
    REMAINING = 6  # defense - damage
    ACTIVATION_COUNTERS = 7
    TIME_COUNTERS = 8
    CHARGE_COUNTERS = 9
    CONTROLLER = 10
    OWNER = 11
    ZONE = 12  # Zone
    DOT = 13
    ACTIVATED = 14  # 1 activated, 0 reactivated
    CLASS = 15  # class code (CLASS_CODES)
    TYPE = 16  # type code (TYPE_CODES)
    PRODUCES = 17  # a crystal's energy type (Energy)
    CARD = 18  # the card definition index
    COST = 19  # the card's casting cost, all energy together
    HAND_SIZE = 32  # of a player
    DECK_SIZE = 33
    DISCARD_SIZE = 34
    LIFE_BASE = 35  # the player's life base instance
    CRYSTALS = 36  # energy crystals the player controls
    POOL = 37  # energy in the player's pool, all types


STATS = (Prop.ATTACK, Prop.DEFENSE, Prop.SPEED, Prop.RANGE, Prop.BLOCK_RATE)


class Zone(IntEnum):
    """Zones, numbered as the core's ``Zone``."""

    DECK = 0
    HAND = 1
    PLAY = 2
    DISCARD = 3
    REMOVED = 4
    STACK = 5


class Kind(IntEnum):
    """What a filter selects."""

    PLAYER = 0
    SUMMON = 1  # any summon in play, life bases included
    NLB_SUMMON = 2  # a summon in play that is not a life base
    LIFE_BASE = 3
    CRYSTAL = 4  # an energy crystal in play
    CATALYST = 5
    QUEST = 6
    PERMANENT = 7  # any card in play
    CARD = 8  # a card in a zone (hand, deck, discard pile, removed from game), by owner
    DOT = 9
    STACK_ITEM = 10  # an action on the stack, named by its serial number


class Relation(IntEnum):
    """Whose: the controller of a permanent or stack item, the owner of a card in a zone, the player itself,
    always relative to the effect's controller. For a dot: the seat whose start dot it is."""

    ANY = 0
    YOU = 1
    OPPONENT = 2  # a player on another team (rules.md 3.5)
    TEAMMATE = 3  # a player on your team other than you
    NOT_YOU = 4


class FilterFlag(IntEnum):
    NOT_SELF = 1  # not the source ("other")
    DAMAGED = 2
    UNDAMAGED = 4
    ACTIVATED = 8
    REACTIVATED = 16
    FREE = 32  # a dot with no summon on it
    SUMMON_DOT = 64  # a dot where the effect's controller may place a summon (rules.md 5.11)
    DISTINCT = 128  # a target: not an object an earlier slot of the same ability holds


class DotKind(IntEnum):
    """Dot kind bits (effective kinds, rules.md 1.2)."""

    START = 1
    END = 2
    NO_ATTACK = 4
    WARP = 8
    QUEST = 16
    WHITE = 32


class StackKind(IntEnum):
    """Stack item kind bits of a STACK_ITEM filter."""

    CAST_FLUX = 1
    CAST_PERMANENT = 2
    MOVE = 4
    ATTACK = 8
    ABILITY = 16  # an activated, paid or triggered ability or effect


class Choose(IntEnum):
    """Flags of ``CHOOSE`` (bits 8 and up of operand c)."""

    OPTIONAL = 1  # the chooser may choose nothing (NONE)
    RANDOM = 2  # no decision: uniformly at random with the state's generator
    SEARCH = 4  # a deck search: the chooser sees the whole deck, and may find nothing


class Duration(IntEnum):
    UNTIL_END_OF_TURN = 0
    WHILE_IN_PLAY = 1  # until the affected permanent leaves play
    WHILE_SOURCE_IN_PLAY = 2  # until the source leaves play


class Property(IntEnum):
    """Property bits ``GRANT`` and continuous effects give a summon."""

    STEALTH = 1  # cannot be the target of opponents' fluxes, effects and abilities
    CANNOT_ATTACK = 2
    CANNOT_MOVE = 4
    CANNOT_BE_ATTACKED = 8
    ALL_DIRECTIONS = 16  # rules.md 2.10


class Counter(IntEnum):
    DAMAGE = 0
    ACTIVATION = 1
    TIME = 2
    CHARGE = 3


class Energy(IntEnum):
    C = 0
    B = 1
    M = 2
    R = 3
    H = 4


class AbilityKind(IntEnum):
    CAST = 0  # a flux's effect, a focused catalyst's attachment: runs when the card resolves
    ACTIVATED = 1  # [R cost: ...]: activate the card and pay
    PAID = 2  # [cost: ...]: pay; once until its controller's next turn
    TRIGGERED = 3


class Timing(IntEnum):
    ANY = 0  # holding priority in any action or end phase (ORoC "Action table")
    YOUR_TURN = 1
    YOUR_ACTION_PHASE = 2  # your action phase, as a permanent is cast


class AbilityFlag(IntEnum):
    OPTIONAL = 1  # a "may" trigger: its controller may decline it when it would go on the stack


class CostFlag(IntEnum):
    ACTIVATE_SELF = 1  # the R symbol: activate the source (it must be reactivated)
    SACRIFICE_SELF = 2
    REMOVE_SELF = 4  # remove the source from the game (from the discard pile, for example)


class Event(IntEnum):
    TURN_START = 0  # after the reactivation phase (time counters removed), before the draw
    END_PHASE = 1  # when the end phase begins
    ENTERS_PLAY = 2  # subject: the card (a crystal enters play when it is placed)
    LEAVES_PLAY = 3  # subject: the card, in its new zone
    DESTROYED = 4  # subject: the permanent destroyed, now in the discard pile
    DAMAGED = 5  # subject dealt damage (after prevention, more than 0); OTHER: the source; AMOUNT: the damage
    ATTACKS = 6  # an attack is declared; subject: the attacker; OTHER: the target
    MOVES = 7  # a move resolves; subject: the summon
    CAST = 8  # a card is cast (on the stack); subject: the card
    CRYSTAL_PLACED = 9  # subject: the crystal placed (also ENTERS_PLAY)


class Subject(IntEnum):
    """Whose event a trigger or what a continuous effect looks at."""

    THIS = 0  # the source itself
    FOCUSED = 1  # the permanent the source is focused on
    FILTER = 2  # any object matching the record's filter
    NOBODY = 3  # events without a subject (turn start, end phase)


class Turn(IntEnum):
    ANY = 0
    YOURS = 1
    OPPONENTS = 2


class Layer(IntEnum):
    """Continuous effects apply layer by layer, and in a layer in the order of their sources' instance numbers."""

    CONTROL = 1  # the source's controller controls the selected permanents
    PROPERTY = 2  # the selected summons have a property
    STAT = 3  # the selected summons get the amount added to a stat
    DAMAGE_TAKEN = 4  # each damage dealt to the selected summons is reduced by the amount


class CardFlag(IntEnum):
    HAS_PYTHON = 1  # some program calls the slow path


TYPE_CODES = {"life-base": 0, "summon": 1, "crystal": 2, "flux": 3, "catalyst": 4, "quest": 5}
"""Card type codes, as the core's ``CardType`` (quest follows catalyst)."""
CLASS_CODES = {"life-base": 1, "dragon": 2, "vessel": 3, "beast": 4, "army": 5, "berserker": 6}
"""Summon class codes, as the core's ``CardDef::summon_class``; a filter's class mask has bit ``1 << code``."""

# Record layouts: field names in order; every record of a table has exactly these words.
CARD_FIELDS = ("first_ability", "num_abilities", "first_continuous", "num_continuous", "focus_filter",
               "start_activation", "start_time", "start_charge", "flags")
ABILITY_FIELDS = ("kind", "card", "zone", "timing", "cost", "trigger", "first_mode", "num_modes",
                  "first_additional", "num_additional", "flags", "number")
MODE_FIELDS = ("program", "length", "num_targets", "target0", "target1", "target2", "target3")
ADDITIONAL_FIELDS = ("cost", "program", "length", "first_slot", "num_targets", "target0", "target1", "target2",
                     "target3")
FILTER_FIELDS = ("kind", "relation", "classes", "types", "zone", "flags", "stat", "stat_min", "stat_max", "card",
                 "dots")
COST_FIELDS = ("C", "B", "M", "R", "H", "flags", "discard", "counter_kind", "counter_count", "sacrifice")
TRIGGER_FIELDS = ("event", "subject", "filter", "turn", "condition", "condition_length")
CONTINUOUS_FIELDS = ("card", "layer", "subject", "filter", "what", "amount", "program", "length")

TABLES = {"cards": CARD_FIELDS, "abilities": ABILITY_FIELDS, "modes": MODE_FIELDS,
          "additionals": ADDITIONAL_FIELDS, "filters": FILTER_FIELDS, "costs": COST_FIELDS,
          "triggers": TRIGGER_FIELDS, "continuous": CONTINUOUS_FIELDS}
"""Every record table and its fields; ``len(fields)`` is the record width."""

STAT_MAX = 1 << 20  # a filter's stat_max when the filter sets no upper bound


@dataclass
class NativeEffects:
    """The compiled effects of a card set: one record per card definition index in ``cards`` (the card set's
    order), the other tables shared, and the code. ``python_effects[k]`` is the callable ``PYTHON k`` runs.

    Tables are lists of records (tuples of ints of the table's width); :meth:`arrays` gives them as int32 arrays of
    shape ``(records, width)`` for the core."""

    card_names: tuple[str, ...] = ()
    cards: list[tuple[int, ...]] = field(default_factory=list)
    abilities: list[tuple[int, ...]] = field(default_factory=list)
    modes: list[tuple[int, ...]] = field(default_factory=list)
    additionals: list[tuple[int, ...]] = field(default_factory=list)
    filters: list[tuple[int, ...]] = field(default_factory=list)
    costs: list[tuple[int, ...]] = field(default_factory=list)
    triggers: list[tuple[int, ...]] = field(default_factory=list)
    continuous: list[tuple[int, ...]] = field(default_factory=list)
    code: list[int] = field(default_factory=list)
    python_effects: list[Callable[..., Any]] = field(default_factory=list)

    def arrays(self) -> dict[str, np.ndarray]:
        """Every table as an int32 array of shape (records, width), and ``code`` as a flat int32 array."""
        out = {name: np.array(getattr(self, name), dtype=np.int32).reshape(-1, len(fields))
               for name, fields in TABLES.items()}
        out["code"] = np.array(self.code, dtype=np.int32)
        return out

    def record(self, table: str, index: int) -> dict[str, int]:
        """One record as a dict of its fields.

        >>> from tcbg.x610z.effects import compile_effects
        >>> from tcbg.x610z.cards import CardSet
        >>> native = compile_effects(CardSet.load("ruins"))
        >>> card = native.record("cards", native.card_names.index("Healing Elixir"))
        >>> native.record("abilities", card["first_ability"])["kind"] == AbilityKind.CAST
        True
        """
        return dict(zip(TABLES[table], getattr(self, table)[index]))

    def card_index(self, name: str) -> int:
        return self.card_names.index(name)

    def abilities_of(self, name: str) -> list[int]:
        """Ability indices of a card, in the order of its definition."""
        rec = self.record("cards", self.card_index(name))
        return list(range(rec["first_ability"], rec["first_ability"] + rec["num_abilities"]))

    def continuous_of(self, name: str) -> list[int]:
        rec = self.record("cards", self.card_index(name))
        return list(range(rec["first_continuous"], rec["first_continuous"] + rec["num_continuous"]))

    def program(self, offset: int, length: int) -> list[int]:
        """The code words of one program."""
        return self.code[offset * WIDTH:(offset + length) * WIDTH]

    def disassemble(self, name: str) -> str:
        """A card's compiled form as text: its abilities with their costs, targets and programs, and its
        continuous effects (the structural view tests and designers read)."""
        return _disassemble_card(self, name)


def _operand_text(op: Op, words: Sequence[int], filt: Callable[[int], str]) -> str:
    a, b, c = words
    r = lambda n: f"r{n}"  # noqa: E731
    if op in (Op.END,):
        return ""
    if op in (Op.RETURN, Op.DESTROY, Op.SACRIFICE, Op.DISCARD, Op.SHUFFLE, Op.TO_HAND, Op.REMOVE, Op.CANCEL,
              Op.ACTIVATE, Op.REACTIVATE, Op.ATTACH, Op.WIN):
        return r(a)
    if op == Op.SET:
        return f"{r(a)}, {b}"
    if op in (Op.NOT, Op.HEAL, Op.DRAW, Op.PLACE, Op.MOVE, Op.ASK):
        return f"{r(a)}, {r(b)}"
    if op in (Op.ADD, Op.SUB, Op.MUL, Op.MIN, Op.MAX, Op.LE, Op.EQ, Op.DAMAGE, Op.CHOOSE_MOVE, Op.PRODUCE):
        return f"{r(a)}, {r(b)}, {r(c)}"
    if op == Op.JUMP:
        return f"@{a}"
    if op == Op.JZ:
        return f"{r(a)}, @{b}"
    if op == Op.CTX:
        return f"{r(a)}, {Ctx(b).name}"
    if op == Op.GET:
        return f"{r(a)}, {r(b)}, {Prop(c).name}"
    if op == Op.COUNT:
        return f"{r(a)}, {filt(b)}"
    if op == Op.NEXT:
        return f"{r(a)}, {filt(b)}, @{c}"
    if op == Op.MATCH:
        return f"{r(a)}, {r(b)}, {filt(c)}"
    if op == Op.CHOOSE:
        flags = [f.name for f in Choose if (c >> 8) & f]
        return f"{r(a)}, {filt(b)}, {r(c & 0xFF)}" + "".join(f", {f}" for f in flags)
    if op == Op.CHOOSE_DOT:
        return f"{r(a)}, {filt(b)}, {r(c)}"
    if op in (Op.PREVENT, Op.REDUCE, Op.REDIRECT, Op.CONTROL):
        return f"{r(a)}, {r(b)}, {Duration(c).name}"
    if op == Op.MODIFY:
        return f"{r(a)}, {r(b)}, {Prop(c & 0xFF).name}, {Duration(c >> 8).name}"
    if op == Op.GRANT:
        return f"{r(a)}, {Property(b).name}, {Duration(c).name}"
    if op == Op.COUNTERS:
        return f"{r(a)}, {Counter(b).name}, {r(c)}"
    if op == Op.PYTHON:
        return f"{a}"
    return f"{a}, {b}, {c}"


def disassemble_code(words: Sequence[int], native: NativeEffects | None = None) -> str:
    """Instructions as text, one per line, numbered from 0 (the numbers jumps use). Filters show as ``fN``, or
    written out as ``[...]`` when ``native`` is given."""
    filt = (lambda i: f"[{filter_text(native, i)}]") if native is not None else (lambda i: f"f{i}")
    lines = []
    for i in range(0, len(words), WIDTH):
        op = Op(words[i])
        operands = _operand_text(op, words[i + 1:i + WIDTH], filt)
        lines.append(f"{i // WIDTH}: {op.name}" + (f" {operands}" if operands else ""))
    return "\n".join(lines)


def filter_text(native: NativeEffects, index: int) -> str:
    """A filter record as text, only the fields it sets."""
    rec = native.record("filters", index)
    parts = [Kind(rec["kind"]).name]
    if rec["relation"]:
        parts.append(Relation(rec["relation"]).name)
    if rec["classes"]:
        parts.append("classes=" + "|".join(n for n, code in CLASS_CODES.items() if rec["classes"] >> code & 1))
    if rec["types"]:
        if rec["kind"] == Kind.STACK_ITEM:
            parts.append("items=" + "|".join(k.name for k in StackKind if rec["types"] & k))
        else:
            parts.append("types=" + "|".join(n for n, code in TYPE_CODES.items() if rec["types"] >> code & 1))
    if rec["kind"] == Kind.CARD:
        parts.append(f"zone={Zone(rec['zone']).name}")
    if rec["flags"]:
        parts.append("|".join(f.name for f in FilterFlag if rec["flags"] & f))
    if rec["stat"] != NONE:
        parts.append(f"{rec['stat_min']}<={Prop(rec['stat']).name}" +
                     (f"<={rec['stat_max']}" if rec["stat_max"] != STAT_MAX else ""))
    if rec["card"] != NONE:
        parts.append(f"card={native.card_names[rec['card']]!r}")
    if rec["dots"]:
        parts.append("dots=" + "|".join(k.name for k in DotKind if rec["dots"] & k))
    return " ".join(parts)


def cost_text(native: NativeEffects, index: int) -> str:
    if index == NONE:
        return "-"
    rec = native.record("costs", index)
    parts = ["R"] if rec["flags"] & CostFlag.ACTIVATE_SELF else []
    parts += [f"{letter}{rec[letter]}" for letter in "CBMRH" if rec[letter]]
    if rec["flags"] & CostFlag.SACRIFICE_SELF:
        parts.append("sacrifice this")
    if rec["flags"] & CostFlag.REMOVE_SELF:
        parts.append("remove this from the game")
    if rec["discard"]:
        parts.append(f"discard {rec['discard']}")
    if rec["counter_count"]:
        parts.append(f"remove {rec['counter_count']} {Counter(rec['counter_kind']).name.lower()} counters")
    if rec["sacrifice"] != NONE:
        parts.append(f"sacrifice [{filter_text(native, rec['sacrifice'])}]")
    return " ".join(parts) or "free"


def _targets_text(native: NativeEffects, first_slot: int, filters: Sequence[int]) -> str:
    return "; ".join(f"t{first_slot + i}=[{filter_text(native, f)}]" for i, f in enumerate(filters))


def _program_text(native: NativeEffects, offset: int, length: int, indent: str) -> str:
    code = disassemble_code(native.program(offset, length), native)
    return "\n".join(indent + line for line in code.splitlines())


def _disassemble_card(native: NativeEffects, name: str) -> str:
    rec = native.record("cards", native.card_index(name))
    lines = [name]
    if rec["focus_filter"] != NONE:
        lines.append(f"  focus [{filter_text(native, rec['focus_filter'])}]")
    for kind, key in (("activation", "start_activation"), ("time", "start_time"), ("charge", "start_charge")):
        if rec[key]:
            lines.append(f"  enters play with {rec[key]} {kind} counters")
    for a in native.abilities_of(name):
        ab = native.record("abilities", a)
        head = (f"  ability {ab['number']} {AbilityKind(ab['kind']).name} zone={Zone(ab['zone']).name} "
                f"timing={Timing(ab['timing']).name} cost={cost_text(native, ab['cost'])}")
        if ab["flags"] & AbilityFlag.OPTIONAL:
            head += " optional"
        lines.append(head)
        if ab["trigger"] != NONE:
            tr = native.record("triggers", ab["trigger"])
            subject = Subject(tr["subject"]).name
            if tr["subject"] == Subject.FILTER:
                subject = f"[{filter_text(native, tr['filter'])}]"
            lines.append(f"    when {Event(tr['event']).name} of {subject}, turn {Turn(tr['turn']).name}")
            if tr["condition_length"]:
                lines.append("    if:")
                lines.append(_program_text(native, tr["condition"], tr["condition_length"], "      "))
        for m in range(ab["first_mode"], ab["first_mode"] + ab["num_modes"]):
            mode = native.record("modes", m)
            targets = [mode[f"target{i}"] for i in range(mode["num_targets"])]
            label = f"mode {m - ab['first_mode']}" if ab["num_modes"] > 1 else "does"
            lines.append(f"    {label}: {_targets_text(native, 0, targets)}".rstrip(": ") + ":" if targets
                         else f"    {label}:")
            lines.append(_program_text(native, mode["program"], mode["length"], "      "))
        for x in range(ab["first_additional"], ab["first_additional"] + ab["num_additional"]):
            add = native.record("additionals", x)
            targets = [add[f"target{i}"] for i in range(add["num_targets"])]
            lines.append(f"    additional (cost {cost_text(native, add['cost'])}) "
                         f"{_targets_text(native, add['first_slot'], targets)}".rstrip() + ":")
            lines.append(_program_text(native, add["program"], add["length"], "      "))
    for c in native.continuous_of(name):
        ce = native.record("continuous", c)
        subject = Subject(ce["subject"]).name
        if ce["subject"] == Subject.FILTER:
            subject = f"[{filter_text(native, ce['filter'])}]"
        layer = Layer(ce["layer"])
        what = (Prop(ce["what"]).name if layer == Layer.STAT else Property(ce["what"]).name
                if layer == Layer.PROPERTY else "")
        amount = "program" if ce["length"] else str(ce["amount"])
        lines.append("  continuous " + " ".join(part for part in (layer.name, subject, what, amount) if part))
        if ce["length"]:
            lines.append(_program_text(native, ce["program"], ce["length"], "    "))
    return "\n".join(lines)
