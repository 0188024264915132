#include "tcbg/x610z/simulate.hpp"

#include <string>

#include "tcbg/core/error.hpp"

namespace tcbg::x610z {

void simulate(const std::shared_ptr<const Game>& game, const std::vector<AgentSpec>& agents, uint64_t master_seed,
              int64_t first_game, int64_t count, const GameRecords& out, int64_t decision_cap) {
  if (!game) throw GameError("game", "no game", "rules.md 5.1");
  const int players = game->num_players();
  if (static_cast<int>(agents.size()) != players) {
    throw GameError("agents", "one agent per seat: the game has " + std::to_string(players) + " seats but " +
                                  std::to_string(agents.size()) + " agents were given", "docs/agents.md");
  }
  if (count < 0) throw GameError("count", "must be at least 0", "docs/agents.md");
  if (first_game < 0) throw GameError("first_game", "must be at least 0", "docs/agents.md");
  // One agent object per seat for the whole batch, reseeded for every game (agents keep nothing between games).
  std::vector<std::unique_ptr<Agent>> seats;
  for (int p = 0; p < players; ++p) {
    check_agent_spec(agents[p], "agents[" + std::to_string(p) + "]");
    seats.push_back(make_agent(agents[p], 0));
  }
  const CounterRng master(master_seed);
  const int instances = game->num_instances();
  for (int64_t k = 0; k < count; ++k) {
    const auto index = static_cast<uint64_t>(first_game + k);
    const uint64_t seed = master.derive(index);
    for (int p = 0; p < players; ++p) seats[p]->reseed(agent_seed(seed, p));
    State state(game, seed);
    int64_t decisions = 0;
    while (!state.is_terminal()) {
      if (decisions >= decision_cap) {
        throw GameError("game " + std::to_string(index) + " (seed " + std::to_string(seed) + ")",
                        "more than " + std::to_string(decision_cap) + " decisions", "docs/agents.md");
      }
      state.apply_action(seats[state.current_player()]->choose(state));
      ++decisions;
    }
    uint8_t winners = 0;
    for (int p = 0; p < players; ++p) {
      if (state.player(p).outcome == Outcome::Won) winners |= static_cast<uint8_t>(1u << p);
    }
    out.winner_mask[k] = winners;
    out.reason[k] = static_cast<uint8_t>(state.end_reason());
    out.turns[k] = static_cast<uint16_t>(state.turn());
    out.decisions[k] = static_cast<uint32_t>(decisions);
    out.first_player[k] = static_cast<uint8_t>(state.first_player());
    uint8_t* flags = out.card_flags + k * instances;
    for (int i = 0; i < instances; ++i) {
      const CardInstance& c = state.instance(i);
      flags[i] = static_cast<uint8_t>(c.record | (c.zone == Zone::Play ? kFlagInPlay : 0));
    }
  }
}

}  // namespace tcbg::x610z
