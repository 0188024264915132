// Native batch simulation (docs/agents.md, "Batches"): whole games between native agents, one record per game
// written into caller-owned arrays, no Python per action.
//
// Game i of a batch is seeded with CounterRng(master_seed).derive(i) (tcbg._core.derive_seed(master_seed, i)) and
// seat p's agent with agent_seed(game seed, p) (agents.hpp), so the record of game i depends only on the game, the
// agents' specs, master_seed and i: a batch split over processes or machines gives the same records.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "tcbg/x610z/agents.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

// card_flags bits per card instance: the CardInstance::record bits, and IN_PLAY for a card in play at the end.
inline constexpr uint8_t kFlagDrawn = kRecordDrawn;
inline constexpr uint8_t kFlagCast = kRecordCast;
inline constexpr uint8_t kFlagInPlay = 4;

// A game that takes more decisions than this is stopped with tcbg::GameError (a safety net: no rule lets a game
// run forever, since the turn limit ends it).
inline constexpr int64_t kDecisionCap = 10'000'000;

// Where the records go: arrays of `count` entries (card_flags: count * game.num_instances(), row-major).
struct GameRecords {
  uint8_t* winner_mask = nullptr;  // bit p: player p won (every teammate of a winning team); 0 for a draw
  uint8_t* reason = nullptr;       // EndReason of the game
  uint16_t* turns = nullptr;       // turns started (State::turn)
  uint32_t* decisions = nullptr;   // actions applied
  uint8_t* first_player = nullptr;
  uint8_t* card_flags = nullptr;
};

// Plays games first_game .. first_game + count - 1 with one agent spec per seat. Throws tcbg::GameError for a wrong
// number of agents, a bad spec, a negative count or first game, or a game over the decision cap (naming the game's
// index and seed).
void simulate(const std::shared_ptr<const Game>& game, const std::vector<AgentSpec>& agents, uint64_t master_seed,
              int64_t first_game, int64_t count, const GameRecords& out, int64_t decision_cap = kDecisionCap);

}  // namespace tcbg::x610z
