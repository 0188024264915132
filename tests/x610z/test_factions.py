"""The four factions of On the Ruins of Chaos (card set ruins, docs/cards.md "The four factions"): the set and
its starter decks load and respect every restriction, each deck has its faction's playing style, the rulebooks'
named cards have the properties the rulebooks give, both stack examples of the rulebooks hold as far as effects
go, and every card does what its text says (run in the reference interpreter). The decks also play whole random
games in the rules engine in every setup."""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

import tcbg
from tcbg.x610z import Board
from tcbg.x610z.cards import EDITION_LETTERS, CardSet
from tcbg.x610z.decks import Deck
from tcbg.x610z.effects.native import NONE, AbilityKind, CostFlag, Event, Op, Prop, Property, StackKind
from tcbg.x610z.effects.reference import Fizzled, Model

RUINS = CardSet.load("ruins")
NATIVE = RUINS.native_effects()
FACTIONS = {"arnunnian": "Skyspire Citadel", "undead": "Ossuary Throne", "pirate": "Tidebreaker Galleon",
            "barbarian": "Ashen War Wagon"}
COLORS = {"arnunnian": "BM", "undead": "MH", "pirate": "BR", "barbarian": "RH"}
CRYSTALS = {"arnunnian": 25, "undead": 25, "pirate": 24, "barbarian": 24}  # docs/deck-format.md, the table
DOCS = Path(__file__).resolve().parents[2] / "docs"


def deck(name: str) -> Deck:
    return Deck.load(name, RUINS)


def ops_of(name: str) -> set[Op]:
    """Every opcode a card's programs use."""
    found = set()
    for a in NATIVE.abilities_of(name):
        ab = NATIVE.record("abilities", a)
        for m in range(ab["first_mode"], ab["first_mode"] + ab["num_modes"]):
            mode = NATIVE.record("modes", m)
            words = NATIVE.program(mode["program"], mode["length"])
            found |= {Op(words[i]) for i in range(0, len(words), 4)}
    return found


def ability(name: str, number: int = 0) -> dict[str, int]:
    return NATIVE.record("abilities", NATIVE.abilities_of(name)[number])


def cost(name: str, number: int = 0) -> dict[str, int]:
    return NATIVE.record("costs", ability(name, number)["cost"])


def target_filter(name: str, number: int = 0, slot: int = 0, mode: int = 0) -> int:
    return NATIVE.record("modes", ability(name, number)["first_mode"] + mode)[f"target{slot}"]


# -- the set and the decks ------------------------------------------------------------------------------------------


def test_set_loads_with_every_definition_compiled():
    assert RUINS.name == "ruins" and RUINS.file == "ruins.json" and len(RUINS) == 57
    assert {card.faction for card in RUINS} == {None, *FACTIONS}
    for card in RUINS:
        has_effects = card.type in ("flux", "catalyst") or RUINS.definition(card.name) is not None
        assert has_effects == bool(NATIVE.record("cards", NATIVE.card_index(card.name))["num_abilities"] +
                                   NATIVE.record("cards", NATIVE.card_index(card.name))["num_continuous"]), card.name


@pytest.mark.parametrize("faction", FACTIONS)
def test_starter_deck_is_legal(faction):
    d = deck(faction)
    assert d.name == faction and d.edition == "existenz" and d.total() == 50 and d.life_base.name == FACTIONS[faction]
    assert d.life_base.faction == faction
    for card, count in d.cards:
        assert 1 <= count <= card.deck_limit, card.name  # every card respects its deck restriction
        assert card.faction in (faction, None), card.name
        assert card.type != "life-base"
    classes = {card.summon_class for card, _ in d.cards if card.type == "summon"} | {d.life_base.summon_class}
    assert classes == {"life-base", "dragon", "vessel", "beast", "army", "berserker"}  # all six summon classes


@pytest.mark.parametrize("faction", FACTIONS)
def test_starter_deck_can_pay_for_its_cards(faction):
    """Its crystals produce its two colors, enough of each for every colored requirement of its cards (casting,
    moving, abilities), and 22 to 25 of 50 cards are crystals (docs/deck-format.md "The faction decks": the counts
    docs/balance.md "Balancing tcbg's own decks" settled on)."""
    d = deck(faction)
    crystals = {}
    for card, count in d.cards:
        if card.type == "crystal":
            crystals[card.produces] = crystals.get(card.produces, 0) + count
    assert set(crystals) == set(COLORS[faction]) and sum(crystals.values()) == CRYSTALS[faction]
    needs: dict[str, int] = {}
    for card in [d.life_base, *(c for c, _ in d.cards)]:
        costs = [card.cost, card.move_cost] + [dict(zip("CBMRH", NATIVE.costs[ability(card.name, n)["cost"]][:5]))
                                               for n in range(len(NATIVE.abilities_of(card.name)))
                                               if ability(card.name, n)["cost"] != NONE]
        for c in costs:
            counts = c.counts() if hasattr(c, "counts") else {k: v for k, v in (c or {}).items() if v}
            for letter, n in counts.items():
                if letter != "C":
                    needs[letter] = max(needs.get(letter, 0), n)
    for letter, n in needs.items():
        assert crystals.get(letter, 0) >= max(3 * n, 8), (faction, letter)
    summon_costs = sorted(card.cost.total() for card, _ in d.cards if card.type == "summon")
    assert summon_costs[0] <= 2 and summon_costs[-1] <= 5  # something to cast on turn two; nothing above five


def test_factions_play_their_style():
    """ORoC "Choose your faction": Arnunnians cancel and move fast ("outrun enemies and counter any attack"; placing
    a summon is not theirs: Divine Intervention left the list, docs/balance.md "Changes to the shipped content");
    the Undead bring summons back from the discard pile and grow with it; Pirates steal control and energy and hide;
    Barbarians burn and rage with berserkers."""
    def deck_ops(faction):
        return set().union(*(ops_of(card.name) for card, _ in deck(faction).cards), ops_of(FACTIONS[faction]))

    arnunnian, undead, pirate, barbarian = (deck_ops(f) for f in FACTIONS)
    assert {Op.CANCEL, Op.MOVE, Op.REACTIVATE} <= arnunnian
    assert sum(card.speed or 0 for card, n in deck("arnunnian").cards for _ in range(n)) > \
        max(sum(card.speed or 0 for card, n in deck(f).cards for _ in range(n)) for f in ("undead", "barbarian"))
    risers = [a for card, _ in deck("undead").cards for a in NATIVE.abilities_of(card.name)
              if NATIVE.record("abilities", a)["zone"] == 3]
    assert len(risers) >= 3 and {Op.PLACE, Op.TO_HAND} <= undead
    assert {Op.CONTROL, Op.PRODUCE, Op.ACTIVATE, Op.REDIRECT, Op.GRANT} <= pirate
    assert any(NATIVE.record("continuous", c)["what"] == Property.STEALTH for card, _ in deck("pirate").cards
               for c in NATIVE.continuous_of(card.name))
    berserkers = sum(n for card, n in deck("barbarian").cards if card.summon_class == "berserker")
    assert berserkers == max(sum(n for c, n in deck(f).cards if c.summon_class == "berserker") for f in FACTIONS)
    burning = [card for card, _ in deck("barbarian").cards if card.type == "flux" and Op.DAMAGE in ops_of(card.name)]
    assert len(burning) >= 2 and Op.DESTROY in barbarian


def test_rulebook_cards_have_the_rulebooks_properties():
    hunter, bogling = RUINS["Hunter Dragon"], RUINS["Howling Bogling"]
    assert (hunter.summon_class, hunter.attack) == ("dragon", 3)  # Act I example: "Attack Power: 3"
    assert (bogling.type, bogling.attack) == ("summon", 3)  # ORoC example: 3 damage
    assert RUINS["Cargo Beast"].type == RUINS["Living Waterfall"].type == "summon"
    assert RUINS["Cargo Beast"].summon_class == "beast"
    assert RUINS["Divine Intervention"].type == RUINS["Healing Elixir"].type == "flux"
    for name in ("Hunter Dragon", "Cargo Beast", "Divine Intervention"):  # Act I cards, Act I rules
        assert RUINS[name].legal_in("act1")
    names = set(RUINS.card_names())
    assert not names & set(CardSet.load("vanilla").card_names())


def test_docs_table_matches_ruins():
    text = (DOCS / "card-data.md").read_text(encoding="utf-8")
    section = text[text.index("## The shipped set `ruins`"):]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Card")]
    table = {cells[0]: cells for cells in ([c.strip() for c in row.strip("|").split("|")] for row in rows)}
    assert list(table) == RUINS.card_names()
    for card in RUINS:
        name, faction, kind, cost_text, stats, editions, text = table[card.name]
        assert faction == (card.faction or "-")
        assert kind == (f"crystal ({card.produces})" if card.type == "crystal" else card.summon_class.replace(
            "-", " ") if card.is_summon else card.type)
        assert cost_text == (str(card.cost) or "-")
        if card.is_summon:
            move = str(card.move_cost) if card.move_cost is not None else "-"
            assert stats == f"{card.attack}/{card.defense}/{card.speed}/{card.range}, move {move or 'free'}"
        else:
            assert stats == "-"
        assert editions == ("both" if len(card.editions) == 2 else card.editions[0])
        assert text == (card.text.replace("|", "/") or "-")


@pytest.mark.parametrize("text, words", [
    ("Life base: Skyspire Citadel\n4 Hunter Dragon\n", "4 copies of 'Hunter Dragon', but its deck limit is 3"),
    ("Life base: Skyspire Citadel\n3 Hunter Dragn\n", "did you mean 'Hunter Dragon'"),
    ("Life base: Skyspire Citadel\n3 huntr dragon\n", "did you mean 'Hunter Dragon'"),
    ("3 Hunter Dragon\n", "no 'Life base: NAME' line"),
    ("Life base: Skyspire Citadel\n3 Hunter Dragon\n", "the deck has 3 cards (in 1 line, without the life base); it "
                                                        "must have exactly 50"),
    ("Life base: Skyspire Citadel\n1 Ossuary Throne\n", "'Ossuary Throne' is a life base; a life base is not one of"),
])
def test_deck_list_errors_with_the_faction_cards(text, words):
    with pytest.raises(tcbg.DeckError) as info:
        Deck.parse(text, RUINS, source="mine.txt")
    assert words in str(info.value)


def test_load_game_with_the_starter_decks_by_name_and_path(tmp_path):
    path = tmp_path / "pirates.txt"
    path.write_text(deck("pirate").to_text(), encoding="utf-8")
    game = tcbg.load_game("x610z", board="existenz", setup="1v1", cards="ruins", decks=["arnunnian", str(path)],
                          effects=False)
    assert [d.name for d in game.decks] == ["arnunnian", "pirates"]


SETUPS = [("existenz", setup) for setup in Board.load("existenz").setups] + \
         [("act1", setup) for setup in Board.load("act1").setups]


@pytest.mark.parametrize("board, setup", SETUPS, ids=[f"{b}-{s}" for b, s in SETUPS])
def test_starter_decks_play_whole_games_in_every_setup(board, setup):  # rules.md 5.1-5.14
    """Random play with the rules' invariants checked after every action, the cards without their effects
    (``effects=False``; tests/x610z/test_native_effects_focus.py plays the decks with them)."""
    seats = len(Board.load(board).setups[setup].seats)
    names = list(FACTIONS)
    decks = [names[p % 4] for p in range(seats)]
    game = tcbg.load_game("x610z", board=board, rules="existenz", setup=setup, cards="ruins", decks=decks,
                          max_turns=150, effects=False)
    totals = game.random_playouts(12, seed=zlib.crc32(f"ruins/{board}/{setup}".encode()), check_invariants=True)
    assert totals["games"] == 12 and totals["decisions"] > 12 * 10


# -- the two stack examples of the rulebooks, as far as effects go ---------------------------------------------


def test_oroc_stack_example_healing_elixir_then_the_bogling_attack():
    """ORoC "Example of a stack": the Bogling attacks the Living Waterfall (1 defense left); Healing Elixir goes
    on top and resolves first, healing 8; the attack then deals 3, not enough to destroy it."""
    m = Model(RUINS)
    waterfall = m.add("Living Waterfall", owner=0, dot=3)
    m.objs[waterfall].damage = m.stat(waterfall, Prop.DEFENSE) - 1
    bogling = m.add("Howling Bogling", owner=1, dot=5)
    attack = m.push(StackKind.ATTACK, 1, bogling)
    elixir = m.add("Healing Elixir", owner=0, zone="hand")
    cast = m.cast(elixir, 0)
    assert [e.serial for e in m.stack] == [attack, cast]
    m.stack.pop()  # the top resolves first
    m.resolve(elixir, controller=0, targets=[waterfall])
    assert m.damage_of(waterfall) == 0 and m.zone_of(elixir) == "discard"
    m.stack.pop()
    m.deal_damage(waterfall, m.stat(bogling, Prop.ATTACK), bogling)
    assert m.damage_of(waterfall) == 3 and m.zone_of(waterfall) == "play"


def test_act1_stack_example_divine_intervention_both_ways():
    """Act I "An example of a game situation": Hunter Dragon attacks Cargo Beast; player B's Divine Intervention
    puts the dragon out of range, so the attack would fail; player A's Divine Intervention puts it back, and the
    attack deals 3. (Range is checked here as steps along the line board; the engine re-checks with the path
    generator, rules.md 5.13.)"""
    m = Model(RUINS)
    dragon = m.add("Hunter Dragon", owner=0, dot=3)
    beast = m.add("Cargo Beast", owner=1, dot=5)
    in_range = lambda: abs(m.objs[dragon].dot - m.objs[beast].dot) <= m.stat(dragon, Prop.RANGE)  # noqa: E731
    attack = m.push(StackKind.ATTACK, 0, dragon)
    assert in_range()
    b_divine = m.add("Divine Intervention", owner=1, zone="hand")
    m.cast(b_divine, 1)
    m.stack.pop()
    m.resolve(b_divine, controller=1, targets=[dragon], choices=[1])
    assert m.objs[dragon].dot == 1 and not in_range()  # the attack would fail now
    a_divine = m.add("Divine Intervention", owner=0, zone="hand")
    m.cast(a_divine, 0)
    m.stack.pop()
    m.resolve(a_divine, controller=0, targets=[dragon], choices=[3])
    assert m.objs[dragon].dot == 3 and in_range() and [e.serial for e in m.stack] == [attack]
    m.stack.pop()
    m.deal_damage(beast, m.stat(dragon, Prop.ATTACK), dragon)
    assert m.damage_of(beast) == 3


# -- every card does what its text says -----------------------------------------------------------------------------

CARD_TESTS: dict[str, Callable[[], None]] = {}


def card(*names: str):
    def register(fn):
        for name in names:
            CARD_TESTS[name] = fn
        return fn
    return register


def fresh() -> Model:
    return Model(RUINS)


@card("Quickening Shard", "Entrancing Pearl", "Robiumm Nugget", "Maddening Halo")
def _basic_crystals():
    for name, letter in (("Quickening Shard", "B"), ("Entrancing Pearl", "M"), ("Robiumm Nugget", "R"),
                         ("Maddening Halo", "H")):
        c = RUINS[name]
        assert c.produces == letter and c.text == "" and RUINS.definition(name) is None and c.deck_limit == 20


@card("Hunter Dragon", "Cargo Beast", "Stormglass Skiff")
def _summons_without_definitions():
    assert RUINS["Hunter Dragon"].attack == 3 and RUINS.definition("Hunter Dragon") is None
    assert RUINS["Cargo Beast"].block_rate == 1 and RUINS["Cargo Beast"].text == "[Block rate 1]"
    skiff = RUINS["Stormglass Skiff"]
    assert skiff.all_directions and skiff.speed == 6 and skiff.text == "[Move and attack in all directions]"


@card("Skyspire Citadel")
def _citadel():
    assert cost("Skyspire Citadel")["M"] == 2 and cost("Skyspire Citadel")["flags"] == CostFlag.ACTIVATE_SELF
    m = fresh()
    citadel = m.add("Skyspire Citadel", owner=0, dot=0)
    skiff = m.add("Stormglass Skiff", owner=0, dot=3)
    m.resolve(citadel, controller=0, targets=[skiff])
    m.end_turn()
    assert m.stat(skiff, Prop.RANGE) == 2  # while it is in play, not only this turn
    assert m.legal_targets(target_filter("Skyspire Citadel"), 0, citadel) == [skiff]  # NLB summons you control


@card("Arcane Warden")
def _warden():
    assert RUINS["Arcane Warden"].block_rate == 1
    m = fresh()
    warden = m.add("Arcane Warden", owner=0, dot=2)
    m.add("Hunter Dragon", owner=1, dot=5)
    move = m.push(StackKind.MOVE, 1, 1)
    attack = m.push(StackKind.ATTACK, 1, 1)
    assert m.legal_targets(target_filter("Arcane Warden"), 0, warden) == [attack]
    m.resolve(warden, controller=0, targets=[attack])
    assert [e.serial for e in m.stack] == [move]


@card("Spellbound Phalanx")
def _phalanx():
    m = fresh()
    phalanx = m.add("Spellbound Phalanx", owner=0, dot=2)
    m.cast(m.add("Healing Elixir", owner=1, zone="hand"), 1)
    m.cast(m.add("Aegis of Arnunnia", owner=0, zone="hand"), 0)
    assert m.triggered == []  # an opponent's flux, your own catalyst
    m.cast(m.add("Tailwind", owner=0, zone="hand"), 0)
    (source, a, event, _), = m.triggered
    m.resolve(phalanx, controller=0)
    assert source == phalanx and event == Event.CAST and m.stat(phalanx, Prop.ATTACK) == 3
    m.end_turn()
    assert m.stat(phalanx, Prop.ATTACK) == 2


@card("Skyblade Adept")
def _adept():
    assert ability("Skyblade Adept")["kind"] == AbilityKind.PAID and cost("Skyblade Adept")["flags"] == 0
    assert (cost("Skyblade Adept")["B"], cost("Skyblade Adept")["M"]) == (1, 1)
    m = fresh()
    adept = m.add("Skyblade Adept", owner=0, dot=2)
    m.objs[adept].activated = True  # it moved
    m.resolve(adept, controller=0)
    assert not m.objs[adept].activated


@card("Divine Intervention")
def _divine_intervention():
    m = fresh()
    keep = m.add("Ossuary Throne", owner=1, dot=8)
    wyrm = m.add("Gravelord Wyrm", owner=1, dot=5)
    m.add("Hunter Dragon", owner=0, dot=3)
    run = m.begin(m.add("Divine Intervention", owner=0, zone="stack"), 0, targets=[keep])
    assert run.run().options == [1, 2, 6, 7]  # free dots; not the end dot for a life base; not a start dot
    m = fresh()
    wyrm = m.add("Gravelord Wyrm", owner=1, dot=5)
    m.resolve(m.add("Divine Intervention", owner=0, zone="hand"), controller=0, targets=[wyrm], choices=[8])
    assert m.objs[wyrm].dot == 8  # its controller's own start dot


@card("Nullifying Word")
def _nullifying_word():
    m = fresh()
    blast = m.add("Scorching Blast", owner=1, zone="hand")
    flux = m.cast(blast, 1)
    m.cast(m.add("War Drums", owner=1, zone="hand"), 1)
    m.push(StackKind.ATTACK, 1, 0)
    assert m.legal_targets(target_filter("Nullifying Word"), 0, NONE) == [flux]
    m.resolve(m.add("Nullifying Word", owner=0, zone="hand"), controller=0, targets=[flux])
    assert m.zone_of(blast) == "discard" and len(m.stack) == 2


@card("Tailwind")
def _tailwind():
    m = fresh()
    m.add("Hunter Dragon", owner=0, zone="deck")
    skiff = m.add("Stormglass Skiff", owner=0, dot=1)
    m.resolve(m.add("Tailwind", owner=0, zone="hand"), controller=0, targets=[skiff], choices=[3])
    assert m.objs[skiff].dot == 3 and m.hand(0) == []
    assert cost_of_additional("Tailwind")["M"] == 1
    m.resolve(m.add("Tailwind", owner=0, zone="hand"), controller=0, targets=[skiff], additionals=[0],
              choices=[6])
    assert m.objs[skiff].dot == 6 and len(m.hand(0)) == 1


def cost_of_additional(name: str) -> dict[str, int]:
    return NATIVE.record("costs", NATIVE.record("additionals", ability(name)["first_additional"])["cost"])


@card("Arcane Rebuke")
def _rebuke():
    m = fresh()
    dragon = m.add("Hunter Dragon", owner=1, dot=5)
    move = m.push(StackKind.MOVE, 1, dragon)
    m.resolve(m.add("Arcane Rebuke", owner=0, zone="hand"), controller=0, mode=0, targets=[move])
    assert m.stack == []
    m.resolve(m.add("Arcane Rebuke", owner=0, zone="hand"), controller=0, mode=1, targets=[dragon])
    assert m.damage_of(dragon) == 2


@card("Aegis of Arnunnia")
def _aegis():
    m = fresh()
    dragon = m.add("Hunter Dragon", owner=0, dot=3)
    aegis = m.add("Aegis of Arnunnia", owner=0, zone="stack")
    m.resolve(aegis, controller=0, targets=[dragon])
    assert m.stat(dragon, Prop.DEFENSE) == 9
    m.resolve(aegis, controller=0, ability=1)
    m.deal_damage(dragon, 3, NONE)
    assert m.damage_of(dragon) == 1 and cost("Aegis of Arnunnia", 1)["C"] == 1


@card("Library of Muljanii")
def _library():
    assert NATIVE.record("cards", NATIVE.card_index("Library of Muljanii"))["start_activation"] == 3
    assert cost("Library of Muljanii")["flags"] == CostFlag.ACTIVATE_SELF and cost("Library of Muljanii")["M"] == 1
    m = fresh()
    library = m.add("Library of Muljanii", owner=0)
    deck_cards = [m.add(n, owner=0, zone="deck") for n in ("Hunter Dragon", "Tailwind", "Nullifying Word")]
    run = m.begin(library, 0)
    pause = run.run()
    assert pause.options == deck_cards[1:] and pause.optional
    run.resume(deck_cards[2])
    assert m.hand(0) == [deck_cards[2]]


@card("Starlit Prism")
def _prism():
    m = fresh()
    m.add("Tailwind", owner=0, zone="deck")
    held = m.add("Hunter Dragon", owner=0, zone="hand")
    prism = m.add("Starlit Prism", owner=0, zone="hand")
    m.enter_play(prism, 0)
    assert [(s, e) for s, _, e, _ in m.triggered] == [(prism, Event.ENTERS_PLAY)]
    m.resolve(prism, controller=0, choices=[held])
    assert m.zone_of(held) == "discard" and len(m.hand(0)) == 1 and RUINS["Starlit Prism"].produces == "M"


@card("Ossuary Throne", "Soulstone", "Gravelord Wyrm")
def _return_summon_cards():
    for name, setup in (("Ossuary Throne", {"dot": 8}), ("Soulstone", {}), ("Gravelord Wyrm", {"dot": 5})):
        m = fresh()
        source = m.add(name, owner=0, **setup)
        dead = m.add("Ghoul Barge", owner=0, zone="discard")
        m.add("Necrotic Surge", owner=0, zone="discard")
        m.add("Bone Reaver", owner=1, zone="discard")
        assert m.legal_targets(target_filter(name), 0, source) == [dead]  # summon cards in your discard pile
        m.resolve(source, controller=0, targets=[dead])
        assert m.zone_of(dead) == "hand"
    assert cost("Soulstone")["flags"] == CostFlag.ACTIVATE_SELF | CostFlag.SACRIFICE_SELF
    assert (cost("Ossuary Throne")["C"], cost("Ossuary Throne")["H"]) == (2, 1)
    assert NATIVE.record("triggers", ability("Gravelord Wyrm")["trigger"])["event"] == Event.ENTERS_PLAY


@card("Howling Bogling", "Ghoul Barge", "Bone Reaver")
def _rise():
    for name, number, letters in (("Howling Bogling", 0, {"C": 1, "H": 2}), ("Ghoul Barge", 0, {"C": 1, "M": 1}),
                                  ("Bone Reaver", 1, {"C": 2, "H": 2})):
        ab = ability(name, number)
        assert (ab["zone"], ab["timing"]) == (3, 2)  # from the discard pile, in your action phase
        assert {k: v for k, v in cost(name, number).items() if k in "CBMRH" and v} == letters
        m = fresh()
        card_ = m.add(name, owner=0, zone="discard")
        m.resolve(card_, controller=0, ability=number, choices=[2])
        assert m.zone_of(card_) == "play" and m.objs[card_].dot == 2
    m = fresh()
    reaver = m.add("Bone Reaver", owner=0, dot=3)
    m.destroy(reaver)
    (source, a, event, _), = m.triggered
    target = m.add("Hunter Dragon", owner=1, dot=6)
    m.resolve(reaver, controller=0, ability=0, targets=[target])
    assert event == Event.DESTROYED and m.damage_of(target) == 2


@card("Shambling Horde")
def _horde():
    m = fresh()
    horde = m.add("Shambling Horde", owner=0, dot=3)
    assert m.stat(horde, Prop.ATTACK) == 2
    for name in ("Ghoul Barge", "Bone Reaver"):
        m.add(name, owner=0, zone="discard")
    m.add("Raise the Fallen", owner=0, zone="discard")
    m.add("Hunter Dragon", owner=1, zone="discard")
    assert m.stat(horde, Prop.ATTACK) == 4
    for _ in range(3):
        m.add("Howling Bogling", owner=0, zone="discard")
    assert m.stat(horde, Prop.ATTACK) == 5  # up to +3


@card("Raise the Fallen")
def _raise():
    m = fresh()
    dead = m.add("Gravelord Wyrm", owner=0, zone="discard")
    m.add("Ghoul Barge", owner=0, dot=2)
    run = m.begin(m.add("Raise the Fallen", owner=0, zone="stack"), 0, targets=[dead])
    assert run.run().options == [0, 6]  # your start dot and a free warp dot, not another player's start dot
    run.resume(6)
    assert m.zone_of(dead) == "play" and m.controller(dead) == 0


@card("Necrotic Surge")
def _surge():
    m = fresh()
    mine = [m.add("Shambling Horde", owner=0, dot=2), m.add("Ossuary Throne", owner=0, dot=0)]
    theirs = m.add("Hunter Dragon", owner=1, dot=5)
    m.resolve(m.add("Necrotic Surge", owner=0, zone="hand"), controller=0)
    assert [m.stat(x, Prop.ATTACK) for x in mine] == [3, 2] and m.stat(theirs, Prop.ATTACK) == 3
    m.end_turn()
    assert m.stat(mine[0], Prop.ATTACK) == 2


@card("Death's Toll")
def _toll():
    m = fresh()
    hurt, whole = m.add("Hunter Dragon", owner=1, dot=5, damage=1), m.add("Cargo Beast", owner=1, dot=6)
    assert m.legal_targets(target_filter("Death's Toll"), 0, NONE) == [hurt]
    m.resolve(m.add("Death's Toll", owner=0, zone="hand"), controller=0, targets=[hurt])
    assert m.zone_of(hurt) == "discard" and m.zone_of(whole) == "play"


@card("Last Rites")
def _rites():
    m = fresh()
    for name in ("Tailwind", "Firestorm"):
        m.add(name, owner=0, zone="deck")
    barge = m.add("Ghoul Barge", owner=0, dot=2)
    m.add("Ossuary Throne", owner=0, dot=0)
    m.resolve(m.add("Last Rites", owner=0, zone="hand"), controller=0)
    assert m.zone_of(barge) == "discard" and len(m.hand(0)) == 2


@card("Charnel Pit")
def _pit():
    assert cost("Charnel Pit", 1)["counter_count"] == 2 and cost("Charnel Pit", 1)["counter_kind"] == 3
    m = fresh()
    pit = m.add("Charnel Pit", owner=0)
    barge = m.add("Ghoul Barge", owner=0, dot=2)
    m.add("Hunter Dragon", owner=1, dot=5)
    m.destroy(barge)
    m.destroy(m.occupant(5))
    (source, a, event, subject), = m.triggered  # only your own NLB summons
    m.resolve(pit, controller=0, ability=0, subject=subject)
    assert m.get(pit, Prop.CHARGE_COUNTERS) == 1
    m.resolve(pit, controller=0, ability=1, targets=[barge], choices=[2])
    assert m.zone_of(barge) == "play"


@card("Plague Banner")
def _banner():
    assert NATIVE.record("cards", NATIVE.card_index("Plague Banner"))["start_time"] == 3
    m = fresh()
    dragon = m.add("Hunter Dragon", owner=1, dot=5)
    banner = m.add("Plague Banner", owner=0, zone="stack")
    m.resolve(banner, controller=0, targets=[dragon])
    for turn in range(2):
        m.start_turn(0)
        assert m.triggered[-1][0] == banner
        m.resolve(banner, controller=0, ability=1)
        m.start_turn(1)
    assert m.damage_of(dragon) == 2
    m.start_turn(0)
    assert m.zone_of(banner) == "discard"  # the last time counter


@card("Tidebreaker Galleon")
def _galleon():
    m = fresh()
    galleon = m.add("Tidebreaker Galleon", owner=0, dot=0)
    drake = m.add("Hunter Dragon", owner=0, dot=3)
    m.resolve(galleon, controller=0, targets=[drake])
    assert m.has(drake, Property.STEALTH)
    with pytest.raises(Fizzled):
        m.begin(m.add("Scorching Blast", owner=1, zone="stack"), 1, targets=[drake])
    m.end_turn()
    assert not m.has(drake, Property.STEALTH)


@card("Living Waterfall")
def _waterfall():
    assert ability("Living Waterfall")["kind"] == AbilityKind.PAID and cost("Living Waterfall")["R"] == 1
    m = fresh()
    waterfall = m.add("Living Waterfall", owner=0, dot=3, damage=2)
    m.resolve(waterfall, controller=0)
    assert m.damage_of(waterfall) == 1


@card("Smuggler Drake")
def _drake():
    m = fresh()
    drake = m.add("Smuggler Drake", owner=1, dot=5)
    assert m.legal_targets(target_filter("Scorching Blast"), 0, NONE) == []
    assert m.legal_targets(target_filter("Battle Fury"), 1, NONE) == [drake]


@card("Plunder Crew")
def _crew():
    m = fresh()
    crew = m.add("Plunder Crew", owner=0, dot=2)
    nugget = m.add("Robiumm Nugget", owner=1)
    m.add("Quickening Shard", owner=0)
    assert m.legal_targets(target_filter("Plunder Crew"), 0, crew) == [nugget]
    m.resolve(crew, controller=0, targets=[nugget])
    assert m.controller(nugget) == 0
    m.end_turn()
    assert m.controller(nugget) == 1


@card("Cutlass Fury", "Bloodrage Champion")
def _paid_pumps():
    m = fresh()
    fury = m.add("Cutlass Fury", owner=0, dot=2)
    m.resolve(fury, controller=0)
    assert m.stat(fury, Prop.ATTACK) == 6 and ability("Cutlass Fury")["kind"] == AbilityKind.PAID
    champion = m.add("Bloodrage Champion", owner=0, dot=3)
    m.resolve(champion, controller=0)
    assert m.stat(champion, Prop.ATTACK) == 9 and m.damage_of(champion) == 1 and cost("Bloodrage Champion")["H"] == 1
    m.end_turn()
    assert m.stat(fury, Prop.ATTACK) == 5 and m.stat(champion, Prop.ATTACK) == 7


@card("Healing Elixir")
def _elixir():
    m = fresh()
    keep = m.add("Tidebreaker Galleon", owner=0, dot=0, damage=11)
    m.resolve(m.add("Healing Elixir", owner=0, zone="hand"), controller=0, targets=[keep])
    assert m.damage_of(keep) == 3  # heal 8


@card("Raid the Hold")
def _raid():
    m = fresh()
    used, fresh_crystal = m.add("Maddening Halo", owner=1), m.add("Maddening Halo", owner=1)
    m.objs[used].activated = True
    assert m.legal_targets(target_filter("Raid the Hold"), 0, NONE) == [fresh_crystal]
    m.resolve(m.add("Raid the Hold", owner=0, zone="hand"), controller=0, targets=[fresh_crystal])
    assert m.objs[fresh_crystal].activated and m.pools[0] == [0, 0, 0, 0, 1]


@card("Decoy Barrel")
def _decoy():
    m = fresh()
    mine, theirs = m.add("Living Waterfall", owner=0, dot=3), m.add("Hunter Dragon", owner=1, dot=5)
    m.resolve(m.add("Decoy Barrel", owner=0, zone="hand"), controller=0, targets=[mine, theirs])
    m.deal_damage(mine, 3, theirs)
    assert m.damage_of(mine) == 0 and m.damage_of(theirs) == 3


@card("Pickpocket")
def _pickpocket():
    m = fresh()
    hand = [m.add(n, owner=1, zone="hand") for n in ("Firestorm", "War Drums")]
    m.resolve(m.add("Pickpocket", owner=0, zone="hand"), controller=0, targets=[1])
    assert sorted(m.zone_of(c) for c in hand) == ["discard", "hand"]
    assert m.legal_targets(target_filter("Pickpocket"), 0, NONE) == [1]


@card("Press-gang Contract")
def _press_gang():
    m = fresh()
    victim = m.add("Hunter Dragon", owner=1, dot=5)
    contract = m.add("Press-gang Contract", owner=0, zone="stack")
    m.resolve(contract, controller=0, targets=[victim])
    assert m.controller(victim) == 0
    m.destroy(contract)
    assert m.controller(victim) == 1


@card("Black Market")
def _market():
    assert ability("Black Market")["flags"] == 1  # "you may"
    m = fresh()
    market = m.add("Black Market", owner=0)
    m.enter_play(m.add("Robiumm Nugget", owner=0, zone="hand"), 0)
    assert m.triggered == []
    halo = m.add("Maddening Halo", owner=1, zone="hand")
    m.enter_play(halo, 1)
    (source, a, event, subject), = m.triggered
    m.resolve(market, controller=0, subject=subject)
    assert m.pools[0][4] == 1


@card("Smuggler's Cache")
def _cache():
    for theirs, drawn in ((2, 1), (1, 0)):
        m = fresh()
        m.add("Hunter Dragon", owner=0, zone="deck")
        for _ in range(theirs):
            m.add("Maddening Halo", owner=1)
        cache = m.add("Smuggler's Cache", owner=0, zone="hand")
        m.enter_play(cache, 0)
        assert len(m.triggered) == drawn
        if drawn:
            m.resolve(cache, controller=0)
        assert len(m.hand(0)) == drawn


@card("Ashen War Wagon", "Flamebound Berserker")
def _rage():
    m = fresh()
    wagon = m.add("Ashen War Wagon", owner=0, dot=0)
    berserker = m.add("Flamebound Berserker", owner=0, dot=3)
    assert (m.stat(wagon, Prop.ATTACK), m.stat(berserker, Prop.ATTACK)) == (3, 7)
    m.start_turn(0)
    (source, a, event, _), = m.triggered
    m.resolve(berserker, controller=0, ability=0)
    assert source == berserker and m.damage_of(berserker) == 1 and m.stat(berserker, Prop.ATTACK) == 9
    m.deal_damage(wagon, 1, NONE)
    assert m.stat(wagon, Prop.ATTACK) == 4


@card("Magma Drake")
def _magma():
    m = fresh()
    drake = m.add("Magma Drake", owner=0, dot=2)
    mine, theirs = m.add("Cinder Zeppelin", owner=0, dot=3), [m.add("Hunter Dragon", owner=1, dot=5),
                                                             m.add("Cargo Beast", owner=1, dot=6)]
    keep = m.add("Tidebreaker Galleon", owner=1, dot=8)
    m.resolve(drake, controller=0)
    assert [m.damage_of(x) for x in (*theirs, mine, keep)] == [1, 1, 0, 0]


@card("Cinder Zeppelin")
def _zeppelin():
    assert cost("Cinder Zeppelin")["H"] == 1 and cost("Cinder Zeppelin")["flags"] == CostFlag.ACTIVATE_SELF
    m = fresh()
    zeppelin, target = m.add("Cinder Zeppelin", owner=0, dot=2), m.add("Cargo Beast", owner=1, dot=5)
    m.resolve(zeppelin, controller=0, targets=[target])
    assert m.damage_of(target) == 1


@card("Lava Behemoth")
def _behemoth():
    m = fresh()
    behemoth = m.add("Lava Behemoth", owner=0, dot=2)
    m.deal_damage(behemoth, 3, NONE)
    m.deal_damage(behemoth, 1, NONE)
    assert m.damage_of(behemoth) == 2 and RUINS["Lava Behemoth"].block_rate == 1


@card("Skullsplitter Horde")
def _skullsplitter():
    m = fresh()
    m.add("Skullsplitter Horde", owner=0, dot=2)
    berserker, drake = m.add("Flamebound Berserker", owner=0, dot=3), m.add("Magma Drake", owner=0, dot=4)
    theirs = m.add("Cutlass Fury", owner=1, dot=6)
    assert [m.stat(x, Prop.ATTACK) for x in (berserker, drake, theirs)] == [8, 4, 5]


@card("Scorching Blast")
def _blast():
    for additionals, damage in (((), 3), ((0,), 4)):
        m = fresh()
        target = m.add("Gravelord Wyrm", owner=1, dot=5)
        m.resolve(m.add("Scorching Blast", owner=0, zone="hand"), controller=0, targets=[target],
                  additionals=additionals)
        assert m.damage_of(target) == damage
    assert cost_of_additional("Scorching Blast")["R"] == 1


@card("Incinerate")
def _incinerate():
    m = fresh()
    drums = m.add("War Drums", owner=1)
    m.resolve(m.add("Incinerate", owner=0, zone="hand"), controller=0, mode=0, targets=[drums])
    assert m.zone_of(drums) == "discard"
    assert m.legal_targets(target_filter("Incinerate", mode=1), 0, NONE) == [drums]  # an opponent's discard pile
    m.resolve(m.add("Incinerate", owner=0, zone="hand"), controller=0, mode=1, targets=[drums])
    assert m.zone_of(drums) == "removed"


@card("Battle Fury")
def _fury():
    m = fresh()
    wagon = m.add("Ashen War Wagon", owner=0, dot=0)
    m.resolve(m.add("Battle Fury", owner=0, zone="hand"), controller=0, targets=[wagon])
    assert m.stat(wagon, Prop.ATTACK) == 6
    m.end_turn()
    assert m.stat(wagon, Prop.ATTACK) == 3


@card("Firestorm")
def _firestorm():
    m = fresh()
    summons = [m.add("Cinder Zeppelin", owner=0, dot=2), m.add("Hunter Dragon", owner=1, dot=5)]
    keep = m.add("Skyspire Citadel", owner=1, dot=8)
    m.resolve(m.add("Firestorm", owner=0, zone="hand"), controller=0)
    assert [m.damage_of(x) for x in summons] == [2, 2] and m.damage_of(keep) == 0


@card("War Drums")
def _drums():
    m = fresh()
    m.add("War Drums", owner=0)
    mine, theirs = m.add("Lava Behemoth", owner=0, dot=2), m.add("Hunter Dragon", owner=1, dot=5)
    assert (m.stat(mine, Prop.SPEED), m.stat(theirs, Prop.SPEED)) == (2, 4)


@card("Burning Brand")
def _brand():
    m = fresh()
    berserker = m.add("Flamebound Berserker", owner=0, dot=3)
    brand = m.add("Burning Brand", owner=0, zone="stack")
    m.resolve(brand, controller=0, targets=[berserker])
    assert m.stat(berserker, Prop.ATTACK) == 9
    m.start_turn(0)
    assert {s for s, _, _, _ in m.triggered} == {berserker, brand}
    m.resolve(brand, controller=0, ability=1)
    assert m.damage_of(berserker) == 1


@card("Ember Heart")
def _ember():
    assert cost("Ember Heart")["flags"] == CostFlag.ACTIVATE_SELF and RUINS["Ember Heart"].produces == "H"
    m = fresh()
    wagon = m.add("Ashen War Wagon", owner=0, dot=0)
    heart = m.add("Ember Heart", owner=0)
    m.resolve(heart, controller=0)
    assert m.damage_of(wagon) == 1 and m.pools[0][4] == 2


def test_every_card_has_a_test_of_its_text():
    assert set(CARD_TESTS) == set(RUINS.card_names())


@pytest.mark.parametrize("name", sorted(set(CARD_TESTS)), ids=lambda n: re.sub(r"\W", "_", n))
def test_card_does_what_its_text_says(name):
    CARD_TESTS[name]()


def test_edition_letters_of_ability_costs():
    """C19: the named Act I cards and the two Act I crystals use only Act I energy, abilities included."""
    for card_ in RUINS:
        if card_.legal_in("act1"):
            for n in range(len(NATIVE.abilities_of(card_.name))):
                rec = ability(card_.name, n)
                if rec["cost"] != NONE:
                    used = {k for k, v in cost(card_.name, n).items() if k in "CBMRH" and v}
                    assert used <= EDITION_LETTERS["act1"]


def test_docs_table_matches_the_faction_decks():
    text = (DOCS / "deck-format.md").read_text(encoding="utf-8")
    section = text[text.index("## The faction decks"):]
    header = next(line for line in section.splitlines() if line.startswith("| Card |"))
    columns = [c.strip() for c in header.strip("|").split("|")][2:]
    assert columns == list(FACTIONS)
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith(("| Card", "| **"))]
    table = {cells[0]: cells[2:] for cells in ([c.strip() for c in row.strip("|").split("|")] for row in rows)}
    for i, faction in enumerate(columns):
        d = deck(faction)
        listed = {name: int(cells[i]) for name, cells in table.items() if cells[i]}
        assert listed == {d.life_base.name: 1, **d.counts()}, faction
