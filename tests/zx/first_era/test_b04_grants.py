"""B04 cards of grants, freezes and abilities used from the Resource (docs/zx/cards.md "Grants and restrictions"),
in real positions of the first-era set, through legal actions."""

from __future__ import annotations

import json

from ..era import act, arrange, name, on, pay_all, texts

SMALL = "B01-003"  # Heated Coal, Coal Armadillo: a vanilla red Gigantic, 3500
BIG = "C03-018"  # Neige of the Snow: a vanilla white Angel, 9500
GREENS = ["B01-089"] * 6  # King of Beasts, Werelion: green, no ability


def passes(state, n=2):
    for _ in range(n):
        act(state, "pass (battle-event)")


def squares_offered(state):
    return sorted(t.rsplit(" ", 1)[1] for t in texts(state) if "square s" in t)


def sleeping(state, square):
    return state.instance(on(state, square))["sleeping"]


def test_b04_036_ruling_q1_chosen_in_the_trash():
    """Ruling B04-036 Q1: off the Squares it has no Isolate: an effect may choose it in the Trash (B01-079)."""
    state = arrange({"hand": ["B01-079"], "resource": ["B01-077"] * 2, "trash": ["B04-036"]}, {})
    act(state, f"play {name('B01-079')}")
    pay_all(state)
    act(state, f"choose {name('B04-036')}")
    assert name("B04-036") in state.names(0, "hand")


def test_b04_036_without_its_player_card_can_be_chosen_on_a_square():
    """Isolate only while the Player card is Raichou Chou: with another Player card an effect chooses it."""
    state = arrange({"hand": ["B03-078"], "resource": ["B01-077"] * 2}, {"field": {"s9": "B04-036"}})
    act(state, f"play {name('B03-078')}")
    pay_all(state)
    assert any("on s9" in t for t in texts(state))


def test_b04_050_damavand_sleeps_and_freezes_a_zx_in_your_army_area():
    """Into your Resource with Jasmine there: Sleep one of your opponent's Z/X in your Army Area; it does not
    Reboot during your opponent's next Reboot Phase, and does in the one after (rules.md Z15.162)."""
    state = arrange({"hand": ["B04-050"], "resource": ["B04-095"]},
                    {"field": {"s3": SMALL, "s5": SMALL}}, turn_player=1)
    act(state, "p1 pass (main)")
    act(state, f"put {name('B04-050')} #")
    assert sorted(t.rsplit(" on ", 1)[1] for t in texts(state) if " on s" in t) == ["s3"]  # not the Center Area
    act(state, "on s3")
    assert sleeping(state, "s3") and '"frozen": true' in state.to_json()
    while state.decision() != "resource" or state.current_player() != 1:
        act(state, "pass")
    assert sleeping(state, "s3") and "frozen" not in state.to_json()  # that Reboot Phase passed it by
    act(state, "p1 pass (resource)")
    while state.decision() != "resource" or state.current_player() != 1:
        act(state, "pass")
    assert not sleeping(state, "s3")


def test_b04_050_without_jasmine_nothing_happens():
    state = arrange({"hand": ["B04-050"]}, {"field": {"s3": SMALL}}, turn_player=1)
    act(state, "p1 pass (main)")
    act(state, f"put {name('B04-050')} #")
    assert state.decision() != "effect-target" and not sleeping(state, "s3")


def test_b04_093_takshaka_appears_from_the_resource():
    """[Green 6], only while this card is in your Resource: it appears in Reboot on an empty Square other than your
    opponent's Player Square; it does not pay for itself (rules.md Z15.160)."""
    state = arrange({"resource": ["B04-093"] + GREENS}, {})
    act(state, f"use the ability of {name('B04-093')}")
    assert not any(name("B04-093") in t for t in texts(state))  # never pays for itself
    pay_all(state)
    assert "s8" not in squares_offered(state) and "s2" in squares_offered(state)
    act(state, "choose square s5")
    assert state.card_name(on(state, "s5")).startswith(name("B04-093")) and not sleeping(state, "s5")
    few = arrange({"resource": ["B04-093"] + GREENS[:5]}, {})
    assert not any("use the ability" in t for t in texts(few))
    hand = arrange({"hand": ["B04-093"], "resource": GREENS}, {})
    assert not any("use the ability" in t for t in texts(hand))


def test_b04_093_ruling_q1_an_attack_on_the_empty_player_square_still_damages():
    """Ruling B04-093 Q1: an opposing Z/X attacks your empty Player Square; Takshaka put there by its ability in the
    Battle Event step does not prevent the damage (rules.md 8.4)."""
    state = arrange({"resource": ["B04-093"] + GREENS}, {"field": {"s5": BIG}}, turn_player=1)
    life = len(state.zone(0, "life"))
    act(state, "attack from s5 to s2")
    act(state, "p1 pass (battle-event)")
    act(state, f"use the ability of {name('B04-093')}")
    pay_all(state)
    act(state, "choose square s2")
    passes(state)
    assert state.decision() == "damage-life-pick"
    act(state, "pick Life card 0")
    while state.decision() == "damage-play":
        act(state, "pass")
    assert len(state.zone(0, "life")) == life - 1 and on(state, "s2") >= 0


def _sleep_resources(state, player):
    doc = json.loads(state.to_json())
    for entry in doc["players"][player]["resource"]:
        entry["sleeping"] = True
    return state._game.state_from_json(doc)


def test_b04_094_hagoromoso_reboots_two_resource_cards_when_destroyed_in_the_opponents_turn():
    """Each of your Hourai Z/X (this card too) has "when destroyed during your opponent's turn, Reboot up to 2
    cards in a Resource (either player's)"."""
    state = _sleep_resources(arrange({"field": {"s3": "B04-094"}, "resource": GREENS[:3]}, {"field": {"s6": BIG}},
                                     turn_player=1), 0)
    act(state, "attack from s6 to s3")
    passes(state)
    assert on(state, "s3") == -1
    act(state, f"choose {name('B01-089')}")
    act(state, f"choose {name('B01-089')}")
    woken = [i for i in state.zone(0, "resource") if not state.instance(i)["sleeping"]]
    assert len(woken) == 2


def test_b04_094_not_in_your_own_turn():
    state = arrange({"field": {"s3": "B04-094", "s1": "B02-087"}, "resource": ["B01-003"], "hand": ["B05-017"]},
                    {"field": {"s9": BIG}})
    act(state, f"play {name('B05-017')}")
    pay_all(state)
    act(state, "on s3")  # Shard Burst destroys one of your Z/X
    assert on(state, "s3") == -1 and state.decision() != "effect-card"
