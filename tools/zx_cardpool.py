#!/usr/bin/env python3
"""Write docs/zx/cardpool.md: how much of Z/X's first era the simulator holds, set by set.

    python tools/zx_cardpool.py [--out FILE]

reads the card set ``first-era`` with its definitions (src/tcbg/zx/cardsets/first-era.json, first_era.py), the
facts file docs/zx/first-era-abilities.tsv (its ``rulings`` column) and the tests under tests/, and writes the table
(default: docs/zx/cardpool.md). ``tests/zx/test_cardpool.py`` checks that the committed file is what this script
writes, so the table changes with the card data, the definitions and the tests in the same commit.

For each set (C01-C04, B01-B05, E01) it counts:

- **cards with data**: cards of the set in ``first-era`` (number, names, colour, type, race, cost, power, icon,
  keywords; docs/zx/card-data.md);
- **abilities run**: cards a game with effects on plays in full: no abilities beyond their keywords (which the rules
  engine runs), or a definition in the effects module; every other card is refused by ``load_game`` naming it
  (docs/zx/rules.md Z11.7);
- **with rulings** and **rulings tested**: cards with official rulings in the facts file, and cards all of whose
  rulings a test cites.

A test cites a ruling in its docstring as ``Ruling NUMBER Qk``: ``Ruling B04-040 Q1`` is the first ruling of
B04-040's row (rulings in the order of the facts file's ``rulings`` column, separated by `` || ``). Only the
docstrings of test functions (``test_...``) in ``tests/**/test_*.py`` count; citing a ruling the facts file does not
have is an error.
"""

from __future__ import annotations

import argparse
import ast
import csv
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FACTS = ROOT / "docs" / "zx" / "first-era-abilities.tsv"
TESTS = ROOT / "tests"
OUT = ROOT / "docs" / "zx" / "cardpool.md"
SETS = ("C01", "C02", "C03", "C04", "B01", "B02", "B03", "B04", "B05", "E01")
CITATION = re.compile(r"\bRuling ([A-Z][A-Z0-9]{0,5}-[0-9]{3}[A-Za-z]?) Q([0-9]+)\b")


def rulings_per_card(facts: Path = FACTS) -> dict[str, int]:
    """How many rulings the facts file gives each card (cards without rulings left out)."""
    with open(facts, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    return {r["serial"]: len(r["rulings"].split(" || ")) for r in rows if r["rulings"].strip()}


def citations(sources: dict[str, str], rulings: dict[str, int]) -> set[tuple[str, int]]:
    """The rulings (card number, k) that test functions' docstrings cite in ``sources`` (file name -> Python text).
    A citation of a ruling the facts file does not have raises ValueError naming the file and the test."""
    cited: set[tuple[str, int]] = set()
    for name, text in sorted(sources.items()):
        for node in ast.walk(ast.parse(text, filename=name)):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or not node.name.startswith("test"):
                continue
            for number, k in CITATION.findall(ast.get_docstring(node) or ""):
                if not 1 <= int(k) <= rulings.get(number, 0):
                    raise ValueError(f"{name}: {node.name} cites Ruling {number} Q{k}, but the facts file gives "
                                     f"{number} {rulings.get(number, 0)} ruling(s)")
                cited.add((number, int(k)))
    return cited


def test_sources(root: Path = TESTS) -> dict[str, str]:
    """Every test file under ``root``, by its path relative to the repository."""
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in sorted(root.rglob("test_*.py"))}


def table(cards, rulings: dict[str, int], cited: set[tuple[str, int]]) -> list[tuple]:
    """One row per set and a total: (set, cards with data, abilities run, with rulings, rulings tested)."""
    rows = []
    for code in SETS:
        of_set = [c for c in cards if c.number.startswith(code + "-")]
        runs = sum(1 for c in of_set if not c.has_abilities or c.number in cards.effects)
        ruled = [c.number for c in of_set if c.number in rulings]
        tested = sum(1 for n in ruled if all((n, k) in cited for k in range(1, rulings[n] + 1)))
        rows.append((code, len(of_set), runs, len(ruled), tested))
    rows.append(("total", *(sum(r[i] for r in rows) for i in range(1, 5))))
    return rows


def render(rows: list[tuple]) -> str:
    boosters = [r for r in rows if r[0][0] in "BE"]
    data, runs = sum(r[1] for r in boosters), sum(r[2] for r in boosters)
    lines = [
        "# The first era's card pool",
        "",
        "How much of Z/X's first era (the starter decks C01-C04, the boosters B01-B05 and the extra set E01) the",
        "simulator holds, set by set, from the card set `first-era` (docs/zx/card-data.md), its definitions",
        "(`first_era.py`) and the tests. Written by `tools/zx_cardpool.py`; `tests/zx/test_cardpool.py` checks it is up",
        "to date.",
        "",
        "- **Cards with data**: the card is in `first-era` with its number, names, colour, type, race, cost, power,",
        "  icon and keywords, checked against the facts file by `tests/zx/test_first_era_data.py`.",
        "- **Abilities run**: a game with effects on plays the card in full: it has no abilities beyond its keywords,",
        "  or its definition is written. `load_game` refuses any other card by name unless `effects=False`, which",
        "  plays every card as vanilla (docs/zx/rules.md Z11.7).",
        "- **With rulings**: the facts file gives the card official rulings. **Rulings tested**: a test cites every",
        "  one of them, as `Ruling NUMBER Qk` in a test function's docstring (k counts the card's rulings in the facts",
        "  file's order).",
        "",
        "| Set | Cards with data | Abilities run | With rulings | Rulings tested |",
        "|---|---:|---:|---:|---:|",
    ]
    lines += [f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} |" for r in rows]
    left = "" if runs == data else " (the goal is all of them)"
    lines += ["", f"Boosters and E01: {runs} of {data} cards run with effects on{left}.", ""]
    return "\n".join(lines)


def build() -> str:
    try:
        import tcbg  # noqa: F401 - installed, or already imported by the caller (a test)
    except ImportError:  # run from a source tree without tcbg installed: its own src, never ahead of an installed
        sys.path.append(str(ROOT / "src"))  # tcbg (processes started later would import the one without a core)
    from tcbg.zx.cards import CardSet

    rulings = rulings_per_card()
    return render(table(CardSet.load("first-era"), rulings, citations(test_sources(), rulings)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the table (default: %(default)s)")
    args = parser.parse_args(argv)
    args.out.write_text(build(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
