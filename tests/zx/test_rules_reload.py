"""Reload (docs/zx/rules.md 902.1, Z10.2, Z10.3, Z6.4), the seed's four cases step by step.

Each scenario is dealt from decks in a fixed order (tests/zx/scenario.py). Player 0 goes first and, in their first
turn, attacks player 1's empty Player Square from s5, so that player 1 has a card in Charge or in Trash when the
case begins."""

from tests.zx.scenario import act, filler, game, layout, play_zx, start

P0 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], filler(40))


def attack_player_1(state, spark=False):
    """Player 0's turn 1: Vanilla to s5, attack player 1; player 1 plays Spark in the Battle Event step if asked;
    player 0 picks player 1's top Life card (a Big: no Ignition icon, so to Charge); player 0 ends the turn."""
    start(state)
    play_zx(state, "Vanilla", "s5")
    act(state, "attack from s5 to s8 (the player)")
    act(state, "p0 pass (battle-event)")
    if spark:
        act(state, "p1 play Spark")
        act(state, "p1 pay with")
        act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    act(state, "p0 pick Life card 0")
    act(state, "p0 pass (main)")


def test_case_1_ignition_with_one_card_left_played():
    """902.1 case 1 / Z6.4: Charge card to Trash, reveal the last card, play it (Ignition icon), then rebuild."""
    p1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], ["Big", "Big", "Igniter"])
    state = game(P0, p1).new_initial_state(1)
    attack_player_1(state)
    assert state.decision() == "resource" and state.current_player() == 1
    assert len(state.zone(1, "deck")) == 1 and len(state.zone(1, "charge")) == 1
    act(state, "p1 pass (resource)")
    act(state, "p1 ignite with Big")
    # The revealed card is still the deck's top: the deck is not empty yet, no Reload.
    assert state.decision() == "ignition-play"
    assert state.card_name(state.revealed()) == "Igniter"
    assert len(state.zone(1, "deck")) == 1 and state.names(1, "trash") == ["Big"]
    act(state, "p1 play the revealed Igniter")
    act(state, "p1 to square s9")
    # Played without its Cost; now the deck is empty with a card in Trash: Reload, and player 0 picks a Life card.
    assert state.decision() == "reload-life-pick" and state.current_player() == 0
    assert state.names(1, "deck") == ["Big"] and state.zone(1, "trash") == []
    assert state.card_name(state.board()[8]) == "Igniter"
    assert all(not state.instance(r)["sleeping"] for r in state.zone(1, "resource"))
    act(state, "p0 pick Life card 2")
    assert len(state.zone(1, "life")) == 2 and len(state.zone(1, "charge")) == 1
    assert state.decision() == "ignition" and state.current_player() == 1  # Charge 1: the Ignition phase goes on


def test_case_1_ignition_with_one_card_left_not_an_ignition_card():
    """902.1 case 1: the revealed card has no icon, goes to Trash, and then the deck is rebuilt (two cards)."""
    p1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], ["Big", "Big", "Big"])
    state = game(P0, p1).new_initial_state(2)
    attack_player_1(state)
    act(state, "p1 pass (resource)")
    act(state, "p1 ignite with Big")
    assert state.decision() == "reload-life-pick"
    assert state.names(1, "deck") == ["Big", "Big"] and state.zone(1, "trash") == []
    act(state, "p0 pick Life card 0")
    assert state.decision() == "ignition"  # the Reload's Life card refilled the Charge: Ignition may go on
    assert len(state.zone(1, "charge")) == 1 and len(state.zone(1, "life")) == 2


def test_case_2_life_recovery_with_one_card_left():
    """902.1 case 2 / 1102: the Life Recovery card is played from Life; Life Recovery resolves (recover 1, the
    deck's last card), then the deck is rebuilt from Trash."""
    p1 = layout(["Spark", "Vanilla", "Vanilla", "Vanilla"], ["Big", "Big", "Big", "Recoverer"],
                ["Vanilla", "Vanilla"], ["Big"])
    state = game(P0, p1).new_initial_state(3)
    start(state)
    play_zx(state, "Vanilla", "s5")
    act(state, "attack from s5 to s8 (the player)")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 play Spark")
    act(state, "p1 pay with")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    act(state, "p0 pick Life card 0")
    assert state.decision() == "damage-play" and state.card_name(state.revealed()) == "Recoverer"
    assert len(state.zone(1, "life")) == 4  # still counted in Life while revealed (ruling B03-048)
    act(state, "p1 play the revealed Recoverer")
    act(state, "p1 to square s7")
    # Life Recovery: Life 3 <= 4, recover the deck's last card; the deck is then empty with Spark in Trash: Reload.
    assert state.decision() == "reload-life-pick" and state.current_player() == 0
    assert len(state.zone(1, "life")) == 4 and state.names(1, "deck") == ["Spark"] and state.zone(1, "trash") == []
    act(state, "p0 pick Life card 0")
    assert len(state.zone(1, "life")) == 3 and len(state.zone(1, "charge")) == 1
    assert state.decision() == "main" and state.current_player() == 0


def test_case_3_draw_two_with_one_card_left():
    """902.1 case 3 / 503.3: draw 1, rebuild the deck, draw 1."""
    p1 = layout(["Spark", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Vanilla", "Vanilla"], ["Big"])
    state = game(P0, p1).new_initial_state(4)
    attack_player_1(state, spark=True)
    assert state.decision() == "reload-life-pick" and state.current_player() == 0
    assert state.names(1, "hand") == ["Vanilla", "Vanilla", "Vanilla", "Big"]  # the first card drawn
    assert state.names(1, "deck") == ["Spark"] and state.zone(1, "trash") == []
    act(state, "p0 pick Life card 1")
    assert state.names(1, "hand")[-1] == "Spark"  # the halted draw went on: its second card
    assert state.zone(1, "deck") == [] and len(state.zone(1, "life")) == 2 and len(state.zone(1, "charge")) == 2
    assert state.decision() == "resource" and state.current_player() == 1


def test_case_4_erase_with_one_card_left():
    """902.1 case 4: "Erasure Machine, Erase" (a test program: draw 1, return 1 card from hand, shuffle) with one
    card left: draw 1, rebuild the deck, return 1 card from the hand into the deck, shuffle."""
    p1 = layout(["Erase", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Igniter", "Igniter"],
                ["Big", "Big", "Big", "Tiny"])
    state = game(P0, p1).new_initial_state(5)
    attack_player_1(state)
    act(state, "p1 pass (resource)")
    act(state, "p1 ignite with Big")  # the revealed Big has no icon: to Trash; Tiny is left
    assert state.names(1, "deck") == ["Tiny"] and len(state.zone(1, "trash")) == 2
    assert state.decision() == "main"  # the Charge is empty: the Ignition phase is over
    act(state, "p1 play Erase")
    act(state, "p1 pay with")
    act(state, "p1 pay with")
    # Erase drew Tiny; the deck is empty: Reload halts Erase before its next instruction.
    assert state.decision() == "reload-life-pick" and state.current_player() == 0
    assert "Tiny" in state.names(1, "hand")
    assert state.names(1, "deck") == ["Big", "Big"] and state.zone(1, "trash") == []
    erase = [i for i in range(state.get_game().num_instances) if state.instance(i)["zone"] == "resolving"]
    assert [state.card_name(i) for i in erase] == ["Erase"]
    act(state, "p0 pick Life card 0")
    # Erase goes on: return 1 card from the hand into the deck, then shuffle.
    assert state.decision() == "effect-card" and state.current_player() == 1
    act(state, "p1 choose Tiny")
    assert sorted(state.names(1, "deck")) == ["Big", "Big", "Tiny"]
    assert state.names(1, "trash") == ["Erase"] and state.decision() == "main"
    assert len(state.zone(1, "life")) == 2 and len(state.zone(1, "charge")) == 1


def test_reload_is_not_damage_no_ignition_play():
    """902.1: the Life card a Reload moves goes to Charge without being offered for play, Ignition icon or not."""
    p1 = layout(["Spark", "Vanilla", "Vanilla", "Vanilla"], ["Igniter"] * 4, ["Vanilla", "Vanilla"], ["Big"])
    state = game(P0, p1).new_initial_state(6)
    start(state)
    play_zx(state, "Vanilla", "s5")
    act(state, "attack from s5 to s8 (the player)")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 play Spark")
    act(state, "p1 pay with")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    act(state, "p0 pick Life card 0")
    act(state, "p1 pass (damage-play)")  # declined: to Charge
    act(state, "p0 pass (main)")
    assert state.decision() == "reload-life-pick"
    act(state, "p0 pick Life card 0")
    assert state.names(1, "charge") == ["Igniter", "Igniter"] and state.decision() == "resource"


def test_empty_deck_and_empty_trash_draws_nothing():
    """Z10.3: a deck that is empty with an empty Trash is not rebuilt; drawing does nothing and nobody loses."""
    p1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"])  # a 10-card deck: nothing left after set-up
    state = game(P0, p1).new_initial_state(7)
    start(state)
    act(state, "p0 pass (main)")
    assert state.decision() == "resource" and state.current_player() == 1
    assert len(state.zone(1, "hand")) == 4 and state.zone(1, "deck") == [] and not state.is_terminal()
    assert len(state.zone(1, "life")) == 4


def test_reload_at_the_moment_a_card_reaches_trash():
    """902.1 / 901.1 / Z10.3: Reload is checked at all times, mid-battle too: with an empty deck, the first card
    put into Trash is rebuilt into a deck at once."""
    p1 = layout(["Spark", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Vanilla", "Vanilla"])
    state = game(P0, p1).new_initial_state(8)
    start(state)
    play_zx(state, "Vanilla", "s5")
    act(state, "attack from s5 to s8 (the player)")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 play Spark")
    act(state, "p1 pay with")
    # Spark reached Trash while player 1's deck was empty: Reload before the Battle Event step goes on.
    assert state.decision() == "reload-life-pick" and state.names(1, "deck") == ["Spark"]
    act(state, "p0 pick Life card 3")
    assert state.decision() == "battle-event" and state.current_player() == 0
    assert len(state.zone(1, "life")) == 3


def test_an_empty_deck_is_no_loss_life_zero_is():
    """Z10.3 / 903: a player whose deck and Trash stay empty plays on; they lose when their Life is gone."""
    p1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"])
    state = game(P0, p1).new_initial_state(9)
    start(state)
    act(state, "p0 pass (main)")
    # Player 1 with an empty deck and Trash; attacked four times over the next turns, they lose by Life.
    for _ in range(40):
        if state.is_terminal():
            break
        if state.decision() == "discard":
            act(state, "discard")
            continue
        while state.decision() in ("resource", "ignition", "damage-play"):
            act(state, f"pass ({state.decision()})")
        if state.decision() == "main" and state.current_player() == 1:
            act(state, "p1 pass (main)")
            continue
        if state.decision() == "main":
            attacks = [a for a in state.legal_actions() if "(the player)" in state.action_to_string(a)]
            if not attacks:
                play_zx(state, "Vanilla", "s5")
                continue
            state.apply_action(attacks[0])
            act(state, "p0 pass (battle-event)")
            act(state, "p1 pass (battle-event)")
            act(state, "pick Life card 0")
            if not state.is_terminal() and state.decision() == "main":
                act(state, "p0 pass (main)")
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and state.end_reason == "life"


def test_reload_without_life_moves_nothing_then_the_player_loses():
    """Z10.2 / 903: player 1, deck and Trash empty, Life 1, reveals Spark from Life and plays it: Spark reaches
    Trash, the deck is rebuilt, there is no Life card left to move, and the Loss effect ends the game."""
    p1 = layout(["Vanilla"] * 4, ["Spark", "Big", "Big", "Big"], ["Vanilla", "Vanilla"])  # 10 cards
    state = game(P0, p1).new_initial_state(10)
    act(state, "keep")
    act(state, "keep")
    act(state, "p0 put Vanilla")
    for square in ("s5", "s7", "s9"):
        play_zx(state, "Vanilla", square)
        act(state, f"attack from {square} to s8 (the player)")
        act(state, "p0 pass (battle-event)")
        act(state, "p1 pass (battle-event)")
        act(state, "p0 pick Life card 0")
    assert state.names(1, "life") == ["Spark"] and state.zone(1, "deck") == [] and state.zone(1, "trash") == []
    act(state, "p0 pass (main)")
    act(state, "p1 pass (resource)")
    act(state, "p1 pass (ignition)")
    act(state, "p1 pass (main)")
    act(state, "p0 pass (resource)")
    act(state, "attack from s5 to s8 (the player)")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    act(state, "p0 pick Life card 0")
    act(state, "p1 play the revealed Spark")
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and state.end_reason == "life"
    assert state.names(1, "deck") == ["Spark"] and len(state.zone(1, "charge")) == 3
