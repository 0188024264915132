"""Random-play soak of the Z/X engine: whole games played natively with the rules' invariants checked after every
action (State.invariant_violation in the core: every card in exactly one zone, at most one Z/X per Square, Charge
within its limit, no lethal damage, no player damage and no waiting ability left at a priority decision, Life and
deck counts consistent, the process frames well formed, a legal action at every decision), across seeds and deck
pairs (tests/zx/decks.py, "short" Reloading all the time).

CI plays a few thousand games. The long run, 1,000,000 games spread over the deck pairs:

    TCBG_SOAK_GAMES=1000000 python -m pytest tests/zx/test_soak.py -q

Last long run: 1,000,000 games (200,000 per deck pair), every action's position checked, passed in 593 s on the
shared 2-core machine (its first run found the End-phase discard that rebuilt an empty deck and lost the last Life
card before the next discard: docs/zx/rules.md Z6.7).
"""

from __future__ import annotations

import os
import random
import zlib

import pytest

from tests.zx.decks import PAIRS, make_game

TOTAL = int(os.environ.get("TCBG_SOAK_GAMES", "3000"))


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_random_play_keeps_the_rules(pair):
    """Z9.1 / Z9.5 / 902.1 / 906.1 / 904 / 903: every position of every game keeps the invariants."""
    game = make_game(*pair)
    games = max(1, -(-TOTAL // len(PAIRS)))
    totals = game.random_playouts(games, seed=zlib.crc32("/".join(pair).encode()), check_invariants=True)
    assert totals["games"] == games and totals["decisions"] > games * 20
    if "short" in pair:
        assert totals["reloads"] > games  # the short decks Reload in every game


@pytest.mark.parametrize("pair", PAIRS[:3], ids=[f"{a}-{b}" for a, b in PAIRS[:3]])
def test_reload_never_plays_the_life_card(pair):
    """902.1: the Life card a Reload moves goes to Charge: never offered for play (no Ignition from a Reload), and
    the process stack stays shallow (Z9.5)."""
    game = make_game(*pair)
    reloads = 0
    for seed in range(25):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert len(state.frames()) <= 12
            if state.decision() == "reload-life-pick":
                reloading = 1 - state.current_player()
                life = state.zone(reloading, "life")
                k = rng.randrange(len(life))
                card = life[len(life) - 1 - k]
                state.apply_action(state.legal_actions()[k])
                assert state.instance(card)["zone"] in ("charge", "trash")  # Charge, or Trash by an excess later
                assert state.revealed() != card
                reloads += 1
                continue
            state.apply_action(rng.choice(state.legal_actions()))
    assert reloads > 0


STARTER_PAIRS = [("c01-white-red", "c02-black-blue"), ("c03-blue-white", "c04-green-red"),
                 ("c01-white-red", "c04-green-red"), ("c02-black-blue", "c03-blue-white")]


@pytest.mark.parametrize("pair", STARTER_PAIRS, ids=[f"{a}-{b}" for a, b in STARTER_PAIRS])
def test_starter_decks_with_their_abilities_keep_the_rules(pair):
    """The four starter decks with every card's abilities on (rules.md section 12): every position of every game
    keeps the invariants, resolutions halfway included (a cursor inside its program, a choice at a choice)."""
    from tcbg.zx.game import load_game

    game = load_game(decks=list(pair))
    games = max(1, -(-TOTAL // (2 * len(STARTER_PAIRS))))
    totals = game.random_playouts(games, seed=zlib.crc32("/".join(pair).encode()), check_invariants=True)
    assert totals["games"] == games and totals["decisions"] > games * 20
