"""The two stack examples of the rulebooks, played step by step by the engine with the cards' native effects.

Act I "An example of a game situation" (Hunter Dragon, Cargo Beast, Divine Intervention) and On the Ruins of Chaos
"Example of a stack" (Howling Bogling, Living Waterfall, Healing Elixir). The cards are those of the set ``ruins``;
Hunter Dragon, Cargo Beast and Divine Intervention are legal in both editions, but the set's life bases are On the
Ruins of Chaos cards, so both examples play on the existenz board (the stack and priority rules are the same).
"""

from __future__ import annotations

import pytest

import tcbg
from ruins_play import RUINS
from tcbg.x610z.decks import Deck


def small_deck(life_base: str, *cards: str) -> Deck:
    return Deck.parse("\n".join([f"Life base: {life_base}"] + [f"1 {c}" for c in cards]), RUINS, deck_size=None,
                      name=life_base)


def named(state, text: str) -> int:
    """The one legal action whose description is ``text``, or the one that starts with it ("attack the summon on
    r3-02" for "attack the summon on r3-02 with ... from ..., setting out towards ...")."""
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    found = [a for a, t in zip(state.legal_actions(), texts) if t == text]
    found = found or [a for a, t in zip(state.legal_actions(), texts) if t.startswith(text)]
    assert len(found) == 1, (text, [state.action_to_string(a) for a in state.legal_actions()])
    return found[0]


def pass_all(state, times: int) -> None:
    for _ in range(times):
        state.apply_action(named(state, "pass"))


@pytest.fixture
def act1():
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[small_deck("Skyspire Citadel", "Hunter Dragon", "Divine Intervention"),
                                 small_deck("Tidebreaker Galleon", "Cargo Beast", "Divine Intervention")])
    # Player A (0) is active; the dragon stands in range of the beast; each player can pay one Divine Intervention
    # (C6 M3, docs/card-data.md).
    state = game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0,
        "players": [{"in_play": [{"card": "Hunter Dragon", "dot": "r3-03"}], "hand": ["Divine Intervention"],
                     "pool": {"C": 6, "M": 3}},
                    {"in_play": [{"card": "Cargo Beast", "dot": "r3-02"}], "hand": ["Divine Intervention"],
                     "pool": {"C": 6, "M": 3}}]})
    return game, state


def dot_of(state, instance: int) -> str | None:
    return state.instance(instance)["dot"]


def test_act1_hunter_dragon_and_divine_intervention(act1):  # rules.md 5.13, 5.13a, 6.1, 6.5
    game, state = act1
    dragon, beast, b_divine = 1, 4, 5  # instances (2: A's Divine Intervention)
    # Player A announces the attack; it goes on the stack and Player B gets priority.
    state.apply_action(named(state, "attack with Hunter Dragon (#1)"))
    state.apply_action(named(state, "attack the summon on r3-02"))
    assert state.current_player() == 1
    # Player B responds with Divine Intervention targeting the dragon (the target is announced when casting).
    state.apply_action(named(state, "cast Divine Intervention (#5)"))
    assert state.pending_kind() == "announce"
    state.apply_action(named(state, "choose Hunter Dragon (#1)"))
    assert [(kind, who, card) for kind, who, card, _, _ in state.stack_items()] == [("attack", 0, dragon),
                                                                                   ("cast", 1, b_divine)]
    assert state.stack_items()[1][4][0] == dragon
    # Player A does not respond: both pass, the top item resolves and Player B chooses the dot.
    pass_all(state, 2)
    assert state.pending_kind() == "resolve" and state.current_player() == 1
    choices = [state.action_to_string(a) for a in state.legal_actions()]
    assert "choose dot r3-03" not in choices  # the dragon's own dot is not free... it stands there
    state.apply_action(named(state, "choose dot r3-09"))
    assert dot_of(state, dragon) == "r3-09" and state.instance(b_divine)["zone"] == "discard"
    assert [item[0] for item in state.stack_items()] == ["attack"]
    # If Player A does nothing now, the attack fails: the beast takes no damage.
    failing = state.clone()
    pass_all(failing, 2)
    assert failing.instance(beast)["damage"] == 0 and failing.stack_items() == []
    # Player A casts their own Divine Intervention; Player B is out of energy and cannot respond.
    assert state.current_player() == 0
    state.apply_action(named(state, "cast Divine Intervention (#2)"))
    state.apply_action(named(state, "choose Hunter Dragon (#1)"))
    assert state.current_player() == 1
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["pass"]
    pass_all(state, 2)
    state.apply_action(named(state, "choose dot r3-03"))  # back where it stood
    assert dot_of(state, dragon) == "r3-03"
    # The attack resolves and deals the dragon's attack power, 3.
    pass_all(state, 2)
    assert state.instance(beast)["damage"] == 3 and state.stack_items() == []
    assert state.invariant_violation() == ""


def test_act1_example_mid_resolution_clones_and_serializes(act1):  # docs/cards.md "Pausing"
    game, state = act1
    state.apply_action(named(state, "attack with Hunter Dragon (#1)"))
    state.apply_action(named(state, "attack the summon on r3-02"))
    state.apply_action(named(state, "cast Divine Intervention (#5)"))
    state.apply_action(named(state, "choose Hunter Dragon (#1)"))
    pass_all(state, 2)
    assert state.pending_kind() == "resolve"
    copy = game.deserialize_state(state.serialize())
    twin = state.clone()
    assert copy.serialize() == state.serialize() and copy.legal_actions() == state.legal_actions()
    for s in (state, copy, twin):
        s.apply_action(named(s, "choose dot r3-09"))
    assert copy.serialize() == state.serialize() == twin.serialize()
    assert copy.invariant_violation() == ""


def test_act1_example_the_flux_fizzles_when_its_target_is_gone(act1):  # rules.md 6.1
    """Player B's Divine Intervention targets the dragon; if the dragon has left play when it resolves, the flux
    goes to the discard pile without effect (no dot is asked for)."""
    game, state = act1
    state.apply_action(named(state, "attack with Hunter Dragon (#1)"))
    state.apply_action(named(state, "attack the summon on r3-02"))
    state.apply_action(named(state, "cast Divine Intervention (#5)"))
    state.apply_action(named(state, "choose Hunter Dragon (#1)"))
    raw = state.serialize().split("\n")
    # The same position, with the dragon destroyed before B's flux resolves: rebuilt from the bytes' fields.
    from tcbg.x610z import _state_bytes as sb
    import base64
    fields = sb.decode(base64.b64decode(raw[1]))
    dragon = fields.cards[1]
    dragon.zone, dragon.dot, dragon.heading = sb.ZONES.index("discard"), -1, -1
    fields.stack = fields.stack[1:]  # its attack is gone with it
    state = game.deserialize_state(f"{raw[0]}\n{base64.b64encode(sb.encode(fields)).decode()}\n")
    pass_all(state, 2)
    assert state.pending_kind() == "none" and state.instance(5)["zone"] == "discard"
    assert state.stack_items() == [] and state.current_player() == 0


@pytest.fixture
def oroc():
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[small_deck("Tidebreaker Galleon", "Living Waterfall", "Healing Elixir"),
                                 small_deck("Ossuary Throne", "Howling Bogling")])
    # The opponent (1) is active with the Bogling in range of your Living Waterfall, which has 1 defense left.
    state = game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 4, "first_player": 1, "active_player": 1,
        "players": [{"in_play": [{"card": "Living Waterfall", "dot": "r3-02", "damage": 5}],
                     "hand": ["Healing Elixir"], "pool": {"C": 1, "B": 1}},
                    {"in_play": [{"card": "Howling Bogling", "dot": "r3-03"}]}]})
    return game, state


def test_oroc_howling_bogling_and_healing_elixir(oroc):  # rules.md 5.13, 6.1
    game, state = oroc
    waterfall, elixir = 1, 2  # instances (4: the Bogling)
    assert state.stat(waterfall, 1) - state.instance(waterfall)["damage"] == 1
    # 1. The Bogling's attack goes on the stack.
    state.apply_action(named(state, "attack with Howling Bogling (#4)"))
    state.apply_action(named(state, "attack the summon on r3-02"))
    # 2. You respond with Healing Elixir on your Living Waterfall; it goes on top of the stack.
    state.apply_action(named(state, "cast Healing Elixir (#2)"))
    state.apply_action(named(state, "choose Living Waterfall (#1)"))
    assert [item[0] for item in state.stack_items()] == ["attack", "cast"]
    # Without the Elixir, the attack would destroy the Waterfall.
    # 3. Both pass: the Elixir resolves first and heals 8 (all 5 damage).
    pass_all(state, 2)
    assert state.instance(waterfall)["damage"] == 0 and state.instance(elixir)["zone"] == "discard"
    # 4. Both pass again: the attack deals 3, not enough to destroy the Waterfall.
    pass_all(state, 2)
    assert state.instance(waterfall)["damage"] == 3 and state.instance(waterfall)["zone"] == "play"
    assert state.stack_items() == [] and state.invariant_violation() == ""


def test_oroc_example_without_the_elixir_the_waterfall_falls(oroc):  # rules.md 5.13
    game, state = oroc
    state.apply_action(named(state, "attack with Howling Bogling (#4)"))
    state.apply_action(named(state, "attack the summon on r3-02"))
    pass_all(state, 2)
    assert state.instance(1)["zone"] == "discard"
