"""Matchups: deck A against deck B in seat-swapped pairs, with win rates, the first player's advantage, how games
were won, how long they lasted, and which cards made the difference (docs/simulation.md).

Pair k plays game seed ``derive_seed(seed, k)`` twice: once with A on the first team's seats (seating A-B), once
with the decks swapped (B-A). The first player is drawn from the seed (rules.md 5.3), so within a pair each deck
goes first once whenever the first seat is the same; the first player's advantage cancels in A's win rate and is
reported on its own.

>>> from tcbg.montecarlo.matchup import matchup
>>> result = matchup("vanilla-a", "vanilla-b", games=8, agent="random", seed=3, workers=1, max_turns=60)
>>> result.pairs, sorted(result.summary()["results"])
(4, ['A', 'B', 'draws', 'elo_a', 'score_a'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from tcbg.errors import SimulationError
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.agents import normalise_agents
from tcbg.montecarlo.batch import Table, remember_game, uses_native
from tcbg.montecarlo.parallel import make_runner
from tcbg.montecarlo.progress import progress_bar
from tcbg.montecarlo.records import instance_labels, with_flag_columns
from tcbg.montecarlo.reloads import reload_summary
from tcbg.montecarlo.simulate import play_tables, records_from
from tcbg.montecarlo.stats import (SequentialTest, _distribution, card_statistics, elo_estimate, pentanomial,
                                   proportion)

DRAWN, CAST, IN_PLAY = 1, 2, 4

SEQUENTIAL_LOOK = 64
"""Pairs per batch when a sequential test runs: the test looks after every batch, so a fixed batch makes its cost
and its stopping point independent of the cap (``games``). 64 pairs: small enough that the batches still in flight
when the test stops are soon done (at 300 faction games a second a core, under half a second), large enough that a
batch's round trip to a worker stays a small part of its work."""


def default_agent(game: str = game_adapter.DEFAULT_GAME) -> str:
    """The agent matchups of ``game`` use unless told otherwise: its kind's (the game's heuristic for X610Z and Z/X;
    docs/agents.md).

    >>> default_agent(), default_agent("zx")
    ('heuristic', 'heuristic')
    """
    return game_adapter.kind_named(game).default_agent


@dataclass
class Matchup:
    """The result of :func:`matchup`: the records of both seatings (game k of each is pair k) and what was asked."""

    deck_a: str
    deck_b: str
    games: tuple  # (game A-B, game B-A)
    sides: tuple  # per seating, the side (A or B) of each seat
    agents: dict  # side -> agent spec
    seed: int
    records: tuple  # (SimulationRecords A-B, SimulationRecords B-A)
    sequential: SequentialTest | None
    ran_on: str
    requested_games: int
    given: dict | None = None  # what the run was given: decks by side, game options, run settings (provenance)
    lost: str | None = None  # the run stopped because its Dask scheduler went away (the games so far are kept)

    @property
    def pairs(self) -> int:
        return len(self.records[0])

    @property
    def interrupted(self) -> bool:
        return self.records[0].interrupted

    def label(self, side: str) -> str:
        """How reports name a side: its deck and the side's letter, ``vanilla-a (A)``, so the two sides of a mirror
        match (one deck against itself) stay apart."""
        return f"{self.deck_a if side == 'A' else self.deck_b} ({side})"

    def side_mask(self, seating: int, side: str) -> int:
        return sum(1 << seat for seat, s in enumerate(self.sides[seating]) if s == side)

    def a_points(self, seating: int) -> np.ndarray:
        """A's score in each game of a seating: 1 win, 0.5 draw, 0 loss."""
        return _points(self.records[seating]["winner_mask"], self.side_mask(seating, "A"))

    def pentanomial(self) -> np.ndarray:
        return pentanomial(self.a_points(0) + self.a_points(1))

    def winner_sides(self, seating: int) -> np.ndarray:
        """Per game of a seating: ``"A"``, ``"B"`` or ``"draw"``."""
        mask = self.records[seating]["winner_mask"]
        out = np.full(mask.size, "draw", dtype="<U4")
        out[(mask & self.side_mask(seating, "A")) != 0] = "A"
        out[(mask & self.side_mask(seating, "B")) != 0] = "B"
        return out

    def first_sides(self, seating: int) -> np.ndarray:
        return np.array(self.sides[seating], dtype="<U1")[self.records[seating]["first_player"]]

    # -- the summary -----------------------------------------------------------------------------------------------

    def summary(self) -> dict:
        """Everything the report shows, as plain JSON-ready values."""
        winners = np.concatenate([self.winner_sides(0), self.winner_sides(1)])
        firsts = np.concatenate([self.first_sides(0), self.first_sides(1)])
        reasons = np.concatenate([self.records[0]["reason"], self.records[1]["reason"]])
        turns = np.concatenate([self.records[0]["turns"], self.records[1]["turns"]]).astype(np.int64)
        decisions = np.concatenate([self.records[0]["decisions"], self.records[1]["decisions"]]).astype(np.int64)
        n = int(winners.size)
        out = {
            "format": "tcbg-matchup/1",
            "decks": {"A": self.deck_a, "B": self.deck_b},
            "labels": {side: self.label(side) for side in "AB"},
            "agents": self.agents,
            "game": _game_facts(self.games[0]),
            "seed": self.seed,
            "games_requested": self.requested_games,
            "games": n,
            "pairs": self.pairs,
            "interrupted": self.interrupted,
            "native": self.records[0].native,
            "ran_on": self.ran_on,
            "results": self.summary_results(),
            "pentanomial": [int(c) for c in self.pentanomial()],
            "first_player": {
                "wins": proportion(int((winners == firsts).sum()), n).to_dict(),
                "a_when_first": proportion(int(((winners == "A") & (firsts == "A")).sum()),
                                           int((firsts == "A").sum())).to_dict(),
                "a_when_second": proportion(int(((winners == "A") & (firsts == "B")).sum()),
                                            int((firsts == "B").sum())).to_dict(),
            },
            "win_conditions": _win_conditions(winners, reasons, game_adapter.reasons_of(self.games[0])),
            "game_length": {"turns": _distribution(turns), "decisions": _distribution(decisions, histogram=False)},
            "cards": {side: self.card_statistics(side) for side in "AB"},
        }
        if "reloads" in game_adapter.kind_of(self.games[0]).seat_measures:
            out["reloads"] = reload_summary(self)
        if self.lost:
            out["stopped"] = self.lost  # why an interrupted run stopped, when not Ctrl-C
        if self.sequential is not None:
            out["sprt"] = self.sequential.to_dict()
            out["sprt"]["trace"] = [list(t) for t in self.sequential.trace]
        out["provenance"] = self.provenance()
        return out

    def provenance(self) -> dict:
        """The summary's provenance block (:func:`tcbg.montecarlo.provenance.provenance`), made once."""
        from tcbg.montecarlo.provenance import provenance

        cached = getattr(self, "_provenance", None)
        if cached is None:
            given = self.given or {}
            decks = given.get("decks") or {"A": self.deck_a, "B": self.deck_b}
            loaded = None
            if game_adapter.kind_of(self.games[0]).name == "x610z":  # the checked decks the games hold
                loaded = {side: self.games[0].decks[self.sides[0].index(side)] for side in "AB"}
            cached = provenance(self.games[0], decks, given.get("agents") or self.agents, self.seed,
                                options=given.get("options"), run=given.get("run"), loaded=loaded)
            self._provenance = cached
        return cached

    def summary_results(self) -> dict:
        """A's and B's win rates and the draw rate over every game (95% Wilson intervals), A's mean score, and A's
        Elo advantage estimated from the pairs."""
        winners = np.concatenate([self.winner_sides(0), self.winner_sides(1)])
        n = int(winners.size)
        a_wins, b_wins = int((winners == "A").sum()), int((winners == "B").sum())
        return {"A": proportion(a_wins, n).to_dict(), "B": proportion(b_wins, n).to_dict(),
                "draws": proportion(n - a_wins - b_wins, n).to_dict(),
                "score_a": (a_wins + 0.5 * (n - a_wins - b_wins)) / n if n else None,
                "elo_a": elo_estimate(self.pentanomial()).to_dict()}

    def card_statistics(self, side: str) -> dict:
        """:func:`tcbg.montecarlo.stats.card_statistics` for one side's deck over both seatings, each card's verdict
        adjusted for the number of the deck's cards drawn in a game (:func:`cards_seen`)."""
        won, drawn, cast, seen = [], [], [], []
        own_flags = game_adapter.kind_of(self.games[0]).card_flags
        extra: dict[str, list[np.ndarray]] = {key: [] for key, _, _ in own_flags}
        names: list[str] = []
        copies: list[int] = []
        for seating in (0, 1):
            game = self.games[seating]
            seats = [s for s, x in enumerate(self.sides[seating]) if x == side]
            listed = game_adapter.deck_cards(game, seats[0])
            names = [name for name, _ in listed]
            copies = [count * len(seats) for _, count in listed]
            columns = card_columns(game, seats, names)
            flags = self.records[seating].card_flags
            # per card, only its copies' columns are read: no (games x instances) temporary beyond the flags
            drawn.append(any_flag(flags, columns, DRAWN))
            cast.append(any_flag(flags, columns, CAST))
            seen.append(cards_seen(flags, columns))
            for key, bit, _ in own_flags:
                extra[key].append(any_flag(flags, columns, bit))
            won.append(self.winner_sides(seating) == side)
        return card_statistics(np.concatenate(won), np.concatenate(drawn), np.concatenate(cast), names, copies,
                               extra={key: np.concatenate(parts) for key, parts in extra.items()},
                               seen=np.concatenate(seen))

    def side_order(self, seating: int) -> np.ndarray:
        """The instances of a seating reordered side by side: deck A's seats' cards, then deck B's (each in seat
        order), so that column c of :meth:`side_flags` is the same card in both seatings."""
        owners = np.array([owner for owner, _ in self.records[seating].instances])
        seats = [seat for side in "AB" for seat, s in enumerate(self.sides[seating]) if s == side]
        return np.concatenate([np.flatnonzero(owners == seat) for seat in seats])

    def side_instances(self) -> list[tuple[str, str]]:
        """(side, card name) of each column of :meth:`side_flags`."""
        sides, instances = self.sides[0], self.records[0].instances
        return [(sides[instances[i][0]], instances[i][1]) for i in self.side_order(0)]

    def side_flags(self, seating: int) -> np.ndarray:
        return self.records[seating].card_flags[:, self.side_order(seating)]

    def side_measures(self, seating: int) -> dict[str, np.ndarray]:
        """The game's own per-seat record columns of a seating by side: ``{measure}_a`` and ``{measure}_b`` (Z/X:
        ``reloads_a``, ``first_reload_turn_a``, ...), each the value of the side's seat. A game with such measures
        seats one player per side (a team of several would need a rule to join their values)."""
        kind = game_adapter.kind_of(self.games[seating])
        out: dict[str, np.ndarray] = {}
        if not kind.seat_measures:
            return out
        sides = self.sides[seating]
        seat = {}
        for side in "AB":
            seats = [k for k, s in enumerate(sides) if s == side]
            if len(seats) != 1:
                raise SimulationError(f"{kind.name} keeps per-seat measures, so a side has one seat, not {len(seats)}",
                                      field="setup", rule="simulation.md")
            seat[side] = seats[0]
        for measure in kind.seat_measures:
            for side in "AB":
                out[f"{measure}_{side.lower()}"] = self.records[seating][f"{measure}_p{seat[side]}"]
        return out

    def measure(self, name: str, side: str) -> np.ndarray:
        """A per-seat measure of ``side`` over both seatings, in :meth:`games_table` order (Z/X: ``reloads``)."""
        return np.concatenate([self.side_measures(seating)[f"{name}_{side.lower()}"] for seating in (0, 1)])

    def games_table(self):
        """Every game of both seatings as a ``pyarrow.Table``: ``pair``, ``seating`` (``A-B`` or ``B-A``),
        ``seed``, ``winner`` (``A``, ``B``, ``draw``), ``a_points``, ``reason``, ``turns``, ``decisions``,
        ``first_player`` (seat), ``first_deck`` (A or B), the game's own measures by side (:meth:`side_measures`;
        Z/X: ``reloads_a``, ``reloads_b``, ``first_reload_turn_a``, ``first_reload_turn_b``) and ``card_flags`` in
        the side-by-side order of :meth:`side_instances` (in the schema metadata)."""
        import json

        import pyarrow as pa

        parts = []
        for seating, label in ((0, "A-B"), (1, "B-A")):
            rec = self.records[seating]
            flags = self.side_flags(seating)
            flat = pa.array(np.ascontiguousarray(flags).reshape(-1), type=pa.uint8())
            parts.append(pa.table({
                "pair": pa.array(rec["game"]),
                "seating": pa.array([label] * len(rec), type=pa.string()),
                "seed": pa.array(rec["seed"]),
                "winner": pa.array(self.winner_sides(seating).tolist(), type=pa.string()),
                "a_points": pa.array(self.a_points(seating)),
                "reason": pa.array(rec.reason_names(), type=pa.string()),
                "turns": pa.array(rec["turns"]),
                "decisions": pa.array(rec["decisions"]),
                "first_player": pa.array(rec["first_player"]),
                "first_deck": pa.array(self.first_sides(seating).tolist(), type=pa.string()),
                **{name: pa.array(values) for name, values in self.side_measures(seating).items()},
                "card_flags": pa.FixedSizeListArray.from_arrays(flat, flags.shape[1]),
            }))
        meta = {"instances": [list(i) for i in self.side_instances()], "decks": {"A": self.deck_a, "B": self.deck_b}}
        return pa.concat_tables(parts).replace_schema_metadata({"tcbg": json.dumps(meta)})

    def games_csv_table(self):
        """:meth:`games_table` with one column of card flags per instance, named ``A:Ashwing Drake#2`` (deck A's
        second Ashwing Drake), for CSV."""
        flags = np.concatenate([self.side_flags(0), self.side_flags(1)])
        return with_flag_columns(self.games_table().drop_columns(["card_flags"]), flags,
                                 instance_labels(self.side_instances()))


def matchup(deck_a: Any, deck_b: Any, games: int, *, agent: Any = None, agent_b: Any = None,
            board: Any = None, rules: str | None = None, setup: str | None = None, cards: Any = None,
            max_turns: int | None = None, seed: int = 0, workers: int | None = None, scheduler: Any = None,
            until_decided: bool = False, margin: float = 10.0, alpha: float = 0.05, beta: float = 0.05,
            min_pairs: int = 200, progress: bool = False, runner: Any = None,
            batch_size: int | None = None, game: str | None = None, effects: bool | None = None) -> Matchup:
    """Play deck A against deck B in ``games // 2`` seat-swapped pairs (``games`` must be even) and return the
    :class:`Matchup`. ``agent`` plays both decks (default: :func:`default_agent`) unless ``agent_b`` names B's.
    With ``until_decided`` the run stops early once the :class:`~tcbg.montecarlo.stats.SequentialTest` (``margin``
    Elo, error rates ``alpha`` and ``beta``) decides; ``games`` is then the most it plays, and the test looks after
    every batch of :data:`SEQUENTIAL_LOOK` pairs whatever the cap (``batch_size`` overrides it). ``runner`` reuses the
    processes or cluster of a caller (as ``tcbg matrix`` does); otherwise ``workers`` and ``scheduler`` choose as in
    :func:`tcbg.simulate`. Ctrl-C stops the run and keeps the pairs finished so far. ``game`` names the game
    (its registered kind, :mod:`tcbg.montecarlo.games`; None: the game the decks belong to,
    :func:`~tcbg.montecarlo.games.game_of_decks`); ``board``, ``rules``, ``setup``, ``cards`` and
    ``max_turns`` are its options, those left None taking the game's defaults (X610Z: board existenz, setup 1v1,
    the card set load_game picks, turn limit 200); ``effects`` is Z/X's (None: the cards' abilities are played
    unless a deck holds one the engine cannot run yet, then none are, which the summary's game facts say)."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise SimulationError(f"must be a whole number of at least 0, not {games!r}", field="games",
                              rule="simulation.md")
    if games % 2:
        raise SimulationError(f"games are played in seat-swapped pairs: give an even number, not {games}",
                              field="games", rule="simulation.md matchups")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise SimulationError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}", field="seed",
                              rule="simulation.md")
    sequential = SequentialTest(margin=margin, alpha=alpha, beta=beta, min_pairs=min_pairs) if until_decided \
        else None
    # the game's own options, those given (X610Z's defaults: board existenz, setup 1v1, turn limit 200)
    options = {name: value for name, value in (("board", board), ("rules", rules), ("setup", setup),
                                               ("cards", cards), ("max_turns", max_turns),
                                               ("effects", effects)) if value is not None}
    game = game_adapter.game_of_decks([deck_a, deck_b]) if game is None else game
    ab, ba, sides_ab, sides_ba = game_adapter.matchup_games(deck_a, deck_b, game=game, **options)
    agent = default_agent(game) if agent is None else agent
    specs = {"A": normalise_agents(agent, 1)[0], "B": normalise_agents(agent if agent_b is None else agent_b, 1)[0]}
    for spec in specs.values():  # an agent the game cannot play is refused here, in one line, not in a worker
        if isinstance(spec, dict):
            game_adapter.native_agent_class(ab)(spec, 0)
    tables = []
    for seated, sides in ((ab, sides_ab), (ba, sides_ba)):
        seats = [specs[s] for s in sides]
        config = game_adapter.config_of(seated)
        remember_game(config, seated)
        tables.append(Table(config, tuple(seats)))
    python_agents = any(not isinstance(a, dict) for a in specs.values())
    own_runner = runner is None
    if own_runner:
        runner = make_runner(workers, scheduler, python_agents)
    a_masks = [sum(1 << s for s, x in enumerate(sides) if x == "A") for sides in (sides_ab, sides_ba)]
    counts = np.zeros(5, dtype=np.int64)

    def checkpoint(columns, indices) -> bool:
        nonlocal counts
        points = _points(columns[0]["winner_mask"], a_masks[0]) + _points(columns[1]["winner_mask"], a_masks[1])
        counts = counts + pentanomial(points)
        return sequential.update(counts) is not None

    if sequential is not None and batch_size is None:
        batch_size = SEQUENTIAL_LOOK
    try:
        from tcbg.montecarlo.provenance import agent_name

        who = " / ".join(dict.fromkeys(agent_name(spec) if isinstance(spec, dict) else _spec_text(spec)
                                       for spec in specs.values()))
        bar = progress_bar(games, enabled=progress,
                           desc=f"{_label(ab, sides_ab, 'A')} vs {_label(ab, sides_ab, 'B')}, {who}")
        try:
            played = play_tables(tables, seed, 0, games // 2, runner=runner, bar=bar, batch_size=batch_size,
                                 checkpoint=checkpoint if sequential is not None else None)
        finally:
            bar.close()
        ran_on = runner.description
    finally:
        if own_runner:
            runner.close()
    native = uses_native(tables[0].agents)
    records = (records_from(ab, played, 0, native), records_from(ba, played, 1, native))
    run = {"command": "matchup", "games": games, "until_decided": until_decided}
    if until_decided:  # the batch size is where the test looks, so where it stops; without the test it changes nothing
        run.update(margin=margin, alpha=alpha, beta=beta, min_pairs=min_pairs)
        if batch_size is not None:
            run["batch_size"] = batch_size
    given = {"decks": {"A": deck_a, "B": deck_b}, "options": options, "agents": specs, "run": run}
    return Matchup(_label(ab, sides_ab, "A"), _label(ab, sides_ab, "B"), (ab, ba), (sides_ab, sides_ba),
                   {side: _spec_text(spec) for side, spec in specs.items()}, seed, records, sequential, ran_on,
                   games, given, played.lost)


def _label(game, sides, side: str) -> str:
    return game.decks[sides.index(side)].name


def _spec_text(spec: Any) -> Any:
    return spec if isinstance(spec, dict) else f"python:{type(spec).__name__}"


def _points(winner_mask: np.ndarray, a_mask: int) -> np.ndarray:
    a_won = (winner_mask & a_mask) != 0
    draw = winner_mask == 0
    return a_won.astype(np.float64) + 0.5 * draw


def any_flag(flags: np.ndarray, columns: list[list[int]], bit: int) -> np.ndarray:
    """Per game and card, whether any of its copies (``columns``) has ``bit`` set: a bool (games, cards) array."""
    if not columns:
        return np.zeros((flags.shape[0], 0), dtype=bool)
    return np.stack([(flags[:, cols] & bit).any(axis=1) for cols in columns], axis=1)


def cards_seen(flags: np.ndarray, columns: list[list[int]]) -> np.ndarray:
    """Per game, how many of the deck's card copies (``columns``, as :func:`card_columns` gives them) were drawn:
    the measure of how much of its deck a side saw, which the per-card verdicts are adjusted for."""
    every = [c for cols in columns for c in cols]
    if not every:
        return np.zeros(flags.shape[0], dtype=np.int64)
    return ((flags[:, every] & DRAWN) != 0).sum(axis=1)


def card_columns(game, seats: list[int], names: list[str]) -> list[list[int]]:
    """Per card name, the instances that are its copies owned by one of ``seats`` (life bases left out)."""
    column = {name: c for c, name in enumerate(names)}
    life_bases = game_adapter.instances_in_play_from_start(game)
    out: list[list[int]] = [[] for _ in names]
    for i, (owner, name) in enumerate(game_adapter.instance_cards(game)):
        if owner in seats and i not in life_bases:
            out[column[name]].append(i)
    return out


def _game_facts(game) -> dict:
    return game_adapter.game_facts(game)


def _win_conditions(winners: np.ndarray, reasons: np.ndarray, names: tuple[str, ...]) -> dict:
    out: dict[str, dict[str, int]] = {}
    for side in ("A", "B", "draw"):
        here = reasons[winners == side]
        counts = np.bincount(here, minlength=len(names))
        out[side] = {names[r]: int(n) for r, n in enumerate(counts) if n}
    return out


__all__ = ["Matchup", "default_agent", "matchup"]
