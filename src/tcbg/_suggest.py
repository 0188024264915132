"""The "did you mean ...?" of every unknown name tcbg refuses (agents, decks, boards, card sets, setups, options,
cards, deck-list labels): one helper, so every message suggests the same way.

>>> did_you_mean("serch", ["random", "heuristic", "search"])
"did you mean 'search'?"
>>> did_you_mean("Lifebase:", ["Life base:", "Card set:"])
"did you mean 'Life base:'?"
>>> label_hint("Dynamys: 2 C01-001", "zx"), label_hint("Lifebase: Ember Caravan", "zx")
("; did you mean 'Dynamis:'?", "; did you mean 'Life base:'? (a label of X610Z deck lists)")
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


DECK_LABELS = {"x610z": ("Card set:", "Edition:", "Life base:"), "zx": ("Card set:", "Player:", "Prepared:", "Deck:", "Dynamis:")}
"""The labels of each game's deck lists (docs/deck-format.md, docs/zx/deck-format.md): the lines that are not a
card line ``COUNT CARD``."""
GAME_NAMES = {"x610z": "X610Z", "zx": "Z/X"}


def label_of(line: str) -> str | None:
    """The label a deck-list line starts with (``"Lifebase:"`` of ``"Lifebase: Ember Caravan"``), or None when the
    line does not look like a label: words of letters and spaces, at most 20 characters, then a colon."""
    import re

    found = re.match(r"([A-Za-z][A-Za-z \t_-]{0,19}):", line.strip())
    return found.group(1).strip() + ":" if found else None


def label_hint(line: str, game: str) -> str:
    """For a line of a ``game`` deck list that is no line of the format: ``"; did you mean 'Life base:'?"`` when it
    starts with a label near one of the game's, or a note that the label is the other game's (a Z/X list's
    ``Life base:``), else ``""``."""
    label = label_of(line)
    if label is None:
        return ""
    others = {g: labels for g, labels in DECK_LABELS.items() if g != game}
    for other, labels in others.items():
        exact = [lab for lab in labels if lab.casefold() == label.casefold() and lab not in DECK_LABELS[game]]
        if exact:
            return f"; {exact[0]!r} is a label of {GAME_NAMES[other]} deck lists, not {GAME_NAMES[game]} ones"
    hint = did_you_mean(label, DECK_LABELS[game], n=2)
    if hint:
        return f"; {hint}"
    for other, labels in others.items():
        close = nearest(label, labels, n=1)
        if close:
            return f"; did you mean {close[0]!r}? (a label of {GAME_NAMES[other]} deck lists)"
    return ""


__all__ = ["DECK_LABELS", "did_you_mean", "label_hint", "label_of", "nearest", "with_hint"]
