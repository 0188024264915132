"""The metagame of a field of decks (docs/balance.md, "The metagame"), for both games: from a round robin of
seat-swapped pairs (:func:`tcbg.montecarlo.matrix.matrix`, or a matrix folder already written), the score matrix,
the symmetric zero-sum game's maximum-entropy Nash equilibrium, each deck's Nash-averaged rating, each deck's
expected score against a field of given shares, replicator dynamics from that field, and a bootstrap over the pairs
of games for every figure, with how many games would make the equilibrium's support certain.

>>> from tcbg.analysis.meta import meta
>>> result = meta(["vanilla-a", "vanilla-b", "vanilla-act1-a"], games=8, agent="random", seed=1, workers=1,
...               max_turns=40, bootstrap=20)
>>> result.decks
['vanilla-a', 'vanilla-b', 'vanilla-act1-a']
>>> bool(abs(result.equilibrium.shares.sum() - 1) < 1e-9), result.summary()["format"]
(True, 'tcbg-meta/1')
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field as dataclass_field
from pathlib import Path
from typing import Any, NoReturn

import numpy as np

from tcbg.analysis.meta_nash import (SUPPORT_SHARE, Equilibrium, field_scores, nash, nash_average, replicator)
from tcbg.errors import DataFileError, SimulationError

DEFAULT_BOOTSTRAP = 200
"""Bootstrap replicates by default: enough for 95% percentile intervals and support probabilities to about two
points, while a field of eight decks still takes seconds (one linear program a replicate)."""

FIELD_TOLERANCE = 1e-3
"""How far from 1 a field's shares may add up (shares written to three places, 0.333 three times, are a field);
the shares are then scaled to add up to 1 exactly (balance.md M3)."""

CERTAIN = 0.95
"""A deck's place in or out of the equilibrium's support is certain when its bootstrap probability of being in the
support is at least this or at most 1 - this (balance.md M4)."""

SCALE_STEPS = np.arange(-10, 41)
"""The games per matchup the support's certainty is looked for at: the games played times 2**(k/2) for these k,
from 1/32 of them to 2**20 times as many (balance.md M4)."""


def parse_field(text: str) -> dict[str, float]:
    """A field as the command line gives it, ``arnunnian=0.4,undead=0.3,...``, into deck name -> share (checked
    by :func:`field_shares`).

    >>> parse_field("arnunnian=0.4, undead=0.6")
    {'arnunnian': 0.4, 'undead': 0.6}
    """
    out: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in str(text).split(","))):
        name, sep, share = part.partition("=")
        name = name.strip()
        if not sep or not name:
            raise SimulationError(f"{part!r} is not DECK=SHARE", field="field", rule="balance.md M3")
        try:
            value = float(share)
        except ValueError:
            raise SimulationError(f"the share of {name!r} is not a number: {share.strip()!r}", field="field",
                                  rule="balance.md M3") from None
        if name in out:
            raise SimulationError(f"deck {name!r} is given twice", field="field", rule="balance.md M3")
        out[name] = value
    if not out:
        raise SimulationError("a field names at least one deck: DECK=SHARE,DECK=SHARE,...", field="field",
                              rule="balance.md M3")
    return out


def field_shares(decks: list[str], given: Any) -> np.ndarray:
    """The shares of a field over ``decks`` (balance.md M3): ``given`` maps deck names to shares (or is the text
    of :func:`parse_field`); each name is one of ``decks``, each share a number of at least 0, and they add up to
    1 within :data:`FIELD_TOLERANCE`. Decks left out have no share. None: the uniform field.

    >>> field_shares(["a", "b", "c"], {"a": 0.5, "c": 0.5}).tolist()
    [0.5, 0.0, 0.5]
    """
    n = len(decks)
    if given is None:
        return np.full(n, 1.0 / n)
    if isinstance(given, str):
        given = parse_field(given)
    if not isinstance(given, dict):
        raise SimulationError(f"a field maps deck names to shares, not {type(given).__name__}", field="field",
                              rule="balance.md M3")
    shares = np.zeros(n)
    for name, share in given.items():
        if name not in decks:
            from tcbg._suggest import with_hint

            raise SimulationError(with_hint(f"deck {name!r} is not one of the decks ({', '.join(decks)})", str(name),
                                            [str(d) for d in decks]), field="field",
                                  rule="balance.md M3")
        if isinstance(share, bool) or not isinstance(share, (int, float)) or not math.isfinite(share):
            raise SimulationError(f"the share of {name!r} is not a number: {share!r}", field="field",
                                  rule="balance.md M3")
        if share < 0:
            raise SimulationError(f"the share of {name!r} is negative: {share!r}", field="field",
                                  rule="balance.md M3")
        shares[decks.index(name)] = float(share)
    total = float(shares.sum())
    if abs(total - 1.0) > FIELD_TOLERANCE:
        raise SimulationError(f"the shares add up to {total:g}, not 1 (within {FIELD_TOLERANCE:g})", field="field",
                              rule="balance.md M3")
    return shares / total


# -- the data: A's points per seat-swapped pair, per matchup ---------------------------------------------------------

def pair_points(result) -> dict[tuple[int, int], np.ndarray]:
    """Per matchup (i, j) of a :class:`~tcbg.montecarlo.matrix.MatrixResult`, deck i's points in each
    seat-swapped pair (its score over the pair's two games: 0, 0.5, ..., 2)."""
    return {key: m.a_points(0) + m.a_points(1) for key, m in result.matchups.items()}


def scores_of(decks: list[str], pairs: dict) -> np.ndarray:
    """The score matrix: the row deck's mean score against the column deck (1/2 on the diagonal)."""
    n = len(decks)
    out = np.full((n, n), 0.5)
    for (i, j), points in pairs.items():
        out[i, j] = float(np.mean(points)) / 2
        out[j, i] = 1.0 - out[i, j]
    return out


def _resampled_scores(decks: list[str], pairs: dict, replicates: int, rng) -> np.ndarray:
    """``replicates`` score matrices, each from the pairs of every matchup drawn again with replacement (the
    seat-swapped pair is the unit: both seatings of a seed stay together). A pair's points take one of five values,
    so drawing m pairs again is drawing the counts of those values from a multinomial: the same distribution as
    drawing indices, at a cost that does not grow with the games."""
    n = len(decks)
    out = np.full((replicates, n, n), 0.5)
    for (i, j), points in sorted(pairs.items()):
        values, counts = np.unique(points, return_counts=True)
        drawn = rng.multinomial(points.size, counts / points.size, size=replicates)
        out[:, i, j] = drawn @ values / points.size / 2
        out[:, j, i] = 1.0 - out[:, i, j]
    return out


def _interval(samples: np.ndarray, estimate: np.ndarray) -> np.ndarray:
    """95% percentile intervals over the first axis, widened to hold the estimate where it falls outside (a share
    of 0 at the simplex's edge, whose replicates can only lie above it): shape (..., 2)."""
    low, high = np.percentile(samples, [2.5, 97.5], axis=0)
    return np.stack([np.minimum(low, estimate), np.maximum(high, estimate)], axis=-1)


@dataclass
class Metagame:
    """The result of :func:`meta` or :func:`meta_from_folder`: the figures and their bootstrap intervals.

    ``scores`` (row deck's mean score against the column deck), ``equilibrium``
    (:class:`~tcbg.analysis.meta_nash.Equilibrium`), ``ratings`` (Nash-averaged: score less 1/2 against the
    equilibrium), ``field`` (the shares of the field, uniform unless given) and ``field_scores`` (each deck's
    expected score against it), each with an interval in ``intervals``; ``support_probability`` (per deck, the
    share of replicates whose equilibrium plays it), ``games_needed`` and ``trajectory`` (replicator dynamics from
    the field)."""

    decks: list[str]
    pairs: dict
    matrix: dict  # what the round robin was: games_per_matchup, seed, agents, game, interrupted, source
    field: np.ndarray
    field_given: bool
    replicates: int
    scores: np.ndarray = dataclass_field(init=False)
    equilibrium: Equilibrium = dataclass_field(init=False)
    ratings: np.ndarray = dataclass_field(init=False)
    field_scores: np.ndarray = dataclass_field(init=False)
    intervals: dict = dataclass_field(init=False)
    support_probability: np.ndarray = dataclass_field(init=False)
    games_needed: dict = dataclass_field(init=False)
    trajectory: tuple = dataclass_field(init=False)

    def __post_init__(self) -> None:
        n = len(self.decks)
        missing = [f"{self.decks[i]} vs {self.decks[j]}" for i in range(n) for j in range(i + 1, n)
                   if (i, j) not in self.pairs or self.pairs[(i, j)].size == 0]
        if missing:
            raise SimulationError(f"the metagame needs every matchup played; none for {', '.join(missing)}",
                                  field="games", rule="balance.md M1")
        self.scores = scores_of(self.decks, self.pairs)
        self.equilibrium = nash(self.scores)
        self.ratings = nash_average(self.scores, self.equilibrium.shares)
        self.field_scores = field_scores(self.scores, self.field)
        rng = np.random.default_rng([int(self.matrix["seed"]), 0x6D657461])  # "meta": apart from the games' seeds
        boot = _resampled_scores(self.decks, self.pairs, self.replicates, rng)
        equilibria = [nash(s, guess=self.equilibrium.support) for s in boot]
        shares = np.array([e.shares for e in equilibria])
        ratings = np.array([nash_average(s, e.shares) for s, e in zip(boot, equilibria)])
        self.intervals = {"scores": _interval(boot, self.scores), "shares": _interval(shares, self.equilibrium.shares),
                          "ratings": _interval(ratings, self.ratings),
                          "field_scores": _interval(boot @ self.field, self.field_scores)}
        self.support_probability = (shares > SUPPORT_SHARE).mean(axis=0)
        self.games_needed = self._games_needed(boot)
        self.trajectory = replicator(self.scores, self.field)

    def _support_probability(self, boot: np.ndarray, factor: float) -> np.ndarray:
        """The support probabilities were every matchup ``factor`` times as many pairs: the replicates' deviations
        from the estimate shrunk by sqrt(factor), as a mean's do (balance.md M4)."""
        scaled = np.clip(self.scores + (boot - self.scores) / math.sqrt(factor), 0.0, 1.0)
        return np.mean([nash(s, guess=self.equilibrium.support).support for s in scaled], axis=0)

    def _games_needed(self, boot: np.ndarray) -> dict:
        """The fewest games per matchup at which every deck's support probability is certain (balance.md M4), by
        bisection over :data:`SCALE_STEPS` (the probabilities move toward 0 or 1 as the games grow)."""
        def certain(k: int) -> bool:
            p = self._support_probability(boot, 2.0 ** (k / 2))
            return bool(np.all((p >= CERTAIN) | (p <= 1 - CERTAIN)))

        pairs = float(np.median([p.size for p in self.pairs.values()]))  # played (a run cut short: fewer asked)
        lo, hi = int(SCALE_STEPS[0]), int(SCALE_STEPS[-1])

        def games(k: int) -> int:
            return 2 * max(1, math.ceil(pairs * 2.0 ** (k / 2)))

        out = {"method": "bootstrap replicates scaled by the square root of the games (balance.md M4)",
               "threshold": CERTAIN, "certain_now": bool(np.all((self.support_probability >= CERTAIN)
                                                                | (self.support_probability <= 1 - CERTAIN)))}
        if not certain(hi):
            return {**out, "games": None, "bound": "more than", "limit": games(hi)}
        if certain(lo):
            return {**out, "games": games(lo), "bound": "at most"}
        while hi - lo > 1:  # certain(hi), not certain(lo)
            mid = (lo + hi) // 2
            if certain(mid):
                hi = mid
            else:
                lo = mid
        return {**out, "games": games(hi), "bound": "about"}

    # -- plain values --------------------------------------------------------------------------------------------

    def summary(self) -> dict:
        """Everything the report shows, as JSON-ready values (format ``tcbg-meta/1``, docs/balance.md)."""
        iv = self.intervals
        eq = self.equilibrium
        times, shares = self.trajectory
        step = max(1, (len(times) - 1) // 100)
        return {
            "format": "tcbg-meta/1",
            "decks": list(self.decks),
            # the round robin's provenance (docs/simulation.md): `tcbg rerun` plays its games again
            "provenance": self.matrix.get("provenance"),
            "matrix": {**{k: v for k, v in self.matrix.items() if k != "provenance"}, "pairs": [[self.decks[i], self.decks[j], int(p.size)]
                                                for (i, j), p in sorted(self.pairs.items())]},
            "scores": _floats(self.scores), "scores_ci95": _floats(iv["scores"]),
            "equilibrium": {"shares": _floats(eq.shares), "ci95": _floats(iv["shares"]),
                            "support": [bool(s) for s in eq.support],
                            "support_probability": _floats(self.support_probability),
                            "unique": eq.unique, "lowest": _floats(eq.lowest), "highest": _floats(eq.highest),
                            "chosen": "the maximum-entropy equilibrium (balance.md M1)"},
            "ratings": {"values": _floats(self.ratings), "ci95": _floats(iv["ratings"])},
            "field": {"shares": _floats(self.field), "given": self.field_given,
                      "scores": _floats(self.field_scores), "ci95": _floats(iv["field_scores"])},
            "support_games": self.games_needed,
            "replicator": {"start": _floats(self.field), "times": _floats(times[::step]),
                           "shares": _floats(shares[::step]), "end": _floats(shares[-1])},
            "bootstrap": {"replicates": self.replicates, "unit": "seat-swapped pair, within each matchup",
                          "interval": "95% percentile, widened to hold the estimate"},
        }

    def table_text(self) -> str:
        """The figures per deck as aligned text (the lines ``tcbg meta`` prints)."""
        width = max(12, *(len(d) for d in self.decks))
        iv = self.intervals
        head = (f"{'deck':<{width}}  {'Nash share [95%]':>22}  {'in support':>10}  {'Nash rating [95%]':>24}  "
                f"{'vs field [95%]':>22}")
        lines = [head]
        for k, deck in enumerate(self.decks):
            share = _pct(self.equilibrium.shares[k], iv["shares"][k])
            rating = points_text(self.ratings[k], iv["ratings"][k])
            lines.append(f"{deck:<{width}}  {share:>22}  {100 * self.support_probability[k]:>9.0f}%  "
                         f"{rating:>24}  {_pct(self.field_scores[k], iv['field_scores'][k]):>22}")
        return "\n".join(lines)


def points_text(value: float, interval) -> str:
    """A rating and its interval in points, signed, never ``-0.0`` (a rating of -1e-9 is the solver's rounding).

    >>> points_text(-1e-9, [-0.084, 1e-10])
    '+0.0 [-8.4, +0.0]'
    """
    def one(x: float) -> str:
        return f"{round(100 * float(x), 1) + 0.0:+.1f}"

    return f"{one(value)} [{one(interval[0])}, {one(interval[1])}]"


def _pct(value: float, interval) -> str:
    return f"{100 * value:.1f}% [{100 * interval[0]:.1f}, {100 * interval[1]:.1f}]"


def _floats(values) -> Any:
    return (np.asarray(values, dtype=float) + 0.0).round(12).tolist()  # + 0.0: never -0.0


def support_games_text(needed: dict) -> str:
    """The games-needed figure in words."""
    if needed["games"] is None:
        return f"more than {needed['limit']} games per matchup (a deck sits on the support's edge)"
    return f"{needed['bound']} {needed['games']} games per matchup"


# -- the entry points ----------------------------------------------------------------------------------------------

def meta(decks: list[Any], games: int, *, field: Any = None, bootstrap: int = DEFAULT_BOOTSTRAP, seed: int = 0,
         agent: Any = None, workers: int | None = None, scheduler: Any = None, progress: bool = False,
         runner: Any = None, **options: Any) -> Metagame:
    """Play the round robin of ``decks`` (``games`` per matchup in seat-swapped pairs, as
    :func:`tcbg.montecarlo.matrix.matrix` with ``options``: board, max_turns, effects, game ...) and analyse its
    metagame. ``field`` maps deck names to shares (None: uniform); ``bootstrap`` replicates give the intervals."""
    check_field_names(decks, field)
    from tcbg.montecarlo.matrix import matrix

    result = matrix(decks, games, agent=agent, workers=workers, scheduler=scheduler, progress=progress,
                    runner=runner, seed=seed, **options)
    return metagame_of_matrix(result, field=field, bootstrap=bootstrap)


def check_field_names(decks: list[Any], field: Any) -> None:
    """Refuse a field naming a deck that is not playing before any game is played (when the decks are shipped
    names; a deck file's name is known once it is loaded, and the field is checked then)."""
    if isinstance(field, (str, dict)):
        names = [d if isinstance(d, str) else getattr(d, "name", str(d)) for d in decks]
        given = parse_field(field) if isinstance(field, str) else field
        if all(isinstance(d, str) and not os.path.exists(d) for d in names):  # shipped names: known before play
            field_shares(names, given)


def metagame_of_matrix(result, *, field: Any = None, bootstrap: int = DEFAULT_BOOTSTRAP) -> Metagame:
    """The metagame of a :class:`~tcbg.montecarlo.matrix.MatrixResult` already played."""
    summary = result.summary()
    info = {"games_per_matchup": result.games_per_matchup, "seed": result.seed, "agents": summary["agents"],
            "game": summary["game"], "interrupted": result.interrupted, "source": "played",
            "provenance": summary.get("provenance")}
    return _metagame(list(result.decks), pair_points(result), info, field, bootstrap)


def _metagame(decks, pairs, info, field, bootstrap) -> Metagame:
    if isinstance(bootstrap, bool) or not isinstance(bootstrap, int) or bootstrap < 1:
        raise SimulationError(f"bootstrap replicates are a whole number of at least 1, not {bootstrap!r}",
                              field="bootstrap", rule="balance.md M4")
    return Metagame(decks, pairs, info, field_shares(decks, field), field is not None, bootstrap)


def meta_from_folder(folder: str | os.PathLike[str], *, decks: list[str] | None = None, field: Any = None,
                     bootstrap: int = DEFAULT_BOOTSTRAP) -> Metagame:
    """The metagame of a matrix folder already written (``tcbg matrix ... -o FOLDER`` or ``tcbg meta ... -o
    FOLDER``): its ``summary.json`` and per-game records (Parquet or CSV), so no game is played again; the same
    games give the same figures as :func:`meta`. ``decks`` picks some of the folder's decks (balance.md M6)."""
    summary_path = Path(folder) / "summary.json"
    from tcbg._jsonfile import parse_json_text

    def unreadable(reason: str) -> NoReturn:
        raise DataFileError(f"cannot be read as JSON: {reason}", file=str(summary_path), where="file",
                            rule="balance.md M6")

    try:
        text = summary_path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFileError("no summary.json: not a folder of tcbg matrix or tcbg meta", file=str(folder),
                            where="folder", rule="balance.md M6") from None
    except (OSError, ValueError) as error:  # a folder named summary.json, not UTF-8 text
        unreadable(str(error))
    summary = parse_json_text(text, unreadable)
    kind = summary.get("format") if isinstance(summary, dict) else None
    if kind not in ("tcbg-matrix/1", "tcbg-meta/1"):
        raise DataFileError(f"format is {kind!r}, not tcbg-matrix/1 or tcbg-meta/1", file=str(summary_path),
                            where="format", rule="balance.md M6")
    facts = summary if kind == "tcbg-matrix/1" else summary.get("matrix", {})
    for where, value, wanted in (("matrix", facts, dict), ("files", summary.get("files") or {}, dict),
                                 ("decks", summary.get("decks") or [], list)):
        if not isinstance(value, wanted) or (where == "decks" and not all(isinstance(d, str) for d in value)):
            raise DataFileError(f"must be {'an object' if wanted is dict else 'a list of deck names'}, as tcbg "
                                f"writes it", file=str(summary_path), where=where, rule="balance.md M6")
    for where in ("games_per_matchup", "seed"):
        if not isinstance(facts.get(where, 0), int) or isinstance(facts.get(where), bool):
            raise DataFileError("must be a whole number, as tcbg writes it", file=str(summary_path), where=where,
                                rule="balance.md M6")
    records = Path(folder) / str((summary.get("files") or {}).get("records", "games.parquet"))
    names = list(summary.get("decks") or [])
    pairs = _read_pairs(records, names)
    info = {"games_per_matchup": int(facts.get("games_per_matchup", 0)), "seed": int(facts.get("seed", 0)),
            "agents": facts.get("agents"), "game": facts.get("game"),
            "interrupted": bool(facts.get("interrupted", False)), "source": str(Path(folder)),
            "provenance": summary.get("provenance")}
    if decks is not None:
        unknown = [d for d in decks if d not in names]
        if unknown:
            from tcbg._suggest import with_hint

            raise DataFileError(with_hint(f"deck {unknown[0]!r} is not one of the folder's decks "
                                          f"({', '.join(names)})", str(unknown[0]), names),
                                file=str(summary_path), where="decks", rule="balance.md M6")
        if len(set(decks)) != len(decks) or len(decks) < 2:
            raise SimulationError("pick two or more different decks of the folder", field="decks",
                                  rule="balance.md M6")
        index = [names.index(d) for d in decks]
        picked = {}
        for a in range(len(index)):
            for b in range(a + 1, len(index)):
                i, j = index[a], index[b]
                if (min(i, j), max(i, j)) in pairs:  # a pair's points are the first-named deck's: 2 less B's
                    picked[(a, b)] = pairs[(i, j)] if i < j else 2.0 - pairs[(j, i)]
        pairs = picked
        names = list(decks)
    return _metagame(names, pairs, info, field, bootstrap)


def _read_pairs(path: Path, decks: list[str]) -> dict:
    """Deck i's points per seat-swapped pair against deck j (i < j in ``decks`` order), from a matrix's records."""
    import pyarrow.compute as pc

    try:
        if path.suffix == ".csv":
            import pyarrow.csv as pcsv

            table = pcsv.read_csv(str(path))
        else:
            import pyarrow.parquet as pq

            table = pq.read_table(str(path))
    except FileNotFoundError:
        raise DataFileError("the records named by summary.json are missing", file=str(path), where="file",
                            rule="balance.md M6") from None
    except Exception as error:  # pyarrow's own errors: an unreadable file is bad input, one line
        raise DataFileError(f"cannot be read: {error}", file=str(path), where="file", rule="balance.md M6") from None
    missing = [c for c in ("deck_a", "deck_b", "pair", "a_points") if c not in table.column_names]
    if missing:
        raise DataFileError(f"no column {missing[0]!r}: not the records of a matrix", file=str(path),
                            where="columns", rule="balance.md M6")
    deck_a, deck_b = table["deck_a"].to_numpy(zero_copy_only=False), table["deck_b"].to_numpy(zero_copy_only=False)
    pair = np.asarray(table["pair"].to_numpy(zero_copy_only=False), dtype=np.int64)
    points = np.asarray(pc.cast(table["a_points"], "double").to_numpy(zero_copy_only=False), dtype=float)
    out = {}
    for i in range(len(decks)):
        for j in range(i + 1, len(decks)):
            rows = (deck_a == decks[i]) & (deck_b == decks[j])
            if not rows.any():
                continue
            ids, inverse, counts = np.unique(pair[rows], return_inverse=True, return_counts=True)
            if np.any(counts != 2) or np.any((points[rows] < 0) | (points[rows] > 1)):
                raise DataFileError(f"{decks[i]} vs {decks[j]}: each pair is two games scoring 0 to 1 for A",
                                    file=str(path), where="rows", rule="balance.md M6")
            out[(i, j)] = np.bincount(inverse, weights=points[rows], minlength=ids.size)
    return out


__all__ = ["DEFAULT_BOOTSTRAP", "Metagame", "field_shares", "meta", "meta_from_folder", "metagame_of_matrix",
           "pair_points", "parse_field", "points_text", "support_games_text"]
