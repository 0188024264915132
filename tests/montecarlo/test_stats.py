"""Statistics of the harness (src/tcbg/montecarlo/stats.py) against independent computations and known outcomes."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from tcbg.montecarlo.stats import (PAIR_POINTS, SequentialTest, card_statistics, elo_estimate, elo_from_score,
                                   pair_mean_variance, pentanomial, proportion, score_from_elo, sprt_llr,
                                   stratified_difference, wilson_interval)


@pytest.mark.parametrize("k,n", [(0, 1), (1, 1), (0, 10), (3, 10), (10, 10), (7, 20), (50, 100), (1, 1000),
                                 (999, 1000), (12345, 20000)])
def test_wilson_matches_scipy(k, n):
    expected = sps.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = wilson_interval(k, n)
    assert low == pytest.approx(expected.low, abs=1e-12)
    assert high == pytest.approx(expected.high, abs=1e-12)


def test_wilson_hand_computed():
    # p = 0.5, n = 100: centre 0.5, half = z / (1 + z^2/n) * sqrt(0.25/n + z^2/(4 n^2))
    z = 1.959963984540054
    half = z / (1 + z * z / 100) * math.sqrt(0.25 / 100 + z * z / 40000)
    assert wilson_interval(50, 100) == pytest.approx((0.5 - half, 0.5 + half))
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_proportion_dict_and_text():
    p = proportion(7, 20)
    assert p.to_dict()["count"] == 7 and p.to_dict()["games"] == 20 and p.rate == 0.35
    assert str(p) == "35.0% [18.1, 56.7]"
    empty = proportion(0, 0)
    assert empty.to_dict()["rate"] is None and str(empty) == "n/a"


def test_elo_and_score_are_inverse():
    for elo in (-800, -100, -3.5, 0, 10, 191, 600):
        assert elo_from_score(score_from_elo(elo)) == pytest.approx(elo)
    assert score_from_elo(0) == 0.5
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf
    # 400 Elo means odds of 10:1
    assert score_from_elo(400) == pytest.approx(10 / 11)


def test_pentanomial_bins():
    points = np.array([0, 0.5, 1, 1.5, 2, 2, 1, 1])
    assert pentanomial(points).tolist() == [1, 1, 3, 1, 2]
    with pytest.raises(ValueError):
        pentanomial(np.array([2.5]))


def test_pair_mean_variance_by_hand():
    counts = np.array([1, 0, 2, 0, 1])  # pair scores 0, .5, .5, 1
    n, mean, var = pair_mean_variance(counts)
    assert (n, mean) == (4, 0.5)
    assert var == pytest.approx((0.25 + 0 + 0 + 0.25) / 4)
    # regularised: empty bins weigh 0.001 pairs each
    n_r, mean_r, _ = pair_mean_variance(np.array([0, 0, 0, 0, 5]), regularize=True)
    assert n_r == pytest.approx(5.004) and mean_r < 1.0


def test_elo_estimate_from_pairs():
    counts = np.array([10, 20, 40, 20, 10])  # symmetric: no difference
    est = elo_estimate(counts)
    assert est.elo == pytest.approx(0.0, abs=1e-9) and est.score == pytest.approx(0.5)
    n, mean, var = pair_mean_variance(counts)
    half = 1.959963984540054 * math.sqrt(var / n)
    assert est.high == pytest.approx(elo_from_score(0.5 + half))
    assert est.low == pytest.approx(-est.high)
    assert math.isnan(elo_estimate(np.zeros(5)).elo)


def test_llr_equals_normal_log_likelihood_ratio():
    """The closed form equals the sum over pairs of log N(x; s1, var) - log N(x; s0, var)."""
    counts = np.array([30, 80, 200, 110, 45])
    elo0, elo1 = 0.0, 15.0
    n, mean, var = pair_mean_variance(counts, regularize=True)
    weights = np.where(counts > 0, counts, 1e-3)
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    sd = math.sqrt(var)
    direct = float((weights * (sps.norm.logpdf(PAIR_POINTS, s1, sd) - sps.norm.logpdf(PAIR_POINTS, s0, sd))).sum())
    assert sprt_llr(counts, elo0, elo1) == pytest.approx(direct, rel=1e-9)
    assert sprt_llr(np.zeros(5), elo0, elo1) == 0.0


def _pairs_with_elo(rng: np.random.Generator, elo: float, pairs: int, draw: float = 0.1) -> np.ndarray:
    """Pentanomial counts of ``pairs`` pairs of independent games where A's expected score is that of ``elo``."""
    score = score_from_elo(elo)
    win = score - draw / 2
    outcome = rng.choice([1.0, 0.5, 0.0], size=(pairs, 2), p=[win, draw, 1 - win - draw])
    return pentanomial(outcome.sum(axis=1))


@pytest.mark.parametrize("elo,expected", [(80, "better"), (-80, "worse"), (0, "equal")])
def test_sequential_test_decides_synthetic_sequences(elo, expected):
    rng = np.random.default_rng(12345)
    decisions = []
    for _ in range(20):
        test = SequentialTest(margin=30, alpha=0.05, beta=0.05, min_pairs=50)
        counts = np.zeros(5, dtype=np.int64)
        for _ in range(400):  # at most 20,000 pairs in checks of 50
            counts += _pairs_with_elo(rng, elo, 50)
            if test.update(counts):
                break
        decisions.append(test.decision)
    # with alpha = beta = 0.05 and a true difference well past the margin (or none), errors are rare
    assert decisions.count(expected) >= 18, decisions


def test_sequential_test_waits_for_min_pairs_and_keeps_its_decision():
    test = SequentialTest(margin=20, min_pairs=100)
    lopsided = np.array([0, 0, 0, 0, 60])
    assert test.update(lopsided) is None  # 60 pairs: too few, whatever they say
    assert test.update(lopsided * 2) == "better"
    assert test.update(np.array([120, 0, 0, 0, 0])) == "better"  # decided tests do not reopen
    d = test.to_dict()
    assert d["decision"] == "better" and d["bounds"][0] == pytest.approx(math.log(0.05 / 0.95))
    with pytest.raises(ValueError):
        SequentialTest(margin=0)


def test_card_statistics_by_hand():
    won = np.array([1, 1, 0, 0, 1, 0], dtype=bool)  # baseline 3/6
    drawn = np.array([[1, 0], [1, 0], [0, 1], [0, 1], [1, 1], [0, 0]], dtype=bool)
    cast = np.array([[1, 0], [0, 0], [0, 1], [0, 0], [1, 0], [0, 0]], dtype=bool)
    out = card_statistics(won, drawn, cast, ["Good", "Bad"], [3, 2])
    assert out["baseline"]["rate"] == 0.5
    good, bad = out["cards"]  # ranked: Good (3/3) before Bad (1/3)
    assert good["card"] == "Good" and good["drawn"]["count"] == 3 and good["drawn"]["games"] == 3
    assert good["drawn_delta"] == pytest.approx(0.5) and good["cast"]["rate"] == 1.0
    assert bad["drawn"]["rate"] == pytest.approx(1 / 3) and bad["cast"]["games"] == 1
    assert bad["drawn_delta"] == pytest.approx(1 / 3 - 0.5)
    # intervals of 3 games are wide: the baseline is inside both, so no verdict
    assert good["verdict"] == "" and bad["verdict"] == ""


def test_card_statistics_verdicts_and_unseen_cards():
    rng = np.random.default_rng(1)
    games = 4000
    drawn = rng.random((games, 3)) < 0.5
    drawn[:, 2] = False  # never drawn
    won = np.where(drawn[:, 0], rng.random(games) < 0.8, rng.random(games) < 0.3)
    out = card_statistics(won, drawn, drawn, ["Strong", "Plain", "Unseen"], [1, 1, 1])
    by_name = {r["card"]: r for r in out["cards"]}
    assert by_name["Strong"]["verdict"] == "over"
    assert by_name["Unseen"]["drawn_delta"] is None and out["cards"][-1]["card"] == "Unseen"
    assert [r["card"] for r in out["cards"]][0] == "Strong"


@pytest.mark.parametrize("trials", [1, 7, 1000, 10**6, 10**6 + 2, 10**9])
def test_the_interval_always_holds_the_estimate(trials):
    """At 0 or all successes the interval's end is the estimate itself, exactly (a million-game matchup has no
    draws, and its report plots the interval around the rate)."""
    for successes in (0, 1, trials // 2, trials - 1, trials):
        low, high = wilson_interval(successes, trials)
        assert 0.0 <= low <= successes / trials <= high <= 1.0
    assert wilson_interval(0, trials)[0] == 0.0 and wilson_interval(trials, trials)[1] == 1.0


def test_the_adjusted_verdict_sees_through_how_many_cards_a_deck_drew():
    """A deck that loses draws more cards (Z/X: a player being hit sees its Life), so every card is drawn more often
    in lost games: the raw verdict calls a card that does nothing "under"; compared within games where the deck drew
    as many cards, it is even, and a card that does help is "over"."""
    rng = np.random.default_rng(7)
    games = 20000
    won = rng.random(games) < 0.5
    seen = np.where(won, rng.integers(10, 25, games), rng.integers(18, 40, games))  # losers see more cards
    p_drawn = seen / 45.0
    neutral = rng.random(games) < p_drawn
    helpful = rng.random(games) < p_drawn
    won = np.where(helpful & (rng.random(games) < 0.15), True, won)  # the helpful card turns 15% of its games
    drawn = np.stack([neutral, helpful], axis=1)
    raw = {r["card"]: r for r in card_statistics(won, drawn, drawn, ["Neutral", "Helpful"], [3, 3])["cards"]}
    assert raw["Neutral"]["verdict"] == "under"  # the bias this measure removes
    out = card_statistics(won, drawn, drawn, ["Neutral", "Helpful"], [3, 3], seen=seen)
    adjusted = {r["card"]: r for r in out["cards"]}
    assert adjusted["Neutral"]["verdict"] == "" and adjusted["Helpful"]["verdict"] == "over"
    low, high = adjusted["Neutral"]["drawn_adjusted"]["ci95"]
    assert low < 0 < high and out["cards"][0]["card"] == "Helpful"
    assert raw["Neutral"]["drawn_delta"] == adjusted["Neutral"]["drawn_delta"]  # the raw figure stays beside it


def test_a_stratified_difference_needs_both_kinds_of_game_in_a_stratum():
    won = np.array([1, 0, 1, 0], dtype=bool)
    flag = np.array([1, 1, 0, 0], dtype=bool)
    assert stratified_difference(won, flag, np.array([1, 1, 2, 2]))["delta"] is None  # each stratum all or none
    d = stratified_difference(won, flag, np.array([1, 1, 1, 1]))
    assert d["delta"] == 0.0 and d["games"] == 2 and d["ci95"][0] < 0 < d["ci95"][1]
