"""Continuous block rate changes run natively (rules.md 2.1, 3.1, 6.10): a block rate a continuous effect gives is
paid by moves and attacks entering the summon's dot, follows what its amount reads, and goes when its card leaves
play."""

from __future__ import annotations

import os
import sys

import pytest

import tcbg
from tcbg.x610z.decks import Deck
from tcbg.x610z.effects import (
    SELF, Continuous, Count, DealDamage, Each, Flux, ModifyStats, NLBSummons, Summon, TargetNLBSummon,
)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from effect_cards import card_set, summon  # noqa: E402
from ruins_play import do, texts  # noqa: E402

CARDS = card_set({
    "Bastion": Summon(Continuous(ModifyStats(Each(NLBSummons("you")), block_rate=2))),
    "Rampart": Summon(Continuous(ModifyStats(SELF, block_rate=Count(NLBSummons("you"))))),
    "Zap": Flux(DealDamage(TargetNLBSummon(), 3)),
}, [summon("Bastion", "army", 1, 3), summon("Rampart", "beast", 1, 6)])
BLOCK_RATE = 4
HAULER, BASTION, DRAKE, ZAP = 1, 2, 6, 7  # instances: Keep 0, Hauler 1, Bastion 2, Legion 3-4; Rival Keep 5, ...


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game(board="existenz", setup="1v1", cards=CARDS, decks=[
        Deck.parse("Life base: Keep\n1 Hauler\n1 Bastion\n2 Legion", CARDS, deck_size=None),
        Deck.parse("Life base: Rival Keep\n1 Drake\n1 Zap\n1 Spark\n2 Legion", CARDS, deck_size=None)])


def test_a_continuous_block_rate_keeps_attacks_out_until_its_card_leaves_play(game):  # rules.md 2.1, 3.1, 6.10
    state = game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 1, "players": [
            {"in_play": [{"card": "Hauler", "dot": "r3-03"}, {"card": "Bastion", "dot": "r3-08"}],
             "deck": ["Legion"] * 2},
            {"in_play": [{"card": "Drake", "dot": "r3-02"}, "Spark"], "hand": ["Zap"], "deck": ["Legion"] * 2}]})
    assert state.stat(HAULER, BLOCK_RATE) == 2
    assert f"attack with Drake (#{DRAKE})" not in texts(state)  # 1 step + block rate 2 is beyond range 2
    do(state, f"cast Zap (#{ZAP})")
    do(state, f"choose Bastion (#{BASTION})")
    while state.stack_items():
        do(state, "pass")
    assert state.instance(BASTION)["zone"] == "discard" and state.stat(HAULER, BLOCK_RATE) == 0
    assert state.invariant_violation() == ""  # the board's block rates followed
    do(state, f"attack with Drake (#{DRAKE})")
    assert texts(state) == [f"attack the summon on r3-03 with Drake (#{DRAKE}) from r3-02, setting out towards r3-03"]
