"""The heuristic's speed work (docs/agents.md "Card effects", docs/engine-design.md "Where the time goes") leaves its
choices as they were: the same seeded games with the four faction starter decks give the same decisions, action for
action, and the same batch records.

``FINGERPRINT`` is a regression fixture recorded with the engine before that work (commit 551d1c7, the heuristic
with one full copy of the state per lookahead): per case, the sha256 of every action the native heuristic chose in
``GAMES`` games driven from Python (seeds 0 .. GAMES - 1; every seat's agent ``Agent({"kind": "heuristic"}, 0)``),
and the sha256 of ``simulate``'s records (winner, reason, turns, decisions, first player, card flags) of
``BATCH`` games from master seed 5. A change of the heuristic's play or of the rules changes them legitimately; then
regenerate them with ``python tests/x610z/test_heuristic_speed_equivalence.py`` on the engine before that change,
and check that the speed work still gives the same hashes.
"""

from __future__ import annotations

import hashlib
import itertools
import json

import pytest

import tcbg
from tcbg import _core

FACTIONS = ["arnunnian", "undead", "pirate", "barbarian"]
# every pair of faction decks in both seat orders, 1v1; and the four decks in the team and free-for-all setups
CASES = [("1v1", list(pair)) for pair in itertools.permutations(FACTIONS, 2)] + \
        [("ffa4", FACTIONS), ("2v2", FACTIONS[1:] + FACTIONS[:1])]
IDS = [f"{setup}/{'-'.join(decks)}" for setup, decks in CASES]
GAMES = 4
BATCH = 200
HEURISTIC = {"kind": "heuristic"}

FINGERPRINT = {
    '1v1/arnunnian-undead': ['319df40c8ee2c117', '0836d50c1636a2a7'],
    '1v1/arnunnian-pirate': ['ccc9290c8d8d7cb5', 'f078b0e537e38833'],
    '1v1/arnunnian-barbarian': ['ec77d36248c26bbc', '1199b9dc1caaff24'],
    '1v1/undead-arnunnian': ['f7d0ccb1153b797f', '146db99817426cf1'],
    '1v1/undead-pirate': ['042810359e37d5de', '3e055590284c3b57'],
    '1v1/undead-barbarian': ['7b7641179d471fe5', '1c962f21ea6da62e'],
    '1v1/pirate-arnunnian': ['b3792c39bbed12ca', 'a2f5f3bf6e166f98'],
    '1v1/pirate-undead': ['76bfdf2391fc3253', '883b48df93efd6d7'],
    '1v1/pirate-barbarian': ['06e353f70e77b92e', '6a3f0956a5444205'],
    '1v1/barbarian-arnunnian': ['4ce3342b757b9d30', '444ed9d3110ffe99'],
    '1v1/barbarian-undead': ['12aaf7a832aa0229', '960a45c0a028ba40'],
    '1v1/barbarian-pirate': ['a796f2fb5d5a0872', '68c33b4f2758f192'],
    'ffa4/arnunnian-undead-pirate-barbarian': ['9aa0f7d4aa4d0e6e', '7c8ddbbd3fedf993'],
    '2v2/undead-pirate-barbarian-arnunnian': ['73623705c84ed4a0', '614d54f703c63004'],
}


def _digest(setup: str, decks: list[str]) -> list[str]:
    game = tcbg.load_game("x610z", board="existenz", setup=setup, decks=decks, max_turns=200)
    agent = _core.x610z.Agent(HEURISTIC, 0)
    played = hashlib.sha256()
    for seed in range(GAMES):
        state = game.new_initial_state(seed=seed)
        actions = []
        while not state.is_terminal():
            a = agent.choose(state._core)
            actions.append(a)
            state.apply_action(a)
        played.update(json.dumps([seed, actions, state.returns()]).encode())
    records = _core.x610z.simulate(game._core, [HEURISTIC] * game.num_players(), 5, 0, BATCH)
    batch = hashlib.sha256()
    for key in sorted(records):
        batch.update(key.encode())
        batch.update(records[key].tobytes())
    return [played.hexdigest()[:16], batch.hexdigest()[:16]]


@pytest.mark.parametrize(("setup", "decks"), CASES, ids=IDS)
def test_heuristic_games_as_recorded(setup, decks):
    assert _digest(setup, decks) == FINGERPRINT[f"{setup}/{'-'.join(decks)}"]


if __name__ == "__main__":  # regenerate FINGERPRINT (on the engine whose play it records)
    for (setup, decks), name in zip(CASES, IDS):
        print(f"    {name!r}: {_digest(setup, decks)!r},")
