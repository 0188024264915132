"""The examples in tcbg.zx's docstrings run and give what they show."""

import doctest

import pytest

import tcbg.zx
import tcbg.zx.game
import tcbg.zx.simulation


@pytest.mark.parametrize("module", [tcbg.zx, tcbg.zx.game, tcbg.zx.simulation], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, verbose=False)
    assert tried > 0 and failures == 0
