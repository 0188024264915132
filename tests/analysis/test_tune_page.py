"""The tuning report as a person sees it: report.html rendered by headless Chromium (tests/browser.py), its two
plots decoded and looked at (src/tcbg/analysis/tune_report.py)."""

from __future__ import annotations

from tcbg.analysis.tune import tune
from tcbg.analysis.tune_report import FRESH, SELECTED, write_tune_report

from browser import assert_fits, assert_loads_cleanly, ink, plots, screenshot, share_of


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def test_the_tune_page_renders_the_rounds_and_the_winners_curse(tmp_path):
    result = tune("vanilla-a", ["vanilla-b"], ["Plain Geode", "Moonwell Shard"], budget=240, fresh_games=20,
                  two_cards=False, agent="random", seed=3, workers=1, max_turns=60)
    files = write_tune_report(result, tmp_path / "report")
    text = files["report"].read_text(encoding="utf-8")
    assert "gap (winner&#x27;s curse, points)" in text or "gap (winner's curse, points)" in text
    assert "re-measured" in text and "Halving rounds" in text
    found = plots(text)
    assert set(found) == {"curse", "rounds"}
    assert share_of(found["curse"], _rgb(SELECTED)) > 0.0005 and share_of(found["curse"], _rgb(FRESH)) > 0.0005
    assert share_of(found["rounds"], _rgb(FRESH)) > 0.0005  # the kept candidates drawn in blue
    assert_fits(files["report"], tmp_path)  # no wider than a window of 1,400, 1,000 or 800 px
    assert_loads_cleanly(files["report"], tmp_path, images=2)  # every image drawn, no console message
    shot = screenshot(files["report"], tmp_path / "report" / "report.png")
    top = shot.crop((0, 0, shot.width, 900))
    assert ink(top) > 0.02 and share_of(top, _rgb(SELECTED)) > 0.0002  # the plot is on screen
