"""Damage divided as a player chooses (docs/zx/cards.md "Dividing damage", rules.md Z15.300 - Z15.303): the units of
1000 given one at a time in Square order, a pass giving the rest, a total not of whole thousands, Isolate, the
distinct colours a count reads, the native agents deciding a division, every position reached read back, and the
definitions the compiler refuses. Cards of the test table (tests/zx/scenario.py) given definitions, in real games."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tcbg
from tcbg import _core
from tcbg.effects.errors import CompileError
from tcbg.effects.values import Count
from tcbg.zx.effects.compiler import compile_tables
from tcbg.zx.effects.language import ZX, Card, Distinct, DivideDamage, EventDefinition
from tcbg.zx.game import ZXCard

from .scenario import act, filler, game, layout, start, texts

P0 = layout(["Spark", "Vanilla", "Vanilla", "Big"], ["Big"] * 4, ["Twin", "Grey"], filler(30, "Big"))
P1 = layout(["Big"] * 4, ["Big"] * 4, ["Big"] * 2, filler(30, "Big"))
OPP_NS = ZX("opponents", normal_square=True)


def spark(effect, field=(), p1=P1):
    """Player 0's Main phase with Spark (Cost 1, red) defined as ``effect``, and Z/X added on Squares: (square,
    owner, card name), each taken from the bottom of its owner's deck (the name must be there)."""
    state = start(game(P0, p1, definitions={"Spark": EventDefinition(effect)}).new_initial_state(0))
    doc = json.loads(state.to_json())
    for square, owner, card in field:
        deck = doc["players"][owner]["deck"]
        k = next(k for k, ref in enumerate(deck) if ref.startswith(card + " #"))
        doc["field"].append({"square": square, "card": deck.pop(k)})
    return state._game.state_from_json(doc)


def cast(state):
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")


def damage(state) -> dict[str, int]:
    """The damage on each Z/X on a Square, by Square."""
    return {f"s{k + 1}": state.instance(i)["damage"] for k, i in enumerate(state.board()) if i >= 0}


def offered(state) -> list[str]:
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)


def test_a_total_not_of_whole_thousands_leaves_the_last_share_short():
    """Z15.300: 2500 is 3 units, the last share 500 short: 1000 + 1000 to s7's Z/X, then the last unit, 500, to
    s9's (the second of up to 2)."""
    state = spark(DivideDamage(OPP_NS, 2500), [("s7", 1, "Big"), ("s9", 1, "Big")])
    cast(state)
    for square in ("s7", "s7", "s9"):
        act(state, f"on {square}")
    assert state.decision() == "main" and damage(state) == {"s7": 2000, "s9": 500}


def test_an_isolate_zx_is_never_offered():
    """Z15.301, 11.5: Hermit (Isolate) on s7 is not offered; Big on s9 has the whole total."""
    state = spark(DivideDamage(OPP_NS, 3000), [("s7", 1, "Hermit"), ("s9", 1, "Big")],
                  p1=layout(["Big"] * 4, ["Big"] * 4, ["Big"] * 2, ["Hermit"] + filler(29, "Big")))
    cast(state)
    assert offered(state) == ["s9"]
    act(state, "on s9")
    assert state.decision() == "main" and damage(state) == {"s7": 0, "s9": 3000}


def test_distinct_colours_counts_each_colour_once_and_a_card_of_two_colours_twice():
    """Distinct(Card("resource"), "colours"): Twin (red and blue) and Grey (no colour) in player 0's Resource are 2
    colours: 2000 divided, all to one Z/X."""
    state = spark(DivideDamage(OPP_NS, Distinct(Card("resource"), "colours") * 1000, up_to="any"),
                  [("s7", 1, "Big")])
    cast(state)
    act(state, "on s7")
    assert state.decision() == "main" and damage(state) == {"s7": 2000}


def test_the_disassembly_names_the_division_order():
    cards = [ZXCard("Spark", "event", ("red",), 1)]
    text = compile_tables(cards, {0: EventDefinition(DivideDamage(OPP_NS, 6000))}).disassemble(0)
    assert "from anchor square" in text and "OPTIONAL" in text and text.count("DAMAGE") == 2


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_the_native_agents_finish_a_division(kind):
    """The random and heuristic agents decide every unit of a division with legal actions; the heuristic, looking
    ahead, destroys what 8000 can (Big, Power 8000, on s7) rather than spreading it."""
    state = spark(DivideDamage(OPP_NS, 8000), [("s7", 1, "Big"), ("s9", 1, "Big")])
    cast(state)
    agent = _core.zx.Agent({"kind": kind}, 3)
    steps = 0
    while state.decision() == "effect-divide":
        action = agent.choose(state._core)
        assert action in state.legal_actions()
        state.apply_action(action)
        steps += 1
    assert state.decision() == "main" and steps <= 8
    if kind == "heuristic":
        assert -1 in (state.board()[6], state.board()[8])


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 14), st.sampled_from([1, 2, 3, "any"]), st.sets(st.sampled_from(["s3", "s4", "s5", "s6",
                                                                                       "s7", "s9"]), max_size=5),
       st.randoms(use_true_random=False))
def test_random_divisions_deal_the_whole_total_to_at_most_n_zx_and_read_back(halves, up_to, squares, rng):
    """Any division, its choices at random: each position reads back into the same position; the Z/X dealt damage
    are at most ``up_to``; the damage dealt is the whole total or (a first pass) none; every share but the last is a
    whole number of thousands; the decisions are at most the units."""
    total = halves * 500  # at most 7000: no Big (Power 8000) is destroyed, so every share stays readable
    field = [(s, 1 if int(s[1]) >= 4 else 0, "Big") for s in sorted(squares)]
    state = spark(DivideDamage(ZX(normal_square=True), total, up_to=up_to), field)
    cast(state)
    decisions = 0
    while state.decision() == "effect-divide":
        doc = state.to_json()
        again = state._game.state_from_json(json.loads(doc))
        assert again.to_json() == doc and again.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))
        assert state.invariant_violation() == ""
        decisions += 1
    assert state.decision() == "main" and decisions <= -(-total // 1000)
    shares = sorted(v for v in damage(state).values() if v)
    assert sum(shares) in (0, total) and len(shares) <= (9 if up_to == "any" else up_to)
    assert sum(1 for v in shares if v % 1000) <= 1


@pytest.mark.parametrize(("definition", "words"), [
    (DivideDamage(Card("hand"), 6000), "one ZX"),
    (DivideDamage(ZX("opponents") | ZX("yours"), 6000), "without either"),
    (DivideDamage(OPP_NS, 6000, up_to=0), "up_to"),
    (DivideDamage(OPP_NS, 6000, up_to=10), "up_to"),
    (DivideDamage(OPP_NS, 6000, up_to=True), "up_to"),
    (DivideDamage(OPP_NS, 6000, up_to="all"), "up_to"),
    (DivideDamage(OPP_NS, -1000), "total"),
    (DivideDamage(OPP_NS, Count(Card("hand")) * 1000 + Distinct(Card("trash"), "powers")), "colours"),
])
def test_definitions_the_compiler_refuses(definition, words):
    with pytest.raises(CompileError, match=words):
        compile_tables([ZXCard("Spark", "event", ("red",), 1)], {0: EventDefinition(definition)})


@pytest.mark.parametrize("change", ["no anchor", "a card filter"])
def test_the_core_refuses_a_division_order_without_a_zx_and_its_anchor(change):
    """The core checks FROM_ANCHOR_SQUARE when the game is built (docs/zx/cards.md "Native form"): only on a Z/X
    filter with an anchor register."""
    from tcbg.zx.game import _compile_card

    game_ = spark(DivideDamage(OPP_NS, 6000))._game
    cards = [_compile_card(k, c) for k, c in enumerate(game_.cards)]
    decks = [([game_._card_index(n, "") for n in d.cards], -1, False) for d in game_.decks]
    tables = game_.tables.arrays()
    assert _core.zx.Game(cards, decks, tables=tables).num_players == 2
    filters = [list(f) for f in tables["filters"]]
    k = next(k for k, f in enumerate(filters) if f[3] & (1 << 28))
    if change == "no anchor":
        filters[k][9] = -1
    else:
        filters[k][0] = 2
    with pytest.raises(tcbg.GameError, match="division's order"):
        _core.zx.Game(cards, decks, tables={**tables, "filters": filters})
