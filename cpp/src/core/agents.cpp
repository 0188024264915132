// Agent specs, checked (core/agents.hpp): the same limits for every game.
#include "tcbg/core/agents.hpp"

#include <string>

#include "tcbg/core/error.hpp"

namespace tcbg {

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

}  // namespace tcbg
