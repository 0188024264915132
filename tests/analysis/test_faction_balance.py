"""The balance of tcbg's own X610Z content (docs/balance.md "Balancing tcbg's own decks"): the four faction decks
against each other, and the first player's share on the shipped boards, under heuristic play, 1v1.

The suite's checks are cheap and generous. Each plays a few hundred seeded games in seat-swapped pairs (one worker,
the same games on every run of the same engine) and asserts a band far wider than the claim:

- **Faction pairs, 30% to 70%** over 300 games a pair. The balanced decks measure 46% to 54% at 4,000 games a pair;
  the standard error of a share over 300 games is at most 2.9 points, so a balanced pair would need to stray some
  5.5 standard errors to leave the band: the test cannot flake on a change of engine that keeps the balance. What it
  does catch is a regression like the one docs/balance.md started from (Arnunnian 86% to 93% against each faction,
  Pirate 75.5% against Undead).
- **The first player, under 65%** over 400 games with the vanilla decks on both shipped boards (51% and 51% at
  4,000 games; 73% and 84% on the boards the balancing started from; standard error at most 2.5 points, so 65% is
  more than 5 standard errors above today's figures and at least 3.4 below the old ones), and **under 70%** in every
  faction pair over its 300 games (51% to 57% measured, at most 2.9 points of standard error).

The claim itself (every faction pair within 45-55% with its 95% interval inside 40-60%, the first player under
60%) needs thousands of games a pair; it is the opt-in long run, about three minutes on two shared cores:

    TCBG_BALANCE_GAMES=4000 python -m pytest tests/analysis/test_faction_balance.py -k claim -q -s
"""

from __future__ import annotations

import os
from itertools import combinations

import pytest

from tcbg.montecarlo.matchup import matchup
from tcbg.montecarlo.matrix import matrix

FACTIONS = ["arnunnian", "barbarian", "pirate", "undead"]
VANILLA = {"existenz": ("vanilla-a", "vanilla-b"), "act1": ("vanilla-act1-a", "vanilla-act1-b")}
BALANCE_GAMES = int(os.environ.get("TCBG_BALANCE_GAMES", "0"))


def _first_player_share(result) -> float:
    return result.summary()["first_player"]["wins"]["rate"]


def _factions(games: int, seed: int):
    return matrix(FACTIONS, games, board="existenz", seed=seed, workers=1)


def test_every_faction_pair_is_within_30_to_70_percent():
    result = _factions(300, seed=2026)
    rates = result.win_rates()
    for i, j in combinations(range(len(FACTIONS)), 2):
        share = rates[i][j]
        assert 0.30 <= share <= 0.70, (FACTIONS[i], FACTIONS[j], share)
        assert rates[j][i] == pytest.approx(1 - share - result.draw_rate(i, j))
        first = _first_player_share(result.matchups[(i, j)])
        assert first < 0.70, (FACTIONS[i], FACTIONS[j], first)


@pytest.mark.parametrize("board", sorted(VANILLA))
def test_the_first_player_wins_under_65_percent_with_the_vanilla_decks(board):
    a, b = VANILLA[board]
    result = matchup(a, b, 400, board=board, seed=2026, workers=1)
    assert _first_player_share(result) < 0.65, (board, _first_player_share(result))


@pytest.mark.skipif(BALANCE_GAMES <= 0, reason="opt-in: set TCBG_BALANCE_GAMES (games per pair, e.g. 4000)")
def test_the_balance_claim():
    """docs/balance.md "Balancing tcbg's own decks": every faction pair within 45-55% with its 95% Wilson interval
    inside 40-60%, and the first player under 60% in every faction pair and with the vanilla decks on both
    boards."""
    games = BALANCE_GAMES + BALANCE_GAMES % 2
    result = _factions(games, seed=7)
    print()
    print(result.table_text())
    intervals = result.intervals()
    for i, j in combinations(range(len(FACTIONS)), 2):
        share, (low, high) = result.win_rates()[i][j], intervals[i][j]
        first = _first_player_share(result.matchups[(i, j)])
        print(f"{FACTIONS[i]} v {FACTIONS[j]}: {share:.3f} [{low:.3f}, {high:.3f}], first player {first:.3f}")
        assert 0.45 <= share <= 0.55 and 0.40 <= low and high <= 0.60, (FACTIONS[i], FACTIONS[j], share, low, high)
        assert first < 0.60, (FACTIONS[i], FACTIONS[j], first)
    for board, (a, b) in VANILLA.items():
        first = _first_player_share(matchup(a, b, games, board=board, seed=7, workers=2))
        print(f"{a} v {b} on {board}: first player {first:.3f}")
        assert first < 0.60, (board, first)
