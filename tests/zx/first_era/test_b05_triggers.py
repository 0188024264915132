"""The B05 cards whose abilities read what caused their event (docs/zx/cards.md "The language": ``at_event``,
``EVENT_CAUSE``), in real positions of the set first-era (rules.md Z15.185, Z15.186). Every ruling of a card is
cited as ``Ruling B05-0NN Qk``."""

from __future__ import annotations

from ..era import act, arrange, bare, name, on, play

BLACKS = ["B02-067"] * 8  # Bone Knight, Skeletal Knight: vanilla black 3/5000
FILLER = "C03-018"


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


BLUES = ["B02-025"] * 8  # Windmill Transformer, Fermium: vanilla blue 3/5000
MIZAR, TECHNETIUM = "B05-034", "B05-030"


def test_b05_034_mizar_gets_2000_for_each_card_drawn():
    """"When you draw cards", +2000 for each card drawn: B02-039's draw of 2 gives +4000 (one event, rules.md
    Z15.188); the opponent's draw gives nothing."""
    state = arrange({"hand": ["B02-039"], "resource": BLUES[:3], "field": {"s3": MIZAR}}, {"field": {"s7": MIZAR}})
    play(state, "Boy Meets Justice")
    assert state.decision() == "main" and len(state.names(0, "hand")) == 2
    assert state.instance(on(state, "s3"))["power"] == 9000 + 4000 and state.instance(on(state, "s7"))["power"] == 9000


def test_b05_034_the_turns_draw_counts():
    """The turn's draw of 2 (CR 503.3) is a draw: player 1's Mizar gets +4000 in player 1's turn."""
    state = arrange({}, {"field": {"s7": MIZAR}})
    act(state, "pass (main)")
    while state.decision() not in ("resource", "main", "ignition") or state.current_player() != 1:
        act(state, "pass")
    assert state.instance(on(state, "s7"))["power"] == 9000 + 4000


def test_b05_030_technetium_returns_to_hand_and_mizar_gets_nothing():
    """Ruling B05-030 Q1 (also Ruling B05-034 Q1): your Technetium destroyed (B01-020's 8000) returns to your hand
    instead of your Charge; returning to the hand is not drawing: Mizar gets no +2000."""
    reds = ["B02-006"] * 4
    state = arrange({"hand": ["B01-020"], "resource": reds, "field": {"s3": MIZAR, "s4": TECHNETIUM}}, {})
    play(state, "Main Cannon")
    act(state, "on s4")
    assert on(state, "s4") == -1 and bare(state.names(0, "hand")) == [name(TECHNETIUM)]
    assert state.names(0, "charge") == [] and state.instance(on(state, "s3"))["power"] == 9000


EVERY_COST = ["B01-037", "B03-001", "B02-006", "B02-011", "B02-013", FILLER, "B02-016", "B02-036", "B03-097"]


def test_b05_103_with_every_cost_deals_1_damage_and_renews_the_resource():
    """A Resource of Costs 1 to 9: 1 damage to your opponent, then the 9 Resource cards into the deck, shuffled, and
    9 cards from its top into the Resource, Sleeping (rules.md Z15.189)."""
    state = arrange({"hand": ["B05-103"], "resource": EVERY_COST}, {})
    act(state, "play Wereantler")
    act(state, "to square s4")
    while state.decision() == "pay":
        act(state, "pay with")
    while state.decision() != "main":
        act(state, "pick Life card 0" if "life" in state.decision() else "pass")
    import json

    resource = json.loads(state.to_json())["players"][0]["resource"]
    assert len(resource) == 9 and all(r["sleeping"] for r in resource)
    assert len(state.names(1, "life")) == 3


def test_b05_103_does_nothing_when_a_cost_is_missing():
    """Without a Cost 9 card: no damage, the Resource stays."""
    state = arrange({"hand": ["B05-103"], "resource": EVERY_COST[:-1] + ["B02-096"]}, {})
    act(state, "play Wereantler")
    act(state, "to square s4")
    while state.decision() == "pay":
        act(state, "pay with")
    assert state.decision() == "main" and len(state.names(1, "life")) == 4
    assert sorted(bare(state.names(0, "resource"))) == sorted(name(n) for n in EVERY_COST[:-1] + ["B02-096"])
