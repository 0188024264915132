"""B01 cards built on the first era's filters (docs/zx/cards.md "Filters"): names of every printing, colours, a
Player Square of whose; each in a real position of the era's card set, through the legal actions its text names."""

from __future__ import annotations

from ..era import act, arrange, damage_on, name, on, power_on, texts

REDS = ["B01-003"] * 3


def play(state, number, square=None, player="p0"):
    act(state, f"{player} play {name(number)}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def test_b01_001_laelaps_deals_5000_only_beside_your_artemis_of_any_printing():
    """With your Artemis (B01-006, or its starter printing C04-005) on a Square: 5000 damage to one of your
    opponent's Z/X on a Normal Square; without it, nothing."""
    for artemis in ("B01-006", "C04-005"):
        state = arrange({"hand": ["B01-001"], "resource": REDS, "field": {"s1": artemis}},
                        {"field": {"s7": "B01-013", "s8": "B01-013"}})
        play(state, "B01-001", "s3")
        assert state.decision() == "effect-target" and [t.split(" on ")[1] for t in texts(state)] == ["s7"]
        act(state, "choose")
        assert damage_on(state, "s7") == 5000 and damage_on(state, "s8") == 0
    alone = arrange({"hand": ["B01-001"], "resource": REDS, "field": {"s1": "B01-003"}}, {"field": {"s7": "B01-013"}})
    play(alone, "B01-001", "s3")
    assert alone.decision() == "main" and damage_on(alone, "s7") == 0
    theirs = arrange({"hand": ["B01-001"], "resource": REDS}, {"field": {"s7": "B01-006"}})
    play(theirs, "B01-001", "s3")  # your opponent's Artemis is not yours
    assert theirs.decision() == "main" and damage_on(theirs, "s7") == 0


def test_b01_027_spica_draws_beside_your_void():
    """With your Void (B01-026 or C02-005) on a Square, draw a card."""
    for void, draws in (("B01-026", 1), ("C02-005", 1), ("B01-030", 0)):
        state = arrange({"hand": ["B01-027"], "resource": ["B01-026"] * 3, "field": {"s1": void}}, {})
        play(state, "B01-027", "s3")
        assert len(state.names(0, "hand")) == draws


def test_b01_047_lien_weakens_an_opponents_zx_beside_your_maine_coon():
    """With your Absconding Maine Coon on a Square: one of your opponent's Z/X on a Normal Square gets -5000 until end
    of turn."""
    state = arrange({"hand": ["B01-047"], "resource": ["B01-045"] * 4, "field": {"s1": "B01-045"}},
                    {"field": {"s7": "B01-016", "s8": "B01-016"}})
    play(state, "B01-047", "s3")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s7"]
    act(state, "choose")
    assert power_on(state, "s7") == 4500 and power_on(state, "s8") == 9500
    act(state, "pass (main)")
    assert power_on(state, "s7") == 9500


def to_battle_end(state, frm, to):
    act(state, f"attack from {frm} to {to}")
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")


def test_b01_056_fierte_may_move_onto_your_player_square_after_attacking():
    """Ruling B01-056 Q1: after a battle it attacked in, with Asuka as your Player card (any printing), Fierte may
    move onto your empty Player Square, and stays Sleeping there (a move keeps Reboot or Sleep)."""
    state = arrange({"field": {"s4": "B01-056"}}, {"field": {"s7": "B01-003"}}, players=("B03-106", "C02-001"))
    to_battle_end(state, "s4", "s7")
    assert state.decision() == "effect-may"
    act(state, "yes")
    assert state.decision() == "effect-square" and texts(state) == ["p0 choose square s2"]
    fierte = on(state, "s4")
    act(state, "choose square s2")
    assert on(state, "s2") == fierte and on(state, "s4") == -1 and state.instance(fierte)["sleeping"]


def test_b01_056_fierte_stays_without_asuka_an_empty_player_square_or_an_attack():
    """Z15.102: not with another Player card; not when your Player Square holds a Z/X; not after a battle in which it
    was attacked (only a Z/X of the turn player attacks)."""
    other = arrange({"field": {"s4": "B01-056"}}, {"field": {"s7": "B01-003"}}, players=("C02-001", "C02-001"))
    to_battle_end(other, "s4", "s7")
    assert other.decision() == "main"
    full = arrange({"field": {"s4": "B01-056", "s2": "B01-003"}}, {"field": {"s7": "B01-003"}},
                   players=("C01-001", "C02-001"))
    to_battle_end(full, "s4", "s7")
    assert full.decision() == "main"
    attacked = arrange({"field": {"s7": "B01-016"}}, {"field": {"s4": "B01-056"}}, turn_player=0,
                       players=("C01-001", "C01-001"))
    to_battle_end(attacked, "s7", "s4")
    assert attacked.decision() == "main" and on(attacked, "s4") != -1


def test_b01_069_iron_maiden_destroys_a_cheap_zx_beside_your_miseria():
    """With your Miseria on a Square: destroy one of your opponent's Cost 3 or less Z/X on a Normal Square."""
    state = arrange({"hand": ["B01-069"], "resource": ["B01-066"] * 4, "field": {"s1": "B01-066"}},
                    {"field": {"s7": "B01-003", "s9": "B01-013", "s8": "B01-003"}})
    play(state, "B01-069", "s3")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s7"]  # Cost 5 and the Player Square are not
    act(state, "choose")
    assert on(state, "s7") == -1 and name("B01-003") in state.names(1, "charge")


def test_b01_080_funeral_fang_destroys_only_with_a_black_resource_card():
    """If your Resource holds a black card: destroy one Z/X (either player's) on a Normal Square."""
    state = arrange({"hand": ["B01-080"], "resource": ["B01-066"] + REDS, "field": {"s3": "B01-003"}},
                    {"field": {"s7": "B01-013"}})
    play(state, "B01-080")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s3", "s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and on(state, "s3") != -1


def test_b01_085_hosenka_gets_2000_beside_your_werelion():
    """+2000 while your King of Beasts, Werelion is on a Square (not your opponent's)."""
    state = arrange({"field": {"s1": "B01-085", "s3": "B01-089"}}, {})
    assert power_on(state, "s1") == 6500
    theirs = arrange({"field": {"s1": "B01-085"}}, {"field": {"s7": "B01-089"}})
    assert power_on(theirs, "s1") == 4500


def test_b01_101_nobunaga_needs_six_cards_of_every_colour_in_your_trash():
    """With 6 or more red, blue, white, black and green cards in your Trash: 10000 damage to one of your opponent's
    Z/X on any Square, a Player Square included; one colour short, nothing."""
    colours = {"red": "B01-003", "blue": "B01-030", "white": "B01-046", "black": "B01-068", "green": "B01-089"}
    trash = [n for n in colours.values() for _ in range(6)]
    state = arrange({"hand": ["B01-101"], "resource": REDS * 3, "trash": trash}, {"field": {"s8": "B01-016"}})
    play(state, "B01-101", "s3")
    assert texts(state) == [f"p0 choose {name('B01-016')} #{on(state, 's8')} on s8"]
    act(state, "choose")
    assert on(state, "s8") == -1 and state.names(1, "charge") == [name("B01-016")]  # 10000 on its 9500 Power
    short = arrange({"hand": ["B01-101"], "resource": REDS * 3, "trash": trash[:-1]}, {"field": {"s8": "B01-016"}})
    play(short, "B01-101", "s3")
    assert short.decision() == "main" and damage_on(short, "s8") == 0
