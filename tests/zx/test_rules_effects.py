"""Rule effects, keywords, automatic abilities and hidden information (docs/zx/rules.md sections 10-13)."""

import random
from collections import Counter

import pytest

from tcbg.errors import GameError
from tcbg.zx.game import Game, ZXDeck
from tests.zx.scenario import CARDS, PROGRAMS, act, filler, game, layout, play_zx, start, texts

P0 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], filler(40))


def hit_player_1(state, pick=0):
    act(state, "attack from s5 to s8 (the player)")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    act(state, f"p0 pick Life card {pick}")


# -- 10. Rule effects --

def test_player_damage_opponent_picks_by_position_decline_goes_to_charge():
    """909 / 207.3: the opponent picks a face-down Life card by position; it is revealed; an Ignition card may be
    played, and declined (or without the icon) it goes to Charge."""
    p1 = layout(["Vanilla"] * 4, ["Big", "Igniter", "Big", "Big"], ["Vanilla", "Vanilla"], filler(40))
    state = start(game(P0, p1).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    act(state, "attack from s5 to s8 (the player)")
    act(state, "p0 pass (battle-event)")
    act(state, "p1 pass (battle-event)")
    assert state.decision() == "damage-life-pick" and state.current_player() == 0
    assert [t for t in texts(state)] == [f"p0 pick Life card {k} (from the top)" for k in range(4)]
    act(state, "p0 pick Life card 2")  # the second from the bottom: Igniter
    assert state.decision() == "damage-play" and state.current_player() == 1
    assert texts(state) == ["p1 pass (damage-play)", "p1 play the revealed Igniter #55"]
    act(state, "p1 pass (damage-play)")
    assert state.names(1, "charge") == ["Igniter"] and len(state.zone(1, "life")) == 3


def random_positions(game_, seeds, want, limit=4000):
    """Positions of random games (seeds) where the decision is ``want``."""
    for seed in seeds:
        state = game_.new_initial_state(seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal() and steps < limit:
            if state.decision() == want:
                yield state
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1


CHARGE_HEAVY = ["Vanilla"] * 20 + ["Tiny"] * 10 + ["Spark"] * 10 + ["Igniter"] * 10


def test_charge_excess_owner_chooses_all_go_to_trash_together():
    """906.1 / 306.2a / 901.2 / 702.1 / Z6.8: over the limit of 4 the Charge's owner chooses the excess cards (on either
    player's turn), and they reach Trash together before anyone has priority again."""
    g = Game(CARDS, [ZXDeck(CHARGE_HEAVY), ZXDeck(CHARGE_HEAVY)], programs=PROGRAMS)
    seen = 0
    for state in random_positions(g, range(60), "charge-excess"):
        owner = state.current_player()
        charge = state.zone(owner, "charge")
        excess = len(charge) - 4
        assert excess >= 1
        assert sorted(int(t.split("#")[1].split()[0]) for t in texts(state)) == sorted(charge)
        probe = state.clone()
        trash = len(probe.zone(owner, "trash"))
        chosen = []
        while probe.decision() == "charge-excess":
            a = probe.legal_actions()[0]
            chosen.append(int(probe.action_to_string(a).split("#")[1].split()[0]))
            assert len(probe.zone(owner, "trash")) == trash  # nothing moves until all are chosen
            probe.apply_action(a)
        assert len(chosen) == excess
        assert all(probe.instance(i)["zone"] == "trash" for i in chosen)
        assert len(probe.zone(owner, "charge")) <= 4
        seen += 1
        if seen >= 10:
            break
    assert seen > 0


def test_lethal_damage_and_loss_in_random_play():
    """904 / 903 / 101.2: in random games no Z/X ever stays with lethal damage at a priority decision (the
    invariants check it after every action) and every game ends with a loser whose Life is 0, or a concession, or
    the turn limit."""
    g = Game(CARDS, [ZXDeck(CHARGE_HEAVY), ZXDeck(CHARGE_HEAVY)], programs=PROGRAMS)
    reasons = Counter()
    for seed in range(30):
        state = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            assert state.invariant_violation() == ""
        reasons[state.end_reason] += 1
        if state.end_reason == "life":
            losers = [p for p in (0, 1) if state.outcome(p) == "lost"]
            assert losers and all(state.zone(p, "life") == [] for p in losers)
    assert reasons["life"] > 0


# -- 11. Keywords --

def test_life_recovery_only_when_life_at_most_the_opponents():
    """1102 / Z11.3 / 12.1: player 1 (first) hits player 0 twice; player 0 hits back and player 1's Recoverer is
    revealed and played: Life 3 against player 0's 2, so nothing is recovered (the seed's case 2 shows the
    recovery when Life is at most the opponent's)."""
    p1 = layout(["Vanilla"] * 4, ["Big", "Big", "Big", "Recoverer"], ["Vanilla", "Vanilla"], filler(40))
    p0 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], filler(40))
    state = game(p0, p1, first_player=1).new_initial_state(0)
    act(state, "keep")
    act(state, "keep")
    act(state, "p1 put Vanilla")
    for square in ("s1", "s3"):
        play_zx(state, "Vanilla", square)
        act(state, f"attack from {square} to s2 (the player)")
        act(state, "p1 pass (battle-event)")
        act(state, "p0 pass (battle-event)")
        act(state, "p1 pick Life card 0")
    act(state, "p1 pass (main)")
    act(state, "p0 pass (resource)")
    act(state, "p0 pass (ignition)")
    assert len(state.zone(0, "life")) == 2
    play_zx(state, "Vanilla", "s5")
    hit_player_1(state)
    act(state, "p1 play the revealed Recoverer")
    assert state.waiting() == [] and len(state.zone(1, "life")) == 4  # still in Life while choosing its Square
    act(state, "p1 to square s7")
    assert len(state.zone(1, "life")) == 3 and state.decision() == "main"  # 3 > 2: nothing recovered


def test_void_bringer_any_zx_but_isolate_into_trash():
    """11.3 / 11.5 / 1007.1: the Void Bringer card played from Life by damage, Life 3 <= 4: its owner may put one
    Z/X of any Square into Trash (not Charge); an Isolate Z/X cannot be chosen."""
    p0 = layout(["Vanilla", "Hermit", "Vanilla", "Vanilla"], ["Big"] * 4, ["Vanilla", "Igniter"], filler(40))
    p1 = layout(["Vanilla"] * 4, ["Big", "Big", "Big", "Voider"], ["Vanilla", "Vanilla"], filler(40))
    state = start(game(p0, p1).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    play_zx(state, "Hermit", "s4")
    hit_player_1(state)
    act(state, "p1 play the revealed Voider")
    act(state, "p1 to square s9")
    assert state.decision() == "void-bringer" and state.current_player() == 1
    options = texts(state)
    assert "p1 pass (void-bringer)" in options
    assert any("Vanilla" in t and "s5" in t for t in options) and any("Voider" in t for t in options)
    assert not any("Hermit" in t for t in options)
    vanilla = state.board()[4]
    act(state, "Void Bringer: Vanilla")
    assert state.instance(vanilla)["zone"] == "trash" and state.zone(0, "charge") == []
    assert state.decision() == "main" and state.current_player() == 0


def test_void_bringer_not_from_ignition():
    """Z11.3: a Void Bringer card played by Ignition does not use its ability."""
    p1 = layout(["Vanilla"] * 4, ["Big"] * 4, ["Vanilla", "Vanilla"], ["Big", "Big", "Voider"] + filler(30))
    state = start(game(P0, p1).new_initial_state(0))
    play_zx(state, "Vanilla", "s5")
    hit_player_1(state)
    act(state, "p0 pass (main)")
    act(state, "p1 pass (resource)")
    act(state, "p1 ignite with Big")
    act(state, "p1 play the revealed Voider")
    act(state, "p1 to square s9")
    assert state.decision() == "main" and state.waiting() == []


def test_cards_the_engine_cannot_run_yet():
    """Z11.7: Evol Seed's effect comes with the next issue: refused with effects, accepted as vanilla without."""
    deck = ZXDeck(["Seed"] * 10 + ["Vanilla"] * 40)
    with pytest.raises(GameError, match="Evol Seed"):
        Game(CARDS, [deck, deck])
    state = Game(CARDS, [deck, deck], effects=False).new_initial_state(0)
    assert state.invariant_violation() == ""


# -- 13. Hidden information --

def test_determinize_keeps_what_the_observer_knows():
    """13.1 / 13.2: the observer's hand and every public zone stay; the opponent's hand, deck and Life are dealt
    again among themselves, the observer's deck and Life among themselves; sizes stay; the decision stays."""
    g = Game(CARDS, [ZXDeck(CHARGE_HEAVY), ZXDeck(CHARGE_HEAVY)], programs=PROGRAMS)
    rng = random.Random(3)
    state = g.new_initial_state(3)
    for _ in range(120):
        state.apply_action(rng.choice(state.legal_actions()))
    for observer in (0, 1):
        other = 1 - observer
        copy = state.clone()
        copy.determinize(observer, 99)
        assert copy.invariant_violation() == ""
        assert copy.current_player() == state.current_player() and copy.decision() == state.decision()
        assert copy.zone(observer, "hand") == state.zone(observer, "hand")
        for p in (0, 1):
            for zone in ("charge", "trash", "resource"):
                assert copy.zone(p, zone) == state.zone(p, zone)
            for zone in ("deck", "life", "hand"):
                assert len(copy.zone(p, zone)) == len(state.zone(p, zone))
        assert copy.board() == state.board()
        mine = lambda s: sorted(s.zone(observer, "deck") + s.zone(observer, "life"))  # noqa: E731
        theirs = lambda s: sorted(s.zone(other, "deck") + s.zone(other, "life") + s.zone(other, "hand"))  # noqa: E731
        assert mine(copy) == mine(state) and theirs(copy) == theirs(state)
    changed = state.clone()
    changed.determinize(0, 5)
    assert changed.zone(1, "hand") != state.zone(1, "hand") or changed.zone(1, "deck") != state.zone(1, "deck")
