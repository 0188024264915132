"""Energy payment (rules.md section 4), checked against a brute-force search over every way to pay."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tcbg
from tcbg.x610z.energy import LETTERS, Payment, can_pay, plan_payment

COLORED = "BMRH"


def brute_force_payable(cost, pool, crystals):
    """Try every split of the available energy between colored and colorless requirements (rules.md 4.1, 4.2)."""
    have = {e: pool.get(e, 0) + crystals.get(e, 0) for e in LETTERS}
    for e in COLORED:
        if cost.get(e, 0) > have[e]:
            return False
    spare = [have[e] - cost.get(e, 0) for e in COLORED]
    # The colorless requirement may take any energy: any combination of spare colored and colorless energy.
    for parts in itertools.product(*(range(s + 1) for s in spare)):
        if sum(parts) + have["C"] >= cost.get("C", 0):
            return True
    return False


counts = st.dictionaries(st.sampled_from(LETTERS), st.integers(0, 4), max_size=5)


@settings(max_examples=1500, deadline=None)
@given(cost=counts, pool=counts, crystals=counts)
def test_payable_and_payment_agree_with_brute_force(cost, pool, crystals):
    """rules.md 4.1-4.3: payable exactly when some split works; the payment pays the cost, colored needs with their
    own type, colorless energy only for colorless, never more than there is, the pool before crystals."""
    payable = brute_force_payable(cost, pool, crystals)
    assert can_pay(cost, pool, crystals) == payable
    plan = plan_payment(cost, pool, crystals)
    assert (plan is not None) == payable
    if plan is None:
        return
    taken = {e: plan.from_pool.get(e, 0) + plan.crystals.get(e, 0) for e in LETTERS}
    assert sum(taken.values()) == sum(cost.values())
    for e in LETTERS:
        assert plan.from_pool.get(e, 0) <= pool.get(e, 0)
        assert plan.crystals.get(e, 0) <= crystals.get(e, 0)
    for e in COLORED:
        assert taken[e] >= cost.get(e, 0)
    assert taken["C"] <= cost.get("C", 0)  # colorless energy pays only the colorless requirement
    # The pool pays all it can before any crystal is activated.
    pool_colored = sum(min(cost.get(e, 0), pool.get(e, 0)) for e in COLORED)
    pool_spare = pool.get("C", 0) + sum(pool.get(e, 0) - min(cost.get(e, 0), pool.get(e, 0)) for e in COLORED)
    assert sum(plan.from_pool.values()) == pool_colored + min(cost.get("C", 0), pool_spare)


def test_colored_needs_take_their_own_type():
    """rules.md 4.1: a colored requirement cannot be paid with another type or with colorless energy."""
    assert not can_pay("M1", pool={"B": 3, "C": 3})
    assert can_pay("M1", crystals={"M": 1})


def test_colorless_energy_pays_only_colorless():
    """rules.md 4.1 (ORoC "The toolbox")."""
    assert can_pay("C3", pool={"C": 3})
    assert not can_pay("C1 B1", pool={"C": 2})


def test_one_energy_per_crystal():
    """rules.md 4.2: each unactivated crystal releases one energy."""
    assert can_pay("B2", crystals={"B": 2})
    assert not can_pay("B3", crystals={"B": 2})


def test_pool_before_crystals():
    """rules.md 4.3: the pool pays first; crystals are activated only for the rest."""
    assert plan_payment("B2", pool={"B": 1}, crystals={"B": 5}) == Payment({"B": 1}, {"B": 1})
    assert plan_payment("C2", pool={"M": 2}, crystals={"C": 2}) == Payment({"M": 2}, {})


def test_colorless_energy_first_then_the_most_plentiful_type():
    """rules.md 4.3: colorless needs take colorless energy first, then the colored type with the most left."""
    assert plan_payment("C2", pool={"C": 1, "B": 1, "M": 3}) == Payment({"C": 1, "M": 1}, {})
    assert plan_payment("C1", crystals={"B": 2, "M": 2}) == Payment({}, {"B": 1})  # a tie goes to B
    # M1 from an M crystal; C3: the pool's B, then M (2 left against R's 1), then M again (a tie with R goes to M)
    assert plan_payment("C3 M1", pool={"B": 1}, crystals={"M": 3, "R": 1}) == Payment({"B": 1}, {"M": 3})


def test_free_cost():
    assert plan_payment("") == Payment({}, {})


@pytest.mark.parametrize("args, field", [
    (("B1", {"X": 1}, None), "pool"),
    (("B1", None, {"B": -1}), "crystals"),
    (("B1", {"B": 1.5}, None), "pool"),
    (("B1", [1, 2], None), "pool"),
])
def test_bad_counts_are_position_errors(args, field):
    with pytest.raises(tcbg.PositionError) as info:
        can_pay(*args)
    assert info.value.field == field


def test_bad_cost_string_is_a_card_error():
    with pytest.raises(tcbg.CardError, match="C4"):
        can_pay("Q2")
