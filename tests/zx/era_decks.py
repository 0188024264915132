"""Random legal deck lists of the card set ``first-era`` (docs/zx/card-data.md), for the era's tests.

A deck is built by names (CR 401.2 counts names, not numbers): 20 copies of Ignition cards with at most 4 Life
Recovery and 4 Void Bringer cards (401.5), 30 other copies, at most 4 of one name, and a Player card.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tcbg.zx.cards import Card, CardSet
from tcbg.zx.decks import Deck

ERA = "first-era"


def _fill(rng: random.Random, names: list[list[Card]], want: int, lines: list[str],
          budget: dict[str, int], first: frozenset[str] = frozenset()) -> int:
    """Copies of randomly chosen names (1 to 4 each) until ``want`` copies, the names in ``first`` tried before the
    others; the Life Recovery and Void Bringer copies are limited by ``budget``. Returns how many were placed."""
    placed = 0
    order = rng.sample(names, len(names))
    order.sort(key=lambda same: same[0].name not in first)  # stable: random within each group
    for same in order:
        if placed == want:
            break
        card = same[0]
        limit = min(4, want - placed, *(budget[k] for k in budget if card.has(k)))
        if limit <= 0:
            continue
        count = rng.randint(1, limit)
        for k in budget:
            if card.has(k):
                budget[k] -= count
        placed += count
        lines.append(f"{count} {rng.choice(same).number}")
    return placed


def random_deck(rng: random.Random, cards: CardSet, keep: Callable[[Card], bool] = lambda card: True,
                first: frozenset[str] = frozenset()) -> Deck:
    """A legal deck of ``cards`` (a :class:`Deck` of the set) from the Z/X and Event cards ``keep`` accepts, with
    a random Player card of the set; the names in ``first`` are taken before the others (decks that cover a pool)."""
    by_name: dict[str, list[Card]] = {}
    for card in cards:
        if card.type in ("Z/X", "Event") and not card.sealed and keep(card):
            by_name.setdefault(card.name, []).append(card)
    ignition = sorted((same for same in by_name.values() if same[0].ignition), key=lambda s: s[0].number)
    other = sorted((same for same in by_name.values() if not same[0].ignition), key=lambda s: s[0].number)
    players = [card for card in cards if card.type == "Player"]
    lines = [f"Card set: {cards.name}", f"Player: {rng.choice(players).number}", "Deck:"]
    budget = {"Life Recovery": 4, "Void Bringer": 4}
    assert _fill(rng, ignition, 20, lines, budget, first) == 20, "too few Ignition cards to build a deck"
    assert _fill(rng, other, 30, lines, budget, first) == 30, "too few other cards to build a deck"
    return Deck.parse("\n".join(lines) + "\n", cards, name=f"random-{rng.random():.6f}"[:20])


def covering_decks(rng: random.Random, cards: CardSet, keep: Callable[[Card], bool] = lambda card: True) -> list[Deck]:
    """Random legal decks, each taking the names no deck before it took first, until every Z/X and Event name
    ``keep`` accepts is in one of them (an even number of decks, to be played in pairs)."""
    wanted = {card.name for card in cards if card.type in ("Z/X", "Event") and not card.sealed and keep(card)}
    decks: list[Deck] = []
    while wanted or len(decks) % 2:
        deck = random_deck(rng, cards, keep, frozenset(wanted))
        wanted -= {card.name for card in deck.card_list()}
        decks.append(deck)
    return decks
