"""Random-play soak: whole games in every setup of both editions, played natively with the rules' invariants checked
after every action (every card in exactly one zone, one summon per dot and per class and controller, damage below
defense, the stack empty outside the action and end phases, occupancy in step, every game ending by a rule or the turn
limit; State.invariant_violation in the core).

CI plays about 300 games (the suite stays under 10 minutes on two cores; games on the boards' 10- and 8-step roads
run long). The long run, at least 1,000,000 games spread over the setups:

    TCBG_SOAK_GAMES=1000000 python -m pytest tests/x610z/test_soak.py -q
"""

from __future__ import annotations

import os
import zlib

import pytest

import tcbg
from tcbg.x610z import Board

TOTAL = int(os.environ.get("TCBG_SOAK_GAMES", "300"))
DECKS = {"existenz": ["vanilla-a", "vanilla-b"], "act1": ["vanilla-act1-a", "vanilla-act1-b"]}
SETUPS = [(name, setup) for name in ("existenz", "act1") for setup in Board.load(name).setups]


@pytest.mark.parametrize("board, setup", SETUPS, ids=[f"{b}-{s}" for b, s in SETUPS])
def test_random_play_keeps_the_rules(board, setup):  # rules.md 5.1-5.14
    seats = len(Board.load(board).setups[setup].seats)
    decks = [DECKS[board][p % 2] for p in range(seats)]
    game = tcbg.load_game("x610z", board=board, setup=setup, decks=decks, max_turns=250)
    games = max(1, -(-TOTAL // len(SETUPS)))
    totals = game.random_playouts(games, seed=zlib.crc32(f"{board}/{setup}".encode()), check_invariants=True)
    assert totals["games"] == games and totals["decisions"] > games * 10
