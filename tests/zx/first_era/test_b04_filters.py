"""B04 cards built on the first era's filters (docs/zx/cards.md "Filters", "Subjects"): the Evol Seed icon in zones
and in appearing Z/X, "if your Resource holds 「X」", an opponent's Z/X destroyed, names containing a text; each in
a real position of the era's card set (a partner without a definition yet given none, tests/zx/first_era/
test_b03_filters.py)."""

from __future__ import annotations

from ..era import act, damage_on, name, on, power_on, texts
from .test_b03_filters import arrange, battle, into_resource, play

REDS = ["B01-003"] * 5
SEED = "C01-007"  # Bold Bear Warrior, Sakata no Kintoki: red 5/7500 with the Evol Seed icon


def test_b04_006_garnet_utan_deals_5000_when_your_evol_seed_zx_appears():
    """When a Z/X of yours with the Evol Seed icon appears: 5000 damage to one Z/X on a Normal Square; another Z/X
    appearing, nothing."""
    state = arrange({"hand": [SEED], "resource": REDS, "field": {"s1": "B04-006"}}, {"field": {"s7": "B01-016"}})
    play(state, SEED, "s3")
    assert state.decision() == "effect-target"
    act(state, "on s7")
    assert damage_on(state, "s7") == 5000
    plain = arrange({"hand": ["B01-013"], "resource": REDS, "field": {"s1": "B04-006"}}, {"field": {"s7": "B01-016"}})
    play(plain, "B01-013", "s3")
    assert plain.decision() == "main"


def test_b04_022_nagoyaan_gets_1000_with_an_evol_seed_card_in_charge():
    assert power_on(arrange({"charge": [SEED], "field": {"s1": "B04-022"}}, {}), "s1") == 5500
    assert power_on(arrange({"charge": ["B01-003"], "field": {"s1": "B04-022"}}, {}), "s1") == 4500


def test_b04_027_amadeus_draws_2_and_trashes_2_with_skeletal_dancer_in_resource():
    """Put into your Resource, with Skeletal Dancer there: draw 2, then put 2 cards of your hand into your Trash."""
    state = arrange({}, {"hand": ["B04-027"], "resource": ["B04-074"]}, partners=("B04-074",))
    into_resource(state, "B04-027")
    hand = len(state.names(1, "hand"))
    act(state, "p1 choose")
    act(state, "p1 choose")
    assert len(state.names(1, "trash")) == 2 and len(state.names(1, "hand")) == hand - 2


def test_b04_033_hafnium_may_trade_an_evol_seed_card_for_a_zx_on_top_of_its_deck():
    """On destroying a Z/X by battle: you may put an Evol Seed card of your hand into your Trash; if you did, one Z/X
    on a Normal Square onto the top of its owner's deck. Without one in hand, nothing more."""
    state = arrange({"hand": [SEED, "B01-003"], "field": {"s4": "B04-033"}},
                    {"field": {"s7": "B01-003", "s9": "B01-013"}})
    battle(state, "s4", "s7")
    act(state, "yes")
    assert len(texts(state)) == 1  # the Evol Seed card, not the other hand card
    act(state, f"choose {name(SEED)}")
    act(state, "on s9")
    assert on(state, "s9") == -1 and state.names(1, "deck")[-1] == name("B01-013")
    none = arrange({"hand": ["B01-003"], "field": {"s4": "B04-033"}}, {"field": {"s7": "B01-003", "s9": "B01-013"}})
    battle(none, "s4", "s7")
    act(none, "yes")
    assert none.decision() == "main" and on(none, "s9") != -1


def test_b04_035_vega_may_shuffle_an_evol_seed_card_in_and_draw_2():
    """On appearing: you may put an Evol Seed card of your hand into your deck; if you did, shuffle and draw 2."""
    state = arrange({"hand": ["B04-035", SEED], "resource": ["B01-030"] * 7}, {})
    play(state, "B04-035", "s3")
    act(state, "yes")
    act(state, f"choose {name(SEED)}")
    assert len(state.names(0, "hand")) == 2


def test_b04_043_reigning_mike_gets_2000_while_your_evol_seed_zx_is_on_a_square():
    assert power_on(arrange({"field": {"s1": "B04-043", "s3": SEED}}, {}), "s1") == 6000
    assert power_on(arrange({"field": {"s1": "B04-043"}}, {"field": {"s7": SEED}}), "s1") == 4000


def test_b04_049_pixie_bob_returns_a_cheap_white_event_with_polonium_in_resource():
    state = arrange({}, {"hand": ["B04-049"], "resource": ["B04-034"], "trash": ["C01-017", "B01-046"]},
                    partners=("B04-034",))
    into_resource(state, "B04-049")
    assert len(texts(state)) == 1
    act(state, "p1 choose")
    assert name("C01-017") in state.names(1, "hand")


def test_b04_051_massif_trashes_up_to_one_charge_card_when_your_evol_seed_zx_appears():
    """Up to one card of either player's Charge into its owner's Trash: the choice may be none."""
    state = arrange({"hand": [SEED, SEED], "resource": REDS * 2, "field": {"s1": "B04-051"}, "charge": ["B01-013"]},
                    {"charge": ["B01-016"]})
    play(state, SEED, "s3")
    assert "pass (effect-card)" in " ".join(texts(state)) and len(texts(state)) == 3
    act(state, f"choose {name('B01-016')}")
    assert state.names(1, "trash") == [name("B01-016")] and state.names(1, "charge") == []
    play(state, SEED, "s4")
    act(state, "pass (effect-card)")
    assert state.names(0, "charge") == [name("B01-013")]


def test_b04_064_072_083_count_evol_seed_cards_in_trash_or_resource():
    """Perdere +1000 and Huge Golem +2000 with 4 Evol Seed cards in your Trash; Werecapybara +1000 with 4 in your
    Resource; 3 are not enough."""
    seeds = [SEED, SEED, "C02-015", "B03-054"]
    state = arrange({"trash": seeds, "field": {"s1": "B04-064", "s3": "B04-072", "s4": "B04-083"}}, {})
    assert [power_on(state, s) for s in ("s1", "s3", "s4")] == [5500, 10500, 4500]
    res = arrange({"resource": seeds, "trash": seeds[:3], "field": {"s1": "B04-064", "s4": "B04-083"}}, {})
    assert [power_on(res, s) for s in ("s1", "s4")] == [4500, 5500]


def test_b04_067_umbra_destroys_when_your_evol_seed_zx_appears():
    state = arrange({"hand": [SEED], "resource": REDS, "field": {"s1": "B04-067", "s3": "B01-003"}},
                    {"field": {"s7": "B01-016"}})
    play(state, SEED, "s4")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1


def test_b04_071_konig_gets_2000_when_an_opponents_zx_is_destroyed():
    """When one of your opponent's Z/X is destroyed (by battle here): +2000 until end of turn; your own destroyed,
    nothing."""
    state = arrange({"field": {"s1": "B04-071", "s4": "B01-016"}}, {"field": {"s7": "B01-003"}})
    battle(state, "s4", "s7")
    assert on(state, "s7") == -1 and power_on(state, "s1") == 8500
    own = arrange({"field": {"s1": "B04-071", "s4": "B01-003"}}, {"field": {"s7": "B01-016"}},)
    act(own, "p0 pass (main)")
    act(own, "p1 pass (resource)")
    while own.decision() == "ignition":
        act(own, "p1 pass (ignition)")
    battle(own, "s7", "s4")
    assert on(own, "s4") == -1 and power_on(own, "s1") == 6500


def test_b04_083_alone_needs_the_icon_not_the_card():
    """Werecapybara counts cards with the Evol Seed icon: 4 cards without it in the Resource give nothing."""
    assert power_on(arrange({"resource": ["B01-003"] * 4, "field": {"s1": "B04-083"}}, {}), "s1") == 4500


def test_b04_090_wereursus_resolution_lets_the_card_it_moved_resolve():
    """Ruling B04-090 Q1 (the rule it states, with Duel in place of a second Spark Launcher): Wereursus puts a hand
    card (Duel, with Hanazuo in the Resource) into the Resource and returns that card to the hand; the ability it
    triggered still resolves."""
    state = arrange({"field": {"s1": "B01-016"}},
                    {"hand": ["B04-090", "B03-029"], "resource": ["B04-015", "B03-093"]}, partners=("B04-015",))
    into_resource(state, "B04-090")
    act(state, "p1 yes")
    act(state, f"p1 choose {name('B03-029')}")
    assert name("B03-029") in state.names(1, "resource")
    act(state, f"p1 choose {name('B03-029')}")
    assert name("B03-029") in state.names(1, "hand") and state.decision() == "effect-target"
    act(state, "on s1")
    assert on(state, "s1") == -1


def test_b04_090_wereursus_needs_spark_launcher():
    state = arrange({}, {"hand": ["B04-090", "B01-003"], "resource": ["B01-030"]})
    into_resource(state, "B04-090")
    assert not state.decision().startswith("effect") and len(state.names(1, "resource")) == 2


def test_b04_091_wereleopard_gives_4000_when_your_evol_seed_zx_appears():
    """One Z/X (either player's) on any Square, a Player Square too, gets +4000 until end of turn."""
    state = arrange({"hand": [SEED], "resource": REDS, "field": {"s1": "B04-091"}}, {"field": {"s8": "B01-016"}})
    play(state, SEED, "s3")
    assert len(texts(state)) == 3
    act(state, "on s8")
    assert power_on(state, "s8") == 13500


def test_b04_095_jasmine_may_put_an_opposing_zx_into_resource_with_damavand():
    state = arrange({"field": {"s1": "B01-016", "s2": "B01-016"}}, {"hand": ["B04-095"], "resource": ["B04-050"]},
                    partners=("B04-050",))
    into_resource(state, "B04-095")
    act(state, "p1 yes")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s1"]
    act(state, "on s1")
    assert on(state, "s1") == -1 and name("B01-016") in state.names(0, "resource")


def test_b04_103_uriel_counts_cards_whose_name_contains_fierte():
    """+5000 while your Trash holds 6 or more cards whose name contains 「フィエリテ」 (Fierte of Pride and Pure
    Feelings, Fidelite among the era's); 5 are not enough."""
    six = ["B01-056"] * 3 + ["C01-002"] * 3
    assert power_on(arrange({"trash": six, "field": {"s1": "B04-103"}}, {}), "s1") == 12500
    assert power_on(arrange({"trash": six[1:] + ["B01-003"], "field": {"s1": "B04-103"}}, {}), "s1") == 7500
