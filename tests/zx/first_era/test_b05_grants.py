"""B05 cards of grants and of abilities used from the hand (docs/zx/cards.md "Grants and restrictions"), in real
positions of the first-era set, through legal actions."""

from __future__ import annotations

from ..era import act, arrange, name, on, pay_all, texts

SMALL = "B01-003"  # Heated Coal, Coal Armadillo: a vanilla red Gigantic, 3500
BIG = "C03-018"  # Neige of the Snow: a vanilla white Angel, 9500
BLUES = ["B02-029"] * 6  # Sky Tree, Rhenium: blue, no ability


def passes(state, n=2):
    for _ in range(n):
        act(state, "pass (battle-event)")


def squares_offered(state):
    return sorted(t.rsplit(" ", 1)[1] for t in texts(state) if "square s" in t)


def attacks(state):
    return sorted(t.split("attack from ")[1].split(" (")[0] for t in texts(state) if "attack from" in t)


def test_b05_026_crush_appears_from_the_hand():
    """[Blue 4], only while this card is in your hand: it appears in Reboot on an empty Square other than your
    opponent's Player Square."""
    state = arrange({"hand": ["B05-026"], "resource": BLUES[:4]}, {})
    act(state, f"use the ability of {name('B05-026')}")
    pay_all(state)
    assert squares_offered(state) == ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s9"]
    act(state, "choose square s4")
    assert state.card_name(on(state, "s4")).startswith(name("B05-026"))
    assert not state.instance(on(state, "s4"))["sleeping"] and name("B05-026") not in state.names(0, "hand")
    on_field = arrange({"field": {"s1": "B05-026"}, "resource": BLUES[:4]}, {})
    assert not any("use the ability" in t for t in texts(on_field))


def test_b05_026_ruling_q1_the_player_still_takes_the_damage():
    """Ruling B05-026 Q1: an opposing Z/X attacks your Player Square; put there by its ability from the hand in the
    Battle Event step, it does not stop the damage to you (rules.md 8.4)."""
    state = arrange({"hand": ["B05-026"], "resource": BLUES[:4]}, {"field": {"s5": BIG}}, turn_player=1)
    act(state, "attack from s5 to s2")
    act(state, "p1 pass (battle-event)")
    act(state, f"use the ability of {name('B05-026')}")
    pay_all(state)
    act(state, "choose square s2")
    passes(state)
    assert state.decision() == "damage-life-pick" and on(state, "s2") >= 0


def test_b05_031_calamity_appears_from_the_hand_for_blue_6():
    """[Blue 6], only while this card is in your hand: as B05-026 (five Resource cards are not enough)."""
    assert not any("use the ability" in t for t in texts(arrange({"hand": ["B05-031"], "resource": BLUES[:5]}, {})))
    state = arrange({"hand": ["B05-031"], "resource": BLUES}, {})
    act(state, f"use the ability of {name('B05-031')}")
    pay_all(state)
    assert "s8" not in squares_offered(state)
    act(state, "choose square s2")
    assert state.card_name(on(state, "s2")).startswith(name("B05-031"))


def test_b05_031_ruling_q1_the_player_still_takes_the_damage():
    """Ruling B05-031 Q1: as B05-026's: the attack on your Player Square damages you."""
    state = arrange({"hand": ["B05-031"], "resource": BLUES}, {"field": {"s5": BIG}}, turn_player=1)
    act(state, "attack from s5 to s2")
    act(state, "p1 pass (battle-event)")
    act(state, f"use the ability of {name('B05-031')}")
    pay_all(state)
    act(state, "choose square s2")
    passes(state)
    assert state.decision() == "damage-life-pick"


def test_b05_033_xenon_has_range_2_while_glide_is_in_charge():
    """While your Charge holds Battle Hero, Glide, this card has Range 2."""
    assert "s1 to s7" in attacks(arrange({"field": {"s1": "B05-033"}, "charge": ["B05-029"]}, {"field": {"s7": SMALL}}))
    assert "s1 to s7" not in attacks(arrange({"field": {"s1": "B05-033"}}, {"field": {"s7": SMALL}}))


def test_b05_033_ruling_q1_the_attack_goes_on_after_glide_left():
    """Ruling B05-033 Q1: Xenon attacks at distance 2; Glide's ability used from the Charge in the battle takes
    Glide out of the Charge; the attack continues and deals its damage."""
    state = arrange({"field": {"s1": "B05-033"}, "charge": ["B05-029"], "resource": BLUES[:1]},
                    {"field": {"s7": SMALL}})
    act(state, "attack from s1 to s7")
    act(state, f"use the ability of {name('B05-029')}")
    pay_all(state)
    assert name("B05-029") in state.names(0, "trash")
    passes(state)
    assert on(state, "s7") == -1 and name(SMALL) in state.names(1, "charge")


def test_b05_048_shivling_guards_the_zx_next_to_it():
    """Each of your Z/X on Squares adjacent to this card destroys, at the end of a battle it was attacked in and
    survived, the attacker on a Normal Square; one not adjacent does not."""
    state = arrange({"field": {"s1": "B05-048", "s2": BIG, "s3": BIG}}, {"field": {"s5": SMALL, "s6": SMALL}},
                    turn_player=1)
    act(state, "attack from s6 to s3")
    passes(state)
    assert on(state, "s6") >= 0
    act(state, "attack from s5 to s2")
    passes(state)
    assert on(state, "s5") == -1 and name(SMALL) in state.names(1, "charge")
