"""The B03 cards that change Costs, in real positions of the set first-era (docs/zx/cards.md "Kinds of ability";
rules.md Z15.224)."""

from __future__ import annotations

from ..era import act, arrange, name, texts

REDS = ["B05-006"] * 8  # Stubborn Iron, Iron Rhino: vanilla red 4/6500 (no Divine Beast)
HOUND = "B01-001"       # Hound of Fate, Laelaps: vanilla red Divine Beast, Cost 2
CROW = "B01-007"        # Messenger of the Sun, Yatagarasu: vanilla red Divine Beast, Cost 3
STEED = "B01-009"       # Black Steed of Conquest, Bucephalus: vanilla red Divine Beast, Cost 4
IRON = "B05-006"        # vanilla red Cost 4, not a Divine Beast
COAL = "B01-003"        # Heated Coal, Coal Armadillo: vanilla red Cost 2, not a Divine Beast


def plays(state) -> list[str]:
    return sorted(t.split("play ", 1)[1].rsplit(" #", 1)[0] for t in texts(state) if " play " in t)


def test_b03_010_manticore_makes_your_divine_beasts_in_hand_cost_1_less():
    """Z15.224: a Divine Beast of Cost 4 in your hand is played with 3 Resource cards, and only 3 are Slept; a card of
    another race still costs 4, and the opponent's Divine Beasts are not changed."""
    state = arrange({"field": {"s2": "B03-010"}, "hand": [STEED, IRON], "resource": REDS[:3]},
                    {"hand": [STEED]})
    assert plays(state) == [name(STEED)]
    act(state, f"play {name(STEED)}")
    act(state, "to square s5")
    paid = 0
    while state.decision() == "pay":
        act(state, "pay with")
        paid += 1
    assert paid == 3 and state.decision() == "main"
    assert plays(state) == []  # every Resource card is Sleeping: the Cost-4 Iron Rhino cannot be paid
    without = arrange({"field": {"s2": IRON}, "hand": [STEED], "resource": REDS[:3]}, {})
    assert plays(without) == []  # without Manticore on a Square, 3 Resource cards do not pay a Cost of 4


def test_b03_010_manticore_does_not_reduce_a_cost_to_0():
    """Z15.224: "not to 0 or less": the reduction stops at 1, so a Divine Beast of Cost 2 costs 1 and one of Cost 1
    (none is printed; Cost 2 checked) is never free: with no Resource card nothing is playable."""
    state = arrange({"field": {"s2": "B03-010"}, "hand": [HOUND], "resource": REDS[:1]}, {})
    act(state, f"play {name(HOUND)}")
    act(state, "to square s5")
    assert state.decision() == "pay"
    act(state, "pay with")
    assert state.decision() == "main"
    broke = arrange({"field": {"s2": "B03-010"}, "hand": [HOUND]}, {})
    assert plays(broke) == []


def test_b03_010_manticore_lowers_the_cost_a_trash_choice_reads():
    """Z15.224: a Divine Beast of Cost 3 in your Trash has Cost 2 there, so B02-070's "a Z/X of Cost 2 or less in your
    Trash" offers it; a Z/X of Cost 3 of another race is not offered."""
    state = arrange({"field": {"s2": "B03-010", "s4": "B02-070"}, "trash": [CROW, "C01-012"]}, {})
    act(state, "use the ability of")
    offered = sorted(t.split("choose ", 1)[1].rsplit(" #", 1)[0] for t in texts(state) if "choose " in t)
    assert offered == [name(CROW)]
    alone = arrange({"field": {"s4": "B02-070"}, "trash": [CROW, COAL]}, {})
    act(alone, "use the ability of")
    offered = sorted(t.split("choose ", 1)[1].rsplit(" #", 1)[0] for t in texts(alone) if "choose " in t)
    assert offered == [name(COAL)]  # printed Costs: the Crow's 3 is too high
