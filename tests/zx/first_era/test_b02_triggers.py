"""The B02 cards whose abilities wait for new events (a Z/X moved from Square to Square, an Event played) or divide
an amount, in real positions of the set first-era (docs/zx/cards.md "The language";
rules.md section 15). Every ruling of a card is cited as ``Ruling B02-0NN Qk``."""

from __future__ import annotations

from ..era import act, arrange, name, on, play, power_on

BLUES = ["B02-025"] * 8  # Windmill Transformer, Fermium: vanilla blue 3/5000
REDS = ["B02-006"] * 8   # Golden-Winged Bird, Garuda: vanilla red 3/5000
BLUE4, BLUE6 = "B02-029", "B02-034"  # vanilla blue 4/6500, 6/9500
RED4 = "B02-011"


def test_b02_028_verte_gives_4000_when_a_zx_is_moved_to_another_square():
    """A Z/X of yours moved by B02-040 from s1 to s6: Verte's ability waits and gives +4000 to a Z/X of your choice
    (either player's; here the opponent's), until end of turn. Playing the Event without moving: nothing waits."""
    spec = {"hand": ["B02-040"], "resource": BLUES[:3], "field": {"s1": BLUE4, "s3": "B02-028"}, "deck": [BLUE6]}
    state = arrange(spec, {"field": {"s7": RED4}})
    play(state, "Wait There")
    act(state, "yes")
    act(state, "on s1")
    act(state, "choose square s6")
    assert state.decision() == "effect-target"
    act(state, "on s7")
    assert power_on(state, "s7") == 6500 + 4000 and power_on(state, "s6") == 6500 and state.decision() == "main"
    still = arrange(spec, {"field": {"s7": RED4}})
    play(still, "Wait There")
    act(still, "pass (effect-may)")
    assert still.decision() == "main" and power_on(still, "s3") == 6000


def test_b02_028_an_exchange_moves_both_zx():
    """An exchange of Squares (B05-037) puts each of the two onto another Square: Verte's ability waits twice
    (rules.md Z15.180)."""
    state = arrange({"hand": ["B05-037"], "resource": BLUES[:2], "field": {"s4": BLUE4, "s6": RED4, "s3": "B02-028"}},
                    {})
    play(state, "Jam Session")
    act(state, "on s4")
    act(state, "on s6")
    for _ in range(2):
        if state.decision() == "trigger-order":
            act(state, "resolve")
        act(state, "on s3")
    assert power_on(state, "s3") == 6000 + 8000 and state.decision() == "main"


def test_b02_035_meitnerium_draws_after_the_blue_event_has_resolved():
    """Ruling B02-035 Q1: B01-037 (draw 2, return 2 hand cards to the deck, shuffle) resolves completely first, then
    Meitnerium's ability draws 1: the third card drawn comes after the Event's choices."""
    state = arrange({"hand": ["B01-037", BLUE4], "resource": BLUES[:1], "field": {"s3": "B02-035"},
                     "deck": [RED4, RED4, RED4]}, {})
    play(state, "Scientific Progress")
    assert state.decision() == "effect-card" and len(state.names(0, "hand")) == 3  # drawn 2, Meitnerium not yet
    act(state, "choose")
    act(state, "choose")
    assert state.decision() == "main" and len(state.names(0, "hand")) == 2  # then Meitnerium's draw resolved
    assert len(state.names(0, "hand")) == 1 + 2 - 2 + 1


def test_b02_035_draws_even_after_returning_itself_to_hand():
    """Ruling B02-035 Q2: B02-037 returns Meitnerium itself to your hand; its ability still draws 1."""
    state = arrange({"hand": ["B02-037"], "resource": BLUES[:2], "field": {"s3": "B02-035"}, "deck": [RED4]}, {})
    play(state, "Shutdown")
    act(state, "on s3")
    hand = state.names(0, "hand")
    assert on(state, "s3") == -1 and sorted(n.split(" #")[0] for n in hand) == sorted([name("B02-035"), name(RED4)])


def test_b02_035_not_for_a_red_event_nor_the_opponents_blue_one():
    """Only a blue Event you play: a red Event (B01-019) draws nothing; the opponent's blue Event neither."""
    red = arrange({"hand": ["B01-019"], "resource": REDS[:2], "field": {"s3": "B02-035", "s4": BLUE4},
                   "deck": [RED4]}, {})
    play(red, "Exploding Coal")
    act(red, "on s4")
    assert red.names(0, "hand") == [] and red.decision() == "main"
    theirs = arrange({"field": {"s3": "B02-035"}, "deck": [RED4]},
                     {"hand": ["B02-039"], "resource": BLUES[:3], "deck": [BLUE4, BLUE4]}, turn_player=1)
    play(theirs, name("B02-039"))
    assert theirs.names(0, "hand") == [] and len(theirs.names(1, "hand")) == 2


def test_b02_092_gekkako_gets_1000_for_every_2_resource_cards():
    """+1000 Power for every 2 cards in your Resource, rounded down: 5 cards give +2000, 6 give +3000."""
    state = arrange({"resource": BLUES[:5], "field": {"s3": "B02-092"}}, {})
    assert power_on(state, "s3") == 5000 + 2000
    six = arrange({"resource": BLUES[:6], "field": {"s3": "B02-092"}}, {})
    assert power_on(six, "s3") == 5000 + 3000
    none = arrange({"field": {"s3": "B02-092"}}, {})
    assert power_on(none, "s3") == 5000


def test_b02_092_removed_by_draconic_flare_deals_its_printed_power():
    """Ruling B02-092 Q1: B04-018 removes Gekkako from the opponent's Trash and deals damage equal to its Power:
    5000, the printed Power (its ability works only on a Square)."""
    state = arrange({"hand": ["B04-018"], "resource": REDS[:6]},
                    {"trash": ["B02-092"], "resource": BLUES[:6], "field": {"s7": "B02-034"}})
    play(state, "Overlord Sword")
    act(state, "choose")
    act(state, "on s7")
    assert state.instance(on(state, "s7"))["damage"] == 5000


def battle(state, frm: str, to: str):
    act(state, f"attack from {frm} to {to}")
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")


def test_b02_012_red_hare_adds_4000_to_guan_yus_attack_and_ability():
    """Ruling B02-012 Q1: with Red Hare on a Square, every damage E01-004 Guan Yu deals to your opponent's Z/X is
    4000 more: its attack (8000 + 4000, on a B02-092 of 5000 + 8000 Power) and its AUTO ability's 5000 (+ 4000 =
    9000)."""
    attack = arrange({"field": {"s5": "E01-004", "s3": "B02-012"}},
                     {"field": {"s8": "B02-092"}, "resource": BLUES + BLUES})
    battle(attack, "s5", "s8")
    assert attack.instance(on(attack, "s8"))["damage"] == 8000 + 4000
    state = arrange({"field": {"s5": "E01-004", "s3": "B02-012"}, "charge": ["B02-004"]},
                    {"field": {"s8": "C03-018"}}, turn_player=1)
    act(state, "attack from s8 to s5")
    while state.decision() != "effect-may":
        act(state, "pass")
    act(state, "yes")
    act(state, "choose")
    assert state.instance(on(state, "s8"))["damage"] == 5000 + 4000


def test_b02_012_not_for_other_zx_or_damage_to_your_own():
    """A Z/X whose name contains neither deals its own damage; Red Hare changes nothing for itself attacking."""
    state = arrange({"field": {"s5": RED4, "s3": "B02-012"}}, {"field": {"s8": "C03-018"}})
    battle(state, "s5", "s8")
    assert state.instance(on(state, "s8"))["damage"] == 6500


SERA = ("B04-104", "C02-001")  # player 0's Player card Kurashiki Sera


def test_b02_016_reboots_after_destroying_a_cheap_zx_on_a_normal_square():
    """Tyranno (9500) attacks and destroys an opponent's Z/X of Cost 3 on a Normal Square: with Sera as your Player
    card it is Rebooted (the destroyed Z/X's Cost and Square read as it was destroyed, rules.md Z15.185)."""
    state = arrange({"field": {"s5": "B02-016"}}, {"field": {"s4": "B02-006"}}, players=SERA)
    battle(state, "s5", "s4")
    while state.decision() != "main":
        act(state, "resolve" if state.decision() == "trigger-order" else "pass")
    assert on(state, "s4") == -1 and not state.instance(on(state, "s5"))["sleeping"]


def test_b02_016_not_for_a_cost_4_zx_a_player_square_or_another_player_card():
    """A Cost 4 Z/X destroyed, a Cost 3 one on the Player Square destroyed, or another Player card: it stays
    Sleeping."""
    for opponent, target, players in (({"s4": RED4}, "s4", SERA), ({"s8": "B02-006"}, "s8", SERA),
                                      ({"s4": "B02-006"}, "s4", ("C01-001", "C02-001"))):
        state = arrange({"field": {"s5": "B02-016"}}, {"field": opponent}, players=players)
        battle(state, "s5", target)
        assert on(state, target) == -1 and state.instance(on(state, "s5"))["sleeping"], (opponent, players)


def test_b02_101_lu_bu_deals_1_damage_after_a_hit_of_15000_on_a_player_square():
    """Lu Bu (7500) with B04-017's +5000 and Red Hare's +4000 deals one hit of 16500 to the Z/X on your opponent's
    Player Square: your opponent is dealt 1 damage (a Life card to Charge). Without Red Hare the hit is 12500: no
    damage to the player."""
    for hare, life in ((True, 3), (False, 4)):
        mine = {"hand": ["B04-017"], "resource": REDS[:3], "field": {"s5": "B02-101", **({"s3": "B02-012"} if hare
                                                                                       else {})}}
        state = arrange(mine, {"field": {"s8": "C03-018"}})
        act(state, "attack from s5 to s8")
        play(state, "Operation Recapture")
        if state.decision() == "effect-target":
            act(state, "on s5")
        while state.decision() != "main":
            decision = state.decision()
            act(state, "pick Life card 0" if "life" in decision else "resolve" if decision == "trigger-order"
                else "pass")
        assert len(state.names(1, "life")) == life, hare
