// Determinization for search over hidden information (docs/agents.md): one possible world consistent with what an
// observer knows.
#include <array>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

// What a player cannot see: the order of every deck (their own included) and the cards in other players' hands.
// Those cards are dealt again, per owner, into the same places: a hand holds only its owner's cards (rules.md 5.1)
// and keeps its size, a deck keeps its size. The "drawn" record follows the place, not the card: it is set exactly
// for the cards in the hand of a player who has kept (rules.md 5.2), which is what the engine's own drawing gives.
void State::determinize(int observer, CounterRng& rng) {
  const Game& g = *game_;
  if (observer < 0 || observer >= g.num_players()) {
    throw GameError("observer", "no player " + std::to_string(observer), "rules.md 5.1");
  }
  std::array<uint16_t, 2 * kMaxDeck> unseen{};
  for (int p = 0; p < g.num_players(); ++p) {
    PlayerState& ps = players_[p];
    const bool hand_hidden = p != observer;
    int n = 0;
    if (hand_hidden) {
      for (int k = 0; k < ps.hand_size; ++k) unseen[n++] = ps.hand[k];
    }
    for (int k = 0; k < ps.deck_size; ++k) unseen[n++] = ps.deck[k];
    rng.shuffle(unseen.data(), n);
    int next = 0;
    if (hand_hidden) {
      for (int k = 0; k < ps.hand_size; ++k) {
        ps.hand[k] = unseen[next++];
        CardInstance& c = instances_[ps.hand[k]];
        c.zone = Zone::Hand;
        c.record = static_cast<uint8_t>((c.record & ~kRecordDrawn) | (ps.kept ? kRecordDrawn : 0));
      }
    }
    for (int k = 0; k < ps.deck_size; ++k) {
      ps.deck[k] = unseen[next++];
      CardInstance& c = instances_[ps.deck[k]];
      c.zone = Zone::Deck;
      c.record = static_cast<uint8_t>(c.record & ~kRecordDrawn);
    }
  }
  rng_ = CounterRng(rng.next());  // later shuffles (Murphy's Law) are as unknown as the decks
  rebuild_derived();               // zones were written directly: keep every derived set in step
}

}  // namespace tcbg::x610z
