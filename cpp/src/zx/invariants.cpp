// The rules' invariants of a position (State::invariant_violation), checked after every action by the soak and on
// every position deserialize reads.
#include <string>

#include "tcbg/zx/game.hpp"
#include "tcbg/zx/records.hpp"

namespace tcbg::zx {

namespace {
bool list_zone(Zone z) {
  return z == Zone::Deck || z == Zone::Hand || z == Zone::Life || z == Zone::Charge || z == Zone::Trash ||
         z == Zone::Resource;
}
// Until end of turn; frozen until its owner's next Reboot Phase.
constexpr int kStatuses = kStatusNoDamage | kStatusAppeared | kStatusRange2 | kStatusRangeInfinity | kStatusIsolate |
                          kStatusFrozen | kStatusUsedOnce | kStatusNoBattleDamage;
constexpr int kRecordBits = kRecordFlagDrawn | kRecordFlagCast | kRecordFlagFromIgnition | kRecordFlagFromLife;
}  // namespace

// Frame k against its kind (docs/zx/state-format.md ZP15): the steps the kind has, every argument in range before
// anything reads through it (a card an instance of the game, a Square one of the nine), and the cards it names
// where the engine keeps them at that step. The top frame waits for a decision, as the engine stops only there.
std::string State::frame_violation(int k) const {
  const Game& g = *game_;
  const int n = g.num_instances();
  const Frame& f = c_.frames[k];
  const int kind = static_cast<int>(f.kind);
  if (kind < 1 || kind > static_cast<int>(Kind::Startup)) return "no frame kind " + std::to_string(kind);
  if (f.player > 1) return "player " + std::to_string(f.player);
  if ((k == 0) != (f.kind == Kind::Turn)) return "the Turn frame is the bottom one, and only it";
  static constexpr uint8_t kLastStep[] = {0, 1, 13, 1, 0, 1, 3, 3, 6, 3, 1, 2, 0, 1, 4};
  if (f.step > kLastStep[kind]) return "step " + std::to_string(f.step) + " past its kind's last";
  const auto card = [&](int i) { return i >= 0 && i < n; };
  const auto in = [&](int i, Zone z, int owner) { return c_.inst[i].zone == z && c_.inst[i].owner == owner; };
  const int abilities = static_cast<int>(g.tables().abilities.size());
  const PlayerState& ps = c_.players[f.player];
  bool waits = false;
  switch (f.kind) {
    case Kind::Mulligan:
      if (c_.turn != 0) return "a mulligan after set-up";
      waits = f.step == 0;
      break;
    case Kind::Turn:
      if (f.player != c_.turn_player) return "the Turn frame is not the turn player's";
      waits = f.step == 4 || f.step == 7 || f.step == 9 || f.step == 12;
      break;
    case Kind::Preprocess: waits = f.step == 1; break;
    case Kind::Draw: break;
    case Kind::Reload: waits = ps.life.n > 0; break;
    case Kind::Ignition:
      if (!card(f.a)) return "no Charge card";
      if (f.step == 0 && !in(f.a, Zone::Charge, f.player)) return "its Charge card is not in its player's Charge";
      if (f.step >= 2 && !card(f.b)) return "no revealed card";
      if (f.step == 2 && (ps.deck.n == 0 || ps.deck.top() != f.b)) {
        return "its revealed card is not its player's deck top";
      }
      waits = f.step == 2;
      break;
    case Kind::Play: {
      if (!card(f.a) || g.owner_of(f.a) != f.player) return "its card is not its player's";
      const Zone from = static_cast<Zone>(f.b);
      if (from != Zone::Hand && from != Zone::Life && from != Zone::Deck && from != Zone::Resource &&
          from != Zone::Trash && from != Zone::Charge && from != Zone::Removed) {  // the last four: Z15.130
        return "it plays from no zone a card is played from";
      }
      const bool zx = g.card_of(f.a).is_zx();
      if (f.step <= 2 && c_.inst[f.a].zone != from) return "its card is not in the zone it is played from";
      if (f.step == 3 && (zx || c_.inst[f.a].zone != Zone::Resolving)) return "its Event is not resolving";
      if (f.step == 0 && !zx) return "an Event choosing a Square";
      if (f.c != kNone && (f.c >= kSquares || !zx)) return "its Square is not one of the nine, or its card not a Z/X";
      if (f.step >= 1 && zx && f.c == kNone) return "a Z/X past its Square's choice without a Square";
      // Choosing the Square and paying are decisions with nothing in between: such a Play frame is the top one.
      if (f.step <= 1 && k != c_.frame_n - 1) return "a card being placed or paid for under another frame";
      if (f.step <= 1 && f.d != kNone && f.d > 0) {  // the Cost left stays payable (rules.md 7.1, Z7.3)
        int ready = 0;
        bool colour = (f.e & 2) != 0;
        for (int j = 0; j < ps.resource.n; ++j) {
          const int r = ps.resource.ids[j];
          if (c_.inst[r].sleeping) continue;
          ++ready;
          colour = colour || colour_match(f.a, r);
        }
        if (ready < f.d || !colour) return "its Cost left cannot be paid";
      }
      if (f.d != kNone && f.d > 100) return "its Cost left is over 100";
      if (f.e > 7) return "unknown play flags";
      for (int j = 0; j < k; ++j) {
        if (c_.frames[j].kind == Kind::Play && c_.frames[j].a == f.a) return "its card is played by another frame too";
      }
      waits = (f.step == 0 && zx) || (f.step == 1 && f.d > 0 && f.d != kNone);
      break;
    }
    case Kind::Battle:
      if (!card(f.a) || g.owner_of(f.a) != f.player || f.player != c_.turn_player) return "its attacker is not the turn player's";
      if (f.b >= kSquares || f.c >= kSquares) return "its Squares are not among the nine";
      if (f.d != kNone && !card(f.d)) return "its target is no card";
      if (f.e > 3) return "its priority holder or passes out of range";
      for (int j = 0; j < k; ++j) {
        if (c_.frames[j].kind == Kind::Battle) return "a battle inside a battle";
      }
      waits = f.step == 2;
      break;
    case Kind::Damage:
      if (f.step >= 1 && !card(f.a)) return "no revealed card";
      if ((f.step == 1 || f.step == 2) && !in(f.a, Zone::Life, f.player)) return "its revealed card is not in its player's Life";
      waits = (f.step == 0 && ps.life.n > 0) || f.step == 2;
      break;
    case Kind::Excess:
      if (f.a > ps.charge.n) return "more Charge cards chosen than there are";
      waits = f.step == 1;
      break;
    case Kind::Effect: {
      if (!card(f.a) || f.b >= abilities || f.c >= fx::kMaxCursors || (f.d != kNone && !card(f.d))) {
        return "its card, ability, cursor or subject is out of range";
      }
      for (int j = 0; j < k; ++j) {
        if (c_.frames[j].kind == Kind::Effect && c_.frames[j].c == f.c) return "its cursor is another resolution's";
      }
      if (f.step != 0) {
        const auto& ab = g.ability(f.b);
        const tcbg::fx::Cursor& cur = c_.cursors[f.c];
        if (cur.part != 0 || cur.pc < 0 || cur.pc >= ab[fx::kALength]) return "its cursor lies outside its program";
        for (int r = 0; r < tcbg::fx::kRegisters; ++r) {
          if (cur.regs[r] < -tcbg::fx::kRegisterBound || cur.regs[r] > tcbg::fx::kRegisterBound) {
            return "a register out of range";
          }
        }
        if (f.step == 2) {
          const int op = effect_instruction(f)[0];
          if (op != tcbg::fx::CHOOSE && op != tcbg::fx::ASK && op != fx::kOpPay) return "it waits for a choice at no choice";
          if (op == fx::kOpPay && cur.step != 0) {  // paying: the cards left can still be paid (as list_payments)
            const int32_t* ins = effect_instruction(f);
            const int payer = cur.regs[ins[2]], left = cur.step & 0x3F;
            if ((cur.step & 0x80) == 0 || left == 0 || payer < 0 || payer >= kPlayers ||
                !can_pay(payer, left, (cur.step & 0x40) ? 0 : (ins[3] >> 8))) {
              return "it waits for a payment that cannot be made";
            }
          }
        }
      }
      waits = f.step == 2;
      break;
    }
    case Kind::LifeRecovery:
    case Kind::VoidBringer:
      if (!card(f.a)) return "no card";
      waits = f.kind == Kind::VoidBringer && f.step == 1;
      break;
    case Kind::Startup:
      if (!card(f.a) || f.b >= abilities || g.ability(f.b)[fx::kAKind] != fx::kStartup) return "its card or ability is out of range";
      waits = (f.step == 0 && f.d > 0) || (f.step == 1 && f.c > 0) || (f.step == 2 && (f.e >> 2) > 0 && ps.hand.n > 0) ||
              (f.step == 3 && (f.e & 1) && any_cost_zx(g.ability(f.b)[fx::kACostZX], f.player, f.a));
      break;
  }
  if (k == c_.frame_n - 1 && !waits) return "the top frame waits for no decision";
  return "";
}

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
  if ((c_.over != 0) != (c_.end_reason != EndReason::None)) return "an end reason exactly when the game is over (zx/state-format ZP12)";
  for (uint8_t b : c_.pad) {
    if (b) return "padding bytes that are not zero (zx/state-format ZP16)";
  }
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
    if (ps.mulliganed > 1 || ps.pad[0] || ps.pad[1]) return "bad player flags (zx/state-format ZP4, ZP16)";
  }
  if (c_.over) {  // one won and one lost, or both drew (CR 101.3)
    const Outcome o0 = c_.players[0].outcome, o1 = c_.players[1].outcome;
    if (!((o0 == Outcome::Won && o1 == Outcome::Lost) || (o0 == Outcome::Lost && o1 == Outcome::Won) ||
          (o0 == Outcome::Drawn && o1 == Outcome::Drawn))) {
      return "a finished game's outcomes are not a win and a loss or two draws (zx/state-format ZP12)";
    }
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
    if (ci.zone != Zone::Square && (ci.damage != 0 || ci.power_mod != 0 || ci.cost_mod != 0 || ci.square != kNone)) {
      return "damage, a Power or Cost change or a Square off the field (zx/state-format ZP7)";
    }
    if (ci.cost_mod < -99 || ci.cost_mod > 99) return "a Cost change beyond 99 (zx/state-format ZP7)";
    if ((ci.status & kStatusNoBattleDamage) && !c_.over) {  // the attacker of a battle not yet ended (Z15.345); a
                                                            // game ended in the battle keeps it
      bool attacking = false;
      for (int k = 0; k < c_.frame_n && k < kMaxFrames; ++k) {
        const Frame& b = c_.frames[k];
        attacking = attacking || (b.kind == Kind::Battle && b.a == i && b.step <= 5);
      }
      if (!attacking) return "no damage in battle on a Z/X attacking in no battle (zx/state-format ZP7)";
    }
    if (ci.record & ~kRecordBits) return "unknown record bits (zx/state-format ZP7)";
    if (ci.removed_by != 0) {  // rules.md Z15.131: a removed card, and its remover still on a Square
      const int by = ci.removed_by - 1;
      if (ci.zone != Zone::Removed || by >= n || c_.inst[by].zone != Zone::Square) {
        return "a removal linked to no card on a Square (zx/state-format ZP7)";
      }
    }
    if (ci.sleeping > 1 || ci.marked > 1 || (ci.status & ~kStatuses) || ci.pad[0] || ci.pad[1] || ci.pad[2]) {
      return "bad flags";
    }
    if (ci.remembered_by != 0) {  // rules.md Z15.320: remembered where it was put by a card with the ability to act
      const int by = ci.remembered_by - 1;
      if (by >= n || g.delayed_ability(c_.inst[by].def) < 0 ||
          (ci.zone != Zone::Square && ci.zone != Zone::Resource)) {
        return "a remembered card outside the Squares and Resource, or remembered by a card without an \"at the end "
               "of the turn\" ability (zx/state-format ZP7)";
      }
    }
    if (ci.player_damage > 8 || (ci.player_damage && ci.zone != Zone::Square)) {
      return "a player damage increase off the Squares or above 8 (zx/state-format ZP7)";
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
      case Zone::Removed:  // removed from the game (Z15.127): no list holds it
        ++seen[i];
        break;
      case Zone::None: return "card #" + std::to_string(i) + " is in no zone";
      default:
        if (!list_zone(ci.zone) && ci.zone != Zone::Square) return "card #" + std::to_string(i) + " has a bad zone";
    }
    if (seen[i] != 1) return "card #" + std::to_string(i) + " is in " + std::to_string(seen[i]) + " places";
  }
  for (int k = 0; k < c_.frame_n; ++k) {
    if (const std::string why = frame_violation(k); !why.empty()) {
      return "malformed process frame " + std::to_string(k) + ": " + why + " (zx/state-format ZP15)";
    }
  }
  for (int k = 0; k < c_.waiting_n; ++k) {
    const Waiting& w = c_.waiting[k];
    const bool effect_ok = w.kind == Kind::Effect && w.ability < g.tables().abilities.size() &&
                           (w.subject == kNone || w.subject < n);
    const bool plain = (w.kind == Kind::LifeRecovery || w.kind == Kind::VoidBringer) && w.ability == kNone &&
                       w.subject == kNone && w.amount == 0;
    if ((!plain && !effect_ok) || w.player > 1 || w.card >= n || w.amount > 254 || w.pad[0] || w.pad[1]) {
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
