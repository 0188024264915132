"""B04 cards putting Z/X onto Squares by their effects (docs/zx/cards.md "Placement", rules.md Z15.120), in real
positions of the first-era set, through legal actions."""

from __future__ import annotations

import json

from ..era import act, arrange, cards_offered, name, on, pay_all, texts
from ..test_starter_c01 import to_ignition

WHITES = ["C03-015"] * 3  # Bumbling Detective, Russian Blue: white, no ability
GREENS = ["B01-089"] * 5  # King of Beasts, Werelion: green, no ability


def squares_offered(state):
    return sorted(t.rsplit(" ", 1)[1] for t in texts(state) if "square" in t)


def test_b04_016_shakespeare_evol_seed_removes_8_trash_cards_and_appears_sleeping():
    """Evol Seed: you may choose 8 cards in your Trash and remove them from the game; having removed 8, this card
    appears Sleeping on an empty Square other than your opponent's Player Square (Z15.120, Z15.127, Z15.128)."""
    trash = ["B01-003"] * 8
    state = arrange({"field": {"s1": "C03-018"}},
                    {"charge": ["B01-089"], "trash": trash, "deck": ["B01-089", "B01-089", "B04-016"]})
    to_ignition(state)
    act(state, f"p1 ignite with {name('B01-089')}")  # the Charge card goes into the Trash too: 10 cards there
    act(state, "yes")
    for _ in range(8):
        act(state, f"choose {name('B01-003')}")
    assert "s2" not in squares_offered(state) and "s8" in squares_offered(state)
    act(state, "choose square s8")
    me = on(state, "s8")
    assert state.card_name(me) == name("B04-016") and state.instance(me)["sleeping"]
    assert len(state.zone(1, "removed")) == 8 and state.names(1, "trash") == [name("B01-089")]


def test_b04_016_shakespeare_needs_8_and_stays_in_trash_when_it_removes_itself():
    """Z15.128: with fewer than 8 cards in the Trash nothing is asked; when this card is one of the 8 it is removed
    and does not appear."""
    few = arrange({}, {"charge": ["B01-089"], "trash": ["B01-003"] * 5, "deck": ["B01-089", "B01-089", "B04-016"]})
    to_ignition(few)
    act(few, f"p1 ignite with {name('B01-089')}")
    assert few.decision() != "effect-may" and few.zone(1, "removed") == []
    state = arrange({}, {"charge": ["B01-089"], "trash": ["B01-003"] * 7, "deck": ["B01-089", "B01-089", "B04-016"]})
    to_ignition(state)
    act(state, f"p1 ignite with {name('B01-089')}")
    act(state, "yes")
    act(state, f"choose {name('B04-016')}")
    for _ in range(7):
        act(state, f"choose {name('B01-003')}")
    assert all(i == -1 for i in state.board()) and len(state.zone(1, "removed")) == 8
    assert name("B04-016") in state.names(1, "removed")


def test_b04_018_draconic_flare_deals_the_removed_zx_s_power():
    """Remove a Z/X of your opponent's Trash from the game; if you did, deal damage equal to its Power to one of
    your opponent's Z/X on a Normal Square (Z15.127)."""
    state = arrange({"hand": ["B04-018"], "resource": ["B01-003"] * 2},
                    {"trash": ["C03-018", "B01-003"], "field": {"s9": "C03-018", "s8": "C03-018"}})
    act(state, f"play {name('B04-018')}")
    pay_all(state)
    act(state, f"choose {name('C03-018')}")  # Power 9500
    assert sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t) == ["s9"]  # not the Player Square
    act(state, "on s9")
    assert state.names(1, "charge") == [name("C03-018")]  # 9500 damage: destroyed
    assert state.names(1, "removed") == [name("C03-018")] and state.names(1, "trash") == [name("B01-003")]


def test_b04_018_ruling_q1_the_printed_power_of_the_removed_card():
    """Ruling B04-018 Q1: B02-092 removed from the Trash deals 5000, its printed Power."""
    state = arrange({"hand": ["B04-018"], "resource": ["B01-003"] * 2},
                    {"trash": ["B02-092"], "field": {"s9": "C03-018"}})
    act(state, f"play {name('B04-018')}")
    pay_all(state)
    act(state, "choose")
    act(state, "on s9")
    assert state.instance(on(state, "s9"))["damage"] == 5000


def test_b04_018_with_no_zx_in_the_opponents_trash_deals_nothing():
    state = arrange({"hand": ["B04-018"], "resource": ["B01-003"] * 2},
                    {"trash": ["B04-018"], "field": {"s9": "C03-018"}})
    act(state, f"play {name('B04-018')}")
    pay_all(state)
    assert state.decision() == "main" and state.instance(on(state, "s9"))["damage"] == 0


def test_b04_052_aura_genbu_evol_seed_brings_a_charge_zx_sleeping_onto_a_normal_square():
    """Evol Seed: choose a Z/X of Cost 6 or less in your Charge: it appears Sleeping on an empty Normal Square
    (Z12.9, Z15.120)."""
    state = arrange({"field": {"s1": "C03-018"}},
                    {"charge": ["B01-089", "C04-018", "B02-096"], "deck": ["B01-089", "B01-089", "B04-052"]})
    to_ignition(state)
    act(state, f"p1 ignite with {name('B01-089')}")
    assert cards_offered(state) == [name("C04-018")]  # B02-096 costs 8
    act(state, "choose")
    assert squares_offered(state) == ["s3", "s4", "s5", "s6", "s7", "s9"]  # Normal, empty
    act(state, "choose square s5")
    assert state.instance(on(state, "s5"))["sleeping"] and name("C04-018") not in state.names(1, "charge")
    assert name("B04-052") in state.names(1, "trash")


def test_b04_054_leo_verchiel_pays_white_3_for_a_cheap_charge_zx_in_reboot():
    """[White 3]: choose a Z/X of Cost 4 or less in your Charge: it appears in Reboot on an empty Square other than
    your opponent's Player Square (Z12.8, Z15.120)."""
    state = arrange({"field": {"s1": "B04-054"}, "resource": WHITES, "charge": ["C03-015", "C03-018"]}, {})
    act(state, f"use the ability of {name('B04-054')}")
    pay_all(state)
    assert cards_offered(state) == [name("C03-015")]  # Neige costs 6
    act(state, "choose")
    assert squares_offered(state) == ["s2", "s3", "s4", "s5", "s6", "s7", "s9"]
    act(state, "choose square s2")
    placed = state.instance(on(state, "s2"))
    assert not placed["sleeping"] and state.names(0, "charge") == [name("C03-018")]
    assert not any("use the ability" in t for t in texts(state))  # every white Resource card is Sleeping


def test_b04_100_life_storm_brings_a_resource_zx_in_reboot_onto_a_normal_square():
    """Choose a Z/X of Cost 6 or less in your Resource: it appears in Reboot on an empty Normal Square (Z15.120);
    a Sleeping Resource card may be chosen too, and appears in Reboot."""
    state = arrange({"hand": ["B04-100"], "resource": GREENS + ["B02-094", "B02-096"]}, {})
    act(state, f"play {name('B04-100')}")
    pay_all(state)
    offered = cards_offered(state)
    assert name("B02-094") in offered and name("B02-096") not in offered
    act(state, f"choose {name('B01-089')}")  # one of the Werelions just Slept to pay
    assert "s2" not in squares_offered(state) and "s8" not in squares_offered(state)
    act(state, "choose square s6")
    assert not state.instance(on(state, "s6"))["sleeping"] and len(state.zone(0, "resource")) == 6


def sleeping_resource(state, player: int, number: str):
    """The position with the first Resource card `number` of `player` Sleeping."""
    doc = json.loads(state.to_json())
    entry = next(c for c in doc["players"][player]["resource"] if c["card"].startswith(name(number) + " #"))
    entry["sleeping"] = True
    return state._game.state_from_json(doc)


def plays(state):
    return sorted(t.split("play ")[1].split(" #")[0] for t in texts(state) if " play " in t)


def test_b04_096_misohagi_lets_green_resource_cards_be_played_paying_their_cost():
    """While this card is on a Square you may play your green cards from your Resource by paying their Cost with
    other Resource cards (Z15.130): a green Z/X appears on a Square chosen as from the hand, the Resource card
    leaves the Resource; a card of another colour is not offered."""
    state = arrange({"field": {"s1": "B04-096"}, "resource": ["C04-018"] + GREENS[:4] + ["C03-015"]}, {})
    assert sorted(set(plays(state))) == sorted({name("C04-018"), name("B01-089")})
    act(state, f"play {name('C04-018')}")
    act(state, "to square s4")
    assert not any(name("C04-018") in t for t in texts(state))  # it never pays for itself
    pay_all(state)
    assert state.card_name(on(state, "s4")) == name("C04-018") and len(state.zone(0, "resource")) == 5
    gone = arrange({"resource": ["C04-018"] + GREENS[:4]}, {})
    assert plays(gone) == []  # without Misohagi on a Square


def test_b04_096_ruling_q1_the_card_played_cannot_pay_its_own_cost():
    """Ruling B04-096 Q1: a Reboot B01-097 (Cost 1) in Resource with no other Reboot Resource card cannot be played
    by Sleeping itself; with another green one it can."""
    alone = arrange({"field": {"s1": "B04-096"}, "resource": ["B01-097"]}, {})
    assert plays(alone) == []
    state = arrange({"field": {"s1": "B04-096"}, "resource": ["B01-097", "B01-089"]}, {})
    act(state, f"play {name('B01-097')}")
    assert [t for t in texts(state)] == [f"p0 pay with {name('B01-089')} #{state.zone(0, 'resource')[1]}"]
    doc = state.to_json()  # a play from Resource halfway is a position like any other (docs/zx/state-format.md)
    assert json.loads(doc)["frames"][-1]["from"] == "resource"
    assert state._game.state_from_json(doc).to_json() == doc
    assert state._game.state_from_json(json.loads(doc)).to_json() == doc


def test_b04_096_ruling_q2_a_sleeping_resource_card_may_be_played_too():
    """Ruling B04-096 Q2: whether the Resource card is Reboot or Sleeping does not matter."""
    state = sleeping_resource(arrange({"field": {"s1": "B04-096"}, "resource": ["B01-097", "B01-089"]}, {}),
                              0, "B01-097")
    act(state, f"play {name('B01-097')}")
    pay_all(state)
    act(state, "on s1")  # its +2000 to a Z/X on a Square
    assert name("B01-097") in state.names(0, "trash") and state.names(0, "resource") == [name("B01-089")]


def test_b04_096_ruling_q3_a_sleeping_zx_played_from_resource_appears_in_reboot():
    """Ruling B04-096 Q3: a Sleeping Z/X of the Resource played through B04-096 appears in Reboot, as from the
    hand."""
    state = sleeping_resource(arrange({"field": {"s1": "B04-096"}, "resource": ["C04-018"] + GREENS[:4]}, {}),
                              0, "C04-018")
    act(state, f"play {name('C04-018')}")
    act(state, "to square s6")
    pay_all(state)
    assert not state.instance(on(state, "s6"))["sleeping"]


def test_b04_096_green_events_from_resource_at_the_battle_event_step():
    """Z15.130: the plays are at the timings of the hand's: a green Event of the Resource in the Battle Event step."""
    state = arrange({"field": {"s1": "B04-096", "s5": "C03-018"}, "resource": ["B01-097", "B01-089"]},
                    {"field": {"s8": "C03-015"}})
    act(state, "attack from s5 to s8")
    assert plays(state) == [name("B01-097")]
