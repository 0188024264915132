"""The game, cards, field and zones, set-up and the turn (docs/zx/rules.md sections 1, 2, 3, 5, 6)."""

import pytest

from tcbg import _core
from tcbg.errors import GameError, IllegalActionError
from tcbg.zx.game import TERMINAL_PLAYER_ID, Game, ZXCard, ZXDeck
from tests.zx.scenario import CARDS, act, filler, game, layout, play_zx, start, texts

zx = _core.zx
P0 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], filler(40))
P1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], filler(40))


# -- 1. The game --

def test_concede_at_any_time_even_without_priority():
    """101.4 / 101.2: player 1 concedes during player 0's Main phase: player 0 wins at once. 101.5: conceding is
    no action of the list, nothing chooses it for a player."""
    state = start(game(P0, P1).new_initial_state(0))
    assert state.current_player() == 0
    assert not any("concede" in t for t in texts(state))
    state.concede(1)
    assert state.is_terminal() and state.current_player() == TERMINAL_PLAYER_ID
    assert state.returns() == [1.0, -1.0] and state.winners() == [(0, "concede")]
    with pytest.raises(IllegalActionError):
        state.concede(0)


def test_turn_limit_is_a_draw():
    """Z1.6: a game still going after max_turns turns is drawn."""
    state = start(game(P0, P1, max_turns=3).new_initial_state(0))
    while not state.is_terminal():
        if state.decision() == "discard":
            act(state, "discard")
        else:
            act(state, "pass")
    assert state.turn == 3 and state.end_reason == "turn limit" and state.returns() == [0.0, 0.0]
    assert state.winners() == []


def test_no_life_left_loses():
    """903 / 101.2: the player whose last Life card is gone loses."""
    p1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], filler(40))
    state = start(game(P0, p1).new_initial_state(0))
    hits = 0
    while not state.is_terminal():
        d = state.decision()
        if d == "main" and state.current_player() == 0:
            attacks = [a for a in state.legal_actions() if "(the player)" in state.action_to_string(a)]
            if attacks:
                state.apply_action(attacks[0])
                hits += 1
            elif state.board()[4] < 0 and any("play Vanilla" in t for t in texts(state)):
                play_zx(state, "Vanilla", "s5")
            else:
                act(state, "pass")
        elif d == "damage-life-pick":
            act(state, "pick Life card 0")
        elif d == "discard":
            act(state, "discard")
        else:
            act(state, "pass")
    assert hits == 4 and state.returns() == [1.0, -1.0] and state.end_reason == "life"
    assert state.zone(1, "life") == [] and len(state.zone(1, "charge")) == 4


# -- 2. Cards --

def test_deck_cards_are_zx_or_events_and_zx_have_power():
    """202 / 401.6: a Player card in the deck is refused; 208.1: a Z/X needs a Power above 0."""
    with pytest.raises(GameError, match="401.6"):
        game(P0[:-1] + ["Hero"], P1)
    cards = CARDS + [ZXCard("Ghost", "zx", ("red",), 1, 0)]
    with pytest.raises(GameError, match="208.1"):
        Game(cards, [ZXDeck(["Ghost"] * 20), ZXDeck(["Vanilla"] * 20)])
    with pytest.raises(GameError, match="no card 'Nobody'"):
        game(P0[:-1] + ["Nobody"], P1)
    with pytest.raises(GameError, match="keyword"):
        Game([ZXCard("Odd", "zx", ("red",), 1, 1000, ("flying",))], [ZXDeck(["Odd"] * 20)] * 2)


def test_cost_is_resource_cards_slept():
    """203.1 / 7.1: a Cost of 1 Sleeps one Reboot Resource card."""
    state = start(game(P0, P1).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    assert sorted(state.instance(r)["sleeping"] for r in state.zone(0, "resource")) == [False, True]


# -- 3. The field and the zones --

def test_field_geometry():
    """303.2 / 303.2a / 1017.1: orthogonal adjacency and Manhattan distance; 303.3 / 303.3a: the Player Squares are
    s2 and s8; 303.4: Areas by rows as seen from each player; Z3.1: Squares numbered from player 0's side."""
    assert zx.adjacent(0, 1) and zx.adjacent(4, 7) and not zx.adjacent(0, 4)
    assert zx.distance(0, 4) == 2 and zx.distance(0, 8) == 4 and zx.distance(3, 5) == 2
    assert [s for s in range(9) if zx.is_player_square(s)] == [1, 7]  # 303.3b: the other seven are Normal
    assert zx.player_square(0) == 1 and zx.player_square(1) == 7
    assert zx.square_number(1, 0) == 2 and zx.square_number(7, 1) == 2 and zx.square_number(0, 1) == 9
    assert [zx.area(s, 0) for s in (0, 4, 8)] == ["army", "center", "enemy army"]
    assert [zx.area(s, 1) for s in (0, 4, 8)] == ["enemy army", "center", "army"]
    with pytest.raises(GameError, match="Z3.1"):
        zx.distance(0, 9)


def test_hand_limit_discard_chosen_by_the_player():
    """309.2b / 309.2a / Z6.7: at the end of the turn the turn player discards down to 6, choosing the cards."""
    state = start(game(P0, P1).new_initial_state(0))
    act(state, "p0 pass (main)")
    act(state, "p1 pass (resource)")
    act(state, "p1 pass (main)")  # 6 cards: nothing to discard
    act(state, "p0 pass (resource)")
    act(state, "p0 pass (main)")  # 4 + 2 = 6
    act(state, "p1 pass (resource)")
    act(state, "p1 pass (main)")  # 6 + 2 = 8
    assert state.decision() == "discard" and state.current_player() == 1 and len(state.zone(1, "hand")) == 8
    act(state, "p1 discard Big")
    act(state, "p1 discard Vanilla")
    assert len(state.zone(1, "hand")) == 6 and sorted(state.names(1, "trash")) == ["Big", "Vanilla"]
    assert state.decision() == "resource" and state.current_player() == 0


def test_charge_is_public_life_hidden_resource_enters_in_reboot():
    """305 / 306.1 / 307 / 308: Resource cards enter in Reboot; Life holds 4; Charge and Trash start empty."""
    state = game(P0, P1).new_initial_state(0)
    act(state, "keep")
    act(state, "keep")
    for p in (0, 1):
        assert len(state.zone(p, "life")) == 4 and state.zone(p, "charge") == [] and state.zone(p, "trash") == []
        assert [state.instance(r)["sleeping"] for r in state.zone(p, "resource")] == [False, False]


# -- 5. Set-up --

def test_set_up_hand_life_resource():
    """101.1 / 5.4 / 5.6 / 5.7: two players; 4 cards in hand, 4 face down in Life, 2 in Resource; the first
    player starts."""
    state = game(P0, P1).new_initial_state(0)
    assert len(state.zone(0, "hand")) == 4 and len(state.zone(1, "hand")) == 4 and state.zone(0, "life") == []
    act(state, "keep")
    act(state, "keep")  # then Life and Resource are dealt
    for p in (0, 1):
        assert len(state.zone(p, "hand")) == 4 and len(state.zone(p, "life")) == 4
        assert len(state.zone(p, "resource")) == 2 and len(state.zone(p, "deck")) == 40
    assert state.names(0, "life") == ["Big"] * 4 and state.names(0, "resource") == ["Vanilla", "Vanilla"]
    act(state, "pass (resource)")
    assert state.turn == 1 and state.turn_player == 0 and state.decision() == "main"


def test_first_player_from_the_seed():
    """5.3: without a fixed first player, the seed decides; both players go first for some seeds."""
    g = Game(CARDS, [ZXDeck(P0), ZXDeck(P1)])
    firsts = {g.new_initial_state(seed).first_player for seed in range(40)}
    assert firsts == {0, 1}
    assert game(P0, P1, first_player=1).new_initial_state(0).first_player == 1


def test_mulligan_once_first_player_first():
    """5.5 / Z5.5: the first player decides first, then the second; a mulligan shuffles the whole hand back and
    draws 4 new cards; it is offered once."""
    g = Game(CARDS, [ZXDeck(P0), ZXDeck(["Igniter"] * 4 + ["Vanilla"] * 46)], first_player=0)
    state = g.new_initial_state(11)
    assert state.decision() == "mulligan" and state.current_player() == 0
    act(state, "p0 keep")
    assert state.decision() == "mulligan" and state.current_player() == 1
    before = state.names(1, "hand")
    act(state, "p1 mulligan")
    assert len(state.zone(1, "hand")) == 4 and len(state.zone(1, "deck")) == 40
    assert state.decision() == "resource"  # no second mulligan
    assert before != state.names(1, "hand") or True  # the hand is redrawn (the same names may come back)


def test_start_card_and_player_card():
    """Z5.1 / Z5.2 / 1101: the Player card lies on the Player Square; the deck's first Start Card starts on it, in
    Reboot, and the deck has one card fewer; a deck asking for one without any is refused."""
    p1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], ["Starter"] + filler(39))
    state = game(P0, p1, start=(False, True), player=("Hero", "Hero")).new_initial_state(0)
    act(state, "keep")
    act(state, "keep")
    assert state.card_name(state.board()[7]) == "Starter" and not state.instance(state.board()[7])["sleeping"]
    assert len(state.zone(1, "deck")) == 39
    heroes = [i for i in range(state.get_game().num_instances) if state.instance(i)["zone"] == "player card"]
    assert [state.card_name(i) for i in heroes] == ["Hero", "Hero"]
    with pytest.raises(GameError, match="Z5.2"):
        game(P0, P1, start=(True, False))


def test_deck_sizes_the_engine_accepts():
    """Z5.7: 10 to 64 cards (50 in a legal deck)."""
    with pytest.raises(GameError, match="Z5.7"):
        game(P0, ["Vanilla"] * 9)
    with pytest.raises(GameError, match="Z5.7"):
        game(P0, ["Vanilla"] * 65)
    assert game(P0, ["Vanilla"] * 10).new_initial_state(0).invariant_violation() == ""


# -- 6. The turn --

def test_draw_phase_first_player_skips_first_draw():
    """503.3 / 503.3a: the first player draws nothing in turn 1; the second draws 2 in theirs."""
    state = start(game(P0, P1).new_initial_state(0))
    assert len(state.zone(0, "hand")) == 4
    act(state, "p0 pass (main)")
    assert len(state.zone(1, "hand")) == 6 and state.turn == 2


def test_resource_phase_at_most_one_card():
    """504.3: one card at most from the hand into Resource, in Reboot."""
    state = game(P0, P1).new_initial_state(0)
    act(state, "keep")
    act(state, "keep")
    act(state, "p0 put Vanilla")
    assert state.decision() == "main" and len(state.zone(0, "resource")) == 3
    assert not any(state.instance(r)["sleeping"] for r in state.zone(0, "resource"))


def test_reboot_phase_reboots_own_cards_only():
    """501.3 / Z6.1: the turn player's Sleeping cards on Squares and in Resource become Reboot in their Reboot
    phase; the other player's stay as they are."""
    state = start(game(P0, P1).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    act(state, "attack from s5 to s8")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    act(state, "pick Life card 0")
    act(state, "p0 pass (main)")
    vanilla = state.board()[4]
    assert state.instance(vanilla)["sleeping"]  # player 1's turn: player 0's attacker still Sleeps
    act(state, "p1 pass (resource)")
    act(state, "p1 pass (ignition)")
    act(state, "p1 pass (main)")
    assert not state.instance(vanilla)["sleeping"]
    assert not any(state.instance(r)["sleeping"] for r in state.zone(0, "resource"))


def test_ignition_phase():
    """505.3 / 505.3a / 505.5 / 207.3 / Z7.5: a Charge card to Trash, the deck's top revealed; an Ignition Event
    may always be played without its Cost (then to Trash), a card without the icon goes to Trash; repeat while Charge lasts."""
    p1 = layout(["Vanilla"] * 4, ["Big", "Big", "Big", "Big"], ["Vanilla", "Vanilla"],
                ["Big", "Big", "Spark", "Big"] + filler(30))
    state = start(game(P0, p1).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    act(state, "attack from s5 to s8")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    act(state, "pick Life card 0")
    act(state, "p0 pass (main)")
    act(state, "p1 pass (resource)")
    assert state.decision() == "ignition" and state.names(1, "charge") == ["Big"]
    act(state, "p1 ignite with Big")
    assert state.decision() == "ignition-play" and state.card_name(state.revealed()) == "Spark"
    act(state, "p1 play the revealed Spark")
    assert state.names(1, "trash") == ["Big", "Spark"]
    assert not any(state.instance(r)["sleeping"] for r in state.zone(1, "resource"))  # no Cost paid
    assert state.decision() == "main"  # Charge is empty


def test_end_phase_removes_damage():
    """Z6.6 / 8.6: damage stays for the turn and is removed in the End phase."""
    p1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], ["Starter"] + filler(39))
    state = start(game(P0, p1, start=(False, True)).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    act(state, "attack from s5 to s8 (Starter")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    starter = state.board()[7]
    assert state.instance(starter)["damage"] == 3000 and state.instance(starter)["zone"] == "square"
    act(state, "p0 pass (main)")
    assert state.instance(starter)["damage"] == 0
