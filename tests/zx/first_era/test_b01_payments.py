"""The B01 cards whose abilities Sleep and Reboot, move cards into Charge and deal damage to a player, in real
positions of the set first-era (docs/zx/cards.md "Payments, states and the deck"; rules.md section 15)."""

from __future__ import annotations


from ..era import act, arrange, name, on, resource, sleeping, texts, with_sleeping_resource

REDS = ["C01-006"] * 4   # Graceful Crystal: red, a vanilla 4/6500
WHITES = ["C03-018"] * 4  # Neige of the Snow: white, a vanilla 6/9500
ALEXANDER = ("B03-104", "C02-001")  # player 0's Player card Kurosaki Mikado


def use(state, number: str, pay: str = "pay with"):
    act(state, f"use the ability of {name(number)}")
    while state.decision() in ("ability-pay", "ability-charge"):
        act(state, pay if state.decision() == "ability-pay" else "from Charge into Trash")


def test_b01_012_alexander_reboots_another_zx_with_kurosaki_mikado():
    """[Red 4]: if your Player card is Kurosaki Mikado, Reboot one Z/X on a Square other than this card (either
    player's); with another Player card the cost is paid and nothing is Rebooted (Z12.8)."""
    state = arrange({"field": {"s1": ("B01-012", True), "s3": ("C01-006", True)}, "resource": REDS},
                    {"field": {"s7": ("C01-006", True)}}, players=ALEXANDER)
    use(state, "B01-012")
    assert state.decision() == "effect-target"
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s3", "s7"]  # not Alexander itself
    act(state, "choose Graceful Crystal, Crystal Swan #")
    assert not sleeping(state, "s3") and sleeping(state, "s7") and sleeping(state, "s1")
    other = arrange({"field": {"s1": "B01-012", "s3": ("C01-006", True)}, "resource": REDS}, {})
    use(other, "B01-012")
    assert other.decision() == "main" and sleeping(other, "s3") and resource(other, 0) == [True] * 4


def test_b01_012_a_zx_rebooted_after_its_sleep_cost_may_use_it_again():
    """Ruling B01-012 Q1: a Z/X Slept by its own [Sleep] cost and Rebooted by Alexander may use that ability again
    (B05-084 Karin's [Sleep this card] stands for Bucephalus's)."""
    state = arrange({"field": {"s1": "B01-012", "s3": "B05-084"}, "resource": REDS + ["C01-006"]}, {},
                    players=ALEXANDER)
    state = with_sleeping_resource(state, 0, [4])
    use(state, "B05-084")
    act(state, "choose Graceful")
    assert sleeping(state, "s3") and not [t for t in texts(state) if name("B05-084") in t]
    use(state, "B01-012")
    act(state, f"choose {name('B05-084')}")
    assert [t for t in texts(state) if f"use the ability of {name('B05-084')}" in t]


def test_b01_012_a_zx_that_attacked_and_is_rebooted_may_attack_again():
    """Ruling B01-012 Q2: a Z/X that attacked (and so Slept) and is Rebooted by Alexander may attack once more."""
    state = arrange({"field": {"s1": "B01-012", "s5": "C01-006"}, "resource": REDS}, {}, players=ALEXANDER)
    act(state, "attack from s5 to s8")
    while state.decision() != "main":
        act(state, "pick Life card 0" if state.decision() == "damage-life-pick" else "pass")
    assert sleeping(state, "s5") and not [t for t in texts(state) if "attack from s5" in t]
    use(state, "B01-012")
    act(state, "choose Graceful")
    assert [t for t in texts(state) if "attack from s5 to s8" in t]


def test_b01_049_burmese_sleeps_a_resource_card_of_either_player():
    """When this card appears, Sleep one Resource card, either player's (Z15.140)."""
    state = arrange({"hand": ["B01-049"], "resource": WHITES + ["C03-018"]}, {"resource": REDS[:2]})
    act(state, f"play {name('B01-049')}")
    act(state, "to square s1")
    for _ in range(4):
        act(state, "pay with")
    assert state.decision() == "effect-card" and len(texts(state)) == 7  # 5 of its owner's, 2 of the opponent's
    act(state, "choose Graceful")
    assert resource(state, 1) == [True, False] and resource(state, 0).count(False) == 1


def test_b01_065_maeror_may_put_a_hand_card_into_charge():
    """When this card appears, you may put one card of your hand into your Charge."""
    state = arrange({"hand": ["B01-065", "C03-018"], "resource": ["B01-065"] * 3}, {})
    act(state, f"play {name('B01-065')}")
    act(state, "to square s1")
    for _ in range(3):
        act(state, "pay with")
    declined = state.clone()
    act(declined, "pass (effect-may)")
    assert declined.names(0, "charge") == [] and declined.decision() == "main"
    act(state, "yes (effect-may)")
    act(state, f"choose {name('C03-018')}")
    assert [c.split(" #")[0] for c in state.names(0, "charge")] == [name("C03-018")] and state.names(0, "hand") == []


def test_b01_070_sieger_reboots_itself_with_kamiyugi_ayase_and_may_attack_again():
    """[3 of your Charge cards into your Trash]: if your Player card is Kamiyugi Ayase, Reboot this card. Ruling
    B01-070 Q1: it attacked, is Rebooted by its own ability, and may attack again."""
    state = arrange({"field": {"s5": "B01-070"}, "charge": WHITES[:3]}, {}, players=("C02-001", "C01-001"))
    act(state, "attack from s5 to s8")
    while state.decision() != "main":
        act(state, "pick Life card 0" if state.decision() == "damage-life-pick" else "pass")
    use(state, "B01-070")
    assert not sleeping(state, "s5") and len(state.names(0, "trash")) == 3
    assert [t for t in texts(state) if "attack from s5 to s8" in t]
    other = arrange({"field": {"s5": ("B01-070", True)}, "charge": WHITES[:3]}, {})
    use(other, "B01-070")
    assert sleeping(other, "s5") and len(other.names(0, "trash")) == 3


def test_b01_070_its_cost_is_paid_from_its_controllers_charge_only():
    """Ruling B01-070 Q2: the 3 Charge cards of the cost are its controller's; the opponent's Charge cannot pay."""
    state = arrange({"field": {"s5": "B01-070"}, "charge": WHITES[:2]}, {"charge": WHITES},
                    players=("C02-001", "C01-001"))
    assert not [t for t in texts(state) if "use the ability" in t]
    enough = arrange({"field": {"s5": "B01-070"}, "charge": WHITES[:3]}, {"charge": WHITES},
                     players=("C02-001", "C01-001"))
    act(enough, "use the ability of")
    charge1 = set(enough.names(1, "charge"))
    assert all(t.split("put ")[1].split(" from")[0] not in charge1 for t in texts(enough))


def test_b01_093_glory_scythe_reboots_two_resource_cards_when_it_destroys_by_battle():
    """When this card destroys an opponent's Z/X in battle, Reboot two Resource cards, either player's (Z15.140)."""
    state = arrange({"field": {"s5": "B01-093"}, "resource": REDS[:2]},
                    {"field": {"s8": "C01-012"}, "resource": REDS[:2]})
    state = with_sleeping_resource(with_sleeping_resource(state, 0, [0, 1]), 1, [0])
    act(state, "attack from s5 to s8")
    while state.decision() == "battle-event":
        act(state, "pass")
    assert on(state, "s8") == -1 and state.decision() == "effect-card" and len(texts(state)) == 4
    act(state, "choose Graceful Crystal, Crystal Swan #")
    act(state, "choose Graceful Crystal, Crystal Swan #")
    assert state.decision() == "main" and resource(state, 0) == [False, False] and resource(state, 1) == [True, False]


def test_b01_103_lucifer_deals_two_damage_for_seven_charge_cards():
    """Your Charge has no limit; [7 of your Charge cards into your Trash]: 2 damage to your opponent, each a Life
    pick of its own (Z15.146)."""
    state = arrange({"field": {"s1": "B01-103"}, "charge": WHITES * 2}, {})
    assert state.decision() == "main" and len(state.names(0, "charge")) == 8  # no limit: no excess
    use(state, "B01-103")
    assert len(state.names(0, "trash")) == 7 and state.decision() == "damage-life-pick"
    act(state, "p0 pick Life card 0")
    act(state, "p0 pick Life card 0")
    assert state.decision() == "main" and len(state.names(1, "life")) == 2
