"""Counters run natively (rules.md 6.4): activation counters come off as the permanent is activated and the last
one sends it to the discard pile after the ability resolves; time counters come off in its controller's
reactivation phase; charge counters do what their card says; damage counters are not damage."""

from __future__ import annotations

import tcbg
from ruins_play import RUINS, do, ruins_deck, texts

PLENTY = {"C": 9, "B": 9, "M": 9, "R": 9, "H": 9}
ACTIVATION, TIME, CHARGE = 7, 8, 9  # Prop numbers, as GET reads them


def test_library_of_muljanii_searches_three_times_then_leaves():  # rules.md 6.4, 6.15
    fluxes = ["Divine Intervention", "Nullifying Word", "Arcane Rebuke"]
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Skyspire Citadel", ["Library of Muljanii", *fluxes, "Hunter Dragon",
                                                           *["Entrancing Pearl"] * 3, *["Quickening Shard"] * 4]),
                                 ruins_deck("Ossuary Throne", ["Quickening Shard"] * 4)])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"hand": ["Library of Muljanii"], "in_play": ["Entrancing Pearl"] * 3, "pool": PLENTY}, {}]})
    do(state, "cast Library of Muljanii (#1)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(1)["zone"] == "play"
    for n, flux in enumerate(fluxes):
        # A new turn reactivates it; here its ability is used once per turn of player 0.
        if n:
            start = state.turn
            while not (state.turn == start + 2 and state.current_player() == 0):
                do(state, [t for t in texts(state) if t == "pass" or t.startswith("discard")][0])
        do(state, "use ability 0 of Library of Muljanii (#1)")
        do(state, "pass")
        do(state, "pass")
        options = texts(state)  # a search: the chooser's fluxes in their deck, or none
        assert options[-1] == "choose none" and all("Hunter Dragon" not in t for t in options)
        do(state, options[0])
        assert flux in state.hand(0)
    assert state.instance(1)["zone"] == "discard"  # the third activation took the last counter


def test_charnel_pit_counts_the_fallen_and_raises_one():  # rules.md 6.4
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Ossuary Throne", ["Charnel Pit", "Howling Bogling", "Ghoul Barge"]),
                                 ruins_deck("Ashen War Wagon", ["Death's Toll", "Death's Toll"])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "active_player": 1, "first_player": 1,
        "players": [{"in_play": ["Charnel Pit", {"card": "Howling Bogling", "dot": "r3-03", "damage": 1},
                                 {"card": "Ghoul Barge", "dot": "r3-09", "damage": 1}], "pool": {"C": 1}},
                    {"hand": ["Death's Toll", "Death's Toll"], "pool": PLENTY}]})
    for victim in ("Howling Bogling (#2)", "Ghoul Barge (#3)"):
        do(state, "cast Death's Toll (#5)" if victim.startswith("Howling") else "cast Death's Toll (#6)")
        do(state, f"choose {victim}")
        do(state, "pass")
        do(state, "pass")
        do(state, "put waiting ability 0 of Charnel Pit (#1) on the stack")
        do(state, "pass")
        do(state, "pass")
    assert "use ability 1 of Charnel Pit (#1)" not in texts(state)  # not player 0's priority yet
    do(state, "pass")
    assert state.current_player() == 0
    do(state, "use ability 1 of Charnel Pit (#1)")
    do(state, "choose Howling Bogling (#2)")
    do(state, "pass")
    do(state, "pass")
    do(state, "choose dot r4-04")
    assert state.instance(2)["zone"] == "play" and state.instance(2)["dot"] == "r4-04"
    assert "use ability 1 of Charnel Pit (#1)" not in texts(state)  # its two charge counters are spent


def test_plague_banner_puts_damage_counters_and_runs_out_of_time():  # rules.md 6.4, 6.8, 6.22
    shards = ["Quickening Shard"] * 6
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck("Ossuary Throne", ["Plague Banner", *shards]),
                                 ruins_deck("Tidebreaker Galleon", ["Cargo Beast", *shards])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"hand": ["Plague Banner"], "pool": PLENTY}, {"in_play": [{"card": "Cargo Beast", "dot": "r3-02"}]}]})
    do(state, "cast Plague Banner (#1)")
    do(state, "choose Cargo Beast (#9)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(1)["zone"] == "play"
    assert state.turn == 1
    for turn in range(2):  # player 0's next two turns: a time counter off, then a damage counter on the beast
        while state.pending_kind() != "trigger":
            do(state, [t for t in texts(state) if t == "pass" or t.startswith("discard")][0])
        do(state, "put waiting ability 0 of Plague Banner (#1) on the stack")
        do(state, "pass")
        do(state, "pass")
        assert state.instance(9)["damage"] == turn + 1 and state.instance(1)["zone"] == "play"
    while state.active_player == 0:
        do(state, [t for t in texts(state) if t == "pass" or t.startswith("discard")][0])
    while state.active_player != 0:
        do(state, [t for t in texts(state) if t == "pass" or t.startswith("discard")][0])
    # The third turn's reactivation phase takes the last time counter before the turn starts: it triggers no more.
    assert state.turn == 7 and state.pending_kind() == "none"
    assert state.instance(1)["zone"] == "discard" and state.instance(9)["damage"] == 2
