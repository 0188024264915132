// The fast reader of X610Z position documents (tcbg/x610z/position_read.hpp). It follows the reference reader,
// src/tcbg/x610z/position.py and position_effects.py, step for step: the same fields with the same defaults, the
// same instance assignment, the same checks P1-P22 (each refusal below names the reference's rule). It builds the
// core's records and writes them as the bytes of _state_bytes.encode (the layout of state_io.cpp).
#include "position_read_parts.hpp"

namespace tcbg::x610z {

void PositionRead::read(std::string& out) {
  const int n = r_.n_;
  object_fields(doc_, kTopFields, {"format", "players"});
  if (doc_.get("format").str() != "tcbg-x610z-position/1" || !doc_.get("format").is_string()) refuse("P1 format");
  const Value players = doc_.get("players");
  if (!players.is_array() || static_cast<int>(players.size()) != n) refuse("P2 players");
  Value pv[kMaxPlayers];
  {
    Value p = players.first();
    for (int k = 0; k < n; ++k, p = p.next()) {
      object_fields(p, kPlayerFields);
      pv[k] = p;
    }
  }
  {
    const Value v = doc_.get("seed");
    if (v.valid() && !v.uint64(seed_)) refuse("P14 seed");
    const Value c = doc_.get("counter");
    if (c.valid() && !c.uint64(counter_)) refuse("P14 counter");
  }
  phase_ = name_field(doc_, "phase", kPhases, kPhaseAction, "P1 phase");
  over_ = phase_ == kPhaseOver;
  end_reason_ = name_field(doc_, "end_reason", kEndReasons, 0, "P1 end_reason");
  if (over_ != (end_reason_ != 0)) refuse("P9 end_reason");
  const bool mulligan = phase_ == kPhaseMulligan;
  const int limit = g_.max_turns();
  const int lo = mulligan ? 0 : over_ ? 0 : 1, hi = mulligan ? 0 : over_ ? limit + 1 : limit;
  turn_ = static_cast<int>(int_field(doc_, "turn", lo, hi, mulligan ? 0 : 1, "P9 turn"));
  w_.cards.assign(r_.num_instances_, CardInstance{});
  for (int p = 0; p < n; ++p) {
    w_.players[p] = PlayerState{};
    read_standing(p, pv[p]);
  }
  check_standing();
  read_turn_order();
  w_.entries.clear();
  w_.refs.clear();
  w_.serials.clear();
  for (int p = 0; p < n; ++p) {
    for (auto [key, zone] : {std::pair<string_view, int>{"in_play", kPlay}, {"hand", kHand}, {"deck", kDeck},
                             {"discard", kDiscard}, {"removed", kRemoved}}) {
      const Value list = list_field(pv[p], key);
      Value v = count(list) ? list.first() : Value();
      for (uint32_t k = 0; k < count(list); ++k, v = v.next()) entry(v, p, zone, p);
    }
  }
  {
    const Value stack = doc_.get("stack");
    if (stack.valid()) read_stack(stack);
  }
  {
    const Value res = doc_.get("resolution");
    if (res.valid() && !res.is_null()) {
      if (!res.is_object() || !res.has("item")) refuse("P21 resolution");
      if (phase_ != kPhaseAction && phase_ != kPhaseEnd && !over_) refuse("P9 resolution");
      has_resolution_ = true;
      resolving_ = item_ref(res.get("item"), 0);
    }
  }
  {
    const Value pending = doc_.get("pending");
    if (pending.valid() && !pending.is_null()) read_pending(pending);
  }
  assign();
  build_cards();
  check_pieces();
  check_classes();
  if (phase_ == kPhaseCleanup && w_.players[active_].hand_size <= kHandLimit) refuse("P11 cleanup hand");
  // resolve_stack
  w_.stack.clear();
  for (const ItemRef& ref : w_.refs) w_.stack.push_back(stack_item(ref));
  {
    int lowest = 0;
    for (uint16_t s : w_.serials) lowest = std::max(lowest, s + 1);
    next_serial_ = static_cast<int>(int_field(doc_, "next_serial", lowest, 65535, lowest, "P12 next_serial"));
  }
  read_top();
  resolve_pending();
  pending_instance_ = static_cast<int>(
      int_field(doc_, "last_choice_card", 0, r_.num_instances_ - 1, pending_instance_, "P13 last_choice_card"));
  if (doc_.has("last_choice_card") && pending_ >= 1 && pending_ <= 3) refuse("P13 last_choice_card");
  encode(out);
}

void PositionRead::read_standing(int p, Value player) {
  PlayerState& ps = w_.players[p];
  const int outcome = name_field(player, "outcome", kOutcomes, 0, "P1 outcome");
  const int reason = name_field(player, "reason", kEndReasons, 0, "P1 reason");
  if ((outcome == 0) != (reason == 0)) refuse("P10 reason");
  ps.outcome = static_cast<Outcome>(outcome);
  ps.reason = static_cast<EndReason>(reason);
  const bool mulligan = phase_ == kPhaseMulligan;
  ps.kept = bool_field(player, "kept", !mulligan);
  if (!mulligan && outcome == 0 && !ps.kept) refuse("P10 kept");
  const bool act1 = g_.rules() == Rules::Act1;
  ps.murphy = static_cast<uint8_t>(int_field(player, "murphy_uses", 0, act1 ? 6 : 7, 0, "P10 murphy_uses"));
  ps.crystal_placed = bool_field(player, "crystal_placed", false);
  const Value pool = player.get("pool");
  if (!pool.valid()) return;
  if (!pool.is_object()) refuse("P1 pool");
  Value k = pool.first();
  for (uint32_t m = 0; m < pool.size(); ++m, k = k.next().next()) {
    const string_view letter = k.str();
    const char* at = letter.size() == 1 ? std::strchr(kEnergyLetters, letter[0]) : nullptr;
    if (at == nullptr || letter[0] == 0 || (act1 && at - kEnergyLetters > 2)) refuse("P8 pool letter");
    ps.pool[at - kEnergyLetters] = static_cast<uint16_t>(int_value(k.next(), 0, kMaxPool, "P8 pool count"));
  }
}

void PositionRead::check_standing() {
  const int n = r_.n_;
  if (over_) {
    for (int p = 0; p < n; ++p) {
      if (playing(p)) refuse("P10 playing after the game");
    }
    return;
  }
  uint32_t teams = 0;
  for (int p = 0; p < n; ++p) {
    const Outcome o = w_.players[p].outcome;
    if (o == Outcome::Won || o == Outcome::Drawn) refuse("P10 won or drawn while the game goes on");
    if (o == Outcome::Playing) teams |= 1u << g_.team(p);
  }
  if (__builtin_popcount(teams) < 2) refuse("P10 one team left");
}

void PositionRead::read_turn_order() {
  const int n = r_.n_;
  first_ = seat(doc_, "first_player", 0);
  active_ = seat(doc_, "active_player", first_);
  int live = 0;
  for (int p = 0; p < n; ++p) live += playing(p);
  int dflt = active_;
  if (phase_ == kPhaseMulligan) {
    dflt = first_;
    for (int k = 0; k < n; ++k) {
      const int p = (first_ + k) % n;
      if (playing(p) && !w_.players[p].kept) {
        dflt = p;
        break;
      }
    }
  } else if (phase_ == kPhaseEnd) {
    for (int k = 1; k <= n; ++k) {
      const int p = (active_ + k) % n;
      if (playing(p)) {
        dflt = p;
        break;
      }
    }
  }
  priority_ = seat(doc_, "priority", dflt);
  const int most = over_ ? n : std::max(0, live - (r_.native_ ? 0 : 1));
  passes_ = static_cast<int>(int_field(doc_, "passes", 0, most, 0, "P11 passes"));
  if (over_) return;
  if (phase_ == kPhaseMulligan) {
    if (active_ != first_) refuse("P11 mulligan active");
    if (w_.players[priority_].kept) refuse("P11 mulligan priority");
  } else if (!playing(active_)) {
    refuse("P11 active left");
  }
  if (!playing(priority_)) refuse("P11 priority left");
  if (phase_ == kPhaseCleanup && priority_ != active_) refuse("P11 cleanup priority");
}

int PositionRead::entry(Value value, int owner, int zone, int controller) {
  ListedEntry e;
  Value name;
  if (value.is_string()) {
    name = value;
  } else {
    if (zone == kPlay) {
      object_fields(value, kPlayEntryFields, {"card"});
    } else if (zone == kCastZone) {
      // A cast's entry is its stack item or pending placement, whose own fields were checked by the caller.
      if (!value.has("card")) refuse("P1 card");
    } else {
      object_fields(value, kEntryFields, {"card"});
    }
    e.obj = value;
    name = value.get("card");
    if (zone == kPlay) owner = seat(value, "owner", owner);
  }
  e.def = def_named(name);
  if (e.def < 0 || owned(owner, e.def).empty()) refuse("P3 no such card");
  if (e.obj.valid() && e.obj.has("instance")) {
    e.explicit_instance =
        static_cast<int>(int_field(e.obj, "instance", 0, r_.num_instances_ - 1, 0, "P3 instance"));
    const auto& mine = owned(owner, e.def);
    if (std::find(mine.begin(), mine.end(), e.explicit_instance) == mine.end()) refuse("P3 instance not theirs");
  }
  e.owner = owner;
  e.zone = zone;
  e.controller = controller;
  w_.entries.push_back(e);
  return static_cast<int>(w_.entries.size()) - 1;
}

void PositionRead::read_stack(Value stack) {
  if (!stack.is_array()) refuse("P1 stack");
  if (stack.size() && !(phase_ == kPhaseAction || over_ || (phase_ == kPhaseEnd && r_.native_))) refuse("P9 stack phase");
  if (stack.size() > static_cast<uint32_t>(kMaxStack)) refuse("P12 stack size");
  Value item = stack.first();
  for (uint32_t k = 0; k < stack.size(); ++k, item = item.next()) {
    ItemRef ref = item_ref(item, static_cast<int>(k));
    if (std::find(w_.serials.begin(), w_.serials.end(), ref.serial) != w_.serials.end()) refuse("P12 serial");
    w_.serials.push_back(static_cast<uint16_t>(ref.serial));
    w_.refs.push_back(ref);
  }
}

ItemRef PositionRead::item_ref(Value item, int default_serial) {
  if (!item.is_object()) refuse("P1 item");
  if (!item.has("kind")) refuse("P1 kind");
  ItemRef ref;
  ref.item = item;
  ref.kind = name_field(item, "kind", kStackKinds, -1, "P1 kind");
  switch (ref.kind) {
    case 0: object_fields(item, kCastItemFields, {"card"}); break;
    case 1: object_fields(item, kMoveItemFields, {"card", "destination"}); break;
    case 2: object_fields(item, kAttackItemFields, {"card", "target"}); break;
    default: object_fields(item, kAbilityItemFields, {"source", "ability"}); break;
  }
  ref.serial = static_cast<int>(int_field(item, "serial", 0, 65535, default_serial, "P12 serial"));
  ref.controller = seat(item, "controller", active_);
  if (ref.kind == 0) {
    ref.entry = entry(item, ref.controller, kCastZone, ref.controller);
    return ref;
  }
  const bool piece_item = ref.kind == 1 || ref.kind == 2;
  if (!over_ && piece_item && ref.controller != active_) refuse("P12 move or attack not the active player's");
  if (piece_item && phase_ != kPhaseAction && !over_) refuse("P9 move or attack phase");
  return ref;
}

void PositionRead::read_pending(Value pending) {
  if (!pending.is_object()) refuse("P1 pending");
  pending_ = name_field(pending, "choice", kPending, -1, "P1 pending.choice") + 1;
  if (pending_ >= 4) {
    object_fields(pending, {"choice"});
    need_effects();
    if (phase_ != kPhaseAction && phase_ != kPhaseEnd && !over_) refuse("P9 pending phase");
    return;
  }
  object_fields(pending, kPendingPieceFields, {"choice", "card"});
  if (phase_ != kPhaseAction && !over_) refuse("P9 pending phase");
  if (!over_ && priority_ != active_) refuse("P13 pending not the active player's");
  if (pending_ == 3) {
    pending_entry_ = entry(pending, priority_, kCastZone, priority_);
    return;
  }
  if (any_of_fields(pending, {"record", "activated", "moved", "attacked"})) refuse("P1 pending piece fields");
  pending_piece_ = pending;
}

void PositionRead::assign() {
  auto& entries = w_.entries;
  w_.listed.assign(r_.num_instances_, -1);
  w_.taken.assign(r_.num_instances_, 0);
  for (size_t k = 0; k < entries.size(); ++k) {
    ListedEntry& e = entries[k];
    if (e.explicit_instance < 0) continue;
    if (w_.taken[e.explicit_instance]) refuse("P3 an instance listed twice");
    w_.taken[e.explicit_instance] = 1;
    e.instance = e.explicit_instance;
  }
  if (++w_.stamp == 0) {
    std::fill(w_.cursor_stamp.begin(), w_.cursor_stamp.end(), 0);
    w_.stamp = 1;
  }
  for (ListedEntry& e : entries) {
    if (e.explicit_instance >= 0) continue;
    const int group = e.owner * r_.num_defs_ + e.def;
    if (w_.cursor_stamp[group] != w_.stamp) {
      w_.cursor_stamp[group] = w_.stamp;
      w_.cursor[group] = 0;
    }
    const auto& mine = r_.owned_[group];
    uint32_t& c = w_.cursor[group];
    while (c < mine.size() && w_.taken[mine[c]]) ++c;
    if (c == mine.size()) refuse("P3 more copies than owned");
    e.instance = mine[c++];
  }
  for (size_t k = 0; k < entries.size(); ++k) w_.listed[entries[k].instance] = static_cast<int>(k);
}

void PositionRead::build_cards() {
  const int n = r_.n_;
  for (int i = 0; i < r_.num_instances_; ++i) {
    CardInstance& c = w_.cards[i];
    c.def = r_.inst_def_[i];
    c.owner = c.controller = r_.inst_owner_[i];
    c.zone = Zone::Deck;
  }
  for (const ListedEntry& e : w_.entries) {
    CardInstance& c = w_.cards[e.instance];
    c.zone = static_cast<Zone>(e.zone);
    c.controller = static_cast<uint8_t>(e.controller);
    c.record = 0;
    if (e.obj.valid()) {
      const Value record = e.obj.get("record");
      if (record.valid()) {
        if (!record.is_array()) refuse("P1 record");
        Value v = record.first();
        for (uint32_t k = 0; k < record.size(); ++k, v = v.next()) {
          const int bit = !v.is_string() ? 0 : v.str() == "drawn" ? 1 : v.str() == "cast" ? 2 : 0;
          if (bit == 0 || (c.record & bit)) refuse("P1 record");
          c.record |= static_cast<uint8_t>(bit);
        }
      }
      c.activated = bool_field(e.obj, "activated", false);
      c.moved = bool_field(e.obj, "moved", false);
      c.attacked = bool_field(e.obj, "attacked", false);
      c.damage = static_cast<uint8_t>(int_field(e.obj, "damage", 0, 255, 0, "P6 damage"));
    }
    if (e.zone != kPlay) continue;
    c.counters = r_.start_counters_[e.def];
    const Value counters = e.obj.valid() ? e.obj.get("counters") : Value();
    if (counters.valid()) {
      if (!counters.is_object()) refuse("P16 counters");
      object_fields(counters, {"activation", "time", "charge"});
      if (counters.size() && !r_.effects_) refuse("P16 counters without card effects");
      for (int k = 0; k < 3; ++k) {
        c.counters[k] = static_cast<uint8_t>(int_field(counters, kCounterKinds[k], 0, 255, 0, "P16 counter"));
      }
    }
    if (e.obj.valid()) read_card_effects(c, e.instance, e.obj);
  }
  for (int p = 0; p < n; ++p) {
    const int life_base = g_.first_instance(p);
    if (w_.listed[life_base] != -1) continue;
    // An unlisted life base is in play, on its seat's start dot unless its player lost (P4).
    CardInstance& c = w_.cards[life_base];
    c.zone = Zone::Play;
    c.counters = r_.start_counters_[c.def];
    c.dot = static_cast<int16_t>(w_.players[p].outcome == Outcome::Lost ? -1 : r_.start_dot_[p]);
    w_.listed[life_base] = -2;
  }
  for (int p = 0; p < n; ++p) {
    auto& top_first = w_.deck_top_first;
    top_first.clear();
    PlayerState& ps = w_.players[p];
    ps.hand_size = 0;
    for (const ListedEntry& e : w_.entries) {
      if (e.owner != p) continue;
      if (e.zone == kDeck) top_first.push_back(static_cast<uint16_t>(e.instance));
      if (e.zone == kHand) {
        if (ps.hand_size >= kMaxDeck) refuse("P15 hand too large for the core");
        ps.hand[ps.hand_size++] = static_cast<uint16_t>(e.instance);
      }
    }
    for (int i = g_.first_instance(p); i < g_.first_instance(p + 1); ++i) {
      if (w_.listed[i] == -1) top_first.push_back(static_cast<uint16_t>(i));
    }
    if (top_first.size() > static_cast<size_t>(kMaxDeck)) refuse("P15 deck too large for the core");
    ps.deck_size = static_cast<uint8_t>(top_first.size());
    for (size_t k = 0; k < top_first.size(); ++k) ps.deck[k] = top_first[top_first.size() - 1 - k];
  }
}

void PositionRead::check_pieces() {
  const int n = r_.n_;
  std::array<uint8_t, kMaxDots> on_dot{};
  auto check = [&](int instance, Value obj, int zone, int controller) {
    const CardDef& card = def_of(instance);
    CardInstance& c = w_.cards[instance];
    if (card.type == CardType::LifeBase && (zone == kHand || zone == kDeck)) refuse("P4 life base in hand or deck");
    if (zone == kCastZone && (card.type == CardType::LifeBase || card.type == CardType::Crystal ||
                              (card.type != CardType::Summon && !r_.native_))) {
      refuse("P4 not a card that is cast");
    }
    if (zone != kPlay) return;
    if (card.type == CardType::Flux ||
        ((card.type == CardType::Catalyst || card.type == CardType::Quest) && !r_.effects_)) {
      refuse("P4 not a permanent");
    }
    const bool piece = card.type == CardType::LifeBase || card.type == CardType::Summon;
    if (!piece) {
      // The reference lets a non-piece carry these fields when null, 0 or false (it ignores them).
      for (string_view key : {"dot", "damage", "moved", "attacked", "heading"}) {
        const Value v = obj.valid() ? obj.get(key) : Value();
        if (!v.valid() || v.is_null() || v.type() == json::Type::False) continue;
        int64_t zero = 1;
        if (v.int_in(0, 0, zero)) continue;
        refuse("P6 a non-piece with a piece's field");
      }
      return;
    }
    const Outcome standing = w_.players[controller].outcome;
    if (obj.valid() && obj.has("dot")) {
      const Value d = obj.get("dot");
      c.dot = static_cast<int16_t>(d.is_null() ? -1 : dot(d, "P5 no such dot"));
    }
    if (c.dot < 0 && standing == Outcome::Playing) refuse("P5 a piece of a player still playing off the board");
    if (c.dot >= 0 && standing == Outcome::Lost && !over_) refuse("P5 a piece of a player who lost on the board");
    if (c.dot >= 0) {
      if (on_dot[c.dot]) refuse("P5 two pieces on one dot");
      on_dot[c.dot] = 1;
      const int owner_seat = r_.start_owner_[c.dot];
      const int seat = owner_seat >= 0 ? owner_seat : controller;
      if (seat != controller && seat != (r_.native_ ? c.owner : controller) && seat != c.control_return) {
        refuse("P5 on another seat's start dot");
      }
    }
    if (c.damage >= card.defense && !r_.native_) refuse("P6 damage reaches defense");
    const Value heading = obj.valid() ? obj.get("heading") : Value();
    if (heading.valid() && !heading.is_null()) {
      if (c.dot < 0) refuse("P6 a heading off the board");
      const int d = c.dot;
      const Board& b = g_.board();
      if (heading.is_object()) {
        if (heading.size() != 1) refuse("P1 heading object");
        const Value k = heading.first();
        const bool arrived = k.str() == "arrived_from";
        if (!arrived && k.str() != "left_towards") refuse("P1 heading object");
        const int other = dot(k.next(), "P6 heading dot");
        int slot = -1;
        for (int s = 0; s < b.degree(d); ++s) {
          if (b.slot(d, s).to == other) {
            slot = s;
            break;
          }
        }
        if (slot < 0) refuse("P6 no line to that dot");
        c.heading = static_cast<int8_t>(arrived ? slot : 8 + slot);
      } else if (heading.is_array() && heading.size() == 2 && heading.first().is_int() &&
                 heading.first().next().is_int()) {
        int64_t x = 0, y = 0;
        if (!heading.first().int_in(INT64_MIN, INT64_MAX, x) || !heading.first().next().int_in(INT64_MIN, INT64_MAX, y)) {
          refuse("P6 no such heading");
        }
        int found = -1;
        for (int s = 0; s < b.degree(d) && found < 0; ++s) {
          const Vec2 h = b.slot(d, s).heading;
          if (-static_cast<int64_t>(h.x) == x && -static_cast<int64_t>(h.y) == y) found = s;
        }
        for (int s = 0; s < b.degree(d) && found < 0; ++s) {
          const Vec2 h = b.slot(d, s).heading;
          if (h.x == x && h.y == y) found = 8 + s;
        }
        if (found < 0) refuse("P6 no such heading");
        c.heading = static_cast<int8_t>(found);
      } else {
        refuse("P1 heading");
      }
    }
  };
  for (const ListedEntry& e : w_.entries) check(e.instance, e.obj, e.zone, e.controller);
  for (int p = 0; p < n; ++p) {
    const int lb = g_.first_instance(p);
    if (w_.listed[lb] == -2) check(lb, Value(), kPlay, p);
  }
  for (int p = 0; p < n; ++p) {
    const CardInstance& lb = w_.cards[g_.first_instance(p)];
    if (playing(p) && !over_ && (lb.zone != Zone::Play || lb.dot < 0)) refuse("P10 life base off the board");
  }
}

void PositionRead::check_classes() {
  std::array<uint8_t, kMaxPlayers> seen{};  // a bit per class
  for (int i = 0; i < r_.num_instances_; ++i) {
    if (w_.listed[i] == -1) continue;
    const CardInstance& c = w_.cards[i];
    const int cls = def_of(i).summon_class;
    if (cls == 0 || !((c.zone == Zone::Play && c.dot >= 0) || c.zone == Zone::Stack)) continue;
    if (seen[c.controller] & (1 << cls)) refuse("P7 two summons of a class");
    seen[c.controller] |= static_cast<uint8_t>(1 << cls);
  }
}

StackItem PositionRead::stack_item(const ItemRef& ref) {
  StackItem it;
  it.kind = static_cast<StackKind>(ref.kind);
  it.controller = static_cast<uint8_t>(ref.controller);
  it.serial = static_cast<uint16_t>(ref.serial);
  if (ref.entry >= 0) {
    it.instance = static_cast<uint16_t>(w_.entries[ref.entry].instance);
    const CardDef& card = def_of(it.instance);
    const bool active_only = card.type == CardType::Summon || card.type == CardType::Catalyst ||
                             card.type == CardType::Quest;
    if (active_only && !over_ && ref.controller != active_) refuse("P12 a cast by a player not active");
    if (card.type == CardType::Summon && phase_ != kPhaseAction && !over_) refuse("P9 a summon cast out of the action phase");
  } else if (ref.kind == 3) {
    it.instance = static_cast<uint16_t>(card_ref(ref.item.get("source"), false));
  } else {
    it.instance = static_cast<uint16_t>(piece_of(ref.item, ref.controller, true));
    it.key = static_cast<uint16_t>(key(ref.item, it.instance, ref.kind == 2));
    return it;
  }
  read_item(ref.item, it);
  return it;
}

int PositionRead::piece_of(Value obj, int player, bool stack_rule) {
  const int def = def_named(obj.get("card"));
  auto found = [&](int i) {
    if (w_.listed[i] == -1 || r_.inst_def_[i] != def) return false;
    const CardInstance& c = w_.cards[i];
    return c.zone == Zone::Play && c.controller == player && (over_ || c.dot >= 0);
  };
  if (obj.has("instance")) {
    const int chosen = static_cast<int>(int_field(obj, "instance", 0, r_.num_instances_ - 1, 0, "P12 instance"));
    if (def < 0) refuse("P12 no such piece");
    // Card effects may take a piece off the board while its move or attack waits on the stack (rules.md 5.12).
    if (r_.native_ && stack_rule && r_.inst_def_[chosen] == def && !found(chosen)) return chosen;
    if (!found(chosen)) refuse("P12/P13 no such piece");
    return chosen;
  }
  if (def >= 0) {
    for (int i = 0; i < r_.num_instances_; ++i) {
      if (found(i)) return i;
    }
  }
  refuse("P12/P13 no such piece on the board");
}

int PositionRead::key(Value item, int instance, bool attack) {
  const CardInstance& c = w_.cards[instance];
  const CardDef& card = def_of(instance);
  const int d = dot(item.get(attack ? "target" : "destination"), "P12 no such dot");
  const bool has_heading = item.has("heading"), has_rank = item.has("heading_rank");
  if (has_heading == has_rank) refuse("P1 heading or heading_rank");
  if (has_rank) return d * 9 + static_cast<int>(int_field(item, "heading_rank", 0, 8, 0, "P12 heading_rank"));
  const Value heading = item.get("heading");
  if (heading.is_null()) {
    if (attack && !card.all_directions) refuse("P12 an attack with no heading");
    if (card.type == CardType::LifeBase) refuse("P12 a life base never warps");
    return d * 9;
  }
  int64_t x = 0, y = 0;
  if (!(heading.is_array() && heading.size() == 2 && heading.first().is_int() && heading.first().next().is_int())) {
    refuse("P1 heading");
  }
  if (card.all_directions) refuse("P12 all directions: heading null");
  if (attack && c.dot < 0) refuse("P12 attacker off the board: heading_rank");
  if (!heading.first().int_in(INT64_MIN, INT64_MAX, x) || !heading.first().next().int_in(INT64_MIN, INT64_MAX, y)) {
    refuse("P12 no such heading");
  }
  const Board& b = g_.board();
  const int at = attack ? c.dot : d;
  std::array<Heading, kMaxDegree> ranked{};
  int num = 0;
  for (int s = 0; s < b.degree(at); ++s) {
    const Vec2 h = b.slot(at, s).heading;
    ranked[num++] = attack ? Heading{h.x, h.y} : Heading{-static_cast<int64_t>(h.x), -static_cast<int64_t>(h.y)};
  }
  std::sort(ranked.begin(), ranked.begin() + num);
  num = static_cast<int>(std::unique(ranked.begin(), ranked.begin() + num) - ranked.begin());
  for (int k = 0; k < num; ++k) {
    if (ranked[k] == Heading{x, y}) return d * 9 + 1 + k;
  }
  refuse("P12 no such heading");
}

void PositionRead::resolve_pending() {
  if (pending_entry_ >= 0) {
    pending_instance_ = w_.entries[pending_entry_].instance;
    return;
  }
  if (!pending_piece_.valid()) return;
  const int p = priority_;
  const int instance = piece_of(pending_piece_, p, false);
  pending_instance_ = instance;
  const CardInstance& c = w_.cards[instance];
  const CardDef& card = def_of(instance);
  if (pending_ == 1) {
    if (c.activated || card.speed <= 0) refuse("P13 cannot move now");
    EnergyCounts crystals{};
    for (int i = 0; i < r_.num_instances_; ++i) {
      const CardInstance& cc = w_.cards[i];
      const CardDef& d = def_of(i);
      if (cc.zone == Zone::Play && cc.controller == p && !cc.activated && d.type == CardType::Crystal &&
          d.produces >= 0) {
        ++crystals[d.produces];
      }
    }
    if (!can_pay(card.move_cost, w_.players[p].pool, crystals)) refuse("P13 cannot pay the movement cost");
  } else if (c.attacked || card.attack < 0 || card.range <= 0) {
    refuse("P13 cannot attack now");
  }
}

// -- the bytes (src/tcbg/x610z/_state_bytes.py encode, cpp/src/x610z/state_io.cpp) ----------------------------

namespace {

class Bytes {  // little-endian fields into a buffer sized beforehand (an upper bound of the state's size)
 public:
  Bytes(std::string& out, size_t most) : out_(out) {
    out_.resize(most);
    p_ = out_.data();
  }
  ~Bytes() { out_.resize(static_cast<size_t>(p_ - out_.data())); }
  template <class T>
  void put(T v) {
    const auto u = static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
    for (size_t i = 0; i < sizeof(T); ++i) *p_++ = static_cast<char>((u >> (8 * i)) & 0xFF);
  }
  void u8(int v) { put<uint8_t>(static_cast<uint8_t>(v)); }
  void u16(int v) { put<uint16_t>(static_cast<uint16_t>(v)); }
  void item(const StackItem& it) {
    u8(static_cast<int>(it.kind));
    u8(it.controller);
    u16(it.instance);
    u16(it.key);
    u16(it.serial);
    u16(it.ability + 1);
    u8(it.mode);
    u8(it.additional);
    for (int16_t t : it.targets) u16(t + 1);
    u16(it.subject + 1);
    u16(it.other + 1);
    u16(it.amount);
    u8(it.triggered);
  }

 private:
  std::string& out_;
  char* p_;
};

constexpr size_t kItemBytes = 27, kCardBytes = 35, kWaitingBytes = 11, kLastingBytes = 8;

}  // namespace

void PositionRead::encode(std::string& out) const {
  const int n = r_.n_;
  const size_t most = 64 + kItemBytes + 67 + kItemBytes * w_.stack.size() + kWaitingBytes * w_.waiting.size() +
                      kCardBytes * w_.cards.size() + n * (2 + 4 * kMaxDeck + 15) + kLastingBytes * w_.lasting.size();
  Bytes b(out, most);
  for (char c : {'X', '6', 'S', '4'}) b.u8(c);
  b.u8(n);
  b.u16(r_.num_instances_);
  b.u16(g_.board().num_dots());
  b.put<uint64_t>(seed_);
  b.put<uint64_t>(counter_);
  b.u16(turn_);
  for (int v : {phase_, first_, active_, priority_, passes_, end_reason_, pending_}) b.u8(v);
  b.u16(pending_instance_);
  b.u16(next_serial_);
  b.u8(announce_stage_);
  b.u8(has_resolution_);
  if (has_resolution_) {
    b.item(resolution_.item);
    b.u8(resolution_.part);
    b.u16(resolution_.pc);
    for (int32_t v : resolution_.regs) b.put<int32_t>(v);
  }
  b.u8(static_cast<int>(w_.stack.size()));
  for (const StackItem& it : w_.stack) b.item(it);
  b.u8(priority_due_);
  b.u8(static_cast<int>(w_.waiting.size()));
  for (const Waiting& wt : w_.waiting) {
    b.u16(wt.ability);
    b.u16(wt.source);
    b.u8(wt.controller);
    b.u16(wt.subject + 1);
    b.u16(wt.other + 1);
    b.u16(wt.amount);
  }
  for (const CardInstance& c : w_.cards) {
    b.u16(c.def);
    b.u8(c.owner);
    b.u8(c.controller);
    b.u8(static_cast<int>(c.zone));
    b.u8(c.activated);
    b.u8(c.damage);
    b.u16(c.dot + 1);
    b.u8(c.moved);
    b.u8(c.attacked);
    b.u8(c.heading + 1);
    b.u8(c.record);
    for (int8_t v : c.modifier) b.put<int8_t>(v);
    for (int8_t v : c.lasting) b.put<int8_t>(v);
    b.u8(c.granted);
    b.u8(c.granted_lasting);
    b.u8(c.paid_used);
    b.u16(c.focus + 1);
    for (uint8_t v : c.counters) b.u8(v);
    b.u8(c.shield);
    b.u8(c.control_return + 1);
    b.u16(c.redirect + 1);
  }
  for (int p = 0; p < n; ++p) {
    const PlayerState& ps = w_.players[p];
    b.u8(ps.deck_size);
    for (int k = 0; k < ps.deck_size; ++k) b.u16(ps.deck[k]);
    b.u8(ps.hand_size);
    for (int k = 0; k < ps.hand_size; ++k) b.u16(ps.hand[k]);
    for (uint16_t v : ps.pool) b.u16(v);
    for (int v : {static_cast<int>(ps.crystal_placed), static_cast<int>(ps.kept), static_cast<int>(ps.murphy),
                  static_cast<int>(ps.outcome), static_cast<int>(ps.reason)}) {
      b.u8(v);
    }
  }
  b.u8(static_cast<int>(w_.lasting.size()));
  for (const LastingEffect& e : w_.lasting) {
    b.u8(e.op);
    b.u8(e.duration);
    b.u16(e.target);
    b.u16(e.source);
    b.u8(e.what);
    b.put<int8_t>(e.amount);
  }
  b.u16(cost_due_);
}

// -- the reader --------------------------------------------------------------------------------------------

PositionReader::PositionReader(std::shared_ptr<const Game> game) : game_(std::move(game)), work_(new Work) {
  const Game& g = *game_;
  n_ = g.num_players();
  num_instances_ = g.num_instances();
  tables_ = g.effects();
  effects_ = tables_ != nullptr;
  native_ = effects_ && tables_->num(tables_->abilities, fx::ability::kWidth) > 0;
  int defs = 0;
  for (int p = 0; p < n_; ++p) {
    defs = std::max(defs, static_cast<int>(g.deck(p).life_base) + 1);
    for (uint16_t d : g.deck(p).cards) defs = std::max(defs, static_cast<int>(d) + 1);
  }
  num_defs_ = defs;
  for (int d = 0; d < defs; ++d) def_of_name_[g.card(d).name] = d;  // the last of a name, as game.py's index
  for (int i = 0; i < g.board().num_dots(); ++i) dot_of_id_.emplace(g.board().dot(i).id, i);
  owned_.assign(static_cast<size_t>(n_) * defs, {});
  for (int i = 0; i < num_instances_; ++i) {
    int owner = 0;
    while (owner + 1 < n_ && i >= g.first_instance(owner + 1)) ++owner;
    inst_owner_.push_back(static_cast<uint8_t>(owner));
    const int d = g.deck_card_def(i);
    inst_def_.push_back(static_cast<uint16_t>(d));
  }
  // Names are looked up by name: a card definition whose name an earlier one has is one card (the reference's
  // by_name lists every instance of the name).
  for (int i = 0; i < num_instances_; ++i) {
    const int d = def_of_name_.at(g.card(inst_def_[i]).name);
    owned_[inst_owner_[i] * defs + d].push_back(static_cast<uint16_t>(i));
  }
  start_counters_.assign(defs, {0, 0, 0});
  if (effects_) {
    for (int d = 0; d < defs; ++d) {
      const int32_t* rec = tables_->card(d);
      start_counters_[d] = {static_cast<uint8_t>(rec[fx::card::kStartActivation]),
                            static_cast<uint8_t>(rec[fx::card::kStartTime]),
                            static_cast<uint8_t>(rec[fx::card::kStartCharge])};
    }
  }
  const Setup& setup = g.board().setup(g.setup());
  for (int p = 0; p < n_; ++p) start_dot_[p] = setup.start[p];
  start_owner_.fill(-1);
  for (int p = 0; p < n_; ++p) start_owner_[setup.start[p]] = static_cast<int8_t>(p);
  work_->cursor.assign(owned_.size(), 0);
  work_->cursor_stamp.assign(owned_.size(), 0);
}

PositionReader::~PositionReader() = default;

bool PositionReader::read(std::string_view text, std::string& bytes) {
  refusal_ = "";
  json::Limits limits;
  limits.max_depth = 64;  // a position nests a few levels; deeper documents go to the reference reader
  if (!doc_.parse(text, limits)) {
    refusal_ = "P1 not valid JSON";
    return false;
  }
  try {
    PositionRead(*this, doc_.root()).read(bytes);
  } catch (const Refused& r) {
    refusal_ = r.why;
    return false;
  }
  return true;
}

}  // namespace tcbg::x610z
