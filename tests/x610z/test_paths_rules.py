"""Hand-made boards, one or more tests per rule of rules.md 1.2, 2.1-2.11 and 3.1-3.6.

Every expected list below was worked out by hand from rules.md (the comments show the working). Each behavioural test
runs twice: against the C++ core (``board.moves`` / ``board.attacks``) and against the pure-Python reference
(tests/x610z/reference.py), so a disagreement between the two also shows up here, with the rule it breaks.

Conventions: ``M("o a b", (1, 0), 2)`` is the move along o -> a -> b with heading (1, 0) and cost 2;
``M("s0 w", None, 1, warp=1)`` a move whose dot 1 (w) is entered by the warp. ``A("o a t", (1, 0), 2)`` is the
attack on the summon at t along o -> a -> t with heading (1, 0) and count 2. Unless a test says otherwise the mover
is player 0 of the setup "duel" (seats s0, s1), whose own start dot is s0.
"""

from __future__ import annotations

import os
import sys

import pytest

import tcbg
from tcbg.x610z import Attack, Board, Move, Piece

try:
    from .reference import effective_kinds, reference_attacks, reference_moves
except ImportError:  # tests/x610z is not a package: import the sibling module by path
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from reference import effective_kinds, reference_attacks, reference_moves


# ---------------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------------


def make_doc(dots, lines, setups=None, rules="existenz"):
    """A tcbg-board/1 dict. dots: (id, x, y, *kinds); lines: "a-b" or (a, b, leave_a, leave_b) (None = default)."""
    doc_dots = []
    for dot_id, x, y, *kinds in dots:
        entry = {"id": dot_id, "x": x, "y": y}
        if kinds:
            entry["kinds"] = list(kinds)
        doc_dots.append(entry)
    doc_lines = []
    for spec in lines:
        if isinstance(spec, str):
            a, b = spec.split("-")
            doc_lines.append({"a": a, "b": b})
        else:
            a, b, leave_a, leave_b = spec
            entry = {"a": a, "b": b}
            if leave_a is not None:
                entry["leave_a"] = list(leave_a)
            if leave_b is not None:
                entry["leave_b"] = list(leave_b)
            doc_lines.append(entry)
    return {
        "format": "tcbg-board/1",
        "name": "test",
        "rules": rules,
        "dots": doc_dots,
        "lines": doc_lines,
        "setups": setups if setups is not None else {"duel": {"seats": ["s0", "s1"]}},
    }


def make_board(dots, lines, setups=None, rules="existenz"):
    return Board.from_dict(make_doc(dots, lines, setups, rules))


def M(path, heading, steps, warp=None):  # noqa: N802
    dots = tuple(path.split())
    return Move(destination=dots[-1], path=dots, heading=heading, steps=steps, warp_index=warp)


def A(path, heading, steps):  # noqa: N802
    dots = tuple(path.split())
    return Attack(target=dots[-1], path=dots, heading=heading, steps=steps)


def P(dot, player, block_rate=0):  # noqa: N802
    return Piece(dot, player, block_rate)


class _Core:
    def moves(self, board, origin, speed, **kw):
        return list(board.moves(origin, speed, **kw))

    def attacks(self, board, origin, attack_range, **kw):
        return list(board.attacks(origin, attack_range, **kw))


class _Reference:
    def moves(self, board, origin, speed, **kw):
        return reference_moves(board, origin, speed, **kw)

    def attacks(self, board, origin, attack_range, **kw):
        return reference_attacks(board, origin, attack_range, **kw)


@pytest.fixture(params=[_Core(), _Reference()], ids=["core", "reference"])
def impl(request):
    return request.param


# ---------------------------------------------------------------------------------------------------------------
# Boards
# ---------------------------------------------------------------------------------------------------------------

# s0 - o - a - b - c - s1 along the x axis.
LINE = make_doc(
    [("s0", -1, 0, "start"), ("o", 0, 0), ("a", 1, 0), ("b", 2, 0), ("c", 3, 0), ("s1", 4, 0, "start")],
    ["s0-o", "o-a", "a-b", "b-c", "c-s1"],
)

# o -> c, then from c: n (exactly 90 degrees), f (straight on), g (curved, leaves c towards (-1, 100): the corner
# is just under 90 degrees), h (leaves towards (1, 100): just over 90), b (leaves c towards (-1, 0): turning back).
CORNER = make_doc(
    [("s0", -4, 0, "start"), ("s1", -6, 0, "start"), ("o", -2, 0), ("c", 0, 0), ("n", 0, 2), ("f", 2, 0),
     ("g", -1, 2), ("h", 1, 2), ("b", -1, -2)],
    ["s1-s0", "s0-o", "o-c", "c-n", "c-f", ("c", "g", (-1, 100), None), ("c", "h", (1, 100), None),
     ("c", "b", (-1, 0), None)],
)

# Curved lines: c-k's chord (-2, 2) makes a sharp corner after o-c but its tangent at c is (0, 1); c-m's chord (2, 2)
# would be fine but its tangent at c is (-1, 1).
CURVED = make_doc(
    [("s0", -4, 0, "start"), ("s1", -5, 0, "start"), ("o", -2, 0), ("c", 0, 0), ("k", -2, 2), ("m", 2, 2)],
    ["s1-s0", "s0-o", "o-c", ("c", "k", (0, 1), (1, 0)), ("c", "m", (-1, 1), None)],
)

# Lines whose directions are not in lowest terms.
REDUCE = make_doc(
    [("s0", -1, 0, "start"), ("s1", -2, 0, "start"), ("o", 0, 0), ("p", 4, -2), ("t", 2, 4)],
    ["s1-s0", "s0-o", "o-p", "o-t"],
)

# A square o-p-q-r (all corners exactly 90 degrees) with the start dots hanging off o.
SQUARE = make_doc(
    [("o", 0, 0), ("p", 2, 0), ("q", 2, 2), ("r", 0, 2), ("s0", -2, -2, "start"), ("s1", -4, -4, "start")],
    ["o-p", "p-q", "q-r", "r-o", "o-s0", "s0-s1"],
)

# o -> a arrives at a travelling (1, 1); a -> t leaves (0, -1), a sharp corner. Going round the loop
# a-n-ne-e-a (all 90-degree corners) would make a -> t legal, but visits a twice.
LOLLIPOP = make_doc(
    [("s0", -2, -1, "start"), ("s1", -3, -1, "start"), ("o", -1, -1), ("a", 0, 0), ("n", 0, 1), ("ne", 1, 1),
     ("e", 1, 0), ("t", 0, -1)],
    ["s1-s0", "s0-o", "o-a", "a-n", "n-ne", "ne-e", "e-a", "a-t"],
)

# Diamond o-z-d and o-a-d; z comes before a in the file but after it alphabetically.
DIAMOND = make_doc(
    [("s0", -2, 0, "start"), ("s1", -3, 0, "start"), ("o", 0, 0), ("z", 1, 1), ("a", 1, -1), ("d", 2, 0)],
    ["s1-s0", "s0-o", "o-z", "o-a", "z-d", "a-d"],
)

# o-x then two equal routes x-q-m and x-p-m to m-d; q is before p in the file, after it alphabetically.
PARALLEL = make_doc(
    [("s0", -2, 0, "start"), ("s1", -3, 0, "start"), ("o", -1, 0), ("x", 0, 0), ("q", 1, -1), ("p", 1, 1),
     ("m", 2, 0), ("d", 3, 0)],
    ["s1-s0", "s0-o", "o-x", "x-p", "x-q", "p-m", "q-m", "m-d"],
)

# Start dots: s0 (player 0), s1 (player 1), s2 (player 2, player 0's teammate in "pairs"), s3, u (used by no seat).
STARTS = make_doc(
    [("o", 0, 0), ("s0", -1, 0, "start"), ("s1", 1, 0, "start"), ("x", 2, 0), ("s2", 0, 1, "start"),
     ("u", 0, -1, "start"), ("s3", 3, 0, "start")],
    ["o-s0", "o-s1", "s1-x", "o-s2", "o-u", "x-s3"],
    setups={"pairs": {"seats": ["s0", "s1", "s2", "s3"], "teams": [0, 1, 0, 1]}, "duel": {"seats": ["s0", "s1"]}},
)

# Warping: s0 - a - w - b - s1 on the x axis, w a warp dot with e (end) above and r (no-attack) below it.
WARP = make_doc(
    [("s0", 0, 0, "start"), ("a", 1, 0), ("w", 2, 0, "warp"), ("b", 3, 0), ("s1", 4, 0, "start"), ("e", 2, 2, "end"),
     ("r", 2, -2, "no-attack")],
    ["s0-a", "a-w", "w-b", "b-s1", "w-e", "w-r"],
)

# s0 - w - b - s1: w is both adjacent to s0 and a warp landing.
WARP2 = make_doc(
    [("s0", 0, 0, "start"), ("w", 1, 0, "warp"), ("b", 2, 0), ("s1", 3, 0, "start")],
    ["s0-w", "w-b", "b-s1"],
)

# A cross around c, with a diagonal arm SW, start dots beyond E and W.
CROSS = make_doc(
    [("s0", 2, 0, "start"), ("s1", -2, 0, "start"), ("c", 0, 0), ("N", 0, 1), ("E", 1, 0), ("S", 0, -1),
     ("W", -1, 0), ("SW", -1, -1)],
    ["c-N", "c-E", "c-S", "c-W", "c-SW", "E-s0", "W-s1"],
)

# No-attack dots: r and r2 red, u a start dot no seat uses, v behind u.
NOATTACK = make_doc(
    [("s0", -3, 0, "start"), ("s1", -4, 0, "start"), ("o", 0, 0), ("r", 1, 0, "no-attack"), ("t", 2, 0),
     ("r2", 0, 1, "no-attack"), ("u", 0, -1, "start"), ("v", 0, -2)],
    ["s1-s0", "s0-o", "o-r", "r-t", "o-r2", "o-u", "u-v"],
)

# An end dot between o and t (a warp dot only in Act I).
ENDS = make_doc(
    [("s0", -2, 0, "start"), ("s1", -3, 0, "start"), ("o", 0, 0), ("e", 1, 0, "end"), ("t", 2, 0)],
    ["s1-s0", "s0-o", "o-e", "e-t"],
)

# o - p - q - r with four start dots around, for teams.
TEAMS = make_doc(
    [("o", 0, 0), ("p", 1, 0), ("q", 2, 0), ("r", 3, 0), ("s0", -1, 0, "start"), ("s1", 1, 1, "start"),
     ("s2", 2, 1, "start"), ("s3", 3, 1, "start")],
    ["o-p", "p-q", "q-r", "s0-o", "s1-p", "s2-q", "s3-r"],
    setups={"pairs": {"seats": ["s0", "s1", "s2", "s3"], "teams": [0, 1, 0, 1]},
            "ffa": {"seats": ["s0", "s1", "s2", "s3"]}},
)


def board_of(doc, rules=None):
    return Board.from_dict(doc, rules=rules)


# ---------------------------------------------------------------------------------------------------------------
# rules.md 1.2: implied dot kinds
# ---------------------------------------------------------------------------------------------------------------


def test_kinds_start_is_also_no_attack_and_warp():
    """rules.md 1.2: in both editions a start dot is also a no-attack dot and a warp dot."""
    for rules in ("existenz", "act1"):
        board = board_of(WARP, rules=rules)
        assert board.rules == rules
        for dot_id in ("s0", "s1"):
            assert {"start", "no-attack", "warp"} <= set(board.kinds(dot_id))
            assert effective_kinds(board, board.dots[board.index(dot_id)]) == frozenset({"start", "no-attack", "warp"})
        assert "warp" not in board.kinds("a")
        assert "no-attack" not in board.kinds("a")
        assert {"warp"} <= set(board.kinds("w")) and "no-attack" not in board.kinds("w")
        assert "no-attack" in board.kinds("r") and "warp" not in board.kinds("r")


def test_kinds_end_is_warp_in_act1_only():
    """rules.md 1.2: in Act I an end dot is also a warp dot; not in ORoC. ("Summon dot" is not a kind.)"""
    existenz = board_of(WARP, rules="existenz")
    act1 = board_of(WARP, rules="act1")
    assert set(existenz.kinds("e")) == {"end"}
    assert set(act1.kinds("e")) == {"end", "warp"}
    assert effective_kinds(existenz, existenz.dots[existenz.index("e")]) == frozenset({"end"})
    assert effective_kinds(act1, act1.dots[act1.index("e")]) == frozenset({"end", "warp"})
    # The declared kinds stay as in the file (contract: Dot.kinds are the printed kinds).
    assert act1.dots[act1.index("e")].kinds == frozenset({"end"})
    assert act1.dots[act1.index("s0")].kinds == frozenset({"start"})


def test_rules_option_overrides_the_file():
    """rules.md 1.1: Board.from_dict(doc, rules=...) overrides the edition named in the file."""
    assert board_of(dict(WARP, rules="act1")).rules == "act1"
    assert board_of(dict(WARP, rules="act1"), rules="existenz").rules == "existenz"
    assert board_of(WARP, rules="act1").rules == "act1"


# ---------------------------------------------------------------------------------------------------------------
# rules.md 2.1 steps and speed, 2.2 passing over summons
# ---------------------------------------------------------------------------------------------------------------


def test_speed_bounds_the_cost(impl):
    """rules.md 2.1: each dot entered costs 1, total at most Speed, at least one dot entered."""
    board = board_of(LINE)
    # s0 is player 0's own start dot: a move may end there (2.6).
    assert impl.moves(board, "o", 2, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o a", (1, 0), 1), M("o a b", (1, 0), 2)]
    assert impl.moves(board, "o", 3, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o a", (1, 0), 1), M("o a b", (1, 0), 2), M("o a b c", (1, 0), 3)]
    assert impl.moves(board, "o", 0, life_base=True) == []  # 2.1: a move enters at least one dot


def test_block_rate_costs_extra_steps(impl):
    """rules.md 2.1: entering a dot with a summon of Block rate X costs 1 + X (2.2: passing over it is allowed)."""
    board = board_of(LINE)
    pieces = [P("a", 1, 2)]
    # o -> a costs 3 (but a is occupied, 2.2), o -> a -> b costs 3 + 1 = 4.
    assert impl.moves(board, "o", 4, pieces=pieces, life_base=True) == [M("o s0", (-1, 0), 1), M("o a b", (1, 0), 4)]
    assert impl.moves(board, "o", 3, pieces=pieces, life_base=True) == [M("o s0", (-1, 0), 1)]
    # The block rate counts whoever the summon belongs to, the mover's own side included.
    own = [P("a", 0, 1)]
    assert impl.moves(board, "o", 3, pieces=own, life_base=True) == [M("o s0", (-1, 0), 1), M("o a b", (1, 0), 3)]


def test_piece_on_origin_is_the_mover(impl):
    """Contract: a piece standing on the origin is the mover itself and is ignored (its block rate costs nothing)."""
    board = board_of(LINE)
    assert impl.moves(board, "o", 2, pieces=[P("o", 0, 5)], life_base=True) == impl.moves(
        board, "o", 2, life_base=True)
    assert impl.moves(board, "o", 2, pieces=[P("o", 0, 5)], life_base=True) == [
        M("o s0", (-1, 0), 1), M("o a", (1, 0), 1), M("o a b", (1, 0), 2)]


def test_pass_over_but_never_end_on_a_summon(impl):
    """rules.md 2.2: a move passes over occupied dots of any player but never ends on one."""
    board = board_of(LINE)
    pieces = [P("a", 1), P("b", 0)]
    assert impl.moves(board, "o", 3, pieces=pieces, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o a b c", (1, 0), 3)]
    # s1 (speed 4) is player 1's start dot: not a destination either (2.6).
    assert impl.moves(board, "o", 4, pieces=pieces, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o a b c", (1, 0), 3)]
    # Occupied own start dot: not a destination.
    assert impl.moves(board, "o", 1, pieces=[P("s0", 0)], life_base=True) == [M("o a", (1, 0), 1)]


# ---------------------------------------------------------------------------------------------------------------
# rules.md 2.3 no dot twice
# ---------------------------------------------------------------------------------------------------------------


def test_path_never_returns_to_its_origin(impl):
    """rules.md 2.3: around the square o-p-q-r-o (all corners 90 degrees) a move never comes back to o."""
    board = board_of(SQUARE)
    # Working: o->p (1,0); o->p->q (0,1); o->p->q->r (-1,0); o->r (0,1); o->r->q (1,0); o->r->q->p (0,-1);
    # o->s0 (-1,-1). o->p->q->r->o (cost 4, corners legal) is refused by 2.3; s1 is player 1's start (2.6).
    assert impl.moves(board, "o", 4, life_base=True) == [
        M("o r q p", (0, -1), 3), M("o p", (1, 0), 1),
        M("o p q", (0, 1), 2), M("o r q", (1, 0), 2),
        M("o p q r", (-1, 0), 3), M("o r", (0, 1), 1),
        M("o s0", (-1, -1), 1)]


def test_path_never_visits_a_dot_twice(impl):
    """rules.md 2.3: t is reachable by legal corners only through the loop a-n-ne-e-a, which visits a twice."""
    board = board_of(LOLLIPOP)
    moves = impl.moves(board, "o", 6, life_base=True)
    assert moves == [
        M("o s0", (-1, 0), 1), M("o a", (1, 1), 1),
        M("o a e ne n", (-1, 0), 4), M("o a n", (0, 1), 2),
        M("o a e ne", (0, 1), 3), M("o a n ne", (1, 0), 3),
        M("o a n ne e", (0, -1), 4), M("o a e", (1, 0), 2)]
    assert all(len(set(m.path)) == len(m.path) for m in moves)


def test_attack_path_never_visits_a_dot_twice(impl):
    """rules.md 2.3 (via 3.1): the attack o -> a -> n -> ne -> e -> a -> t is refused: a is visited twice."""
    board = board_of(LOLLIPOP)
    assert impl.attacks(board, "o", 6, pieces=[P("t", 1)]) == []
    assert impl.attacks(board, "o", 16, pieces=[P("t", 1)]) == []


def test_attack_path_never_comes_back_through_its_origin(impl):
    """rules.md 2.3 (via 3.1): o -> p -> q -> r -> o -> t (all corners 90 degrees, count 5) would be a second attack
    on t with heading (1, 0); only the direct o -> t (heading (-1, 0)) exists, and none under heading (1, 0)."""
    doc = dict(SQUARE, dots=[*SQUARE["dots"], {"id": "t", "x": -2, "y": 0}],
               lines=[*SQUARE["lines"], {"a": "o", "b": "t"}])
    board = board_of(doc)
    pieces = [P("t", 1)]
    assert impl.attacks(board, "o", 5, pieces=pieces) == [A("o t", (-1, 0), 1)]
    assert impl.attacks(board, "o", 5, pieces=pieces, heading=(1, 0)) == []
    assert impl.attacks(board, "o", 5, pieces=pieces, heading=(1, 0), all_directions=True) == [A("o t", (-1, 0), 1)]


def test_all_directions_still_never_visits_a_dot_twice(impl):
    """rules.md 2.10 + 2.3: all directions lifts the corner rule, not 2.3: no move returns to o, and t is now
    reached directly (one move per destination, 2.11)."""
    board = board_of(LOLLIPOP)
    assert impl.moves(board, "o", 6, life_base=True, all_directions=True) == [
        M("o s0", (-1, 0), 1), M("o a", (1, 1), 1), M("o a n", (0, 1), 2), M("o a n ne", (1, 0), 3),
        M("o a e", (1, 0), 2), M("o a t", (0, -1), 2)]
    assert impl.attacks(board, "o", 6, pieces=[P("t", 1)], all_directions=True) == [A("o a t", (1, 1), 2)]
    board = board_of(SQUARE)
    # With all directions, o -> p -> o would be a legal "turn back" were it not for 2.3.
    assert impl.moves(board, "o", 4, life_base=True, all_directions=True) == [
        M("o p", (1, 0), 1), M("o p q", (0, 1), 2), M("o r", (0, 1), 1), M("o s0", (-1, -1), 1)]


# ---------------------------------------------------------------------------------------------------------------
# rules.md 2.4 corners, 2.5 curved lines
# ---------------------------------------------------------------------------------------------------------------


def test_corners_90_degrees_allowed_sharper_refused(impl):
    """rules.md 2.4: at c after o -> c (u1 = (-2, 0)): n (u2 = (0, 2), exactly 90) and h ((1, 100), 90.6 degrees)
    are legal, f straight on is legal; g ((-1, 100), 89.4 degrees) and b ((-1, 0), turning back) are refused."""
    board = board_of(CORNER)
    assert impl.moves(board, "o", 2, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o c", (1, 0), 1), M("o c n", (0, 1), 2), M("o c f", (1, 0), 2),
        M("o c h", (1, 2), 2)]


def test_corners_from_the_other_side(impl):
    """rules.md 2.4: arriving at c from f (u1 = (2, 0)) the same lines flip: g and b legal, h refused."""
    board = board_of(CORNER)
    # Headings (2.8): g's line leaves g towards (1, -2) (default straight), so arriving travels (-1, 2).
    assert impl.moves(board, "f", 2, life_base=True) == [
        M("f c o", (-1, 0), 2), M("f c", (-1, 0), 1), M("f c n", (0, 1), 2), M("f c g", (-1, 2), 2),
        M("f c b", (-1, -2), 2)]


def test_corner_rule_for_attacks(impl):
    """rules.md 3.1 + 2.4: attack paths obey the corner rule: from o, targets at n, f, h; not g nor b."""
    board = board_of(CORNER)
    pieces = [P(d, 1) for d in ("n", "f", "g", "h", "b")]
    assert impl.attacks(board, "o", 2, pieces=pieces) == [
        A("o c n", (1, 0), 2), A("o c f", (1, 0), 2), A("o c h", (1, 0), 2)]
    # rules.md 2.10: all directions lifts it.
    assert impl.attacks(board, "o", 2, pieces=pieces, all_directions=True) == [
        A("o c n", (1, 0), 2), A("o c f", (1, 0), 2), A("o c g", (1, 0), 2), A("o c h", (1, 0), 2),
        A("o c b", (1, 0), 2)]


def test_all_directions_lifts_the_corner_rule(impl):
    """rules.md 2.10: a summon that moves in all directions ignores 2.4 (g and b become reachable)."""
    board = board_of(CORNER)
    assert impl.moves(board, "o", 2, life_base=True, all_directions=True) == [
        M("o s0", (-1, 0), 1), M("o c", (1, 0), 1), M("o c n", (0, 1), 2), M("o c f", (1, 0), 2),
        M("o c g", (-1, 2), 2), M("o c h", (1, 2), 2), M("o c b", (-1, -2), 2)]


# Huge tangents at c: the arriving line o-c leaves c towards (-2e6, -2e6); c-p leaves at exactly 90 degrees,
# c-q a hair under (dot = +2e6), c-r a hair over (dot = -2e6). The products are 4e12: beyond 32-bit integers.
BIG = 2_000_000
HUGE = make_doc(
    [("s0", -2, -1, "start"), ("s1", -3, -1, "start"), ("o", -1, -1), ("c", 0, 0), ("p", 1, -1), ("q", 2, -2),
     ("r", 1, -2)],
    ["s1-s0", "s0-o", ("o", "c", None, (-BIG, -BIG)), ("c", "p", (BIG, -BIG), None),
     ("c", "q", (BIG - 1, -BIG), None), ("c", "r", (BIG, -(BIG - 1)), None)],
)


def test_corner_rule_exact_with_huge_directions(impl):
    """rules.md 2.4: dot(u1, u2) <= 0 computed exactly in integers, even for directions of +-2,000,000."""
    board = board_of(HUGE)
    assert impl.moves(board, "o", 2, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o c", (1, 1), 1), M("o c p", (1, -1), 2), M("o c r", (1, -2), 2)]
    # rules.md 2.9 with a huge heading: dot(h, u) >= 0 exactly.
    assert impl.moves(board, "c", 1, life_base=True, heading=(BIG, BIG)) == [M("c p", (1, -1), 1), M("c r", (1, -2), 1)]
    # rules.md 2.8: attack headings in lowest terms ((2e6, -2e6) -> (1, -1); (1999999, -2000000) stays).
    pieces = [P("o", 1), P("p", 1), P("q", 1), P("r", 1)]
    assert impl.attacks(board, "c", 1, pieces=pieces) == [
        A("c o", (-1, -1), 1), A("c p", (1, -1), 1), A("c q", (BIG - 1, -BIG), 1), A("c r", (BIG, -(BIG - 1)), 1)]


def test_curved_line_judged_by_its_tangent(impl):
    """rules.md 2.5: c-k leaves c towards (0, 1) (90 degrees: legal although its chord (-2, 2) is sharp); c-m leaves
    towards (-1, 1) (sharp, although its chord (2, 2) is fine). The heading at k uses k's tangent (1, 0) (2.8)."""
    board = board_of(CURVED)
    assert impl.moves(board, "o", 2, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o c", (1, 0), 1), M("o c k", (-1, 0), 2)]
    pieces = [P("k", 1), P("m", 1)]
    assert impl.attacks(board, "o", 2, pieces=pieces) == [A("o c k", (1, 0), 2)]


def test_line_directions_default_to_the_straight_line():
    """rules.md 2.5 / board-format B5: a missing direction is the straight line's, not reduced to lowest terms."""
    board = board_of(CURVED)
    by_ends = {(line.a, line.b): line for line in board.lines}
    assert tuple(by_ends[("o", "c")].leave_a) == (2, 0)
    assert tuple(by_ends[("o", "c")].leave_b) == (-2, 0)
    assert tuple(by_ends[("c", "k")].leave_a) == (0, 1)
    assert tuple(by_ends[("c", "k")].leave_b) == (1, 0)
    assert tuple(by_ends[("c", "m")].leave_a) == (-1, 1)
    assert tuple(by_ends[("c", "m")].leave_b) == (-2, -2)


# ---------------------------------------------------------------------------------------------------------------
# rules.md 2.6 start dots
# ---------------------------------------------------------------------------------------------------------------


def test_start_dots_of_other_players(impl):
    """rules.md 2.6: own start dot endable; another player's (s1) passable but not endable; a teammate's (s2) not
    endable; a start dot used by no seat (u) open to anyone."""
    board = board_of(STARTS)
    expected = [M("o s0", (-1, 0), 1), M("o s1 x", (1, 0), 2), M("o u", (0, -1), 1)]
    assert impl.moves(board, "o", 2, setup="pairs", life_base=True) == expected
    assert impl.moves(board, "o", 2, life_base=True) == expected  # "pairs" is the default setup (first)
    # Player 2 (player 0's teammate): s0 is now a teammate's start dot, s2 its own.
    assert impl.moves(board, "o", 2, player=2, setup="pairs", life_base=True) == [
        M("o s1 x", (1, 0), 2), M("o s2", (0, 1), 1), M("o u", (0, -1), 1)]


def test_start_dots_no_seat_uses_are_open(impl):
    """rules.md 2.6 (decision): in the two-seat setup s2 and s3 belong to nobody."""
    board = board_of(STARTS)
    assert impl.moves(board, "o", 2, setup="duel", life_base=True) == [
        M("o s0", (-1, 0), 1), M("o s1 x", (1, 0), 2), M("o s2", (0, 1), 1), M("o u", (0, -1), 1)]
    assert impl.moves(board, "o", 2, player=1, setup="duel", life_base=True) == [
        M("o s1", (1, 0), 1), M("o s1 x", (1, 0), 2), M("o s2", (0, 1), 1), M("o u", (0, -1), 1)]


def test_nobody_warps_to_an_unused_start_dot_as_own(impl):
    """rules.md 2.6 / 2.7: from a warp dot one warps only to one's own start dot, never to an unused start dot.
    From x (duel): x->s1 is not endable (2.6) but s1 is a warp dot, so x->s1 =warp=> s0; x->s3 (unused, endable);
    x->s3 =warp=> s0 ties with x->s1=>s0 and loses on dot index (2.11)."""
    board = board_of(STARTS)
    assert impl.moves(board, "x", 2, setup="duel") == [
        M("x s1 o", (-1, 0), 2), M("x s1 s0", None, 2, warp=2), M("x s3", (1, 0), 1)]


# ---------------------------------------------------------------------------------------------------------------
# rules.md 2.7 warping, 2.8 heading
# ---------------------------------------------------------------------------------------------------------------


def test_warp_from_own_start_dot(impl):
    """rules.md 2.7: from its own start dot a summon warps to any warp dot (w, s1) for 1 step; s1 is another
    player's start dot, so the move may not end there (2.6) but may go on. 2.8: a warp-ending move has no heading."""
    board = board_of(WARP)
    assert impl.moves(board, "s0", 1) == [M("s0 a", (1, 0), 1), M("s0 w", None, 1, warp=1)]
    assert impl.moves(board, "s0", 2) == [
        M("s0 w a", (-1, 0), 2, warp=1), M("s0 a", (1, 0), 1),
        M("s0 w", None, 1, warp=1), M("s0 a w", (1, 0), 2),
        M("s0 s1 b", (-1, 0), 2, warp=1), M("s0 w b", (1, 0), 2, warp=1),
        M("s0 w e", (0, 1), 2, warp=1),
        M("s0 w r", (0, -1), 2, warp=1)]


def test_act1_warps_only_between_own_start_and_end_dots(impl):
    """rules.md 2.7 (decision, Act I): a warp joins the mover's own start dot with an end dot, nothing else. On this
    board s0 warps to the end dot e only: neither to w (printed warp, not an end dot) nor to s1 (another player's
    start dot, a warp dot by 1.2). Compare test_warp_from_own_start_dot, the same board under ORoC."""
    board = board_of(WARP, rules="act1")
    assert impl.moves(board, "s0", 1) == [M("s0 a", (1, 0), 1), M("s0 e", None, 1, warp=1)]
    assert impl.moves(board, "s0", 2) == [
        M("s0 a", (1, 0), 1),
        M("s0 e w", (0, -1), 2, warp=1), M("s0 a w", (1, 0), 2),
        M("s0 e", None, 1, warp=1)]


def test_act1_warps_back_only_from_end_dots(impl):
    """rules.md 2.7 (Act I): "from one of the Ending Dots to your Starting Dot". From the end dot e the summon warps
    home; from w (printed warp) or s1 (a start dot) it does not, though ORoC lets both warp to s0."""
    act1, oroc = board_of(WARP, rules="act1"), board_of(WARP)
    assert impl.moves(act1, "e", 1) == [M("e s0", None, 1, warp=1), M("e w", (0, -1), 1)]
    assert impl.moves(act1, "w", 1) == [M("w a", (-1, 0), 1), M("w b", (1, 0), 1), M("w e", (0, 1), 1),
                                        M("w r", (0, -1), 1)]
    assert M("w s0", None, 1, warp=1) in impl.moves(oroc, "w", 1)
    pieces = [P("s1", 0)]
    assert impl.moves(act1, "s1", 1, pieces=pieces) == [M("s1 b", (-1, 0), 1)]
    assert impl.moves(oroc, "s1", 1, pieces=pieces) == [M("s1 s0", None, 1, warp=1), M("s1 b", (-1, 0), 1)]


def test_act1_shipped_board_warps_to_end_dots_only(impl):
    """rules.md 2.7 (Act I) on the shipped act1 board: from s-0 a Speed-1 summon reaches s-1 and s-5 along the start
    circle's orbit and r2-00 along its radial path, and warps to the six end dots; it warps to no start dot (the
    unused s-1, s-2, s-4, s-5 and the opponent's s-3). From the unused start dot s-2 it does not warp home."""
    board = Board.load("act1")
    moves = impl.moves(board, "s-0", 1, player=0, setup="1v1", pieces=[P("s-0", 0)])
    assert [(m.destination, m.warp_index) for m in moves] == [
        ("s-1", None), ("s-5", None), ("r2-00", None)] + [(f"e-{k}", 1) for k in range(6)]
    from_unused = impl.moves(board, "s-2", 1, player=0, setup="1v1", pieces=[P("s-2", 0)])
    assert all(m.warp_index is None for m in from_unused) and "s-0" not in [m.destination for m in from_unused]
    oroc = Board.load("act1", rules="existenz")  # the same board under ORoC: every start dot is a warp end
    assert M("s-2 s-0", None, 1, warp=1) in impl.moves(oroc, "s-2", 1, player=0, setup="1v1", pieces=[P("s-2", 0)])


def test_life_base_never_warps(impl):
    """rules.md 2.7: a life base never warps."""
    board = board_of(WARP)
    assert impl.moves(board, "s0", 2, life_base=True) == [M("s0 a", (1, 0), 1), M("s0 a w", (1, 0), 2)]
    assert impl.moves(board, "w", 1, life_base=True) == [
        M("w a", (-1, 0), 1), M("w b", (1, 0), 1), M("w e", (0, 1), 1), M("w r", (0, -1), 1)]


def test_warp_mid_move_from_and_to_own_start(impl):
    """rules.md 2.7: a warp may stand anywhere in a move: a -> w =warp=> s0 (to own start from a warp dot),
    a -> s0 =warp=> w -> b (from own start, then on along a line in any direction)."""
    board = board_of(WARP)
    assert impl.moves(board, "a", 3) == [
        M("a w s0", None, 2, warp=2), M("a s0", (-1, 0), 1),
        M("a s0 w", None, 2, warp=2), M("a w", (1, 0), 1),
        M("a s0 s1 b", (-1, 0), 3, warp=2), M("a w b", (1, 0), 2),
        M("a w e", (0, 1), 2),
        M("a w r", (0, -1), 2)]


def test_at_most_one_warp(impl):
    """rules.md 2.7: at most one warp per move. From w: w =warp=> s0 =warp=> s1 -> b would reach b heading (-1, 0);
    with one warp b is reached only along w -> b."""
    board = board_of(WARP)
    moves = impl.moves(board, "w", 3)
    assert moves == [
        M("w s0", None, 1, warp=1), M("w a s0", (-1, 0), 2),
        M("w a", (-1, 0), 1), M("w s0 a", (1, 0), 2, warp=1),
        M("w b", (1, 0), 1),
        M("w e", (0, 1), 1),
        M("w r", (0, -1), 1)]


def test_warp_landing_pays_the_block_rate(impl):
    """rules.md 2.7 + 2.1: the warp costs 1 + X when a summon with Block rate X stands on the landing dot."""
    board = board_of(WARP)
    assert impl.moves(board, "s0", 2, pieces=[P("w", 1, 1)]) == [
        M("s0 a", (1, 0), 1), M("s0 s1 b", (-1, 0), 2, warp=1)]


def test_warp_ignores_heading_and_corners(impl):
    """rules.md 2.7: the heading coupling (2.9) does not restrict a warp step and after a warp the next step may
    leave in any direction. Heading (-1, 0) forbids s0 -> a, not the warp to w nor w -> b."""
    board = board_of(WARP)
    assert impl.moves(board, "s0", 1, heading=(-1, 0)) == [M("s0 w", None, 1, warp=1)]
    assert impl.moves(board, "s0", 2, heading=(-1, 0)) == [
        M("s0 w a", (-1, 0), 2, warp=1), M("s0 w", None, 1, warp=1),
        M("s0 s1 b", (-1, 0), 2, warp=1), M("s0 w b", (1, 0), 2, warp=1),
        M("s0 w e", (0, 1), 2, warp=1), M("s0 w r", (0, -1), 2, warp=1)]


def test_headings_reduced_to_lowest_terms(impl):
    """rules.md 2.8: o -> p arrives travelling (4, -2) -> (2, -1); the attack o -> t leaves o towards (2, 4) ->
    (1, 2)."""
    board = board_of(REDUCE)
    assert impl.moves(board, "o", 1, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o p", (2, -1), 1), M("o t", (1, 2), 1)]
    assert impl.attacks(board, "o", 1, pieces=[P("p", 1), P("t", 1)]) == [A("o p", (2, -1), 1), A("o t", (1, 2), 1)]


# ---------------------------------------------------------------------------------------------------------------
# rules.md 2.9 heading coupling, 2.10 all directions
# ---------------------------------------------------------------------------------------------------------------


def test_heading_restricts_moves(impl):
    """rules.md 2.9: with heading h the first step leaves in u with dot(h, u) >= 0 (perpendicular allowed)."""
    board = board_of(CROSS)
    assert impl.moves(board, "c", 1, life_base=True) == [
        M("c N", (0, 1), 1), M("c E", (1, 0), 1), M("c S", (0, -1), 1), M("c W", (-1, 0), 1),
        M("c SW", (-1, -1), 1)]
    assert impl.moves(board, "c", 1, life_base=True, heading=(1, 0)) == [
        M("c N", (0, 1), 1), M("c E", (1, 0), 1), M("c S", (0, -1), 1)]
    assert impl.moves(board, "c", 1, life_base=True, heading=(3, 3)) == [M("c N", (0, 1), 1), M("c E", (1, 0), 1)]
    assert impl.moves(board, "c", 2, life_base=True, heading=(1, 0)) == [
        M("c E s0", (1, 0), 2), M("c N", (0, 1), 1), M("c E", (1, 0), 1), M("c S", (0, -1), 1)]


def test_heading_restricts_attacks(impl):
    """rules.md 2.9: an attack after a move leaves in u with dot(heading, u) >= 0."""
    board = board_of(CROSS)
    pieces = [P(d, 1) for d in ("N", "E", "S", "W", "SW")]
    assert impl.attacks(board, "c", 1, pieces=pieces, heading=(0, 1)) == [
        A("c N", (0, 1), 1), A("c E", (1, 0), 1), A("c W", (-1, 0), 1)]
    assert len(impl.attacks(board, "c", 1, pieces=pieces)) == 5


def test_heading_coupling_both_ways(impl):
    """rules.md 2.9: move then attack (the move's heading limits the attack) and attack then move."""
    board = board_of(CROSS)
    # Move W -> c: heading (1, 0). The attack that follows cannot go to SW (dot((1, 0), (-1, -1)) < 0).
    (move,) = [m for m in impl.moves(board, "W", 1, life_base=True) if m.destination == "c"]
    assert move.heading == (1, 0)
    pieces = [P("c", 0), P("N", 1), P("E", 1), P("S", 1), P("SW", 1)]
    assert impl.attacks(board, "c", 1, pieces=pieces, heading=move.heading) == [
        A("c N", (0, 1), 1), A("c E", (1, 0), 1), A("c S", (0, -1), 1)]
    # Attack c -> N: heading (0, 1). The move that follows cannot go to S nor SW.
    (attack,) = impl.attacks(board, "c", 1, pieces=[P("c", 0), P("N", 1)])
    assert attack.heading == (0, 1)
    assert impl.moves(board, "c", 1, pieces=[P("c", 0), P("N", 1)], heading=attack.heading, life_base=True) == [
        M("c E", (1, 0), 1), M("c W", (-1, 0), 1)]


def test_all_directions_lifts_the_heading_coupling(impl):
    """rules.md 2.10: all directions ignores 2.9."""
    board = board_of(CROSS)
    assert impl.moves(board, "c", 1, life_base=True, heading=(1, 0), all_directions=True) == impl.moves(
        board, "c", 1, life_base=True)
    pieces = [P(d, 1) for d in ("N", "E", "S", "W", "SW")]
    assert len(impl.attacks(board, "c", 1, pieces=pieces, heading=(0, 1), all_directions=True)) == 5


# ---------------------------------------------------------------------------------------------------------------
# rules.md 2.11 distinct moves, canonical path, order
# ---------------------------------------------------------------------------------------------------------------


def test_distinct_moves_by_heading(impl):
    """rules.md 2.11: d reached with heading (1, -1) via z and (1, 1) via a: two moves; listed by destination index,
    then heading in increasing order."""
    board = board_of(DIAMOND)
    assert impl.moves(board, "o", 2, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o z", (1, 1), 1), M("o a", (1, -1), 1),
        M("o z d", (1, -1), 2), M("o a d", (1, 1), 2)]
    assert impl.moves(board, "o", 3, life_base=True) == [
        M("o s0", (-1, 0), 1),
        M("o a d z", (-1, 1), 3), M("o z", (1, 1), 1),
        M("o z d a", (-1, -1), 3), M("o a", (1, -1), 1),
        M("o z d", (1, -1), 2), M("o a d", (1, 1), 2)]


def test_all_directions_one_move_per_destination(impl):
    """rules.md 2.11: with all directions one move per destination; equal cost -> lowest dot index sequence (z is
    dot 3, a is dot 4: o-z-d although "a" < "z" as strings)."""
    board = board_of(DIAMOND)
    assert impl.moves(board, "o", 3, life_base=True, all_directions=True) == [
        M("o s0", (-1, 0), 1), M("o z", (1, 1), 1), M("o a", (1, -1), 1), M("o z d", (1, -1), 2)]


def test_lowest_cost_beats_dot_order(impl):
    """rules.md 2.11: the lowest cost wins before the dot order: a block rate on z makes o-a-d the path."""
    board = board_of(DIAMOND)
    pieces = [P("z", 1, 1)]
    assert impl.moves(board, "o", 3, pieces=pieces, life_base=True, all_directions=True) == [
        M("o s0", (-1, 0), 1), M("o a", (1, -1), 1), M("o a d", (1, 1), 2)]
    assert impl.moves(board, "o", 3, pieces=pieces, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o a", (1, -1), 1), M("o z d", (1, -1), 3), M("o a d", (1, 1), 2)]


def test_same_heading_lowest_dot_sequence(impl):
    """rules.md 2.11: two paths of equal cost and heading to d: x-q-m-d (q is dot 4) beats x-p-m-d (p is dot 5)."""
    board = board_of(PARALLEL)
    moves = impl.moves(board, "o", 4, life_base=True)
    assert [m for m in moves if m.destination == "d"] == [M("o x q m d", (1, 0), 4)]
    # m is reached via q (heading (1, 1)) and via p (heading (1, -1)): distinct moves.
    assert [m for m in moves if m.destination == "m"] == [M("o x p m", (1, -1), 3), M("o x q m", (1, 1), 3)]


def test_line_beats_warp_on_equal_sequence(impl):
    """rules.md 2.11: (dot index, entered by warp) pairs, False before True: s0 -> w -> b by line and by warp cost the
    same and have the same heading; the line path is reported (warp_index None). The warp-ending move to w (no
    heading) is distinct from the line move to w and comes first."""
    board = board_of(WARP2)
    assert impl.moves(board, "s0", 2) == [
        M("s0 w", None, 1, warp=1), M("s0 w", (1, 0), 1),
        M("s0 s1 b", (-1, 0), 2, warp=1), M("s0 w b", (1, 0), 2)]
    assert impl.moves(board, "s0", 2, all_directions=True) == [M("s0 w", (1, 0), 1), M("s0 w b", (1, 0), 2)]


# ---------------------------------------------------------------------------------------------------------------
# rules.md 3.1 range, 3.2 passing over
# ---------------------------------------------------------------------------------------------------------------


def test_range_counts_dots_entered(impl):
    """rules.md 3.1: the count is the number of dots entered, the target's included; in range when <= Range."""
    board = board_of(LINE)
    pieces = [P("c", 1)]
    assert impl.attacks(board, "o", 3, pieces=pieces) == [A("o a b c", (1, 0), 3)]
    assert impl.attacks(board, "o", 2, pieces=pieces) == []
    assert impl.attacks(board, "o", 0, pieces=[P("a", 1)]) == []


def test_range_counts_block_rates_target_included(impl):
    """rules.md 3.1: a dot with a summon of Block rate X counts 1 + X, the target's own dot included (decision)."""
    board = board_of(LINE)
    assert impl.attacks(board, "o", 3, pieces=[P("c", 1, 1)]) == []
    assert impl.attacks(board, "o", 4, pieces=[P("c", 1, 1)]) == [A("o a b c", (1, 0), 4)]
    pieces = [P("a", 0, 2), P("c", 1)]
    assert impl.attacks(board, "o", 4, pieces=pieces) == []
    assert impl.attacks(board, "o", 5, pieces=pieces) == [A("o a b c", (1, 0), 5)]


def test_attack_passes_over_summons(impl):
    """rules.md 3.2: summons of any player on the path do not stop an attack."""
    board = board_of(LINE)
    pieces = [P("a", 0), P("b", 1), P("c", 1)]
    assert impl.attacks(board, "o", 3, pieces=pieces) == [A("o a b", (1, 0), 2), A("o a b c", (1, 0), 3)]


# ---------------------------------------------------------------------------------------------------------------
# rules.md 3.3 no-attack dots, 3.4 warp dots
# ---------------------------------------------------------------------------------------------------------------


def test_no_attack_dots(impl):
    """rules.md 3.3: summons on no-attack dots neither attack nor are attacked; paths pass over no-attack dots that
    are not warp dots, empty or occupied."""
    board = board_of(NOATTACK)
    assert impl.attacks(board, "o", 2, pieces=[P("t", 1)]) == [A("o r t", (1, 0), 2)]
    assert impl.attacks(board, "o", 2, pieces=[P("t", 1), P("r", 1)]) == [A("o r t", (1, 0), 2)]
    assert impl.attacks(board, "o", 1, pieces=[P("r2", 1)]) == []  # target on a red dot
    assert impl.attacks(board, "r", 3, pieces=[P("t", 1), P("o", 1)]) == []  # attacker on a red dot


def test_start_dots_are_no_attack(impl):
    """rules.md 3.3 + 1.2: start dots (used or not by a seat) are no-attack dots."""
    board = board_of(NOATTACK)
    assert impl.attacks(board, "o", 1, pieces=[P("u", 1)]) == []  # target on a start dot no seat uses
    assert impl.attacks(board, "o", 3, pieces=[P("s0", 1)]) == []  # target on a start dot
    assert impl.attacks(board, "s0", 3, pieces=[P("o", 1)]) == []  # attacker on its own start dot
    assert impl.attacks(board, "u", 1, pieces=[P("o", 1), P("v", 1)]) == []  # attacker on an unused start dot


def test_warp_dots_stop_attacks_only_between(impl):
    """rules.md 3.4: no warp dot strictly between attacker and target; a summon on a warp dot (not no-attack) may
    attack out of it and be attacked there."""
    board = board_of(WARP)
    assert impl.attacks(board, "a", 2, pieces=[P("b", 1)]) == []  # w between
    assert impl.attacks(board, "a", 16, pieces=[P("b", 1), P("e", 1), P("r", 1)]) == []
    assert impl.attacks(board, "a", 1, pieces=[P("w", 1)]) == [A("a w", (1, 0), 1)]
    assert impl.attacks(board, "w", 1, pieces=[P("a", 1), P("b", 1), P("e", 1), P("r", 1)]) == [
        A("w a", (-1, 0), 1), A("w b", (1, 0), 1), A("w e", (0, 1), 1)]


def test_start_dot_between_stops_attacks(impl):
    """rules.md 3.4 + 1.2 + 3.3: a start dot is a warp dot: unlike a plain red dot, an attack cannot pass it."""
    board = board_of(NOATTACK)
    assert impl.attacks(board, "o", 2, pieces=[P("v", 1)]) == []
    assert impl.attacks(board, "o", 16, pieces=[P("v", 1)]) == []


def test_act1_end_dots_stop_attacks(impl):
    """rules.md 1.2 + 3.4: in Act I the end dot e is a warp dot and stops attacks through it; in ORoC it does not.
    A summon on it may be attacked in both (3.4: "through" means between)."""
    assert impl.attacks(board_of(ENDS, rules="existenz"), "o", 2, pieces=[P("t", 1)]) == [A("o e t", (1, 0), 2)]
    assert impl.attacks(board_of(ENDS, rules="act1"), "o", 2, pieces=[P("t", 1)]) == []
    for rules in ("existenz", "act1"):
        assert impl.attacks(board_of(ENDS, rules=rules), "o", 2, pieces=[P("e", 1)]) == [A("o e", (1, 0), 1)]
        assert impl.attacks(board_of(ENDS, rules=rules), "e", 1, pieces=[P("t", 1), P("o", 1)]) == [
            A("e o", (-1, 0), 1), A("e t", (1, 0), 1)]


# ---------------------------------------------------------------------------------------------------------------
# rules.md 3.5 targets, 3.6 distinct attacks
# ---------------------------------------------------------------------------------------------------------------


def test_teammates_are_not_targets(impl):
    """rules.md 3.5: targets are summons of another team; neither teammates' nor one's own summons are."""
    board = board_of(TEAMS)
    pieces = [P("p", 2), P("q", 1), P("r", 0)]
    assert impl.attacks(board, "o", 3, setup="pairs", pieces=pieces) == [A("o p q", (1, 0), 2)]
    assert impl.attacks(board, "o", 3, setup="ffa", pieces=pieces) == [A("o p", (1, 0), 1), A("o p q", (1, 0), 2)]
    assert impl.attacks(board, "o", 3, setup="pairs", player=1, pieces=pieces) == [
        A("o p", (1, 0), 1), A("o p q r", (1, 0), 3)]


def test_distinct_attacks_by_heading(impl):
    """rules.md 3.6: attacks on one target with different headings are distinct; listed by target index then
    heading; with all directions one attack per target, lowest count then lowest dot index sequence."""
    board = board_of(DIAMOND)
    pieces = [P("z", 1), P("a", 1), P("d", 1)]
    assert impl.attacks(board, "o", 3, pieces=pieces) == [
        A("o a d z", (1, -1), 3), A("o z", (1, 1), 1),
        A("o a", (1, -1), 1), A("o z d a", (1, 1), 3),
        A("o a d", (1, -1), 2), A("o z d", (1, 1), 2)]
    assert impl.attacks(board, "o", 3, pieces=pieces, all_directions=True) == [
        A("o z", (1, 1), 1), A("o a", (1, -1), 1), A("o z d", (1, 1), 2)]


def test_attack_lowest_count_then_dot_order(impl):
    """rules.md 3.6: lowest count first (block rate on z), then dot indices (q before p in the file)."""
    board = board_of(DIAMOND)
    pieces = [P("z", 0, 1), P("d", 1)]
    assert impl.attacks(board, "o", 3, pieces=pieces, all_directions=True) == [A("o a d", (1, -1), 2)]
    assert impl.attacks(board, "o", 3, pieces=pieces) == [A("o a d", (1, -1), 2), A("o z d", (1, 1), 3)]
    board = board_of(PARALLEL)
    assert impl.attacks(board, "o", 4, pieces=[P("d", 1)]) == [A("o x q m d", (1, 0), 4)]


# ---------------------------------------------------------------------------------------------------------------
# Query argument checks (contract: tcbg.PositionError naming the field)
# ---------------------------------------------------------------------------------------------------------------


def _raises_position_error(call, word):
    with pytest.raises(tcbg.PositionError) as info:
        call()
    assert isinstance(info.value, tcbg.TcbgError) and isinstance(info.value, ValueError)
    assert word in str(info.value).lower(), str(info.value)


@pytest.mark.parametrize(
    ("what", "call", "word"),
    [
        ("unknown origin", lambda b: b.moves("nowhere", 1), "origin"),
        ("unknown origin (attack)", lambda b: b.attacks("nowhere", 1), "origin"),
        ("unknown setup", lambda b: b.moves("o", 1, setup="nope"), "setup"),
        ("player too big", lambda b: b.moves("o", 1, player=2), "player"),
        ("player negative", lambda b: b.attacks("o", 1, player=-1), "player"),
        ("piece on an unknown dot", lambda b: b.moves("o", 1, pieces=[P("nowhere", 1)]), "piece"),
        ("piece player out of range", lambda b: b.attacks("o", 1, pieces=[P("a", 2)]), "piece"),
        ("two pieces on one dot", lambda b: b.moves("o", 1, pieces=[P("a", 1), P("a", 0)]), "piece"),
        ("two pieces on the origin", lambda b: b.moves("o", 1, pieces=[P("o", 0), P("o", 1)]), "piece"),
        ("speed 17", lambda b: b.moves("o", 17), "speed"),
        ("speed -1", lambda b: b.moves("o", -1), "speed"),
        ("range -1", lambda b: b.attacks("o", -1), "range"),
        ("range 17", lambda b: b.attacks("o", 17), "range"),
        ("block rate 16", lambda b: b.moves("o", 1, pieces=[P("a", 1, 16)]), "block"),
        ("block rate -1", lambda b: b.attacks("o", 1, pieces=[P("a", 1, -1)]), "block"),
        ("heading (0, 0)", lambda b: b.moves("o", 1, heading=(0, 0)), "heading"),
        ("heading (0, 0) attack", lambda b: b.attacks("o", 1, heading=(0, 0)), "heading"),
        ("heading too long", lambda b: b.moves("o", 1, heading=(2_000_001, 0)), "heading"),
        ("heading too long negative", lambda b: b.attacks("o", 1, heading=(0, -2_000_001)), "heading"),
    ],
)
def test_bad_query_arguments_raise_position_error(what, call, word):
    board = board_of(LINE)
    _raises_position_error(lambda: call(board), word)


def test_limits_are_inclusive():
    """Contract limits: speed and range 16, block rate 15, heading components +-2,000,000 are accepted."""
    board = board_of(LINE)
    assert board.moves("o", 16, life_base=True) == [
        M("o s0", (-1, 0), 1), M("o a", (1, 0), 1), M("o a b", (1, 0), 2), M("o a b c", (1, 0), 3)]
    assert board.attacks("o", 16, pieces=[P("a", 1, 15)]) == [A("o a", (1, 0), 16)]
    assert board.attacks("o", 15, pieces=[P("a", 1, 15)]) == []
    assert board.moves("o", 1, heading=(2_000_000, -2_000_000), life_base=True) == [M("o a", (1, 0), 1)]
    assert board.moves("o", 1, heading=(-2_000_000, 1), life_base=True) == [M("o s0", (-1, 0), 1)]


def test_kinds_a_dot_without_kinds_is_white():
    """rules.md 1.2: a dot with none of the functional kinds is a white dot, declared or not."""
    doc = {
        "format": "tcbg-board/1", "name": "w",
        "dots": [{"id": "a", "x": 0, "y": 0, "kinds": ["start"]}, {"id": "b", "x": 1, "y": 0},
                 {"id": "c", "x": 2, "y": 0, "kinds": ["white"]}, {"id": "d", "x": 3, "y": 0, "kinds": ["start"]}],
        "lines": [{"a": "a", "b": "b"}, {"a": "b", "b": "c"}, {"a": "c", "b": "d"}],
        "setups": {"1v1": {"seats": ["a", "d"]}},
    }
    board = Board.from_dict(doc)
    assert board.kinds("b") == {"white"} and board.kinds("c") == {"white"}
    assert "white" not in board.kinds("a")
    assert board.dots[1].kinds == frozenset()  # the declared kinds stay as the file gives them
