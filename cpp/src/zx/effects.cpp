// Card abilities (docs/zx/cards.md): the State as a host of the shared effect machine (tcbg/core/effects.hpp), the
// filters, the automatic abilities waiting for priority preprocessing and replacement of destruction (continuous
// abilities: effects_continuous.cpp; startup abilities and their costs: effects_startup.cpp). A resolution is an Effect frame and a cursor
// in the record, so a Reload halting it (seed case 4) or a player's choice is only a frame on top of it.
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"
#include "effects_shared.hpp"
#include "frames.hpp"

namespace tcbg::zx {

namespace core = tcbg::fx;
using namespace fx;

using namespace cursor;

namespace {

// The context an instruction reads: the resolution's source, controller, event objects and registers.
struct Context {
  int source, controller, subject, other;
  const int32_t* regs;
  int amount = 0;  // the event's amount (EVENT_AMOUNT): cards drawn, damage dealt
};
}  // namespace

// -- objects and filters ---------------------------------------------------------------------------------------

namespace {
const Frame* battle_now(const Core& c) {  // the battle whose attack is being processed (ruling B02-040), or null
  for (int k = c.frame_n - 1; k >= 0; --k) {
    if (c.frames[k].kind == Kind::Battle) return c.frames[k].step <= 4 ? &c.frames[k] : nullptr;
  }
  return nullptr;
}
}  // namespace

bool State::matches(int filter, int object, int controller, int source, const core::Cursor* cur) const {
  if (object == kNoObject || object < 0) return false;
  const auto& F = game_->tables().filters[filter];
  const int flags = F[kFFlags];
  if ((flags & kNotChosen) && cur != nullptr && F[kFAnchor] >= 0) {  // chosen already by this choice of several
    for (int r = F[kFAnchor]; r < core::kRegisters; ++r) {
      if (cur->regs[r] == object) return false;
    }
  }
  bool ok = true;
  switch (F[kFKind]) {
    case kPlayer:
      ok = object < kPlayers && (F[kFWhose] == kAnyone || (F[kFWhose] == kYours) == (object == controller));
      break;
    case kSquare: {
      ok = object < kSquares;
      if (!ok) break;
      if ((flags & kEmpty) && c_.board[object] != kNone) ok = false;
      if ((flags & kNormalSquare) && !is_normal_square(object)) ok = false;
      if ((flags & kCenterArea) && area_of(object, 0) != Area::Center) ok = false;
      if (flags & (kOnPlayerSquare | kNotPlayerSquare)) {  // whose Player Square: the controller's, the opponent's
        const bool theirs = F[kFWhose] == kAnyone ? is_player_square(object)
                                                   : object == player_square(F[kFWhose] == kYours ? controller
                                                                                                  : 1 - controller);
        if ((flags & kOnPlayerSquare) && !theirs) ok = false;
        if ((flags & kNotPlayerSquare) && theirs) ok = false;
      }
      if (F[kFNear] >= 0 && !near(F[kFNear], object, controller, source, cur)) ok = false;
      if (flags & kLegalFor) {  // where the anchor card may go (rules.md 7.3, Z12.11): wherever it is now
        const int card = F[kFAnchor] >= 0 && cur ? cur->regs[F[kFAnchor]] : kNoObject;
        if (!place_legal(card, object)) ok = false;
      }
      if (flags & (kAdjacent | kNotEnemyPlayerSquare)) {
        const int anchor = F[kFAnchor] >= 0 && cur ? cur->regs[F[kFAnchor]] : kNoObject;
        if (anchor < 0 || anchor >= game_->num_instances() || c_.inst[anchor].zone != Zone::Square) {
          ok = false;
        } else {
          if ((flags & kAdjacent) && !adjacent(c_.inst[anchor].square, object)) ok = false;
          if ((flags & kNotEnemyPlayerSquare) && object == player_square(1 - c_.inst[anchor].owner)) ok = false;
        }
      }
      break;
    }
    case kZX:
    case kCard: {
      if (object >= game_->num_instances()) return false;
      const CardInstance& ci = c_.inst[object];
      const CardDef& cd = game_->card_of(object);
      if (F[kFKind] == kZX) {
        if (ci.zone != Zone::Square || !cd.is_zx()) { ok = false; break; }
        const int s = ci.square;
        if ((flags & kNormalSquare) && !is_normal_square(s)) ok = false;
        if ((flags & kOnPlayerSquare) && !is_player_square(s)) ok = false;
        if ((flags & kArmyArea) && area_of(s, ci.owner) != Area::Army) ok = false;
        if ((flags & kYourArmyArea) && area_of(s, controller) != Area::Army) ok = false;
        if ((flags & kCenterArea) && area_of(s, 0) != Area::Center) ok = false;
        if (flags & (kInBattle | kNotInBattle | kAttacking | kAttacked)) {
          const Frame* b = battle_now(c_);
          const bool attacking = b && b->a == object, attacked = b && b->d == object;
          if ((flags & kAttacking) && !attacking) ok = false;
          if ((flags & kAttacked) && !attacked) ok = false;
          if ((flags & kInBattle) && !(attacking || attacked)) ok = false;
          if ((flags & kNotInBattle) && (attacking || attacked)) ok = false;
        }
        if (ok && F[kFTarget] >= 0) {  // what it attacks, from the battle frame: the player (d none) or a Z/X
          const Frame* b = battle_now(c_);
          const bool at_player = b != nullptr && b->d == kNone;
          const int target = b == nullptr ? kNoObject : at_player ? 1 - b->player : b->d;
          const bool player_filter = game_->tables().filters[F[kFTarget]][kFKind] == kPlayer;
          if (b == nullptr || b->a != object || player_filter != at_player ||
              !matches(F[kFTarget], target, controller, source, cur)) {
            ok = false;
          }
        }
      } else if (F[kFZone] != 0 && static_cast<int>(ci.zone) != F[kFZone]) {
        ok = false;
        break;
      }
      if (flags & kTopOfDeck) {  // among the top R[anchor] cards of its deck (the cards an effect looks at)
        const CardList& deck = c_.players[ci.owner].deck;
        const int n = F[kFAnchor] >= 0 && cur ? cur->regs[F[kFAnchor]] : 0;
        const int at = ci.zone == Zone::Deck ? deck.find(object) : -1;
        if (at < 0 || deck.n - 1 - at >= n) ok = false;
      }
      if (F[kFWhose] != kAnyone && ((F[kFWhose] == kYours) != (ci.owner == controller))) ok = false;
      if (!ok) break;  // what follows only refuses: the cheap tests above settle most objects
      if ((flags & kNotSelf) && object == source) ok = false;
      if ((flags & kSelfOnly) && object != source) ok = false;
      if ((flags & kNotAnchor) && F[kFAnchor] >= 0 && cur && object == cur->regs[F[kFAnchor]]) ok = false;
      if ((flags & kFromAnchorSquare) && F[kFAnchor] >= 0 && cur) {  // a division's order (rules.md Z15.300)
        const int anchor = cur->regs[F[kFAnchor]];
        if (anchor >= 0 && anchor < game_->num_instances() && c_.inst[anchor].zone == Zone::Square &&
            (ci.zone != Zone::Square || ci.square < c_.inst[anchor].square)) {
          ok = false;
        }
      }
      if ((flags & kRemovedBySource) && ci.removed_by != source + 1) ok = false;
      if ((flags & kRememberedBySource) && ci.remembered_by != source + 1) ok = false;
      if (F[kFRace] != 0 && (game_->race_of(ci.def) & F[kFRace]) == 0) ok = false;  // race bits: one of its races
      if (F[kFType] != kNoObject && static_cast<int>(cd.type) != F[kFType]) ok = false;
      if (!ok) break;
      if ((flags & kChoosable) && has_keyword(object, kGrantIsolate)) ok = false;
      if ((flags & kOddCost) || F[kFCostMin] != kNoObject || F[kFCostMax] != kNoObject) {
        const int now = cost(object);
        if ((flags & kOddCost) && (now < 0 || now % 2 == 0)) ok = false;
        if (F[kFCostMin] != kNoObject && now < F[kFCostMin]) ok = false;
        if (F[kFCostMax] != kNoObject && (now < 0 || now > F[kFCostMax])) ok = false;
      }
      // The first era's filters (docs/zx/cards.md "Filters"): name, colour, icons, damage, adjacency.
      if (F[kFName] != kNoObject && (game_->first_of_name(ci.def) == F[kFName]) == ((flags & kNotName) != 0)) {
        ok = false;
      }
      if (F[kFColours] != 0 && (colours(object) & F[kFColours]) == 0) ok = false;
      if ((flags & kEvolSeedIcon) && !cd.has(Keyword::kEvolSeed)) ok = false;
      // The printed icon: a continuous "has the Ignition icon while ..." (C01-013) reading this filter would read
      // itself.
      if ((flags & kIgnitionIcon) && !cd.ignition) ok = false;
      if ((flags & kDamaged) && (ci.zone != Zone::Square || ci.damage <= 0)) ok = false;
      if ((flags & kAppearedThisTurn) && (ci.zone != Zone::Square || !(ci.status & kStatusAppeared))) ok = false;
      if (ok && F[kFNear] >= 0 && (ci.zone != Zone::Square || !near(F[kFNear], ci.square, controller, source, cur))) {
        ok = false;
      }
      if (ok && (F[kFPowerMin] != kNoObject || F[kFPowerMax] != kNoObject || (flags & kHighestPower))) {
        const int pw = ci.zone == Zone::Square ? power(object) : cd.power;
        if (F[kFPowerMin] != kNoObject && pw < F[kFPowerMin]) ok = false;
        if (F[kFPowerMax] != kNoObject && pw > F[kFPowerMax]) ok = false;
        if (ok && (flags & kHighestPower)) {  // the highest Power among the Z/X matching the filter otherwise
          for (int s = 0; s < kSquares && ok; ++s) {
            const int other = c_.board[s];
            if (other == kNone || other == object) continue;
            if (power(other) <= pw) continue;
            // `other` is stronger: it beats `object` if it matches the rest of the filter.
            const CardInstance& oi = c_.inst[other];
            const CardDef& od = game_->card_of(other);
            bool rival = od.is_zx();
            if ((flags & kNormalSquare) && !is_normal_square(s)) rival = false;
            if (F[kFWhose] != kAnyone && ((F[kFWhose] == kYours) != (oi.owner == controller))) rival = false;
            if ((flags & kChoosable) && has_keyword(other, kGrantIsolate)) rival = false;
            const int now = F[kFCostMax] != kNoObject || F[kFCostMin] != kNoObject ? cost(other) : od.cost;
            if (F[kFCostMax] != kNoObject && (now < 0 || now > F[kFCostMax])) rival = false;
            if (F[kFCostMin] != kNoObject && now < F[kFCostMin]) rival = false;
            if (F[kFRace] != 0 && (game_->race_of(oi.def) & F[kFRace]) == 0) rival = false;
            if (rival) ok = false;
          }
        }
      }
      break;
    }
    default: ok = false;
  }
  if (!ok && F[kFEither] >= 0) return matches(F[kFEither], object, controller, source, cur);
  return ok;
}

// Square `square` is adjacent to a Square filter `near` matches, or to the Square of a Z/X it matches.
bool State::near(int filter, int square, int controller, int source, const core::Cursor* cur) const {
  const bool squares = game_->tables().filters[filter][kFKind] == kSquare;
  for (int s = 0; s < kSquares; ++s) {
    if (!adjacent(square, s)) continue;
    if (squares ? matches(filter, s, controller, source, cur)
                : c_.board[s] != kNone && matches(filter, c_.board[s], controller, source, cur)) {
      return true;
    }
  }
  return false;
}

// What a choice offers: the matching objects, never an Isolate card (rules.md 11.5: no card effect chooses it).
bool State::choosable(int filter, int object, int controller, int source, const core::Cursor* cur) const {
  const int kind = game_->tables().filters[filter][kFKind];
  if ((kind == kZX || kind == kCard) && object >= 0 && object < game_->num_instances() &&
      has_keyword(object, kGrantIsolate)) {
    return false;
  }
  return matches(filter, object, controller, source, cur);
}

// -- reading instructions: CTX, GET, COUNT, NEXT, MATCH (shared by resolutions and continuous evaluation) ------

namespace {
bool read(const State& s, const Core& c, const Game& g, const int32_t* ins, int32_t* r, int& next,
          const Context& ctx, const core::Cursor* cur) {
  const int a = ins[1], b = ins[2], cc = ins[3];
  switch (ins[0]) {
    case core::CTX:
      switch (b) {
        case kSelf: r[a] = ctx.source; break;
        case kController: r[a] = ctx.controller; break;
        case kActivePlayer: r[a] = c.turn_player; break;
        case kSubject: r[a] = ctx.subject; break;
        case kOther: r[a] = ctx.other; break;
        case kOpponent: r[a] = 1 - ctx.controller; break;
        case kEventCause: r[a] = s.event_cause(); break;
        case kEventFrom: r[a] = s.event_from(); break;
        case kAmount: r[a] = ctx.amount; break;
        case kIgnitionPhase: r[a] = c.frame_n > 0 && c.frames[0].kind == Kind::Turn && c.frames[0].step >= 5 &&
                                    c.frames[0].step <= 7; break;
        default: r[a] = 0;
      }
      return true;
    case core::GET: {
      const int o = r[b];
      if (o == kNoObject || o < 0) { r[a] = kNoObject; return true; }
      if (cc == kPropPlayerSquareZX) {
        r[a] = o < kPlayers && c.board[player_square(o)] != kNone ? c.board[player_square(o)] : kNoObject;
        return true;
      }
      if (cc == kPropTopCard) {
        r[a] = o < kPlayers && c.players[o].deck.n > 0 ? c.players[o].deck.top() : kNoObject;
        return true;
      }
      if ((cc >= kPropHand && cc <= kPropPlayerCard) || cc == kPropPlayerCardName) {
        if (o >= kPlayers) { r[a] = kNoObject; return true; }
        const PlayerState& ps = c.players[o];
        switch (cc) {
          case kPropHand: r[a] = ps.hand.n; break;
          case kPropLife: r[a] = ps.life.n; break;
          case kPropResource: r[a] = ps.resource.n; break;
          case kPropCharge: r[a] = ps.charge.n; break;
          case kPropDeck: r[a] = ps.deck.n; break;
          case kPropTrash: r[a] = ps.trash.n; break;
          case kPropPlayerCardName: r[a] = g.first_of_name(g.deck(o).player_card); break;
          default: r[a] = g.deck(o).player_card;
        }
        return true;
      }
      if (o >= g.num_instances()) { r[a] = kNoObject; return true; }
      switch (cc) {
        case kPropPower: r[a] = c.inst[o].zone == Zone::Square ? s.power(o) : g.card_of(o).power; break;
        case kPropCost: r[a] = s.cost(o); break;
        case kPropSquare: r[a] = c.inst[o].zone == Zone::Square ? c.inst[o].square : kNoObject; break;
        case kPropOwner: r[a] = c.inst[o].owner; break;
        case kPropSleeping:
          r[a] = (c.inst[o].zone == Zone::Square || c.inst[o].zone == Zone::Resource) && c.inst[o].sleeping;
          break;
        default: r[a] = kNoObject;
      }
      return true;
    }
    case core::COUNT: {
      int n = 0;
      const int distinct = g.tables().filters[b][kFDistinct];
      if (distinct == kCountObjects) {
        for_objects(c, g, b, [&](int o) {
          n += s.matches(b, o, ctx.controller, ctx.source, cur);
          return false;
        });
        r[a] = n;
        return true;
      }
      // Distinct names (every printing of a name one), races (B02-102) or colours (B05-016) of the matching cards.
      std::array<uint16_t, kMaxInstances> names;
      // Races and colours as bits: one word of the races (or colours) seen, counted at the end.
      uint32_t bits = 0;
      for_objects(c, g, b, [&](int o) {
        if (!s.matches(b, o, ctx.controller, ctx.source, cur)) return false;
        if (distinct == kDistinctRaces) {
          bits |= static_cast<uint32_t>(g.race_of(c.inst[o].def));
          return false;
        }
        if (distinct == kDistinctColours) {  // the colours a filter's colour test reads
          bits |= static_cast<uint32_t>(s.colours(o));  // as colour changes make it now (Z15.342)
          return false;
        }
        const uint16_t id = static_cast<uint16_t>(g.first_of_name(c.inst[o].def));
        int k = 0;
        while (k < n && names[k] != id) ++k;
        if (k == n) names[n++] = id;
        return false;
      });
      if (distinct == kDistinctRaces || distinct == kDistinctColours) n = __builtin_popcount(bits);
      r[a] = n;
      return true;
    }
    case core::NEXT: {
      const int from = r[a];
      int found = kNoObject;
      for_objects(c, g, b, [&](int o) {
        if (o > from && s.matches(b, o, ctx.controller, ctx.source, cur)) {
          found = o;
          return true;
        }
        return false;
      });
      r[a] = found;
      if (found == kNoObject) next = cc;
      return true;
    }
    case core::MATCH:
      r[a] = s.matches(cc, r[b], ctx.controller, ctx.source, cur);
      return true;
    case kOpDiv:  // "for every 2 cards": the quotient rounded down; nothing for every 0
      if (r[cc] == 0) {
        r[a] = 0;
      } else {
        const int q = r[b] / r[cc];
        r[a] = q - ((r[b] % r[cc] != 0) && ((r[b] < 0) != (r[cc] < 0)) ? 1 : 0);
      }
      return true;
    default: return false;
  }
}
}  // namespace

// A condition or amount program (continuous abilities, startup conditions): it only reads and computes.
int State::eval(int offset, int length, int source, int controller, int subject) const {
  std::array<int32_t, core::kRegisters> r;
  r.fill(kNoObject);
  const Context ctx{source, controller, subject, kNoObject, r.data(), event_amount_};
  const int32_t* code = game_->tables().code.data();
  for (int pc = 0; pc < length;) {
    const int32_t* ins = code + (offset + pc) * core::kWidth;
    int next = pc + 1;
    if (ins[0] == core::RETURN) return r[ins[1]];
    if (ins[0] == core::END) return 0;
    if (!core::compute(ins, r.data(), next)) read(*this, c_, *game_, ins, r.data(), next, ctx, nullptr);
    pc = next;
  }
  return 0;
}

// -- triggers, destruction ------------------------------------------------------------------------------------

void State::fire(int event, int card, int subject, int amount) {
  // Every appearance passes here: the Z/X is marked "appeared this turn" whether or not effects are on, so that a
  // position reads the same in both (the mark ends with the turn or when it leaves the Squares).
  if (event == kAppears && card != kNone) c_.inst[card].status |= kStatusAppeared;
  if (!game_->options().effects || card == kNone) return;
  queue_autos(event, card, subject, false, amount);
}

void State::watch(int event, int subject, int amount, int seen) {
  if (!game_->options().effects || !game_->watched(event)) return;
  for (int s = 0; s < kSquares; ++s) {
    if (c_.board[s] != kNone) queue_autos(event, c_.board[s], subject, true, amount, seen);
  }
}

void State::drew(int p, int n) {
  if (n > 0) watch(kDraws, p, n);
}

// The card's automatic abilities on `event` that fire now, queued to wait (Z12.1): those of its own events
// (`filtered` false: no subject filter) or those watching others' events whose subject filter `subject` meets
// (`filtered` true, Z12.16); an ability of "your turn" or "your opponent's turn" only in that turn.
void State::queue_autos(int event, int card, int subject, bool filtered, int amount, int seen) {
  const int def = c_.inst[card].def;
  // Abilities granted to it (docs/zx/cards.md "Grants and restrictions"), while it is on a Square: a destroyed
  // Z/X's were queued before it left (queue_granted in destroy).
  if (!filtered && game_->has_grants() && game_->grants_auto(event) && c_.inst[card].zone == Zone::Square) {
    queue_granted(event, card, subject);
  }
  if (!game_->listens(def, event)) return;
  const int owner = c_.inst[card].owner;
  int first = 0;
  const int n = game_->abilities_of(def, first);
  for (int k = first; k < first + n; ++k) {
    const auto& ab = game_->ability(k);
    if (ab[kAKind] != kAuto || ab[kAEvent] != event || (ab[kAFilter] >= 0) != filtered || ab[kAZone] == kGranted) {
      continue;
    }
    if (ab[kATurn] == kYourTurn && c_.turn_player != owner) continue;
    if (ab[kATurn] == kOpponentsTurn && c_.turn_player == owner) continue;
    if (filtered && !matches(ab[kAFilter], seen >= 0 ? seen : subject, owner, card, nullptr)) continue;
    // What the event must be, read as it happens (rules.md Z15.185): the destroyed Z/X still on its Square.
    if (ab[kACondLength] > 0) {
      event_amount_ = amount;  // the whole amount, read as the event happens
      const bool meets = eval(ab[kACond], ab[kACondLength], card, owner, subject == kNone ? kNoObject : subject) != 0;
      event_amount_ = 0;
      if (!meets) continue;
    }
    enqueue_auto(owner, card, k, subject, amount);
  }
}

void State::enqueue_auto(int owner, int card, int k, int subject, int amount) {
  if (c_.waiting_n >= kMaxWaiting) throw GameError("waiting", "more than 8 abilities waiting at once", "Z12.1");
  Waiting w;
  w.kind = Kind::Effect;
  w.player = static_cast<uint8_t>(owner);
  w.card = static_cast<uint8_t>(card);
  w.ability = static_cast<uint8_t>(k);
  w.subject = static_cast<uint8_t>(subject);
  w.amount = static_cast<uint8_t>(amount < 0 ? 0 : amount > 254 ? 254 : amount);
  c_.waiting[c_.waiting_n++] = w;
}

void State::life_decreased(int player) {
  fire_all(kLifeDecreases);
  watch(kLifeDecreases, player);
}

void State::fire_all(int event) {
  if (!game_->options().effects) return;
  for (int s = 0; s < kSquares; ++s) {
    if (c_.board[s] != kNone) fire(event, c_.board[s]);
  }
}

// CR 1007.1: a destroyed Z/X goes into its owner's Charge, unless a replacement ability sends it elsewhere
// (C04-017: into Resource, sleeping; rules.md Z12.5).
void State::destroy(int i, bool watched, int replaced) {
  // The event's amount is 1 + the Square it was on (none: 0), what its abilities read as the Square where it was
  // (rules.md Z15.347).
  const int where = c_.inst[i].zone == Zone::Square && c_.inst[i].square < kSquares ? c_.inst[i].square + 1 : 0;
  // "When a Z/X is destroyed" of the Z/X on Squares (rules.md Z12.16): told while it is still on its Square, so that
  // a filter reads where it was (Z15.100).
  if (!watched) {
    watch(kDestroyed, i, where);
    if (game_->has_grants() && game_->grants_auto(kDestroyed)) queue_granted(kDestroyed, i, kNone, where);
  }
  if (replaced == 1 || (replaced < 0 && game_->options().effects && replaces_destroy(i))) {
    put(i, Zone::Resource);
    c_.inst[i].sleeping = 1;
    fire(kDestroyed, i, kNone, where);
    return;
  }
  if (game_->options().effects) {  // "return it to your hand instead" (B05-030): into the hand, not a draw
    int first = 0;
    const int n = game_->abilities_of(c_.inst[i].def, first);
    for (int k = first; k < first + n; ++k) {
      if (game_->ability(k)[kAKind] == kReplaceDestroyToHand) {
        put(i, Zone::Hand);
        fire(kDestroyed, i, kNone, where);
        return;
      }
    }
  }
  put(i, Zone::Charge);
  fire(kDestroyed, i, kNone, where);
}

// -- resolutions ---------------------------------------------------------------------------------------------

Frame State::effect_frame(int player, int source, int ability, int subject, int amount) {
  int in_use = 0;
  for (int k = 0; k < c_.frame_n; ++k) in_use += c_.frames[k].kind == Kind::Effect;
  if (in_use >= kMaxCursors) throw GameError("cursors", "more resolutions under way than the record holds", "Z12.1");
  Frame f = make_frame(Kind::Effect, player, source, ability);
  f.c = static_cast<uint8_t>(in_use);
  f.d = static_cast<uint8_t>(subject);
  f.e = amount > 0 ? static_cast<uint8_t>(amount > 254 ? 254 : amount) : kNone;
  return f;
}

const int32_t* State::effect_instruction(const Frame& f) const {
  const auto& ab = game_->ability(f.b);
  return game_->tables().code.data() + (ab[kACode] + c_.cursors[f.c].pc) * core::kWidth;
}

struct EffectHost {
  State& s;
  Frame& f;
  int offset, length;
  bool decision = false, yielded = false;
  bool slow = false;  // an instruction of a Python function (State::run_effect): nothing waits inside the call

  bool part(int p, int& off, int& len) const {
    if (p != 0) return false;
    off = offset;
    len = length;
    return true;
  }
  const int32_t* instruction(int k) const { return s.game_->tables().code.data() + k * core::kWidth; }

  Context context(const core::Cursor& cur) const {
    return Context{f.a, f.player, f.d == kNone ? kNoObject : f.d, kNoObject, cur.regs.data(), f.e == kNone ? 0 : f.e};
  }
  bool reload_pending() const {
    for (const PlayerState& ps : s.c_.players) {
      if (ps.deck.n == 0 && ps.trash.n > 0) return true;
    }
    return false;
  }
  bool on_square(int o) const {
    return o >= 0 && o < s.game_->num_instances() && s.c_.inst[o].zone == Zone::Square;
  }
  bool instance(int o) const { return o >= 0 && o < s.game_->num_instances(); }
  bool player(int o) const { return o >= 0 && o < kPlayers; }

  // The top n cards of player p's deck, one at a time, into `to` (a draw into the hand); cur.step counts them. False:
  // the deck is empty with cards still to move and a Reload due: it runs now, the rest after it (seed case 4). On the
  // slow path nothing can wait inside the Python call: the deck is rebuilt at once and the card moves on from it, the
  // Life pick left for after the call (rules.md Z12.17).
  bool from_deck(core::Cursor& cur, int p, int n, Zone to) {
    if (slow) {
      for (int moved = 0; moved < n && s.c_.players[p].deck.n > 0; ++moved) {
        if (to == Zone::Hand) s.draw_one(p);
        else put_top(p, to);
        if (moved + 1 < n) rebuild();
      }
      return true;
    }
    while (cur.step < n && s.c_.players[p].deck.n > 0) {
      if (to == Zone::Hand) s.draw_one(p);
      else put_top(p, to);
      ++cur.step;
      if (cur.step < n && reload_pending()) {
        yielded = true;
        return false;
      }
    }
    return true;
  }
  // The top card of p's deck into `to`; a card put from the deck into Trash triggers its Evol Seed (rules.md Z12.9).
  void put_top(int p, Zone to) {
    const int top = s.c_.players[p].deck.top();
    s.put(top, to);
    if (to == Zone::Trash) s.fire(fx::kEvolSeed, top);
  }
  // PAY (docs/zx/cards.md "Payments"): offered only when the player can pay; a yes / no, then the Resource cards
  // one at a time (answer_effect); R[a] is 1 once all are Slept, 0 when declined or not payable.
  core::Flow pay(const int32_t* ins, core::Cursor& cur) {
    int32_t* r = cur.regs.data();
    const int p = r[ins[2]], n = ins[3] & 0xFF, colours = ins[3] >> 8;
    if (cur.step == 0) {
      if (!player(p) || !s.can_pay(p, n, colours)) {
        r[ins[1]] = 0;
        return core::Flow::kNext;
      }
    } else if ((cur.step & kPayLeft) == 0) {
      r[ins[1]] = 1;
      return core::Flow::kNext;
    }
    f.step = 2;
    decision = true;
    return core::Flow::kWait;
  }

  // The slow path's Reloads (rules.md Z12.17): every empty deck with a Trash rebuilt now, each Life pick a Reload
  // frame above the resolution, made when the Python function has returned.
  void rebuild() {
    while (reload_pending()) s.reload_due();
  }

  // The slow path (docs/zx/cards.md): the game's hook calls the card set's Python function k, which acts through
  // State::run_effect. Reloads of its draws pushed their Life picks: they come before the next instruction. A
  // failure ends the resolution (the rest of the ability does not happen) and is kept for the caller, play going on
  // to the next decision first (State::apply_legal_action).
  core::Flow python(int k, core::Cursor& cur) {
    if (cur.step == kDone) return core::Flow::kNext;  // it ran, and the Life picks of its Reloads were made
    const PythonEffectHook& hook = s.game_->python_effect();
    if (!hook) throw GameError("effects", "PYTHON " + std::to_string(k) + " needs the Python hook the bindings give a game",
                               "docs/zx/cards.md (the slow path)");
    const int depth = s.c_.frame_n;
    s.python_frame_ = static_cast<int>(&f - s.c_.frames.data());
    try {
      hook(s, k);
    } catch (...) {
      s.python_frame_ = -1;
      if (!s.python_error_) s.python_error_ = std::current_exception();
      cur.pc = static_cast<int16_t>(length);  // finished: popped once the Life picks above it are made
      yielded = true;
      return core::Flow::kWait;
    }
    s.python_frame_ = -1;
    if (s.c_.frame_n > depth) {
      cur.step = kDone;
      yielded = true;
      return core::Flow::kWait;
    }
    return core::Flow::kNext;
  }

  core::Flow execute(const int32_t* ins, core::Cursor& cur, int& next) {
    int32_t* r = cur.regs.data();
    const int a = ins[1], b = ins[2], c = ins[3];
    if (ins[0] == core::RETURN) {
      next = length;
      return core::Flow::kNext;
    }
    if (ins[0] < core::kFirstGameChangingOp) {
      if (ins[0] == core::CHOOSE || ins[0] == core::ASK) {
        if (ins[0] == core::CHOOSE) {
          const int flags = c >> 8;
          int first = kNoObject, count = 0;
          const Context ctx = context(cur);
          for_objects(s.c_, *s.game_, b, [&](int o) {
            if (s.choosable(b, o, ctx.controller, ctx.source, &cur)) {
              if (first == kNoObject) first = o;
              ++count;
            }
            return false;
          });
          if (count == 0) {  // nothing to choose: done as far as possible (ruling B01-036)
            r[a] = kNoObject;
            return core::Flow::kNext;
          }
          if (flags & core::kChooseRandom) {  // at random, with the state's generator
            int k = static_cast<int>(s.c_.rng.below(static_cast<uint64_t>(count)));
            for_objects(s.c_, *s.game_, b, [&](int o) {
              if (s.choosable(b, o, ctx.controller, ctx.source, &cur) && k-- == 0) {
                r[a] = o;
                return true;
              }
              return false;
            });
            return core::Flow::kNext;
          }
        }
        f.step = 2;
        decision = true;
        return core::Flow::kWait;
      }
      if (ins[0] == core::PYTHON) return python(a, cur);
      read(s, s.c_, *s.game_, ins, r, next, context(cur), &cur);
      return core::Flow::kNext;
    }
    if (ins[0] == kOpPay) return pay(ins, cur);
    if (ins[0] == kOpDiv) {  // computes only, numbered among the game's instructions
      read(s, s.c_, *s.game_, ins, r, next, context(cur), &cur);
      return core::Flow::kNext;
    }
    if (cur.step == kDone) return core::Flow::kNext;
    const bool immediate = ins[0] == kOpTopToResource || ins[0] == kOpToResource || ins[0] == kOpGrant ||
                           ins[0] == kOpRemember;
    if (!change(ins[0], r[a], immediate ? b : r[b], cur, c)) {
      return core::Flow::kWait;
    }
    // CR 902.1 "at any time": an instruction that emptied a deck lets the Reload run before the next one.
    if (reload_pending()) {
      cur.step = kDone;
      yielded = true;
      return core::Flow::kWait;
    }
    return core::Flow::kNext;
  }

  // One game-changing instruction on object x with operand y (a register's value, or TOP_TO_RESOURCE's and
  // TO_RESOURCE's immediate): the interpreter's and the slow path's common code. False: a move from the deck waits
  // for a Reload (not on the slow path).
  bool change(int op, int x, int y, core::Cursor& cur, int z = 0) {
    switch (op) {
      case kOpDamage:  // dealt by the ability's card (rules.md Z15.183)
        if (on_square(x) && y > 0) s.c_.inst[x].damage += s.damage_dealt(f.a, x, y);
        break;
      case kOpPower:
        if (on_square(x)) s.c_.inst[x].power_mod += y;
        break;
      case kOpDestroy:  // destroyed by this ability's card (rules.md Z15.186)
        if (on_square(x)) {
          s.event_cause_ = f.a;
          s.destroy(x);
          s.event_cause_ = kNoObject;
        }
        break;
      case kOpToHand:
        if (instance(x) && s.c_.inst[x].zone != Zone::Hand) s.put(x, Zone::Hand);
        break;
      case kOpMove: {
        const int to = y;
        if (on_square(x) && s.place_legal(x, to)) {  // empty, never its opponent's Player Square (Z12.11)
          CardInstance& ci = s.c_.inst[x];  // state, damage and changes stay (rulings B01-031, B01-056)
          s.c_.board[ci.square] = kNone;
          ci.square = static_cast<uint8_t>(to);
          s.c_.board[to] = static_cast<uint8_t>(x);
          s.fire(kMoved, x);   // "when this card is moved"
          s.watch(kMoved, x);  // "when a Z/X is put from a Square onto another Square" (rules.md Z15.180)
        }
        break;
      }
      case kOpToTrash:
        if (instance(x) && s.c_.inst[x].zone != Zone::Trash) {
          const bool from_the_deck = s.c_.inst[x].zone == Zone::Deck;
          s.put(x, Zone::Trash);
          if (from_the_deck) s.fire(fx::kEvolSeed, x);  // put from the deck into Trash (rules.md Z12.9)
        }
        break;
      case kOpDraw:
        if (player(x)) {  // one draw of its cards, those before a Reload included (cur.step counts them)
          const int hand = s.c_.players[x].hand.n;
          if (!from_deck(cur, x, y, Zone::Hand)) return false;
          s.drew(x, slow ? s.c_.players[x].hand.n - hand : cur.step);
        }
        break;
      case kOpToDeck:
        if (instance(x) && s.c_.inst[x].zone != Zone::Deck) s.put(x, Zone::Deck);
        break;
      case kOpShuffle:
        if (player(x)) s.shuffle_deck(x);
        break;
      case kOpTopToCharge:
        if (player(x) && !from_deck(cur, x, y, Zone::Charge)) return false;
        break;
      case kOpTopToResource:
        if (player(x) && s.c_.players[x].deck.n > 0) {
          const int top = s.c_.players[x].deck.top();
          s.put(top, Zone::Resource);
          s.c_.inst[top].sleeping = y ? 1 : 0;
          s.fire(kPutIntoResource, top);
        }
        break;
      case kOpToResource:
        if (instance(x) && s.c_.inst[x].zone != Zone::Resource) {
          s.put(x, Zone::Resource);
          s.c_.inst[x].sleeping = y ? 1 : 0;
          s.fire(kPutIntoResource, x);
        }
        break;
      case kOpRecover:
        if (player(x) && !from_deck(cur, x, y, Zone::Life)) return false;
        break;
      case kOpNoDamage:
        if (on_square(x)) s.c_.inst[x].status |= kStatusNoDamage;
        break;
      case kOpGrant:  // a keyword until end of turn (B03-012)
        if (on_square(x) && y >= 0 && y < kNumGranted) {
          s.c_.inst[x].status |= static_cast<uint8_t>(kStatusRange2 << y);
        }
        break;
      case kOpRemember:  // the card is where the ability put it: remembered by its card (rules.md Z15.320)
        if (instance(x) && static_cast<int>(s.c_.inst[x].zone) == y && s.c_.inst[x].zone != Zone::None) {
          s.c_.inst[x].remembered_by = static_cast<uint8_t>(f.a + 1);
        }
        break;
      case kOpPlayerDamageUp:  // until end of turn (rules.md Z15.324); 8 is more than a Life
        if (on_square(x) && y > 0) {
          const int total = s.c_.inst[x].player_damage + y;
          s.c_.inst[x].player_damage = static_cast<uint8_t>(total > 8 ? 8 : total);
        }
        break;
      case kOpFreeze:  // no Reboot in its owner's next Reboot Phase (rules.md Z15.162)
        if (on_square(x)) s.c_.inst[x].status |= kStatusFrozen;
        break;
      case kOpCost:  // until end of turn (rules.md Z15.340); kept within what the record holds
        if (on_square(x)) {
          const int now = s.c_.inst[x].cost_mod + y;
          s.c_.inst[x].cost_mod = static_cast<int8_t>(now < -99 ? -99 : now > 99 ? 99 : now);
        }
        break;
      case kOpNoBattleDamage: {  // the attacker of the battle now, until the battle ends (rules.md Z15.345)
        const Frame* b = battle_now(s.c_);
        if (on_square(x) && b != nullptr && b->a == x) s.c_.inst[x].status |= kStatusNoBattleDamage;
        break;
      }
      case kOpSleep:
      case kOpReboot:
        if (instance(x) && (s.c_.inst[x].zone == Zone::Square || s.c_.inst[x].zone == Zone::Resource)) {
          s.c_.inst[x].sleeping = op == kOpSleep;
        }
        break;
      case kOpPlayerDamage:  // processed one at a time at priority preprocessing (CR 909); 8 is more than a Life
        if (player(x) && y > 0 &&
            !(s.game_->has_restriction(kNoPlayerDamage) && s.restricted(kNoPlayerDamage, x))) {  // B03-057
          // dealt by the ability's card: more by its increase until end of turn (rules.md Z15.324)
          const int more = on_square(f.a) && x == 1 - s.c_.inst[f.a].owner ? s.c_.inst[f.a].player_damage : 0;
          const int total = s.c_.players[x].pending_damage + y + more;
          s.c_.players[x].pending_damage = static_cast<uint8_t>(total > 8 ? 8 : total);
        }
        break;
      case kOpMill:
        if (player(x) && !from_deck(cur, x, y, Zone::Trash)) return false;
        break;
      case kOpToBottom:
        if (instance(x)) {
          const int owner = s.c_.inst[x].owner;
          s.put(x, Zone::Deck);
          CardList& deck = s.c_.players[owner].deck;
          deck.erase_at(deck.n - 1);
          deck.insert_at(0, x);
        }
        break;
      case kOpToCharge:  // a Charge over its limit is an excess at the next preprocessing (CR 906.1)
        if (instance(x) && s.c_.inst[x].zone != Zone::Charge) s.put(x, Zone::Charge);
        break;
      case kOpToLife:
        if (instance(x) && s.c_.inst[x].zone != Zone::Life) s.put(x, Zone::Life);
        break;
      case kOpTopToBottom:
        if (player(x)) {
          CardList& deck = s.c_.players[x].deck;
          for (int k = 0; k < y && k < deck.n; ++k) {
            const int top = deck.top();
            deck.erase_at(deck.n - 1);
            deck.insert_at(0, top);
          }
        }
        break;
      case kOpSink:
        if (instance(x) && s.c_.inst[x].zone == Zone::Deck) {
          CardList& deck = s.c_.players[s.c_.inst[x].owner].deck;
          deck.erase_at(deck.find(x));
          const int depth = y < 0 ? 0 : y > deck.n ? deck.n : y;
          deck.insert_at(deck.n - depth, x);
        }
        break;
      case kOpPlace:  // the card appears (rules.md Z15.120): from a zone, onto a Square legal for it, else nothing
        if (instance(x) && !on_square(x) && s.game_->card_of(x).is_zx() && s.place_legal(x, y)) {
          const Zone from = s.c_.inst[x].zone;
          if (from == Zone::Deck || from == Zone::Hand || from == Zone::Charge || from == Zone::Trash ||
              from == Zone::Resource) {
            s.place(x, y);
            s.c_.inst[x].sleeping = z ? 1 : 0;
            s.event_from_ = static_cast<int>(from);  // "when this card appears from your hand" (Z15.323)
            s.fire(kAppears, x);
            s.watch(kAppears, x);  // "when a Z/X you control appears" (rules.md Z12.16)
            s.event_from_ = -1;
          }
        }
        break;
      case kOpRemove:  // removed from the game (rules.md Z15.127): never a Player card or an Event resolving
        if (instance(x) && s.c_.inst[x].zone != Zone::Removed && s.c_.inst[x].zone != Zone::PlayerCard &&
            s.c_.inst[x].zone != Zone::Resolving && s.c_.inst[x].zone != Zone::None) {
          s.put(x, Zone::Removed);
          if (on_square(f.a)) s.c_.inst[x].removed_by = static_cast<uint8_t>(f.a + 1);  // by this card (Z15.131)
        }
        break;
      case kOpSwap:  // each onto the other's Square (rules.md Z15.122), only if neither lands on its opponent's
        if (on_square(x) && on_square(y) && x != y) {
          CardInstance& a = s.c_.inst[x];
          CardInstance& b = s.c_.inst[y];
          if (a.square != player_square(1 - b.owner) && b.square != player_square(1 - a.owner)) {
            const uint8_t sa = a.square, sb = b.square;
            a.square = sb;
            b.square = sa;
            s.c_.board[sa] = static_cast<uint8_t>(y);
            s.c_.board[sb] = static_cast<uint8_t>(x);
            s.fire(kMoved, x);  // an exchange puts each of the two onto another Square (rules.md Z15.180)
            s.watch(kMoved, x);
            s.fire(kMoved, y);
            s.watch(kMoved, y);
          }
        }
        break;
      default: break;
    }
    return true;
  }
};

void State::run_effect(int op, int a, int b, int c) {
  const bool placement = op == kOpPlace || op == kOpSwap || op == kOpRemove;  // docs/zx/cards.md "Placement"
  if ((op < kOpDamage || op > kOpNoDamage) && !placement && op != kOpToCharge) {
    throw GameError("effects", "the slow path runs a game-changing instruction (opcode " + std::to_string(kOpDamage) +
                                   " to " + std::to_string(kOpNoDamage) + ", " + std::to_string(kOpPlace) + " to " +
                                   std::to_string(kOpRemove) + " or " + std::to_string(kOpToCharge) + "), not " +
                                   std::to_string(op),
                    "docs/zx/cards.md (the slow path)");
  }
  if (python_frame_ < 0 || python_frame_ >= c_.frame_n || c_.frames[python_frame_].kind != Kind::Effect) {
    throw GameError("effects", "an instruction of the slow path runs only while its card's Python effect runs",
                    "docs/zx/cards.md (the slow path)");
  }
  if (c_.over) return;  // the game ended: nothing more happens
  Frame& f = c_.frames[python_frame_];
  const auto& ab = game_->ability(f.b);
  EffectHost host{*this, f, ab[kACode], ab[kALength]};
  host.slow = true;
  constexpr int kLimit = 1 << 20;  // amounts as a program's (a count beyond any deck moves the whole deck)
  const int x = a < -1 ? -1 : a > kLimit ? kLimit : a;
  const int y = b < -kLimit ? -kLimit : b > kLimit ? kLimit : b;
  host.change(op, x, y, c_.cursors[f.c], c ? 1 : 0);  // the third operand: PLACE's Sleep
  host.rebuild();  // CR 902.1 "the moment": an emptied deck is rebuilt before the function's next operation
}

int State::effect_stat(int x, int prop) const {
  if (prop < kPropPower || prop > kPropOwner) {
    throw GameError("effects", "no property " + std::to_string(prop) + " (docs/zx/cards.md, GET)",
                    "docs/zx/cards.md (the slow path)");
  }
  std::array<int32_t, core::kRegisters> r;
  r.fill(kNoObject);
  r[1] = x;
  const int32_t ins[core::kWidth] = {core::GET, 0, 1, prop};
  int next = 0;
  const int src = python_frame_ >= 0 ? c_.frames[python_frame_].a : kNoObject;
  const int controller = python_frame_ >= 0 ? c_.frames[python_frame_].player : 0;
  read(*this, c_, *game_, ins, r.data(), next, Context{src, controller, kNoObject, kNoObject, r.data()}, nullptr);
  return r[0];
}

// An ability resolving. Steps: 0 the cursor starts, 1 running, 2 waiting for a player's choice.
bool State::step_effect(Frame& f) {
  core::Cursor& cur = c_.cursors[f.c];
  if (f.step == 2) return false;
  if (f.step == 0) {
    cur = core::Cursor{};
    cur.regs.fill(kNoObject);
    f.step = 1;
  }
  const auto& ab = game_->ability(f.b);
  EffectHost host{*this, f, ab[kACode], ab[kALength]};
  if (core::run(host, cur)) {
    pop();
    return true;
  }
  return !host.decision;
}

}  // namespace tcbg::zx
