"""X610Z: the card game played on a board of dots and lines (editions "existenz" and "act1").

>>> from tcbg.x610z import Board
>>> board = Board.load("existenz")
>>> setup = board.setups["1v1"]
>>> moves = board.moves(setup.seats[0], 2, life_base=True)
>>> all(len(m.path) >= 2 for m in moves)
True
"""

from tcbg.x610z.board import Attack, Board, Dot, Line, Move, Piece, Setup, Summon
from tcbg.x610z.cards import Card, CardSet, Cost
from tcbg.x610z.decks import Deck

__all__ = ["Attack", "Board", "Card", "CardSet", "Cost", "Deck", "Dot", "Line", "Move", "Piece", "Setup", "Summon"]
