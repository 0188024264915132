"""Playing Z/X: games and states with OpenSpiel's names (X610Z's), over the C++ rules engine (docs/zx/rules.md).

A game is built from a card table (``ZXCard`` records: the printed facts the rules read) and two decks
(``ZXDeck``: card names, the Player card or none, whether to start with a Start Card). The whole game runs in the
core: set-up with the mulligan, the six phases, placement and costs, battles with the Battle Event step, rule
effects, Reload halting whatever resolves and resuming it, Life Recovery and Void Bringer; every decision is an
action id (docs/zx/actions.md).

>>> from tcbg.zx.game import Game, ZXCard, ZXDeck
>>> cards = [ZXCard("Brave", "zx", ("red",), 1, 3000), ZXCard("Spark", "event", ("red",), 1, ignition=True)]
>>> game = Game(cards, [ZXDeck(["Brave"] * 30 + ["Spark"] * 20)] * 2)
>>> state = game.new_initial_state(seed=7)
>>> [state.action_to_string(a) for a in state.legal_actions()]
['p1 keep the opening hand', 'p1 mulligan']
>>> import random
>>> rng = random.Random(0)
>>> while not state.is_terminal():
...     state.apply_action(rng.choice(state.legal_actions()))
>>> sorted(state.returns()), state.end_reason
([-1.0, 1.0], 'life')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tcbg import _core, api
from tcbg.errors import GameError
from tcbg.zx.cards import PLAYER_COLOURS
from tcbg.zx.position_bytes import TYPES, _key

STATE_FORMAT = "tcbg-zx-state/1"
TERMINAL_PLAYER_ID = api.TERMINAL_PLAYER_ID
CHANCE_PLAYER_ID = api.CHANCE_PLAYER_ID
NUM_ACTIONS = _core.zx.NUM_ACTIONS
ACTION_IDS = dict(_core.zx.ACTION_IDS)  # where each kind of action id starts (docs/zx/actions.md)
DRAWN, CAST, IN_PLAY = 1, 2, 4  # card_record bits

COLOURS = {"red": 1, "blue": 2, "white": 4, "black": 8, "green": 16}
KEYWORDS = {"start-card": 1, "life-recovery": 2, "void-bringer": 4, "range-2": 8, "range-infinity": 16,
            "isolate": 32, "evol-seed": 64}
OPS = ("draw", "return-from-hand", "shuffle-deck", "bounce-zx")  # test programs' steps (docs/zx/engine.md)


@dataclass(frozen=True)
class ZXCard:
    """A card as the rules read it: name, type (``zx``, ``event``, ``player``), colours, Cost, Power, keywords
    (``start-card``, ``life-recovery``, ``void-bringer``, ``range-2``, ``range-infinity``, ``isolate``,
    ``evol-seed``) and the Ignition icon."""

    name: str
    type: str
    colours: tuple[str, ...] = ()
    cost: int = 0
    power: int = 0
    keywords: tuple[str, ...] = ()
    ignition: bool = False


@dataclass(frozen=True)
class ZXDeck:
    """A deck: its cards by name (the first is the top of an unshuffled deck), the Player card's name or None,
    and whether to start with the deck's first Start Card on the Player Square (docs/zx/rules.md Z5.2)."""

    cards: Sequence[str]
    player: str | None = None
    start_card: bool = False
    name: str = field(default="deck", compare=False)


def _compile_card(k: int, card) -> tuple:
    where = f"cards[{k}] ({getattr(card, 'name', '?')})"
    try:
        type_ = TYPES[_key(card.type)]
        # a colour of Player kinds only (card-data.md ZC6) has no core bit: such a card never pays or is paid for
        colours = sum(COLOURS[c] for c in set(card.colours)
                      if not (c in PLAYER_COLOURS and card.type in ("Player", "Player Extra")))
        keywords = sum(KEYWORDS[_key(w)] for w in set(card.keywords))
    except KeyError as exc:
        raise GameError(f"unknown type, colour or keyword {exc.args[0]!r}", field=where, rule="202") from None
    cost = 0 if card.cost is None else card.cost
    power = 0 if card.power is None else card.power
    if not isinstance(cost, int) or not isinstance(power, int):
        raise GameError("Cost and Power are whole numbers", field=where, rule="203")
    return (type_, colours, cost, power, keywords, bool(card.ignition))


def _program_effects(name, prog) -> list:
    """A test program's steps as the effects they name (docs/zx/engine.md "Instructions")."""
    from tcbg.effects.refs import Chosen
    from tcbg.zx.effects import language as L

    effects = []
    for step in prog:
        op, n = step if isinstance(step, tuple) and len(step) == 2 else (step, None)
        if op not in OPS or not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 16:
            raise GameError(f"unknown step {step!r} (pairs (op, n), op one of {', '.join(OPS)}, n from 1 to 16)",
                            field=f"programs[{name!r}]", rule="docs/zx/engine.md")
        if op == "draw":
            effects.append(L.Draw(n))
        elif op == "shuffle-deck":
            effects.append(L.Shuffle())
        else:
            for _ in range(n):
                effects.append(L.ReturnToDeck(Chosen(L.Card("hand"))) if op == "return-from-hand"
                               else L.ReturnToHand(Chosen(L.ZX())))
    return effects


class Game(api.Game):
    """A Z/X game (a :class:`tcbg.api.Game`): its card table, two decks and options (``effects``: run card programs, docs/zx/rules.md Z11.7;
    ``first_player``: None from the seed, or 0 / 1; ``shuffle``: False keeps the decks in list order, for
    scenarios; ``max_turns``: the turn limit, Z1.6). ``definitions`` maps a card's name (or number, or index) to
    its abilities in the Z/X effect language (docs/zx/cards.md), compiled when the game is created. ``names`` maps
    the numbers and English names of cards of the card set that the table may lack to their Japanese names, so that a
    definition naming a printing no deck plays still matches the printings of that name the decks play (rules.md
    Z15.104; ``load_game`` gives the decks' card sets). ``programs``
    maps an Event's name to test steps, pairs (op, n) with op one of ``draw``, ``return-from-hand``,
    ``shuffle-deck``, ``bounce-zx``, compiled as the effects they name (docs/zx/engine.md "Instructions")."""

    def __init__(self, cards: Sequence, decks: Sequence[ZXDeck], *, effects: bool = True,
                 first_player: int | None = None, shuffle: bool = True, max_turns: int = 200,
                 programs: Mapping[str, Sequence[tuple[str, int]]] | None = None,
                 definitions: Mapping | None = None, names: Mapping[str, str] | None = None) -> None:
        self.cards = list(cards)
        self.decks = list(decks)
        self._index = {}
        for k, card in enumerate(self.cards):
            self._index.setdefault(card.name, k)
        if len(self.decks) != 2:
            raise GameError(f"a Z/X game has two decks, got {len(self.decks)}", field="decks", rule="1.1")
        if first_player is not None:
            first_player = api.whole_number(first_player, "first_player", "5.3", 0, 1)
        max_turns = api.whole_number(max_turns, "max_turns", "Z1.6", 1, 60000)
        compiled_decks = []
        for p, deck in enumerate(self.decks):
            indices = [self._card_index(name, f"decks[{p}]") for name in deck.cards]
            player = -1 if deck.player is None else self._card_index(deck.player, f"decks[{p}].player")
            compiled_decks.append((indices, player, bool(deck.start_card)))
        compiled_programs = {self._card_index(name, "programs"): _program_effects(name, prog)
                             for name, prog in (programs or {}).items()}
        self.definitions = {}
        for key, definition in (definitions or {}).items():
            self.definitions[self._definition_index(key)] = definition
        self.options = {"effects": effects, "first_player": first_player, "shuffle": shuffle,
                        "max_turns": max_turns, "programs": {k: list(v) for k, v in (programs or {}).items()},
                        "definitions": dict(definitions or {}), "names": dict(names or {})}
        from tcbg.effects.errors import CompileError
        from tcbg.zx.effects.compiler import compile_tables

        try:
            self.tables = compile_tables(self.cards, self.definitions, compiled_programs, names=names)
        except CompileError as exc:
            raise GameError(exc.reason, field="definitions", rule=exc.rule) from None
        if effects:  # Evol Seed is a keyword whose effect is the card's: a card without its definition cannot run
            seeded = {rec[0] for rec in self.tables.native.abilities if rec[1] == 0 and rec[2] == 10}
            for p, (indices, _player, _start) in enumerate(compiled_decks):
                for k in indices:
                    card = self.cards[k]
                    if "evol-seed" in {_key(w) for w in card.keywords} and k not in seeded:
                        raise GameError(f"{self._name(card)} has Evol Seed without its effect (no EvolSeed(...) in "
                                        "its definition); load the game with effects=False", field=f"decks[{p}]",
                                        rule="Z11.7")
        slow_path = None
        if self.tables.native.python_effects:  # the slow path: the core calls back for PYTHON k (docs/zx/cards.md)
            from tcbg.zx.effects.slowpath import SlowPath

            slow_path = SlowPath(self.tables.native.python_effects)
        self._core = _core.zx.Game([_compile_card(k, c) for k, c in enumerate(self.cards)], compiled_decks,
                                   effects=effects, first_player=-1 if first_player is None else first_player,
                                   shuffle=shuffle, max_turns=max_turns, tables=self.tables.arrays(),
                                   names=[getattr(c, "name_en", None) or c.name for c in self.cards],
                                   python_effects=slow_path)

    KIND = "zx"
    STATE_FORMAT = STATE_FORMAT
    RULE = "docs/zx/rules.md"
    SEED_RULE = "5.3"
    ACTION_RULE = "Z9.1"

    @property
    def state_class(self):
        return State

    def _definition_index(self, key) -> int:
        """A definition's card: its index, name, or number (a card set's EFFECTS are keyed by number)."""
        if not isinstance(key, int):
            for k, card in enumerate(self.cards):
                if getattr(card, "number", None) == key:
                    return k
        return self._card_index(key, "definitions")

    def disassemble(self, name) -> str:
        """A card's compiled abilities as text (docs/zx/cards.md "Native form")."""
        return self.tables.disassemble(self._definition_index(name))

    def _card_index(self, name, where: str) -> int:
        if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < len(self.cards):
            return name
        if name not in self._index:
            raise GameError(f"no card {name!r} in the card table", field=where, rule="401.1")
        return self._index[name]

    @property
    def num_instances(self) -> int:
        return self._core.num_instances

    def instance_cards(self) -> list[tuple[int, str]]:
        """(owner, card name) of every card instance, in instance order: each player's deck list, then their
        Player card (the numbering of ``State.card_flags()`` and of the action ids, docs/zx/actions.md)."""
        return [(self._core.owner_of(i), self._name(self.cards[self._core.def_of(i)]))
                for i in range(self._core.num_instances)]

    @staticmethod
    def _name(card) -> str:
        return getattr(card, "name_en", None) or card.name

    def card_of(self, instance: int):
        """The card record of a card instance (docs/zx/actions.md: instances are numbered once per game)."""
        return self.cards[self._core.def_of(instance)]

    def deserialize_state(self, text: str) -> State:
        """The state that ``state.serialize()`` wrote (docs/zx/state-format.md). Beside the core's checks (ZP14,
        ZP15), the position must have its document (ZP16): ``to_json()`` writes it and ``state_from_json`` reads it
        back into the same bytes. A breach raises :class:`tcbg.GameError` naming the rule."""
        from tcbg.zx.position import canonical_bytes

        state = super().deserialize_state(text)
        return self.has_document(state, "zx/state-format ZP16", canonical_bytes(state))

    def state_from_json(self, doc: dict | str) -> State:
        """The position a JSON document describes (docs/zx/state-format.md, "Positions as JSON"): a dict or its
        text. A document breaking a rule raises :class:`tcbg.PositionError` naming the field and the rule (ZP1-ZP14);
        the state is built by the core's checked deserialize, so the rules engine's invariants hold."""
        from tcbg.zx.position import state_from_json

        return state_from_json(self, doc)

    def action_from_string(self, text: str) -> int:
        """The action id that ``text`` names, whatever the position: the inverse of ``state.action_to_string``
        (docs/zx/actions.md, "Action texts"), the player, the decision and the other words a position adds left
        unread; a waiting ability is named ``resolve waiting ability K`` here (its card's name needs the position).
        A text that names no action of the game raises :class:`tcbg.IllegalActionError` naming it.

        >>> game = load_game(decks=["vanilla-red-blue", "vanilla-white-black"])
        >>> game.action_from_string("p0 pass (main)"), game.action_from_string("p1 attack from s5 to s8 (the player)")
        (0, 966)
        """
        from tcbg.zx.actions import parse

        return parse(self, text)

    def random_playouts(self, games: int, seed: int = 0, check_invariants: bool = False) -> dict[str, int]:
        """Native random play, no Python per action: totals (games, decisions, turns, draws, first_player_wins,
        reloads: both players' Reloads summed over the games, CR 902.1). With ``check_invariants`` every action's position is checked (a breach raises GameError naming
        the game's seed)."""
        return self._core.random_playouts(*self._playout_args(games, seed, check_invariants))

    def __repr__(self) -> str:
        return f"tcbg.zx.Game({self.decks[0].name!r} vs {self.decks[1].name!r})"


class State(api.State, _core.zx.State):
    """One Z/X game in progress (a :class:`tcbg.api.State`), with OpenSpiel's (and X610Z's) names: ``current_player``, ``legal_actions``,
    ``legal_actions_mask``, ``action_to_string``, ``apply_action`` (an illegal action raises
    :class:`tcbg.IllegalActionError` and changes nothing), ``clone``, ``is_terminal``, ``returns``, ``winners``,
    ``history``, ``serialize``, ``concede``; the position through ``zone``, ``board``, ``instance``, ``frames``."""

    def _resolve(self, text: str) -> tuple[int | None, str]:
        """A text among the legal actions (tcbg.zx.actions.resolve): ``action_from_string`` and ``check_action``
        read texts through it."""
        from tcbg.zx.actions import resolve

        return resolve(self, text)

    def card_name(self, instance: int) -> str:
        card = self._game.card_of(instance)
        return getattr(card, "name_en", None) or card.name

    def to_json(self, indent: int | None = None) -> str:
        """The position as a JSON document (docs/zx/state-format.md, "Positions as JSON"); ``game.state_from_json``
        reads it back into the same position (the action history is not part of a position)."""
        from tcbg.zx.position import state_to_json

        return state_to_json(self, indent)

    def names(self, player: int, zone: str) -> list[str]:
        """The names of a player's zone's cards, in order (the last is the top)."""
        return [self.card_name(i) for i in self.zone(player, zone)]

    def __str__(self) -> str:
        board = self.board()
        rows = []
        for r in (2, 1, 0):
            rows.append(" | ".join(self.card_name(board[r * 3 + c]) if board[r * 3 + c] >= 0 else "." for c in range(3)))
        return (f"turn {self.turn}, player {self.turn_player}'s, deciding: {self.decision()}\n" + "\n".join(rows))


def load_game(name: str = "zx", *, decks: Sequence, effects: bool = True, start_cards: bool = True,
              max_turns: int = 200, first_player: int | None = None, shuffle: bool = True,
              check_decks: bool = True) -> Game:
    """A Z/X game of two decks: shipped deck names (``tcbg.zx.Deck.names()``), deck list paths or ``Deck``
    objects (docs/zx/deck-format.md). Decks must be legal (CR 401, ``Deck.check``) unless ``check_decks=False``.
    With ``start_cards`` a deck holding a Start Card starts with its first one on the Player Square (rules.md
    Z5.2). With ``effects`` (the default) every card's abilities come from its card set's effects module
    (docs/zx/card-data.md ZC14), compiled for this game; a card with text that has no definition there is refused
    with a GameError naming it, and ``effects=False`` plays every card as vanilla (Z11.7).

    >>> game = load_game(decks=["vanilla-red-blue", "vanilla-white-black"])
    >>> game.new_initial_state(seed=1).decision()
    'mulligan'
    >>> starters = load_game(decks=["c01-white-red", "c02-black-blue"])
    >>> print(starters.disassemble("C01-003"))
    Crimson Fang, Ruby Howl: auto when ATTACKS
    0: CTX r4, SELF
    1: SET r5, 1000
    2: POWER r4, r5, until end of turn
    3: END
    >>> starters.random_playouts(2)["games"], load_game(decks=["c01-white-red", "c02-black-blue"], effects=False).random_playouts(2)["games"]
    (2, 2)
    """
    from tcbg.zx.decks import Deck

    if name != "zx":
        raise GameError(f"unknown game {name!r}", field="name", rule="1.1")
    if decks is None or len(decks) != 2:
        raise GameError("give two decks", field="decks", rule="1.1")
    if not isinstance(effects, bool):
        raise GameError(f"must be True or False, not {effects!r}", field="effects", rule="Z11.7")
    resolved = [deck if isinstance(deck, Deck) else Deck.load(deck) for deck in decks]
    table: list = []
    index: dict[str, int] = {}

    def card_index(card) -> int:
        if card.number not in index:
            index[card.number] = len(table)
            table.append(card)
        return index[card.number]

    specs = []
    definitions: dict[str, object] = {}
    for p, deck in enumerate(resolved):
        if check_decks:
            violations = deck.check()
            if violations:
                raise GameError(f"{deck.name} breaks deck construction: {violations[0]}"
                                + (f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""),
                                field=f"decks[{p}]", rule=violations[0].rule)
        cards = deck.card_list()
        if effects:  # each card's abilities from its card set's effects module (card-data.md ZC14)
            for card in cards:
                if not card.has_abilities:
                    continue
                definition = deck.card_set.effects.get(card.number)
                if definition is None:
                    raise GameError(f"{card.number} {getattr(card, 'name_en', '') or card.name} has an ability the "
                                    "engine cannot run yet; load the game with effects=False", field=f"decks[{p}]",
                                    rule="Z11.7")
                definitions[card.number] = definition
        indices = [card_index(card) for card in cards]
        player = card_index(deck.player) if deck.player is not None else None
        start = start_cards and any(card.is_zx and card.has("Start Card") for card in cards)
        specs.append((indices, player, start, deck.name))
    names = {}  # the decks' card sets: a definition may name a printing no deck plays (card_names)
    for deck in resolved:
        names.update(card_names(deck.card_set))
    return Game(table, [ZXDeck(ix, pl, st, name=nm) for ix, pl, st, nm in specs], effects=effects,
                first_player=first_player, shuffle=shuffle, max_turns=max_turns, definitions=definitions,
                names=names if effects else None)


def card_names(cards) -> dict[str, str]:
    """Every number and English name of a card set, mapped to the card's Japanese name (the name CR 401.2 and the
    name filters compare): what ``Game(names=...)`` takes."""
    out: dict[str, str] = {}
    for card in cards:
        out[card.number] = card.name
        if getattr(card, "name_en", None):
            out.setdefault(card.name_en, card.name)
    return out
