"""Reading a state never yields one the engine could not be in, and no position that reads leads, by legal actions,
to a broken invariant: the serialized-state reader runs every check of ``invariant_violation()``
(docs/state-format.md), a full energy pool stays full (rules.md 4.4), a life base losing its last time counter is
destroyed (rules.md 6.4), and fuzzed positions that load play on with their invariants intact."""

from __future__ import annotations

import base64
import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcbg
from tcbg.x610z.game import STATE_FORMAT

from playing import document_paths, get_path, played

FORMAT = "tcbg-x610z-position/1"
PASS = 0
ACT1 = tcbg.load_game("x610z", board="act1", setup="1v1", decks=["vanilla-act1-a", "vanilla-act1-b"], max_turns=200)
FACTIONS = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["arnunnian", "undead"])
ZONES = {"deck": 0, "hand": 1, "play": 2, "discard": 3, "removed": 4, "stack": 5}  # the core's Zone numbers

# The byte layout of docs/state-format.md, as far as these tests edit it: the turn after the tag (4), players (1),
# cards (2), dots (2), seed (8) and generator position (8); the stack size after 15 more header bytes; then 27
# bytes a stack item, the priority due and the number of waiting abilities; then 35 bytes a card.
TURN_AT = 25
STACK_SIZE_AT = 40
ITEM_BYTES = 27
CARD_BYTES = 35
CONTROLLER, ZONE, DAMAGE = 3, 4, 6  # offsets inside a card


def as_text(data: bytes, history=()) -> str:
    return f"{STATE_FORMAT}\n{base64.b64encode(bytes(data)).decode('ascii')}\n{','.join(map(str, history))}"


def card_offset(state, data: bytes) -> int:
    """Where the cards start in ``data`` (no resolution in progress, no waiting abilities), checked against every
    card's owner and zone so that a layout change fails here and not as a false pass."""
    assert data[STACK_SIZE_AT - 1] == 0, "a resolution is in progress"
    at = STACK_SIZE_AT + 1 + data[STACK_SIZE_AT] * ITEM_BYTES + 2
    assert data[at - 1] == 0, "abilities are waiting"
    for i in range(state.get_game()._core.num_instances):
        card = state.instance(i)
        assert data[at + i * CARD_BYTES + 2] == card["owner"] and data[at + i * CARD_BYTES + ZONE] == ZONES[card["zone"]]
    return at


def with_a_cast_on_the_stack(game, seed: int):
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not any(item["kind"] == "cast" for item in json.loads(state.to_json()).get("stack", [])):
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def refused(game, data: bytes) -> str:
    with pytest.raises(tcbg.GameError) as info:
        game.deserialize_state(as_text(data))
    assert info.value.field == "state" and info.value.rule == "state-format"
    return info.value.reason


# -- the reader checks what the invariants check (docs/state-format.md) ------------------------------------------


def test_a_turn_past_the_turn_limit_is_refused():
    state = with_a_cast_on_the_stack(ACT1, 3)
    data = bytearray(state.serialize_bytes())
    assert int.from_bytes(data[TURN_AT:TURN_AT + 2], "little") == json.loads(state.to_json())["turn"]
    data[TURN_AT:TURN_AT + 2] = (1026).to_bytes(2, "little")  # one byte changed: turn 1026 of at most 200
    assert "turn limit" in refused(ACT1, data)


def test_two_life_bases_under_one_controller_are_refused():  # rules.md 5.10, 6.7
    state = with_a_cast_on_the_stack(ACT1, 3)
    data = bytearray(state.serialize_bytes())
    at = card_offset(state, data)
    other_life_base = next(i for i in range(ACT1._core.num_instances)
                           if state.instance(i)["owner"] == 1 and state.instance(i)["dot"] is not None
                           and ACT1.cards[state.instance(i)["card"]].type == "life-base")
    data[at + other_life_base * CARD_BYTES + CONTROLLER] = 0
    assert "two summons of one class" in refused(ACT1, data)


def test_damage_on_a_card_being_cast_is_refused():  # rules.md 5.13: damage belongs to summons in play
    state = with_a_cast_on_the_stack(ACT1, 3)
    data = bytearray(state.serialize_bytes())
    at = card_offset(state, data)
    cast = next(i for i in range(ACT1._core.num_instances) if state.instance(i)["zone"] == "stack")
    data[at + cast * CARD_BYTES + DAMAGE] = 2
    assert "out of play has damage" in refused(ACT1, data)


def mutated_states(game, seeds, every: int):
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        for step in range(400):
            if state.is_terminal():
                break
            if step % every == 0:
                yield game, state.serialize_bytes(), state.history()
            state.apply_action(rng.choice(state.legal_actions()))


SERIALIZED = list(mutated_states(ACT1, range(2), 25)) + list(mutated_states(FACTIONS, range(2), 25))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SERIALIZED) - 1), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)),
                                                     min_size=1, max_size=3))
def test_byte_mutations_of_serialize_are_refused_or_consistent(which, edits):
    """Every state that reads after bytes of serialize() are changed has an empty invariant_violation()."""
    game, data, history = SERIALIZED[which]
    changed = bytearray(data)
    for where, value in edits:
        changed[where % len(changed)] = value
    try:
        state = game.deserialize_state(as_text(changed, history))
    except tcbg.GameError as err:
        assert err.field == "state" and err.rule.startswith("state-format")
        return
    assert state.invariant_violation() == ""


# -- limits that legal play cannot break (rules.md 4.4, 6.4; docs/state-format.md P8, P16) -----------------------


def test_a_full_pool_stays_full():  # rules.md 4.4, state-format P8
    state = ACT1.state_from_json({"format": FORMAT, "turn": 7, "players": [
        {"in_play": ["Moonwell Shard"], "pool": {"M": 1000}}, {}]})
    action = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("activate crystal"))
    state.apply_action(action)
    assert state.pool(0) == {"M": 1000} and state.invariant_violation() == ""
    doc = json.loads(state.to_json())
    assert doc["players"][0]["in_play"][-1]["activated"] is True  # the crystal was used; its energy is lost
    assert ACT1.state_from_json(doc).serialize_bytes() == state.serialize_bytes()


def test_a_life_base_losing_its_last_time_counter_is_destroyed():  # rules.md 6.4, 5.8, state-format P16
    life_base = next(name for owner, name in FACTIONS.instance_cards() if owner == 1)
    state = FACTIONS.state_from_json({"format": FORMAT, "turn": 7, "phase": "end", "players": [
        {}, {"in_play": [{"card": life_base, "dot": "s-06", "counters": {"time": 1}}]}]})
    while not state.is_terminal():  # the end phase ends; player 1's reactivation phase takes the counter off
        assert state.invariant_violation() == ""
        state.apply_action(PASS)
    assert state.winners() == [(0, "destruction")] and state.invariant_violation() == ""
    assert state.instance(FACTIONS.instance_cards().index((1, life_base)))["zone"] == "discard"


# -- fuzzed positions that load play on with their invariants intact -----------------------------------------


def numbers(doc):
    """Paths of the numbers inside a position document (pools, counters, damage, turn, ...)."""
    return [path for path in document_paths(doc) if type(get_path(doc, path)) is int]


def positions():
    out = []
    for game, seed, n in ((ACT1, 1, 120), (ACT1, 2, 300)) + tuple((FACTIONS, seed, n) for seed in range(4)
                                                                   for n in (30, 60, 120, 200)):
        out.append((game, json.loads(played(game, seed, n).to_json())))  # every position has a JSON form
    # Positions with room to reach the limits: a full pool with crystals to activate, counters on permanents.
    out.append((ACT1, {"format": FORMAT, "turn": 7, "players": [
        {"in_play": ["Moonwell Shard", "Moonwell Shard"], "pool": {"M": 999, "B": 1000}}, {}]}))
    return out


POSITIONS = positions()
LIMITS = [0, 1, 254, 255, 999, 1000, 1001, 199, 200, 201]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(POSITIONS) - 1), st.data())
def test_fuzzed_positions_play_on_with_invariants_intact(which, data):
    """Numbers of an accepted position set at or near their limits (and counters added to cards in play): what
    still loads keeps every invariant through a few random legal actions."""
    game, doc = POSITIONS[which]
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 3))):
        if data.draw(st.booleans()):
            paths = list(numbers(doc))
            if not paths:
                continue
            path = data.draw(st.sampled_from(paths))
            parent = doc
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = data.draw(st.sampled_from(LIMITS))
        else:
            player = data.draw(st.integers(0, len(doc["players"]) - 1))
            cards = doc["players"][player].get("in_play", [])
            if not cards:
                continue
            k = data.draw(st.integers(0, len(cards) - 1))
            entry = cards[k] if isinstance(cards[k], dict) else {"card": cards[k]}
            kind = data.draw(st.sampled_from(["time", "activation", "charge"]))
            entry.setdefault("counters", {})[kind] = data.draw(st.sampled_from([1, 2, 255]))
            cards[k] = entry
    try:
        state = game.state_from_json(doc)
    except tcbg.PositionError as err:
        assert err.rule.startswith("state-format P") and err.field
        return
    rng = random.Random(which)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        assert state.invariant_violation() == "", state.to_json()
