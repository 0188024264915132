"""Property tests: the C++ core (board.moves / board.attacks / board.distance_matrix / board.count_options) equals the
pure-Python reference (tests/x610z/reference.py) exactly, on random valid boards (tests/x610z/strategies.py):
same lists, same order, same paths, headings, steps and warp indices.

CI runs 400 generated cases for moves and 400 for attacks (plus fewer for the distance matrix and count_options).

Soak mode: set TCBG_SOAK_EXAMPLES to run that many cases for moves and for attacks instead (a fifth of it for the
distance matrix and count_options), in batches of fresh Hypothesis runs, for example

    TCBG_SOAK_EXAMPLES=100000 python -m pytest tests/x610z/test_paths_vs_reference.py -q

(about 25 minutes on one core; add `-x` to stop at the first failure.)

A failure prints the board dict and the query (hypothesis shrinks them to a small example); to replay it, build the
board with Board.from_dict(doc) and call board.moves / board.attacks with the query shown.
"""

from __future__ import annotations

import os
import sys

import numpy as np
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from tcbg.x610z import Board, Piece, Summon

try:
    from .reference import effective_kinds, reference_attacks, reference_distance_matrix, reference_moves
    from .strategies import board_docs, scenarios, summon_scenarios
except ImportError:  # tests/x610z is not a package: import the sibling modules by path
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from reference import effective_kinds, reference_attacks, reference_distance_matrix, reference_moves
    from strategies import board_docs, scenarios, summon_scenarios

_SOAK = os.environ.get("TCBG_SOAK_EXAMPLES")
_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

settings.register_profile("x610z-paths-ci", max_examples=400, deadline=None, suppress_health_check=_HEALTH,
                          print_blob=True)
settings.register_profile("x610z-paths-soak", max_examples=int(_SOAK) if _SOAK else 100_000, deadline=None,
                          suppress_health_check=_HEALTH, print_blob=True)

PROFILE = settings.get_profile("x610z-paths-soak" if _SOAK else "x610z-paths-ci")
# A Hypothesis run keeps every choice it made in memory (about 35 MB per 1,000 cases here): the soak mode runs its
# examples as a series of fresh runs of at most this many cases each.
SOAK_BATCH = 5000


def property_test(strategy, share=1):
    """Decorator: a Hypothesis test of `check(case)` over `strategy`, with PROFILE's examples times `share`.

    In CI mode it is a plain @settings @given test. In soak mode the examples are run in batches of SOAK_BATCH
    (fresh Hypothesis runs), so that 100,000 cases do not hold gigabytes of memory."""
    total = max(1, int(PROFILE.max_examples * share))

    def decorate(check):
        if not _SOAK:
            return settings(PROFILE, max_examples=total)(given(strategy)(check))

        def soak():
            done = 0
            while done < total:
                batch = min(SOAK_BATCH, total - done)
                settings(PROFILE, max_examples=batch)(given(strategy)(check))()
                done += batch

        soak.__name__ = check.__name__
        soak.__qualname__ = check.__qualname__
        soak.__doc__ = check.__doc__
        return soak

    return decorate


def _pieces(query):
    return [Piece(dot, player, block_rate) for dot, player, block_rate in query["pieces"]]


def _without_white(kinds):
    # Whether a dot without kinds reports "white" is not part of rules.md 1.2; compare the other kinds.
    return set(kinds) - {"white"}


@property_test(scenarios())
def test_moves_match_reference(case):
    doc, query = case
    note(f"board = {doc!r}")
    note(f"query = {query!r}")
    board = Board.from_dict(doc)
    for dot in board.dots:  # rules.md 1.2: effective kinds
        assert _without_white(board.kinds(dot.id)) == _without_white(effective_kinds(board, dot)), dot.id
    kwargs = {
        "player": query["player"],
        "setup": query["setup"],
        "pieces": _pieces(query),
        "life_base": query["life_base"],
        "all_directions": query["all_directions"],
        "heading": query["heading"],
    }
    expected = reference_moves(board, query["origin"], query["speed"], **kwargs)
    got = list(board.moves(query["origin"], query["speed"], **kwargs))
    assert got == expected


# Attack cases: the origin mostly a dot one may attack from, pieces mostly opponents; half on boards without red or
# warp dots (but start dots), where attack paths run long.
ATTACK_CASES = st.one_of(scenarios(attack_focus=True), scenarios(boards=board_docs(plain=True), attack_focus=True))


@property_test(ATTACK_CASES)
def test_attacks_match_reference(case):
    doc, query = case
    note(f"board = {doc!r}")
    note(f"query = {query!r}")
    board = Board.from_dict(doc)
    kwargs = {
        "player": query["player"],
        "setup": query["setup"],
        "pieces": _pieces(query),
        "all_directions": query["all_directions"],
        "heading": query["heading"],
    }
    expected = reference_attacks(board, query["origin"], query["range"], **kwargs)
    got = list(board.attacks(query["origin"], query["range"], **kwargs))
    assert got == expected


@property_test(board_docs(), share=0.2)  # slower per case and less subtle: a fifth of the examples
def test_distance_matrix_matches_reference(doc):
    note(f"board = {doc!r}")
    board = Board.from_dict(doc)
    for corners in (True, False):
        got = np.asarray(board.distance_matrix(corners=corners))
        expected = reference_distance_matrix(board, corners=corners)
        assert got.shape == expected.shape
        assert got.dtype == np.int32
        np.testing.assert_array_equal(got, expected, err_msg=f"corners={corners}")
    # Without the corner rule every dot reaches every other (board-format B10).
    assert (reference_distance_matrix(board, corners=False) >= 0).all()


@property_test(summon_scenarios(), share=0.2)
def test_count_options_totals(case):
    """board.count_options totals equal the sum of len(moves) and len(attacks) over the summons, every summon being
    a piece of the position (checked against the core's own lists and against the reference)."""
    doc, setup, summons = case
    note(f"board = {doc!r}")
    note(f"setup = {setup!r}, summons = {summons!r}")
    board = Board.from_dict(doc)
    pieces = [Piece(s["dot"], s["player"], s["block_rate"]) for s in summons]
    n_moves = n_attacks = 0
    core_moves = core_attacks = 0
    for s in summons:
        move_kwargs = {"player": s["player"], "setup": setup, "pieces": pieces, "life_base": s["life_base"],
                       "all_directions": s["all_directions"], "heading": s["heading"]}
        n_moves += len(reference_moves(board, s["dot"], s["speed"], **move_kwargs))
        core_moves += len(board.moves(s["dot"], s["speed"], **move_kwargs))
        attack_kwargs = {"player": s["player"], "setup": setup, "pieces": pieces,
                         "all_directions": s["all_directions"], "heading": s["heading"]}
        n_attacks += len(reference_attacks(board, s["dot"], s["range"], **attack_kwargs))
        core_attacks += len(board.attacks(s["dot"], s["range"], **attack_kwargs))
    summon_objects = [Summon(s["dot"], s["player"], speed=s["speed"], range=s["range"], block_rate=s["block_rate"],
                             life_base=s["life_base"], all_directions=s["all_directions"], heading=s["heading"])
                      for s in summons]
    assert tuple(board.count_options(summon_objects, setup=setup)) == (n_moves, n_attacks)
    assert (core_moves, core_attacks) == (n_moves, n_attacks)
    assert tuple(board.count_options(summon_objects, setup=setup, repeat=3)) == (n_moves, n_attacks)
