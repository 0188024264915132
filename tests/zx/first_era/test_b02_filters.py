"""B02 cards built on the first era's filters and subjects (docs/zx/cards.md "Filters", "Subjects"): events of your
named, raced or other Z/X, damaged Z/X, adjacency, distinct names; each in a real position of the era's card set."""

from __future__ import annotations

import json

from ..era import act, arrange, damage_on, name, on, power_on, texts

NAMES = ['B01-003', 'B01-006', 'B01-013', 'B01-016', 'B01-026', 'B01-030', 'B01-032', 'B01-045', 'B01-046',
         'B01-052', 'B01-055', 'B01-066', 'B01-068', 'B01-073', 'B01-074', 'B01-089', 'B01-091', 'B02-006',
         'B02-011', 'B02-013', 'B02-025', 'B02-029', 'B02-034', 'B02-045', 'B02-050']  # 25 names, one card each


def play(state, number, square=None, player="p0"):
    act(state, f"{player} play {name(number)}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def battle(state, frm, to):
    act(state, f"attack from {frm} to {to}")
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")


def damaged(state, square, amount):
    doc = json.loads(state.to_json())
    for entry in doc["field"]:
        if entry["square"] == square:
            entry["damage"] = amount
    return state._game.state_from_json(doc)


def test_b02_003_fenrir_gives_your_attacking_garuda_2000():
    """When your Garuda attacks, that Garuda gets +2000 until end of turn; another attacker gets nothing."""
    state = arrange({"field": {"s1": "B02-003", "s4": "B02-006", "s6": "B01-003"}}, {"field": {"s7": "B01-016"}})
    act(state, "attack from s4 to s7")
    assert power_on(state, "s4") == 7000 and power_on(state, "s1") == 3000
    other = arrange({"field": {"s1": "B02-003", "s4": "B01-003"}}, {"field": {"s7": "B01-016"}})
    act(other, "attack from s4 to s7")
    assert power_on(other, "s4") == 3500


def test_b02_003_garuda_keeps_its_2000_when_fenrir_is_destroyed_before_the_attack_is_processed():
    """Ruling B02-003 Q1: Fenrir destroyed in the Battle Event step (the opponent's Exploding Coal) after Garuda's
    +2000: Garuda keeps it."""
    state = arrange({"field": {"s1": "B02-003", "s4": "B02-006"}},
                    {"hand": ["C01-009"], "resource": ["B01-003"] * 2, "field": {"s7": "B01-016"}})
    act(state, "attack from s4 to s7")
    act(state, "p0 pass (battle-event)")
    play(state, "C01-009", player="p1")
    act(state, "on s1")
    assert on(state, "s1") == -1 and power_on(state, "s4") == 7000


def test_b02_009_jeanne_deals_3000_when_another_zx_of_yours_destroys_by_battle():
    """When another Z/X of yours destroys a Z/X by battle: 3000 damage to one of your opponent's Z/X on a Normal
    Square; not when Jeanne destroys one herself, nor when the attacker only damages."""
    state = arrange({"field": {"s1": "B02-009", "s4": "B01-016"}}, {"field": {"s7": "B01-003", "s9": "B01-013"}})
    battle(state, "s4", "s7")
    assert state.decision() == "effect-target" and [t.split(" on ")[1] for t in texts(state)] == ["s9"]
    act(state, "choose")
    assert damage_on(state, "s9") == 3000
    herself = arrange({"field": {"s4": "B02-009"}}, {"field": {"s7": "B01-003", "s9": "B01-013"}})
    battle(herself, "s4", "s7")
    assert on(herself, "s7") == -1 and herself.decision() == "main" and damage_on(herself, "s9") == 0
    survives = arrange({"field": {"s1": "B02-009", "s4": "B01-003"}}, {"field": {"s7": "B01-016", "s9": "B01-013"}})
    battle(survives, "s4", "s7")
    assert survives.decision() == "main" and damage_on(survives, "s9") == 0


def test_b02_017_critical_strike_hits_only_a_damaged_zx():
    """5000 damage to one Z/X (either player's) on a Normal Square with damage on it."""
    state = arrange({"hand": ["B02-017"], "resource": ["B01-003"], "field": {"s3": "B01-016"}},
                    {"field": {"s7": "B01-016", "s9": "B01-016"}})
    state = damaged(damaged(state, "s7", 1000), "s3", 2000)
    play(state, "B02-017")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s3", "s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 6000 and damage_on(state, "s9") == 0


def test_b02_018_steel_impact_hits_only_a_zx_that_appeared_this_turn():
    """5000 damage to one Z/X (either player's) on a Normal Square that appeared this turn: the one just played, not
    one that was there before; next turn it is an old Z/X."""
    state = arrange({"hand": ["B02-018", "B01-013"], "resource": ["B01-003"] * 6, "field": {"s1": "B01-016"}},
                    {"field": {"s7": "B01-016"}})
    play(state, "B01-013", "s3")
    play(state, "B02-018")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s3"]
    act(state, "on s3")
    assert damage_on(state, "s3") == 5000
    fresh = arrange({"hand": ["B01-013"], "resource": ["B01-003"] * 5}, {"hand": ["B02-018"], "resource": ["B01-003"]})
    play(fresh, "B01-013", "s3")
    act(fresh, "p0 pass (main)")
    doc = json.loads(fresh.to_json())
    assert not [e for e in doc["field"] if e.get("appeared")]  # the End phase ended it


def test_b02_077_black_union_destroys_a_cheap_zx_that_appeared_this_turn():
    """Destroy one Cost 3 or less Z/X on a Normal Square that appeared this turn (not a dearer one, not an old one)."""
    state = arrange({"hand": ["B02-077", "B01-066", "B01-068"], "resource": ["B01-066"] * 8,
                     "field": {"s4": "B01-066"}}, {})
    play(state, "B01-066", "s1")
    play(state, "B01-068", "s3")
    play(state, "B02-077")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s1"]
    act(state, "on s1")
    assert on(state, "s1") == -1 and on(state, "s4") != -1


def test_b02_033_plunder_bounces_when_your_fermium_destroys_by_battle():
    """When your Fermium destroys a Z/X by battle: one of your opponent's Cost 5 or less Z/X on a Normal Square back
    to its owner's hand; not for another attacker of yours."""
    state = arrange({"field": {"s1": "B02-033", "s4": "B02-025"}},
                    {"field": {"s7": "B01-003", "s9": "B01-013", "s6": "B01-016"}})
    battle(state, "s4", "s7")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s9"]  # Cost 6 B01-016 is not
    act(state, "choose")
    assert on(state, "s9") == -1 and name("B01-013") in state.names(1, "hand")
    other = arrange({"field": {"s1": "B02-033", "s4": "B01-016"}}, {"field": {"s7": "B01-003", "s9": "B01-013"}})
    battle(other, "s4", "s7")
    assert other.decision() == "main" and on(other, "s9") != -1


def test_b02_041_aube_gives_your_adjacent_zx_1000():
    """Your Z/X on the Squares next to Aube's get +1000: not a Z/X farther away, not your opponent's, not Aube."""
    state = arrange({"field": {"s4": "B02-041", "s1": "B01-003", "s5": "B01-003", "s3": "B01-003"}},
                    {"field": {"s7": "B01-003"}})
    assert [power_on(state, s) for s in ("s1", "s5", "s3", "s7", "s4")] == [4500, 4500, 3500, 3500, 2000]


def test_b02_046_carstensz_weakens_its_attacker_beside_your_aconcagua():
    """When attacked, with your Aconcagua on a Square: the attacking Z/X gets -3000 until end of turn."""
    state = arrange({"field": {"s7": "B01-016"}}, {"field": {"s4": "B02-046", "s9": "B02-050"}})
    act(state, "attack from s7 to s4")
    assert power_on(state, "s7") == 6500
    alone = arrange({"field": {"s7": "B01-016"}}, {"field": {"s4": "B02-046"}})
    act(alone, "attack from s7 to s4")
    assert power_on(alone, "s7") == 9500


def test_b02_074_brazen_bull_makes_the_opponent_discard_when_a_torture_device_destroys():
    """Ruling B02-074 Q1: the Bull's own battle counts (it is a Torture Device of yours): the opponent, with 3 or
    more hand cards, puts one of their choice into their Trash."""
    state = arrange({"field": {"s4": "B02-074"}}, {"hand": ["B01-003", "B01-013", "B01-016"],
                                                    "field": {"s7": "B01-003"}})
    battle(state, "s4", "s7")
    assert state.decision() == "effect-card" and all(t.startswith("p1 choose") for t in texts(state))
    act(state, f"p1 choose {name('B01-016')}")
    assert state.names(1, "trash") == [name("B01-016")] and len(state.names(1, "hand")) == 2


def test_b02_074_brazen_bull_needs_a_torture_device_and_three_hand_cards():
    """Another race's battle, or an opponent with 2 hand cards: nothing."""
    other = arrange({"field": {"s1": "B02-074", "s4": "B01-016"}},
                    {"hand": ["B01-003"] * 3, "field": {"s7": "B01-013"}})
    battle(other, "s4", "s7")
    assert other.decision() == "main" and len(other.names(1, "hand")) == 3
    few = arrange({"field": {"s4": "B02-074"}}, {"hand": ["B01-003"] * 2, "field": {"s7": "B01-003"}})
    battle(few, "s4", "s7")
    assert few.decision() == "main" and len(few.names(1, "hand")) == 2
    device = arrange({"field": {"s1": "B02-074", "s4": "B02-073"}},
                     {"hand": ["B01-003"] * 3, "field": {"s7": "B01-013"}})
    battle(device, "s4", "s7")  # Flapping Guillotine, a Torture Device
    assert device.decision() == "effect-card"


def test_b02_102_elnath_counts_distinct_names_in_your_trash():
    """With cards of 25 or more names in your Trash (two printings of one name are one name, Z15.103), each of your
    opponent's Z/X on a Normal Square goes into its owner's deck, then that deck is shuffled."""
    state = arrange({"hand": ["B02-102"], "resource": ["B01-030"] * 6, "trash": NAMES},
                    {"field": {"s7": "B01-003", "s9": "B01-013", "s8": "B01-016"}})
    deck = len(state.names(1, "deck"))
    play(state, "B02-102", "s3")
    assert on(state, "s7") == on(state, "s9") == -1 and on(state, "s8") != -1
    assert len(state.names(1, "deck")) == deck + 2
    # 24 names: the 25th card is another printing of a name already there (Void, B01-026 and C02-005).
    short = arrange({"hand": ["B02-102"], "resource": ["B01-030"] * 6, "trash": NAMES[:-1] + ["C02-005"]},
                    {"field": {"s7": "B01-003"}})
    play(short, "B02-102", "s3")
    assert on(short, "s7") != -1
