// The rules' invariants of a position (State::invariant_violation), checked after every action by the soak and on
// every position deserialize reads.
#include <string>

#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

namespace {
bool list_zone(Zone z) {
  return z == Zone::Deck || z == Zone::Hand || z == Zone::Life || z == Zone::Charge || z == Zone::Trash ||
         z == Zone::Resource;
}
}  // namespace

// Every card in exactly one zone, the zones' lists and each card's own record agreeing; at most one Z/X per Square;
// at a priority decision Charge within its limit, no lethal damage, no damage or ability waiting; the frames well
// formed. Written to survive any bytes (deserialize runs it on what it reads).
std::string State::invariant_violation() const {
  const Game& g = *game_;
  const int n = g.num_instances();
  if (c_.frame_n > kMaxFrames) return "frame count " + std::to_string(c_.frame_n) + " over " + std::to_string(kMaxFrames);
  if (c_.waiting_n > kMaxWaiting) return "too many waiting abilities";
  if (c_.turn_player > 1 || c_.first_player > 1) return "turn player or first player is not 0 or 1";
  if (c_.over > 1 || static_cast<int>(c_.end_reason) > 3) return "bad end state";
  if (c_.over ? c_.frame_n != 0 : c_.frame_n == 0) return "a game going on has frames, a finished one none";
  if (c_.turn > g.options().max_turns) return "turn past the turn limit";
  int seen[kMaxInstances] = {};
  for (int p = 0; p < kPlayers; ++p) {
    const PlayerState& ps = c_.players[p];
    if (static_cast<int>(ps.outcome) > 3) return "bad outcome";
    if (c_.over == 0 && ps.outcome != Outcome::Playing) return "an outcome before the end";
    const CardList* lists[] = {&ps.deck, &ps.hand, &ps.life, &ps.charge, &ps.trash, &ps.resource};
    const Zone zones[] = {Zone::Deck, Zone::Hand, Zone::Life, Zone::Charge, Zone::Trash, Zone::Resource};
    for (int z = 0; z < 6; ++z) {
      const CardList& l = *lists[z];
      if (l.n > kMaxDeck + 1) return "a zone list is too long";
      for (int k = 0; k < l.n; ++k) {
        const int i = l.ids[k];
        if (i >= n) return "a zone names instance " + std::to_string(i) + " past the game's";
        if (c_.inst[i].owner != p || g.owner_of(i) != p) return "card #" + std::to_string(i) + " in another player's zone";
        if (c_.inst[i].zone != zones[z]) return "card #" + std::to_string(i) + " is listed in a zone it is not in";
        ++seen[i];
      }
    }
    if (ps.hand_limit != kHandLimit || ps.charge_limit != kChargeLimit) return "limits changed without an effect";
    if (ps.pending_damage > 8) return "pending damage out of range";
  }
  for (int s = 0; s < kSquares; ++s) {
    const int i = c_.board[s];
    if (i == kNone) continue;
    if (i >= n) return "square " + std::to_string(s) + " names no card";
    if (c_.inst[i].zone != Zone::Square || c_.inst[i].square != s) return "square " + std::to_string(s) + " disagrees with its card";
    if (!g.card_of(i).is_zx()) return "a card that is not a Z/X on a Square";
    if (s == player_square(1 - c_.inst[i].owner)) return "a Z/X on its opponent's Player Square";
    ++seen[i];
  }
  for (int i = 0; i < kMaxInstances; ++i) {
    const CardInstance& ci = c_.inst[i];
    if (i >= n) {
      if (ci.zone != Zone::None || ci.def != 0 || ci.damage != 0) return "an instance past the game's is in use";
      continue;
    }
    if (ci.def != g.def_of(i) || ci.owner != g.owner_of(i)) return "card #" + std::to_string(i) + " is not the game's";
    if (ci.damage < 0) return "negative damage";
    if (ci.zone != Zone::Square && (ci.damage != 0 || ci.square != kNone)) return "damage or a Square off the field";
    if (ci.sleeping > 1 || ci.marked > 1 || ci.status > kStatusNoDamage || ci.pad[0] || ci.pad[1] || ci.pad[2]) {
      return "bad flags";
    }
    if (ci.status && ci.zone != Zone::Square) return "a card outside the Squares with an until-end-of-turn status";
    if (ci.sleeping && ci.zone != Zone::Square && ci.zone != Zone::Resource) return "a Sleeping card outside Squares and Resource";
    if (ci.marked && ci.zone != Zone::Charge) return "a marked card outside Charge";
    switch (ci.zone) {
      case Zone::PlayerCard:
        if (i != g.player_card_instance(ci.owner)) return "card #" + std::to_string(i) + " as a Player card";
        ++seen[i];
        break;
      case Zone::Resolving: {
        bool found = false;
        for (int k = 0; k < c_.frame_n; ++k) {
          if (c_.frames[k].kind == Kind::Play && c_.frames[k].a == i && c_.frames[k].step == 3) found = true;
        }
        if (!found) return "card #" + std::to_string(i) + " resolving outside a play";
        ++seen[i];
        break;
      }
      case Zone::None: return "card #" + std::to_string(i) + " is in no zone";
      default:
        if (!list_zone(ci.zone) && ci.zone != Zone::Square) return "card #" + std::to_string(i) + " has a bad zone";
    }
    if (seen[i] != 1) return "card #" + std::to_string(i) + " is in " + std::to_string(seen[i]) + " places";
  }
  int frames_invalid = 0;
  for (int k = 0; k < c_.frame_n; ++k) {
    const Frame& f = c_.frames[k];
    const int kind = static_cast<int>(f.kind);
    if (kind < 1 || kind > static_cast<int>(Kind::Startup) || f.player > 1 || f.step > 13) ++frames_invalid;
    if ((f.kind == Kind::Play || f.kind == Kind::Ignition || f.kind == Kind::Effect || f.kind == Kind::Battle ||
         f.kind == Kind::LifeRecovery || f.kind == Kind::VoidBringer || f.kind == Kind::Startup) && f.a >= n) {
      ++frames_invalid;
    }
    const int abilities = static_cast<int>(g.tables().abilities.size());
    if (f.kind == Kind::Effect) {  // its ability, its cursor inside the ability's program, a choice at a choice
      if (f.b >= abilities || f.c >= fx::kMaxCursors || f.step > 2 || (f.d != kNone && f.d >= n)) {
        ++frames_invalid;
      } else {
        const auto& ab = g.ability(f.b);
        const tcbg::fx::Cursor& cur = c_.cursors[f.c];
        if (cur.part != 0 || cur.pc < 0 || cur.pc >= ab[fx::kALength]) {
          if (f.step != 0) ++frames_invalid;
        } else if (f.step == 2) {
          const int op = effect_instruction(f)[0];
          if (op != tcbg::fx::CHOOSE && op != tcbg::fx::ASK) ++frames_invalid;
        }
        for (int r = 0; r < tcbg::fx::kRegisters && f.step != 0; ++r) {
          if (cur.regs[r] < tcbg::fx::kNone || cur.regs[r] > 1000000) ++frames_invalid;
        }
      }
    }
    if (f.kind == Kind::Startup && (f.b >= abilities || g.ability(f.b)[fx::kAKind] != fx::kStartup || f.step > 3)) {
      ++frames_invalid;
    }
    if (f.kind == Kind::Play && ((f.step >= 1 && g.card_of(f.a).is_zx() && f.c >= kSquares) || (f.d != kNone && f.d > 100))) {
      ++frames_invalid;
    }
    if (f.kind == Kind::Battle && (f.b >= kSquares || f.c >= kSquares || (f.d != kNone && f.d >= n))) ++frames_invalid;
    if (f.kind == Kind::Ignition && f.step >= 2 && f.b >= n) ++frames_invalid;
    if (f.kind == Kind::Damage && f.step >= 1 && f.a >= n) ++frames_invalid;
    if ((k == 0) != (f.kind == Kind::Turn)) ++frames_invalid;
  }
  if (frames_invalid) return "malformed process frames";
  for (int k = 0; k < c_.waiting_n; ++k) {
    const Waiting& w = c_.waiting[k];
    const bool effect_ok = w.kind == Kind::Effect && w.ability < g.tables().abilities.size() &&
                           (w.subject == kNone || w.subject < n);
    if ((w.kind != Kind::LifeRecovery && w.kind != Kind::VoidBringer && !effect_ok) || w.player > 1 || w.card >= n) {
      return "bad waiting ability";
    }
  }
  if (game_->has_continuous()) {  // the one walk of a query (PowerScope) sums what each Z/X's own walk does
    std::array<int32_t, kSquares> all;
    continuous_powers(all);
    for (int s = 0; s < kSquares; ++s) {
      if (c_.board[s] != kNone && all[s] != continuous_power_of(c_.board[s])) {
        return "continuous Power of the Z/X on Square " + std::to_string(s) + " read once per query differs from "
               "its own reading (rules.md Z12.6)";
      }
    }
  }
  if (!c_.over) {
    const Frame& t = top();
    const bool priority = (t.kind == Kind::Turn && (t.step == 4 || t.step == 7 || t.step == 9 || t.step == 12)) ||
                          (t.kind == Kind::Battle && t.step == 2);
    if (priority) {
      for (int p = 0; p < kPlayers; ++p) {
        if (c_.players[p].charge.n > charge_limit(p)) return "Charge over its limit after rule effects (CR 906.1)";
        if (c_.players[p].pending_damage) return "player damage left after rule effects (CR 909)";
        if (c_.players[p].life.n == 0) return "a player without Life still playing (CR 903)";
      }
      for (int s = 0; s < kSquares; ++s) {
        const int i = c_.board[s];
        if (i != kNone && (power(i) <= 0 || c_.inst[i].damage >= power(i))) return "lethal damage left after rule effects (CR 904)";
      }
      if (c_.waiting_n) return "automatic abilities still waiting at priority";
    }
    // The decision must have a legal action, else the game could not go on.
    ActionList list;
    legal_actions(list);
    if (list.size == 0) return "a decision without legal actions (" + decision() + ")";
  }
  return "";
}

}  // namespace tcbg::zx
