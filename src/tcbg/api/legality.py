"""The answer of a legality check (``state.check_action``, ``game.check_action``), the same for every game."""

from __future__ import annotations

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
    """The legality of ``action`` as an action id (anything that is not an int is no action) in ``state``."""
    if state.is_legal(action):
        return Legality(int(action), "")
    reason = state.illegal_reason(action)
    try:
        number = int(action) if not isinstance(action, bool) else None
    except (TypeError, ValueError):
        number = None
    return Legality(number, reason)
