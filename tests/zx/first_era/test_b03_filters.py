"""B03 cards built on the first era's filters (docs/zx/cards.md "Filters"): "if your Resource holds 「X」", colours,
a Predator's battle, Squares other than your opponent's Player Square; each in a real position of the era's card set.
A partner card defined by another module sits where its own ability does not act; until its definition is in, it is
given none (``table``)."""

from __future__ import annotations

from tcbg.zx.effects.language import EventDefinition, ZXDefinition

from .. import starter
from ..era import ERA, act, damage_on, name, on, power_on, texts


class _Table:
    """The era's cards and definitions, a partner without a definition yet given none."""

    def __init__(self, *partners):
        self.effects = dict(ERA.effects)
        for number in partners:
            self.effects.setdefault(number, EventDefinition() if ERA[number].type == "Event" else ZXDefinition())

    def __iter__(self):
        return iter(ERA)

    def __getitem__(self, number):
        return ERA[number]


def arrange(p0, p1, partners=(), **kw):
    return starter.arrange(p0, p1, table=_Table(*partners), **kw)


def play(state, number, square=None, player="p0"):
    act(state, f"{player} play {name(number)}")
    if square:
        act(state, f"to square {square}")
    while state.decision() == "pay":
        act(state, "pay with")


def into_resource(state, number):
    """Player 0 ends turn 1; player 1 puts ``number`` from hand into their Resource in their Resource phase."""
    act(state, "p0 pass (main)")
    act(state, f"p1 put {name(number)}")


def battle(state, frm, to):
    act(state, f"attack from {frm} to {to}")
    while state.decision() == "battle-event":
        act(state, "pass (battle-event)")


def test_b03_013_azi_dahaka_damages_each_opposing_zx_with_shedar_in_resource():
    """Put into your Resource, with Shedar there: 3000 damage to each of your opponent's Z/X on a Normal Square (not
    on their Player Square); without Shedar, nothing."""
    state = arrange({"field": {"s1": "B01-013", "s3": "B01-016", "s2": "B01-016"}},
                    {"hand": ["B03-013"], "resource": ["B03-031"]})
    into_resource(state, "B03-013")
    assert [damage_on(state, s) for s in ("s1", "s3", "s2")] == [3000, 3000, 0]
    alone = arrange({"field": {"s1": "B01-013"}}, {"hand": ["B03-013"], "resource": ["B01-030"]})
    into_resource(alone, "B03-013")
    assert damage_on(alone, "s1") == 0


def test_b03_015_richard_deals_6000_with_aura_unicorn_in_resource():
    """Put into your Resource, with Aura Unicorn there: 6000 damage to one Z/X (either player's) on a Normal
    Square."""
    state = arrange({"field": {"s1": "B01-016"}}, {"hand": ["B03-015"], "resource": ["B03-047"],
                                                   "field": {"s9": "B01-016"}})
    into_resource(state, "B03-015")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s1", "s9"]
    act(state, "on s1")
    assert damage_on(state, "s1") == 6000


def test_b03_019_matchlock_deals_2000_per_red_resource_card():
    """2000 damage for each red card of your Resource (Sleeping ones too) to one Z/X on a Normal Square."""
    state = arrange({"hand": ["B03-019"], "resource": ["B01-003"] * 3 + ["B01-030"] * 2},
                    {"field": {"s7": "B01-016"}})
    play(state, "B03-019")
    act(state, "on s7")
    assert damage_on(state, "s7") == 6000


def test_b03_029_duel_bounces_with_hanazuo_in_resource():
    """Put into your Resource, with Hanazuo there (the card its text names, Z15.104): one of your opponent's Z/X on a
    Normal Square back to its owner's hand."""
    state = arrange({"field": {"s1": "B01-016", "s2": "B01-013"}}, {"hand": ["B03-029"], "resource": ["B03-093"]})
    into_resource(state, "B03-029")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s1"]
    act(state, "on s1")
    assert on(state, "s1") == -1 and state.names(0, "hand").count(name("B01-016")) == 1


def duel_waits_for_hanazuo():
    """Hanazuo, put into the Resource where Duel is, puts the deck's top card, another Duel, into the Resource: the
    new Duel's ability waits until Hanazuo's effect has finished, then resolves."""
    state = arrange({"field": {"s1": "B01-016"}}, {"hand": ["B03-093"], "resource": ["B03-029"] + ["B01-030"] * 4,
                                                   "deck": ["B01-030", "B01-030", "B03-029"]})
    act(state, "p0 pass (main)")  # player 1 draws 2: the third Duel is the deck's top card now
    act(state, f"p1 put {name('B03-093')}")
    assert state.decision() == "effect-may"
    act(state, "p1 yes")
    resource = state.names(1, "resource")
    assert resource.count(name("B03-029")) == 2 and state.decision() == "effect-target"
    act(state, "on s1")
    assert on(state, "s1") == -1


def test_b03_029_waits_until_the_effect_that_put_it_into_resource_has_finished():
    """Ruling B03-029 Q1 (the rule it states, shown with Hanazuo's own effect in place of B02-100's): a newly
    triggered ability waits until the effect under way has finished."""
    duel_waits_for_hanazuo()


def test_b03_031_shedar_draws_with_azi_dahaka_in_resource():
    """Put into your Resource, with Azi Dahaka there: draw a card."""
    state = arrange({}, {"hand": ["B03-031"], "resource": ["B03-013"]})
    act(state, "p0 pass (main)")
    hand = len(state.names(1, "hand"))
    act(state, f"p1 put {name('B03-031')}")
    assert len(state.names(1, "hand")) == hand


def test_b03_037_drive_pinion_moves_to_any_empty_square_but_the_opponents_player_square():
    """[Blue 1]: this card onto an empty Square other than your opponent's Player Square (your own Player Square may
    be chosen)."""
    state = arrange({"resource": ["B01-030"], "field": {"s1": "B03-037", "s3": "B01-016"}},
                    {"field": {"s7": "B01-016"}})
    act(state, "use the ability of")
    act(state, "pay with")
    assert sorted(t.split("square ")[1] for t in texts(state)) == ["s2", "s4", "s5", "s6", "s9"]
    pinion = on(state, "s1")
    act(state, "choose square s2")
    assert on(state, "s2") == pinion and on(state, "s1") == -1


def test_b03_037_drive_pinion_cannot_move_while_in_battle():
    """Ruling B03-037 Q1: "in battle" is attacking or being attacked now: while another Z/X of yours attacks, the
    ability may be used in the Battle Event step; while Drive Pinion attacks, not."""
    other = arrange({"resource": ["B01-030"], "field": {"s1": "B03-037", "s4": "B01-016"}},
                    {"field": {"s7": "B01-003"}})
    act(other, "attack from s4 to s7")
    assert other.decision() == "battle-event" and [t for t in texts(other) if "use the ability" in t]
    itself = arrange({"resource": ["B01-030"], "field": {"s4": "B03-037"}}, {"field": {"s7": "B01-003"}})
    act(itself, "attack from s4 to s7")
    assert itself.decision() == "battle-event" and not [t for t in texts(itself) if "use the ability" in t]


def test_b03_046_illusion_returns_a_charge_card_with_cars_in_resource():
    """Put into your Resource, with Cars there: one card of your Charge back to your hand."""
    state = arrange({}, {"hand": ["B03-046"], "resource": ["B03-073"], "charge": ["B01-030"]})
    into_resource(state, "B03-046")
    act(state, "p1 choose")
    assert state.names(1, "charge") == [] and name("B01-030") in state.names(1, "hand")


def test_b03_047_aura_unicorn_weakens_with_richard_in_resource():
    """Put into your Resource, with Richard I there: one Z/X on a Normal Square gets -5000 until end of turn."""
    state = arrange({"field": {"s1": "B01-016"}}, {"hand": ["B03-047"], "resource": ["B03-015"]})
    into_resource(state, "B03-047")
    act(state, "on s1")
    assert power_on(state, "s1") == 4500


def test_b03_054_persian_evol_seed_returns_a_cheap_white_event():
    """Evol Seed: one white Event of Cost 3 or less from your Trash back to your hand (not a Z/X, not a red Event,
    not a dearer one)."""
    state = arrange({}, {"charge": ["C01-012"], "deck": ["B01-030", "B01-030", "B03-054"],
                         "trash": ["C01-017", "C01-009", "B01-046"]})
    act(state, "p0 pass (main)")
    act(state, "p1 pass (resource)")
    act(state, "p1 ignite with")
    assert state.decision() == "effect-card" and len(texts(state)) == 1
    act(state, "p1 choose")
    assert name("C01-017") in state.names(1, "hand")


def test_b03_068_reisende_destroys_when_your_predator_destroys_by_battle():
    """When a Predator Z/X of yours destroys a Z/X by battle: destroy one of your opponent's Cost 5 or less Z/X on a
    Normal Square; another race's battle, nothing."""
    state = arrange({"field": {"s1": "B03-068", "s4": "B04-068"}}, {"field": {"s7": "B01-003", "s9": "B01-013"}})
    battle(state, "s4", "s7")
    act(state, "on s9")
    assert on(state, "s9") == -1
    other = arrange({"field": {"s1": "B03-068", "s4": "B01-016"}}, {"field": {"s7": "B01-003", "s9": "B01-013"}})
    battle(other, "s4", "s7")
    assert other.decision() == "main" and on(other, "s9") != -1


def test_b03_069_tacitus_charges_with_five_resource_cards_and_great_hercules():
    """Put into your Resource, with 5 or more cards there and Great Hercules among them: the deck's top card into
    your Charge; with 4 cards, nothing."""
    state = arrange({}, {"hand": ["B03-069"], "resource": ["B03-092"] + ["B01-030"] * 3}, partners=("B03-092",))
    into_resource(state, "B03-069")
    assert len(state.names(1, "charge")) == 1
    few = arrange({}, {"hand": ["B03-069"], "resource": ["B03-092"] + ["B01-030"] * 2}, partners=("B03-092",))
    into_resource(few, "B03-069")
    assert few.names(1, "charge") == []


def test_b03_073_cars_destroys_a_cheap_zx_with_illusion_in_resource():
    """Put into your Resource, with Illusion there: destroy one Cost 3 or less Z/X on a Normal Square."""
    state = arrange({"field": {"s1": "B01-003", "s3": "B01-016"}}, {"hand": ["B03-073"], "resource": ["B03-046"]})
    into_resource(state, "B03-073")
    assert [t.split(" on ")[1] for t in texts(state)] == ["s1"]
    act(state, "on s1")
    assert on(state, "s1") == -1


def test_b03_080_the_abyss_destroys_a_non_black_zx_and_goes_into_charge():
    """Destroy one red, blue, white or green Z/X (either player's) on a Normal Square (a black one is never offered);
    then this card goes into your Charge, not your Trash."""
    state = arrange({"hand": ["B03-080"], "resource": ["B01-066"] * 4, "field": {"s1": "B01-068", "s3": "B01-003"}},
                    {"field": {"s7": "B01-030", "s9": "B01-066"}})
    play(state, "B03-080")
    assert sorted(t.split(" on ")[1] for t in texts(state)) == ["s3", "s7"]
    act(state, "on s7")
    assert on(state, "s7") == -1 and state.names(0, "charge") == [name("B03-080")] and state.names(0, "trash") == []


def test_b03_080_goes_into_charge_with_nothing_to_destroy():
    """Nothing to choose: the destruction is done as far as possible, and the card still goes into your Charge."""
    state = arrange({"hand": ["B03-080"], "resource": ["B01-066"] * 4}, {"field": {"s9": "B01-066"}})
    play(state, "B03-080")
    assert state.decision() == "main" and state.names(0, "charge") == [name("B03-080")]


def test_b03_093_hanazuo_may_add_the_top_card_sleeping():
    """Put into your Resource, with 5 or more cards there and Duel among them: you may put the deck's top card into
    your Resource, Sleeping."""
    state = arrange({}, {"hand": ["B03-093"], "resource": ["B03-029"] + ["B01-030"] * 3})
    into_resource(state, "B03-093")
    act(state, "p1 yes")
    assert len(state.names(1, "resource")) == 6


def test_b03_093_duel_put_by_an_effect_resolves_though_it_left_the_resource():
    """Ruling B03-093 Q2 and Ruling B03-029 Q2 (the rule they state, shown with Wereursus's effect in place of
    B04-097's): Wereursus puts Duel from the hand into the Resource, where Hanazuo is, and returns that Duel to the
    hand; Duel's ability, triggered, still resolves."""
    state = arrange({"field": {"s1": "B01-016"}},
                    {"hand": ["B04-090", "B03-029"], "resource": ["B04-015", "B03-093"]}, partners=("B04-015",))
    into_resource(state, "B04-090")
    act(state, "p1 yes")
    act(state, f"p1 choose {name('B03-029')}")
    act(state, f"p1 choose {name('B03-029')}")
    assert name("B03-029") in state.names(1, "hand") and state.decision() == "effect-target"
    act(state, "on s1")
    assert on(state, "s1") == -1


def test_b03_093_hanazuo_finishes_before_the_ability_it_triggered():
    """Ruling B03-093 Q1: Hanazuo's effect finishes before the ability it triggers (Duel's) resolves."""
    duel_waits_for_hanazuo()
