"""A copy of a state keeps the continuous sums its original already knows (docs/engine-design.md "Memos of
positions"): the heuristic's lookahead copies the position it decides in and reads every summon's
defense in the copy. What a copy keeps must be right for it, at once and after every action played on it:
``State.invariant_violation()`` compares every remembered sum with ``continuous_total`` (rules.md 6.10).
"""

from __future__ import annotations

import random

import pytest

import tcbg


def load(decks):
    return tcbg.load_game("x610z", board="existenz", setup="1v1", decks=decks, max_turns=200)


@pytest.mark.parametrize("decks", [["arnunnian", "pirate"], ["undead", "barbarian"]])
def test_clones_keep_right_continuous_sums_through_their_own_play(decks):  # rules.md 6.10
    game = load(decks)
    checked = 0
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            actions = state.legal_actions()  # a query: fills the state's remembered sums
            if step % 7 == 0:
                copy = state.clone()
                assert copy.invariant_violation() == ""
                # The copy plays on from what it kept: a few actions of its own, checked after each.
                for _ in range(4):
                    if copy.is_terminal():
                        break
                    copy_actions = copy.legal_actions()
                    copy.apply_action(rng.choice(copy_actions))
                    assert copy.invariant_violation() == ""
                checked += 1
            state.apply_action(rng.choice(actions))
            step += 1
    assert checked > 50
