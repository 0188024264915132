// X610Z's agent factory (docs/agents.md): the core's factory over X610Z's heuristic and search.
#include "heuristic.hpp"
#include "search.hpp"
#include "tcbg/core/agent_factory.hpp"
#include "tcbg/x610z/agents.hpp"

namespace tcbg::x610z {

std::unique_ptr<Agent> make_agent(const AgentSpec& spec, uint64_t seed) {
  return make_game_agent<State, agents_detail::Heuristic>(spec, seed, &agents_detail::make_search_agent);
}

}  // namespace tcbg::x610z
