"""B03 cards of the wave-3 blocks: a cost that Sleeps several Z/X (``Cost(sleep_zx=..., sleep_zx_count=5)``,
rules.md Z15.355) on an ability used from the hand, in real positions of the set first-era, through legal
actions."""

from __future__ import annotations

import json

from ..era import act, arrange, name, on, texts, uses

KHD = "B03-101"         # Hyper-Speed Transformer, KHD-8000: blue Metal Fortress 10/10000
TECHNETIUM = "B01-024"  # Steel Castle, Technetium: blue Metal Fortress 3/5000, vanilla
STEEL = "B01-016"       # Unyielding Steel, Steel Leopard: red Gigantic 6/9500, vanilla
FIVE = {"s1": TECHNETIUM, "s2": TECHNETIUM, "s3": TECHNETIUM, "s4": TECHNETIUM, "s6": TECHNETIUM}


def khd_position(field=None):
    return arrange({"field": dict(FIVE if field is None else field), "hand": [KHD]},
                   {"field": {"s7": STEEL, "s8": STEEL}})


def sleep_five(state):
    act(state, f"use the ability of {name(KHD)}")
    for left in range(5, 0, -1):  # each chosen once: one fewer offered each time
        assert state.decision() == "ability-sleep" and len([t for t in texts(state) if "choose" in t]) == left
        act(state, "choose")


def test_b03_101_sleeps_five_metal_fortress_returns_a_zx_and_appears():
    """[Sleep 5 of your Metal Fortress Z/X on Squares], used from the hand: the five are chosen one at a time, each
    offered once (Z15.355); then up to one Z/X on a Normal Square (either player's; not the Player Squares' s2 and s8)
    goes into its owner's deck, and this card appears in Reboot on an empty Normal Square, s7 now free among them."""
    state = khd_position()
    deck = len(json.loads(state.to_json())["players"][1]["deck"])
    sleep_five(state)
    assert all(state.instance(on(state, s))["sleeping"] for s in FIVE)
    assert sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t) == ["s1", "s3", "s4", "s6", "s7"]
    act(state, f"choose {name(STEEL)}")
    doc = json.loads(state.to_json())
    assert len(doc["players"][1]["deck"]) == deck + 1 and on(state, "s7") == -1
    assert sorted(t.split()[-1] for t in texts(state) if "square" in t) == ["s5", "s7", "s9"]
    act(state, "choose square s7")
    khd = state.instance(on(state, "s7"))
    assert state.card_name(on(state, "s7")) == name(KHD) and not khd["sleeping"] and khd["appeared"]
    assert name(KHD) not in state.names(0, "hand") and state.card_name(on(state, "s8")) == name(STEEL)


def test_b03_101_up_to_one_none_returned_still_appears():
    """"Up to 1": passing returns nothing, and the card still appears."""
    state = khd_position()
    sleep_five(state)
    act(state, "pass (effect-target)")
    assert state.card_name(on(state, "s7")) == name(STEEL)
    act(state, "choose square s5")
    assert state.card_name(on(state, "s5")) == name(KHD)


def test_b03_101_needs_five_metal_fortress_in_reboot_and_the_card_in_hand():
    """The cost is five of your Metal Fortress Z/X in Reboot: four of them and a Gigantic, or five with one already
    Sleeping, do not pay it, and the ability is not offered; on a Square the card has no such ability to use."""
    four = {**FIVE, "s6": STEEL}
    assert not uses(khd_position(four))
    asleep = {**FIVE, "s6": (TECHNETIUM, True)}
    assert not uses(khd_position(asleep))
    assert uses(khd_position())
    placed = arrange({"field": {**FIVE, "s5": KHD}}, {"field": {"s7": STEEL}})
    assert not uses(placed)


def test_b03_101_a_cost_paid_halfway_is_a_position_that_reads_back():
    """Two of the five chosen, the position (the Startup frame counting the Z/X left, state-format.md) reads back the
    same, and from it three more are chosen before the effect."""
    state = khd_position()
    act(state, f"use the ability of {name(KHD)}")
    act(state, "choose")
    act(state, "choose")
    back = state._game.state_from_json(json.loads(state.to_json()))
    assert back.to_json() == state.to_json()
    for _ in range(3):
        assert back.decision() == "ability-sleep"
        act(back, "choose")
    assert back.decision() == "effect-target"
