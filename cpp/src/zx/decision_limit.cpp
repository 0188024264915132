// The decision limit (rules.md Z1.7): a game's end when it is reached (max_game_length: observation.hpp).
#include "tcbg/zx/game.hpp"
#include "tcbg/zx/observation.hpp"

namespace tcbg::zx {

// As the turn limit ends a game (Z1.6): a draw, nothing under way goes on.
void State::end_at_decision_limit() {
  if (is_terminal()) return;
  for (auto& q : c_.players) q.outcome = Outcome::Drawn;  // as step_turn's turn limit: both draw (ZP12)
  end_game(EndReason::TurnLimit);
}

}  // namespace tcbg::zx
