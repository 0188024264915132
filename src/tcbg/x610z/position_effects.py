"""Card effects under way in a position document (docs/state-format.md, "Cards", rules P17-P22):
the JSON forms of stat changes, granted properties, paid abilities used, focus and the other fields card effects
keep on a card in play; the effect fields of stack items (ability, mode, additional effects, targets, a trigger's
event); waiting triggered abilities; a resolution in progress; the announcement's stage and costs still to choose;
lasting effects. :mod:`tcbg.x610z.position` reads and writes the rest of the document and calls these.

Names read like the game: a card named by reference is ``"Name (#instance)"``, as action texts name it; stats,
properties and durations by their words; abilities by their number on the card (as ``use ability 1 of ...``).

>>> import tcbg
>>> game = tcbg.load_game(decks=["arnunnian", "pirate"])
>>> fx = Effects(game)
>>> fx.ref(1)
'Hunter Dragon (#1)'
>>> fx.card_of("Hunter Dragon (#1)", "focus")
1
>>> fx.card_of("Hunter Dragon (#4)", "focus")
Traceback (most recent call last):
    ...
tcbg.errors.PositionError: focus: card 4 is 'Stormglass Skiff (#4)', not 'Hunter Dragon' [state-format P18]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NoReturn

from tcbg.errors import PositionError
from tcbg.x610z import _state_bytes as sb

if TYPE_CHECKING:
    from tcbg.api import Game


def _fail(path: str, reason: str, rule: str) -> NoReturn:
    raise PositionError(reason, field=path, rule=f"state-format {rule}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


STATS = ("attack", "defense", "speed", "range", "block_rate")  # the order of the core's stat changes (Prop)
PROPERTIES = ("stealth", "cannot attack", "cannot move", "cannot be attacked", "all directions")  # bit k: 1 << k
DURATIONS = ("until end of turn", "while in play", "while source in play")  # Duration
LASTING_OPS = {35: "reduce", 48: "modify", 49: "grant", 46: "control"}  # the instruction that made it
MAX_CHANGE = 99  # the engine keeps stat changes from -99 to 99
MAX_WAITING = 32  # kMaxWaiting
MAX_LASTING = 64  # kMaxLasting
MAX_ADDITIONAL = 8  # kMaxAdditional
TARGET_SLOTS = 4
MAX_PC = 512
_I32 = 2**31
_KIND_PLAYER, _KIND_DOT, _KIND_STACK = 0, 9, 10  # filter kinds whose objects are not card instances
_TRIGGERED, _CAST_KIND, _PAID = 3, 0, 2  # ability kinds
CARD_FIELDS = {"stat_changes", "stat_changes_while_in_play", "granted", "granted_while_in_play",
               "paid_abilities_used", "focus", "damage_to_prevent", "control_returns_to", "damage_redirected_to"}
ITEM_FIELDS = {"source", "ability", "mode", "additional", "targets", "event"}
TOP_FIELDS = {"resolution", "announce_stage", "costs_due", "waiting", "priority_due", "lasting_effects"}
_REF = re.compile(r"(.+) \(#(\d{1,6})\)")


class Effects:
    """The card-effect tables of one game, for reading and writing the fields above."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.instances = game.instance_cards()
        self.n = game.num_players()
        native = game.cards.native_effects() if game.effects else None
        self.native = native if native is not None and len(native.abilities) else None  # None: no card effects
        self.dots = tuple(d.id for d in game.board.dots)
        self.dot_index = {d: i for i, d in enumerate(self.dots)}

    # -- references ----------------------------------------------------------------------------------------

    def ref(self, instance: int) -> str:
        if not 0 <= instance < len(self.instances):  # readers refuse such a state (P23); a typed error all the same
            _fail("position", f"no card {instance} in this game (cards 0 to {len(self.instances) - 1})", "P18")
        return f"{self.instances[instance][1]} (#{instance})"

    def opt_ref(self, instance: int) -> str | None:
        return None if instance < 0 else self.ref(instance)

    def card_of(self, value: Any, path: str, allow_none: bool = False) -> int:
        """P18: the instance a reference ``"Name (#N)"`` names (its name checked), -1 for null where allowed."""
        if value is None and allow_none:
            return -1
        m = _REF.fullmatch(value) if isinstance(value, str) else None
        if m is None:
            _fail(path, f"a card is named as actions name it, \"Name (#instance)\", not {value!r}", "P18")
        name, i = m.group(1), int(m.group(2))
        if i >= len(self.instances):
            _fail(path, f"no card {i} in this game (cards 0 to {len(self.instances) - 1})", "P18")
        if self.instances[i][1] != name:
            _fail(path, f"card {i} is {self.ref(i)!r}, not {name!r}", "P18")
        return i

    # -- abilities -----------------------------------------------------------------------------------------

    def abilities(self, instance: int) -> list[int]:
        """The ability indices of a card (tcbg-effects/1), by their number on the card."""
        return [] if self.native is None else self.native.abilities_of(self.instances[instance][1])

    def ability_record(self, ability: int) -> dict[str, int]:
        return self.native.record("abilities", ability)

    def cast_ability(self, instance: int) -> int:
        """The ability a card runs as it is cast (a flux's effect, a focused catalyst's attachment), -1 none."""
        return next((a for a in self.abilities(instance) if self.ability_record(a)["kind"] == _CAST_KIND), -1)

    def ability_of(self, instance: int, value: Any, path: str, kinds: tuple[int, ...], rule: str = "P19") -> int:
        """P19: the ability index of the card's ability number ``value``, of one of ``kinds``."""
        own = self.abilities(instance)
        if not _is_int(value) or not 0 <= value < len(own):
            _fail(path, f"{self.ref(instance)!r} has abilities numbered 0 to {len(own) - 1}, not {value!r}", rule)
        if self.ability_record(own[value])["kind"] not in kinds:
            names = {0: "cast", 1: "activated", 2: "paid", 3: "triggered"}
            _fail(path, f"ability {value} of {self.ref(instance)!r} is no {' or '.join(names[k] for k in kinds)} "
                        "ability", rule)
        return own[value]

    def slot_filter(self, item: sb.RawStackItem, slot: int) -> int:
        """The filter of a target slot of an item (the core's announce_slot_filter), -1 for none."""
        ab = self.ability_record(item.ability)
        mode = self.native.record("modes", ab["first_mode"] + item.mode)
        if slot < mode["num_targets"]:
            return mode[f"target{slot}"]
        for k in range(ab["num_additional"]):
            if (item.additional >> k) & 1:
                ad = self.native.record("additionals", ab["first_additional"] + k)
                rel = slot - ad["first_slot"]
                if 0 <= rel < ad["num_targets"]:
                    return ad[f"target{rel}"]
        return -1

    def target_kind(self, item: sb.RawStackItem, slot: int) -> int | None:
        f = self.slot_filter(item, slot)
        return None if f < 0 else self.native.record("filters", f)["kind"]

    # -- writing -------------------------------------------------------------------------------------------

    def write_card(self, c: sb.RawCard, out: dict[str, Any]) -> None:
        """The effect fields of a card in play (P17) into its entry ``out``."""
        for key, changes in (("stat_changes", c.modifier), ("stat_changes_while_in_play", c.lasting)):
            if any(changes):
                out[key] = {stat: v for stat, v in zip(STATS, changes) if v}
        for key, bits in (("granted", c.granted), ("granted_while_in_play", c.granted_lasting)):
            if bits:
                out[key] = [p for k, p in enumerate(PROPERTIES) if bits >> k & 1]
        if c.paid_used:
            out["paid_abilities_used"] = [k for k in range(4) if c.paid_used >> k & 1]
        if c.focus >= 0:
            out["focus"] = self.ref(c.focus)
        if c.shield:
            out["damage_to_prevent"] = c.shield
        if c.control_return >= 0:
            out["control_returns_to"] = c.control_return
        if c.redirect >= 0:
            out["damage_redirected_to"] = self.ref(c.redirect)

    def write_item(self, it: sb.RawStackItem, out: dict[str, Any]) -> None:
        """The effect fields of a cast or ability item (P19) into ``out``."""
        if it.ability < 0:
            if sb.STACK_KINDS[it.kind] == "cast" and self.cast_ability(it.instance) >= 0:
                out["ability"] = None
            return
        own = self.abilities(it.instance)
        if sb.STACK_KINDS[it.kind] == "ability" or it.ability != self.cast_ability(it.instance):
            out["ability"] = own.index(it.ability)
        if it.mode:
            out["mode"] = it.mode
        if it.additional:
            out["additional"] = [k for k in range(MAX_ADDITIONAL) if it.additional >> k & 1]
        targets: list[Any] = []
        for slot, t in enumerate(it.targets):
            kind = self.target_kind(it, slot)
            if t < 0:
                targets.append(None)
            elif kind == _KIND_DOT:
                targets.append(self.dots[t])
            elif kind in (_KIND_PLAYER, _KIND_STACK):
                targets.append(t)
            else:
                targets.append(self.ref(t))
        while targets and targets[-1] is None:
            targets.pop()
        if targets:
            out["targets"] = targets
        event = self.write_event(it.subject, it.other, it.amount)
        if event:
            out["event"] = event

    def card_json(self, c: sb.RawCard) -> dict[str, Any]:
        out: dict[str, Any] = {}
        self.write_card(c, out)
        return out

    def write_event(self, subject: int, other: int, amount: int) -> dict[str, Any]:
        event: dict[str, Any] = {}
        if subject >= 0:
            event["subject"] = self.ref(subject)
        if other >= 0:
            event["other"] = self.ref(other)
        if amount:
            event["amount"] = amount
        return event

    def write_top(self, raw: sb.RawState, doc: dict[str, Any], item_json) -> None:
        """The document's card-effect fields (P20-P22). ``item_json(item)`` writes a resolving item."""
        if raw.resolution is not None:
            r = raw.resolution
            doc["resolution"] = {"item": item_json(r.item), "part": r.part, "pc": r.pc, "registers": list(r.regs)}
        if raw.announce_stage:
            doc["announce_stage"] = raw.announce_stage
        if raw.cost_due:
            due: dict[str, Any] = {}
            if raw.cost_due & 7:
                due["discard"] = raw.cost_due & 7
            if raw.cost_due & 8:
                due["sacrifice"] = True
            if raw.cost_due >> 4:
                due["part"] = raw.cost_due >> 4
            doc["costs_due"] = due
        if raw.waiting:
            doc["waiting"] = []
            for w in raw.waiting:
                entry: dict[str, Any] = {"source": self.ref(w.source),
                                         "ability": self.abilities(w.source).index(w.ability),
                                         "controller": w.controller}
                event = self.write_event(w.subject, w.other, w.amount)
                if event:
                    entry["event"] = event
                doc["waiting"].append(entry)
        if raw.priority_due:
            doc["priority_due"] = raw.priority_due
        if raw.lasting:
            doc["lasting_effects"] = [self.write_lasting(e) for e in raw.lasting]

    def write_lasting(self, e: sb.RawLasting) -> dict[str, Any]:
        op = LASTING_OPS.get(e.op, e.op)
        out: dict[str, Any] = {"effect": op, "duration": DURATIONS[e.duration] if e.duration < 3 else e.duration,
                               "target": self.ref(e.target), "source": self.ref(e.source)}
        if op == "modify":
            out["stat"] = STATS[e.what] if e.what < len(STATS) else e.what
        elif op == "grant":
            out["properties"] = [p for k, p in enumerate(PROPERTIES) if e.what >> k & 1]
        elif op == "control":
            out["returns_to"] = e.what
        if op in ("reduce", "modify") or e.amount:
            out["amount"] = e.amount
        return out

    # -- reading -------------------------------------------------------------------------------------------

    def need_effects(self, path: str, rule: str) -> None:
        if self.native is None:
            _fail(path, "card effects under way come with card effects: this game has none (load_game(..., "
                        "effects=True))", rule)

    def read_card(self, r, c: sb.RawCard, instance: int, obj: Mapping[str, Any], path: str) -> None:
        """P17: the effect fields of a card in play from its entry ``obj`` into ``c``."""
        present = [key for key in CARD_FIELDS if key in obj]
        if not present:
            return
        self.need_effects(f"{path}.{present[0]}", "P17")
        for key, attr in (("stat_changes", "modifier"), ("stat_changes_while_in_play", "lasting")):
            if key in obj:
                value = obj[key]
                if not isinstance(value, Mapping) or any(k not in STATS for k in value):
                    _fail(f"{path}.{key}", f"must be an object with keys among {', '.join(STATS)}", "P17")
                setattr(c, attr, [r.int_field(value, s, f"{path}.{key}.{s}", -MAX_CHANGE, MAX_CHANGE, 0, "P17")
                                  for s in STATS])
        for key, attr in (("granted", "granted"), ("granted_while_in_play", "granted_lasting")):
            if key in obj:
                setattr(c, attr, self.read_properties(obj[key], f"{path}.{key}", "P17"))
        if "paid_abilities_used" in obj:
            used = obj["paid_abilities_used"]
            if not isinstance(used, list) or len(set(map(repr, used))) != len(used):
                _fail(f"{path}.paid_abilities_used", "must be a list of ability numbers, each at most once", "P17")
            for k, number in enumerate(used):
                self.ability_of(instance, number, f"{path}.paid_abilities_used[{k}]", (_PAID,), "P17")
                if number > 3:
                    _fail(f"{path}.paid_abilities_used[{k}]", "the engine keeps paid abilities 0 to 3", "P17")
                c.paid_used |= 1 << number
        if "focus" in obj:
            c.focus = self.card_of(obj["focus"], f"{path}.focus")
        c.shield = r.int_field(obj, "damage_to_prevent", f"{path}.damage_to_prevent", 0, 255, 0, "P17")
        c.control_return = r.int_field(obj, "control_returns_to", f"{path}.control_returns_to", 0, self.n - 1, -1,
                                       "P17")
        if "damage_redirected_to" in obj:
            c.redirect = self.card_of(obj["damage_redirected_to"], f"{path}.damage_redirected_to")

    @staticmethod
    def read_properties(value: Any, path: str, rule: str) -> int:
        if not isinstance(value, list) or not all(isinstance(v, str) and v in PROPERTIES for v in value) or \
                len(set(value)) != len(value):
            _fail(path, f"must be a list of properties among {', '.join(map(repr, PROPERTIES))}, each at most once",
                  rule)
        return sum(1 << PROPERTIES.index(v) for v in value)

    def read_item(self, r, obj: Mapping[str, Any], path: str, it: sb.RawStackItem) -> None:
        """P19: the effect fields of a cast or ability item ``obj`` into ``it`` (its kind, controller and card set)."""
        kind = sb.STACK_KINDS[it.kind]
        present = [key for key in ITEM_FIELDS - {"source"} if key in obj]
        if kind == "ability" or present:
            self.need_effects(f"{path}.{(present or ['kind'])[0]}", "P19")
        if kind == "cast":
            it.ability = self.cast_ability(it.instance)
            if "ability" in obj:
                it.ability = -1 if obj["ability"] is None else \
                    self.ability_of(it.instance, obj["ability"], f"{path}.ability", (_CAST_KIND,))
        elif kind == "ability":
            if "ability" not in obj:
                _fail(f"{path}.ability", "this field is required", "P1")
            it.ability = self.ability_of(it.instance, obj["ability"], f"{path}.ability", (1, 2, 3))
            it.triggered = int(self.ability_record(it.ability)["kind"] == _TRIGGERED)
        if it.ability < 0:
            if present and present != ["ability"]:
                _fail(f"{path}.{next(k for k in present if k != 'ability')}", "an item that runs no ability has no "
                                                                              "mode, additional effects, targets or "
                                                                              "event", "P19")
            return
        ab = self.ability_record(it.ability)
        it.mode = r.int_field(obj, "mode", f"{path}.mode", 0, ab["num_modes"] - 1, 0, "P19")
        extra = obj.get("additional", [])
        if not isinstance(extra, list) or not all(_is_int(k) and 0 <= k < ab["num_additional"] for k in extra) or \
                len(set(extra)) != len(extra):
            _fail(f"{path}.additional", f"must be a list of the ability's additional effect numbers (0 to "
                                        f"{ab['num_additional'] - 1}), each at most once", "P19")
        it.additional = sum(1 << k for k in extra)
        targets = obj.get("targets", [])
        if not isinstance(targets, list) or len(targets) > TARGET_SLOTS:
            _fail(f"{path}.targets", f"must be a list of at most {TARGET_SLOTS} targets, by slot", "P19")
        it.targets = [-1] * TARGET_SLOTS
        for slot, value in enumerate(targets):
            it.targets[slot] = self.read_target(r, it, slot, value, f"{path}.targets[{slot}]")
        it.subject, it.other, it.amount = self.read_event(r, obj.get("event", {}), f"{path}.event")

    def read_target(self, r, it: sb.RawStackItem, slot: int, value: Any, path: str) -> int:
        if value is None:
            return -1
        kind = self.target_kind(it, slot)
        if kind is None:
            _fail(path, "the ability announces no target in this slot (with this mode and these additional "
                        "effects): null", "P19")
        if kind == _KIND_DOT:
            if not isinstance(value, str) or value not in self.dot_index:
                _fail(path, f"this slot targets a dot: a dot id of the board, not {value!r}", "P19")
            return self.dot_index[value]
        if kind == _KIND_PLAYER:
            return r.int_field({"t": value}, "t", path, 0, self.n - 1, 0, "P19")
        if kind == _KIND_STACK:
            return r.int_field({"t": value}, "t", path, 0, 65535, 0, "P19")
        return self.card_of(value, path)

    def read_event(self, r, event: Any, path: str) -> tuple[int, int, int]:
        r.object_fields(event, path, {"subject", "other", "amount"})
        return (self.card_of(event.get("subject"), f"{path}.subject", True),
                self.card_of(event.get("other"), f"{path}.other", True),
                r.int_field(event, "amount", f"{path}.amount", 0, 255, 0, "P19"))

    def read_top(self, r, doc: Mapping[str, Any], raw: sb.RawState, read_item) -> None:
        """P20-P22: waiting abilities, a resolution in progress, the announcement and lasting effects.
        ``read_item(obj, path)`` reads a resolving item."""
        present = [key for key in TOP_FIELDS if key in doc]
        if present:
            self.need_effects(present[0], "P20")
        waiting = r.list_field(doc, "waiting", "waiting")
        if len(waiting) > MAX_WAITING:
            _fail("waiting", f"at most {MAX_WAITING} triggered abilities wait at once (core limit)", "P20")
        for k, w in enumerate(waiting):
            path = f"waiting[{k}]"
            r.object_fields(w, path, {"source", "ability", "controller", "event"}, ("source", "ability"))
            source = self.card_of(w["source"], f"{path}.source")
            ability = self.ability_of(source, w["ability"], f"{path}.ability", (_TRIGGERED,), "P20")
            controller = r.seat(w, "controller", f"{path}.controller", self.instances[source][0])
            subject, other, amount = self.read_event(r, w.get("event", {}), f"{path}.event")
            raw.waiting.append(sb.RawWaiting(ability, source, controller, subject, other, amount))
        raw.priority_due = r.seat(doc, "priority_due", "priority_due", 0)
        raw.announce_stage = r.int_field(doc, "announce_stage", "announce_stage", 0, MAX_ADDITIONAL + TARGET_SLOTS,
                                         0, "P21")
        due = doc.get("costs_due")
        if due is not None:
            r.object_fields(due, "costs_due", {"discard", "sacrifice", "part"})
            discard = r.int_field(due, "discard", "costs_due.discard", 0, 7, 0, "P21")
            sacrifice = r.bool_field(due, "sacrifice", "costs_due.sacrifice")
            if not discard and not sacrifice:
                _fail("costs_due", "names a cost to choose: cards to discard or a permanent to sacrifice", "P21")
            raw.cost_due = discard | (8 if sacrifice else 0) | \
                r.int_field(due, "part", "costs_due.part", 0, MAX_ADDITIONAL, 0, "P21") << 4
        resolution = doc.get("resolution")
        if resolution is not None:
            r.object_fields(resolution, "resolution", {"item", "part", "pc", "registers"}, ("item", "registers"))
            item = read_item(resolution["item"], "resolution.item")
            if item.ability < 0:
                _fail("resolution.item", "a resolution runs an ability: a flux, catalyst or ability item", "P21")
            regs = resolution["registers"]
            if not isinstance(regs, list) or len(regs) != 16 or \
                    not all(_is_int(v) and -_I32 <= v < _I32 for v in regs):
                _fail("resolution.registers", "must be a list of the 16 registers, whole numbers from -2^31 to "
                                              "2^31 - 1 (docs/cards.md, \"Running a program\")", "P21")
            raw.resolution = sb.RawResolution(
                item, r.int_field(resolution, "part", "resolution.part", 0, MAX_ADDITIONAL, 0, "P21"),
                r.int_field(resolution, "pc", "resolution.pc", 0, MAX_PC, 0, "P21"), list(regs))
        lasting = r.list_field(doc, "lasting_effects", "lasting_effects")
        if len(lasting) > MAX_LASTING:
            _fail("lasting_effects", f"at most {MAX_LASTING} lasting effects (core limit)", "P22")
        for k, e in enumerate(lasting):
            raw.lasting.append(self.read_lasting(r, e, f"lasting_effects[{k}]"))

    def read_lasting(self, r, e: Any, path: str) -> sb.RawLasting:
        if not isinstance(e, Mapping):
            _fail(path, f"must be a JSON object, not {type(e).__name__}", "P1")
        names = tuple(LASTING_OPS.values())
        name = names[r.name_field(e, "effect", f"{path}.effect", names, None, "P22")]
        r.object_fields(e, path, {"effect", "duration", "target", "source"} |
                        {"reduce": {"amount"}, "modify": {"stat", "amount"}, "grant": {"properties"},
                         "control": {"returns_to"}}[name], ("duration", "target", "source"))
        out = sb.RawLasting(op=tuple(LASTING_OPS)[names.index(name)],
                            duration=r.name_field(e, "duration", f"{path}.duration", DURATIONS, None, "P22"),
                            target=self.card_of(e["target"], f"{path}.target"),
                            source=self.card_of(e["source"], f"{path}.source"))
        if name != "reduce" and DURATIONS[out.duration] != "while source in play":
            _fail(f"{path}.duration", "only damage reduction is kept in this list for other durations; the others "
                                      "are the card's own fields (stat_changes, granted, control_returns_to)", "P22")
        if name == "modify":
            out.what = r.name_field(e, "stat", f"{path}.stat", STATS, None, "P22")
        elif name == "grant":
            out.what = self.read_properties(e.get("properties"), f"{path}.properties", "P22")
            if not out.what:
                _fail(f"{path}.properties", "grants at least one property", "P22")
        elif name == "control":
            out.what = r.seat(e, "returns_to", f"{path}.returns_to", -1)
            if out.what < 0:
                _fail(f"{path}.returns_to", "this field is required", "P1")
        if name in ("reduce", "modify"):
            lo = 1 if name == "reduce" else -MAX_CHANGE
            out.amount = r.int_field(e, "amount", f"{path}.amount", lo, MAX_CHANGE, 0, "P22")
            if out.amount == 0:
                _fail(f"{path}.amount", f"must lie from {lo} to {MAX_CHANGE}, not 0", "P22")
        return out
