"""Every element of the effect language (docs/cards.md) compiles to what it means: checked on the compiled
instructions and by running them in the reference interpreter's model. Rule numbers: docs/rules.md section 6
(6.1-6.17, proposed with this work) and docs/card-data.md."""

from __future__ import annotations

import os
import sys

import pytest

from tcbg.x610z.effects import (
    EVENT_SUBJECT, FOCUSED, SELF, UNTIL_END_OF_TURN, WHILE_IN_PLAY, WHILE_SOURCE_IN_PLAY, YOU, Activate, Activated,
    AddCounters, Additional, Attacks, Cancel, Cards, Catalyst, ChooseOne, Chosen, Continuous, ControllerOf, Controls,
    Cost, Count, Crystal, Crystals, DealDamage, DealtDamage, Destroy, Destroyed, Discard, DiscardCard, Dots, Draw,
    Each, EndPhase, EnergyOf, EntersPlay, Equals, Exists, Flux, GainControl, Grant, Heal, If, IsDamaged, LeavesPlay,
    LifeBaseOf, Matches, ModifyStats, MoveSummon, Moves, NLBSummons, Paid, PlaceOnDot, PreventDamage, ProduceEnergy,
    Quest, Rage, Reactivate, RedirectDamage, ReduceDamage, RemoveCounters, RemoveFromGame, ReturnToHand, Rise,
    Sacrifice, Search, StartOfTurn, StatOf, Stealth, Summon, Summons, TargetAction, TargetCard, TargetCatalyst,
    TargetCrystal, TargetDot, TargetNLBSummon, TargetPlayer, TargetSummon, Triggered, WinGame,
)
from tcbg.x610z.effects.native import NONE, AbilityKind, Counter, Event, Op, Prop, Property, StackKind, Subject
from tcbg.x610z.effects.reference import Fizzled, Model

try:
    from .effect_cards import card_set, crystal, model, ops, program, summon
except ImportError:  # tests/x610z is not a package: import the sibling module by path
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from effect_cards import card_set, crystal, model, ops, program, summon

# -- targets and choices -------------------------------------------------------------------------------------------


def test_target_player_draws():
    m = model({"Insight": Flux(Draw(TargetPlayer(), 2))})
    for name in ("Drake", "Skiff", "Hauler"):
        m.add(name, owner=1, zone="deck")
    flux = m.add("Insight", owner=0, zone="hand")
    m.resolve(flux, controller=0, targets=[1])
    assert len(m.hand(1)) == 2 and m.zone_of(flux) == "discard"
    assert program(m.cards, "Insight") == [("SET", 4, 2, 0), ("DRAW", 0, 4, 0), ("END", 0, 0, 0)]


def test_target_summon_includes_life_bases_target_nlb_does_not():
    m = model({"Zap": Flux(DealDamage(TargetSummon(), 1)), "Bolt": Flux(DealDamage(TargetNLBSummon(), 1))})
    keep, drake = m.add("Keep", owner=1, dot=8), m.add("Drake", owner=1, dot=5)
    native = m.native
    zap = native.record("modes", native.record("abilities", native.abilities_of("Zap")[0])["first_mode"])
    bolt = native.record("modes", native.record("abilities", native.abilities_of("Bolt")[0])["first_mode"])
    assert m.legal_targets(zap["target0"], 0, NONE) == [keep, drake]
    assert m.legal_targets(bolt["target0"], 0, NONE) == [drake]


def test_target_filters_controller_class_damage_and_stats():
    m = model({"Pick": Flux(Destroy(TargetNLBSummon("opponent", classes=("dragon", "beast"), damaged=True,
                                                    stat=("attack", 0, 3))))})
    mine = m.add("Drake", owner=0, dot=2, damage=1)
    fresh = m.add("Hauler", owner=1, dot=5)
    strong = m.add("Wyrm", owner=1, dot=6, damage=1)  # attack 4
    weak = m.add("Drake", owner=1, dot=7, damage=2)
    f = m.native.record("modes", 0)["target0"]
    assert m.legal_targets(f, 0, NONE) == [weak]
    assert mine not in m.legal_targets(f, 0, NONE) and fresh not in m.legal_targets(f, 0, NONE)
    assert strong not in m.legal_targets(f, 0, NONE)


def test_target_crystal_catalyst_dot_and_card_in_zone():
    m = model({
        "Drain": Flux(Activate(TargetCrystal("opponent", activated=False))),
        "Burn": Flux(Destroy(TargetCatalyst())),
        "Exhume": Flux(ReturnToHand(TargetCard("discard", types="summon"))),
        "Beacon": Flux(PlaceOnDot(TargetNLBSummon("you"), TargetDot("quest"))),
    })
    spark = m.add("Spark", owner=1)
    m.resolve(m.add("Drain", owner=0, zone="hand"), controller=0, targets=[spark])
    assert m.objs[spark].activated
    dead = m.add("Drake", owner=0, zone="discard")
    m.resolve(m.add("Exhume", owner=0, zone="hand"), controller=0, targets=[dead])
    assert m.zone_of(dead) == "hand"
    skiff = m.add("Skiff", owner=0, dot=3)
    m.resolve(m.add("Beacon", owner=0, zone="hand"), controller=0, targets=[skiff, 1])
    assert m.objs[skiff].dot == 1  # dot 1 is the quest dot of the line board
    assert ops(m.cards, "Beacon") == ["PLACE", "END"]


def test_target_catalyst():
    cards = card_set({"Burn": Flux(Destroy(TargetCatalyst())), "Idol": Catalyst(Continuous(ModifyStats(
        Each(Summons("you")), attack=1)))})
    m = Model(cards)
    idol = m.add("Idol", owner=1)
    m.resolve(m.add("Burn", owner=0, zone="hand"), controller=0, targets=[idol])
    assert m.zone_of(idol) == "discard"


def test_choose_one_modes_have_their_own_targets_and_programs():
    cards = card_set({"Rebuke": Flux(ChooseOne(Cancel(TargetAction(("move", "attack"))),
                                               [DealDamage(TargetNLBSummon(), 2), Draw(YOU, 1)]))})
    native = cards.native_effects()
    ab = native.record("abilities", native.abilities_of("Rebuke")[0])
    assert ab["num_modes"] == 2
    assert ops(cards, "Rebuke", mode=0) == ["CANCEL", "END"]
    assert ops(cards, "Rebuke", mode=1) == ["SET", "CTX", "DAMAGE", "CTX", "SET", "DRAW", "END"]
    m = Model(cards)
    drake = m.add("Drake", owner=1, dot=4)
    m.resolve(m.add("Rebuke", owner=0, zone="hand"), controller=0, mode=1, targets=[drake])
    assert m.damage_of(drake) == 2


def test_choose_one_common_effects_before_and_after_go_to_every_mode():
    cards = card_set({"Both": Flux(Draw(YOU, 1), ChooseOne(Heal(TargetSummon(), 1), Destroy(TargetCatalyst())),
                                   Draw(YOU, 2))})
    for mode in (0, 1):
        names = ops(cards, "Both", mode=mode)
        assert names[:3] == ["CTX", "SET", "DRAW"] and names[-4:] == ["CTX", "SET", "DRAW", "END"]


def test_additional_effect_with_its_cost_runs_only_when_used():  # rules.md 6.12
    blasted = TargetNLBSummon()
    cards = card_set({"Blast": Flux(DealDamage(blasted, 3), Additional("C1 B1", DealDamage(blasted, 1),
                                                                      Draw(TargetPlayer(), 1)))})
    native = cards.native_effects()
    ab = native.record("abilities", native.abilities_of("Blast")[0])
    add = native.record("additionals", ab["first_additional"])
    assert native.record("costs", add["cost"])["C"] == 1 and native.record("costs", add["cost"])["B"] == 1
    assert add["first_slot"] == 1 and add["num_targets"] == 1  # the player is slot 1; the summon shares slot 0
    for use, damage in (((), 3), ((0,), 4)):
        m = Model(cards)
        m.add("Skiff", owner=1, zone="deck")
        drake = m.add("Hauler", owner=1, dot=4)
        flux = m.add("Blast", owner=0, zone="hand")
        m.resolve(flux, controller=0, additionals=use, targets=[drake, 1] if use else [drake])
        assert m.damage_of(drake) == damage and len(m.hand(1)) == (1 if use else 0)


def test_illegal_target_on_resolution_sends_a_flux_to_the_discard_pile_without_effect():  # rules.md 6.1
    m = model({"Bolt": Flux(DealDamage(TargetNLBSummon("opponent"), 2), Draw(YOU, 1))})
    m.add("Skiff", owner=0, zone="deck")
    drake = m.add("Drake", owner=1, dot=4)
    flux = m.add("Bolt", owner=0, zone="hand")
    m.destroy(drake)  # gone before the flux resolves
    m.resolve(flux, controller=0, targets=[drake])
    assert m.zone_of(flux) == "discard" and m.hand(0) == []  # no part of it happens
    with pytest.raises(Fizzled):
        m.begin(m.add("Bolt", owner=0, zone="hand"), 0, targets=[drake])


def test_one_illegal_target_of_two_the_rest_still_happens():  # rules.md 6.1
    m = model({"Fork": Flux(DealDamage(TargetNLBSummon(), 2), DealDamage(TargetNLBSummon(distinct=True), 2))})
    a, b = m.add("Hauler", owner=1, dot=4), m.add("Legion", owner=1, dot=5)
    m.destroy(a)
    run = m.begin(m.add("Fork", owner=0, zone="stack"), 0, targets=[a, b])
    assert run.regs[:2] == [NONE, b]  # the illegal target's register holds NONE: what acts on it does nothing
    assert run.run() is None
    assert m.damage_of(b) == 2


def test_illegal_target_of_an_ability_the_permanent_stays():  # rules.md 6.1
    m = model({"Gunner": Summon(Activated("C1", DealDamage(TargetNLBSummon("opponent"), 1)))},
              [summon("Gunner", "vessel")])
    gunner = m.add("Gunner", owner=0, dot=3)
    drake = m.add("Drake", owner=1, dot=5)
    m.destroy(drake)
    m.resolve(gunner, controller=0, targets=[drake])
    assert m.zone_of(gunner) == "play"


def test_stealth_cannot_be_targeted_by_opponents():  # rules.md 6.2
    m = model({"Ghost": Summon(Stealth()), "Bolt": Flux(DealDamage(TargetNLBSummon(), 1)),
               "Pump": Flux(ModifyStats(TargetNLBSummon("you"), attack=1))}, [summon("Ghost", "vessel")])
    ghost = m.add("Ghost", owner=1, dot=5)
    bolt = m.native.record("modes", m.native.record("abilities", m.native.abilities_of("Bolt")[0])["first_mode"])
    pump = m.native.record("modes", m.native.record("abilities", m.native.abilities_of("Pump")[0])["first_mode"])
    assert m.legal_targets(bolt["target0"], 0, NONE) == []
    assert m.legal_targets(pump["target0"], 1, NONE) == [ghost]  # its controller still may
    assert m.has(ghost, Property.STEALTH)


def test_chosen_on_resolution_pauses_and_resumes_from_pc_and_registers():  # docs/cards.md "Pausing"
    cards = card_set({"Toll": Flux(Sacrifice(victim := Chosen(NLBSummons("you"))), If(Exists(victim), Draw(YOU, 2)))})
    m = Model(cards)
    for name in ("Skiff", "Hauler", "Legion"):
        m.add(name, owner=0, zone="deck")
    a, b = m.add("Drake", owner=0, dot=3), m.add("Hauler", owner=0, dot=5)
    flux = m.add("Toll", owner=0, zone="stack")
    run = m.begin(flux, 0)
    pause = run.run()
    assert pause is not None and pause.op == Op.CHOOSE and pause.options == [a, b] and pause.chooser == 0
    part, pc, regs = run.state()
    assert len(regs) == 16 and program(cards, "Toll")[pc][0] == "CHOOSE"
    # a fresh interpreter built from (part, pc, registers) alone resumes the same way
    again = type(run).from_state(m, run.parts, run.ctx, run.state())
    again.pending = pause
    assert again.resume(b) is None
    assert m.zone_of(b) == "discard" and len(m.hand(0)) == 2 and m.zone_of(a) == "play"


def test_chosen_with_nothing_to_choose_is_none_and_if_you_do_fails():
    m = model({"Toll": Flux(Sacrifice(victim := Chosen(NLBSummons("you"))), If(Exists(victim), Draw(YOU, 2)))})
    m.add("Skiff", owner=0, zone="deck")
    m.resolve(m.add("Toll", owner=0, zone="hand"), controller=0)
    assert m.hand(0) == []


def test_chosen_with_one_option_needs_no_decision():  # rules.md 6.15
    m = model({"Toll": Flux(Sacrifice(Chosen(NLBSummons("you"))))})
    only = m.add("Drake", owner=0, dot=3)
    assert m.begin(m.add("Toll", owner=0, zone="hand"), 0).run() is None
    assert m.zone_of(only) == "discard"


def test_optional_and_random_choices():  # rules.md 6.15
    cards = card_set({"Maybe": Flux(Destroy(Chosen(NLBSummons("opponent"), optional=True))),
                      "Chaos": Flux(Destroy(Chosen(NLBSummons("opponent"), random=True)))})
    assert program(cards, "Maybe")[1][0] == "CHOOSE" and program(cards, "Maybe")[1][3] >> 8 == 1
    m = Model(cards, seed=3)
    a = m.add("Drake", owner=1, dot=4)
    run = m.begin(m.add("Maybe", owner=0, zone="hand"), 0)
    pause = run.run()
    assert pause.optional and pause.options == [a]
    run.resume(NONE)
    assert m.zone_of(a) == "play"
    b = m.add("Hauler", owner=1, dot=5)
    assert m.begin(m.add("Chaos", owner=0, zone="hand"), 0).run() is None  # random: no decision
    assert sorted(m.zone_of(x) for x in (a, b)) == ["discard", "play"]


# -- effects ---------------------------------------------------------------------------------------------------------


def test_deal_damage_destroys_at_defense():
    m = model({"Bolt": Flux(DealDamage(TargetNLBSummon(), 3))})
    drake = m.add("Drake", owner=1, dot=4, damage=3)
    m.resolve(m.add("Bolt", owner=0, zone="hand"), controller=0, targets=[drake])
    assert m.zone_of(drake) == "discard"
    assert (Event.DESTROYED, drake, NONE, 0) in m.events


def test_heal_only_removes_damage_dealt():
    m = model({"Mend": Flux(Heal(TargetSummon(), 8))})
    hauler = m.add("Hauler", owner=0, dot=4, damage=3)
    m.resolve(m.add("Mend", owner=0, zone="hand"), controller=0, targets=[hauler])
    assert m.damage_of(hauler) == 0
    fresh = m.add("Drake", owner=0, dot=5)
    m.resolve(m.add("Mend", owner=0, zone="hand"), controller=0, targets=[fresh])
    assert m.damage_of(fresh) == 0 and m.stat(fresh, Prop.DEFENSE) == 6  # no "extra life"


def test_prevent_damage_then_the_shield_is_used_up():  # rules.md 6.3
    m = model({"Shield": Flux(PreventDamage(TargetSummon(), 2)), "Bolt": Flux(DealDamage(TargetNLBSummon(), 3))})
    hauler = m.add("Hauler", owner=0, dot=4)
    m.resolve(m.add("Shield", owner=0, zone="hand"), controller=0, targets=[hauler])
    m.resolve(m.add("Bolt", owner=1, zone="hand"), controller=1, targets=[hauler])
    assert m.damage_of(hauler) == 1
    m.resolve(m.add("Bolt", owner=1, zone="hand"), controller=1, targets=[hauler])
    assert m.damage_of(hauler) == 4


def test_reduce_damage_each_time_and_until_end_of_turn():  # rules.md 6.3
    m = model({"Brace": Flux(ReduceDamage(TargetSummon(), 1)), "Bolt": Flux(DealDamage(TargetNLBSummon(), 3))})
    hauler = m.add("Hauler", owner=0, dot=4)
    m.resolve(m.add("Brace", owner=0, zone="hand"), controller=0, targets=[hauler])
    for _ in range(2):
        m.resolve(m.add("Bolt", owner=1, zone="hand"), controller=1, targets=[hauler])
    assert m.damage_of(hauler) == 4
    m.end_turn()
    m.resolve(m.add("Bolt", owner=1, zone="hand"), controller=1, targets=[hauler])
    assert m.damage_of(hauler) == 7


def test_redirect_damage_once_and_before_prevention():  # rules.md 6.3
    decoy = TargetSummon("you")
    m = model({"Decoy": Flux(RedirectDamage(decoy, TargetNLBSummon(distinct=True))),
               "Shield": Flux(PreventDamage(TargetSummon(), 1)), "Bolt": Flux(DealDamage(TargetNLBSummon(), 3))})
    mine, theirs = m.add("Skiff", owner=0, dot=3), m.add("Hauler", owner=1, dot=5)
    m.resolve(m.add("Shield", owner=1, zone="hand"), controller=1, targets=[theirs])
    m.resolve(m.add("Decoy", owner=0, zone="hand"), controller=0, targets=[mine, theirs])
    m.resolve(m.add("Bolt", owner=1, zone="hand"), controller=1, targets=[mine])
    assert m.damage_of(mine) == 0 and m.damage_of(theirs) == 2  # redirected, then 1 prevented
    m.resolve(m.add("Bolt", owner=1, zone="hand"), controller=1, targets=[mine])
    assert m.damage_of(mine) == 3  # used up


def test_distinct_targets():
    m = model({"Decoy": Flux(RedirectDamage(TargetSummon("you"), TargetNLBSummon(distinct=True)))})
    mine = m.add("Skiff", owner=0, dot=3)
    f1 = m.native.record("modes", 0)["target1"]
    assert m.legal_targets(f1, 0, NONE, earlier=[mine]) == []


def test_destroy_and_sacrifice():
    m = model({"Smash": Flux(Destroy(TargetCrystal())), "Offer": Flux(Sacrifice(Chosen(Crystals("you"))))})
    spark = m.add("Spark", owner=1)
    m.resolve(m.add("Smash", owner=0, zone="hand"), controller=0, targets=[spark])
    assert m.zone_of(spark) == "discard"
    borrowed = m.add("Pearl", owner=1, controller=0)  # you cannot sacrifice a crystal you do not own (ORoC)
    run = m.begin(m.add("Offer", owner=0, zone="hand"), 0)
    run.run()
    assert m.zone_of(borrowed) == "play"


def test_discard_by_choice_and_at_random():
    m = model({"Purge": Flux(Discard(TargetPlayer("opponent"), 2)), "Pick": Flux(Discard(TargetPlayer(), 1,
                                                                                          random=True))})
    cards = [m.add(name, owner=1, zone="hand") for name in ("Drake", "Skiff", "Hauler")]
    run = m.begin(m.add("Purge", owner=0, zone="hand"), 0, targets=[1])
    pause = run.run()
    assert pause.chooser == 1 and pause.options == cards  # the discarding player chooses
    pause = run.resume(cards[0])
    assert run.resume(cards[2]) is None
    assert [m.zone_of(c) for c in cards] == ["discard", "hand", "discard"]
    m.resolve(m.add("Pick", owner=0, zone="hand"), controller=0, targets=[1])
    assert m.hand(1) == []
    assert program(m.cards, "Pick")[:2] == [("CHOOSE", 4, m.native.filters.index(m.native.filters[
        program(m.cards, "Pick")[0][2]]), 0 | 2 << 8), ("DISCARD", 4, 0, 0)]  # chooser r0, RANDOM


def test_discard_card_puts_a_hand_card_into_the_discard_pile():
    m = model({"Drop": Flux(DiscardCard(TargetCard("hand")))})
    card = m.add("Drake", owner=0, zone="hand")
    m.resolve(m.add("Drop", owner=0, zone="hand"), controller=0, targets=[card])
    assert m.zone_of(card) == "discard"


def test_draw_from_an_empty_deck_loses():
    m = model({"Greed": Flux(Draw(YOU, 2))})
    m.add("Drake", owner=0, zone="deck")
    m.resolve(m.add("Greed", owner=0, zone="hand"), controller=0)
    assert 0 in m.lost


def test_search_the_deck_then_shuffle():  # rules.md 6.15
    cards = card_set({"Tutor": Flux(Search(YOU, Cards("deck", types="summon", classes="dragon")))})
    assert ops(cards, "Tutor") == ["CTX", "CHOOSE", "TO_HAND", "SHUFFLE", "END"]
    assert program(cards, "Tutor")[1][3] >> 8 == 5  # SEARCH | OPTIONAL: finding nothing is allowed
    m = Model(cards)
    deck = [m.add(name, owner=0, zone="deck") for name in ("Skiff", "Drake", "Wyrm", "Hauler")]
    run = m.begin(m.add("Tutor", owner=0, zone="stack"), 0)
    pause = run.run()
    assert pause.options == [deck[1], deck[2]] and pause.optional
    run.resume(deck[2])
    assert m.hand(0) == [deck[2]]


def test_return_to_hand_and_remove_from_game():
    m = model({"Bounce": Flux(ReturnToHand(TargetNLBSummon())), "Exile": Flux(RemoveFromGame(TargetCard(
        "discard", "opponent")))})
    drake = m.add("Drake", owner=1, dot=4, damage=2)
    m.resolve(m.add("Bounce", owner=0, zone="hand"), controller=0, targets=[drake])
    assert m.zone_of(drake) == "hand" and m.damage_of(drake) == 0
    dead = m.add("Skiff", owner=1, zone="discard")
    m.resolve(m.add("Exile", owner=0, zone="hand"), controller=0, targets=[dead])
    assert m.zone_of(dead) == "removed"


def test_place_on_dot_of_your_choice_and_from_the_discard_pile():  # rules.md 6.5
    m = model({"Lift": Flux(PlaceOnDot(TargetSummon(), Dots())),
               "Raise": Flux(PlaceOnDot(TargetCard("discard", types="summon"), Dots(summon_dot=True)))})
    drake = m.add("Drake", owner=1, dot=4)
    m.add("Keep", owner=0, dot=0)
    run = m.begin(m.add("Lift", owner=0, zone="hand"), 0, targets=[drake])
    pause = run.run()
    assert pause.op == Op.CHOOSE_DOT and 0 not in pause.options and 8 in pause.options  # its own start dot: yes
    run.resume(6)
    assert m.objs[drake].dot == 6
    dead = m.add("Skiff", owner=0, zone="discard")
    m.objs[m.occupant(0)].dot = 1  # free the start dot
    run = m.begin(m.add("Raise", owner=0, zone="hand"), 0, targets=[dead])
    assert run.run().options == [0, 2]  # own start dot and the free warp dots (rules.md 5.11); 6 is taken
    run.resume(2)
    assert m.zone_of(dead) == "play" and m.objs[dead].dot == 2 and m.controller(dead) == 0
    assert (Event.ENTERS_PLAY, dead, NONE, 0) in m.events


def test_place_fails_when_the_class_is_taken_or_no_dot():  # rules.md 6.5
    m = model({"Raise": Flux(PlaceOnDot(TargetCard("discard", types="summon"), Dots(summon_dot=True)))})
    m.add("Wyrm", owner=0, dot=3)
    dead = m.add("Drake", owner=0, zone="discard")
    m.resolve(m.add("Raise", owner=0, zone="hand"), controller=0, targets=[dead], choices=[0])
    assert m.zone_of(dead) == "discard"


def test_life_base_is_never_placed_on_an_end_dot():  # rules.md 6.5
    m = model({"Lift": Flux(PlaceOnDot(TargetSummon(), Dots()))})
    keep = m.add("Keep", owner=0, dot=0)
    run = m.begin(m.add("Lift", owner=0, zone="hand"), 0, targets=[keep])
    assert 4 not in run.run().options  # dot 4 is the end dot of the line board


def test_move_a_summon_up_to_n_steps():  # rules.md 6.6
    cards = card_set({"Gust": Flux(MoveSummon(TargetNLBSummon("you"), 2))})
    assert ops(cards, "Gust") == ["SET", "CHOOSE_MOVE", "MOVE", "END"]
    m = Model(cards)
    skiff = m.add("Skiff", owner=0, dot=3)
    m.add("Drake", owner=1, dot=4)
    run = m.begin(m.add("Gust", owner=0, zone="hand"), 0, targets=[skiff])
    assert run.run().options == [1, 2, 5]
    run.resume(5)
    assert m.objs[skiff].dot == 5 and (Event.MOVES, skiff, NONE, 0) in m.events


def test_gain_control_until_end_of_turn_and_the_class_rule():  # rules.md 6.7
    m = model({"Steal": Flux(GainControl(TargetNLBSummon("opponent"), YOU, UNTIL_END_OF_TURN)),
               "Grab": Flux(GainControl(TargetCrystal("opponent")))})
    drake = m.add("Drake", owner=1, dot=4)
    m.resolve(m.add("Steal", owner=0, zone="hand"), controller=0, targets=[drake])
    assert m.controller(drake) == 0
    m.end_turn()
    assert m.controller(drake) == 1
    m.add("Wyrm", owner=0, dot=2)
    m.resolve(m.add("Steal", owner=0, zone="hand"), controller=0, targets=[drake])
    assert m.controller(drake) == 1  # you already control a dragon
    spark = m.add("Spark", owner=1)
    m.resolve(m.add("Grab", owner=0, zone="hand"), controller=0, targets=[spark])
    m.end_turn()
    assert m.controller(spark) == 0  # "while in play"


def test_produce_energy_of_a_letter_or_a_crystals_type():
    raided = TargetCrystal("opponent")
    m = model({"Spring": Flux(ProduceEnergy(YOU, "M", 2)), "Raid": Flux(ProduceEnergy(YOU, EnergyOf(raided), 1))})
    m.resolve(m.add("Spring", owner=0, zone="hand"), controller=0)
    spark = m.add("Spark", owner=1)
    m.resolve(m.add("Raid", owner=0, zone="hand"), controller=0, targets=[spark])
    assert m.pools[0] == [0, 1, 2, 0, 0]


def test_modify_stats_until_end_of_turn_while_in_play_and_never_below_zero():  # rules.md 6.17
    m = model({"Surge": Flux(ModifyStats(TargetSummon(), attack=2, speed=-5)),
               "Bless": Flux(ModifyStats(TargetSummon(), range=1, duration=WHILE_IN_PLAY))})
    drake = m.add("Drake", owner=0, dot=3)
    m.resolve(m.add("Surge", owner=0, zone="hand"), controller=0, targets=[drake])
    m.resolve(m.add("Bless", owner=0, zone="hand"), controller=0, targets=[drake])
    assert (m.stat(drake, Prop.ATTACK), m.stat(drake, Prop.SPEED), m.stat(drake, Prop.RANGE)) == (5, 0, 3)
    m.end_turn()
    assert (m.stat(drake, Prop.ATTACK), m.stat(drake, Prop.SPEED), m.stat(drake, Prop.RANGE)) == (3, 4, 3)
    m.destroy(drake)
    m.enter_play(drake, 0, 3)
    assert m.stat(drake, Prop.RANGE) == 2  # gone when it left play
    wall = m.add("Wall", owner=0, dot=5)
    m.resolve(m.add("Surge", owner=0, zone="hand"), controller=0, targets=[wall])
    assert m.stat(wall, Prop.ATTACK) == NONE  # a stat the card does not show stays unusable (ORoC)


def test_lowering_defense_to_the_damage_destroys():  # rules.md 6.3
    m = model({"Wither": Flux(ModifyStats(TargetNLBSummon(), defense=-2))})
    drake = m.add("Drake", owner=1, dot=4, damage=4)
    m.resolve(m.add("Wither", owner=0, zone="hand"), controller=0, targets=[drake])
    assert m.zone_of(drake) == "discard"


def test_grant_a_property():
    m = model({"Cloak": Flux(Grant(TargetNLBSummon("you"), "stealth")),
               "Root": Flux(Grant(TargetNLBSummon(), "cannot-move", WHILE_IN_PLAY))})
    skiff = m.add("Skiff", owner=0, dot=3)
    m.resolve(m.add("Root", owner=1, zone="hand"), controller=1, targets=[skiff])
    m.resolve(m.add("Cloak", owner=0, zone="hand"), controller=0, targets=[skiff])
    assert m.has(skiff, Property.STEALTH) and m.has(skiff, Property.CANNOT_MOVE)
    with pytest.raises(Fizzled):  # stealth now: the opponent's target is illegal
        m.begin(m.add("Root", owner=1, zone="stack"), 1, targets=[skiff])
    m.end_turn()
    assert not m.has(skiff, Property.STEALTH) and m.has(skiff, Property.CANNOT_MOVE)


def test_damage_counters_are_not_damage():  # rules.md 6.4
    m = model({"Curse": Flux(AddCounters(TargetNLBSummon(), "damage", 2)), "Shield": Flux(PreventDamage(
        TargetSummon(), 5)), "Mend": Flux(RemoveCounters(TargetSummon(), "damage", 1))})
    drake = m.add("Drake", owner=1, dot=4)
    m.resolve(m.add("Shield", owner=1, zone="hand"), controller=1, targets=[drake])
    m.resolve(m.add("Curse", owner=0, zone="hand"), controller=0, targets=[drake])
    assert m.damage_of(drake) == 2 and not any(e[0] == Event.DAMAGED for e in m.events)
    m.resolve(m.add("Mend", owner=1, zone="hand"), controller=1, targets=[drake])
    assert m.damage_of(drake) == 1
    for _ in range(3):
        m.resolve(m.add("Curse", owner=0, zone="hand"), controller=0, targets=[drake])
    assert m.zone_of(drake) == "discard"


def test_time_counters_come_off_each_reactivation_and_the_last_discards():  # rules.md 6.4
    m = model({"Hourglass": Catalyst(Continuous(ModifyStats(Each(Summons("you")), attack=1)), counters={"time": 2})})
    glass = m.add("Hourglass", owner=0)
    assert m.objs[glass].counters[Counter.TIME] == 2
    m.start_turn(1)
    assert m.objs[glass].counters[Counter.TIME] == 2  # only its controller's reactivation phases
    m.start_turn(0)
    assert m.zone_of(glass) == "play"
    m.start_turn(0)
    assert m.zone_of(glass) == "discard"


def test_activation_and_charge_counters():  # rules.md 6.4
    m = model({"Tally": Flux(AddCounters(TargetCatalyst(), "charge", 2)),
               "Spend": Flux(RemoveCounters(TargetCatalyst(), "activation", 1)),
               "Idol": Catalyst(Activated("C1", Draw(YOU, 1)), counters={"activation": 1})})
    idol = m.add("Idol", owner=0)
    m.resolve(m.add("Tally", owner=0, zone="hand"), controller=0, targets=[idol])
    assert m.get(idol, Prop.CHARGE_COUNTERS) == 2 and m.get(idol, Prop.ACTIVATION_COUNTERS) == 1
    m.resolve(m.add("Spend", owner=0, zone="hand"), controller=0, targets=[idol])
    assert m.zone_of(idol) == "discard"  # the last activation counter


def test_cancel_an_action_on_the_stack():  # rules.md 6.16
    m = model({"Nope": Flux(Cancel(TargetAction("flux"))), "Greed": Flux(Draw(YOU, 2))})
    greed = m.add("Greed", owner=1, zone="hand")
    serial = m.cast(greed, 1)
    m.add("Drake", owner=1, dot=4)
    attack = m.push(StackKind.ATTACK, 1, 2)
    nope = m.native.record("modes", m.native.record("abilities", m.native.abilities_of("Nope")[0])["first_mode"])
    assert m.legal_targets(nope["target0"], 0, NONE) == [serial]  # an attack is not a flux
    m.resolve(m.add("Nope", owner=0, zone="hand"), controller=0, targets=[serial])
    assert m.zone_of(greed) == "discard" and [e.serial for e in m.stack] == [attack]


def test_activate_and_reactivate():
    m = model({"Stall": Flux(Activate(TargetCrystal())), "Rally": Flux(Reactivate(TargetSummon("you")))})
    spark = m.add("Spark", owner=1)
    m.resolve(m.add("Stall", owner=0, zone="hand"), controller=0, targets=[spark])
    assert m.objs[spark].activated
    drake = m.add("Drake", owner=0, dot=3)
    m.objs[drake].activated = True
    m.resolve(m.add("Rally", owner=0, zone="hand"), controller=0, targets=[drake])
    assert not m.objs[drake].activated


@pytest.mark.parametrize("hand, drawn", [(2, 1), (3, 0)])
def test_conditions_if_otherwise_and_comparisons(hand, drawn):
    m = model({"Study": Flux(If(StatOf(YOU, "hand_size") < 3, Draw(YOU, 1), otherwise=Discard(YOU, 1)))})
    for name in ("Drake", "Skiff", "Hauler"):
        m.add(name, owner=0, zone="deck")
    in_hand = [m.add("Wyrm", owner=0, zone="hand") for _ in range(hand)]
    m.resolve(m.add("Study", owner=0, zone="stack"), controller=0, choices=[in_hand[0]])
    assert len(m.hand(0)) == hand + drawn - (1 - drawn)


def test_condition_forms():
    m = model({"Check": Flux(If(Controls(Summons("you", classes="dragon")) & ~Equals(Count(Crystals()), 1)
                                | Matches(SELF, Cards("stack")), Draw(YOU, 1)))})
    m.add("Skiff", owner=0, zone="deck")
    m.add("Drake", owner=0, dot=2)
    m.resolve(m.add("Check", owner=0, zone="hand"), controller=0)
    assert len(m.hand(0)) == 1
    assert {"MIN", "MAX", "NOT", "EQ", "MATCH", "COUNT"} <= set(ops(m.cards, "Check"))


# -- kinds -----------------------------------------------------------------------------------------------------------


def test_catalyst_with_focus_attaches_changes_control_and_goes_when_its_permanent_leaves():  # rules.md 6.8
    cards = card_set({
        "Aegis": Catalyst(Continuous(ModifyStats(FOCUSED, defense=2)), focus=Summons("you")),
        "Steal": Flux(GainControl(TargetNLBSummon("opponent"))),
        "Bounce": Flux(ReturnToHand(TargetNLBSummon())),
    })
    native = cards.native_effects()
    rec = native.record("cards", native.card_index("Aegis"))
    assert rec["focus_filter"] != NONE and ops(cards, "Aegis") == ["ATTACH", "END"]
    m = Model(cards)
    drake = m.add("Drake", owner=1, dot=4)
    aegis = m.add("Aegis", owner=1, zone="stack")
    m.resolve(aegis, controller=1, targets=[drake])
    assert m.objs[aegis].attached_to == drake and m.stat(drake, Prop.DEFENSE) == 8
    m.resolve(m.add("Steal", owner=0, zone="hand"), controller=0, targets=[drake])
    assert m.controller(drake) == 0 and m.controller(aegis) == 0  # it changes control with its permanent
    m.resolve(m.add("Bounce", owner=1, zone="hand"), controller=1, targets=[drake])
    assert m.zone_of(aegis) == "discard"


def test_focused_catalyst_whose_target_is_illegal_goes_to_the_discard_pile():
    m = model({"Aegis": Catalyst(Continuous(ModifyStats(FOCUSED, defense=2)), focus=Summons("you"))})
    drake = m.add("Drake", owner=0, dot=4)
    aegis = m.add("Aegis", owner=0, zone="stack")
    m.destroy(drake)
    m.resolve(aegis, controller=0, targets=[drake])
    assert m.zone_of(aegis) == "discard"


def test_catalyst_activated_triggered_continuous():  # rules.md 6.10
    m = model({"Altar": Catalyst(
        Activated(Cost("C1", discard=1), Draw(YOU, 2)),
        Triggered(Destroyed(NLBSummons("you")), AddCounters(SELF, "charge", 1)),
        Continuous(ModifyStats(Each(NLBSummons("you")), attack=1), condition=Count(Crystals("you")) >= 1),
    )})
    native = m.native
    kinds = [native.record("abilities", a)["kind"] for a in native.abilities_of("Altar")]
    assert kinds == [AbilityKind.ACTIVATED, AbilityKind.TRIGGERED]
    cost = native.record("costs", native.record("abilities", native.abilities_of("Altar")[0])["cost"])
    assert cost["discard"] == 1 and cost["C"] == 1 and cost["flags"] & 1  # R: activate the catalyst
    altar = m.add("Altar", owner=0)
    drake = m.add("Drake", owner=0, dot=3)
    assert m.stat(drake, Prop.ATTACK) == 3  # no crystal yet
    m.add("Spark", owner=0)
    assert m.stat(drake, Prop.ATTACK) == 4
    m.destroy(drake)
    assert [(s, e) for s, _, e, _ in m.triggered] == [(altar, Event.DESTROYED)]


def test_summon_abilities_activated_paid_triggered_continuous():  # rules.md 6.11
    cards = card_set({"Sage": Summon(
        Activated("C1", Draw(YOU, 1)),
        Paid("B1", ModifyStats(SELF, attack=1)),
        Triggered(DealtDamage(SELF), ModifyStats(SELF, attack=1)),
        Continuous(ModifyStats(SELF, speed=1)),
    )}, [summon("Sage", "vessel", speed=2)])
    native = cards.native_effects()
    abilities = [native.record("abilities", a) for a in native.abilities_of("Sage")]
    assert [a["kind"] for a in abilities] == [AbilityKind.ACTIVATED, AbilityKind.PAID, AbilityKind.TRIGGERED]
    assert [a["number"] for a in abilities] == [0, 1, 2]  # the paid ability's "once until your next turn" flag
    assert native.record("costs", abilities[0]["cost"])["flags"] & 1 and \
        not native.record("costs", abilities[1]["cost"])["flags"] & 1  # [R cost: ...] activates, [cost: ...] not
    m = Model(cards)
    sage = m.add("Sage", owner=0, dot=3)
    assert m.stat(sage, Prop.SPEED) == 3


def test_keywords_rage_stealth_rise():  # rules.md 6.11
    cards = card_set({"Brute": Summon(Rage(2)), "Ghost": Summon(Stealth()), "Zombie": Summon(Rise("C1"))},
                     [summon("Brute", "berserker", 4), summon("Ghost", "vessel"), summon("Zombie", "army")])
    m = Model(cards)
    brute = m.add("Brute", owner=0, dot=3)
    assert m.stat(brute, Prop.ATTACK) == 4
    m.objs[brute].damage = 1
    assert m.stat(brute, Prop.ATTACK) == 6
    native = cards.native_effects()
    rise = native.record("abilities", native.abilities_of("Zombie")[0])
    assert rise["zone"] == 3 and rise["timing"] == 2  # from the discard pile, in your action phase
    assert native.record("costs", rise["cost"])["flags"] == 0  # it cannot activate a card that is not in play
    zombie = m.add("Zombie", owner=0, zone="discard")
    m.resolve(zombie, controller=0, choices=[0])
    assert m.zone_of(zombie) == "play" and m.objs[zombie].dot == 0


def test_block_rate_and_all_directions_stay_card_data():
    cards = card_set({"Grant Wings": Flux(Grant(TargetSummon(), "all-directions"))},
                     [summon("Tortoise", "beast", block_rate=2, all_directions=True)])
    m = Model(cards)
    tortoise = m.add("Tortoise", owner=0, dot=3)
    assert m.stat(tortoise, Prop.BLOCK_RATE) == 2 and m.has(tortoise, Property.ALL_DIRECTIONS)
    skiff = m.add("Skiff", owner=0, dot=5)
    m.resolve(m.add("Grant Wings", owner=0, zone="hand"), controller=0, targets=[skiff])
    assert m.has(skiff, Property.ALL_DIRECTIONS)


def test_crystal_with_effects():  # rules.md 6.13
    cards = card_set({"Geode": Crystal(Triggered(EntersPlay(SELF), Draw(YOU, 1)),
                                       Activated(Cost(sacrifice_self=True), Heal(TargetSummon(), 2)))},
                     [crystal("Geode", "C")])
    m = Model(cards)
    m.add("Drake", owner=0, zone="deck")
    geode = m.add("Geode", owner=0, zone="hand")
    m.enter_play(geode, 0)
    assert m.triggered == [(geode, m.native.abilities_of("Geode")[0], Event.ENTERS_PLAY, geode)]
    m.resolve(geode, controller=0, ability=0, subject=geode)
    assert len(m.hand(0)) == 1
    cost = m.native.record("costs", m.native.record("abilities", m.native.abilities_of("Geode")[1])["cost"])
    assert cost["flags"] == 3  # R and sacrifice this


def test_quest_card_wins_on_quest_dots():  # rules.md 6.14 (Act I "Alternative Victory")
    quest = {"name": "Pilgrimage", "type": "quest", "cost": "C2", "deck_limit": 1, "editions": ["act1"]}
    cards = card_set({"Pilgrimage": Quest(Triggered(StartOfTurn("yours"), WinGame(YOU),
                                                    condition=Count(Summons("you", on="quest")) >= 1))}, [quest])
    m = Model(cards)
    pilgrimage = m.add("Pilgrimage", owner=0)
    drake = m.add("Drake", owner=0, dot=3)
    m.start_turn(0)
    assert m.triggered == []
    m.objs[drake].dot = 1  # the quest dot
    m.start_turn(1)
    assert m.triggered == []  # only at the start of its controller's turn
    m.start_turn(0)
    (source, ability, event, _), = m.triggered
    assert source == pilgrimage and event == Event.TURN_START
    m.resolve(pilgrimage, controller=0, ability=0)
    assert m.winner_team == 0


def test_trigger_events_and_turns():  # rules.md 6.9
    watch = {"Watcher": Catalyst(
        Triggered(Attacks(NLBSummons("opponent")), Draw(YOU, 1)),
        Triggered(Moves(SELF), Draw(YOU, 1)),
        Triggered(LeavesPlay(NLBSummons()), Draw(YOU, 1)),
        Triggered(EndPhase("opponents"), Draw(YOU, 1), optional=True),
        Triggered(EntersPlay(Crystals("you")), ProduceEnergy(YOU, EnergyOf(EVENT_SUBJECT), 1)),
    )}
    cards = card_set(watch)
    native = cards.native_effects()
    triggers = [native.record("triggers", native.record("abilities", a)["trigger"])
                for a in native.abilities_of("Watcher")]
    assert [t["event"] for t in triggers] == [Event.ATTACKS, Event.MOVES, Event.LEAVES_PLAY, Event.END_PHASE,
                                              Event.ENTERS_PLAY]
    assert [t["subject"] for t in triggers] == [Subject.FILTER, Subject.THIS, Subject.FILTER, Subject.NOBODY,
                                                Subject.FILTER]
    assert triggers[3]["turn"] == 2 and native.record("abilities", native.abilities_of("Watcher")[3])["flags"] == 1
    m = Model(cards)
    watcher = m.add("Watcher", owner=0)
    spark = m.add("Spark", owner=0, zone="hand")
    m.enter_play(spark, 0)
    assert (watcher, native.abilities_of("Watcher")[4], Event.ENTERS_PLAY, spark) in m.triggered
    m.resolve(watcher, controller=0, ability=4, subject=spark)
    assert m.pools[0][1] == 1


def test_triggered_condition_is_checked_again_on_resolution():  # rules.md 6.9
    cards = card_set({"Cache": Crystal(Triggered(EntersPlay(SELF), Draw(YOU, 1),
                                                 condition=Count(Crystals("opponent")) > Count(Crystals("you"))))},
                     [crystal("Cache", "M")])
    native = cards.native_effects()
    trigger = native.record("triggers", native.record("abilities", native.abilities_of("Cache")[0])["trigger"])
    assert trigger["condition_length"] > 0 and ops(cards, "Cache")[-3:] == ["SET", "DRAW", "END"]
    m = Model(cards)
    m.add("Drake", owner=0, zone="deck")
    m.add("Spark", owner=1)
    m.add("Pearl", owner=1)
    cache = m.add("Cache", owner=0, zone="hand")
    m.enter_play(cache, 0)
    assert len(m.triggered) == 1
    m.add("Spark", owner=0)  # now equal: it does nothing when it resolves
    m.resolve(cache, controller=0)
    assert m.hand(0) == []


def test_each_loops_over_every_match():
    cards = card_set({"Storm": Flux(DealDamage(Each(NLBSummons()), 2))})
    assert ops(cards, "Storm") == ["SET", "NEXT", "SET", "CTX", "DAMAGE", "JUMP", "END"]
    m = Model(cards)
    targets = [m.add("Drake", owner=0, dot=2), m.add("Skiff", owner=1, dot=5), m.add("Raider", owner=1, dot=6)]
    keep = m.add("Keep", owner=0, dot=0)
    m.resolve(m.add("Storm", owner=0, zone="hand"), controller=0)
    assert [m.damage_of(t) for t in targets[:2]] == [2, 2] and m.zone_of(targets[2]) == "play"
    assert m.damage_of(keep) == 0


def test_values_count_stat_controller_life_base_arithmetic():
    m = model({"Retribution": Flux(DealDamage(LifeBaseOf(ControllerOf(TargetNLBSummon())),
                                              Count(Cards("discard", types="summon")) * 2 + StatOf(SELF, "cost") -
                                              1))})
    keep = m.add("Rival Keep", owner=1, dot=8)
    drake = m.add("Drake", owner=1, dot=5)
    for _ in range(2):
        m.add("Skiff", owner=0, zone="discard")
    m.resolve(m.add("Retribution", owner=0, zone="hand"), controller=0, targets=[drake])
    assert m.damage_of(keep) == 2 * 2 + 1 - 1


def test_durations_while_source_in_play():  # rules.md 6.17
    m = model({"Banner": Catalyst(Activated("C1", ModifyStats(TargetSummon(), attack=2,
                                                              duration=WHILE_SOURCE_IN_PLAY)))})
    banner = m.add("Banner", owner=0)
    drake = m.add("Drake", owner=0, dot=3)
    m.resolve(banner, controller=0, targets=[drake])
    m.end_turn()
    assert m.stat(drake, Prop.ATTACK) == 5
    m.destroy(banner)
    assert m.stat(drake, Prop.ATTACK) == 3


def test_continuous_reduce_damage_and_control():  # rules.md 6.10
    cards = card_set({"Plate": Summon(Continuous(ReduceDamage(SELF, 1))),
                      "Leash": Catalyst(Continuous(GainControl(FOCUSED)), focus=NLBSummons("opponent")),
                      "Bolt": Flux(DealDamage(TargetNLBSummon(), 3))}, [summon("Plate", "beast", defense=9)])
    m = Model(cards)
    plate = m.add("Plate", owner=1, dot=5)
    m.resolve(m.add("Bolt", owner=0, zone="hand"), controller=0, targets=[plate])
    assert m.damage_of(plate) == 2
    leash = m.add("Leash", owner=0, zone="stack")
    m.resolve(leash, controller=0, targets=[plate])
    assert m.controller(plate) == 0
    m.destroy(leash)
    assert m.controller(plate) == 1


def test_slow_path_python_effect():
    calls = []

    def double(ctx):
        calls.append((ctx.source, ctx.controller, list(ctx.targets)))
        ctx.deal_damage(ctx.targets[0], 2 * ctx.stat(ctx.targets[0], "damage"))

    from tcbg.x610z.effects import PythonEffect

    cards = card_set({"Double": Flux(PythonEffect(double, targets=[TargetNLBSummon()]))})
    native = cards.native_effects()
    assert ops(cards, "Double") == ["PYTHON", "END"] and native.python_effects == [double]
    assert native.record("cards", native.card_index("Double"))["flags"] == 1
    m = Model(cards)
    drake = m.add("Hauler", owner=1, dot=4, damage=2)
    flux = m.add("Double", owner=0, zone="hand")
    m.resolve(flux, controller=0, targets=[drake])
    assert m.damage_of(drake) == 6 and calls == [(flux, 0, [drake, NONE, NONE, NONE])]


def test_is_damaged_and_event_other():
    cards = card_set({"Spite": Summon(Triggered(DealtDamage(SELF), If(IsDamaged(SELF), Draw(YOU, 1))))},
                     [summon("Spite", "beast")])
    m = Model(cards)
    m.add("Skiff", owner=0, zone="deck")
    spite = m.add("Spite", owner=0, dot=3)
    m.deal_damage(spite, 1, NONE)
    (source, ability, event, subject), = m.triggered
    m.resolve(spite, controller=0, subject=subject)
    assert len(m.hand(0)) == 1


def test_may_asks_its_player():
    from tcbg.x610z.effects import May

    cards = card_set({"Offer": Flux(May(Draw(YOU, 2))),
                      "Tempt": Flux(May(Draw(rival := TargetPlayer("opponent"), 1), chooser=rival))})
    assert ops(cards, "Offer")[:3] == ["CTX", "ASK", "JZ"]
    assert program(cards, "Tempt")[0] == ("ASK", 4, 0, 0)  # the target player (r0) answers
    for answer, drawn in ((1, 2), (0, 0)):
        m = Model(cards)
        m.add("Drake", owner=0, zone="deck")
        m.add("Skiff", owner=0, zone="deck")
        run = m.begin(m.add("Offer", owner=0, zone="stack"), 0)
        pause = run.run()
        assert pause.op == Op.ASK and pause.chooser == 0 and pause.options == [0, 1]
        assert run.resume(answer) is None
        assert len(m.hand(0)) == drawn


def test_event_other_amount_active_player_and_permanent_filters():
    from tcbg.x610z.effects import (
        ACTIVE_PLAYER, EVENT_AMOUNT, EVENT_OTHER, Permanents, Quests, TargetPermanent,
    )

    cards = card_set({
        "Thorns": Catalyst(Triggered(DealtDamage(Summons("you")), DealDamage(EVENT_OTHER, EVENT_AMOUNT))),
        "Gift": Flux(Draw(ACTIVE_PLAYER, 1), Destroy(TargetPermanent("opponent", types=("catalyst", "quest")))),
        "Census": Flux(If(Count(Permanents(types="catalyst")) + Count(Quests()) >= 2, Draw(YOU, 1))),
    })
    m = Model(cards)
    m.add("Thorns", owner=0)
    mine, theirs = m.add("Hauler", owner=0, dot=3), m.add("Raider", owner=1, dot=4)
    m.deal_damage(mine, 2, theirs)
    (source, ability, event, subject), = m.triggered
    assert (event, subject) == (Event.DAMAGED, mine) and m.events[-1] == (Event.DAMAGED, mine, theirs, 2)
    m.resolve(source, controller=0, subject=mine, other=theirs, amount=2)
    assert m.damage_of(theirs) == 2
    m.active = 1
    m.add("Drake", owner=1, zone="deck")
    idol = m.add("Thorns", owner=1)
    assert m.legal_targets(target_filter_of(m, "Gift"), 0, NONE) == [idol]
    m.resolve(m.add("Gift", owner=0, zone="hand"), controller=0, targets=[idol])
    assert len(m.hand(1)) == 1 and m.zone_of(idol) == "discard"
    m.add("Skiff", owner=0, zone="deck")
    m.add("Thorns", owner=1)
    m.resolve(m.add("Census", owner=0, zone="hand"), controller=0)
    assert len(m.hand(0)) == 1


def target_filter_of(m: Model, name: str, slot: int = 0) -> int:
    ab = m.native.record("abilities", m.native.abilities_of(name)[0])
    return m.native.record("modes", ab["first_mode"])[f"target{slot}"]


def test_other_costs_and_timings():
    cards = card_set({"Relic": Catalyst(
        Activated(Cost("C1", remove_self=True), Draw(YOU, 1), timing="your turn"),
        Activated(Cost(sacrifice=Crystals("you"), discard=2), Draw(YOU, 3), timing="your action phase"),
    )})
    native = cards.native_effects()
    first, second = (native.record("abilities", a) for a in native.abilities_of("Relic"))
    assert (first["timing"], second["timing"]) == (1, 2)
    c1, c2 = native.record("costs", first["cost"]), native.record("costs", second["cost"])
    assert c1["flags"] == 1 | 4 and c1["C"] == 1  # R, remove this from the game
    assert c2["discard"] == 2 and native.record("filters", c2["sacrifice"])["kind"] == 4  # a crystal of yours
