"""Positions of the card set ``first-era`` for its card tests (tests/zx/first_era/): ``arrange`` of tests/zx/starter.py
over the era's card table and definitions. The starter numbers it uses by default (the filler C03-018, the Player
cards C01-001 and C02-001) are cards of the era's set too."""

from __future__ import annotations

from tcbg.zx.cards import CardSet

from . import starter
from .scenario import act, texts  # noqa: F401 - the card tests use them from here
from .starter import damage_on, on, power_on  # noqa: F401 - the card tests use them from here

ERA = CardSet.load("first-era")
FILLER = starter.FILLER


def name(number: str) -> str:
    return ERA[number].name_en


def arrange(p0: dict, p1: dict, **options):
    """A Main-phase position of turn 1 with the era's cards (tests/zx/starter.py ``arrange``)."""
    return starter.arrange(p0, p1, table=ERA, **options)
