// Native random play: whole games with uniformly random legal actions, no Python per action.
#pragma once

#include <cstdint>
#include <memory>

#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

struct PlayoutTotals {
  int64_t games = 0;
  int64_t decisions = 0;
  int64_t turns = 0;
  int64_t draws = 0;  // games ended by the turn limit
};

// Plays `games` games; game i starts from seed CounterRng(seed).derive(i) and chooses with a generator derived from
// it, so every game can be replayed on its own. No allocation per decision. With `check_invariants`, the rules'
// invariants are checked after every action and a violation throws tcbg::GameError naming the game's seed.
PlayoutTotals random_playouts(const std::shared_ptr<const Game>& game, uint64_t seed, int64_t games,
                              bool check_invariants = false);

}  // namespace tcbg::x610z
