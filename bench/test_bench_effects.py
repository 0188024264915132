"""Card effects run natively (docs/engine-design.md "Card effects").

- The same card, Healing Elixir, cast and resolved by the engine (clone of a position, then cast, target, pass,
  pass through the Python API: four decisions) and by the Python reference interpreter
  (``tcbg.x610z.effects.reference``) in the same run. The issue's target: the native path at least 20 times faster.
  (The engine does not call the Python slow path yet, so the Python side is the reference interpreter, which runs
  the same compiled program in Python.)
- Native random play, games per second, with the four faction starter decks (and with a deck of one of each card
  of the set) against the vanilla decks; the issue's target: within 2 times of the vanilla throughput.

``python -m pytest bench/test_bench_effects.py --benchmark-only``; the ratios are in each benchmark's extra_info
(``--benchmark-json``) and printed by the last test.
"""

from __future__ import annotations

import pytest

import tcbg
from conftest import load_test_module
from tcbg.x610z.effects.reference import Model

_PLAY = load_test_module("ruins_play")
RUINS, EFFECT_CARDS, CRYSTALS, deck = _PLAY.RUINS, _PLAY.EFFECT_CARDS, _PLAY.CRYSTALS, _PLAY.ruins_deck
MEDIANS: dict[str, float] = {}
GAMES = 40




def record(benchmark, name: str) -> None:
    MEDIANS[name] = benchmark.stats.stats.median


@pytest.fixture(scope="module")
def elixir_position():
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[deck("Tidebreaker Galleon", ["Living Waterfall", "Healing Elixir"]),
                                 deck("Ossuary Throne", ["Howling Bogling"])])
    state = game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0,
        "players": [{"in_play": [{"card": "Living Waterfall", "dot": "r3-02", "damage": 5}],
                     "hand": ["Healing Elixir"], "pool": {"C": 1, "B": 1}}, {}]})
    names = {state.action_to_string(a): a for a in state.legal_actions()}
    cast = names["cast Healing Elixir (#2)"]
    probe = state.clone()
    probe.apply_action(cast)
    target = {probe.action_to_string(a): a for a in probe.legal_actions()}["choose Living Waterfall (#1)"]
    return state, (cast, target, 0, 0)


REPEAT = 1000


def test_healing_elixir_native_loop(benchmark, elixir_position):
    """The same, all in C++: a copy of the position takes the four actions, REPEAT times per round."""
    state, actions = elixir_position
    benchmark.extra_info.update(resolutions=REPEAT)
    assert benchmark(state.repeat_actions, list(actions), REPEAT) == 4 * REPEAT
    MEDIANS["elixir_native_loop"] = benchmark.stats.stats.median / REPEAT


def test_healing_elixir_native(benchmark, elixir_position):
    state, actions = elixir_position

    def resolve():
        s = state.clone()
        for a in actions:
            s.apply_action(a)
        return s

    result = benchmark(resolve)
    assert result.instance(1)["damage"] == 0 and result.instance(2)["zone"] == "discard"
    record(benchmark, "elixir_native")


def test_healing_elixir_python_reference(benchmark):
    model = Model(RUINS)
    waterfall = model.add("Living Waterfall", owner=0, dot=3)
    elixir = model.add("Healing Elixir", owner=0, zone="hand")

    def resolve():
        model.objs[waterfall].damage = 5
        model.objs[elixir].zone = model.objs[elixir].zone.__class__.HAND
        return model.resolve(elixir, controller=0, targets=[waterfall])

    result = benchmark(resolve)
    assert result.damage_of(waterfall) == 0
    record(benchmark, "elixir_python")


@pytest.fixture(scope="module")
def effect_game():
    cards = EFFECT_CARDS + [c for c in CRYSTALS for _ in range(7)]
    return tcbg.load_game(board="existenz", setup="1v1", cards=RUINS, max_turns=200,
                          decks=[deck("Skyspire Citadel", cards), deck("Ossuary Throne", cards)])


@pytest.fixture(scope="module")
def vanilla_game():
    return tcbg.load_game(board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=200)


def test_native_random_play_with_effects(benchmark, effect_game):
    totals = effect_game.random_playouts(GAMES, seed=1)
    benchmark.extra_info.update(totals)
    assert benchmark.pedantic(effect_game.random_playouts, (GAMES, 1), rounds=5, iterations=1) == totals
    record(benchmark, "games_effects")


def test_native_random_play_factions(benchmark):
    """The four faction starter decks with all their effects, 1v1: Arnunnian against Pirate and Undead against
    Barbarian, GAMES / 2 games each."""
    games = [tcbg.load_game(board="existenz", setup="1v1", decks=pair, max_turns=200)
             for pair in (["arnunnian", "pirate"], ["undead", "barbarian"])]

    def play():
        out = [g.random_playouts(GAMES // 2, 1) for g in games]
        return {key: out[0][key] + out[1][key] for key in out[0]}

    totals = play()
    benchmark.extra_info.update(totals)
    assert benchmark.pedantic(play, rounds=5, iterations=1) == totals
    record(benchmark, "games_factions")


def test_native_random_play_vanilla(benchmark, vanilla_game):
    totals = vanilla_game.random_playouts(GAMES, seed=1)
    benchmark.extra_info.update(totals)
    assert benchmark.pedantic(vanilla_game.random_playouts, (GAMES, 1), rounds=5, iterations=1) == totals
    record(benchmark, "games_vanilla")


def test_summary(benchmark):
    """The ratios (no timing asserts: the figures are reported, not judged here)."""
    benchmark(lambda: None)
    if {"elixir_native", "elixir_python"} <= MEDIANS.keys():
        ratio = MEDIANS["elixir_python"] / MEDIANS["elixir_native"]
        benchmark.extra_info["elixir_python_over_native"] = ratio
        print(f"\nHealing Elixir: native through Python {MEDIANS['elixir_native'] * 1e6:.2f} us, Python reference "
              f"{MEDIANS['elixir_python'] * 1e6:.2f} us: native {ratio:.1f}x faster")
    if {"elixir_native_loop", "elixir_python"} <= MEDIANS.keys():
        ratio = MEDIANS["elixir_python"] / MEDIANS["elixir_native_loop"]
        benchmark.extra_info["elixir_python_over_native_loop"] = ratio
        print(f"Healing Elixir: native loop {MEDIANS['elixir_native_loop'] * 1e6:.2f} us per resolution "
              f"(copy included): {ratio:.1f}x faster than the Python reference")
    if {"games_effects", "games_vanilla"} <= MEDIANS.keys():
        effects_gps, vanilla_gps = GAMES / MEDIANS["games_effects"], GAMES / MEDIANS["games_vanilla"]
        benchmark.extra_info.update(games_per_second_effects=effects_gps, games_per_second_vanilla=vanilla_gps)
        print(f"Random play: {effects_gps:.0f} games/s with effect decks, {vanilla_gps:.0f} games/s vanilla "
              f"(vanilla / effects = {vanilla_gps / effects_gps:.2f})")
    if {"games_factions", "games_vanilla"} <= MEDIANS.keys():
        factions_gps, vanilla_gps = GAMES / MEDIANS["games_factions"], GAMES / MEDIANS["games_vanilla"]
        benchmark.extra_info.update(games_per_second_factions=factions_gps)
        print(f"Random play: {factions_gps:.0f} games/s with the four faction starter decks "
              f"(vanilla / factions = {vanilla_gps / factions_gps:.2f})")
