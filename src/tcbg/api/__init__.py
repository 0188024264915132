"""What every game's Python face shares (docs/architecture.md, "What the games share"): the base classes of a game's
``Game`` and ``State`` with OpenSpiel's names, and the answer of a legality check.

A game's ``State`` subclasses :class:`State` and its core's bound State (``class State(tcbg.api.State,
_core.<game>.State)``): the hot methods (``legal_actions``, ``apply_action``, ``is_terminal``, ``current_player``,
``clone``, ``is_legal``, ``returns``, ``history``) are the core's own, bound once for every game by
``python/core_api.hpp``; this package adds what is written in Python once for all (pickling through ``serialize``,
copies, the state text format, ``check_action``, ``string_to_action``). A game's ``Game`` subclasses :class:`Game`.

>>> import tcbg
>>> from tcbg import api
>>> state = tcbg.load_game(decks=["vanilla-a", "vanilla-b"]).new_initial_state(seed=7)
>>> isinstance(state, api.State), isinstance(state.get_game(), api.Game)
(True, True)
>>> state.check_action(1)
Legality(action=1, reason='')
>>> api.TERMINAL_PLAYER_ID, state.is_chance_node()
(-4, False)
"""

from tcbg.api.game import (CHANCE_PLAYER_ID, TERMINAL_PLAYER_ID, Game, State, check_seed, game_names, is_whole,
                           load_game, whole_number)
from tcbg.api.legality import Legality

__all__ = ["CHANCE_PLAYER_ID", "Game", "Legality", "State", "TERMINAL_PLAYER_ID", "check_seed", "game_names",
           "is_whole", "load_game", "whole_number"]
