"""tcbg.load_game("zx", ...) with the shipped card sets and decks (docs/zx/rules.md Z11.7, Z5.2; CR 401)."""

import itertools

import pytest

import tcbg
from tcbg.errors import GameError
from tcbg.zx import Deck

STARTERS = ["c01-white-red", "c02-black-blue", "c03-blue-white", "c04-green-red"]
VANILLA = ["vanilla-red-blue", "vanilla-white-black"]


def test_vanilla_decks_play_with_effects():
    game = tcbg.load_game("zx", decks=VANILLA)
    state = game.new_initial_state(seed=4)
    assert state.decision() == "mulligan" and state.invariant_violation() == ""
    totals = game.random_playouts(200, seed=2, check_invariants=True)
    assert totals["games"] == 200 and totals["decisions"] > 200 * 20


def test_starter_decks_need_effects_false():
    """Z11.7: the starter cards' abilities come with the next issue: refused with effects, vanilla without."""
    with pytest.raises(GameError, match="Z11.7"):
        tcbg.load_game("zx", decks=STARTERS[:2])
    for a, b in itertools.combinations(STARTERS, 2):
        game = tcbg.load_game("zx", decks=[a, b], effects=False)
        totals = game.random_playouts(40, seed=3, check_invariants=True)
        assert totals["games"] == 40


def test_start_card_from_the_shipped_deck():
    """Z5.2 / 1101: a shipped starter deck with a Start Card starts with it on its Player Square."""
    game = tcbg.load_game("zx", decks=STARTERS[:2], effects=False)
    state = game.new_initial_state(seed=1)
    for p, square in ((0, 1), (1, 7)):
        card = state.get_game().card_of(state.board()[square])
        assert card.has("Start Card") and state.instance(state.board()[square])["owner"] == p
        assert len(state.zone(p, "deck")) == 50 - 1 - 4


def test_illegal_or_unknown_decks():
    """401.1a: a deck list breaking deck construction is refused by load_game (check_decks=False lets it play)."""
    deck = Deck.load("vanilla-red-blue")
    short = Deck.parse(deck.to_text().replace("\n4 ", "\n3 ", 1), name="short")
    assert short.check()
    with pytest.raises(GameError, match="breaks deck construction"):
        tcbg.load_game("zx", decks=[short, deck])
    from tcbg.zx.game import load_game

    assert load_game(decks=[short, deck], check_decks=False).new_initial_state(0).invariant_violation() == ""
    with pytest.raises(tcbg.errors.TcbgError):
        tcbg.load_game("zx", decks=["no-such-deck", "vanilla-red-blue"])
    with pytest.raises(GameError):
        tcbg.load_game("zx", decks=VANILLA[:1])
