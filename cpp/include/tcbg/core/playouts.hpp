// Native random play for any game: whole games with uniformly random legal actions, no Python per action, with
// the game's invariants optionally checked after every action.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "tcbg/core/batch.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/core/game_api.hpp"
#include "tcbg/core/random.hpp"
#include "tcbg/core/random_agent.hpp"

namespace tcbg {

struct PlayoutTotals {
  int64_t games = 0;
  int64_t decisions = 0;
  int64_t turns = 0;
  int64_t draws = 0;  // games `is_draw` counts (a game's own definition: X610Z's are the games the turn limit ended)
};

// What the rules' invariants say of `state`: "" when they hold or the game checks none (S::invariant_violation).
template <GameState S>
inline std::string invariant_violation_of(const S& state) {
  if constexpr (requires { { state.invariant_violation() } -> std::convertible_to<std::string>; }) {
    return state.invariant_violation();
  } else {
    return std::string();
  }
}

// Plays `games` games; game i starts from seed CounterRng(seed).derive(i) and chooses with a generator seeded
// CounterRng(game seed).derive(1), so every game can be replayed on its own. No allocation per decision. With
// `check_invariants`, the invariants are checked after every action and a violation throws tcbg::GameError naming
// the game's seed and citing `rule`. `is_draw(state)` says which finished games count as draws.
template <GameState S, class G, class IsDraw>
  requires SeededState<S, G>
PlayoutTotals random_playouts(const std::shared_ptr<const G>& game, uint64_t seed, int64_t games,
                              bool check_invariants, IsDraw&& is_draw, const char* rule = "docs/agents.md") {
  PlayoutTotals totals;
  const CounterRng master(seed);
  auto actions = std::make_unique<typename S::ActionList>();
  for (int64_t i = 0; i < games; ++i) {
    const uint64_t game_seed = master.derive(static_cast<uint64_t>(i));
    S state(game, game_seed);
    CounterRng chooser(CounterRng(game_seed).derive(1));
    while (!state.is_terminal()) {
      apply_listed(state, random_action(state, *actions, chooser));
      ++totals.decisions;
      if (check_invariants) {
        const std::string broken = invariant_violation_of(state);
        if (!broken.empty()) {
          throw GameError("game " + std::to_string(i) + " (seed " + std::to_string(game_seed) + ")", broken, rule);
        }
      }
    }
    ++totals.games;
    totals.turns += state.turn();
    totals.draws += is_draw(static_cast<const S&>(state)) ? 1 : 0;
  }
  return totals;
}

}  // namespace tcbg
