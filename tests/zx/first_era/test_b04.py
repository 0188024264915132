"""The B04 cards of the set ``first-era`` doing what their text says, in real games of the era's card set with its
definitions (src/tcbg/zx/cardsets/first_era_b04.py; docs/zx/cards.md; rulings of docs/zx/rules.md sections 12
and 15): each card in a position arranged for it, played through legal actions chosen by their text, checking what
changed and what must not happen."""

from __future__ import annotations

import random

import tcbg
from tcbg.effects.refs import Chosen
from tcbg.zx.cards import CardSet
from tcbg.zx.cardsets import first_era_b04
from tcbg.zx.effects.language import ZX, Auto, Event, ReturnToHand, ZXDefinition

from .. import starter
from ..era import ERA, act, arrange, attack, damage_on, name, on, pass_battle, pay_all, power_on, texts, uses
from ..era_decks import random_deck

REDS = ["C04-005"] * 6      # Goddess of the Hunt, Artemis: red Brave 3/5000
BLUES = ["C02-005"] * 6     # Erasure Machine, Void: blue 3/5000
WHITES = ["C01-012"] * 6    # Lawbringer Dhaulagiri: white 3/5000
BLACKS = ["C02-013"] * 6    # Demon of Solitude, Solitus: black 3/5000
GREENS = ["C04-014"] * 12   # Hidden-Art Shuriken, Otogirisou: green 3/5000
SMALL = "B01-003"           # Heated Coal, Coal Armadillo: vanilla red 2/3500, no icon
MID = "B04-008"             # Battle-Axe Workshop, Bardiche: vanilla red 4/6500
BIG = "C04-011"             # Iron-Boot Artisan, Greave: vanilla red 6/9500
BRAVE = "E01-002"           # Seigan Stance, Okita Soji: vanilla red Brave 4/6500
BATTLE_SUIT = "B04-028"     # Battle Hero, Markab: vanilla blue Battle Suit 4/6500


def play(state, card: str, square: str | None = None):
    """Plays the hand card named ``card`` (onto ``square`` for a Z/X), paying its Cost."""
    act(state, f"play {card}")
    if square is not None:
        act(state, f"to square {square}")
    pay_all(state)


def to_ignition(state):
    """Player 0 ends turn 1; player 1 draws 2 and passes the Resource phase: player 1's Ignition decision (the
    third card of player 1's ``deck`` is revealed by their first Ignition)."""
    act(state, "p0 pass (main)")
    act(state, "p1 pass (resource)")
    assert state.decision() == "ignition"


def targets(state) -> list[str]:
    """The Squares an effect's choice offers."""
    return sorted(t.split(" on ")[1] for t in texts(state) if " on s" in t)


def test_b04_001_sleipnir_gets_1000_when_it_attacks():
    """When this card attacks, it gets +1000 Power until end of turn: 4000 destroys a 3500 Z/X its 3000 would not."""
    state = arrange({"field": {"s4": "B04-001"}}, {"field": {"s7": SMALL}})
    assert power_on(state, "s4") == 3000
    attack(state, "s4", "s7")
    assert power_on(state, "s4") == 4000
    pass_battle(state)
    assert on(state, "s7") == -1 and state.names(1, "charge") == [name(SMALL)]
    act(state, "pass (main)")
    assert power_on(state, "s4") == 3000  # until end of turn


def test_b04_004_amethyst_swallow_gets_1000_while_the_hand_is_empty():
    """While you have no cards in hand, +1000 Power (Z12.6): read as the hand is now."""
    state = arrange({"field": {"s1": "B04-004"}, "hand": [SMALL], "resource": REDS[:2]}, {})
    assert power_on(state, "s1") == 4500
    play(state, "Heated Coal", "s3")
    assert state.names(0, "hand") == [] and power_on(state, "s1") == 5500
    other = arrange({"field": {"s1": "B04-004"}}, {"field": {"s7": "B04-004"}, "hand": [SMALL]})
    assert power_on(other, "s1") == 5500 and power_on(other, "s7") == 4500  # each player's own hand


def test_b04_007_tomoe_gozen_from_charge_deals_5000_damage():
    """From your Charge: [Red 2, put this card from your Charge into your Trash] 5000 damage to one Z/X on a Normal
    Square, either player's (Z12.8); not from a Square."""
    state = arrange({"charge": ["B04-007"], "resource": REDS[:2], "field": {"s3": MID}},
                    {"field": {"s8": MID, "s7": BIG}})
    assert len(uses(state)) == 1
    act(state, "use the ability of Heroine of Shinano")
    pay_all(state)
    assert state.names(0, "trash") == [name("B04-007")] and state.names(0, "charge") == []
    assert targets(state) == ["s3", "s7"]  # not s8: a Player Square
    act(state, "on s7")
    assert damage_on(state, "s7") == 5000 and on(state, "s7") != -1 and state.decision() == "main"
    on_field = arrange({"field": {"s1": "B04-007"}, "resource": REDS[:2]}, {"field": {"s7": BIG}})
    assert uses(on_field) == []
    poor = arrange({"charge": ["B04-007"], "resource": REDS[:1]}, {"field": {"s7": BIG}})
    assert uses(poor) == []


def test_b04_009_fluorite_lynx_destroys_itself_for_8000_damage_only_with_an_empty_hand():
    """[Red 2, destroy this card]: 8000 damage to one Z/X on a Normal Square, either player's; usable only while you
    have no cards in hand (Z12.8)."""
    with_hand = arrange({"field": {"s1": "B04-009"}, "resource": REDS[:2], "hand": [SMALL]}, {"field": {"s7": BIG}})
    assert uses(with_hand) == []
    state = arrange({"field": {"s1": "B04-009", "s3": MID}, "resource": REDS[:2]}, {"field": {"s7": BIG}})
    act(state, "use the ability of Heartless Fluorite")
    pay_all(state)
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name("B04-009")]  # destroyed: into Charge
    assert targets(state) == ["s3", "s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 8000 and on(state, "s7") != -1  # 8000 on 9500: it survives


def _charge_full_ability(card: str, user: str) -> None:
    """A card using its [destroy this card] ability with 4 cards in Charge (rules.md Z15.60)."""
    state = arrange({"field": {"s1": card}, "resource": REDS[:2], "charge": [SMALL] * 4}, {"field": {"s7": MID}})
    assert len(uses(state)) == 1  # usable: the destroyed card's destination is no cost condition
    act(state, f"use the ability of {user}")
    pay_all(state)
    assert state.names(0, "charge") == [name(SMALL)] * 4 + [name(card)]  # into Charge, beyond its limit for now
    act(state, "on s7")
    assert state.decision() == "charge-excess"  # the preprocessing: the Charge excess first (901.2) ...
    assert {t.split(" put ")[1].split(" #")[0] for t in texts(state)} == {name(SMALL), name(card)}
    act(state, f"put {name(card)}")
    assert state.names(0, "charge") == [name(SMALL)] * 4 and state.names(0, "trash") == [name(card)]
    assert on(state, "s7") == -1 and state.decision() == "main"  # ... then the lethal damage (6500 Power)


def test_b04_009_with_four_cards_in_charge_the_ability_is_used_and_the_charge_excess_follows():
    """Ruling B04-009 Q1: with 4 cards in Charge the [destroy this card] ability can be used; the ruling's "the
    destroyed card goes to Trash" is the old Charge rule: tcbg plays CR 906.1, so the card goes into Charge and its
    owner then chooses the excess card to put into Trash, which may be that card (rules.md Z15.60)."""
    _charge_full_ability("B04-009", "Heartless Fluorite")


def test_b04_010_coral_lizard_deals_10000_damage_to_an_opponents_zx_only():
    """[Red 2, destroy this card]: 10000 damage to one of your opponent's Z/X on a Normal Square (the Japanese text;
    the starter's C04-009 of the same name reads any Z/X); only with an empty hand (Z12.8)."""
    with_hand = arrange({"field": {"s1": "B04-010"}, "resource": REDS[:2], "hand": [SMALL]}, {"field": {"s7": BIG}})
    assert uses(with_hand) == []
    state = arrange({"field": {"s1": "B04-010", "s3": MID}, "resource": REDS[:2]}, {"field": {"s7": BIG, "s8": MID}})
    act(state, "use the ability of Strange Coral")
    pay_all(state)
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name("B04-010")]
    assert targets(state) == ["s7"]  # not your own s3, not the Player Square s8
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "charge") == [name(BIG)]  # 10000 on 9500


def test_b04_010_with_four_cards_in_charge_the_ability_is_used_and_the_charge_excess_follows():
    """Ruling B04-010 Q1: with 4 cards in Charge the [destroy this card] ability can be used; the destroyed card goes
    into Charge and its owner chooses the excess card for Trash under CR 906.1 (rules.md Z15.60)."""
    _charge_full_ability("B04-010", "Strange Coral")


def test_b04_011_dartagnan_deals_2000_when_it_or_another_brave_of_yours_appears():
    """When this card or one of your Brave Z/X appears, 2000 damage to one Z/X on a Normal Square (Z12.16): its own
    appearance is one trigger (it is a Brave itself); a non-Brave of yours, or an opponent's Brave, triggers
    nothing."""
    state = arrange({"hand": ["B04-011", BRAVE, MID], "resource": REDS * 2}, {"field": {"s7": BIG, "s9": MID}})
    play(state, "Musketeer of the Oath", "s4")
    assert state.decision() == "effect-target" and targets(state) == ["s4", "s7", "s9"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 2000 and state.decision() == "main"  # once
    play(state, "Seigan Stance", "s6")
    assert state.decision() == "effect-target"
    act(state, "on s7")
    assert damage_on(state, "s7") == 4000 and state.decision() == "main"
    resource = arrange({"field": {"s4": "B04-011"}, "hand": [MID], "resource": REDS[:4]}, {"field": {"s7": BIG}})
    play(resource, "Battle-Axe Workshop", "s1")
    assert resource.decision() == "main" and damage_on(resource, "s7") == 0  # not a Brave
    theirs = arrange({"field": {"s4": "B04-011"}}, {"hand": [BRAVE], "resource": REDS[:4], "field": {"s7": BIG}},
                     turn_player=1)
    play(theirs, "Seigan Stance", "s9")
    assert theirs.decision() == "main" and damage_on(theirs, "s7") == 0  # not yours


def test_b04_013_yamata_no_orochi_gets_2000_while_resource_holds_9_or_fewer():
    """While your Resource holds 9 or fewer cards, +2000 Power (Z12.6)."""
    assert power_on(arrange({"field": {"s1": "B04-013"}, "resource": GREENS[:9]}, {}), "s1") == 10500
    assert power_on(arrange({"field": {"s1": "B04-013"}}, {}), "s1") == 10500
    assert power_on(arrange({"field": {"s1": "B04-013"}, "resource": GREENS[:10]}, {}), "s1") == 8500


def _hades(p0_field: dict):
    """Player 1 reveals Hades Aidoneus by Ignition: it goes into Trash and its Evol Seed waits (Z12.9)."""
    state = arrange({"field": p0_field}, {"charge": [SMALL], "deck": [SMALL, SMALL, "B04-014"]})
    to_ignition(state)
    act(state, "p1 ignite with Heated Coal")
    assert name("B04-014") in state.names(1, "trash") and state.decision() == "effect-target"
    return state


def test_b04_014_hades_evol_seed_deals_2000_to_up_to_two_opponents_zx():
    """Evol Seed: choose up to 2 of your opponent's Z/X on Normal Squares and deal 2000 damage to each (Z12.3: two
    choices, each of which may choose nothing); a Z/X on a Player Square is not offered."""
    state = _hades({"s1": MID, "s3": BIG, "s2": MID})
    assert targets(state) == ["s1", "s3"] and "p1 pass (effect-target)" in texts(state)
    act(state, "on s1")
    act(state, "on s3")
    assert damage_on(state, "s1") == damage_on(state, "s3") == 2000 and damage_on(state, "s2") == 0
    assert state.decision() == "main"
    none = _hades({"s1": MID})
    act(none, "pass (effect-target)")
    act(none, "pass (effect-target)")
    assert damage_on(none, "s1") == 0


def test_b04_014_the_same_zx_chosen_twice_takes_2000_once():
    """Up to 2 Z/X, 2000 damage to each: choosing the first Z/X again as the second adds nothing, as choosing
    nothing would (rules.md Z15.61)."""
    state = _hades({"s1": MID, "s3": BIG})
    act(state, "on s1")
    act(state, "on s1")
    assert damage_on(state, "s1") == 2000 and damage_on(state, "s3") == 0 and state.decision() == "main"
    one = _hades({"s1": MID, "s3": BIG})
    act(one, "pass (effect-target)")
    act(one, "on s3")
    assert damage_on(one, "s3") == 2000 and damage_on(one, "s1") == 0


def test_b04_017_operation_recapture_tokyo_gives_an_attacking_zx_5000():
    """One attacking Z/X on a Square gets +5000 Power until end of turn: played in the Battle Event step, the
    attacker's 11500 destroys a 9500 Z/X; in the Main phase nothing is attacking and nothing happens."""
    state = arrange({"field": {"s4": MID, "s1": MID}, "hand": ["B04-017"], "resource": REDS[:2]},
                    {"field": {"s7": BIG}})
    attack(state, "s4", "s7")
    play(state, "Operation Recapture Tokyo")
    assert targets(state) == ["s4"]  # the attacker only
    act(state, "on s4")
    assert power_on(state, "s4") == 11500 and power_on(state, "s1") == 6500
    pass_battle(state)
    assert on(state, "s7") == -1
    act(state, "pass (main)")
    assert power_on(state, "s4") == 6500
    main = arrange({"field": {"s4": MID}, "hand": ["B04-017"], "resource": REDS[:2]}, {"field": {"s7": BIG}})
    play(main, "Operation Recapture Tokyo")
    assert main.decision() == "main" and power_on(main, "s4") == 6500
    assert main.names(0, "trash") == [name("B04-017")]


def test_b04_024_throwing_may_return_a_zx_of_9000_power_or_more():
    """When this card appears, you may choose one of your opponent's Z/X of Power 9000 or more on a Normal Square
    and return it to its owner's hand: Power as it is now (Orochi's 8500 with its +2000 counts), never a Player
    Square."""
    state = arrange({"hand": ["B04-024"], "resource": BLUES[:3]},
                    {"field": {"s7": BIG, "s8": BIG, "s9": "B04-013", "s6": MID}})
    play(state, "Throwing Machine", "s4")
    assert state.decision() == "effect-may"
    act(state, "yes")
    assert targets(state) == ["s7", "s9"]
    act(state, "on s9")
    assert on(state, "s9") == -1 and state.names(1, "hand") == [name("B04-013")]
    declined = arrange({"hand": ["B04-024"], "resource": BLUES[:3]}, {"field": {"s7": BIG}})
    play(declined, "Throwing Machine", "s4")
    act(declined, "pass (effect-may)")
    assert on(declined, "s7") != -1 and declined.decision() == "main"


def test_b04_030_fiore_from_charge_may_move_a_zx_not_in_battle_to_an_adjacent_normal_square():
    """From your Charge: [Blue 1, put this card into your Trash] you may choose a Z/X on a Normal Square that is not
    in battle and put it onto an empty Normal Square next to it (Z12.11: it keeps its state); used in the Battle
    Event step, the two Z/X of the battle are not offered."""
    state = arrange({"field": {"s4": MID, "s3": (MID, True)}, "charge": ["B04-030"], "resource": BLUES[:1]},
                    {"field": {"s7": BIG, "s9": SMALL}})
    attack(state, "s4", "s7")
    act(state, "use the ability of Droplet Sound")
    pay_all(state)
    assert state.names(0, "trash") == [name("B04-030")] and state.decision() == "effect-may"
    act(state, "yes")
    assert targets(state) == ["s3", "s9"]  # not s4, s7: in battle
    act(state, "on s3")
    assert sorted(t.split(" square ")[1] for t in texts(state)) == ["s6"]  # s2 is a Player Square
    moved = on(state, "s3")
    act(state, "square s6")
    assert on(state, "s6") == moved and on(state, "s3") == -1 and state.instance(moved)["sleeping"]
    assert state.decision() == "battle-event"


def test_b04_030_fiore_may_decline():
    """"You may": answering no moves nothing; the cost is paid all the same (Z12.8)."""
    state = arrange({"field": {"s4": MID}, "charge": ["B04-030"], "resource": BLUES[:1]}, {"field": {"s7": BIG}})
    act(state, "use the ability of Droplet Sound")
    pay_all(state)
    act(state, "pass (effect-may)")
    assert on(state, "s4") != -1 and on(state, "s7") != -1 and state.names(0, "trash") == [name("B04-030")]


def test_b04_031_capella_puts_a_zx_into_its_owners_deck_with_two_battle_suits_in_charge():
    """When this card appears, if your Charge holds 2 or more Battle Suit cards, one of your opponent's Z/X on a
    Normal Square goes into its owner's deck, which is shuffled; with one Battle Suit (or two in the opponent's
    Charge) nothing happens."""
    state = arrange({"hand": ["B04-031"], "resource": BLUES[:5], "charge": [BATTLE_SUIT, BATTLE_SUIT]},
                    {"field": {"s7": BIG, "s8": MID}})
    deck = len(state.zone(1, "deck"))
    play(state, "Star Shooter", "s4")
    assert targets(state) == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and len(state.zone(1, "deck")) == deck + 1 and name(BIG) in state.names(1, "deck")
    assert state.names(1, "charge") == [] and state.decision() == "main"
    for charges in ({"charge": [BATTLE_SUIT, MID]}, {"charge": [BATTLE_SUIT]}):
        one = arrange({"hand": ["B04-031"], "resource": BLUES[:5], **charges},
                      {"field": {"s7": BIG}, "charge": [BATTLE_SUIT, BATTLE_SUIT]})
        play(one, "Star Shooter", "s4")
        assert one.decision() == "main" and on(one, "s7") != -1


def test_b04_038_draconic_cannon_returns_a_zx_of_cost_5_or_more():
    """One of your opponent's Z/X of Cost 5 or more on a Normal Square back to its owner's hand."""
    state = arrange({"hand": ["B04-038"], "resource": BLUES[:2], "field": {"s1": BIG}},
                    {"field": {"s7": BIG, "s9": MID, "s8": BIG}})
    play(state, "Machine-Steel Cannon")
    assert targets(state) == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "hand") == [name(BIG)]


def test_b04_039_sword_revolution_returns_any_zx_with_a_battle_suit_in_charge():
    """With a Battle Suit in your Charge, one of your opponent's Z/X on a Normal Square back to hand; without, one
    of Cost 3 or less (read on resolution)."""
    field = {"s7": BIG, "s9": "C02-005", "s8": SMALL}
    state = arrange({"hand": ["B04-039"], "resource": BLUES[:2], "charge": [BATTLE_SUIT]}, {"field": field})
    play(state, "Sword Revolution")
    assert targets(state) == ["s7", "s9"]
    act(state, "on s7")
    assert state.names(1, "hand") == [name(BIG)]
    without = arrange({"hand": ["B04-039"], "resource": BLUES[:2], "charge": [MID]}, {"field": field})
    play(without, "Sword Revolution")
    assert targets(without) == ["s9"]
    act(without, "on s9")
    assert without.names(1, "hand") == [name("C02-005")]


def test_b04_041_destinee_gives_your_army_area_1000():
    """Each of your Z/X on a Square of your Army Area gets +1000 Power, this card included; not those in the Center
    or the Enemy Army Area, not the opponent's."""
    state = arrange({"field": {"s1": "B04-041", "s2": MID, "s4": MID, "s9": MID}}, {"field": {"s7": MID}})
    assert power_on(state, "s1") == 3500 and power_on(state, "s2") == 7500
    assert power_on(state, "s4") == power_on(state, "s9") == power_on(state, "s7") == 6500
    theirs = arrange({"field": {"s1": MID}}, {"field": {"s8": "B04-041", "s9": MID}})
    assert power_on(theirs, "s9") == 7500 and power_on(theirs, "s1") == 6500  # their own near row


def test_b04_044_aura_kirin_weakens_an_attacked_zx_of_cost_4_or_less():
    """When this card attacks a Z/X of Cost 4 or less, the attacked Z/X gets -2000 until end of turn: Kirin's 4500
    then destroys a 6500 Cost 4; a Cost 6 Z/X is not weakened."""
    state = arrange({"field": {"s4": "B04-044"}}, {"field": {"s7": MID}})
    attack(state, "s4", "s7")
    assert power_on(state, "s7") == 4500
    pass_battle(state)
    assert on(state, "s7") == -1
    big = arrange({"field": {"s4": "B04-044"}}, {"field": {"s7": BIG}})
    attack(big, "s4", "s7")
    assert power_on(big, "s7") == 9500 and big.decision() == "battle-event"
    player = arrange({"field": {"s5": "B04-044"}}, {"field": {"s9": MID}})
    attack(player, "s5", "s8")
    assert power_on(player, "s9") == 6500 and player.decision() == "battle-event"


def test_b04_047_elbrus_evol_seed_weakens_every_opponents_zx():
    """Evol Seed: each of your opponent's Z/X on Squares (Player Squares included) gets -1000 until end of turn;
    your own are not changed."""
    state = arrange({"field": {"s1": MID, "s2": BIG}},
                    {"charge": [SMALL], "deck": [SMALL, SMALL, "B04-047"], "field": {"s9": MID}})
    to_ignition(state)
    act(state, "p1 ignite with Heated Coal")
    assert name("B04-047") in state.names(1, "trash")
    assert power_on(state, "s1") == 5500 and power_on(state, "s2") == 8500 and power_on(state, "s9") == 6500


def cards_offered(state) -> list[str]:
    """The names of the cards an effect's choice offers (effect-card actions)."""
    return sorted(t.split(" choose ")[1].split(" #")[0] for t in texts(state) if " choose " in t)


def test_b04_058_shining_angel_returns_a_card_of_your_charge_to_hand():
    """One card of your Charge back to your hand; the opponent's Charge is not offered."""
    state = arrange({"hand": ["B04-058"], "resource": WHITES[:1], "charge": [BIG, SMALL]}, {"charge": [MID]})
    play(state, "Shining Angel")
    assert state.decision() == "effect-card" and cards_offered(state) == sorted([name(BIG), name(SMALL)])
    act(state, f"choose {name(SMALL)}")
    assert state.names(0, "hand") == [name(SMALL)] and state.names(0, "charge") == [name(BIG)]
    assert state.names(1, "charge") == [name(MID)]


def test_b04_059_gem_shine_destroys_a_zx_attacking_you_or_one_on_a_player_square():
    """Destroy one Z/X that is attacking you, or one on a Player Square (either player's): played by the attacked
    player in the Battle Event step, the attacker is offered; it is destroyed and the battle deals no damage
    (Z8.7)."""
    state = arrange({"field": {"s4": MID, "s2": SMALL, "s6": MID}},
                    {"field": {"s7": BIG, "s8": SMALL}, "hand": ["B04-059"], "resource": WHITES[:3]})
    attack(state, "s4", "s7")
    act(state, "p0 pass (battle-event)")
    play(state, "Heavenly Light")
    assert targets(state) == ["s2", "s4", "s8"]
    act(state, "on s4")
    assert on(state, "s4") == -1 and state.names(0, "charge") == [name(MID)]
    pass_battle(state)
    assert damage_on(state, "s7") == 0 and state.decision() == "main"


def test_b04_059_your_own_attacker_is_not_attacking_you():
    """Played by the attacking player, the attacker is not "attacking you": only the Z/X on Player Squares are
    offered."""
    state = arrange({"field": {"s4": MID, "s2": SMALL}, "hand": ["B04-059"], "resource": WHITES[:3]},
                    {"field": {"s7": BIG}})
    attack(state, "s4", "s7")
    play(state, "Heavenly Light")
    assert targets(state) == ["s2"]


def test_b04_060_extermination_flow_weakens_the_opponents_zx_on_normal_squares():
    """Each of your opponent's Z/X on Normal Squares gets -5000 until end of turn: one brought to 0 or less is
    destroyed (CR 904); the Player Square's Z/X and your own are not changed."""
    state = arrange({"hand": ["B04-060"], "resource": WHITES[:4], "field": {"s1": MID}},
                    {"field": {"s7": BIG, "s8": BIG, "s9": SMALL}})
    play(state, "Extermination Flow")
    assert power_on(state, "s7") == 4500 and power_on(state, "s8") == 9500 and power_on(state, "s1") == 6500
    assert on(state, "s9") == -1 and state.names(1, "charge") == [name(SMALL)]
    act(state, "pass (main)")
    assert power_on(state, "s7") == 9500


def test_b04_061_skeletal_fighter_gets_1000_with_10_cards_in_trash():
    """While your Trash holds 10 or more cards, +1000 Power (Z12.6); the opponent's Trash does not count."""
    assert power_on(arrange({"field": {"s1": "B04-061"}, "trash": [SMALL] * 10}, {}), "s1") == 4000
    assert power_on(arrange({"field": {"s1": "B04-061"}, "trash": [SMALL] * 9}, {"trash": [SMALL] * 10}), "s1") == 3000


def test_b04_069_snap_shooter_from_charge_destroys_a_cheap_opponents_zx():
    """From your Charge: [Black 2, put this card into your Trash] destroy one of your opponent's Z/X of Cost 3 or
    less on a Normal Square."""
    state = arrange({"charge": ["B04-069"], "resource": BLACKS[:2], "field": {"s1": SMALL}},
                    {"field": {"s7": SMALL, "s9": "C02-005", "s6": MID, "s8": SMALL}})
    act(state, "use the ability of Sharpshooter")
    pay_all(state)
    assert state.names(0, "trash") == [name("B04-069")] and targets(state) == ["s7", "s9"]
    act(state, "on s9")
    assert on(state, "s9") == -1 and state.names(1, "charge") == [name("C02-005")]
    assert uses(arrange({"field": {"s1": "B04-069"}, "resource": BLACKS[:2]}, {"field": {"s7": SMALL}})) == []


def test_b04_070_chomping_vise_evol_seed_destroys_a_zx_of_cost_6_or_more():
    """Evol Seed: destroy one of your opponent's Z/X of Cost 6 or more on a Normal Square."""
    state = arrange({"field": {"s1": BIG, "s3": MID, "s2": BIG}},
                    {"charge": [SMALL], "deck": [SMALL, SMALL, "B04-070"], "field": {"s9": BIG}})
    to_ignition(state)
    act(state, "p1 ignite with Heated Coal")
    assert targets(state) == ["s1"]
    act(state, "on s1")
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name(BIG)]


def test_b04_075_crunchy_charm_makes_the_opponent_discard_one_or_two():
    """When this card appears, your opponent chooses a card of their hand and puts it into their Trash; then, if
    their Resource holds 10 or more cards, one more (the opponent decides: rules.md Z12.3's chooser)."""
    blacks = BLACKS + BLACKS[:1]
    state = arrange({"hand": ["B04-075", SMALL], "resource": blacks}, {"hand": [SMALL, MID], "resource": GREENS[:9]})
    play(state, "Crunchy Charm", "s4")
    assert state.decision() == "effect-card" and state.current_player() == 1
    assert cards_offered(state) == sorted([name(SMALL), name(MID)])  # their hand, not yours
    act(state, f"p1 choose {name(MID)}")
    assert state.names(1, "hand") == [name(SMALL)] and state.names(1, "trash") == [name(MID)]
    assert state.decision() == "main" and state.names(0, "hand") == [name(SMALL)]
    rich = arrange({"hand": ["B04-075"], "resource": blacks}, {"hand": [SMALL, MID, BIG], "resource": GREENS[:10]})
    play(rich, "Crunchy Charm", "s4")
    act(rich, f"p1 choose {name(BIG)}")
    assert rich.decision() == "effect-card" and rich.current_player() == 1
    act(rich, f"p1 choose {name(SMALL)}")
    assert rich.names(1, "hand") == [name(MID)] and sorted(rich.names(1, "trash")) == sorted([name(BIG), name(SMALL)])


def test_b04_076_avaritia_may_destroy_your_zx_to_return_two_from_trash():
    """When this card appears, you may destroy another Z/X of yours; if you did, up to two Z/X of Cost 6 or less
    from your Trash to your hand (not an Event, not a Cost 7, not the Z/X just destroyed: it went into Charge)."""
    trash = [BIG, "B04-075", SMALL, "B04-017"]
    state = arrange({"hand": ["B04-076"], "resource": BLACKS + BLACKS[:2], "field": {"s1": MID}, "trash": trash},
                    {"field": {"s7": MID}})
    play(state, "Seven Deadly Sins", "s4")
    act(state, "yes")
    assert targets(state) == ["s1"]  # not itself, not the opponent's
    act(state, "on s1")
    assert state.names(0, "charge") == [name(MID)]
    assert cards_offered(state) == sorted([name(BIG), name(SMALL)]) and "p0 pass (effect-card)" in texts(state)
    act(state, f"choose {name(BIG)}")
    assert cards_offered(state) == [name(SMALL)]
    act(state, f"choose {name(SMALL)}")
    assert sorted(state.names(0, "hand")) == sorted([name(BIG), name(SMALL)]) and state.decision() == "main"


def test_b04_076_avaritia_returns_nothing_unless_a_zx_was_destroyed():
    """"If you did": declining, or having no other Z/X to destroy, returns nothing."""
    for field in ({"s1": MID}, {}):
        state = arrange({"hand": ["B04-076"], "resource": BLACKS + BLACKS[:2], "field": field, "trash": [BIG]}, {})
        play(state, "Seven Deadly Sins", "s4")
        act(state, "yes" if not field else "pass (effect-may)")
        assert state.decision() == "main" and state.names(0, "trash") == [name(BIG)] and state.names(0, "hand") == []
        assert state.names(0, "charge") == [] and (not field or on(state, "s1") != -1)  # declined: not destroyed


def test_b04_079_lunatic_sickle_destroys_your_zx_then_a_cheap_one():
    """Destroy one of your Z/X on a Square; if you did, destroy one Z/X (either player's) of Cost 5 or less on a
    Normal Square; with no Z/X of yours, nothing happens."""
    state = arrange({"hand": ["B04-079"], "resource": BLACKS[:2], "field": {"s2": MID, "s3": SMALL}},
                    {"field": {"s7": BIG, "s9": "C02-005", "s8": SMALL}})
    play(state, "Lunatic Sickle")
    assert targets(state) == ["s2", "s3"]
    act(state, "on s2")
    assert on(state, "s2") == -1 and targets(state) == ["s3", "s9"]
    act(state, "on s9")
    assert on(state, "s9") == -1 and state.names(1, "charge") == [name("C02-005")] and state.decision() == "main"
    alone = arrange({"hand": ["B04-079"], "resource": BLACKS[:2]}, {"field": {"s9": "C02-005"}})
    play(alone, "Lunatic Sickle")
    assert alone.decision() == "main" and on(alone, "s9") != -1


def test_b04_080_doom_blast_destroys_any_number_of_zx_on_normal_squares():
    """Choose any number of Z/X (either player's) on Normal Squares and destroy them (rules.md Z15.62): choosing
    nothing stops; a Player Square's Z/X is not offered."""
    field0, field1 = {"s1": MID, "s2": BIG}, {"s7": BIG, "s9": MID, "s8": MID}
    state = arrange({"hand": ["B04-080"], "resource": BLACKS + BLACKS[:1], "field": field0}, {"field": field1})
    play(state, "Hell-Destroying Wave")
    assert targets(state) == ["s1", "s7", "s9"] and "p0 pass (effect-target)" in texts(state)
    act(state, "on s7")
    assert targets(state) == ["s1", "s9"]
    act(state, "on s1")
    act(state, "pass (effect-target)")
    assert on(state, "s7") == on(state, "s1") == -1 and on(state, "s9") != -1 and state.decision() == "main"
    every = arrange({"hand": ["B04-080"], "resource": BLACKS + BLACKS[:1], "field": field0}, {"field": field1})
    play(every, "Hell-Destroying Wave")
    for square in ("s1", "s7", "s9"):
        act(every, f"on {square}")
    assert every.decision() == "main" and [on(every, s) for s in ("s1", "s7", "s9")] == [-1, -1, -1]
    assert on(every, "s2") != -1 and on(every, "s8") != -1
    nothing = arrange({"hand": ["B04-080"], "resource": BLACKS + BLACKS[:1], "field": field0}, {"field": field1})
    play(nothing, "Hell-Destroying Wave")
    act(nothing, "pass (effect-target)")
    assert nothing.decision() == "main" and on(nothing, "s1") != -1 and on(nothing, "s7") != -1


def test_b04_086_mush_snail_has_the_ignition_icon_with_9_resource_cards():
    """While your Resource holds 9 or more cards, this card has the Ignition icon: revealed by Ignition it may be
    played without its Cost; with 8 it has none and goes to Trash."""
    for resource, playable in ((GREENS[:9], True), (GREENS[:8], False)):
        state = arrange({}, {"charge": [SMALL], "resource": resource, "deck": [SMALL, SMALL, "B04-086"]})
        to_ignition(state)
        act(state, "p1 ignite with Heated Coal")
        if playable:
            assert state.decision() == "ignition-play"
            act(state, "p1 play the revealed Shell Mushroom")
            act(state, "p1 to square s9")
            assert state.card_name(on(state, "s9")) == name("B04-086")
        else:
            assert name("B04-086") in state.names(1, "trash") and state.decision() == "main"  # no Charge left


def _evol_seed(card: str, p0: dict | None = None, p1: dict | None = None):
    """Player 1 reveals ``card`` (an Evol Seed without the icon) by Ignition: it goes into Trash and its Evol Seed
    waits (Z12.9); player 1 has drawn two fillers."""
    spec = {"charge": [SMALL], "deck": [SMALL, SMALL, card], **(p1 or {})}
    state = arrange(p0 or {}, spec)
    to_ignition(state)
    act(state, "p1 ignite with Heated Coal")
    assert name(card) in state.names(1, "trash")
    return state


def test_b04_088_linden_evol_seed_may_put_a_hand_card_into_resource_sleeping():
    """Evol Seed: you may put a card of your hand into your Resource, sleeping."""
    state = _evol_seed("B04-088", p1={"hand": [MID]})
    assert state.decision() == "effect-may"
    act(state, "p1 yes")
    assert cards_offered(state) == sorted([name(MID), name(SMALL), name(SMALL)])  # the hand: MID and the draws
    act(state, f"p1 choose {name(MID)}")
    put = state.zone(1, "resource")[-1]
    assert state.card_name(put) == name(MID) and state.instance(put)["sleeping"]
    assert sorted(state.names(1, "hand")) == [name(SMALL)] * 2
    declined = _evol_seed("B04-088", p1={"hand": [MID]})
    act(declined, "p1 pass (effect-may)")
    assert declined.names(1, "resource") == [] and len(declined.names(1, "hand")) == 3


def test_b04_089_wereowl_from_charge_puts_an_opponents_zx_into_its_owners_resource():
    """From your Charge: [Green 4, put this card into your Trash] one of your opponent's Z/X on a Normal Square into
    its owner's Resource, sleeping."""
    state = arrange({"charge": ["B04-089"], "resource": GREENS[:4], "field": {"s1": MID}},
                    {"field": {"s7": BIG, "s8": MID}, "resource": GREENS[:1]})
    act(state, "use the ability of Wise Elder")
    pay_all(state)
    assert state.names(0, "trash") == [name("B04-089")] and targets(state) == ["s7"]
    act(state, "on s7")
    put = state.zone(1, "resource")[-1]
    assert on(state, "s7") == -1 and state.card_name(put) == name(BIG) and state.instance(put)["sleeping"]
    assert len(state.zone(0, "resource")) == 4 and state.names(1, "charge") == []


def test_b04_092_needle_spider_evol_seed_gives_one_of_your_zx_3000():
    """Evol Seed: one of your Z/X on a Square (a Player Square too) gets +3000 until end of turn; the opponent's are
    not offered."""
    state = _evol_seed("B04-092", p0={"field": {"s1": MID}}, p1={"field": {"s9": MID, "s8": BIG}})
    assert targets(state) == ["s8", "s9"]
    act(state, "p1 choose")  # the first offered: s8
    assert power_on(state, "s8") == 12500 and power_on(state, "s9") == 6500 and power_on(state, "s1") == 6500


def test_b04_097_girls_talk_puts_a_hand_card_into_resource_then_returns_a_resource_card():
    """A card of your hand into your Resource, sleeping; then a card of your Resource (Reboot or Sleep, the one
    just put included) back to your hand."""
    state = arrange({"hand": ["B04-097", MID], "resource": GREENS[:3]}, {"hand": [BIG]})
    play(state, "Girls' Talk")
    assert cards_offered(state) == [name(MID)]
    act(state, f"choose {name(MID)}")
    assert state.names(0, "resource")[-1] == name(MID) and state.instance(state.zone(0, "resource")[-1])["sleeping"]
    assert cards_offered(state) == sorted([name(MID)] + [name("C04-014")] * 3)  # your Resource only
    act(state, f"choose {name('C04-014')}")
    assert state.names(0, "hand") == [name("C04-014")] and len(state.zone(0, "resource")) == 3
    assert state.names(1, "hand") == [name(BIG)] and state.decision() == "main"


def test_b04_097_an_ability_triggered_in_resource_resolves_after_its_card_returned_to_hand():
    """Ruling B04-097 Q1 (12.1): with B03-093 in Resource, Girls' Talk puts B03-029 into Resource and returns that
    same card to hand; B03-029's ability, triggered when it was put into Resource, still resolves once the Event has
    finished. B03-029's own condition names B03-093 (a name reference the language does not have yet), so the test
    gives B03-029 its effect alone, which holds here: when put into your Resource, one of your opponent's Z/X on a
    Normal Square back to its owner's hand."""
    duel = ZXDefinition(Auto(Event.PUT_INTO_RESOURCE, ReturnToHand(Chosen(ZX("opponents", normal_square=True)))))
    table = CardSet("first-era", list(ERA), effects={**ERA.effects, "B03-029": duel})
    state = starter.arrange({"hand": ["B04-097", "B03-029"], "resource": ["B03-093"] + GREENS[:2]},
                            {"field": {"s7": BIG}}, table=table)
    play(state, "Girls' Talk")
    act(state, "choose Dueling Machine")
    assert state.names(0, "resource")[-1] == name("B03-029") and state.decision() == "effect-card"  # it waits
    act(state, "choose Dueling Machine")
    assert name("B03-029") in state.names(0, "hand")
    assert state.decision() == "effect-target" and targets(state) == ["s7"]  # the Event finished: it resolves
    act(state, "on s7")
    assert state.names(1, "hand") == [name(BIG)] and state.decision() == "main"


def test_b04_099_happy_time_puts_one_or_two_opponents_zx_into_their_resource():
    """One of your opponent's Z/X on a Normal Square into its owner's Resource, sleeping; then, if your Resource
    holds 10 or more cards, one more (their Resource growing does not count)."""
    field = {"s7": BIG, "s9": MID, "s8": MID}
    state = arrange({"hand": ["B04-099"], "resource": GREENS[:10]}, {"field": field})
    play(state, "Happy Time")
    assert targets(state) == ["s7", "s9"]
    act(state, "on s7")
    assert targets(state) == ["s9"]
    act(state, "on s9")
    assert sorted(state.names(1, "resource")) == sorted([name(BIG), name(MID)]) and on(state, "s8") != -1
    assert all(state.instance(i)["sleeping"] for i in state.zone(1, "resource")) and state.decision() == "main"
    nine = arrange({"hand": ["B04-099"], "resource": GREENS[:9]}, {"field": field})
    play(nine, "Happy Time")
    act(nine, "on s7")
    assert nine.decision() == "main" and on(nine, "s9") != -1 and nine.names(1, "resource") == [name(BIG)]


def test_b04_cards_in_random_games_keep_the_rules():
    """Random legal decks of the B04 cards defined here (with vanilla Ignition cards to reach 401.5's 20), played
    with effects on by random agents: every ability's choices are legal actions and every position keeps the
    invariants (State.invariant_violation)."""
    def keep(card) -> bool:
        if card.number in first_era_b04.EFFECTS:
            return True
        return not card.has_abilities and (card.number.startswith("B04") or (card.ignition and card.number < "B05"))

    rng = random.Random(404)
    seen: set[str] = set()
    for pair in range(4):
        decks = [random_deck(rng, ERA, keep), random_deck(rng, ERA, keep)]
        seen.update(card.number for deck in decks for card in deck.card_list())
        totals = tcbg.load_game("zx", decks=decks).random_playouts(3, seed=pair, check_invariants=True)
        assert totals["games"] == 3 and totals["decisions"] > 3 * 20
    assert len(seen & set(first_era_b04.EFFECTS)) >= 15
