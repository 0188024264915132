"""The property "cannot be attacked" runs natively (docs/cards.md Property CANNOT_BE_ATTACKED), granted by an
instruction or continuous: no attack targets such a summon, and an attack declared on it before fails when it is
checked again on resolution (rules.md 5.13). Effects and fluxes still reach it."""

from __future__ import annotations

import os
import sys

import pytest

import tcbg
from tcbg.x610z.decks import Deck
from tcbg.x610z.effects import SELF, Continuous, DealDamage, Flux, Grant, Summon, TargetNLBSummon

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from effect_cards import card_set, summon  # noqa: E402
from ruins_play import do, texts  # noqa: E402

CARDS = card_set({
    "Veil": Flux(Grant(TargetNLBSummon("you"), "cannot-be-attacked")),
    "Zap": Flux(DealDamage(TargetNLBSummon(), 3)),
    "Wisp": Summon(Continuous(Grant(SELF, "cannot-be-attacked"))),
}, [summon("Wisp", "vessel", 1, 3)])
DRAKE = 8  # player 1's Drake (instances: Keep 0, Veil 1, Zap 2, Hauler 3, Wisp 4, Legion 5-6; Rival Keep 7, Drake 8)


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game(board="existenz", setup="1v1", cards=CARDS, decks=[
        Deck.parse("Life base: Keep\n1 Veil\n1 Zap\n1 Hauler\n1 Wisp\n2 Legion", CARDS, deck_size=None),
        Deck.parse("Life base: Rival Keep\n1 Drake\n2 Legion", CARDS, deck_size=None)])


def position(game, mine: list, active: int, **p0):
    return game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": active, "players": [
            {"in_play": mine, "deck": ["Legion"] * 2, **p0},
            {"in_play": [{"card": "Drake", "dot": "r3-02"}], "deck": ["Legion"] * 2}]})


def targets(state) -> list[str]:
    """The targets the drake is offered: "attack the summon on DOT" (the rest of the text, "with ... from ...", names
    the attacker and the attack's first line: docs/actions.md)."""
    do(state, f"attack with Drake (#{DRAKE})")
    return [text.split(" with ")[0] for text in texts(state)]


def test_a_summon_with_continuous_cannot_be_attacked_is_no_target(game):  # rules.md 6.26
    state = position(game, [{"card": "Hauler", "dot": "r3-03"}, {"card": "Wisp", "dot": "r3-01"}], active=1)
    assert targets(state) == ["attack the summon on r3-03"]
    state = position(game, [{"card": "Hauler", "dot": "r3-01"}, {"card": "Wisp", "dot": "r3-03"}], active=1)
    assert targets(state) == ["attack the summon on r3-01"]  # the dot itself is in reach: the property decides
    assert state.invariant_violation() == ""


def test_a_granted_cannot_be_attacked_lasts_until_end_of_turn(game):  # rules.md 6.17, 6.26
    state = position(game, [{"card": "Hauler", "dot": "r3-03"}], active=0, hand=["Veil"], pool={"C": 1})
    do(state, "cast Veil (#1)")
    do(state, "choose Hauler (#3)")
    while state.stack_items():
        do(state, "pass")
    while state.active_player == 0:
        do(state, "pass")
    assert f"attack with Drake (#{DRAKE})" in texts(state)  # the turn ended, and the property with it
    assert state.invariant_violation() == ""


def test_an_attack_on_a_summon_that_becomes_unattackable_fails_on_resolution(game):  # rules.md 5.13, 6.26
    state = position(game, [{"card": "Hauler", "dot": "r3-03"}], active=1, hand=["Veil", "Zap"], pool={"C": 2})
    assert targets(state) == ["attack the summon on r3-03"]
    do(state, "attack the summon on r3-03")
    do(state, "cast Veil (#1)")  # player 0 answers the attack
    do(state, "choose Hauler (#3)")
    assert f"attack with Drake (#{DRAKE})" not in texts(state)
    while state.stack_items():
        do(state, "pass")
    assert state.instance(3)["damage"] == 0  # the attack failed: its target cannot be attacked any more
    assert state.invariant_violation() == ""


def test_an_unattackable_summon_can_still_be_dealt_damage_by_effects(game):  # rules.md 6.26
    state = position(game, [{"card": "Wisp", "dot": "r3-03"}], active=0, hand=["Zap"], pool={"C": 1})
    do(state, "cast Zap (#2)")
    do(state, "choose Wisp (#4)")
    while state.stack_items():
        do(state, "pass")
    assert state.instance(4)["zone"] == "discard"
