"""The core calls Python slow-path effects (docs/cards.md "The slow path"): a ``PythonEffect`` card resolves in real
games exactly as the same effect written in the language does; each context method means its instruction; a
function that raises becomes ``tcbg.EffectError`` and leaves a state play goes on from; a context used after its call
raises; clone and serialize work around slow-path resolutions; random play with slow-path cards keeps the rules'
invariants and plays the very games the native cards play; simulations on worker processes rebuild such games."""

from __future__ import annotations

import os
import random
import textwrap

import pytest

import tcbg
from ruins_play import CRYSTALS, EFFECT_CARDS, RUINS, do
from slowpath_cards import RUINS_JSON, SLOW_CARDS, heal_eight, ruins_with
from tcbg.x610z.decks import Deck
from tcbg.x610z.effects import (
    WHILE_IN_PLAY, YOU, AddCounters, DealDamage, Destroy, Draw, Flux, Grant, Heal, ModifyStats, ProduceEnergy,
    PythonEffect, RemoveFromGame, ReturnToHand, StatOf, TargetPlayer, TargetSummon, WinGame,
)

SLOW_RUINS = ruins_with(SLOW_CARDS)
SOAK_GAMES = int(os.environ.get("TCBG_SOAK_GAMES", "60"))


def small_deck(card_set, life_base: str, cards: list[str]) -> Deck:
    lines = [f"Life base: {life_base}"] + [f"1 {card}" for card in cards]
    return Deck.parse("\n".join(lines), card_set, deck_size=None, name=life_base)


def elixir_game(card_set):
    """Player 0: Living Waterfall (5 damage of 6) on r3-02 and the card "Healing Elixir" in hand with C1 B1 to cast
    it; player 1: Howling Bogling on r3-04. Both have cards left in their decks to draw."""
    game = tcbg.load_game(board="existenz", setup="1v1", cards=card_set,
                          decks=[small_deck(card_set, "Tidebreaker Galleon",
                                            ["Living Waterfall", "Healing Elixir", "Cargo Beast", "Hunter Dragon"]),
                                 small_deck(card_set, "Ossuary Throne", ["Howling Bogling", "Cargo Beast"])])
    state = game.state_from_json({
        "format": "tcbg-x610z-position/1", "phase": "action", "turn": 3, "active_player": 0,
        "players": [{"in_play": [{"card": "Living Waterfall", "dot": "r3-02", "damage": 5}],
                     "hand": ["Healing Elixir"], "pool": {"C": 1, "B": 1}},
                    {"in_play": [{"card": "Howling Bogling", "dot": "r3-04"}]}]})
    return game, state


def cast_elixir(state, target: str | None) -> None:
    """Cast Healing Elixir, announce ``target`` (a card name, or None for no target), and let both players pass."""
    do(state, "cast Healing Elixir (#2)")
    if target is not None:
        choice = [a for a in state.legal_actions()
                  if f"{state.action_to_string(a)} ".startswith(f"choose {target} ")]
        assert len(choice) == 1
        state.apply_action(choice[0])
    do(state, "pass")
    do(state, "pass")


def resolved_as(definition, target: str | None):
    """The state after Healing Elixir, defined as ``definition``, resolves in the elixir position."""
    _, state = elixir_game(ruins_with({"Healing Elixir": definition}))
    cast_elixir(state, target)
    assert state.invariant_violation() == ""
    return state


# -- the same card, native and slow ------------------------------------------------------------------------------


def test_slow_path_healing_elixir_resolves_as_the_native_one():
    _, native = elixir_game(RUINS)
    _, slow = elixir_game(ruins_with({"Healing Elixir": Flux(PythonEffect(lambda ctx: ctx.heal(ctx.targets[0], 8),
                                                                          targets=[TargetSummon()]))}))
    for state in (native, slow):
        cast_elixir(state, "Living Waterfall")
    assert slow.instance(1)["damage"] == 0 and slow.instance(2)["zone"] == "discard"
    assert slow.serialize_bytes() == native.serialize_bytes()
    assert slow.history() == native.history()


def _noop(ctx):
    pass


# (native definition, slow-path function, targets, the target to announce): each context method against the
# instruction of the same meaning.
CASES = {
    "heal": (Heal(TargetSummon(), 8), lambda ctx: ctx.heal(ctx.targets[0], 8), "Living Waterfall"),
    "deal_damage": (DealDamage(TargetSummon(), 2), lambda ctx: ctx.deal_damage(ctx.targets[0], 2),
                    "Howling Bogling"),
    "deal_damage destroys": (DealDamage(TargetSummon(), 3), lambda ctx: ctx.deal_damage(ctx.targets[0], 3),
                             "Living Waterfall"),
    "destroy": (Destroy(TargetSummon()), lambda ctx: ctx.destroy(ctx.targets[0]), "Howling Bogling"),
    "draw": (Draw(YOU, 2), lambda ctx: ctx.draw(ctx.controller, 2), None),
    "draw from a short deck": (Draw(TargetPlayer("opponent"), 3), lambda ctx: ctx.draw(ctx.targets[0], 3),
                               "player 1"),
    "return_to_hand": (ReturnToHand(TargetSummon()), lambda ctx: ctx.return_to_hand(ctx.targets[0]),
                       "Howling Bogling"),
    "remove_from_game": (RemoveFromGame(TargetSummon()), lambda ctx: ctx.remove_from_game(ctx.targets[0]),
                         "Howling Bogling"),
    "modify": (ModifyStats(TargetSummon(), attack=2, speed=-1),
               lambda ctx: (ctx.modify(ctx.targets[0], "attack", 2), ctx.modify(ctx.targets[0], "speed", -1)),
               "Howling Bogling"),
    "modify while in play": (ModifyStats(TargetSummon(), WHILE_IN_PLAY, defense=-1),
                             lambda ctx: ctx.modify(ctx.targets[0], "defense", -1, "while in play"),
                             "Living Waterfall"),
    "grant": (Grant(TargetSummon(), "cannot-move"), lambda ctx: ctx.grant(ctx.targets[0], "cannot-move"),
              "Howling Bogling"),
    "produce": (ProduceEnergy(YOU, "R", 2), lambda ctx: ctx.produce(ctx.controller, "R", 2), None),
    "add_counters": (AddCounters(TargetSummon(), "charge", 2),
                     lambda ctx: ctx.add_counters(ctx.targets[0], "charge", 2), "Howling Bogling"),
    "damage counters": (AddCounters(TargetSummon(), "damage", 1),
                        lambda ctx: ctx.add_counters(ctx.targets[0], "damage", 1), "Living Waterfall"),
    "stat of a player": (DealDamage(TargetSummon(), StatOf(YOU, "hand_size") + 1),
                         lambda ctx: ctx.deal_damage(ctx.targets[0], ctx.stat(ctx.controller, "hand_size") + 1),
                         "Howling Bogling"),
    "stat of a summon": (Heal(TargetSummon(), StatOf(TargetSummon(), "attack")),
                         lambda ctx: ctx.heal(ctx.targets[0], ctx.stat(ctx.targets[0], "attack")),
                         "Living Waterfall"),
}


def _slow_definition(native, function):
    # the slow card announces what the native one does: the targets of its effect's references
    targets = [ref for ref in _targets_of(native)]
    return Flux(PythonEffect(function, targets=targets))


def _targets_of(definition) -> list:
    from tcbg.x610z.effects.refs import Target

    found: list = []

    def walk(x):
        if isinstance(x, Target) and not any(x is y for y in found):
            found.append(x)
        elif hasattr(x, "__dataclass_fields__"):
            for name in x.__dataclass_fields__:
                walk(getattr(x, name))
        elif isinstance(x, (list, tuple)):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)

    walk(definition)
    return found


@pytest.mark.parametrize("case", list(CASES))
def test_each_context_method_means_its_instruction(case):
    native_effect, function, target = CASES[case]
    if case == "stat of a summon":  # one target, read twice
        summon = TargetSummon()
        native_effect = Heal(summon, StatOf(summon, "attack"))
    native = resolved_as(Flux(native_effect), target)
    slow = resolved_as(_slow_definition(native_effect, function), target)
    nothing = resolved_as(_slow_definition(native_effect, _noop), target)
    assert slow.serialize_bytes() == native.serialize_bytes()
    assert slow.serialize_bytes() != nothing.serialize_bytes()  # the effect did something


def test_win_means_what_the_instruction_means():
    """WIN (a quest's alternative victory) through the slow path does what the engine does with the instruction: while
    the engine refuses WIN in programs, the context refuses it too (an EffectError whose cause names the instruction);
    once it runs WIN, the game ends the same way."""
    try:
        native = resolved_as(Flux(WinGame(YOU)), None)
    except tcbg.GameError as refused:
        assert "alternative victory" in str(refused)
        _, state = elixir_game(ruins_with({"Healing Elixir": Flux(PythonEffect(lambda ctx: ctx.win(ctx.controller)))}))
        with pytest.raises(tcbg.EffectError) as info:
            cast_elixir(state, None)
        assert isinstance(info.value.__cause__, tcbg.GameError)
        assert "instruction 55 is not run by the engine yet" in str(info.value.__cause__)
        return
    slow = resolved_as(Flux(PythonEffect(lambda ctx: ctx.win(ctx.controller))), None)
    assert slow.is_terminal() and slow.serialize_bytes() == native.serialize_bytes()


def test_bad_names_in_a_context_call_are_the_cards_error():
    _, state = elixir_game(ruins_with({"Healing Elixir": Flux(PythonEffect(
        lambda ctx: ctx.modify(ctx.targets[0], "attak", 1), targets=[TargetSummon()]))}))
    with pytest.raises(tcbg.EffectError, match="unknown stat 'attak'"):
        cast_elixir(state, "Living Waterfall")


# -- errors --------------------------------------------------------------------------------------------------------


def broken_elixir(ctx):
    ctx.heal(ctx.targets[0], 3)  # done before the failure: it stays done
    raise ZeroDivisionError("the designer's bug")


def test_an_exception_in_the_function_is_an_effect_error_and_play_goes_on():
    _, state = elixir_game(ruins_with({"Healing Elixir": Flux(PythonEffect(broken_elixir, targets=[TargetSummon()]))}))
    with pytest.raises(tcbg.EffectError) as info:
        cast_elixir(state, "Living Waterfall")
    error = info.value
    assert isinstance(error, tcbg.GameError)
    assert isinstance(error.__cause__, ZeroDivisionError) and str(error.__cause__) == "the designer's bug"
    assert error.card == "Healing Elixir" and error.function.endswith("broken_elixir")
    assert str(error).startswith("card 'Healing Elixir', effect ")
    assert "ZeroDivisionError: the designer's bug" in str(error)
    # the rest of the effect does not happen, the card finishes resolving, and the game goes on from a legal state
    assert state.instance(1)["damage"] == 2 and state.instance(2)["zone"] == "discard"
    assert state.invariant_violation() == "" and state.stack_items() == [] and state.current_player() == 0
    assert len(state.history()) == 4  # the failed pass was applied, and is recorded
    again = state.get_game().deserialize_state(state.serialize())
    assert again.serialize_bytes() == state.serialize_bytes()
    do(state, "pass")
    assert state.invariant_violation() == ""


def test_an_exception_in_a_native_loop_reaches_the_caller():
    """random_playouts runs without the GIL: the hook takes it, and the function's error leaves the loop."""
    game = effect_game(ruins_with({"Healing Elixir": Flux(PythonEffect(broken_elixir, targets=[TargetSummon()]))}))
    with pytest.raises(tcbg.EffectError) as info:
        game.random_playouts(50, seed=3)
    assert isinstance(info.value.__cause__, ZeroDivisionError)


KEPT = []


def keep_the_context(ctx):
    KEPT.append(ctx)
    ctx.heal(ctx.targets[0], 8)


def test_a_context_used_after_its_call_raises():
    _, state = elixir_game(ruins_with({"Healing Elixir": Flux(PythonEffect(keep_the_context,
                                                                           targets=[TargetSummon()]))}))
    KEPT.clear()
    cast_elixir(state, "Living Waterfall")
    (stale,) = KEPT
    before = state.serialize_bytes()
    for use in (lambda: stale.heal(1, 8), lambda: stale.deal_damage(1, 5), lambda: stale.stat(1, "damage")):
        with pytest.raises(tcbg.EffectError, match="valid only while its function runs"):
            use()
    assert state.serialize_bytes() == before


def test_the_context_reads_the_resolution():
    seen = []

    def look(ctx):
        seen.append((ctx.source, ctx.controller, list(ctx.targets), ctx.stat(ctx.targets[0], "damage"),
                     ctx.stat(ctx.targets[0], "defense"), ctx.stat(-1, "damage")))

    _, state = elixir_game(ruins_with({"Healing Elixir": Flux(PythonEffect(look, targets=[TargetSummon()]))}))
    cast_elixir(state, "Living Waterfall")
    assert seen == [(2, 0, [1, -1, -1, -1], 5, 6, -1)]


# -- clone and serialize ------------------------------------------------------------------------------------------


def test_clone_and_serialize_around_a_slow_path_resolution():
    game, state = elixir_game(SLOW_RUINS)
    do(state, "cast Healing Elixir (#2)")
    do(state, "choose Living Waterfall (#1)")
    do(state, "pass")  # one pass to go: the slow-path card resolves on the next
    copy = state.clone()
    restored = game.deserialize_state(state.serialize())
    for s in (state, copy, restored):
        do(s, "pass")
        assert s.instance(1)["damage"] == 0 and s.invariant_violation() == ""
    assert copy.serialize_bytes() == state.serialize_bytes() == restored.serialize_bytes()
    assert copy.history() == state.history() == restored.history()


# -- random play ---------------------------------------------------------------------------------------------------


def ruins_deck_of(card_set, life_base: str, cards: list[str]) -> Deck:
    from collections import Counter

    counts = Counter(cards)
    return Deck.parse("\n".join([f"Life base: {life_base}"] + [f"{n} {c}" for c, n in counts.items()]), card_set,
                      deck_size=None, name=life_base)


def effect_game(card_set, max_turns: int = 200):
    cards = EFFECT_CARDS + list(SLOW_CARDS) + [c for c in CRYSTALS for _ in range(7)]
    return tcbg.load_game(board="existenz", setup="1v1", cards=card_set, max_turns=max_turns,
                          decks=[ruins_deck_of(card_set, "Skyspire Citadel", cards),
                                 ruins_deck_of(card_set, "Ossuary Throne", cards)])


def test_random_play_with_slow_path_cards_plays_the_native_games():
    """Through the Python API, action by action: the slow-path cards' games are the native cards' games, state for
    state."""
    native_game, slow_game = effect_game(RUINS), effect_game(SLOW_RUINS)
    for seed in range(6):
        rng = random.Random(seed)
        native, slow = native_game.new_initial_state(seed), slow_game.new_initial_state(seed)
        while not native.is_terminal():
            actions = native.legal_actions()
            assert slow.legal_actions() == actions
            action = rng.choice(actions)
            native.apply_action(action)
            slow.apply_action(action)
            assert slow.serialize_bytes() == native.serialize_bytes()
        assert slow.is_terminal() and slow.returns() == native.returns()


def test_random_play_with_slow_path_cards_keeps_the_rules():  # rules.md 5.1-5.14, 6.1-6.17
    """The native soak with the slow-path cards: the core plays SOAK_GAMES games (``TCBG_SOAK_GAMES``), calling back
    into Python without holding the GIL between calls, checks the invariants after every action, and plays the very
    games of the native cards (the same totals)."""
    slow = effect_game(SLOW_RUINS).random_playouts(SOAK_GAMES, seed=11, check_invariants=True)
    native = effect_game(RUINS).random_playouts(SOAK_GAMES, seed=11, check_invariants=True)
    assert slow == native and slow["games"] == SOAK_GAMES


def test_the_slow_path_cards_are_cast_in_random_play():
    """The soak's deck really resolves slow-path effects (so the tests above are not about games without them)."""
    calls = []
    counting = ruins_with({"Healing Elixir": Flux(PythonEffect(lambda ctx: (calls.append(1), heal_eight(ctx)),
                                                               targets=[TargetSummon()]))})
    effect_game(counting).random_playouts(40, seed=11)
    assert len(calls) > 0


# -- simulations ---------------------------------------------------------------------------------------------------


def test_simulate_in_this_process_with_a_lambda():
    game = effect_game(ruins_with({"Healing Elixir": Flux(PythonEffect(lambda ctx: ctx.heal(ctx.targets[0], 8),
                                                                       targets=[TargetSummon()]))}), max_turns=60)
    records = tcbg.simulate(game, "random", games=8, seed=2, workers=1)
    native = tcbg.simulate(effect_game(RUINS, max_turns=60), "random", games=8, seed=2, workers=1)
    assert (records["turns"] == native["turns"]).all() and (records["winner_mask"] == native["winner_mask"]).all()


def test_simulate_on_worker_processes_refuses_a_lambda_clearly():
    game = effect_game(ruins_with({"Healing Elixir": Flux(PythonEffect(lambda ctx: ctx.heal(ctx.targets[0], 8),
                                                                       targets=[TargetSummon()]))}), max_turns=60)
    with pytest.raises(tcbg.SimulationError, match="lambda or a nested function.*workers=1"):
        tcbg.simulate(game, "random", games=8, seed=2, workers=2)


EFFECTS_FILE = textwrap.dedent('''
    """A card set's effects file with a slow-path card (a test of tcbg)."""
    from tcbg.x610z.cards import CardSet
    from tcbg.x610z.effects import Flux, PythonEffect, TargetSummon


    def heal_eight(ctx):
        ctx.heal(ctx.targets[0], 8)


    EFFECTS = dict(CardSet.load("ruins").effects)
    EFFECTS["Healing Elixir"] = Flux(PythonEffect(heal_eight, targets=[TargetSummon()]))
''')


def effects_file_cards(folder):
    """A card file whose effects file (beside it) defines Healing Elixir with the slow path."""
    import json

    doc = json.loads(RUINS_JSON.read_text(encoding="utf-8"))
    doc["effects"] = "slow_effects.py"
    (folder / "slow_effects.py").write_text(EFFECTS_FILE, encoding="utf-8")
    (folder / "cards.json").write_text(json.dumps(doc), encoding="utf-8")
    cards = tcbg.x610z.cards.CardSet.load(str(folder / "cards.json"))
    assert cards.native_effects().python_effects[0].__name__ == "heal_eight"
    return cards


def test_simulate_on_worker_processes_with_an_effects_file(tmp_path):
    """The card file's effects module is found again by the workers, which rebuild the game and call its function."""
    game = effect_game(effects_file_cards(tmp_path), max_turns=60)
    here = tcbg.simulate(game, "random", games=16, seed=5, workers=1)
    pooled = tcbg.simulate(game, "random", games=16, seed=5, workers=2, batch_size=4)
    native = tcbg.simulate(effect_game(RUINS, max_turns=60), "random", games=16, seed=5, workers=1)
    for column in ("turns", "winner_mask", "decisions"):
        assert (pooled[column] == here[column]).all() and (here[column] == native[column]).all()


def test_simulate_on_dask_workers(tmp_path):
    """A Dask worker process rebuilds slow-path games too: from an effects file (found again by its name), and with a
    lambda (Dask sends what plain pickling cannot by value)."""
    distributed = pytest.importorskip("distributed")
    games = {"effects file": effect_game(effects_file_cards(tmp_path), max_turns=60),
             "lambda": effect_game(ruins_with({"Healing Elixir": Flux(PythonEffect(
                 lambda ctx: ctx.heal(ctx.targets[0], 8), targets=[TargetSummon()]))}), max_turns=60)}
    native = tcbg.simulate(effect_game(RUINS, max_turns=60), "random", games=8, seed=7, workers=1)
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0")
    try:
        with distributed.Client(cluster) as client:
            for name, game in games.items():
                remote = tcbg.simulate(game, "random", games=8, seed=7, scheduler=client, batch_size=4)
                for column in ("turns", "winner_mask", "decisions"):
                    assert (remote[column] == native[column]).all(), (name, column)
    finally:
        cluster.close()


# -- the reference interpreter's context ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", [c for c in CASES if c not in ("draw from a short deck", "stat of a summon")])
def test_the_reference_context_shares_the_meaning(case):
    """ReferenceContext and the core's CoreContext share one encoding of the methods: in the reference interpreter
    too, the slow card changes the model exactly as the native one."""
    from tcbg.x610z.effects.reference import Model

    native_effect, function, target = CASES[case]

    def resolved(definition):
        model = Model(ruins_with({"Healing Elixir": definition}))
        waterfall = model.add("Living Waterfall", owner=0, dot=3, damage=5)
        bogling = model.add("Howling Bogling", owner=1, dot=5)
        for p in (0, 1):
            for _ in range(3):
                model.add("Cargo Beast", owner=p, zone="deck")
        elixir = model.add("Healing Elixir", owner=0, zone="hand")
        targets = {"Living Waterfall": [waterfall], "Howling Bogling": [bogling], None: []}[target]
        model.resolve(elixir, controller=0, targets=targets)
        return [(o.zone, o.controller, o.damage, o.counters, o.modifiers, o.granted) for o in model.objs], model.pools

    native = resolved(Flux(native_effect))
    assert resolved(_slow_definition(native_effect, function)) == native
    assert resolved(_slow_definition(native_effect, _noop)) != native


def test_the_core_refuses_a_python_effect_without_a_hook():
    """The core's own check: a game whose card set has Python effects needs the hook that calls them (load_game
    always gives it; a caller of the bindings may not)."""
    game, _ = elixir_game(SLOW_RUINS)
    tables = {name: array.ravel().tolist() for name, array in SLOW_RUINS.native_effects().arrays().items()}
    core = game._core
    from tcbg import _core
    from tcbg.x610z.game import _compile

    specs = [(SLOW_RUINS.card_names().index(d.life_base.name),
              [SLOW_RUINS.card_names().index(c.name) for c in d.card_list()]) for d in game.decks]
    setup = list(game.board.setups).index(game.setup)
    args = (game.board._core, setup, [_compile(c) for c in SLOW_RUINS], specs, 200, tables)
    with pytest.raises(tcbg.GameError, match="has a Python effect and the game no hook to call it"):
        _core.x610z.Game(*args)
    assert _core.x610z.Game(*args, python_effects=print).num_players == core.num_players


MEDDLED = []  # the state the effect meddles with, and how


def meddle(ctx):
    MEDDLED[1](MEDDLED[0])


MEDDLING = ruins_with({"Healing Elixir": Flux(PythonEffect(meddle, targets=[TargetSummon()]))})


def test_a_state_takes_no_action_while_its_cards_effect_runs():
    """The function acts through its context: the state's own methods that change or copy it refuse while it runs
    (an action or a copy in the middle of a resolution would start from half an instruction)."""
    for use in (lambda s: s.apply_action(0), lambda s: s.concede(1), lambda s: s.clone(), lambda s: s.serialize(),
                lambda s: s.repeat_actions([0], 1)):
        _, state = elixir_game(MEDDLING)
        MEDDLED[:] = [state, use]
        with pytest.raises(tcbg.EffectError) as info:
            cast_elixir(state, "Living Waterfall")
        assert isinstance(info.value.__cause__, tcbg.GameError)
        assert "is neither changed nor copied while its card's Python effect runs" in str(info.value.__cause__)
        assert state.invariant_violation() == "" and state.instance(1)["damage"] == 5
        do(state, "pass")  # afterwards it takes actions again
