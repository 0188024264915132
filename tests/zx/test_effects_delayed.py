"""The Z/X language's "at the end of the turn" (Remember, AtTurnEnd, Remembered), Cost changes working from the
Resource (FromResource), "appears from your hand" (AppearedFrom) and player damage increases (AddPlayerDamage)
(docs/zx/cards.md "At the end of the turn"; rules.md Z15.320 - Z15.324): the remembrance and the increase in
positions (docs/zx/state-format.md ZP7) read back by both readers, the documents they refuse, the definitions the
compiler refuses and the records the core refuses. The cards' own tests are tests/zx/first_era/test_b0*_delayed.py."""

from __future__ import annotations

import json

import pytest

from tcbg import _core
from tcbg.effects.errors import CompileError
from tcbg.effects.refs import SELF, Chosen, Each
from tcbg.errors import GameError, PositionError
from tcbg.zx.effects.compiler import compile_tables
from tcbg.zx.effects.language import (OPPONENT, ZX, AddPlayerDamage, AppearedFrom, AtTurnEnd, Auto, Card, Continuous,
                                      Cost, CostChange, DamagePlayer, Draw, Event, FromResource, Grant, MoveTo,
                                      PlayToSquare, PowerChange, PutIntoResource, Remember, Remembered, ReturnToHand,
                                      Square, Startup, ZXDefinition)
from tcbg.zx.game import ZXCard
from tcbg.zx.position import native_reader, python_state_from_json
from tcbg.zx.position_bytes import canonical

from .era import act, name, on, play
from .first_era.test_b04_delayed import ARTEMIS, REDS, end_turn, spinel
from .test_effects_costs import core_game
from .test_effects_filters_ext import arrange

MOVER = "B01-013"  # Tank Heart, given "[Red 1]: move one of your Z/X to an empty Normal Square" below
BEAR = "B01-003"   # Coal Armadillo: red 2/3500, given test abilities below


def remembered_position():
    """Player 1's turn: Spinel Penguin has put Artemis onto s5 and remembers it."""
    state = spinel()
    for action in ("yes (effect-may)", "choose", "choose square s5"):
        state.apply_action(next(a for a in state.legal_actions() if action in state.action_to_string(a)))
    return state


def test_a_remembered_card_reads_back_by_both_readers():
    """The remembrance is the field entry's remembered_by; the core's reader makes the very bytes of the
    reference's, and both make the position's own (docs/zx/state-format.md ZP7)."""
    state = remembered_position()
    game = state._game
    text = state.to_json()
    entry = json.loads(text)["field"][0]
    assert entry["remembered_by"].startswith("Piercing Spinel")
    assert native_reader(game).read(text) == canonical(state.serialize_bytes(), game.num_instances)
    back = python_state_from_json(game, text).serialize_bytes()
    assert canonical(back, game.num_instances) == canonical(state.serialize_bytes(), game.num_instances)


def test_a_player_damage_increase_reads_back_by_both_readers():
    """The increase is the field entry's player_damage (docs/zx/state-format.md ZP7): both readers make the
    position's own bytes."""
    state = arrange({"hand": [BEAR], "resource": REDS[:2]}, {}, B01_003=ZXDefinition(
        Auto(Event.APPEARS, AddPlayerDamage(SELF, 2))))
    play(state, name(BEAR), "s5")
    game, text = state._game, state.to_json()
    assert json.loads(text)["field"][0]["player_damage"] == 2
    own = canonical(state.serialize_bytes(), game.num_instances)
    assert native_reader(game).read(text) == own
    assert canonical(python_state_from_json(game, text).serialize_bytes(), game.num_instances) == own


def breaks(doc, where, value):
    """The document with the field entry's (or player 1's first hand card's) ``where`` set to ``value``."""
    if where == "field":
        doc["field"][0].update(value)
    else:
        hand = doc["players"][1]["hand"]
        hand[0] = {"card": hand[0], **value}
    return doc


@pytest.mark.parametrize("where, value, rule", [
    ("hand", {"remembered_by": "ref"}, "ZP7"),           # only a card on a Square or in the Resource
    ("field", {"remembered_by": 5}, "ZP"),                # a card reference
    ("field", {"remembered_by": "Nobody #3"}, "ZP5"),     # of this game
    ("field", {"remembered_by": "self"}, "ZP14"),         # by a card with an "at the end of the turn" ability
    ("field", {"player_damage": 9}, "ZP7"),               # at most 8
    ("field", {"player_damage": "1"}, "ZP7"),
    ("hand", {"player_damage": 1}, "ZP7"),                # only a Z/X on a Square
])
def test_bad_remembrances_and_increases_are_refused_by_both_readers(where, value, rule):
    state = remembered_position()
    game = state._game
    doc = json.loads(state.to_json())
    penguin = doc["field"][0]["remembered_by"]
    fixed = {k: (penguin if v == "ref" else doc["field"][0]["card"] if v == "self" else v) for k, v in value.items()}
    broken = breaks(doc, where, fixed)
    for read in (game.state_from_json, lambda d: python_state_from_json(game, d)):
        with pytest.raises(PositionError) as info:
            read(json.dumps(broken))
        assert info.value.rule.startswith(f"zx/state-format {rule}"), str(info.value)
    assert native_reader(game).read(json.dumps(broken)) is None or rule == "ZP14"


CARDS = [ZXCard("Bird", "zx", ("red",), 3, 5000), ZXCard("Vanilla", "zx", ("red",), 2, 3000)]
BACK = AtTurnEnd(ReturnToHand(Each(Remembered())))
PLACE = PlayToSquare(Chosen(Card("hand", type="zx")), Chosen(Square(empty=True)))


@pytest.mark.parametrize("definition, words", [
    (ZXDefinition(Auto(Event.APPEARS, Remember(PLACE))), "has none"),
    (ZXDefinition(BACK), "with a Remember"),
    (ZXDefinition(Auto(Event.APPEARS, Remember(PLACE)), BACK, BACK), "one AtTurnEnd"),
    (ZXDefinition(Auto(Event.APPEARS, Remember(Draw(1))), BACK), "PlayToSquare or a PutIntoResource"),
    (ZXDefinition(FromResource(PowerChange(ZX("yours"), 1000))), "changes Costs"),
    (ZXDefinition(Continuous(Grant(ZX("yours"), Auto(Event.ATTACKS, Remember(PLACE)))), BACK), "granted"),
    (ZXDefinition(Auto(Event.APPEARS, AddPlayerDamage(SELF, 1, duration="while in play"))), "until end of turn"),
])
def test_definitions_the_compiler_refuses(definition, words):
    with pytest.raises(CompileError, match=words):
        compile_tables(CARDS, {0: definition})


def test_appeared_from_names_a_zone_a_zx_appears_from():
    with pytest.raises(CompileError, match="appears from"):
        AppearedFrom("removed")


def test_the_core_refuses_bad_remember_and_delayed_records():
    """REMEMBER's zone is a Square (7) or the Resource (6); an "at the end of the turn" record is one a card, from
    no zone; a Cost change works from a Square or the Resource only (docs/zx/cards.md "Native form")."""
    bird = ZXDefinition(Auto(Event.APPEARS, Remember(PutIntoResource(Chosen(Card("hand"))))),
                        AtTurnEnd(ReturnToHand(Each(Remembered()))))
    cards, decks, tables = core_game(B01_003=bird)
    assert _core.zx.Game(cards, decks, tables=tables).num_players == 2
    code = list(tables["code"])
    at = next(k for k in range(0, len(code), 4) if code[k] == 86)
    bad = list(code)
    bad[at + 2] = 5
    with pytest.raises(GameError, match="REMEMBER"):
        _core.zx.Game(cards, decks, tables={**tables, "code": bad})
    abilities = [list(a) for a in tables["abilities"]]
    k = next(i for i, a in enumerate(abilities) if a[1] == 23)
    for field, value in ((13, 3), (5, 0)):  # a zone; no program
        wrong = [list(a) for a in abilities]
        wrong[k][field] = value
        with pytest.raises(GameError, match="zone|one program"):
            _core.zx.Game(cards, decks, tables={**tables, "abilities": wrong})
    twice = [list(a) for a in abilities]
    twice.insert(k + 1, list(abilities[k]))
    with pytest.raises(GameError, match="one program a card"):
        _core.zx.Game(cards, decks, tables={**tables, "abilities": twice})
    down = ZXDefinition(FromResource(CostChange(ZX("opponents"), -1)))
    cards, decks, tables = core_game(B01_003=down)
    abilities = [list(a) for a in tables["abilities"]]
    k = next(i for i, a in enumerate(abilities) if a[1] == 19)
    assert abilities[k][13] == 3
    abilities[k][13] = 2
    with pytest.raises(GameError, match="bad zone"):
        _core.zx.Game(cards, decks, tables={**tables, "abilities": abilities})



def test_a_remembered_zx_moved_to_another_square_is_the_same_object():
    """Rules.md Z15.320: a move between Squares keeps the remembrance: Artemis, moved from s5 to s4, still goes back
    to the hand at the end of the turn."""
    mover = ZXDefinition(Startup(Cost(("red", 1)), MoveTo(Chosen(ZX("yours", name=ARTEMIS)),
                                                          Chosen(Square(empty=True, normal=True)))))
    state = arrange({}, {"hand": ["B04-012", ARTEMIS], "resource": ["B04-073", *REDS[:3]], "field": {"s7": MOVER}},
                    B01_013=mover)
    act(state, "p0 pass (main)")
    act(state, f"p1 put {name('B04-012')}")
    act(state, "p1 yes (effect-may)")
    act(state, "choose")
    act(state, "choose square s5")
    act(state, f"use the ability of {name(MOVER)}")
    while state.decision() == "ability-pay":
        act(state, "pay with")
    act(state, "on s5")
    act(state, "choose square s4")
    assert on(state, "s5") == -1 and state.card_name(on(state, "s4")) == name(ARTEMIS)
    end_turn(state, 1)
    assert on(state, "s4") == -1 and name(ARTEMIS) in state.names(1, "hand")


def test_a_card_remembered_after_the_end_of_the_turn_triggered_is_forgotten():
    """Rules.md Z15.322: an "at the end of your turn" ability remembering the Z/X it puts onto a Square resolves
    after the End phase's abilities triggered: the remembrance ends with the turn and the Z/X stays."""
    late = ZXDefinition(Auto(Event.TURN_ENDS, Remember(PlayToSquare(Chosen(Card("hand", type="zx")),
                                                                    Chosen(Square(empty=True, normal=True))))),
                        AtTurnEnd(ReturnToHand(Each(Remembered()))))
    state = arrange({"hand": [ARTEMIS], "field": {"s1": BEAR}}, {}, B01_003=late)
    act(state, "p0 pass (main)")
    act(state, "choose")
    act(state, "choose square s5")
    assert state.turn_player == 1 and "remembered_by" not in state.to_json()
    act(state, "p1 pass (resource)")
    end_turn(state, 1)
    assert state.card_name(on(state, "s5")) == name(ARTEMIS)


def test_a_player_damage_increase_adds_to_the_cards_own_player_damage_too():
    """Rules.md Z15.324: the increase counts for damage the card's own ability deals to its owner's opponent (2,
    not 1), and for its attack on the player; the increases of two abilities add."""
    burn = ZXDefinition(Auto(Event.APPEARS, AddPlayerDamage(SELF, 1), DamagePlayer(OPPONENT, 1),
                             AddPlayerDamage(SELF, 1)))
    state = arrange({"hand": [BEAR], "resource": REDS[:2]}, {"life": ["C03-018"] * 8}, B01_003=burn)
    play(state, name(BEAR), "s5")
    while state.decision() != "main":
        act(state, "pick Life card 0" if state.decision() == "damage-life-pick" else "pass")
    assert len(state.zone(1, "life")) == 6
    act(state, "attack from s5 to s8")
    while state.decision() != "main":
        decision = state.decision()
        act(state, "pick Life card 0" if decision == "damage-life-pick" else "from Charge into Trash"
            if decision == "charge-excess" else "pass")
    assert len(state.zone(1, "life")) == 3
