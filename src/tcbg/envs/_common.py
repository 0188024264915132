"""What the PettingZoo and Gymnasium environments share: the game from a Game or load_game's keywords, checked
options, and reading an action an agent gave."""

from __future__ import annotations

from typing import Any

import numpy as np

from tcbg.errors import GameError


def make_game(game: Any, options: dict, rule: str):
    """``game`` when it is a :class:`tcbg.api.Game` (and no options are given), else ``tcbg.load_game(game,
    **options)``."""
    from tcbg.api import Game, load_game

    if isinstance(game, Game):
        if options:
            raise GameError(f"give a game or load_game's options, not both (options: {', '.join(sorted(options))})",
                            field="game", rule=rule)
        return game
    if isinstance(game, str):
        return load_game(game, **options)
    raise GameError(f"a game is a tcbg Game or a game's name, not {type(game).__name__}", field="game", rule=rule)


def check_choice(value: Any, choices: tuple[str, ...], field: str, rule: str) -> str:
    if value not in choices:
        raise GameError(f"{field} is one of {', '.join(map(repr, choices))}, not {value!r}", field=field, rule=rule)
    return value


def legal_id(state, action: Any) -> int | None:
    """The action id ``action`` gives (an int, a numpy integer or a 0-d integer array) when it is legal now, else
    None."""
    if isinstance(action, np.ndarray) and action.ndim == 0:
        action = action.item()
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        action = int(action)
        if 0 <= action < state.get_game().num_distinct_actions() and state.is_legal(action):
            return action
    return None
