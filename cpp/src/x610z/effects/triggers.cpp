// Triggered abilities (rules.md 6.9): an event makes matching abilities of cards in play wait; when a player would
// next receive priority, each player's waiting abilities go on the stack, active player first, in the order their
// controller chooses (one decision each; an optional one may be declined), their targets announced then.
#include <algorithm>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

using namespace fx;

// Called before the event changes anything a trigger reads (a card leaving play still is in play here, so an
// ability that triggers on its own card leaving looks back, rules.md 6.9). Abilities that work from the discard pile
// trigger on events while their card lies there, its owner controlling them (so not on its own way there).
void State::collect(int event, int subject, int other, int amount) {
  const Game& g = *game_;
  if (!g.has_triggers() || phase_ == Phase::Over) return;
  const Tables& t = *g.effects();
  auto consider = [&](int source, Zone zone) __attribute__((always_inline)) {  // inlined: the play loop is hot
    const CardInstance& src = instances_[source];
    const int controller = zone == Zone::Play ? src.controller : src.owner;
    const int32_t* rec = t.card(src.def);
    for (int a = rec[card::kFirstAbility]; a < rec[card::kFirstAbility] + rec[card::kNumAbilities]; ++a) {
      const int32_t* ab = t.ability(a);
      if (ab[ability::kKind] != kTriggered || ab[ability::kZone] != static_cast<int>(zone)) continue;
      const int32_t* tr = t.trigger_record(ab[ability::kTrigger]);
      if (tr[trigger::kEvent] != event) continue;
      const int turn = tr[trigger::kTurn];
      if ((turn == kTurnYours && active_ != controller) ||
          (turn == kTurnOpponents && g.team(active_) == g.team(controller))) {
        continue;
      }
      const int kind = tr[trigger::kSubject];
      if (kind == kSubjectThis && subject != source) continue;
      if (kind == kSubjectFocused && subject != src.focus) continue;
      if (kind == kSubjectFilter && !matches(tr[trigger::kFilter], subject, controller, source)) continue;
      if (tr[trigger::kConditionLength] > 0 &&
          evaluate(tr[trigger::kCondition], tr[trigger::kConditionLength], source, controller, subject) == 0) {
        continue;
      }
      if (waiting_size_ >= kMaxWaiting) {
        throw GameError("triggers", "more than " + std::to_string(kMaxWaiting) + " triggered abilities wait at once",
                        "core limit");
      }
      Waiting& w = waiting_[waiting_size_++];
      w.ability = static_cast<int16_t>(a);
      w.source = static_cast<uint16_t>(source);
      w.controller = static_cast<uint8_t>(controller);
      w.subject = static_cast<int16_t>(subject);
      w.other = static_cast<int16_t>(other);
      w.amount = static_cast<int16_t>(amount);
    }
  };
  // The cards with a triggered ability on this event in their zone, in the order of a walk of every card (the
  // others would find nothing to add).
  for (int p = 0; p < g.num_players(); ++p) {
    if (!alive(p)) continue;
    InstanceSet with_triggers;
    for (int w = 0; w < kInstanceWords; ++w) with_triggers[w] = active_cards_[p][w] & g.play_trigger_words()[w];
    for_each_instance(with_triggers, [&](int source) {
      if (instances_[source].zone == Zone::Play && (g.trigger_events(instances_[source].def, false) >> event & 1)) {
        consider(source, Zone::Play);
      }
    });
  }
  if (g.discard_triggers()) {
    for (const uint16_t i : g.discard_trigger_instances()) {
      if (instances_[i].zone == Zone::Discard && alive(instances_[i].owner) &&
          (g.trigger_events(instances_[i].def, true) >> event & 1)) {
        consider(i, Zone::Discard);
      }
    }
  }
}

// The first player in turn order from the active player with waiting abilities decides; abilities that cannot
// announce their targets cannot be used and are dropped (rules.md 6.1).
void State::start_trigger_decisions() {
  const Game& g = *game_;
  int kept = 0;
  for (int k = 0; k < waiting_size_; ++k) {
    const Waiting& w = waiting_[k];
    const bool usable = alive(w.controller) && (ability_announceable(w.controller, w.ability, w.source) ||
                                                (g.effects()->ability(w.ability)[ability::kFlags] & 1));
    if (usable) waiting_[kept++] = w;
  }
  waiting_size_ = static_cast<uint8_t>(kept);
  for (int k = 0; k < g.num_players(); ++k) {
    const int p = (active_ + k) % g.num_players();
    for (int j = 0; j < waiting_size_; ++j) {
      if (waiting_[j].controller == p) {
        pending_ = Pending::Trigger;
        priority_ = static_cast<uint8_t>(p);
        return;
      }
    }
  }
  pending_ = Pending::None;
  priority_ = priority_due_;
  priority_due_ = 0;  // kept only while abilities wait, so equal positions serialize equally
}

void State::continue_triggers() {
  pending_ = Pending::None;
  if (waiting_size_ > 0) {
    start_trigger_decisions();
  } else {
    priority_ = priority_due_;
    priority_due_ = 0;
  }
}

void State::trigger_options(ActionList& out) const {
  const Game& g = *game_;
  for (int k = 0; k < waiting_size_; ++k) {
    const Waiting& w = waiting_[k];
    if (w.controller != priority_) continue;
    if (ability_announceable(w.controller, w.ability, w.source)) out.push(g.first_trigger_action() + k);
  }
  for (int k = 0; k < waiting_size_; ++k) {
    const Waiting& w = waiting_[k];
    if (w.controller == priority_ && (g.effects()->ability(w.ability)[ability::kFlags] & 1)) {
      out.push(g.first_decline_action() + k);
    }
  }
}

void State::answer_trigger(int a) {
  const Game& g = *game_;
  const bool put = a < g.first_decline_action();
  const int k = a - (put ? g.first_trigger_action() : g.first_decline_action());
  const Waiting w = waiting_[k];
  std::copy(waiting_.begin() + k + 1, waiting_.begin() + waiting_size_, waiting_.begin() + k);
  --waiting_size_;
  pending_ = Pending::None;
  if (!put) {
    continue_triggers();
    return;
  }
  StackItem item;
  item.kind = StackKind::Ability;
  item.controller = w.controller;
  item.instance = w.source;
  item.ability = w.ability;
  item.subject = w.subject;
  item.other = w.other;
  item.amount = w.amount;
  item.triggered = 1;
  priority_ = w.controller;
  begin_announcement(item);  // ends in continue_triggers() (advance_announcement)
}

}  // namespace tcbg::x610z
