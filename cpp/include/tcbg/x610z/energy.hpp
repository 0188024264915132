// Energy: costs, pools and how tcbg pays (rules.md section 4).
//
// Energy counts are five small numbers in the order of docs/card-data.md C4: colorless, boost, mystic, robiumm,
// halos. A colored requirement takes energy of its own type; a colorless requirement takes any energy; colorless
// energy pays only colorless requirements. Nothing here allocates.
#pragma once

#include <array>
#include <cstdint>

namespace tcbg::x610z {

enum Energy : uint8_t { kColorless = 0, kBoost = 1, kMystic = 2, kRobiumm = 3, kHalos = 4 };
inline constexpr int kEnergyTypes = 5;

using EnergyCounts = std::array<uint16_t, kEnergyTypes>;

// What a payment takes: energy from the pool, and crystals to activate (one energy each, rules.md 4.2).
struct Payment {
  EnergyCounts from_pool{};
  EnergyCounts crystals{};
};

// Can `cost` be paid from `pool` plus the unactivated crystals counted by type in `crystals`? (rules.md 4.2)
bool can_pay(const EnergyCounts& cost, const EnergyCounts& pool, const EnergyCounts& crystals);

// The payment tcbg makes (rules.md 4.3). Returns false, leaving `out` unspecified, when the cost cannot be paid.
bool plan_payment(const EnergyCounts& cost, const EnergyCounts& pool, const EnergyCounts& crystals, Payment& out);

}  // namespace tcbg::x610z
