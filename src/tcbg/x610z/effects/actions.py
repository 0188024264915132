"""Effects: what a card does, one class per kind of effect, read like the card's text (docs/cards.md "Effects").

Each takes references (:mod:`tcbg.x610z.effects.refs`) and amounts (ints or :mod:`tcbg.x610z.effects.values`):

>>> from tcbg.x610z.effects import DealDamage, Draw, TargetNLBSummon, YOU
>>> [DealDamage(TargetNLBSummon(controller="opponent"), 3), Draw(YOU, 1)]
[DealDamage(Target(NLBSummons(controller='opponent')), 3), Draw(YOU, 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tcbg.x610z.effects.refs import YOU, Ref, positional_repr
from tcbg.x610z.effects.values import Amount, Condition

UNTIL_END_OF_TURN = "until end of turn"
WHILE_IN_PLAY = "while in play"
"""Until the affected permanent leaves play."""
WHILE_SOURCE_IN_PLAY = "while source in play"
"""Until the source (the card whose effect this is) leaves play."""
DURATIONS = (UNTIL_END_OF_TURN, WHILE_IN_PLAY, WHILE_SOURCE_IN_PLAY)


class Effect:
    """Base class of every effect."""

    __repr__ = positional_repr


def _repr(self: Any, *names: str) -> str:
    return f"{type(self).__name__}({', '.join(repr(getattr(self, n)) for n in names)})"


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


@dataclass(frozen=True, eq=False)
class If(Effect):
    """Effects that happen only if a condition holds when they would."""

    condition: Condition
    then: Sequence[Effect]
    otherwise: Sequence[Effect] = ()

    def __init__(self, condition: Condition, then: Effect | Sequence[Effect],
                 otherwise: Effect | Sequence[Effect] = ()) -> None:
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "then", tuple(then) if isinstance(then, (list, tuple)) else (then,))
        object.__setattr__(self, "otherwise", tuple(otherwise) if isinstance(otherwise, (list, tuple)) else
                           (otherwise,))

    def __repr__(self) -> str:
        return _repr(self, "condition", "then") + (f" else {list(self.otherwise)!r}" if self.otherwise else "")


@dataclass(frozen=True, eq=False)
class May(Effect):
    """ "You may ...": the chooser (the effect's controller by default) decides on resolution whether the effects
    happen."""

    then: Sequence[Effect]
    chooser: Ref = YOU

    def __init__(self, *then: Effect, chooser: Ref = YOU) -> None:
        object.__setattr__(self, "then", tuple(then))
        object.__setattr__(self, "chooser", chooser)

    def __repr__(self) -> str:
        return f"May({', '.join(map(repr, self.then))})"


@dataclass(frozen=True, eq=False, repr=False)
class WinGame(Effect):
    """A player's team wins the game (Act I "Alternative Victory", quest cards)."""

    player: Ref = YOU


@dataclass(frozen=True, eq=False)
class PythonEffect(Effect):
    """The slow path: a Python callable for an effect the language cannot express (docs/cards.md "The slow
    path"). ``function(ctx)`` gets an effect context (``tcbg.x610z.effects.slowpath.EffectContext``): the
    announced targets, the source, its controller, and one method per instruction. ``targets`` are targets the
    function needs announced (they take slots as any target does). It makes no choices of its own and runs to its
    end. The core calls back into Python for it, so a card with one runs far slower than a compiled card."""

    function: Callable[[Any], None]
    targets: tuple[Any, ...] = ()
    name: str = ""

    def __init__(self, function: Callable[[Any], None], targets: Sequence[Any] = (), name: str = "") -> None:
        object.__setattr__(self, "function", function)
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "name", name)

    def __repr__(self) -> str:
        label = self.name or getattr(self.function, "__name__", "function")
        return f"PythonEffect({label}" + (f", targets={list(self.targets)!r})" if self.targets else ")")
