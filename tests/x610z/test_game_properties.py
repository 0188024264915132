"""Properties of the rules engine over random games (hypothesis): serialize and deserialize are exact inverses; a
clone is independent of its original; every listed action applies; unlisted actions raise IllegalActionError and
change nothing; a corrupted serialized state is refused with GameError, never a crash (rules.md 5.9,
docs/state-format.md)."""

from __future__ import annotations

import base64
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcbg

GAMES = {
    "1v1": tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=120),
    "2v2": tcbg.load_game("x610z", board="existenz", setup="2v2", decks=["vanilla-a", "vanilla-b"] * 2,
                          max_turns=120),
    "act1-ffa3": tcbg.load_game("x610z", board="act1", setup="ffa3",
                                decks=["vanilla-act1-a", "vanilla-act1-b", "vanilla-act1-a"], max_turns=120),
}
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def positions(draw):
    """A state reached by random play: a game, a seed, a number of random actions."""
    game = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    state = game.new_initial_state(seed=draw(st.integers(0, 2**32)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 600))):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@PROPS
@given(positions())
def test_serialize_round_trip(position):
    game, state = position
    text = state.serialize()
    again = game.deserialize_state(text)
    assert again.serialize() == text
    assert again.legal_actions() == state.legal_actions() and again.history() == state.history()
    assert again.current_player() == state.current_player() and again.returns() == state.returns()


@PROPS
@given(positions(), st.integers(0, 2**32))
def test_same_actions_same_future(position, seed):  # and the copy made by deserialize keeps the same generator
    game, state = position
    copy = game.deserialize_state(state.serialize())
    rng = random.Random(seed)
    for _ in range(200):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
    assert copy.serialize() == state.serialize()


@PROPS
@given(positions(), st.integers(0, 2**32))
def test_clone_is_independent(position, seed):
    game, state = position
    before = state.serialize()
    clone = state.clone()
    rng = random.Random(seed)
    for _ in range(50):
        if clone.is_terminal():
            break
        clone.apply_action(rng.choice(clone.legal_actions()))
    assert state.serialize() == before


@PROPS
@given(positions(), st.data())
def test_listed_actions_apply_and_unlisted_raise(position, data):
    game, state = position
    if state.is_terminal():
        assert state.legal_actions() == []
        return
    legal = set(state.legal_actions())
    before = state.serialize()
    for action in data.draw(st.lists(st.integers(-5, game.num_distinct_actions() + 5), max_size=8)):
        if action in legal:
            continue
        try:
            state.apply_action(action)
        except tcbg.IllegalActionError:
            pass
        else:
            raise AssertionError(f"unlisted action {action} ({state.action_to_string(action)}) was applied")
        assert state.serialize() == before
    action = data.draw(st.sampled_from(sorted(legal)))
    state.apply_action(action)
    assert state.history()[-1] == action


@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_corrupted_states_are_refused_or_valid(position, data):
    game, state = position
    header, payload, history = state.serialize().split("\n")
    raw = bytearray(base64.b64decode(payload))
    for _ in range(data.draw(st.integers(1, 4))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        raw = raw[: data.draw(st.integers(0, len(raw)))]
    text = "\n".join([header, base64.b64encode(bytes(raw)).decode(), history])
    try:
        loaded = game.deserialize_state(text)
    except tcbg.GameError as err:
        assert err.field == "state" and err.rule.startswith("state-format")  # P23: the document must read back too
        return
    # What loads is a consistent state: it lists its actions and plays on without error.
    rng = random.Random(0)
    for _ in range(30):
        if loaded.is_terminal():
            break
        loaded.apply_action(rng.choice(loaded.legal_actions()))


def test_foreign_and_malformed_texts():
    game = GAMES["1v1"]
    other = GAMES["2v2"]
    text = game.new_initial_state(seed=1).serialize()
    for bad, words in [
        (other.new_initial_state(seed=1).serialize(), "another game"),
        ("hello", "three lines"),
        (text.replace("tcbg-x610z-state/1", "tcbg-x610z-state/9"), "three lines"),
        (text.replace("\n", "\n!", 1), "base64"),
        (text + "x", "comma-separated"),
    ]:
        try:
            game.deserialize_state(bad)
        except tcbg.GameError as err:
            assert words in str(err), str(err)
        else:
            raise AssertionError(f"accepted {bad[:40]!r}")
