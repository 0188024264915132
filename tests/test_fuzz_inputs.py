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
