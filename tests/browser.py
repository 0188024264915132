"""Pages and pictures as a person sees them, for every test of an HTML report: headless Chromium renders a page into
a screenshot, and the plots embedded in a page are decoded as images (tests/conftest.py puts this folder on the
import path, so a test anywhere under tests/ does ``from browser import screenshot``).

By hand: ``chromium --headless=new --no-sandbox --hide-scrollbars --window-size=1000,3000 --screenshot=out.png
file:///path/report.html``. Chromium: ``apt-get install -y chromium`` (Debian; .ci/run installs it when it can).
Without it the tests that need it are skipped, saying so.
"""

from __future__ import annotations

import base64
import io
import os
import re
import shutil
import signal
import subprocess
import tempfile

import numpy as np
import pytest

PIL = pytest.importorskip("PIL.Image", reason="Pillow (a dependency of matplotlib) reads the screenshots")

WIDTH, HEIGHT = 1000, 3000


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("no chromium on PATH: install it (apt-get install -y chromium) to render the reports")


def run_chromium(*args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    """Headless Chromium with ``args``: its own profile folder (two test workers' browsers never share one, which
    makes the second wait on the first's lock) and its own process group, killed whole when it overruns ``timeout``
    seconds (killing only the browser would leave its renderers holding the output pipes open, and the test waiting
    for ever); an overrun fails the test saying so."""
    with tempfile.TemporaryDirectory(prefix="tcbg-chromium-") as profile:
        proc = subprocess.Popen([chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                 "--no-default-browser-check", "--disable-dev-shm-usage", "--disable-extensions",
                                 f"--user-data-dir={profile}", *args],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            pytest.fail(f"chromium {' '.join(args)} did not finish in {timeout} s")
        finally:
            try:  # its helper processes outlive it when it crashes: none may outlive the test
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def screenshot(page, png, width: int = WIDTH, height: int = HEIGHT) -> "PIL.Image":
    """Render the HTML file ``page`` into the PNG file ``png`` and return it as an RGB image."""
    proc = run_chromium("--hide-scrollbars", f"--window-size={width},{height}", f"--screenshot={png}", page.as_uri())
    assert png.exists(), proc.stderr[-2000:]
    return PIL.open(png).convert("RGB")


def plots(html_text: str) -> dict:
    """The page's plots (``<img class="plot" id="plot-NAME">``, inline PNG) by NAME, decoded."""
    found = re.findall(r'<img class="plot" id="plot-([\w-]+)"[^>]*src="data:image/png;base64,([^"]+)"', html_text)
    return {name: PIL.open(io.BytesIO(base64.b64decode(data))).convert("RGB") for name, data in found}


def ink(image) -> float:
    """The share of pixels that are not (near) white."""
    pixels = np.asarray(image, dtype=np.int16)
    return float((pixels.min(axis=2) < 235).mean())


def share_of(image, rgb: tuple[int, int, int]) -> float:
    """The share of pixels within 12 levels of the colour ``rgb``."""
    pixels = np.asarray(image, dtype=np.int16)
    return float((np.abs(pixels - np.array(rgb)).max(axis=2) < 12).mean())


_CHECK = ("<script>window.addEventListener('load',()=>{const bad=[...document.images].filter(i=>!i.complete||"
          "i.naturalWidth===0).map(i=>i.id);document.body.dataset.images=document.images.length;"
          "document.body.dataset.missing=bad.join(' ')||'none';});</script>")


def with_script(page, tmp_path, script: str, name: str, timeout: int = 120,
                width: int | None = None) -> tuple[dict, str]:
    """Chromium's DOM of a copy of the HTML file ``page`` with ``script`` added before ``</body>``: the ``data-*``
    facts the script wrote on the body, and what the page logged (Chromium's stderr); ``width``: the window's width
    in pixels (Chromium's default without)."""
    copy = tmp_path / f"{name}-{page.stem}.html"
    copy.write_text(page.read_text(encoding="utf-8").replace("</body>", script + "</body>"), encoding="utf-8")
    size = [f"--window-size={width},1000"] if width else []
    proc = run_chromium("--enable-logging=stderr", "--v=0", *size, "--dump-dom", copy.as_uri(), timeout=timeout)
    body = re.search(r"<body([^>]*)>", proc.stdout)
    assert body, proc.stderr[-2000:]
    return dict(re.findall(r'data-([\w-]+)="([^"]*)"', body.group(1))), proc.stderr


WINDOW_WIDTHS = (1400, 1000, 800)
"""The widths every report must fit: wide, common, and a narrow window."""

_WIDTHS = ("<script>window.addEventListener('load',()=>{const d=document.documentElement,b=document.body,out=[];"
           "for(const w of " + str(list(WINDOW_WIDTHS)) + "){d.style.width=w<innerWidth?w+'px':'';"
           "const wide=[...b.querySelectorAll('*')].filter(e=>!e.parentElement.closest('.table')&&"
           "e.getBoundingClientRect().right>b.getBoundingClientRect().right+1).map(e=>e.tagName+(e.id?'#'+e.id:'')+"
           "' '+e.textContent.slice(0,30));"
           "out.push([w,d.scrollWidth,d.clientWidth,b.scrollWidth,b.clientWidth,wide.slice(0,5).join(' | ')]);}"
           "b.dataset.widths=JSON.stringify(out);});</script>")


def widths(page, tmp_path) -> list[tuple[int, int, int, int, int, str]]:
    """Chromium's page ``page`` laid out at each of :data:`WINDOW_WIDTHS` (the window, then the page's root made
    that wide): per width, the root's scroll and client widths, the body's scroll and client widths (a page fits
    when no scroll width exceeds its client width), and what sticks out past the body outside a table's scrolling
    box."""
    import html as html_module
    import json

    facts, _ = with_script(page, tmp_path, _WIDTHS, "widths", width=WINDOW_WIDTHS[0])
    return [tuple(row) for row in json.loads(html_module.unescape(facts["widths"]))]


def assert_fits(page, tmp_path) -> None:
    """``page`` is no wider than the window at any of :data:`WINDOW_WIDTHS`: nothing makes it scroll sideways."""
    for width, root_scroll, root_client, body_scroll, body_client, wide in widths(page, tmp_path):
        assert body_scroll <= body_client, f"{page.name} at {width} px: {body_scroll} > {body_client}: {wide}"
        if width == WINDOW_WIDTHS[0]:
            assert root_scroll <= root_client, f"{page.name} at {width} px: {root_scroll} > {root_client}"


def loaded(page, tmp_path) -> tuple[dict, str]:
    """Chromium's view of the HTML file ``page`` once loaded: ``images`` (how many it holds) and ``missing`` (the
    ids of those it could not draw, or ``none``), written on the body by a script added to a copy of the page, and
    what the page logged to the console (Chromium's stderr)."""
    return with_script(page, tmp_path, _CHECK, "checked")


def assert_loads_cleanly(page, tmp_path, images: int | None = None) -> None:
    """``page`` loads in Chromium with every image drawn (``images`` of them, when given) and no console message."""
    facts, stderr = loaded(page, tmp_path)
    assert facts["missing"] == "none", f"{page}: images not drawn: {facts['missing']}"
    if images is not None:
        assert facts["images"] == str(images), facts
    console = [line for line in stderr.splitlines() if "CONSOLE" in line]
    assert not console, console

