// Native batch simulation of X610Z (docs/agents.md, "From Python"): the core's batch simulator (core/batch.hpp) over
// X610Z's State and agents. Whole games between native agents, one record per game written into caller-owned
// arrays, no Python per action.
//
// Game i of a batch is seeded with CounterRng(master_seed).derive(i) (tcbg._core.derive_seed(master_seed, i)) and
// seat p's agent with agent_seed(game seed, p) (core/agents.hpp), so the record of game i depends only on the game,
// the agents' specs, master_seed and i: a batch split over processes or machines gives the same records.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "tcbg/core/batch.hpp"
#include "tcbg/x610z/agents.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

// card_flags bits per card instance (core/game_api.hpp): the CardInstance::record bits, and IN_PLAY for a card in
// play at the end.
inline constexpr uint8_t kFlagDrawn = kRecordFlagDrawn;
inline constexpr uint8_t kFlagCast = kRecordFlagCast;
inline constexpr uint8_t kFlagInPlay = kRecordFlagInPlay;

using tcbg::GameRecords;
using tcbg::kDecisionCap;

// Plays games first_game .. first_game + count - 1 with one agent spec per seat. Throws tcbg::GameError for a wrong
// number of agents, a bad spec, a negative count or first game, or a game over the decision cap (naming the game's
// index and seed).
void simulate(const std::shared_ptr<const Game>& game, const std::vector<AgentSpec>& agents, uint64_t master_seed,
              int64_t first_game, int64_t count, const GameRecords& out, int64_t decision_cap = kDecisionCap);

}  // namespace tcbg::x610z
