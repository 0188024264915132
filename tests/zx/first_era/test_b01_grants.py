"""B01 cards granting keywords (docs/zx/cards.md "Grants and restrictions"), in real positions of the first-era set,
through legal actions."""

from __future__ import annotations

from ..era import act, arrange, on, texts


def attacks(state):
    return sorted(t.split("attack from ")[1].split(" (")[0] for t in texts(state) if "attack from" in t)


def test_b01_034_rigel_has_range_infinity_with_azumi():
    """While your Player card is Kagamihara Azumi, this card has Range infinity (it may attack any Square)."""
    state = arrange({"field": {"s1": "B01-034"}}, {"field": {"s9": "C03-018"}}, players=("B03-105", "C02-001"))
    assert "s1 to s9" in attacks(state)
    act(state, "attack from s1 to s9")
    assert state.decision() == "battle-event" and on(state, "s9") >= 0


def test_b01_034_without_azumi_range_1():
    state = arrange({"field": {"s1": "B01-034"}}, {"field": {"s9": "C03-018"}})
    assert attacks(state) == []
