"""The reference interpreter: runs compiled programs (docs/cards.md "The native form") over a minimal abstract
game model, to check that definitions compile to what the cards say. It is not a game engine: there are no
phases, priority or costs here, and the board is a plain graph whose moves are "up to N steps along lines"; the
C++ core is the engine. What it does define exactly is what every instruction means, how targets are checked
again on resolution, how damage goes through redirection, prevention and reduction, how continuous effects are
computed, when triggers fire, and how a resolution pauses for a choice as a program counter and registers.

>>> from tcbg.x610z.cards import CardSet
>>> from tcbg.x610z.effects.reference import Model
>>> model = Model(CardSet.load("ruins"))
>>> waterfall = model.add("Living Waterfall", owner=0, dot=3)
>>> model.objs[waterfall].damage = 5                       # one defense left of 6
>>> elixir = model.add("Healing Elixir", owner=0, zone="hand")
>>> model.resolve(elixir, controller=0, targets=[waterfall]).damage_of(waterfall)
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tcbg.x610z.effects.interpreter import Context, Fizzled, Pause, Resolution
from tcbg.x610z.effects.native import (
    CLASS_CODES, NONE, TARGET_SLOTS, TYPE_CODES, AbilityKind, Counter, Duration, Event, FilterFlag, Kind, Layer,
    NativeEffects, Op, Prop, Property, Relation, StackKind, Subject, Turn, Zone,
)

__all__ = ["Dot", "Fizzled", "Model", "Obj", "Pause", "Resolution", "Shield", "StackEntry", "line_board"]

ZONE_NAMES = {"deck": Zone.DECK, "hand": Zone.HAND, "play": Zone.PLAY, "discard": Zone.DISCARD,
              "removed": Zone.REMOVED, "stack": Zone.STACK}
STAT_FIELDS = {Prop.ATTACK: "attack", Prop.DEFENSE: "defense", Prop.SPEED: "speed", Prop.RANGE: "range",
               Prop.BLOCK_RATE: "block_rate"}
SUMMON_TYPES = ("summon", "life-base")
DOT_KIND_BITS = {"start": 1, "end": 2, "no-attack": 4, "warp": 8, "quest": 16, "white": 32}


@dataclass
class Obj:
    """A card instance of the model."""

    id: int
    card: Any
    owner: int
    controller: int
    zone: Zone
    dot: int = NONE
    damage: int = 0
    counters: dict[int, int] = field(default_factory=lambda: {Counter.ACTIVATION: 0, Counter.TIME: 0,
                                                               Counter.CHARGE: 0})
    activated: bool = False
    attached_to: int = NONE
    modifiers: list[tuple[int, int, int, int]] = field(default_factory=list)  # stat, amount, duration, source
    granted: list[tuple[int, int, int]] = field(default_factory=list)  # property, duration, source
    control: list[tuple[int, int, int]] = field(default_factory=list)  # player, duration, source

    @property
    def type(self) -> str:
        return self.card.type


@dataclass
class Shield:
    """A prevention, reduction or redirection of damage, made by PREVENT, REDUCE or REDIRECT."""

    op: Op
    summon: int
    amount: int
    to: int
    duration: int
    source: int


@dataclass
class StackEntry:
    serial: int
    kind: StackKind
    controller: int
    source: int


@dataclass
class Dot:
    kinds: int
    seat: int = NONE  # whose start dot
    neighbours: tuple[int, ...] = ()


def line_board(n: int = 9) -> list[Dot]:
    """A line of ``n`` dots: dot 0 is seat 0's start dot, dot n-1 seat 1's, both also warp and no-attack dots
    (rules.md 1.2); the middle dot is an end dot; dots 2 and n-3 are warp dots, dot 1 a quest dot."""
    dots = []
    for i in range(n):
        kinds = DOT_KIND_BITS["white"]
        seat = NONE
        if i in (0, n - 1):
            kinds = DOT_KIND_BITS["start"] | DOT_KIND_BITS["warp"] | DOT_KIND_BITS["no-attack"]
            seat = 0 if i == 0 else 1
        elif i == n // 2:
            kinds = DOT_KIND_BITS["end"]
        elif i in (2, n - 3):
            kinds = DOT_KIND_BITS["warp"]
        elif i == 1:
            kinds = DOT_KIND_BITS["quest"]
        neighbours = tuple(j for j in (i - 1, i + 1) if 0 <= j < n)
        dots.append(Dot(kinds, seat, neighbours))
    return dots


class Model:
    """Players, card instances in zones, a small board, the stack, shields and the events that happened. Build a
    position with :meth:`add`; run a card's effect with :meth:`resolve` or step by step with :meth:`begin`."""

    def __init__(self, card_set: Any, players: int = 2, teams: Sequence[int] | None = None,
                 dots: Sequence[Dot] | None = None, seed: int = 0) -> None:
        self.cards = card_set
        self.native: NativeEffects = card_set.native_effects()
        self.card_index = {card.name: i for i, card in enumerate(card_set.cards)}
        self.teams = list(teams) if teams is not None else list(range(players))
        self.players = players
        self.dots = list(dots) if dots is not None else line_board()
        self.objs: list[Obj] = []
        self.pools = [[0] * 5 for _ in range(players)]
        self.order: dict[int, list[int]] = {}  # deck order per player: the top is last
        self.stack: list[StackEntry] = []
        self.serial = 0
        self.shields: list[Shield] = []
        self.events: list[tuple[Event, int, int, int]] = []
        self.triggered: list[tuple[int, int, Event, int]] = []  # source, ability, event, subject
        self.lost: set[int] = set()
        self.winner_team: int | None = None
        self.active = 0
        self.rng = random.Random(seed)
        self._last_known: dict[int, tuple[int, Zone]] = {}
        self._computing = False

    # -- building a position -------------------------------------------------------------------------------------

    def add(self, name: str, owner: int, zone: str = "play", dot: int = NONE, controller: int | None = None,
            damage: int = 0) -> int:
        card = self.cards[name]
        obj = Obj(len(self.objs), card, owner, owner if controller is None else controller, ZONE_NAMES[zone], dot,
                  damage)
        self.objs.append(obj)
        if obj.zone == Zone.DECK:
            self.order.setdefault(owner, []).append(obj.id)
        if obj.zone == Zone.PLAY:
            self._start_counters(obj)
        return obj.id

    def damage_of(self, i: int) -> int:
        return self.objs[i].damage

    def zone_of(self, i: int) -> str:
        return {v: k for k, v in ZONE_NAMES.items()}[self.objs[i].zone]

    def hand(self, p: int) -> list[int]:
        return [o.id for o in self.objs if o.zone == Zone.HAND and o.owner == p]

    def cards_in(self, zone: str, p: int) -> list[int]:
        return [o.id for o in self.objs if o.zone == ZONE_NAMES[zone] and o.owner == p]

    def occupant(self, dot: int) -> int:
        return next((o.id for o in self.objs if o.zone == Zone.PLAY and o.dot == dot and o.type in SUMMON_TYPES),
                    NONE)

    def push(self, kind: StackKind, controller: int, source: int) -> int:
        """An action on the stack (a cast, a move, an attack, an ability); returns its serial number."""
        self.serial += 1
        self.stack.append(StackEntry(self.serial, kind, controller, source))
        return self.serial

    def cast(self, i: int, controller: int) -> int:
        """Card ``i`` is cast: it goes on the stack and CAST triggers fire. Returns the serial."""
        obj = self.objs[i]
        obj.zone = Zone.STACK
        serial = self.push(StackKind.CAST_FLUX if obj.type == "flux" else StackKind.CAST_PERMANENT, controller, i)
        self.emit(Event.CAST, i)
        return serial

    def enter_play(self, i: int, controller: int, dot: int = NONE) -> None:
        """Card ``i`` enters play (a resolved permanent, a placed crystal)."""
        obj = self.objs[i]
        obj.zone, obj.controller, obj.dot, obj.activated = Zone.PLAY, controller, dot, False
        self._start_counters(obj)
        if obj.type == "crystal":
            self.emit(Event.CRYSTAL_PLACED, i)
        self.emit(Event.ENTERS_PLAY, i)

    def _start_counters(self, obj: Obj) -> None:
        rec = self.native.record("cards", self.card_index[obj.card.name])
        obj.counters = {Counter.ACTIVATION: rec["start_activation"], Counter.TIME: rec["start_time"],
                        Counter.CHARGE: rec["start_charge"]}

    def start_turn(self, player: int) -> None:
        """The start of ``player``'s turn as far as effects care: their permanents reactivate, time counters come
        off (the last one discards the permanent), then TURN_START triggers fire."""
        self.active = player
        for obj in self.objs:
            if obj.zone == Zone.PLAY and self.controller(obj.id) == player:
                obj.activated = False
                if obj.counters[Counter.TIME]:
                    obj.counters[Counter.TIME] -= 1
                    if obj.counters[Counter.TIME] == 0 and obj.type == "life-base":
                        self.destroy(obj.id)  # rules.md 6.4: a life base leaves play only by its destruction
                    elif obj.counters[Counter.TIME] == 0:
                        self.leave_play(obj.id, Zone.DISCARD)
        self.emit(Event.TURN_START, NONE)

    def end_turn(self) -> None:
        """What ends with the turn: modifiers, properties, shields and control "until end of turn"."""
        eot = Duration.UNTIL_END_OF_TURN
        for obj in self.objs:
            obj.modifiers = [m for m in obj.modifiers if m[2] != eot]
            obj.granted = [g for g in obj.granted if g[1] != eot]
            obj.control = [c for c in obj.control if c[1] != eot]
        self.shields = [s for s in self.shields if s.duration != eot]
        self.pools = [[0] * 5 for _ in range(self.players)]

    # -- events and triggers -------------------------------------------------------------------------------------

    def emit(self, event: Event, subject: int, other: int = NONE, amount: int = 0) -> None:
        self.events.append((event, subject, other, amount))
        for obj in list(self.objs):
            looking_back = obj.id == subject and event in (Event.DESTROYED, Event.LEAVES_PLAY)
            for a in self.native.abilities_of(obj.card.name):
                ab = self.native.record("abilities", a)
                if ab["kind"] != AbilityKind.TRIGGERED:
                    continue
                if ab["zone"] == Zone.PLAY and obj.zone != Zone.PLAY and not looking_back:
                    continue
                # From the discard pile: events while the card lies there, not its own arrival (it looks back
                # from play only).
                if ab["zone"] == Zone.DISCARD and (obj.zone != Zone.DISCARD or looking_back):
                    continue
                if self._trigger_matches(obj, ab, event, subject, other, amount):
                    self.triggered.append((obj.id, a, event, subject))

    def _trigger_matches(self, obj: Obj, ab: dict[str, int], event: Event, subject: int, other: int,
                         amount: int) -> bool:
        tr = self.native.record("triggers", ab["trigger"])
        if tr["event"] != event:
            return False
        controller = self._known_controller(obj.id)
        turn = tr["turn"]
        if turn == Turn.YOURS and self.active != controller:
            return False
        if turn == Turn.OPPONENTS and self.teams[self.active] == self.teams[controller]:
            return False
        if tr["subject"] == Subject.THIS and subject != obj.id:
            return False
        if tr["subject"] == Subject.FOCUSED and (obj.attached_to == NONE or subject != obj.attached_to):
            return False
        if tr["subject"] == Subject.FILTER and not self.matches(subject, tr["filter"], controller, obj.id,
                                                                 last_known=True):
            return False
        if tr["condition_length"]:
            ctx = Context(obj.id, controller, subject, other, amount)
            return bool(self.evaluate(tr["condition"], tr["condition_length"], ctx))
        return True

    def _known_controller(self, i: int) -> int:
        obj = self.objs[i]
        if obj.zone != Zone.PLAY and i in self._last_known:
            return self._last_known[i][0]
        return self.controller(i)

    # -- reading the position: control, stats, properties (continuous effects applied) -------------------------

    def _continuous(self, layer: Layer) -> list[tuple[Obj, dict[str, int]]]:
        out = []
        for obj in self.objs:
            if obj.zone != Zone.PLAY:
                continue
            for c in self.native.continuous_of(obj.card.name):
                rec = self.native.record("continuous", c)
                if rec["layer"] == layer:
                    out.append((obj, rec))
        return out

    def _selected(self, source: Obj, rec: dict[str, int], i: int, controller: int) -> bool:
        if rec["subject"] == Subject.THIS:
            return i == source.id
        if rec["subject"] == Subject.FOCUSED:
            return i == source.attached_to
        return self.matches(i, rec["filter"], controller, source.id)

    def _amount(self, source: Obj, rec: dict[str, int], subject: int, controller: int) -> int:
        if not rec["length"]:
            return rec["amount"]
        return self.evaluate(rec["program"], rec["length"], Context(source.id, controller, subject, NONE, 0))

    def controller(self, i: int) -> int:
        """Layer 1: the latest control effect wins; continuous ones apply in their sources' instance order."""
        obj = self.objs[i]
        who = obj.controller
        for player, _, _ in obj.control:
            who = player
        if self._computing:
            return who
        self._computing = True
        try:
            for source, rec in self._continuous(Layer.CONTROL):
                if self._selected(source, rec, i, source.controller) and \
                        self._amount(source, rec, i, source.controller) and self._class_free(i, source.controller):
                    who = source.controller
        finally:
            self._computing = False
        return who

    def _class_free(self, i: int, player: int) -> bool:
        """Whether ``player`` may control summon ``i`` (one summon of each class, ORoC)."""
        obj = self.objs[i]
        if obj.type not in SUMMON_TYPES:
            return True
        return not any(o.id != i and o.zone == Zone.PLAY and o.type in SUMMON_TYPES and
                       o.card.summon_class == obj.card.summon_class and o.controller == player for o in self.objs)

    def stat(self, i: int, prop: Prop) -> int:
        """A stat after continuous effects (layer 3) and modifiers, never below 0; NONE if the card shows none."""
        obj = self.objs[i]
        base = getattr(obj.card, STAT_FIELDS[prop], None)
        if base is None:
            return NONE
        value = base + sum(amount for stat, amount, _, _ in obj.modifiers if stat == prop)
        if not self._computing:
            self._computing = True  # a continuous program sees stats without continuous effects (docs/cards.md)
            try:
                for source, rec in self._continuous(Layer.STAT):
                    controller = self.controller_plain(source.id)
                    if rec["what"] == prop and self._selected(source, rec, i, controller):
                        value += self._amount(source, rec, i, controller)
            finally:
                self._computing = False
        return max(0, value)

    def controller_plain(self, i: int) -> int:
        obj = self.objs[i]
        return obj.control[-1][0] if obj.control else obj.controller

    def has(self, i: int, prop: Property) -> bool:
        obj = self.objs[i]
        if prop == Property.ALL_DIRECTIONS and obj.card.all_directions:
            return True
        if any(p == prop for p, _, _ in obj.granted):
            return True
        for source, rec in self._continuous(Layer.PROPERTY):
            controller = self.controller(source.id)
            if rec["what"] == prop and self._selected(source, rec, i, controller) and \
                    self._amount(source, rec, i, controller):
                return True
        return False

    def damage_reduction(self, i: int) -> int:
        total = sum(s.amount for s in self.shields if s.op == Op.REDUCE and s.summon == i)
        for source, rec in self._continuous(Layer.DAMAGE_TAKEN):
            controller = self.controller(source.id)
            if self._selected(source, rec, i, controller):
                total += self._amount(source, rec, i, controller)
        return total

    # -- filters -------------------------------------------------------------------------------------------------

    def relation(self, viewer: int, player: int, relation: int) -> bool:
        if relation == Relation.ANY:
            return True
        if relation == Relation.YOU:
            return player == viewer
        if relation == Relation.OPPONENT:
            return self.teams[player] != self.teams[viewer]
        if relation == Relation.TEAMMATE:
            return player != viewer and self.teams[player] == self.teams[viewer]
        return player != viewer

    def candidates(self, kind: int) -> list[int]:
        if kind == Kind.PLAYER:
            return [p for p in range(self.players) if p not in self.lost]
        if kind == Kind.DOT:
            return list(range(len(self.dots)))
        if kind == Kind.STACK_ITEM:
            return [entry.serial for entry in self.stack]
        return [obj.id for obj in self.objs]

    def matches(self, x: int, index: int, viewer: int, source: int = NONE, *, last_known: bool = False) -> bool:
        """Whether object, player, dot or stack serial ``x`` matches filter ``index`` seen by player ``viewer``."""
        if x == NONE:
            return False
        f = self.native.record("filters", index)
        kind = f["kind"]
        if f["flags"] & FilterFlag.NOT_SELF and x == source:
            return False
        if kind == Kind.PLAYER:
            return 0 <= x < self.players and x not in self.lost and self.relation(viewer, x, f["relation"])
        if kind == Kind.DOT:
            return self._dot_matches(x, f, viewer)
        if kind == Kind.STACK_ITEM:
            entry = next((e for e in self.stack if e.serial == x), None)
            return entry is not None and (not f["types"] or bool(f["types"] & entry.kind)) and \
                self.relation(viewer, entry.controller, f["relation"])
        obj = self.objs[x]
        zone = obj.zone
        whose = obj.owner
        if last_known and x in self._last_known and zone != Zone.PLAY:
            whose, zone = self._last_known[x][0], Zone.PLAY
        elif zone == Zone.PLAY:
            whose = self.controller(x)
        if kind == Kind.CARD:
            if zone != f["zone"]:
                return False
            if f["types"] and not f["types"] >> TYPE_CODES[obj.type] & 1:
                return False
        else:
            if zone != Zone.PLAY:
                return False
            wanted = {Kind.SUMMON: SUMMON_TYPES, Kind.NLB_SUMMON: ("summon",), Kind.LIFE_BASE: ("life-base",),
                      Kind.CRYSTAL: ("crystal",), Kind.CATALYST: ("catalyst",), Kind.QUEST: ("quest",),
                      Kind.PERMANENT: tuple(TYPE_CODES)}[Kind(kind)]
            if obj.type not in wanted:
                return False
            if kind == Kind.PERMANENT and f["types"] and not f["types"] >> TYPE_CODES[obj.type] & 1:
                return False
        if not self.relation(viewer, whose, f["relation"]):
            return False
        if f["classes"] and not (obj.card.summon_class and f["classes"] >> CLASS_CODES[obj.card.summon_class] & 1):
            return False
        flags = f["flags"]
        if flags & FilterFlag.DAMAGED and obj.damage == 0 or flags & FilterFlag.UNDAMAGED and obj.damage:
            return False
        if flags & FilterFlag.ACTIVATED and not obj.activated or flags & FilterFlag.REACTIVATED and obj.activated:
            return False
        if f["stat"] != NONE:
            value = self.get(x, Prop(f["stat"]))
            if value == NONE or not f["stat_min"] <= value <= f["stat_max"]:
                return False
        if f["card"] != NONE and self.card_index[obj.card.name] != f["card"]:
            return False
        if f["dots"] and (obj.dot == NONE or not self.dots[obj.dot].kinds & f["dots"]):
            return False  # a summon standing on a dot of these kinds
        return True

    def _dot_matches(self, d: int, f: dict[str, int], viewer: int) -> bool:
        if not 0 <= d < len(self.dots):
            return False
        dot = self.dots[d]
        if f["dots"] and not dot.kinds & f["dots"]:
            return False
        if f["flags"] & FilterFlag.FREE and self.occupant(d) != NONE:
            return False
        if f["flags"] & FilterFlag.SUMMON_DOT:
            own_start = dot.seat == viewer
            if not (own_start or (dot.kinds & DOT_KIND_BITS["warp"] and dot.seat in (NONE, viewer))):
                return False
        if f["relation"] != Relation.ANY and (dot.seat == NONE or not self.relation(viewer, dot.seat, f["relation"])):
            return False
        return True

    def may_stand(self, summon: int, d: int, controller: int) -> bool:
        """Where a summon may be put: a free dot; a used start dot only if it is its controller's (rules.md 2.6);
        never an end dot for a life base (a placement is not a move, so it cannot escape)."""
        dot = self.dots[d]
        occupant = self.occupant(d)
        if occupant != NONE and occupant != summon:
            return False
        if dot.seat != NONE and dot.seat != controller:
            return False
        if self.objs[summon].type == "life-base" and dot.kinds & DOT_KIND_BITS["end"]:
            return False
        return True

    def legal_targets(self, filter_index: int, controller: int, source: int,
                      earlier: Sequence[int] = ()) -> list[int]:
        """What a target of this filter may be when announced (or when checked again): matching objects, not an
        opponent's summon with stealth, and not an earlier slot's object when the filter is DISTINCT."""
        f = self.native.record("filters", filter_index)
        out = []
        for x in self.candidates(f["kind"]):
            if not self.matches(x, filter_index, controller, source):
                continue
            if f["kind"] not in (Kind.PLAYER, Kind.DOT, Kind.STACK_ITEM, Kind.CARD) and \
                    self.relation(controller, self.controller(x), Relation.OPPONENT) and \
                    self.has(x, Property.STEALTH):
                continue
            if f["flags"] & FilterFlag.DISTINCT and x in earlier:
                continue
            out.append(x)
        return out

    # -- properties GET reads ------------------------------------------------------------------------------------

    def get(self, x: int, prop: Prop) -> int:
        if x == NONE:
            return NONE
        if prop >= Prop.HAND_SIZE:
            zone = {Prop.HAND_SIZE: Zone.HAND, Prop.DECK_SIZE: Zone.DECK, Prop.DISCARD_SIZE: Zone.DISCARD}.get(prop)
            if zone is not None:
                return sum(1 for o in self.objs if o.owner == x and o.zone == zone)
            if prop == Prop.LIFE_BASE:
                return next((o.id for o in self.objs if o.zone == Zone.PLAY and o.type == "life-base" and
                             o.owner == x), NONE)
            if prop == Prop.CRYSTALS:
                return sum(1 for o in self.objs if o.zone == Zone.PLAY and o.type == "crystal" and
                           self.controller(o.id) == x)
            return sum(self.pools[x])
        obj = self.objs[x]
        if prop in STAT_FIELDS:
            return self.stat(x, prop)
        counters = {Prop.ACTIVATION_COUNTERS: Counter.ACTIVATION, Prop.TIME_COUNTERS: Counter.TIME,
                    Prop.CHARGE_COUNTERS: Counter.CHARGE}
        if prop in counters:
            return obj.counters[counters[prop]]
        if prop == Prop.DAMAGE:
            return obj.damage
        if prop == Prop.REMAINING:
            defense = self.stat(x, Prop.DEFENSE)
            return NONE if defense == NONE else defense - obj.damage
        if prop == Prop.CONTROLLER:
            return self.controller(x) if obj.zone == Zone.PLAY else obj.owner
        if prop == Prop.OWNER:
            return obj.owner
        if prop == Prop.ZONE:
            return int(obj.zone)
        if prop == Prop.DOT:
            return obj.dot
        if prop == Prop.ACTIVATED:
            return int(obj.activated)
        if prop == Prop.CLASS:
            return CLASS_CODES.get(obj.card.summon_class, 0)
        if prop == Prop.TYPE:
            return TYPE_CODES[obj.type]
        if prop == Prop.PRODUCES:
            return "CBMRH".index(obj.card.produces) if obj.card.produces else NONE
        if prop == Prop.CARD:
            return self.card_index[obj.card.name]
        return obj.card.cost.total()

    # -- what instructions do to the position --------------------------------------------------------------------

    def leave_play(self, i: int, to: Zone) -> None:
        """A permanent leaves play for a zone of its owner; what it carried goes (attachments are destroyed), and
        its damage, counters and modifiers are forgotten."""
        obj = self.objs[i]
        if obj.zone != Zone.PLAY:
            return
        self._last_known[i] = (self.controller(i), Zone.PLAY)
        obj.zone, obj.dot, obj.damage, obj.activated = to, NONE, 0, False
        obj.modifiers, obj.granted, obj.control, obj.attached_to = [], [], [], NONE
        obj.counters = {Counter.ACTIVATION: 0, Counter.TIME: 0, Counter.CHARGE: 0}
        obj.controller = obj.owner
        self.shields = [s for s in self.shields if s.summon != i]
        if obj.type == "life-base" and to != Zone.PLAY:
            self.lost.add(obj.owner)
        self.emit(Event.LEAVES_PLAY, i)
        for other in self.objs:
            if other.attached_to == i and other.zone == Zone.PLAY:
                self.destroy(other.id)
        for other in self.objs:  # "while source in play" ends with the source
            other.modifiers = [m for m in other.modifiers if not (m[2] == Duration.WHILE_SOURCE_IN_PLAY and m[3] == i)]
            other.granted = [g for g in other.granted if not (g[1] == Duration.WHILE_SOURCE_IN_PLAY and g[2] == i)]
            other.control = [c for c in other.control if not (c[1] == Duration.WHILE_SOURCE_IN_PLAY and c[2] == i)]
        self.shields = [s for s in self.shields if not (s.duration == Duration.WHILE_SOURCE_IN_PLAY and s.source == i)]

    def destroy(self, i: int) -> None:
        if self.objs[i].zone != Zone.PLAY:
            return
        self.leave_play(i, Zone.DISCARD)
        self.emit(Event.DESTROYED, i)

    def check_destroyed(self, i: int) -> None:
        obj = self.objs[i]
        if obj.zone == Zone.PLAY and obj.type in SUMMON_TYPES:
            defense = self.stat(i, Prop.DEFENSE)
            if defense != NONE and obj.damage >= defense:
                self.destroy(i)

    def deal_damage(self, target: int, amount: int, source: int) -> None:
        """Redirection first (one shield, once: redirected damage is not redirected again), then prevention
        shields in the order they were made, then reduction; what is left becomes damage counters."""
        if target == NONE or amount <= 0 or not self._summon_in_play(target):
            return
        for shield in list(self.shields):
            if shield.op == Op.REDIRECT and shield.summon == target and self._summon_in_play(shield.to):
                self.shields.remove(shield)
                target = shield.to
                break
        for shield in list(self.shields):
            if amount and shield.op == Op.PREVENT and shield.summon == target:
                used = min(amount, shield.amount)
                amount -= used
                shield.amount -= used
                if not shield.amount:
                    self.shields.remove(shield)
        amount = max(0, amount - self.damage_reduction(target))
        if amount:
            self.objs[target].damage += amount
            self.emit(Event.DAMAGED, target, source, amount)
            self.check_destroyed(target)

    def add_shield(self, op: Op, summon: int, amount: int, to: int, duration: int, source: int) -> None:
        self.shields.append(Shield(op, summon, amount, to, duration, source))

    def _summon_in_play(self, i: int) -> bool:
        return i != NONE and self.objs[i].zone == Zone.PLAY and self.objs[i].type in SUMMON_TYPES

    def draw(self, p: int, n: int) -> None:
        deck = self.order.setdefault(p, [])
        for _ in range(n):
            deck[:] = [i for i in deck if self.objs[i].zone == Zone.DECK]
            if not deck:
                self.lost.add(p)  # rules.md 5.4: drawing from an empty deck loses
                return
            self.objs[deck.pop()].zone = Zone.HAND

    def to_zone(self, i: int, zone: Zone) -> None:
        obj = self.objs[i]
        if obj.zone == Zone.PLAY:
            self.leave_play(i, zone)
        elif obj.zone == Zone.STACK:
            self.stack = [e for e in self.stack if e.source != i]
            obj.zone = zone
        else:
            obj.zone = zone
        if zone == Zone.DECK:
            self.order.setdefault(obj.owner, []).append(i)

    # -- running effects -----------------------------------------------------------------------------------------

    def evaluate(self, offset: int, length: int, ctx: Context) -> int:
        """Run a condition or amount program (no choices) and give its RETURN value."""
        run = Resolution(self, [(offset, length)], ctx, [NONE] * TARGET_SLOTS)
        result = run.run()
        if isinstance(result, Pause):
            raise RuntimeError("a condition program paused")
        return run.returned

    def begin(self, i: int, controller: int, *, ability: int | None = None, mode: int = 0,
              additionals: Sequence[int] = (), targets: Sequence[int] = (), subject: int = NONE,
              other: int = NONE, amount: int = 0) -> Resolution:
        """Start resolving an ability of card ``i`` (by default its first; a flux's effect is its ability 0):
        targets are checked again (an illegal one becomes NONE; all illegal: :class:`Fizzled`), then the program
        runs on :meth:`Resolution.run`. ``subject``, ``other``, ``amount``: a trigger's event."""
        obj = self.objs[i]
        abilities = self.native.abilities_of(obj.card.name)
        a = abilities[0] if ability is None else abilities[ability]
        ab = self.native.record("abilities", a)
        mode_rec = self.native.record("modes", ab["first_mode"] + mode)
        parts = [(mode_rec["program"], mode_rec["length"])]
        filters = [mode_rec[f"target{k}"] for k in range(mode_rec["num_targets"])]
        slots = list(range(mode_rec["num_targets"]))
        for x in additionals:
            add = self.native.record("additionals", ab["first_additional"] + x)
            parts.append((add["program"], add["length"]))
            filters += [add[f"target{k}"] for k in range(add["num_targets"])]
            slots += list(range(add["first_slot"], add["first_slot"] + add["num_targets"]))
        if len(targets) != len(filters):
            raise ValueError(f"this ability announces {len(filters)} targets, not {len(targets)}")
        registers = [NONE] * TARGET_SLOTS
        legal_any = False
        announced: list[int] = []
        for slot, flt, target in zip(slots, filters, targets):
            if target in self.legal_targets(flt, controller, i, announced):
                registers[slot] = target
                legal_any = True
            announced.append(target)
        if filters and not legal_any:
            raise Fizzled()
        return Resolution(self, parts, Context(i, controller, subject, other, amount), registers)

    def resolve(self, i: int, controller: int, *, choices: Sequence[int] = (), **kw: Any) -> Model:
        """Resolve an ability to its end, answering its pauses with ``choices`` in order; returns the model. A
        resolution whose targets are all illegal changes nothing (a flux goes to the discard pile)."""
        obj = self.objs[i]
        try:
            run = self.begin(i, controller, **kw)
        except Fizzled:
            if obj.type == "flux":
                self.to_zone(i, Zone.DISCARD)
            elif obj.type == "catalyst" and obj.zone != Zone.PLAY:
                self.to_zone(i, Zone.DISCARD)  # a focused catalyst with nothing to focus on
            return self
        answers = list(choices)
        result = run.run()
        while isinstance(result, Pause):
            if not answers:
                raise ValueError(f"the resolution paused for a choice of {result.options} and no answer was given")
            result = run.resume(answers.pop(0))
        if obj.type == "flux" and obj.zone in (Zone.HAND, Zone.STACK):
            self.to_zone(i, Zone.DISCARD)
        return self
