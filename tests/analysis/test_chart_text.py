"""No chart of any report cuts its text: every plot the reports draw (matchup, matrix heatmap, Z/X Reloads,
metagame, ablation, tuning) is drawn with every title, label, tick label, legend and annotation inside its figure.

Every plot goes through ``Figure.savefig`` (tcbg.montecarlo.pages.png); the fixture wraps it, draws the figure, and
compares the window extent of each text artist that is drawn with the figure's box. Here, not in
tests/montecarlo, because the metagame's plots read the run tests/analysis/conftest.py shares.
"""

from __future__ import annotations

import json

import pytest
from matplotlib.figure import Figure
from matplotlib.text import Text

from tcbg.analysis import meta_report
from tcbg.analysis.ablation import ablate
from tcbg.analysis.ablation_report import ablation_plot
from tcbg.analysis.tune import tune
from tcbg.analysis.tune_report import curse_plot, rounds_plot
from tcbg.montecarlo import pages, report
from tcbg.montecarlo.matchup import matchup
from tcbg.montecarlo.matrix import matrix
from tcbg.montecarlo.reloads import plot_reloads

SLACK = 1.0
"""Pixels a text may reach past the figure's edge (antialiasing), at the figures' 100 dpi."""


def _drawn_texts(fig, renderer) -> list[Text]:
    """The figure's text artists that are drawn: visible, not empty, and for a tick label, a tick within its axis's
    view (matplotlib keeps tick objects beyond the limits, undrawn)."""
    skipped = set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            low, high = sorted(axis.get_view_interval())
            pad = 1e-9 * max(1.0, abs(high - low))
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if not low - pad <= tick.get_loc() <= high + pad:
                    skipped.update({id(tick.label1), id(tick.label2)})
    return [t for t in fig.findobj(Text)
            if t.get_visible() and t.get_text().strip() and id(t) not in skipped
            and (t.axes is None or t.get_clip_on() is False or t.get_clip_box() is None
                 or t.get_window_extent(renderer).overlaps(t.get_clip_box()))]


def cut_texts(fig) -> list[str]:
    """The texts of ``fig`` that reach past its edges once drawn (layout done), with how far."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)  # the canvas savefig draws a PNG with
    canvas.draw()
    renderer = canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    out = []
    for text in _drawn_texts(fig, renderer):
        box = text.get_window_extent(renderer)
        over = max(-box.x0, -box.y0, box.x1 - width, box.y1 - height)
        if over > SLACK:
            out.append(f"{text.get_text()!r} by {over:.0f} px")
    return out


@pytest.fixture
def checked(monkeypatch):
    """Every figure saved while the test runs, checked: (its title, the texts cut) per figure."""
    seen: list[tuple[str, list[str]]] = []
    save = Figure.savefig

    def savefig(fig, *args, **kwargs):
        titles = [ax.get_title() for ax in fig.axes if ax.get_title()] + [fig._suptitle.get_text()
                                                                          if fig._suptitle else ""]
        seen.append((next((t for t in titles if t), "untitled"), cut_texts(fig)))
        return save(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", savefig)
    return seen


def _assert_nothing_cut(seen, at_least: int) -> None:
    assert len(seen) >= at_least, [title for title, _ in seen]
    cut = {title: texts for title, texts in seen if texts}
    assert not cut, cut


def test_the_check_finds_a_text_past_the_edge(checked):
    fig = pages.figure(4, 2)
    ax = fig.add_subplot()
    ax.set_title("inside")
    ax.text(1.4, 0.5, "past the right edge", transform=ax.transAxes)
    pages.png(fig)
    assert checked[0][0] == "inside" and checked[0][1] and "past the right edge" in checked[0][1][0]


def test_no_matchup_or_matrix_plot_cuts_its_text(checked, tmp_path):
    # X610Z with the sequential test, and Z/X (long card names, the Reloads) with its sample replays left out
    x610z = matchup("arnunnian", "pirate", 40, agent="random", seed=2, workers=1, max_turns=60, until_decided=True,
                    min_pairs=4, margin=400)
    report.write_matchup_report(x610z, tmp_path / "x610z", replays=False)
    zx = matchup("c01-white-red", "c04-green-red", 60, agent="random", seed=3, workers=1)
    report.write_matchup_report(zx, tmp_path / "zx", replays=False)
    # results, first player, win conditions, game length, 2 card plots, the sequential test; Z/X the same + Reloads
    _assert_nothing_cut(checked, 13)
    assert any(title.startswith("Sequential test") for title, _ in checked)
    assert plot_reloads(json.loads((tmp_path / "zx" / "summary.json").read_text()))
    decks = ["c01-white-red", "c02-black-blue", "c03-blue-white", "c04-green-red"]
    report.write_matrix_report(matrix(decks, 4, agent="random", seed=1, workers=1), tmp_path / "matrix")
    _assert_nothing_cut(checked, 15)


def test_no_card_plot_cuts_a_long_card_name(checked):
    rows = [{"card": name, "copies": 2, "drawn": {"count": 5, "games": 10, "rate": 0.5, "ci95": [0.2, 0.8]},
             "drawn_delta": d, "drawn_adjusted": {"delta": d, "ci95": [d - 0.1, d + 0.1], "games": 10}}
            for name, d in (("A" * 60 + " of the Very Long Name", 0.05), ("Short", -0.04))]
    summary = {"labels": {"A": "a-deck-with-a-long-name (A)", "B": "b (B)"},
               "cards": {"A": {"baseline": {"rate": 0.5}, "cards": rows}}}
    report.plot_cards(summary, "A")
    _assert_nothing_cut(checked, 1)


def test_no_metagame_plot_cuts_its_text(checked, x610z_run):
    summary = json.loads((x610z_run / "summary.json").read_text())
    for plot in (meta_report.plot_scores, meta_report.plot_shares, meta_report.plot_ratings, meta_report.plot_field,
                 meta_report.plot_replicator):
        plot(summary)
    _assert_nothing_cut(checked, 5)


def test_no_ablation_or_tuning_plot_cuts_its_text(checked):
    result = ablate("arnunnian", ["pirate"], games=20, cards=["Nullifying Word", "Tailwind"],
                    baseline="Entrancing Pearl", seed=6, workers=1, max_turns=60)
    ablation_plot(result.summary())
    tuned = tune("arnunnian", ["pirate"], ["Entrancing Pearl", "Tailwind"], budget=120, fresh_games=8,
                 two_cards=False, agent="random", seed=3, workers=1, max_turns=40)
    summary = tuned.summary()
    rounds_plot(summary)
    curse_plot(summary)
    _assert_nothing_cut(checked, 3)
