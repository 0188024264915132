"""The engine's shortcuts for card effects (docs/engine-design.md "Where the time goes") leave every game as it was,
decision for decision:

- MOVE by an effect finds its option by a shallow search instead of one of kMaxSteps steps;
- stats and properties are remembered per card for the length of one query (legal actions, legality);
- continuous effects are summed over the cards in play that have any (a derived set kept by the zone setter).

``State.invariant_violation()`` checks each against the long way (the kMaxSteps search for every key listed at a
paused CHOOSE_MOVE, ``continuous_total`` for every remembered answer, the derived set rebuilt from the cards), so
random play with the invariants checked after every action covers them in every setup.

``FINGERPRINT`` is a regression fixture: random-play totals and the final positions of seeded Python random games
with the four faction starter decks, recorded with the engine before these shortcuts existed (commit 809ff1b, and
checked again there when the hash moved off ``serialize()``). A change of the rules (of a card's program, of the
interpreter) changes them legitimately; then regenerate them with ``python
tests/x610z/test_effects_speed_equivalence.py`` on the engine before the rules change, and check that the shortcuts
still give the same numbers. Recorded again when the faction decks and the shipped boards were balanced
(docs/balance.md "Balancing tcbg's own decks": content, not engine), and when the Arnunnian list changed in the
search round (docs/balance.md "Under a deeper search").
"""

from __future__ import annotations

import hashlib
import json
import random
import re

import pytest

import tcbg

FACTIONS = ["arnunnian", "undead", "pirate", "barbarian"]
SETUPS = {"1v1": [["arnunnian", "pirate"], ["undead", "barbarian"]],
          "ffa4": [FACTIONS[k:] + FACTIONS[:k] for k in range(4)],
          "2v2": [FACTIONS[k:] + FACTIONS[:k] for k in range(4)]}
CASES = [(setup, decks) for setup, pairs in SETUPS.items() for decks in pairs]
IDS = [f"{setup}-{'-'.join(decks)}" for setup, decks in CASES]
PYTHON_ACTIONS = 3000  # a Python random game stops here if it has not ended

# setup/decks -> [(decisions, turns) of random_playouts(10, seed) for seeds 1 and 7,
#                 (actions taken, sha256 of the legal action lists and the final cards) of the Python random game
#                 for seeds 3 and 11]
FINGERPRINT = {
    "1v1/arnunnian-pirate": [[30862, 694], [38086, 837],
        [3000, "95bceb605932a2ee"], [3000, "8f90c90efeaf3665"]],
    "1v1/undead-barbarian": [[25460, 695], [19029, 563],
        [1523, "790cd9c83b03f325"], [1723, "cc752baabbedb460"]],
    "ffa4/arnunnian-undead-pirate-barbarian": [[80237, 1364], [77731, 1337],
        [3000, "18d371bce67b1bca"], [3000, "c48cf175da4570ea"]],
    "ffa4/undead-pirate-barbarian-arnunnian": [[80122, 1353], [83888, 1403],
        [3000, "7ebfa1f60a16b235"], [3000, "abbab4787254f765"]],
    "ffa4/pirate-barbarian-arnunnian-undead": [[76638, 1312], [87098, 1484],
        [3000, "8261591ccec2e316"], [3000, "50c2ad37abfcf8bd"]],
    "ffa4/barbarian-arnunnian-undead-pirate": [[77751, 1342], [74800, 1365],
        [3000, "5ff4f6f05a7b8c0a"], [3000, "8b15fd2368885f08"]],
    "2v2/arnunnian-undead-pirate-barbarian": [[76908, 1305], [80560, 1392],
        [3000, "34d944e247c2f77e"], [3000, "1dbd4874aaa13b8a"]],
    "2v2/undead-pirate-barbarian-arnunnian": [[89359, 1430], [75329, 1317],
        [3000, "05e73a407090b5d4"], [3000, "75545eaa869d53c5"]],
    "2v2/pirate-barbarian-arnunnian-undead": [[76470, 1313], [76077, 1316],
        [3000, "5ab9550e0fb49be5"], [3000, "1c8c43f0e686fef5"]],
    "2v2/barbarian-arnunnian-undead-pirate": [[74903, 1307], [85821, 1434],
        [3000, "34bbc66f9ee1879b"], [3000, "ab08bf72886ed2c1"]],
}

MOVE_TO = re.compile(r"move .+ \(#\d+\) from .+ to .+")  # a move's destination (docs/actions.md)


def load(setup: str, decks: list[str]):
    return tcbg.load_game("x610z", board="existenz", setup=setup, decks=decks, max_turns=200)


def python_random_game(game, seed: int) -> list:
    """A seeded random agent through the Python API (apply_action checks every action): actions taken, and a hash of
    every legal action list on the way and of where every card ends (not of ``serialize()``, whose format grows with
    the engine)."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    taken = 0
    seen = hashlib.sha256()
    while not state.is_terminal() and taken < PYTHON_ACTIONS:
        legal = state.legal_actions()
        seen.update(json.dumps(legal).encode())
        state.apply_action(rng.choice(legal))
        taken += 1
    cards = [state.instance(i) for i in range(len(game.instance_cards()))]
    seen.update(json.dumps([cards, [state.returns()[p] for p in range(game.num_players())]]).encode())
    return [taken, seen.hexdigest()[:16]]


def fingerprint(setup: str, decks: list[str]) -> list:
    game = load(setup, decks)
    totals = [game.random_playouts(10, seed=seed) for seed in (1, 7)]
    assert all(t["games"] == 10 and t["draws"] == 0 for t in totals)
    return [[t["decisions"], t["turns"]] for t in totals] + [python_random_game(game, seed) for seed in (3, 11)]


@pytest.mark.parametrize("setup, decks", CASES, ids=IDS)
def test_games_are_those_of_the_engine_without_shortcuts(setup, decks):
    assert fingerprint(setup, decks) == FINGERPRINT[f"{setup}/{'-'.join(decks)}"]


@pytest.mark.parametrize("setup, decks", CASES, ids=IDS)
def test_shortcuts_agree_with_the_long_way_after_every_action(setup, decks):  # rules.md 6.6, 6.10
    totals = load(setup, decks).random_playouts(4, seed=29, check_invariants=True)
    assert totals["games"] == 4 and totals["decisions"] > 4 * 100


def test_paused_moves_by_effects_are_checked_against_the_deepest_search():  # rules.md 6.6
    """The invariant that compares MOVE's shallow search with the kMaxSteps one looks at CHOOSE_MOVE pauses: they
    occur in these games, and the invariants hold at each of them and after each move."""
    game = load("1v1", ["arnunnian", "pirate"])
    pauses = 0
    for seed in range(12):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            names = [state.action_to_string(a) for a in actions]
            if state.pending_kind() == "resolve" and all(MOVE_TO.fullmatch(name) for name in names):
                pauses += 1
                assert state.invariant_violation() == ""
                state.apply_action(rng.choice(actions))
                assert state.invariant_violation() == ""
                continue
            state.apply_action(rng.choice(actions))
    assert pauses >= 5


def test_clones_and_reloaded_states_play_on_identically():
    """Derived sets travel with clone() and are rebuilt by deserialize: the original, a clone and a reloaded copy
    taken at the same moment play on to the same game."""
    game = load("ffa4", FACTIONS)
    for seed in (2, 5):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            state.apply_action(rng.choice(state.legal_actions()))
        copies = [state, state.clone(), game.deserialize_state(state.serialize())]
        rngs = [random.Random(seed + 100) for _ in copies]
        for _ in range(1500):
            if copies[0].is_terminal():
                break
            legal = [copy.legal_actions() for copy in copies]
            assert legal[1] == legal[0] and legal[2] == legal[0]
            for copy, r in zip(copies, rngs):
                copy.apply_action(r.choice(legal[0]))
        assert len({copy.serialize() for copy in copies}) == 1
        assert all(copy.invariant_violation() == "" for copy in copies)


if __name__ == "__main__":  # prints FINGERPRINT for the engine installed now
    print(json.dumps({f"{setup}/{'-'.join(decks)}": fingerprint(setup, decks) for setup, decks in CASES}, indent=1))
