// The decisions of a resolution (docs/zx/actions.md: the choices a CHOOSE, ASK or PAY waits for) and startup
// abilities (docs/zx/cards.md "Kinds of ability"): which may be used, and their costs paid step by step (the Startup
// frame).
#include <array>
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"
#include "effects_shared.hpp"
#include "frames.hpp"

namespace tcbg::zx {

using namespace fx;

namespace core = tcbg::fx;
using namespace cursor;

// -- decisions of a resolution ---------------------------------------------------------------------------------

// Whose Life a by-position choice picks from: the controller's ("yours") or the opponent's (the compiler names one).
int State::life_owner(const Frame& f, int filter) const {
  return game_->tables().filters[filter][kFWhose] == kOpponents ? 1 - f.player : f.player;
}

void State::list_effect(const Frame& f, ActionList& out) const {
  if (f.step != 2) return;
  const int32_t* ins = effect_instruction(f);
  const core::Cursor& cur = c_.cursors[f.c];
  if (ins[0] == core::ASK || (ins[0] == kOpPay && cur.step == 0)) {
    out.push(action::kPass);
    out.push(action::kYes);
    return;
  }
  if (ins[0] == kOpPay) {  // the Resource cards that may pay next (as a Cost, rules.md 7.1)
    list_payments(decider(), ins[3] >> 8, cur.step & kPayLeft, (cur.step & kPayColour) != 0, out);
    return;
  }
  const int flt = ins[2], flags = ins[3] >> 8;
  if (flags & core::kChooseOptional) out.push(action::kPass);
  const int kind = game_->tables().filters[flt][kFKind];
  if (game_->tables().filters[flt][kFFlags] & kByPosition) {  // face down: by position from the top, as 909's pick
    const CardList& life = c_.players[life_owner(f, flt)].life;
    for (int k = 0; k < life.n && k < action::kMaxLife; ++k) {
      if (choosable(flt, life.ids[life.n - 1 - k], f.player, f.a, &cur)) out.push(action::kFirstLife + k);
    }
    return;
  }
  for_objects(c_, *game_, flt, [&](int o) {
    if (choosable(flt, o, f.player, f.a, &cur)) {
      if (kind == kZX) out.push(action::kFirstTarget + c_.inst[o].square);
      else if (kind == kSquare) out.push(action::kFirstSquare + o);
      else out.push(action::kFirstChooseCard + o);
    }
    return false;
  });
}

void State::answer_effect(Frame& f, int a) {
  core::Cursor& cur = c_.cursors[f.c];
  const int32_t* ins = effect_instruction(f);
  if (ins[0] == kOpPay) {
    f.step = 1;  // the instruction runs again: it asks for the next card, or ends
    const int colours = ins[3] >> 8;
    if (cur.step == 0) {
      if (a == action::kYes) {
        cur.step = static_cast<uint8_t>(kPaying | (colours == 0 ? kPayColour : 0) | (ins[3] & kPayLeft));
      } else {
        cur.regs[ins[1]] = 0;
        ++cur.pc;
      }
      return;
    }
    const int i = (a - action::kFirstBlock) % kMaxInstances;
    c_.inst[i].sleeping = 1;
    if ((this->colours(i) & colours) != 0) cur.step |= kPayColour;
    --cur.step;
    return;
  }
  int value;
  if (ins[0] == core::ASK) {
    value = a == action::kYes ? 1 : 0;
  } else if (a == action::kPass) {
    value = kNoObject;
  } else if (a >= action::kFirstTarget && a < action::kYes) {
    value = c_.board[a - action::kFirstTarget];
  } else if (a >= action::kFirstChooseCard && a < action::kFirstSquare) {
    value = a - action::kFirstChooseCard;
  } else if (a >= action::kFirstLife && a < action::kFirstVoid) {
    const CardList& life = c_.players[life_owner(f, ins[2])].life;
    value = life.ids[life.n - 1 - (a - action::kFirstLife)];
  } else {
    value = a - action::kFirstSquare;
  }
  cur.regs[ins[1]] = value;
  ++cur.pc;
  cur.step = 0;
  f.step = 1;
}

std::string State::effect_decision(const Frame& f) const {
  if (f.step != 2) return "effect";
  const int32_t* ins = effect_instruction(f);
  if (ins[0] == core::ASK) return "effect-may";
  if (ins[0] == kOpPay) return c_.cursors[f.c].step == 0 ? "effect-may-pay" : "effect-pay";
  if (game_->tables().filters[ins[2]][kFFlags] & kByPosition) return "effect-life-pick";
  if (game_->tables().filters[ins[2]][kFFlags] & kFromAnchorSquare) return "effect-divide";  // the next 1000
  switch (game_->tables().filters[ins[2]][kFKind]) {
    case kZX: return "effect-target";
    case kSquare: return "effect-square";
    default: return "effect-card";
  }
}

// -- startup abilities ---------------------------------------------------------------------------------------

bool State::can_pay(int p, int n, int colours, int skip) const {
  if (n <= 0) return true;
  const CardList& res = c_.players[p].resource;
  int ready = 0;
  bool colour = colours == 0;
  for (int k = 0; k < res.n; ++k) {
    const int r = res.ids[k];
    if (c_.inst[r].sleeping || r == skip) continue;  // a Resource card using its ability never pays for it (Z15.160)
    ++ready;
    if ((this->colours(r) & colours) != 0) colour = true;
  }
  return ready >= n && colour;
}

// The Resource cards that may be slept next to pay `left` more of a Cost of colours `want` (rules.md 7.1, Z7.3):
// the rest stays payable, and one of the colour is among what is paid.
void State::list_payments(int p, int want, int left, bool colour_paid, ActionList& out, int skip) const {
  const PlayerState& ps = c_.players[p];
  std::array<uint8_t, kMaxInstances> ready_ids;  // the Reboot cards, each with whether it is of the colour
  std::array<bool, kMaxInstances> of_colour;
  int ready = 0, matching = 0;
  for (int k = 0; k < ps.resource.n; ++k) {
    const int r = ps.resource.ids[k];
    if (c_.inst[r].sleeping || r == skip) continue;  // the card played from Resource never pays for itself
    of_colour[ready] = (colours(r) & want) != 0;
    matching += of_colour[ready];
    ready_ids[ready++] = static_cast<uint8_t>(r);
  }
  const int rest = left - 1;
  if (ready - 1 < rest) return;
  for (int k = 0; k < ready; ++k) {
    if (colour_paid || of_colour[k] || (rest >= 1 && matching - of_colour[k] > 0)) {
      out.push(action::block(action::kPay, ready_ids[k]));
    }
  }
}

// Its own startup abilities in the order of its text, then those granted to it while it is on a Square, each
// granted record once (two copies of one card grant one ability: either used, the other is the same use).
int State::startup_ability(int i, int k) const {
  int first = 0;
  const int n = game_->abilities_of(c_.inst[i].def, first);
  for (int j = first; j < first + n; ++j) {
    const auto& ab = game_->ability(j);
    if (ab[kAKind] == kStartup && ab[kAZone] != kGranted && k-- == 0) return j;
  }
  if (!game_->has_grants() || c_.inst[i].zone != Zone::Square) return -1;
  std::array<int, kStartupPerCard> seen{};
  int n_seen = 0;
  for (int m = 0;; ++m) {
    const int g = granted_ability(i, m);
    if (g < 0) return -1;
    if (game_->ability(g)[kAKind] != kStartup) continue;
    bool again = false;
    for (int q = 0; q < n_seen; ++q) again = again || seen[q] == g;
    if (again) continue;
    if (k-- == 0) return g;
    if (n_seen == kStartupPerCard) return -1;
    seen[n_seen++] = g;
  }
}

// CR 8xx (sources.md 1.3): a startup ability of a card of p's, on a Square or (for "from your Charge") in Charge,
// whose condition holds and whose costs can all be paid.
bool State::startup_usable(int p, int i, int k) const {
  const int j = startup_ability(i, k);
  if (j < 0) return false;
  const auto& ab = game_->ability(j);
  const CardInstance& ci = c_.inst[i];
  if (ci.owner != p) return false;
  static constexpr Zone kFrom[] = {Zone::Square, Zone::Charge, Zone::Hand, Zone::Resource, Zone::Square};
  if (ci.zone != kFrom[ab[kAZone]]) return false;
  if ((ab[kACostFlags] & kSleepSelf) && ci.sleeping) return false;
  if ((ab[kACostFlags] & kOncePerTurn) && (ci.status & kStatusUsedOnce)) return false;
  const int charge = c_.players[p].charge.n - (ci.zone == Zone::Charge ? 1 : 0);
  if (charge < ab[kAChargeN]) return false;
  if (c_.players[p].hand.n < ab[kADiscardN]) return false;
  if (!can_pay(p, ab[kAColourN], ab[kAColours], ci.zone == Zone::Resource ? i : kNone)) return false;
  const int zx_n = 1 + ((ab[kACostFlags] >> kCostZXShift) & kCostZXMask);  // "[Sleep N of your Z/X]" (Z15.355)
  if (ab[kACostZX] >= 0 && count_cost_zx(ab[kACostZX], p, i) < zx_n) return false;
  return ab[kACondLength] == 0 || eval(ab[kACond], ab[kACondLength], i, p, kNoObject) != 0;
}

// A Z/X a "[Sleep 1 of your Z/X ...]" cost of card i's may Sleep: one of p's on a Square, in Reboot, matching the
// cost's filter, and choosable (no Isolate, as every choice of an ability: rules.md Z15.221).
bool State::cost_zx(int filter, int p, int i, int zx) const {
  return zx != kNone && !c_.inst[zx].sleeping && c_.inst[zx].owner == p && choosable(filter, zx, p, i, nullptr);
}

bool State::any_cost_zx(int filter, int p, int i) const { return count_cost_zx(filter, p, i) > 0; }

int State::count_cost_zx(int filter, int p, int i) const {
  int n = 0;
  for (int s = 0; s < kSquares; ++s) n += cost_zx(filter, p, i, c_.board[s]) ? 1 : 0;
  return n;
}

void State::list_startups(int p, ActionList& out) const {
  if (!game_->options().effects || !game_->has_startup()) return;
  auto card = [&](int i) {
    if (!game_->has_startup(c_.inst[i].def) && !(game_->has_grants() && c_.inst[i].zone == Zone::Square)) return;
    for (int k = 0; k < kStartupPerCard; ++k) {
      if (startup_usable(p, i, k)) out.push(action::kFirstStartup + i * kStartupPerCard + k);
    }
  };
  // Squares and Charge hold different cards, and the list is sorted afterwards (legal_actions).
  for (int s = 0; s < kSquares; ++s) {
    if (c_.board[s] != kNone && c_.inst[c_.board[s]].owner == p) card(c_.board[s]);
  }
  const CardList& charge = c_.players[p].charge;
  for (int k = 0; k < charge.n; ++k) card(charge.ids[k]);
  if (game_->has_zone_startups()) {  // "usable only while this card is in your hand (Resource)" (B04-093, B05-026)
    for (const CardList* l : {&c_.players[p].hand, &c_.players[p].resource}) {
      for (int k = 0; k < l->n; ++k) card(l->ids[k]);
    }
  }
}

// Steps: 0 paying the colour Cost (a Resource card at a time), 1 choosing the Charge cards to Trash, 2 the hand
// cards to discard (e >> 2 of them left), 3 the Z/X to Sleep (e & 1 while one is to be chosen, e >> 2 more after it:
// "[Sleep 5 of your ... Z/X]", one at a time), 4 the card's own costs,
// then the ability resolves (an Effect frame in this frame's place).
bool State::step_startup(Frame& f) {
  const auto& ab = game_->ability(f.b);
  switch (f.step) {
    case 0:
      if (f.d > 0) return false;
      f.step = 1;
      return true;
    case 1:
      if (f.c > 0) return false;
      f.step = 2;
      return true;
    case 2:
      if ((f.e >> 2) > 0 && c_.players[f.player].hand.n > 0) return false;
      f.step = 3;
      f.e = static_cast<uint8_t>((f.e & 3) | (((ab[kACostFlags] >> kCostZXShift) & kCostZXMask) << 2));
      return true;
    case 3:  // none left to Sleep (it was usable: one was there; nothing between took it) ends the step, as a pass
      if ((f.e & 1) && any_cost_zx(ab[kACostZX], f.player, f.a)) return false;
      f.e = static_cast<uint8_t>(f.e & 2);
      f.step = 4;
      return true;
    default: {
      const int i = f.a, p = f.player, j = f.b;
      const int flags = ab[kACostFlags];
      if ((flags & kSelfChargeToTrash) && c_.inst[i].zone == Zone::Charge) put(i, Zone::Trash);
      if ((flags & kSleepSelf) && c_.inst[i].zone == Zone::Square) c_.inst[i].sleeping = 1;
      if ((flags & kOncePerTurn) && c_.inst[i].zone == Zone::Square) c_.inst[i].status |= kStatusUsedOnce;
      if ((flags & kDestroySelf) && c_.inst[i].zone == Zone::Square) destroy(i);
      pop();
      push(effect_frame(p, i, j, kNone));
      return true;
    }
  }
}

void State::answer_startup(Frame& f, int a) {
  const int i = (a - action::kFirstBlock) % kMaxInstances;
  if (f.step == 0) {
    c_.inst[i].sleeping = 1;
    if ((colours(i) & game_->ability(f.b)[kAColours]) != 0) f.e |= 2;
    --f.d;
  } else if (f.step == 1) {
    put(i, Zone::Trash);
    --f.c;
  } else if (f.step == 3) {
    c_.inst[i].sleeping = 1;  // the cost's Z/X (rules.md Z15.221), one at a time (Z15.355)
    f.e = static_cast<uint8_t>((f.e >> 2) > 0 ? f.e - 4 : f.e & ~1);
  } else {
    put(i, Zone::Trash);  // discarded (Z12.8)
    f.e = static_cast<uint8_t>(f.e - 4);
  }
}

}  // namespace tcbg::zx
