// What the two halves of the fast position reader share (position_read.cpp: the document's frame, cards,
// stack and turn, and the bytes; position_read_effects.cpp: card effects, as position_effects.py): the field
// helpers, the work records and the reader class. Private to the core's sources.
#pragma once

#include "tcbg/x610z/position_read.hpp"

#include <algorithm>
#include <cstring>
#include <initializer_list>

namespace tcbg::x610z {

// A named namespace, not an anonymous one: both halves must throw and catch the same Refused.
namespace position_read_detail {

using json::Value;
using std::string_view;

struct Refused {
  const char* why;
};

[[noreturn]] inline void refuse(const char* why) { throw Refused{why}; }

constexpr int kPlay = static_cast<int>(Zone::Play), kHand = static_cast<int>(Zone::Hand),
              kDeck = static_cast<int>(Zone::Deck), kDiscard = static_cast<int>(Zone::Discard),
              kRemoved = static_cast<int>(Zone::Removed), kCastZone = static_cast<int>(Zone::Stack);

enum PhaseIndex : int { kPhaseMulligan, kPhaseAction, kPhaseEnd, kPhaseCleanup, kPhaseOver };

// The reference's name lists (nullptr: JSON null, which some of them accept).
constexpr const char* kPhases[] = {"mulligan", "action", "end", "cleanup", "over"};
constexpr const char* kEndReasons[] = {nullptr,        "escape",     "destruction",        "depletion",
                                       "capitulation", "turn limit", "alternative victory"};
constexpr const char* kOutcomes[] = {"playing", "won", "lost", "drawn"};
constexpr const char* kPending[] = {"move", "attack", "placement", "announce", "resolve", "trigger"};
constexpr const char* kStackKinds[] = {"cast", "move", "attack", "ability"};
constexpr const char* kStats[] = {"attack", "defense", "speed", "range", "block_rate"};
constexpr const char* kProperties[] = {"stealth", "cannot attack", "cannot move", "cannot be attacked",
                                       "all directions"};
constexpr const char* kDurations[] = {"until end of turn", "while in play", "while source in play"};
constexpr const char* kLastingNames[] = {"reduce", "modify", "grant", "control"};
constexpr int kLastingOps[] = {fx::REDUCE, fx::MODIFY, fx::GRANT, fx::CONTROL};
constexpr const char* kCounterKinds[] = {"activation", "time", "charge"};
constexpr const char kEnergyLetters[] = "CBMRH";  // the core's order of a pool
constexpr int kMaxChange = 99;
constexpr int kMaxPc = 512;

using Fields = std::initializer_list<string_view>;
const Fields kTopFields = {"format", "seed", "counter", "turn", "phase", "first_player", "active_player",
                               "priority", "passes", "end_reason", "players", "stack", "pending",
                               "last_choice_card", "next_serial", "resolution", "announce_stage", "costs_due",
                               "waiting", "priority_due", "lasting_effects"};
const Fields kEffectTopFields = {"resolution", "announce_stage", "costs_due", "waiting", "priority_due",
                                     "lasting_effects"};
const Fields kPlayerFields = {"in_play", "hand", "deck", "discard", "removed", "pool", "crystal_placed",
                                  "kept", "murphy_uses", "outcome", "reason"};
const Fields kCardEffectFields = {"stat_changes", "stat_changes_while_in_play", "granted",
                                      "granted_while_in_play", "paid_abilities_used", "focus", "damage_to_prevent",
                                      "control_returns_to", "damage_redirected_to"};
const Fields kPlayEntryFields = {"card", "instance", "record", "activated", "moved", "attacked", "owner", "dot",
                                     "damage", "heading", "counters", "stat_changes", "stat_changes_while_in_play",
                                     "granted", "granted_while_in_play", "paid_abilities_used", "focus",
                                     "damage_to_prevent", "control_returns_to", "damage_redirected_to"};
const Fields kEntryFields = {"card", "instance", "record", "activated", "moved", "attacked"};
const Fields kCastItemFields = {"card", "instance", "record", "kind", "controller", "serial", "activated",
                                    "moved", "attacked", "ability", "mode", "additional", "targets", "event"};
const Fields kMoveItemFields = {"card", "instance", "record", "kind", "controller", "serial", "destination",
                                    "heading", "heading_rank"};
const Fields kAttackItemFields = {"card", "instance", "record", "kind", "controller", "serial", "target",
                                      "heading", "heading_rank"};
const Fields kAbilityItemFields = {"kind", "controller", "serial", "source", "ability", "mode", "additional",
                                       "targets", "event"};
const Fields kItemEffectFields = {"ability", "mode", "additional", "targets", "event"};
const Fields kPendingPieceFields = {"card", "instance", "record", "activated", "moved", "attacked", "choice"};

template <size_t N>
inline int index_of(const char* const (&names)[N], string_view s) {
  for (size_t i = 0; i < N; ++i) {
    if (names[i] != nullptr && s == names[i]) return static_cast<int>(i);
  }
  return -1;
}

inline bool in(Fields fields, string_view key) {
  for (string_view f : fields) {
    if (f == key) return true;
  }
  return false;
}

// Object `obj` (else refused) with only `allowed` keys and every `required` one (the reference's object_fields).
inline void object_fields(Value obj, Fields allowed, Fields required = {}) {
  if (!obj.valid() || !obj.is_object()) refuse("P1 not an object");
  Value k = obj.first();
  for (uint32_t m = 0; m < obj.size(); ++m) {
    if (!in(allowed, k.str())) refuse("P1 unknown field");
    k = k.next().next();
  }
  for (string_view key : required) {
    if (!obj.has(key)) refuse("P1 a required field is missing");
  }
}

inline bool any_of_fields(Value obj, Fields keys) {
  for (string_view key : keys) {
    if (obj.has(key)) return true;
  }
  return false;
}

inline int64_t int_field(Value obj, string_view key, int64_t lo, int64_t hi, int64_t dflt, const char* rule) {
  const Value v = obj.valid() ? obj.get(key) : Value();
  if (!v.valid()) return dflt;
  int64_t out = 0;
  if (!v.int_in(lo, hi, out)) refuse(rule);
  return out;
}

inline int64_t int_value(Value v, int64_t lo, int64_t hi, const char* rule) {
  int64_t out = 0;
  if (!v.int_in(lo, hi, out)) refuse(rule);
  return out;
}

inline bool bool_field(Value obj, string_view key, bool dflt) {
  const Value v = obj.valid() ? obj.get(key) : Value();
  if (!v.valid()) return dflt;
  if (!v.is_bool()) refuse("P1 not true or false");
  return v.as_bool();
}

// The reference's name_field: the index of the value among `names` (null matching a nullptr name), the default
// `dflt` when the key is missing (-1: a default that is not among the names, refused).
template <size_t N>
inline int name_field(Value obj, string_view key, const char* const (&names)[N], int dflt, const char* rule) {
  const Value v = obj.valid() ? obj.get(key) : Value();
  if (!v.valid()) {
    if (dflt < 0) refuse(rule);
    return dflt;
  }
  if (v.is_null()) {
    for (size_t i = 0; i < N; ++i) {
      if (names[i] == nullptr) return static_cast<int>(i);
    }
    refuse(rule);
  }
  if (!v.is_string()) refuse(rule);
  const int i = index_of(names, v.str());
  if (i < 0) refuse(rule);
  return i;
}

// A list field (missing: empty, an invalid Value), else refused unless a JSON list.
inline Value list_field(Value obj, string_view key) {
  const Value v = obj.valid() ? obj.get(key) : Value();
  if (v.valid() && !v.is_array()) refuse("P1 not a list");
  return v;
}

inline uint32_t count(Value list) { return list.valid() ? list.size() : 0; }

struct Heading {
  int64_t x, y;
  bool operator<(const Heading& o) const { return x < o.x || (x == o.x && y < o.y); }
  bool operator==(const Heading& o) const = default;
};

}  // namespace position_read_detail
using namespace position_read_detail;

// One card listed in the document.
struct ListedEntry {
  Value obj;  // its object; invalid for a name alone
  int def = 0;
  int owner = 0;
  int zone = 0;
  int controller = 0;
  int explicit_instance = -1;
  int instance = -1;
};

struct ItemRef {  // a stack item (or the resolving one) before instances are assigned
  Value item;
  int kind = 0;
  int controller = 0;
  int serial = 0;
  int entry = -1;  // a cast's card, in the entries
};

struct PositionReader::Work {
  std::vector<ListedEntry> entries;
  std::vector<ItemRef> refs;
  std::vector<uint32_t> cursor;  // per (owner, definition) group: the next free instance, stamped by `stamp`
  std::vector<uint32_t> cursor_stamp;
  uint32_t stamp = 0;
  std::vector<int> listed;     // per instance: its entry, -1 none, -2 an unlisted life base
  std::vector<uint8_t> taken;  // per instance: given explicitly
  std::vector<CardInstance> cards;
  std::array<PlayerState, kMaxPlayers> players{};
  std::vector<uint16_t> deck_top_first;
  std::vector<StackItem> stack;
  std::vector<Waiting> waiting;
  std::vector<LastingEffect> lasting;
  std::vector<uint16_t> serials;
};

// One read: the document's fields into the work records, in the reference's order.
class PositionRead {
 public:
  PositionRead(PositionReader& r, Value doc) : r_(r), g_(*r.game_), w_(*r.work_), doc_(doc) {}

  void read(std::string& out);

 private:
  bool playing(int p) const { return w_.players[p].outcome == Outcome::Playing; }
  const CardDef& def_of(int instance) const { return g_.card(r_.inst_def_[instance]); }
  int seat(Value obj, string_view key, int dflt, const char* rule = "P2 not a seat") const {
    return static_cast<int>(int_field(obj, key, 0, r_.n_ - 1, dflt, rule));
  }
  int dot(Value v, const char* rule) const {
    if (!v.valid() || !v.is_string()) refuse(rule);
    const auto it = r_.dot_of_id_.find(v.str());
    if (it == r_.dot_of_id_.end()) refuse(rule);
    return it->second;
  }
  int def_named(Value v) const {  // -1: no card of that name (or not a string)
    if (!v.valid() || !v.is_string()) return -1;
    const auto it = r_.def_of_name_.find(v.str());
    return it == r_.def_of_name_.end() ? -1 : it->second;
  }
  const std::vector<uint16_t>& owned(int owner, int def) const { return r_.owned_[owner * r_.num_defs_ + def]; }

  void read_standing(int p, Value player);
  void check_standing();
  void read_turn_order();
  int entry(Value value, int owner, int zone, int controller);
  void read_stack(Value stack);
  ItemRef item_ref(Value item, int default_serial);
  void assign();
  void build_cards();
  void check_pieces();
  void check_classes();
  StackItem stack_item(const ItemRef& ref);
  int piece_of(Value obj, int player, bool stack_rule);
  int key(Value item, int instance, bool attack);
  void read_pending(Value pending);
  void resolve_pending();
  // card effects (position_effects.py)
  void need_effects() const {
    if (!r_.native_) refuse("P17/P19/P20 card effects under way in a game without them");
  }
  int card_ref(Value v, bool allow_none) const;
  int abilities_first(int instance) const;
  int abilities_count(int instance) const;
  int ability_kind(int ability) const { return r_.tables_->ability(ability)[fx::ability::kKind]; }
  int ability_of(int instance, Value v, std::initializer_list<int> kinds) const;
  int cast_ability(int instance) const;
  int slot_filter(const StackItem& it, int slot) const;
  void read_card_effects(CardInstance& c, int instance, Value obj);
  uint8_t read_properties(Value v) const;
  void read_item(Value obj, StackItem& it);
  void read_event(Value event, int16_t& subject, int16_t& other, int16_t& amount);
  void read_top();
  void encode(std::string& out) const;

  PositionReader& r_;
  const Game& g_;
  PositionReader::Work& w_;
  Value doc_;
  int phase_ = kPhaseAction;
  bool over_ = false;
  uint64_t seed_ = 0, counter_ = 0;
  int turn_ = 0, first_ = 0, active_ = 0, priority_ = 0, passes_ = 0, end_reason_ = 0;
  int pending_ = 0, pending_instance_ = 0, next_serial_ = 0, announce_stage_ = 0, priority_due_ = 0;
  int cost_due_ = 0;
  int pending_entry_ = -1;
  Value pending_piece_;  // a pending move or attack: its object
  bool has_resolution_ = false;
  ItemRef resolving_;
  Resolution resolution_{};
};

}  // namespace tcbg::x610z
