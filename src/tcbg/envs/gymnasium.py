"""A Gymnasium single-agent environment of tcbg's games (docs/environments.md, "Gymnasium"): the learner plays one
seat, tcbg's native agents play the others.

- ``TcbgGymEnv(game, opponent="random", learner_seat=0, **options)``: ``game`` a :class:`tcbg.api.Game` or a game's
  name with ``tcbg.load_game``'s keywords (X610Z in any setup, Z/X); ``opponent`` a native agent's spec
  (``"random"``, ``"heuristic"``, ``"search:N"`` or a spec dict, as ``tcbg matchup --agent``), one for every other
  seat or a list of one per seat (the learner's entry ignored); ``learner_seat`` a seat, ``"alternate"`` (seat 0,
  1, ... in turn, one episode each, from seat 0 again at each seeded reset) or ``"random"`` (drawn from the
  environment's generator).
- Spaces: ``Discrete(game.num_distinct_actions())`` actions; the observation is the learner's
  ``state.observation_tensor`` (float32, docs/observations.md). ``info["action_mask"]`` (int8) gives the legal
  actions, ``info["seat"]`` the learner's seat.
- Reward: the learner's return (+1 win, -1 loss, 0 draw) on the step that ends their game, else 0. The game's
  own limits (the turn limit, the decision limit) end every game, as draws: episodes terminate, never truncate.
- An illegal action (one the mask does not allow): the learner concedes (X610Z rules.md 5.8, Z/X
  docs/zx/rules.md 101.4): the episode ends with their loss and ``info["illegal_action"]`` is True.
- ``reset(seed=s)`` deals ``game.new_initial_state(s)`` and seeds the opponents from it (as the simulation
  harness does, docs/agents.md); resets without a seed deal from a generator seeded by the last seed given.

>>> from tcbg.envs.gymnasium import TcbgGymEnv
>>> env = TcbgGymEnv("zx", decks=["vanilla-red-blue", "vanilla-white-black"], opponent="heuristic")
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape, info["seat"]
(True, 0)
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from tcbg.api.game import check_seed
from tcbg.envs._common import legal_id, make_game
from tcbg.errors import GameError

_RULE = "environments.md Gymnasium"


class TcbgGymEnv(gymnasium.Env):
    """The learner against native opponents (the module's docstring says the conventions)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game="x610z", *, opponent: Any = "random", learner_seat: int | str = 0,
                 render_mode: str | None = None, **options) -> None:
        from tcbg.montecarlo import games as game_adapter
        from tcbg.montecarlo.agents import agent_spec

        self.game = make_game(game, options, _RULE)
        players = self.game.num_players()
        if isinstance(opponent, (list, tuple)):
            if len(opponent) != players:
                raise GameError(f"give one opponent for every seat or a list of {players}, not {len(opponent)}",
                                field="opponent", rule=_RULE)
            self._specs = [agent_spec(spec) for spec in opponent]
        else:
            self._specs = [agent_spec(opponent)] * players
        if learner_seat not in ("alternate", "random") and not (
                isinstance(learner_seat, int) and not isinstance(learner_seat, bool) and 0 <= learner_seat < players):
            raise GameError(f"learner_seat is a seat from 0 to {players - 1}, 'alternate' or 'random', not "
                            f"{learner_seat!r}", field="learner_seat", rule=_RULE)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GameError(f"render_mode is None or 'ansi', not {render_mode!r}", field="render_mode", rule=_RULE)
        self.learner_seat = learner_seat
        self.render_mode = render_mode
        self._agent_class = game_adapter.native_agent_class(self.game)
        self._agent_seed = lambda game_seed, seat: game_adapter.agent_seed(self.game, game_seed, seat)
        actions = self.game.num_distinct_actions()
        self.action_space = spaces.Discrete(actions)
        # the tensor's features are scaled to about 0..1 but not bounded (damage, counters): an open box
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.game.observation_tensor_size(),), np.float32)
        self._episodes = 0
        self.state = None
        self.seat = 0

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            check_seed(seed, _RULE)  # before the generator's own check: a tcbg error naming the seed
        super().reset(seed=seed)
        if seed is not None:  # a seed starts the sequence anew: the same seed, the same episode, seat included
            self._episodes = 0
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63))
        if self.learner_seat == "alternate":
            self.seat = self._episodes % self.game.num_players()
        elif self.learner_seat == "random":
            self.seat = int(self.np_random.integers(0, self.game.num_players()))
        else:
            self.seat = self.learner_seat
        self._episodes += 1
        self.state = self.game.new_initial_state(game_seed)
        self._opponents = {p: self._agent_class(self._specs[p], self._agent_seed(game_seed, p))
                           for p in range(self.game.num_players()) if p != self.seat}
        self._play_opponents()
        # the learner's first decision comes before any game can end (every player keeps or redraws a hand)
        return self._observation(), self._info(False)

    def step(self, action):
        if self.state is None:
            raise GameError("reset the environment before stepping it", field="step", rule=_RULE)
        if self._learner_done():
            raise GameError("the episode is over: reset the environment", field="step", rule=_RULE)
        action_id = legal_id(self.state, action)
        illegal = action_id is None
        if illegal:
            self.state.concede(self.seat)
        else:
            self.state.apply_action(action_id)
            self._play_opponents()
        done = self._learner_done()
        reward = float(self.state.player_return(self.seat)) if done else 0.0
        return self._observation(), reward, done, False, self._info(illegal)

    def _learner_done(self) -> bool:
        # the learner's game is over when the game is, or when they left it (a loss, rules.md 5.8)
        return self.state.is_terminal() or self.state.player_return(self.seat) != 0.0

    def _play_opponents(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player() != self.seat and not self._learner_done():
            state.apply_action(self._opponents[state.current_player()].choose(state))

    def _observation(self):
        return self.state.observation_tensor(self.seat)

    def _info(self, illegal: bool) -> dict:
        if self._learner_done() or self.state.current_player() != self.seat:
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        else:
            mask = self.state.legal_actions_mask().view(np.int8)  # a new bool array, read as int8
        info = {"action_mask": mask, "seat": self.seat}
        if illegal:
            info["illegal_action"] = True
        return info

    def render(self) -> str | None:
        """``"ansi"``: the text of what the learner sees (``state.observation_string``)."""
        if self.render_mode is None:
            return None
        return self.state.observation_string(self.seat)
