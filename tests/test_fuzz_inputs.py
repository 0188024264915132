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
