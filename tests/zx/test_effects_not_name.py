"""The name exclusion of the Z/X effect language, ``not_name`` ("other than 「X」", docs/zx/cards.md "Filters"):
every printing of the name left out, the name resolved as ``name=``'s, in real positions of the era's card set;
the compiler's and the core's refusals."""

from __future__ import annotations

import pytest

import tcbg
from tcbg import _core
from tcbg.effects.values import AtLeast, Count
from tcbg.errors import GameError
from tcbg.zx.effects.language import ZX, Card

from .test_effects_filters_ext import BEAR, DELETE, VOID, arrange, core_game, gets, gets_if
from .era import power_on


def test_not_name_leaves_out_every_printing_of_the_name():
    """Card(not_name=B01-026) leaves out Void and its starter printing C02-005, counting the other cards only."""
    count = gets(Count(Card("trash", not_name=VOID)) * 1000)
    state = arrange({"trash": [VOID, "C02-005", DELETE, BEAR], "field": {"s1": BEAR}}, {}, B01_003=count)
    assert power_on(state, "s1") == 3500 + 2000


def test_not_name_on_squares_by_japanese_or_english_name():
    """ZX(not_name=...) by the Japanese or English name: the Z/X of that name are left out, the others counted
    (the counting Z/X itself included: it is of another name)."""
    japanese = gets(Count(ZX("any", not_name="抹消機械ヴォイド")) * 1000)
    state = arrange({"field": {"s1": BEAR}}, {"field": {"s9": "C02-005", "s7": DELETE}}, B01_003=japanese)
    assert power_on(state, "s1") == 3500 + 2000
    english = gets(Count(ZX("any", not_name="Erasure Machine, Void")) * 1000)
    state = arrange({"field": {"s1": BEAR, "s3": VOID}}, {"field": {"s7": DELETE}}, B01_003=english)
    assert power_on(state, "s1") == 3500 + 2000


def test_not_name_of_a_name_the_game_lacks_excludes_nothing():
    """A name no card of the game's table has: no card is of it, so none is left out."""
    count = gets(Count(Card("trash", not_name="No Such Card")) * 1000)
    state = arrange({"trash": [DELETE, BEAR], "field": {"s1": BEAR}}, {}, B01_003=count)
    assert power_on(state, "s1") == 3500 + 2000


def test_not_name_of_this_cards_own_name():
    """ZX(not_name=<its own name>): the Bear counts the other Z/X, not itself nor another Bear."""
    count = gets(Count(ZX("yours", not_name=BEAR)) * 1000)
    state = arrange({"field": {"s1": BEAR, "s3": BEAR, "s4": DELETE}}, {}, B01_003=count)
    assert power_on(state, "s1") == 3500 + 1000


@pytest.mark.parametrize("flt, words", [
    (Card("hand", name=VOID, not_name=DELETE), "name or name_contains or not_name"),
    (Card("hand", not_name=VOID, name_contains="ヴォイド"), "name or name_contains or not_name"),
    (ZX(not_name=""), "not_name is a card number"),
    (ZX(not_name=3), "not_name is a card number"),
    (ZX(highest_power=True, not_name=VOID), "highest Power"),
])
def test_the_compiler_refuses(flt, words):
    with pytest.raises(GameError, match=words):
        arrange({}, {}, B01_003=gets_if(AtLeast(Count(flt), 1)))


def test_the_core_refuses_an_exclusion_without_a_name():
    """The core checks the record: the NOT_NAME flag (1 << 24) with name -1 (any) names nothing to exclude."""
    cards, decks, tables, _ = core_game(B01_003=gets_if(AtLeast(Count(Card("trash", not_name=VOID)), 1)))
    assert _core.zx.Game(cards, decks, tables=tables).num_players == 2
    filters = [list(f) for f in tables["filters"]]
    assert filters[-1][3] & (1 << 24) and filters[-1][12] >= 0
    filters[-1][12] = -1
    with pytest.raises(tcbg.GameError, match="name exclusion without a name"):
        _core.zx.Game(cards, decks, tables={**tables, "filters": filters})
