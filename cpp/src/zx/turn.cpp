// The turn and its phases (docs/zx/rules.md sections 5 and 6): set-up's mulligans and deal, Reboot, Draw, Resource,
// Ignition, Main and End.
#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"
#include "frames.hpp"

namespace tcbg::zx {

// Set-up (rules.md 5.4 - 5.7): the first player, then the second, keep or mulligan once; then each puts the top 4
// cards of the deck face down into Life and the next 2 face up into Resource, in Reboot.
bool State::step_mulligan(Frame& f) {
  if (f.step == 0) return false;
  if (f.player == c_.first_player) {
    f.player = static_cast<uint8_t>(1 - f.player);
    f.step = 0;
    return false;
  }
  for (int k = 0; k < kPlayers; ++k) {
    const int p = k == 0 ? c_.first_player : 1 - c_.first_player;
    PlayerState& ps = c_.players[p];
    for (int j = 0; j < kStartLife && ps.deck.n > 0; ++j) put(ps.deck.top(), Zone::Life);
    for (int j = 0; j < kStartResource && ps.deck.n > 0; ++j) put(ps.deck.top(), Zone::Resource);
  }
  pop();
  return true;
}

// The turn (CR 501-507). Steps: 0 Reboot; 1-2 Draw; 3-4 Resource; 5-7 Ignition; 8-9 Main; 10-12 End; 13 the next
// turn. Even steps push priority preprocessing where the CR runs it; 4, 7, 9 and 12 wait for the turn player.
bool State::step_turn(Frame& f) {
  const int p = f.player;
  PlayerState& ps = c_.players[p];
  switch (f.step) {
    case 0: {
      if (c_.turn >= game_->options().max_turns) {  // rules.md Z1.6
        for (auto& q : c_.players) q.outcome = Outcome::Drawn;
        end_game(EndReason::TurnLimit);
        return true;
      }
      ++c_.turn;
      c_.turn_player = static_cast<uint8_t>(p);
      // Reboot phase (rules.md Z6.1): every Sleeping card of the turn player's, on Squares and in Resource.
      // A frozen Z/X (B02-059) stays Sleeping this once (rules.md Z15.162).
      for (int s = 0; s < kSquares; ++s) {
        if (c_.board[s] == kNone || c_.inst[c_.board[s]].owner != p) continue;
        CardInstance& ci = c_.inst[c_.board[s]];
        if (ci.status & kStatusFrozen) {
          ci.status = static_cast<uint8_t>(ci.status & ~kStatusFrozen);
        } else {
          ci.sleeping = 0;
        }
      }
      for (int k = 0; k < ps.resource.n; ++k) c_.inst[ps.resource.ids[k]].sleeping = 0;
      fire_all(fx::kTurnStarts);
      f.step = 1;
      push(make_frame(Kind::Preprocess, p));
      return true;
    }
    case 1:
      f.step = 2;
      if (c_.turn != 1) {  // CR 503.3a: not the first player's first turn
        drew(p, kDrawPerTurn);  // its watchers wait for the next preprocessing, after the draw (rules.md Z15.188)
        Frame d = make_frame(Kind::Draw, p, kDrawPerTurn);
        push(d);
      }
      return true;
    case 2: case 5: case 8:
      f.step = static_cast<uint8_t>(f.step + 1);
      push(make_frame(Kind::Preprocess, p));
      return true;
    case 3:
      f.step = ps.hand.n > 0 ? 4 : 5;
      return f.step != 4;
    case 6:
      f.step = ps.charge.n > 0 ? 7 : 8;
      return f.step != 7;
    case 10: {
      // End phase (rules.md Z6.6): "at the end of the turn" abilities trigger; damage is removed and "until end of
      // turn" ends, for every Z/X.
      fire_all(fx::kTurnEnds);
      remembered_turn_ends();  // "at the end of the turn" of the cards remembered this turn (rules.md Z15.320)
      for (int s = 0; s < kSquares; ++s) {
        if (c_.board[s] != kNone) {
          c_.inst[c_.board[s]].damage = 0;
          c_.inst[c_.board[s]].player_damage = 0;
          c_.inst[c_.board[s]].power_mod = 0;
          c_.inst[c_.board[s]].cost_mod = 0;
          c_.inst[c_.board[s]].status &= kStatusFrozen;  // "the next Reboot Phase" outlasts the turn
        }
      }
      f.step = 11;
      push(make_frame(Kind::Preprocess, p));
      return true;
    }
    case 11:
      f.step = ps.hand.n > ps.hand_limit ? 12 : 13;
      return f.step != 12;
    case 13:
      forget();  // a remembrance made after this turn's end triggered acts no more (rules.md Z15.322)
      f.player = static_cast<uint8_t>(1 - p);
      f.step = 0;
      return true;
    default:
      return false;  // 4, 7, 9, 12: decisions
  }
}

// CR 505.3a: the chosen Charge card goes to Trash, then the top card of the deck is revealed; an Ignition card may
// be played without its cost, else (or if not played) it goes to Trash. The revealed card stays the deck's top until
// it leaves, so a deck it empties is rebuilt after it has gone (the seed's case 1).
bool State::step_ignition(Frame& f) {
  PlayerState& ps = c_.players[f.player];
  switch (f.step) {
    case 0:
      put(f.a, Zone::Trash);
      f.step = 1;
      return true;
    case 1: {
      if (ps.deck.n == 0) {  // nothing to reveal (rules.md Z10.3)
        pop();
        return true;
      }
      const int i = ps.deck.top();
      f.b = static_cast<uint8_t>(i);
      c_.inst[i].record |= kRecordFlagDrawn;
      if (has_ignition(i) && may_play_free(f.player, i)) {
        f.step = 2;
        return false;
      }
      put(i, Zone::Trash);
      pop();
      fire(fx::kEvolSeed, i);  // put from the deck into Trash (sources.md 1.3)
      return true;
    }
    case 2: return false;
    default:
      pop();
      return true;
  }
}

}  // namespace tcbg::zx
