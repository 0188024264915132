"""Random-play soak of the Z/X engine: whole games played natively with the rules' invariants checked after every
action (State.invariant_violation in the core: every card in exactly one zone, at most one Z/X per Square, Charge
within its limit, no lethal damage, no player damage and no waiting ability left at a priority decision, Life and
deck counts consistent, the process frames well formed, a legal action at every decision), across seeds and deck
pairs (tests/zx/decks.py, "short" Reloading all the time).

The four starter decks (src/tcbg/zx/decklists) are soaked too, every pair of them, both in the engine's own
random play with the invariants checked after every action and through the harness's native batches (tcbg.simulate)
with the records checked against the rules (Z/X's end reasons, the Reload columns, the card flags).

CI plays a few thousand games. The long run, 1,000,000 games spread over the deck pairs:

    TCBG_SOAK_GAMES=1000000 python -m pytest tests/zx/test_soak.py -q

Last long run: 1,000,000 games (200,000 per deck pair), every action's position checked, passed in 593 s on the
shared 2-core machine (its first run found the End-phase discard that rebuilt an empty deck and lost the last Life
card before the next discard: docs/zx/rules.md Z6.7). The starter decks' last long run: TCBG_SOAK_GAMES=120000 with
-k starter, 10,000 games per pair of starter decks in each of the two checks, passed in 53 s.
"""

from __future__ import annotations

import os
import random
import zlib

import itertools

import numpy as np
import pytest

import tcbg
from tcbg.montecarlo import games as game_adapter
from tcbg.zx.simulation import CARD_FLAGS
from tests.zx.decks import PAIRS, make_game

TOTAL = int(os.environ.get("TCBG_SOAK_GAMES", "3000"))

STARTERS = ("c01-white-red", "c02-black-blue", "c03-blue-white", "c04-green-red")
STARTER_PAIRS = list(itertools.combinations(STARTERS, 2))


def starter_game(a: str, b: str):
    # With every card's abilities (rules.md section 12): resolutions halfway are positions the invariants check too
    # (a cursor inside its program, a choice at a choice).
    return tcbg.load_game("zx", decks=[a, b])


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


@pytest.mark.parametrize("pair", STARTER_PAIRS, ids=[f"{a}-{b}" for a, b in STARTER_PAIRS])
def test_random_play_of_the_starter_decks_keeps_the_rules(pair):
    """Z9.1 / Z9.5 / 902.1 / 906.1 / 904 / 903 with the four starter decks, every pair of them: every position of
    every game keeps the invariants, and 40-card decks Reload in some games."""
    game = starter_game(*pair)
    games = max(1, -(-TOTAL // (2 * len(STARTER_PAIRS))))
    totals = game.random_playouts(games, seed=zlib.crc32("/".join(pair).encode()), check_invariants=True)
    assert totals["games"] == games and totals["decisions"] > games * 20
    assert totals["reloads"] > 0


KNOWN_FLAGS = 1 | 2 | 4 | sum(bit for _, bit, _ in CARD_FLAGS)


@pytest.mark.parametrize("pair", STARTER_PAIRS, ids=[f"{a}-{b}" for a, b in STARTER_PAIRS])
def test_the_harness_records_of_the_starter_decks_keep_the_rules(pair):
    """The records of the harness's native batches for every pair of starter decks, each game checked: a Z/X end
    reason (life, or the turn limit: the random agent never concedes), a winner exactly when Life ended it (CR 903;
    both losing at once, CR 101.3, a draw) and none at the turn limit (Z1.6), the turn limit kept; Reload columns
    that agree (a first Reload's turn exactly for a player with Reloads, within the game); card flags of known bits
    only, a free play (from Ignition, CR 505.3a; from Life, CR 909) also a play of a seen card, and a card in play at
    the end played (or in play from the start: the Player Square's Start Card, rules.md Z5.2)."""
    game = starter_game(*pair)
    games = max(1, -(-TOTAL // (2 * len(STARTER_PAIRS))))
    records = tcbg.simulate(game, "random", games=games, seed=zlib.crc32("|".join(pair).encode()), workers=1)
    reasons = np.array(records.reason_names())
    winners = records["winner_mask"]
    turns = records["turns"].astype(int)
    assert set(reasons) <= {"life", "turn limit"}
    assert (winners[reasons == "turn limit"] == 0).all()
    assert np.isin(winners[reasons == "life"], (0, 1, 2)).all()
    assert (turns <= game.options["max_turns"]).all() and (turns[reasons == "turn limit"] ==
                                                            game.options["max_turns"]).all()
    for p in (0, 1):
        count, first = records[f"reloads_p{p}"].astype(int), records[f"first_reload_turn_p{p}"].astype(int)
        assert np.array_equal(count > 0, first > 0) and (first <= turns).all()
    flags = records.card_flags
    assert not (flags & np.uint8(0xFF ^ KNOWN_FLAGS)).any()
    for _, bit, _ in CARD_FLAGS:
        free = (flags & bit) != 0
        assert ((flags[free] & 3) == 3).all()
    from_start = sorted(game_adapter.instances_in_play_from_start(game))
    in_play = (flags & 4) != 0
    in_play[:, from_start] = False
    assert ((flags[in_play] & 2) == 2).all()
