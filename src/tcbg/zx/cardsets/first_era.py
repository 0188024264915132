"""Definitions of the abilities of the set ``first-era`` (docs/zx/card-data.md ZC14, docs/zx/cards.md).

The starter cards C01-C04 are the same cards as in ``starter-2012``: their definitions are that set's own, taken
from its loaded effects module, so a fix there is a fix here. The booster cards' definitions are written one module
per set (first_era_b01.py ... first_era_e01.py), in the Z/X effect language; a card with abilities and no entry is
refused by a game with effects on (rules.md Z11.7) and played as vanilla with effects off.
"""

from tcbg.errors import ZXCardError
from tcbg.zx.cards import CardSet
from tcbg.zx.cardsets import first_era_b01, first_era_b02, first_era_b03, first_era_b04, first_era_b05, first_era_e01

EFFECTS = dict(CardSet.load("starter-2012").effects)
for _set in (first_era_b01, first_era_b02, first_era_b03, first_era_b04, first_era_b05, first_era_e01):
    for _number in EFFECTS.keys() & _set.EFFECTS.keys():
        raise ZXCardError(f"{_number} is defined twice", file=_set.__file__, where=f"card {_number}", rule="ZC14")
    EFFECTS.update(_set.EFFECTS)
