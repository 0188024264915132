"""B02 cards of the wave-3 blocks: an attacker that deals no damage in its battle (``NoBattleDamage``, rules.md
Z15.345) and the Square where a destroyed Z/X was (``DESTROYED_SQUARE``, Z15.347), in real positions of the set
first-era, through legal actions."""

from __future__ import annotations

import json

import pytest

import tcbg
from tcbg.effects.errors import CompileError
from tcbg.effects.refs import Chosen
from tcbg.zx.effects.compiler import compile_tables
from tcbg.zx.effects.language import (DESTROYED_SQUARE, ZX, Auto, Card, ColourChange, Continuous, Cost, Draw, Event,
                                      PlayToSquare, Startup, ZXDefinition)
from tcbg.zx.game import ZXCard

from ..era import act, arrange, attack, name, on, pass_battle, texts

SHORTHAIR = "B02-051"  # Accessory-Selling Shorthair: white Cait Sith 5/6000
SIAMESE = "B01-044"    # Pot-Selling Siamese: white Cait Sith 3/5000, vanilla
STEEL = "B01-016"      # Unyielding Steel, Steel Leopard: red Gigantic 6/9500, vanilla
TECHNETIUM = "B01-024"  # Steel Castle, Technetium: blue Metal Fortress 3/5000 (not a Cait Sith)


def cait_sith_attacked(target=SIAMESE, resource=2):
    state = arrange({"field": {"s6": STEEL}, "resource": [STEEL] * resource},
                    {"field": {"s7": SHORTHAIR, "s9": target}})
    attack(state, "s6", "s9")
    return state


def resolve_next(state):
    """With two abilities waiting, the first offered resolves next."""
    if state.decision() == "trigger-order":
        act(state, texts(state)[0].split(" ", 1)[1])


def no_battle_damage(state, square: str) -> bool:
    return state.instance(on(state, square))["no_battle_damage"]


def test_b02_051_unpaid_the_attacker_deals_no_damage_in_that_battle():
    """When one of your Cait Sith Z/X is attacked, your opponent (the attacker's player) may pay [Colourless 1]; not
    paid, the attacking Z/X deals no damage in battle: the 5000 Siamese survives the 9500 attacker, whose mark ends
    with the battle (Z15.345)."""
    state = cait_sith_attacked()
    assert state.decision() == "effect-may-pay" and state.current_player() == 0
    act(state, "pass (effect-may-pay)")
    assert no_battle_damage(state, "s6")
    pass_battle(state)
    assert state.decision() == "main" and state.instance(on(state, "s9"))["damage"] == 0
    assert state.card_name(on(state, "s9")) == name(SIAMESE) and not no_battle_damage(state, "s6")


def test_b02_051_paid_the_attacker_deals_its_damage():
    """Paid with one Resource card, the attacker deals its damage and destroys the Siamese."""
    state = cait_sith_attacked()
    act(state, "yes (effect-may-pay)")
    act(state, "pay with")
    assert not no_battle_damage(state, "s6")
    pass_battle(state)
    assert name(SIAMESE) in state.names(1, "charge")
    assert sum(r["sleeping"] for r in json.loads(state.to_json())["players"][0]["resource"]) == 1


def test_b02_051_cannot_pay_deals_no_damage_and_a_non_cait_sith_is_not_watched():
    """With no Resource card to pay, the attacker deals no damage; a Z/X that is not a Cait Sith attacked asks for
    nothing and takes the damage; the attacker's own player's Shorthair does not watch its own player's attacks."""
    broke = cait_sith_attacked(resource=0)
    assert broke.decision() == "battle-event" and no_battle_damage(broke, "s6")
    pass_battle(broke)
    assert broke.instance(on(broke, "s9"))["damage"] == 0
    other = cait_sith_attacked(target=TECHNETIUM)
    assert other.decision() == "battle-event" and not no_battle_damage(other, "s6")
    own = arrange({"field": {"s6": STEEL, "s4": SHORTHAIR}, "resource": [STEEL]}, {"field": {"s9": SIAMESE}})
    attack(own, "s6", "s9")
    assert own.decision() == "battle-event" and not no_battle_damage(own, "s6")


def test_b02_051_ruling_q1_two_shorthairs_two_payments():
    """Ruling B02-051 Q1: attacking one of two Shorthairs, the attacker's player must pay [Colourless 1] once per
    Shorthair for the attacker to deal damage: both paid, the attacked Shorthair is destroyed; one paid and one
    declined, it deals none."""
    def two():
        state = arrange({"field": {"s6": STEEL}, "resource": [STEEL] * 3},
                        {"field": {"s7": SHORTHAIR, "s9": SHORTHAIR}})
        attack(state, "s6", "s9")
        return state

    both = two()
    for _ in range(2):
        resolve_next(both)
        act(both, "yes (effect-may-pay)")
        act(both, "pay with")
    pass_battle(both)
    assert name(SHORTHAIR) in both.names(1, "charge")
    assert sum(r["sleeping"] for r in json.loads(both.to_json())["players"][0]["resource"]) == 2
    once = two()
    resolve_next(once)
    act(once, "yes (effect-may-pay)")
    act(once, "pay with")
    resolve_next(once)
    act(once, "pass (effect-may-pay)")
    pass_battle(once)
    assert once.instance(on(once, "s9"))["damage"] == 0 and name(SHORTHAIR) not in once.names(1, "charge")


def test_no_battle_damage_round_trips_and_only_on_the_attacker_of_a_battle():
    """The mark is part of the position (``no_battle_damage``, state-format.md ZP7): mid-battle it reads back the
    same; on a Z/X attacking in no battle, or off the Squares, the document is refused with a typed error."""
    state = cait_sith_attacked()
    act(state, "pass (effect-may-pay)")
    again = state._game.state_from_json(json.loads(state.to_json()))
    assert again.to_json() == state.to_json()
    pass_battle(again)
    assert again.instance(on(again, "s9"))["damage"] == 0
    wrong = json.loads(state.to_json())
    for entry in wrong["field"]:
        if entry["square"] == "s7":
            entry["no_battle_damage"] = True
    with pytest.raises(tcbg.TcbgError):
        state._game.state_from_json(wrong)
    state.concede(1)  # a game ended during the battle keeps the mark, and reads back
    assert state._game.state_from_json(json.loads(state.to_json())).to_json() == state.to_json()
    off = json.loads(state.to_json())
    off["players"][0]["resource"][0]["no_battle_damage"] = True
    with pytest.raises(tcbg.TcbgError, match="no_battle_damage"):
        state._game.state_from_json(off)


DENEB = "B02-024"       # Thunderbolt, Deneb: blue Battle Suit 3/3000
CRUSH = "B05-026"       # Crushing Machine, Crush: blue Z/X of Cost 4
LAELAPS = "B01-001"     # Hound of Fate, Laelaps: red Z/X of Cost 2
NARASIMHA = "B02-053"   # Holy Beast, Aura Narasimha: white 5/6500, -4000 to an opposing Z/X when it destroys in battle
SHARD = "B05-017"       # Shard Burst: destroy one of your Z/X; if you did, 7000 damage to a Z/X on a Normal Square


def deneb_destroyed_in_battle():
    state = arrange({"field": {"s6": STEEL}}, {"field": {"s9": DENEB}, "hand": [TECHNETIUM, CRUSH, LAELAPS]})
    attack(state, "s6", "s9")
    pass_battle(state)
    return state


def test_b02_024_a_blue_zx_of_cost_3_or_less_appears_sleeping_where_deneb_was():
    """When this card is destroyed (by battle here), its player may choose a blue Z/X of Cost 3 or less of their
    hand: only Technetium is offered (not the blue 4-Cost Crush, not the red Laelaps), and it appears Sleeping on the
    Square where Deneb was, with its appearance marked (Z15.347)."""
    state = deneb_destroyed_in_battle()
    assert state.decision() == "effect-card" and state.current_player() == 1
    assert [t.split("choose ")[1].split(" #")[0] for t in texts(state) if "choose" in t] == [name(TECHNETIUM)]
    act(state, f"choose {name(TECHNETIUM)}")
    s9 = state.instance(on(state, "s9"))
    assert state.card_name(on(state, "s9")) == name(TECHNETIUM) and s9["sleeping"] and s9["appeared"]
    assert name(DENEB) in state.names(1, "charge") and name(TECHNETIUM) not in state.names(1, "hand")


def test_b02_024_you_may_decline_and_a_destruction_by_an_ability_reads_the_square_too():
    """"You may": passing leaves the Square empty and the hand whole. Destroyed by an ability (its own player's
    Shard Burst), the Square it was on is read the same: Technetium appears Sleeping on s4."""
    declined = deneb_destroyed_in_battle()
    act(declined, "pass (effect-card)")
    assert on(declined, "s9") == -1 and name(TECHNETIUM) in declined.names(1, "hand")
    state = arrange({"field": {"s4": DENEB}, "hand": [SHARD, TECHNETIUM], "resource": [STEEL]},
                    {"field": {"s7": STEEL}})
    act(state, f"play {name(SHARD)}")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "choose")  # its player's only Z/X, Deneb
    act(state, "choose")  # 7000 damage to the Steel Leopard
    assert state.instance(on(state, "s7"))["damage"] == 7000
    act(state, f"choose {name(TECHNETIUM)}")
    assert state.card_name(on(state, "s4")) == name(TECHNETIUM) and state.instance(on(state, "s4"))["sleeping"]


def test_b02_024_nothing_appears_when_the_square_has_a_zx_again():
    """"If that Square has no Z/X": read when the ability resolves. Deneb's ability waits beside the attacker's
    (Narasimha's); in that position a Z/X stands on Deneb's Square again, so no card is offered and Technetium stays
    in the hand, and the Z/X on the Square is untouched."""
    state = arrange({"field": {"s6": NARASIMHA, "s1": STEEL}},
                    {"field": {"s9": DENEB, "s8": STEEL}, "hand": [TECHNETIUM]})
    attack(state, "s6", "s9")
    pass_battle(state)
    assert state.decision() == "trigger-order"
    doc = json.loads(state.to_json())
    filler = doc["players"][1]["deck"].pop()
    doc["field"].append({"square": "s9", "card": filler})
    back = state._game.state_from_json(doc)
    act(back, f"resolve the ability of {name(DENEB)}")
    assert not [t for t in texts(back) if "(hand)" in t]
    assert name(TECHNETIUM) in back.names(1, "hand") and back.card_name(on(back, "s9")) == filler.split(" #")[0]


@pytest.mark.parametrize("definition, words", [
    (ZXDefinition(Auto(Event.APPEARS, PlayToSquare(Chosen(Card("hand")), DESTROYED_SQUARE))), "DESTROYED"),
    (ZXDefinition(Startup(Cost(("red", 1), sleep_zx_count=2), Draw(1))), "sleep_zx_count"),
    (ZXDefinition(Startup(Cost(sleep_zx=ZX("yours"), sleep_zx_count=17), Draw(1))), "sleep_zx_count"),
    (ZXDefinition(Continuous(ColourChange(("resource", "field"), "all"))), "zones"),
    (ZXDefinition(Continuous(ColourChange(("trash",), "purple"))), "colour"),
    (ZXDefinition(Continuous(ColourChange(("trash",))), Continuous(ColourChange(("resource",)))), "one ColourChange"),
])
def test_the_wave_blocks_refuse_what_they_cannot_say(definition, words):
    """The Square where a Z/X was is read only by a destruction's ability; several Z/X to Sleep need their filter
    (1 to 16); a colour change names zones a card can be in, known colours, and is one a card."""
    with pytest.raises(CompileError, match=words):
        compile_tables([ZXCard("Bear", "zx", ("red",), 2, 3000)], {0: definition})
