"""The examples in tcbg.zx's docstrings run and give what they show."""

import doctest

import pytest

import tcbg.zx
import tcbg.zx.actions
import tcbg.zx.game
import tcbg.zx.effects.compiler
import tcbg.zx.effects.language
import tcbg.zx.effects.native
import tcbg.zx.effects.slowpath
import tcbg.zx.simulation


@pytest.mark.parametrize("module", [tcbg.zx, tcbg.zx.actions, tcbg.zx.game, tcbg.zx.simulation, tcbg.zx.effects.compiler,
                                    tcbg.zx.effects.language, tcbg.zx.effects.native, tcbg.zx.effects.slowpath],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, verbose=False)
    assert tried > 0 and failures == 0


def test_cards_md_examples():
    """docs/zx/cards.md: the disassembly examples are what the compiler writes."""
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[2] / "docs" / "zx" / "cards.md"
    failures, tried = doctest.testfile(str(path), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 0 and failures == 0


def test_state_format_examples():
    """docs/zx/state-format.md: a tool's checks of a move, a position and a deck give what the page shows."""
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[2] / "docs" / "zx" / "state-format.md"
    failures, tried = doctest.testfile(str(path), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 0 and failures == 0
