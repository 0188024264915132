"""Hypothesis strategies for random, VALID tcbg-board/1 dicts (docs/board-format.md) and random queries on them.

Boards are small on purpose: 2..30 dots on integer coordinates in -6..6 (or packed in -2..2 or -3..3), so that
exact 90-degree corners, straight runs, collinear lines and small loops happen often. Lines form a random spanning
tree (B10 connected) plus random extra lines, at most 8 per dot (B8), no duplicates (B7) nor loops (B6). Some lines
get explicit leave directions (curved lines): scaled chords (not in lowest terms), perpendicular or opposite ones,
directions copied from another line at the same dot (exact 90-degree and exactly-opposite corners), small random
ones and a few huge ones (up to +-2,000,000, to catch integer overflow). Kinds respect B2; at least two start dots;
one or two setups (B11) with 2..6 seats and sometimes teams.

Strategies:
- board_docs(): a board dict.
- scenarios(attack_focus=False): (board dict, query dict) with query keys setup, player, pieces
  [(dot, player, block_rate)], origin, speed, range, life_base, all_directions, heading.
- summon_scenarios(): (board dict, setup, [summon dicts]) for board.count_options.
"""

from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

_COORDS = {span: st.integers(-span, span) for span in (2, 3, 6)}
MAX_LINES_PER_DOT = 8  # board-format B8
OPTIONAL_KINDS = ("end", "no-attack", "warp", "quest")


@lru_cache(maxsize=None)
def _ints(low, high):
    """st.integers(low, high), built once (building and validating a strategy per draw is slow)."""
    return st.integers(low, high)


def _pick(draw, items):
    """One of `items` (like st.sampled_from, shrinking towards the first, without building a strategy)."""
    return items[draw(_ints(0, len(items) - 1))]


def _coin(draw):
    return draw(_ints(0, 1)) == 1


_SMALL_DIRECTION = st.tuples(st.integers(-3, 3), st.integers(-3, 3)).filter(lambda d: d != (0, 0))
_HUGE = st.integers(-2_000_000, 2_000_000)
_HUGE_DIRECTION = st.tuples(_HUGE, _HUGE).filter(lambda d: d != (0, 0))


_START_EXTRA = st.lists(st.sampled_from(("no-attack", "warp", "quest")), unique=True, max_size=2)
_OTHER_KINDS = st.lists(st.sampled_from(OPTIONAL_KINDS), unique=True, min_size=1, max_size=2)


def _kinds(draw, is_start):
    """Kinds of one dot (B2): `white` alone, never both start and end, each kind at most once; None: no field."""
    if is_start:
        kinds = ["start", *draw(_START_EXTRA)]
    else:
        choice = draw(_ints(0, 15))
        if choice <= 7:
            return None  # no "kinds" field: a white dot
        if choice == 8:
            return ["white"]
        if choice == 9:
            return []
        kinds = draw(_OTHER_KINDS)  # about one dot in seven is a warp dot, one in seven a no-attack dot
    if len(kinds) > 1 and _coin(draw):
        kinds.reverse()
    return kinds


_LEAVE_KINDS = ("scaled", "perpendicular", "opposite", "small", "axis", "copy", "copy_perpendicular",
                "copy_opposite", "huge")
_AXES = ((1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (0, -3))


def _leave(draw, here, there, other_leaves):
    """An explicit leave direction for a line leaving `here` (towards `there`), or None for the default.

    other_leaves: the directions of the lines at `here` (never empty: it holds this line's own chord)."""
    code = draw(_ints(0, 3 * len(_LEAVE_KINDS) - 1))
    if code < 2 * len(_LEAVE_KINDS):  # most ends keep the default (straight) direction
        return None
    kind = _LEAVE_KINDS[code - 2 * len(_LEAVE_KINDS)]
    dx, dy = there[0] - here[0], there[1] - here[1]
    if kind == "scaled":  # the chord, not in lowest terms
        k = draw(_ints(1, 3))
        return [k * dx, k * dy]
    if kind == "perpendicular":
        sign = _pick(draw, (1, -1))
        return [-sign * dy, sign * dx]
    if kind == "opposite":
        return [-dx, -dy]
    if kind == "small":
        return list(draw(_SMALL_DIRECTION))
    if kind == "axis":
        return list(_pick(draw, _AXES))
    if kind == "huge":
        return list(draw(_HUGE_DIRECTION))
    ux, uy = _pick(draw, other_leaves)
    k = draw(_ints(1, 2)) if max(abs(ux), abs(uy)) <= 1_000_000 else 1  # stay within B5's +-2,000,000
    if kind == "copy":
        return [k * ux, k * uy]
    if kind == "copy_perpendicular":
        return [-k * uy, k * ux]
    return [-k * ux, -k * uy]  # copy_opposite


def _distance2(p, q):
    return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2


@st.composite
def board_docs(draw, min_dots=2, max_dots=30, plain=False):
    """A valid board dict. plain=True: no kinds but the (required) start dots, for long attack paths."""
    n = draw(_ints(min_dots, max_dots))
    # Coordinates in -6..6, or packed in a small square (dense grids: many unit squares, loops of right angles).
    span = _pick(draw, [s for s in (6, 2, 3) if (2 * s + 1) ** 2 >= n])
    coord = _COORDS[span]
    coords = draw(st.lists(st.tuples(coord, coord), min_size=n, max_size=n, unique=True))
    # Ids in a random order, so that the file order (dot index) and the alphabetical order of ids differ.
    ids = draw(st.permutations([f"d{i}" for i in range(n)]))

    # Kinds (B2), at least two start dots (B11 needs 2 seats).
    n_start = draw(_ints(2, min(6, max(2, n // 3))))
    start_indices = set(draw(st.lists(st.integers(0, n - 1), unique=True, min_size=n_start, max_size=n_start)))
    dots = []
    for i in range(n):
        dot = {"id": ids[i], "x": coords[i][0], "y": coords[i][1]}
        kinds = _kinds(draw, i in start_indices) if (i in start_indices or not plain) else None
        if kinds is not None:
            dot["kinds"] = kinds
        dots.append(dot)

    # Lines: a random spanning tree (B10), then extra lines, at most 8 per dot (B8), no duplicates (B7).
    degree = [0] * n
    pairs = set()
    line_ends = []

    def add(i, j):
        pairs.add(frozenset((i, j)))
        degree[i] += 1
        degree[j] += 1
        line_ends.append((i, j) if _coin(draw) else (j, i))

    order = draw(st.permutations(range(n)))
    for k in range(1, n):
        candidates = [order[m] for m in range(k) if degree[order[m]] < MAX_LINES_PER_DOT]
        new = order[k]
        if _coin(draw):
            # Prefer a near dot: short lines give grid-like boards with many straight runs and right angles.
            candidates.sort(key=lambda m: (_distance2(coords[m], coords[new]), m))
            candidates = candidates[:3]
        add(new, _pick(draw, candidates))
    n_extra = draw(_ints(0, n))
    for _ in range(n_extra):
        i = draw(_ints(0, n - 1))
        free = [j for j in range(n) if j != i and degree[j] < MAX_LINES_PER_DOT and frozenset((i, j)) not in pairs]
        if degree[i] >= MAX_LINES_PER_DOT or not free:
            continue
        if _coin(draw):
            free.sort(key=lambda j: (_distance2(coords[j], coords[i]), j))
            free = free[:4]
        add(i, _pick(draw, free))

    # Leave directions. The default of a line from a to b leaves a towards (xb - xa, yb - ya) (rules.md 2.5).
    leaves_at = {i: [] for i in range(n)}  # directions already used at each dot, for copies
    for i, j in line_ends:
        leaves_at[i].append((coords[j][0] - coords[i][0], coords[j][1] - coords[i][1]))
        leaves_at[j].append((coords[i][0] - coords[j][0], coords[i][1] - coords[j][1]))
    lines = []
    for i, j in line_ends:
        line = {"a": ids[i], "b": ids[j]}
        leave_a = _leave(draw, coords[i], coords[j], leaves_at[i])
        leave_b = _leave(draw, coords[j], coords[i], leaves_at[j])
        if leave_a is not None and tuple(leave_a) != (0, 0):
            line["leave_a"] = leave_a
        if leave_b is not None and tuple(leave_b) != (0, 0):
            line["leave_b"] = leave_b
        lines.append(line)
    lines = draw(st.permutations(lines))

    # Setups (B11, B12): one or two, 2..min(6, #start) seats in random order, sometimes teams.
    start_ids = [ids[i] for i in sorted(start_indices)]
    setups = {}
    for number in range(draw(_ints(1, 2))):
        n_seats = draw(_ints(2, min(6, len(start_ids))))
        seats = draw(st.lists(st.sampled_from(start_ids), unique=True, min_size=n_seats, max_size=n_seats))
        setup = {"seats": seats}
        if _coin(draw):
            teams = draw(st.lists(st.integers(0, 2), min_size=n_seats, max_size=n_seats).filter(
                lambda t: len(set(t)) >= 2))
            setup["teams"] = teams
        setups[f"setup{number}"] = setup

    doc = {
        "format": "tcbg-board/1",
        "name": "random",
        "dots": dots,
        "lines": lines,
        "setups": setups,
    }
    rules = _pick(draw, (None, "existenz", "act1"))
    if rules is not None:
        doc["rules"] = rules
    return doc


def _lines_at(doc, dot_id):
    """The directions in which the lines of `doc` leave `dot_id` (explicit or straight default)."""
    pos = {d["id"]: (d["x"], d["y"]) for d in doc["dots"]}
    result = []
    for line in doc["lines"]:
        for end, other, key in ((line["a"], line["b"], "leave_a"), (line["b"], line["a"], "leave_b")):
            if end == dot_id:
                default = (pos[other][0] - pos[end][0], pos[other][1] - pos[end][1])
                result.append(tuple(line.get(key, default)))
    return result


@st.composite
def _heading(draw, doc, dot_id):
    """None, a random direction, or one taken from a line at the dot (as is, reversed or perpendicular)."""
    kind = _pick(draw, ("none", "none", "random", "line", "line", "huge"))
    if kind == "none":
        return None
    if kind == "random":
        return draw(_SMALL_DIRECTION)
    if kind == "huge":
        return draw(_HUGE_DIRECTION)
    ux, uy = _pick(draw, _lines_at(doc, dot_id))
    how = _pick(draw, ("same", "reverse", "perpendicular", "scaled"))
    if how == "same":
        return (ux, uy)
    if how == "reverse":
        return (-ux, -uy)
    if how == "perpendicular":
        return (-uy, ux)
    if max(abs(ux), abs(uy)) <= 600_000:  # stay within the heading limit +-2,000,000
        return (3 * ux, 3 * uy)
    return (ux, uy)


_BLOCK_RATE = st.sampled_from((0, 0, 0, 0, 0, 0, 1, 2, 3))  # mostly 0


@st.composite
def _setup_choice(draw, doc):
    """(setup name or None for the default, number of seats)."""
    names = list(doc["setups"])
    name = _pick(draw, [None, *names])
    seats = doc["setups"][name if name is not None else names[0]]["seats"]
    return name, len(seats)


def _teams(doc, setup):
    chosen = doc["setups"][setup if setup is not None else list(doc["setups"])[0]]
    return chosen.get("teams", list(range(len(chosen["seats"]))))


def _hops_from(doc, origin):
    """Fewest lines from `origin` to each dot (ignoring corners), to place pieces where they matter."""
    neighbours = {d["id"]: [] for d in doc["dots"]}
    for line in doc["lines"]:
        neighbours[line["a"]].append(line["b"])
        neighbours[line["b"]].append(line["a"])
    hops = {origin: 0}
    frontier = [origin]
    while frontier:
        following = []
        for here in frontier:
            for other in neighbours[here]:
                if other not in hops:
                    hops[other] = hops[here] + 1
                    following.append(other)
        frontier = following
    return hops


@st.composite
def scenarios(draw, boards=None, attack_focus=False):
    """A board dict and a query on it: a mover (origin, player, stats, heading) among random pieces.

    attack_focus: the origin is mostly a dot from which one may attack (declared kinds neither start nor no-attack)
    and the range is drawn high first, so that most cases have targets in range."""
    doc = draw(boards if boards is not None else board_docs())
    dot_ids = [d["id"] for d in doc["dots"]]
    setup, n_seats = draw(_setup_choice(doc))
    player = draw(_ints(0, n_seats - 1))
    attack_origins = [d["id"] for d in doc["dots"] if not {"start", "no-attack"} & set(d.get("kinds", ()))]
    if attack_focus and attack_origins and draw(_ints(0, 3)) != 0:
        origin = _pick(draw, attack_origins)
    else:
        origin = _pick(draw, dot_ids)
    # Pieces: on distinct dots other than the origin, half of them drawn among the dots near the origin.
    hops = _hops_from(doc, origin)
    pool = [d for d in dot_ids if d != origin]
    near = [d for d in pool if hops[d] <= 3]
    teams = _teams(doc, setup)
    opponents = [seat for seat in range(n_seats) if teams[seat] != teams[player]]
    pieces = []
    most = min(len(pool), 12)
    # Hypothesis draws the lowest value of a range far more often than the others: rotate so that it means 3.
    for _ in range((draw(_ints(0, most)) + 3) % (most + 1)):
        dot = _pick(draw, near if near and _coin(draw) else pool)
        pool.remove(dot)
        if dot in near:
            near.remove(dot)
        if attack_focus and _coin(draw):
            owner = _pick(draw, opponents)  # an opponent of the mover (rules.md 3.5)
        else:
            owner = draw(_ints(0, n_seats - 1))
        pieces.append((dot, owner, draw(_BLOCK_RATE)))
    if draw(_ints(0, 2)) == 0:
        # The mover itself among the pieces (ignored by the query), sometimes with a block rate.
        pieces.insert(draw(_ints(0, len(pieces))), (origin, player, draw(_BLOCK_RATE)))
    attack_range = draw(_ints(0, 5))
    query = {
        "setup": setup,
        "player": player,
        "pieces": pieces,
        "origin": origin,
        "speed": (draw(_ints(0, 7)) + 3) % 8,  # most often 3 (see above), 0..7
        "range": 5 - attack_range if attack_focus else attack_range,
        "life_base": _coin(draw),
        "all_directions": draw(_ints(0, 3)) == 0,
        "heading": draw(_heading(doc, origin)),
    }
    return doc, query


@st.composite
def summon_scenarios(draw, boards=None):
    """A board dict, a setup name (or None) and 1..8 summons on distinct dots, for board.count_options."""
    doc = draw(boards if boards is not None else board_docs())
    dot_ids = [d["id"] for d in doc["dots"]]
    setup, n_seats = draw(_setup_choice(doc))
    dots = draw(st.lists(st.sampled_from(dot_ids), unique=True, min_size=1, max_size=min(len(dot_ids), 8)))
    summons = []
    for dot in dots:
        summons.append({
            "dot": dot,
            "player": draw(_ints(0, n_seats - 1)),
            "speed": (draw(_ints(0, 6)) + 3) % 7,
            "range": (draw(_ints(0, 5)) + 2) % 6,
            "block_rate": draw(_BLOCK_RATE),
            "life_base": _coin(draw),
            "all_directions": draw(_ints(0, 3)) == 0,
            "heading": draw(_heading(doc, dot)),
        })
    return doc, setup, summons
