"""The metagame's report as a person sees it (src/tcbg/analysis/meta_report.py): report.html rendered by headless
Chromium, which must log nothing to its console and load every image, and each plot looked at as an image.

The screenshot is kept as a test artifact: ``meta.png`` in this test's pytest tmp path (pytest prints the base,
``/tmp/pytest-of-USER/pytest-N/``; the test's folder is named after it). By hand::

    tcbg meta c01-white-red c02-black-blue c03-blue-white c04-green-red --games 400 -o /tmp/m
    chromium --headless=new --no-sandbox --hide-scrollbars --window-size=1000,3000 \\
        --screenshot=/tmp/m.png file:///tmp/m/report.html
"""

from __future__ import annotations

import re

import pytest

from browser import WIDTH, assert_fits, assert_loads_cleanly, ink, loaded, plots, screenshot, share_of

PLOTS = {"scores", "shares", "ratings", "field", "replicator"}

@pytest.fixture(scope="module")
def report(x610z_run):
    """The report of the shared run (tests/analysis/conftest.py: three vanilla decks, a field)."""
    return x610z_run / "report.html"


def test_the_report_loads_every_image_and_logs_no_console_message(report, tmp_path):
    assert_loads_cleanly(report, tmp_path, images=len(PLOTS))


def test_the_report_is_no_wider_than_its_window(report, tmp_path):
    assert_fits(report, tmp_path)  # at 1,400, 1,000 and 800 px


def test_a_broken_image_is_caught(report, tmp_path):
    # the check above can fail: a plot whose data is not a PNG is reported missing
    broken = tmp_path / "broken.html"
    broken.write_text(re.sub(r'(id="plot-shares"[^>]*src="data:image/png;base64,)[^"]+', r"\1AAAA",
                             report.read_text(encoding="utf-8")), encoding="utf-8")
    facts, _ = loaded(broken, tmp_path)
    assert facts["missing"] == "plot-shares"


def test_the_report_renders_as_a_page_and_its_screenshot_is_kept(report, tmp_path):
    shot = screenshot(report, tmp_path / "meta.png")  # kept: the artifact, in this test's tmp path
    print(f"screenshot of the metagame report kept: {tmp_path / 'meta.png'}")  # shown with -s or -rP
    assert (tmp_path / "meta.png").stat().st_size > 10_000
    assert shot.size[0] == WIDTH and ink(shot) > 0.05
    assert ink(shot.crop((0, 0, WIDTH, 120))) > 0.01  # the title and the run's facts at the top
    assert share_of(shot, (0x3b, 0x75, 0xaf)) > 0.001  # the equilibrium's bars


def test_every_plot_is_an_image_with_a_title_and_ink(report):
    found = plots(report.read_text(encoding="utf-8"))
    assert set(found) == PLOTS
    for name, image in found.items():
        width, height = image.size
        assert width >= 500 and height >= 150, name
        assert ink(image) > 0.03, name
        assert ink(image.crop((0, 0, width, 28))) > 0.005, f"{name}: no title above the plot"
    replicator = found["replicator"]
    assert share_of(replicator, (0x1f, 0x77, 0xb4)) > 0.001  # the first deck's trajectory (matplotlib's C0)
