"""The B03 cards of a race's battle wins, an Evol Seed that pays to appear, and a card appearing from the Resource,
in real positions of the set first-era, through legal actions (docs/zx/cards.md, rules.md section 15)."""

from __future__ import annotations

import json

from ..era import FILLER, act, arrange, name, on
from .test_b01_combos import CHEAP, FOUR, attack, empty_squares, pass_battle, pay_all
from .test_b03 import reveal, to_ignition

BLACKS = ["B01-068"] * 7  # Full-Swing Hitter, Sting Beat: black Undead 4/6500, vanilla
MID = "C01-006"           # Graceful Crystal, Crystal Swan: red 4/6500, vanilla
DECK = ["B01-003", "B01-030"]  # the top of player 0's deck


def test_b03_070_dullahan_mills_two_when_an_undead_of_yours_wins_a_battle():
    """When one of your Undead destroys an opponent's Z/X by battle, put the top 2 cards of your deck into your
    Trash: another Undead's win counts, this card's own too; a win of a Z/X of another race does not."""
    state = arrange({"field": {"s1": "B03-070", "s5": "B01-068"}, "deck": DECK}, {"field": {"s8": CHEAP}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and sorted(state.names(0, "trash")) == sorted(name(n) for n in DECK)
    itself = arrange({"field": {"s1": "B03-070"}, "deck": DECK}, {"field": {"s4": CHEAP}})
    attack(itself, "s1", "s4")
    pass_battle(itself)
    assert len(itself.names(0, "trash")) == 2
    other = arrange({"field": {"s1": "B03-070", "s5": FOUR}, "deck": DECK}, {"field": {"s8": CHEAP}})
    attack(other, "s5", "s8")
    pass_battle(other)
    assert on(other, "s8") == -1 and other.names(0, "trash") == []


def test_b03_074_monomachia_evol_seed_may_pay_black_6_to_appear():
    """Evol Seed: you may pay [Black 6]; if you did, this card appears, in Reboot, on an empty Square other than your
    opponent's Player Square."""
    state = reveal({}, {"resource": BLACKS[:6]}, "B03-074")
    assert state.decision() == "effect-may-pay"
    act(state, "p1 yes")
    pay_all(state)
    assert empty_squares(state) == ["s1", "s3", "s4", "s5", "s6", "s7", "s8", "s9"]  # not s2, the opponent's
    act(state, "choose square s5")
    assert state.card_name(on(state, "s5")) == name("B03-074") and not state.instance(on(state, "s5"))["sleeping"]
    declined = reveal({}, {"resource": BLACKS[:6]}, "B03-074")
    act(declined, "p1 pass")
    assert name("B03-074") in declined.names(1, "trash")
    poor = reveal({}, {"resource": BLACKS[:5]}, "B03-074")
    assert poor.decision() != "effect-may-pay" and name("B03-074") in poor.names(1, "trash")


def test_b03_074_evol_seed_after_the_reload_cannot_play_it():
    """Ruling B03-074 Q1: the Ignition reveals Monomachia as the deck's last card: the deck is rebuilt first (the
    Trash, this card with it, into a new deck), so when the Evol Seed resolves the card is not in the Trash and
    [Black 6] is not even offered (Z15.201)."""
    state = arrange({}, {"charge": [MID], "resource": BLACKS[:6], "deck": [FILLER, FILLER, "B03-074"]})
    doc = json.loads(state.to_json())
    deck = doc["players"][1]["deck"]
    doc["players"][1]["trash"] += deck[:-3]
    doc["players"][1]["deck"] = deck[-3:]
    state = state._game.state_from_json(doc)
    to_ignition(state)
    act(state, f"p1 ignite with {name(MID)}")
    assert state.decision() == "reload-life-pick"
    act(state, "p0 pick Life card 0")
    assert state.decision() == "ignition"  # no payment was asked: the card is in the rebuilt deck
    assert state.names(1, "trash") == [] and not [s for s in ("s5", "s7", "s9") if on(state, s) != -1]


def into_resource(state, number: str):
    """Player 0 ends turn 1; player 1 puts ``number`` from hand into their Resource in their Resource phase."""
    act(state, "p0 pass (main)")
    act(state, f"p1 put {name(number)}")


def test_b03_092_great_hercules_may_appear_sleeping_from_the_resource_with_tacitus():
    """Put into your Resource, with Tacitus there: you may have this card appear, Sleeping, on an empty Normal
    Square, from the Resource (Z15.201); without Tacitus nothing is asked."""
    state = arrange({}, {"hand": ["B03-092"], "resource": ["B03-069"], "field": {"s5": MID}})
    into_resource(state, "B03-092")
    assert state.decision() == "effect-may"
    act(state, "p1 yes")
    assert empty_squares(state) == ["s1", "s3", "s4", "s6", "s7", "s9"]
    act(state, "choose square s7")
    assert state.card_name(on(state, "s7")) == name("B03-092") and state.instance(on(state, "s7"))["sleeping"]
    assert state.names(1, "resource") == [name("B03-069")]
    alone = arrange({}, {"hand": ["B03-092"], "resource": [MID]})
    into_resource(alone, "B03-092")
    assert alone.decision() != "effect-may" and name("B03-092") in alone.names(1, "resource")
