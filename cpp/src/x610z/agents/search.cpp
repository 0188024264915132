// Information-set Monte Carlo tree search (single-observer ISMCTS: Cowling, Powley and Whitehouse, "Information Set
// Monte Carlo Tree Search", IEEE TCIAIG 2012) over determinized hidden information (docs/agents.md, "search").
//
// Each simulation deals one world consistent with what the deciding player knows (State::determinize), walks the
// tree with UCB1 over the actions legal in that world (a child's exploration term counts the simulations in which
// it was available), adds one node, plays a rollout and backs the rollout's values up, each node scoring the player
// who chose its action. The tree is one arena of nodes, emptied and reused at every decision.
#include "search.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "heuristic.hpp"
#include "tcbg/core/error.hpp"

namespace tcbg::x610z::agents_detail {

namespace {

struct Node {
  int32_t key = -1;  // the action that leads here, as a tree key (SearchAgent::key_of)
  int8_t player = -1;  // who chose it
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  uint32_t visits = 0;
  uint32_t available = 0;  // simulations in which its action was legal at its parent
  double reward = 0.0;     // sum of `player`'s values over the simulations through it
};

class SearchAgent final : public Agent {
 public:
  SearchAgent(const AgentSpec& spec, uint64_t seed)
      : Agent(spec, seed), legal_(std::make_unique<ActionList>()) {
    const size_t capacity = legal_->ids.size();
    candidate_action_.resize(capacity);
    candidate_key_.resize(capacity);
    path_.reserve(256);
  }

  int choose(const State& state) override;

 private:
  void prepare(const State& state);
  int key_of(const State& state, int action) const;
  int candidates(const State& state);
  int child_for(int node, int key, int player);
  // The index among the current candidates of `action`'s key, or -1 when it is not one of them.
  int candidate_index_for(const State& state, int action) const {
    const int key = key_of(state, action);
    return listed_[key] == stamp_ ? static_cast<int>(candidate_index_[key]) : -1;
  }
  void rollout(State& state, int stop_turn);
  double uniform() { return static_cast<double>(rng_.next() >> 11) * 0x1.0p-53; }

  Heuristic heuristic_;
  // A copy of a state of the game being played: it keeps the game alive, so game_ cannot come to name another one.
  std::optional<State> anchor_;
  std::optional<State> world_;
  const Game* game_ = nullptr;
  int num_actions_ = 0;
  int num_defs_ = 0;
  std::unique_ptr<ActionList> legal_;
  // Candidates of one decision: legal actions less crystal activations, one per tree key.
  std::vector<int32_t> candidate_action_, candidate_key_;
  // Per tree key: the stamp of the decision that last listed it and the candidate's index there; the stamp of the
  // visit that last met a child with it.
  std::vector<uint32_t> listed_, candidate_index_, met_;
  uint32_t stamp_ = 0;
  std::vector<Node> nodes_;
  std::vector<int32_t> path_;
  std::array<double, kMaxPlayers> values_{};
};

void SearchAgent::prepare(const State& state) {
  const Game& g = state.game();
  if (&g == game_) return;
  anchor_.emplace(state);
  game_ = &g;
  num_actions_ = g.num_distinct_actions();
  num_defs_ = 0;
  for (int p = 0; p < g.num_players(); ++p) {
    num_defs_ = std::max(num_defs_, 1 + g.deck(p).life_base);
    for (uint16_t c : g.deck(p).cards) num_defs_ = std::max(num_defs_, 1 + c);
  }
  const size_t keys = static_cast<size_t>(num_actions_) + static_cast<size_t>(action::kNumBlocks) * num_defs_;
  listed_.assign(keys, 0);
  candidate_index_.assign(keys, 0);
  met_.assign(keys, 0);
  stamp_ = 0;
}

// Tree keys: actions on cards in hand (place a crystal, cast, discard) are keyed by the card, not the copy, so the
// copies of one card are one choice and a key means the same in every world even though the hidden hands differ.
// Every other action is public and keyed by itself.
int SearchAgent::key_of(const State& state, int a) const {
  if (a < action::kFirstPerInstance || a >= game_->first_dot_action()) return a;
  const int n = game_->num_instances();
  const int block = (a - action::kFirstPerInstance) / n;
  if (block != action::kPlaceCrystal && block != action::kCast && block != action::kDiscard) return a;
  return num_actions_ + block * num_defs_ + state.instance((a - action::kFirstPerInstance) % n).def;
}

// The choices the search weighs at `state`, into candidate_action_ / candidate_key_; returns their number. Crystal
// activations are left out: paying activates crystals by itself (rules.md 4.3) and a pool empties at the end of the
// turn, so with the vanilla set activating one by hand never gains anything and only widens the tree.
int SearchAgent::candidates(const State& state) {
  state.legal_actions(*legal_);
  if (++stamp_ == 0) {  // stamps wrapped around: forget them once
    std::fill(listed_.begin(), listed_.end(), 0u);
    std::fill(met_.begin(), met_.end(), 0u);
    stamp_ = 1;
  }
  const int n = game_->num_instances();
  const int first_activation = game_->per_instance_action(action::kActivateCrystal, 0);
  int m = 0;
  for (int k = 0; k < legal_->size; ++k) {
    const int a = legal_->ids[k];
    if (a >= first_activation && a < first_activation + n) continue;
    const int key = key_of(state, a);
    if (listed_[key] == stamp_) continue;
    listed_[key] = stamp_;
    candidate_index_[key] = static_cast<uint32_t>(m);
    candidate_action_[m] = a;
    candidate_key_[m] = key;
    ++m;
  }
  return m;
}

int SearchAgent::child_for(int node, int key, int player) {
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

void SearchAgent::rollout(State& state, int stop_turn) {
  const bool heuristic = spec_.search.rollout == RolloutPolicy::Heuristic;
  while (!state.is_terminal() && (stop_turn <= 0 || state.turn() < stop_turn)) {
    int a;
    if (!heuristic || uniform() < spec_.search.rollout_noise) {
      state.legal_actions(*legal_);
      a = legal_->ids[rng_.below(static_cast<uint64_t>(legal_->size))];
    } else {
      a = heuristic_.choose(state);
    }
    state.apply_action(a);
  }
}

int SearchAgent::choose(const State& state) {
  check_playing(state);
  prepare(state);
  const int me = state.current_player();
  const int root_choices = candidates(state);
  if (root_choices == 1) return candidate_action_[0];
  const SearchSettings& settings = spec_.search;
  const int stop_turn = settings.rollout_turns == 0 ? 0 : state.turn() + settings.rollout_turns;
  nodes_.clear();
  nodes_.push_back(Node{});
  for (int sim = 0; sim < settings.simulations; ++sim) {
    world_ = state;
    State& world = *world_;
    world.determinize(me, rng_);
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
        int k = candidate_index_for(world, heuristic_.choose(world));
        if (k < 0 || met_[candidate_key_[k]] == stamp_) {
          auto pick = static_cast<int>(rng_.below(static_cast<uint64_t>(unexpanded)));
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
    heuristic_.evaluate_all(world, values_);
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

}  // namespace

std::unique_ptr<Agent> make_search_agent(const AgentSpec& spec, uint64_t seed) {
  return std::make_unique<SearchAgent>(spec, seed);
}

}  // namespace tcbg::x610z::agents_detail
