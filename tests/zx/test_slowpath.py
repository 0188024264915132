"""Z/X's slow path (docs/zx/cards.md "The slow path"): a ``PythonEffect`` in a Z/X definition compiles to
``PYTHON k`` and runs through the shared hook. Each context method means the instruction of the same name (the same
card written in the language ends in the same position); a function that raises or returns a value becomes
``tcbg.EffectError`` and play goes on to the next decision; a context used after its call, and the state's own
methods during it, refuse; clone and serialize work around a slow-path resolution; a draw inside the function that
empties the deck is rebuilt at once and its Life pick comes after the call (rules.md Z12.17); real games with a
slow-path card play the native card's games, in random playouts and in a matchup on two worker processes."""

from __future__ import annotations

import json
import textwrap
from importlib import resources

import pytest

import tcbg
from tcbg import _core
from tcbg.effects.refs import SELF, YOU, Chosen
from tcbg.errors import ZXCardError
from tcbg.montecarlo.matchup import matchup
from tcbg.zx.cards import CardSet
from tcbg.zx.decks import Deck
from tcbg.zx.effects.language import (
    ZX, AddPower, Card, DealDamage, Destroy, Draw, EventDefinition, MoveTo, NoDamage, PutIntoCharge, PutIntoResource,
    PutIntoTrash, PythonEffect, RecoverLife, ReturnToDeck, ReturnToHand, Shuffle, Square, TopToCharge, TopToResource,
)
from tcbg.zx.game import Game, ZXDeck, load_game
from tests.zx.scenario import CARDS, act, layout, play_zx, start
from tests.zx.test_rules_reload import P0 as RELOAD_P0
from tests.zx.test_rules_reload import attack_player_1

# Player 0 starts with Spark (an Event, cost 1 red) and three Vanilla in hand; both decks have cards to draw.
P0 = layout(["Spark", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4, ["Vanilla", "Vanilla"],
            ["Tiny", "Big", "Archer", "Igniter"] * 5)
P1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], ["Big"] * 20)


def spark_game(*effects, cards=CARDS, decks=(P0, P1)):
    """Spark defined as ``effects``; the decks in their listed order, player 0 first."""
    return Game(cards, [ZXDeck(decks[0]), ZXDeck(decks[1])], first_player=0, shuffle=False,
                definitions={"Spark": EventDefinition(*effects)})


def play_spark(state):
    """Player 0's turn 1: Vanilla onto s5, then Spark (paid with the other Resource card)."""
    start(state)
    play_zx(state, "Vanilla", "s5")
    act(state, "play Spark")
    act(state, "pay with")


def resolve(state):
    """Answers the resolution's choices with the first legal action each, until it is over."""
    while state.decision().startswith("effect"):
        state.apply_action(state.legal_actions()[0])
        assert state.invariant_violation() == ""


def position(state) -> dict:
    """The position without the resolution's registers (the slow and the native programs use different ones)."""
    doc = json.loads(state.to_json())
    doc.pop("game")  # its fingerprint covers the compiled tables
    for frame in doc["frames"]:
        for key in ("pc", "registers", "part", "cursor_step"):
            frame.pop(key, None)
    return doc


# -- each context method means its instruction ------------------------------------------------------------------

ZX_TARGET = Chosen(ZX())
HAND_CARD = Chosen(Card("hand"))
SQUARES = Chosen(Square(empty=True, normal=True))

CASES = {
    "deal_damage": (lambda ctx: ctx.deal_damage(ctx.targets[0], 2000), [ZX_TARGET], DealDamage(ZX_TARGET, 2000)),
    "add_power": (lambda ctx: ctx.add_power(ctx.targets[0], -1000), [ZX_TARGET], AddPower(ZX_TARGET, -1000)),
    "destroy": (lambda ctx: ctx.destroy(ctx.targets[0]), [ZX_TARGET], Destroy(ZX_TARGET)),
    "return_to_hand": (lambda ctx: ctx.return_to_hand(ctx.targets[0]), [ZX_TARGET], ReturnToHand(ZX_TARGET)),
    "move": (lambda ctx: ctx.move(ctx.targets[0], ctx.targets[1]), [ZX_TARGET, SQUARES], MoveTo(ZX_TARGET, SQUARES)),
    "put_into_trash": (lambda ctx: ctx.put_into_trash(ctx.targets[0]), [HAND_CARD], PutIntoTrash(HAND_CARD)),
    "draw": (lambda ctx: ctx.draw(ctx.controller, 2), [], Draw(2)),
    "return_to_deck": (lambda ctx: ctx.return_to_deck(ctx.targets[0]), [HAND_CARD], ReturnToDeck(HAND_CARD)),
    "shuffle": (lambda ctx: ctx.shuffle(ctx.controller), [], Shuffle()),
    "top_to_charge": (lambda ctx: ctx.top_to_charge(ctx.controller, 2), [], TopToCharge(2)),
    "top_to_resource": (lambda ctx: ctx.top_to_resource(ctx.controller, False), [], TopToResource(YOU, False)),
    "put_into_resource": (lambda ctx: ctx.put_into_resource(ctx.targets[0]), [HAND_CARD], PutIntoResource(HAND_CARD)),
    "recover_life": (lambda ctx: ctx.recover_life(ctx.controller, 1), [], RecoverLife(1)),
    "no_damage": (lambda ctx: ctx.no_damage(ctx.targets[0]), [ZX_TARGET], NoDamage(ZX_TARGET)),
    "put_into_charge": (lambda ctx: ctx.put_into_charge(ctx.targets[0]), [HAND_CARD], PutIntoCharge(HAND_CARD)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_context_method_means_its_instruction(case):
    function, targets, native = CASES[case]
    slow_state = spark_game(PythonEffect(function, targets=targets)).new_initial_state(3)
    native_state = spark_game(native).new_initial_state(3)
    for state in (slow_state, native_state):
        play_spark(state)
        resolve(state)
        assert state.decision() == "main" and state.names(0, "trash")[-1] == "Spark"
    assert position(slow_state) == position(native_state)
    idle = spark_game(Draw(0)).new_initial_state(3)
    play_spark(idle)
    assert position(slow_state) != position(idle)  # the operation did something
    # and the games go on alike
    for _ in range(30):
        if slow_state.is_terminal():
            break
        action = slow_state.legal_actions()[-1]
        slow_state.apply_action(action)
        native_state.apply_action(action)
        assert position(slow_state) == position(native_state)


def test_the_context_reads_the_resolution():
    seen = []

    def look(ctx):
        vanilla = ctx.targets[0]
        seen.append((ctx.source, ctx.controller, ctx.subject, list(ctx.targets), ctx.stat(vanilla, "power"),
                     ctx.stat(vanilla, "square"), ctx.stat(vanilla, "cost"), ctx.stat(vanilla, "owner"),
                     ctx.stat(ctx.controller, "hand"), ctx.stat(ctx.controller, "life"), ctx.stat(-1, "power"),
                     ctx.zone_of(ctx.source), ctx.zone_of(vanilla), ctx.board()[4], len(ctx.zone(0, "resource"))))

    state = spark_game(PythonEffect(look, targets=[ZX_TARGET, SELF, YOU])).new_initial_state(3)
    play_spark(state)
    resolve(state)
    spark = state.get_game()._core.first_instance(0)  # the top card: the first of the hand
    vanilla = state.board()[4]
    assert seen == [(spark, 0, -1, [vanilla, spark, 0, -1], 3000, 4, 1, 0, 2, 4, -1, "resolving", "square", vanilla,
                     2)]


def test_bad_names_in_a_context_call_are_the_cards_error():
    for function, message in ((lambda ctx: ctx.stat(ctx.controller, "powr"), "unknown stat 'powr'"),
                              (lambda ctx: ctx.zone(ctx.controller, "graveyard"), "unknown zone 'graveyard'"),
                              (lambda ctx: ctx.draw(ctx.controller, "two"), "a count is a whole number")):
        state = spark_game(PythonEffect(function)).new_initial_state(3)
        with pytest.raises(tcbg.EffectError, match=message):
            play_spark(state)


# -- errors ---------------------------------------------------------------------------------------------------------


def broken_spark(ctx):
    ctx.deal_damage(ctx.targets[0], 1000)  # done before the failure: it stays done
    raise ZeroDivisionError("the designer's bug")


def test_an_exception_in_the_function_is_an_effect_error_and_play_goes_on():
    state = spark_game(PythonEffect(broken_spark, targets=[ZX_TARGET]), Draw(1)).new_initial_state(3)
    play_spark(state)
    hand, history = len(state.zone(0, "hand")), len(state.history())
    with pytest.raises(tcbg.EffectError) as info:
        act(state, "choose Vanilla")
    error = info.value
    assert isinstance(error, tcbg.GameError) and error.rule == "docs/zx/cards.md (the slow path)"
    assert isinstance(error.__cause__, ZeroDivisionError) and str(error.__cause__) == "the designer's bug"
    assert error.card == "Spark" and error.function.endswith("broken_spark")
    # what it did stays done, the rest of the ability (the Draw) does not happen, the Event goes to Trash, and play
    # went on to the next decision: a position play goes on from, with the action in the history
    assert state.instance(state.board()[4])["damage"] == 1000 and len(state.zone(0, "hand")) == hand
    assert state.names(0, "trash") == ["Spark"] and state.decision() == "main"
    assert state.invariant_violation() == ""
    assert len(state.history()) == history + 1  # the choice that ran the function was applied, and is recorded
    again = state.get_game().deserialize_state(state.serialize())
    assert again.serialize() == state.serialize()
    act(state, "pass (main)")
    assert state.turn_player == 1


def test_a_function_that_returns_a_value_is_refused():
    state = spark_game(PythonEffect(lambda ctx: ctx.targets[0], targets=[ZX_TARGET])).new_initial_state(3)
    play_spark(state)
    with pytest.raises(tcbg.EffectError, match="returns None, not"):
        act(state, "choose Vanilla")
    assert state.decision() == "main" and state.invariant_violation() == ""


def test_an_exception_in_a_native_loop_reaches_the_caller():
    """random_playouts runs without the GIL: the hook takes it, and the function's error leaves the loop."""
    with pytest.raises(tcbg.EffectError) as info:
        slow_starters(broken_spark).random_playouts(30, seed=3)
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_a_definition_for_an_unknown_card_or_without_a_function_is_refused():
    with pytest.raises(tcbg.GameError, match="no card 'Sparks' in the card table"):
        Game(CARDS, [ZXDeck(P0), ZXDeck(P1)], definitions={"Sparks": EventDefinition(PythonEffect(print))})
    with pytest.raises(tcbg.GameError, match="function must be callable"):
        spark_game(PythonEffect("print"))
    with pytest.raises(tcbg.GameError, match="at most 4 targets"):
        spark_game(PythonEffect(print, targets=[YOU] * 5))


def test_an_effects_file_entry_for_an_unknown_card_is_the_card_sets_error(tmp_path):
    doc = json.loads((resources.files("tcbg.zx") / "cardsets" / "vanilla.json").read_text(encoding="utf-8"))
    doc["effects"] = "slow.py"
    (tmp_path / "slow.py").write_text(textwrap.dedent('''
        from tcbg.zx.effects.language import EventDefinition, PythonEffect

        def nothing(ctx):
            pass

        EFFECTS = {"VAN-999": EventDefinition(PythonEffect(nothing))}
    '''), encoding="utf-8")
    (tmp_path / "cards.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ZXCardError, match="VAN-999.*no card of the set"):
        CardSet.load(str(tmp_path / "cards.json"))


def test_the_core_refuses_a_python_effect_without_a_hook_or_in_a_condition():
    game = spark_game(PythonEffect(broken_spark, targets=[ZX_TARGET]))
    from tcbg.zx.game import _compile_card

    cards = [_compile_card(k, c) for k, c in enumerate(game.cards)]
    decks = [([game._card_index(n, "") for n in d.cards], -1, False) for d in game.decks]
    tables = game.tables.arrays()
    with pytest.raises(tcbg.GameError, match="PYTHON needs the Python hook"):
        _core.zx.Game(cards, decks, tables=tables)
    assert _core.zx.Game(cards, decks, tables=tables, python_effects=print).num_players == 2
    assert _core.zx.Game(cards, decks, effects=False, tables=tables).num_players == 2  # never runs: no hook needed
    abilities = [list(rec) for rec in tables["abilities"]]
    abilities[0][6:8] = abilities[0][4:6]  # the program as the ability's condition
    with pytest.raises(tcbg.GameError, match="a condition or a continuous amount only reads the position"):
        _core.zx.Game(cards, decks, tables={**tables, "abilities": abilities}, python_effects=print)


KEPT = []


def keep_the_context(ctx):
    KEPT.append(ctx)


def test_a_context_used_after_its_call_raises():
    state = spark_game(PythonEffect(keep_the_context)).new_initial_state(3)
    KEPT.clear()
    play_spark(state)
    (stale,) = KEPT
    before = state.serialize()
    for use in (lambda: stale.draw(0, 1), lambda: stale.stat(0, "hand"), lambda: stale.board(),
                lambda: stale.subject):
        with pytest.raises(tcbg.EffectError, match="valid only while its function runs"):
            use()
    assert state.serialize() == before


MEDDLED = []  # the state the effect meddles with, and how


def meddle(ctx):
    MEDDLED[1](MEDDLED[0])


def test_a_state_takes_no_action_while_its_cards_effect_runs():
    """The function acts through its context: the state's own methods that change or copy it refuse while it runs
    (an action or a copy in the middle of a resolution would start from half an instruction)."""
    for use in (lambda s: s.apply_action(0), lambda s: s.concede(1), lambda s: s.clone(), lambda s: s.serialize()):
        state = spark_game(PythonEffect(meddle)).new_initial_state(3)
        MEDDLED[:] = [state, use]
        with pytest.raises(tcbg.EffectError) as info:
            play_spark(state)
        assert isinstance(info.value.__cause__, tcbg.GameError)
        assert "is neither changed nor copied while its card's Python effect runs" in str(info.value.__cause__)
        assert state.invariant_violation() == "" and state.decision() == "main" and not state.is_terminal()
        act(state, "pass (main)")  # afterwards it takes actions again


# -- clone and serialize ------------------------------------------------------------------------------------------

CALLS = []


def counted_damage(ctx):
    CALLS.append(ctx.targets[0])
    ctx.deal_damage(ctx.targets[0], 1500)


def test_clone_and_serialize_around_a_slow_path_resolution():
    game = spark_game(PythonEffect(counted_damage, targets=[ZX_TARGET]), Draw(1))
    state = game.new_initial_state(3)
    play_spark(state)
    assert state.decision() == "effect-target"  # waiting at the choice before the call
    copy = state.clone()
    restored = game.deserialize_state(state.serialize())
    CALLS.clear()
    for s in (state, copy, restored):
        act(s, "choose Vanilla")
        assert s.instance(s.board()[4])["damage"] == 1500 and s.decision() == "main"
    assert len(CALLS) == 3
    assert copy.serialize() == state.serialize() == restored.serialize()
    assert copy.history() == state.history() == restored.history()


# -- Reload inside a Python call (rules.md Z12.17) -----------------------------------------------------------------

SEEN = []


def draw_two(ctx):
    me = ctx.controller
    SEEN.append(("before", ctx.zone(me, "deck"), ctx.stat(me, "trash"), ctx.stat(me, "life")))
    ctx.draw(me, 2)
    SEEN.append(("after", ctx.stat(me, "deck"), ctx.stat(me, "trash"), ctx.stat(me, "life"), ctx.stat(me, "hand")))


def test_a_draw_that_empties_the_deck_inside_a_call_reloads_at_once_and_picks_after():  # rules.md Z12.17
    """902.1 "the moment" inside a Python call: drawing 2 with 1 card left draws it, rebuilds the deck from the Trash
    at once and draws from it, all inside the call; the opponent's Life pick, a decision, comes when the function has
    returned and before the ability's next instruction (here a Draw of 1, which takes the last card and rebuilds
    the deck again, with the Event in Trash, once Erase has gone there)."""
    game = Game(CARDS, [ZXDeck(RELOAD_P0), ZXDeck(layout(["Erase", "Vanilla", "Vanilla", "Vanilla"], ["Big"] * 4,
                                                          ["Igniter", "Igniter"], ["Big", "Big", "Big", "Tiny"]))],
                first_player=0, shuffle=False, definitions={"Erase": EventDefinition(PythonEffect(draw_two), Draw(1))})
    state = game.new_initial_state(5)
    attack_player_1(state)
    act(state, "p1 pass (resource)")
    act(state, "p1 ignite with Big")
    assert state.names(1, "deck") == ["Tiny"] and len(state.zone(1, "trash")) == 2
    SEEN.clear()
    act(state, "p1 play Erase")
    act(state, "p1 pay with")
    act(state, "p1 pay with")
    tiny = state.zone(1, "hand")[-2]
    assert SEEN == [("before", [tiny], 2, 3), ("after", 1, 0, 3, 7)]  # rebuilt inside the call; Life untouched
    assert state.decision() == "reload-life-pick" and state.current_player() == 0
    assert state.card_name(tiny) == "Tiny" and state.names(1, "deck") == ["Big"]
    assert state.frames()[-2][0] == "effect"  # Erase waits under the pick, its call done
    copy = game.deserialize_state(state.serialize())
    for s in (state, copy):
        act(s, "p0 pick Life card 0")
        # the ability went on after the pick: its Draw took the last Big; Erase in Trash rebuilt the deck again
        assert s.names(1, "hand")[-1] == "Big" and len(s.zone(1, "hand")) == 8
        assert s.decision() == "reload-life-pick" and s.names(1, "deck") == ["Erase"]
        act(s, "p0 pick Life card 0")
        assert s.decision() == "main" and len(s.zone(1, "life")) == 1 and len(s.zone(1, "charge")) == 2
    assert len(SEEN) == 2  # the function ran once, not again after the pick
    assert copy.serialize() == state.serialize()


# -- real games -----------------------------------------------------------------------------------------------------


def five_thousand(ctx):
    """C01-009 on the slow path: 5000 damage to the Z/X chosen (one on a Normal Square)."""
    ctx.deal_damage(ctx.targets[0], 5000)


SLOW_C01_009 = EventDefinition(PythonEffect(five_thousand, targets=[Chosen(ZX(normal_square=True))]))


def slow_starters(function=five_thousand, **options):
    """The starter decks C01 and C02 with C01-009 written with the slow path (``function`` its function)."""
    native = load_game(decks=["c01-white-red", "c02-black-blue"])
    definitions = dict(native.options["definitions"])
    definitions["C01-009"] = EventDefinition(PythonEffect(function, targets=[Chosen(ZX(normal_square=True))]))
    return Game(native.cards, native.decks, definitions=definitions, **options)


def counted_five_thousand(ctx):
    CALLS.append(ctx.targets[0])
    five_thousand(ctx)


def test_random_playouts_with_a_slow_path_card_play_the_native_games():
    native = load_game(decks=["c01-white-red", "c02-black-blue"])
    CALLS.clear()
    slow = slow_starters(counted_five_thousand)
    slow_totals = slow.random_playouts(20, seed=11, check_invariants=True)
    assert slow_totals == native.random_playouts(20, seed=11)
    assert len(CALLS) > 0  # C01-009 was played and its function called


def test_python_loop_random_play_keeps_the_rules_with_a_slow_path_card():
    import random

    game = slow_starters(max_turns=60)
    native = load_game(decks=["c01-white-red", "c02-black-blue"], max_turns=60)
    for seed in range(4):
        rng = random.Random(seed)
        s, n = game.new_initial_state(seed), native.new_initial_state(seed)
        while not s.is_terminal():
            action = rng.choice(s.legal_actions())
            s.apply_action(action)
            n.apply_action(action)
            assert s.invariant_violation() == "" and position(s) == position(n)
        assert s.returns() == n.returns()


def test_simulate_in_this_process_with_a_lambda_and_refused_on_workers():
    game = slow_starters(lambda ctx: ctx.deal_damage(ctx.targets[0], 5000), max_turns=60)
    here = tcbg.simulate(game, "random", games=6, seed=2, workers=1)
    native = tcbg.simulate(load_game(decks=["c01-white-red", "c02-black-blue"], max_turns=60), "random", games=6,
                           seed=2, workers=1)
    assert (here["turns"] == native["turns"]).all() and (here["winner_mask"] == native["winner_mask"]).all()
    with pytest.raises(tcbg.SimulationError, match="lambda or a nested function.*workers=1"):
        tcbg.simulate(game, "random", games=6, seed=2, workers=2)


EFFECTS_FILE = textwrap.dedent('''
    """A Z/X card set's effects file with a slow-path card (a test of tcbg): C01-009 written as a Python function."""
    from tcbg.effects.refs import Chosen
    from tcbg.zx.cards import CardSet
    from tcbg.zx.effects.language import ZX, EventDefinition, PythonEffect


    def five_thousand(ctx):
        ctx.deal_damage(ctx.targets[0], 5000)


    EFFECTS = dict(CardSet.load("starter-2012").effects)
    EFFECTS["C01-009"] = EventDefinition(PythonEffect(five_thousand, targets=[Chosen(ZX(normal_square=True))]))
''')


def slow_deck_set(folder) -> CardSet:
    doc = json.loads((resources.files("tcbg.zx") / "cardsets" / "starter-2012.json").read_text(encoding="utf-8"))
    doc["effects"] = "slow_effects.py"
    (folder / "slow_effects.py").write_text(EFFECTS_FILE, encoding="utf-8")
    (folder / "cards.json").write_text(json.dumps(doc), encoding="utf-8")
    return CardSet.load(str(folder / "cards.json"))


def test_a_matchup_on_two_worker_processes_with_an_effects_file(tmp_path):
    """The card file's effects module is found again by the workers (by the name the shared loader gave it), which
    rebuild the games and call its function; the records are those of this process and of the native card."""
    cards = slow_deck_set(tmp_path)
    assert cards.effects["C01-009"].effects[0].function.__module__.startswith("tcbg_effects_")
    decks = [Deck.load(name, cards) for name in ("c01-white-red", "c02-black-blue")]
    native = matchup("c01-white-red", "c02-black-blue", 8, agent="random", max_turns=60, seed=4, workers=1)
    here = matchup(*decks, 8, agent="random", max_turns=60, seed=4, workers=1)
    pooled = matchup(*decks, 8, agent="random", max_turns=60, seed=4, workers=2, batch_size=2)
    assert pooled.ran_on == "2 local processes"
    card = next(c for c in cards.cards if c.number == "C01-009")
    played = [k for k, (_seat, name) in enumerate(pooled.records[0].instances) if name in (card.name_en, card.name)]
    assert played and (pooled.records[0]["card_flags"][:, played] & 2).any()  # the slow-path card was played
    for seating in (0, 1):
        for column in ("turns", "winner_mask", "decisions", "reloads_p0"):
            assert (pooled.records[seating][column] == here.records[seating][column]).all()
            assert (here.records[seating][column] == native.records[seating][column]).all()
