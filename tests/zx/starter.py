"""Positions for the card tests: a game of a real card set (starter-2012 unless told) and its EFFECTS, and a
position arranged from a short description (which cards are in which zone), built through the position format
(docs/zx/state-format.md), so the core checks it as any position."""

from __future__ import annotations

import json

from tcbg.zx.cards import CardSet
from tcbg.zx.game import Game, ZXDeck, card_names

from .scenario import act, texts  # noqa: F401 - the card tests use them from here

STARTER = CardSet.load("starter-2012")
FILLER = "C03-018"  # Neige of the Snow: a vanilla 6/9500 Z/X
PLAYER_CARDS = ("C01-001", "C02-001")
ZONES = ("hand", "life", "resource", "charge", "trash")


def name(number: str, table: CardSet = STARTER) -> str:
    return table[number].name_en


def _needed(spec: dict) -> list[str]:
    out = []
    for zone in ZONES:
        out += [n if isinstance(n, str) else n[0] for n in spec.get(zone, [])]
    out += [n if isinstance(n, str) else n[0] for n in spec.get("field", {}).values()]
    return out + list(spec.get("deck", []))


def arrange(p0: dict, p1: dict, *, turn_player: int = 0, players=PLAYER_CARDS, effects: bool = True,
            table: CardSet = STARTER, also=()):
    """A Main-phase position of turn 1 (turn 2 when ``turn_player`` is 1): each player's zones as given by card
    number (``hand``, ``life`` (default 4 fillers), ``resource`` (Reboot), ``charge``, ``trash``, ``field``:
    {"s5": number or (number, sleeping)}, ``deck``: its top cards, the first the top); the rest of each deck is
    filler. ``table``: the card set whose cards and definitions the game has (the starters by default); the game's card
    table holds the position's cards and the numbers ``also`` names. Returns the state."""
    # the game's card table holds the cards of the position, as load_game's holds the decks' (a whole set's
    # abilities could pass the 255 a game may have, docs/zx/card-data.md ZC22)
    wanted = {*_needed(p0), *_needed(p1), FILLER, *(n for n in players if n), *also}
    cards = [card for card in table if card.number in wanted]
    index = {card.number: k for k, card in enumerate(cards)}
    definitions = {number: d for number, d in table.effects.items() if number in wanted}
    decks = []
    for p, spec in enumerate((p0, p1)):
        numbers = _needed(spec) + [FILLER] * 20
        decks.append(ZXDeck([index[n] for n in numbers], index[players[p]] if players[p] else None))
    game = Game(cards, decks, first_player=0, shuffle=False, definitions=definitions if effects else None,
                effects=effects, names=card_names(table))
    state = game.new_initial_state(0)
    act(state, "keep")
    act(state, "keep")
    act(state, "pass (resource)")
    doc = json.loads(state.to_json())
    field = []
    for p, spec in enumerate((p0, p1)):
        dp = doc["players"][p]
        pool = [c if isinstance(c, str) else c["card"] for z in ("deck", "hand", "life", "resource") for c in dp[z]]
        for entry in doc["field"]:
            pool.append(entry["card"])

        def take(number: str) -> str:
            want = name(number, table) + " #"
            for k, ref in enumerate(pool):
                if ref.startswith(want):
                    return pool.pop(k)
            raise AssertionError(f"no {number} left for player {p}")

        dp["hand"] = [take(n) for n in spec.get("hand", [])]
        dp["life"] = [take(n) for n in spec.get("life", [FILLER] * 4)]
        dp["resource"] = [{"card": take(n), "sleeping": False} for n in spec.get("resource", [])]
        dp["charge"] = [take(n) for n in spec.get("charge", [])]
        dp["trash"] = [take(n) for n in spec.get("trash", [])]
        for square, entry in spec.get("field", {}).items():
            number, sleeping = (entry, False) if isinstance(entry, str) else entry
            field.append({"square": square, "card": take(number), **({"sleeping": True} if sleeping else {})})
        top = [take(n) for n in spec.get("deck", [])]
        dp["deck"] = pool + top[::-1]  # the rest, then the given cards on top (the first the very top)
    doc["field"] = field
    if turn_player == 1:
        doc["turn"], doc["turn_player"] = 2, 1
        doc["frames"][0]["player"] = 1
    return game.state_from_json(doc)


def zone_names(state, player: int, zone: str) -> list[str]:
    return state.names(player, zone)


def on(state, square: str):
    """The card instance on Square "s1".."s9", or -1."""
    return state.board()[int(square[1]) - 1]


def power_on(state, square: str) -> int:
    return state.instance(on(state, square))["power"]


def damage_on(state, square: str) -> int:
    return state.instance(on(state, square))["damage"]
