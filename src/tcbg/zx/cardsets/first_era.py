"""Definitions of the abilities of the set ``first-era`` (docs/zx/card-data.md ZC14, docs/zx/cards.md).

The starter cards C01-C04 are the same cards as in ``starter-2012``: their definitions are that set's own, taken
from its loaded effects module, so a fix there is a fix here. Definitions of the booster cards (B01-B05, E01) go
below, one entry per card number, in the Z/X effect language; a card with abilities and no entry here is refused by a
game with effects on (rules.md Z11.7) and played as vanilla with effects off.
"""

from tcbg.zx.cards import CardSet

EFFECTS = dict(CardSet.load("starter-2012").effects)
