"""Slow-path versions of `ruins` cards for the tests and the benchmark: the same effects as the cards' definitions
in the language (src/tcbg/x610z/cardsets/ruins.py), written as Python functions (``PythonEffect``), so a game with
these cards must play exactly as the native one does."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Mapping
from typing import Any

import tcbg.x610z
from tcbg.x610z.cards import CardSet
from tcbg.x610z.effects import Additional, Flux, Paid, PythonEffect, Summon, TargetNLBSummon, TargetSummon

RUINS_JSON = pathlib.Path(tcbg.x610z.__file__).parent / "cardsets" / "ruins.json"


def heal_eight(ctx) -> None:  # Healing Elixir: Heal(TargetSummon(), 8)
    ctx.heal(ctx.targets[0], 8)


def destroy_target(ctx) -> None:  # Death's Toll: Destroy(TargetNLBSummon(damaged=True))
    ctx.destroy(ctx.targets[0])


def battle_fury(ctx) -> None:  # Battle Fury: ModifyStats(TargetSummon("you"), attack=3)
    ctx.modify(ctx.targets[0], "attack", 3)


def cutlass_fury(ctx) -> None:  # Cutlass Fury: Paid("R1", ModifyStats(SELF, attack=1))
    ctx.modify(ctx.source, "attack", 1)


def blast_three(ctx) -> None:  # Scorching Blast: DealDamage(blasted, 3), Additional("R1", DealDamage(blasted, 1))
    ctx.deal_damage(ctx.targets[0], 3)


def blast_one(ctx) -> None:
    ctx.deal_damage(ctx.targets[0], 1)


def _scorching_blast() -> Any:
    blasted = TargetNLBSummon()
    return Flux(PythonEffect(blast_three, targets=[blasted]), Additional("R1", PythonEffect(blast_one)))


SLOW_CARDS = {
    "Healing Elixir": Flux(PythonEffect(heal_eight, targets=[TargetSummon()])),
    "Death's Toll": Flux(PythonEffect(destroy_target, targets=[TargetNLBSummon(damaged=True)])),
    "Battle Fury": Flux(PythonEffect(battle_fury, targets=[TargetSummon("you")])),
    "Cutlass Fury": Summon(Paid("R1", PythonEffect(cutlass_fury))),
    "Scorching Blast": _scorching_blast(),
}


def ruins_with(definitions: Mapping[str, Any]) -> CardSet:
    """The `ruins` card set with some cards' definitions replaced."""
    doc = json.loads(RUINS_JSON.read_text(encoding="utf-8"))
    effects = dict(CardSet.load("ruins").effects)
    effects.update(definitions)
    return CardSet.from_dict(doc, source=str(RUINS_JSON), effects=effects)
