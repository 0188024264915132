"""tcbg: a simulation core for trading card board games.

For game designers and analysts who simulate millions of games, compare deck matchups, and embed fast legality
checks in their own tools. The rules run in a C++ core (``tcbg._core``); this package is its Python face.

>>> from tcbg.x610z import Board
>>> board = Board.load("existenz")
>>> board.rules
'existenz'
"""

import sys as _sys

from tcbg.errors import (
    BoardError,
    CardError,
    DataFileError,
    DeckError,
    EffectError,
    GameError,
    IllegalActionError,
    PositionError,
    ProvenanceError,
    SimulationError,
    TcbgError,
)

# ``simulate``, ``load_game`` and the other names of the game (and the subpackages) load on first use: ``import tcbg`` stays light, so the ``tcbg``
# command starts its own handling of Ctrl-C (tcbg.cli.main) before numpy and the core are loaded.
_LAZY = {"simulate": "tcbg.montecarlo.simulate", "load_game": "tcbg.api", "Legality": "tcbg.api",
         "CHANCE_PLAYER_ID": "tcbg.api", "TERMINAL_PLAYER_ID": "tcbg.api"}
_SUBPACKAGES = ("api", "x610z", "zx", "montecarlo", "envs", "_core")


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


class _EffectsFilesOnDemand:
    """Finds a card set's effects file by the module name it was loaded under (``tcbg_effects_...``) with the finder
    of tcbg.effects.loading, loaded at the first such import: a worker process that unpickles a slow-path
    function finds its file even before anything else of tcbg is loaded there."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        if not fullname.startswith("tcbg_effects_"):
            return None
        from tcbg.effects.loading import EffectsFileFinder

        return EffectsFileFinder().find_spec(fullname, path, target)


if not any(type(finder).__name__ == "_EffectsFilesOnDemand" for finder in _sys.meta_path):
    _sys.meta_path.append(_EffectsFilesOnDemand())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | set(_SUBPACKAGES))


__all__ = ["BoardError", "CardError", "CHANCE_PLAYER_ID", "DataFileError", "DeckError", "EffectError", "GameError",
           "IllegalActionError", "Legality", "PositionError", "ProvenanceError", "SimulationError", "TcbgError",
           "TERMINAL_PLAYER_ID",
           "load_game", "simulate", "__version__"]
__version__ = "0.2.0"
