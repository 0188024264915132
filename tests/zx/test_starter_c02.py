"""The cards of C02 「黒獣の闘剣」 (black / blue, Player Kamiyugi Ayase) doing what their text says, in real games of
the starter-2012 card set with its EFFECTS (docs/zx/cards.md; rulings of docs/zx/rules.md section 12)."""

from __future__ import annotations

import json

from .starter import act, arrange, name, on, power_on, texts
from .test_starter_c01 import attack, pass_battle, to_ignition

AYASE = ("C02-001", "C02-001")
BLUES = ["C02-005"] * 4   # blue Resource cards (Erasure Machine, Void)
BLACKS = ["C02-013"] * 6  # black Resource cards (Demon of Solitude, Solitus)


def squares(state):
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)


def test_c02_002_sieger_destroys_a_card_of_odd_cost_if_the_player_is_ayase():
    """[Put 2 cards from your Charge into your Trash]: if your Player card is Kamiyugi Ayase, destroy one card of odd
    Cost on a Normal Square (Z12.8: the cost is paid even when the condition fails on resolution)."""
    spec0 = {"field": {"s1": "C02-002"}, "charge": ["C02-013", "C02-013", "C02-013"]}
    spec1 = {"field": {"s7": "C02-013", "s9": "C02-014"}}  # Cost 3 and Cost 4
    state = arrange(spec0, spec1, players=AYASE)
    act(state, "use the ability of Jet-Black Blade")
    assert state.decision() == "ability-charge"
    act(state, "put Demon of Solitude")
    act(state, "put Demon of Solitude")
    assert len(state.names(0, "charge")) == 1 and len(state.names(0, "trash")) == 2
    assert squares(state) == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "charge") == [name("C02-013")]
    other = arrange(spec0, spec1)  # Player Tennouji Asuka
    act(other, "use the ability of Jet-Black Blade")
    act(other, "put Demon")
    act(other, "put Demon")
    assert other.decision() == "main" and on(other, "s7") != -1 and len(other.names(0, "trash")) == 2


def test_c02_003_strause_draws_2_returns_1_and_shuffles_from_charge():
    """From your Charge: [Blue 2, this card from Charge into Trash] draw 2, then return a card from your hand to
    your deck and shuffle it."""
    state = arrange({"charge": ["C02-003"], "resource": BLUES[:2], "hand": ["C02-014"]}, {})
    deck = len(state.zone(0, "deck"))
    act(state, "use the ability of Golden Disc")
    act(state, "pay with")
    act(state, "pay with")
    assert state.decision() == "effect-card" and len(state.zone(0, "hand")) == 3
    act(state, "choose Demon of Dominion")
    assert len(state.zone(0, "hand")) == 2 and len(state.zone(0, "deck")) == deck - 1
    assert state.names(0, "trash") == [name("C02-003")]


def test_c02_003_strause_draws_past_the_end_of_the_deck():
    """Sources 1.7 item 22 (Z12.14): with 1 card left: draw it, the Reload (the opponent picks a Life card), draw the
    second, return a card, shuffle."""
    state = arrange({"charge": ["C02-003"], "resource": BLUES[:2], "trash": ["C02-014", "C02-014"]}, {})
    doc = json.loads(state.to_json())
    deck = doc["players"][0]["deck"]
    doc["players"][0]["trash"] += deck[:-1]
    doc["players"][0]["deck"] = deck[-1:]
    state = state._game.state_from_json(doc)
    act(state, "use the ability of Golden Disc")
    act(state, "pay with")
    act(state, "pay with")
    assert state.decision() == "reload-life-pick" and len(state.zone(0, "hand")) == 1
    # halfway through the ability (its cursor at the draw, one card drawn): a position like any other
    doc = json.loads(state.to_json())
    effect = next(f for f in doc["frames"] if f["kind"] == "effect")
    assert effect["source"].startswith(name("C02-003")) and effect["cursor_step"] == 1
    again = state._game.state_from_json(doc)
    assert again.to_json() == state.to_json() and state.clone().to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()
    act(state, "p1 pick Life card 0")
    assert state.decision() == "effect-card" and len(state.zone(0, "hand")) == 2
    act(state, "p0 choose")
    assert len(state.zone(0, "hand")) == 1 and len(state.zone(0, "life")) == 3


def test_c02_007_puttini_may_move_an_opponents_zx_to_an_adjacent_empty_normal_square():
    """When this card appears, you may move one of your opponent's Z/X on a Normal Square to an adjacent empty
    Normal Square; it keeps its Sleep (Z12.11). "You may" is a yes/no decision (Z12.3)."""
    state = arrange({"hand": ["C02-007"], "resource": BLUES + ["C02-005"]},
                    {"field": {"s7": ("C02-014", True), "s9": "C02-014"}})
    act(state, "play Alluring Melody")
    act(state, "to square s1")
    while state.decision() == "pay":
        act(state, "pay with")
    assert state.decision() == "effect-may"
    act(state, "yes")
    assert squares(state) == ["s7", "s9"]
    moved = on(state, "s7")
    act(state, "on s7")
    assert state.decision() == "effect-square"
    assert sorted(t.rsplit(" ", 1)[1] for t in texts(state)) == ["s4"]  # s8 is a Player Square
    act(state, "choose square s4")
    assert on(state, "s4") == moved and on(state, "s7") == -1 and state.instance(moved)["sleeping"]
    declined = arrange({"hand": ["C02-007"], "resource": BLUES + ["C02-005"]}, {"field": {"s7": "C02-014"}})
    act(declined, "play Alluring Melody")
    act(declined, "to square s1")
    while declined.decision() == "pay":
        act(declined, "pay with")
    act(declined, "pass (effect-may)")
    assert on(declined, "s7") != -1 and declined.decision() == "main"


def test_c02_008_momotarou_may_return_a_cheap_zx_when_it_destroys_one_in_battle():
    """When this card destroys a Z/X in battle, you may return one of your opponent's Z/X of Cost 3 or less on a
    Normal Square to its owner's hand (Z12.4)."""
    state = arrange({"field": {"s5": "C02-008"}}, {"field": {"s8": "C02-011", "s7": "C02-013", "s9": "C02-014"}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1
    act(state, "yes")
    assert squares(state) == ["s7"]  # Cost 3; s9 is Cost 4
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "hand") == [name("C02-013")]


def test_c02_010_million_rain_returns_up_to_two_cheap_zx():
    """Return up to two of your opponent's Z/X of Cost 3 or less on Normal Squares: two optional choices (Z12.3)."""
    state = arrange({"hand": ["C02-010"], "resource": BLUES[:2]},
                    {"field": {"s7": "C02-013", "s9": "C02-011", "s4": "C02-014"}})
    act(state, "play Million Rain")
    act(state, "pay with")
    act(state, "pay with")
    assert "p0 pass (effect-target)" in texts(state) and squares(state) == ["s7", "s9"]
    act(state, "on s7")
    assert squares(state) == ["s9"]
    act(state, "pass (effect-target)")
    assert state.names(1, "hand") == [name("C02-013")] and on(state, "s9") != -1 and on(state, "s4") != -1


def test_c02_012_skeletal_viper_charges_the_top_card_when_it_destroys_in_battle():
    """When this card destroys a Z/X in battle, put the top card of your deck into your Charge (Z12.4)."""
    state = arrange({"field": {"s5": "C02-012"}, "deck": ["C02-014"]}, {"field": {"s8": "C02-011"}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.names(0, "charge") == [name("C02-014")]
    survives = arrange({"field": {"s5": "C02-012"}}, {"field": {"s8": "C02-014"}})
    attack(survives, "s5", "s8")
    pass_battle(survives)
    assert survives.names(0, "charge") == []


def test_c02_015_queen_kaguya_evol_seed_destroys_a_cheap_zx():
    """Evol Seed: destroy one of your opponent's Z/X of Cost 3 or less on a Normal Square (Z12.9)."""
    state = arrange({"field": {"s1": "C02-013", "s3": "C02-014"}},
                    {"charge": ["C02-013"], "deck": ["C02-013", "C02-013", "C02-015"]})
    to_ignition(state)
    act(state, "p1 ignite with Demon of Solitude")
    assert squares(state) == ["s1"]
    act(state, "on s1")
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name("C02-013")]


def test_c02_016_skeletal_bishop_returns_a_cheap_zx_from_trash_when_it_appears():
    """When this card appears, return one Z/X of Cost 5 or less from your Trash to your hand (not an Event, not a
    dearer Z/X)."""
    state = arrange({"hand": ["C02-016"], "resource": BLACKS + ["C02-013"], "trash": ["C02-015", "C02-002", "C02-017"]},
                    {})
    act(state, "play Underworld Bishop")
    act(state, "to square s1")
    while state.decision() == "pay":
        act(state, "pay with")
    assert state.decision() == "effect-card"
    assert [t.split("choose ")[1].split(" #")[0] for t in texts(state)] == [name("C02-015")]
    act(state, "choose")
    assert state.names(0, "hand") == [name("C02-015")]


def test_c02_017_fang_crush_destroys_the_opponents_zx_with_the_highest_power():
    """Destroy the opponent's Z/X on a Normal Square with the highest Power, the player choosing among ties
    (Z12.13)."""
    state = arrange({"hand": ["C02-017"], "resource": BLACKS[:3]},
                    {"field": {"s7": "C02-014", "s9": "C02-014", "s4": "C02-013", "s8": "C02-002"}})
    act(state, "play Fang Crush")
    for _ in range(3):
        act(state, "pay with")
    assert squares(state) == ["s7", "s9"]  # 6500 each; the 8500 on s8 stands on a Player Square
    act(state, "on s9")
    assert on(state, "s9") == -1 and power_on(state, "s7") == 6500
