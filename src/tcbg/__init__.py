"""tcbg: a simulation core for trading card board games.

For game designers and analysts who simulate millions of games, compare deck matchups, and embed fast legality
checks in their own tools. The rules run in a C++ core (``tcbg._core``); this package is its Python face.

>>> from tcbg.x610z import Board
>>> board = Board.load("existenz")
>>> board.rules
'existenz'
"""

from tcbg.errors import (
    BoardError,
    CardError,
    DataFileError,
    DeckError,
    EffectError,
    GameError,
    IllegalActionError,
    PositionError,
    SimulationError,
    TcbgError,
)
from tcbg.montecarlo.simulate import simulate
from tcbg.x610z.actions import Legality
from tcbg.x610z.game import CHANCE_PLAYER_ID, TERMINAL_PLAYER_ID, load_game

__all__ = ["BoardError", "CardError", "CHANCE_PLAYER_ID", "DataFileError", "DeckError", "EffectError", "GameError",
           "IllegalActionError", "Legality", "PositionError", "SimulationError", "TcbgError", "TERMINAL_PLAYER_ID",
           "load_game", "simulate", "__version__"]
__version__ = "0.1.0"
