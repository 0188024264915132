"""The PettingZoo environments of both games (docs/environments.md, "PettingZoo"): PettingZoo's own conformance
tests (api_test, seed_test, max_cycles_test, the parallel tests), and the choices the environment makes: who is
selected, the no-op steps of the round-robin order, illegal actions (refused as the engine does, rules.md 5.9;
conceded, rules.md 5.8; raised), rewards, cycles and seeding."""

from __future__ import annotations

import subprocess
import sys
import types

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test  # noqa: E402
from pettingzoo.test.seed_test import parallel_seed_test  # noqa: E402

import tcbg  # noqa: E402
from tcbg.envs import pettingzoo as pz  # noqa: E402

# PettingZoo's api_test suggests a Box observation; a dict of the tensor and the action mask is its own convention
pytestmark = [pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
              pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")]

GAMES = {
    "zx": ("zx", {"decks": ["vanilla-red-blue", "vanilla-white-black"]}),
    "x610z-1v1": ("x610z", {"decks": ["vanilla-a", "vanilla-b"]}),
    "x610z-ffa3": ("x610z", {"setup": "ffa3", "decks": ["vanilla-a", "vanilla-b", "vanilla-a"]}),
    "x610z-2v2": ("x610z", {"setup": "2v2", "decks": ["vanilla-a", "vanilla-b", "vanilla-a", "vanilla-b"]}),
}


@pytest.fixture(scope="module", params=list(GAMES))
def game(request):
    name, options = GAMES[request.param]
    return tcbg.load_game(name, **options)


@pytest.mark.parametrize("turn_order", ["game", "round_robin"])
def test_pettingzoo_api_and_seed_tests(game, turn_order):
    api_test(pz.env(game, turn_order=turn_order), num_cycles=200)
    seed_test(lambda: pz.env(game, turn_order=turn_order), num_cycles=200)


def test_pettingzoo_max_cycles_and_parallel_tests(game):
    # max_cycles_test steps every agent exactly max_cycles times (plus the dead step) with unmasked random actions:
    # the round-robin order, whose cycle is one step of each agent, and refused illegal actions make that true
    module = types.SimpleNamespace(
        env=lambda max_cycles: pz.env(game, turn_order="round_robin", max_cycles=max_cycles),
        parallel_env=lambda max_cycles: pz.parallel_env(game, max_cycles=max_cycles))
    max_cycles_test(module)
    parallel_api_test(pz.parallel_env(game), num_cycles=200)
    parallel_seed_test(lambda: pz.parallel_env(game), num_cycles=200)


def play_masked(e, seed=0, limit=None):
    """Plays the AEC env with masked random actions; yields (agent, deciding player, reward) at each live step."""
    rng = np.random.default_rng(seed)
    for count, agent in enumerate(e.agent_iter()):
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            e.step(None)
            continue
        yield agent, e.unwrapped.state.current_player(), reward
        legal = np.flatnonzero(observation["action_mask"])
        e.step(int(rng.choice(legal)) if legal.size else 0)
        if limit is not None and count >= limit:
            return


def test_game_order_selects_the_deciding_player_and_pays_the_returns(game):
    e = pz.env(game)
    e.reset(seed=11)
    state = e.unwrapped.state
    runs, previous = [], None
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        assert agent == f"player_{state.current_player()}"
        np.testing.assert_array_equal(observation["action_mask"], state.legal_actions_mask().astype(np.int8))
        np.testing.assert_array_equal(info["action_mask"], observation["action_mask"])
        runs.append(agent == previous)
        previous = agent
        e.step(int(rng.choice(state.legal_actions())))
    assert state.is_terminal() and e.agents == []
    assert any(runs)  # the same player decided twice in a row: the game's order, not a round robin
    assert [totals[a] for a in e.possible_agents] == state.returns()


def test_round_robin_waiting_agent_takes_a_no_op_step():
    e = pz.env(*GAMES["x610z-1v1"][:1], turn_order="round_robin", **GAMES["x610z-1v1"][1])
    e.reset(seed=2)
    state = e.unwrapped.state
    seen_waiting = False
    for agent, deciding, _ in play_masked(e, seed=3, limit=300):
        if f"player_{deciding}" != agent:
            seen_waiting = True
            assert not e.last()[0]["action_mask"].any()
            before = state.history()
            e.step(5)  # any action of a waiting agent is a no-op
            assert state.history() == before
            break
    assert seen_waiting


def test_round_robin_selects_agents_in_seat_order(game):
    e = pz.env(game, turn_order="round_robin")
    e.reset(seed=5)
    agents = [agent for agent, _, _ in play_masked(e, seed=5, limit=60)]
    players = len(e.possible_agents)
    assert agents[:players * 3] == e.possible_agents * 3


def test_refused_illegal_action_changes_nothing():
    # rules.md 5.9: the engine refuses an illegal action and the state stays as it was; the agent decides again
    e = pz.env(*GAMES["zx"][:1], illegal_reward=-0.25, **GAMES["zx"][1])
    e.reset(seed=4)
    state = e.unwrapped.state
    agent = e.agent_selection
    illegal = int(np.flatnonzero(state.legal_actions_mask() == 0)[0])
    before = state.serialize()
    e.step(illegal)
    assert state.serialize() == before
    assert e.agent_selection == agent
    observation, reward, termination, truncation, info = e.last()
    assert info["illegal_action"] is True and reward == -0.25 and not (termination or truncation)
    e.step(int(state.legal_actions()[0]))
    assert "illegal_action" not in e.infos[agent]


@pytest.mark.parametrize("bad", [-1, 10**6, 1.5, "1", None])
def test_refused_values_that_are_no_action_id(bad):
    e = pz.env(*GAMES["x610z-1v1"][:1], **GAMES["x610z-1v1"][1])
    e.reset(seed=1)
    before = e.unwrapped.state.serialize()
    e.step(bad)
    assert e.unwrapped.state.serialize() == before and e.infos[e.agent_selection]["illegal_action"]


def test_conceded_illegal_action_two_players():
    # rules.md 5.8: a player may concede at any time and loses; the game is over in a 1v1
    e = pz.env(*GAMES["x610z-1v1"][:1], illegal_action="concede", **GAMES["x610z-1v1"][1])
    e.reset(seed=4)
    agent = e.agent_selection
    other = next(a for a in e.possible_agents if a != agent)
    e.step(10**6)
    assert all(e.terminations.values())
    assert e._cumulative_rewards == {agent: -1.0, other: 1.0}
    assert e.unwrapped.state.end_reason == "capitulation"


def test_conceded_illegal_action_free_for_all_removes_one_agent():
    # rules.md 5.8: in a multi-player game the others play on; the player who left keeps their loss
    e = pz.env(*GAMES["x610z-ffa3"][:1], illegal_action="concede", **GAMES["x610z-ffa3"][1])
    e.reset(seed=4)
    agent = e.agent_selection
    e.step(10**6)
    assert e.agent_selection == agent and e.terminations[agent] and e.rewards[agent] == -1.0
    e.step(None)  # its dead step
    assert agent not in e.agents and len(e.agents) == 2
    assert not e.unwrapped.state.is_terminal()
    assert e.agent_selection == f"player_{e.unwrapped.state.current_player()}"


def test_raised_illegal_action_leaves_the_state():
    e = pz.env(*GAMES["zx"][:1], illegal_action="raise", **GAMES["zx"][1])
    e.reset(seed=4)
    before = e.unwrapped.state.serialize()
    with pytest.raises(tcbg.IllegalActionError):
        e.step(10**6)
    assert e.unwrapped.state.serialize() == before


def test_game_order_max_cycles_counts_rounds_of_turns():
    e = pz.env(*GAMES["x610z-1v1"][:1], max_cycles=2, **GAMES["x610z-1v1"][1])
    e.reset(seed=8)
    for _ in play_masked(e, seed=8):
        pass
    state = e.unwrapped.state
    # two rounds of two turns each, then truncated as turn 5 starts; no one won
    assert not state.is_terminal() and state.turn == 5 and state.returns() == [0.0, 0.0]


def test_reset_seed_deals_that_game_and_unseeded_resets_follow_the_seed():
    name, options = GAMES["zx"]
    game = tcbg.load_game(name, **options)
    e = pz.env(game)
    e.reset(seed=123)
    np.testing.assert_array_equal(e.observe("player_0")["observation"],
                                  game.new_initial_state(123).observation_tensor(0))
    e.reset()
    first = e.unwrapped.state.serialize()
    e.reset(seed=123)
    e.reset()
    assert e.unwrapped.state.serialize() == first
    e.reset()
    assert e.unwrapped.state.serialize() != first


@pytest.mark.parametrize("options, field", [({"turn_order": "clockwise"}, "turn_order"),
                                            ({"illegal_action": "ignore"}, "illegal_action"),
                                            ({"max_cycles": 0}, "max_cycles"),
                                            ({"render_mode": "human"}, "render_mode"),
                                            ({"illegal_reward": "a lot"}, "illegal_reward")])
def test_bad_options_raise_game_error(options, field):
    with pytest.raises(tcbg.GameError) as error:
        pz.env(*GAMES["zx"][:1], **options, **GAMES["zx"][1])
    assert error.value.field == field


def test_game_and_options_together_raise():
    game = tcbg.load_game(*GAMES["zx"][:1], **GAMES["zx"][1])
    with pytest.raises(tcbg.GameError, match="not both"):
        pz.env(game, max_turns=3)
    with pytest.raises(tcbg.GameError, match="round robin"):
        pz.parallel_env(game, turn_order="game")


def test_importing_tcbg_envs_loads_neither_library():
    code = ("import sys, tcbg.envs; "
            "print('pettingzoo' in sys.modules or 'gymnasium' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("key", ["zx", "x610z-ffa3"])
def test_parallel_env_plays_whole_games_settling_at_cycle_ends(key):
    name, options = GAMES[key]
    p = pz.parallel_env(name, **options)
    observations, infos = p.reset(seed=3)
    state = p.unwrapped.state
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(p.possible_agents, 0.0)
    cycles = 0
    while p.agents:
        deciding = [a for a in p.agents if infos[a]["action_mask"].any()]
        assert deciding == [f"player_{state.current_player()}"]  # the one the game waits for, at a cycle's start
        actions = {a: int(rng.choice(np.flatnonzero(infos[a]["action_mask"]))) if a in deciding else 0
                   for a in p.agents}
        before = len(state.history())
        observations, rewards, terminations, truncations, infos = p.step(actions)
        cycles += 1
        assert len(state.history()) > before or state.is_terminal()  # every cycle holds a decision
        for agent, reward in rewards.items():
            totals[agent] += reward
        assert not any(truncations.values())
    assert state.is_terminal()
    assert [totals[a] for a in p.possible_agents] == state.returns()
    assert cycles < len(state.history())  # a cycle may hold several decisions


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7"])
def test_bad_seed_raises_game_error(seed):
    e = pz.env(*GAMES["zx"][:1], **GAMES["zx"][1])
    with pytest.raises(tcbg.GameError) as error:
        e.reset(seed=seed)
    assert error.value.field == "seed"
