"""tcbg's games under OpenSpiel (tcbg.openspiel, docs/observations.md "OpenSpiel"): registered as pyspiel Python
games, checked by OpenSpiel's own random simulation test with serialization, and played by OpenSpiel's ISMCTS
against tcbg's native random agent to a result. Skipped when pyspiel is not installed (the ``openspiel`` extra)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
tcbg_openspiel = pytest.importorskip("tcbg.openspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from tcbg import _core  # noqa: E402

# short games (a low turn limit ends them as draws) so that a search's random rollouts stay cheap
GAMES = [("tcbg_zx", {"max_turns": 8}), ("tcbg_x610z", {"max_turns": 6}),
         ("tcbg_x610z", {"setup": "ffa3", "decks": "vanilla-a+vanilla-b+vanilla-a", "max_turns": 6}),
         ("tcbg_zx", {"decks": "c01-white-red+c02-black-blue", "max_turns": 8, "seed": 5})]


@pytest.mark.parametrize("name,params", GAMES)
def test_random_sim_test_with_serialization(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name,params", GAMES)
def test_game_type_and_info_are_tcbg_s(name, params):
    game = pyspiel.load_game(name, params)
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC  # chance is the seed
    assert t.provides_observation_tensor and t.provides_observation_string
    assert t.provides_information_state_string and not t.provides_information_state_tensor
    two = game.num_players() == 2
    assert t.utility == (pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM)
    tcbg_game = game.tcbg
    assert game.num_distinct_actions() == tcbg_game.num_distinct_actions()
    assert game.max_game_length() == tcbg_game.max_game_length()
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.observation_tensor_shape() == tcbg_game.observation_tensor_shape()
    state = game.new_initial_state()
    assert not state.is_chance_node()
    for player in range(game.num_players()):
        assert np.array_equal(np.asarray(state.observation_tensor(player), dtype=np.float32),
                              state.tcbg.observation_tensor(player))
        assert state.observation_string(player) == state.tcbg.observation_string(player)
        assert state.information_state_string(player) == state.tcbg.information_state_string(player)
    # one seed, one deal; another seed, another deal
    assert game.new_initial_state().serialize() == state.serialize()
    other = pyspiel.load_game(name, {**params, "seed": params.get("seed", 0) + 1})
    assert other.new_initial_state().serialize() != state.serialize()


@pytest.mark.parametrize("name,params", [GAMES[0], GAMES[1]])
def test_ismcts_plays_tcbg_s_random_agent_to_a_result(name, params):
    game = pyspiel.load_game(name, params)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(2))
    kind = game.tcbg.KIND
    random_agent = getattr(_core, kind).Agent({"kind": "random"}, 3)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)  # resamples the hidden cards (resample_from_infostate) for every simulation
            searched += 1
        else:
            action = random_agent.choose(state.tcbg)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    returns = state.returns()
    assert all(-1.0 <= r <= 1.0 for r in returns) and sum(returns) == 0.0
    assert len(state.history()) <= game.max_game_length()


def test_the_module_examples_run():
    import doctest

    failures, tried = doctest.testmod(tcbg_openspiel)
    assert tried > 0 and failures == 0
