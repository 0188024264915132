"""Z/X -Zillions of enemy X-: card data, deck lists and deck construction, and the rules engine (docs/zx/).

>>> import tcbg.zx
>>> [v.rule for v in tcbg.zx.check_deck("c01-white-red")]
[]
>>> tcbg.zx.Deck.load("vanilla-red-blue").player.name_en
'Pilot Akane'
>>> tcbg.zx.Game.__name__, tcbg.zx.State.__name__
('Game', 'State')
"""

from tcbg.zx.cards import Card, CardSet
from tcbg.zx.decks import Deck, Violation, check_deck
from tcbg.zx.game import Game, State, ZXCard, ZXDeck

__all__ = ["Card", "CardSet", "Deck", "Game", "State", "Violation", "ZXCard", "ZXDeck", "check_deck"]
