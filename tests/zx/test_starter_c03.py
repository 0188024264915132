"""The cards of C03 「蒼星の剣姫」 (blue / white, Player Kagamihara Azumi) doing what their text says, in real games of
the starter-2012 card set with its EFFECTS (docs/zx/cards.md; rulings of docs/zx/rules.md section 12)."""

from __future__ import annotations

import json

from .starter import act, arrange, name, on, power_on, texts
from .test_starter_c01 import attack, pass_battle
from .test_starter_c02 import squares

AZUMI = ("C03-001", "C03-001")
BLUES = ["C03-007"] * 7   # blue Resource cards (Erasure Machine, Delete)
WHITES = ["C03-015"] * 7  # white Resource cards (Bumbling Detective, Russian Blue)


def play(state, card: str, square: str | None = None):
    act(state, f"play {card}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def test_c03_002_rigel_gets_1000_per_hand_card_and_draws_at_the_end_of_your_turn():
    """While your Player card is Kagamihara Azumi, +1000 for each card in your hand (Z12.6, Z12.12); at the end of
    your turn, with 3 or fewer cards in hand, draw a card."""
    state = arrange({"field": {"s1": "C03-002"}, "hand": ["C03-007", "C03-007"]}, {}, players=AZUMI)
    assert power_on(state, "s1") == 5500 + 2000
    act(state, "p0 pass (main)")  # the End phase: 2 cards in hand, so draw 1
    assert len(state.zone(0, "hand")) == 3
    other = arrange({"field": {"s1": "C03-002"}, "hand": ["C03-007", "C03-007", "C03-007", "C03-007"]}, {})
    assert power_on(other, "s1") == 5500  # not Azumi
    act(other, "p0 pass (main)")
    assert len(other.zone(0, "hand")) == 4  # 4 cards: no draw


def test_c03_005_avior_returns_a_zx_it_damaged_without_destroying():
    """When this card attacks and damages an opponent's Z/X of Power 5000 or less without destroying it, return that
    Z/X to its owner's hand (Z12.4: a destroyed one does not come back)."""
    state = arrange({"field": {"s5": "C03-005"}}, {"field": {"s8": "C03-014"}})  # 3000 on Etoile's 5000
    attack(state, "s5", "s8")
    pass_battle(state)
    assert on(state, "s8") == -1 and state.names(1, "hand") == [name("C03-014")]
    big = arrange({"field": {"s5": "C03-005"}}, {"field": {"s8": "C03-015"}})  # 6500: stays
    attack(big, "s5", "s8")
    pass_battle(big)
    assert on(big, "s8") != -1
    killed = arrange({"field": {"s5": "C03-005"}}, {"field": {"s8": "C03-012"}})  # 3500 with 1000 damage already
    doc = json.loads(killed.to_json())
    next(e for e in doc["field"] if e["square"] == "s8")["damage"] = 1000
    killed = killed._game.state_from_json(doc)
    act(killed, "attack from s5 to s8")
    pass_battle(killed)
    assert killed.names(1, "charge") == [name("C03-012")] and killed.names(1, "hand") == []


def test_c03_008_atria_draws_then_trashes_a_card_when_it_destroys_in_battle():
    """When this card destroys a Z/X in battle, draw a card, then put a card from your hand into your Trash."""
    state = arrange({"field": {"s5": "C03-008"}, "deck": ["C03-018"]}, {"field": {"s8": "C03-014"}})
    attack(state, "s5", "s8")
    pass_battle(state)
    assert state.decision() == "effect-card" and state.names(0, "hand") == [name("C03-018")]
    act(state, "choose Neige")
    assert state.names(0, "hand") == [] and state.names(0, "trash") == [name("C03-018")]


def test_c03_010_vivale_may_move_a_zx_to_an_adjacent_square_but_not_the_enemy_player_square():
    """When this card appears, you may move one Z/X on a Normal Square to an adjacent Square, never onto the Player
    Square of that Z/X's opponent (Z12.11): its own Player Square is allowed."""
    state = arrange({"hand": ["C03-010"], "resource": BLUES[:5], "field": {"s5": "C03-014"}}, {})
    play(state, "Singing Voice", "s1")
    act(state, "yes")
    act(state, "on s5")
    assert sorted(t.rsplit(" ", 1)[1] for t in texts(state)) == ["s2", "s4", "s6"]  # not s8: player 1's
    act(state, "choose square s2")
    assert on(state, "s2") != -1 and on(state, "s5") == -1


def test_c03_011_wait_there_may_move_your_zx_not_in_battle_then_draws():
    """You may move one of your Z/X that is not in battle to an empty Normal Square. Then draw a card (the draw
    happens whatever was answered)."""
    state = arrange({"hand": ["C03-011"], "resource": BLUES[:3], "field": {"s1": "C03-014"}}, {})
    play(state, "Wait There")
    act(state, "yes")
    act(state, "on s1")
    act(state, "choose square s6")
    assert on(state, "s6") != -1 and len(state.zone(0, "hand")) == 1
    declined = arrange({"hand": ["C03-011"], "resource": BLUES[:3], "field": {"s1": "C03-014"}}, {})
    play(declined, "Wait There")
    act(declined, "pass (effect-may)")
    assert on(declined, "s1") != -1 and len(declined.zone(0, "hand")) == 1


def test_c03_011_the_zx_in_battle_cannot_be_moved():
    """Played in the Battle Event step, the attacker and its target are in battle (ruling B02-040): not choosable."""
    state = arrange({"field": {"s5": "C03-014", "s3": "C03-015"}, "hand": ["C03-011"], "resource": BLUES[:3]},
                    {"field": {"s8": "C03-018"}})
    attack(state, "s5", "s8")
    play(state, "Wait There")
    act(state, "yes")
    assert squares(state) == ["s3"]


def test_c03_019_couche_gives_minus_6000_when_it_appears():
    """When this card appears, one of your opponent's Z/X on a Normal Square gets -6000 until end of turn; at 0 or
    less it is destroyed (CR 904)."""
    state = arrange({"hand": ["C03-019"], "resource": WHITES}, {"field": {"s7": "C03-015", "s9": "C03-018"}})
    play(state, "Couche", "s1")
    act(state, "on s9")
    assert power_on(state, "s9") == 3500
    act(state, "p0 pass (main)")
    assert power_on(state, "s9") == 9500


def test_c03_020_revenge_force_and_c03_021_chain_bind_lower_power_until_end_of_turn():
    """One Z/X on a Normal Square gets -2500 (C03-020) or -7000 (C03-021) until end of turn."""
    state = arrange({"hand": ["C03-020", "C03-021"], "resource": WHITES[:5]},
                    {"field": {"s7": "C03-018"}})
    play(state, "Revenge Force")
    act(state, "on s7")
    assert power_on(state, "s7") == 7000
    play(state, "Chain Bind")
    act(state, "on s7")
    assert on(state, "s7") == -1  # 9500 - 2500 - 7000 = 0: destroyed (CR 904)
