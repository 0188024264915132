"""Games to replay from what the simulations write: a row of a matchup's or a matrix's records folder
(:func:`from_records`), and the few sample games a matchup report links (:func:`sample_games`,
:func:`write_sample_replays`).

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
from typing import Any

from tcbg.errors import GameError, ProvenanceError
from tcbg.montecarlo import games as game_adapter
from tcbg.replay.record import Replay, play_game

_RULE = "replay.md records"
FORMATS = ("tcbg-matchup/1", "tcbg-matrix/1")
"""The summaries whose records :func:`from_records` replays: a matchup's and a matrix's (one game per row)."""


def _summary_path(folder) -> Path:
    path = Path(folder)
    return path if path.suffix == ".json" else path / "summary.json"


def from_records(folder, row: int, warnings: list[str] | None = None) -> Replay:
    """The game of row ``row`` (from 0) of the records beside ``folder``'s ``summary.json`` (``folder`` may name the
    summary itself), played again and checked against the row. ``warnings`` gets a line when the records were
    written by another tcbg version or source revision."""
    from tcbg.montecarlo import rerun

    path = _summary_path(folder)
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


def winner_side(replay: Replay, sides) -> str:
    """``A``, ``B`` or ``draw``: the side of the replayed game's winners."""
    won = {sides[seat] for seat in replay.end["winners"]}
    return won.pop() if len(won) == 1 else "draw"


def _check_against(replay: Replay, record: dict, sides, where: str) -> None:
    kind = game_adapter.kind_of(replay.game)
    replayed = {"winner": winner_side(replay, sides), "reason": kind.reasons[kind.reason_code(replay.end["reason"])],
                "turns": replay.end["turns"], "decisions": len(replay.actions)}
    for column, value in replayed.items():
        if record[column] != value:
            raise ProvenanceError(f"the replayed game has {column} {value!r}, the record {record[column]!r}: the "
                                  f"engine plays this game otherwise than when the records were written (tcbg rerun "
                                  f"--check tells whether every game changed)", field=f"{where} {column}", rule=_RULE)


# -- the sample games of a matchup report ---------------------------------------------------------------------

def sample_games(result) -> list[dict]:
    """The games a matchup report replays: the shortest, the longest (by turns, then decisions) and the first game
    won (or drawn) each way the records hold (by side and how it ended), each once: a list of ``{"name", "what",
    "seating", "index"}``, ``name`` the file's (``replay-shortest.html``), ``what`` the link's words."""
    rows = []  # (turns, decisions, seating, index, winner, reason)
    for seating in (0, 1):
        rec = result.records[seating]
        winners = result.winner_sides(seating)
        reasons = rec.reason_names()
        for i in range(len(rec)):
            rows.append((int(rec["turns"][i]), int(rec["decisions"][i]), seating, i, str(winners[i]), reasons[i]))
    if not rows:
        return []
    order = sorted(rows, key=lambda r: (r[0], r[1], r[2], r[3]))
    chosen: dict[tuple[int, int], dict] = {}

    def take(row, name: str, what: str) -> None:
        key = (row[2], row[3])
        if key in chosen:
            chosen[key]["what"].append(what)
        else:
            chosen[key] = {"name": name, "what": [what], "seating": row[2], "index": row[3]}

    take(order[0], "replay-shortest.html", f"the shortest game ({order[0][0]} turns)")
    longest = max(rows, key=lambda r: (r[0], r[1], -r[2], -r[3]))
    take(longest, "replay-longest.html", f"the longest game ({longest[0]} turns)")
    ways: dict[tuple[str, str], tuple] = {}
    for row in sorted(rows, key=lambda r: (r[2] != 0, r[3], r[2])):  # pair order, seating A-B first
        ways.setdefault((row[4], row[5]), row)
    for (winner, reason), row in sorted(ways.items()):
        label = result.label(winner) if winner in ("A", "B") else None
        what = f"{label} wins by {reason}" if label else f"a draw ({reason})"
        slug = "".join(ch if ch.isalnum() else "-" for ch in f"{winner}-{reason}".lower())
        take(row, f"replay-{slug}.html", what)
    return list(chosen.values())


def write_sample_replays(result, folder) -> list[dict]:
    """Replay :func:`sample_games` of a :class:`~tcbg.montecarlo.matchup.Matchup` into ``folder`` (beside its
    report); return what was written (``name``, ``what``, ``pair``, ``seating``). Nothing when an agent is a
    Python object (its code is not known here) or no game was played. Each replay is checked against its record: a
    game that ends otherwise (a bug: the Python loop and the core disagree) is not written, its entry has ``name``
    None and the ``error``."""
    from tcbg.montecarlo.agents import is_python_agent

    specs = (result.given or {}).get("agents") or {}
    if not specs or any(is_python_agent(a) or not isinstance(a, dict) for a in specs.values()):
        return []
    folder = Path(folder)
    written = []
    for sample in sample_games(result):
        seating, index = sample["seating"], sample["index"]
        game, sides = result.games[seating], result.sides[seating]
        rec = result.records[seating]
        seed = int(rec["seed"][index])
        pair, seating_name = int(rec["game"][index]), ("A-B", "B-A")[seating]
        replay = play_game(game, [specs[side] for side in sides], seed,
                           labels=[f"{deck.name} ({side})" for deck, side in zip(game.decks, sides)],
                           source=f"pair {pair}, seating {seating_name}, seed {seed}")
        record = {"winner": str(result.winner_sides(seating)[index]), "reason": rec.reason_names()[index],
                  "turns": int(rec["turns"][index]), "decisions": int(rec["decisions"][index])}
        entry = {"name": sample["name"], "what": sample["what"], "pair": pair, "seating": seating_name}
        try:
            _check_against(replay, record, sides, f"pair {pair} seating {seating_name}")
        except ProvenanceError as exc:  # an engine bug (the Python loop plays otherwise than the core): said, not
            written.append({**entry, "name": None, "error": str(exc)})  # fatal to a run that is otherwise done
            continue
        from tcbg.replay.page import write_replay

        write_replay(replay, folder / sample["name"],
                     title=f"{result.label('A')} vs {result.label('B')}: {', '.join(sample['what'])}")
        written.append(entry)
    return written


__all__ = ["FORMATS", "from_records", "sample_games", "winner_side", "write_sample_replays"]
