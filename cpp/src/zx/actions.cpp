// Decisions as actions (docs/zx/actions.md): who decides now, the legal actions of each decision, what each does,
// and its text.
#include <algorithm>
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"
#include "frames.hpp"

namespace tcbg::zx {

using namespace action;

namespace {
Frame play_frame(const Game& g, int p, int i, Zone from, bool free, bool damage, int cost) {
  const CardDef& c = g.card_of(i);
  Frame f;
  f.kind = Kind::Play;
  f.player = static_cast<uint8_t>(p);
  f.a = static_cast<uint8_t>(i);
  f.b = static_cast<uint8_t>(from);
  f.c = kNone;
  f.d = static_cast<uint8_t>(free ? 0 : cost);  // the Cost when it is played (rules.md Z15.224)
  f.e = static_cast<uint8_t>((free ? 1 : 0) | ((free || cost == 0 || c.colours == 0) ? 2 : 0) | (damage ? 4 : 0));
  return f;
}
}  // namespace

// A card played from the hand, or from another zone an ability allows (Z15.130), free when the ability says so.
Frame State::hand_or_zone_play(int p, int i) const {
  const Zone from = c_.inst[i].zone;
  bool free = false;
  if (from != Zone::Hand) play_from_allowed(p, i, free);
  return play_frame(*game_, p, i, from, free, false, cost(i));
}

int State::decider() const {
  const Frame& f = top();
  switch (f.kind) {
    case Kind::Reload: return 1 - f.player;
    case Kind::Battle: return f.e & 1;
    case Kind::Damage: return f.step == 0 ? 1 - f.player : f.player;
    case Kind::Preprocess: return c_.turn_player;
    case Kind::Effect:
      if (f.step == 2) {  // the chooser (CHOOSE's c, ASK's b)
        const int32_t* ins = effect_instruction(f);
        const int reg = ins[0] == tcbg::fx::ASK || ins[0] == fx::kOpPay ? ins[2] : (ins[3] & 0xFF);
        const int who = c_.cursors[f.c].regs[reg];
        return who == 1 ? 1 : who == 0 ? 0 : f.player;
      }
      return f.player;
    default: return f.player;
  }
}

int State::current_player() const { return c_.over ? kTerminalPlayerId : decider(); }

// In increasing id order (OpenSpiel's order): the lists of zones are in zone order, so a short insertion sort ends.
void State::legal_actions(ActionList& out) const {
  if (game_->has_continuous()) {
    const PowerScope query(*this);  // a const query: each continuous Power read once (effects.cpp)
    list_actions(out);
  } else {
    list_actions(out);
  }
  for (int k = 1; k < out.size; ++k) {
    const uint16_t v = out.ids[k];
    int j = k - 1;
    while (j >= 0 && out.ids[j] > v) {
      out.ids[j + 1] = out.ids[j];
      --j;
    }
    out.ids[j + 1] = v;
  }
}

void State::list_actions(ActionList& out) const {
  out.size = 0;
  if (c_.over) return;
  const Frame& f = top();
  const int p = decider();
  const PlayerState& ps = c_.players[p];
  switch (f.kind) {
    case Kind::Mulligan:
      out.push(kKeep);
      if (!ps.mulliganed) out.push(kMulligan);
      return;
    case Kind::Turn:
      switch (f.step) {
        case 4:
          out.push(kPass);
          for (int k = 0; k < ps.hand.n; ++k) out.push(block(kResource, ps.hand.ids[k]));
          return;
        case 7:
          out.push(kPass);
          for (int k = 0; k < ps.charge.n; ++k) out.push(block(kIgnite, ps.charge.ids[k]));
          return;
        case 9: {
          out.push(kPass);
          const bool square = has_square(p);
          const ReadyResource ready = ready_resource(p);
          for (int k = 0; k < ps.hand.n; ++k) {
            const int i = ps.hand.ids[k];
            const CardDef& c = game_->card_of(i);
            const bool placed = square && (!game_->no_player_square(c_.inst[i].def) || has_square(p, i));
            if ((c.type == CardType::Event || (c.is_zx() && placed)) && affordable(p, i, ready)) {
              out.push(block(kPlay, i));
            }
          }
          list_zone_plays(p, false, out);
          attacks(p, out);
          list_startups(p, out);
          return;
        }
        case 12:
          for (int k = 0; k < ps.hand.n; ++k) out.push(block(kDiscard, ps.hand.ids[k]));
          return;
        default: return;
      }
    case Kind::Preprocess:
      for (int k = 0; k < c_.waiting_n; ++k) out.push(kFirstTrigger + k);
      return;
    case Kind::Reload:
    case Kind::Damage:
      if (f.kind == Kind::Damage && f.step == 2) {
        out.push(kPass);
        out.push(kPlayRevealed);
        return;
      }
      for (int k = 0; k < c_.players[f.player].life.n; ++k) out.push(kFirstLife + k);
      return;
    case Kind::Ignition:
      out.push(kPass);
      out.push(kPlayRevealed);
      return;
    case Kind::Play:
      if (f.step == 0) {
        for (int s = 0; s < kSquares; ++s) {
          if (square_legal(p, s) && !(is_player_square(s) && game_->no_player_square(c_.inst[f.a].def))) {
            out.push(kFirstSquare + s);
          }
        }
      } else {
        list_payments(p, game_->colours_of(f.a), f.d, (f.e & 2) != 0, out, f.a);  // every Resource card at once (Z7.3)
      }
      return;
    case Kind::Startup:
      if (f.step == 0) {
        // A card in Resource using its own ability does not pay for it (rules.md Z15.160).
        list_payments(p, game_->ability(f.b)[fx::kAColours], f.d, (f.e & 2) != 0, out,
                      c_.inst[f.a].zone == Zone::Resource ? f.a : kNone);
      } else if (f.step == 1) {
        for (int k = 0; k < ps.charge.n; ++k) {
          if (ps.charge.ids[k] != f.a) out.push(block(kExcess, ps.charge.ids[k]));
        }
      } else if (f.step == 2) {
        for (int k = 0; k < ps.hand.n; ++k) out.push(block(kDiscard, ps.hand.ids[k]));
      } else if (f.step == 3) {
        const int filter = game_->ability(f.b)[fx::kACostZX];
        for (int s = 0; s < kSquares; ++s) {
          if (cost_zx(filter, p, f.a, c_.board[s])) out.push(block(kChoose, c_.board[s]));
        }
      }
      return;
    case Kind::Battle:
      out.push(kPass);
      {
        const ReadyResource ready = ready_resource(p);
        for (int k = 0; k < ps.hand.n; ++k) {
          const int i = ps.hand.ids[k];
          if (game_->card_of(i).type == CardType::Event && affordable(p, i, ready)) out.push(block(kPlay, i));
        }
      }
      list_zone_plays(p, true, out);
      list_startups(p, out);
      return;
    case Kind::Excess:
      for (int k = 0; k < ps.charge.n; ++k) {
        if (!c_.inst[ps.charge.ids[k]].marked) out.push(block(kExcess, ps.charge.ids[k]));
      }
      return;
    case Kind::Effect:
      list_effect(f, out);
      return;
    case Kind::VoidBringer:
      out.push(kPass);
      for (int s = 0; s < kSquares; ++s) {
        if (effect_target(s)) out.push(kFirstVoid + s);
      }
      return;
    default: return;
  }
}

bool State::is_legal(int a) const {
  if (a < 0 || a >= kNumActions || c_.over) return false;
  ActionList list;
  legal_actions(list);
  for (int k = 0; k < list.size; ++k) {
    if (list.ids[k] == a) return true;
  }
  return false;
}

void State::apply_action(int a) {
  if (!is_legal(a)) throw IllegalActionError("action " + std::to_string(a), illegal_reason(a), "Z9.1");
  apply_legal_action(a);
}

void State::apply_legal_action(int a) {
  answer(a);
  advance();
  if (python_error_) [[unlikely]] {  // a card's Python function failed: play went on to this decision (the slow path)
    std::exception_ptr error = std::move(python_error_);
    python_error_ = nullptr;
    std::rethrow_exception(error);
  }
}

void State::answer(int a) {
  Frame& f = top();
  const int p = decider();
  const int i = a >= kFirstBlock && a < kFirstSquare ? (a - kFirstBlock) % kMaxInstances : kNone;
  switch (f.kind) {
    case Kind::Mulligan:
      if (a == kMulligan) {  // rules.md 5.5: the whole hand back, shuffled, and 4 new cards
        PlayerState& ps = c_.players[p];
        while (ps.hand.n > 0) {
          const int h = ps.hand.top();
          put(h, Zone::Deck);
          c_.inst[h].record &= static_cast<uint8_t>(~kRecordFlagDrawn);
        }
        shuffle_deck(p);
        for (int k = 0; k < kOpeningHand; ++k) draw_one(p);
        ps.mulliganed = 1;
      }
      f.step = 1;
      return;
    case Kind::Turn:
      switch (f.step) {
        case 4:
          if (a != kPass) {
            put(i, Zone::Resource);  // CR 504.3: in Reboot
            fire(fx::kPutIntoResource, i);
          }
          f.step = 5;
          return;
        case 7:
          if (a == kPass) {
            f.step = 8;
          } else {
            f.step = 5;
            Frame g;
            g.kind = Kind::Ignition;
            g.player = static_cast<uint8_t>(p);
            g.a = static_cast<uint8_t>(i);
            push(g);
          }
          return;
        case 9:
          if (a == kPass) {
            f.step = 10;
          } else if (a >= kFirstAttack && a < kFirstLife) {
            const int from = (a - kFirstAttack) / kSquares, to = (a - kFirstAttack) % kSquares;
            const int attacker = c_.board[from];
            c_.inst[attacker].sleeping = 1;  // rules.md 8.3: the attacker Sleeps at the declaration
            f.step = 8;
            Frame g;
            g.kind = Kind::Battle;
            g.player = static_cast<uint8_t>(p);
            g.a = static_cast<uint8_t>(attacker);
            g.b = static_cast<uint8_t>(from);
            g.c = static_cast<uint8_t>(to);
            g.d = c_.board[to];  // locked now (rules.md 8.4)
            g.e = 0;
            push(g);
            fire(fx::kAttacks, attacker, g.d);
            watch(fx::kAttacks, attacker);  // "when your <name> attacks" (rules.md Z12.16)
            if (g.d != kNone) {
              fire(fx::kIsAttacked, g.d, attacker);
              // "when one of your Z/X is attacked": the filter reads the attacked Z/X, the subject is the attacker
              watch(fx::kIsAttacked, attacker, 0, g.d);
            }
          } else if (a >= kFirstStartup) {
            f.step = 8;
            push(startup_frame(a));
          } else {
            f.step = 8;
            push(hand_or_zone_play(p, i));
          }
          return;
        case 12: {
          put(i, Zone::Trash);
          f.step = 11;
          // A discard may rebuild an empty deck (902.1) and its Reload take the last Life card: rule effects are
          // applied before the next discard (rules.md Z6.7).
          Frame g;
          g.kind = Kind::Preprocess;
          g.player = static_cast<uint8_t>(p);
          push(g);
          return;
        }
        default: return;
      }
    case Kind::Preprocess: {
      const int k = a - kFirstTrigger;
      const Waiting w = c_.waiting[k];
      for (int j = k + 1; j < c_.waiting_n; ++j) c_.waiting[j - 1] = c_.waiting[j];
      --c_.waiting_n;
      f.step = 0;
      push(w.kind == Kind::Effect ? effect_frame(w.player, w.card, w.ability, w.subject, w.amount)
                                  : make_frame(w.kind, w.player, w.card));
      return;
    }
    case Kind::Reload: {  // CR 902.1: to Charge, not damage: no Ignition play
      const CardList& life = c_.players[f.player].life;
      const int card = life.ids[life.n - 1 - (a - kFirstLife)];  // positions count from the top
      const int whose = f.player;
      pop();
      put(card, Zone::Charge);
      life_decreased(whose);
      return;
    }
    case Kind::Ignition:
      if (a == kPlayRevealed) {
        f.step = 3;
        push(play_frame(*game_, p, f.b, Zone::Deck, true, false, 0));
      } else {
        const int card = f.b;
        pop();
        put(card, Zone::Trash);
        fire(fx::kEvolSeed, card);  // from the deck into Trash (sources.md 1.3)
      }
      return;
    case Kind::Damage:
      if (f.step == 0) {
        const CardList& life = c_.players[f.player].life;
        f.a = life.ids[life.n - 1 - (a - kFirstLife)];
        f.step = 1;
      } else if (a == kPlayRevealed) {
        f.step = 3;
        const int whose = f.player;
        push(play_frame(*game_, p, f.a, Zone::Life, true, true, 0));
        life_decreased(whose);
      } else {
        const int card = f.a, whose = f.player;
        pop();
        put(card, Zone::Charge);
        life_decreased(whose);
      }
      return;
    case Kind::Play:
      if (f.step == 0) {
        f.c = static_cast<uint8_t>(a - kFirstSquare);
        f.step = 1;
      } else {
        c_.inst[i].sleeping = 1;
        if (colour_match(f.a, i)) f.e |= 2;
        --f.d;
      }
      return;
    case Kind::Battle: {
      const int holder = f.e & 1;
      if (a == kPass) {
        const int passes = (f.e >> 1) + 1;
        if (passes >= 2) {
          f.step = 4;  // both passed in a row: the Battle Damage step
        } else {
          f.e = static_cast<uint8_t>((1 - holder) | (passes << 1));
        }
      } else {
        f.e = static_cast<uint8_t>(1 - holder);  // after the Event or ability, priority goes to the other player
        f.step = 3;
        push(a >= kFirstStartup ? startup_frame(a) : hand_or_zone_play(holder, i));
      }
      return;
    }
    case Kind::Excess:
      c_.inst[i].marked = 1;
      ++f.a;
      f.step = 0;
      return;
    case Kind::Effect:
      answer_effect(f, a);
      return;
    case Kind::Startup:
      answer_startup(f, a);
      return;
    case Kind::VoidBringer:
      if (a != kPass) {
        const int target = c_.board[a - kFirstVoid];
        pop();
        put(target, Zone::Trash);  // rules.md 11.3: into Trash, not Charge
      } else {
        pop();
      }
      return;
    default: return;
  }
}

int State::revealed() const {
  for (int k = c_.frame_n - 1; k >= 0; --k) {
    const Frame& f = c_.frames[k];
    if (f.kind == Kind::Ignition && f.step >= 2) return f.b;
    if (f.kind == Kind::Damage && f.step >= 1) return f.a;
  }
  return kNone;
}

std::string State::decision() const {
  if (c_.over) return "over";
  const Frame& f = top();
  switch (f.kind) {
    case Kind::Mulligan: return "mulligan";
    case Kind::Turn:
      return f.step == 4 ? "resource" : f.step == 7 ? "ignition" : f.step == 9 ? "main" : "discard";
    case Kind::Preprocess: return "trigger-order";
    case Kind::Reload: return "reload-life-pick";
    case Kind::Ignition: return "ignition-play";
    case Kind::Damage: return f.step == 0 ? "damage-life-pick" : "damage-play";
    case Kind::Play: return f.step == 0 ? "square" : "pay";
    case Kind::Battle: return "battle-event";
    case Kind::Excess: return "charge-excess";
    case Kind::Effect: return effect_decision(f);
    case Kind::Startup:
      return f.step == 0 ? "ability-pay" : f.step == 1 ? "ability-charge" : f.step == 2 ? "ability-discard"
                                                                                       : "ability-sleep";
    case Kind::VoidBringer: return "void-bringer";
    default: return "?";
  }
}

Frame State::startup_frame(int a) {
  const int i = (a - kFirstStartup) / kStartupPerCard, k = (a - kFirstStartup) % kStartupPerCard;
  const int j = startup_ability(i, k);  // its own, then granted ones (legal: it exists)
  const auto& ab = game_->ability(j);
  Frame f = make_frame(Kind::Startup, c_.inst[i].owner, i, j);
  f.c = static_cast<uint8_t>(ab[fx::kAChargeN]);
  f.d = static_cast<uint8_t>(ab[fx::kAColourN]);
  f.e = static_cast<uint8_t>((ab[fx::kAColourN] == 0 || ab[fx::kAColours] == 0 ? 2 : 0) | ab[fx::kADiscardN] << 2 |
                             (ab[fx::kACostZX] >= 0 ? 1 : 0));
  return f;
}

std::string State::card_name(int i) const {
  return game_->name(c_.inst[i].def) + " #" + std::to_string(i);
}

namespace {
std::string zone_text(Zone z) {
  static const char* names[] = {"none", "deck", "hand", "Life", "Charge", "Trash", "Resource", "Square", "Player card",
                                "resolving"};
  return names[static_cast<int>(z)];
}
std::string sq(int s) { return "s" + std::to_string(square_number(s, 0)); }
}  // namespace

std::string State::action_to_string(int a) const {
  if (a < 0 || a >= kNumActions) {
    throw IllegalActionError("action " + std::to_string(a), "outside the action ids 0.." + std::to_string(kNumActions - 1),
                             "Z9.1");
  }
  const std::string who = "p" + std::to_string(c_.over ? 0 : decider()) + " ";
  if (a == kPass) return who + (c_.over ? "pass" : "pass (" + decision() + ")");
  if (a == kKeep) return who + "keep the opening hand";
  if (a == kMulligan) return who + "mulligan";
  if (a == kPlayRevealed) {
    const int r = revealed();
    return who + "play the revealed " + (r == kNone ? std::string("card") : card_name(r));
  }
  if (a < kFirstSquare) {
    const int b = (a - kFirstBlock) / kMaxInstances, i = (a - kFirstBlock) % kMaxInstances;
    const std::string name = i < game_->num_instances() ? card_name(i) : "#" + std::to_string(i);
    switch (b) {
      case kPlay: return who + "play " + name;
      case kResource: return who + "put " + name + " into Resource";
      case kIgnite: return who + "ignite with " + name + " from Charge";
      case kPay: return who + "pay with " + name;
      case kDiscard: return who + "discard " + name;
      case kExcess: return who + "put " + name + " from Charge into Trash";
      default: return who + "choose " + name + " (" + zone_text(c_.inst[i < game_->num_instances() ? i : 0].zone) + ")";
    }
  }
  if (a < kFirstAttack) {
    const bool effect = !c_.over && top().kind == Kind::Effect;
    return who + (effect ? "choose square " : "to square ") + sq(a - kFirstSquare);
  }
  if (a < kFirstLife) {
    const int from = (a - kFirstAttack) / kSquares, to = (a - kFirstAttack) % kSquares;
    const int t = c_.board[to];
    return who + "attack from " + sq(from) + " to " + sq(to) + (t == kNone ? " (the player)" : " (" + card_name(t) + ")");
  }
  if (a < kFirstVoid) return who + "pick Life card " + std::to_string(a - kFirstLife) + " (from the top)";
  if (a < kFirstTrigger) {
    const int t = c_.board[a - kFirstVoid];
    return who + "Void Bringer: " + (t == kNone ? std::string("the Z/X") : card_name(t)) + " on " + sq(a - kFirstVoid) +
           " into Trash";
  }
  if (a >= kFirstStartup) {
    const int i = (a - kFirstStartup) / kStartupPerCard, k = (a - kFirstStartup) % kStartupPerCard;
    const std::string name = i < game_->num_instances() ? card_name(i) : "#" + std::to_string(i);
    return who + "use the ability of " + name + (k ? " (" + std::to_string(k + 1) + ")" : "");
  }
  if (a == kYes) return who + "yes (" + (c_.over ? std::string("may") : decision()) + ")";
  if (a >= kFirstTarget) {
    const int t = c_.board[a - kFirstTarget];
    return who + "choose " + (t == kNone ? std::string("the Z/X") : card_name(t)) + " on " + sq(a - kFirstTarget);
  }
  const int k = a - kFirstTrigger;
  if (k < c_.waiting_n) {
    const Waiting& w = c_.waiting[k];
    const char* what = w.kind == Kind::LifeRecovery ? "Life Recovery" : w.kind == Kind::VoidBringer ? "Void Bringer"
                                                                                                    : "the ability";
    return who + "resolve " + what + " of " + card_name(w.card);
  }
  return who + "resolve waiting ability " + std::to_string(k);
}

std::string State::illegal_reason(int a) const {
  if (a < 0 || a >= kNumActions) return "no action " + std::to_string(a) + " (ids 0.." + std::to_string(kNumActions - 1) + ")";
  if (c_.over) return "the game is over";
  if (is_legal(a)) return "";
  return "not a legal action of the decision now (" + decision() + ", player " + std::to_string(decider()) + ")";
}

}  // namespace tcbg::zx
