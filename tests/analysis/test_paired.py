"""Comparisons on common random numbers (src/tcbg/analysis/paired.py, docs/balance.md "Comparing variants: common
random numbers")."""

from __future__ import annotations

import numpy as np
import pytest

from tcbg.analysis.paired import CHANGE, SCORE, compare, play_arms, t_interval
from tcbg.analysis.variants import load_decks, replace_card
from tcbg.errors import SimulationError


def test_a_variant_identical_to_the_reference_differs_by_exactly_zero_on_every_pair():
    loaded = load_decks("arnunnian", ["pirate", "undead"])
    result = compare(loaded.deck, loaded.deck, loaded.opponents, games=40, seed=11, workers=1, **loaded.options)
    assert result.pairs == 20 and result.per_opponent.shape == (2, 20)
    assert (result.per_opponent == 0).all()
    assert result.interval() == (0.0, 0.0)
    assert result.summary()["variance_ratio"] is None  # nothing left to compare: no ratio is made up
    # the two arms really played (not one copy): each has its own spread of scores
    assert result.variant_scores.std() > 0 and (result.variant_scores == result.reference_scores).all()


def test_a_one_card_change_is_measured_with_a_narrower_interval_than_independent_seeds_give():
    loaded = load_decks("arnunnian", ["pirate"])
    variant = replace_card(loaded, "Hunter Dragon", "Cargo Beast")
    result = compare(variant, loaded.deck, loaded.opponents, games=400, seed=3, workers=1, measure_independent=True,
                     **loaded.options)
    summary = result.summary()
    paired = summary["difference"]["ci95"][1] - summary["difference"]["ci95"][0]
    independent = summary["independent_ci95"][1] - summary["independent_ci95"][0]
    assert paired < independent
    # the measured run on disjoint seeds agrees with the summed variances (both unpaired), and pairing beats both
    assert result.measured_independent_variance > result.paired_variance
    assert result.independent_variance > result.paired_variance
    assert summary["games_saved"] > 0 and summary["games_for_same_interval_independent"] > result.games


def test_the_same_pair_seed_gives_both_arms_the_same_first_player_and_the_reproduced_pairs():
    loaded = load_decks("arnunnian", ["pirate"])
    variant = replace_card(loaded, "Hunter Dragon", "Cargo Beast")
    played = play_arms([variant, loaded.deck], loaded.opponents, 20, seed=9, workers=1, **loaded.options)
    for seating in (0, 1):
        firsts = [played.matchups[a][0].records[seating]["first_player"] for a in (0, 1)]
        assert (firsts[0] == firsts[1]).all()
    later = play_arms([loaded.deck], loaded.opponents, 10, seed=9, workers=1, first_pair=5, **loaded.options)
    assert (later.scores[0, 0] == played.scores[1, 0, 5:]).all()  # pair k is pair k, whatever the run


def test_an_odd_or_missing_game_count_is_a_typed_error():
    with pytest.raises(SimulationError, match="even number"):
        compare("vanilla-a", "vanilla-a", ["vanilla-b"], games=7, agent="random", workers=1)
    with pytest.raises(SimulationError, match="opponent"):
        play_arms(["vanilla-a"], [], 2, agent="random", workers=1)


def test_two_agents_on_one_deck_are_compared_on_the_same_seeds():
    result = compare("vanilla-a", "vanilla-a", "vanilla-b", games=20, variant_agent="random",
                     reference_agent="heuristic", seed=2, workers=1, max_turns=80)
    assert result.variant != result.reference and "random" in result.variant
    assert np.isfinite(result.mean) and result.summary()["agents"]["arms"][result.variant]["kind"] == "random"


def test_an_interval_of_few_pairs_stays_within_what_games_can_give():
    # balance.md "Comparing variants": two pairs, one won and one lost outright: the t interval of 1 degree of
    # freedom reaches far past -1 and +1; clipped, it is the whole range and no more
    change = np.array([1.0, -1.0])
    mean, low, high = t_interval(change)
    assert low < -1 and high > 1
    assert t_interval(change, bounds=CHANGE) == (mean, -1.0, 1.0)
    scores = np.array([1.0, 0.0, 1.0])
    assert t_interval(scores, bounds=SCORE)[1:] == (0.0, 1.0)
    narrow = np.array([0.5, 0.6, 0.55, 0.45])  # well inside: clipping changes nothing
    assert t_interval(narrow, bounds=SCORE) == t_interval(narrow)


@pytest.mark.parametrize("name", ["tcbg.analysis.paired", "tcbg.analysis.variants", "tcbg.analysis.ablation"])
def test_docstring_examples(name):
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(name), verbose=False)
    assert tried > 0 and failures == 0
