"""A small Z/X card table and scenario helpers for the rules tests: decks in a fixed order (the first card the top),
the first player fixed, and actions chosen by their text."""

from __future__ import annotations

from tcbg.zx.game import Game, ZXCard, ZXDeck

CARDS = [
    ZXCard("Vanilla", "zx", ("red",), 1, 3000),
    ZXCard("Starter", "zx", ("red",), 3, 5000, ("start-card",)),
    ZXCard("Recoverer", "zx", ("red",), 3, 5000, ("life-recovery",), ignition=True),
    ZXCard("Voider", "zx", ("red",), 2, 3500, ("void-bringer",), ignition=True),
    ZXCard("Igniter", "zx", ("blue",), 3, 5000, (), ignition=True),
    ZXCard("Big", "zx", ("blue",), 5, 8000),
    ZXCard("Archer", "zx", ("blue",), 2, 6000, ("range-2",)),
    ZXCard("Spark", "event", ("red",), 1, ignition=True),
    ZXCard("Erase", "event", ("blue",), 2),  # the seed's "Erasure Machine, Erase": draw 1, return 1, shuffle
    ZXCard("Hero", "player"),
    ZXCard("Hermit", "zx", ("blue",), 1, 2000, ("isolate",)),
    ZXCard("Sniper", "zx", ("red",), 2, 2000, ("range-infinity",)),
    ZXCard("Twin", "zx", ("red", "blue"), 2, 4000),
    ZXCard("Grey", "zx", (), 2, 4000),
    ZXCard("Seed", "zx", ("green",), 3, 5000, ("evol-seed",), ignition=True),
    ZXCard("Tiny", "zx", ("green",), 1, 1000),
    ZXCard("Rain", "event", ("red",), 1),  # a test program: return a Z/X on a Square to its owner's hand
]
PROGRAMS = {"Erase": [("draw", 1), ("return-from-hand", 1), ("shuffle-deck", 1)], "Rain": [("bounce-zx", 1)]}


def layout(hand, life, resource, rest=()):
    """A deck list in dealing order: the 4 cards of the opening hand, the 4 of Life (the last is Life's top), the
    2 of Resource, then the deck from its top."""
    assert len(hand) == 4 and len(life) == 4 and len(resource) == 2
    return list(hand) + list(life) + list(resource) + list(rest)


def filler(n, name="Big"):
    return [name] * n


def game(deck0, deck1, *, first_player=0, start=(False, False), player=(None, None), **kw) -> Game:
    return Game(CARDS, [ZXDeck(deck0, player[0], start[0]), ZXDeck(deck1, player[1], start[1])],
                first_player=first_player, shuffle=False, programs=PROGRAMS, **kw)


def texts(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


def act(state, want: str):
    """Applies the legal action whose text contains ``want`` (the first in id order when several do) and checks the
    invariants after it."""
    found = [a for a in state.legal_actions() if want in state.action_to_string(a)]
    assert found, f"no legal action {want!r} at {state.decision()}; legal: {texts(state)}"
    state.apply_action(found[0])
    assert state.invariant_violation() == ""
    return found[0]


def start(state):
    """Both players keep; the first player's Resource phase passes: their Main phase of turn 1."""
    act(state, "keep")
    act(state, "keep")
    act(state, "pass (resource)")
    assert state.decision() == "main"
    return state


def play_zx(state, name, square, pay=None):
    act(state, f"play {name}")
    act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, f"pay with {pay}" if pay else "pay with")


def end_turn(state):
    """Passes the rest of the turn player's Main phase, and the next player's Resource and Ignition phases."""
    act(state, "pass (main)")
    while state.decision() in ("resource", "ignition"):
        act(state, f"pass ({state.decision()})")
