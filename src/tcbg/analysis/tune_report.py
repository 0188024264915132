"""The tuning's files: ``summary.json`` (format ``tcbg-tune/1``), the per-pair records (``pairs.parquet``) and
``report.html``, one self-contained page with two plots, the halving rounds (each candidate's score per round, the
ones kept drawn on) and the finalists' selected-on score beside their re-measured score with its interval (the gap
is the winner's curse), and the tables (docs/balance.md, "Deck tuning"). The page is made of the pieces of
:mod:`tcbg.montecarlo.pages`."""

from __future__ import annotations

import html
from pathlib import Path

from tcbg.analysis.folders import rerun_inputs, write_folder
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo import pages

SELECTED = "#d62728"
"""The colour of the selected-on scores (matplotlib's red), which the page test looks for."""
FRESH = "#1f77b4"
"""The colour of the re-measured scores (matplotlib's first colour)."""


def _pct(value) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def _pts(value) -> str:
    return "n/a" if value is None else f"{100 * value:+.1f}"


def rounds_plot(summary: dict) -> str:
    """Each candidate's score (over the pairs played so far) per halving round: grey for those dropped after the
    round, blue for those kept; PNG base64."""
    fig = pages.figure(7.0, 3.4)
    ax = fig.add_subplot(1, 1, 1)
    for row in summary["rounds"]:
        for c in row["candidates"]:
            ax.scatter(row["round"], 100 * c["score"], color=FRESH if c["kept"] else "#aaaaaa", s=18, zorder=2)
    ax.set_xticks([row["round"] for row in summary["rounds"]],
                  [f"{row['round']}\n{len(row['candidates'])} x {row['pairs']} pairs" for row in summary["rounds"]])
    ax.set_xlabel("halving round (candidates x new pairs per opponent)")
    ax.set_ylabel("score so far (%)")
    ax.set_title("successive halving: the better half (blue) goes on", fontsize=10)
    return pages.png(fig)


def curse_plot(summary: dict) -> str:
    """Per finalist, the score it was selected on (red) and its re-measured score on fresh pairs with the 95%
    interval (blue), the original deck's fresh score as a line; PNG base64."""
    import textwrap

    rows = summary["finalists"]
    fig = pages.figure(8.0, max(2.4, 0.8 * len(rows) + 1.6))
    ax = fig.add_subplot(1, 1, 1)
    ys = list(range(len(rows)))[::-1]
    for y, r in zip(ys, rows):
        low, high = r["fresh_ci95"]
        ax.errorbar([100 * r["fresh_score"]], [y], xerr=[[100 * (r["fresh_score"] - low)],
                                                        [100 * (high - r["fresh_score"])]],
                    fmt="o", color=FRESH, ecolor=FRESH, capsize=4, label="re-measured on fresh pairs (95%)"
                    if y == ys[0] else None)
        ax.scatter([100 * r["selected_score"]], [y], marker="D", color=SELECTED, s=40, zorder=3,
                   label="selected on" if y == ys[0] else None)
    if summary["original"]["score"] is not None:
        ax.axvline(100 * summary["original"]["score"], color="#555555", linewidth=0.8, linestyle="--",
                   label="original deck, fresh pairs")
    ax.set_yticks(ys, [textwrap.fill(r["change"].replace("; ", ";\n"), 34) for r in rows], fontsize=8)
    ax.set_xlabel("score (%)")
    ax.set_title("the winner's curse: selected-on score against the re-measured one", fontsize=10)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, fontsize=8, frameon=False)
    return pages.png(fig)


def tune_html(summary: dict) -> str:
    game = game_adapter.kind_named(summary["game"]["name"]).describe(summary["game"]) if summary.get("game") else ""
    agent = (summary.get("agents") or {}).get("opponents", "")
    agent = agent.get("kind", agent) if isinstance(agent, dict) else agent
    counts = summary["counts"]
    sel, fresh = summary["selection_pairs"], summary["fresh_pairs"]
    body = [f"<p>{html.escape(game)}; {html.escape(str(agent))} agents; opponents "
            f"{html.escape(', '.join(summary['opponents']))}; pool "
            f"{html.escape(', '.join(summary.get('pool_cards') or summary['pool']))}; seed "
            f"{summary['seed']}; {counts['legal']} legal candidates, {counts['tried']} tried ({counts['not_tried']} "
            f"left out by the budget), {counts['illegal']} illegal skipped; selection on pairs [{sel[0]}, {sel[1]}) "
            f"({summary['budget']} games "
            f"budgeted), fresh pairs [{fresh[0]}, {fresh[1]}); {summary['games_played']} games"
            + (f", {summary['seconds']:.0f} s" if summary.get("seconds") is not None else "") + ". "
            f"Original deck on the fresh pairs: {_pct(summary['original']['score'])}.</p>"]
    if summary["finalists"]:
        body.append("<h2>Finalists: selected against re-measured</h2>")
        body.append(pages.img("curse", curse_plot(summary), "each finalist's selected and re-measured score"))
        rows = []
        for r in summary["finalists"]:
            low, high = r["fresh_ci95"]
            d_low, d_high = r["vs_original_ci95"]
            rows.append([r["change"], _pct(r["selected_score"]), r["selected_pairs"], _pct(r["fresh_score"]),
                         f"[{_pct(low)}, {_pct(high)}]", r["fresh_pairs"], _pts(r["gap"]), _pts(r["vs_original"]),
                         f"[{_pts(d_low)}, {_pts(d_high)}]"])
        body.append(pages.table(["change", "selected on", "selection pairs", "re-measured", "95% interval",
                                 "fresh pairs", "gap (winner's curse, points)", "vs original (points)",
                                 "paired 95% interval"], rows))
    body.append(f'<p class="note">{html.escape(summary["caveat"])}</p>')
    body.append("<h2>Halving rounds</h2>")
    body.append(pages.img("rounds", rounds_plot(summary), "each candidate's score per halving round"))
    body.append(pages.table(["change", "rounds played", "score per round (its new pairs)", "pairs", "score",
                             "finalist"],
                            [[c["change"], c["rounds"], ", ".join(_pct(s) for s in c["round_scores"]), c["pairs"],
                              _pct(c["score"]), "yes" if c["finalist"] else ""] for c in summary["candidates"]]))
    if summary["illegal"]:
        body.append("<h2>Changes breaking deck construction (not played)</h2>")
        body.append(pages.table(["change", "why"], [[i["change"], i["reason"]] for i in summary["illegal"]]))
    return pages.page(f"Deck tuning: {summary['deck']}", body)


def write_tune_report(result, folder, record_format: str = "parquet") -> dict:
    """Write ``summary.json``, ``report.html`` and the per-pair records (``pairs.parquet`` or ``pairs.csv``:
    :meth:`~tcbg.analysis.tune.Tune.records`) of a :class:`~tcbg.analysis.tune.Tune` into ``folder`` (made with
    its parents); return their paths by name (``summary``, ``report``, ``records``)."""
    return write_folder(result, folder, record_format, tune_html)


def rerun_tune(summary: dict, path: Path, folder, workers, progress):
    """``tcbg rerun`` of a tuning summary (docs/simulation.md "Provenance and reruns"): the same candidates, rounds
    and fresh pairs, from its provenance."""
    from tcbg.analysis.tune import tune
    from tcbg.montecarlo.rerun import Rerun

    given = rerun_inputs(summary)
    run = given.run
    result = tune(given.deck, given.against, run["pool"], run["budget"], fresh_games=run["fresh_games"],
                  finalists=run["finalists"], cards=run.get("cards"), two_cards=run["two_cards"],
                  seed=summary["provenance"]["seed"], agent=given.agent, game=given.game, card_set=given.card_set,
                  workers=workers, progress=progress, **given.options)
    files = write_tune_report(result, folder, given.record_format) if folder is not None else None
    return Rerun(result, result.records(), files, given.warnings)


def _register() -> None:
    from tcbg.montecarlo.rerun import register

    register("tcbg-tune/1", rerun_tune)


_register()

__all__ = ["curse_plot", "rerun_tune", "rounds_plot", "tune_html", "write_tune_report"]
