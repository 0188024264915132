// Continuous abilities (docs/zx/cards.md "The language"): the walk over the abilities that apply now, and what
// they change: Power, Costs, colours, the Charge limit, damage dealt, the Ignition icon, what may be played and from
// which zone (rules.md Z12, Z15.130, Z15.224, Z15.342).
#include "tcbg/zx/game.hpp"
#include "effects_shared.hpp"

namespace tcbg::zx {

using namespace fx;
using namespace cursor;

// -- continuous abilities ------------------------------------------------------------------------------------

// Each continuous ability of kind `kind` of the Z/X on Squares whose subject filter matches `object` and whose
// condition holds (read with `cond_object`): f(ability, source, owner) returns false to stop the walk. Power
// abilities are walked in the narrower list of each card's continuous Power abilities.
// An ability working from the Resource (zone kFromResource, rules.md Z15.321) is walked among the Resource cards
// after the Squares, and never works from a Square.
template <class F>
void State::for_each_continuous(int kind, int object, int cond_object, F&& f) const {
  // Ability k of card src (in `zone`): false when f asks to stop.
  auto visit = [&](int src, int zone) {
    int first = 0;
    const int n = kind == kContinuousPower ? game_->continuous_of(c_.inst[src].def, first)
                                           : game_->abilities_of(c_.inst[src].def, first);
    const int owner = c_.inst[src].owner;
    for (int k = first; k < first + n; ++k) {
      const auto& ab = game_->ability(k);
      if (ab[kAKind] != kind || (ab[kAZone] == kFromResource) != (zone == kFromResource)) continue;
      if (!matches(ab[kAFilter], object, owner, src, nullptr)) continue;
      if (ab[kACondLength] > 0 && !eval(ab[kACond], ab[kACondLength], src, owner, cond_object)) continue;
      if (!f(ab, src, owner)) return false;
    }
    return true;
  };
  for (int s = 0; s < kSquares; ++s) {
    if (c_.board[s] != kNone && !visit(c_.board[s], kFromSquare)) return;
  }
  if (!game_->has_resource_continuous()) return;
  for (int p = 0; p < kPlayers; ++p) {
    const CardList& resource = c_.players[p].resource;
    for (int k = 0; k < resource.n; ++k) {
      if (!visit(resource.ids[k], kFromResource)) return;
    }
  }
}

int State::continuous_power(int i) const {
  // A continuous amount that reads a Power would read this again: inside one, Powers are their own without
  // continuous changes (rules.md Z12.6).
  if (continuous_depth_ > 0) return 0;
  if (power_memo_ != nullptr) {  // a query: every Z/X's at once, read once (PowerScope)
    if (!power_memo_->ready) {
      continuous_powers(power_memo_->total);
      power_memo_->ready = true;
    }
    return power_memo_->total[c_.inst[i].square];
  }
  return continuous_power_of(i);
}

int State::continuous_power_of(int i) const {
  if (continuous_depth_ > 0) return 0;
  ++continuous_depth_;
  int total = 0;
  for_each_continuous(kContinuousPower, i, i, [&](const auto& ab, int src, int owner) {
    total += eval(ab[kACode], ab[kALength], src, owner, i);
    return true;
  });
  --continuous_depth_;
  return total;
}

// The same sums as continuous_power_of for every Z/X on a Square, in one walk: for each continuous Power ability
// of the Squares' Z/X, the Z/X its filter matches, its condition and amount read once for all of them unless they
// read the Z/X they change (Game::reads_subject).
void State::continuous_powers(std::array<int32_t, kSquares>& total) const {
  total.fill(0);
  ++continuous_depth_;
  for (int s = 0; s < kSquares; ++s) {
    const int src = c_.board[s];
    if (src == kNone) continue;
    int first = 0;
    const int n = game_->continuous_of(c_.inst[src].def, first);
    const int owner = c_.inst[src].owner;
    for (int k = first; k < first + n; ++k) {
      const auto& ab = game_->ability(k);
      if (ab[kAKind] != kContinuousPower) continue;
      const bool once = !game_->reads_subject(k);
      int known = -1, value = 0;  // once: -1 not read yet, 0 the condition fails, 1 it holds and adds `value`
      for (int t = 0; t < kSquares; ++t) {
        const int target = c_.board[t];
        if (target == kNone || !matches(ab[kAFilter], target, owner, src, nullptr)) continue;
        if (known < 0 || !once) {
          known = ab[kACondLength] == 0 || eval(ab[kACond], ab[kACondLength], src, owner, target) != 0;
          value = known ? eval(ab[kACode], ab[kALength], src, owner, target) : 0;
        }
        total[t] += value;
      }
    }
  }
  --continuous_depth_;
}

bool State::play_allowed(int p, int i) const {
  if (!game_->has_play_condition()) return true;
  const int k = game_->play_condition(c_.inst[i].def);
  if (k < 0) return true;
  const auto& ab = game_->ability(k);
  return eval(ab[kACond], ab[kACondLength], i, p, kNoObject) != 0;
}

int State::changed_cost(int i, int printed) const {
  if (cost_depth_ > 0) return printed;
  ++cost_depth_;
  int total = 0;
  bool floor = false;
  for_each_continuous(kContinuousCost, i, i, [&](const auto& ab, int src, int owner) {
    total += eval(ab[kACode], ab[kALength], src, owner, i);
    floor = floor || ab[kAEvent] == 1;
    return true;
  });
  --cost_depth_;
  const int low = floor ? std::min(printed, 1) : 0, now = printed + total;
  return now < low ? low : now > 99 ? 99 : now;  // 99: the highest Cost a card has (card-data.md)
}

uint8_t State::changed_colours(int i) const {
  const uint8_t printed = game_->colours_of(i);
  if (colour_depth_ > 0) return printed;  // a colour read inside the condition is the printed one (Z15.342)
  ++colour_depth_;
  const auto& ab = game_->ability(game_->colour_ability(c_.inst[i].def));
  const int owner = c_.inst[i].owner;
  const bool on = matches(ab[kAFilter], i, owner, i, nullptr) &&
                  (ab[kACondLength] == 0 || eval(ab[kACond], ab[kACondLength], i, owner, kNoObject) != 0);
  --colour_depth_;
  return on ? static_cast<uint8_t>(ab[kAColours]) : printed;
}

int State::continuous_charge_limit(int p) const {
  int limit = c_.players[p].charge_limit;
  bool unlimited = false;
  for_each_continuous(kContinuousChargeLimit, p, kNoObject, [&](const auto& ab, int src, int owner) {
    if (ab[kAEvent] == 1) return !(unlimited = true);  // "your Charge has no limit" (B01-103)
    limit += eval(ab[kACode], ab[kALength], src, owner, kNoObject);
    return true;
  });
  if (unlimited) return 255;
  return limit < 0 ? 0 : limit > 255 ? 255 : limit;
}

int State::damage_dealt(int source, int target, int amount) const {
  if (!game_->has_damage_change() || amount <= 0) return amount;
  int total = amount;
  if (source >= 0 && source < game_->num_instances()) {
    for_each_continuous(kContinuousDamage, source, target, [&](const auto& ab, int src, int owner) {
      total += eval(ab[kACode], ab[kALength], src, owner, target);
      return true;
    });
  }
  if (total <= 0) return 0;
  int first = 0;
  const int n = game_->abilities_of(c_.inst[target].def, first);
  for (int k = first; k < first + n; ++k) {  // "not dealt any single damage of N or less": the damage as changed
    const auto& ab = game_->ability(k);
    if (ab[kAKind] != kPreventDamage) continue;
    if (ab[kACondLength] > 0 && !eval(ab[kACond], ab[kACondLength], target, c_.inst[target].owner, target)) continue;
    if (total <= eval(ab[kACode], ab[kALength], target, c_.inst[target].owner, target)) return 0;
  }
  return total;
}

bool State::has_ignition(int i) const {
  const CardDef& cd = game_->card_of(i);
  if (cd.ignition) return true;
  if (!game_->options().effects) return false;
  int first = 0;
  const int n = game_->abilities_of(c_.inst[i].def, first);
  for (int k = first; k < first + n; ++k) {
    const auto& ab = game_->ability(k);
    if (ab[kAKind] == kContinuousIgnition && eval(ab[kACond], ab[kACondLength], i, c_.inst[i].owner, i)) return true;
  }
  return false;
}

// -- playing cards from other zones (rules.md Z15.130) ---------------------------------------------------------

bool State::play_from_allowed(int p, int i, bool& free) const {
  free = false;
  if (!game_->has_play_from() || c_.inst[i].owner != p) return false;
  bool allowed = false;
  const int colours = this->colours(i);
  for_each_continuous(kContinuousPlayFrom, i, kNoObject, [&](const auto& ab, int, int owner) {
    if (owner != p || (ab[kAColours] != 0 && (colours & ab[kAColours]) == 0)) return true;
    allowed = true;
    if (ab[kAEvent] == 1) free = true;
    return !free;
  });
  return allowed;
}

}  // namespace tcbg::zx
