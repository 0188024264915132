// Rule effects and keyword abilities (docs/zx/rules.md sections 10 and 11): Reload, priority preprocessing with
// Charge excess, lethal damage, loss and player damage in their CR 901.2 order, and Life Recovery, Void Bringer.
#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"
#include "frames.hpp"

namespace tcbg::zx {

// CR 902.1 (the seed's Reload Effect): the moment a player's deck is empty while their Trash is not, all of the
// Trash is shuffled into a new deck at once; then a frame is pushed for the opponent's pick of a Life card to Charge.
bool State::reload_due() {
  // Both decks at once (rules.md Z10.4): the non-turn player's frame is pushed first, so the turn player's Life
  // pick, on top, is made first.
  for (int k = 0; k < kPlayers; ++k) {
    const int p = k == 0 ? 1 - c_.turn_player : c_.turn_player;
    PlayerState& ps = c_.players[p];
    if (ps.deck.n != 0 || ps.trash.n == 0) continue;
    while (ps.trash.n > 0) {
      const int i = ps.trash.top();
      put(i, Zone::Deck);
    }
    shuffle_deck(p);
    if (ps.reloads < 255) ++ps.reloads;
    Frame f = make_frame(Kind::Reload, p);
    f.step = 1;
    push(f);
    return true;
  }
  return false;
}


// Priority preprocessing (CR 702.1, 901): the rule effects in their CR 901.2 order, each applied and the list
// checked again from the start, until none applies; then the waiting automatic abilities (rules.md 12.1), the turn
// player choosing the order when more than one waits.
bool State::step_preprocess(Frame& f) {
  if (f.step == 1) return false;
  const int tp = c_.turn_player;
  // CR 906.1 Charge excess: the owner chooses.
  for (int k = 0; k < kPlayers; ++k) {
    const int p = k == 0 ? tp : 1 - tp;
    if (c_.players[p].charge.n > charge_limit(p)) {
      push(make_frame(Kind::Excess, p, 0));
      return true;
    }
  }
  // CR 904 Lethal damage: every Z/X whose damage reaches its Power, or whose Power is 0 or less, is destroyed at
  // once, into its owner's Charge (CR 1007.1).
  uint8_t doomed[kSquares];
  int n = 0;
  auto lethal = [&] {
    for (int s = 0; s < kSquares; ++s) {
      const int i = c_.board[s];
      if (i == kNone) continue;
      const int pw = power(i);
      if (pw <= 0 || c_.inst[i].damage >= pw) doomed[n++] = static_cast<uint8_t>(i);
    }
  };
  if (game_->has_continuous()) {
    const PowerScope query(*this);  // nothing changes while the Powers are read: each continuous one read once
    lethal();
  } else {
    lethal();
  }
  if (n > 0) {
    // Destroyed at once: every watcher sees each of them, the watchers destroyed with them included (Z15.100).
    // Each event's amount is 1 + the Square the Z/X is on (rules.md Z15.347).
    for (int k = 0; k < n; ++k) watch(fx::kDestroyed, doomed[k], c_.inst[doomed[k]].square + 1);
    // Abilities granted to them (B03-055 gives itself one too): each still has them as it is destroyed.
    if (game_->has_grants() && game_->grants_auto(fx::kDestroyed)) {
      for (int k = 0; k < n; ++k) queue_granted(fx::kDestroyed, doomed[k], kNone, c_.inst[doomed[k]].square + 1);
    }
    // Each replaced as it was before any of them left: a replacement one of them gives (B03-094) holds for all.
    bool replaced[kSquares];
    for (int k = 0; k < n; ++k) replaced[k] = game_->options().effects && replaces_destroy(doomed[k]);
    for (int k = 0; k < n; ++k) destroy(doomed[k], true, replaced[k] ? 1 : 0);
    return true;
  }
  // CR 903 / 101.2-101.3 Loss: no Life left; both at once is a draw.
  const bool lost0 = c_.players[0].life.n == 0, lost1 = c_.players[1].life.n == 0;
  if (lost0 || lost1) {
    c_.players[0].outcome = lost0 && lost1 ? Outcome::Drawn : lost0 ? Outcome::Lost : Outcome::Won;
    c_.players[1].outcome = lost0 && lost1 ? Outcome::Drawn : lost1 ? Outcome::Lost : Outcome::Won;
    end_game(EndReason::Life);
    return true;
  }
  // CR 909 Player damage.
  for (int k = 0; k < kPlayers; ++k) {
    const int p = k == 0 ? tp : 1 - tp;
    if (c_.players[p].pending_damage > 0) {
      --c_.players[p].pending_damage;
      push(make_frame(Kind::Damage, p));
      return true;
    }
  }
  if (c_.waiting_n == 1) {
    const Waiting w = c_.waiting[0];
    c_.waiting_n = 0;
    push(w.kind == Kind::Effect ? effect_frame(w.player, w.card, w.ability, w.subject, w.amount)
                                : make_frame(w.kind, w.player, w.card));
    return true;
  }
  if (c_.waiting_n > 1) {
    f.step = 1;
    return false;
  }
  pop();
  return true;
}

// CR 909 (sources.md item 54): the opponent picks one of the player's face-down Life cards by position; it is
// revealed, still counted in Life (ruling B03-048); an Ignition card may be played without its cost, else it goes
// to Charge.
bool State::step_damage(Frame& f) {
  switch (f.step) {
    case 0:
      if (c_.players[f.player].life.n == 0) {
        pop();
        return true;
      }
      return false;
    case 1: {
      const int i = f.a;
      c_.inst[i].record |= kRecordFlagDrawn;  // seen by its owner, as an Ignition's revealed card (step_ignition)
      if (has_ignition(i) && may_play_free(f.player, i)) {
        f.step = 2;
        return false;
      }
      const int whose = f.player;
      put(i, Zone::Charge);
      pop();
      life_decreased(whose);
      return true;
    }
    case 2: return false;
    default:
      pop();
      return true;
  }
}

// CR 906.1: the owner chooses the excess one card at a time (marked); then the chosen cards go to Trash together.
bool State::step_excess(Frame& f) {
  PlayerState& ps = c_.players[f.player];
  if (f.step != 0) return false;
  if (ps.charge.n - f.a > charge_limit(f.player)) {
    f.step = 1;
    return false;
  }
  for (int k = ps.charge.n - 1; k >= 0; --k) {
    const int i = ps.charge.ids[k];
    if (c_.inst[i].marked) put(i, Zone::Trash);
  }
  pop();
  return true;
}

// CR 1102.1 / 1012.1: if your Life is at most your opponent's, the top card of the deck goes into Life.
bool State::step_life_recovery(Frame& f) {
  const int p = f.player;
  pop();
  PlayerState& ps = c_.players[p];
  if (ps.life.n <= c_.players[1 - p].life.n && ps.deck.n > 0) put(ps.deck.top(), Zone::Life);
  return true;
}

// A Z/X a card effect may choose: on a Square and without Isolate (rules.md 11.5).
bool State::effect_target(int s) const { return c_.board[s] != kNone && !has_keyword(c_.board[s], fx::kGrantIsolate); }
bool State::any_effect_target() const {
  for (int s = 0; s < kSquares; ++s) {
    if (effect_target(s)) return true;
  }
  return false;
}

// rules.md 11.3: if your Life is at most your opponent's, you may choose a Z/X on a Square (not Isolate) for Trash.
bool State::step_void_bringer(Frame& f) {
  if (f.step == 1) return false;
  const int p = f.player;
  if (any_effect_target() && c_.players[p].life.n <= c_.players[1 - p].life.n) {
    f.step = 1;
    return false;
  }
  pop();
  return true;
}

}  // namespace tcbg::zx
