"""Random play of the whole first era (card set ``first-era``): random legal decks drawn from all of its 646 cards,
played as vanilla (effects=False, rules.md Z11.7) by random agents, with the rules' invariants checked after every
action (State.invariant_violation in the core; tests/zx/test_soak.py lists them).

CI plays 300 games (30 deck pairs, 10 games each). A longer run:

    TCBG_ERA_PAIRS=300 python -m pytest tests/zx/test_first_era_play.py -q

Last long run: TCBG_ERA_PAIRS=300 (3,000 games), passed in 10 s on the shared 2-core machine.
"""

from __future__ import annotations

import os
import random

import tcbg
from tcbg.zx.cards import CardSet
from tests.zx.era_decks import random_deck

PAIRS = int(os.environ.get("TCBG_ERA_PAIRS", "30"))
GAMES = 10
ERA = CardSet.load("first-era")


def test_random_era_decks_keep_the_rules():
    """Z9.1 / 401: every random deck is legal, and every position of every game keeps the invariants."""
    rng = random.Random(2013)
    seen: set[str] = set()
    games = decisions = 0
    for pair in range(PAIRS):
        decks = [random_deck(rng, ERA), random_deck(rng, ERA)]
        assert all(deck.is_legal() for deck in decks), [deck.check() for deck in decks]
        seen.update(card.number for deck in decks for card in deck.card_list())
        totals = tcbg.load_game("zx", decks=decks, effects=False).random_playouts(GAMES, seed=pair,
                                                                                 check_invariants=True)
        assert totals["games"] == GAMES
        games += totals["games"]
        decisions += totals["decisions"]
    assert games == PAIRS * GAMES and decisions > games * 20
    # the decks reach far into the pool, starter and booster cards alike
    assert len(seen) > min(400, PAIRS * 15)
    assert any(n.startswith("C") for n in seen) and any(n.startswith("E01") for n in seen)
