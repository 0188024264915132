"""E01 cards built on the first era's filters (docs/zx/cards.md "Filters"): adjacency to this card."""

from __future__ import annotations

from ..era import power_on
from .test_b03_filters import arrange


def test_e01_011_priere_weakens_adjacent_opposing_zx():
    """Your opponent's Z/X on the Squares next to this card's get -1000 (as B05-116); yours and farther ones do
    not."""
    state = arrange({"field": {"s5": "E01-011", "s4": "B01-003"}}, {"field": {"s8": "B01-016", "s9": "B01-016"}})
    assert [power_on(state, s) for s in ("s8", "s9", "s4")] == [8500, 9500, 3500]
    far = arrange({"field": {"s1": "E01-011"}}, {"field": {"s8": "B01-016"}})
    assert power_on(far, "s8") == 9500
