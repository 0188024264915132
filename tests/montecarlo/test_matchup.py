"""Matchups (src/tcbg/montecarlo/matchup.py): seat-swapped pairs, the summary's bookkeeping, per-card statistics,
the sequential test's early stop, the matrix."""

from __future__ import annotations

import numpy as np
import pytest

import tcbg
from tcbg import _core
from tcbg.montecarlo.matchup import matchup
from tcbg.montecarlo.matrix import matrix


@pytest.fixture(scope="module")
def result():
    # a low turn limit so that some games are draws
    return matchup("vanilla-a", "vanilla-b", 40, agent="random", seed=21, workers=1, max_turns=50)


def test_pairs_play_one_seed_with_both_seatings(result):
    ab, ba = result.records
    assert result.pairs == 20 and len(ab) == len(ba) == 20
    assert np.array_equal(ab["seed"], ba["seed"])
    assert ab["seed"].tolist() == [_core.derive_seed(21, k) for k in range(20)]
    assert [d.name for d in result.games[0].decks] == ["vanilla-a", "vanilla-b"]
    assert [d.name for d in result.games[1].decks] == ["vanilla-b", "vanilla-a"]
    # the first seat is drawn from the seed (rules.md 5.3): the same in both games of a pair, so each deck goes
    # first once per pair
    assert np.array_equal(ab["first_player"], ba["first_player"])
    firsts = np.stack([result.first_sides(0), result.first_sides(1)], axis=1)
    assert all(sorted(pair) == ["A", "B"] for pair in firsts.tolist())


def test_seating_b_a_is_the_same_as_simulating_the_swapped_game(result):
    game_ba = tcbg.load_game("x610z", decks=["vanilla-b", "vanilla-a"], max_turns=50)
    alone = tcbg.simulate(game_ba, "random", games=20, seed=21, workers=1)
    assert np.array_equal(alone["winner_mask"], result.records[1]["winner_mask"])
    assert np.array_equal(alone.card_flags, result.records[1].card_flags)


def test_summary_adds_up(result):
    s = result.summary()
    res = s["results"]
    assert s["games"] == 40 and s["pairs"] == 20 and s["decks"] == {"A": "vanilla-a", "B": "vanilla-b"}
    assert res["A"]["count"] + res["B"]["count"] + res["draws"]["count"] == 40
    assert res["draws"]["count"] > 0  # the turn limit of 50 is short
    points = result.a_points(0).sum() + result.a_points(1).sum()
    assert res["score_a"] == pytest.approx(points / 40)
    assert sum(s["pentanomial"]) == 20
    assert sum(n * k for k, n in enumerate(s["pentanomial"])) / 2 == pytest.approx(points)
    assert sum(sum(v.values()) for v in s["win_conditions"].values()) == 40
    assert set(s["win_conditions"]["draw"]) == {"turn limit"}
    first = s["first_player"]
    assert first["a_when_first"]["games"] == first["a_when_second"]["games"] == 20
    assert first["a_when_first"]["count"] + first["a_when_second"]["count"] == res["A"]["count"]
    turns = s["game_length"]["turns"]
    assert sum(turns["histogram"]) == 40 and turns["max"] <= 51 and turns["min"] <= turns["median"]


def test_card_statistics_follow_the_flags(result):
    cards = result.summary()["cards"]["A"]
    deck = result.games[0].decks[0]
    assert sorted(r["card"] for r in cards["cards"]) == sorted(card.name for card, _ in deck.cards)
    assert {r["card"]: r["copies"] for r in cards["cards"]} == deck.counts()
    # recount one card by hand from the raw flags of both seatings
    name = cards["cards"][0]["card"]
    drawn_games = won_when_drawn = 0
    for seating, seat in ((0, 0), (1, 1)):
        rec = result.records[seating]
        cols = [i for i, (owner, card) in enumerate(rec.instances) if owner == seat and card == name]
        drawn = (rec.card_flags[:, cols] & 1).any(axis=1)
        drawn_games += int(drawn.sum())
        won_when_drawn += int((drawn & rec.won(seat)).sum())
    assert cards["cards"][0]["drawn"]["games"] == drawn_games
    assert cards["cards"][0]["drawn"]["count"] == won_when_drawn
    # ranked by the difference adjusted for how many of its cards the deck drew (stats.stratified_difference)
    deltas = [r["drawn_adjusted"]["delta"] for r in cards["cards"] if r["drawn_adjusted"]["delta"] is not None]
    assert deltas and deltas == sorted(deltas, reverse=True)


def test_team_setup_puts_a_deck_on_every_seat_of_its_team():
    r = matchup("vanilla-a", "vanilla-b", 2, agent="random", seed=1, workers=1, setup="2v2", max_turns=30)
    assert r.sides == (("A", "B", "A", "B"), ("B", "A", "B", "A"))
    assert [d.name for d in r.games[0].decks] == ["vanilla-a", "vanilla-b", "vanilla-a", "vanilla-b"]
    copies = {c["card"]: c["copies"] for c in r.summary()["cards"]["B"]["cards"]}
    assert copies == {name: 2 * n for name, n in r.games[0].decks[1].counts().items()}


@pytest.mark.parametrize("kwargs,error,match", [
    ({"games": 3}, tcbg.SimulationError, "even number"),
    ({"games": -2}, tcbg.SimulationError, "at least 0"),
    ({"games": 2, "setup": "ffa3"}, tcbg.GameError, "two teams"),
    ({"games": 2, "setup": "9v9"}, tcbg.GameError, "no setup '9v9'"),
    ({"games": 2, "seed": -1}, tcbg.SimulationError, "seed"),
])
def test_bad_matchups(kwargs, error, match):
    with pytest.raises(error, match=match):
        matchup("vanilla-a", "vanilla-b", agent="random", workers=1, **kwargs)
    with pytest.raises(tcbg.DeckError, match="no shipped deck"):
        matchup("vanilla-a", "vanilla-zz", 2, agent="random", workers=1)


class Passer:
    """Passes whenever it may: never casts, moves or attacks (a deck played this way can only lose or draw)."""

    def choose(self, state):
        actions = state.legal_actions()
        return 0 if 0 in actions else actions[0]


def test_until_decided_stops_once_a_is_shown_better():
    r = matchup("vanilla-a", "vanilla-b", 2000, agent="random", agent_b=Passer(), seed=3, max_turns=200,
                until_decided=True, margin=50, min_pairs=16, batch_size=8)
    s = r.summary()
    assert s["sprt"]["decision"] == "better"
    assert r.pairs < 1000 and r.pairs % 8 == 0 and not r.interrupted
    assert s["sprt"]["pairs"] == r.pairs and s["results"]["A"]["rate"] > s["results"]["B"]["rate"]
    assert s["agents"]["B"] == "python:Passer"


def test_until_decided_stops_at_the_same_pair_on_any_number_of_workers():
    kwargs = dict(agent="random", seed=8, max_turns=60, until_decided=True, margin=400, min_pairs=8, batch_size=4)
    one = matchup("vanilla-a", "vanilla-b", 400, workers=1, **kwargs)
    two = matchup("vanilla-a", "vanilla-b", 400, workers=2, **kwargs)
    assert one.sequential.decision is not None and one.pairs < 200
    assert (one.pairs, one.sequential.decision) == (two.pairs, two.sequential.decision)
    assert one.summary()["results"] == two.summary()["results"]


def test_until_decided_stops_at_the_same_pair_whatever_the_cap():
    """The test looks after every batch of SEQUENTIAL_LOOK pairs, however many games --games allows: a larger cap
    neither delays the stop nor plays bigger batches (before, the batch grew with the cap: 224 pairs at 4,000
    games, 4,096 at 1,000,000)."""
    from tcbg.montecarlo.matchup import SEQUENTIAL_LOOK

    kwargs = dict(agent="random", seed=8, max_turns=60, until_decided=True, margin=200, min_pairs=8, workers=1)
    small = matchup("vanilla-a", "vanilla-b", 2_000, **kwargs)
    large = matchup("vanilla-a", "vanilla-b", 200_000, **kwargs)
    assert small.sequential.decision is not None and small.pairs < 1_000
    assert small.pairs % SEQUENTIAL_LOOK == 0
    assert (small.pairs, small.sequential.decision) == (large.pairs, large.sequential.decision)
    assert small.summary()["results"] == large.summary()["results"]


def test_matrix_of_three_decks(tmp_path):
    copy = tmp_path / "my-deck.txt"
    copy.write_text(_deck_text("vanilla-b"))
    m = matrix(["vanilla-a", "vanilla-b", str(copy)], 4, agent="random", seed=5, workers=1, max_turns=40)
    assert m.decks == ["vanilla-a", "vanilla-b", "my-deck"] and len(m.matchups) == 3
    rates = m.win_rates()
    assert all(rates[i][i] is None for i in range(3))
    for i in range(3):
        for j in range(i + 1, 3):
            assert rates[i][j] + rates[j][i] + m.draw_rate(i, j) == pytest.approx(1.0)
    s = m.summary()
    assert [(c["A"], c["B"]) for c in s["matchups"]] == [("vanilla-a", "vanilla-b"), ("vanilla-a", "my-deck"),
                                                          ("vanilla-b", "my-deck")]
    assert "my-deck" in m.table_text().splitlines()[0]
    with pytest.raises(tcbg.SimulationError, match="two decks"):
        matrix(["vanilla-a"], 2, agent="random")
    with pytest.raises(tcbg.SimulationError, match="named twice"):
        matrix(["vanilla-a", "vanilla-a"], 2, agent="random")


def _deck_text(name: str) -> str:
    from tcbg.x610z import CardSet
    from tcbg.x610z.decks import Deck

    return Deck.load(name, CardSet.load("vanilla")).to_text()


def test_side_by_side_flags_name_the_same_card_in_both_seatings(result):
    instances = result.side_instances()
    assert instances[0] == ("A", "Ember Caravan") and instances[51][0] == "B" and len(instances) == 102
    for seating in (0, 1):
        rec, order = result.records[seating], result.side_order(seating)
        sides = result.sides[seating]
        assert [(sides[rec.instances[i][0]], rec.instances[i][1]) for i in order] == instances
        assert np.array_equal(result.side_flags(seating), rec.card_flags[:, order])
