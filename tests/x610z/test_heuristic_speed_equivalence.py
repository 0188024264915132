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
to an end dot changed, not the engine), and when the Arnunnian list and Skyspire Citadel's defense changed in
the search round (docs/balance.md "Under a deeper search"). That play is now the heuristic with ``"answers": "every"``; the default
heuristic answers only the other teams' items (docs/agents.md "Answering"), and ``DEFAULT_FINGERPRINT`` records
its games from when it became the default, so later speed work is held to both.
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
# The fixture below records the heuristic that answers every stack item (HeuristicSettings::answer_every, the
# heuristic before tcbg 0.2.0); DEFAULT_FINGERPRINT records today's default, which answers only the other teams'
# items (docs/agents.md "Answering"), from when it was made the default.
EVERY = {"kind": "heuristic", "answers": "every"}
DEFAULT = {"kind": "heuristic"}

FINGERPRINT = {
    '1v1/arnunnian-undead': ['1a12df0063ec305b', 'cf6242cda82b3c2f'],
    '1v1/arnunnian-pirate': ['24efae3ef3ed0340', 'd119437ad4bc5659'],
    '1v1/arnunnian-barbarian': ['33ad630c28a68609', '6728a2e9935b20d8'],
    '1v1/undead-arnunnian': ['c4c232f3a16a6821', '85156dd29c7ef824'],
    '1v1/undead-pirate': ['e7fb64f42da475ca', '254ae413048c056f'],
    '1v1/undead-barbarian': ['b8e50efbd7977747', 'ea5b978c56e6948c'],
    '1v1/pirate-arnunnian': ['eb70c81ad99e6c2e', 'a8f06a33b5a2b5d0'],
    '1v1/pirate-undead': ['131e5414bc64636f', 'd4e3fb1a57841d3f'],
    '1v1/pirate-barbarian': ['bd1550c06cf9c7b7', 'a3fabc774f63db1d'],
    '1v1/barbarian-arnunnian': ['9b1760ead359336a', '59c27d881cee7da9'],
    '1v1/barbarian-undead': ['d7245801b7caa028', '19675526e6abb80e'],
    '1v1/barbarian-pirate': ['1f6e695368e37114', 'c899428bd00774b9'],
    'ffa4/arnunnian-undead-pirate-barbarian': ['03ae4dbe36fe88a7', 'c292f241c32ed857'],
    '2v2/undead-pirate-barbarian-arnunnian': ['1f533653e8140aaa', 'bccaaef57598f496'],
}

DEFAULT_FINGERPRINT = {
    '1v1/arnunnian-undead': ['f950bf5c2dace62f', 'eff790a1601c1936'],
    '1v1/arnunnian-pirate': ['8b1b4a2b768ed6a2', 'a8e22917fb918b93'],
    '1v1/arnunnian-barbarian': ['ea7b8e37f5081a70', '0143818c9271543f'],
    '1v1/undead-arnunnian': ['ba23ea7ba8646225', '68834c6d79d4a082'],
    '1v1/undead-pirate': ['e8ff8d572ede2b58', '443139418f9febac'],
    '1v1/undead-barbarian': ['01ed6d5048a852a2', '0f723fb4d4f13994'],
    '1v1/pirate-arnunnian': ['cfea412d4a5bd413', '23270086a089f07d'],
    '1v1/pirate-undead': ['0d8f728119c1f194', '4dc6dd121bc67459'],
    '1v1/pirate-barbarian': ['374972f599a2102e', 'd0cc91a18aac7e72'],
    '1v1/barbarian-arnunnian': ['f7330534bbb5e793', 'f438bcbf5c577ea6'],
    '1v1/barbarian-undead': ['5e7d18b6042d76f5', 'b7bf0d35d3f4807c'],
    '1v1/barbarian-pirate': ['95f762cd1a8f97cc', '7cf6c1f1242f915e'],
    'ffa4/arnunnian-undead-pirate-barbarian': ['184309744ed255f4', '417ae4e9a85a316c'],
    '2v2/undead-pirate-barbarian-arnunnian': ['de3c719433f6bdb4', '375d3c8cf2ac4383'],
}


def _digest(setup: str, decks: list[str], spec: dict) -> list[str]:
    game = tcbg.load_game("x610z", board="existenz", setup=setup, decks=decks, max_turns=200)
    agent = _core.x610z.Agent(spec, 0)
    played = hashlib.sha256()
    for seed in range(GAMES):
        state = game.new_initial_state(seed=seed)
        actions = []
        while not state.is_terminal():
            a = agent.choose(state._core)
            actions.append(a)
            state.apply_action(a)
        played.update(json.dumps([seed, actions, state.returns()]).encode())
    records = _core.x610z.simulate(game._core, [spec] * game.num_players(), 5, 0, BATCH)
    batch = hashlib.sha256()
    for key in sorted(records):
        batch.update(key.encode())
        batch.update(records[key].tobytes())
    return [played.hexdigest()[:16], batch.hexdigest()[:16]]


@pytest.mark.parametrize(("setup", "decks"), CASES, ids=IDS)
def test_heuristic_games_as_recorded(setup, decks):
    assert _digest(setup, decks, EVERY) == FINGERPRINT[f"{setup}/{'-'.join(decks)}"]


@pytest.mark.parametrize(("setup", "decks"), CASES, ids=IDS)
def test_default_heuristic_games_as_recorded(setup, decks):
    assert _digest(setup, decks, DEFAULT) == DEFAULT_FINGERPRINT[f"{setup}/{'-'.join(decks)}"]


if __name__ == "__main__":  # regenerate the fixtures (on the engine whose play they record)
    for title, spec in (("FINGERPRINT", EVERY), ("DEFAULT_FINGERPRINT", DEFAULT)):
        print(f"{title} = {{")
        for (setup, decks), name in zip(CASES, IDS):
            print(f"    {name!r}: {_digest(setup, decks, spec)!r},")
        print("}")
