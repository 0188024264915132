"""The B01 cards that read what a Z/X attacks and "your Army Area" (docs/zx/cards.md "Filters", rules.md Z15.200), in
real positions of the set first-era, through legal actions; the helpers the other sets' combination tests share."""

from __future__ import annotations

from ..era import act, arrange, attack, name, on, pass_battle, power_on, squares, texts

WHITES = ["B01-046"] * 6  # Lawbringer Dhaulagiri: white, vanilla
CHEAP = "B01-006"         # Goddess of the Hunt, Artemis: red 3/5000, vanilla
FOUR = "B01-030"          # Erasure Machine, Delete: blue 4/6500, vanilla
BIG = "B01-016"           # Steel Leopard: red 6/9500, vanilla


def play(state, number: str, square: str | None = None, player: str = "p0"):
    act(state, f"{player} play {name(number)}")
    if square:
        act(state, f"to square {square}")
    pay_all(state)


def pay_all(state):
    while state.decision() in ("pay", "ability-pay", "effect-pay"):
        act(state, "pay with")


def cards(state) -> list[str]:
    """The names of the cards a pending card choice offers."""
    return sorted({t.split("choose ", 1)[1].split(" #")[0] for t in texts(state) if "choose " in t
                   and "square" not in t})


def empty_squares(state) -> list[str]:
    """The Squares a pending Square choice offers."""
    return sorted(t.rsplit(" ", 1)[1] for t in texts(state) if "square" in t)


def defend(p0: dict, p1: dict, frm: str, to: str, event: str):
    """Player 0 attacks from ``frm`` to ``to``; player 1 plays ``event`` (white, Cost 1 or 2) in the Battle Event
    step."""
    state = arrange(p0, {**p1, "hand": [event], "resource": WHITES[:2]})
    attack(state, frm, to)
    act(state, "p0 pass (battle-event)")
    play(state, event, player="p1")
    return state


def test_b01_057_arrogant_wall_gives_your_attacked_zx_3500():
    """One Z/X being attacked on a Square in your Army Area gets +3500 until end of turn: the attacked Z/X on your
    Player Square is offered and survives the attack."""
    state = defend({"field": {"s5": FOUR}}, {"field": {"s8": CHEAP}}, "s5", "s8", "B01-057")
    assert squares(state) == ["s8"]
    act(state, "on s8")
    assert power_on(state, "s8") == 8500
    pass_battle(state)
    assert on(state, "s8") != -1 and state.decision() == "main"  # 6500 damage on 8500 Power


def test_b01_057_not_outside_your_army_area():
    """A Z/X attacked in the Center Area (s5) is not in your Army Area: nothing is offered (Z15.200)."""
    state = defend({"field": {"s2": BIG}}, {"field": {"s5": CHEAP}}, "s2", "s5", "B01-057")
    assert state.decision() != "effect-target" and power_on(state, "s5") == 5000


def test_b01_057_an_opponents_zx_in_your_army_area():
    """Z15.200: "in your Army Area" is the near row of the card's player: attacking your opponent's Z/X standing in
    your near row, you may play it on that Z/X."""
    state = arrange({"field": {"s2": BIG}, "hand": ["B01-057"], "resource": WHITES[:1]}, {"field": {"s1": CHEAP}})
    attack(state, "s2", "s1")
    play(state, "B01-057")
    assert squares(state) == ["s1"]
    act(state, "on s1")
    assert power_on(state, "s1") == 8500


def test_b01_058_angel_strike_destroys_a_cheap_zx_attacking_you():
    """Destroy one Z/X of Cost 3 or less attacking you or a card on a Player Square: the attacker of you (Cost 3) is
    offered and destroyed; a Z/X of Cost 3 that does not attack is not; you take no damage."""
    state = defend({"field": {"s5": CHEAP, "s4": CHEAP}}, {}, "s5", "s8", "B01-058")
    assert squares(state) == ["s5"]
    act(state, "on s5")
    assert on(state, "s5") == -1
    pass_battle(state)
    assert len(state.zone(1, "life")) == 4


def test_b01_058_an_attacker_of_a_zx_on_a_player_square_and_not_of_one_elsewhere():
    """Z15.200: an attacker of the Z/X on your Player Square is offered; one attacking a Z/X on a Normal Square, or of
    Cost 4, is not."""
    on_ps = defend({"field": {"s5": CHEAP}}, {"field": {"s8": BIG}}, "s5", "s8", "B01-058")
    assert squares(on_ps) == ["s5"]
    on_ns = defend({"field": {"s6": CHEAP}}, {"field": {"s9": BIG}}, "s6", "s9", "B01-058")
    assert on_ns.decision() != "effect-target" and on(on_ns, "s6") != -1
    dear = defend({"field": {"s5": FOUR}}, {}, "s5", "s8", "B01-058")
    assert dear.decision() != "effect-target" and on(dear, "s5") != -1
