"""The Z/X effect language beyond the starter cards (docs/zx/cards.md): the other events of automatic abilities, a
Sleep cost, Each, RecoverLife, and definitions the compiler refuses with the rule they break. Cards of a test table
(tests/zx/scenario.py) given definitions, in real games."""

from __future__ import annotations

import pytest

from tcbg.effects.refs import EVENT_SUBJECT, SELF, Chosen, Each
from tcbg.errors import GameError
from tcbg.zx.effects.language import (ZX, AddPower, Auto, Card, Continuous, Cost, DealDamage, Draw, Event,
                                      EventDefinition, PowerChange, RecoverLife, ReturnToHand, Startup, ZXDefinition,
                                      ChargeLimit, Player)

from .scenario import act, filler, game, layout, play_zx, start


def with_defs(definitions, deck0, deck1, **kw):
    return game(deck0, deck1, definitions=definitions, **kw)


P1 = layout(["Big"] * 4, ["Big"] * 4, ["Big"] * 2, filler(30))


def test_turn_starts_and_put_into_resource():
    """TURN_STARTS (turn="yours": player 1's Start Card at player 1's turn) and PUT_INTO_RESOURCE: the abilities
    wait for the next preprocessing (12.1)."""
    defs = {"Vanilla": ZXDefinition(Auto(Event.PUT_INTO_RESOURCE, Draw(1))),
            "Starter": ZXDefinition(Auto(Event.TURN_STARTS, Draw(1), turn="yours"))}
    deck0 = layout(["Vanilla", "Vanilla", "Igniter", "Igniter"], ["Igniter"] * 4, ["Vanilla"] * 2, filler(30, "Tiny"))
    deck1 = ["Starter"] + layout(["Big"] * 4, ["Big"] * 4, ["Big"] * 2, filler(30))
    state = with_defs(defs, deck0, deck1, start=(False, True)).new_initial_state(0)
    act(state, "keep")
    act(state, "keep")
    act(state, "put Vanilla")  # into Resource: its ability draws 1
    assert len(state.zone(0, "hand")) == 4
    act(state, "pass (main)")  # player 1's turn: draws 2, and 1 more by the Start Card's ability
    assert len(state.zone(1, "hand")) == 4 + 2 + 1


def test_is_attacked_destroyed_and_battle_ends():
    """IS_ATTACKED (+1000 to the attacked), DESTROYED (resolved from the Charge it went to) and BATTLE_ENDS in one
    attack."""
    defs = {"Starter": ZXDefinition(Auto(Event.IS_ATTACKED, AddPower(SELF, 1000)), Auto(Event.DESTROYED, Draw(1))),
            "Archer": ZXDefinition(Auto(Event.BATTLE_ENDS, Draw(1)))}
    deck0 = layout(["Archer", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Archer"] * 2, filler(30, "Tiny"))
    deck1 = ["Starter"] + layout(["Big"] * 4, ["Big"] * 4, ["Big"] * 2, filler(30, "Tiny"))
    state = start(with_defs(defs, deck0, deck1, start=(False, True)).new_initial_state(0))
    play_zx(state, "Archer", "s5")
    act(state, "attack from s5 to s8")
    assert state.instance(state.board()[7])["power"] == 6000
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")  # 6000 damage on 6000: destroyed
    assert state.board()[7] == -1 and len(state.zone(1, "hand")) == 5 and len(state.zone(0, "hand")) == 4


def test_sleep_cost_each_and_recover_life():
    """[Sleep this card]: every Z/X of your opponent's gets -1000 (Each), and you recover 1 Life; a Sleeping card
    cannot pay it again (Z12.8; ruling B01-009 lets a Rebooted one)."""
    defs = {"Archer": ZXDefinition(Startup(Cost(sleep=True), AddPower(Each(ZX("opponents")), -1000), RecoverLife(1)))}
    deck0 = layout(["Archer", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Archer"] * 2, filler(30, "Tiny"))
    deck1 = layout(["Big"] * 4, ["Big"] * 4, ["Big"] * 2, filler(30, "Tiny"))
    state = start(with_defs(defs, deck0, deck1, start=(False, False)).new_initial_state(0))
    play_zx(state, "Archer", "s5")
    act(state, "use the ability of Archer")
    assert len(state.zone(0, "life")) == 5 and not [a for a in map(state.action_to_string, state.legal_actions())
                                                    if "use the ability" in a]


def test_continuous_power_of_each_matching_zx_and_trigger_subject():
    """A continuous change to every Z/X matching (yours, another than itself) and EVENT_SUBJECT of a battle
    trigger: damage to the Z/X it destroyed goes nowhere (it left: done as far as possible, Z12.3)."""
    defs = {"Big": ZXDefinition(Continuous(PowerChange(ZX("yours", other=True), 500)),
                                Auto(Event.DESTROYS_BY_BATTLE, DealDamage(EVENT_SUBJECT, 1000)))}
    deck0 = layout(["Big", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Big"] * 2, filler(30, "Big"))
    state = start(with_defs(defs, deck0, P1).new_initial_state(0))
    doc = __import__("json").loads(state.to_json())
    hand = doc["players"][0]["hand"]
    doc["field"] = [{"square": "s5", "card": hand[0]["card"]}, {"square": "s4", "card": hand[1]["card"]}]
    doc["players"][0]["hand"] = hand[2:]
    state = state._game.state_from_json(doc)
    assert state.instance(state.board()[3])["power"] == 3500 and state.instance(state.board()[4])["power"] == 8000


@pytest.mark.parametrize("definition, words", [
    (ZXDefinition(Auto(Event.APPEARS, Draw(1))), "is an Event"),  # a Z/X definition for an Event
    (EventDefinition(Continuous(PowerChange(ZX(), 1))), "expected an effect"),
    (EventDefinition(DealDamage(Chosen(Card("hand")), 1)), "is a card, but this takes a zx"),
    (EventDefinition(Draw(1), ReturnToHand(Chosen(Card("graveyard")))), "zone must be one of"),
    (EventDefinition(Draw(Chosen(ZX()))), "must be a"),
])
def test_definitions_the_compiler_refuses(definition, words):
    """ZC20-ZC22: a definition that does not compile is refused when the game is created, naming the card."""
    with pytest.raises(GameError, match=words):
        with_defs({"Spark": definition}, P1, P1)


def test_continuous_abilities_cannot_choose():
    with pytest.raises(GameError, match="ZC2"):
        with_defs({"Big": ZXDefinition(Continuous(PowerChange(ZX(), Chosen(ZX()))))}, P1, P1)


def test_discard_cost():
    """[Discard 1]: draw 2 (Z12.8: the discard is a decision of its own, after the colour and Charge costs)."""
    defs = {"Archer": ZXDefinition(Startup(Cost(discard=1), Draw(2)))}
    deck0 = layout(["Archer", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Archer"] * 2, filler(30, "Tiny"))
    state = start(with_defs(defs, deck0, P1).new_initial_state(0))
    play_zx(state, "Archer", "s5")
    act(state, "use the ability of Archer")
    assert state.decision() == "ability-discard"
    act(state, "discard Vanilla")
    assert len(state.zone(0, "hand")) == 3 - 1 + 2 and state.names(0, "trash") == ["Vanilla"]


def test_charge_limit_changed_and_removed():
    """A continuous Charge limit (CR 906.1): the opponent's -2 while the card is on a Square, or none at all; an
    excess is chosen by the Charge's owner at the next preprocessing (sources.md 1.6 item 19)."""
    import json

    lower = {"Big": ZXDefinition(Continuous(ChargeLimit(Player("opponents"), -2)))}
    deck0 = layout(["Big", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Big"] * 2, filler(30))
    state = start(with_defs(lower, deck0, P1).new_initial_state(0))
    doc = json.loads(state.to_json())
    p0, p1 = doc["players"]
    p0["resource"] += [{"card": c, "sleeping": False} for c in p0["deck"][-3:]]  # 5 Resource cards for Big
    p0["deck"] = p0["deck"][:-3]
    p1["charge"], p1["deck"] = p1["deck"][-3:], p1["deck"][:-3]
    state = state._game.state_from_json(doc)
    assert state.charge_limit(1) == 4
    play_zx(state, "Big", "s5")
    assert state.charge_limit(1) == 2 and state.charge_limit(0) == 4
    assert state.decision() == "charge-excess" and state.current_player() == 1
    act(state, "p1 put")
    assert len(state.zone(1, "charge")) == 2 and state.decision() == "main"
    none = {"Big": ZXDefinition(Continuous(ChargeLimit(Player("yours"), unlimited=True)))}
    state = start(with_defs(none, deck0, P1).new_initial_state(0))
    doc = json.loads(state.to_json())
    hand = doc["players"][0]["hand"]
    doc["field"] = [{"square": "s5", "card": hand[0]["card"]}]
    doc["players"][0]["hand"] = hand[1:]
    assert state._game.state_from_json(doc).charge_limit(0) == 255 and state.charge_limit(0) == 4


def test_continuous_power_read_once_per_query_keeps_each_zx_its_own_amount():
    """A continuous amount that reads the Z/X it changes (EVENT_SUBJECT: "your other Z/X get -1000 times their
    Cost") is read for each Z/X in the one walk of a query (docs/zx/engine.md "Speed"): the lethal damage check
    destroys exactly the Z/X it brings to 0 (rules.md Z12.6, CR 904), and the invariants, which compare the one walk
    with each Z/X's own after every action, hold in random play."""
    import json
    import random

    from tcbg.effects.values import StatOf

    defs = {"Big": ZXDefinition(Continuous(PowerChange(ZX("yours", other=True), StatOf(EVENT_SUBJECT, "cost") * -1000)))}
    deck0 = layout(["Big", "Vanilla", "Archer", "Vanilla"], ["Big"] * 4, ["Big"] * 2, filler(30, "Archer"))
    state = start(with_defs(defs, deck0, P1).new_initial_state(0))
    doc = json.loads(state.to_json())
    hand = doc["players"][0]["hand"]
    doc["field"] = [{"square": "s5", "card": hand[0]["card"]}, {"square": "s4", "card": hand[1]["card"]},
                    {"square": "s6", "card": hand[2]["card"]}]
    doc["players"][0]["hand"] = hand[3:]
    state = state._game.state_from_json(doc)
    # Vanilla (Cost 1, 3000) gets -1000, Archer (Cost 2, 6000) -2000: each its own amount
    assert state.instance(state.board()[3])["power"] == 2000 and state.instance(state.board()[5])["power"] == 4000
    assert state.invariant_violation() == ""
    act(state, "pass (main)")  # the next preprocessing: nothing lethal
    assert [state.card_name(i) for i in state.board() if i >= 0] == ["Vanilla", "Big", "Archer"]
    game = with_defs(defs, deck0, P1)
    for seed in range(3):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal() and s.turn < 40:
            s.apply_action(rng.choice(s.legal_actions()))
            assert s.invariant_violation() == ""
    assert game.random_playouts(10, seed=1, check_invariants=True)["games"] == 10
