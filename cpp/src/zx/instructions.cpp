// The instructions card programs run (docs/zx/engine.md "Instructions"): Draw, ReturnFromHand, ShuffleDeck,
// BounceZX; each in steps, so that a Reload can halt a program between two cards.
#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"
#include "frames.hpp"

namespace tcbg::zx {

// A Z/X a card effect may choose: on a Square and without Isolate (rules.md 11.5).
bool State::effect_target(int s) const { return c_.board[s] != kNone && !game_->card_of(c_.board[s]).has(kIsolate); }
bool State::any_effect_target() const {
  for (int s = 0; s < kSquares; ++s) {
    if (effect_target(s)) return true;
  }
  return false;
}


// An Event's instructions, in order (docs/zx/engine.md "Instructions"). a: the card, b: the instruction, c: how many
// of its count are done. Draw takes one card per step, so a Reload halts it between cards.
bool State::step_program(Frame& f) {
  if (f.step == 1) return false;
  int length = 0;
  const Instr* prog = game_->program(c_.inst[f.a].def, length);
  if (f.b == kNone) f.b = 0;
  if (f.c == kNone) f.c = 0;
  if (f.b >= length) {
    pop();
    return true;
  }
  const Instr in = prog[f.b];
  PlayerState& ps = c_.players[f.player];
  switch (in.op) {
    case Op::Draw:
      if (f.c < in.n) {
        draw_one(f.player);
        ++f.c;
        return true;
      }
      break;
    case Op::ReturnFromHand:
      if (f.c < in.n && ps.hand.n > 0) {
        f.step = 1;
        return false;
      }
      break;
    case Op::ShuffleDeck:
      shuffle_deck(f.player);
      break;
    case Op::BounceZX:
      if (f.c < in.n && any_effect_target()) {
        f.step = 1;
        return false;
      }
      break;
  }
  ++f.b;
  f.c = 0;
  return true;
}

}  // namespace tcbg::zx
