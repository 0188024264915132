"""The harness knows games through their registered kinds (docs/simulation.md, "Games the harness plays"): X610Z's,
and any other game registering one plays through the same batches, runner and records."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np
import pytest

import tcbg
from tcbg import _core, api
from tcbg.api import kinds
from tcbg.montecarlo import games


@pytest.fixture(scope="module")
def game():
    return tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"], max_turns=40)


def test_x610z_is_a_registered_kind(game):
    kind = games.kind_of(game)
    assert kind is games.kind_named("x610z") and kind.native is _core.x610z
    assert kind.reasons[kind.reason_code("escape")] == "escape" and kind.reason_code("") == 0
    records = tcbg.simulate(game, "random", games=3, seed=2, workers=1)
    assert records.reasons == kind.reasons
    assert set(records.reason_names()) <= set(kind.reasons)


def test_x610z_faces_are_the_shared_classes(game):
    state = game.new_initial_state(seed=1)
    assert isinstance(game, api.Game) and isinstance(state, api.State)
    assert state.current_player() >= 0 and not state.is_chance_node()
    # the record bits a batch keeps, as the core writes them
    assert state.card_flags().tolist() == [state.record(i) | (4 if state.instance(i)["zone"] == "play" else 0)
                                           for i in range(len(game.instance_cards()))]


def test_unknown_games_and_objects_are_refused():
    with pytest.raises(tcbg.GameError, match="no game 'chess' is known"):
        games.kind_named("chess")
    with pytest.raises(tcbg.GameError, match="expected a game made by tcbg.load_game"):
        games.config_of(object())
    with pytest.raises(tcbg.GameError, match="expected a game made by tcbg.load_game"):
        tcbg.simulate(object(), "random", games=1, workers=1)


# A toy game of two seats and three card instances whose "native" batch function writes records from the game
# index alone: enough for the harness, which must play it without knowing anything of X610Z.
@dataclass(frozen=True)
class ToyConfig:
    key: str = "toy"
    kind = "toy"

    def build(self):
        return ToyGame()


class ToyGame:
    KIND = "toy"
    _core = "toy core"

    def num_players(self) -> int:
        return 2

    def instance_cards(self):
        return [(0, "pebble"), (1, "pebble"), (1, "stone")]


def _toy_simulate(core, agents, master, first, count):
    assert core == "toy core" and agents == [{"kind": "random"}] * 2
    idx = np.arange(first, first + count)
    return {"winner_mask": (1 + idx % 2).astype(np.uint8), "reason": (1 + idx % 2).astype(np.uint8),
            "turns": idx.astype(np.uint16), "decisions": (2 * idx).astype(np.uint32),
            "first_player": (idx % 2).astype(np.uint8), "card_flags": np.full((count, 3), 1, np.uint8)}


@pytest.fixture()
def toy_kind():
    kind = games.GameKind(name="toy", config_of=lambda g: ToyConfig(), native=SimpleNamespace(simulate=_toy_simulate),
                          reasons=("none", "checkmate", "stalemate"), teams_of=lambda g: (0, 1),
                          matchup_games=lambda a, b, **kw: None, game_facts=lambda g: {"name": "toy"})
    games.register(kind)
    yield kind
    del kinds._KINDS["toy"]


def test_another_game_plays_through_the_same_harness(toy_kind):
    records = tcbg.simulate(ToyGame(), "random", games=5, seed=3, workers=1, batch_size=2)
    assert records.native and records["game"].tolist() == list(range(5))
    assert records["seed"].tolist() == [_core.derive_seed(3, i) for i in range(5)]
    assert records.reason_names() == ["checkmate", "stalemate", "checkmate", "stalemate", "checkmate"]
    assert records.instances == ToyGame().instance_cards() and records.card_flags.shape == (5, 3)
    assert games.teams_of(ToyGame()) == (0, 1)
