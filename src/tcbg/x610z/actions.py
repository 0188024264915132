"""Action texts read back into action ids, and the legality check tools embed (docs/actions.md, "Action texts"
and "Checking actions").

``state.action_to_string(a)`` (the core's) says what action ``a`` does in words that hold everything telling it apart
from the game's other actions: card instances by name and number, dots by id, and for a move or an attack the line
its heading comes from, named by the dot at the line's far end. This module reads such a text back with the game
alone (:func:`parse`), so ``game.action_from_string(state.action_to_string(a)) == a`` for every legal action ``a`` of
every position, and ``state.action_from_string`` reads it among the legal actions of a position.

>>> import tcbg
>>> game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
>>> game.action_from_string("keep the hand"), game.action_from_string("cast Ashwing Drake (#1)")
(1, 310)
>>> state = game.new_initial_state(seed=7)
>>> state.check_action("pass")
Legality(action=0, reason='not legal now (pass): player 1 is deciding whether to keep their opening hand')
>>> bool(state.check_action("keep the hand"))
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tcbg.api.legality import Legality, check_id, suggest
from tcbg.errors import IllegalActionError

if TYPE_CHECKING:
    from tcbg.api import Game, State

_RULE = "rules.md 5.9"
_PLAIN = {"pass": 0, "keep the hand": 1, "Murphy's Law": 2}
_PER_INSTANCE = ("place crystal", "activate crystal", "discard", "cast", "move", "attack with")  # the id blocks' order
_INSTANCE = r"(?P<name>.+) \(#(?P<i>\d+)\)"


class _Reader:
    """The regular expressions and board tables that read one game's action texts (built once per game)."""

    def __init__(self, game: Game) -> None:
        board = game.board
        self.blocks = game._core.action_blocks
        self.names = [name for _, name in game.instance_cards()]
        self.index = {dot.id: i for i, dot in enumerate(board.dots)}
        ranks = [board._core.heading_ranks(d) for d in range(len(board.dots))]
        # (dot, far end) -> heading rank of the option key: arriving along that line, leaving by it
        self.arrive = {(d, to): arrive for d, slots in enumerate(ranks) for to, arrive, _ in slots}
        self.leave = {(d, to): leave for d, slots in enumerate(ranks) for to, _, leave in slots}
        dot = "|".join(re.escape(i) for i in sorted(self.index, key=len, reverse=True))

        def d(name: str) -> str:
            return f"(?P<{name}>{dot})"

        heading = r"(?: \(heading rank (?P<rank>[0-9])\))"
        self.patterns = [
            (re.compile(r"decline waiting ability (?P<k>\d+)(?: of " + _INSTANCE + ")?"), self._decline),
            (re.compile(r"put waiting ability (?P<k>\d+)(?: of " + _INSTANCE + ")? on the stack"), self._trigger),
            (re.compile(r"use ability (?P<k>\d+) of " + _INSTANCE), self._ability),
            (re.compile(r"choose mode (?P<k>\d+)"), self._mode),
            (re.compile(r"choose stack item (?P<k>\d+)(?: \(" + _INSTANCE + r"\))?"), self._stack),
            (re.compile(r"choose player (?P<k>\d+)"), self._player),
            (re.compile(r"(?:choose dot|place the summon on) " + d("dot")), self._dot),
            (re.compile(r"attack the summon on " + d("to") + " with " + _INSTANCE + " from " + d("at") +
                        r"(?:, setting out towards " + d("via") + "|" + heading + ")?"), self._attack),
            (re.compile(r"attack the summon on " + d("to") + r"(?: \(heading rank (?P<rank>[0-9]) at the attacker's "
                        r"dot\))?"), self._attack),
            (re.compile(r"move " + _INSTANCE + " from " + d("at") + " to " + d("to") + "(?:, arriving from " +
                        d("via") + "|(?P<warp>, arriving by warp)|" + heading + ")?"), self._move),
            (re.compile(r"move to " + d("to") + "(?:, arriving from " + d("via") +
                        "|(?P<warp>, arriving by warp or in all directions)|" + heading + ")"), self._move),
            (re.compile(r"choose " + _INSTANCE), self._choose),
            (re.compile("(?P<verb>" + "|".join(_PER_INSTANCE) + ") " + _INSTANCE), self._per_instance),
        ]
        self._generic: list[str] | None = None

    # -- one reader per kind of text; each returns the id, or None when the text names nothing of this game --

    def _instance(self, m: re.Match) -> int | None:
        if m.group("name") is None:
            return -1  # the optional part is left out
        i = int(m.group("i"))
        return i if i < len(self.names) and self.names[i] == m.group("name") else None

    def _numbered(self, m: re.Match, first: str, count: int) -> int | None:
        k = int(m.group("k"))
        return self.blocks[first] + k if k < count else None

    def _decline(self, m: re.Match) -> int | None:
        ok = self._instance(m) is not None
        return self._numbered(m, "decline", self.blocks["end"] - self.blocks["decline"]) if ok else None

    def _trigger(self, m: re.Match) -> int | None:
        ok = self._instance(m) is not None
        return self._numbered(m, "trigger", self.blocks["decline"] - self.blocks["trigger"]) if ok else None

    def _ability(self, m: re.Match) -> int | None:
        i, per_card = self._instance(m), self.blocks["abilities_per_card"]
        k = int(m.group("k"))
        return None if i is None or k >= per_card else self.blocks["ability"] + i * per_card + k

    def _mode(self, m: re.Match) -> int | None:
        return self._numbered(m, "mode", self.blocks["no"] - self.blocks["mode"])

    def _stack(self, m: re.Match) -> int | None:
        ok = self._instance(m) is not None
        return self._numbered(m, "choose_stack", self.blocks["mode"] - self.blocks["choose_stack"]) if ok else None

    def _player(self, m: re.Match) -> int | None:
        return self._numbered(m, "choose_player", self.blocks["choose_stack"] - self.blocks["choose_player"])

    def _dot(self, m: re.Match) -> int | None:
        return self.blocks["dot"] + self.index[m.group("dot")]

    def _key(self, m: re.Match, table: dict, at: int, block: str) -> int | None:
        to = self.index[m.group("to")]
        if m.groupdict().get("via"):
            rank = table.get((at, self.index[m.group("via")]))
            if rank is None:
                return None  # no line between the two dots
        elif m.group("rank"):
            rank = int(m.group("rank"))
        else:
            rank = 0
        return self.blocks[block] + to * self.blocks["keys_per_dot"] + rank

    def _attack(self, m: re.Match) -> int | None:
        if "at" in m.re.groupindex and self._instance(m) is None:
            return None
        return self._key(m, self.leave, self.index[m.group("at")] if "at" in m.re.groupindex else -1, "attack")

    def _move(self, m: re.Match) -> int | None:
        if "i" in m.re.groupindex and self._instance(m) is None:
            return None
        return self._key(m, self.arrive, self.index[m.group("to")], "move")

    def _choose(self, m: re.Match) -> int | None:
        i = self._instance(m)
        return None if i is None else self.blocks["choose_instance"] + i

    def _per_instance(self, m: re.Match) -> int | None:
        i = self._instance(m)
        block = _PER_INSTANCE.index(m.group("verb"))
        return None if i is None else self.blocks["per_instance"] + block * len(self.names) + i

    def read(self, text: str) -> int | None:
        plain = _PLAIN.get(text)
        if plain is not None:
            return plain
        if text in ("no", "yes", "choose none"):
            return self.blocks["none" if text == "choose none" else text]
        for pattern, reader in self.patterns:
            m = pattern.fullmatch(text)
            if m:
                found = reader(m)
                if found is not None:
                    return found
        return None

    def generic_texts(self, game: Game) -> list[str]:
        """Every action's text in a position with no choice under way (for suggestions)."""
        if self._generic is None:
            state = game.new_initial_state(seed=0)
            self._generic = [state.action_to_string(a) for a in range(game.num_distinct_actions())]
        return self._generic


def _reader(game: Game) -> _Reader:
    reader = game.__dict__.get("_action_reader")
    if reader is None:
        reader = game.__dict__["_action_reader"] = _Reader(game)
    return reader


def parse(game: Game, text: str) -> int:
    """The action id ``text`` names in ``game``: the inverse of ``state.action_to_string`` for every position.
    A text that names no action of the game raises :class:`tcbg.IllegalActionError` naming it (with the closest
    text of the game's actions)."""
    if not isinstance(text, str):
        raise IllegalActionError(f"an action text is a str, not {type(text).__name__}", action=repr(text), rule=_RULE)
    reader = _reader(game)
    found = reader.read(text)
    if found is None:
        hint = suggest(text, reader.generic_texts(game))
        raise IllegalActionError(f"no action of this game reads {text!r}{hint}", action=repr(text), rule=_RULE)
    return found


def resolve(state: State, text: str) -> tuple[int | None, str]:
    """The legal action of ``state`` that ``text`` names, as (id, ""), or (id or None, why not): the reason
    ``state.action_from_string`` raises with. The texts ``state.action_to_string`` gives for the legal actions name
    them; so do the position-free texts :func:`parse` reads."""
    if not isinstance(text, str):
        return None, f"an action text is a str, not {type(text).__name__}"
    game = state.get_game()
    reader = _reader(game)
    found = reader.read(text)
    # the text names its id; it must also say what the id does here (a move's text names the summon that moves)
    if found is not None and state.is_legal(found) and text in (state.action_to_string(found),
                                                                  reader.generic_texts(game)[found]):
        return found, ""
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    hint = suggest(text, texts)
    if found is not None:
        return found, state.illegal_reason(found) + hint
    return None, f"no legal action reads {text!r}{hint}"


def check(state: State, action) -> Legality:
    """The legality of ``action`` (an id or a text) in ``state``, changing nothing."""
    if isinstance(action, str):
        found, reason = resolve(state, action)
        return Legality(found, reason)
    return check_id(state, action)
