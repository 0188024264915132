#include "tcbg/x610z/energy.hpp"

namespace tcbg::x610z {

bool can_pay(const EnergyCounts& cost, const EnergyCounts& pool, const EnergyCounts& crystals) {
  int available = 0, needed = 0;
  for (int e = 0; e < kEnergyTypes; ++e) {
    available += pool[e] + crystals[e];
    needed += cost[e];
    if (e != kColorless && cost[e] > pool[e] + crystals[e]) return false;  // a colored need takes its own type
  }
  return needed <= available;  // the colorless need takes whatever is left, colorless energy included
}

namespace {

// Takes `need` units for a colorless requirement from `source` (the pool, then the crystals): colorless energy
// first, since it pays nothing else; then one unit at a time from the colored type with the most energy left
// (pool and crystals together), ties to the first in the order B, M, R, H.
int take_colorless(int need, EnergyCounts& source, EnergyCounts& taken, const EnergyCounts& other) {
  const int from_colorless = need < source[kColorless] ? need : source[kColorless];
  source[kColorless] -= from_colorless;
  taken[kColorless] += from_colorless;
  need -= from_colorless;
  while (need > 0) {
    int best = -1, best_left = -1;
    for (int e = kBoost; e < kEnergyTypes; ++e) {
      const int left = source[e] + other[e];
      if (source[e] > 0 && left > best_left) { best = e; best_left = left; }
    }
    if (best < 0) break;
    --source[best];
    ++taken[best];
    --need;
  }
  return need;
}

}  // namespace

bool plan_payment(const EnergyCounts& cost, const EnergyCounts& pool, const EnergyCounts& crystals, Payment& out) {
  if (!can_pay(cost, pool, crystals)) return false;
  out = Payment{};
  EnergyCounts pool_left = pool, crystals_left = crystals;
  for (int e = kBoost; e < kEnergyTypes; ++e) {  // colored needs: their own type, the pool before crystals
    const int from_pool = cost[e] < pool_left[e] ? cost[e] : pool_left[e];
    out.from_pool[e] = static_cast<uint16_t>(from_pool);
    out.crystals[e] = static_cast<uint16_t>(cost[e] - from_pool);
    pool_left[e] -= from_pool;
    crystals_left[e] -= out.crystals[e];
  }
  int need = take_colorless(cost[kColorless], pool_left, out.from_pool, crystals_left);
  need = take_colorless(need, crystals_left, out.crystals, pool_left);
  return need == 0;
}

}  // namespace tcbg::x610z
