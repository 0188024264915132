"""The first era played with its abilities: random legal decks drawn from every card of the set ``first-era`` whose
abilities run (docs/zx/cardpool.md), built so that every such card is in one of them, then played with effects on
(rules.md Z11.7):
- native random games, the rules' invariants checked after every action (State.invariant_violation);
- native heuristic games (``tcbg.simulate``);
- one random game per deck pair through the Python State, every position written as JSON and read back
  (docs/zx/state-format.md) into the same position, with the same legal actions.

The suite plays ``GAMES`` games in all, half random and half heuristic, shared among the deck pairs. The long run
(docs/testing.md) plays a million:

    TCBG_ERA_SOAK_GAMES=1000000 python -m pytest tests/zx/test_first_era_soak.py -q
"""

from __future__ import annotations

import os
import random

import tcbg
from tcbg.zx.cards import CardSet
from tests.zx.era_decks import covering_decks

GAMES = int(os.environ.get("TCBG_ERA_SOAK_GAMES", "400"))
ERA = CardSet.load("first-era")
MISSING = {card.number for card in ERA.missing_effects()}


def _runs(card) -> bool:
    return card.number not in MISSING


def _pairs():
    decks = covering_decks(random.Random(1998), ERA, _runs)
    return [(decks[k], decks[k + 1]) for k in range(0, len(decks), 2)]


def _round_trip_game(game, seed: int) -> int:
    """A random game through the Python State, each position read back from its JSON; returns its actions."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        document = state.to_json()
        again = game.state_from_json(document)
        assert again.to_json() == document and again.legal_actions() == legal, f"step {steps}"
        state.apply_action(rng.choice(legal))
        assert state.invariant_violation() == "", f"step {steps}: {state.invariant_violation()}"
        steps += 1
    return steps


def test_every_card_that_runs_plays_with_effects_and_keeps_the_rules():
    pairs = _pairs()
    played = {card.number for a, b in pairs for deck in (a, b) for card in deck.card_list()}
    runnable = {card.number for card in ERA if card.type in ("Z/X", "Event") and not card.sealed and _runs(card)}
    names_played = {ERA[n].name for n in played}
    assert {ERA[n].name for n in runnable} <= names_played  # every name that runs, in some deck
    each = max(2, GAMES // (2 * len(pairs)))  # games a pair, of each agent
    for k, (a, b) in enumerate(pairs):
        assert a.is_legal() and b.is_legal(), (a.check(), b.check())
        game = tcbg.load_game("zx", decks=[a, b])  # effects on: a card that cannot run would be refused here
        totals = game.random_playouts(each, seed=k, check_invariants=True)
        assert totals["games"] == each
        records = tcbg.simulate(game, "heuristic", each, seed=k, workers=1 if GAMES <= 10000 else None)
        assert len(records) == each
        assert _round_trip_game(game, seed=k) > 10
