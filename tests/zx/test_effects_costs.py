"""The Z/X language's costs that take cards, changed Costs, the Square marks and "choose one" (docs/zx/cards.md
"Kinds of ability", "Filters"; rules.md Z15.220 - Z15.224): each block in real positions of the era's card set
(vanilla cards given test definitions), the definitions the compiler refuses and the records the core refuses."""

from __future__ import annotations

import json

import pytest

from tcbg import _core
from tcbg.effects.errors import CompileError
from tcbg.effects.refs import SELF, YOU, Chosen
from tcbg.effects.values import AtLeast, Count
from tcbg.errors import GameError
from tcbg.zx.effects.compiler import compile_tables
from tcbg.zx.effects.language import (THIS, ZX, AddPower, Card, Continuous, Cost, CostChange, DealDamage, Draw,
                                      EventDefinition, LifeOf, MoveTo, OneOf, PlayCondition, PowerChange, Square,
                                      Startup, ZXDefinition)
from tcbg.zx.game import ZXCard

from . import starter
from .era import act, name, on, power_on, texts
from .test_effects_filters_ext import Era, arrange

BEAR = "B01-003"    # Heated Coal, Coal Armadillo: red 2/3500, vanilla
DELETE = "B01-030"  # Erasure Machine, Delete: blue 4/6500, vanilla
RIDER = "B01-013"   # Charging Iron Rider, Tank Heart: red Artisan 5/8000, vanilla
GREEN = "B01-089"   # King of Beasts, Werelion: green 4/6500, vanilla
REDS = ["B05-006"] * 6  # vanilla red Resource cards
BLUES = ["C02-006"] * 6  # Sky Tree, Rhenium: vanilla blue Resource cards


def uses(state) -> list[str]:
    return [t for t in texts(state) if "use the ability" in t]


def choices(state) -> list[str]:
    return sorted(t.split("choose ", 1)[1].rsplit(" #", 1)[0] for t in texts(state) if "choose " in t)


# -- costs that take cards ---------------------------------------------------------------------------------------

def test_a_trash_cost_is_chosen_first_and_the_ability_needs_one_to_be_there():
    """Cost(trash=Card("charge", ...)) (rules.md Z15.221): the ability is offered only while a matching card is in
    the Charge; the card is chosen (only matching ones offered) and put into the Trash before any effect."""
    bear = ZXDefinition(Startup(Cost(trash=Card("charge", colour="blue")), Draw(1)))
    state = arrange({"field": {"s1": BEAR}, "charge": [DELETE, RIDER], "deck": [GREEN]}, {}, B01_003=bear)
    act(state, "use the ability of")
    assert state.decision() == "effect-card" and choices(state) == [name(DELETE)]
    assert state.names(0, "hand") == []  # nothing of the effect yet
    act(state, "choose")
    assert state.names(0, "trash") == [name(DELETE)] and state.names(0, "hand") == [name(GREEN)]
    assert uses(state) == []  # no blue card left in the Charge
    none = arrange({"field": {"s1": BEAR}, "charge": [RIDER]}, {}, B01_003=bear)
    assert uses(none) == []


def test_a_sleep_cost_is_a_step_of_the_cost_and_clones_and_reads_back():
    """Cost(sleep_zx=ZX("yours", ...)) (Z15.221): after the Resource cards, the Z/X (yours, in Reboot, matching) is
    chosen at the Startup frame's step 3 (ability-sleep); halfway, the position clones, serialises and reads back."""
    bear = ZXDefinition(Startup(Cost(("red", 1), sleep_zx=ZX("yours", other=True, cost_min=4)), AddPower(SELF, 2000)))
    state = arrange({"field": {"s1": BEAR, "s3": DELETE, "s4": (RIDER, True), "s5": GREEN}, "resource": REDS[:1]},
                    {"field": {"s8": DELETE}}, B01_003=bear)
    act(state, "use the ability of")
    act(state, "pay with")
    assert state.decision() == "ability-sleep"
    assert choices(state) == sorted([name(DELETE), name(GREEN)])  # not the Sleeping Rider, not the opponent's
    copies = [state.clone(), state._game.deserialize_state(state.serialize()),
              state._game.state_from_json(json.loads(state.to_json()))]
    for s in [state, *copies]:
        assert s.invariant_violation() == ""
        act(s, f"choose {name(GREEN)}")
        assert s.instance(on(s, "s5"))["sleeping"] and power_on(s, "s1") == 5500 and s.decision() == "main"


def test_several_trash_costs_take_one_card_of_each_colour():
    """A tuple of single-colour filters: one card of each, in order; without one of the colours not usable."""
    bear = ZXDefinition(Startup(Cost(trash=(Card("charge", colour="red"), Card("charge", colour="blue"))), Draw(1)))
    state = arrange({"field": {"s1": BEAR}, "charge": [DELETE, RIDER, GREEN]}, {}, B01_003=bear)
    act(state, "use the ability of")
    assert choices(state) == [name(RIDER)]
    act(state, "choose")
    assert choices(state) == [name(DELETE)]
    act(state, "choose")
    assert state.names(0, "charge") == [name(GREEN)]
    lacking = arrange({"field": {"s1": BEAR}, "charge": [RIDER, GREEN]}, {}, B01_003=bear)
    assert uses(lacking) == []


CARDS = [ZXCard("Bear", "zx", ("red",), 2, 3000), ZXCard("Twin", "zx", ("red", "blue"), 2, 3000)]


@pytest.mark.parametrize("cost, words", [
    (Cost(trash=Card("trash")), "hand or Charge"),
    (Cost(trash=Card("charge", whose="opponents")), "hand or Charge"),
    (Cost(trash=ZX("yours")), "hand or Charge"),
    (Cost(trash=(Card("hand"),) * 5), "at most 4"),
    (Cost(charge=1, trash=Card("charge")), "one part of a cost"),
    (Cost(discard=1, trash=Card("hand")), "one part of a cost"),
    (Cost(destroy=True, trash=Card("charge")), "one part of a cost"),
    (Cost(trash=(Card("charge"), Card("charge"))), "single colours"),
    (Cost(trash=(Card("charge", colour="red"), Card("hand", colour="blue"))), "single colours"),
    (Cost(trash=(Card("charge", colour="red"), Card("charge", colour="red"))), "single colours"),
    (Cost(trash=(Card("charge", colour="red"), Card("charge", colour="blue"))), "Twin has two of the colours"),
    (Cost(sleep_zx=Card("hand")), "sleep_zx is a ZX"),
    (Cost(sleep_zx=ZX("opponents")), "sleep_zx is a ZX"),
    (Cost(sleep=True, sleep_zx=ZX("yours")), "other=True"),
])
def test_costs_the_compiler_refuses(cost, words):
    with pytest.raises(CompileError, match=words):
        compile_tables(CARDS, {0: ZXDefinition(Startup(cost, Draw(1)))})


def test_a_charge_cost_card_of_a_from_charge_ability_is_refused():
    with pytest.raises(CompileError, match="one part of a cost"):
        compile_tables(CARDS, {0: ZXDefinition(Startup(Cost(trash=Card("charge")), Draw(1), from_charge=True))})


# -- changed Costs -----------------------------------------------------------------------------------------------

def test_a_cost_change_reads_everywhere_and_stops_at_its_floor():
    """CostChange (Z15.224): +2 to your hand's blue cards makes Delete (4) cost 6 to play; -5 with floor stops at 1,
    without floor at 0 (played for nothing); a Cost filter reads the changed Cost; the opponent's cards unchanged."""
    up = ZXDefinition(Continuous(CostChange(Card("hand", colour="blue"), 2)))
    state = arrange({"field": {"s1": BEAR}, "hand": [DELETE], "resource": BLUES[:5]}, {"hand": [DELETE]}, B01_003=up)
    assert [t for t in texts(state) if " play " in t] == []  # 6 > 5 Resource cards
    richer = arrange({"field": {"s1": BEAR}, "hand": [DELETE], "resource": BLUES[:6]}, {}, B01_003=up)
    act(richer, f"play {name(DELETE)}")
    act(richer, "to square s5")
    paid = 0
    while richer.decision() == "pay":
        act(richer, "pay with")
        paid += 1
    assert paid == 6
    for floor, expected in ((True, 1), (False, 0)):
        down = ZXDefinition(Continuous(CostChange(Card("hand", colour="blue"), -5, floor=floor)))
        s = arrange({"field": {"s1": BEAR}, "hand": [DELETE], "resource": BLUES[:1]}, {}, B01_003=down)
        act(s, f"play {name(DELETE)}")
        act(s, "to square s5")
        paid = 0
        while s.decision() == "pay":
            act(s, "pay with")
            paid += 1
        assert paid == expected and on(s, "s5") != -1, floor


def test_a_cost_change_of_a_zx_on_a_square_is_read_by_filters_and_by_its_own_filter_printed():
    """A Cost change of Z/X (B04-073's kind): the opponent's Z/X of printed Cost 5 are Cost 3, so a "Cost 3 or less"
    continuous count sees them; the change's own filter reads printed Costs (cost_min=5 still matches)."""
    down = ZXDefinition(Continuous(CostChange(ZX("opponents", cost_min=5), -2)))
    count = ZXDefinition(Continuous(PowerChange(THIS, 1000), AtLeast(Count(ZX("opponents", cost_max=3)), 1)))
    state = arrange({"field": {"s1": BEAR, "s3": DELETE}}, {"field": {"s7": RIDER}}, B01_003=down, B01_030=count)
    assert power_on(state, "s3") == 7500
    plain = arrange({"field": {"s3": DELETE}}, {"field": {"s7": RIDER}}, B01_030=count)
    assert power_on(plain, "s3") == 6500


# -- marks and "choose one" --------------------------------------------------------------------------------------

def test_a_square_mark_filter_and_one_of():
    """Square(mark="triangle") offers the empty Squares of the Center Area; OneOf asks yes (the first) or pass (the
    second), each doing only its own effects (rules.md Z15.220, Z15.223)."""
    move = ZXDefinition(Startup(Cost(sleep=True), MoveTo(SELF, Chosen(Square(empty=True, mark="triangle")))))
    state = arrange({"field": {"s1": BEAR, "s5": DELETE}}, {"field": {"s6": DELETE}}, B01_003=move)
    act(state, "use the ability of")
    assert sorted(t.rsplit(" ", 1)[1] for t in texts(state)) == ["s4"]
    act(state, "choose square s4")
    assert on(state, "s1") == -1 and on(state, "s4") != -1
    both = ZXDefinition(Startup(Cost(sleep=True), OneOf(Draw(1), AddPower(SELF, 3000))))
    for answer in ("yes", "pass"):
        s = arrange({"field": {"s1": BEAR}, "deck": [GREEN]}, {}, B01_003=both)
        act(s, "use the ability of")
        assert s.decision() == "effect-may"
        act(s, answer)
        assert (s.names(0, "hand") == [name(GREEN)]) == (answer == "yes")
        assert (power_on(s, "s1") == 6500) == (answer == "pass")


@pytest.mark.parametrize("definition, words", [
    (EventDefinition(DealDamage(Chosen(ZX(mark="star")), 1000)), "mark is one of"),
    (ZXDefinition(Continuous(CostChange(Square(), -1))), "Card"),
    (ZXDefinition(Continuous(CostChange((Card("hand", name_contains="a"), Card("trash")), -1))), "one name each"),
    (EventDefinition(OneOf(Draw(1), ())), "both effects"),
])
def test_definitions_the_compiler_refuses(definition, words):
    with pytest.raises(CompileError, match=words):
        compile_tables([ZXCard("Spark", "event", ("red",), 1), *CARDS],
                       {0 if isinstance(definition, EventDefinition) else 1: definition})


# -- the core's checks -------------------------------------------------------------------------------------------

def core_game(**definitions):
    game = starter.arrange({"field": {"s1": BEAR}}, {}, table=Era(**definitions),
                           also=[k.replace("_", "-") for k in definitions])._game
    from tcbg.zx.game import _compile_card

    cards = [_compile_card(k, c) for k, c in enumerate(game.cards)]
    decks = [([game._card_index(n, "") for n in d.cards], -1, False) for d in game.decks]
    return cards, decks, game.tables.arrays()


def test_the_core_refuses_bad_cost_records():
    """The core checks a startup ability's cost_zx (a Z/X filter, -1 none; of a startup ability only) and a Cost
    change's filter and floor when the game is built (docs/zx/cards.md "Native form")."""
    bear = ZXDefinition(Startup(Cost(sleep_zx=ZX("yours", other=True)), Draw(1)))
    cards, decks, tables = core_game(B01_003=bear)
    assert _core.zx.Game(cards, decks, tables=tables).num_players == 2
    abilities = [list(a) for a in tables["abilities"]]
    k = next(i for i, a in enumerate(abilities) if a[15] >= 0)
    for field, value in ((15, 10 ** 4), (15, -2), (1, 1)):
        bad = [list(a) for a in abilities]
        bad[k][field] = value
        if field == 1:
            bad[k][8] = 0  # a continuous Power with a filter, and a cost_zx: refused for the cost_zx
        with pytest.raises(GameError, match="startup ability|no filter|Z/X filter"):
            _core.zx.Game(cards, decks, tables={**tables, "abilities": bad})
    change = ZXDefinition(Continuous(CostChange(Card("hand"), -1)))
    cards, decks, tables = core_game(B01_003=change)
    abilities = [list(a) for a in tables["abilities"]]
    k = next(i for i, a in enumerate(abilities) if a[1] == 19)
    for field, value, words in ((2, 2, "not to 0"), (8, -1, "which cards")):
        bad = [list(a) for a in abilities]
        bad[k][field] = value
        with pytest.raises(GameError, match=words):
            _core.zx.Game(cards, decks, tables={**tables, "abilities": bad})


# -- play conditions ---------------------------------------------------------------------------------------------

def test_a_play_condition_offers_the_card_only_while_it_holds():
    """EventDefinition(..., play_condition=...) and PlayCondition (rules.md Z15.225): with Life 4 the Event and the
    Z/X are not offered; with Life 2 both are, and play as usual."""
    event = EventDefinition(Draw(1), play_condition=LifeOf(YOU) <= 2)
    zx = ZXDefinition(PlayCondition(LifeOf(YOU) <= 2))
    whites = ["B05-049"] * 4
    for life, offered in ((4, False), (2, True)):
        state = arrange({"hand": ["B05-059", DELETE], "resource": whites + BLUES[:4], "life": [BEAR] * life,
                         "deck": [GREEN]}, {}, B05_059=event, B01_030=zx)
        plays = [t for t in texts(state) if " play " in t]
        assert len(plays) == (2 if offered else 0), life
        if offered:
            act(state, "play Punishment Cross")
            while state.decision() == "pay":
                act(state, "pay with")
            assert name(GREEN) in state.names(0, "hand")


def test_one_play_condition_a_card():
    with pytest.raises(CompileError, match="one PlayCondition"):
        compile_tables(CARDS, {0: ZXDefinition(PlayCondition(LifeOf(YOU) <= 2), PlayCondition(LifeOf(YOU) <= 1))})


def test_the_core_refuses_a_play_condition_without_a_condition():
    cards, decks, tables = core_game(B01_003=ZXDefinition(PlayCondition(LifeOf(YOU) <= 2)))
    abilities = [list(a) for a in tables["abilities"]]
    k = next(i for i, a in enumerate(abilities) if a[1] == 20)
    abilities[k][7] = 0
    with pytest.raises(GameError, match="one condition a card"):
        _core.zx.Game(cards, decks, tables={**tables, "abilities": abilities})


def test_disassembly_shows_the_cost_fields():
    game = starter.arrange({}, {}, table=Era(), also=["B03-010", "B02-087"])._game
    assert "continuous cost of f" in game.disassemble("B03-010") and "not to 0 or less" in game.disassemble("B03-010")
    assert "Sleeping 1 of f" in game.disassemble("B02-087") and "Hourai" in game.disassemble("B02-087")
