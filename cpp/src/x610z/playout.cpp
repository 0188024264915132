// X610Z's random playouts: the core's, instantiated over X610Z's State; a draw is a game the turn limit ended.
#include "tcbg/x610z/playout.hpp"

#include "tcbg/core/playouts.hpp"

namespace tcbg::x610z {

PlayoutTotals random_playouts(const std::shared_ptr<const Game>& game, uint64_t seed, int64_t games,
                              bool check_invariants) {
  return tcbg::random_playouts<State, Game>(
      game, seed, games, check_invariants, [](const State& s) { return s.end_reason() == EndReason::TurnLimit; },
      "rules.md 5");
}

}  // namespace tcbg::x610z
