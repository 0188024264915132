"""Bad definitions and bad format-2 card files (docs/card-data.md C13-C23) raise tcbg.CardError naming the file,
the card, the part of the definition at fault and the rule. Never a crash, never silent acceptance."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

import tcbg
from tcbg.x610z.cards import CardSet
from tcbg.x610z.effects import (
    FOCUSED, SELF, YOU, Activated, AddCounters, Additional, Cancel, Cards, Catalyst, ChooseOne, Chosen, Continuous,
    ControllerOf, Cost, Count, Crystal, DealDamage, Destroy, Dots, Draw, Each, EntersPlay, Flux, GainControl, Grant,
    Heal, If, LifeBaseOf, ModifyStats, NLBSummons, Paid, PlaceOnDot, ProduceEnergy, Quest, RedirectDamage, Search,
    StatOf, Summon, Summons, TargetAction, TargetCard, TargetCrystal, TargetNLBSummon, TargetPlayer, TargetSummon,
    Triggered, When,
)
from tcbg.x610z.effects.native import Event, Kind
from tcbg.x610z.effects.refs import Filter, Target

try:
    from .effect_cards import BASE, card_set, effect_card, summon
except ImportError:  # tests/x610z is not a package: import the sibling module by path
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from effect_cards import BASE, card_set, effect_card, summon

DOCS = Path(__file__).resolve().parents[2] / "docs" / "card-data.md"
_target = TargetNLBSummon()


def big_sum(n):
    value = Count(Summons())
    for _ in range(n):
        value = Count(Summons()) + value
    return value


def nested(depth):
    value = 1
    for _ in range(depth):
        value = Count(Summons()) * (value + 1)
    return value


# (definitions, extra cards, rule, words in the reason)
CASES = [
    # C15 definitions name cards
    ({"Zap": Flux(Destroy(TargetNLBSummon(card="Drak")))}, [], "C15", "no card named 'Drak' in the set; did you "
                                                                     "mean 'Drake'"),
    # C16 kind matches type
    ({"Drake": Flux(Draw(YOU, 1))}, [], "C16", "the card is a summon, so its definition is Summon(...)"),
    ({"Zap": Summon(Activated("C1", Draw(YOU, 1)))}, [effect_card("Zap")], "C16", "not Summon(...)"),
    ({"Zap": [Draw(YOU, 1)]}, [effect_card("Zap")], "C16", "a definition is Flux(...)"),
    # C17 cards that need a definition
    ({"Zap": Flux(Draw(YOU, 1))}, [effect_card("Idle")], "C17", "a flux card needs a definition"),
    ({"Zap": Flux(Draw(YOU, 1))}, [effect_card("Idle Idol", "catalyst")], "C17", "a catalyst card needs"),
    # C18 filters
    ({"Zap": Flux(Destroy(TargetNLBSummon("foes")))}, [], "C18", "whose must be one of any, you, opponent"),
    ({"Zap": Flux(Destroy(TargetNLBSummon(classes="wizard")))}, [], "C18", "unknown summon class 'wizard'"),
    ({"Zap": Flux(Destroy(TargetCard("discard", types="spell")))}, [], "C18", "unknown card type 'spell'"),
    ({"Zap": Flux(Destroy(TargetCard("library")))}, [], "C18", "zone must be one of hand, deck"),
    ({"Zap": Flux(Destroy(Chosen(Dots(free=False), optional=True)))}, [], "C21", "is a dot, but this takes"),
    ({"Zap": Flux(Cancel(TargetAction("spell")))}, [], "C18", "unknown stack action 'spell'"),
    ({"Zap": Flux(Destroy(TargetNLBSummon(stat=("luck", 0, 3))))}, [], "C18", "stat must be (name, min, max)"),
    ({"Zap": Flux(Destroy(TargetNLBSummon(stat=("attack", 4, 3))))}, [], "C18", "min <= max"),
    ({"Zap": Flux(Destroy(TargetNLBSummon(on="volcano")))}, [], "C18", "unknown dot kind 'volcano'"),
    ({"Zap": Flux(Destroy(Target(Filter(Kind.CRYSTAL, damaged=True))))}, [], "C18",
     "only summons in play are damaged"),
    ({"Zap": Flux(Destroy(Target(Filter(Kind.NLB_SUMMON, free=True))))}, [], "C18", "free and summon_dot are for "
                                                                                   "dots"),
    ({"Zap": Flux(Destroy(Target(Filter(Kind.CRYSTAL, classes=("dragon",)))))}, [], "C18",
     "only summons and cards have a class"),
    ({"Zap": Flux(Destroy(TargetCrystal(activated=True)), Draw(Target(Filter(Kind.PLAYER, activated=True)), 1))},
     [], "C18", "only permanents are activated or reactivated"),
    # C19 ability costs
    ({"Gunner": Summon(Activated("X2", Draw(YOU, 1)))}, [summon("Gunner", "vessel")], "C19",
     "cost 'X2': unknown energy letter 'X'"),
    ({"Gunner": Summon(Activated(Cost("C1", discard=8), Draw(YOU, 1)))}, [summon("Gunner", "vessel")], "C19",
     "discard must be a whole number of cards from 0 to 7"),
    ({"Gunner": Summon(Activated(Cost(remove_counters=("damage", 1)), Draw(YOU, 1)))},
     [summon("Gunner", "vessel")], "C19", "remove_counters must be (kind, count)"),
    ({"Gunner": Summon(Activated(Cost(sacrifice=NLBSummons("opponent")), Draw(YOU, 1)))},
     [summon("Gunner", "vessel")], "C19", "a cost sacrifices a permanent you control"),
    ({"Zap": Flux(DealDamage(_target, 1), Additional("R1", Draw(YOU, 1)))},
     [effect_card("Zap", editions=["act1"])], "C19", "uses R, an energy the card's editions do not all know"),
    # C20 where each part may stand
    ({"Zap": Flux(ChooseOne(Draw(YOU, 1), Draw(YOU, 2)), ChooseOne(Draw(YOU, 1), Draw(YOU, 2)))}, [], "C20",
     "one ChooseOne per ability"),
    ({"Zap": Flux(ChooseOne(Draw(YOU, 1)))}, [], "C20", "ChooseOne needs at least two modes"),
    ({"Zap": Flux(Additional("C1", Draw(YOU, 1)), Draw(YOU, 1))}, [], "C20", "Additional effects come last"),
    ({"Zap": Flux(If(Count(Summons()) >= 1, Additional("C1", Draw(YOU, 1))))}, [], "C20",
     "must stand at the top of a flux or an ability"),
    ({"Zap": Flux(*(DealDamage(TargetNLBSummon(), 1) for _ in range(5)))}, [], "C20",
     "5 targets, but an ability announces at most 4"),
    ({"Zap": Flux(*(DealDamage(TargetNLBSummon(), 1) for _ in range(3)),
                  Additional("C1", DealDamage(TargetNLBSummon(), 1), DealDamage(TargetNLBSummon(), 1)))}, [], "C20",
     "announce more than 4 targets"),
    ({"Zap": Flux(ChooseOne(DealDamage(_target, 1), Draw(YOU, 1)), Additional("C1", DealDamage(_target, 1)))}, [],
     "C20", "with several modes, an additional effect names only its own targets"),
    ({"Gunner": Summon(Triggered(EntersPlay(SELF), Draw(YOU, 1), condition=Count(Summons()) >= StatOf(
        TargetNLBSummon(), "attack")))}, [summon("Gunner", "vessel")], "C20", "a condition or continuous effect has "
                                                                              "no targets"),
    ({"Gunner": Summon(Continuous(ModifyStats(SELF, attack=StatOf(Chosen(NLBSummons()), "attack"))))},
     [summon("Gunner", "vessel")], "C20", "cannot ask a player to choose"),
    ({"Gunner": Summon(Activated("C1", Heal(FOCUSED, 1)))}, [summon("Gunner", "vessel")], "C20",
     "FOCUSED is only for catalysts with focus"),
    ({"Idol": Catalyst(Continuous(Draw(YOU, 1)))}, [effect_card("Idol", "catalyst")], "C20",
     "a continuous ability is ModifyStats, Grant, ReduceDamage or GainControl"),
    ({"Idol": Catalyst(Continuous(ModifyStats(TargetNLBSummon(), attack=1)))}, [effect_card("Idol", "catalyst")],
     "C20", "a continuous effect applies to SELF, FOCUSED or Each(filter)"),
    ({"Idol": Catalyst(Continuous(GainControl(FOCUSED, TargetPlayer())), focus=NLBSummons())},
     [effect_card("Idol", "catalyst")], "C20", "a continuous GainControl gives control to YOU"),
    ({"Idol": Catalyst(Activated("C1", Draw(YOU, 1)), focus=Dots())}, [effect_card("Idol", "catalyst")], "C20",
     "a catalyst focuses on a permanent"),
    ({"Idol": Catalyst(Activated("C1", Draw(YOU, 1), zone="discard"))}, [effect_card("Idol", "catalyst")], "C20",
     "only a summon card has abilities that work from the discard pile"),
    ({"Idol": Catalyst(Activated("C1", Draw(YOU, 1), timing="whenever"))}, [effect_card("Idol", "catalyst")], "C20",
     "timing must be one of 'any', 'your turn', 'your action phase'"),
    ({"Idol": Catalyst(Activated("C1", Draw(YOU, 1)), counters={"gold": 2})}, [effect_card("Idol", "catalyst")],
     "C20", "activation, time, charge counters, not 'gold'"),
    ({"Idol": Catalyst(Activated("C1", Draw(YOU, 1)), counters={"time": 0})}, [effect_card("Idol", "catalyst")],
     "C20", "time must be a whole number from 1 to 99"),
    ({"Idol": Catalyst(Activated("C1"))}, [effect_card("Idol", "catalyst")], "C20", "give it at least one effect"),
    ({"Zap": Flux()}, [], "C20", "give it at least one effect"),
    ({"Idol": Catalyst(Triggered(When(Event.DESTROYED, YOU), Draw(YOU, 1)))}, [effect_card("Idol", "catalyst")],
     "C20", "the event's subject is SELF, FOCUSED or a filter"),
    ({"Idol": Catalyst(Triggered(When(Event.TURN_START, None, "mine"), Draw(YOU, 1)))},
     [effect_card("Idol", "catalyst")], "C20", "turn must be one of any, yours, opponents"),
    ({"Idol": Catalyst(Draw(YOU, 1))}, [effect_card("Idol", "catalyst")], "C20",
     "expected Activated, Paid, Triggered, Continuous or a keyword"),
    # C21 operands
    ({"Zap": Flux(DealDamage(TargetCrystal(), 2))}, [], "C21", "DealDamage to: Target(Crystals()) is a crystal, but "
                                                              "this takes a"),
    ({"Zap": Flux(Draw(TargetNLBSummon(), 1))}, [], "C21", "is a nlb_summon, but this takes a player"),
    ({"Zap": Flux(GainControl(TargetSummon()))}, [], "C21", "GainControl (never a life base)"),
    ({"Zap": Flux(DealDamage(TargetNLBSummon(), 100))}, [], "C21", "DealDamage amount must be from 0 to 99"),
    ({"Zap": Flux(Heal(TargetNLBSummon(), -1))}, [], "C21", "Heal amount must be from 0 to 99"),
    ({"Zap": Flux(DealDamage(TargetNLBSummon(), 1.5))}, [], "C21", "must be a whole number or a value"),
    ({"Zap": Flux(ModifyStats(TargetNLBSummon(), luck=1))}, [], "C21", "unknown stat 'luck'"),
    ({"Zap": Flux(ModifyStats(TargetNLBSummon()))}, [], "C21", "name at least one stat"),
    ({"Zap": Flux(Grant(TargetNLBSummon(), "flying"))}, [], "C21", "unknown property 'flying'"),
    ({"Zap": Flux(AddCounters(TargetNLBSummon(), "gold", 1))}, [], "C21", "unknown counter 'gold'"),
    ({"Zap": Flux(ProduceEnergy(YOU, "X", 1))}, [], "C21", "energy must be one of C, B, M, R, H"),
    ({"Zap": Flux(ProduceEnergy(YOU, StatOf(YOU, "hand_size"), 1))}, [], "C21", "or EnergyOf(crystal)"),
    ({"Zap": Flux(Grant(TargetNLBSummon(), "stealth", "forever"))}, [], "C21", "duration must be one of"),
    ({"Zap": Flux(Cancel(TargetNLBSummon()))}, [], "C21", "this takes a stack_item"),
    ({"Zap": Flux(RedirectDamage(Each(NLBSummons()), Each(Summons())))}, [], "C21",
     "at most one Each(...) per effect"),
    ({"Zap": Flux(DealDamage(Each(NLBSummons()), StatOf(Each(Summons()), "attack")))}, [], "C21",
     "can only be what an effect acts on"),
    ({"Zap": Flux(DealDamage(LifeBaseOf(ControllerOf(Each(Summons()))), 1))}, [], "C21",
     "can only be what an effect acts on"),
    ({"Zap": Flux(Draw(YOU, StatOf(YOU, "luck")))}, [], "C21", "unknown property 'luck'"),
    ({"Zap": Flux(Search(YOU, Cards("discard")))}, [], "C21", "searches a deck"),
    ({"Zap": Flux(PlaceOnDot(TargetCard("discard", types="flux"), Dots()))}, [], "C21", "a card placed on a dot is a "
                                                                                        "summon card"),
    ({"Zap": Flux(PlaceOnDot(TargetNLBSummon(), NLBSummons()))}, [], "C21", "dot must be a Dots(...) filter"),
    ({"Zap": Flux(If(Count(Summons()), Draw(YOU, 1)))}, [], "C21", "a condition compares values"),
    ({"Zap": Flux("draw a card")}, [], "C21", "expected an effect"),
    ({"Zap": Flux(Draw("YOU", 1))}, [], "C21", "must be a reference"),
    # C22 size
    ({"Zap": Flux(Draw(YOU, nested(12)))}, [], "C22", "more than 12 registers"),
    ({"Zap": Flux(*(Draw(YOU, 1) for _ in range(200)))}, [], "C22", "longer than 512 instructions"),
]


@pytest.mark.parametrize("definitions, cards, rule, words", CASES,
                         ids=[f"{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_bad_definitions_name_file_card_part_and_rule(definitions, cards, rule, words):
    with pytest.raises(tcbg.CardError) as info:
        card_set(definitions, cards, source="bad.json")
    err = info.value
    assert err.rule == rule, str(err)
    assert err.file == "bad.json"
    assert words in err.reason, str(err)
    assert re.fullmatch(r"card \d+ '[^']+'|effects '[^']+'", err.where), err.where
    assert str(err).endswith(f"[card-data {rule}]")


def test_c15_a_definition_for_no_card():
    doc = {"format": "tcbg-cards/2", "name": "t", "cards": BASE}
    with pytest.raises(tcbg.CardError) as info:
        CardSet.from_dict(doc, source="bad.json", effects={"Drak": Summon(Activated("C1", Draw(YOU, 1)))})
    err = info.value
    assert (err.rule, err.where) == ("C15", "effects 'Drak'")
    assert "names no card of the set; did you mean 'Drake'" in err.reason


def test_error_names_the_ability_and_the_effect():
    with pytest.raises(tcbg.CardError) as info:
        card_set({"Gunner": Summon(Activated("C1", Draw(YOU, 1)), Activated("C1", DealDamage(TargetCrystal(), 1)))},
                 [summon("Gunner", "vessel")], source="mine.json")
    assert str(info.value).startswith("mine.json: card 11 'Gunner': effects: ability 1 (Activated): DealDamage to: ")


# -- C13, C14, C23: the document ----------------------------------------------------------------------------------


def doc(fmt="tcbg-cards/2", **extra):
    return {"format": fmt, "name": "t", "cards": [dict(c) for c in BASE], **extra}


def test_c13_format_2_fields_need_format_2():
    with pytest.raises(tcbg.CardError, match=r"the field 'effects' needs format 'tcbg-cards/2' \[card-data C13\]"):
        CardSet.from_dict(doc("tcbg-cards/1", effects="x.py"))
    one = doc("tcbg-cards/1")
    one["cards"][2]["faction"] = "pirate"
    with pytest.raises(tcbg.CardError, match=r"card 2 'Drake': the field 'faction' needs format"):
        CardSet.from_dict(one)
    with pytest.raises(tcbg.CardError, match=r"definitions need format 'tcbg-cards/2' \[card-data C13\]"):
        CardSet.from_dict(doc("tcbg-cards/1"), effects={})
    quest = doc()
    quest["cards"].append({"name": "Q", "type": "quest", "cost": "C1", "deck_limit": 1, "editions": ["act1"],
                           "class": "dragon"})
    with pytest.raises(tcbg.CardError, match=r"the field 'class' is not allowed on a quest card .*C2"):
        CardSet.from_dict(quest)
    quest["cards"][-1].pop("class")
    with pytest.raises(tcbg.CardError, match=r"card 11 'Q': a quest card needs a definition .*C17"):
        CardSet.from_dict(quest)  # a quest is nothing but its effects, even without an effects module


def test_c23_faction():
    bad = doc()
    bad["cards"][2]["faction"] = "elves"
    with pytest.raises(tcbg.CardError) as info:
        CardSet.from_dict(bad, source="f.json")
    assert info.value.rule == "C23" and info.value.where == "card 2 'Drake'" and "arnunnian, undead" in str(info.value)
    good = doc()
    good["cards"][2]["faction"] = "pirate"
    cards = CardSet.from_dict(good)
    assert cards["Drake"].faction == "pirate" and cards.to_dict()["cards"][2]["faction"] == "pirate"
    assert cards.to_dict()["format"] == "tcbg-cards/2"


def write_set(tmp_path, module_text, reference="fx.py", name="set.json"):
    import json

    (tmp_path / name).write_text(json.dumps(doc(effects=reference) | {"cards": [*BASE, effect_card("Zap")]}),
                                 encoding="utf-8")
    if module_text is not None:
        (tmp_path / "fx.py").write_text(module_text, encoding="utf-8")
    return tmp_path / name


GOOD_MODULE = "from tcbg.x610z.effects import *\nEFFECTS = {'Zap': Flux(Draw(YOU, 1))}\n"


def test_c14_effects_module_beside_the_file(tmp_path):
    path = write_set(tmp_path, GOOD_MODULE)
    cards = CardSet.load(path)
    assert repr(cards.definition("Zap")) == "Flux(Draw(YOU, 1))" and cards.definition("Drake") is None
    assert cards.to_dict()["effects"] == "fx.py"
    assert cards.native_effects().abilities_of("Zap") == [0]


@pytest.mark.parametrize("module, reference, words", [
    (None, "fx.py", "no Python file"),
    ("raise RuntimeError('designer typo')\n", "fx.py", "running .* failed: RuntimeError: designer typo"),
    ("EFFECT = {}\n", "fx.py", "must define EFFECTS, a mapping"),
    ("EFFECTS = [1]\n", "fx.py", "must define EFFECTS, a mapping"),
    ("EFFECTS = {3: None}\n", "fx.py", "EFFECTS keys are card names"),
    (GOOD_MODULE, "no such module!", "a dotted module name"),
    (GOOD_MODULE, "tcbg_no_such_module_anywhere", "importing module 'tcbg_no_such_module_anywhere' failed"),
    (GOOD_MODULE, 7, "effects must name a Python file"),
])
def test_c14_bad_effects_modules(tmp_path, module, reference, words):
    path = write_set(tmp_path, module, reference)
    with pytest.raises(tcbg.CardError) as info:
        CardSet.load(path)
    assert info.value.rule == "C14" and info.value.where == "effects" and info.value.file == str(path)
    assert re.search(words, info.value.reason), info.value.reason


def test_c14_dotted_module(tmp_path, monkeypatch):
    (tmp_path / "my_fx_module_for_tests.py").write_text(GOOD_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = write_set(tmp_path, None, "my_fx_module_for_tests")
    assert CardSet.load(path).native_effects().card_names[-1] == "Zap"


def test_every_rule_has_a_case():
    rules = {case[2] for case in CASES} | {"C13", "C14", "C23"}
    assert rules == {f"C{n}" for n in range(13, 24)}
    documented = set(re.findall(r"^- \*\*(C\d+) ", DOCS.read_text(encoding="utf-8"), re.M))
    assert rules <= documented


def test_good_definitions_of_every_kind_compile():
    cards = card_set({
        "Zap": Flux(DealDamage(TargetNLBSummon(), 1)),
        "Idol": Catalyst(Activated("C1", Draw(YOU, 1)), focus=NLBSummons("you")),
        "Gunner": Summon(Paid("C1", Heal(SELF, 1))),
        "Geode": Crystal(Triggered(EntersPlay(SELF), Draw(YOU, 1))),
        "Q": Quest(Triggered(EntersPlay(SELF), AddCounters(SELF, "charge", 1))),
    }, [effect_card("Idol", "catalyst"), summon("Gunner", "vessel"),
        {"name": "Geode", "type": "crystal", "cost": "", "deck_limit": 20, "editions": ["existenz"], "produces": "C"},
        {"name": "Q", "type": "quest", "cost": "C1", "deck_limit": 1, "editions": ["act1"]}])
    native = cards.native_effects()
    assert [len(native.abilities_of(n)) for n in ("Zap", "Idol", "Gunner", "Geode", "Q")] == [1, 2, 1, 1, 1]
    assert native.record("cards", native.card_index("Drake"))["num_abilities"] == 0


def test_round_trip_through_to_dict_keeps_the_effects_module():
    ruins = CardSet.load("ruins")
    doc = ruins.to_dict()
    assert doc["format"] == "tcbg-cards/2" and doc["effects"] == "ruins.py"
    again = CardSet.from_dict(doc, source=ruins.file)  # the module is found beside the file the set came from
    assert again.card_names() == ruins.card_names() and list(again) == list(ruins)
    assert again.native_effects().code == ruins.native_effects().code
    with pytest.raises(tcbg.CardError, match=r"no Python file .*ruins\.py.* \[card-data C14\]"):
        CardSet.from_dict(doc)  # "<dict>" has no folder to find it in
