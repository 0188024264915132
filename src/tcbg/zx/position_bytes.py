"""The Z/X core's position record (``Core`` of ``cpp/include/tcbg/zx/game.hpp``, docs/zx/state-format.md) as plain
Python records, read and written field by field. The core stays the judge of what is valid (a state is built from
these bytes by the core's checked deserialize); this module only moves fields in and out.

``encode(decode(raw))`` is the canonical form of a record: slots past a list's, the frame stack's or the waiting
list's length (which the engine leaves as they were, and never reads) are zero.

>>> raw = RawCore(num_instances=2)
>>> decode(encode(raw), 2) == raw
True
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

MAX_DECK = 64
LIST_SLOTS = MAX_DECK + 1
MAX_INSTANCES = 2 * (MAX_DECK + 1)
MAX_FRAMES = 32
MAX_WAITING = 8
SQUARES = 9
NONE = 0xFF
EFFECT_KIND = 11  # game.hpp Kind::Effect

# Card types (game.hpp), by the names tcbg.zx.game and the positions give them (_key).
TYPES = {"zx": 0, "event": 1, "player": 2, "zx-extra": 3, "overboost": 4, "shift": 5, "event-extra": 6,
         "player-extra": 7}
LISTS = ("deck", "hand", "life", "charge", "trash", "resource")  # PlayerState's order
# Zone (game.hpp), by number.
ZONES = (None, "deck", "hand", "life", "charge", "trash", "resource", "square", "player-card", "resolving", "removed")

_HEAD = struct.Struct("<QQHBBBBBB9s7x")  # rng seed, counter, turn, turn player, first player, end, over, n, n, board
_FRAME = struct.Struct("<8B")
_WAIT = struct.Struct("<6B2x")  # kind, player, card, ability, subject, amount
REGISTERS = 16
MAX_CURSORS = 2
_CURSOR = struct.Struct(f"<BBh{REGISTERS}i")  # part, step, pc, registers (tcbg/core/effects.hpp Cursor)
_LIST = struct.Struct(f"<B{LIST_SLOTS}s")
_PLAYER_TAIL = struct.Struct("<6B2x")  # hand limit, charge limit, mulliganed, pending damage, outcome, reloads
_INST = struct.Struct("<HBBBBBBiiBBBBbxxx")
PLAYER_SIZE = 6 * _LIST.size + _PLAYER_TAIL.size
SIZE = (_HEAD.size + MAX_FRAMES * _FRAME.size + MAX_WAITING * _WAIT.size + 2 * PLAYER_SIZE + MAX_INSTANCES * _INST.size
        + MAX_CURSORS * _CURSOR.size)


def _key(word: str) -> str:
    """A type or keyword as tcbg.zx spells it: the card data's "Z/X Extra", "Start Card" are "zx-extra",
    "start-card" (tcbg.zx.cards spells them as printed)."""
    key = word.strip().lower().replace("z/x ", "").replace("z/x", "zx").replace(" ", "-")
    return {"extra": "zx-extra"}.get(key, key)


@dataclass
class RawFrame:
    kind: int = 1
    step: int = 0
    player: int = 0
    a: int = NONE
    b: int = NONE
    c: int = NONE
    d: int = NONE
    e: int = 0


@dataclass
class RawWaiting:
    kind: int = 12
    player: int = 0
    card: int = 0
    ability: int = NONE
    subject: int = NONE
    amount: int = 0  # an effect's: the event's amount (cards drawn), 0 to 254


@dataclass
class RawCursor:
    """Where a resolution stands (tcbg/core/effects.hpp ``Cursor``): part, step, pc and the 16 registers."""

    part: int = 0
    step: int = 0
    pc: int = 0
    regs: list[int] = field(default_factory=lambda: [0] * REGISTERS)


@dataclass
class RawPlayer:
    lists: dict[str, list[int]] = field(default_factory=lambda: {name: [] for name in LISTS})
    hand_limit: int = 6
    charge_limit: int = 4
    mulliganed: int = 0
    pending_damage: int = 0
    outcome: int = 0
    reloads: int = 0


@dataclass
class RawInstance:
    definition: int = 0
    owner: int = 0
    zone: int = 0
    square: int = NONE
    sleeping: int = 0
    record: int = 0
    marked: int = 0
    damage: int = 0
    power_mod: int = 0
    status: int = 0
    removed_by: int = 0  # instance + 1 whose ability removed it from the game (rules.md Z15.131), 0 none
    remembered_by: int = 0  # instance + 1 whose ability remembers it where it put it (rules.md Z15.320), 0 none
    player_damage: int = 0  # until end of turn: damage it deals to its owner's opponent is this much more (Z15.324)
    cost_mod: int = 0  # Cost change until end of turn (rules.md Z15.340)


@dataclass
class RawCore:
    num_instances: int = 0
    seed: int = 0
    counter: int = 0
    turn: int = 0
    turn_player: int = 0
    first_player: int = 0
    end_reason: int = 0
    over: int = 0
    board: list[int] = field(default_factory=lambda: [NONE] * SQUARES)
    frames: list[RawFrame] = field(default_factory=list)
    waiting: list[RawWaiting] = field(default_factory=list)
    players: list[RawPlayer] = field(default_factory=lambda: [RawPlayer(), RawPlayer()])
    instances: list[RawInstance] = field(default_factory=list)
    cursors: list[RawCursor] = field(default_factory=lambda: [RawCursor() for _ in range(MAX_CURSORS)])

    def __post_init__(self) -> None:
        while len(self.instances) < self.num_instances:
            self.instances.append(RawInstance())


def decode(data: bytes, num_instances: int) -> RawCore:
    """The record of ``data`` (the bytes after the 16-byte header of ``serialize_bytes()``); instances past
    ``num_instances`` are left out (the engine keeps them empty)."""
    if len(data) != SIZE:
        raise ValueError(f"a Z/X record is {SIZE} bytes, not {len(data)}")
    seed, counter, turn, tp, fp, end, over, frame_n, waiting_n, board = _HEAD.unpack_from(data, 0)
    raw = RawCore(seed=seed, counter=counter, turn=turn, turn_player=tp, first_player=fp, end_reason=end, over=over,
                  board=list(board))
    at = _HEAD.size
    for k in range(MAX_FRAMES):
        if k < frame_n:
            raw.frames.append(RawFrame(*_FRAME.unpack_from(data, at)))
        at += _FRAME.size
    for k in range(MAX_WAITING):
        if k < waiting_n:
            raw.waiting.append(RawWaiting(*_WAIT.unpack_from(data, at)))
        at += _WAIT.size
    raw.players = []
    for _p in range(2):
        rp = RawPlayer()
        for name in LISTS:
            n, ids = _LIST.unpack_from(data, at)
            rp.lists[name] = list(ids[:n])
            at += _LIST.size
        (rp.hand_limit, rp.charge_limit, rp.mulliganed, rp.pending_damage, rp.outcome,
         rp.reloads) = _PLAYER_TAIL.unpack_from(data, at)
        at += _PLAYER_TAIL.size
        raw.players.append(rp)
    raw.num_instances = num_instances
    raw.instances = [RawInstance(*_INST.unpack_from(data, at + i * _INST.size)) for i in range(num_instances)]
    at += MAX_INSTANCES * _INST.size
    raw.cursors = []
    for _k in range(MAX_CURSORS):
        part, step, pc, *regs = _CURSOR.unpack_from(data, at)
        raw.cursors.append(RawCursor(part, step, pc, list(regs)))
        at += _CURSOR.size
    for k in range(MAX_CURSORS):  # a cursor no resolution names is never read: canonically zero
        if not any(f.kind == EFFECT_KIND and f.c == k and f.step != 0 for f in raw.frames):
            raw.cursors[k] = RawCursor()
    return raw


def encode(raw: RawCore) -> bytes:
    """The record's bytes (zero where the engine keeps nothing)."""
    out = bytearray(SIZE)
    _HEAD.pack_into(out, 0, raw.seed, raw.counter, raw.turn, raw.turn_player, raw.first_player, raw.end_reason,
                    raw.over, len(raw.frames), len(raw.waiting), bytes(raw.board))
    at = _HEAD.size
    for f in raw.frames:
        _FRAME.pack_into(out, at, f.kind, f.step, f.player, f.a, f.b, f.c, f.d, f.e)
        at += _FRAME.size
    at = _HEAD.size + MAX_FRAMES * _FRAME.size
    for w in raw.waiting:
        _WAIT.pack_into(out, at, w.kind, w.player, w.card, w.ability, w.subject, w.amount)
        at += _WAIT.size
    at = _HEAD.size + MAX_FRAMES * _FRAME.size + MAX_WAITING * _WAIT.size
    for rp in raw.players:
        for name in LISTS:
            ids = rp.lists[name]
            _LIST.pack_into(out, at, len(ids), bytes(ids))
            at += _LIST.size
        _PLAYER_TAIL.pack_into(out, at, rp.hand_limit, rp.charge_limit, rp.mulliganed, rp.pending_damage, rp.outcome,
                               rp.reloads)
        at += _PLAYER_TAIL.size
    for ci in raw.instances:
        _INST.pack_into(out, at, ci.definition, ci.owner, ci.zone, ci.square, ci.sleeping, ci.record, ci.marked,
                        ci.damage, ci.power_mod, ci.status, ci.removed_by, ci.remembered_by, ci.player_damage,
                        ci.cost_mod)
        at += _INST.size
    at = SIZE - MAX_CURSORS * _CURSOR.size
    for cur in raw.cursors:
        _CURSOR.pack_into(out, at, cur.part, cur.step, cur.pc, *cur.regs)
        at += _CURSOR.size
    return bytes(out)


def canonical(serialized: bytes, num_instances: int) -> bytes:
    """``serialize_bytes()`` with the slots the engine never reads zeroed: what a position's document gives back."""
    return serialized[:16] + encode(decode(serialized[16:], num_instances))
