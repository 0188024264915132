"""B03 cards granting keywords and abilities, and restrictions (docs/zx/cards.md "Grants and restrictions"), in real
positions of the first-era set, through legal actions."""

from __future__ import annotations

from ..era import act, arrange, name, on, power_on, texts
from ..test_starter_c01 import to_ignition

SMALL = "B01-003"  # Heated Coal, Coal Armadillo: a vanilla red Gigantic, 3500
BIG = "C03-018"  # Neige of the Snow: a vanilla white Angel, 9500
METAL = "B03-036"  # Giant Clock, Berkelium: Metal Fortress, no Ignition icon
RHENIUM = "B02-029"  # Sky Tree, Rhenium: a vanilla Metal Fortress without the icon
FERMIUM = "B02-025"  # Windmill Transformer, Fermium: a vanilla Metal Fortress with the Ignition icon


def attacks(state):
    return sorted(t.split("attack from ")[1].split(" (")[0] for t in texts(state) if "attack from" in t)


def passes(state, n=2):
    for _ in range(n):
        act(state, "pass (battle-event)")


def test_b03_012_hindenburg_evol_seed_gives_range_2_until_end_of_turn():
    """Evol Seed: one of your Z/X on a Square gains Range 2 until end of turn (GainKeyword, GRANT)."""
    state = arrange({"field": {"s1": BIG, "s3": BIG}},
                    {"charge": ["B01-089"], "deck": ["B01-089", "B01-089", "B03-012"], "field": {"s9": SMALL}})
    to_ignition(state)
    act(state, f"p1 ignite with {name('B01-089')}")
    act(state, f"choose {name(SMALL)}")
    assert '"keywords": ["range-2"]' in state.to_json()
    assert "s9 to s3" in attacks(state) and "s9 to s1" not in attacks(state)  # distance 2; the Z/X on s1 at 4
    act(state, "p1 pass (main)")
    assert "range-2" not in state.to_json()  # ended with the turn


def test_b03_014_carnelian_bear_gives_gigantic_attackers_1000():
    """Each of your Gigantic Z/X on Squares (this card too) gets +1000 when it attacks; an Angel does not."""
    def position():
        return arrange({"field": {"s1": SMALL, "s3": "B03-014", "s2": BIG}},
                       {"field": {"s4": BIG, "s6": BIG, "s5": BIG}})
    state = position()
    act(state, "attack from s1 to s4")
    assert power_on(state, "s1") == 4500
    state = position()
    act(state, "attack from s3 to s6")
    assert power_on(state, "s3") == 9500 and power_on(state, "s1") == 3500
    state = position()
    act(state, "attack from s2 to s5")
    assert power_on(state, "s2") == 9500
    alone = arrange({"field": {"s1": SMALL}}, {"field": {"s4": BIG}})
    act(alone, "attack from s1 to s4")
    assert power_on(alone, "s1") == 3500


def test_b03_033_asagi_cannot_appear_on_a_player_square():
    """This card cannot appear on a Player Square: its play offers the Normal Squares only."""
    state = arrange({"hand": ["B03-033"], "resource": [RHENIUM] * 6}, {})
    act(state, f"play {name('B03-033')}")
    squares = sorted(t.rsplit(" ", 1)[1] for t in texts(state) if "to square" in t)
    assert squares == ["s1", "s3", "s4", "s5", "s6", "s7", "s9"]


def test_b03_033_is_not_offered_with_only_a_player_square_free():
    field = {s: (BIG, True) for s in ("s1", "s3", "s4", "s5", "s6", "s7", "s9")}  # Sleeping: not played over
    state = arrange({"hand": ["B03-033", SMALL], "resource": [RHENIUM] * 5 + ["B01-013"], "field": field}, {})
    played = [t for t in texts(state) if t.startswith("p0 play")]
    assert not any(name("B03-033") in t for t in played) and any(name(SMALL) in t for t in played)


def test_b03_036_berkelium_gives_range_2_to_metal_fortress_without_the_icon():
    """Each of your Metal Fortress Z/X without the Ignition icon (this card too) has Range 2; one with the icon and
    the opponent's do not."""
    state = arrange({"field": {"s1": METAL, "s3": RHENIUM, "s2": FERMIUM}},
                    {"field": {"s7": BIG, "s9": RHENIUM, "s8": SMALL}})
    got = attacks(state)
    assert "s1 to s7" in got and "s3 to s9" in got and "s2 to s8" not in got
    assert "s9 to s3" not in attacks(arrange({"field": {"s1": METAL, "s3": BIG}}, {"field": {"s9": RHENIUM}},
                                             turn_player=1))
    assert "s3 to s9" not in attacks(arrange({"field": {"s3": RHENIUM}}, {"field": {"s9": BIG}}))


def test_b03_036_ruling_q1_damage_is_dealt_after_berkelium_left():
    """Ruling B03-036 Q1: a Metal Fortress on your Player Square with Range 2 from Berkelium attacks the Z/X on the
    opponent's Player Square; Berkelium is destroyed before damage (B03-078 in the Battle Event step): the damage is
    still dealt."""
    state = arrange({"field": {"s1": METAL, "s2": RHENIUM}},
                    {"field": {"s8": SMALL}, "hand": ["B03-078"], "resource": ["B01-077"] * 2})
    act(state, "attack from s2 to s8")
    act(state, "p0 pass (battle-event)")
    act(state, f"p1 play {name('B03-078')}")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "on s1")  # Berkelium, Cost 7
    assert on(state, "s1") == -1
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    assert on(state, "s8") == -1 and name(SMALL) in state.names(1, "charge")  # 6500 damage destroyed it


def test_b03_052_annapurna_guardians_destroy_their_attacker():
    """Each of your Guardian Z/X (this card too) destroys, at the end of a battle it was attacked in and survived,
    the attacker on a Normal Square; another race does not."""
    state = arrange({"field": {"s1": "B03-052", "s3": "B01-055"}}, {"field": {"s4": SMALL, "s6": SMALL}},
                    turn_player=1)
    act(state, "attack from s6 to s3")  # Lawbringer Ushba, a vanilla Guardian
    passes(state)
    assert on(state, "s6") == -1 and name(SMALL) in state.names(1, "charge")
    act(state, "attack from s4 to s1")
    passes(state)
    assert on(state, "s4") == -1
    other = arrange({"field": {"s1": "B03-052", "s3": BIG}}, {"field": {"s6": SMALL}}, turn_player=1)
    act(other, "attack from s6 to s3")
    passes(other)
    assert on(other, "s6") >= 0


def test_b03_052_a_destroyed_guardian_does_nothing():
    state = arrange({"field": {"s1": "B03-052", "s3": "B05-042"}}, {"field": {"s6": BIG}}, turn_player=1)
    act(state, "attack from s6 to s3")  # Eiger, 5000, destroyed
    passes(state)
    assert on(state, "s3") == -1 and on(state, "s6") >= 0


def test_b03_055_aura_coatl_holy_beasts_pump_when_destroyed():
    """Each of your Holy Beast Z/X (this card too) has "when destroyed, each of your Z/X on Squares gets +2000 until
    end of turn"."""
    state = arrange({"field": {"s1": "B03-055", "s3": "B03-043", "s2": BIG}}, {"field": {"s6": BIG}}, turn_player=1)
    act(state, "attack from s6 to s3")  # Aura Tapir, 5000
    passes(state)
    assert on(state, "s3") == -1
    assert power_on(state, "s1") == 10000 and power_on(state, "s2") == 11500


def test_b03_055_destroyed_itself_still_pumps():
    state = arrange({"field": {"s3": "B03-055", "s2": BIG}}, {"field": {"s6": BIG, "s5": SMALL}}, turn_player=1)
    act(state, "attack from s6 to s3")
    passes(state)
    assert on(state, "s3") == -1 and power_on(state, "s2") == 11500


def test_b03_057_holy_sky_you_are_not_dealt_damage():
    """Ruling B03-057 Q1: while it is on a Square, its player's Life is not reduced by an opposing attack."""
    state = arrange({"field": {"s1": "B03-057"}}, {"field": {"s5": BIG}}, turn_player=1)
    life = len(state.zone(0, "life"))
    act(state, "attack from s5 to s2")
    passes(state)
    assert len(state.zone(0, "life")) == life and state.decision() == "main"
    without = arrange({"field": {"s1": BIG}}, {"field": {"s5": BIG}}, turn_player=1)
    act(without, "attack from s5 to s2")
    passes(without)
    assert without.decision() == "damage-life-pick"


def test_b03_094_caraway_leaflings_go_to_resource_instead():
    """Each of your Leafling Z/X on Squares goes into your Resource, Sleeping, instead of your Charge when
    destroyed; another race goes into Charge."""
    state = arrange({"field": {"s1": "B03-094", "s3": "B04-084", "s2": SMALL}}, {"field": {"s6": BIG, "s5": BIG}},
                    turn_player=1)
    act(state, "attack from s6 to s3")  # Healing Marshmallow, a Leafling of 5000
    passes(state)
    resource = state.zone(0, "resource")
    assert name("B04-084") in state.names(0, "resource") and name("B04-084") not in state.names(0, "charge")
    assert any(state.instance(i)["sleeping"] for i in resource)
    act(state, "attack from s5 to s2")
    passes(state)
    assert name(SMALL) in state.names(0, "charge")


def test_b03_094_leaflings_destroyed_with_caraway_still_go_to_resource():
    """Rules.md Z15.163: Caraway and another Leafling destroyed at once (lethal damage, read together) both go into
    the Resource, although Caraway leaves its Square first."""
    state = arrange({"field": {"s1": "B03-094", "s3": "B04-084"}},
                    {"field": {"s4": SMALL}, "hand": ["B04-060"], "resource": ["C03-015"] * 4}, turn_player=1)
    act(state, "attack from s4 to s1")  # 3500 damage on Caraway (7000)
    passes(state)
    act(state, f"play {name('B04-060')}")  # your opponent's Z/X on Normal Squares -5000: both lethal at once
    while state.decision() == "pay":
        act(state, "pay with")
    assert on(state, "s1") == -1 and on(state, "s3") == -1
    assert sorted(state.names(0, "resource")) == sorted([name("B03-094"), name("B04-084")])
