"""Z/X card abilities (docs/zx/cards.md): the language (:mod:`tcbg.zx.effects.language`), its compiler onto the
shared builder (:mod:`tcbg.zx.effects.compiler`) and the native form's numbers (:mod:`tcbg.zx.effects.native`).
Card sets define their cards' abilities in a Python module beside their card file (docs/zx/card-data.md ZC14) with
``from tcbg.zx.effects.language import *``.
"""
