// A determinized copy for one player's knowledge (docs/zx/rules.md section 13).
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

// Redraws what `observer` cannot see (rules.md 13): their own deck order and face-down Life, the opponent's hand,
// deck order and Life. Each player's unseen cards are shuffled among that player's unseen places, every zone keeping
// its size; a revealed card or one being played stays where it is. The generator of later shuffles is reseeded.
void State::determinize(int observer, CounterRng& rng) {
  if (observer < 0 || observer >= kPlayers) throw PositionError("observer", "no player " + std::to_string(observer), "13.1");
  bool fixed[kMaxInstances] = {};
  for (int k = 0; k < c_.frame_n; ++k) {
    const Frame& f = c_.frames[k];
    if (f.kind == Kind::Play) fixed[f.a] = true;
    if (f.kind == Kind::Ignition && f.step >= 2) fixed[f.b] = true;
    if (f.kind == Kind::Damage && f.step >= 1) fixed[f.a] = true;
  }
  for (int p = 0; p < kPlayers; ++p) {
    PlayerState& ps = c_.players[p];
    CardList* lists[3] = {&ps.deck, &ps.life, &ps.hand};
    const int count = p == observer ? 2 : 3;
    uint8_t pool[kMaxInstances];
    int m = 0;
    for (int z = 0; z < count; ++z) {
      for (int k = 0; k < lists[z]->n; ++k) {
        if (!fixed[lists[z]->ids[k]]) pool[m++] = lists[z]->ids[k];
      }
    }
    rng.shuffle(pool, m);
    int next = 0;
    const Zone zones[3] = {Zone::Deck, Zone::Life, Zone::Hand};
    for (int z = 0; z < count; ++z) {
      for (int k = 0; k < lists[z]->n; ++k) {
        if (fixed[lists[z]->ids[k]]) continue;
        const int i = pool[next++];
        lists[z]->ids[k] = static_cast<uint8_t>(i);
        c_.inst[i].zone = zones[z];
      }
    }
  }
  c_.rng = CounterRng(rng.next());
}

}  // namespace tcbg::zx
