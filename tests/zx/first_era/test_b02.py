"""The B02 cards of the set ``first-era`` (src/tcbg/zx/cardsets/first_era_b02.py) doing what their text says, in real
games of the era's card set with its definitions: each position arranged by card number (tests/zx/era.py), played
through legal actions chosen by their text, checking what changed and what must not happen (docs/zx/cards.md;
rules.md sections 12 and 15). Every ruling of a card is cited as ``Ruling B02-0NN Qk``."""

from __future__ import annotations

from tcbg.effects.actions import If, May
from tcbg.effects.refs import YOU
from tcbg.zx.cards import CardSet
from tcbg.zx.effects.language import Auto, Event, ResourceSize, TopToResource, ZXDefinition

from ..era import ERA, act, arrange, attack, damage_on, name, on, pass_battle, play, power_on, squares, texts
from ..starter import arrange as arrange_table

REDS = ["B02-006"] * 8     # Golden-Winged Bird, Garuda: vanilla red 3/5000 with the Ignition icon
BLUES = ["B02-025"] * 8    # Windmill Transformer, Fermium: vanilla blue 3/5000 with the icon
WHITES = ["B02-045"] * 8   # Etoile of the Stars: vanilla white 3/5000 with the icon
BLACKS = ["B02-067"] * 8   # Bone Knight, Skeletal Knight: vanilla black 3/5000 with the icon
GREENS = ["B02-082"] * 10  # Rabbit Girl, Wererabbit: vanilla green 3/5000 with the icon
RED4, BLUE4, WHITE4, BLACK4, GREEN4 = "B02-011", "B02-029", "B02-050", "B02-068", "B02-089"  # vanilla 4/6500
RED5, WHITE5, BLACK5 = "B02-013", "B02-052", "B02-073"  # vanilla 5/8000
BLUE6, GREEN6 = "B02-034", "B02-094"  # vanilla 6/9500
REIA = ("B04-105", "C02-001")  # player 0's Player card Ikusa Reia


def use(state, card: str):
    """Uses the startup ability of the card named, paying its colour cost."""
    act(state, f"use the ability of {card}")
    while state.decision() in ("ability-pay", "pay"):
        act(state, "pay with")


def chosen_cards(state) -> list[str]:
    """The card names an effect's choice of a card offers (without instance numbers)."""
    return sorted(t.split("choose ", 1)[1].rsplit(" #", 1)[0] for t in texts(state) if " choose " in t)


def to_ignition(state):
    """Player 0 ends turn 1; player 1 draws 2 and passes the Resource phase: player 1's Ignition decision."""
    act(state, "p0 pass (main)")
    act(state, "p1 pass (resource)")
    assert state.decision() == "ignition"


def ignite_and_play(state, square: str):
    """Player 1 ignites with its Charge card and plays the revealed card (the deck's third card) onto ``square``."""
    to_ignition(state)
    act(state, "p1 ignite with")
    act(state, "p1 play the revealed")
    act(state, f"p1 to square {square}")


def played_from_life_by_damage(card: str, p1_field: dict):
    """Player 0's attack on player 1 reveals ``card`` from player 1's Life in player 0's Main phase, and player 1
    plays it onto s9 without its Cost: the position after."""
    state = arrange({"field": {"s5": RED5, "s1": RED4, "s3": BLUE4}},
                    {"life": [card, "C03-018", "C03-018", "C03-018"], "field": p1_field})
    attack(state, "s5", "s8")
    pass_battle(state)
    act(state, "pick Life card 3")  # the bottom one
    act(state, "p1 play the revealed")
    act(state, "p1 to square s9")
    return state


# -- B02-001 to B02-040 ---------------------------------------------------------------------------------------------

def test_b02_001_mori_ranmaru_deals_5000_damage_when_it_appears_in_the_ignition_phase():
    """When this card appears during the Ignition Phase (played by Ignition, Z12.10), 5000 damage to one of your
    opponent's Z/X on a Normal Square: not one on a Player Square, not one of yours."""
    state = arrange({"field": {"s1": RED4, "s2": RED4}},
                    {"charge": [RED4], "field": {"s7": RED4}, "deck": [RED4, RED4, "B02-001"]})
    ignite_and_play(state, "s9")
    assert state.decision() == "effect-target" and squares(state) == ["s1"]
    act(state, "on s1")
    assert damage_on(state, "s1") == 5000 and damage_on(state, "s2") == 0 and damage_on(state, "s7") == 0


def test_b02_001_does_nothing_when_played_from_life_by_damage_in_the_main_phase():
    """Ruling B02-001 Q1: revealed from Life by an opponent's attack and played, it appears in the Main Phase: its
    ability does nothing; played from the hand in the Main Phase neither."""
    state = played_from_life_by_damage("B02-001", {})
    assert on(state, "s9") != -1 and state.decision() == "main"
    assert damage_on(state, "s1") == damage_on(state, "s3") == 0
    hand = arrange({"hand": ["B02-001"], "resource": REDS[:2]}, {"field": {"s7": RED4}})
    play(hand, "Flower of the Warring", "s1")
    assert hand.decision() == "main" and damage_on(hand, "s7") == 0


def test_b02_005_quick_draw_from_charge_gives_an_attacking_zx_3000():
    """From your Charge: [Red 1, this card from your Charge into your Trash] one attacking Z/X gets +3000 until end of
    turn, used in the Battle Event step (Z12.8); only the attacker may be chosen."""
    state = arrange({"field": {"s5": RED4, "s4": RED4}, "charge": ["B02-005"], "resource": REDS[:1]},
                    {"field": {"s8": BLUE6}})
    attack(state, "s5", "s8")
    use(state, "Gunsmith")
    assert state.names(0, "trash") == [name("B02-005")] and squares(state) == ["s5"]
    act(state, "on s5")
    assert power_on(state, "s5") == 9500 and power_on(state, "s4") == 6500
    pass_battle(state)
    assert on(state, "s8") == -1  # 9500 damage on 9500 Power
    act(state, "p0 pass (main)")
    assert power_on(state, "s5") == 6500  # until end of turn
    not_red = arrange({"charge": ["B02-005"], "resource": BLUES[:1], "field": {"s5": RED4}}, {})
    assert not [t for t in texts(not_red) if "use the ability" in t]


def test_b02_007_tourmaline_hawk_gets_2000_when_it_attacks_with_six_resource_cards_or_fewer():
    """When this card attacks, if your Resource holds 6 or fewer cards, +2000 until end of turn; with 7 nothing."""
    for resource, power in ((6, 6500), (7, 4500)):
        state = arrange({"field": {"s5": "B02-007"}, "resource": REDS[:resource]}, {"field": {"s8": BLUE6}})
        attack(state, "s5", "s8")
        assert power_on(state, "s5") == power, resource


def test_b02_022_scheat_returns_a_cheap_zx_when_it_appears_in_the_ignition_phase():
    """When this card appears during the Ignition Phase, one of your opponent's Z/X of Cost 4 or less on a Normal
    Square goes back to its owner's hand (Cost 5 and a Player Square are not offered)."""
    state = arrange({"field": {"s1": RED4, "s2": "B02-006", "s3": RED5}},
                    {"charge": [RED4], "deck": [RED4, RED4, "B02-022"]})
    ignite_and_play(state, "s9")
    assert squares(state) == ["s1"]
    act(state, "on s1")
    assert on(state, "s1") == -1 and state.names(0, "hand") == [name(RED4)] and on(state, "s3") != -1


def test_b02_022_does_nothing_when_played_from_life_by_damage_in_the_main_phase():
    """Ruling B02-022 Q1: revealed from Life by damage from an opponent's attack and played in the Main Phase, its
    ability does nothing."""
    state = played_from_life_by_damage("B02-022", {})
    assert state.decision() == "main" and on(state, "s1") != -1 and on(state, "s3") != -1
    assert state.names(0, "hand") == []


def test_b02_026_alpheratz_from_charge_returns_a_cheap_zx():
    """From your Charge: [Blue 2, this card from your Charge into your Trash] one of your opponent's Z/X of Cost 4
    or less on a Normal Square goes back to its owner's hand."""
    state = arrange({"charge": ["B02-026"], "resource": BLUES[:2], "field": {"s1": BLUE4}},
                    {"field": {"s7": BLUE4, "s9": BLUE6, "s8": "B02-025"}})
    use(state, "Heavy Arms")
    assert state.names(0, "trash") == [name("B02-026")] and squares(state) == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "hand") == [name(BLUE4)] and on(state, "s1") != -1


def test_b02_030_atria_draws_then_trashes_a_card_when_it_destroys_in_battle():
    """When this card destroys an opponent's Z/X in battle, draw a card, then put a card of your hand into your
    Trash (Z12.4)."""
    state = arrange({"field": {"s5": "B02-030"}, "hand": [RED4], "deck": [BLUE4]}, {"field": {"s8": "B02-006"}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.decision() == "effect-card"
    assert chosen_cards(state) == sorted([name(RED4), name(BLUE4)])
    act(state, f"choose {name(RED4)}")
    assert state.names(0, "hand") == [name(BLUE4)] and state.names(0, "trash") == [name(RED4)]


def test_b02_031_puttini_may_move_an_opponents_zx_to_an_adjacent_empty_normal_square():
    """When this card appears, you may move one of your opponent's Z/X on a Normal Square to an empty Normal Square
    next to it; it keeps its Sleep (Z12.11). Declined, nothing moves."""
    state = arrange({"hand": ["B02-031"], "resource": BLUES[:5]},
                    {"field": {"s7": (BLUE4, True), "s9": BLUE4, "s8": "B02-025"}})
    play(state, "Alluring Melody", "s1")
    assert state.decision() == "effect-may"
    act(state, "yes")
    assert squares(state) == ["s7", "s9"]  # not s8: a Player Square
    moved = on(state, "s7")
    act(state, "on s7")
    assert sorted(t.rsplit(" ", 1)[1] for t in texts(state)) == ["s4"]  # s8 is a Player Square, s1 taken
    act(state, "choose square s4")
    assert on(state, "s4") == moved and on(state, "s7") == -1 and state.instance(moved)["sleeping"]
    declined = arrange({"hand": ["B02-031"], "resource": BLUES[:5]}, {"field": {"s7": BLUE4}})
    play(declined, "Alluring Melody", "s1")
    act(declined, "pass (effect-may)")
    assert on(declined, "s7") != -1 and declined.decision() == "main"


def test_b02_032_algol_may_return_a_zx_of_cost_3_or_less_of_either_player():
    """When this card appears, you may return a Z/X of Cost 3 or less on a Normal Square, yours or your
    opponent's, to its owner's hand; Cost 4 and a Player Square are not offered."""
    state = arrange({"hand": ["B02-032"], "resource": BLUES[:5], "field": {"s1": "B02-006"}},
                    {"field": {"s7": "B02-067", "s9": BLACK4, "s8": "B02-025"}})
    play(state, "Dust Hammer", "s5")
    act(state, "yes")
    assert squares(state) == ["s1", "s7"]
    act(state, "on s7")
    assert state.names(1, "hand") == [name("B02-067")] and on(state, "s1") != -1
    own = arrange({"hand": ["B02-032"], "resource": BLUES[:5], "field": {"s1": "B02-006"}}, {})
    play(own, "Dust Hammer", "s5")
    act(own, "yes")
    act(own, "on s1")
    assert own.names(0, "hand") == [name("B02-006")]
    declined = arrange({"hand": ["B02-032"], "resource": BLUES[:5]}, {"field": {"s7": "B02-067"}})
    play(declined, "Dust Hammer", "s5")
    act(declined, "pass (effect-may)")
    assert on(declined, "s7") != -1


def test_b02_036_lawrencium_puts_a_zx_into_its_owners_deck_if_the_player_is_ikusa_reia():
    """When this card destroys an opponent's Z/X in battle, if your Player card is Ikusa Reia, one of your
    opponent's Z/X on a Normal Square goes into its owner's deck, which is shuffled (Z12.12); with another Player
    card nothing happens."""
    spec = {"field": {"s5": "B02-036"}}
    opponent = {"field": {"s8": "B02-025", "s7": BLUE4, "s9": (BLUE6, True)}}
    state = arrange(spec, opponent, players=REIA)
    deck = len(state.zone(1, "deck"))
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and squares(state) == ["s7", "s9"]
    returned = on(state, "s9")
    act(state, "on s9")
    assert on(state, "s9") == -1 and returned in state.zone(1, "deck") and len(state.zone(1, "deck")) == deck + 1
    other = arrange(spec, opponent)
    attack(other, "s5", "s8")
    pass_battle(other)
    assert other.decision() == "main" and on(other, "s7") != -1 and on(other, "s9") != -1


def test_b02_036_with_no_zx_to_choose_no_deck_is_shuffled():
    """Z15.20: with no Z/X of the opponent on a Normal Square, nothing goes into a deck and no deck is shuffled."""
    state = arrange({"field": {"s5": "B02-036"}}, {"field": {"s8": "B02-025"}}, players=REIA)
    before = state.zone(1, "deck")
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.decision() == "main" and state.zone(1, "deck") == before


def test_b02_037_shutdown_returns_one_of_your_zx_to_your_hand():
    """One of your Z/X on a Square, a Player Square too, goes back to your hand; the opponent's are not offered."""
    state = arrange({"hand": ["B02-037"], "resource": BLUES[:2], "field": {"s2": BLUE4, "s1": BLUE6}},
                    {"field": {"s7": BLUE4}})
    play(state, "Shutdown")
    assert squares(state) == ["s1", "s2"]
    act(state, "on s2")
    assert on(state, "s2") == -1 and state.names(0, "hand") == [name(BLUE4)]


def test_b02_037_the_attacked_zx_returned_takes_no_damage_and_nor_does_its_player():
    """Ruling B02-037 Q1 (rules.md 8.4, Z8.6): the opponent attacks your Z/X on your Player Square; you return it
    with Shutdown in the Battle Event step: the attack does nothing, you take no damage."""
    state = arrange({"field": {"s5": BLUE6}}, {"hand": ["B02-037"], "resource": BLUES[:2], "field": {"s8": BLUE4}})
    attack(state, "s5", "s8")
    act(state, "p0 pass (battle-event)")
    play(state, "Shutdown")
    act(state, "p1 choose")
    assert state.names(1, "hand") == [name(BLUE4)] and on(state, "s8") == -1
    pass_battle(state)
    assert state.decision() == "main" and len(state.zone(1, "life")) == 4 and state.names(1, "charge") == []


def test_b02_038_million_rain_returns_up_to_two_cheap_zx():
    """Up to two of your opponent's Z/X of Cost 3 or less on Normal Squares go back to their owner's hand: two
    choices, each of which may choose nothing (Z12.3)."""
    state = arrange({"hand": ["B02-038"], "resource": BLUES[:2]},
                    {"field": {"s7": "B02-067", "s9": "B02-025", "s4": BLACK4, "s8": "B02-006"}})
    play(state, "Million Rain")
    assert "p0 pass (effect-target)" in texts(state) and squares(state) == ["s7", "s9"]
    act(state, "on s7")
    assert squares(state) == ["s9"]
    act(state, "on s9")
    assert sorted(state.names(1, "hand")) == sorted([name("B02-067"), name("B02-025")])
    assert on(state, "s4") != -1 and on(state, "s8") != -1
    one = arrange({"hand": ["B02-038"], "resource": BLUES[:2]}, {"field": {"s7": "B02-067", "s9": "B02-025"}})
    play(one, "Million Rain")
    act(one, "pass (effect-target)")
    act(one, "on s9")
    assert one.names(1, "hand") == [name("B02-025")] and on(one, "s7") != -1


def test_b02_039_boy_meets_justice_draws_two():
    """Draw two cards."""
    state = arrange({"hand": ["B02-039"], "resource": BLUES[:3], "deck": [BLUE4, BLUE6]}, {})
    play(state, "Boy Meets Justice")
    assert sorted(state.names(0, "hand")) == sorted([name(BLUE4), name(BLUE6)])
    assert state.names(0, "trash") == [name("B02-039")] and state.decision() == "main"


def test_b02_040_wait_there_draws_whether_or_not_a_zx_was_moved():
    """Ruling B02-040 Q1: you may move one of your Z/X not in battle to an empty Normal Square; then you draw a
    card, also when nothing was moved."""
    spec = {"hand": ["B02-040"], "resource": BLUES[:3], "field": {"s1": BLUE4}, "deck": [BLUE6]}
    state = arrange(spec, {})
    play(state, "Wait There")
    act(state, "yes")
    moved = on(state, "s1")
    act(state, "on s1")
    act(state, "choose square s6")
    assert on(state, "s6") == moved and state.names(0, "hand") == [name(BLUE6)]
    declined = arrange(spec, {})
    play(declined, "Wait There")
    act(declined, "pass (effect-may)")
    assert on(declined, "s1") != -1 and declined.names(0, "hand") == [name(BLUE6)]


def test_b02_040_the_attacker_and_its_target_are_in_battle_until_the_attack_is_processed():
    """Ruling B02-040 Q2: during an attack its attacker and its target are in battle and cannot be chosen; once the
    attack has been processed they are not in battle any more."""
    spec = {"field": {"s5": BLUE4, "s3": BLUE4}, "hand": ["B02-040", "B02-040"], "resource": BLUES[:6]}
    state = arrange(spec, {"field": {"s8": BLUE6}})
    attack(state, "s5", "s8")
    play(state, "Wait There")
    act(state, "yes")
    assert squares(state) == ["s3"]
    act(state, "on s3")
    act(state, "choose square s4")
    pass_battle(state)
    assert state.decision() == "main" and on(state, "s5") != -1
    play(state, "Wait There")
    act(state, "yes")
    assert squares(state) == ["s4", "s5"]


# -- B02-053 to B02-080 ---------------------------------------------------------------------------------------------

def test_b02_053_aura_narasimha_weakens_a_zx_when_it_destroys_one_in_battle():
    """When this card destroys an opponent's Z/X in battle, one of your opponent's Z/X on a Normal Square gets -4000
    until end of turn (Z12.4)."""
    state = arrange({"field": {"s5": "B02-053"}}, {"field": {"s8": "B02-045", "s7": WHITE4, "s9": WHITE5}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and squares(state) == ["s7", "s9"]
    act(state, "on s9")
    assert power_on(state, "s9") == 4000 and power_on(state, "s7") == 6500
    act(state, "p0 pass (main)")
    assert power_on(state, "s9") == 8000


def test_b02_054_trivor_gives_your_zx_in_your_army_area_1000():
    """Each of your Z/X on a Square of your Army Area (itself too) gets +1000; your Z/X in the Center Area and the
    opponent's Z/X, in your Army Area or theirs, do not."""
    state = arrange({"field": {"s1": "B02-054", "s2": WHITE4, "s5": WHITE4}},
                    {"field": {"s3": WHITE4, "s7": WHITE4}})
    assert power_on(state, "s1") == 9500 and power_on(state, "s2") == 7500 and power_on(state, "s5") == 6500
    assert power_on(state, "s3") == power_on(state, "s7") == 6500


def test_b02_055_couche_gives_minus_6000_when_it_appears():
    """When this card appears, one of your opponent's Z/X on a Normal Square gets -6000 until end of turn."""
    state = arrange({"hand": ["B02-055"], "resource": WHITES[:7], "field": {"s1": WHITE4}},
                    {"field": {"s7": WHITE4, "s8": WHITE5}})
    play(state, "Couche of the Sunset", "s3")
    assert squares(state) == ["s7"]
    act(state, "on s7")
    assert power_on(state, "s7") == 500 and power_on(state, "s8") == 8000 and power_on(state, "s1") == 6500


def test_b02_060_chain_bind_gives_minus_7000_to_a_zx_on_a_normal_square():
    """One Z/X on a Normal Square, yours or your opponent's, gets -7000 until end of turn; Player Squares are not
    offered."""
    state = arrange({"hand": ["B02-060"], "resource": WHITES[:4], "field": {"s1": WHITE4, "s2": WHITE4}},
                    {"field": {"s7": BLUE6, "s8": BLUE6}})
    play(state, "Chain Bind")
    assert squares(state) == ["s1", "s7"]
    act(state, "on s7")
    assert power_on(state, "s7") == 2500 and power_on(state, "s8") == 9500


def test_b02_062_speer_destroys_a_cheap_zx_when_it_appears_in_the_ignition_phase():
    """When this card appears during the Ignition Phase, destroy one of your opponent's Z/X of Cost 4 or less on a
    Normal Square (into its owner's Charge)."""
    state = arrange({"field": {"s1": BLACK4, "s3": BLACK5}}, {"charge": [BLACK4], "deck": [RED4, RED4, "B02-062"]})
    ignite_and_play(state, "s9")
    assert squares(state) == ["s1"]
    act(state, "on s1")
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name(BLACK4)] and on(state, "s3") != -1


def test_b02_062_does_nothing_when_played_from_life_by_damage_in_the_main_phase():
    """Ruling B02-062 Q1: revealed from Life by damage from an opponent's attack and played in the Main Phase, its
    ability does nothing."""
    state = played_from_life_by_damage("B02-062", {})
    assert state.decision() == "main" and on(state, "s1") != -1 and on(state, "s3") != -1
    assert state.names(0, "charge") == []


def test_b02_064_flame_corpse_destroys_a_cheap_zx_its_attack_damaged():
    """When this card attacks and deals damage to an opponent's Z/X of Cost 4 or less, destroy that Z/X (Z15.21);
    one of Cost 5 keeps its damage."""
    state = arrange({"field": {"s5": "B02-064"}}, {"field": {"s8": BLACK4}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.names(1, "charge") == [name(BLACK4)] and state.decision() == "main"
    big = arrange({"field": {"s5": "B02-064"}}, {"field": {"s8": BLACK5}})
    attack(big, "s5", "s8")
    pass_battle(big)
    assert on(big, "s8") != -1 and damage_on(big, "s8") == 1500 and big.names(1, "charge") == []


def test_b02_064_lethal_damage_destroys_the_zx_once():
    """Z15.21: damage reaching the Z/X's Power destroys it by the lethal damage rule; it is destroyed once, so its
    "when destroyed" ability (B02-069: the top card of the deck into Charge) waits once."""
    state = arrange({"field": {"s4": "B01-003", "s6": "B02-064"}}, {"field": {"s5": "B02-069"}, "deck": [BLACK5]})
    attack(state, "s4", "s5")
    pass_battle(state)
    assert damage_on(state, "s5") == 3500
    attack(state, "s6", "s5")
    pass_battle(state)
    assert on(state, "s5") == -1 and state.decision() == "main"
    assert sorted(state.names(1, "charge")) == sorted([name("B02-069"), name(BLACK5)])


def test_b02_064_an_attack_that_deals_no_damage_destroys_nothing():
    """Z15.21: Flame Corpse dealing no damage (C04-021 Thorn Prison played on it) does not trigger."""
    state = arrange({"field": {"s5": "B02-064"}}, {"field": {"s8": BLACK4}, "hand": ["C04-021"], "resource": GREENS[:1]})
    attack(state, "s5", "s8")
    act(state, "p0 pass (battle-event)")
    play(state, "Thorn Prison")
    act(state, "on s5")
    pass_battle(state)
    assert on(state, "s8") != -1 and damage_on(state, "s8") == 0 and state.decision() == "main"


def test_b02_066_ultio_from_charge_returns_a_zx_from_your_trash_itself_too():
    """Ruling B02-066 Q1: from your Charge, [Black 2, this card from your Charge into your Trash] one Z/X of your
    Trash into your hand; Ultio, put into Trash as the cost, may be that Z/X. Events and the opponent's Trash are not
    offered."""
    spec = {"charge": ["B02-066"], "resource": BLACKS[:2], "trash": [BLACK5, "B02-079"]}
    state = arrange(spec, {"trash": [BLACK4]})
    use(state, "Demon of Vengeance")
    assert chosen_cards(state) == sorted([name("B02-066"), name(BLACK5)])
    act(state, "choose Demon of Vengeance")
    assert state.names(0, "hand") == [name("B02-066")] and sorted(state.names(0, "trash")) == sorted(
        [name(BLACK5), name("B02-079")])
    other = arrange(spec, {})
    use(other, "Demon of Vengeance")
    act(other, f"choose {name(BLACK5)}")
    assert other.names(0, "hand") == [name(BLACK5)]


def test_b02_069_kavallerist_charges_the_top_card_when_destroyed():
    """When this card is destroyed (here in battle, on the opponent's turn), the top card of its controller's deck
    goes into their Charge."""
    state = arrange({"field": {"s5": BLACK5}}, {"field": {"s8": "B02-069"}, "deck": [BLACK4]})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and sorted(state.names(1, "charge")) == sorted([name("B02-069"), name(BLACK4)])
    assert state.names(0, "charge") == []


def test_b02_070_black_arts_sleeps_to_return_a_zx_of_cost_2_or_less_from_trash():
    """[Sleep this card]: one Z/X of Cost 2 or less of your Trash into your hand (not a Cost 3 Z/X, not an Event);
    Sleeping, it cannot be used again."""
    state = arrange({"field": {"s1": "B02-070"}, "trash": ["B01-003", "B02-067", "B02-037"]}, {})
    use(state, "Ghost, Black Arts")
    assert state.instance(on(state, "s1"))["sleeping"] and chosen_cards(state) == [name("B01-003")]
    act(state, "choose")
    assert state.names(0, "hand") == [name("B01-003")]
    assert not [t for t in texts(state) if "use the ability" in t]


def test_b02_072_cursed_soul_gets_3000_while_your_trash_holds_20_cards():
    """+3000 while your Trash holds 20 or more cards; with 19 nothing."""
    assert power_on(arrange({"field": {"s1": "B02-072"}, "trash": ["C03-018"] * 20}, {}), "s1") == 10500
    assert power_on(arrange({"field": {"s1": "B02-072"}, "trash": ["C03-018"] * 19}, {}), "s1") == 7500


def test_b02_078_fang_crush_destroys_the_strongest_zx_the_player_choosing_among_ties():
    """Ruling B02-078 Q1 (Z12.13): among your opponent's Z/X on Normal Squares, destroy one of the highest Power; you
    choose among those tied. The stronger one on a Player Square does not count."""
    state = arrange({"hand": ["B02-078"], "resource": BLACKS[:3]},
                    {"field": {"s7": BLACK4, "s9": BLUE4, "s4": "B02-067", "s8": BLUE6}})
    play(state, "Fang Crush")
    assert squares(state) == ["s7", "s9"]
    act(state, "on s9")
    assert on(state, "s9") == -1 and on(state, "s7") != -1 and on(state, "s8") != -1


def test_b02_079_invitation_of_embrace_puts_the_top_two_cards_into_charge():
    """The top two cards of your deck into your Charge; over the Charge limit of 4 its owner then chooses the excess
    (section 10)."""
    state = arrange({"hand": ["B02-079"], "resource": BLACKS[:3], "deck": [BLACK4, BLACK5]}, {})
    play(state, "Invitation of Embrace")
    assert sorted(state.names(0, "charge")) == sorted([name(BLACK4), name(BLACK5)]) and state.decision() == "main"
    full = arrange({"hand": ["B02-079"], "resource": BLACKS[:3], "charge": [BLUE4] * 3, "deck": [BLACK4, BLACK5]}, {})
    play(full, "Invitation of Embrace")
    assert len(full.zone(0, "charge")) == 5 and full.decision() == "charge-excess"


def test_b02_080_corrupted_aura_destroys_up_to_two_cheap_zx():
    """Destroy up to two of your opponent's Z/X of Cost 3 or less on Normal Squares: two choices, each of which may
    choose nothing (Z12.3)."""
    state = arrange({"hand": ["B02-080"], "resource": BLACKS[:4]},
                    {"field": {"s7": "B02-067", "s9": "B01-003", "s4": BLACK4, "s8": "B02-025"}})
    play(state, "Corrupted Aura")
    assert "p0 pass (effect-target)" in texts(state) and squares(state) == ["s7", "s9"]
    act(state, "on s7")
    assert squares(state) == ["s9"]
    act(state, "on s9")
    assert on(state, "s7") == on(state, "s9") == -1 and len(state.zone(1, "charge")) == 2
    assert on(state, "s4") != -1 and on(state, "s8") != -1
    none = arrange({"hand": ["B02-080"], "resource": BLACKS[:4]}, {"field": {"s7": "B02-067"}})
    play(none, "Corrupted Aura")
    act(none, "pass (effect-target)")
    act(none, "pass (effect-target)")  # the second choice offers it again
    assert none.decision() == "main" and on(none, "s7") != -1


# -- B02-083 to B02-100 ---------------------------------------------------------------------------------------------

def test_b02_083_homely_sage_may_put_a_hand_card_into_resource_in_the_ignition_phase():
    """When this card appears during the Ignition Phase, you may put a card of your hand into your Resource,
    sleeping (Z12.10); declined, or played from the hand in the Main Phase, nothing happens."""
    spec = {"charge": [GREEN4], "deck": [GREEN6, GREEN6, "B02-083"]}
    state = arrange({}, spec)
    ignite_and_play(state, "s9")
    assert state.decision() == "effect-may"
    act(state, "yes")
    act(state, f"choose {name(GREEN6)}")
    res = state.zone(1, "resource")
    assert state.card_name(res[-1]) == name(GREEN6) and state.instance(res[-1])["sleeping"]
    assert state.names(1, "hand") == [name(GREEN6)]
    declined = arrange({}, spec)
    ignite_and_play(declined, "s9")
    act(declined, "pass (effect-may)")
    assert declined.zone(1, "resource") == [] and len(declined.zone(1, "hand")) == 2
    main = arrange({"hand": ["B02-083", GREEN4], "resource": GREENS[:3]}, {})
    play(main, "Homely Sage", "s1")
    assert main.decision() == "main" and len(main.zone(0, "resource")) == 3


def test_b02_085_yamabuki_from_charge_gives_any_zx_2000():
    """From your Charge: [Green 1, this card from your Charge into your Trash] one Z/X on a Square, anyone's and a
    Player Square too, gets +2000 until end of turn."""
    state = arrange({"charge": ["B02-085"], "resource": GREENS[:1], "field": {"s2": GREEN4}},
                    {"field": {"s8": GREEN4, "s7": GREEN6}})
    use(state, "Shifting Three-Section Staff")
    assert state.names(0, "trash") == [name("B02-085")] and squares(state) == ["s2", "s7", "s8"]
    act(state, "on s8")
    assert power_on(state, "s8") == 8500 and power_on(state, "s2") == 6500
    act(state, "p0 pass (main)")
    assert power_on(state, "s8") == 6500


def test_b02_088_apple_chameleon_gives_your_flower_insects_2000_with_nine_resource_cards():
    """Ruling B02-088 Q1: while your Resource holds 9 or more cards, each of your Flower-insect Z/X on Squares gets
    +2000, Apple Chameleon itself included; your other races and the opponent's Flower-insects do not, and with 8
    cards nothing does."""
    field = {"s1": "B02-088", "s3": "B04-087", "s5": GREEN4}
    state = arrange({"field": field, "resource": GREENS[:9]}, {"field": {"s7": "B04-087"}})
    assert power_on(state, "s1") == 7000 and power_on(state, "s3") == 8500 and power_on(state, "s5") == 6500
    assert power_on(state, "s7") == 6500
    eight = arrange({"field": field, "resource": GREENS[:8]}, {})
    assert power_on(eight, "s1") == 5000 and power_on(eight, "s3") == 6500


def test_b02_090_thorncrest_gets_3000_while_your_resource_holds_nine_cards():
    """Z15.22: continuous, +3000 while your Resource holds 9 or more cards; with 8 nothing."""
    assert power_on(arrange({"field": {"s1": "B02-090"}, "resource": GREENS[:9]}, {}), "s1") == 9500
    assert power_on(arrange({"field": {"s1": "B02-090"}, "resource": GREENS[:8]}, {}), "s1") == 6500


def test_b02_091_pheasant_may_put_a_hand_card_into_resource_when_it_destroys_in_battle():
    """When this card destroys an opponent's Z/X in battle, you may put a card of your hand into your Resource,
    sleeping (Z12.4); declined, the hand stays."""
    spec = {"field": {"s5": "B02-091"}, "hand": [GREEN6]}
    state = arrange(spec, {"field": {"s8": GREEN4}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.decision() == "effect-may"
    act(state, "yes")
    act(state, f"choose {name(GREEN6)}")
    res = state.zone(0, "resource")
    assert [state.card_name(c) for c in res] == [name(GREEN6)] and state.instance(res[0])["sleeping"]
    assert state.names(0, "hand") == []
    declined = arrange(spec, {"field": {"s8": GREEN4}})
    attack(declined, "s5", "s8")
    pass_battle(declined)
    act(declined, "pass (effect-may)")
    assert declined.names(0, "hand") == [name(GREEN6)] and declined.zone(0, "resource") == []


def test_b02_095_kosumosu_gives_another_of_your_zx_3000_when_it_appears():
    """When another Z/X of yours appears, it gets +3000 until end of turn (Z12.16); Kosumosu appearing itself does
    not, nor does a Z/X of the opponent."""
    state = arrange({"field": {"s1": "B02-095"}, "hand": [GREEN4], "resource": GREENS[:4]}, {})
    play(state, "Dignified Hairpin", "s3")
    assert power_on(state, "s3") == 9500 and power_on(state, "s1") == 9500
    act(state, "p0 pass (main)")
    assert power_on(state, "s3") == 6500
    itself = arrange({"field": {"s3": GREEN4}, "hand": ["B02-095"], "resource": GREENS[:7]}, {})
    play(itself, "Vivid Japanese Parasol", "s1")
    assert power_on(itself, "s1") == 9500 and power_on(itself, "s3") == 6500
    theirs = arrange({"field": {"s1": "B02-095"}}, {"hand": [GREEN4], "resource": GREENS[:4]}, turn_player=1)
    play(theirs, "Dignified Hairpin", "s9")
    assert power_on(theirs, "s9") == 6500


def test_b02_097_dad_help_me_gives_one_of_your_cheap_zx_4000():
    """One of your Z/X of Cost 3 or less on a Square gets +4000 until end of turn: not one of Cost 4, not the
    opponent's."""
    state = arrange({"hand": ["B02-097"], "resource": GREENS[:2], "field": {"s2": "B02-082", "s1": GREEN4}},
                    {"field": {"s7": "B02-082"}})
    play(state, "Dad, Help Me!")
    assert squares(state) == ["s2"]
    act(state, "on s2")
    assert power_on(state, "s2") == 9000 and power_on(state, "s7") == 5000


def test_b02_098_meditation_returns_up_to_two_resource_cards_to_your_hand():
    """Up to two cards of your Resource (Sleeping ones too) into your hand: two choices, each of which may choose
    nothing (Z12.3)."""
    state = arrange({"hand": ["B02-098"], "resource": GREENS[:4] + [GREEN4]}, {"resource": [GREEN6]})
    play(state, "Meditation of Fresh Green")
    assert "p0 pass (effect-card)" in texts(state)
    assert chosen_cards(state) == sorted([name("B02-082")] * 4 + [name(GREEN4)])
    act(state, f"choose {name(GREEN4)}")
    act(state, f"choose {name('B02-082')}")
    assert sorted(state.names(0, "hand")) == sorted([name(GREEN4), name("B02-082")])
    assert len(state.zone(0, "resource")) == 3 and len(state.zone(1, "resource")) == 1
    one = arrange({"hand": ["B02-098"], "resource": GREENS[:4]}, {})
    play(one, "Meditation of Fresh Green")
    act(one, "choose")
    act(one, "pass (effect-card)")
    assert len(one.zone(0, "hand")) == 1 and len(one.zone(0, "resource")) == 3


def test_b02_099_sweeping_strike_puts_the_strongest_zx_into_its_owners_resource():
    """Ruling B02-099 Q1 (Z12.13): among your opponent's Z/X on Normal Squares, one of the highest Power, your
    choice among ties, goes into its owner's Resource, sleeping; the stronger one on a Player Square does not
    count."""
    state = arrange({"hand": ["B02-099"], "resource": GREENS[:3]},
                    {"field": {"s7": GREEN4, "s9": BLUE4, "s4": "B02-082", "s8": GREEN6}})
    play(state, "Sweeping Strike")
    assert squares(state) == ["s7", "s9"]
    moved = on(state, "s9")
    act(state, "on s9")
    assert on(state, "s9") == -1 and state.zone(1, "resource") == [moved] and state.instance(moved)["sleeping"]
    assert on(state, "s7") != -1 and len(state.zone(0, "resource")) == 3


def test_b02_100_feuille_puts_a_second_card_into_resource_with_ten_cards():
    """The top card of your deck into your Resource, sleeping; then, if your Resource holds 10 or more cards, the
    next top card as well: from 9 cards two, from 8 one."""
    for before, after in ((9, 11), (8, 9)):
        state = arrange({"hand": ["B02-100"], "resource": GREENS[:before], "deck": [GREEN4, GREEN6]}, {})
        play(state, "Feuille Is Always")
        res = state.zone(0, "resource")
        assert len(res) == after and all(state.instance(c)["sleeping"] for c in res[before:]), before
        assert [state.card_name(c) for c in res[before:]] == [name(GREEN4), name(GREEN6)][:after - before]


def test_b02_100_an_ability_it_triggers_waits_until_it_has_resolved():
    """Ruling B02-100 Q1 (rules.md 12.1): with 8 cards in Resource (B03-029 among them), Feuille puts B03-093 into
    Resource: B03-093's ability waits; Feuille's "then, if 10 or more" reads 9 and does nothing; then B03-093's
    ability puts the top card into Resource. B03-093 stands in here with its ability written without the name
    condition, which the position meets (its own definition needs a name filter)."""
    hanazuo = ZXDefinition(Auto(Event.PUT_INTO_RESOURCE, If(ResourceSize(YOU) >= 5, May(TopToResource(YOU)))))
    table = CardSet(ERA.name, ERA.cards, effects={**ERA.effects, "B03-093": hanazuo})
    state = arrange_table({"hand": ["B02-100"], "resource": ["B03-029"] + GREENS[:7],
                           "deck": ["B03-093", GREEN4, GREEN6]}, {}, table=table)
    play(state, "Feuille Is Always")
    assert len(state.zone(0, "resource")) == 9 and state.decision() == "effect-may"  # Feuille resolved: no second
    act(state, "yes")
    res = state.zone(0, "resource")
    assert [state.card_name(c) for c in res[-2:]] == [name("B03-093"), name(GREEN4)] and len(res) == 10


def test_b02_020_dual_fire_cannot_choose_one_zx_twice():
    """Ruling B02-020 Q1: up to 2 of your opponent's Z/X on Normal Squares take 5000 damage each, two different
    ones: the second choice does not offer the first (which survived its 5000), and may pass."""
    from ..era import act, arrange, damage_on, texts

    state = arrange({"hand": ["B02-020"], "resource": ["B05-006"] * 4}, {"field": {"s7": "B05-014", "s9": "B05-014"}})
    act(state, "play Dual Fire")
    while state.decision() == "pay":
        act(state, "pay with")
    offered = sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)
    assert offered == ["s7", "s9"]
    act(state, "on s7")
    assert sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t) == ["s9"]
    assert [t for t in texts(state) if "pass" in t]
    act(state, "pass")
    assert damage_on(state, "s7") == 5000 and damage_on(state, "s9") == 0 and state.decision() == "main"
