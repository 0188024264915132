// Native random play of X610Z: the core's random playouts (core/playouts.hpp) over X610Z's State. Whole games with
// uniformly random legal actions, no Python per action.
#pragma once

#include <cstdint>
#include <memory>

#include "tcbg/core/playouts.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

using tcbg::PlayoutTotals;  // draws: the games the turn limit ended

// Plays `games` games; game i starts from seed CounterRng(seed).derive(i) and chooses with a generator derived from
// it, so every game can be replayed on its own. No allocation per decision. With `check_invariants`, the rules'
// invariants are checked after every action and a violation throws tcbg::GameError naming the game's seed.
PlayoutTotals random_playouts(const std::shared_ptr<const Game>& game, uint64_t seed, int64_t games,
                              bool check_invariants = false);

}  // namespace tcbg::x610z
