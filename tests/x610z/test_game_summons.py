"""The rules engine with summons: casting and placing, moving and attacking through the stack, destruction and
escape (rules.md 5.10 - 5.14). Positions are reached by playing; actions are picked by their descriptions."""

from __future__ import annotations

import random

import pytest

import tcbg
from tcbg.x610z import CardSet, Piece
from tcbg.x610z.decks import Deck

VANILLA = CardSet.load("vanilla")
PASS, KEEP = 0, 1


def deck(lines: str, life_base: str = "Wandering Citadel") -> Deck:
    return Deck.parse(f"Life base: {life_base}\n{lines}", VANILLA, deck_size=None, source="test.txt")


def pick(state, prefix: str) -> int:
    """Apply the first legal action whose description starts with ``prefix``."""
    for a in state.legal_actions():
        if state.action_to_string(a).startswith(prefix):
            state.apply_action(a)
            return a
    raise AssertionError(f"no legal action starts with {prefix!r}: "
                         f"{[state.action_to_string(a) for a in state.legal_actions()]}")


def describe(state) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def pass_round(state):
    """Every player passes once (priority goes round)."""
    for _ in range(state.get_game().num_players()):
        state.apply_action(PASS)


@pytest.fixture
def drakes():
    """Both players hold boost crystals and Ashwing Drakes (C1 B2; Speed 5, Range 2, attack 3, defense 6)."""
    game = tcbg.load_game("x610z", board="existenz", setup="1v1", max_turns=60,
                          decks=[deck("20 Quickfire Shard\n3 Ashwing Drake\n")] * 2)
    return game


def to_own_action_phase(state, player):
    while not (state.phase == "action" and state.active_player == player and state.current_player() == player):
        if state.phase == "mulligan":
            state.apply_action(KEEP)
        elif state.phase == "cleanup":
            state.apply_action(state.legal_actions()[0])
        else:
            state.apply_action(PASS)


def cast_a_drake(state):
    """Place crystals over the active player's turns until a drake can be cast; cast it; both pass; place it."""
    p = state.active_player
    for _ in range(10):
        if any(s.startswith("place crystal") for s in describe(state)):
            pick(state, "place crystal")
        if any(s.startswith("cast Ashwing Drake") for s in describe(state)):
            pick(state, "cast Ashwing Drake")
            return p
        to_own_action_phase(state, 1 - p)
        to_own_action_phase(state, p)
    raise AssertionError("could not cast a drake")


def test_cast_goes_on_the_stack_and_is_placed_on_resolution(drakes):  # rules.md 5.10, 5.11
    state = drakes.new_initial_state(seed=1)
    to_own_action_phase(state, state.first_player)
    p = cast_a_drake(state)
    assert state.current_player() == 1 - p  # priority passes on after a declaration (rules.md 5.7)
    assert not any(s.startswith("cast ") for s in describe(state))
    state.apply_action(PASS)
    state.apply_action(PASS)  # both passed: the cast resolves and its controller places the summon
    assert state.current_player() == p
    dots = describe(state)
    board = drakes.board
    own_start = board.setups["1v1"].seats[p]
    other_start = board.setups["1v1"].seats[1 - p]
    # own start dot taken by the life base; every free warp dot that is not the other seat's start dot
    expected = sorted(d.id for d in board.dots if "warp" in board.kinds(d.id) and d.id not in (own_start, other_start))
    assert sorted(s.removeprefix("place the summon on ") for s in dots) == expected
    chosen = pick(state, "place the summon on ")
    drake = [i for i in range(drakes._core.num_instances) if state.instance(i)["card"] == "Ashwing Drake"
             and state.instance(i)["zone"] == "play"]
    assert len(drake) == 1 and state.instance(drake[0])["dot"] == state.action_to_string(chosen).split()[-1]
    assert state.current_player() == p  # after resolution the active player has priority again


def test_one_summon_of_each_class(drakes):  # rules.md 5.10
    state = drakes.new_initial_state(seed=2)
    to_own_action_phase(state, state.first_player)
    p = cast_a_drake(state)
    assert not any(s.startswith("cast Ashwing Drake") for s in describe(state) if state.current_player() == p)
    pass_round(state)
    pick(state, "place the summon on ")
    offered_energy = False
    for _ in range(4):  # turn after turn, with more and more energy, a second dragon is never offered to p
        if any(s.startswith("place crystal") for s in describe(state)):
            pick(state, "place crystal")
        offered_energy |= sum(1 for s in describe(state) if s.startswith("activate crystal")) >= 3
        assert not any(s.startswith("cast Ashwing Drake") for s in describe(state))
        to_own_action_phase(state, 1 - p)
        to_own_action_phase(state, p)
    assert offered_energy  # p could have paid for another drake


def test_move_through_the_stack_matches_the_board(drakes):  # rules.md 5.12, 2.x
    state = drakes.new_initial_state(seed=3)
    to_own_action_phase(state, state.first_player)
    p = cast_a_drake(state)
    pass_round(state)
    pick(state, "place the summon on ")
    to_own_action_phase(state, 1 - p)
    to_own_action_phase(state, p)
    drake = next(i for i in range(drakes._core.num_instances) if state.instance(i)["card"] == "Ashwing Drake"
                 and state.instance(i)["zone"] == "play" and state.instance(i)["controller"] == p)
    origin = state.instance(drake)["dot"]
    if not any(s.startswith("move Ashwing Drake") for s in describe(state)):
        pytest.skip("no boost energy left to move this time")
    pick(state, "move Ashwing Drake")
    offered = {s for s in describe(state)}
    pieces = [Piece(state.instance(i)["dot"], state.instance(i)["controller"])
              for i in range(drakes._core.num_instances) if state.instance(i)["dot"] is not None]
    moves = drakes.board.moves(origin, 5, player=p, setup="1v1", pieces=pieces)
    assert len(offered) == len(moves)  # one action per (destination, heading), as the generator lists them
    # "move Ashwing Drake (#n) from ORIGIN to DESTINATION, arriving from ..." (docs/actions.md, "Action texts")
    assert {s.split(" to ")[1].split(",")[0] for s in offered} == {m.destination for m in moves}
    chosen = pick(state, f"move Ashwing Drake (#{drake}) from {origin} to ")
    destination = state.action_to_string(chosen).split(" to ")[1].split(",")[0]
    pass_round(state)
    assert state.instance(drake)["dot"] == destination
    assert state.instance(drake)["activated"]  # moving activates the card: no second move this turn
    assert not any(s.startswith("move Ashwing Drake") for s in describe(state))


def invariants(state):
    game = state.get_game()
    n = game._core.num_instances
    seen_dots = set()
    classes = set()
    for i in range(n):
        c = state.instance(i)
        if c["dot"] is not None:
            assert c["zone"] == "play" and c["dot"] not in seen_dots
            seen_dots.add(c["dot"])
            card = VANILLA[c["card"]]
            assert c["damage"] < card.defense  # rules.md 5.13: destroyed when damage reaches defense
            key = (c["controller"], card.summon_class)
            assert key not in classes  # rules.md 5.10
            classes.add(key)
        if c["zone"] == "play" and VANILLA[c["card"]].is_summon and state.outcome(c["controller"])[0] == "playing":
            assert c["dot"] is not None


def test_random_games_end_by_every_rule_and_keep_the_invariants():  # rules.md 5.8, 5.13
    # On the 10-step road of the existenz board (docs/boards.md) a random walk of a life base does not reach an end
    # dot before a life base falls or a deck runs out: these games end by destruction and by depletion; escape
    # (rules.md 5.14) is played in tests/x610z/test_rules_positions.py and by the heuristic's games.
    game = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=300)
    reasons = set()
    for seed in range(12):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            invariants(state)
        reasons.add(state.end_reason)
        winners = state.winners()
        assert len(winners) == 1 and state.returns()[winners[0][0]] == 1.0
    assert {"destruction", "depletion"} <= reasons


def test_native_playouts_are_deterministic_and_end_by_the_rules():
    game = tcbg.load_game("x610z", board="existenz", setup="ffa4", decks=["vanilla-a", "vanilla-b"] * 2,
                          max_turns=400)
    a = game.random_playouts(40, seed=5)
    assert a == game.random_playouts(40, seed=5)
    assert a["games"] == 40 and a["decisions"] > 0


def test_a_permanent_may_be_cast_while_the_stack_holds_items():  # rules.md 5.10 (decision)
    game = tcbg.load_game("x610z", board="existenz", setup="1v1", max_turns=60,
                          decks=[deck("20 Quickfire Shard\n3 Ashwing Drake\n3 Tusked Hauler\n")] * 2)
    state = game.new_initial_state(seed=4)
    to_own_action_phase(state, state.first_player)
    p = cast_a_drake(state)
    state.apply_action(PASS)  # the opponent passes; priority comes back to p with the drake still on the stack
    assert state.current_player() == p and state.phase == "action"
    assert any(s.startswith("cast Tusked Hauler") for s in describe(state))  # seed 4: energy for both
    pick(state, "cast Tusked Hauler")  # a beast, cast in response to p's own dragon
    pass_round(state)  # the beast resolves first (last in, first out)
    pick(state, "place the summon on ")
    pass_round(state)
    pick(state, "place the summon on ")
    in_play = {state.instance(i)["card"] for i in range(game._core.num_instances)
               if state.instance(i)["zone"] == "play" and state.instance(i)["controller"] == p}
    assert {"Ashwing Drake", "Tusked Hauler"} <= in_play


def ffa3_drake_being_cast():
    """A three-player game in which the first player has just cast an Ashwing Drake (crystals placed over the
    turns until it could be paid). Returns (game, state, the caster)."""
    game = tcbg.load_game("x610z", board="existenz", setup="ffa3", max_turns=60,
                          decks=[deck("20 Quickfire Shard\n3 Ashwing Drake\n")] * 3)
    state = game.new_initial_state(seed=6)
    first = state.first_player
    while not (state.phase == "action" and state.active_player == first and state.current_player() == first):
        state.apply_action(KEEP if state.phase == "mulligan" else
                           state.legal_actions()[0] if state.phase == "cleanup" else PASS)
    for _ in range(12):
        if any(s.startswith("cast Ashwing Drake") for s in describe(state)):
            break
        if any(s.startswith("place crystal") for s in describe(state)):
            pick(state, "place crystal")
        for _ in range(3):
            turn = state.turn
            while state.turn == turn:
                state.apply_action(state.legal_actions()[0] if state.phase == "cleanup" else PASS)
    p = state.active_player
    pick(state, "cast Ashwing Drake")
    return game, state, p


def test_when_the_active_player_leaves_the_stack_is_emptied():  # rules.md 5.8 (decision)
    game, state, p = ffa3_drake_being_cast()
    drake = next(i for i in range(game._core.num_instances) if state.instance(i)["zone"] == "stack")
    state.concede(p)
    assert state.instance(drake)["zone"] == "discard"
    assert state.active_player != p and state.phase == "action" and not state.is_terminal()
    assert state._core.invariant_violation() == ""


def test_leaving_while_placing_a_summon():  # rules.md 5.8 (decision), 5.11
    game, state, p = ffa3_drake_being_cast()
    pass_round(state)  # resolves: p is to choose the dot
    assert state.current_player() == p and describe(state)[0].startswith("place the summon on ")
    drake = next(i for i in range(game._core.num_instances) if state.instance(i)["zone"] == "stack")
    state.concede(p)
    assert state.instance(drake)["zone"] == "discard" and state._core.invariant_violation() == ""
