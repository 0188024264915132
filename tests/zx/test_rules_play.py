"""Playing cards and battles (docs/zx/rules.md sections 7, 8 and 9)."""

from tests.zx.scenario import act, filler, game, layout, play_zx, start, texts

P1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], filler(40))
P1_START = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], ["Starter"] + filler(39))


def p0(hand, resource, rest=None):
    return layout(hand, ["Big"] * 4, resource, filler(40) if rest is None else rest)


# -- 7. Playing cards --

def test_colour_rule_and_colourless():
    """7.1 / 205 / Z7.2: a Cost is paid with at least one Resource card of the card's colour; a two-colour card
    with either colour; a colourless card with any Resource."""
    state = start(game(p0(["Vanilla", "Twin", "Grey", "Igniter"], ["Igniter", "Igniter"]), P1).new_initial_state(0))
    playable = {t.split()[2] for t in texts(state) if " play " in t}
    assert playable == {"Twin", "Grey"}  # not the red Vanilla (only blue Resource), not the Cost-3 Igniter


def test_payment_choices_keep_the_cost_payable():
    """Z7.3 / Z7.4: the Square is chosen first, then the Resource cards one by one; only choices that leave the
    rest of the Cost and its colour payable are offered."""
    state = game(p0(["Erase", "Igniter", "Vanilla", "Vanilla"], ["Vanilla", "Vanilla"]), P1).new_initial_state(0)
    act(state, "keep")
    act(state, "keep")
    act(state, "p0 put Igniter")
    act(state, "p0 play Erase")
    assert state.decision() == "pay"
    assert len([t for t in texts(state) if "pay with" in t]) == 3
    act(state, "pay with Vanilla")
    assert [t.split()[3] for t in texts(state)] == ["Igniter"]  # the colour is still due: only the blue card
    act(state, "pay with Igniter")
    act(state, "p0 choose")  # Erase: draw 1, return 1 card from the hand, shuffle
    assert state.decision() == "main" and state.names(0, "trash") == ["Erase"]


def test_square_then_cost():
    """Z7.4: playing a Z/X: the card, then the Square, then the payment."""
    state = start(game(p0(["Vanilla"] * 4, ["Vanilla", "Vanilla"]), P1).new_initial_state(0))
    act(state, "p0 play Vanilla")
    assert state.decision() == "square"
    act(state, "to square s1")
    assert state.decision() == "pay"


def test_placement_rules():
    """7.3 / 7.3a / 303.3a: never the opponent's Player Square nor an opponent's Z/X; never one's own Sleeping
    Z/X; onto one's own Reboot Z/X, which goes to Trash (not destroyed: 1007.1)."""
    state = start(game(p0(["Vanilla"] * 4, ["Vanilla", "Vanilla"]), P1_START, start=(False, True))
                  .new_initial_state(0))
    act(state, "p0 play Vanilla")
    squares = {t.split()[-1] for t in texts(state)}
    assert squares == {"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s9"}  # s8: the Starter, player 1's Player Square
    act(state, "to square s5")
    act(state, "pay with")
    first = state.board()[4]
    act(state, "p0 play Vanilla")
    assert "p0 to square s5" in texts(state)  # onto their own Reboot Z/X
    act(state, "to square s5")
    act(state, "pay with")
    assert state.instance(first)["zone"] == "trash" and state.board()[4] != first
    act(state, "attack from s5 to s8")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    # No Resource left to play the last Vanilla; the Sleeping one on s5 could not be played over anyway.
    assert state.instance(state.board()[4])["sleeping"]


def test_opponent_player_square_never_even_when_empty():
    """7.3: the opponent's Player Square is never a legal Square, even without a Z/X on it."""
    state = start(game(p0(["Vanilla"] * 4, ["Vanilla", "Vanilla"]), P1).new_initial_state(0))
    act(state, "p0 play Vanilla")
    assert "p0 to square s8" not in texts(state) and "p0 to square s2" in texts(state)


def test_event_goes_to_trash_and_effects_false_runs_nothing():
    """Z7.6 / Z3.2 / Z11.7: an Event is paid, resolves and goes to Trash; with effects=False its program (Erase:
    draw 1, return 1, shuffle) is not run."""
    hand = ["Erase", "Spark", "Vanilla", "Vanilla"]
    state = start(game(p0(hand, ["Igniter", "Vanilla"]), P1, effects=False).new_initial_state(0))
    act(state, "p0 play Erase")
    act(state, "pay with")
    act(state, "pay with")
    assert state.names(0, "trash") == ["Erase"] and len(state.zone(0, "hand")) == 3 and state.decision() == "main"
    with_effects = start(game(p0(hand, ["Igniter", "Vanilla"]), P1).new_initial_state(0))
    act(with_effects, "p0 play Erase")
    act(with_effects, "pay with")
    act(with_effects, "pay with")
    assert with_effects.decision() == "effect-card"  # drew 1, now returns 1


def test_zx_enters_in_reboot_and_attacks_at_once():
    """7.4: a Z/X is played in Reboot; it may attack in the turn it arrives."""
    state = start(game(p0(["Vanilla"] * 4, ["Vanilla", "Vanilla"]), P1).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    assert not state.instance(state.board()[4])["sleeping"]
    assert "p0 attack from s5 to s8 (the player)" in texts(state)


# -- 8. Battle --

def test_attack_targets_adjacent_or_in_range():
    """8.1 / 8.2 / Z8.2 / 11.4: adjacent targets only, Range 2 reaches distance 2 (diagonals too), Range infinity
    any Square; the opponent's empty Player Square counts as a target at those distances."""
    state = game(p0(["Vanilla", "Archer", "Sniper", "Vanilla"], ["Vanilla", "Igniter"]), P1).new_initial_state(0)
    act(state, "keep")
    act(state, "keep")
    act(state, "p0 put Vanilla #3")
    play_zx(state, "Vanilla", "s6")
    assert not [t for t in texts(state) if "attack" in t]  # s6 to s8 is diagonal: distance 2
    play_zx(state, "Archer", "s4")
    assert [t for t in texts(state) if "attack" in t] == ["p0 attack from s4 to s8 (the player)"]
    sniper = start(game(p0(["Sniper"] * 4, ["Vanilla", "Igniter"]), P1).new_initial_state(0))
    play_zx(sniper, "Sniper", "s1")
    assert [t for t in texts(sniper) if "attack" in t] == ["p0 attack from s1 to s8 (the player)"]  # distance 3


def test_player_square_with_a_zx_is_that_zx():
    """8.1: with a Z/X on the opponent's Player Square the target is the Z/X, not the player."""
    state = start(game(p0(["Vanilla"] * 4, ["Vanilla", "Vanilla"]), P1_START, start=(False, True))
                  .new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    attacks = [t for t in texts(state) if "attack" in t]
    assert len(attacks) == 1 and "(Starter" in attacks[0]


def test_battle_event_step_alternates_until_two_passes_in_a_row():
    """8.5 / 701.3: the turn player first; after an Event priority goes to the other player; two passes in a row
    end the step."""
    p1 = layout(["Spark", "Spark", "Vanilla", "Vanilla"], ["Big"] * 4, ["Vanilla", "Vanilla"], filler(40))
    state = start(game(p0(["Vanilla"] * 4, ["Vanilla", "Vanilla"]), p1).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    act(state, "attack from s5 to s8")
    assert state.decision() == "battle-event" and state.current_player() == 0
    assert state.instance(state.board()[4])["sleeping"]  # 8.3: the attacker Sleeps at the declaration
    act(state, "p0 pass")
    assert state.current_player() == 1
    act(state, "p1 play Spark")
    act(state, "p1 pay with")
    assert state.decision() == "battle-event" and state.current_player() == 0
    act(state, "p0 pass")
    assert state.decision() == "battle-event" and state.current_player() == 1  # one pass after the Event: go on
    act(state, "p1 pass")
    assert state.decision() == "damage-life-pick" and state.current_player() == 0


def test_damage_one_way_accumulates_destroys_into_charge():
    """8.6 / 208.3 / 904 / 1007.1 / 8.8 / 506: plays and battles in any order in the Main phase; the target takes the attacker's Power, the attacker nothing; damage adds up
    over the turn; at its Power the Z/X is destroyed into its owner's Charge; then the Main phase goes on."""
    state = start(game(p0(["Vanilla"] * 4, ["Vanilla", "Vanilla"]), P1_START, start=(False, True))
                  .new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    starter = state.board()[7]
    act(state, "attack from s5 to s8")
    act(state, "p0 pass")
    act(state, "p1 pass")
    assert state.instance(starter)["damage"] == 3000 and state.instance(state.board()[4])["damage"] == 0
    assert state.decision() == "main"
    play_zx(state, "Vanilla", "s9")
    act(state, "attack from s9 to s8")
    act(state, "p0 pass")
    act(state, "p1 pass")
    assert state.instance(starter)["zone"] == "charge" and state.names(1, "charge") == ["Starter"]
    assert state.board()[7] == -1 and state.decision() == "main"


def test_target_that_left_its_square_takes_no_damage():
    """8.4 / Z8.6 (ruling B02-037): the attacked Z/X is returned to its owner's hand in the Battle Event step: it is
    not damaged, and its player is not damaged instead."""
    p1 = layout(["Rain", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Vanilla", "Vanilla"],
                ["Starter"] + filler(39))
    state = start(game(p0(["Vanilla"] * 4, ["Vanilla", "Vanilla"]), p1, start=(False, True)).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    starter = state.board()[7]
    act(state, "attack from s5 to s8 (Starter")
    act(state, "p0 pass")
    act(state, "p1 play Rain")
    act(state, "p1 pay with")
    assert state.decision() == "effect-target" and "p1 choose Starter #" in " ".join(texts(state))
    act(state, "p1 choose Starter")
    act(state, "p0 pass")
    act(state, "p1 pass")
    assert state.instance(starter)["zone"] == "hand" and state.instance(starter)["damage"] == 0
    assert len(state.zone(1, "life")) == 4 and state.decision() == "main"


def test_attacker_that_left_deals_no_damage():
    """Z8.7: the attacker is no longer on the field when damage would be dealt: no damage at all."""
    p1 = layout(["Rain", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Vanilla", "Vanilla"], filler(40))
    state = start(game(p0(["Vanilla"] * 4, ["Vanilla", "Vanilla"]), p1).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    attacker = state.board()[4]
    act(state, "attack from s5 to s8 (the player)")
    act(state, "p0 pass")
    act(state, "p1 play Rain")
    act(state, "p1 pay with")
    act(state, "p1 choose Vanilla")
    act(state, "p0 pass")
    act(state, "p1 pass")
    assert state.instance(attacker)["zone"] == "hand" and len(state.zone(1, "life")) == 4
    assert state.decision() == "main"
