"""The B05 cards whose abilities pay inside an effect (their own controller's or the opponent's), Sleep and Reboot,
look at the top of the deck and put cards on its bottom, in real positions of the set first-era (docs/zx/cards.md
"Payments, states and the deck"; rules.md section 15)."""

from __future__ import annotations

import json

from ..era import act, arrange, bare, name, on, power_on, resource, sleeping, texts

BLUES = ["C02-006"] * 7    # Sky Tree, Rhenium: blue, a vanilla 4/6500
WHITES = ["C03-018"] * 7   # Neige of the Snow: white, a vanilla 6/9500
GREENS = ["B01-089"] * 9   # King of Beasts, Werelion: green, a vanilla Lycanthrope 4/6500
BLACKS = ["B05-073"] * 7   # Feles as a black Resource card


def play(state, number: str, square: str | None = None):
    act(state, f"play {name(number)}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def deck_of_one(state, player: int = 0):
    """The position with all but the top card of the player's deck moved into their Trash."""
    doc = json.loads(state.to_json())
    dp = doc["players"][player]
    dp["trash"] += dp["deck"][:-1]
    dp["deck"] = dp["deck"][-1:]
    return state._game.state_from_json(doc)


def test_b05_023_curium_may_put_the_top_card_on_the_bottom():
    """When this card appears, look at the top card of your deck and put it back on the top or the bottom (Z15.144:
    "you may put it on the bottom")."""
    state = arrange({"hand": ["B05-023"], "resource": BLUES[:3], "deck": ["C01-012"]}, {})
    play(state, "B05-023", "s1")
    kept = state.clone()
    act(kept, "pass (effect-may)")
    assert bare(kept.names(0, "deck"))[-1] == name("C01-012")
    act(state, "yes (effect-may)")
    assert bare(state.names(0, "deck"))[0] == name("C01-012") and bare(state.names(0, "deck"))[-1] != name("C01-012")


def test_b05_023_with_one_card_in_the_deck_it_stays_where_it_was():
    """Ruling B05-023 Q1: with exactly one card in the deck it is looked at and stays where it was."""
    state = deck_of_one(arrange({"hand": ["B05-023"], "resource": BLUES[:3], "deck": ["C01-012"]}, {}))
    play(state, "B05-023", "s1")
    act(state, "yes (effect-may)")
    assert bare(state.names(0, "deck")) == [name("C01-012")] and state.decision() == "main"


def test_b05_035_menote_may_sleep_itself_to_shuffle_a_zx_away():
    """Ruling B05-035 Q1: Menote may Sleep itself for its ability; then one of your opponent's Z/X on a Normal Square
    goes into its owner's deck, which is shuffled. Choosing a Sleeping Mermaid Sleeps nothing and nothing more
    happens (Z15.141)."""
    state = arrange({"hand": ["B05-035"], "resource": BLUES, "field": {"s3": ("B05-035", True)}},
                    {"field": {"s7": "C03-018"}})
    play(state, "B05-035", "s1")
    act(state, "yes (effect-may)")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s1", "s3"]
    asleep = state.clone()
    act(state, "choose Divine Voice, Menote #0")
    assert sleeping(state, "s1")
    act(state, "choose Neige")
    assert on(state, "s7") == -1 and bare(state.names(1, "deck")).count(name("C03-018")) >= 1
    act(asleep, "on s3")
    assert asleep.decision() == "main" and on(asleep, "s7") >= 0 and not sleeping(asleep, "s1")


def test_b05_041_karl_weakens_a_zx_unless_the_opponent_pays_one():
    """When this card appears, your opponent may pay [1] (any colour); if they did not, one Z/X on a Normal Square
    gets -2000 until end of turn (Z15.143)."""
    state = arrange({"hand": ["B05-041"], "resource": WHITES[:2]}, {"field": {"s7": "C01-006"},
                                                                    "resource": BLUES[:1]})
    play(state, "B05-041", "s1")
    paid = state.clone()
    act(paid, "p1 yes (effect-may-pay)")
    act(paid, "p1 pay with")
    assert power_on(paid, "s7") == 6500 and resource(paid, 1) == [True]
    act(state, "p1 pass (effect-may-pay)")
    act(state, "p0 choose Graceful")
    assert power_on(state, "s7") == 4500
    broke = arrange({"hand": ["B05-041"], "resource": WHITES[:2]}, {"field": {"s7": "C01-006"}})
    play(broke, "B05-041", "s1")
    assert broke.decision() == "effect-target"  # nothing to pay with: it did not pay


def test_b05_050_vent_pays_white_2_once_an_attack():
    """When this card attacks, you may pay [White 2]; if you did, one Z/X on a Normal Square gets -5000. Ruling
    B05-050 Q1: only once per attack, however much could be paid."""
    state = arrange({"field": {"s4": "B05-050"}, "resource": WHITES[:6]}, {"field": {"s7": "C03-018"}})
    act(state, "attack from s4 to s7")
    act(state, "yes (effect-may-pay)")
    act(state, "pay with")
    act(state, "pay with")
    act(state, "choose Neige")
    assert power_on(state, "s7") == 4500 and resource(state, 0).count(False) == 4
    assert state.decision() == "battle-event" and not [t for t in texts(state) if "effect-may-pay" in t]
    while state.decision() == "battle-event":
        act(state, "pass")
    assert on(state, "s7") == -1 and state.decision() == "main"


def test_b05_060_hold_it_right_there_bottoms_an_attacking_zx():
    """Choose one attacking Z/X of Cost 5 or more on a Normal Square and put it on the bottom of its owner's deck."""
    state = arrange({"field": {"s4": "C03-018"}}, {"hand": ["B05-060"], "resource": WHITES[:3],
                                                  "field": {"s7": "C01-006"}})
    act(state, "attack from s4 to s7")
    while state.decision() == "battle-event" and not [t for t in texts(state) if "p1 play" in t]:
        act(state, "pass")
    act(state, f"p1 play {name('B05-060')}")
    while state.decision() == "pay":
        act(state, "pay with")
    act(state, "p1 choose Neige")
    assert on(state, "s4") == -1 and bare(state.names(0, "deck"))[0] == name("C03-018")


def test_b05_068_metus_may_pay_black_1_for_the_top_card_into_charge():
    state = arrange({"hand": ["B05-068"], "resource": BLACKS[:6], "deck": ["C01-012"]}, {})
    play(state, "B05-068", "s1")
    act(state, "yes (effect-may-pay)")
    act(state, "pay with")
    assert bare(state.names(0, "charge")) == [name("C01-012")] and resource(state, 0) == [True] * 6


def test_b05_073_feles_destroys_unless_the_opponent_pays_two():
    """When this card appears, your opponent may pay [2]; if they did not, destroy one Z/X on a Normal Square, either
    player's (Z15.143)."""
    state = arrange({"hand": ["B05-073"], "resource": BLACKS[:6]}, {"field": {"s7": "C03-018"},
                                                                    "resource": BLUES[:2]})
    play(state, "B05-073", "s1")
    paid = state.clone()
    act(paid, "p1 yes")
    act(paid, "p1 pay with")
    act(paid, "p1 pay with")
    assert on(paid, "s7") >= 0 and paid.decision() == "main"
    act(state, "p1 pass")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s1", "s7"]
    act(state, "choose Neige")
    assert on(state, "s7") == -1


def test_b05_073_a_destruction_by_feles_triggers_when_destroyed_abilities():
    """Ruling B05-073 Q1: a Z/X destroyed by Feles's ability is destroyed, and its "when destroyed" ability
    triggers (B04-081 Himawari, destroyed in its owner's opponent's turn, stands for Memoria)."""
    state = arrange({"hand": ["B05-073"], "resource": BLACKS[:6]}, {"field": {"s7": "B04-081"},
                                                                    "resource": BLUES[:1]})
    doc = json.loads(state.to_json())
    doc["players"][1]["resource"][0]["sleeping"] = True
    state = state._game.state_from_json(doc)
    play(state, "B05-073", "s1")
    act(state, "p0 choose Exuberant")
    assert on(state, "s7") == -1 and state.decision() == "effect-card" and texts(state)[0].startswith("p1")
    act(state, "p1 choose Sky Tree")
    assert resource(state, 1) == [False]


def test_b05_084_karin_sleeps_itself_to_reboot_a_resource_card():
    state = arrange({"field": {"s1": "B05-084"}, "resource": GREENS[:2]}, {"resource": BLUES[:1]})
    doc = json.loads(state.to_json())
    doc["players"][0]["resource"][1]["sleeping"] = True
    doc["players"][1]["resource"][0]["sleeping"] = True
    state = state._game.state_from_json(doc)
    act(state, f"use the ability of {name('B05-084')}")
    assert sleeping(state, "s1") and len(texts(state)) == 2  # your Resource only
    act(state, f"choose {doc['players'][0]['resource'][1]['card']} ")
    assert resource(state, 0) == [False, False] and resource(state, 1) == [True]
    assert not [t for t in texts(state) if "use the ability" in t]


def test_b05_085_mizubasho_puts_one_of_two_into_resource_and_the_other_on_the_bottom():
    """From your Charge, [Green 2, this card from your Charge into your Trash]: look at the top 2 cards, put one into
    your Resource Sleeping, the rest on the bottom of your deck (Z15.144)."""
    state = arrange({"charge": ["B05-085"], "resource": GREENS[:2], "deck": ["C01-012", "C03-018", "C01-006"]}, {})
    act(state, f"use the ability of {name('B05-085')}")
    act(state, "pay with")
    act(state, "pay with")
    assert sorted(t.split("choose ")[1].split(" #")[0] for t in texts(state)) == sorted([name("C01-012"),
                                                                                        name("C03-018")])
    act(state, "choose Neige")
    assert resource(state, 0) == [True, True, True] and bare(state.names(0, "resource"))[-1] == name("C03-018")
    deck = bare(state.names(0, "deck"))
    assert deck[0] == name("C01-012") and deck[-1] == name("C01-006")


def test_b05_085_with_one_card_in_the_deck_it_goes_into_resource():
    """Ruling B05-085 Q1: with one card in the deck, that card is looked at and put into Resource Sleeping; the
    deck is rebuilt from the Trash and nothing is "the rest" (Z15.144)."""
    state = deck_of_one(arrange({"charge": ["B05-085"], "resource": GREENS[:2], "deck": ["C01-012"]}, {}))
    trash = len(state.names(0, "trash"))
    act(state, f"use the ability of {name('B05-085')}")
    act(state, "pay with")
    act(state, "pay with")
    act(state, "choose Lawbringer")
    assert bare(state.names(0, "resource"))[-1] == name("C01-012") and resource(state, 0)[-1]
    assert state.decision() == "reload-life-pick"
    act(state, "p1 pick Life card 0")
    assert len(state.names(0, "deck")) == trash + 1 and state.decision() == "main"  # its Trash, and the ability's card


def test_b05_096_weretiger_may_pay_green_1_when_a_lycanthrope_appears():
    """When this card or one of your Lycanthrope Z/X appears, you may pay [Green 1]; if you did, one Z/X on a Normal
    Square gets +5000 until end of turn: its own appearance is one trigger."""
    state = arrange({"hand": ["B05-096", "B01-089"], "resource": GREENS}, {"field": {"s7": "C01-006"}})
    play(state, "B05-096", "s1")
    assert state.decision() == "effect-may-pay"
    act(state, "yes")
    act(state, "pay with")
    act(state, "choose Graceful")
    assert power_on(state, "s7") == 11500 and state.decision() == "main"
    doc = json.loads(state.to_json())
    for entry in doc["players"][0]["resource"]:
        entry["sleeping"] = False
    state = state._game.state_from_json(doc)
    play(state, "B01-089", "s3")
    act(state, "yes (effect-may-pay)")
    act(state, "pay with")
    act(state, f"choose {name('B01-089')}")
    assert power_on(state, "s3") == 11500


def test_b05_098_delicious_gift_takes_one_of_three_into_resource_and_trashes_the_rest():
    top = ["C01-012", "C03-018", "C01-006", "C02-006"]
    state = arrange({"hand": ["B05-098"], "resource": GREENS[:4], "deck": top}, {})
    play(state, "B05-098")
    assert len(texts(state)) == 3
    act(state, "choose Neige")
    assert bare(state.names(0, "resource"))[-1] == name("C03-018") and resource(state, 0)[-1]
    assert bare(state.names(0, "trash")) == [name("C01-012"), name("C01-006"), name("B05-098")]
    assert bare(state.names(0, "deck"))[-1] == name("C02-006")


def test_b05_066_soldat_may_charge_the_top_card_then_the_opponent_picks_a_life_card():
    """When this card appears, you may put the top card of your deck into your Charge; if you did, your opponent
    picks one of your Life cards, by its position (face down, as damage's pick), and it goes into your Charge."""
    state = arrange({"hand": ["B05-066"], "resource": BLACKS[:4], "deck": ["C01-012"],
                     "life": ["C01-006", "C03-018", "C02-006"]}, {})
    play(state, "B05-066", "s1")
    declined = state.clone()
    act(declined, "pass (effect-may)")
    assert declined.names(0, "charge") == [] and len(declined.names(0, "life")) == 3
    act(state, "yes (effect-may)")
    assert state.decision() == "effect-life-pick"
    assert texts(state) == [f"p1 pick Life card {k} (from the top)" for k in range(3)]  # positions, not cards
    act(state, "p1 pick Life card 0")
    assert bare(state.names(0, "charge")) == [name("C01-012"), name("C02-006")]  # Life's top is its last card
    assert bare(state.names(0, "life")) == [name("C01-006"), name("C03-018")] and state.decision() == "main"


def test_b05_079_mind_desire_trashes_big_zx_and_destroys_with_two():
    """Look at the top 5; put any number of the Z/X of Cost 7 or more among them into Trash; with 2 or more, destroy
    one Z/X on a Normal Square; then the rest are shuffled back."""
    top = ["B01-103", "C01-012", "B02-056", "C03-018", "B01-103", "B02-056"]  # Cost 7, 3, 8, 6, 7 | 8 (not looked)
    state = arrange({"hand": ["B05-079"], "resource": BLACKS[:2], "deck": top}, {"field": {"s7": "C01-006"}})
    play(state, "B05-079")
    offered = texts(state)
    assert offered[0] == "p0 pass (effect-card)" and len(offered) == 4  # the two Lucifers and a Galmata
    act(state, f"choose {name('B02-056')}")
    act(state, f"choose {name('B01-103')}")
    act(state, "pass (effect-card)")
    assert state.decision() == "effect-target"
    act(state, "choose Graceful")
    assert on(state, "s7") == -1 and sorted(bare(state.names(0, "trash"))) == sorted(
        [name("B02-056"), name("B01-103"), name("B05-079")])
    one = arrange({"hand": ["B05-079"], "resource": BLACKS[:2], "deck": top}, {"field": {"s7": "C01-006"}})
    play(one, "B05-079")
    act(one, f"choose {name('B02-056')}")
    act(one, "pass (effect-card)")
    assert one.decision() == "main" and on(one, "s7") >= 0


def test_b05_079_with_four_cards_in_the_deck_it_looks_at_them_all():
    """Ruling B05-079 Q1: with 4 or fewer cards in the deck, all of them are looked at and it resolves; looking does
    not empty the deck."""
    state = arrange({"hand": ["B05-079"], "resource": BLACKS[:2], "deck": ["B01-103", "C01-012", "B02-056"]},
                    {"field": {"s7": "C01-006"}})
    doc = json.loads(state.to_json())
    dp = doc["players"][0]
    dp["trash"] += dp["deck"][:-3]
    dp["deck"] = dp["deck"][-3:]
    state = state._game.state_from_json(doc)
    play(state, "B05-079")
    assert len(texts(state)) == 3  # both big Z/X of the three, or none
    act(state, "pass (effect-card)")
    assert state.decision() == "main" and len(state.names(0, "deck")) == 3
