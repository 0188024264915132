"""Small card sets for the effect-language tests: a few summons (one per class, two dragons), two crystals and
life bases, plus the cards under test with their definitions; and a model to run them in."""

from __future__ import annotations

from typing import Any

from tcbg.x610z.cards import CardSet
from tcbg.x610z.effects.reference import Model

BOTH = ["existenz", "act1"]


def summon(name: str, cls: str, attack: int | None = 2, defense: int = 6, speed: int | None = 3,
           range_: int | None = 2, **extra: Any) -> dict:
    card = {"name": name, "type": "summon", "class": cls, "cost": "C1", "deck_limit": 3, "editions": ["existenz"],
            "attack": attack, "defense": defense, "speed": speed, "range": range_}
    if speed is not None:
        card["move_cost"] = "C1"
    card.update(extra)
    return card


def life_base(name: str) -> dict:
    return {"name": name, "type": "life-base", "class": "life-base", "cost": "", "deck_limit": 1, "editions": BOTH,
            "attack": 1, "defense": 20, "speed": 1, "range": 1, "move_cost": ""}


def crystal(name: str, produces: str) -> dict:
    return {"name": name, "type": "crystal", "cost": "", "deck_limit": 20, "editions": BOTH, "produces": produces}


def effect_card(name: str, type_: str = "flux", cost: str = "C1", editions=None) -> dict:
    return {"name": name, "type": type_, "cost": cost, "deck_limit": 3, "editions": editions or ["existenz"]}


BASE = [
    life_base("Keep"), life_base("Rival Keep"),
    summon("Drake", "dragon", 3, 6, 4, 2), summon("Wyrm", "dragon", 4, 8, 3, 3),
    summon("Skiff", "vessel", 2, 5), summon("Hauler", "beast", 2, 10), summon("Legion", "army", 2, 8),
    summon("Raider", "berserker", 5, 4), summon("Wall", "army", None, 9, None, None),
    crystal("Spark", "B"), crystal("Pearl", "M"),
]


def card_set(definitions: dict[str, Any], cards: list[dict] | None = None, *, base: list[dict] | None = None,
             source: str = "test.json") -> CardSet:
    """The base cards, then ``cards`` (dicts; a name in ``definitions`` but not among the cards becomes a flux)."""
    cards = list(cards or [])
    named = {c["name"] for c in cards} | {c["name"] for c in (base if base is not None else BASE)}
    for name, definition in definitions.items():
        if name not in named:
            cards.append(effect_card(name, getattr(definition, "card_type", "flux") or "flux"))
    doc = {"format": "tcbg-cards/2", "name": "test", "cards": [*(base if base is not None else BASE), *cards]}
    return CardSet.from_dict(doc, source=source, effects=definitions)


def model(definitions: dict[str, Any], cards: list[dict] | None = None, **kw: Any) -> Model:
    return Model(card_set(definitions, cards), **kw)


def program(cards: CardSet, name: str, ability: int = 0, mode: int = 0) -> list[tuple[str, int, int, int]]:
    """A card's compiled program as (opcode name, a, b, c) tuples."""
    from tcbg.x610z.effects.native import Op

    native = cards.native_effects()
    ab = native.record("abilities", native.abilities_of(name)[ability])
    rec = native.record("modes", ab["first_mode"] + mode)
    words = native.program(rec["program"], rec["length"])
    return [(Op(words[i]).name, *words[i + 1:i + 4]) for i in range(0, len(words), 4)]


def ops(cards: CardSet, name: str, ability: int = 0, mode: int = 0) -> list[str]:
    return [ins[0] for ins in program(cards, name, ability, mode)]
