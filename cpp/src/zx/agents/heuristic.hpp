// Z/X's heuristic player (docs/agents.md, "Z/X heuristic"), shared by the heuristic agent and the search agent (its
// first choices, rollouts and leaf values). Private to the core's agents.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>

#include "tcbg/zx/game.hpp"

namespace tcbg::zx::agents_detail {

// Hand-written play. Its buffers (action lists, the lookahead's copies of the state) are made at construction and
// reused, so a decision allocates nothing.
class Heuristic {
 public:
  Heuristic();
  Heuristic(const Heuristic&) = delete;
  Heuristic& operator=(const Heuristic&) = delete;

  // The heuristic's action for state.current_player(); the state must be at a decision.
  int choose(const State& state);
  // What the position is worth to player p, in [-1, 1]: the return when the game is over, else a squashed score of
  // Life, the Z/X on the field (with the Player Squares' guards and the threats on them), Resource, hand and Charge.
  double evaluate(const State& state, int p) const;
  void evaluate_all(const State& state, std::array<double, kPlayers>& out) const {
    out[0] = evaluate(state, 0);
    out[1] = evaluate(state, 1);
  }

 private:
  // `depth` counts the lookahead's levels: at the deepest one, no further lookahead (Events are not played, an
  // unknown decision takes its first legal action).
  int choose_at(const State& state, int depth);
  int rule_choice(const State& state, int depth);  // the decision's own rule, or -1: none applies
  int mulligan(const State& state) const;
  int resource(const State& state) const;
  int ignition(const State& state) const;
  int main_phase(const State& state, int depth);
  int attack(const State& state) const;
  int square(const State& state, const Frame& f) const;
  int pay(const State& state, const Frame& f) const;
  int pay_least_needed(const State& state, const ActionList& legal) const;  // effect-pay, ability-pay
  static bool is_card_choice(int a) {
    return a >= action::kFirstChooseCard && a < action::kFirstChooseCard + kMaxInstances;
  }
  double card_worth(const State& state, int i) const;  // Power and Cost: the nested lookahead's order of cards
  bool earlier_copy(const State& state, const ActionList& legal, int k) const;  // an Event played already
  bool same_as_earlier(const State& state, const ActionList& legal, int k) const;  // a card alike to one tried
  int least_useful(const State& state, int block) const;  // discard / resource / return: a hand card's action
  int play_free(const State& state, int depth);            // ignition-play and damage-play
  int best_event(const State& state, int depth);           // an Event worth playing now, or -1
  int best_startup(const State& state, int depth);         // a startup ability worth using now, or -1
  int remove_target(const State& state, const ActionList& legal, int first_id) const;  // Void Bringer and BounceZX: the Z/X to take away
  int lookahead(const State& state, int depth);            // the legal action whose outcome evaluates best

  // What the player gains by the Z/X instance i on Square s (legal for p), against the other Squares.
  double square_score(const State& state, int p, int i, int s) const;
  double usefulness(const State& state, int p, int i) const;  // a hand card's worth to keep and play
  bool worth_placing(const State& state, int p, int i) const;  // a Square with a positive score exists
  bool has_program(const State& state, int i) const;
  int range_of(const State& state, int i) const;
  // The value to `me` of the state after action a and its resolution: the sub-decisions it opens (Squares, payment,
  // choices, the other player's answers) are made by the heuristic one level deeper until the frame stack is back
  // to where it was.
  double value_after(const State& state, int a, int depth);

  static constexpr int kDepth = 2;
  static constexpr int kNestedCards = 3;  // card choices a nested lookahead tries
  std::array<std::unique_ptr<ActionList>, kDepth + 1> legal_;
  std::array<std::optional<State>, kDepth> scratch_;
};

}  // namespace tcbg::zx::agents_detail
