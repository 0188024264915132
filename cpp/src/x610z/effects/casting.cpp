// Casting fluxes, catalysts and quests (rules.md 6.1, 6.12; ORoC "Action table"): when a card may be cast, and its
// announcement as consecutive decisions: the mode of a "choose one", each additional effect used or declined, then
// the targets slot by slot. The announced item sits on top of the stack while its player announces.
#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

using namespace fx;

namespace {
constexpr int kFirstSlotStage = 1 + kMaxAdditional;
}

bool State::timing_allows(int p, int timing) const {
  if (phase_ != Phase::Action && phase_ != Phase::End) return false;
  switch (timing) {
    case kAnyTime: return true;
    case kYourTurn: return p == active_;
    default: return phase_ == Phase::Action && p == active_;
  }
}

// The filter of target slot `slot` of an item as announced so far (its mode's, or a used additional effect's).
int State::announce_slot_filter(const StackItem& item, int slot) const {
  const Tables& t = *game_->effects();
  const int32_t* ab = t.ability(item.ability);
  const int32_t* m = t.mode(ab[ability::kFirstMode] + item.mode);
  if (slot < m[mode::kNumTargets]) return m[mode::kTarget0 + slot];
  for (int k = 0; k < ab[ability::kNumAdditional]; ++k) {
    if (!((item.additional >> k) & 1)) continue;
    const int32_t* ad = t.additional(ab[ability::kFirstAdditional] + k);
    const int rel = slot - ad[additional::kFirstSlot];
    if (rel >= 0 && rel < ad[additional::kNumTargets]) return ad[additional::kTarget0 + rel];
  }
  return kNone;
}

// A target as announced or checked again (rules.md 6.1): it matches its filter seen by the announcing player, is
// not an opponent's summon with stealth (rules.md 6.2) and, for DISTINCT, is no earlier slot's object.
bool State::target_legal(int filter_index, int x, int viewer, int source, const StackItem& item, int slot) const {
  if (!matches(filter_index, x, viewer, source)) return false;
  const int kind = game_->effects()->filter(filter_index)[filter::kKind];
  if (kind != kPlayer && kind != kKindDot && kind != kStackItem && kind != kKindCard &&
      relation_holds(viewer, instances_[x].controller, kOpponent) && has_property(x, kStealth)) {
    return false;
  }
  if (game_->effects()->filter(filter_index)[filter::kFlags] & kDistinct) {
    const int value = game_->effects()->filter(filter_index)[filter::kKind] == kStackItem ? stack_[x].serial : x;
    for (int k = 0; k < slot; ++k) {
      if (item.targets[k] == value) return false;
    }
  }
  return true;
}

// Whether every target slot of a mode has something to announce (rules.md 6.1: otherwise it cannot be cast).
bool State::mode_announceable(int p, int ability_index, int source, int mode_index) const {
  const Tables& t = *game_->effects();
  const int32_t* ab = t.ability(ability_index);
  const int32_t* m = t.mode(ab[ability::kFirstMode] + mode_index);
  StackItem none;
  for (int s = 0; s < m[mode::kNumTargets]; ++s) {
    const int f = m[mode::kTarget0 + s];
    const int found = count_candidates(f, p, s + 1, [&](int x) { return target_legal(f, x, p, source, none, 0); });
    if (found == 0 || ((t.filter(f)[filter::kFlags] & kDistinct) && found <= s)) return false;
  }
  return true;
}

bool State::may_cast_effect_card(int p, int instance, const Resources& r) const {
  const Game& g = *game_;
  const CardInstance& c = instances_[instance];
  const CardDef& d = g.card(c.def);
  if (c.zone != Zone::Hand || c.owner != p || !g.effects()) return false;
  const Tables& t = *g.effects();
  const int cast = t.cast_ability(c.def);
  // A permanent without a CAST ability is cast in its controller's action phase (ORoC "Action table").
  if (!timing_allows(p, cast == kNone ? kYourActionPhase : t.ability(cast)[ability::kTiming])) return false;
  if (d.type == CardType::Flux && cast == kNone) return false;
  if (!x610z::can_pay(d.cost, players_[p].pool, r.crystals)) return false;
  return cast == kNone || ability_announceable(p, cast, instance);
}

bool State::ability_announceable(int p, int ability_index, int source) const {
  for (int m = 0; m < game_->effects()->ability(ability_index)[ability::kNumModes]; ++m) {
    if (mode_announceable(p, ability_index, source, m)) return true;
  }
  return false;
}

// rules.md 6.11: an ability in its zone and timing, its card reactivated for an activated ability (which activates
// it), a paid ability at most once until its controller's next turn, its cost payable, its targets announceable.
bool State::may_use_ability(int p, int i, int ability_index) const {
  const Tables& t = *game_->effects();
  const int32_t* ab = t.ability(ability_index);
  const CardInstance& c = instances_[i];
  const int zone = ab[ability::kZone];
  if (zone == static_cast<int>(Zone::Play) ? (c.zone != Zone::Play || c.controller != p)
                                           : (static_cast<int>(c.zone) != zone || c.owner != p)) {
    return false;
  }
  if (!timing_allows(p, ab[ability::kTiming])) return false;
  if (ab[ability::kKind] == kPaid && ((c.paid_used >> ab[ability::kNumber]) & 1)) return false;
  EnergyCounts energy{};
  int flags = 0;
  if (ab[ability::kCost] != kNone) {
    const int32_t* co = t.cost(ab[ability::kCost]);
    for (int e = 0; e < kEnergyTypes; ++e) energy[e] = static_cast<uint16_t>(co[cost::kEnergy0 + e]);
    flags = co[cost::kFlags];
  }
  EnergyCounts crystals = ready_crystals_[p];  // resources(p).crystals, without the summon classes
  if (flags & kActivateSelf) {
    if (c.zone != Zone::Play || c.activated) return false;
    const CardDef& d = game_->card(c.def);
    if (d.type == CardType::Crystal) --crystals[d.produces];  // activating it is the cost, not energy (rules.md 6.13)
  }
  if (!x610z::can_pay(energy, players_[p].pool, crystals)) return false;
  if (ab[ability::kCost] != kNone) {  // counters to remove from the card (rules.md 6.4)
    const int32_t* co = t.cost(ab[ability::kCost]);
    const int kind = co[cost::kCounterKind], need = co[cost::kCounterCount];
    if (need > 0 && (kind == kCounterDamage ? c.damage : kind >= 1 && kind <= 3 ? c.counters[kind - 1] : 0) < need) {
      return false;
    }
  }
  if (ab[ability::kCost] != kNone && !costs_choosable(p, t.cost(ab[ability::kCost]), i)) return false;
  return ability_announceable(p, ability_index, i);
}

// rules.md 6.18: a cost that discards cards or sacrifices a permanent is chosen by its player, one decision per card,
// when the ability is used (or the additional effect chosen) and paid at once. The cards are any of their hand; the
// permanent one they control matching the cost's filter, other than the source, never a life base (a cost is not a
// way to leave the game) nor a crystal they do not own (as Sacrifice).
bool State::sacrifice_candidate(int filter_index, int x, int p, int source) const {
  const CardInstance& c = instances_[x];
  const CardDef& d = game_->card(c.def);
  return x != source && c.zone == Zone::Play && c.controller == p && d.type != CardType::LifeBase &&
         !(d.type == CardType::Crystal && c.owner != p) && matches(filter_index, x, p, source);
}

bool State::costs_choosable(int p, const int32_t* co, int source) const {
  if (co[cost::kDiscard] > players_[p].hand_size) return false;
  if (co[cost::kSacrifice] == kNone) return true;
  for (int x = 0; x < game_->num_instances(); ++x) {
    if (sacrifice_candidate(co[cost::kSacrifice], x, p, source)) return true;
  }
  return false;
}

const int32_t* State::due_cost() const {
  const Tables& t = *game_->effects();
  const int32_t* ab = t.ability(stack_[stack_size_ - 1].ability);
  const int part = cost_due_ >> 4;
  return t.cost(part == 0 ? ab[ability::kCost] : t.additional(ab[ability::kFirstAdditional] + part - 1)[additional::kCost]);
}

void State::set_cost_due(const int32_t* co, int part) {
  const int discard = co[cost::kDiscard], sacrifice = co[cost::kSacrifice] != kNone;
  cost_due_ = discard || sacrifice ? static_cast<uint16_t>(discard | (sacrifice << 3) | (part << 4)) : 0;
}

void State::use_ability(int p, int i, int ability_index) {
  const Tables& t = *game_->effects();
  const int32_t* ab = t.ability(ability_index);
  CardInstance& c = instances_[i];
  if (ab[ability::kKind] == kPaid) c.paid_used = static_cast<uint8_t>(c.paid_used | (1u << ab[ability::kNumber]));
  if (ab[ability::kCost] != kNone) {
    const int32_t* co = t.cost(ab[ability::kCost]);
    if (co[cost::kFlags] & kActivateSelf) {
      set_activated(i, true);
      if (c.counters[0] > 0) --c.counters[0];  // rules.md 6.4: one activation counter comes off
    }
    if (co[cost::kCounterCount] > 0) {
      const int kind = co[cost::kCounterKind];
      if (kind == kCounterDamage) {
        c.damage = static_cast<uint8_t>(c.damage - co[cost::kCounterCount]);
      } else {
        c.counters[kind - 1] = static_cast<uint8_t>(c.counters[kind - 1] - co[cost::kCounterCount]);
      }
    }
    forget_continuous();  // counters and damage paid (continuous amounts may read them)
    EnergyCounts energy{};
    for (int e = 0; e < kEnergyTypes; ++e) energy[e] = static_cast<uint16_t>(co[cost::kEnergy0 + e]);
    pay(p, energy);
    if (co[cost::kFlags] & kSacrificeSelf) destroy(i);
    if (co[cost::kFlags] & kRemoveSelf) move_card(i, Zone::Removed);
    set_cost_due(co, 0);  // the cards to discard and the permanent to sacrifice: the first decisions of the announcement
  }
  StackItem item;
  item.kind = StackKind::Ability;
  item.controller = static_cast<uint8_t>(p);
  item.instance = static_cast<uint16_t>(i);
  item.ability = static_cast<int16_t>(ability_index);
  begin_announcement(item);
}

void State::begin_announcement(StackItem item) {
  item.serial = next_serial_++;
  if (stack_size_ >= kMaxStack) {
    throw IllegalActionError("stack", "the stack holds at most " + std::to_string(kMaxStack) + " items", "core limit");
  }
  stack_[stack_size_++] = item;
  if (item.ability == kNone) {  // nothing to announce
    after_declaration();
    return;
  }
  const uint8_t due = priority_due_;
  pending_ = Pending::Announce;
  announce_stage_ = 0;
  (void)due;
  advance_announcement();
}

// Moves to the next stage that needs a decision; when none is left the declaration is complete (rules.md 5.7).
void State::advance_announcement() {
  const Tables& t = *game_->effects();
  StackItem& item = stack_[stack_size_ - 1];
  const int32_t* ab = t.ability(item.ability);
  const int p = item.controller;
  while (true) {
    if (cost_due_ & 7) return;  // a card to discard: a decision
    if (cost_due_ & 8) {
      for (int x = 0; x < game_->num_instances(); ++x) {
        if (sacrifice_candidate(due_cost()[cost::kSacrifice], x, p, item.instance)) return;  // a decision
      }
      // Paying the rest of the cost took the last candidate (its source, sacrificed, took its attachments along).
    }
    cost_due_ = 0;
    const int stage = announce_stage_;
    if (stage == 0) {
      int announceable = 0, last = 0;
      for (int m = 0; m < ab[ability::kNumModes]; ++m) {
        if (mode_announceable(p, item.ability, item.instance, m)) { ++announceable; last = m; }
      }
      if (announceable > 1) return;
      item.mode = static_cast<uint8_t>(last);
      announce_stage_ = 1;
    } else if (stage < kFirstSlotStage) {
      const int k = stage - 1;
      if (k >= ab[ability::kNumAdditional]) {
        announce_stage_ = kFirstSlotStage;
        continue;
      }
      const int32_t* ad = t.additional(ab[ability::kFirstAdditional] + k);
      bool possible = true;  // its cost can be paid and each of its own targets has something to announce
      if (ad[additional::kCost] != kNone) {
        const int32_t* co = t.cost(ad[additional::kCost]);
        EnergyCounts energy{};
        for (int e = 0; e < kEnergyTypes; ++e) energy[e] = static_cast<uint16_t>(co[cost::kEnergy0 + e]);
        possible = x610z::can_pay(energy, players_[p].pool, resources(p).crystals) &&
                   costs_choosable(p, co, item.instance);
      }
      for (int s = 0; possible && s < ad[additional::kNumTargets]; ++s) {  // whether some candidate matches
        const int f = ad[additional::kTarget0 + s];
        possible = count_candidates(f, p, 1, [&](int x) { return matches(f, x, p, item.instance); }) > 0;
      }
      if (possible) return;
      announce_stage_ = static_cast<uint8_t>(stage + 1);
    } else {
      const int slot = stage - kFirstSlotStage;
      if (slot >= kTargetSlots) {
        pending_ = Pending::None;
        announce_stage_ = 0;
        if (item.triggered) {
          continue_triggers();  // the next waiting ability, then priority to whom it was due (rules.md 6.9)
        } else {
          after_declaration();
        }
        return;
      }
      const int f = announce_slot_filter(item, slot);
      if (f == kNone) {
        announce_stage_ = static_cast<uint8_t>(stage + 1);
        continue;
      }
      if (count_candidates(f, p, 1, [&](int x) { return target_legal(f, x, p, item.instance, item, slot); }) > 0) {
        return;  // something to choose: a decision
      }
      item.targets[slot] = kNone;  // nothing left to announce (an earlier DISTINCT slot took it)
      announce_stage_ = static_cast<uint8_t>(stage + 1);
    }
  }
}

void State::announce_options(ActionList& out) const {
  const Game& g = *game_;
  const Tables& t = *g.effects();
  const StackItem& item = stack_[stack_size_ - 1];
  const int32_t* ab = t.ability(item.ability);
  const int stage = announce_stage_;
  if (cost_due_) {  // rules.md 6.18: a card of their hand to discard, or a permanent to sacrifice
    for (int x = 0; x < g.num_instances(); ++x) {
      const bool ok = (cost_due_ & 7) ? instances_[x].zone == Zone::Hand && instances_[x].owner == item.controller
                                      : sacrifice_candidate(due_cost()[cost::kSacrifice], x, item.controller,
                                                            item.instance);
      if (ok) out.push(g.first_choose_instance_action() + x);
    }
  } else if (stage == 0) {
    for (int m = 0; m < ab[ability::kNumModes]; ++m) {
      if (mode_announceable(item.controller, item.ability, item.instance, m)) out.push(g.first_mode_action() + m);
    }
  } else if (stage < kFirstSlotStage) {
    out.push(g.no_action());
    out.push(g.yes_action());
  } else {
    const int slot = stage - kFirstSlotStage;
    const int f = announce_slot_filter(item, slot);
    const int kind = t.filter(f)[filter::kKind];
    for_each_candidate(kind, [&](int x) {
      if (target_legal(f, x, item.controller, item.instance, item, slot)) out.push(object_action(kind, x));
    });
  }
}

void State::answer_announcement(int a) {
  const Game& g = *game_;
  const Tables& t = *g.effects();
  StackItem& item = stack_[stack_size_ - 1];
  const int stage = announce_stage_;
  if (cost_due_) {  // rules.md 6.18: paid at once
    const int x = a - g.first_choose_instance_action();
    if (cost_due_ & 7) {
      --cost_due_;
      move_card(x, Zone::Discard);
    } else {
      cost_due_ = 0;
      destroy(x);
    }
    if (phase_ == Phase::Over) {  // the sacrifice ended the game (a defense it gave was holding a life base)
      cost_due_ = 0;
      drop_pending();
      return;
    }
  } else if (stage == 0) {
    item.mode = static_cast<uint8_t>(a - g.first_mode_action());
    announce_stage_ = 1;
  } else if (stage < kFirstSlotStage) {
    if (a == g.yes_action()) {  // rules.md 6.12: its cost is paid with the card's
      const int32_t* ab = t.ability(item.ability);
      const int32_t* ad = t.additional(ab[ability::kFirstAdditional] + stage - 1);
      if (ad[additional::kCost] != kNone) {
        const int32_t* co = t.cost(ad[additional::kCost]);
        EnergyCounts energy{};
        for (int e = 0; e < kEnergyTypes; ++e) energy[e] = static_cast<uint16_t>(co[cost::kEnergy0 + e]);
        pay(item.controller, energy);
        set_cost_due(co, stage);  // then the cards to discard and the permanent to sacrifice (rules.md 6.18)
      }
      item.additional = static_cast<uint8_t>(item.additional | (1u << (stage - 1)));
    }
    announce_stage_ = static_cast<uint8_t>(stage + 1);
  } else {
    const int slot = stage - kFirstSlotStage;
    const int kind = t.filter(announce_slot_filter(item, slot))[filter::kKind];
    int x;
    if (kind == kPlayer) x = a - g.first_choose_player_action();
    else if (kind == kKindDot) x = a - g.first_dot_action();
    else if (kind == kStackItem) x = stack_[a - g.first_choose_stack_action()].serial;
    else x = a - g.first_choose_instance_action();
    item.targets[slot] = static_cast<int16_t>(x);
    announce_stage_ = static_cast<uint8_t>(stage + 1);
  }
  advance_announcement();
}

}  // namespace tcbg::x610z
