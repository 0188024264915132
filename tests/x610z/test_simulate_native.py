"""Native batch simulation (docs/agents.md, "Seeds"): each game's record equals the same game replayed through the
Python API with the same agents; a batch split in parts gives the same arrays; bad arguments raise GameError.

The batch applies the agents' choices unchecked (core/batch.hpp: Agent::choose returns a legal action); the replay
applies each through ``apply_action``, which refuses an illegal one, so these replays are also the check that the
native agents keep that contract in whole games, with the vanilla and the faction decks."""

from __future__ import annotations

import numpy as np
import pytest

import tcbg
from tcbg import _core
from tcbg.errors import GameError
from tcbg.x610z.game import DRAWN, IN_PLAY

simulate = _core.x610z.simulate
REASONS = {"": 0, "escape": 1, "destruction": 2, "depletion": 3, "capitulation": 4, "turn limit": 5}
KEYS = ("winner_mask", "reason", "turns", "decisions", "first_player", "card_flags")
GAME_1V1 = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=200)
GAME_FFA3 = tcbg.load_game("x610z", board="existenz", setup="ffa3", decks=["vanilla-a", "vanilla-b", "vanilla-a"],
                           max_turns=200)
GAME_2V2 = tcbg.load_game("x610z", board="act1", setup="2v2", decks=["vanilla-act1-a", "vanilla-act1-b"] * 2,
                          max_turns=60)
FACTIONS_1V1 = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["arnunnian", "pirate"], max_turns=200)
FACTIONS_2V2 = tcbg.load_game("x610z", board="existenz", setup="2v2",
                              decks=["undead", "barbarian", "pirate", "arnunnian"], max_turns=200)


def replay(game, specs, master_seed: int, index: int) -> dict:
    """Game `index` of a batch, played through the Python API: the state seeded with derive_seed(master, index),
    seat p's agent with derive_seed(game seed, 1 + p), actions from Agent.choose."""
    seed = _core.derive_seed(master_seed, index)
    agents = [_core.x610z.Agent(spec, _core.derive_seed(seed, 1 + p)) for p, spec in enumerate(specs)]
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].choose(state._core))
    return {
        "winner_mask": sum(1 << p for p, _ in state.winners()),
        "reason": REASONS[state.end_reason],
        "turns": state.turn,
        "decisions": len(state.history()),
        "first_player": state.first_player,
        "card_flags": state.card_flags(),
    }


@pytest.mark.parametrize("game, specs", [
    (GAME_1V1, [{"kind": "heuristic"}, {"kind": "random"}]),
    (GAME_1V1, [{"kind": "search", "simulations": 4}, {"kind": "heuristic"}]),
    (GAME_FFA3, [{"kind": "heuristic"}, {"kind": "random"}, {"kind": "heuristic"}]),
    (GAME_2V2, [{"kind": "random"}, {"kind": "heuristic"}, {"kind": "heuristic"}, {"kind": "random"}]),
    (FACTIONS_1V1, [{"kind": "heuristic"}, {"kind": "heuristic"}]),
    (FACTIONS_1V1, [{"kind": "random"}, {"kind": "search", "simulations": 2}]),
    (FACTIONS_2V2, [{"kind": "heuristic"}, {"kind": "random"}, {"kind": "heuristic"}, {"kind": "heuristic"}]),
], ids=["1v1-heuristic-random", "1v1-search-heuristic", "ffa3", "act1-2v2", "factions-heuristic",
        "factions-random-search", "factions-2v2"])
def test_records_match_a_python_replay(game, specs):
    master = 31
    records = simulate(game._core, specs, master, 3, 4)
    for k in range(4):
        expected = replay(game, specs, master, 3 + k)
        for key in KEYS[:-1]:
            assert records[key][k] == expected[key], (k, key)
        np.testing.assert_array_equal(records["card_flags"][k], expected["card_flags"])


def test_record_types_and_shapes():
    records = simulate(GAME_FFA3._core, [{"kind": "heuristic"}] * 3, 5, 0, 7)
    assert set(records) == set(KEYS)
    dtypes = {"winner_mask": np.uint8, "reason": np.uint8, "turns": np.uint16, "decisions": np.uint32,
              "first_player": np.uint8, "card_flags": np.uint8}
    for key, dtype in dtypes.items():
        assert records[key].dtype == dtype
        assert records[key].shape[0] == 7
    assert records["card_flags"].shape == (7, GAME_FFA3._core.num_instances)
    # every game ended by a rule with a winner (no draws within 200 turns here)
    assert (records["reason"] >= 1).all() and (records["winner_mask"] > 0).all()
    assert (records["card_flags"] & DRAWN).any() and (records["card_flags"] & IN_PLAY).any()
    empty = simulate(GAME_FFA3._core, [{"kind": "random"}] * 3, 5, 0, 0)
    assert all(empty[key].shape[0] == 0 for key in KEYS) and empty["card_flags"].shape == (0, GAME_FFA3._core.num_instances)


def test_a_split_batch_gives_the_same_records():
    specs = [{"kind": "heuristic"}, {"kind": "random"}]
    whole = simulate(GAME_1V1._core, specs, 99, 0, 100)
    first = simulate(GAME_1V1._core, specs, 99, 0, 50)
    second = simulate(GAME_1V1._core, specs, 99, 50, 50)
    for key in KEYS:
        np.testing.assert_array_equal(whole[key], np.concatenate([first[key], second[key]]))
    assert len(set(whole["decisions"].tolist())) > 10  # the games differ


def test_master_seed_changes_the_games():
    specs = [{"kind": "random"}, {"kind": "random"}]
    a = simulate(GAME_1V1._core, specs, 1, 0, 5)
    b = simulate(GAME_1V1._core, specs, 2, 0, 5)
    assert a["decisions"].tolist() != b["decisions"].tolist()


def test_agent_seed_is_the_documented_derivation():
    for seed in (0, 1, 2**64 - 1):
        for seat in range(6):
            assert _core.x610z.agent_seed(seed, seat) == _core.derive_seed(seed, 1 + seat)


def test_a_tcbg_game_may_be_given_for_its_core():
    specs = [{"kind": "heuristic"}, {"kind": "random"}]
    a = simulate(GAME_1V1, specs, 3, 0, 3)
    b = simulate(GAME_1V1._core, specs, 3, 0, 3)
    for key in KEYS:
        np.testing.assert_array_equal(a[key], b[key])


@pytest.mark.parametrize("agents, master_seed, first_game, count, field", [
    ([{"kind": "random"}], 1, 0, 1, "agents"),
    ([{"kind": "random"}] * 3, 1, 0, 1, "agents"),
    ({"kind": "random"}, 1, 0, 1, "agents"),
    ([{"kind": "random"}, {"kind": "wizard"}], 1, 0, 1, "agents[1].kind"),
    ([{"kind": "random"}, {"kind": "heuristic", "simulations": 3}], 1, 0, 1, "agents[1].simulations"),
    ([{"kind": "search", "simulations": -5}, {"kind": "random"}], 1, 0, 1, "agents[0].simulations"),
    ([{"kind": "search", "speed": 1}, {"kind": "random"}], 1, 0, 1, "agents[0].speed"),
    (["random", {"kind": "random"}], 1, 0, 1, "agents[0]"),
    ([{"kind": "random"}] * 2, 1, 0, -1, "count"),
    ([{"kind": "random"}] * 2, 1, -3, 1, "first_game"),
    ([{"kind": "random"}] * 2, 1, 0, 1.5, "count"),
    ([{"kind": "random"}] * 2, -1, 0, 1, "master_seed"),
    ([{"kind": "random"}] * 2, 2**64, 0, 1, "master_seed"),
    ([{"kind": "random"}] * 2, "7", 0, 1, "master_seed"),
])
def test_bad_arguments_raise_game_error(agents, master_seed, first_game, count, field):
    with pytest.raises(GameError) as err:
        simulate(GAME_1V1._core, agents, master_seed, first_game, count)
    assert err.value.field == field and err.value.rule == "docs/agents.md"


def test_a_bad_game_raises_game_error():
    with pytest.raises(GameError) as err:
        simulate("x610z", [{"kind": "random"}] * 2, 1, 0, 1)
    assert err.value.field == "game"
