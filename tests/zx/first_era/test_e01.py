"""The E01 cards of the first era doing what their text says, in real games of the card set ``first-era`` with its
definitions (src/tcbg/zx/cardsets/first_era_e01.py; docs/zx/cards.md; rulings of docs/zx/rules.md sections 12 and
15): each card played or its ability triggered through legal actions, what changed checked, and what must not
happen too."""

from __future__ import annotations

import json

from ..era import act, arrange, damage_on, name, on, power_on
from .test_b03 import (BIG, BLACKS, BLUES, CHEAP, GREENS, MID, REDS, SMALL, attack, choices, pass_battle, play, squares,
                       uses)

BRAVE = "C04-005"        # Goddess of the Hunt, Artemis: red Brave 3/5000, no ability
BATTLE_SUIT = "B04-028"  # Battle Hero, Markab: vanilla blue Battle Suit 4/6500
DEMON = "C02-013"        # Demon of Solitude, Solitus: black Demon 3/5000, no ability
ANGEL = "C03-014"        # Etoile of the Stars: white Angel 3/5000, no ability
HOURAI = "C04-014"       # Hidden-Art Shuriken, Otogirisou: green Hourai 3/5000, no ability


def test_e01_001_himiko_deals_2000_damage_when_it_or_another_brave_of_yours_appears():
    """When this card or another Brave of yours appears, 2000 damage to one Z/X on a Normal Square, either player's
    (Z12.16): its own appearance is one trigger; a Z/X of another race, or the opponent's Brave, triggers nothing."""
    state = arrange({"hand": ["E01-001", BRAVE, MID], "resource": REDS + ["B03-026"] * 3},
                    {"field": {"s7": BIG, "s8": BIG}})
    play(state, "E01-001", "s5")
    assert state.decision() == "effect-target" and squares(state) == ["s5", "s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 2000 and state.decision() == "main"
    play(state, BRAVE, "s4")
    act(state, "on s7")
    assert damage_on(state, "s7") == 4000 and state.decision() == "main"
    play(state, MID, "s6")
    assert state.decision() == "main" and damage_on(state, "s7") == 4000


def test_e01_001_the_opponents_brave_does_not_trigger_it():
    """Only your Braves: the opponent's Brave appearing is not "one of your Brave Z/X" (Z12.16, seen from the
    card's owner)."""
    state = arrange({"field": {"s5": "E01-001"}}, {"hand": [BRAVE], "resource": REDS[:3]}, turn_player=1)
    play(state, BRAVE, "s7")
    assert state.decision() == "main" and damage_on(state, "s5") == 0


def guan_yu(p1_charge: list[str], attacker: str = SMALL):
    """Player 0's ``attacker`` on s5 attacks Guan Yu on s8; Guan Yu's ability waits and asks player 1."""
    state = arrange({"field": {"s5": attacker}}, {"field": {"s8": "E01-004"}, "charge": p1_charge})
    attack(state, "s5", "s8")
    assert state.decision() == "effect-may" and state.current_player() == 1
    return state


def test_e01_004_guan_yu_trashes_a_brave_from_charge_to_deal_5000_to_its_attacker():
    """When this card is attacked, you may put one Brave card of your Charge into your Trash; if you did, 5000
    damage to the Z/X attacking it: Coal Armadillo (3500) is destroyed before the battle damage, so none is dealt
    (Z8.7)."""
    state = guan_yu([BRAVE, MID])
    act(state, "p1 yes")
    assert choices(state) == [name(BRAVE)]  # Crystal Swan is no Brave
    act(state, "p1 choose")
    assert state.names(1, "trash") == [name(BRAVE)] and on(state, "s5") == -1
    pass_battle(state)
    assert on(state, "s8") != -1 and damage_on(state, "s8") == 0
    declined = guan_yu([BRAVE])
    act(declined, "p1 pass (effect-may)")
    assert declined.names(1, "charge") == [name(BRAVE)] and on(declined, "s5") != -1


def test_e01_004_no_brave_to_trash_no_damage():
    """"If you did": saying yes with no Brave in the Charge puts nothing into the Trash and deals no damage."""
    state = guan_yu([MID])
    act(state, "p1 yes")
    assert state.names(1, "trash") == [] and on(state, "s5") != -1 and damage_on(state, "s5") == 0


def test_e01_004_once_per_attack():
    """Ruling E01-004 Q1: two Brave cards in the Charge do not make 10000: the ability triggers once per attack, one
    Brave card goes into the Trash and 5000 damage is dealt once."""
    state = guan_yu([BRAVE, BRAVE], attacker=BIG)
    act(state, "p1 yes")
    act(state, "p1 choose")
    assert damage_on(state, "s5") == 5000 and on(state, "s5") != -1
    assert state.names(1, "trash") == [name(BRAVE)] and state.names(1, "charge") == [name(BRAVE)]
    assert state.decision() == "battle-event"  # nothing else waits


def test_e01_005_avior_returns_a_zx_it_damaged_without_destroying():
    """When this card attacks and damages an opponent's Z/X of Power 5000 or less without destroying it, that Z/X
    returns to its owner's hand (Z12.4); a Z/X of more Power stays."""
    state = arrange({"field": {"s5": "E01-005"}}, {"field": {"s8": ANGEL}})  # 3000 on 5000
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.names(1, "hand") == [name(ANGEL)]
    big = arrange({"field": {"s5": "E01-005"}}, {"field": {"s8": MID}})
    attack(big, "s5", "s8")
    pass_battle(big)
    assert on(big, "s8") != -1 and damage_on(big, "s8") == 3000


def test_e01_005_a_zx_the_attack_destroys_is_not_returned():
    """Ruling E01-005 Q1: Avior attacks a Z/X of 3000 Power and its damage destroys it: it goes into the Charge and
    cannot be returned to the hand."""
    state = arrange({"field": {"s5": "E01-005"}}, {"field": {"s8": "C03-005"}})  # Avior (starter), 3000 Power
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.names(1, "charge") == [name("C03-005")] and state.names(1, "hand") == []


def test_e01_006_denebola_draws_with_a_battle_suit_in_charge():
    """When this card appears, if your Charge holds a Battle Suit card, draw a card (read on resolution)."""
    state = arrange({"hand": ["E01-006"], "resource": BLUES[:4], "charge": [BATTLE_SUIT], "deck": [BIG]}, {})
    play(state, "E01-006", "s5")
    assert state.names(0, "hand") == [name(BIG)]
    without = arrange({"hand": ["E01-006"], "resource": BLUES[:4], "charge": [MID]}, {})
    play(without, "E01-006", "s5")
    assert without.names(0, "hand") == []


def test_e01_007_fomalhaut_may_return_a_zx_of_cost_4_or_less_with_a_battle_suit_in_charge():
    """When this card appears, if your Charge holds a Battle Suit card, you may return one Z/X of Cost 4 or less on a
    Normal Square, either player's, to its owner's hand; without one nothing is asked."""
    p1 = {"field": {"s7": MID, "s9": BIG, "s8": SMALL}}
    state = arrange({"hand": ["E01-007"], "resource": BLUES[:5], "charge": [BATTLE_SUIT], "field": {"s1": CHEAP}}, p1)
    play(state, "E01-007", "s5")
    act(state, "yes")
    assert squares(state) == ["s1", "s7"]
    act(state, "on s7")
    assert state.names(1, "hand") == [name(MID)]
    without = arrange({"hand": ["E01-007"], "resource": BLUES[:5], "charge": [MID]}, p1)
    play(without, "E01-007", "s5")
    assert without.decision() == "main"


def test_e01_009_ciel_gets_500_for_each_other_angel_of_yours():
    """+500 Power for each other Angel of yours on a Square (Z12.6); the opponent's Angels and itself do not
    count."""
    state = arrange({"field": {"s1": "E01-009", "s3": ANGEL, "s4": ANGEL}}, {"field": {"s7": ANGEL}})
    assert power_on(state, "s1") == 4500 + 1000
    alone = arrange({"field": {"s1": "E01-009", "s3": MID}}, {"field": {"s7": ANGEL}})
    assert power_on(alone, "s1") == 4500


def test_e01_012_eclair_gets_500_for_each_other_angel_of_yours():
    """+500 Power for each other Angel of yours on a Square; the opponent's do not count."""
    state = arrange({"field": {"s1": "E01-012", "s3": ANGEL}}, {"field": {"s7": ANGEL, "s9": ANGEL}})
    assert power_on(state, "s1") == 9500
    assert power_on(state, "s7") == 5000


def test_e01_014_saevum_destroys_a_demon_of_yours_to_make_the_opponent_discard():
    """When this card appears, you may destroy another Demon of yours on a Square; if you did, the opponent puts a
    card of their hand, of their own choice, into their Trash."""
    state = arrange({"hand": ["E01-014"], "resource": BLACKS[:4], "field": {"s1": DEMON, "s3": MID}},
                    {"hand": [BIG, SMALL], "field": {"s7": DEMON}})
    play(state, "E01-014", "s5")
    act(state, "yes")
    assert squares(state) == ["s1"]  # yours, a Demon, not this card
    act(state, "on s1")
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name(DEMON)]
    assert state.current_player() == 1 and choices(state) == sorted([name(BIG), name(SMALL)])
    act(state, f"p1 choose {name(SMALL)}")
    assert state.names(1, "hand") == [name(BIG)] and state.names(1, "trash") == [name(SMALL)]
    no_demon = arrange({"hand": ["E01-014"], "resource": BLACKS[:4], "field": {"s3": MID}}, {"hand": [BIG]})
    play(no_demon, "E01-014", "s5")
    act(no_demon, "yes")
    assert no_demon.decision() == "main" and no_demon.names(1, "hand") == [name(BIG)]


def test_e01_015_lunaticus_destroys_a_demon_of_yours_to_destroy_a_zx_of_cost_4_or_less():
    """When this card appears, you may destroy another Demon of yours on a Square; if you did, destroy one Z/X of
    Cost 4 or less on a Normal Square, either player's; declining destroys nothing."""
    p1 = {"field": {"s7": MID, "s9": BIG}}
    state = arrange({"hand": ["E01-015"], "resource": BLACKS[:5], "field": {"s1": DEMON}}, p1)
    play(state, "E01-015", "s5")
    act(state, "yes")
    act(state, "on s1")
    assert on(state, "s1") == -1 and squares(state) == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and on(state, "s9") != -1
    declined = arrange({"hand": ["E01-015"], "resource": BLACKS[:5], "field": {"s1": DEMON}}, p1)
    play(declined, "E01-015", "s5")
    act(declined, "pass (effect-may)")
    assert on(declined, "s1") != -1 and on(declined, "s7") != -1 and declined.decision() == "main"


def test_e01_016_barbarus_trashes_3_charge_cards_to_destroy_a_zx():
    """[Put 3 cards of your Charge into your Trash]: destroy one Z/X on a Normal Square, either player's (Z12.8);
    not with 2 Charge cards."""
    state = arrange({"field": {"s1": "E01-016"}, "charge": [MID, SMALL, CHEAP, BIG]}, {"field": {"s7": BIG, "s8": BIG}})
    act(state, "use the ability of Demon of Savagery")
    for _ in range(3):
        act(state, "p0 put")
    assert len(state.zone(0, "trash")) == 3 and squares(state) == ["s1", "s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and uses(state) == []  # one Charge card left
    poor = arrange({"field": {"s1": "E01-016"}, "charge": [MID, SMALL]}, {"field": {"s7": BIG}})
    assert uses(poor) == []


def test_e01_018_satsuki_gives_1000_to_your_other_hourai():
    """Your other Hourai on Squares get +1000 Power (Z12.6): not this card, not the opponent's Hourai, not another
    race; while it stays on its Square."""
    state = arrange({"field": {"s1": "E01-018", "s3": HOURAI, "s4": MID}}, {"field": {"s7": HOURAI}})
    assert power_on(state, "s3") == 6000 and power_on(state, "s1") == 6500
    assert power_on(state, "s4") == 6500 and power_on(state, "s7") == 5000
    doc = json.loads(state.to_json())
    doc["field"] = [e for e in doc["field"] if e["square"] != "s1"]
    doc["players"][0]["trash"].append(next(e["card"] for e in json.loads(state.to_json())["field"]
                                           if e["square"] == "s1"))
    gone = state._game.state_from_json(doc)
    assert power_on(gone, "s3") == 5000


def test_e01_019_mokuren_may_put_a_hourai_from_charge_into_resource_sleeping():
    """When this card appears, you may put one Hourai card of your Charge into your Resource, sleeping; other races
    are not offered."""
    state = arrange({"hand": ["E01-019"], "resource": GREENS[:6], "charge": [HOURAI, MID]}, {})
    play(state, "E01-019", "s5")
    act(state, "yes")
    assert choices(state) == [name(HOURAI)]
    act(state, "choose")
    res = state.zone(0, "resource")
    assert state.card_name(res[-1]) == name(HOURAI) and state.instance(res[-1])["sleeping"]
    assert state.names(0, "charge") == [name(MID)]
