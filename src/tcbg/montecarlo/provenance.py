"""Where a result came from: the "provenance" block of every summary.json (docs/simulation.md, "Provenance and
reruns"), enough to play the same games again (``tcbg rerun``, :mod:`tcbg.montecarlo.rerun`).

The block holds the tcbg version, source revision (a git checkout's) and build (a hash of the installed package's
files, :func:`build_id`, so an installation without git is named too), the Python and numpy versions, the master seed, the agents'
full specs (defaults filled in), the game's kind and options, the card sets (name, where from, a hash of the
content), each deck's name, where it came from (a shipped name, a file, or the list itself for a deck given as an
object) and a hash of its canonical list, what the run was asked (games, sequential test), and the command line
when ``tcbg`` ran it. One function, :func:`provenance`, makes it for a matchup, a matrix or any analysis.

A deck's hash is the SHA-256 of its canonical list: the cards by name (Z/X: by number) with their counts, sorted,
in sections (X610Z: the life base and the deck; Z/X: Player, prepared cards, deck, Dynamis), so neither the order
of the list nor whether it came from a file or a shipped name changes it. A second hash, ``order_sha256``, keeps the
list's order: a game shuffles the deck from that order, so the same cards listed otherwise play other games.

>>> import tcbg
>>> game = tcbg.load_game("x610z", decks=["vanilla-a", "vanilla-b"])
>>> block = provenance(game, {"A": "vanilla-a", "B": "vanilla-b"}, {"A": "random", "B": "search"}, seed=7)
>>> block["seed"], block["agents"]["B"], block["game"]["kind"], block["decks"]["A"]["source"]
(7, {'kind': 'search', 'simulations': 32}, 'x610z', {'shipped': 'vanilla-a'})
>>> block["decks"]["A"]["sha256"] == deck_hash(game.decks[0])
True
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
from pathlib import Path
from typing import Any

import numpy as np

import tcbg
from tcbg._build import build_id, source_revision, version_text
from tcbg.montecarlo import games as game_adapter
from tcbg.montecarlo.agents import agent_spec, is_python_agent

SEARCH_SIMULATIONS = 32
"""The search agent's simulations per decision when its spec names none (cpp/include/tcbg/core/agents.hpp); the
provenance writes it out so the spec says what was played."""

_command: list[str] | None = None


def set_command(argv: list[str] | None) -> None:
    """The command line the provenance of this process's summaries names (``tcbg`` sets it; None: none)."""
    global _command
    _command = None if argv is None else ["tcbg", *argv]


def sha256_text(data: Any) -> str:
    """The SHA-256 (hex) of ``data`` as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def sha256_file(path: str | os.PathLike[str]) -> str | None:
    try:
        with open(path, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return None


# -- versions -------------------------------------------------------------------------------------------------

def versions() -> dict:
    """tcbg's version, source revision (None outside a git checkout) and build (:func:`build_id`, always there),
    the C++ core's version (None: the core reports none), Python's and numpy's."""
    from tcbg import _core

    return {"tcbg": tcbg.__version__, "revision": source_revision(), "build": build_id(),
            "core": getattr(_core, "__version__", None), "python": platform.python_version(),
            "numpy": np.__version__}


# -- agents ---------------------------------------------------------------------------------------------------

def full_spec(agent: Any) -> Any:
    """An agent's spec with its defaults filled in (``search`` without a budget plays :data:`SEARCH_SIMULATIONS`);
    a Python agent as ``python:ClassName`` (it cannot be re-run)."""
    if is_python_agent(agent):
        return f"python:{type(agent).__name__}"
    if isinstance(agent, str) and agent.startswith("python:"):
        return agent
    spec = agent_spec(agent)
    if spec["kind"] == "search":
        spec.setdefault("simulations", SEARCH_SIMULATIONS)
    return spec


def agent_name(spec: Any) -> str:
    """``random``, ``heuristic``, ``search:16``: how the table names an agent."""
    spec = full_spec(spec)
    if isinstance(spec, str):
        return spec
    return spec["kind"] + (f":{spec['simulations']}" if "simulations" in spec else "")


# -- decks and card sets ----------------------------------------------------------------------------------------

def canonical_list(deck) -> dict:
    """A deck's canonical list: per section, [card, count] sorted (X610Z: the life base and the cards by name; Z/X:
    Player, prepared, deck and Dynamis by card number)."""
    from tcbg.zx.decks import Deck as ZXDeck

    def merged(entries) -> list:
        counts: dict[str, int] = {}
        for name, count in entries:
            counts[name] = counts.get(name, 0) + count
        return sorted([name, count] for name, count in counts.items())

    if isinstance(deck, ZXDeck):
        return {"game": "zx", "players": merged((c.number, 1) for c in deck.players),
                "prepared": merged((c.number, 1) for c in deck.prepared),
                "deck": merged((c.number, n) for c, n in deck.deck),
                "dynamis": merged((c.number, n) for c, n in deck.dynamis)}
    return {"game": "x610z", "life_base": deck.life_base.name, "cards": merged((c.name, n) for c, n in deck.cards)}


def order_hash(deck) -> str:
    """The SHA-256 of a deck's cards in list order (the order a game shuffles from, so two lists of the same cards in
    other orders play other games from one seed)."""
    from tcbg.zx.decks import Deck as ZXDeck

    if isinstance(deck, ZXDeck):
        listed = [[c.number for c in deck.players], [c.number for c in deck.prepared],
                  [[c.number, n] for c, n in deck.deck], [[c.number, n] for c, n in deck.dynamis]]
    else:
        listed = [deck.life_base.name, [[c.name, n] for c, n in deck.cards]]
    return sha256_text(listed)


def deck_hash(deck) -> str:
    """The SHA-256 of a deck's :func:`canonical_list`.

    >>> from tcbg.zx.decks import Deck
    >>> deck = Deck.load("c01-white-red")
    >>> deck_hash(deck) == deck_hash(Deck.parse(deck.to_text()))
    True
    """
    return sha256_text(canonical_list(deck))


def card_set_hash(card_set) -> str:
    """The SHA-256 of a card set's content: its document (X610Z ``to_dict``; Z/X its cards' objects) and the cards
    its effects module defines."""
    if hasattr(card_set, "to_dict"):  # X610Z
        content = {"set": card_set.to_dict(), "effects": sorted(getattr(card_set, "_effects", {}) or {})}
    else:
        content = {"name": card_set.name, "cards": [card.to_dict() for card in card_set.cards],
                   "effects": sorted(card_set.effects)}
    return sha256_text(content)


def source_of(given: Any, shipped: list[str], deck=None) -> dict:
    """Where a deck, card set or board came from: ``{"shipped": name}``, ``{"file": absolute path, "sha256": hash of
    its bytes}``, or, for an object, ``{"list": its text}`` (a deck) or ``{"object": name}``."""
    if isinstance(given, (str, os.PathLike)):
        text = os.fspath(given)
        if text in shipped:
            return {"shipped": text}
        return {"file": os.path.abspath(text), "sha256": sha256_file(text)}
    if deck is not None and hasattr(deck, "to_text"):
        return {"list": deck.to_text()}
    return {"object": getattr(given, "name", type(given).__name__)}


def _shipped_decks(kind: str) -> list[str]:
    if kind == "zx":
        from tcbg.zx.decks import Deck
    else:
        from tcbg.x610z.decks import Deck
    return Deck.names()


def game_decks(game, decks: dict) -> dict:
    """The checked deck objects of ``decks`` (label -> what was given) in ``game``: X610Z's as the game holds them
    (by name), Z/X's loaded again (its game keeps card indices only)."""
    kind = game_adapter.kind_of(game).name
    out = {}
    for label, given in decks.items():
        if kind == "zx":
            from tcbg.zx.decks import Deck

            out[label] = given if isinstance(given, Deck) else Deck.load(given)
        else:
            name = getattr(given, "name", None) or _deck_name(given)
            out[label] = next((d for d in game.decks if d.name == name), None)
            if out[label] is None:  # a game of other decks (an analysis's): the deck loaded as the game's
                from tcbg.x610z.decks import Deck

                out[label] = given if isinstance(given, Deck) else Deck.load(given, game.cards, game.board.rules)
    return out


def _deck_name(given) -> str:
    text = os.fspath(given)
    return text if text in _shipped_decks("x610z") else Path(text).name.removesuffix(".txt")


def _game_block(game, options: dict | None) -> tuple[dict, list[dict]]:
    """The game's kind and options (every option as played), and its card sets."""
    kind = game_adapter.kind_of(game).name
    options = dict(options or {})
    if kind == "x610z":
        from tcbg.x610z.board import Board
        from tcbg.x610z.cards import CardSet

        board = options.get("board")
        board_source = (source_of(board, Board.names()) if isinstance(board, (str, os.PathLike))
                        else {"shipped": game.board.name} if game.board.name in Board.names()
                        and game.board.file == f"{game.board.name}.json" else {"object": game.board.name})
        cards = options.get("cards")
        cards_source = source_of(cards, CardSet.names()) if cards is not None else _set_source(game.cards)
        block = {"kind": kind, "options": {"board": game.board.name, "board_source": board_source,
                                           "rules": game.board.rules, "setup": game.setup,
                                           "max_turns": game.max_turns, "effects": bool(game.effects),
                                           "cards": game.cards.name}}
        sets = [{"name": game.cards.name, "source": cards_source, "sha256": card_set_hash(game.cards)}]
        return block, sets
    facts = game_adapter.game_facts(game)
    return {"kind": kind, "options": {k: v for k, v in facts.items() if k != "name"}}, []


def _set_source(cards) -> dict:
    """Where the card set the decks' ``Card set:`` lines named came from (deck-format D10): a shipped set, or a card
    file with its hash."""
    from tcbg.x610z.cards import CardSet

    if cards.name in CardSet.names() and cards.file == f"{cards.name}.json":
        return {"shipped": cards.name}
    if cards.file != "<dict>" and os.path.isfile(cards.file):
        return {"file": os.path.abspath(cards.file), "sha256": sha256_file(cards.file)}
    return {"object": cards.name}


def provenance(game, decks: dict, agents: dict, seed: int, *, options: dict | None = None,
               run: dict | None = None, loaded: dict | None = None) -> dict:
    """The provenance block of a summary: ``game`` is one game of the run (a ``tcbg.load_game`` result: its kind,
    options and card set), ``decks`` maps each deck's label (``A``, ``B``, or the decks' names in a matrix) to what
    was given (a shipped name, a path, a deck object), ``agents`` maps labels to agents, ``seed`` is the master
    seed, ``options`` the game options as given (where the board and card set came from), ``run`` what the run was
    asked (games, the sequential test ...), ``loaded`` the checked deck objects by label when the caller has them."""
    kind = game_adapter.kind_of(game).name
    block, sets = _game_block(game, options)
    objects = {**game_decks(game, {k: v for k, v in decks.items() if k not in (loaded or {})}), **(loaded or {})}
    shipped = _shipped_decks(kind)
    deck_entries = {}
    for label, given in decks.items():
        deck = objects[label]
        entry = {"name": deck.name, "source": source_of(given, shipped, deck), "sha256": deck_hash(deck),
                 "order_sha256": order_hash(deck)}
        if kind == "zx":  # a Z/X deck names its own card set
            entry["card_set"] = deck.card_set.name
            if not any(s["name"] == deck.card_set.name for s in sets):
                sets.append({"name": deck.card_set.name, "sha256": card_set_hash(deck.card_set)})
        deck_entries[label] = entry
    return {**versions(), "seed": seed, "agents": {label: full_spec(a) for label, a in agents.items()},
            "game": block, "card_sets": sets, "decks": deck_entries, "run": dict(run or {}),
            "command": None if _command is None else list(_command)}


__all__ = ["SEARCH_SIMULATIONS", "build_id", "canonical_list", "card_set_hash", "deck_hash", "full_spec", "order_hash",
           "provenance", "set_command", "source_revision", "version_text", "versions"]
