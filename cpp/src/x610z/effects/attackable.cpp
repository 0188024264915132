// What the path generators read of effects. "Cannot be attacked" (docs/cards.md Property CANNOT_BE_ATTACKED, granted or continuous): such a summon is never the
// target of an attack. The attack generators stay as they are (allocation-free, rules.md section 3); what they read
// is an occupancy in which every such summon stands for the attacker's own side, so no attack targets it while a
// line through its dot still pays its block rate (rules.md 3.1) as before.
#include <memory>

#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

const Occupancy& State::unattackable_view(const Mover& attacker) const {
  thread_local std::unique_ptr<Occupancy> view = std::make_unique<Occupancy>();
  bool changed = false;
  for (int p = 0; p < game_->num_players(); ++p) {
    for_each_instance(active_cards_[p], [&](int i) {
      const CardInstance& c = instances_[i];
      if (c.zone != Zone::Play || c.dot < 0 || !has_property(i, fx::kCannotBeAttacked)) return;
      if (!changed) *view = occupancy_;
      changed = true;
      view->player[c.dot] = static_cast<int8_t>(attacker.player);
    });
  }
  return changed ? *view : occupancy_;
}

void State::sync_block_rates() {
  for (int p = 0; p < game_->num_players(); ++p) {
    for_each_instance(active_cards_[p], [&](int i) {
      const CardInstance& c = instances_[i];
      if (c.zone == Zone::Play && c.dot >= 0 && occupancy_.player[c.dot] >= 0) {
        occupancy_.block_rate[c.dot] = block_rate_of(i);
      }
    });
  }
}

}  // namespace tcbg::x610z
