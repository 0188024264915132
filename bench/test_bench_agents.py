"""Native agents (docs/agents.md), vanilla-a vs vanilla-b, 1v1 on "existenz": whole games through the native batch
simulation (one thread, so games per second per core) for heuristic vs heuristic and random vs random, and search
decisions per second at the default budget; heuristic games with the faction decks' card effects. Target of the
Monte Carlo harness: a 1,000,000-game heuristic matchup in under 10 minutes on two cores, about 850 games per second
per core."""

from __future__ import annotations

import pytest

import tcbg
from tcbg import _core

simulate = _core.x610z.simulate
HEURISTIC = {"kind": "heuristic"}
RANDOM = {"kind": "random"}


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=200)


def bench_games(benchmark, game, specs, games):
    records = simulate(game._core, specs, 1, 0, games)
    benchmark.extra_info.update(decisions=int(records["decisions"].sum()), games=games)
    result = benchmark.pedantic(simulate, args=(game._core, specs, 1, 0, games), rounds=5, iterations=1)
    assert (result["decisions"] == records["decisions"]).all()  # deterministic


def test_heuristic_vs_heuristic_games(benchmark, game):
    bench_games(benchmark, game, [HEURISTIC, HEURISTIC], 400)


FACTION_PAIRS = [("arnunnian", "pirate"), ("undead", "barbarian"), ("arnunnian", "undead"),
                 ("arnunnian", "barbarian"), ("undead", "pirate"), ("pirate", "barbarian")]


@pytest.mark.parametrize("decks", FACTION_PAIRS, ids=["-".join(pair) for pair in FACTION_PAIRS])
def test_heuristic_vs_heuristic_faction_games(benchmark, decks):
    """With card effects, every pair of the four faction decks: the heuristic tries each flux, catalyst and ability
    by lookahead (docs/agents.md). Games per second: 100 / the median."""
    faction_game = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=list(decks), max_turns=200)
    bench_games(benchmark, faction_game, [HEURISTIC, HEURISTIC], 100)


def test_random_vs_random_games(benchmark, game):
    bench_games(benchmark, game, [RANDOM, RANDOM], 40)


def searched_positions(game, count: int):
    """Positions of heuristic play where the player to decide has a real choice in their own action phase (the
    decisions the search spends its budget on; others it answers at once)."""
    agents = [_core.x610z.Agent(HEURISTIC, p) for p in range(2)]
    found = []
    seed = 0
    while len(found) < count:
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and len(found) < count:
            choices = [a for a in state.legal_actions() if not state.action_to_string(a).startswith("activate")]
            if state.phase == "action" and state.current_player() == state.active_player and len(choices) >= 3:
                found.append(state.clone())
            state.apply_action(agents[state.current_player()].choose(state._core))
        seed += 1
    return found


def test_search_decisions(benchmark, game):
    positions = searched_positions(game, 12)
    agent = _core.x610z.Agent({"kind": "search"}, 1)

    def decide():
        return [agent.choose(state._core) for state in positions]

    benchmark.extra_info.update(decisions=len(positions), games=0)
    benchmark.pedantic(decide, rounds=3, iterations=1)
