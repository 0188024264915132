"""X610Z boards: loading, the board's geometry, and legal moves and attacks.

A :class:`Board` wraps the C++ board of ``tcbg._core``. Queries name dots by their ids; the answers are
:class:`Move` and :class:`Attack` objects with the path and heading the rules talk about (docs/rules.md 2 and 3).

>>> board = Board.load("existenz")
>>> start = board.setups["1v1"].seats[0]
>>> sorted(board.kinds(start))
['no-attack', 'start', 'warp']
>>> moves = board.moves(start, 1, life_base=True)
>>> [m.steps for m in moves]
[1]
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from importlib import resources
from typing import Iterable, Mapping, NamedTuple

import numpy as np

from tcbg import _core
from tcbg.errors import BoardError, PositionError
from tcbg.x610z.board_file import KIND_BITS, RULES, BoardSpec, parse_board, read_document

Direction = tuple[int, int]


@dataclass(frozen=True)
class Dot:
    """A dot of the board with the kinds printed on it (see :meth:`Board.kinds` for the effective kinds)."""

    id: str
    x: int
    y: int
    kinds: frozenset[str]


@dataclass(frozen=True)
class Line:
    """A line between dots ``a`` and ``b`` and the direction in which it leaves each end (rules.md 2.5)."""

    a: str
    b: str
    leave_a: Direction
    leave_b: Direction


@dataclass(frozen=True)
class Setup:
    """A named seating: the start dot of each seat in turn order and each seat's team."""

    name: str
    seats: tuple[str, ...]
    teams: tuple[int, ...]


@dataclass(frozen=True)
class Piece:
    """A summon standing on the board, as far as moves and attacks care: where, whose, and its Block rate."""

    dot: str
    player: int
    block_rate: int = 0


@dataclass(frozen=True)
class Summon:
    """A summon with the stats moves and attacks use, for :meth:`Board.count_options`."""

    dot: str
    player: int
    speed: int = 0
    range: int = 0
    block_rate: int = 0
    life_base: bool = False
    all_directions: bool = False
    heading: Direction | None = None


class Move(NamedTuple):
    """A legal move: its destination, the path (origin first), its heading (rules.md 2.8), its cost in steps, and
    the index in ``path`` of the dot entered by a warp, if any. A named tuple: cheap to make by the thousand."""

    destination: str
    path: tuple[str, ...]
    heading: Direction | None
    steps: int
    warp_index: int | None = None


class Attack(NamedTuple):
    """A legal attack: the target's dot, the path (attacker's dot first), its heading and its count (rules.md 3.1)."""

    target: str
    path: tuple[str, ...]
    heading: Direction
    steps: int


_BOARDS = resources.files("tcbg.x610z") / "boards"


def _is_int(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def _dense(teams: tuple[int, ...] | None) -> list[int]:
    """Team labels as 0, 1, ... in order of first appearance: any JSON integer is a label (board-format B11), and
    the core, which groups seats by label the same way, takes only small ones."""
    first: dict[int, int] = {}
    return [first.setdefault(t, len(first)) for t in teams or ()]


class Board:
    """An X610Z board under one edition's rules. Build it with :meth:`load` or :meth:`from_dict`."""

    def __init__(self, spec: BoardSpec, rules: str | None, file: str) -> None:
        rules = spec.rules if rules is None else rules
        if rules not in RULES:
            raise BoardError(f"unknown rules {rules!r} (known: {', '.join(RULES)})", file=file, where="rules",
                             rule="B1")
        self._file = file
        self._spec = spec
        kinds_bits = [sum(KIND_BITS[k] for k in kinds) for (_, _, _, kinds) in spec.dots]
        try:
            self._core = _core.x610z.Board(
                [(dot_id, x, y, bits) for (dot_id, x, y, _), bits in zip(spec.dots, kinds_bits)],
                [(a, b, *(la or (0, 0)), *(lb or (0, 0))) for a, b, la, lb in spec.lines],
                [(name, list(seats), _dense(teams)) for name, seats, teams in spec.setups],
                rules,
            )
        except BoardError as exc:  # the core does not know the file name
            raise BoardError(exc.reason, file=file, where=exc.where, rule=exc.rule) from None
        self._rules = rules
        self._ids = tuple(dot[0] for dot in spec.dots)
        self._index = {dot_id: i for i, dot_id in enumerate(self._ids)}
        self._dots = tuple(Dot(*dot) for dot in spec.dots)
        lines = []
        for i in range(len(spec.lines)):
            a, b, leave_a, leave_b = self._core.line(i)
            lines.append(Line(self._ids[a], self._ids[b], tuple(leave_a), tuple(leave_b)))
        self._lines = tuple(lines)
        self._setups = {
            name: Setup(name, tuple(self._ids[s] for s in seats), tuple(teams) if teams else tuple(range(len(seats))))
            for name, seats, teams in spec.setups
        }
        self._setup_index = {name: i for i, name in enumerate(self._setups)}
        names = {bit: name for name, bit in KIND_BITS.items()}
        self._kinds = tuple(
            frozenset(names[bit] for bit in names if self._core.kinds(i) & bit) or frozenset({"white"})
            for i in range(len(self._ids))
        )  # rules.md 1.2: a dot with no other kind is white

    def __reduce__(self):  # pickles by its checked spec (the core is rebuilt from it); copies are the board itself
        return Board, (self._spec, self._rules, self._file)

    def __copy__(self) -> Board:
        return self

    def __deepcopy__(self, memo) -> Board:
        return self

    # -- loading -----------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, name_or_path: str | os.PathLike[str], rules: str | None = None) -> Board:
        """Load a shipped board by name (see :meth:`names`) or a board file by path."""
        text = os.fspath(name_or_path)
        shipped = _BOARDS / f"{text}.json"
        if text in cls.names():
            with resources.as_file(shipped) as path:
                return cls(parse_board(read_document(path), f"{text}.json"), rules, f"{text}.json")
        if not os.path.exists(text):
            close = difflib.get_close_matches(text, cls.names(), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (shipped boards: {', '.join(cls.names())})"
            raise BoardError(f"no shipped board of this name and no such file{hint}", file=text, rule="B1")
        return cls(parse_board(read_document(text), text), rules, text)

    @classmethod
    def from_dict(cls, doc: Mapping, rules: str | None = None, source: str = "<dict>") -> Board:
        """Build a board from a dict in the board file format (docs/board-format.md)."""
        return cls(parse_board(doc, source), rules, source)

    @staticmethod
    def names() -> list[str]:
        """Names of the boards shipped with tcbg."""
        return sorted(p.name[:-5] for p in _BOARDS.iterdir() if p.name.endswith(".json"))

    # -- what the board is -------------------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self._spec.name

    @property
    def rules(self) -> str:
        """The edition these rules follow: ``"existenz"`` or ``"act1"`` (rules.md 1.1)."""
        return self._rules

    @property
    def description(self) -> str:
        return self._spec.description

    @property
    def file(self) -> str:
        return self._file

    @property
    def dots(self) -> tuple[Dot, ...]:
        return self._dots

    @property
    def lines(self) -> tuple[Line, ...]:
        return self._lines

    @property
    def setups(self) -> dict[str, Setup]:
        return dict(self._setups)

    @property
    def default_setup(self) -> str:
        return next(iter(self._setups))

    def index(self, dot: str) -> int:
        """Position of ``dot`` in the board file's list of dots."""
        return self._dot_index(dot, "dot")

    def kinds(self, dot: str) -> frozenset[str]:
        """The dot's effective kinds under this board's rules (rules.md 1.2)."""
        return self._kinds[self._dot_index(dot, "dot")]

    def neighbors(self, dot: str) -> tuple[str, ...]:
        """Dots joined to ``dot`` by a line, in the order of the board's lines."""
        return tuple(self._ids[i] for i in self._core.neighbors(self._dot_index(dot, "dot")))

    def distance_matrix(self, corners: bool = True) -> np.ndarray:
        """Fewest steps from dot i to dot j along lines (no warps, empty board), as an (n, n) int32 array, -1 where
        unreachable. With ``corners`` the walk obeys the corner rule (rules.md 2.4) and may pass a dot twice."""
        return self._core.distance_matrix(bool(corners))

    def __repr__(self) -> str:
        return f"<Board {self.name!r} rules={self.rules!r} dots={len(self._dots)} lines={len(self._lines)}>"

    # -- moves and attacks -------------------------------------------------------------------------------------

    def moves(self, origin: str, speed: int, *, player: int = 0, setup: str | None = None,
              pieces: Iterable[Piece | tuple] = (), life_base: bool = False, all_directions: bool = False,
              heading: Direction | None = None) -> list[Move]:
        """Every legal move of a summon standing on ``origin`` (rules.md section 2), one per destination and
        heading, in the order of rules.md 2.11. ``pieces`` are the summons on the board (one on ``origin`` is the
        mover itself); ``heading`` is the summon's heading this turn, if it already moved or attacked (rules.md 2.9).
        """
        return self._core.moves(self._setup_number(setup), self._pieces(pieces), self._dot_index(origin, "origin"),
                                self._stat(speed, "speed"), self._stat(player, "player"), bool(life_base),
                                bool(all_directions), self._heading(heading), self._ids, Move)

    def attacks(self, origin: str, range: int, *, player: int = 0, setup: str | None = None,
                pieces: Iterable[Piece | tuple] = (), all_directions: bool = False,
                heading: Direction | None = None) -> list[Attack]:
        """Every legal attack of a summon standing on ``origin`` (rules.md section 3), one per target and heading,
        in the order of rules.md 3.6."""
        return self._core.attacks(self._setup_number(setup), self._pieces(pieces), self._dot_index(origin, "origin"),
                                  self._stat(range, "range"), self._stat(player, "player"), bool(all_directions),
                                  self._heading(heading), self._ids, Attack)

    def count_options(self, summons: Iterable[Summon], setup: str | None = None, repeat: int = 1) -> tuple[int, int]:
        """Generate the moves and attacks of every summon of a position inside the core, ``repeat`` times, and
        return ``(moves, attacks)`` counted once. Every summon is also a piece of the position. The loop stays in
        C++ with the GIL released: this is how a whole position's mobility is measured fast."""
        rows = []
        for i, s in enumerate(summons):
            field = f"summons[{i}]"
            h = self._heading(s.heading)
            rows.append((self._dot_index(s.dot, f"{field}.dot"), self._stat(s.player, f"{field}.player"),
                         self._stat(s.speed, f"{field}.speed"), self._stat(s.range, f"{field}.range"),
                         self._stat(s.block_rate, f"{field}.block_rate"), bool(s.life_base), bool(s.all_directions),
                         h is not None, *(h or (0, 0))))
        table = np.array(rows, dtype=np.int64).reshape(-1, 10)
        return tuple(self._core.count_options(self._setup_number(setup), table, self._stat(repeat, "repeat")))

    # -- argument checking -------------------------------------------------------------------------------------

    def _dot_index(self, dot: object, field: str) -> int:
        try:
            return self._index[dot]  # type: ignore[index]
        except (KeyError, TypeError):
            close = difflib.get_close_matches(str(dot), self._ids, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise PositionError(f"no dot {dot!r} on board {self.name!r}{hint}", field=field, rule="query") from None

    def _setup_number(self, setup: str | None) -> int:
        if setup is None:
            return 0
        try:
            return self._setup_index[setup]
        except (KeyError, TypeError):
            from tcbg._suggest import with_hint

            raise PositionError(with_hint(f"no setup {setup!r} on board {self.name!r} (setups: "
                                          f"{', '.join(self._setups)})", str(setup), self._setups),
                                field="setup", rule="query") from None

    @staticmethod
    def _stat(value: object, field: str) -> int:
        if not _is_int(value) or value < 0:
            raise PositionError(f"must be a whole number of at least 0, not {value!r}", field=field, rule="query")
        return int(value)  # the core checks the upper limits

    @staticmethod
    def _heading(heading: object) -> Direction | None:
        if heading is None:
            return None
        if not (isinstance(heading, (tuple, list)) and len(heading) == 2 and all(_is_int(v) for v in heading)):
            raise PositionError(f"must be None or a direction (dx, dy) of two integers, not {heading!r}",
                                field="heading", rule="rules.md 2.9")
        return (int(heading[0]), int(heading[1]))

    def _pieces(self, pieces: Iterable[Piece | tuple]) -> list[tuple[int, int, int]]:
        # A query may list every summon on the board: keep the common case (Piece, known dot, small ints) fast and
        # send anything else through the checks that name the field.
        index = self._index
        out = []
        for i, piece in enumerate(pieces):
            if type(piece) is Piece:
                dot, player, block = piece.dot, piece.player, piece.block_rate
            elif isinstance(piece, tuple) and len(piece) in (2, 3):
                dot, player, block = (*piece, 0) if len(piece) == 2 else piece
            else:
                raise PositionError(f"must be a Piece or a (dot, player[, block_rate]) tuple, not {piece!r}",
                                    field=f"pieces[{i}]", rule="query")
            d = index.get(dot) if type(dot) is str else None
            if d is None or type(player) is not int or type(block) is not int or player < 0 or block < 0:
                field = f"pieces[{i}]"
                d = self._dot_index(dot, f"{field}.dot")
                player = self._stat(player, f"{field}.player")
                block = self._stat(block, f"{field}.block_rate")
            out.append((d, player, block))
        return out
