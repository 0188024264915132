"""tcbg's games as reinforcement-learning environments (docs/environments.md): :class:`VectorEnv`, N games stepped
together natively. Nothing here imports an RL library."""

from tcbg.envs.vector import VectorEnv, VectorStep

__all__ = ["VectorEnv", "VectorStep"]
