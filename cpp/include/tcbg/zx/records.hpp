// Z/X's own bits of a card instance's per-game record (CardInstance::record, the card_flags column of a batch's
// records), beside the shared kRecordFlagDrawn, kRecordFlagCast and kRecordFlagInPlay of core/game_api.hpp: how a
// card was played for free, which a deck designer weighs apart from a paid play (docs/simulation.md, "Z/X records").
#pragma once

#include <cstdint>

namespace tcbg::zx {

inline constexpr uint8_t kRecordFlagFromIgnition = 8;  // played from the deck's top by an Ignition (CR 505.3a)
inline constexpr uint8_t kRecordFlagFromLife = 16;     // played from a Life card revealed by damage (CR 909)

}  // namespace tcbg::zx
