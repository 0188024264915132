// The fast reader of Z/X position documents (tcbg/zx/position_read.hpp). It follows the reference reader,
// src/tcbg/zx/position.py, step for step: the same fields with the same defaults and the same checks ZP1-ZP13 (each
// refusal below names the reference's rule), and it fills the record Core as position_bytes.encode lays it out.
#include "tcbg/zx/position_read.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "tcbg/zx/records.hpp"

namespace tcbg::zx {

namespace {

using json::Value;
using std::string_view;

struct Refused {
  const char* why;
};
[[noreturn]] void refuse(const char* why) { throw Refused{why}; }

constexpr char kFormat[] = "tcbg-zx-position/1";
constexpr const char* kKinds[] = {nullptr, "mulligan", "turn", "preprocess", "draw", "reload", "ignition", "play",
                                  "battle", "damage", "excess", "effect", "life-recovery", "void-bringer", "startup"};
constexpr const char* kEndReasons[] = {nullptr, "life", "concede", "turn-limit"};
constexpr const char* kOutcomes[] = {"playing", "won", "lost", "drawn"};
constexpr const char* kZones[] = {nullptr, "deck", "hand", "life", "charge", "trash", "resource", "square",
                                  "player-card", "resolving", "removed"};
constexpr const char* kTurnPhases[] = {"reboot", "draw", "draw", "resource", "resource", "resource", "ignition",
                                       "ignition", "ignition", "main", "end", "end", "end", "end"};
constexpr const char* kRecordWords[] = {"drawn", "cast", "from-ignition", "from-life"};
constexpr uint8_t kRecordBitsOf[] = {kRecordFlagDrawn, kRecordFlagCast, kRecordFlagFromIgnition, kRecordFlagFromLife};
constexpr const char* kPlayFlags[] = {"free", "colour-paid", "from-damage"};

using Fields = std::initializer_list<string_view>;
const Fields kDocFields = {"format", "game", "seed", "counter", "turn", "turn_player", "first_player", "over",
                           "end_reason", "field", "players", "frames", "waiting"};
const Fields kPlayerFields = {"player_card", "resolving", "mulligan_used", "pending_damage", "reloads", "outcome",
                              "deck", "hand", "life", "resource", "charge", "trash", "removed"};
const Fields kCardFields = {"card", "sleeping", "damage", "power_change", "record", "marked", "no_damage",
                            "appeared", "removed_by", "keywords", "frozen", "used_once", "remembered_by",
                            "player_damage", "cost_change", "no_battle_damage"};
const Fields kFieldEntryFields = {"card", "sleeping", "damage", "power_change", "record", "marked", "no_damage",
                                  "appeared", "square", "keywords", "frozen", "used_once", "remembered_by",
                                  "player_damage", "cost_change", "no_battle_damage"};
constexpr const char* kGrantedWords[] = {"range-2", "range-infinity", "isolate"};  // kStatusRange2 << k
const Fields kWaitingFields = {"kind", "player", "card", "ability", "subject", "amount"};
const Fields kCursorFields = {"part", "pc", "cursor_step", "registers"};

// The named arguments of each frame kind, slot by slot (position.py FRAME_ARGS): empty for a slot written as its
// letter; the type after the name.
enum class Arg : uint8_t { Raw, Card, Square, Zone, Count, Flags, Battle };
struct Slot {
  const char* name;
  Arg type;
};
constexpr Slot kRaw{nullptr, Arg::Raw};
constexpr Slot kSchema[15][5] = {
    {kRaw, kRaw, kRaw, kRaw, kRaw},  // none
    {kRaw, kRaw, kRaw, kRaw, kRaw},  // mulligan
    {kRaw, kRaw, kRaw, kRaw, kRaw},  // turn
    {kRaw, kRaw, kRaw, kRaw, kRaw},  // preprocess
    {{"count", Arg::Count}, kRaw, kRaw, kRaw, kRaw},
    {kRaw, kRaw, kRaw, kRaw, kRaw},  // reload
    {{"charge_card", Arg::Card}, {"revealed", Arg::Card}, kRaw, kRaw, kRaw},
    {{"card", Arg::Card}, {"from", Arg::Zone}, {"square", Arg::Square}, {"cost_left", Arg::Count},
     {"flags", Arg::Flags}},
    {{"attacker", Arg::Card}, {"attacker_square", Arg::Square}, {"target_square", Arg::Square},
     {"target", Arg::Card}, {"priority", Arg::Battle}},
    {{"revealed", Arg::Card}, kRaw, kRaw, kRaw, kRaw},
    {{"chosen", Arg::Count}, kRaw, kRaw, kRaw, kRaw},
    {{"source", Arg::Card}, {"ability", Arg::Count}, {"cursor", Arg::Count}, {"subject", Arg::Card},
     {"amount", Arg::Count}},
    {{"card", Arg::Card}, kRaw, kRaw, kRaw, kRaw},
    {{"card", Arg::Card}, kRaw, kRaw, kRaw, kRaw},
    {{"card", Arg::Card}, {"ability", Arg::Count}, {"charge_left", Arg::Count}, {"cost_left", Arg::Count}, {"progress", Arg::Count}},
};
constexpr const char* kSlotLetters[] = {"a", "b", "c", "d", "e"};

template <size_t N>
int index_of(const char* const (&names)[N], string_view s) {
  for (size_t i = 0; i < N; ++i) {
    if (names[i] != nullptr && s == names[i]) return static_cast<int>(i);
  }
  return -1;
}

bool in(Fields fields, string_view key) {
  for (string_view f : fields) {
    if (f == key) return true;
  }
  return false;
}

// `obj` an object (else refused) with only `allowed` keys (position.py _obj).
void object_fields(Value obj, Fields allowed, const char* rule) {
  if (!obj.valid() || !obj.is_object()) refuse(rule);
  Value k = obj.first();
  for (uint32_t m = 0; m < obj.size(); ++m) {
    if (!in(allowed, k.str())) refuse("ZP1 unknown field");
    k = k.next().next();
  }
}

int64_t int_of(Value v, int64_t lo, int64_t hi, int64_t dflt, const char* rule) {
  if (!v.valid()) return dflt;
  int64_t out = 0;
  if (!v.int_in(lo, hi, out)) refuse(rule);
  return out;
}

bool bool_of(Value v, const char* rule) {
  if (!v.valid()) return false;
  if (!v.is_bool()) refuse(rule);
  return v.as_bool();
}

// A list field: missing is empty; present, an array.
uint32_t list_of(Value v, const char* rule) {
  if (!v.valid()) return 0;
  if (!v.is_array()) refuse(rule);
  return v.size();
}

bool is(Value v, string_view s) { return v.valid() && v.is_string() && v.str() == s; }

}  // namespace

PositionReader::PositionReader(std::shared_ptr<const Game> game, std::vector<std::string> deck_names)
    : game_(std::move(game)), deck_names_(std::move(deck_names)) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(game_->fingerprint()));
  fingerprint_hex_ = hex;
  const int n = game_->num_instances();
  for (int i = 0; i < n; ++i) {
    names_.push_back(game_->name(game_->def_of(i)));
    refs_.emplace(names_.back() + " #" + std::to_string(i), i);
  }
  seen_.assign(n, 0);
}

bool PositionReader::read(std::string_view text, std::string& bytes) {
  refusal_ = "";
  if (!doc_.parse(text)) {
    refusal_ = "ZP1 not a JSON document";
    return false;
  }
  // The record as position_bytes.encode makes it: zero wherever the document puts nothing.
  thread_local Core c;
  std::memset(static_cast<void*>(&c), 0, sizeof c);
  try {
    read_core(c);
  } catch (const Refused& r) {
    refusal_ = r.why;
    return false;
  }
  constexpr size_t kHeader = 16;
  bytes.resize(kHeader + sizeof(Core));
  std::memcpy(bytes.data(), "ZXS1", 4);
  const uint64_t fp = game_->fingerprint();
  std::memcpy(bytes.data() + 4, &fp, 8);
  const uint32_t size = sizeof(Core);
  std::memcpy(bytes.data() + 12, &size, 4);
  std::memcpy(bytes.data() + kHeader, &c, sizeof(Core));
  return true;
}

void PositionReader::read_core(Core& c) {
  const Game& g = *game_;
  const int n = g.num_instances();
  const Value doc = doc_.root();
  object_fields(doc, kDocFields, "ZP1 not an object");
  for (const char* key : {"format", "game", "players", "frames"}) {
    if (!doc.has(key)) refuse("ZP1 a required field is missing");
  }
  if (!is(doc.get("format"), kFormat)) refuse("ZP1 format");
  {  // ZP2 the game
    const Value gv = doc.get("game");
    object_fields(gv, {"decks", "fingerprint"}, "ZP2 game");
    if (!is(gv.get("fingerprint"), fingerprint_hex_)) refuse("ZP2 fingerprint");
    const Value decks = gv.get("decks");
    if (decks.valid()) {
      if (!decks.is_array() || decks.size() != deck_names_.size()) refuse("ZP2 decks");
      Value d = decks.first();
      for (size_t k = 0; k < deck_names_.size(); ++k, d = d.next()) {
        if (!is(d, deck_names_[k])) refuse("ZP2 decks");
      }
    }
  }
  for (int i = 0; i < n; ++i) {
    c.inst[i].def = static_cast<uint16_t>(g.def_of(i));
    c.inst[i].owner = static_cast<uint8_t>(g.owner_of(i));
    c.inst[i].square = kNone;
  }
  std::fill(seen_.begin(), seen_.end(), 0);
  uint64_t seed = 0, counter = 0;
  if (const Value v = doc.get("seed"); v.valid() && !v.uint64(seed)) refuse("ZP13 seed");
  if (const Value v = doc.get("counter"); v.valid() && !v.uint64(counter)) refuse("ZP13 counter");
  c.rng = CounterRng(seed, counter);
  c.turn = static_cast<uint16_t>(int_of(doc.get("turn"), 0, g.options().max_turns, 0, "ZP3 turn"));
  c.turn_player = static_cast<uint8_t>(int_of(doc.get("turn_player"), 0, 1, 0, "ZP3 turn_player"));
  c.first_player = static_cast<uint8_t>(int_of(doc.get("first_player"), 0, 1, 0, "ZP3 first_player"));
  c.over = bool_of(doc.get("over"), "ZP12 over") ? 1 : 0;
  {
    const Value r = doc.get("end_reason");
    int reason = 0;
    if (r.valid() && !r.is_null()) {
      reason = r.is_string() ? index_of(kEndReasons, r.str()) : -1;
      if (reason < 0) refuse("ZP12 end_reason");
    }
    if ((reason == 0) != (c.over == 0)) refuse("ZP12 end_reason");
    c.end_reason = static_cast<EndReason>(reason);
  }

  // A card of `owner` in `zone` (position.py _Reader.card): a reference, or an object with its other fields.
  auto claim = [&](Value ref, int owner) {
    if (!ref.valid() || !ref.is_string()) refuse("ZP5 card");
    const auto it = refs_.find(ref.str());
    if (it == refs_.end()) refuse("ZP5 card");
    const int i = it->second;
    if (owner >= 0 && g.owner_of(i) != owner) refuse("ZP6 owner");
    if (seen_[i]) refuse("ZP6 listed twice");
    seen_[i] = 1;
    return i;
  };
  auto card = [&](Value v, int owner, Zone zone, Fields fields = kCardFields) -> int {
    if (v.is_string()) {
      const int i = claim(v, owner);
      c.inst[i].zone = zone;
      return i;
    }
    if (!v.is_object()) refuse("ZP5 card");
    object_fields(v, fields, "ZP7 card");
    const int i = claim(v.get("card"), owner);
    CardInstance& ci = c.inst[i];
    ci.zone = zone;
    const bool sleeping = bool_of(v.get("sleeping"), "ZP7 sleeping");
    if (sleeping && zone != Zone::Square && zone != Zone::Resource) refuse("ZP7 sleeping");
    ci.sleeping = sleeping ? 1 : 0;
    if (zone != Zone::Square && (v.has("damage") || v.has("power_change") || v.has("cost_change"))) {
      refuse("ZP7 damage off the field");
    }
    ci.cost_mod = static_cast<int8_t>(int_of(v.get("cost_change"), -99, 99, 0, "ZP7 cost_change"));
    ci.damage = static_cast<int32_t>(int_of(v.get("damage"), 0, INT32_MAX, 0, "ZP7 damage"));
    ci.power_mod = static_cast<int32_t>(int_of(v.get("power_change"), INT32_MIN, INT32_MAX, 0, "ZP7 power_change"));
    const Value record = v.get("record");
    Value w = list_of(record, "ZP7 record") ? record.first() : Value();
    for (uint32_t k = 0; k < list_of(record, "ZP7 record"); ++k, w = w.next()) {
      const int bit = w.is_string() ? index_of(kRecordWords, w.str()) : -1;
      if (bit < 0) refuse("ZP7 record");
      ci.record |= kRecordBitsOf[bit];
    }
    const bool marked = bool_of(v.get("marked"), "ZP7 marked");
    if (marked && zone != Zone::Charge) refuse("ZP7 marked");
    ci.marked = marked ? 1 : 0;
    const bool no_damage = bool_of(v.get("no_damage"), "ZP7 no_damage");
    if (no_damage && zone != Zone::Square) refuse("ZP7 no_damage");
    const bool appeared = bool_of(v.get("appeared"), "ZP7 appeared");
    if (appeared && zone != Zone::Square) refuse("ZP7 appeared");
    ci.status = static_cast<uint8_t>((no_damage ? kStatusNoDamage : 0) | (appeared ? kStatusAppeared : 0));
    const Value keywords = v.get("keywords");
    Value kw = list_of(keywords, "ZP7 keywords") ? keywords.first() : Value();
    for (uint32_t k = 0; k < list_of(keywords, "ZP7 keywords"); ++k, kw = kw.next()) {
      const int bit = kw.is_string() ? index_of(kGrantedWords, kw.str()) : -1;
      if (bit < 0 || zone != Zone::Square) refuse("ZP7 keywords");
      ci.status |= static_cast<uint8_t>(kStatusRange2 << bit);
    }
    const bool frozen = bool_of(v.get("frozen"), "ZP7 frozen");
    if (frozen && zone != Zone::Square) refuse("ZP7 frozen");
    if (frozen) ci.status |= kStatusFrozen;
    const bool used_once = bool_of(v.get("used_once"), "ZP7 used_once");
    if (used_once && zone != Zone::Square) refuse("ZP7 used_once");
    if (used_once) ci.status |= kStatusUsedOnce;
    const bool no_battle_damage = bool_of(v.get("no_battle_damage"), "ZP7 no_battle_damage");
    if (no_battle_damage && zone != Zone::Square) refuse("ZP7 no_battle_damage");
    if (no_battle_damage) ci.status |= kStatusNoBattleDamage;
    if (const Value by = v.get("removed_by"); by.valid() && !by.is_null()) {  // Z15.131: only of a removed card
      if (zone != Zone::Removed || !by.is_string()) refuse("ZP7 removed_by");
      const auto it = refs_.find(by.str());
      if (it == refs_.end()) refuse("ZP7 removed_by");
      ci.removed_by = static_cast<uint8_t>(it->second + 1);
    }
    // Z15.320: a card on a Square or in the Resource remembered by a card (whose ability the invariants check)
    if (const Value by = v.get("remembered_by"); by.valid() && !by.is_null()) {
      if ((zone != Zone::Square && zone != Zone::Resource) || !by.is_string()) refuse("ZP7 remembered_by");
      const auto it = refs_.find(by.str());
      if (it == refs_.end()) refuse("ZP7 remembered_by");
      ci.remembered_by = static_cast<uint8_t>(it->second + 1);
    }
    const int more = static_cast<int>(int_of(v.get("player_damage"), 1, 8, 0, "ZP7 player_damage"));
    if (more && zone != Zone::Square) refuse("ZP7 player_damage");  // Z15.324: a Z/X on a Square's, until EOT
    ci.player_damage = static_cast<uint8_t>(more);
    return i;
  };

  {  // ZP4 players
    const Value players = doc.get("players");
    if (!players.is_array()) refuse("ZP4 players");
    if (players.size() != 2) refuse("ZP4 two players");
    Value dp = players.first();
    for (int p = 0; p < kPlayers; ++p, dp = dp.next()) {
      object_fields(dp, kPlayerFields, "ZP4 player");
      PlayerState& ps = c.players[p];
      const std::pair<const char*, Zone> zones[] = {{"deck", Zone::Deck},         {"hand", Zone::Hand},
                                                    {"life", Zone::Life},         {"resource", Zone::Resource},
                                                    {"charge", Zone::Charge},     {"trash", Zone::Trash}};
      for (const auto& [key, zone] : zones) {
        const Value list = dp.get(key);
        const uint32_t size = list_of(list, "ZP6 zone");
        if (size > kMaxDeck + 1) refuse("ZP6 zone too long");
        CardList& cl = zone == Zone::Deck ? ps.deck : zone == Zone::Hand ? ps.hand : zone == Zone::Life ? ps.life
                       : zone == Zone::Resource ? ps.resource : zone == Zone::Charge ? ps.charge : ps.trash;
        Value v = size ? list.first() : Value();
        for (uint32_t k = 0; k < size; ++k, v = v.next()) cl.push(card(v, p, zone));
      }
      if (const Value pc = dp.get("player_card"); pc.valid() && !pc.is_null()) {
        if (card(pc, p, Zone::PlayerCard) != g.player_card_instance(p)) refuse("ZP4 player_card");
      }
      {
        const Value list = dp.get("resolving");
        const uint32_t size = list_of(list, "ZP10 resolving");
        Value v = size ? list.first() : Value();
        for (uint32_t k = 0; k < size; ++k, v = v.next()) card(v, p, Zone::Resolving);
      }
      {  // ZP6: removed from the game (an unordered zone; written in instance order)
        const Value list = dp.get("removed");
        const uint32_t size = list_of(list, "ZP6 removed");
        Value v = size ? list.first() : Value();
        for (uint32_t k = 0; k < size; ++k, v = v.next()) card(v, p, Zone::Removed);
      }
      ps.hand_limit = kHandLimit;
      ps.charge_limit = kChargeLimit;
      ps.mulliganed = bool_of(dp.get("mulligan_used"), "ZP4 mulligan_used") ? 1 : 0;
      ps.pending_damage = static_cast<uint8_t>(int_of(dp.get("pending_damage"), 0, 8, 0, "ZP4 pending_damage"));
      ps.reloads = static_cast<uint8_t>(int_of(dp.get("reloads"), 0, 255, 0, "ZP4 reloads"));
      int outcome = 0;
      if (const Value o = dp.get("outcome"); o.valid()) {
        outcome = o.is_string() ? index_of(kOutcomes, o.str()) : -1;
        if (outcome < 0) refuse("ZP12 outcome");
      }
      if ((outcome != 0) != (c.over != 0)) refuse("ZP12 outcome");
      ps.outcome = static_cast<Outcome>(outcome);
    }
  }
  std::fill(c.board.begin(), c.board.end(), static_cast<uint8_t>(kNone));
  auto square = [&](Value v, bool allow_none) -> int {
    if (allow_none && (!v.valid() || v.is_null())) return kNone;
    if (!v.valid() || !v.is_string()) refuse("ZP8 square");
    const string_view s = v.str();
    if (s.size() != 2 || s[0] != 's' || s[1] < '1' || s[1] > '9') refuse("ZP8 square");
    return s[1] - '1';
  };
  {  // ZP8 the field
    const Value field = doc.get("field");
    const uint32_t size = list_of(field, "ZP8 field");
    Value e = size ? field.first() : Value();
    for (uint32_t k = 0; k < size; ++k, e = e.next()) {
      object_fields(e, kFieldEntryFields, "ZP8 field entry");
      const int s = square(e.get("square"), false);
      if (c.board[s] != kNone) refuse("ZP8 two on a Square");
      const Value ref = e.get("card");
      if (!ref.valid() || !ref.is_string() || refs_.find(ref.str()) == refs_.end()) refuse("ZP8 card");
      // The entry is the card's object, its "square" apart.
      const int i = card(e, g.owner_of(refs_.find(ref.str())->second), Zone::Square, kFieldEntryFields);
      if (!g.card_of(i).is_zx()) refuse("ZP8 not a Z/X");
      if (s == (g.owner_of(i) == 0 ? 7 : 1)) refuse("ZP8 the opponent's Player Square");
      c.board[s] = static_cast<uint8_t>(i);
      c.inst[i].square = static_cast<uint8_t>(s);
    }
  }
  for (int i = 0; i < n; ++i) {
    if (!seen_[i]) refuse("ZP6 a card in no zone");
  }
  {  // ZP9, ZP10 frames
    const Value frames = doc.get("frames");
    if (!frames.is_array()) refuse("ZP9 frames");
    if (frames.size() > kMaxFrames) refuse("ZP9 too many frames");
    if ((frames.size() != 0) == (c.over != 0)) refuse("ZP9 frames and over");
    Value f = frames.first();
    for (uint32_t k = 0; k < frames.size(); ++k, f = f.next()) read_frame(f, static_cast<int>(k), c);
    c.frame_n = static_cast<uint8_t>(frames.size());
  }
  {  // ZP11 waiting abilities
    const Value waiting = doc.get("waiting");
    const uint32_t size = list_of(waiting, "ZP11 waiting");
    if (size > kMaxWaiting) refuse("ZP11 too many waiting");
    Value w = size ? waiting.first() : Value();
    for (uint32_t k = 0; k < size; ++k, w = w.next()) {
      object_fields(w, kWaitingFields, "ZP11 waiting");
      const Value kind = w.get("kind");
      const int kd = kind.valid() && kind.is_string() ? index_of(kKinds, kind.str()) : -1;
      if (kd != static_cast<int>(Kind::LifeRecovery) && kd != static_cast<int>(Kind::VoidBringer) &&
          kd != static_cast<int>(Kind::Effect)) {
        refuse("ZP11 kind");
      }
      Waiting& out = c.waiting[k];
      out.kind = static_cast<Kind>(kd);
      const Value player = w.get("player");
      if (!player.valid()) refuse("ZP11 player");
      out.player = static_cast<uint8_t>(int_of(player, 0, 1, 0, "ZP11 player"));
      out.card = static_cast<uint8_t>(ref_of(w.get("card"), false));
      out.ability = kNone;
      out.subject = kNone;
      if (out.kind == Kind::Effect) {
        const Value ability = w.get("ability");
        if (!ability.valid()) refuse("ZP11 ability");
        out.ability = static_cast<uint8_t>(int_of(ability, 0, 254, 0, "ZP11 ability"));
        out.subject = static_cast<uint8_t>(ref_of(w.get("subject"), true));
        out.amount = static_cast<uint8_t>(int_of(w.get("amount"), 0, 254, 0, "ZP11 amount"));
      } else if (w.has("ability") || w.has("subject") || w.has("amount")) {
        refuse("ZP11 ability");
      }
    }
    c.waiting_n = static_cast<uint8_t>(size);
  }
}

// A card reference "Name #N" (ZP5) of any owner, claiming nothing; kNone for null where allowed.
int PositionReader::ref_of(Value v, bool allow_none) const {
  if (allow_none && (!v.valid() || v.is_null())) return kNone;
  if (!v.valid() || !v.is_string()) refuse("ZP5 card");
  const auto it = refs_.find(v.str());
  if (it == refs_.end()) refuse("ZP5 card");
  return it->second;
}

// Frame k (position.py _Reader.frame): its kind, player and step, its arguments by the kind's schema, and an
// effect's cursor once it has started.
void PositionReader::read_frame(Value f, int k, Core& c) {
  if (!f.is_object()) refuse("ZP9 frame");
  const Value kv = f.get("kind");
  const int kind = kv.valid() && kv.is_string() ? index_of(kKinds, kv.str()) : -1;
  if (kind < 1) refuse("ZP9 kind");
  if ((k == 0) != (kind == static_cast<int>(Kind::Turn))) refuse("ZP9 the Turn frame");
  const Slot* schema = kSchema[kind];
  const bool effect = kind == static_cast<int>(Kind::Effect);
  {  // the fields the kind allows
    Value key = f.first();
    for (uint32_t m = 0; m < f.size(); ++m, key = key.next().next()) {
      const string_view s = key.str();
      bool ok = s == "kind" || s == "player" || s == "step" || (s == "phase" && kind == static_cast<int>(Kind::Turn)) ||
                (effect && in(kCursorFields, s));
      for (int j = 0; j < 5 && !ok; ++j) {
        if (schema[j].type == Arg::Raw) ok = s == kSlotLetters[j];
        else if (schema[j].type == Arg::Battle) ok = s == "priority" || s == "passes";
        else ok = s == schema[j].name;
      }
      if (!ok) refuse("ZP1 unknown field");
    }
  }
  Frame out;  // a new frame's slots: a-d kNone, e 0
  out.kind = static_cast<Kind>(kind);
  const Value player = f.get("player");
  if (!player.valid()) refuse("ZP9 player");
  out.player = static_cast<uint8_t>(int_of(player, 0, 1, 0, "ZP9 player"));
  out.step = static_cast<uint8_t>(int_of(f.get("step"), 0, 13, 0, "ZP9 step"));
  if (kind == static_cast<int>(Kind::Turn) && f.has("phase") && !is(f.get("phase"), kTurnPhases[out.step])) {
    refuse("ZP9 phase");
  }
  uint8_t* slots[5] = {&out.a, &out.b, &out.c, &out.d, &out.e};
  for (int j = 0; j < 5; ++j) {
    const Slot& slot = schema[j];
    uint8_t& v = *slots[j];
    switch (slot.type) {
      case Arg::Raw: v = static_cast<uint8_t>(int_of(f.get(kSlotLetters[j]), 0, 255, v, "ZP9 slot")); break;
      case Arg::Card: v = static_cast<uint8_t>(ref_of(f.get(slot.name), true)); break;
      case Arg::Square: {
        const Value sq = f.get(slot.name);
        if (!sq.valid() || sq.is_null()) {
          v = kNone;
        } else {
          const string_view s = sq.is_string() ? sq.str() : string_view();
          if (s.size() != 2 || s[0] != 's' || s[1] < '1' || s[1] > '9') refuse("ZP8 square");
          v = static_cast<uint8_t>(s[1] - '1');
        }
        break;
      }
      case Arg::Zone: {
        const Value z = f.get(slot.name);
        if (!z.valid() || z.is_null()) {
          v = kNone;
        } else {
          const int zone = z.is_string() ? index_of(kZones, z.str()) : -1;
          if (zone < 1) refuse("ZP10 zone");
          v = static_cast<uint8_t>(zone);
        }
        break;
      }
      case Arg::Count: {
        const Value cv = f.get(slot.name);
        v = !cv.valid() || cv.is_null() ? kNone : static_cast<uint8_t>(int_of(cv, 0, 254, 0, "ZP9 count"));
        break;
      }
      case Arg::Flags: {
        const Value list = f.get(slot.name);
        const uint32_t size = list_of(list, "ZP10 flags");
        v = 0;
        Value w = size ? list.first() : Value();
        for (uint32_t m = 0; m < size; ++m, w = w.next()) {
          const int bit = w.is_string() ? index_of(kPlayFlags, w.str()) : -1;
          if (bit < 0) refuse("ZP10 flags");
          v = static_cast<uint8_t>(v | (1 << bit));
        }
        break;
      }
      case Arg::Battle: {
        const int holder = static_cast<int>(int_of(f.get("priority"), 0, 1, 0, "ZP10 priority"));
        const int passes = static_cast<int>(int_of(f.get("passes"), 0, 1, 0, "ZP10 passes"));
        v = static_cast<uint8_t>(holder | passes << 1);
        break;
      }
    }
  }
  if (effect && out.step != 0) {  // the resolution's cursor (ZP9)
    if (out.c >= fx::kMaxCursors) refuse("ZP9 cursor");
    tcbg::fx::Cursor& cur = c.cursors[out.c];
    cur = tcbg::fx::Cursor{};
    const Value regs = f.get("registers");
    if (regs.valid()) {
      if (!regs.is_array()) refuse("ZP9 registers");
      if (regs.size() != tcbg::fx::kRegisters) refuse("ZP9 registers");
      Value r = regs.first();
      for (int j = 0; j < tcbg::fx::kRegisters; ++j, r = r.next()) {
        cur.regs[j] = static_cast<int32_t>(int_of(r, -tcbg::fx::kRegisterBound, tcbg::fx::kRegisterBound, 0, "ZP9 register"));
      }
    } else {
      cur.regs.fill(-1);
    }
    cur.part = static_cast<uint8_t>(int_of(f.get("part"), 0, 0, 0, "ZP9 part"));
    cur.step = static_cast<uint8_t>(int_of(f.get("cursor_step"), 0, 255, 0, "ZP9 cursor_step"));
    cur.pc = static_cast<int16_t>(int_of(f.get("pc"), 0, 511, 0, "ZP9 pc"));
  } else if (effect) {
    for (string_view key : kCursorFields) {
      if (f.has(key)) refuse("ZP9 a cursor before the resolution starts");
    }
  }
  c.frames[k] = out;
}

}  // namespace tcbg::zx
