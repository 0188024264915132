"""Z/X through the shared harness (tcbg.simulate, docs/simulation.md): native batches of the random agent, the same
records on 1 process and on 2, a Python agent's loop choosing as the native one, and pickled games."""

import pickle

import numpy as np
import pytest

import tcbg

DECKS = ["vanilla-red-blue", "vanilla-white-black"]


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game("zx", decks=DECKS)


def test_native_batch_same_on_one_and_two_processes(game):
    one = tcbg.simulate(game, "random", games=120, seed=5, workers=1)
    two = tcbg.simulate(game, "random", games=120, seed=5, workers=2)
    for column in ("winner_mask", "reason", "turns", "decisions", "first_player"):
        assert np.array_equal(one[column], two[column])
    assert np.array_equal(one.card_flags, two.card_flags)
    assert set(np.unique(one["reason"])) <= {1, 3}  # life or the turn limit (docs/zx/rules.md 903, Z1.6)
    assert one.instances[-1] == (1, "Pilot Shiro")


def test_game_and_state_pickle(game):
    again = pickle.loads(pickle.dumps(game))
    state = game.new_initial_state(4)
    state.apply_action(state.legal_actions()[-1])
    assert pickle.loads(pickle.dumps(state)).serialize() == state.serialize()
    assert again.new_initial_state(4).serialize() == game.new_initial_state(4).serialize()


def test_simulate_plays_the_zx_heuristic(game):  # docs/agents.md, "Z/X agents"
    records = tcbg.simulate(game, ["heuristic", "random"], games=4, seed=1, workers=1)
    assert len(records) == 4 and (records["winner_mask"] == 1).all()


# -- Z/X's own records: Reloads and how cards were played (docs/simulation.md, "Z/X records") ----------------------

RELOAD_COLUMNS = ("reloads_p0", "reloads_p1", "first_reload_turn_p0", "first_reload_turn_p1")


@pytest.fixture(scope="module")
def starters():
    """Two starter decks, played as vanilla until their abilities are written (rules.md Z11.7)."""
    return tcbg.load_game("zx", decks=["c01-white-red", "c04-green-red"], effects=False)


def test_reload_columns_are_consistent_with_the_games(starters):
    """CR 902.1: a Reload rebuilds an empty deck from Trash. A player with Reloads has the turn of their first,
    within the game; one without has none; some games of 40-card decks Reload and some end before."""
    records = tcbg.simulate(starters, "random", games=200, seed=9, workers=1)
    assert tuple(c for c in records.columns if c.startswith(("reloads", "first_reload"))) == RELOAD_COLUMNS
    turns = records["turns"].astype(int)
    for p in (0, 1):
        count, first = records[f"reloads_p{p}"].astype(int), records[f"first_reload_turn_p{p}"].astype(int)
        assert records[f"reloads_p{p}"].dtype == np.uint16
        assert np.array_equal(count > 0, first > 0)
        assert (first <= turns).all() and (first[count > 0] >= 1).all()
        assert 0 < (count > 0).mean() < 1
        # a Reload uses a whole deck: the first cannot come in the opening turns of a 40-card deck
        assert first[count > 0].min() > 10


def test_a_thirteen_card_deck_reloads_in_every_game():
    """The test table's 13-card deck (tests/zx/decks.py) runs out again and again: every game has a Reload, most
    games several, each costing a Life card (CR 902.1), so the games are short and won by Life."""
    from tests.zx.decks import make_game

    game = make_game("short", "short")
    records = tcbg.simulate(game, "random", games=40, seed=2, workers=1)
    both = records["reloads_p0"].astype(int) + records["reloads_p1"].astype(int)
    assert (both >= 1).all() and np.median(both) >= 3
    for p in (0, 1):
        first = records[f"first_reload_turn_p{p}"]
        assert ((first >= 1) == (records[f"reloads_p{p}"] >= 1)).all() and (first <= 4).any()
    assert records.reason_names() == ["life"] * 40


def test_the_python_loop_keeps_the_same_reload_columns_and_flags(starters):
    """The Python loop (any Python agent) records the Reloads as the native batch does: native seats driven from
    Python play the same games, so every column matches."""
    from tcbg.montecarlo.batch import BatchTask, Table, play_batch, python_loop
    from tcbg.montecarlo.games import config_of

    agents = [{"kind": "random"}, {"kind": "random"}]
    native = play_batch(BatchTask((Table(config_of(starters), tuple(agents)),), 4, 3, 12))[0]
    loop = python_loop(starters, agents, 4, 3, 12)
    assert set(native) == set(loop)
    for name in native:
        assert np.array_equal(native[name], loop[name]), name
    assert native["reloads_p0"].any() or native["reloads_p1"].any()


def test_cards_played_from_ignition_and_from_life_are_flagged(starters):
    """CR 505.3a / CR 909: a card played for free from the deck's top by an Ignition gets flag 8, one played from a
    Life card revealed by damage flag 16; each is also played (2) and was seen (1); only Ignition cards get them."""
    from tcbg.zx.simulation import CARD_FLAGS

    records = tcbg.simulate(starters, "random", games=150, seed=1, workers=1)
    flags = records.card_flags
    bits = dict((key, bit) for key, bit, _ in CARD_FLAGS)
    for key in ("from_ignition", "from_life"):
        marked = (flags & bits[key]) != 0
        assert marked.any(), key
        assert ((flags[marked] & 3) == 3).all()  # drawn (seen) and played
        instances = np.flatnonzero(marked.any(axis=0))
        assert all(starters.card_of(int(i)).ignition for i in instances), [records.instances[i] for i in instances]


def test_records_files_carry_the_reload_columns(starters, tmp_path):
    records = tcbg.simulate(starters, "random", games=20, seed=3, workers=1)
    records.to_parquet(tmp_path / "r.parquet")
    records.to_csv(tmp_path / "r.csv")
    import pyarrow.csv as pcsv
    import pyarrow.parquet as pq

    for table in (pq.read_table(tmp_path / "r.parquet"), pcsv.read_csv(tmp_path / "r.csv")):
        for name in RELOAD_COLUMNS:
            assert table.column(name).to_pylist() == records[name].tolist(), name
    assert records.to_pandas()["reason_name"].isin(["life", "turn limit"]).all()


def test_the_state_counts_reloads_as_the_json_says():
    """CR 902.1: each rebuilt deck counts one Reload for its player; players[].reloads in the position's JSON
    (docs/zx/state-format.md) says the same and reads back."""
    import json
    import random

    from tests.zx.decks import make_game

    game = make_game("short", "vanilla")
    state = game.new_initial_state(seed=8)
    rng = random.Random(8)
    seen = 0
    while not state.is_terminal() and state.reloads(0) < 2:
        before = state.zone(0, "deck")
        state.apply_action(rng.choice(state.legal_actions()))
        if state.reloads(0) > seen:
            assert not state.zone(0, "trash") or len(state.zone(0, "deck")) > len(before)
            seen = state.reloads(0)
        doc = json.loads(state.to_json())
        assert [p["reloads"] for p in doc["players"]] == [state.reloads(0), state.reloads(1)]
    assert state.reloads(0) == 2
    back = game.state_from_json(state.to_json())
    assert back.reloads(0) == 2 and back.to_json() == state.to_json()


def test_the_readme_zx_example_runs(capsys):
    """README.md "Legality checks from Python", its Z/X block: a legal action's text checked on the position's
    document, and an action that is not legal now with its reason."""
    import pathlib
    import re

    readme = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Legality checks from Python"):]
    section = section[:section.index("\n## ", 1)]
    block = next(b for b in re.findall(r"```python\n(.*?)```", section, flags=re.S) if '"zx"' in b)
    exec(compile(block, "README.md", "exec"), {})
    legal, illegal = capsys.readouterr().out.splitlines()
    assert legal.endswith(" True") and legal.startswith("p")
    assert illegal.startswith("not a legal action")
