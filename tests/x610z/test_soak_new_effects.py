"""Random play with the effects the engine runs since the lasting-effects work, the rules' invariants checked after every
action (State.invariant_violation, which also checks the lasting effects and the costs being chosen): damage
reduction with each duration, effects lasting while their source is in play, "cannot be attacked", discard and
sacrifice costs, continuous block rates, triggered abilities from the discard pile (rules.md 6.3, 6.9, 6.10, 6.17,
6.18).

CI plays 40 games in 1v1 and 12 in 2v2 (four seats: longer games; on the 10-step roads of existenz each game
is a few thousand actions, each checked). The long run, N games in each setup:

    TCBG_SOAK_GAMES_NEW_EFFECTS=N python -m pytest tests/x610z/test_soak_new_effects.py -q
"""

from __future__ import annotations

import os
import sys

import pytest

import tcbg
from tcbg.x610z.decks import Deck

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from effect_cards import card_set  # noqa: E402
from test_native_effects_block_rate import CARDS as BLOCK_RATE_CARDS  # noqa: E402
from test_native_effects_costs import CARDS as COST_CARDS  # noqa: E402
from test_native_effects_discard_triggers import CARDS as DISCARD_CARDS  # noqa: E402
from test_native_effects_lasting import CARDS as LASTING_CARDS, DEFINITIONS as LASTING  # noqa: E402
from test_native_effects_unattackable import CARDS as UNATTACKABLE_CARDS  # noqa: E402

DEFINITIONS = {**LASTING, **COST_CARDS.effects, **UNATTACKABLE_CARDS.effects, **BLOCK_RATE_CARDS.effects,
               **DISCARD_CARDS.effects}
EXTRA = {c.name: c for cs in (COST_CARDS, UNATTACKABLE_CARDS, BLOCK_RATE_CARDS, DISCARD_CARDS) for c in cs}
SET = card_set(DEFINITIONS, [*LASTING_CARDS,
                             *({"name": n, "type": "summon", "class": EXTRA[n].summon_class, "cost": "C1",
                                "deck_limit": 3, "editions": ["existenz"], "attack": EXTRA[n].attack,
                                "defense": EXTRA[n].defense, "speed": EXTRA[n].speed, "range": EXTRA[n].range,
                                "move_cost": "C1"} for n in ("Oracle", "Altar", "Wisp", "Bastion", "Rampart", "Phoenix"))])
EFFECT_CARDS = ["Stone Skin", "Iron Skin", "Zap", "Recall", "Shieldbearer", "Banner Knight", "Binder", "Puppeteer",
                "Oracle", "Altar", "Offering", "Veil", "Wisp", "Bastion", "Rampart",
                "Phoenix"]
SUMMONS = ["Drake", "Wyrm", "Skiff", "Hauler", "Legion", "Raider"]


def deck(life_base: str) -> Deck:
    lines = [f"Life base: {life_base}"] + [f"2 {c}" for c in EFFECT_CARDS] + [f"1 {c}" for c in SUMMONS]
    lines += ["10 Spark", "10 Pearl"]
    return Deck.parse("\n".join(lines), SET, deck_size=None)


LONG_RUN = os.environ.get("TCBG_SOAK_GAMES_NEW_EFFECTS")


@pytest.mark.parametrize("setup, games", [("1v1", 40), ("2v2", 12)])
def test_random_play_with_the_new_effects_keeps_the_rules(setup, games):
    games = int(LONG_RUN) if LONG_RUN else games
    seats = 2 if setup == "1v1" else 4
    game = tcbg.load_game(board="existenz", setup=setup, cards=SET,
                          decks=[deck("Keep" if p % 2 == 0 else "Rival Keep") for p in range(seats)], max_turns=120)
    totals = game.random_playouts(games, seed=5, check_invariants=True)
    assert totals["games"] == games and totals["decisions"] > games * 10
