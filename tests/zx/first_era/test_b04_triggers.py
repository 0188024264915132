"""The B04 Events with an Evol Seed ability of their own (docs/zx/cards.md "The language": ``EventDefinition(...,
evol_seed=EvolSeed(...))``), in real positions of the set first-era (rules.md section 15). Every ruling of a card is
cited as ``Ruling B04-0NN Qk``."""

from __future__ import annotations

from ..era import act, arrange, bare, name, on, play, power_on, texts

BLUES = ["C02-006"] * 6  # Sky Tree, Rhenium: blue, a vanilla 4/6500
FILLER = "C03-018"       # Neige of the Snow: a vanilla 6/9500


def mill_three(top: list[str], hand=("C01-012",)):
    """Player 0 plays B04-037 (the top 3 cards of the deck into Trash) with ``top`` on top of the deck."""
    state = arrange({"hand": ["B04-037", *hand], "resource": BLUES[:1], "deck": top}, {})
    play(state, "Royal Straight")
    return state


def test_b04_040_returns_the_zx_adjacent_to_the_opponents_player_square():
    """Ruling B04-040 Q1: the Squares adjacent to the opponent's Player Square are the three touching it, to its
    left and right and the centre Square: the opponent's Z/X there return to their owner's hand; the one on the
    Player Square itself, on the far corners and your own Z/X in the centre stay."""
    state = arrange({"hand": ["B04-040"], "resource": BLUES[:4], "field": {"s1": FILLER}},
                    {"field": {"s7": FILLER, "s9": FILLER, "s8": FILLER, "s5": FILLER, "s4": FILLER}})
    play(state, "Jet-Black")
    # player 1's Player Square is s8; s7, s9 beside it and the centre s5 touch it; s4 does not
    assert [on(state, s) for s in ("s7", "s9", "s5")] == [-1, -1, -1]
    assert on(state, "s8") >= 0 and on(state, "s4") >= 0 and on(state, "s1") >= 0
    assert bare(state.names(1, "hand")) == [name(FILLER)] * 3
    mine = arrange({"hand": ["B04-040"], "resource": BLUES[:4], "field": {"s5": FILLER}}, {"field": {"s9": FILLER}})
    play(mine, "Jet-Black")
    assert on(mine, "s5") >= 0 and on(mine, "s9") == -1


def test_b04_040_evol_seed_trades_a_hand_card_for_this_card():
    """Evol Seed: put from the deck into the Trash, you may put 1 card of your hand into your Trash; if you did,
    this card returns from the Trash to your hand (rules.md Z15.182)."""
    state = mill_three(["B04-040", FILLER, FILLER])
    assert state.decision() == "effect-may"
    act(state, "yes")
    act(state, "choose")
    assert bare(state.names(0, "hand")) == [name("B04-040")] and name("C01-012") in bare(state.names(0, "trash"))
    declined = mill_three(["B04-040", FILLER, FILLER])
    act(declined, "pass (effect-may)")
    assert bare(declined.names(0, "hand")) == [name("C01-012")] and name("B04-040") in bare(declined.names(0, "trash"))
    empty = mill_three(["B04-040", FILLER, FILLER], hand=())
    act(empty, "yes")  # no card to put into the Trash: the Event stays there
    assert empty.names(0, "hand") == [] and name("B04-040") in bare(empty.names(0, "trash"))


def test_b04_040_played_from_the_hand_has_no_evol_seed():
    """The Evol Seed is of the deck only: played from the hand, the Event goes to the Trash and nothing waits."""
    state = arrange({"hand": ["B04-040", "C01-012"], "resource": BLUES[:4]}, {"field": {"s9": FILLER}})
    play(state, "Jet-Black")
    assert state.decision() == "main" and name("B04-040") in bare(state.names(0, "trash"))


def test_b04_078_returns_a_zx_of_cost_5_or_less_from_trash():
    """Return 1 Z/X of Cost 5 or less of your Trash to your hand: not a Cost 6 one, not an Event."""
    state = arrange({"hand": ["B04-078"], "resource": ["B04-078"] * 2, "trash": ["C01-012", FILLER, "B04-037"]}, {})
    play(state, "Mystic Adventure")
    offered = sorted(t.split("choose ", 1)[1].rsplit(" #", 1)[0] for t in texts(state) if " choose " in t)
    assert offered == [name("C01-012")]
    act(state, "choose")
    assert bare(state.names(0, "hand")) == [name("C01-012")]


def test_b04_078_evol_seed():
    """Its Evol Seed, as B04-040's: a hand card into the Trash, this card back to the hand."""
    state = mill_three([FILLER, "B04-078", FILLER])
    act(state, "yes")
    act(state, "choose")
    assert bare(state.names(0, "hand")) == [name("B04-078")]


def test_b04_098_gives_3000_to_a_zx_of_either_player_and_has_an_evol_seed():
    """+3000 Power until end of turn to a Z/X of your choice, the opponent's too; its Evol Seed as B04-040's."""
    state = arrange({"hand": ["B04-098"], "resource": ["B04-098"] * 2}, {"field": {"s7": FILLER}})
    play(state, "Divine Power")
    act(state, "on s7")
    assert power_on(state, "s7") == 9500 + 3000
    seeded = mill_three([FILLER, FILLER, "B04-098"])
    act(seeded, "yes")
    act(seeded, "choose")
    assert bare(seeded.names(0, "hand")) == [name("B04-098")]


def battle(state, frm: str, to: str):
    act(state, f"attack from {frm} to {to}")
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")


def test_b04_019_deals_the_power_of_the_zx_on_your_player_square():
    """Damage equal to the Power of the Z/X on your Player Square (6500) to one of your opponent's Z/X on a Normal
    Square; Ruling B04-019 Q1: with none there, nothing happens (no choice; Athena's case in test_b03_triggers)."""
    reds = ["B02-006"] * 3
    state = arrange({"hand": ["B04-019"], "resource": reds, "field": {"s2": "B02-011"}},
                    {"field": {"s7": "B04-056", "s9": FILLER}})
    play(state, "Strongest Bear")
    act(state, "on s9")
    assert state.instance(on(state, "s9"))["damage"] == 6500
    empty = arrange({"hand": ["B04-019"], "resource": reds}, {"field": {"s9": FILLER}})
    play(empty, "Strongest Bear")
    assert empty.decision() == "main" and empty.instance(on(empty, "s9"))["damage"] == 0


def test_b04_019_evol_seed():
    state = mill_three(["B04-019", FILLER, FILLER])
    act(state, "yes")
    act(state, "choose")
    assert bare(state.names(0, "hand")) == [name("B04-019")]


def test_b04_056_k2_takes_8000_in_full():
    """Ruling B04-056 Q1: B01-020's 8000 damage is dealt in full: K2 ignores only damage of 5000 or less."""
    state = arrange({"hand": ["B01-020"], "resource": ["B02-006"] * 4}, {"field": {"s7": "B04-056"}})
    play(state, "Main Cannon")
    act(state, "on s7")
    assert state.instance(on(state, "s7"))["damage"] == 8000


def test_b04_056_a_power_decrease_is_not_damage():
    """Ruling B04-056 Q2: B01-060's -4000 Power is not damage: K2's Power drops to 5500."""
    state = arrange({"hand": ["B01-060"], "resource": ["B04-056"] * 2}, {"field": {"s7": "B04-056"}})
    play(state, "Resplendent")
    act(state, "on s7")
    assert power_on(state, "s7") == 9500 - 4000


def test_b04_056_ignores_effect_and_attack_damage_of_5000_or_less():
    """Ruling B04-056 Q4: a single damage of 5000 or less, of an effect (B01-019's 5000) or of an attack (a 5000
    attacker), is not dealt; a 6500 attacker's is."""
    event = arrange({"hand": ["B01-019"], "resource": ["B02-006"] * 2}, {"field": {"s7": "B04-056"}})
    play(event, "Exploding Coal")
    act(event, "on s7")
    assert event.instance(on(event, "s7"))["damage"] == 0
    small = arrange({"field": {"s5": "B02-006"}}, {"field": {"s8": "B04-056"}})
    battle(small, "s5", "s8")
    assert small.instance(on(small, "s8"))["damage"] == 0
    big = arrange({"field": {"s5": "C02-006"}}, {"field": {"s8": "B04-056"}})
    battle(big, "s5", "s8")
    assert big.instance(on(big, "s8"))["damage"] == 6500


def test_b04_057_gives_2000_to_the_zx_attacked_in_your_army_area():
    """Your opponent's Z/X attacks your Z/X on your Player Square (your Army Area, rules.md Z15.184): Guardian Heart,
    played in the battle, gives it +2000 until end of turn; one attacked in the Center Area cannot be chosen."""
    whites = ["B04-057"] * 2
    state = arrange({"hand": ["B04-057"], "resource": whites, "field": {"s2": "C02-006"}},
                    {"field": {"s5": FILLER}}, turn_player=1)
    act(state, "attack from s5 to s2")
    act(state, "p1 pass (battle-event)")
    play(state, "Guardian Heart")
    act(state, "on s2")
    assert power_on(state, "s2") == 6500 + 2000
    centre = arrange({"hand": ["B04-057"], "resource": whites, "field": {"s4": "C02-006"}},
                     {"field": {"s5": FILLER}}, turn_player=1)
    act(centre, "attack from s5 to s4")
    act(centre, "p1 pass (battle-event)")
    play(centre, "Guardian Heart")
    assert centre.decision() != "effect-target" and power_on(centre, "s4") == 6500


def test_b04_057_evol_seed():
    state = mill_three([FILLER, "B04-057", FILLER])
    act(state, "yes")
    act(state, "choose")
    assert bare(state.names(0, "hand")) == [name("B04-057")]
