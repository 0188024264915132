"""X610Z as the Monte Carlo harness plays it: its :class:`tcbg.api.kinds.GameKind` (registered on import),
with the picklable config of a game, its end reasons, its teams, its life bases, its slow-path functions as the
worker processes must find them, and the seatings of a matchup.

>>> import tcbg
>>> from tcbg.montecarlo import games
>>> game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=50)
>>> config = games.config_of(game)
>>> type(config).__name__, config.kind, config.build().max_turns
('X610ZConfig', 'x610z', 50)
"""

from __future__ import annotations

import hashlib
import pickle
import uuid
from dataclasses import dataclass, field
from typing import Any

from tcbg import _core
from tcbg.errors import GameError
from tcbg.api.kinds import GameKind, register

REASONS = ("none", "escape", "destruction", "depletion", "capitulation", "turn limit", "alternative victory")
"""The ``reason`` codes of X610Z's per-game records, by index (0 none, 1 escape, 2 destruction, 3 depletion,
4 capitulation, 5 turn limit, 6 alternative victory: a card effect such as a quest won the game): the native batch
function writes the same codes (the core's EndReason)."""


@dataclass(frozen=True)
class X610ZConfig:
    """Everything ``load_game`` resolved for an X610Z game: the board's checked spec and edition, the setup, the card
    set, the checked decks, the turn limit and whether the cards' effects run. Picklable; :meth:`build` makes the game
    again without reading any file, so a worker needs tcbg installed but not the user's deck or board files."""

    board_spec: Any
    rules: str
    board_file: str
    setup: str
    cards: Any
    decks: tuple
    max_turns: int
    effects: bool = True
    key: str = field(default="", compare=False)

    kind = "x610z"  # the harness's kind (a class attribute, not a field)

    def build(self):
        from tcbg.x610z.board import Board
        from tcbg.x610z.game import Game

        board = Board(self.board_spec, self.rules, self.board_file)
        return Game(board, self.setup, self.cards, self.decks, self.max_turns, effects=self.effects)


def config_of(game) -> X610ZConfig:
    """The picklable config that rebuilds ``game`` (a ``tcbg.load_game`` result)."""
    from tcbg.x610z.game import Game

    if not isinstance(game, Game):
        raise GameError(f"expected a game made by tcbg.load_game, not {type(game).__name__}", field="game",
                        rule="simulation.md")
    parts = (game.board._spec, game.board.rules, game.board.file, game.setup, game.cards, tuple(game.decks),
             game.max_turns, game.effects)
    # the key names the config in a worker's cache of built games; equal configs pickle to equal bytes
    try:
        key = hashlib.sha256(pickle.dumps(parts, protocol=4)).hexdigest()
    except (pickle.PicklingError, AttributeError, TypeError):  # a slow-path lambda: this process plays it alone
        key = f"unpicklable-{uuid.uuid4().hex}"
    return X610ZConfig(*parts, key=key)


def worker_problem(config) -> str | None:
    """Why a worker process could not rebuild the game of ``config`` (its card set's slow-path functions cannot be
    imported there by name), or None."""
    from tcbg.x610z.effects.slowpath import worker_problem as functions_problem

    cards = getattr(config, "cards", None)
    return functions_problem(cards.native_effects().python_effects) if hasattr(cards, "native_effects") else None


def main_functions(config) -> list[str]:
    """The slow-path functions of the config's card set that are defined in ``__main__``."""
    cards = getattr(config, "cards", None)
    if not hasattr(cards, "native_effects"):
        return []
    return [f"__main__.{getattr(function, '__qualname__', function)}"
            for function in cards.native_effects().python_effects
            if getattr(function, "__module__", None) == "__main__"]


def teams_of(game) -> tuple[int, ...]:
    return tuple(game.board.setups[game.setup].teams)


def life_base_instances(game) -> set[int]:
    """Instances that are life bases (in play from the start, so never a card to judge by its draws)."""
    seen: set[int] = set()
    out = set()
    for i, (owner, _) in enumerate(game.instance_cards()):
        if owner not in seen:  # each player's life base comes first in their block (Game.instance_cards)
            seen.add(owner)
            out.add(i)
    return out


def game_facts(game) -> dict:
    return {"name": "x610z", "board": game.board.name, "rules": game.board.rules, "setup": game.setup,
            "max_turns": game.max_turns, "cards": game.cards.name}


def describe(facts: dict) -> str:
    """A matchup summary's game facts in words (the reports)."""
    return (f"X610Z, board {facts['board']} ({facts['rules']}), setup {facts['setup']}, card set "
            f"{facts.get('cards', '')}, turn limit {facts['max_turns']}")


def matchup_games(deck_a, deck_b, *, board="existenz", rules=None, setup="1v1", cards=None, max_turns=200):
    """The two seatings of a matchup of deck A against deck B: (game A-B, game B-A, side per seat of each). A matchup
    needs a setup with exactly two teams (1v1, 2v2, 3v3). ``cards``: the card set, by default the one the decks'
    ``Card set:`` lines name (``load_game`` reads the decks; docs/deck-format.md D10)."""
    from tcbg.x610z.board import Board
    from tcbg.x610z.game import load_game

    board_obj = board if isinstance(board, Board) else Board.load(board, rules=rules)
    if setup not in board_obj.setups:
        from tcbg._suggest import with_hint

        raise GameError(with_hint(f"no setup {setup!r} on board {board_obj.name!r} (setups: "
                                  f"{', '.join(board_obj.setups)})", str(setup), board_obj.setups),
                        field="setup", rule="rules.md 5.1")
    teams = board_obj.setups[setup].teams
    if len(set(teams)) != 2:
        two = ", ".join(name for name, s in board_obj.setups.items() if len(set(s.teams)) == 2)
        raise GameError(f"a matchup needs a setup with two teams ({two}); {setup!r} has {len(set(teams))}",
                        field="setup", rule="simulation.md matchups")
    first_team = teams[0]
    sides_ab = tuple("A" if t == first_team else "B" for t in teams)
    sides_ba = tuple("B" if s == "A" else "A" for s in sides_ab)
    ab = load_game("x610z", board=board_obj, setup=setup, cards=cards, max_turns=max_turns,
                   decks=[deck_a if s == "A" else deck_b for s in sides_ab])
    card_set = ab.cards
    # the decks are checked once; the swapped seating reuses the checked objects
    deck_objs = {side: ab.decks[sides_ab.index(side)] for side in "AB"}
    ba = load_game("x610z", board=board_obj, setup=setup, cards=card_set, max_turns=max_turns,
                   decks=[deck_objs[s] for s in sides_ba])
    return ab, ba, sides_ab, sides_ba


def claims_deck(deck) -> bool:
    """Is ``deck`` an X610Z deck: a shipped X610Z deck's name, a ``tcbg.x610z.decks.Deck``, or a list file with a
    ``Life base:`` line (docs/deck-format.md)?"""
    from tcbg.api.kinds import list_file_has
    from tcbg.x610z.decks import Deck

    if isinstance(deck, Deck) or (isinstance(deck, str) and deck in Deck.names()):
        return True
    return list_file_has(deck, "life base")


KIND = GameKind(name="x610z", config_of=config_of, native=_core.x610z, reasons=REASONS, teams_of=teams_of,
                matchup_games=matchup_games, game_facts=game_facts, instances_in_play_from_start=life_base_instances,
                worker_problem=worker_problem, main_functions=main_functions, describe=describe,
                claims_deck=claims_deck)
register(KIND)
