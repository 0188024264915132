"""The B04 cards of the set ``first-era`` doing what their text says, in real games of the era's card set with its
definitions (src/tcbg/zx/cardsets/first_era_b04.py; docs/zx/cards.md; rulings of docs/zx/rules.md sections 12
and 15): each card in a position arranged for it, played through legal actions chosen by their text, checking what
changed and what must not happen."""

from __future__ import annotations

from ..era import act, arrange, damage_on, name, on, power_on, texts

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


def attack(state, frm: str, to: str):
    act(state, f"attack from {frm} to {to}")


def pass_battle(state):
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")


def uses(state) -> list[str]:
    return [t for t in texts(state) if "use the ability" in t]


def pay_all(state):
    while state.decision() in ("pay", "ability-pay"):
        act(state, "pay with")


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
