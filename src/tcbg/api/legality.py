"""The answer of a legality check (``state.check_action``, ``game.check_action``), the same for every game."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import NamedTuple


class Legality(NamedTuple):
    """The answer of a legality check: truthy when the action is legal. ``action`` is the action id checked (None
    when the action named none), ``reason`` why it is not legal: the reason ``IllegalActionError`` gives for it in
    that state (``""`` when legal). A named tuple: cheap to make by the million.

    >>> Legality(3, ""), bool(Legality(None, "no legal action reads 'fly'"))
    (Legality(action=3, reason=''), False)
    """

    action: int | None
    reason: str

    def __bool__(self) -> bool:
        return not self.reason

    @property
    def legal(self) -> bool:
        return not self.reason


def check_id(state, action) -> Legality:
    """The legality of ``action`` as an action id in ``state``: anything that is not a whole number
    (:func:`tcbg.api.is_whole`: an int or a numpy integer) is no action, and its Legality names none."""
    from tcbg.api.numbers import is_whole

    if state.is_legal(action):
        return Legality(int(action), "")
    return Legality(int(action) if is_whole(action) else None, state.illegal_reason(action))


def suggest(text: str, candidates: Iterable[str], most: int = 3) -> str:
    """ "; did you mean ...?" naming the action texts among ``candidates`` nearest ``text``, or "" when none is near:
    the hint of every game's "no action reads ..." errors. The texts holding every word of ``text`` come first (up to
    ``most`` of them: ``pass`` finds Z/X's ``p0 pass (main)``); failing those, the one text with a run of as many
    words as ``text`` closest to it (:class:`difflib.SequenceMatcher`, a ratio of at least 0.5), so a typo finds
    its text whatever words the text has around it (``pas`` finds ``p0 pass (main)``, ``keep the hnad``
    ``keep the hand``).

    >>> suggest("pass", ["p0 pass (main)", "p0 play Vanilla #3"])
    "; did you mean 'p0 pass (main)'?"
    >>> suggest("pas", ["p0 pass (main)", "p0 play Vanilla #3"])
    "; did you mean 'p0 pass (main)'?"
    >>> suggest("keep the hnad", ["pass", "keep the hand"]), suggest("fly", ["pass"])
    ("; did you mean 'keep the hand'?", '')
    """
    texts = list(dict.fromkeys(candidates))
    words = text.split()
    found = [t for t in texts if words and set(words) <= set(t.split())][:most]
    if not found and words:
        matcher = difflib.SequenceMatcher(b=text)
        best, score = None, 0.5
        for candidate in texts:
            parts = candidate.split()
            for start in range(max(1, len(parts) - len(words) + 1)):
                matcher.set_seq1(" ".join(parts[start:start + len(words)]))
                if matcher.real_quick_ratio() > score and matcher.quick_ratio() > score and matcher.ratio() > score:
                    best, score = candidate, matcher.ratio()
        found = [best] if best is not None else []
    if not found:
        return ""
    named = repr(found[0]) if len(found) == 1 else ", ".join(map(repr, found[:-1])) + " or " + repr(found[-1])
    return f"; did you mean {named}?"
