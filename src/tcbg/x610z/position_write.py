"""Writing X610Z positions as JSON documents (docs/state-format.md, "Positions as JSON"): ``state.to_json()``,
the inverse of :func:`tcbg.x610z.position.state_from_json`. It leaves out what equals its default, writes a card's
name alone where the reader's in-order assignment gives the same instance, and names the rest exactly.

>>> import tcbg
>>> game = tcbg.load_game(decks=["arnunnian", "undead"])
>>> state = game.new_initial_state(seed=1)
>>> game.state_from_json(state_to_json(state)).serialize_bytes() == state.serialize_bytes()
True
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

from tcbg.x610z import _state_bytes as sb
from tcbg.x610z.position import _DISCARD, _PLAY, _REMOVED, _ZONE_FIELDS, COUNTER_KINDS, FORMAT, tables

if TYPE_CHECKING:
    from tcbg.api import State


def _increasing_subsequence(values: list[int]) -> set[int]:
    """Indices of a longest strictly increasing subsequence of ``values`` (quadratic; lists are short)."""
    best = [1] * len(values)
    back = [-1] * len(values)
    for j in range(len(values)):
        for i in range(j):
            if values[i] < values[j] and best[i] + 1 > best[j]:
                best[j], back[j] = best[i] + 1, i
    out: set[int] = set()
    j = max(range(len(values)), key=best.__getitem__, default=-1)
    while j >= 0:
        out.add(j)
        j = back[j]
    return out


def state_to_json(state: State, indent: int | None = None) -> str:
    """The position of ``state`` as a document that :func:`state_from_json` reads back into the same state
    (``serialize()`` equal; the action history is not part of a position). Use it as ``state.to_json()``."""
    game = state.get_game()
    raw = sb.decode(state.serialize_bytes())
    geo, starting, fx = tables(game)
    instances = game.instance_cards()
    is_piece = {card.name: card.type in ("life-base", "summon") for card in game.cards}
    all_directions = {card.name: bool(card.all_directions) for card in game.cards}
    n = game.num_players()
    seats = game.board.setups[game.setup].seats
    first = [game._core.first_instance(p) for p in range(n)]
    phase = sb.PHASES[raw.phase]
    doc: dict[str, Any] = {"format": FORMAT, "seed": raw.seed, "counter": raw.counter, "turn": raw.turn,
                           "phase": phase, "first_player": raw.first_player, "active_player": raw.active,
                           "priority": raw.priority}
    if raw.passes:
        doc["passes"] = raw.passes
    if raw.end_reason:
        doc["end_reason"] = sb.END_REASONS[raw.end_reason]

    def plain(c: sb.RawCard) -> bool:  # what the reader makes of a card listed nowhere
        return not (c.activated or c.moved or c.attacked or c.record)

    # Every listed card in document order (players: in_play, hand, deck, discard, removed; the stack; the pending
    # placement) as (instance, list to append its entry to or None, fields already known). None: the fields dict is
    # itself the entry (a stack item or the pending choice) and gets the card's fields.
    listing: list[tuple[int, list | None, dict[str, Any]]] = []
    unlisted: set[int] = set()  # life bases left at their default, and the deck's bottom run (P4)
    players_out = []
    for p in range(n):
        ps = raw.players[p]
        lists: dict[str, list] = {key: [] for key, _ in _ZONE_FIELDS}
        life_base = raw.cards[first[p]]
        default_dot = -1 if sb.OUTCOMES[ps.outcome] == "lost" else geo.index[seats[p]]
        if (life_base.zone == _PLAY and life_base.controller == p and life_base.dot == default_dot
                and plain(life_base) and not life_base.damage and (life_base.heading < 0 or life_base.dot < 0)
                and list(life_base.counters) == starting[instances[first[p]][1]] and not fx.card_json(life_base)):
            unlisted.add(first[p])
        for i, c in enumerate(raw.cards):
            if c.zone != _PLAY or c.controller != p or i in unlisted:
                continue
            extra: dict[str, Any] = {}
            if c.owner != p:
                extra["owner"] = c.owner
            if is_piece[instances[i][1]]:  # crystals, catalysts and quests stand on no dot
                extra["dot"] = None if c.dot < 0 else geo.ids[c.dot]
            if c.damage:
                extra["damage"] = c.damage
            if c.heading >= 0 and c.dot >= 0:  # a piece that left the board keeps no heading in a document
                extra["heading"] = geo.piece_heading_spec(c.dot, c.heading)
            if list(c.counters) != starting[instances[i][1]]:
                extra["counters"] = {kind: n for kind, n in zip(COUNTER_KINDS, c.counters) if n}
            fx.write_card(c, extra)
            listing.append((i, lists["in_play"], extra))
        listing += [(i, lists["hand"], {}) for i in ps.hand]
        deck = ps.deck[::-1]  # top first
        cut = len(deck)  # the bottom run in increasing instance order is what the reader makes of unlisted cards
        while cut > 0 and (cut == len(deck) or deck[cut - 1] < deck[cut]) and plain(raw.cards[deck[cut - 1]]):
            cut -= 1
        unlisted.update(deck[cut:])
        listing += [(i, lists["deck"], {}) for i in deck[:cut]]
        for zone, key in ((_DISCARD, "discard"), (_REMOVED, "removed")):  # the reader's document order
            listing += [(i, lists[key], {}) for i, c in enumerate(raw.cards) if c.owner == p and c.zone == zone]
        out: dict[str, Any] = dict(lists)  # empty deck, discard and removed lists are dropped at the end
        if any(ps.pool):
            out["pool"] = {letter: count for letter, count in zip(sb.ENERGY_LETTERS, ps.pool) if count}
        if ps.crystal_placed:
            out["crystal_placed"] = True
        if ps.kept != (phase != "mulligan"):
            out["kept"] = ps.kept
        if ps.murphy:
            out["murphy_uses"] = ps.murphy
        if ps.outcome:
            out["outcome"] = sb.OUTCOMES[ps.outcome]
        if ps.reason:
            out["reason"] = sb.END_REASONS[ps.reason]
        players_out.append(out)
    doc["players"] = players_out
    def item_json(k: int | None, item: sb.RawStackItem) -> dict[str, Any]:
        """A stack item (k its place) or the resolving item (k None); a cast's card joins the listing."""
        kind = sb.STACK_KINDS[item.kind]
        entry: dict[str, Any] = {"kind": kind, "controller": item.controller}
        if item.serial != (0 if k is None else k):
            entry["serial"] = item.serial
        if kind == "cast":
            listing.append((item.instance, None, entry))
        elif kind == "ability":
            entry["source"] = fx.ref(item.instance)
        if kind in ("cast", "ability"):
            fx.write_item(item, entry)
            return entry
        entry["card"] = instances[item.instance][1]
        piece = raw.cards[item.instance]
        if piece.zone != _PLAY or piece.dot < 0 or piece.controller != item.controller:
            entry["instance"] = item.instance  # taken off the board by a card effect (P12)
        dot, rank = divmod(item.key, 9)
        entry["destination" if kind == "move" else "target"] = geo.ids[dot]
        attacker_dot = raw.cards[item.instance].dot
        ranked = ([] if attacker_dot < 0 else geo.ranked(geo.leaving(attacker_dot))) if kind == "attack" else \
            geo.ranked(geo.arriving(dot))
        if rank == 0 and (kind == "move" or all_directions[instances[item.instance][1]]):
            entry["heading"] = None
        elif 0 < rank <= len(ranked):
            entry["heading"] = list(ranked[rank - 1])
        else:  # an attack whose heading no line of the attacker's new dot has (rules.md 5.13a): it will fail
            entry["heading_rank"] = rank
        return entry

    stack_out = [item_json(k, item) for k, item in enumerate(raw.stack)]
    if stack_out:
        doc["stack"] = stack_out
    if raw.next_serial != (max(item.serial for item in raw.stack) + 1 if raw.stack else 0):
        doc["next_serial"] = raw.next_serial
    fx.write_top(raw, doc, lambda item: item_json(None, item))  # the resolving item's card after the stack's
    pending = sb.PENDING[raw.pending]
    if pending == "placement":
        doc["pending"] = {"choice": pending}
        listing.append((raw.pending_instance, None, doc["pending"]))
    elif pending in ("move", "attack"):
        doc["pending"] = {"choice": pending, "card": instances[raw.pending_instance][1]}
    else:
        if pending is not None:
            doc["pending"] = {"choice": pending}
        if raw.pending_instance:
            doc["last_choice_card"] = raw.pending_instance

    # A name alone where the reader's in-order assignment gives the same instance, "instance" elsewhere (P3): the
    # reader gives named entries the lowest instances not given explicitly, and unlisted ones go under the deck.
    groups: dict[tuple[int, str], list[int]] = {}
    for k, (i, _, _) in enumerate(listing):
        groups.setdefault(instances[i], []).append(k)
    explicit: set[int] = set()
    for key, positions in groups.items():
        below = min((i for i in unlisted if instances[i] == key), default=math.inf)
        candidates = [k for k in positions if listing[k][0] < below]
        auto = {candidates[j] for j in _increasing_subsequence([listing[k][0] for k in candidates])}
        explicit.update(k for k in positions if k not in auto)
    for k, (i, target, extra) in enumerate(listing):
        c = raw.cards[i]
        fields: dict[str, Any] = {"card": instances[i][1]}
        if k in explicit:
            fields["instance"] = i
        if target is not None:
            fields.update(extra)  # owner, dot, damage, heading of a card in play
        for flag in ("activated", "moved", "attacked"):
            if getattr(c, flag):
                fields[flag] = True
        if c.record:
            fields["record"] = [name for name, bit in sb.RECORD_BITS.items() if c.record & bit]
        if target is None:
            extra.update(fields)
        else:
            target.append(fields if len(fields) > 1 else fields["card"])
    for out in players_out:
        for key in ("deck", "discard", "removed"):
            if not out[key]:
                del out[key]
    return json.dumps(doc, indent=indent)
