#include "tcbg/x610z/playout.hpp"

#include <string>

#include "tcbg/core/error.hpp"

namespace tcbg::x610z {

PlayoutTotals random_playouts(const std::shared_ptr<const Game>& game, uint64_t seed, int64_t games,
                              bool check_invariants) {
  PlayoutTotals totals;
  const CounterRng master(seed);
  auto actions = std::make_unique<ActionList>();
  for (int64_t i = 0; i < games; ++i) {
    const uint64_t game_seed = master.derive(static_cast<uint64_t>(i));
    State state(game, game_seed);
    CounterRng chooser(CounterRng(game_seed).derive(1));
    while (!state.is_terminal()) {
      state.legal_actions(*actions);
      state.apply_legal_action(actions->ids[chooser.below(static_cast<uint64_t>(actions->size))]);
      ++totals.decisions;
      if (check_invariants) {
        const std::string broken = state.invariant_violation();
        if (!broken.empty()) {
          throw GameError("game " + std::to_string(i) + " (seed " + std::to_string(game_seed) + ")", broken,
                          "rules.md 5");
        }
      }
    }
    ++totals.games;
    totals.turns += state.turn();
    totals.draws += state.end_reason() == EndReason::TurnLimit;
  }
  return totals;
}

}  // namespace tcbg::x610z
