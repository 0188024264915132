"""Games to replay from what the simulations write: a row of a matchup's or a matrix's records folder
(:func:`from_records`); the few sample games a matchup report links are :mod:`tcbg.replay.samples`
(:func:`sample_games`, :func:`write_sample_replays`, named here too).

A records row keeps the game's pair, its seating (``A-B``: deck A on the first team's seats, ``B-A`` swapped) and
its seed; the folder's ``summary.json`` keeps the provenance (decks, card sets, game options, agents, master seed,
docs/simulation.md "Provenance and reruns"). Together they make the game again: the same seating of the same decks,
seeded ``derive_seed(master seed, pair)``, its agents seeded from that seed and their seats as the core's batch
function seeds them. The replayed game is then checked against the row (winner, how it ended, turns, decisions): a
different engine since the records were written plays other games, and a replay of another game than the row's is
refused (:class:`tcbg.errors.ProvenanceError` naming the column).

>>> import tempfile, pathlib
>>> from tcbg.montecarlo.matchup import matchup
>>> from tcbg.montecarlo.report import write_matchup_report
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = write_matchup_report(matchup("vanilla-a", "vanilla-b", 4, agent="random", seed=5, workers=1,
...                                  max_turns=30), folder, replays=False)
>>> replay = from_records(folder, 3)
>>> replay.source, replay.extra["record"]["seating"]
('records row 3: pair 1, seating B-A, seed 9606606734739188014', 'B-A')
"""

from __future__ import annotations

from pathlib import Path

from tcbg.errors import GameError, ProvenanceError
from tcbg.montecarlo import games as game_adapter
from tcbg.replay.record import Replay, play_game
from tcbg.replay.samples import _check_against, sample_games, winner_side, write_sample_replays  # noqa: F401

_RULE = "replay.md records"
FORMATS = ("tcbg-matchup/1", "tcbg-matrix/1")
"""The summaries whose records :func:`from_records` replays: a matchup's and a matrix's (one game per row)."""


def summary_path(folder) -> Path:
    """The summary.json of a records folder (``folder`` may name the summary itself)."""
    path = Path(folder)
    return path if path.suffix == ".json" else path / "summary.json"


def from_records(folder, row: int, warnings: list[str] | None = None) -> Replay:
    """The game of row ``row`` (from 0) of the records beside ``folder``'s ``summary.json`` (``folder`` may name the
    summary itself), played again and checked against the row. ``warnings`` gets a line when the records were
    written by another tcbg version or source revision."""
    from tcbg.montecarlo import rerun

    path = summary_path(folder)
    summary = rerun.read_summary(path)
    if summary["format"] not in FORMATS:
        raise ProvenanceError(f"records of a {summary['format']!r} run: tcbg replay replays the games of "
                              f"{' and '.join(FORMATS)} folders, one game a row", field=f"{path}: format", rule=_RULE)
    block = summary["provenance"]
    if warnings is not None:
        warnings.extend(rerun.version_warnings(block))
    table = rerun.read_records(path.parent / (summary.get("files") or {}).get("records", "games.parquet"))
    if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < table.num_rows:
        raise GameError(f"the records hold rows 0 to {table.num_rows - 1}, not {row!r}", field="row", rule=_RULE)
    record = {name: table.column(name)[row].as_py() for name in table.column_names}
    for column in ("pair", "seating", "winner", "reason", "turns", "decisions"):
        if column not in record:
            raise ProvenanceError(f"the records have no {column!r} column", field=f"{path}: records", rule=_RULE)
    decks, options = rerun.decks_and_options(block, warnings)
    kind = block["game"]["kind"]
    if kind == "x610z":
        options.pop("effects", None)
    options = {k: v for k, v in options.items() if v is not None and k != "seed"}
    if summary["format"] == "tcbg-matrix/1":
        labels = {"A": record.get("deck_a"), "B": record.get("deck_b")}
        for side, label in labels.items():
            if label not in decks:
                raise ProvenanceError(f"row {row} names deck {label!r}, which the provenance does not hold",
                                      field=f"{path}: records row {row} deck_{side.lower()}", rule=_RULE)
        agents = {side: rerun.agent_of(block["agents"]["all"], "provenance.agents.all") for side in "AB"}
        deck_a, deck_b = decks[labels["A"]], decks[labels["B"]]
    else:
        agents = {side: rerun.agent_of(block["agents"][side], f"provenance.agents.{side}") for side in "AB"}
        deck_a, deck_b = decks["A"], decks["B"]
    ab, ba, sides_ab, sides_ba = game_adapter.matchup_games(deck_a, deck_b, game=kind, **options)
    if record["seating"] not in ("A-B", "B-A"):
        raise ProvenanceError(f"row {row} has seating {record['seating']!r}, not A-B or B-A",
                              field=f"{path}: records row {row} seating", rule=_RULE)
    game, sides = (ab, sides_ab) if record["seating"] == "A-B" else (ba, sides_ba)
    seed = game_adapter.derive_seed(block["seed"], int(record["pair"]))
    if isinstance(record.get("seed"), int) and record["seed"] != seed:
        raise ProvenanceError(f"row {row} has seed {record['seed']}, but pair {record['pair']} of master seed "
                              f"{block['seed']} is seeded {seed}", field=f"{path}: records row {row} seed",
                              rule=_RULE)
    replay = play_game(game, [agents[side] for side in sides], seed,
                       labels=[f"{deck.name} ({side})" for deck, side in zip(game.decks, sides)],
                       source=f"records row {row}: pair {record['pair']}, seating {record['seating']}, seed {seed}")
    replay.extra["record"] = record
    _check_against(replay, record, sides, f"{path}: records row {row}")
    return replay



__all__ = ["FORMATS", "from_records", "sample_games", "winner_side", "write_sample_replays"]
