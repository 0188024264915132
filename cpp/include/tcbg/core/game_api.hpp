// The game/state interface both games share (docs/architecture.md, "What the games share").
//
// Agents, batch simulation, random playouts and the Python State face are written once, against this interface,
// as OpenSpiel's algorithms are written against spiel.h. A game's State satisfies `GameState`; its Game satisfies
// `GameConfig`. Nothing here allocates: a game's legal actions go into its own fixed-capacity list (Stockfish's
// move lists), named by the State as `S::ActionList` with `ids[]` and `size`.
#pragma once

#include <concepts>
#include <cstdint>

#include "tcbg/core/random.hpp"

namespace tcbg {

// OpenSpiel's special player ids: current_player() of a finished game is kTerminalPlayerId; kChancePlayerId is
// reserved for chance nodes, which tcbg's games never show (chance is dealt from the state's seed).
inline constexpr int kChancePlayerId = -1;
inline constexpr int kTerminalPlayerId = -4;

// Bits of a card instance's per-game record (the card_flags column of a batch's records).
inline constexpr uint8_t kRecordFlagDrawn = 1;   // the card reached its owner's hand (or was seen by its owner)
inline constexpr uint8_t kRecordFlagCast = 2;    // the card was played (cast, summoned, used)
inline constexpr uint8_t kRecordFlagInPlay = 4;  // the card is in play when the game ends

// Written once against these concepts (docs/architecture.md, "What the games share"): agents.hpp (the agent
// interface and specs), random_agent.hpp, search.hpp (IS-MCTS, with the game's policy), batch.hpp and playouts.hpp
// (which also make states as S(std::shared_ptr<const Game>, seed): the SeededState concept), and the bindings'
// python/core_api.hpp.
template <class G>
concept GameConfig = requires(const G& g) {
  { g.num_players() } -> std::convertible_to<int>;
  { g.num_instances() } -> std::convertible_to<int>;  // card instances of a game, all players together
  { g.num_distinct_actions() } -> std::convertible_to<int>;
};

template <class S>
concept GameState = std::copy_constructible<S> && requires(S& s, const S& cs, typename S::ActionList& out, int a,
                                                            CounterRng& rng) {
  { cs.game() } -> GameConfig;
  { cs.current_player() } -> std::convertible_to<int>;  // kTerminalPlayerId when the game is over
  { cs.is_terminal() } -> std::convertible_to<bool>;
  cs.legal_actions(out);                                  // fills out.ids[0 .. out.size)
  { cs.is_legal(a) } -> std::convertible_to<bool>;
  s.apply_action(a);                                      // throws tcbg::IllegalActionError, state unchanged
  { cs.player_return(a) } -> std::convertible_to<double>; // of player a: +1 won, -1 lost, 0 draw or going on
  s.determinize(a, rng);  // deals again what player a cannot see, consistent with what a knows
  // What a batch's per-game record keeps (docs/simulation.md):
  { cs.turn() } -> std::convertible_to<int>;
  { cs.first_player() } -> std::convertible_to<int>;
  { static_cast<uint8_t>(cs.end_reason()) } -> std::same_as<uint8_t>;  // the game's own reason codes, 0: none
  { cs.card_record(a) } -> std::convertible_to<uint8_t>;               // kRecordFlag* bits of instance a
};

}  // namespace tcbg
