"""The examples in tcbg.zx's docstrings run and give what they show."""

import doctest

import pytest

import tcbg.zx
import tcbg.zx.game


@pytest.mark.parametrize("module", [tcbg.zx, tcbg.zx.game], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, verbose=False)
    assert tried > 0 and failures == 0
