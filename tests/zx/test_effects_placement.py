"""Cards put or moved onto Squares by effects (docs/zx/cards.md "Placement", rules.md 7.3, Z12.11, Z15.120 -
Z15.122): MOVE and PLACE never take a Square the rules forbid, a Square chosen for them offers only legal ones, a
placed card appears with its abilities, SWAP exchanges two Z/X; every position reached reads back
(to_json -> state_from_json). Cards of the test table (tests/zx/scenario.py) given definitions, in real games."""

from __future__ import annotations

import json

import pytest

import tcbg
from hypothesis import given, settings
from hypothesis import strategies as st

from tcbg.effects.actions import If
from tcbg.effects.refs import Chosen
from tcbg.effects.values import Exists
from tcbg.errors import GameError
from tcbg.effects.values import Count
from tcbg.zx.effects.language import (ZX, Auto, Card, Continuous, Draw, Event, EventDefinition, MoveTo, PlayFrom,
                                      PlayToSquare, PythonEffect, RemovedByThis, RemoveFromGame, Repeat, Square, SwapZX,
                                      ZXDefinition)
from tcbg.zx.position import native_reader, python_state_from_json

from .scenario import act, filler, game, layout, play_zx, start, texts

P0 = layout(["Spark", "Vanilla", "Vanilla", "Big"], ["Big"] * 4, ["Vanilla", "Vanilla"], filler(30, "Tiny"))
P1 = layout(["Big"] * 4, ["Big"] * 4, ["Big"] * 2, filler(30, "Tiny"))


def reads_back(state):
    """The position's document is read back into the same position (docs/zx/state-format.md)."""
    doc = state.to_json()
    again = state._game.state_from_json(json.loads(doc))
    assert again.to_json() == doc
    assert state.invariant_violation() == ""


def with_field(state, field):
    """The position with Z/X added on Squares: (square, owner, sleeping), each the bottom card of its owner's deck."""
    doc = json.loads(state.to_json())
    for square, owner, sleeping in field:
        pool = doc["players"][owner]["deck"]
        ref = pool.pop(0)  # the bottom card
        doc["field"].append({"square": square, "card": ref["card"] if isinstance(ref, dict) else ref,
                             **({"sleeping": True} if sleeping else {})})
    return state._game.state_from_json(doc)


def rain_game(effects, p0=P0, p1=P1, **definitions):
    return start(game(p0, p1, definitions={"Spark": EventDefinition(*effects), **definitions}).new_initial_state(0))


def squares(state):
    return sorted(t.rsplit(" ", 1)[1] for t in texts(state) if "square" in t)


def test_a_move_chosen_onto_any_empty_square_never_offers_the_opponents_player_square():
    """Z12.11, Z15.121: MoveTo(Chosen(ZX("yours")), Chosen(Square(empty=True))) offers the empty Squares the Z/X may
    stand on: never its opponent's Player Square (s8 for player 0), its own Player Square included; the position
    reached reads back."""
    state = rain_game([MoveTo(Chosen(ZX("yours")), Chosen(Square(empty=True)))])
    play_zx(state, "Vanilla", "s5")
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "on s5")
    offered = squares(state)
    assert "s8" not in offered and "s2" in offered and offered == sorted(f"s{k}" for k in (1, 2, 3, 4, 6, 7, 9))
    act(state, "choose square s9")
    assert state.board()[8] != -1 and state.board()[4] == -1
    reads_back(state)


def test_a_move_of_an_opponents_zx_never_offers_your_player_square():
    """Z12.11: the Square forbidden is the moved Z/X's opponent's Player Square: for player 1's Z/X, player 0's s2."""
    state = rain_game([MoveTo(Chosen(ZX("opponents")), Chosen(Square(empty=True)))])
    state = with_field(state, [("s5", 1, False)])
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "on s5")
    assert "s2" not in squares(state) and "s8" in squares(state)
    act(state, "choose square s8")
    reads_back(state)


def test_a_square_chosen_before_the_move_that_the_rules_forbid_is_refused():
    """Z15.121: a Square chosen by an earlier part (any empty Square, the opponent's Player Square among them) and
    then named by MoveTo: the move does nothing there, as for -1; the Z/X stays where it was."""
    spot = Chosen(Square(empty=True))
    mover = Chosen(ZX("yours"))
    state = rain_game([If(Exists(spot), MoveTo(mover, spot))])
    play_zx(state, "Vanilla", "s5")
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    assert "s8" in squares(state)  # chosen before the move: every empty Square is offered
    act(state, "choose square s8")
    act(state, "on s5")
    assert state.board()[4] != -1 and state.board()[7] == -1
    reads_back(state)


def test_place_puts_a_card_from_the_hand_that_appears_sleeping():
    """Z15.120: PlayToSquare puts the chosen card onto a legal empty Square (never s8), Sleeping when told, and its
    "when this card appears" ability waits and resolves."""
    effects = [PlayToSquare(Chosen(Card("hand", type="zx")), Chosen(Square(empty=True)), sleeping=True)]
    state = rain_game(effects, Vanilla=ZXDefinition(Auto(Event.APPEARS, Draw(1))))
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    hand = len(state.zone(0, "hand"))
    act(state, "choose Vanilla")
    assert "s8" not in squares(state) and len(squares(state)) == 8
    act(state, "choose square s4")
    v = state.instance(state.board()[3])
    assert v["sleeping"] and v["zone"] == "square"
    while state.decision() != "main":
        state.apply_action(state.legal_actions()[0])
    assert len(state.zone(0, "hand")) == hand - 1 + 1  # the Vanilla left the hand, its ability drew one
    reads_back(state)


def test_place_with_no_legal_square_offers_no_card():
    """Z15.120, ruling B01-036: with no legal empty Square (every Normal Square full), nothing is chosen and the card
    stays where it was."""
    effects = [PlayToSquare(Chosen(Card("hand", type="zx")), Chosen(Square(empty=True, normal=True)))]
    state = rain_game(effects)
    state = with_field(state, [(s, 1, False) for s in ("s1", "s3", "s4", "s5", "s6", "s7", "s9")])
    hand = state.names(0, "hand")
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    assert state.decision() == "main" and sorted(state.names(0, "hand")) == sorted(n for n in hand if n != "Spark")


def test_place_up_to_stops_when_the_player_passes_and_at_its_count():
    """PlayToSquare(up_to=N): one card at a time, the player passing to stop; never more than N."""
    effects = [PlayToSquare(Chosen(Card("hand", type="zx"), optional=True), Chosen(Square(empty=True, normal=True)),
                            up_to=2)]
    state = rain_game(effects)
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "choose Vanilla")
    act(state, "choose square s4")
    act(state, "choose Vanilla")
    act(state, "choose square s6")
    assert state.decision() == "main" and [state.board()[k] != -1 for k in (3, 5)] == [True, True]
    assert "Big" in state.names(0, "hand")  # the third placement was never offered
    stop = rain_game(effects)
    act(stop, "play Spark")
    while stop.decision() == "pay":
        act(stop, "pay with")
    act(stop, "choose Vanilla")
    act(stop, "choose square s4")
    act(stop, "pass (effect-card)")
    assert stop.decision() == "main" and sum(s != -1 for s in stop.board()) == 1


def test_swap_exchanges_two_zx_and_never_offers_the_first_again():
    """Z15.122: SwapZX: the second choice never offers the first; each Z/X is on the other's Square, keeping its
    Sleep and damage."""
    effects = [SwapZX(Chosen(ZX(normal_square=True)), Chosen(ZX(normal_square=True)))]
    state = rain_game(effects)
    state = with_field(state, [("s4", 0, True), ("s6", 1, False)])
    mine, theirs = state.board()[3], state.board()[5]
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "on s4")
    assert not any(t.endswith("on s4") for t in texts(state))
    act(state, "on s6")
    assert state.board()[3] == theirs and state.board()[5] == mine and state.instance(mine)["sleeping"]
    reads_back(state)


def test_the_core_refuses_a_place_instruction_with_a_bad_sleep_operand():
    """The core checks PLACE's immediate operand (0 Reboot, 1 Sleep) when the game is built (docs/zx/cards.md)."""
    from tcbg import _core
    from tcbg.zx.effects.native import Op
    from tcbg.zx.game import _compile_card

    g = game(P0, P1, definitions={"Spark": EventDefinition(
        PlayToSquare(Chosen(Card("hand")), Chosen(Square(empty=True))))})
    cards = [_compile_card(k, c) for k, c in enumerate(g.cards)]
    decks = [([g._card_index(n, "") for n in d.cards], -1, False) for d in g.decks]
    tables = g.tables.arrays()
    assert _core.zx.Game(cards, decks, tables=tables).num_players == 2
    code = list(tables["code"])
    at = next(k for k in range(0, len(code), 4) if code[k] == Op.PLACE)
    code[at + 3] = 2
    with pytest.raises(GameError, match="PLACE"):
        _core.zx.Game(cards, decks, tables={**tables, "code": code})


# -- the removed zone (rules.md Z15.127) ------------------------------------------------------------------------

def test_removed_cards_are_a_public_zone_of_the_position_the_observation_and_the_text():
    """Z15.127: RemoveFromGame puts a card into its owner's removed zone: state.zone(p, "removed"), the document's
    "removed" list (instance order) read back by both readers, the observation's zone bit for both players, the
    observation text; Card("removed") counts it; Repeat(n, ...) chooses again on every pass."""
    trashed = layout(["Spark", "Vanilla", "Vanilla", "Big"], ["Big"] * 4, ["Vanilla", "Vanilla"], filler(30, "Tiny"))
    effects = [Repeat(2, RemoveFromGame(Chosen(Card("hand", type="zx")))),
               If(Count(Card("removed", type="zx")) >= 2, Draw(1))]
    state = rain_game(effects, p0=trashed)
    hand = len(state.zone(0, "hand"))
    act(state, "play Spark")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "choose Vanilla")
    act(state, "choose Big")
    removed = state.zone(0, "removed")
    assert sorted(state.card_name(i) for i in removed) == ["Big", "Vanilla"]
    assert removed == sorted(removed) and all(state.instance(i)["zone"] == "removed" for i in removed)
    assert len(state.zone(0, "hand")) == hand - 1 - 2 + 1  # Spark played, two removed, one drawn (the count)
    doc = json.loads(state.to_json())
    listed = [c["card"] if isinstance(c, dict) else c for c in doc["players"][0]["removed"]]
    assert listed == [f"{state.card_name(i)} #{i}" for i in removed]
    assert "removed" not in doc["players"][1]  # written only when there is one
    reads_back(state)
    assert python_state_from_json(state._game, doc).to_json() == state.to_json()
    assert native_reader(state._game).read(state.to_json()) is not None
    for observer in (0, 1):
        t = state.observation_tensor(observer)
        order = [i for q in (observer, 1 - observer) for i in range(state._game.num_instances)
                 if state._game._core.owner_of(i) == q]
        for i in removed:
            block = t[28 + 2 * 15 + 9 * 3 + order.index(i) * 26:][:26]
            assert block[8] == 1.0 and block[:9].sum() == 1.0
        assert "removed: " in state.observation_string(observer)


def test_a_document_naming_a_card_twice_or_anothers_card_as_removed_is_refused():
    """ZP6: a removed card is listed once, in its owner's removed zone."""
    state = rain_game([RemoveFromGame(Chosen(Card("hand", type="zx")))])
    doc = json.loads(state.to_json())
    hand = doc["players"][0]["hand"]
    doc["players"][1]["removed"] = [hand[0]]
    with pytest.raises(tcbg.PositionError):
        state._game.state_from_json(json.dumps(doc))
    doc = json.loads(state.to_json())
    doc["players"][0]["removed"] = [doc["players"][0]["hand"][0]]
    with pytest.raises(tcbg.PositionError):
        state._game.state_from_json(json.dumps(doc))
    doc = json.loads(state.to_json())
    doc["players"][0]["removed"] = [doc["players"][0]["hand"].pop()]
    moved = state._game.state_from_json(json.dumps(doc))
    assert state._game.state_from_json(doc).to_json() == moved.to_json() and len(moved.zone(0, "removed")) == 1


def test_repeat_and_remove_refuse_bad_operands():
    with pytest.raises(GameError, match="times"):
        rain_game([Repeat(1, Draw(1))])
    with pytest.raises(GameError, match="RemoveFromGame"):
        rain_game([RemoveFromGame(Chosen(Square(empty=True)))])


# -- playing cards from other zones (rules.md Z15.130) ---------------------------------------------------------

def test_play_from_a_zone_free_while_the_card_is_on_a_square():
    """Z15.130: Continuous(PlayFrom(Card("trash", type="event"), free=True)) lets its controller play the Events of
    their Trash without paying their Cost while the card is on a Square; without it on a Square, nothing."""
    effects = [Draw(1)]
    defs = {"Big": ZXDefinition(Continuous(PlayFrom(Card("trash", type="event"), free=True)))}
    state = rain_game(effects, **defs)
    doc = json.loads(state.to_json())
    hand = doc["players"][0]["hand"]
    spark = next(c for c in hand if (c["card"] if isinstance(c, dict) else c).startswith("Spark"))
    hand.remove(spark)
    doc["players"][0]["trash"].append(spark)
    without = state._game.state_from_json(doc)
    assert not any("play Spark" in t for t in texts(without))
    big = next(c for c in doc["players"][0]["hand"] if (c["card"] if isinstance(c, dict) else c).startswith("Big"))
    doc["players"][0]["hand"].remove(big)
    doc["field"].append({"square": "s4", "card": big["card"] if isinstance(big, dict) else big})
    state = state._game.state_from_json(doc)
    hand = len(state.zone(0, "hand"))
    act(state, "play Spark")
    assert state.decision() == "main" and len(state.zone(0, "hand")) == hand + 1  # free: no payment, drew 1
    assert "Spark" in state.names(0, "trash")
    reads_back(state)


def test_cards_removed_by_this_card_are_playable_while_it_stays_on_its_square():
    """Z15.131: RemovedByThis(Card("removed", ...)) matches the cards this card's own ability removed while it has
    stayed on its Square since; the link is in the document (removed_by) and ends when the card leaves its Square
    (played again, it is another object)."""
    defs = {"Vanilla": ZXDefinition(Auto(Event.APPEARS, RemoveFromGame(Chosen(Card("hand", type="event", cost_max=1),
                                                                              optional=True))),
                                    Continuous(PlayFrom(RemovedByThis(Card("removed", type="event")), free=True)))}
    deck = layout(["Rain", "Vanilla", "Spark", "Big"], ["Big"] * 4, ["Vanilla", "Vanilla"], filler(30, "Tiny"))
    state = start(game(deck, P1, definitions=defs).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    act(state, "choose Spark")
    vanilla = state.board()[4]
    doc = json.loads(state.to_json())
    [entry] = doc["players"][0]["removed"]
    assert entry["card"].startswith("Spark #") and entry["removed_by"] == f"Vanilla #{vanilla}"
    reads_back(state)
    assert python_state_from_json(state._game, doc).to_json() == state.to_json()
    assert any("play Spark" in t for t in texts(state))
    gone = json.loads(state.to_json())  # the remover off its Square: the link names no card on a Square
    entry = next(e for e in gone["field"] if e["square"] == "s5")
    gone["field"].remove(entry)
    gone["players"][0]["hand"].append(entry["card"])
    with pytest.raises(tcbg.PositionError):
        state._game.state_from_json(json.dumps(gone))
    with pytest.raises(tcbg.PositionError):
        state._game.state_from_json(gone)
    act(state, "play Rain")  # the test program: the chosen Z/X back to its owner's hand
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "on s5")
    assert not any("play Spark" in t for t in texts(state)) and "removed_by" not in state.to_json()
    awake = json.loads(state.to_json())  # the Resource Rebooted, to play the Vanilla again
    for entry in awake["players"][0]["resource"]:
        entry["sleeping"] = False
    state = state._game.state_from_json(awake)
    play_zx(state, "Vanilla", "s4")
    if state.decision() == "effect-card":
        act(state, "pass (effect-card)")
    assert not any("play Spark" in t for t in texts(state))  # the Vanilla again is another object
    reads_back(state)


def test_a_zx_played_over_the_remover_ends_the_link():
    """Z15.131, 7.3a: a Z/X played onto its owner's Reboot remover sends the remover to the Trash: the link ends."""
    defs = {"Vanilla": ZXDefinition(Auto(Event.APPEARS, RemoveFromGame(Chosen(Card("hand", type="event", cost_max=1),
                                                                              optional=True))),
                                    Continuous(PlayFrom(RemovedByThis(Card("removed", type="event")), free=True)))}
    deck = layout(["Rain", "Vanilla", "Spark", "Vanilla"], ["Big"] * 4, ["Vanilla", "Vanilla"], filler(30, "Tiny"))
    state = start(game(deck, P1, definitions=defs).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    act(state, "choose Spark")
    first = state.board()[4]
    play_zx(state, "Vanilla", "s5")
    act(state, "pass (effect-card)")
    assert state.board()[4] != first and state.instance(first)["zone"] == "trash"
    assert not any("play Spark" in t for t in texts(state)) and "removed_by" not in state.to_json()


def test_play_from_refuses_other_zones_and_colours():
    with pytest.raises(GameError, match="PlayFrom"):
        rain_game([Draw(1)], Big=ZXDefinition(Continuous(PlayFrom(Card("hand")))))
    with pytest.raises(GameError, match="colour"):
        rain_game([Draw(1)], Big=ZXDefinition(Continuous(PlayFrom(Card("resource"), colour="purple"))))


# -- the slow path's place, swap and remove_from_game mean PLACE, SWAP and REMOVE -------------------------------

def _place_sleeping(ctx):
    ctx.place(ctx.targets[0], ctx.targets[1], True)


def _swap(ctx):
    ctx.swap(ctx.targets[0], ctx.targets[1])


def _remove(ctx):
    ctx.remove_from_game(ctx.targets[0])


def _enemy_square(ctx):  # a Square the rules forbid: nothing happens, as for the instruction
    ctx.place(ctx.targets[0], 7)
    ctx.move(ctx.targets[1], 7)


@pytest.mark.parametrize("case", ["place", "swap", "remove", "refused"])
def test_the_slow_paths_placement_methods_mean_their_instructions(case):
    """docs/zx/cards.md "The slow path": a function calling place, swap or remove_from_game plays as the same effect
    written in the language, position for position; a Square the rules forbid is refused as by the instruction."""
    from .test_slowpath import position

    card, square = Chosen(Card("hand", type="zx")), Chosen(Square(empty=True, normal=True))
    first, second = Chosen(ZX(normal_square=True)), Chosen(ZX(normal_square=True))
    slow, native, answers = {
        "place": (PythonEffect(_place_sleeping, targets=[card, square]), PlayToSquare(card, square, sleeping=True),
                  ["choose Vanilla", "choose square s5"]),
        "swap": (PythonEffect(_swap, targets=[first, second]), SwapZX(first, second), ["on s4", "on s6"]),
        "remove": (PythonEffect(_remove, targets=[card]), RemoveFromGame(card), ["choose Big"]),
        "refused": (PythonEffect(_enemy_square, targets=[card, first]), Draw(0), ["choose Vanilla", "on s4"]),
    }[case]
    states = []
    for effect in (slow, native):
        state = with_field(rain_game([effect]), [("s4", 0, True), ("s6", 1, False)])
        act(state, "play Spark")
        while state.decision() == "pay":
            act(state, "pay with")
        for answer in answers if effect is slow or case != "refused" else []:
            act(state, answer)
        assert state.decision() == "main"
        states.append(state)
    assert position(states[0]) == position(states[1])
    if case != "refused":
        idle = with_field(rain_game([Draw(0)]), [("s4", 0, True), ("s6", 1, False)])
        act(idle, "play Spark")
        while idle.decision() == "pay":
            act(idle, "pay with")
        assert position(idle) != position(states[0])
    reads_back(states[0])


# -- every position reached by random Events of moves, placements and swaps reads back ---------------------------

SQUARE_FILTERS = [Square(empty=True), Square(), Square(empty=True, normal=True), Square(normal=True)]
ZX_FILTERS = [ZX("yours"), ZX("opponents"), ZX(), ZX(normal_square=True)]
ZONES = ["hand", "trash", "charge", "resource", "deck"]


@st.composite
def rain_effects(draw):
    out = []
    for _ in range(draw(st.integers(1, 2))):
        kind = draw(st.sampled_from(["move", "place", "swap", "square first", "remove"]))
        if kind == "remove":
            out.append(RemoveFromGame(Chosen(Card(draw(st.sampled_from(ZONES)), whose=draw(st.sampled_from(
                ["yours", "opponents"]))), optional=True)))
        elif kind == "square first":  # the Square chosen before the card: only the instruction can refuse it
            spot = Chosen(draw(st.sampled_from(SQUARE_FILTERS)))
            then = MoveTo(Chosen(draw(st.sampled_from(ZX_FILTERS))), spot) if draw(st.booleans()) else \
                PlayToSquare(Chosen(Card(draw(st.sampled_from(ZONES)), type="zx")), spot)
            out.append(If(Exists(spot), then))
        elif kind == "move":
            out.append(MoveTo(Chosen(draw(st.sampled_from(ZX_FILTERS))), Chosen(draw(st.sampled_from(SQUARE_FILTERS)))))
        elif kind == "place":
            out.append(PlayToSquare(Chosen(Card(draw(st.sampled_from(ZONES)), type="zx"), optional=True),
                                    Chosen(draw(st.sampled_from(SQUARE_FILTERS))), sleeping=draw(st.booleans()),
                                    up_to=draw(st.sampled_from([1, 2, "any"]))))
        else:
            out.append(SwapZX(Chosen(draw(st.sampled_from(ZX_FILTERS))), Chosen(draw(st.sampled_from(ZX_FILTERS)))))
    return out


@settings(max_examples=60, deadline=None)
@given(effects=rain_effects(), seed=st.integers(0, 2**31 - 1), occupied=st.lists(
    st.tuples(st.sampled_from(["s1", "s3", "s4", "s5", "s6", "s7", "s9", "s2", "s8"]), st.integers(0, 1),
              st.booleans()), max_size=4, unique_by=lambda t: t[0]))
def test_random_events_of_moves_placements_and_swaps_reach_only_positions_that_read_back(effects, seed, occupied):
    """Property: an Event made of moves, placements, swaps and removals with any of these filters, its choices made
    at random,
    never puts a Z/X on its opponent's Player Square, and every position reached reads back."""
    import random

    occupied = [(s, o, sl) for s, o, sl in occupied if not (s == "s8" and o == 0) and not (s == "s2" and o == 1)]
    state = rain_game(effects)
    state = with_field(state, occupied)
    rng = random.Random(seed)
    act(state, "play Spark")
    for _ in range(60):
        if state.decision() == "main" or state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        for s, i in enumerate(state.board()):
            if i != -1:
                assert s != (7 if state.instance(i)["owner"] == 0 else 1)
        reads_back(state)


# -- the first era's placement cards in random games --------------------------------------------------------------

PLACEMENT_CARDS = ["B02-096", "B03-020", "B03-056", "B03-102", "B04-016", "B04-018", "B04-052", "B04-054", "B04-096",
                   "B04-100", "B05-013", "B05-037", "B05-055", "B05-101"]
PLAIN = ["B01-003", "B01-089", "C03-015", "C03-018", "E01-002", "C04-018", "B01-097", "B01-044", "B01-045", "C03-012",
         "B02-094", "B01-068"]  # vanilla Z/X (Cait Sith, cheap and dear ones) and an Event of one plain effect


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_of_the_placement_cards_keep_the_rules_and_read_back(seed):
    """Random games of decks holding two of each placement card (the rest plain cards), effects on, random actions:
    every position keeps the invariants and every seventh one's document reads back, by both readers."""
    import random

    from tcbg.zx.cards import CardSet
    from tcbg.zx.game import Game, ZXDeck, card_names

    era = CardSet.load("first-era")
    # the game's table holds the decks' cards (a whole set's abilities pass the 255 a game may have, ZC22)
    cards = [c for c in era if c.number in {*PLACEMENT_CARDS, *PLAIN, "B04-108", "C01-001"}]
    index = {c.number: k for k, c in enumerate(cards)}
    rng = random.Random(seed)
    decks = []
    for _ in range(2):
        numbers = [n for n in PLACEMENT_CARDS for _ in range(2)] + [rng.choice(PLAIN) for _ in range(22)]
        rng.shuffle(numbers)
        decks.append(ZXDeck([index[n] for n in numbers], index[rng.choice(["B04-108", "C01-001"])]))
    game = Game(cards, decks, definitions={c.number: era.effects[c.number] for c in cards if c.number in era.effects},
                names=card_names(era))
    state = game.new_initial_state(seed)
    for n in range(3000):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        assert state.invariant_violation() == ""
        if n % 7 == 0:
            doc = state.to_json()
            assert game.state_from_json(doc).to_json() == doc
            assert python_state_from_json(game, json.loads(doc)).to_json() == doc
