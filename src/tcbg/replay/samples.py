"""The few sample games a matchup report links (:func:`sample_games`, :func:`write_sample_replays`: the shortest, the
longest and the first of each way a game was won), replayed beside the report and checked against their records as
:func:`tcbg.replay.sources.from_records` checks a records row (:func:`winner_side`, the check).
"""

from __future__ import annotations

from pathlib import Path

from tcbg.errors import ProvenanceError
from tcbg.montecarlo import games as game_adapter
from tcbg.replay.record import Replay, play_game

_RULE = "replay.md records"


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


__all__ = ["sample_games", "winner_side", "write_sample_replays"]
