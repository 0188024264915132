"""The "did you mean ...?" of every unknown name tcbg refuses (agents, decks, boards, card sets, setups, options,
cards, deck-list labels): one helper, so every message suggests the same way.

>>> did_you_mean("serch", ["random", "heuristic", "search"])
"did you mean 'search'?"
>>> did_you_mean("Lifebase:", ["Life base:", "Card set:"])
"did you mean 'Life base:'?"
>>> did_you_mean("zzz", ["random", "heuristic", "search"])
''
"""

from __future__ import annotations

import difflib
from typing import Iterable


def nearest(word: str, names: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The names of ``names`` nearest to ``word`` (at most ``n``, best first; difflib's similarity of at least
    ``cutoff``), compared without regard to case; each as ``names`` spells it."""
    by_folded: dict[str, str] = {}
    for name in names:
        by_folded.setdefault(str(name).casefold(), str(name))
    close = difflib.get_close_matches(str(word).casefold(), list(by_folded), n=n, cutoff=cutoff)
    return [by_folded[c] for c in close]


def did_you_mean(word: str, names: Iterable[str], n: int = 3, cutoff: float = 0.6) -> str:
    """``"did you mean 'x'?"`` (or ``'x' or 'y'``) with the :func:`nearest` names, or ``""`` when none is near."""
    close = nearest(word, names, n, cutoff)
    return f"did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def with_hint(message: str, word: str, names: Iterable[str], n: int = 3) -> str:
    """``message`` followed by ``; did you mean ...?`` when a name of ``names`` is near ``word``."""
    hint = did_you_mean(word, names, n)
    return f"{message}; {hint}" if hint else message


__all__ = ["did_you_mean", "nearest", "with_hint"]
