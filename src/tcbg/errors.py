"""Typed errors of tcbg.

Every error the library raises on bad input is a :class:`TcbgError`. Each names where the problem is (file, field,
dot, line ...), what is wrong, and the rule broken, so a tool that embeds tcbg can show it to its user as it is.
"""

from __future__ import annotations


class TcbgError(ValueError):
    """Base class of every error tcbg raises on bad input."""


class DataFileError(TcbgError):
    """A data file or dict breaks a rule of its documented format. Attributes: ``file`` (path or ``"<dict>"``),
    ``where`` (the part at fault), ``reason`` (what is wrong) and ``rule`` (the format's rule number)."""

    format_name = "data"
    default_where = "file"

    def __init__(self, reason: str, *, file: str = "<dict>", where: str | None = None, rule: str = "") -> None:
        self.file = file
        self.where = self.default_where if where is None else where
        self.reason = reason
        self.rule = rule
        suffix = f" [{self.format_name} {rule}]" if rule else ""
        super().__init__(f"{file}: {self.where}: {reason}{suffix}")


class BoardError(DataFileError):
    """A board file or board dict breaks a rule of docs/board-format.md (``rule`` is ``"B1"`` ... ``"B12"``;
    ``where`` names the dot, line or setup at fault, or ``"board"``).

    >>> str(BoardError("a dot with this id already exists", file="b.json", where="dot 3 'x'", rule="B3"))
    "b.json: dot 3 'x': a dot with this id already exists [board-format B3]"
    """

    format_name = "board-format"
    default_where = "board"


class CardError(DataFileError):
    """A card file, card dict or card query breaks a rule of docs/card-data.md (``rule`` is ``"C1"`` ... ``"C12"``;
    ``where`` names the card as ``card INDEX 'NAME'``, or ``"card set"``).

    >>> str(CardError("unknown energy letter 'X' in 'X3'", file="c.json", where="card 2 'Ashwing Drake'", rule="C4"))
    "c.json: card 2 'Ashwing Drake': unknown energy letter 'X' in 'X3' [card-data C4]"
    """

    format_name = "card-data"
    default_where = "card set"


class DeckError(DataFileError):
    """A deck list breaks a rule of docs/deck-format.md (``rule`` is ``"D1"`` ... ``"D9"``; ``where`` names the line
    as ``line N`` (counted from 1), or ``"deck"`` for the deck as a whole, or the loader argument at fault).

    >>> str(DeckError("4 copies of 'Ashwing Drake', but its deck limit is 3", file="my.txt", where="line 7",
    ...               rule="D5"))
    "my.txt: line 7: 4 copies of 'Ashwing Drake', but its deck limit is 3 [deck-format D5]"
    """

    format_name = "deck-format"
    default_where = "deck"


class ZXCardError(CardError):
    """A Z/X card file or card dict breaks a rule of docs/zx/card-data.md (``rule`` is ``"ZC1"`` ... ``"ZC14"``;
    ``where`` names the card as ``card INDEX NUMBER``, or ``"card set"``). A :class:`CardError`, so code that
    catches card errors of either game catches it.

    >>> str(ZXCardError("power must be a whole number from 0 to 99999, not -5", file="z.json",
    ...                 where="card 3 C01-003", rule="ZC9"))
    'z.json: card 3 C01-003: power must be a whole number from 0 to 99999, not -5 [zx/card-data ZC9]'
    """

    format_name = "zx/card-data"


class ZXDeckError(DeckError):
    """A Z/X deck list breaks a rule of docs/zx/deck-format.md (``rule`` is ``"ZD1"`` ... ``"ZD9"``; ``where`` is
    ``line N``, ``"deck"`` or the argument at fault). A :class:`DeckError`. Deck *construction* (CR 401) is not an
    error of the file: ``tcbg.zx.check_deck`` reports those violations, every one of them.

    >>> str(ZXDeckError("no card 'Ruby Howel' in set 'starter-2012'", file="my.txt", where="line 4", rule="ZD4"))
    "my.txt: line 4: no card 'Ruby Howel' in set 'starter-2012' [zx/deck-format ZD4]"
    """

    format_name = "zx/deck-format"


class FieldError(TcbgError):
    """An argument, a position or an action is wrong. Attributes: ``field`` (the argument, field or action at
    fault), ``reason`` (what is wrong) and ``rule`` (a rules.md number, a format rule, or a limit)."""

    def __init__(self, reason: str, *, field: str, rule: str = "") -> None:
        self.field = field
        self.reason = reason
        self.rule = rule
        suffix = f" [{rule}]" if rule else ""
        super().__init__(f"{field}: {reason}{suffix}")


class PositionError(FieldError):
    """A position or a query about one is malformed: an unknown dot or setup, a player with no seat, two summons on
    one dot, a stat out of its range."""


class GameError(FieldError):
    """A game cannot be set up as asked (decks that do not fit the setup, an unknown game name, a bad option), or a
    serialized state is malformed or belongs to another game."""


class IllegalActionError(FieldError):
    """An action that is not legal in the state it was applied to; the state is unchanged. ``action`` (also
    ``field``) names the action."""

    def __init__(self, reason: str, *, action: str, rule: str = "") -> None:
        super().__init__(reason, field=action, rule=rule)
        self.action = action


class SimulationError(FieldError):
    """A simulation cannot run as asked: a negative game count, a bad worker count or seed, a Dask scheduler that
    cannot be reached, a worker that failed. ``field`` names the argument (``games``, ``workers``, ``scheduler``
    ...)."""


class ProvenanceError(SimulationError):
    """A summary cannot be re-run as its provenance says (docs/simulation.md, "Provenance and reruns"): a deck, card
    set or board file that no longer hashes as it did, a Python agent, a summary without provenance. ``field`` names
    the provenance entry (``provenance.decks.A``, ``provenance.card_sets[0]`` ...).

    >>> str(ProvenanceError("my.txt hashes 1f2e... now, not 9a0b...", field="provenance.decks.A", rule="simulation.md"))
    'provenance.decks.A: my.txt hashes 1f2e... now, not 9a0b... [simulation.md]'
    """


class EffectError(GameError):
    """A card's Python effect (the slow path, docs/cards.md) failed while the core ran it: ``card`` names the card,
    ``function`` the Python function, and the exception the function raised is ``__cause__``. Also raised when an
    effect context is used after its function returned.

    >>> str(EffectError("ZeroDivisionError: division by zero", card="Double Trouble", function="double_trouble"))
    "card 'Double Trouble', effect double_trouble: ZeroDivisionError: division by zero [docs/cards.md (the slow path)]"
    """

    def __init__(self, reason: str, *, card: str = "", function: str = "",
                 rule: str = "docs/cards.md (the slow path)") -> None:
        self.card = card
        self.function = function
        where = ", ".join(part for part in (f"card {card!r}" if card else "", f"effect {function}" if function else "")
                          if part) or "effect context"
        super().__init__(reason, field=where, rule=rule)
