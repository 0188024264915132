// The random agent, the same for every game: uniform over the legal actions (docs/agents.md, "random").
#pragma once

#include <cstdint>
#include <memory>

#include "tcbg/core/agents.hpp"
#include "tcbg/core/game_api.hpp"
#include "tcbg/core/random.hpp"

namespace tcbg {

// One uniform draw among the legal actions of `state`, listed into `scratch`: the next number of `rng` bounded by
// the number of legal actions (CounterRng::below), which every native loop uses, so that a batch's random seats, a
// random playout and a search's random rollout draw alike.
template <GameState S>
inline int random_action(const S& state, typename S::ActionList& scratch, CounterRng& rng) {
  state.legal_actions(scratch);
  return scratch.ids[rng.below(static_cast<uint64_t>(scratch.size))];
}

// The random agent. Its action list is allocated once (a game's lists are large fixed arrays), so a decision
// allocates nothing.
template <GameState S>
class RandomAgent final : public Agent<S> {
 public:
  RandomAgent(const AgentSpec& spec, uint64_t seed)
      : Agent<S>(spec, seed), legal_(std::make_unique<typename S::ActionList>()) {}

  int choose(const S& state) override {
    this->check_playing(state);
    return random_action(state, *legal_, this->rng_);
  }

 private:
  std::unique_ptr<typename S::ActionList> legal_;
};

}  // namespace tcbg
