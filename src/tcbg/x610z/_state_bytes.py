"""The core's binary state (tag ``X6S4``, docs/state-format.md) as plain Python records, read and written field by
field. The layout is the one of ``cpp/src/x610z/state_io.cpp``; the core stays the judge of what is valid
(the core state built from bytes, ``game.deserialize_state``), this module only moves fields in and out.

>>> raw = RawState(players=[RawPlayer()], cards=[RawCard()], num_dots=4)
>>> decode(encode(raw)) == raw
True
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

MAGIC = b"X6S4"

# Enumerations in the core's order (cpp/include/tcbg/x610z/game.hpp).
PHASES = ("mulligan", "action", "end", "cleanup", "over")
ZONES = ("deck", "hand", "play", "discard", "removed", "stack")
OUTCOMES = ("playing", "won", "lost", "drawn")
END_REASONS = (None, "escape", "destruction", "depletion", "capitulation", "turn limit", "alternative victory")
PENDING = (None, "move", "attack", "placement", "announce", "resolve", "trigger")
STACK_KINDS = ("cast", "move", "attack", "ability")
RECORD_BITS = {"drawn": 1, "cast": 2}  # CardInstance::record
ENERGY_LETTERS = "CBMRH"  # the core's order of an energy pool


@dataclass
class RawStackItem:
    kind: int = 0
    controller: int = 0
    instance: int = 0
    key: int = 0
    serial: int = 0  # unique in a game (what card effects name)
    ability: int = -1  # the ability a card being cast runs (tcbg-effects/1 index), -1 none
    mode: int = 0
    additional: int = 0  # a bit per additional effect used
    targets: list[int] = field(default_factory=lambda: [-1, -1, -1, -1])
    subject: int = -1  # a triggered ability's event: subject, other object, amount
    other: int = -1
    amount: int = 0
    triggered: int = 0


@dataclass
class RawWaiting:
    """A triggered ability waiting for the next priority (rules.md 6.9)."""

    ability: int = 0
    source: int = 0
    controller: int = 0
    subject: int = -1
    other: int = -1
    amount: int = 0


@dataclass
class RawResolution:
    """A resolution in progress: its item, part, pc and registers (docs/cards.md, "Running a program")."""

    item: RawStackItem = field(default_factory=RawStackItem)
    part: int = 0
    pc: int = 0
    regs: list[int] = field(default_factory=lambda: [0] * 16)


@dataclass
class RawCard:
    definition: int = 0
    owner: int = 0
    controller: int = 0
    zone: int = 0
    activated: bool = False
    damage: int = 0
    dot: int = -1
    moved: bool = False
    attacked: bool = False
    heading: int = -1  # 0..7 arrived by that slot of its dot, 8..15 left by slot heading - 8, -1 none
    record: int = 0
    modifier: list[int] = field(default_factory=lambda: [0] * 5)  # stat changes until end of turn
    lasting: list[int] = field(default_factory=lambda: [0] * 5)  # stat changes while in play
    granted: int = 0  # property bits until end of turn (docs/cards.md, Property)
    granted_lasting: int = 0  # property bits while in play
    paid_used: int = 0  # bit k: paid ability number k used since its controller's turn began
    focus: int = -1  # a focused catalyst: the permanent it is attached to
    counters: list[int] = field(default_factory=lambda: [0] * 3)  # activation, time, charge
    shield: int = 0  # damage still to prevent this turn
    control_return: int = -1  # control until end of turn: the player it returns to
    redirect: int = -1  # the next damage to it this turn goes to this card instance


@dataclass
class RawLasting:
    """A lasting effect (damage reduction, or an effect lasting while its source is in play; rules.md 6.17)."""

    op: int = 35  # REDUCE, MODIFY, GRANT or CONTROL (docs/cards.md opcodes)
    duration: int = 0
    target: int = 0
    source: int = 0
    what: int = 0  # MODIFY: the stat; GRANT: property bits; CONTROL: the player control goes back to
    amount: int = 0


@dataclass
class RawPlayer:
    deck: list[int] = field(default_factory=list)  # the top card last, as the core keeps it
    hand: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=lambda: [0] * 5)
    crystal_placed: bool = False
    kept: bool = False
    murphy: int = 0
    outcome: int = 0
    reason: int = 0


@dataclass
class RawState:
    players: list[RawPlayer]
    cards: list[RawCard]
    num_dots: int
    seed: int = 0
    counter: int = 0
    turn: int = 0
    phase: int = 0
    first_player: int = 0
    active: int = 0
    priority: int = 0
    passes: int = 0
    end_reason: int = 0
    pending: int = 0
    pending_instance: int = 0
    stack: list[RawStackItem] = field(default_factory=list)
    next_serial: int = 0
    announce_stage: int = 0
    resolution: RawResolution | None = None
    priority_due: int = 0
    waiting: list[RawWaiting] = field(default_factory=list)
    lasting: list[RawLasting] = field(default_factory=list)
    cost_due: int = 0  # costs still to choose while announcing: bits 0-2 discards, bit 3 a sacrifice, 4-7 whose cost


_ITEM = "<BBHHHHBB4HHHHB"
_WAITING = "<HHBHHH"
_CARD = "<HBBBBBHBBBB5b5bBBBH3BBBH"
_LASTING = "<BBHHBb"


def _item(it: RawStackItem) -> bytes:
    return struct.pack(_ITEM, it.kind, it.controller, it.instance, it.key, it.serial, it.ability + 1, it.mode,
                       it.additional, *(t + 1 for t in it.targets), it.subject + 1, it.other + 1, it.amount,
                       it.triggered)


def _read_item(values: tuple) -> RawStackItem:
    kind, controller, instance, key, serial, ability, mode, additional, *rest = values
    *targets, subject, other, amount, triggered = rest
    return RawStackItem(kind, controller, instance, key, serial, ability - 1, mode, additional,
                        [t - 1 for t in targets], subject - 1, other - 1, amount, triggered)


def encode(raw: RawState) -> bytes:
    """The core's bytes for ``raw``. Values must fit their fields (struct raises otherwise; callers check first)."""
    out = [MAGIC, struct.pack("<BHH", len(raw.players), len(raw.cards), raw.num_dots),
           struct.pack("<QQHBBBBBBBH", raw.seed, raw.counter, raw.turn, raw.phase, raw.first_player, raw.active,
                       raw.priority, raw.passes, raw.end_reason, raw.pending, raw.pending_instance),
           struct.pack("<HBB", raw.next_serial, raw.announce_stage, raw.resolution is not None)]
    if raw.resolution is not None:
        out.append(_item(raw.resolution.item))
        out.append(struct.pack("<BH16i", raw.resolution.part, raw.resolution.pc, *raw.resolution.regs))
    out.append(struct.pack("<B", len(raw.stack)))
    out += [_item(it) for it in raw.stack]
    out.append(struct.pack("<BB", raw.priority_due, len(raw.waiting)))
    out += [struct.pack(_WAITING, w.ability, w.source, w.controller, w.subject + 1, w.other + 1, w.amount)
            for w in raw.waiting]
    out += [struct.pack(_CARD, c.definition, c.owner, c.controller, c.zone, c.activated, c.damage, c.dot + 1,
                        c.moved, c.attacked, c.heading + 1, c.record, *c.modifier, *c.lasting, c.granted,
                        c.granted_lasting, c.paid_used, c.focus + 1, *c.counters, c.shield, c.control_return + 1,
                        c.redirect + 1) for c in raw.cards]
    for p in raw.players:
        out.append(struct.pack(f"<B{len(p.deck)}H", len(p.deck), *p.deck))
        out.append(struct.pack(f"<B{len(p.hand)}H", len(p.hand), *p.hand))
        out.append(struct.pack("<5HBBBBB", *p.pool, p.crystal_placed, p.kept, p.murphy, p.outcome, p.reason))
    out.append(struct.pack("<B", len(raw.lasting)))
    out += [struct.pack(_LASTING, e.op, e.duration, e.target, e.source, e.what, e.amount) for e in raw.lasting]
    out.append(struct.pack("<H", raw.cost_due))
    return b"".join(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def take(self, fmt: str) -> tuple:
        size = struct.calcsize(fmt)
        if self.pos + size > len(self.data):
            raise ValueError("the state's bytes end early")
        values = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += size
        return values


def decode(data: bytes) -> RawState:
    """The records of bytes the core wrote (``State.serialize`` of the core). Raises ValueError on bytes that are
    not a whole X6S4 state; it does not judge the values (the core does, when it reads them)."""
    r = _Reader(data)
    if r.take("<4s")[0] != MAGIC:
        raise ValueError("not a tcbg X610Z state")
    num_players, num_cards, num_dots = r.take("<BHH")
    (seed, counter, turn, phase, first, active, priority, passes, end_reason, pending,
     pending_instance) = r.take("<QQHBBBBBBBH")
    next_serial, announce_stage, resolving = r.take("<HBB")
    resolution = None
    if resolving:
        item = _read_item(r.take(_ITEM))
        part, pc, *regs = r.take("<BH16i")
        resolution = RawResolution(item, part, pc, list(regs))
    stack = [_read_item(r.take(_ITEM)) for _ in range(r.take("<B")[0])]
    priority_due, num_waiting = r.take("<BB")
    waiting = []
    for _ in range(num_waiting):
        ability, source, controller, subject, other, amount = r.take(_WAITING)
        waiting.append(RawWaiting(ability, source, controller, subject - 1, other - 1, amount))
    cards = []
    for _ in range(num_cards):
        fields = r.take(_CARD)
        d, owner, controller, zone, activated, damage, dot, moved, attacked, heading, record = fields[:11]
        changes, (granted, granted_lasting, paid_used, focus), counters = fields[11:21], fields[21:25], fields[25:28]
        cards.append(RawCard(d, owner, controller, zone, bool(activated), damage, dot - 1, bool(moved),
                             bool(attacked), heading - 1, record, list(changes[:5]), list(changes[5:]), granted,
                             granted_lasting, paid_used, focus - 1, list(counters), fields[28], fields[29] - 1,
                             fields[30] - 1))
    players = []
    for _ in range(num_players):
        deck = list(r.take(f"<{r.take('<B')[0]}H"))
        hand = list(r.take(f"<{r.take('<B')[0]}H"))
        *pool, placed, kept, murphy, outcome, reason = r.take("<5HBBBBB")
        players.append(RawPlayer(deck, hand, list(pool), bool(placed), bool(kept), murphy, outcome, reason))
    lasting = [RawLasting(*r.take(_LASTING)) for _ in range(r.take("<B")[0])]
    (cost_due,) = r.take("<H")
    if r.pos != len(data):
        raise ValueError("the state's bytes go on after its end")
    return RawState(players, cards, num_dots, seed, counter, turn, phase, first, active, priority, passes, end_reason,
                    pending, pending_instance, stack, next_serial, announce_stage, resolution, priority_due, waiting,
                    lasting, cost_due)
