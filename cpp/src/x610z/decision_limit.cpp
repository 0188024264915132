// The decision limit (rules.md 5.8b): a game's end when it is reached (max_game_length: observation.hpp).
#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"
#include "tcbg/x610z/observation.hpp"

namespace tcbg::x610z {

// As the turn limit ends a game (start_turn): every player still playing draws; as a game ending mid-turn does
// (lose, check_game_over): the pending choice and the waiting abilities are dropped, the stack stays as it was.
void State::end_at_decision_limit() {
  if (is_terminal()) return;
  for (int p = 0; p < game_->num_players(); ++p) {
    if (alive(p)) {
      players_[p].outcome = Outcome::Drawn;
      players_[p].reason = EndReason::TurnLimit;
    }
  }
  end_reason_ = EndReason::TurnLimit;
  phase_ = Phase::Over;
  drop_pending();
}

}  // namespace tcbg::x610z
