"""Z/X's native agents (docs/agents.md, "Z/X agents"): random, heuristic and search each return a legal action at
every kind of decision, are deterministic given their seed and refuse bad specs and finished games with GameError;
the heuristic plays an Event or a startup ability only when its resolution gains and decides the choices card effects
bring; the heuristic beats random and the search beats the heuristic on the starter decks with every card's ability
(the default of load_game), and the heuristic beats random with them played as vanilla (``effects=False``) too, and
on three pairs of the first era's decks, whose decisions both agents make legally.

The heuristic-vs-random measurement runs in full here (400 seat-swapped games per pairing of the four starter decks,
a fraction of a second). The search's at its default budget takes minutes and is opt-in:

    TCBG_STRENGTH_GAMES=400 python -m pytest tests/zx/test_agents.py -k full_strength -q -s
"""

from __future__ import annotations

import collections
import itertools
import math
import os
import random

import pytest

import tcbg
from tcbg import _core
from tcbg.errors import GameError
from tcbg.zx.game import Game, ZXDeck
from tests.zx.scenario import CARDS, PROGRAMS

Agent = _core.zx.Agent
SPECS = {
    "random": {"kind": "random"},
    "heuristic": {"kind": "heuristic"},
    "search": {"kind": "search", "simulations": 6},
}
FIRST_STARTUP = 1095  # docs/zx/actions.md: 1095 + 2i + k, startup ability k of card instance i
STARTERS = ("c01-white-red", "c02-black-blue", "c03-blue-white", "c04-green-red")
PAIRINGS = list(itertools.combinations(STARTERS, 2))


def starter_game(a: str, b: str, effects: bool = True):
    return tcbg.load_game("zx", decks=[a, b], effects=effects)


# A card table with Event programs (tests/zx/scenario.py): Rain returns a Z/X on a Square to its owner's hand, Erase
# draws 1 and returns 1 to the deck; Spark has no program. Decks shuffled, so whole games meet every decision.
MIXED = (["Vanilla"] * 6 + ["Igniter"] * 6 + ["Big"] * 6 + ["Archer"] * 4 + ["Twin"] * 6 + ["Recoverer"] * 4 +
         ["Voider"] * 4 + ["Spark"] * 4 + ["Erase"] * 4 + ["Rain"] * 6)
EFFECTS_GAME = Game(CARDS, [ZXDeck(MIXED), ZXDeck(MIXED)], programs=PROGRAMS, max_turns=120)
GAMES = {
    "starter": starter_game(*STARTERS[:2]),
    "starter-vanilla": starter_game(*STARTERS[:2], effects=False),
    "vanilla": tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"]),
    "effects": EFFECTS_GAME,
}


def positions(game, seed: int, depths=(0, 2, 6, 15, 30, 60, 100, 160, 250)):
    """States reached by random play from one seed, at several depths."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
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
            kinds[state.decision()] += 1
            legal = set(state.legal_actions())
            for kind, spec in SPECS.items():
                action = Agent(spec, seed).choose(state._core)
                assert action in legal, (kind, state.decision(), state.action_to_string(action))
    assert len(kinds) >= 4, kinds


def agent_games(game, specs, seeds):
    """Whole games between two agents; yields (state before, the deciding seat's kind, action) for every decision
    after checking the action is legal."""
    for seed in seeds:
        agents = [Agent(specs[p], seed * 2 + p) for p in range(2)]
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            p = state.current_player()
            action = agents[p].choose(state._core)
            assert action in state.legal_actions(), (state.decision(), state.action_to_string(action))
            yield state, specs[p]["kind"], action
            state.apply_action(action)


def test_agents_choose_legally_at_every_decision_of_their_own_games():
    """Whole games between the heuristic and the search, so the heuristic's own lines are covered, not only
    positions of random play; with Event programs the effects' choices are met too."""
    decisions = collections.Counter()
    for name in ("starter", "effects"):
        for state, _, _ in agent_games(GAMES[name], [SPECS["heuristic"], SPECS["search"]], range(4)):
            decisions[state.decision()] += 1
    assert {"mulligan", "resource", "ignition", "ignition-play", "main", "square", "pay", "battle-event",
            "damage-life-pick", "damage-play", "effect-target", "effect-may", "effect-card"} <= set(decisions), decisions


def test_heuristic_uses_startup_abilities_and_aims_effects_with_the_starter_abilities():
    """With the starter decks' abilities (docs/zx/cards.md) the heuristic uses startup abilities (1095 + 2i + k,
    docs/zx/actions.md) when their resolution gains, and aims a Power loss or damage at the opponent's Z/X, never at
    its own, while a Power gain goes to its own."""
    used = 0
    aimed = collections.Counter()
    for decks in (STARTERS[:2], STARTERS[2:]):
        for state, _, action in agent_games(starter_game(*decks), [SPECS["heuristic"], SPECS["heuristic"]], range(10)):
            used += action >= FIRST_STARTUP
            if state.decision() == "effect-target":
                text = state.action_to_string(action)
                owner = state.instance(int(text.split("#")[1].split()[0]))["owner"]
                aimed["own" if owner == state.current_player() else "opponent's"] += 1
    assert used > 0 and aimed["opponent's"] > aimed["own"], (used, aimed)


def test_heuristic_plays_an_event_only_when_it_gains():
    """Events are judged by a one-ply lookahead (docs/agents.md): Rain (a Z/X back to its owner's hand) is played,
    on an opponent's Z/X; Spark, which has no program, never is, from the hand or from an Ignition."""
    played = collections.Counter()
    bounced = collections.Counter()
    for state, kind, action in agent_games(EFFECTS_GAME, [SPECS["heuristic"], SPECS["heuristic"]], range(12)):
        text = state.action_to_string(action)
        if text[3:].startswith("play ") and not text[3:].startswith("play the revealed"):
            played[text.split()[2]] += 1
        if state.decision() in ("ignition-play", "damage-play") and "Spark" in text:
            played["Spark"] += 1
        if state.decision() == "effect-target":
            owner = state.instance(int(text.split("#")[1].split()[0]))["owner"]
            bounced["own" if owner == state.current_player() else "opponent's"] += 1
    assert played["Rain"] > 0 and played["Spark"] == 0, played
    assert bounced["opponent's"] > 0 and bounced["own"] == 0, bounced


def test_heuristic_games_with_event_programs_end_on_life():
    """The heuristic alone plays games with Event programs (bounces, draws and returns, their choices) to the end,
    mostly decided on Life rather than by the turn limit."""
    ends = collections.Counter()
    for seed in range(6):
        agents = [Agent(SPECS["heuristic"], seed), Agent(SPECS["heuristic"], seed + 1)]
        state = EFFECTS_GAME.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].choose(state._core))
        ends[state.end_reason] += 1
    assert sum(ends.values()) == 6 and ends["life"] >= 4, ends


@pytest.mark.parametrize("kind", sorted(SPECS))
def test_same_seed_same_choices(kind):
    game = GAMES["starter"]

    def play(seed: int) -> list[int]:
        agents = [Agent(SPECS[kind], seed * 10 + p) for p in range(2)]
        state = game.new_initial_state(4)
        while not state.is_terminal() and len(state.history()) < 300:
            state.apply_action(agents[state.current_player()].choose(state._core))
        return state.history()

    assert play(1) == play(1)
    if kind == "random":
        assert play(1) != play(2)


def test_reseed_is_a_new_agent():
    state = GAMES["starter"].new_initial_state(3)
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
    agents = {kind: Agent(spec, 1) for kind, spec in SPECS.items()}
    for _ in range(2):
        for name in ("starter", "effects", "vanilla"):
            for state in positions(GAMES[name], 2, depths=(0, 40, 120)):
                for agent in agents.values():
                    assert agent.choose(state._core) in state.legal_actions()


@pytest.mark.parametrize("spec, field", [
    ({"kind": "genius"}, "spec.kind"),
    ({"kind": "heuristic", "depth": 2}, "spec.depth"),
    ({"kind": "search", "simulations": 0}, "spec.simulations"),
    ({"kind": "search", "rollout_turns": -1}, "spec.rollout_turns"),
])
def test_bad_specs_raise_game_error(spec, field):
    with pytest.raises(GameError) as err:
        Agent(spec, 1)
    assert err.value.field == field and err.value.rule == "docs/agents.md"


def test_the_heuristic_has_no_answers_setting():  # X610Z's heuristic alone takes "answers" (docs/agents.md)
    Agent({"kind": "heuristic", "answers": "others"}, 1)  # the default, said aloud
    with pytest.raises(GameError) as err:
        Agent({"kind": "heuristic", "answers": "every"}, 1)
    assert err.value.field == "agent.answers" and err.value.rule == "docs/agents.md"


def test_a_finished_game_has_no_decision():
    state = GAMES["starter"].new_initial_state(1)
    state.concede(0)
    for spec in SPECS.values():
        with pytest.raises(GameError) as err:
            Agent(spec, 1).choose(state._core)
        assert err.value.field == "state" and "over" in err.value.reason and err.value.rule == "docs/zx/rules.md 903"


def test_matchups_and_simulate_play_the_heuristic_and_the_search():
    """tcbg.simulate and the matchup harness build Z/X's heuristic and search (Z/X's default agent is the
    heuristic, docs/simulation.md)."""
    from tcbg.montecarlo.matchup import default_agent, matchup

    records = tcbg.simulate(GAMES["starter"], ["heuristic", "random"], games=20, seed=1, workers=1)
    assert len(records) == 20 and (records["winner_mask"] == 1).sum() >= 18
    records = tcbg.simulate(GAMES["starter"], ["search:4", "heuristic"], games=2, seed=1, workers=1)
    assert len(records) == 2 and (records["turns"] > 0).all()
    assert default_agent("zx") == "heuristic"
    result = matchup(*STARTERS[:2], 8, agent="heuristic", agent_b="random", workers=1)
    assert result.summary()["results"]["A"]["count"] >= 7


@pytest.mark.parametrize("specs", [
    [SPECS["heuristic"], SPECS["heuristic"]],
    [SPECS["random"], {"kind": "search", "simulations": 2}],
], ids=["heuristic", "random-search"])
def test_batch_records_are_the_games_replayed_through_checked_actions(specs):
    """The native batch applies the agents' choices unchecked (core/batch.hpp: Agent::choose returns a legal
    action). The same games replayed through ``apply_action``, which refuses an illegal action, give the batch's
    records: the agents keep that contract in whole games of the starter decks."""
    game = GAMES["starter"]
    records = _core.zx.simulate(game._core, specs, 31, 0, 3)
    for k in range(3):
        seed = _core.derive_seed(31, k)
        agents = [Agent(spec, _core.derive_seed(seed, 1 + p)) for p, spec in enumerate(specs)]
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].choose(state._core))
        assert records["winner_mask"][k] == sum(1 << p for p, _ in state.winners())
        assert records["turns"][k] == state.turn and records["decisions"][k] == len(state.history())
        assert records["first_player"][k] == state.first_player
        assert [records[f"reloads_p{p}"][k] for p in range(2)] == [state._core.reloads(p) for p in range(2)]
        assert list(records["card_flags"][k]) == list(state.card_flags())


# ---------------------------------------------------------------------------------------------------------------
# Strength (docs/agents.md): the starter decks with their abilities (and as vanilla), seat-swapped pairs (same game seeds, both seatings, so
# each agent plays each deck and each seat once per pair).

def wilson_lower(wins: int, games: int, z: float = 1.96) -> float:
    """Lower end of the Wilson score interval of a win rate (95% for z = 1.96)."""
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - spread) / (1 + z * z / games)


def pairs_won(game, spec_a: dict, spec_b: dict, pairs: int, master_seed: int) -> tuple[int, int]:
    """Games won by agent A over `pairs` seat-swapped pairs: A in seat 0 then seat 1, same game seeds."""
    first = _core.zx.simulate(game._core, [spec_a, spec_b], master_seed, 0, pairs)
    second = _core.zx.simulate(game._core, [spec_b, spec_a], master_seed, 0, pairs)
    wins = int((first["winner_mask"] == 1).sum() + (second["winner_mask"] == 2).sum())
    return wins, 2 * pairs


@pytest.mark.parametrize("effects", [True, False], ids=["abilities", "vanilla"])
@pytest.mark.parametrize("decks", PAIRINGS, ids=["-".join(d[:3] for d in p) for p in PAIRINGS])
def test_heuristic_beats_random_on_the_starter_decks(decks, effects):
    wins, games = pairs_won(starter_game(*decks, effects=effects), SPECS["heuristic"], SPECS["random"], pairs=200,
                            master_seed=2026)
    assert games == 400 and wins / games >= 0.95 and wilson_lower(wins, games) >= 0.95, (wins, games)


def test_search_beats_heuristic_at_a_small_budget():
    wins, games = pairs_won(GAMES["starter"], {"kind": "search", "simulations": 16}, SPECS["heuristic"], pairs=40,
                            master_seed=2027)
    assert wilson_lower(wins, games) > 0.5, (wins, games)


# The first era's decks (docs/agents.md "The first era's decks"): three pairs, the Green ones with their Events that
# the heuristic judges by its lookahead.
ERA_PAIRS = [("era-red-blue", "era-white-black"), ("era-white-green", "era-red-green"),
             ("era-black-green", "era-blue-white")]


@pytest.mark.parametrize("decks", ERA_PAIRS, ids=["-".join(p) for p in ERA_PAIRS])
def test_heuristic_beats_random_on_era_decks(decks):
    wins, games = pairs_won(tcbg.load_game("zx", decks=list(decks)), SPECS["heuristic"], SPECS["random"], pairs=200,
                            master_seed=11)
    assert games == 400 and wins / games >= 0.95 and wilson_lower(wins, games) >= 0.95, (wins, games)


def test_agents_decide_the_era_decisions_legally():
    """Games of era decks, the heuristic and random alternating, meet the decisions the era's cards bring (a card
    chosen from a zone, a Z/X on a Square, "you may", a startup ability's payment ...); at each, the heuristic and the
    search (6 simulations, at every eighth) return a legal action, the same one for the same seed."""
    met = collections.Counter()
    heuristic, again = Agent(SPECS["heuristic"], 1), Agent(SPECS["heuristic"], 1)
    search = Agent(SPECS["search"], 1)
    for seed, (a, b) in enumerate(ERA_PAIRS * 2):
        state = tcbg.load_game("zx", decks=[a, b]).new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            decision = state._core.decision()
            met[decision] += 1
            legal = state.legal_actions()
            choice = heuristic.choose(state._core)
            assert choice in legal and again.choose(state._core) == choice, decision
            if decision != "main" and met[decision] % 8 == 1:
                assert search.choose(state._core) in legal, decision
            state.apply_action(choice if rng.random() < 0.5 else rng.choice(legal))
    assert {"effect-card", "effect-target", "effect-may", "ability-pay", "battle-event"} <= set(met), met


STRENGTH_GAMES = int(os.environ.get("TCBG_STRENGTH_GAMES", "0"))


@pytest.mark.skipif(STRENGTH_GAMES <= 0, reason="opt-in: set TCBG_STRENGTH_GAMES (games per matchup)")
@pytest.mark.parametrize("effects", [True, False], ids=["abilities", "vanilla"])
@pytest.mark.parametrize("decks", [STARTERS[:2], STARTERS[2:]], ids=["c01-c02", "c03-c04"])
def test_full_strength(decks, effects):
    pairs = max(1, STRENGTH_GAMES // 2)
    wins, games = pairs_won(starter_game(*decks, effects=effects), {"kind": "search"}, SPECS["heuristic"], pairs,
                            master_seed=8)
    print(f"\n{decks[0]} vs {decks[1]} ({'abilities' if effects else 'vanilla'}): search (default budget) vs heuristic: {wins}/{games} = {wins / games:.3f}, "
          f"Wilson 95% [{wilson_lower(wins, games):.3f}, {1 - wilson_lower(games - wins, games):.3f}]")
    assert wins / games >= 0.60


@pytest.mark.skipif(STRENGTH_GAMES <= 0, reason="opt-in: set TCBG_STRENGTH_GAMES (games per matchup)")
@pytest.mark.parametrize("decks", ERA_PAIRS[:2], ids=["-".join(p) for p in ERA_PAIRS[:2]])
def test_full_strength_era(decks):
    pairs = max(1, STRENGTH_GAMES // 2)
    wins, games = pairs_won(tcbg.load_game("zx", decks=list(decks)), {"kind": "search"}, SPECS["heuristic"], pairs,
                            master_seed=21)
    print(f"\n{decks[0]} vs {decks[1]}: search (default budget) vs heuristic: {wins}/{games} = {wins / games:.3f}, "
          f"Wilson 95% [{wilson_lower(wins, games):.3f}, {1 - wilson_lower(games - wins, games):.3f}]")
    assert wins / games >= 0.60


def test_the_cpp_smoke_tests_starter_tables_are_current():
    """cpp/tests/zx_starters.inc (the starter decks with their abilities for the C++ allocation test,
    cpp/tests/agents_smoke.cpp) is what cpp/tests/make_zx_starters.py writes from today's cards and compiler."""
    import importlib.util
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2] / "cpp" / "tests"
    spec = importlib.util.spec_from_file_location("make_zx_starters", root / "make_zx_starters.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (root / "zx_starters.inc").read_text() == module.header(), "rerun python cpp/tests/make_zx_starters.py"
