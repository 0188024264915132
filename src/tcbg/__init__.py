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

# ``simulate`` and ``load_game`` (and the subpackages) load on first use: ``import tcbg`` stays light, so the ``tcbg``
# command starts its own handling of Ctrl-C (tcbg.cli.main) before numpy and the core are loaded.
_LAZY = {"simulate": "tcbg.montecarlo.simulate", "load_game": "tcbg.x610z.game"}
_SUBPACKAGES = ("x610z", "montecarlo", "_core")


def __getattr__(name: str):
    import importlib

    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
    elif name in _SUBPACKAGES:
        value = importlib.import_module(f"tcbg.{name}")
    else:
        raise AttributeError(f"module 'tcbg' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | set(_SUBPACKAGES))


__all__ = ["BoardError", "CardError", "DataFileError", "DeckError", "EffectError", "GameError", "IllegalActionError",
           "PositionError", "SimulationError", "TcbgError", "load_game", "simulate", "__version__"]
__version__ = "0.1.0"
