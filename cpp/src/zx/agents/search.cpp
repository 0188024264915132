// Z/X's search agent (docs/agents.md, "Z/X search"): the core's IS-MCTS (core/search.hpp) with Z/X's policy, which
// keys the tree, asks the heuristic for its first choices, rollouts and leaf values, and cuts rollouts after two
// turns unless the spec names its own horizon.
#include "search.hpp"

#include <algorithm>
#include <array>
#include <memory>

#include "heuristic.hpp"
#include "tcbg/core/search.hpp"

namespace tcbg::zx::agents_detail {

namespace {

struct SearchPolicy {
  using Values = std::array<double, kPlayers>;

  int prepare(const State& state) {
    const Game& g = state.game();
    num_defs = std::max(1, g.num_cards());
    return action::kNumActions + kHandBlocks * num_defs;
  }

  // Tree keys: what is done with a card in hand (play it, put it into Resource, discard it, return it to the deck)
  // is keyed by the card, not the copy, so that the copies of one card are one choice and a key means the same in
  // every world although the hidden hands differ (rules.md 13); a card an effect chooses from the deck likewise. A
  // card played or chosen from a public zone (Resource, Trash, Charge, the removed zone: PlayFrom, an effect's
  // choice) is keyed by itself, so that it is not one choice with a copy in the hand. Every other action names public
  // things (Squares, attacks, Charge and Resource cards, Life positions) and is keyed by itself.
  int key_of(const State& state, int a) const {
    if (a < action::kFirstBlock || a >= action::kFirstSquare) return a;
    const Zone z = state.instance((a - action::kFirstBlock) % kMaxInstances).zone;
    if (z != Zone::Hand && z != Zone::Deck) return a;
    const int b = (a - action::kFirstBlock) / kMaxInstances;
    const int slot = b == action::kPlay ? 0 : b == action::kResource ? 1 : b == action::kDiscard ? 2
                   : b == action::kChoose ? 3 : -1;
    if (slot < 0) return a;
    return action::kNumActions + slot * num_defs + state.instance((a - action::kFirstBlock) % kMaxInstances).def;
  }

  bool considered(const State&, int) const { return true; }
  // Rollouts are cut after two turns (the player's and the opponent's answer) and scored by the heuristic's
  // evaluation: measured stronger and cheaper than rollouts to the end (docs/agents.md, "Z/X search").
  int default_rollout_turns() const { return kRolloutTurns; }
  static constexpr int kRolloutTurns = 2;
  int choose(const State& state) { return heuristic.choose(state); }
  void evaluate_all(const State& state, Values& out) { heuristic.evaluate_all(state, out); }

  static constexpr int kHandBlocks = 4;
  Heuristic heuristic;
  int num_defs = 1;
};

}  // namespace

std::unique_ptr<Agent> make_search_agent(const AgentSpec& spec, uint64_t seed) {
  return std::make_unique<tcbg::SearchAgent<State, SearchPolicy>>(spec, seed);
}

}  // namespace tcbg::zx::agents_detail
