// The agents' common part: specs, the factory, and the random and heuristic agents (docs/agents.md).
#include <memory>
#include <string>

#include "heuristic.hpp"
#include "search.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/x610z/agents.hpp"

namespace tcbg::x610z {

void check_agent_spec(const AgentSpec& spec, const std::string& where) {
  if (spec.kind != AgentKind::Search) return;
  const SearchSettings& s = spec.search;
  if (s.simulations < 1 || s.simulations > 1'000'000) {
    throw GameError(where + ".simulations", "must lie from 1 to 1000000, not " + std::to_string(s.simulations),
                    "docs/agents.md");
  }
  if (s.rollout_turns < 0 || s.rollout_turns > 1000) {
    throw GameError(where + ".rollout_turns", "must lie from 0 to 1000, not " + std::to_string(s.rollout_turns),
                    "docs/agents.md");
  }
  if (!(s.exploration >= 0.0 && s.exploration <= 10.0)) {  // also refuses NaN
    throw GameError(where + ".exploration", "must lie from 0 to 10", "docs/agents.md");
  }
  if (!(s.rollout_noise >= 0.0 && s.rollout_noise <= 1.0)) {
    throw GameError(where + ".rollout_noise", "must lie from 0 to 1", "docs/agents.md");
  }
}

void Agent::check_playing(const State& state) const {
  if (state.is_terminal()) throw GameError("state", "the game is over: there is no decision to make", "rules.md 5.8");
}

namespace {

class RandomAgent final : public Agent {
 public:
  RandomAgent(const AgentSpec& spec, uint64_t seed) : Agent(spec, seed), legal_(std::make_unique<ActionList>()) {}

  int choose(const State& state) override {
    check_playing(state);
    state.legal_actions(*legal_);
    return legal_->ids[rng_.below(static_cast<uint64_t>(legal_->size))];
  }

 private:
  std::unique_ptr<ActionList> legal_;
};

class HeuristicAgent final : public Agent {
 public:
  HeuristicAgent(const AgentSpec& spec, uint64_t seed) : Agent(spec, seed) {}

  int choose(const State& state) override {
    check_playing(state);
    return heuristic_.choose(state);
  }

 private:
  agents_detail::Heuristic heuristic_;
};

}  // namespace

std::unique_ptr<Agent> make_agent(const AgentSpec& spec, uint64_t seed) {
  check_agent_spec(spec, "agent");
  switch (spec.kind) {
    case AgentKind::Random: return std::make_unique<RandomAgent>(spec, seed);
    case AgentKind::Heuristic: return std::make_unique<HeuristicAgent>(spec, seed);
    case AgentKind::Search: return agents_detail::make_search_agent(spec, seed);
  }
  throw GameError("agent.kind", "unknown kind of agent", "docs/agents.md");
}

}  // namespace tcbg::x610z
