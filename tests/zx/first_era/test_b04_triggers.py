"""The B04 Events with an Evol Seed ability of their own (docs/zx/cards.md "The language": ``EventDefinition(...,
evol_seed=EvolSeed(...))``), in real positions of the set first-era (rules.md section 15). Every ruling of a card is
cited as ``Ruling B04-0NN Qk``."""

from __future__ import annotations

from ..era import act, arrange, name, on, power_on, texts

BLUES = ["C02-006"] * 6  # Sky Tree, Rhenium: blue, a vanilla 4/6500
FILLER = "C03-018"       # Neige of the Snow: a vanilla 6/9500


def play(state, card: str, square: str | None = None):
    act(state, f"play {card}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def bare(names):
    return [n.split(" #")[0] for n in names]


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
