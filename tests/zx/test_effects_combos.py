"""Two filters of the Z/X effect language read from the effect's controller and from the battle frame (docs/zx/cards.md
"Filters"): "in your Army Area" (``army_area="yours"``) and what an attacker attacks (``attacking=Player(...)``: the
attack's target is that player; ``attacking=ZX(...)``: the attacked Z/X matches), in real positions of the era's
card set with a test Event (White's Revenge Force, B01-059, given each definition), and the typed errors of the
compiler (ZC21) and of the core's table checks."""

from __future__ import annotations

import pytest

import tcbg
from tcbg import _core
from tcbg.effects.refs import Chosen
from tcbg.effects.values import AtLeast, Count
from tcbg.errors import GameError
from tcbg.zx.effects.language import (THIS, ZX, AddPower, Card, Continuous, EventDefinition, Player, PowerChange,
                                      Square, ZXDefinition)

from . import starter
from .era import act, name, power_on, texts
from .test_effects_filters_ext import Era, arrange, core_game

TEST_EVENT = "B01-059"  # Revenge Force: white Event of Cost 1, given a test definition
WHITE = "B01-046"       # a white Resource card
BEAR = "B01-003"        # Heated Coal, Coal Armadillo: red 2/3500, vanilla
LEO = "B01-016"         # Steel Leopard: red 6/9500, vanilla


def plus(flt) -> EventDefinition:
    """The test Event: one Z/X the filter matches gets +1000 until end of turn."""
    return EventDefinition(AddPower(Chosen(flt), 1000))


def offered(state, player: int) -> list[str]:
    """The player plays the test Event in the Battle Event step (priority theirs): the Squares of the Z/X offered."""
    act(state, f"p{player} play {name(TEST_EVENT)}")
    act(state, "pay with")
    if state.decision() != "effect-target":
        return []
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state))


def battle(p0, p1, frm, to, flt, player):
    """Player 0 attacks from ``frm`` to ``to``; ``player`` plays the test Event of ``flt`` when priority is theirs."""
    p0 = {**p0, "resource": [WHITE]}
    p1 = {**p1, "resource": [WHITE]}
    (p0 if player == 0 else p1)["hand"] = [TEST_EVENT]
    state = arrange(p0, p1, B01_059=plus(flt))
    act(state, f"attack from {frm} to {to}")
    if player == 1:
        act(state, "p0 pass (battle-event)")
    return offered(state, player)


def test_your_army_area_is_the_controllers_whoever_controls_the_zx():
    """``army_area="yours"``: in the Army Area of the effect's controller. Player 1's Z/X on s1 (player 0's near row)
    attacked by player 0: player 0's Event offers it, ``army_area=True`` (its own controller's Army Area) does not,
    and player 1's Event does not (s1 is not in player 1's Army Area)."""
    setup = ({"field": {"s2": LEO}}, {"field": {"s1": BEAR}})
    assert battle(*setup, "s2", "s1", ZX(attacked=True, army_area="yours"), 0) == ["s1"]
    assert battle(*setup, "s2", "s1", ZX(attacked=True, army_area=True), 0) == []
    assert battle(*setup, "s2", "s1", ZX(attacked=True, army_area="yours"), 1) == []


def test_your_army_area_of_your_own_zx():
    """Player 1's Z/X on s7 (player 1's near row) attacked: player 1's Event offers it; one on s4 (the Center Area)
    is not."""
    assert battle({"field": {"s4": LEO}}, {"field": {"s7": BEAR}}, "s4", "s7",
                  ZX(attacked=True, army_area="yours"), 1) == ["s7"]
    assert battle({"field": {"s1": LEO}}, {"field": {"s4": BEAR}}, "s1", "s4",
                  ZX(attacked=True, army_area="yours"), 1) == []


ATTACKING_YOU = ZX(attacking=Player("yours"))
ATTACKING_PS = ZX(attacking=ZX(player_square=True))


def test_attacking_you_is_an_attack_on_the_controller():
    """``attacking=Player("yours")``: the attacker of the battle now, attacking the effect's controller (the target
    is the player, not a Z/X). Player 0 attacks player 1 (s8 empty): player 1's Event offers the attacker, player
    0's does not (it attacks the opponent), ``Player("opponents")`` does for player 0."""
    p0, p1 = {"field": {"s5": BEAR, "s4": LEO}}, {}
    assert battle(p0, p1, "s5", "s8", ATTACKING_YOU, 1) == ["s5"]
    assert battle(p0, p1, "s5", "s8", ATTACKING_YOU, 0) == []
    assert battle(p0, p1, "s5", "s8", ZX(attacking=Player("opponents")), 0) == ["s5"]


def test_attacking_a_zx_matches_the_attacked_zx():
    """``attacking=ZX(player_square=True)``: the attacker whose attacked Z/X is on a Player Square. An attack on player
    1's Z/X on s8 matches it and not "attacking you"; an attack on one on s9 (a Normal Square) matches neither."""
    on_ps = ({"field": {"s5": BEAR}}, {"field": {"s8": LEO}})
    assert battle(*on_ps, "s5", "s8", ATTACKING_PS, 1) == ["s5"]
    assert battle(*on_ps, "s5", "s8", ATTACKING_YOU, 1) == []
    assert battle(*on_ps, "s5", "s8", ATTACKING_YOU | ATTACKING_PS, 1) == ["s5"]
    on_ns = ({"field": {"s6": BEAR}}, {"field": {"s9": LEO}})
    assert battle(*on_ns, "s6", "s9", ATTACKING_YOU | ATTACKING_PS, 1) == []
    assert battle(*on_ns, "s6", "s9", ZX(attacking=ZX("yours", normal_square=True)), 1) == ["s6"]


def test_no_battle_no_attacker():
    """Outside a battle no Z/X attacks anything: a continuous count of attackers of you reads 0."""
    bonus = ZXDefinition(Continuous(PowerChange(THIS, 1000), AtLeast(Count(ZX(attacking=Player("any"))), 1)))
    state = arrange({"field": {"s1": BEAR, "s5": LEO}}, {}, B01_003=bonus)
    assert power_on(state, "s1") == 3500


@pytest.mark.parametrize("flt, words", [
    (ZX(attacking=Card("hand")), "attacking is True, or the attack's target"),
    (ZX(army_area="opponents"), "army_area is True"),
    (ZX(highest_power=True, army_area="yours"), "highest Power"),
    (ZX(highest_power=True, attacking=Player("yours")), "highest Power"),
])
def test_the_compiler_refuses(flt, words):
    with pytest.raises(GameError, match=words):
        arrange({}, {}, B01_059=plus(flt))


@pytest.mark.parametrize("value, words", [(99, "bad attack target"), (-2, "bad attack target")])
def test_the_core_refuses_bad_attack_targets(value, words):
    """The target field names a Player or Z/X filter listed before the record, of a Z/X record."""
    cards, decks, tables, _ = core_game(B01_059=plus(ATTACKING_YOU))
    assert _core.zx.Game(cards, decks, tables=tables).num_players == 2
    filters = [list(f) for f in tables["filters"]]
    filters[-1][16] = value
    with pytest.raises(tcbg.GameError, match=words):
        _core.zx.Game(cards, decks, tables={**tables, "filters": filters})
    player = next(k for k, f in enumerate(filters) if f[0] == 0)  # a player filter asks for no attack target
    filters = [list(f) for f in tables["filters"]]
    filters.append(list(filters[player]))
    filters[-1][16] = 0
    with pytest.raises(tcbg.GameError, match="bad attack target"):
        _core.zx.Game(cards, decks, tables={**tables, "filters": filters})


def test_disassembly_names_the_attack_target():
    game = starter.arrange({}, {}, table=Era(B01_059=plus(ZX(attacked=True, army_area="yours") | ATTACKING_YOU)),
                           also=[TEST_EVENT])._game
    text = game.disassemble(TEST_EVENT)
    assert "your army area" in text
    other = game.tables.filter_text(int(text.split(", or f")[1].split(")")[0]))
    assert "attacking, attacking f" in other
    target = int(other.split("attacking f")[1].split(")")[0].split(",")[0])
    assert game.tables.filter_text(target).startswith(f"f{target} (player, yours")


def test_a_square_adjacent_to_a_zx_filter():
    """``Square(adjacent_to=THIS)``: the Squares next to the Square of a Z/X the filter matches (the record's
    ``near``): Coal Armadillo on s1 counts the empty Squares next to it (s2, s4), one fewer when a Z/X stands on
    s2."""
    bonus = ZXDefinition(Continuous(PowerChange(THIS, Count(Square(empty=True, adjacent_to=THIS)) * 1000)))
    assert power_on(arrange({"field": {"s1": BEAR}}, {}, B01_003=bonus), "s1") == 5500
    assert power_on(arrange({"field": {"s1": BEAR, "s2": LEO}}, {}, B01_003=bonus), "s1") == 4500


def test_a_name_containing_one_of_several_texts():
    """``name_contains=(a, b)``: every card whose name contains one of the texts (each name once)."""
    bonus = ZXDefinition(Continuous(PowerChange(THIS, Count(ZX(name_contains=("Coal", "Steel", "Armadillo"))) * 1000)))
    state = arrange({"field": {"s1": BEAR, "s4": LEO, "s5": "B01-030"}}, {}, B01_003=bonus)
    assert power_on(state, "s1") == 5500  # Coal Armadillo and Steel Leopard; not Erasure Machine, Delete


@pytest.mark.parametrize("flt, words", [
    (ZX(name_contains=("Coal", "")), "a tuple of texts"),
    (ZX(name_contains=["Coal"]), "a tuple of texts"),
])
def test_the_compiler_refuses_bad_name_texts(flt, words):
    with pytest.raises(GameError, match=words):
        arrange({}, {}, B01_003=ZXDefinition(Continuous(PowerChange(THIS, Count(flt) * 1000))))
