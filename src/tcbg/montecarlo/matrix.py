"""The round-robin matrix: every deck against every other in seat-swapped pairs, one :func:`matchup` per pair of
decks on one set of processes (or one cluster).

Cell (row, column) is the row deck's win rate against the column deck with its 95% Wilson interval; the diagonal
is empty (a deck against itself in seat-swapped pairs scores exactly one half by construction).

>>> from tcbg.montecarlo.matrix import matrix
>>> result = matrix(["vanilla-a", "vanilla-b"], games=4, agent="random", seed=2, workers=1, max_turns=40)
>>> result.decks, len(result.matchups)
(['vanilla-a', 'vanilla-b'], 1)
>>> win = result.win_rates()
>>> bool(win[0][1] + win[1][0] + result.draw_rate(0, 1) == 1.0)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tcbg.errors import SimulationError
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.agents import is_python_agent
from tcbg.montecarlo.matchup import Matchup, default_agent, matchup
from tcbg.montecarlo.parallel import make_runner
from tcbg.montecarlo.reloads import matrix_reload_summary


@dataclass
class MatrixResult:
    decks: list[str]
    matchups: dict  # (i, j) with i < j -> Matchup of deck i (A) against deck j (B)
    games_per_matchup: int
    seed: int
    interrupted: bool
    given: dict | None = None  # the decks as given, the game options and the agent (provenance)

    def _cell(self, row: int, column: int) -> dict | None:
        if row == column:
            return None
        i, j = min(row, column), max(row, column)
        result: Matchup | None = self.matchups.get((i, j))
        if result is None:
            return None
        results = result.summary_results()
        return results["A" if row == i else "B"]

    def win_rates(self) -> list[list[float | None]]:
        """Row deck's win rate against the column deck (None on the diagonal and for unplayed matchups)."""
        n = len(self.decks)
        return [[None if (c := self._cell(r, k)) is None else c["rate"] for k in range(n)] for r in range(n)]

    def intervals(self) -> list[list[list[float] | None]]:
        n = len(self.decks)
        return [[None if (c := self._cell(r, k)) is None else c["ci95"] for k in range(n)] for r in range(n)]

    def draw_rate(self, row: int, column: int) -> float | None:
        result = self.matchups.get((min(row, column), max(row, column)))
        return None if result is None else result.summary_results()["draws"]["rate"]

    def summary(self) -> dict:
        cells = []
        for (i, j), result in sorted(self.matchups.items()):
            s = result.summary()
            cell = {"A": self.decks[i], "B": self.decks[j], "games": s["games"], "results": s["results"],
                    "first_player": s["first_player"]["wins"], "interrupted": s["interrupted"]}
            if "reloads" in s:  # Z/X: the games in which each side reloaded
                cell["reloads"] = {side: s["reloads"][side]["games_with_reload"] for side in "AB"}
            cells.append(cell)
        first = next(iter(self.matchups.values()), None)
        out = {"format": "tcbg-matrix/1", "decks": self.decks, "games_per_matchup": self.games_per_matchup,
               "seed": self.seed, "interrupted": self.interrupted,
               "agents": first.agents if first else None,
               "game": first.summary()["game"] if first else None,
               "win_rate": self.win_rates(), "ci95": self.intervals(), "averages": self.averages(),
               "matchups": cells}
        reloads = matrix_reload_summary(self)
        if reloads is not None:  # Z/X: how often and when each deck reloaded (docs/simulation.md, "Z/X records")
            out["reloads"] = reloads
        if first is not None:
            out["provenance"] = self.provenance()
        return out

    def provenance(self) -> dict:
        """The summary's provenance block (:func:`tcbg.montecarlo.provenance.provenance`): the decks by name, in
        matrix order; made once."""
        from tcbg.montecarlo.provenance import provenance

        cached = getattr(self, "_provenance", None)
        if cached is None:
            given = self.given or {}
            first = self.matchups[min(self.matchups)]
            decks = dict(zip(self.decks, given.get("decks") or self.decks))
            loaded = {}
            for result in self.matchups.values():  # X610Z: the checked decks the games hold
                if game_adapter.kind_of(result.games[0]).name == "x610z":
                    for side, name in (("A", result.deck_a), ("B", result.deck_b)):
                        loaded[name] = result.games[0].decks[result.sides[0].index(side)]
            agent = given.get("agent", first.agents["A"])
            cached = provenance(first.games[0], decks, {"all": agent}, self.seed, options=given.get("options"),
                                run={"command": "matrix", "games": self.games_per_matchup},
                                loaded={k: v for k, v in loaded.items() if k in decks})
            self._provenance = cached
        return cached

    def averages(self) -> list[float | None]:
        """Each deck's mean win rate over its matchups played (None when it played none)."""
        out = []
        for row in self.win_rates():
            played = [v for v in row if v is not None]
            out.append(sum(played) / len(played) if played else None)
        return out

    def table_text(self) -> str:
        """The matrix as aligned text: row deck's win rate against the column deck, with its interval."""
        width = max(12, *(len(d) for d in self.decks))
        cell_width = 22
        lines = [" " * width + "".join(f"{d[:cell_width - 1]:>{cell_width}}" for d in self.decks) + "  average"]
        rates, cis, averages = self.win_rates(), self.intervals(), self.averages()
        for r, deck in enumerate(self.decks):
            cells = []
            for k in range(len(self.decks)):
                if rates[r][k] is None:
                    cells.append(f"{'-':>{cell_width}}")
                else:
                    lo, hi = cis[r][k]
                    cells.append(f"{f'{100 * rates[r][k]:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]':>{cell_width}}")
            average = "-" if averages[r] is None else f"{100 * averages[r]:.1f}%"
            lines.append(f"{deck:<{width}}" + "".join(cells) + f"{average:>9}")
        return "\n".join(lines)


def matrix(decks: list[Any], games: int, *, agent: Any = None, workers: int | None = None, scheduler: Any = None,
           progress: bool = False, runner: Any = None, **options: Any) -> MatrixResult:
    """Every deck of ``decks`` (two or more, no repeats) against every other, ``games`` games per matchup (an even
    number: seat-swapped pairs). ``options`` go to :func:`tcbg.montecarlo.matchup.matchup` (board, setup, seed,
    max_turns, effects, game: None for the game the decks belong to ...). ``runner`` reuses a caller's processes or cluster. Ctrl-C stops the matrix; the matchups
    finished so far, and the one being played, are kept."""
    decks = list(decks)
    if len(decks) < 2:
        raise SimulationError(f"a matrix needs at least two decks, not {len(decks)}", field="decks",
                              rule="simulation.md matrix")
    labels = [str(d) if not hasattr(d, "name") else d.name for d in decks]
    repeated = sorted({name for name in labels if labels.count(name) > 1})
    if repeated:
        raise SimulationError(f"deck {repeated[0]!r} is named twice", field="decks", rule="simulation.md matrix")
    game = options.pop("game", None)
    game = game_adapter.game_of_decks(decks) if game is None else game
    agent = default_agent(game) if agent is None else agent
    options = game_adapter.kind_named(game).matrix_options(decks, options)
    own_runner = runner is None
    if own_runner:
        runner = make_runner(workers, scheduler, is_python_agent(agent))
    results: dict = {}
    interrupted = False
    try:
        for i in range(len(decks)):
            for j in range(i + 1, len(decks)):
                result = matchup(decks[i], decks[j], games, agent=agent, runner=runner, progress=progress, game=game,
                                 **options)
                results[(i, j)] = result
                if result.interrupted:
                    interrupted = True
                    break
            if interrupted:
                break
    finally:
        if own_runner:
            runner.close()
    names = list(labels)
    for (i, j), result in results.items():  # deck names as loaded (a path becomes its deck's name)
        names[i], names[j] = result.deck_a, result.deck_b
    given = {"decks": decks, "agent": agent, "options": {k: v for k, v in options.items() if k != "seed"}}
    return MatrixResult(names, results, games, options.get("seed", 0), interrupted, given)
