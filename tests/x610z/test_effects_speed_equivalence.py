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
(docs/balance.md "Balancing tcbg's own decks": content, not engine), and when the Arnunnian list and the
Barbarian and Pirate lists and numbers changed for the search agent (docs/balance.md "Changes to the shipped content").
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
    "1v1/arnunnian-pirate": [[31999, 714], [39322, 858],
        [3000, "2eaabb4017a1ce54"], [3000, "b9b3397c05ad0e5d"]],
    "1v1/undead-barbarian": [[25886, 688], [21195, 612],
        [2179, "8e45f876d6350c6c"], [889, "b0273fbaf96031b9"]],
    "ffa4/arnunnian-undead-pirate-barbarian": [[82295, 1409], [84481, 1447],
        [3000, "2fe4df2cdb26bddf"], [3000, "91f3ecb0b5dcb2c8"]],
    "ffa4/undead-pirate-barbarian-arnunnian": [[78438, 1360], [85131, 1440],
        [3000, "c0410e550d5423ad"], [3000, "1ec27240a441ee17"]],
    "ffa4/pirate-barbarian-arnunnian-undead": [[78745, 1359], [81775, 1416],
        [3000, "e4f2c40ec1152c1c"], [3000, "874602b4d13aaf84"]],
    "ffa4/barbarian-arnunnian-undead-pirate": [[79380, 1383], [75000, 1327],
        [3000, "f9b882fd3c642291"], [3000, "d9c17c335188c61d"]],
    "2v2/arnunnian-undead-pirate-barbarian": [[77610, 1337], [77667, 1326],
        [3000, "97a5977bc334c270"], [3000, "9fd74f299e844e38"]],
    "2v2/undead-pirate-barbarian-arnunnian": [[87683, 1466], [80147, 1360],
        [3000, "8506358669ada8fe"], [3000, "e13a5ac8236023f5"]],
    "2v2/pirate-barbarian-arnunnian-undead": [[78994, 1342], [85194, 1422],
        [3000, "089931c5fbefa51b"], [3000, "8323f8eb25c1aa5a"]],
    "2v2/barbarian-arnunnian-undead-pirate": [[82345, 1391], [83724, 1410],
        [3000, "3df77af74954fa3d"], [3000, "0223572059e3ddbd"]],
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
