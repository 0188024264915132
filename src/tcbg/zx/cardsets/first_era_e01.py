"""Definitions of the abilities of the E01 cards of the set ``first-era`` (docs/zx/cards.md), one entry per card
number in number order, each with the card's text as a comment; first_era.py gathers them."""

from __future__ import annotations

from tcbg.zx.effects.language import THIS, ZX, Continuous, PowerChange, ZXDefinition

EFFECTS: dict = {
    # Your opponent's Z/X on the Squares next to this card get -1000 (B05-116's twin).
    "E01-011": ZXDefinition(Continuous(PowerChange(ZX("opponents", adjacent_to=THIS), -1000))),
}
