"""Statistics of matchups: Wilson intervals, Elo from seat-swapped pairs, the sequential probability ratio test of
chess engine testing, and per-card win rates (docs/simulation.md gives the formulas).

>>> p = proportion(60, 100)
>>> round(p.rate, 3), round(p.low, 4), round(p.high, 4)
(0.6, 0.502, 0.6906)
>>> round(elo_from_score(0.75), 1)
190.8
>>> test = SequentialTest(margin=20)
>>> test.update(np.array([0, 100, 400, 900, 600]))  # pentanomial counts of pair results: A clearly better
'better'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

PAIR_POINTS = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
"""A's mean score over a seat-swapped pair for each pentanomial bin: lost both, lost one and drew one, won one and
lost one (or drew both), won one and drew one, won both."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default); (0, 1) when there are no trials.

    >>> [round(x, 4) for x in wilson_interval(7, 20)]
    [0.1812, 0.5671]
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # The interval always holds the estimate; in floating point centre - half can round just past it at the ends
    # (0 successes in 10**6 trials gave a lower bound of 4e-22 above the rate 0).
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


@dataclass(frozen=True)
class Proportion:
    """``successes`` out of ``trials`` with its 95% Wilson interval."""

    successes: int
    trials: int

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else math.nan

    @property
    def low(self) -> float:
        return wilson_interval(self.successes, self.trials)[0]

    @property
    def high(self) -> float:
        return wilson_interval(self.successes, self.trials)[1]

    def to_dict(self) -> dict:
        rate = self.rate
        return {"count": int(self.successes), "games": int(self.trials),
                "rate": None if math.isnan(rate) else rate, "ci95": [self.low, self.high]}

    def __str__(self) -> str:
        if not self.trials:
            return "n/a"
        return f"{100 * self.rate:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"


def proportion(successes: int, trials: int) -> Proportion:
    return Proportion(int(successes), int(trials))


# -- Elo and pairs -----------------------------------------------------------------------------------------------

def score_from_elo(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger (the logistic Elo model)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(score: float) -> float:
    """The Elo difference whose expected score is ``score``; +-inf at 1 and 0."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def pentanomial(points_per_pair: np.ndarray) -> np.ndarray:
    """Counts of the five pair results from A's points per pair (0, 0.5, 1, 1.5 or 2 over its two games).

    >>> pentanomial(np.array([2.0, 1.0, 1.0, 0.5]))
    array([0, 1, 2, 0, 1])
    """
    bins = np.rint(np.asarray(points_per_pair, dtype=float) * 2).astype(np.int64)
    if bins.size and (bins.min() < 0 or bins.max() > 4):
        raise ValueError("points per pair must lie between 0 and 2")
    return np.bincount(bins, minlength=5)


def pair_mean_variance(counts: np.ndarray, regularize: bool = False) -> tuple[float, float, float]:
    """(pairs, mean, variance) of A's score per pair from pentanomial ``counts``. With ``regularize`` every empty
    bin counts 0.001 pairs (as fishtest does), so the variance is never zero."""
    counts = np.asarray(counts, dtype=float)
    if regularize:
        counts = np.where(counts > 0, counts, 1e-3)
    n = counts.sum()
    if n <= 0:
        return 0.0, math.nan, math.nan
    mean = float((counts * PAIR_POINTS).sum() / n)
    variance = float((counts * (PAIR_POINTS - mean) ** 2).sum() / n)
    return float(n), mean, variance


@dataclass(frozen=True)
class EloEstimate:
    elo: float
    low: float
    high: float
    score: float

    def to_dict(self) -> dict:
        def finite(x: float) -> float | None:
            return x if math.isfinite(x) else None

        return {"elo": finite(self.elo), "ci95": [finite(self.low), finite(self.high)], "score": finite(self.score)}


def elo_estimate(counts: np.ndarray) -> EloEstimate:
    """A's Elo advantage over B and its 95% interval from the pairs' pentanomial counts: the mean pair score with
    the normal interval of its pair-to-pair variance, mapped through the logistic model."""
    n, mean, variance = pair_mean_variance(counts)
    if n == 0:
        return EloEstimate(math.nan, math.nan, math.nan, math.nan)
    half = Z95 * math.sqrt(variance / n)
    return EloEstimate(elo_from_score(mean), elo_from_score(mean - half), elo_from_score(mean + half), mean)


# -- the sequential probability ratio test ---------------------------------------------------------------------

def sprt_llr(counts: np.ndarray, elo0: float, elo1: float) -> float:
    """Log-likelihood ratio of H1 (A is ``elo1`` stronger) against H0 (``elo0``) for pentanomial pair ``counts``:
    the generalised SPRT's normal approximation (Van den Bergh), LLR = N (s1 - s0)(2 mean - s0 - s1) / (2 var),
    with s the expected pair score of each hypothesis and mean and var those of the pair scores (regularised)."""
    if np.asarray(counts).sum() == 0:
        return 0.0
    n, mean, variance = pair_mean_variance(counts, regularize=True)
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


@dataclass
class SequentialTest:
    """Stops a matchup once A is shown better, worse, or equal to B within ``margin`` Elo (Sobel and Wald's
    three-decision procedure: two SPRTs run together).

    - Test *up*: H0 elo = 0 against H1 elo = +margin. Test *down*: H0 elo = 0 against H1 elo = -margin.
    - Each test stops the first time its LLR leaves (ln(beta / (1 - alpha)), ln((1 - beta) / alpha)) and keeps its
      verdict. ``alpha`` bounds the chance of calling a difference that is not there, ``beta`` of missing one of
      ``margin`` Elo.
    - Decision: ``"better"`` when up accepts H1, ``"worse"`` when down accepts H1, ``"equal"`` when both accept H0
      (a difference of ``margin`` Elo or more is ruled out either way).
    - No decision before ``min_pairs`` pairs: the normal approximation needs a sample.
    """

    margin: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05
    min_pairs: int = 200
    up: str | None = None
    down: str | None = None
    decision: str | None = None
    trace: list = field(default_factory=list)

    def __post_init__(self) -> None:
        if not (self.margin > 0 and 0 < self.alpha < 0.5 and 0 < self.beta < 0.5 and self.min_pairs >= 1):
            raise ValueError("SPRT needs margin > 0, 0 < alpha, beta < 0.5 and min_pairs >= 1")

    @property
    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def update(self, counts: np.ndarray) -> str | None:
        """Check the cumulative pentanomial ``counts``; return the decision once there is one."""
        if self.decision is not None:
            return self.decision
        pairs = int(np.asarray(counts).sum())
        llr_up = sprt_llr(counts, 0.0, self.margin)
        llr_down = sprt_llr(counts, 0.0, -self.margin)
        self.trace.append((pairs, llr_up, llr_down))
        if pairs < self.min_pairs:
            return None
        lower, upper = self.bounds
        if self.up is None:
            self.up = "H1" if llr_up >= upper else "H0" if llr_up <= lower else None
        if self.down is None:
            self.down = "H1" if llr_down >= upper else "H0" if llr_down <= lower else None
        if self.up == "H1":
            self.decision = "better"
        elif self.down == "H1":
            self.decision = "worse"
        elif self.up == "H0" and self.down == "H0":
            self.decision = "equal"
        return self.decision

    def to_dict(self) -> dict:
        lower, upper = self.bounds
        last = self.trace[-1] if self.trace else (0, 0.0, 0.0)
        return {"margin_elo": self.margin, "alpha": self.alpha, "beta": self.beta, "min_pairs": self.min_pairs,
                "bounds": [lower, upper], "decision": self.decision or "undecided", "pairs": last[0],
                "llr_better": last[1], "llr_worse": last[2], "test_better": self.up, "test_worse": self.down}


# -- per-card statistics ---------------------------------------------------------------------------------------

def card_statistics(won: np.ndarray, drawn: np.ndarray, cast: np.ndarray, names: list[str],
                    copies: list[int], extra: dict[str, np.ndarray] | None = None,
                    seen: np.ndarray | None = None) -> dict:
    """Win rate of a deck in the games where each card was drawn (at least one copy) and where it was cast, against
    the deck's baseline win rate over every game, with Wilson intervals. ``won`` is a bool per game; ``drawn`` and
    ``cast`` are bool (games, cards) arrays whose columns are ``names``; ``extra`` maps a key to another such array
    (a game's own card flags, Z/X's ``from_ignition``), whose win rate each row gets under that key.

    >>> won = np.array([True, False, True])
    >>> seen = np.array([[True], [True], [False]])
    >>> row = card_statistics(won, seen, seen, ["Drake"], [2], extra={"from_life": seen})["cards"][0]
    >>> row["drawn"]["count"], row["drawn"]["games"], row["from_life"]["games"]
    (1, 2, 2)

    The raw difference (``drawn_delta``, the drawn win rate minus the baseline) is biased: a deck that draws more
    cards (a longer game; in Z/X, a player whose Life is being taken) draws every card more often, so where the
    losing side draws more, nearly every card looks bad. With ``seen``, the number of the deck's cards
    drawn in each game, each row gets ``drawn_adjusted`` (:func:`stratified_difference`: the win rate when drawn
    minus when not drawn among games where the deck drew as many cards, with its 95% interval), the verdict is
    ``"over"`` (``"under"``) when that interval lies above (below) 0, and the rows are ranked by it. Without it,
    the verdict says whether the baseline lies below (above) the drawn interval, and the rows are ranked by
    ``drawn_delta``. Either way these are associations, not causes.
    """
    won = np.asarray(won, dtype=bool)
    games = int(won.size)
    baseline = proportion(int(won.sum()), games)
    rows = []
    for c, name in enumerate(names):
        drawn_p = proportion(int((won & drawn[:, c]).sum()), int(drawn[:, c].sum()))
        cast_p = proportion(int((won & cast[:, c]).sum()), int(cast[:, c].sum()))
        row = {"card": name, "copies": copies[c], "drawn": drawn_p.to_dict(), "cast": cast_p.to_dict(),
               "drawn_delta": _delta(drawn_p, baseline), "cast_delta": _delta(cast_p, baseline)}
        verdict = ""
        if seen is not None:
            row["drawn_adjusted"] = adjusted = stratified_difference(won, drawn[:, c], seen)
            if adjusted["delta"] is not None:
                verdict = "over" if adjusted["ci95"][0] > 0 else "under" if adjusted["ci95"][1] < 0 else ""
        elif drawn_p.trials and drawn_p.low > baseline.rate:
            verdict = "over"
        elif drawn_p.trials and drawn_p.high < baseline.rate:
            verdict = "under"
        row["verdict"] = verdict
        for key, flags in (extra or {}).items():
            row[key] = proportion(int((won & flags[:, c]).sum()), int(flags[:, c].sum())).to_dict()
        rows.append(row)
    key = "drawn_delta" if seen is None else "adjusted"
    rows.sort(key=lambda r: (_rank(r, key) is None, -(_rank(r, key) or 0.0), r["card"]))
    out = {"baseline": baseline.to_dict(), "cards": rows}
    if seen is not None:
        out["adjusted_for"] = "cards drawn"
    return out


def _rank(row: dict, key: str) -> float | None:
    """A card row's figure of merit: its adjusted difference (``key="adjusted"``) or its raw ``drawn_delta``."""
    return row["drawn_adjusted"]["delta"] if key == "adjusted" else row["drawn_delta"]


def stratified_difference(won: np.ndarray, flag: np.ndarray, stratum: np.ndarray) -> dict:
    """The difference in win rate between the games with ``flag`` and those without, within strata of equal
    ``stratum`` (per game), pooled with Cochran-Mantel-Haenszel weights ``n1 * n0 / n`` (a stratum where every game
    or none has the flag says nothing and weighs 0); the 95% interval from the variance under no difference,
    ``sum(w * p * (1 - p)) / sum(w) ** 2`` with ``p`` the stratum's win rate. ``games``: the flagged games in
    strata that count. ``delta`` and ``ci95`` are None when no stratum counts.

    >>> won = np.array([1, 0, 1, 1, 0, 0], dtype=bool)
    >>> flag = np.array([1, 0, 1, 0, 1, 0], dtype=bool)
    >>> d = stratified_difference(won, flag, np.array([1, 1, 2, 2, 3, 3]))  # +1, 0, 0 in three strata of two
    >>> round(d["delta"], 4), d["games"]
    (0.3333, 3)
    """
    won = np.asarray(won, dtype=bool)
    flag = np.asarray(flag, dtype=bool)
    values, index = np.unique(np.asarray(stratum), return_inverse=True)
    k = values.size
    n = np.bincount(index, minlength=k).astype(float)
    n1 = np.bincount(index, weights=flag, minlength=k)
    w1 = np.bincount(index, weights=flag & won, minlength=k)
    wins = np.bincount(index, weights=won, minlength=k)
    n0 = n - n1
    counts = (n1 > 0) & (n0 > 0)
    if not counts.any():
        return {"delta": None, "ci95": None, "games": 0}
    n, n1, n0, w1, wins = n[counts], n1[counts], n0[counts], w1[counts], wins[counts]
    weight = n1 * n0 / n
    diff = w1 / n1 - (wins - w1) / n0
    p = wins / n
    total = float(weight.sum())
    delta = float((weight * diff).sum() / total)
    half = Z95 * math.sqrt(float((weight * p * (1 - p)).sum())) / total
    return {"delta": delta, "ci95": [max(-1.0, delta - half), min(1.0, delta + half)], "games": int(n1.sum())}


def _delta(p: Proportion, baseline: Proportion) -> float | None:
    return None if not p.trials or not baseline.trials else p.rate - baseline.rate


def _distribution(values: np.ndarray, histogram: bool = True) -> dict:
    if values.size == 0:
        return {"games": 0}
    out = {"games": int(values.size), "mean": float(values.mean()), "min": int(values.min()),
           "p10": float(np.percentile(values, 10)), "median": float(np.median(values)),
           "p90": float(np.percentile(values, 90)), "max": int(values.max())}
    if histogram:
        out["histogram"] = [int(n) for n in np.bincount(values)]  # entry t: games that lasted t turns
    return out
