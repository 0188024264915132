// What one player of a Z/X game sees (docs/observations.md "Z/X"): the observation as a float tensor and as text,
// and the information state (what they have seen and done). Hidden from a player, and so absent from all three, is
// what State::determinize deals again for them (docs/zx/rules.md 13.1): the order of both decks, which cards are in
// either Life (their own too), and the opponent's hand.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

// The tensor's parts (docs/observations.md "Z/X"): global features, two player blocks (the observer's first), the
// nine Squares as the observer faces them, then every card instance by owner (the observer's first), each owner's
// in the order of game.instance_cards().
inline constexpr int kObsGlobal = 1 + 1 + 2 + 2 + 2 + 2 + 15 + 1 + 1 + 1;
inline constexpr int kObsPlayer = 6 + 2 + 1 + 1 + 4 + 1;
inline constexpr int kObsSquare = 3;
inline constexpr int kObsZones = 9;  // own hand, unseen, Charge, Trash, Resource, Square, Player card, resolving,
                                     // removed from the game
inline constexpr int kObsInstance = kObsZones + 2 + kSquares + 6;
inline constexpr int kObsPlayerOffset = kObsGlobal;
inline constexpr int kObsSquareOffset = kObsPlayerOffset + kPlayers * kObsPlayer;
inline constexpr int kObsInstanceOffset = kObsSquareOffset + kSquares * kObsSquare;

inline int observation_tensor_size(const Game& game) {
  return kObsInstanceOffset + game.num_instances() * kObsInstance;
}

// Whether `player` sees which card instance `instance` is (rules.md 13.1): a card in a public zone, in their own
// hand, or revealed or being played (what determinize leaves in place).
bool instance_visible(const State& s, int instance, int player);

// Writes the observation of `player` (0 or 1) into out[0 .. observation_tensor_size(game) - 1]: every float is
// written, nothing is allocated. Throws tcbg::GameError for another player.
void observation_tensor(const State& s, int player, float* out);

// What a tensor buffer holds, for observation_tensor_update: the observer it was written for and what its blocks were
// written from (every card instance's record, the cards shown and played, the Squares' Power). A default memo knows
// nothing, so the first update writes everything.
inline constexpr int kShownWords = (kMaxInstances + 63) / 64;
struct ObservationMemo {
  int observer = -1;  // -1: the buffer's content is unknown
  int played = kNone;
  uint64_t shown[kShownWords] = {};
  float power[kSquares] = {};
  CardInstance inst[kMaxInstances];
};

// The same tensor as observation_tensor, into a buffer that holds what the last update with this memo wrote
// there, and nothing else since (the batched environment's rows, core/vector_env.hpp): for the same observer only
// the global, player and Square blocks and the instance blocks that changed are written, a tenth of the tensor on a
// typical decision; for another observer, or a memo that knows nothing, all of it.
void observation_tensor_update(const State& s, int player, float* out, ObservationMemo& memo);
std::string observation_string(const State& s, int player);
// The observation text, then every decision taken so far (history, as PlayedState keeps it) as `player` saw it
// (docs/observations.md).
std::string information_state_string(const State& s, int player, const int32_t* history, size_t length);

// rules.md Z1.7: the decision limit. A game still going after kDecisionsPerTurn decisions per turn of its turn limit
// (max_game_length, OpenSpiel's name) ends as a draw, as at the turn limit: the State Python plays counts its
// history (python/core_api.hpp, PlayedState) and calls State::end_at_decision_limit.
inline constexpr int64_t kDecisionsPerTurn = 1000;
inline int64_t max_game_length(const Game& game) { return kDecisionsPerTurn * game.options().max_turns; }

}  // namespace tcbg::zx
