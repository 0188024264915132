"""Positions of the card set ``first-era`` for its card tests (tests/zx/first_era/): ``arrange`` of tests/zx/starter.py
over the era's card table and definitions. The starter numbers it uses by default (the filler C03-018, the Player
cards C01-001 and C02-001) are cards of the era's set too."""

from __future__ import annotations

import json

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


# -- the card tests' common moves -----------------------------------------------------------------------------

def play(state, card: str, square: str | None = None):
    """Plays the card named ``card`` from the hand (onto ``square`` for a Z/X), paying its Cost."""
    act(state, f"play {card}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def pay_all(state):
    """Pays a Cost being paid (a play's or an ability's) with the first Resource cards offered."""
    while state.decision() in ("pay", "ability-pay"):
        act(state, "pay with")


def attack(state, frm: str, to: str):
    act(state, f"attack from {frm} to {to}")


def pass_battle(state):
    """Both players pass the Battle Event step until the battle goes on."""
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")


def squares(state) -> list[str]:
    """The Squares of the Z/X a choice offers."""
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)


def uses(state) -> list[str]:
    """The startup abilities that may be used now."""
    return [t for t in texts(state) if "use the ability" in t]


def cards_offered(state):
    """The card names a card choice offers, each once."""
    return sorted({t.split("choose ")[1].split(" #")[0] for t in texts(state) if "choose " in t and "square" not in t})


def resource(state, player: int) -> list[bool]:
    """Whether each of a player's Resource cards Sleeps, from the bottom."""
    return [r["sleeping"] for r in json.loads(state.to_json())["players"][player]["resource"]]


def with_sleeping_resource(state, player: int, ks):
    """The position with the player's Resource cards at indices ``ks`` Sleeping (read back as a position)."""
    doc = json.loads(state.to_json())
    for k in ks:
        doc["players"][player]["resource"][k]["sleeping"] = True
    return state._game.state_from_json(doc)


def bare(names):
    """Card references without their instance numbers ("Name #12" -> "Name")."""
    return [n.split(" #")[0] for n in names]


def sleeping(state, square: str) -> bool:
    """Whether the Z/X on the Square Sleeps."""
    return bool(state.instance(on(state, square))["sleeping"])
