"""What the Monte Carlo harness needs to know about a game, kept in one place so the rest of the harness stays
game-independent: a registry of *game kinds* (docs/simulation.md, "Games the harness plays").

Each game registers a :class:`GameKind` (X610Z's is in :mod:`tcbg.x610z.simulation`): how to make a picklable
*config* of one of its games, from which a worker process (local or on a Dask cluster) rebuilds the very same game
(the harness never pickles a live game: its C++ core cannot be pickled); its core submodule (the native batch
function ``simulate``, the native ``Agent`` and ``agent_seed``); the names of its end reasons (the ``reason`` codes
of the per-game records); which seats belong to which team; and how a matchup of two decks is seated. A game's kind
is found by its ``Game.KIND`` name; the kind named ``k`` is registered by importing ``tcbg.<k>.simulation`` the first
time it is asked for, so a worker process needs nothing but the config.

>>> import tcbg
>>> game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=50)
>>> config = config_of(game)
>>> rebuilt = config.build()
>>> rebuilt.max_turns, rebuilt.setup, [deck.name for deck in rebuilt.decks]
(50, '1v1', ['vanilla-a', 'vanilla-b'])
>>> teams_of(game), kind_of(game).name, reasons_of(game)[1]
((0, 1), 'x610z', 'escape')
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from tcbg import _core
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


DEFAULT_GAME = "x610z"
"""The game of decks no registered kind claims."""

_CLAIMING = ("x610z", "zx")
"""The games whose kinds are asked whether they claim a deck (imported on first use)."""


def game_of_decks(decks) -> str:
    """The game the decks of a matchup or matrix belong to: the one whose kind claims them (``claims_deck``); a
    deck no kind claims (a misspelt name, a missing file) is left to the loader of the others' game, which names
    what is wrong, or of :data:`DEFAULT_GAME` when none is claimed. Decks of two games are a SimulationError naming
    two of them.

    >>> game_of_decks(["vanilla-red-blue", "vanilla-white-black"]), game_of_decks(["vanilla-a", "vanilla-b"])
    ('zx', 'x610z')
    >>> game_of_decks(["vanilla-red-blue", "vanilla-a"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    tcbg.errors.SimulationError: decks: decks of two games: 'vanilla-red-blue' is a deck of zx, 'vanilla-a' of ...
    """
    from tcbg.errors import SimulationError

    kinds = [kind_named(name) for name in _CLAIMING]
    claimed = [(deck, next((k.name for k in kinds if k.claims_deck(deck)), None)) for deck in decks]
    claimed = [(deck, game) for deck, game in claimed if game is not None]
    for deck, game in claimed:
        if game != claimed[0][1]:
            first, first_game = claimed[0]
            raise SimulationError(f"decks of two games: {_shown(first)} is a deck of {first_game}, {_shown(deck)} "
                                  f"of {game} (play decks of one game)", field="decks",
                                  rule="simulation.md matchups")
    # a deck no game claims (a misspelt name, a missing file) is left to the loader of the others' game, which
    # names what is wrong
    return claimed[0][1] if claimed else DEFAULT_GAME


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


def _shown(deck) -> str:
    return repr(getattr(deck, "name", None) or str(deck))


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


def _kind_if_known(config) -> GameKind | None:
    try:
        return kind_of_config(config)
    except GameError:  # a config of no registered kind (a caller's own): nothing to ask of it before a worker runs
        return None


def worker_problem(config) -> str | None:
    """Why a worker process could not rebuild the game of ``config``, or None."""
    kind = _kind_if_known(config)
    return None if kind is None else kind.worker_problem(config)


def main_functions(config) -> list[str]:
    """The game's callbacks of ``config`` that are defined in ``__main__``."""
    kind = _kind_if_known(config)
    return [] if kind is None else kind.main_functions(config)


def reasons_of(game) -> tuple[str, ...]:
    """The names of ``game``'s record reason codes, by code."""
    return kind_of(game).reasons


def reason_code(game, end_reason: str) -> int:
    """The record code of ``state.end_reason`` in ``game``."""
    return kind_of(game).reason_code(end_reason)


def teams_of(game) -> tuple[int, ...]:
    """The team of each seat, in seat order (free-for-all: each seat its own team)."""
    return tuple(kind_of(game).teams_of(game))


def instance_cards(game) -> list[tuple[int, str]]:
    """(owner, card name) per card instance, the columns of the records' ``card_flags``."""
    return game.instance_cards()


def instances_in_play_from_start(game) -> set[int]:
    """Instances in play from the start (never a card to judge by its draws)."""
    return kind_of(game).instances_in_play_from_start(game)


def deck_cards(game, seat: int) -> list[tuple[str, int]]:
    """(card name, copies) of the deck in ``seat`` of ``game``, one entry per card name."""
    return list(kind_of(game).deck_cards(game, seat))


def record_columns(game) -> tuple[str, ...]:
    """The names of ``game``'s own per-game record columns (its kind's seat measures, per seat)."""
    return kind_of(game).record_columns(game.num_players())


def game_facts(game) -> dict:
    """What a matchup's summary says of ``game``."""
    return kind_of(game).game_facts(game)


def native_simulate(game) -> Callable:
    """The core's batch function of ``game``'s kind: ``simulate(game_core, agents, master_seed, first_game,
    count)`` (docs/agents.md)."""
    return kind_of(game).native.simulate


def native_agent_class(game) -> Callable:
    """The core's ``Agent(spec, seed)`` of ``game``'s kind, with ``choose(state)``, one decision at a time."""
    return kind_of(game).native.Agent


def agent_seed(game, game_seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of the game seeded ``game_seed`` (the core's derivation)."""
    return kind_of(game).native.agent_seed(game_seed, seat)


def derive_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a batch started from ``master`` (the core's derivation, so native and Python
    loops seed game i alike)."""
    return _core.derive_seed(master, index)


def matchup_games(deck_a, deck_b, *, game: str = "x610z", **options):
    """The two seatings of a matchup of deck A against deck B in the game named ``game``: (game A-B, game B-A, side
    per seat of each). Seating A-B puts deck A on every seat of the first team and deck B on the second team's; B-A
    swaps them. ``options`` are the game's (X610Z: board, rules, setup, cards, max_turns).

    >>> ab, ba, sides_ab, sides_ba = matchup_games("vanilla-a", "vanilla-b")
    >>> [d.name for d in ab.decks], [d.name for d in ba.decks], sides_ab, sides_ba
    (['vanilla-a', 'vanilla-b'], ['vanilla-b', 'vanilla-a'], ('A', 'B'), ('B', 'A'))
    """
    from tcbg.errors import SimulationError

    kind = kind_named(game)
    foreign = sorted(set(options) - set(kind.options))
    if foreign:
        raise SimulationError(f"{foreign[0]} is not an option of {game} (its options: {', '.join(kind.options)})",
                              field=foreign[0], rule="simulation.md")
    return kind.matchup_games(deck_a, deck_b, **options)
