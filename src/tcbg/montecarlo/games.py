"""What the Monte Carlo harness needs to know about a game, kept in one place so the rest of the harness stays
game-independent: a registry of *game kinds* (docs/simulation.md, "Games the harness plays"), asked about a game.
The kinds and their registry are :mod:`tcbg.api.kinds`, named here too.

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

from typing import Callable

from tcbg import _core
from tcbg.api.kinds import (  # noqa: F401  (the registry's names, as the harness has always offered them)
    GameKind, config_of, kind_named, kind_of, kind_of_config, list_file_has, register,
)
from tcbg.errors import GameError

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


def _shown(deck) -> str:
    return repr(getattr(deck, "name", None) or str(deck))


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
