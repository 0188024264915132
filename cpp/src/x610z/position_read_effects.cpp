// Card effects in position documents (rules P17-P22), the half of the fast reader that follows
// src/tcbg/x610z/position_effects.py: card references, abilities, effects on cards, events, stack items and the
// top-level effect fields. The rest of the reader is position_read.cpp.
#include "position_read_parts.hpp"

namespace tcbg::x610z {


int PositionRead::card_ref(Value v, bool allow_none) const {
  if (allow_none && (!v.valid() || v.is_null())) return -1;
  if (!v.valid() || !v.is_string()) refuse("P18 not a card reference");
  const string_view s = v.str();
  // "Name (#N)": N of 1 to 6 ASCII digits (the reference also takes other Unicode digits; it reads those).
  if (s.size() < 5 || s.back() != ')') refuse("P18 not a card reference");
  size_t k = s.size() - 1;
  while (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9') --k;
  const size_t digits = s.size() - 1 - k;
  if (digits < 1 || digits > 6 || k < 4 || s.substr(k - 3, 3) != " (#") refuse("P18 not a card reference");
  const string_view name = s.substr(0, k - 3);
  if (name.empty()) refuse("P18 not a card reference");
  int i = 0;
  for (size_t q = k; q < s.size() - 1; ++q) i = i * 10 + (s[q] - '0');
  if (i >= r_.num_instances_) refuse("P18 no such card");
  if (def_of(i).name != name) refuse("P18 not that card's name");
  return i;
}

int PositionRead::abilities_first(int instance) const {
  return r_.tables_->card(r_.inst_def_[instance])[fx::card::kFirstAbility];
}

int PositionRead::abilities_count(int instance) const {
  return r_.native_ ? r_.tables_->card(r_.inst_def_[instance])[fx::card::kNumAbilities] : 0;
}

int PositionRead::ability_of(int instance, Value v, std::initializer_list<int> kinds) const {
  const int own = abilities_count(instance);
  int64_t number = 0;
  if (!v.valid() || !v.int_in(0, own - 1, number)) refuse("P19 no such ability");
  const int ability = abilities_first(instance) + static_cast<int>(number);
  if (std::find(kinds.begin(), kinds.end(), ability_kind(ability)) == kinds.end()) refuse("P19 wrong ability kind");
  return ability;
}

int PositionRead::cast_ability(int instance) const {
  const int own = abilities_count(instance);
  for (int k = 0; k < own; ++k) {
    if (ability_kind(abilities_first(instance) + k) == fx::kCast) return abilities_first(instance) + k;
  }
  return -1;
}

int PositionRead::slot_filter(const StackItem& it, int slot) const {
  const fx::Tables& t = *r_.tables_;
  const int32_t* ab = t.ability(it.ability);
  const int32_t* mode = t.mode(ab[fx::ability::kFirstMode] + it.mode);
  if (slot < mode[fx::mode::kNumTargets]) return mode[fx::mode::kTarget0 + slot];
  for (int k = 0; k < ab[fx::ability::kNumAdditional]; ++k) {
    if (!((it.additional >> k) & 1)) continue;
    const int32_t* ad = t.additional(ab[fx::ability::kFirstAdditional] + k);
    const int rel = slot - ad[fx::additional::kFirstSlot];
    if (rel >= 0 && rel < ad[fx::additional::kNumTargets]) return ad[fx::additional::kTarget0 + rel];
  }
  return -1;
}

uint8_t PositionRead::read_properties(Value v) const {
  if (!v.valid() || !v.is_array()) refuse("P17/P22 properties");
  uint8_t bits = 0;
  Value p = v.first();
  for (uint32_t k = 0; k < v.size(); ++k, p = p.next()) {
    const int i = p.is_string() ? index_of(kProperties, p.str()) : -1;
    if (i < 0 || (bits >> i & 1)) refuse("P17/P22 properties");
    bits |= static_cast<uint8_t>(1 << i);
  }
  return bits;
}

void PositionRead::read_card_effects(CardInstance& c, int instance, Value obj) {
  if (!any_of_fields(obj, kCardEffectFields)) return;
  need_effects();
  for (auto [key, changes] : {std::pair<string_view, std::array<int8_t, 5>*>{"stat_changes", &c.modifier},
                              {"stat_changes_while_in_play", &c.lasting}}) {
    const Value v = obj.get(key);
    if (!v.valid()) continue;
    if (!v.is_object()) refuse("P17 stat changes");
    object_fields(v, {"attack", "defense", "speed", "range", "block_rate"});
    for (int s = 0; s < 5; ++s) {
      (*changes)[s] = static_cast<int8_t>(int_field(v, kStats[s], -kMaxChange, kMaxChange, 0, "P17 stat change"));
    }
  }
  if (obj.has("granted")) c.granted = read_properties(obj.get("granted"));
  if (obj.has("granted_while_in_play")) c.granted_lasting = read_properties(obj.get("granted_while_in_play"));
  const Value used = obj.get("paid_abilities_used");
  if (used.valid()) {
    if (!used.is_array()) refuse("P17 paid_abilities_used");
    Value v = used.first();
    for (uint32_t k = 0; k < used.size(); ++k, v = v.next()) {
      ability_of(instance, v, {fx::kPaid});
      int64_t number = 0;
      v.int_in(0, 1 << 20, number);
      if (number > 3) refuse("P17 paid ability beyond 3");
      if (c.paid_used >> number & 1) refuse("P17 paid ability twice");
      c.paid_used |= static_cast<uint8_t>(1 << number);
    }
  }
  if (obj.has("focus")) c.focus = static_cast<int16_t>(card_ref(obj.get("focus"), false));
  c.shield = static_cast<uint8_t>(int_field(obj, "damage_to_prevent", 0, 255, 0, "P17 damage_to_prevent"));
  c.control_return = static_cast<int8_t>(int_field(obj, "control_returns_to", 0, r_.n_ - 1, -1, "P17 control"));
  if (obj.has("damage_redirected_to")) c.redirect = static_cast<int16_t>(card_ref(obj.get("damage_redirected_to"), false));
}

void PositionRead::read_event(Value event, int16_t& subject, int16_t& other, int16_t& amount) {
  if (!event.valid()) {
    subject = other = -1;
    amount = 0;
    return;
  }
  object_fields(event, {"subject", "other", "amount"});
  subject = static_cast<int16_t>(card_ref(event.get("subject"), true));
  other = static_cast<int16_t>(card_ref(event.get("other"), true));
  amount = static_cast<int16_t>(int_field(event, "amount", 0, 255, 0, "P19 amount"));
}

void PositionRead::read_item(Value obj, StackItem& it) {
  const bool present = any_of_fields(obj, kItemEffectFields);
  if (it.kind == StackKind::Ability || present) need_effects();
  if (it.kind == StackKind::Cast) {
    it.ability = static_cast<int16_t>(cast_ability(it.instance));
    const Value a = obj.get("ability");
    if (a.valid()) it.ability = static_cast<int16_t>(a.is_null() ? -1 : ability_of(it.instance, a, {fx::kCast}));
  } else {
    it.ability = static_cast<int16_t>(
        ability_of(it.instance, obj.get("ability"), {fx::kActivatedAbility, fx::kPaid, fx::kTriggered}));
    it.triggered = ability_kind(it.ability) == fx::kTriggered;
  }
  if (it.ability < 0) {
    if (any_of_fields(obj, {"mode", "additional", "targets", "event"})) refuse("P19 effect fields without an ability");
    return;
  }
  const int32_t* ab = r_.tables_->ability(it.ability);
  it.mode = static_cast<uint8_t>(int_field(obj, "mode", 0, ab[fx::ability::kNumModes] - 1, 0, "P19 mode"));
  const Value extra = obj.get("additional");
  it.additional = 0;
  if (extra.valid()) {
    if (!extra.is_array()) refuse("P19 additional");
    Value v = extra.first();
    for (uint32_t k = 0; k < extra.size(); ++k, v = v.next()) {
      const int64_t number = int_value(v, 0, ab[fx::ability::kNumAdditional] - 1, "P19 additional");
      if (it.additional >> number & 1) refuse("P19 additional twice");
      it.additional |= static_cast<uint8_t>(1 << number);
    }
  }
  const Value targets = obj.get("targets");
  it.targets = {-1, -1, -1, -1};
  if (targets.valid()) {
    if (!targets.is_array() || targets.size() > static_cast<uint32_t>(fx::kTargetSlots)) refuse("P19 targets");
    Value v = targets.first();
    for (int slot = 0; slot < static_cast<int>(targets.size()); ++slot, v = v.next()) {
      if (v.is_null()) continue;
      const int f = slot_filter(it, slot);
      if (f < 0) refuse("P19 no target in this slot");
      const int kind = r_.tables_->filter(f)[fx::filter::kKind];
      if (kind == fx::kKindDot) {
        it.targets[slot] = static_cast<int16_t>(dot(v, "P19 target dot"));
      } else if (kind == fx::kPlayer) {
        it.targets[slot] = static_cast<int16_t>(int_value(v, 0, r_.n_ - 1, "P19 target seat"));
      } else if (kind == fx::kStackItem) {
        // The engine keeps a target in 16 bits; the reference reads serials up to 65535 (P19).
        const int64_t serial = int_value(v, 0, 65535, "P19 target serial");
        if (serial > 32767) refuse("P19 a serial the engine cannot hold");
        it.targets[slot] = static_cast<int16_t>(serial);
      } else {
        it.targets[slot] = static_cast<int16_t>(card_ref(v, false));
      }
    }
  }
  read_event(obj.get("event"), it.subject, it.other, it.amount);
}

void PositionRead::read_top() {
  if (any_of_fields(doc_, kEffectTopFields)) need_effects();
  const Value waiting = list_field(doc_, "waiting");
  if (count(waiting) > static_cast<uint32_t>(fx::kMaxWaiting)) refuse("P20 waiting");
  w_.waiting.clear();
  Value w = count(waiting) ? waiting.first() : Value();
  for (uint32_t k = 0; k < count(waiting); ++k, w = w.next()) {
    object_fields(w, {"source", "ability", "controller", "event"}, {"source", "ability"});
    Waiting out;
    out.source = static_cast<uint16_t>(card_ref(w.get("source"), false));
    out.ability = static_cast<int16_t>(ability_of(out.source, w.get("ability"), {fx::kTriggered}));
    out.controller = static_cast<uint8_t>(seat(w, "controller", r_.inst_owner_[out.source]));
    read_event(w.get("event"), out.subject, out.other, out.amount);
    w_.waiting.push_back(out);
  }
  priority_due_ = seat(doc_, "priority_due", 0);
  announce_stage_ = static_cast<int>(
      int_field(doc_, "announce_stage", 0, fx::kMaxAdditional + fx::kTargetSlots, 0, "P21 announce_stage"));
  const Value due = doc_.get("costs_due");
  if (due.valid() && !due.is_null()) {
    object_fields(due, {"discard", "sacrifice", "part"});
    const int discard = static_cast<int>(int_field(due, "discard", 0, 7, 0, "P21 discard"));
    const bool sacrifice = bool_field(due, "sacrifice", false);
    if (!discard && !sacrifice) refuse("P21 costs_due names no cost");
    cost_due_ = discard | (sacrifice ? 8 : 0) |
                static_cast<int>(int_field(due, "part", 0, fx::kMaxAdditional, 0, "P21 part")) << 4;
  }
  const Value res = doc_.get("resolution");
  if (res.valid() && !res.is_null()) {
    object_fields(res, {"item", "part", "pc", "registers"}, {"item", "registers"});
    resolution_.item = stack_item(resolving_);
    if (resolution_.item.ability < 0) refuse("P21 a resolution runs an ability");
    const Value regs = res.get("registers");
    if (!regs.is_array() || regs.size() != 16) refuse("P21 registers");
    Value v = regs.first();
    for (int k = 0; k < 16; ++k, v = v.next()) {
      resolution_.regs[k] = static_cast<int32_t>(int_value(v, INT32_MIN, INT32_MAX, "P21 register"));
    }
    resolution_.part = static_cast<uint8_t>(int_field(res, "part", 0, fx::kMaxAdditional, 0, "P21 part"));
    resolution_.pc = static_cast<int16_t>(int_field(res, "pc", 0, kMaxPc, 0, "P21 pc"));
  }
  const Value lasting = list_field(doc_, "lasting_effects");
  if (count(lasting) > static_cast<uint32_t>(kMaxLasting)) refuse("P22 lasting_effects");
  w_.lasting.clear();
  Value e = count(lasting) ? lasting.first() : Value();
  for (uint32_t k = 0; k < count(lasting); ++k, e = e.next()) {
    if (!e.is_object()) refuse("P1 lasting effect");
    const int name = name_field(e, "effect", kLastingNames, -1, "P22 effect");
    switch (name) {
      case 0: object_fields(e, {"effect", "duration", "target", "source", "amount"}, {"duration", "target", "source"}); break;
      case 1: object_fields(e, {"effect", "duration", "target", "source", "stat", "amount"}, {"duration", "target", "source"}); break;
      case 2: object_fields(e, {"effect", "duration", "target", "source", "properties"}, {"duration", "target", "source"}); break;
      default: object_fields(e, {"effect", "duration", "target", "source", "returns_to"}, {"duration", "target", "source"}); break;
    }
    LastingEffect out;
    out.op = static_cast<uint8_t>(kLastingOps[name]);
    out.duration = static_cast<uint8_t>(name_field(e, "duration", kDurations, -1, "P22 duration"));
    out.target = static_cast<uint16_t>(card_ref(e.get("target"), false));
    out.source = static_cast<uint16_t>(card_ref(e.get("source"), false));
    if (name != 0 && out.duration != fx::kWhileSourceInPlay) refuse("P22 duration");
    if (name == 1) {
      out.what = static_cast<uint8_t>(name_field(e, "stat", kStats, -1, "P22 stat"));
    } else if (name == 2) {
      out.what = read_properties(e.get("properties"));
      if (!out.what) refuse("P22 grants nothing");
    } else if (name == 3) {
      out.what = static_cast<uint8_t>(seat(e, "returns_to", -1, "P22 returns_to"));
      if (!e.has("returns_to")) refuse("P1 returns_to");
    }
    if (name == 0 || name == 1) {
      out.amount = static_cast<int8_t>(
          int_field(e, "amount", name == 0 ? 1 : -kMaxChange, kMaxChange, 0, "P22 amount"));
      if (out.amount == 0) refuse("P22 amount 0");
    }
    w_.lasting.push_back(out);
  }
}

}  // namespace tcbg::x610z
