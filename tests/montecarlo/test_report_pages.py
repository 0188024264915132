"""The reports as a person sees them: report.html rendered by headless Chromium into a screenshot, and the plots
decoded and looked at as images (src/tcbg/montecarlo/report.py).

To look at a page by hand (what this test checks, and what to do after changing report.py; the rendering helpers
are tests/browser.py)::

    tcbg matchup arnunnian undead --games 400 -o /tmp/r
    chromium --headless=new --no-sandbox --hide-scrollbars --window-size=1000,3000 \\
        --screenshot=/tmp/r.png file:///tmp/r/report.html

then open /tmp/r.png. Chromium: ``apt-get install -y chromium`` (Debian; .ci/run installs it when it can). Without
it the screenshot tests are skipped, saying so.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from tcbg.cli import main
from tcbg.montecarlo.report import length_bins, text_colour

from browser import HEIGHT, WIDTH, assert_fits, assert_loads_cleanly, ink, plots, screenshot, share_of


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reports")
    for argv in (["matchup", "vanilla-a", "vanilla-a", "--games", "200", "--agent", "random", "--max-turns", "80",
                  "--seed", "2", "--workers", "1", "--no-replays", "-o", str(folder / "mirror")],
                 ["matrix", "vanilla-a", "vanilla-b", "vanilla-act1-a", "--games", "40", "--agent", "random",
                  "--max-turns", "60", "--workers", "1", "-o", str(folder / "matrix")]):
        assert main(argv) == 0
    return folder


def test_the_matchup_page_renders_as_a_page_with_its_plots(reports, tmp_path):
    shot = screenshot(reports / "mirror" / "report.html", tmp_path / "matchup.png")
    assert shot.size == (WIDTH, HEIGHT)
    assert ink(shot) > 0.05  # text, tables and plots, not a blank or an error page
    assert share_of(shot, (0x3b, 0x75, 0xaf)) > 0.002 and share_of(shot, (0xc8, 0x55, 0x3d)) > 0.002  # A and B
    top = shot.crop((0, 0, WIDTH, 120))
    assert ink(top) > 0.01  # the title is at the top, where a person starts reading


def test_the_matchup_and_matrix_pages_load_every_image_without_a_console_message(reports, tmp_path):
    assert_loads_cleanly(reports / "mirror" / "report.html", tmp_path, images=6)
    assert_loads_cleanly(reports / "matrix" / "report.html", tmp_path)


def test_the_matrix_page_renders_with_its_heatmap(reports, tmp_path):
    shot = screenshot(reports / "matrix" / "report.html", tmp_path / "matrix.png")
    assert shot.size == (WIDTH, HEIGHT) and ink(shot) > 0.02


def test_every_plot_is_a_real_image_with_a_title(reports):
    html_text = (reports / "mirror" / "report.html").read_text()
    found = plots(html_text)
    assert set(found) == {"results", "first-player", "win-conditions", "game-length", "cards-A", "cards-B"}
    for name, image in found.items():
        width, height = image.size
        assert width == 700 and height >= 200, name
        assert ink(image) > 0.03, name
        assert ink(image.crop((0, 0, width, 28))) > 0.005, f"{name}: no title above the plot"
    heatmap = plots((reports / "matrix" / "report.html").read_text())["heatmap"]
    assert ink(heatmap) > 0.1


def test_a_mirror_match_keeps_its_two_sides_apart(reports):
    summary = json.loads((reports / "mirror" / "summary.json").read_text())
    assert summary["labels"] == {"A": "vanilla-a (A)", "B": "vanilla-a (B)"}
    html_text = (reports / "mirror" / "report.html").read_text()
    assert "<h1>vanilla-a (A) vs vanilla-a (B)</h1>" in html_text
    assert "<td>vanilla-a (A) wins</td>" in html_text and "<td>vanilla-a (B) wins</td>" in html_text
    assert "Cards of vanilla-a (A)" in html_text and "Cards of vanilla-a (B)" in html_text


def test_every_column_is_headed_and_card_rates_have_their_counts(reports):
    html_text = (reports / "mirror" / "report.html").read_text()
    headers = re.findall(r"<th>(.*?)</th>", html_text)
    assert headers and all(h.strip() for h in headers)
    assert "drawn in (games)" in headers and "cast in (games)" in headers and "verdict" in headers
    summary = json.loads((reports / "mirror" / "summary.json").read_text())
    first = summary["cards"]["A"]["cards"][0]
    assert f"<td>{first['card']}</td><td>{first['copies']}</td><td>{first['drawn']['games']}</td>" in html_text
    matrix_html = (reports / "matrix" / "report.html").read_text()
    assert "agents: random" in matrix_html and "board existenz" in matrix_html and "setup 1v1" in matrix_html
    assert "<th>average</th>" in matrix_html
    matrix_summary = json.loads((reports / "matrix" / "summary.json").read_text())
    for row, average in zip(matrix_summary["win_rate"], matrix_summary["averages"]):
        played = [v for v in row if v is not None]
        assert average == pytest.approx(sum(played) / len(played))
        assert f"<td>{100 * average:.1f}%</td></tr>" in matrix_html


@pytest.fixture(scope="module")
def zx_report(tmp_path_factory):
    """A Z/X matchup of two starter decks (played as vanilla until their abilities are written, rules.md Z11.7)."""
    folder = tmp_path_factory.mktemp("zx")
    assert main(["matchup", "c01-white-red", "c04-green-red", "--games", "200", "--seed", "3", "--workers", "1",
                 "--no-progress", "-o", str(folder)]) == 0
    return folder


def test_a_zx_report_shows_when_and_how_often_the_decks_reloaded(zx_report, tmp_path):
    html_text = (zx_report / "report.html").read_text()
    found = plots(html_text)
    assert set(found) == {"results", "first-player", "win-conditions", "game-length", "reloads", "cards-A",
                          "cards-B"}
    for name, image in found.items():
        width, height = image.size
        assert width == 700 and height >= 200, name
        assert ink(image.crop((0, 0, width, 28))) > 0.005, f"{name}: no title above the plot"
    reloads = found["reloads"]
    width, height = reloads.size
    for half in (reloads.crop((0, 0, width, height // 2)), reloads.crop((0, height // 2, width, height))):
        # each panel (when the first Reload came, Reloads per game) has bars of both sides
        assert share_of(half, (0x3b, 0x75, 0xaf)) > 0.003 and share_of(half, (0xc8, 0x55, 0x3d)) > 0.003
    assert ink(reloads.crop((0, height // 2, width, height // 2 + 30))) > 0.005  # the second panel's title
    headers = re.findall(r"<th>(.*?)</th>", html_text)
    assert "games with a Reload" in headers and "first Reload: median turn" in headers
    assert "played in (games)" in headers and "cast in (games)" not in headers
    shot = screenshot(zx_report / "report.html", tmp_path / "zx.png")
    assert shot.size == (WIDTH, HEIGHT) and ink(shot) > 0.05


def test_no_report_is_wider_than_its_window(reports, zx_report, tmp_path):
    # at 1,400, 1,000 and 800 px, nothing makes a page scroll sideways: a wide table scrolls in its own box
    for page in (reports / "mirror" / "report.html", reports / "matrix" / "report.html", zx_report / "report.html"):
        assert_fits(page, tmp_path)


def test_the_length_histogram_fits_the_bulk_and_gathers_the_tail():
    turns = np.array([8] * 50 + [9] * 40 + [12] * 9 + [87])
    edges, clip = length_bins(turns)
    assert clip is not None and clip < 20 and edges[-1] < 20  # 87 no longer sets the range
    assert edges[0] == 8
    edges, clip = length_bins(np.array([5, 6, 7, 8]))
    assert clip is None and edges[-1] >= 8


def test_heatmap_text_is_white_on_dark_cells_and_black_on_light_ones():
    from matplotlib import colormaps

    cmap = colormaps["RdBu"]
    assert text_colour(cmap(0.0)) == "white" and text_colour(cmap(1.0)) == "white"  # deep red, deep blue
    assert text_colour(cmap(0.5)) == "black"
