"""What the Monte Carlo harness needs to know about a game, kept in one place so the rest of the harness stays
game-independent.

A *game config* is a small picklable description from which a worker process (local or on a Dask cluster) rebuilds
the very same game; the harness never pickles a live game (its C++ core cannot be pickled). The adapter also says
how a game ends (the reason codes of the per-game records), which seats belong to which team, and where the native
batch function and native agents are.

>>> import tcbg
>>> game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=50)
>>> config = config_of(game)
>>> rebuilt = config.build()
>>> rebuilt.max_turns, rebuilt.setup, [deck.name for deck in rebuilt.decks]
(50, '1v1', ['vanilla-a', 'vanilla-b'])
>>> teams_of(game)
(0, 1)
"""

from __future__ import annotations

import hashlib
import pickle
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

from tcbg import _core
from tcbg.errors import DeckError, GameError

REASONS = ("none", "escape", "destruction", "depletion", "capitulation", "turn limit", "alternative victory")
"""The ``reason`` codes of the per-game records, by index (0 none, 1 escape, 2 destruction, 3 depletion,
4 capitulation, 5 turn limit, 6 alternative victory: a card effect such as a quest won the game): the native batch
function writes the same codes."""

_REASON_CODE = {name: code for code, name in enumerate(REASONS)}
_REASON_CODE[""] = 0


def reason_code(end_reason: str) -> int:
    """The record code of ``state.end_reason`` (``""`` while a game goes on is 0, none)."""
    return _REASON_CODE[end_reason]


@dataclass(frozen=True)
class X610ZConfig:
    """Everything ``load_game`` resolved for an X610Z game: the board's checked spec and edition, the setup, the card
    set, the checked decks, the turn limit and whether the cards' effects run. Picklable; :meth:`build` makes the game again without reading any
    file, so a worker needs tcbg installed but not the user's deck or board files."""

    board_spec: Any
    rules: str
    board_file: str
    setup: str
    cards: Any
    decks: tuple
    max_turns: int
    effects: bool = True
    key: str = field(default="", compare=False)

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

    cards = getattr(config, "cards", None)  # a config of another kind has nothing of the slow path
    return functions_problem(cards.native_effects().python_effects) if hasattr(cards, "native_effects") else None


def teams_of(game) -> tuple[int, ...]:
    """The team of each seat, in seat order (free-for-all: each seat its own team)."""
    return tuple(game.board.setups[game.setup].teams)


def instance_cards(game) -> list[tuple[int, str]]:
    """(owner, card name) per card instance, the columns of the records' ``card_flags``."""
    return game.instance_cards()


def life_base_instances(game) -> set[int]:
    """Instances that are life bases (in play from the start, so never a card to judge by its draws)."""
    seen: set[int] = set()
    out = set()
    for i, (owner, _) in enumerate(game.instance_cards()):
        if owner not in seen:  # each player's life base comes first in their block (Game.instance_cards)
            seen.add(owner)
            out.add(i)
    return out


def native_simulate() -> Callable:
    """The core's batch function ``simulate(game_core, agents, master_seed, first_game, count)`` (docs/agents.md)."""
    return _core.x610z.simulate


def native_agent_class() -> Callable:
    """The core's ``Agent(spec, seed)`` with ``choose(state)``, one decision at a time."""
    return _core.x610z.Agent


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of the game seeded ``game_seed`` (the core's derivation)."""
    return _core.x610z.agent_seed(game_seed, seat)


def derive_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a batch started from ``master`` (the core's derivation, so native and Python
    loops seed game i alike)."""
    return _core.derive_seed(master, index)


def shipped_deck_home(deck) -> tuple[str, str] | None:
    """(card set, edition) that a shipped deck is built for, as its list's header says (``# Card set: ruins.
    Edition: existenz.``); None for a deck that is not a shipped deck's name.

    >>> shipped_deck_home("arnunnian"), shipped_deck_home("act1-quests"), shipped_deck_home("my-deck.txt")
    (('ruins', 'existenz'), ('quests', 'act1'), None)
    """
    import re

    from tcbg.x610z.decks import Deck

    if not isinstance(deck, str) or deck not in Deck.names():
        return None
    from tcbg.x610z import decks as deck_module

    header = " ".join(line for line in (deck_module._DECKS / f"{deck}.txt").read_text(encoding="utf-8").splitlines()
                      if line.startswith("#"))
    card_set, edition = re.search(r"Card set: (\w[\w-]*)", header), re.search(r"Edition: (\w+)", header)
    return (card_set.group(1), edition.group(1)) if card_set and edition else None


def _decks_by_set() -> str:
    from tcbg.x610z.decks import Deck

    by_set: dict[str, list[str]] = {}
    for name in Deck.names():
        home = shipped_deck_home(name)
        if home is not None:
            by_set.setdefault(home[0], []).append(name)
    return "; ".join(f"{card_set}: {', '.join(names)}" for card_set, names in sorted(by_set.items()))


def _explain_deck_error(exc, homes: dict, card_set, board) -> None:
    """Raise a GameError naming the real cause when a shipped deck fails to load because it met another card set or
    another edition than the one it is built for; return (the caller re-raises ``exc``) otherwise."""
    for deck, home in homes.items():
        if home is None or exc.file != f"{deck}.txt":
            continue
        deck_set, edition = home
        if exc.rule == "D3" and deck_set != card_set.name:
            raise GameError(f"deck {deck!r} draws on the card set {deck_set!r}, not {card_set.name!r}: play it with "
                            f"cards={deck_set!r} (--cards {deck_set}) against a deck of that set ({_decks_by_set()})",
                            field="decks", rule="deck-format (shipped decks)") from exc
        if exc.rule == "D9" and edition != board.rules:
            from tcbg.x610z.board import Board

            boards = [name for name in Board.names() if Board.load(name).rules == edition]
            where = f"board={boards[0]!r} (--board {boards[0]}), or " if boards else ""
            raise GameError(f"deck {deck!r} is built for the {edition} edition, and board {board.name!r} plays "
                            f"{board.rules}: play it with {where}rules={edition!r} (--rules {edition})",
                            field="decks", rule="deck-format D9") from exc


def matchup_games(deck_a, deck_b, *, board="existenz", rules=None, setup="1v1", cards=None, max_turns=200):
    """The two seatings of a matchup of deck A against deck B: (game A-B, game B-A, side per seat of each). Seating
    A-B puts deck A on every seat of the setup's first team and deck B on the second team's; B-A swaps them. A
    matchup needs a setup with exactly two teams (1v1, 2v2, 3v3). ``cards``: the card set, by default as
    ``load_game`` picks it (``ruins`` for two faction starter decks, else ``vanilla``).

    >>> ab, ba, sides_ab, sides_ba = matchup_games("vanilla-a", "vanilla-b")
    >>> [d.name for d in ab.decks], [d.name for d in ba.decks], sides_ab, sides_ba
    (['vanilla-a', 'vanilla-b'], ['vanilla-b', 'vanilla-a'], ('A', 'B'), ('B', 'A'))
    """
    from tcbg.x610z.board import Board
    from tcbg.x610z.cards import CardSet
    from tcbg.x610z.game import default_card_set, load_game

    board_obj = board if isinstance(board, Board) else Board.load(board, rules=rules)
    if setup not in board_obj.setups:
        raise GameError(f"no setup {setup!r} on board {board_obj.name!r} (setups: {', '.join(board_obj.setups)})",
                        field="setup", rule="rules.md 5.1")
    teams = board_obj.setups[setup].teams
    if len(set(teams)) != 2:
        two = ", ".join(name for name, s in board_obj.setups.items() if len(set(s.teams)) == 2)
        raise GameError(f"a matchup needs a setup with two teams ({two}); {setup!r} has {len(set(teams))}",
                        field="setup", rule="simulation.md matchups")
    first_team = teams[0]
    sides_ab = tuple("A" if t == first_team else "B" for t in teams)
    sides_ba = tuple("B" if s == "A" else "A" for s in sides_ab)
    homes = {deck: shipped_deck_home(deck) for deck in (deck_a, deck_b)}
    if cards is None:
        sets = {deck: home[0] for deck, home in homes.items() if home is not None}
        if len(set(sets.values())) > 1:
            raise GameError(f"the two decks of a matchup draw on one card set, and these draw on two: "
                            + ", ".join(f"{deck} on {card_set!r}" for deck, card_set in sets.items())
                            + f"; pick two decks of one set ({_decks_by_set()})", field="decks",
                            rule="deck-format (shipped decks)")
        cards = default_card_set([deck_a, deck_b])
    card_set = cards if isinstance(cards, CardSet) else CardSet.load(cards)
    try:
        ab = load_game("x610z", board=board_obj, setup=setup, cards=card_set, max_turns=max_turns,
                       decks=[deck_a if s == "A" else deck_b for s in sides_ab])
    except DeckError as exc:
        _explain_deck_error(exc, homes, card_set, board_obj)
        raise
    # the decks are checked once; the swapped seating reuses the checked objects
    deck_objs = {side: ab.decks[sides_ab.index(side)] for side in "AB"}
    ba = load_game("x610z", board=board_obj, setup=setup, cards=card_set, max_turns=max_turns,
                   decks=[deck_objs[s] for s in sides_ba])
    return ab, ba, sides_ab, sides_ba
