"""What a player sees, in both games (docs/observations.md): observation tensors and texts, information states,
resampling from an information state, and the games' return bounds.

The property tests change only what a player cannot see (the determinizer's worlds for that player: X610Z
rules.md 5.15, Z/X docs/zx/rules.md 13.1) and check that the player's observation stays the same, and change what
one player sees but another does not (the first player's hand, redrawn for the second) and check that only the
first one's observation moves.
"""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcbg
from tcbg.zx.game import load_game as load_zx
import playing

GAMES = {
    "x610z-ruins": lambda: tcbg.load_game(decks=["arnunnian", "pirate"]),
    "x610z-vanilla-ffa3": lambda: tcbg.load_game(setup="ffa3", decks=["vanilla-a", "vanilla-b", "vanilla-a"]),
    "x610z-2v2": lambda: tcbg.load_game(setup="2v2", decks=["arnunnian", "pirate", "pirate", "arnunnian"]),
    "zx-starters": lambda: load_zx(decks=["c01-white-red", "c02-black-blue"]),
}


@lru_cache(maxsize=None)
def game(name):
    return GAMES[name]()


def played(name, seed, steps):
    """The state after up to `steps` uniformly random decisions from the deal of `seed`."""
    return playing.played(game(name), seed, steps)


def hand(state, player):
    return state.hand_instances(player) if state.get_game().KIND == "x610z" else state.zone(player, "hand")


def hidden_places(state, player):
    """Instance lists of the places hidden from `player` (what resampling deals again)."""
    g = state.get_game()
    others = [q for q in range(g.num_players()) if q != player]
    if g.KIND == "x610z":
        return ([state.deck_instances(q) for q in range(g.num_players())] + [state.hand_instances(q) for q in others])
    return ([state.zone(q, z) for q in range(2) for z in ("deck", "life")] + [state.zone(q, "hand") for q in others])


def seen(state, player):
    return state.observation_tensor(player), state.observation_string(player), state.information_state_string(player)


PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32), steps=st.integers(0, 400),
       observer=st.integers(0, 3), world=st.integers(0, 2**64 - 1))
def test_hidden_changes_leave_the_observation(name, seed, steps, observer, world):
    state = played(name, seed, steps)
    observer %= state.num_players()
    before = seen(state, observer)
    resampled = state.resample_from_infostate(observer, world)
    after = seen(resampled, observer)
    assert np.array_equal(before[0], after[0])
    assert before[1:] == after[1:]
    assert resampled.history() == state.history()
    assert state.serialize() == played(name, seed, steps).serialize()  # the original is untouched
    # and the resampled world plays on: its legal actions are those of a consistent state
    assert resampled.invariant_violation() == ""


@PROPERTY
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32), steps=st.integers(0, 400),
       seat=st.integers(0, 3), world=st.integers(0, 2**64 - 1))
def test_a_change_one_player_sees_changes_only_their_observation(name, seed, steps, seat, world):
    state = played(name, seed, steps)
    owner = seat % state.num_players()
    other = (owner + 1) % state.num_players()
    # redrawn for `other`, `owner`'s hand may change: `owner` sees it, `other` does not
    changed = state.resample_from_infostate(other, world)
    assert np.array_equal(changed.observation_tensor(other), state.observation_tensor(other))
    if sorted(hand(changed, owner)) != sorted(hand(state, owner)):
        assert not np.array_equal(changed.observation_tensor(owner), state.observation_tensor(owner))
        assert changed.observation_string(owner) != state.observation_string(owner)
        assert changed.information_state_string(owner) != state.information_state_string(owner)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hidden_parts_vary_with_the_seed(name):
    state = played(name, 5, 120)
    worlds = {tuple(map(tuple, hidden_places(state.resample_from_infostate(0, seed), 0))) for seed in range(8)}
    assert len(worlds) > 1
    # the same seed, the same world
    assert (state.resample_from_infostate(0, 3).serialize() == state.resample_from_infostate(0, 3).serialize())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_visible_decision_shows_in_the_information_state(name):
    # the information state grows by one decision per action, for every player, and tells states apart that the
    # observation alone would merge (the same position reached by different decisions)
    state = played(name, 11, 30)
    for player in range(state.num_players()):
        text = state.information_state_string(player)
        assert text.startswith(state.observation_string(player))
        decisions = text[len(state.observation_string(player)):]
        assert decisions.startswith("decisions: ") and decisions.count(" | ") == len(state.history()) - 1


@pytest.mark.parametrize("name", sorted(GAMES))
def test_tensor_shape_and_out(name):
    g = game(name)
    state = played(name, 2, 50)
    size = g.observation_tensor_size()
    assert g.observation_tensor_shape() == [size]
    tensor = state.observation_tensor(0)
    assert tensor.dtype == np.float32 and tensor.shape == (size,)
    buffer = np.full(size, 7.0, dtype=np.float32)
    assert state.observation_tensor(1, out=buffer) is buffer
    assert np.array_equal(buffer, state.observation_tensor(1))
    for bad in (np.zeros(size, dtype=np.float64), np.zeros(size + 1, dtype=np.float32),
                np.zeros(2 * size, dtype=np.float32)[::2], [0.0] * size):
        with pytest.raises(tcbg.GameError, match="float32"):
            state.observation_tensor(0, out=bad)
    readonly = np.zeros(size, dtype=np.float32)
    readonly.flags.writeable = False
    with pytest.raises(tcbg.GameError):
        state.observation_tensor(0, out=readonly)
    for bad_player in (-1, g.num_players()):
        with pytest.raises(tcbg.GameError, match="no player"):
            state.observation_tensor(bad_player)
        with pytest.raises(tcbg.GameError, match="no player"):
            state.observation_string(bad_player)
        with pytest.raises(tcbg.GameError, match="no player"):
            state.information_state_string(bad_player)
        with pytest.raises(tcbg.GameError, match="no player"):
            state.resample_from_infostate(bad_player, 0)
    with pytest.raises(tcbg.GameError, match="seed"):
        state.resample_from_infostate(0, -1)


def x610z_layout(g):
    """The offsets docs/observations.md gives for X610Z."""
    players, instances = g.num_players(), g._core.num_instances
    player_offset = 16 + 2 * players
    instance_offset = player_offset + 15 * players
    per_instance = 29 + players
    dot_offset = instance_offset + instances * per_instance
    return player_offset, instance_offset, per_instance, dot_offset


def test_x610z_layout_as_documented():
    g = game("x610z-ruins")
    state = played("x610z-ruins", 4, 300)
    player_offset, instance_offset, per_instance, dot_offset = x610z_layout(g)
    assert dot_offset + len(g.board.dots) * g.num_players() == g.observation_tensor_size()
    for observer in range(2):
        t = state.observation_tensor(observer)
        assert t[16 + 2 + (state.current_player() - observer) % 2] == 1.0  # who decides, from the observer
        order = [i for q in (observer, 1 - observer) for i in range(g._core.first_instance(q),
                                                                    g._core.first_instance(q + 1))]
        for slot, i in enumerate(order):
            block = t[instance_offset + slot * per_instance:][:per_instance]
            card, owner, controller, zone, activated, damage, dot = state.instance_fields(i)
            code = {"deck": 0 if owner == observer else 2, "hand": 1 if owner == observer else 2, "play": 3,
                    "discard": 4, "removed": 5, "stack": 6}[zone]
            assert block[:7].tolist() == [1.0 if k == code else 0.0 for k in range(7)]
            if code <= 2:
                assert not block[7:].any()  # nothing more of a card in a hand or a deck
                continue
            assert block[7 + (controller - observer) % 2] == 1.0
            assert block[9] == float(activated)
            if zone == "play":
                stats = [state.stat(i, k) for k in range(5)]
                assert np.allclose(block[9 + 9:9 + 14], np.float32(stats) * np.float32(0.1))
            if dot is not None and dot >= 0:
                assert t[dot_offset + dot * 2 + (controller - observer) % 2] == 1.0
        for q in range(2):
            b = t[player_offset + ((q - observer) % 2) * 15:][:15]
            assert b[0] == np.float32(len(state.hand_instances(q)) * np.float32(0.1))


def zx_layout(g):
    return 28, 28 + 2 * 15, 28 + 2 * 15 + 9 * 3, 26


def test_zx_layout_as_documented():
    g = game("zx-starters")
    state = played("zx-starters", 9, 80)
    player_offset, square_offset, instance_offset, per_instance = zx_layout(g)
    assert instance_offset + g.num_instances * per_instance == g.observation_tensor_size()
    for observer in range(2):
        t = state.observation_tensor(observer)
        order = [i for q in (observer, 1 - observer) for i in range(g.num_instances) if g._core.owner_of(i) == q]
        shown_as_played = 0
        for slot, i in enumerate(order):
            block = t[instance_offset + slot * per_instance:][:per_instance]
            info = state.instance(i)
            zone, owner = info["zone"], g._core.owner_of(i)
            unseen = zone in ("deck", "life") or (zone == "hand" and owner != observer)
            if unseen and i != state.revealed():
                # the card being played (a Play frame's, seen by both players) shows with its flag; others are unseen
                playing = any(kind == "play" for kind, _, _ in state.frames())
                assert (block[1] == 1.0 and block.sum() == 1.0) or (playing and block[10] == 1.0)
                shown_as_played += block[1] == 0.0
            elif zone == "square":
                assert block[5] == 1.0
        for q in range(2):
            b = t[player_offset + (q ^ observer) * 15:][:15]
            assert b[2] == np.float32(len(state.zone(q, "life")) * np.float32(0.1))
        assert shown_as_played <= 1


SETUPS = {"x610z-ffa4": lambda: tcbg.load_game(setup="ffa4", decks=["vanilla-a", "vanilla-b"] * 2, max_turns=40),
          "x610z-vanilla-1v1": lambda: tcbg.load_game(decks=["vanilla-a", "vanilla-b"], max_turns=60)}


@pytest.mark.parametrize("name", sorted(GAMES) + sorted(SETUPS))
def test_random_play_stays_in_the_utility_bounds(name):
    g = game(name) if name in GAMES else SETUPS[name]()
    low, high, total = g.min_utility(), g.max_utility(), g.utility_sum()
    assert (total is None) == (g.num_players() > 2)
    for seed in range(3):
        state = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and len(state.history()) < 3000:
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            state.concede(state.current_player())
        assert len(state.history()) <= g.max_game_length()  # rules.md 5.8b, Z1.7
        returns = state.returns()
        assert all(low <= r <= high for r in returns)
        if total is not None:
            assert sum(returns) == total


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_decision_limit_ends_the_game_in_a_draw(name):
    # X610Z rules.md 5.8b, Z/X docs/zx/rules.md Z1.7: 1,000 decisions per turn of the turn limit, counted by the
    # history; the game ends as at the turn limit
    g = game(name)
    assert g.max_game_length() == 1000 * (g.max_turns if g.KIND == "x610z" else g.options["max_turns"])
    state = played(name, 8, 60)
    assert not state.is_terminal()
    fmt, data, _ = state.serialize().split("\n")
    padded = [0] * (g.max_game_length() - 1)  # a history one decision short of the limit
    near = g.deserialize_state("\n".join([fmt, data, ",".join(map(str, padded))]))
    before = near.returns()
    near.apply_action(near.legal_actions()[0])
    assert near.is_terminal() and near.end_reason == "turn limit"
    assert len(near.history()) == g.max_game_length()
    assert near.returns() == [r if r < 0 else 0.0 for r in before]  # who had left keeps their loss
    assert near.invariant_violation() == ""
    # one decision earlier, nothing happens
    early = g.deserialize_state("\n".join([fmt, data, ",".join(map(str, padded[:-1]))]))
    early.apply_action(early.legal_actions()[0])
    assert not early.is_terminal()


def test_the_documented_examples_run():
    import doctest
    import pathlib

    pytest.importorskip("pyspiel")  # the page's OpenSpiel example
    path = pathlib.Path(__file__).resolve().parent.parent / "docs" / "observations.md"
    failures, tried = doctest.testfile(str(path), module_relative=False)
    assert tried > 0 and failures == 0
