"""The ablation report as a person sees it: report.html rendered by headless Chromium (tests/browser.py), the
ranked bar plot decoded and looked at (src/tcbg/analysis/ablation_report.py). The screenshot is kept beside the
report in the test's folder; by hand::

    tcbg ablate arnunnian --against pirate undead barbarian --games 200 --baseline "Entrancing Pearl" -o /tmp/a
    chromium --headless=new --no-sandbox --hide-scrollbars --window-size=1000,3000 \\
        --screenshot=/tmp/a.png file:///tmp/a/report.html
"""

from __future__ import annotations

from tcbg.analysis.ablation import ablate
from tcbg.analysis.ablation_report import CAUSAL, write_ablation_report

from browser import assert_fits, assert_loads_cleanly, ink, plots, screenshot, share_of


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def test_the_ablation_page_renders_with_its_ranked_plot_and_both_effect_columns(tmp_path):
    result = ablate("arnunnian", ["pirate"], games=40, cards=["Nullifying Word", "Tailwind", "Hunter Dragon"],
                    baseline="Entrancing Pearl", seed=6, workers=1)
    files = write_ablation_report(result, tmp_path / "report")
    text = files["report"].read_text(encoding="utf-8")
    assert "ablation change (points)" in text and "observational (points)" in text and "association" in text
    found = plots(text)
    assert set(found) == {"ablation"}
    bars = found["ablation"]
    assert share_of(bars, _rgb(CAUSAL)) > 0.005  # the bars are drawn, in the ablation's colour
    assert_fits(files["report"], tmp_path)  # no wider than a window of 1,400, 1,000 or 800 px
    assert_loads_cleanly(files["report"], tmp_path, images=1)  # every image drawn, no console message
    shot = screenshot(files["report"], tmp_path / "report" / "report.png")
    assert (tmp_path / "report" / "report.png").exists()
    top = shot.crop((0, 0, shot.width, 900))
    assert ink(top) > 0.02 and share_of(top, _rgb(CAUSAL)) > 0.001  # the plot is on screen, not a blank page
