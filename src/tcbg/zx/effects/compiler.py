"""Compiling Z/X abilities into the core's native form (docs/zx/cards.md "Native form"): the shared program builder
(:class:`tcbg.effects.program.Program`) with Z/X's filters, properties, choices and instructions, and the tables of
one game (:class:`ZXTables`), built when the game is created for its card table.

>>> from tcbg.effects.refs import Chosen
>>> from tcbg.zx.effects.language import EventDefinition, DealDamage, ZX
>>> from tcbg.zx.game import ZXCard
>>> cards = [ZXCard("Exploding Coal", "event", ("red",), 2)]
>>> tables = compile_tables(cards, {0: EventDefinition(DealDamage(Chosen(ZX(normal_square=True)), 5000))})
>>> print(tables.disassemble(0))
Exploding Coal: event
0: CTX r4, CONTROLLER
1: CHOOSE r5, f0 (Z/X, Normal Square), r4
2: SET r6, 5000
3: DAMAGE r5, r6
4: END
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from tcbg.effects import actions as A
from tcbg.effects.errors import CompileError, fail
from tcbg.effects.kinds import Continuous, Triggered
from tcbg.effects.native import WIDTH
from tcbg.effects.refs import EVENT_SUBJECT, SELF, Chosen, ContextRef
from tcbg.effects.values import Condition, Matches
from tcbg.zx.effects import language as L
from tcbg.zx.effects.native import (ABILITY_FIELDS, COLOURS, FILTER_FIELDS, GRANTED,
                                    COST_ZX_MAX, COST_ZX_SHIFT, KEYWORDS, RESTRICTIONS,
                                    STARTUP_ZONES, TURNS, ZONES, AbilityKind, CostFlag, Event, Flag)

from tcbg.zx.effects.program import LIMIT, OPERAND, STRUCTURE, Payable, ZXNative, ZXProgram, ZXTables, card_name


# -- abilities into records ----------------------------------------------------------------------------------

def _record(card: int, kind: AbilityKind, **fields: int) -> tuple[int, ...]:
    rec = dict.fromkeys(ABILITY_FIELDS, 0)
    rec.update({"def": card, "kind": int(kind), "filter": -1, "cost_zx": -1})
    rec.update(fields)
    return tuple(int(rec[f]) for f in ABILITY_FIELDS)


def _program(tables: ZXTables, card: Any, definition: Any, effects: Sequence[Any],
             granted: bool = False, event: Event | None = None) -> tuple[int, int]:
    prog = ZXProgram(tables, card, definition)
    prog.granted = granted  # a granted ability's card is the Z/X that has it: it remembers nothing (Z15.320)
    prog.event = event  # an Auto's event: what its effects may read of it (DESTROYED_SQUARE)
    prog.effects(effects)
    return prog.finish()


def _reader(tables: ZXTables, card: Any, definition: Any, what: Any, condition: bool) -> tuple[int, int]:
    prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
    reg = prog.condition(what) if condition else prog.value(what, "a continuous amount")
    return prog.finish(result=reg)


def _fields(flt: Any, *but: str) -> tuple[Any, ...]:
    """A filter's fields but those named (filters compare by identity)."""
    return tuple((f.name, repr(getattr(flt, f.name))) for f in dataclasses.fields(flt) if f.name not in but)


def _cost_cards(tables: ZXTables, ability: L.Startup) -> tuple[tuple[Any, ...], list[Any]]:
    """A startup ability's cost cards (``Cost(trash=...)``, rules.md Z15.221): the effects taking them,
    which open the ability's program (each a choice the ability's controller makes, the first thing on use), and the
    conditions that each can be taken, which the ability's condition of use adds (so a cost is never half paid)."""
    cost = ability.cost
    trash = (cost.trash,) if isinstance(cost.trash, L.Card) else cost.trash
    if not isinstance(trash, tuple) or len(trash) > 4 or not all(
            isinstance(f, L.Card) and f.zone in ("hand", "charge") and f.whose == "yours" for f in trash):
        fail(f"{cost!r}: trash is a Card filter of your hand or Charge, or a tuple of at most 4", OPERAND)
    zones = {f.zone for f in trash}
    if ("charge" in zones and (cost.charge or ability.from_charge or cost.destroy)) or ("hand" in zones and
                                                                                    cost.discard):
        fail(f"{cost!r}: cards of one zone are taken by one part of a cost (a Charge card for trash= is not also "
             "one of charge= or this card in the Charge, destroyed there; a hand card not one of discard=)",
             STRUCTURE)
    if len(trash) > 1:  # one card of each: exact when no card could be taken for two of them
        colours = [f.colour for f in trash]
        if not all(isinstance(c, str) and c in COLOURS for c in colours) or len(set(colours)) != len(colours) or \
                len({_fields(f, "colour") for f in trash}) != 1:
            fail(f"{cost!r}: several trash= filters are one filter of different single colours (one card of each "
                 "colour)", OPERAND)
        for c in tables.cards:
            if len({str(k).lower() for k in getattr(c, "colours", ())} & set(colours)) > 1:
                fail(f"{cost!r}: {card_name(c)} has two of the colours, so which it pays for is not one card's "
                     "choice; a game of this cost plays cards of one of them each (rules.md Z15.221)", OPERAND)
    return tuple(L.PutIntoTrash(Chosen(f)) for f in trash), [Payable(f) for f in trash]


def compile_definition(tables: ZXTables, index: int, definition: Any) -> None:
    """Adds the records of card ``index``'s abilities to the tables (raises CompileError)."""
    card = tables.cards[index]
    is_event = _type(card) == "event"
    if is_event != isinstance(definition, L.EventDefinition):
        fail(f"{card_name(card)} is {'an Event' if is_event else 'a Z/X'}: its definition is "
             f"{'EventDefinition' if is_event else 'ZXDefinition'}(...), not {definition!r}", STRUCTURE)
    recs = tables.native.abilities
    if is_event:
        code, length = _program(tables, card, definition, definition.effects)
        recs.append(_record(index, AbilityKind.EVENT, code=code, length=length))
        if getattr(definition, "play_condition", None) is not None:
            cond, cond_length = _reader(tables, card, definition, definition.play_condition, condition=True)
            recs.append(_record(index, AbilityKind.PLAY_CONDITION, cond=cond, cond_length=cond_length))
        seed = getattr(definition, "evol_seed", None)
        if seed is None:
            return
        if not (isinstance(seed, Triggered) and seed.when.event == Event.EVOL_SEED and seed.condition is None
                and not seed.optional):
            fail(f"{card_name(card)}: an Event's evol_seed is an EvolSeed(...), not {seed!r}", STRUCTURE)
        code, length = _program(tables, card, definition, seed.effects)
        recs.append(_record(index, AbilityKind.AUTO, event=Event.EVOL_SEED, code=code, length=length))
        return
    if not isinstance(definition, L.ZXDefinition):
        fail(f"{card_name(card)}: a definition is ZXDefinition(...) or EventDefinition(...), not {definition!r}", STRUCTURE)
    for ability in definition.abilities():
        _ability(tables, index, card, definition, ability)
    delayed = sum(isinstance(a, L.AtTurnEnd) for a in definition.abilities())
    if delayed > 1 or (delayed == 1) != (id(definition) in tables.remembering):
        fail(f"{card_name(card)}: one AtTurnEnd(...) a card, with a Remember(...) whose cards it acts on "
             "(rules.md Z15.320)", STRUCTURE)


def _ability(tables: ZXTables, index: int, card: Any, definition: Any, ability: Any, granted: bool = False) -> None:
    """The record(s) of one ability of card ``index``; ``granted``: the ability a Grant gives (zone GRANTED)."""
    recs = tables.native.abilities
    if isinstance(ability, Triggered):
        subject = ability.when.subject  # SELF, also as unpickled in a worker process (another object)
        watched = -1  # a subject filter: events of other cards or of players (rules.md Z12.16)
        own = isinstance(subject, ContextRef) and subject.what == SELF.what
        if own and ability.when.event == Event.EVENT_PLAYED:
            fail(f"{ability!r}: an Event played is another card's event: give a Card(\"resolving\", ...) subject",
                 STRUCTURE)
        if not own:
            event = Event(ability.when.event)
            wanted = {Event.APPEARS: L.ZX, Event.ATTACKS: L.ZX, Event.IS_ATTACKED: L.ZX, Event.DESTROYS_BY_BATTLE: L.ZX,
                      Event.DESTROYED: L.ZX, Event.MOVED: L.ZX, Event.LIFE_DECREASES: L.Player,
                      Event.EVENT_PLAYED: L.Card, Event.DRAWS: L.Player}.get(event)
            if wanted is None or not isinstance(subject, wanted) or (
                    wanted is L.Card and subject.zone != "resolving"):
                fail(f"{ability!r}: a Z/X automatic ability waits for events of this card (subject SELF), or "
                     "for a Z/X appearing, attacking, attacked, destroying by battle, destroyed or moved (a ZX(...) "
                     "subject), an Event played (a Card(\"resolving\", ...) subject) or a player's Life "
                     "decreasing (a Player(...) subject)", STRUCTURE)
            watched = ZXProgram(tables, card, definition, pausing=False, allow_targets=False).encode_filter(
                subject)
        if ability.when.turn not in TURNS:
            fail(f"{ability!r}: turn must be one of {', '.join(TURNS)}", OPERAND)
        effects: tuple[Any, ...] = ability.effects
        if ability.optional:
            effects = (A.May(*effects),)
        if ability.condition is not None:
            effects = (A.If(ability.condition, effects),)
        if granted and (watched >= 0 or ability.zone != "play"):
            fail(f"{ability!r}: a granted automatic ability waits for events of the Z/X that has it (subject SELF)",
                 STRUCTURE)
        code, length = _program(tables, card, definition, effects, granted, event=Event(ability.when.event))
        at_event = getattr(ability, "at_event", None)  # read as the event happens (rules.md Z15.185)
        cond, cond_length = (0, 0) if at_event is None else \
            _reader(tables, card, definition, at_event, condition=True)
        recs.append(_record(index, AbilityKind.AUTO, event=Event(ability.when.event), turn=TURNS[ability.when.turn],
                            code=code, length=length, filter=watched, cond=cond, cond_length=cond_length,
                            zone=GRANTED if granted else 0))
    elif isinstance(ability, L.FromResource) and not isinstance(ability.effect, L.CostChange):
        fail(f"{ability!r}: a continuous ability working from the Resource changes Costs (CostChange)", STRUCTURE)
    elif isinstance(ability, L.AtTurnEnd):
        if granted:
            fail(f"{ability!r}: an \"at the end of the turn\" ability is its card's own", STRUCTURE)
        code, length = _program(tables, card, definition, ability.effects)
        recs.append(_record(index, AbilityKind.DELAYED, code=code, length=length))
    elif isinstance(ability, Continuous) and isinstance(ability.effect, L.ChargeLimit):
        eff = ability.effect
        if not isinstance(eff.players, L.Player):
            fail(f"{ability!r}: a Charge limit change names its players with Player(...)", OPERAND)
        prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
        players = prog.encode_filter(eff.players)
        code, length = _reader(tables, card, definition, eff.change, condition=False)
        cond, cond_length = (0, 0) if ability.condition is None else \
            _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.CONTINUOUS_CHARGE_LIMIT, event=int(bool(eff.unlimited)),
                            filter=players, code=code, length=length, cond=cond, cond_length=cond_length))
    elif isinstance(ability, Continuous) and isinstance(ability.effect, (L.DamageChange, L.PreventDamage)):
        eff = ability.effect
        prevent = isinstance(eff, L.PreventDamage)
        watched = -1
        cond = ability.condition
        if not prevent:  # the damaged Z/X is the condition's SUBJECT (rules.md Z15.183)
            if not isinstance(eff.source, (L.ZX, L.Card)) or not isinstance(eff.target, L.ZX):
                fail(f"{ability!r}: a damage change names the dealers with ZX(...) or Card(...) and the damaged "
                     "with ZX(...)", OPERAND)
            prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
            watched = prog.encode_filter(eff.source)
            target = Matches(EVENT_SUBJECT, eff.target)
            cond = target if cond is None else target & cond
        code, length = _reader(tables, card, definition, eff.at_most if prevent else eff.amount, condition=False)
        cond_at, cond_length = (0, 0) if cond is None else _reader(tables, card, definition, cond, condition=True)
        recs.append(_record(index, AbilityKind.PREVENT_DAMAGE if prevent else AbilityKind.CONTINUOUS_DAMAGE,
                            filter=watched, code=code, length=length, cond=cond_at, cond_length=cond_length))
    elif isinstance(ability, Continuous) and isinstance(ability.effect, L.CostChange):
        eff = ability.effect
        group = eff.cards if isinstance(eff.cards, tuple) else (eff.cards,)
        if not group or not all(isinstance(f, (L.Card, L.ZX)) for f in group):
            fail(f"{ability!r}: a Cost change names its cards with Card(...) or ZX(...), or a tuple of them",
                 OPERAND)
        prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
        cards, either = -1, FILTER_FIELDS.index("either")
        for f in reversed(group):  # a chain of alternatives: each record names the next as its either
            rec = list(tables.native.filters[prog.encode_filter(f)])
            if rec[either] != -1 and cards != -1:
                fail(f"{ability!r}: a Cost change's filters in a tuple are of one name each (no name_contains "
                     "or either)", OPERAND)
            if cards != -1:
                rec[either] = cards
            cards = tables.add_filter(tuple(rec))
        code, length = _reader(tables, card, definition, eff.amount, condition=False)
        cond, cond_length = (0, 0) if ability.condition is None else \
            _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.CONTINUOUS_COST, filter=cards, event=int(bool(eff.floor)),
                            code=code, length=length, cond=cond, cond_length=cond_length,
                            zone=STARTUP_ZONES["resource"] if isinstance(ability, L.FromResource) else 0))
    elif isinstance(ability, Continuous) and isinstance(ability.effect, L.ColourChange):
        _colour_change(tables, index, card, definition, ability)
    elif isinstance(ability, Continuous) and isinstance(ability.effect, L.PlayFrom):
        eff = ability.effect
        zone = eff.cards.cards.zone if isinstance(eff.cards, L.RemovedByThis) else getattr(eff.cards, "zone", None)
        if not isinstance(eff.cards, (L.Card, L.RemovedByThis)) or zone not in ("resource", "trash", "charge",
                                                                                 "removed"):
            fail(f"{ability!r}: PlayFrom names cards of the Resource, Trash, Charge or removed zone with "
                 "Card(...)", OPERAND)
        if eff.colour is not None and eff.colour not in COLOURS:
            fail(f"{ability!r}: colour must be one of {', '.join(COLOURS)}", OPERAND)
        prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
        cards = prog.encode_filter(eff.cards)
        cond, cond_length = (0, 0) if ability.condition is None else \
            _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.CONTINUOUS_PLAY_FROM, filter=cards, event=int(bool(eff.free)),
                            colours=COLOURS.get(eff.colour, 0), cond=cond, cond_length=cond_length))
    elif isinstance(ability, Continuous) and isinstance(ability.effect, (L.HasKeyword, L.Restriction, L.Grant)):
        _grant_or_restriction(tables, index, card, definition, ability)
    elif isinstance(ability, Continuous):
        eff = ability.effect
        if not isinstance(eff, L.PowerChange):
            fail(f"{ability!r}: a Z/X continuous ability changes Power (PowerChange) or the Charge limit "
                 "(ChargeLimit)", OPERAND)
        prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
        subject = prog.encode_filter(eff.subject)
        code, length = _reader(tables, card, definition, eff.amount, condition=False)
        cond, cond_length = (0, 0) if ability.condition is None else \
            _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.CONTINUOUS_POWER, filter=subject, code=code, length=length,
                            cond=cond, cond_length=cond_length))
    elif isinstance(ability, L.IgnitionIcon):
        cond, cond_length = _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.CONTINUOUS_IGNITION, cond=cond, cond_length=cond_length))
    elif isinstance(ability, L.Startup):
        cost = ability.cost
        colour_n, colours = 0, 0
        if cost.colour is not None:
            colour, colour_n = cost.colour
            if colour not in COLOURS and colour != "any":
                fail(f"{cost!r}: colour must be one of {', '.join(COLOURS)} or 'any'", OPERAND)
            colours = COLOURS.get(colour, 0)
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 20
                   for n in (colour_n, cost.charge, cost.discard)):
            fail(f"{cost!r}: 0 to 20 Resource, Charge or hand cards", OPERAND)
        if ability.zone not in ("square", "hand", "resource") or (ability.zone != "square" and ability.from_charge):
            fail(f"{ability!r}: zone is 'square', 'hand' or 'resource' (from_charge: the Charge)", OPERAND)
        if granted and (ability.from_charge or ability.zone != "square"):
            fail(f"{ability!r}: a granted startup ability is used from the Square of the Z/X that has it", STRUCTURE)
        if cost.this_to_trash and not ability.from_charge:
            fail(f"{ability!r}: 'put this card from your Charge into your Trash' is a cost of a from_charge ability",
                 STRUCTURE)
        if ability.once_per_turn and (ability.from_charge or ability.zone != "square" or granted):
            fail(f"{ability!r}: 'only once per turn' limits an ability of the card's own used from its Square",
                 STRUCTURE)
        if ability.once_per_turn and any(r[ABILITY_FIELDS.index("def")] == index and
                                         r[ABILITY_FIELDS.index("cost_flags")] & CostFlag.ONCE_PER_TURN for r in recs):
            fail(f"{ability!r}: one 'only once per turn' ability a card (one mark on the card)", LIMIT)
        flags = (CostFlag.SELF_CHARGE_TO_TRASH if cost.this_to_trash else 0) | \
            (CostFlag.SLEEP_SELF if cost.sleep else 0) | (CostFlag.DESTROY_SELF if cost.destroy else 0) | \
            (CostFlag.ONCE_PER_TURN if ability.once_per_turn else 0)
        paying, payable = _cost_cards(tables, ability)
        cost_zx = -1
        n = cost.sleep_zx_count
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= COST_ZX_MAX or \
                (n > 1 and cost.sleep_zx is None):
            fail(f"{cost!r}: sleep_zx_count is 1 to {COST_ZX_MAX} Z/X of a sleep_zx filter", OPERAND)
        flags = int(flags) | (n - 1) << COST_ZX_SHIFT  # rules.md Z15.355
        if cost.sleep_zx is not None:  # the Startup frame's own step (rules.md Z15.221)
            f = cost.sleep_zx
            if not isinstance(f, L.ZX) or f.whose != "yours" or (cost.sleep and not f.other):
                fail(f"{cost!r}: sleep_zx is a ZX(\"yours\", ...) filter (other=True beside sleep=True)", OPERAND)
            cost_zx = ZXProgram(tables, card, definition, pausing=False, allow_targets=False).encode_filter(f)
        code, length = _program(tables, card, definition, paying + ability.effects, granted)
        condition = ability.condition
        for part in payable:
            condition = part if condition is None else condition & part
        cond, cond_length = (0, 0) if condition is None else \
            _reader(tables, card, definition, condition, condition=True)
        recs.append(_record(index, AbilityKind.STARTUP, code=code, length=length, cond=cond,
                            cond_length=cond_length, colour_n=colour_n, colours=colours, charge_n=cost.charge,
                            cost_flags=int(flags),
                            zone=GRANTED if granted else 1 if ability.from_charge else STARTUP_ZONES[ability.zone],
                            discard_n=cost.discard, cost_zx=cost_zx))
    elif isinstance(ability, L.PlayCondition):
        if any(isinstance(a, L.PlayCondition) for a in definition.abilities() if a is not ability):
            fail(f"{card_name(card)}: one PlayCondition a card", STRUCTURE)
        cond, cond_length = _reader(tables, card, definition, ability.condition, condition=True)
        recs.append(_record(index, AbilityKind.PLAY_CONDITION, cond=cond, cond_length=cond_length))
    elif isinstance(ability, L.ReplaceDestroy):
        if ability.to not in ("resource", "hand"):
            fail(f"{ability!r}: to is 'resource' or 'hand'", OPERAND)
        recs.append(_record(index, AbilityKind.REPLACE_DESTROY if ability.to == "resource"
                            else AbilityKind.REPLACE_DESTROY_TO_HAND, zone=GRANTED if granted else 0))
    else:
        fail(f"{card_name(card)}: unknown kind of ability {ability!r} (Auto, EvolSeed, Continuous, IgnitionIcon, "
             "Startup, PlayCondition, ReplaceDestroy)", STRUCTURE)


def _colour_change(tables: ZXTables, index: int, card: Any, definition: Any, ability: Continuous) -> None:
    """The record of ``Continuous(ColourChange(zones, colour), condition)``: this card's colours where a chain of
    card filters, one a zone, each matching only the card itself, finds it (rules.md Z15.342)."""
    eff = ability.effect
    zones = (eff.zones,) if isinstance(eff.zones, str) else eff.zones
    if not isinstance(zones, tuple) or not zones or not all(z in ZONES and z not in ("any", "resolving")
                                                            for z in zones) or len(set(zones)) != len(zones):
        fail(f"{ability!r}: zones are some of {', '.join(z for z in ZONES if z not in ('any', 'resolving'))}",
             OPERAND)
    wanted = eff.colour if isinstance(eff.colour, tuple) else (eff.colour,)
    if wanted == ("all",):
        colours = sum(COLOURS.values())
    elif wanted and all(c in COLOURS for c in wanted):
        colours = sum(COLOURS[c] for c in set(wanted))
    else:
        fail(f"{ability!r}: colour is 'all', one of {', '.join(COLOURS)} or a tuple of them", OPERAND)
    if any(isinstance(a, Continuous) and isinstance(a.effect, L.ColourChange)
           for a in definition.abilities() if a is not ability):
        fail(f"{card_name(card)}: one ColourChange a card", STRUCTURE)
    prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
    chain, flags = -1, FILTER_FIELDS.index("flags")
    for zone in reversed(zones):
        rec = list(tables.native.filters[prog.encode_filter(L.Card(zone))])
        rec[flags] |= int(Flag.SELF_ONLY)
        rec[FILTER_FIELDS.index("either")] = chain
        chain = tables.add_filter(tuple(rec))
    cond, cond_length = (0, 0) if ability.condition is None else \
        _reader(tables, card, definition, ability.condition, condition=True)
    tables.native.abilities.append(_record(index, AbilityKind.CONTINUOUS_COLOUR, filter=chain, colours=colours,
                                           cond=cond, cond_length=cond_length))


def _grant_or_restriction(tables: ZXTables, index: int, card: Any, definition: Any, ability: Continuous) -> None:
    """The records of ``Continuous(HasKeyword | Restriction | Grant, condition)`` (docs/zx/cards.md "Grants and
    restrictions")."""
    eff, recs = ability.effect, tables.native.abilities
    prog = ZXProgram(tables, card, definition, pausing=False, allow_targets=False)
    cond, cond_length = (0, 0) if ability.condition is None else \
        _reader(tables, card, definition, ability.condition, condition=True)
    if isinstance(eff, L.HasKeyword):
        if eff.keyword not in KEYWORDS:
            fail(f"{ability!r}: keyword must be one of {', '.join(KEYWORDS)}", OPERAND)
        if not isinstance(eff.subject, L.ZX):
            fail(f"{ability!r}: the Z/X that have the keyword are a ZX(...) filter (THIS: this card)", OPERAND)
        recs.append(_record(index, AbilityKind.CONTINUOUS_KEYWORD, event=KEYWORDS[eff.keyword],
                            filter=prog.encode_filter(eff.subject), cond=cond, cond_length=cond_length))
    elif isinstance(eff, L.Restriction):
        wanted = {"appear_on_player_square": type(None), "be_dealt_damage": L.Player, "attack": L.ZX}.get(eff.what)
        if wanted is None:
            fail(f"{ability!r}: a restriction is one of {', '.join(RESTRICTIONS)}", OPERAND)
        if not isinstance(eff.subject, wanted):
            fail(f"{ability!r}: {eff.what!r} binds " + {type(None): "this card (no subject)",
                                                         L.Player: "the players of a Player(...) subject",
                                                         L.ZX: "the Z/X of a ZX(...) subject"}[wanted], OPERAND)
        if eff.what == "appear_on_player_square" and ability.condition is not None:
            fail(f"{ability!r}: this card cannot appear on a Player Square always (no condition)", OPERAND)
        flt = -1 if eff.subject is None else prog.encode_filter(eff.subject)
        recs.append(_record(index, AbilityKind.RESTRICTION, event=RESTRICTIONS[eff.what], filter=flt, cond=cond,
                            cond_length=cond_length))
    else:
        if not isinstance(eff.subject, L.ZX):
            fail(f"{ability!r}: the Z/X that have the ability are a ZX(...) filter", OPERAND)
        inner = eff.ability
        if not isinstance(inner, (Triggered, L.Startup, L.ReplaceDestroy)):
            fail(f"{ability!r}: a granted ability is an Auto, a Startup or a ReplaceDestroy", STRUCTURE)
        recs.append(_record(index, AbilityKind.GRANT, filter=prog.encode_filter(eff.subject), cond=cond,
                            cond_length=cond_length))
        _ability(tables, index, card, definition, inner, granted=True)


def _type(card: Any) -> str:
    return str(card.type).strip().lower().replace("z/x", "zx")


def compile_tables(cards: Sequence[Any], definitions: Mapping[int, Any],
                   programs: Mapping[int, Sequence[Any]] | None = None, *,
                   names: Mapping[str, str] | None = None) -> ZXTables:
    """The tables of a game: ``definitions`` maps a card index of ``cards`` to its definition; ``programs`` (card
    index -> effects) gives Events their effects directly (test card tables); ``names`` maps the numbers and English
    names of cards the table may lack to their Japanese names (a name filter naming a printing no deck plays).
    Raises CompileError naming the card."""
    tables = ZXTables(cards, names)
    merged = dict(definitions)
    for index, effects in (programs or {}).items():
        merged[index] = L.EventDefinition(*effects)
    for index in sorted(merged):
        try:
            compile_definition(tables, index, merged[index])
        except CompileError as exc:
            raise CompileError(f"{card_name(cards[index])}: {exc.reason}", exc.rule) from None
    if len(tables.native.abilities) > 255:
        fail("at most 255 abilities in one game", LIMIT)
    return tables


__all__ = ["ZXProgram", "ZXTables", "ZXNative", "compile_tables", "compile_definition", "Condition", "WIDTH"]
