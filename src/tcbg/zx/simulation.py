"""Z/X as the Monte Carlo harness plays it: its :class:`tcbg.api.kinds.GameKind` (registered on import), with
the picklable config of a game, its end reasons and the seatings of a matchup.

>>> import tcbg
>>> from tcbg.montecarlo import games
>>> game = tcbg.load_game("zx", decks=["vanilla-red-blue", "vanilla-white-black"], max_turns=50)
>>> config = games.config_of(game)
>>> type(config).__name__, config.kind, config.build().options["max_turns"]
('ZXConfig', 'zx', 50)
"""

from __future__ import annotations

import hashlib
import pickle
import uuid
from dataclasses import dataclass, field
from typing import Any

from tcbg import _core
from tcbg.errors import GameError
from tcbg.api.kinds import GameKind, register

REASONS = ("none", "life", "concede", "turn limit")
"""The ``reason`` codes of Z/X's per-game records, by index (the core's EndReason)."""

SEAT_MEASURES = ("reloads", "first_reload_turn")
"""Z/X's own record columns, per seat: how many times the player's deck was rebuilt from Trash (CR 902.1), and the
turn of their first Reload (0: none). A deck-out cannot end a Z/X game (the Trash becomes the deck), so how often
and when Reloads come is what a designer reads instead."""

CARD_FLAGS = (("from_ignition", 8, "played from Ignition"), ("from_life", 16, "played from Life"))
"""Z/X's own per-card record bits (cpp/include/tcbg/zx/records.hpp): played free from the deck's top by an Ignition
(CR 505.3a), played free from a Life card revealed by damage (CR 909)."""


class ReloadWatch:
    """The Python loop's record of the Reload columns, as the native batch's watch (python/zx_binding.hpp) keeps
    them: after every action, a player whose Reload count left 0 gets the turn of their first Reload."""

    def __init__(self) -> None:
        self.first = [0, 0]

    def after(self, state) -> None:
        for p in (0, 1):
            if not self.first[p] and state.reloads(p):
                self.first[p] = state.turn

    def values(self, state) -> tuple[int, ...]:
        return (state.reloads(0), state.reloads(1), *self.first)


@dataclass(frozen=True)
class ZXConfig:
    """What builds a Z/X game again without reading any file: its card table, its decks (card indices) and its
    options."""

    cards: tuple
    decks: tuple
    options: Any
    key: str = field(default="", compare=False)

    kind = "zx"

    def build(self):
        from tcbg.zx.game import Game

        return Game(list(self.cards), list(self.decks), **self.options)


def config_of(game) -> ZXConfig:
    from tcbg.zx.game import Game

    if not isinstance(game, Game):
        raise GameError(f"expected a Z/X game, not {type(game).__name__}", field="game", rule="simulation.md")
    parts = (tuple(game.cards), tuple(game.decks), dict(game.options))
    # the key names the config in a worker's cache of built games; equal configs pickle to equal bytes
    try:
        key = hashlib.sha256(pickle.dumps(parts, protocol=4)).hexdigest()
    except (pickle.PicklingError, AttributeError, TypeError):  # a slow-path lambda: this process plays it alone
        key = f"unpicklable-{uuid.uuid4().hex}"
    return ZXConfig(*parts, key=key)


def _python_effects(config) -> list:
    """The slow-path functions of the config's game (docs/zx/cards.md "The slow path"), as its compiler lists them."""
    if not isinstance(config, ZXConfig) or not config.options.get("definitions"):
        return []
    return list(config.build().tables.native.python_effects)


def worker_problem(config) -> str | None:
    """Why a worker process could not rebuild the game of ``config`` (a slow-path function of its definitions
    cannot be imported there by name: the shared check, tcbg.effects.loading), or None."""
    from tcbg.effects.loading import worker_problem as functions_problem

    return functions_problem(_python_effects(config))


def main_functions(config) -> list[str]:
    """The slow-path functions of the config's definitions that are defined in ``__main__``."""
    return [f"__main__.{getattr(function, '__qualname__', function)}" for function in _python_effects(config)
            if getattr(function, "__module__", None) == "__main__"]


def teams_of(game) -> tuple[int, ...]:
    return (0, 1)


def deck_cards(game, seat: int) -> list[tuple[str, int]]:
    """(card name, copies) of the deck list in ``seat`` (its Player card, never drawn, left out), in list order."""
    counts: dict[str, int] = {}
    for index in game.decks[seat].cards:
        name = game._name(game.cards[index])
        counts[name] = counts.get(name, 0) + 1
    return list(counts.items())


def instances_in_play_from_start(game) -> set[int]:
    """Each player's Player card and the Start Card that begins on the Player Square (rules.md Z5.2): in play from
    the start, never cards to judge by their draws."""
    out = set()
    for p, deck in enumerate(game.decks):
        first = game._core.first_instance(p)
        if deck.player is not None:
            out.add(first + len(deck.cards))
        if deck.start_card:  # the core's choice: the first Z/X with Start Card in list order
            for k, index in enumerate(deck.cards):
                card = game.cards[index]
                if card.is_zx and card.has("Start Card"):
                    out.add(first + k)
                    break
    return out


def game_facts(game) -> dict:
    return {"name": "zx", "max_turns": game.options["max_turns"], "effects": game.options["effects"]}


def describe(facts: dict) -> str:
    return f"Z/X, turn limit {facts['max_turns']}" + ("" if facts.get("effects", True) else
                                                      ", card abilities not played yet (cards as vanilla)")


def claims_deck(deck) -> bool:
    """Is ``deck`` a Z/X deck: a shipped Z/X deck's name, a ``tcbg.zx.Deck``, or a list file with a ``Player:``
    line and no ``Life base:`` line (X610Z lists name a life base, docs/deck-format.md; Z/X lists a Player,
    docs/zx/deck-format.md)?"""
    from tcbg.api.kinds import list_file_has
    from tcbg.zx.decks import Deck

    if isinstance(deck, Deck) or (isinstance(deck, str) and deck in Deck.names()):
        return True
    return list_file_has(deck, "player") and not list_file_has(deck, "life base")


def all_abilities_written(decks) -> bool:
    """Can the engine run every ability of ``decks`` (rules.md Z11.7)? Else they are played with effects off."""
    from tcbg.zx.decks import Deck

    loaded = [deck if isinstance(deck, Deck) else Deck.load(deck) for deck in decks]
    return not any(card.has_abilities and card.number not in deck.card_set.effects for deck in loaded for card in deck.card_list())


def matrix_options(decks, options: dict) -> dict:
    """One ``effects`` for every matchup of a matrix: off for all when one deck holds an ability not written yet."""
    if options.get("effects") is None:
        options = {**options, "effects": all_abilities_written(decks)}
    return options


def matchup_games(deck_a, deck_b, *, max_turns=200, effects=None, **other):
    """The two seatings of a matchup of deck A against deck B: (game A-B, game B-A, side per seat of each).
    ``effects`` None plays the cards' abilities unless a deck holds one the engine cannot run yet (a card whose
    set's effects module has no definition for it): then every card is played as vanilla (rules.md Z11.7), which
    the summary's game facts say."""
    from tcbg.zx.decks import Deck
    from tcbg.zx.game import load_game

    if other:
        name = sorted(other)[0]
        raise GameError(f"--{name.replace('_', '-')} is an X610Z option; a Z/X matchup takes max_turns and effects",
                        field=name, rule="simulation.md")
    decks = [deck if isinstance(deck, Deck) else Deck.load(deck) for deck in (deck_a, deck_b)]
    if effects is None:
        effects = all_abilities_written(decks)
    options = {"max_turns": max_turns, "effects": effects}
    return (load_game("zx", decks=decks, **options), load_game("zx", decks=decks[::-1], **options),
            ("A", "B"), ("B", "A"))


KIND = GameKind(name="zx", config_of=config_of, native=_core.zx, reasons=REASONS, teams_of=teams_of,
                matchup_games=matchup_games, game_facts=game_facts, describe=describe, deck_cards=deck_cards,
                instances_in_play_from_start=instances_in_play_from_start, default_agent="heuristic",
                claims_deck=claims_deck, matrix_options=matrix_options, options=("max_turns", "effects"),
                seat_measures=SEAT_MEASURES, record_watch=ReloadWatch, played_word="played", card_flags=CARD_FLAGS,
                worker_problem=worker_problem, main_functions=main_functions)
register(KIND)
