"""Reports of matchups and matrices, written into a folder: the per-game records (Parquet or CSV), a JSON summary,
and one self-contained HTML page with the plots (matplotlib, embedded as PNG).

Files: ``games.parquet`` or ``games.csv`` (matchups: every game of both seatings; matrices: every game of every
matchup with its decks), ``summary.json``, ``report.html``; beside a matchup's report, the replays of a few sample
games (``replay-*.html``, tcbg.replay.samples.sample_games), which the report links.
"""

from __future__ import annotations

import html
import math
import os
from pathlib import Path
from typing import Any

import numpy as np

from tcbg.montecarlo.pages import COLOURS, figure, img, page, pct, png, table, write_json
from tcbg.montecarlo.reloads import matrix_reload_html, reload_html

RECORD_FORMATS = ("parquet", "csv")


def write_matchup_report(result, folder: str | os.PathLike[str], record_format: str = "parquet",
                         robustness: dict | None = None, replays: bool = True) -> dict[str, Path]:
    """Write the records, the summary and the HTML report of a :class:`~tcbg.montecarlo.matchup.Matchup`; return the
    files written by kind. ``robustness``, a :func:`tcbg.montecarlo.robust.robust_matchup` block, goes into the
    summary and the report. With ``replays``, the sample games are replayed beside the report
    (:func:`tcbg.replay.samples.write_sample_replays`), listed in the summary's ``replays`` and linked."""
    out = _folder(folder)
    summary = result.summary()
    if robustness is not None:
        summary["robustness"] = robustness
    if replays:
        from tcbg.replay.samples import write_sample_replays

        summary["replays"] = write_sample_replays(result, out)
    files = {"records": _write_records(result, out, record_format), "summary": out / "summary.json",
             "report": out / "report.html"}
    summary["files"] = {kind: path.name for kind, path in files.items()}
    write_json(files["summary"], summary)
    files["report"].write_text(matchup_html(result, summary), encoding="utf-8")
    return files


def write_matrix_report(result, folder: str | os.PathLike[str], record_format: str = "parquet",
                        robustness: dict | None = None) -> dict[str, Path]:
    """Write the records, the summary and the HTML report of a :class:`~tcbg.montecarlo.matrix.MatrixResult`
    (``robustness``: a :func:`tcbg.montecarlo.robust.robust_matrix` block for the summary and the report)."""
    out = _folder(folder)
    records = out / f"games.{record_format}"
    write_table(matrix_records(result), records, record_format)
    summary = result.summary()
    if robustness is not None:
        summary["robustness"] = robustness
    files = {"records": records, "summary": out / "summary.json", "report": out / "report.html"}
    summary["files"] = {kind: path.name for kind, path in files.items()}
    write_json(files["summary"], summary)
    files["report"].write_text(matrix_html(result, summary), encoding="utf-8")
    return files


def matrix_records(result):
    """Every game of every matchup of a :class:`~tcbg.montecarlo.matrix.MatrixResult` as one ``pyarrow.Table``:
    ``deck_a``, ``deck_b`` and the matchup's columns without the card flags."""
    import pyarrow as pa

    tables = []
    for (i, j), matchup in sorted(result.matchups.items()):
        # the per-card flags of different matchups have different instances: no column can hold them all, in
        # Parquet (a fixed-size list) or CSV (a column per instance), so the matrix's records leave them out
        table = matchup.games_table().drop_columns(["card_flags"]).replace_schema_metadata(None)
        table = table.add_column(0, "deck_b", pa.array([result.decks[j]] * table.num_rows, type=pa.string()))
        tables.append(table.add_column(0, "deck_a", pa.array([result.decks[i]] * table.num_rows, type=pa.string())))
    return pa.concat_tables(tables) if tables else pa.table({})


def _folder(folder) -> Path:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    return out


def _write_records(result, out: Path, record_format: str) -> Path:
    if record_format not in RECORD_FORMATS:
        raise ValueError(f"record format must be one of {', '.join(RECORD_FORMATS)}, not {record_format!r}")
    path = out / f"games.{record_format}"
    table = result.games_csv_table() if record_format == "csv" else result.games_table()
    write_table(table, path, record_format)
    return path


def write_table(table, path: Path, record_format: str) -> None:
    if record_format not in RECORD_FORMATS:
        raise ValueError(f"record format must be one of {', '.join(RECORD_FORMATS)}, not {record_format!r}")
    if record_format == "csv":
        import pyarrow.csv as pcsv

        pcsv.write_csv(table, str(path))
    else:
        import pyarrow.parquet as pq

        pq.write_table(table, str(path))



# -- plots --------------------------------------------------------------------------------------------------------

def _labels(summary: dict) -> dict:
    """Side -> label (``vanilla-a (A)``); summaries written before labels existed fall back to the deck names."""
    return summary.get("labels") or {side: f"{deck} ({side})" for side, deck in summary["decks"].items()}


def _rate_bars(ax, labels: list[str], parts: list[dict], colours: list[str]) -> None:
    """Horizontal bars of rates with their 95% intervals, the first label at the top (the tables' order)."""
    rates = [100 * (p["rate"] or 0.0) for p in parts]
    errors = np.array([[100 * ((p["rate"] or 0) - p["ci95"][0]) for p in parts],
                       [100 * (p["ci95"][1] - (p["rate"] or 0)) for p in parts]])
    errors = np.maximum(errors, 0.0)  # an interval's end can round past its estimate (a rate of 0 over 10**6 games)
    y = np.arange(len(parts))
    ax.barh(y, rates, xerr=errors, color=colours, capsize=4)
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    for k, rate in enumerate(rates):  # the figure beyond the interval's end, clear of the error bar
        ax.text(rate + errors[1][k] + 1.5, k, f"{rate:.1f}%", va="center", ha="left", fontsize=9)
    ax.axvline(50, color="black", lw=0.6, ls=":")
    ax.set_xlim(0, 112)
    ax.set_xticks(range(0, 101, 20))
    ax.set_xlabel("% of games (bars: 95% Wilson interval)")


def plot_results(summary: dict) -> str:
    res, label = summary["results"], _labels(summary)
    fig = figure(7, 2.4)
    ax = fig.add_subplot()
    _rate_bars(ax, [f"{label['A']} wins", f"{label['B']} wins", "draws"], [res["A"], res["B"], res["draws"]],
               [COLOURS["A"], COLOURS["B"], COLOURS["draw"]])
    ax.set_title(f"Results over {summary['games']} games")
    return png(fig)


def plot_first_player(summary: dict) -> str:
    first, label = summary["first_player"], _labels(summary)
    fig = figure(7, 2.4)
    ax = fig.add_subplot()
    _rate_bars(ax, ["the first player wins", f"{label['A']} wins going first", f"{label['A']} wins going second"],
               [first["wins"], first["a_when_first"], first["a_when_second"]], ["#6b6b9a", COLOURS["A"], "#8fb3d9"])
    ax.set_title("The first player's advantage (50%: none)")
    return png(fig)


def game_text(facts: dict) -> str:
    """The game of a summary in words, as its kind describes it (the facts' name alone for a game not known here)."""
    from tcbg.errors import GameError
    from tcbg.montecarlo.games import kind_named

    try:
        return kind_named(facts.get("name", "")).describe(facts)
    except GameError:
        return str(facts.get("name", "a game"))


def _card_words(facts: dict) -> tuple[str, tuple]:
    """What the game of a summary calls playing a card, and its own per-card flags (X610Z's words for a game not
    known here)."""
    from tcbg.errors import GameError
    from tcbg.montecarlo.games import kind_named

    try:
        kind = kind_named(facts.get("name", ""))
    except GameError:
        return "cast", ()
    return kind.played_word, kind.card_flags


def _reasons(summary: dict) -> list[str]:
    """The end reasons met in a summary's win conditions, in the order of the game's reason codes."""
    from tcbg.errors import GameError
    from tcbg.montecarlo.games import kind_named

    cond = summary["win_conditions"]
    met = [r for s in cond for r in cond[s]]
    try:
        order = list(kind_named(summary.get("game", {}).get("name", "")).reasons)
    except GameError:  # a summary of a game this installation does not know: the order met
        order = []
    order += [r for r in dict.fromkeys(met) if r not in order]
    return [r for r in order if r in met]


def plot_win_conditions(summary: dict) -> str:
    cond, label = summary["win_conditions"], _labels(summary)
    reasons = _reasons(summary) or ["none"]
    fig = figure()
    ax = fig.add_subplot()
    x = np.arange(len(reasons))
    for k, (side, name) in enumerate((("A", f"{label['A']} wins"), ("B", f"{label['B']} wins"), ("draw", "draws"))):
        ax.bar(x + (k - 1) * 0.27, [cond[side].get(r, 0) for r in reasons], width=0.27, label=name,
               color=COLOURS[side])
    ax.set_xticks(x, reasons)
    ax.set_xlabel("how the game ended")
    ax.set_ylabel("games")
    ax.set_title("How games were won")
    ax.legend()
    return png(fig)


def length_bins(turns: np.ndarray) -> tuple[np.ndarray, int | None]:
    """Histogram bin edges for game lengths fitted to the bulk of the games: up to the 99th percentile (a few long
    games would squash the rest), with the games beyond it gathered in one overflow bin. Returns (edges, the first
    length in the overflow bin, or None when nothing is clipped)."""
    if turns.size == 0:
        return np.arange(0, 3), None
    top = int(np.ceil(np.percentile(turns, 99)))
    clip = top + 1 if int(turns.max()) > top + 1 else None
    last = (clip if clip is not None else int(turns.max())) + 1
    low = int(turns.min())
    width = max(1, int(np.ceil((last - low) / 60)))
    edges = np.arange(low, last + width, width)
    if clip is not None:
        edges = np.append(edges[edges <= clip], clip + width)  # the overflow bin: [clip, clip + width)
    return edges.astype(float), clip


def plot_game_length(result) -> str:
    fig = figure()
    ax = fig.add_subplot()
    turns, winners = [], []
    for seating in (0, 1):
        turns.append(result.records[seating]["turns"].astype(np.int64))
        winners.append(result.winner_sides(seating))
    turns_all, winners_all = np.concatenate(turns), np.concatenate(winners)
    edges, clip = length_bins(turns_all)
    shown = np.minimum(turns_all, clip) if clip is not None else turns_all
    groups = [(shown[winners_all == s], name, COLOURS[s]) for s, name in
              (("A", f"{result.label('A')} wins"), ("B", f"{result.label('B')} wins"), ("draw", "draws"))]
    one_turn = len(edges) > 1 and edges[1] - edges[0] == 1
    ax.hist([g[0] for g in groups], bins=edges, stacked=True, label=[g[1] for g in groups],
            color=[g[2] for g in groups], align="left" if one_turn else "mid")  # a bar of one turn sits on its tick
    if clip is not None:
        beyond = int((turns_all >= clip).sum())
        ax.annotate(f"{clip}+ turns:\n{beyond} games (longest {int(turns_all.max())})", xy=(clip, 0),
                    xytext=(0, 30), textcoords="offset points", ha="center", fontsize=8,
                    arrowprops={"arrowstyle": "->", "lw": 0.6})
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("turns (all players' turns counted)" + ("; the last bar holds the longest 1%" if clip else ""))
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend()
    return png(fig)


def _card_bar(row: dict, base: float) -> tuple[float, float, float] | None:
    """A card row's bar in points: the adjusted difference (drawn minus not drawn, as many cards seen) with its
    interval, or for a summary without it the raw difference from the baseline ``base`` with the drawn interval."""
    adjusted = row.get("drawn_adjusted")
    if adjusted is not None:
        if adjusted["delta"] is None:
            return None
        return 100 * adjusted["delta"], 100 * adjusted["ci95"][0], 100 * adjusted["ci95"][1]
    if row["drawn_delta"] is None:
        return None
    return (100 * row["drawn_delta"], 100 * (row["drawn"]["ci95"][0] - base),
            100 * (row["drawn"]["ci95"][1] - base))


def plot_cards(summary: dict, side: str, top: int = 12) -> str:
    stats, label = summary["cards"][side], _labels(summary)
    base = stats["baseline"]["rate"] or 0.0
    bars = [(r, _card_bar(r, base)) for r in stats["cards"]]
    bars = [(r, b) for r, b in bars if b is not None]
    bars.sort(key=lambda rb: -rb[1][0])
    if len(bars) > 2 * top:
        bars = bars[:top] + bars[-top:]
    adjusted = any("drawn_adjusted" in r for r, _ in bars)
    fig = figure(7, 0.3 * max(len(bars), 4) + 1.6)
    ax = fig.add_subplot()
    deltas = [b[0] for _, b in bars]
    errors = np.maximum([[b[0] - b[1] for _, b in bars], [b[2] - b[0] for _, b in bars]], 0.0)
    y = np.arange(len(bars))[::-1]
    ax.barh(y, deltas, xerr=errors, color=["#4a9a5b" if d >= 0 else "#a05a8c" for d in deltas], capsize=2)
    ax.set_yticks(y, [_short(f"{r['card']}", 34) + f" ({r['drawn']['games']} games)" for r, _ in bars])
    ax.axvline(0, color="black", lw=0.6)
    if adjusted:
        xlabel = ("win rate when drawn minus when not drawn, in games where the deck\ndrew as many of its cards "
                  "(percentage points; bars: 95% interval)")
        title = f"Cards of {label[side]}: drawn against not drawn"
    else:
        xlabel = "win rate when drawn minus the baseline\n(percentage points; bars: 95% interval)"
        title = f"Cards of {label[side]}: win rate when drawn"
    # the title and the axis label over the whole figure: long card names narrow the axes, and a label centred
    # under narrow axes runs past the figure's edge
    fig.suptitle(title)
    fig.supxlabel(xlabel, fontsize=10)
    return png(fig)


def _short(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters with an ellipsis (a plot's tick label; the table has the full name)."""
    return text if len(text) <= width else text[:width - 1].rstrip() + "\u2026"


def plot_sprt(summary: dict) -> str:
    sprt, label = summary["sprt"], _labels(summary)
    trace = np.array(sprt["trace"], dtype=float).reshape(-1, 3)
    fig = figure()
    ax = fig.add_subplot()
    ax.plot(trace[:, 0], trace[:, 1], marker=".", label=f"{label['A']} better by {sprt['margin_elo']:g} Elo")
    ax.plot(trace[:, 0], trace[:, 2], marker=".", label=f"{label['A']} worse by {sprt['margin_elo']:g} Elo")
    for bound in sprt["bounds"]:
        ax.axhline(bound, color="black", lw=0.6, ls="--")
    ax.set_xlabel("pairs")
    ax.set_ylabel("log-likelihood ratio")
    ax.set_title("Sequential test (dashed: the bounds where it decides)")
    ax.legend()
    return png(fig)


def text_colour(rgba) -> str:
    """Black or white, whichever reads better on a cell of colour ``rgba`` (its relative luminance, WCAG).

    >>> text_colour((0.02, 0.19, 0.38, 1.0)), text_colour((0.97, 0.97, 0.97, 1.0))
    ('white', 'black')
    """
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(float(c)) for c in rgba[:3])
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    # the contrast with black, (L + 0.05) / 0.05, beats the contrast with white, 1.05 / (L + 0.05), above L = 0.179
    return "black" if luminance > 0.179 else "white"


def plot_heatmap(result, what: str = "win rate") -> str:
    """The matrix's cells as a heatmap; ``what`` names the cells (the metagame's report shows scores, draws half)."""
    rates = np.array([[np.nan if v is None else 100 * v for v in row] for row in result.win_rates()])
    n = len(result.decks)
    fig = figure(1.4 * n + 2.5, 1.1 * n + 1.8)
    ax = fig.add_subplot()
    image = ax.imshow(rates, cmap="RdBu", vmin=0, vmax=100)
    ax.set_xticks(range(n), result.decks, rotation=30, ha="right")
    ax.set_yticks(range(n), result.decks)
    for r in range(n):
        for k in range(n):
            if not math.isnan(rates[r, k]):
                colour = text_colour(image.cmap(image.norm(rates[r, k])))
                ax.text(k, r, f"{rates[r, k]:.1f}%", ha="center", va="center", fontsize=9, color=colour)
    ax.set_xlabel("against (column deck)")
    ax.set_ylabel("deck (row)")
    ax.set_title(f"Row deck's {what} against the column deck")
    fig.colorbar(image, ax=ax, label=f"row deck's {what} (%)")
    return png(fig)


# -- HTML ---------------------------------------------------------------------------------------------------------

def _count(p: dict) -> str:
    return f"{p['count']} of {p['games']}"


def matchup_html(result, summary: dict) -> str:
    res, game, label = summary["results"], summary["game"], _labels(summary)
    elo = res["elo_a"]
    elo_text = "n/a" if elo["elo"] is None else (
        f"{elo['elo']:+.1f} [{_fmt_elo(elo['ci95'][0], '-inf')}, {_fmt_elo(elo['ci95'][1], '+inf')}]")
    body = [f"<p>{summary['games']} games ({summary['pairs']} seat-swapped pairs) of "
            f"{html.escape(game_text(game))}; agents: "
            f"{html.escape(agents_text(summary['agents']))}; seed {summary['seed']}; played by "
            f"{'the native core' if summary['native'] else 'the Python loop'} on {html.escape(summary['ran_on'])}. "
            f"Side A is {html.escape(label['A'])}, side B {html.escape(label['B'])}.</p>"]
    if summary["interrupted"]:
        body.append(f"<p><strong>Interrupted</strong>: {summary['games']} of {summary['games_requested']} games "
                    f"were played; the figures cover those.</p>")
    body += ["<h2>Results</h2>",
             table(["outcome", "games", "rate [95% Wilson interval]"],
                    [[f"{label['A']} wins", _count(res["A"]), pct(res["A"])],
                     [f"{label['B']} wins", _count(res["B"]), pct(res["B"])],
                     ["draws", _count(res["draws"]), pct(res["draws"])],
                     [f"Elo {label['A']} - {label['B']}", f"{summary['pairs']} pairs", elo_text]]),
             img("results", plot_results(summary), "win rates with intervals")]
    if "robustness" in summary:
        from tcbg.montecarlo.robust import robustness_html

        body += robustness_html(summary["robustness"], label)
    if "sprt" in summary:
        s = summary["sprt"]
        body += ["<h2>Sequential test</h2>",
                 f"<p>Decision: <strong>{html.escape(s['decision'])}</strong> after {s['pairs']} pairs "
                 f"(margin {s['margin_elo']:g} Elo, alpha {s['alpha']:g}, beta {s['beta']:g}).</p>",
                 img("sprt", plot_sprt(summary), "log-likelihood ratios")]
    first = summary["first_player"]
    body += ["<h2>First player</h2>",
             table(["who", "games", "rate [95% Wilson interval]"],
                    [["the first player wins", _count(first["wins"]), pct(first["wins"])],
                     [f"{label['A']} wins when it goes first", _count(first["a_when_first"]),
                      pct(first["a_when_first"])],
                     [f"{label['A']} wins when it goes second", _count(first["a_when_second"]),
                      pct(first["a_when_second"])]]),
             img("first-player", plot_first_player(summary), "the first player's advantage")]
    cond = summary["win_conditions"]
    reasons = _reasons(summary)
    body += ["<h2>How games were won</h2>",
             table(["outcome", *(f"by {r}" for r in reasons), "games"],
                    [[name, *(cond[side].get(r, 0) for r in reasons), sum(cond[side].values())]
                     for side, name in (("A", f"{label['A']} wins"), ("B", f"{label['B']} wins"),
                                        ("draw", "draws"))]),
             img("win-conditions", plot_win_conditions(summary), "win conditions")]
    length = summary["game_length"]
    if length["turns"]["games"]:
        body += ["<h2>Game length</h2>",
                 table(["measure", "mean", "min", "10%", "median", "90%", "max"],
                        [[what, f"{d['mean']:.1f}", d["min"], f"{d['p10']:g}", f"{d['median']:g}", f"{d['p90']:g}",
                          d["max"]]
                         for what, d in (("turns", length["turns"]), ("decisions", length["decisions"]))]),
                 img("game-length", plot_game_length(result), "game length")]
    body += reload_html(summary)
    body += replays_html(summary)
    played, own_flags = _card_words(game)
    for side in "AB":
        stats = summary["cards"][side]
        adjusted = any("drawn_adjusted" in r for r in stats["cards"])
        if adjusted:
            measure = (f"For each card, the games where it was drawn (at least one copy) and where it was {played}, "
                       f"and the win rate in those games. A deck that draws more cards draws every card more "
                       f"often (a longer game, or a player being hit), so the plain win rate when drawn mixes the "
                       f"card with how the game went. The comparison column takes games where the deck drew the "
                       f"same number of its cards and, among them, compares the win rate when this card was drawn "
                       f"with the win rate when it was not (pooled over those groups, with its 95% interval); the "
                       f"cards are ranked by it. Verdict: over (under) when that interval lies above (below) 0. "
                       f"These are associations, not causes.")
            header = ["card", "copies", "drawn in (games)", "win rate when drawn",
                      "drawn minus not drawn, same cards seen (points) [95%]", "verdict", f"{played} in (games)",
                      f"win rate when {played}"]
            cells = [[r["card"], r["copies"], r["drawn"]["games"], pct(r["drawn"]),
                      _diff_interval(r["drawn_adjusted"]), r["verdict"] or "-", r["cast"]["games"], pct(r["cast"])]
                     for r in stats["cards"]]
        else:  # a summary written before the adjusted comparison
            measure = (f"For each card, the games where it was drawn (at least one copy) and where it was {played}, "
                       f"and the win rate in those games against the baseline, ranked by the difference when "
                       f"drawn. Verdict: over (under) when the baseline lies below (above) the drawn interval. "
                       f"These are associations, not causes: a card seen mostly in long games shares their win "
                       f"rate.")
            header = ["card", "copies", "drawn in (games)", "win rate when drawn", "diff (points)",
                      f"{played} in (games)", f"win rate when {played}", "diff (points)", "verdict"]
            cells = [[r["card"], r["copies"], r["drawn"]["games"], pct(r["drawn"]), _diff(r["drawn_delta"]),
                      r["cast"]["games"], pct(r["cast"]), _diff(r["cast_delta"]), r["verdict"] or "-"]
                     for r in stats["cards"]]
        body += [f"<h2>Cards of {html.escape(label[side])}</h2>",
                 f"<p class=\"note\">Baseline: {html.escape(label[side])} wins {pct(stats['baseline'])} "
                 f"({_count(stats['baseline'])} games). {html.escape(measure)}</p>", table(header, cells)]
        body += _own_flags_html(stats, own_flags)
        if any(_card_bar(r, 0.0) is not None for r in stats["cards"]):
            body.append(img(f"cards-{side}", plot_cards(summary, side), f"cards of {label[side]}"))
    body += provenance_html(summary)
    return page(f"{label['A']} vs {label['B']}", body)


def replays_html(summary: dict) -> list[str]:
    """Links to the sample games replayed beside the report (``tcbg replay`` pages, docs/replay.md)."""
    if not summary.get("replays"):
        return []
    items = "".join((f'<li><a class="replay" href="{html.escape(r["name"])}">{html.escape(", ".join(r["what"]))}</a>'
                     if r.get("name") else f"<li>{html.escape(', '.join(r['what']))}: not replayed, "
                                           f"{html.escape(r.get('error', ''))}")
                    + f" (pair {r['pair']}, seating {r['seating']})</li>" for r in summary["replays"])
    return ["<h2>Sample games</h2>", '<p class="note">Each link opens a replay of one game, decision by decision '
            "(arrow keys or the slider step through it).</p>", f"<ul>{items}</ul>"]


def provenance_html(summary: dict) -> list[str]:
    """Where the results came from (the summary's provenance): versions, seed, agents, card sets and decks with
    their hashes, the command; ``tcbg rerun summary.json`` plays the games again from it."""
    block = summary.get("provenance")
    if not block:
        return []

    def spec(s) -> str:
        return s if isinstance(s, str) else s["kind"] + (f":{s['simulations']}" if "simulations" in s else "")

    built = [f"revision {block['revision']}" if block.get("revision") else "",
             f"build {block['build']}" if block.get("build") else ""]
    built = ", ".join(b for b in built if b) or "revision unknown"
    rows = [["tcbg", f"{block['tcbg']} ({built})"],
            ["Python, numpy", f"{block['python']}, {block['numpy']}"], ["master seed", block["seed"]],
            ["agents", ", ".join(f"{k} {spec(v)}" for k, v in block["agents"].items())]]
    rows += [[f"card set {c['name']}", f"sha256 {c['sha256'][:16]}"] for c in block["card_sets"]]
    for label, deck in block["decks"].items():
        source = deck["source"]
        where = source.get("shipped") and "shipped" or source.get("file") or "given as a list"
        rows.append([f"deck {label}" if label in "AB" else "deck", f"{deck['name']} ({where}), sha256 "
                     f"{deck['sha256'][:16]}"])
    if block.get("command"):
        import shlex

        rows.append(["command", shlex.join(block["command"])])
    return ["<h2>Provenance</h2>", "<p class=\"note\">What these games were played with; <code>tcbg rerun "
            "summary.json --check</code> plays them again and compares the records.</p>",
            table(["what", "value"], rows)]


def _own_flags_html(stats: dict, own_flags: tuple) -> list[str]:
    """A table of the game's own per-card flags (Z/X: played from Ignition, from Life): each card it happened to,
    the games where it did and the side's win rate in them; a line saying so when it happened to none."""
    own = [(key, words) for key, _, words in own_flags if all(key in r for r in stats["cards"])]
    if not own:
        return []
    rows = [r for r in stats["cards"] if any(r[key]["games"] for key, _ in own)]
    said = " or ".join(html.escape(words) for _, words in own)
    if not rows:
        return [f"<p class=\"note\">No card was {said}.</p>"]
    return [f"<p class=\"note\">The cards {said} (for free), in how many games and the win rate in those "
            f"games.</p>",
            table(["card", *(h for _, words in own for h in (f"{words} in (games)", "win rate then"))],
                   [[r["card"], *(v for key, _ in own for v in (r[key]["games"], pct(r[key])))] for r in rows])]


def matrix_html(result, summary: dict) -> str:
    n = len(summary["decks"])
    rows = []
    for r, deck in enumerate(summary["decks"]):
        row = [deck]
        for k in range(n):
            rate, ci = summary["win_rate"][r][k], summary["ci95"][r][k]
            row.append("-" if rate is None else f"{100 * rate:.1f}% [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]")
        average = summary["averages"][r]
        row.append("-" if average is None else f"{100 * average:.1f}%")
        rows.append(row)
    game = summary.get("game") or {}
    agents = summary.get("agents")
    facts = (f" of {html.escape(game_text(game))}; agents: {html.escape(agents_text(agents))}"
             if game and agents else "")
    body = [f"<p>Round robin of {n} decks, {summary['games_per_matchup']} games per matchup in seat-swapped pairs"
            f"{facts}; seed {summary['seed']}. Cell: the row deck's win rate against the column deck, with its 95% "
            f"Wilson interval. Average: the row deck's mean win rate over its matchups played.</p>"]
    if summary["interrupted"]:
        body.append("<p><strong>Interrupted</strong>: the matchups left empty were not played.</p>")
    body += [table(["deck (row) against", *summary["decks"], "average"], rows)]
    if result.matchups:
        body.append(img("heatmap", plot_heatmap(result), "win rate matrix"))
    body += matrix_reload_html(summary)
    if "robustness" in summary:
        from tcbg.montecarlo.robust import robustness_html

        body += robustness_html(summary["robustness"])
    body += provenance_html(summary)
    return page("Matchup matrix", body)


def _diff(delta: float | None) -> str:
    return "" if delta is None else f"{round(100 * delta, 1) + 0.0:+.1f}"  # + 0.0: never "-0.0"


def _diff_interval(adjusted: dict) -> str:
    if adjusted["delta"] is None:
        return "n/a"
    low, high = adjusted["ci95"]
    return f"{_diff(adjusted['delta'])} [{_diff(low)}, {_diff(high)}]"


def _fmt_elo(x: float | None, unbounded: str) -> str:
    return unbounded if x is None else f"{x:+.1f}"


def agents_text(agents: dict) -> str:
    def one(spec: Any) -> str:
        if isinstance(spec, dict):
            return spec["kind"] + (f" ({spec['simulations']} simulations)" if "simulations" in spec else "")
        return str(spec)

    a, b = one(agents["A"]), one(agents["B"])
    return a if a == b else f"A {a}, B {b}"
