"""The cards of C01 「天使の慈愛」 (white / red, Player Tennouji Asuka) doing what their text says, in real games of
the starter-2012 card set with its EFFECTS (docs/zx/cards.md; rulings of docs/zx/rules.md section 12)."""

from __future__ import annotations

from .starter import act, arrange, damage_on, name, on, power_on, texts

NS_FILLER = "C01-006"  # Graceful Crystal, Crystal Swan: vanilla 4/6500
REDS = ["C01-006"] * 4   # red Resource cards


def attack(state, frm: str, to: str):
    act(state, f"attack from {frm} to {to}")


def pass_battle(state):
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")


def test_c01_002_fidelite_weakens_the_opponents_zx_while_the_player_is_asuka():
    """While your Player card is Tennouji Asuka, your opponent's Z/X on Squares get -1000 (Z12.6, Z12.12)."""
    state = arrange({"field": {"s1": "C01-002"}}, {"field": {"s8": NS_FILLER, "s7": NS_FILLER}})
    assert power_on(state, "s8") == power_on(state, "s7") == 5500 and power_on(state, "s1") == 8000
    other = arrange({"field": {"s1": "C01-002"}}, {"field": {"s8": NS_FILLER}}, players=("C02-001", "C02-001"))
    assert power_on(other, "s8") == 6500


def test_c01_003_ruby_howl_gets_1000_when_it_attacks_until_end_of_turn():
    """When this card attacks, +1000 until end of turn (Z12.1: it waits for the preprocessing after the declaration)."""
    state = arrange({"field": {"s5": "C01-003"}}, {"field": {"s8": "C01-012"}})
    attack(state, "s5", "s8")
    assert power_on(state, "s5") == 5500
    pass_battle(state)  # 5500 against Dhaulagiri's 5000: destroyed
    assert on(state, "s8") == -1 and power_on(state, "s5") == 5500
    act(state, "pass (main)")
    assert power_on(state, "s5") == 4500  # the End phase ended it (Z6.6)


def test_c01_004_cleopatra_from_charge_deals_5000_damage():
    """From your Charge: [Red 2, put this card from your Charge into your Trash] 5000 damage to one Z/X on a Normal
    Square (Z12.8: costs first, the choice on resolution, Z12.3)."""
    state = arrange({"charge": ["C01-004"], "resource": REDS[:2]}, {"field": {"s8": "C01-012", "s7": "C01-014"}})
    use = [t for t in texts(state) if "use the ability of Desert Queen, Cleopatra" in t]
    assert len(use) == 1
    act(state, "use the ability of Desert Queen")
    act(state, "pay with")
    act(state, "pay with")
    assert state.names(0, "trash") == [name("C01-004")] and state.decision() == "effect-target"
    assert [t.split(" on ")[1] for t in texts(state)] == ["s7"]  # not s8: a Player Square
    act(state, "choose Volonte")
    assert damage_on(state, "s7") == 5000 and state.decision() == "main"
    # Not from a Square, not without two Reboot Resource cards, one at least red.
    on_field = arrange({"field": {"s1": "C01-004"}, "resource": REDS[:2]}, {})
    assert not [t for t in texts(on_field) if "use the ability" in t]
    poor = arrange({"charge": ["C01-004"], "resource": ["C01-012", "C01-012"]}, {})
    assert not [t for t in texts(poor) if "use the ability" in t]


def to_ignition(state):
    """Player 0 ends turn 1; player 1 draws 2 and passes the Resource phase: player 1's Ignition decision."""
    act(state, "p0 pass (main)")
    act(state, "p1 pass (resource)")
    assert state.decision() == "ignition"


def test_c01_007_kintoki_evol_seed_deals_3000_damage_when_revealed_and_trashed():
    """Evol Seed: when this card is put from the deck into Trash (an Ignition reveal, Z12.9), 3000 damage to one of
    your opponent's Z/X on a Normal Square."""
    state = arrange({"field": {"s1": "C01-006"}},
                    {"charge": ["C01-012"], "deck": ["C01-012", "C01-012", "C01-007"]})
    to_ignition(state)
    act(state, "p1 ignite with Lawbringer")
    assert name("C01-007") in state.names(1, "trash") and state.decision() == "effect-target"
    act(state, "p1 choose Graceful Crystal")
    assert damage_on(state, "s1") == 3000 and state.decision() == "main"


def test_c01_007_evol_seed_resolves_after_the_reload_its_reveal_caused():
    """Sources 1.7 item 21 (Z12.9, Z12.14): the revealed Evol Seed was the deck's last card: the Reload runs first
    (the opponent picks a Life card for Charge), then the Evol Seed resolves."""
    state = arrange({"field": {"s1": "C01-006"}},
                    {"charge": ["C01-012"], "deck": ["C01-012", "C01-012", "C01-007"], "trash": ["C01-014"]})
    doc = __import__("json").loads(state.to_json())
    deck = doc["players"][1]["deck"]
    doc["players"][1]["trash"] += deck[:-3]  # only the three named cards stay in the deck
    doc["players"][1]["deck"] = deck[-3:]
    state = state._game.state_from_json(doc)
    to_ignition(state)
    act(state, "p1 ignite with Lawbringer")
    assert state.decision() == "reload-life-pick" and state.names(1, "trash") == []
    act(state, "p0 pick Life card 0")
    assert state.decision() == "effect-target"
    act(state, "p1 choose Graceful Crystal")
    assert damage_on(state, "s1") == 3000


def test_c01_008_augustus_deals_5000_damage_when_it_appears():
    """When this card appears, 5000 damage to one of your opponent's Z/X on a Normal Square; a Z/X on a Player Square
    cannot be chosen (Z12.3)."""
    state = arrange({"hand": ["C01-008"], "resource": REDS * 2}, {"field": {"s8": "C01-012", "s9": "C01-012"}})
    act(state, "play Majestic Sovereign")
    act(state, "to square s5")
    while state.decision() == "pay":
        act(state, "pay with")
    assert state.decision() == "effect-target"
    assert [t for t in texts(state)] == [f"p0 choose Lawbringer Dhaulagiri #{on(state, 's9')} on s9"]
    act(state, "choose")
    assert on(state, "s9") == -1 and on(state, "s8") != -1  # 5000 damage on 5000 Power: destroyed (CR 904)
    assert state.names(1, "charge") == [name("C01-012")]


def test_c01_009_exploding_coal_deals_5000_damage_to_a_zx_on_a_normal_square():
    """5000 damage to one Z/X on a Normal Square, yours or the opponent's (Z12.3)."""
    state = arrange({"hand": ["C01-009"], "resource": REDS[:2], "field": {"s3": "C01-014"}},
                    {"field": {"s7": "C01-014"}})
    act(state, "play Exploding Coal")
    act(state, "pay with")
    act(state, "pay with")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s3", "s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 5000 and state.names(0, "trash") == [name("C01-009")]


def test_c01_011_ciel_gets_500_for_each_other_angel_of_yours():
    """+500 for each other Angel of yours on a Square; the opponent's Angels and itself do not count (Z12.6)."""
    state = arrange({"field": {"s1": "C01-011", "s3": "C01-014", "s4": "C01-015"}},
                    {"field": {"s7": "C01-014"}})
    assert power_on(state, "s1") == 4500 + 1000
    alone = arrange({"field": {"s1": "C01-011"}}, {"field": {"s7": "C01-014"}})
    assert power_on(alone, "s1") == 4500


def test_c01_013_snow_white_has_the_ignition_icon_while_life_is_1():
    """Has the Ignition icon while your Life is 1: revealed by Ignition it may be played without its Cost then; at
    Life 2 it has no icon and goes to Trash (the icon is read with the card still counted where it is, B03-048)."""
    for life, playable in ((["C03-018"], True), (["C03-018"] * 2, False)):
        state = arrange({}, {"charge": ["C01-012"], "life": life, "deck": ["C01-012", "C01-012", "C01-013"]})
        to_ignition(state)
        act(state, "p1 ignite with Lawbringer")
        if playable:
            assert state.decision() == "ignition-play"
            act(state, "p1 play the revealed Snow White")
            act(state, "p1 to square s9")
            assert on(state, "s9") != -1
        else:
            assert name("C01-013") in state.names(1, "trash") and state.decision() == "main"


def test_c01_016_narasimha_weakens_a_zx_when_it_destroys_one_in_battle():
    """When this card destroys an opponent's Z/X in battle, one of the opponent's Z/X on a Normal Square gets -4000
    until end of turn (Z12.4)."""
    state = arrange({"field": {"s5": "C01-016"}}, {"field": {"s8": "C01-012", "s9": "C01-014"}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.decision() == "effect-target"
    act(state, "on s9")
    assert power_on(state, "s9") == 4000


def test_c01_017_arrogant_wall_gives_3500_to_your_attacked_zx_in_your_army_area():
    """A Z/X being attacked on a Square in your Army Area gets +3500 until end of turn, played in the Battle Event
    step of the opponent's attack."""
    state = arrange({"field": {"s5": "C01-014"}}, {"hand": ["C01-017"], "resource": ["C01-012"],
                                                  "field": {"s8": "C01-012"}})
    attack(state, "s5", "s8")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 play Arrogant Wall")
    act(state, "pay with")
    act(state, "choose Lawbringer")
    assert power_on(state, "s8") == 8500
    pass_battle(state)
    assert on(state, "s8") != -1 and damage_on(state, "s8") == 8000  # 8000 damage on 8500 Power: it survives


def test_c01_017_arrogant_wall_reads_your_army_area_not_the_zx_controllers():
    """"In your Army Area" is the Army Area of the Event's player (Z15.200): attacking your opponent's Z/X standing in
    your near row, you may give it +3500; your opponent may not (s1 is in your Army Area, not theirs)."""
    spec = {"field": {"s2": "C01-014"}, "hand": ["C01-017"], "resource": ["C01-012"]}, {"field": {"s1": "C01-012"}}
    state = arrange(*spec)
    attack(state, "s2", "s1")
    act(state, "p0 play Arrogant Wall")
    act(state, "pay with")
    assert [t.rsplit(" on ", 1)[1] for t in texts(state)] == ["s1"]
    act(state, "choose Lawbringer")
    assert power_on(state, "s1") == 8500
    theirs = arrange({"field": {"s2": "C01-014"}}, {"field": {"s1": "C01-012"}, "hand": ["C01-017"],
                                                     "resource": ["C01-012"]})
    attack(theirs, "s2", "s1")
    act(theirs, "p0 pass (battle-event)")
    act(theirs, "p1 play Arrogant Wall")
    act(theirs, "pay with")
    assert theirs.decision() != "effect-target" and power_on(theirs, "s1") == 5000  # nothing to choose
