"""The one rule for whole numbers of the public API of both games: every action id, player, card instance, count
and seed is a Python ``int`` (not a ``bool``) or a numpy integer scalar; anything else is refused with a typed error
(or, where the API answers a question, ``False``). Written once here for the Game and State classes, the legality
checks and the games' own modules.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tcbg.errors import GameError


def shown(value: Any) -> str:
    """What an error shows of a value a caller passed: its repr, cut short."""
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails (too deep, or raising) is named by its type
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a whole number by the one rule of every action id, player, count and seed of the
    public API (docs/actions.md "Checking actions"): a Python ``int`` that is not a ``bool``, or a numpy integer
    scalar. Not a float (``1.0`` neither), a bool or ``numpy.bool_``, an array (of one element or 0-d), a string or
    None. The bindings (python/core_api.hpp ``is_whole``) apply the same rule.

    >>> is_whole(3), is_whole(np.int16(3)), is_whole(3.0), is_whole(True), is_whole(np.array(3))
    (True, True, False, False, False)
    """
    return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, np.integer)


def whole_number(value: Any, field: str, rule: str, low: int, high: int) -> int:
    """``value`` as an ``int`` when it is a whole number (:func:`is_whole`) from ``low`` to ``high``; else
    :class:`tcbg.GameError` naming ``field`` and citing ``rule``.

    >>> whole_number(np.int64(2), "games", "query", 0, 10)
    2
    >>> whole_number(2.0, "games", "query", 0, 10)
    Traceback (most recent call last):
    ...
    tcbg.errors.GameError: games: expected a whole number (an int), not float 2.0 [query]
    """
    if not is_whole(value):
        raise GameError(f"expected a whole number (an int), not {type(value).__name__} {shown(value)}", field=field,
                        rule=rule)
    number = int(value)
    if not low <= number <= high:
        raise GameError(f"must lie from {low} to {high}, not {shown(number)}", field=field, rule=rule)
    return number


def check_seed(seed: Any, rule: str) -> int:
    """``seed`` when it is a whole number (:func:`is_whole`) from 0 to 2**64 - 1; else :class:`tcbg.GameError`
    citing ``rule``."""
    if not is_whole(seed) or not 0 <= seed < 2**64:
        raise GameError(f"a seed is a whole number from 0 to 2**64 - 1, not {shown(seed)}", field="seed", rule=rule)
    return int(seed)
