"""Plain pure-Python reference of rules.md sections 1-3 (moves and attacks), for checking the C++ core.

This module is written to be *obviously correct*, not fast. It works only from the board's public data
(``board.dots``, ``board.lines``, ``board.setups``, ``board.rules``, ``board.index``) and the query arguments:
it computes the effective dot kinds itself (rules.md 1.2) and never calls ``board.moves``, ``board.attacks``,
``board.kinds``, ``board.distance_matrix`` or ``tcbg._core``.

Moves and attacks are found by enumerating *every* simple path with a depth-first search, then keeping, for each
distinct move or attack, the canonical path (rules.md 2.11 and 3.6). Every rule used is marked with its rules.md
number.

The functions assume a valid query (known dots and setup, players with a seat, at most one piece per dot, stats in
their limits); checking those is the core's job (tcbg.PositionError) and is tested in test_paths_rules.py.
"""

from __future__ import annotations

from collections import deque
from math import gcd

import numpy as np

from tcbg.x610z import Attack, Move

START = "start"
END = "end"
NO_ATTACK = "no-attack"
WARP = "warp"


# ---------------------------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------------------------


def dot_product(u, v) -> int:
    """Integer dot product of two direction vectors (no floating point: rules.md 2.4)."""
    return u[0] * v[0] + u[1] * v[1]


def reduce_direction(u) -> tuple[int, int]:
    """A direction in lowest terms: (4, -2) -> (2, -1) (rules.md 2.8)."""
    dx, dy = int(u[0]), int(u[1])
    g = gcd(abs(dx), abs(dy))
    return (dx // g, dy // g)


def reverse(u) -> tuple[int, int]:
    return (-u[0], -u[1])


def heading_sort_key(heading):
    """rules.md 2.11: no heading first, then (dx, dy) in increasing order."""
    if heading is None:
        return (0, 0, 0)
    return (1, heading[0], heading[1])


def effective_kinds(board, dot) -> frozenset:
    """rules.md 1.2: the kinds printed on the dot plus the kinds the edition says it "also" has."""
    kinds = set(dot.kinds)
    # rules.md 1.2, both editions: a start dot is also a no-attack dot and a warp dot.
    if START in kinds:
        kinds.add(NO_ATTACK)
        kinds.add(WARP)
    # rules.md 1.2, Act I only: an end dot is also a warp dot. ("Summon dot" is a placement rule, not a kind.)
    if board.rules == "act1" and END in kinds:
        kinds.add(WARP)
    return frozenset(kinds)


def setup_of(board, setup):
    """The Setup object for a query; None means the default setup, the first in the file (board-format B12)."""
    if setup is None:
        setup = list(board.setups)[0]
    return board.setups[setup]


def adjacency(board) -> dict:
    """For each dot id, the lines at that dot as (line number, other dot, direction the line leaves this dot,
    direction the line leaves the other dot) (rules.md 2.5: these are the directions rule 2.4 uses)."""
    adj = {dot.id: [] for dot in board.dots}
    for number, line in enumerate(board.lines):
        adj[line.a].append((number, line.b, tuple(line.leave_a), tuple(line.leave_b)))
        adj[line.b].append((number, line.a, tuple(line.leave_b), tuple(line.leave_a)))
    return adj


class _Position:
    """What a query needs to know about the board and the position, computed from public data only."""

    def __init__(self, board, origin, player, setup, pieces):
        self.board = board
        self.origin = origin
        self.player = player
        self.index = {dot.id: board.index(dot.id) for dot in board.dots}
        self.kinds = {dot.id: effective_kinds(board, dot) for dot in board.dots}  # rules.md 1.2
        self.adj = adjacency(board)
        the_setup = setup_of(board, setup)
        self.seats = tuple(the_setup.seats)
        self.teams = tuple(the_setup.teams)
        # rules.md 2.6: each seat of the setup has its start dot; a start dot no seat uses belongs to nobody.
        self.start_owner = {dot_id: seat for seat, dot_id in enumerate(self.seats)}
        self.own_start = self.seats[player]
        # The pieces on the board. A piece standing on the origin is the mover itself and is ignored (contract).
        self.piece_at = {}
        for piece in pieces:
            if piece.dot != origin:
                self.piece_at[piece.dot] = piece

    def entry_cost(self, dot_id) -> int:
        """rules.md 2.1 / 3.1: entering a dot costs 1, or 1 + X if a summon with Block rate X stands on it."""
        piece = self.piece_at.get(dot_id)
        if piece is None:
            return 1
        return 1 + piece.block_rate

    def is_warp_dot(self, dot_id) -> bool:
        return WARP in self.kinds[dot_id]

    def is_no_attack_dot(self, dot_id) -> bool:
        return NO_ATTACK in self.kinds[dot_id]

    def may_end_move_on(self, dot_id) -> bool:
        # rules.md 2.2: a move never ends on an occupied dot.
        if dot_id in self.piece_at:
            return False
        # rules.md 2.6: only the seat's own player may end a move on a seat's start dot (teammates included in
        # "other players"); a start dot that no seat of the setup uses is open to anyone.
        owner = self.start_owner.get(dot_id)
        if owner is not None and owner != self.player:
            return False
        return True

    def is_warp_end(self, dot_id) -> bool:
        """rules.md 2.7: may a warp join this dot to the mover's own start dot? ORoC: any warp dot (effective kinds,
        so also every start dot). Act I: an end dot only ("from your Starting Dot to one of the Ending Dots or from
        one of the Ending Dots to your Starting Dot")."""
        if self.board.rules == "act1":
            return END in self.kinds[dot_id]
        return self.is_warp_dot(dot_id)

    def warp_landings(self, here) -> list:
        """rules.md 2.7: the dots a warp may land on from `here` (before the one-warp and no-revisit checks)."""
        if here == self.own_start:
            # From the mover's own start dot to any warp end other than the own start dot.
            return [dot.id for dot in self.board.dots if self.is_warp_end(dot.id) and dot.id != self.own_start]
        if self.is_warp_end(here):
            # From any warp end to the mover's own start dot.
            return [self.own_start]
        return []


# ---------------------------------------------------------------------------------------------------------------
# Moves: rules.md section 2
# ---------------------------------------------------------------------------------------------------------------


def reference_moves(board, origin, speed, *, player=0, setup=None, pieces=(), life_base=False,
                    all_directions=False, heading=None) -> list:
    """Every distinct move (rules.md 2.11) of a summon standing on `origin`, as a sorted list of tcbg.x610z.Move."""
    pos = _Position(board, origin, player, setup, pieces)
    best = {}  # distinct-move key -> (cost, sequence, Move)

    def record(path, warped, cost, arrival_leave):
        destination = path[-1]
        if not pos.may_end_move_on(destination):  # rules.md 2.2, 2.6 (and 2.7: they apply to where a move ends)
            return
        if warped[-1]:
            move_heading = None  # rules.md 2.7 / 2.8: a move whose last step is a warp has no heading.
        else:
            # rules.md 2.8: the reverse of the direction in which the last line leaves the destination, reduced.
            move_heading = reduce_direction(reverse(arrival_leave))
        warp_index = warped.index(True) if True in warped else None
        # rules.md 2.11: distinct by heading; one move per destination with "move and attack in all directions".
        key = destination if all_directions else (destination, move_heading)
        # rules.md 2.11: the reported path has the lowest cost, then the smallest sequence of
        # (dot index, entered by warp) pairs (False < True, which Python's tuple order gives).
        sequence = tuple((pos.index[d], w) for d, w in zip(path, warped))
        move = Move(destination=destination, path=tuple(path), heading=move_heading, steps=cost,
                    warp_index=warp_index)
        if key not in best or (cost, sequence) < best[key][:2]:
            best[key] = (cost, sequence, move)

    def search(path, warped, cost, arrival_leave, used_warp):
        """Extend the simple path `path` (warped[i]: was path[i] entered by a warp).

        arrival_leave: the direction in which the line we arrived by leaves the current dot (the `u1` of
        rules.md 2.4), or None at the origin and just after a warp.
        """
        here = path[-1]
        if len(path) > 1:  # rules.md 2.1: a move enters at least one dot.
            record(path, warped, cost, arrival_leave)

        # Steps along lines.
        for _number, other, leave_here, leave_other in pos.adj[here]:
            if other in path:  # rules.md 2.3: a path never visits a dot twice.
                continue
            if not all_directions:  # rules.md 2.10: "all directions" lifts 2.4 and 2.9.
                if len(path) == 1:
                    # rules.md 2.9: the first step leaves the dot in a direction u with dot(heading, u) >= 0.
                    if heading is not None and dot_product(heading, leave_here) < 0:
                        continue
                elif arrival_leave is not None:
                    # rules.md 2.4 / 2.5: corner legal exactly when dot(u1, u2) <= 0.
                    # (arrival_leave is None after a warp: rules.md 2.7, no corner check across a warp.)
                    if dot_product(arrival_leave, leave_here) > 0:
                        continue
            new_cost = cost + pos.entry_cost(other)  # rules.md 2.1, 2.2 (pass over, paying the block rate)
            if new_cost > speed:  # rules.md 2.1: cost at most Speed.
                continue
            search(path + [other], warped + [False], new_cost, leave_other, used_warp)

        # Warps: rules.md 2.7. Only a non-life-base summon, at most one warp per move, anywhere in the move,
        # not restricted by the corner rule or the heading coupling.
        if life_base or used_warp:
            return
        for landing in pos.warp_landings(here):
            if landing in path:  # rules.md 2.3
                continue
            new_cost = cost + pos.entry_cost(landing)  # rules.md 2.7: costs like entering the dot (with block rate)
            if new_cost > speed:
                continue
            search(path + [landing], warped + [True], new_cost, None, True)

    search([origin], [False], 0, None, False)

    moves = [entry[2] for entry in best.values()]
    # rules.md 2.11: listed by destination index, then heading (none first, then (dx, dy) increasing).
    moves.sort(key=lambda m: (pos.index[m.destination], heading_sort_key(m.heading)))
    return moves


# ---------------------------------------------------------------------------------------------------------------
# Attacks: rules.md section 3
# ---------------------------------------------------------------------------------------------------------------


def reference_attacks(board, origin, range, *, player=0, setup=None, pieces=(), all_directions=False,  # noqa: A002
                      heading=None) -> list:
    """Every distinct attack (rules.md 3.6) of a summon on `origin`, as a sorted list of tcbg.x610z.Attack."""
    attack_range = range
    pos = _Position(board, origin, player, setup, pieces)
    # rules.md 3.3: a summon on a no-attack dot does not attack.
    if pos.is_no_attack_dot(origin):
        return []
    my_team = pos.teams[player]
    best = {}  # distinct-attack key -> (count, sequence, Attack)

    def is_target(dot_id) -> bool:
        piece = pos.piece_at.get(dot_id)
        if piece is None:
            return False
        # rules.md 3.5: a summon of an opponent (another team); a teammate's summon is not a target.
        if pos.teams[piece.player] == my_team:
            return False
        # rules.md 3.3: a summon on a no-attack dot is not attacked.
        if pos.is_no_attack_dot(dot_id):
            return False
        # rules.md 3.4 (decision): a summon on a warp dot that is not a no-attack dot may be attacked there.
        return True

    def record(path, count, first_leave):
        target = path[-1]
        attack_heading = reduce_direction(first_leave)  # rules.md 2.8: direction the path leaves the attacker's dot
        key = target if all_directions else (target, attack_heading)  # rules.md 3.6
        sequence = tuple(pos.index[d] for d in path)  # rules.md 3.6: lowest count, then lexicographic dot indices
        attack = Attack(target=target, path=tuple(path), heading=attack_heading, steps=count)
        if key not in best or (count, sequence) < best[key][:2]:
            best[key] = (count, sequence, attack)

    def search(path, count, arrival_leave, first_leave):
        here = path[-1]
        if len(path) > 1:
            if is_target(here):
                record(path, count, first_leave)
            # rules.md 3.4: no dot strictly between attacker and target may be a warp dot, so a path ends at one.
            # rules.md 3.2 / 3.3: it passes over summons and over no-attack dots that are not warp dots.
            if pos.is_warp_dot(here):
                return
        for _number, other, leave_here, leave_other in pos.adj[here]:  # rules.md 3.1: along lines, never a warp
            if other in path:  # rules.md 2.3 (via 3.1)
                continue
            if not all_directions:  # rules.md 2.10
                if len(path) == 1:
                    if heading is not None and dot_product(heading, leave_here) < 0:  # rules.md 2.9
                        continue
                elif dot_product(arrival_leave, leave_here) > 0:  # rules.md 2.4 / 2.5
                    continue
            new_count = count + pos.entry_cost(other)  # rules.md 3.1: target's own block rate counts too
            if new_count > attack_range:  # rules.md 3.1: in range when the count is at most Range
                continue
            search(path + [other], new_count, leave_other, leave_here if len(path) == 1 else first_leave)

    search([origin], 0, None, None)

    attacks = [entry[2] for entry in best.values()]
    # rules.md 3.6: listed by target index, then heading (dx, dy) increasing.
    attacks.sort(key=lambda a: (pos.index[a.target], a.heading))
    return attacks


# ---------------------------------------------------------------------------------------------------------------
# Distance matrix (contract: board.distance_matrix)
# ---------------------------------------------------------------------------------------------------------------


def reference_distance_matrix(board, corners=True) -> np.ndarray:
    """Fewest steps along lines from dot i to dot j (1 per dot entered, no warps, no occupancy; walks may revisit
    dots). With corners=True every pass through a dot obeys rules.md 2.4. -1 = unreachable, 0 on the diagonal.

    Breadth-first search over states (dot, line we arrived by): with the corner rule, what may come next depends only
    on the line we arrived by.
    """
    ids = [dot.id for dot in board.dots]
    n = len(ids)
    index = {dot_id: board.index(dot_id) for dot_id in ids}
    adj = adjacency(board)
    result = np.full((n, n), -1, dtype=np.int32)
    for source in ids:
        start_state = (source, None, None)  # (dot, arriving line number, direction that line leaves the dot)
        seen = {start_state[:2]}
        queue = deque([(start_state, 0)])
        result[index[source], index[source]] = 0
        while queue:
            (here, _line, arrival_leave), dist = queue.popleft()
            for number, other, leave_here, leave_other in adj[here]:
                if corners and arrival_leave is not None and dot_product(arrival_leave, leave_here) > 0:
                    continue  # rules.md 2.4
                state = (other, number)
                if state in seen:
                    continue
                seen.add(state)
                if result[index[source], index[other]] == -1:
                    result[index[source], index[other]] = dist + 1
                queue.append(((other, number, leave_other), dist + 1))
    return result
