"""The B04 cards of "at the end of the turn" and of a Cost change working from the Resource: Spinel Penguin,
Jager and Skeletal Dancer, in real positions of the set first-era, through legal actions (docs/zx/cards.md "At the
end of the turn"; rules.md Z15.320 - Z15.322)."""

from __future__ import annotations

import json

from ..era import act, arrange, name, on, play, sleeping, texts
from .test_b01_combos import cards, empty_squares, pay_all
from .test_b03_combos import into_resource

REDS = ["B01-013"] * 6     # Charging Iron Rider, Tank Heart: red 5/8000, vanilla
BLACKS = ["B01-068"] * 2   # Full-Swing Hitter, Sting Beat: black 4/6500, vanilla
ARTEMIS = "B01-006"        # red 3/5000, vanilla: Cost 3 or less
LEOPARD = "B01-016"        # red 6/9500, vanilla
SHUTDOWN = "B02-037"       # blue Event, Cost 2: return one of your Z/X on a Square to your hand
DELETE = "B01-030"         # blue 4/6500, vanilla
NOBUNAGA = "B05-016"       # red 8/10000, vanilla: more than Cost 7
HARPUIA = "B05-015"        # red 7/8500: when it appears from your hand, +1 damage to your opponent until end of turn
RETURNER = "B03-034"       # [Blue 1]: return an opponent's Z/X of Cost 3 or less on a Normal Square to its hand
TANK = "B01-013"           # Cost 5
CHEAP3 = "B04-023"         # blue 3/5000, vanilla


def remembered(state, square: str):
    """The card the Z/X on ``square`` is remembered by, as its position says (None: not remembered)."""
    entry = next(e for e in json.loads(state.to_json())["field"] if e["square"] == square)
    return entry.get("remembered_by")


def end_turn(state, player: int):
    """The player passes the Main phase; the End phase's abilities resolve, up to the next player's Resource phase."""
    act(state, f"p{player} pass (main)")
    while state.decision() == "trigger-order":
        act(state, "resolve")


# -- B04-012 Piercing Spinel, Spinel Penguin -------------------------------------------------------------------

def spinel(hand=(ARTEMIS, LEOPARD), resource=("B04-073", *REDS[:3])):
    state = arrange({}, {"hand": ["B04-012", *hand], "resource": list(resource)})
    into_resource(state, "B04-012")
    return state


def test_b04_012_a_cheap_zx_appears_for_the_turn_and_goes_back_to_the_hand():
    """Into your Resource, with 5 or more cards there and Jager among them: you may choose a Z/X of Cost 3 or less
    in your hand (not Steel Leopard, Cost 6); it appears in Reboot on an empty Normal Square (never a Player
    Square), and at the end of the turn returns to its owner's hand (rules.md Z15.320)."""
    state = spinel()
    act(state, "p1 yes (effect-may)")
    assert cards(state) == [name(ARTEMIS)]
    act(state, "choose")
    assert "s2" not in empty_squares(state) and "s8" not in empty_squares(state)
    act(state, "choose square s5")
    assert state.card_name(on(state, "s5")) == name(ARTEMIS) and not sleeping(state, "s5")
    assert remembered(state, "s5").startswith(name("B04-012"))
    assert state._game.state_from_json(state.to_json()).to_json() == state.to_json()
    end_turn(state, 1)
    assert on(state, "s5") == -1 and name(ARTEMIS) in state.names(1, "hand")
    assert state.decision() == "resource" and state.turn_player == 0


def test_b04_012_asks_nothing_without_jager_or_five_resource_cards():
    """Four Resource cards with this one, or five without Jager: nothing is asked, nothing appears; declining the
    "you may" leaves the hand as it was."""
    few = spinel(resource=("B04-073", *REDS[:2]))
    assert few.decision() == "main" and all(i == -1 for i in few.board())
    no_jager = spinel(resource=REDS[:4])
    assert no_jager.decision() == "main" and all(i == -1 for i in no_jager.board())
    declined = spinel()
    act(declined, "p1 pass (effect-may)")
    assert all(i == -1 for i in declined.board()) and name(ARTEMIS) in declined.names(1, "hand")


def test_b04_012_a_zx_that_left_its_square_and_came_back_is_a_new_object():
    """Rules.md Z15.320: the Z/X returned to the hand by Shutdown and played again from the hand is another object:
    at the end of the turn it stays on its Square, and nothing else is returned."""
    state = spinel(hand=(ARTEMIS, SHUTDOWN), resource=("B04-073", DELETE, *REDS[:3]))
    act(state, "p1 yes (effect-may)")
    act(state, "choose")
    act(state, "choose square s5")
    play(state, name(SHUTDOWN))
    act(state, "on s5")
    assert on(state, "s5") == -1 and name(ARTEMIS) in state.names(1, "hand")
    play(state, name(ARTEMIS), "s5")
    assert remembered(state, "s5") is None
    end_turn(state, 1)
    assert state.card_name(on(state, "s5")) == name(ARTEMIS) and name(ARTEMIS) not in state.names(1, "hand")


def test_b04_012_a_zx_that_left_for_the_trash_stays_there():
    """Rules.md Z15.320: the Z/X that left its Square before the end of the turn (a Z/X of its owner's played onto
    that Square, so it goes to the Trash) is not returned to the hand from there; the Z/X played there is not
    remembered."""
    state = spinel(hand=(ARTEMIS, CHEAP3), resource=("B04-073", DELETE, *REDS[:3]))
    act(state, "p1 yes (effect-may)")
    act(state, f"choose {name(ARTEMIS)}")
    act(state, "choose square s5")
    play(state, name(CHEAP3), "s5")
    assert name(ARTEMIS) in state.names(1, "trash") and remembered(state, "s5") is None
    end_turn(state, 1)
    assert name(ARTEMIS) in state.names(1, "trash") and name(ARTEMIS) not in state.names(1, "hand")
    assert state.card_name(on(state, "s5")) == name(CHEAP3)


# -- B04-073 Fang Hunter, Jager ---------------------------------------------------------------------------------

def returner(p0_resource, p1_field, turn_player=0, p0_field=None, p1_resource=()):
    """Player ``turn_player`` has Cyber-returner (B03-034) on s5 and its ability offered: the opponent's Z/X it may
    return (Cost 3 or less, as Costs are now) are the Squares its choice offers."""
    mine = {"field": {"s5": RETURNER, **(p0_field or {})}, "resource": list(p0_resource)}
    theirs = {"field": p1_field, "resource": list(p1_resource)}
    state = arrange(mine, theirs) if turn_player == 0 else arrange(theirs, mine, turn_player=1)
    act(state, f"use the ability of {name(RETURNER)}")
    pay_all(state)
    return sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t)


def test_b04_073_in_your_resource_with_spinel_penguin_opposing_costs_are_2_less():
    """While this card is in your Resource and Spinel Penguin is there too, during your turn each of your opponent's
    Z/X on Squares costs 2 less: Tank Heart (Cost 5) is Cost 3, so Cyber-returner may return it; Steel Leopard
    (Cost 6) is Cost 4 and may not (rules.md Z15.321)."""
    assert returner(["B04-073", "B04-012", DELETE], {"s7": TANK, "s9": LEOPARD}) == ["s7"]


def test_b04_073_does_nothing_alone_on_a_square_or_in_your_opponents_turn():
    """Without Spinel Penguin in the Resource, with Jager on a Square instead of the Resource, and during the
    opponent's turn (Jager and Spinel Penguin in the Resource of the player whose turn it is not), Costs are
    printed: Tank Heart (5) may not be returned."""
    assert returner(["B04-073", DELETE], {"s7": TANK}) == []
    assert returner(["B04-012", DELETE], {"s7": TANK}, p0_field={"s4": "B04-073"}) == []
    assert returner([DELETE], {"s7": TANK}, turn_player=1, p1_resource=["B04-073", "B04-012"]) == []


def test_b04_073_two_jagers_and_one_spinel_penguin_reduce_by_4():
    """Ruling B04-073 Q1 (Ruling B04-012 Q1): one Spinel Penguin and two Jager in your Resource reduce the Costs of
    your opponent's Z/X by 4 during your turn: Harpuia (Cost 7) is Cost 3; with one Jager it is Cost 5."""
    assert returner(["B04-073", "B04-073", "B04-012", DELETE], {"s7": HARPUIA}) == ["s7"]
    assert returner(["B04-073", "B04-012", DELETE], {"s7": HARPUIA}) == []


def test_b04_073_not_to_0_or_less():
    """"Not to 0 or less" (rules.md Z15.224, Z15.321): with two Jager, Artemis (Cost 3) is Cost 1 and Tank Heart
    (Cost 5) Cost 1, never less; player 0's own Z/X keep their Costs; the disassembly shows the floor and the
    Resource the ability works from."""
    state = arrange({"resource": ["B04-073", "B04-073", "B04-012"], "field": {"s1": LEOPARD}},
                    {"field": {"s7": ARTEMIS, "s9": TANK}})
    assert [state.instance(on(state, s))["cost"] for s in ("s7", "s9", "s1")] == [1, 1, 6]
    assert "not to 0 or less, from the Resource" in state._game.disassemble("B04-073")


# -- B04-074 Dancing Skeleton, Skeletal Dancer ------------------------------------------------------------------

def dancer(resource=("B04-027", *BLACKS), trash=(HARPUIA, NOBUNAGA)):
    state = arrange({}, {"hand": ["B04-074"], "resource": list(resource), "trash": list(trash)})
    into_resource(state, "B04-074")
    return state


def hit_player(state, frm: str, to: str):
    """An attack on the player's empty Player Square, its damage processed (Life card 0 picked, nothing played)."""
    act(state, f"attack from {frm} to {to}")
    while state.decision() != "main":
        act(state, "pick Life card 0" if state.decision() == "damage-life-pick" else "pass")


def test_b04_074_pays_black_2_for_a_zx_from_the_trash_removed_at_the_end_of_the_turn():
    """Into your Resource, with Amadeus there: you may pay [Black 2]; if you did, a Z/X of Cost 7 or less from your
    Trash (not Nobunaga, Cost 8) appears in Reboot on an empty Normal Square, and at the end of the turn it is
    removed from the game (rules.md Z15.320)."""
    state = dancer()
    act(state, "p1 yes (effect-may-pay)")
    pay_all(state)
    assert cards(state) == [name(HARPUIA)]
    act(state, "choose")
    assert "s2" not in empty_squares(state) and "s8" not in empty_squares(state)
    act(state, "choose square s5")
    assert state.card_name(on(state, "s5")) == name(HARPUIA) and not sleeping(state, "s5")
    assert remembered(state, "s5").startswith(name("B04-074"))
    end_turn(state, 1)
    assert on(state, "s5") == -1 and state.names(1, "removed") == [name(HARPUIA)]
    assert name(NOBUNAGA) in state.names(1, "trash")


def test_b04_074_needs_amadeus_and_the_payment():
    """Without Amadeus in the Resource nothing is asked; declining the payment brings nothing back."""
    alone = dancer(resource=BLACKS)
    assert alone.decision() == "main" and all(i == -1 for i in alone.board())
    declined = dancer()
    act(declined, "p1 pass (effect-may-pay)")
    assert all(i == -1 for i in declined.board()) and name(HARPUIA) in declined.names(1, "trash")


def test_b04_074_harpuia_from_the_trash_deals_no_more_damage():
    """Ruling B04-074 Q1 (Ruling B05-015 Q2): Harpuia brought back from the Trash did not appear from the hand: its
    attack on the player deals 1 damage, not 2 (rules.md Z15.323)."""
    state = dancer()
    act(state, "p1 yes (effect-may-pay)")
    pay_all(state)
    act(state, "choose")
    act(state, "choose square s5")
    assert state.decision() == "main"
    life = len(state.zone(0, "life"))
    hit_player(state, "s5", "s2")
    assert len(state.zone(0, "life")) == life - 1
