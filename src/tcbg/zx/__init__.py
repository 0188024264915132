"""Z/X -Zillions of enemy X-: the rules engine (``tcbg.zx.game``: Game, State) over the C++ core.

>>> from tcbg.zx import Game, State, ZXCard, ZXDeck
>>> Game.__name__, State.__name__
('Game', 'State')
"""

from tcbg.zx.game import Game, State, ZXCard, ZXDeck

__all__ = ["Game", "State", "ZXCard", "ZXDeck"]
