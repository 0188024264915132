"""Bad input never crashes and is never silently accepted: random JSON-shaped garbage and random mutations of good
documents either load or raise the typed error of their format (board-format B*, card-data C*)."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcbg
from playing import document_paths, get_path
from tcbg.x610z import Board, CardSet

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**7, 10**7) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8) | st.sampled_from([2**31, 2**63, -(2**63) - 1, 2**64, -(10**40)]),  # beyond 32/64 bits
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)



def _good_board() -> dict:
    from importlib import resources

    path = resources.files("tcbg.x610z") / "boards" / "act1.json"
    return json.loads(path.read_text(encoding="utf-8"))


def _good_cards() -> dict:
    from importlib import resources

    path = resources.files("tcbg.x610z") / "cardsets" / "vanilla.json"
    return json.loads(path.read_text(encoding="utf-8"))


GOOD_BOARD = _good_board()
GOOD_CARDS = _good_cards()


def _paths(doc):
    """Every (path, value) inside a JSON document."""
    return ((path, get_path(doc, path)) for path in document_paths(doc))


@st.composite
def mutated(draw, good):
    doc = copy.deepcopy(good)
    for _ in range(draw(st.integers(1, 3))):
        places = list(_paths(doc))
        path, _ = places[draw(st.integers(0, len(places) - 1))]
        if not path:
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "duplicate"]))
        if action == "replace":
            parent[path[-1]] = draw(json_values)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
    return doc


FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(json_values)
def test_garbage_is_a_board_error(doc):
    try:
        Board.from_dict(doc, source="fuzz.json")
    except tcbg.BoardError as err:
        assert err.file == "fuzz.json" and err.rule.startswith("B")


@FUZZ
@given(mutated(GOOD_BOARD))
def test_mutated_board_loads_or_names_its_rule(doc):
    try:
        board = Board.from_dict(doc, source="fuzz.json")
    except tcbg.BoardError as err:
        assert err.file == "fuzz.json" and err.rule.startswith("B")
    else:
        assert len(board.dots) >= 2


@FUZZ
@given(json_values)
def test_garbage_is_a_card_error(doc):
    try:
        CardSet.from_dict(doc, source="fuzz.json")
    except tcbg.CardError as err:
        assert err.file == "fuzz.json" and err.rule.startswith("C")


@FUZZ
@given(mutated(GOOD_CARDS))
def test_mutated_card_set_loads_or_names_its_rule(doc):
    try:
        cards = CardSet.from_dict(doc, source="fuzz.json")
    except tcbg.CardError as err:
        assert err.file == "fuzz.json" and err.rule.startswith("C")
    else:
        assert len(cards) >= 1


def test_integers_too_long_for_python_are_typed_errors(tmp_path):
    """Python refuses to convert a decimal string of more than 4,300 digits (a bare ValueError); every JSON reader
    of tcbg refuses such a number with its format's error: board-format B1, card-data C1, state-format P1."""
    huge = "9" * 4301
    board_file = tmp_path / "board.json"
    board_file.write_text(json.dumps(GOOD_BOARD).replace('"x": 0', f'"x": {huge}', 1))
    cards_file = tmp_path / "cards.json"
    cards_file.write_text(json.dumps(GOOD_CARDS).replace('"deck_limit": ', f'"deck_limit": {huge}, "x": ', 1))
    for load, path, error, rule in ((Board.load, board_file, tcbg.BoardError, "B1"),
                                    (CardSet.load, cards_file, tcbg.CardError, "C1")):
        try:
            load(path)
        except error as err:
            assert err.rule == rule and "4301 digits" in err.reason, str(err)
        else:
            raise AssertionError(f"{path} loaded")
    game = tcbg.load_game("x610z", board="act1", decks=["vanilla-act1-a", "vanilla-act1-b"])
    text = game.new_initial_state().to_json().replace('"turn": ', f'"turn": -{huge}, "x": ', 1)
    try:
        game.state_from_json(text)
    except tcbg.PositionError as err:
        assert err.rule == "state-format P1" and "4301 digits" in err.reason, str(err)
    else:
        raise AssertionError("position loaded")


def test_json_nested_too_deeply_is_a_typed_error(tmp_path):
    """Python's JSON reader raises RecursionError on deep nesting; boards and card sets name it as their B1/C1."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    for load, error, rule in ((Board.load, tcbg.BoardError, "B1"), (CardSet.load, tcbg.CardError, "C1")):
        try:
            load(path)
        except error as err:
            assert err.rule == rule and "nested too deeply" in err.reason, str(err)
        else:
            raise AssertionError("loaded")


# -- positions (docs/state-format.md P1-P22), card effects under way included ----------------------------------


def _faction_positions() -> tuple:
    """A faction game and documents of positions with card effects under way: a resolution paused at a choice,
    waiting triggered abilities, focus, stat changes, targets and modes (Arnunnian against Undead, random play)."""
    import random

    game = tcbg.load_game(board="existenz", setup="1v1", decks=["arnunnian", "undead"])
    state = game.new_initial_state(seed=0)
    rng = random.Random(0)
    docs = []
    for n in range(1080):
        if n in (121, 732, 1079):
            docs.append(json.loads(state.to_json()))
        state.apply_action(rng.choice(state.legal_actions()))
    return game, docs


FACTION_GAME, FACTION_DOCS = _faction_positions()


@FUZZ
@given(json_values)
def test_garbage_is_a_position_error(doc):
    try:
        FACTION_GAME.state_from_json(doc)
    except tcbg.PositionError as err:
        assert err.rule.startswith("state-format P")


@FUZZ
@given(st.sampled_from(FACTION_DOCS).flatmap(mutated))
def test_mutated_faction_position_loads_or_names_its_rule(doc):
    try:
        state = FACTION_GAME.state_from_json(doc)
    except tcbg.PositionError as err:
        assert err.rule.startswith("state-format P") and err.field
    else:
        assert state._core.invariant_violation() == ""
        assert FACTION_GAME.state_from_json(state.to_json()).serialize() == state.serialize()


# -- the public API's whole-number arguments (docs/actions.md "Checking actions": one rule for ids, players, counts) --

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import assume  # noqa: E402

from tcbg.api import is_whole  # noqa: E402

API_GAMES = {"x610z": tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"]),
             "zx": tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"])}


def _mid_game(game, actions: int):
    import random

    rng = random.Random(actions)
    state = game.new_initial_state(seed=3)
    for _ in range(actions):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


API_STATES = {kind: [_mid_game(game, n) for n in (0, 40)] for kind, game in API_GAMES.items()}

# Values that are no action id and no player of any game: no whole number, or one out of every range.
bad_values = st.one_of(
    st.floats(allow_nan=True), st.booleans(), st.complex_numbers(max_magnitude=10),
    st.integers(min_value=2**31), st.integers(max_value=-1), st.text(max_size=4),
    st.lists(st.integers(0, 3), max_size=2), st.lists(st.lists(st.integers(0, 3), max_size=1), max_size=1),
    st.sampled_from([None, np.True_, np.False_, np.float64(1.0), np.float32(0.0), np.array([1]), np.array(1),
                     np.array([], dtype=np.int64), np.array([1.0]), np.array([True]), (1,), {1: 2}, b"1",
                     2**64, 2**70, -(2**63) - 1, 10**400]),
)
API = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _raises(error, call) -> str:
    try:
        call()
    except error as err:
        return str(err)
    raise AssertionError(f"{call} raised nothing")


@pytest.mark.parametrize("kind", sorted(API_GAMES))
@API
@given(bad=bad_values, which=st.integers(0, 1))
def test_bad_action_ids_and_players_are_typed_errors_and_change_nothing(kind, bad, which):
    game, state = API_GAMES[kind], API_STATES[kind][which]
    before, history = state.serialize(), state.history()
    assert state.is_legal(bad) is False
    _raises(tcbg.IllegalActionError, lambda: state.apply_action(bad))
    for answer in (state.check_action(bad), game.check_action(state, bad)):
        assert not answer and answer.reason
        assert answer.action is None or (is_whole(bad) and answer.action == bad)
    assert isinstance(state.illegal_reason(bad), str) and state.illegal_reason(bad)
    if not isinstance(bad, str):
        _raises(tcbg.IllegalActionError, lambda: state.action_to_string(bad))
    for ids in ([bad], (bad, 0)):  # a sequence of ids: whole numbers answer False, anything else is refused
        try:
            answer = state.check_actions(ids)
        except tcbg.TcbgError:
            assert not is_whole(bad)
        else:
            assert is_whole(bad) and answer[0] is np.False_
    for call in (state.player_return, state.concede, state.observation_tensor, state.observation_string,
                 state.information_state_string, lambda p: state.resample_from_infostate(p, 0)):
        _raises(tcbg.GameError, lambda: call(bad))
    assert state.serialize() == before and state.history() == history


@pytest.mark.parametrize("kind", sorted(API_GAMES))
@API
@given(bad=bad_values)
def test_bad_counts_seeds_and_options_are_typed_errors(kind, bad):
    game = API_GAMES[kind]
    assume(not (is_whole(bad) and 0 <= bad <= 2**62))  # a whole number of games is played
    _raises(tcbg.GameError, lambda: game.random_playouts(games=bad))
    if not (is_whole(bad) and 0 <= bad < 2**64):
        _raises(tcbg.GameError, lambda: game.new_initial_state(seed=bad))
        _raises(tcbg.GameError, lambda: game.random_playouts(1, seed=bad))
    assume(not isinstance(bad, (bool, np.bool_)))
    _raises(tcbg.GameError, lambda: game.random_playouts(1, check_invariants=bad))


def test_numpy_integers_are_whole_numbers_everywhere():
    for kind, game in API_GAMES.items():
        state = game.new_initial_state(seed=np.uint64(3))
        action = np.int32(state.legal_actions()[0])
        assert state.is_legal(action) and state.check_action(action) and state.check_actions([action])[0]
        assert state.check_actions(np.array([action], dtype=np.uint64))[0]
        assert state.action_to_string(action) == state.action_to_string(int(action))
        assert state.player_return(np.int8(1)) == 0 and state.observation_string(np.int64(0))
        assert game.random_playouts(games=np.int16(1))["games"] == 1
        state.apply_action(action)
        assert state.history() == [int(action)]
    zx = tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"], first_player=np.int64(1),
                        max_turns=np.uint8(50))
    assert zx.new_initial_state().current_player() == 1


def test_arrays_of_ids_that_are_not_integers_are_refused():
    """check_actions agrees with apply_action: an array of floats or bools is no array of action ids (apply_action
    refuses 1.0 and True), so it is refused rather than converted."""
    state = API_STATES["x610z"][0]
    for ids in (np.array([1.0]), np.array([True]), np.array(["1"]), np.array([1, None], dtype=object), [1.5], [True],
                "01", 1, None):
        _raises(tcbg.TcbgError, lambda: state.check_actions(ids))
    assert state.check_actions(np.array([2**40, -1, 2**63 - 1])).tolist() == [False] * 3
    assert state.check_actions(np.array([2**64 - 1], dtype=np.uint64)).tolist() == [False]
    assert state.check_actions(range(3)).tolist() == [state.is_legal(a) for a in range(3)]


@pytest.mark.parametrize("value", [1.0, True, "1", 2, -1, np.float64(0.0), np.array([1])])
def test_zx_first_player_is_none_0_or_1(value):
    with pytest.raises(tcbg.GameError, match="first_player"):
        tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"], first_player=value)


# -- documents nested deeper than any format: a typed error naming the place, never RecursionError --


def _nest(depth: int, leaf):
    for k in range(depth):
        leaf = {"a": leaf} if k % 2 else [leaf]
    return leaf


def test_dicts_nested_a_thousand_deep_are_typed_errors():
    from tcbg.zx.cards import CardSet as ZXCardSet

    deep = _nest(1000, 0)
    x610z, zx = API_GAMES["x610z"], API_GAMES["zx"]
    x_doc, zx_doc = json.loads(x610z.new_initial_state().to_json()), json.loads(zx.new_initial_state().to_json())
    zx_cards = {"format": "tcbg-zx-cards/1", "name": "x", "cards": []}
    cases = [
        (lambda: x610z.state_from_json({**x_doc, "turn": deep}), tcbg.PositionError, "turn"),
        (lambda: x610z.state_from_json({**x_doc, "players": [deep]}), tcbg.PositionError, "players[0]"),
        (lambda: x610z.check_action({**x_doc, "seed": deep}, 0), tcbg.PositionError, "seed"),
        (lambda: zx.state_from_json({**zx_doc, "turn": deep}), tcbg.PositionError, "turn"),
        (lambda: Board.from_dict({**GOOD_BOARD, "lines": [{"leave_a": deep}]}), tcbg.BoardError, "lines[0].leave_a"),
        (lambda: CardSet.from_dict({**GOOD_CARDS, "name": deep}), tcbg.CardError, "name"),
        (lambda: ZXCardSet.from_dict({**zx_cards, "cards": [deep]}), tcbg.CardError, "cards[0]"),
        (lambda: ZXCardSet.from_dict(deep), tcbg.CardError, ""),
    ]
    for load, error, where in cases:
        message = _raises(error, load)
        assert "nested more than 64 levels deep" in message and where in message, message


# -- every reader of a position, both games (docs/state-format.md P23, docs/zx/state-format.md ZP15-ZP16) --------
# Real positions of random play changed byte by byte (a deterministic sample of offsets and values) and field by
# field: each reader refuses a change with a typed error, or gives a position the game goes on from (its invariants
# hold, it is over or has a legal action, to_json() reads back the same, random play goes on). `python
# tests/position_fuzz.py all` runs the whole byte space (minutes).

import random as _random  # noqa: E402

import position_fuzz  # noqa: E402

_X610Z = position_fuzz.x610z_positions()
_ZX = position_fuzz.zx_positions()


def _sample_offsets(size: int, seed: int, count: int, dense: range) -> list[int]:
    rng = _random.Random(seed)
    return sorted(set(rng.sample(dense, min(count, len(dense)))) | set(rng.sample(range(size), count)))


def _fuzz(items, offsets_of, json_count: int) -> None:
    rng = _random.Random(5)
    bad, counts = [], {"refused": 0, "accepted": 0}
    for k, (game, state) in enumerate(items):
        data = position_fuzz.core_bytes(state)
        for at, new, mutated in position_fuzz.byte_mutations(data, offsets_of(len(data), k)):
            result = position_fuzz.judge(game, lambda: position_fuzz.from_bytes(game, mutated), at)
            if result in counts:
                counts[result] += 1
            else:
                bad.append((k, at, new, result))
        for doc in position_fuzz.json_mutations(json.loads(state.to_json()), rng, json_count):
            for text in (json.dumps(doc), doc):  # the core's reader (a text) and the Python reader (a dict)
                result = position_fuzz.judge(game, lambda: game.state_from_json(text))
                if result in counts:
                    counts[result] += 1
                else:
                    bad.append((k, "json", json.dumps(doc)[:200], result))
    assert not bad, bad[:5]
    assert counts["refused"] and counts["accepted"], counts  # the sample reaches both outcomes


def test_x610z_readers_accept_only_positions_the_game_goes_on_from():
    game, states = _X610Z
    _fuzz([(game, s) for s in states], lambda size, k: _sample_offsets(size, k, 8, range(0, 200)), 10)


def test_zx_readers_accept_only_positions_the_game_goes_on_from():
    # Dense over the header, the frames and the waiting abilities (the first 400 bytes), sparse over the rest.
    _fuzz(_ZX, lambda size, k: _sample_offsets(size, 100 + k, 20, range(16, 400)), 20)


def test_zx_play_frame_without_its_card_is_refused():
    """A Play frame whose card is deleted from the document: refused by ZP15 with nothing read past the card table
    (the frame's card was read before its kind was checked)."""
    game = tcbg.load_game("zx", decks=["c01-white-red", "c02-black-blue"])
    state = game.new_initial_state(seed=1)
    rng = _random.Random(1)
    while True:
        frames = json.loads(state.to_json())["frames"]
        if any(f["kind"] == "play" and f["step"] >= 1 for f in frames):
            break
        state.apply_action(rng.choice(state.legal_actions()))
    doc = json.loads(state.to_json())
    play = next(f for f in doc["frames"] if f["kind"] == "play" and f["step"] >= 1)
    del play["card"]
    for reader_input in (json.dumps(doc), doc):
        try:
            game.state_from_json(reader_input)
        except tcbg.PositionError as err:
            assert err.rule == "zx/state-format ZP14" and "ZP15" in err.reason and "its card" in err.reason, str(err)
        else:
            raise AssertionError("accepted")
    doc = json.loads(state.to_json())
    j = next(k for k, f in enumerate(doc["frames"]) if f["kind"] == "play" and f["step"] >= 1)
    doc["frames"].insert(j, copy.deepcopy(doc["frames"][j]))
    try:  # the same Play frame twice
        game.state_from_json(doc)
    except tcbg.PositionError as err:
        assert "ZP15" in err.reason, str(err)
    else:
        raise AssertionError("a duplicated Play frame accepted")


def test_x610z_announcement_at_a_stage_without_a_decision_is_refused():
    """Arnunnian against Pirate, seed 3, random play to an attack; the announcement stage byte set to one where the
    engine waits for nothing: the reader refuses (P23) rather than give a state without a legal action."""
    game = tcbg.load_game(board="existenz", setup="1v1", decks=["arnunnian", "pirate"])
    state = game.new_initial_state(seed=3)
    rng = _random.Random(3)
    while state.pending_kind() != "attack":
        state.apply_action(rng.choice(state.legal_actions()))
    data = bytearray(position_fuzz.core_bytes(state))
    data[418] = 1
    try:
        accepted = position_fuzz.from_bytes(game, bytes(data))
    except tcbg.GameError as err:
        assert err.rule.startswith("state-format"), str(err)
    else:
        assert position_fuzz.check_accepted(game, accepted) == "accepted"
