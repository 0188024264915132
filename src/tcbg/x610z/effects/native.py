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

from tcbg.effects.native import (  # noqa: F401 - the shared constants X610Z's modules read from here
    FIRST_GAME_CHANGING_OP, MAX_AMOUNT, MAX_PROGRAM, NONE, REGISTERS, TARGET_SLOTS, WIDTH, CoreKind, CoreOp,
    Disassembler, Duration, extend, register,
)
from tcbg.effects.native import Choose as CoreChoose
from tcbg.effects.native import Ctx as CoreCtx
from tcbg.effects.tables import NativeTables

FORMAT = "tcbg-effects/1"

# X610Z's instructions, in the codes the core leaves free (tcbg.effects.native.CoreOp has the others: END ... ASK,
# PYTHON = 31). ``r``, ``s``, ``t`` are register numbers; below 32 the choices, from 32 on what changes the game:
#   CHOOSE_DOT r, filter, s: the controller chooses a dot matching the filter where summon R[s] may stand
#   CHOOSE_MOVE r, s, t: the controller chooses a move of summon R[s] with speed R[t] (a path key)
#   DAMAGE r, s, t: deal R[s] damage to summon R[r]; R[t] is its source (NONE: no source)
#   HEAL r, s: remove up to R[s] damage from summon R[r]
#   PREVENT r, s, duration: prevent the next R[s] damage to summon R[r]
#   REDUCE r, s, duration: each damage dealt to summon R[r] is reduced by R[s]
#   REDIRECT r, s, duration: the next damage to summon R[r] is dealt to summon R[s] instead
#   DESTROY r: destroy permanent R[r];  SACRIFICE r: its controller sacrifices permanent R[r]
#   DISCARD r: card R[r] goes from its owner's hand to their discard pile
#   DRAW r, s: player R[r] draws R[s] cards;  SHUFFLE r: player R[r] shuffles their deck
#   TO_HAND r: card R[r] (in play, deck, discard or removed) goes to its owner's hand;  REMOVE r: removed from game
#   PLACE r, s: summon or summon card R[r] is placed on dot R[s] (from a zone: it enters play)
#   MOVE r, s: summon R[r] moves along the path of key R[s] (from CHOOSE_MOVE)
#   CONTROL r, s, duration: player R[s] gains control of permanent R[r]
#   PRODUCE r, s, t: player R[r] adds R[t] energy of type R[s] (Energy) to their pool
#   MODIFY r, s, stat + (duration << 8): summon R[r] gets R[s] added to stat (Prop) for the duration
#   GRANT r, property, duration: summon R[r] has the property (Property bit) for the duration
#   COUNTERS r, kind, s: put R[s] counters of kind (Counter) on permanent R[r] (negative: remove)
#   CANCEL r: the stack item of serial R[r] is canceled
#   ACTIVATE r: permanent R[r] is put into its activated state without using its effect;  REACTIVATE r
#   ATTACH r: the source (a catalyst with focus) is focused on permanent R[r]
#   WIN r: player R[r]'s team wins the game
Op = extend("Op", CoreOp, {
    "CHOOSE_DOT": 19, "CHOOSE_MOVE": 20, "DAMAGE": 32, "HEAL": 33, "PREVENT": 34, "REDUCE": 35, "REDIRECT": 36,
    "DESTROY": 37, "SACRIFICE": 38, "DISCARD": 39, "DRAW": 40, "SHUFFLE": 41, "TO_HAND": 42, "REMOVE": 43,
    "PLACE": 44, "MOVE": 45, "CONTROL": 46, "PRODUCE": 47, "MODIFY": 48, "GRANT": 49, "COUNTERS": 50, "CANCEL": 51,
    "ACTIVATE": 52, "REACTIVATE": 53, "ATTACH": 54, "WIN": 55,
}, __name__)
Op.__doc__ = """X610Z's opcodes: the core's (CoreOp) and X610Z's own (the comment above, docs/cards.md)."""
Ctx = extend("Ctx", CoreCtx, {"FOCUSED": 6}, __name__)  # FOCUSED: the permanent the source is focused on
Ctx.__doc__ = """What ``CTX`` reads: the core's contexts and FOCUSED, the permanent the source is focused on."""
# What a filter selects: PLAYER (the core's), SUMMON (any summon in play, life bases included), NLB_SUMMON (not a life
# base), LIFE_BASE, CRYSTAL (an energy crystal in play), CATALYST, QUEST, PERMANENT (any card in play), CARD (a card
# in a zone, by owner), DOT, STACK_ITEM (an action on the stack, named by its serial number).
Kind = extend("Kind", CoreKind, {"SUMMON": 1, "NLB_SUMMON": 2, "LIFE_BASE": 3, "CRYSTAL": 4, "CATALYST": 5,
                                 "QUEST": 6, "PERMANENT": 7, "CARD": 8, "DOT": 9, "STACK_ITEM": 10}, __name__)
Kind.__doc__ = """What a filter selects."""
Choose = extend("Choose", CoreChoose, {"SEARCH": 4}, __name__)  # a deck search: sees the whole deck, may find nothing
Choose.__doc__ = """Flags of ``CHOOSE`` (bits 8 and up of operand c): the core's and SEARCH."""


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
class NativeEffects(NativeTables):
    """The compiled effects of a card set: one record per card definition index in ``cards`` (the card set's
    order), the other tables shared, and the code. ``python_effects[k]`` is the callable ``PYTHON k`` runs.

    Tables are lists of records (tuples of ints of the table's width); :meth:`arrays` gives them as int32 arrays of
    shape ``(records, width)`` for the core, and :meth:`record` one record as a dict:

    >>> from tcbg.x610z.effects import compile_effects
    >>> from tcbg.x610z.cards import CardSet
    >>> native = compile_effects(CardSet.load("ruins"))
    >>> card = native.record("cards", native.card_names.index("Healing Elixir"))
    >>> native.record("abilities", card["first_ability"])["kind"] == AbilityKind.CAST
    True
    """

    TABLES = TABLES
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

    def abilities_of(self, name: str) -> list[int]:
        """Ability indices of a card, in the order of its definition."""
        rec = self.record("cards", self.card_index(name))
        return list(range(rec["first_ability"], rec["first_ability"] + rec["num_abilities"]))

    def continuous_of(self, name: str) -> list[int]:
        rec = self.record("cards", self.card_index(name))
        return list(range(rec["first_continuous"], rec["first_continuous"] + rec["num_continuous"]))

    def disassemble(self, name: str) -> str:
        """A card's compiled form as text: its abilities with their costs, targets and programs, and its
        continuous effects (the structural view tests and designers read)."""
        return _disassemble_card(self, name)


class _Disassembler(Disassembler):
    """X610Z's instructions as text: the core's, and X610Z's own operands."""

    ops = Op
    contexts = Ctx
    properties = Prop
    choose_flags = Choose

    def game_operands(self, op: int, a: int, b: int, c: int, filt: Callable[[int], str]) -> str:
        r = register
        if op in (Op.DESTROY, Op.SACRIFICE, Op.DISCARD, Op.SHUFFLE, Op.TO_HAND, Op.REMOVE, Op.CANCEL, Op.ACTIVATE,
                  Op.REACTIVATE, Op.ATTACH, Op.WIN):
            return r(a)
        if op in (Op.HEAL, Op.DRAW, Op.PLACE, Op.MOVE):
            return f"{r(a)}, {r(b)}"
        if op in (Op.DAMAGE, Op.CHOOSE_MOVE, Op.PRODUCE):
            return f"{r(a)}, {r(b)}, {r(c)}"
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
        return super().game_operands(op, a, b, c, filt)


def disassemble_code(words: Sequence[int], native: NativeEffects | None = None) -> str:
    """Instructions as text, one per line, numbered from 0 (the numbers jumps use). Filters show as ``fN``, or
    written out as ``[...]`` when ``native`` is given."""
    filt = (lambda i: f"[{filter_text(native, i)}]") if native is not None else None
    return _Disassembler().code(words, filt)


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
