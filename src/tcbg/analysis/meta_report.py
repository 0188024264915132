"""The report of a metagame (docs/balance.md, "The metagame"), written into a folder: ``summary.json`` (format
``tcbg-meta/1``), ``report.html`` (self-contained, plots as inline PNG: the score heatmap, the equilibrium's shares,
the Nash-averaged ratings, the scores against the field, the replicator trajectories) and, when the games were
played for it, their records (``games.parquet`` or ``games.csv``, as ``tcbg matrix`` writes them), so that the
folder can feed ``tcbg meta --from`` again.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

import numpy as np

from tcbg.analysis.meta import points_text, support_games_text
from tcbg.montecarlo.pages import figure, img, page, png, table, write_json
from tcbg.montecarlo.report import agents_text, game_text, matrix_records, plot_heatmap, write_table

SHARE_COLOUR, OUT_COLOUR = "#3b75af", "#aaaaaa"


def write_meta_report(result, folder: str | os.PathLike[str], matrix=None,
                      record_format: str = "parquet") -> dict[str, Path]:
    """Write the summary and report of a :class:`~tcbg.analysis.meta.Metagame` (and, given the
    :class:`~tcbg.montecarlo.matrix.MatrixResult` it came from, its records); return the files by kind."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, Path] = {}
    if matrix is not None:
        files["records"] = _write_records(matrix, out, record_format)
    files["summary"], files["report"] = out / "summary.json", out / "report.html"
    summary = result.summary()
    summary["files"] = {kind: path.name for kind, path in files.items()}
    write_json(files["summary"], summary)
    files["report"].write_text(meta_html(result, summary), encoding="utf-8")
    return files


def _write_records(matrix, out: Path, record_format: str) -> Path:
    """Every game of every matchup with its decks (``deck_a``, ``deck_b``), as ``tcbg matrix`` writes them."""
    path = out / f"games.{record_format}"
    write_table(matrix_records(matrix), path, record_format)
    return path


# -- plots --------------------------------------------------------------------------------------------------------

class _Scores:
    """The score matrix as :func:`tcbg.montecarlo.report.plot_heatmap` reads a matrix (its cells: the row deck's
    score, draws counted half)."""

    def __init__(self, summary: dict):
        self.decks = summary["decks"]
        n = len(self.decks)
        self._rates = [[None if r == k else summary["scores"][r][k] for k in range(n)] for r in range(n)]

    def win_rates(self):
        return self._rates


def plot_scores(summary: dict) -> str:
    return plot_heatmap(_Scores(summary), what="score")


def _bars(ax, decks: list[str], values, intervals, colours, scale: float = 100.0) -> None:
    values = scale * np.asarray(values, dtype=float)
    iv = scale * np.asarray(intervals, dtype=float)
    errors = np.maximum(np.stack([values - iv[:, 0], iv[:, 1] - values]), 0.0)
    y = np.arange(len(decks))
    ax.barh(y, values, xerr=errors, color=colours, capsize=4)
    ax.set_yticks(y, decks)
    ax.invert_yaxis()


def plot_shares(summary: dict) -> str:
    eq, decks = summary["equilibrium"], summary["decks"]
    fig = figure(7, 0.45 * len(decks) + 1.6)
    ax = fig.add_subplot()
    colours = [SHARE_COLOUR if s else OUT_COLOUR for s in eq["support"]]
    _bars(ax, decks, eq["shares"], eq["ci95"], colours)
    for k, (share, p) in enumerate(zip(eq["shares"], eq["support_probability"])):
        ax.text(100 * eq["ci95"][k][1] + 1.5, k, f"{100 * share:.1f}%  (in support {100 * p:.0f}%)",
                va="center", fontsize=9)
    ax.set_xlim(0, 135)
    ax.set_xticks(range(0, 101, 20))
    ax.set_xlabel("share of the maximum-entropy Nash equilibrium (%; bars: 95% bootstrap interval)")
    ax.set_title("The equilibrium: the mix of decks no deck beats")
    return png(fig)


def plot_ratings(summary: dict) -> str:
    ratings, decks = summary["ratings"], summary["decks"]
    fig = figure(7, 0.45 * len(decks) + 1.6)
    ax = fig.add_subplot()
    values = np.asarray(ratings["values"])
    colours = [SHARE_COLOUR if v > -1e-6 else "#c8553d" for v in values]
    _bars(ax, decks, values, ratings["ci95"], colours)
    ax.axvline(0, color="black", lw=0.6)
    low = min(-5.0, 100 * float(np.min(np.asarray(ratings["ci95"])[:, 0])) - 5)
    ax.set_xlim(low, max(5.0, 100 * float(np.max(np.asarray(ratings["ci95"])[:, 1])) + 5))
    ax.set_xlabel("score against the equilibrium less 50% (points; bars: 95% bootstrap interval)")
    ax.set_title("Nash-averaged ratings (0: as good as the equilibrium)")
    return png(fig)


def plot_field(summary: dict) -> str:
    fld, decks = summary["field"], summary["decks"]
    fig = figure(7, 0.45 * len(decks) + 1.6)
    ax = fig.add_subplot()
    _bars(ax, decks, fld["scores"], fld["ci95"], ["#4a9a5b"] * len(decks))
    for k, score in enumerate(fld["scores"]):
        ax.text(100 * fld["ci95"][k][1] + 1.5, k, f"{100 * score:.1f}%", va="center", fontsize=9)
    ax.axvline(50, color="black", lw=0.6, ls=":")
    ax.set_xlim(0, 112)
    ax.set_xticks(range(0, 101, 20))
    ax.set_xlabel("expected score against the field (%; draws half; bars: 95% bootstrap interval)")
    ax.set_title("Against the field" + ("" if fld["given"] else " (uniform: no field given)"))
    return png(fig)


def plot_replicator(summary: dict) -> str:
    rep, decks = summary["replicator"], summary["decks"]
    times, shares = np.asarray(rep["times"]), 100 * np.asarray(rep["shares"])
    fig = figure()
    ax = fig.add_subplot()
    colours = [f"C{k % 10}" for k in range(len(decks))]
    for k, deck in enumerate(decks):
        ax.plot(times, shares[:, k], color=colours[k], lw=2, label=deck)
        ax.axhline(100 * summary["equilibrium"]["shares"][k], color=colours[k], lw=0.8, ls="--")
    ax.set_ylim(-2, 102)
    ax.set_xlabel("time (a deck's share grows by e-fold per unit of its score edge over the field)")
    ax.set_ylabel("share of the field (%)")
    ax.set_title("Replicator dynamics from the field (dashed: the equilibrium's shares)")
    ax.legend(fontsize=8, loc="best")
    return png(fig)


# -- the page -----------------------------------------------------------------------------------------------------

def _pct(value: float, interval) -> str:
    return f"{100 * value:.1f}% [{100 * interval[0]:.1f}, {100 * interval[1]:.1f}]"


def meta_html(result, summary: dict) -> str:
    decks, mx, eq = summary["decks"], summary["matrix"], summary["equilibrium"]
    game, agents = mx.get("game") or {}, mx.get("agents")
    facts = (f" of {html.escape(game_text(game))}; agents: {html.escape(agents_text(agents))}"
             if game and agents else "")
    source = "" if mx["source"] == "played" else f" (read from {html.escape(mx['source'])})"
    replicates = summary["bootstrap"]["replicates"]
    body = [f"<p>{len(decks)} decks, {mx['games_per_matchup']} games per matchup in seat-swapped pairs{facts}; "
            f"seed {mx['seed']}{source}. Every interval is a 95% bootstrap percentile interval over "
            f"{replicates} replicates, each drawing every matchup's seat-swapped pairs again with replacement "
            f"(docs/balance.md, rules M1 to M6).</p>"]
    if mx.get("interrupted"):
        body.append("<p><strong>Interrupted</strong>: the last matchup was played in part.</p>")
    body += ["<h2>Scores</h2>",
             "<p class=\"note\">Cell: the row deck's mean score against the column deck (a win 1, a draw 1/2), "
             "with its interval.</p>",
             table(["deck (row) against", *decks],
                   [[d, *("-" if r == k else _pct(summary["scores"][r][k], summary["scores_ci95"][r][k])
                          for k in range(len(decks)))] for r, d in enumerate(decks)]),
             img("scores", plot_scores(summary), "score matrix")]
    chosen = ("It is the only equilibrium." if eq["unique"] else
              "It is not the only one: the table gives each deck's least and greatest share over every "
              "equilibrium, and the one shown is the maximum-entropy equilibrium, as Nash averaging takes it.")
    body += ["<h2>The Nash equilibrium</h2>",
             f"<p class=\"note\">The mix of decks that no deck beats (the symmetric zero-sum game of score less "
             f"1/2, solved by linear programming). {chosen} In support: the share of replicates whose equilibrium "
             f"plays the deck.</p>",
             table(["deck", "share [95%]", "in support", *(() if eq["unique"] else ("least share", "greatest share"))],
                   [[d, _pct(eq["shares"][k], eq["ci95"][k]), f"{100 * eq['support_probability'][k]:.0f}%",
                     *(() if eq["unique"] else (f"{100 * eq['lowest'][k]:.1f}%", f"{100 * eq['highest'][k]:.1f}%"))]
                    for k, d in enumerate(decks)]),
             img("shares", plot_shares(summary), "equilibrium shares")]
    needed = summary["support_games"]
    body.append(f"<p><strong>Games for a certain support</strong>: {support_games_text(needed)}. Method: the "
                f"bootstrap replicates' deviations from the estimated scores shrunk by the square root of the "
                f"ratio of games (as a mean's error shrinks), the support recomputed for each, and the fewest games "
                f"at which every deck is in the support in at least {100 * needed['threshold']:.0f}% of replicates "
                f"or in at most {100 * (1 - needed['threshold']):.0f}% of them, searched by factors of the square "
                f"root of 2 (docs/balance.md M4). It takes the estimated scores as the truth. Now "
                f"{'certain' if needed['certain_now'] else 'not yet certain'}.</p>")
    ratings = summary["ratings"]
    body += ["<h2>Nash-averaged ratings</h2>",
             "<p class=\"note\">Each deck's expected score against the equilibrium mix less 50% (Balduzzi et al. "
             "2018, \"Re-evaluating evaluation\"), in points: 0 for the decks the equilibrium plays, below 0 by "
             "what a deck loses to the metagame's best mix. Adding a copy of a deck changes no rating.</p>",
             table(["deck", "rating (points) [95%]"],
                   [[d, points_text(ratings["values"][k], ratings["ci95"][k])] for k, d in enumerate(decks)]),
             img("ratings", plot_ratings(summary), "Nash-averaged ratings")]
    fld = summary["field"]
    body += ["<h2>Against the field</h2>",
             f"<p class=\"note\">The field{'' if fld['given'] else ' (uniform: none was given)'}: "
             + ", ".join(f"{html.escape(d)} {100 * s:.1f}%" for d, s in zip(decks, fld["shares"]))
             + ". Each deck's expected score against a deck drawn from it, its mirror match counted at 50%.</p>",
             table(["deck", "share of the field", "expected score [95%]"],
                   [[d, f"{100 * fld['shares'][k]:.1f}%", _pct(fld["scores"][k], fld["ci95"][k])]
                    for k, d in enumerate(decks)]),
             img("field", plot_field(summary), "scores against the field")]
    rep = summary["replicator"]
    body += ["<h2>Where the metagame drifts</h2>",
             "<p class=\"note\">Replicator dynamics from the field: each deck's share grows at the rate its "
             "expected score beats the field's (which is always 50%). A deck absent from the field stays absent; "
             "around an equilibrium that plays several decks the shares circle rather than settle.</p>",
             table(["deck", "start", "end"], [[d, f"{100 * rep['start'][k]:.1f}%", f"{100 * rep['end'][k]:.1f}%"]
                                              for k, d in enumerate(decks)]),
             img("replicator", plot_replicator(summary), "replicator trajectories")]
    return page("Metagame", body)


__all__ = ["meta_html", "write_meta_report"]


# -- tcbg rerun ---------------------------------------------------------------------------------------------------

def rerun_meta(summary: dict, path: Path, folder, workers, progress):
    """``tcbg rerun`` of a metagame summary (docs/simulation.md "Provenance and reruns"): the round robin played
    again from its provenance, analysed with the same field and bootstrap, and written as the metagame was. The
    :class:`~tcbg.montecarlo.rerun.Rerun`'s result is the round robin (its games are what ``--check`` compares)."""
    from tcbg.analysis.meta import metagame_of_matrix
    from tcbg.errors import ProvenanceError
    from tcbg.montecarlo import rerun

    source = (summary.get("matrix") or {}).get("source", "played")
    if source != "played":  # a metagame read with --from holds no games of its own: its games are the folder's
        raise ProvenanceError(f"this metagame was read from the folder {source}: re-run that folder's summary.json",
                              field=f"{path}: matrix.source", rule="simulation.md provenance")
    played = rerun.rerun_matrix(summary, path, None, workers, progress)
    field = summary.get("field") or {}
    shares = dict(zip(summary["decks"], field["shares"])) if field.get("given") else None
    result = metagame_of_matrix(played.result, field=shares,
                                bootstrap=int((summary.get("bootstrap") or {}).get("replicates", 200)))
    files = write_meta_report(result, folder, played.result, rerun.record_format_of(summary)) \
        if folder is not None else None
    return rerun.Rerun(played.result, played.table, files, played.warnings)


def _register() -> None:
    from tcbg.montecarlo.rerun import register

    register("tcbg-meta/1", rerun_meta)


_register()
