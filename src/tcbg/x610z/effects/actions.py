"""Effects: what a card does, one class per kind of effect, read like the card's text (docs/cards.md "Effects").

Each takes references (:mod:`tcbg.x610z.effects.refs`) and amounts (ints or :mod:`tcbg.x610z.effects.values`);
``If``, ``May``, ``PythonEffect`` and the durations are the shared ones (:mod:`tcbg.effects.actions`):

>>> from tcbg.x610z.effects import DealDamage, Draw, TargetNLBSummon, YOU
>>> [DealDamage(TargetNLBSummon(controller="opponent"), 3), Draw(YOU, 1)]
[DealDamage(Target(NLBSummons(controller='opponent')), 3), Draw(YOU, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tcbg.effects.actions import (  # noqa: F401 - the shared effects and durations are the language's
    DURATION_CODES, DURATIONS, UNTIL_END_OF_TURN, WHILE_IN_PLAY, WHILE_SOURCE_IN_PLAY, Effect, If, May, PythonEffect,
)
from tcbg.effects.actions import fields_repr as _repr
from tcbg.x610z.effects.refs import YOU, Ref
from tcbg.x610z.effects.values import Amount


@dataclass(frozen=True, eq=False, repr=False)
class DealDamage(Effect):
    """Deal damage to a summon. Damage goes through redirection, prevention and reduction (rules.md: damage)
    before damage counters are put on the summon; a summon whose damage reaches its defense is destroyed."""

    to: Ref
    amount: Amount


@dataclass(frozen=True, eq=False, repr=False)
class Heal(Effect):
    """Remove up to ``amount`` damage from a summon: only damage already dealt can be healed (ORoC "Heal")."""

    summon: Ref
    amount: Amount


@dataclass(frozen=True, eq=False, repr=False)
class PreventDamage(Effect):
    """Prevent the next ``amount`` damage that would be dealt to a summon (for the duration)."""

    summon: Ref
    amount: Amount
    duration: str = UNTIL_END_OF_TURN


@dataclass(frozen=True, eq=False, repr=False)
class ReduceDamage(Effect):
    """Each time damage would be dealt to a summon, it is reduced by ``amount`` (for the duration). In a
    ``Continuous`` ability: as long as the source is in play."""

    summon: Ref
    amount: Amount
    duration: str = UNTIL_END_OF_TURN


@dataclass(frozen=True, eq=False, repr=False)
class RedirectDamage(Effect):
    """The next damage that would be dealt to ``summon`` is dealt to ``to`` instead (for the duration)."""

    summon: Ref
    to: Ref
    duration: str = UNTIL_END_OF_TURN


@dataclass(frozen=True, eq=False, repr=False)
class Destroy(Effect):
    """Destroy a permanent: it goes to its owner's discard pile."""

    permanent: Ref


@dataclass(frozen=True, eq=False, repr=False)
class Sacrifice(Effect):
    """Its controller sacrifices a permanent (ORoC "Sacrifice": only permanents you control; never an energy
    crystal you do not own). Usually ``Sacrifice(Chosen(NLBSummons("you")))``."""

    permanent: Ref


@dataclass(frozen=True, eq=False)
class Discard(Effect):
    """A player discards ``count`` cards of their choice, or at random with ``random=True``."""

    player: Ref
    count: int = 1
    random: bool = False

    def __repr__(self) -> str:
        return _repr(self, "player", "count") + (" at random" if self.random else "")


@dataclass(frozen=True, eq=False, repr=False)
class DiscardCard(Effect):
    """A given card goes from its owner's hand to their discard pile."""

    card: Ref


@dataclass(frozen=True, eq=False, repr=False)
class Draw(Effect):
    """A player draws cards (drawing from an empty deck loses the game, rules.md 5.4)."""

    player: Ref
    count: Amount = 1


@dataclass(frozen=True, eq=False, repr=False)
class Search(Effect):
    """A player searches their deck for a card matching ``filter`` (a ``Cards("deck", ...)`` filter), puts it
    into their hand, and shuffles the deck (ORoC "Search"). Finding nothing is allowed."""

    player: Ref
    filter: Any


@dataclass(frozen=True, eq=False, repr=False)
class ReturnToHand(Effect):
    """A card (a permanent, or a card in a discard pile, deck or the removed zone) goes to its owner's hand."""

    card: Ref


@dataclass(frozen=True, eq=False, repr=False)
class RemoveFromGame(Effect):
    card: Ref


@dataclass(frozen=True, eq=False, repr=False)
class PlaceOnDot(Effect):
    """Place a summon onto a dot. ``dot``: a ``Dots(...)`` filter (its controller chooses a dot on resolution) or a
    target dot. A summon in play is picked up and put down (not a move); a summon card from a zone enters play
    under the effect's controller (rules.md: placing)."""

    summon: Ref
    dot: Any


@dataclass(frozen=True, eq=False, repr=False)
class MoveSummon(Effect):
    """Move a summon up to ``steps`` dots by the movement rules (rules.md section 2), without paying or
    activating it. The effect's controller chooses the path; the summon takes its heading, and a life base that
    ends on an end dot escapes (rules.md 5.14)."""

    summon: Ref
    steps: Amount


@dataclass(frozen=True, eq=False, repr=False)
class GainControl(Effect):
    """A player gains control of a permanent (not a life base) for the duration. In a ``Continuous`` ability:
    as long as the source is in play."""

    permanent: Ref
    player: Ref = YOU
    duration: str = WHILE_IN_PLAY


@dataclass(frozen=True, eq=False, repr=False)
class ProduceEnergy(Effect):
    """A player adds energy to their pool: ``energy`` is a letter (C, B, M, R, H) or ``EnergyOf(crystal)``. An
    effect that produces energy is stackable (ORoC "The stack", note)."""

    player: Ref
    energy: Any
    amount: Amount = 1


@dataclass(frozen=True, eq=False)
class ModifyStats(Effect):
    """Add to a summon's stats (``attack=2, speed=-1`` ...) for the duration; stats never go below 0, and a stat
    the card does not show stays unusable (ORoC "Card types", note). In a ``Continuous`` ability: as long as the
    source is in play (and its condition holds)."""

    summon: Ref
    changes: dict = field(default_factory=dict)
    duration: str = UNTIL_END_OF_TURN

    def __init__(self, summon: Ref, duration: str = UNTIL_END_OF_TURN, **changes: Amount) -> None:
        object.__setattr__(self, "summon", summon)
        object.__setattr__(self, "changes", dict(changes))
        object.__setattr__(self, "duration", duration)

    def __repr__(self) -> str:
        changes = ", ".join(f"{k}={v!r}" for k, v in self.changes.items())
        return f"ModifyStats({self.summon!r}, {changes}, {self.duration!r})"


@dataclass(frozen=True, eq=False, repr=False)
class Grant(Effect):
    """A summon has a property (``stealth``, ``cannot-attack``, ``cannot-move``, ``cannot-be-attacked``,
    ``all-directions``) for the duration."""

    summon: Ref
    property: str
    duration: str = UNTIL_END_OF_TURN


@dataclass(frozen=True, eq=False, repr=False)
class AddCounters(Effect):
    """Put counters (``damage``, ``activation``, ``time``, ``charge``) on a permanent. Damage counters are not
    damage: nothing prevents or redirects them, but a summon whose damage reaches its defense is destroyed."""

    permanent: Ref
    kind: str
    amount: Amount = 1


@dataclass(frozen=True, eq=False, repr=False)
class RemoveCounters(Effect):
    """Remove up to ``amount`` counters of a kind. Removing the last time or activation counter puts the permanent
    into its owner's discard pile (ORoC "Counters"); removing damage counters heals."""

    permanent: Ref
    kind: str
    amount: Amount = 1


@dataclass(frozen=True, eq=False, repr=False)
class Cancel(Effect):
    """Cancel an action on the stack: it leaves the stack without effect; a card being cast goes to its owner's
    discard pile, and the costs paid stay paid."""

    action: Ref


@dataclass(frozen=True, eq=False, repr=False)
class Activate(Effect):
    """Put a permanent into its activated state without using its effect (ORoC "Deactivate")."""

    permanent: Ref


@dataclass(frozen=True, eq=False, repr=False)
class Reactivate(Effect):
    permanent: Ref


@dataclass(frozen=True, eq=False, repr=False)
class WinGame(Effect):
    """A player's team wins the game (Act I "Alternative Victory", quest cards)."""

    player: Ref = YOU
