"""The card-effect machinery both games share (docs/effects.md): its modules' examples run, its docs example
compiles what it shows, the core's opcodes are the C++ header's, and X610Z's language is built on it (its shared
names are the shared objects, not copies)."""

from __future__ import annotations

import doctest
import importlib
import re
import sys
import types
from pathlib import Path

import pytest

from tcbg.effects import native as shared_native
from tcbg.effects.errors import CompileError
from tcbg.effects.native import CoreOp, compute, extend

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "effects.md"
MODULES = ["", ".errors", ".native", ".refs", ".values", ".actions", ".kinds", ".program", ".tables", ".loading"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module("tcbg.effects" + name)
    failures, tried = doctest.testmod(module, verbose=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_docs_example_prints_what_the_docs_show(capsys):
    text = DOC.read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    shown = re.search(r"prints\n\n```text\n(.*?)```", text, re.S).group(1)
    module = types.ModuleType("effects_doc_example")  # dataclasses look their module up
    sys.modules[module.__name__] = module
    try:
        exec(compile(code, str(DOC), "exec", dont_inherit=True), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    assert capsys.readouterr().out == shown


def test_core_opcodes_are_the_headers():
    header = (ROOT / "cpp" / "include" / "tcbg" / "core" / "effects.hpp").read_text(encoding="utf-8")
    body = re.search(r"enum CoreOp : int \{(.*?)\};", header, re.S).group(1)
    body = re.sub(r"//[^\n]*", "", body)
    named = {name: int(value) for name, value in re.findall(r"([A-Z_]+) = (\d+)", body)}
    assert named == {op.name: op.value for op in CoreOp}
    for name in ("kRegisters", "kTargetSlots", "kNone", "kWidth"):
        value = int(re.search(rf"{name} = (-?\d+);", header).group(1))
        python = {"kRegisters": "REGISTERS", "kTargetSlots": "TARGET_SLOTS", "kNone": "NONE", "kWidth": "WIDTH"}
        assert value == getattr(shared_native, python[name])
    assert f"kFirstGameChangingOp = {shared_native.FIRST_GAME_CHANGING_OP};" in header
    for cpp, python, prefix in (("CoreCtx", shared_native.Ctx, "kCtx"), ("CoreChoose", shared_native.Choose, "kChoose"),
                                ("CoreDuration", shared_native.Duration, "kDuration")):
        body = re.search(rf"enum {cpp} : int \{{(.*?)\}};", header, re.S).group(1)
        named = {name: int(value) for name, value in re.findall(rf"{prefix}(\w+) = (\d+)", body)}
        assert named == {m.name.title().replace("_", ""): m.value for m in python}, cpp


def test_compute_is_the_cores_arithmetic_and_jumps():
    r = [0] * shared_native.REGISTERS
    assert compute(CoreOp.SET, 4, 7, 0, r) == (True, None) and r[4] == 7
    assert compute(CoreOp.SET, 5, -3, 0, r) == (True, None)
    for op, expected in ((CoreOp.ADD, 4), (CoreOp.SUB, 10), (CoreOp.MUL, -21), (CoreOp.MIN, -3), (CoreOp.MAX, 7),
                         (CoreOp.LE, 0), (CoreOp.EQ, 0)):
        assert compute(op, 6, 4, 5, r) == (True, None) and r[6] == expected, op
    assert compute(CoreOp.NOT, 6, 6, 0, r) == (True, None) and r[6] == 1
    assert compute(CoreOp.JUMP, 9, 0, 0, r) == (True, 9)
    assert compute(CoreOp.JZ, 6, 3, 0, r) == (True, None)  # r6 is 1: no jump
    assert compute(CoreOp.JZ, 0, 3, 0, r) == (True, 3)
    for op in (CoreOp.END, CoreOp.RETURN, CoreOp.CTX, CoreOp.CHOOSE, CoreOp.PYTHON, 32):
        assert compute(op, 1, 2, 3, r) == (False, None)


def test_a_game_enum_cannot_reuse_a_core_name_or_number():
    with pytest.raises(ValueError, match="already names"):
        extend("Op", CoreOp, {"DRAW": 31}, __name__)
    with pytest.raises(ValueError, match="already names"):
        extend("Op", CoreOp, {"SET": 40}, __name__)


def test_x610z_builds_on_the_shared_objects():
    from tcbg.effects import actions, kinds, program, refs, values
    from tcbg.x610z import effects as X
    from tcbg.x610z.effects import encoding, native, programs

    assert X.SELF is refs.SELF and X.YOU is refs.YOU and X.Target is refs.Target and X.Each is refs.Each
    assert X.If is actions.If and X.May is actions.May and X.PythonEffect is actions.PythonEffect
    assert X.Count is values.Count and X.StatOf is values.StatOf and X.Triggered is kinds.Triggered
    assert X.When is kinds.When and X.Continuous is kinds.Continuous and X.UNTIL_END_OF_TURN is actions.UNTIL_END_OF_TURN
    assert issubclass(programs.Program, program.Program) and issubclass(X.Summons().__class__, refs.Filter)
    assert encoding.CompileError is CompileError
    assert native.Op.PYTHON == CoreOp.PYTHON == 31
    assert all(native.Op[op.name] == op for op in CoreOp)
