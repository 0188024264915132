// A process frame built in one expression (the process machine's helper, internal to cpp/src/zx).
#pragma once

#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

inline Frame make_frame(Kind kind, int player, int a = kNone, int b = kNone) {
  Frame f;
  f.kind = kind;
  f.player = static_cast<uint8_t>(player);
  f.a = static_cast<uint8_t>(a);
  f.b = static_cast<uint8_t>(b);
  return f;
}

}  // namespace tcbg::zx
