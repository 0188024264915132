// Native random play (game.hpp random_playouts): the soak's and the bench's loop, no allocation per decision.
#include <memory>
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

PlayoutTotals random_playouts(const std::shared_ptr<const Game>& game, uint64_t seed, int64_t games,
                              bool check_invariants) {
  PlayoutTotals t;
  const CounterRng master(seed);
  auto list = std::make_unique<ActionList>();
  for (int64_t g = 0; g < games; ++g) {
    const uint64_t game_seed = master.derive(static_cast<uint64_t>(g));
    State s(game, game_seed);
    CounterRng pick(CounterRng(game_seed).derive(1));
    while (!s.is_terminal()) {
      s.legal_actions(*list);
      if (list->size == 0) {
        throw GameError("game seed " + std::to_string(game_seed), "a decision without legal actions (" + s.decision() + ")", "");
      }
      const int a = list->ids[pick.below(static_cast<uint64_t>(list->size))];
      s.apply_legal_action(a);
      ++t.decisions;
      if (check_invariants) {
        const std::string why = s.invariant_violation();
        if (!why.empty()) {
          throw GameError("game seed " + std::to_string(game_seed), why + " after action " + std::to_string(a), "");
        }
      }
    }
    ++t.games;
    t.turns += s.turn();
    t.reloads += s.player(0).reloads + s.player(1).reloads;  // CR 902.1: each player's count of the game
    if (s.end_reason() == EndReason::TurnLimit || (s.player_return(0) == 0.0 && s.player_return(1) == 0.0)) ++t.draws;
    if (s.player_return(s.first_player()) > 0) ++t.first_player_wins;
  }
  return t;
}

}  // namespace tcbg::zx
