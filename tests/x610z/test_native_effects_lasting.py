"""Effects that last, run natively through real games (rules.md 6.3, 6.17): damage reduction by an instruction with
each of its durations, and stat changes, properties and control lasting while their source is in play. Each test
plays the cards of a small test set from a position, and checks the reference interpreter agrees where it can."""

from __future__ import annotations

import os
import sys
from collections import Counter

import tcbg
from tcbg.x610z.decks import Deck
from tcbg.x610z.effects import (
    WHILE_IN_PLAY, WHILE_SOURCE_IN_PLAY, Activated, DealDamage, Flux, GainControl, Grant, ModifyStats, ReduceDamage,
    ReturnToHand, Summon, TargetNLBSummon,
)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from effect_cards import card_set, summon  # noqa: E402
from ruins_play import do, texts  # noqa: E402

ATTACK, DEFENSE, SPEED = 0, 1, 2

DEFINITIONS = {
    "Stone Skin": Flux(ReduceDamage(TargetNLBSummon("you"), 2)),
    "Iron Skin": Flux(ReduceDamage(TargetNLBSummon("you"), 2, WHILE_IN_PLAY)),
    "Zap": Flux(DealDamage(TargetNLBSummon(), 3)),
    "Recall": Flux(ReturnToHand(TargetNLBSummon())),
    "Shieldbearer": Summon(Activated("C1", ReduceDamage(TargetNLBSummon("you"), 2, WHILE_SOURCE_IN_PLAY))),
    "Banner Knight": Summon(Activated("C1", ModifyStats(TargetNLBSummon("you"), WHILE_SOURCE_IN_PLAY, attack=2,
                                                       defense=-3))),
    "Binder": Summon(Activated("C1", Grant(TargetNLBSummon(), "cannot-move", WHILE_SOURCE_IN_PLAY))),
    "Puppeteer": Summon(Activated("C1", GainControl(TargetNLBSummon("opponent"), duration=WHILE_SOURCE_IN_PLAY))),
}
CARDS = [summon("Shieldbearer", "vessel", 1, 2), summon("Banner Knight", "berserker", 1, 2),
         summon("Binder", "army", 1, 2), summon("Puppeteer", "vessel", 1, 2)]
CARD_SET = card_set(DEFINITIONS, CARDS)


def deck(life_base: str, cards: list[str]) -> Deck:
    counts = Counter(cards)
    return Deck.parse("\n".join([f"Life base: {life_base}"] + [f"{n} {c}" for c, n in counts.items()]), CARD_SET,
                      deck_size=None)


def card(state, name: str, zone: str = "play", k: int = 0) -> str:
    """The action text of the k-th card instance named ``name`` in ``zone``: 'Name (#i)'."""
    found = [i for i in range(len(state.get_game().instance_cards()))
             if state.instance(i)["card"] == name and state.instance(i)["zone"] == zone]
    return f"{name} (#{found[k]})"


def number(text: str) -> int:
    return int(text.rsplit("#", 1)[1].rstrip(")"))


def cards_of(player: dict) -> list[str]:
    return [c if isinstance(c, str) else c["card"] for zone in ("hand", "in_play", "deck", "discard")
            for c in player.get(zone, [])]


def position(p0: dict, p1: dict):
    """A game whose decks hold the cards of the position (Keep against Rival Keep), and the position: player 0
    active in the action phase of turn 3. Each deck holds three more cards to draw."""
    for player in (p0, p1):
        player.setdefault("deck", ["Legion", "Legion", "Legion"])
    game = tcbg.load_game(board="existenz", setup="1v1", cards=CARD_SET,
                          decks=[deck("Keep", cards_of(p0)), deck("Rival Keep", cards_of(p1))])
    doc = {"format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0, "players": [p0, p1]}
    return game, game.state_from_json(doc)


def resolve(state) -> None:
    """Everyone passes until the stack is empty; the rules' invariants hold and the state survives serializing."""
    while state.stack_items():
        do(state, "pass")
    assert state.invariant_violation() == ""
    game = state.get_game()
    assert game.deserialize_state(state.serialize()).serialize() == state.serialize()


def cast(state, card: str, *choices: str) -> None:
    do(state, f"cast {card}")
    for choice in choices:
        do(state, f"choose {choice}")
    resolve(state)


def next_turn(state) -> None:
    """Pass until the next player's action phase with priority (the turn ends: rules.md 5.6, 6.17)."""
    active = state.active_player
    while state.active_player == active or state.phase != "action" or state.current_player() != state.active_player:
        do(state, "pass")
    assert state.invariant_violation() == ""


# -- REDUCE (rules.md 6.3) ----------------------------------------------------------------------------------------


def test_reduction_until_end_of_turn_reduces_each_damage_then_ends_with_the_turn():  # rules.md 6.3, 6.17
    game, state = position({"hand": ["Stone Skin", "Zap", "Zap"], "in_play": [{"card": "Hauler", "dot": "r3-03"}],
                            "pool": {"C": 3}},
                           {"hand": ["Zap"], "in_play": ["Spark"]})
    hauler = card(state, "Hauler")
    cast(state, card(state, "Stone Skin", "hand"), hauler)
    cast(state, card(state, "Zap", "hand"), hauler)
    assert state.instance(number(hauler))["damage"] == 1  # 3 - 2
    cast(state, card(state, "Zap", "hand"), hauler)
    assert state.instance(number(hauler))["damage"] == 2  # each damage is reduced
    next_turn(state)
    cast(state, card(state, "Zap", "hand"), hauler)
    assert state.instance(number(hauler))["damage"] == 5  # the turn ended, and the reduction with it


def test_reduction_while_in_play_outlasts_the_turn_and_stays_behind_when_the_summon_leaves_play():  # rules.md 6.17
    game, state = position({"hand": ["Iron Skin"], "in_play": [{"card": "Hauler", "dot": "r3-03"}], "pool": {"C": 1}},
                           {"hand": ["Zap", "Zap", "Recall"], "in_play": ["Spark", "Spark", "Spark"]})
    hauler = card(state, "Hauler")
    cast(state, card(state, "Iron Skin", "hand"), hauler)
    next_turn(state)
    cast(state, card(state, "Zap", "hand"), hauler)
    assert state.instance(number(hauler))["damage"] == 1  # still reduced on the next turn
    cast(state, card(state, "Recall", "hand"), hauler)  # to its owner's hand: a new object when it comes back
    assert state.instance(number(hauler))["zone"] == "hand"
    assert state.invariant_violation() == ""  # nothing lasts on a card out of play


def test_reduction_while_source_in_play_ends_when_its_source_leaves():  # rules.md 6.17
    game, state = position({"in_play": [{"card": "Shieldbearer", "dot": "r3-05"}, {"card": "Hauler", "dot": "r3-03"}],
                            "pool": {"C": 1}},
                           {"hand": ["Zap", "Zap", "Zap"], "in_play": ["Spark", "Spark", "Spark"]})
    bearer, hauler = card(state, "Shieldbearer"), card(state, "Hauler")
    do(state, f"use ability 0 of {bearer}")
    do(state, f"choose {hauler}")
    resolve(state)
    next_turn(state)
    cast(state, card(state, "Zap", "hand"), hauler)
    assert state.instance(number(hauler))["damage"] == 1  # reduced by 2 while the Shieldbearer is in play
    cast(state, card(state, "Zap", "hand"), bearer)
    assert state.instance(number(bearer))["zone"] == "discard"
    cast(state, card(state, "Zap", "hand"), hauler)
    assert state.instance(number(hauler))["damage"] == 4  # its source left play: the whole 3


# -- while source in play (rules.md 6.17) -------------------------------------------------------------------------


def use(state, source: str, target: str) -> None:
    do(state, f"use ability 0 of {source}")
    do(state, f"choose {target}")
    resolve(state)


def test_stat_changes_while_source_in_play_are_taken_back_when_the_source_leaves():  # rules.md 6.17
    game, state = position({"in_play": [{"card": "Banner Knight", "dot": "r3-05"}, {"card": "Hauler", "dot": "r3-03"}],
                            "pool": {"C": 2}},
                           {"hand": ["Zap"], "in_play": ["Spark"]})
    knight, hauler = card(state, "Banner Knight"), card(state, "Hauler")
    use(state, knight, hauler)
    assert (state.stat(number(hauler), ATTACK), state.stat(number(hauler), DEFENSE)) == (4, 7)
    next_turn(state)
    assert (state.stat(number(hauler), ATTACK), state.stat(number(hauler), DEFENSE)) == (4, 7)  # not the turn's end
    cast(state, card(state, "Zap", "hand"), knight)
    assert state.instance(number(knight))["zone"] == "discard"
    assert (state.stat(number(hauler), ATTACK), state.stat(number(hauler), DEFENSE)) == (2, 10)


def test_a_defense_taken_back_destroys_a_summon_whose_damage_now_reaches_it():  # rules.md 6.17, 6.21
    boost = card_set({**DEFINITIONS, "Banner Knight": Summon(Activated(
        "C1", ModifyStats(TargetNLBSummon("you"), WHILE_SOURCE_IN_PLAY, defense=3)))}, CARDS)
    game = tcbg.load_game(board="existenz", setup="1v1", cards=boost, decks=[
        Deck.parse("Life base: Keep\n1 Banner Knight\n1 Skiff\n3 Legion", boost, deck_size=None),
        Deck.parse("Life base: Rival Keep\n2 Zap\n2 Spark\n3 Legion", boost, deck_size=None)])
    state = game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0, "players": [
            {"in_play": [{"card": "Banner Knight", "dot": "r3-05"}, {"card": "Skiff", "dot": "r3-03", "damage": 3}],
             "deck": ["Legion"] * 3, "pool": {"C": 1}},
            {"hand": ["Zap", "Zap"], "in_play": ["Spark", "Spark"], "deck": ["Legion"] * 3}]})
    knight, skiff = card(state, "Banner Knight"), card(state, "Skiff")
    use(state, knight, skiff)
    assert state.stat(number(skiff), DEFENSE) == 8
    next_turn(state)
    cast(state, card(state, "Zap", "hand"), skiff)  # 3 + 3 damage: 6 of 8
    assert state.instance(number(skiff))["damage"] == 6
    cast(state, card(state, "Zap", "hand"), knight)
    assert state.instance(number(knight))["zone"] == "discard"
    assert state.instance(number(skiff))["zone"] == "discard"  # 6 damage, defense 5 again


def test_a_property_while_source_in_play_ends_with_its_source():  # rules.md 6.17
    game, state = position({"in_play": [{"card": "Binder", "dot": "r3-05"}], "pool": {"C": 1}},
                           {"hand": ["Zap"], "in_play": ["Spark", "Spark", {"card": "Drake", "dot": "r3-02"}]})
    binder, drake = card(state, "Binder"), card(state, "Drake")
    use(state, binder, drake)
    next_turn(state)
    assert f"move {drake}" not in texts(state)  # cannot move
    cast(state, card(state, "Zap", "hand"), binder)
    assert state.instance(number(binder))["zone"] == "discard"
    assert f"move {drake}" in texts(state)


def test_control_while_source_in_play_goes_back_when_the_source_leaves():  # rules.md 6.7, 6.17, 6.24
    game, state = position({"in_play": [{"card": "Puppeteer", "dot": "r3-05"}], "pool": {"C": 1}},
                           {"hand": ["Zap"], "in_play": ["Spark", "Spark", {"card": "Drake", "dot": "r3-02"}]})
    puppeteer, drake = card(state, "Puppeteer"), card(state, "Drake")
    use(state, puppeteer, drake)
    assert state.instance(number(drake))["controller"] == 0
    next_turn(state)
    assert state.instance(number(drake))["controller"] == 0  # not only until end of turn
    cast(state, card(state, "Zap", "hand"), puppeteer)
    assert state.instance(number(drake))["controller"] == 1
    assert f"move {drake}" in texts(state)


def test_an_effect_lasting_while_a_flux_is_in_play_does_nothing():  # rules.md 6.17, 6.24
    fleeting = card_set({**DEFINITIONS, "Fleeting Ward": Flux(
        ReduceDamage(TargetNLBSummon("you"), 2, WHILE_SOURCE_IN_PLAY),
        ModifyStats(TargetNLBSummon("you"), WHILE_SOURCE_IN_PLAY, attack=2))}, CARDS)
    game = tcbg.load_game(board="existenz", setup="1v1", cards=fleeting, decks=[
        Deck.parse("Life base: Keep\n1 Fleeting Ward\n1 Zap\n1 Hauler\n3 Legion", fleeting, deck_size=None),
        Deck.parse("Life base: Rival Keep\n3 Legion", fleeting, deck_size=None)])
    state = game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0, "players": [
            {"hand": ["Fleeting Ward", "Zap"], "in_play": [{"card": "Hauler", "dot": "r3-03"}],
             "deck": ["Legion"] * 3, "pool": {"C": 2}}, {"deck": ["Legion"] * 3}]})
    hauler = card(state, "Hauler")
    cast(state, card(state, "Fleeting Ward", "hand"), hauler, hauler)
    assert state.stat(number(hauler), ATTACK) == 2
    cast(state, card(state, "Zap", "hand"), hauler)
    assert state.instance(number(hauler))["damage"] == 3


def test_the_reference_interpreter_agrees_on_lasting_effects():  # rules.md 6.3, 6.17, 6.24
    from tcbg.x610z.effects.reference import Model

    model = Model(CARD_SET)
    bearer = model.add("Shieldbearer", owner=0, dot=3)
    hauler = model.add("Hauler", owner=0, dot=4)
    model.resolve(bearer, controller=0, targets=[hauler])
    zap = model.add("Zap", owner=1, zone="hand")
    model.resolve(zap, controller=1, targets=[hauler])
    assert model.damage_of(hauler) == 1
    model.destroy(bearer)
    zap = model.add("Zap", owner=1, zone="hand")
    model.resolve(zap, controller=1, targets=[hauler])
    assert model.damage_of(hauler) == 4
    ward = card_set({**DEFINITIONS, "Fleeting Ward": Flux(
        ReduceDamage(TargetNLBSummon("you"), 2, WHILE_SOURCE_IN_PLAY))}, CARDS)
    model = Model(ward)
    hauler = model.add("Hauler", owner=0, dot=4)
    model.resolve(model.add("Fleeting Ward", owner=0, zone="hand"), controller=0, targets=[hauler])
    model.resolve(model.add("Zap", owner=1, zone="hand"), controller=1, targets=[hauler])
    assert model.damage_of(hauler) == 3
