"""Z/X action texts read back (docs/zx/actions.md "Action texts", docs/actions.md "Reading texts back"):
``game.action_from_string`` inverts ``state.action_to_string`` with the game alone, ``state.action_from_string`` and
``check_action`` read texts among the legal actions, and an unknown text is answered with the nearest legal texts."""

from __future__ import annotations

import random

import pytest

import tcbg
from tcbg.zx.actions import _reader


@pytest.fixture(scope="module", params=[("vanilla-red-blue", "vanilla-white-black"), ("c01-white-red", "c02-black-blue"),
                                        ("c03-blue-white", "c04-green-red"), "mixed"])
def game(request):
    if request.param == "mixed":  # the test table's decks: Life Recovery, Void Bringer, waiting abilities
        from tests.zx.decks import make_game

        return make_game("mixed", "short")
    return tcbg.load_game("zx", decks=list(request.param))


def test_every_legal_text_reads_back_to_its_id(game):
    rng = random.Random(3)
    reader = _reader(game)
    seen = set()
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            for a in state.legal_actions():
                text = state.action_to_string(a)
                assert state.action_from_string(text) == a and state.check_action(text) == (a, "")
                assert state.action_from_string(text[3:]) == a  # without the player
                if reader.needs_position(text):
                    with pytest.raises(tcbg.IllegalActionError, match="only a position resolves"):
                        game.action_from_string(text)
                else:
                    assert game.action_from_string(text) == a, text
                seen.add(text.split(" ")[1])
            state.apply_action(rng.choice(state.legal_actions()))
    assert {"pass", "keep", "play", "put", "attack", "pick"} <= seen


def test_every_id_reads_back_outside_its_position(game):
    """Every id of the space has a text at any position (the core writes one for any id); read with the game
    alone, it names that id again, waiting abilities named by their card apart."""
    state = game.new_initial_state(seed=1)
    reader = _reader(game)
    for a in range(game.num_distinct_actions()):
        text = state.action_to_string(a)
        if not reader.needs_position(text):
            assert game.action_from_string(text) == a, text


def test_unknown_texts_suggest_the_nearest_legal_texts(game):
    state = game.new_initial_state(seed=7)
    state.apply_action(1)
    state.apply_action(1)
    doc = state.to_json()
    passing = state.action_to_string(0)
    answer = game.check_action(doc, "pass")
    assert not answer and answer.action is None and f"did you mean {passing!r}" in answer.reason
    with pytest.raises(tcbg.IllegalActionError, match=r"no legal action reads 'pas'; did you mean"):
        state.action_from_string("pas")
    answer = game.check_action(doc, "mulligan")  # an action not legal now: its reason (and any near legal text)
    assert answer.action == 2 and answer.reason.startswith(state.illegal_reason(2)) and state.illegal_reason(2)
    with pytest.raises(tcbg.IllegalActionError, match="no action of this game reads 'fly'"):
        game.action_from_string("fly")
    with pytest.raises(tcbg.IllegalActionError, match="an action text is a str"):
        game.action_from_string(3)
    name = state.card_name(3)
    assert game.action_from_string(f"p0 play {name} #3") == tcbg.zx.game.ACTION_IDS["play"] + 3
    other = next(n for _, n in game.instance_cards() if n != name)
    with pytest.raises(tcbg.IllegalActionError):  # the name must be the instance's
        game.action_from_string(f"p0 play {other} #3")
