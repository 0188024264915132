"""The examples in the package's docstrings run and give what they show (python-chess style runnable docs)."""

from __future__ import annotations

import doctest

import pytest

import tcbg
import tcbg._jsonfile
import tcbg._textfile
import tcbg.api
import tcbg.api.game
import tcbg.api.legality
import tcbg.errors
import tcbg.x610z
import tcbg.x610z.actions
import tcbg.x610z.board
import tcbg.x610z.cards
import tcbg.x610z.decks
import tcbg.x610z.energy
import tcbg.x610z.game
import tcbg.x610z.simulation
import tcbg.zx
import tcbg.zx.cards
import tcbg.zx.decks


@pytest.mark.parametrize("module", [tcbg, tcbg._jsonfile, tcbg._textfile, tcbg.api, tcbg.api.game, tcbg.api.legality, tcbg.errors, tcbg.x610z, tcbg.x610z.actions, tcbg.x610z.board, tcbg.x610z.cards, tcbg.x610z.decks, tcbg.x610z.energy,
                                    tcbg.x610z.game, tcbg.x610z.simulation, tcbg.zx, tcbg.zx.cards, tcbg.zx.decks],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, verbose=False)
    assert tried > 0, f"{module.__name__} has no examples"
    assert failures == 0
