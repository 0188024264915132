"""The cards of booster B01 doing what their text says, in real games of the card set ``first-era`` with its
definitions (src/tcbg/zx/cardsets/first_era_b01.py, docs/zx/cards.md; rulings of docs/zx/rules.md sections 12 and
15): each card played through legal actions in an arranged Main-phase position, checking what changed and what
must not happen."""

from __future__ import annotations

import json

from ..era import act, arrange, attack, damage_on, name, on, pass_battle, power_on, texts

RED, BLUE, WHITE, BLACK, GREEN = "B01-006", "B01-026", "B01-046", "B01-066", "B01-089"  # vanilla Resource cards
SMALL = "B01-003"  # Heated Coal, Coal Armadillo: vanilla red 2/3500 Gigantic
MID = "B01-068"    # Full-Swing Hitter, Sting Beat: vanilla black 4/6500 Undead
BIG = "B01-013"    # Charging Iron Rider, Tank Heart: vanilla red 5/8000 Artisan
HUGE = "B01-016"   # Unyielding Steel, Steel Leopard: vanilla red 6/9500 Gigantic
BRAVE = "B01-006"  # Goddess of the Hunt, Artemis: vanilla red 3/5000 Brave


def play(state, number: str, square: str | None = None):
    """Plays a hand card by its number (onto ``square`` for a Z/X), paying its Cost."""
    act(state, f"play {name(number)}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def use(state, number: str):
    """Uses the startup ability of the card, paying its colour cost."""
    act(state, f"use the ability of {name(number)}")
    while state.decision() == "ability-pay":
        act(state, "pay with")


def offered(state) -> list[str]:
    """The Squares an effect-target decision offers (the Z/X on them)."""
    return sorted(t.split(" on ")[1] for t in texts(state) if " on s" in t)


def with_doc(state, change):
    """The position with its JSON document changed by ``change(doc)``."""
    doc = json.loads(state.to_json())
    change(doc)
    return state._game.state_from_json(doc)


def deck_of(state, player: int, keep: int):
    """The position with all but the top ``keep`` cards of the player's deck moved into their Trash."""
    def change(doc):
        deck = doc["players"][player]["deck"]
        doc["players"][player]["trash"] += deck[:-keep] if keep else deck
        doc["players"][player]["deck"] = deck[-keep:] if keep else []
    return with_doc(state, change)


def test_b01_005_cleopatra_deals_5000_damage_from_the_charge():
    """From your Charge: [Red 2, this card from Charge into Trash] 5000 damage to one Z/X (either player's) on a
    Normal Square; not a Z/X on a Player Square; not used from a Square."""
    state = arrange({"charge": ["B01-005"], "resource": [RED, RED], "field": {"s3": MID}},
                    {"field": {"s8": BIG, "s7": BIG}})
    use(state, "B01-005")
    assert state.names(0, "trash") == [name("B01-005")] and offered(state) == ["s3", "s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 5000 and damage_on(state, "s3") == 0 and state.decision() == "main"
    on_field = arrange({"field": {"s1": "B01-005"}, "resource": [RED, RED]}, {})
    assert not [t for t in texts(on_field) if "use the ability" in t]


def test_b01_009_bucephalus_sleeps_to_give_a_brave_4000():
    """[Sleep this card]: one Brave Z/X on a Square (either player's, Player Squares too) +4000 until end of turn;
    asleep it can neither use it again nor attack."""
    state = arrange({"field": {"s5": "B01-009", "s4": BRAVE, "s1": BIG}}, {"field": {"s8": BRAVE, "s7": BIG}})
    use(state, "B01-009")
    assert offered(state) == ["s4", "s8"]  # the Braves only
    act(state, "on s4")
    assert power_on(state, "s4") == 9000 and state.instance(on(state, "s5"))["sleeping"]
    assert not [t for t in texts(state) if "use the ability" in t or "attack from s5" in t]
    act(state, "pass (main)")
    assert power_on(state, "s4") == 5000


def test_b01_009_bucephalus_rebooted_may_use_its_ability_and_attack_again():
    """Ruling B01-009 Q1: Bucephalus Slept by its own cost and then Rebooted (B01-012's effect, here the position
    with it Reboot again) may use its [Sleep] ability again, or attack."""
    state = arrange({"field": {"s5": "B01-009", "s4": BRAVE}}, {"field": {"s8": BIG}})
    use(state, "B01-009")
    act(state, "on s4")
    sq = on(state, "s5")

    def reboot(doc):
        for entry in doc["field"]:
            if entry["square"] == "s5":
                entry.pop("sleeping", None)
    state = with_doc(state, reboot)
    assert not state.instance(sq)["sleeping"]
    assert [t for t in texts(state) if "use the ability of" in t] and [t for t in texts(state) if "attack from s5" in t]
    use(state, "B01-009")
    act(state, "on s4")
    assert power_on(state, "s4") == 13000


def test_b01_010_ishida_mitsunari_sleeps_to_deal_4000_damage():
    """[Sleep this card]: 4000 damage to one Z/X (either player's) on a Normal Square; once, as it sleeps."""
    state = arrange({"field": {"s5": "B01-010", "s1": BIG}}, {"field": {"s8": BIG, "s9": BIG}})
    use(state, "B01-010")
    assert offered(state) == ["s1", "s5", "s9"]  # itself too; not s8, a Player Square
    act(state, "on s9")
    assert damage_on(state, "s9") == 4000 and state.instance(on(state, "s5"))["sleeping"]
    assert not [t for t in texts(state) if "use the ability" in t]


def test_b01_011_glass_elephant_gets_1000_when_it_attacks():
    """When this card attacks, it gets +1000 until end of turn: 7000 against an 6500 defender destroys it."""
    state = arrange({"field": {"s5": "B01-011"}}, {"field": {"s8": MID}})
    attack(state, "s5", "s8")
    assert power_on(state, "s5") == 7000
    pass_battle(state)
    assert on(state, "s8") == -1
    act(state, "pass (main)")
    assert power_on(state, "s5") == 6000


def test_b01_014_stone_turtle_damages_each_opponent_zx_on_normal_squares():
    """When this card appears, 3500 damage to each of the opponent's Z/X on Normal Squares, without a choice; not
    the opponent's Z/X on a Player Square, not your own."""
    state = arrange({"hand": ["B01-014"], "resource": [RED] * 5, "field": {"s1": SMALL}},
                    {"field": {"s7": SMALL, "s9": HUGE, "s8": SMALL}})
    play(state, "B01-014", "s5")
    assert state.decision() == "main"
    assert on(state, "s7") == -1 and damage_on(state, "s9") == 3500  # 3500 on 3500 Power: destroyed
    assert damage_on(state, "s8") == 0 and damage_on(state, "s1") == 0
    assert state.names(1, "charge") == [name(SMALL)]


def test_b01_015_augustus_deals_5000_damage_to_an_opponents_zx_when_it_appears():
    """When this card appears, 5000 damage to one of the opponent's Z/X on a Normal Square."""
    state = arrange({"hand": ["B01-015"], "resource": [RED] * 6, "field": {"s1": BIG}},
                    {"field": {"s8": BIG, "s9": BIG}})
    play(state, "B01-015", "s5")
    assert offered(state) == ["s9"]
    act(state, "on s9")
    assert damage_on(state, "s9") == 5000


def test_b01_017_imperator_judge_deals_3500_damage():
    """3500 damage to one Z/X (either player's) on a Normal Square."""
    state = arrange({"hand": ["B01-017"], "resource": [RED], "field": {"s3": SMALL}},
                    {"field": {"s7": SMALL, "s8": SMALL}})
    play(state, "B01-017")
    assert offered(state) == ["s3", "s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(0, "trash") == [name("B01-017")]


def test_b01_018_quaking_spear_gives_the_attacker_3500():
    """One attacking Z/X on a Square +3500 until end of turn: played in the Battle Event step, only the attacker is
    offered, and it wins the battle."""
    state = arrange({"hand": ["B01-018"], "resource": [RED], "field": {"s5": SMALL}}, {"field": {"s8": MID}})
    attack(state, "s5", "s8")
    play(state, "B01-018")
    assert offered(state) == ["s5"]
    act(state, "on s5")
    assert power_on(state, "s5") == 7000
    pass_battle(state)
    assert on(state, "s8") == -1
    quiet = arrange({"hand": ["B01-018"], "resource": [RED], "field": {"s5": SMALL}}, {"field": {"s8": MID}})
    play(quiet, "B01-018")  # no battle: nothing to choose, the Event goes to Trash
    assert quiet.decision() == "main" and power_on(quiet, "s5") == 3500


def test_b01_019_exploding_coal_deals_5000_damage():
    """5000 damage to one Z/X (either player's) on a Normal Square."""
    state = arrange({"hand": ["B01-019"], "resource": [RED, RED], "field": {"s3": BIG}}, {"field": {"s7": BIG}})
    play(state, "B01-019")
    assert offered(state) == ["s3", "s7"]
    act(state, "on s3")
    assert damage_on(state, "s3") == 5000 and damage_on(state, "s7") == 0


def test_b01_020_main_cannon_deals_8000_damage_in_full():
    """Ruling B01-020 Q1: 8000 damage to one Z/X (either player's) on a Normal Square, all of it: the 8000 is dealt
    as one amount (B04-056 K2, which ignores damage of 5000 or less, takes it all; K2's own ability is B04's)."""
    state = arrange({"hand": ["B01-020"], "resource": [RED] * 4}, {"field": {"s7": HUGE, "s8": HUGE}})
    play(state, "B01-020")
    assert offered(state) == ["s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 8000 and on(state, "s7") != -1  # 8000 on 9500 Power: it survives


def test_b01_022_erase_draws_returns_and_shuffles_when_it_appears():
    """When this card appears, draw 1, then put a card of your hand back into the deck and shuffle it."""
    state = arrange({"hand": ["B01-022", MID], "resource": [BLUE, BLUE]}, {}, )
    deck = len(state.zone(0, "deck"))
    play(state, "B01-022", "s5")
    assert state.decision() == "effect-card" and len(state.zone(0, "hand")) == 2
    act(state, f"choose {name(MID)}")
    assert state.names(0, "hand") != [name(MID)] and len(state.zone(0, "hand")) == 1
    assert len(state.zone(0, "deck")) == deck


def test_b01_022_erase_with_one_card_left_reloads_before_returning():
    """Ruling B01-022 Q1: with 1 card left in the deck: draw it; the deck is empty, so the Reload runs at once (the
    opponent picks a Life card for Charge); then a hand card goes onto the new deck, which is shuffled."""
    state = arrange({"hand": ["B01-022"], "resource": [BLUE, BLUE], "trash": [MID, MID]}, {})
    state = deck_of(state, 0, 1)
    trash = len(state.zone(0, "trash"))
    play(state, "B01-022", "s5")
    assert state.decision() == "reload-life-pick" and len(state.zone(0, "hand")) == 1
    act(state, "p1 pick Life card 0")
    assert len(state.zone(0, "life")) == 3 and len(state.zone(0, "charge")) == 1
    assert state.zone(0, "trash") == [] and len(state.zone(0, "deck")) == trash
    assert state.decision() == "effect-card"
    act(state, "p0 choose")
    assert state.zone(0, "hand") == [] and len(state.zone(0, "deck")) == trash + 1


def test_b01_023_strause_draws_2_and_returns_1_from_the_charge():
    """From your Charge: [Blue 2, this card from Charge into Trash] draw 2, put a hand card back, shuffle."""
    state = arrange({"charge": ["B01-023"], "resource": [BLUE, BLUE], "hand": [MID]}, {})
    deck = len(state.zone(0, "deck"))
    use(state, "B01-023")
    assert state.decision() == "effect-card" and len(state.zone(0, "hand")) == 3
    act(state, f"choose {name(MID)}")
    assert len(state.zone(0, "hand")) == 2 and len(state.zone(0, "deck")) == deck - 1
    assert state.names(0, "trash") == [name("B01-023")]


def test_b01_023_strause_with_one_card_left():
    """Ruling B01-023 Q1: with 1 card left: draw it, Reload (the opponent picks a Life card for Charge), draw the
    second from the new deck, then return a card and shuffle."""
    state = arrange({"charge": ["B01-023"], "resource": [BLUE, BLUE], "trash": [MID, MID]}, {})
    state = deck_of(state, 0, 1)
    use(state, "B01-023")
    assert state.decision() == "reload-life-pick" and len(state.zone(0, "hand")) == 1
    act(state, "p1 pick Life card 0")
    assert state.decision() == "effect-card" and len(state.zone(0, "hand")) == 2
    act(state, "p0 choose")
    assert len(state.zone(0, "hand")) == 1 and len(state.zone(0, "life")) == 3


def test_b01_023_strause_with_exactly_two_cards_left():
    """Ruling B01-023 Q2: with exactly 2 cards left: draw both; the deck is empty, so Reload (the opponent picks a
    Life card for Charge); then a hand card goes onto the new deck and it is shuffled."""
    state = arrange({"charge": ["B01-023"], "resource": [BLUE, BLUE], "trash": [MID, MID]}, {})
    state = deck_of(state, 0, 2)
    trash = len(state.zone(0, "trash"))
    use(state, "B01-023")
    assert state.decision() == "reload-life-pick" and len(state.zone(0, "hand")) == 2
    act(state, "p1 pick Life card 0")
    assert state.decision() == "effect-card" and len(state.zone(0, "hand")) == 2
    assert len(state.zone(0, "deck")) == trash + 1  # the Trash and the used Strause became the deck
    act(state, "p0 choose")
    assert len(state.zone(0, "hand")) == 1 and len(state.zone(0, "deck")) == trash + 2


def test_b01_028_alioth_may_trash_a_card_to_return_a_cheap_zx():
    """When this card appears, you may put a card of your hand into Trash; if you did, return one Z/X (either
    player's) of Cost 4 or less on a Normal Square to its owner's hand (rules.md Z15.3)."""
    state = arrange({"hand": ["B01-028", SMALL], "resource": [BLUE] * 4, "field": {"s1": BIG}},
                    {"field": {"s7": MID, "s9": BIG, "s8": SMALL}})
    play(state, "B01-028", "s5")
    act(state, "yes")
    act(state, f"choose {name(SMALL)}")
    assert state.names(0, "trash") == [name(SMALL)]
    assert offered(state) == ["s5", "s7"]  # Cost <= 4 on a Normal Square: itself too; not s8 nor 5-Cost s9
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "hand") == [name(MID)]
    declined = arrange({"hand": ["B01-028", SMALL], "resource": [BLUE] * 4}, {"field": {"s7": MID}})
    play(declined, "B01-028", "s5")
    act(declined, "pass")
    assert declined.names(0, "hand") == [name(SMALL)] and on(declined, "s7") != -1
    empty = arrange({"hand": ["B01-028"], "resource": [BLUE] * 4}, {"field": {"s7": MID}})
    play(empty, "B01-028", "s5")  # no card to put into Trash: nothing offered, nothing returned
    assert empty.decision() == "main" and on(empty, "s7") != -1


def test_b01_031_smetina_moves_a_zx_keeping_it_asleep():
    """Ruling B01-031 Q1: when this card appears, you may move a Z/X on a Normal Square to an empty adjacent
    Square; it keeps its Sleep. The opponent's Z/X may go onto its own Player Square, never onto yours."""
    state = arrange({"hand": ["B01-031"], "resource": [BLUE] * 4}, {"field": {"s5": (MID, True)}})
    moved = on(state, "s5")
    play(state, "B01-031", "s1")
    act(state, "yes")
    act(state, "on s5")
    squares = sorted(t.split("square ")[1] for t in texts(state) if "choose square" in t)
    assert squares == ["s4", "s6", "s8"]  # not s2, player 0's Player Square
    act(state, "choose square s4")
    assert on(state, "s4") == moved and state.instance(moved)["sleeping"]


def test_b01_033_vivale_moves_your_zx_never_onto_the_opponents_player_square():
    """When this card appears, you may move a Z/X on a Normal Square to an empty adjacent Square: your own may go
    onto your Player Square, not onto the opponent's."""
    state = arrange({"hand": ["B01-033"], "resource": [BLUE] * 5, "field": {"s5": MID, "s4": MID}}, {})
    play(state, "B01-033", "s1")
    act(state, "yes")
    act(state, "on s5")
    squares = sorted(t.split("square ")[1] for t in texts(state) if "choose square" in t)
    assert squares == ["s2", "s6"]  # s4 is taken, s8 is the opponent's Player Square
    act(state, "choose square s2")
    assert on(state, "s5") == -1 and on(state, "s2") != -1
    declined = arrange({"hand": ["B01-033"], "resource": [BLUE] * 5, "field": {"s5": MID}}, {})
    play(declined, "B01-033", "s1")
    act(declined, "pass")
    assert on(declined, "s5") != -1 and declined.decision() == "main"


def test_b01_036_darmstadtium_draws_when_it_destroys_in_battle():
    """Ruling B01-036 Q1: when this card destroys an opponent's Z/X in battle, draw 1: no "you may", so it is drawn
    without a decision."""
    state = arrange({"field": {"s5": "B01-036"}}, {"field": {"s8": BIG}})
    hand = len(state.zone(0, "hand"))
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and len(state.zone(0, "hand")) == hand + 1 and state.decision() == "main"
    survivor = arrange({"field": {"s5": "B01-036"}}, {"field": {"s8": "C03-018"}})
    attack(survivor, "s5", "s8")
    pass_battle(survivor)  # 9000 on 9500: not destroyed, no card
    assert on(survivor, "s8") != -1 and len(survivor.zone(0, "hand")) == hand


def test_b01_037_scientific_progress_draws_2_and_returns_2():
    """Draw 2, then put two cards of your hand back into the deck and shuffle it."""
    state = arrange({"hand": ["B01-037", MID], "resource": [BLUE]}, {})
    deck = len(state.zone(0, "deck"))
    play(state, "B01-037")
    assert state.decision() == "effect-card" and len(state.zone(0, "hand")) == 3
    act(state, f"choose {name(MID)}")
    assert state.decision() == "effect-card"
    act(state, "p0 choose")
    assert len(state.zone(0, "hand")) == 1 and len(state.zone(0, "deck")) == deck
    assert state.names(0, "trash") == [name("B01-037")]


def test_b01_037_scientific_progress_with_one_card_left():
    """Ruling B01-037 Q1: with 1 card left: draw it, Reload (the opponent picks a Life card for Charge), draw the
    second from the new deck, then put two hand cards back and shuffle."""
    state = arrange({"hand": ["B01-037"], "resource": [BLUE], "trash": [MID, MID]}, {})
    state = deck_of(state, 0, 1)
    play(state, "B01-037")
    assert state.decision() == "reload-life-pick" and len(state.zone(0, "hand")) == 1
    act(state, "p1 pick Life card 0")
    assert state.decision() == "effect-card" and len(state.zone(0, "hand")) == 2
    act(state, "p0 choose")
    act(state, "p0 choose")
    assert state.zone(0, "hand") == [] and len(state.zone(0, "charge")) == 1


def test_b01_037_scientific_progress_with_exactly_two_cards_left():
    """Ruling B01-037 Q2: with exactly 2 cards left: draw both, Reload (the opponent picks a Life card for
    Charge), then put two hand cards onto the new deck and shuffle."""
    state = arrange({"hand": ["B01-037"], "resource": [BLUE], "trash": [MID, MID]}, {})
    state = deck_of(state, 0, 2)
    play(state, "B01-037")
    assert state.decision() == "reload-life-pick" and len(state.zone(0, "hand")) == 2
    act(state, "p1 pick Life card 0")
    deck = len(state.zone(0, "deck"))
    act(state, "p0 choose")
    act(state, "p0 choose")
    assert state.zone(0, "hand") == [] and len(state.zone(0, "deck")) == deck + 2


def test_b01_038_039_040_return_an_opponents_zx_by_cost():
    """Comet Shoot (Cost <= 3), Soaring Spin Shot (Cost <= 4), Rhapsody of Return (any Cost): one of the
    opponent's Z/X on a Normal Square to its owner's hand; never your own, never one on a Player Square."""
    for number, colours, want in (("B01-038", 1, ["s7"]), ("B01-039", 2, ["s7", "s9"]),
                                  ("B01-040", 3, ["s7", "s9", "s6"])):
        state = arrange({"hand": [number], "resource": [BLUE] * colours, "field": {"s1": SMALL}},
                        {"field": {"s7": SMALL, "s9": MID, "s6": HUGE, "s8": SMALL}})
        play(state, number)
        assert offered(state) == sorted(want), number
        act(state, "on s7")
        assert on(state, "s7") == -1 and state.names(1, "hand") == [name(SMALL)]


def test_b01_042_liliel_weakens_an_opponents_zx_from_the_charge():
    """From your Charge: [White 2, this card from Charge into Trash] one of the opponent's Z/X on a Normal Square
    -4000 until end of turn; not your own, not one on a Player Square."""
    state = arrange({"charge": ["B01-042"], "resource": [WHITE, WHITE], "field": {"s1": BIG}},
                    {"field": {"s7": BIG, "s8": BIG}})
    use(state, "B01-042")
    assert offered(state) == ["s7"] and state.names(0, "trash") == [name("B01-042")]
    act(state, "on s7")
    assert power_on(state, "s7") == 4000 and damage_on(state, "s7") == 0
    act(state, "pass (main)")
    assert power_on(state, "s7") == 8000


def test_b01_048_phoenix_gives_your_zx_2000_when_destroyed():
    """Ruling B01-048 Q1 (rules.md Z15.2): when this card is destroyed, each of your Z/X on Squares (Player Square
    too) +2000 until end of turn; a Z/X that appears after it was destroyed does not get it, nor do the opponent's."""
    state = arrange({"hand": ["B01-020", BIG], "resource": [RED] * 9, "field": {"s5": "B01-048", "s1": BIG,
                                                                                 "s2": SMALL}},
                    {"field": {"s7": BIG}})
    play(state, "B01-020")
    act(state, "on s5")
    assert on(state, "s5") == -1 and state.decision() == "main"
    assert power_on(state, "s1") == 10000 and power_on(state, "s2") == 5500 and power_on(state, "s7") == 8000
    play(state, BIG, "s3")
    assert power_on(state, "s3") == 8000


def opponents_attack(p0: dict, p1: dict, frm: str, to: str):
    """Player 1's Main phase of turn 2 with the given zones; player 1 attacks and both pass the Battle Event step."""
    state = arrange(p0, p1, turn_player=1)
    attack(state, frm, to)
    pass_battle(state)
    return state


def test_b01_050_053_lawbringers_destroy_the_attacker_on_a_normal_square():
    """Shishapangma and Batura: at the end of a battle in which this card was attacked and survived, the attacker
    is destroyed if it is on a Normal Square (rules.md Z15.1)."""
    for number in ("B01-050", "B01-053"):
        state = opponents_attack({"field": {"s5": number}}, {"field": {"s4": "B01-045"}}, "s4", "s5")
        assert on(state, "s4") == -1 and state.names(1, "charge") == [name("B01-045")], number
        assert damage_on(state, "s5") == 5000 and state.decision() == "main"
    killed = opponents_attack({"field": {"s5": "B01-050"}}, {"field": {"s4": BIG}}, "s4", "s5")
    assert on(killed, "s5") == -1 and on(killed, "s4") != -1  # it did not survive: nothing happens


def test_b01_050_053_lawbringers_spare_an_attacker_on_a_player_square():
    """Ruling B01-050 Q1, Ruling B01-053 Q1: a 5000-Power Z/X on a Player Square that attacks this card is not
    destroyed at the battle's end: only an attacker on a Normal Square is."""
    for number in ("B01-050", "B01-053"):
        state = opponents_attack({"field": {"s5": number}}, {"field": {"s8": "B01-045"}}, "s8", "s5")
        assert on(state, "s8") != -1 and on(state, "s5") != -1 and state.decision() == "main", number


def test_b01_050_does_nothing_when_it_attacks():
    """Rules.md Z15.1: the ability is of a battle in which this card was attacked; at the end of a battle it
    attacked in, the Z/X it attacked stays."""
    state = arrange({"field": {"s5": "B01-050"}}, {"field": {"s4": "C03-018"}})
    attack(state, "s5", "s4")
    pass_battle(state)
    assert on(state, "s4") != -1 and damage_on(state, "s4") == 6000 and state.decision() == "main"


def test_b01_054_admiration_weakens_an_opponents_zx_when_it_appears():
    """When this card appears, one of the opponent's Z/X on a Normal Square -4000 until end of turn."""
    state = arrange({"hand": ["B01-054"], "resource": [WHITE] * 6, "field": {"s1": BIG}},
                    {"field": {"s7": BIG, "s8": BIG}})
    play(state, "B01-054", "s5")
    assert offered(state) == ["s7"]
    act(state, "on s7")
    assert power_on(state, "s7") == 4000


def test_b01_059_revenge_force_gives_minus_2500():
    """One Z/X (either player's) on a Normal Square -2500 until end of turn."""
    state = arrange({"hand": ["B01-059"], "resource": [WHITE], "field": {"s1": BIG}}, {"field": {"s7": BIG,
                                                                                                 "s8": BIG}})
    play(state, "B01-059")
    assert offered(state) == ["s1", "s7"]
    act(state, "on s7")
    assert power_on(state, "s7") == 5500


def test_b01_060_holy_light_aura_lowers_power_not_damage():
    """Ruling B01-060 Q1: one Z/X (either player's) on a Normal Square -4000 until end of turn: a Power decrease,
    not damage (so B04-056 K2, which ignores small damage, loses the Power too; K2's ability is B04's)."""
    state = arrange({"hand": ["B01-060"], "resource": [WHITE, WHITE]}, {"field": {"s7": BIG}})
    play(state, "B01-060")
    act(state, "on s7")
    assert power_on(state, "s7") == 4000 and damage_on(state, "s7") == 0


def test_b01_061_lascivius_charges_the_top_card_when_it_destroys_in_battle():
    """When this card destroys an opponent's Z/X in battle, the top card of your deck goes into your Charge; not
    when the Z/X survives."""
    state = arrange({"field": {"s5": "B01-061"}, "hand": ["B01-059"], "resource": [WHITE], "deck": [MID]},
                    {"field": {"s4": SMALL, "s6": SMALL}})
    play(state, "B01-059")
    act(state, "on s4")  # 3500 - 2500: 1000 Power
    attack(state, "s5", "s4")
    pass_battle(state)
    assert on(state, "s4") == -1 and state.names(0, "charge") == [name(MID)]
    survivor = arrange({"field": {"s5": "B01-061"}, "deck": [MID]}, {"field": {"s4": SMALL}})
    attack(survivor, "s5", "s4")
    pass_battle(survivor)
    assert on(survivor, "s4") != -1 and survivor.zone(0, "charge") == []


def test_b01_063_bone_keeper_destroys_a_cheap_zx_from_the_charge():
    """From your Charge: [Black 2, this card from Charge into Trash] destroy one of the opponent's Z/X of Cost 3
    or less on a Normal Square."""
    state = arrange({"charge": ["B01-063"], "resource": [BLACK, BLACK], "field": {"s1": SMALL}},
                    {"field": {"s7": SMALL, "s9": MID, "s8": SMALL}})
    use(state, "B01-063")
    assert offered(state) == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "charge") == [name(SMALL)]


def test_b01_071_pfeil_destroys_a_cheap_zx_when_it_destroys_in_battle():
    """When this card destroys an opponent's Z/X in battle, destroy one of the opponent's Z/X of Cost 3 or less on
    a Normal Square."""
    state = arrange({"field": {"s5": "B01-071", "s1": SMALL}}, {"field": {"s8": SMALL, "s7": SMALL, "s9": MID}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert offered(state) == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and on(state, "s9") != -1


def odium_hits_the_player(p1_life: list[str]):
    """Odium (player 0, s5) attacks player 1, whose Life is ``p1_life``; player 0 picks the top Life card."""
    state = arrange({"field": {"s5": "B01-072", "s1": SMALL}}, {"life": p1_life, "field": {"s7": SMALL}})
    attack(state, "s5", "s8")
    pass_battle(state)
    act(state, "p0 pick Life card 0")
    return state


def test_b01_072_odium_may_destroy_a_cheap_zx_when_a_life_decreases():
    """When either player's Life decreases, you may destroy a Z/X (either player's) of Cost 3 or less on a Normal
    Square."""
    state = odium_hits_the_player(["C03-018"] * 4)
    assert state.decision() == "effect-may"
    act(state, "yes")
    assert offered(state) == ["s1", "s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and len(state.zone(1, "life")) == 3
    declined = odium_hits_the_player(["C03-018"] * 4)
    act(declined, "pass")
    assert on(declined, "s7") != -1 and declined.decision() == "main"


def test_b01_072_odium_resolves_after_void_bringer_trashed_it():
    """Ruling B01-072 Q1: the revealed Life card has Void Bringer and is played; Odium's ability waits while it is
    processed; Void Bringer puts Odium into Trash; Odium's waiting ability still resolves."""
    state = odium_hits_the_player(["B01-002"] * 4)
    act(state, "p1 play the revealed")
    act(state, "p1 to square s9")
    assert state.decision() == "trigger-order"
    act(state, "resolve Void Bringer")
    odium = on(state, "s5")
    act(state, "Void Bringer: " + name("B01-072"))
    assert state.instance(odium)["zone"] == "trash"
    act(state, "yes")
    assert offered(state) == ["s1", "s7", "s9"]
    act(state, "on s9")
    assert on(state, "s9") == -1 and state.decision() == "main"


def test_b01_072_odium_works_when_life_recovery_restores_the_life():
    """Ruling B01-072 Q2: the revealed Life card has Life Recovery and is played, bringing the Life back to where it
    was; Odium's ability still works."""
    state = odium_hits_the_player(["B01-007"] * 4)
    act(state, "p1 play the revealed")
    act(state, "p1 to square s9")
    assert state.decision() == "trigger-order"
    act(state, "resolve Life Recovery")
    assert len(state.zone(1, "life")) == 4 and state.decision() == "effect-may"  # back to 4: Odium still works
    act(state, "yes")
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.decision() == "main"


def test_b01_072_odium_works_when_a_reload_takes_a_life_card():
    """Ruling B01-072 Q3: a Reload (the deck empty, the Trash made the deck) puts a Life card into Charge: a Life
    decrease, so Odium's ability works (after the Event that drew the card has resolved)."""
    state = arrange({"hand": ["B01-037"], "resource": [BLUE], "trash": [MID, MID], "field": {"s5": "B01-072"}},
                    {"field": {"s7": SMALL}})
    state = deck_of(state, 0, 1)
    play(state, "B01-037")
    act(state, "p1 pick Life card 0")
    act(state, "p0 choose")
    act(state, "p0 choose")
    assert len(state.zone(0, "life")) == 3 and state.decision() == "effect-may"
    act(state, "yes")
    act(state, "on s7")
    assert on(state, "s7") == -1


def test_b01_075_desperatio_destroys_an_opponents_zx_of_cost_4_or_less():
    """When this card appears, destroy one of the opponent's Z/X of Cost 4 or less on a Normal Square."""
    state = arrange({"hand": ["B01-075"], "resource": [BLACK] * 6, "field": {"s1": SMALL}},
                    {"field": {"s7": MID, "s9": BIG, "s8": SMALL}})
    play(state, "B01-075", "s5")
    assert offered(state) == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(1, "charge") == [name(MID)]


def test_b01_076_skeletal_bishop_returns_a_zx_of_cost_5_or_less_from_trash():
    """When this card appears, one Z/X of Cost 5 or less from your Trash to your hand: not an Event, not a Z/X of
    Cost 6."""
    state = arrange({"hand": ["B01-076"], "resource": [BLACK] * 7, "trash": [BIG, HUGE, "B01-077"]}, {})
    play(state, "B01-076", "s5")
    choices = [t for t in texts(state) if "choose" in t]
    assert len(choices) == 1 and name(BIG) in choices[0]
    act(state, "choose")
    assert state.names(0, "hand") == [name(BIG)] and sorted(state.names(0, "trash")) == sorted(
        [name(HUGE), name("B01-077")])


def test_b01_077_078_destroy_a_cheap_zx_on_a_normal_square():
    """Dim Moon (Cost 2 or less) and Curse Diffusion (Cost 3 or less): destroy one Z/X (either player's) on a Normal
    Square."""
    for number, colours, want in (("B01-077", 1, ["s1", "s7"]), ("B01-078", 2, ["s1", "s7", "s9"])):
        state = arrange({"hand": [number], "resource": [BLACK] * colours, "field": {"s1": SMALL}},
                        {"field": {"s7": SMALL, "s9": "B01-066", "s6": MID, "s8": SMALL}})
        play(state, number)
        assert offered(state) == want, number
        act(state, "on s7")
        assert on(state, "s7") == -1 and state.names(1, "charge") == [name(SMALL)]


def test_b01_079_awakening_returns_a_zx_from_your_trash():
    """One Z/X of your Trash to your hand, whatever its Cost; not an Event, not the opponent's."""
    state = arrange({"hand": ["B01-079"], "resource": [BLACK, BLACK], "trash": [HUGE, "B01-077"]},
                    {"trash": [BIG]})
    play(state, "B01-079")
    choices = [t for t in texts(state) if "choose" in t]
    assert len(choices) == 1 and name(HUGE) in choices[0]
    act(state, "choose")
    assert state.names(0, "hand") == [name(HUGE)] and state.names(1, "trash") == [name(BIG)]


def test_b01_082_werebear_puts_an_opponents_zx_into_resource_from_the_charge():
    """From your Charge: [Green 4, this card from Charge into Trash] one of the opponent's Z/X on a Normal Square
    into its owner's Resource, sleeping."""
    state = arrange({"charge": ["B01-082"], "resource": [GREEN] * 4, "field": {"s1": BIG}},
                    {"field": {"s7": BIG, "s8": BIG}})
    target = on(state, "s7")
    use(state, "B01-082")
    assert offered(state) == ["s7"] and state.names(0, "trash") == [name("B01-082")]
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.instance(target)["zone"] == "resource"
    assert state.instance(target)["sleeping"] and state.names(1, "resource") == [name(BIG)]
    assert state.zone(1, "charge") == []  # not destroyed


def test_b01_084_wild_rose_gets_1000_with_9_resource_cards():
    """While your Resource holds 9 or more cards, this card gets +1000."""
    rich = arrange({"resource": [GREEN] * 9, "field": {"s1": "B01-084"}}, {})
    poor = arrange({"resource": [GREEN] * 8, "field": {"s1": "B01-084"}}, {})
    assert power_on(rich, "s1") == 5500 and power_on(poor, "s1") == 4500


def test_b01_084_092_wild_rose_is_destroyed_when_ayame_takes_a_resource_card():
    """Ruling B01-084 Q1, Ruling B01-092 Q1: with 9 Resource cards, Wild Rose (5500) has 5000 damage; Ayame returns
    a Resource card to the hand: 8 Resource cards, Wild Rose's Power is 4500 and it is destroyed at once (into
    Charge)."""
    state = arrange({"hand": ["B01-019", "B01-092"], "resource": [RED] * 2 + [GREEN] * 7,
                     "field": {"s1": "B01-084"}}, {})
    play(state, "B01-019")
    act(state, "on s1")
    assert damage_on(state, "s1") == 5000 and power_on(state, "s1") == 5500
    play(state, "B01-092", "s5")
    act(state, "yes")
    act(state, f"choose {name(GREEN)}")
    assert len(state.zone(0, "resource")) == 8 and state.names(0, "hand") == [name(GREEN)]
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name("B01-084")]


def test_b01_087_096_werekoala_and_wererhino_may_boost_themselves():
    """Ruling B01-087 Q1, Ruling B01-096 Q1: when this card appears, one Z/X (either player's) on a Square, Player
    Squares too, gets +1000 (Werekoala) or +5000 (Wererhino) until end of turn; it may choose itself."""
    for number, cost, boost, power in (("B01-087", 4, 1000, 6000), ("B01-096", 8, 5000, 10000)):
        state = arrange({"hand": [number], "resource": [GREEN] * cost, "field": {"s2": SMALL}},
                        {"field": {"s8": SMALL}})
        play(state, number, "s5")
        assert offered(state) == ["s2", "s5", "s8"], number
        act(state, "on s5")
        assert power_on(state, "s5") == power + boost and power_on(state, "s2") == 3500
        act(state, "pass (main)")
        assert power_on(state, "s5") == power


def test_b01_088_090_borage_and_lemon_balm_go_into_resource_when_destroyed():
    """When this card would be destroyed (here in battle), it goes into your Resource, sleeping, instead of your
    Charge."""
    for number in ("B01-088", "B01-090"):
        state = arrange({"field": {"s5": HUGE}}, {"field": {"s4": number}})
        card = on(state, "s4")
        attack(state, "s5", "s4")
        pass_battle(state)
        assert state.instance(card)["zone"] == "resource" and state.instance(card)["sleeping"], number
        assert state.zone(1, "charge") == []


def test_b01_092_ayame_may_return_a_resource_card():
    """When this card appears, you may return a card of your Resource to your hand; declining keeps it."""
    state = arrange({"hand": ["B01-092"], "resource": [GREEN] * 5 + [BLUE]}, {})
    play(state, "B01-092", "s5")
    act(state, "yes")
    act(state, f"choose {name(BLUE)}")
    assert state.names(0, "hand") == [name(BLUE)] and len(state.zone(0, "resource")) == 5
    declined = arrange({"hand": ["B01-092"], "resource": [GREEN] * 6}, {})
    play(declined, "B01-092", "s5")
    act(declined, "pass")
    assert declined.zone(0, "hand") == [] and len(declined.zone(0, "resource")) == 6


def test_b01_094_ryutan_gets_3000_with_chitose_and_12_resource_cards():
    """While your Player card is Aoba Chitose (any of its printings) and your Resource holds 12 or more cards, this
    card gets +3000; 11 cards, or another Player card, give nothing."""
    for player in ("B03-108", "C04-001"):
        state = arrange({"resource": [GREEN] * 12, "field": {"s1": "B01-094"}}, {}, players=(player, "C02-001"))
        assert power_on(state, "s1") == 12000, player
    eleven = arrange({"resource": [GREEN] * 11, "field": {"s1": "B01-094"}}, {}, players=("B03-108", "C02-001"))
    other = arrange({"resource": [GREEN] * 12, "field": {"s1": "B01-094"}}, {})
    assert power_on(eleven, "s1") == 9000 and power_on(other, "s1") == 9000


def test_b01_095_kakitsubata_puts_an_opponents_zx_into_resource():
    """When this card appears, one of the opponent's Z/X on a Normal Square into its owner's Resource, sleeping."""
    state = arrange({"hand": ["B01-095"], "resource": [GREEN] * 7, "field": {"s1": BIG}},
                    {"field": {"s7": HUGE, "s8": BIG}})
    target = on(state, "s7")
    play(state, "B01-095", "s5")
    assert offered(state) == ["s7"]
    act(state, "on s7")
    assert state.instance(target)["zone"] == "resource" and state.instance(target)["sleeping"]
    assert state.names(1, "resource") == [name(HUGE)]


def test_b01_097_sword_flash_gives_2000():
    """One Z/X (either player's) on a Square, Player Squares too, +2000 until end of turn."""
    state = arrange({"hand": ["B01-097"], "resource": [GREEN], "field": {"s2": SMALL}}, {"field": {"s8": SMALL}})
    play(state, "B01-097")
    assert offered(state) == ["s2", "s8"]
    act(state, "on s2")
    assert power_on(state, "s2") == 5500 and power_on(state, "s8") == 3500


def test_b01_098_099_put_an_opponents_zx_into_resource():
    """Unify Earth (Cost 4 or less) and Good Night (any Cost): one of the opponent's Z/X on a Normal Square into its
    owner's Resource, sleeping."""
    for number, colours, want in (("B01-098", 3, ["s7"]), ("B01-099", 4, ["s7", "s9"])):
        state = arrange({"hand": [number], "resource": [GREEN] * colours, "field": {"s1": SMALL}},
                        {"field": {"s7": MID, "s9": BIG, "s8": SMALL}})
        target = on(state, "s7")
        play(state, number)
        assert offered(state) == want, number
        act(state, "on s7")
        assert state.instance(target)["zone"] == "resource" and state.instance(target)["sleeping"]


def test_b01_100_green_erosion_puts_the_top_two_cards_into_resource():
    """The top 2 cards of your deck into your Resource, sleeping."""
    state = arrange({"hand": ["B01-100"], "resource": [GREEN] * 5, "deck": [MID, BIG]}, {})
    play(state, "B01-100")
    resource = state.zone(0, "resource")
    assert len(resource) == 7 and state.names(0, "resource")[-2:] == [name(MID), name(BIG)]
    assert all(state.instance(i)["sleeping"] for i in resource[-2:])


def test_b01_102_michael_gets_4000_with_10_events_in_trash():
    """While your Trash holds 10 or more Events, this card gets +4000; Z/X cards in Trash do not count."""
    events = ["B01-017", "B01-019", "B01-037", "B01-059", "B01-077"] * 2
    full = arrange({"trash": events, "field": {"s1": "B01-102"}}, {})
    short = arrange({"trash": events[:9] + [BIG], "field": {"s1": "B01-102"}}, {})
    assert power_on(full, "s1") == 13000 and power_on(short, "s1") == 9000
