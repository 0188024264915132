"""The Gymnasium environment of both games (docs/environments.md, "Gymnasium"): Gymnasium's env checker, the
native opponents, the learner's seat, the reward, the illegal action (the learner concedes, rules.md 5.8, Z/X
docs/zx/rules.md 101.4) and seeding."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import tcbg  # noqa: E402
from tcbg.envs.gymnasium import TcbgGymEnv  # noqa: E402

# the tensor's features are not bounded (docs/environments.md): the checker's note on an open box is expected
pytestmark = pytest.mark.filterwarnings("ignore:.*Box observation space m..imum value is:UserWarning")

GAMES = {
    "zx": ("zx", {"decks": ["vanilla-red-blue", "vanilla-white-black"]}),
    "x610z-1v1": ("x610z", {"decks": ["vanilla-a", "vanilla-b"]}),
    "x610z-ffa3": ("x610z", {"setup": "ffa3", "decks": ["vanilla-a", "vanilla-b", "vanilla-a"]}),
}


def make(key, **kwargs):
    name, options = GAMES[key]
    return TcbgGymEnv(name, **kwargs, **options)


@pytest.mark.parametrize("key", list(GAMES))
@pytest.mark.parametrize("opponent", ["random", "heuristic", "search:8"])
def test_check_env(key, opponent):
    check_env(make(key, opponent=opponent, learner_seat="alternate"), skip_render_check=True)


def masked_episode(env, seed, policy_seed=0):
    rng = np.random.default_rng(policy_seed)
    observation, info = env.reset(seed=seed)
    steps = []
    while True:
        state = env.state
        assert state.current_player() == env.seat  # the opponents have played up to the learner's decision
        np.testing.assert_array_equal(info["action_mask"], state.legal_actions_mask().astype(np.int8))
        np.testing.assert_array_equal(observation, state.observation_tensor(env.seat))
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        steps.append((action, reward, terminated, truncated))
        assert not truncated
        if terminated:
            return steps


@pytest.mark.parametrize("key", list(GAMES))
def test_reward_is_the_learners_return_at_the_end(key):
    env = make(key, opponent="heuristic", learner_seat=1)
    steps = masked_episode(env, seed=21)
    assert all(reward == 0.0 for _, reward, _, _ in steps[:-1])
    assert steps[-1][1] == env.state.player_return(1)
    assert env.state.is_terminal() or env.state.player_return(1) == -1.0  # over, or the learner left (ffa)


def test_same_seed_same_episode():
    first = masked_episode(make("zx", opponent="search:8"), seed=5)
    again = masked_episode(make("zx", opponent="search:8"), seed=5)
    assert first == again
    other = masked_episode(make("zx", opponent="search:8"), seed=6)
    assert other != first


def test_opponents_are_the_native_agents_seeded_as_the_harness_seeds_them():
    from tcbg.montecarlo import games as game_adapter

    env = make("x610z-1v1", opponent="heuristic", learner_seat=0)
    env.reset(seed=9)
    replay = env.game.new_initial_state(9)
    agent = tcbg._core.x610z.Agent({"kind": "heuristic"}, game_adapter.agent_seed(env.game, 9, 1))
    rng = np.random.default_rng(0)

    def opponent_plays():
        while not replay.is_terminal() and replay.current_player() == 1:
            replay.apply_action(agent.choose(replay))

    opponent_plays()
    assert replay.history() == env.state.history()
    for _ in range(40):
        action = int(rng.choice(env.state.legal_actions()))
        _, _, terminated, _, _ = env.step(action)
        replay.apply_action(action)
        opponent_plays()
        assert replay.history() == env.state.history()
        if terminated:
            break


def test_illegal_action_concedes_two_players():
    env = make("x610z-1v1", opponent="random")
    env.reset(seed=2)
    illegal = int(np.flatnonzero(env.state.legal_actions_mask() == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.state.end_reason == "capitulation" and env.state.returns() == [-1.0, 1.0]
    with pytest.raises(tcbg.GameError, match="reset"):
        env.step(0)


def test_illegal_action_in_a_free_for_all_ends_the_learners_episode():
    env = make("x610z-ffa3", opponent="random", learner_seat=2)
    env.reset(seed=2)
    _, reward, terminated, _, info = env.step(-3)
    assert reward == -1.0 and terminated and info["illegal_action"]
    assert not env.state.is_terminal()  # the others play on (rules.md 5.8)


def test_learner_seat_alternates_and_a_seed_starts_again():
    env = make("x610z-ffa3", learner_seat="alternate")
    seats = [env.reset(seed=1)[1]["seat"]] + [env.reset()[1]["seat"] for _ in range(3)]
    assert seats == [0, 1, 2, 0]
    assert env.reset(seed=4)[1]["seat"] == 0
    randomly = make("x610z-ffa3", learner_seat="random")
    assert {randomly.reset(seed=s)[1]["seat"] for s in range(12)} == {0, 1, 2}


def test_opponent_per_seat():
    env = make("zx", opponent=["random", "search:4"], learner_seat=0)
    env.reset(seed=1)
    assert env._opponents.keys() == {1}


@pytest.mark.parametrize("kwargs, field", [({"opponent": "clever"}, "agents"), ({"opponent": ["random"]}, "opponent"),
                                           ({"learner_seat": 2}, "learner_seat"),
                                           ({"learner_seat": "left"}, "learner_seat"),
                                           ({"render_mode": "human"}, "render_mode")])
def test_bad_options_raise_game_error(kwargs, field):
    with pytest.raises(tcbg.GameError) as error:
        make("zx", **kwargs)
    assert error.value.field == field


def test_render_ansi_is_the_learners_view():
    env = make("zx", render_mode="ansi", learner_seat=1)
    env.reset(seed=3)
    assert env.render() == env.state.observation_string(1)


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5])
def test_bad_seed_raises_game_error(seed):
    with pytest.raises(tcbg.GameError) as error:
        make("zx").reset(seed=seed)
    assert error.value.field == "seed"
