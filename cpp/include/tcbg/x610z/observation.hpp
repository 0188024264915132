// What one player of an X610Z game sees (docs/observations.md): the observation as a float tensor and as text, and
// the information state (what they have seen and done). Hidden from a player, and so absent from all three, is
// what State::determinize deals again for them (rules.md 5.15): the order of every deck, their own included, and
// the cards in other players' hands.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

// Where each part of the tensor starts, and its size, for a game (docs/observations.md "X610Z"). Players appear in
// seat order from the observer (the observer first), card instances by owner in that order, each owner's in the
// order of game.instance_cards().
struct ObservationLayout {
  int players = 0, instances = 0, dots = 0;
  int global = 0;            // offset of the global part (always 0)
  int per_player = 0;        // floats per player block
  int player_offset = 0;     // offset of the first player block
  int per_instance = 0;      // floats per card instance block
  int instance_offset = 0;
  int per_dot = 0;           // floats per dot block
  int dot_offset = 0;
  int size = 0;              // the whole tensor
};

// The fixed parts: global features, then per player, then per card instance (the controller's one-hot comes
// after these).
inline constexpr int kGlobalFeatures = 1 + 5 + 7 + 1 + 1 + 1;  // + 2 * players (active, deciding)
inline constexpr int kPlayerFeatures = 2 + kEnergyTypes + 3 + 4 + 1;
inline constexpr int kInstanceZones = 7;  // own deck, own hand, unseen, play, discard, removed, stack
inline constexpr int kInstanceFeatures = kInstanceZones + 9 + 5 + 3 + 5;  // + players (controller)

ObservationLayout observation_layout(const Game& game);
inline int observation_tensor_size(const Game& game) { return observation_layout(game).size; }

// Whether `player` sees which card instance `instance` is where it is now (rules.md 5.15): a card in their own
// hand, or outside every hand and deck. A card in their own deck is known to be there, its place is not.
inline bool instance_visible(const State& s, int instance, int player) {
  const CardInstance& c = s.instance(instance);
  if (c.zone == Zone::Deck) return false;
  return c.zone != Zone::Hand || c.owner == player;
}

// Writes the observation of `player` (0 .. players - 1) into out[0 .. observation_tensor_size(game) - 1]: every
// float is written, nothing is allocated. Throws tcbg::GameError for a player not in the game.
void observation_tensor(const State& s, int player, float* out);
std::string observation_string(const State& s, int player);
// The observation text, then every decision taken so far (history, as PlayedState keeps it) as `player` saw it:
// an action naming a card another player holds hidden shows only the kind of action (docs/observations.md).
std::string information_state_string(const State& s, int player, const int32_t* history, size_t length);

// rules.md 5.8b: the decision limit. A game still going after kDecisionsPerTurn decisions per turn of its turn limit
// (max_game_length, OpenSpiel's name) ends as a draw, as at the turn limit: the State Python plays counts its
// history (python/core_api.hpp, PlayedState) and calls State::end_at_decision_limit.
inline constexpr int64_t kDecisionsPerTurn = 1000;
inline int64_t max_game_length(const Game& game) { return kDecisionsPerTurn * game.max_turns(); }

}  // namespace tcbg::x610z
