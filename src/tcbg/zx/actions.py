"""Z/X action texts read back into action ids (docs/zx/actions.md, "Action texts"; docs/actions.md "Reading texts
back").

``state.action_to_string(a)`` (the core's) starts with the deciding player and names card instances as ``Name #i``.
:func:`parse` reads such a text with the game alone, so ``game.action_from_string(state.action_to_string(a)) == a``
for every action ``a`` of every position but one kind: ``resolve the ability of NAME #i`` names a waiting ability by
its card, and which waiting ability that is only a position says (the position-free text is ``resolve waiting
ability K``). What a text says of the position (the player, the decision in ``pass (main)``, a card's zone, an
attack's target) is not an id's part and is not read; a card instance's name is, and must be the instance's.
:func:`resolve` reads a text among the legal actions of a position.

>>> import tcbg
>>> game = tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"])
>>> game.action_from_string("p0 pass (main)"), game.action_from_string("p1 keep the opening hand")
(0, 1)
>>> state = game.new_initial_state(seed=7)
>>> state.check_action("keep")
Legality(action=None, reason="no legal action reads 'keep'; did you mean 'p1 keep the opening hand'?")
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tcbg import _core
from tcbg.api.legality import suggest
from tcbg.errors import IllegalActionError

if TYPE_CHECKING:
    from tcbg.api import Game, State

_RULE = "docs/zx/rules.md Z9.1"
_IDS = dict(_core.zx.ACTION_IDS)
_BLOCK = _IDS["resource"] - _IDS["play"]  # the width of a per-instance block (the engine's bound of instances)
_LIVES = _IDS["void"] - _IDS["life"]
_TRIGGERS = _IDS["target"] - _IDS["trigger"]
_STARTUPS = (_core.zx.NUM_ACTIONS - _IDS["startup"]) // _BLOCK  # startup abilities per card
_SQUARE = {f"s{_core.zx.square_number(s, 0)}": s for s in range(9)}  # player 0's numbering (rules.md Z3.1)
_INST = r"(?:(?P<name>.+) )?#(?P<i>\d+)"
_SQ = r"(?P<s>s[1-9])"


class _Reader:
    """The patterns of one game's texts, with its instances' names (built once per game)."""

    def __init__(self, game: Game) -> None:
        self.names = [name for _, name in game.instance_cards()]
        per_instance = [("play", "play " + _INST), ("resource", "put " + _INST + " into Resource"),
                        ("ignite", "ignite with " + _INST + " from Charge"), ("pay", "pay with " + _INST),
                        ("discard", "discard " + _INST), ("excess", "put " + _INST + " from Charge into Trash"),
                        ("choose_card", "choose " + _INST + r" \([A-Za-z ]+\)")]
        self.patterns = [
            (r"pass(?: \([a-z-]+\))?", lambda m: _IDS["pass"]),
            (r"keep the opening hand", lambda m: _IDS["keep"]),
            (r"mulligan", lambda m: _IDS["mulligan"]),
            (r"play the revealed (?:card|" + _INST + ")", lambda m: _IDS["play_revealed"] if self._named(m) else None),
            (r"yes(?: \([a-z-]+\))?", lambda m: _IDS["yes"]),
            (r"(?:to|choose) square " + _SQ, lambda m: _IDS["square"] + _SQUARE[m["s"]]),
            (r"attack from (?P<a>s[1-9]) to (?P<t>s[1-9])(?: \(.+\))?",
             lambda m: _IDS["attack"] + 9 * _SQUARE[m["a"]] + _SQUARE[m["t"]]),
            (r"pick Life card (?P<k>\d+) \(from the top\)", lambda m: self._numbered("life", m["k"], _LIVES)),
            (r"Void Bringer: (?:the Z/X|" + _INST + ") on " + _SQ + " into Trash",
             lambda m: _IDS["void"] + _SQUARE[m["s"]] if self._named(m) else None),
            (r"resolve waiting ability (?P<k>\d+)", lambda m: self._numbered("trigger", m["k"], _TRIGGERS)),
            (r"choose (?:the Z/X|" + _INST + ") on " + _SQ,
             lambda m: _IDS["target"] + _SQUARE[m["s"]] if self._named(m) else None),
            (r"use the ability of " + _INST + r"(?: \((?P<k>[2-9])\))?", self._startup),
        ] + [(pattern, self._block(key)) for key, pattern in per_instance]
        self.patterns = [(re.compile(pattern), read) for pattern, read in self.patterns]

    def _instance(self, m: re.Match) -> int | None:
        """The instance ``NAME #i`` names: its name must be instance i's; a bare ``#i`` names an id past the
        game's instances (the core's text for those)."""
        if m["i"] is None:
            return None
        i = int(m["i"])
        if i >= _BLOCK:
            return None
        if m["name"] is None:
            return i if i >= len(self.names) else None
        return i if i < len(self.names) and self.names[i] == m["name"] else None

    def _named(self, m: re.Match) -> bool:
        """A text whose instance is optional ("the Z/X", "card") names a real one or none."""
        return m["i"] is None or self._instance(m) is not None

    def _block(self, key: str):
        def read(m: re.Match) -> int | None:
            i = self._instance(m)
            return None if i is None else _IDS[key] + i
        return read

    @staticmethod
    def _numbered(key: str, k: str, count: int) -> int | None:
        return _IDS[key] + int(k) if int(k) < count else None

    def _startup(self, m: re.Match) -> int | None:
        i = self._instance(m)
        k = int(m["k"]) - 1 if m["k"] else 0
        return None if i is None or k >= _STARTUPS else _IDS["startup"] + _STARTUPS * i + k

    def read(self, text: str) -> int | None:
        body = re.sub(r"^p[0-9] ", "", text)
        for pattern, read in self.patterns:
            m = pattern.fullmatch(body)
            if m is not None:
                found = read(m)
                if found is not None:
                    return found
        return None

    def needs_position(self, text: str) -> bool:
        """A waiting ability named by its card: only a position says which waiting ability it is."""
        return re.fullmatch(r"(?:p[0-9] )?resolve (?:Life Recovery|Void Bringer|the ability) of .+ #\d+", text) is not None


def _reader(game: Game) -> _Reader:
    reader = game.__dict__.get("_action_reader")
    if reader is None:
        reader = game.__dict__["_action_reader"] = _Reader(game)
    return reader


def parse(game: Game, text: str) -> int:
    """The action id ``text`` names in ``game``, whatever the position (the inverse of ``state.action_to_string``
    but for waiting abilities named by their card). Any other text raises :class:`tcbg.IllegalActionError` naming
    it and why."""
    if not isinstance(text, str):
        raise IllegalActionError(f"an action text is a str, not {type(text).__name__}", action=repr(text), rule=_RULE)
    reader = _reader(game)
    found = reader.read(text)
    if found is not None:
        return found
    if reader.needs_position(text):
        reason = (f"{text!r} names a waiting ability by its card, which only a position resolves: read it with "
                  "state.action_from_string, or name it 'resolve waiting ability K'")
    else:
        reason = f"no action of this game reads {text!r}"
    raise IllegalActionError(reason, action=repr(text), rule=_RULE)


def resolve(state: State, text: str) -> tuple[int | None, str]:
    """The legal action of ``state`` that ``text`` names, as (id, ""), or (id or None, why not): the reason
    ``state.action_from_string`` raises with. A legal action's text as ``action_to_string`` gives it names it, with
    or without its ``pN`` prefix. A text naming an action that is not legal now gets that action's reason; any
    other, the nearest legal texts."""
    if not isinstance(text, str):
        return None, f"an action text is a str, not {type(text).__name__}"
    texts = {state.action_to_string(a): a for a in state.legal_actions()}
    if text in texts:
        return texts[text], ""
    bare = {re.sub(r"^p[0-9] ", "", t): a for t, a in texts.items()}
    if text in bare:
        return bare[text], ""
    hint = suggest(text, texts)
    found = _reader(state.get_game()).read(text)
    if found is not None and not state.is_legal(found):
        return found, state.illegal_reason(found) + hint
    return None, f"no legal action reads {text!r}{hint}"
