"""The B05 cards of "at the end of the turn" and of "appears from your hand": Harpuia and Sleep Papillon, in real
positions of the set first-era, through legal actions (docs/zx/cards.md "At the end of the turn"; rules.md Z15.320,
Z15.323, Z15.324)."""

from __future__ import annotations

import json

from ..era import act, arrange, damage_on, name, on, play, resource, texts
from .test_b01_combos import pay_all
from .test_b03_combos import into_resource
from .test_b04_delayed import end_turn, hit_player

REDS = ["B01-013"] * 6 + ["B01-003"]  # red vanilla Z/X: seven pay Harpuia's Cost 7
GREENS = ["B01-091"] * 11             # Beastman, Wereantler: green 5/8000, vanilla
HARPUIA = "B05-015"
PAPILLON = "B05-089"
OTHER_GREEN = "B02-082"               # Rabbit Girl, Wererabbit: green 3/5000, vanilla
FROM_RESOURCE = "B04-093"             # [Green 6], usable only while in your Resource: this card appears


def field_entry(state, square: str) -> dict:
    return next(e for e in json.loads(state.to_json())["field"] if e["square"] == square)


# -- B05-015 Greedy Evil Bird, Harpuia --------------------------------------------------------------------------

def test_b05_015_played_from_the_hand_it_deals_1_more_damage_to_the_opponent_this_turn():
    """When this card appears from your hand (played): until end of turn the damage it deals to your opponent is 1
    more, so its attack takes 2 Life cards; the increase is part of the position and ends with the turn (rules.md
    Z15.323, Z15.324)."""
    state = arrange({"hand": [HARPUIA], "resource": REDS}, {})
    play(state, name(HARPUIA), "s5")
    assert field_entry(state, "s5")["player_damage"] == 1
    assert state._game.state_from_json(state.to_json()).to_json() == state.to_json()
    hit_player(state, "s5", "s8")
    assert len(state.zone(1, "life")) == 2
    end_turn(state, 0)
    assert "player_damage" not in field_entry(state, "s5")


def test_b05_015_put_there_from_the_hand_by_spark_launcher():
    """Ruling B05-015 Q1: Spark Launcher puts Harpuia onto its Square from the hand, so it appeared from the hand:
    its attack on the player takes 2 Life cards."""
    state = arrange({}, {"hand": ["B04-015", HARPUIA], "resource": ["B04-090"] + REDS[:5]})
    into_resource(state, "B04-015")
    act(state, "p1 yes (effect-may-pay)")
    pay_all(state)
    act(state, f"choose {name(HARPUIA)}")
    act(state, "choose square s5")
    assert field_entry(state, "s5")["player_damage"] == 1
    hit_player(state, "s5", "s2")
    assert len(state.zone(0, "life")) == 2


# -- B05-089 Sleeping Scales, Sleep Papillon --------------------------------------------------------------------

def papillon(top, p1=None, resource=GREENS[:5]):
    state = arrange({"hand": [PAPILLON], "resource": list(resource), "deck": list(top)}, p1 or {})
    play(state, name(PAPILLON), "s5")
    return state


def test_b05_089_two_cards_sleep_in_the_resource_until_the_end_of_the_turn():
    """When this card appears: the top 2 cards of your deck into your Resource, Sleeping; at the end of the turn
    those two go into your Trash, the other Resource cards stay (rules.md Z15.320)."""
    state = papillon([OTHER_GREEN, "B01-089"])
    assert state.names(0, "resource")[-2:] == [name(OTHER_GREEN), name("B01-089")]
    assert resource(state, 0)[-2:] == [True, True]
    assert all(r.get("remembered_by", "").startswith(name(PAPILLON))
               for r in json.loads(state.to_json())["players"][0]["resource"][-2:])
    end_turn(state, 0)
    assert state.names(0, "resource") == [name("B01-091")] * 5
    assert sorted(state.names(0, "trash")) == sorted([name(OTHER_GREEN), name("B01-089")])


def test_b05_089_a_card_that_left_the_resource_is_not_put_into_the_trash():
    """Rules.md Z15.320: of the two, the one that left the Resource (Cherry appearing from it by its own ability)
    stays on its Square at the end of the turn; only the other goes into the Trash."""
    state = papillon([FROM_RESOURCE, OTHER_GREEN], resource=GREENS)
    act(state, f"use the ability of {name(FROM_RESOURCE)}")
    pay_all(state)
    act(state, "choose square s4")
    assert state.card_name(on(state, "s4")) == name(FROM_RESOURCE)
    end_turn(state, 0)
    assert state.card_name(on(state, "s4")) == name(FROM_RESOURCE)
    assert state.names(0, "trash") == [name(OTHER_GREEN)]


def test_b05_089_both_resource_abilities_trigger():
    """Ruling B05-089 Q1: the two cards put into the Resource are Azi Dahaka and Shedar: both abilities trigger,
    each finding the other there: 3000 damage to each of the opponent's Z/X on Normal Squares, and 1 card drawn."""
    state = papillon(["B03-013", "B03-031"], p1={"field": {"s7": "B01-016", "s9": "B01-013"}})
    hand = len(state.zone(0, "hand"))
    while state.decision() == "trigger-order":
        act(state, "resolve")
    assert damage_on(state, "s7") == 3000 and damage_on(state, "s9") == 3000
    assert len(state.zone(0, "hand")) == hand + 1
    assert state.decision() == "main" and not [t for t in texts(state) if "choose" in t]
