"""The base classes of every game's ``Game`` and ``State``, with OpenSpiel's names (docs/architecture.md, "What the
games share").

A game names, on its ``Game`` subclass: ``KIND`` (its name in the simulation harness's registry,
:mod:`tcbg.api.kinds`), ``STATE_FORMAT`` (the first line of ``State.serialize()``), ``RULE`` (its rules
document, cited by the errors raised here, with ``SEED_RULE`` and ``ACTION_RULE`` its rule numbers for the
set-up and for action ids), ``state_class`` (its ``State``), and ``_core`` (the core's Game) on each
game. Its ``State`` subclasses :class:`State` first and its core's bound ``State`` second, and is made as
``state_class(game, *core_args)``: (seed) for a new game, (bytes, history) for a serialized one.
"""

from __future__ import annotations

import base64
import binascii
import importlib
import importlib.util
import pkgutil
from typing import Any

import numpy as np

from tcbg import _core
from tcbg.api.legality import Legality, check_id, suggest
from tcbg.api.numbers import check_seed, is_whole, shown, whole_number
from tcbg.errors import GameError, IllegalActionError, PositionError

TERMINAL_PLAYER_ID = _core.TERMINAL_PLAYER_ID
"""``current_player()`` of a finished game (OpenSpiel's kTerminalPlayerId), in every game."""
CHANCE_PLAYER_ID = _core.CHANCE_PLAYER_ID
"""OpenSpiel's chance player: tcbg's games deal chance from the state's seed, so no state shows it."""

_RECENT_POSITIONS = 8  # position texts Game.check_action keeps read


def game_names() -> list[str]:
    """The games this installation plays: the subpackages of tcbg with a ``game`` module (``tcbg.<name>.game``),
    this package apart."""
    import tcbg

    return sorted(info.name for info in pkgutil.iter_modules(tcbg.__path__) if info.ispkg and info.name != "api"
                  and importlib.util.find_spec(f"tcbg.{info.name}.game") is not None)


def load_game(name: str = "x610z", **options) -> Game:
    """Set up a game of the game named ``name`` (``tcbg.load_game``): ``tcbg.<name>.game.load_game(name, **options)``,
    with that game's options (X610Z's: board, setup, decks, cards, max_turns, ...). An unknown name raises
    :class:`tcbg.GameError` listing the games.

    >>> load_game("x610z", decks=["vanilla-a", "vanilla-b"]).KIND
    'x610z'
    """
    names = game_names()
    if not isinstance(name, str) or name not in names:
        raise GameError(f"unknown game {name!r} (games: {', '.join(names)})", field="name", rule="rules.md 1.1")
    return importlib.import_module(f"tcbg.{name}.game").load_game(name, **options)


def check_flag(value: Any, field: str, rule: str) -> bool:
    """``value`` when it is True or False (a numpy bool too); else :class:`tcbg.GameError`."""
    if not isinstance(value, (bool, np.bool_)):
        raise GameError(f"must be True or False, not {shown(value)}", field=field, rule=rule)
    return bool(value)


class Game:
    """A game configuration. Immutable: copies are the game itself; it pickles as the config that rebuilds it
    (the simulation harness's, :func:`tcbg.api.kinds.config_of`). Make states from it."""

    KIND = ""
    STATE_FORMAT = ""
    RULE = "rules.md"
    SEED_RULE = ""  # the rule number of the set-up the seed deals (cited after RULE)
    ACTION_RULE = ""  # the rule number of the action ids
    state_class: type = object
    _core: Any

    def num_players(self) -> int:
        return self._core.num_players

    def num_distinct_actions(self) -> int:
        """Size of the action id space; ids are stable for this game."""
        return self._core.num_distinct_actions

    def new_initial_state(self, seed: int = 0) -> State:
        """The state before anyone has decided anything, dealt from ``seed`` (a whole number from 0 to 2**64 - 1)."""
        return self.state_class(self, self._core, check_seed(seed, f"{self.RULE} {self.SEED_RULE}"))

    def deserialize_state(self, text: str) -> State:
        """The state that ``state.serialize()`` wrote (docs/state-format.md): the format line, the core's bytes in
        base64, the action history. Every field is checked against this game; a malformed or foreign text raises
        :class:`tcbg.GameError`."""
        if not isinstance(text, str):
            raise GameError(f"expected the text of State.serialize(), not {type(text).__name__}", field="state",
                            rule="state-format")
        lines = text.split("\n")
        if len(lines) != 3 or lines[0] != self.STATE_FORMAT:
            raise GameError(f"expected three lines, the first {self.STATE_FORMAT!r}", field="state",
                            rule="state-format")
        try:
            data = base64.b64decode(lines[1], validate=True)
        except (binascii.Error, ValueError):
            raise GameError("the second line is not base64", field="state", rule="state-format") from None
        try:
            history = [int(a) for a in lines[2].split(",")] if lines[2] else []
        except ValueError:
            raise GameError("the third line is not a comma-separated list of actions", field="state",
                            rule="state-format") from None
        if any(not 0 <= a < self.num_distinct_actions() for a in history):
            raise GameError("the history names an action outside this game's action ids", field="state",
                            rule="state-format")
        return self.state_class(self, self._core, data, history)

    def random_playouts(self, games: int, seed: int = 0, check_invariants: bool = False) -> dict[str, int]:
        """Play ``games`` whole games with uniformly random legal actions inside the core (no Python per action,
        the GIL released). Game i uses a seed derived from ``seed`` and i. Returns totals: games, decisions,
        turns, and draws (as the game counts them). With ``check_invariants`` the rules' invariants are checked
        after every action; a violation raises :class:`tcbg.GameError` naming the game and its seed."""
        done, decisions, turns, draws = self._core.random_playouts(*self._playout_args(games, seed, check_invariants))
        return {"games": done, "decisions": decisions, "turns": turns, "draws": draws}

    def _playout_args(self, games, seed, check_invariants) -> tuple[int, int, bool]:
        """random_playouts' arguments checked (seed, games, check_invariants), in the core's order."""
        return (check_seed(seed, f"{self.RULE} {self.SEED_RULE}"),
                whole_number(games, "games", "query", 0, 2**62), check_flag(check_invariants, "check_invariants", "query"))

    # -- what a player sees (docs/observations.md): the tensor's shape, and the returns' bounds --

    def observation_tensor_size(self) -> int:
        """The number of floats of ``state.observation_tensor(player)`` (docs/observations.md)."""
        return self._core.observation_tensor_size

    def observation_tensor_shape(self) -> list[int]:
        """The shape of ``state.observation_tensor(player)``: one flat axis (docs/observations.md gives its
        layout)."""
        return [self._core.observation_tensor_size]

    def max_game_length(self) -> int:
        """The most decisions a game can take: 1,000 per turn of the turn limit. A game still going then ends as a
        draw, as at the turn limit (the decision limit: X610Z rules.md 5.8b, Z/X docs/zx/rules.md Z1.7), counted by
        the state's history (a position read from JSON starts a new count).

        >>> load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=50).max_game_length()
        50000
        """
        return self._core.max_game_length

    def min_utility(self) -> float:
        """The lowest return a player can get: -1, a loss."""
        return -1.0

    def max_utility(self) -> float:
        """The highest return a player can get: +1, a win."""
        return 1.0

    def utility_sum(self) -> float | None:
        """The sum of every player's return when it is the same at the end of every game (OpenSpiel's
        constant-sum games), else None (general-sum). Two players: one wins (+1) and the other loses (-1), or
        both draw (0), so 0. More (X610Z's ffa and team setups): a player who left before a draw keeps their loss
        (rules.md 5.8), and a free-for-all has one winner and several losers, so the sum varies: None."""
        return 0.0 if self.num_players() == 2 else None

    def has_document(self, state: State, rule: str, canonical: bytes | None = None) -> State:
        """``state`` (just read from bytes) when it has its document: ``to_json()`` writes it and
        :meth:`state_from_json` reads it back into the same bytes (``canonical``: the bytes the document stands for,
        by default ``state.serialize_bytes()``), so the bytes reader accepts no position the JSON readers refuse.
        Else :class:`tcbg.GameError` citing ``rule``."""
        try:
            again = self.state_from_json(state.to_json())
        except PositionError as err:
            raise GameError(f"the position has no document that reads back: {err.field}: {err.reason} [{err.rule}]",
                            field="state", rule=rule) from None
        if again.serialize_bytes() != (state.serialize_bytes() if canonical is None else canonical):
            raise GameError("the position's document reads back as another position", field="state", rule=rule)
        return state

    def state_from_json(self, doc: dict | str) -> State:
        """The position a JSON document describes (the game's positions format)."""
        raise GameError(f"{self.KIND} reads no positions as JSON", field="position", rule="state-format")

    def check_action(self, position, action) -> Legality:
        """Whether ``action`` (an id or a text) is legal in ``position`` (a JSON document as a dict or its text,
        or a State), and if not why: a :class:`tcbg.api.Legality`, truthy when legal, whose ``reason`` is the one
        ``apply_action``'s :class:`tcbg.IllegalActionError` gives. Nothing changes.

        The positions of the last few document texts checked are kept (a tool asks several questions about one
        position): checking against a text seen just before costs no reading.
        """
        if isinstance(position, State):
            return position.check_action(action)
        if not isinstance(position, str):
            return self.state_from_json(position).check_action(action)
        recent = self.__dict__.setdefault("_recent_positions", {})
        state = recent.pop(position, None)  # re-inserted below: the dict's order is the order of use
        if state is None:
            state = self.state_from_json(position)
            while len(recent) >= _RECENT_POSITIONS:
                del recent[next(iter(recent))]
        recent[position] = state
        return state.check_action(action)

    # -- Python conventions: a Game is immutable, so copies are the game itself; it pickles by what built it --

    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo) -> Game:
        return self

    def __reduce__(self):
        from tcbg.api.kinds import config_of  # the worker processes' picklable description of a game

        return _build_game, (config_of(self),)


def _build_game(config) -> Game:
    """A game again from its picklable config (``Game.__reduce__``)."""
    return config.build()


def _restore_state(game: Game, text: str) -> State:
    """A state again from its game and ``serialize()`` text (``State.__reduce__``)."""
    return game.deserialize_state(text)


class State:
    """One game in progress. Method names follow OpenSpiel's ``State``.

    The core's bound State (a game's State subclasses this class and it) gives the hot methods, with no Python in
    between: ``current_player()`` (:data:`TERMINAL_PLAYER_ID` once the game is over), ``is_terminal()``,
    ``legal_actions()``, ``legal_actions_mask()`` (a bool array over ``game.num_distinct_actions()``),
    ``apply_action(a)`` (a legal action id, an ``int`` or a numpy integer; any other raises
    :class:`tcbg.IllegalActionError` and leaves the state as it was), ``is_legal(a)``, ``check_actions(ids)``,
    ``clone()`` (an independent copy, history included), ``history()``, ``returns()`` (+1 a win, -1 a loss, 0 a draw
    or a game still going, per player), ``player_return(p)``, ``card_flags()``, ``concede(p)``, ``turn``,
    ``first_player``, ``end_reason``. This class adds pickling and copies, ``serialize()``, ``check_action`` and
    ``string_to_action``.
    """

    __slots__ = ()

    def __init__(self, game: Game, *core_args) -> None:
        super().__init__(*core_args)
        self._game = game

    @property
    def _core(self):  # the core object is the state itself
        return self

    def get_game(self) -> Game:
        return self._game

    def num_players(self) -> int:
        return self._game.num_players()

    def is_chance_node(self) -> bool:
        """Always False: chance is dealt from the state's seed (OpenSpiel's chance nodes never appear)."""
        return False

    def is_simultaneous_node(self) -> bool:
        """Always False: one player decides at a time."""
        return False

    # -- Python conventions: copies are clones (the game is immutable and shared); pickles are serialize() texts --

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo) -> State:
        return self.clone()

    def __reduce__(self):
        return _restore_state, (self._game, self.serialize())

    def serialize(self) -> str:
        """The whole state as text: a format line, the core's bytes in base64, and the action history
        (docs/state-format.md). ``game.deserialize_state(text)`` gives it back exactly."""
        data = base64.b64encode(self.serialize_bytes()).decode("ascii")
        return f"{self._game.STATE_FORMAT}\n{data}\n{','.join(map(str, self.history()))}"

    # -- naming and checking actions --

    def check_action(self, action) -> Legality:
        """Whether ``action`` (an id or a text) is legal now and if not why, changing nothing: a
        :class:`tcbg.api.Legality`, truthy when legal, whose ``reason`` is the one ``apply_action(action)`` (for a
        text, ``action_from_string``) raises :class:`tcbg.IllegalActionError` with. ``is_legal(id)`` is the bare,
        fastest check; ``check_actions(ids)`` checks a numpy array of ids at once."""
        if type(action) is int and self.is_legal(action):  # the common case, without a call more
            return Legality(action, "")
        return self._legality(action)

    def _legality(self, action) -> Legality:
        """check_action past its fast path: texts read by :meth:`_resolve`, ids by the core."""
        if isinstance(action, str):
            return Legality(*self._resolve(action))
        return check_id(self, action)

    def _resolve(self, text: str) -> tuple[int | None, str]:
        """The legal action ``text`` names, as (id, ""), or (id or None, why not). Here: the legal action whose
        ``action_to_string`` is ``text``, else why not with the nearest legal texts (:func:`tcbg.api.legality.suggest`);
        a game that reads more texts overrides it."""
        if not isinstance(text, str):
            return None, f"an action text is a str, not {type(text).__name__}"
        texts = {}
        for a in self.legal_actions():
            texts[self.action_to_string(a)] = a
        if text in texts:
            return texts[text], ""
        return None, f"no legal action reads {text!r}{suggest(text, texts)}"

    def action_from_string(self, text: str) -> int:
        """The legal action that ``text`` names (as ``action_to_string`` gives it). Any other text raises
        :class:`tcbg.IllegalActionError` naming it and why."""
        found, reason = self._resolve(text)
        if reason:
            raise IllegalActionError(reason, action=repr(text), rule=f"{self._game.RULE} {self._game.ACTION_RULE}")
        return found

    def string_to_action(self, *args) -> int:
        """OpenSpiel's name: ``string_to_action(text)`` or ``string_to_action(player, text)`` is
        ``action_from_string(text)`` (the player is the one deciding; the text says the rest)."""
        if len(args) not in (1, 2):
            raise GameError("give the text, or the player and the text", field="string_to_action",
                            rule=f"{self._game.RULE} {self._game.ACTION_RULE}")
        return self.action_from_string(args[-1])

    def winners(self) -> list[tuple[int, str]]:
        """The players who won and how."""
        return [(p, self.end_reason) for p, value in enumerate(self.returns()) if value > 0]

    # -- what a player knows (docs/observations.md); observation_tensor, observation_string and
    # information_state_string are the core's, computed in C++ --

    def resample_from_infostate(self, player: int, seed: int) -> State:
        """A full state consistent with what ``player`` knows (OpenSpiel's name): a copy of this state, history
        included, whose hidden parts (the game's rules say which) are dealt again from ``seed`` by the
        determinization the search agents use. ``player`` sees the same observation and information state in it
        (docs/observations.md).

        >>> import numpy as np
        >>> state = load_game("x610z", decks=["vanilla-a", "vanilla-b"]).new_initial_state(seed=4)
        >>> world = state.resample_from_infostate(0, seed=9)
        >>> np.array_equal(world.observation_tensor(0), state.observation_tensor(0))
        True
        >>> world.hand_instances(1) == state.hand_instances(1)  # player 1's hand, hidden from player 0, is dealt again
        False
        """
        if not is_whole(player) or not 0 <= player < self.num_players():
            raise GameError(f"no player {shown(player)} in this game (players 0 to {self.num_players() - 1})",
                            field="player", rule=f"{self._game.RULE} {self._game.SEED_RULE}")
        player = int(player)
        world = self.clone()
        world._determinize(player, check_seed(seed, f"{self._game.RULE} {self._game.SEED_RULE}"))
        return world
