"""Reinforcement-learning environments over tcbg's games (docs/environments.md).

- :class:`VectorEnv`: N games of either game stepped together natively (the batched environment); needs nothing more.
- :mod:`tcbg.envs.pettingzoo`: a PettingZoo AEC environment per game (``env``, ``raw_env``, ``parallel_env``);
  needs the ``pettingzoo`` extra (``pip install tcbg[pettingzoo]``).
- :mod:`tcbg.envs.gymnasium`: a Gymnasium single-agent environment against native opponents (``TcbgGymEnv``);
  needs the ``gymnasium`` extra.

Importing this package imports neither library: each submodule loads on first use.

>>> import tcbg.envs
>>> tcbg.envs.pettingzoo.env("zx", decks=["vanilla-red-blue", "vanilla-white-black"]).possible_agents
['player_0', 'player_1']
"""

import importlib

from tcbg.envs.vector import VectorEnv, VectorStep

_SUBMODULES = ("pettingzoo", "gymnasium")
__all__ = ["VectorEnv", "VectorStep", *_SUBMODULES]


def __getattr__(name: str):
    if name in _SUBMODULES:
        value = importlib.import_module(f"tcbg.envs.{name}")
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tcbg.envs' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_SUBMODULES))
