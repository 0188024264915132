// X610Z's search agent (docs/agents.md, "search"): the core's IS-MCTS (core/search.hpp) with X610Z's policy, which
// keys the tree, leaves crystal activations out, and asks the heuristic for its first choices, rollouts and leaf
// values.
#include "search.hpp"

#include <algorithm>
#include <array>
#include <memory>

#include "heuristic.hpp"
#include "tcbg/core/search.hpp"

namespace tcbg::x610z::agents_detail {

namespace {

struct SearchPolicy {
  using Values = std::array<double, kMaxPlayers>;

  // Per game: the size of the action id space and of the card definitions, for the tree keys.
  int prepare(const State& state) {
    const Game& g = state.game();
    game = &g;
    num_actions = g.num_distinct_actions();
    num_instances = g.num_instances();
    first_activation = g.per_instance_action(action::kActivateCrystal, 0);
    num_defs = 0;
    for (int p = 0; p < g.num_players(); ++p) {
      num_defs = std::max(num_defs, 1 + g.deck(p).life_base);
      for (uint16_t c : g.deck(p).cards) num_defs = std::max(num_defs, 1 + c);
    }
    return num_actions + action::kNumBlocks * num_defs;
  }

  // Tree keys: actions on cards in hand (place a crystal, cast, discard) are keyed by the card, not the copy, so the
  // copies of one card are one choice and a key means the same in every world even though the hidden hands differ.
  // Every other action is public and keyed by itself.
  int key_of(const State& state, int a) const {
    if (a < action::kFirstPerInstance || a >= game->first_dot_action()) return a;
    const int block = (a - action::kFirstPerInstance) / num_instances;
    if (block != action::kPlaceCrystal && block != action::kCast && block != action::kDiscard) return a;
    return num_actions + block * num_defs + state.instance((a - action::kFirstPerInstance) % num_instances).def;
  }

  // Crystal activations are left out: paying activates crystals by itself (rules.md 4.3) and a pool empties at the
  // end of the turn, so with the vanilla set activating one by hand never gains anything and only widens the tree.
  bool considered(const State&, int a) const { return a < first_activation || a >= first_activation + num_instances; }

  int choose(const State& state) { return heuristic.choose(state); }
  void evaluate_all(const State& state, Values& out) { heuristic.evaluate_all(state, out); }

  Heuristic heuristic;
  const Game* game = nullptr;
  int num_actions = 0;
  int num_instances = 0;
  int num_defs = 0;
  int first_activation = 0;
};

}  // namespace

std::unique_ptr<Agent> make_search_agent(const AgentSpec& spec, uint64_t seed) {
  return std::make_unique<tcbg::SearchAgent<State, SearchPolicy>>(spec, seed);
}

}  // namespace tcbg::x610z::agents_detail
