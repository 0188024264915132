"""Z/X -Zillions of enemy X-: card data, deck lists and deck construction (docs/zx/).

>>> import tcbg.zx
>>> [v.rule for v in tcbg.zx.check_deck("c01-white-red")]
[]
>>> tcbg.zx.Deck.load("vanilla-red-blue").player.name_en
'Pilot Akane'
"""

from tcbg.zx.cards import Card, CardSet
from tcbg.zx.decks import Deck, Violation, check_deck

__all__ = ["Card", "CardSet", "Deck", "Violation", "check_deck"]
