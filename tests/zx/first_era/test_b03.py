"""The B03 cards of the first era doing what their text says, in real games of the card set ``first-era`` with its
definitions (src/tcbg/zx/cardsets/first_era_b03.py; docs/zx/cards.md; rulings of docs/zx/rules.md sections 12 and
15): each card played, its ability used or triggered through legal actions, what changed checked, and what must not
happen too."""

from __future__ import annotations

import json

from ..era import act, arrange, attack, damage_on, name, on, pass_battle, power_on, squares, texts, uses

FILLER = "C03-018"   # Neige of the Snow: vanilla white Angel 6/9500
CHEAP = "C01-012"    # Lawbringer Dhaulagiri: white Guardian 3/5000, no ability
SMALL = "B01-003"    # Heated Coal, Coal Armadillo: vanilla red 2/3500
MID = "C01-006"      # Graceful Crystal, Crystal Swan: vanilla red 4/6500
BIG = "C04-011"      # Iron-Boot Artisan, Greave: vanilla red 6/9500
REDS = ["C01-006"] * 7
BLUES = ["B03-026"] * 7    # Fierce Melody, Horstio: vanilla blue 4/6500
WHITES = ["B03-049"] * 7   # Bumbling Detective, Russian Blue: vanilla white 4/6500
BLACKS = ["B03-066"] * 7   # Scampering Painful Wheel: vanilla black 4/6500
GREENS = ["B03-087"] * 7   # Handcrafting Oregano: vanilla green 4/6500


def choices(state) -> list[str]:
    """The names of the cards a pending card choice offers."""
    return sorted(t.split("choose ", 1)[1].split(" #")[0] for t in texts(state) if " choose " in t)


def play(state, number: str, square: str | None = None):
    act(state, f"play {name(number)}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def to_ignition(state):
    """Player 0 ends turn 1; player 1 draws 2 and passes the Resource phase: player 1's Ignition decision."""
    act(state, "p0 pass (main)")
    act(state, "p1 pass (resource)")
    assert state.decision() == "ignition"


def reveal(p0: dict, p1: dict, seed: str):
    """Player 1's Ignition reveals ``seed`` (not an Ignition card: it goes into the Trash, its Evol Seed waits)."""
    p1 = dict(p1)
    p1["charge"] = p1.get("charge", []) + [MID]
    p1["deck"] = [FILLER, FILLER, seed] + p1.get("deck", [])
    state = arrange(p0, p1)
    to_ignition(state)
    act(state, f"p1 ignite with {name(MID)}")
    assert name(seed) in state.names(1, "trash")
    return state


def with_trash(state, player: int, extra: int):
    """The position with ``extra`` more cards moved from the bottom of the player's deck into their Trash."""
    doc = json.loads(state.to_json())
    p = doc["players"][player]
    p["trash"] += p["deck"][:extra]
    p["deck"] = p["deck"][extra:]
    return state._game.state_from_json(doc)


def test_b03_004_tiara_deals_1000_damage_to_any_zx_on_a_normal_square_when_it_appears():
    """When this card appears, 1000 damage to one Z/X on a Normal Square, either player's; never one on a Player
    Square (Z12.3)."""
    state = arrange({"hand": ["B03-004"], "resource": REDS[:3], "field": {"s1": MID}},
                    {"field": {"s7": SMALL, "s8": SMALL}})
    play(state, "B03-004", "s5")
    assert state.decision() == "effect-target" and squares(state) == ["s1", "s5", "s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 1000 and damage_on(state, "s8") == 0 and state.decision() == "main"


def test_b03_007_tigers_eye_evol_seed_deals_5000_damage_to_an_opponents_zx():
    """Evol Seed: when this card goes from the deck into the Trash by an Ignition reveal, 5000 damage to one of the
    opponent's Z/X on a Normal Square (Z12.9); the revealer's own Z/X are not offered."""
    state = reveal({"field": {"s1": MID, "s2": MID}}, {"field": {"s7": MID}}, "B03-007")
    assert state.decision() == "effect-target" and squares(state) == ["s1"]
    act(state, "p1 choose")
    assert damage_on(state, "s1") == 5000 and damage_on(state, "s7") == 0


def test_b03_011_kintoki_evol_seed_deals_3000_damage():
    """Evol Seed: 3000 damage to one of the opponent's Z/X on a Normal Square."""
    state = reveal({"field": {"s3": MID}}, {}, "B03-011")
    act(state, "p1 choose")
    assert damage_on(state, "s3") == 3000 and on(state, "s3") != -1


def test_b03_017_cardinal_blade_pays_red_3_for_8000_damage():
    """[Red 3]: 8000 damage to one of the opponent's Z/X on a Normal Square (Z12.8), used from a Square as often as
    it can be paid; not with two Resource cards, not from the hand."""
    state = arrange({"field": {"s1": "B03-017"}, "resource": REDS[:3]}, {"field": {"s7": BIG, "s8": BIG}})
    act(state, "use the ability of Overlord Dragon")
    for _ in range(3):
        act(state, "pay with")
    assert squares(state) == ["s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 8000 and on(state, "s7") != -1 and uses(state) == []
    poor = arrange({"field": {"s1": "B03-017"}, "resource": REDS[:2]}, {"field": {"s7": BIG}})
    assert uses(poor) == []
    in_hand = arrange({"hand": ["B03-017"], "resource": REDS[:3]}, {"field": {"s7": BIG}})
    assert uses(in_hand) == []


def test_b03_023_evaporation_draws_then_returns_a_card_and_shuffles():
    """When this card appears: draw a card, then put a card of your hand into your deck and shuffle it."""
    state = arrange({"hand": ["B03-023", MID], "resource": BLUES[:3], "deck": [SMALL]}, {})
    deck = len(state.zone(0, "deck"))
    play(state, "B03-023", "s5")
    assert state.decision() == "effect-card" and choices(state) == sorted([name(MID), name(SMALL)])
    act(state, f"choose {name(MID)}")
    assert state.names(0, "hand") == [name(SMALL)] and len(state.zone(0, "deck")) == deck


def test_b03_028_momotarou_may_return_a_cheap_zx_after_destroying_one_in_battle():
    """When this card destroys a Z/X in battle, you may return one of the opponent's Z/X of Cost 3 or less on a
    Normal Square to its owner's hand (Z12.4); declining keeps it."""
    p1 = {"field": {"s8": SMALL, "s7": CHEAP, "s9": MID}}
    state = arrange({"field": {"s5": "B03-028"}}, p1)
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.decision() == "effect-may"
    act(state, "yes")
    assert squares(state) == ["s7"]
    act(state, "on s7")
    assert state.names(1, "hand") == [name(CHEAP)]
    declined = arrange({"field": {"s5": "B03-028"}}, p1)
    attack(declined, "s5", "s8")
    pass_battle(declined)
    act(declined, "pass (effect-may)")
    assert on(declined, "s7") != -1 and declined.names(1, "hand") == []


def test_b03_030_boring_may_return_a_cheap_zx_of_yours_when_it_or_a_killer_machine_appears():
    """When this card or another Killer Machine of yours appears, you may return one of your Z/X of Cost 3 or less
    on a Square to your hand (Z12.16: one filter watches this card and the others)."""
    state = arrange({"hand": ["B03-030", "C02-005", SMALL], "resource": BLUES + REDS[:3],
                     "field": {"s1": CHEAP, "s3": MID}}, {"field": {"s7": SMALL}})
    play(state, "B03-030", "s5")
    act(state, "yes")
    assert squares(state) == ["s1"]  # yours, Cost 3 or less: not Crystal Swan (4), not the opponent's
    act(state, "on s1")
    assert name(CHEAP) in state.names(0, "hand")
    play(state, "C02-005", "s4")  # Erasure Machine, Void: a Killer Machine of Cost 3
    assert state.decision() == "effect-may"
    act(state, "yes")
    assert squares(state) == ["s4"]  # the Killer Machine that appeared may be the one returned
    act(state, "on s4")
    assert name("C02-005") in state.names(0, "hand")
    play(state, SMALL, "s1")  # not a Killer Machine: nothing waits
    assert state.decision() == "main"


def test_b03_032_strontium_evol_seed_may_return_a_cheap_zx():
    """Evol Seed: you may return one of the opponent's Z/X of Cost 3 or less on a Normal Square to its owner's
    hand."""
    state = reveal({"field": {"s1": CHEAP, "s3": MID, "s2": SMALL}}, {}, "B03-032")
    assert state.decision() == "effect-may"
    act(state, "p1 yes")
    assert squares(state) == ["s1"]
    act(state, "on s1")
    assert state.names(0, "hand")[-1] == name(CHEAP) and on(state, "s1") == -1


def test_b03_034_mb29ve_pays_blue_1_to_return_a_cheap_zx():
    """[Blue 1]: return one of the opponent's Z/X of Cost 3 or less on a Normal Square to its owner's hand."""
    state = arrange({"field": {"s1": "B03-034"}, "resource": BLUES[:2]},
                    {"field": {"s7": CHEAP, "s9": MID, "s8": SMALL}})
    act(state, "use the ability of Original XIII")
    act(state, "pay with")
    assert squares(state) == ["s7"]
    act(state, "on s7")
    assert state.names(1, "hand") == [name(CHEAP)] and len(uses(state)) == 1  # one Reboot Resource card left
    red = arrange({"field": {"s1": "B03-034"}, "resource": REDS[:2]}, {"field": {"s7": CHEAP}})
    assert uses(red) == []


def test_b03_035_wagnea_evol_seed_may_move_a_zx_to_an_adjacent_empty_normal_square():
    """Evol Seed: you may move one Z/X on a Normal Square, either player's, to an empty Normal Square next to it
    (Z12.11: never a Player Square)."""
    state = reveal({"field": {"s1": MID}}, {"field": {"s9": MID}}, "B03-035")
    act(state, "p1 yes")
    assert squares(state) == ["s1", "s9"]
    act(state, "on s1")
    assert state.decision() == "effect-square"
    offered = sorted(t.rsplit(" ", 1)[1] for t in texts(state))
    assert offered == ["s4"]  # s2 is a Player Square
    act(state, "s4")
    assert on(state, "s1") == -1 and on(state, "s4") != -1


def test_b03_038_first_class_battle_deployment_draws_3_and_returns_2():
    """Draw 3 cards, then put two cards of your hand into your deck, one choice after the other, and shuffle it."""
    state = arrange({"hand": ["B03-038", MID], "resource": BLUES[:2], "deck": [SMALL, CHEAP, BIG]}, {})
    deck = len(state.zone(0, "deck"))
    play(state, "B03-038")
    assert len(state.zone(0, "hand")) == 4 and state.decision() == "effect-card"
    act(state, f"choose {name(MID)}")
    assert state.decision() == "effect-card"
    act(state, f"choose {name(BIG)}")
    assert sorted(state.names(0, "hand")) == sorted([name(SMALL), name(CHEAP)])
    assert len(state.zone(0, "deck")) == deck - 1 and state.names(0, "trash") == [name("B03-038")]


def test_b03_040_crimson_invasion_shuffles_an_opponents_zx_into_its_deck():
    """Put one of the opponent's Z/X on a Normal Square into its owner's deck and shuffle that deck; one on a
    Player Square, or one of yours, is not offered."""
    state = arrange({"hand": ["B03-040"], "resource": BLUES[:4], "field": {"s1": MID}},
                    {"field": {"s7": BIG, "s8": SMALL}})
    deck = len(state.zone(1, "deck"))
    play(state, "B03-040")
    assert squares(state) == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and len(state.zone(1, "deck")) == deck + 1
    assert name(BIG) in state.names(1, "deck") and state.names(1, "charge") == []


def test_b03_048_snow_white_has_the_ignition_icon_at_life_1():
    """Has the Ignition icon while your Life is 1: an Ignition reveal plays it then (Z12.9 reveal, 505.3a)."""
    state = arrange({}, {"charge": [MID], "life": [FILLER], "deck": [FILLER, FILLER, "B03-048"]})
    to_ignition(state)
    act(state, f"p1 ignite with {name(MID)}")
    assert state.decision() == "ignition-play"
    act(state, "p1 play the revealed")
    act(state, "p1 to square s9")
    assert state.card_name(on(state, "s9")) == name("B03-048")


def test_b03_048_revealed_by_damage_at_life_2_it_has_no_icon():
    """Ruling B03-048 Q1: with Life 2 its player takes 1 damage and the Life card revealed is Snow White of Sleep:
    still counted in Life while revealed, Life is 2, so no Ignition icon and it cannot be played (rules.md 909); at
    Life 1 the same reveal may play it."""
    state = arrange({"field": {"s5": MID}}, {"life": ["B03-048", "B03-048"]})
    attack(state, "s5", "s8")
    pass_battle(state)
    act(state, "p0 pick Life card 0")
    assert state.decision() == "main" and not [t for t in texts(state) if "revealed" in t]
    assert state.names(1, "life") == [name("B03-048")] and state.names(1, "charge") == [name("B03-048")]
    last = arrange({"field": {"s5": MID}}, {"life": ["B03-048"]})
    attack(last, "s5", "s8")
    pass_battle(last)
    act(last, "p0 pick Life card 0")
    assert last.decision() == "damage-play" and f"p1 play the revealed {name('B03-048')}" in " ".join(texts(last))


def test_b03_050_ararat_evol_seed_gives_minus_3000():
    """Evol Seed: one of the opponent's Z/X on a Normal Square gets -3000 until end of turn."""
    state = reveal({"field": {"s1": MID}}, {"field": {"s9": MID}}, "B03-050")
    assert squares(state) == ["s1"]
    act(state, "on s1")
    assert power_on(state, "s1") == 3500 and power_on(state, "s9") == 6500


def test_b03_051_gambiel_lowers_the_opponents_charge_limit_by_2():
    """Ruling B03-051 Q1: the opponent has 4 Charge cards when Gambiel comes onto a Square: their limit is 2, so at
    the next preprocessing they put 2 of their Charge cards of their choice into their Trash (Z12.15)."""
    state = arrange({"hand": ["B03-051"], "resource": WHITES[:5], "charge": [MID] * 4},
                    {"charge": [MID, SMALL, CHEAP, BIG]})
    play(state, "B03-051", "s5")
    assert state.current_player() == 1 and state.decision() == "charge-excess"
    assert len(texts(state)) == 4  # any two of the four, the opponent's choice
    act(state, f"p1 put {name(BIG)}")
    act(state, f"p1 put {name(SMALL)}")
    assert len(state.zone(1, "charge")) == 2 and len(state.zone(1, "trash")) == 2
    assert len(state.zone(0, "charge")) == 4 and state.decision() == "main"  # its own player's limit stays 4


def test_b03_058_phantom_shoot_gives_minus_2000_per_charge_card():
    """One Z/X on a Normal Square, either player's, gets -2000 until end of turn for each card in your Charge, counted
    on resolution."""
    state = arrange({"hand": ["B03-058"], "resource": WHITES[:1], "charge": [MID, SMALL]}, {"field": {"s7": BIG}})
    play(state, "B03-058")
    act(state, "on s7")
    assert power_on(state, "s7") == 9500 - 4000
    none = arrange({"hand": ["B03-058"], "resource": WHITES[:1]}, {"field": {"s7": BIG}})
    play(none, "B03-058")
    act(none, "on s7")
    assert power_on(none, "s7") == 9500


def test_b03_060_bobtail_cleaning_trashes_up_to_two_charge_cards_of_either_player():
    """Put up to two cards of either player's Charge into their owners' Trash: two choices that may choose nothing
    (Z12.3)."""
    state = arrange({"hand": ["B03-060"], "resource": WHITES[:3], "charge": [SMALL]}, {"charge": [BIG, CHEAP]})
    play(state, "B03-060")
    assert choices(state) == sorted([name(SMALL), name(BIG), name(CHEAP)])
    act(state, f"choose {name(BIG)}")
    act(state, f"choose {name(SMALL)}")
    assert state.names(1, "trash") == [name(BIG)]
    assert sorted(state.names(0, "trash")) == sorted([name("B03-060"), name(SMALL)])
    assert state.names(1, "charge") == [name(CHEAP)] and state.decision() == "main"
    one = arrange({"hand": ["B03-060"], "resource": WHITES[:3]}, {"charge": [BIG, CHEAP]})
    play(one, "B03-060")
    act(one, f"choose {name(CHEAP)}")
    act(one, "pass (effect-card)")
    assert one.names(1, "charge") == [name(BIG)]


def test_b03_064_twilight_ash_gets_1000_with_10_cards_in_trash():
    """+1000 Power while your Trash holds 10 cards or more (Z12.6); 9 are not enough."""
    state = arrange({"field": {"s1": "B03-064"}, "trash": [MID] * 9}, {})
    assert power_on(state, "s1") == 4500
    assert power_on(with_trash(state, 0, 1), "s1") == 5500


def test_b03_067_alice_evol_seed_returns_a_cheap_zx_from_trash():
    """Evol Seed: return one Z/X of Cost 3 or less from your Trash to your hand (not an Event, not a dearer Z/X)."""
    state = reveal({}, {"trash": [CHEAP, MID, "B03-058"]}, "B03-067")
    assert state.decision() == "effect-card" and choices(state) == [name(CHEAP)]
    act(state, "p1 choose")
    assert name(CHEAP) in state.names(1, "hand")


def test_b03_067_evol_seed_after_the_reload_finds_an_empty_trash():
    """Ruling B03-067 Q1: the Ignition reveals Alice as the deck's last card: the Reload runs first (the whole Trash
    into a new deck), so when the Evol Seed resolves there is nothing in the Trash to return (Z12.9)."""
    state = arrange({}, {"charge": [MID], "trash": [CHEAP], "deck": [FILLER, FILLER, "B03-067"]})
    doc = json.loads(state.to_json())
    deck = doc["players"][1]["deck"]
    doc["players"][1]["trash"] += deck[:-3]
    doc["players"][1]["deck"] = deck[-3:]
    state = state._game.state_from_json(doc)
    to_ignition(state)
    act(state, f"p1 ignite with {name(MID)}")
    assert state.decision() == "reload-life-pick" and state.names(1, "trash") == []
    hand = state.names(1, "hand")
    act(state, "p0 pick Life card 0")
    # the Evol Seed resolved choosing nothing: back to the Ignition phase's decision, the hand as it was
    assert state.decision() == "ignition" and state.names(1, "hand") == hand and state.names(1, "trash") == []


def test_b03_071_queen_kaguya_evol_seed_destroys_a_cheap_zx():
    """Evol Seed: destroy one of the opponent's Z/X of Cost 3 or less on a Normal Square."""
    state = reveal({"field": {"s1": CHEAP, "s3": MID}}, {}, "B03-071")
    assert squares(state) == ["s1"]
    act(state, "on s1")
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name(CHEAP)]


def test_b03_072_snip_snip_pretty_gets_1000_while_the_opponent_holds_2_or_fewer():
    """+1000 Power while the opponent has 2 cards or fewer in hand (Z12.6), read as the hands are now."""
    state = arrange({"field": {"s1": "B03-072"}}, {"hand": [MID, MID, MID]})
    assert power_on(state, "s1") == 7500
    state = arrange({"field": {"s1": "B03-072"}}, {"hand": [MID, MID]})
    assert power_on(state, "s1") == 8500


def test_b03_075_kicking_break_striker_destroys_a_zx_with_20_cards_in_trash():
    """When this card appears, if your Trash holds 20 cards or more (read on resolution), destroy one Z/X on a
    Normal Square, either player's; with 19 nothing happens."""
    spec = {"hand": ["B03-075"], "resource": BLACKS[:6], "trash": [MID] * 19}
    short = arrange(spec, {"field": {"s7": BIG}})
    play(short, "B03-075", "s5")
    assert short.decision() == "main" and on(short, "s7") != -1
    state = with_trash(arrange(spec, {"field": {"s7": BIG}}), 0, 1)
    play(state, "B03-075", "s5")
    assert squares(state) == ["s5", "s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1


def test_b03_077_destiny_bane_destroys_any_number_of_cheap_zx():
    """[Put a card of your hand into your Trash]: destroy any number of Z/X of Cost 3 or less on Normal Squares,
    either player's: chosen one at a time until the player passes (Z15.40); Cost 4 and Player Squares never."""
    p0 = {"field": {"s1": "B03-077", "s3": SMALL}, "hand": [MID]}
    p1 = {"field": {"s7": CHEAP, "s9": SMALL, "s4": MID, "s8": SMALL}}
    state = arrange(p0, p1)
    act(state, "use the ability of Hell-Destroying")
    act(state, "discard")
    assert state.names(0, "trash") == [name(MID)]
    assert squares(state) == ["s3", "s7", "s9"] and "p0 pass (effect-target)" in texts(state)
    act(state, "on s7")
    assert squares(state) == ["s3", "s9"]
    act(state, "on s9")
    act(state, "pass (effect-target)")
    assert state.decision() == "main" and on(state, "s3") != -1 and on(state, "s4") != -1 and on(state, "s8") != -1
    assert sorted(state.names(1, "charge")) == sorted([name(CHEAP), name(SMALL)])
    every = arrange(p0, p1)
    act(every, "use the ability of Hell-Destroying")
    act(every, "discard")
    for square in ("s3", "s7", "s9"):
        act(every, f"on {square}")
    assert every.decision() == "main" and [on(every, s) for s in ("s3", "s7", "s9")] == [-1, -1, -1]
    empty_hand = arrange({"field": {"s1": "B03-077"}}, p1)
    assert uses(empty_hand) == []


def test_b03_078_midnight_emperor_destroys_a_zx_of_cost_6_or_more():
    """Destroy one Z/X of Cost 6 or more on a Normal Square, either player's."""
    state = arrange({"hand": ["B03-078"], "resource": BLACKS[:2], "field": {"s1": BIG}},
                    {"field": {"s7": MID, "s9": BIG, "s8": BIG}})
    play(state, "B03-078")
    assert squares(state) == ["s1", "s9"]
    act(state, "on s9")
    assert on(state, "s9") == -1


def test_b03_079_disaster_blade_destroys_and_shuffles_the_undead_back_with_25_undead():
    """If your Trash holds 25 Undead cards or more: destroy one Z/X on a Normal Square; if one was destroyed, every
    Undead card of your Trash goes into your deck, which is shuffled (the other cards stay)."""
    undead = "B01-068"  # Full-Swing Hitter, Sting Beat: vanilla black Undead
    spec = {"hand": ["B03-079"], "resource": BLACKS[:3], "trash": [undead] * 25 + [MID]}
    state = arrange(spec, {"field": {"s7": BIG}})
    deck = len(state.zone(0, "deck"))
    play(state, "B03-079")
    act(state, "on s7")
    assert on(state, "s7") == -1 and len(state.zone(0, "deck")) == deck + 25
    assert sorted(state.names(0, "trash")) == sorted([name(MID), name("B03-079")])
    nothing = arrange(spec, {})
    play(nothing, "B03-079")
    assert nothing.names(0, "trash").count(name(undead)) == 25  # no Z/X to destroy: the Undead stay
    short = arrange({**spec, "trash": [undead] * 24 + [MID]}, {"field": {"s7": BIG}})
    play(short, "B03-079")
    assert short.decision() == "main" and on(short, "s7") != -1


def test_b03_083_werehedgehog_gives_1000_to_any_zx_on_a_square():
    """When this card appears, one Z/X on a Square, either player's (a Player Square too), gets +1000 until end of
    turn."""
    state = arrange({"hand": ["B03-083"], "resource": GREENS[:3]}, {"field": {"s8": SMALL}})
    play(state, "B03-083", "s5")
    assert squares(state) == ["s5", "s8"]
    act(state, "on s8")
    assert power_on(state, "s8") == 4500


def test_b03_085_weresheep_gives_2000_while_the_opponents_resource_holds_6_or_fewer():
    """When this card appears, if the opponent's Resource holds 6 cards or fewer, one Z/X on a Square gets +2000
    until end of turn; with 7 nothing happens."""
    state = arrange({"hand": ["B03-085"], "resource": GREENS[:3]}, {"resource": GREENS[:6]})
    play(state, "B03-085", "s5")
    act(state, "on s5")
    assert power_on(state, "s5") == 6500
    rich = arrange({"hand": ["B03-085"], "resource": GREENS[:3]}, {"resource": GREENS[:7]})
    play(rich, "B03-085", "s5")
    assert rich.decision() == "main" and power_on(rich, "s5") == 4500


def test_b03_088_weresquirrel_gives_2000_per_lycanthrope_of_yours():
    """When this card appears, one Z/X on a Square gets +2000 until end of turn for each Lycanthrope of yours on a
    Square, this card included, counted on resolution; the opponent's do not count."""
    wolf = "B01-089"  # King of Beasts, Werelion: vanilla green Lycanthrope
    state = arrange({"hand": ["B03-088"], "resource": GREENS[:4], "field": {"s1": wolf, "s3": MID}},
                    {"field": {"s7": wolf}})
    play(state, "B03-088", "s5")
    act(state, "on s3")
    assert power_on(state, "s3") == 6500 + 4000


def test_b03_090_werehound_evol_seed_may_return_a_resource_card_to_hand():
    """Evol Seed: you may return one card of your Resource to your hand."""
    state = reveal({}, {"resource": [SMALL, BIG]}, "B03-090")
    act(state, "p1 yes")
    assert choices(state) == sorted([name(SMALL), name(BIG)])
    act(state, f"choose {name(BIG)}")
    assert name(BIG) in state.names(1, "hand") and state.names(1, "resource") == [name(SMALL)]


def test_b03_091_sarusuberi_evol_seed_may_put_a_charge_card_into_resource_sleeping():
    """Evol Seed: you may put one card of your Charge into your Resource, sleeping."""
    state = reveal({}, {"charge": [BIG]}, "B03-091")
    act(state, "p1 yes")
    act(state, f"choose {name(BIG)}")
    res = state.zone(1, "resource")
    assert state.card_name(res[-1]) == name(BIG) and state.instance(res[-1])["sleeping"]
    declined = reveal({}, {"charge": [BIG]}, "B03-091")
    act(declined, "p1 pass (effect-may)")
    assert declined.names(1, "resource") == []


def test_b03_095_utpala_may_put_the_top_card_into_resource_after_destroying_in_battle():
    """When this card destroys a Z/X in battle, you may put the top card of your deck into your Resource, sleeping
    (Z12.4); a battle it does not win does nothing."""
    state = arrange({"field": {"s5": "B03-095"}, "deck": [BIG]}, {"field": {"s8": MID}})
    attack(state, "s5", "s8")
    pass_battle(state)
    act(state, "yes")
    res = state.zone(0, "resource")
    assert state.names(0, "resource") == [name(BIG)] and state.instance(res[0])["sleeping"]
    survives = arrange({"field": {"s5": "B03-095"}}, {"field": {"s8": "B03-016"}})  # Greave 9500 against 9000
    attack(survives, "s5", "s8")
    pass_battle(survives)
    assert survives.decision() == "main" and survives.names(0, "resource") == []


def test_b03_098_thorn_prison_stops_a_cheap_attacker():
    """A Z/X of Cost 3 or less attacking you or a Z/X on a Player Square deals no damage until end of turn (the
    starters' C04-021, Z12.7, Z15.200): played in the Battle Event step, the attacker deals no damage; the Z/X that
    do not attack (one of Cost 4, one on a Player Square) are not offered."""
    state = arrange({"field": {"s5": CHEAP, "s4": MID, "s2": MID}},
                    {"hand": ["B03-098"], "resource": GREENS[:1], "field": {"s7": BIG}})
    attack(state, "s5", "s8")
    act(state, "p0 pass (battle-event)")
    act(state, f"p1 play {name('B03-098')}")
    act(state, "pay with")
    assert squares(state) == ["s5"]  # the attacker of Cost 3 only
    act(state, "on s5")
    pass_battle(state)
    assert len(state.zone(1, "life")) == 4 and state.decision() == "main"


def test_b03_099_timber_force_puts_a_charge_card_into_resource_sleeping():
    """Put one card of your Charge into your Resource, sleeping."""
    state = arrange({"hand": ["B03-099"], "resource": GREENS[:1], "charge": [BIG, SMALL]}, {"charge": [MID]})
    play(state, "B03-099")
    assert choices(state) == sorted([name(BIG), name(SMALL)])
    act(state, f"choose {name(SMALL)}")
    res = state.zone(0, "resource")
    assert state.card_name(res[-1]) == name(SMALL) and state.instance(res[-1])["sleeping"]
    assert state.names(0, "charge") == [name(BIG)]
