// Information-set Monte Carlo tree search for any game (single-observer ISMCTS: Cowling, Powley and Whitehouse,
// "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012) over determinized hidden information (docs/agents.md,
// "search").
//
// Each simulation deals one world consistent with what the deciding player knows (GameState::determinize), walks the
// tree with UCB1 over the actions legal in that world (a child's exploration term counts the simulations in which
// it was available), adds one node, plays a rollout and backs the rollout's values up, each node scoring the player
// who chose its action. The tree is one arena of nodes, emptied and reused at every decision.
//
// What is the game's is its `Policy` (one object per agent, owning what it needs, allocating nothing per decision):
//
//   struct Policy {
//     using Values = std::array<double, kMaxPlayers>;         // a value per player
//     int prepare(const S& state);                             // a new game: returns the number of tree keys
//     int key_of(const S& state, int action) const;            // the tree key of a legal action, 0 .. keys - 1
//     bool considered(const S& state, int action) const;       // false: left out of the search's choices
//     int choose(const S& state);                              // the game's heuristic choice (tried first)
//     void evaluate_all(const S& state, Values& out);          // each player's worth of a position, in [-1, 1]
//     int default_rollout_turns() const;                       // optional: the horizon of rollout_turns 0
//   };
//
// Tree keys let one choice mean the same in every world although hidden cards differ (X610Z keys a card in hand by
// the card, not the copy). Rollouts choose by the heuristic or uniformly at random (RolloutPolicy), with a share of
// random actions in heuristic rollouts (rollout_noise).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "tcbg/core/agents.hpp"
#include "tcbg/core/game_api.hpp"
#include "tcbg/core/random_agent.hpp"

namespace tcbg {

template <GameState S, class Policy>
class SearchAgent final : public Agent<S> {
 public:
  SearchAgent(const AgentSpec& spec, uint64_t seed)
      : Agent<S>(spec, seed), legal_(std::make_unique<typename S::ActionList>()) {
    const size_t capacity = legal_->ids.size();
    candidate_action_.resize(capacity);
    candidate_key_.resize(capacity);
    path_.reserve(256);
  }

  int choose(const S& state) override;

 private:
  struct Node {
    int32_t key = -1;     // the action that leads here, as a tree key (Policy::key_of)
    int8_t player = -1;   // who chose it
    int32_t first_child = -1;
    int32_t next_sibling = -1;
    uint32_t visits = 0;
    uint32_t available = 0;  // simulations in which its action was legal at its parent
    double reward = 0.0;     // sum of `player`'s values over the simulations through it
  };

  void prepare(const S& state) {
    if (&state.game() == game_) return;
    anchor_.emplace(state);
    game_ = &state.game();
    const auto keys = static_cast<size_t>(policy_.prepare(state));
    listed_.assign(keys, 0);
    candidate_index_.assign(keys, 0);
    met_.assign(keys, 0);
    stamp_ = 0;
  }
  int candidates(const S& state);
  int child_for(int node, int key, int player);
  // The index among the current candidates of `action`'s key, or -1 when it is not one of them.
  int candidate_index_for(const S& state, int action) const {
    const int key = policy_.key_of(state, action);
    return listed_[key] == stamp_ ? static_cast<int>(candidate_index_[key]) : -1;
  }
  void rollout(S& state, int stop_turn);
  // Turns a rollout plays: the spec's; when it is 0, the game's own horizon if its policy names one (Z/X cuts its
  // rollouts: docs/agents.md), else 0, to the end of the game.
  int horizon() const {
    const int turns = this->spec_.search.rollout_turns;
    if constexpr (requires(const Policy& p) { p.default_rollout_turns(); }) {
      if (turns == 0) return policy_.default_rollout_turns();
    }
    return turns;
  }
  double uniform() { return static_cast<double>(this->rng_.next() >> 11) * 0x1.0p-53; }

  Policy policy_;
  // A copy of a state of the game being played: it keeps the game alive, so game_ cannot come to name another one.
  std::optional<S> anchor_;
  std::optional<S> world_;
  const void* game_ = nullptr;
  std::unique_ptr<typename S::ActionList> legal_;
  // Candidates of one decision: the legal actions the policy considers, one per tree key.
  std::vector<int32_t> candidate_action_, candidate_key_;
  // Per tree key: the stamp of the decision that last listed it and the candidate's index there; the stamp of the
  // visit that last met a child with it.
  std::vector<uint32_t> listed_, candidate_index_, met_;
  uint32_t stamp_ = 0;
  std::vector<Node> nodes_;
  std::vector<int32_t> path_;
  typename Policy::Values values_{};
};

// The choices the search weighs at `state`, into candidate_action_ / candidate_key_; returns their number.
template <GameState S, class Policy>
int SearchAgent<S, Policy>::candidates(const S& state) {
  state.legal_actions(*legal_);
  if (++stamp_ == 0) {  // stamps wrapped around: forget them once
    std::fill(listed_.begin(), listed_.end(), 0u);
    std::fill(met_.begin(), met_.end(), 0u);
    stamp_ = 1;
  }
  int m = 0;
  for (int k = 0; k < legal_->size; ++k) {
    const int a = legal_->ids[k];
    if (!policy_.considered(state, a)) continue;
    const int key = policy_.key_of(state, a);
    if (listed_[key] == stamp_) continue;
    listed_[key] = stamp_;
    candidate_index_[key] = static_cast<uint32_t>(m);
    candidate_action_[m] = a;
    candidate_key_[m] = key;
    ++m;
  }
  return m;
}

template <GameState S, class Policy>
int SearchAgent<S, Policy>::child_for(int node, int key, int player) {
  for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
    if (nodes_[c].key == key) return c;
  }
  Node child;
  child.key = key;
  child.player = static_cast<int8_t>(player);
  child.next_sibling = nodes_[node].first_child;
  nodes_.push_back(child);
  const int index = static_cast<int>(nodes_.size()) - 1;
  nodes_[node].first_child = index;
  return index;
}

template <GameState S, class Policy>
void SearchAgent<S, Policy>::rollout(S& state, int stop_turn) {
  const SearchSettings& settings = this->spec_.search;
  const bool heuristic = settings.rollout == RolloutPolicy::Heuristic;
  while (!state.is_terminal() && (stop_turn <= 0 || state.turn() < stop_turn)) {
    int a;
    if (!heuristic || uniform() < settings.rollout_noise) {
      a = random_action(state, *legal_, this->rng_);
    } else {
      a = policy_.choose(state);
    }
    state.apply_action(a);
  }
}

template <GameState S, class Policy>
int SearchAgent<S, Policy>::choose(const S& state) {
  this->check_playing(state);
  prepare(state);
  const int me = state.current_player();
  const int root_choices = candidates(state);
  if (root_choices == 1) return candidate_action_[0];
  const SearchSettings& settings = this->spec_.search;
  const int turns = horizon();
  const int stop_turn = turns == 0 ? 0 : state.turn() + turns;
  nodes_.clear();
  nodes_.push_back(Node{});
  for (int sim = 0; sim < settings.simulations; ++sim) {
    world_ = state;
    S& world = *world_;
    world.determinize(me, this->rng_);
    path_.clear();
    int node = 0;
    // Selection and expansion: down the tree until a node gets a new child or the horizon is reached.
    while (!world.is_terminal() && (stop_turn <= 0 || world.turn() < stop_turn)) {
      const int player = world.current_player();
      const int m = candidates(world);
      if (m == 1) {  // a forced choice: follow it without spending the expansion
        node = child_for(node, candidate_key_[0], player);
        ++nodes_[node].available;
        path_.push_back(node);
        world.apply_action(candidate_action_[0]);
        continue;
      }
      int best = -1, unexpanded = m;
      double best_score = -1e18;
      const double log_scale = settings.exploration;
      for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
        Node& child = nodes_[c];
        if (listed_[child.key] != stamp_) continue;
        met_[child.key] = stamp_;
        --unexpanded;
        ++child.available;
        const double score = child.reward / child.visits +
                             log_scale * std::sqrt(std::log(static_cast<double>(child.available)) / child.visits);
        if (score > best_score) {
          best_score = score;
          best = c;
        }
      }
      const int expanded = m - unexpanded;
      if (unexpanded > 0 && (best < 0 || expanded * expanded <= static_cast<int>(nodes_[node].visits))) {
        // Expand one action not tried here yet: the heuristic's choice first, so that with few simulations the
        // tree plays as the heuristic does for every player; then the others at random.
        int k = candidate_index_for(world, policy_.choose(world));
        if (k < 0 || met_[candidate_key_[k]] == stamp_) {
          auto pick = static_cast<int>(this->rng_.below(static_cast<uint64_t>(unexpanded)));
          for (k = 0; k < m; ++k) {
            if (met_[candidate_key_[k]] != stamp_ && pick-- == 0) break;
          }
        }
        node = child_for(node, candidate_key_[k], player);
        ++nodes_[node].available;
        path_.push_back(node);
        world.apply_action(candidate_action_[k]);
        break;
      }
      node = best;
      path_.push_back(node);
      world.apply_action(candidate_action_[candidate_index_[nodes_[node].key]]);
    }
    rollout(world, stop_turn);
    policy_.evaluate_all(world, values_);
    ++nodes_[0].visits;
    for (int k : path_) {
      ++nodes_[k].visits;
      nodes_[k].reward += values_[nodes_[k].player];
    }
  }
  // The most visited choice of the real position; between equals, the better valued, then the heuristic's.
  candidates(state);
  int best = -1;
  for (int c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling) {
    if (listed_[nodes_[c].key] != stamp_) continue;
    const Node& n = nodes_[c];
    if (best < 0 || n.visits > nodes_[best].visits ||
        (n.visits == nodes_[best].visits && n.reward / n.visits >= nodes_[best].reward / nodes_[best].visits)) {
      best = c;
    }
  }
  return best < 0 ? candidate_action_[0] : candidate_action_[candidate_index_[nodes_[best].key]];
}

}  // namespace tcbg
