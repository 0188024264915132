"""Act I quest cards (card set ``quests``, deck ``act1-quests``) and `WinGame` run natively: a quest wins the game at
once for its player's team, as an escape does (rules.md 5.14, 6.14), step by step from positions on the Act I board
and in random play with the rules' invariants checked after every action."""

from __future__ import annotations

import os
import random
import sys
from collections import Counter

import pytest

import tcbg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ruins_play import do, texts  # noqa: E402

QUEST_DOTS = ["r3-00", "r3-02", "r3-04", "r3-06", "r3-08", "r3-10"]  # Act I board: ring 3, even numbers
FILLER = ["Dawn Shard"] * 3  # something to draw


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game(board="act1", setup="1v1", decks=["act1-quests", "act1-quests"])


def position(game, p0: dict, p1: dict, active: int = 1, turn: int = 4):
    for player in (p0, p1):
        player.setdefault("deck", list(FILLER))
    return game.state_from_json({"format": "tcbg-x610z-position/1", "phase": "action", "turn": turn,
                                 "active_player": active, "players": [p0, p1]})


def to_next_turn(state) -> None:
    """Everyone passes until the turn changes and the new active player decides (a waiting triggered ability, or
    priority in their action phase)."""
    active = state.active_player
    while state.active_player == active:
        do(state, "pass")
    assert state.invariant_violation() == ""


def resolve(state) -> None:
    while not state.is_terminal() and state.stack_items():
        do(state, "pass")


def on_quest_dots(*cards: str) -> list[dict]:
    return [{"card": card, "dot": dot} for card, dot in zip(cards, QUEST_DOTS)]


def test_the_quest_deck_loads_its_own_card_set_for_act1(game):
    assert game.cards.name == "quests"
    assert {card.type for card in game.decks[0].card_list()} == {"summon", "quest", "crystal"}
    assert game.cards["Pilgrimage of Three Stones"].text != ""


def test_pilgrimage_wins_at_the_start_of_its_turn_with_summons_on_three_quest_dots(game):  # rules.md 6.14, 6.25
    state = position(game, {"in_play": ["Pilgrimage of Three Stones",
                                        *on_quest_dots("Pathfinder Drake", "Gale Skiff", "Trail Ox")]}, {})
    to_next_turn(state)
    assert texts(state) == ["put waiting ability 0 of Pilgrimage of Three Stones (#19) on the stack"]
    do(state, texts(state)[0])
    assert not state.is_terminal()  # on the stack: the opponent may still answer it
    resolve(state)
    assert state.is_terminal() and state.end_reason == "alternative victory"
    assert state.returns() == [1.0, -1.0] and state.winners() == [(0, "alternative victory")]
    assert state.outcome(1) == ("lost", "alternative victory")


def test_pilgrimage_waits_while_only_two_quest_dots_are_held(game):  # rules.md 6.9, 6.14
    state = position(game, {"in_play": ["Pilgrimage of Three Stones", *on_quest_dots("Pathfinder Drake", "Gale Skiff"),
                                        {"card": "Trail Ox", "dot": "r3-01"}]}, {})
    to_next_turn(state)
    assert not any(t.startswith("put waiting") for t in texts(state)) and not state.is_terminal()


def test_the_condition_is_checked_again_when_the_ability_resolves(game):  # rules.md 6.9
    state = position(game, {"in_play": ["Pilgrimage of Three Stones", "Grey Geode",
                                        *on_quest_dots("Pathfinder Drake", "Gale Skiff", "Trail Ox")]}, {})
    to_next_turn(state)
    do(state, texts(state)[0])
    do(state, "move Gale Skiff (#7)")  # answering its own ability: the skiff leaves its quest dot first
    destination = next(t for t in texts(state)  # "move Gale Skiff (#7) from A to B, ..." (docs/actions.md)
                       if t.startswith("move Gale Skiff (#7) from ") and t.split(" to ")[1].split(",")[0] != "r3-02")
    do(state, destination)
    resolve(state)
    assert not state.is_terminal()


def test_vigil_is_denied_by_an_opponent_on_a_quest_dot(game):  # rules.md 6.14
    mine = {"in_play": ["Vigil at the Stones", *on_quest_dots("Pathfinder Drake", "Gale Skiff")]}
    state = position(game, dict(mine), {"in_play": [{"card": "Trail Ox", "dot": "r3-08"}]})
    to_next_turn(state)
    assert not any(t.startswith("put waiting") for t in texts(state))
    state = position(game, dict(mine), {"in_play": [{"card": "Trail Ox", "dot": "r3-09"}]})
    to_next_turn(state)
    do(state, texts(state)[0])
    resolve(state)
    assert state.end_reason == "alternative victory" and state.returns() == [1.0, -1.0]


def take_waiting_or_pass(state) -> None:
    """Put the first waiting triggered ability on the stack, or pass."""
    waiting = [t for t in texts(state) if t.startswith("put waiting")]
    do(state, waiting[0] if waiting else "pass")


def test_the_long_watch_counts_turns_on_a_quest_dot_then_wins(game):  # rules.md 6.4, 6.9, 6.14
    state = position(game, {"in_play": ["Oath of the Long Watch", *on_quest_dots("Trail Ox")],
                            "deck": FILLER * 3}, {"deck": FILLER * 3})
    starts = []  # the turns of player 0 that began
    while not state.is_terminal() and state.turn < 20:
        if state.active_player == 0 and state.turn not in starts:
            starts.append(state.turn)
        take_waiting_or_pass(state)
    # Charge counters come on at the starts of turns 1-3 of player 0; the win's condition, checked when the turn
    # starts, sees 3 at the start of the fourth.
    assert state.end_reason == "alternative victory" and state.winners() == [(0, "alternative victory")]
    assert len(starts) == 4 and state.turn == starts[-1]


def test_a_quest_is_cast_from_hand_in_its_action_phase_and_enters_play(game):  # rules.md 6.14
    state = position(game, {"hand": ["Call of the Waystones"], "pool": {"C": 1, "M": 1}}, {}, active=0)
    do(state, "cast Call of the Waystones (#25)")
    resolve(state)
    assert state.instance(25)["zone"] == "play" and state.invariant_violation() == ""


def test_random_play_with_the_quest_deck_keeps_the_rules_and_reaches_quest_victories():  # rules.md 5.1-5.14, 6.14, 6.25
    for setup, decks in (("1v1", 2), ("2v2", 4), ("ffa3", 3)):
        game = tcbg.load_game(board="act1", setup=setup, decks=["act1-quests"] * decks, max_turns=200)
        totals = game.random_playouts(4, seed=11, check_invariants=True)  # 2,000-3,700 actions a game, each checked
        assert totals["games"] == 4
    game = tcbg.load_game(board="act1", setup="2v2", decks=["act1-quests"] * 4, max_turns=200)
    reasons = Counter()
    for seed in range(12):
        state, rng = game.new_initial_state(seed=seed), random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        reasons[state.end_reason] += 1
        if state.end_reason == "alternative victory":  # the quest's team wins, the other team loses (5.14)
            returns = state.returns()
            assert sorted(returns) == [-1.0, -1.0, 1.0, 1.0] and returns[0] == returns[2]
            break  # one is what this checks: the games are long on act1's 8-step roads
    assert reasons["alternative victory"] > 0
