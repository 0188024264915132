"""B02 cards granting abilities and keeping a Z/X from Rebooting (docs/zx/cards.md "Grants and restrictions"), in
real positions of the first-era set, through legal actions."""

from __future__ import annotations

from ..era import act, arrange, damage_on, name, on, texts

SMALL = "B01-003"  # Heated Coal, Coal Armadillo: a vanilla red Gigantic, 3500
BIG = "C03-018"  # Neige of the Snow: a vanilla white Angel, 9500
ARTISAN = "B01-013"  # Charging Iron Rider, Tank Heart: a vanilla red Artisan


def users(state):
    return sorted(t.split("use the ability of ")[1].split(" #")[0] for t in texts(state) if "use the ability" in t)


def test_b02_010_claymore_gives_artisans_a_3000_damage_ability():
    """Each of your Artisan Z/X on Squares has "[Sleep this card]: 3000 damage to one Z/X on a Normal Square"; an
    Angel does not; the ability goes with Claymore."""
    state = arrange({"field": {"s1": "B02-010", "s3": ARTISAN, "s2": BIG}}, {"field": {"s5": BIG}})
    assert users(state) == sorted([name("B02-010"), name(ARTISAN)])
    act(state, f"use the ability of {name(ARTISAN)}")
    act(state, "on s5")
    assert damage_on(state, "s5") == 3000 and state.instance(on(state, "s3"))["sleeping"]
    assert users(state) == [name("B02-010")]  # a Sleeping Z/X cannot pay [Sleep this card]
    assert users(arrange({"field": {"s3": ARTISAN}}, {"field": {"s5": BIG}})) == []


def test_b02_010_ruling_q1_claymore_has_it_too():
    """Ruling B02-010 Q1: the granted ability applies to Claymore itself."""
    state = arrange({"field": {"s1": "B02-010"}}, {"field": {"s5": SMALL}})
    act(state, f"use the ability of {name('B02-010')}")
    act(state, "on s5")
    assert damage_on(state, "s5") == 3000 and state.instance(on(state, "s1"))["sleeping"]


def _to_next_reboot(state, player):
    """Plays on (passing) to player's next Resource phase, after their Reboot Phase."""
    act(state, "pass")
    while state.decision() != "resource" or state.current_player() != player:
        act(state, "pass")


def test_b02_059_rebellion_keeps_the_zx_sleeping_through_one_reboot_phase():
    """Sleep one of your opponent's Z/X on a Normal Square; it does not Reboot during your opponent's next Reboot
    Phase (rules.md Z15.162); in the one after it does."""
    state = arrange({"hand": ["B02-059"], "resource": ["C03-015"] * 3}, {"field": {"s9": SMALL, "s7": SMALL}})
    act(state, f"play {name('B02-059')}")
    while state.decision() == "pay":
        act(state, "pay with")
    assert sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t) == ["s7", "s9"]
    act(state, "on s9")
    assert state.instance(on(state, "s9"))["sleeping"]
    _to_next_reboot(state, 1)
    assert state.instance(on(state, "s9"))["sleeping"]
    _to_next_reboot(state, 1)
    assert not state.instance(on(state, "s9"))["sleeping"]


def test_b02_059_ruling_q1_on_an_already_sleeping_zx():
    """Ruling B02-059 Q1: it may be used on a Z/X already Sleeping, which then stays Sleeping through the opponent's
    next Reboot Phase."""
    state = arrange({"hand": ["B02-059"], "resource": ["C03-015"] * 3}, {"field": {"s9": (SMALL, True)}})
    act(state, f"play {name('B02-059')}")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "on s9")
    _to_next_reboot(state, 1)
    assert state.instance(on(state, "s9"))["sleeping"]
