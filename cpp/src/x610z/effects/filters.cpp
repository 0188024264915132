// Objects and filters of card effects (docs/cards.md "Tables", filters; "Running a program", objects): which card
// instances, players, dots and stack items a filter means, seen by a player, and what GET reads of them.
#include <algorithm>

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
bool State::matches(int index, int x, int viewer, int source) const {
  const Game& g = *game_;
  const int32_t* f = g.effects()->filter(index);
  const int kind = f[filter::kKind];
  if (x < 0 || x >= candidates_end(kind)) return false;
  if (kind == kPlayer) return alive(x) && relation_holds(viewer, x, f[filter::kRelation]);
  if (kind == kKindDot) {
    const Board& b = g.board();
    const int seat = b.setup(g.setup()).start_owner[x];
    if (f[filter::kDots] && !(b.kinds(x) & f[filter::kDots])) return false;
    if ((f[filter::kFlags] & kFree) && occupancy_.occupied(x)) return false;
    if ((f[filter::kFlags] & kSummonDot) && !(seat == viewer || (b.has_kind(x, kWarp) && (seat < 0 || seat == viewer)))) {
      return false;
    }
    return f[filter::kRelation] == kAny || (seat >= 0 && relation_holds(viewer, seat, f[filter::kRelation]));
  }
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
    const int v = get_prop(x, f[filter::kStat]);
    if (v == kNone || v < f[filter::kStatMin] || v > f[filter::kStatMax]) return false;
  }
  if (f[filter::kCard] != kNone && c.def != f[filter::kCard]) return false;
  if (f[filter::kDots] && (c.dot < 0 || !(g.board().kinds(c.dot) & f[filter::kDots]))) return false;
  return true;
}

// GET (docs/cards.md, Prop): of a card instance, or of a player for kHandSize and on.
int State::get_prop(int x, int prop) const {
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
    case kAttack: case kDefense: case kSpeed: case kRange: case kBlockRate: return stat(x, prop);
    case kDamage: return c.damage;
    case kRemaining: return d.defense < 0 ? kNone : stat(x, kDefense) - c.damage;
    case kActivationCounters: case kTimeCounters: case kChargeCounters: return 0;
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
