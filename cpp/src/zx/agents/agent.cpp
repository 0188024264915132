// Z/X's agent factory (docs/agents.md): the core's factory over Z/X's heuristic and search.
#include "heuristic.hpp"
#include "search.hpp"
#include "tcbg/core/agent_factory.hpp"
#include "tcbg/zx/agents.hpp"

namespace tcbg::zx {

std::unique_ptr<Agent> make_agent(const AgentSpec& spec, uint64_t seed) {
  if (spec.heuristic.answer_every) {
    throw GameError("agent.answers", "Z/X's heuristic has no such setting (only X610Z's heuristic takes 'answers')",
                    "docs/agents.md");
  }
  return make_game_agent<State, agents_detail::Heuristic>(spec, seed, &agents_detail::make_search_agent);
}

}  // namespace tcbg::zx
