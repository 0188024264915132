// Battles (docs/zx/rules.md section 8): the targets a Z/X may attack, and the battle's steps from the declaration
// through the Battle Event step's alternating priority and the damage to the battle's end.
#include "tcbg/zx/game.hpp"
#include "frames.hpp"

namespace tcbg::zx {

// The battle (CR 600s, rules.md section 8). a attacker, b its Square, c the target Square, d the target Z/X (kNone:
// the player), e: bit 0 who holds priority in the Battle Event step, bits 1-2 passes in a row. Steps: 0 after the
// declaration, 1 the Battle Event step begins, 2 a priority decision, 3 after an Event, 4 damage, 5 battle end.
bool State::step_battle(Frame& f) {
  switch (f.step) {
    case 0:
      f.step = 1;
      push(make_frame(Kind::Preprocess, c_.turn_player));
      return true;
    case 1:
      f.e = static_cast<uint8_t>(c_.turn_player);
      f.step = 2;
      return false;
    case 2: return false;
    case 3:
      f.step = 2;
      push(make_frame(Kind::Preprocess, c_.turn_player));
      return true;
    case 4: {
      // Damage (rules.md 8.5 - 8.7): only when the attacker is still on the field; a Z/X target only when it is still
      // on the Square it was attacked on; a player target is locked at the declaration (rulings B04-093, B02-037).
      const int a = f.a;
      const bool attacker_there = c_.inst[a].zone == Zone::Square;
      // An attacker that "deals no damage" (C04-021), or none in this battle (B02-051), deals none, to a Z/X or the
      // player (rules.md Z12.7, Z15.345).
      if (attacker_there && !(c_.inst[a].status & (kStatusNoDamage | kStatusNoBattleDamage))) {
        if (f.d == kNone) {
          // "You are not dealt damage" (B03-057) while its card is on a Square when the damage is dealt.
          if (!game_->has_restriction(fx::kNoPlayerDamage) || !restricted(fx::kNoPlayerDamage, 1 - f.player)) {
            // 1, and more until end of turn (B05-015, rules.md Z15.324); at most 8 waiting, more than a Life
            const int total = c_.players[1 - f.player].pending_damage + 1 + c_.inst[a].player_damage;
            c_.players[1 - f.player].pending_damage = static_cast<uint8_t>(total > 8 ? 8 : total);
          }
        } else if (c_.inst[f.d].zone == Zone::Square && c_.inst[f.d].square == f.c && power(a) > 0) {
          // The attacker's Power, changed or prevented by continuous abilities (rules.md Z15.183): none dealt, no
          // battle trigger.
          const int dealt = damage_dealt(a, f.d, power(a));
          c_.inst[f.d].damage += dealt;
          // The battle's triggers (rules.md Z12.3): the damage destroys the Z/X (lethal damage, CR 904, in the
          // preprocessing next) or it survives it.
          const bool destroys = dealt > 0 && c_.inst[f.d].damage >= power(f.d);
          if (dealt > 0) fire(destroys ? fx::kDestroysByBattle : fx::kDamagesInBattle, a, f.d, dealt);
          if (destroys) watch(fx::kDestroysByBattle, a);  // "when your Z/X destroys ... by battle" (Z12.16)
        }
      }
      f.step = 5;
      push(make_frame(Kind::Preprocess, c_.turn_player));
      return true;
    }
    case 5:
      // The battle end (rules.md 8.8): its timing for "at the end of the battle" abilities, then preprocessing.
      f.step = 6;
      c_.inst[f.a].status &= static_cast<uint8_t>(~kStatusNoBattleDamage);  // "until the end of the battle"
      if (c_.inst[f.a].zone == Zone::Square) fire(fx::kBattleEnds, f.a, f.d);
      if (f.d != kNone && c_.inst[f.d].zone == Zone::Square) fire(fx::kBattleEnds, f.d, f.a);
      push(make_frame(Kind::Preprocess, c_.turn_player));
      return true;
    default:
      pop();
      return true;
  }
}

// rules.md 8.1 - 8.3: a Reboot Z/X of the turn player's attacks an opponent's Z/X at distance 1 (2 with Range 2, any
// with Range infinity), or the opponent's Player Square when no Z/X is on it, at the same distances.
void State::attacks(int p, ActionList& out) const {
  const int ps = player_square(1 - p);
  for (int a = 0; a < kSquares; ++a) {
    const int i = c_.board[a];
    if (i == kNone || c_.inst[i].owner != p || c_.inst[i].sleeping) continue;
    if (game_->has_restriction(fx::kNoAttack) && restricted(fx::kNoAttack, i)) continue;
    // Printed, or granted (docs/zx/cards.md "Grants and restrictions"): read when the attack is declared, so a
    // Range lost during the battle does not stop it (rulings B03-036 Q1, B05-033 Q1).
    const int range = has_keyword(i, fx::kGrantRangeInfinity) ? 8 : has_keyword(i, fx::kGrantRange2) ? 2 : 1;
    for (int t = 0; t < kSquares; ++t) {
      const int d = distance(a, t);
      if (d == 0 || d > range) continue;
      const int occ = c_.board[t];
      if ((occ != kNone && c_.inst[occ].owner != p) || (occ == kNone && t == ps)) {
        out.push(action::kFirstAttack + a * kSquares + t);
      }
    }
  }
}

}  // namespace tcbg::zx
