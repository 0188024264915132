"""B02-015, damage divided as its player chooses (docs/zx/cards.md "Dividing damage", rules.md Z15.300 - Z15.303), in
real positions of the set first-era, through legal actions."""

from __future__ import annotations

import json

from ..era import act, arrange, damage_on, name, on, play, texts

RYOMA = "B02-015"    # Hero of the Restoration, Sakamoto Ryoma: red 6/6000
REDS = ["B01-016"] * 6  # Unyielding Steel, Steel Leopard: red 6/9500, vanilla (Resource, and a Z/X of player 0's)
HITTER = "B01-068"   # Full-Swing Hitter, Sting Beat: black 4/6500, vanilla
CORPSE = "B01-074"   # Stitched Hollow Man, Huge Corpse: black 6/9500, vanilla
MISERIA = "B01-066"  # Demon of Misfortune, Miseria: black 3/5000, vanilla
ATHENA = "B03-006"   # Goddess of Strategy, Athena: the damage your red cards deal to opposing Z/X +1000
K2 = "B04-056"       # Evilbane K2: white 7/9500, not dealt any single damage of 5000 or less


def offered(state) -> list[str]:
    """The Squares of the Z/X the division offers the next 1000 to."""
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)


def give(state, *squares: str) -> None:
    """Gives the next 1000 to the Z/X on each Square in turn (decision effect-divide)."""
    for square in squares:
        assert state.decision() == "effect-divide"
        act(state, f"on {square}")


def ryoma(p1: dict, p0: dict | None = None):
    """Player 0 plays B02-015 onto s5 against player 1's field: the division's first decision."""
    state = arrange({"hand": [RYOMA], "resource": REDS, **(p0 or {})}, p1)
    play(state, name(RYOMA), "s5")
    return state


def test_b02_015_divides_6000_among_up_to_2_opposing_zx_on_normal_squares():
    """When this card appears, up to 2 of your opponent's Z/X on Normal Squares share 6000 damage as you choose
    (Z15.300): 2000 to s7's Z/X, then s9's is chosen, the second of the 2, and the 4000 left go to it without another
    decision. Player 1's Z/X on their Player Square and player 0's own Z/X are never offered."""
    state = ryoma({"field": {"s7": HITTER, "s9": CORPSE, "s8": CORPSE}}, {"field": {"s4": "B01-016"}})
    assert state.decision() == "effect-divide" and offered(state) == ["s7", "s9"]
    assert "p0 pass (effect-divide)" in texts(state)
    give(state, "s7", "s7", "s9")
    assert state.decision() == "main"
    assert (damage_on(state, "s7"), damage_on(state, "s9"), damage_on(state, "s8"), damage_on(state, "s4")) == \
        (2000, 4000, 0, 0)


def test_b02_015_the_units_go_in_square_order_and_the_last_one_has_no_pass():
    """Z15.300: once s7's Z/X has had 1000 the Z/X on s4 is no longer offered (each division is made one way); s7
    again or s9 are; with 1000 left the choice has no pass (a pass would give it to the same Z/X)."""
    state = ryoma({"field": {"s4": MISERIA, "s7": HITTER, "s9": CORPSE}})
    assert offered(state) == ["s4", "s7", "s9"]
    give(state, "s7")
    assert offered(state) == ["s7", "s9"] and "p0 pass (effect-divide)" in texts(state)
    give(state, "s7", "s7", "s7", "s7")
    assert offered(state) == ["s7", "s9"] and "p0 pass (effect-divide)" not in texts(state)
    give(state, "s9")
    assert (damage_on(state, "s4"), damage_on(state, "s7"), damage_on(state, "s9")) == (0, 5000, 1000)


def test_b02_015_a_pass_gives_the_rest_to_the_zx_chosen_last():
    """Z15.300: 1000 to s7's Z/X, then a pass: all 6000 to it, the other Z/X untouched; 1000 to s9's, the last
    Square with a Z/X offered: nothing else may be chosen, so all 6000 go to it without a pass."""
    first = ryoma({"field": {"s7": HITTER, "s9": CORPSE}})
    give(first, "s7")
    act(first, "pass (effect-divide)")
    assert first.decision() == "main" and damage_on(first, "s7") == 6000 and damage_on(first, "s9") == 0
    state = ryoma({"field": {"s7": HITTER, "s9": CORPSE}})
    give(state, "s9")
    assert state.decision() == "main" and damage_on(state, "s9") == 6000 and damage_on(state, "s7") == 0


def test_b02_015_up_to_2_may_choose_none_and_nothing_is_dealt():
    """Z15.301: a pass before any 1000 is given chooses no Z/X: no damage at all."""
    state = ryoma({"field": {"s7": HITTER, "s9": CORPSE}})
    act(state, "pass (effect-divide)")
    assert state.decision() == "main" and damage_on(state, "s7") == 0 and damage_on(state, "s9") == 0


def test_b02_015_one_zx_offered_takes_all_6000_after_one_choice():
    """Z15.300: with one opposing Z/X on a Normal Square it is chosen (or not) once, and has all 6000; with none on a
    Normal Square (only on the Player Square) nothing is asked."""
    state = ryoma({"field": {"s7": CORPSE}})
    assert offered(state) == ["s7"]
    give(state, "s7")
    assert state.decision() == "main" and damage_on(state, "s7") == 6000
    none = ryoma({"field": {"s8": CORPSE}})
    assert none.decision() == "main" and damage_on(none, "s8") == 0


def test_b02_015_all_the_total_is_dealt_and_the_destroyed_leave_together():
    """Z15.301, Z15.302: 5000 to s7's Miseria (Power 5000) and 1000 to s9's: the whole 6000 is dealt; Miseria is
    destroyed (into its owner's Charge) by the lethal damage rule after the ability, s9's keeps its 1000."""
    state = ryoma({"field": {"s7": MISERIA, "s9": HITTER}})
    give(state, "s7", "s7", "s7", "s7", "s7", "s9")
    assert state.decision() == "main"
    assert on(state, "s7") == -1 and name(MISERIA) in " ".join(state.names(1, "charge"))
    assert damage_on(state, "s9") == 1000


def test_b02_015_each_share_is_one_damage_changed_once():
    """Z15.302, Z15.183: with Athena (the damage your red cards deal to opposing Z/X +1000) on player 0's Square,
    3000 and 3000 are dealt as 4000 and 4000: each share is one damage, changed once (not once per 1000)."""
    state = ryoma({"field": {"s7": HITTER, "s9": CORPSE}}, {"field": {"s1": ATHENA}})
    give(state, "s7", "s7", "s7", "s9")
    assert state.decision() == "main" and damage_on(state, "s7") == 4000 and damage_on(state, "s9") == 4000


def test_b02_015_a_share_of_5000_does_not_hurt_k2_but_6000_does():
    """Z15.302: B04-056 K2 is not dealt any single damage of 5000 or less: its share is that damage (5000 to it and
    1000 to another: K2 takes none); all 6000 to it is dealt."""
    state = ryoma({"field": {"s7": K2, "s9": HITTER}})
    give(state, "s7", "s7", "s7", "s7", "s7", "s9")
    assert damage_on(state, "s7") == 0 and damage_on(state, "s9") == 1000
    whole = ryoma({"field": {"s7": K2, "s9": HITTER}})
    give(whole, "s7")
    act(whole, "pass (effect-divide)")
    assert damage_on(whole, "s7") == 6000 and damage_on(whole, "s9") == 0


def test_b02_015_a_division_halfway_is_a_position_like_any_other():
    """A division waiting for its third 1000 clones, serialises and reads back as a position (docs/zx/state-format.md),
    and each copy divides the rest the same way."""
    state = ryoma({"field": {"s7": HITTER, "s9": CORPSE}})
    give(state, "s7", "s7")
    doc = state.to_json()
    again = state._game.state_from_json(json.loads(doc))
    assert again.to_json() == doc
    for s in (state, state.clone(), state._game.deserialize_state(state.serialize()), again):
        assert s.decision() == "effect-divide" and offered(s) == ["s7", "s9"]
        give(s, "s7", "s9")
        assert (damage_on(s, "s7"), damage_on(s, "s9")) == (3000, 3000) and s.decision() == "main"
