"""The pieces every HTML report of tcbg is made of (matchups, matrices and the analyses of tcbg.analysis): one
self-contained page (inline style, plots embedded as PNG, no network), its tables and images, matplotlib figures
without pyplot's global state, and the JSON summary written beside it.

>>> html_text = page("a vs b", [table(["deck", "win rate"], [["a", "51.0%"]])])
>>> html_text.startswith("<!DOCTYPE html>") and "<th>win rate</th>" in html_text
True
"""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path
from typing import Any

COLOURS = {"A": "#3b75af", "B": "#c8553d", "draw": "#aaaaaa"}  # the sides' colours in every plot


def write_json(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=1, allow_nan=False) + "\n", encoding="utf-8")


def figure(width: float = 7.0, height: float = 3.6):
    from matplotlib.figure import Figure  # no pyplot: no global state, no display needed

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def png(fig) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


STYLE = """body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;
overflow-wrap:break-word}
.table{max-width:100%;overflow-x:auto;margin:0.5em 0}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
td{white-space:nowrap}td.text{white-space:normal;min-width:14em;text-align:left}
th:first-child,td:first-child{text-align:left}.note{color:#555;font-size:90%}img{max-width:100%}"""
"""The pages' style. A table never widens the page: it sits in its own box, which scrolls sideways when the table
is wider than the page (a narrow window); a cell of running text (:data:`WRAP` characters or more) wraps, the
figures stay on one line."""

WRAP = 40
"""A cell of at least this many characters is running text (a change of a deck, a reason) and wraps."""


def page(title: str, body: list[str]) -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body>\n<h1>{html.escape(title)}</h1>\n" + "\n".join(body)
            + "\n</body></html>\n")


def img(name: str, data: str, alt: str) -> str:
    return f'<img class="plot" id="plot-{name}" alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def pct(p: dict) -> str:
    if p["rate"] is None:
        return "n/a"
    return f"{100 * p['rate']:.1f}% [{100 * p['ci95'][0]:.1f}, {100 * p['ci95'][1]:.1f}]"


def table(header: list[str], rows: list[list[Any]]) -> str:
    """A table in its own scrolling box (:data:`STYLE`).

    >>> table(["why"], [["x" * 45]]).startswith('<div class="table"><table><tr><th>why</th></tr><tr><td class="text">')
    True
    """
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(_cell(c) for c in row) + "</tr>" for row in rows)
    return f'<div class="table"><table><tr>{head}</tr>{body}</table></div>'


def _cell(value: Any) -> str:
    text = str(value)
    return f'<td class="text">{html.escape(text)}</td>' if len(text) >= WRAP else f"<td>{html.escape(text)}</td>"
