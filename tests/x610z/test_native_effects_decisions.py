"""The effect rulings the rulebooks leave open (rules.md 6.18-6.23), each played through a real game in the core:
announcing, triggered abilities one decision at a time, control coming back to a player who has since cast a summon
of that class, a defense bonus taken away, and a canceled activation that took the last counter."""

from __future__ import annotations

import tcbg
from effect_cards import card_set, effect_card
from ruins_play import RUINS, do, ruins_deck, texts
from tcbg.x610z.effects import YOU, Activated, Cancel, Catalyst, Draw, Flux, TargetAction

PLENTY = {"C": 9, "B": 9, "M": 9, "R": 9, "H": 9}
FILLER = ["Quickening Shard"] * 5  # so that nobody draws from an empty deck while the turns go round
DEFENSE = 1  # the stat number, as state.stat reads it


def pick(state, prefix: str) -> None:
    """Apply the one legal action whose text starts with ``prefix``."""
    found = [t for t in texts(state) if t.startswith(prefix)]
    assert len(found) == 1, (prefix, texts(state))
    do(state, found[0])


def pass_turn(state) -> None:
    """Pass (discarding down to 7 when asked) until the next player's turn starts."""
    active = state.active_player
    while state.active_player == active and not state.is_terminal():
        do(state, [t for t in texts(state) if t == "pass" or t.startswith("discard")][0])


def test_a_single_legal_target_is_still_announced_and_the_cost_is_paid_on_declaration():  # rules.md 6.18
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Tidebreaker Galleon", ["Press-gang Contract"]),
                                 ruins_deck("Ossuary Throne", ["Howling Bogling"])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"hand": ["Press-gang Contract"], "pool": {"C": 2, "R": 2, "B": 1}},
        {"in_play": [{"card": "Howling Bogling", "dot": "r3-02"}]}]})
    pick(state, "cast Press-gang Contract")
    assert state.pending_kind() == "announce" and state.current_player() == 0
    assert texts(state) == ["choose Howling Bogling (#3)"]  # one legal target, and still a decision
    assert state.pool(0) == {}  # C2 R2 B1 paid as the card was declared, before its target
    do(state, "choose Howling Bogling (#3)")
    assert [item[0] for item in state.stack_items()] == ["cast"]


def test_one_waiting_ability_is_still_put_on_the_stack_by_a_decision():  # rules.md 6.19
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Ashen War Wagon", ["Magma Drake"]),
                                 ruins_deck("Tidebreaker Galleon", ["Cargo Beast"])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"hand": ["Magma Drake"], "pool": PLENTY}, {"in_play": [{"card": "Cargo Beast", "dot": "r3-02"}]}]})
    pick(state, "cast Magma Drake")
    do(state, "pass")
    do(state, "pass")
    do(state, "place the summon on r4-02")
    assert state.pending_kind() == "trigger"
    assert texts(state) == ["put waiting ability 0 of Magma Drake (#1) on the stack"]


def test_a_player_who_leaves_takes_their_waiting_abilities_along():  # rules.md 6.19
    game = tcbg.load_game(board="existenz", setup="ffa3", cards=RUINS,
                          decks=[ruins_deck("Ossuary Throne", ["Robiumm Nugget", *FILLER]),
                                 ruins_deck("Tidebreaker Galleon", ["Black Market", *FILLER]),
                                 ruins_deck("Ashen War Wagon", FILLER)])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"hand": ["Robiumm Nugget"]}, {"in_play": ["Black Market"]}, {}]})
    pick(state, "place crystal Robiumm Nugget")
    assert state.pending_kind() == "trigger" and state.current_player() == 1
    state.concede(1)
    assert state.pending_kind() != "trigger" and state.stack_items() == []
    assert state.current_player() == 0 and state.invariant_violation() == ""


def control_returns_to_a_player_with_a_summon_of_its_class():
    """Player 0 takes player 1's beast with Press-gang Contract; in their own turn player 1 casts another beast,
    then destroys the contract with Incinerate: control of the first beast comes back to them."""
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Tidebreaker Galleon", ["Press-gang Contract", *FILLER]),
                                 ruins_deck("Ossuary Throne", ["Howling Bogling", "Arcane Warden", "Incinerate",
                                                               *["Entrancing Pearl"] * 3, *["Maddening Halo"] * 3,
                                                               *FILLER])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"hand": ["Press-gang Contract"], "pool": PLENTY},
        {"in_play": [{"card": "Howling Bogling", "dot": "r3-02"}, *["Entrancing Pearl"] * 3,
                     *["Maddening Halo"] * 3], "hand": ["Arcane Warden", "Incinerate"]}]})
    pick(state, "cast Press-gang Contract")
    pick(state, "choose Howling Bogling")
    do(state, "pass")
    do(state, "pass")
    pass_turn(state)
    for crystal in [t for t in texts(state) if t.startswith("activate crystal")]:
        do(state, crystal)
    pick(state, "cast Arcane Warden")
    do(state, "pass")
    do(state, "pass")
    do(state, "place the summon on s-01")
    return state


def test_control_coming_back_to_a_player_with_a_summon_of_that_class_discards_the_summon():  # rules.md 6.20
    state = control_returns_to_a_player_with_a_summon_of_its_class()
    contract, bogling, warden = 1, 8, 9
    assert state.instance(bogling)["controller"] == 0 and state.instance(warden)["zone"] == "play"
    pick(state, "cast Incinerate")
    pick(state, "choose Press-gang Contract")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(contract)["zone"] == "discard"
    assert state.instance(bogling)["zone"] == "discard" and state.instance(bogling)["controller"] == 1
    assert state.instance(warden)["zone"] == "play" and state.invariant_violation() == ""


def test_a_defense_bonus_taken_away_destroys_the_summon_its_damage_now_reaches():  # rules.md 6.21
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Skyspire Citadel", ["Aegis of Arnunnia", "Hunter Dragon"]),
                                 ruins_deck("Ashen War Wagon", ["Scorching Blast", "Incinerate"])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"in_play": [{"card": "Hunter Dragon", "dot": "r3-03", "damage": 5}], "hand": ["Aegis of Arnunnia"],
         "pool": PLENTY},
        {"hand": ["Scorching Blast", "Incinerate"], "pool": PLENTY}]})
    aegis, dragon = 1, 2
    pick(state, "cast Aegis of Arnunnia")
    pick(state, "choose Hunter Dragon")
    do(state, "pass")
    do(state, "pass")
    defense = RUINS["Hunter Dragon"].defense
    assert state.stat(dragon, DEFENSE) == defense + 2
    do(state, "pass")  # player 1 answers: 3 more damage, 8 in all, survives a defense of 9
    pick(state, "cast Scorching Blast")
    do(state, "no")
    pick(state, "choose Hunter Dragon")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(dragon)["damage"] == 8 and state.instance(dragon)["zone"] == "play"
    do(state, "pass")
    pick(state, "cast Incinerate")
    pick(state, "choose Aegis of Arnunnia")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(aegis)["zone"] == "discard"
    assert state.instance(dragon)["zone"] == "discard"  # 8 damage against its own defense of 7
    assert state.invariant_violation() == ""


def test_a_canceled_activation_that_took_the_last_counter_leaves_the_card_in_play_with_none():  # rules.md 6.23
    cards = card_set({"Hourglass Tome": Catalyst(Activated("C1", Draw(YOU, 1)), counters={"activation": 1}),
                      "Countermand": Flux(Cancel(TargetAction("ability")))},
                     [effect_card("Hourglass Tome", "catalyst")])
    deck = "Life base: {}\n1 Hourglass Tome\n3 Countermand\n5 Spark"
    game = tcbg.load_game(board="existenz", setup="1v1", cards=cards,
                          decks=[tcbg.x610z.decks.Deck.parse(deck.format("Keep"), cards, deck_size=None),
                                 tcbg.x610z.decks.Deck.parse(deck.format("Rival Keep"), cards, deck_size=None)])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"in_play": ["Hourglass Tome"], "pool": PLENTY}, {"hand": ["Countermand"], "pool": PLENTY}]})
    tome = 1
    assert state.counters(tome) == {"activation": 1}
    hand = len(state.hand(0))
    pick(state, "use ability 0 of Hourglass Tome")
    assert state.counters(tome) == {}  # the counter comes off as the ability is used
    pick(state, "cast Countermand")  # player 1 has priority once the ability is on the stack
    pick(state, "choose")
    do(state, "pass")
    do(state, "pass")  # Countermand resolves: the ability leaves the stack without effect
    assert [item[0] for item in state.stack_items()] == []
    assert len(state.hand(0)) == hand  # nothing drawn
    assert state.instance(tome)["zone"] == "play" and state.counters(tome) == {}
    assert not any(t.startswith("use ability 0 of Hourglass Tome") for t in texts(state))
    assert state.invariant_violation() == ""
