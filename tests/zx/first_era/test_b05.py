"""The cards of B05 doing what their text says, in real games of the card set ``first-era`` with its definitions
(src/tcbg/zx/cardsets/first_era_b05.py, docs/zx/cards.md): each in a position arranged by card number, through
legal actions chosen by their text, checking what changed and what must not happen. A test citing ``Ruling B05-0NN
Qk`` plays that official ruling (docs/zx/first-era-abilities.tsv); ``Z15.8x`` are the decisions of docs/zx/rules.md
section 15."""

from __future__ import annotations

import json

from ..era import act, arrange, attack, damage_on, name, on, pass_battle, play, power_on, squares, texts, uses

REDS = ["B05-006"] * 8     # Stubborn Iron, Iron Rhino: vanilla red 4/6500
BLUES = ["B01-030"] * 8    # Erasure Machine, Delete: vanilla blue 4/6500 (Killer Machine)
WHITES = ["B05-049"] * 8   # Painter Korat: vanilla white 5/8000 (Cait Sith)
BLACKS = ["B01-068"] * 8   # Full-Swing Hitter, Sting Beat: vanilla black 4/6500 (Undead)
GREENS = ["B01-089"] * 8   # King of Beasts, Werelion: vanilla green 4/6500 (Lycanthrope)
SMALL = "B01-003"          # Heated Coal, Coal Armadillo: vanilla red 2/3500
MID = "B05-006"            # vanilla Cost 4, 6500
BIG = "B05-014"            # Giant Beast of Riot, Behemoth: vanilla red 6/9500
THREE = "C01-012"          # Lawbringer Dhaulagiri: vanilla white 3/5000
TORTURE = "B05-072"        # Unstoppable Roller Coaster: vanilla black 6/9500 Torture Device
ASUKA = ("B03-106", "B05-109", "C01-001", "E01-023")  # the era's Player cards named Tennouji Asuka
AYASE = ("B03-107", "B05-107", "C02-001", "E01-024")  # the era's Player cards named Kamiyugi Ayase


def choices(state) -> list[str]:
    """The card names a card choice offers."""
    return sorted(t.split("choose ", 1)[1].rsplit(" #", 1)[0] for t in texts(state) if "choose " in t)


def with_damage(state, square: str, damage: int):
    """The same position with ``damage`` on the Z/X of ``square``."""
    doc = json.loads(state.to_json())
    next(e for e in doc["field"] if e["square"] == square)["damage"] = damage
    return state._game.state_from_json(doc)


def test_b05_001_verdandi_deals_1000_damage_to_an_opponents_zx_on_a_normal_square():
    """When this card appears, 1000 damage to one of your opponent's Z/X on a Normal Square: not one on a Player
    Square, not your own."""
    state = arrange({"hand": ["B05-001"], "resource": REDS[:2], "field": {"s1": MID}},
                    {"field": {"s7": MID, "s8": MID}})
    play(state, "Goddess of Fate", "s4")
    assert state.decision() == "effect-target" and squares(state) == ["s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 1000 and damage_on(state, "s8") == 0 and damage_on(state, "s1") == 0
    assert state.decision() == "main"


def test_b05_004_gauntlet_deals_2000_damage_to_a_zx_of_cost_6_or_more_on_any_square():
    """When this card appears, 2000 damage to one Z/X of Cost 6 or more on any Square, yours or the opponent's
    (Player Squares included); a Cost-4 Z/X is not offered."""
    state = arrange({"hand": ["B05-004"], "resource": REDS[:3], "field": {"s1": BIG}},
                    {"field": {"s7": MID, "s8": BIG}})
    play(state, "Gauntlet Smith", "s4")
    assert squares(state) == ["s1", "s8"]
    act(state, "on s8")
    assert damage_on(state, "s8") == 2000 and damage_on(state, "s1") == 0


def test_b05_010_giganoto_trashes_a_hand_card_when_it_appears_and_draws_when_destroyed():
    """When this card appears, a card of your hand into your Trash (your choice, not a cost); when this card is
    destroyed (here in battle, in the opponent's turn), draw a card."""
    state = arrange({"hand": ["B05-010", SMALL, MID], "resource": REDS[:5]}, {})
    play(state, "Incomparable Diamond", "s1")
    assert state.decision() == "effect-card" and choices(state) == [name(SMALL), name(MID)]
    act(state, "choose Heated Coal")
    assert state.names(0, "trash") == [name(SMALL)] and state.names(0, "hand") == [name(MID)]
    attacked = arrange({"field": {"s2": "B05-010"}, "deck": [SMALL]}, {"field": {"s5": BIG}}, turn_player=1)
    attack(attacked, "s5", "s2")
    pass_battle(attacked)  # 9500 on 7500: destroyed, into Charge
    assert attacked.names(0, "charge") == [name("B05-010")] and attacked.names(0, "hand") == [name(SMALL)]


def test_b05_010_played_with_an_empty_hand_does_nothing_when_it_appears():
    """Ruling B05-010 Q1: it may be played with no other card in hand (its first ability is no cost); with the
    hand empty nothing happens when it appears."""
    state = arrange({"hand": ["B05-010"], "resource": REDS[:5], "trash": [MID]}, {})
    assert any("play Incomparable Diamond" in t for t in texts(state))
    play(state, "Incomparable Diamond", "s1")
    assert state.decision() == "main" and state.names(0, "trash") == [name(MID)] and on(state, "s1") != -1


def test_b05_011_mithril_lion_destroys_itself_to_draw_2_only_with_an_empty_hand():
    """[Red 2, destroy this card]: draw 2 cards; usable only while you have no cards in hand (Z12.8)."""
    with_hand = arrange({"field": {"s1": "B05-011"}, "resource": REDS[:2], "hand": [MID]}, {})
    assert uses(with_hand) == []
    state = arrange({"field": {"s1": "B05-011"}, "resource": REDS[:2], "deck": [SMALL, MID]}, {})
    act(state, "use the ability of Valiant Mithril")
    act(state, "pay with")
    act(state, "pay with")
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name("B05-011")]
    assert sorted(state.names(0, "hand")) == sorted([name(SMALL), name(MID)]) and state.decision() == "main"
    poor = arrange({"field": {"s1": "B05-011"}, "resource": BLUES[:2]}, {})  # no red Resource card
    assert uses(poor) == []


def test_b05_017_shard_burst_destroys_your_zx_then_deals_7000_damage():
    """Destroy one of your Z/X on a Square (a Player Square too); if you did, 7000 damage to one Z/X on a Normal
    Square. Without a Z/X of yours, nothing is destroyed and no damage is dealt."""
    state = arrange({"hand": ["B05-017"], "resource": REDS[:1], "field": {"s2": MID}},
                    {"field": {"s7": BIG, "s8": MID}})
    play(state, "Shard Burst")
    assert squares(state) == ["s2"]  # only your own Z/X
    act(state, "on s2")
    assert state.names(0, "charge") == [name(MID)] and squares(state) == ["s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 7000 and damage_on(state, "s8") == 0
    alone = arrange({"hand": ["B05-017"], "resource": REDS[:1]}, {"field": {"s7": BIG}})
    play(alone, "Shard Burst")
    assert alone.decision() == "main" and damage_on(alone, "s7") == 0
    assert alone.names(0, "trash") == [name("B05-017")]


def test_b05_017_your_only_zx_on_normal_squares_is_yours():
    """Ruling B05-017 Q1: it may be played when the only Z/X on Normal Squares is your own: that Z/X is destroyed,
    and the 7000 damage finds no Z/X on a Normal Square (the opponent's on its Player Square is not one)."""
    state = arrange({"hand": ["B05-017"], "resource": REDS[:1], "field": {"s4": MID}}, {"field": {"s8": MID}})
    assert any("play Shard Burst" in t for t in texts(state))
    play(state, "Shard Burst")
    act(state, "on s4")
    assert on(state, "s4") == -1 and state.decision() == "main" and damage_on(state, "s8") == 0


def test_b05_017_with_two_of_your_zx_the_other_takes_the_7000():
    """Ruling B05-017 Q2: with exactly 2 of your Z/X on Normal Squares and no other Z/X there, one is destroyed
    and the other must take the 7000 damage (no choice of nothing, Z12.3)."""
    state = arrange({"hand": ["B05-017"], "resource": REDS[:1], "field": {"s4": MID, "s5": BIG}}, {})
    play(state, "Shard Burst")
    act(state, "on s4")
    assert squares(state) == ["s5"] and not any("pass" in t for t in texts(state))
    act(state, "on s5")
    assert damage_on(state, "s5") == 7000 and on(state, "s4") == -1


def test_b05_021_pox_draws_then_returns_a_hand_card_to_the_deck():
    """When this card appears, draw a card, then return a card of your hand to your deck and shuffle it."""
    state = arrange({"hand": ["B05-021", SMALL], "resource": BLUES[:2], "deck": [MID]}, {})
    deck = len(state.zone(0, "deck"))
    play(state, "Plague Machine", "s1")
    assert state.decision() == "effect-card" and choices(state) == [name(SMALL), name(MID)]  # the drawn card too
    act(state, "choose Heated Coal")
    assert state.names(0, "hand") == [name(MID)] and len(state.zone(0, "deck")) == deck
    assert name(SMALL) in state.names(0, "deck")


def test_b05_025_nobelium_may_trash_a_hand_card_to_put_the_damaged_zx_into_its_deck():
    """When this card attacks and damages an opponent's Z/X of Cost 5 or less, you may put a hand card into your
    Trash; if you did, that Z/X goes into its owner's deck, shuffled. Declined, nothing happens; a Cost-6 Z/X does
    not trigger it."""
    state = arrange({"field": {"s5": "B05-025"}, "hand": [SMALL]}, {"field": {"s8": MID}})
    deck = len(state.zone(1, "deck"))
    attack(state, "s5", "s8")
    pass_battle(state)  # 3500 on 6500: damaged
    assert state.decision() == "effect-may"
    act(state, "yes")
    act(state, "choose Heated Coal")
    assert on(state, "s8") == -1 and state.names(0, "trash") == [name(SMALL)]
    assert len(state.zone(1, "deck")) == deck + 1 and name(MID) in state.names(1, "deck")
    assert state.names(1, "charge") == [] and state.decision() == "main"
    declined = arrange({"field": {"s5": "B05-025"}, "hand": [SMALL]}, {"field": {"s8": MID}})
    attack(declined, "s5", "s8")
    pass_battle(declined)
    act(declined, "pass")
    assert damage_on(declined, "s8") == 3500 and declined.names(0, "hand") == [name(SMALL)]
    big = arrange({"field": {"s5": "B05-025"}, "hand": [SMALL]}, {"field": {"s8": BIG}})
    attack(big, "s5", "s8")
    pass_battle(big)
    assert big.decision() == "main" and damage_on(big, "s8") == 3500


def test_b05_025_a_zx_the_damage_destroyed_stays_in_charge():
    """Ruling B05-025 Q1: Nobelium's 3500 damage destroys a 3500-Power Z/X: you may still put a hand card into
    Trash, but the Z/X stays in its owner's Charge."""
    state = arrange({"field": {"s5": "B05-025"}, "hand": [SMALL]}, {"field": {"s8": SMALL}})
    deck = len(state.zone(1, "deck"))
    attack(state, "s5", "s8")
    pass_battle(state)
    assert state.names(1, "charge") == [name(SMALL)] and state.decision() == "effect-may"
    act(state, "yes")
    act(state, "choose Heated Coal")
    assert state.names(0, "trash") == [name(SMALL)] and state.names(1, "charge") == [name(SMALL)]
    assert len(state.zone(1, "deck")) == deck


def test_b05_027_francium_draws_when_attacked():
    """When this card is attacked, draw a card: at the preprocessing after the declaration; attacking does not."""
    state = arrange({"field": {"s2": "B05-027"}, "deck": [SMALL]}, {"field": {"s5": MID}}, turn_player=1)
    attack(state, "s5", "s2")
    assert state.names(0, "hand") == [name(SMALL)] and state.decision() == "battle-event"
    attacker = arrange({"field": {"s5": "B05-027"}}, {"field": {"s8": SMALL}})
    attack(attacker, "s5", "s8")
    assert attacker.names(0, "hand") == []


def test_b05_029_glide_draws_from_charge_also_in_a_battle():
    """From your Charge: [Blue 1, put this card from your Charge into your Trash] draw a card; in the Main phase or
    with priority in the Battle Event step, the battle going on (Z12.8). Not from a Square."""
    state = arrange({"charge": ["B05-029"], "resource": BLUES[:1], "deck": [SMALL]}, {})
    act(state, "use the ability of Battle Hero")
    act(state, "pay with")
    assert state.names(0, "hand") == [name(SMALL)] and state.names(0, "trash") == [name("B05-029")]
    battle = arrange({"charge": ["B05-029"], "resource": BLUES[:1], "field": {"s4": BIG}, "deck": [SMALL]},
                     {"field": {"s7": MID}})
    attack(battle, "s4", "s7")
    act(battle, "p0 use the ability of Battle Hero")
    act(battle, "pay with")
    assert battle.names(0, "hand") == [name(SMALL)] and battle.decision() == "battle-event"
    pass_battle(battle)
    assert on(battle, "s7") == -1  # the attack went on: 9500 on 6500
    on_square = arrange({"field": {"s1": "B05-029"}, "resource": BLUES[:1]}, {})
    assert uses(on_square) == []


def test_b05_036_phecda_draws_when_it_or_another_battle_suit_of_yours_appears():
    """When this card or one of your Battle Suit Z/X appears, draw a card: once for its own appearance (it is a
    Battle Suit itself, Z12.16); not for a Z/X of another race, nor for the opponent's Battle Suit."""
    state = arrange({"hand": ["B05-036", "B05-028", "B01-032"], "resource": BLUES[:8] + BLUES[:5],
                     "deck": [SMALL, MID, BIG]}, {})
    play(state, "Blue Guardian", "s1")
    assert state.names(0, "hand") == [name("B05-028"), name("B01-032"), name(SMALL)]
    play(state, "Sonic Gunner", "s3")  # a Battle Suit
    assert len(state.zone(0, "hand")) == 3 and name(MID) in state.names(0, "hand")
    state = arrange({"hand": ["B01-032"], "resource": BLUES[:5], "field": {"s1": "B05-036"}, "deck": [SMALL]}, {})
    play(state, "Appliance Combination", "s3")  # a Metal Fortress
    assert state.names(0, "hand") == []
    theirs = arrange({"field": {"s1": "B05-036"}, "deck": [SMALL]}, {"hand": ["B05-028"], "resource": BLUES[:5]},
                     turn_player=1)
    play(theirs, "Sonic Gunner", "s9")
    assert theirs.names(0, "hand") == [] and theirs.names(1, "hand") == []


def test_b05_039_overbearing_bit_draws_then_bounces_with_4_cards_in_hand():
    """Draw a card; then, if you have 4 or more cards in hand, return one of your opponent's Z/X on a Normal Square
    to its owner's hand (not one on a Player Square). With 3 cards after the draw, nothing returns."""
    state = arrange({"hand": ["B05-039", SMALL, SMALL, SMALL], "resource": BLUES[:3], "deck": [MID]},
                    {"field": {"s7": BIG, "s8": MID}})
    play(state, "Overbearing Bit")
    assert len(state.zone(0, "hand")) == 4 and squares(state) == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "hand") == [name(BIG)]
    short = arrange({"hand": ["B05-039", SMALL, SMALL], "resource": BLUES[:3]}, {"field": {"s7": BIG}})
    play(short, "Overbearing Bit")
    assert short.decision() == "main" and on(short, "s7") != -1 and len(short.zone(0, "hand")) == 3


def test_b05_040_the_cats_repayment_draws_then_bounces_a_zx_of_power_9000_or_less():
    """Draw a card; then return one of your opponent's Z/X of Power 9000 or less on a Normal Square to its owner's
    hand: not one of 9500, not one on a Player Square, not your own."""
    state = arrange({"hand": ["B05-040"], "resource": BLUES[:4], "field": {"s1": MID}, "deck": [SMALL]},
                    {"field": {"s7": BIG, "s9": MID, "s8": SMALL}})
    play(state, "The Cat")
    assert state.names(0, "hand") == [name(SMALL)] and squares(state) == ["s9"]
    act(state, "on s9")
    assert on(state, "s9") == -1 and state.names(1, "hand") == [name(MID)]


def test_b05_044_aura_heqet_and_b05_047_aura_roc_weaken_an_opponents_zx_on_any_square():
    """When this card appears, one of your opponent's Z/X on a Square (a Player Square too) gets -1000 until end of
    turn."""
    for card, title in (("B05-044", "Holy Beast, Aura Heqet"), ("B05-047", "Holy Beast, Aura Roc")):
        state = arrange({"hand": [card], "resource": WHITES[:4], "field": {"s1": MID}},
                        {"field": {"s7": MID, "s8": BIG}})
        play(state, title, "s4")
        assert squares(state) == ["s7", "s8"]
        act(state, "on s8")
        assert power_on(state, "s8") == 8500 and power_on(state, "s7") == 6500
        act(state, "p0 pass (main)")
        assert power_on(state, "s8") == 9500  # until end of turn


def test_b05_051_esprit_of_wit_and_b05_115_ciel_get_500_for_each_other_angel_of_yours():
    """+500 for each of your other Angel Z/X on Squares; the opponent's Angels and the card itself do not count."""
    for card, power in (("B05-051", 5500), ("B05-115", 4500)):
        state = arrange({"field": {"s1": card, "s2": "B05-045", "s3": "C01-014", "s4": MID}},
                        {"field": {"s7": "B05-045"}})
        assert power_on(state, "s1") == power + 1000
        alone = arrange({"field": {"s1": card}}, {"field": {"s7": "B05-045"}})
        assert power_on(alone, "s1") == power


def test_b05_054_lien_has_the_ignition_icon_while_your_charge_holds_a_big_angel():
    """Ruling B05-054 Q1: with an Angel of Cost 5 or more in your Charge, your Life takes damage and reveals this
    card: it has the Ignition icon, so you may play it. With only a Cost-4 Angel there, it has none."""
    for charge, playable in (("C01-014", True), ("B05-045", False)):
        state = arrange({"field": {"s5": BIG}},
                        {"charge": [charge], "life": [SMALL, SMALL, SMALL, "B05-054"]})
        attack(state, "s5", "s8")
        pass_battle(state)
        act(state, "p0 pick Life card 0")
        if playable:
            assert state.decision() == "damage-play"
            act(state, "p1 play the revealed Angel Who Binds Souls")
            act(state, "p1 to square s9")
            assert state.card_name(on(state, "s9")) == name("B05-054")
        else:
            assert state.decision() == "main" and name("B05-054") in state.names(1, "charge")


def test_b05_054_lien_played_by_ignition_with_an_angel_in_charge():
    """The icon by the same condition on an Ignition reveal (505.3a): the Angel of Cost 5 in Charge is not the Charge
    card put into Trash to ignite."""
    state = arrange({}, {"charge": ["C01-014", MID], "deck": [SMALL, SMALL, "B05-054"]})
    act(state, "p0 pass (main)")
    act(state, "p1 pass (resource)")
    act(state, "p1 ignite with Stubborn Iron")
    act(state, "p1 play the revealed Angel Who Binds Souls")
    act(state, "p1 to square s9")
    assert state.card_name(on(state, "s9")) == name("B05-054")


def test_b05_056_admiration_weakens_when_it_or_another_angel_of_yours_appears():
    """When this card or one of your Angel Z/X appears, one of your opponent's Z/X on a Normal Square gets -5000
    until end of turn: once for its own appearance (it is an Angel), once for another Angel, not for a Cait Sith."""
    state = arrange({"hand": ["B05-056", "B05-045", "B05-049"], "resource": WHITES[:8] + WHITES[:8]},
                    {"field": {"s7": BIG, "s8": BIG, "s9": BIG}})
    play(state, "Angel of Inquiry", "s1")
    assert squares(state) == ["s7", "s9"]
    act(state, "on s7")
    assert power_on(state, "s7") == 4500 and state.decision() == "main"
    play(state, "Pluie of the Rain", "s2")
    act(state, "on s9")
    assert power_on(state, "s9") == 4500
    play(state, "Painter Korat", "s3")
    assert state.decision() == "main" and power_on(state, "s7") == 4500 and power_on(state, "s8") == 9500


def test_b05_057_confront_order_gives_5000_to_the_zx_on_your_player_square():
    """The Z/X on your Player Square gets +5000 until end of turn: not one on a Normal Square, not the one on the
    opponent's Player Square (Z15.80)."""
    state = arrange({"hand": ["B05-057"], "resource": WHITES[:1], "field": {"s2": MID, "s4": MID}},
                    {"field": {"s8": MID}})
    play(state, "Confront Order")
    assert squares(state) == ["s2"]
    act(state, "on s2")
    assert power_on(state, "s2") == 11500 and power_on(state, "s4") == 6500 and power_on(state, "s8") == 6500
    empty = arrange({"hand": ["B05-057"], "resource": WHITES[:1], "field": {"s4": MID}}, {"field": {"s8": MID}})
    play(empty, "Confront Order")
    assert empty.decision() == "main" and power_on(empty, "s8") == 6500


def test_b05_062_prickly_cute_gets_1000_while_the_opponent_holds_2_cards_or_fewer():
    """+1000 while your opponent has 2 or fewer cards in hand; your own hand does not count."""
    assert power_on(arrange({"field": {"s1": "B05-062"}, "hand": [SMALL] * 5}, {"hand": [SMALL] * 2}), "s1") == 5500
    assert power_on(arrange({"field": {"s1": "B05-062"}}, {"hand": [SMALL] * 3}), "s1") == 4500


def test_b05_065_solitus_may_charge_the_top_card_if_the_player_is_asuka():
    """When this card destroys an opponent's Z/X in battle, if your Player card is Tennouji Asuka (any of the era's
    four cards of that name, Z12.12), you may put the top card of your deck into your Charge; else nothing."""
    for player in ASUKA:
        state = arrange({"field": {"s5": "B05-065"}, "deck": [SMALL]}, {"field": {"s8": SMALL}},
                        players=(player, "C02-001"))
        attack(state, "s5", "s8")
        pass_battle(state)
        act(state, "yes")
        assert state.names(0, "charge") == [name(SMALL)]
    declined = arrange({"field": {"s5": "B05-065"}, "deck": [SMALL]}, {"field": {"s8": SMALL}},
                       players=("C01-001", "C02-001"))
    attack(declined, "s5", "s8")
    pass_battle(declined)
    act(declined, "pass")
    assert declined.names(0, "charge") == []
    other = arrange({"field": {"s5": "B05-065"}, "deck": [SMALL]}, {"field": {"s8": SMALL}},
                    players=("C02-001", "C01-001"))
    attack(other, "s5", "s8")
    pass_battle(other)
    assert other.decision() == "main" and other.names(0, "charge") == []


def test_b05_067_skeletal_sales_and_b05_077_exhibition_return_a_torture_device_from_trash():
    """B05-067: when this card appears, return a Torture Device card of your Trash to your hand. B05-077 (an Event):
    the same. Neither offers a card of another race nor one of the opponent's Trash."""
    state = arrange({"hand": ["B05-067"], "resource": BLACKS[:5], "trash": [TORTURE, MID]}, {"trash": [TORTURE]})
    play(state, "Sales Skeleton", "s1")
    assert choices(state) == [name(TORTURE)] and len(texts(state)) == 1
    act(state, "choose Unstoppable")
    assert state.names(0, "hand") == [name(TORTURE)] and state.names(0, "trash") == [name(MID)]
    event = arrange({"hand": ["B05-077"], "resource": BLACKS[:1], "trash": [TORTURE, MID]}, {"trash": [TORTURE]})
    play(event, "Death Smith")
    assert len(texts(event)) == 1
    act(event, "choose Unstoppable")
    assert event.names(0, "hand") == [name(TORTURE)] and event.names(1, "trash") == [name(TORTURE)]


def test_b05_069_passionate_cauldron_makes_the_opponent_discard_a_card_of_their_choice():
    """When this card destroys an opponent's Z/X in battle, if your opponent has 2 or more cards in hand, they put a
    card of their hand of their choice into their Trash; with 1 card, nothing."""
    state = arrange({"field": {"s5": "B05-069"}}, {"field": {"s8": SMALL}, "hand": [MID, BIG]})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert state.decision() == "effect-card" and state.current_player() == 1
    assert all(t.startswith("p1 choose") for t in texts(state)) and choices(state) == sorted([name(MID), name(BIG)])
    act(state, "p1 choose Giant Beast")
    assert state.names(1, "trash") == [name(BIG)] and state.names(1, "hand") == [name(MID)]
    one = arrange({"field": {"s5": "B05-069"}}, {"field": {"s8": SMALL}, "hand": [MID]})
    attack(one, "s5", "s8")
    pass_battle(one)
    assert one.decision() == "main" and one.names(1, "hand") == [name(MID)]


def test_b05_074_ebony_crown_destroys_a_zx_of_cost_7_or_less_it_damaged():
    """When this card attacks and damages an opponent's Z/X of Cost 7 or less, destroy that Z/X; a Cost-8 Z/X it
    damaged stays."""
    state = arrange({"field": {"s5": "B05-074"}}, {"field": {"s8": BIG}})
    attack(state, "s5", "s8")
    pass_battle(state)  # 5000 on 9500
    assert on(state, "s8") == -1 and state.names(1, "charge") == [name(BIG)]
    big = arrange({"field": {"s5": "B05-074"}}, {"field": {"s8": "B05-036"}})
    attack(big, "s5", "s8")
    pass_battle(big)
    assert damage_on(big, "s8") == 5000 and big.names(1, "charge") == []


def test_b05_076_herrscher_may_trash_a_hand_card_to_destroy_a_zx_on_a_normal_square():
    """When this card destroys an opponent's Z/X in battle, you may put a hand card into your Trash; if you did,
    destroy one Z/X on a Normal Square, yours or the opponent's (not one on a Player Square)."""
    state = arrange({"field": {"s5": "B05-076", "s1": MID}, "hand": [SMALL]},
                    {"field": {"s8": MID, "s7": BIG, "s9": BIG}})
    attack(state, "s5", "s8")
    pass_battle(state)
    act(state, "yes")
    act(state, "choose Heated Coal")
    assert squares(state) == ["s1", "s5", "s7", "s9"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "charge") == [name(MID), name(BIG)]
    empty = arrange({"field": {"s5": "B05-076"}}, {"field": {"s8": MID, "s7": BIG}})
    attack(empty, "s5", "s8")
    pass_battle(empty)
    act(empty, "yes")  # no hand card to put into Trash: nothing is destroyed
    assert empty.decision() == "main" and on(empty, "s7") != -1


def test_b05_080_craving_destroys_up_to_one_zx_each_of_cost_3_5_and_6_if_the_player_is_ayase():
    """If your Player card is Kamiyugi Ayase (any of the era's four), up to one Z/X of Cost 3, up to one of Cost 5
    and up to one of Cost 6 on Normal Squares, yours or the opponent's, are destroyed; each may be none."""
    for player in AYASE:
        state = arrange({"hand": ["B05-080"], "resource": BLACKS[:5], "field": {"s1": THREE, "s2": BIG}},
                        {"field": {"s7": "B05-049", "s9": BIG, "s4": MID}}, players=(player, "C01-001"))
        play(state, "Craving")
        assert squares(state) == ["s1"] and any("pass" in t for t in texts(state))  # Cost 3
        act(state, "on s1")
        assert squares(state) == ["s7"]  # Cost 5
        act(state, "pass")
        assert squares(state) == ["s9"]  # Cost 6: not the one on a Player Square
        act(state, "on s9")
        assert on(state, "s1") == on(state, "s9") == -1 and on(state, "s7") != -1 and on(state, "s2") != -1
        assert state.decision() == "main"
    other = arrange({"hand": ["B05-080"], "resource": BLACKS[:5], "field": {"s1": THREE}}, {"field": {"s9": BIG}},
                    players=("C01-001", "C02-001"))
    play(other, "Craving")
    assert other.decision() == "main" and on(other, "s1") != -1 and on(other, "s9") != -1


def test_b05_081_queen_bee_gets_3000_while_your_resource_holds_9_cards():
    """+3000 while your Resource holds 9 or more cards."""
    assert power_on(arrange({"field": {"s1": "B05-081"}, "resource": GREENS + GREENS[:1]}, {}), "s1") == 5000
    assert power_on(arrange({"field": {"s1": "B05-081"}, "resource": GREENS}, {}), "s1") == 2000


def test_b05_086_wereferret_may_put_a_hand_card_into_resource_sleeping():
    """When this card destroys an opponent's Z/X in battle, you may put a card of your hand into your Resource,
    sleeping."""
    state = arrange({"field": {"s5": "B05-086"}, "hand": [SMALL]}, {"field": {"s8": SMALL}})
    attack(state, "s5", "s8")
    pass_battle(state)
    act(state, "yes")
    act(state, "choose Heated Coal")
    res = state.zone(0, "resource")
    assert state.names(0, "resource") == [name(SMALL)] and state.instance(res[0])["sleeping"]
    declined = arrange({"field": {"s5": "B05-086"}, "hand": [SMALL]}, {"field": {"s8": SMALL}})
    attack(declined, "s5", "s8")
    pass_battle(declined)
    act(declined, "pass")
    assert declined.names(0, "resource") == [] and declined.names(0, "hand") == [name(SMALL)]


def test_b05_091_kaede_may_return_a_resource_card_when_destroyed():
    """When this card is destroyed (here in battle, in the opponent's turn), you may return a card of your Resource
    to your hand: its owner decides."""
    state = arrange({"field": {"s2": "B05-091"}, "resource": [MID, SMALL]}, {"field": {"s5": BIG}}, turn_player=1)
    attack(state, "s5", "s2")
    pass_battle(state)
    assert state.decision() == "effect-may" and state.current_player() == 0
    act(state, "p0 yes")
    assert choices(state) == sorted([name(MID), name(SMALL)])
    act(state, "p0 choose Heated Coal")
    assert state.names(0, "hand") == [name(SMALL)] and state.names(0, "resource") == [name(MID)]


def test_b05_092_werepanda_gives_1000_to_any_zx_on_a_square():
    """When this card appears, one Z/X on a Square, yours (this card too) or the opponent's, gets +1000 until end of
    turn."""
    state = arrange({"hand": ["B05-092"], "resource": GREENS[:6]}, {"field": {"s8": MID}})
    play(state, "Beastman, Werepanda", "s1")
    assert squares(state) == ["s1", "s8"]
    act(state, "on s8")
    assert power_on(state, "s8") == 7500 and power_on(state, "s1") == 9000


def test_b05_093_anise_goes_into_resource_sleeping_instead_of_charge():
    """When this card would be destroyed, it goes into your Resource, sleeping, instead of your Charge (Z12.5)."""
    state = arrange({"field": {"s5": BIG}}, {"field": {"s8": "B05-093"}})
    attack(state, "s5", "s8")
    pass_battle(state)
    res = state.zone(1, "resource")
    assert state.names(1, "charge") == [] and state.names(1, "resource") == [name("B05-093")]
    assert state.instance(res[0])["sleeping"]


def test_b05_095_ayame_may_return_a_cheap_zx_from_resource_when_a_hourai_appears():
    """When this card or one of your Hourai Z/X appears, you may return a Z/X of Cost 5 or less of your Resource to
    your hand: not an Event, not a Z/X of Cost 6; once for its own appearance (it is a Hourai), once for another
    Hourai."""
    state = arrange({"hand": ["B05-095", "C04-018"], "resource": GREENS[:7] + [BIG, "B05-100"] + GREENS[:4]}, {})
    play(state, "Emerald Beauty", "s1")
    act(state, "yes")
    assert set(choices(state)) == {name(GREENS[0])} and len(texts(state)) == 11  # the 11 green Z/X of Cost 4
    act(state, "choose King of Beasts")
    assert state.names(0, "hand") == [name("C04-018"), name(GREENS[0])]
    play(state, "Dignified Hairpin", "s3")
    assert state.decision() == "effect-may"
    act(state, "pass")
    assert state.decision() == "main"


def test_b05_100_the_queens_hospitality_puts_a_zx_into_its_owners_resource_then_tops_yours():
    """One Z/X on a Normal Square, yours or the opponent's, goes into its owner's Resource, sleeping (not a
    destruction: B05-091's "when destroyed" does not trigger); then the top card of your deck goes into your
    Resource, sleeping."""
    state = arrange({"hand": ["B05-100"], "resource": GREENS[:5], "field": {"s1": MID}, "deck": [SMALL]},
                    {"field": {"s7": "B05-091", "s8": MID}})
    play(state, "The Queen")
    assert squares(state) == ["s1", "s7"]
    act(state, "on s7")
    theirs, yours = state.zone(1, "resource"), state.zone(0, "resource")
    assert state.names(1, "resource") == [name("B05-091")] and state.instance(theirs[0])["sleeping"]
    assert state.names(0, "resource")[-1] == name(SMALL) and state.instance(yours[-1])["sleeping"]
    assert state.names(1, "charge") == [] and state.decision() == "main"


def test_b05_111_himiko_deals_2000_damage_when_it_or_another_brave_of_yours_appears():
    """When this card or one of your Brave Z/X appears, 2000 damage to one Z/X on a Normal Square, yours or the
    opponent's: once for its own appearance (it is a Brave), once for another Brave, not for a Gigantic."""
    state = arrange({"hand": ["B05-111", "C04-005", MID], "resource": REDS[:8] + REDS[:3]},
                    {"field": {"s7": BIG, "s8": BIG}})
    play(state, "Queen of the Land", "s4")
    assert squares(state) == ["s4", "s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 2000 and state.decision() == "main"
    play(state, "Goddess of the Hunt", "s1")
    act(state, "on s7")
    assert damage_on(state, "s7") == 4000
    play(state, "Stubborn Iron", "s3")
    assert state.decision() == "main" and damage_on(state, "s7") == 4000


def test_b05_113_avior_returns_a_zx_of_power_5000_or_less_it_damaged():
    """When this card attacks and damages an opponent's Z/X of Power 5000 or less, return that Z/X to its owner's
    hand; one of more Power stays."""
    state = arrange({"field": {"s5": "B05-113"}}, {"field": {"s8": THREE}})  # 3000 on 5000
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.names(1, "hand") == [name(THREE)]
    big = arrange({"field": {"s5": "B05-113"}}, {"field": {"s8": MID}})
    attack(big, "s5", "s8")
    pass_battle(big)
    assert damage_on(big, "s8") == 3000 and big.names(1, "hand") == []


def test_b05_113_a_zx_the_damage_destroyed_is_not_returned():
    """Ruling B05-113 Q1: Avior's 3000 damage destroys a 3000-Power Z/X: it goes to its owner's Charge and is not
    returned to the hand (Z12.4)."""
    state = arrange({"field": {"s5": "B05-113"}}, {"field": {"s8": "B05-001"}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert state.names(1, "charge") == [name("B05-001")] and state.names(1, "hand") == []
    assert state.decision() == "main"


def test_b05_114_denebola_draws_if_your_charge_holds_a_battle_suit():
    """When this card appears, if your Charge holds a Battle Suit card, draw a card; the opponent's Charge does not
    count."""
    state = arrange({"hand": ["B05-114"], "resource": BLUES[:4], "charge": ["B05-028"], "deck": [SMALL]}, {})
    play(state, "Administrator", "s1")
    assert state.names(0, "hand") == [name(SMALL)]
    none = arrange({"hand": ["B05-114"], "resource": BLUES[:4], "charge": [MID]}, {"charge": ["B05-028"]})
    play(none, "Administrator", "s1")
    assert none.names(0, "hand") == [] and none.decision() == "main"


def test_b05_117_saevum_may_destroy_another_demon_of_yours_to_make_the_opponent_discard():
    """When this card appears, you may destroy another of your Demon Z/X on a Square (not this card, not the
    opponent's Demon); if you did, your opponent puts a card of their hand of their choice into their Trash."""
    state = arrange({"hand": ["B05-117"], "resource": BLACKS[:4], "field": {"s2": "C02-014", "s3": MID}},
                    {"field": {"s7": "C02-014"}, "hand": [MID, BIG]})
    play(state, "Demon of Cruelty", "s1")
    act(state, "yes")
    assert squares(state) == ["s2"]
    act(state, "on s2")
    assert state.names(0, "charge") == [name("C02-014")] and state.current_player() == 1
    assert choices(state) == sorted([name(MID), name(BIG)])
    act(state, "p1 choose Stubborn Iron")
    assert state.names(1, "trash") == [name(MID)] and state.names(1, "hand") == [name(BIG)]
    alone = arrange({"hand": ["B05-117"], "resource": BLACKS[:4]}, {"field": {"s7": "C02-014"}, "hand": [MID]})
    play(alone, "Demon of Cruelty", "s1")
    act(alone, "yes")  # no other Demon of yours: nothing destroyed, so no discard
    assert alone.decision() == "main" and alone.names(1, "hand") == [name(MID)]


def test_b05_118_barbarus_puts_3_charge_cards_into_trash_to_destroy_a_zx():
    """[Put 3 cards of your Charge into your Trash]: destroy one Z/X on a Normal Square, yours or the opponent's;
    not usable with 2 Charge cards (Z12.8)."""
    state = arrange({"field": {"s2": "B05-118", "s4": SMALL}, "charge": [MID, SMALL, BIG]},
                    {"field": {"s7": MID, "s8": MID}})
    act(state, "use the ability of Demon of Savagery")
    for _ in range(3):
        act(state, "from Charge into Trash")
    assert len(state.zone(0, "trash")) == 3 and squares(state) == ["s4", "s7"]  # this card is on a Player Square
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "charge") == [name(MID)]
    poor = arrange({"field": {"s1": "B05-118"}, "charge": [MID, SMALL]}, {"field": {"s7": MID}})
    assert uses(poor) == []


def test_b05_119_satsuki_gives_1000_to_each_other_hourai_of_yours():
    """Each of your other Hourai Z/X on Squares gets +1000: not this card, not the opponent's Hourai, not a Z/X of
    another race."""
    state = arrange({"field": {"s1": "B05-119", "s2": "C04-018", "s3": "B05-090", "s4": MID}},
                    {"field": {"s7": "C04-018"}})
    assert power_on(state, "s1") == 6500 and power_on(state, "s2") == 7500 and power_on(state, "s3") == 9000
    assert power_on(state, "s4") == 6500 and power_on(state, "s7") == 6500


def test_b05_120_mokuren_may_put_a_hourai_of_your_charge_into_resource_sleeping():
    """When this card appears, you may put a Hourai card of your Charge into your Resource, sleeping: not a card of
    another race."""
    state = arrange({"hand": ["B05-120"], "resource": GREENS[:6], "charge": ["C04-018", MID]}, {})
    play(state, "Noble Vajra", "s1")
    act(state, "yes")
    assert choices(state) == [name("C04-018")]
    act(state, "choose Dignified Hairpin")
    res = state.zone(0, "resource")
    assert state.names(0, "resource")[-1] == name("C04-018") and state.instance(res[-1])["sleeping"]
    assert state.names(0, "charge") == [name(MID)]


def test_b05_020_crimson_roar_deals_7500_to_up_to_two_different_zx_with_mikado_or_sera():
    """If your Player card is Kurosaki Mikado or Kurashiki Sera (any of their era printings), up to 2 of your
    opponent's Z/X on Normal Squares take 7500 damage each: the second choice never offers the first, and may pass."""
    for player in ("B03-104", "E01-021", "B04-104", "B05-104"):
        state = arrange({"hand": ["B05-020"], "resource": REDS[:4]}, {"field": {"s7": BIG, "s8": MID, "s9": BIG}},
                        players=(player, "C02-001"))
        play(state, "Crimson Roar")
        assert squares(state) == ["s7", "s9"]  # Normal Squares only: s8 is a Player Square
        act(state, "on s7")
        assert squares(state) == ["s9"]  # not s7 again
        act(state, "on s9")
        assert damage_on(state, "s9") == 7500 and state.decision() == "main"
        assert on(state, "s7") == -1 or damage_on(state, "s7") == 7500
    one = arrange({"hand": ["B05-020"], "resource": REDS[:4]}, {"field": {"s7": BIG, "s9": BIG}},
                  players=("B03-104", "C02-001"))
    play(one, "Crimson Roar")
    act(one, "on s7")
    act(one, "pass")
    assert damage_on(one, "s7") == 7500 and damage_on(one, "s9") == 0 and one.decision() == "main"
    other = arrange({"hand": ["B05-020"], "resource": REDS[:4]}, {"field": {"s7": BIG}}, players=("C01-001", "C02-001"))
    play(other, "Crimson Roar")
    assert other.decision() == "main" and damage_on(other, "s7") == 0


def test_b05_097_joint_training_gives_two_different_zx_2000_and_must_choose_both():
    """Ruling B05-097 Q1: with only one Z/X of yours and one of your opponent's on Squares, both must be chosen:
    no pass is offered, and each gets +2000 until end of turn, once."""
    state = arrange({"hand": ["B05-097"], "resource": GREENS[:2], "field": {"s2": MID}}, {"field": {"s8": MID}})
    play(state, "Joint Training")
    assert squares(state) == ["s2", "s8"] and not [t for t in texts(state) if "pass" in t]
    act(state, "on s2")
    assert squares(state) == ["s8"] and not [t for t in texts(state) if "pass" in t]
    act(state, "on s8")
    assert power_on(state, "s2") == power_on(state, "s8") == 6500 + 2000 and state.decision() == "main"
