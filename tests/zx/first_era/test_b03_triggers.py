"""The B03 cards that change the damage dealt (docs/zx/cards.md "The language": ``DamageChange``), in real positions of
the set first-era (rules.md Z15.183). Every ruling of a card is cited as ``Ruling B03-0NN Qk``."""

from __future__ import annotations

from ..era import act, arrange, damage_on, on, play

REDS = ["B02-006"] * 8  # Golden-Winged Bird, Garuda: vanilla red 3/5000
BLUES = ["B02-025"] * 8  # Windmill Transformer, Fermium: vanilla blue 3/5000
RED4, BLUE4 = "B02-011", "B02-029"  # vanilla 4/6500, red and blue
FILLER = "C03-018"  # Neige of the Snow: vanilla 6/9500
ATHENA = "B03-006"


def battle(state, frm: str, to: str):
    act(state, f"attack from {frm} to {to}")
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")


def test_b03_006_athena_adds_1000_to_red_attacks_abilities_and_events():
    """Ruling B03-006 Q1: the damage of a red Z/X's attack (6500 + 1000), of a red Z/X's ability (B03-004's 1000
    + 1000) and of a red Event (B01-019's 5000 + 1000) to your opponent's Z/X is 1000 more."""
    attack = arrange({"field": {"s5": RED4, "s3": ATHENA}}, {"field": {"s8": FILLER}})
    battle(attack, "s5", "s8")
    assert damage_on(attack, "s8") == 6500 + 1000
    ability = arrange({"hand": ["B03-004"], "resource": REDS[:3], "field": {"s3": ATHENA}}, {"field": {"s7": FILLER}})
    play(ability, "Ornament Smith", "s4")
    act(ability, "on s7")
    assert damage_on(ability, "s7") == 1000 + 1000
    event = arrange({"hand": ["B01-019"], "resource": REDS[:2], "field": {"s3": ATHENA}}, {"field": {"s7": FILLER}})
    play(event, "Exploding Coal")
    act(event, "on s7")
    assert damage_on(event, "s7") == 5000 + 1000


def test_b03_006_not_for_a_blue_attacker_nor_damage_to_your_own_zx():
    """A blue Z/X's attack deals its Power; a red Event's damage to one of your own Z/X is not changed."""
    blue = arrange({"field": {"s5": BLUE4, "s3": ATHENA}}, {"field": {"s8": FILLER}})
    battle(blue, "s5", "s8")
    assert damage_on(blue, "s8") == 6500
    own = arrange({"hand": ["B01-019"], "resource": REDS[:2], "field": {"s3": ATHENA, "s4": FILLER}}, {})
    play(own, "Exploding Coal")
    act(own, "on s4")
    assert damage_on(own, "s4") == 5000


def test_b03_006_with_no_zx_on_your_player_square_bear_showdown_does_nothing():
    """Ruling B03-006 Q2 (also Ruling B04-019 Q1): B04-019 with no Z/X on your Player Square and Athena on a Normal
    Square: nothing happens, no 1000 damage; with a Z/X of 6500 there, 6500 + 1000."""
    empty = arrange({"hand": ["B04-019"], "resource": REDS[:3], "field": {"s3": ATHENA}}, {"field": {"s7": FILLER}})
    play(empty, "Strongest Bear")
    assert empty.decision() == "main" and damage_on(empty, "s7") == 0
    full = arrange({"hand": ["B04-019"], "resource": REDS[:3], "field": {"s3": ATHENA, "s2": RED4}},
                   {"field": {"s7": FILLER}})
    play(full, "Strongest Bear")
    act(full, "on s7")
    assert damage_on(full, "s7") == 6500 + 1000


def test_b03_006_athena_lifts_5000_over_k2s_threshold():
    """Ruling B03-006 Q3 (also Ruling B04-056 Q3): with your Athena on a Square, B01-019's 5000 damage to the
    opponent's B04-056 K2 is 6000, which K2 does not ignore."""
    state = arrange({"hand": ["B01-019"], "resource": REDS[:2], "field": {"s3": ATHENA}}, {"field": {"s7": "B04-056"}})
    play(state, "Exploding Coal")
    act(state, "on s7")
    assert damage_on(state, "s7") == 6000
    alone = arrange({"hand": ["B01-019"], "resource": REDS[:2]}, {"field": {"s7": "B04-056"}})
    play(alone, "Exploding Coal")
    act(alone, "on s7")
    assert damage_on(alone, "s7") == 0 and on(alone, "s7") >= 0
