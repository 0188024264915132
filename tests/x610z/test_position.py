"""Positions as JSON (docs/state-format.md, "Positions as JSON", rules P1-P22): the worked example loads and plays;
state.to_json() and game.state_from_json() are exact inverses over random play in every setup of both editions;
every rule refuses a bad document with PositionError naming the field and the rule; mutated documents never crash."""

from __future__ import annotations

import copy
import doctest
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcbg
import tcbg.x610z._state_bytes as state_bytes
import tcbg.x610z.position as position
import tcbg.x610z.position_effects as position_effects
import tcbg.x610z.position_write as position_write
from tcbg.x610z import Board

from playing import document_paths, played

DOCS = Path(__file__).resolve().parents[2] / "docs" / "state-format.md"
DECKS = {"existenz": ["vanilla-a", "vanilla-b"], "act1": ["vanilla-act1-a", "vanilla-act1-b"]}
GAMES = {
    f"{edition}-{setup}": tcbg.load_game("x610z", board=edition, setup=setup, max_turns=80,
                                         decks=[DECKS[edition][i % 2] for i in range(len(spec.seats))])
    for edition in ("existenz", "act1") for setup, spec in Board.load(edition).setups.items()
}
GAME = GAMES["existenz-1v1"]
# with card effects; the Arnunnian list with Divine Intervention, Library of Muljanii and Starlit Prism
PLACING = str(Path(__file__).resolve().parents[1] / "decks" / "arnunnian-placing.txt")
FACTIONS = tcbg.load_game(board="existenz", setup="1v1", cards="ruins", decks=[PLACING, "undead"])
FORMAT = "tcbg-x610z-position/1"
PASS = 0


def worked_example() -> dict:
    text = DOCS.read_text(encoding="utf-8").split("## Worked example", 1)[1]
    return json.loads(re.search(r"```json\n(.*?)\n```", text, re.S).group(1))


EXAMPLE = worked_example()


def test_docstring_examples():
    for module in (position, position_effects, position_write, state_bytes):
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0


# -- the worked example --------------------------------------------------------------------------------------


def test_worked_example_loads_and_plays():  # docs/state-format.md, "Worked example"
    state = GAME.state_from_json(EXAMPLE)
    assert (state.turn, state.phase, state.active_player, state.current_player()) == (9, "action", 0, 1)
    cards = GAME.instance_cards()
    hauler = cards.index((1, "Tusked Hauler"))
    caravan = state.instance(cards.index((0, "Ember Caravan")))
    assert caravan["dot"] == "r2-00" and caravan["activated"]
    assert state.instance(hauler)["damage"] == 4
    assert state.hand(0) == ["Mistscale Wyrm", "Moonwell Shard", "Rustfield Legion"]
    assert state.pool(0) == {"B": 1}
    state.apply_action(PASS)
    state.apply_action(PASS)  # both passed: the attack on the stack resolves (rules.md 5.7, 5.13)
    assert state.instance(hauler)["damage"] == 7
    # the next card player 0 draws is the top of the listed deck
    while state.active_player == 0:
        state.apply_action(PASS if state.phase != "cleanup" else state.legal_actions()[0])
    while state.active_player != 0:
        state.apply_action(PASS if state.phase != "cleanup" else state.legal_actions()[0])
    assert state.hand(0)[-1] == "Cinderblood Raider"


def test_worked_example_as_text_and_bytes():
    text = json.dumps(EXAMPLE)
    a = GAME.state_from_json(text)
    b = GAME.state_from_json(text.encode("utf-8"))
    assert a.serialize() == b.serialize() == GAME.state_from_json(EXAMPLE).serialize()


def test_round_trip_keeps_the_document():
    state = GAME.state_from_json(EXAMPLE)
    doc = json.loads(state.to_json())
    assert doc["players"][1]["in_play"][0] == {"card": "Tusked Hauler", "dot": "r3-00", "damage": 4}
    assert doc["stack"] == EXAMPLE["stack"]
    assert GAME.state_from_json(doc).serialize() == state.serialize()
    assert json.loads(state.to_json(indent=2)) == doc


# -- what a document means -----------------------------------------------------------------------------------


def minimal(**top) -> dict:
    return {"format": FORMAT, "players": [{}, {}], **top}


def test_counters_default_to_what_a_card_enters_play_with_and_round_trip():  # state-format P16, rules.md 6.4
    library = 2 + FACTIONS.instance_cards()[2:].index((0, "Library of Muljanii"))
    plain = FACTIONS.state_from_json(minimal(players=[{"in_play": ["Library of Muljanii"]}, {}]))
    assert plain.counters(library) == {"activation": 3}
    assert "counters" not in plain.to_json()
    used = FACTIONS.state_from_json(minimal(players=[{"in_play": [
        {"card": "Library of Muljanii", "counters": {"activation": 1, "charge": 2}}]}, {}]))
    assert used.counters(library) == {"activation": 1, "charge": 2}
    again = FACTIONS.state_from_json(used.to_json())
    assert again.serialize() == used.serialize()
    spent = FACTIONS.state_from_json(minimal(players=[{"in_play": [
        {"card": "Library of Muljanii", "counters": {}}]}, {}]))
    assert spent.counters(library) == {} and json.loads(spent.to_json())["players"][0]["in_play"] == [
        {"card": "Library of Muljanii", "counters": {}}]


def test_defaults_of_a_minimal_document():
    state = GAME.state_from_json(minimal())
    assert (state.turn, state.phase, state.active_player, state.current_player()) == (1, "action", 0, 0)
    cards = GAME.instance_cards()
    for p, seat in enumerate(GAME.board.setups["1v1"].seats):  # life bases on their start dots
        life_base = state.instance(GAME._core.first_instance(p))
        assert life_base["zone"] == "play" and life_base["dot"] == seat and not life_base["activated"]
        assert state.hand(p) == [] and state.deck_size(p) == sum(1 for owner, _ in cards if owner == p) - 1
    # the unlisted cards lie in the deck in instance order, read from the top: the lowest is drawn first
    state.apply_action(PASS)
    state.apply_action(PASS)  # the action phase ends; the end phase: both pass
    state.apply_action(PASS)
    state.apply_action(PASS)
    assert state.active_player == 1 and state.hand_instances(1) == [GAME._core.first_instance(1) + 1]


def test_names_take_instances_in_order_and_explicit_ones_are_set_aside():  # P3
    doc = minimal(players=[{"hand": ["Ashwing Drake", {"card": "Ashwing Drake", "instance": 1}, "Ashwing Drake"]},
                           {}])
    state = GAME.state_from_json(doc)
    assert state.hand_instances(0) == [2, 1, 3]


def test_deck_top_first_and_unlisted_cards_under_it():  # P4
    cards = GAME.instance_cards()
    last_geode = max(i for i, c in enumerate(cards) if c == (0, "Plain Geode"))
    state = GAME.state_from_json(minimal(players=[{"deck": ["Plain Geode", "Mistscale Wyrm"]}, {}]))
    deck = state.deck_instances(0)  # the core keeps the top card last
    first_geode = min(i for i, c in enumerate(cards) if c == (0, "Plain Geode"))
    first_wyrm = min(i for i, c in enumerate(cards) if c == (0, "Mistscale Wyrm"))
    assert deck[-1] == first_geode and deck[-2] == first_wyrm
    rest = deck[:-2][::-1]  # top first
    assert rest == sorted(rest) and last_geode in rest


def test_heading_forms_are_equivalent():  # P6
    base = copy.deepcopy(EXAMPLE)
    by_direction = copy.deepcopy(EXAMPLE)
    # the caravan arrived at r2-00 from s-00, travelling from (0, -100) to (0, -200): heading (0, -1)
    by_direction["players"][0]["in_play"][0]["heading"] = [0, -1]
    assert GAME.state_from_json(base).serialize() == GAME.state_from_json(by_direction).serialize()


def test_a_summon_controlled_by_another_player():
    doc = minimal(players=[{}, {"in_play": [{"card": "Ashwing Drake", "owner": 0, "dot": "r3-05"}]}])
    state = GAME.state_from_json(doc)
    drake = state.instance(1)
    assert (drake["owner"], drake["controller"], drake["dot"]) == (0, 1, "r3-05")
    assert GAME.state_from_json(state.to_json()).serialize() == state.serialize()


# -- round trips over random play ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_round_trip_over_random_play(name):
    """Every setup of both editions: positions all along random games, terminal ones included, survive the
    round trip exactly (serialize() equal), and writing again gives the same document."""
    game = GAMES[name]
    rng = random.Random(name)
    checked = 0
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while True:
            doc = state.to_json()
            again = game.state_from_json(doc)
            assert again.serialize() == state.serialize().rsplit("\n", 1)[0] + "\n"
            assert again.to_json() == doc
            assert again.legal_actions() == state.legal_actions()
            checked += 1
            if state.is_terminal():
                break
            for _ in range(rng.randrange(1, 120)):
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10


def test_faction_play_round_trips_where_it_failed_before():
    """Arnunnian against Pirate, seed 2, actions from random.Random(2): around the 198th action a card returned to
    a hand keeps its moved flag (every zone now takes the flags) and a catalyst is cast (with card effects fluxes,
    catalysts and quests are cast too, P4); before that, most positions had no JSON form at all."""
    game = tcbg.load_game(cards="ruins", decks=[PLACING, "pirate"])  # the list that game was played with
    state = game.new_initial_state(seed=2)
    rng = random.Random(2)
    seen = set()
    for _ in range(260):
        doc = state.to_json()
        again = game.state_from_json(doc)
        assert again.serialize() == state.serialize().rsplit("\n", 1)[0] + "\n"
        assert again.legal_actions() == state.legal_actions() and again.to_json() == doc
        seen.update(key for key in ("stat_changes", "focus", "paid_abilities_used", "targets", "waiting",
                                    "\"kind\": \"ability\"", "announce") if key in doc)
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(seen) >= 5, seen


def test_card_effects_read_like_the_game():  # P17-P22
    """The new fields name cards as actions do, stats and properties by their words, and round trip."""
    doc = minimal(turn=3, players=[
        {"in_play": [{"card": "Hunter Dragon", "dot": "r3-01", "stat_changes": {"attack": 2, "speed": -1},
                      "stat_changes_while_in_play": {"defense": 1}, "granted": ["stealth"],
                      "granted_while_in_play": ["cannot be attacked"], "damage_to_prevent": 2,
                      "damage_redirected_to": "Skyspire Citadel (#0)"},
                     {"card": "Aegis of Arnunnia", "focus": "Hunter Dragon (#1)"}, "Quickening Shard"]},
        {"in_play": [{"card": "Howling Bogling", "dot": "r3-03", "owner": 1}]}],
        lasting_effects=[{"effect": "reduce", "duration": "until end of turn", "amount": 1,
                          "target": "Hunter Dragon (#1)", "source": "Aegis of Arnunnia (#25)"},
                         {"effect": "modify", "duration": "while source in play", "stat": "range", "amount": 1,
                          "target": "Hunter Dragon (#1)", "source": "Aegis of Arnunnia (#25)"}],
        stack=[{"kind": "ability", "controller": 0, "source": "Skyspire Citadel (#0)", "ability": 0}])
    state = FACTIONS.state_from_json(doc)
    raw = state_bytes.decode(state.serialize_bytes())
    dragon = raw.cards[1]
    assert (dragon.modifier, dragon.lasting, dragon.granted, dragon.granted_lasting) == \
        ([2, 0, -1, 0, 0], [0, 1, 0, 0, 0], 1, 8)
    assert (dragon.shield, dragon.redirect, raw.cards[25].focus) == (2, 0, 1)
    assert [(e.op, e.duration, e.what, e.amount) for e in raw.lasting] == [(35, 0, 0, 1), (48, 2, 3, 1)]
    assert raw.stack[0].kind == state_bytes.STACK_KINDS.index("ability") and raw.stack[0].ability >= 0
    written = json.loads(state.to_json())
    assert written["lasting_effects"] == doc["lasting_effects"]
    assert written["stack"] == [{"kind": "ability", "controller": 0, "source": "Skyspire Citadel (#0)", "ability": 0}]
    in_play = written["players"][0]["in_play"]
    assert in_play[0] == dict(doc["players"][0]["in_play"][0])
    assert FACTIONS.state_from_json(state.to_json()).serialize() == state.serialize()


def test_damage_counts_against_the_defense_card_effects_make():  # P6, P15
    """A summon whose defense a card effect raised may carry damage beyond its printed defense; the core reads the
    damage against the defense once the whole state (lasting and continuous effects) is read."""
    defense = FACTIONS.cards["Hunter Dragon"].defense
    dragon = {"card": "Hunter Dragon", "dot": "r3-01", "damage": defense, "stat_changes": {"defense": 1}}
    state = FACTIONS.state_from_json(minimal(players=[{"in_play": [dragon]}, {}]))
    assert FACTIONS.deserialize_state(state.serialize()).serialize() == state.serialize()
    assert FACTIONS.state_from_json(state.to_json()).serialize() == state.serialize()
    with pytest.raises(tcbg.PositionError) as err:
        FACTIONS.state_from_json(minimal(players=[{"in_play": [dict(dragon, damage=defense + 1)]}, {}]))
    assert err.value.rule == "state-format P15" and "defense" in str(err.value)


def test_same_future_after_the_round_trip():
    """The random generator travels in the document: Murphy's Law shuffles the same way in both states."""
    for seed in range(5):
        state = GAMES["act1-ffa3"].new_initial_state(seed=seed)
        copy_ = GAMES["act1-ffa3"].state_from_json(state.to_json())
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            copy_.apply_action(action)
        assert copy_.serialize_bytes() == state.serialize_bytes()


def test_pieces_of_a_player_who_left_keep_no_heading():  # rules.md 2.9, 5.8
    """A player who leaves a free-for-all takes their pieces off the board, headings and all, so the state still
    reads back (the core refuses a heading on a piece that stands nowhere)."""
    game = GAMES["existenz-ffa3"]
    left = 0
    for seed in range(12):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if any(state.outcome(p)[0] == "lost" for p in range(3)):
                break
        if state.is_terminal():
            continue
        left += 1
        raw = state_bytes.decode(state.serialize_bytes())
        assert all(card.heading < 0 for card in raw.cards if card.dot < 0)
        assert game.deserialize_state(state.serialize()).serialize() == state.serialize()
        assert game.state_from_json(state.to_json()).serialize_bytes() == state.serialize_bytes()
    assert left >= 3


def test_game_conceded_with_a_choice_pending():  # rules.md 5.8: a choice pending for a player who leaves is dropped
    state = GAME.state_from_json({"format": FORMAT, "turn": 5, "players": [
        {"in_play": [{"card": "Ashwing Drake", "dot": "r3-01"}]}, {"in_play": [{"card": "Tusked Hauler",
                                                                                "dot": "r3-00"}]}]})
    state.apply_action(next(a for a in state.legal_actions()
                            if state.action_to_string(a).startswith("attack with Ashwing Drake")))
    state.concede(0)
    GAME.deserialize_state(state.serialize())


# -- every rule refuses its bad documents --------------------------------------------------------------------


def edit(doc: dict, path: str, value=..., delete: bool = False) -> dict:
    """A copy of ``doc`` with the value at a JSON path such as ``players[1].hand[3]`` replaced (or deleted)."""
    doc = copy.deepcopy(doc)
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    target = doc
    for part in parts[:-1]:
        target = target[int(part[1:-1])] if part.startswith("[") else target[part]
    last = parts[-1]
    key = int(last[1:-1]) if last.startswith("[") else last
    if delete:
        del target[key]
    else:
        target[key] = value
    return doc


def drake_move(**fields) -> dict:
    """The example with the attack on the stack replaced by a declared move of the drake to r3-02, with the
    heading the board API gives that move."""
    move = next(m for m in GAME.board.moves("r3-01", 1) if m.destination == "r3-02")
    item = {"kind": "move", "controller": 0, "card": "Ashwing Drake", "destination": "r3-02",
            "heading": list(move.heading)} | fields
    return edit(EXAMPLE, "stack", [item])


FFA3 = GAMES["existenz-ffa3"]
LOST_P1 = {"format": FORMAT, "players": [{}, {"outcome": "lost", "reason": "capitulation"}, {}]}
ALL_DIRECTIONS = minimal(players=[{"in_play": [{"card": "Cinderblood Raider", "dot": "r3-01"}]}, {}])

BAD = [
    # (game, document, field, rule)
    (GAME, [], "position", "P1"),
    (GAME, "{\"format\": 1, \"format\": 2}", "format", "P1"),
    (GAME, "{\"format\": NaN}", "position", "P1"),
    (GAME, "{\"format\": ", "position", "P1"),
    (GAME, b"\xff\xfe", "position", "P1"),
    (GAME, edit(EXAMPLE, "format", "tcbg-x610z-position/9"), "format", "P1"),
    (GAME, edit(EXAMPLE, "format", None, delete=True), "format", "P1"),
    (GAME, edit(EXAMPLE, "colour", "red"), "colour", "P1"),
    (GAME, edit(EXAMPLE, "players[0].graveyard", []), "players[0].graveyard", "P1"),
    (GAME, edit(EXAMPLE, "turn", "9"), "turn", "P1"),
    (GAME, edit(EXAMPLE, "turn", True), "turn", "P1"),
    (GAME, edit(EXAMPLE, "phase", "main"), "phase", "P1"),
    (GAME, edit(EXAMPLE, "players[0].hand[0]", {"card": "Mistscale Wyrm", "dot": "r4-04"}),
     "players[0].hand[0].dot", "P1"),
    (GAME, edit(EXAMPLE, "players[0].hand[0]", {"card": "Mistscale Wyrm", "record": ["seen"]}),
     "players[0].hand[0].record", "P1"),
    (GAME, edit(EXAMPLE, "players[0].in_play[1].attacked", 1), "players[0].in_play[1].attacked", "P1"),
    (GAME, edit(EXAMPLE, "players[0].in_play[0].heading", {"from": "s-00"}), "players[0].in_play[0].heading",
     "P1"),
    (GAME, edit(EXAMPLE, "players[0].pool", "B1"), "players[0].pool", "P1"),
    (GAME, edit(EXAMPLE, "stack[0].heading", None, delete=True), "stack[0].heading", "P1"),
    (GAME, edit(EXAMPLE, "stack[0].kind", "flux"), "stack[0].kind", "P1"),
    (GAME, edit(EXAMPLE, "players", [{}, {}, {}]), "players", "P2"),
    (GAME, edit(EXAMPLE, "active_player", 2), "active_player", "P2"),
    (GAME, edit(EXAMPLE, "players[1].in_play[0].owner", 7), "players[1].in_play[0].owner", "P2"),
    (GAME, edit(EXAMPLE, "players[1].hand[3]", "Ashwing Drakes"), "players[1].hand[3]", "P3"),
    (GAME, edit(EXAMPLE, "players[1].hand", ["Ashwing Drake"] * 4), "players[1].hand[3]", "P3"),  # owns 3
    (GAME, edit(EXAMPLE, "players[0].hand[0]", {"card": "Mistscale Wyrm", "instance": 60}),
     "players[0].hand[0].instance", "P3"),
    (GAME, edit(EXAMPLE, "players[0].hand[0]", {"card": "Mistscale Wyrm", "instance": 1}),
     "players[0].hand[0].instance", "P3"),
    (GAME, edit(edit(EXAMPLE, "players[0].hand[0]", {"card": "Ember Caravan", "instance": 0}),
                "players[0].in_play[0].instance", 0), "players[0].hand[0].instance", "P3"),
    (GAME, edit(EXAMPLE, "players[0].in_play[0]", {"card": "Ember Caravan", "dot": "r2-00", "instance": 0}) |
     {"players": [edit(EXAMPLE, "players[0].in_play[0]", {"card": "Ember Caravan", "dot": "r2-00"})["players"][0]
                  | {"hand": ["Ember Caravan"]}, EXAMPLE["players"][1]]}, "players[0].hand[0]", "P3"),
    (GAME, edit(EXAMPLE, "players[0].in_play[0]", "Ember Caravan") | {"players": [
        {"hand": ["Ember Caravan"]}, {}]}, "players[0].hand[0]", "P4"),
    (GAME, edit(EXAMPLE, "players[1].in_play[0].dot", "r9-99"), "players[1].in_play[0].dot", "P5"),
    (GAME, edit(EXAMPLE, "players[1].in_play[0].dot", "r3-01"), "players[1].in_play[0].dot", "P5"),
    (GAME, edit(EXAMPLE, "players[0].in_play[1].dot", "s-06"), "players[0].in_play[1].dot", "P5"),
    (GAME, edit(EXAMPLE, "players[0].in_play[1].dot", None), "players[0].in_play[1].dot", "P5"),
    (GAME, minimal(players=[{"in_play": [{"card": "Ashwing Drake", "dot": "s-00"}]}, {}]), "players[0].in_play",
     "P5"),  # the life base, listed nowhere, would stand on s-00
    (FFA3, edit(LOST_P1, "players[1].in_play", [{"card": "Ashwing Drake", "dot": "r3-05"}]),
     "players[1].in_play[0].dot", "P5"),
    (GAME, edit(EXAMPLE, "players[1].in_play[0].damage", 10), "players[1].in_play[0].damage", "P6"),
    (GAME, edit(EXAMPLE, "players[1].in_play[0].damage", 256), "players[1].in_play[0].damage", "P6"),
    (GAME, edit(EXAMPLE, "players[0].in_play[2]", {"card": "Quickfire Shard", "dot": "r4-04"}),
     "players[0].in_play[2].dot", "P6"),
    (GAME, edit(EXAMPLE, "players[0].in_play[0].heading", {"arrived_from": "r3-05"}),
     "players[0].in_play[0].heading.arrived_from", "P6"),
    (GAME, edit(EXAMPLE, "players[0].in_play[0].heading", [1, 1]), "players[0].in_play[0].heading", "P6"),
    (FFA3, edit(LOST_P1, "players[1].in_play", [{"card": "Ashwing Drake", "heading": [0, 1]}]),
     "players[1].in_play[0].heading", "P6"),
    (GAME, edit(EXAMPLE, "players[0].in_play[2]", {"card": "Mistscale Wyrm", "dot": "r4-04"}),
     "players[0].in_play[2]", "P7"),
    (GAME, edit(EXAMPLE, "players[0].pool", {"X": 1}), "players[0].pool.X", "P8"),
    (GAME, edit(EXAMPLE, "players[0].pool", {"B": 1001}), "players[0].pool.B", "P8"),
    (GAMES["act1-1v1"], minimal(players=[{"pool": {"R": 1}}, {}]), "players[0].pool.R", "P8"),
    (GAME, edit(EXAMPLE, "turn", 0), "turn", "P9"),
    (GAME, edit(EXAMPLE, "turn", 81), "turn", "P9"),
    (GAME, edit(EXAMPLE, "end_reason", "escape"), "end_reason", "P9"),
    (GAME, edit(EXAMPLE, "phase", "over"), "end_reason", "P9"),
    (GAME, edit(EXAMPLE, "phase", "end"), "stack", "P9"),
    (GAME, minimal(phase="end", pending={"choice": "attack", "card": "Ember Caravan"}), "pending", "P9"),
    (GAME, edit(EXAMPLE, "players[1].outcome", "won"), "players[1].reason", "P10"),
    (GAME, edit(EXAMPLE, "players[1].reason", "escape"), "players[1].reason", "P10"),
    (GAME, edit(edit(EXAMPLE, "players[1].outcome", "won"), "players[1].reason", "escape"),
     "players[1].outcome", "P10"),
    (GAME, edit(edit(EXAMPLE, "players[1].outcome", "lost"), "players[1].reason", "depletion"), "players", "P10"),
    (GAME, edit(EXAMPLE, "players[1].kept", False), "players[1].kept", "P10"),
    (GAME, edit(EXAMPLE, "players[1].murphy_uses", 8), "players[1].murphy_uses", "P10"),
    (GAMES["act1-1v1"], minimal(players=[{"murphy_uses": 7}, {}]), "players[0].murphy_uses", "P10"),
    (GAME, minimal(players=[{}, {"discard": ["Wandering Citadel"]}]), "players[1].discard[0]", "P10"),
    (GAME, minimal(phase="over", end_reason="escape", players=[{"outcome": "won", "reason": "escape"}, {}]),
     "players[1].outcome", "P10"),
    (FFA3, edit(LOST_P1, "priority", 1), "priority", "P11"),
    (FFA3, edit(LOST_P1, "active_player", 1), "active_player", "P11"),
    (GAME, edit(EXAMPLE, "passes", 2), "passes", "P11"),
    (GAME, minimal(phase="cleanup"), "players[0].hand", "P11"),
    (GAME, minimal(phase="cleanup", priority=1, players=[{"hand": ["Quickfire Shard"] * 8}, {}]), "priority",
     "P11"),
    (GAME, minimal(phase="mulligan", priority=0, players=[{"kept": True}, {}]), "priority", "P11"),
    (GAME, minimal(phase="mulligan", active_player=1), "active_player", "P11"),
    (GAME, edit(EXAMPLE, "stack[0].controller", 1), "stack[0].controller", "P12"),
    (GAME, edit(EXAMPLE, "stack[0].card", "Mistscale Wyrm"), "stack[0].card", "P12"),
    (GAME, edit(EXAMPLE, "stack[0].instance", 2), "stack[0].instance", "P12"),
    (GAME, edit(EXAMPLE, "stack[0].target", "r0-00"), "stack[0].target", "P12"),
    (GAME, edit(EXAMPLE, "stack[0].heading", None), "stack[0].heading", "P12"),
    (GAME, edit(EXAMPLE, "stack[0].heading", [1, 0]), "stack[0].heading", "P12"),
    (GAME, drake_move(heading=[-15, -26]), "stack[0].heading", "P12"),  # leaving r3-02, arriving nowhere
    (GAME, edit(EXAMPLE, "stack[0]", {"kind": "move", "card": "Ember Caravan", "destination": "r2-01",
                                      "heading": None}), "stack[0].heading", "P12"),
    (GAME, edit(ALL_DIRECTIONS, "stack", [{"kind": "move", "card": "Cinderblood Raider", "destination": "r3-02",
                                           "heading": [-26, 15]}]), "stack[0].heading", "P12"),
    (GAME, drake_move(heading_rank=9) | {"stack": [{k: v for k, v in drake_move(heading_rank=9)["stack"][0].items()
                                                    if k != "heading"}]}, "stack[0].heading_rank", "P12"),
    (GAME, edit(EXAMPLE, "stack", [{"kind": "cast", "card": "Mistscale Wyrm"}] * 65), "stack", "P12"),
    (GAME, edit(EXAMPLE, "stack", [{"kind": "cast", "card": "Moonwell Shard"}]), "stack[0]", "P4"),
    (GAME, edit(EXAMPLE, "stack", [{"kind": "cast", "card": "Haloborn Reaver"}]), "stack[0].card", "P3"),
    (GAME, edit(EXAMPLE, "pending", {"choice": "move", "card": "Ashwing Drake"}), "pending", "P13"),
    (GAME, minimal(pending={"choice": "move", "card": "Ember Caravan"},
                   players=[{"in_play": [{"card": "Ember Caravan", "dot": "s-00", "activated": True}]}, {}]),
     "pending.card", "P13"),
    (GAME, minimal(pending={"choice": "move", "card": "Ember Caravan"}), "pending.card", "P13"),  # cannot pay C1
    (GAME, minimal(pending={"choice": "attack", "card": "Ember Caravan"},
                   players=[{"in_play": [{"card": "Ember Caravan", "dot": "s-00", "attacked": True}]}, {}]),
     "pending.card", "P13"),
    (GAME, minimal(pending={"choice": "attack", "card": "Ashwing Drake"}), "pending.card", "P13"),
    (GAME, minimal(pending={"choice": "placement", "card": "Ashwing Drake"}, last_choice_card=3),
     "last_choice_card", "P13"),
    (GAME, edit(EXAMPLE, "seed", -1), "seed", "P14"),
    (GAME, edit(EXAMPLE, "counter", 2**64), "counter", "P14"),
    (FACTIONS, minimal(players=[{"in_play": [{"card": "Library of Muljanii", "counters": {"charges": 1}}]}, {}]),
     "players[0].in_play[0].counters", "P16"),
    (FACTIONS, minimal(players=[{"in_play": [{"card": "Library of Muljanii", "counters": [3]}]}, {}]),
     "players[0].in_play[0].counters", "P16"),
    (FACTIONS, minimal(players=[{"in_play": [{"card": "Library of Muljanii", "counters": {"activation": 256}}]},
                                {}]), "players[0].in_play[0].counters.activation", "P16"),
    (tcbg.load_game(board="existenz", setup="1v1", decks=["arnunnian", "undead"], effects=False),
     minimal(players=[{"in_play": [{"card": "Hunter Dragon", "dot": "r3-01", "counters": {"charge": 1}}]}, {}]),
     "players[0].in_play[0].counters", "P16"),
    # card effects under way (P17-P22), in the faction game (player 0 Arnunnian, player 1 Undead)
    (FACTIONS, minimal(players=[{"in_play": [{"card": "Hunter Dragon", "dot": "r3-01",
                                              "stat_changes": {"attack": 100}}]}, {}]),
     "players[0].in_play[0].stat_changes.attack", "P17"),
    (FACTIONS, minimal(players=[{"in_play": [{"card": "Hunter Dragon", "dot": "r3-01", "granted": ["stealthy"]}]},
                                {}]), "players[0].in_play[0].granted", "P17"),
    (FACTIONS, minimal(players=[{"in_play": [{"card": "Aegis of Arnunnia", "focus": "Skyspire Citadel (#0)",
                                              "paid_abilities_used": [1]}]}, {}]),
     "players[0].in_play[0].paid_abilities_used[0]", "P17"),
    (GAME, minimal(players=[{}, {"in_play": [{"card": "Tusked Hauler", "dot": "r3-03", "granted": ["stealth"]}]}]),
     "players[1].in_play[0].granted", "P17"),
    (FACTIONS, minimal(players=[{"in_play": [{"card": "Hunter Dragon", "dot": "r3-01",
                                              "damage_redirected_to": "Hunter Dragon"}]}, {}]),
     "players[0].in_play[0].damage_redirected_to", "P18"),
    (FACTIONS, minimal(players=[{"in_play": [{"card": "Aegis of Arnunnia", "focus": "Skyspire Citadel (#1)"}]}, {}]),
     "players[0].in_play[0].focus", "P18"),
    (FACTIONS, minimal(stack=[{"kind": "ability", "source": "Skyspire Citadel (#0)", "ability": 3}]),
     "stack[0].ability", "P19"),
    (FACTIONS, minimal(stack=[{"kind": "cast", "card": "Divine Intervention", "targets": ["r3-01"]}]),
     "stack[0].targets[0]", "P18"),
    (FACTIONS, minimal(stack=[{"kind": "cast", "card": "Divine Intervention", "mode": 1}]), "stack[0].mode", "P19"),
    (FACTIONS, minimal(stack=[{"kind": "cast", "card": "Tailwind", "additional": [0, 0]}]),
     "stack[0].additional", "P19"),
    (FACTIONS, minimal(stack=[{"kind": "cast", "card": "Hunter Dragon", "targets": [0]}]), "stack[0].targets", "P19"),
    (FACTIONS, minimal(waiting=[{"source": "Charnel Pit (#75)", "ability": 0}] * 33), "waiting", "P20"),
    (FACTIONS, minimal(waiting=[{"source": "Charnel Pit (#75)", "ability": 1}]), "waiting[0].ability", "P20"),
    (GAME, minimal(waiting=[]), "waiting", "P20"),
    (FACTIONS, minimal(stack=[{"kind": "cast", "card": "Divine Intervention"}], pending={"choice": "announce"},
                       announce_stage=13), "announce_stage", "P21"),
    (FACTIONS, minimal(resolution={"item": {"kind": "cast", "card": "Divine Intervention"}, "registers": [0] * 15},
                       pending={"choice": "resolve"}), "resolution.registers", "P21"),
    (FACTIONS, minimal(costs_due={"discard": 0}), "costs_due", "P21"),
    (FACTIONS, minimal(lasting_effects=[{"effect": "modify", "duration": "until end of turn", "stat": "attack",
                                         "amount": 1, "target": "Skyspire Citadel (#0)",
                                         "source": "Skyspire Citadel (#0)"}]), "lasting_effects[0].duration", "P22"),
    (FACTIONS, minimal(lasting_effects=[{"effect": "reduce", "duration": "until end of turn", "amount": 0,
                                         "target": "Skyspire Citadel (#0)", "source": "Skyspire Citadel (#0)"}]),
     "lasting_effects[0].amount", "P22"),
    (GAME, minimal(pending={"choice": "trigger"}), "pending.choice", "P13"),
    # a pending move with nowhere to go: the caravan on its start dot, its only neighbour taken
    (GAME, minimal(pending={"choice": "move", "card": "Ember Caravan"},
                   players=[{"in_play": ["Plain Geode", {"card": "Tusked Hauler", "dot": "r2-00"}]}, {}]),
     "position", "P15"),
]


@pytest.mark.parametrize("game, doc, field, rule", BAD, ids=[f"{b[3]}-{b[2]}-{i}" for i, b in enumerate(BAD)])
def test_bad_documents_name_the_field_and_the_rule(game, doc, field, rule):
    with pytest.raises(tcbg.PositionError) as err:
        game.state_from_json(doc)
    assert (err.value.field, err.value.rule) == (field, f"state-format {rule}"), str(err.value)
    assert str(err.value).startswith(f"{field}: ") and str(err.value).endswith(f"[state-format {rule}]")


def test_every_rule_has_a_bad_document():
    rules = set(re.findall(r"\*\*(P\d+) ", DOCS.read_text(encoding="utf-8")))
    assert rules == {f"P{i}" for i in range(1, 23)}
    assert {b[3] for b in BAD} == rules


def test_the_bad_documents_are_bad_in_one_place_only():
    """Each bad document of the table differs from a good one: the good ones load."""
    for game, doc in [(GAME, EXAMPLE), (FFA3, LOST_P1), (GAME, ALL_DIRECTIONS), (GAME, drake_move()),
                      (GAME, minimal(pending={"choice": "placement", "card": "Ashwing Drake"})),
                      (GAME, minimal(phase="cleanup", players=[{"hand": ["Quickfire Shard"] * 8}, {}])),
                      (GAME, minimal(phase="mulligan")),
                      (GAME, minimal(phase="over", end_reason="escape",
                                     players=[{"outcome": "won", "reason": "escape"},
                                              {"outcome": "lost", "reason": "escape"}]))]:
        game.state_from_json(doc)


# -- fuzzing: mutated documents are refused or valid ---------------------------------------------------------


SEEDS = [EXAMPLE, LOST_P1, drake_move()] + [json.loads(played(GAMES[name], seed, n).to_json())
                                             for name, seed, n in [("existenz-1v1", 1, 400), ("act1-ffa3", 2, 700),
                                                                   ("existenz-2v2", 3, 250)]]
SEED_GAMES = [GAME, FFA3, GAME, GAME, GAMES["act1-ffa3"], GAMES["existenz-2v2"]]
# Card effects under way (P17-P22): a resolution paused at a choice, waiting triggers, focus, stat changes, targets,
# modes and additional effects (Arnunnian against Undead); granted properties, control until end of turn and
# redirected damage (Pirate against Barbarian).
PIRATES = tcbg.load_game(board="existenz", setup="1v1", decks=["pirate", "barbarian"])
for _game, _seed, _n in [(FACTIONS, 0, 121), (FACTIONS, 0, 732), (FACTIONS, 0, 1079), (PIRATES, 0, 210),
                         (PIRATES, 0, 1269), (PIRATES, 1, 1458)]:
    SEEDS.append(json.loads(played(_game, _seed, _n).to_json()))
    SEED_GAMES.append(_game)
WORDS = sorted({d.id for d in GAME.board.dots} | {d.id for d in GAMES["act1-1v1"].board.dots}
               | set(GAME.cards.card_names()) | {"action", "end", "over", "cleanup", "mulligan", "move", "attack",
                                                 "cast", "placement", "drawn", "lost", "won", "escape", "B", "R"}
               | {"ability", "announce", "resolve", "trigger", "Hunter Dragon (#1)", "Skyspire Citadel (#0)",
                  "Ossuary Throne (#51)", "Charnel Pit (#75)", "Hunter Dragon (#2)", "stealth", "all directions",
                  "attack", "defense", "block_rate", "reduce", "modify", "grant", "control", "until end of turn",
                  "while source in play"})
ZONES = ("in_play", "hand", "deck", "discard", "removed")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.sampled_from([2**64, -(2**63), 1.5]) | st.sampled_from(WORDS),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(
        st.sampled_from(["card", "dot", "instance", "kind", "heading", "choice", "owner", "damage", "source",
                         "ability", "targets", "mode", "focus", "subject", "registers"]), children,
        max_size=3),
    max_leaves=6)


def tweak(value, data):
    """A value of the same JSON type, plausible in a position: another name or dot, a number nearby, the other
    flag, a list with an element dropped or doubled."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + data.draw(st.integers(-3, 3))
    if isinstance(value, str):
        return data.draw(st.sampled_from(WORDS))
    if isinstance(value, list) and value:
        k = data.draw(st.integers(0, len(value) - 1))
        return value[:k] + value[k + 1:] if data.draw(st.booleans()) else value + [value[k]]
    return data.draw(json_values)


def mutate(doc, data):
    where = data.draw(st.sampled_from(list(document_paths(doc))[1:]))
    parent = doc
    for key in where[:-1]:
        parent = parent[key]
    action = data.draw(st.sampled_from(["replace", "tweak", "tweak", "delete", "add", "move a card"]))
    if action == "replace":
        parent[where[-1]] = data.draw(json_values)
    elif action == "tweak":
        parent[where[-1]] = tweak(parent[where[-1]], data)
    elif action == "delete":
        del parent[where[-1]]
    elif action == "add" and isinstance(parent, dict):
        parent[data.draw(st.sampled_from(["dot", "damage", "heading", "instance", "stack", "pending", "x", "focus",
                                          "stat_changes", "granted", "targets", "mode", "additional", "waiting",
                                          "resolution", "costs_due", "lasting_effects", "announce_stage"]))] = \
            data.draw(json_values)
    elif action == "add":
        parent.insert(where[-1], data.draw(json_values))
    elif isinstance(doc.get("players"), list) and all(isinstance(p, dict) for p in doc["players"]):
        players = doc["players"]
        source = [(p, z) for p, player in enumerate(players) for z in ZONES if player.get(z)]
        if source and all(isinstance(players[p][z], list) for p, z in source):
            p, z = data.draw(st.sampled_from(source))
            card = players[p][z].pop(data.draw(st.integers(0, len(players[p][z]) - 1)))
            q = data.draw(st.integers(0, len(players) - 1))
            zone = players[q].setdefault(data.draw(st.sampled_from(ZONES)), [])
            if isinstance(zone, list):  # an earlier mutation may have made it something else
                zone.append(card)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SEEDS) - 1), st.data())
def test_mutated_documents_are_refused_or_valid(which, data):
    game, doc = SEED_GAMES[which], copy.deepcopy(SEEDS[which])
    for _ in range(data.draw(st.integers(1, 3))):
        if not doc:
            break
        mutate(doc, data)
    try:
        state = game.state_from_json(doc)
    except tcbg.PositionError as err:
        assert err.rule.startswith("state-format P") and err.field
        return
    # What loads is a consistent position: it writes back exactly, lists its actions and plays on.
    assert game.state_from_json(state.to_json()).serialize() == state.serialize()
    rng = random.Random(0)
    for _ in range(20):
        if state.is_terminal():
            break
        assert state._core.invariant_violation() == ""
        state.apply_action(rng.choice(state.legal_actions()))
