"""What one player can see of a position: :func:`player_view` over a position document (``state.to_json()``).

The view is the position document with every hidden card replaced by ``null`` where it lies, so each list keeps its
length (a hand of 5 stays a list of 5, a Life pick "position k" still names the k-th card) and nothing else moves.
It is the replay page's "what player P sees" (docs/replay.md); it reads only the document, so it can be checked
against the core's own observation of a player wherever that is written.

What is hidden, by game (the rules documents' hidden-information rulings):

- **X610Z** (docs/rules.md 5.15): ``players[q].hand`` of every other player q; ``players[q].deck`` of every player,
  the viewer's own too (no one sees a deck's order); and the random generator (``seed``, ``counter``), which would
  tell every later shuffle and so the decks' order.
- **Z/X** (docs/zx/rules.md 13.1): ``players[q].hand`` of the opponent; ``players[q].deck`` and ``players[q].life``
  of both players (Life is face down, its owner does not know it either); and ``seed`` and ``counter``.

Public zones stay as they are (X610Z: in play, discard, removed, the stack, the pending choice; Z/X: the field,
Resource, Charge, Trash, the Player cards, the process frames with the card being revealed or played). These are
the zones the core's observations hide too (docs/observations.md "What is hidden"); the actions between positions
are not part of a view (the replay page shows their texts as they are, docs/replay.md).

>>> doc = {"format": "tcbg-zx-position/1", "seed": 5, "counter": 9,
...        "players": [{"hand": ["A #1", "B #2"], "life": ["C #3"], "deck": ["D #4"], "trash": ["E #5"]},
...                    {"hand": ["F #6"], "life": ["G #7", "H #8"], "deck": []}]}
>>> view = player_view(doc, 0)
>>> view["players"][0]["hand"], view["players"][0]["life"], view["players"][0]["trash"]
(['A #1', 'B #2'], [None], ['E #5'])
>>> view["players"][1]["hand"], view["players"][1]["life"], "seed" in view
([None], [None, None], False)
>>> player_view(doc, None) == doc  # everything
True
>>> player_view(doc, 2)  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
tcbg.errors.GameError: viewer: no player 2 in a game of 2 players [replay.md views]
"""

from __future__ import annotations

from typing import Any

from tcbg.errors import GameError

HIDDEN = {
    "tcbg-x610z-position/1": {"own": ("deck",), "others": ("hand", "deck")},
    "tcbg-zx-position/1": {"own": ("deck", "life"), "others": ("hand", "deck", "life")},
}
"""Per position format, the zones of a player's object hidden from the viewer: in the viewer's own object
(``own``) and in every other player's (``others``)."""

RANDOM_FIELDS = ("seed", "counter")
"""The random generator's fields, hidden from every player: they define every later shuffle."""


def player_view(doc: dict, viewer: int | None) -> dict:
    """The position document ``doc`` as player ``viewer`` sees it (see the module documentation); ``viewer`` None
    is everything. ``doc`` is not changed; the view is a new document that shares the values it keeps with
    ``doc`` (copy it before changing it)."""
    if viewer is None:
        return {key: ([dict(p) for p in value] if key == "players" else value) for key, value in doc.items()}
    hidden = HIDDEN.get(doc.get("format"))
    if hidden is None:
        raise GameError(f"no view is known for a position of format {doc.get('format')!r} (known: "
                        f"{', '.join(sorted(HIDDEN))})", field="position.format", rule="replay.md views")
    players = doc.get("players") or []
    if not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < len(players):
        raise GameError(f"no player {viewer!r} in a game of {len(players)} players", field="viewer",
                        rule="replay.md views")
    out: dict[str, Any] = {key: value for key, value in doc.items() if key not in RANDOM_FIELDS and key != "players"}
    out["players"] = []
    for seat, player in enumerate(players):
        zones = hidden["own"] if seat == viewer else hidden["others"]
        out["players"].append({key: [None] * len(value) if key in zones and isinstance(value, list) else value
                               for key, value in player.items()})
    return out


__all__ = ["HIDDEN", "RANDOM_FIELDS", "player_view"]
