"""Grants and restrictions (docs/zx/cards.md "Grants and restrictions"): keywords had by a continuous ability or
gained until end of turn, Freeze, restrictions, abilities one Z/X gives others, startup abilities used from the hand
or the Resource; their positions read back by both readers, and the compiler's refusals. Cards of the test table
(tests/zx/scenario.py) given definitions, in real games."""

from __future__ import annotations

import json

import pytest

from tcbg.effects.refs import SELF, Chosen
from tcbg.effects.values import Matches
from tcbg.errors import GameError, PositionError
from tcbg.zx.effects.language import (THIS, ZX, AddPower, Auto, Card, Continuous, Cost, DealDamage, Event,
                                      EventDefinition, Freeze, GainKeyword, Grant, HasKeyword, Player, PlayerCardIs,
                                      PlayToSquare, Restriction, Sleep, Square, Startup, ZXDefinition)
from tcbg.zx.position import native_reader, python_state_from_json

from .scenario import act, filler, game, layout, play_zx, start, texts

P0 = layout(["Spark", "Vanilla", "Big", "Archer"], ["Big"] * 4, ["Vanilla", "Vanilla"], filler(30, "Tiny"))
P1 = layout(["Big"] * 4, ["Big"] * 4, ["Big"] * 2, filler(30, "Tiny"))


def reads_back(state):
    """Both readers read the position's document back into the same position."""
    doc = state.to_json()
    assert state._game.state_from_json(json.loads(doc)).to_json() == doc
    assert python_state_from_json(state._game, json.loads(doc)).to_json() == doc
    assert native_reader(state._game).read(doc) is not None


def started(p0=P0, p1=P1, **definitions):
    return start(game(p0, p1, definitions=definitions, player=("Hero", "Hero")).new_initial_state(0))


def attacks(state):
    return sorted(t.split("attack from ")[1].split(" (")[0] for t in texts(state) if "attack from" in t)


def test_gain_keyword_lasts_until_end_of_turn_and_reads_back():
    """GainKeyword(zx, "range-2") is GRANT: the Z/X attacks at distance 2 this turn only; the position says so."""
    state = started(Spark=EventDefinition(GainKeyword(Chosen(ZX("yours")), "range-2")))
    play_zx(state, "Vanilla", "s1")
    act(state, "play Spark")
    act(state, "pay with")
    act(state, "on s1")
    assert json.loads(state.to_json())["field"][0]["keywords"] == ["range-2"]
    reads_back(state)
    doc = json.loads(state.to_json())
    doc["players"][0]["hand"][0]["keywords"] = ["range-2"]
    with pytest.raises(PositionError, match="on a Square"):
        python_state_from_json(state._game, doc)
    act(state, "pass (main)")
    assert "keywords" not in state.to_json()


def test_has_keyword_isolate_under_a_player_card_condition():
    """Continuous(HasKeyword(THIS, "isolate"), PlayerCardIs(...)): no effect chooses it while on a Square; with
    another Player card it is chosen."""
    hermit = ZXDefinition(Continuous(HasKeyword(THIS, "isolate"), PlayerCardIs("Hero")))
    spark = EventDefinition(DealDamage(Chosen(ZX()), 1000))
    state = started(Vanilla=hermit, Spark=spark)
    play_zx(state, "Vanilla", "s1")
    act(state, "play Spark")
    act(state, "pay with")
    assert state.decision() == "main"  # nothing to choose: done as far as possible


def test_freeze_reads_back_and_ends_with_that_reboot_phase():
    state = started(Spark=EventDefinition(Sleep(Chosen(ZX("yours"))), Freeze(Chosen(ZX("yours")))))
    play_zx(state, "Vanilla", "s1")
    act(state, "play Spark")
    act(state, "pay with")
    act(state, "on s1")
    act(state, "on s1")
    assert json.loads(state.to_json())["field"][0]["frozen"] is True
    reads_back(state)
    act(state, "pass (main)")
    assert '"frozen"' in state.to_json()  # kept past the end of the turn


def test_restriction_attack():
    """Restriction("attack", ZX(...)) keeps those Z/X from attacking while its card is on a Square."""
    blue = layout(["Spark", "Vanilla", "Big", "Archer"], ["Big"] * 4, ["Archer", "Archer"], filler(30, "Tiny"))
    state = started(blue)
    play_zx(state, "Archer", "s2")
    assert attacks(state) == ["s2 to s8"]
    state = started(blue, Archer=ZXDefinition(Continuous(Restriction("attack", ZX("yours")))))
    play_zx(state, "Archer", "s2")
    assert attacks(state) == []


def test_grant_of_a_startup_to_other_zx_and_to_itself():
    """Grant(ZX("yours"), Startup(...)): each of your Z/X on Squares has the ability; SELF is the one using it."""
    big = ZXDefinition(Continuous(Grant(ZX("yours"), Startup(Cost(sleep=True), AddPower(SELF, 1000)))))
    state = started(Big=big)
    play_zx(state, "Vanilla", "s1")
    assert [t for t in texts(state) if "use the ability" in t] == []  # no Big on a Square
    state = started(Vanilla=big)
    play_zx(state, "Vanilla", "s1")
    assert len([t for t in texts(state) if "use the ability" in t]) == 1
    act(state, "use the ability of Vanilla")
    assert state.instance(state.board()[0])["power"] == 4000 and state.instance(state.board()[0])["sleeping"]


def test_startup_from_the_hand():
    """Startup(..., zone="hand"): used while the card is in the hand."""
    spark_hand = ZXDefinition(Startup(Cost(("red", 1)), PlayToSquare(SELF, Chosen(Square(empty=True))), zone="hand"))
    state = started(Vanilla=spark_hand)
    users = [t for t in texts(state) if "use the ability" in t]
    assert len(users) == 1
    act(state, "use the ability of Vanilla")
    act(state, "pay with")
    act(state, "choose square s5")
    assert state.card_name(state.board()[4]).startswith("Vanilla")


@pytest.mark.parametrize("definition, words", [
    (ZXDefinition(Continuous(HasKeyword(THIS, "flying"))), "keyword must be one of"),
    (ZXDefinition(Continuous(HasKeyword(Player("yours"), "range-2"))), r"a ZX\(\.\.\.\) filter"),
    (ZXDefinition(Continuous(Restriction("attack", Player("yours")))), "binds the Z/X"),
    (ZXDefinition(Continuous(Restriction("appear_on_player_square"), PlayerCardIs("Hero"))), "always"),
    (ZXDefinition(Continuous(Grant(ZX("yours"), Auto(Event.APPEARS, AddPower(SELF, 1), subject=ZX("yours"))))),
     "subject SELF"),
    (ZXDefinition(Continuous(Grant(ZX("yours"), Startup(Cost(("red", 1)), AddPower(SELF, 1), zone="hand")))),
     "from the Square"),
    (ZXDefinition(Startup(Cost(("red", 1)), AddPower(SELF, 1), zone="deck")), "zone is"),
    (EventDefinition(GainKeyword(Chosen(ZX()), "range-3")), "keyword must be one of"),
])
def test_compiler_refusals(definition, words):
    with pytest.raises(GameError, match=words):
        game(P0, P1, definitions={"Vanilla" if isinstance(definition, ZXDefinition) else "Spark": definition})


def test_disassembly_names_grants():
    g = game(P0, P1, definitions={"Big": ZXDefinition(
        Continuous(HasKeyword(ZX("yours"), "range-2"), ~Matches(SELF, ZX(ignition=True))),
        Continuous(Grant(ZX("yours"), Auto(Event.ATTACKS, AddPower(SELF, 1000)))),
        Continuous(Restriction("be_dealt_damage", Player("yours"))))})
    text = g.disassemble("Big")
    assert "continuous keyword range-2 of f" in text and "grant of f" in text
    assert "auto when ATTACKS (granted)" in text and "restriction be_dealt_damage of f" in text


def test_once_per_turn():
    """Startup(..., once_per_turn=True): used once, then not offered until the next turn; the mark reads back."""
    pump = ZXDefinition(Startup(Cost(), AddPower(SELF, 1000), once_per_turn=True))
    state = started(Vanilla=pump)
    play_zx(state, "Vanilla", "s1")
    act(state, "use the ability of Vanilla")
    assert state.instance(state.board()[0])["power"] == 4000
    assert not any("use the ability" in t for t in texts(state)) and '"used_once": true' in state.to_json()
    reads_back(state)
    act(state, "pass (main)")
    assert "used_once" not in state.to_json()
    while state.decision() != "main" or state.current_player() != 0:
        act(state, "pass")
    assert any("use the ability of Vanilla" in t for t in texts(state))


def test_once_per_turn_refusals():
    twice = ZXDefinition(Startup(Cost(), AddPower(SELF, 1), once_per_turn=True),
                         Startup(Cost(), AddPower(SELF, 2), once_per_turn=True))
    with pytest.raises(GameError, match="one 'only once per turn'"):
        game(P0, P1, definitions={"Vanilla": twice})
    with pytest.raises(GameError, match="from its Square"):
        game(P0, P1, definitions={"Vanilla": ZXDefinition(Startup(Cost(), AddPower(SELF, 1), from_charge=True,
                                                                  once_per_turn=True))})


def test_restriction_be_dealt_damage_stops_an_effects_damage():
    """Restriction("be_dealt_damage", Player(...)): an effect's player damage (PLAYER_DAMAGE) is not dealt either,
    while the card is on a Square."""
    from tcbg.zx.effects.language import OPPONENT, DamagePlayer

    spark = EventDefinition(DamagePlayer(OPPONENT, 1))
    state = started(Spark=spark, Vanilla=ZXDefinition(Continuous(Restriction("be_dealt_damage", Player("opponents")))))
    play_zx(state, "Vanilla", "s1")
    act(state, "play Spark")
    act(state, "pay with")
    assert state.decision() == "main" and len(state.zone(1, "life")) == 4
    state = started(Spark=spark)
    act(state, "play Spark")
    act(state, "pay with")
    assert state.decision() == "damage-life-pick"


def test_cannot_appear_on_a_player_square_is_put_there_by_no_effect_but_may_be_moved():
    """Restriction("appear_on_player_square") (rules.md Z15.164): a placement from the hand never offers a Player
    Square; a move from its Square may take its controller's."""
    from tcbg.zx.effects.language import MoveTo

    asagi = ZXDefinition(Continuous(Restriction("appear_on_player_square")))
    place = EventDefinition(PlayToSquare(Chosen(Card("hand", type="zx")), Chosen(Square(empty=True))))
    state = started(Spark=place, Big=asagi)
    act(state, "play Spark")
    act(state, "pay with")
    act(state, "choose Big")
    assert sorted(t.rsplit(" ", 1)[1] for t in texts(state) if "square" in t) == ["s1", "s3", "s4", "s5", "s6",
                                                                                   "s7", "s9"]
    move = EventDefinition(MoveTo(Chosen(ZX("yours")), Chosen(Square(empty=True))))
    state = started(Spark=move, Vanilla=asagi)
    play_zx(state, "Vanilla", "s1")
    act(state, "play Spark")
    act(state, "pay with")
    act(state, "on s1")
    assert "s2" in [t.rsplit(" ", 1)[1] for t in texts(state) if "square" in t]
