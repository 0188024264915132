"""Continuous stats and properties remembered from one query to the next (docs/engine-design.md "Continuous
sums remembered"): a State keeps each card's sums until a change its continuous
effects can read (``State::forget_continuous``), and a copy starts with none. So a state and its fresh copy must list
the same actions at every decision, and the invariants (which compare every remembered sum and path answer with the
long way) must hold, whatever the decks' continuous effects read: the shipped factions, an amount counting the
cards of a hand (every card entering or leaving a hand changes it), and one reading a pool (of which the engine
reports no change: such a game does not remember sums across queries)."""

from __future__ import annotations

import os
import random
import sys

import pytest

import tcbg
from tcbg.x610z.decks import Deck
from tcbg.x610z.effects import SELF, YOU, Continuous, ModifyStats, StatOf, Summon

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from effect_cards import card_set, summon  # noqa: E402

SPEED = 2
CARDS = card_set({
    "Hoarder": Summon(Continuous(ModifyStats(SELF, speed=StatOf(YOU, "hand_size")))),
    "Miser": Summon(Continuous(ModifyStats(SELF, range=StatOf(YOU, "pool")))),
}, [summon("Hoarder", "beast", 2, 6, 0, 1), summon("Miser", "army", 2, 6, 2, 0)])


def faction_game(decks: list[str]):
    return tcbg.load_game("x610z", board="existenz", setup="1v1", decks=decks, max_turns=60)


def small_game(summons: str):
    deck = f"Life base: Keep\n3 {summons}\n2 Drake\n2 Legion\n10 Spark\n10 Pearl"
    rival = deck.replace("Keep", "Rival Keep")
    return tcbg.load_game(board="existenz", setup="1v1", cards=CARDS, max_turns=60, decks=[
        Deck.parse(deck, CARDS, deck_size=None), Deck.parse(rival, CARDS, deck_size=None)])


def play_comparing_with_fresh_copies(game, seed: int, actions: int) -> int:
    """Random play where at every decision the state's listing (from its remembered sums) equals that of a copy
    (which remembers nothing), and every few decisions the invariants hold; the decisions compared."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    compared = 0
    while not state.is_terminal() and compared < actions:
        listed = state.legal_actions()
        assert state.clone().legal_actions() == listed, f"seed {seed}, decision {compared}"
        if compared % 7 == 0:
            assert state.invariant_violation() == ""
        state.apply_action(rng.choice(listed))
        compared += 1
    return compared


@pytest.mark.parametrize("decks", [["undead", "barbarian"], ["arnunnian", "pirate"], ["barbarian", "pirate"]])
def test_faction_play_lists_what_a_fresh_copy_lists(decks):  # rules.md 6.10
    game = faction_game(decks)
    assert sum(play_comparing_with_fresh_copies(game, seed, 400) for seed in (2, 5)) > 400


@pytest.mark.parametrize("summons", ["Hoarder", "Miser"])
def test_amounts_reading_a_hand_or_a_pool_follow_every_change(summons):  # rules.md 6.10
    game = small_game(summons)
    assert sum(play_comparing_with_fresh_copies(game, seed, 300) for seed in (1, 4)) > 300
    assert game.random_playouts(4, seed=9, check_invariants=True)["games"] == 4


def test_a_hand_size_amount_changes_with_a_draw_between_two_listings():  # rules.md 6.10
    """Hoarder's speed is its controller's hand size: a listing remembers it, and the draw of the next turn (a
    card entering a hand, which no other kind of continuous effect reads) must make the next listing sum it again."""
    game = small_game("Hoarder")
    state = game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0, "players": [
            {"in_play": [{"card": "Hoarder", "dot": "r3-03"}], "hand": ["Legion"], "deck": ["Spark"] * 3},
            {"deck": ["Spark"] * 3}]})
    hoarder = 1
    assert state.stat(hoarder, SPEED) == 1
    state.legal_actions()  # remembers Hoarder's sums
    while state.active_player == 0:
        state.apply_action(0)  # pass to the opponent's turn
    while state.active_player == 1:
        state.apply_action(0)  # and back: player 0 draws
    assert state.stat(hoarder, SPEED) == 2
    assert state.legal_actions() == state.clone().legal_actions()
    assert state.invariant_violation() == ""
