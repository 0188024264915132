"""The heuristic's speed work (docs/agents.md "Card effects", docs/engine-design.md "Where the time goes") leaves its
choices as they were: the same seeded games with the four faction starter decks give the same decisions, action for
action, and the same batch records.

``FINGERPRINT`` is a regression fixture recorded with the engine before that work (commit 551d1c7, the heuristic
with one full copy of the state per lookahead): per case, the sha256 of every action the native heuristic chose in
``GAMES`` games driven from Python (seeds 0 .. GAMES - 1; every seat's agent ``Agent({"kind": "heuristic"}, 0)``),
and the sha256 of ``simulate``'s records (winner, reason, turns, decisions, first player, card flags) of
``BATCH`` games from master seed 5. A change of the heuristic's play or of the rules changes them legitimately; then
regenerate them with ``python tests/x610z/test_heuristic_speed_equivalence.py`` on the engine before that change,
and check that the speed work still gives the same hashes. Recorded again when the faction decks and the shipped
boards were balanced (docs/balance.md "Balancing tcbg's own decks": card numbers, deck counts and the boards' road
to an end dot changed, not the engine).
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
'1v1/arnunnian-undead': ['87cac037d283e5ff', 'effa1ba5dc41e4a9'],
    '1v1/arnunnian-pirate': ['d5934dc6491960c7', '17ac9c367ce2cd4d'],
    '1v1/arnunnian-barbarian': ['e2d00c08fc7238ce', '001b0033116922c9'],
    '1v1/undead-arnunnian': ['ff7b01410a33a5ae', '2d9f72e461b0f476'],
    '1v1/undead-pirate': ['e7fb64f42da475ca', '254ae413048c056f'],
    '1v1/undead-barbarian': ['b8e50efbd7977747', 'ea5b978c56e6948c'],
    '1v1/pirate-arnunnian': ['060f51b86a1c31c5', 'cce0aec019735c41'],
    '1v1/pirate-undead': ['131e5414bc64636f', 'd4e3fb1a57841d3f'],
    '1v1/pirate-barbarian': ['bd1550c06cf9c7b7', 'a3fabc774f63db1d'],
    '1v1/barbarian-arnunnian': ['8d03dba241f374e8', '4a07684a84ea6e89'],
    '1v1/barbarian-undead': ['d7245801b7caa028', '19675526e6abb80e'],
    '1v1/barbarian-pirate': ['1f6e695368e37114', 'c899428bd00774b9'],
    'ffa4/arnunnian-undead-pirate-barbarian': ['0d0d0b2f88c9c87a', '1a935a922002a606'],
    '2v2/undead-pirate-barbarian-arnunnian': ['d0282c26981888b8', '45cead1edb2a2405'],
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
