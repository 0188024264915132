"""Rules checked from hand-made positions (game.state_from_json, docs/state-format.md): moves and attacks that fail
on resolution, destruction, escape, the end of a turn (rules.md 5.4-5.14). Each test cites the rule it checks."""

from __future__ import annotations

import json

import pytest

import tcbg

FORMAT = "tcbg-x610z-position/1"
PASS = 0
GAME = tcbg.load_game("x610z", board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"], max_turns=60)
TEAMS = tcbg.load_game("x610z", board="existenz", setup="2v2", decks=["vanilla-a", "vanilla-b"] * 2, max_turns=60)
FFA3 = tcbg.load_game("x610z", board="existenz", setup="ffa3", decks=["vanilla-a", "vanilla-b", "vanilla-a"],
                      max_turns=60)


def position(players, game=GAME, **top):
    return game.state_from_json({"format": FORMAT, "turn": 7, "players": players, **top})


def instance(game, owner: int, name: str) -> int:
    """The first instance of ``name`` owned by ``owner`` (the one a document naming it once gets)."""
    return game.instance_cards().index((owner, name))


def piece(state, player: int, name: str) -> dict:
    """The entry of ``name`` in ``player``'s in_play list, as state.to_json() writes it (with its heading)."""
    for entry in json.loads(state.to_json())["players"][player]["in_play"]:
        entry = {"card": entry} if isinstance(entry, str) else entry
        if entry["card"] == name:
            return entry
    raise AssertionError(f"player {player} has no {name!r} in play")


def choose(state, text: str) -> int:
    """Apply the first legal action whose description starts with ``text``."""
    for action in state.legal_actions():
        if state.action_to_string(action).startswith(text):
            state.apply_action(action)
            return action
    raise AssertionError(f"no legal action {text!r}: {[state.action_to_string(a) for a in state.legal_actions()]}")


def move_to(state, dot: str) -> int:
    """Apply the first legal move destination at ``dot`` ("move NAME (#n) from ORIGIN to DOT, ...")."""
    for action in state.legal_actions():
        text = state.action_to_string(action)
        if text.startswith("move ") and text.split(" to ", 1)[-1].split(",")[0] == dot:
            state.apply_action(action)
            return action
    raise AssertionError(f"no legal move to {dot!r}: {[state.action_to_string(a) for a in state.legal_actions()]}")


def all_pass(state):
    for _ in range(state.get_game().num_players()):
        state.apply_action(PASS)


# -- moves and attacks that fail on resolution (rules.md 5.12, 5.13) -------------------------------------------


def test_move_whose_destination_was_taken_fails_keeping_heading_and_costs():  # rules.md 5.12, 5.13
    # The drake attacked this turn along the line to r3-00 (its heading); it moves that way, to r3-00. Before that
    # move resolves, the skiff's move to r3-00, declared later, resolves first and takes the dot.
    state = position([
        {"in_play": [{"card": "Ashwing Drake", "dot": "r3-01", "attacked": True,
                      "heading": {"left_towards": "r3-00"}},
                     {"card": "Cloudrunner Skiff", "dot": "r4-00"}],
         "pool": {"B": 1, "C": 1}},
        {"in_play": [{"card": "Tusked Hauler", "dot": "r3-23", "damage": 3}]}])
    choose(state, "move Ashwing Drake")
    move_to(state, "r3-00")
    assert state.pool(0) == {"C": 1} and piece(state, 0, "Ashwing Drake")["activated"]  # B1 paid on declaring
    state.apply_action(PASS)  # player 1
    choose(state, "move Cloudrunner Skiff")
    move_to(state, "r3-00")
    all_pass(state)  # the skiff's move resolves: it stands on r3-00
    assert piece(state, 0, "Cloudrunner Skiff")["dot"] == "r3-00"
    all_pass(state)  # the drake's move: its destination is taken, so it fails
    drake = piece(state, 0, "Ashwing Drake")
    assert drake["dot"] == "r3-01"
    assert drake["heading"] == {"left_towards": "r3-00"}  # rules.md 5.13: a failed move changes no heading
    assert drake.get("activated") and not drake.get("moved")  # its cost stays paid: it cannot move again
    assert state.pool(0) == {}
    assert not any(state.action_to_string(a) == "move Ashwing Drake (#1)" for a in state.legal_actions())


def test_attack_whose_target_is_out_of_range_on_resolution_fails():  # rules.md 5.13, 3.1
    # The drake (Range 2) attacks the skiff on r3-23 through r3-00. Before the attack resolves, player 0's Tusked
    # Hauler (block rate 1) moves onto r3-00: the path now counts 1 + 1 + 1 = 3 dots, beyond Range 2.
    state = position([
        {"in_play": [{"card": "Ashwing Drake", "dot": "r3-01"}, {"card": "Tusked Hauler", "dot": "r4-00"}],
         "pool": {"B": 1}},
        {"in_play": [{"card": "Cloudrunner Skiff", "dot": "r3-23", "damage": 1}]}])
    choose(state, "attack with Ashwing Drake")
    choose(state, "attack the summon on r3-23")
    state.apply_action(PASS)  # player 1
    choose(state, "move Tusked Hauler")
    move_to(state, "r3-00")
    all_pass(state)  # the hauler's move resolves first
    all_pass(state)  # the attack: no longer in range
    skiff = instance(GAME, 1, "Cloudrunner Skiff")
    assert state.instance(skiff)["damage"] == 1
    drake = piece(state, 0, "Ashwing Drake")
    assert "heading" not in drake and drake.get("attacked")  # no heading taken; the attack of the turn is used
    assert not any(state.action_to_string(a).startswith("attack with Ashwing") for a in state.legal_actions())


def test_attack_whose_target_was_destroyed_first_fails():  # rules.md 5.13
    # Two attacks on the skiff on r3-00 (defense 5, damage 2): the frigate's (3), declared later, resolves first and
    # destroys it; the drake's then finds no summon there and fails, changing no heading.
    state = position([
        {"in_play": [{"card": "Ashwing Drake", "dot": "r3-01", "attacked": True},
                     {"card": "Ironkeel Frigate", "dot": "r3-23", "attacked": True}]},
        {"in_play": [{"card": "Cloudrunner Skiff", "dot": "r3-00", "damage": 2}]}],
        stack=[{"kind": "attack", "card": "Ashwing Drake", "target": "r3-00", "heading": [145, -39]},
               {"kind": "attack", "card": "Ironkeel Frigate", "target": "r3-00", "heading": [-145, -39]}])
    all_pass(state)
    assert state.instance(instance(GAME, 1, "Cloudrunner Skiff"))["zone"] == "discard"
    assert piece(state, 0, "Ironkeel Frigate")["heading"] == {"left_towards": "r3-00"}
    all_pass(state)
    assert "heading" not in piece(state, 0, "Ashwing Drake")


def test_move_declared_on_the_stack_resolves_with_its_heading():  # rules.md 5.12, 2.8, 2.9
    move = next(m for m in GAME.board.moves("r3-01", 5, setup="1v1") if m.destination == "r3-02")
    state = position([{"in_play": [{"card": "Ashwing Drake", "dot": "r3-01", "activated": True}]}, {}],
                     stack=[{"kind": "move", "card": "Ashwing Drake", "destination": "r3-02",
                             "heading": list(move.heading)}])
    all_pass(state)
    drake = piece(state, 0, "Ashwing Drake")
    assert drake["dot"] == "r3-02" and drake["heading"] == {"arrived_from": "r3-01"} and drake["moved"]


def test_moves_offered_follow_the_heading():  # rules.md 2.9: the engine offers what the board API finds
    heading = (145, -39)  # the drake attacked along the line to r3-00
    state = position([{"in_play": [{"card": "Ashwing Drake", "dot": "r3-01", "attacked": True,
                                    "heading": list(heading)}], "pool": {"B": 1}},
                      {"in_play": [{"card": "Tusked Hauler", "dot": "r4-01"}]}])
    choose(state, "move Ashwing Drake")
    offered = sorted(state.action_to_string(a).split(" to ")[1].split(",")[0] for a in state.legal_actions())
    moves = GAME.board.moves("r3-01", 5, player=0, setup="1v1", heading=heading,
                             pieces=[("r3-01", 0), ("r4-01", 1, 1), ("s-00", 0), ("s-06", 1)])  # life bases too
    assert offered == sorted(m.destination for m in moves)
    # leaving by the orbit back towards r3-02 turns against the heading; the radial lines, at 90 degrees, do not
    assert not any(m.path[1] == "r3-02" for m in moves) and any(m.path[1] == "r2-01" for m in moves)


def test_attack_keeps_its_declared_heading_when_the_attacker_moved_first():  # rules.md 5.13a, 5.13
    # The drake on r2-00 attacked the skiff on r3-01 leaving by the line to r2-01 (heading (-1, 0)), then moved
    # to r3-23 by a move declared later that resolves first. From r3-23 no line leaves in direction (-1, 0): the
    # attack with its declared target and heading is no longer legal, so it fails.
    move = next(m for m in GAME.board.moves("r2-00", 5, setup="1v1") if m.path == ("r2-00", "r2-23", "r3-23"))
    state = position([
        {"in_play": [{"card": "Ashwing Drake", "dot": "r2-00", "attacked": True, "activated": True}]},
        {"in_play": [{"card": "Cloudrunner Skiff", "dot": "r3-01"}]}],
        stack=[{"kind": "attack", "card": "Ashwing Drake", "target": "r3-01", "heading": [-1, 0]},
               {"kind": "move", "card": "Ashwing Drake", "destination": "r3-23", "heading": list(move.heading)}])
    assert not any(a.target == "r3-01" and a.heading == (-1, 0) for a in GAME.board.attacks(
        "r3-23", 2, setup="1v1", heading=move.heading, pieces=[("r3-23", 0), ("r3-01", 1)]))
    all_pass(state)
    assert piece(state, 0, "Ashwing Drake")["dot"] == "r3-23"
    all_pass(state)
    assert state.instance(instance(GAME, 1, "Cloudrunner Skiff"))["damage"] == 0


# -- placing a cast summon (rules.md 5.11) ---------------------------------------------------------------------

ACT1 = tcbg.load_game("x610z", board="act1", setup="1v1", decks=["vanilla-act1-a", "vanilla-act1-b"], max_turns=60)


def placements(state, card: str) -> list[str]:
    """Cast ``card`` (player 0, who has priority), let every player pass, and return the offered dots."""
    choose(state, f"cast {card}")
    all_pass(state)
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert texts and all(t.startswith("place the summon on ") for t in texts), texts
    return sorted(t.removeprefix("place the summon on ") for t in texts)


def test_act1_summon_is_placed_on_own_start_dot_or_an_end_dot():  # rules.md 5.11 (Act I "Summon Dots")
    # The life base has left s-0, so the own start dot is free; a summon of player 0 stands on e-2. The unused start
    # dots s-1, s-2, s-4, s-5 are warp dots (rules.md 1.2) but no summon dots in Act I; s-3 is the opponent's.
    state = position([{"in_play": [{"card": "Ember Caravan", "dot": "r2-00"}, {"card": "Tusked Hauler", "dot": "e-2"}],
                       "hand": ["Cloudrunner Skiff"], "pool": {"M": 3}}, {}], game=ACT1)
    assert placements(state, "Cloudrunner Skiff") == ["e-0", "e-1", "e-3", "e-4", "e-5", "s-0"]
    choose(state, "place the summon on s-0")
    assert piece(state, 0, "Cloudrunner Skiff")["dot"] == "s-0"


def test_act1_summon_placement_with_the_life_base_at_home():  # rules.md 5.11: the own start dot must be free
    state = position([{"hand": ["Cloudrunner Skiff"], "pool": {"M": 3}}, {}], game=ACT1)
    assert placements(state, "Cloudrunner Skiff") == [f"e-{k}" for k in range(6)]


def test_oroc_summon_is_placed_on_own_start_dot_or_a_warp_dot():  # rules.md 5.11 (ORoC "How to cast a card" 5)
    # Every warp dot but the opponent's start dot s-06: ring 4's even dots, the ten unused start dots and s-00.
    state = position([{"in_play": [{"card": "Ember Caravan", "dot": "r2-00"}], "hand": ["Cloudrunner Skiff"],
                       "pool": {"M": 3}}, {}])
    expected = sorted([f"r4-{k:02d}" for k in range(0, 24, 2)] + [f"s-{k:02d}" for k in range(12) if k != 6])
    assert placements(state, "Cloudrunner Skiff") == expected


# -- destruction (rules.md 5.13) -------------------------------------------------------------------------------


@pytest.mark.parametrize("owner", [1, 0])
def test_destroyed_summon_goes_to_its_owners_discard_pile(owner):  # rules.md 5.13
    # Player 1 controls a skiff (defense 5, damage 3) owned by player `owner`; the drake's attack (3) destroys it.
    skiff = {"card": "Cloudrunner Skiff", "dot": "r3-00", "damage": 3, "owner": owner}
    state = position([{"in_play": [{"card": "Ashwing Drake", "dot": "r3-01", "attacked": True}]},
                      {"in_play": [skiff]}],
                     stack=[{"kind": "attack", "card": "Ashwing Drake", "target": "r3-00", "heading": [145, -39]}])
    all_pass(state)
    card = state.instance(instance(GAME, owner, "Cloudrunner Skiff"))
    assert (card["zone"], card["owner"], card["controller"], card["dot"], card["damage"]) == \
           ("discard", owner, owner, None, 0)
    doc = json.loads(state.to_json())
    assert "Cloudrunner Skiff" in doc["players"][owner]["discard"]
    assert not any("Skiff" in json.dumps(e) for e in doc["players"][1]["in_play"])
    assert piece(state, 0, "Ashwing Drake")["heading"] == {"left_towards": "r3-00"}


def test_damage_below_defense_stays():  # rules.md 5.13
    state = position([{"in_play": [{"card": "Ashwing Drake", "dot": "r3-01", "attacked": True}]},
                      {"in_play": [{"card": "Tusked Hauler", "dot": "r3-00", "damage": 6}]}],
                     stack=[{"kind": "attack", "card": "Ashwing Drake", "target": "r3-00", "heading": [145, -39]}])
    all_pass(state)
    hauler = state.instance(instance(GAME, 1, "Tusked Hauler"))
    assert (hauler["zone"], hauler["damage"]) == ("play", 9)


def test_destroying_a_life_base_ends_its_players_game():  # rules.md 5.13, 5.8
    state = position([{"in_play": [{"card": "Ashwing Drake", "dot": "r2-10", "attacked": True}]},
                      {"in_play": [{"card": "Wandering Citadel", "dot": "r2-12", "damage": 18}]}],
                     stack=[{"kind": "attack", "card": "Ashwing Drake", "target": "r2-12", "heading": [173, 100]}])
    all_pass(state)
    assert state.is_terminal() and state.winners() == [(0, "destruction")]
    assert state.outcome(1) == ("lost", "destruction")


# -- escape (rules.md 5.14) ------------------------------------------------------------------------------------


def test_life_base_ending_on_an_end_dot_wins():  # rules.md 5.14
    state = position([{"in_play": [{"card": "Ember Caravan", "dot": "r9-01"}], "pool": {"C": 1}}, {}])
    choose(state, "move Ember Caravan")
    move_to(state, "e-00")
    assert not state.is_terminal()  # on the stack until both pass
    all_pass(state)
    assert state.is_terminal() and state.end_reason == "escape"
    assert state.winners() == [(0, "escape")] and state.outcome(1) == ("lost", "escape")
    assert GAME.state_from_json(state.to_json()).serialize() == state.serialize().rsplit("\n", 1)[0] + "\n"


def test_escape_wins_for_the_team():  # rules.md 5.14, 5.8
    state = position([{"in_play": [{"card": "Ember Caravan", "dot": "r9-01"}]}, {}, {}, {}], game=TEAMS,
                     stack=[{"kind": "move", "card": "Ember Caravan", "destination": "e-00",
                             "heading": list(next(m.heading for m in GAME.board.moves("r9-01", 1, life_base=True)
                                                  if m.destination == "e-00"))}])
    all_pass(state)
    assert state.winners() == [(0, "escape"), (2, "escape")]
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]


def test_a_summon_on_an_end_dot_does_not_win():  # rules.md 5.14: only a life base escapes
    state = position([{"in_play": [{"card": "Ashwing Drake", "dot": "r9-01"}], "pool": {"B": 1}}, {}])
    choose(state, "move Ashwing Drake")
    move_to(state, "e-00")
    all_pass(state)
    assert not state.is_terminal() and piece(state, 0, "Ashwing Drake")["dot"] == "e-00"


# -- the end of a turn (rules.md 5.6, 5.4) ---------------------------------------------------------------------


def test_summons_on_end_dots_are_destroyed_at_the_end_of_the_turn():  # rules.md 5.6
    state = position([{"in_play": [{"card": "Ashwing Drake", "dot": "e-00"},
                                   {"card": "Tusked Hauler", "dot": "r9-01"}]},
                      {"in_play": [{"card": "Cloudrunner Skiff", "dot": "e-01"}]}],
                     phase="end")
    assert state.current_player() == 1  # the end phase: the next player has priority first (rules.md 5.7)
    all_pass(state)
    for owner, name in [(0, "Ashwing Drake"), (1, "Cloudrunner Skiff")]:
        assert state.instance(instance(GAME, owner, name))["zone"] == "discard"
    assert state.instance(instance(GAME, 0, "Tusked Hauler"))["dot"] == "r9-01"
    assert state.active_player == 1 and state.phase == "action"


def test_discard_down_to_seven_at_the_end_of_the_turn():  # rules.md 5.6
    hand = ["Quickfire Shard"] * 4 + ["Ashwing Drake", "Mistscale Wyrm", "Tusked Hauler", "Plain Geode",
                                      "Robiumm Lode"]
    state = position([{"hand": hand, "pool": {"B": 2}}, {"hand": ["Moonwell Shard"] * 9, "pool": {"M": 1}}],
                     phase="end")
    all_pass(state)
    assert state.phase == "cleanup" and state.current_player() == 0
    offered = [state.action_to_string(a) for a in state.legal_actions()]
    assert len(offered) == 9 and all(text.startswith("discard ") for text in offered)
    choose(state, "discard Ashwing Drake")
    assert state.phase == "cleanup" and len(state.hand(0)) == 8
    choose(state, "discard Robiumm Lode")
    assert state.hand(0) == ["Quickfire Shard"] * 4 + ["Mistscale Wyrm", "Tusked Hauler", "Plain Geode"]
    assert state.active_player == 1 and state.phase == "action"
    assert state.pool(0) == {} and state.pool(1) == {}  # every pool empties (rules.md 5.6)
    assert len(state.hand(1)) == 10  # only the active player discards; player 1 drew for their turn


def test_seven_cards_need_no_discard():  # rules.md 5.6
    state = position([{"hand": ["Quickfire Shard"] * 7}, {}], phase="end")
    all_pass(state)
    assert state.active_player == 1 and state.phase == "action" and len(state.hand(0)) == 7


def test_drawing_from_an_empty_deck_loses():  # rules.md 5.4, 5.8
    cards = [name for owner, name in GAME.instance_cards() if owner == 1][1:]
    state = position([{}, {"discard": cards}], phase="end")
    all_pass(state)
    assert state.is_terminal() and state.winners() == [(0, "depletion")]


# -- leaving the game (rules.md 5.8) ---------------------------------------------------------------------------


def test_active_player_leaving_empties_the_stack():  # rules.md 5.8
    state = position([{"in_play": ["Quickfire Shard", "Plain Geode"]},
                      {"in_play": [{"card": "Ashwing Drake", "dot": "r3-01"}]}, {}], game=FFA3,
                     active_player=1, stack=[{"kind": "cast", "controller": 1, "card": "Cloudrunner Skiff"},
                                             {"kind": "attack", "card": "Ashwing Drake", "target": "r3-00",
                                              "heading": [145, -39]}])
    state.concede(1)
    assert state.active_player == 2 and json.loads(state.to_json()).get("stack") is None
    assert state.instance(instance(FFA3, 1, "Cloudrunner Skiff"))["zone"] == "discard"


def test_first_player_who_left_during_the_mulligan_takes_no_turn():  # rules.md 5.8, 5.8a
    state = position([{"outcome": "lost", "reason": "capitulation"}, {}, {}], game=FFA3, phase="mulligan", turn=0)
    assert state.current_player() == 1
    state.apply_action(1)  # keep
    state.apply_action(1)
    assert state.phase == "action" and state.active_player == 1
