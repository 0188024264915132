"""The native form of Z/X card abilities (docs/zx/cards.md "Native form"): the numbers of
``cpp/include/tcbg/zx/effects.hpp``, the core's enums extended with Z/X's own (``tcbg.effects.native.extend``),
the record layouts of the filter and ability tables, and the disassembler.

>>> from tcbg.effects.native import CoreOp
>>> int(Op.DAMAGE), Op.CHOOSE == CoreOp.CHOOSE, int(Ctx.OPPONENT)
(32, True, 6)
"""

from __future__ import annotations

from enum import IntEnum, IntFlag

from tcbg.effects.native import CoreKind, CoreOp, Disassembler, extend
from tcbg.effects.native import Ctx as CoreCtx

Op = extend("Op", CoreOp, {
    "DAMAGE": 32, "POWER": 33, "DESTROY": 34, "TO_HAND": 35, "MOVE": 36, "TO_TRASH": 37, "DRAW": 38, "TO_DECK": 39,
    "SHUFFLE": 40, "TOP_TO_CHARGE": 41, "TOP_TO_RESOURCE": 42, "TO_RESOURCE": 43, "RECOVER": 44, "NO_DAMAGE": 45,
    "SLEEP": 56, "REBOOT": 57, "PLAYER_DAMAGE": 58, "MILL": 59, "TO_BOTTOM": 60, "TO_CHARGE": 61, "TO_LIFE": 62,
    "PAY": 63, "TOP_TO_BOTTOM": 64, "SINK": 65,
    "PLACE": 46, "SWAP": 47, "REMOVE": 48,
    "GRANT": 81, "FREEZE": 82, "COST": 70, "NO_BATTLE_DAMAGE": 71,
    "REMEMBER": 86, "PLAYER_DAMAGE_UP": 87,
    "DIV": 90,
}, __name__)
"""Z/X's opcodes: the core's (effects.hpp) and Z/X's instructions from 32 (zx/effects.hpp ``Op``)."""

Ctx = extend("Ctx", CoreCtx, {"OPPONENT": 6, "IGNITION_PHASE": 7, "EVENT_CAUSE": 10, "EVENT_FROM": 12}, __name__)
"""What ``CTX`` reads: the core's codes, then the controller's opponent, "the turn is in its Ignition phase", the
card whose ability destroys and the zone an appearing Z/X came from (the last two in at-event conditions)."""

Kind = extend("Kind", CoreKind, {"ZX": 1, "CARD": 2, "SQUARE": 3}, __name__)
"""What a filter or register holds: a player, a Z/X on a Square, a card in a zone, a Square."""


class Prop(IntEnum):
    """``GET`` property codes (zx/effects.hpp ``Prop``)."""

    POWER = 32
    COST = 33
    HAND = 34
    LIFE = 35
    RESOURCE = 36
    CHARGE = 37
    DECK = 38
    TRASH = 39
    PLAYER_CARD = 40  # the card index of the player's Player card in the game's card table, -1 none
    SQUARE = 41
    OWNER = 42
    TOP_CARD = 50  # of a player: the card on top of their deck, -1 none
    SLEEPING = 51  # of a card: 1 Sleeping (a Z/X on a Square, a Resource card), else 0
    PLAYER_CARD_NAME = 43  # the first card of the table with the name of the player's Player card: every printing
    PLAYER_SQUARE_ZX = 47  # of a player: the Z/X on their Player Square, -1 none


class Flag(IntFlag):
    """Filter flags (zx/effects.hpp ``FilterFlag``)."""

    NORMAL_SQUARE = 1 << 0
    PLAYER_SQUARE = 1 << 1
    IN_BATTLE = 1 << 2
    NOT_IN_BATTLE = 1 << 3
    ATTACKING = 1 << 4
    ATTACKED = 1 << 5
    ARMY_AREA = 1 << 6
    EMPTY = 1 << 7
    ADJACENT = 1 << 8
    NOT_SELF = 1 << 9
    HIGHEST_POWER = 1 << 10
    ODD_COST = 1 << 11
    NOT_ENEMY_PLAYER_SQUARE = 1 << 12
    CHOOSABLE = 1 << 13  # no Isolate (every CHOOSE applies it; a filter may ask for it elsewhere)
    SELF_ONLY = 1 << 14
    TOP_OF_DECK = 1 << 25  # a deck card among the top R[anchor] of its deck (what an effect looks at)
    NOT_CHOSEN = 1 << 26  # not held in registers anchor..r15 (a choice of several: each card once)
    BY_POSITION = 1 << 27  # a face-down Life card of one player, chosen by its position (a hidden pick)
    FROM_ANCHOR_SQUARE = 1 << 28  # on the anchor Z/X's Square or a later one: a division's order (rules.md Z15.300)
    EVOL_SEED_ICON = 1 << 15
    IGNITION_ICON = 1 << 16
    DAMAGED = 1 << 17
    APPEARED_THIS_TURN = 1 << 18
    NOT_PLAYER_SQUARE = 1 << 19
    YOUR_ARMY_AREA = 1 << 20  # in the Army Area of the effect's controller, whoever controls the Z/X
    LEGAL_FOR = 1 << 21  # a Square the card in the anchor register may be put or moved onto (rules.md Z15.120)
    NOT_ANCHOR = 1 << 22  # a Z/X other than the one in the anchor register
    REMOVED_BY_SOURCE = 1 << 23  # a card removed from the game by the source's ability (rules.md Z15.131)
    NOT_NAME = 1 << 24  # the filter's name excludes: a card of any other name ("other than 「X」")
    REMEMBERED_BY_SOURCE = 1 << 29  # a card the source's ability remembers, still where it put it (Z15.320)
    CENTER_AREA = 1 << 30  # on (or being) a Square of the Center Area: the triangle mark (rules.md Z15.220)


class AbilityKind(IntEnum):
    AUTO = 0
    CONTINUOUS_POWER = 1
    CONTINUOUS_IGNITION = 2
    STARTUP = 3
    EVENT = 4
    REPLACE_DESTROY = 5
    CONTINUOUS_CHARGE_LIMIT = 6
    CONTINUOUS_PLAY_FROM = 12  # cards of a zone playable from there (rules.md Z15.130)
    CONTINUOUS_COST = 19  # the Cost of the cards matching the filter changes (rules.md Z15.224)
    PLAY_CONDITION = 20  # the card may be played only while the condition holds (rules.md Z15.225)
    CONTINUOUS_COLOUR = 21  # this card is of `colours` where its card filter matches it (rules.md Z15.342)
    CONTINUOUS_KEYWORD = 13  # the Z/X of the filter have a keyword (event: KEYWORDS)
    RESTRICTION = 14  # what the rules forbid (event: RESTRICTIONS)
    GRANT = 15  # the Z/X of the filter have the ability of the next record (zone GRANTED)
    REPLACE_DESTROY_TO_HAND = 16  # "if this card would be destroyed, return it to your hand instead" (B05-030)
    CONTINUOUS_DAMAGE = 17  # damage dealt by the filter's cards to a Z/X the condition accepts: plus the amount
    PREVENT_DAMAGE = 18  # this card is not dealt any single damage of the amount or less
    DELAYED = 23  # "at the end of the turn": the program waits while cards this card remembered are still there


class Event(IntEnum):
    """What an automatic ability waits for (zx/effects.hpp ``Event``)."""

    APPEARS = 0
    ATTACKS = 1
    IS_ATTACKED = 2
    DESTROYS_BY_BATTLE = 3
    DAMAGES_IN_BATTLE = 4
    DESTROYED = 5
    BATTLE_ENDS = 6
    TURN_STARTS = 7
    TURN_ENDS = 8
    PUT_INTO_RESOURCE = 9
    EVOL_SEED = 10
    LIFE_DECREASES = 11
    MOVED = 12  # a Z/X put by an effect from its Square onto another Square (a move, an exchange)
    EVENT_PLAYED = 13  # an Event played, as it starts to resolve (its watchers resolve after it)
    DRAWS = 14  # a player draws cards; EVENT_AMOUNT the cards drawn (rules.md Z15.188)


class CostFlag(IntFlag):
    SELF_CHARGE_TO_TRASH = 1
    SLEEP_SELF = 2
    DESTROY_SELF = 4
    ONCE_PER_TURN = 8  # "this ability can be used only once per turn"


COST_ZX_SHIFT = 8  # cost flags bits 8-11: how many Z/X the cost_zx Sleeps, less one (zx/effects.hpp kCostZXShift)
COST_ZX_MAX = 16


KEYWORDS = {"range-2": 0, "range-infinity": 1, "isolate": 2}  # zx/effects.hpp GrantedKeyword
RESTRICTIONS = {"appear_on_player_square": 0, "be_dealt_damage": 1, "attack": 2}  # zx/effects.hpp Restriction
STARTUP_ZONES = {"square": 0, "charge": 1, "hand": 2, "resource": 3}  # zx/effects.hpp AbilityZone
GRANTED = 4  # AbilityZone kGranted: an ability a GRANT record gives, never its own card's
TURNS = {"any": 0, "yours": 1, "opponents": 2}
WHOSE = {"any": 0, "yours": 1, "opponents": 2}
ZONES = {"deck": 1, "hand": 2, "life": 3, "charge": 4, "trash": 5, "resource": 6, "removed": 10,  # game.hpp Zone
         "resolving": 9, "any": 0}
COLOURS = {"red": 1, "blue": 2, "white": 4, "black": 8, "green": 16}
CARD_TYPES = {"zx": 0, "event": 1}
FILTER_FIELDS = ("kind", "whose", "zone", "flags", "cost_min", "cost_max", "power_min", "power_max", "race",
                 "anchor", "either", "type", "name", "colours", "near", "distinct", "target")
NO_NAME, NAME_ABSENT = -1, -2  # a filter's name: any; a name no card of the game's table has (never matches)
DISTINCT = {None: 0, "names": 1, "races": 2, "colours": 3}  # what COUNT counts: objects, distinct names, races, colours
ABILITY_FIELDS = ("def", "kind", "event", "turn", "code", "length", "cond", "cond_length", "filter", "colour_n",
                  "colours", "charge_n", "cost_flags", "zone", "discard_n", "cost_zx")


class ZXDisassembler(Disassembler):
    """Z/X programs as text: the core's instructions and Z/X's.

    >>> print(ZXDisassembler().code([Op.CTX, 4, Ctx.OPPONENT, 0, Op.SET, 5, 2, 0, Op.DRAW, 4, 5, 0, Op.END, 0, 0, 0]))
    0: CTX r4, OPPONENT
    1: SET r5, 2
    2: DRAW r4, r5
    3: END
    """

    ops = Op
    contexts = Ctx
    properties = Prop

    def game_operands(self, op, a, b, c, filt) -> str:
        if op == Op.PAY:
            colours = "/".join(k for k, v in COLOURS.items() if (c >> 8) & v) or "any colour"
            return f"r{a}, r{b}, {c & 0xFF} ({colours})"
        if op in (Op.SLEEP, Op.REBOOT, Op.TO_BOTTOM, Op.TO_CHARGE, Op.TO_LIFE):
            return f"r{a}"
        if op == Op.REMEMBER:
            return f"r{a}, " + {7: "on a Square", 6: "in the Resource"}.get(b, str(b))
        if op == Op.PLAYER_DAMAGE_UP:
            return f"r{a}, r{b}, until end of turn"
        if op in (Op.TOP_TO_RESOURCE, Op.TO_RESOURCE):
            return f"r{a}" + (", sleeping" if b else "")
        if op == Op.GRANT:
            return f"r{a}, " + next((k for k, v in KEYWORDS.items() if v == b), str(b)) + ", until end of turn"
        if op in (Op.DESTROY, Op.TO_HAND, Op.TO_TRASH, Op.TO_DECK, Op.SHUFFLE, Op.NO_DAMAGE, Op.REMOVE, Op.FREEZE,
                  Op.NO_BATTLE_DAMAGE):
            return f"r{a}"
        if op == Op.PLACE:
            return f"r{a}, r{b}" + (", sleeping" if c else "")
        if op == Op.DIV:
            return f"r{a}, r{b}, r{c}"
        if op in (Op.POWER, Op.COST):
            return f"r{a}, r{b}, until end of turn"
        return f"r{a}, r{b}"
