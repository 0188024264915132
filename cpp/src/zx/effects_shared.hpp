// What the files of the Z/X effect host share (effects.cpp runs instructions, effects_startup.cpp answers their
// decisions): what a resolution's cursor holds (an empty register, the steps of an instruction under way), and the
// walk over a filter's candidate objects.
#pragma once

#include <array>
#include <cstdint>

#include "tcbg/core/effects.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg::zx::cursor {

using namespace tcbg::zx::fx;

constexpr int32_t kNoObject = tcbg::fx::kNone;  // an empty register: no object, nobody could be chosen
constexpr uint8_t kDone = 0xFF;                 // cursor.step of a finished instruction yielding to a Reload
// cursor.step of a PAY: 0 the yes / no, then kPaying | kPayColour (one of the colour paid) | the cards left to Sleep.
constexpr uint8_t kPaying = 0x80, kPayColour = 0x40, kPayLeft = 0x3F;


// The objects a filter may match, in increasing id order, with `fn(id)` until it returns true: players, Squares, the
// Z/X on the Squares (at most 9), the cards of the filter's zone (else every instance). Reading only the candidates
// keeps a continuous amount such as C01-011's count cheap enough to be read on every Power.
template <class Fn>
inline void for_objects(const Core& c, const Game& g, int filter, Fn fn) {
  const auto& F = g.tables().filters[filter];
  const int kind = F[kFKind];
  if (kind == kPlayer || kind == kSquare) {
    const int n = kind == kPlayer ? kPlayers : kSquares;
    for (int o = 0; o < n; ++o) {
      if (fn(o)) return;
    }
    return;
  }
  std::array<uint8_t, kMaxInstances> ids;
  int n = 0;
  if (kind == kZX) {
    for (int s = 0; s < kSquares; ++s) {
      if (c.board[s] != kNone) ids[n++] = c.board[s];
    }
  } else if (F[kFZone] != 0 && F[kFZone] != static_cast<int>(Zone::Square)) {
    for (const PlayerState& ps : c.players) {
      const CardList* l = nullptr;
      switch (static_cast<Zone>(F[kFZone])) {
        case Zone::Deck: l = &ps.deck; break;
        case Zone::Hand: l = &ps.hand; break;
        case Zone::Life: l = &ps.life; break;
        case Zone::Charge: l = &ps.charge; break;
        case Zone::Trash: l = &ps.trash; break;
        case Zone::Resource: l = &ps.resource; break;
        default: break;
      }
      if (l == nullptr) {  // a zone without a list (the Player card, resolving): every instance
        n = 0;
        for (int o = 0; o < g.num_instances(); ++o) ids[n++] = static_cast<uint8_t>(o);
        break;
      }
      for (int k = 0; k < l->n; ++k) ids[n++] = l->ids[k];
    }
  } else {
    for (int o = 0; o < g.num_instances(); ++o) ids[n++] = static_cast<uint8_t>(o);
  }
  for (int k = 1; k < n; ++k) {  // insertion sort: short or already in order
    const uint8_t v = ids[k];
    int j = k - 1;
    while (j >= 0 && ids[j] > v) {
      ids[j + 1] = ids[j];
      --j;
    }
    ids[j + 1] = v;
  }
  for (int k = 0; k < n; ++k) {
    if (fn(ids[k])) return;
  }
}

}  // namespace tcbg::zx::cursor
