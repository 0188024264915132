"""Compiling definitions into the native form (docs/cards.md "Compilation"), checking them as it goes: cards and
their abilities here, programs in :mod:`tcbg.x610z.effects.programs`, filters and costs in
:mod:`tcbg.x610z.effects.encoding`.

:func:`compile_definitions` turns the definitions of a card set into one :class:`NativeEffects`. A definition
that breaks a rule raises :class:`tcbg.CardError` naming the file, the card, the part of the definition at fault
(``effects: ability 2 (Triggered): DealDamage: ...``) and the rule (card-data C13-C22).

>>> from tcbg.x610z.cards import CardSet
>>> from tcbg.x610z.effects import compile_effects
>>> print(compile_effects(CardSet.load("ruins")).disassemble("Healing Elixir"))
Healing Elixir
  ability 0 CAST zone=HAND timing=ANY cost=-
    does: t0=[SUMMON]:
      0: SET r4, 8
      1: HEAL r0, r4
      2: END
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tcbg.errors import CardError
from tcbg.x610z.effects import actions as A
from tcbg.x610z.effects import kinds as K
from tcbg.x610z.effects import refs as R
from tcbg.x610z.effects.encoding import (
    CONTROLLABLE_KINDS, PERMANENT_KINDS, PROPERTY_CODES, START_COUNTERS, STAT_CODES, SUMMON_KINDS, TIMING_CODES,
    TURN_CODES, CompileError, Tables, encode_cost, encode_filter, fail, name_of, small_int, walk,
)
from tcbg.x610z.effects.native import (
    MAX_AMOUNT, NONE, TARGET_SLOTS, AbilityFlag, AbilityKind, CardFlag, Event, Layer, NativeEffects, Op, Subject,
    Timing, Zone,
)
from tcbg.x610z.effects.programs import Program


def _targets_in(effects: Sequence[Any]) -> list[R.Target]:
    """Targets in the order the effects first name them."""
    out: list[R.Target] = []
    for node in walk(list(effects)):
        if isinstance(node, R.Target) and node not in out:
            out.append(node)
    return out


def _split_body(effects: Sequence[Any], what: str) -> tuple[list[list[Any]], list[K.Additional]]:
    """An ability's effects as its modes (one unless it has a ChooseOne) and its additional effects."""
    before: list[Any] = []
    after: list[Any] = []
    choose: K.ChooseOne | None = None
    additionals: list[K.Additional] = []
    for item in effects:
        if isinstance(item, K.Additional):
            additionals.append(item)
            continue
        if additionals:
            fail(f"{what}: Additional effects come last", "C20")
        if isinstance(item, K.ChooseOne):
            if choose is not None:
                fail(f"{what}: one ChooseOne per ability", "C20")
            if len(item.modes) < 2:
                fail(f"{what}: ChooseOne needs at least two modes", "C20")
            choose = item
            continue
        (after if choose is not None else before).append(item)
    modes = [before + list(mode) + after for mode in choose.modes] if choose is not None else [before]
    return modes, additionals


def _check_targets(targets: Sequence[R.Target], what: str, tables: Tables) -> list[int]:
    filters = [encode_filter(tables, target.filter) for target in targets]
    if len(targets) > TARGET_SLOTS:
        fail(f"{what}: {len(targets)} targets, but an ability announces at most {TARGET_SLOTS}", "C20")
    return filters


class _CardCompiler:
    def __init__(self, tables: Tables, card: Any, index: int, definition: Any,
                 edition_letters: frozenset[str] | None) -> None:
        self.tables = tables
        self.card = card
        self.index = index
        self.definition = definition
        self.letters = edition_letters
        self.number = 0

    def program(self, effects: Sequence[Any], slots: Mapping[Any, int], prefix: Any = None) -> tuple[int, int]:
        prog = Program(self.tables, self.card, self.definition, slots)
        end_jump = None
        if prefix is not None:  # a trigger's condition, checked again on resolution
            cond = prog.condition(prefix)
            end_jump = prog.emit(Op.JZ, cond, 0)
            prog.release_temps()
        prog.effects(effects)
        if end_jump is not None:
            prog.patch(end_jump, 2, prog.here())
        return prog.finish()

    def ability(self, kind: AbilityKind, body: Sequence[Any], what: str, *, zone: Zone = Zone.PLAY,
                timing: Timing = Timing.ANY, cost: int = NONE, trigger: int = NONE, flags: int = 0,
                prefix: Any = None) -> None:
        modes, additionals = _split_body(body, what)
        native = self.tables.native
        first_mode = len(native.modes)
        mode_records = []
        widest = 0
        for m, mode in enumerate(modes):
            label = f"{what} mode {m}" if len(modes) > 1 else what
            targets = _targets_in(mode)
            filters = _check_targets(targets, label, self.tables)
            widest = max(widest, len(targets))
            try:
                offset, length = self.program(mode, {t: i for i, t in enumerate(targets)}, prefix)
            except CompileError as exc:
                raise CompileError(f"{label}: {exc.reason}", exc.rule) from None
            mode_records.append((offset, length, len(targets), *(filters + [NONE] * (TARGET_SLOTS - len(filters)))))
        additional_records = []
        shared = {t for mode in modes for t in _targets_in(mode)}
        for x, add in enumerate(additionals):
            label = f"{what} additional {x}"
            own = _targets_in(add.effects)
            reused = [t for t in own if t in shared]
            if reused and len(modes) > 1:
                fail(f"{label}: with several modes, an additional effect names only its own targets", "C20")
            new = [t for t in own if t not in shared]
            filters = _check_targets(new, label, self.tables)
            if widest + len(new) > TARGET_SLOTS:
                fail(f"{label}: the ability and its additional effects announce more than {TARGET_SLOTS} targets",
                     "C20")
            # an additional effect may name the main effect's targets ("deal 2 more damage to it"): same slots
            slots = {t: i for i, t in enumerate(_targets_in(modes[0]))} if reused else {}
            slots.update({t: widest + i for i, t in enumerate(new)})
            add_cost = encode_cost(self.tables, add.cost, activate_self=False, edition_letters=self.letters)
            try:
                offset, length = self.program(add.effects, slots)
            except CompileError as exc:
                raise CompileError(f"{label}: {exc.reason}", exc.rule) from None
            additional_records.append((add_cost, offset, length, widest, len(new),
                                       *(filters + [NONE] * (TARGET_SLOTS - len(filters)))))
        first_additional = len(native.additionals)
        native.modes.extend(mode_records)
        native.additionals.extend(additional_records)
        native.abilities.append((int(kind), self.index, int(zone), int(timing), cost, trigger, first_mode,
                                 len(mode_records), first_additional, len(additional_records), flags, self.number))
        self.number += 1

    def trigger(self, ability: K.Triggered, what: str) -> int:
        when = ability.when
        if not isinstance(when, K.When):
            fail(f"{what}: the event must be EntersPlay(...), Destroyed(...), StartOfTurn(...) ..., not {when!r}",
                 "C20")
        if when.turn not in TURN_CODES:
            fail(f"{what}: turn must be one of {', '.join(TURN_CODES)}, not {when.turn!r}", "C20")
        phase_event = when.event in (Event.TURN_START, Event.END_PHASE)
        flt = NONE
        if phase_event:
            subject = Subject.NOBODY
        elif when.subject is R.SELF:
            subject = Subject.THIS
        elif when.subject is R.FOCUSED:
            if getattr(self.definition, "focus", None) is None:
                fail(f"{what}: FOCUSED is only for catalysts with focus", "C20")
            subject = Subject.FOCUSED
        elif isinstance(when.subject, R.Filter):
            subject = Subject.FILTER
            flt = encode_filter(self.tables, when.subject)
        else:
            fail(f"{what}: the event's subject is SELF, FOCUSED or a filter, not {when.subject!r}", "C20")
        cond_offset, cond_length = 0, 0
        if ability.condition is not None:
            prog = Program(self.tables, self.card, self.definition, pausing=False, allow_targets=False)
            try:
                cond_offset, cond_length = prog.finish(result=prog.condition(ability.condition))
            except CompileError as exc:
                raise CompileError(f"{what} condition: {exc.reason}", exc.rule) from None
        native = self.tables.native
        native.triggers.append((int(when.event), int(subject), flt, int(TURN_CODES[when.turn]), cond_offset,
                                cond_length))
        return len(native.triggers) - 1

    def continuous(self, ability: K.Continuous, what: str) -> int:
        e = ability.effect
        layers = {A.ModifyStats: Layer.STAT, A.Grant: Layer.PROPERTY, A.ReduceDamage: Layer.DAMAGE_TAKEN,
                  A.GainControl: Layer.CONTROL}
        layer = next((layer for cls, layer in layers.items() if isinstance(e, cls)), None)
        if layer is None:
            fail(f"{what}: a continuous ability is ModifyStats, Grant, ReduceDamage or GainControl, not {e!r}",
                 "C20")
        selected = e.permanent if isinstance(e, A.GainControl) else e.summon
        flt = NONE
        if selected is R.SELF:
            subject = Subject.THIS
        elif selected is R.FOCUSED:
            if getattr(self.definition, "focus", None) is None:
                fail(f"{what}: FOCUSED is only for catalysts with focus", "C20")
            subject = Subject.FOCUSED
        elif isinstance(selected, R.Each):
            subject = Subject.FILTER
            flt = encode_filter(self.tables, selected.filter)
        else:
            fail(f"{what}: a continuous effect applies to SELF, FOCUSED or Each(filter), not {selected!r}", "C20")
        kinds = CONTROLLABLE_KINDS if layer == Layer.CONTROL else SUMMON_KINDS
        prog = Program(self.tables, self.card, self.definition, pausing=False, allow_targets=False)
        kind = prog.kind_of(selected)
        if kind is not None and kind not in kinds:
            fail(f"{what}: {selected!r} is a {kind.name.lower()}, which {name_of(e)} does not apply to", "C21")
        if isinstance(e, A.GainControl) and e.player is not R.YOU:
            fail(f"{what}: a continuous GainControl gives control to YOU, the source's controller", "C20")
        entries: list[tuple[int, Any]] = []
        if layer == Layer.STAT:
            if not e.changes:
                fail(f"{what}: name at least one stat to change ({', '.join(STAT_CODES)})", "C21")
            for stat, amount in e.changes.items():
                if stat not in STAT_CODES:
                    fail(f"{what}: unknown stat {stat!r} (stats: {', '.join(STAT_CODES)})", "C21")
                entries.append((int(STAT_CODES[stat]), amount))
        elif layer == Layer.PROPERTY:
            if e.property not in PROPERTY_CODES:
                fail(f"{what}: unknown property {e.property!r} (properties: {', '.join(PROPERTY_CODES)})", "C21")
            entries.append((int(PROPERTY_CODES[e.property]), 1))
        elif layer == Layer.DAMAGE_TAKEN:
            entries.append((0, e.amount))
        else:
            entries.append((0, 1))
        native = self.tables.native
        for what_code, amount in entries:
            offset, length, immediate = 0, 0, 0
            if isinstance(amount, int) and not isinstance(amount, bool) and ability.condition is None:
                if not -MAX_AMOUNT <= amount <= MAX_AMOUNT:
                    fail(f"{what}: amount must be from {-MAX_AMOUNT} to {MAX_AMOUNT}, not {amount}", "C21")
                immediate = amount
            else:
                prog = Program(self.tables, self.card, self.definition, pausing=False, allow_targets=False)
                try:
                    reg = prog.value(amount, "amount")
                    if ability.condition is not None:
                        cond = prog.condition(ability.condition)
                        out = prog.alloc()
                        prog.emit(Op.MUL, out, reg, cond)
                        reg = out
                    offset, length = prog.finish(result=reg)
                except CompileError as exc:
                    raise CompileError(f"{what}: {exc.reason}", exc.rule) from None
            native.continuous.append((self.index, int(layer), int(subject), flt, what_code, immediate, offset,
                                      length))
        return len(entries)

    def compile(self) -> tuple[int, ...]:
        d = self.definition
        native = self.tables.native
        expected = K.DEFINITION_KINDS.get(self.card.type)
        if not isinstance(d, K.Definition):
            fail(f"a definition is Flux(...), Catalyst(...), Summon(...) ..., not {d!r}", "C16")
        if type(d) is not expected:
            fail(f"the card is a {self.card.type}, so its definition is {expected.__name__}(...), not "
                 f"{type(d).__name__}(...)", "C16")
        first_ability, first_continuous = len(native.abilities), len(native.continuous)
        focus = NONE
        if isinstance(d, K.Flux):
            if not d.effects:
                fail("a flux does something: give it at least one effect", "C20")
            self.ability(AbilityKind.CAST, d.effects, "Flux", zone=Zone.HAND)
        if isinstance(d, K.Catalyst) and d.focus is not None:
            if not isinstance(d.focus, R.Filter) or d.focus.kind not in PERMANENT_KINDS:
                fail(f"focus: a catalyst focuses on a permanent (Summons, NLBSummons, Crystals ...), not {d.focus!r}",
                     "C20")
            focus = encode_filter(self.tables, d.focus)
            target = R.Target(d.focus)
            # ATTACH is the whole cast program of a focused catalyst: target the permanent, attach to it
            prog = Program(self.tables, self.card, d, {target: 0})
            prog.emit(Op.ATTACH, 0)
            offset, length = prog.finish()
            native.modes.append((offset, length, 1, focus, NONE, NONE, NONE))
            native.abilities.append((int(AbilityKind.CAST), self.index, int(Zone.HAND),
                                     int(Timing.YOUR_ACTION_PHASE), NONE, NONE, len(native.modes) - 1, 1,
                                     len(native.additionals), 0, 0, self.number))
            self.number += 1
        counters = [0, 0, 0]
        for kind, amount in getattr(d, "counters", ()):
            if kind not in START_COUNTERS:
                fail(f"counters: a permanent enters play with {', '.join(START_COUNTERS)} counters, not {kind!r}",
                     "C20")
            if not small_int(amount, 1):
                fail(f"counters: {kind} must be a whole number from 1 to {MAX_AMOUNT}, not {amount!r}", "C20")
            counters[START_COUNTERS.index(kind)] = amount
        num_continuous = 0
        for i, ability in enumerate(d.abilities()):
            what = f"ability {i} ({name_of(ability)})"
            try:
                num_continuous += self._ability(ability, what)
            except CompileError as exc:
                if exc.reason.startswith(what):
                    raise
                raise CompileError(f"{what}: {exc.reason}", exc.rule) from None
        flags = CardFlag.HAS_PYTHON if any(isinstance(n, A.PythonEffect) for n in walk(_all_parts(d))) else 0
        return (first_ability, len(native.abilities) - first_ability, first_continuous, num_continuous, focus,
                *counters, int(flags))

    def _ability(self, ability: Any, what: str) -> int:
        if isinstance(ability, K.Continuous):
            return self.continuous(ability, what)
        if isinstance(ability, (K.Activated, K.Paid)):
            timing = ability.timing
            if timing not in TIMING_CODES:
                fail(f"timing must be one of {', '.join(map(repr, TIMING_CODES))}, not {timing!r}", "C20")
            zone = getattr(ability, "zone", "play")
            if zone not in K.ABILITY_ZONES:
                fail(f"zone must be one of {', '.join(K.ABILITY_ZONES)}, not {zone!r}", "C20")
            if zone == "discard" and self.card.type not in ("summon",):
                fail("only a summon card has abilities that work from the discard pile", "C20")
            activate = isinstance(ability, K.Activated) and zone == "play"
            if self.card.type == "flux":
                fail("a flux has no abilities, only effects", "C20")
            cost = encode_cost(self.tables, ability.cost, activate_self=activate, edition_letters=self.letters)
            if not ability.effects:
                fail("an ability does something: give it at least one effect", "C20")
            kind = AbilityKind.ACTIVATED if isinstance(ability, K.Activated) else AbilityKind.PAID
            self.ability(kind, ability.effects, what, zone=Zone.PLAY if zone == "play" else Zone.DISCARD,
                         timing=TIMING_CODES[timing], cost=cost)
            return 0
        if isinstance(ability, K.Triggered):
            if self.card.type == "flux":
                fail("a flux has no abilities, only effects", "C20")
            if not ability.effects:
                fail("an ability does something: give it at least one effect", "C20")
            if ability.zone not in K.ABILITY_ZONES:
                fail(f"zone must be one of {', '.join(K.ABILITY_ZONES)}, not {ability.zone!r}", "C20")
            if ability.zone == "discard" and self.card.type not in ("summon",):
                fail("only a summon card has abilities that work from the discard pile", "C20")
            trigger = self.trigger(ability, what)
            self.ability(AbilityKind.TRIGGERED, ability.effects, what, trigger=trigger,
                         zone=Zone.PLAY if ability.zone == "play" else Zone.DISCARD,
                         flags=AbilityFlag.OPTIONAL if ability.optional else 0, prefix=ability.condition)
            return 0
        fail(f"expected Activated, Paid, Triggered, Continuous or a keyword, not {ability!r}", "C20")


def _all_parts(d: Any) -> list[Any]:
    return list(d.effects) if isinstance(d, K.Flux) else list(d.abilities())


def compile_definitions(cards: Sequence[Any], definitions: Mapping[str, Any], *, file: str = "<dict>",
                        editions: bool = True) -> NativeEffects:
    """Compile the definitions of a card set (``definitions`` maps card names to definitions; ``cards`` are the
    set's cards in order). Checks card-data C15-C22 and raises :class:`tcbg.CardError`."""
    tables = Tables([card.name for card in cards])
    by_name = {card.name: (i, card) for i, card in enumerate(cards)}
    for name in definitions:
        if name not in by_name:
            import difflib

            close = difflib.get_close_matches(str(name), list(by_name), n=3)
            hint = "; did you mean " + " or ".join(map(repr, close)) + "?" if close else ""
            raise CardError(f"a definition names no card of the set{hint}", file=file, where=f"effects {name!r}",
                            rule="C15")
    from tcbg.x610z.cost import EDITION_LETTERS

    for i, card in enumerate(cards):
        definition = definitions.get(card.name)
        if definition is None:
            if card.type in ("flux", "catalyst", "quest"):
                raise CardError(f"a {card.type} card needs a definition in the effects module", file=file,
                                where=f"card {i} {card.name!r}", rule="C17")
            tables.native.cards.append((len(tables.native.abilities), 0, len(tables.native.continuous), 0, NONE,
                                        0, 0, 0, 0))
            continue
        letters = frozenset.intersection(*(EDITION_LETTERS[e] for e in card.editions)) if editions else None
        try:
            record = _CardCompiler(tables, card, i, definition, letters).compile()
        except CompileError as exc:
            raise CardError(f"effects: {exc.reason}", file=file, where=f"card {i} {card.name!r}",
                            rule=exc.rule) from None
        tables.native.cards.append(record)
    return tables.native
