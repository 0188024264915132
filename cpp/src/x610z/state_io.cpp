// Serializing a State and reading it back (docs/state-format.md). Fixed-width little-endian fields after a magic
// tag; reading checks every field, so a corrupt or foreign string raises tcbg::GameError instead of yielding a state
// that breaks the rules' invariants.
#include <cstring>
#include <memory>
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

namespace {

constexpr char kMagic[4] = {'X', '6', 'S', '4'};

class Writer {
 public:
  template <class T>
  void put(T v) {
    for (size_t i = 0; i < sizeof(T); ++i) out.push_back(static_cast<char>((static_cast<uint64_t>(v) >> (8 * i)) & 0xFF));
  }
  std::string out;
};

class Reader {
 public:
  explicit Reader(const std::string& s) : s_(s) {}
  template <class T>
  T get(const char* field) {
    if (pos_ + sizeof(T) > s_.size()) fail(std::string("ends before ") + field);
    uint64_t v = 0;
    for (size_t i = 0; i < sizeof(T); ++i) v |= static_cast<uint64_t>(static_cast<uint8_t>(s_[pos_ + i])) << (8 * i);
    pos_ += sizeof(T);
    return static_cast<T>(v);
  }
  template <class T>
  T get_max(const char* field, int max) {  // an integer from 0 to max
    const T v = get<T>(field);
    if (static_cast<int64_t>(v) < 0 || static_cast<int64_t>(v) > max) {
      fail(std::string(field) + " is " + std::to_string(static_cast<int64_t>(v)) + ", beyond " + std::to_string(max));
    }
    return v;
  }
  bool at_end() const { return pos_ == s_.size(); }
  [[noreturn]] static void fail(const std::string& reason) { throw GameError("state", reason, "state-format"); }

 private:
  const std::string& s_;
  size_t pos_ = 0;
};

}  // namespace

void put_item(Writer& w, const StackItem& it) {
  w.put<uint8_t>(static_cast<uint8_t>(it.kind));
  w.put<uint8_t>(it.controller);
  w.put<uint16_t>(it.instance);
  w.put<uint16_t>(it.key);
  w.put<uint16_t>(it.serial);
  w.put<uint16_t>(static_cast<uint16_t>(it.ability + 1));
  w.put<uint8_t>(it.mode);
  w.put<uint8_t>(it.additional);
  for (int16_t t : it.targets) w.put<uint16_t>(static_cast<uint16_t>(t + 1));
  w.put<uint16_t>(static_cast<uint16_t>(it.subject + 1));
  w.put<uint16_t>(static_cast<uint16_t>(it.other + 1));
  w.put<uint16_t>(static_cast<uint16_t>(it.amount));
  w.put<uint8_t>(it.triggered);
}

// A stack item as read; the fields that name the game's tables are checked against it.
StackItem get_item(Reader& r, const Game& g) {
  StackItem it;
  const int n = g.num_instances();
  it.kind = static_cast<StackKind>(r.get_max<uint8_t>("stack item kind", static_cast<int>(StackKind::Ability)));
  it.controller = r.get_max<uint8_t>("stack item controller", g.num_players() - 1);
  it.instance = r.get_max<uint16_t>("stack item card", n - 1);
  it.key = r.get_max<uint16_t>("stack item target", g.board().num_dots() * kKeysPerDot - 1);
  it.serial = r.get<uint16_t>("stack item serial");
  const int abilities = g.effects() ? g.effects()->num(g.effects()->abilities, fx::ability::kWidth) : 0;
  it.ability = static_cast<int16_t>(r.get_max<uint16_t>("stack item ability", abilities) - 1);
  it.mode = r.get_max<uint8_t>("stack item mode", fx::kMaxModes - 1);
  it.additional = r.get<uint8_t>("stack item additional effects");
  for (auto& t : it.targets) t = static_cast<int16_t>(static_cast<int>(r.get<uint16_t>("stack item target")) - 1);
  it.subject = static_cast<int16_t>(static_cast<int>(r.get<uint16_t>("stack item event subject")) - 1);
  it.other = static_cast<int16_t>(static_cast<int>(r.get<uint16_t>("stack item event other")) - 1);
  it.amount = static_cast<int16_t>(r.get_max<uint16_t>("stack item event amount", 255));
  it.triggered = r.get_max<uint8_t>("stack item triggered", 1);
  if (it.kind == StackKind::Ability && it.ability < 0) Reader::fail("an ability on the stack names no ability");
  if (it.ability >= 0) {
    const int32_t* ab = g.effects()->ability(it.ability);
    const bool ability_item = it.kind == StackKind::Ability &&
                              (it.triggered ? ab[fx::ability::kKind] == fx::kTriggered
                                            : (ab[fx::ability::kKind] == fx::kActivatedAbility ||
                                               ab[fx::ability::kKind] == fx::kPaid));
    if ((it.kind != StackKind::Cast && !ability_item) || ab[fx::ability::kCard] != g.deck_card_def(it.instance) ||
        it.mode >= ab[fx::ability::kNumModes] || (it.additional >> ab[fx::ability::kNumAdditional]) != 0) {
      Reader::fail("a stack item names a mode or additional effect its ability does not have");
    }
  }
  return it;
}

std::string State::serialize() const {
  const Game& g = *game_;
  Writer w;
  for (char c : kMagic) w.put<uint8_t>(static_cast<uint8_t>(c));
  w.put<uint8_t>(static_cast<uint8_t>(g.num_players()));
  w.put<uint16_t>(static_cast<uint16_t>(g.num_instances()));
  w.put<uint16_t>(static_cast<uint16_t>(g.board().num_dots()));
  w.put<uint64_t>(rng_.seed());
  w.put<uint64_t>(rng_.counter());
  w.put<uint16_t>(turn_);
  w.put<uint8_t>(static_cast<uint8_t>(phase_));
  w.put<uint8_t>(first_player_);
  w.put<uint8_t>(active_);
  w.put<uint8_t>(priority_);
  w.put<uint8_t>(passes_);
  w.put<uint8_t>(static_cast<uint8_t>(end_reason_));
  w.put<uint8_t>(static_cast<uint8_t>(pending_));
  w.put<uint16_t>(pending_instance_);
  w.put<uint16_t>(next_serial_);
  w.put<uint8_t>(announce_stage_);
  w.put<uint8_t>(resolving_);
  if (resolving_) {
    put_item(w, resolution_.item);
    w.put<uint8_t>(resolution_.part);
    w.put<uint16_t>(static_cast<uint16_t>(resolution_.pc));
    for (int32_t v : resolution_.regs) w.put<uint32_t>(static_cast<uint32_t>(v));
  }
  w.put<uint8_t>(stack_size_);
  for (int k = 0; k < stack_size_; ++k) put_item(w, stack_[k]);
  w.put<uint8_t>(priority_due_);
  w.put<uint8_t>(waiting_size_);
  for (int k = 0; k < waiting_size_; ++k) {
    const Waiting& wt = waiting_[k];
    w.put<uint16_t>(static_cast<uint16_t>(wt.ability));
    w.put<uint16_t>(wt.source);
    w.put<uint8_t>(wt.controller);
    w.put<uint16_t>(static_cast<uint16_t>(wt.subject + 1));
    w.put<uint16_t>(static_cast<uint16_t>(wt.other + 1));
    w.put<uint16_t>(static_cast<uint16_t>(wt.amount));
  }
  for (int i = 0; i < g.num_instances(); ++i) {
    const CardInstance& c = instances_[i];
    w.put<uint16_t>(c.def);
    w.put<uint8_t>(c.owner);
    w.put<uint8_t>(c.controller);
    w.put<uint8_t>(static_cast<uint8_t>(c.zone));
    w.put<uint8_t>(c.activated);
    w.put<uint8_t>(c.damage);
    w.put<uint16_t>(static_cast<uint16_t>(c.dot + 1));
    w.put<uint8_t>(c.moved);
    w.put<uint8_t>(c.attacked);
    w.put<uint8_t>(static_cast<uint8_t>(c.heading + 1));
    w.put<uint8_t>(c.record);
    for (int8_t m : c.modifier) w.put<uint8_t>(static_cast<uint8_t>(m));
    for (int8_t m : c.lasting) w.put<uint8_t>(static_cast<uint8_t>(m));
    w.put<uint8_t>(c.granted);
    w.put<uint8_t>(c.granted_lasting);
    w.put<uint8_t>(c.paid_used);
    w.put<uint16_t>(static_cast<uint16_t>(c.focus + 1));
    for (uint8_t k : c.counters) w.put<uint8_t>(k);
    w.put<uint8_t>(c.shield);
    w.put<uint8_t>(static_cast<uint8_t>(c.control_return + 1));
    w.put<uint16_t>(static_cast<uint16_t>(c.redirect + 1));
  }
  for (int p = 0; p < g.num_players(); ++p) {
    const PlayerState& ps = players_[p];
    w.put<uint8_t>(ps.deck_size);
    for (int k = 0; k < ps.deck_size; ++k) w.put<uint16_t>(ps.deck[k]);
    w.put<uint8_t>(ps.hand_size);
    for (int k = 0; k < ps.hand_size; ++k) w.put<uint16_t>(ps.hand[k]);
    for (uint16_t e : ps.pool) w.put<uint16_t>(e);
    w.put<uint8_t>(ps.crystal_placed);
    w.put<uint8_t>(ps.kept);
    w.put<uint8_t>(ps.murphy);
    w.put<uint8_t>(static_cast<uint8_t>(ps.outcome));
    w.put<uint8_t>(static_cast<uint8_t>(ps.reason));
  }
  w.put<uint8_t>(lasting_size_);
  for (int k = 0; k < lasting_size_; ++k) {
    const LastingEffect& e = lasting_[k];
    w.put<uint8_t>(e.op);
    w.put<uint8_t>(e.duration);
    w.put<uint16_t>(e.target);
    w.put<uint16_t>(e.source);
    w.put<uint8_t>(e.what);
    w.put<uint8_t>(static_cast<uint8_t>(e.amount));
  }
  w.put<uint16_t>(cost_due_);
  return w.out;
}

State State::deserialize(std::shared_ptr<const Game> game, const std::string& bytes) {
  State s(game, 0);
  const Game& g = *game;
  Reader r(bytes);
  for (char c : kMagic) {
    if (r.get<uint8_t>("the format tag") != static_cast<uint8_t>(c)) Reader::fail("not a tcbg X610Z state");
  }
  if (r.get<uint8_t>("players") != g.num_players() || r.get<uint16_t>("cards") != g.num_instances() ||
      r.get<uint16_t>("dots") != g.board().num_dots()) {
    Reader::fail("made for another game (players, cards or board differ)");
  }
  const int n = g.num_instances(), players = g.num_players();
  const uint64_t seed = r.get<uint64_t>("the seed");
  s.rng_ = CounterRng(seed, r.get<uint64_t>("the generator's position"));
  s.turn_ = r.get<uint16_t>("turn");
  s.phase_ = static_cast<Phase>(r.get_max<uint8_t>("phase", static_cast<int>(Phase::Over)));
  s.first_player_ = r.get_max<uint8_t>("first player", players - 1);
  s.active_ = r.get_max<uint8_t>("active player", players - 1);
  s.priority_ = r.get_max<uint8_t>("priority", players - 1);
  s.passes_ = r.get_max<uint8_t>("passes", players);
  s.end_reason_ = static_cast<EndReason>(r.get_max<uint8_t>("end reason", static_cast<int>(EndReason::Alternative)));
  s.pending_ = static_cast<Pending>(r.get_max<uint8_t>("pending choice", static_cast<int>(Pending::Trigger)));
  s.pending_instance_ = r.get_max<uint16_t>("pending card", n - 1);
  s.next_serial_ = r.get<uint16_t>("next serial");
  s.announce_stage_ = r.get_max<uint8_t>("announcement stage", 1 + fx::kMaxAdditional + fx::kTargetSlots - 1);
  s.resolving_ = r.get_max<uint8_t>("resolving", 1);
  if (s.resolving_) {
    s.resolution_.item = get_item(r, g);
    if (s.resolution_.item.ability < 0) Reader::fail("a resolution runs no ability");
    s.resolution_.part = r.get_max<uint8_t>("resolution part", fx::kMaxAdditional);
    s.resolution_.pc = static_cast<int16_t>(r.get_max<uint16_t>("resolution pc", 512));
    for (auto& v : s.resolution_.regs) v = static_cast<int32_t>(r.get<uint32_t>("register"));
    int program = 0, length = 0;
    if (s.resolution_.part > 0 && !s.part_bounds(s.resolution_.part, program, length)) {
      Reader::fail("a resolution runs an additional effect that was not used");
    }
    s.part_bounds(s.resolution_.part, program, length);
    if (s.resolution_.pc > length) Reader::fail("a resolution's pc lies beyond its program");
  } else {
    s.resolution_ = Resolution{};
  }
  s.stack_size_ = r.get_max<uint8_t>("stack size", kMaxStack);
  for (int k = 0; k < s.stack_size_; ++k) s.stack_[k] = get_item(r, g);
  s.priority_due_ = r.get_max<uint8_t>("priority due", players - 1);
  s.waiting_size_ = r.get_max<uint8_t>("waiting abilities", fx::kMaxWaiting);
  const int abilities = g.effects() ? g.effects()->num(g.effects()->abilities, fx::ability::kWidth) : 0;
  for (int k = 0; k < s.waiting_size_; ++k) {
    Waiting& wt = s.waiting_[k];
    wt.ability = static_cast<int16_t>(r.get_max<uint16_t>("waiting ability", abilities - 1));
    wt.source = r.get_max<uint16_t>("waiting ability's card", n - 1);
    wt.controller = r.get_max<uint8_t>("waiting ability's controller", players - 1);
    wt.subject = static_cast<int16_t>(static_cast<int>(r.get<uint16_t>("waiting event subject")) - 1);
    wt.other = static_cast<int16_t>(static_cast<int>(r.get<uint16_t>("waiting event other")) - 1);
    wt.amount = static_cast<int16_t>(r.get_max<uint16_t>("waiting event amount", 255));
    const int32_t* ab = g.effects()->ability(wt.ability);
    if (ab[fx::ability::kKind] != fx::kTriggered || ab[fx::ability::kCard] != g.deck_card_def(wt.source)) {
      Reader::fail("a waiting ability is not a triggered ability of its card");
    }
  }
  s.occupancy_.clear();
  for (int i = 0; i < n; ++i) {
    CardInstance& c = s.instances_[i];
    const CardInstance expected = s.instances_[i];  // the freshly set-up state knows each card's identity
    c.def = r.get<uint16_t>("card");
    c.owner = r.get<uint8_t>("owner");
    if (c.def != expected.def || c.owner != expected.owner) Reader::fail("card " + std::to_string(i) + " is not this game's");
    c.controller = r.get_max<uint8_t>("controller", players - 1);
    c.zone = static_cast<Zone>(r.get_max<uint8_t>("zone", static_cast<int>(Zone::Stack)));
    c.activated = r.get_max<uint8_t>("activated", 1);
    c.damage = r.get<uint8_t>("damage");
    c.dot = static_cast<int16_t>(r.get_max<uint16_t>("dot", g.board().num_dots())) - 1;
    c.moved = r.get_max<uint8_t>("moved", 1);
    c.attacked = r.get_max<uint8_t>("attacked", 1);
    c.heading = static_cast<int8_t>(r.get_max<uint8_t>("heading", 16) - 1);
    c.record = r.get_max<uint8_t>("record", kRecordDrawn | kRecordCast);
    for (auto& m : c.modifier) m = static_cast<int8_t>(r.get<uint8_t>("stat change"));
    for (auto& m : c.lasting) m = static_cast<int8_t>(r.get<uint8_t>("lasting stat change"));
    c.granted = r.get_max<uint8_t>("granted properties", 31);
    c.granted_lasting = r.get_max<uint8_t>("lasting granted properties", 31);
    c.paid_used = r.get_max<uint8_t>("paid abilities used", 15);
    c.focus = static_cast<int16_t>(r.get_max<uint16_t>("focus", n) - 1);
    for (auto& k : c.counters) k = r.get<uint8_t>("counters");
    c.shield = r.get<uint8_t>("damage to prevent");
    c.control_return = static_cast<int8_t>(r.get_max<uint8_t>("control returns to", players) - 1);
    c.redirect = static_cast<int16_t>(r.get_max<uint16_t>("damage redirected to", n) - 1);
    if (c.zone != Zone::Play && (c.modifier != std::array<int8_t, 5>{} || c.lasting != std::array<int8_t, 5>{} ||
                                 c.granted || c.granted_lasting || c.paid_used || c.focus >= 0 ||
                                 c.counters != std::array<uint8_t, 3>{} || c.shield || c.control_return >= 0 ||
                                 c.redirect >= 0)) {
      Reader::fail("card " + std::to_string(i) + " has stat changes but is not in play");
    }
    if (c.control_return >= 0 && c.control_return == c.controller) {  // control taken returns to whom it was taken from
      Reader::fail("card " + std::to_string(i) + " returns to the control of the player who controls it (P23)");
    }
    if (c.dot >= 0) {
      if (c.zone != Zone::Play) Reader::fail("card " + std::to_string(i) + " stands on the board but is not in play");
      if (s.occupancy_.occupied(c.dot)) Reader::fail("two summons on dot " + g.board().dot(c.dot).id);
      if (c.heading >= 0 && (c.heading & 7) >= g.board().degree(c.dot)) Reader::fail("a heading names no line");
      s.occupancy_.player[c.dot] = static_cast<int8_t>(c.controller);
      s.occupancy_.block_rate[c.dot] = s.block_rate_of(i);
    } else if (c.heading >= 0) {
      Reader::fail("card " + std::to_string(i) + " has a heading but stands on no dot");
    }
  }
  for (int p = 0; p < players; ++p) {
    PlayerState& ps = s.players_[p];
    auto read_list = [&](const char* what, Zone zone, auto& list, uint8_t& size) {
      size = r.get_max<uint8_t>(what, kMaxDeck);
      int in_zone = 0;
      for (int i = 0; i < n; ++i) in_zone += s.instances_[i].owner == p && s.instances_[i].zone == zone;
      if (size != in_zone) Reader::fail(std::string("the ") + what + " of player " + std::to_string(p) + " does not match its cards");
      for (int k = 0; k < size; ++k) {
        list[k] = r.get_max<uint16_t>(what, n - 1);
        const CardInstance& c = s.instances_[list[k]];
        if (c.owner != p || c.zone != zone) Reader::fail(std::string("a card listed in a ") + what + " is not there");
        for (int j = 0; j < k; ++j) {
          if (list[j] == list[k]) Reader::fail(std::string("a card is listed twice in a ") + what);
        }
      }
    };
    read_list("deck", Zone::Deck, ps.deck, ps.deck_size);
    read_list("hand", Zone::Hand, ps.hand, ps.hand_size);
    for (auto& e : ps.pool) e = r.get_max<uint16_t>("energy pool", kMaxPool);
    ps.crystal_placed = r.get_max<uint8_t>("crystal placed", 1);
    ps.kept = r.get_max<uint8_t>("kept", 1);
    ps.murphy = r.get_max<uint8_t>("Murphy's Law count", kOpeningHand);
    ps.outcome = static_cast<Outcome>(r.get_max<uint8_t>("outcome", static_cast<int>(Outcome::Drawn)));
    ps.reason = static_cast<EndReason>(r.get_max<uint8_t>("reason", static_cast<int>(EndReason::Alternative)));
  }
  s.lasting_size_ = r.get_max<uint8_t>("lasting effects", kMaxLasting);
  for (int k = 0; k < s.lasting_size_; ++k) {
    LastingEffect& e = s.lasting_[k];
    e.op = r.get<uint8_t>("lasting effect instruction");
    e.duration = r.get<uint8_t>("lasting effect duration");
    e.target = r.get<uint16_t>("lasting effect target");
    e.source = r.get<uint16_t>("lasting effect source");
    e.what = r.get<uint8_t>("lasting effect stat, property or player");
    e.amount = static_cast<int8_t>(r.get<uint8_t>("lasting effect amount"));
  }
  s.cost_due_ = r.get_max<uint16_t>("costs due", ((1 + fx::kMaxAdditional) << 4) - 1);
  if (s.cost_due_ && (s.pending_ != Pending::Announce || s.stack_size_ == 0 || (s.cost_due_ & 15) == 0 ||
                      s.stack_[s.stack_size_ - 1].ability < 0)) {
    Reader::fail("costs are due with no announcement to pay them for");
  }
  if (!r.at_end()) Reader::fail("has bytes after its end");
  if (const std::string why = s.lasting_violation(); !why.empty()) Reader::fail(why);
  for (int i = 0; i < n; ++i) {  // rules.md 6.8: a catalyst with focus in play is attached to a permanent in play
    const CardInstance& c = s.instances_[i];
    const bool focused_kind = g.effects() && g.effects()->card(c.def)[fx::card::kFocusFilter] != fx::kNone;
    if (c.zone == Zone::Play && focused_kind && (c.focus < 0 || s.instances_[c.focus].zone != Zone::Play)) {
      Reader::fail("card " + std::to_string(i) + " is a catalyst with focus in play attached to no permanent in play");
    }
    if (c.focus >= 0 && !focused_kind) Reader::fail("card " + std::to_string(i) + " is focused but has no focus");
  }
  s.rebuild_derived();
  for (int i = 0; i < n; ++i) {  // the defense as lasting and continuous effects make it, once they are all read
    if (s.instances_[i].dot >= 0 && s.instances_[i].damage >= s.stat(i, fx::kDefense)) {
      Reader::fail("a summon in play has damage reaching its defense");
    }
  }
  // What the engine relies on between decisions.
  if (s.phase_ != Phase::Over && !s.alive(s.priority_)) Reader::fail("priority is with a player who left the game");
  const CardInstance& pending = s.instances_[s.pending_instance_];
  if ((s.pending_ == Pending::MoveDestination || s.pending_ == Pending::AttackTarget) &&
      (pending.zone != Zone::Play || pending.dot < 0 || pending.controller != s.priority_)) {
    Reader::fail("a move or attack is pending for a summon its player does not have on the board");
  }
  if (s.pending_ == Pending::Placement && (pending.zone != Zone::Stack || pending.controller != s.priority_)) {
    Reader::fail("a summon is to be placed that is not being cast by the player to choose");
  }
  if (s.pending_ != Pending::None && s.phase_ != Phase::Action && s.phase_ != Phase::End) {
    Reader::fail("a choice is pending outside the action and end phases");
  }
  for (int k = 0; k < s.stack_size_; ++k) {
    const StackItem& it = s.stack_[k];
    const CardType type = g.card(s.instances_[it.instance].def).type;
    if (it.kind == StackKind::Cast && (s.instances_[it.instance].zone != Zone::Stack ||
                                        type == CardType::LifeBase || type == CardType::Crystal)) {
      Reader::fail("a cast on the stack is not a card being cast");
    }
    if (it.kind == StackKind::Cast && type != CardType::Summon &&
        (!g.effects() || it.ability != g.effects()->cast_ability(s.instances_[it.instance].def))) {
      Reader::fail("a card on the stack runs an ability that is not its own");
    }
    for (int j = 0; j < k; ++j) {
      if (s.stack_[j].serial == it.serial) Reader::fail("two stack items have one serial");
    }
  }
  if (s.pending_ == Pending::Announce && (s.stack_size_ == 0 || s.stack_[s.stack_size_ - 1].ability < 0 ||
                                          s.stack_[s.stack_size_ - 1].controller != s.priority_)) {
    Reader::fail("an announcement is pending with no card of the player to choose on top of the stack");
  }
  if (s.pending_ == Pending::Trigger) {
    bool any = false;
    for (int k = 0; k < s.waiting_size_; ++k) any = any || s.waiting_[k].controller == s.priority_;
    if (!any) Reader::fail("a triggered ability is to be put on the stack by a player who has none waiting");
  }
  if (s.resolving_ != (s.pending_ == Pending::Resolve)) {
    Reader::fail("a resolution and its pending choice disagree");
  }
  // Targets by the filter of their slot (docs/state-format.md P19, P23): none in a slot the item's ability, mode and
  // additional effects open no target in, and a dot of the board, a player, a stack item's serial (one given out
  // already: CANCEL looks the item up by it) or a card of the game by the filter's kind, so that nothing reads past a
  // table through a target.
  auto targets_fit = [&](const StackItem& it) {
    for (int slot = 0; slot < fx::kTargetSlots; ++slot) {
      const int t = it.targets[slot];
      if (t < -1) return false;
      if (t == -1) continue;
      const int f = it.ability >= 0 ? s.announce_slot_filter(it, slot) : -1;
      if (f < 0) return false;
      const int kind = g.effects()->filter(f)[fx::filter::kKind];
      const int limit = kind == fx::kKindDot ? g.board().num_dots() : kind == fx::kPlayer ? players
                        : kind == fx::kStackItem ? s.next_serial_ : n;
      if (t >= limit) return false;
    }
    return it.subject >= -1 && it.subject < n && it.other >= -1 && it.other < n;
  };
  for (int k = 0; k < s.waiting_size_; ++k) {
    const Waiting& wt = s.waiting_[k];
    if (wt.subject < -1 || wt.subject >= n || wt.other < -1 || wt.other >= n) {
      Reader::fail("a waiting ability's event names no card of the game (P20)");
    }
  }
  for (int k = 0; k < s.stack_size_; ++k) {
    if (!targets_fit(s.stack_[k])) Reader::fail("a stack item names a target its slot does not take (P19)");
  }
  if (s.resolving_ && !targets_fit(s.resolution_.item)) Reader::fail("the resolution names a target its slot does not take (P19)");
  // An announcement stands where the engine stops for a decision (rules.md 5.7): going on from it changes nothing.
  if (s.pending_ == Pending::Announce) {
    auto probe = std::make_unique<State>(s);
    try {
      probe->advance_announcement();
    } catch (const std::exception&) {
      Reader::fail("the announcement cannot go on from its stage (P23)");
    }
    if (probe->pending_ != Pending::Announce || probe->announce_stage_ != s.announce_stage_ ||
        probe->cost_due_ != s.cost_due_) {
      Reader::fail("the announcement stands at a stage that waits for no decision (P23)");
    }
  } else if (s.announce_stage_ != 0) {
    Reader::fail("an announcement stage with no announcement pending (P23)");
  }
  // Last, every invariant the engine keeps between decisions: a state that reads is a state the engine could be in.
  if (const std::string why = s.invariant_violation(false); !why.empty()) Reader::fail(why);
  for (int p = 0; p < players; ++p) {  // no effect takes control of a life base (P23)
    const CardInstance& base = s.instances_[g.first_instance(p)];
    if (base.controller != base.owner || base.control_return >= 0) Reader::fail("a life base changes control (P23)");
  }
  // And the game goes on from it: a decision has a legal action (P23).
  if (!s.is_terminal()) {
    auto list = std::make_unique<ActionList>();
    s.legal_actions(*list);
    if (list->size == 0) Reader::fail("a decision without legal actions (P23)");
  }
  return s;
}

std::string State::invariant_violation(bool shortcuts) const {
  const Game& g = *game_;
  const int n = g.num_instances();
  std::array<uint8_t, kMaxInstances> listed{};
  for (int p = 0; p < g.num_players(); ++p) {
    const PlayerState& ps = players_[p];
    for (int k = 0; k < ps.deck_size; ++k) {
      if (instances_[ps.deck[k]].zone != Zone::Deck || instances_[ps.deck[k]].owner != p) return "a deck lists a card not in it";
      ++listed[ps.deck[k]];
    }
    for (int k = 0; k < ps.hand_size; ++k) {
      if (instances_[ps.hand[k]].zone != Zone::Hand || instances_[ps.hand[k]].owner != p) return "a hand lists a card not in it";
      ++listed[ps.hand[k]];
    }
    for (uint16_t e : ps.pool) {
      if (e > kMaxPool) return "an energy pool overflowed";
    }
    if (alive(p) && !is_terminal()) {
      const CardInstance& life_base = instances_[g.first_instance(p)];
      if (life_base.zone != Zone::Play || life_base.dot < 0) return "a player still playing has no life base on the board";
    }
  }
  Occupancy occ;
  std::array<uint8_t, kMaxPlayers> classes{};
  for (int i = 0; i < n; ++i) {
    const CardInstance& c = instances_[i];
    const bool should_be_listed = c.zone == Zone::Deck || c.zone == Zone::Hand;
    if (listed[i] != (should_be_listed ? 1 : 0)) return "card " + std::to_string(i) + " is not in exactly one zone";
    if (c.dot < 0) continue;
    if (c.zone != Zone::Play) return "a card on the board is not in play";
    if (occ.occupied(c.dot)) return "two summons on one dot";
    occ.player[c.dot] = static_cast<int8_t>(c.controller);
    occ.block_rate[c.dot] = block_rate_of(i);
    const CardDef& d = g.card(c.def);
    if (c.damage >= stat(i, fx::kDefense)) return "a summon's damage reached its defense but it is still in play";
    if (classes[c.controller] & (1u << d.summon_class)) return "two summons of one class and controller";
    classes[c.controller] |= static_cast<uint8_t>(1u << d.summon_class);
  }
  if (occ.player != occupancy_.player || occ.block_rate != occupancy_.block_rate) return "the occupancy is out of step";
  if ((phase_ == Phase::Mulligan || phase_ == Phase::Cleanup) && stack_size_ != 0) return "the stack outlived its phase";
  int being_cast = pending_ == Pending::Placement ? 1 : 0;
  if (resolving_ && resolution_.item.kind == StackKind::Cast && instances_[resolution_.item.instance].zone == Zone::Stack) {
    ++being_cast;
  }
  for (int k = 0; k < stack_size_; ++k) being_cast += stack_[k].kind == StackKind::Cast;
  int in_cast_zone = 0;
  for (int i = 0; i < n; ++i) in_cast_zone += instances_[i].zone == Zone::Stack;
  if (in_cast_zone != being_cast) return "a card is left in the cast zone with nothing casting it";
  {
    State fresh(*this);
    fresh.rebuild_derived();
    if (fresh.ready_crystals_ != ready_crystals_ || fresh.class_count_ != class_count_) {
      return "the crystals or summon classes counted for a player are out of step";
    }
    if (fresh.continuous_sources_ != continuous_sources_) return "the cards with continuous effects in play are out of step";
  }
  auto scratch = std::make_unique<OptionList>();
  OptionList& options = *scratch;
  for (int i = 0; i < n; ++i) {  // the derived sets and remembered path answers (game.hpp) agree with the fields
    const CardInstance& c = instances_[i];
    const bool active = c.zone == Zone::Play || c.zone == Zone::Stack;
    for (int p = 0; p < g.num_players(); ++p) {
      const bool listed_active = (active_cards_[p][i / 64] >> (i % 64)) & 1;
      if (listed_active != (active && c.controller == p)) return "the cards in play of a player are out of step";
    }
    for (int attack = 0; attack < 2; ++attack) {
      const int bit = 2 * i + attack;
      if (!((path_known_[bit / 64] >> (bit % 64)) & 1)) continue;
      const bool remembered = (path_ok_[bit / 64] >> (bit % 64)) & 1;
      const Mover m = mover_of(i, attack != 0);
      const bool now = attack ? has_attack(g.board(), g.setup(), attack_occupancy(m), m, options)
                              : has_move(g.board(), g.setup(), occupancy_, m, options);
      if (remembered != now) return "a remembered move or attack answer is out of date for card " + std::to_string(i);
    }
  }
  if (is_terminal() && end_reason_ == EndReason::None) return "the game ended by no rule";
  if (pending_ == Pending::Trigger) {
    bool any = false;
    for (int k = 0; k < waiting_size_; ++k) any = any || waiting_[k].controller == priority_;
    if (!any) return "a trigger decision is pending for a player with no waiting ability";
  }
  if (resolving_ != (pending_ == Pending::Resolve)) {
    return "a resolution is in progress without its pending choice, or the reverse";
  }
  for (int i = 0; i < n; ++i) {
    const CardInstance& c = instances_[i];
    if (c.focus >= 0 && (c.zone != Zone::Play || instances_[c.focus].zone != Zone::Play)) {
      return "a catalyst is attached to a permanent out of play, or attached out of play";
    }
    if (c.zone != Zone::Play && (c.modifier != std::array<int8_t, 5>{} || c.lasting != std::array<int8_t, 5>{} ||
                                 c.granted || c.granted_lasting || c.paid_used ||
                                 c.counters != std::array<uint8_t, 3>{} || c.shield || c.control_return >= 0 ||
                                 c.redirect >= 0)) {
      return "a card out of play keeps stat changes";
    }
    if (c.zone != Zone::Play && c.damage) return "a card out of play has damage";  // leaving play heals (5.13, 6.7)
  }
  if (turn_ > g.max_turns() + 1) return "the game ran past its turn limit";
  if (const std::string why = lasting_violation(); !why.empty()) return why;
  if (cost_due_ && pending_ != Pending::Announce) return "costs are due outside an announcement";
  return shortcuts ? shortcut_violation() : "";
}

}  // namespace tcbg::x610z
