"""Costs that discard cards or sacrifice another permanent run natively (rules.md 6.18; ORoC "Other costs"): for
activated and paid abilities and for additional effects, the player chooses the cards and the permanent, one decision
each, when the ability is used (or the additional effect chosen), and they are paid at once, before the targets."""

from __future__ import annotations

import os
import sys

import pytest

import tcbg
from tcbg.x610z.decks import Deck
from tcbg.x610z.effects import (
    Activated, Additional, Cost, DealDamage, Draw, Flux, NLBSummons, Paid, Summon, TargetNLBSummon, YOU,
)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from effect_cards import card_set, summon  # noqa: E402
from ruins_play import do, texts  # noqa: E402

CARDS = card_set({
    "Oracle": Summon(Activated(Cost("C1", discard=2), DealDamage(TargetNLBSummon("opponent"), 2))),
    "Altar": Summon(Paid(Cost("C1", sacrifice=NLBSummons("you")), Draw(YOU, 2))),
    "Zap": Flux(DealDamage(TargetNLBSummon(), 3)),
    "Offering": Flux(DealDamage(TargetNLBSummon(), 1), Additional(Cost("", discard=1), Draw(YOU, 1))),
}, [summon("Oracle", "vessel", 1, 4), summon("Altar", "army", 0, 4)])


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game(board="existenz", setup="1v1", cards=CARDS, decks=[
        Deck.parse("Life base: Keep\n1 Oracle\n1 Altar\n1 Offering\n1 Hauler\n2 Zap\n1 Spark\n3 Legion", CARDS,
                   deck_size=None),
        Deck.parse("Life base: Rival Keep\n1 Drake\n3 Legion", CARDS, deck_size=None)])


def position(game, p0: dict):
    p0.setdefault("deck", ["Legion"] * 3)
    return game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0, "players": [
            p0, {"in_play": [{"card": "Drake", "dot": "r3-02"}], "deck": ["Legion"] * 3}]})


def resolve(state) -> None:
    while state.stack_items():
        do(state, "pass")
    assert state.invariant_violation() == ""


def round_trip(state) -> None:
    """A state in the middle of choosing costs serializes and reads back exactly."""
    game = state.get_game()
    again = game.deserialize_state(state.serialize())
    assert again.serialize() == state.serialize() and again.legal_actions() == state.legal_actions()


def test_a_discard_cost_is_chosen_card_by_card_when_the_ability_is_used(game):  # rules.md 6.18, 6.27
    state = position(game, {"in_play": [{"card": "Oracle", "dot": "r3-05"}], "hand": ["Zap", "Zap", "Spark"],
                            "pool": {"C": 1}})
    do(state, "use ability 0 of Oracle (#1)")
    assert texts(state) == ["choose Zap (#5)", "choose Zap (#6)", "choose Spark (#7)"]  # any card of their hand
    round_trip(state)
    do(state, "choose Spark (#7)")
    assert state.instance(7)["zone"] == "discard"  # paid at once
    assert texts(state) == ["choose Zap (#5)", "choose Zap (#6)"]
    do(state, "choose Zap (#5)")
    assert texts(state) == ["choose Drake (#12)"]  # then the target
    do(state, "choose Drake (#12)")
    resolve(state)
    assert state.hand(0) == ["Zap"] and state.instance(12)["damage"] == 2


def test_an_ability_whose_discard_cost_cannot_be_paid_is_not_offered(game):  # rules.md 6.18, 6.27
    state = position(game, {"in_play": [{"card": "Oracle", "dot": "r3-05"}], "hand": ["Zap"], "pool": {"C": 1}})
    assert "use ability 0 of Oracle (#1)" not in texts(state)


def test_a_sacrifice_cost_is_another_permanent_of_theirs_never_the_life_base(game):  # rules.md 6.18, 6.27
    state = position(game, {"in_play": [{"card": "Altar", "dot": "r3-05"}, {"card": "Hauler", "dot": "r3-03"},
                                        "Spark"], "pool": {"C": 1}})
    do(state, "use ability 0 of Altar (#2)")
    assert texts(state) == ["choose Hauler (#4)"]  # not the Altar itself, not the life base, not the opponent's
    round_trip(state)
    do(state, "choose Hauler (#4)")
    assert state.instance(4)["zone"] == "discard"
    resolve(state)
    assert len(state.hand(0)) == 2
    state = position(game, {"in_play": [{"card": "Altar", "dot": "r3-05"}], "pool": {"C": 1}})
    assert "use ability 0 of Altar (#2)" not in texts(state)  # nothing else to sacrifice


def test_an_additional_effects_discard_cost_is_chosen_after_yes(game):  # rules.md 6.12, 6.18, 6.27
    state = position(game, {"hand": ["Offering", "Zap"], "pool": {"C": 1}})
    do(state, "cast Offering (#3)")
    assert texts(state) == ["no", "yes"]
    do(state, "yes")
    assert texts(state) == ["choose Zap (#5)"]
    round_trip(state)
    do(state, "choose Zap (#5)")
    assert state.instance(5)["zone"] == "discard"
    do(state, "choose Drake (#12)")
    resolve(state)
    assert state.instance(12)["damage"] == 1 and len(state.hand(0)) == 1  # the drawn card
    state = position(game, {"hand": ["Offering"], "pool": {"C": 1}})
    do(state, "cast Offering (#3)")
    assert "yes" not in texts(state)  # no card left to discard: the additional effect is not offered


def test_a_player_who_concedes_while_choosing_a_cost_takes_the_announcement_along(game):  # rules.md 5.8, 6.19
    state = position(game, {"in_play": [{"card": "Oracle", "dot": "r3-05"}], "hand": ["Zap", "Zap", "Spark"],
                            "pool": {"C": 1}})
    do(state, "use ability 0 of Oracle (#1)")
    do(state, "choose Spark (#7)")
    state.concede(0)
    assert state.is_terminal() and state.invariant_violation() == ""
    round_trip(state)
