"""docs/zx/cardpool.md, the first era's card pool table: written by tools/zx_cardpool.py from the card data, the
definitions and the tests' ruling citations, and committed up to date."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tcbg.zx.cards import CardSet

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("zx_cardpool", ROOT / "tools" / "zx_cardpool.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


TOOL = _tool()


def test_the_committed_table_is_up_to_date():
    """Run `python tools/zx_cardpool.py` after changing first-era, its definitions or a test citing a ruling."""
    assert (ROOT / "docs" / "zx" / "cardpool.md").read_text(encoding="utf-8") == TOOL.build()


def test_counts_follow_the_card_data():
    era = CardSet.load("first-era")
    rows = {r[0]: r for r in TOOL.table(era, TOOL.rulings_per_card(), set())}
    assert rows["total"][1] == 646 and sum(rows[s][1] for s in ("B01", "B02", "B03", "B04", "B05", "E01")) == 570
    assert rows["total"][3] == 107  # first-era-README.md: 107 rows with rulings
    runs = sum(1 for c in era if not c.has_abilities or c.number in era.effects)
    assert rows["total"][2] == runs and rows["C01"][2] == rows["C01"][1]  # every starter card runs
    assert all(r[4] == 0 for r in rows.values())


def test_a_card_counts_when_every_ruling_is_cited():
    rulings = TOOL.rulings_per_card()
    two = next(n for n, k in sorted(rulings.items()) if k == 2 and n.startswith("B05"))
    source = (f'def test_a():\n    """Ruling {two} Q1: ..."""\n\n'
              f'def helper():\n    """Ruling {two} Q2 (not a test: does not count)"""\n'
              f'# Ruling {two} Q2 in a comment does not count either\n')
    cited = TOOL.citations({"tests/test_x.py": source}, rulings)
    assert cited == {(two, 1)}
    era = CardSet.load("first-era")
    assert {r[0]: r for r in TOOL.table(era, rulings, cited)}["B05"][4] == 0
    source += f'\n\ndef test_b():\n    """Ruling {two} Q2"""\n'
    cited = TOOL.citations({"tests/test_x.py": source}, rulings)
    assert {r[0]: r for r in TOOL.table(era, rulings, cited)}["B05"][4] == 1


@pytest.mark.parametrize("citation", ["B01-003 Q1", "B04-040 Q9"])
def test_a_citation_of_no_ruling_is_refused(citation):
    source = f'def test_a():\n    """Ruling {citation}"""\n'
    with pytest.raises(ValueError, match=f"test_a cites Ruling {citation}"):
        TOOL.citations({"tests/test_x.py": source}, TOOL.rulings_per_card())


@pytest.mark.parametrize("name", ["zx_cardpool", "zx_era_decks"])
def test_a_tool_leaves_the_import_path_as_it_was(name):
    """A tool run where tcbg is importable (installed, or imported by a test) adds nothing to the import path: the
    source tree's src ahead of an installed tcbg would make every process started later (Dask's workers, which copy
    the path) import the sources without their built core."""
    before = list(sys.path)
    spec = importlib.util.spec_from_file_location(f"{name}_path_check", ROOT / "tools" / f"{name}.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    if name == "zx_cardpool":
        tool.build()
    assert sys.path == before
