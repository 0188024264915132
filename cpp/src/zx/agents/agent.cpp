// Z/X's agent factory and its heuristic agent (docs/agents.md); the specs and the random agent are the core's.
#include <memory>

#include "heuristic.hpp"
#include "search.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/core/random_agent.hpp"
#include "tcbg/zx/agents.hpp"

namespace tcbg::zx {

namespace {

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
    case AgentKind::Random: return std::make_unique<tcbg::RandomAgent<State>>(spec, seed);
    case AgentKind::Heuristic: return std::make_unique<HeuristicAgent>(spec, seed);
    case AgentKind::Search: return agents_detail::make_search_agent(spec, seed);
  }
  throw GameError("agent.kind", "unknown kind of agent", "docs/agents.md");
}

}  // namespace tcbg::zx
