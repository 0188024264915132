#!/usr/bin/env python3
"""Build and improve the shipped Z/X decks of the first era (src/tcbg/zx/decklists/era-*.txt) with tcbg's own tools.

    python tools/zx_era_decks.py draft [--out FOLDER]
    python tools/zx_era_decks.py improve DECK [--budget GAMES] [--seed S]

``draft`` writes one legal deck per pair of the five colours (ten decks) from the cards of the set ``first-era``
whose abilities run (docs/zx/cardpool.md): each deck's plan is in its header. The 20 Ignition cards are the pair's
best Life Recovery (4), Void Bringer (4) and other Ignition Z/X; the 30 others follow a curve of costs (cheap
attackers, a middle of Z/X that win battles, a top of the largest and of Events), best first. "Best" is a rough
first score (Power above what its cost usually buys, an ability worth a little more): the draft is the start,
tuning decides.

``improve`` runs ``tcbg.analysis.tune`` on one shipped era deck against the other era decks, its pool the runnable
cards of its colours it does not play, and rewrites the deck with the best finalist when that finalist's paired
95% interval against the deck lies above 0 on fresh games (never used for selection); else it leaves the deck as
it is. Run it deck by deck, then the metagame (docs/balance.md).
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
try:
    import tcbg  # noqa: F401 - installed, or already imported by the caller (a test)
except ImportError:  # run from a source tree without tcbg installed: its own src (never ahead of an installed tcbg,
    sys.path.append(str(ROOT / "src"))  # whose worker processes would import this one, which has no built core)

from tcbg.zx.cards import Card, CardSet  # noqa: E402

DECKS = ROOT / "src" / "tcbg" / "zx" / "decklists"
COLOURS = ("red", "blue", "white", "black", "green")
# the curve of the 30 other cards: (lowest cost, highest cost, copies)
CURVE = ((0, 2, 8), (3, 4, 12), (5, 99, 10))


def _runs(cards: CardSet) -> set[str]:
    missing = {card.number for card in cards.missing_effects()}
    return {card.number for card in cards if card.number not in missing}


def _score(card: Card) -> float:
    """A rough first value: Power above what a cost buys in the era (about 1,500 a cost plus 1,500), more for an
    ability; an Event by its cost alone (cheap removal is good)."""
    bonus = 1500 * min(card.abilities, 2) + (500 if card.has("Start Card") else 0)
    if card.type == "Event":
        return 2500 + bonus - 300 * (card.cost or 0)
    return (card.power or 0) - 1500 * (card.cost or 0) - 1500 + bonus


def _candidates(cards: CardSet, colours: tuple[str, str], runs: set[str]) -> list[Card]:
    """One card per name (its best-scored printing) of the pair's colours that runs, best first."""
    best: dict[str, Card] = {}
    for card in cards:
        if card.type not in ("Z/X", "Event") or card.sealed or card.number not in runs:
            continue
        if not card.colours or not set(card.colours) <= set(colours):
            continue
        if card.name not in best or _score(card) > _score(best[card.name]):
            best[card.name] = card
    return sorted(best.values(), key=lambda c: (-_score(c), c.number))


def draft(cards: CardSet, colours: tuple[str, str], runs: set[str]) -> list[tuple[int, Card]]:
    """(copies, card) of a legal 50-card deck of the pair's colours."""
    pool = _candidates(cards, colours, runs)
    picked: list[tuple[int, Card]] = []
    used: set[str] = set()

    def take(cards_in: list[Card], want: int, limit=lambda card: 4) -> int:
        placed = 0
        for card in cards_in:
            if placed == want:
                break
            if card.name in used:
                continue
            n = min(4 if not card.legend else 1, limit(card), want - placed)
            if n <= 0:
                continue
            picked.append((n, card))
            used.add(card.name)
            placed += n
        return placed

    ignition = [c for c in pool if c.icon == "IG" or c.has("Life Recovery") or c.has("Void Bringer")]
    placed = take([c for c in ignition if c.has("Life Recovery")], 4)
    placed += take([c for c in ignition if c.has("Void Bringer")], 4)
    placed += take([c for c in ignition if not c.has("Life Recovery") and not c.has("Void Bringer")], 20 - placed)
    if placed != 20:
        raise SystemExit(f"{'-'.join(colours)}: only {placed} Ignition cards run")
    others = [c for c in pool if c not in ignition]
    placed = 0
    for low, high, copies in CURVE:
        placed += take([c for c in others if low <= (c.cost or 0) <= high], copies)
    placed += take(others, 30 - placed)  # a short band filled from the others, best first
    if placed != 30:
        raise SystemExit(f"{'-'.join(colours)}: only {placed} other cards run")
    return picked


def _player(cards: CardSet, colours: tuple[str, str]) -> Card:
    players = sorted((c for c in cards if c.type == "Player" and set(c.colours) & set(colours)),
                     key=lambda c: (c.colours[0] != colours[0], c.number))
    return players[0]


def _line(n: int, card: Card) -> str:
    marks = [k for k in ("Life Recovery", "Void Bringer", "Start Card") if card.has(k)]
    return f"{n} {card.number}  # {card.name} ({card.name_en})" + (f" - {', '.join(marks)}" if marks else "")


def deck_text(name: str, colours: tuple[str, str], player: Card, picked: list[tuple[int, Card]]) -> str:
    ignition = [(n, c) for n, c in picked if c.icon == "IG" or c.has("Life Recovery") or c.has("Void Bringer")]
    other = [(n, c) for n, c in picked if (n, c) not in ignition]
    a, b = (c.capitalize() for c in colours)
    lines = [
        f"# {name}: a deck of Z/X's first era, {a} and {b}; tcbg's own design, not a product list.",
        "# Drafted by tools/zx_era_decks.py from the cards of both colours whose abilities run (the pair's best Life",
        "# Recovery, Void Bringer and Ignition Z/X; a curve of cheap attackers, battle winners and a top of large Z/X",
        "# and Events), then improved with tcbg tune against the other era decks (tools/zx_era_decks.py improve).",
        "Card set: first-era",
        f"Player: {player.number}  # {player.name} ({player.name_en})",
        "",
        "Deck:",
        "# 20 cards with the Ignition icon (CR 401.5)",
        *(_line(n, c) for n, c in sorted(ignition, key=lambda x: x[1].number)),
        "# 30 other cards",
        *(_line(n, c) for n, c in sorted(other, key=lambda x: ((x[1].cost or 0), x[1].number))),
    ]
    return "\n".join(lines) + "\n"


def run_draft(out: Path) -> None:
    cards = CardSet.load("first-era")
    runs = _runs(cards)
    from tcbg.zx.decks import Deck

    for colours in itertools.combinations(COLOURS, 2):
        name = f"era-{colours[0]}-{colours[1]}"
        text = deck_text(name, colours, _player(cards, colours), draft(cards, colours, runs))
        deck = Deck.parse(text, cards, name=name)
        if not deck.is_legal():
            raise SystemExit(f"{name}: {deck.check()}")
        (out / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"{name}: written")


def run_improve(deck_name: str, budget: int, seed: int) -> None:
    from tcbg.analysis.tune import tune

    cards = CardSet.load("first-era")
    runs = _runs(cards)
    path = DECKS / f"{deck_name}.txt"
    text = path.read_text(encoding="utf-8")
    colours = tuple(deck_name.split("-")[1:3])
    playing = {m.group(1) for m in re.finditer(r"^\d+ (\S+)", text, re.M)}
    names = {cards[n].name for n in playing}
    pool = [c.number for c in _candidates(cards, colours, runs) if c.name not in names]
    others = sorted(p.stem for p in DECKS.glob("era-*.txt") if p.stem != deck_name)
    result = tune(deck_name, others, pool, budget, seed=seed, fresh_games=400, finalists=3)
    print(result.text())
    best = max(result.finalists, key=lambda r: r["vs_original"] if r["vs_original"] is not None else -1, default=None)
    if best is None or best["vs_original_ci95"][0] is None or best["vs_original_ci95"][0] <= 0:
        print(f"{deck_name}: no change is better on fresh games; the deck stays")
        return
    changed = _apply(text, best["change"], cards)
    path.write_text(changed, encoding="utf-8")
    print(f"{deck_name}: {best['change']} ({best['vs_original']:+.3f} on fresh games)")


def _apply(text: str, change: str, cards: CardSet) -> str:
    """The deck text with a tune change ("OUT -> IN" or two of them joined by ';') made: every copy of OUT becomes
    IN, its line rewritten."""
    for part in change.split(";"):
        out_name, in_name = (s.strip() for s in part.split("->"))
        out_card = _find(cards, out_name)
        in_card = _find(cards, in_name)
        found = re.search(rf"^(\d+) {re.escape(out_card.number)}\b.*$", text, re.M)
        if found is None:
            raise SystemExit(f"{out_card.number} is not a line of the deck")
        text = text[:found.start()] + _line(int(found.group(1)), in_card) + text[found.end():]
    return text


def _find(cards: CardSet, label: str) -> Card:
    number = re.search(r"\[([A-Z0-9]+-\d{3}[A-Za-z]?)\]", label)
    return cards[number.group(1)] if number else cards[label]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draft")
    d.add_argument("--out", type=Path, default=DECKS)
    i = sub.add_parser("improve")
    i.add_argument("deck")
    i.add_argument("--budget", type=int, default=4000)
    i.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.command == "draft":
        run_draft(args.out)
    else:
        run_improve(args.deck, args.budget, args.seed)


if __name__ == "__main__":
    main()
