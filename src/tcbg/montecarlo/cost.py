"""What a run will cost, said before it starts: its stages (a matchup, a matrix's matchups, ``--robust``'s agents)
with their games, and the time they should take, from a short sample played here.

The sample: for the random agent and the heuristic, a few games of the run's game (native batches, doubled until
they take a measurable time); for the search agent, whose games are far slower (X610Z's faction decks: about a
minute a game at 16 simulations), the time of a few of its decisions at positions spread over a heuristic game,
times the decisions of a game as long as random play's at the heuristic's decisions a turn. That estimate is rough
(X610Z's faction decks: a fifth of the time measured at search:16, over three times it at search:4), and the line says so; once a stage runs, its
progress bar gives the time left from the games themselves.
"""

from __future__ import annotations

import time
from typing import Any

from tcbg.montecarlo import games as game_adapter

SAMPLE_SECONDS = 0.2
"""About how long the sample of one agent plays (at least one decision of the search)."""


def seconds_per_game(game, spec: Any, budget: float = SAMPLE_SECONDS) -> float:
    """Seconds one game of ``game`` takes on one core with the native agent ``spec`` (a dict) on every seat."""
    if not isinstance(spec, dict):
        return 0.0
    seats = game.num_players()
    if spec.get("kind") == "search":
        # a game between search agents lasts far longer than the heuristic's (X610Z's faction decks at search:16: a
        # median of 70 turns against 14), about as long as random play's (83): its decisions are taken as the
        # heuristic's decisions a turn over random play's turns
        _, decisions, turns = _batch(game, {"kind": "heuristic"}, seats, budget / 4)
        random_turns = _batch(game, {"kind": "random"}, seats, budget / 4)[2]
        decisions = max(decisions, decisions / max(turns, 1.0) * random_turns)
        return decisions * _seconds_per_decision(game, spec, budget)
    return _batch(game, spec, seats, budget)[0]


def _batch(game, spec: dict, seats: int, budget: float) -> tuple[float, float, float]:
    """(seconds, decisions, turns) per game of native batches of ``spec``, doubled until they take ``budget``."""
    simulate = game_adapter.kind_of(game).native.simulate  # the core's own batch function (what native_simulate gives)
    count, first = 2, 1 << 40  # game indices far from a run's: the sample is not the run
    while True:
        began = time.perf_counter()
        raw = simulate(game._core, [spec] * seats, 0, first, count)
        took = time.perf_counter() - began
        if took >= budget or count >= 1024:
            decisions = sum(int(d) for d in raw["decisions"]) / count
            return took / count, decisions, sum(int(t) for t in raw["turns"]) / count
        first += count
        count *= 2


def _seconds_per_decision(game, spec: dict, budget: float) -> float:
    """The mean time of ``spec``'s decisions at positions spread over a heuristic game (a decision late in a game
    costs the search more than one at its start), as many as ``budget`` allows, at least one."""
    agent_class = game_adapter.native_agent_class(game)
    heuristic = agent_class({"kind": "heuristic"}, 1)
    agent = agent_class(spec, 1)
    positions = []
    state = game.new_initial_state(seed=1 << 40)
    while not state.is_terminal():
        positions.append(state.clone())
        state.apply_action(heuristic.choose(state))
    if not positions:
        return 0.0
    order = [positions[len(positions) * k // 8] for k in (4, 2, 6, 1, 3, 5, 7, 0)]
    took, made = 0.0, 0
    for position in order:
        began = time.perf_counter()
        agent.choose(position)
        took += time.perf_counter() - began
        made += 1
        if took >= budget:
            break
    return took / made


def duration_text(seconds: float) -> str:
    """``40 s``, ``12 min``, ``3 h 10 min``.

    >>> duration_text(4.2), duration_text(725), duration_text(11400)
    ('4 s', '12 min', '3 h 10 min')
    """
    if seconds < 60:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


def plan_line(stages: list[tuple[str, int, float]], workers: int, then: str = "") -> str:
    """The line said before a run: ``stages`` are (agent, games, seconds per game on one core); ``then`` says what
    may follow them (a run that plays until precise: its first round is what is timed).

    >>> plan_line([("heuristic", 400, 0.05), ("search:16", 100, 60.0)], 2)
    'tcbg: this run plays heuristic 400 games, search:16 100 games: about 50 min on 2 workers (from a short sample; games between search agents can run much longer)'
    """
    what = ", ".join(f"{name} {games} games" for name, games, _ in stages)
    rough = "; games between search agents can run much longer" if any(n.startswith("search") for n, _, _ in stages) else ""
    return (f"tcbg: this run plays {what}{then}: about {duration_text(estimate(stages, workers))} on {workers} "
            f"worker{'s' if workers != 1 else ''} (from a short sample{rough})")


def estimate(stages: list[tuple[str, int, float]], workers: int) -> float:
    return sum(games * each for _, games, each in stages) / max(1, workers)
