"""The batched native environment (docs/environments.md, "The batched environment"): ``num_envs`` games of one
game stepped together in C++ from an array of actions, the GIL released, each finished game replaced by the next at
once.

>>> import numpy as np, tcbg
>>> env = tcbg.envs.VectorEnv(tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"]), num_envs=4, seed=7)
>>> step = env.reset()
>>> step.obs.shape == (4, env.obs_size) and step.mask.shape == (4, env.num_actions)
True
>>> step = env.step(step.mask.argmax(axis=1))   # every env plays its first legal action
>>> bool(step.illegal.any())
False

Every array a step returns is a read-only view of buffers the env owns and writes again at the next step (of an
observation, only what changed): copy what you keep, or mean to change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from tcbg.api.game import check_seed
from tcbg.errors import GameError

RULE = "docs/environments.md"


def _read_only(array: np.ndarray) -> np.ndarray:
    """A view of one of the env's buffers that cannot be written through: a step writes only what changed in each
    row of obs, so the rows must hold what the last step left (and the other arrays are the env's as much)."""
    view = array.view()
    view.flags.writeable = False
    return view


@dataclass(frozen=True)
class VectorStep:
    """What a reset or a step leaves in every env i (row i of each array): read-only views of the env's buffers."""

    obs: np.ndarray         # (num_envs, obs_size) float32: the observation of the player to decide
    mask: np.ndarray        # (num_envs, num_actions) uint8: 1 for each of that player's legal actions
    player: np.ndarray      # (num_envs,) int32: that player (always the learner when there is one)
    rewards: np.ndarray     # (num_envs, num_players) float32: every seat's return of a game that ended at this step
    terminated: np.ndarray  # (num_envs,) bool: a game ended at this step (the other rows show the next game)
    illegal: np.ndarray     # (num_envs,) bool: the action given was not legal, so its player conceded
    length: np.ndarray      # (num_envs,) uint32: decisions of the game that ended, else of the game going on


class VectorEnv:
    """``num_envs`` games of ``game`` (a :func:`tcbg.load_game` game) stepped together natively.

    - ``learner=None``: the caller decides for every seat (self-play); the observation is the current player's.
    - ``learner=seat`` with ``opponents`` (one agent spec for every other seat, or one for all: ``"random"``,
      ``"heuristic"``, ``"search:N"`` or a spec dict, as ``tcbg matchup --agent`` reads them): native agents play the
      other seats, and every observation is the learner's.
    - An action that is not legal (outside the mask) is not played: its player concedes the game, and ``illegal``
      says so (X610Z rules.md 5.8, Z/X CR 101.4).
    - ``threads``: the envs are split over this many threads (default: every core).
    """

    def __init__(self, game: Any, num_envs: int = 1, seed: int = 0, learner: int | None = None,
                 opponents: Any = None, threads: int | None = None) -> None:
        from tcbg import _core
        from tcbg.montecarlo.agents import agent_spec

        core_game = getattr(game, "_core", None)
        if isinstance(core_game, _core.x610z.Game):
            native = _core.x610z.VectorEnv
        elif isinstance(core_game, _core.zx.Game):
            native = _core.zx.VectorEnv
        else:
            raise GameError(f"expected a game of tcbg.load_game, not {type(game).__name__}", field="game", rule=RULE)
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise GameError(f"num_envs is a whole number of at least 1, not {num_envs!r}", field="num_envs", rule=RULE)
        players = game.num_players()
        specs = None
        if learner is None:
            if opponents is not None:
                raise GameError("opponents play beside a learner: give learner=SEAT too", field="opponents", rule=RULE)
            seat = -1
        else:
            if not isinstance(learner, int) or isinstance(learner, bool) or not 0 <= learner < players:
                raise GameError(f"learner is a seat of the game (0 .. {players - 1}), not {learner!r}",
                                field="learner", rule=RULE)
            seat = learner
            given = ["random"] * players if opponents is None else opponents
            if isinstance(given, (str, dict)):
                given = [given] * players
            given = list(given)
            if len(given) == players - 1:  # the other seats only, in seat order
                given.insert(learner, "random")
            if len(given) != players:
                raise GameError(f"opponents: one spec for each of the {players - 1} other seats (or one for all), "
                                f"not {len(given)}", field="opponents", rule=RULE)
            specs = [agent_spec(spec) for spec in given]
        if threads is None:
            import os

            threads = max(1, min(num_envs, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                                 else os.cpu_count() or 1))
        self.game = game
        self._seed = check_seed(seed, RULE)
        self._env = native(core_game, num_envs, self._seed, seat, specs, threads)
        n = self._env.num_envs
        self._obs = np.zeros((n, self._env.obs_size), dtype=np.float32)
        self._mask = np.zeros((n, self._env.num_actions), dtype=np.uint8)
        self._player = np.zeros(n, dtype=np.int32)
        self._rewards = np.zeros((n, self._env.num_players), dtype=np.float32)
        self._terminated = np.zeros(n, dtype=np.uint8)
        self._illegal = np.zeros(n, dtype=np.uint8)
        self._length = np.zeros(n, dtype=np.uint32)
        self._actions = np.zeros(n, dtype=np.int32)
        self._buffers = (self._obs, self._mask, self._player, self._rewards, self._terminated, self._illegal,
                         self._length)
        self._step = VectorStep(_read_only(self._obs), _read_only(self._mask), _read_only(self._player),
                                _read_only(self._rewards), _read_only(self._terminated.view(bool)),
                                _read_only(self._illegal.view(bool)), _read_only(self._length))
        self.learner = learner

    num_envs = property(lambda self: self._env.num_envs, doc="How many games are stepped together.")
    obs_size = property(lambda self: self._env.obs_size, doc="Floats of one observation (the game's tensor size).")
    num_actions = property(lambda self: self._env.num_actions, doc="The game's distinct actions (a mask's width).")
    num_players = property(lambda self: self._env.num_players, doc="Seats of the game.")
    threads = property(lambda self: self._env.threads, doc="Threads the envs are split over.")

    def reset(self, seed: int | None = None) -> VectorStep:
        """Every env starts its first game of ``seed`` (default: the env's own seed)."""
        if seed is not None:
            self._seed = check_seed(seed, RULE)
        self._env.reset(self._seed, self._buffers)
        return self._step

    def step(self, actions: Any) -> VectorStep:
        """Plays ``actions[i]`` in env i (an action id for out.player[i] of the last reset or step)."""
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise GameError(f"actions: one whole action id per env, an array of shape ({self.num_envs},), not "
                            f"{a.dtype} of shape {a.shape}", field="actions", rule=RULE)
        np.copyto(self._actions, a, casting="unsafe")
        self._env.step(self._actions, self._buffers)
        return self._step

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action for every env's player to decide (each env draws from its own stream,
        seeded by reset): exploration without a policy, and the env's speed measured alone. A view, rewritten at the
        next call."""
        self._env.random_actions(self._actions)
        return self._actions

    def state(self, i: int):
        """A copy of env i's game now, as a State of the game (to look at, serialize or play on from Python). The
        env keeps no history of decisions, so the copy starts with none, as a position read from JSON does."""
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < self.num_envs:
            raise GameError(f"no env {i!r} (envs 0 .. {self.num_envs - 1})", field="env", rule=RULE)
        return self.game.state_class(self.game, self.game._core, self._env.state(i).serialize_bytes(), [])
