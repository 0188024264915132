"""Official rulings of running first-era cards, each played through in a real position of the card set first-era
(docs/zx/first-era-abilities.tsv, column ``rulings``; rules.md section 15): what the ruling says happens is checked,
and what it says must not happen too. Every test cites its rulings as ``Ruling NUMBER Qk``."""

from __future__ import annotations

import json

from ..era import (act, arrange, attack, damage_on, name, on, pass_battle, pay_all, play, power_on, resource,
                   sleeping, texts, uses)

WHITES = ["C03-018"] * 6   # Neige of the Snow: white, a vanilla 6/9500 Angel
GREENS = ["B01-089"] * 5   # King of Beasts, Werelion: green, a vanilla 4/6500
SMALL = "B01-003"          # Heated Coal, Coal Armadillo: red, a vanilla 3/3500
MID = "B02-029"            # Sky Tree, Rhenium: blue, a vanilla 4/6500
BIG = "C03-018"            # Neige of the Snow: 9500
BRAVE = "C04-005"          # Goddess of the Hunt, Artemis: a red Brave with no ability
AYASE = ("C02-001", "C01-001")  # player 0's Player card Kamiyugi Ayase


def attacks(state) -> list[str]:
    return [t for t in texts(state) if " attack from " in t]


def awake(state, square: str):
    """The position with the Z/X on ``square`` Rebooted (read back as a position)."""
    doc = json.loads(state.to_json())
    for entry in doc["field"]:
        if entry["square"] == square:
            entry.pop("sleeping", None)
    return state._game.state_from_json(doc)


def through_life_damage(state):
    """Both players pass the battle; the attacking player picks the first Life card the attack takes."""
    while state.decision() != "main":
        act(state, "pick Life card 0" if state.decision() == "damage-life-pick" else "pass")


# -- B01-070 Sieger ---------------------------------------------------------------------------------------------

def test_b01_070_sieger_rebooted_after_its_attack_attacks_again():
    """Ruling B01-070 Q1: Sieger attacked and Sleeps; its own ability (3 Charge cards into the Trash, Kamiyugi Ayase
    the Player card) Reboots it, and it may attack again: the second attack takes a second Life card. Sleeping
    after that attack with no Charge left, it can neither Reboot nor attack a third time."""
    state = arrange({"field": {"s5": "B01-070"}, "charge": WHITES[:3]}, {}, players=AYASE)
    attack(state, "s5", "s8")
    through_life_damage(state)
    assert sleeping(state, "s5") and not attacks(state) and len(state.names(1, "life")) == 3
    act(state, f"use the ability of {name('B01-070')}")
    while state.decision() == "ability-charge":
        act(state, "from Charge into Trash")
    assert not sleeping(state, "s5") and state.names(0, "charge") == [] and len(state.names(0, "trash")) == 3
    assert [t.split("p0 ")[1] for t in attacks(state)] == ["attack from s5 to s8 (the player)"]
    attack(state, "s5", "s8")
    through_life_damage(state)
    assert len(state.names(1, "life")) == 2 and sleeping(state, "s5")
    assert not attacks(state) and not uses(state) and state.decision() == "main"


# -- B02-006 Garuda ---------------------------------------------------------------------------------------------

def test_b02_006_garuda_keeps_fenrirs_2000_and_destroys_with_it_after_fenrir_is_gone():
    """Ruling B02-006 Q1: Garuda attacks, Fenrir's ability gives it +2000 (7000); in the Battle Event step the
    opponent destroys Fenrir (Exploding Coal, 3000 damage); Garuda still has 7000 when the battle is processed and
    destroys the 6500 Rhenium. Without Fenrir's +2000 (Fenrir absent), Garuda's 5000 does not destroy it."""
    state = arrange({"field": {"s1": "B02-003", "s4": "B02-006"}},
                    {"hand": ["C01-009"], "resource": [SMALL] * 2, "field": {"s7": MID}})
    attack(state, "s4", "s7")
    assert power_on(state, "s4") == 7000
    act(state, "p0 pass (battle-event)")
    act(state, f"p1 play {name('C01-009')}")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "on s1")
    assert on(state, "s1") == -1 and power_on(state, "s4") == 7000
    pass_battle(state)
    assert on(state, "s7") == -1 and power_on(state, "s4") == 7000 and state.decision() == "main"
    alone = arrange({"field": {"s4": "B02-006"}}, {"field": {"s7": MID}})
    attack(alone, "s4", "s7")
    pass_battle(alone)
    assert power_on(alone, "s4") == 5000 and on(alone, "s7") != -1 and damage_on(alone, "s7") == 5000


# -- B05-029 Glide ----------------------------------------------------------------------------------------------

def test_b05_029_glide_leaving_the_charge_mid_battle_does_not_stop_xenons_attack():
    """Ruling B05-029 Q1: Xenon, with Range 2 from Glide in the Charge, attacks s7 two Squares away; in the battle
    Glide's ability is used from the Charge ([Blue 1], Glide into the Trash, draw a card); the attack goes on and
    Xenon deals its 9000 to the Neige there. Xenon has lost Range 2 itself: Rebooted afterwards, it is not offered
    s7 any more, as it is when Glide stayed in the Charge."""
    def xenon_attacks(glide_leaves: bool):
        state = arrange({"field": {"s1": "B05-033"}, "charge": ["B05-029"], "resource": [MID], "deck": [SMALL]},
                        {"field": {"s7": BIG}})
        attack(state, "s1", "s7")
        if glide_leaves:
            act(state, f"use the ability of {name('B05-029')}")
            pay_all(state)
            assert state.names(0, "trash") == [name("B05-029")] and state.names(0, "hand") == [name(SMALL)]
            assert state.decision() == "battle-event"
        pass_battle(state)
        assert damage_on(state, "s7") == 9000 and state.decision() == "main"
        return [t for t in attacks(awake(state, "s1")) if "from s1 to s7" in t]

    assert xenon_attacks(glide_leaves=True) == [] and xenon_attacks(glide_leaves=False) != []


# -- B05-050 Vent -----------------------------------------------------------------------------------------------

def test_b05_050_vent_pays_white_2_once_per_attack_however_much_resource_is_left():
    """Ruling B05-050 Q1: Vent attacks; its ability is offered once: paid once ([White 2]), the chosen Neige gets
    -5000 (4500, not 9500 - 10000) and Vent's 7500 destroys it. With four Resource cards still standing, no second
    payment is offered, in the Battle Event step or anywhere before the battle ends."""
    state = arrange({"field": {"s4": "B05-050"}, "resource": WHITES}, {"field": {"s7": BIG}})
    attack(state, "s4", "s7")
    assert state.decision() == "effect-may-pay"
    act(state, "yes (effect-may-pay)")
    act(state, "pay with")
    act(state, "pay with")
    act(state, f"choose {name(BIG)}")
    assert power_on(state, "s7") == 9500 - 5000 and resource(state, 0).count(False) == 4
    while state.decision() != "main":
        assert not [t for t in texts(state) if "effect-may-pay" in t or "use the ability" in t]
        act(state, "pass")
    assert on(state, "s7") == -1 and resource(state, 0).count(False) == 4


# -- B05-087 Henruda and B05-088 Werepoodle ---------------------------------------------------------------------

def test_b05_087_two_henruda_in_the_charge_make_werepoodle_put_one_card_into_resource():
    """Ruling B05-087 Q1: with two Henruda in your Charge, Werepoodle's appearance puts the top card of your deck
    into your Resource, Sleeping, once: the same one card as with one Henruda; with none, nothing."""
    def appear(charge):
        state = arrange({"hand": ["B05-088"], "resource": GREENS + GREENS[:2], "charge": charge, "deck": [MID, SMALL]},
                        {})
        play(state, name("B05-088"), "s1")
        assert state.decision() == "main"
        return state

    two, one, none = appear(["B05-087", "B05-087"]), appear(["B05-087"]), appear([])
    for state in (two, one):
        assert state.names(0, "resource")[-1] == name(MID) and resource(state, 0)[-1]
        assert resource(state, 0).count(False) == 2  # Werepoodle's Cost took 5 of the 7 standing before
        assert state.names(0, "deck")[-1] == name(SMALL)  # the second card stays on top of the deck
    assert len(two.names(0, "deck")) == len(one.names(0, "deck")) == len(none.names(0, "deck")) - 1
    assert name(MID) not in none.names(0, "resource") and len(none.names(0, "resource")) == 7


# -- B05-099 with Barbarus and Saevum (both printings) ----------------------------------------------------------

def slander(barbarus: str, saevum: str, target: str = "s4"):
    """Player 0, with ``barbarus`` in the Resource and ``saevum`` on s4, plays Masked Slander Party and puts the Z/X
    on ``target`` into its owner's Resource."""
    state = arrange({"hand": ["B05-099"], "resource": [barbarus] + GREENS[:3], "field": {"s4": saevum, "s5": SMALL}},
                    {"hand": [SMALL, "B01-016"], "field": {"s7": BIG}})
    play(state, name("B05-099"))
    act(state, f"on {target}")
    return state


def check_slander(state, saevum: str):
    """Saevum went into player 0's Resource in Sleep, its own appearance ability waiting for nothing; player 1
    alone chooses a hand card, which goes into their Resource in Sleep (not into their Trash, as Saevum's own
    ability would put it)."""
    assert on(state, "s4") == -1 and state.names(0, "resource")[-1] == name(saevum) and resource(state, 0)[-1]
    assert state.decision() == "effect-card" and state.current_player() == 1
    assert sorted(t.split(" #")[0] for t in texts(state)) == sorted(f"p1 choose {name(n)}" for n in (SMALL, "B01-016"))
    act(state, f"p1 choose {name('B01-016')}")
    assert state.names(1, "resource") == [name("B01-016")] and resource(state, 1) == [True]
    assert state.names(1, "hand") == [name(SMALL)] and state.names(1, "trash") == [] and state.decision() == "main"


def test_e01_014_e01_016_saevum_put_into_resource_by_masked_slander_party_with_barbarus_there():
    """Ruling E01-014 Q1, Ruling E01-016 Q1: with E01-016 Barbarus in your Resource you play B05-099 and put your
    own E01-014 Saevum from a Square into your Resource; your opponent then chooses a card in their hand and puts it
    into their Resource in Sleep. Another Z/X put there instead (Coal Armadillo) leaves the opponent's hand alone."""
    check_slander(slander("E01-016", "E01-014"), "E01-014")
    other = slander("E01-016", "E01-014", target="s5")
    assert other.decision() == "main" and len(other.names(1, "hand")) == 2 and other.names(1, "resource") == []


def test_b05_117_b05_118_the_boosters_printings_of_saevum_and_barbarus_do_the_same():
    """Ruling B05-117 Q1, Ruling B05-118 Q1: the ruling of their twins E01-014 and E01-016 (the same names):
    with B05-118 Barbarus in your Resource, Masked Slander Party puts your B05-117 Saevum from a Square into your
    Resource, and your opponent puts a card of their choice from their hand into their Resource in Sleep; each
    printing also stands for the other's name (B05-118 with E01-014, E01-016 with B05-117)."""
    check_slander(slander("B05-118", "B05-117"), "B05-117")
    check_slander(slander("B05-118", "E01-014"), "E01-014")
    check_slander(slander("E01-016", "B05-117"), "B05-117")


# -- E01-004 Guan Yu with Red Hare ------------------------------------------------------------------------------

def test_e01_004_red_hare_increases_guan_yus_attack_damage_and_its_autos_damage():
    """Ruling E01-004 Q2 (F07-005 Red Hare, outside the first era), Ruling B02-012 Q1, Z15.360: a damage increase
    for Guan Yu applies to all the damage it deals. With the era's Red Hare (B02-012, +4000) on a Square, Guan Yu's
    attack deals 8000 + 4000 (to a B02-092 of 5000 + 8000 Power) and its AUTO, when it is attacked, deals
    5000 + 4000 to the attacker; without Red Hare, 8000 and 5000."""
    def attack_damage(field):
        state = arrange({"field": {"s5": "E01-004", **field}}, {"field": {"s8": "B02-092"}, "resource": [MID] * 16})
        attack(state, "s5", "s8")
        pass_battle(state)
        return damage_on(state, "s8")

    def auto_damage(field):
        state = arrange({"field": {"s5": "E01-004", **field}, "charge": [BRAVE]}, {"field": {"s8": BIG}},
                        turn_player=1)
        attack(state, "s8", "s5")
        act(state, "p0 yes (effect-may)")
        act(state, f"p0 choose {name(BRAVE)}")
        assert state.names(0, "trash") == [name(BRAVE)]
        return damage_on(state, "s8")

    assert attack_damage({"s3": "B02-012"}) == 12000 and attack_damage({}) == 8000
    assert auto_damage({"s3": "B02-012"}) == 9000 and auto_damage({}) == 5000
