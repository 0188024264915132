"""Z/X through the shared harness (tcbg.simulate, docs/simulation.md): native batches of the random agent, the same
records on 1 process and on 2, a Python agent's loop choosing as the native one, and pickled games."""

import pickle

import numpy as np
import pytest

import tcbg

DECKS = ["vanilla-red-blue", "vanilla-white-black"]


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game("zx", decks=DECKS)


def test_native_batch_same_on_one_and_two_processes(game):
    one = tcbg.simulate(game, "random", games=120, seed=5, workers=1)
    two = tcbg.simulate(game, "random", games=120, seed=5, workers=2)
    for column in ("winner_mask", "reason", "turns", "decisions", "first_player"):
        assert np.array_equal(one[column], two[column])
    assert np.array_equal(one.card_flags, two.card_flags)
    assert set(np.unique(one["reason"])) <= {1, 3}  # life or the turn limit (docs/zx/rules.md 903, Z1.6)
    assert one.instances[-1] == (1, "Pilot Shiro")


def test_game_and_state_pickle(game):
    again = pickle.loads(pickle.dumps(game))
    state = game.new_initial_state(4)
    state.apply_action(state.legal_actions()[-1])
    assert pickle.loads(pickle.dumps(state)).serialize() == state.serialize()
    assert again.new_initial_state(4).serialize() == game.new_initial_state(4).serialize()


def test_simulate_plays_the_zx_heuristic(game):  # docs/agents.md, "Z/X agents"
    records = tcbg.simulate(game, ["heuristic", "random"], games=4, seed=1, workers=1)
    assert len(records) == 4 and (records["winner_mask"] == 1).all()
