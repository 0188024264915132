"""Typed errors of tcbg.

Every error the library raises on bad input is a :class:`TcbgError`. Each names where the problem is (file, field,
dot, line ...), what is wrong, and the rule broken, so a tool that embeds tcbg can show it to its user as it is.
"""

from __future__ import annotations


class TcbgError(ValueError):
    """Base class of every error tcbg raises on bad input."""


class BoardError(TcbgError):
    """A board file or board dict breaks a rule of docs/board-format.md.

    Attributes: ``file`` (path or ``"<dict>"``), ``where`` (the dot, line or setup at fault, or ``"board"``),
    ``reason`` (what is wrong) and ``rule`` (``"B1"`` ... ``"B12"``).

    >>> str(BoardError("a dot with this id already exists", file="b.json", where="dot 3 'x'", rule="B3"))
    "b.json: dot 3 'x': a dot with this id already exists [board-format B3]"
    """

    def __init__(self, reason: str, *, file: str = "<dict>", where: str = "board", rule: str = "") -> None:
        self.file = file
        self.where = where
        self.reason = reason
        self.rule = rule
        suffix = f" [board-format {rule}]" if rule else ""
        super().__init__(f"{file}: {where}: {reason}{suffix}")


class CardError(TcbgError):
    """A card file, card dict or card query breaks a rule of docs/card-data.md.

    Attributes: ``file`` (path or ``"<dict>"``), ``where`` (the card at fault as ``card INDEX 'NAME'``, or
    ``"card set"``), ``reason`` (what is wrong) and ``rule`` (``"C1"`` ... ``"C12"``).

    >>> str(CardError("unknown energy letter 'X' in 'X3'", file="c.json", where="card 2 'Ashwing Drake'", rule="C4"))
    "c.json: card 2 'Ashwing Drake': unknown energy letter 'X' in 'X3' [card-data C4]"
    """

    def __init__(self, reason: str, *, file: str = "<dict>", where: str = "card set", rule: str = "") -> None:
        self.file = file
        self.where = where
        self.reason = reason
        self.rule = rule
        suffix = f" [card-data {rule}]" if rule else ""
        super().__init__(f"{file}: {where}: {reason}{suffix}")


class PositionError(TcbgError):
    """A position or a query about one is malformed: an unknown dot or setup, a player with no seat, two summons on
    one dot, a stat out of its range.

    Attributes: ``field`` (the argument or field at fault), ``reason`` and ``rule`` (a rules.md number, or a limit).
    """

    def __init__(self, reason: str, *, field: str, rule: str = "") -> None:
        self.field = field
        self.reason = reason
        self.rule = rule
        suffix = f" [{rule}]" if rule else ""
        super().__init__(f"{field}: {reason}{suffix}")
