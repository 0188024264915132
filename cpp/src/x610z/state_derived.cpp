// The State's derived data (docs/engine-design.md "Where the time goes"): the setters that keep the per-player sets
// of cards in play, the ready crystals and summon classes, and the occupancy in step with the cards' fields; the
// remembered answers to "has this summon a move / an attack"; and the option lists of the move and attack
// generators, reused while their inputs are unchanged.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <type_traits>
#include <memory>
#include <string>
#include <vector>

#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

namespace {

// One T per thread, on the heap (the lists and memos are large), made when the thread first asks.
template <class T>
T& per_thread() {
  thread_local std::unique_ptr<T> item = std::make_unique<T>();
  return *item;
}

OptionList& scratch_options() { return per_thread<OptionList>(); }

// What a path search is made from, kept beside a remembered answer; compared exactly (no hash), so an answer is
// never stale.
struct SearchInputs {
  bool attacks = false;
  const Board* board = nullptr;
  int setup = -1;
  Mover mover;
  Occupancy occupancy;
  bool same(bool a, const Board* b, int st, const Mover& m, const Occupancy& occ) const {
    return attacks == a && board == b && setup == st && mover == m && occupancy == occ;
  }
  void set(bool a, const Board* b, int st, const Mover& m, const Occupancy& occ) {
    attacks = a;
    board = b;
    setup = st;
    mover = m;
    occupancy = occ;
  }
};

// The options of the last full generation on this thread and everything they were generated from. Listing a move's
// destinations, checking the one chosen and resolving it later usually see the same board, so the second and third
// searches are answered from here.
struct OptionMemo {
  OptionList list;
  bool valid = false;
  SearchInputs inputs;
};

OptionMemo& option_memo() { return per_thread<OptionMemo>(); }

// The last option found by key alone (find_move, find_attack) on this thread: a destination listed without its
// paths (State::option_actions) is checked (is_legal) and then resolved, each asking for the same key.
struct KeyMemo {
  bool valid = false;
  SearchInputs inputs;
  int key = -1;
  bool listed = false;
  PathOption option;
};

KeyMemo& key_memo() { return per_thread<KeyMemo>(); }

// The keys of the last listing of a move by an effect on this thread (CHOOSE_MOVE, effect_move_actions), with the
// mover and Speed they were listed for. The resolution lists them to see whether there is a choice, the decision
// lists them again, and MOVE takes one of them: its path is then a search for that key at the listing's Speed.
struct EffectKeysMemo {
  bool valid = false;
  SearchInputs inputs;
  std::array<uint64_t, kMaxOptions / 64> keys{};
};

EffectKeysMemo& effect_keys_memo() { return per_thread<EffectKeysMemo>(); }

}  // namespace

// Copies what is live (the header says what that is). The instances and players copy their own live prefixes; the
// members after them are copied as bytes, in the runs between the three arrays copied by prefix, so a member added
// anywhere after players_ is copied without a change here; the static_asserts say when one could not be.
static_assert(std::is_trivially_copyable_v<StackItem> && std::is_trivially_copyable_v<Waiting> &&
              std::is_trivially_copyable_v<LastingEffect> && std::is_trivially_copyable_v<Resolution> &&
              std::is_trivially_copyable_v<Occupancy> && std::is_trivially_copyable_v<CounterRng> &&
              std::is_trivially_copyable_v<InstanceSet>);
State& State::operator=(const State& other) {
  if (this == &other) return *this;
  const auto bytes = [](const auto& member) { return reinterpret_cast<const char*>(&member); };
  // The end of the last member (not sizeof(State): a derived class may place its members in State's tail padding).
  const char* end = bytes(other.continuous_memo_) + sizeof(continuous_memo_);
  const auto run = [&](const char* from, const char* to) {  // [from, to) of other into the same place of *this
    std::memcpy(reinterpret_cast<char*>(this) + (from - bytes(other)), from, static_cast<size_t>(to - from));
  };
  const auto prefix = [&](auto& mine, const auto& theirs, int n) {
    std::copy(theirs.begin(), theirs.begin() + n, mine.begin());
  };
  instances_ = other.instances_;  // their live prefixes (LiveArray)
  players_ = other.players_;
  continuous_cache_ = other.continuous_cache_;  // its known entries (ContinuousCache)
  if (game_ != other.game_) {
    game_ = other.game_;
    run(bytes(other.rng_), end);
    return *this;
  }
  run(bytes(other.rng_), bytes(other.stack_));
  prefix(stack_, other.stack_, other.stack_size_);
  run(bytes(other.stack_size_), bytes(other.waiting_));
  prefix(waiting_, other.waiting_, other.waiting_size_);
  run(bytes(other.waiting_size_), bytes(other.lasting_));
  prefix(lasting_, other.lasting_, other.lasting_size_);
  run(bytes(other.lasting_size_), end);
  return *this;
}

// The parts operator= copies, compared (the same runs and prefixes), but for the remembered path answers (and the
// memo pointer after them): a cache, which equal positions may have filled differently.
bool State::same_copy(const State& other) const {
  // The sizes and the short run after the players first: most states compared differ there already (the
  // comparisons are all made for "same", so their order changes nothing but the time a "different" takes).
  if (game_ != other.game_ || stack_size_ != other.stack_size_ || waiting_size_ != other.waiting_size_ ||
      lasting_size_ != other.lasting_size_ || pending_ != other.pending_ || pending_instance_ != other.pending_instance_ ||
      next_serial_ != other.next_serial_ || turn_ != other.turn_) {
    return false;
  }
  if (!instances_.same_live(other.instances_) || !players_.same_live(other.players_)) return false;
  const auto bytes = [](const auto& member) { return reinterpret_cast<const char*>(&member); };
  const char* end = bytes(other.path_known_);
  const auto run = [&](const char* from, const char* to) {
    return std::memcmp(bytes(*this) + (from - bytes(other)), from, static_cast<size_t>(to - from)) == 0;
  };
  const auto prefix = [](const auto& mine, const auto& theirs, int n) {
    return std::memcmp(mine.data(), theirs.data(), sizeof(mine[0]) * static_cast<size_t>(n)) == 0;
  };
  return run(bytes(other.rng_), bytes(other.stack_)) && prefix(stack_, other.stack_, stack_size_) &&
         run(bytes(other.stack_size_), bytes(other.waiting_)) && prefix(waiting_, other.waiting_, waiting_size_) &&
         run(bytes(other.waiting_size_), bytes(other.lasting_)) && prefix(lasting_, other.lasting_, lasting_size_) &&
         run(bytes(other.lasting_size_), end);
}

void State::count_resources(int instance, int sign) {
  const CardInstance& c = instances_[instance];
  const CardDef& d = game_->card(c.def);
  if (c.zone == Zone::Play && !c.activated && d.type == CardType::Crystal) {
    ready_crystals_[c.controller][d.produces] = static_cast<uint16_t>(ready_crystals_[c.controller][d.produces] + sign);
  }
  if (d.summon_class && (c.zone == Zone::Play || c.zone == Zone::Stack)) {
    class_count_[c.controller][d.summon_class] = static_cast<uint8_t>(class_count_[c.controller][d.summon_class] + sign);
  }
}

void State::set_zone(int instance, Zone zone) {
  CardInstance& c = instances_[instance];
  if (zone == Zone::Play && c.zone != Zone::Play && game_->effects()) {  // the counters it enters play with
    const int32_t* rec = game_->effects()->card(c.def);
    c.counters = {static_cast<uint8_t>(rec[fx::card::kStartActivation]), static_cast<uint8_t>(rec[fx::card::kStartTime]),
                  static_cast<uint8_t>(rec[fx::card::kStartCharge])};
  } else if (zone != Zone::Play) {
    c.counters = {};
  }
  const bool was = c.zone == Zone::Play || c.zone == Zone::Stack;
  const bool now = zone == Zone::Play || zone == Zone::Stack;
  const int zones = 1 << static_cast<int>(c.zone) | 1 << static_cast<int>(zone);
  count_resources(instance, -1);
  c.zone = zone;
  count_resources(instance, +1);
  if (was != now) active_cards_[c.controller][instance / 64] ^= uint64_t{1} << (instance % 64);
  note_continuous_source(instance);
  // Continuous effects read cards by zone: a speed, range or property may change with any card changing zones.
  // Where State remembers their sums (Game::continuous_remembered) the effects' reads are known: nothing changes
  // unless the card enters or leaves a zone they read (play and the stack always), and then only the card's own sums
  // and path answers unless it is a source itself or an amount reads every card of the zone.
  if (!game_->has_continuous()) return;
  if (!game_->continuous_remembered()) {
    forget_paths();
  } else if (zones & game_->continuous_zones()) {
    if (game_->continuous_layers(c.def) || (zones & game_->continuous_any_zones()) ||
        game_->continuous_in(fx::kLayerStat, fx::kBlockRate)) {
      forget_paths();
    } else {
      forget_continuous_of(instance);
    }
  }
}

void State::note_continuous_source(int instance) {
  const uint64_t bit = uint64_t{1} << (instance % 64);
  if (instances_[instance].zone == Zone::Play && game_->continuous_layers(instances_[instance].def)) {
    continuous_sources_[instance / 64] |= bit;
  } else {
    continuous_sources_[instance / 64] &= ~bit;
  }
}

void State::set_activated(int instance, bool activated) {
  count_resources(instance, -1);
  instances_[instance].activated = activated;
  count_resources(instance, +1);
  if (game_->continuous_reads_activation()) forget_paths();  // its sums, and the speeds and ranges they give
}

void State::set_controller(int instance, int player) {
  CardInstance& c = instances_[instance];
  if (c.controller == player) return;
  if (c.zone == Zone::Play || c.zone == Zone::Stack) {
    active_cards_[c.controller][instance / 64] &= ~(uint64_t{1} << (instance % 64));
    active_cards_[player][instance / 64] |= uint64_t{1} << (instance % 64);
  }
  count_resources(instance, -1);
  c.controller = static_cast<uint8_t>(player);
  count_resources(instance, +1);
  if (c.dot >= 0) occupancy_.player[c.dot] = static_cast<int8_t>(player);
  forget_paths();
}

void State::set_heading(int instance, int heading) {
  instances_[instance].heading = static_cast<int8_t>(heading);
  forget_board_paths();  // no continuous effect reads a heading
}

void State::rebuild_derived() {
  active_cards_ = {};
  ready_crystals_ = {};
  class_count_ = {};
  continuous_sources_ = {};
  for (int i = 0; i < game_->num_instances(); ++i) {
    const CardInstance& c = instances_[i];
    if (c.zone == Zone::Play || c.zone == Zone::Stack) active_cards_[c.controller][i / 64] |= uint64_t{1} << (i % 64);
    count_resources(i, +1);
    note_continuous_source(i);
  }
  forget_paths();
}

bool State::path_answer(int instance, bool attack) const {
  const int bit = 2 * instance + (attack ? 1 : 0);
  const uint64_t mask = uint64_t{1} << (bit % 64);
  if (path_known_[bit / 64] & mask) return (path_ok_[bit / 64] & mask) != 0;
  const Mover m = mover_of(instance, attack);
  const bool found = attack ? has_attack(game_->board(), game_->setup(), attack_occupancy(m), m, scratch_options())
                            : has_move(game_->board(), game_->setup(), occupancy_, m, scratch_options());
  // A continuous amount reading what no change reports (a pool, the stack: Game::continuous_remembered) may change a
  // speed, range or property at any time: then no answer is kept (so none is ever known).
  if (game_->has_continuous() && !game_->continuous_remembered()) return found;
  path_known_[bit / 64] |= mask;
  if (found) {
    path_ok_[bit / 64] |= mask;
  } else {
    path_ok_[bit / 64] &= ~mask;
  }
  return found;
}

// rules.md 5.13a: an attack keeps the heading it was declared with. Its key holds that heading as a rank at the
// attacker's dot, so when the attacker stands somewhere else before the attack resolves, the key is re-ranked at the
// new dot; where no line leaves the new dot in that direction, rank 0 (which no attack with a heading has) makes the
// attack fail when it is checked again.
void State::rekey_attacks(int instance, int from, int to) {
  const Board& b = game_->board();
  for (int k = 0; k < stack_size_; ++k) {
    StackItem& item = stack_[k];
    if (item.kind != StackKind::Attack || item.instance != instance) continue;
    const int rank = item.key % kKeysPerDot;
    if (rank == 0) continue;  // all directions: no heading to keep
    int new_rank = 0;
    for (int s = 0; s < b.degree(from); ++s) {
      if (b.slot(from, s).leave_rank != rank) continue;
      for (int t = 0; t < b.degree(to); ++t) {
        if (b.slot(to, t).heading == b.slot(from, s).heading) new_rank = b.slot(to, t).leave_rank;
      }
      break;
    }
    item.key = static_cast<uint16_t>(item.key - rank + new_rank);
  }
}

void State::set_dot(int instance, int dot) {  // keeps occupancy_ in step with where pieces stand
  if (game_->continuous_reads_dots()) forget_continuous();
  forget_board_paths();
  CardInstance& c = instances_[instance];
  if (c.dot >= 0 && dot >= 0 && c.dot != dot) rekey_attacks(instance, c.dot, dot);
  if (c.dot >= 0) {
    occupancy_.player[c.dot] = -1;
    occupancy_.block_rate[c.dot] = 0;
  }
  c.dot = static_cast<int16_t>(dot);
  if (dot >= 0) {
    occupancy_.player[dot] = static_cast<int8_t>(c.controller);
    occupancy_.block_rate[dot] = block_rate_of(instance);
  }
}

State::Resources State::resources(int p) const {
  Resources r;
  r.crystals = ready_crystals_[p];
  for (int k = 1; k < 8; ++k) {
    if (class_count_[p][k]) r.classes |= static_cast<uint8_t>(1u << k);
  }
  return r;
}

Mover State::mover_of(int instance, bool for_attack) const {
  const CardInstance& c = instances_[instance];
  const CardDef& d = game_->card(c.def);
  Mover m;
  m.dot = static_cast<DotId>(c.dot);
  m.player = c.controller;
  m.steps = static_cast<uint8_t>(std::clamp<int>(stat(instance, for_attack ? fx::kRange : fx::kSpeed), 0, kMaxSteps));
  m.life_base = d.type == CardType::LifeBase;
  m.all_directions = d.all_directions || has_property(instance, fx::kAllDirections);
  if (c.heading >= 0) {  // rules.md 2.9
    const Slot& sl = game_->board().slot(c.dot, c.heading & 7);
    m.has_heading = true;
    m.heading = c.heading < 8 ? -sl.heading : sl.heading;
  }
  return m;
}

const OptionList& State::options(int instance, bool attacks) const { return generated(mover_of(instance, attacks), attacks); }

void State::option_actions(int instance, bool attacks, int base, ActionList& out) const {
  if (attacks) {
    const OptionList& options = this->options(instance, true);
    for (int k = 0; k < options.size(); ++k) out.push(base + options[k].key);
    return;
  }
  // A move's keys without its paths (the search that keeps none is far cheaper at a high Speed): the path of the
  // key chosen is found when it is checked and resolved (option_for: find_move, the same option).
  std::array<uint64_t, kMaxOptions / 64> keys;
  move_keys(game_->board(), game_->setup(), occupancy_, mover_of(instance, false), scratch_options(), keys);
  for (int w = 0; w < kMaxOptions / 64; ++w) {
    for (uint64_t bits = keys[w]; bits; bits &= bits - 1) out.push(base + w * 64 + std::countr_zero(bits));
  }
}

const OptionList& State::generated(const Mover& m, bool attacks) const {
  OptionMemo& memo = option_memo();
  const Board* board = &game_->board();
  const Occupancy& occupancy = attacks ? attack_occupancy(m) : occupancy_;
  if (memo.valid && memo.inputs.same(attacks, board, game_->setup(), m, occupancy)) return memo.list;
  memo.valid = false;  // stays false if a generator throws
  if (attacks) {
    generate_attacks(*board, game_->setup(), occupancy, m, memo.list);
  } else {
    generate_moves(*board, game_->setup(), occupancy_, m, memo.list);
  }
  memo.inputs.set(attacks, board, game_->setup(), m, occupancy);
  memo.valid = true;
  return memo.list;
}

bool State::option_for(int instance, bool attacks, int key, PathOption& found) const {
  return option_of(mover_of(instance, attacks), attacks, key, found);
}

bool State::option_of(const Mover& m, bool attacks, int key, PathOption& found) const {
  OptionMemo& memo = option_memo();
  const Board& board = game_->board();
  const Occupancy& occupancy = attacks ? attack_occupancy(m) : occupancy_;
  if (memo.valid && memo.inputs.same(attacks, &board, game_->setup(), m, occupancy)) {
    for (int k = 0; k < memo.list.size(); ++k) {
      if (memo.list[k].key == key) {
        found = memo.list[k];
        return true;
      }
    }
    return false;
  }
  KeyMemo& last = key_memo();
  if (last.valid && last.key == key && last.inputs.same(attacks, &board, game_->setup(), m, occupancy)) {
    if (last.listed) found = last.option;
    return last.listed;
  }
  last.valid = false;  // stays false if a search throws
  last.listed = attacks ? find_attack(board, game_->setup(), occupancy, m, key, scratch_options(), last.option)
                        : find_move(board, game_->setup(), occupancy_, m, key, scratch_options(), last.option);
  last.inputs.set(attacks, &board, game_->setup(), m, occupancy);
  last.key = key;
  last.valid = true;
  if (last.listed) found = last.option;
  return last.listed;
}

namespace {

bool lists_key(const OptionList& list, int key) {
  for (int k = 0; k < list.size(); ++k) {
    if (list[k].key == key) return true;
  }
  return false;
}

}  // namespace

// CHOOSE_MOVE's options (rules.md 6.6): the keys of the summon's moves with `steps` as its Speed, without their
// paths (move_keys gives the keys generate_moves lists), in increasing order. Remembered for the decision that
// lists them again and for MOVE (effect_move_option).
void State::effect_move_actions(int instance, int steps, int base, ActionList& out) const {
  if (instance < 0 || instance >= game_->num_instances() || instances_[instance].dot < 0 || steps <= 0) return;
  Mover m = mover_of(instance, false);
  m.steps = static_cast<uint8_t>(std::clamp(steps, 0, kMaxSteps));
  EffectKeysMemo& memo = effect_keys_memo();
  const Board* board = &game_->board();
  if (!memo.valid || !memo.inputs.same(false, board, game_->setup(), m, occupancy_)) {
    memo.valid = false;  // stays false if the search throws
    move_keys(*board, game_->setup(), occupancy_, m, scratch_options(), memo.keys);
    memo.inputs.set(false, board, game_->setup(), m, occupancy_);
    memo.valid = true;
  }
  for (int w = 0; w < kMaxOptions / 64; ++w) {
    for (uint64_t bits = memo.keys[w]; bits; bits &= bits - 1) out.push(base + w * 64 + std::countr_zero(bits));
  }
}

// The option MOVE takes: effect_moves(instance, kMaxSteps)'s option with `key`. When the last listing of CHOOSE_MOVE
// was of this summon where it stands now and held the key, the search for that key at the listing's Speed finds it
// (the same option: effect_moves_reaching says why); otherwise the deepening search of effect_moves_reaching.
bool State::effect_move_option(int instance, int key, PathOption& found) const {
  if (instance < 0 || instance >= game_->num_instances() || instances_[instance].dot < 0 || key < 0) return false;
  const EffectKeysMemo& memo = effect_keys_memo();
  if (memo.valid && key < kMaxOptions && ((memo.keys[key >> 6] >> (key & 63)) & 1)) {
    Mover m = mover_of(instance, false);
    m.steps = memo.inputs.mover.steps;
    if (memo.inputs.same(false, &game_->board(), game_->setup(), m, occupancy_)) return option_of(m, false, key, found);
  }
  const OptionList& moves = effect_moves_reaching(instance, key);
  for (int k = 0; k < moves.size(); ++k) {
    if (moves[k].key == key) {
      found = moves[k];
      return true;
    }
  }
  return false;
}

// MOVE (rules.md 6.6) takes the option with `key` among the summon's moves with the largest Speed, kMaxSteps. A
// search that deep walks every simple path of up to kMaxSteps steps, most of them far longer than the option's
// cheapest path. The option a search reports for a key is the first path in depth-first order among the cheapest to
// it, and a search with fewer steps only cuts off paths dearer than its bound without reordering the others, so any
// search whose bound reaches the key's cheapest path reports the very same option. The smallest such bound is found
// by deepening from the last generation on this thread (usually CHOOSE_MOVE's list of the same summon, which named
// the key); the result is the kMaxSteps answer, found far sooner.
const OptionList& State::effect_moves_reaching(int instance, int key) const {
  if (instance < 0 || instance >= game_->num_instances() || instances_[instance].dot < 0 || key < 0) {
    return effect_moves(instance, 0);  // the empty list
  }
  Mover m = mover_of(instance, false);
  int first_steps = 1;
  const OptionMemo& memo = option_memo();
  m.steps = memo.inputs.mover.steps;
  if (memo.valid && memo.inputs.same(false, &game_->board(), game_->setup(), m, occupancy_)) {
    if (lists_key(memo.list, key)) return memo.list;
    first_steps = m.steps + 1;
  }
  for (int steps = first_steps; steps < kMaxSteps; ++steps) {
    m.steps = static_cast<uint8_t>(steps);
    const OptionList& list = generated(m, false);
    if (lists_key(list, key)) return list;
  }
  m.steps = kMaxSteps;
  return generated(m, false);
}

std::string State::shortcut_violation() const {
  const Game& g = *game_;
  if (continuous_memo_ || continuous_cache_.open) return "the continuous memo of a query outlived it";
  if (g.has_continuous()) {  // a query's remembered answers are continuous_total's, read in any order
    const ContinuousScope query(*this);
    for (int pass = 0; pass < 2; ++pass) {
      for (int i = 0; i < g.num_instances(); ++i) {
        for (int prop = 0; prop < 5; ++prop) {
          if (stat(i, prop) != (raw_stat(i, prop) < 0 ? raw_stat(i, prop)
                                : std::max(0, raw_stat(i, prop) + continuous_total(i, fx::kLayerStat, prop)))) {
            return "the remembered continuous change of a stat of card " + std::to_string(i) + " is wrong";
          }
        }
        for (int bit = 1; bit <= fx::kAllDirections; bit <<= 1) {
          if (continuous_property(i, bit) != (continuous_total(i, fx::kLayerProperty, bit) != 0)) {
            return "the remembered continuous properties of card " + std::to_string(i) + " are wrong";
          }
        }
      }
    }
  }
  // Paused at CHOOSE_MOVE: MOVE will take one of the listed keys; each must give the kMaxSteps search's option.
  int program = 0, length = 0;
  if (pending_ == Pending::Resolve && part_bounds(resolution_.part, program, length) && resolution_.pc < length) {
    const int32_t* ins = g.effects()->instruction(program + resolution_.pc);
    if (ins[0] == fx::CHOOSE_MOVE) {
      const int summon = resolution_.regs[ins[2]], steps = resolution_.regs[ins[3]];
      std::vector<uint16_t> keys;
      const OptionList& listed = effect_moves(summon, steps);
      for (int k = 0; k < listed.size(); ++k) keys.push_back(listed[k].key);
      std::sort(keys.begin(), keys.end());
      keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
      ActionList actions;
      effect_move_actions(summon, steps, 0, actions);
      if (!std::equal(keys.begin(), keys.end(), actions.ids.begin(), actions.ids.begin() + actions.size) ||
          static_cast<int>(keys.size()) != actions.size) {
        return "CHOOSE_MOVE's keys differ from the moves' list for card " + std::to_string(summon);
      }
      std::vector<PathOption> expected;
      const OptionList& deep = effect_moves(summon, kMaxSteps);
      for (uint16_t key : keys) {
        for (int j = 0; j < deep.size(); ++j) {
          if (deep[j].key == key) expected.push_back(deep[j]);
        }
      }
      if (expected.size() != keys.size()) return "a move by an effect is missing from the deepest search";
      const auto same = [](const PathOption& o, const PathOption& e) {
        return o.key == e.key && o.destination == e.destination && o.heading_slot == e.heading_slot &&
               o.steps == e.steps && o.length == e.length && o.warp_index == e.warp_index &&
               std::equal(o.path.begin(), o.path.begin() + o.length, e.path.begin());
      };
      for (size_t k = 0; k < keys.size(); ++k) {
        // Right after CHOOSE_MOVE's list (MOVE's search at its Speed), after the list of another Speed and another
        // generation (the deepening search), and after the moves' full list (answered from it).
        for (int start = 0; start < 3; ++start) {
          ActionList scratch;
          if (start == 0) {
            effect_move_actions(summon, steps, 0, scratch);
          } else if (start == 1) {
            effect_move_actions(summon, steps == 1 ? 2 : 1, 0, scratch);
            options(summon, true);
          } else {
            effect_moves(summon, steps);
          }
          PathOption o;
          if (!effect_move_option(summon, keys[k], o) || !same(o, expected[k])) {
            return "MOVE's option differs from the deepest search's for card " + std::to_string(summon);
          }
        }
      }
    }
  }
  return "";
}

}  // namespace tcbg::x610z
