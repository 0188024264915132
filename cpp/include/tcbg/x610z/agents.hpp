// Native X610Z agents (docs/agents.md), plugged into the core's agent interface (core/agents.hpp): each chooses one
// legal action of a state for the player to decide, and is deterministic given its own CounterRng, so a game played
// by agents is a pure function of the game's seed and the agents' seeds.
//
// - random: the core's (core/random_agent.hpp), uniform over the legal actions.
// - heuristic: hand-written play (crystals and summons on curve, the life base run to an end dot, attacks that gain,
//   blocking the opponent's escape). Allocation-free per decision.
// - search: information-set Monte Carlo tree search over determinized hidden information (State::determinize),
//   a budget of simulations per decision, the heuristic's choice tried first at every node, rollouts by the
//   heuristic to the end of the game (or cut after some turns and scored by the heuristic's evaluation). Its tree
//   lives in an arena reused between decisions.
#pragma once

#include <cstdint>
#include <memory>

#include "tcbg/core/agents.hpp"
#include "tcbg/core/random.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg {
// An X610Z agent asked to decide in a finished game cites the rule that ends games.
template <>
inline constexpr const char* kGameOverRule<x610z::State> = "rules.md 5.8";
}  // namespace tcbg

namespace tcbg::x610z {

// The specs and their checks are the core's, the same for every game.
using tcbg::AgentKind;
using tcbg::AgentSpec;
using tcbg::agent_seed;
using tcbg::check_agent_spec;
using tcbg::RolloutPolicy;
using tcbg::SearchSettings;

using Agent = tcbg::Agent<State>;

// A new agent for `spec` (checked with check_agent_spec) whose generator starts from `seed`: X610Z's AgentFactory.
std::unique_ptr<Agent> make_agent(const AgentSpec& spec, uint64_t seed);

}  // namespace tcbg::x610z
