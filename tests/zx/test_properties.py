"""Properties of Z/X states over random positions (hypothesis): serialize round trip, clone independence, illegal
actions raise IllegalActionError and change nothing, corrupt bytes raise GameError (docs/zx/rules.md Z9.1,
docs/zx/state-format.md)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcbg.errors import GameError, IllegalActionError
from tcbg.zx.game import Game, ZXCard, ZXDeck
from tests.zx.decks import PAIRS, make_game

GAMES = {pair: make_game(*pair) for pair in PAIRS}


def position(pair, seed, steps):
    game = GAMES[pair]
    state = game.new_initial_state(seed)
    rng = random.Random(seed * 31 + steps)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


positions = st.builds(position, st.sampled_from(PAIRS), st.integers(0, 2**32 - 1), st.integers(0, 400))


@settings(max_examples=60, deadline=None)
@given(positions)
def test_serialize_round_trip(state):
    text = state.serialize()
    back = state.get_game().deserialize_state(text)
    assert back.serialize() == text and back.history() == state.history()
    assert back.legal_actions() == state.legal_actions() and back.current_player() == state.current_player()
    assert pickle.loads(pickle.dumps(state)).serialize() == text


@settings(max_examples=60, deadline=None)
@given(positions, st.integers(0, 2**32 - 1))
def test_clone_is_independent(state, seed):
    before = state.serialize()
    clone = state.clone()
    twin = copy.deepcopy(state)
    rng = random.Random(seed)
    for _ in range(30):
        if clone.is_terminal():
            break
        clone.apply_action(rng.choice(clone.legal_actions()))
    assert state.serialize() == before and twin.serialize() == before
    # The same actions from the same position give the same game (shuffles come from the state's generator).
    replay = state.clone()
    for a in clone.history()[len(state.history()):]:
        replay.apply_action(a)
    assert replay.serialize() == clone.serialize()


@settings(max_examples=60, deadline=None)
@given(positions, st.one_of(st.integers(-5, 1200), st.just(True), st.just(1.5), st.just("1"), st.just(None)))
def test_illegal_actions_raise_and_change_nothing(state, action):
    legal = state.legal_actions()
    if isinstance(action, int) and not isinstance(action, bool) and action in legal:
        return
    before = state.serialize()
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    assert state.serialize() == before and state.legal_actions() == legal


@settings(max_examples=60, deadline=None)
@given(positions)
def test_mask_and_texts(state):
    mask = state.legal_actions_mask()
    legal = state.legal_actions()
    assert list(mask.nonzero()[0]) == legal and len(mask) == state.get_game().num_distinct_actions()
    texts = [state.action_to_string(a) for a in legal]
    assert len(set(texts)) == len(texts)
    for a in legal:
        assert state.is_legal(a) and state.illegal_reason(a) == ""


@settings(max_examples=80, deadline=None)
@given(positions, st.lists(st.tuples(st.integers(16, 5000), st.integers(0, 255)), min_size=1, max_size=6))
def test_corrupt_bytes_never_crash(state, edits):
    """Fuzz: bytes changed anywhere in the record give a GameError or a position that keeps every invariant and
    plays on."""
    import base64

    head, data, history = state.serialize().split("\n")
    raw = bytearray(base64.b64decode(data))
    for where, value in edits:
        raw[where % len(raw)] = value
    text = "\n".join([head, base64.b64encode(bytes(raw)).decode(), history])
    try:
        back = state.get_game().deserialize_state(text)
    except GameError:
        return
    assert back.invariant_violation() == ""
    rng = random.Random(0)
    for _ in range(50):
        if back.is_terminal():
            break
        back.apply_action(rng.choice(back.legal_actions()))
        assert back.invariant_violation() == ""


def test_bad_state_texts():
    game = GAMES[PAIRS[0]]
    for text in ("", "tcbg-zx-state/1\n!!\n", "tcbg-x610z-state/1\nAAAA\n", 5):
        with pytest.raises(GameError):
            game.deserialize_state(text)
    other = GAMES[PAIRS[1]].new_initial_state(0).serialize()
    with pytest.raises(GameError, match="another game"):
        game.deserialize_state(other)


_cards = st.lists(st.builds(
    ZXCard, name=st.sampled_from(["a", "b", "c", "d", "e"]),
    type=st.sampled_from(["zx", "event", "player", "shift", "bogus"]),
    colours=st.lists(st.sampled_from(["red", "blue", "white", "black", "green"]), max_size=2).map(tuple),
    cost=st.integers(-2, 120), power=st.integers(-1, 12000),
    keywords=st.lists(st.sampled_from(["start-card", "life-recovery", "void-bringer", "range-2", "range-infinity",
                                       "isolate", "evol-seed"]), max_size=2).map(tuple),
    ignition=st.booleans()), min_size=1, max_size=5)


@settings(max_examples=150, deadline=None)
@given(_cards, st.lists(st.lists(st.sampled_from(["a", "b", "c", "d", "e", "zz"]), max_size=70), min_size=0,
                        max_size=3), st.booleans(), st.booleans())
def test_fuzzed_card_tables_and_decks(cards, decks, effects, start):
    """Bad card tables and decks give a typed tcbg error naming the field; anything accepted plays."""
    from tcbg.errors import TcbgError

    try:
        game = Game(cards, [ZXDeck(d, None, start) for d in decks], effects=effects)
    except TcbgError as exc:
        assert str(exc)
        return
    assert game.random_playouts(3, seed=1, check_invariants=True)["games"] == 3
