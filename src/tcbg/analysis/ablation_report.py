"""The ablation's files: ``summary.json`` (format ``tcbg-ablation/1``) and ``report.html``, one self-contained page
with the ranked bar plot of each card's change (its 95% interval as an error bar), the observational statistic
beside it as a second marker, and the table with both effect columns and the caveat (docs/balance.md, "Card
ablation"). The page is made of the pieces of :mod:`tcbg.montecarlo.pages`."""

from __future__ import annotations

import html
from pathlib import Path

from tcbg.analysis.folders import rerun_inputs, write_folder
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo import pages

CAUSAL = "#1f77b4"
"""The colour of the ablation's bars (matplotlib's first colour), which the page test looks for."""
OBSERVED = "#d62728"


def _pts(value) -> str:
    return "n/a" if value is None else f"{100 * value:+.1f}"


def ablation_plot(summary: dict) -> str:
    """The ranked horizontal bars of the changes (points) with their intervals, and the observational differences
    as red diamonds, as PNG base64."""
    rows = summary["cards"]
    fig = pages.figure(7.5, max(2.2, 0.38 * len(rows) + 1.2))
    ax = fig.add_subplot(1, 1, 1)
    labels = [r.get("label") or r["card"] for r in rows][::-1]
    changes = [100 * (r["change"] or 0.0) for r in rows][::-1]
    lows = [100 * ((r["change"] or 0.0) - (r["ci95"][0] if r["ci95"][0] is not None else 0.0)) for r in rows][::-1]
    highs = [100 * ((r["ci95"][1] if r["ci95"][1] is not None else 0.0) - (r["change"] or 0.0)) for r in rows][::-1]
    ys = list(range(len(rows)))
    ax.barh(ys, changes, xerr=[lows, highs], color=CAUSAL, ecolor="#333333", capsize=3,
            label="ablation: variant minus original (95% interval)")
    observed = [(y, 100 * r["observed_delta"]) for y, r in zip(ys, rows[::-1]) if r["observed_delta"] is not None]
    if observed:
        ax.scatter([x for _, x in observed], [y for y, _ in observed], marker="D", color=OBSERVED, zorder=3,
                   label="observational: win rate when drawn minus overall")
    ax.axvline(0, color="#555555", linewidth=0.8)
    ax.set_yticks(ys, labels)
    ax.set_xlabel("change in score (points)")
    ax.set_title(f"{summary['deck']} without each card: gains right, losses left", fontsize=10)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2, fontsize=8, frameon=False)
    return pages.png(fig)


def ablation_html(summary: dict) -> str:
    game = game_adapter.kind_named(summary["game"]["name"]).describe(summary["game"]) if summary.get("game") else ""
    agents = summary.get("agents") or {}
    agent = agents.get("opponents", "")
    agent = agent.get("kind", agent) if isinstance(agent, dict) else agent
    body = [f"<p>{html.escape(game)}; {html.escape(str(agent))} agents; opponents "
            f"{html.escape(', '.join(summary['opponents']))}; seed {summary['seed']}; "
            f"{summary['games_played']} games in {summary['rounds']} round(s)"
            + (f", until every interval is within &plusmn;{summary['until_precise']:g} points"
               if summary.get("until_precise") else "")
            + (f", {summary['seconds']:.0f} s" if summary.get("seconds") is not None else "") + ". "
            f"Original deck's score: {100 * summary['reference_score']:.1f}%.</p>"]
    if summary["cards"]:
        body.append("<h2>Ranked change per card</h2>")
        body.append(pages.img("ablation", ablation_plot(summary), "each card's change in score with its interval"))
        rows = []
        for r in summary["cards"]:
            low, high = r["ci95"]
            drawn = r.get("observed_drawn") or {}
            rows.append([r.get("label") or r["card"], r["copies"], r["baseline"], _pts(r["change"]), f"[{_pts(low)}, {_pts(high)}]",
                         r["pairs"], "" if r.get("variance_ratio") is None else f"{r['variance_ratio']:.1f}x",
                         _pts(r["observed_delta"]), drawn.get("games", ""), r["observed_verdict"]])
        body.append(pages.table(["card", "copies", "replaced by", "ablation change (points)", "95% interval",
                                 "pairs per opponent", "variance ratio vs independent seeds", "observational (points)",
                                 "games drawn", "observed verdict (same cards seen)"],
                                rows))
    for r in summary["cards"]:
        if r.get("note"):
            body.append(f'<p class="note">{html.escape(r.get("label") or r["card"])}: {html.escape(r["note"])}</p>')
    independent = summary.get("independent_seeds") or {}
    if independent.get("independent_pairs_for_the_target"):
        body.append(f'<p class="note">Independent seeds would need about {independent["independent_pairs_for_the_target"]} '
                    f"pairs per opponent and card for the same &plusmn;{summary['until_precise']:g} points.</p>")
    body.append(f'<p class="note">Ablation: the deck with every copy of the card replaced, minus the deck, on common '
                f"random numbers (the same seeds, shuffles and agents' streams, seats swapped), averaged over the "
                f"opponents. {html.escape(summary['caveat'])}</p>")
    if summary["skipped"]:
        body.append("<h2>Cards not ablated</h2>")
        body.append(pages.table(["card", "why"], [[s.get("label") or s["card"], s["reason"]] for s in summary["skipped"]]))
    return pages.page(f"Card ablation: {summary['deck']}", body)


def write_ablation_report(result, folder, record_format: str = "parquet") -> dict:
    """Write ``summary.json``, ``report.html`` and the per-pair records (``pairs.parquet`` or ``pairs.csv``:
    :meth:`~tcbg.analysis.ablation.Ablation.records`) of an :class:`~tcbg.analysis.ablation.Ablation` into
    ``folder`` (made with its parents); return their paths by name (``summary``, ``report``, ``records``)."""
    return write_folder(result, folder, record_format, ablation_html)


def rerun_ablation(summary: dict, path: Path, folder, workers, progress):
    """``tcbg rerun`` of an ablation summary (docs/simulation.md "Provenance and reruns"): the same variants against
    the same opponents on the same pairs, rounds included, from its provenance."""
    from tcbg.analysis.ablation import ablate
    from tcbg.montecarlo.rerun import Rerun

    given = rerun_inputs(summary)
    run = given.run
    result = ablate(given.deck, given.against, run["games"], cards=run.get("cards"), baseline=run.get("baseline"),
                    seed=summary["provenance"]["seed"], agent=given.agent, until_precise=run.get("until_precise"),
                    max_games=run.get("max_games"), game=given.game, card_set=given.card_set, workers=workers,
                    progress=progress, **given.options)
    files = write_ablation_report(result, folder, given.record_format) if folder is not None else None
    return Rerun(result, result.records(), files, given.warnings)


def _register() -> None:
    from tcbg.montecarlo.rerun import register

    register("tcbg-ablation/1", rerun_ablation)


_register()

__all__ = ["ablation_html", "ablation_plot", "rerun_ablation", "write_ablation_report"]
