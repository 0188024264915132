"""X610Z positions as JSON documents (docs/state-format.md, "Positions as JSON", rules P1-P22).

``game.state_from_json(doc)`` sets up any position: which card is where, the pieces on their dots with damage,
flags and headings, energy pools, phase, turn, priority, the stack and a pending choice, and the random generator.
``state.to_json()`` writes the same format, exactly: ``game.state_from_json(state.to_json())`` is the same state.
A document that breaks a rule raises :class:`tcbg.PositionError` naming the field (a JSON path such as
``players[1].hand[3]``) and the rule (``state-format P3``).

>>> import json, tcbg
>>> game = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"])
>>> state = game.state_from_json({
...     "format": "tcbg-x610z-position/1", "turn": 5, "phase": "action", "active_player": 0,
...     "players": [{"hand": ["Ashwing Drake"], "in_play": ["Quickfire Shard", "Quickfire Shard", "Plain Geode"]},
...                 {"in_play": [{"card": "Tusked Hauler", "dot": "r3-03"}]}]})
>>> [text for text in map(state.action_to_string, state.legal_actions()) if "Drake" in text]
['cast Ashwing Drake (#1)']
>>> game.state_from_json(state.to_json()).serialize() == state.serialize()
True
>>> game.state_from_json({"format": "tcbg-x610z-position/1", "players": [{"hand": ["Ashwing Drakes"]}, {}]})
... # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
tcbg.errors.PositionError: players[0].hand[0]: ... did you mean 'Ashwing Drake'? [state-format P3]
"""

from __future__ import annotations

import difflib
import math
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn

from tcbg import _core
from tcbg._jsonfile import depth_reason, parse_json_text, too_deep
from tcbg.errors import GameError
from tcbg.x610z import _state_bytes as sb
from tcbg.x610z import position_effects as pfx
from tcbg.x610z.cards import EDITION_LETTERS
from tcbg.x610z.energy import can_pay
from tcbg.x610z.position_effects import _fail, _is_int

if TYPE_CHECKING:
    from tcbg.api import Game, State

FORMAT = "tcbg-x610z-position/1"
MAX_STACK = 64  # the core's stack capacity (kMaxStack)
MAX_POOL = 1000  # the core's limit on an energy count
MAX_MURPHY = {"existenz": 7, "act1": 6}  # rules.md 5.2: offered while the next hand holds a card
_U64 = 2**64 - 1
_PLAY, _HAND, _DECK, _DISCARD, _REMOVED, _CAST = (sb.ZONES.index(z) for z in
                                                  ("play", "hand", "deck", "discard", "removed", "stack"))
_ZONE_FIELDS = (("in_play", _PLAY), ("hand", _HAND), ("deck", _DECK), ("discard", _DISCARD),
                ("removed", _REMOVED))
_COMMON = {"card", "instance", "record"}
_FLAGS = {"activated", "moved", "attacked"}  # the engine keeps them on a card that leaves play (rules.md 5.13)
_ENTRY_FIELDS = {
    _PLAY: _COMMON | _FLAGS | {"owner", "dot", "damage", "heading", "counters"} | pfx.CARD_FIELDS,
    _DISCARD: _COMMON | _FLAGS, _REMOVED: _COMMON | _FLAGS, _HAND: _COMMON | _FLAGS, _DECK: _COMMON | _FLAGS,
    _CAST: _COMMON | _FLAGS,
}
_CAST_ENTRY = _COMMON | _FLAGS  # the fields of a card being cast, in its stack item or pending placement
_TOP_FIELDS = {"format", "seed", "counter", "turn", "phase", "first_player", "active_player", "priority", "passes",
               "end_reason", "players", "stack", "pending", "last_choice_card", "next_serial"} | pfx.TOP_FIELDS
_PLAYER_FIELDS = {"in_play", "hand", "deck", "discard", "removed", "pool", "crystal_placed", "kept", "murphy_uses",
                  "outcome", "reason"}


COUNTER_KINDS = ("activation", "time", "charge")  # the order of the core's counters (rules.md 6.4)
_TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # per game: what its documents are read against


def tables(game: Game) -> tuple[_Geometry, dict[str, list[int]], pfx.Effects]:
    """The board geometry, starting counters and card-effect tables of ``game``, built once per game (a game's
    board and cards do not change)."""
    found = _TABLES.get(game)
    if found is None:
        found = _TABLES[game] = (_Geometry(game.board), start_counters(game), pfx.Effects(game))
    return found


def start_counters(game: Game) -> dict[str, list[int]]:
    """By card name, the counters a permanent enters play with (docs/cards.md ``counters=``): what a card listed in
    play without a ``counters`` field has (P16); all zero without card effects. ``tables(game)`` keeps it per game."""
    if not game.effects:
        return {card.name: [0, 0, 0] for card in game.cards}
    native = game.cards.native_effects()
    out = {}
    for card in game.cards:
        rec = native.record("cards", native.card_index(card.name))
        out[card.name] = [rec["start_activation"], rec["start_time"], rec["start_charge"]]
    return out


def _primitive(v: tuple[int, int]) -> tuple[int, int]:
    g = math.gcd(v[0], v[1])
    return (v[0] // g, v[1] // g) if g else v


class _Geometry:
    """The board as the core sees it for headings: each dot's lines ("slots") in increasing order of the dot they
    lead to, with the direction (lowest terms) in which each leaves the dot (rules.md 2.5, 2.8, 2.11)."""

    def __init__(self, board) -> None:
        self.ids = tuple(d.id for d in board.dots)
        self.index = {dot_id: i for i, dot_id in enumerate(self.ids)}
        slots: list[list[tuple[int, tuple[int, int]]]] = [[] for _ in self.ids]
        for line in board.lines:
            a, b = self.index[line.a], self.index[line.b]
            slots[a].append((b, _primitive(line.leave_a)))
            slots[b].append((a, _primitive(line.leave_b)))
        self.slots = [sorted(s) for s in slots]

    def arriving(self, dot: int) -> list[tuple[int, int]]:
        """Per slot, the heading of a path that arrives at ``dot`` by it (rules.md 2.8)."""
        return [(-x, -y) for _, (x, y) in self.slots[dot]]

    def leaving(self, dot: int) -> list[tuple[int, int]]:
        """Per slot, the heading of a path that leaves ``dot`` by it (an attack's heading, rules.md 2.8)."""
        return [v for _, v in self.slots[dot]]

    @staticmethod
    def ranked(headings: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Distinct headings in the order of rules.md 2.11 / 3.6; a heading's rank is 1 + its index here."""
        return sorted(set(headings))

    def dot(self, value: Any, path: str, rule: str = "P5") -> int:
        if not isinstance(value, str) or value not in self.index:
            close = difflib.get_close_matches(str(value), self.ids, n=1) if isinstance(value, str) else []
            hint = f"; did you mean {close[0]!r}?" if close else ""
            _fail(path, f"no dot {value!r} on this board{hint}", rule)
        return self.index[value]

    def piece_heading(self, dot: int, spec: Any, path: str) -> int:
        """The core's heading value (slot, or 8 + slot) of a piece on ``dot`` from its JSON form (P6)."""
        if spec is None:
            return -1
        neighbours = [to for to, _ in self.slots[dot]]
        if isinstance(spec, Mapping):
            if len(spec) != 1 or next(iter(spec)) not in ("arrived_from", "left_towards"):
                _fail(path, "a heading object has one field, 'arrived_from' or 'left_towards'", "P1")
            key, value = next(iter(spec.items()))
            other = self.dot(value, f"{path}.{key}", "P6")
            if other not in neighbours:
                _fail(f"{path}.{key}", f"no line joins {self.ids[dot]!r} and {value!r}", "P6")
            slot = neighbours.index(other)
            return slot if key == "arrived_from" else 8 + slot
        if isinstance(spec, list) and len(spec) == 2 and all(_is_int(v) for v in spec):
            v = (spec[0], spec[1])
            if v in self.arriving(dot):
                return self.arriving(dot).index(v)
            if v in self.leaving(dot):
                return 8 + self.leaving(dot).index(v)
            _fail(path, f"no line of {self.ids[dot]!r} arrives or leaves in direction {list(v)} (its lines: "
                        f"{', '.join(self.ids[t] for t in neighbours)})", "P6")
        _fail(path, "a heading is null, {\"arrived_from\": DOT}, {\"left_towards\": DOT} or a direction [dx, dy]",
              "P1")

    def piece_heading_spec(self, dot: int, value: int) -> dict[str, str]:
        to = self.slots[dot][value & 7][0]
        return {"arrived_from" if value < 8 else "left_towards": self.ids[to]}


@dataclass
class _Entry:
    """One card listed in the document, before and after it gets its instance number."""

    path: str
    owner: int
    name: str
    explicit: int | None
    zone: int
    controller: int
    obj: Mapping[str, Any] = field(default_factory=dict)
    instance: int = -1
    unlisted: bool = False  # a life base listed nowhere, in play by default (P4)


class _Reader:
    """Reads a position document into the core's records, checking rules P1-P14 field by field."""

    def __init__(self, game: Game, doc: Mapping[str, Any]) -> None:
        self.game = game
        self.board = game.board
        self.geo, starting, self.fx = tables(game)
        self.cards = {card.name: card for card in game.cards}
        setup = game.board.setups[game.setup]
        self.seats = setup.seats
        self.teams = setup.teams
        self.n = game.num_players()
        self.doc = doc
        self.starting = starting
        # Every instance of the game: (owner, name), numbered as Game.instance_cards() says.
        self.instances = game.instance_cards()
        self.first = [game._core.first_instance(p) for p in range(self.n)] + [len(self.instances)]  # life bases
        self.by_name: list[dict[str, list[int]]] = [{} for _ in range(self.n)]
        for i, (owner, name) in enumerate(self.instances):
            self.by_name[owner].setdefault(name, []).append(i)
        self.def_index = {name: i for i, name in enumerate(game._card_names)}

    # -- small readers ---------------------------------------------------------------------------------------

    @staticmethod
    def int_field(obj: Mapping, key: str, path: str, lo: int, hi: int, default: int, rule: str = "P1") -> int:
        if key not in obj:
            return default
        value = obj[key]
        if not _is_int(value):
            _fail(path, f"must be a whole number (a JSON integer), not {value!r}", "P1")
        if not lo <= value <= hi:
            _fail(path, f"must lie from {lo} to {hi}, not {value}", rule)
        return value

    @staticmethod
    def bool_field(obj: Mapping, key: str, path: str, default: bool = False) -> bool:
        value = obj.get(key, default)
        if not isinstance(value, bool):
            _fail(path, f"must be true or false, not {value!r}", "P1")
        return value

    @staticmethod
    def name_field(obj: Mapping, key: str, path: str, names: tuple, default: Any, rule: str = "P1") -> int:
        value = obj.get(key, default)
        if value not in names:
            shown = ", ".join("null" if n is None else repr(n) for n in names)
            _fail(path, f"must be one of {shown}, not {value!r}", rule)
        return names.index(value)

    @staticmethod
    def object_fields(obj: Any, path: str, allowed: set[str], required: tuple[str, ...] = ()) -> None:
        if not isinstance(obj, Mapping):
            _fail(path, f"must be a JSON object, not {type(obj).__name__}", "P1")
        for key in obj:
            if not isinstance(key, str) or key not in allowed:
                _fail(f"{path}.{key}" if path else str(key),
                      f"unknown field (allowed here: {', '.join(sorted(allowed))})", "P1")
        for key in required:
            if key not in obj:
                _fail(f"{path}.{key}" if path else key, "this field is required", "P1")

    def seat(self, obj: Mapping, key: str, path: str, default: int) -> int:
        return self.int_field(obj, key, path, 0, self.n - 1, default, "P2")

    @staticmethod
    def list_field(obj: Mapping, key: str, path: str) -> list:
        value = obj.get(key, [])
        if not isinstance(value, list):
            _fail(path, f"must be a JSON list, not {type(value).__name__}", "P1")
        return value

    # -- the document ----------------------------------------------------------------------------------------

    def read(self) -> sb.RawState:
        doc = self.doc
        self.object_fields(doc, "", _TOP_FIELDS, ("format", "players"))
        if doc["format"] != FORMAT:
            _fail("format", f"must be {FORMAT!r}, not {doc['format']!r}", "P1")
        players = doc["players"]
        if not isinstance(players, list) or len(players) != self.n:
            got = len(players) if isinstance(players, list) else type(players).__name__
            _fail("players", f"must list one player per seat of setup {self.game.setup!r} ({self.n}), in seat "
                             f"order, not {got}", "P2")
        for p, player in enumerate(players):
            self.object_fields(player, f"players[{p}]", _PLAYER_FIELDS)
        raw = sb.RawState(players=[sb.RawPlayer() for _ in range(self.n)], cards=[], num_dots=len(self.geo.ids))
        self.raw = raw
        raw.seed = self.int_field(doc, "seed", "seed", 0, _U64, 0, "P14")
        raw.counter = self.int_field(doc, "counter", "counter", 0, _U64, 0, "P14")
        raw.phase = self.name_field(doc, "phase", "phase", sb.PHASES, "action")
        over = sb.PHASES[raw.phase] == "over"
        raw.end_reason = self.name_field(doc, "end_reason", "end_reason", sb.END_REASONS, None)
        if over != (raw.end_reason != 0):
            _fail("end_reason", "is given exactly when the phase is 'over' (how the game ended)", "P9")
        mulligan = sb.PHASES[raw.phase] == "mulligan"
        limit = self.game.max_turns
        lo, hi = {"mulligan": (0, 0), "over": (0, limit + 1)}.get(sb.PHASES[raw.phase], (1, limit))
        raw.turn = self.int_field(doc, "turn", "turn", lo, hi, 0 if mulligan else 1, "P9")
        for p, player in enumerate(players):
            self.read_standing(p, player, mulligan)
        self.check_standing(over)
        self.read_turn_order(doc, over)
        entries = []
        for p, player in enumerate(players):
            entries += self.read_zones(p, player)
        self.serials: list[int] = []
        self.doc = doc
        stack_entries, refs = self.read_stack(doc.get("stack", []), over)
        resolving = self.resolution_ref(doc.get("resolution"), over)
        pending_entry, pending_ref = self.read_pending(doc.get("pending"), over)
        entries += stack_entries + ([resolving[4]] if resolving and resolving[4] else [])
        entries += [pending_entry] if pending_entry else []
        self.assign(entries)
        self.build_cards(entries)
        self.check_pieces()
        self.check_classes()
        if sb.PHASES[raw.phase] == "cleanup" and len(raw.players[raw.active].hand) <= 7:
            _fail(f"players[{raw.active}].hand", "in the cleanup phase the active player holds more than 7 cards "
                                                 "and discards down to 7 (rules.md 5.6)", "P11")
        self.resolve_stack(refs)
        self.fx.read_top(self, doc, raw, lambda obj, path: self.stack_item(resolving))
        self.resolve_pending(pending_ref, pending_entry)
        raw.pending_instance = self.int_field(doc, "last_choice_card", "last_choice_card", 0,
                                              len(self.instances) - 1, raw.pending_instance, "P13")
        if "last_choice_card" in doc and sb.PENDING[raw.pending] in ("move", "attack", "placement"):
            _fail("last_choice_card", "is only given when no move, attack or placement is pending", "P13")
        return raw

    def read_standing(self, p: int, player: Mapping, mulligan: bool) -> None:
        path = f"players[{p}]"
        ps = self.raw.players[p]
        ps.outcome = self.name_field(player, "outcome", f"{path}.outcome", sb.OUTCOMES, "playing")
        ps.reason = self.name_field(player, "reason", f"{path}.reason", sb.END_REASONS, None)
        if (ps.outcome == 0) != (ps.reason == 0):
            _fail(f"{path}.reason", "is given exactly when the outcome is not 'playing' (how it ended for them)",
                  "P10")
        ps.kept = self.bool_field(player, "kept", f"{path}.kept", not mulligan)
        if not mulligan and ps.outcome == 0 and not ps.kept:
            _fail(f"{path}.kept", "every player still playing has kept their hand after the mulligan phase "
                                  "(rules.md 5.2)", "P10")
        edition = self.board.rules
        ps.murphy = self.int_field(player, "murphy_uses", f"{path}.murphy_uses", 0, MAX_MURPHY[edition], 0, "P10")
        ps.crystal_placed = self.bool_field(player, "crystal_placed", f"{path}.crystal_placed")
        pool = player.get("pool", {})
        if not isinstance(pool, Mapping):
            _fail(f"{path}.pool", "must be a JSON object of energy letters to counts, such as {\"B\": 2}", "P1")
        letters = EDITION_LETTERS[edition]
        for letter, count in pool.items():
            if not isinstance(letter, str) or letter not in sb.ENERGY_LETTERS or letter not in letters:
                _fail(f"{path}.pool.{letter}", f"no energy {letter!r} in edition {edition!r} (letters: "
                                               f"{', '.join(c for c in sb.ENERGY_LETTERS if c in letters)}; "
                                               f"rules.md 4.1)", "P8")
            ps.pool[sb.ENERGY_LETTERS.index(letter)] = self.int_field(pool, letter, f"{path}.pool.{letter}", 0,
                                                                      MAX_POOL, 0, "P8")

    def playing(self, p: int) -> bool:
        return self.raw.players[p].outcome == 0

    def check_standing(self, over: bool) -> None:
        outcomes = [sb.OUTCOMES[ps.outcome] for ps in self.raw.players]
        if over:
            if "playing" in outcomes:
                p = outcomes.index("playing")
                _fail(f"players[{p}].outcome", "the game is over: nobody is still 'playing' (rules.md 5.8)", "P10")
            return
        for p, outcome in enumerate(outcomes):
            if outcome in ("won", "drawn"):
                _fail(f"players[{p}].outcome", f"{outcome!r} only when the phase is 'over' (rules.md 5.8)", "P10")
        if len({self.teams[p] for p in range(self.n) if self.playing(p)}) < 2:
            _fail("players", "a game still going has players of at least two teams still playing; when one team "
                             "is left it has won (rules.md 5.8)", "P10")

    def read_turn_order(self, doc: Mapping, over: bool) -> None:
        raw = self.raw
        phase = sb.PHASES[raw.phase]
        raw.first_player = self.seat(doc, "first_player", "first_player", 0)
        raw.active = self.seat(doc, "active_player", "active_player", raw.first_player)
        live = [p for p in range(self.n) if self.playing(p)]
        if phase == "mulligan":
            order = [(raw.first_player + k) % self.n for k in range(self.n)]
            default = next((p for p in order if self.playing(p) and not raw.players[p].kept), raw.first_player)
        elif phase == "end":
            default = next((p for p in ((raw.active + k) % self.n for k in range(1, self.n + 1))
                            if self.playing(p)), raw.active)
        else:
            default = raw.active
        raw.priority = self.seat(doc, "priority", "priority", default)
        # Card effects: every player still playing may have passed while triggered abilities and their
        # announcements are under way (rules.md 6.9); the count starts again when priority comes back.
        most = self.n if over else max(0, len(live) - (0 if self.fx.native else 1))
        raw.passes = self.int_field(doc, "passes", "passes", 0, most, 0, "P11")
        if over:
            return
        if phase == "mulligan":
            if raw.active != raw.first_player:
                _fail("active_player", "in the mulligan phase the active player is the first player", "P11")
            if raw.players[raw.priority].kept:
                _fail("priority", f"player {raw.priority} has kept their hand: in the mulligan phase priority is "
                                  "with a player who decides on their hand (rules.md 5.2)", "P11")
        elif not self.playing(raw.active):
            _fail("active_player", f"player {raw.active} has left the game (rules.md 5.8)", "P11")
        if not self.playing(raw.priority):
            _fail("priority", f"player {raw.priority} has left the game (rules.md 5.8)", "P11")
        if phase == "cleanup" and raw.priority != raw.active:
            _fail("priority", "in the cleanup phase the active player discards (rules.md 5.6)", "P11")

    # -- cards -----------------------------------------------------------------------------------------------

    def entry(self, value: Any, path: str, owner: int, zone: int, controller: int) -> _Entry:
        if isinstance(value, str):
            name, obj = value, {}
        else:
            self.object_fields(value, path, _ENTRY_FIELDS[zone], ("card",))
            name, obj = value["card"], value
            if zone == _PLAY:
                owner = self.seat(obj, "owner", f"{path}.owner", owner)
        if not isinstance(name, str) or name not in self.by_name[owner]:
            names = list(self.by_name[owner])
            close = difflib.get_close_matches(str(name), names, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (their cards: {', '.join(names)})"
            _fail(path if isinstance(value, str) else f"{path}.card", f"player {owner} has no card {name!r}{hint}",
                  "P3")
        explicit = None
        if "instance" in obj:
            explicit = self.int_field(obj, "instance", f"{path}.instance", 0, len(self.instances) - 1, 0, "P3")
            if explicit not in self.by_name[owner][name]:
                _fail(f"{path}.instance", f"card {explicit} is not one of player {owner}'s {name!r} "
                                          f"(those are {self.by_name[owner][name]}; Game.instance_cards())", "P3")
        return _Entry(path, owner, name, explicit, zone, controller, obj)

    def read_zones(self, p: int, player: Mapping) -> list[_Entry]:
        out = []
        for key, zone in _ZONE_FIELDS:
            for k, value in enumerate(self.list_field(player, key, f"players[{p}].{key}")):
                out.append(self.entry(value, f"players[{p}].{key}[{k}]", p, zone, p))
        return out

    def assign(self, entries: list[_Entry]) -> None:
        """Instance numbers: explicit ones first, then each name takes its owner's lowest free instances in document
        order (P3)."""
        taken: dict[int, _Entry] = {}
        for e in entries:
            if e.explicit is not None:
                if e.explicit in taken:
                    _fail(f"{e.path}.instance", f"card {e.explicit} is already listed at {taken[e.explicit].path}",
                          "P3")
                taken[e.explicit] = e
                e.instance = e.explicit
        free = {}
        for e in entries:
            if e.explicit is not None:
                continue
            key = (e.owner, e.name)
            if key not in free:
                free[key] = [i for i in self.by_name[e.owner][e.name] if i not in taken]
            if not free[key]:
                owned = len(self.by_name[e.owner][e.name])
                _fail(e.path, f"player {e.owner} owns {owned} {e.name!r}, all listed already (explicit instances "
                              "first, then names in document order)", "P3")
            e.instance = free[key].pop(0)
        self.listed = {e.instance: e for e in entries}

    def record(self, e: _Entry) -> int:
        value = e.obj.get("record", [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v in sb.RECORD_BITS for v in value) or \
                len(set(value)) != len(value):
            _fail(f"{e.path}.record", "must be a list holding 'drawn' and/or 'cast', each at most once", "P1")
        return sum(sb.RECORD_BITS[v] for v in value)

    def counters_of(self, name: str) -> list[int]:
        """The counters card ``name`` enters play with (start_counters)."""
        return list(self.starting[name])

    def counters(self, e: _Entry) -> list[int]:
        """P16: the ``counters`` of a card in play, by kind; the card's starting counters when not given."""
        if "counters" not in e.obj:
            return self.counters_of(e.name)
        value = e.obj["counters"]
        if not isinstance(value, Mapping) or any(k not in COUNTER_KINDS for k in value):
            _fail(f"{e.path}.counters", f"must be an object with keys among {', '.join(COUNTER_KINDS)}", "P16")
        if value and not self.game.effects:
            _fail(f"{e.path}.counters", "counters come with card effects: this game has none", "P16")
        return [self.int_field(value, kind, f"{e.path}.counters.{kind}", 0, 255, 0, "P16") for kind in COUNTER_KINDS]

    def build_cards(self, entries: list[_Entry]) -> None:
        raw = self.raw
        raw.cards = [sb.RawCard(definition=self.def_index[name], owner=owner, controller=owner, zone=_DECK)
                     for owner, name in self.instances]
        for e in entries:
            c = raw.cards[e.instance]
            c.zone, c.controller, c.record = e.zone, e.controller, self.record(e)
            c.activated = self.bool_field(e.obj, "activated", f"{e.path}.activated")
            c.moved = self.bool_field(e.obj, "moved", f"{e.path}.moved")
            c.attacked = self.bool_field(e.obj, "attacked", f"{e.path}.attacked")
            c.damage = self.int_field(e.obj, "damage", f"{e.path}.damage", 0, 255, 0, "P6")
            if e.zone == _PLAY:
                c.counters = self.counters(e)
                self.fx.read_card(self, c, e.instance, e.obj, e.path)
        for p in range(self.n):
            life_base = self.first[p]
            if life_base in self.listed:
                continue
            # An unlisted life base is in play, on its seat's start dot unless its player lost (P4).
            c = raw.cards[life_base]
            c.zone = _PLAY
            c.counters = self.counters_of(self.instances[life_base][1])
            c.dot = -1 if sb.OUTCOMES[raw.players[p].outcome] == "lost" else self.geo.index[self.seats[p]]
            self.listed[life_base] = _Entry(f"players[{p}].in_play", p, self.instances[life_base][1], None, _PLAY,
                                            p, {}, life_base, unlisted=True)
        for p in range(self.n):
            listed_deck = [e.instance for e in entries if e.zone == _DECK and e.owner == p]
            rest = [i for i in range(self.first[p], self.first[p + 1]) if i not in self.listed]
            top_first = listed_deck + rest  # P4: unlisted cards lie under the listed deck, in instance order
            raw.players[p].deck = top_first[::-1]
            raw.players[p].hand = [e.instance for e in entries if e.zone == _HAND and e.owner == p]

    # -- checks on cards -------------------------------------------------------------------------------------

    def check_pieces(self) -> None:
        raw = self.raw
        on_dot: dict[int, str] = {}
        start_owner = {self.geo.index[dot]: seat for seat, dot in enumerate(self.seats)}
        for e in self.listed.values():  # document order; unlisted life bases last
            card = self.cards[e.name]
            c = raw.cards[e.instance]
            if card.type == "life-base" and e.zone in (_HAND, _DECK):
                _fail(e.path, f"{e.name!r} is a life base: never in a hand or a deck (rules.md 5.1)", "P4")
            if e.zone == _CAST and (card.type in ("life-base", "crystal") or
                                    (card.type != "summon" and not self.fx.native)):
                _fail(e.path, f"{e.name!r} is a {card.type}: only summons are cast, and fluxes, catalysts and "
                              "quests in a game with card effects (rules.md 5.10)", "P4")
            if e.zone != _PLAY:
                continue
            if card.type == "flux" or (card.type in ("catalyst", "quest") and not self.game.effects):
                _fail(e.path, f"{e.name!r} is a {card.type}: only permanents are in play, and catalysts and quests "
                              "only in a game with card effects", "P4")
            piece = card.type in ("life-base", "summon")
            for key in ("dot", "damage", "moved", "attacked", "heading"):
                if not piece and key in e.obj and e.obj[key] not in (None, 0, False):
                    _fail(f"{e.path}.{key}", f"{e.name!r} is a {card.type}: it has no piece on the board", "P6")
            if not piece:
                continue
            standing = sb.OUTCOMES[raw.players[e.controller].outcome]
            if "dot" in e.obj:
                c.dot = -1 if e.obj["dot"] is None else self.geo.dot(e.obj["dot"], f"{e.path}.dot")
            if c.dot < 0 and standing == "playing":
                _fail(f"{e.path}.dot", f"player {e.controller} is still playing: their {e.name!r} in play stands "
                                       "on a dot", "P5")
            if c.dot >= 0 and standing == "lost" and sb.PHASES[raw.phase] != "over":
                _fail(f"{e.path}.dot", f"player {e.controller} lost: their pieces have left the board "
                                       "(rules.md 5.8)", "P5")
            if c.dot >= 0:
                if c.dot in on_dot:
                    what = (f"the life base {e.name!r}, listed nowhere, stands on its start dot, but"
                            if e.unlisted else "")
                    _fail(e.path if e.unlisted else f"{e.path}.dot", f"{what} {on_dot[c.dot]} already stands on "
                                                                      f"{self.geo.ids[c.dot]!r} (rules.md 2.2)".strip(),
                          "P5")
                on_dot[c.dot] = e.path if not e.unlisted else f"its life base {e.name!r} (listed nowhere)"
                seat = start_owner.get(c.dot, e.controller)
                # A card effect may have given the piece to another player where it stands (rules.md 6.17).
                if seat not in (e.controller, c.owner if self.fx.native else e.controller, c.control_return):
                    _fail(f"{e.path}.dot", f"{self.geo.ids[c.dot]!r} is player {seat}'s start dot: only their "
                                           "summons stand there (rules.md 2.6)", "P5")
            if c.damage >= card.defense and not self.fx.native:  # card effects change defense: the engine judges
                _fail(f"{e.path}.damage", f"damage {c.damage} reaches the defense of {e.name!r} ({card.defense}): "
                                          "it would have been destroyed (rules.md 5.13)", "P6")
            heading = e.obj.get("heading")
            if heading is not None:
                if c.dot < 0:
                    _fail(f"{e.path}.heading", "only a piece on the board has a heading (rules.md 2.9)", "P6")
                c.heading = self.geo.piece_heading(c.dot, heading, f"{e.path}.heading")
        for p in range(self.n):
            life_base = raw.cards[self.first[p]]
            if self.playing(p) and sb.PHASES[raw.phase] != "over" and (life_base.zone != _PLAY or life_base.dot < 0):
                _fail(self.listed[self.first[p]].path, f"player {p} is still playing: their life base is on the "
                                                       "board (rules.md 5.8)", "P10")

    def check_classes(self) -> None:
        """rules.md 5.10: one summon of each class per controller, on the board or being cast (P7)."""
        seen: dict[tuple[int, str], str] = {}
        for e in self.listed.values():  # document order; unlisted life bases last
            c = self.raw.cards[e.instance]
            cls = self.cards[e.name].summon_class
            if cls is None or not ((c.zone == _PLAY and c.dot >= 0) or c.zone == _CAST):
                continue
            key = (e.controller, cls)
            if key in seen:
                _fail(e.path, f"player {e.controller} already has a {cls} at {seen[key]}: one summon of each class, "
                              "in play or being cast (rules.md 5.10)", "P7")
            seen[key] = e.path

    # -- the stack and the pending choice --------------------------------------------------------------------

    def read_stack(self, stack: Any, over: bool) -> tuple[list[_Entry], list]:
        if not isinstance(stack, list):
            _fail("stack", f"must be a JSON list, bottom first, not {type(stack).__name__}", "P1")
        if stack and sb.PHASES[self.raw.phase] not in ("action", "over") + (("end",) if self.fx.native else ()):
            _fail("stack", "items are declared in an action or end phase and resolve before it ends "
                           "(rules.md 5.7, 5.10-5.13)", "P9")
        if len(stack) > MAX_STACK:
            _fail("stack", f"holds at most {MAX_STACK} items (core limit)", "P12")
        entries, refs = [], []
        for k, item in enumerate(stack):
            path = f"stack[{k}]"
            serial, ref = self.item_ref(item, path, over, k)
            if serial in self.serials:
                _fail(f"{path}.serial", f"serial {serial} is already another item's", "P12")
            self.serials.append(serial)
            refs.append(ref)
            if ref[4] is not None:
                entries.append(ref[4])
        return entries, refs

    def item_ref(self, item: Any, path: str, over: bool, default_serial: int) -> tuple[int, tuple]:
        """A stack item's serial and (path, kind, controller, serial, entry or item) before instances are assigned:
        a cast lists its card as an entry (P3); moves, attacks and abilities name theirs (P12, P19)."""
        if not isinstance(item, Mapping):
            _fail(path, f"must be a JSON object, not {type(item).__name__}", "P1")
        if "kind" not in item:
            _fail(f"{path}.kind", "this field is required", "P1")
        kind = self.name_field(item, "kind", f"{path}.kind", sb.STACK_KINDS, "")
        name = sb.STACK_KINDS[kind]
        extra = {"cast": _FLAGS | pfx.ITEM_FIELDS - {"source"}, "move": {"destination", "heading", "heading_rank"},
                 "attack": {"target", "heading", "heading_rank"}, "ability": pfx.ITEM_FIELDS}[name]
        required = {"cast": ("card",), "move": ("card", "destination"), "attack": ("card", "target"),
                    "ability": ("source", "ability")}[name]
        common = _COMMON if name != "ability" else set()
        self.object_fields(item, path, common | {"kind", "controller", "serial"} | extra, required)
        # Serial numbers name stack items for card effects (docs/cards.md); by default an item's place.
        serial = self.int_field(item, "serial", f"{path}.serial", 0, 65535, default_serial, "P12")
        controller = self.seat(item, "controller", f"{path}.controller", self.raw.active)
        if name == "cast":
            entry_obj = {key: item[key] for key in item if key in _CAST_ENTRY}
            return serial, (path, kind, controller, serial, self.entry(entry_obj, path, controller, _CAST,
                                                                       controller), item)
        if not over and name in ("move", "attack") and controller != self.raw.active:
            _fail(f"{path}.controller", "moves and attacks are declared by the active player (rules.md 5.12, "
                                        "5.13)", "P12")
        if name in ("move", "attack") and sb.PHASES[self.raw.phase] not in ("action", "over"):
            _fail(path, "moves and attacks are declared in the active player's action phase (rules.md 5.12, 5.13)",
                  "P9")
        return serial, (path, kind, controller, serial, None, item)

    def stack_item(self, ref: tuple) -> sb.RawStackItem:
        """The core's stack item of a reference item_ref made, once instances are assigned."""
        path, kind, controller, serial, entry, item = ref
        name = sb.STACK_KINDS[kind]
        if entry is not None:
            it = sb.RawStackItem(kind, controller, entry.instance, 0, serial)
            card = self.cards[entry.name]
            over = sb.PHASES[self.raw.phase] == "over"
            if card.type in ("summon", "catalyst", "quest") and not over and controller != self.raw.active:
                _fail(f"{path}.controller", f"{entry.name!r} is a {card.type}: cast by the active player in their "
                                            "action phase (rules.md 5.10)", "P12")
            if card.type == "summon" and sb.PHASES[self.raw.phase] not in ("action", "over"):
                _fail(path, "summons are cast in the active player's action phase (rules.md 5.10)", "P9")
        elif name == "ability":
            instance = self.fx.card_of(item["source"], f"{path}.source")
            it = sb.RawStackItem(kind, controller, instance, 0, serial)
        else:
            instance = self.piece_of(item, path, controller, "P12")
            return sb.RawStackItem(kind, controller, instance, self.key(item, path, instance, name == "attack"), serial)
        self.fx.read_item(self, item, path, it)
        return it

    def piece_of(self, obj: Mapping, path: str, player: int, rule: str) -> int:
        """The instance of a piece on the board that ``player`` controls, named by ``obj["card"]`` (and
        ``obj["instance"]``). After the game, a piece that left the board with its player counts too."""
        name = obj["card"]
        over = sb.PHASES[self.raw.phase] == "over"
        found = [i for i, e in sorted(self.listed.items()) if e.name == name and e.zone == _PLAY
                 and e.controller == player and (over or self.raw.cards[i].dot >= 0)]
        if "instance" in obj:
            chosen = self.int_field(obj, "instance", f"{path}.instance", 0, len(self.instances) - 1, 0, rule)
            if self.fx.native and rule == "P12" and self.instances[chosen][1] == name and \
                    not any(i == chosen for i in found):
                # Card effects may take a piece off the board while its move or attack waits on the stack; the
                # item stays and does nothing when it resolves (rules.md 5.12, 5.13).
                return chosen
            if chosen not in found:
                _fail(f"{path}.instance", f"card {chosen} is no {name!r} of player {player} on the board", rule)
            return chosen
        if not found:
            _fail(f"{path}.card", f"player {player} has no {name!r} on the board", rule)
        return found[0]

    def key(self, item: Mapping, path: str, instance: int, attack: bool) -> int:
        """The core's key: the destination (move) or target (attack) dot * 9 + the heading's rank (rules.md 2.11,
        3.6), from the heading as the board API names it (P12)."""
        c = self.raw.cards[instance]
        card = self.cards[self.instances[instance][1]]
        where = "target" if attack else "destination"
        dot = self.geo.dot(item[where], f"{path}.{where}", "P12")
        if ("heading" in item) == ("heading_rank" in item):
            _fail(f"{path}.heading", "give the heading (null for none) or, instead, heading_rank", "P1")
        if "heading_rank" in item:
            return dot * 9 + self.int_field(item, "heading_rank", f"{path}.heading_rank", 0, 8, 0, "P12")
        heading = item["heading"]
        if heading is None:
            if attack and not card.all_directions:
                _fail(f"{path}.heading", "an attack leaves its summon's dot along a line: it has a heading "
                                         "(rules.md 2.8)", "P12")
            if card.type == "life-base":
                _fail(f"{path}.heading", "a life base never warps: its move arrives along a line with a heading "
                                         "(rules.md 2.7)", "P12")
            return dot * 9
        if not (isinstance(heading, list) and len(heading) == 2 and all(_is_int(v) for v in heading)):
            _fail(f"{path}.heading", f"must be null or a direction [dx, dy], not {heading!r}", "P1")
        if card.all_directions:
            _fail(f"{path}.heading", f"{card.name!r} moves and attacks in all directions: its moves and attacks "
                                     "are one per dot, with heading null (rules.md 2.10, 2.11)", "P12")
        if attack and c.dot < 0:
            _fail(f"{path}.heading", "the attacker has left the board: give heading_rank", "P12")
        headings = self.geo.leaving(c.dot) if attack else self.geo.arriving(dot)
        ranked = self.geo.ranked(headings)
        v = (heading[0], heading[1])
        if v not in ranked:
            where_from = f"leaves {self.geo.ids[c.dot]!r}" if attack else f"arrives at {self.geo.ids[dot]!r}"
            _fail(f"{path}.heading", f"no line {where_from} in direction {list(v)} (headings there: "
                                     f"{[list(h) for h in ranked]})", "P12")
        return dot * 9 + 1 + ranked.index(v)

    def resolution_ref(self, resolution: Any, over: bool) -> tuple | None:
        """The item of a resolution in progress (P21), read like a stack item; its card, when it is a cast, is
        listed there (document order: after the stack, before the pending placement)."""
        if resolution is None:
            return None
        if not isinstance(resolution, Mapping) or "item" not in resolution:
            _fail("resolution", "must be a JSON object with the resolving item, part, pc and registers", "P21")
        if sb.PHASES[self.raw.phase] not in ("action", "end", "over"):
            _fail("resolution", "an ability resolves in an action or end phase (rules.md 5.7)", "P9")
        return self.item_ref(resolution["item"], "resolution.item", over, 0)[1]

    def resolve_stack(self, refs: list) -> None:
        self.raw.stack = [self.stack_item(ref) for ref in refs]
        lowest = max(self.serials) + 1 if self.serials else 0
        self.raw.next_serial = self.int_field(self.doc, "next_serial", "next_serial", lowest, 65535, lowest, "P12")

    def read_pending(self, pending: Any, over: bool) -> tuple[_Entry | None, Mapping | None]:
        raw = self.raw
        if pending is None:
            return None, None
        if not isinstance(pending, Mapping):
            _fail("pending", f"must be a JSON object, not {type(pending).__name__}", "P1")
        raw.pending = self.name_field(pending, "choice", "pending.choice", sb.PENDING[1:], "") + 1
        choice = sb.PENDING[raw.pending]
        if choice in ("announce", "resolve", "trigger"):  # card effects: what is chosen follows from the rest (P13)
            self.object_fields(pending, "pending", {"choice"})
            self.fx.need_effects("pending.choice", "P13")
            if sb.PHASES[raw.phase] not in ("action", "end", "over"):
                _fail("pending", "a choice is pending only in an action or end phase (rules.md 5.7)", "P9")
            return None, None
        self.object_fields(pending, "pending", _CAST_ENTRY | {"choice"}, ("choice", "card"))
        if sb.PHASES[raw.phase] not in ("action", "over"):
            _fail("pending", "a choice is pending only in the action phase (rules.md 5.10-5.13)", "P9")
        if not over and raw.priority != raw.active:
            _fail("pending", "the choice is the active player's, who has priority (rules.md 5.11-5.13)", "P13")
        if choice == "placement":
            entry_obj = {key: pending[key] for key in pending if key in _CAST_ENTRY}
            return self.entry(entry_obj, "pending", raw.priority, _CAST, raw.priority), None
        for key in ("record", *_FLAGS):
            if key in pending:
                _fail(f"pending.{key}", "a pending move or attack names a piece on the board, listed in in_play",
                      "P1")
        return None, pending

    def resolve_pending(self, ref: Mapping | None, entry: _Entry | None) -> None:
        raw = self.raw
        if entry is not None:
            raw.pending_instance = entry.instance
            return
        if ref is None:
            return
        p = raw.priority
        instance = self.piece_of(ref, "pending", p, "P13")
        raw.pending_instance = instance
        c, card = raw.cards[instance], self.cards[self.instances[instance][1]]
        if sb.PENDING[raw.pending] == "move":
            if c.activated or not card.speed:
                _fail("pending.card", f"{card.name!r} cannot move now: it is activated or has no Speed "
                                      "(rules.md 5.12)", "P13")
            crystals: dict[str, int] = {}
            for i, cc in enumerate(raw.cards):
                d = self.cards[self.instances[i][1]]
                if cc.zone == _PLAY and cc.controller == p and not cc.activated and d.type == "crystal":
                    crystals[d.produces] = crystals.get(d.produces, 0) + 1
            pool = dict(zip(sb.ENERGY_LETTERS, raw.players[p].pool))
            if not can_pay(card.move_cost, pool, crystals):
                _fail("pending.card", f"player {p} cannot pay the movement cost {str(card.move_cost)!r} of "
                                      f"{card.name!r} (rules.md 5.12)", "P13")
        elif c.attacked or card.attack is None or not card.range:
            _fail("pending.card", f"{card.name!r} cannot attack now: it attacked this turn or has no Attack or "
                                  "Range (rules.md 5.13)", "P13")


def _parse_text(text: str) -> Any:
    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                _fail(key, "a JSON object has this key twice", "P1")
            out[key] = value
        return out

    def fail(reason: str) -> NoReturn:
        _fail("position", reason, "P1")

    return parse_json_text(text, fail, object_pairs_hook=pairs)


_NATIVE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # per game: its core position reader


def native_reader(game: Game):
    """The core's reader of ``game``'s position texts (cpp/src/x610z/position_read.cpp), made once per game."""
    found = _NATIVE.get(game)
    if found is None:
        found = _NATIVE[game] = _core.x610z.PositionReader(game._core)
    return found


def state_from_json(game: Game, doc: Mapping[str, Any] | str) -> State:
    """The state a position document describes (docs/state-format.md, rules P1-P22): a dict, or its JSON text.
    Raises :class:`tcbg.PositionError` naming the field and the rule broken. Use it as ``game.state_from_json``.

    A text is read by the core's reader (the fast path); whatever it refuses, and every dict, is read by
    :func:`python_state_from_json`, the reference, which accepts what the core accepts and words the errors.
    """
    if isinstance(doc, str):
        data = native_reader(game).read(doc)
        if data is not None:
            try:
                state = game.state_class(game, game._core, data, [])
            except GameError:  # the rules engine refuses it (P15): the reference reader words the error
                pass
            else:
                if state.is_terminal() or state.legal_actions():
                    return state
    return python_state_from_json(game, doc)


def python_state_from_json(game: Game, doc: Mapping[str, Any] | str) -> State:
    """:func:`state_from_json` by the Python reader alone: the reference the core's reader is tested against, and
    the reader of dicts and of every document the core's reader refuses."""
    if isinstance(doc, (str, bytes, bytearray)):
        try:
            doc = _parse_text(doc if isinstance(doc, str) else bytes(doc).decode("utf-8"))
        except UnicodeDecodeError as exc:
            _fail("position", f"not UTF-8 text ({exc.reason})", "P1")
    if not isinstance(doc, Mapping):
        _fail("position", f"must be a JSON object (a dict) or its text, not {type(doc).__name__}", "P1")
    deep = too_deep(doc)
    if deep is not None:
        _fail(deep or "position", depth_reason(deep), "P1")
    raw = _Reader(game, doc).read()
    try:
        state = game.state_class(game, game._core, sb.encode(raw), [])
    except GameError as err:  # what P1-P14 let through and the core still refuses (its reader runs the invariants)
        _fail("position", f"the rules engine refuses this position: {err.reason}", "P15")
    if not state.is_terminal() and not state.legal_actions():
        _fail("position", f"player {state.current_player()} has priority but no action to take", "P15")
    return state
