"""The ``tcbg`` command line (src/tcbg/cli/) and the SVG it writes (src/tcbg/x610z/svg.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tcbg.cli import main
from tcbg.x610z import Board, Piece
from tcbg.x610z.svg import line_geometry, render_board_svg

SVG = "{http://www.w3.org/2000/svg}"


def _classes(el) -> set[str]:
    return set(el.get("class", "").split())


def _parse(path) -> ET.Element:
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    return root


def _with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in _classes(el)]


def _run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------------------------------------------------
# board list / board show


def test_board_list(capsys):
    code, out, err = _run(capsys, "board", "list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert [ln.split(":")[0] for ln in lines] == Board.names()
    assert any(ln.startswith("existenz: rules existenz, 216 dots") for ln in lines)


@pytest.mark.parametrize("name", ["existenz", "act1"])
def test_show_writes_the_board(capsys, tmp_path, name):
    board = Board.load(name)
    out_file = tmp_path / f"{name}.svg"
    code, out, err = _run(capsys, "board", "show", name, "-o", str(out_file))
    assert code == 0 and err == ""
    assert len(out.splitlines()) == 1
    assert out.startswith(f"{name} ({board.rules}), setup {board.default_setup}: {len(board.dots)} dots")
    root = _parse(out_file)
    dots = _with_class(root, "dot")
    assert len(dots) == len(board.dots)
    assert {el.get("data-dot") for el in dots} == {d.id for d in board.dots}
    assert len(_with_class(root, "line")) == len(board.lines)
    assert _with_class(root, "arc"), "orbits are drawn as arcs"
    seats = _with_class(root, "seat")
    assert [el.get("data-dot") for el in seats] == list(board.setups[board.default_setup].seats)
    assert not _with_class(root, "reachable") and not _with_class(root, "target")
    # every kind on the board is in the legend
    legend_text = " ".join(t.text or "" for t in root.iter(f"{SVG}text") if t.text)
    for kind in ("start dot", "end dot", "red (no-attack) dot", "quest dot"):
        assert kind in legend_text


@pytest.mark.parametrize("name,setup", [("existenz", "ffa4"), ("act1", "3v3")])
def test_show_marks_the_seats_of_a_setup(capsys, tmp_path, name, setup):
    board = Board.load(name)
    out_file = tmp_path / "b.svg"
    code, out, _ = _run(capsys, "board", "show", name, "--setup", setup, "-o", str(out_file))
    assert code == 0 and f"setup {setup}" in out
    seats = _with_class(_parse(out_file), "seat")
    s = board.setups[setup]
    assert [(el.get("data-dot"), int(el.get("data-team"))) for el in seats] == list(zip(s.seats, s.teams))


def test_show_by_path_with_other_rules(capsys, tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({
        "format": "tcbg-board/1", "name": "mine", "dots": [
            {"id": "a", "x": 0, "y": 0, "kinds": ["start"]}, {"id": "b", "x": 10, "y": 0},
            {"id": "c", "x": 20, "y": 0, "kinds": ["start"]}, {"id": "d", "x": 10, "y": 10, "kinds": ["end"]}],
        "lines": [{"a": "a", "b": "b"}, {"a": "b", "b": "c"}, {"a": "b", "b": "d", "leave_a": [1, 0],
                                                                    "leave_b": [3, 1]}],
        "setups": {"duel": {"seats": ["a", "c"]}}}))
    out_file = tmp_path / "mine.svg"
    code, out, _ = _run(capsys, "board", "show", str(path), "--rules", "act1", "-o", str(out_file))
    assert code == 0 and out.startswith("mine (act1), setup duel: 4 dots")
    root = _parse(out_file)
    assert len(_with_class(root, "dot")) == 4
    assert len(_with_class(root, "cubic")) == 1  # a curved line that is no circular arc
    assert _with_class(root, "also-warp")  # Act I: an end dot is also a warp dot


@pytest.mark.parametrize("name,origin,speed,rng,pieces", [
    ("existenz", "r3-05", 3, 3, ["r3-07:1", "r4-05:2:1", "r2-05:1"]),
    ("act1", "r3-01", 2, 4, ["r3-03:1", "r3-11:1:2"]),
])
def test_show_highlights_moves_and_attacks(capsys, tmp_path, name, origin, speed, rng, pieces):
    board = Board.load(name)
    setup = "2v2"
    piece_objs = []
    for p in pieces:
        dot, *nums = p.split(":")
        piece_objs.append(Piece(dot, *map(int, nums)))
    moves = board.moves(origin, speed, setup=setup, pieces=piece_objs)
    attacks = board.attacks(origin, rng, setup=setup, pieces=piece_objs)
    assert moves and attacks
    out_file = tmp_path / "h.svg"
    argv = ["board", "show", name, "--setup", setup, "--from", origin, "--speed", str(speed), "--range", str(rng)]
    for p in pieces:
        argv += ["--piece", p]
    code, out, err = _run(capsys, *argv, "-o", str(out_file))
    assert code == 0 and err == ""
    reachable = {m.destination for m in moves}
    targets = {a.target for a in attacks}
    assert f"{len(reachable)} reachable dot" in out and f"({len(moves)} move" in out
    assert f"{len(targets)} target" in out
    root = _parse(out_file)
    assert {el.get("data-dot") for el in _with_class(root, "reachable")} == reachable
    assert {el.get("data-dot") for el in _with_class(root, "target")} == targets
    assert [el.get("data-dot") for el in _with_class(root, "origin")] == [origin]
    assert _with_class(root, "move-paths") and _with_class(root, "attack-paths")
    assert len(_with_class(root, "piece")) == len(pieces)
    assert len(_with_class(root, "dot")) == len(board.dots)


def test_show_speed_only(capsys, tmp_path):
    out_file = tmp_path / "s.svg"
    code, out, _ = _run(capsys, "board", "show", "act1", "--from", "s-0", "--speed", "2", "--player", "0",
                        "-o", str(out_file))
    assert code == 0 and "reachable dot" in out and "target" not in out
    root = _parse(out_file)
    assert _with_class(root, "reachable") and not _with_class(root, "target")


def test_python_dash_m(tmp_path):
    out_file = tmp_path / "m.svg"
    run = subprocess.run([sys.executable, "-m", "tcbg", "board", "show", "act1", "-o", str(out_file)],
                         capture_output=True, text=True)
    assert run.returncode == 0 and run.stderr == ""
    assert out_file.exists()
    run = subprocess.run([sys.executable, "-m", "tcbg", "board", "show", "nope", "-o", str(out_file)],
                         capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.startswith("tcbg: error: ") and run.stderr.count("\n") == 1


def test_help_is_not_an_error(capsys):
    assert main(["--help"]) == 0
    assert "board" in capsys.readouterr().out


def test_bare_tcbg_prints_the_usage(capsys):
    code, out, err = _run(capsys)
    assert code == 0 and err == ""
    assert out.startswith("usage: tcbg") and all(c in out for c in ("list", "board", "matchup", "matrix"))


def test_version(capsys):
    import tcbg

    from tcbg._build import build_id, source_revision

    code, out, err = _run(capsys, "--version")
    revision = source_revision() or "unknown: not a git checkout"
    assert code == 0 and err == ""
    assert out == f"tcbg {tcbg.__version__} (revision {revision}, build {build_id()})\n"


def test_list_names_the_shipped_decks_boards_and_card_sets(capsys):
    from tcbg.x610z import CardSet
    from tcbg.x610z.decks import Deck

    code, out, err = _run(capsys, "list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    sections = [i for i, line in enumerate(lines) if not line.startswith(" ")]
    # X610Z's decks, boards and card sets, then Z/X's decks and card sets (tests/zx/test_matchup.py checks those)
    assert [lines[i].split(" (")[0] for i in sections] == ["decks", "boards", "card sets", "Z/X decks",
                                                            "Z/X card sets"]
    decks = [line.split()[0] for line in lines[sections[0] + 1:sections[1]]]
    boards = [line.split(":")[0].strip() for line in lines[sections[1] + 1:sections[2]]]
    card_sets = [line.split(":")[0].strip() for line in lines[sections[2] + 1:sections[3]]]
    assert decks == Deck.names() and boards == Board.names() and card_sets == CardSet.names()
    assert "  arnunnian       card set ruins, edition existenz" in lines
    assert any(line.startswith("  act1: rules act1, 72 dots") for line in lines)


def test_show_creates_a_missing_output_folder(capsys, tmp_path):
    target = tmp_path / "new" / "folder" / "b.svg"
    code, out, err = _run(capsys, "board", "show", "existenz", "-o", str(target))
    assert code == 0 and err == "" and out.rstrip().endswith(f"-> {target}")
    assert _parse(target) is not None


# --------------------------------------------------------------------------------------------------------------------
# errors: one line "tcbg: error: ...", exit status 2, never a traceback


@pytest.mark.parametrize("argv,needle", [
    (["frob"], "invalid choice"),
    (["board"], "required"),
    (["board", "show", "existenz"], "-o/--output"),
    (["board", "show", "no-such-board", "-o", "{out}"], "no such file"),
    (["board", "show", "{tmp}/missing.json", "-o", "{out}"], "no such file"),
    (["board", "show", "{bad}", "-o", "{out}"], "{bad}"),
    (["board", "show", "existenz", "--rules", "chess", "-o", "{out}"], "--rules"),
    (["board", "show", "existenz", "--setup", "ffa9", "-o", "{out}"], "unknown setup 'ffa9'"),
    (["board", "show", "existenz", "--from", "r3-05", "--speed", "x", "-o", "{out}"], "--speed"),
    (["board", "show", "existenz", "--from", "r3-05", "--speed", "-1", "-o", "{out}"], "--speed"),
    (["board", "show", "existenz", "--from", "r3-05", "--speed", "99", "-o", "{out}"], "speed"),
    (["board", "show", "existenz", "--from", "r3-05", "--range", "17", "-o", "{out}"], "range"),
    (["board", "show", "existenz", "--from", "nowhere", "--speed", "2", "-o", "{out}"], "nowhere"),
    (["board", "show", "existenz", "--from", "r3-05", "--speed", "2", "--player", "7", "-o", "{out}"], "player"),
    (["board", "show", "existenz", "--from", "r3-05", "-o", "{out}"], "--from needs"),
    (["board", "show", "existenz", "--speed", "2", "-o", "{out}"], "--speed needs --from"),
    (["board", "show", "existenz", "--from", "r3-05", "--speed", "2", "--piece", "r3-05", "-o", "{out}"],
     "--piece"),
    (["board", "show", "existenz", "--from", "r3-05", "--speed", "2", "--piece", "zz:1", "-o", "{out}"], "zz"),
    (["board", "show", "existenz", "--from", "r3-05", "--range", "2", "--piece", "r3-06:1:99", "-o", "{out}"],
     "block"),
    (["board", "show", "existenz", "-o", "{bad}/x.svg"], "bad.json: is a file"),
    (["board", "show", "existenz", "-o", "{tmp}/board.png"], "board show writes SVG; name a file ending in .svg"),
    # a piece is checked whether or not moves are drawn
    (["board", "show", "existenz", "--piece", "s-00:5", "-o", "{out}"],
     "--piece s-00:5:0: dot 's-00': player 5 has no seat in setup '1v1' (seats 0 to 1)"),
    (["board", "show", "existenz", "--setup", "2v2", "--piece", "s-00:4", "-o", "{out}"], "(seats 0 to 3)"),
    (["board", "show", "existenz", "--piece", "nowhere:0", "-o", "{out}"], "no dot 'nowhere'"),
])
def test_errors_are_one_line_and_exit_2(capsys, tmp_path, argv, needle):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tcbg-board/1", "name": "bad", "dots": [], "lines": [], "setups": {}}')
    subs = {"{out}": str(tmp_path / "out.svg"), "{tmp}": str(tmp_path), "{bad}": str(bad)}

    def sub(text: str) -> str:
        for k, v in subs.items():
            text = text.replace(k, v)
        return text

    code, out, err = _run(capsys, *[sub(a) for a in argv])
    assert code == 2
    assert out == ""
    assert err.startswith("tcbg: error: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert sub(needle).lower() in err.lower(), err
    assert not (tmp_path / "out.svg").exists()


# --------------------------------------------------------------------------------------------------------------------
# the SVG module itself


def test_line_geometry():
    # straight
    assert line_geometry((0, 0), (10, 0), (1, 0), (-1, 0)) == ("line",)
    # quarter circle about the origin, clockwise from (0, -100) to (-100, 0): arc of radius 100, right turn
    kind, radius, large, sweep = line_geometry((0, -100), (-100, 0), (-100, 0), (0, -100))
    assert kind == "arc" and radius == pytest.approx(100) and large == 0 and sweep == 1
    # the same arc counter-clockwise (left turn)
    kind, radius, large, sweep = line_geometry((-100, 0), (0, -100), (0, -100), (-100, 0))
    assert kind == "arc" and radius == pytest.approx(100) and large == 0 and sweep == 0
    # three quarters of a circle: the large arc
    kind, radius, large, _ = line_geometry((0, -100), (100, 0), (-100, 0), (0, 100))
    assert kind == "arc" and radius == pytest.approx(100) and large == 1
    # leave directions of no common circle: a Bezier curve
    assert line_geometry((0, 0), (10, 0), (1, 1), (-1, 3))[0] == "cubic"


def test_render_is_standalone_and_flips_y():
    board = Board.load("existenz")
    svg = render_board_svg(board, title="T <&>")
    root = ET.fromstring(svg.encode())
    assert root.find(f"{SVG}title").text == "T <&>"
    # s-00 is below the centre in the board (y < 0), so below it on screen (SVG y > 0)
    s00 = next(el for el in _with_class(root, "dot") if el.get("data-dot") == "s-00")
    shape = next(iter(el for el in s00 if el.tag != f"{SVG}title"))
    assert float(shape.get("y")) > 0
    assert "<script" not in svg and "href" not in svg


def test_render_rejects_unknown_setup_and_origin():
    import tcbg

    board = Board.load("act1")
    with pytest.raises(tcbg.TcbgError):
        render_board_svg(board, setup="nope")
    with pytest.raises(tcbg.TcbgError):
        render_board_svg(board, origin="nope", speed=2)


# -- board check and cards check ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["existenz", "act1"])
def test_board_check_shipped_boards_are_fair(capsys, name):
    code, out, err = _run(capsys, "board", "check", name)
    board = Board.load(name)
    assert code == 0 and err == ""
    assert out.splitlines()[0].startswith(f"{name} ({board.rules}): valid")
    assert sum(line.startswith("  setup ") for line in out.splitlines()) == len(board.setups)
    assert "unfair" not in out


def _lopsided_board() -> dict:
    # seat s0 is 1 step from the end dot, seat s1 is 2 steps from it
    return {
        "format": "tcbg-board/1", "name": "lopsided",
        "dots": [{"id": "s0", "x": 0, "y": 0, "kinds": ["start"]}, {"id": "e", "x": 1, "y": 0, "kinds": ["end"]},
                 {"id": "m", "x": 2, "y": 0}, {"id": "s1", "x": 3, "y": 0, "kinds": ["start"]}],
        "lines": [{"a": "s0", "b": "e"}, {"a": "e", "b": "m"}, {"a": "m", "b": "s1"}],
        "setups": {"1v1": {"seats": ["s0", "s1"]}},
    }


def test_board_check_reports_an_unfair_setup(capsys, tmp_path):
    path = tmp_path / "lopsided.json"
    path.write_text(json.dumps(_lopsided_board()))
    code, out, err = _run(capsys, "board", "check", str(path))
    assert code == 1
    assert "setup 1v1: steps to the nearest end dot: s0: 1, s1: 2  <- unfair" in out
    assert out.splitlines()[-1] == "unfair setups: 1v1"


def test_board_check_invalid_file_is_one_error_line(capsys, tmp_path):
    doc = _lopsided_board()
    doc["lines"].append({"a": "m", "b": "m"})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    code, out, err = _run(capsys, "board", "check", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("tcbg: error: ") and "[board-format B6]" in err


def test_cards_check(capsys, tmp_path):
    code, out, err = _run(capsys, "cards", "check", "vanilla")
    assert code == 0 and out.startswith("vanilla: valid; 17 cards")
    bad = tmp_path / "cards.json"
    bad.write_text('{"format": "tcbg-cards/1", "name": "x", "cards": []}')
    code, out, err = _run(capsys, "cards", "check", str(bad))
    assert code == 2 and err.startswith("tcbg: error: ") and "card-data C1" in err
