// Objects and filters of card effects (docs/cards.md "Tables", filters; "Running a program", objects): which card
// instances, players, dots and stack items a filter means, seen by a player, and what GET reads of them.
#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <memory>

#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

using namespace fx;

int State::whose(int instance) const {
  const CardInstance& c = instances_[instance];
  return c.zone == Zone::Play || c.zone == Zone::Stack ? c.controller : c.owner;
}

// Whose a filter means, seen by `viewer` (rules.md 3.5: an opponent is on another team).
bool State::relation_holds(int viewer, int player, int relation) const {
  switch (relation) {
    case kAny: return true;
    case kYou: return player == viewer;
    case kOpponent: return game_->team(player) != game_->team(viewer);
    case kTeammate: return player != viewer && game_->team(player) == game_->team(viewer);
    default: return player != viewer;
  }
}

// Object ids of a kind run from 0 to this bound (stack items: their places on the stack; the value is the serial).
int State::candidates_end(int kind) const {
  if (kind == kPlayer) return game_->num_players();
  if (kind == kKindDot) return game_->board().num_dots();
  if (kind == kStackItem) return stack_size_ - (pending_ == Pending::Announce ? 1 : 0);
  return game_->num_instances();
}

int State::object_action(int kind, int x) const {
  const Game& g = *game_;
  if (kind == kPlayer) return g.first_choose_player_action() + x;
  if (kind == kKindDot) return g.first_dot_action() + x;
  if (kind == kStackItem) return g.first_choose_stack_action() + x;
  return g.first_choose_instance_action() + x;
}

int State::stat(int instance, int prop) const {
  const int raw = raw_stat(instance, prop);
  if (raw < 0 || !game_->has_continuous()) return raw;
  return with_continuous(instance, prop, raw);
}

// stat() in a game with continuous effects (apart, so that the path without them stays as short as it was).
int State::with_continuous(int instance, int prop, int raw) const {
  if (!game_->continuous_in(kLayerStat, prop)) return raw;  // what continuous_total would find at once
  const ContinuousCache& cache = continuous_cache_;
  if (cache.open && (cache.stats_known[instance / 64] >> (instance % 64) & 1)) {  // the common case, without a call
    return std::max(0, raw + cache.stats[instance][prop]);
  }
  return std::max(0, raw + remembered_continuous(instance, prop));
}

bool State::continuous_property(int instance, int property) const {
  if (!game_->continuous_in(kLayerProperty, property)) return false;
  const ContinuousCache& cache = continuous_cache_;
  const int b = std::countr_zero(static_cast<unsigned>(property));
  if (cache.open && (cache.props_known[instance / 64] >> (instance % 64) & 1)) return (cache.props[instance] >> b) & 1;
  return remembered_continuous(instance, 5 + b) != 0;
}

bool State::stat_effects_in_play(int prop, InstanceSet* subjects) const {
  if (subjects) subjects->fill(0);
  if (!game_->has_continuous() || !game_->continuous_in(kLayerStat, prop)) return false;
  const Tables& t = *game_->effects();
  bool any = false;
  // The effects for_each_continuous would add for stat `prop` (continuous_total's `wanted`): of the stat layer,
  // changing that stat, from a card that continuous_total walks; and the cards each may change there (its own
  // card, its focus, or with a filter any card).
  for_each_instance(continuous_sources_, [&](int source) {
    const int def = instances_[source].def;
    if ((any && !subjects) || !(game_->continuous_layers(def) & (1u << kLayerStat))) return;
    const int32_t* rec = t.card(def);
    for (int k = rec[card::kFirstContinuous]; k < rec[card::kFirstContinuous] + rec[card::kNumContinuous]; ++k) {
      const int32_t* ce = t.continuous_effect(k);
      if (ce[continuous::kLayer] != kLayerStat || ce[continuous::kWhat] != prop) continue;
      any = true;
      if (!subjects) continue;
      const int subject = ce[continuous::kSubject], focus = instances_[source].focus;
      if (subject == kSubjectThis) {
        (*subjects)[source / 64] |= uint64_t{1} << (source % 64);
      } else if (subject == kSubjectFocused) {
        if (focus >= 0) (*subjects)[focus / 64] |= uint64_t{1} << (focus % 64);
      } else if (subject == kSubjectFilter) {
        subjects->fill(~uint64_t{0});
      }
    }
  });
  return any;
}

// A stat without continuous effects (what continuous amounts read, rules.md 6.10).
int State::raw_stat(int instance, int prop) const {
  const CardInstance& c = instances_[instance];
  const CardDef& d = game_->card(c.def);
  int base;
  switch (prop) {
    case kAttack: base = d.attack; break;
    case kDefense: base = d.defense; break;
    case kSpeed: base = d.speed; break;
    case kRange: base = d.range; break;
    default: base = d.block_rate; break;
  }
  if (base < 0) return -1;
  return std::max(0, base + c.modifier[prop] + c.lasting[prop]);
}

uint8_t State::block_rate_of(int instance) const { return static_cast<uint8_t>(stat(instance, kBlockRate)); }

// Whether `x` (for a STACK_ITEM filter: a place on the stack) matches filter `index` seen by `viewer`.
// Callers walk every candidate of a kind and most cards are in the wrong zone: that is asked first, in a small
// function, and the rest of the filter only for the cards that pass.
bool State::matches(int index, int x, int viewer, int source, bool raw) const {
  const Game& g = *game_;
  const int32_t* f = g.effects()->filter(index);
  const int kind = f[filter::kKind];
  if (kind >= kSummon && kind <= kKindCard) {
    if (x < 0 || x >= g.num_instances()) return false;
    const Zone zone = instances_[x].zone;
    if (kind == kKindCard ? static_cast<int>(zone) != f[filter::kZone] : zone != Zone::Play) return false;
  } else if (x < 0 || x >= candidates_end(kind)) {
    return false;
  }
  return matches_in_zone(f, x, viewer, source, raw);
}

// A dot filter (`f`, of kind dot) on dot x, seen from `viewer`; x a dot of the board.
bool State::dot_matches(const int32_t* f, int x, int viewer) const {
  const Game& g = *game_;
  const Board& b = g.board();
  const int seat = b.setup(g.setup()).start_owner[x];
  if (f[filter::kDots] && !(b.kinds(x) & f[filter::kDots])) return false;
  if ((f[filter::kFlags] & kFree) && occupancy_.occupied(x)) return false;
  if ((f[filter::kFlags] & kSummonDot) && !(seat == viewer || (b.is_warp_end(x) && seat < 0))) return false;  // rules.md 5.11
  return f[filter::kRelation] == kAny || (seat >= 0 && relation_holds(viewer, seat, f[filter::kRelation]));
}

bool State::matches_in_zone(const int32_t* f, int x, int viewer, int source, bool raw) const {
  const Game& g = *game_;
  const int kind = f[filter::kKind];
  if (kind == kPlayer) return alive(x) && relation_holds(viewer, x, f[filter::kRelation]);
  if (kind == kKindDot) return dot_matches(f, x, viewer);
  if (kind == kStackItem) {
    const StackItem& it = stack_[x];
    int bits;
    switch (it.kind) {
      case StackKind::Move: bits = kStackMove; break;
      case StackKind::Attack: bits = kStackAttack; break;
      case StackKind::Ability: bits = kStackAbility; break;
      default: bits = g.card(instances_[it.instance].def).type == CardType::Flux ? kCastFlux : kCastPermanent;
    }
    return (!f[filter::kTypes] || (f[filter::kTypes] & bits)) && relation_holds(viewer, it.controller, f[filter::kRelation]);
  }
  if ((f[filter::kFlags] & kNotSelf) && x == source) return false;
  const CardInstance& c = instances_[x];
  const CardDef& d = g.card(c.def);
  const int type = static_cast<int>(d.type);
  if (kind == kKindCard) {
    if (static_cast<int>(c.zone) != f[filter::kZone]) return false;
    if (f[filter::kTypes] && !((f[filter::kTypes] >> type) & 1)) return false;
  } else {
    if (c.zone != Zone::Play) return false;
    bool ok;
    switch (kind) {
      case kSummon: ok = d.type == CardType::Summon || d.type == CardType::LifeBase; break;
      case kNLBSummon: ok = d.type == CardType::Summon; break;
      case kKindLifeBase: ok = d.type == CardType::LifeBase; break;
      case kCrystal: ok = d.type == CardType::Crystal; break;
      case kCatalyst: ok = d.type == CardType::Catalyst; break;
      case kKindQuest: ok = d.type == CardType::Quest; break;
      default: ok = d.type != CardType::Flux && (!f[filter::kTypes] || ((f[filter::kTypes] >> type) & 1));
    }
    if (!ok) return false;
  }
  if (!relation_holds(viewer, whose(x), f[filter::kRelation])) return false;
  if (f[filter::kClasses] && !(d.summon_class && ((f[filter::kClasses] >> d.summon_class) & 1))) return false;
  const int flags = f[filter::kFlags];
  if (((flags & kDamaged) && c.damage == 0) || ((flags & kUndamaged) && c.damage != 0)) return false;
  if (((flags & kFlagActivated) && !c.activated) || ((flags & kReactivated) && c.activated)) return false;
  if (f[filter::kStat] != kNone) {
    const int v = get_prop(x, f[filter::kStat], raw);
    if (v == kNone || v < f[filter::kStatMin] || v > f[filter::kStatMax]) return false;
  }
  if (f[filter::kCard] != kNone && c.def != f[filter::kCard]) return false;
  if (f[filter::kDots] && (c.dot < 0 || !(g.board().kinds(c.dot) & f[filter::kDots]))) return false;
  return true;
}

// GET (docs/cards.md, Prop): of a card instance, or of a player for kHandSize and on.
int State::get_prop(int x, int prop, bool raw) const {
  const Game& g = *game_;
  if (x < 0) return kNone;
  if (prop >= kHandSize) {
    if (x >= g.num_players()) return kNone;
    const PlayerState& ps = players_[x];
    int n = 0;
    switch (prop) {
      case kHandSize: return ps.hand_size;
      case kDeckSize: return ps.deck_size;
      case kDiscardSize:
        for (int i = g.first_instance(x); i < g.first_instance(x + 1); ++i) n += instances_[i].zone == Zone::Discard;
        return n;
      case kLifeBase: {
        const int lb = g.first_instance(x);
        return instances_[lb].zone == Zone::Play ? lb : kNone;
      }
      case kCrystals:
        for_each_instance(active_cards_[x], [&](int i) {
          n += instances_[i].zone == Zone::Play && g.card(instances_[i].def).type == CardType::Crystal;
        });
        return n;
      default:
        for (uint16_t e : ps.pool) n += e;
        return n;
    }
  }
  if (x >= g.num_instances()) return kNone;
  const CardInstance& c = instances_[x];
  const CardDef& d = g.card(c.def);
  switch (prop) {
    case kAttack: case kDefense: case kSpeed: case kRange: case kBlockRate: return raw ? raw_stat(x, prop) : stat(x, prop);
    case kDamage: return c.damage;
    case kRemaining: return d.defense < 0 ? kNone : (raw ? raw_stat(x, kDefense) : stat(x, kDefense)) - c.damage;
    case kActivationCounters: return c.counters[0];
    case kTimeCounters: return c.counters[1];
    case kChargeCounters: return c.counters[2];
    case kPropController: return whose(x);
    case kOwner: return c.owner;
    case kZone: return static_cast<int>(c.zone);
    case kDot: return c.dot;
    case kActivated: return c.activated ? 1 : 0;
    case kClass: return d.summon_class;
    case kType: return static_cast<int>(d.type);
    case kProduces: return d.produces;
    case kCard: return c.def;
    case kCost: {
      int n = 0;
      for (uint16_t e : d.cost) n += e;
      return n;
    }
    default: return kNone;
  }
}

// rules.md 6.5: where a summon may be put: a free dot, a used start dot only if it is its controller's start dot,
// never an end dot for a life base.
bool State::may_stand(int summon, int dot, int controller) const {
  const Game& g = *game_;
  if (occupancy_.occupied(dot) && instances_[summon].dot != dot) return false;
  const int seat = g.board().setup(g.setup()).start_owner[dot];
  if (seat >= 0 && seat != controller) return false;
  return !(g.card(instances_[summon].def).type == CardType::LifeBase && g.board().has_kind(dot, kEnd));
}

}  // namespace tcbg::x610z

namespace tcbg::x610z {

// rules.md 6.10: calls add(what, amount) for each continuous effect of `layer` on `instance` whose `what` passes
// `wanted`, from every card in play with continuous effects (continuous_sources_; callers sum, so the order does not
// matter); whose a filter means is seen from the continuous card's controller; amounts read stats without continuous
// effects.
template <class Wanted, class Add>
void State::for_each_continuous(int instance, int layer, Wanted&& wanted, Add&& add) const {
  const Game& g = *game_;
  const Tables& t = *g.effects();
  if (instances_[instance].zone != Zone::Play) return;
  for_each_instance(continuous_sources_, [&](int source) {
    const CardInstance& src = instances_[source];
    if (!(g.continuous_layers(src.def) & (1u << layer))) return;
    const int32_t* rec = t.card(src.def);
    for (int k = rec[card::kFirstContinuous]; k < rec[card::kFirstContinuous] + rec[card::kNumContinuous]; ++k) {
      const int32_t* ce = t.continuous_effect(k);
      if (ce[continuous::kLayer] != layer || !wanted(ce[continuous::kWhat])) continue;
      const int subject = ce[continuous::kSubject];
      if (subject == kSubjectThis ? source != instance
          : subject == kSubjectFocused ? src.focus != instance
                                       : !(subject == kSubjectFilter &&
                                           matches(ce[continuous::kFilter], instance, src.controller, source, true))) {
        continue;
      }
      add(ce[continuous::kWhat], ce[continuous::kLength] == 0
                                     ? ce[continuous::kAmount]
                                     : evaluate(ce[continuous::kProgram], ce[continuous::kLength], source,
                                                src.controller, instance));
    }
  });
}

// The sum in a layer (game.hpp): for STAT, of stat `what`; for PROPERTY, the number of effects giving property bit
// `what`; for DAMAGE_TAKEN, the reduction.
int State::continuous_total(int instance, int layer, int what) const {
  if (!game_->continuous_in(layer, what)) return 0;
  int total = 0;
  for_each_continuous(
      instance, layer,
      [&](int effect_what) {
        return layer == kLayerStat ? effect_what == what : layer == kLayerProperty ? (effect_what & what) != 0 : true;
      },
      [&](int, int amount) { total += layer == kLayerProperty ? (amount != 0) : amount; });
  return total;
}

// continuous_total of all five stats in one walk: `totals[s]` for stat s.
void State::continuous_stat_totals(int instance, int32_t* totals) const {
  for (int s = 0; s < 5; ++s) totals[s] = 0;
  for_each_continuous(
      instance, kLayerStat, [](int what) { return what >= 0 && what < 5; },
      [&](int what, int amount) { totals[what] += amount; });
}

struct State::ContinuousMemo {
  const State* owner = nullptr;  // the State whose query is open on this thread
  uint32_t query = 0;            // numbers the queries; a card's sums are current when their stamp equals it
  std::array<ContinuousSums, kMaxInstances> sums{};
};

State::ContinuousMemo& State::thread_continuous_memo() {
  thread_local std::unique_ptr<ContinuousMemo> memo = std::make_unique<ContinuousMemo>();
  return *memo;
}

State::ContinuousScope::ContinuousScope(const State& state) {
  if (!state.game_->has_continuous()) return;
  if (state.game_->continuous_remembered()) {  // the State's own cache, kept across queries
    if (state.continuous_cache_.open) return;  // nested: the outer query closes it
    state.continuous_cache_.open = true;
    opened_ = &state;
    remembered_ = true;
    return;
  }
  ContinuousMemo& memo = thread_continuous_memo();
  if (memo.owner) return;  // a query of this State already open (nested), or of another one: not ours to open
  if (++memo.query == 0) {  // the numbers wrapped around: forget every stamp once
    for (ContinuousSums& s : memo.sums) s.stamp = 0;
    memo.query = 1;
  }
  memo.owner = &state;
  state.continuous_memo_ = &memo;
  opened_ = &state;
}

State::ContinuousScope::~ContinuousScope() {
  if (!opened_) return;
  if (remembered_) {
    opened_->continuous_cache_.open = false;
    return;
  }
  opened_->continuous_memo_->owner = nullptr;
  opened_->continuous_memo_ = nullptr;
}

// Item 0-4: the continuous change of stat 0-4; item 5 + b: whether property bit b is given (1 or 0).
int State::remembered_continuous(int instance, int item) const {
  const int layer = item < 5 ? kLayerStat : kLayerProperty, what = item < 5 ? item : 1 << (item - 5);
  if (continuous_cache_.open) return cached_continuous(instance, item);
  ContinuousMemo* memo = continuous_memo_;
  if (!memo || memo->owner != this) return continuous_total(instance, layer, what);
  ContinuousSums& sums = memo->sums[instance];
  if (sums.stamp != memo->query) {
    sums.stamp = memo->query;
    sums.known = 0;
  }
  if (item < 5 && !((sums.known >> item) & 1)) {  // a stat: all five at once (may() reads speed, attack and range)
    continuous_stat_totals(instance, sums.value.data());
    sums.known = static_cast<uint16_t>(sums.known | 0x1F);
  }
  if (!((sums.known >> item) & 1)) {
    sums.known = static_cast<uint16_t>(sums.known | (1u << item));
    sums.value[item] = layer == kLayerStat ? continuous_total(instance, layer, what)
                                           : continuous_total(instance, layer, what) != 0;
  }
  return sums.value[item];
}

// remembered_continuous inside a query of a game whose continuous effects the State remembers across queries
// (ContinuousCache): a card's five stats in one walk, its property bits in another, each kept until
// forget_continuous. A total outside int16 is not kept (summed at every read).
int State::cached_continuous(int instance, int item) const {
  ContinuousCache& cache = continuous_cache_;
  const int word = instance / 64;
  const uint64_t bit = uint64_t{1} << (instance % 64);
  if (item < 5) {
    if (!(cache.stats_known[word] & bit)) {
      int32_t totals[5];
      continuous_stat_totals(instance, totals);
      bool fits = true;
      for (int s = 0; s < 5; ++s) {
        fits = fits && totals[s] >= std::numeric_limits<int16_t>::min() && totals[s] <= std::numeric_limits<int16_t>::max();
      }
      if (!fits) return totals[item];
      for (int s = 0; s < 5; ++s) cache.stats[instance][s] = static_cast<int16_t>(totals[s]);
      cache.stats_known[word] |= bit;
    }
    return cache.stats[instance][item];
  }
  if (!(cache.props_known[word] & bit)) {
    // Bit b is given when some effect giving b has a nonzero amount (continuous_total's count is not 0).
    uint8_t bits = 0;
    for_each_continuous(
        instance, kLayerProperty, [](int) { return true; },
        [&](int what, int amount) { bits = static_cast<uint8_t>(bits | (amount != 0 ? what : 0)); });
    cache.props[instance] = bits;
    cache.props_known[word] |= bit;
  }
  return (cache.props[instance] >> (item - 5)) & 1;
}

// A condition or amount program (docs/cards.md): no choices, ends with RETURN; stats read without continuous
// effects. Jumps only go forward in compiled amounts, and a step bound keeps a malformed table from looping.
int State::evaluate(int program, int length, int source, int controller, int subject) const {
  const Tables& t = *game_->effects();
  std::array<int32_t, kRegisters> r{};
  int pc = 0;
  for (int steps = 0; pc < length && steps < 4 * 512; ++steps) {
    const int32_t* ins = t.instruction(program + pc);
    const int op = ins[0], a = ins[1], b = ins[2], c = ins[3];
    int next = pc + 1;
    if (compute(ins, r.data(), next)) {
      pc = next;
      continue;
    }
    switch (op) {
      case RETURN: return r[a];
      case CTX:
        r[a] = b == kSelf ? source : b == kController ? controller : b == kActivePlayer ? active_
             : b == kSubject ? subject : b == kFocused ? instances_[source].focus : kNone;
        break;
      case GET: r[a] = get_prop(r[b], c, true); break;
      case COUNT:  // among the candidates that can match (a count, in any order)
        r[a] = count_candidates(b, controller, std::numeric_limits<int>::max(),
                                [&](int x) { return matches(b, x, controller, source, true); });
        break;
      case MATCH: r[a] = r[b] >= 0 && r[b] < candidates_end(t.filter(c)[filter::kKind]) && matches(c, r[b], controller, source, true); break;
      default: return 0;  // END, or what a condition never holds (refused when the game was created)
    }
    pc = next;
  }
  return 0;
}

}  // namespace tcbg::x610z
