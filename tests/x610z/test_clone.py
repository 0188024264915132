"""``State.clone()`` (one C++ call, python/x610z_game.cpp ``clone_played``; docs/engine-design.md "Where the time
goes"): an independent copy of the position, the history and the Python object's attributes, of the same Python
type; and the core's copies (``LiveArray`` prefixes, ``State::operator=``) leave nothing of the original behind."""

from __future__ import annotations

import random

import tcbg
import tcbg.x610z.game

from playing import played


def _played(decks, seed: int, actions: int):
    game = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=decks, max_turns=200)
    state = played(game, seed, actions)
    return game, state, random.Random(seed + 1)  # for the play that follows


def test_clone_is_an_independent_copy_with_history_and_game():
    game, state, rng = _played(["arnunnian", "pirate"], 4, 150)
    copy = state.clone()
    assert type(copy) is type(state) and copy.get_game() is game
    assert copy.serialize() == state.serialize() and copy.history() == state.history()
    assert copy.legal_actions() == state.legal_actions() and copy.to_json() == state.to_json()
    before = state.serialize()
    while not copy.is_terminal() and len(copy.history()) < len(state.history()) + 40:
        copy.apply_action(rng.choice(copy.legal_actions()))
    assert state.serialize() == before  # the original is untouched
    assert copy.history()[:len(state.history())] == state.history()


def test_clone_copies_the_attributes_not_their_dict():
    _, state, _ = _played(["vanilla-a", "vanilla-b"], 1, 10)
    state.note = "mine"
    copy = state.clone()
    assert copy.note == "mine"
    copy.note = "theirs"
    assert state.note == "mine"


def test_clone_of_a_subclass_keeps_its_type():
    class Annotated(tcbg.x610z.game.State):
        pass

    _, state, _ = _played(["vanilla-a", "vanilla-b"], 2, 5)
    sub = Annotated.__new__(Annotated)
    tcbg._core.x610z.State.__init__(sub, state)
    sub._game = state.get_game()
    copy = sub.clone()
    assert type(copy) is Annotated and copy.serialize() == state.serialize()


def test_copies_follow_the_original_action_for_action():
    """A clone of every position of a random faction game plays on exactly as the original (the prefixes a copy
    leaves out are never read), across the stack, waiting abilities and lasting effects of the faction cards."""
    game, state, rng = _played(["undead", "barbarian"], 7, 0)
    while not state.is_terminal():
        copy = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
        assert copy.serialize() == state.serialize()
        assert copy.invariant_violation() == ""
