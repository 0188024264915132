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
from tcbg.x610z.game import load_game

__all__ = ["BoardError", "CardError", "DataFileError", "DeckError", "EffectError", "GameError", "IllegalActionError",
           "PositionError", "SimulationError", "TcbgError", "load_game", "simulate", "__version__"]
__version__ = "0.1.0"
