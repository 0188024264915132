"""The cards of B05 doing what their text says, in real games of the card set ``first-era`` with its definitions
(src/tcbg/zx/cardsets/first_era_b05.py, docs/zx/cards.md): each in a position arranged by card number, through
legal actions chosen by their text, checking what changed and what must not happen. A test citing ``Ruling B05-0NN
Qk`` plays that official ruling (docs/zx/first-era-abilities.tsv); ``Z15.8x`` are the decisions of docs/zx/rules.md
section 15."""

from __future__ import annotations

import json

from ..era import act, arrange, damage_on, name, on, power_on, texts

REDS = ["B05-006"] * 8     # Stubborn Iron, Iron Rhino: vanilla red 4/6500
BLUES = ["B01-030"] * 8    # Erasure Machine, Delete: vanilla blue 4/6500 (Killer Machine)
WHITES = ["B05-049"] * 8   # Painter Korat: vanilla white 5/8000 (Cait Sith)
BLACKS = ["B01-068"] * 8   # Full-Swing Hitter, Sting Beat: vanilla black 4/6500 (Undead)
GREENS = ["B01-089"] * 8   # King of Beasts, Werelion: vanilla green 4/6500 (Lycanthrope)
SMALL = "B01-003"          # Heated Coal, Coal Armadillo: vanilla red 2/3500
MID = "B05-006"            # vanilla Cost 4, 6500
BIG = "B05-014"            # Giant Beast of Riot, Behemoth: vanilla red 6/9500


def attack(state, frm: str, to: str):
    act(state, f"attack from {frm} to {to}")


def pass_battle(state):
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")


def play(state, card: str, square: str | None = None):
    """Plays the card named ``card`` from the hand (onto ``square`` for a Z/X), paying its Cost."""
    act(state, f"play {card}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def squares(state) -> list[str]:
    """The Squares of the Z/X a choice offers."""
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)


def choices(state) -> list[str]:
    """The card names a card choice offers."""
    return sorted(t.split("choose ", 1)[1].rsplit(" #", 1)[0] for t in texts(state) if "choose " in t)


def uses(state) -> list[str]:
    return [t for t in texts(state) if "use the ability" in t]


def with_damage(state, square: str, damage: int):
    """The same position with ``damage`` on the Z/X of ``square``."""
    doc = json.loads(state.to_json())
    next(e for e in doc["field"] if e["square"] == square)["damage"] = damage
    return state._game.state_from_json(doc)


def test_b05_001_verdandi_deals_1000_damage_to_an_opponents_zx_on_a_normal_square():
    """When this card appears, 1000 damage to one of your opponent's Z/X on a Normal Square: not one on a Player
    Square, not your own."""
    state = arrange({"hand": ["B05-001"], "resource": REDS[:2], "field": {"s1": MID}},
                    {"field": {"s7": MID, "s8": MID}})
    play(state, "Goddess of Fate", "s4")
    assert state.decision() == "effect-target" and squares(state) == ["s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 1000 and damage_on(state, "s8") == 0 and damage_on(state, "s1") == 0
    assert state.decision() == "main"


def test_b05_004_gauntlet_deals_2000_damage_to_a_zx_of_cost_6_or_more_on_any_square():
    """When this card appears, 2000 damage to one Z/X of Cost 6 or more on any Square, yours or the opponent's
    (Player Squares included); a Cost-4 Z/X is not offered."""
    state = arrange({"hand": ["B05-004"], "resource": REDS[:3], "field": {"s1": BIG}},
                    {"field": {"s7": MID, "s8": BIG}})
    play(state, "Gauntlet Smith", "s4")
    assert squares(state) == ["s1", "s8"]
    act(state, "on s8")
    assert damage_on(state, "s8") == 2000 and damage_on(state, "s1") == 0


def test_b05_010_giganoto_trashes_a_hand_card_when_it_appears_and_draws_when_destroyed():
    """When this card appears, a card of your hand into your Trash (your choice, not a cost); when this card is
    destroyed (here in battle, in the opponent's turn), draw a card."""
    state = arrange({"hand": ["B05-010", SMALL, MID], "resource": REDS[:5]}, {})
    play(state, "Incomparable Diamond", "s1")
    assert state.decision() == "effect-card" and choices(state) == [name(SMALL), name(MID)]
    act(state, "choose Heated Coal")
    assert state.names(0, "trash") == [name(SMALL)] and state.names(0, "hand") == [name(MID)]
    attacked = arrange({"field": {"s2": "B05-010"}, "deck": [SMALL]}, {"field": {"s5": BIG}}, turn_player=1)
    attack(attacked, "s5", "s2")
    pass_battle(attacked)  # 9500 on 7500: destroyed, into Charge
    assert attacked.names(0, "charge") == [name("B05-010")] and attacked.names(0, "hand") == [name(SMALL)]


def test_b05_010_played_with_an_empty_hand_does_nothing_when_it_appears():
    """Ruling B05-010 Q1: it may be played with no other card in hand (its first ability is no cost); with the
    hand empty nothing happens when it appears."""
    state = arrange({"hand": ["B05-010"], "resource": REDS[:5], "trash": [MID]}, {})
    assert any("play Incomparable Diamond" in t for t in texts(state))
    play(state, "Incomparable Diamond", "s1")
    assert state.decision() == "main" and state.names(0, "trash") == [name(MID)] and on(state, "s1") != -1


def test_b05_011_mithril_lion_destroys_itself_to_draw_2_only_with_an_empty_hand():
    """[Red 2, destroy this card]: draw 2 cards; usable only while you have no cards in hand (Z12.8)."""
    with_hand = arrange({"field": {"s1": "B05-011"}, "resource": REDS[:2], "hand": [MID]}, {})
    assert uses(with_hand) == []
    state = arrange({"field": {"s1": "B05-011"}, "resource": REDS[:2], "deck": [SMALL, MID]}, {})
    act(state, "use the ability of Valiant Mithril")
    act(state, "pay with")
    act(state, "pay with")
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name("B05-011")]
    assert sorted(state.names(0, "hand")) == sorted([name(SMALL), name(MID)]) and state.decision() == "main"
    poor = arrange({"field": {"s1": "B05-011"}, "resource": BLUES[:2]}, {})  # no red Resource card
    assert uses(poor) == []


def test_b05_017_shard_burst_destroys_your_zx_then_deals_7000_damage():
    """Destroy one of your Z/X on a Square (a Player Square too); if you did, 7000 damage to one Z/X on a Normal
    Square. Without a Z/X of yours, nothing is destroyed and no damage is dealt."""
    state = arrange({"hand": ["B05-017"], "resource": REDS[:1], "field": {"s2": MID}},
                    {"field": {"s7": BIG, "s8": MID}})
    play(state, "Shard Burst")
    assert squares(state) == ["s2"]  # only your own Z/X
    act(state, "on s2")
    assert state.names(0, "charge") == [name(MID)] and squares(state) == ["s7"]
    act(state, "on s7")
    assert damage_on(state, "s7") == 7000 and damage_on(state, "s8") == 0
    alone = arrange({"hand": ["B05-017"], "resource": REDS[:1]}, {"field": {"s7": BIG}})
    play(alone, "Shard Burst")
    assert alone.decision() == "main" and damage_on(alone, "s7") == 0
    assert alone.names(0, "trash") == [name("B05-017")]


def test_b05_017_your_only_zx_on_normal_squares_is_yours():
    """Ruling B05-017 Q1: it may be played when the only Z/X on Normal Squares is your own: that Z/X is destroyed,
    and the 7000 damage finds no Z/X on a Normal Square (the opponent's on its Player Square is not one)."""
    state = arrange({"hand": ["B05-017"], "resource": REDS[:1], "field": {"s4": MID}}, {"field": {"s8": MID}})
    assert any("play Shard Burst" in t for t in texts(state))
    play(state, "Shard Burst")
    act(state, "on s4")
    assert on(state, "s4") == -1 and state.decision() == "main" and damage_on(state, "s8") == 0


def test_b05_017_with_two_of_your_zx_the_other_takes_the_7000():
    """Ruling B05-017 Q2: with exactly 2 of your Z/X on Normal Squares and no other Z/X there, one is destroyed
    and the other must take the 7000 damage (no choice of nothing, Z12.3)."""
    state = arrange({"hand": ["B05-017"], "resource": REDS[:1], "field": {"s4": MID, "s5": BIG}}, {})
    play(state, "Shard Burst")
    act(state, "on s4")
    assert squares(state) == ["s5"] and not any("pass" in t for t in texts(state))
    act(state, "on s5")
    assert damage_on(state, "s5") == 7000 and on(state, "s4") == -1


def test_b05_021_pox_draws_then_returns_a_hand_card_to_the_deck():
    """When this card appears, draw a card, then return a card of your hand to your deck and shuffle it."""
    state = arrange({"hand": ["B05-021", SMALL], "resource": BLUES[:2], "deck": [MID]}, {})
    deck = len(state.zone(0, "deck"))
    play(state, "Plague Machine", "s1")
    assert state.decision() == "effect-card" and choices(state) == [name(SMALL), name(MID)]  # the drawn card too
    act(state, "choose Heated Coal")
    assert state.names(0, "hand") == [name(MID)] and len(state.zone(0, "deck")) == deck
    assert name(SMALL) in state.names(0, "deck")


def test_b05_025_nobelium_may_trash_a_hand_card_to_put_the_damaged_zx_into_its_deck():
    """When this card attacks and damages an opponent's Z/X of Cost 5 or less, you may put a hand card into your
    Trash; if you did, that Z/X goes into its owner's deck, shuffled. Declined, nothing happens; a Cost-6 Z/X does
    not trigger it."""
    state = arrange({"field": {"s5": "B05-025"}, "hand": [SMALL]}, {"field": {"s8": MID}})
    deck = len(state.zone(1, "deck"))
    attack(state, "s5", "s8")
    pass_battle(state)  # 3500 on 6500: damaged
    assert state.decision() == "effect-may"
    act(state, "yes")
    act(state, "choose Heated Coal")
    assert on(state, "s8") == -1 and state.names(0, "trash") == [name(SMALL)]
    assert len(state.zone(1, "deck")) == deck + 1 and name(MID) in state.names(1, "deck")
    assert state.names(1, "charge") == [] and state.decision() == "main"
    declined = arrange({"field": {"s5": "B05-025"}, "hand": [SMALL]}, {"field": {"s8": MID}})
    attack(declined, "s5", "s8")
    pass_battle(declined)
    act(declined, "pass")
    assert damage_on(declined, "s8") == 3500 and declined.names(0, "hand") == [name(SMALL)]
    big = arrange({"field": {"s5": "B05-025"}, "hand": [SMALL]}, {"field": {"s8": BIG}})
    attack(big, "s5", "s8")
    pass_battle(big)
    assert big.decision() == "main" and damage_on(big, "s8") == 3500


def test_b05_025_a_zx_the_damage_destroyed_stays_in_charge():
    """Ruling B05-025 Q1: Nobelium's 3500 damage destroys a 3500-Power Z/X: you may still put a hand card into
    Trash, but the Z/X stays in its owner's Charge."""
    state = arrange({"field": {"s5": "B05-025"}, "hand": [SMALL]}, {"field": {"s8": SMALL}})
    deck = len(state.zone(1, "deck"))
    attack(state, "s5", "s8")
    pass_battle(state)
    assert state.names(1, "charge") == [name(SMALL)] and state.decision() == "effect-may"
    act(state, "yes")
    act(state, "choose Heated Coal")
    assert state.names(0, "trash") == [name(SMALL)] and state.names(1, "charge") == [name(SMALL)]
    assert len(state.zone(1, "deck")) == deck


def test_b05_027_francium_draws_when_attacked():
    """When this card is attacked, draw a card: at the preprocessing after the declaration; attacking does not."""
    state = arrange({"field": {"s2": "B05-027"}, "deck": [SMALL]}, {"field": {"s5": MID}}, turn_player=1)
    attack(state, "s5", "s2")
    assert state.names(0, "hand") == [name(SMALL)] and state.decision() == "battle-event"
    attacker = arrange({"field": {"s5": "B05-027"}}, {"field": {"s8": SMALL}})
    attack(attacker, "s5", "s8")
    assert attacker.names(0, "hand") == []


def test_b05_029_glide_draws_from_charge_also_in_a_battle():
    """From your Charge: [Blue 1, put this card from your Charge into your Trash] draw a card; in the Main phase or
    with priority in the Battle Event step, the battle going on (Z12.8). Not from a Square."""
    state = arrange({"charge": ["B05-029"], "resource": BLUES[:1], "deck": [SMALL]}, {})
    act(state, "use the ability of Battle Hero")
    act(state, "pay with")
    assert state.names(0, "hand") == [name(SMALL)] and state.names(0, "trash") == [name("B05-029")]
    battle = arrange({"charge": ["B05-029"], "resource": BLUES[:1], "field": {"s4": BIG}, "deck": [SMALL]},
                     {"field": {"s7": MID}})
    attack(battle, "s4", "s7")
    act(battle, "p0 use the ability of Battle Hero")
    act(battle, "pay with")
    assert battle.names(0, "hand") == [name(SMALL)] and battle.decision() == "battle-event"
    pass_battle(battle)
    assert on(battle, "s7") == -1  # the attack went on: 9500 on 6500
    on_square = arrange({"field": {"s1": "B05-029"}, "resource": BLUES[:1]}, {})
    assert uses(on_square) == []
