"""The B05 cards whose abilities read what caused their event (docs/zx/cards.md "The language": ``at_event``,
``EVENT_CAUSE``), in real positions of the set first-era (rules.md Z15.185, Z15.186). Every ruling of a card is
cited as ``Ruling B05-0NN Qk``."""

from __future__ import annotations

from ..era import act, arrange, name, on

BLACKS = ["B02-067"] * 8  # Bone Knight, Skeletal Knight: vanilla black 3/5000
FILLER = "C03-018"


def play(state, card: str, square: str | None = None):
    act(state, f"play {card}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def bare(names):
    return [n.split(" #")[0] for n in names]


def test_b05_061_memoria_destroyed_by_your_own_feles_may_charge_the_top_card():
    """Ruling B05-061 Q1: your B05-073 Feles appears, your opponent cannot pay, you destroy your own Memoria with its
    ability: Memoria's ability waits, and you may put the top card of your deck into your Charge."""
    state = arrange({"hand": ["B05-073"], "resource": BLACKS[:6], "field": {"s4": "B05-061"}, "deck": [FILLER]}, {})
    play(state, "Demon of the Box", "s5")
    act(state, "on s4")
    assert on(state, "s4") == -1 and state.decision() == "effect-may"
    act(state, "yes")
    assert sorted(bare(state.names(0, "charge"))) == sorted([name("B05-061"), name(FILLER)])


def test_b05_061_not_by_the_opponents_demon_nor_by_a_battle():
    """Destroyed by your opponent's Feles, or by an attack: nothing waits (rules.md Z15.186)."""
    theirs = arrange({"field": {"s4": "B05-061"}}, {"hand": ["B05-073"], "resource": BLACKS[:6]}, turn_player=1)
    play(theirs, "Demon of the Box", "s9")
    act(theirs, "on s4")
    assert on(theirs, "s4") == -1 and theirs.decision() == "main" and bare(theirs.names(0, "charge")) == [
        name("B05-061")]
    battle = arrange({"field": {"s4": "B05-061"}}, {"field": {"s5": FILLER}}, turn_player=1)
    act(battle, "attack from s5 to s4")
    while battle.decision() == "battle-event":
        act(battle, "pass (battle-event)")
    assert on(battle, "s4") == -1 and battle.decision() == "main"
