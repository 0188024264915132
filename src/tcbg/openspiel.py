"""tcbg's games as OpenSpiel games: ``tcbg_x610z`` and ``tcbg_zx``, registered with pyspiel as Python games
(docs/observations.md "OpenSpiel"). Needs the ``openspiel`` extra (``pip install tcbg[openspiel]``).

Importing the module registers both games; ``pyspiel.load_game("tcbg_zx")`` then plays Z/X with its default decks,
and parameters choose the rest (``pyspiel.load_game("tcbg_x610z", {"setup": "ffa3", "decks":
"vanilla-a+vanilla-b+vanilla-a"})``: decks are joined by ``+``, since OpenSpiel's game strings separate parameters
by commas).

The game types say what tcbg gives: sequential, imperfect information, terminal rewards, observation strings and
tensors and information state strings (no information state tensor). **Chance is the seed**: a tcbg state draws
the deal and every later shuffle from its own generator, seeded when the game starts, so no chance node ever
appears and the whole game is a function of the ``seed`` parameter (0 by default) and the decisions: to OpenSpiel
the game is deterministic (``ChanceMode.DETERMINISTIC``; every ``new_initial_state()`` of one game is the same
deal) and another deal is another seed (``pyspiel.load_game("tcbg_zx", {"seed": 7})``). What a player does not
see stays hidden from them all the same: their observations and information states leave it out, and
``resample_from_infostate`` deals it again (from a seed the sampler draws), which is what OpenSpiel's ISMCTS searches
over. (OpenSpiel's sampled-stochastic mode would need the generator's state through ``GetRNGState``, which Python
games cannot give.) ``serialize()`` is tcbg's own, the generator's position included. Utility: zero-sum with two
players, general sum with more (X610Z's ffa and team setups).

>>> import pyspiel, tcbg.openspiel
>>> game = pyspiel.load_game("tcbg_zx", {"max_turns": 6})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.current_player() in (0, 1)
(False, True)
>>> game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
True
>>> game.new_initial_state().serialize() == game.new_initial_state().serialize()  # one seed, one deal
True
"""

from __future__ import annotations

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # the optional extra
    raise ImportError("tcbg.openspiel needs OpenSpiel: pip install 'tcbg[openspiel]' (open_spiel)") from exc

from tcbg.api.game import load_game

_DEFAULTS = {
    "x610z": {"board": "existenz", "setup": "1v1", "decks": "vanilla-a+vanilla-b", "max_turns": 200, "seed": 0,
              "effects": True},
    "zx": {"decks": "vanilla-red-blue+vanilla-white-black", "max_turns": 200, "seed": 0, "effects": True},
}
NAMES = {"x610z": "tcbg_x610z", "zx": "tcbg_zx"}
_MAX_PLAYERS = {"x610z": 6, "zx": 2}


def _game_type(kind: str, players: int | None = None) -> pyspiel.GameType:
    """The game type: a game's own (``players`` given: its utility), or the registered one (general-sum for X610Z,
    whose setups seat 2 to 6)."""
    zero_sum = (players or _MAX_PLAYERS[kind]) == 2
    return pyspiel.GameType(
        short_name=NAMES[kind], long_name=f"tcbg {kind}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_MAX_PLAYERS[kind], min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_DEFAULTS[kind])


class _Game(pyspiel.Game):
    """A tcbg game for OpenSpiel: the tcbg game its parameters load (``self.tcbg``), with OpenSpiel's face."""

    KIND = ""

    def __init__(self, params=None):
        options = {**_DEFAULTS[self.KIND], **(params or {})}
        extra = dict(options)
        decks = extra.pop("decks").split("+")
        self._seed = extra.pop("seed")
        self.tcbg = load_game(self.KIND, decks=decks, **extra)
        g = self.tcbg
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions(), max_chance_outcomes=0, num_players=g.num_players(),
            min_utility=g.min_utility(), max_utility=g.max_utility(),
            utility_sum=g.utility_sum(), max_game_length=g.max_game_length())
        super().__init__(_game_type(self.KIND, g.num_players()), info, options)

    def new_initial_state(self):
        """The deal of the game's ``seed``."""
        return _State(self, self.tcbg.new_initial_state(self._seed))

    def deserialize_state(self, text: str):
        return _State(self, self.tcbg.deserialize_state(text))

    def observation_tensor_shape(self):
        return self.tcbg.observation_tensor_shape()

    def observation_tensor_size(self):
        return self.tcbg.observation_tensor_size()

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observation (tensor and text) by default; with perfect recall, the information state (text only)."""
        if params:
            raise ValueError(f"tcbg observers take no parameters; got {params}")
        return _Observer(self.tcbg, iig_obs_type is not None and iig_obs_type.perfect_recall)


class X610ZGame(_Game):
    KIND = "x610z"


class ZXGame(_Game):
    KIND = "zx"


class _State(pyspiel.State):
    """A tcbg state (``self.tcbg``) behind OpenSpiel's State. Clones (deep copies) copy it with tcbg's clone()."""

    def __init__(self, game: _Game, state) -> None:
        super().__init__(game)
        self.tcbg = state

    def current_player(self):
        return pyspiel.PlayerId.TERMINAL if self.tcbg.is_terminal() else self.tcbg.current_player()

    def _legal_actions(self, player):
        return self.tcbg.legal_actions() if player == self.current_player() else []

    def _apply_action(self, action):
        self.tcbg.apply_action(int(action))

    def _action_to_string(self, player, action):
        return self.tcbg.action_to_string(int(action))

    def is_terminal(self):
        return self.tcbg.is_terminal()

    def returns(self):
        return self.tcbg.returns()

    def serialize(self):
        return self.tcbg.serialize()

    def resample_from_infostate(self, player, probability_sampler):
        """A state consistent with what ``player`` knows (tcbg's ``resample_from_infostate``), its hidden parts
        dealt from a seed drawn from ``probability_sampler`` (a callable giving floats in [0, 1))."""
        seed = int(probability_sampler() * 2**53) ^ (int(probability_sampler() * 2**53) << 11)
        return _State(self.get_game(), self.tcbg.resample_from_infostate(player, seed % 2**64))

    def __str__(self):
        return str(self.tcbg)


class _Observer:
    """OpenSpiel's observer (open_spiel/python/observation.py): the tcbg state's own tensor, written into this
    observer's array by the core, and its texts."""

    def __init__(self, game, perfect_recall: bool) -> None:
        self._recall = perfect_recall
        self.tensor = np.zeros(0 if perfect_recall else game.observation_tensor_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        if not self._recall:
            state.tcbg.observation_tensor(player, out=self.tensor)

    def string_from(self, state, player):
        if self._recall:
            return state.tcbg.information_state_string(player)
        return state.tcbg.observation_string(player)


def register() -> None:
    """Registers ``tcbg_x610z`` and ``tcbg_zx`` with pyspiel (done on import; again is a no-op)."""
    known = set(pyspiel.registered_names())
    for kind, cls in (("x610z", X610ZGame), ("zx", ZXGame)):
        if NAMES[kind] not in known:
            pyspiel.register_game(_game_type(kind), cls)


register()
