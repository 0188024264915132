// Lasting effects (rules.md 6.3, 6.17): damage reduction made by an instruction, with each of its durations, and the
// stat changes, properties and control that last while their source is in play. They live in a small table of the
// State (LastingEffect, game.hpp), in the order they were made, so that each can be undone exactly when it ends:
// "until end of turn" with the turn, "while in play" when the permanent it acts on leaves play, "while source in
// play" when the card whose effect it is leaves play.
#include <algorithm>
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

using namespace fx;

// A repeated effect of one source on one permanent (an ability used twice) adds to the record it already has, so
// the table holds one record per (effect, duration, permanent, source, stat or player).
void State::add_lasting(const LastingEffect& effect) {
  for (int k = 0; k < lasting_size_; ++k) {
    LastingEffect& e = lasting_[k];
    if (e.op != effect.op || e.duration != effect.duration || e.target != effect.target || e.source != effect.source) {
      continue;
    }
    if (effect.op == GRANT) {
      e.what = static_cast<uint8_t>(e.what | effect.what);
      return;
    }
    if (effect.op == CONTROL) return;  // control already goes back to the player named first
    if (e.what != effect.what) continue;
    e.amount = static_cast<int8_t>(std::clamp(e.amount + effect.amount, -99, 99));
    return;
  }
  if (lasting_size_ >= kMaxLasting) {
    throw GameError("effects", "more than " + std::to_string(kMaxLasting) + " lasting effects at once", "core limit");
  }
  lasting_[lasting_size_++] = effect;
}

bool State::source_in_play(int source) const {
  return source >= 0 && source < game_->num_instances() && instances_[source].zone == Zone::Play;
}

// `instance` leaves play: the effects acting on it go with it (its changes are forgotten, rules.md 6.17), and those
// lasting while it is in play end: a stat change is taken back (a summon whose damage now reaches its defense is
// destroyed, rules.md 6.21), a property lost, control given back (rules.md 6.20 when its class is taken).
void State::end_lasting(int instance) {
  if (lasting_size_ == 0) return;
  std::array<LastingEffect, kMaxLasting> ended;
  int n_ended = 0, kept = 0;
  for (int k = 0; k < lasting_size_; ++k) {
    const LastingEffect e = lasting_[k];
    if (e.target == instance) continue;
    if (e.duration == kWhileSourceInPlay && e.source == instance) {
      ended[n_ended++] = e;
      continue;
    }
    lasting_[kept++] = e;
  }
  lasting_size_ = static_cast<uint8_t>(kept);
  // The table is consistent before anything is undone: undoing may destroy a summon, which ends its effects in turn.
  for (int k = 0; k < n_ended && phase_ != Phase::Over; ++k) {
    const LastingEffect& e = ended[k];
    CardInstance& target = instances_[e.target];
    if (target.zone != Zone::Play) continue;
    forget_paths();  // speeds, ranges and properties change the moves and attacks
    if (e.op == MODIFY) {
      target.lasting[e.what] = static_cast<int8_t>(std::clamp(target.lasting[e.what] - e.amount, -99, 99));
      if (e.what == kBlockRate && target.dot >= 0) occupancy_.block_rate[target.dot] = block_rate_of(e.target);
      check_destroyed(e.target);
    } else if (e.op == CONTROL) {
      const int back = e.what < game_->num_players() && alive(e.what) ? e.what : target.owner;
      return_control(e.target, back);
    }
  }
}

// rules.md 6.17: "until end of turn" ends when the turn ends.
void State::end_turn_lasting() {
  int kept = 0;
  for (int k = 0; k < lasting_size_; ++k) {
    if (lasting_[k].duration != kUntilEndOfTurn) lasting_[kept++] = lasting_[k];
  }
  lasting_size_ = static_cast<uint8_t>(kept);
}

int State::lasting_reduction(int instance) const {
  int total = 0;
  for (int k = 0; k < lasting_size_; ++k) {
    if (lasting_[k].op == REDUCE && lasting_[k].target == instance) total += lasting_[k].amount;
  }
  return total;
}

uint8_t State::lasting_properties(int instance) const {
  uint8_t bits = 0;
  for (int k = 0; k < lasting_size_; ++k) {
    if (lasting_[k].op == GRANT && lasting_[k].target == instance) bits = static_cast<uint8_t>(bits | lasting_[k].what);
  }
  return bits;
}

// What deserialize and the invariants check: every record is well formed, acts on a permanent in play and, lasting
// while its source is in play, comes from a card in play.
std::string State::lasting_violation() const {
  const int n = game_->num_instances();
  for (int k = 0; k < lasting_size_; ++k) {
    const LastingEffect& e = lasting_[k];
    const std::string which = "lasting effect " + std::to_string(k);
    if (e.op != REDUCE && e.op != MODIFY && e.op != GRANT && e.op != CONTROL) return which + " is no lasting instruction";
    if (e.duration > kWhileSourceInPlay) return which + " has no duration";
    if (e.op != REDUCE && e.duration != kWhileSourceInPlay) return which + " should be kept on its card";
    if (e.target >= n || e.source >= n) return which + " names a card outside the game";
    if (instances_[e.target].zone != Zone::Play) return which + " acts on a card not in play";
    if (e.duration == kWhileSourceInPlay && instances_[e.source].zone != Zone::Play) {
      return which + " outlived its source";
    }
    const bool ok = e.op == REDUCE    ? e.amount > 0
                    : e.op == MODIFY  ? e.what <= kBlockRate && e.amount != 0
                    : e.op == GRANT   ? e.what > 0 && e.what < 32
                                      : e.what < game_->num_players();
    if (!ok) return which + " has an amount, stat, property or player out of range";
    for (int j = 0; j < k; ++j) {
      const LastingEffect& d = lasting_[j];
      if (d.op == e.op && d.duration == e.duration && d.target == e.target && d.source == e.source &&
          (e.op == GRANT || e.op == CONTROL || d.what == e.what)) {
        return which + " repeats an earlier one";
      }
    }
  }
  return "";
}

}  // namespace tcbg::x610z
