"""What the analyses that play deck variants (ablation, tuning) share around their results: the folder they write
(per-pair records, ``summary.json`` with its ``files``, ``report.html``) and what ``tcbg rerun`` needs to play one of
them again from its provenance (docs/simulation.md "Provenance and reruns")."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from tcbg.montecarlo import pages


def write_folder(result, folder, record_format: str, html: Callable[[dict], str]) -> dict:
    """Write ``result.records()`` (``pairs.parquet`` or ``pairs.csv``), ``result.summary()`` with the files it
    came with, and ``html(summary)`` as ``report.html`` into ``folder`` (made with its parents); return the paths by
    name (``records``, ``summary``, ``report``)."""
    from tcbg.montecarlo.report import write_table

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    files = {"records": folder / f"pairs.{record_format}", "summary": folder / "summary.json",
             "report": folder / "report.html"}
    write_table(result.records(), files["records"], record_format)
    summary = result.summary()
    summary["files"] = {kind: path.name for kind, path in files.items()}
    pages.write_json(files["summary"], summary)
    files["report"].write_text(html(summary), encoding="utf-8")
    return files


@dataclass
class RerunInputs:
    """An analysis's run read back from its summary's provenance: the deck (``deck``), the opponents in their
    order (``against``), X610Z's card set (``card_set``; None for Z/X), the game's other options, the run's own
    arguments (``run``), the agent of every seat, the game kind, the record format and the warnings so far."""

    deck: Any
    against: list
    card_set: Any
    options: dict
    run: dict
    agent: Any
    game: str
    record_format: str
    warnings: list


def rerun_inputs(summary: dict) -> RerunInputs:
    """What a summary of an analysis of one deck against opponents (labels ``deck`` and ``against ...``) asks to
    play again; every file is checked against its hash (:func:`tcbg.montecarlo.rerun.decks_and_options`)."""
    from tcbg.montecarlo import rerun

    block = summary["provenance"]
    warnings: list[str] = []
    decks, options = rerun.decks_and_options(block, warnings)
    card_set = options.pop("cards", None)  # X610Z's card set, checked against its hash
    return RerunInputs(decks["deck"], [decks[label] for label in block["decks"] if label != "deck"], card_set,
                       options, block.get("run", {}),
                       rerun.agent_of(block["agents"]["every seat"], "provenance.agents.every seat"),
                       block["game"]["kind"], rerun.record_format_of(summary), warnings)
