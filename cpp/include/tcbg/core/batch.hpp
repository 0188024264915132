// Native batch simulation for any game (docs/agents.md, "Records"; docs/simulation.md): whole games between native
// agents, one record per game written into caller-owned arrays, no Python per action.
//
// Game i of a batch is seeded with CounterRng(master_seed).derive(i) (tcbg._core.derive_seed(master_seed, i)) and
// seat p's agent with agent_seed(game seed, p) (agents.hpp), so the record of game i depends only on the game, the
// agents' specs, master_seed and i: a batch split over processes or machines gives the same records.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tcbg/core/agents.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/core/game_api.hpp"
#include "tcbg/core/random.hpp"

namespace tcbg {

// A game that takes more decisions than this is stopped with tcbg::GameError (a safety net: no rule lets a game
// run forever, since a turn limit ends it).
inline constexpr int64_t kDecisionCap = 10'000'000;

// Applies an action just listed as legal: through the State's unchecked path where it has one (apply_legal_action,
// for the native loops: the batch, the playouts, the vector environment), else through apply_action.
template <GameState S>
inline void apply_listed(S& state, int action) {
  if constexpr (requires { state.apply_legal_action(action); }) {
    state.apply_legal_action(action);
  } else {
    state.apply_action(action);
  }
}

// Where the records go: arrays of `count` entries (card_flags: count * game.num_instances(), row-major).
struct GameRecords {
  uint8_t* winner_mask = nullptr;  // bit p: player p won (every teammate of a winning team); 0 for a draw
  uint8_t* reason = nullptr;       // the game's end reason code (S::end_reason)
  uint16_t* turns = nullptr;       // turns started (S::turn)
  uint32_t* decisions = nullptr;   // actions applied
  uint8_t* first_player = nullptr;
  uint8_t* card_flags = nullptr;   // kRecordFlag* bits of every card instance (S::card_record)
  uint16_t* extra = nullptr;       // count * Watch::kColumns, row-major: the game's own columns (its watch)
};

// A game's own per-game record columns beyond the shared ones (Z/X: its Reloads per player and when the first came,
// python/zx_binding.hpp). A watch follows each game of a batch: start() on the new state, after() after every
// action, then write() puts its kColumns values (uint16) in the game's row of GameRecords::extra. NoWatch keeps
// none, and costs nothing: its calls are compiled out (X610Z's batches).
template <class S>
struct NoWatch {
  static constexpr int kColumns = 0;
  void start(const S&) {}
  void after(const S&) {}
  void write(const S&, uint16_t*) const {}
};

// A State made for a game and a seed: State(std::shared_ptr<const Game>, seed), as both games' States are.
template <class S, class G>
concept SeededState = GameState<S> && std::constructible_from<S, const std::shared_ptr<const G>&, uint64_t>;

// Writes the record of the finished game `state` (played in `decisions` decisions) as row k of `out`.
template <GameState S>
inline void write_record(const S& state, int64_t decisions, int64_t k, const GameRecords& out) {
  const int players = state.game().num_players();
  const int instances = state.game().num_instances();
  uint8_t winners = 0;
  for (int p = 0; p < players; ++p) {
    if (state.player_return(p) > 0) winners |= static_cast<uint8_t>(1u << p);
  }
  out.winner_mask[k] = winners;
  out.reason[k] = static_cast<uint8_t>(state.end_reason());
  out.turns[k] = static_cast<uint16_t>(state.turn());
  out.decisions[k] = static_cast<uint32_t>(decisions);
  out.first_player[k] = static_cast<uint8_t>(state.first_player());
  uint8_t* flags = out.card_flags + k * instances;
  for (int i = 0; i < instances; ++i) flags[i] = static_cast<uint8_t>(state.card_record(i));
}

// Plays games first_game .. first_game + count - 1 of `game` with one agent spec per seat, the agents made by the
// game's `make_agent`. Throws tcbg::GameError for no game, a wrong number of agents, a bad spec, a negative count
// or first game, or a game over the decision cap (naming the game's index and seed). `rule` is what a missing game
// cites (the game's rules).
template <GameState S, class G, class Watch = NoWatch<S>>
  requires SeededState<S, G>
void simulate_batch(const std::shared_ptr<const G>& game, const std::vector<AgentSpec>& agents,
                    AgentFactory<S> make_agent, uint64_t master_seed, int64_t first_game, int64_t count,
                    const GameRecords& out, int64_t decision_cap = kDecisionCap, const char* rule = "docs/agents.md") {
  if (!game) throw GameError("game", "no game", rule);
  const int players = game->num_players();
  if (static_cast<int>(agents.size()) != players) {
    throw GameError("agents", "one agent per seat: the game has " + std::to_string(players) + " seats but " +
                                  std::to_string(agents.size()) + " agents were given", "docs/agents.md");
  }
  if (count < 0) throw GameError("count", "must be at least 0", "docs/agents.md");
  if (first_game < 0) throw GameError("first_game", "must be at least 0", "docs/agents.md");
  // One agent object per seat for the whole batch, reseeded for every game (agents keep nothing between games).
  std::vector<std::unique_ptr<Agent<S>>> seats;
  for (int p = 0; p < players; ++p) {
    check_agent_spec(agents[p], "agents[" + std::to_string(p) + "]");
    seats.push_back(make_agent(agents[p], 0));
  }
  const CounterRng master(master_seed);
  for (int64_t k = 0; k < count; ++k) {
    const auto index = static_cast<uint64_t>(first_game + k);
    const uint64_t seed = master.derive(index);
    for (int p = 0; p < players; ++p) seats[p]->reseed(agent_seed(seed, p));
    S state(game, seed);
    Watch watch;
    if constexpr (Watch::kColumns > 0) watch.start(state);
    int64_t decisions = 0;
    while (!state.is_terminal()) {
      if (decisions >= decision_cap) {
        throw GameError("game " + std::to_string(index) + " (seed " + std::to_string(seed) + ")",
                        "more than " + std::to_string(decision_cap) + " decisions", "docs/agents.md");
      }
      // An agent's choice is a legal action (Agent::choose's contract, agents.hpp), applied as the playouts and the
      // vector environment apply theirs: unchecked, since the check cost 2% of a heuristic game (a checked replay
      // of batch games is in the tests: tests/montecarlo/test_simulate.py). Debug builds check it.
      const int action = seats[state.current_player()]->choose(state);
#ifndef NDEBUG
      if (!state.is_legal(action)) {
        throw GameError("game " + std::to_string(index) + " (seed " + std::to_string(seed) + ")",
                        "agent " + std::to_string(state.current_player()) + " chose action " + std::to_string(action) +
                            ", which is not legal", "docs/agents.md");
      }
#endif
      apply_listed(state, action);
      if constexpr (Watch::kColumns > 0) watch.after(state);
      ++decisions;
    }
    write_record(state, decisions, k, out);
    if constexpr (Watch::kColumns > 0) watch.write(state, out.extra + k * Watch::kColumns);
  }
}

}  // namespace tcbg
