"""Z/X positions as JSON (docs/zx/state-format.md, "Positions as JSON", ZP1-ZP14): the round trip for positions
hypothesis reaches, one bad document per rule, a mutation fuzz of real documents and texts that raises only
PositionError (never another exception, never a broken state accepted), and hand-written positions for rules that
the engine's play does not reach: the turn player ordering two waiting abilities (rules.md Z12.2), both players
losing at once (101.3), two Reloads at once (Z10.4)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playing import document_paths
from tcbg.errors import PositionError
from tcbg.zx.game import ACTION_IDS, load_game
from tcbg.zx.position_bytes import canonical
from tests.zx.decks import PAIRS, make_game

VANILLA = load_game(decks=["vanilla-red-blue", "vanilla-white-black"])
STARTERS = load_game(decks=["c01-white-red", "c02-black-blue"])  # with their abilities
STARTERS_34 = load_game(decks=["c03-blue-white", "c04-green-red"])
GAMES = [VANILLA, STARTERS, STARTERS_34] + [make_game(a, b) for a, b in PAIRS]


def position(game_no: int, seed: int, steps: int):
    game = GAMES[game_no]
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed * 31 + steps)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


positions = st.builds(position, st.integers(0, len(GAMES) - 1), st.integers(0, 2**32 - 1), st.integers(0, 500))


@settings(max_examples=80, deadline=None)
@given(positions)
def test_to_json_round_trip(state):
    game = state.get_game()
    doc = state.to_json()
    back = game.state_from_json(doc)
    assert back.serialize_bytes() == canonical(state.serialize_bytes(), game.num_instances)
    assert back.legal_actions() == state.legal_actions()
    assert back.to_json() == doc
    assert game.state_from_json(json.loads(doc)).to_json() == doc  # a dict reads as its text does
    if not state.is_terminal():  # the read position plays on exactly as the original
        action = state.legal_actions()[-1]
        state.apply_action(action)
        back.apply_action(action)
        assert back.to_json() == state.to_json()


def main_position(game=VANILLA, seed=5):
    """A Main-phase position with nothing under way but the Turn (its document)."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not (state.decision() == "main" and state.turn >= 3 and len(json.loads(state.to_json())["frames"]) == 1):
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.legal_actions()))
    return json.loads(state.to_json())


BASE = main_position()


def ref(doc, p, zone, k=-1):
    card = doc["players"][p][zone][k]
    return card if isinstance(card, str) else card["card"]


def other_name(text):
    name, number = text.rsplit(" #", 1)
    return f"{name}x #{number}"


def swap_owner_card(d):  # a card of player 1 listed in player 0's hand
    d["players"][0]["hand"].append(d["players"][1]["deck"].pop())


# (rule, field the error names, how the document is broken)
BAD = [
    ("ZP1", "colour", lambda d: d.update(colour="red")),
    ("ZP1", "format", lambda d: d.update(format="tcbg-zx-position/0")),
    ("ZP1", "players[0].pool", lambda d: d["players"][0].update(pool=3)),
    ("ZP2", "game.fingerprint", lambda d: d["game"].update(fingerprint="0" * 16)),
    ("ZP2", "game.decks", lambda d: d["game"].update(decks=["vanilla-red-blue", "c01-white-red"])),
    ("ZP3", "turn", lambda d: d.update(turn=201)),
    ("ZP3", "first_player", lambda d: d.update(first_player=True)),
    ("ZP4", "players", lambda d: d["players"].pop()),
    ("ZP4", "players[1].pending_damage", lambda d: d["players"][1].update(pending_damage=9)),
    ("ZP4", "players[0].reloads", lambda d: d["players"][0].update(reloads=256)),
    ("ZP4", "players[1].reloads", lambda d: d["players"][1].update(reloads=-1)),
    ("ZP4", "players[0].player_card", lambda d: d["players"][0]["hand"].append(d["players"][0]["player_card"])
     or d["players"][0].update(player_card=d["players"][0]["hand"].pop(0))),
    ("ZP5", "players[0].hand[0]", lambda d: d["players"][0]["hand"].__setitem__(0, other_name(ref(d, 0, "hand", 0)))),
    ("ZP5", "players[0].hand[0]", lambda d: d["players"][0]["hand"].__setitem__(0, "Nobody #999")),
    ("ZP5", "players[0].hand[0]", lambda d: d["players"][0]["hand"].__setitem__(0, 7)),
    ("ZP6", "players[0].hand[", swap_owner_card),
    ("ZP6", "players", lambda d: d["players"][0]["deck"].pop()),
    ("ZP6", "players[0].trash[", lambda d: d["players"][0]["trash"].append(ref(d, 0, "hand", 0))),
    ("ZP7", "players[0].hand[0].sleeping", lambda d: d["players"][0]["hand"].__setitem__(
        0, {"card": ref(d, 0, "hand", 0), "sleeping": True})),
    ("ZP7", "players[0].hand[0].damage", lambda d: d["players"][0]["hand"].__setitem__(
        0, {"card": ref(d, 0, "hand", 0), "damage": 1000})),
    ("ZP7", "players[0].hand[0].record[0]", lambda d: d["players"][0]["hand"].__setitem__(
        0, {"card": ref(d, 0, "hand", 0), "record": ["played"]})),
    ("ZP7", "players[0].hand[0].marked", lambda d: d["players"][0]["hand"].__setitem__(
        0, {"card": ref(d, 0, "hand", 0), "marked": True})),
    ("ZP8", "field[0].square", lambda d: d["field"][0].update(square="s10")),
    ("ZP8", "field[", lambda d: d["field"].append({"square": d["field"][0]["square"],
                                                            "card": d["players"][0]["hand"].pop(0)})),
    ("ZP9", "frames", lambda d: d.update(frames=[])),
    ("ZP9", "frames[0].kind", lambda d: d["frames"][0].update(kind="phase")),
    ("ZP9", "frames[0].step", lambda d: d["frames"][0].update(step=14)),
    ("ZP9", "frames[0].phase", lambda d: d["frames"][0].update(phase="end")),
    ("ZP9", "frames[1].kind", lambda d: d["frames"].append({"kind": "turn", "player": 0, "step": 9})),
    ("ZP9", "frames[1].count", lambda d: d["frames"].append({"kind": "draw", "player": 0, "step": 0, "count": 255})),
    ("ZP10", "frames[1].from", lambda d: d["frames"].append({"kind": "play", "player": 0, "step": 0,
                                                            "from": "graveyard"})),
    ("ZP10", "frames[1].flags[0]", lambda d: d["frames"].append({"kind": "play", "player": 0, "step": 0,
                                                                "flags": ["cheap"]})),
    ("ZP10", "frames[1].passes", lambda d: d["frames"].append({"kind": "battle", "player": 0, "step": 2,
                                                              "passes": 2})),
    ("ZP11", "waiting[0].kind", lambda d: d.update(waiting=[{"kind": "draw", "player": 0, "card": ref(d, 0, "hand")}])),
    ("ZP11", "waiting", lambda d: d.update(waiting=[{"kind": "life-recovery", "player": 0,
                                                     "card": ref(d, 0, "hand")}] * 9)),
    ("ZP12", "end_reason", lambda d: d.update(end_reason="life")),
    ("ZP12", "players[0].outcome", lambda d: d["players"][0].update(outcome="won")),
    ("ZP13", "seed", lambda d: d.update(seed=2**64)),
    ("ZP13", "counter", lambda d: d.update(counter=-1)),
    ("ZP14", "", lambda d: d["players"][0]["trash"].extend(d["players"][0].pop("life"))),  # no Life (CR 903)
    ("ZP14", "", lambda d: d["frames"].append({"kind": "play", "player": 0, "step": 3,
                                               "card": ref(d, 0, "hand")})),  # a play of a card not resolving
]


@pytest.mark.parametrize("rule,where,breaks", BAD, ids=[f"{r}-{w}" for r, w, _ in BAD])
def test_bad_document_names_field_and_rule(rule, where, breaks):
    doc = copy.deepcopy(BASE)
    if rule == "ZP8":
        assert doc["field"], "the base position has a Z/X on the field"
    breaks(doc)
    with pytest.raises(PositionError) as info:
        VANILLA.state_from_json(doc)
    assert info.value.rule == f"zx/state-format {rule}", str(info.value)
    assert info.value.field.startswith(where), str(info.value)


def test_every_rule_has_a_bad_document():
    assert {rule for rule, _, _ in BAD} == {f"ZP{n}" for n in range(1, 15)}


BAD_TEXTS = [
    "",
    "[1, 2]",
    '{"format": "tcbg-zx-position/1", "format": "tcbg-zx-position/1"}',
    '{"seed": NaN}',
    "[" * 100000 + "]" * 100000,
    '{"seed": ' + "9" * 5000 + "}",
    b"\xff\xfe{}",
]


@pytest.mark.parametrize("text", BAD_TEXTS, ids=range(len(BAD_TEXTS)))
def test_bad_texts(text):
    with pytest.raises(PositionError) as info:
        VANILLA.state_from_json(text)
    assert info.value.rule == "zx/state-format ZP1"


def _mutate(doc, rng: random.Random, refs: list[str]):
    paths = [p for p in document_paths(doc) if p]
    path = rng.choice(paths)
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    choice = rng.randrange(9)
    if choice == 0:
        del parent[key]
    elif choice == 1:
        parent[key] = rng.choice([None, True, "x", [], {}, 1.5, -1, "s5"])
    elif choice == 2:
        parent[key] = rng.choice([255, 256, 2**31, 2**64, -2**63, 10**30])
    elif choice == 3:
        parent[key] = rng.choice(refs)  # another card
    elif choice == 4:
        value = parent[key]
        for _ in range(rng.randrange(1, 60)):
            value = [value] if rng.random() < 0.5 else {"card": value}
        parent[key] = value  # deep nesting
    elif choice == 5 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] += rng.choice([-1, 1])
    elif choice == 6 and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(parent[key]))  # a duplicate
    elif choice == 7 and isinstance(parent, list) and len(parent) > 1:
        j = rng.randrange(len(parent))
        parent[key], parent[j] = parent[j], parent[key]  # two cards swap places
    else:
        parent[key] = {"unknown": 1} if isinstance(parent[key], dict) else parent[key]


def _accepted_is_sound(game, state):
    """An accepted document is a position the engine vouches for: it reads back from its own document, and a game
    going on has a legal action."""
    doc = state.to_json()
    assert game.state_from_json(doc).to_json() == doc
    if not state.is_terminal():
        assert state.legal_actions()


@pytest.mark.parametrize("game_no", range(len(GAMES)))
def test_mutated_documents_raise_only_position_errors(game_no):
    game = GAMES[game_no]
    rng = random.Random(game_no)
    accepted = refused = 0
    for seed in range(12):
        state = position(game_no, seed, rng.randrange(400))
        doc = json.loads(state.to_json())
        refs = [f"{name} #{i}" for i, (_, name) in enumerate(game.instance_cards())]
        for _ in range(40):
            broken = copy.deepcopy(doc)
            for _ in range(rng.randrange(1, 4)):
                _mutate(broken, rng, refs)
            try:
                got = game.state_from_json(broken)
            except PositionError as exc:
                assert exc.rule.startswith("zx/state-format ZP"), str(exc)
                refused += 1
            else:
                _accepted_is_sound(game, got)
                accepted += 1
        text = state.to_json()
        for cut in sorted(rng.sample(range(1, len(text)), 8)):  # truncated texts
            with pytest.raises(PositionError):
                game.state_from_json(text[:cut])
    assert refused > accepted  # the mutations mostly break a rule (swaps and nudges may keep it)


@pytest.mark.parametrize("game_no", range(3))
def test_core_reader_accepts_only_what_the_python_reader_accepts(game_no):
    """The core's reader (cpp/src/zx/position_read.cpp, for texts) against the reference (src/tcbg/zx/position.py):
    for real documents and mutations of them it refuses, or makes the very bytes the reference makes."""
    from tcbg.zx.position import native_reader, python_state_from_json

    game = GAMES[game_no]
    reader = native_reader(game)
    rng = random.Random(100 + game_no)
    refs = [f"{name} #{i}" for i, (_, name) in enumerate(game.instance_cards())]
    read = refused = 0
    for seed in range(8):
        state = position(game_no, seed, rng.randrange(400))
        doc = json.loads(state.to_json())
        assert reader.read(json.dumps(doc)) == canonical(state.serialize_bytes(), game.num_instances), reader.refusal
        for _ in range(40):
            broken = copy.deepcopy(doc)
            _mutate(broken, rng, refs)
            text = json.dumps(broken)
            data = reader.read(text)
            try:
                reference = python_state_from_json(game, text).serialize_bytes()
            except PositionError:
                reference = None
            if data is None:
                refused += 1
                continue
            read += 1
            try:
                core = game.state_class(game, game._core, data, []).serialize_bytes()
            except Exception:  # noqa: BLE001 - the engine refuses it (ZP14): so must the reference
                core = None
            assert core == reference, (text[:300], reader.refusal)
    assert read and refused


def test_other_games_positions_are_refused():
    doc = STARTERS.new_initial_state(seed=3).to_json()
    with pytest.raises(PositionError) as info:
        VANILLA.state_from_json(doc)
    assert info.value.rule == "zx/state-format ZP2"


# -- positions written by hand: the rules the engine's Python tests do not reach by play --

def turn_player_and_doc(doc):
    return doc["turn_player"], copy.deepcopy(doc)


def test_turn_player_orders_two_waiting_abilities():
    """rules.md Z12.2: with two abilities waiting, the turn player chooses which resolves next, whoever controls it;
    the other keeps waiting (as cpp/tests/zx_smoke.cpp checks in C++)."""
    tp, doc = turn_player_and_doc(BASE)
    doc["frames"].append({"kind": "preprocess", "player": tp, "step": 1})
    doc["waiting"] = [{"kind": "life-recovery", "player": tp, "card": ref(doc, tp, "hand", 0)},
                      {"kind": "void-bringer", "player": 1 - tp, "card": ref(doc, 1 - tp, "deck", 0)}]
    state = VANILLA.state_from_json(doc)
    assert state.decision() == "trigger-order" and state.current_player() == tp
    assert state.legal_actions() == [ACTION_IDS["trigger"], ACTION_IDS["trigger"] + 1]
    assert "Void Bringer" in state.action_to_string(ACTION_IDS["trigger"] + 1)
    life, deck = len(doc["players"][tp]["life"]), len(doc["players"][tp]["deck"])
    state.apply_action(ACTION_IDS["trigger"] + 1)  # the opponent's Void Bringer first
    assert state.decision() == "void-bringer" and state.current_player() == 1 - tp
    after = json.loads(state.to_json())
    assert [w["kind"] for w in after["waiting"]] == ["life-recovery"]  # Life Recovery still waits
    state.apply_action(ACTION_IDS["pass"])
    after = json.loads(state.to_json())
    assert after["waiting"] == [] and state.decision() == "main"
    assert len(after["players"][tp]["life"]) == life + 1 and len(after["players"][tp]["deck"]) == deck - 1


def test_both_players_losing_at_once_is_a_draw():
    """rules.md 101.3 (903): both players without Life at the same priority preprocessing: the game is drawn."""
    tp, doc = turn_player_and_doc(BASE)
    for p in (0, 1):
        player = doc["players"][p]
        player["charge"] += [card if isinstance(card, str) else card["card"] for card in reversed(player["life"])]
        player["life"] = []
    doc["frames"][0].update(step=8, phase="ignition")  # preprocessing again, then the Main phase's decision
    doc["frames"] += [{"kind": "preprocess", "player": tp, "step": 0},
                      {"kind": "excess", "player": tp, "step": 1, "chosen": 0}]
    state = VANILLA.state_from_json(doc)
    while not state.is_terminal():
        assert state.decision() == "charge-excess"  # only the Charge excess choices come before the loss
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == [0.0, 0.0] and state.end_reason == "life"
    assert [p["outcome"] for p in json.loads(state.to_json())["players"]] == ["drawn", "drawn"]


def test_two_reloads_at_once_turn_players_first():
    """rules.md Z10.4: both decks empty with cards in both Trashes: both are rebuilt, the turn player's Reload (its
    Life pick by the opponent) first."""
    tp, doc = turn_player_and_doc(BASE)
    for p in (0, 1):
        player = doc["players"][p]
        player["trash"] += list(reversed(player["deck"]))
        player["deck"] = []
    state = VANILLA.state_from_json(doc)
    state.apply_action(ACTION_IDS["pass"])  # the next step: both Reloads come first
    assert state.decision() == "reload-life-pick" and state.current_player() == 1 - tp
    after = json.loads(state.to_json())
    assert after["players"][0]["trash"] == [] and after["players"][1]["trash"] == []
    state.apply_action(ACTION_IDS["life"])
    assert state.decision() == "reload-life-pick" and state.current_player() == tp
    state.apply_action(ACTION_IDS["life"])
    after = json.loads(state.to_json())
    assert [len(p["life"]) for p in after["players"]] == [3, 3]
    assert [len(p["charge"]) for p in after["players"]] == [len(p["charge"]) + 1 for p in doc["players"]]
