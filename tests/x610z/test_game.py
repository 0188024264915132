"""The rules engine's first part (rules.md section 5): set-up, Murphy's Law, turns, priority, crystals, discarding,
and the ways a game ends without summons. Tests cite the rules.md number they check."""

from __future__ import annotations

import random

import pytest

import tcbg
from tcbg.x610z import Board, CardSet
from tcbg.x610z.decks import Deck
from tcbg.x610z.game import load_game

VANILLA = CardSet.load("vanilla")
PASS, KEEP, MURPHY = 0, 1, 2


def small_deck(crystals: int = 4, summons: int = 2, life_base: str = "Ember Caravan") -> Deck:
    text = f"Life base: {life_base}\n{crystals} Quickfire Shard\n{summons} Ashwing Drake\n"
    return Deck.parse(text, VANILLA, deck_size=None, source="small.txt")


def keep_all(state):
    while state.phase == "mulligan":
        state.apply_action(KEEP)


def pass_until(state, predicate, limit=1000):
    """Pass (and at the end of a turn discard the first card offered) until ``predicate`` holds."""
    for _ in range(limit):
        if predicate(state):
            return
        state.apply_action(state.legal_actions()[0] if state.phase == "cleanup" else PASS)
    raise AssertionError("never reached")


@pytest.fixture
def game():
    return load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=50)


def test_life_bases_start_on_their_seats(game):  # rules.md 5.1
    state = game.new_initial_state(seed=1)
    board = game.board
    for p, seat in enumerate(board.setups["1v1"].seats):
        life_base = state.instance(game._core.first_instance(p))
        assert life_base["zone"] == "play" and life_base["dot"] == seat and life_base["owner"] == p


def test_opening_hands_and_decks(game):  # rules.md 5.2
    state = game.new_initial_state(seed=1)
    for p in range(2):
        assert len(state.hand(p)) == 7 and state.deck_size(p) == 43


def murphy_sizes(state) -> list[int]:
    """Use Murphy's Law as long as it is offered; the hand sizes drawn each time. Checks the deck keeps the rest."""
    p = state.current_player()
    total = len(state.hand(p)) + state.deck_size(p)
    sizes = []
    while MURPHY in state.legal_actions():
        state.apply_action(MURPHY)
        sizes.append(len(state.hand(p)))
        assert state.deck_size(p) == total - sizes[-1]
    assert state.legal_actions() == [KEEP]
    return sizes


def test_murphy_sizes_on_the_ruins_of_chaos(game):  # rules.md 5.2
    assert murphy_sizes(game.new_initial_state(seed=3)) == [7, 6, 5, 4, 3, 2, 1]


def test_murphy_sizes_in_act_one():  # rules.md 5.2
    game = load_game("x610z", board="act1", setup="1v1", decks=["vanilla-act1-a", "vanilla-act1-b"])
    assert murphy_sizes(game.new_initial_state(seed=3)) == [6, 5, 4, 3, 2, 1]


def test_mulligan_order_then_first_turn(game):  # rules.md 5.2, 5.3, 5.4
    state = game.new_initial_state(seed=5)
    first = state.first_player
    assert state.current_player() == first
    state.apply_action(MURPHY)
    assert state.current_player() == first  # still deciding until they keep
    state.apply_action(KEEP)
    assert state.current_player() == 1 - first
    state.apply_action(KEEP)
    assert (state.turn, state.phase, state.active_player, state.current_player()) == (1, "action", first, first)
    assert len(state.hand(first)) == 7 + 1  # the first player draws too


def test_first_player_comes_from_the_seed(game):  # rules.md 5.3
    firsts = {game.new_initial_state(seed=s).first_player for s in range(40)}
    assert firsts == {0, 1}
    assert game.new_initial_state(seed=9).first_player == game.new_initial_state(seed=9).first_player


def _crystal_actions(state, block):
    n = state.get_game()._core.num_instances
    return [a for a in state.legal_actions() if 3 + block * n <= a < 3 + (block + 1) * n]


def test_one_crystal_per_turn_and_activation(game):  # rules.md 5.5, 4.2
    state = game.new_initial_state(seed=11)
    keep_all(state)
    p = state.current_player()
    pass_until(state, lambda s: s.active_player == p and s.phase == "action" and _crystal_actions(s, 0))
    placed = _crystal_actions(state, 0)[0]
    state.apply_action(placed)
    assert state.current_player() == p  # a non-stackable action keeps priority (rules.md 5.7)
    assert _crystal_actions(state, 0) == []  # one crystal per turn
    activate = _crystal_actions(state, 1)
    assert len(activate) == 1
    state.apply_action(activate[0])
    assert sum(state.pool(p).values()) == 1
    assert _crystal_actions(state, 1) == []  # activated: not again this turn


def test_pools_empty_and_crystals_reactivate(game):  # rules.md 5.4, 5.6
    state = game.new_initial_state(seed=11)
    keep_all(state)
    p = state.current_player()
    pass_until(state, lambda s: s.active_player == p and s.phase == "action" and _crystal_actions(s, 0))
    state.apply_action(_crystal_actions(state, 0)[0])
    state.apply_action(_crystal_actions(state, 1)[0])
    turn = state.turn
    pass_until(state, lambda s: s.turn == turn + 1)
    assert state.pool(p) == {}
    pass_until(state, lambda s: s.active_player == p and s.turn > turn)
    assert len(_crystal_actions(state, 1)) == 1  # reactivated in p's reactivation phase


def test_priority_order(game):  # rules.md 5.7
    state = game.new_initial_state(seed=2)
    keep_all(state)
    a = state.active_player
    state.apply_action(PASS)
    assert (state.phase, state.current_player()) == ("action", 1 - a)
    state.apply_action(PASS)  # both passed in a row: the end phase, the next player first
    assert (state.phase, state.current_player()) == ("end", 1 - a)
    state.apply_action(PASS)
    assert state.current_player() == a
    state.apply_action(PASS)  # the end phase ends; the active player holds 8 cards and discards one (rules.md 5.6)
    assert (state.phase, state.current_player()) == ("cleanup", a)
    state.apply_action(state.legal_actions()[0])
    assert state.turn == 2 and state.active_player == 1 - a and state.current_player() == 1 - a


def test_discard_down_to_seven(game):  # rules.md 5.6
    state = game.new_initial_state(seed=4)
    keep_all(state)
    a = state.active_player
    pass_until(state, lambda s: s.phase == "cleanup")  # 8 cards in hand, nothing played
    assert state.current_player() == a and len(state.hand(a)) == 8
    legal = state.legal_actions()
    assert len(legal) == 8 and all(state.action_to_string(x).startswith("discard ") for x in legal)
    state.apply_action(legal[0])
    assert len(state.hand(a)) == 7 and state.active_player == 1 - a and state.phase == "action"


def test_depletion_ends_the_game():  # rules.md 5.4, 5.8
    game = load_game("x610z", board="existenz", setup="1v1", decks=[small_deck(), small_deck()], max_turns=100)
    state = game.new_initial_state(seed=1)
    keep_all(state)
    while not state.is_terminal():
        state.apply_action(PASS if PASS in state.legal_actions() else state.legal_actions()[0])
    loser = 1 - state.winners()[0][0]
    assert state.end_reason == "depletion" and state.outcome(loser) == ("lost", "depletion")
    assert state.returns()[loser] == -1.0 and state.current_player() == -1
    assert state.legal_actions() == []


def test_turn_limit_is_a_draw(game):  # rules.md 5.8
    short = load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=3)
    state = short.new_initial_state(seed=1)
    keep_all(state)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.end_reason == "turn limit" and state.returns() == [0.0, 0.0] and state.turn == 4


def test_concede_in_free_for_all_and_teams():  # rules.md 5.8
    decks = [small_deck(crystals=10)] * 4
    ffa = load_game("x610z", board="existenz", setup="ffa4", decks=decks).new_initial_state(seed=1)
    keep_all(ffa)
    ffa.concede(ffa.current_player())
    assert not ffa.is_terminal()  # the others play on
    ffa.concede(ffa.current_player())
    ffa.concede(ffa.current_player())
    assert ffa.is_terminal() and len(ffa.winners()) == 1 and ffa.winners()[0][1] == "capitulation"

    teams = load_game("x610z", board="existenz", setup="2v2", decks=decks).new_initial_state(seed=1)
    keep_all(teams)
    teams.concede(0)
    assert not teams.is_terminal()
    teams.concede(2)  # both of team 0 gone: team 1 (seats 1 and 3) wins
    assert [p for p, _ in teams.winners()] == [1, 3] and teams.returns() == [-1.0, 1.0, -1.0, 1.0]
    with pytest.raises(tcbg.IllegalActionError):
        teams.concede(1)  # the game is over


def test_illegal_actions_raise_and_change_nothing(game):  # rules.md 5.9
    state = game.new_initial_state(seed=6)
    before = (state.legal_actions(), state.hand(0), state.hand(1), state.phase, state.current_player())
    for bad in (PASS, 10**6, -1, game.num_distinct_actions()):
        with pytest.raises(tcbg.IllegalActionError) as info:
            state.apply_action(bad)
        assert "rules.md 5.9" in str(info.value)
    with pytest.raises(tcbg.IllegalActionError):
        state.apply_action("keep")
    assert (state.legal_actions(), state.hand(0), state.hand(1), state.phase, state.current_player()) == before
    assert state.history() == []


def test_mask_matches_the_list(game):  # rules.md 5.9
    state = game.new_initial_state(seed=6)
    keep_all(state)
    mask = state.legal_actions_mask()
    assert mask.shape == (game.num_distinct_actions(),) and mask.dtype == bool
    assert sorted(int(i) for i in mask.nonzero()[0]) == state.legal_actions()


def play_random(state, rng, check=None):
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        if check:
            check(state)
    return state


def test_same_seed_same_actions_same_game(game):  # rules.md 5.3
    a = play_random(game.new_initial_state(seed=21), random.Random(4))
    b = game.new_initial_state(seed=21)
    for action in a.history():
        b.apply_action(action)
    assert b.is_terminal() and b.returns() == a.returns() and b.hand(0) == a.hand(0) and b.turn == a.turn


def test_clone_is_independent(game):
    state = game.new_initial_state(seed=8)
    keep_all(state)
    copy = state.clone()
    play_random(copy, random.Random(1))
    assert not state.is_terminal() and copy.is_terminal()
    assert len(state.history()) < len(copy.history())


def invariants(state):
    game = state.get_game()
    n = game._core.num_instances
    zones = [state.instance(i)["zone"] for i in range(n)]
    for p in range(game.num_players()):
        hand = state.hand_instances(p)
        assert all(zones[i] == "hand" for i in hand)
        assert state.deck_size(p) == sum(1 for i in range(n) if zones[i] == "deck" and state.instance(i)["owner"] == p)
        assert len(hand) == sum(1 for i in range(n) if zones[i] == "hand" and state.instance(i)["owner"] == p)
        assert all(v > 0 for v in state.pool(p).values())
    dots = [state.instance(i)["dot"] for i in range(n) if state.instance(i)["dot"] is not None]
    assert len(dots) == len(set(dots))  # at most one summon per dot


@pytest.mark.parametrize("board, setup, decks", [
    ("existenz", "1v1", ["vanilla-a", "vanilla-b"]),
    ("existenz", "ffa3", ["vanilla-a", "vanilla-b", "vanilla-a"]),
    ("existenz", "2v2", ["vanilla-a", "vanilla-b"] * 2),
    ("act1", "ffa6", ["vanilla-act1-a", "vanilla-act1-b"] * 3),
    ("act1", "3v3", ["vanilla-act1-a", "vanilla-act1-b"] * 3),
])
def test_random_play_keeps_the_invariants(board, setup, decks):  # rules.md 5.1-5.9
    game = load_game("x610z", board=board, setup=setup, decks=decks, max_turns=40)
    rng = random.Random(setup)
    for seed in range(3):
        state = play_random(game.new_initial_state(seed=seed), rng, invariants)
        assert state.end_reason in ("depletion", "turn limit", "capitulation", "escape")
        assert sum(r > 0 for r in state.returns()) in (0, len([1 for p in range(game.num_players())
                                                                 if state.outcome(p)[0] == "won"]))


def test_bad_game_options():
    with pytest.raises(tcbg.GameError, match="unknown game"):
        load_game("chess")
    with pytest.raises(tcbg.GameError, match="2 seats but 3 decks"):
        load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a"] * 3)
    with pytest.raises(tcbg.GameError, match="no setup 'ffa9'"):
        load_game("x610z", setup="ffa9", decks=["vanilla-a"] * 2)
    with pytest.raises(tcbg.GameError, match="max_turns"):
        load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=0)
    with pytest.raises(tcbg.GameError, match="seed"):
        load_game("x610z", decks=["vanilla-a", "vanilla-b"]).new_initial_state(seed=-1)
    with pytest.raises(tcbg.DeckError):
        load_game("x610z", board="act1", decks=["vanilla-a", "vanilla-b"])  # robiumm cards are not Act I cards
    with pytest.raises(tcbg.GameError, match="rules"):
        load_game("x610z", board=Board.load("act1"), rules="existenz", decks=["vanilla-a", "vanilla-b"])


def test_card_flags_follow_the_game():
    """State.card_flags: a card cast was drawn first, a card in play (life bases apart) was cast, and the flags
    survive serialization."""
    from tcbg.x610z.game import CAST, DRAWN, IN_PLAY

    game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=40)
    state = game.new_initial_state(seed=3)
    assert not (state.card_flags() & (DRAWN | CAST)).any()  # nobody has kept a hand yet
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    flags = state.card_flags()
    cards = game.instance_cards()
    assert len(cards) == flags.size == 102
    life_bases = {game.instance_cards().index((p, deck.life_base.name)) for p, deck in enumerate(game.decks)}
    for i, f in enumerate(flags):
        if i in life_bases:
            assert f & (DRAWN | CAST) == 0
            continue
        if f & CAST:
            assert f & DRAWN
        if f & IN_PLAY:
            assert f & CAST
    assert (flags & CAST).any() and (flags & DRAWN).sum() > (flags & CAST).astype(bool).sum()
    assert (game.deserialize_state(state.serialize()).card_flags() == flags).all()


def test_reading_a_player_or_card_that_does_not_exist(game):
    """Asking about player 2 of a two-player game, or card 999, is a typed error, not a crash."""
    state = game.new_initial_state(seed=1)
    for read in (lambda: state.hand(2), lambda: state.pool(-1), lambda: state.outcome(7), lambda: state.deck_size(9)):
        with pytest.raises(tcbg.GameError, match="no player"):
            read()
    with pytest.raises(tcbg.GameError, match="no card instance"):
        state.instance(999)


def test_a_history_outside_the_game_is_refused(game):
    state = game.new_initial_state(seed=1)
    state.apply_action(state.legal_actions()[0])
    text = state.serialize()
    head, data, history = text.split("\n")
    assert game.deserialize_state(text).history() == state.history()
    for bad in (str(game.num_distinct_actions()), "-1", str(2**40)):
        with pytest.raises(tcbg.GameError, match="outside this game's action ids"):
            game.deserialize_state(f"{head}\n{data}\n{bad}")


def test_apply_action_is_the_core_path():
    """The Python loop calls the core directly (no wrapper between): the methods OpenSpiel loops use are the core's
    own, and a clone is the same Python type with its own history."""
    game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=5)
    state = game.new_initial_state(seed=4)
    assert type(state).apply_action is tcbg._core.x610z.State.apply_action
    assert type(state).legal_actions is tcbg._core.x610z.CoreState.legal_actions
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert type(copy) is type(state) and len(copy.history()) == 2 and len(state.history()) == 1
