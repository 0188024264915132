"""The native agents (docs/agents.md): random, heuristic and search each return a legal action in varied positions
of every kind of decision, are deterministic given their seed, and refuse bad specs with GameError; determinization
keeps what the observer knows and redraws the rest; the heuristic beats random and the search beats the heuristic.

The strength tests here are sized for CI. The full-strength measurement (default search budget, many seat-swapped
pairs) is opt-in:

    TCBG_STRENGTH_GAMES=400 python -m pytest tests/x610z/test_agents.py -k full_strength -q -s
"""

from __future__ import annotations

import collections
import math
import os
import random

import numpy as np
import pytest

import tcbg
from tcbg import _core
from tcbg.errors import GameError

Agent = _core.x610z.Agent
SPECS = {
    "random": {"kind": "random"},
    "heuristic": {"kind": "heuristic"},
    "search": {"kind": "search", "simulations": 6},
}
GAMES = {
    "existenz-1v1": tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"],
                                   max_turns=200),
    "existenz-ffa3": tcbg.load_game("x610z", board="existenz", setup="ffa3",
                                    decks=["vanilla-a", "vanilla-b", "vanilla-a"], max_turns=200),
    "existenz-2v2": tcbg.load_game("x610z", board="existenz", setup="2v2", decks=["vanilla-a", "vanilla-b"] * 2,
                                   max_turns=200),
    "act1-1v1": tcbg.load_game("x610z", board="act1", setup="1v1", decks=["vanilla-act1-a", "vanilla-act1-b"],
                               max_turns=200),
}
STRENGTH_GAME = GAMES["existenz-1v1"]


def decision_kind(state) -> str:
    """What the position asks for, read from its first legal action (rules.md 5.9)."""
    if state.pending_kind() == "move":
        return "move to"  # "move NAME (#i) from A to B, ..." (docs/actions.md)
    first = state.action_to_string(state.legal_actions()[0])
    for prefix in ("keep", "discard", "place the summon", "attack the summon"):
        if first.startswith(prefix):
            return prefix
    return "own action" if state.current_player() == state.active_player and state.phase == "action" else "answer"


def positions(game, seed: int, depths=(0, 3, 8, 15, 30, 60, 100, 150, 250, 400)):
    """States reached by random play from one seed, at several depths."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    played = 0
    for depth in depths:
        while played < depth and not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            played += 1
        if state.is_terminal():
            return
        yield state.clone()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_agent_returns_a_legal_action(name):
    game = GAMES[name]
    kinds = collections.Counter()
    for seed in range(6):
        for state in positions(game, seed):
            kinds[decision_kind(state)] += 1
            legal = set(state.legal_actions())
            for kind, spec in SPECS.items():
                action = Agent(spec, seed).choose(state._core)
                assert action in legal, (kind, state.action_to_string(action))
    assert len(kinds) >= 4, kinds  # several kinds of decision were met


def test_agents_choose_legally_at_every_decision_of_their_own_games():
    """Whole games between the agents, each decision checked, so the heuristic's own lines (placements, moves,
    targets, discards) are covered, not only positions of random play."""
    kinds = collections.Counter()
    for name in ("existenz-1v1", "existenz-2v2"):
        game = GAMES[name]
        for seed in range(3):
            specs = [SPECS["heuristic"], SPECS["search"]] * 2
            agents = [Agent(specs[p], seed + p) for p in range(game.num_players())]
            state = game.new_initial_state(seed=seed)
            while not state.is_terminal():
                kinds[decision_kind(state)] += 1
                action = agents[state.current_player()].choose(state._core)
                assert action in state.legal_actions()
                state.apply_action(action)
    assert {"keep", "place the summon", "move to", "attack the summon", "own action", "answer"} <= set(kinds), kinds


@pytest.mark.parametrize("kind", sorted(SPECS))
def test_same_seed_same_choices(kind):
    game = GAMES["existenz-ffa3"]

    def play(seed: int) -> list[int]:
        agents = [Agent(SPECS[kind], seed * 10 + p) for p in range(3)]
        state = game.new_initial_state(seed=4)
        while not state.is_terminal() and len(state.history()) < 400:
            state.apply_action(agents[state.current_player()].choose(state._core))
        return state.history()

    assert play(1) == play(1)
    if kind == "random":
        assert play(1) != play(2)


def test_reseed_is_a_new_agent():
    state = GAMES["existenz-1v1"].new_initial_state(seed=3)
    rng = random.Random(3)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    for spec in SPECS.values():
        used = Agent(spec, 5)
        for _ in range(3):
            used.choose(state._core)
        used.reseed(9)
        fresh = Agent(spec, 9)
        assert [used.choose(state._core) for _ in range(4)] == [fresh.choose(state._core) for _ in range(4)]


def test_one_agent_plays_in_several_games():
    """An agent meets a new game (another board, setup or number of players) and plays it: its tables follow the
    game, also when the game it knew is gone."""
    agents = {kind: Agent(spec, 1) for kind, spec in SPECS.items()}
    for _ in range(2):
        for name in ("existenz-1v1", "act1-1v1", "existenz-ffa3"):
            game = tcbg.load_game("x610z", board=GAMES[name].board.name, setup=GAMES[name].setup,
                                  decks=list(GAMES[name].decks), max_turns=200)
            for state in positions(game, 2, depths=(0, 40, 120)):
                for agent in agents.values():
                    assert agent.choose(state._core) in state.legal_actions()
            del game, state


def test_agent_accepts_a_state_or_its_core():
    state = GAMES["existenz-1v1"].new_initial_state(seed=1)
    assert Agent(SPECS["heuristic"], 1).choose(state) == Agent(SPECS["heuristic"], 1).choose(state._core)
    assert Agent(SPECS["heuristic"], 1).kind == "heuristic"


@pytest.mark.parametrize("spec, field", [
    ({"kind": "genius"}, "spec.kind"),
    ({}, "spec.kind"),
    ({"kind": 3}, "spec.kind"),
    ("heuristic", "spec"),
    ({"kind": "random", "simulations": 10}, "spec.simulations"),
    ({"kind": "heuristic", "depth": 2}, "spec.depth"),
    ({"kind": "heuristic", "answers": "sometimes"}, "spec.answers"),
    ({"kind": "heuristic", "answers": 1}, "spec.answers"),
    ({"kind": "random", "answers": "every"}, "spec.answers"),
    ({"kind": "search", "simulations": 0}, "spec.simulations"),
    ({"kind": "search", "simulations": 2.5}, "spec.simulations"),
    ({"kind": "search", "simulations": True}, "spec.simulations"),
    ({"kind": "search", "rollout": "greedy"}, "spec.rollout"),
    ({"kind": "search", "rollout_turns": -1}, "spec.rollout_turns"),
    ({"kind": "search", "exploration": float("nan")}, "spec.exploration"),
    ({"kind": "search", "rollout_noise": 1.5}, "spec.rollout_noise"),
    ({"kind": "search", "budget": 10}, "spec.budget"),
])
def test_bad_specs_raise_game_error(spec, field):
    with pytest.raises(GameError) as err:
        Agent(spec, 1)
    assert err.value.field == field and err.value.rule == "docs/agents.md"


def test_bad_seeds_and_states_raise_game_error():
    with pytest.raises(GameError, match="seed"):
        Agent({"kind": "random"}, -1)
    with pytest.raises(GameError, match="seed"):
        Agent({"kind": "random"}, 2**64)
    agent = Agent({"kind": "heuristic"}, 1)
    with pytest.raises(GameError) as err:
        agent.choose("a state")
    assert err.value.field == "state"
    state = GAMES["existenz-1v1"].new_initial_state(seed=1)
    state.concede(0)
    for spec in SPECS.values():
        with pytest.raises(GameError) as err:
            Agent(spec, 1).choose(state._core)
        assert err.value.field == "state" and "over" in err.value.reason


# ---------------------------------------------------------------------------------------------------------------
# Determinization (docs/agents.md)

def public_view(game, core, observer: int):
    """Everything `observer` knows of a state (its core): every card outside hands and decks as it is, with its
    record; their own hand in order; the size of every hand and deck and whose cards are in each hidden place;
    pools, turn, phase and who decides."""
    cards = {}
    for i in range(game._core.num_instances):
        info = core.instance_fields(i)
        zone, owner = info[3], info[1]
        if zone == "deck" or (zone == "hand" and owner != observer):
            cards[i] = ("hidden", owner)
        else:
            cards[i] = (info, core.record(i))
    players = []
    for p in range(game.num_players()):
        players.append((len(core.hand_instances(p)), len(core.deck_instances(p)), core.pool_counts(p),
                        core.murphy_count(p), core.crystal_placed(p), core.outcome(p),
                        core.hand_instances(p) if p == observer else None))
    return cards, players, core.turn, core.phase, core.active_player, core.current_player()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_determinize_keeps_what_the_observer_knows(name):  # rules.md 5.15 (hidden information)
    game = GAMES[name]
    redrawn_hands = redrawn_decks = 0
    for seed in range(5):
        for state in positions(game, seed):
            core = state._core
            for observer in range(game.num_players()):
                before = state.serialize()
                world = _core.x610z.determinize(core, observer, seed * 7 + observer)
                assert state.serialize() == before  # the original is untouched
                assert world.invariant_violation() == ""
                assert public_view(game, world, observer) == public_view(game, core, observer)
                for p in range(game.num_players()):
                    # every hidden place keeps its size and only its owner's cards (rules.md 5.1), the same ones
                    places = core.deck_instances(p) + ([] if p == observer else core.hand_instances(p))
                    redrawn = world.deck_instances(p) + ([] if p == observer else world.hand_instances(p))
                    assert sorted(places) == sorted(redrawn)
                    assert all(core.instance_fields(i)[1] == p for i in redrawn)
                    redrawn_decks += world.deck_instances(p) != core.deck_instances(p)
                    if p != observer:
                        redrawn_hands += sorted(world.hand_instances(p)) != sorted(core.hand_instances(p))
                    # the drawn record follows the place: set in a kept hand, never in a deck
                    drawn_in_hand = {core.record(i) & 1 for i in core.hand_instances(p)}
                    assert len(drawn_in_hand) <= 1
                    assert {world.record(i) & 1 for i in world.hand_instances(p)} == drawn_in_hand
                    assert all(world.record(i) & 1 == 0 for i in world.deck_instances(p))
                if core.current_player() == observer:  # the observer's own options do not change
                    assert world.legal_actions() == core.legal_actions()
    assert redrawn_hands > 0 and redrawn_decks > 0


def test_determinize_refuses_a_bad_observer():
    state = GAMES["existenz-1v1"].new_initial_state(seed=1)
    for observer in (-1, 2, "0"):
        with pytest.raises(GameError) as err:
            _core.x610z.determinize(state._core, observer, 1)
        assert err.value.field == "observer"


# ---------------------------------------------------------------------------------------------------------------
# Strength (docs/agents.md): vanilla-a vs vanilla-b, 1v1 on "existenz", seat-swapped pairs (same game seeds, both
# seatings).

def wilson_lower(wins: int, games: int, z: float = 1.96) -> float:
    """Lower end of the Wilson score interval of a win rate (95% for z = 1.96)."""
    if games == 0:
        return 0.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - spread) / (1 + z * z / games)


def pairs_won(spec_a: dict, spec_b: dict, pairs: int, master_seed: int) -> tuple[int, int]:
    """Games won by agent A over `pairs` seat-swapped pairs: A in seat 0 then seat 1, same game seeds."""
    first = _core.x610z.simulate(STRENGTH_GAME._core, [spec_a, spec_b], master_seed, 0, pairs)
    second = _core.x610z.simulate(STRENGTH_GAME._core, [spec_b, spec_a], master_seed, 0, pairs)
    wins = int((first["winner_mask"] == 1).sum() + (second["winner_mask"] == 2).sum())
    return wins, 2 * pairs


def test_wilson_lower_bound():
    assert wilson_lower(0, 10) == pytest.approx(0.0, abs=1e-12)
    assert wilson_lower(50, 100) == pytest.approx(0.4038, abs=1e-3)
    assert wilson_lower(120, 120) == pytest.approx(0.969, abs=1e-3)


def test_heuristic_beats_random():
    wins, games = pairs_won(SPECS["heuristic"], SPECS["random"], pairs=60, master_seed=2024)
    assert wins / games >= 0.95 and wilson_lower(wins, games) >= 0.9, (wins, games)


def test_search_beats_heuristic_at_a_small_budget():
    wins, games = pairs_won({"kind": "search", "simulations": 8}, SPECS["heuristic"], pairs=24, master_seed=2025)
    assert wilson_lower(wins, games) > 0.5, (wins, games)


STRENGTH_GAMES = int(os.environ.get("TCBG_STRENGTH_GAMES", "0"))


@pytest.mark.skipif(STRENGTH_GAMES <= 0, reason="opt-in: set TCBG_STRENGTH_GAMES (games per matchup)")
def test_full_strength():
    pairs = max(1, STRENGTH_GAMES // 2)
    wins, games = pairs_won(SPECS["heuristic"], SPECS["random"], pairs, master_seed=7)
    print(f"\nheuristic vs random: {wins}/{games} = {wins / games:.3f}, Wilson 95% lower {wilson_lower(wins, games):.3f}")
    assert wins / games >= 0.95
    wins, games = pairs_won({"kind": "search"}, SPECS["heuristic"], pairs, master_seed=8)
    print(f"search (default budget) vs heuristic: {wins}/{games} = {wins / games:.3f}, "
          f"Wilson 95% lower {wilson_lower(wins, games):.3f}")
    assert wins / games >= 0.60


@pytest.mark.parametrize("decks", [("arnunnian", "undead"), ("pirate", "barbarian")])
def test_agents_play_the_faction_decks_with_their_effects(decks):
    """With card effects running, every agent meets the decisions effects bring (modes, targets, choices while
    resolving, the order of triggered abilities) and plays whole games legally (the batch raises otherwise)."""
    game = tcbg.load_game("x610z", decks=list(decks), max_turns=120)
    for spec in ({"kind": "random"}, {"kind": "heuristic"}, {"kind": "search", "simulations": 4}):
        records = _core.x610z.simulate(game._core, [spec, spec], 3, 0, 6 if spec["kind"] != "search" else 2)
        assert len(records["turns"]) in (6, 2) and (records["turns"] > 0).all()


def test_agent_strength_tool_swaps_seats_and_decks(capsys):  # tools/agent_strength.py, docs/agents.md "Answering"
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "agent_strength.py"
    spec = importlib.util.spec_from_file_location("agent_strength", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    records = {"winner_mask": np.array([1, 2, 3, 0])}  # seat 0 wins, seat 1 wins, both (a draw), neither
    assert tool.scores(records, 0).tolist() == [1.0, 0.0, 0.5, 0.5]
    assert tool.scores(records, 1).tolist() == [0.0, 1.0, 0.5, 0.5]
    # An agent against itself on the same seeds plays each game twice, once from each side: exactly half.
    tool.main(['{"kind": "heuristic"}', '{"kind": "heuristic"}', "2", "5"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("A's score 0.5000 ") and last.endswith("over 48 games")


def test_verify_heuristic_tool_plays_every_case(capsys):  # tools/verify_heuristic.py, docs/engine-design.md
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "verify_heuristic.py"
    spec = importlib.util.spec_from_file_location("verify_heuristic", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    tool.main(["2", "5"])  # a release build only plays the games
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2 * len(tool.CASES) == 30
    assert lines[0].startswith("default 1v1 arnunnian-undead ") and lines[-1].startswith("every 2v2 arnunnian-undead")
