"""The B02 cards whose abilities pay inside an effect, Sleep and Reboot and put a Z/X on the bottom of a deck, in
real positions of the set first-era (docs/zx/cards.md "Payments, states and the deck"; rules.md section 15)."""

from __future__ import annotations

import json

from ..era import act, arrange, damage_on, name, on, resource, texts

REDS = ["C01-006"] * 7     # Graceful Crystal: red, a vanilla 4/6500
BLACKS = ["B02-071"] * 7   # Arrogance as a black Resource card
OPP = {"field": {"s7": "C01-006", "s9": "C01-012"}}  # a 4-Cost and a 3-Cost Z/X on Normal Squares


def play(state, number: str, square: str | None = None):
    act(state, f"play {name(number)}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def appeared_without_paying(number: str, resources, opponent):
    """The card on s1 as if put there by another card's effect (from Resource or Trash): no Cost paid (every
    Resource card Reboot), its "when this card appears" ability resolving."""
    state = arrange({"hand": [number], "resource": resources}, opponent)
    play(state, number, "s1")
    doc = json.loads(state.to_json())
    for entry in doc["players"][0]["resource"]:
        entry["sleeping"] = False
    doc["field"][0].pop("record", None)
    return state._game.state_from_json(doc)


def test_b02_014_apollo_may_pay_red_2_for_6000_damage():
    """When this card appears, you may pay [Red 2]; if you did, 6000 damage to one of your opponent's Z/X on a
    Normal Square (Z15.143)."""
    state = arrange({"hand": ["B02-014"], "resource": REDS}, OPP)
    play(state, "B02-014", "s1")
    act(state, "yes (effect-may-pay)")
    act(state, "pay with")
    act(state, "pay with")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s7", "s9"]
    act(state, "choose Graceful")
    assert damage_on(state, "s7") == 6000 and on(state, "s7") >= 0  # 6500 Power: damaged, not destroyed


def test_b02_014_appearing_without_its_cost_it_may_still_pay():
    """Ruling B02-014 Q1: appearing from Resource or Trash, the extra [Red 2] can be paid and the ability
    resolves."""
    state = appeared_without_paying("B02-014", REDS, OPP)
    act(state, "resolve") if state.decision() == "trigger-order" else None
    assert state.decision() == "effect-may-pay"
    act(state, "yes")
    act(state, "pay with")
    act(state, "pay with")
    act(state, "choose Lawbringer")
    assert on(state, "s9") == -1 and resource(state, 0).count(True) == 2  # 6000 on 5000 Power: destroyed


def test_b02_019_tyrant_parade_reboots_one_of_your_zx():
    state = arrange({"hand": ["B02-019"], "resource": REDS[:4], "field": {"s1": ("C01-006", True)}},
                    {"field": {"s7": ("C01-006", True)}})
    play(state, "B02-019")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s1"]  # yours only
    act(state, "choose")
    assert not state.instance(on(state, "s1"))["sleeping"] and state.instance(on(state, "s7"))["sleeping"]


def test_b02_056_galmata_bottoms_a_big_zx_with_yuzuriha_misaki():
    """When this card appears, if your Player card is Yuzuriha Misaki, one of your opponent's Z/X of Cost 5 or more
    on a Normal Square goes to the bottom of its owner's deck; with another Player card nothing happens."""
    opp = {"field": {"s7": "C03-018", "s9": "C01-006"}}
    state = arrange({"hand": ["B02-056"], "resource": ["C03-018"] * 8}, opp, players=("B05-106", "C02-001"))
    play(state, "B02-056", "s1")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s7"]  # Cost 6; Graceful Crystal's 4 is too small
    act(state, "choose Neige")
    assert on(state, "s7") == -1 and state.names(1, "deck")[0].split(" #")[0] == name("C03-018")
    other = arrange({"hand": ["B02-056"], "resource": ["C03-018"] * 8}, opp)
    play(other, "B02-056", "s1")
    assert other.decision() == "main" and on(other, "s7") >= 0


def test_b02_057_cait_sith_market_sleeps_only_the_reboot_ones_chosen():
    """Ruling B02-057 Q1: Sleeping Resource cards may be chosen; choosing two Sleeping and one Reboot card Sleeps
    just the Reboot one (Z15.140)."""
    state = arrange({"hand": ["B02-057"], "resource": ["C03-018", "C03-018"]}, {"resource": REDS[:2]})
    play(state, "B02-057")  # Sleeps the first white card: one of ours Sleeping, one Reboot
    mine = [t for t in texts(state) if "Neige" in t]
    assert len(texts(state)) == 4
    act(state, "choose Graceful")  # a Reboot card of the opponent's
    slept = [t for t in mine if t in texts(state)]
    sleeping = next(t for t in slept if t.split("#")[1].split(" ")[0] in
                    {r["card"].split("#")[1] for r in json.loads(state.to_json())["players"][0]["resource"]
                     if r["sleeping"]})
    act(state, sleeping)
    act(state, "choose Graceful")
    assert resource(state, 1) == [True, True] and resource(state, 0).count(True) == 1


def test_b02_071_arrogance_may_pay_black_2_to_destroy_a_small_zx():
    """When this card appears, you may pay [Black 2]; if you did, destroy one of your opponent's Z/X of Cost 4 or
    less on a Normal Square (Z15.143)."""
    opp = {"field": {"s7": "C03-018", "s9": "C01-006"}}
    state = arrange({"hand": ["B02-071"], "resource": BLACKS}, opp)
    play(state, "B02-071", "s1")
    act(state, "yes")
    act(state, "pay with")
    act(state, "pay with")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s9"]
    act(state, "choose")
    assert on(state, "s9") == -1 and len(state.names(1, "charge")) == 1


def test_b02_071_appearing_without_its_cost_it_may_still_pay():
    """Ruling B02-071 Q1: appearing from Resource or Trash, the extra [Black 2] can be paid and the ability
    resolves."""
    state = appeared_without_paying("B02-071", BLACKS, {"field": {"s9": "C01-006"}})
    act(state, "resolve") if state.decision() == "trigger-order" else None
    act(state, "yes")
    act(state, "pay with")
    act(state, "pay with")
    act(state, "choose")
    assert on(state, "s9") == -1
