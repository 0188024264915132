"""The B03 cards whose abilities Reboot, put cards from the deck into Trash, look at the top of the deck, move
cards into Charge and Life and deal damage to a player, in real positions of the set first-era (docs/zx/cards.md
"Payments, states and the deck"; rules.md section 15)."""

from __future__ import annotations

import json

from ..era import act, arrange, bare, name, on, resource, texts, with_sleeping_resource

REDS = ["C01-006"] * 5     # Graceful Crystal: red, a vanilla 4/6500
WHITES = ["C03-018"] * 4   # Neige of the Snow: white, a vanilla 6/9500


def sleeping_cards(state) -> list[str]:
    """The instance names of every Sleeping Resource card, both players'."""
    doc = json.loads(state.to_json())
    return [r["card"] for p in doc["players"] for r in p["resource"] if r["sleeping"]]


def play(state, number: str, square: str | None = None):
    act(state, f"play {name(number)}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def test_b03_009_lancelot_reboots_itself_for_red_5():
    state = arrange({"field": {"s5": ("B03-009", True)}, "resource": REDS}, {})
    act(state, f"use the ability of {name('B03-009')}")
    for _ in range(5):
        act(state, "pay with")
    assert not state.instance(on(state, "s5"))["sleeping"] and resource(state, 0) == [True] * 5
    short = arrange({"field": {"s5": ("B03-009", True)}, "resource": REDS[:4]}, {})
    assert not [t for t in texts(short) if "use the ability" in t]


def test_b03_027_platinum_aurum_puts_the_top_two_into_trash_from_a_square():
    """[1 of your Charge cards into your Trash]: the top 2 cards of your deck into your Trash; used from a Square
    (Z15.142), each card an Evol Seed's trigger (Z15.147)."""
    state = arrange({"field": {"s1": "B03-027"}, "charge": ["C03-018"], "deck": ["C01-012", "C01-007"]},
                    {"field": {"s7": "C01-006"}})
    act(state, f"use the ability of {name('B03-027')}")
    act(state, "from Charge into Trash")
    assert bare(state.names(0, "trash")) == [name("C03-018"), name("C01-012"), name("C01-007")]
    assert state.decision() == "effect-target"  # Kintoki's Evol Seed
    in_charge = arrange({"charge": ["B03-027", "C03-018"]}, {})
    assert not [t for t in texts(in_charge) if "use the ability" in t]


def test_b03_039_atrias_holiday_puts_the_top_five_back_in_the_chosen_order():
    """Look at the top 5 cards of your deck and put them back on top in any order."""
    top = ["C01-006", "C01-012", "C02-006", "C04-010", "C01-004", "C03-018"]
    state = arrange({"hand": ["B03-039"], "resource": ["B03-039"] * 3, "deck": top}, {})
    play(state, "B03-039")
    assert state.decision() == "effect-card" and len(texts(state)) == 5
    for number in ["C04-010", "C01-004", "C01-006", "C02-006"]:  # from the lowest up
        act(state, f"choose {name(number)}")
    new_top = ["C01-012", "C02-006", "C01-006", "C01-004", "C04-010", "C03-018"]
    assert bare(state.names(0, "deck")[-6:]) == [name(n) for n in reversed(new_top)]


def test_b03_059_avenger_of_tears_goes_into_life_at_one_life():
    """If your Life is 1, put this card face down into your Life; otherwise it goes into Trash (Z15.145)."""
    state = arrange({"hand": ["B03-059"], "resource": WHITES[:3], "life": ["C03-018"]}, {})
    play(state, "B03-059")
    assert len(state.names(0, "life")) == 2 and bare(state.names(0, "trash")) == []
    assert state.decision() == "main"
    more = arrange({"hand": ["B03-059"], "resource": WHITES[:3], "life": ["C03-018"] * 2}, {})
    play(more, "B03-059")
    assert len(more.names(0, "life")) == 2 and bare(more.names(0, "trash")) == [name("B03-059")]


def test_b03_076_luxuria_puts_up_to_two_trash_cards_into_charge():
    """When this card appears, choose up to 2 cards of your Trash and put them into your Charge."""
    state = arrange({"hand": ["B03-076"], "resource": ["B03-076"] * 6, "trash": ["C01-006", "C01-012", "C03-018"]},
                    {"trash": ["C02-006"]})
    play(state, "B03-076", "s1")
    assert len(texts(state)) == 4 and "p0 pass (effect-card)" in texts(state)  # 3 of yours, or none
    act(state, f"choose {name('C01-012')}")
    assert len(texts(state)) == 3
    act(state, f"choose {name('C03-018')}")
    assert sorted(bare(state.names(0, "charge"))) == sorted([name("C01-012"), name("C03-018")])
    assert state.decision() == "main"
    one = arrange({"hand": ["B03-076"], "resource": ["B03-076"] * 6, "trash": ["C01-006", "C01-012"]}, {})
    play(one, "B03-076", "s1")
    act(one, "choose")
    act(one, "pass (effect-card)")
    assert len(one.names(0, "charge")) == 1 and len(one.names(0, "trash")) == 1


def test_b03_096_issunboshi_reboots_three_resource_cards_when_it_destroys_by_battle():
    """When this card destroys an opponent's Z/X in battle, Reboot 3 Resource cards, either player's (Z15.140);
    with only two Sleeping, the third choice may be a Reboot card."""
    state = arrange({"field": {"s5": "B03-096"}, "resource": REDS[:2]},
                    {"field": {"s8": "C01-012"}, "resource": REDS[:2]})
    state = with_sleeping_resource(with_sleeping_resource(state, 0, [0]), 1, [1])
    act(state, "attack from s5 to s8")
    while state.decision() == "battle-event":
        act(state, "pass")
    asleep = sleeping_cards(state)
    assert len(asleep) == 2 and len(texts(state)) == 4
    for card in asleep:
        act(state, f"choose {card} ")
    act(state, "choose")  # a Reboot card: nothing happens to it
    assert state.decision() == "main" and resource(state, 0) == [False, False] and resource(state, 1) == [False,
                                                                                                         False]


def test_b03_100_little_guardian_reboots_up_to_six_then_goes_into_charge():
    """Reboot up to 6 Resource cards (either player's); then this card into your Charge, not Trash (Z15.145)."""
    state = arrange({"hand": ["B03-100"], "resource": ["B03-100"] * 4}, {"resource": REDS[:2]})
    state = with_sleeping_resource(state, 1, [0, 1])
    play(state, "B03-100")
    for card in sleeping_cards(state):  # the three paid for this card, the opponent's two
        act(state, f"choose {card} ")
    act(state, "pass (effect-card)")  # a sixth may be chosen; none is
    assert resource(state, 0) == [False] * 4 and resource(state, 1) == [False, False]
    assert bare(state.names(0, "charge")) == [name("B03-100")] and state.names(0, "trash") == []


def test_b03_103_laurier_deals_one_damage_with_twenty_resource_cards():
    """When this card appears, if your Resource holds 20 or more cards, 1 damage to your opponent (Z15.146)."""
    state = arrange({"hand": ["B03-103"], "resource": ["B03-103"] * 20}, {})
    play(state, "B03-103", "s1")
    assert state.decision() == "damage-life-pick"
    act(state, "pick Life card 0")
    assert len(state.names(1, "life")) == 3 and len(state.names(1, "charge")) == 1
    fewer = arrange({"hand": ["B03-103"], "resource": ["B03-103"] * 19}, {})
    play(fewer, "B03-103", "s1")
    assert fewer.decision() == "main" and len(fewer.names(1, "life")) == 4
