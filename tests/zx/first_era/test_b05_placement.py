"""B05 cards putting Z/X onto Squares or exchanging them by their effects (docs/zx/cards.md "Placement", rules.md
Z15.120 - Z15.124), in real positions of the first-era set, through legal actions."""

from __future__ import annotations

from ..era import act, arrange, cards_offered, damage_on, name, on, pay_all, texts
from ..test_starter_c01 import attack

BLUES = ["C03-007"] * 2  # Erasure Machine, Delete: blue, no ability
WHITES = ["C03-015"] * 7  # Bumbling Detective, Russian Blue: white, no ability


def targets(state):
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)


def test_b05_013_mattock_removes_up_to_three_trash_cards():
    """When this card appears, choose up to 3 cards in Trashes and remove them from the game (Z15.127); passing
    stops early."""
    state = arrange({"hand": ["B05-013"], "resource": ["B01-003"] * 6, "trash": ["C03-018"]},
                    {"trash": ["B01-003", "C03-015"]})
    act(state, f"play {name('B05-013')}")
    act(state, "to square s1")
    pay_all(state)
    act(state, f"choose {name('C03-018')}")
    act(state, "pass (effect-card)")
    act(state, "pass (effect-card)")
    assert state.names(0, "removed") == [name("C03-018")] and len(state.zone(1, "trash")) == 2


def test_b05_013_ruling_q1_either_players_trash_in_any_mix():
    """Ruling B05-013 Q1: one card of your Trash and two of your opponent's."""
    state = arrange({"hand": ["B05-013"], "resource": ["B01-003"] * 6, "trash": ["C03-018"]},
                    {"trash": ["B01-003", "C03-015"]})
    act(state, f"play {name('B05-013')}")
    act(state, "to square s1")
    pay_all(state)
    act(state, f"choose {name('B01-003')}")
    act(state, f"choose {name('C03-018')}")
    act(state, f"choose {name('C03-015')}")
    assert state.names(0, "removed") == [name("C03-018")]
    assert sorted(state.names(1, "removed")) == sorted([name("B01-003"), name("C03-015")])
    assert state.zone(0, "trash") == [] and state.zone(1, "trash") == []


def test_b05_037_jam_session_swaps_two_zx_on_normal_squares_keeping_their_state():
    """Choose 2 Z/X on Normal Squares that are not in battle: each goes onto the other's Square (Z15.122), keeping
    Sleep and damage; the first chosen is not offered again, nor a Z/X on a Player Square."""
    state = arrange({"hand": ["B05-037"], "resource": BLUES, "field": {"s4": ("C03-018", True), "s2": "C03-015"}},
                    {"field": {"s9": "C03-015"}})
    mine, theirs = on(state, "s4"), on(state, "s9")
    act(state, f"play {name('B05-037')}")
    pay_all(state)
    assert targets(state) == ["s4", "s9"]
    act(state, "on s4")
    assert targets(state) == ["s9"]
    act(state, "on s9")
    assert on(state, "s9") == mine and on(state, "s4") == theirs and state.instance(mine)["sleeping"]


def test_b05_037_ruling_q1_both_may_be_the_opponents():
    """Ruling B05-037 Q1: the two Z/X may both be the opponent's."""
    state = arrange({"hand": ["B05-037"], "resource": BLUES},
                    {"field": {"s7": "C03-015", "s9": "C03-018"}})
    left, right = on(state, "s7"), on(state, "s9")
    act(state, f"play {name('B05-037')}")
    pay_all(state)
    act(state, "on s7")
    act(state, "on s9")
    assert on(state, "s7") == right and on(state, "s9") == left


def test_b05_037_the_zx_in_battle_are_not_offered():
    """"Not in battle": played in the Battle Event step, the attacker and the attacked are not offered (B02-040)."""
    state = arrange({"hand": ["B05-037"], "resource": BLUES, "field": {"s5": "C03-018", "s4": "C03-015"}},
                    {"field": {"s6": "C03-015", "s9": "C03-015"}})
    attack(state, "s5", "s6")
    act(state, f"p0 play {name('B05-037')}")
    pay_all(state)
    assert targets(state) == ["s4", "s9"]
    assert damage_on(state, "s4") == 0


def test_b05_055_somali_brings_any_number_of_cheap_cait_sith_from_the_charge():
    """When this card appears, choose any number of Cait Sith Z/X of Cost 3 or less in your Charge: they appear in
    Reboot on empty Squares other than your opponent's Player Square, one after the other (Z15.124), until you
    pass or none is left."""
    charge = ["B01-045", "C03-012", "B01-044", "C03-015"]  # 3 Cait Sith of Cost <= 3; one of Cost 4
    state = arrange({"hand": ["B05-055"], "resource": WHITES, "charge": charge}, {})
    act(state, f"play {name('B05-055')}")
    act(state, "to square s1")
    pay_all(state)
    assert cards_offered(state) == sorted([name("B01-045"), name("C03-012"), name("B01-044")])
    for card, square in (("B01-045", "s2"), ("C03-012", "s4"), ("B01-044", "s5")):
        act(state, f"choose {name(card)}")
        assert "s8" not in [t.rsplit(" ", 1)[1] for t in texts(state)]
        act(state, f"choose square {square}")
        assert not state.instance(on(state, square))["sleeping"]
    assert state.decision() == "main"  # none left: nothing more is asked
    assert state.names(0, "charge") == [name("C03-015")]


def test_b05_055_somali_stops_when_you_pass():
    state = arrange({"hand": ["B05-055"], "resource": WHITES, "charge": ["B01-045", "B01-044"]}, {})
    act(state, f"play {name('B05-055')}")
    act(state, "to square s1")
    pay_all(state)
    act(state, f"choose {name('B01-045')}")
    act(state, "choose square s3")
    act(state, "pass (effect-card)")
    assert state.decision() == "main" and state.names(0, "charge") == [name("B01-044")]


EVENTS = ["B01-097"] * 10  # Martial Emperor Sword Flash: a green Event of Cost 1 (its own ability is not defined here)


def michael(turn_player=0, p1=None):
    """Michael S.K. played onto s5 with 10 Events in the Trash, removing one of them (Z15.127, Z15.131)."""
    state = arrange({"hand": ["B05-101"], "resource": WHITES + ["C03-015"], "trash": EVENTS},
                    p1 or {"field": {"s8": "C03-018"}})
    act(state, f"play {name('B05-101')}")
    act(state, "to square s5")
    pay_all(state)
    act(state, "yes")
    act(state, f"choose {name('B01-097')}")
    return state


def plays(state):
    return sorted(t.split("play ")[1].split(" #")[0] for t in texts(state) if " play " in t)


def test_b05_101_michael_removes_an_event_and_lets_it_be_played_free():
    """When this card appears, with 10 or more Events in your Trash, you may remove one of them from the game;
    you may play the Events removed by this card's ability without paying their Cost (Z15.130, Z15.131)."""
    state = michael()
    assert state.names(0, "removed") == [name("B01-097")] and len(state.zone(0, "trash")) == 9
    assert plays(state) == [name("B01-097")]
    act(state, f"play {name('B01-097')}")
    assert state.decision() != "pay"  # without paying its Cost


def test_b05_101_needs_ten_events_in_the_trash():
    state = arrange({"hand": ["B05-101"], "resource": WHITES + ["C03-015"], "trash": EVENTS[:9]}, {})
    act(state, f"play {name('B05-101')}")
    act(state, "to square s5")
    pay_all(state)
    assert state.decision() == "main" and state.zone(0, "removed") == []


def test_b05_101_ruling_q1_the_event_played_goes_to_the_trash():
    """Ruling B05-101 Q1: the removed Event played without its Cost goes to the Trash afterwards, as from the hand."""
    state = michael()
    act(state, f"play {name('B01-097')}")
    while state.decision() != "main":
        state.apply_action(state.legal_actions()[-1])
    assert state.zone(0, "removed") == [] and len(state.zone(0, "trash")) == 10 and plays(state) == []


def test_b05_101_ruling_q2_in_later_turns_while_michael_stays():
    """Ruling B05-101 Q2: the Event may be played free in later turns too, while the Michael that removed it is on
    a Square."""
    state = michael()
    while not (state.turn == 3 and state.decision() == "main"):
        act(state, f"pass ({state.decision()})")
    assert name("B01-097") in plays(state) and on(state, "s5") != -1


def test_b05_101_ruling_q3_at_the_battle_event_step_of_the_opponents_turn():
    """Ruling B05-101 Q3: at the same timings as an Event of the hand: the Battle Event step of the opponent's turn."""
    state = michael(p1={"field": {"s8": "C03-018"}})
    act(state, "p0 pass (main)")
    while state.decision() != "main":
        act(state, f"pass ({state.decision()})")
    act(state, "attack from s8 to s5")
    act(state, "p1 pass (battle-event)")
    assert plays(state) == [name("B01-097")]
    act(state, f"p0 play {name('B01-097')}")
    assert state.decision() != "pay"
