"""A subject filter on IS_ATTACKED ("when one of your Z/X is attacked", docs/zx/cards.md "Subjects"): the filter
matches the attacked Z/X, EVENT_SUBJECT is its attacker; in real positions of the era's card set."""

from __future__ import annotations

from tcbg.effects.refs import EVENT_SUBJECT
from tcbg.zx.effects.language import ZX, AddPower, Auto, Event, ZXDefinition

from .era import act, power_on
from .test_effects_filters_ext import BEAR, DELETE, LEO, arrange

# player 1's Delete: when one of player 1's Z/X of Cost 4 or less is attacked, its attacker gets -1000
WATCHER = ZXDefinition(Auto(Event.IS_ATTACKED, AddPower(EVENT_SUBJECT, -1000), subject=ZX("yours", cost_max=4)))


def resolve(state):
    while state.decision() not in ("battle-event", "main"):
        act(state, "resolve the ability of" if state.decision() == "trigger-order" else "pass")


def test_the_attacker_of_a_matching_zx_is_the_subject():
    """Player 0's Leopard (9500) attacks player 1's Bear (Cost 2): the watcher's ability gives the attacker -1000,
    and the watcher itself is not changed."""
    state = arrange({"field": {"s6": LEO}}, {"field": {"s9": BEAR, "s7": DELETE}}, B01_030=WATCHER)
    act(state, "attack from s6 to s9")
    resolve(state)
    assert (power_on(state, "s6"), power_on(state, "s9"), power_on(state, "s7")) == (8500, 3500, 6500)


def test_the_watcher_itself_attacked_matches_too():
    """The watcher (Cost 4) attacked: its own Z/X, so it fires, once."""
    state = arrange({"field": {"s6": LEO}}, {"field": {"s9": DELETE}}, B01_030=WATCHER)
    act(state, "attack from s6 to s9")
    resolve(state)
    assert power_on(state, "s6") == 8500


def test_no_event_for_a_zx_the_filter_does_not_match_nor_for_another_players_zx():
    """A Cost 6 Z/X of player 1 attacked: nothing; player 0's own Bear is not the watcher's ("yours": player 1's)."""
    state = arrange({"field": {"s6": LEO}}, {"field": {"s9": LEO, "s7": DELETE}}, B01_030=WATCHER)
    act(state, "attack from s6 to s9")
    resolve(state)
    assert power_on(state, "s6") == 9500
    mine = arrange({"field": {"s6": LEO, "s4": DELETE}}, {"field": {"s9": BEAR}}, B01_030=WATCHER)
    act(mine, "attack from s6 to s9")
    resolve(mine)
    assert power_on(mine, "s6") == 9500
