"""Reports of matchups and matrices, written into a folder: the per-game records (Parquet or CSV), a JSON summary,
and one self-contained HTML page with the plots (matplotlib, embedded as PNG).

Files: ``games.parquet`` or ``games.csv`` (matchups: every game of both seatings; matrices: every game of every
matchup with its decks), ``summary.json``, ``report.html``.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
import os
from pathlib import Path
from typing import Any

import numpy as np

from tcbg.montecarlo.games import REASONS

RECORD_FORMATS = ("parquet", "csv")


def write_matchup_report(result, folder: str | os.PathLike[str], record_format: str = "parquet") -> dict[str, Path]:
    """Write the records, the summary and the HTML report of a :class:`~tcbg.montecarlo.matchup.Matchup`; return the
    files written by kind."""
    out = _folder(folder)
    summary = result.summary()
    files = {"records": _write_records(result, out, record_format), "summary": out / "summary.json",
             "report": out / "report.html"}
    summary["files"] = {kind: path.name for kind, path in files.items()}
    _write_json(files["summary"], summary)
    files["report"].write_text(matchup_html(result, summary), encoding="utf-8")
    return files


def write_matrix_report(result, folder: str | os.PathLike[str], record_format: str = "parquet") -> dict[str, Path]:
    """Write the records, the summary and the HTML report of a :class:`~tcbg.montecarlo.matrix.MatrixResult`."""
    import pyarrow as pa

    out = _folder(folder)
    tables = []
    for (i, j), matchup in sorted(result.matchups.items()):
        table = matchup.games_csv_table() if record_format == "csv" else matchup.games_table()
        table = table.replace_schema_metadata(None)
        table = table.add_column(0, "deck_b", pa.array([result.decks[j]] * table.num_rows, type=pa.string()))
        tables.append(table.add_column(0, "deck_a", pa.array([result.decks[i]] * table.num_rows, type=pa.string())))
    # the per-card flags of different matchups have different instances; only one matchup's can share a column
    tables = [t.drop_columns(["card_flags"]) for t in tables]
    records = out / f"games.{record_format}"
    _write_table(pa.concat_tables(tables) if tables else pa.table({}), records, record_format)
    summary = result.summary()
    files = {"records": records, "summary": out / "summary.json", "report": out / "report.html"}
    summary["files"] = {kind: path.name for kind, path in files.items()}
    _write_json(files["summary"], summary)
    files["report"].write_text(matrix_html(result, summary), encoding="utf-8")
    return files


def _folder(folder) -> Path:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    return out


def _write_records(result, out: Path, record_format: str) -> Path:
    if record_format not in RECORD_FORMATS:
        raise ValueError(f"record format must be one of {', '.join(RECORD_FORMATS)}, not {record_format!r}")
    path = out / f"games.{record_format}"
    table = result.games_csv_table() if record_format == "csv" else result.games_table()
    _write_table(table, path, record_format)
    return path


def _write_table(table, path: Path, record_format: str) -> None:
    if record_format not in RECORD_FORMATS:
        raise ValueError(f"record format must be one of {', '.join(RECORD_FORMATS)}, not {record_format!r}")
    if record_format == "csv":
        import pyarrow.csv as pcsv

        pcsv.write_csv(table, str(path))
    else:
        import pyarrow.parquet as pq

        pq.write_table(table, str(path))


def _write_json(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=1, allow_nan=False) + "\n", encoding="utf-8")


# -- plots --------------------------------------------------------------------------------------------------------

def _figure(width: float = 7.0, height: float = 3.6):
    from matplotlib.figure import Figure  # no pyplot: no global state, no display needed

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _png(fig) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def plot_results(summary: dict) -> str:
    res, decks = summary["results"], summary["decks"]
    labels = [f"{decks['A']} wins", "draws", f"{decks['B']} wins"]
    parts = [res["A"], res["draws"], res["B"]]
    fig = _figure(7, 2.4)
    ax = fig.add_subplot()
    rates = [100 * (p["rate"] or 0.0) for p in parts]
    errors = np.array([[100 * ((p["rate"] or 0) - p["ci95"][0]) for p in parts],
                       [100 * (p["ci95"][1] - (p["rate"] or 0)) for p in parts]])
    errors = np.maximum(errors, 0.0)  # an interval's end can round past its estimate (a rate of 0 over 10**6 games)
    ax.barh(labels, rates, xerr=errors, color=["#3b75af", "#aaaaaa", "#c8553d"], capsize=4)
    ax.axvline(50, color="black", lw=0.6, ls=":")
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of games (95% Wilson interval)")
    return _png(fig)


def plot_win_conditions(summary: dict) -> str:
    cond, decks = summary["win_conditions"], summary["decks"]
    reasons = [r for r in REASONS if any(r in cond[s] for s in cond)] or ["none"]
    fig = _figure()
    ax = fig.add_subplot()
    x = np.arange(len(reasons))
    for k, (side, label, colour) in enumerate((("A", decks["A"], "#3b75af"), ("B", decks["B"], "#c8553d"),
                                               ("draw", "draw", "#aaaaaa"))):
        ax.bar(x + (k - 1) * 0.27, [cond[side].get(r, 0) for r in reasons], width=0.27, label=label, color=colour)
    ax.set_xticks(x, reasons)
    ax.set_ylabel("games")
    ax.legend()
    return _png(fig)


def plot_game_length(result) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    turns, winners = [], []
    for seating in (0, 1):
        turns.append(result.records[seating]["turns"].astype(np.int64))
        winners.append(result.winner_sides(seating))
    turns_all, winners_all = np.concatenate(turns), np.concatenate(winners)
    top = int(turns_all.max()) + 2 if turns_all.size else 2
    bins = np.arange(0, top, max(1, top // 60))
    groups = [(turns_all[winners_all == s], label, colour) for s, label, colour in
              (("A", result.deck_a, "#3b75af"), ("B", result.deck_b, "#c8553d"), ("draw", "draw", "#aaaaaa"))]
    ax.hist([g[0] for g in groups], bins=bins, stacked=True, label=[g[1] for g in groups],
            color=[g[2] for g in groups])
    ax.set_xlabel("turns (all players' turns counted)")
    ax.set_ylabel("games")
    ax.legend()
    return _png(fig)


def plot_cards(summary: dict, side: str, top: int = 12) -> str:
    stats = summary["cards"][side]
    rows = [r for r in stats["cards"] if r["drawn_delta"] is not None]
    if len(rows) > 2 * top:
        rows = rows[:top] + rows[-top:]
    fig = _figure(7, 0.3 * max(len(rows), 4) + 1.0)
    ax = fig.add_subplot()
    base = stats["baseline"]["rate"] or 0.0
    deltas = [100 * r["drawn_delta"] for r in rows]
    lo = [100 * (r["drawn_delta"] - (r["drawn"]["ci95"][0] - base)) for r in rows]
    hi = [100 * ((r["drawn"]["ci95"][1] - base) - r["drawn_delta"]) for r in rows]
    y = np.arange(len(rows))[::-1]
    ax.barh(y, deltas, xerr=np.maximum([lo, hi], 0.0), color=["#3b75af" if d >= 0 else "#c8553d" for d in deltas], capsize=2)
    ax.set_yticks(y, [r["card"] for r in rows])
    ax.axvline(0, color="black", lw=0.6)
    ax.set_xlabel(f"win rate when drawn minus {summary['decks'][side]}'s baseline (points, 95% interval)")
    return _png(fig)


def plot_sprt(summary: dict) -> str:
    sprt = summary["sprt"]
    trace = np.array(sprt["trace"], dtype=float).reshape(-1, 3)
    fig = _figure()
    ax = fig.add_subplot()
    ax.plot(trace[:, 0], trace[:, 1], marker=".", label=f"A better by {sprt['margin_elo']:g} Elo")
    ax.plot(trace[:, 0], trace[:, 2], marker=".", label=f"A worse by {sprt['margin_elo']:g} Elo")
    for bound in sprt["bounds"]:
        ax.axhline(bound, color="black", lw=0.6, ls="--")
    ax.set_xlabel("pairs")
    ax.set_ylabel("log-likelihood ratio")
    ax.legend()
    return _png(fig)


def plot_heatmap(result) -> str:
    rates = np.array([[np.nan if v is None else 100 * v for v in row] for row in result.win_rates()])
    n = len(result.decks)
    fig = _figure(1.4 * n + 2.5, 1.1 * n + 1.5)
    ax = fig.add_subplot()
    image = ax.imshow(rates, cmap="RdBu", vmin=0, vmax=100)
    ax.set_xticks(range(n), result.decks, rotation=30, ha="right")
    ax.set_yticks(range(n), result.decks)
    for r in range(n):
        for k in range(n):
            if not math.isnan(rates[r, k]):
                ax.text(k, r, f"{rates[r, k]:.1f}%", ha="center", va="center", fontsize=9)
    ax.set_xlabel("against")
    fig.colorbar(image, ax=ax, label="row deck's win rate (%)")
    return _png(fig)


# -- HTML ---------------------------------------------------------------------------------------------------------

_STYLE = """body{font-family:sans-serif;max-width:980px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:0.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th:first-child,td:first-child{text-align:left}.note{color:#555;font-size:90%}img{max-width:100%}"""


def _page(title: str, body: list[str]) -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{_STYLE}</style></head><body>\n<h1>{html.escape(title)}</h1>\n" + "\n".join(body)
            + "\n</body></html>\n")


def _img(name: str, data: str, alt: str) -> str:
    return f'<img class="plot" id="plot-{name}" alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _pct(p: dict) -> str:
    if p["rate"] is None:
        return "n/a"
    return f"{100 * p['rate']:.1f}% [{100 * p['ci95'][0]:.1f}, {100 * p['ci95'][1]:.1f}]"


def _table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def matchup_html(result, summary: dict) -> str:
    decks, res, game = summary["decks"], summary["results"], summary["game"]
    elo = res["elo_a"]
    elo_text = "n/a" if elo["elo"] is None else (
        f"{elo['elo']:+.1f} [{_fmt_elo(elo['ci95'][0], '-inf')}, {_fmt_elo(elo['ci95'][1], '+inf')}]")
    body = [f"<p>{summary['games']} games ({summary['pairs']} seat-swapped pairs) of X610Z, board "
            f"{html.escape(game['board'])} ({html.escape(game['rules'])}), setup {html.escape(game['setup'])}, "
            f"turn limit {game['max_turns']}; agents: {html.escape(_agents_text(summary['agents']))}; seed "
            f"{summary['seed']}; played by {'the native core' if summary['native'] else 'the Python loop'} on "
            f"{html.escape(summary['ran_on'])}.</p>"]
    if summary["interrupted"]:
        body.append(f"<p><strong>Interrupted</strong>: {summary['games']} of {summary['games_requested']} games "
                    f"were played; the figures cover those.</p>")
    body += ["<h2>Results</h2>",
             _table(["", "rate [95% Wilson interval]"],
                    [[f"{decks['A']} wins", _pct(res["A"])], [f"{decks['B']} wins", _pct(res["B"])],
                     ["draws", _pct(res["draws"])], [f"Elo {decks['A']} - {decks['B']}", elo_text]]),
             _img("results", plot_results(summary), "win rates with intervals")]
    if "sprt" in summary:
        s = summary["sprt"]
        body += ["<h2>Sequential test</h2>",
                 f"<p>Decision: <strong>{html.escape(s['decision'])}</strong> after {s['pairs']} pairs "
                 f"(margin {s['margin_elo']:g} Elo, alpha {s['alpha']:g}, beta {s['beta']:g}).</p>",
                 _img("sprt", plot_sprt(summary), "log-likelihood ratios")]
    first = summary["first_player"]
    body += ["<h2>First player</h2>",
             _table(["", "rate [95% Wilson interval]"],
                    [["the first player wins", _pct(first["wins"])],
                     [f"{decks['A']} wins when it goes first", _pct(first["a_when_first"])],
                     [f"{decks['A']} wins when it goes second", _pct(first["a_when_second"])]])]
    cond = summary["win_conditions"]
    reasons = [r for r in REASONS if any(r in cond[s] for s in cond)]
    body += ["<h2>How games were won</h2>",
             _table(["", *reasons], [[label, *(cond[side].get(r, 0) for r in reasons)] for side, label in
                                     (("A", decks["A"]), ("B", decks["B"]), ("draw", "draw"))]),
             _img("win-conditions", plot_win_conditions(summary), "win conditions")]
    length = summary["game_length"]
    if length["turns"]["games"]:
        body += ["<h2>Game length</h2>",
                 _table(["", "mean", "min", "10%", "median", "90%", "max"],
                        [[what, f"{d['mean']:.1f}", d["min"], d["p10"], d["median"], d["p90"], d["max"]]
                         for what, d in (("turns", length["turns"]), ("decisions", length["decisions"]))]),
                 _img("game-length", plot_game_length(result), "game length")]
    for side in "AB":
        stats = summary["cards"][side]
        body += [f"<h2>Cards of {html.escape(decks[side])}</h2>",
                 f"<p class=\"note\">Baseline win rate {_pct(stats['baseline'])}. Win rate in the games where the "
                 f"card was drawn (at least one copy) and where it was cast, ranked by the difference when drawn. "
                 f"These are associations, not causes: a card seen mostly in long games shares their win rate.</p>",
                 _table(["card", "copies", "drawn: win rate", "diff", "cast: win rate", "diff", ""],
                        [[r["card"], r["copies"], _pct(r["drawn"]), _diff(r["drawn_delta"]), _pct(r["cast"]),
                          _diff(r["cast_delta"]), r["verdict"]] for r in stats["cards"]])]
        if any(r["drawn_delta"] is not None for r in stats["cards"]):
            body.append(_img(f"cards-{side}", plot_cards(summary, side), f"cards of {decks[side]}"))
    return _page(f"{decks['A']} vs {decks['B']}", body)


def matrix_html(result, summary: dict) -> str:
    n = len(summary["decks"])
    rows = []
    for r, deck in enumerate(summary["decks"]):
        row = [deck]
        for k in range(n):
            rate, ci = summary["win_rate"][r][k], summary["ci95"][r][k]
            row.append("-" if rate is None else f"{100 * rate:.1f}% [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]")
        rows.append(row)
    body = [f"<p>Round robin of {n} decks, {summary['games_per_matchup']} games per matchup in seat-swapped pairs, "
            f"seed {summary['seed']}. Cell: the row deck's win rate against the column deck, with its 95% Wilson "
            f"interval.</p>"]
    if summary["interrupted"]:
        body.append("<p><strong>Interrupted</strong>: the matchups left empty were not played.</p>")
    body += [_table(["", *summary["decks"]], rows)]
    if result.matchups:
        body.append(_img("heatmap", plot_heatmap(result), "win rate matrix"))
    return _page("Matchup matrix", body)


def _diff(delta: float | None) -> str:
    return "" if delta is None else f"{100 * delta:+.1f}"


def _fmt_elo(x: float | None, unbounded: str) -> str:
    return unbounded if x is None else f"{x:+.1f}"


def _agents_text(agents: dict) -> str:
    def one(spec: Any) -> str:
        if isinstance(spec, dict):
            return spec["kind"] + (f" ({spec['simulations']} simulations)" if "simulations" in spec else "")
        return str(spec)

    a, b = one(agents["A"]), one(agents["B"])
    return a if a == b else f"A {a}, B {b}"
