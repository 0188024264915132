// The process machine (docs/zx/engine.md "Frames"): frames pushed and run until one waits for a decision, and the
// end of the game. Each step does one atomic thing and returns, so that the Reload check between steps (CR 902.1:
// "at any time") halts whatever is resolving the moment a deck is empty, and the halted frame resumes where it
// stopped. The steps themselves: turn.cpp, rule_effects.cpp, play.cpp, battle.cpp, effects.cpp.
#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"
#include "frames.hpp"

namespace tcbg::zx {

void State::push(Frame f) {
  if (c_.frame_n >= kMaxFrames) throw GameError("frames", "the process stack is full", "Z9.5");
  c_.frames[c_.frame_n++] = f;
}


void State::advance() {
  while (!c_.over && c_.frame_n > 0) {
    if (any_deck_empty() && reload_due()) continue;
    if (!step()) return;
  }
}


void State::end_game(EndReason reason) {
  c_.over = 1;
  c_.end_reason = reason;
  c_.frame_n = 0;
  c_.waiting_n = 0;
}


bool State::step() {
  Frame& f = top();
  switch (f.kind) {
    case Kind::Mulligan: return step_mulligan(f);
    case Kind::Turn: return step_turn(f);
    case Kind::Preprocess: return step_preprocess(f);
    case Kind::Draw:
      if (f.a == 0 || f.a == kNone) {
        pop();
        return true;
      }
      draw_one(f.player);
      --f.a;
      return true;
    case Kind::Reload:  // step 1: the opponent picks a Life card (a decision), unless there is none (Z10.2)
      if (c_.players[f.player].life.n == 0) {
        pop();
        return true;
      }
      return false;
    case Kind::Ignition: return step_ignition(f);
    case Kind::Play: return step_play(f);
    case Kind::Battle: return step_battle(f);
    case Kind::Damage: return step_damage(f);
    case Kind::Excess: return step_excess(f);
    case Kind::Effect: return step_effect(f);
    case Kind::Startup: return step_startup(f);
    case Kind::LifeRecovery: return step_life_recovery(f);
    case Kind::VoidBringer: return step_void_bringer(f);
  }
  pop();
  return true;
}

void State::concede(int player) {
  if (player < 0 || player >= kPlayers) throw PositionError("player", "no player " + std::to_string(player), "101.4");
  if (c_.over) throw IllegalActionError("concede", "the game is over", "101.4");
  c_.players[player].outcome = Outcome::Lost;
  c_.players[1 - player].outcome = Outcome::Won;
  end_game(EndReason::Concede);
}

double State::player_return(int p) const {
  if (p < 0 || p >= kPlayers) return 0.0;
  switch (c_.players[p].outcome) {
    case Outcome::Won: return 1.0;
    case Outcome::Lost: return -1.0;
    default: return 0.0;
  }
}

}  // namespace tcbg::zx
