"""Card effects run natively by the engine: each card the engine runs, through real games (positions set with
``game.state_from_json``, then actions), and what the engine refuses (docs/engine-design.md, "Card effects")."""

from __future__ import annotations

import pytest

import tcbg
from tcbg.x610z.cards import CardSet
from tcbg.x610z.decks import Deck
from ruins_play import CRYSTALS, EFFECT_CARDS, RUINS, do, ruins_deck, texts

ATTACK, DEFENSE, SPEED, RANGE = 0, 1, 2, 3


def setup(mine: list[str], theirs: list[str], p0: dict, p1: dict, **top) -> tuple:
    """A game of two small decks (Skyspire Citadel against Tidebreaker Galleon, unless a life base is named first)
    and a position in it; player 0 is active in the action phase unless ``top`` says otherwise."""
    lb0 = mine.pop(0) if mine and RUINS[mine[0]].type == "life-base" else "Skyspire Citadel"
    lb1 = theirs.pop(0) if theirs and RUINS[theirs[0]].type == "life-base" else "Tidebreaker Galleon"
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS,
                          decks=[ruins_deck(lb0, mine), ruins_deck(lb1, theirs)])
    doc = {"format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0,
           "players": [p0, p1]}
    doc.update(top)
    return game, game.state_from_json(doc)


def pass_until_empty(state) -> None:
    while state.stack_items() and state.pending_kind() == "none":
        do(state, "pass")
    assert state.invariant_violation() == ""


# -- game creation ------------------------------------------------------------------------------------------------


def test_a_card_the_engine_cannot_run_is_refused_by_name():  # docs/engine-design.md
    import json
    import pathlib

    from tcbg.x610z.effects import SELF, WHILE_IN_PLAY, Activated, PreventDamage, Summon
    import tcbg.x610z
    path = pathlib.Path(tcbg.x610z.__file__).parent / "cardsets" / "ruins.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    effects = dict(RUINS.effects)
    effects["Living Waterfall"] = Summon(Activated("C1", PreventDamage(SELF, 2, WHILE_IN_PLAY)))
    custom = CardSet.from_dict(doc, source=str(path), effects=effects)

    def small(life_base, *cards):
        return Deck.parse("\n".join([f"Life base: {life_base}"] + [f"1 {c}" for c in cards]), custom, deck_size=None)
    decks = [small("Tidebreaker Galleon", "Cargo Beast"), small("Tidebreaker Galleon", "Living Waterfall")]
    with pytest.raises(tcbg.GameError) as info:
        tcbg.load_game(board="existenz", setup="1v1", cards=custom, decks=decks)
    assert str(info.value).startswith("decks[1]: card 'Living Waterfall' needs damage prevention lasting beyond the turn")
    game = tcbg.load_game(board="existenz", setup="1v1", cards=custom, effects=False, decks=decks)
    assert not game.effects


def test_faction_decks_by_name_pick_the_ruins_set_and_play_without_effects_on_request():
    game = tcbg.load_game(board="existenz", setup="1v1", decks=["undead", "barbarian"], effects=False)
    assert game.cards.name == "ruins" and not game.effects
    assert tcbg.load_game(board="existenz", setup="1v1", decks=["vanilla-a", "vanilla-b"]).cards.name == "vanilla"
    with pytest.raises(tcbg.GameError):
        tcbg.load_game(board="existenz", setup="1v1", decks=["undead", "barbarian"], effects="yes")


def test_without_effects_fluxes_stay_in_hand():
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS, effects=False,
                          decks=[ruins_deck("Skyspire Citadel", ["Healing Elixir"]),
                                 ruins_deck("Tidebreaker Galleon", ["Cargo Beast"])])
    state = game.state_from_json({"format": "tcbg-x610z-position/1", "players": [
        {"hand": ["Healing Elixir"], "pool": {"C": 1, "B": 1}}, {}]})
    assert not any(t.startswith("cast") for t in texts(state))


# -- fluxes -------------------------------------------------------------------------------------------------------

BEAST_AT = {"in_play": [{"card": "Cargo Beast", "dot": "r3-02"}]}


def test_healing_elixir_heals_8_only_damage_dealt():  # rules.md 6.1
    game, state = setup(["Healing Elixir", "Cargo Beast"], [],
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-02", "damage": 4}],
                         "hand": ["Healing Elixir"], "pool": {"C": 1, "B": 1}}, {})
    do(state, "cast Healing Elixir (#1)")
    assert state.pending_kind() == "announce"
    assert "choose Skyspire Citadel (#0)" in texts(state) and "choose Tidebreaker Galleon (#3)" in texts(state)
    do(state, "choose Cargo Beast (#2)")
    assert state.pool(0) == {}
    do(state, "pass")
    do(state, "pass")
    assert state.instance(2)["damage"] == 0 and state.instance(1)["zone"] == "discard"


def test_a_flux_needs_a_target_and_its_cost():  # rules.md 6.1
    game, state = setup(["Death's Toll"], ["Cargo Beast"], {"hand": ["Death's Toll"], "pool": {"C": 2, "H": 1}},
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-02"}]})
    assert not any(t.startswith("cast") for t in texts(state))  # no damaged NLB summon to target
    game, state = setup(["Death's Toll"], ["Cargo Beast"], {"hand": ["Death's Toll"], "pool": {"C": 1, "H": 1}},
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-02", "damage": 1}]})
    assert not any(t.startswith("cast") for t in texts(state))  # C2 H1 cannot be paid


def test_deaths_toll_destroys_a_damaged_nlb_summon():
    game, state = setup(["Death's Toll"], ["Cargo Beast"], {"hand": ["Death's Toll"], "pool": {"C": 2, "H": 1}},
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-02", "damage": 1}]})
    do(state, "cast Death's Toll (#1)")  # a target is always announced by a decision, even a single one
    do(state, "choose Cargo Beast (#3)")
    pass_until_empty(state)
    assert state.instance(3)["zone"] == "discard"


@pytest.mark.parametrize("use, damage", [(True, 4), (False, 3)])
def test_scorching_blast_with_and_without_its_additional_effect(use, damage):  # rules.md 6.12
    game, state = setup(["Scorching Blast"], ["Cargo Beast"], {"hand": ["Scorching Blast"], "pool": {"H": 1, "R": 2}},
                        BEAST_AT)
    do(state, "cast Scorching Blast (#1)")
    assert texts(state) == ["no", "yes"]  # the additional effect is chosen before the targets
    do(state, "yes" if use else "no")
    do(state, "choose Cargo Beast (#3)")
    assert state.pool(0) == ({} if use else {"R": 1})
    pass_until_empty(state)
    assert state.instance(3)["damage"] == damage


def test_scorching_blast_additional_effect_is_not_offered_without_its_cost():  # rules.md 6.12
    game, state = setup(["Scorching Blast"], ["Cargo Beast"], {"hand": ["Scorching Blast"], "pool": {"H": 1, "R": 1}},
                        BEAST_AT)
    do(state, "cast Scorching Blast (#1)")
    assert texts(state) == ["choose Cargo Beast (#3)"]


def test_arcane_rebuke_cancels_an_attack_or_deals_2():  # rules.md 6.12, 6.16
    game, state = setup(["Hunter Dragon"], ["Arcane Rebuke", "Cargo Beast"],
                        {"in_play": [{"card": "Hunter Dragon", "dot": "r3-03"}]},
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-02"}], "hand": ["Arcane Rebuke"],
                         "pool": {"C": 1, "M": 1}})
    do(state, "attack with Hunter Dragon (#1)")
    do(state, "attack the summon on r3-02")
    twin = state.clone()
    do(state, "cast Arcane Rebuke (#3)")
    assert texts(state) == ["choose mode 0", "choose mode 1"]
    do(state, "choose mode 0")
    do(state, "choose stack item 0 (Hunter Dragon (#1))")
    pass_until_empty(state)
    assert state.instance(4)["damage"] == 0 and state.instance(3)["zone"] == "discard"
    do(twin, "cast Arcane Rebuke (#3)")
    do(twin, "choose mode 1")
    do(twin, "choose Hunter Dragon (#1)")
    do(twin, "pass")
    do(twin, "pass")
    assert twin.instance(1)["damage"] == 2
    pass_until_empty(twin)
    assert twin.instance(4)["damage"] == 3  # the attack still resolves


def test_nullifying_word_cancels_a_flux():  # rules.md 6.16
    game, state = setup(["Nullifying Word"], ["Healing Elixir", "Cargo Beast"],
                        {"hand": ["Nullifying Word"], "pool": {"C": 1, "M": 2}},
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-02", "damage": 3}],
                         "hand": ["Healing Elixir"], "pool": {"C": 1, "B": 1}}, phase="end", active_player=0)
    assert state.current_player() == 1  # the end phase: the next player has priority first
    do(state, "cast Healing Elixir (#3)")
    do(state, "choose Cargo Beast (#4)")
    do(state, "cast Nullifying Word (#1)")
    do(state, "choose stack item 0 (Healing Elixir (#3))")
    pass_until_empty(state)
    assert state.instance(4)["damage"] == 3 and state.instance(3)["zone"] == "discard"


def test_firestorm_deals_2_to_each_nlb_summon():
    game, state = setup(["Firestorm", "Cargo Beast"], ["Cargo Beast"],
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-05", "damage": 7}], "hand": ["Firestorm"],
                         "pool": {"C": 2, "R": 1, "H": 1}}, BEAST_AT)
    do(state, "cast Firestorm (#1)")
    pass_until_empty(state)
    assert state.instance(2)["zone"] == "discard"  # 7 + 2 reaches its defense 9
    assert state.instance(4)["damage"] == 2 and state.instance(0)["damage"] == 0  # life bases are spared


def test_battle_fury_lasts_until_end_of_turn_and_counts_for_attacks():  # rules.md 6.10, 6.17
    game, state = setup(["Battle Fury", "Hunter Dragon"], ["Cargo Beast"],
                        {"in_play": [{"card": "Hunter Dragon", "dot": "r3-03"}], "hand": ["Battle Fury"],
                         "pool": {"R": 1}}, BEAST_AT)
    do(state, "cast Battle Fury (#1)")
    do(state, "choose Hunter Dragon (#2)")
    pass_until_empty(state)
    assert state.stat(2, ATTACK) == 6
    do(state, "attack with Hunter Dragon (#2)")
    do(state, "attack the summon on r3-02")
    pass_until_empty(state)
    assert state.instance(4)["damage"] == 6
    while state.turn == 3:
        do(state, "pass")
    assert state.stat(2, ATTACK) == 3


def test_necrotic_surge_pumps_each_summon_you_control():
    game, state = setup(["Necrotic Surge", "Cargo Beast"], ["Cargo Beast"],
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-03"}], "hand": ["Necrotic Surge"],
                         "pool": {"C": 1, "M": 1}}, BEAST_AT)
    do(state, "cast Necrotic Surge (#1)")
    pass_until_empty(state)
    assert state.stat(2, ATTACK) == 3 and state.stat(0, ATTACK) == 2 and state.stat(4, ATTACK) == 2


def test_last_rites_sacrifices_then_draws_two():  # rules.md 6.15
    game, state = setup(["Last Rites", "Cargo Beast", "Hunter Dragon", "Quickening Shard", "Entrancing Pearl"], [],
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-03"},
                                     {"card": "Hunter Dragon", "dot": "r3-05"}],
                         "hand": ["Last Rites"], "pool": {"H": 1}}, {})
    do(state, "cast Last Rites (#1)")
    do(state, "pass")
    do(state, "pass")
    assert state.pending_kind() == "resolve"  # two summons: the controller chooses which to sacrifice
    assert texts(state) == ["choose Cargo Beast (#2)", "choose Hunter Dragon (#3)"]
    do(state, "choose Hunter Dragon (#3)")
    assert state.instance(3)["zone"] == "discard" and len(state.hand(0)) == 2


def test_last_rites_without_a_summon_draws_nothing():  # rules.md 6.15
    game, state = setup(["Last Rites", "Quickening Shard"], [], {"hand": ["Last Rites"], "pool": {"H": 1}}, {})
    do(state, "cast Last Rites (#1)")
    do(state, "pass")
    do(state, "pass")
    assert state.hand(0) == [] and state.deck_size(0) == 1


def test_pickpocket_discards_at_random_from_the_seed():  # rules.md 6.15
    game, state = setup(["Pickpocket"], ["Cargo Beast", "Healing Elixir", "Quickening Shard"],
                        {"hand": ["Pickpocket"], "pool": {"R": 1}},
                        {"hand": ["Cargo Beast", "Healing Elixir", "Quickening Shard"]}, seed=5)
    do(state, "cast Pickpocket (#1)")
    do(state, "choose player 1")
    twin = state.clone()
    for s in (state, twin):
        do(s, "pass")
        do(s, "pass")
    assert len(state.hand(1)) == 2 and state.serialize() == twin.serialize()


def test_raid_the_hold_activates_their_crystal_and_produces_its_energy():
    game, state = setup(["Raid the Hold"], ["Robiumm Nugget"], {"hand": ["Raid the Hold"], "pool": {"C": 1, "R": 1}},
                        {"in_play": ["Robiumm Nugget"]})
    do(state, "cast Raid the Hold (#1)")
    do(state, "choose Robiumm Nugget (#3)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(3)["activated"] and state.pool(0) == {"R": 1}


def test_raise_the_fallen_places_a_summon_card_from_the_discard_pile():  # rules.md 6.5
    game, state = setup(["Raise the Fallen", "Hunter Dragon"], [],
                        {"hand": ["Raise the Fallen"], "discard": ["Hunter Dragon"], "pool": {"C": 1, "M": 1, "H": 1}},
                        {})
    do(state, "cast Raise the Fallen (#1)")
    do(state, "choose Hunter Dragon (#2)")
    do(state, "pass")
    do(state, "pass")
    options = texts(state)  # the dots a summon may be placed on (rules.md 5.11): not the opponent's start dot
    assert "choose dot s-06" not in options and "choose dot s-00" not in options and "choose dot r4-02" in options
    assert not any(t.startswith("choose dot r3") for t in options)
    do(state, "choose dot r4-02")
    assert state.instance(2)["zone"] == "play" and state.instance(2)["dot"] == "r4-02"
    assert not state.instance(2)["activated"]


def test_incinerate_removes_a_card_from_an_opponents_discard_pile():
    game, state = setup(["Incinerate"], ["Cargo Beast"], {"hand": ["Incinerate"], "pool": {"C": 2, "H": 1}},
                        {"discard": ["Cargo Beast"]})
    do(state, "cast Incinerate (#1)")
    assert texts(state) == ["choose Cargo Beast (#3)"]  # no catalyst in play: only the second mode
    do(state, "choose Cargo Beast (#3)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(3)["zone"] == "removed"


# -- abilities ----------------------------------------------------------------------------------------------------


def test_living_waterfall_paid_ability_once_until_your_next_turn():  # rules.md 6.11
    game, state = setup(["Living Waterfall"], [],
                        {"in_play": [{"card": "Living Waterfall", "dot": "r3-03", "damage": 2}], "pool": {"R": 2}}, {})
    do(state, "use ability 0 of Living Waterfall (#1)")
    do(state, "pass")
    do(state, "pass")
    assert state.instance(1)["damage"] == 1
    assert "use ability 0 of Living Waterfall (#1)" not in texts(state)  # used; R1 is still in the pool


def test_howling_bogling_rises_from_the_discard_pile():  # rules.md 6.11 (Rise)
    game, state = setup(["Ossuary Throne", "Howling Bogling"], [],
                        {"discard": ["Howling Bogling"], "pool": {"C": 1, "H": 2}}, {})
    do(state, "use ability 0 of Howling Bogling (#1)")
    do(state, "pass")
    do(state, "pass")
    do(state, "choose dot r4-04")
    assert state.instance(1)["zone"] == "play" and state.instance(1)["dot"] == "r4-04"


def test_cinder_zeppelin_activated_ability_activates_it():  # rules.md 6.11
    game, state = setup(["Cinder Zeppelin"], ["Cargo Beast"],
                        {"in_play": [{"card": "Cinder Zeppelin", "dot": "r3-05"}], "pool": {"H": 2}}, BEAST_AT)
    do(state, "use ability 0 of Cinder Zeppelin (#1)")
    assert state.instance(1)["activated"]
    do(state, "choose Cargo Beast (#3)")
    pass_until_empty(state)
    assert state.instance(3)["damage"] == 1
    assert not any(t.startswith("use ability") for t in texts(state))  # it must be reactivated first


def test_skyspire_citadel_gives_range_while_in_play():  # rules.md 6.17
    shards = ["Quickening Shard"] * 4  # enough to draw for two turns
    game, state = setup(["Cargo Beast", *shards], list(shards), {"in_play": [{"card": "Cargo Beast", "dot": "r3-03"}],
                                                                "pool": {"M": 2}}, {})
    do(state, "use ability 0 of Skyspire Citadel (#0)")
    do(state, "choose Cargo Beast (#1)")
    pass_until_empty(state)
    assert state.stat(1, RANGE) == 2
    while state.turn < 5:
        do(state, [t for t in texts(state) if t == "pass" or t.startswith("discard")][0])
    assert state.stat(1, RANGE) == 2


def test_tidebreaker_galleon_stealth_stops_opponents_targeting():  # rules.md 6.2
    game, state = setup(["Death's Toll"], ["Cargo Beast"], {"hand": ["Death's Toll"], "pool": {"C": 2, "H": 1}},
                        {"in_play": [{"card": "Cargo Beast", "dot": "r3-02", "damage": 1}], "pool": {"B": 1}},
                        active_player=1)
    do(state, "use ability 0 of Tidebreaker Galleon (#2)")
    do(state, "choose Cargo Beast (#3)")
    pass_until_empty(state)
    do(state, "pass")
    assert state.current_player() == 0
    assert not any(t.startswith("cast") for t in texts(state))  # its one possible target has stealth


def test_arcane_warden_cancels_an_attack():  # rules.md 6.16
    game, state = setup(["Hunter Dragon"], ["Arcane Warden"], {"in_play": [{"card": "Hunter Dragon", "dot": "r3-03"}]},
                        {"in_play": [{"card": "Arcane Warden", "dot": "r3-02"}], "pool": {"C": 1, "M": 1}})
    do(state, "attack with Hunter Dragon (#1)")
    do(state, "attack the summon on r3-02")
    do(state, "use ability 0 of Arcane Warden (#3)")
    do(state, "choose stack item 0 (Hunter Dragon (#1))")
    pass_until_empty(state)
    assert state.instance(3)["damage"] == 0


def test_soulstone_is_sacrificed_to_return_a_summon_card():
    game, state = setup(["Ossuary Throne", "Soulstone", "Howling Bogling"], [],
                        {"in_play": ["Soulstone"], "discard": ["Howling Bogling"]}, {})
    do(state, "use ability 0 of Soulstone (#1)")
    assert state.instance(1)["zone"] == "discard"
    do(state, "choose Howling Bogling (#2)")
    pass_until_empty(state)
    assert state.hand(0) == ["Howling Bogling"]


def test_ember_heart_hurts_your_life_base_and_produces_h2():  # rules.md 6.13
    game, state = setup(["Ember Heart"], [], {"in_play": ["Ember Heart"]}, {})
    assert "activate crystal Ember Heart (#1)" in texts(state)
    do(state, "use ability 0 of Ember Heart (#1)")
    pass_until_empty(state)
    assert state.instance(0)["damage"] == 1 and state.pool(0) == {"H": 2}
    assert "activate crystal Ember Heart (#1)" not in texts(state)


def test_bloodrage_champion_pumps_and_hurts_itself():
    game, state = setup(["Bloodrage Champion"], [],
                        {"in_play": [{"card": "Bloodrage Champion", "dot": "r3-03"}], "pool": {"H": 1}}, {})
    do(state, "use ability 0 of Bloodrage Champion (#1)")
    pass_until_empty(state)
    assert state.stat(1, ATTACK) == 9 and state.instance(1)["damage"] == 1


def test_skyblade_adept_reactivates_itself():
    game, state = setup(["Skyblade Adept"], [],
                        {"in_play": [{"card": "Skyblade Adept", "dot": "r3-03", "activated": True, "moved": True}],
                         "pool": {"B": 1, "M": 1}}, {})
    do(state, "use ability 0 of Skyblade Adept (#1)")
    pass_until_empty(state)
    assert not state.instance(1)["activated"]


# -- soak ---------------------------------------------------------------------------------------------------------



def effect_deck(life_base: str) -> Deck:
    return ruins_deck(life_base, [*EFFECT_CARDS, *[c for c in CRYSTALS for _ in range(7)]])


@pytest.mark.parametrize("setup_name", ["1v1", "ffa3", "2v2"])
def test_random_games_with_every_card_the_engine_runs_keep_the_invariants(setup_name):
    life_bases = ["Skyspire Citadel", "Tidebreaker Galleon", "Ossuary Throne"]
    seats = {"1v1": 2, "ffa3": 3, "2v2": 4}[setup_name]
    game = tcbg.load_game(board="existenz", setup=setup_name, cards=RUINS, max_turns=80,
                          decks=[effect_deck(life_bases[p % 3]) for p in range(seats)])
    totals = game.random_playouts(40, seed=11, check_invariants=True)
    assert totals["games"] == 40 and totals["decisions"] > 40 * 50


def test_python_random_play_with_effects_round_trips_every_state():  # docs/state-format.md
    import random
    game = tcbg.load_game(board="existenz", setup="1v1", cards=RUINS, max_turns=40,
                          decks=[effect_deck("Skyspire Citadel"), effect_deck("Ossuary Throne")])
    rng = random.Random(3)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            copy = game.deserialize_state(state.serialize())
            assert copy.legal_actions() == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.invariant_violation() == ""
