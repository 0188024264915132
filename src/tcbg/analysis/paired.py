"""Comparing two variants on common random numbers (docs/balance.md, "Comparing variants: common random numbers").

Two *arms* (two decks, or one deck under two agents) play the same opponents on the same pair seeds: pair k of every arm
against every opponent is seeded ``derive_seed(seed, k)`` and played seat-swapped, as a matchup's pairs are
(docs/simulation.md "Seeds and reproducibility"). Both arms therefore get the same first player, the same shuffle
permutation of their deck (same deck size: the same random draws) and the same agents' random streams, until the games
part ways, which they do as soon as the changed card (or the changed agent) makes a different decision possible. What
luck the two arms share cancels in the difference of their scores, pair by pair: the unit of pairing is the seat-swapped
pair, and the statistic is the arm's mean score over the pair (1 a win, 0.5 a draw, 0 a loss).
Every arm and every opponent is a table of one native batch run (:func:`tcbg.montecarlo.simulate.play_tables`), so a
comparison, or a whole ablation (:mod:`tcbg.analysis.ablation`), is one run over the processes.

>>> from tcbg.analysis.paired import compare
>>> same = compare("vanilla-a", "vanilla-a", ["vanilla-b"], games=8, agent="random", seed=5, workers=1,
...                max_turns=60)
>>> same.pairs, bool((same.differences == 0).all()), same.mean
(4, True, 0.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from tcbg.errors import SimulationError
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.agents import normalise_agents
from tcbg.montecarlo.batch import Table, remember_game, uses_native
from tcbg.montecarlo.matchup import Matchup, default_agent
from tcbg.montecarlo.parallel import make_runner
from tcbg.montecarlo.progress import progress_bar
from tcbg.montecarlo.simulate import play_tables, records_from

INDEPENDENT_OFFSET = 1 << 48
"""Where the disjoint seeds of a measured independent run start: pair k of the reference's independent replay is
pair ``INDEPENDENT_OFFSET + k`` of the same master seed, which no comparison of fewer than 2**48 pairs reaches (the core takes game indices below 2**62)."""


@dataclass(frozen=True)
class Arm:
    """One side of a comparison: a deck (a shipped name, a list file or a loaded deck) and, optionally, the agent
    that plays it (None: the comparison's ``agent``). ``label`` names it in reports (default: the deck's name)."""

    deck: Any
    agent: Any = None
    label: str | None = None

    def name(self) -> str:
        if self.label is not None:
            return self.label
        return getattr(self.deck, "name", None) or str(self.deck)


def _arm(value: Any) -> Arm:
    return value if isinstance(value, Arm) else Arm(value)


@dataclass
class ArmsPlayed:
    """What :func:`play_arms` played: ``scores[a, o, k]``, arm a's mean score over pair k against opponent o (0,
    0.25, 0.5, 0.75 or 1), and the matchups behind them (``matchups[a][o]``, arm a as side A), with the facts of the
    run."""

    arms: list[Arm]
    opponents: list[str]
    scores: np.ndarray
    matchups: list[list[Matchup]]
    seed: int
    first_pair: int
    native: bool
    ran_on: str
    interrupted: bool
    game_facts: dict
    agents: dict


def _opponent_name(deck: Any) -> str:
    return getattr(deck, "name", None) or str(deck)


def play_arms(arms: Sequence[Any], against: Sequence[Any], games: int, *, seed: int = 0, agent: Any = None,
              opponent_agent: Any = None, game: str | None = None, workers: int | None = None, scheduler: Any = None,
              runner: Any = None, progress: bool = False, first_pair: int = 0, batch_size: int | None = None,
              **options: Any) -> ArmsPlayed:
    """Play every arm against every opponent of ``against``, ``games`` games each (seat-swapped pairs from pair
    ``first_pair``), all as tables of one :func:`~tcbg.montecarlo.simulate.play_tables` run on common pair seeds.
    ``agent`` plays the arms that name none and the opponents (``opponent_agent`` the opponents, if given);
    ``options`` are the game's (X610Z: board, rules, setup, cards, max_turns; Z/X: max_turns, effects), settled
    once for every deck as a matrix settles them (Z/X's effects)."""
    arms = [_arm(a) for a in arms]
    against = list(against)
    if not arms or not against:
        raise SimulationError("give at least one arm and one opponent", field="against" if arms else "arms",
                              rule="balance.md common random numbers")
    if not isinstance(games, int) or isinstance(games, bool) or games < 2 or games % 2:
        raise SimulationError(f"games are played in seat-swapped pairs: give an even number of at least 2, not "
                              f"{games!r}", field="games", rule="simulation.md matchups")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise SimulationError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}", field="seed",
                              rule="simulation.md")
    decks = [arm.deck for arm in arms] + against
    game = game_adapter.game_of_decks(decks) if game is None else game
    kind = game_adapter.kind_named(game)
    options = kind.matrix_options(decks, {k: v for k, v in options.items() if v is not None})
    agent = default_agent(game) if agent is None else agent
    opponent_spec = normalise_agents(agent if opponent_agent is None else opponent_agent, 1)[0]
    tables: list[Table] = []
    seatings = []  # per (arm, opponent): (game A-B, game B-A, sides A-B, sides B-A, specs)
    for arm in arms:
        spec = normalise_agents(agent if arm.agent is None else arm.agent, 1)[0]
        specs = {"A": spec, "B": opponent_spec}
        for opponent in against:
            ab, ba, sides_ab, sides_ba = game_adapter.matchup_games(arm.deck, opponent, game=game, **options)
            for seated, sides in ((ab, sides_ab), (ba, sides_ba)):
                config = game_adapter.config_of(seated)
                remember_game(config, seated)
                tables.append(Table(config, tuple(specs[s] for s in sides)))
            seatings.append((ab, ba, sides_ab, sides_ba, specs))
    for spec in {id(s): s for *_, specs in seatings for s in specs.values()}.values():
        if isinstance(spec, dict):  # an agent the game cannot play is refused here, in one line
            game_adapter.native_agent_class(seatings[0][0])(spec, 0)
    python_agents = not all(uses_native(t.agents) for t in tables)
    own_runner = runner is None
    if own_runner:
        runner = make_runner(workers, scheduler, python_agents)
    try:
        bar = progress_bar(games * len(tables) // 2, enabled=progress, desc="common random numbers")
        try:
            played = play_tables(tables, seed, first_pair, games // 2, runner=runner, bar=bar, batch_size=batch_size)
        finally:
            bar.close()
        ran_on = runner.description
    finally:
        if own_runner:
            runner.close()
    matchups: list[list[Matchup]] = []
    scores = np.zeros((len(arms), len(against), played.games.size))
    native = not python_agents
    for a, arm in enumerate(arms):
        row = []
        for o in range(len(against)):
            t = a * len(against) + o
            ab, ba, sides_ab, sides_ba, specs = seatings[t]
            records = (records_from(ab, played, 2 * t, native), records_from(ba, played, 2 * t + 1, native))
            result = Matchup(arm.name(), _opponent_name(against[o]), (ab, ba), (sides_ab, sides_ba),
                             {side: _spec_text(s) for side, s in specs.items()}, seed, records, None, ran_on, games)
            scores[a, o] = (result.a_points(0) + result.a_points(1)) / 2
            row.append(result)
        matchups.append(row)
    first = seatings[0]
    return ArmsPlayed(arms, [_opponent_name(d) for d in against], scores, matchups, seed, first_pair, native, ran_on,
                      played.interrupted, game_adapter.game_facts(first[0]),
                      {"arms": {arm.name(): _spec_text(normalise_agents(agent if arm.agent is None else arm.agent,
                                                                         1)[0]) for arm in arms},
                       "opponents": _spec_text(opponent_spec)})


def _spec_text(spec: Any) -> Any:
    return spec if isinstance(spec, dict) else f"python:{type(spec).__name__}"


def t_interval(values: np.ndarray, confidence: float = 0.95,
               bounds: tuple[float, float] | None = None) -> tuple[float, float, float]:
    """(mean, low, high): Student's t interval of the mean of ``values`` (n - 1 degrees of freedom); for fewer than
    two values, or values without spread, the interval is the mean itself. ``bounds``: the range the mean can take
    (a score lies in [0, 1], a difference of scores in [-1, 1]); the interval's ends are clipped to it, since a few
    pairs can make the t interval reach past what any games could give.

    >>> [round(x, 4) for x in t_interval(np.array([0.0, 0.5, 0.25, 0.25]))]
    [0.25, -0.0748, 0.5748]
    >>> [round(x, 4) for x in t_interval(np.array([0.0, 0.5, 0.25, 0.25]), bounds=(0.0, 1.0))]
    [0.25, 0.0, 0.5748]
    """
    from scipy import stats

    values = np.asarray(values, dtype=np.float64)
    n = values.size
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = float(values.mean())
    if n < 2:
        return mean, mean, mean
    half = float(stats.t.ppf(0.5 + confidence / 2, n - 1) * values.std(ddof=1) / math.sqrt(n))
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return mean, low, high


SCORE = (0.0, 1.0)
"""The range of a score (a win 1, a draw 1/2, a loss 0), for :func:`t_interval`'s ``bounds``."""
CHANGE = (-1.0, 1.0)
"""The range of a difference of two scores, for :func:`t_interval`'s ``bounds``."""


def _var(values: np.ndarray) -> float:
    return float(np.var(values, ddof=1)) if values.size > 1 else math.nan


@dataclass
class Comparison:
    """Variant minus reference: per pair index k the difference ``differences[k]`` of the two arms' mean scores over
    pair k, averaged over the opponents (``per_opponent[o, k]`` before averaging), its mean with a 95% t interval
    over the pairs, and what pairing saved:

    - ``paired_variance``: the variance of a pair's difference (over pair indices);
    - ``independent_variance``: the two arms' own variances summed, what the difference's variance would be if
      each arm had its own seeds;
    - ``measured_independent_variance``: the variance of the difference of the variant and the reference replayed
      on disjoint seeds (only with ``measure_independent``), a measurement of the same;
    - ``variance_ratio`` (independent over paired, from the measured one when there is one): how many times more
      pairs independent seeds need for the same interval width; ``games_saved`` the games that saves at this
      width.
    """

    variant: str
    reference: str
    opponents: list[str]
    seed: int
    per_opponent: np.ndarray
    variant_scores: np.ndarray
    reference_scores: np.ndarray
    independent_reference: np.ndarray | None = None
    played: ArmsPlayed | None = field(default=None, repr=False)

    @property
    def pairs(self) -> int:
        return int(self.per_opponent.shape[1])

    @property
    def games(self) -> int:
        """Games per arm and opponent."""
        return 2 * self.pairs

    @property
    def differences(self) -> np.ndarray:
        return self.per_opponent.mean(axis=0)

    @property
    def mean(self) -> float:
        return float(self.differences.mean()) if self.pairs else math.nan

    def interval(self) -> tuple[float, float]:
        _, low, high = t_interval(self.differences, bounds=CHANGE)
        return low, high

    @property
    def paired_variance(self) -> float:
        return _var(self.differences)

    @property
    def independent_variance(self) -> float:
        return _var(self.variant_scores.mean(axis=0)) + _var(self.reference_scores.mean(axis=0))

    @property
    def measured_independent_variance(self) -> float | None:
        if self.independent_reference is None:
            return None
        return _var(self.variant_scores.mean(axis=0) - self.independent_reference.mean(axis=0))

    @property
    def variance_ratio(self) -> float | None:
        measured = self.measured_independent_variance
        independent = self.independent_variance if measured is None else measured
        paired = self.paired_variance
        if not paired or math.isnan(paired) or math.isnan(independent):
            return None  # no spread in the difference (identical arms): pairing saved everything
        return independent / paired

    def summary(self) -> dict:
        """The comparison as JSON-ready values (scores and differences as fractions: 0.02 is 2 points)."""
        low, high = self.interval() if self.pairs else (math.nan, math.nan)
        ratio = self.variance_ratio
        measured = self.measured_independent_variance
        _, ind_low, ind_high = _independent_interval(self)
        out = {
            "variant": self.variant, "reference": self.reference, "opponents": self.opponents, "seed": self.seed,
            "pairs": self.pairs, "games_per_arm_and_opponent": self.games,
            "variant_score": _num(self.variant_scores.mean()), "reference_score": _num(self.reference_scores.mean()),
            "difference": {"mean": _num(self.mean), "ci95": [_num(low), _num(high)],
                           "per_opponent": {name: _num(self.per_opponent[o].mean())
                                            for o, name in enumerate(self.opponents)}},
            "independent_ci95": [_num(ind_low), _num(ind_high)],
            "paired_variance": _num(self.paired_variance),
            "independent_variance": _num(self.independent_variance),
            "measured_independent_variance": None if measured is None else _num(measured),
            "variance_ratio": None if ratio is None else _num(ratio),
            "games_for_same_interval_independent": None if ratio is None else int(math.ceil(ratio * self.games)),
            "games_saved": None if ratio is None else max(0, int(math.ceil(ratio * self.games)) - self.games),
        }
        if self.played is not None:
            out["game"] = self.played.game_facts
            out["agents"] = self.played.agents
            out["native"] = self.played.native
        return out

    def text(self) -> str:
        """The comparison in a few lines, differences in points (hundredths of the score)."""
        s = self.summary()
        low, high = s["difference"]["ci95"]
        lines = [f"{self.variant} minus {self.reference} against {', '.join(self.opponents)}: "
                 f"{_pts(s['difference']['mean'])} points [{_pts(low)}, {_pts(high)}] over {self.pairs} pairs "
                 f"({self.games} games per arm and opponent, common random numbers)"]
        if s["variance_ratio"] is not None:
            lines.append(f"variance of the difference: paired {s['paired_variance']:.5f}, independent "
                         f"{(s['measured_independent_variance'] or s['independent_variance']):.5f} "
                         f"(ratio {s['variance_ratio']:.2f}: independent seeds need "
                         f"{s['games_for_same_interval_independent']} games for this interval)")
        return "\n".join(lines)


def _independent_interval(result: Comparison) -> tuple[float, float, float]:
    """The interval the same games would give were the arms on their own seeds (normal, from the summed
    variances)."""
    from tcbg.montecarlo.stats import Z95

    if not result.pairs:
        return math.nan, math.nan, math.nan
    half = Z95 * math.sqrt(result.independent_variance / result.pairs) if result.pairs > 1 else 0.0
    return result.mean, result.mean - half, result.mean + half


def _num(value: float) -> float | None:
    return None if value is None or math.isnan(value) else float(value)


def _pts(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:+.1f}"


def compare(variant: Any, reference: Any, against: Any, games: int, *, seed: int = 0, agent: Any = None,
            variant_agent: Any = None, reference_agent: Any = None, opponent_agent: Any = None,
            measure_independent: bool = False, game: str | None = None, workers: int | None = None,
            scheduler: Any = None, runner: Any = None, progress: bool = False, **options: Any) -> Comparison:
    """``variant`` against ``reference`` (two decks, or one deck under ``variant_agent`` and ``reference_agent``),
    each against every deck of ``against`` (one deck or a list) in ``games`` games (seat-swapped pairs), on common
    random numbers: see the module's docstring. With ``measure_independent`` the reference is played once more on
    disjoint seeds (pairs from :data:`INDEPENDENT_OFFSET`), so the variance of an unpaired difference is measured,
    not only computed. ``options`` are the game's (as :func:`play_arms`)."""
    against = [against] if isinstance(against, str) or not isinstance(against, (list, tuple)) else list(against)
    arms = [Arm(variant, variant_agent), Arm(reference, reference_agent)]
    if arms[0].name() == arms[1].name() and (variant_agent is not None or reference_agent is not None):
        arms = [Arm(variant, variant_agent, f"{arms[0].name()} ({_agent_text(variant_agent, agent)})"),
                Arm(reference, reference_agent, f"{arms[1].name()} ({_agent_text(reference_agent, agent)})")]
    own_runner = runner is None
    if own_runner:
        python = any(not isinstance(normalise_agents(a, 1)[0], dict)
                     for a in (agent or "random", variant_agent or "random", reference_agent or "random"))
        runner = make_runner(workers, scheduler, python)
    try:
        common = dict(seed=seed, agent=agent, opponent_agent=opponent_agent, game=game, runner=runner,
                      progress=progress, **options)
        played = play_arms(arms, against, games, **common)
        independent = None
        if measure_independent:
            again = play_arms([arms[1]], against, games, first_pair=INDEPENDENT_OFFSET, **common)
            independent = again.scores[0]
    finally:
        if own_runner:
            runner.close()
    return Comparison(arms[0].name(), arms[1].name(), played.opponents, seed,
                      played.scores[0] - played.scores[1], played.scores[0], played.scores[1], independent, played)


def _agent_text(spec: Any, default: Any) -> str:
    spec = default if spec is None else spec
    return str(spec if spec is not None else "default agent")


__all__ = ["Arm", "ArmsPlayed", "Comparison", "INDEPENDENT_OFFSET", "compare", "play_arms", "t_interval"]
