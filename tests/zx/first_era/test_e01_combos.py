"""E01-020 in real positions of the set first-era, through legal actions (docs/zx/cards.md, rules.md Z15.140)."""

from __future__ import annotations

import json

from ..era import act, arrange, on
from .test_b01_combos import BIG, CHEAP, attack, pass_battle, play

GREENS = ["B02-089"] * 4  # Dignified Hairpin, Kuroyuri: green Hourai 4/6500, vanilla
IBUKI = "E01-020"


def sleeping(state, player: int) -> int:
    return sum(r["sleeping"] for r in json.loads(state.to_json())["players"][player]["resource"])


def reboot_a_sleeping_one(state):
    """Chooses one of player 0's Sleeping Resource cards (the choice offers every Resource card)."""
    ref = next(r["card"] for r in json.loads(state.to_json())["players"][0]["resource"] if r["sleeping"])
    act(state, f"choose {ref}")


def won_by(field: dict, frm: str):
    """Player 0 plays a Kuroyuri (4 Resource cards Sleep), then attacks player 1's Z/X on s8 from ``frm``."""
    state = arrange({"field": field, "hand": ["B02-089"], "resource": GREENS}, {"field": {"s8": CHEAP}})
    play(state, "B02-089", "s6")
    assert sleeping(state, 0) == 4
    attack(state, frm, "s8")
    pass_battle(state)
    assert on(state, "s8") == -1
    return state


def test_e01_020_ibuki_reboots_a_resource_card_when_it_wins_a_battle():
    """Ruling E01-020 Q1: when one of your Hourai, Ibuki itself included, destroys an opponent's Z/X by battle, one
    card in a Resource (either player's, Z15.140) is Rebooted."""
    state = won_by({"s5": IBUKI}, "s5")
    assert state.decision() == "effect-card"
    reboot_a_sleeping_one(state)
    assert sleeping(state, 0) == 3


def test_e01_020_another_hourai_counts_and_another_race_does_not():
    hourai = won_by({"s4": IBUKI, "s5": "B05-090"}, "s5")  # Kikyo, a Hourai 5/8000
    reboot_a_sleeping_one(hourai)
    assert sleeping(hourai, 0) == 3
    other = won_by({"s4": IBUKI, "s5": BIG}, "s5")
    assert other.decision() == "main" and sleeping(other, 0) == 4


def test_e01_020_two_ibuki_reboot_two_cards():
    """Ruling E01-020 Q2: with two Ibuki on your Squares, each one's ability triggers: two cards are Rebooted."""
    state = won_by({"s4": IBUKI, "s5": IBUKI}, "s5")
    for _ in range(2):
        while state.decision() == "trigger-order":
            act(state, "resolve")
        reboot_a_sleeping_one(state)
    assert sleeping(state, 0) == 2 and state.decision() == "main"
