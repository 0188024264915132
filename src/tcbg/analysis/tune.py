"""Deck tuning without the winner's curse (docs/balance.md, "Deck tuning"), for both games.

The candidates are the deck's one-card changes (every copy of one card of the deck replaced by a card of the pool,
as :func:`tcbg.analysis.variants.replace_card` replaces them) and, unless asked not to, its two-card changes (two
such swaps of two different cards of the deck). Each is checked by deck construction (X610Z's deck-format D5, D7,
D9; Z/X's CR 401 and Z4): a candidate that breaks it is not played, and counted with its reason.

Selection is successive halving on common random numbers (:func:`tcbg.analysis.paired.play_arms`): every candidate
plays the same seat-swapped pairs against every opponent; after each round the better half (by mean score over all
the pairs it played, a draw counting half) goes on and plays twice as many new pairs, until at most ``finalists``
remain. Every round costs about the same number of games, so ``budget`` (the games of selection in all) fixes the
first round's pairs. Selection uses pairs ``[0, S)`` of the master seed; the finalists and the original deck are
then re-measured on fresh pairs ``[S, S + F)`` that no selection game used. The best of many noisy scores is
biased upwards (the winner's curse): the gap between the score a finalist was selected on and its re-measured
score shows by how much, and the change against the original deck on the fresh pairs (a paired 95% t interval) is
the figure to believe.

>>> from tcbg.analysis.tune import tune
>>> result = tune("vanilla-a", ["vanilla-b"], ["Quickfire Shard"], budget=48, fresh_games=4, cards=["Plain Geode"],
...               two_cards=False, agent="random", seed=1, workers=1, max_turns=40)
>>> [c["change"] for c in result.candidates], result.selection_pairs, result.fresh_pairs
(['Plain Geode -> Quickfire Shard'], [0, 24], [24, 26])
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from tcbg.analysis.paired import CHANGE, SCORE, Arm, play_arms, t_interval
from tcbg.analysis.variants import _baseline_card, _deck_card, card_label, deck_card_names, load_decks, replace_card
from tcbg.errors import SimulationError, TcbgError
from tcbg.montecarlo.agents import is_python_agent
from tcbg.montecarlo.parallel import make_runner

FORMAT = "tcbg-tune/1"

CAVEAT = ("The selected-on score is the best of many noisy scores, so it is biased upwards: the gap between it and "
          "the score re-measured on fresh seeds is the winner's curse. Believe the re-measured change against the "
          "original deck.")

DEFAULT_BUDGET = 4000
"""Selection games when none are given (every candidate, opponent and round; the fresh games come on top)."""


@dataclass
class Tune:
    """The result of :func:`tune`: the candidates tried (``candidates``, each with its rounds' scores), the halving
    ``rounds``, the ``finalists`` re-measured on fresh pairs beside the original deck, and the facts of the run."""

    deck: str
    opponents: list[str]
    pool: list[str]  # as given (names; Z/X: numbers or names)
    seed: int
    budget: int
    candidates: list[dict]
    illegal: list[dict]
    not_tried: int
    rounds: list[dict]
    finalists: list[dict]
    original: dict
    selection_pairs: list[int]
    fresh_pairs: list[int]
    games_played: int
    game_facts: dict
    agents: dict
    native: bool
    ran_on: str
    interrupted: bool = False
    seconds: float | None = None
    provenance: dict | None = None
    pair_scores: dict = field(default_factory=dict)  # (phase, label, first pair) -> per pair: mean over opponents
    pool_cards: list[str] = field(default_factory=list)  # the pool's cards as the text shows cards (card_label)

    def records(self):
        """The tuning's records as one ``pyarrow.Table`` (what ``tcbg rerun --check`` compares): a row per phase
        (``selection`` or ``fresh``), candidate and pair, with the candidate's mean score over the opponents."""
        import pyarrow as pa

        phases, labels, pairs, scores = [], [], [], []
        for (phase, label, first), values in self.pair_scores.items():
            phases += [phase] * len(values)
            labels += [label] * len(values)
            pairs += list(range(first, first + len(values)))
            scores += [float(v) for v in values]
        return pa.table({"phase": pa.array(phases, pa.string()), "candidate": pa.array(labels, pa.string()),
                         "pair": pa.array(pairs, pa.int64()), "score": pa.array(scores, pa.float64())})

    def summary(self) -> dict:
        """The tuning as JSON-ready values (``tcbg-tune/1``; scores as fractions: 0.55 is 55%)."""
        return {"format": FORMAT, "deck": self.deck, "opponents": self.opponents, "pool": self.pool,
                "pool_cards": self.pool_cards or list(self.pool),
                "seed": self.seed, "budget": self.budget, "selection_pairs": self.selection_pairs,
                "fresh_pairs": self.fresh_pairs, "games_played": self.games_played, "interrupted": self.interrupted,
                "seconds": self.seconds, "game": self.game_facts, "agents": self.agents, "native": self.native,
                "ran_on": self.ran_on, "counts": {"legal": len(self.candidates) + self.not_tried,
                                                  "tried": len(self.candidates), "illegal": len(self.illegal),
                                                  "not_tried": self.not_tried},
                "rounds": self.rounds, "candidates": self.candidates, "illegal": self.illegal,
                "original": self.original, "finalists": self.finalists, "caveat": CAVEAT,
                "provenance": self.provenance}

    def text(self) -> str:
        """The finalists as text, in points."""
        lines = [f"tuning of {self.deck} against {', '.join(self.opponents)} with pool "
                 f"{', '.join(self.pool_cards or self.pool)}: "
                 f"{len(self.candidates) + self.not_tried} legal candidates, {len(self.candidates)} tried "
                 f"({self.not_tried} left out by the budget; {len(self.illegal)} illegal skipped), "
                 f"{len(self.rounds)} halving round(s) on pairs [{self.selection_pairs[0]}, "
                 f"{self.selection_pairs[1]}), re-measured on fresh pairs [{self.fresh_pairs[0]}, "
                 f"{self.fresh_pairs[1]})",
                 f"original deck on the fresh pairs: {_pct(self.original['score'])} "
                 f"[{_pct(self.original['ci95'][0])}, {_pct(self.original['ci95'][1])}]"]
        width = max([len(f["change"]) for f in self.finalists] + [6])
        lines.append(f"{'change':<{width}}  {'selected':>8} {'fresh':>7} {'interval':>15} {'gap':>6} "
                     f"{'vs original':>11} {'interval':>15}")
        for f in self.finalists:
            lines.append(f"{f['change']:<{width}}  {_pct(f['selected_score']):>8} {_pct(f['fresh_score']):>7} "
                         f"{_range(f['fresh_ci95'], _pct):>15} {_pts(f['gap']):>6} {_pts(f['vs_original']):>11} "
                         f"{_range(f['vs_original_ci95'], _pts):>15}")
        lines.append("note: " + CAVEAT)
        return "\n".join(lines)


def _pct(value) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def _pts(value) -> str:
    return "n/a" if value is None else f"{100 * value:+.1f}"


def _range(pair, show) -> str:
    return f"[{show(pair[0])}, {show(pair[1])}]"


def _num(value) -> float | None:
    return None if value is None or math.isnan(value) else float(value)


def _swap(loaded, deck, card: str, new):
    """``deck`` (the original or a one-card change of it) with every copy of ``card`` replaced by ``new``."""
    return replace_card(dataclasses.replace(loaded, deck=deck), card, new)


def candidates_of(loaded, pool: Sequence[str], cards: Sequence[str] | None = None, two_cards: bool = True):
    """The legal changes of the deck and the illegal ones: ``([(label, variant)], [{"change", "reason"}])``. A
    one-card change replaces every copy of a card of the deck (of ``cards``, default every card) by a card of
    ``pool``; a two-card change does so for two different cards of the deck. A pool card the game does not know
    is an error (the card set's or ``ZXDeckError``), as is a name of ``cards`` not in the deck."""
    news = {name: _baseline_card(loaded, name) for name in pool}  # an unknown pool card is an error here
    own = deck_card_names(loaded)
    chosen = own if cards is None else list(cards)
    for name in chosen:
        _deck_card(loaded, name)  # a card not in the deck is an error, not a skip
    legal, illegal = [], []
    singles = []
    shown = {card: card_label(_deck_card(loaded, card)) for card in chosen}  # one form: name [number]
    for card in chosen:
        for name, new in news.items():
            if _name_of(new) == card or getattr(new, "number", None) == card:
                continue  # the card itself: no change
            label = f"{shown[card]} -> {card_label(new)}"
            try:
                variant = replace_card(loaded, card, new)
            except TcbgError as exc:
                illegal.append({"change": label, "reason": str(exc), "rule": getattr(exc, "rule", None)})
                continue
            legal.append((label, variant))
            singles.append((card, name, new, variant))
    if two_cards:
        for (c1, n1, new1, v1), (c2, n2, new2, _) in itertools.combinations(singles, 2):
            if c1 == c2 or c2 == _name_of(new1) or c1 == _name_of(new2):
                continue  # one card changed twice, or the card just brought in taken out again
            label = f"{shown[c1]} -> {card_label(new1)}; {shown[c2]} -> {card_label(new2)}"
            try:
                variant = _swap(loaded, v1, c2, new2)
            except TcbgError as exc:
                illegal.append({"change": label, "reason": str(exc), "rule": getattr(exc, "rule", None)})
                continue
            legal.append((label, variant))
    return legal, illegal


def _rounds(candidates: int, finalists: int) -> int:
    """Halving rounds until at most ``finalists`` of ``candidates`` remain (one round when there are no more)."""
    return max(1, math.ceil(math.log2(candidates / finalists))) if candidates > finalists else 1


def _name_of(card) -> str:
    return getattr(card, "name_en", None) or card.name


def _planned_games(candidates: int, first: int, rounds: int, finalists: int, opponents: int,
                   fresh_games: int) -> int:
    """The games a run plays when nothing cuts it short: each selection round's candidates at its pairs (doubling
    while the field halves, as :func:`tune` plays them), then the finalists and the original deck on fresh games.

    >>> _planned_games(8, 5, 3, 2, 1, 200)  # 8 x 10 + 4 x 20 + 2 x 40, then 3 x 200
    840
    """
    games, alive, pairs = 0, candidates, first
    for r in range(rounds):
        games += 2 * pairs * alive * opponents
        alive = max(finalists, math.ceil(alive / 2)) if r < rounds - 1 else finalists
        pairs *= 2
    return games + fresh_games * (min(finalists, candidates) + 1) * opponents


def tune(deck: Any, against: Sequence[Any], pool: Sequence[str], budget: int | None = None, *,
         fresh_games: int = 200, finalists: int = 3, cards: Sequence[str] | None = None, two_cards: bool = True,
         seed: int = 0, agent: Any = None, game: str | None = None, card_set: Any = None, workers: int | None = None,
         scheduler: Any = None, runner: Any = None, progress: bool = False,
         before_games: Callable[[int], Any] | None = None, **options: Any) -> Tune:
    """Tune ``deck`` against the decks of ``against`` with the cards of ``pool`` (names; Z/X: numbers or names):
    successive halving of its legal one- and two-card changes (of the deck cards ``cards``, default all; no two-card
    changes with ``two_cards`` False) on ``budget`` selection games (default :data:`DEFAULT_BUDGET`), then the
    ``finalists`` best and the original deck re-measured on ``fresh_games`` new games per opponent (seat-swapped
    pairs never used for selection). When the budget cannot give every candidate one pair per opponent in every
    round, the one-card changes are kept and a seeded sample of the two-card changes is taken (the rest counted as
    not tried). ``options`` are the game's (X610Z: board, rules, setup, max_turns; Z/X: max_turns, effects)."""
    started = time.monotonic()
    budget = DEFAULT_BUDGET if budget is None else budget
    for name, value, low in (("budget", budget, 2), ("fresh_games", fresh_games, 2), ("finalists", finalists, 1)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise SimulationError(f"must be a whole number of at least {low}, not {value!r}", field=name,
                                  rule="balance.md deck tuning")
    if fresh_games % 2:
        raise SimulationError(f"games are played in seat-swapped pairs: give an even number, not {fresh_games}",
                              field="fresh_games", rule="simulation.md matchups")
    pool = list(pool)
    if not pool:
        raise SimulationError("give at least one pool card", field="pool", rule="balance.md deck tuning")
    loaded = load_decks(deck, list(against), game=game, cards=card_set, **options)
    legal, illegal = candidates_of(loaded, pool, cards, two_cards)
    if not legal:
        raise SimulationError(f"no legal change of {loaded.deck.name} with the pool {', '.join(pool)}: "
                              + "; ".join(i["reason"] for i in illegal[:3]), field="pool",
                              rule="balance.md deck tuning")
    n_opp = len(loaded.opponents)
    # every round costs about keep * first * 2 * n_opp games: as many candidates as give each one pair a round
    keep = len(legal)
    while keep > 2 and _rounds(keep, finalists) * keep * 2 * n_opp > budget:
        keep -= 1
    rounds = _rounds(keep, finalists)
    first = budget // (rounds * keep * 2 * n_opp)
    not_tried = 0
    first = max(first, 1)
    if keep < len(legal):
        singles = [c for c in legal if ";" not in c[0]]
        doubles = [c for c in legal if ";" in c[0]]
        rng = np.random.default_rng(seed)
        if keep <= len(singles):
            picked = [singles[i] for i in sorted(rng.choice(len(singles), keep, replace=False))]
        else:
            picked = singles + [doubles[i] for i in sorted(rng.choice(len(doubles), keep - len(singles),
                                                                       replace=False))]
        not_tried = len(legal) - len(picked)
        legal = picked
    if before_games is not None:  # the command's cost line: every game the run will play, before the first
        before_games(_planned_games(len(legal), first, rounds, finalists, n_opp, fresh_games))
    python = is_python_agent(agent) if agent is not None else False
    own_runner = runner is None
    if own_runner:
        runner = make_runner(workers, scheduler, python)
    scores: dict[int, list[np.ndarray]] = {i: [] for i in range(len(legal))}
    pair_scores: dict = {}
    round_rows = []
    alive = list(range(len(legal)))
    pairs_done = 0
    games_played = 0
    interrupted = False
    played = None
    try:
        pairs = first
        for r in range(rounds):
            arms = [Arm(legal[i][1], label=legal[i][0]) for i in alive]
            played = play_arms(arms, loaded.opponents, 2 * pairs, seed=seed, agent=agent, game=loaded.game,
                               runner=runner, progress=progress, first_pair=pairs_done, **loaded.options)
            n = played.scores.shape[2]
            games_played += 2 * n * len(arms) * n_opp
            for slot, i in enumerate(alive):
                values = played.scores[slot].mean(axis=0)
                scores[i].append(values)
                pair_scores[("selection", legal[i][0], pairs_done)] = values
            means = {i: float(np.concatenate(scores[i]).mean()) for i in alive}
            ranked = sorted(alive, key=lambda i: (-means[i], i))
            goes_on = ranked[:max(finalists, math.ceil(len(ranked) / 2))] if r < rounds - 1 else ranked[:finalists]
            round_rows.append({"round": r + 1, "first_pair": pairs_done, "pairs": n,
                               "candidates": [{"change": legal[i][0], "score": means[i], "kept": i in goes_on}
                                              for i in ranked]})
            pairs_done += n
            if played.interrupted or n < pairs:
                interrupted = True
                break
            alive = goes_on
            pairs *= 2
        selection_end = pairs_done
        finals = ranked[:finalists] if interrupted else goes_on  # interrupted: the best so far, not re-measured
        fresh = None
        if not interrupted:
            arms = [Arm(loaded.deck, label=loaded.deck.name)] + [Arm(legal[i][1], label=legal[i][0]) for i in finals]
            fresh = play_arms(arms, loaded.opponents, fresh_games, seed=seed, agent=agent, game=loaded.game,
                              runner=runner, progress=progress, first_pair=selection_end, **loaded.options)
            games_played += 2 * fresh.scores.shape[2] * len(arms) * n_opp
            interrupted = fresh.interrupted
    finally:
        if own_runner:
            runner.close()
    fresh_end = selection_end + (fresh.scores.shape[2] if fresh is not None else 0)
    original: dict = {"score": None, "ci95": [None, None]}
    final_rows = []
    if fresh is not None:
        reference = fresh.scores[0].mean(axis=0)
        pair_scores[("fresh", loaded.deck.name, selection_end)] = reference
        mean, low, high = t_interval(reference, bounds=SCORE)
        original = {"score": _num(mean), "ci95": [_num(low), _num(high)]}
        for slot, i in enumerate(finals, start=1):
            values = fresh.scores[slot].mean(axis=0)
            pair_scores[("fresh", legal[i][0], selection_end)] = values
            selected = float(np.concatenate(scores[i]).mean())
            f_mean, f_low, f_high = t_interval(values, bounds=SCORE)
            d_mean, d_low, d_high = t_interval(values - reference, bounds=CHANGE)
            final_rows.append({"change": legal[i][0], "deck": legal[i][1].name, "selected_score": selected,
                               "selected_pairs": int(sum(s.size for s in scores[i])), "fresh_score": _num(f_mean),
                               "fresh_ci95": [_num(f_low), _num(f_high)], "fresh_pairs": int(values.size),
                               "gap": _num(selected - f_mean), "vs_original": _num(d_mean),
                               "vs_original_ci95": [_num(d_low), _num(d_high)]})
    candidate_rows = []
    for i, (label, variant) in enumerate(legal):
        per_round = [float(s.mean()) for s in scores[i]]
        candidate_rows.append({"change": label, "deck": variant.name, "rounds": len(per_round),
                               "round_scores": per_round, "pairs": int(sum(s.size for s in scores[i])),
                               "score": float(np.concatenate(scores[i]).mean()) if scores[i] else None,
                               "finalist": i in finals})
    from tcbg.montecarlo.provenance import provenance

    labels = ["deck", *(f"against {d.name}" for d in loaded.opponents)]
    given = dict(zip(labels, [deck, *against]))
    objects = dict(zip(labels, [loaded.deck, *loaded.opponents]))
    block = provenance(played.matchups[0][0].games[0], given, {"every seat": agent or played.agents["opponents"]},
                       seed, options={"card_set": card_set, **options}, loaded=objects,
                       run={"pool": pool, "budget": budget, "fresh_games": fresh_games, "finalists": finalists,
                            "cards": None if cards is None else list(cards), "two_cards": two_cards})
    return Tune(loaded.deck.name, [d.name for d in loaded.opponents], pool, seed, budget, candidate_rows, illegal,
                not_tried, round_rows, final_rows, original, [0, selection_end], [selection_end, fresh_end],
                games_played, played.game_facts, played.agents, played.native, played.ran_on, interrupted,
                round(time.monotonic() - started, 1), block,
                pair_scores, [card_label(_baseline_card(loaded, name)) for name in pool])


__all__ = ["CAVEAT", "DEFAULT_BUDGET", "FORMAT", "Tune", "candidates_of", "tune"]
