"""PettingZoo environments of tcbg's games (docs/environments.md, "PettingZoo"): X610Z in any setup of its board
(1v1, ffa3, 2v2, ffa4, ...) and Z/X, one agent per seat, named ``player_0`` .. ``player_<N-1>`` in seat order.

- ``raw_env(game, **options)``: the AEC environment (:class:`TcbgAECEnv`); ``env(...)`` is the same wrapped in
  PettingZoo's order-enforcing wrapper; ``parallel_env(...)`` is the round-robin AEC environment as a Parallel one.
- ``game`` is a :class:`tcbg.api.Game` or a game's name with ``tcbg.load_game``'s keywords.
- Spaces: ``Discrete(game.num_distinct_actions())`` actions (the game's action ids); observations are dicts of
  ``"observation"``, the agent's ``state.observation_tensor`` (float32, docs/observations.md), and
  ``"action_mask"`` (int8 over the action ids, all 0 for an agent that is not deciding). ``infos[agent]`` carries
  the same ``"action_mask"``.
- ``turn_order="game"`` (the default): the agent selected is always the player the game waits for, who may decide
  several times in a row (a turn's several actions, the priority passes); a cycle (``max_cycles``) is a round of
  as many turns as the game has seats. ``turn_order="round_robin"``: agents are selected in seat order, one step
  each per cycle; the agent not deciding takes a no-op step (its mask all 0, its action ignored), and an agent's
  end (the game's end, a player who left) and the rewards are settled at the end of each cycle, which is what
  the Parallel environment needs.
- Illegal actions (an id the mask does not allow): ``illegal_action="refuse"`` (the default) applies nothing, as
  the engine refuses one (X610Z rules.md 5.9, Z/X docs/zx/rules.md Z9.1), flags ``infos[agent]["illegal_action"]``
  and gives the agent ``illegal_reward`` (default 0); ``"concede"``: the agent concedes (X610Z rules.md 5.8, Z/X
  docs/zx/rules.md 101.4); ``"raise"``: :class:`tcbg.IllegalActionError`, the state unchanged.
- Rewards: a player's return (+1 win, -1 loss, 0 draw) when their result is settled, else 0.
- ``reset(seed=s)`` deals the game ``game.new_initial_state(s)``; resets without a seed deal from a generator
  seeded by the last seed given.

>>> from tcbg.envs.pettingzoo import env
>>> e = env("zx", decks=["vanilla-red-blue", "vanilla-white-black"])
>>> e.reset(seed=7)
>>> agent = e.agent_selection
>>> observation, reward, termination, truncation, info = e.last()
>>> observation["observation"].shape == e.observation_space(agent)["observation"].shape
True
>>> int(info["action_mask"].sum()) == len(e.unwrapped.state.legal_actions())
True
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import aec_to_parallel

from tcbg.api.game import check_seed
from tcbg.errors import GameError
from tcbg.envs._common import check_choice, legal_id, make_game

TURN_ORDERS = ("game", "round_robin")
ILLEGAL_ACTIONS = ("refuse", "concede", "raise")
_RULE = "environments.md PettingZoo"


class TcbgAECEnv(AECEnv):
    """The AEC environment of one tcbg game (the module's docstring says the conventions)."""

    metadata = {"name": "tcbg_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game="x610z", *, max_cycles: int | None = None, turn_order: str = "game",
                 illegal_action: str = "refuse", illegal_reward: float = 0.0, render_mode: str | None = None,
                 **options) -> None:
        super().__init__()
        self.game = make_game(game, options, _RULE)
        self.turn_order = check_choice(turn_order, TURN_ORDERS, "turn_order", _RULE)
        self.illegal_action = check_choice(illegal_action, ILLEGAL_ACTIONS, "illegal_action", _RULE)
        if max_cycles is not None and (not isinstance(max_cycles, int) or isinstance(max_cycles, bool)
                                       or max_cycles < 1):
            raise GameError(f"max_cycles is a whole number of at least 1 or None, not {max_cycles!r}",
                            field="max_cycles", rule=_RULE)
        if not isinstance(illegal_reward, (int, float)) or isinstance(illegal_reward, bool):
            raise GameError(f"illegal_reward is a number, not {illegal_reward!r}", field="illegal_reward",
                            rule=_RULE)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GameError(f"render_mode is None or 'ansi', not {render_mode!r}", field="render_mode", rule=_RULE)
        self.max_cycles = max_cycles
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        # only the round-robin order steps every agent once per cycle and settles at its end
        self.metadata = dict(self.metadata, is_parallelizable=self.turn_order == "round_robin")
        players = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        size, actions = self.game.observation_tensor_size(), self.game.num_distinct_actions()
        # the tensor's features are scaled to about 0..1 but not bounded (damage, counters): an open box
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8)}) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        # every env step counts, refused and no-op ones too, so an agent that keeps being refused still ends
        self._step_cap = self.game.max_game_length() * players
        self._np_random = None
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- the episode --

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            check_seed(seed, _RULE)  # before the generator's own check: a tcbg error naming the seed
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = seed if seed is not None else int(self._np_random.integers(0, 2**63))
        self.state = self.game.new_initial_state(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self._paid = [0.0] * len(self.agents)  # the part of each player's return already given as rewards
        self._cycles = 0
        self._steps = 0
        self._order = self.agents[:]  # round robin: this cycle's agents, in seat order
        self._position = 0
        self.agent_selection = self._deciding_agent() if self.turn_order == "game" else self._order[0]
        self.infos = {agent: {"action_mask": self._mask(agent)} for agent in self.agents}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self._steps += 1
        seat = self._seat[agent]
        illegal = False
        if self.state.current_player() == seat:
            action_id = legal_id(self.state, action)
            if action_id is not None:
                self.state.apply_action(action_id)
            elif self.illegal_action == "raise":
                self.state.apply_action(action)  # the engine's own error, naming the action and why
            else:
                illegal = True
                if self.illegal_action == "concede":
                    self.state.concede(seat)
                else:
                    self.rewards[agent] += self.illegal_reward
        # else: round robin, an agent with nothing to decide: a no-op step, whatever the action
        if self.turn_order == "game":
            self._settle(cycle_over=False)
            deciding = self._deciding_agent()
            if deciding is not None and not (self.terminations[deciding] or self.truncations[deciding]):
                self.agent_selection = deciding
        else:
            self._position += 1
            if self._position == len(self._order):
                self._settle(cycle_over=True)
                self._order = [a for a in self.agents if not (self.terminations[a] or self.truncations[a])]
                self._position = 0
            if self._order:
                self.agent_selection = self._order[self._position]
        self.infos = {a: {"action_mask": self._mask(a)} for a in self.agents}
        if illegal:
            self.infos[agent]["illegal_action"] = True
        self._accumulate_rewards()
        self._deads_step_first()

    def _settle(self, cycle_over: bool) -> None:
        """Rewards for the returns not yet paid, the agents whose game is over, and the truncation."""
        state = self.state
        returns = state.returns()
        over = state.is_terminal()
        for agent in self.agents:
            seat = self._seat[agent]
            if returns[seat] != self._paid[seat]:
                self.rewards[agent] += returns[seat] - self._paid[seat]
                self._paid[seat] = returns[seat]
            # a player whose return is decided before the game ends has left it (a loss, rules.md 5.8)
            if over or returns[seat] != 0.0:
                self.terminations[agent] = True
        if cycle_over:
            self._cycles += 1
        if self.max_cycles is not None and not over:
            if self.turn_order == "round_robin":
                cut = self._cycles >= self.max_cycles
            else:  # a cycle is a round of turns; turn 0 is the set-up, part of the first round
                cut = state.turn > self.max_cycles * self.game.num_players()
            if cut:
                for agent in self.agents:
                    self.truncations[agent] = not self.terminations[agent]
        if self._steps >= self._step_cap and not over:
            for agent in self.agents:
                self.truncations[agent] = not self.terminations[agent]

    def _deciding_agent(self) -> str | None:
        player = self.state.current_player()
        return self.possible_agents[player] if player >= 0 else None

    def _mask(self, agent: str):
        done = self.terminations.get(agent) or self.truncations.get(agent)
        if done or self.state.current_player() != self._seat[agent]:
            return np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return self.state.legal_actions_mask().view(np.int8)  # a new bool array, read as int8 without a copy

    def observe(self, agent: str) -> dict:
        info = self.infos.get(agent)  # the step's mask, made once for the info and the observation
        mask = info["action_mask"] if info is not None else self._mask(agent)
        return {"observation": self.state.observation_tensor(self._seat[agent]), "action_mask": mask}

    def render(self) -> str | None:
        """``"ansi"``: the text of what the selected agent sees (``state.observation_string``)."""
        if self.render_mode is None:
            return None
        return self.state.observation_string(self._seat[self.agent_selection])

    def close(self) -> None:
        pass


raw_env = TcbgAECEnv


def env(game="x610z", **kwargs):
    """:class:`TcbgAECEnv` in PettingZoo's order-enforcing wrapper (steps before reset, observing a removed agent
    and the like raise)."""
    return wrappers.OrderEnforcingWrapper(TcbgAECEnv(game, **kwargs))


def parallel_env(game="x610z", **kwargs):
    """The round-robin :class:`TcbgAECEnv` as a PettingZoo Parallel environment: each parallel step is one cycle,
    every live agent gives an action and only the deciding agents' count."""
    if kwargs.setdefault("turn_order", "round_robin") != "round_robin":
        raise GameError(f"the parallel environment steps agents round robin, not {kwargs['turn_order']!r}",
                        field="turn_order", rule=_RULE)
    return aec_to_parallel(TcbgAECEnv(game, **kwargs))
