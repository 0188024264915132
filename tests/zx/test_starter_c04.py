"""The cards of C04 「翠龍の双刃」 (green / red, Player Aoba Chitose) doing what their text says, in real games of the
starter-2012 card set with its EFFECTS (docs/zx/cards.md; rulings of docs/zx/rules.md section 12)."""

from __future__ import annotations

from .starter import act, arrange, damage_on, name, on, power_on, texts
from .test_starter_c01 import attack, pass_battle, to_ignition
from .test_starter_c02 import squares
from .test_starter_c03 import play

CHITOSE = ("C04-001", "C04-001")
REDS = ["C04-005"] * 6    # Goddess of the Hunt, Artemis
GREENS = ["C04-014"] * 9  # Hidden-Art Shuriken, Otogirisou


def uses(state) -> list[str]:
    return [t for t in texts(state) if "use the ability" in t]


def test_c04_002_rindou_puts_the_top_card_into_resource_sleeping_if_the_player_is_chitose():
    """[Green 3]: if your Player card is Aoba Chitose, put the top card of your deck into your Resource, sleeping
    (Z12.8; Z12.12)."""
    spec = {"field": {"s1": "C04-002"}, "resource": GREENS[:3], "deck": ["C04-018"]}
    state = arrange(spec, {}, players=CHITOSE)
    act(state, "use the ability of Twin-Sword")
    for _ in range(3):
        act(state, "pay with")
    res = state.zone(0, "resource")
    assert len(res) == 4 and state.card_name(res[-1]) == name("C04-018") and state.instance(res[-1])["sleeping"]
    other = arrange(spec, {})
    act(other, "use the ability of Twin-Sword")
    for _ in range(3):
        act(other, "pay with")
    assert len(other.zone(0, "resource")) == 3


def test_c04_008_twin_wheel_from_charge_gives_an_attacking_zx_2000():
    """From your Charge: [Red 1, this card from your Charge into your Trash] one attacking Z/X gets +2000 until end
    of turn: used with priority in the Battle Event step (Z12.8)."""
    state = arrange({"field": {"s5": "C04-005"}, "charge": ["C04-008"], "resource": REDS[:1]},
                    {"field": {"s8": "C04-007"}})
    attack(state, "s5", "s8")
    act(state, "p0 use the ability of Two-Wheel")
    act(state, "pay with")
    assert squares(state) == ["s5"]  # only the attacking Z/X
    act(state, "on s5")
    assert power_on(state, "s5") == 7000 and state.names(0, "trash") == [name("C04-008")]
    pass_battle(state)
    assert on(state, "s8") == -1  # 7000 against 6500


def test_c04_009_coral_lizard_destroys_itself_for_10000_damage_only_with_an_empty_hand():
    """[Red 2, destroy this card]: 10000 damage to one Z/X on a Normal Square; only while you have no cards in hand
    (a condition of use, Z12.8)."""
    with_hand = arrange({"field": {"s1": "C04-009"}, "resource": REDS[:2], "hand": ["C04-005"]},
                        {"field": {"s7": "C04-011"}})
    assert uses(with_hand) == []
    state = arrange({"field": {"s1": "C04-009"}, "resource": REDS[:2]}, {"field": {"s7": "C04-011"}})
    act(state, "use the ability of Strange Coral")
    act(state, "pay with")
    act(state, "pay with")
    assert on(state, "s1") == -1 and state.names(0, "charge") == [name("C04-009")]  # destroyed: into Charge
    act(state, "on s7")
    assert on(state, "s7") == -1  # 10000 damage on 9500


def test_c04_010_augustus_and_c04_012_main_cannon_deal_damage():
    """C04-010: when this card appears, 5000 damage to an opponent's Z/X on a Normal Square. C04-012: 8000 damage to
    one Z/X on a Normal Square."""
    state = arrange({"hand": ["C04-010", "C04-012"], "resource": REDS * 2}, {"field": {"s7": "C04-011"}})
    play(state, "Majestic Sovereign", "s1")
    act(state, "on s7")
    assert damage_on(state, "s7") == 5000
    play(state, "Main Cannon")
    assert squares(state) == ["s1", "s7"]
    act(state, "on s1")
    assert on(state, "s1") == -1


def test_c04_015_sage_puts_a_hand_card_into_resource_when_it_appears_in_the_ignition_phase():
    """When this card appears during the Ignition Phase, you may put a card from your hand into your Resource,
    sleeping (Z12.10); played from the hand in the Main phase it does nothing."""
    state = arrange({}, {"charge": ["C04-014"], "deck": ["C04-018", "C04-018", "C04-015"]})
    to_ignition(state)
    act(state, "p1 ignite with Hidden-Art")
    act(state, "p1 play the revealed Homely Sage")
    act(state, "p1 to square s9")
    assert state.decision() == "effect-may"
    act(state, "yes")
    act(state, "choose Dignified Hairpin")
    res = state.zone(1, "resource")
    assert state.card_name(res[-1]) == name("C04-018") and state.instance(res[-1])["sleeping"]
    main = arrange({"hand": ["C04-015", "C04-018"], "resource": GREENS[:3]}, {})
    play(main, "Homely Sage", "s1")
    assert main.decision() == "main" and len(main.zone(0, "resource")) == 3


def test_c04_017_borage_goes_into_resource_sleeping_instead_of_charge():
    """When this card would be destroyed, it goes into your Resource, sleeping, instead of your Charge (Z12.5)."""
    state = arrange({"field": {"s5": "C04-011"}}, {"field": {"s8": "C04-017"}})
    attack(state, "s5", "s8")
    pass_battle(state)
    res = state.zone(1, "resource")
    assert state.names(1, "charge") == [] and state.card_name(res[-1]) == name("C04-017")
    assert state.instance(res[-1])["sleeping"]


def test_c04_019_thorncrest_gets_3000_while_your_resource_holds_9_cards():
    """+3000 while your Resource holds 9 or more cards (Z12.6)."""
    assert power_on(arrange({"field": {"s1": "C04-019"}, "resource": GREENS}, {}), "s1") == 9500
    assert power_on(arrange({"field": {"s1": "C04-019"}, "resource": GREENS[:8]}, {}), "s1") == 6500


def test_c04_021_thorn_prison_a_cheap_attacker_deals_no_damage():
    """Choose a Z/X of Cost 3 or less that is attacking you or a Z/X on a Player Square: it deals no damage until
    end of turn (Z12.7): the player takes none."""
    state = arrange({"field": {"s5": "C04-005"}}, {"hand": ["C04-021"], "resource": GREENS[:1]})
    attack(state, "s5", "s8")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 play Thorn Prison")
    act(state, "pay with")
    assert squares(state) == ["s5"]
    act(state, "on s5")
    assert state.instance(on(state, "s5"))["no_damage"]
    pass_battle(state)
    assert len(state.zone(1, "life")) == 4 and state.decision() == "main"
    act(state, "p0 pass (main)")
    assert not state.instance(on(state, "s5"))["no_damage"]  # until end of turn


def test_c04_021_thorn_prison_reads_what_the_attacker_attacks():
    """Z15.200: the attacker attacking a Z/X on your Player Square is offered, not one attacking a Z/X on a Normal
    Square, nor a Z/X on a Player Square that does not attack; played by the attacking player, an attacker attacking
    the opponent (not "you") is not offered."""
    on_ps = arrange({"field": {"s5": "C04-005", "s2": "C04-005"}},
                    {"field": {"s8": "C04-005", "s9": "C04-005"}, "hand": ["C04-021"], "resource": GREENS[:1]})
    attack(on_ps, "s5", "s8")
    act(on_ps, "p0 pass (battle-event)")
    act(on_ps, "p1 play Thorn Prison")
    act(on_ps, "pay with")
    assert squares(on_ps) == ["s5"]
    on_ns = arrange({"field": {"s6": "C04-005", "s2": "C04-005"}},
                    {"field": {"s8": "C04-005", "s9": "C04-005"}, "hand": ["C04-021"], "resource": GREENS[:1]})
    attack(on_ns, "s6", "s9")
    act(on_ns, "p0 pass (battle-event)")
    act(on_ns, "p1 play Thorn Prison")
    act(on_ns, "pay with")
    assert on_ns.decision() != "effect-target"  # nothing to choose
    mine = arrange({"field": {"s5": "C04-005"}, "hand": ["C04-021"], "resource": GREENS[:1]}, {})
    attack(mine, "s5", "s8")
    act(mine, "p0 play Thorn Prison")
    act(mine, "pay with")
    assert mine.decision() != "effect-target"
