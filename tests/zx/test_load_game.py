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


def test_starter_decks_play_with_their_abilities():
    """Every pair of the four starter decks plays with its cards' abilities (the card set's EFFECTS, ZC14), and as
    vanilla with effects=False (Z11.7); every position keeps the invariants."""
    for a, b in itertools.combinations(STARTERS, 2):
        for effects in (True, False):
            game = tcbg.load_game("zx", decks=[a, b], effects=effects)
            assert bool(game.tables.native.abilities) == effects or not effects
            totals = game.random_playouts(40, seed=3, check_invariants=True)
            assert totals["games"] == 40


_MASK = 2**64 - 1


def _mix64(z: int) -> int:  # core/random.hpp's SplitMix64 finaliser, in Python
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class _CounterRng:  # core/random.hpp's CounterRng: the n-th number of a stream, and Lemire's bounded draw
    def __init__(self, seed: int) -> None:
        self.seed, self.counter = seed, 0

    def _next(self) -> int:
        n = _mix64((_mix64(self.seed ^ 0x9E3779B97F4A7C15) + self.counter * 0x9E3779B97F4A7C15) & _MASK)
        self.counter += 1
        return n

    def below(self, bound: int) -> int:
        m = self._next() * bound
        if (m & _MASK) < bound:
            threshold = ((1 << 64) - bound) % bound
            while (m & _MASK) < threshold:
                m = self._next() * bound
        return m >> 64


def test_random_playouts_total_the_games_a_state_plays_with_their_reloads():
    """random_playouts is the native loop of a State's own moves: the same games replayed through the Python State
    with the loop's streams give its totals, the Reloads the players' counts (CR 902.1; not the decisions taken
    while a Reload was under way)."""
    from tcbg import _core

    game = tcbg.load_game("zx", decks=["c01-white-red", "c03-blue-white"])
    games, seed = 12, 3
    totals = {"games": 0, "decisions": 0, "turns": 0, "reloads": 0}
    for g in range(games):
        game_seed = _core.derive_seed(seed, g)
        state, pick = game.new_initial_state(seed=game_seed), _CounterRng(_core.derive_seed(game_seed, 1))
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[pick.below(len(actions))])
            totals["decisions"] += 1
        totals["games"] += 1
        totals["turns"] += state.turn
        totals["reloads"] += state.reloads(0) + state.reloads(1)
    native = game.random_playouts(games, seed=seed)
    assert {k: native[k] for k in totals} == totals
    assert totals["reloads"] > 0  # these games do Reload


def test_a_card_without_its_definition_is_refused_with_effects():
    """Z11.7: a card whose text has no definition in its set's effects module is named; effects=False plays it."""
    from tcbg.zx.cards import CardSet

    starter = CardSet.load("starter-2012")
    bare = CardSet(starter.name, list(starter))  # the same cards without their effects module
    deck = Deck.parse(Deck.load("c01-white-red").to_text(), bare)
    with pytest.raises(GameError, match="C01-003 .* cannot run yet.*Z11.7"):
        tcbg.load_game("zx", decks=[deck, deck])
    assert tcbg.load_game("zx", decks=[deck, deck], effects=False).random_playouts(2)["games"] == 2


def test_start_card_from_the_shipped_deck():
    """Z5.2 / 1101: a shipped starter deck with a Start Card starts with it on its Player Square."""
    game = tcbg.load_game("zx", decks=STARTERS[:2], effects=False)
    state = game.new_initial_state(seed=1)
    for p, square in ((0, 1), (1, 7)):
        card = state.get_game().card_of(state.board()[square])
        assert card.has("Start Card") and state.instance(state.board()[square])["owner"] == p
        assert len(state.zone(p, "deck")) == 50 - 1 - 4
    assert [len(state.zone(0, z)) for z in ("hand", "charge", "trash", "resource")] == [4, 0, 0, 0]
    with pytest.raises(GameError, match="one of deck, hand, life, charge, trash, resource, removed; got graveyard"):
        state.zone(0, "graveyard")


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
