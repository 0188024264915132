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
to an end dot changed, not the engine), and when the Arnunnian list, Skyspire Citadel's defense and the
Barbarian and Pirate lists and numbers changed for the search agent (docs/balance.md "Changes to the shipped content").
That play is now the heuristic with ``"answers": "every"``; the default
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
    '1v1/arnunnian-pirate': ['24efae3ef3ed0340', '342f9af47a87a09e'],
    '1v1/arnunnian-barbarian': ['4e9fb3d925f71dc3', 'c7fdf730bcc19681'],
    '1v1/undead-arnunnian': ['c4c232f3a16a6821', '85156dd29c7ef824'],
    '1v1/undead-pirate': ['e7fb64f42da475ca', '0c7ec71e138e46a1'],
    '1v1/undead-barbarian': ['ccb437359acdec50', '22379d9dd3de6f8c'],
    '1v1/pirate-arnunnian': ['eb70c81ad99e6c2e', '067e560109c23700'],
    '1v1/pirate-undead': ['131e5414bc64636f', '785204171e3ef732'],
    '1v1/pirate-barbarian': ['472e114d700078e2', '552ce0c9d932295d'],
    '1v1/barbarian-arnunnian': ['bfc1ad9be1767c09', '9c61c973d472a5a6'],
    '1v1/barbarian-undead': ['1ba93ec1701a74d1', 'ff297acdd16c534d'],
    '1v1/barbarian-pirate': ['c939b05a606676b6', 'eac46a3e59c4db6e'],
    'ffa4/arnunnian-undead-pirate-barbarian': ['cd06a4b498ca89c9', '836cd797b3401306'],
    '2v2/undead-pirate-barbarian-arnunnian': ['aaef9497dadbb24e', 'b090f94ee01e131e'],
}

DEFAULT_FINGERPRINT = {
    '1v1/arnunnian-undead': ['f950bf5c2dace62f', 'eff790a1601c1936'],
    '1v1/arnunnian-pirate': ['8b1b4a2b768ed6a2', 'e20a1fac4ab02b55'],
    '1v1/arnunnian-barbarian': ['5f078ff838227889', '65c09a8565233e76'],
    '1v1/undead-arnunnian': ['ba23ea7ba8646225', '68834c6d79d4a082'],
    '1v1/undead-pirate': ['e8ff8d572ede2b58', '456213c39959f3f0'],
    '1v1/undead-barbarian': ['62cfacb2e49566ad', '1f5f84d558f8b2ab'],
    '1v1/pirate-arnunnian': ['cfea412d4a5bd413', '7dfe72077b783543'],
    '1v1/pirate-undead': ['0d8f728119c1f194', 'ee530f610a5ae192'],
    '1v1/pirate-barbarian': ['c57a5ce90ed4e715', '6c4ead88b6e221b8'],
    '1v1/barbarian-arnunnian': ['fb39a171c9cfcd8e', '708f44180d93d6a4'],
    '1v1/barbarian-undead': ['942a1faef41cfca5', 'c728912d18f4238b'],
    '1v1/barbarian-pirate': ['d59d7ef5332be65c', '3959480a7cd005b1'],
    'ffa4/arnunnian-undead-pirate-barbarian': ['c231de25457cdd59', '3199106404a6427e'],
    '2v2/undead-pirate-barbarian-arnunnian': ['990d2aa98a652548', '3e183f484362cc17'],
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
