"""The B04 cards of Resource partners, Evol Seeds that pay to appear and a Trash of many races, in real positions
of the set first-era, through legal actions (docs/zx/cards.md, rules.md section 15)."""

from __future__ import annotations

from ..era import FILLER, act, arrange, name, on
from .test_b01_combos import CHEAP, cards, empty_squares, pay_all
from .test_b03 import reveal
from .test_b03_combos import into_resource

REDS = ["B01-013"] * 6    # Charging Iron Rider, Tank Heart: red 5/8000, vanilla
BLACKS = ["B01-068"] * 2  # Full-Swing Hitter, Sting Beat: black 4/6500, vanilla
AUGUSTUS = "C01-008"      # red 6/7000: when it appears, 5000 damage to an opponent's Z/X on a Normal Square
DRAWS = ["C01-009", "C01-009"]  # Events: player 1's two draws of turn 2, never a choice of a Z/X
# One vanilla Z/X of each of 20 races (Gigantic, Brave, Artisan, Killer Machine, Metal Fortress, Cait Sith,
# Guardian, Holy Beast, Demon, Undead, Lycanthrope, Divine Beast, Angel, Torture Device, Hourai, Leafling, Mermaid,
# Predator, Flower-insect, Battle Suit).
RACES = ["B01-003", "B01-006", "B01-013", "B01-030", "B01-032", "B01-045", "B01-055", "B01-052", "B01-066",
         "B01-068", "B01-089", "B02-006", "B02-045", "B02-073", "B02-089", "B02-094", "B03-026", "B03-062",
         "B03-089", "B04-023"]


def resolve_order(state):
    while state.decision() == "trigger-order":
        act(state, "resolve")


def test_b04_015_spark_launcher_may_pay_red_5_for_a_zx_from_the_hand():
    """Into your Resource, with Wereursus there: you may pay [Red 5]; if you did, a Z/X of Cost 7 or less from your
    hand appears, in Reboot, on an empty Square other than your opponent's Player Square (not one of Cost 9, not an
    Event)."""
    state = arrange({}, {"hand": ["B04-015", "B01-016", "B03-097", "C01-009"], "resource": ["B04-090"] + REDS[:5],
                         "deck": DRAWS})
    into_resource(state, "B04-015")
    act(state, "p1 yes (effect-may-pay)")
    pay_all(state)
    assert cards(state) == [name("B01-016")]
    act(state, "choose")
    assert empty_squares(state) == ["s1", "s3", "s4", "s5", "s6", "s7", "s8", "s9"]  # not s2, the opponent's
    act(state, "choose square s8")
    assert state.card_name(on(state, "s8")) == name("B01-016") and not state.instance(on(state, "s8"))["sleeping"]
    alone = arrange({}, {"hand": ["B04-015", "B01-016"], "resource": REDS[:5]})
    into_resource(alone, "B04-015")
    assert alone.decision() != "effect-may-pay"


def test_b04_015_the_zx_appears_from_the_hand():
    """Ruling B04-015 Q2: the Z/X is put onto its Square from the hand, so its "when this card appears" abilities
    (Harpuia's "appears from your hand" among them) trigger: Augustus's 5000 damage follows."""
    state = arrange({"field": {"s1": CHEAP}}, {"hand": ["B04-015", AUGUSTUS], "resource": ["B04-090"] + REDS[:5]})
    into_resource(state, "B04-015")
    act(state, "p1 yes (effect-may-pay)")
    pay_all(state)
    act(state, "choose")
    act(state, "choose square s5")
    assert state.decision() == "effect-target"
    act(state, "on s1")
    assert on(state, "s1") == -1


def test_b04_015_triggered_it_resolves_though_returned_to_the_hand():
    """Ruling B04-015 Q1: with a Spark Launcher in your Resource, Wereursus put there puts a second Spark Launcher
    from your hand into it and returns a Spark Launcher to your hand; the second one's ability, triggered, still
    resolves."""
    state = arrange({}, {"hand": ["B04-090", "B04-015", AUGUSTUS], "resource": ["B04-015"] + REDS[:5]})
    into_resource(state, "B04-090")
    act(state, "p1 yes")
    act(state, f"p1 choose {name('B04-015')}")
    act(state, f"p1 choose {name('B04-015')}")
    assert state.names(1, "hand").count(name("B04-015")) == 1
    resolve_order(state)
    assert state.decision() == "effect-may-pay"
    act(state, "p1 yes")
    pay_all(state)
    act(state, f"choose {name(AUGUSTUS)}")
    act(state, "choose square s5")
    assert state.card_name(on(state, "s5")) == name(AUGUSTUS)


def test_b04_034_polonium_reorders_the_top_three_with_pixie_bob():
    """Into your Resource, with Pixie-bob there: look at the top 3 cards of your deck and put them back in any order
    (each choice is the card to lie lowest of those left); without Pixie-bob, nothing."""
    top = ["B01-003", "B01-030", "B01-016"]
    state = arrange({}, {"hand": ["B04-034"], "resource": ["B04-049"], "deck": [FILLER, FILLER, *top]})
    into_resource(state, "B04-034")
    assert sorted(cards(state)) == sorted(name(n) for n in top)
    act(state, f"p1 choose {name('B01-003')}")
    act(state, f"p1 choose {name('B01-016')}")  # the last one left lies on top
    assert state.decision() == "main"
    assert state.names(1, "deck")[-3:] == [name("B01-003"), name("B01-016"), name("B01-030")]  # the top last
    alone = arrange({}, {"hand": ["B04-034"], "resource": ["B01-003"], "deck": [FILLER, FILLER, *top]})
    into_resource(alone, "B04-034")
    assert alone.decision() != "effect-card" and alone.names(1, "deck")[-3:] == [name(n) for n in reversed(top)]


def test_b04_062_dusk_axe_evol_seed_may_pay_black_2_to_appear():
    """Evol Seed: you may pay [Black 2]; if you did, this card, still in the Trash (Z15.201), appears, in Reboot, on
    an empty Square other than your opponent's Player Square; with one black Resource card it cannot be paid."""
    state = reveal({}, {"resource": BLACKS}, "B04-062")
    act(state, "p1 yes (effect-may-pay)")
    pay_all(state)
    assert "s2" not in empty_squares(state)
    act(state, "choose square s4")
    assert state.card_name(on(state, "s4")) == name("B04-062")
    poor = reveal({}, {"resource": BLACKS[:1]}, "B04-062")
    assert poor.decision() != "effect-may-pay" and name("B04-062") in poor.names(1, "trash")


def test_b04_101_daji_deals_1_damage_with_20_races_in_the_trash():
    """When this card appears, if your Trash holds 20 or more cards of 20 or more different races, 1 damage to your
    opponent: 20 cards of 20 races do; 20 cards of 19 races do not."""
    state = arrange({"hand": ["B04-101"], "resource": REDS, "trash": RACES}, {})
    act(state, f"play {name('B04-101')}")
    act(state, "to square s1")
    pay_all(state)
    assert state.decision() == "damage-life-pick"
    act(state, "pick Life card 0")
    assert len(state.names(1, "life")) == 3
    fewer = arrange({"hand": ["B04-101"], "resource": REDS, "trash": RACES[:-1] + ["B01-016"]}, {})
    act(fewer, f"play {name('B04-101')}")
    act(fewer, "to square s1")
    pay_all(fewer)
    assert fewer.decision() == "main" and len(fewer.names(1, "life")) == 4
