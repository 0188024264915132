"""Playing X610Z: games and states with OpenSpiel's names, over the C++ rules engine (rules.md section 5).

Implemented: set-up with Murphy's Law, turns and phases, priority and the stack, crystals,
casting and placing summons, moves and attacks (two decisions each: the summon, then where), destruction, escape,
depletion, capitulation and the turn limit; card effects run natively in the core (docs/engine-design.md, "Card
effects": fluxes, abilities, triggers, continuous effects, focus, counters), a card's Python effect (the slow path)
is called back from the core, and a game with a card the engine cannot run yet is refused when it is created.

>>> import tcbg
>>> game = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=30)
>>> state = game.new_initial_state(seed=7)
>>> state.action_to_string(state.legal_actions()[0])
'keep the hand'
>>> import random
>>> rng = random.Random(0)
>>> while not state.is_terminal():
...     state.apply_action(rng.choice(state.legal_actions()))
>>> state.returns(), state.end_reason  # 30 turns were not enough to decide this one
([0.0, 0.0], 'turn limit')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tcbg import _core, api
from tcbg.errors import GameError
from tcbg.x610z.board import Board
from tcbg.x610z.cards import Card, CardSet
from tcbg.x610z.effects import loading  # noqa: F401 - finds effects files again in worker processes
from tcbg.x610z.effects.slowpath import SlowPath

STATE_FORMAT = "tcbg-x610z-state/1"
# current_player() of a finished game (OpenSpiel's kTerminalPlayerId), and OpenSpiel's chance player, never met here
TERMINAL_PLAYER_ID = api.TERMINAL_PLAYER_ID
CHANCE_PLAYER_ID = api.CHANCE_PLAYER_ID
DRAWN, CAST, IN_PLAY = 1, 2, 4  # State.card_flags() bits
_TYPES = {"life-base": 0, "summon": 1, "crystal": 2, "flux": 3, "catalyst": 4, "quest": 5}


_CLASSES = {None: 0, "life-base": 1, "dragon": 2, "vessel": 3, "beast": 4, "army": 5, "berserker": 6}
_LETTERS = "CBMRH"


def _counts(cost) -> tuple[int, ...]:
    return tuple(cost[letter] for letter in _LETTERS) if cost is not None else (0,) * 5


def _stat(value) -> int:
    return -1 if value is None else int(value)


def _compile(card: Card) -> tuple:
    return (card.name, _TYPES[card.type], _CLASSES[card.summon_class], _counts(card.cost), _counts(card.move_cost),
            _stat(card.attack), _stat(card.defense), _stat(card.speed), _stat(card.range), card.block_rate,
            card.all_directions, _LETTERS.index(card.produces) if card.produces else -1)


class Game(api.Game):
    """An X610Z game configuration: board, edition, setup, decks and turn limit. Immutable; make states from it
    (the rest of its face is :class:`tcbg.api.Game`'s: ``new_initial_state``, ``deserialize_state``,
    ``random_playouts``, ``num_players``, ``num_distinct_actions``, copies and pickling)."""

    KIND = "x610z"
    STATE_FORMAT = STATE_FORMAT
    RULE = "rules.md"
    SEED_RULE = "5.3"  # the set-up the seed deals
    ACTION_RULE = "5.9"  # the action ids

    def __init__(self, board: Board, setup: str, cards: CardSet, decks: Sequence[Any], max_turns: int,
                 effects: bool = True) -> None:
        self.board = board
        self.effects = effects
        self.setup = setup
        self.cards = cards
        self.decks = tuple(decks)
        self.max_turns = max_turns
        names = [card.name for card in cards]
        index = {name: i for i, name in enumerate(names)}
        compiled = [_compile(card) for card in cards]
        specs = [(index[deck.life_base.name], [index[card.name] for card in deck.card_list()]) for deck in decks]
        setup_number = list(board.setups).index(setup)
        tables = slow_path = None
        if effects:  # the compiled effects, handed to the core once: no Python runs per game (docs/cards.md)
            native = cards.native_effects()
            tables = {name: array.ravel().tolist() for name, array in native.arrays().items()}
            if native.python_effects:  # the slow path: the core calls back for PYTHON k (docs/cards.md)
                slow_path = SlowPath(native.python_effects)
        self._core = _core.x610z.Game(board._core, setup_number, compiled, specs, max_turns, tables, slow_path)
        self._card_names = names

    def instance_cards(self) -> list[tuple[int, str]]:
        """(owner, card name) of every card instance of a game, in instance order: each player's life base, then
        their deck list (the numbering of ``State.card_flags()``)."""
        out = []
        for p, deck in enumerate(self.decks):
            out.append((p, deck.life_base.name))
            out.extend((p, card.name) for card in deck.card_list())
        return out

    def deserialize_state(self, text: str) -> State:
        """The state that ``state.serialize()`` wrote (docs/state-format.md). Beside the core's checks (P15), the
        position must have its document (P23): ``to_json()`` writes it and ``state_from_json`` reads it back into
        the same bytes, so the bytes reader accepts no position the JSON readers (P1-P22) refuse. A breach raises
        :class:`tcbg.GameError` naming the rule."""
        return self.has_document(super().deserialize_state(text), "state-format P23")

    def state_from_json(self, doc: dict | str) -> State:
        """The position a JSON document describes (docs/state-format.md, "Positions as JSON"): a dict or its text.
        A document that breaks a rule raises :class:`tcbg.PositionError` naming the field and the rule (P1-P22).
        A text is read by the core's reader (fast); a dict, and any text that reader refuses, by the Python reader,
        which words the error (docs/state-format.md, "What reads the document")."""
        from tcbg.x610z.position import state_from_json

        return state_from_json(self, doc)

    def action_from_string(self, text: str) -> int:
        """The action id that ``text`` names: the inverse of ``state.action_to_string`` for every legal action of
        every position of this game (docs/actions.md, "Action texts"); the texts of a position with no choice
        under way (``"move to r3-02, arriving from r3-01"``) read too. A text that names no action of the game
        raises :class:`tcbg.IllegalActionError` naming it, with the closest text ("did you mean ...?").

        >>> import tcbg
        >>> game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
        >>> game.action_from_string("pass")
        0
        >>> try:
        ...     game.action_from_string("cast Ashwing Drak (#1)")
        ... except tcbg.IllegalActionError as err:
        ...     print(err.reason)
        no action of this game reads 'cast Ashwing Drak (#1)'; did you mean 'cast Ashwing Drake (#1)'?
        """
        from tcbg.x610z.actions import parse

        return parse(self, text)

    def check_action(self, position, action):
        """Whether ``action`` (an id or a text) is legal in ``position`` (a JSON document as a dict or its text,
        docs/state-format.md "Positions as JSON", or a :class:`State`), and if not why: a
        :class:`tcbg.Legality`, truthy when legal, whose ``reason`` is the one ``apply_action``'s
        :class:`tcbg.IllegalActionError` gives. Nothing changes. A malformed document raises
        :class:`tcbg.PositionError`.

        >>> import tcbg
        >>> game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
        >>> doc = game.new_initial_state(seed=7).to_json()
        >>> game.check_action(doc, "keep the hand")
        Legality(action=1, reason='')
        >>> game.check_action(doc, 99999).reason
        'no action 99999 in this game (ids 0 to 4961)'

        The positions of the last few document texts checked are kept (a tool asks several questions about one
        position): checking against a text seen just before costs no reading.
        """
        return super().check_action(position, action)

    def __repr__(self) -> str:
        return (f"<Game x610z rules={self.board.rules!r} board={self.board.name!r} setup={self.setup!r} "
                f"players={self.num_players()}>")


class State(api.State, _core.x610z.State):
    """One game of X610Z in progress. Method names follow OpenSpiel's ``State`` (:class:`tcbg.api.State`).

    The hot methods (``legal_actions``, ``apply_action``, ``is_terminal``, ``current_player``) are the core's own,
    with no Python in between, so a Python loop over them costs what OpenSpiel's does. ``apply_action`` applies a
    legal action (an ``int``, numpy integers too); any other raises :class:`tcbg.IllegalActionError` and leaves the
    state as it was. ``legal_actions_mask()`` is a bool array over ``game.num_distinct_actions()``;
    ``history()`` the actions applied so far; ``returns()`` +1 for a win, -1 for a loss, 0 for a draw or a game
    still going, per player.
    """

    def winners(self) -> list[tuple[int, str]]:
        """The players who won and how (rules.md 5.8)."""
        return [(p, reason) for p in range(self._game.num_players())
                for outcome, reason in [self.outcome(p)] if outcome == "won"]

    # clone(): the core's (python/core_api.hpp clone_played), an independent copy with the history and _game;
    # copies, pickling and serialize() are tcbg.api.State's.

    def action_from_string(self, text: str) -> int:
        """The legal action that ``text`` names (as ``action_to_string`` gives it, or a position-free text
        ``game.action_from_string`` reads). Any other text raises :class:`tcbg.IllegalActionError` naming it and
        why, with the closest legal text ("did you mean ...?")."""
        return super().action_from_string(text)

    def _resolve(self, text: str) -> tuple[int | None, str]:
        from tcbg.x610z.actions import resolve

        return resolve(self, text)

    def check_action(self, action):
        """Whether ``action`` (an id or a text) is legal now and if not why, changing nothing: a
        :class:`tcbg.Legality`, truthy when legal, whose ``reason`` is the one
        ``apply_action(action)`` (for a text, ``action_from_string``) raises :class:`tcbg.IllegalActionError` with.
        ``is_legal(id)`` is the bare, fastest check; ``check_actions(ids)`` checks a numpy array of ids at once.

        >>> import tcbg
        >>> state = tcbg.load_game(decks=["vanilla-a", "vanilla-b"]).new_initial_state(seed=7)
        >>> state.check_action(1), state.is_legal(0)
        (Legality(action=1, reason=''), False)
        >>> state.check_action(0).reason
        'not legal now (pass): player 1 is deciding whether to keep their opening hand'
        """
        if type(action) is int and self.is_legal(action):  # the common case, without a call more
            return api.Legality(action, "")
        return self._legality(action)

    def to_json(self, indent: int | None = None) -> str:
        """The position as a JSON document (docs/state-format.md); ``game.state_from_json`` reads it back into
        the same state (the action history apart)."""
        from tcbg.x610z.position_write import state_to_json

        return state_to_json(self, indent)

    # -- reading the position (for tests and tools) --

    def hand(self, player: int) -> list[str]:
        """The names of the cards in ``player``'s hand, in the order they came in (``hand_instances`` for the
        instance numbers)."""
        return [self.card_name(i) for i in self.hand_instances(player)]

    def deck_size(self, player: int) -> int:
        return len(self.deck_instances(player))

    def pool(self, player: int) -> dict[str, int]:
        """``player``'s energy pool by energy letter (rules.md 4.1), empty types left out."""
        return {letter: n for letter, n in zip(_LETTERS, self.pool_counts(player)) if n}

    def instance(self, i: int) -> dict:
        """Card instance ``i`` (numbered as ``game.instance_cards()``): card name, owner, controller, zone,
        activated, damage and the dot it stands on."""
        card, owner, controller, zone, activated, damage, dot = self.instance_fields(i)
        return {"card": self._game._card_names[card], "owner": owner, "controller": controller, "zone": zone,
                "activated": activated, "damage": damage,
                "dot": None if dot < 0 else self._game.board.dots[dot].id}

    def counters(self, i: int) -> dict[str, int]:
        """The activation, time and charge counters on card instance ``i`` (rules.md 6.4), kinds without any left
        out; damage counters are its damage (``instance(i)["damage"]``).

        >>> import tcbg
        >>> tcbg.load_game(decks=["arnunnian", "pirate"]).new_initial_state().counters(0)
        {}
        """
        return {kind: n for kind, n in zip(("activation", "time", "charge"), self.instance_counters(i)) if n}

    def card_name(self, i: int) -> str:
        return self._game._card_names[self.instance_fields(i)[0]]

    # card_flags(): the core's, per card instance (game.instance_cards() says whose and which card) what it did this
    # game as bits: DRAWN (in the kept opening hand or drawn later), CAST (cast, or placed for a crystal), IN_PLAY
    # (in play now). The per-card statistics of simulations are built on these.

    def __str__(self) -> str:
        if self.is_terminal():
            return f"turn {self.turn}, the game is over ({self.end_reason})"
        return (f"turn {self.turn}, {self.phase} phase, active player {self.active_player}, "
                f"player {self.current_player()} to decide")


def load_game(name: str = "x610z", *, rules: str | None = None, board: str | Board = "existenz",
              setup: str | None = None, decks: Sequence[Any] | None = None, cards: str | CardSet | None = None,
              max_turns: int = 200, deck_size: int = 50, effects: bool = True) -> Game:
    """Set up an X610Z game. ``decks`` are deck names or files (docs/deck-format.md) or ``Deck`` objects, one per
    seat of ``setup`` in turn order; ``cards`` the card set they draw on (a ``CardSet``, a shipped set's name or a
    card file's path), by default the one the decks' ``Card set:`` lines name (deck-format D10), one set for all of
    them. The decks are read as every ``tcbg`` command reads them (``tcbg.x610z.decks.load_decks``).

    With ``effects`` (the default) the core runs the cards' effects natively, calling back into Python for a
    ``PythonEffect`` (the slow path; a function that raises makes :class:`tcbg.EffectError`); a deck holding a card
    whose effects the engine cannot run yet raises :class:`tcbg.GameError` naming the card and what is missing. With
    ``effects=False`` cards are played without their effects (summons and crystals only; fluxes and catalysts stay
    in hand).

    >>> game = load_game(board="existenz", setup="1v1", decks=["arnunnian", "pirate"], effects=False)
    >>> game.cards.name
    'ruins'
    """
    if name != "x610z":
        raise GameError(f"unknown game {name!r} (games: x610z)", field="name", rule="rules.md 1.1")
    if isinstance(board, Board):
        if rules is not None and rules != board.rules:
            raise GameError(f"the board was loaded with rules {board.rules!r}, not {rules!r}; load it with "
                            f"Board.load(..., rules={rules!r})", field="rules", rule="rules.md 1.1")
        board_obj = board
    else:
        board_obj = Board.load(board, rules=rules)
    setup = board_obj.default_setup if setup is None else setup
    if setup not in board_obj.setups:
        from tcbg._suggest import with_hint

        raise GameError(with_hint(f"no setup {setup!r} on board {board_obj.name!r} (setups: "
                                  f"{', '.join(board_obj.setups)})", str(setup), board_obj.setups),
                        field="setup", rule="rules.md 5.1")
    seats = len(board_obj.setups[setup].seats)
    if decks is None:
        raise GameError(f"give one deck per seat ({seats})", field="decks", rule="rules.md 5.1")
    max_turns = api.whole_number(max_turns, "max_turns", "rules.md 5.8", 1, 60000)
    from tcbg.x610z.decks import load_decks

    card_set, resolved = load_decks(decks, cards, edition=board_obj.rules, deck_size=deck_size)
    if len(resolved) != seats:
        raise GameError(f"setup {setup!r} has {seats} seats but {len(resolved)} decks were given", field="decks",
                        rule="rules.md 5.1")
    if not isinstance(effects, bool):
        raise GameError(f"must be True or False, not {effects!r}", field="effects", rule="docs/cards.md")
    return Game(board_obj, setup, card_set, resolved, max_turns, effects)


Game.state_class = State
