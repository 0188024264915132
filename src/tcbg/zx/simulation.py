"""Z/X as the Monte Carlo harness plays it: its :class:`tcbg.montecarlo.games.GameKind` (registered on import), with
the picklable config of a game, its end reasons and the seatings of a matchup.

>>> import tcbg
>>> from tcbg.montecarlo import games
>>> game = tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"], max_turns=50)
>>> config = games.config_of(game)
>>> type(config).__name__, config.kind, config.build().options["max_turns"]
('ZXConfig', 'zx', 50)
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass, field
from typing import Any

from tcbg import _core
from tcbg.errors import GameError
from tcbg.montecarlo.games import GameKind, register

REASONS = ("none", "life", "concede", "turn limit")
"""The ``reason`` codes of Z/X's per-game records, by index (the core's EndReason)."""


@dataclass(frozen=True)
class ZXConfig:
    """What builds a Z/X game again without reading any file: its card table, its decks (card indices) and its
    options."""

    cards: tuple
    decks: tuple
    options: Any
    key: str = field(default="", compare=False)

    kind = "zx"

    def build(self):
        from tcbg.zx.game import Game

        return Game(list(self.cards), list(self.decks), **self.options)


def config_of(game) -> ZXConfig:
    from tcbg.zx.game import Game

    if not isinstance(game, Game):
        raise GameError(f"expected a Z/X game, not {type(game).__name__}", field="game", rule="simulation.md")
    parts = (tuple(game.cards), tuple(game.decks), dict(game.options))
    return ZXConfig(*parts, key=hashlib.sha256(pickle.dumps(parts, protocol=4)).hexdigest())


def teams_of(game) -> tuple[int, ...]:
    return (0, 1)


def game_facts(game) -> dict:
    return {"name": "zx", "max_turns": game.options["max_turns"], "effects": game.options["effects"]}


def describe(facts: dict) -> str:
    return f"Z/X, turn limit {facts['max_turns']}" + ("" if facts.get("effects", True) else ", cards as vanilla")


def matchup_games(deck_a, deck_b, **options):
    """The two seatings of a matchup of deck A against deck B: (game A-B, game B-A, side per seat of each)."""
    from tcbg.zx.game import load_game

    return (load_game("zx", decks=[deck_a, deck_b], **options), load_game("zx", decks=[deck_b, deck_a], **options),
            ("A", "B"), ("B", "A"))


KIND = GameKind(name="zx", config_of=config_of, native=_core.zx, reasons=REASONS, teams_of=teams_of,
                matchup_games=matchup_games, game_facts=game_facts, describe=describe)
register(KIND)
