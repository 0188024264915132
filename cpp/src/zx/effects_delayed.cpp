// "At the end of the turn" (docs/zx/cards.md "At the end of the turn"; rules.md Z15.320 - Z15.322): the cards an
// ability remembered (REMEMBER) are marked with their rememberer in their instance record, so the position holds
// them and a card that leaves its zone is forgotten with nothing else to keep in step. At the end of each turn,
// every card remembering cards still where it put them has its kDelayed ability wait, once for all of them.
#include <array>

#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

// Only a game with such an ability has remembered cards (the invariants hold every mark to one): others skip the walk.
void State::remembered_turn_ends() {
  if (!game_->has_delayed()) return;
  std::array<bool, kMaxInstances> queued{};
  for (int i = 0; i < game_->num_instances(); ++i) {
    const int by = c_.inst[i].remembered_by;
    if (by == 0 || queued[by - 1]) continue;
    const int src = by - 1;
    queued[src] = true;
    const int k = game_->delayed_ability(c_.inst[src].def);
    if (k >= 0) enqueue_auto(c_.inst[src].owner, src, k, kNone, 0);  // its card's controller, wherever it is now
  }
}

void State::forget() {
  // with effects on, no card is marked unless one has the ability; with them off, a position read in may hold marks
  if (game_->options().effects && !game_->has_delayed()) return;
  for (int i = 0; i < game_->num_instances(); ++i) c_.inst[i].remembered_by = 0;
}

}  // namespace tcbg::zx
