"""Bad board files and dicts raise tcbg.BoardError naming the file, the dot/line/setup and the rule
(docs/board-format.md B1-B12). Never a crash, never silent acceptance."""

from __future__ import annotations

import copy
import json

import pytest

import tcbg
from tcbg.x610z import Board


def good() -> dict:
    return {
        "format": "tcbg-board/1",
        "name": "tiny",
        "dots": [
            {"id": "s0", "x": 0, "y": -2, "kinds": ["start"]},
            {"id": "m", "x": 0, "y": 0},
            {"id": "s1", "x": 0, "y": 2, "kinds": ["start"]},
            {"id": "e", "x": 2, "y": 0, "kinds": ["end"]},
        ],
        "lines": [{"a": "s0", "b": "m"}, {"a": "m", "b": "s1"}, {"a": "m", "b": "e"}],
        "setups": {"1v1": {"seats": ["s0", "s1"]}},
    }


def broken(change) -> dict:
    doc = copy.deepcopy(good())
    change(doc)
    return doc


def check(doc, rule: str, where: str, words: str, source: str = "bad.json") -> tcbg.BoardError:
    with pytest.raises(tcbg.BoardError) as info:
        Board.from_dict(doc, source=source)
    err = info.value
    assert err.rule == rule, str(err)
    assert err.file == source
    assert where in err.where, str(err)
    assert words in err.reason, str(err)
    assert str(err).startswith(f"{source}: ") and str(err).endswith(f"[board-format {rule}]")
    return err


def test_the_good_board_loads():
    board = Board.from_dict(good())
    assert [d.id for d in board.dots] == ["s0", "m", "s1", "e"]


CASES = [
    # (change, rule, where, words)
    (lambda d: d.update(format="tcbg-board/9"), "B1", "board", "format"),
    (lambda d: d.pop("name"), "B1", "board", "'name' is missing"),
    (lambda d: d.update(name=""), "B1", "board", "name"),
    (lambda d: d.update(colour="red"), "B1", "board", "unknown field 'colour'"),
    (lambda d: d.update(rules="act2"), "B1", "board", "rules"),
    (lambda d: d.update(dots={}), "B1", "board", "dots must be"),
    (lambda d: d.update(setups=[]), "B1", "board", "setups must be"),
    (lambda d: d["dots"][1].update(x=1.5), "B2", "dot 1 'm'", "x must be an integer"),
    (lambda d: d["dots"][1].update(y=True), "B2", "dot 1 'm'", "y must be an integer"),
    (lambda d: d["dots"][1].update(id=""), "B2", "dot 1", "id must be"),
    (lambda d: d["dots"][1].update(kinds=["mountain"]), "B2", "dot 1 'm'", "unknown kind 'mountain'"),
    (lambda d: d["dots"][1].update(kinds=["quest", "quest"]), "B2", "dot 1 'm'", "listed twice"),
    (lambda d: d["dots"][1].update(kinds=["white", "quest"]), "B2", "dot 1 'm'", "white dot"),
    (lambda d: d["dots"][3].update(kinds=["start", "end"]), "B2", "dot 3 'e'", "both a start dot and an end dot"),
    (lambda d: d["dots"][1].update(x=1_000_001), "B2", "dot 1 'm'", "coordinates"),
    (lambda d: d["dots"][1].update(x=-1_000_001), "B2", "dot 1 'm'", "coordinates"),
    (lambda d: d["dots"][0].update(x=2**63), "B2", "dot 0 's0'", "coordinates"),  # beyond 64 bits: not for the core
    (lambda d: d["dots"][0].update(y=-(2**100)), "B2", "dot 0 's0'", "coordinates"),
    (lambda d: d["dots"][1].update(z=3), "B2", "dot 1 'm'", "unknown field 'z'"),
    (lambda d: d["dots"][3].update(id="m"), "B3", "dot 3 'm'", "already exists (dot 1)"),
    (lambda d: d["dots"][3].update(x=0, y=0), "B4", "dot 3 'e'", "same position as dot 1 'm'"),
    (lambda d: d["lines"].append({"a": "m", "b": "nowhere"}), "B5", "line 3", "names no dot"),
    (lambda d: d["lines"][0].update(leave_a=[0, 0]), "B5", "line 0 (s0-m)", "not [0, 0]"),
    (lambda d: d["lines"][0].update(leave_a=[1]), "B5", "line 0 (s0-m)", "two integers"),
    (lambda d: d["lines"][0].update(leave_b=[1, 2.5]), "B5", "line 0 (s0-m)", "two integers"),
    (lambda d: d["lines"][0].update(leave_b=[3_000_000, 1]), "B5", "line 0 (s0-m)", "direction component"),
    (lambda d: d["lines"][0].update(leave_a=[2**63, 1]), "B5", "line 0 (s0-m)", "direction component"),
    (lambda d: d["lines"][0].update(leave_b=[1, -(2**64)]), "B5", "line 0 (s0-m)", "direction component"),
    (lambda d: d["lines"][0].update(curve=1), "B5", "line 0 (s0-m)", "unknown field 'curve'"),
    (lambda d: d["lines"].append({"a": "e", "b": "e"}), "B6", "line 3 (e-e)", "to itself"),
    (lambda d: d["lines"].append({"a": "e", "b": "m"}), "B7", "line 3 (e-m)", "already exists (line 2)"),
    (lambda d: d["dots"].append({"id": "lost", "x": 9, "y": 9}), "B10", "dot 4 'lost'", "cannot be reached"),
    (lambda d: d["setups"]["1v1"].update(seats=["s0", "m"]), "B11", "setup '1v1' seat 1", "not a start dot"),
    (lambda d: d["setups"]["1v1"].update(seats=["s0", "s0"]), "B11", "setup '1v1' seat 1", "already seat 0"),
    (lambda d: d["setups"]["1v1"].update(seats=["s0"]), "B11", "setup '1v1'", "from 2 to 6 seats"),
    (lambda d: d["setups"]["1v1"].update(seats=["s0", "ghost"]), "B11", "setup '1v1'", "'ghost' names no dot"),
    (lambda d: d["setups"]["1v1"].update(teams=[0]), "B11", "setup '1v1'", "1 teams for 2 seats"),
    (lambda d: d["setups"]["1v1"].update(teams=[1, 1]), "B11", "setup '1v1'", "one team"),
    (lambda d: d["setups"]["1v1"].update(teams=["a", "b"]), "B11", "setup '1v1'", "list of integers"),
    (lambda d: d["setups"]["1v1"].update(order="cw"), "B11", "setup '1v1'", "unknown field 'order'"),
    (lambda d: d.update(setups={}), "B12", "board", "at least one setup"),
]


@pytest.mark.parametrize("change, rule, where, words", CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_each_broken_rule_is_named(change, rule, where, words):
    check(broken(change), rule, where, words)


def test_team_labels_are_any_integers():  # B11: a team is a label, however large
    doc = broken(lambda d: d["setups"]["1v1"].update(teams=[2**70, -(2**80)]))
    assert Board.from_dict(doc).setups["1v1"].teams == (2**70, -(2**80))
    check(broken(lambda d: d["setups"]["1v1"].update(teams=[2**70, 2**70])), "B11", "setup '1v1'", "one team")


def test_integers_too_long_for_python_are_refused_in_files(tmp_path):  # B1
    # Python cannot convert a decimal string of more than 4,300 digits; the JSON reader refuses such a number.
    for field in ("x", "y"):
        text = json.dumps(good()).replace(f'"{field}": 0', f'"{field}": {"7" * 5000}', 1)
        path = tmp_path / f"{field}.json"
        path.write_text(text)
        with pytest.raises(tcbg.BoardError, match="an integer of 5000 digits") as info:
            Board.load(path)
        assert info.value.rule == "B1" and info.value.file == str(path)
    near = tmp_path / "near.json"  # 4,300 digits still parse, and the value is refused by its range (B2)
    near.write_text(json.dumps(good()).replace('"x": 0', f'"x": -{"7" * 4300}', 1))
    with pytest.raises(tcbg.BoardError, match="coordinates") as info:
        Board.load(near)
    assert info.value.rule == "B2"


def test_too_many_lines_at_a_dot():  # B8
    doc = good()
    for k in range(8):
        doc["dots"].append({"id": f"r{k}", "x": 10 + k, "y": 5 + k * k})
        doc["lines"].append({"a": "m", "b": f"r{k}"})
    check(doc, "B8", "dot 1 'm'", "more than 8 lines")


def test_too_many_dots():  # B9
    doc = good()
    for k in range(253):
        doc["dots"].append({"id": f"x{k}", "x": 100 + k, "y": 0})
        doc["lines"].append({"a": "e" if k == 0 else f"x{k - 1}", "b": f"x{k}"})
    check(doc, "B9", "board", "from 2 to 256 dots")


def test_too_few_dots():  # B9
    doc = {"format": "tcbg-board/1", "name": "one", "dots": [{"id": "a", "x": 0, "y": 0, "kinds": ["start"]}],
           "lines": [], "setups": {"s": {"seats": ["a", "a"]}}}
    check(doc, "B9", "board", "from 2 to 256 dots")


def test_not_an_object():  # B1
    check([1, 2, 3], "B1", "board", "must be a JSON object")


def test_files(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(good()))
    assert Board.load(path).name == "tiny"
    assert Board.load(str(path), rules="act1").rules == "act1"

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tcbg-board/1",\n "name": }')
    with pytest.raises(tcbg.BoardError, match=r"bad.json: board: not valid JSON: .* line 2") as info:
        Board.load(bad)
    assert info.value.rule == "B1"

    twice = tmp_path / "twice.json"
    twice.write_text('{"format": "tcbg-board/1", "name": "a", "name": "b", "dots": [], "lines": [], "setups": {}}')
    with pytest.raises(tcbg.BoardError, match="'name' appears twice"):
        Board.load(twice)

    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(tcbg.BoardError, match="not UTF-8"):
        Board.load(binary)

    with pytest.raises(tcbg.BoardError, match="no such file"):
        Board.load(tmp_path / "missing.json")
    with pytest.raises(tcbg.BoardError, match="is a folder"):
        Board.load(tmp_path)

    broken_file = tmp_path / "selfloop.json"
    doc = good()
    doc["lines"].append({"a": "m", "b": "m"})
    broken_file.write_text(json.dumps(doc))
    with pytest.raises(tcbg.BoardError) as info:
        Board.load(broken_file)
    assert info.value.file == str(broken_file) and info.value.rule == "B6"  # a core error names the file too


def test_unknown_board_name_suggests():
    with pytest.raises(tcbg.BoardError, match="did you mean 'existenz'"):
        Board.load("existens")


def test_unknown_rules_option():  # rules.md 1.1
    with pytest.raises(tcbg.BoardError, match="unknown rules 'act3'"):
        Board.from_dict(good(), rules="act3")
