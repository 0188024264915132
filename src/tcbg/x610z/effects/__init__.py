"""The X610Z effect language (docs/cards.md): card effects written in Python as declarative objects that read
like the card's text, compiled into flat int32 tables the C++ core runs with no Python.

A card set's effects live in a Python module next to its JSON data (card-data C14), as a mapping ``EFFECTS`` from
card names to definitions:

>>> from tcbg.x610z.effects import *
>>> EFFECTS = {
...     "Healing Elixir": Flux(Heal(TargetSummon(), 8)),
...     "Divine Intervention": Flux(PlaceOnDot(TargetSummon(), Dots())),
...     "Scorching Blast": Flux(DealDamage(blast := TargetNLBSummon(), 3), Additional("R1", DealDamage(blast, 1))),
... }

Loading the card set checks and compiles them; :func:`compile_effects` gives the native tables:

>>> from tcbg.x610z.cards import CardSet
>>> ruins = CardSet.load("ruins")
>>> native = compile_effects(ruins)
>>> print(native.disassemble("Divine Intervention"))
Divine Intervention
  ability 0 CAST zone=HAND timing=ANY cost=-
    does: t0=[SUMMON]:
      0: CHOOSE_DOT r4, [DOT FREE], r0
      1: PLACE r0, r4
      2: END
"""

from __future__ import annotations

from tcbg.x610z.effects.actions import (
    DURATIONS, UNTIL_END_OF_TURN, WHILE_IN_PLAY, WHILE_SOURCE_IN_PLAY, Activate, AddCounters, Cancel, DealDamage,
    Destroy, Discard, DiscardCard, Draw, Effect, GainControl, Grant, Heal, If, May, ModifyStats, MoveSummon,
    PlaceOnDot, PreventDamage, ProduceEnergy, PythonEffect, Reactivate, RedirectDamage, ReduceDamage, RemoveCounters,
    RemoveFromGame, ReturnToHand, Sacrifice, Search, WinGame,
)
from tcbg.x610z.effects.compiler import compile_definitions
from tcbg.x610z.effects.kinds import (
    Activated, Additional, Attacks, Cast, Catalyst, ChooseOne, Continuous, Cost, Crystal, CrystalPlaced, DealtDamage,
    Definition, Destroyed, EndPhase, EntersPlay, Flux, LeavesPlay, LifeBase, Moves, Paid, Quest, Rage, Rise,
    StartOfTurn, Stealth, Summon, Triggered, When,
)
from tcbg.x610z.effects.native import NativeEffects
from tcbg.x610z.effects.refs import (
    ACTIVE_PLAYER, EVENT_OTHER, EVENT_SUBJECT, FOCUSED, SELF, YOU, Cards, Catalysts, Chosen, ControllerOf, Crystals,
    Dots, Each, LifeBaseOf, LifeBases, NLBSummons, Permanents, Players, Quests, StackActions, Summons, Target,
    TargetAction, TargetCard, TargetCatalyst, TargetCrystal, TargetDot, TargetNLBSummon, TargetPermanent,
    TargetPlayer, TargetSummon,
)
from tcbg.x610z.effects.values import (
    EVENT_AMOUNT, Controls, Count, EnergyOf, Equals, Exists, IsDamaged, Matches, Min, StatOf,
)


def compile_effects(cards) -> NativeEffects:
    """The native form of a card set's effects (``CardSet`` with definitions, card-data C13-C22): what the core
    runs. Cards without a definition get an empty record."""
    return cards.native_effects()


__all__ = [
    "ACTIVE_PLAYER", "DURATIONS", "EVENT_AMOUNT", "EVENT_OTHER", "EVENT_SUBJECT", "FOCUSED", "SELF",
    "UNTIL_END_OF_TURN", "WHILE_IN_PLAY", "WHILE_SOURCE_IN_PLAY", "YOU",
    "Activate", "Activated", "AddCounters", "Additional", "Attacks", "Cancel", "Cards", "Cast", "Catalyst",
    "Catalysts", "ChooseOne", "Chosen", "Continuous", "ControllerOf", "Controls", "Cost", "Count", "Crystal",
    "CrystalPlaced", "Crystals", "DealDamage", "DealtDamage", "Definition", "Destroy", "Destroyed", "Discard",
    "DiscardCard", "Dots", "Draw", "Each", "Effect", "EndPhase", "EnergyOf", "EntersPlay", "Equals", "Exists", "Flux",
    "GainControl", "Grant", "Heal", "If", "IsDamaged", "LeavesPlay", "LifeBase", "LifeBaseOf", "LifeBases",
    "Matches", "May", "Min", "ModifyStats", "MoveSummon", "Moves", "NLBSummons", "NativeEffects", "Paid", "Permanents",
    "PlaceOnDot", "Players", "PreventDamage", "ProduceEnergy", "PythonEffect", "Quest", "Quests", "Rage",
    "Reactivate", "RedirectDamage", "ReduceDamage", "RemoveCounters", "RemoveFromGame", "ReturnToHand", "Rise",
    "Sacrifice", "Search", "StackActions", "StartOfTurn", "StatOf", "Stealth", "Summon", "Summons", "Target",
    "TargetAction", "TargetCard", "TargetCatalyst", "TargetCrystal", "TargetDot", "TargetNLBSummon",
    "TargetPermanent", "TargetPlayer", "TargetSummon", "Triggered", "When", "WinGame", "compile_definitions",
    "compile_effects",
]
