"""Action texts and their inverse, the legality check tools embed, and the Python conventions of game objects
(pickle, copy, OpenSpiel's terminal player id): docs/actions.md, rules.md 5.9."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import pathlib
import pickle
import random
import re

import numpy as np
import pytest

import tcbg
from tcbg.x610z import Board

# Every shipped deck, on the board of its edition, in every setup of that board.
FAMILIES = {
    "vanilla": ("existenz", ["vanilla-a", "vanilla-b"]),
    "vanilla-act1": ("act1", ["vanilla-act1-a", "vanilla-act1-b"]),
    "factions": ("existenz", ["arnunnian", "undead", "pirate", "barbarian"]),
    "act1-quests": ("act1", ["act1-quests"]),
}
# the Arnunnian list with Divine Intervention, Library of Muljanii and Starlit Prism (their choices)
PLACING = str(pathlib.Path(__file__).resolve().parents[1] / "decks" / "arnunnian-placing.txt")
CASES = [(family, setup) for family, (board, _) in FAMILIES.items() for setup in Board.load(board).setups]


def game_of(family: str, setup: str, seed: int, max_turns: int = 60):
    board, decks = FAMILIES[family]
    seats = len(Board.load(board).setups[setup].seats)
    return tcbg.load_game(board=board, setup=setup, decks=[decks[(i + seed) % len(decks)] for i in range(seats)],
                          max_turns=max_turns)


def check_position(game, state, rng: random.Random) -> list[str]:
    """Texts unique, each read back by the game and by the state, every legal id legal to every check; a sample of
    the other ids refused by every check with apply_action's own reason, the state unchanged."""
    legal = state.legal_actions()
    texts = [state.action_to_string(a) for a in legal]
    assert len(set(texts)) == len(texts), [t for t in texts if texts.count(t) > 1]  # OpenSpiel's conformance
    for a, text in zip(legal, texts):
        assert game.action_from_string(text) == a, (text, a)
        assert state.action_from_string(text) == a, (text, a)
        assert state.is_legal(a) and state.check_action(a) and state.check_action(text).action == a
    before = state.serialize_bytes()
    for a in rng.sample(range(game.num_distinct_actions()), 3):
        if a in legal:
            continue
        verdict = state.check_action(a)
        assert not verdict and not state.is_legal(a) and verdict.action == a
        with pytest.raises(tcbg.IllegalActionError) as raised:
            state.apply_action(a)
        assert raised.value.reason == verdict.reason == state.illegal_reason(a)
    assert state.serialize_bytes() == before
    return texts


@pytest.mark.parametrize("family,setup", CASES)
def test_texts_are_unique_and_read_back_in_random_play(family, setup):  # rules.md 5.9
    for seed in range(2):
        game = game_of(family, setup, seed, max_turns=25)
        state, rng = game.new_initial_state(seed=seed), random.Random(seed)
        while not state.is_terminal():
            check_position(game, state, rng)
            state.apply_action(rng.choice(state.legal_actions()))


def kind_of(text: str) -> str:
    for kind in ("choose mode", "choose player", "choose stack item", "choose dot", "choose none", "put waiting",
                 "decline waiting", "use ability", "place the summon", "attack the summon", "keep the hand"):
        if text.startswith(kind):
            return kind
    if text in ("yes", "no"):
        return text
    if re.fullmatch(r"move .+ from .+ to .+", text):
        return "move to"
    return "choose a card" if text.startswith("choose ") else text.split(" ")[0]


def test_every_kind_of_choice_reads_back():  # the card-effect choices too (rules.md 5.9, section 6)
    seen: set[str] = set()
    decks = FAMILIES["factions"][1]
    setups = list(Board.load("existenz").setups)
    for seed in range(8):
        setup = setups[seed % len(setups)]
        seats = len(Board.load("existenz").setups[setup].seats)  # the list that still holds the drawing cards
        game = tcbg.load_game("x610z", board="existenz", setup=setup, cards="ruins", max_turns=60,
                              decks=[[PLACING, "undead", "pirate", "barbarian"][i % 4] for i in range(seats)])
        state, rng = game.new_initial_state(seed=seed), random.Random(seed)
        while not state.is_terminal():
            seen |= {kind_of(t) for t in check_position(game, state, rng)}
            state.apply_action(rng.choice(state.legal_actions()))
    assert decks and seen >= {"choose a card", "choose player", "choose stack item", "choose mode", "yes", "no",
                              "choose none", "choose dot", "put waiting", "decline waiting", "use ability",
                              "place the summon", "attack the summon", "move to", "cast", "activate", "keep the hand",
                              "Murphy's", "pass", "discard", "place", "attack", "move"}


def play_until(game, seed: int, wanted) -> tcbg.x610z.game.State:
    state, rng = game.new_initial_state(seed=seed), random.Random(seed)
    while not wanted(state):
        assert not state.is_terminal(), "the position did not come up"
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_two_attacks_on_one_target_read_apart_and_name_the_first_line():  # rules.md 3.6
    game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
    first_attack = game._core.action_blocks["attack"]

    def two_on_one(state):
        targets = [(a - first_attack) // 9 for a in state.legal_actions() if a >= first_attack]
        return len(targets) != len(set(targets))

    for seed in range(40):
        try:
            state = play_until(game, seed, two_on_one)
            break
        except AssertionError:
            continue
    else:
        pytest.fail("no position with two attacks on one target")
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    attacker = state.instance(int(re.search(r"\(#(\d+)\)", texts[0]).group(1)))
    board = game.board
    for text in texts:  # "attack the summon on T with NAME (#i) from D, setting out towards N"
        m = re.fullmatch(r"attack the summon on (\S+) with .+ from (\S+), setting out towards (\S+)", text)
        assert m and m.group(2) == attacker["dot"], text
        assert m.group(3) in board.neighbors(m.group(2))


def test_moves_name_the_line_they_arrive_along():  # rules.md 2.11; the heading a move leaves is what 2.9 reads
    game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
    state = play_until(game, 3, lambda s: s.pending_kind() == "move")
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    for a, text in zip(state.legal_actions(), texts):
        m = re.fullmatch(r"move (.+) \(#(\d+)\) from (\S+) to (\S+)(, arriving from (\S+)|, arriving by warp)", text)
        assert m, text
        if m.group(6):  # the move's heading after arriving: from the named dot towards the destination
            assert m.group(6) in game.board.neighbors(m.group(4))
            after = state.clone()
            after.apply_action(a)
            while after.stack_items():
                after.apply_action(0)  # both pass: the move resolves (rules.md 5.12)
            assert after.instance(int(m.group(2)))["dot"] == m.group(4)
            doc = json.loads(after.to_json())
            placed = [c for p in doc["players"] for c in p["in_play"] if c.get("dot") == m.group(4)]
            assert placed[0].get("heading") == {"arrived_from": m.group(6)}, (text, placed)
            break
    else:
        pytest.fail("no move along a line")


def test_ids_outside_the_game_and_unknown_texts_are_refused():
    game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
    state = game.new_initial_state(seed=7)
    n = game.num_distinct_actions()
    for bad in (-1, n, 99999, 2**70):
        with pytest.raises(tcbg.IllegalActionError, match="no such action|no action"):
            state.action_to_string(bad)
        assert not state.is_legal(bad) and not state.check_action(bad)
    assert state.check_action(99999).reason == f"no action 99999 in this game (ids 0 to {n - 1})"
    with pytest.raises(tcbg.IllegalActionError) as raised:
        state.apply_action(99999)
    assert raised.value.reason == state.check_action(99999).reason
    with pytest.raises(tcbg.IllegalActionError, match=r"'keep the hnad'.*did you mean 'keep the hand'\?"):
        state.action_from_string("keep the hnad")
    with pytest.raises(tcbg.IllegalActionError, match=r"'pas'.*did you mean 'pass'\?"):
        game.action_from_string("pas")
    with pytest.raises(tcbg.IllegalActionError, match="no action of this game"):
        game.action_from_string("cast Ashwing Drake (#0)")  # instance 0 is a life base, not a drake
    # a text of this game that is not legal now: the reason is the one applying its id gives
    verdict = state.check_action("pass")
    assert verdict.action == 0 and verdict.reason.startswith(state.illegal_reason(0))
    assert not state.is_legal("pass") and not state.is_legal(True) and not state.is_legal(1.0)
    assert state.is_legal(np.int64(1)) and state.check_action(np.int16(1))


def test_check_actions_over_the_whole_id_space():
    game = tcbg.load_game(decks=["arnunnian", "pirate"])
    rng = random.Random(5)
    state = game.new_initial_state(seed=5)
    ids = np.arange(game.num_distinct_actions())
    for _ in range(150):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        mask = state.check_actions(ids)
        assert mask.dtype == bool and list(np.flatnonzero(mask)) == legal
        assert (mask == state.legal_actions_mask()).all()
        assert state.check_actions(np.array([-5, n := game.num_distinct_actions(), n + 9])).tolist() == [False] * 3
        state.apply_action(rng.choice(legal))  # the cache follows the state
    with pytest.raises(tcbg.GameError, match="1-d"):
        state.check_actions(np.zeros((2, 2), dtype=np.int64))


def test_check_from_a_json_position_changes_nothing():  # docs/actions.md "Checking actions"
    game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
    state = play_until(game, 2, lambda s: s.turn >= 4 and s.phase == "action")
    doc = state.to_json()
    for a in list(range(0, game.num_distinct_actions(), 97)) + state.legal_actions():
        verdict = game.check_action(doc, a)
        assert verdict == state.check_action(a) and bool(verdict) == (a in state.legal_actions())
    text = state.action_to_string(state.legal_actions()[-1])
    assert game.check_action(doc, text) and game.check_action(json.loads(doc), text)
    assert game.check_action(state, text)
    assert state.to_json() == doc
    with pytest.raises(tcbg.PositionError):
        game.check_action({"format": "tcbg-x610z-position/1"}, 0)


def test_concede_resets_the_legality_cache():
    game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
    state = game.new_initial_state(seed=1)
    assert state.is_legal(1)
    state.concede(0)
    assert state.is_terminal() and not state.is_legal(1) and state.check_action(1).reason == "the game is over"


def test_finished_games_report_openspiels_terminal_player():
    assert tcbg.TERMINAL_PLAYER_ID == -4 and tcbg.CHANCE_PLAYER_ID == -1  # open_spiel/spiel_utils.h
    game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"], max_turns=30)
    state = game.new_initial_state(seed=7)
    rng = random.Random(0)
    while not state.is_terminal():
        assert state.current_player() >= 0
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == tcbg.TERMINAL_PLAYER_ID
    assert str(state) == "turn 31, the game is over (turn limit)"


@pytest.mark.parametrize("family", ["vanilla", "factions"])
def test_states_games_and_boards_pickle_and_copy(family):
    game = game_of(family, "1v1", 0, max_turns=80)
    state = play_until(game, 4, lambda s: len(s.history()) >= 150 or s.is_terminal())
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state), state.clone()):
        assert again is not state and again.serialize() == state.serialize() and again.history() == state.history()
        if not state.is_terminal():
            a = state.legal_actions()[0]
            again.apply_action(a)
            assert again.serialize() != state.serialize()  # independent
    rebuilt = pickle.loads(pickle.dumps(game))
    assert (rebuilt.max_turns, rebuilt.setup, rebuilt.effects, [d.name for d in rebuilt.decks]) == \
        (game.max_turns, game.setup, game.effects, [d.name for d in game.decks])
    assert rebuilt.new_initial_state(seed=3).serialize() == game.new_initial_state(seed=3).serialize()
    assert copy.deepcopy(game) is game and copy.copy(game) is game  # immutable
    board = pickle.loads(pickle.dumps(game.board))
    assert board.dots == game.board.dots and board.lines == game.board.lines and board.rules == game.board.rules
    moved = pickle.loads(pickle.dumps(state))
    assert moved.get_game() is not game and moved.get_game().num_distinct_actions() == game.num_distinct_actions()
    unpickled_together = pickle.loads(pickle.dumps([state, state.clone()]))
    assert unpickled_together[0].get_game() is unpickled_together[1].get_game()  # one game, pickled once


def test_the_readme_example_runs():  # README.md "Legality checks from Python", its X610Z block
    readme = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme.split("## Legality checks from Python", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    first, reason = out.getvalue().splitlines()
    assert re.fullmatch(r"attack the summon on \S+ with .+ \(#\d+\) from \S+, setting out towards \S+", first)
    assert re.fullmatch(r"not legal now \(pass\): player \d is choosing what .+ \(#\d+\) attacks", reason)


def test_the_docs_examples_run():  # docs/actions.md
    text = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "actions.md").read_text()
    blocks = [part.split("```", 1)[0] for part in text.split("```python\n")[1:]]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for code in blocks:
            exec(compile(code, "docs/actions.md", "exec"), {})
    assert blocks and out.getvalue() == "no legal action reads 'keep the hnad'; did you mean 'keep the hand'?\n"


def test_openspiels_string_to_action():
    state = tcbg.load_game(decks=["vanilla-a", "vanilla-b"]).new_initial_state(seed=7)
    player = state.current_player()
    assert state.string_to_action("keep the hand") == state.string_to_action(player, "keep the hand") == 1
