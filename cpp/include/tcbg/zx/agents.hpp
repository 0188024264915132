// Native Z/X agents (docs/agents.md), plugged into the core's agent interface (core/agents.hpp): each chooses one
// legal action of a state for the player to decide, and is deterministic given its own CounterRng.
//
// - random: the core's (core/random_agent.hpp), uniform over the legal actions.
// - heuristic: hand-written play (Resource from the least useful card, the strongest Z/X onto the Squares that
//   guard its Player Square and threaten the opponent's, attacks that destroy a Z/X or damage the player, Ignition
//   while it pays, a one-ply lookahead on copies of the state for Events and every decision it has no rule for).
//   Allocation-free per decision.
// - search: the core's information-set Monte Carlo tree search (core/search.hpp) with Z/X's policy: hand cards keyed
//   by their card, the heuristic's choice tried first, heuristic rollouts, the heuristic's evaluation at a cut.
#pragma once

#include <cstdint>
#include <memory>

#include "tcbg/core/agents.hpp"
#include "tcbg/core/random.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg {
// A Z/X agent asked to decide in a finished game cites the rule that ends games.
template <>
inline constexpr const char* kGameOverRule<zx::State> = "docs/zx/rules.md 903";
}  // namespace tcbg

namespace tcbg::zx {

using tcbg::AgentKind;
using tcbg::AgentSpec;
using Agent = tcbg::Agent<State>;

// A new agent for `spec` (checked with check_agent_spec) whose generator starts from `seed`: Z/X's AgentFactory.
std::unique_ptr<Agent> make_agent(const AgentSpec& spec, uint64_t seed);

}  // namespace tcbg::zx
