"""The batched native environment (docs/environments.md "The batched environment", src/tcbg/envs/vector.py,
cpp/include/tcbg/core/vector_env.hpp): every env plays exactly the game a Python State plays with the same seed and
actions, its observation and mask are the State's own, finished games are replaced at once, an illegal action is a
concession, and the threads change nothing."""

from __future__ import annotations

import numpy as np
import pytest

import tcbg
from tcbg import _core
from tcbg.envs import VectorEnv

GAMES = {
    "x610z-ruins": lambda: tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["arnunnian", "pirate"],
                                          max_turns=12),
    "x610z-ffa3": lambda: tcbg.load_game("x610z", board="existenz", setup="ffa3",
                                         decks=["vanilla-a", "vanilla-b", "vanilla-a"], max_turns=8),
    "zx": lambda: tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"], max_turns=10),
}


def _game_seed(seed: int, env: int, episode: int) -> int:
    """Env i's e-th game (vector_env.hpp): CounterRng(CounterRng(seed).derive(i)).derive(e)."""
    return _core.derive_seed(_core.derive_seed(seed, env), episode)


def _core_module(game):
    return _core.zx if isinstance(game._core, _core.zx.Game) else _core.x610z


def _check_row(step, i, state):
    player = state.current_player()
    assert step.player[i] == player
    np.testing.assert_array_equal(step.obs[i], state.observation_tensor(player))
    np.testing.assert_array_equal(step.mask[i].astype(bool), state.legal_actions_mask())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_self_play_is_the_game_a_state_plays(name):
    """Random legal actions (chosen from the masks) in 6 envs for 400 steps, mirrored by Python States: the same
    observations, masks and players at every step, the same returns when a game ends, and the next game the seed's
    next one."""
    game = GAMES[name]()
    env = VectorEnv(game, num_envs=6, seed=11, threads=1)
    step = env.reset()
    mirrors = [game.new_initial_state(seed=_game_seed(11, i, 0)) for i in range(6)]
    episodes = [0] * 6
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(400):
        for i, state in enumerate(mirrors):
            _check_row(step, i, state)
        actions = np.array([rng.choice(np.flatnonzero(step.mask[i])) for i in range(6)])
        for i, state in enumerate(mirrors):
            state.apply_action(int(actions[i]))
        step = env.step(actions)
        assert not step.illegal.any()
        for i, state in enumerate(mirrors):
            assert step.terminated[i] == state.is_terminal()
            if state.is_terminal():
                ended += 1
                np.testing.assert_array_equal(step.rewards[i], np.array(state.returns(), dtype=np.float32))
                assert step.length[i] == len(state.history())
                episodes[i] += 1
                mirrors[i] = game.new_initial_state(seed=_game_seed(11, i, episodes[i]))
            else:
                assert not step.rewards[i].any()
    assert ended > 0  # short turn limits: games end and are replaced within the run


@pytest.mark.parametrize("name", ["x610z-ruins", "zx"])
def test_a_learner_against_native_opponents(name):
    """With a learner, every observation is the learner's; the opponents are the native agents, each decision
    seeded as vector_env.hpp says, so a Python mirror with the same agents plays the same game."""
    game = GAMES[name]()
    core = _core_module(game)
    env = VectorEnv(game, num_envs=3, seed=5, learner=1, opponents="random", threads=1)
    step = env.reset()
    opponent = core.Agent({"kind": "random"}, 0)

    def play_opponents(state, seed):
        while not state.is_terminal() and state.current_player() != 1:
            p = state.current_player()
            opponent.reseed(_core.derive_seed(core.agent_seed(seed, p), len(state.history())))
            state.apply_action(opponent.choose(state._core))

    seeds = [_game_seed(5, i, 0) for i in range(3)]
    mirrors = [game.new_initial_state(seed=s) for s in seeds]
    for state, seed in zip(mirrors, seeds):
        play_opponents(state, seed)
    episodes = [0] * 3
    rng = np.random.default_rng(8)
    for _ in range(150):
        assert (step.player == 1).all()
        for i, state in enumerate(mirrors):
            _check_row(step, i, state)
        actions = np.array([rng.choice(np.flatnonzero(step.mask[i])) for i in range(3)])
        step = env.step(actions)
        for i, state in enumerate(mirrors):
            state.apply_action(int(actions[i]))
            play_opponents(state, seeds[i])
            assert step.terminated[i] == state.is_terminal()
            if state.is_terminal():
                assert step.rewards[i, 1] == state.returns()[1]
                episodes[i] += 1
                seeds[i] = _game_seed(5, i, episodes[i])
                mirrors[i] = game.new_initial_state(seed=seeds[i])
                play_opponents(mirrors[i], seeds[i])


@pytest.mark.parametrize("name", ["x610z-ruins", "zx"])
def test_an_illegal_action_concedes(name):
    """An action outside the mask (or outside the game's ids) is not played: its player concedes (X610Z rules.md
    5.8, Z/X CR 101.4), the game ends as their loss, and the env starts its next game."""
    game = GAMES[name]()
    env = VectorEnv(game, num_envs=3, seed=2)
    step = env.reset()
    actor = step.player.copy()
    illegal = np.flatnonzero(step.mask[0] == 0)[0]
    actions = np.array([illegal, -5, step.mask[2].argmax()])
    step = env.step(actions)
    assert step.illegal.tolist() == [True, True, False]
    assert step.terminated.tolist() == [True, True, False]
    for i in (0, 1):
        assert step.rewards[i, actor[i]] == -1.0 and step.rewards[i].sum() == 0.0
    fresh = game.new_initial_state(seed=_game_seed(2, 0, 1))  # env 0's second game
    np.testing.assert_array_equal(step.obs[0], fresh.observation_tensor(fresh.current_player()))


@pytest.mark.parametrize("name", ["x610z-ruins", "zx"])
def test_threads_change_nothing(name):
    """Two threads step the same games as one: every array equal after every step."""
    game = GAMES[name]()
    one, two = VectorEnv(game, 9, seed=4, threads=1), VectorEnv(game, 9, seed=4, threads=2)
    assert two.threads == 2
    a, b = one.reset(), two.reset()
    rng = np.random.default_rng(1)
    for _ in range(60):
        for field in ("obs", "mask", "player", "rewards", "terminated", "illegal", "length"):
            np.testing.assert_array_equal(getattr(a, field), getattr(b, field))
        actions = np.array([rng.choice(np.flatnonzero(a.mask[i])) for i in range(9)])
        actions[rng.random(9) < 0.05] = 0  # now and then an action that may be illegal
        a, b = one.step(actions), two.step(actions)


@pytest.mark.parametrize("threads", [1, 2])
def test_rows_brought_up_to_date_equal_fresh_tensors(threads):
    """A step writes only what changed in each Z/X observation row (observation_tensor_update): after every step of
    40 envs over 300 steps, through games' ends and the next games, each row equals the tensor (and the mask) freshly
    made of its env's state, on steps where the observer stays and where it changes."""
    game = tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"], max_turns=6)
    env = VectorEnv(game, 40, seed=21, threads=threads)
    step = env.reset()
    before = step.player.copy()
    kept = changed = ended = 0
    for _ in range(300):
        actions = env.random_actions()
        actions[::13] = 0  # now and then an action that may be illegal: a concession, then the next game
        step = env.step(actions)
        ended += int(step.terminated.sum())
        same = (step.player == before) & ~step.terminated
        kept, changed = kept + int(same.sum()), changed + int((~same).sum())
        before = step.player.copy()
        for i in range(40):
            state = env._env.state(i)
            np.testing.assert_array_equal(step.obs[i], state.observation_tensor(int(step.player[i])))
            np.testing.assert_array_equal(step.mask[i].astype(bool), state.legal_actions_mask())
    assert ended > 40 and kept > 1000 and changed > 1000


def test_other_arrays_get_whole_rows():
    """The raw binding writes into any arrays it is given: rows are brought up to date only in the arrays of the
    last step, so arrays of the caller's own (or the env's own after a step into others) get every row whole."""
    game = GAMES["zx"]()
    env = VectorEnv(game, 5, seed=6, threads=1)
    env.reset()
    for _ in range(5):
        env.step(env.random_actions())
    own = env._buffers
    other = tuple(np.full_like(a, 7) for a in own)  # rows a step would not write if it patched them
    for buffers in (other, own, own):
        env._env.step(env.random_actions(), buffers)
        obs, mask, player = buffers[0], buffers[1], buffers[2]
        for i in range(5):
            state = env._env.state(i)
            np.testing.assert_array_equal(obs[i], state.observation_tensor(int(player[i])))
            np.testing.assert_array_equal(mask[i].astype(bool), state.legal_actions_mask())


def test_bad_output_arrays_are_refused():
    """The raw binding checks every array it writes (python/array_api.hpp, shared with observation_tensor's out=):
    a wrong tuple, dtype, shape or a read-only array is a GameError naming the field."""
    env = VectorEnv(GAMES["zx"](), 3, seed=2)
    env.reset()
    own = env._buffers
    wrong = {
        "outputs": own[:6],
        "obs": (own[0].astype(np.float64), *own[1:]),
        "mask": (own[0], own[1][:2], *own[2:]),
        "length": (*own[:6], np.zeros(3, dtype=np.int64)),
    }
    for field, arrays in wrong.items():
        with pytest.raises(tcbg.GameError) as caught:
            env._env.step(env.random_actions(), arrays)
        assert caught.value.field == field and caught.value.rule == "docs/environments.md"
    frozen = own[2].copy()
    frozen.flags.writeable = False
    with pytest.raises(tcbg.GameError, match=r"writable C-contiguous int32 array of shape \(3,\)"):
        env._env.step(env.random_actions(), (*own[:2], frozen, *own[3:]))


def test_a_step_cannot_be_written_through():
    """The arrays a step returns are read-only views: the next step writes only what changed in a row, so a row
    changed by the caller would show a wrong observation."""
    env = VectorEnv(GAMES["zx"](), 2, seed=1)
    step = env.reset()
    for field in ("obs", "mask", "player", "rewards", "terminated", "illegal", "length"):
        with pytest.raises(ValueError, match="read-only"):
            getattr(step, field)[0] = 0
    copy = step.obs.copy()
    copy[0] = 0  # a copy is the caller's to change
    assert env.step(env.random_actions()).obs.any()


def test_state_of_an_env_is_a_state_of_the_game():
    game = GAMES["zx"]()
    env = VectorEnv(game, 2, seed=9)
    step = env.reset()
    step = env.step(step.mask.argmax(axis=1))
    state = env.state(1)
    assert isinstance(state, type(game.new_initial_state(seed=0)))
    np.testing.assert_array_equal(state.observation_tensor(state.current_player()), step.obs[1])


@pytest.mark.parametrize(("kwargs", "field"), [
    (dict(num_envs=0), "num_envs"),
    (dict(learner=2), "learner"),
    (dict(opponents="random"), "opponents"),
    (dict(learner=0, opponents=["random", "random", "random"]), "opponents"),
    (dict(learner=0, opponents="chess-engine"), "agent"),
    (dict(seed=-1), "seed"),
    (dict(threads=0), "threads"),
])
def test_bad_settings_are_refused(kwargs, field):
    with pytest.raises(tcbg.GameError) as caught:
        VectorEnv(GAMES["zx"](), **{"num_envs": 2, **kwargs})
    assert field in caught.value.field


def test_bad_actions_and_games_are_refused():
    env = VectorEnv(GAMES["zx"](), 2)
    env.reset()
    with pytest.raises(tcbg.GameError, match="shape"):
        env.step([0, 0, 0])
    with pytest.raises(tcbg.GameError, match="whole"):
        env.step(np.array([0.5, 1.0]))
    with pytest.raises(tcbg.GameError) as caught:
        VectorEnv("zx", 2)
    assert caught.value.field == "game"
    with pytest.raises(tcbg.GameError) as caught:
        env.state(2)
    assert caught.value.field == "env"


def test_random_actions_are_legal_and_seeded():
    """random_actions draws a legal action of every env from the env's own stream: the same after the same reset,
    whatever the threads, and spread over the legal actions."""
    game = GAMES["zx"]()
    drawn = []
    for threads in (1, 2):
        env = VectorEnv(game, 5, seed=3, threads=threads)
        step = env.reset()
        run = []
        for _ in range(80):
            actions = env.random_actions().copy()
            assert step.mask[np.arange(5), actions].all()
            run.append(actions)
            step = env.step(actions)
        drawn.append(np.array(run))
    np.testing.assert_array_equal(drawn[0], drawn[1])
    assert len(np.unique(drawn[0])) > 10


def test_the_documented_examples_run():
    """docs/environments.md (its batched-environment loop) and the module's docstring run as shown."""
    import doctest
    import pathlib

    import tcbg.envs.vector

    path = pathlib.Path(__file__).resolve().parents[2] / "docs" / "environments.md"
    failures, tried = doctest.testfile(str(path), module_relative=False)
    assert tried > 0 and failures == 0
    failures, tried = doctest.testmod(tcbg.envs.vector)
    assert tried > 0 and failures == 0


def test_the_quick_start_example_runs():
    """docs/environments.md's VectorEnv quick start (a plain Python block, not a doctest), as a user copies it."""
    import pathlib

    readme = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "environments.md").read_text()
    blocks = [part.split("```", 1)[0] for part in readme.split("```python\n")[1:]]
    code = next(b for b in blocks if "tcbg.envs.VectorEnv(" in b)
    scope: dict = {}
    exec(compile(code, "docs/environments.md", "exec"), scope)
    assert scope["step"].obs.shape == (1024, scope["env"].obs_size)
