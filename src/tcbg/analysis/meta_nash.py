"""The game theory of a field of decks (docs/balance.md, "The metagame"): the symmetric zero-sum game whose payoff is
the row deck's score against the column deck less one half, its maximum-entropy Nash equilibrium by linear
programming, Nash averaging (Balduzzi et al. 2018, "Re-evaluating evaluation") and replicator dynamics.

A score matrix ``P`` holds the row deck's mean score against the column deck (a win 1, a draw 1/2); its diagonal is
1/2 (a deck against itself in seat-swapped pairs) and ``P + P.T`` is 1 everywhere. The game is ``M = P - 1/2``,
antisymmetric, so its value is 0 and a mix of decks ``p`` is an equilibrium when no deck beats it: ``M @ p <= 0``.

Rock-paper-scissors has one equilibrium, the uniform mix:

>>> import numpy as np
>>> rps = np.array([[0.5, 1.0, 0.0], [0.0, 0.5, 1.0], [1.0, 0.0, 0.5]])
>>> eq = nash(rps)
>>> np.round(eq.shares, 6).tolist(), eq.unique
([0.333333, 0.333333, 0.333333], True)
>>> (np.round(nash_average(rps, eq.shares), 6) + 0.0).tolist()  # + 0.0: no -0.0
[0.0, 0.0, 0.0]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tcbg.errors import SimulationError

SUPPORT_SHARE = 1e-6
"""A deck whose equilibrium share is above this is in the support: the linear program's solutions are exact to
about 1e-9, and a share a million times smaller than the rest plays no part in a metagame."""

SLACK = 1e-9
"""How far below the value 0 a mix may score against a deck and still count as an equilibrium (the solver's
feasibility tolerance): without it, an exact tie would lose equilibria to rounding."""


@dataclass(frozen=True)
class Equilibrium:
    """A Nash equilibrium of the symmetric zero-sum game of a score matrix: ``shares`` (the maximum-entropy one),
    ``unique`` (whether it is the only one), and ``lowest`` / ``highest``, each deck's least and greatest share over
    every equilibrium (equal to ``shares`` when it is unique)."""

    shares: np.ndarray
    unique: bool
    lowest: np.ndarray
    highest: np.ndarray

    @property
    def support(self) -> np.ndarray:
        return self.shares > SUPPORT_SHARE


def game_matrix(scores) -> np.ndarray:
    """The antisymmetric game ``M = P - 1/2`` of a score matrix, checked: square, finite, scores from 0 to 1, and
    ``P[i, j] + P[j, i] == 1`` (within 1e-9), as the row deck's scores of a round robin are."""
    p = np.asarray(scores, dtype=float)
    if p.ndim != 2 or p.shape[0] != p.shape[1] or p.shape[0] < 1:
        raise SimulationError(f"a score matrix is square, not of shape {p.shape}", field="scores",
                              rule="balance.md M1")
    if not np.all(np.isfinite(p)) or p.min() < 0 or p.max() > 1:
        raise SimulationError("scores are numbers from 0 to 1", field="scores", rule="balance.md M1")
    if np.abs(p + p.T - 1).max() > 1e-9:
        raise SimulationError("the row deck's score and the column deck's add up to 1 in every cell (the diagonal "
                              "is 1/2)", field="scores", rule="balance.md M1")
    return (p - p.T) / 2  # exactly antisymmetric, whatever the rounding of the cells


def _linprog(objective, m: np.ndarray, value: float):
    """Minimise ``objective @ p`` over the mixes ``p`` that score at least ``value`` against every deck."""
    from scipy.optimize import linprog

    n = m.shape[0]
    # (M.T @ p)_j >= value for every column j, written as -M.T @ p <= -value
    result = linprog(objective, A_ub=-m.T, b_ub=np.full(n, -value), A_eq=np.ones((1, n)), b_eq=[1.0],
                     bounds=[(0, None)] * n, method="highs")
    if result.status != 0:  # pragma: no cover - the set is never empty: it holds the equilibrium found first
        raise SimulationError(f"the linear program failed: {result.message}", field="scores", rule="balance.md M1")
    return np.clip(result.x, 0.0, None)


def _one_equilibrium(m: np.ndarray) -> np.ndarray:
    """An equilibrium by the textbook linear program: maximise the least score ``v`` the mix guarantees."""
    from scipy.optimize import linprog

    n = m.shape[0]
    result = linprog(np.r_[np.zeros(n), -1.0], A_ub=np.c_[-m.T, np.ones(n)], b_ub=np.zeros(n),
                     A_eq=np.r_[np.ones(n), 0.0][None, :], b_eq=[1.0], bounds=[(0, None)] * n + [(None, None)],
                     method="highs")
    if result.status != 0:  # pragma: no cover - a finite matrix game always has an equilibrium
        raise SimulationError(f"the linear program failed: {result.message}", field="scores", rule="balance.md M1")
    p = np.clip(result.x[:n], 0.0, None)
    return p / p.sum()


def _provably_unique(m: np.ndarray, p: np.ndarray) -> bool:
    """Whether ``p`` is the game's only equilibrium, by a sufficient test. Equilibria of a zero-sum game are
    interchangeable, so any other equilibrium ``q`` plays only best replies to ``p``: when every deck outside p's
    support S loses to p, q lives on S, and there ``M[S, S] @ q = 0``; when ``M[S, S]`` has rank ``|S| - 1`` its
    kernel is the line through p, so q = p."""
    support = p > SUPPORT_SHARE
    against = m @ p
    if np.any(against[~support] > -1e-7):
        return False
    sub = m[np.ix_(support, support)]
    if sub.shape[0] == 1:
        return True
    singular = np.linalg.svd(sub, compute_uv=False)
    return bool(singular[-2] > 1e-7 * max(1.0, singular[0]))


def _on_support(m: np.ndarray, support: np.ndarray) -> np.ndarray | None:
    """The equilibrium on a guessed support, by linear algebra instead of a linear program: the mix q on it with
    ``M[S, S] @ q = 0`` and shares adding up to 1, when it exists, has no negative share and no deck beats it."""
    index = np.flatnonzero(support)
    if index.size == 0:
        return None
    system = np.vstack([m[np.ix_(index, index)], np.ones((1, index.size))])
    target = np.r_[np.zeros(index.size), 1.0]
    q, *_ = np.linalg.lstsq(system, target, rcond=None)
    if np.abs(system @ q - target).max() > 1e-9 or q.min() < -1e-12:
        return None
    p = np.zeros(m.shape[0])
    p[index] = np.clip(q, 0.0, None)
    p /= p.sum()
    return p if (m @ p).max() <= 1e-12 else None


def nash(scores, guess=None) -> Equilibrium:
    """The maximum-entropy Nash equilibrium of the symmetric zero-sum game of the score matrix ``scores``
    (balance.md M1): the one Nash averaging uses, unique among the equilibria (entropy is strictly concave on their
    convex set), and the mix that treats decks alike when the data cannot tell them apart (two copies of a deck
    share its weight equally).

    A dominated deck gets no share; when several equilibria exist, ``unique`` is False and ``lowest``/``highest``
    bound each deck's share over all of them:

    >>> import numpy as np
    >>> tie = np.full((2, 2), 0.5)
    >>> eq = nash(tie)
    >>> eq.shares.tolist(), eq.unique, eq.lowest.tolist(), eq.highest.tolist()
    ([0.5, 0.5], False, [0.0, 0.0], [1.0, 1.0])

    ``guess``, a support the equilibrium likely has (the estimate's, for its bootstrap replicates), is tried first
    by linear algebra; the answer is the same, found faster when the guess is right.
    """
    m = game_matrix(scores)
    n = m.shape[0]
    beats_all = np.flatnonzero(np.all((m > 0) | np.eye(n, dtype=bool), axis=1))
    if beats_all.size:  # a deck that beats every other is the only equilibrium: no linear program needed
        p = np.eye(n)[beats_all[0]]
        return Equilibrium(p, True, p.copy(), p.copy())
    if guess is not None:  # a likely support (a bootstrap replicate's estimate's): tried before the program
        p = _on_support(m, np.asarray(guess, dtype=bool))
        if p is not None and _provably_unique(m, p):
            return Equilibrium(p, True, p.copy(), p.copy())
    p = _one_equilibrium(m)
    if _provably_unique(m, p):
        return Equilibrium(p, True, p.copy(), p.copy())
    # the equilibria are the mixes that no deck beats (the value is 0): each deck's least and greatest share over
    # that polytope by two linear programs, then the maximum-entropy point of the face the largest shares span
    lowest, highest, corners = np.zeros(n), np.zeros(n), []
    for i in range(n):
        unit = np.eye(n)[i]
        low = _linprog(unit, m, -SLACK)
        high = _linprog(-unit, m, -SLACK)
        lowest[i], highest[i] = low[i], high[i]
        corners.append(high)
    lowest, highest = np.minimum(lowest, p), np.maximum(highest, p)
    unique = bool(np.all(highest - lowest < 1e-7))
    if unique:
        return Equilibrium(p, True, p.copy(), p.copy())
    return Equilibrium(_maximum_entropy(m, highest > SUPPORT_SHARE, np.mean(corners, axis=0)), False, lowest,
                       highest)


def _maximum_entropy(m: np.ndarray, support: np.ndarray, start: np.ndarray) -> np.ndarray:
    """The mix of greatest entropy among the equilibria, on ``support`` (every deck some equilibrium plays: the
    maximum-entropy one plays them all, since entropy's slope is infinite at a zero share). ``start``, the mean of
    equilibria that between them play every deck of the support, lies inside the face."""
    from scipy.optimize import minimize

    index = np.flatnonzero(support)
    if index.size == 1:
        out = np.zeros(m.shape[0])
        out[index] = 1.0
        return out
    sub = m[index, :]  # rows of the support, every column: no deck may beat the mix

    def negative_entropy(x):
        x = np.clip(x, 1e-300, None)
        return float(np.sum(x * np.log(x)))

    def gradient(x):
        return np.log(np.clip(x, 1e-300, None)) + 1.0

    x0 = start[index] / start[index].sum()
    result = minimize(negative_entropy, x0, jac=gradient, method="SLSQP",
                      bounds=[(0.0, 1.0)] * index.size,
                      constraints=[{"type": "eq", "fun": lambda x: np.sum(x) - 1.0, "jac": lambda x: np.ones_like(x)},
                                   {"type": "ineq", "fun": lambda x: sub.T @ x + SLACK, "jac": lambda x: sub.T}],
                      options={"ftol": 1e-14, "maxiter": 500})
    x = np.clip(result.x, 0.0, None) if result.success else x0
    if np.any(sub.T @ (x / x.sum()) < -1e-7):  # pragma: no cover - SLSQP left the face: keep the inner point
        x = x0
    out = np.zeros(m.shape[0])
    out[index] = x / x.sum()
    return out


def nash_average(scores, shares) -> np.ndarray:
    """Each deck's Nash-averaged rating: its expected payoff (score less 1/2) against the equilibrium mix
    ``shares`` (balance.md M2). Zero for the decks the equilibrium plays, negative for the others: how much a deck
    loses to the metagame's best mix. Adding a copy of a deck changes no rating (the maximum-entropy equilibrium
    splits the deck's share between its copies)."""
    return game_matrix(scores) @ np.asarray(shares, dtype=float)


def field_scores(scores, field) -> np.ndarray:
    """Each deck's expected score against a field of decks in the shares ``field``: ``P @ field``, its mirror match
    counted at 1/2 (balance.md M3)."""
    return np.asarray(scores, dtype=float) @ np.asarray(field, dtype=float)


def replicator(scores, start, *, time: float | None = None, points: int = 201) -> tuple[np.ndarray, np.ndarray]:
    """Replicator dynamics of the field ``start``: each deck's share grows at the rate its expected score beats
    the field's mean score (which is 1/2 in a symmetric zero-sum game), ``dx_i/dt = x_i (M x)_i``
    (balance.md M5). Returns the times and the shares at each (``points`` rows). ``time`` defaults to 20 divided by
    the largest payoff (so the strongest edge has had 20 e-folds), doubled while the shares still move (up to 16
    times); a deck absent from ``start`` stays absent.

    >>> import numpy as np
    >>> t, x = replicator(np.array([[0.5, 0.8], [0.2, 0.5]]), [0.5, 0.5])
    >>> bool(x[-1, 0] > 0.99), np.allclose(x.sum(axis=1), 1)
    (True, True)
    """
    from scipy.integrate import solve_ivp

    m = game_matrix(scores)
    x0 = np.asarray(start, dtype=float)
    if x0.shape != (m.shape[0],) or np.any(x0 < 0) or not np.isclose(x0.sum(), 1.0):
        raise SimulationError("the start of the replicator dynamics is a mix of the decks (shares, summing to 1)",
                              field="start", rule="balance.md M5")
    top = float(np.abs(m).max())
    if top == 0:  # no deck has an edge: nothing moves
        times = np.linspace(0.0, 1.0 if time is None else time, points)
        return times, np.tile(x0, (points, 1))

    def rate(_, x):
        return x * (m @ x)

    def solve(span: float):
        times = np.linspace(0.0, span, points)
        solved = solve_ivp(rate, (0.0, span), x0, t_eval=times, method="LSODA", rtol=1e-9, atol=1e-12)
        shares = np.clip(solved.y.T, 0.0, None)
        return times, shares / shares.sum(axis=1, keepdims=True)

    if time is not None:
        return solve(time)
    span = 20.0 / top
    times, shares = solve(span)
    # longer while the shares still move (by more than half a point over the last quarter): small edges are slow;
    # around an equilibrium of several decks they circle for ever, so 16 times the first span at most
    while span < 320.0 / top and np.abs(shares[-1] - shares[(3 * (points - 1)) // 4]).max() > 0.005:
        span *= 2
        times, shares = solve(span)
    return times, shares


__all__ = ["Equilibrium", "SUPPORT_SHARE", "field_scores", "game_matrix", "nash", "nash_average", "replicator"]
