// A game's agent factory, written once: the core's random agent, the game's heuristic wrapped as an agent, and the
// game's search (docs/agents.md). A game gives its heuristic (default-constructible, `int choose(const S&)`, holding
// its own scratch so a decision allocates nothing) and the function that makes its search agent.
#pragma once

#include <memory>

#include "tcbg/core/agents.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/core/random_agent.hpp"

namespace tcbg {

template <GameState S, class Heuristic>
class HeuristicAgent final : public Agent<S> {
 public:
  HeuristicAgent(const AgentSpec& spec, uint64_t seed) : Agent<S>(spec, seed) {
    // A heuristic with settings (X610Z's) takes them; one without has none to take.
    if constexpr (requires(Heuristic& h) { h.configure(spec.heuristic); }) heuristic_.configure(spec.heuristic);
  }

  int choose(const S& state) override {
    this->check_playing(state);
    return heuristic_.choose(state);
  }

 private:
  Heuristic heuristic_;
};

template <GameState S, class Heuristic>
std::unique_ptr<Agent<S>> make_game_agent(const AgentSpec& spec, uint64_t seed, AgentFactory<S> make_search) {
  check_agent_spec(spec, "agent");
  switch (spec.kind) {
    case AgentKind::Random: return std::make_unique<RandomAgent<S>>(spec, seed);
    case AgentKind::Heuristic: return std::make_unique<HeuristicAgent<S, Heuristic>>(spec, seed);
    case AgentKind::Search: return make_search(spec, seed);
  }
  throw GameError("agent.kind", "unknown kind of agent", "docs/agents.md");
}

}  // namespace tcbg
