"""The boards shipped with tcbg (src/tcbg/x610z/boards): they load, they are what tools/make_boards.py writes, and every
setup is fair and rotationally symmetric. Design: docs/boards.md."""

from __future__ import annotations

import math
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest

from tcbg.x610z import Board

ROOT = Path(__file__).resolve().parents[2]
BOARDS_DIR = ROOT / "src" / "tcbg" / "x610z" / "boards"
GENERATOR = ROOT / "tools" / "make_boards.py"

SHIPPED = {
    "existenz": {"rules": "existenz", "starts": 12, "ends": 12, "dots": 216,
                 "setups": ["1v1", "ffa3", "2v2", "ffa4"], "distance": 10},
    "act1": {"rules": "act1", "starts": 6, "ends": 6, "dots": 72,
             "setups": ["1v1", "ffa3", "ffa4", "ffa5", "ffa6", "2v2", "3v3"], "distance": 8},
}
# setups whose seats a rotation can shift by one (seat j -> seat j+1): every seat count divides the start dot count
FULLY_ROTATIONAL = {
    "existenz": {"1v1", "ffa3", "2v2", "ffa4"},
    "act1": {"1v1", "ffa3", "ffa6", "3v3"},
}
CASES = [(name, setup) for name, info in SHIPPED.items() for setup in info["setups"]]
TOLERANCE = 3.0  # coordinates are rounded to integers: a rotated dot lands within about 1.5 of its image


@pytest.fixture(scope="module", params=list(SHIPPED))
def board(request) -> Board:
    return Board.load(request.param)


_BOARDS: dict[str, Board] = {}


def _board(name: str) -> Board:
    if name not in _BOARDS:
        _BOARDS[name] = Board.load(name)
    return _BOARDS[name]


# --------------------------------------------------------------------------------------------------------------------
# generator


def test_committed_files_are_the_generators_output(tmp_path):
    subprocess.run([sys.executable, str(GENERATOR), "--out", str(tmp_path)], check=True, capture_output=True)
    for name in SHIPPED:
        fresh = (tmp_path / f"{name}.json").read_bytes()
        committed = (BOARDS_DIR / f"{name}.json").read_bytes()
        assert committed == fresh, f"{name}.json differs from tools/make_boards.py output: re-run the generator"


def test_generator_is_deterministic(tmp_path):
    for out in ("a", "b"):
        subprocess.run([sys.executable, str(GENERATOR), "--out", str(tmp_path / out)], check=True, capture_output=True)
    for name in SHIPPED:
        assert (tmp_path / "a" / f"{name}.json").read_bytes() == (tmp_path / "b" / f"{name}.json").read_bytes()


# --------------------------------------------------------------------------------------------------------------------
# structure


def test_shipped_names():
    assert set(SHIPPED) <= set(Board.names())


def test_board_loads_with_its_design(board):
    info = SHIPPED[board.name]
    assert board.rules == info["rules"]
    assert board.description
    assert list(board.setups) == info["setups"]
    assert board.default_setup == info["setups"][0]
    assert len(board.dots) == info["dots"] <= 256
    kinds = {d.id: d.kinds for d in board.dots}
    assert sum("start" in k for k in kinds.values()) == info["starts"]
    assert sum("end" in k for k in kinds.values()) == info["ends"]
    degree = {d.id: 0 for d in board.dots}
    for ln in board.lines:
        degree[ln.a] += 1
        degree[ln.b] += 1
    assert max(degree.values()) <= 8
    assert all(isinstance(d.x, int) and isinstance(d.y, int) for d in board.dots)


def test_board_loads_under_the_other_rules(board):
    other = "act1" if board.rules == "existenz" else "existenz"
    again = Board.load(board.name, rules=other)
    assert again.rules == other
    assert len(again.dots) == len(board.dots)


def test_existenz_has_every_dot_kind():
    board = _board("existenz")
    printed = set().union(*(d.kinds for d in board.dots))
    assert printed == {"start", "end", "no-attack", "warp", "quest", "white"}
    # no dot at the very centre: Mount Vargah
    assert all((d.x, d.y) != (0, 0) for d in board.dots)


def test_act1_has_red_and_quest_dots():
    board = _board("act1")
    printed = set().union(*(d.kinds for d in board.dots))
    assert {"start", "end", "no-attack", "quest"} <= printed
    assert "warp" not in printed  # Act I warps are its start and end dots (rules.md 1.2)
    ends = [d.id for d in board.dots if "end" in d.kinds]
    assert all({"end", "warp"} <= board.kinds(e) for e in ends)


def test_corners_are_exact(board):
    """Orbit/radial turns are exactly 90 degrees, straight-on runs exactly opposite (rules.md 2.4, 2.5)."""
    pos = {d.id: (d.x, d.y) for d in board.dots}
    at: dict[str, list[tuple[int, int]]] = {d.id: [] for d in board.dots}
    for ln in board.lines:
        at[ln.a].append(tuple(ln.leave_a))
        at[ln.b].append(tuple(ln.leave_b))
    for dot_id, leaves in at.items():
        p = pos[dot_id]
        for u in leaves:
            # every leave direction is radial (parallel to the position) or tangential (perpendicular to it)
            cross = p[0] * u[1] - p[1] * u[0]
            dot = p[0] * u[0] + p[1] * u[1]
            assert cross == 0 or dot == 0, (dot_id, u)
        for u, v in combinations(leaves, 2):
            product = u[0] * v[0] + u[1] * v[1]
            cross = u[0] * v[1] - u[1] * v[0]
            assert product == 0 or (product < 0 and cross == 0), (dot_id, u, v)


# --------------------------------------------------------------------------------------------------------------------
# fairness


@pytest.mark.parametrize("name,setup", CASES)
def test_every_seat_is_equally_far_from_an_end_dot(name, setup):
    board = _board(name)
    dist = board.distance_matrix(corners=True)
    ends = [board.index(d.id) for d in board.dots if "end" in board.kinds(d.id)]
    nearest = []
    for seat in board.setups[setup].seats:
        row = [int(dist[board.index(seat), e]) for e in ends]
        reachable = [v for v in row if v >= 0]
        assert reachable, seat
        nearest.append(min(reachable))
    assert len(set(nearest)) == 1, dict(zip(board.setups[setup].seats, nearest))
    assert nearest[0] == SHIPPED[name]["distance"]


def test_every_start_dot_is_equally_far_from_an_end_dot(board):
    """Also the start dots no seat uses (rules.md 2.6): any of them could be a seat of some setup."""
    dist = board.distance_matrix(corners=True)
    ends = [board.index(d.id) for d in board.dots if "end" in board.kinds(d.id)]
    starts = [board.index(d.id) for d in board.dots if "start" in d.kinds]
    assert {min(int(dist[s, e]) for e in ends if dist[s, e] >= 0) for s in starts} == {SHIPPED[board.name]["distance"]}


# --------------------------------------------------------------------------------------------------------------------
# symmetry


def _centre(board: Board) -> tuple[float, float]:
    starts = [d for d in board.dots if "start" in d.kinds]
    return (sum(d.x for d in starts) / len(starts), sum(d.y for d in starts) / len(starts))


def _angle(board: Board, dot_id: str) -> float:
    cx, cy = _centre(board)
    d = board.dots[board.index(dot_id)]
    return math.atan2(d.y - cy, d.x - cx)


def _rotation_map(board: Board, angle: float) -> dict[str, str] | None:
    """The image of every dot under the rotation by ``angle`` about the centre, or None if some rotated dot is not
    within TOLERANCE of a dot of the board, or two dots land on the same one."""
    cx, cy = _centre(board)
    c, s = math.cos(angle), math.sin(angle)
    image: dict[str, str] = {}
    for d in board.dots:
        x, y = d.x - cx, d.y - cy
        rx, ry = cx + c * x - s * y, cy + s * x + c * y
        best = min(board.dots, key=lambda e: (e.x - rx) ** 2 + (e.y - ry) ** 2)
        if math.hypot(best.x - rx, best.y - ry) > TOLERANCE:
            return None
        image[d.id] = best.id
    if len(set(image.values())) != len(image):
        return None
    return image


def _leaves(board: Board) -> dict[str, dict[str, tuple[int, int]]]:
    """For each dot: neighbour -> the direction in which the line to that neighbour leaves the dot."""
    out: dict[str, dict[str, tuple[int, int]]] = {d.id: {} for d in board.dots}
    for ln in board.lines:
        out[ln.a][ln.b] = tuple(ln.leave_a)
        out[ln.b][ln.a] = tuple(ln.leave_b)
    return out


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _is_automorphism(board: Board, image: dict[str, str]) -> bool:
    lines = {frozenset((ln.a, ln.b)) for ln in board.lines}
    if {frozenset((image[ln.a], image[ln.b])) for ln in board.lines} != lines:
        return False
    if any(board.kinds(d) != board.kinds(image[d]) for d in image):
        return False
    leaves = _leaves(board)
    for d, out in leaves.items():
        for (n1, u), (n2, v) in combinations(out.items(), 2):
            u2 = leaves[image[d]][image[n1]]
            v2 = leaves[image[d]][image[n2]]
            if _sign(u[0] * v[0] + u[1] * v[1]) != _sign(u2[0] * v2[0] + u2[1] * v2[1]):
                return False
    return True


def _seat_rotation(board: Board, setup: str, i: int) -> dict[str, str]:
    """The rotation taking seat 0's start dot to seat i's start dot, checked to map the board onto itself."""
    seats = board.setups[setup].seats
    image = _rotation_map(board, _angle(board, seats[i]) - _angle(board, seats[0]))
    assert image is not None, f"{board.name} {setup}: rotating seat 0 onto seat {i} does not map dots onto dots"
    assert image[seats[0]] == seats[i]
    assert _is_automorphism(board, image), f"{board.name} {setup}: rotation to seat {i} breaks lines/kinds/corners"
    return image


def _shifts_seats(board: Board, setup: str, image: dict[str, str], shift: int) -> bool:
    s = board.setups[setup]
    n = len(s.seats)
    if any(image[s.seats[j]] != s.seats[(j + shift) % n] for j in range(n)):
        return False
    # teams: seats j and k are teammates exactly when their images are
    return all((s.teams[j] == s.teams[k]) == (s.teams[(j + shift) % n] == s.teams[(k + shift) % n])
               for j in range(n) for k in range(n))


@pytest.mark.parametrize("name,setup", CASES)
def test_each_seat_has_the_same_position_up_to_rotation(name, setup):
    board = _board(name)
    for i in range(len(board.setups[setup].seats)):
        _seat_rotation(board, setup, i)


@pytest.mark.parametrize("name,setup", [c for c in CASES if c[1] in FULLY_ROTATIONAL[c[0]]])
def test_rotation_shifts_every_seat_and_keeps_teams(name, setup):
    board = _board(name)
    for i in range(len(board.setups[setup].seats)):
        image = _seat_rotation(board, setup, i)
        assert _shifts_seats(board, setup, image, i), f"{name} {setup}: rotation to seat {i} does not shift all seats"


@pytest.mark.parametrize("name,setup", [c for c in CASES if c[1] not in FULLY_ROTATIONAL[c[0]]])
def test_partial_setups_are_only_weakly_symmetric(name, setup):
    """act1 ffa4/ffa5/2v2 put 4 or 5 seats on 6 start dots: no rotation shifts every seat by one (docs/boards.md).
    ffa4 and 2v2 still have the half turn, which shifts every seat by two and keeps the teams."""
    board = _board(name)
    n = len(board.setups[setup].seats)
    assert not _shifts_seats(board, setup, _seat_rotation(board, setup, 1), 1)
    if n == 4:
        assert _shifts_seats(board, setup, _seat_rotation(board, setup, 2), 2)


def test_teammates_sit_opposite():
    for name, setup in (("existenz", "2v2"), ("act1", "2v2")):
        board = _board(name)
        s = board.setups[setup]
        for j, k in combinations(range(len(s.seats)), 2):
            if s.teams[j] == s.teams[k]:
                diff = abs(_angle(board, s.seats[j]) - _angle(board, s.seats[k]))
                assert math.isclose(diff, math.pi, abs_tol=1e-2), (name, s.seats[j], s.seats[k])


def test_seats_are_listed_clockwise(board):
    """Seats are in clockwise turn order (ORoC "Players take turns in a clockwise order")."""
    for setup in board.setups.values():
        angles = [_angle(board, seat) for seat in setup.seats]
        steps = [(angles[j] - angles[(j + 1) % len(angles)]) % (2 * math.pi) for j in range(len(angles))]
        assert math.isclose(sum(steps), 2 * math.pi, rel_tol=1e-6), setup.name  # one clockwise turn in all
