"""The Z/X language's events of moves and Events played, an Event's own Evol Seed, the replacement "return it to
your hand instead" and the quotient of two amounts (docs/zx/cards.md "The language", "Native form"; rules.md
Z15.180 - Z15.182). Cards of the test table (tests/zx/scenario.py) given definitions, in real games."""

from __future__ import annotations

import json

import pytest

from tcbg.effects.refs import EVENT_SUBJECT, YOU, Chosen
from tcbg.effects.values import Count, Matches
from tcbg.errors import GameError
from tcbg.zx.effects.language import (THIS, ZX, Auto, Card, Continuous, DamageChange, DealDamage, Destroy, Draw,
                                      Event, EventDefinition, EvolSeed, HandSize, Mill, MoveTo, PowerChange,
                                      PreventDamage, ReplaceDestroy, Square, ZXDefinition)

from .scenario import act, filler, game, layout, play_zx, start

P0 = layout(["Vanilla", "Spark", "Spark", "Vanilla"], ["Big"] * 4, ["Vanilla", "Vanilla"], filler(30, "Tiny"))
P1 = layout(["Big"] * 4, ["Big"] * 4, ["Big"] * 2, filler(30, "Tiny"))


def new(defs, deck0=P0):
    return start(game(deck0, P1, definitions=defs).new_initial_state(0))


def settle(state):
    while state.decision() != "main":
        state.apply_action(state.legal_actions()[0])
        assert state.invariant_violation() == ""


def test_replace_destroy_to_hand_returns_the_card_to_its_owners_hand():
    """ReplaceDestroy(to="hand"): a destroyed Vanilla goes into its owner's hand, not the Charge; its DESTROYED
    ability still waits (the card was destroyed)."""
    defs = {"Vanilla": ZXDefinition(ReplaceDestroy(to="hand"), Auto(Event.DESTROYED, Draw(1))),
            "Spark": EventDefinition(Destroy(Chosen(ZX())))}
    state = new(defs)
    play_zx(state, "Vanilla", "s5")
    hand = len(state.zone(0, "hand"))
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "on s5")
    settle(state)
    assert state.board()[4] == -1 and state.names(0, "charge") == []
    assert state.names(0, "hand").count("Vanilla") == 2 and len(state.zone(0, "hand")) == hand - 1 + 1 + 1


def test_replace_destroy_refuses_another_place():
    with pytest.raises(GameError, match="to is 'resource' or 'hand'"):
        game(P0, P1, definitions={"Vanilla": ZXDefinition(ReplaceDestroy(to="deck"))})


def test_an_events_evol_seed_waits_when_it_is_put_from_the_deck_into_trash():
    """EventDefinition(..., evol_seed=EvolSeed(...)): the Event's Evol Seed waits when it is milled (Z15.182), not
    when it is played from the hand into the Trash; its EVENT record is unchanged."""
    deck = layout(["Vanilla", "Spark", "Spark", "Vanilla"], ["Big"] * 4, ["Vanilla", "Vanilla"],
                  ["Spark"] + filler(30, "Tiny"))
    defs = {"Spark": EventDefinition(Mill(1), evol_seed=EvolSeed(Draw(2)))}
    state = new(defs, deck)
    hand = len(state.zone(0, "hand"))
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    settle(state)
    assert state.names(0, "trash").count("Spark") == 2 and len(state.zone(0, "hand")) == hand - 1 + 2


def test_an_events_evol_seed_must_be_one():
    with pytest.raises(GameError, match="evol_seed is an EvolSeed"):
        game(P0, P1, definitions={"Spark": EventDefinition(Draw(1), evol_seed=Auto(Event.APPEARS, Draw(1)))})


def test_moved_waits_for_moves_of_any_zx_and_of_this_card():
    """MOVED with ZX() waits for every Z/X moved by an effect; with SELF, for this card's own moves (Z15.180)."""
    defs = {"Big": ZXDefinition(Auto(Event.MOVED, Draw(1), subject=ZX())),
            "Vanilla": ZXDefinition(Auto(Event.MOVED, Draw(1))),
            "Spark": EventDefinition(MoveTo(Chosen(ZX("yours")), Chosen(Square(empty=True, normal=True))))}
    state = new(defs)
    play_zx(state, "Vanilla", "s5")
    hand = len(state.zone(0, "hand"))
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "on s5")
    act(state, "choose square s4")
    settle(state)
    assert state.board()[3] >= 0 and len(state.zone(0, "hand")) == hand - 1 + 1  # Vanilla's own; no Big on a Square


def test_event_played_waits_for_matching_events_only():
    """EVENT_PLAYED with Card("resolving", colour=...): the watcher draws after a red Event of its owner's resolves
    (Z15.181), not for a blue one's filter; a Z/X filter or no subject is refused."""
    red = {"Vanilla": ZXDefinition(Auto(Event.EVENT_PLAYED, Draw(1), subject=Card("resolving", colour="red"))),
           "Spark": EventDefinition(Draw(1))}
    blue = {"Vanilla": ZXDefinition(Auto(Event.EVENT_PLAYED, Draw(1), subject=Card("resolving", colour="blue"))),
            "Spark": EventDefinition(Draw(1))}
    for defs, drawn in ((red, 2), (blue, 1)):
        state = new(defs)
        play_zx(state, "Vanilla", "s5")
        hand = len(state.zone(0, "hand"))
        act(state, "play Spark")
        while state.decision() == "pay":
            act(state, "pay with")
        settle(state)
        assert len(state.zone(0, "hand")) == hand - 1 + drawn
    with pytest.raises(GameError, match="Card"):
        game(P0, P1, definitions={"Vanilla": ZXDefinition(Auto(Event.EVENT_PLAYED, Draw(1), subject=ZX()))})
    with pytest.raises(GameError, match="resolving"):
        game(P0, P1, definitions={"Vanilla": ZXDefinition(Auto(Event.EVENT_PLAYED, Draw(1)))})
    with pytest.raises(GameError, match="resolving"):
        game(P0, P1, definitions={"Vanilla": ZXDefinition(Auto(Event.EVENT_PLAYED, Draw(1),
                                                               subject=Card("hand")))})


def test_quotient_rounds_down_and_is_zero_for_a_division_by_zero():
    """``//`` of amounts is DIV: rounded down (3 cards in hand give +1000), 0 when dividing by 0."""
    halves = {"Vanilla": ZXDefinition(Continuous(PowerChange(THIS, HandSize(YOU) // 2 * 1000)))}
    state = new(halves)
    play_zx(state, "Vanilla", "s5")  # 3 cards left in hand: +1000
    assert state.instance(state.board()[4])["power"] == 3000 + 1000
    by_zero = {"Vanilla": ZXDefinition(Continuous(PowerChange(THIS, 5000 // Count(ZX("opponents")))))}
    state = new(by_zero)
    play_zx(state, "Vanilla", "s5")
    assert state.instance(state.board()[4])["power"] == 3000
    assert "DIV" in state._game.disassemble("Vanilla")


def test_damage_change_and_prevention_on_the_test_table():
    """DamageChange adds to each damage its dealers deal to the target Z/X; PreventDamage then deals none of a
    damage that small (Z15.183): Spark's 2000 to an opponent's Big is 3000 with a +1000 change; a Big not dealt
    damage of 3000 or less takes none of it, and none of 2000 alone."""
    spark = EventDefinition(DealDamage(Chosen(ZX(normal_square=True)), 2000))
    change = {"Vanilla": ZXDefinition(Continuous(DamageChange(Card("any", colour="red"), ZX("opponents"), 1000))),
              "Spark": spark}
    for defs, dealt in ((change, 3000), ({**change, "Big": ZXDefinition(Continuous(PreventDamage(3000)))}, 0),
                        ({"Spark": spark, "Big": ZXDefinition(Continuous(PreventDamage(1999)))}, 2000)):
        state = new(defs, P0)
        play_zx(state, "Vanilla", "s5")
        state = with_opponent_big(state, "s9")
        act(state, "play Spark")
        while state.decision() == "pay":
            act(state, "pay with")
        act(state, "on s9")
        assert state.instance(state.board()[8])["damage"] == dealt


def with_opponent_big(state, square: str):
    """The position with one of player 1's Bigs moved from the hand onto ``square``."""
    doc = json.loads(state.to_json())
    hand = doc["players"][1]["hand"]
    doc["field"].append({"square": square, "card": hand[0]["card"] if isinstance(hand[0], dict) else hand[0]})
    doc["players"][1]["hand"] = hand[1:]
    return state._game.state_from_json(doc)


def test_damage_change_needs_zx_or_card_filters():
    with pytest.raises(GameError, match="damage change names"):
        game(P0, P1, definitions={"Vanilla": ZXDefinition(Continuous(DamageChange(Square(), ZX(), 1000)))})


def test_at_event_is_read_as_the_event_happens():
    """Auto(..., at_event=...): a Big destroyed by Spark; the watcher Vanilla's DESTROYED ability waits only when the
    destroyed Z/X was on a Normal Square as it was destroyed (Z15.185), though it has left it on resolution."""
    for square, draws in (("s9", 1), ("s8", 0)):
        defs = {"Vanilla": ZXDefinition(Auto(Event.DESTROYED, Draw(1), subject=ZX("opponents"),
                                             at_event=Matches(EVENT_SUBJECT, ZX(normal_square=True)))),
                "Spark": EventDefinition(Destroy(Chosen(ZX("opponents"))))}
        state = new(defs, P0)
        play_zx(state, "Vanilla", "s5")
        state = with_opponent_big(state, square)
        before = len(state.zone(0, "hand"))
        act(state, "play Spark")
        while state.decision() == "pay":
            act(state, "pay with")
        settle(state)
        assert len(state.zone(0, "hand")) == before - 1 + draws


def test_army_area_yours_is_checked():
    with pytest.raises(GameError, match="army_area"):
        game(P0, P1, definitions={"Spark": EventDefinition(Destroy(Chosen(ZX(army_area="mine"))))})


def test_within_total_takes_each_away_and_bounds_nothing_else():
    """WithinTotal is what an effect that takes each object away acts on (else a Z/X could be chosen again), over a
    filter without its own cost_max; its total is 1 to 20."""
    from tcbg.zx.effects.language import AddPower, ReturnToHand, WithinTotal

    for bad, why in ((AddPower(WithinTotal(ZX(), 6), 1000), "takes away"),
                     (ReturnToHand(WithinTotal(ZX(cost_max=3), 6)), "without cost_max"),
                     (ReturnToHand(WithinTotal(ZX(), 0)), "from 1 to 20")):
        with pytest.raises(GameError, match=why):
            game(P0, P1, definitions={"Spark": EventDefinition(bad)})


def test_draws_waits_with_the_cards_drawn_as_its_amount_and_the_amount_reads_back():
    """DRAWS with Player("yours"): Spark's draw of 2 is one event of amount 2 (Z15.188); the waiting ability keeps
    the amount through a position document (docs/zx/state-format.md ZP11) and its resolution reads it."""
    from tcbg.effects.refs import SELF
    from tcbg.effects.values import EVENT_AMOUNT
    from tcbg.zx.effects.language import AddPower, Player

    defs = {"Vanilla": ZXDefinition(Auto(Event.DRAWS, AddPower(SELF, EVENT_AMOUNT * 1000), subject=Player("yours")),
                                    Auto(Event.DRAWS, AddPower(SELF, 1), subject=Player("yours"))),
            "Spark": EventDefinition(Draw(2))}
    state = new(defs)
    play_zx(state, "Vanilla", "s5")
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    assert state.decision() == "trigger-order"  # two waiting: the first's amount is in the document
    doc = json.loads(state.to_json())
    assert [w.get("amount") for w in doc["waiting"]] == [2, 2]
    state = state._game.state_from_json(doc)
    settle(state)
    assert state.instance(state.board()[4])["power"] == 3000 + 2000 + 1


def test_repeat_a_kept_value_and_keep_before_use():
    """Repeat(value, ...) reads the value when the loop begins (0 or less: none); Kept(...) is read where Keep(...)
    stands, so Draw(HAND) after two draws still draws the kept number; a Kept used before its Keep is refused."""
    from tcbg.zx.effects.language import Keep, Kept, Repeat

    hand = Kept(HandSize(YOU))
    defs = {"Spark": EventDefinition(Keep(hand), Draw(2), Repeat(hand, Draw(1)))}
    state = new(defs)
    before = len(state.zone(0, "hand"))  # 4: Spark leaves it, 3 are kept
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    settle(state)
    assert len(state.zone(0, "hand")) == before - 1 + 2 + (before - 1)
    none = {"Spark": EventDefinition(Repeat(Count(ZX("opponents")), Draw(1)))}
    state = new(none)
    before = len(state.zone(0, "hand"))
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    settle(state)
    assert len(state.zone(0, "hand")) == before - 1
    with pytest.raises(GameError, match="Keep"):
        game(P0, P1, definitions={"Spark": EventDefinition(Repeat(Kept(HandSize(YOU)), Draw(1)))})
