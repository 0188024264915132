"""Agents of a simulation: native agent specs and Python agents.

A *native agent* is named by a spec the C++ core understands: ``"random"``, ``"heuristic"``, ``"search"`` (or a dict
such as ``{"kind": "search", "simulations": 400}``; ``"search:400"`` is the same). A *Python agent* is any object
with a ``choose(state) -> action`` method, given the ``tcbg`` state of the game; it is for research code and runs
in the calling process, one Python call per decision (much slower than native agents).

>>> agent_spec("search:400")
{'kind': 'search', 'simulations': 400}
>>> agent_spec({"kind": "random"})
{'kind': 'random'}
>>> agent_spec({"kind": "heuristic", "answers": "every"})  # X610Z's heuristic as it answered before tcbg 0.2.0
{'kind': 'heuristic', 'answers': 'every'}
>>> agent_spec("clever")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
tcbg.errors.GameError: agents: unknown agent 'clever' (native agents: random, heuristic, search[:SIMULATIONS]; ...
"""

from __future__ import annotations

from typing import Any

from tcbg.errors import GameError
from tcbg.montecarlo import games as game_adapter

NATIVE_KINDS = ("random", "heuristic", "search")
_RULE = "simulation.md agents"


def is_python_agent(agent: Any) -> bool:
    return callable(getattr(agent, "choose", None))


def agent_spec(agent: Any) -> dict[str, Any]:
    """The normalised spec dict of a native agent, checked; raises :class:`tcbg.GameError` for anything else."""
    if isinstance(agent, str):
        kind, _, budget = agent.partition(":")
        spec: dict[str, Any] = {"kind": kind}
        if budget:
            if kind != "search":
                raise GameError(f"only the search agent takes a budget, not {agent!r}", field="agents", rule=_RULE)
            try:
                spec["simulations"] = int(budget, 10)
            except ValueError:
                raise GameError(f"the search budget must be a whole number, not {budget!r}", field="agents",
                                rule=_RULE) from None
    elif isinstance(agent, dict):
        spec = dict(agent)
    else:
        raise GameError(f"an agent is a native agent's name or spec, or an object with a choose(state) method, "
                        f"not {type(agent).__name__}", field="agents", rule=_RULE)
    kind = spec.get("kind")
    if kind not in NATIVE_KINDS:
        raise GameError(f"unknown agent {kind!r} (native agents: random, heuristic, search[:SIMULATIONS]; or an "
                        f"object with a choose(state) method)", field="agents", rule=_RULE)
    options = {"search": {"kind", "simulations"}, "heuristic": {"kind", "answers"}}.get(kind, {"kind"})
    extra = set(spec) - options
    if extra:
        raise GameError(f"agent {kind!r} takes no option {', '.join(sorted(extra))}", field="agents", rule=_RULE)
    if "simulations" in spec:
        budget = spec["simulations"]
        if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
            raise GameError(f"the search budget must be a whole number of at least 1, not {budget!r}",
                            field="agents", rule=_RULE)
    return spec


def normalise_agents(agents: Any, num_players: int) -> list[Any]:
    """One agent per seat: a single agent is used for every seat; native agents become spec dicts."""
    if isinstance(agents, (str, dict)) or is_python_agent(agents):
        agents = [agents] * num_players
    try:
        agents = list(agents)
    except TypeError:
        raise GameError(f"give one agent per seat ({num_players}) or one for all, not {type(agents).__name__}",
                        field="agents", rule=_RULE) from None
    if len(agents) != num_players:
        raise GameError(f"the game has {num_players} seats but {len(agents)} agents were given", field="agents",
                        rule=_RULE)
    return [agent if is_python_agent(agent) else agent_spec(agent) for agent in agents]


class NativeSeatAgent:
    """A native agent driven from the Python loop (the game's core ``Agent(spec, seed)``), for games that mix native
    and Python agents."""

    __slots__ = ("_agent",)

    def __init__(self, agent_class, spec: dict[str, Any], seed: int) -> None:
        self._agent = agent_class(spec, seed)

    def choose(self, state) -> int:
        return self._agent.choose(state._core)


def seat_agents(game, agents: list[Any], game_seed: int) -> list[Any]:
    """The agents that play one game of ``game`` in the Python loop, each native spec seeded from the game's seed and
    its seat exactly as the core's batch function seeds it (docs/agents.md), so a native agent plays the same either
    way."""
    agent_class = game_adapter.native_agent_class(game)
    return [agent if is_python_agent(agent) else
            NativeSeatAgent(agent_class, agent, game_adapter.agent_seed(game, game_seed, seat))
            for seat, agent in enumerate(agents)]
