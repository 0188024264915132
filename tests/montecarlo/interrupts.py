"""Ctrl-C, simulated: the batch players of a run raise KeyboardInterrupt after a given number of batches."""

from __future__ import annotations

from tcbg.montecarlo import batch
from tcbg.montecarlo import games as game_adapter


def interrupt_after(monkeypatch, batches: int) -> list[int]:
    """Make the batch players (the native one and the Python loop, whichever a run uses) raise KeyboardInterrupt
    on the call after ``batches`` calls, as Ctrl-C would; returns the first game of each batch played."""
    played: list[int] = []
    real_loop, real_native = batch.python_loop, game_adapter.native_simulate

    def wrap(play):
        def interrupted(g, agents, master, first, count):
            if len(played) == batches:
                raise KeyboardInterrupt
            played.append(first)
            return play(g, agents, master, first, count)
        return interrupted

    monkeypatch.setattr(batch, "python_loop", wrap(real_loop))
    monkeypatch.setattr(game_adapter, "native_simulate", lambda game: wrap(real_native(game)))
    return played
