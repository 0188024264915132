"""The examples of docs/environments.md and of the environments' docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "environments.md"


def test_environments_md_examples():
    failures, tried = doctest.testfile(str(DOC), module_relative=False)
    assert tried > 0 and failures == 0


@pytest.mark.parametrize("name", ["tcbg.envs", "tcbg.envs.pettingzoo", "tcbg.envs.gymnasium"])
def test_docstring_examples(name):
    failures, tried = doctest.testmod(importlib.import_module(name), verbose=False)
    assert tried > 0 and failures == 0
