"""The heuristic player with card effects (docs/agents.md "heuristic", "Card effects"): it tries each flux, catalyst,
quest or ability on a copy of the position, makes the choices they ask for the same way, and plays one when the
position after it scores better; with something on the stack it answers when that scores better than letting it
resolve."""

from __future__ import annotations

import numpy as np
import pytest

import tcbg
from ruins_play import RUINS, ruins_deck, texts
from tcbg import _core
from tcbg.x610z._state_bytes import RECORD_BITS

SHARDS = ["Quickening Shard"] * 4


def heuristic_line(state, decisions: int) -> list[str]:
    """The texts of the next ``decisions`` actions the heuristic takes, played on ``state``."""
    agent = _core.x610z.Agent({"kind": "heuristic"}, 1)
    line = []
    for _ in range(decisions):
        if state.is_terminal():
            break
        action = agent.choose(state._core)
        line.append(state.action_to_string(action))
        state.apply_action(action)
    return line


def elixir_position(damage: int):
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Tidebreaker Galleon", ["Living Waterfall", "Healing Elixir", *SHARDS]),
                                 ruins_deck("Ossuary Throne", ["Howling Bogling", *SHARDS])])
    return game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"in_play": [{"card": "Living Waterfall", "dot": "r3-02", "damage": damage},
                     {"card": "Tidebreaker Galleon", "dot": "r2-00", "activated": True, "moved": True}],
         "hand": ["Healing Elixir"], "pool": {"C": 1, "B": 1}}, {}]})


def test_heals_its_damaged_summon_and_picks_the_target_that_gains():
    state = elixir_position(damage=5)
    assert "cast Healing Elixir (#2)" in texts(state)
    assert heuristic_line(state, 2) == ["cast Healing Elixir (#2)", "choose Living Waterfall (#1)"]
    assert heuristic_line(state, 2) == ["pass", "pass"]  # both let it resolve
    assert state.instance(1)["damage"] == 0


def test_spends_no_card_for_nothing():
    state = elixir_position(damage=0)
    assert "cast Healing Elixir (#2)" in texts(state)
    assert heuristic_line(state, 1) == ["pass"]


def test_answers_an_attack_that_would_destroy_its_summon():  # rules.md 6.16
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Skyspire Citadel", ["Hunter Dragon", *SHARDS]),
                                 ruins_deck("Tidebreaker Galleon", ["Cargo Beast", "Arcane Rebuke", *SHARDS])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"in_play": [{"card": "Hunter Dragon", "dot": "r3-01"}]},
        {"in_play": [{"card": "Cargo Beast", "dot": "r3-00", "damage": 7}], "hand": ["Arcane Rebuke"],
         "pool": {"C": 1, "M": 1}}]})
    attack = "attack the summon on r3-00 with Hunter Dragon (#1) from r3-01, setting out towards r3-00"
    assert heuristic_line(state, 2) == ["attack with Hunter Dragon (#1)", attack]
    # Player 1 cancels the attack (mode 0 of Arcane Rebuke) rather than deal 2 damage with it.
    assert heuristic_line(state, 3) == ["cast Arcane Rebuke (#8)", "choose mode 0",
                                        "choose stack item 0 (Hunter Dragon (#1))"]
    heuristic_line(state, 2)  # both pass: the rebuke resolves, then the canceled attack is gone
    assert state.instance(7)["zone"] == "play" and state.instance(7)["damage"] == 7


@pytest.mark.parametrize("decks", [("arnunnian", "pirate"), ("undead", "barbarian")])
def test_in_faction_games_it_casts_fluxes_and_catalysts(decks):
    game = tcbg.load_game(board="existenz", setup="1v1", decks=list(decks), max_turns=200)
    records = _core.x610z.simulate(game._core, [{"kind": "heuristic"}] * 2, 11, 0, 20)
    effect_cards = np.array([RUINS[name].type in ("flux", "catalyst") for _, name in game.instance_cards()])
    cast = (records["card_flags"] & RECORD_BITS["cast"]) != 0
    owners = np.array([owner for owner, _ in game.instance_cards()])
    for player in (0, 1):  # each deck casts some of its effect cards
        assert cast[:, effect_cards & (owners == player)].sum() >= 10


def test_with_effects_it_still_beats_random_play():
    game = tcbg.load_game(board="existenz", setup="1v1", decks=["pirate", "barbarian"], max_turns=200)
    heuristic, random_ = {"kind": "heuristic"}, {"kind": "random"}
    first = _core.x610z.simulate(game._core, [heuristic, random_], 5, 0, 20)
    second = _core.x610z.simulate(game._core, [random_, heuristic], 5, 0, 20)
    wins = int((first["winner_mask"] == 1).sum() + (second["winner_mask"] == 2).sum())
    assert wins >= 36, wins


@pytest.mark.parametrize("quest", [True, False])
def test_with_a_quest_in_play_its_summons_head_for_the_quest_dots(quest):  # rules.md 6.25
    game = tcbg.load_game(board="act1", setup="1v1", decks=["act1-quests", "act1-quests"])
    quest_dots = {dot.id for dot in game.board.dots if "quest" in dot.kinds}
    seat = game.board.setups["1v1"].seats[0]
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"in_play": [{"card": "Trail Ox", "dot": "r2-01"},
                     {"card": "Pilgrim Ark", "dot": seat, "activated": True, "moved": True},
                     *(["Pilgrimage of Three Stones"] if quest else [])],
         "pool": {"C": 3, "B": 3, "M": 3}}, {}]})
    declare, destination = heuristic_line(state, 2)
    assert declare == "move Trail Ox (#13)"
    assert (destination.split(" to ")[1].split(",")[0] in quest_dots) == quest, destination


def _own_team_answers(setup: str, decks: list[str], games: int):
    """At each decision of default-heuristic games where the deciding player's team put the top stack item there and
    may do more than pass: the default's choice, and what the heuristic answering every item would choose."""
    game = tcbg.load_game(board="existenz", setup=setup, decks=decks, max_turns=200)
    default = _core.x610z.Agent({"kind": "heuristic"}, 0)
    every = _core.x610z.Agent({"kind": "heuristic", "answers": "every"}, 0)
    team = [game._core.team(p) for p in range(game.num_players())]
    seen = []
    for seed in range(games):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            choice = default.choose(state._core)
            stack = state.stack_items()
            if stack and state.pending_kind() == "none" and len(state.legal_actions()) > 1:
                me, owner = state.current_player(), stack[-1][1]
                if team[me] == team[owner]:
                    seen.append((state.action_to_string(choice), state.action_to_string(every.choose(state._core))))
            state.apply_action(choice)
    return seen


@pytest.mark.parametrize(("setup", "decks"), [("1v1", ["arnunnian", "pirate"]),
                                              ("2v2", ["undead", "pirate", "barbarian", "arnunnian"])])
def test_lets_its_own_teams_items_resolve(setup, decks):  # docs/agents.md "Answering"
    seen = _own_team_answers(setup, decks, 6)
    assert len(seen) >= 20, len(seen)
    assert all(default == "pass" for default, _ in seen)
    assert any(every != "pass" for _, every in seen)  # answering every item, the heuristic plays some of them
