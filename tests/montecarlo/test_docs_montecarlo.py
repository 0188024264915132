"""The examples in the harness's docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["tcbg.montecarlo.agents", "tcbg.montecarlo.cost", "tcbg.montecarlo.games", "tcbg.montecarlo.matchup", "tcbg.montecarlo.matrix", "tcbg.montecarlo.pages",
           "tcbg.montecarlo.records", "tcbg.montecarlo.reloads", "tcbg.montecarlo.report", "tcbg.montecarlo.simulate",
           "tcbg.montecarlo.stats"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    failures, tried = doctest.testmod(importlib.import_module(name), verbose=False)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0
