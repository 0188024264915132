"""Replays: one game decision by decision, written as one self-contained HTML page (``tcbg replay``,
docs/replay.md).

- :mod:`tcbg.replay.record`: a game recorded position by position (:func:`play_game` by agents,
  :func:`replay_history` from a list of actions).
- :mod:`tcbg.replay.view`: what one player can see of a position (:func:`player_view`).
- :mod:`tcbg.replay.page`: the page (:func:`write_replay`).
- :mod:`tcbg.replay.sources`: the games of a matchup's records folder.
- :mod:`tcbg.replay.samples`: the sample games a report links.
"""

from tcbg.replay.page import replay_html, write_replay
from tcbg.replay.record import Replay, play_game, replay_history
from tcbg.replay.view import player_view

__all__ = ["Replay", "play_game", "player_view", "replay_history", "replay_html", "write_replay"]
