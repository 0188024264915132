"""The game kinds: what each game tells the simulation harness about itself (docs/simulation.md, "Games the harness
plays"), a registry the games fill and the harness (:mod:`tcbg.montecarlo.games`) reads. It sits beside
:class:`tcbg.api.Game` because a game's kind is part of what a game provides: ``tcbg.<name>.simulation`` registers
it, and a game pickles as its kind's config (``Game.__reduce__``).

>>> import tcbg
>>> game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=50)
>>> kind_of(game).name, config_of(game).build().max_turns
('x610z', 50)
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from tcbg.errors import GameError

def _no_problem(config) -> str | None:
    return None


def _no_functions(config) -> list[str]:
    return []


def _no_instances(game) -> set[int]:
    return set()


def _listed_cards(game, seat: int) -> list[tuple[str, int]]:
    return [(card.name, count) for card, count in game.decks[seat].cards]


def _claims_nothing(deck) -> bool:
    return False


def _same_options(decks, options: dict) -> dict:
    return options


def _named(facts: dict) -> str:
    return str(facts.get("name", ""))


@dataclass(frozen=True)
class GameKind:
    """A game as the harness plays it.

    - ``name``: the game's name (``Game.KIND``, ``tcbg.load_game``'s first argument).
    - ``config_of(game)``: a picklable config with ``key`` (equal configs, equal keys) and ``build()`` (the game
      again, reading no file), and ``kind`` (``name``).
    - ``native``: the core's submodule of the game, with ``simulate(game_core, agents, master_seed, first_game,
      count)``, ``Agent(spec, seed)`` and ``agent_seed(game_seed, seat)`` (``python/core_api.hpp`` binds them).
    - ``reasons``: the names of the records' ``reason`` codes, by code (0: none).
    - ``teams_of(game)``: the team of each seat.
    - ``instances_in_play_from_start(game)``: card instances in play when a game starts (X610Z's life bases), never
      cards to judge by their draws.
    - ``deck_cards(game, seat)``: (card name, copies) of the deck in ``seat``, one entry per card name, the rows of
      the per-card statistics (default: X610Z's ``deck.cards``).
    - ``worker_problem(config)``: why a worker process could not rebuild the game, or None.
    - ``main_functions(config)``: the game's callbacks defined in ``__main__`` (the workers must import the main
      module to find them).
    - ``matchup_games(deck_a, deck_b, **options)``: the two seatings of a matchup (see :func:`matchup_games`).
    - ``default_agent``: the agent a matchup plays unless told otherwise (its strongest cheap one).
    - ``claims_deck(deck)``: True when ``deck`` (a name, a path or a deck object) is one of this game's: a shipped
      deck's name, a deck of its own class or a list file in its format (:func:`game_of_decks`).
    - ``options``: the names of the matchup options the game takes (default: X610Z's).
    - ``matrix_options(decks, options)``: the options every matchup of a matrix of ``decks`` plays with (Z/X
      settles ``effects`` once for all the decks, so the cells compare alike).
    - ``game_facts(game)``: what a matchup's summary says of the game (a JSON-able dict with ``name``).
    - ``describe(facts)``: those facts in words, for the reports.
    - ``seat_measures``: the game's own per-game record columns, one per seat each (uint16), named
      ``{measure}_p{seat}`` in the records (Z/X: ``reloads``, ``first_reload_turn``); the native batch returns them
      (its binding's record watch) and ``record_watch()`` makes the Python loop's equal: an object with
      ``after(state)``, called after every action, and ``values(state)``, the columns' values at the end in
      :meth:`record_columns` order.
    - ``played_word``: what the game calls playing a card, in the per-card statistics' words (the records' ``cast``
      flag; X610Z "cast", Z/X "played").
    - ``card_flags``: the game's own per-card record bits beyond drawn, cast and in play, as (key, bit, words) (Z/X:
      played from Ignition, from Life): each gets its games and win rate in the per-card statistics.
    """

    name: str
    config_of: Callable[[Any], Any]
    native: Any
    reasons: tuple[str, ...]
    teams_of: Callable[[Any], tuple[int, ...]]
    matchup_games: Callable[..., tuple]
    game_facts: Callable[[Any], dict]
    instances_in_play_from_start: Callable[[Any], set[int]] = _no_instances
    deck_cards: Callable[[Any, int], list[tuple[str, int]]] = _listed_cards
    worker_problem: Callable[[Any], str | None] = _no_problem
    main_functions: Callable[[Any], list[str]] = _no_functions
    describe: Callable[[dict], str] = _named
    default_agent: str = "heuristic"
    claims_deck: Callable[[Any], bool] = _claims_nothing
    matrix_options: Callable[[Any, dict], dict] = _same_options
    options: tuple[str, ...] = ("board", "rules", "setup", "cards", "max_turns")
    seat_measures: tuple[str, ...] = ()
    record_watch: Callable[[], Any] | None = None
    played_word: str = "cast"
    card_flags: tuple[tuple[str, int, str], ...] = ()

    def record_columns(self, num_players: int) -> tuple[str, ...]:
        """The names of the game's own record columns in a game of ``num_players``: each seat measure per seat.

        >>> kind_named("zx").record_columns(2)
        ('reloads_p0', 'reloads_p1', 'first_reload_turn_p0', 'first_reload_turn_p1')
        """
        return tuple(f"{measure}_p{seat}" for measure in self.seat_measures for seat in range(num_players))

    def reason_code(self, end_reason: str) -> int:
        """The record code of ``state.end_reason`` (``""`` while a game goes on is 0, none)."""
        return 0 if end_reason in ("", "none") else self.reasons.index(end_reason)


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> None:
    """Make ``kind`` known to the harness (a game's ``tcbg.<name>.simulation`` module calls it on import)."""
    _KINDS[kind.name] = kind


def kind_named(name: str) -> GameKind:
    """The registered kind ``name``, importing ``tcbg.<name>.simulation`` the first time."""
    kind = _KINDS.get(name)
    if kind is None and isinstance(name, str) and name.isidentifier():
        try:
            importlib.import_module(f"tcbg.{name}.simulation")
        except ModuleNotFoundError as exc:
            if not (exc.name or "").startswith(f"tcbg.{name}"):
                raise
        kind = _KINDS.get(name)
    if kind is None:
        raise GameError(f"no game {name!r} is known to the simulation harness (games: {', '.join(sorted(_KINDS))})",
                        field="game", rule="simulation.md")
    return kind


def list_file_has(deck, label: str) -> bool:
    """Does the file ``deck`` (a path; False when it cannot be read) have a ``label:`` line (case ignored)? How a
    game's kind tells its deck list files (X610Z's name a ``Life base:``, Z/X's a ``Player:``)."""
    import os
    import re

    if not isinstance(deck, (str, os.PathLike)):
        return False
    try:
        with open(deck, encoding="utf-8", errors="replace") as handle:
            text = handle.read(1 << 20)
    except OSError:
        return False
    return re.search(rf"^[ \t]*{re.escape(label)}[ \t]*:", text, re.IGNORECASE | re.MULTILINE) is not None


def kind_of(game) -> GameKind:
    """The kind of ``game`` (a ``tcbg.load_game`` result), by its ``KIND``."""
    name = getattr(type(game), "KIND", None)
    if not name or not hasattr(game, "_core"):
        raise GameError(f"expected a game made by tcbg.load_game, not {type(game).__name__}", field="game",
                        rule="simulation.md")
    return kind_named(name)


def kind_of_config(config) -> GameKind:
    """The kind of a config made by ``config_of``."""
    return kind_named(getattr(config, "kind", ""))


def config_of(game):
    """The picklable config that rebuilds ``game`` (a ``tcbg.load_game`` result)."""
    return kind_of(game).config_of(game)
