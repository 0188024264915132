"""tcbg.simulate: records, seeds and reproducibility, the process pool, Python agents, the native dispatch, Ctrl-C."""

from __future__ import annotations

import importlib

import numpy as np
import pyarrow.parquet as pq
import pytest

import tcbg
from interrupts import interrupt_after
from tcbg import _core
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.records import SCALAR_COLUMNS



@pytest.fixture(scope="module")
def game():
    return tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=60)


def _same(a, b) -> None:
    assert len(a) == len(b)
    for name in SCALAR_COLUMNS:
        assert np.array_equal(a[name], b[name]), name
    assert np.array_equal(a.card_flags, b.card_flags)


@pytest.fixture(scope="module")
def twelve(game):
    return tcbg.simulate(game, "random", games=12, seed=5, workers=1)


def test_records_columns_and_dtypes(game, twelve):
    r = twelve
    assert len(r) == 12 and not r.interrupted and r.native is True  # "random" is a native agent
    assert r["game"].tolist() == list(range(12))
    assert r["seed"].tolist() == [_core.derive_seed(5, i) for i in range(12)]
    dtypes = {name: r[name].dtype.name for name in SCALAR_COLUMNS}
    assert dtypes == {"game": "uint64", "seed": "uint64", "winner_mask": "uint8", "reason": "uint8",
                      "turns": "uint16", "decisions": "uint32", "first_player": "uint8"}
    assert r.card_flags.shape == (12, len(game.instance_cards())) and r.card_flags.dtype == np.uint8
    assert r.instances == game.instance_cards()
    # every game ended: one winner, or a draw at the turn limit (rules.md 5.8)
    for mask, reason in zip(r["winner_mask"], r.reason_names()):
        assert (mask in (1, 2) and reason in ("escape", "destruction", "depletion")) or \
               (mask == 0 and reason == "turn limit")
    assert (r["turns"] <= 61).all() and (r["decisions"] > 0).all() and set(r["first_player"]) <= {0, 1}
    assert (r.card_flags <= 7).all() and (r.card_flags & 1).any()


def test_a_record_is_the_game_replayed(game, twelve):
    """Game i is the game of seed derive_seed(master, i) played by the native random agents, seat p's seeded with
    agent_seed(game seed, p) (docs/agents.md), replayed here one decision at a time."""
    for i in (0, 7):
        seed = _core.derive_seed(5, i)
        state = game.new_initial_state(seed=seed)
        agents = [_core.x610z.Agent({"kind": "random"}, _core.x610z.agent_seed(seed, seat)) for seat in range(2)]
        decisions = 0
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].choose(state))
            decisions += 1
        assert twelve["decisions"][i] == decisions and twelve["turns"][i] == state.turn
        assert twelve["first_player"][i] == state.first_player
        assert [p for p, _ in state.winners()] == [p for p in range(2) if twelve.won(p)[i]]
        assert np.array_equal(twelve.card_flags[i], state.card_flags())


def test_same_seed_same_records_whatever_the_batches(game, twelve):
    _same(twelve, tcbg.simulate(game, "random", games=12, seed=5, workers=1, batch_size=5))
    tail = tcbg.simulate(game, "random", games=4, seed=5, workers=1, first_game=8)
    assert tail["game"].tolist() == [8, 9, 10, 11]
    assert np.array_equal(tail["winner_mask"], twelve["winner_mask"][8:])
    other = tcbg.simulate(game, "random", games=12, seed=6, workers=1)
    assert not np.array_equal(other["decisions"], twelve["decisions"])


def test_process_pool_equals_this_process(game, twelve):
    _same(twelve, tcbg.simulate(game, "random", games=12, seed=5, workers=2, batch_size=3))


def test_process_pool_plays_a_game_without_effects_without_effects():
    without = tcbg.load_game(decks=["arnunnian", "pirate"], max_turns=60, effects=False)
    here = tcbg.simulate(without, "random", games=6, seed=2, workers=1)
    _same(here, tcbg.simulate(without, "random", games=6, seed=2, workers=2, batch_size=3))
    with_effects = tcbg.simulate(tcbg.load_game(decks=["arnunnian", "pirate"], max_turns=60), "random", games=6,
                                 seed=2, workers=1)
    assert not np.array_equal(here["decisions"], with_effects["decisions"])


def test_agents_per_seat_and_python_agents(game):
    class FirstLegal:
        """Always the first legal action (usually pass): a research agent in Python."""

        def __init__(self):
            self.calls = 0

        def choose(self, state):
            self.calls += 1
            return state.legal_actions()[0]

    agent = FirstLegal()
    r = tcbg.simulate(game, ["random", agent], games=3, seed=1)
    assert len(r) == 3 and agent.calls > 0 and r.native is False
    with pytest.raises(tcbg.SimulationError, match="Python agents run in this process"):
        tcbg.simulate(game, ["random", agent], games=3, seed=1, workers=2)

    class Cheater:
        def choose(self, state):
            return 10**6

    with pytest.raises(tcbg.IllegalActionError):
        tcbg.simulate(game, Cheater(), games=1)


@pytest.mark.parametrize("agents,match", [
    ("clever", "unknown agent"),
    (["random"], "2 seats but 1 agents"),
    ({"kind": "search", "simulations": 0}, "at least 1"),
    ({"kind": "random", "depth": 3}, "takes no option depth"),
    ("random:40", "only the search agent takes a budget"),
    (42, "not int"),
])
def test_bad_agents(game, agents, match):
    with pytest.raises(tcbg.GameError, match=match):
        tcbg.simulate(game, agents, games=1)


@pytest.mark.parametrize("kwargs,field", [
    ({"games": -1}, "games"), ({"games": 2.5}, "games"), ({"games": True}, "games"),
    ({"games": 1, "seed": -1}, "seed"), ({"games": 1, "seed": 2**64}, "seed"),
    ({"games": 1, "workers": 0}, "workers"), ({"games": 1, "first_game": -2}, "first_game"),
    ({"games": 1, "scheduler": "nowhere"}, "scheduler"),
])
def test_bad_arguments_raise_simulation_error(game, kwargs, field):
    with pytest.raises(tcbg.SimulationError) as info:
        tcbg.simulate(game, "random", **kwargs)
    assert info.value.field == field


def test_zero_games(game):
    r = tcbg.simulate(game, "random", games=0, workers=1)
    assert len(r) == 0 and r.card_flags.shape == (0, len(game.instance_cards()))


def test_native_batch_function_is_used_when_the_core_has_it(game, monkeypatch):
    """With ``_core.x610z.simulate`` present, native agent specs go to it with (game core, specs, master seed, first
    game, count) and its arrays become the records."""
    calls = []
    width = len(game.instance_cards())

    def fake_native(core, agents, master, first, count):
        calls.append((core, agents, master, first, count))
        idx = np.arange(first, first + count)
        return {"winner_mask": (idx % 3).astype(np.uint8), "reason": np.full(count, 2, np.uint8),
                "turns": (idx + 10).astype(np.uint16), "decisions": (idx * 7).astype(np.uint32),
                "first_player": (idx % 2).astype(np.uint8), "card_flags": np.ones((count, width), np.uint8)}

    monkeypatch.setattr(game_adapter, "native_simulate", lambda g: fake_native)
    r = tcbg.simulate(game, {"kind": "search", "simulations": 50}, games=10, seed=9, workers=1, batch_size=4)
    assert [c[3:] for c in calls] == [(0, 4), (4, 4), (8, 2)]
    assert all(c[0] is game._core and c[2] == 9 for c in calls)
    assert calls[0][1] == [{"kind": "search", "simulations": 50}] * 2
    assert r.native is True and r["turns"].tolist() == list(range(10, 20))
    assert r["winner_mask"].tolist() == [i % 3 for i in range(10)]


def test_ctrl_c_keeps_the_batches_finished(game, monkeypatch):
    with monkeypatch.context() as patched:
        interrupt_after(patched, 2)
        r = tcbg.simulate(game, "random", games=20, seed=5, workers=1, batch_size=4)
    assert r.interrupted and r["game"].tolist() == list(range(8))
    whole = tcbg.simulate(game, "random", games=8, seed=5, workers=1)
    _same(r, whole)


def test_ctrl_c_stops_the_process_pool_and_keeps_what_came_back(game, monkeypatch):
    """Ctrl-C arrives in this process (the workers ignore it) while results come back: the pool is ended and the
    batches already returned are kept, each exactly as a full run plays it."""
    simulate_module = importlib.import_module("tcbg.montecarlo.simulate")  # the package's `simulate` is the function

    class InterruptingBar:
        def __init__(self):
            self.updates = 0

        def update(self, n):
            self.updates += 1
            if self.updates == 2:
                raise KeyboardInterrupt

        def close(self):
            pass

    reference = tcbg.simulate(game, "random", games=40, seed=5, workers=1)
    monkeypatch.setattr(simulate_module, "progress_bar", lambda total, enabled, desc: InterruptingBar())
    r = tcbg.simulate(game, "random", games=40, seed=5, workers=2, batch_size=2, progress=True)
    assert r.interrupted and len(r) == 4
    rows = r["game"].astype(int)
    assert np.array_equal(r["decisions"], reference["decisions"][rows])
    assert np.array_equal(r.card_flags, reference.card_flags[rows])


def test_arrow_csv_parquet(game, twelve, tmp_path):
    table = twelve.to_arrow()
    assert table.num_rows == 12 and table.column("reason_name").to_pylist() == twelve.reason_names()
    assert table.column("card_flags").to_pylist()[3] == twelve.card_flags[3].tolist()
    twelve.to_parquet(tmp_path / "r.parquet")
    back = pq.read_table(tmp_path / "r.parquet")
    assert back.column("turns").to_pylist() == twelve["turns"].tolist()
    assert b"instances" in back.schema.metadata[b"tcbg"]
    twelve.to_csv(tmp_path / "r.csv")
    lines = (tmp_path / "r.csv").read_text().splitlines()
    header = lines[0].split(",")
    width = twelve.card_flags.shape[1]
    assert len(lines) == 13 and header[-width] == '"p0:Ember Caravan#1"' and header[-1] == '"p1:Plain Geode#3"'
    assert [int(c) for c in lines[1].split(",")[-width:]] == twelve.card_flags[0].tolist()
    frame = twelve.to_pandas()
    assert list(frame["decisions"]) == twelve["decisions"].tolist()


def test_a_worker_that_dies_stops_the_run_with_an_error():
    """A worker killed mid-batch (as a crash in native code would) is reported, not waited for forever."""
    import functools
    import signal
    from types import SimpleNamespace

    from tcbg.montecarlo.batch import BatchTask, Table
    from tcbg.montecarlo.parallel import PoolRunner

    # building this "game" kills the worker process that builds it
    dying = SimpleNamespace(key="dies", build=functools.partial(signal.raise_signal, signal.SIGKILL))
    runner = PoolRunner(1)
    try:
        with pytest.raises(tcbg.SimulationError, match="a worker process died while playing games 0 to 3"):
            list(runner.run([BatchTask((Table(dying, ("random",)),), 1, 0, 4)]))
    finally:
        runner.close()
