"""Draw an X610Z board as a standalone SVG document (standard library only).

>>> from tcbg.x610z import Board
>>> from tcbg.x610z.svg import render_board_svg
>>> svg = render_board_svg(Board.load("act1"), setup="1v1")      # doctest: +SKIP

What is drawn:

- every dot, by its *effective* kinds (``board.kinds``, rules.md 1.2): shape and colour of its main kind (start >
  end > warp > quest > no-attack > white), plus a red outline when it is also a no-attack dot and a dashed purple ring
  when it is also a warp dot (for example Act I end dots); a legend lists what the board uses;
- every line: straight when both leave directions point along the chord; an SVG arc when the two leave directions
  are the tangents of one circle through both ends (orbits); otherwise a cubic Bezier curve whose handles follow the
  leave directions;
- the start dot of each seat of the setup (default: the board's default setup), ringed in the seat's colour (the
  team's colour in a team setup) with the seat number written on it; the legend says ``seat P<seat> (team T)``;
- ``pieces`` (``Piece(dot, player, block_rate)``) as tokens in their player's colour;
- with ``origin``: the origin, the dots reachable by ``board.moves(origin, speed, ...)`` (when ``speed`` is given),
  the targets of ``board.attacks(origin, range, ...)`` (when ``range`` is given) and, faintly, the reported paths.

The board's y axis points up (math orientation); the SVG flips it.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

__all__ = ["render_board_svg", "line_geometry", "KIND_STYLES", "PLAYER_COLOURS"]

# (class, legend label, fill, stroke, shape) in order of precedence
KIND_STYLES: tuple[tuple[str, str, str, str, str], ...] = (
    ("start", "start dot", "#f4c430", "#7a5c00", "square"),
    ("end", "end dot", "#2e86de", "#123e6b", "hexagon"),
    ("warp", "warp dot", "#8e44ad", "#3d1450", "diamond"),
    ("quest", "quest dot", "#f39c12", "#7a4d00", "triangle"),
    ("no-attack", "red (no-attack) dot", "#e74c3c", "#7b1e15", "circle"),
    ("white", "white dot", "#ffffff", "#333333", "circle"),
)
_STYLE = {s[0]: s for s in KIND_STYLES}

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf")
MOVE_COLOUR = "#1e9e4a"
ATTACK_COLOUR = "#c0392b"
WARP_RING = "#8e44ad"
NO_ATTACK_RING = "#e74c3c"

_STRAIGHT_DEG = 2.0  # a leave direction within this angle of the chord counts as straight
_ARC_DEG = 3.0  # tolerance when matching the second leave direction against the circle through both ends


# --------------------------------------------------------------------------------------------------------------------
# small helpers


def _f(v: float) -> str:
    """Compact number for SVG attributes."""
    if abs(v) < 5e-3:
        return "0"
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return s


def _unit(v: Sequence[float]) -> tuple[float, float]:
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n) if n else (0.0, 0.0)


def _angle_deg(u: Sequence[float], v: Sequence[float]) -> float:
    u, v = _unit(u), _unit(v)
    c = max(-1.0, min(1.0, u[0] * v[0] + u[1] * v[1]))
    return math.degrees(math.acos(c))


def _main_kind(kinds: Iterable[str]) -> str:
    ks = set(kinds)
    for cls, *_ in KIND_STYLES:
        if cls in ks:
            return cls
    return "white"


def line_geometry(a: Sequence[float], b: Sequence[float], leave_a: Sequence[float], leave_b: Sequence[float]) -> tuple:
    """How to draw a line from ``a`` to ``b`` (board coordinates, y up) that leaves its ends along ``leave_a`` and
    ``leave_b``.

    Returns one of ``("line",)``, ``("arc", radius, large_arc_flag, sweep_flag)`` (flags for the y-flipped SVG) or
    ``("cubic", (c1x, c1y), (c2x, c2y))`` (control points in board coordinates).
    """
    d = (b[0] - a[0], b[1] - a[1])
    chord = math.hypot(*d)
    if chord == 0:
        return ("line",)
    if _angle_deg(leave_a, d) <= _STRAIGHT_DEG and _angle_deg(leave_b, (-d[0], -d[1])) <= _STRAIGHT_DEG:
        return ("line",)
    ua = _unit(leave_a)
    dh = (d[0] / chord, d[1] / chord)
    # travelling along a circular arc, the leave direction at b is ua mirrored: ua - 2 (ua . dh) dh
    proj = ua[0] * dh[0] + ua[1] * dh[1]
    expect_b = (ua[0] - 2 * proj * dh[0], ua[1] - 2 * proj * dh[1])
    cross = ua[0] * dh[1] - ua[1] * dh[0]  # < 0: the arc turns right (clockwise)
    if abs(cross) > math.sin(math.radians(0.5)) and _angle_deg(leave_b, expect_b) <= _ARC_DEG:
        # circle tangent to ua at a through b: centre a + t n, n = left normal of ua, t = |d|^2 / (2 n.d)
        n = (-ua[1], ua[0])
        t = chord * chord / (2 * (n[0] * d[0] + n[1] * d[1]))
        radius = abs(t)
        large = 1 if proj < 0 else 0  # the arc turns by twice the angle between ua and the chord
        # The flipped SVG shows the board as seen in math orientation, so a right (clockwise) turn in the board is a
        # clockwise turn on screen: SVG sweep flag 1 (increasing angle with y down).
        sweep = 1 if cross < 0 else 0
        return ("arc", radius, large, sweep)
    handle = chord * 0.4
    ub = _unit(leave_b)
    c1 = (a[0] + ua[0] * handle, a[1] + ua[1] * handle)
    c2 = (b[0] + ub[0] * handle, b[1] + ub[1] * handle)
    return ("cubic", c1, c2)


def _path_d(a: Sequence[float], b: Sequence[float], geom: tuple) -> str:
    """SVG path data from a to b (board coordinates; y is flipped here)."""
    start = f"M{_f(a[0])},{_f(-a[1])}"
    end = f"{_f(b[0])},{_f(-b[1])}"
    if geom[0] == "arc":
        _, r, large, sweep = geom
        return f"{start} A{_f(r)},{_f(r)} 0 {large} {sweep} {end}"
    if geom[0] == "cubic":
        _, c1, c2 = geom
        return f"{start} C{_f(c1[0])},{_f(-c1[1])} {_f(c2[0])},{_f(-c2[1])} {end}"
    return f"{start} L{end}"


def _shape(shape: str, x: float, y: float, r: float, fill: str, stroke: str, sw: float, extra: str = "") -> str:
    """One dot shape centred on (x, y) in SVG coordinates."""
    common = f'fill="{fill}" stroke="{stroke}" stroke-width="{_f(sw)}"{extra}'
    if shape == "square":
        s = r * 0.9
        return f'<rect x="{_f(x - s)}" y="{_f(y - s)}" width="{_f(2 * s)}" height="{_f(2 * s)}" {common}/>'
    if shape in ("hexagon", "diamond", "triangle"):
        if shape == "hexagon":
            pts = [(x + 1.1 * r * math.cos(math.radians(60 * i)), y + 1.1 * r * math.sin(math.radians(60 * i)))
                   for i in range(6)]
        elif shape == "diamond":
            q = 1.25 * r
            pts = [(x, y - q), (x + q, y), (x, y + q), (x - q, y)]
        else:
            q = 1.3 * r
            pts = [(x, y - q), (x + q * 0.866, y + q * 0.5), (x - q * 0.866, y + q * 0.5)]
        return f'<polygon points="{" ".join(f"{_f(px)},{_f(py)}" for px, py in pts)}" {common}/>'
    return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" {common}/>'


# --------------------------------------------------------------------------------------------------------------------
# the drawing


def render_board_svg(board, *, setup=None, origin=None, speed=None, range=None, player=0, pieces=(), title=None,
                     legend: bool = True) -> str:
    """Return a standalone SVG document (a ``str``) drawing ``board``; see the module documentation.

    ``setup`` names the setup whose seats are marked (default: ``board.default_setup``). With ``origin`` (a dot id),
    ``speed`` and/or ``range``, ``player`` and ``pieces`` are passed to ``board.moves`` / ``board.attacks`` and the
    result is highlighted; their errors (``tcbg.TcbgError``) propagate. ``legend=False`` leaves the legend out and
    the drawing's width to the board alone (a page that lists the legend itself at its own text size, as the replay
    page does).
    """
    show_legend = legend
    attack_range = range  # the keyword is part of the API; do not shadow the builtin below
    pieces = tuple(pieces)
    setup_name = board.default_setup if setup is None else setup
    if setup_name not in board.setups:
        from tcbg.errors import PositionError

        raise PositionError(f"unknown setup {setup_name!r} (board has: {', '.join(board.setups)})", field="setup")
    seat_info = board.setups[setup_name]
    board._pieces(pieces)  # every piece on a known dot, with whole numbers, drawn or not (PositionError otherwise)
    for i, pc in enumerate(pieces):
        piece_player = pc.player if hasattr(pc, "player") else pc[1]
        if piece_player >= len(seat_info.seats):
            from tcbg.errors import PositionError

            raise PositionError(f"dot {pc[0] if isinstance(pc, tuple) else pc.dot!r}: player {piece_player} has no "
                                f"seat in setup {setup_name!r} (seats 0 to {len(seat_info.seats) - 1})",
                                field=f"pieces[{i}]", rule="query")
    if origin is not None and origin not in {d.id for d in board.dots}:
        from tcbg.errors import PositionError

        raise PositionError(f"unknown dot {origin!r}", field="origin")

    moves: list = []
    attacks: list = []
    if origin is not None:
        if speed is not None:
            moves = list(board.moves(origin, speed, player=player, setup=setup_name, pieces=pieces))
        if attack_range is not None:
            attacks = list(board.attacks(origin, attack_range, player=player, setup=setup_name, pieces=pieces))

    dots = board.dots
    pos = {d.id: (float(d.x), float(d.y)) for d in dots}
    xs = [d.x for d in dots]
    ys = [d.y for d in dots]
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    span = max(maxx - minx, maxy - miny, 1)
    # dot radius from the closest pair of dots
    closest = math.inf
    pts = [(d.x, d.y) for d in dots]
    for i, p in enumerate(pts):
        for q in pts[i + 1:]:
            dd = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
            if dd < closest:
                closest = dd
    r = max(0.22 * math.sqrt(closest), span * 0.004)
    sw = r * 0.18  # base stroke width
    font = r * 1.35

    kinds = {d.id: frozenset(board.kinds(d.id)) for d in dots}
    main = {i: _main_kind(k) for i, k in kinds.items()}
    line_of = {}
    for ln in board.lines:
        line_of[(ln.a, ln.b)] = ln
        line_of[(ln.b, ln.a)] = ln
    geom_cache: dict[int, tuple] = {}

    def geom(ln) -> tuple:
        key = id(ln)
        if key not in geom_cache:
            geom_cache[key] = line_geometry(pos[ln.a], pos[ln.b], ln.leave_a, ln.leave_b)
        return geom_cache[key]

    # ---------------- layout: header on top, board, legend on the right
    pad = 3.5 * r
    header = 3.2 * font
    legend_w = 24 * font
    bx0, bx1 = minx - pad, maxx + pad
    by0, by1 = -maxy - pad, -miny + pad  # SVG y range of the board area
    vb_x, vb_y = bx0, by0 - header
    vb_w = (bx1 - bx0) + legend_w
    vb_h = (by1 - by0) + header
    legend_rows_needed = 0  # filled below; the legend may need more height than the board
    out: list[str] = []

    # ---------------- lines
    body: list[str] = []
    body.append(f'<g class="lines" fill="none" stroke="#555" stroke-width="{_f(sw * 1.3)}" stroke-linecap="round">')
    for ln in board.lines:
        g = geom(ln)
        cls = "line" if g[0] == "line" else f"line curved {g[0]}"
        body.append(f'<path class="{cls}" d="{_path_d(pos[ln.a], pos[ln.b], g)}">'
                    f"<title>{escape(ln.a)} – {escape(ln.b)}</title></path>")
    body.append("</g>")

    # ---------------- faint paths of the moves and attacks
    def path_segments(path: Sequence[str], warp_index) -> list[tuple[str, str, bool]]:
        segs = []
        for i in _range(1, len(path)):
            segs.append((path[i - 1], path[i], warp_index == i))
        return segs

    def draw_segments(cls: str, colour: str, segments: set) -> None:
        if not segments:
            return
        body.append(f'<g class="{cls}" fill="none" stroke="{colour}" stroke-opacity="0.35" '
                    f'stroke-width="{_f(r * 0.55)}" stroke-linecap="round">')
        for a, b, warp in sorted(segments):
            if warp or (a, b) not in line_of:
                body.append(f'<path class="warp-step" stroke-dasharray="{_f(r * 0.8)},{_f(r * 0.6)}" '
                            f'd="M{_f(pos[a][0])},{_f(-pos[a][1])} L{_f(pos[b][0])},{_f(-pos[b][1])}"/>')
            else:
                ln = line_of[(a, b)]
                body.append(f'<path d="{_path_d(pos[ln.a], pos[ln.b], geom(ln))}"/>')
        body.append("</g>")

    move_segs = set()
    for mv in moves:
        for a, b, w in path_segments(mv.path, mv.warp_index):
            move_segs.add((min(a, b), max(a, b), w) if not w else (a, b, w))
    attack_segs = set()
    for at in attacks:
        for a, b, _w in path_segments(at.path, None):
            attack_segs.add((min(a, b), max(a, b), False))
    draw_segments("move-paths", MOVE_COLOUR, move_segs)
    draw_segments("attack-paths", ATTACK_COLOUR, attack_segs)

    # ---------------- dots
    body.append('<g class="dots" font-family="sans-serif">')
    for d in dots:
        x, y = float(d.x), float(-d.y)
        cls = main[d.id]
        _, label, fill, stroke, shape = _STYLE[cls]
        extra_cls = ""
        parts = []
        extent = r
        if "no-attack" in kinds[d.id] and cls not in ("no-attack", "start"):
            parts.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 1.45)}" fill="none" stroke="{NO_ATTACK_RING}" '
                         f'stroke-width="{_f(sw * 1.6)}"/>')
            extra_cls += " also-no-attack"
            extent = r * 1.45
        if "warp" in kinds[d.id] and cls not in ("warp", "start"):
            parts.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 1.7)}" fill="none" stroke="{WARP_RING}" '
                         f'stroke-width="{_f(sw * 1.4)}" stroke-dasharray="{_f(r * 0.5)},{_f(r * 0.35)}"/>')
            extra_cls += " also-warp"
            extent = r * 1.7
        parts.append(_shape(shape, x, y, r, fill, stroke, sw))
        tip = f"{d.id} ({d.x}, {d.y}): {', '.join(sorted(kinds[d.id])) or 'white'}"
        body.append(f'<g class="dot kind-{cls}{extra_cls}" data-dot={quoteattr(d.id)}><title>{escape(tip)}</title>'
                    + "".join(parts) + "</g>")
        # the dot's id, small, below it
        body.append(f'<text class="label" x="{_f(x)}" y="{_f(y + extent + font * 0.5)}" font-size="{_f(font * 0.55)}" '
                    f'text-anchor="middle" fill="#777">{escape(d.id)}</text>')
    body.append("</g>")

    # ---------------- seats
    teams = tuple(seat_info.teams)
    team_play = len(set(teams)) < len(teams)
    body.append('<g class="seats" font-family="sans-serif" font-weight="bold">')
    for seat, dot_id in enumerate(seat_info.seats):
        colour = PLAYER_COLOURS[(teams[seat] if team_play else seat) % len(PLAYER_COLOURS)]
        x, y = pos[dot_id][0], -pos[dot_id][1]
        text = f"P{seat}" + (f" T{teams[seat]}" if team_play else "")
        body.append(f'<g class="seat" data-seat="{seat}" data-team="{teams[seat]}" data-dot={quoteattr(dot_id)}>'
                    f'<title>{escape(f"seat {text} starts on {dot_id}")}</title>'
                    f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 1.6)}" fill="none" stroke="{colour}" '
                    f'stroke-width="{_f(sw * 2.2)}"/>'
                    f'<text x="{_f(x)}" y="{_f(y + r * 0.45)}" font-size="{_f(r * 1.3)}" text-anchor="middle" '
                    f'fill="{colour}">{seat}</text></g>')
    body.append("</g>")

    # ---------------- pieces
    if pieces:
        body.append('<g class="pieces" font-family="sans-serif" font-weight="bold">')
        for pc in pieces:
            if pc.dot not in pos:
                continue
            x, y = pos[pc.dot][0], -pos[pc.dot][1]
            colour = PLAYER_COLOURS[int(pc.player) % len(PLAYER_COLOURS)]
            block = int(getattr(pc, "block_rate", 0) or 0)
            txt = f"{pc.player}" + (f"+{block}" if block else "")
            body.append(f'<g class="piece" data-player="{int(pc.player)}" data-dot={quoteattr(pc.dot)}>'
                        f'<title>{escape(f"piece of player {pc.player} on {pc.dot}, block rate {block}")}</title>'
                        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 0.8)}" fill="{colour}" stroke="#000" '
                        f'stroke-width="{_f(sw)}"/>'
                        f'<text x="{_f(x)}" y="{_f(y + font * 0.3)}" font-size="{_f(font * 0.75)}" '
                        f'text-anchor="middle" fill="#fff">{escape(txt)}</text></g>')
        body.append("</g>")

    # ---------------- highlights
    reachable = sorted({mv.destination for mv in moves}, key=board.index)
    targets = sorted({at.target for at in attacks}, key=board.index)
    if origin is not None:
        body.append('<g class="highlights" fill="none">')
        for dot_id in reachable:
            x, y = pos[dot_id][0], -pos[dot_id][1]
            body.append(f'<circle class="reachable" data-dot={quoteattr(dot_id)} cx="{_f(x)}" cy="{_f(y)}" '
                        f'r="{_f(r * 2.0)}" stroke="{MOVE_COLOUR}" stroke-width="{_f(sw * 2.2)}"/>')
        for dot_id in targets:
            x, y = pos[dot_id][0], -pos[dot_id][1]
            q = r * 2.6
            body.append(f'<g class="target" data-dot={quoteattr(dot_id)} stroke="{ATTACK_COLOUR}" '
                        f'stroke-width="{_f(sw * 2.4)}">'
                        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 2.2)}"/>'
                        f'<path d="M{_f(x - q)},{_f(y)} L{_f(x - r * 1.4)},{_f(y)} M{_f(x + r * 1.4)},{_f(y)} '
                        f'L{_f(x + q)},{_f(y)} M{_f(x)},{_f(y - q)} L{_f(x)},{_f(y - r * 1.4)} '
                        f'M{_f(x)},{_f(y + r * 1.4)} L{_f(x)},{_f(y + q)}"/></g>')
        if origin in pos:
            x, y = pos[origin][0], -pos[origin][1]
            body.append(f'<circle class="origin" data-dot={quoteattr(origin)} cx="{_f(x)}" cy="{_f(y)}" '
                        f'r="{_f(r * 2.2)}" stroke="#000" stroke-width="{_f(sw * 3)}"/>')
        body.append("</g>")

    # ---------------- legend
    legend: list[tuple[str, str]] = []  # (svg snippet at (0, 0), text)
    present = {main[d.id] for d in dots}
    for cls, label, fill, stroke, shape in KIND_STYLES:
        if cls in present:
            if cls == "start":
                label = "start dot (also no-attack, warp)"
            legend.append((_shape(shape, 0, 0, r, fill, stroke, sw, ' class="legend-dot"'), label))
    if any("no-attack" in kinds[i] and main[i] not in ("no-attack", "start") for i in kinds):
        legend.append((f'<circle r="{_f(r * 1.2)}" fill="none" stroke="{NO_ATTACK_RING}" '
                       f'stroke-width="{_f(sw * 1.6)}"/>', "ring: also a no-attack dot"))
    if any("warp" in kinds[i] and main[i] not in ("warp", "start") for i in kinds):
        legend.append((f'<circle r="{_f(r * 1.2)}" fill="none" stroke="{WARP_RING}" stroke-width="{_f(sw * 1.4)}" '
                       f'stroke-dasharray="{_f(r * 0.5)},{_f(r * 0.35)}"/>', "dashed ring: also a warp dot"))
    for seat, dot_id in enumerate(seat_info.seats):
        colour = PLAYER_COLOURS[(teams[seat] if team_play else seat) % len(PLAYER_COLOURS)]
        text = f"seat P{seat}" + (f" (team {teams[seat]})" if team_play else "") + f" starts on {dot_id}"
        legend.append((f'<circle r="{_f(r * 1.2)}" fill="none" stroke="{colour}" stroke-width="{_f(sw * 2.2)}"/>',
                       text))
    if origin is not None:
        legend.append((f'<circle r="{_f(r * 1.2)}" fill="none" stroke="#000" stroke-width="{_f(sw * 3)}"/>',
                       f"origin {origin}"))
        if speed is not None:
            legend.append((f'<circle r="{_f(r * 1.2)}" fill="none" stroke="{MOVE_COLOUR}" '
                           f'stroke-width="{_f(sw * 2.2)}"/>',
                           f"reachable with speed {speed}: {len(reachable)} dots, {len(moves)} moves"))
        if attack_range is not None:
            legend.append((f'<circle r="{_f(r * 1.2)}" fill="none" stroke="{ATTACK_COLOUR}" '
                           f'stroke-width="{_f(sw * 2.4)}"/>',
                           f"targets in range {attack_range}: {len(targets)}"))
    row_h = font * 1.9
    legend_w = max(legend_w, (max((len(t) for _, t in legend), default=0) * 0.6 + 5) * font) if show_legend else 0
    vb_w = (bx1 - bx0) + legend_w
    legend_rows_needed = len(legend) if show_legend else 0
    lx0 = bx1 + font
    ly0 = by0 + font
    vb_h = max(vb_h, header + font * 2 + legend_rows_needed * row_h)
    leg = [f'<g class="legend" font-family="sans-serif" font-size="{_f(font)}" fill="#222">']
    for i, (snippet, text) in enumerate(legend if show_legend else ()):
        y = ly0 + (i + 0.5) * row_h
        leg.append(f'<g class="legend-row" transform="translate({_f(lx0 + r * 1.5)},{_f(y)})">{snippet}'
                   f'<text x="{_f(r * 3)}" y="{_f(font * 0.35)}">{escape(text)}</text></g>')
    leg.append("</g>")

    # ---------------- title
    if title is None:
        title = f"{board.name} ({board.rules}), setup {setup_name}"
        if origin is not None:
            bits = [f"from {origin}"]
            if speed is not None:
                bits.append(f"speed {speed}")
            if attack_range is not None:
                bits.append(f"range {attack_range}")
            bits.append(f"player {player}")
            title += ": " + ", ".join(bits)

    width_px = 1000
    height_px = width_px * vb_h / vb_w
    out.append('<?xml version="1.0" encoding="UTF-8"?>')
    out.append(f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width_px}" height="{_f(height_px)}" '
               f'viewBox="{_f(vb_x)} {_f(vb_y)} {_f(vb_w)} {_f(vb_h)}">')
    out.append(f"<title>{escape(title)}</title>")
    if board.description:
        out.append(f"<desc>{escape(board.description)}</desc>")
    out.append(f'<rect class="background" x="{_f(vb_x)}" y="{_f(vb_y)}" width="{_f(vb_w)}" height="{_f(vb_h)}" '
               f'fill="#fbfaf5"/>')
    out.append(f'<text class="title" x="{_f(bx0 + font)}" y="{_f(by0 - header + font * 1.8)}" '
               f'font-family="sans-serif" font-size="{_f(font * 1.5)}" font-weight="bold" fill="#222">'
               f"{escape(title)}</text>")
    out.extend(body)
    out.extend(leg)
    out.append("</svg>")
    return "\n".join(out) + "\n"


_range = range  # the builtin, for code inside render_board_svg where ``range`` is a parameter
