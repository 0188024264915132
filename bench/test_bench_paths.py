"""Move and attack generation for every summon of a busy four-player position on the "existenz" board.

Three ways, measured in the same run: the core with the loop over the position staying in C++ (``count_options``),
the public Python API (``Board.moves`` and ``Board.attacks`` per summon, returning objects), and the plain
pure-Python reference implementation of the tests. The issue's targets: C++ at least 200 times faster than the
reference; under 1 microsecond per summon from a call that stays in C++.
"""

from __future__ import annotations

from tcbg.x610z import Piece

from conftest import load_reference

REPEAT = 200  # repetitions of the whole position inside one core call


def _pieces(position):
    return [Piece(s.dot, s.player, s.block_rate) for s in position]


def test_core_whole_position(benchmark, existenz, position):
    benchmark.extra_info["summon_calls"] = REPEAT * len(position)
    moves, attacks = benchmark(existenz.count_options, position, "ffa4", REPEAT)
    assert moves > 0 and attacks > 0


def test_python_api(benchmark, existenz, position):
    pieces = _pieces(position)
    benchmark.extra_info["summon_calls"] = len(position)

    def run():
        total = 0
        for s in position:
            total += len(existenz.moves(s.dot, s.speed, player=s.player, setup="ffa4", pieces=pieces,
                                        life_base=s.life_base, all_directions=s.all_directions))
            total += len(existenz.attacks(s.dot, s.range, player=s.player, setup="ffa4", pieces=pieces,
                                          all_directions=s.all_directions))
        return total

    assert benchmark(run) == sum(existenz.count_options(position, "ffa4"))


def test_reference_python(benchmark, existenz, position):
    reference = load_reference()
    pieces = _pieces(position)
    benchmark.extra_info["summon_calls"] = len(position)

    def run():
        total = 0
        for s in position:
            total += len(reference.reference_moves(existenz, s.dot, s.speed, player=s.player, setup="ffa4",
                                                   pieces=pieces, life_base=s.life_base,
                                                   all_directions=s.all_directions))
            total += len(reference.reference_attacks(existenz, s.dot, s.range, player=s.player, setup="ffa4",
                                                     pieces=pieces, all_directions=s.all_directions))
        return total

    assert benchmark.pedantic(run, rounds=5, iterations=1) == sum(existenz.count_options(position, "ffa4"))
