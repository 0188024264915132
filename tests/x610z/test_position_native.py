"""The core's reader of position documents (cpp/src/x610z/position_read.cpp) against the Python reader, the
reference (src/tcbg/x610z/position.py; docs/state-format.md, "Positions as JSON", P1-P22).

The contract: for a document's text the core's reader either refuses (and ``game.state_from_json`` runs the Python
reader, which words the error) or gives exactly the state bytes the Python reader gives; it never accepts a
document the Python reader refuses. Checked over every position of round-trip-soak play (every board, setup and
deck family, random and heuristic play: the core's reader must take every one of them, or the fast path would not
be the path), and over mutated documents: fields removed, renamed, retyped, out of range, other cards, truncated
texts, huge integers, deep nesting.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcbg
from tcbg import _core
from tcbg.errors import PositionError
from tcbg.x610z import Board
from tcbg.x610z import _state_bytes as sb
from tcbg.x610z.position import _parse_text, _Reader, native_reader, python_state_from_json

from playing import document_paths, get_path
from test_position_soak import CONFIGS, MODES, decks_for, game_for


def python_bytes(game, text: str) -> bytes | PositionError:
    """The Python reader's state bytes for ``text`` (before the rules engine's own checks, P15), or its error."""
    try:
        return sb.encode(_Reader(game, _parse_text(text)).read())
    except PositionError as err:
        return err


def soak_positions(board: str, setup: str, family: str, game_no: int, max_actions: int):
    """(game, state) after each action of one game of the round-trip soak's kind (its decks, seeds and modes)."""
    seats = len(Board.load(board).setups[setup].seats)
    decks = decks_for(board, seats, family, game_no)
    game = game_for(board, setup, decks, 12)
    seed = zlib.crc32(f"native/{board}/{setup}/{family}/{game_no}".encode())
    mode = MODES[game_no % len(MODES)]
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    heuristic = _core.x610z.Agent({"kind": "heuristic"}, seed)
    for _ in range(max_actions):
        yield game, state
        if state.is_terminal():
            return
        if mode == "heuristic" or (mode == "mixed" and state.current_player() % 2 == 1):
            state.apply_action(heuristic.choose(state._core))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def check_same(game, text: str, where: str) -> bool:
    """Both readers agree on ``text``; True when the core's reader accepted it."""
    data = native_reader(game).read(text)
    reference = python_bytes(game, text)
    if data is not None:
        refusal = "" if not isinstance(reference, PositionError) else str(reference)
        assert not refusal, f"{where}: the core's reader accepts a document the Python reader refuses: {refusal}"
        assert data == reference, f"{where}: the readers give different states"
    return data is not None


@pytest.mark.parametrize("board, setup, family", CONFIGS, ids=[f"{b}-{s}-{f}" for b, s, f in CONFIGS])
def test_every_soak_position_reads_the_same(board, setup, family):
    """Every position of soak play: the core's reader takes it, with the Python reader's bytes, and
    game.state_from_json gives the same serialize() as the Python reader."""
    count = 0
    for game_no in range(2):
        for k, (game, state) in enumerate(soak_positions(board, setup, family, game_no, 150)):
            text = state.to_json()
            where = f"{board} {setup} {family} game {game_no} after {k} actions"
            reader = native_reader(game)
            assert reader.read(text) is not None, f"{where}: refused ({reader.refusal}): {text}"
            assert check_same(game, text, where)
            assert game.state_from_json(text).serialize() == python_state_from_json(game, text).serialize(), where
            count += 1
    assert count > 40


def test_effects_under_way_read_the_same():
    """Faction decks in longer play reach stack items with targets, resolutions paused at a choice, waiting
    triggered abilities and lasting effects (P17-P22): the core's reader takes each such position."""
    seen = set()
    placing = Path(__file__).resolve().parents[1] / "decks" / "arnunnian-placing.txt"  # Library's counters
    game = tcbg.load_game(cards="ruins", decks=[str(placing), "pirate"], max_turns=40)
    for seed in range(2):  # two games of a few thousand positions reach every kind below
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            text = state.to_json()
            doc = json.loads(text)
            seen.update(key for key in ("resolution", "waiting", "lasting_effects", "costs_due", "stack")
                        if key in doc)
            seen.update(key for p in doc["players"] for e in p.get("in_play", []) if isinstance(e, dict)
                        for key in e if key in ("stat_changes", "granted", "focus", "counters"))
            assert native_reader(game).read(text) is not None, native_reader(game).refusal
            assert check_same(game, text, f"seed {seed}")
            state.apply_action(rng.choice(state.legal_actions()))
    assert {"stack", "resolution", "waiting", "stat_changes", "focus", "counters"} <= seen, seen


def test_every_effect_field_reads_the_same():
    """A document with every card-effect field (P17-P22) the engine keeps, lasting effects too (rare in play):
    the core's reader takes it, with the Python reader's bytes."""
    placing = Path(__file__).resolve().parents[1] / "decks" / "arnunnian-placing.txt"  # its cards' fields
    game = tcbg.load_game(board="existenz", setup="1v1", cards="ruins", decks=[str(placing), "undead"])
    doc = {"format": "tcbg-x610z-position/1", "turn": 3, "players": [
        {"in_play": [{"card": "Hunter Dragon", "dot": "r3-01", "stat_changes": {"attack": 2, "speed": -1},
                      "stat_changes_while_in_play": {"defense": 1}, "granted": ["stealth"],
                      "granted_while_in_play": ["cannot be attacked"], "damage_to_prevent": 2,
                      "damage_redirected_to": "Skyspire Citadel (#0)", "control_returns_to": 1},
                     {"card": "Aegis of Arnunnia", "focus": "Hunter Dragon (#1)", "counters": {"time": 2}},
                     "Quickening Shard"]},
        {"in_play": [{"card": "Howling Bogling", "dot": "r3-03", "owner": 1}]}],
        "lasting_effects": [{"effect": "reduce", "duration": "until end of turn", "amount": 1,
                             "target": "Hunter Dragon (#1)", "source": "Aegis of Arnunnia (#25)"},
                            {"effect": "modify", "duration": "while source in play", "stat": "range", "amount": 1,
                             "target": "Hunter Dragon (#1)", "source": "Aegis of Arnunnia (#25)"},
                            {"effect": "grant", "duration": "while source in play", "properties": ["stealth"],
                             "target": "Hunter Dragon (#1)", "source": "Aegis of Arnunnia (#25)"}],
        "stack": [{"kind": "ability", "controller": 0, "source": "Skyspire Citadel (#0)", "ability": 0,
                   "serial": 4}], "next_serial": 9}
    text = json.dumps(doc)
    assert native_reader(game).read(text) is not None, native_reader(game).refusal
    assert check_same(game, text, "every effect field")
    assert game.state_from_json(text).serialize() == python_state_from_json(game, text).serialize()


def test_the_bad_documents_of_the_position_tests_agree():
    """Every bad document of tests/x610z/test_position.py (one per rule P1-P22 at least): the core's reader
    refuses it (or, for P15, gives the Python reader's bytes, which the rules engine refuses), and
    game.state_from_json raises the field and rule the table names."""
    import test_position

    for k, (game, doc, field, rule) in enumerate(test_position.BAD):
        if isinstance(doc, bytes):
            continue
        text = doc if isinstance(doc, str) else json.dumps(doc)
        accepted = check_same(game, text, f"BAD[{k}]")  # P15: both readers take it, the rules engine refuses
        assert not accepted or rule == "P15", f"BAD[{k}] {field} {rule}"
        with pytest.raises(PositionError) as err:
            game.state_from_json(text)
        assert (err.value.field, err.value.rule) == (field, f"state-format {rule}")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 11), st.data())
def test_hypothesis_mutations_of_the_seed_documents_agree(which, data):
    """The position tests' mutations (hypothesis) of their seed documents, effects under way among them: the
    readers agree on every one."""
    import test_position

    which %= len(test_position.SEEDS)
    game, doc = test_position.SEED_GAMES[which], copy.deepcopy(test_position.SEEDS[which])
    for _ in range(data.draw(st.integers(0, 3))):
        if not doc:
            break
        test_position.mutate(doc, data)
    check_same(game, json.dumps(doc), f"seed {which}: {json.dumps(doc)}")


# -- the differential fuzz ------------------------------------------------------------------------------------

def sample_documents() -> list[tuple[object, str]]:
    """(game, text) of varied positions: vanilla and faction decks, 1v1 and more seats, act1 quests."""
    out = []
    for board, setup, family in CONFIGS:
        for k, (game, state) in enumerate(soak_positions(board, setup, family, 1, 90)):
            if k % 15 == 7:
                out.append((game, state.to_json()))
    return out


def nodes(doc):
    """Every (path, value) of a JSON value."""
    return ((path, get_path(doc, path)) for path in document_paths(doc))


def replacements(game, rng: random.Random) -> list:
    names = [name for _, name in game.instance_cards()]
    i = rng.randrange(len(names))
    dots = [d.id for d in game.board.dots]
    return [None, True, False, 0, -1, 1, 7, 8, 99, 100, 255, 256, 65535, 65536, 2**31, 2**63, 2**64 - 1, 2**64,
            10**40, -(10**40), 1.0, 0.0, 2.5, "", "x", "action", "over", "end", "cleanup", "mulligan", [], {},
            [0], [1, 0], [145, -39], {"arrived_from": rng.choice(dots)}, rng.choice(names), rng.choice(dots),
            f"{names[i]} (#{i})", f"{names[i]} (#{(i + 1) % len(names)})", f"{names[i]} (#{len(names) + 3})",
            {"card": rng.choice(names)}, {"card": names[i], "instance": i}, ["drawn"], ["drawn", "drawn"],
            {"B": 1}, {"attack": 2}, {"activation": 1}, ["stealth"], {"kind": "cast", "card": rng.choice(names)},
            {"choice": "move", "card": rng.choice(names)}, {"choice": "announce"}]


FIELD_NAMES = ["card", "instance", "record", "dot", "damage", "heading", "owner", "activated", "moved", "attacked",
               "counters", "stat_changes", "granted", "focus", "kind", "controller", "serial", "ability", "mode",
               "targets", "event", "source", "destination", "target", "heading_rank", "turn", "phase", "priority",
               "passes", "stack", "pending", "waiting", "lasting_effects", "resolution", "pool", "kept", "outcome",
               "reason", "next_serial", "last_choice_card", "announce_stage", "costs_due", "priority_due", "xyz"]


def change(game, doc, rng: random.Random):
    """One change to a copy of ``doc``: a value replaced, a field removed or renamed or added, a list item
    dropped, repeated or swapped."""
    doc = json.loads(json.dumps(doc))
    path, target = rng.choice(list(nodes(doc)))
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    move = rng.randrange(6)
    if move == 0 and path:
        parent[path[-1]] = rng.choice(replacements(game, rng))
    elif move == 1 and isinstance(target, dict) and target:
        del target[rng.choice(list(target))]
    elif move == 2 and isinstance(target, dict) and target:
        key = rng.choice(list(target))
        target[rng.choice(FIELD_NAMES)] = target.pop(key)
    elif move == 3 and isinstance(target, dict):
        target[rng.choice(FIELD_NAMES)] = rng.choice(replacements(game, rng))
    elif move == 4 and isinstance(target, list) and target:
        k = rng.randrange(len(target))
        if rng.random() < 0.5:
            del target[k]
        else:
            target.insert(rng.randrange(len(target) + 1), target[k])
    elif isinstance(target, list) and len(target) > 1:
        a, b = rng.sample(range(len(target)), 2)
        target[a], target[b] = target[b], target[a]
    else:
        parent_key = path[-1] if path else None
        if parent_key is not None:
            parent[parent_key] = rng.choice(replacements(game, rng))
    return doc


@pytest.fixture(scope="module")
def documents():
    return sample_documents()


def test_mutated_documents_agree(documents):
    """Thousands of one- to three-step mutations of real documents: both readers accept with the same state, or
    the core's reader refuses (the Python reader then decides). Nothing crashes."""
    rng = random.Random(20261201)
    accepted = refused = 0
    for round_no in range(2500):
        game, text = documents[round_no % len(documents)]
        doc = json.loads(text)
        for _ in range(rng.choice((1, 1, 2, 3))):
            doc = change(game, doc, rng)
        mutated = json.dumps(doc, indent=rng.choice((None, 1)))
        if check_same(game, mutated, f"mutation {round_no}: {mutated}"):
            accepted += 1
        else:
            refused += 1
    assert accepted > 50 and refused > 1000  # the mutations reach both sides of the rules


def test_broken_texts_agree(documents):
    """Texts that are not the JSON of a position: truncated, a key twice, NaN, huge integers, deep nesting,
    control characters and escapes. The core's reader refuses them all; the Python reader raises its error."""
    rng = random.Random(7)
    game, text = documents[0]
    cases = [text[:k] for k in sorted(rng.sample(range(1, len(text)), 60))]
    doc = json.loads(text)
    doc["seed"] = "@@"
    seeded = json.dumps(doc)

    def with_seed(raw: str) -> str:  # the seed's value as raw JSON text
        return seeded.replace('"@@"', raw)

    cases += [with_seed(raw) for raw in ("NaN", "Infinity", "-Infinity", "9" * 5000, str(2**64), "-1",
                                                "1e400", "5.0", "-0", "0", "true", "[" * 3000 + "]" * 3000,
                                                "[" * 100 + "]" * 100, '"1"', "01", "1.", ".5", "--1", "+1")]
    cases += [text.replace('"format"', '"format": "x", "format"', 1),
              text.replace('tcbg-x610z-position/1', 'tcbg-x610z-position\\u002f1', 1),
              text.replace('tcbg-x610z-position/1', 'tcbg-x610z-\\ud800position/1', 1),
              text.replace('tcbg-x610z-position/1', 'tcbg-x610z-position/1\t', 1),
              "\ufeff" + text, text + " x", text + "\n\t ", "[]", "null", "", " ", "{}",
              '{"format": "tcbg-x610z-position/1"}']
    for k, case in enumerate(cases):
        check_same(game, case, f"case {k}")
        assert outcome(game.state_from_json, game, case) == outcome(python_state_from_json, game, case), k
    # an escape the core decodes reads the same as the plain text; -0 is 0
    escaped = text.replace('tcbg-x610z-position/1', 'tcbg-x610z-position\\u002f1', 1)
    assert native_reader(game).read(escaped) == native_reader(game).read(text) is not None
    assert native_reader(game).read(with_seed("-0")) == native_reader(game).read(with_seed("0"))
    assert native_reader(game).read(with_seed("0")) is not None
    assert native_reader(game).read(text + "\n\t ") is not None


def outcome(read, game, text):
    try:
        return read(game, text).serialize() if read is python_state_from_json else read(text).serialize()
    except PositionError as err:
        return f"{err.field} {err.rule} {err}"


def test_errors_are_the_python_readers(documents):
    """A document the core's reader refuses raises the Python reader's own PositionError (field and rule)."""
    game, text = documents[0]
    doc = json.loads(text)
    doc["players"][0]["hand"] = ["Ashwing Drakes"] if "vanilla" in str(game.decks) else ["Nobody's Card"]
    bad = json.dumps(doc)
    assert native_reader(game).read(bad) is None and native_reader(game).refusal.startswith("P3")
    with pytest.raises(PositionError) as native_err:
        game.state_from_json(bad)
    with pytest.raises(PositionError) as python_err:
        python_state_from_json(game, bad)
    assert str(native_err.value) == str(python_err.value)
    assert native_err.value.rule == "state-format P3" and native_err.value.field == "players[0].hand[0]"


def test_the_rules_engine_still_judges(documents):
    """P15 stays the rules engine's: a document both readers take field by field but the engine refuses raises
    the same P15 error whichever path read it."""
    game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
    doc = {"format": "tcbg-x610z-position/1", "turn": 3, "players": [{"in_play": [
        {"card": "Ashwing Drake", "dot": "r3-01", "damage": 2}]}, {}],
        "pending": {"choice": "move", "card": "Ashwing Drake"}}
    text = json.dumps(doc)
    data = native_reader(game).read(text)
    reference = python_bytes(game, text)
    assert data is None or data == reference
    with pytest.raises(PositionError) as native_err:
        game.state_from_json(text)
    with pytest.raises(PositionError) as python_err:
        python_state_from_json(game, text)
    assert str(native_err.value) == str(python_err.value)


def test_a_dict_is_read_by_python():
    """A dict goes to the Python reader (it may hold what JSON text cannot, such as tuples, which it refuses)."""
    game = tcbg.load_game(decks=["vanilla-a", "vanilla-b"])
    state = game.new_initial_state(seed=5)
    doc = json.loads(state.to_json())
    assert game.state_from_json(doc).serialize() == game.state_from_json(state.to_json()).serialize()
    doc["players"] = tuple(doc["players"])
    with pytest.raises(PositionError, match="P2"):
        game.state_from_json(doc)
