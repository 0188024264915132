"""Effects of the card set ``starter-2012`` (starter-2012.json): the four 2012 starter decks.

``EFFECTS`` maps a card's number to the definition of the abilities its ``text`` describes. Keywords (Start Card,
Life Recovery, Void Bringer, Range 2, Evol Seed's trigger) are card data that the rules engine runs itself, and a
card without ``text`` (a vanilla Z/X) needs no entry. The definitions come with the Z/X effect language; until then
the mapping is empty and ``CardSet.missing_effects()`` lists the cards still waiting for theirs, which a game refuses
unless it is asked to play without effects (docs/zx/card-data.md ZC14).
"""

EFFECTS: dict[str, object] = {}
