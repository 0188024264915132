"""Helpers of the tests that play the `ruins` cards through real games: small decks, and actions named by their
text (what `state.action_to_string` says), so a test reads like the play it checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from tcbg.x610z.cards import CardSet
from tcbg.x610z.decks import Deck

RUINS = CardSet.load("ruins")

# One of each card whose effects the engine runs, without turn-start triggers, and the crystals to pay for them: the
# deck of the native-effects soak and of the effects benchmark.
EFFECT_CARDS = ["Divine Intervention", "Nullifying Word", "Arcane Rebuke", "Raise the Fallen", "Necrotic Surge",
                "Death's Toll", "Last Rites", "Healing Elixir", "Raid the Hold", "Pickpocket", "Scorching Blast",
                "Incinerate", "Battle Fury", "Firestorm", "Hunter Dragon", "Stormglass Skiff", "Arcane Warden",
                "Skyblade Adept", "Howling Bogling", "Ghoul Barge", "Cargo Beast", "Living Waterfall", "Cutlass Fury",
                "Cinder Zeppelin", "Bloodrage Champion", "Soulstone", "Ember Heart"]
CRYSTALS = ["Quickening Shard", "Entrancing Pearl", "Robiumm Nugget", "Maddening Halo"]


def ruins_deck(life_base: str, cards: Iterable[str]) -> Deck:
    """A deck of the `ruins` cards of any size (the deck-size rule is for tournament decks, not test positions)."""
    counts = Counter(cards)
    return Deck.parse("\n".join([f"Life base: {life_base}"] + [f"{n} {c}" for c, n in counts.items()]), RUINS,
                      deck_size=None, name=life_base)


def do(state, text: str) -> None:
    """Apply the one legal action whose text is ``text``, or the one whose text starts with it ("attack the summon on
    r3-02" for "attack the summon on r3-02 with ... from ..., setting out towards ..."); fail naming the legal ones
    otherwise."""
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    found = [a for a, t in zip(state.legal_actions(), texts) if t == text]
    found = found or [a for a, t in zip(state.legal_actions(), texts) if t.startswith(text)]
    assert len(found) == 1, (text, [state.action_to_string(a) for a in state.legal_actions()])
    state.apply_action(found[0])


def texts(state) -> list[str]:
    """The texts of the legal actions."""
    return [state.action_to_string(a) for a in state.legal_actions()]
