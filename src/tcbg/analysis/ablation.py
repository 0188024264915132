"""Card ablation (docs/balance.md, "Card ablation"): what each card of a deck is worth, measured by replacing all
its copies with a baseline card and playing both decks on common random numbers against the same opponents.

Per card, the *causal* effect is the change in the deck's score (win rate, a draw counting half) of the variant
minus the original deck, averaged over the opponents, with a 95% t interval over the seat-swapped pairs
(:mod:`tcbg.analysis.paired`); a card the deck is better *without* has a positive change. Beside it stands the
*observational* statistic of the matchup reports (the original deck's win rate in the games the card was drawn,
minus its win rate over all games), an association only: a card drawn mostly in long games shares the win rate of
long games, so where the two columns disagree the ablation is the one to believe.

All the variants and the original deck play as tables of one native batch run per round (every variant against
every opponent, both seatings); ``until_precise`` adds rounds for the cards whose interval is still wider than
asked, the original deck replayed alongside on the same new pairs.

>>> from tcbg.analysis.ablation import ablate
>>> result = ablate("vanilla-a", ["vanilla-b"], games=4, cards=["Plain Geode"], baseline="Quickfire Shard",
...                 agent="random", seed=1, workers=1, max_turns=40)
>>> [row["card"] for row in result.rows], result.rows[0]["pairs"]
(['Plain Geode'], 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from tcbg.analysis.paired import CHANGE, Arm, ArmsPlayed, play_arms, t_interval
from tcbg.analysis.variants import LoadedDecks, card_label, deck_card_label, deck_card_names, load_decks, replace_card
from tcbg.errors import SimulationError, TcbgError
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.agents import is_python_agent
from tcbg.montecarlo.parallel import make_runner
from tcbg.montecarlo.stats import Z95, card_statistics

FORMAT = "tcbg-ablation/1"

CAVEAT = ("The observational column is an association, not a cause: the deck's win rate in the games a card was "
          "drawn, minus its win rate over all games. A card drawn mostly in long games (or in games already going "
          "well) shares their win rate. The ablation column is the cause: the same games replayed with the card "
          "replaced. Where they disagree, believe the ablation. The observed verdict compares the games where the card "
          "was drawn with those where it was not among games where the deck drew as many of its cards (over, under: "
          "the 95% interval of that difference lies above, below 0).")

MIN_ROUND_SHARE = 0.25
"""A round of ``until_precise`` plays at least this share of the pairs played so far: fewer, longer rounds (each
replays the original deck beside the variants, and a round's last batches leave workers idle)."""

MAX_ROUND_FACTOR = 4
"""A round of ``until_precise`` plays at most this many times the pairs played so far, so a first estimate of the
spread that was too small cannot send one round far past what is needed."""


@dataclass
class Ablation:
    """The result of :func:`ablate`: one row per card (ranked: the cards the deck would most gain by losing first,
    the ones it most needs last; the cards not ablated, with the reason, after them) and the facts of the run."""

    deck: str
    opponents: list[str]
    seed: int
    games: int
    rows: list[dict]
    skipped: list[dict]
    reference_score: float
    observational: dict
    game_facts: dict
    agents: dict
    native: bool
    ran_on: str
    rounds: int
    until_precise: float | None
    games_played: int
    interrupted: bool = False
    seconds: float | None = field(default=None)
    independent: dict = field(default_factory=dict)
    differences: dict = field(default_factory=dict)  # card -> per pair: the variant's score less the original's

    def records(self):
        """The ablation's records as one ``pyarrow.Table``, what ``tcbg rerun --check`` compares: a row per card and
        seat-swapped pair (``card``, ``pair``, ``change``: the variant's mean score over the opponents in that pair
        less the original deck's, the values the card's interval is taken over)."""
        import pyarrow as pa

        cards, pairs, changes = [], [], []
        for card, values in self.differences.items():
            cards += [card] * len(values)
            pairs += list(range(len(values)))
            changes += [float(v) for v in values]
        return pa.table({"card": pa.array(cards, pa.string()), "pair": pa.array(pairs, pa.int64()),
                         "change": pa.array(changes, pa.float64())})

    def summary(self) -> dict:
        """The ablation as JSON-ready values (``tcbg-ablation/1``; changes and intervals as fractions of the score:
        0.02 is 2 points)."""
        return {"format": FORMAT, "deck": self.deck, "opponents": self.opponents, "seed": self.seed,
                "games_per_comparison": self.games, "until_precise": self.until_precise, "rounds": self.rounds,
                "games_played": self.games_played, "interrupted": self.interrupted, "seconds": self.seconds,
                "game": self.game_facts, "agents": self.agents, "native": self.native, "ran_on": self.ran_on,
                "reference_score": self.reference_score, "cards": self.rows, "skipped": self.skipped,
                "observational": self.observational, "caveat": CAVEAT,
                "independent_seeds": {k: v for k, v in self.independent.items() if k != "provenance"},
                "provenance": self.independent.get("provenance")}

    def text(self) -> str:
        """The ranked table as text, in points."""
        width = max([len(_shown(r)) for r in self.rows + self.skipped] + [4])
        base = max([len(r["baseline"]) for r in self.rows] + [8])
        lines = [f"ablation of {self.deck} against {', '.join(self.opponents)}: original score "
                 f"{100 * self.reference_score:.1f}%; change when the card is replaced (variant minus original, "
                 f"points, 95% interval) and the observational drawn-minus-all difference",
                 f"{'card':<{width}}  {'baseline':<{base}} {'change':>7} {'interval':>16} {'pairs':>6} "
                 f"{'observed':>9}"]
        for r in self.rows:
            low, high = r["ci95"]
            observed = "n/a" if r["observed_delta"] is None else f"{100 * r['observed_delta']:+.1f}"
            lines.append(f"{_shown(r):<{width}}  {r['baseline']:<{base}} {100 * r['change']:>+7.1f} "
                         f"{f'[{100 * low:+.1f}, {100 * high:+.1f}]':>16} {r['pairs']:>6} {observed:>9}")
        for r in self.rows:
            if r.get("note"):
                lines.append(f"{_shown(r)}: {r['note']}")
        for s in self.skipped:
            lines.append(f"{_shown(s):<{width}}  not ablated: {s['reason']}")
        lines.append("note: " + CAVEAT)
        return "\n".join(lines)


def ablate(deck: Any, against: Sequence[Any], games: int, *, cards: Sequence[str] | None = None,
           baseline: Any = None, seed: int = 0, agent: Any = None, until_precise: float | None = None,
           max_games: int | None = None, game: str | None = None, card_set: Any = None, workers: int | None = None,
           scheduler: Any = None, runner: Any = None, progress: bool = False,
           before_games: Callable[[int], Any] | None = None, **options: Any) -> Ablation:
    """Ablate ``cards`` of ``deck`` (None: every card of its list) against the decks of ``against``: each card's
    copies replaced by ``baseline`` (a card name; None: each card's default baseline,
    :func:`tcbg.analysis.variants.default_baseline`), ``games`` games per variant and opponent (seat-swapped pairs)
    on common random numbers with the original deck. With every card (``cards`` None), a card that cannot be
    ablated (no default baseline, a variant breaking deck construction, a vanilla card that is its own baseline)
    is listed in ``skipped`` with the reason; a card named in ``cards`` that cannot be ablated is an error.

    ``until_precise`` (points, as 2.0 for plus or minus 2 points) plays further rounds for the cards whose interval
    is wider than that, until every one is within it or ``max_games`` (per variant and opponent; default 50 times
    ``games``) is reached. ``card_set`` is X610Z's card set (``cards`` of a matchup; default: as a matchup picks
    it); ``options`` are the game's others (X610Z: board, rules, setup, max_turns; Z/X: max_turns, effects).
    ``before_games(n)``, if given, is called once before the first game with the games of the first round (every
    game of the run without ``until_precise``): a command's cost line."""
    import time

    started = time.monotonic()
    if until_precise is not None and not (isinstance(until_precise, (int, float)) and until_precise > 0):
        raise SimulationError(f"must be a number of points above 0, not {until_precise!r}", field="until_precise",
                              rule="balance.md card ablation")
    loaded = load_decks(deck, list(against), game=game, cards=card_set, **options)
    explicit = cards is not None
    names = list(cards) if explicit else deck_card_names(loaded)
    variants, skipped = [], []
    for name in names:
        try:
            variant = replace_card(loaded, name, baseline)
        except TcbgError as exc:
            if explicit:
                raise
            skipped.append({"card": name, "label": _label_or_name(loaded, name), "reason": str(exc)})
            continue
        if _same_deck(loaded, variant):
            reason = "it is its own baseline (a vanilla card): replacing it changes nothing"
            if explicit:
                raise SimulationError(f"{name!r}: {reason}; name another baseline", field="baseline",
                                      rule="balance.md card ablation")
            skipped.append({"card": name, "label": deck_card_label(loaded, name), "reason": reason})
            continue
        variants.append((name, _baseline_of(loaded, variant, name), variant))
    max_games = 50 * games if max_games is None else max_games
    if before_games is not None and variants:
        before_games(2 * (games // 2) * (len(variants) + 1) * len(loaded.opponents))
    python = is_python_agent(agent) if agent is not None else False
    own_runner = runner is None
    if own_runner:
        runner = make_runner(workers, scheduler, python)
    reference = Arm(loaded.deck, label=loaded.deck.name)
    diffs: list[list[np.ndarray]] = [[] for _ in variants]
    reference_scores: list[np.ndarray] = []
    reference_matchups = []
    pairs_done = 0
    rounds = 0
    games_played = 0
    interrupted = False
    first: ArmsPlayed | None = None
    try:
        active = list(range(len(variants)))
        round_pairs = games // 2
        while active and round_pairs > 0:
            arms = [reference] + [Arm(variants[i][2], label=variants[i][0]) for i in active]
            played = play_arms(arms, loaded.opponents, 2 * round_pairs, seed=seed, agent=agent, game=loaded.game,
                               runner=runner, progress=progress, first_pair=pairs_done, **loaded.options)
            first = first or played
            rounds += 1
            n = played.scores.shape[2]
            games_played += 2 * n * len(arms) * len(loaded.opponents)
            reference_scores.append(played.scores[0].mean(axis=0))
            reference_matchups.extend(played.matchups[0])
            for slot, i in enumerate(active, start=1):
                diffs[i].append((played.scores[slot] - played.scores[0]).mean(axis=0))
            pairs_done += n
            if played.interrupted or n < round_pairs:
                interrupted = True
                break
            if until_precise is None:
                break
            target = until_precise / 100
            widths = {i: _half_width(np.concatenate(diffs[i])) for i in active}
            active = [i for i in active if widths[i] > target]
            if not active:
                break
            # the round the least demanding card still needs (a quarter of what was played at least): a card
            # that needs few pairs is not carried along to the many the hardest one needs
            needed = min(_pairs_for(np.concatenate(diffs[i]), target) for i in active)
            round_pairs = min(max(needed - pairs_done, math.ceil(MIN_ROUND_SHARE * pairs_done)),
                              MAX_ROUND_FACTOR * pairs_done, max_games // 2 - pairs_done)
    finally:
        if own_runner:
            runner.close()
    observed = _observational(reference_matchups)
    by_card = {row["card"]: row for row in observed["cards"]}
    ref = np.concatenate(reference_scores) if reference_scores else np.zeros(0)
    # independent seeds: the variant's spread and the original's summed, taken as equal (a card changes the deck's
    # score by a few points, its spread hardly at all)
    independent = 2 * float(np.var(ref, ddof=1)) if ref.size > 1 else None
    rows = []
    for i, (name, baseline_name, variant) in enumerate(variants):
        values = np.concatenate(diffs[i]) if diffs[i] else np.zeros(0)
        mean, low, high = t_interval(values, bounds=CHANGE)
        obs = by_card.get(name, {})
        note = _not_common(loaded, variant)
        rows.append({"card": name, "label": deck_card_label(loaded, name), "baseline": baseline_name,
                     "copies": _copies(loaded, name), "note": note,
                     "change": _num(mean), "ci95": [_num(low), _num(high)], "pairs": int(values.size),
                     "variance": _num(float(np.var(values, ddof=1))) if values.size > 1 else None,
                     "variance_ratio": _ratio(independent, values),
                     "observed_delta": obs.get("drawn_delta"), "observed_drawn": obs.get("drawn"),
                     "observed_adjusted": obs.get("drawn_adjusted"), "observed_verdict": obs.get("verdict", "")})
    if first is not None:  # where the result came from (docs/simulation.md "Provenance and reruns")
        from tcbg.montecarlo.provenance import provenance

        labels = ["deck", *(f"against {d.name}" for d in loaded.opponents)]
        given = dict(zip(labels, [deck, *against]))
        objects = dict(zip(labels, [loaded.deck, *loaded.opponents]))
        block = provenance(first.matchups[0][0].games[0], given, {"every seat": agent or first.agents["opponents"]},
                           seed, options={"card_set": card_set, **options}, loaded=objects,
                           run={"games": games, "cards": None if not explicit else names,
                                "baseline": None if baseline is None else str(baseline),
                                "until_precise": until_precise, "max_games": max_games})
    precise = until_precise / 100 if until_precise else None
    summary_extra = {"independent_variance": independent, "provenance": block if first is not None else None,
                     "independent_pairs_for_the_target": None if not (precise and independent) else
                     int(math.ceil((Z95 ** 2) * independent / precise ** 2))}
    rows.sort(key=lambda r: (r["change"] is None, -(r["change"] or 0.0), r["card"]))
    facts = first.game_facts if first else game_adapter.game_facts(
        game_adapter.matchup_games(loaded.deck, loaded.opponents[0], game=loaded.game, **loaded.options)[0])
    return Ablation(loaded.deck.name, [d.name for d in loaded.opponents], seed, games, rows, skipped,
                    float(ref.mean()) if ref.size else math.nan, observed, facts,
                    first.agents if first else {}, first.native if first else True,
                    first.ran_on if first else "", rounds, until_precise, games_played, interrupted,
                    round(time.monotonic() - started, 1), summary_extra,
                    {name: np.concatenate(diffs[i]) if diffs[i] else np.zeros(0)
                     for i, (name, _, _) in enumerate(variants)})


def _shown(row: dict) -> str:
    """A row's card as the text shows cards (:func:`tcbg.analysis.variants.card_label`; a summary written before
    rows had a label: its name)."""
    return row.get("label") or row["card"]


def _label_or_name(loaded: LoadedDecks, name: str) -> str:
    try:
        return deck_card_label(loaded, name)
    except TcbgError:  # a card that is not the deck's: shown as given
        return name


def _not_common(loaded: LoadedDecks, variant) -> str:
    """Why the variant's shuffles are not the original's, or "": a Z/X variant that gains or loses the Start Card
    (it begins on the Player Square, so the shuffled deck is one card longer or shorter; docs/balance.md)."""
    if loaded.game != "zx":
        return ""

    def starts(deck) -> bool:
        return any(card.is_zx and card.has("Start Card") for card, _ in deck.deck)

    if starts(loaded.deck) != starts(variant):
        return "the variant gains or loses the Start Card: its deck is shuffled at another size, so not in common"
    return ""


def _same_deck(loaded: LoadedDecks, variant) -> bool:
    if loaded.game == "x610z":
        return [(c.name, n) for c, n in variant.cards] == [(c.name, n) for c, n in loaded.deck.cards]
    return [(c.number, n) for c, n in variant.deck] == [(c.number, n) for c, n in loaded.deck.deck]


def _baseline_of(loaded: LoadedDecks, variant, name: str) -> str:
    """The card that took ``name``'s place in ``variant``: the one whose count grew or that is new."""
    from tcbg.analysis.variants import _merged

    if loaded.game == "x610z":
        before = {c.name: n for c, n in loaded.deck.cards}
        after = {c.name: n for c, n in _merged(variant.cards)}
    else:
        before = {c.name_en or c.name: n for c, n in loaded.deck.deck}
        after = {c.name_en or c.name: n for c, n in _merged(variant.deck)}
    grown = [card for card, n in after.items() if n > before.get(card, 0)]
    if loaded.game != "x610z" and grown:  # the card itself, shown with its number
        return next(card_label(c) for c, _ in variant.deck if (c.name_en or c.name) == grown[0])
    return grown[0] if grown else name


def _copies(loaded: LoadedDecks, name: str) -> int:
    if loaded.game == "x610z":
        return sum(n for c, n in loaded.deck.cards if c.name == name)
    return sum(n for c, n in loaded.deck.deck if (c.name_en or c.name) == name)


def _ratio(independent: float | None, values: np.ndarray) -> float | None:
    """Independent-seeds variance over the paired one: how many times the pairs independent seeds would need."""
    if independent is None or values.size < 2:
        return None
    paired = float(np.var(values, ddof=1))
    return None if paired == 0 else independent / paired


def _half_width(values: np.ndarray) -> float:
    mean, low, high = t_interval(values)
    return (high - low) / 2 if values.size > 1 else math.inf


def _pairs_for(values: np.ndarray, half_width: float) -> int:
    """Pairs a mean of values with this spread needs for an interval of ``half_width`` (normal approximation, 10%
    margin)."""
    from tcbg.montecarlo.stats import Z95

    sd = float(np.std(values, ddof=1)) if values.size > 1 else 0.5
    return int(math.ceil(1.1 * (Z95 * sd / half_width) ** 2))


def _observational(matchups) -> dict:
    """The original deck's per-card statistics pooled over every game it played (every opponent, every round): the
    matchup reports' table (:func:`tcbg.montecarlo.stats.card_statistics`)."""
    from tcbg.montecarlo.matchup import any_flag, card_columns, cards_seen, CAST, DRAWN

    won, drawn, cast, seen = [], [], [], []
    names: list[str] = []
    copies: list[int] = []
    for result in matchups:
        for seating in (0, 1):
            g = result.games[seating]
            seats = [s for s, x in enumerate(result.sides[seating]) if x == "A"]
            listed = game_adapter.deck_cards(g, seats[0])
            names = [name for name, _ in listed]
            copies = [count * len(seats) for _, count in listed]
            columns = card_columns(g, seats, names)
            flags = result.records[seating].card_flags
            drawn.append(any_flag(flags, columns, DRAWN))
            cast.append(any_flag(flags, columns, CAST))
            seen.append(cards_seen(flags, columns))
            won.append(result.winner_sides(seating) == "A")
    if not won:
        return {"baseline": None, "cards": []}
    return card_statistics(np.concatenate(won), np.concatenate(drawn), np.concatenate(cast), names, copies,
                           seen=np.concatenate(seen))


def _num(value: float) -> float | None:
    return None if value is None or math.isnan(value) else float(value)


__all__ = ["Ablation", "CAVEAT", "FORMAT", "ablate"]
