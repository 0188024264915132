"""The metagame (src/tcbg/analysis/meta*.py, docs/balance.md "The metagame", rules M1 to M6): the equilibrium's
linear program on games whose answers are known, Nash averaging's invariance to copies, the field's checks, the
bootstrap, replicator dynamics, and ``tcbg meta`` end to end on both games (random agents, short games: seconds)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tcbg.analysis.meta import Metagame, field_shares, meta_from_folder, parse_field
from tcbg.analysis.meta_nash import nash, nash_average, replicator
from tcbg.cli import main
from tcbg.errors import DataFileError, SimulationError

RPS = np.array([[0.5, 1.0, 0.0], [0.0, 0.5, 1.0], [1.0, 0.0, 0.5]])


def _with_copy(scores: np.ndarray, k: int) -> np.ndarray:
    """The score matrix with deck k twice (the copy last; the two score 1/2 against each other)."""
    index = list(range(len(scores))) + [k]
    return scores[np.ix_(index, index)]


def _random_scores(rng, n: int) -> np.ndarray:
    upper = rng.uniform(0.2, 0.8, (n, n))
    scores = np.triu(upper, 1)
    return scores + np.tril(1 - scores.T, -1) + 0.5 * np.eye(n)


# -- the linear program (M1) -------------------------------------------------------------------------------------

def test_rock_paper_scissors_has_the_uniform_equilibrium_only():
    # M1: the uniqueness test (rank of M on the support, every other deck losing to the mix) proves it
    eq = nash(RPS)
    assert eq.unique and np.allclose(eq.shares, 1 / 3, atol=1e-9)
    assert np.allclose(nash_average(RPS, eq.shares), 0, atol=1e-9)


def test_a_dominated_deck_gets_no_share():
    # deck 3 scores 10% against each of rock, paper and scissors: no mix wants it (M1)
    scores = np.full((4, 4), 0.9)
    scores[:3, :3] = RPS
    scores[3, :] = 0.1
    scores[3, 3] = 0.5
    eq = nash(scores)
    assert eq.unique and eq.shares[3] == 0 and np.allclose(eq.shares[:3], 1 / 3, atol=1e-9)
    assert nash_average(scores, eq.shares)[3] == pytest.approx(-0.4)
    skewed = np.array([[0.5, 0.7], [0.3, 0.5]])  # one deck beats the other: the pure equilibrium
    assert nash(skewed).shares.tolist() == [1.0, 0.0]


def test_several_equilibria_are_said_and_the_maximum_entropy_one_is_chosen():
    # rock twice: every split of rock's third between its copies is an equilibrium; maximum entropy halves it (M1)
    eq = nash(_with_copy(RPS, 0))
    assert not eq.unique
    assert np.allclose(eq.shares, [1 / 6, 1 / 3, 1 / 3, 1 / 6], atol=1e-6)
    assert eq.lowest[0] == pytest.approx(0, abs=1e-6) and eq.highest[0] == pytest.approx(1 / 3, abs=1e-6)
    tied = nash(np.full((3, 3), 0.5))  # nobody beats anybody: every mix, the uniform one chosen
    assert not tied.unique and np.allclose(tied.shares, 1 / 3, atol=1e-6)
    assert np.allclose(tied.highest, 1, atol=1e-6)


def test_a_score_matrix_that_is_not_one_is_refused():
    with pytest.raises(SimulationError, match=r"add up to 1.*balance.md M1"):
        nash(np.array([[0.5, 0.7], [0.7, 0.5]]))
    with pytest.raises(SimulationError, match="square"):
        nash(np.zeros((2, 3)))


@pytest.mark.parametrize("seed", range(6))
def test_nash_averaging_is_invariant_to_adding_a_copy_of_a_deck(seed):
    # the property Balduzzi et al. build Nash averaging for (M2): a copy changes no rating and splits its share
    rng = np.random.default_rng(seed)
    scores = _random_scores(rng, 5)
    eq = nash(scores)
    ratings = nash_average(scores, eq.shares)
    for k in range(5):
        bigger = _with_copy(scores, k)
        eq2 = nash(bigger)
        ratings2 = nash_average(bigger, eq2.shares)
        assert np.allclose(ratings2[:5], ratings, atol=1e-6)
        assert ratings2[5] == pytest.approx(ratings[k], abs=1e-6)
        assert eq2.shares[k] == pytest.approx(eq2.shares[5], abs=1e-5)
        assert eq2.shares[k] + eq2.shares[5] == pytest.approx(eq.shares[k], abs=1e-5)


# -- the field (M3) ----------------------------------------------------------------------------------------------

def test_a_field_is_checked_and_scaled():
    # M3: shares adding up to 1 within 0.001 are scaled to 1; no field is the uniform one
    decks = ["arnunnian", "undead", "pirate"]
    assert field_shares(decks, "arnunnian=0.333,undead=0.333,pirate=0.333").tolist() == [1 / 3] * 3
    assert field_shares(decks, None).tolist() == [1 / 3] * 3
    assert field_shares(decks, {"undead": 1}).tolist() == [0.0, 1.0, 0.0]
    assert parse_field(" undead = 0.25 ,pirate=0.75,") == {"undead": 0.25, "pirate": 0.75}


@pytest.mark.parametrize("given, words", [
    ("arnunnian=0.5,barbarian=0.5", "'barbarian' is not one of the decks"),
    ("arnunnian=1.2,undead=-0.2", "negative"),
    ("arnunnian=0.5,undead=0.4", "add up to 0.9, not 1"),
    ("arnunnian=half,undead=0.5", "not a number"),
    ("arnunnian", "is not DECK=SHARE"),
    ("arnunnian=0.5,arnunnian=0.5", "given twice"),
    ("", "at least one deck"),
    ({"undead": float("nan")}, "not a number"),
    ({"undead": True}, "not a number"),
    (["undead"], "maps deck names to shares"),
])
def test_a_bad_field_is_a_typed_error_naming_the_field_and_the_rule(given, words):
    with pytest.raises(SimulationError) as caught:
        field_shares(["arnunnian", "undead", "pirate"], given)
    assert caught.value.field == "field" and caught.value.rule == "balance.md M3"
    assert words in str(caught.value)


# -- the bootstrap (M4) ------------------------------------------------------------------------------------------

def _metagame(pairs_per_matchup: int, seed: int = 0, field=None) -> Metagame:
    """A metagame of three decks from drawn pairs: deck 0 beats 1 and 2 a little, 1 and 2 are even."""
    rng = np.random.default_rng(seed)
    means = {(0, 1): 0.58, (0, 2): 0.55, (1, 2): 0.5}
    pairs = {key: rng.binomial(2, p, pairs_per_matchup).astype(float) for key, p in means.items()}
    info = {"games_per_matchup": 2 * pairs_per_matchup, "seed": seed, "agents": None, "game": None,
            "interrupted": False, "source": "played"}
    decks = ["a", "b", "c"]
    return Metagame(decks, pairs, info, field_shares(decks, field), field is not None, 40)


def test_every_interval_holds_its_estimate_and_narrows_with_the_games():
    # M4: percentile intervals widened to hold the estimate; their width falls as 1/sqrt(games)
    small, large = _metagame(100), _metagame(1600)
    for result in (small, large):
        iv = result.intervals
        for name, estimate in (("shares", result.equilibrium.shares), ("ratings", result.ratings),
                               ("field_scores", result.field_scores), ("scores", result.scores)):
            assert np.all(iv[name][..., 0] <= estimate + 1e-12) and np.all(estimate <= iv[name][..., 1] + 1e-12)
        assert np.all((0 <= result.support_probability) & (result.support_probability <= 1))
    width = {id(r): r.intervals["field_scores"][:, 1] - r.intervals["field_scores"][:, 0] for r in (small, large)}
    # 16 times the games: a quarter of the width (1/sqrt(n)); at most half here, whatever the draw
    assert np.all(width[id(large)] < 0.5 * width[id(small)])


def test_the_games_for_a_certain_support_follow_the_bootstrap():
    # M4: the bootstrap's deviations shrunk by sqrt(n / n'), bisection for the fewest games with every deck certain
    clear = _metagame(1600)  # deck 0 beats both by 5 points and more: the support {a} is certain already
    assert clear.equilibrium.shares.tolist() == [1.0, 0.0, 0.0]
    assert clear.games_needed["certain_now"] and clear.games_needed["games"] <= 3200
    unclear = _metagame(25)  # 50 games a matchup cannot settle it, more can
    needed = unclear.games_needed
    assert not needed["certain_now"] and needed["games"] > 50 and needed["bound"] == "about"
    rng = np.random.default_rng(1)  # an exact tie stays uncertain however many games: "more than"
    pairs = {(0, 1): rng.permutation(np.repeat([0.0, 1.0, 2.0], [100, 200, 100]))}
    info = {"games_per_matchup": 800, "seed": 0, "agents": None, "game": None, "interrupted": False,
            "source": "played"}
    tie = Metagame(["a", "b"], pairs, info, np.array([0.5, 0.5]), False, 40)
    assert tie.games_needed["games"] is None and tie.games_needed["bound"] == "more than"


# -- replicator dynamics (M5) ------------------------------------------------------------------------------------

def test_replicator_dynamics_rest_at_fixed_points_and_drop_a_dominated_deck():
    # M5: dx_i/dt = x_i (M x)_i
    times, shares = replicator(RPS, [1 / 3] * 3)  # the interior equilibrium is a fixed point
    assert np.allclose(shares, 1 / 3, atol=1e-7)
    _, shares = replicator(RPS, [1.0, 0.0, 0.0])  # so is every pure field
    assert np.allclose(shares, [1, 0, 0])
    scores = np.full((4, 4), 0.9)
    scores[:3, :3] = RPS
    scores[3, :], scores[3, 3] = 0.1, 0.5
    times, shares = replicator(scores, [0.25] * 4)
    assert shares[-1, 3] < 1e-3 and np.all(np.diff(shares[:, 3]) < 1e-12)
    assert np.allclose(shares.sum(axis=1), 1) and times[0] == 0
    with pytest.raises(SimulationError, match="balance.md M5"):
        replicator(RPS, [0.5, 0.5, 0.5])


# -- the command, both games, and --from (M6) ---------------------------------------------------------------------

X610Z = ["vanilla-a", "vanilla-b", "vanilla-act1-a"]  # the decks of the shared run, x610z_run (conftest.py)
QUICK = ["--agent", "random", "--max-turns", "40", "--workers", "1", "--no-progress", "--bootstrap", "20"]


def test_tcbg_meta_on_x610z_writes_the_summary_report_and_records(x610z_run, capsys):
    summary = json.loads((x610z_run / "summary.json").read_text())
    assert summary["format"] == "tcbg-meta/1" and summary["decks"] == X610Z
    assert summary["files"] == {"records": "games.parquet", "summary": "summary.json", "report": "report.html"}
    assert summary["matrix"]["games_per_matchup"] == 24 and summary["matrix"]["game"]["name"] == "x610z"
    assert sum(summary["equilibrium"]["shares"]) == pytest.approx(1)
    assert summary["field"]["shares"] == [0.5, 0.5, 0.0] and summary["field"]["given"]
    scores = np.array(summary["scores"])
    assert summary["field"]["scores"] == pytest.approx((scores @ [0.5, 0.5, 0.0]).tolist())
    assert summary["bootstrap"]["replicates"] == 20
    assert (x610z_run / "report.html").read_text().startswith("<!DOCTYPE html>")


def test_from_a_folder_gives_what_the_fresh_run_gave(x610z_run, tmp_path, capsys):
    # M6: the bootstrap is seeded by the round robin's seed, so the same games give the same figures
    fresh = json.loads((x610z_run / "summary.json").read_text())
    assert main(["meta", "--from", str(x610z_run), "--field", "vanilla-a=0.5,vanilla-b=0.5", "--bootstrap", "20",
                 "-o", str(tmp_path / "again")]) == 0
    printed = capsys.readouterr().out
    assert f"read from {x610z_run}" in printed and "a certain support" in printed
    again = json.loads((tmp_path / "again" / "summary.json").read_text())
    assert again["matrix"].pop("source") == str(x610z_run) and fresh["matrix"].pop("source") == "played"
    fresh.pop("files"), again.pop("files")
    assert again == fresh  # the same games: every figure, interval and trajectory alike
    # a matrix folder of the same games (tcbg matrix writes the same records) gives them too
    assert main(["matrix", *X610Z, "--games", "24", "--seed", "5", "--agent", "random", "--max-turns", "200",
                 "--workers", "1", "--no-progress", "-o", str(tmp_path / "matrix")]) == 0
    result = meta_from_folder(tmp_path / "matrix", field={"vanilla-a": 0.5, "vanilla-b": 0.5}, bootstrap=20)
    assert result.summary()["scores"] == fresh["scores"]
    assert result.summary()["ratings"] == fresh["ratings"]
    picked = meta_from_folder(x610z_run, decks=["vanilla-act1-a", "vanilla-a"], bootstrap=10)  # some decks, any order
    assert picked.scores[0, 1] == pytest.approx(fresh["scores"][2][0])


def test_a_bad_folder_or_command_is_one_line_naming_the_rule(x610z_run, tmp_path, capsys):
    with pytest.raises(DataFileError, match="balance.md M6"):
        meta_from_folder(tmp_path)
    with pytest.raises(DataFileError, match="'c01-white-red' is not one of the folder's decks"):
        meta_from_folder(x610z_run, decks=["c01-white-red", "vanilla-a"])
    for argv, words in ((["meta", "--from", str(x610z_run), "--games", "10"], "give --games only to play"),
                        (["meta", "--from", str(x610z_run), "--agent", "heuristic", "--seed", "3"],
                         "give --agent, --seed only to play"),
                        (["meta", "vanilla-a", "vanilla-b"], "--games"),
                        (["meta", "vanilla-a", "vanilla-b", "--games", "4", "--field", "undead=1"],
                         "field: deck 'undead' is not one of the decks"),
                        (["meta", "--from", str(tmp_path)], "no summary.json")):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err, err


def test_tcbg_meta_on_the_zx_starter_decks(tmp_path, capsys):
    decks = ["c01-white-red", "c02-black-blue", "c03-blue-white", "c04-green-red"]
    assert main(["meta", *decks, "--games", "8", "--seed", "2", *QUICK, "--records", "csv", "-o", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("4 decks, 8 games per matchup of Z/X") and "Nash share" in printed
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["matrix"]["game"]["name"] == "zx" and len(summary["matrix"]["pairs"]) == 6
    assert not summary["field"]["given"] and summary["field"]["shares"] == [0.25] * 4  # M3: uniform by default
    assert sum(summary["replicator"]["end"]) == pytest.approx(1)
    assert summary["files"]["records"] == "games.csv"  # M6: CSV records read back as Parquet ones are
    again = meta_from_folder(tmp_path, bootstrap=20).summary()
    assert again["scores"] == summary["scores"] and again["equilibrium"] == summary["equilibrium"]


@pytest.mark.parametrize("name", ["tcbg.analysis.meta", "tcbg.analysis.meta_nash"])
def test_docstring_examples(name):
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(name), verbose=False)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0


def test_ctrl_c_keeps_the_games_as_a_matrix_or_a_metagame_marked_interrupted(tmp_path, monkeypatch, capsys):
    from montecarlo.interrupts import interrupt_after

    argv = ["meta", *X610Z, "--games", "128", *QUICK]
    interrupt_after(monkeypatch, 2)  # Ctrl-C in the first matchup: too few for a metagame (M1), kept as a matrix
    assert main([*argv, "-o", str(tmp_path / "early")]) == 130
    assert "interrupted: 1 of 3 matchups played, too few for a metagame" in capsys.readouterr().out
    kept = json.loads((tmp_path / "early" / "summary.json").read_text())
    assert kept["format"] == "tcbg-matrix/1" and kept["interrupted"] and len(kept["matchups"]) == 1
    with pytest.raises(SimulationError, match="needs every matchup played; none for vanilla-a vs vanilla-act1-a"):
        meta_from_folder(tmp_path / "early")
    monkeypatch.undo()
    # in the last matchup (each is 8 batches of its two seatings, simulate.batch_plan): every matchup has games, the
    # metagame says it was cut
    interrupt_after(monkeypatch, 16 + 16 + 2)
    assert main([*argv, "-o", str(tmp_path / "late")]) == 130
    summary = json.loads((tmp_path / "late" / "summary.json").read_text())
    assert summary["format"] == "tcbg-meta/1" and summary["matrix"]["interrupted"]
    assert summary["matrix"]["pairs"][-1][2] < 64 and "Interrupted" in (tmp_path / "late" / "report.html").read_text()


@pytest.mark.parametrize("seed", range(8))
def test_a_guessed_support_gives_the_linear_programs_answer(seed):
    # M1: the bootstrap's shortcut (the estimate's support tried first) changes no answer, right or wrong guess
    rng = np.random.default_rng(seed)
    scores = _random_scores(rng, 5)
    plain = nash(scores)
    for guess in (plain.support, ~plain.support, np.ones(5, dtype=bool), np.eye(5, dtype=bool)[seed % 5]):
        guessed = nash(scores, guess=guess)
        assert np.allclose(guessed.shares, plain.shares, atol=1e-7) and guessed.unique == plain.unique
