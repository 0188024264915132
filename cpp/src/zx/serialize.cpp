// Positions as bytes (docs/zx/state-format.md): the record behind a header; reading it back checks everything.
#include <cstring>
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

namespace {
constexpr char kMagic[4] = {'Z', 'X', 'S', '1'};
constexpr size_t kHeader = 4 + 8 + 4;
}  // namespace

// The bytes: "ZXS1", the game's fingerprint (8 bytes), the record's size (4 bytes), the record (little-endian, as in
// memory: docs/zx/state-format.md).
std::string State::serialize() const {
  std::string out(kHeader + sizeof(Core), '\0');
  std::memcpy(out.data(), kMagic, 4);
  const uint64_t fp = game_->fingerprint();
  std::memcpy(out.data() + 4, &fp, 8);
  const uint32_t size = sizeof(Core);
  std::memcpy(out.data() + 12, &size, 4);
  std::memcpy(out.data() + kHeader, &c_, sizeof(Core));
  return out;
}

State State::deserialize(std::shared_ptr<const Game> game, const std::string& bytes) {
  if (bytes.size() != kHeader + sizeof(Core) || std::memcmp(bytes.data(), kMagic, 4) != 0) {
    throw GameError("state", "not a Z/X position of this engine version (" + std::to_string(bytes.size()) + " bytes)",
                    "state-format");
  }
  uint64_t fp = 0;
  std::memcpy(&fp, bytes.data() + 4, 8);
  if (fp != game->fingerprint()) throw GameError("state.game", "the position belongs to another game", "state-format");
  uint32_t size = 0;
  std::memcpy(&size, bytes.data() + 12, 4);
  if (size != sizeof(Core)) throw GameError("state.size", "record size mismatch", "state-format");
  State s(game, 0);  // a position of the game, overwritten whole below
  std::memcpy(static_cast<void*>(&s.c_), bytes.data() + kHeader, sizeof(Core));
  const std::string why = s.invariant_violation();
  if (!why.empty()) throw GameError("state", why, "state-format");
  return s;
}

}  // namespace tcbg::zx
