"""The native form of effects (docs/cards.md "The native form", tcbg-effects/1): the tables the C++ core reads.
Docs and code agree on every opcode, enumeration and record layout; every compiled table is well formed (every
index in range, every program ends, every jump lands inside its program); every opcode is produced by some
definition; compilation is deterministic."""

from __future__ import annotations

import os
import re
import sys
from enum import IntEnum
from pathlib import Path

import numpy as np
import pytest

from tcbg.x610z.cards import CardSet
from tcbg.x610z.effects import native as N
from tcbg.x610z.effects import (
    FOCUSED, SELF, YOU, Activate, Cancel, Cards, Catalyst, Chosen, Continuous, Controls, Count, Dots, Draw, Flux,
    GainControl, If, Matches, May, ModifyStats, MoveSummon, NLBSummons, PlaceOnDot, PythonEffect, Quest,
    ReduceDamage, RemoveCounters, Search, StartOfTurn, Summons, TargetAction, TargetNLBSummon, TargetSummon, Triggered,
    WinGame,
)
from tcbg.x610z.effects.native import NONE, REGISTERS, TABLES, WIDTH, Op, disassemble_code

try:
    from .effect_cards import card_set, effect_card
except ImportError:  # tests/x610z is not a package: import the sibling module by path
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from effect_cards import card_set, effect_card

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cards.md"
ENUMS = [N.Op, N.Ctx, N.Prop, N.Zone, N.Kind, N.Relation, N.FilterFlag, N.DotKind, N.StackKind, N.Choose,
         N.Duration, N.Property, N.Counter, N.Energy, N.AbilityKind, N.Timing, N.AbilityFlag, N.CostFlag, N.Event,
         N.Subject, N.Turn, N.Layer, N.CardFlag]


def covering_set() -> CardSet:
    """Definitions that, with the ruins set, use every opcode."""
    quest = {"name": "Pilgrimage", "type": "quest", "cost": "C2", "deck_limit": 1, "editions": ["act1"]}
    return card_set({
        "Everything": Flux(
            May(Draw(YOU, 1)), MoveSummon(TargetNLBSummon("you"), 2), Activate(TargetSummon()),
            Search(YOU, Cards("deck")), PlaceOnDot(Chosen(NLBSummons("you")), Dots()),
            GainControl(TargetNLBSummon("opponent")), PythonEffect(lambda ctx: None, name="noop"),
        ),
        "More": Flux(
            Cancel(TargetAction()), ReduceDamage(Chosen(NLBSummons()), 1),
            RemoveCounters(Chosen(NLBSummons()), "time", 1),
            If(Controls(Summons("you")) | Controls(Summons("opponent")), Draw(YOU, 1)),
        ),
        "Idol": Catalyst(Continuous(ModifyStats(FOCUSED, attack=1), condition=Matches(SELF, Cards("hand"))),
                         focus=Summons()),
        "Pilgrimage": Quest(Triggered(StartOfTurn(), WinGame(YOU), condition=Count(Summons("you", on="quest")) >= 3)),
    }, [effect_card("Idol", "catalyst"), quest])


@pytest.fixture(scope="module")
def natives() -> list[N.NativeEffects]:
    return [CardSet.load("ruins").native_effects(), covering_set().native_effects()]


# -- docs and code agree -----------------------------------------------------------------------------------------


def doc_text() -> str:
    return DOCS.read_text(encoding="utf-8")


def test_docs_opcode_table_matches_the_enum():
    rows = re.findall(r"^\| (\d+) \| `([A-Z_]+)` \|", doc_text(), re.M)
    assert [(int(value), name) for value, name in rows] == [(op.value, op.name) for op in Op]


@pytest.mark.parametrize("enum", [e for e in ENUMS if e is not N.Op], ids=lambda e: e.__name__)
def test_docs_enumerations_match(enum: type[IntEnum]):
    match = re.search(rf"^- \*\*{enum.__name__}\*\*: (.*)$", doc_text(), re.M)
    assert match, f"docs/cards.md lists no values of {enum.__name__}"
    listed = [(int(v), n) for v, n in re.findall(r"(\d+) `([A-Z_]+)`", match.group(1))]
    assert listed == [(member.value, member.name) for member in enum]


@pytest.mark.parametrize("table", list(TABLES))
def test_docs_record_layouts_match(table):
    match = re.search(rf"^- \*\*`{table}`\*\* \((\d+) words\): (.*)$", doc_text(), re.M)
    assert match, f"docs/cards.md has no layout of {table}"
    fields = re.findall(r"`([a-zA-Z_0-9]+)`", match.group(2))
    assert int(match.group(1)) == len(TABLES[table]) and tuple(fields) == TABLES[table]


def test_docs_constants():
    text = doc_text()
    for name in ("REGISTERS", "TARGET_SLOTS", "NONE", "WIDTH", "MAX_PROGRAM", "MAX_AMOUNT"):
        assert f"`{name} = {getattr(N, name)}`" in text, name
    assert f"`{N.FORMAT}`" in text


# -- tables are well formed --------------------------------------------------------------------------------------


def check_program(native: N.NativeEffects, offset: int, length: int, returns: bool) -> list[Op]:
    assert 1 <= length <= N.MAX_PROGRAM and 0 <= offset and (offset + length) * WIDTH <= len(native.code)
    words = native.program(offset, length)
    ops = [Op(words[i]) for i in range(0, len(words), WIDTH)]
    assert ops[-1] == (Op.RETURN if returns else Op.END)
    assert Op.RETURN not in ops[:-1] and (returns or Op.RETURN not in ops)
    for i, op in enumerate(ops):
        a, b, c = words[i * WIDTH + 1:i * WIDTH + 4]
        if op == Op.JUMP:
            assert 0 <= a < length
        if op in (Op.JZ,):
            assert 0 <= b <= length - 1
        if op == Op.NEXT:
            assert 0 <= c <= length - 1
        if op in (Op.COUNT, Op.NEXT, Op.CHOOSE, Op.CHOOSE_DOT):
            assert 0 <= b < len(native.filters)
        if op == Op.MATCH:
            assert 0 <= c < len(native.filters)
        if op == Op.PYTHON:
            assert 0 <= a < len(native.python_effects)
        elif op not in (Op.JUMP, Op.END):
            assert 0 <= a < REGISTERS  # every other first operand is a register
        if op == Op.CHOOSE:
            assert 0 <= (c & 0xFF) < REGISTERS and c >> 8 < 8
    return ops


def test_tables_are_well_formed(natives):
    for native in natives:
        arrays = native.arrays()
        for name, fields in TABLES.items():
            assert arrays[name].dtype == np.int32 and arrays[name].shape[1:] == (len(fields),)
        assert arrays["code"].dtype == np.int32 and arrays["code"].size % WIDTH == 0
        assert len(native.cards) == len(native.card_names)
        seen_abilities, seen_continuous = 0, 0
        for index in range(len(native.cards)):
            card = native.record("cards", index)
            assert card["first_ability"] == seen_abilities and card["first_continuous"] == seen_continuous
            seen_abilities += card["num_abilities"]
            seen_continuous += card["num_continuous"]
            assert card["focus_filter"] == NONE or 0 <= card["focus_filter"] < len(native.filters)
            for a in range(card["first_ability"], card["first_ability"] + card["num_abilities"]):
                ab = native.record("abilities", a)
                assert ab["card"] == index and ab["num_modes"] >= 1
                assert ab["cost"] == NONE or 0 <= ab["cost"] < len(native.costs)
                assert ab["trigger"] == NONE or 0 <= ab["trigger"] < len(native.triggers)
                assert (ab["trigger"] != NONE) == (ab["kind"] == N.AbilityKind.TRIGGERED)
                for m in range(ab["first_mode"], ab["first_mode"] + ab["num_modes"]):
                    mode = native.record("modes", m)
                    check_program(native, mode["program"], mode["length"], returns=False)
                    for k in range(N.TARGET_SLOTS):
                        target = mode[f"target{k}"]
                        assert (target != NONE) == (k < mode["num_targets"])
                        assert target == NONE or 0 <= target < len(native.filters)
                for x in range(ab["first_additional"], ab["first_additional"] + ab["num_additional"]):
                    add = native.record("additionals", x)
                    check_program(native, add["program"], add["length"], returns=False)
                    assert add["first_slot"] + add["num_targets"] <= N.TARGET_SLOTS
                    assert 0 <= add["cost"] < len(native.costs)
            for c in range(card["first_continuous"], card["first_continuous"] + card["num_continuous"]):
                rec = native.record("continuous", c)
                assert rec["card"] == index
                if rec["length"]:
                    check_program(native, rec["program"], rec["length"], returns=True)
        assert seen_abilities == len(native.abilities) and seen_continuous == len(native.continuous)
        for trigger in native.triggers:
            rec = dict(zip(TABLES["triggers"], trigger))
            if rec["condition_length"]:
                check_program(native, rec["condition"], rec["condition_length"], returns=True)
            assert (rec["filter"] != NONE) == (rec["subject"] == N.Subject.FILTER)
        for cost in native.costs:
            rec = dict(zip(TABLES["costs"], cost))
            assert all(0 <= rec[letter] <= 20 for letter in "CBMRH")
            assert rec["sacrifice"] == NONE or 0 <= rec["sacrifice"] < len(native.filters)
        assert len(set(native.filters)) == len(native.filters) and len(set(native.costs)) == len(native.costs)


def test_every_opcode_is_produced_by_some_definition(natives):
    used = set()
    for native in natives:
        used |= {Op(native.code[i]) for i in range(0, len(native.code), WIDTH)}
    assert used == set(Op)


def test_compilation_is_deterministic():
    first, second = CardSet.load("ruins").native_effects(), CardSet.load("ruins").native_effects()
    for name in TABLES:
        assert getattr(first, name) == getattr(second, name)
    assert first.code == second.code


def test_disassembler_writes_every_opcode():
    for op in Op:
        line = disassemble_code([op, 1, 1, 0])
        assert line.startswith(f"0: {op.name}")


def test_ruins_disassembly_is_readable():
    native = CardSet.load("ruins").native_effects()
    text = native.disassemble("Aegis of Arnunnia")
    assert "focus [SUMMON YOU]" in text and "continuous STAT FOCUSED DEFENSE 2" in text
    assert "cost=R C1" in text and "PREVENT r4, r5, UNTIL_END_OF_TURN" in text


def test_docs_disassemblies_are_what_the_cards_compile_to():
    native = CardSet.load("ruins").native_effects()
    blocks = re.findall(r"```text\n(.*?)```", doc_text(), re.S)
    shown = [block for block in blocks if block.splitlines()[0] in native.card_names]
    assert len(shown) >= 8
    for block in shown:
        assert block.rstrip("\n") == native.disassemble(block.splitlines()[0])


def test_docs_first_look_definitions_are_the_shipped_ones():
    from tcbg.x610z.effects.compiler import compile_definitions

    code = re.search(r"## A first look\s+```python\n(.*?)```", doc_text(), re.S).group(1)
    namespace: dict = {}
    exec(code, namespace)  # the documented definitions, as a designer would write them
    ruins = CardSet.load("ruins")
    cards = [card for card in ruins if card.name in namespace["EFFECTS"] or card.type not in ("flux", "catalyst")]
    documented = compile_definitions(cards, namespace["EFFECTS"])
    shipped = ruins.native_effects()
    for name in namespace["EFFECTS"]:
        assert documented.disassemble(name) == shipped.disassemble(name), name


def test_docs_python_examples_run():
    for code in re.findall(r"```python\n(.*?)```", doc_text(), re.S):
        namespace: dict = {}
        exec("from tcbg.x610z.effects import *\n" + code, namespace)
    assert namespace["model"].damage_of(namespace["waterfall"]) == 0


@pytest.mark.parametrize("module", ["__init__", "native", "refs", "values", "actions", "kinds", "compiler",
                                    "reference", "slowpath"])
def test_docstring_examples(module):
    import doctest
    import importlib

    mod = importlib.import_module("tcbg.x610z.effects" + ("" if module == "__init__" else f".{module}"))
    failures, tried = doctest.testmod(mod, verbose=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
