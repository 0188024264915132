// The process machine (docs/zx/engine.md "Frames"): the turn and its phases, priority preprocessing with the rule
// effects in their order, Reload, Ignition, player damage, the keyword abilities and the instructions of card
// programs. Each step does one atomic thing and returns, so that the Reload check between steps (CR 902.1: "at any
// time") halts whatever is resolving the moment a deck is empty, and the halted frame resumes where it stopped.
#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

void State::push(Frame f) {
  if (c_.frame_n >= kMaxFrames) throw GameError("frames", "the process stack is full", "Z9.5");
  c_.frames[c_.frame_n++] = f;
}

namespace {
Frame make(Kind kind, int player, int a = kNone, int b = kNone) {
  Frame f;
  f.kind = kind;
  f.player = static_cast<uint8_t>(player);
  f.a = static_cast<uint8_t>(a);
  f.b = static_cast<uint8_t>(b);
  return f;
}
}  // namespace

void State::advance() {
  while (!c_.over && c_.frame_n > 0) {
    if (any_deck_empty() && reload_due()) continue;
    if (!step()) return;
  }
}

// CR 902.1 (the seed's Reload Effect): the moment a player's deck is empty while their Trash is not, all of the
// Trash is shuffled into a new deck at once; then a frame is pushed for the opponent's pick of a Life card to Charge.
bool State::reload_due() {
  for (int k = 0; k < kPlayers; ++k) {
    const int p = k == 0 ? c_.turn_player : 1 - c_.turn_player;
    PlayerState& ps = c_.players[p];
    if (ps.deck.n != 0 || ps.trash.n == 0) continue;
    while (ps.trash.n > 0) {
      const int i = ps.trash.top();
      put(i, Zone::Deck);
    }
    shuffle_deck(p);
    Frame f = make(Kind::Reload, p);
    f.step = 1;
    push(f);
    return true;
  }
  return false;
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
    case Kind::Reload:  // step 1: the opponent picks a Life card (a decision), unless there is none
      if (c_.players[f.player].life.n == 0) {
        pop();
        return true;
      }
      return false;
    case Kind::Ignition: return step_ignition(f);
    case Kind::Play: return step_play(f);
    case Kind::Battle: return step_battle(f);
    case Kind::Damage: return step_damage(f);
    case Kind::Excess: {
      PlayerState& ps = c_.players[f.player];
      if (f.step == 0) {
        if (ps.charge.n - f.a > ps.charge_limit) {
          f.step = 1;
          return false;
        }
        // CR 906.1: the chosen cards go to Trash together.
        for (int k = ps.charge.n - 1; k >= 0; --k) {
          const int i = ps.charge.ids[k];
          if (c_.inst[i].marked) put(i, Zone::Trash);
        }
        pop();
        return true;
      }
      return false;
    }
    case Kind::Program: return step_program(f);
    case Kind::LifeRecovery: {
      // CR 1102.1 / 1012.1: if your Life is at most your opponent's, the top card of the deck goes into Life.
      const int p = f.player;
      pop();
      PlayerState& ps = c_.players[p];
      if (ps.life.n <= c_.players[1 - p].life.n && ps.deck.n > 0) put(ps.deck.top(), Zone::Life);
      return true;
    }
    case Kind::VoidBringer: {
      if (f.step == 1) return false;
      const int p = f.player;
      bool any = false;
      for (int s = 0; s < kSquares; ++s) {
        if (c_.board[s] != kNone && !game_->card_of(c_.board[s]).has(kIsolate)) any = true;
      }
      if (any && c_.players[p].life.n <= c_.players[1 - p].life.n) {
        f.step = 1;
        return false;
      }
      pop();
      return true;
    }
  }
  pop();
  return true;
}

// Set-up (rules.md 5.4 - 5.7): the first player, then the second, keep or mulligan once; then each puts the top 4
// cards of the deck face down into Life and the next 2 face up into Resource, in Reboot.
bool State::step_mulligan(Frame& f) {
  if (f.step == 0) return false;
  if (f.player == c_.first_player) {
    f.player = static_cast<uint8_t>(1 - f.player);
    f.step = 0;
    return false;
  }
  for (int k = 0; k < kPlayers; ++k) {
    const int p = k == 0 ? c_.first_player : 1 - c_.first_player;
    PlayerState& ps = c_.players[p];
    for (int j = 0; j < kStartLife && ps.deck.n > 0; ++j) put(ps.deck.top(), Zone::Life);
    for (int j = 0; j < kStartResource && ps.deck.n > 0; ++j) put(ps.deck.top(), Zone::Resource);
  }
  pop();
  return true;
}

// The turn (CR 501-507). Steps: 0 Reboot; 1-2 Draw; 3-4 Resource; 5-7 Ignition; 8-9 Main; 10-12 End; 13 the next
// turn. Even steps push priority preprocessing where the CR runs it; 4, 7, 9 and 12 wait for the turn player.
bool State::step_turn(Frame& f) {
  const int p = f.player;
  PlayerState& ps = c_.players[p];
  switch (f.step) {
    case 0: {
      if (c_.turn >= game_->options().max_turns) {  // rules.md Z1.6
        for (auto& q : c_.players) q.outcome = Outcome::Drawn;
        end_game(EndReason::TurnLimit);
        return true;
      }
      ++c_.turn;
      c_.turn_player = static_cast<uint8_t>(p);
      // Reboot phase (rules.md Z6.1): every Sleeping card of the turn player's, on Squares and in Resource.
      for (int s = 0; s < kSquares; ++s) {
        if (c_.board[s] != kNone && c_.inst[c_.board[s]].owner == p) c_.inst[c_.board[s]].sleeping = 0;
      }
      for (int k = 0; k < ps.resource.n; ++k) c_.inst[ps.resource.ids[k]].sleeping = 0;
      f.step = 1;
      push(make(Kind::Preprocess, p));
      return true;
    }
    case 1:
      f.step = 2;
      if (c_.turn != 1) {  // CR 503.3a: not the first player's first turn
        Frame d = make(Kind::Draw, p, kDrawPerTurn);
        push(d);
      }
      return true;
    case 2: case 5: case 8:
      f.step = static_cast<uint8_t>(f.step + 1);
      push(make(Kind::Preprocess, p));
      return true;
    case 3:
      f.step = ps.hand.n > 0 ? 4 : 5;
      return f.step != 4;
    case 6:
      f.step = ps.charge.n > 0 ? 7 : 8;
      return f.step != 7;
    case 10: {
      // End phase (rules.md Z6.6): damage is removed and "until end of turn" ends, for every Z/X.
      for (int s = 0; s < kSquares; ++s) {
        if (c_.board[s] != kNone) {
          c_.inst[c_.board[s]].damage = 0;
          c_.inst[c_.board[s]].power_mod = 0;
        }
      }
      f.step = 11;
      push(make(Kind::Preprocess, p));
      return true;
    }
    case 11:
      f.step = ps.hand.n > ps.hand_limit ? 12 : 13;
      return f.step != 12;
    case 13:
      f.player = static_cast<uint8_t>(1 - p);
      f.step = 0;
      return true;
    default:
      return false;  // 4, 7, 9, 12: decisions
  }
}

// Priority preprocessing (CR 702.1, 901): the rule effects in their CR 901.2 order, each applied and the list
// checked again from the start, until none applies; then the waiting automatic abilities (rules.md 12.1), the turn
// player choosing the order when more than one waits.
bool State::step_preprocess(Frame& f) {
  if (f.step == 1) return false;
  const int tp = c_.turn_player;
  // CR 906.1 Charge excess: the owner chooses.
  for (int k = 0; k < kPlayers; ++k) {
    const int p = k == 0 ? tp : 1 - tp;
    if (c_.players[p].charge.n > c_.players[p].charge_limit) {
      push(make(Kind::Excess, p, 0));
      return true;
    }
  }
  // CR 904 Lethal damage: every Z/X whose damage reaches its Power, or whose Power is 0 or less, is destroyed at
  // once, into its owner's Charge (CR 1007.1).
  uint8_t doomed[kSquares];
  int n = 0;
  for (int s = 0; s < kSquares; ++s) {
    const int i = c_.board[s];
    if (i == kNone) continue;
    const int pw = power(i);
    if (pw <= 0 || c_.inst[i].damage >= pw) doomed[n++] = static_cast<uint8_t>(i);
  }
  if (n > 0) {
    for (int k = 0; k < n; ++k) put(doomed[k], Zone::Charge);
    return true;
  }
  // CR 903 / 101.2-101.3 Loss: no Life left; both at once is a draw.
  const bool lost0 = c_.players[0].life.n == 0, lost1 = c_.players[1].life.n == 0;
  if (lost0 || lost1) {
    c_.players[0].outcome = lost0 && lost1 ? Outcome::Drawn : lost0 ? Outcome::Lost : Outcome::Won;
    c_.players[1].outcome = lost0 && lost1 ? Outcome::Drawn : lost1 ? Outcome::Lost : Outcome::Won;
    end_game(EndReason::Life);
    return true;
  }
  // CR 909 Player damage.
  for (int k = 0; k < kPlayers; ++k) {
    const int p = k == 0 ? tp : 1 - tp;
    if (c_.players[p].pending_damage > 0) {
      --c_.players[p].pending_damage;
      push(make(Kind::Damage, p));
      return true;
    }
  }
  if (c_.waiting_n == 1) {
    const Waiting w = c_.waiting[0];
    c_.waiting_n = 0;
    push(make(w.kind, w.player, w.card));
    return true;
  }
  if (c_.waiting_n > 1) {
    f.step = 1;
    return false;
  }
  pop();
  return true;
}

// CR 505.3a: the chosen Charge card goes to Trash, then the top card of the deck is revealed; an Ignition card may
// be played without its cost, else (or if not played) it goes to Trash. The revealed card stays the deck's top until
// it leaves, so a deck it empties is rebuilt after it has gone (the seed's case 1).
bool State::step_ignition(Frame& f) {
  PlayerState& ps = c_.players[f.player];
  switch (f.step) {
    case 0:
      put(f.a, Zone::Trash);
      f.step = 1;
      return true;
    case 1: {
      if (ps.deck.n == 0) {  // nothing to reveal (rules.md Z10.3)
        pop();
        return true;
      }
      const int i = ps.deck.top();
      f.b = static_cast<uint8_t>(i);
      c_.inst[i].record |= kRecordFlagDrawn;
      if (game_->card_of(i).ignition && may_play_free(f.player, i)) {
        f.step = 2;
        return false;
      }
      put(i, Zone::Trash);
      pop();
      return true;
    }
    case 2: return false;
    default:
      pop();
      return true;
  }
}

// CR 909 (sources.md item 54): the opponent picks one of the player's face-down Life cards by position; it is
// revealed, still counted in Life (ruling B03-048); an Ignition card may be played without its cost, else it goes
// to Charge.
bool State::step_damage(Frame& f) {
  switch (f.step) {
    case 0:
      if (c_.players[f.player].life.n == 0) {
        pop();
        return true;
      }
      return false;
    case 1: {
      const int i = f.a;
      if (game_->card_of(i).ignition && may_play_free(f.player, i)) {
        f.step = 2;
        return false;
      }
      put(i, Zone::Charge);
      pop();
      return true;
    }
    case 2: return false;
    default:
      pop();
      return true;
  }
}

// An Event's instructions, in order (docs/zx/engine.md "Instructions"). a: the card, b: the instruction, c: how many
// of its count are done. Draw takes one card per step, so a Reload halts it between cards.
// A Z/X a card effect may choose: on a Square and without Isolate (rules.md 11.5).
bool State::effect_target(int s) const { return c_.board[s] != kNone && !game_->card_of(c_.board[s]).has(kIsolate); }
bool State::any_effect_target() const {
  for (int s = 0; s < kSquares; ++s) {
    if (effect_target(s)) return true;
  }
  return false;
}

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
