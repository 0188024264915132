// The agent interface both games share (docs/agents.md, docs/architecture.md "What the games share").
//
// An agent chooses one legal action of a state for the player to decide, and is deterministic given its own
// CounterRng, so a game played by agents is a pure function of the game's seed and the agents' seeds. A game plugs
// its agents in through a factory (AgentFactory: a spec and a seed give an agent); the random agent is the core's
// own (random_agent.hpp), the heuristic and search agents are each game's.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/core/game_api.hpp"
#include "tcbg/core/random.hpp"

namespace tcbg {

enum class AgentKind : uint8_t { Random, Heuristic, Search };
enum class RolloutPolicy : uint8_t { Random, Heuristic };

// The search agent's settings; the defaults are the ones measured in docs/agents.md.
struct SearchSettings {
  int simulations = 32;                              // simulations per decision (1 .. 1,000,000)
  int rollout_turns = 0;                             // turns a rollout plays before it is evaluated; 0: the game's
                                                     // default (X610Z: to the end; Z/X: 2 turns)
  RolloutPolicy rollout = RolloutPolicy::Heuristic;  // how rollouts choose
  double rollout_noise = 0.0;                        // share of uniformly random actions in heuristic rollouts (0 .. 1)
  double exploration = 1.0;                          // UCB1's constant, over returns in [-1, 1] (0 .. 10)
};

// The heuristic's settings (docs/agents.md "heuristic"); read by X610Z's heuristic only (Z/X's refuses a spec that
// changes them).
struct HeuristicSettings {
  // Answer every item on the stack, the answering team's own too, and make the choices inside the answers'
  // playouts one level deeper: the heuristic as it played before tcbg 0.2.0 (docs/agents.md "Answering"), kept
  // so that a comparison with it can be run. The default answers the other teams' items only.
  bool answer_every = false;
};

struct AgentSpec {
  AgentKind kind = AgentKind::Random;
  SearchSettings search;        // read only by the search agent
  HeuristicSettings heuristic;  // read only by the heuristic agent
};

// Checks a spec against the limits above; throws tcbg::GameError naming `where` (the field) and the limit broken
// (cpp/src/core/agents.cpp).
void check_agent_spec(const AgentSpec& spec, const std::string& where);

// The rule a game cites when an agent is asked to decide in a finished game; a game specializes it.
template <class S>
inline constexpr const char* kGameOverRule = "docs/agents.md";

template <GameState S>
class Agent {
 public:
  virtual ~Agent() = default;
  Agent(const Agent&) = delete;
  Agent& operator=(const Agent&) = delete;

  // A legal action of `state` for state.current_player(). Throws tcbg::GameError when the game is over.
  virtual int choose(const S& state) = 0;
  // Restarts the agent's generator from `seed`. An agent keeps nothing else from one decision to the next, so a
  // reseeded agent chooses exactly as a new one made with that seed.
  void reseed(uint64_t seed) { rng_ = CounterRng(seed); }
  const AgentSpec& spec() const { return spec_; }

 protected:
  Agent(const AgentSpec& spec, uint64_t seed) : spec_(spec), rng_(seed) {}
  void check_playing(const S& state) const {
    if (state.is_terminal()) {
      throw GameError("state", "the game is over: there is no decision to make", kGameOverRule<S>);
    }
  }

  AgentSpec spec_;
  CounterRng rng_;
};

// A game's agents: a new agent for `spec` (checked with check_agent_spec) whose generator starts from `seed`.
template <GameState S>
using AgentFactory = std::unique_ptr<Agent<S>> (*)(const AgentSpec& spec, uint64_t seed);

// The seed of seat `seat`'s agent in the game seeded `game_seed` (batch.hpp): the game seed's sub-stream 1 + seat,
// tcbg._core.derive_seed(game_seed, 1 + seat) in Python.
constexpr uint64_t agent_seed(uint64_t game_seed, int seat) {
  return CounterRng(game_seed).derive(static_cast<uint64_t>(1 + seat));
}

}  // namespace tcbg
