"""Triggered abilities that work from the discard pile run natively (rules.md 6.9): a summon card's ability written
with ``zone="discard"`` triggers on events while the card lies in its owner's discard pile, its owner controlling
it; not while the card is in play, and not on its own way to the discard pile. The reference interpreter agrees."""

from __future__ import annotations

import os
import sys

import pytest

import tcbg
from tcbg.errors import CardError
from tcbg.x610z.decks import Deck
from tcbg.x610z.effects import (
    SELF, DealDamage, Destroyed, Flux, NLBSummons, ReturnToHand, StartOfTurn, TargetNLBSummon, Triggered, Summon,
)
from tcbg.x610z.effects.native import Event

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from effect_cards import card_set, summon  # noqa: E402
from ruins_play import do, texts  # noqa: E402

DEFINITIONS = {
    "Phoenix": Summon(Triggered(StartOfTurn("yours"), ReturnToHand(SELF), zone="discard")),
    "Zap": Flux(DealDamage(TargetNLBSummon(), 3)),
}
CARDS = card_set(DEFINITIONS, [summon("Phoenix", "dragon", 2, 3)])
PHOENIX = 1  # instances: Keep 0, Phoenix 1, Hauler 2, Legion 3-5; Rival Keep 6, Zap 7, Spark 8, Legion 9-11


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game(board="existenz", setup="1v1", cards=CARDS, decks=[
        Deck.parse("Life base: Keep\n1 Phoenix\n1 Hauler\n3 Legion", CARDS, deck_size=None),
        Deck.parse("Life base: Rival Keep\n1 Zap\n1 Spark\n3 Legion", CARDS, deck_size=None)])


def position(game, phoenix: dict | str):
    return game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 4, "active_player": 1, "players": [
            {"deck": ["Legion"] * 3, **phoenix},
            {"hand": ["Zap"], "in_play": ["Spark"], "deck": ["Legion"] * 3}]})


def to_next_turn(state) -> None:
    active = state.active_player
    while state.active_player == active:
        do(state, "pass")


def test_a_summon_card_in_the_discard_pile_returns_to_hand_at_the_start_of_its_owners_turn(game):  # rules.md 6.28
    state = position(game, {"discard": ["Phoenix"]})
    to_next_turn(state)
    assert texts(state) == [f"put waiting ability 0 of Phoenix (#{PHOENIX}) on the stack"]
    do(state, texts(state)[0])
    while state.stack_items():
        do(state, "pass")
    assert state.instance(PHOENIX)["zone"] == "hand" and state.invariant_violation() == ""


def test_it_does_not_trigger_in_play_nor_on_its_way_to_the_discard_pile(game):  # rules.md 6.9, 6.28
    state = position(game, {"in_play": [{"card": "Phoenix", "dot": "r3-03"}]})
    do(state, "cast Zap (#7)")
    do(state, f"choose Phoenix (#{PHOENIX})")
    while state.stack_items():
        do(state, "pass")
    assert state.instance(PHOENIX)["zone"] == "discard"
    assert not any(t.startswith("put waiting") for t in texts(state))
    to_next_turn(state)  # now it lies there at the start of its owner's turn
    assert texts(state) == [f"put waiting ability 0 of Phoenix (#{PHOENIX}) on the stack"]


def test_the_reference_interpreter_agrees(game):  # rules.md 6.28
    from tcbg.x610z.effects.reference import Model

    model = Model(CARDS)
    phoenix = model.add("Phoenix", owner=0, dot=3)
    model.start_turn(0)
    assert model.triggered == []  # in play: nothing
    model.destroy(phoenix)
    assert model.triggered == []  # not on its own way there
    model.start_turn(0)
    assert [(source, event) for source, _, event, _ in model.triggered] == [(phoenix, Event.TURN_START)]


def test_only_a_summon_card_has_abilities_that_work_from_the_discard_pile():
    from tcbg.x610z.effects import Catalyst

    with pytest.raises(CardError, match="only a summon card"):
        card_set({"Relic": Catalyst(Triggered(Destroyed(NLBSummons("you")), ReturnToHand(SELF), zone="discard"))},
                 [{"name": "Relic", "type": "catalyst", "cost": "C1", "deck_limit": 3, "editions": ["existenz"]}])
