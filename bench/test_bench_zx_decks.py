"""Z/X deck checks per second (CR 401, docs/zx/rules.md section 4): in C++ (``DeckChecker.check_many``, the
validator run N times in one call, with the fixed buffers a C++ tool would use), from Python (``check_deck`` on a
loaded Deck: the lists handed to the core and the violations built into records), and from a deck file (reading,
name lookups and the check). A legal starter deck and a list that breaks six rules at once.

Run: ``python -m pytest bench/test_bench_zx_decks.py --benchmark-only``; the summary prints checks per second."""

from __future__ import annotations

import pytest

import tcbg._core
from tcbg.zx import Deck, check_deck
from tcbg.zx.decks import _checker, core_lists

CPP_CHECKS = 100_000
PY_CHECKS = 200
BROKEN = """Card set: starter-2012
Player: C01-001
Player: C02-001
5 C01-015
2 C03-016
5 C01-005
4 C01-010
1 C02-001
"""


@pytest.fixture(scope="module", params=["legal", "broken"])
def deck(request):
    deck = Deck.load("c03-blue-white") if request.param == "legal" else Deck.parse(BROKEN)
    assert (check_deck(deck) == []) == (request.param == "legal")
    return deck


def test_zx_deck_check_cpp(benchmark, deck):
    checker = _checker(deck.card_set)
    lists = core_lists(deck)
    expected = len(check_deck(deck)) * CPP_CHECKS
    benchmark.extra_info["checks"] = CPP_CHECKS
    assert benchmark(checker.check_many, *lists, CPP_CHECKS) == expected


def test_zx_deck_check_python(benchmark, deck):
    def run():
        for _ in range(PY_CHECKS):
            found = check_deck(deck)
        return found

    benchmark.extra_info["checks"] = PY_CHECKS
    assert benchmark(run) == check_deck(deck)


def test_zx_deck_load_and_check_python(benchmark):
    benchmark.extra_info["checks"] = 1
    assert benchmark(lambda: check_deck("c04-green-red")) == []
    assert isinstance(tcbg._core.zx.DeckChecker, type)
