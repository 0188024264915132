"""Amounts and conditions (docs/cards.md "Amounts and conditions"): a number written in a definition is a Python
int or a value computed when the effect resolves, such as the number of summon cards in your discard pile; a
condition compares values. The values are the shared ones (:mod:`tcbg.effects.values`); X610Z gives the property
names ``StatOf`` reads.

>>> from tcbg.x610z.effects import Count, Cards, StatOf, SELF
>>> Count(Cards("discard", types="summon")) >= 2
AtLeast(Count(Cards(zone='discard', owner='you', types=('summon',))), 2)
>>> StatOf(SELF, "attack") + 1
Sum(StatOf(SELF, 'attack'), 1)
"""

from __future__ import annotations

from tcbg.effects.values import (  # noqa: F401 - the shared values are the language's
    EVENT_AMOUNT, Amount, And, AtLeast, Condition, ContextValue, Controls, Count, Difference, Equals, Exists,
    Matches, Min, Not, Or, Product, StatOf, Sum, Value,
)
from tcbg.x610z.effects.native import Prop
from tcbg.x610z.effects.refs import Ref

PROPERTIES = {
    "attack": Prop.ATTACK, "defense": Prop.DEFENSE, "speed": Prop.SPEED, "range": Prop.RANGE,
    "block_rate": Prop.BLOCK_RATE, "damage": Prop.DAMAGE, "remaining": Prop.REMAINING,
    "activation_counters": Prop.ACTIVATION_COUNTERS, "time_counters": Prop.TIME_COUNTERS,
    "charge_counters": Prop.CHARGE_COUNTERS, "produces": Prop.PRODUCES, "cost": Prop.COST, "hand_size": Prop.HAND_SIZE,
    "deck_size": Prop.DECK_SIZE, "discard_size": Prop.DISCARD_SIZE, "crystals": Prop.CRYSTALS, "pool": Prop.POOL,
}
"""Names ``StatOf`` reads: the stats of a summon, its damage and counters, a crystal's energy, a card's casting cost
(all energy together), and a player's hand, deck, discard pile, crystals and pool."""
PLAYER_PROPERTIES = frozenset({"hand_size", "deck_size", "discard_size", "crystals", "pool"})


def EnergyOf(crystal: Ref) -> StatOf:
    """The type of energy a crystal produces (for ``ProduceEnergy``)."""
    return StatOf(crystal, "produces")


def IsDamaged(ref: Ref) -> Condition:
    return AtLeast(StatOf(ref, "damage"), 1)
