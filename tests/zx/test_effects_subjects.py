"""Automatic abilities waiting for events of other cards and of players (docs/zx/cards.md "Subjects", rules.md
Z12.16): "when your or your opponent's Life decreases", "when a Z/X you control appears". Cards of the test table
(tests/zx/scenario.py) given definitions, in real games."""

from __future__ import annotations

import pytest

from tcbg.errors import GameError
from tcbg.zx.effects.language import ZX, Auto, Draw, Event, Player, ZXDefinition

from .scenario import act, filler, game, layout, play_zx, start

P0 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], filler(30, "Tiny"))
P1 = layout(["Big"] * 4, ["Big"] * 4, ["Big"] * 2, filler(30, "Tiny"))


def settle(state):
    """Resolves waiting abilities in the turn player's first order until the Main phase is back."""
    while state.decision() != "main":
        state.apply_action(state.legal_actions()[0])
        assert state.invariant_violation() == ""


def hit_player_1(state):
    act(state, "attack from s5 to s8 (the player)")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    act(state, "p0 pick Life card 0")  # a Big: no Ignition icon, into player 1's Charge


@pytest.mark.parametrize("subject, draws", [(None, 1), (Player("opponents"), 1), (Player("any"), 1),
                                            (Player("yours"), 0)])
def test_life_decreases_of_either_player_or_of_whose(subject, draws):
    """Z12.16: LIFE_DECREASES without a subject waits for any player's Life; with Player(whose), for the Life of
    the players matching it, seen from the card's owner. Player 1's Life decreases by the attack's damage."""
    auto = Auto(Event.LIFE_DECREASES, Draw(1)) if subject is None else \
        Auto(Event.LIFE_DECREASES, Draw(1), subject=subject)
    state = start(game(P0, P1, definitions={"Vanilla": ZXDefinition(auto)}).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    hand = len(state.zone(0, "hand"))
    hit_player_1(state)
    settle(state)
    assert len(state.zone(1, "life")) == 3 and state.names(1, "charge") == ["Big"]
    assert len(state.zone(0, "hand")) == hand + draws


def test_own_life_decreasing_triggers_yours():
    """Z12.16: Player("yours") waits for its owner's Life: player 1's watcher (a Big on one of player 1's Normal
    Squares) draws when player 0 hits player 1."""
    import json

    defs = {"Big": ZXDefinition(Auto(Event.LIFE_DECREASES, Draw(1), subject=Player("yours")))}
    state = start(game(P0, P1, definitions=defs).new_initial_state(0))
    doc = json.loads(state.to_json())
    hand = doc["players"][1]["hand"]
    doc["field"] = [{"square": "s9", "card": hand[0]["card"]}]
    doc["players"][1]["hand"] = hand[1:]
    state = state._game.state_from_json(doc)
    play_zx(state, "Vanilla", "s5")
    before = len(state.zone(1, "hand"))
    hit_player_1(state)
    settle(state)
    assert len(state.zone(1, "hand")) == before + 1


@pytest.mark.parametrize("other, draws", [(True, [0, 1]), (False, [1, 2])])
def test_a_zx_you_control_appears(other, draws):
    """Z12.16: "when a Z/X you control appears" waits for every Z/X of its owner's appearing on a Square, itself
    included unless the filter says another (ZX(other=True)); each watcher on a Square waits on its own."""
    defs = {"Vanilla": ZXDefinition(Auto(Event.APPEARS, Draw(1), subject=ZX("yours", other=other)))}
    state = start(game(P0, P1, definitions=defs).new_initial_state(0))
    hand = len(state.zone(0, "hand"))
    play_zx(state, "Vanilla", "s5")
    settle(state)
    assert len(state.zone(0, "hand")) == hand - 1 + draws[0]
    play_zx(state, "Vanilla", "s4")
    settle(state)
    assert len(state.zone(0, "hand")) == hand - 2 + draws[0] + draws[1]


def test_an_opponents_zx_appearing_is_not_yours():
    """Z12.16: whose is seen from the watcher's owner: player 0's Z/X appearing is the opponent's to player 1."""
    defs = {"Starter": ZXDefinition(Auto(Event.APPEARS, Draw(1), subject=ZX("opponents")))}
    state = start(game(P0, ["Starter"] + P1, start=(False, True), definitions=defs).new_initial_state(0))
    hand = len(state.zone(1, "hand"))
    play_zx(state, "Vanilla", "s5")  # player 0's: player 1's Start Card draws
    settle(state)
    assert len(state.zone(1, "hand")) == hand + 1


@pytest.mark.parametrize("auto, words", [
    (Auto(Event.TURN_STARTS, Draw(1), subject=ZX()), "waits for events of this card"),
    (Auto(Event.LIFE_DECREASES, Draw(1), subject=ZX()), "a Player"),
    (Auto(Event.APPEARS, Draw(1), subject=Player("yours")), "a ZX"),
])
def test_subjects_the_compiler_refuses(auto, words):
    """Z12.16: only the Z/X events APPEARS, ATTACKS, DESTROYS_BY_BATTLE, DESTROYED (a Z/X filter) and LIFE_DECREASES
    (a player filter) take a subject other than SELF."""
    with pytest.raises(GameError, match=words):
        game(P0, P1, definitions={"Vanilla": ZXDefinition(auto)})


def test_event_subject_of_a_life_decrease_is_the_player():
    """Z12.16: EVENT_SUBJECT of a Life decrease is the player whose Life decreased: player 0's watcher makes player 1
    draw when player 1's Life decreases."""
    from tcbg.effects.refs import EVENT_SUBJECT

    auto = Auto(Event.LIFE_DECREASES, Draw(1, EVENT_SUBJECT), subject=Player("opponents"))
    state = start(game(P0, P1, definitions={"Vanilla": ZXDefinition(auto)}).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    hands = len(state.zone(0, "hand")), len(state.zone(1, "hand"))
    hit_player_1(state)
    settle(state)
    assert (len(state.zone(0, "hand")), len(state.zone(1, "hand"))) == (hands[0], hands[1] + 1)
