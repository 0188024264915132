"""B05 cards built on the first era's filters (docs/zx/cards.md "Filters"): damaged Z/X, names in zones and of the
Player card (every printing), "any number of", adjacency to your named Z/X or to this card; each in a real position
of the era's card set (a partner without a definition yet given none, tests/zx/first_era/test_b03_filters.py)."""

from __future__ import annotations

from ..era import act, damage_on, name, on, power_on, texts
from .test_b02_filters import damaged
from .test_b03_filters import arrange, play

REDS = ["B01-003"] * 6


def test_b05_008_gladius_deals_5000_to_a_damaged_zx():
    state = arrange({"hand": ["B05-008"], "resource": REDS, "field": {"s3": "B01-016"}},
                    {"field": {"s7": "B01-016", "s9": "B01-016"}})
    state = damaged(state, "s9", 500)
    play(state, "B05-008", "s1")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s9"]
    act(state, "on s9")
    assert damage_on(state, "s9") == 5500 and damage_on(state, "s7") == 0


def test_b05_012_topaz_falcon_trashes_an_opposing_resource_card():
    """With Zenobia in your Charge and 9 or more cards in your opponent's Resource: one of them into its owner's
    Trash; with 8, nothing."""
    state = arrange({"hand": ["B05-012"], "resource": REDS, "charge": ["B05-003"]}, {"resource": ["B01-030"] * 9})
    play(state, "B05-012", "s1")
    act(state, "choose")
    assert len(state.names(1, "resource")) == 8 and state.names(1, "trash") == [name("B01-030")]
    few = arrange({"hand": ["B05-012"], "resource": REDS, "charge": ["B05-003"]}, {"resource": ["B01-030"] * 8})
    play(few, "B05-012", "s1")
    assert few.decision() == "main"


def test_b05_018_tank_touring_returns_any_number_of_main_cannon_fire():
    """Any number of 「しゅほうはっしゃー！」 (B01-020 or its starter printing C04-012) from your Trash to your
    hand: four choices, each of which may be none (Z15.101); another card is never offered."""
    state = arrange({"hand": ["B05-018"], "resource": ["B01-003"], "trash": ["B01-020", "C04-012", "B01-020",
                                                                            "B01-003"]}, {}, partners=("B01-020",))
    play(state, "B05-018")
    assert len(texts(state)) == 4 and "pass (effect-card)" in " ".join(texts(state))
    act(state, "choose")
    act(state, "choose")
    act(state, "pass (effect-card)")
    act(state, "pass (effect-card)")
    assert state.names(0, "hand").count(name("B01-020")) == 2 and len(state.names(0, "trash")) == 3


def test_b05_038_defeat_of_justice_draws_per_lawrencium_with_ikusa_reia():
    """With Ikusa Reia as your Player card: a card for each Lawrencium in your Trash; another Player card, none."""
    for player, draws in (("B04-105", 2), ("C02-001", 0)):
        state = arrange({"hand": ["B05-038"], "resource": ["B01-030"] * 2, "trash": ["B02-036"] * 2 + ["B01-030"]},
                        {}, partners=("B02-036",), players=(player, "C02-001"))
        play(state, "B05-038")
        assert len(state.names(0, "hand")) == draws


def test_b05_058_first_maiden_war_returns_up_to_two_red_charge_cards_with_asuka():
    """With Asuka as your Player card (E01-023, another printing of her): up to 2 red cards of your Charge back to
    your hand; a blue one is never offered."""
    state = arrange({"hand": ["B05-058"], "resource": ["B01-046"], "charge": ["B01-003"] * 3 + ["B01-030"]}, {},
                    players=("E01-023", "C02-001"))
    play(state, "B05-058")
    act(state, "choose")
    act(state, "choose")
    assert state.names(0, "hand") == [name("B01-003")] * 2 and len(state.names(0, "charge")) == 2


def test_b05_078_pavilion_destroys_a_zx_next_to_your_avaritia():
    """One Z/X (either player's) on a Normal Square next to the Square of your Avaritia (of either of two, Z15.104):
    not one next to your opponent's Avaritia, not one farther away."""
    state = arrange({"hand": ["B05-078"], "resource": ["B01-066"] * 2, "field": {"s4": "B04-076", "s1": "B01-003"}},
                    {"field": {"s7": "B01-016", "s9": "B04-076", "s6": "B01-016"}}, partners=("B04-076",))
    play(state, "B05-078")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s1", "s7"]
    two = arrange({"hand": ["B05-078"], "resource": ["B01-066"] * 2,
                   "field": {"s4": "B04-076", "s3": "B04-076", "s1": "B01-003"}},
                  {"field": {"s7": "B01-016", "s6": "B01-016"}}, partners=("B04-076",))
    play(two, "B05-078")
    assert sorted(t.split(" on ")[1] for t in texts(two)) == ["s1", "s6", "s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1


def test_b05_088_werepoodle_puts_the_top_card_into_resource_with_henruda_in_charge():
    """Ruling B05-088 Q1: with two Henruda in your Charge, the ability resolves once: one card into your Resource,
    Sleeping."""
    state = arrange({"hand": ["B05-088"], "resource": ["B01-089"] * 5, "charge": ["B05-087", "B05-087"]}, {})
    play(state, "B05-088", "s1")
    resource = state.zone(0, "resource")
    assert len(resource) == 6 and state.instance(resource[-1])["sleeping"]
    alone = arrange({"hand": ["B05-088"], "resource": ["B01-089"] * 5}, {})
    play(alone, "B05-088", "s1")
    assert len(alone.zone(0, "resource")) == 5


def test_b05_099_masked_slander_party_with_barbarus_then_saevum():
    """Ruling B05-099 Q1: with Barbarus (E01-016) in your Resource, your own Saevum (E01-014) from a Square into your
    Resource, Sleeping; then, Saevum being there now, your opponent puts a hand card of their choice into their
    Resource, Sleeping."""
    state = arrange({"hand": ["B05-099"], "resource": ["E01-016"] + ["B01-089"] * 3, "field": {"s4": "E01-014"}},
                    {"hand": ["B01-003", "B01-016"]}, partners=("E01-016", "E01-014"))
    play(state, "B05-099")
    act(state, "on s4")
    assert name("E01-014") in state.names(0, "resource") and state.decision() == "effect-card"
    assert all(t.startswith("p1 choose") for t in texts(state))
    act(state, f"p1 choose {name('B01-016')}")
    assert state.names(1, "resource") == [name("B01-016")] and state.names(1, "hand") == [name("B01-003")]


def test_b05_099_needs_barbarus_for_its_first_part():
    state = arrange({"hand": ["B05-099"], "resource": ["B01-089"] * 4}, {"field": {"s7": "B01-016"}})
    play(state, "B05-099")
    assert state.decision() == "main" and on(state, "s7") != -1


def test_b05_116_priere_weakens_adjacent_opposing_zx():
    """Your opponent's Z/X on the Squares next to this card's get -1000; yours and farther ones do not."""
    state = arrange({"field": {"s5": "B05-116", "s4": "B01-003"}}, {"field": {"s8": "B01-016", "s9": "B01-016"}})
    assert [power_on(state, s) for s in ("s8", "s9", "s4")] == [8500, 9500, 3500]
