// Action texts and the reason an action is not legal (rules.md 5.9; docs/actions.md "Action texts").
//
// A text says what the action does in the words of someone looking at the board, and holds everything that tells
// the action apart from the other actions of its id space: the card instance (by name and number), the dot, and for
// a move or an attack the line its heading comes from (rules.md 2.11, 3.6), named by the dot at its far end. So the
// texts of the legal actions of a state are unique, and tcbg.x610z.actions reads a text back into its id with the
// board alone. apply_action's IllegalActionError and the tools' legality check give the same reason, from one place.
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

namespace {

// The far end of the first of `dot`'s lines whose heading has `rank` as an option key's heading rank: arriving
// along the line (moves, rules.md 2.11) or leaving by it (attacks, 3.6). -1 when no line of the dot has it. Lines
// are looked at in the order of the dot indices they lead to, so the name is the same for every state; two lines of
// one dot never share a far end (board-format B7), so different ranks get different names.
int line_with_rank(const Board& b, int dot, int rank, bool arriving) {
  for (int s = 0; s < b.degree(dot); ++s) {
    const Slot& sl = b.slot(dot, s);
    if ((arriving ? sl.arrive_rank : sl.leave_rank) == rank) return sl.to;
  }
  return -1;
}

const char* zone_words(Zone z) {
  switch (z) {
    case Zone::Deck: return "the deck";
    case Zone::Hand: return "the hand";
    case Zone::Play: return "play";
    case Zone::Discard: return "the discard pile";
    case Zone::Stack: return "the stack";
    default: return "the removed cards";
  }
}

}  // namespace

std::string State::instance_name(int i) const {
  return game_->card(instances_[i].def).name + " (#" + std::to_string(i) + ")";
}

int State::choosing_summon() const {
  if (pending_ == Pending::MoveDestination || pending_ == Pending::AttackTarget) return pending_instance_;
  if (pending_ != Pending::Resolve || !resolving_ || !game_->effects()) return -1;
  int program = 0, length = 0;  // an effect's move (rules.md 6.6): the summon is in the instruction's register
  if (!part_bounds(resolution_.part, program, length) || resolution_.pc >= length) return -1;
  const int32_t* ins = game_->effects()->instruction(program + resolution_.pc);
  if (ins[0] != fx::CHOOSE_MOVE || ins[2] < 0 || ins[2] >= fx::kRegisters) return -1;
  const int summon = resolution_.regs[ins[2]];
  return summon >= 0 && summon < game_->num_instances() && instances_[summon].dot >= 0 ? summon : -1;
}

std::string State::action_to_string(int a) const {
  const Game& g = *game_;
  if (a < 0 || a >= g.num_distinct_actions()) {
    throw IllegalActionError("action " + std::to_string(a), illegal_reason(a), "rules.md 5.9");
  }
  if (a == action::kPass) return "pass";
  if (a == action::kKeep) return "keep the hand";
  if (a == action::kMurphy) return "Murphy's Law";
  const Board& b = g.board();
  if (a == g.choose_none_action()) return "choose none";
  if (a == g.yes_action()) return "yes";
  if (a == g.no_action()) return "no";
  if (a >= g.first_decline_action()) {
    const int k = a - g.first_decline_action();
    return "decline waiting ability " + std::to_string(k) +
           (k < waiting_size_ ? " of " + instance_name(waiting_[k].source) : std::string());
  }
  if (a >= g.first_trigger_action()) {
    const int k = a - g.first_trigger_action();
    return "put waiting ability " + std::to_string(k) + (k < waiting_size_ ? " of " + instance_name(waiting_[k].source)
                                                                           : std::string()) + " on the stack";
  }
  if (a >= g.first_ability_action()) {
    const int rel = a - g.first_ability_action();
    return "use ability " + std::to_string(rel % g.abilities_per_card()) + " of " +
           instance_name(rel / g.abilities_per_card());
  }
  if (a >= g.first_mode_action()) return "choose mode " + std::to_string(a - g.first_mode_action());
  if (a >= g.first_choose_stack_action()) {
    const int k = a - g.first_choose_stack_action();
    return "choose stack item " + std::to_string(k) +
           (k < stack_size_ ? " (" + instance_name(stack_[k].instance) + ")" : std::string());
  }
  if (a >= g.first_choose_player_action()) return "choose player " + std::to_string(a - g.first_choose_player_action());
  if (a >= g.first_choose_instance_action()) return "choose " + instance_name(a - g.first_choose_instance_action());
  if (a >= g.first_attack_action()) {  // rules.md 3.6: the heading is that of the attack's first line
    const int key = a - g.first_attack_action();
    const int target = key / kKeysPerDot, rank = key % kKeysPerDot;
    const int attacker = pending_ == Pending::AttackTarget ? pending_instance_ : -1;
    std::string text = "attack the summon on " + b.dot(target).id;
    if (attacker < 0 || instances_[attacker].dot < 0) {  // no attacker to read the heading from
      return rank == 0 ? text : text + " (heading rank " + std::to_string(rank) + " at the attacker's dot)";
    }
    const int from = instances_[attacker].dot;
    text += " with " + instance_name(attacker) + " from " + b.dot(from).id;
    if (rank == 0) return text;  // "in all directions": one attack per target
    const int first = line_with_rank(b, from, rank, false);
    return text + (first >= 0 ? ", setting out towards " + b.dot(first).id
                              : " (heading rank " + std::to_string(rank) + ")");
  }
  if (a >= g.first_move_action()) {  // rules.md 2.11: the heading is that of the move's last line
    const int key = a - g.first_move_action();
    const int to = key / kKeysPerDot, rank = key % kKeysPerDot;
    const int last = rank == 0 ? -1 : line_with_rank(b, to, rank, true);
    const std::string along = last >= 0 ? ", arriving from " + b.dot(last).id
                                        : " (heading rank " + std::to_string(rank) + ")";
    const int mover = pending_ == Pending::AttackTarget ? -1 : choosing_summon();
    if (mover < 0 || instances_[mover].dot < 0) {
      return "move to " + b.dot(to).id + (rank == 0 ? ", arriving by warp or in all directions" : along);
    }
    std::string text = "move " + instance_name(mover) + " from " + b.dot(instances_[mover].dot).id + " to " + b.dot(to).id;
    if (rank > 0) return text + along;
    return mover_of(mover, false).all_directions ? text : text + ", arriving by warp";
  }
  if (a >= g.first_dot_action()) {
    return (pending_ == Pending::Placement ? "place the summon on " : "choose dot ") + b.dot(a - g.first_dot_action()).id;
  }
  const int rel = a - action::kFirstPerInstance;
  const int block = rel / g.num_instances();
  const int instance = rel % g.num_instances();
  switch (block) {
    case action::kPlaceCrystal: return "place crystal " + instance_name(instance);
    case action::kActivateCrystal: return "activate crystal " + instance_name(instance);
    case action::kDiscard: return "discard " + instance_name(instance);
    case action::kCast: return "cast " + instance_name(instance);
    case action::kDeclareMove: return "move " + instance_name(instance);
    default: return "attack with " + instance_name(instance);
  }
}

std::string State::decision_text() const {
  const std::string who = "player " + std::to_string(priority_);
  switch (pending_) {
    case Pending::MoveDestination: return who + " is choosing where " + instance_name(pending_instance_) + " moves";
    case Pending::AttackTarget: return who + " is choosing what " + instance_name(pending_instance_) + " attacks";
    case Pending::Placement: return who + " is choosing the dot for " + instance_name(pending_instance_);
    case Pending::Announce:
      return who + " is announcing " + (stack_size_ > 0 ? instance_name(stack_[stack_size_ - 1].instance) : "a card");
    case Pending::Resolve: return who + " is making a choice for " + instance_name(resolution_.item.instance);
    case Pending::Trigger: return who + " is putting waiting triggered abilities on the stack";
    default: break;
  }
  switch (phase_) {
    case Phase::Mulligan: return who + " is deciding whether to keep their opening hand";
    case Phase::Cleanup: return who + " is discarding down to " + std::to_string(kHandLimit) + " cards";
    default:
      return who + " has priority in the " + (phase_ == Phase::Action ? "action" : "end") + " phase of player " +
             std::to_string(active_) + "'s turn " + std::to_string(turn_);
  }
}

std::string State::illegal_reason(int a) const {
  const Game& g = *game_;
  if (a < 0 || a >= g.num_distinct_actions()) {
    return "no action " + std::to_string(a) + " in this game (ids 0 to " + std::to_string(g.num_distinct_actions() - 1) +
           ")";
  }
  if (is_legal(a)) return "";
  if (is_terminal()) return "the game is over";
  std::string why = "not legal now (" + action_to_string(a) + "): ";
  const bool free_choice = (phase_ == Phase::Action || phase_ == Phase::End) && pending_ == Pending::None;
  if (free_choice && a >= action::kFirstPerInstance && a < g.first_dot_action()) {  // a card's action: where it is
    const int rel = a - action::kFirstPerInstance;
    const int block = rel / g.num_instances();
    const CardInstance& c = instances_[rel % g.num_instances()];
    const bool from_hand = block == action::kPlaceCrystal || block == action::kCast || block == action::kDiscard;
    if (from_hand && (c.zone != Zone::Hand || c.owner != priority_)) {
      return why + "the card is in " + (c.zone == Zone::Hand ? "player " + std::to_string(c.owner) + "'s hand"
                                                              : std::string(zone_words(c.zone))) +
             ", not in the hand of player " + std::to_string(priority_) + ", who has priority";
    }
    if (!from_hand && (c.zone != Zone::Play || c.controller != priority_)) {
      return why + "the card is " + (c.zone == Zone::Play ? "controlled by player " + std::to_string(c.controller)
                                                           : "in " + std::string(zone_words(c.zone))) +
             ", not in play under player " + std::to_string(priority_) + ", who has priority";
    }
  }
  return why + decision_text();
}

}  // namespace tcbg::x610z
