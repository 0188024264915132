"""Z/X positions as JSON documents (docs/zx/state-format.md, "Positions as JSON", rules ZP1-ZP14).

``state_to_json`` writes every field of a position readably (cards as ``"Name #N"``, as action texts name them;
Squares as ``"s1"`` ... ``"s9"``, player 0's numbering); ``state_from_json`` reads a document, refusing whatever
breaks a rule with :class:`tcbg.PositionError` naming the field as a JSON path and the rule, then builds the state
through the core's checked deserialize (ZP14), so no broken position is ever accepted.

>>> from tcbg.zx.game import load_game
>>> game = load_game(decks=["vanilla-red-blue", "vanilla-white-black"])
>>> state = game.new_initial_state(seed=1)
>>> doc = json.loads(state.to_json())
>>> doc["frames"][-1]["kind"], len(doc["players"][0]["hand"])
('mulligan', 4)
>>> game.state_from_json(doc).legal_actions() == state.legal_actions()
True
>>> doc["turn_player"] = 2
>>> game.state_from_json(doc)
Traceback (most recent call last):
    ...
tcbg.errors.PositionError: turn_player: must be 0 or 1, not 2 [zx/state-format ZP3]
"""

from __future__ import annotations

import json
import re

from tcbg._jsonfile import depth_reason, too_deep
from tcbg.errors import GameError, PositionError
from tcbg.zx import position_bytes as pb
from tcbg.zx.position_bytes import TYPES, _key

FORMAT = "tcbg-zx-position/1"
KINDS = (None, "mulligan", "turn", "preprocess", "draw", "reload", "ignition", "play", "battle", "damage", "excess",
         "effect", "life-recovery", "void-bringer", "startup")
END_REASONS = (None, "life", "concede", "turn-limit")
OUTCOMES = ("playing", "won", "lost", "drawn")
RECORD_BITS = {"drawn": 1, "cast": 2, "from-ignition": 8, "from-life": 16}  # tcbg/zx/records.hpp
STATUS_NO_DAMAGE, STATUS_APPEARED = 1, 2  # zx/game.hpp kStatus*: until end of turn
GRANTED = {"range-2": 4, "range-infinity": 8, "isolate": 16}  # keywords granted until end of turn (kStatusRange2 ...)
STATUS_FROZEN = 32  # no Reboot in its owner's next Reboot Phase (rules.md Z15.162)
STATUS_USED_ONCE = 64  # its "only once per turn" ability was used this turn
STATUS_NO_BATTLE_DAMAGE = 128  # the attacker deals no damage in this battle (rules.md Z15.345)
PLAY_FLAGS = {"free": 1, "colour-paid": 2, "from-damage": 4}
REGISTER_BOUND = 1_000_000  # a paused resolution's registers, -bound to bound (ZP9; tcbg::fx::kRegisterBound)
# The Turn frame's steps (cpp/src/zx/turn.cpp) and the phase each belongs to (docs/zx/rules.md section 6).
TURN_PHASES = ("reboot", "draw", "draw", "resource", "resource", "resource", "ignition", "ignition", "ignition",
               "main", "end", "end", "end", "end")
# The named arguments of each frame kind: slot -> (field, type). Slots a kind does not name are written as "a"..."e"
# when they differ from a new frame's (ZP9).
FRAME_ARGS = {
    "draw": {"a": ("count", "count")},
    "ignition": {"a": ("charge_card", "card"), "b": ("revealed", "card")},
    "play": {"a": ("card", "card"), "b": ("from", "zone"), "c": ("square", "square"), "d": ("cost_left", "count"),
             "e": ("flags", "flags")},
    "battle": {"a": ("attacker", "card"), "b": ("attacker_square", "square"), "c": ("target_square", "square"),
               "d": ("target", "card"), "e": ("priority", "battle")},
    "damage": {"a": ("revealed", "card")},
    "excess": {"a": ("chosen", "count")},
    "effect": {"a": ("source", "card"), "b": ("ability", "count"), "c": ("cursor", "count"), "d": ("subject", "card"),
               "e": ("amount", "count")},
    "startup": {"a": ("card", "card"), "b": ("ability", "count"), "c": ("charge_left", "count"),
                "d": ("cost_left", "count"), "e": ("progress", "count")},
    "life-recovery": {"a": ("card", "card")},
    "void-bringer": {"a": ("card", "card")},
}
SLOTS = "abcde"
ZONE_LISTS = ("deck", "hand", "life", "resource", "charge", "trash")
DOC_FIELDS = {"format", "game", "seed", "counter", "turn", "turn_player", "first_player", "over", "end_reason",
              "field", "players", "frames", "waiting"}
PLAYER_FIELDS = {"player_card", "resolving", "removed", "mulligan_used", "pending_damage", "reloads", "outcome",
                 *ZONE_LISTS}
CARD_FIELDS = {"card", "sleeping", "damage", "power_change", "record", "marked", "no_damage", "appeared", "removed_by",
               "keywords", "frozen", "used_once", "remembered_by", "player_damage", "cost_change",
               "no_battle_damage"}
CURSOR_FIELDS = {"part", "pc", "cursor_step", "registers"}  # an effect frame's resolution (tcbg/core/effects.hpp)
REF = re.compile(r"^(.*) #([0-9]{1,3})$")
U64 = 2**64 - 1


def _header(game) -> bytes:
    """The 16 bytes before every record of this game: the tag, the game's fingerprint, the record's size."""
    header = game.__dict__.get("_zx_position_header")
    if header is None:
        header = game.__dict__["_zx_position_header"] = game.new_initial_state(seed=0).serialize_bytes()[:16]
    return header


def _player_card(game, p: int) -> int:
    """Player p's Player card instance (after their deck list, docs/zx/actions.md), or -1."""
    if game.decks[p].player is None:
        return -1
    return game._core.first_instance(p) + len(game.decks[p].cards)


def _err(where: str, reason: str, rule: str) -> PositionError:
    return PositionError(reason, field=where, rule=f"zx/state-format {rule}")


def _square_name(s: int) -> str:
    return f"s{s + 1}"


# ----------------------------------------------------------------------------------------------------- writing

def state_to_json(state, indent: int | None = None) -> str:
    """The document of ``state``'s position (docs/zx/state-format.md)."""
    return json.dumps(state_to_doc(state), indent=indent, ensure_ascii=False)


def state_to_doc(state) -> dict:
    game = state._game
    n = game.num_instances
    data = state.serialize_bytes()
    raw = pb.decode(data[16:], n)
    names = [game._name(game.card_of(i)) for i in range(n)]

    def name(i: int) -> str:
        return f"{names[i]} #{i}"

    def ref(i: int) -> str | None:
        return None if i == pb.NONE else name(i)

    def card(i: int, zone: str):
        ci = raw.instances[i]
        extra = {}
        if ci.sleeping:
            extra["sleeping"] = True
        if ci.damage:
            extra["damage"] = ci.damage
        if ci.power_mod:
            extra["power_change"] = ci.power_mod
        if ci.status & STATUS_NO_DAMAGE:
            extra["no_damage"] = True
        if ci.status & STATUS_APPEARED:
            extra["appeared"] = True
        if ci.status & sum(GRANTED.values()):
            extra["keywords"] = [k for k, bit in GRANTED.items() if ci.status & bit]
        if ci.status & STATUS_FROZEN:
            extra["frozen"] = True
        if ci.status & STATUS_USED_ONCE:
            extra["used_once"] = True
        if ci.cost_mod:
            extra["cost_change"] = ci.cost_mod
        if ci.status & STATUS_NO_BATTLE_DAMAGE:
            extra["no_battle_damage"] = True
        if ci.record:
            extra["record"] = [k for k, bit in RECORD_BITS.items() if ci.record & bit]
        if ci.marked:
            extra["marked"] = True
        if ci.removed_by:
            extra["removed_by"] = name(ci.removed_by - 1)
        if ci.remembered_by:
            extra["remembered_by"] = name(ci.remembered_by - 1)
        if ci.player_damage:
            extra["player_damage"] = ci.player_damage
        if zone in ("resource",):
            return {"card": name(i), "sleeping": bool(ci.sleeping), **{k: v for k, v in extra.items() if k != "sleeping"}}
        return {"card": name(i), **extra} if extra else name(i)

    players = []
    for p in range(2):
        rp = raw.players[p]
        doc_p: dict = {}
        pc = [i for i in range(n) if raw.instances[i].owner == p and pb.ZONES[raw.instances[i].zone] == "player-card"]
        doc_p["player_card"] = card(pc[0], "player-card") if pc else None
        for zone in ZONE_LISTS:
            doc_p[zone] = [card(i, zone) for i in rp.lists[zone]]
        doc_p["resolving"] = [card(i, "resolving") for i in range(n)
                              if raw.instances[i].owner == p and pb.ZONES[raw.instances[i].zone] == "resolving"]
        removed = [card(i, "removed") for i in range(n)
                   if raw.instances[i].owner == p and pb.ZONES[raw.instances[i].zone] == "removed"]
        if removed:  # written only when a card was removed from the game (rules.md Z15.127)
            doc_p["removed"] = removed
        doc_p["mulligan_used"] = bool(rp.mulliganed)
        doc_p["pending_damage"] = rp.pending_damage
        doc_p["reloads"] = rp.reloads
        doc_p["outcome"] = OUTCOMES[rp.outcome]
        players.append(doc_p)
    field = []
    for s in range(pb.SQUARES):
        i = raw.board[s]
        if i != pb.NONE:
            c = card(i, "square")
            field.append({"square": _square_name(s), **(c if isinstance(c, dict) else {"card": c})})
    frames = []
    for f in raw.frames:
        kind = KINDS[f.kind]
        out = {"kind": kind, "player": f.player, "step": f.step}
        if kind == "turn":
            out["phase"] = TURN_PHASES[f.step]
        schema = FRAME_ARGS.get(kind, {})
        for slot in SLOTS:
            v = getattr(f, slot)
            if slot in schema:
                key, typ = schema[slot]
                if typ == "card":
                    out[key] = ref(v)
                elif typ == "square":
                    out[key] = None if v == pb.NONE else _square_name(v)
                elif typ == "zone":
                    out[key] = None if v == pb.NONE else pb.ZONES[v] if 0 < v < len(pb.ZONES) else v
                elif typ == "count":
                    out[key] = None if v == pb.NONE else v
                elif typ == "flags":
                    out[key] = [k for k, bit in PLAY_FLAGS.items() if v & bit]
                else:  # battle: priority holder and passes in a row
                    out["priority"] = v & 1
                    out["passes"] = v >> 1
            elif v != getattr(pb.RawFrame(), slot):
                out[slot] = v
        if kind == "effect" and f.step != 0 and f.c < pb.MAX_CURSORS:
            cur = raw.cursors[f.c]
            out.update({"part": cur.part, "pc": cur.pc, "cursor_step": cur.step, "registers": list(cur.regs)})
        frames.append(out)
    return {
        "format": FORMAT,
        "game": {"decks": [d.name for d in game.decks], "fingerprint": data[4:12][::-1].hex()},
        "seed": raw.seed, "counter": raw.counter,
        "turn": raw.turn, "turn_player": raw.turn_player, "first_player": raw.first_player,
        "over": bool(raw.over), "end_reason": END_REASONS[raw.end_reason],
        "field": field,
        "players": players,
        "frames": frames,
        "waiting": [{"kind": KINDS[w.kind], "player": w.player, "card": ref(w.card),
                     **({"ability": w.ability, "subject": ref(w.subject)} if KINDS[w.kind] == "effect" else {}),
                     **({"amount": w.amount} if w.amount else {})}
                    for w in raw.waiting],
    }


def canonical_bytes(state) -> bytes:
    """``state.serialize_bytes()`` with the record's unused slots zeroed: the bytes its document reads back into."""
    return pb.canonical(state.serialize_bytes(), state._game.num_instances)


# ----------------------------------------------------------------------------------------------------- reading

def _int(v, where: str, lo: int, hi: int, rule: str) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise _err(where, f"must be a whole number from {lo} to {hi}, not {_show(v)}", rule)
    return v


def _bool(v, where: str, rule: str) -> bool:
    if type(v) is not bool:
        raise _err(where, f"must be true or false, not {_show(v)}", rule)
    return v


def _show(v) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _obj(v, where: str, allowed: set, rule: str) -> dict:
    if not isinstance(v, dict):
        raise _err(where, f"must be an object, not {_show(v)}", rule)
    for key in v:
        if key not in allowed:
            raise _err(f"{where}.{key}" if where else str(key), f"unknown field (fields: {', '.join(sorted(allowed))})",
                       "ZP1")
    return v


def _list(v, where: str, rule: str) -> list:
    if not isinstance(v, list):
        raise _err(where, f"must be a list, not {_show(v)}", rule)
    return v


class _Reader:
    def __init__(self, game) -> None:
        self.game = game
        self.n = game.num_instances
        tables = game.__dict__.get("_zx_position_tables")
        if tables is None:  # the game's instances, read once per game
            owners = [game._core.owner_of(i) for i in range(self.n)]
            names = [game._name(game.card_of(i)) for i in range(self.n)]
            refs = {f"{name} #{i}": i for i, name in enumerate(names)}
            defs = [game._core.def_of(i) for i in range(self.n)]
            tables = game.__dict__["_zx_position_tables"] = (owners, names, refs, defs)
        self.owners, self.names, self.refs, self.defs = tables
        self.seen: dict[int, str] = {}

    def ref(self, v, where: str, *, owner: int | None = None, allow_none: bool = False, claim: bool = False):
        """A card reference "Name #N" (ZP5): the instance number, checked against the game's cards."""
        if v is None and allow_none:
            return pb.NONE
        if not isinstance(v, str):
            raise _err(where, f"must be a card \"Name #N\", not {_show(v)}", "ZP5")
        m = REF.match(v)
        if not m:
            raise _err(where, f"{_show(v)} is not a card \"Name #N\"", "ZP5")
        i = int(m.group(2))
        if i >= self.n:
            raise _err(where, f"the game has no card #{i} (cards #0 to #{self.n - 1})", "ZP5")
        if self.names[i] != m.group(1):
            raise _err(where, f"card #{i} is {self.names[i]!r}, not {m.group(1)!r}", "ZP5")
        if owner is not None and self.owners[i] != owner:
            raise _err(where, f"{v} is player {self.owners[i]}'s card, not player {owner}'s", "ZP6")
        if claim:
            if i in self.seen:
                raise _err(where, f"{v} is already at {self.seen[i]}", "ZP6")
            self.seen[i] = where
        return i

    def card(self, v, where: str, owner: int, zone: str, raw: pb.RawCore) -> int:
        """A card in a zone (ZP5, ZP7): a reference, or an object with its other fields."""
        if isinstance(v, str):  # the common case: a reference of this game, in its owner's zone, not seen yet
            i = self.refs.get(v)
            if i is not None and self.owners[i] == owner and i not in self.seen:
                self.seen[i] = where
                raw.instances[i].zone = pb.ZONES.index(zone)
                return i
        obj = v if isinstance(v, dict) else {"card": v}
        _obj(obj, where, CARD_FIELDS, "ZP7")
        if "card" not in obj:
            raise _err(f"{where}.card", "required", "ZP7")
        i = self.ref(obj["card"], f"{where}.card" if isinstance(v, dict) else where, owner=owner, claim=True)
        ci = raw.instances[i]
        ci.zone = pb.ZONES.index(zone)
        sleeping = _bool(obj.get("sleeping", False), f"{where}.sleeping", "ZP7")
        if sleeping and zone not in ("square", "resource"):
            raise _err(f"{where}.sleeping", "only a card on a Square or in Resource sleeps (CR 306)", "ZP7")
        ci.sleeping = int(sleeping)
        if zone != "square":
            for key in ("damage", "power_change", "cost_change"):
                if key in obj:
                    raise _err(f"{where}.{key}", "only a Z/X on a Square has damage or Power changes", "ZP7")
        ci.damage = _int(obj.get("damage", 0), f"{where}.damage", 0, 2**31 - 1, "ZP7")
        ci.power_mod = _int(obj.get("power_change", 0), f"{where}.power_change", -2**31, 2**31 - 1, "ZP7")
        ci.cost_mod = _int(obj.get("cost_change", 0), f"{where}.cost_change", -99, 99, "ZP7")
        record = _list(obj.get("record", []), f"{where}.record", "ZP7")
        ci.record = 0
        for k, word in enumerate(record):
            if not isinstance(word, str) or word not in RECORD_BITS:
                raise _err(f"{where}.record[{k}]", f"{_show(word)} is not one of {', '.join(RECORD_BITS)}", "ZP7")
            ci.record |= RECORD_BITS[word]
        marked = _bool(obj.get("marked", False), f"{where}.marked", "ZP7")
        if marked and zone != "charge":
            raise _err(f"{where}.marked", "only a Charge card is marked (chosen for Trash, CR 906.1)", "ZP7")
        ci.marked = int(marked)
        no_damage = _bool(obj.get("no_damage", False), f"{where}.no_damage", "ZP7")
        if no_damage and zone != "square":
            raise _err(f"{where}.no_damage", "only a Z/X on a Square deals no damage until end of turn", "ZP7")
        appeared = _bool(obj.get("appeared", False), f"{where}.appeared", "ZP7")
        if appeared and zone != "square":
            raise _err(f"{where}.appeared", "only a Z/X on a Square appeared this turn", "ZP7")
        ci.status = (STATUS_NO_DAMAGE if no_damage else 0) | (STATUS_APPEARED if appeared else 0)
        for k, word in enumerate(_list(obj.get("keywords", []), f"{where}.keywords", "ZP7")):
            if not isinstance(word, str) or word not in GRANTED:
                raise _err(f"{where}.keywords[{k}]", f"{_show(word)} is not one of {', '.join(GRANTED)}", "ZP7")
            if zone != "square":
                raise _err(f"{where}.keywords", "only a Z/X on a Square has keywords until end of turn", "ZP7")
            ci.status |= GRANTED[word]
        if _bool(obj.get("frozen", False), f"{where}.frozen", "ZP7"):
            if zone != "square":
                raise _err(f"{where}.frozen", "only a Z/X on a Square is kept from Rebooting (rules.md Z15.162)",
                           "ZP7")
            ci.status |= STATUS_FROZEN
        if _bool(obj.get("used_once", False), f"{where}.used_once", "ZP7"):
            if zone != "square":
                raise _err(f"{where}.used_once", "only a Z/X on a Square used its once-a-turn ability", "ZP7")
            ci.status |= STATUS_USED_ONCE
        if _bool(obj.get("no_battle_damage", False), f"{where}.no_battle_damage", "ZP7"):
            if zone != "square":
                raise _err(f"{where}.no_battle_damage", "only a Z/X on a Square attacks, dealing no damage in its "
                           "battle (rules.md Z15.345)", "ZP7")
            ci.status |= STATUS_NO_BATTLE_DAMAGE
        by = obj.get("removed_by")
        ci.removed_by = 0
        if by is not None:
            if zone != "removed":
                raise _err(f"{where}.removed_by", "only a card removed from the game was removed by a card "
                           "(rules.md Z15.131)", "ZP7")
            ci.removed_by = self.ref(by, f"{where}.removed_by") + 1
        by = obj.get("remembered_by")
        ci.remembered_by = 0
        if by is not None:
            if zone not in ("square", "resource"):
                raise _err(f"{where}.remembered_by", "only a card an ability put onto a Square or into the Resource "
                           "is remembered (rules.md Z15.320)", "ZP7")
            ci.remembered_by = self.ref(by, f"{where}.remembered_by") + 1
        ci.player_damage = _int(obj.get("player_damage", 0), f"{where}.player_damage", 0, 8, "ZP7")
        if ci.player_damage and zone != "square":
            raise _err(f"{where}.player_damage", "only a Z/X on a Square deals more damage to a player until end of "
                       "turn (rules.md Z15.324)", "ZP7")
        return i

    def square(self, v, where: str, allow_none: bool = False) -> int:
        if v is None and allow_none:
            return pb.NONE
        if not isinstance(v, str) or not re.fullmatch(r"s[1-9]", v):
            raise _err(where, f"must be a Square \"s1\" to \"s9\", not {_show(v)}", "ZP8")
        return int(v[1]) - 1

    def read(self, doc) -> pb.RawCore:
        _obj(doc, "", DOC_FIELDS, "ZP1")
        for key in ("format", "game", "players", "frames"):
            if key not in doc:
                raise _err(key, "required", "ZP1" if key != "game" else "ZP2")
        if doc["format"] != FORMAT:
            raise _err("format", f"must be {FORMAT!r}, not {_show(doc['format'])}", "ZP1")
        self.game_identity(doc["game"])
        raw = pb.RawCore(num_instances=self.n)
        for i, ci in enumerate(raw.instances):
            ci.definition = self.defs[i]
            ci.owner = self.owners[i]
        raw.seed = _int(doc.get("seed", 0), "seed", 0, U64, "ZP13")
        raw.counter = _int(doc.get("counter", 0), "counter", 0, U64, "ZP13")
        raw.turn = _int(doc.get("turn", 0), "turn", 0, self.game.options["max_turns"], "ZP3")
        for key in ("turn_player", "first_player"):
            v = doc.get(key, 0)
            if type(v) is not int or v not in (0, 1):
                raise _err(key, f"must be 0 or 1, not {_show(v)}", "ZP3")
        raw.turn_player, raw.first_player = doc.get("turn_player", 0), doc.get("first_player", 0)
        raw.over = int(_bool(doc.get("over", False), "over", "ZP12"))
        reason = doc.get("end_reason")
        if reason not in END_REASONS:
            raise _err("end_reason", f"{_show(reason)} is not one of null, life, concede, turn-limit", "ZP12")
        if (reason is None) != (not raw.over):
            raise _err("end_reason", "given exactly when the game is over", "ZP12")
        raw.end_reason = END_REASONS.index(reason)
        players = _list(doc["players"], "players", "ZP4")
        if len(players) != 2:
            raise _err("players", f"a Z/X game has two players, not {len(players)}", "ZP4")
        for p, dp in enumerate(players):
            self.player(dp, p, raw)
        self.field(_list(doc.get("field", []), "field", "ZP8"), raw)
        for i in range(self.n):
            if i not in self.seen:
                raise _err("players", f"{self.names[i]} #{i} is in no zone: list every card once", "ZP6")
        frames = _list(doc["frames"], "frames", "ZP9")
        if len(frames) > pb.MAX_FRAMES:
            raise _err("frames", f"at most {pb.MAX_FRAMES} frames, not {len(frames)}", "ZP9")
        if bool(frames) == bool(raw.over):
            raise _err("frames", "a game going on has frames (the Turn at the bottom), a finished one none", "ZP9")
        raw.frames = [self.frame(f, f"frames[{k}]", k, raw) for k, f in enumerate(frames)]
        waiting = _list(doc.get("waiting", []), "waiting", "ZP11")
        if len(waiting) > pb.MAX_WAITING:
            raise _err("waiting", f"at most {pb.MAX_WAITING} waiting abilities, not {len(waiting)}", "ZP11")
        for k, w in enumerate(waiting):
            where = f"waiting[{k}]"
            _obj(w, where, {"kind", "player", "card", "ability", "subject", "amount"}, "ZP11")
            if w.get("kind") not in ("life-recovery", "void-bringer", "effect"):
                raise _err(f"{where}.kind", f"must be life-recovery, void-bringer or effect, not {_show(w.get('kind'))}",
                           "ZP11")
            player = w.get("player")
            if type(player) is not int or player not in (0, 1):
                raise _err(f"{where}.player", f"must be 0 or 1, not {_show(player)}", "ZP11")
            entry = pb.RawWaiting(KINDS.index(w["kind"]), player, self.ref(w.get("card"), f"{where}.card"))
            if w["kind"] == "effect":
                entry.ability = _int(w.get("ability"), f"{where}.ability", 0, 254, "ZP11")
                entry.subject = self.ref(w.get("subject"), f"{where}.subject", allow_none=True)
                entry.amount = _int(w.get("amount", 0), f"{where}.amount", 0, 254, "ZP11")
            elif "ability" in w or "subject" in w or "amount" in w:
                raise _err(f"{where}.ability", "only an effect waiting names its ability and subject", "ZP11")
            raw.waiting.append(entry)
        return raw

    def game_identity(self, g) -> None:
        _obj(g, "game", {"decks", "fingerprint"}, "ZP2")
        want = _header(self.game)[4:12][::-1].hex()
        if g.get("fingerprint") != want:
            raise _err("game.fingerprint", f"the position belongs to another game (this game's is {want}: its "
                       "cards, decks and options)", "ZP2")
        names = [d.name for d in self.game.decks]
        if "decks" in g and g["decks"] != names:
            raise _err("game.decks", f"this game's decks are {names}, not {_show(g['decks'])}", "ZP2")

    def player(self, dp, p: int, raw: pb.RawCore) -> None:
        where = f"players[{p}]"
        _obj(dp, where, PLAYER_FIELDS, "ZP4")
        rp = raw.players[p]
        for zone in ZONE_LISTS:
            cards = _list(dp.get(zone, []), f"{where}.{zone}", "ZP6")
            if len(cards) > pb.LIST_SLOTS:
                raise _err(f"{where}.{zone}", f"at most {pb.LIST_SLOTS} cards", "ZP6")
            rp.lists[zone] = [self.card(c, f"{where}.{zone}[{k}]", p, zone, raw) for k, c in enumerate(cards)]
        pc = dp.get("player_card")
        if pc is not None:
            i = self.card(pc, f"{where}.player_card", p, "player-card", raw)
            if i != _player_card(self.game, p):
                raise _err(f"{where}.player_card", f"{self.names[i]} #{i} is not player {p}'s Player card", "ZP4")
        for k, c in enumerate(_list(dp.get("resolving", []), f"{where}.resolving", "ZP10")):
            self.card(c, f"{where}.resolving[{k}]", p, "resolving", raw)
        for k, c in enumerate(_list(dp.get("removed", []), f"{where}.removed", "ZP6")):
            self.card(c, f"{where}.removed[{k}]", p, "removed", raw)
        rp.mulliganed = int(_bool(dp.get("mulligan_used", False), f"{where}.mulligan_used", "ZP4"))
        rp.pending_damage = _int(dp.get("pending_damage", 0), f"{where}.pending_damage", 0, 8, "ZP4")
        rp.reloads = _int(dp.get("reloads", 0), f"{where}.reloads", 0, 255, "ZP4")
        outcome = dp.get("outcome", "playing")
        if outcome not in OUTCOMES:
            raise _err(f"{where}.outcome", f"{_show(outcome)} is not one of {', '.join(OUTCOMES)}", "ZP12")
        if (outcome != "playing") != bool(raw.over):
            raise _err(f"{where}.outcome", "a player's outcome is given exactly when the game is over", "ZP12")
        rp.outcome = OUTCOMES.index(outcome)

    def field(self, field, raw: pb.RawCore) -> None:
        for k, entry in enumerate(field):
            where = f"field[{k}]"
            _obj(entry, where, CARD_FIELDS | {"square"}, "ZP8")
            s = self.square(entry.get("square"), f"{where}.square")
            if raw.board[s] != pb.NONE:
                raise _err(f"{where}.square", f"{_square_name(s)} already holds a Z/X (at most one, CR 303)", "ZP8")
            card = {key: v for key, v in entry.items() if key != "square"}
            if "card" not in card:
                raise _err(f"{where}.card", "required", "ZP8")
            owner = self.ref(card["card"], f"{where}.card")
            i = self.card(card, where, self.owners[owner], "square", raw)
            if TYPES[_key(self.game.card_of(i).type)] != TYPES["zx"]:
                raise _err(f"{where}.card", f"{self.names[i]} #{i} is not a Z/X (only Z/X stand on Squares)", "ZP8")
            if s == (7 if self.owners[i] == 0 else 1):
                raise _err(f"{where}.square", "never on the opponent's Player Square (rules.md Z7.1)", "ZP8")
            raw.board[s] = i
            raw.instances[i].square = s

    def frame(self, f, where: str, k: int, raw: pb.RawCore) -> pb.RawFrame:
        if not isinstance(f, dict):
            raise _err(where, f"must be an object, not {_show(f)}", "ZP9")
        kind = f.get("kind")
        if kind not in KINDS[1:]:
            raise _err(f"{where}.kind", f"{_show(kind)} is not one of {', '.join(KINDS[1:])}", "ZP9")
        if (k == 0) != (kind == "turn"):
            raise _err(f"{where}.kind", "the Turn frame is the bottom one, and only it", "ZP9")
        schema = FRAME_ARGS.get(kind, {})
        allowed = {"kind", "player", "step"} | ({"phase"} if kind == "turn" else set()) | \
            (CURSOR_FIELDS if kind == "effect" else set())
        for slot in SLOTS:
            if slot in schema:
                allowed |= {"priority", "passes"} if schema[slot][1] == "battle" else {schema[slot][0]}
            else:
                allowed.add(slot)
        _obj(f, where, allowed, "ZP9")
        out = pb.RawFrame(kind=KINDS.index(kind))
        player = f.get("player")
        if type(player) is not int or player not in (0, 1):
            raise _err(f"{where}.player", f"must be 0 or 1, not {_show(player)}", "ZP9")
        out.player = player
        out.step = _int(f.get("step", 0), f"{where}.step", 0, 13, "ZP9")
        if kind == "turn" and "phase" in f and f["phase"] != TURN_PHASES[out.step]:
            raise _err(f"{where}.phase", f"step {out.step} is in the {TURN_PHASES[out.step]} phase, not "
                       f"{_show(f['phase'])}", "ZP9")
        for slot in SLOTS:
            if slot not in schema:
                setattr(out, slot, _int(f.get(slot, getattr(out, slot)), f"{where}.{slot}", 0, 255, "ZP9"))
                continue
            key, typ = schema[slot]
            at = f"{where}.{key}"
            if typ == "card":
                v = self.ref(f.get(key), at, allow_none=True)
            elif typ == "square":
                v = self.square(f.get(key), at, allow_none=True)
            elif typ == "zone":
                z = f.get(key)
                if z not in pb.ZONES[1:] and z is not None:
                    raise _err(at, f"{_show(z)} is not a zone ({', '.join(pb.ZONES[1:])})", "ZP10")
                v = pb.NONE if z is None else pb.ZONES.index(z)
            elif typ == "count":
                c = f.get(key)
                v = pb.NONE if c is None else _int(c, at, 0, 254, "ZP9")
            elif typ == "flags":
                v = 0
                for j, word in enumerate(_list(f.get(key, []), at, "ZP10")):
                    if not isinstance(word, str) or word not in PLAY_FLAGS:
                        raise _err(f"{at}[{j}]", f"{_show(word)} is not one of {', '.join(PLAY_FLAGS)}", "ZP10")
                    v |= PLAY_FLAGS[word]
            else:
                holder = f.get("priority", 0)
                if type(holder) is not int or holder not in (0, 1):
                    raise _err(f"{where}.priority", f"must be 0 or 1, not {_show(holder)}", "ZP10")
                v = holder | _int(f.get("passes", 0), f"{where}.passes", 0, 1, "ZP10") << 1
            setattr(out, slot, v)
        if kind == "effect" and out.step != 0:  # the resolution's cursor (ZP9)
            if out.c >= pb.MAX_CURSORS:
                raise _err(f"{where}.cursor", f"a cursor from 0 to {pb.MAX_CURSORS - 1}", "ZP9")
            regs = _list(f.get("registers", [-1] * pb.REGISTERS), f"{where}.registers", "ZP9")
            if len(regs) != pb.REGISTERS:
                raise _err(f"{where}.registers", f"{pb.REGISTERS} registers", "ZP9")
            raw.cursors[out.c] = pb.RawCursor(
                _int(f.get("part", 0), f"{where}.part", 0, 0, "ZP9"),
                _int(f.get("cursor_step", 0), f"{where}.cursor_step", 0, 255, "ZP9"),
                _int(f.get("pc", 0), f"{where}.pc", 0, 511, "ZP9"),
                [_int(r, f"{where}.registers[{j}]", -REGISTER_BOUND, REGISTER_BOUND, "ZP9") for j, r in enumerate(regs)])
        elif kind == "effect" and set(f) & CURSOR_FIELDS:
            raise _err(f"{where}.pc", "an effect frame at step 0 has not started: no cursor", "ZP9")
        return out


def native_reader(game):
    """The core's reader of ``game``'s position texts (cpp/src/zx/position_read.cpp), made once per game."""
    reader = game.__dict__.get("_zx_position_reader")
    if reader is None:
        from tcbg import _core

        reader = game.__dict__["_zx_position_reader"] = _core.zx.PositionReader(game._core,
                                                                                  [d.name for d in game.decks])
    return reader


def state_from_json(game, doc):
    """The state a document describes (a dict, or its JSON text), built by the core's checked deserialize.

    A text is read by the core's reader (the fast path); whatever it refuses, and every dict, is read by
    :func:`python_state_from_json`, the reference, which accepts what the core accepts and words the errors.
    """
    if isinstance(doc, str):
        data = native_reader(game).read(doc)
        if data is not None:
            try:
                return game.state_class(game, game._core, data, [])
            except GameError:  # the rules engine refuses it (ZP14-ZP16): the reference reader words the error
                pass
    return python_state_from_json(game, doc)


def python_state_from_json(game, doc):
    """:func:`state_from_json` by the Python reader alone: the reference the core's reader is tested against, and
    the reader of dicts and of every document the core's reader refuses."""
    if isinstance(doc, (str, bytes, bytearray)):
        doc = _parse(doc)
    deep = too_deep(doc)
    if deep is not None:
        raise _err(deep, depth_reason(deep), "ZP1")
    reader = _Reader(game)
    try:
        raw = reader.read(doc)
    except RecursionError:
        raise _err("", "the document nests too deeply", "ZP1") from None
    header = _header(game)
    try:
        return game.state_class(game, game._core, header + pb.encode(raw), [])
    except GameError as exc:
        raise _err("", f"the rules engine refuses the position: {exc.reason}", "ZP14") from None


def _reject_constant(word: str):
    raise ValueError(f"{word} is not JSON")


def _dict_no_duplicates(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} twice in one object")
        out[key] = value
    return out


def _parse(text):
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _err("", f"not UTF-8 text ({exc.reason})", "ZP1") from None
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_dict_no_duplicates)
    except RecursionError:
        raise _err("", "the document nests too deeply", "ZP1") from None
    except ValueError as exc:
        raise _err("", f"not a JSON document: {exc}", "ZP1") from None
