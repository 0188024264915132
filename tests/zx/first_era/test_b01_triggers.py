"""The B01 card choosing Z/X up to a total of Costs (docs/zx/cards.md "The language": ``WithinTotal``), in real
positions of the set first-era (rules.md Z15.187). Every ruling of a card is cited as ``Ruling B01-0NN Qk``."""

from __future__ import annotations

from ..era import act, arrange, name, on, texts

BLUES = ["B02-025"] * 6  # Windmill Transformer, Fermium: vanilla blue 3/5000
TWO, THREE, FOUR, FIVE = "B03-001", "B02-006", "B02-011", "B02-013"  # vanilla red Z/X of Cost 2, 3, 4, 5


def offered(state) -> list[str]:
    """The Squares of the Z/X the choice offers."""
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)


def appear(mine: dict, theirs: dict):
    state = arrange({"hand": ["B01-035"], "resource": BLUES, "field": mine}, {"field": theirs})
    act(state, "play Aspidiske")
    act(state, "to square s2")  # onto your Player Square: it is not among the Z/X on Normal Squares
    while state.decision() == "pay":
        act(state, "pay with")
    return state


def test_b01_035_may_return_your_own_zx():
    """Ruling B01-035 Q1: your own Z/X may be chosen: your Cost 2 and an opposing Cost 4 (6 in total) return to
    their owners' hands; then nothing fits the 0 left."""
    state = appear({"s1": TWO}, {"s7": FOUR, "s9": FIVE})
    assert offered(state) == ["s1", "s7", "s9"]
    act(state, "on s1")
    assert offered(state) == ["s7"]  # 4 left: the Cost 5 does not fit
    act(state, "on s7")
    assert state.decision() == "main" and on(state, "s1") == -1 and on(state, "s7") == -1 and on(state, "s9") >= 0
    assert [n.split(" #")[0] for n in state.names(0, "hand")] == [name(TWO)]
    assert [n.split(" #")[0] for n in state.names(1, "hand")] == [name(FOUR)]


def test_b01_035_costs_totalling_6_or_less_in_any_combination():
    """Ruling B01-035 Q2: one opposing Cost 5 (then 1 left: nothing more fits); your Cost 3 and an opposing Cost 2;
    three opposing Cost 2; and you may stop at any time."""
    five = appear({}, {"s7": FIVE, "s9": FOUR})
    act(five, "on s7")
    assert five.decision() == "main" and on(five, "s9") >= 0
    mixed = appear({"s3": THREE}, {"s7": TWO, "s9": FOUR})
    act(mixed, "on s3")
    assert offered(mixed) == ["s7"]
    act(mixed, "on s7")
    assert mixed.decision() == "main" and on(mixed, "s9") >= 0
    twos = appear({}, {"s7": TWO, "s9": TWO, "s4": TWO, "s6": THREE})
    for square in ("s7", "s9", "s4"):
        act(twos, f"on {square}")
    assert twos.decision() == "main" and on(twos, "s6") >= 0 and len(twos.names(1, "hand")) == 3
    stop = appear({}, {"s7": TWO, "s9": TWO})
    act(stop, "on s7")
    act(stop, "pass")
    assert stop.decision() == "main" and on(stop, "s9") >= 0
