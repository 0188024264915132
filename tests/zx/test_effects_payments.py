"""The Z/X language's payments, states and deck work (docs/zx/cards.md "Payments, states and the deck"): each
block in a real position of the card set first-era, through legal actions, a resolution halfway cloned, serialised
and read back, and the definitions the compiler refuses."""

from __future__ import annotations

import json

import pytest

from tcbg.effects.actions import If
from tcbg.effects.errors import CompileError
from tcbg.effects.refs import Chosen
from tcbg.errors import PositionError
from tcbg.zx.effects.compiler import compile_tables
from tcbg.zx.effects.language import (Card, Destroy, EventDefinition, LifeCard, LookAtTop, Looked, LookedTaken, Pay,
                                      PutIntoCharge, Reboot, Reorder, Several, Sleep, ZX)
from tcbg.zx.game import ZXCard

from .era import act, arrange, damage_on, name, texts

REDS = ["C01-006"] * 7  # red Resource cards (Graceful Crystal, a vanilla 4/6500)
OPP = {"field": {"s7": "C01-006", "s8": "C01-006"}}


def resource(state, player: int) -> list[bool]:
    """Whether each of the player's Resource cards Sleeps, bottom first."""
    return [r["sleeping"] for r in json.loads(state.to_json())["players"][player]["resource"]]


def play(state, number: str, square: str | None = None):
    """Plays a hand card, paying its Cost with the first Resource cards offered."""
    act(state, f"play {name(number)}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def test_a_payment_is_a_yes_or_no_then_the_resource_cards_one_at_a_time():
    """Pay(("red", 2), ...) (B02-014): yes, then two Resource cards Slept one at a time (effect-pay), then what it
    paid for; a decision halfway clones, serialises and reads back, and plays on the same (Z15.143)."""
    state = arrange({"hand": ["B02-014"], "resource": REDS}, OPP)
    play(state, "B02-014", "s1")
    assert state.decision() == "effect-may-pay" and texts(state) == ["p0 pass (effect-may-pay)",
                                                                     "p0 yes (effect-may-pay)"]
    act(state, "yes")
    assert state.decision() == "effect-pay" and len(texts(state)) == 2 and resource(state, 0).count(False) == 2
    act(state, "pay with")
    copies = [state.clone(), state._game.deserialize_state(state.serialize()),
              state._game.state_from_json(state.to_json())]
    for s in [state, *copies]:
        assert s.decision() == "effect-pay" and len(texts(s)) == 1
        act(s, "pay with")
        assert s.decision() == "effect-target" and resource(s, 0) == [True] * 7
        act(s, "choose")
        assert damage_on(s, "s7") == 6000 and s.decision() == "main"


def test_a_position_waiting_for_a_payment_that_cannot_be_made_is_refused():
    """A position document halfway through a payment whose payer has no Reboot Resource card left is not a position
    play can go on from (docs/zx/state-format.md ZP15)."""
    state = arrange({"hand": ["B02-014"], "resource": REDS}, OPP)
    play(state, "B02-014", "s1")
    act(state, "yes")
    doc = json.loads(state.to_json())
    for entry in doc["players"][0]["resource"]:
        entry["sleeping"] = True
    with pytest.raises(PositionError, match="payment that cannot be made"):
        state._game.state_from_json(doc)


def test_a_declined_payment_pays_nothing_and_does_nothing():
    state = arrange({"hand": ["B02-014"], "resource": REDS}, OPP)
    play(state, "B02-014", "s1")
    act(state, "pass (effect-may-pay)")
    assert state.decision() == "main" and resource(state, 0).count(False) == 2 and damage_on(state, "s7") == 0


def test_a_payment_that_cannot_be_paid_is_not_offered():
    """Two Reboot Resource cards, none red: [Red 2] cannot be paid (7.1), so no decision is offered (Z15.143)."""
    state = arrange({"hand": ["B02-014"], "resource": REDS[:5] + ["C03-018", "C03-018"]}, OPP)
    act(state, f"play {name('B02-014')}")
    act(state, "to square s1")
    for _ in range(5):
        act(state, "pay with Graceful")
    assert state.decision() == "main" and damage_on(state, "s7") == 0


def test_the_opponent_pays_and_decides_and_not_paying_is_the_otherwise():
    """Pay(("any", 2), otherwise=..., payer=OPPONENT) (B05-073): the opponent answers and pays with their own
    Resource, any colour; when they decline, the controller chooses what is destroyed."""
    state = arrange({"hand": ["B05-073"], "resource": ["B05-073"] * 6}, {**OPP, "resource": ["C03-018"] * 2})
    play(state, "B05-073", "s1")
    assert state.decision() == "effect-may-pay" and texts(state)[0].startswith("p1 ")
    paid = state.clone()
    act(paid, "p1 yes")
    act(paid, "p1 pay with")
    act(paid, "p1 pay with")
    assert resource(paid, 1) == [True, True] and paid.decision() == "main" and paid.board()[6] >= 0
    act(state, "p1 pass")
    assert state.decision() == "effect-target" and texts(state)[0].startswith("p0 ")
    act(state, "choose Graceful Crystal, Crystal Swan #")
    assert state.board()[6] == -1 and resource(state, 1) == [False, False]


def test_several_chooses_different_cards_one_at_a_time():
    """Sleep(Several(Card("resource", whose="any"), 3)) (B02-057): a card once chosen is not offered again, both
    players' Resource cards may be chosen (Z15.140)."""
    state = arrange({"hand": ["B02-057"], "resource": ["C03-018"]}, {"resource": REDS[:3]})
    play(state, "B02-057")
    offered = texts(state)
    assert len(offered) == 4 and state.decision() == "effect-card"
    chosen = next(t for t in offered if "choose Graceful" in t)
    act(state, chosen)
    assert len(texts(state)) == 3 and chosen not in texts(state)
    act(state, "choose Graceful")
    act(state, "choose Graceful")
    assert state.decision() == "main" and resource(state, 1) == [True, True, True]


def test_several_up_to_stops_when_the_chooser_passes():
    """Several(..., up_to=True) (B03-100): each choice may choose nothing, which ends them (Z12.3)."""
    state = arrange({"hand": ["B03-100"], "resource": ["B03-100"] * 3}, {"resource": REDS[:2]})
    for k in range(2):
        json_doc = json.loads(state.to_json())
        json_doc["players"][1]["resource"][k]["sleeping"] = True
        state = state._game.state_from_json(json_doc)
    play(state, "B03-100")
    assert "p0 pass (effect-card)" in texts(state)
    act(state, "choose Graceful")
    act(state, "pass (effect-card)")
    assert state.decision() == "main" and resource(state, 1).count(False) == 1


def test_look_at_the_top_and_reorder_from_the_lowest_up():
    """LookAtTop(5, Reorder()) (B03-039): each choice is the card to lie lowest of those not yet placed; only the
    top five are offered."""
    top = ["C01-006", "C01-012", "C02-006", "C04-010", "C01-004", "C03-018"]
    state = arrange({"hand": ["B03-039"], "resource": ["B03-039"] * 3, "deck": top}, {})
    play(state, "B03-039")
    offered = {t.split("choose ")[1].split(" #")[0] for t in texts(state)}
    assert offered == {name(n) for n in top[:5]}
    for number in ["C01-006", "C01-012", "C02-006", "C04-010"]:  # the old top goes lowest, and so on
        act(state, f"choose {name(number)}")
    assert state.decision() == "main"
    # bottom first: the sixth card untouched, then the old top (chosen first) lowest ... the unchosen fifth on top
    assert [d.split(" #")[0] for d in state.names(0, "deck")[-6:]] == [name(n) for n in [top[5]] + top[:5]]


def test_damage_to_a_player_is_processed_as_battle_damage():
    """DamagePlayer(OPPONENT, 2) (B01-103): two Life picks by the damaged player's opponent (Z15.146)."""
    state = arrange({"field": {"s1": "B01-103"}, "charge": ["C03-018"] * 7}, {})
    act(state, "use the ability of")
    for _ in range(7):
        act(state, "from Charge into Trash")
    assert state.decision() == "damage-life-pick" and texts(state)[0].startswith("p0 pick Life card")
    act(state, "pick Life card 0")
    assert state.decision() == "damage-life-pick"
    act(state, "pick Life card 0")
    assert state.decision() == "main" and len(state.names(1, "life")) == 2 and len(state.names(1, "charge")) == 2


def test_mill_triggers_evol_seed():
    """Mill(3) (B04-037): a card put from the deck into Trash triggers its Evol Seed (Z15.147, Z12.9)."""
    state = arrange({"hand": ["B04-037"], "resource": ["B04-037"], "deck": ["C01-012", "C01-007"]}, OPP)
    play(state, "B04-037")
    assert len(state.names(0, "trash")) == 4 and name("C01-007") in " ".join(state.names(0, "trash"))
    assert state.decision() == "effect-target"  # Kintoki's Evol Seed: 3000 damage
    act(state, "choose")
    assert damage_on(state, "s7") == 3000


CARDS = [ZXCard("Spark", "event", ("red",), 1)]


@pytest.mark.parametrize("definition, words", [
    (EventDefinition(PutIntoCharge(Chosen(Looked()))), "inside its effects"),
    (EventDefinition(Reorder()), "inside its effects"),
    (EventDefinition(Sleep(Several(Card("resource"), 9))), "from 1 to 8"),
    (EventDefinition(Pay(("purple", 1))), "colour must be one of"),
    (EventDefinition(Pay(("red", 21))), "1 to 20"),
    (EventDefinition(LookAtTop(3, rest="side")), "rest must be"),
    (EventDefinition(PutIntoCharge(Chosen(LifeCard("any")))), "one player's Life"),
    (EventDefinition(If(LookedTaken() >= 1, Destroy(Chosen(ZX())))), "inside its effects"),
    (EventDefinition(LookAtTop(3, Reboot(Several(Looked(), 2)))), "without a reference of its own"),
])
def test_definitions_the_compiler_refuses(definition, words):
    with pytest.raises(CompileError, match=words):
        compile_tables(CARDS, {0: definition})


def test_a_life_card_chosen_by_position_clones_and_reads_back():
    """Chosen(LifeCard("yours"), chooser=OPPONENT) (B05-066): the opponent picks a position from the top
    (effect-life-pick), never a named card; the decision halfway is a position like any other."""
    state = arrange({"hand": ["B05-066"], "resource": ["B05-073"] * 4}, {})
    play(state, "B05-066", "s1")
    act(state, "yes (effect-may)")
    for s in (state, state.clone(), state._game.deserialize_state(state.serialize())):
        assert s.decision() == "effect-life-pick" and texts(s)[-1] == "p1 pick Life card 3 (from the top)"
        act(s, "p1 pick Life card 3")
        assert len(s.names(0, "life")) == 3 and len(s.names(0, "charge")) == 2


def test_the_disassembly_names_the_new_instructions():
    text = compile_tables(CARDS, {0: EventDefinition(Pay(("red", 2), Sleep(Several(Card("resource"), 2))))})
    listing = text.disassemble(0)
    assert "PAY r5, r4, 2 (red)" in listing and "SLEEP r14" in listing and "not chosen" in listing
