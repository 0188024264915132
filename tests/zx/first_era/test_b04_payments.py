"""The B04 cards whose abilities Sleep and Reboot, pay inside an Evol Seed, put cards from the deck into Trash or on
its bottom, move cards into Charge and deal damage to a player, in real positions of the set first-era
(docs/zx/cards.md "Payments, states and the deck"; rules.md section 15)."""

from __future__ import annotations


from ..era import act, arrange, bare, damage_on, name, on, resource, sleeping, texts, with_sleeping_resource

BLUES = ["C02-006"] * 6  # Sky Tree, Rhenium: blue, a vanilla 4/6500


def play(state, number: str, square: str | None = None):
    act(state, f"play {name(number)}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def test_b04_020_skinship_sleeps_one_and_then_reboots_one():
    """Sleep one of your Z/X; if you did, Reboot one of your Z/X. Choosing one already Sleeping Sleeps nothing, and
    nothing is Rebooted (Z15.141)."""
    field = {"s1": "C01-006", "s3": ("C01-012", True)}
    state = arrange({"hand": ["B04-020"], "resource": ["B04-020"] * 3, "field": field}, {})
    play(state, "B04-020")
    act(state, "choose Graceful")
    assert sleeping(state, "s1") and state.decision() == "effect-target"
    act(state, "choose Lawbringer")
    assert sleeping(state, "s1") and not sleeping(state, "s3")
    asleep = arrange({"hand": ["B04-020"], "resource": ["B04-020"] * 3, "field": field}, {})
    play(asleep, "B04-020")
    act(asleep, "choose Lawbringer")
    assert asleep.decision() == "main" and sleeping(asleep, "s3") and not sleeping(asleep, "s1")


def test_b04_021_mimosa_puts_the_top_card_into_trash():
    state = arrange({"hand": ["B04-021"], "resource": BLUES[:2], "deck": ["C01-012"]}, {})
    play(state, "B04-021", "s1")
    assert bare(state.names(0, "trash")) == [name("C01-012")] and state.decision() == "main"


def test_b04_029_shock_evol_seed_may_pay_blue_2_to_shuffle_a_zx_away():
    """Evol Seed: you may pay [Blue 2]; if you did, one of your opponent's Z/X on a Normal Square goes into its
    owner's deck, which is shuffled (Z15.143, Z15.147)."""
    state = arrange({"hand": ["B04-037"], "resource": BLUES[:3], "deck": ["C01-012", "B04-029"]},
                    {"field": {"s7": "C03-018"}})
    play(state, "B04-037")
    assert state.decision() == "effect-may-pay"
    act(state, "yes")
    act(state, "pay with")
    act(state, "pay with")
    deck = len(state.names(1, "deck"))
    act(state, "choose Neige")
    assert on(state, "s7") == -1 and len(state.names(1, "deck")) == deck + 1 and resource(state, 0) == [True] * 3
    poor = arrange({"hand": ["B04-037"], "resource": BLUES[:2], "deck": ["C01-012", "B04-029"]},
                   {"field": {"s7": "C03-018"}})
    play(poor, "B04-037")
    assert poor.decision() == "main" and on(poor, "s7") >= 0  # one Reboot card left: [Blue 2] not offered


def test_b04_032_honey_one_evol_seed_may_pay_blue_1_to_draw():
    state = arrange({"hand": ["B04-021"], "resource": BLUES[:3], "deck": ["B04-032"]}, {})
    play(state, "B04-021", "s1")
    act(state, "yes (effect-may-pay)")
    act(state, "pay with")
    assert len(state.names(0, "hand")) == 1 and resource(state, 0) == [True] * 3
    declined = arrange({"hand": ["B04-021"], "resource": BLUES[:3], "deck": ["B04-032"]}, {})
    play(declined, "B04-021", "s1")
    act(declined, "pass (effect-may-pay)")
    assert declined.names(0, "hand") == [] and resource(declined, 0) == [True, True, False]


def test_b04_037_royal_straight_flush_puts_the_top_three_into_trash():
    top = ["C01-012", "C03-018", "C01-006", "C02-006"]
    state = arrange({"hand": ["B04-037"], "resource": BLUES[:1], "deck": top}, {})
    play(state, "B04-037")
    assert bare(state.names(0, "trash")) == [*map(name, top[:3]), name("B04-037")]  # the Event last, resolved
    assert bare(state.names(0, "deck"))[-1] == name("C02-006")


def test_b04_053_starke_bottoms_a_small_zx_with_three_angels():
    """When this card appears, if you have 3 or more Angel Z/X on Squares (itself included), one Z/X of Cost 5 or
    less on a Normal Square, either player's, goes to the bottom of its owner's deck."""
    angels = {"s1": "B05-050", "s3": "B05-050"}
    state = arrange({"hand": ["B04-053"], "resource": ["C03-018"] * 5, "field": {**angels, "s4": "C01-012"}},
                    {"field": {"s7": "C01-006", "s9": "C03-018"}})
    play(state, "B04-053", "s6")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s1", "s3", "s4", "s6", "s7"]  # not Cost 6 s9
    act(state, "choose Graceful")
    assert on(state, "s7") == -1 and bare(state.names(1, "deck"))[0] == name("C01-006")
    two = arrange({"hand": ["B04-053"], "resource": ["C03-018"] * 5, "field": {"s1": "B05-050"}},
                  {"field": {"s7": "C01-006"}})
    play(two, "B04-053", "s6")
    assert two.decision() == "main" and on(two, "s7") >= 0


def test_b04_055_siberian_from_charge_sleeps_up_to_three_resource_cards():
    """From your Charge, [White 1, this card from your Charge into your Trash]: Sleep up to 3 Resource cards,
    either player's (Z15.140)."""
    state = arrange({"charge": ["B04-055"], "resource": ["C03-018", "C03-018"]}, {"resource": BLUES[:3]})
    act(state, f"use the ability of {name('B04-055')}")
    act(state, "pay with")
    assert bare(state.names(0, "trash")) == [name("B04-055")] and "p0 pass (effect-card)" in texts(state)
    act(state, "choose Sky Tree")
    act(state, "choose Sky Tree")
    act(state, "pass (effect-card)")
    assert resource(state, 1) == [True, True, False] and resource(state, 0).count(True) == 1
    on_square = arrange({"field": {"s1": "B04-055"}, "resource": ["C03-018"]}, {})
    assert not [t for t in texts(on_square) if "use the ability" in t]


def test_b04_077_charm_spell_puts_a_trash_card_into_charge():
    state = arrange({"hand": ["B04-077"], "resource": ["B04-077"], "trash": ["C01-012", "C03-018"]},
                    {"trash": ["C01-006"]})
    play(state, "B04-077")
    assert len(texts(state)) == 2  # your Trash only
    act(state, "choose Neige")
    assert bare(state.names(0, "charge")) == [name("C03-018")]
    assert bare(state.names(0, "trash")) == [name("C01-012"), name("B04-077")]


def test_b04_081_himawari_reboots_up_to_two_when_destroyed_in_the_opponents_turn():
    """When this card is destroyed during your opponent's turn, Reboot up to 2 Resource cards (either player's)."""
    state = arrange({"field": {"s4": "C03-018"}}, {"field": {"s7": "B04-081"}, "resource": BLUES[:2]})
    state = with_sleeping_resource(state, 1, [0, 1])
    act(state, "attack from s4 to s7")
    while state.decision() == "battle-event":
        act(state, "pass")
    assert on(state, "s7") == -1 and texts(state)[0] == "p1 pass (effect-card)"
    act(state, "p1 choose Sky Tree")
    act(state, "p1 pass")
    assert resource(state, 1) == [False, True] and state.decision() == "main"


def test_b04_081_is_not_triggered_in_its_owners_turn():
    """Destroyed in its owner's own turn (by B05-073 Feles's ability, the opponent not paying), it does nothing."""
    state = arrange({"hand": ["B05-073"], "resource": ["B05-073"] * 7, "field": {"s3": "B04-081"}}, {})
    state = with_sleeping_resource(state, 0, [6])
    play(state, "B05-073", "s1")
    act(state, f"choose {name('B04-081')}")
    assert on(state, "s3") == -1 and state.decision() == "main" and resource(state, 0) == [True] * 7


def test_b04_102_a_z_deals_one_damage_with_eight_cards_in_hand():
    """When this card appears, if you have 8 or more cards in hand, 1 damage to your opponent (Z15.146)."""
    state = arrange({"hand": ["B04-102"] + ["C01-012"] * 8, "resource": BLUES[:5]}, {})
    play(state, "B04-102", "s1")
    act(state, "pick Life card 0")
    assert len(state.names(1, "life")) == 3
    seven = arrange({"hand": ["B04-102"] + ["C01-012"] * 7, "resource": BLUES[:5]}, {})
    play(seven, "B04-102", "s1")
    assert seven.decision() == "main" and len(seven.names(1, "life")) == 4
    assert damage_on(seven, "s1") == 0
