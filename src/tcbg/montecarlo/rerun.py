"""``tcbg rerun``: play the games of a summary.json again from its provenance (docs/simulation.md, "Provenance and
reruns") and, with ``check``, compare the records with those written beside the summary.

A summary's ``format`` picks its rerun function in :data:`RERUNS` (``tcbg-matchup/1``, ``tcbg-matrix/1``); another
analysis registers its own with :func:`register` when it is imported (``import tcbg.analysis`` registers those of
``tcbg ablate``, ``tcbg tune`` and ``tcbg meta``; the ``tcbg rerun`` command imports it). Decks, card sets and boards are found again as the provenance
names them: shipped ones by name, files by path, checked against the hash the provenance holds (a file that changed
is a :class:`tcbg.errors.ProvenanceError` naming it and both hashes); a deck given as an object was written out as
its list and is read back from it. A different tcbg version or source revision is a warning, not an error.

>>> import json, tempfile, pathlib
>>> from tcbg.montecarlo.matchup import matchup
>>> from tcbg.montecarlo.report import write_matchup_report
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = write_matchup_report(matchup("vanilla-a", "vanilla-b", 4, agent="random", seed=5, workers=1), folder,
...                          replays=False)
>>> outcome = rerun(folder / "summary.json", check=True, workers=1)
>>> outcome.identical, outcome.difference
(True, None)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, NoReturn

from tcbg.errors import ProvenanceError
from tcbg.montecarlo import provenance as prov

_RULE = "simulation.md provenance"


@dataclass
class Rerun:
    """What :func:`rerun` did: the new result, its records as a table, the files written (if a folder was given),
    the warnings (another tcbg version or revision) and, with ``check``, whether the records are identical to the
    old ones and, if not, where they first differ."""

    result: Any
    table: Any
    files: dict | None = None
    warnings: list[str] = field(default_factory=list)
    checked: bool = False
    identical: bool | None = None
    difference: str | None = None


RERUNS: dict[str, Callable[..., Rerun]] = {}
"""Summary format -> the function that re-runs it: ``fn(summary, summary_path, folder, workers, progress)``
returning a :class:`Rerun` (without the check, which :func:`rerun` adds)."""


def register(summary_format: str, function: Callable[..., Rerun]) -> None:
    """Let ``tcbg rerun`` re-run summaries of ``summary_format`` with ``function`` (see :data:`RERUNS`)."""
    RERUNS[summary_format] = function


def read_summary(path: str | os.PathLike[str]) -> dict:
    """The summary.json at ``path``, checked as far as every rerun reads it (:func:`check_shape`): a file that is not
    JSON (malformed, nested too deeply, not UTF-8) or not a summary of the right shape is a ProvenanceError naming the
    file and the field."""
    from tcbg._jsonfile import parse_json_text

    def fail(reason: str, where: str = "") -> NoReturn:
        raise ProvenanceError(reason, field=f"{path}{': ' + where if where else ''}", rule=_RULE)

    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise ProvenanceError(f"cannot be read ({exc.strerror or exc})", field=str(path), rule=_RULE) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        fail(f"is not a JSON summary (not UTF-8 text: {exc.reason} at byte {exc.start})")
    summary = parse_json_text(text, lambda reason: fail(f"is not a JSON summary ({reason})"))
    if not isinstance(summary, dict) or "format" not in summary:
        fail("is not a summary of tcbg (no 'format')")
    if not isinstance(summary.get("provenance"), dict):
        fail("has no provenance block (written before tcbg recorded one, or by hand): it cannot be re-run")
    if summary["format"] in CHECKED_FORMATS:
        check_shape(summary, fail)
    return summary


CHECKED_FORMATS = ("tcbg-matchup/1", "tcbg-matrix/1", "tcbg-meta/1", "tcbg-ablation/1", "tcbg-tune/1")
"""The summaries of tcbg's own commands, whose provenance :func:`check_shape` checks as it reads them (another
analysis registered with :func:`register` reads its own)."""


_SHAPE: dict[str, Any] = {
    "format": str, "files": (dict, None), "provenance": {
        "seed": int, "agents": dict, "run": (dict, None), "card_sets": [{"name": str, "sha256": (str, None)}],
        "decks": {"*": {"name": str, "sha256": (str, None), "source": dict}},
        "game": {"kind": str, "options": dict}}}
"""What every summary's provenance holds, as :func:`check_shape` reads it: a type (or a tuple of types, None for
an absent field), a dict of fields (``"*"``: every entry), a list of one item's shape."""


def check_shape(summary: Any, fail: Callable[[str, str], NoReturn], shape: Any = None, where: str = "") -> None:
    """Check ``summary`` against :data:`_SHAPE`; ``fail(reason, field)`` at the first field that is missing or of
    the wrong type (``provenance.decks.A.name``), so a summary edited by hand is one line naming the field."""
    shape = _SHAPE if shape is None else shape
    names = {dict: "an object", list: "a list", str: "a string", int: "a whole number", type(None): "absent"}
    if isinstance(shape, dict):
        if not isinstance(summary, dict):
            fail(f"must be a JSON object, not {type(summary).__name__}", where or "summary")
        for key, inner in shape.items():
            items = summary.items() if key == "*" else [(key, summary.get(key))]
            for name, value in items:
                check_shape(value, fail, inner, f"{where}.{name}" if where else str(name))
        return
    if isinstance(shape, list):
        if not isinstance(summary, list):
            fail(f"must be a list, not {type(summary).__name__}", where)
        for i, item in enumerate(summary):
            check_shape(item, fail, shape[0], f"{where}[{i}]")
        return
    kinds = tuple(type(None) if k is None else k for k in (shape if isinstance(shape, tuple) else (shape,)))
    if not isinstance(summary, kinds) or isinstance(summary, bool):
        wanted = " or ".join(names[k] for k in kinds)
        fail("is missing" if summary is None else f"must be {wanted}, not {type(summary).__name__}", where)


def version_warnings(block: dict) -> list[str]:
    """A line per version in the provenance that differs from this installation's (tcbg, source revision; the build
    when either has no revision, as an installed package has none)."""
    now = prov.versions()
    out = []
    keys = [("tcbg", "tcbg version"), ("revision", "source revision")]
    if not (block.get("revision") and now["revision"]) and block.get("build"):
        keys[1] = ("build", "build")  # an installed package: its files' hash names it
    for key, what in keys:
        if block.get(key) != now[key]:
            out.append(f"the summary was written by {what} {block.get(key)}, this is {now[key]}: the records may "
                       f"differ where the engine changed")
    return out


def rerun(summary_path: str | os.PathLike[str], *, folder: str | os.PathLike[str] | None = None,
          check: bool = False, workers: int | None = None, progress: bool = False) -> Rerun:
    """Re-run the summary at ``summary_path``: the same games with the same seed and agents; write the records,
    summary and report into ``folder`` when given; with ``check``, compare the records with those beside the
    summary (:attr:`Rerun.identical`, :attr:`Rerun.difference`)."""
    path = Path(summary_path)
    summary = read_summary(path)
    function = RERUNS.get(summary["format"])
    if function is None:
        raise ProvenanceError(f"no rerun is known for format {summary['format']!r} (known: "
                              f"{', '.join(sorted(RERUNS))}; the analyses' formats once tcbg.analysis is imported)",
                              field=f"{path}: format", rule=_RULE)
    try:
        outcome = function(summary, path, folder, workers, progress)
    except (KeyError, IndexError, TypeError, AttributeError) as exc:  # a field this format's rerun needs
        detail = f"the field {exc.args[0]!r} is missing" if isinstance(exc, KeyError) else str(exc)
        raise ProvenanceError(f"is not a {summary['format']} summary of the shape its rerun reads ({detail})",
                              field=str(path), rule=_RULE) from None
    outcome.warnings = version_warnings(summary["provenance"]) + outcome.warnings
    if check:
        old_path = path.parent / (summary.get("files") or {}).get("records", "games.parquet")
        old = read_records(old_path)
        outcome.checked = True
        outcome.difference = compare_records(old, as_written(outcome.table, old_path.suffix.lstrip(".")))
        outcome.identical = outcome.difference is None
    return outcome


# -- finding decks, card sets and boards again -------------------------------------------------------------------

def _mismatch(what: str, where: str, now: str | None, then: str | None, field_name: str) -> None:
    if now != then:
        raise ProvenanceError(f"{what} {where} hashes {now} now, not {then} as when the summary was written: it "
                              f"changed, so the games cannot be played again as they were", field=field_name,
                              rule=_RULE)


def _given(source: dict, field_name: str) -> Any:
    """The name or path to load a source by; its file's bytes checked against the recorded hash."""
    if "shipped" in source:
        return source["shipped"]
    if "file" in source:
        path = source["file"]
        if not os.path.exists(path):
            raise ProvenanceError(f"the file {path} is gone", field=field_name, rule=_RULE)
        return path
    if "list" in source:
        return source
    raise ProvenanceError(f"{source.get('object', 'it')!r} was given as an object, so nothing names it to load it "
                          f"again", field=field_name, rule=_RULE)


def _card_set(block: dict):
    """X610Z: the card set the provenance names, loaded and checked, and its name or path (what the rerun passes on,
    so the new summary's provenance names it as the old one did)."""
    from tcbg.x610z.cards import CardSet

    entry = block["card_sets"][0]
    given = _given(entry["source"], "provenance.card_sets[0]")
    card_set = CardSet.load(given)
    _mismatch("card set", repr(entry["name"]), prov.card_set_hash(card_set), entry["sha256"],
              "provenance.card_sets[0]")
    return card_set, given


def decks_and_options(block: dict, warnings: list[str] | None = None) -> tuple[dict, dict]:
    """The decks (label -> name, path or deck object) and the game options of a provenance block, every file checked
    against its hash. A deck of the same cards listed in another order is played (it is the same deck) with a line
    in ``warnings``: the games shuffle from the list's order, so its records differ."""
    kind = block["game"]["kind"]
    options = dict(block["game"]["options"])
    if kind == "x610z":
        from tcbg.x610z.decks import Deck

        card_set, cards = _card_set(block)
        board = _given(options.pop("board_source"), "provenance.game.options.board")
        board_entry = block["game"]["options"]["board_source"]
        if "file" in board_entry:
            _mismatch("board", board_entry["file"], prov.sha256_file(board), board_entry["sha256"],
                      "provenance.game.options.board")
        options["board"], options["cards"] = board, cards
        load = lambda given: Deck.load(given, card_set, options["rules"], deck_size=None)  # noqa: E731
        parse = lambda text: Deck.parse(text, card_set, options["rules"], deck_size=None)  # noqa: E731
        options.pop("effects", None)  # X610Z matchups play effects as the card set defines them
    elif kind == "zx":
        from tcbg.zx.decks import Deck

        load, parse = Deck.load, Deck.parse
    else:
        raise ProvenanceError(f"no rerun is known for game {kind!r}", field="provenance.game.kind", rule=_RULE)
    decks = {}
    for label, entry in block["decks"].items():
        where = f"provenance.decks.{label}"
        given = _given(entry["source"], where)
        deck = parse(given["list"]) if isinstance(given, dict) else load(given)
        if isinstance(given, dict):
            from dataclasses import replace

            deck = replace(deck, name=entry["name"])
            given = deck
        shown = f"{entry['name']!r}" + (f" ({entry['source']['file']})" if "file" in entry["source"] else "")
        _mismatch("deck", shown, prov.deck_hash(deck), entry["sha256"], where)
        if warnings is not None and entry.get("order_sha256") not in (None, prov.order_hash(deck)):
            warnings.append(f"deck {shown} lists the same cards in another order than when the summary was written: "
                            f"the games shuffle from the list's order, so they are other games")
        if kind == "zx":
            for card_set in block["card_sets"]:
                if card_set["name"] == deck.card_set.name:
                    _mismatch("card set", repr(card_set["name"]), prov.card_set_hash(deck.card_set),
                              card_set["sha256"], where)
        decks[label] = given
    return decks, options


def agent_of(spec: Any, where: str) -> Any:
    """The agent spec of a provenance entry, as a run takes it (a Python agent cannot be re-run: its code is not
    in the summary)."""
    if isinstance(spec, str) and spec.startswith("python:"):
        raise ProvenanceError(f"a Python agent ({spec[7:]}) played: its code is not in the summary, so it cannot be "
                              f"re-run", field=where, rule=_RULE)
    return spec


# -- the reruns of matchups and matrices ----------------------------------------------------------------------

def rerun_matchup(summary: dict, path: Path, folder, workers, progress) -> Rerun:
    from tcbg.montecarlo.matchup import matchup
    from tcbg.montecarlo.report import write_matchup_report

    block = summary["provenance"]
    warnings: list[str] = []
    decks, options = decks_and_options(block, warnings)
    run = block.get("run", {})
    if block["game"]["kind"] == "x610z":
        options.pop("effects", None)
    result = matchup(decks["A"], decks["B"], run.get("games", summary.get("games_requested", 0)),
                     agent=agent_of(block["agents"]["A"], "provenance.agents.A"),
                     agent_b=agent_of(block["agents"]["B"], "provenance.agents.B"), seed=block["seed"],
                     game=block["game"]["kind"], workers=workers, progress=progress,
                     until_decided=run.get("until_decided", False),
                     **{k: run[k] for k in ("margin", "alpha", "beta", "min_pairs", "batch_size") if k in run},
                     **options)
    record_format = record_format_of(summary)
    files = write_matchup_report(result, folder, record_format) if folder is not None else None
    return Rerun(result, result.games_table() if record_format == "parquet" else result.games_csv_table(), files,
                 warnings)


def rerun_matrix(summary: dict, path: Path, folder, workers, progress) -> Rerun:
    from tcbg.montecarlo.matrix import matrix
    from tcbg.montecarlo.report import matrix_records, write_matrix_report

    block = summary["provenance"]
    warnings: list[str] = []
    decks, options = decks_and_options(block, warnings)
    result = matrix([decks[name] for name in block["decks"]], block.get("run", {}).get("games", 0),
                    agent=agent_of(block["agents"]["all"], "provenance.agents.all"), seed=block["seed"],
                    game=block["game"]["kind"], workers=workers, progress=progress, **options)
    record_format = record_format_of(summary)
    files = write_matrix_report(result, folder, record_format) if folder is not None else None
    return Rerun(result, matrix_records(result), files, warnings)


def record_format_of(summary: dict) -> str:
    """The format of the records beside a summary (its ``files``): ``parquet`` or ``csv``."""
    name = (summary.get("files") or {}).get("records", "games.parquet")
    return "csv" if name.endswith(".csv") else "parquet"


register("tcbg-matchup/1", rerun_matchup)
register("tcbg-matrix/1", rerun_matrix)


# -- comparing records ----------------------------------------------------------------------------------------

def read_records(path: Path):
    if not path.exists():
        raise ProvenanceError("the records to check against are not beside the summary", field=str(path),
                              rule=_RULE)
    import pyarrow as pa

    try:
        if path.suffix == ".csv":
            import pyarrow.csv as pcsv

            return pcsv.read_csv(str(path))
        import pyarrow.parquet as pq

        return pq.read_table(str(path))
    except (pa.ArrowException, OSError) as exc:
        raise ProvenanceError(f"the records cannot be read ({' '.join(str(exc).split())[:200]})", field=str(path),
                              rule=_RULE) from None


def as_written(table, record_format: str):
    """``table`` as it reads back from a file of ``record_format`` (CSV: its types as a CSV reader infers them)."""
    if record_format != "csv":
        return table
    import io

    import pyarrow.csv as pcsv

    buffer = io.BytesIO()
    pcsv.write_csv(table, buffer)
    return pcsv.read_csv(io.BytesIO(buffer.getvalue()))


def compare_records(old, new) -> str | None:
    """None when the tables hold the same records; else where they first differ: the first differing game (row,
    with its pair and seating, and its decks in a matrix) and column, with both values.

    >>> import pyarrow as pa
    >>> old = pa.table({"pair": [0, 1], "seating": ["A-B", "A-B"], "winner": ["A", "B"]})
    >>> compare_records(old, old) is None
    True
    >>> compare_records(old, pa.table({"pair": [0, 1], "seating": ["A-B", "A-B"], "winner": ["A", "A"]}))
    "game 1 (pair 1, seating A-B), column 'winner': 'B' in the old records, 'A' in the new"
    """
    import numpy as np

    if old.column_names != new.column_names:
        return f"the columns differ: {old.column_names} in the old records, {new.column_names} in the new"
    if old.num_rows != new.num_rows:
        return f"{old.num_rows} games in the old records, {new.num_rows} in the new"
    first: tuple[int, str] | None = None
    for name in old.column_names:
        a, b = old.column(name).combine_chunks(), new.column(name).combine_chunks()
        if a.equals(b):
            continue
        if hasattr(a.type, "list_size"):  # card flags: one fixed-size list per game
            width = a.type.list_size
            x = a.flatten().to_numpy(zero_copy_only=False).reshape(-1, width)
            y = b.flatten().to_numpy(zero_copy_only=False).reshape(-1, width)
            rows = np.flatnonzero((x != y).any(axis=1)) if x.shape == y.shape else np.array([0])
        else:
            x, y = a.to_pylist(), b.to_pylist()
            rows = np.array([k for k in range(len(x)) if x[k] != y[k]] or [0])
        row = int(rows[0])
        if first is None or row < first[0]:
            first = (row, name)
    if first is None:
        meta_old, meta_new = old.schema.metadata or {}, new.schema.metadata or {}
        return None if meta_old == meta_new else "the records' metadata (card instances, decks) differ"
    row, name = first
    where = ", ".join(f"{k} {old.column(k)[row].as_py()}" for k in ("deck_a", "deck_b", "pair", "seating")
                      if k in old.column_names)
    return (f"game {row} ({where}), column {name!r}: {old.column(name)[row].as_py()!r} in the old records, "
            f"{new.column(name)[row].as_py()!r} in the new")


__all__ = ["RERUNS", "Rerun", "compare_records", "decks_and_options", "read_summary", "register", "rerun"]
