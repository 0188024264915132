// Grants and restrictions (docs/zx/cards.md "Grants and restrictions"): keywords a card has by a continuous ability
// or until end of turn, abilities one Z/X gives others (kGrant: the ability is the record after the grant's), and
// what continuous abilities forbid. Everything here reads the position; nothing allocates.
#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

using namespace fx;

namespace {
constexpr uint16_t kPrinted[kNumGranted] = {kRange2, kRangeInfinity, kIsolate};

// Whether a continuous ability of kind `kind` saying `code` (its event field), of a Z/X on a Square, applies to
// `object` (its filter matches, its condition holds, read with `cond_object`).
bool applies(const State& s, int kind, int code, int object, int cond_object) {
  const Core& c = s.core();
  const Game& g = s.game();
  for (int q = 0; q < kSquares; ++q) {
    const int src = c.board[q];
    if (src == kNone) continue;
    int first = 0;
    const int n = g.abilities_of(c.inst[src].def, first);
    const int owner = c.inst[src].owner;
    for (int k = first; k < first + n; ++k) {
      const auto& ab = g.ability(k);
      if (ab[kAKind] != kind || ab[kAEvent] != code || !s.matches(ab[kAFilter], object, owner, src, nullptr)) continue;
      if (ab[kACondLength] == 0 || s.eval(ab[kACond], ab[kACondLength], src, owner, cond_object) != 0) return true;
    }
  }
  return false;
}
}  // namespace

bool State::has_keyword(int i, int code) const {
  if (game_->card_of(i).has(static_cast<Keyword>(kPrinted[code]))) return true;
  const CardInstance& ci = c_.inst[i];
  if (ci.zone != Zone::Square) return false;  // a granted keyword works on the Squares only (ruling B04-036 Q1)
  if (ci.status & (kStatusRange2 << code)) return true;
  return game_->has_keyword_grants() && applies(*this, kContinuousKeyword, code, i, i);
}

bool State::restricted(int restriction, int object) const {
  return game_->options().effects && applies(*this, kRestriction, restriction, object, tcbg::fx::kNone);
}

int State::granted_ability(int i, int n) const {
  if (c_.inst[i].zone != Zone::Square) return -1;
  for (int s = 0; s < kSquares; ++s) {
    const int src = c_.board[s];
    if (src == kNone) continue;
    int first = 0;
    const int count = game_->abilities_of(c_.inst[src].def, first);
    const int owner = c_.inst[src].owner;
    for (int k = first; k + 1 < first + count; ++k) {
      const auto& ab = game_->ability(k);
      if (ab[kAKind] != kGrant || !matches(ab[kAFilter], i, owner, src, nullptr)) continue;
      if (ab[kACondLength] > 0 && !eval(ab[kACond], ab[kACondLength], src, owner, i)) continue;
      if (n-- == 0) return k + 1;
    }
  }
  return -1;
}

// The automatic abilities on `event` granted to `card`, queued to wait as its own are (rules.md 12.1), the card the
// ability's source (its "this card"); for a destruction, read while the card is still on its Square.
void State::queue_granted(int event, int card, int subject, int amount) {
  if (!game_->options().effects) return;
  const int owner = c_.inst[card].owner;
  for (int m = 0;; ++m) {
    const int k = granted_ability(card, m);
    if (k < 0) return;
    const auto& ab = game_->ability(k);
    if (ab[kAKind] != kAuto || ab[kAEvent] != event) continue;
    if (ab[kATurn] == kYourTurn && c_.turn_player != owner) continue;
    if (ab[kATurn] == kOpponentsTurn && c_.turn_player == owner) continue;
    bool again = false;  // two cards granting the same ability give it once
    for (int q = 0; q < m; ++q) again = again || granted_ability(card, q) == k;
    if (again) continue;
    enqueue_auto(owner, card, k, subject, amount);
  }
}

bool State::replaces_destroy(int i) const {
  int first = 0;
  const int n = game_->abilities_of(c_.inst[i].def, first);
  for (int k = first; k < first + n; ++k) {
    const auto& ab = game_->ability(k);
    if (ab[kAKind] == kReplaceDestroy && ab[kAZone] != kGranted) return true;
  }
  if (!game_->has_grants()) return false;
  for (int m = 0;; ++m) {
    const int k = granted_ability(i, m);
    if (k < 0) return false;
    if (game_->ability(k)[kAKind] == kReplaceDestroy) return true;
  }
}

}  // namespace tcbg::zx
