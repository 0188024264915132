// Z/X's heuristic player (docs/agents.md, "Z/X heuristic"). Each decision the engine asks for has a rule here, read
// from the top frame of the state (docs/zx/engine.md "Frames"); a decision without one (a kind of choice the card
// effects bring that this file does not know) is made by a one-ply lookahead: every legal action is tried on a copy
// of the state, its resolution finished by the heuristic one level deeper, and the outcome scored by evaluate().
#include "heuristic.hpp"

#include <algorithm>
#include <cmath>

namespace tcbg::zx::agents_detail {

using namespace action;

namespace {

bool contains(const ActionList& legal, int a) {
  for (int k = 0; k < legal.size; ++k) {
    if (legal.ids[k] == a) return true;
  }
  return false;
}

int ready_resources(const State& state, int p) {
  const CardList& res = state.player(p).resource;
  int n = 0;
  for (int k = 0; k < res.n; ++k) n += state.instance(res.ids[k]).sleeping ? 0 : 1;
  return n;
}

int hp_left(const State& state, int i) { return state.power(i) - state.instance(i).damage; }

// Resource is put while the player has fewer cards there than the dearest cards of the starter decks cost; past it
// only cards not worth playing go there (rules.md 6.3: putting one is optional).
constexpr int kResourceTarget = 7;
// Ignition burns the revealed card when it is not an Ignition card, and an empty deck costs a Life at its Reload
// (CR 902.1): the heuristic ignites only while the deck holds more than this.
constexpr int kIgniteDeckFloor = 8;
// What a lookahead's play must gain over the position before it: a card spent for nothing is not played.
constexpr double kLeastGain = 1e-3;

}  // namespace

Heuristic::Heuristic() {
  for (auto& l : legal_) l = std::make_unique<ActionList>();
}

int Heuristic::choose(const State& state) { return choose_at(state, 0); }

int Heuristic::choose_at(const State& state, int depth) {
  const State::PowerScope powers(state);  // the rules read Powers of a position that does not change meanwhile
  ActionList& legal = *legal_[depth];
  state.legal_actions(legal);
  if (legal.size == 1) return legal.ids[0];
  const int a = rule_choice(state, depth);
  if (a >= 0 && contains(legal, a)) return a;
  return depth < kDepth ? lookahead(state, depth) : legal.ids[0];
}

int Heuristic::rule_choice(const State& state, int depth) {
  const ActionList& legal = *legal_[depth];
  const Frame& f = state.frame(state.frame_count() - 1);
  switch (f.kind) {
    case Kind::Mulligan: return mulligan(state);
    case Kind::Turn:
      switch (f.step) {
        case 4: return resource(state);
        case 7: return ignition(state);
        case 9: return main_phase(state, depth);
        case 12: return least_useful(state, kDiscard);
        default: return -1;
      }
    case Kind::Reload:
    case Kind::Damage:
      // Life cards are face down to both players (rules.md 13): no position tells the picker more than another, so
      // the pick is the top card. The damaged player's choice to play the revealed card is play_free's.
      if (f.kind == Kind::Damage && f.step == 2) return play_free(state, depth);
      return kFirstLife;
    case Kind::Ignition: return play_free(state, depth);
    case Kind::Play: return f.step == 0 ? square(state, f) : pay(state, f);
    case Kind::Battle: {
      const int e = best_event(state, depth);
      if (e >= 0) return e;
      const int u = best_startup(state, depth);
      return u >= 0 ? u : kPass;
    }
    case Kind::Excess:
    case Kind::Preprocess:
      return legal.ids[0];  // vanilla Charge cards are alike; waiting abilities in the engine's order
    case Kind::Effect:  // a card ability's choice (docs/zx/cards.md); what the rules below do not know: the lookahead
      // A Square target: destroy, bounce, Power up or down, own Z/X or the opponent's, told apart by the outcome the
      // lookahead scores (evaluate counts each Z/X's Power left); at the deepest level the removal rule.
      if (legal.ids[0] >= kFirstTarget && legal.ids[0] < kYes) {
        return depth < kDepth ? lookahead(state, depth) : remove_target(state, legal, kFirstTarget);
      }
      if (legal.ids[0] >= block(kChoose, 0) && legal.ids[0] < kFirstSquare) return least_useful(state, kChoose);
      // A Life card by position (effect-life-pick): face down to both players (rules.md 13), so the top card, as
      // for damage; a lookahead would read the copy's hidden order.
      if (legal.ids[0] >= kFirstLife && legal.ids[0] < kFirstVoid) return kFirstLife;
      // An effect's payment (effect-pay): the Resource card the hand needs least, as for a Cost.
      if (legal.ids[0] >= block(kPay, 0) && legal.ids[0] < block(kDiscard, 0)) return pay_least_needed(state, legal);
      return -1;
    case Kind::Startup:  // a startup ability's costs: its colour payment by the rule of Costs, the rest by the lookahead
      if (legal.ids[0] >= block(kPay, 0) && legal.ids[0] < block(kDiscard, 0)) return pay_least_needed(state, legal);
      return -1;
    case Kind::VoidBringer: return remove_target(state, legal, kFirstVoid);
    default: return -1;
  }
}

// Keep a hand that can play a Z/X in the first turns (2 Resource cards, one more each turn: Cost 3 at most).
int Heuristic::mulligan(const State& state) const {
  const int p = state.current_player();
  const CardList& hand = state.player(p).hand;
  for (int k = 0; k < hand.n; ++k) {
    const CardDef& c = state.game().card_of(hand.ids[k]);
    if (c.is_zx() && c.cost >= 0 && c.cost <= 3) return kKeep;
  }
  return kMulligan;
}

int Heuristic::resource(const State& state) const {
  const int p = state.current_player();
  const PlayerState& ps = state.player(p);
  if (ps.hand.n == 0) return kPass;
  const int a = least_useful(state, kResource);
  if (ps.resource.n < kResourceTarget) return a;
  const int i = a - block(kResource, 0);
  return usefulness(state, p, i) <= 0.0 ? a : kPass;
}

int Heuristic::ignition(const State& state) const {
  const int p = state.current_player();
  if (state.player(p).deck.n <= kIgniteDeckFloor) return kPass;
  // Only while a revealed Z/X would have an empty Square to go to (an Ignition card onto the player's own Z/X
  // throws that one away).
  bool empty = false;
  for (int s = 0; s < kSquares; ++s) empty |= state.core().board[s] == kNone && s != player_square(1 - p);
  if (!empty) return kPass;
  const CardList& charge = state.player(p).charge;
  return charge.n > 0 ? block(kIgnite, charge.ids[0]) : kPass;
}

int Heuristic::main_phase(const State& state, int depth) {
  const ActionList& legal = *legal_[depth];
  const int p = state.current_player();
  const Game& g = state.game();
  // 1. Z/X: the set of playable ones of the most Power whose Costs the Reboot Resource covers and for which empty
  // Squares remain (colours are left to the legality of each play); its dearest card first.
  std::array<int, 10> cards{};
  int n = 0;
  for (int k = 0; k < legal.size && n < static_cast<int>(cards.size()); ++k) {
    const int a = legal.ids[k];
    if (a < block(kPlay, 0) || a >= block(kResource, 0)) continue;
    const int i = a - block(kPlay, 0);
    if (g.card_of(i).is_zx() && worth_placing(state, p, i)) cards[n++] = i;
  }
  if (n > 0) {
    const int ready = ready_resources(state, p);
    int empty = 0;
    for (int s = 0; s < kSquares; ++s) empty += state.core().board[s] == kNone && s != player_square(1 - p);
    const int slots = std::max(empty, 1);
    int best_mask = 0, best_power = 0;
    for (int mask = 1; mask < (1 << n); ++mask) {
      int cost = 0, power = 0, count = 0;
      for (int k = 0; k < n; ++k) {
        if (!(mask >> k & 1)) continue;
        cost += g.card_of(cards[k]).cost;
        power += g.card_of(cards[k]).power;
        ++count;
      }
      if (cost <= ready && count <= slots && power > best_power) {
        best_power = power;
        best_mask = mask;
      }
    }
    int pick = -1;
    for (int k = 0; k < n; ++k) {
      if (!(best_mask >> k & 1)) continue;
      const CardDef& c = g.card_of(cards[k]);
      if (pick < 0 || c.cost > g.card_of(pick).cost ||
          (c.cost == g.card_of(pick).cost && c.power > g.card_of(pick).power)) {
        pick = cards[k];
      }
    }
    if (pick >= 0) return block(kPlay, pick);
  }
  // 2. An Event whose resolution leaves the position better.
  const int e = best_event(state, depth);
  if (e >= 0) return e;
  // 3. A startup ability whose resolution leaves the position better (its costs paid: Charge cards, Sleep ...).
  const int u = best_startup(state, depth);
  if (u >= 0) return u;
  // 4. Attacks that gain, then the end of the phase.
  return attack(state);
}

// Attacks (rules.md 8.1 - 8.6): damage is one-way, so an attack costs only the attacker's Sleep. In order: the
// opponent's Player Square guard when the attackers that reach it can destroy it this turn; the opponent, with every
// attacker that reaches the empty Player Square (before the damaged player's Ignition card can guard it again); then
// the most worth Z/X the attackers can destroy. An attack that destroys nothing and damages no player is not made.
int Heuristic::attack(const State& state) const {
  const int p = state.current_player();
  const int ops = player_square(1 - p), mine = player_square(p);
  const auto& board = state.core().board;
  const Game& g = state.game();
  // Attack ids are listed by attacker Square and target Square; gather them per target.
  std::array<std::array<int8_t, kSquares>, kSquares> can{};  // can[t][a]: attacker on a may hit t
  bool any = false;
  for (int a = 0; a < kSquares; ++a) {
    const int z = board[a];
    if (z == kNone || state.instance(z).owner != p || state.instance(z).sleeping) continue;
    const int range = range_of(state, z);
    for (int t = 0; t < kSquares; ++t) {
      const int d = distance(a, t);
      if (d == 0 || d > range) continue;
      const int occ = board[t];
      if ((occ != kNone && state.instance(occ).owner != p) || (occ == kNone && t == ops)) {
        can[t][a] = 1;
        any = true;
      }
    }
  }
  if (!any) return kPass;
  auto kill_with = [&](int t, int hp, int& attacker) {
    // The weakest attacker that destroys the target alone, else the strongest when together they do.
    int alone = -1, strongest = -1, total = 0;
    for (int a = 0; a < kSquares; ++a) {
      if (!can[t][a]) continue;
      const int pw = state.power(board[a]);
      total += pw;
      if (pw >= hp && (alone < 0 || pw < state.power(board[alone]))) alone = a;
      if (strongest < 0 || pw > state.power(board[strongest])) strongest = a;
    }
    attacker = alone >= 0 ? alone : strongest;
    return total >= hp && attacker >= 0;
  };
  int attacker = -1;
  if (board[ops] != kNone) {
    if (kill_with(ops, hp_left(state, board[ops]), attacker)) return kFirstAttack + attacker * kSquares + ops;
  } else {
    // The reaching attacker with the fewest Z/X it could destroy otherwise, the weakest between equals.
    int best = -1, best_other = 0;
    for (int a = 0; a < kSquares; ++a) {
      if (!can[ops][a]) continue;
      int other = 0;
      for (int t = 0; t < kSquares; ++t) {
        if (t != ops && can[t][a] && state.power(board[a]) >= hp_left(state, board[t])) ++other;
      }
      if (best < 0 || other < best_other ||
          (other == best_other && state.power(board[a]) < state.power(board[best]))) {
        best = a;
        best_other = other;
      }
    }
    if (best >= 0) return kFirstAttack + best * kSquares + ops;
  }
  int target = -1, by = -1;
  double best_worth = 0.0;
  for (int t = 0; t < kSquares; ++t) {
    if (t == ops || board[t] == kNone || state.instance(board[t]).owner == p) continue;
    int a = -1;
    if (!kill_with(t, hp_left(state, board[t]), a)) continue;
    const int z = board[t];
    double worth = 1.0 + state.power(z) / 1000.0 + g.card_of(z).cost * 0.2;
    if (distance(t, mine) <= range_of(state, z)) worth += 2.0;  // it threatens the player's own Player Square
    if (worth > best_worth) {
      best_worth = worth;
      target = t;
      by = a;
    }
  }
  if (target >= 0) return kFirstAttack + by * kSquares + target;
  return kPass;
}

double Heuristic::square_score(const State& state, int p, int i, int s) const {
  const int ps = player_square(p), ops = player_square(1 - p);
  const int power = state.game().card_of(i).power;
  const int range = range_of(state, i);
  const auto& board = state.core().board;
  const int old = board[s];
  if (old != kNone) {  // the player's own Reboot Z/X, thrown away (rules.md 7.3a): only the Power gained counts
    return (power - state.power(old)) / 1000.0 * 0.8 - 0.5 + (s == ps ? 1.0 : 0.0);
  }
  double score = 1.0;
  if (s == ps) {
    score = 6.0;  // the guard: no attack reaches the player while a Z/X stands there (rules.md 8.1)
  } else {
    if (adjacent(s, ps)) score += 2.5;             // an attacker's Square next to the Player Square, taken
    if (distance(s, ops) <= range) score += 2.5;   // it threatens the opponent's Player Square
  }
  int threat = 0;
  for (int q = 0; q < kSquares; ++q) {
    const int e = board[q];
    if (e == kNone || state.instance(e).owner == p) continue;
    if (distance(q, s) <= range_of(state, e)) threat += state.power(e);
    if (distance(s, q) <= range && hp_left(state, e) <= power) score += 0.8;  // it can destroy that one
  }
  if (threat >= power && s != ps) score -= 2.0;
  return score;
}

bool Heuristic::worth_placing(const State& state, int p, int i) const {
  const auto& board = state.core().board;
  for (int s = 0; s < kSquares; ++s) {
    if (s == player_square(1 - p)) continue;
    const int occ = board[s];
    if (occ == kNone) return true;
    if (state.instance(occ).owner == p && !state.instance(occ).sleeping && square_score(state, p, i, s) > 0.0) {
      return true;
    }
  }
  return false;
}

int Heuristic::square(const State& state, const Frame& f) const {
  const int p = state.current_player();
  int best = -1;
  double best_score = -1e18;
  for (int s = 0; s < kSquares; ++s) {
    if (s == player_square(1 - p)) continue;
    const int occ = state.core().board[s];
    if (occ != kNone && (state.instance(occ).owner != p || state.instance(occ).sleeping)) continue;
    const double v = square_score(state, p, f.a, s);
    if (v > best_score) {
      best_score = v;
      best = s;
    }
  }
  return best < 0 ? -1 : kFirstSquare + best;
}

// Sleep the Resource card whose colours the rest of the hand needs least, so that the next plays stay payable.
int Heuristic::pay(const State& state, const Frame& f) const {
  const int p = state.current_player();
  const PlayerState& ps = state.player(p);
  const Game& g = state.game();
  int best = -1, best_need = 1 << 20;
  for (int k = 0; k < ps.resource.n; ++k) {
    const int r = ps.resource.ids[k];
    if (state.instance(r).sleeping) continue;
    int need = 0;
    for (int h = 0; h < ps.hand.n; ++h) {
      const int c = ps.hand.ids[h];
      if (c != f.a && (g.colours_of(c) & g.colours_of(r)) != 0) ++need;
    }
    // Colour first: a card of the played card's colour while the colour is unpaid. A pick Z7.3 does not offer
    // (it would leave the rest unpayable) is refused by choose_at's legality check, which then looks ahead.
    if (!(f.e & 2) && (g.colours_of(f.a) & g.colours_of(r)) != 0) need -= 1000;
    if (need < best_need) {
      best_need = need;
      best = r;
    }
  }
  return best < 0 ? -1 : block(kPay, best);
}

// An effect's or a startup ability's payment: of the Resource cards legal to Sleep, the one whose colours the hand
// needs least (the first between equals).
int Heuristic::pay_least_needed(const State& state, const ActionList& legal) const {
  const int p = state.current_player();
  const PlayerState& ps = state.player(p);
  const Game& g = state.game();
  int best = -1, best_need = 1 << 20;
  for (int k = 0; k < legal.size; ++k) {
    const int a = legal.ids[k];
    if (a < block(kPay, 0) || a >= block(kDiscard, 0)) continue;
    const int r = a - block(kPay, 0);
    int need = 0;
    for (int h = 0; h < ps.hand.n; ++h) need += (g.colours_of(ps.hand.ids[h]) & g.colours_of(r)) != 0 ? 1 : 0;
    if (need < best_need) {
      best_need = need;
      best = a;
    }
  }
  return best;
}

double Heuristic::usefulness(const State& state, int p, int i) const {
  const CardDef& c = state.game().card_of(i);
  if (c.type == CardType::Event) return has_program(state, i) ? 3.0 : 0.0;
  if (!c.is_zx() || c.cost < 0) return 0.0;
  const PlayerState& ps = state.player(p);
  double u = c.power / 1000.0;
  // Dearer than next turn's Resource: less useful now.
  const int over = c.cost - (ps.resource.n + 1);
  if (over > 0) u -= 1.2 * over;
  if (c.cost > 0 && c.colours != 0) {
    bool colour = false;
    for (int k = 0; k < ps.resource.n; ++k) colour |= (state.game().colours_of(ps.resource.ids[k]) & c.colours) != 0;
    if (!colour) u -= 1.0;
  }
  return u;
}

int Heuristic::least_useful(const State& state, int b) const {
  const int p = state.current_player();
  const CardList& hand = state.player(p).hand;
  int best = -1;
  double best_u = 1e18;
  for (int k = 0; k < hand.n; ++k) {
    const double u = usefulness(state, p, hand.ids[k]);
    if (u < best_u) {
      best_u = u;
      best = hand.ids[k];
    }
  }
  return best < 0 ? -1 : block(static_cast<Block>(b), best);
}

int Heuristic::play_free(const State& state, int depth) {
  const int p = state.current_player();
  const int i = state.revealed();
  if (i == kNone) return -1;
  const CardDef& c = state.game().card_of(i);
  if (c.is_zx()) return worth_placing(state, p, i) ? kPlayRevealed : kPass;
  if (c.type == CardType::Event && has_program(state, i) && depth < kDepth) {
    return value_after(state, kPlayRevealed, depth) > value_after(state, kPass, depth) ? kPlayRevealed : kPass;
  }
  return kPass;
}

int Heuristic::best_event(const State& state, int depth) {
  if (depth >= kDepth) return -1;
  const ActionList& legal = *legal_[depth];
  const int p = state.current_player();
  int best = -1;
  double best_value = evaluate(state, p) + kLeastGain;
  for (int k = 0; k < legal.size; ++k) {
    const int a = legal.ids[k];
    if (a < block(kPlay, 0) || a >= block(kResource, 0)) continue;
    const int i = a - block(kPlay, 0);
    if (state.game().card_of(i).type != CardType::Event || !has_program(state, i)) continue;
    if (earlier_copy(state, legal, k)) continue;  // a copy of an Event judged already: the same outcome
    const double v = value_after(state, a, depth);
    if (v > best_value) {
      best_value = v;
      best = a;
    }
  }
  return best;
}

// A startup ability (docs/zx/actions.md, 1095 + 2i + k), judged like an Event: used when the position after its
// costs and resolution evaluates better than the one before by kLeastGain.
int Heuristic::best_startup(const State& state, int depth) {
  if (depth >= kDepth) return -1;
  const ActionList& legal = *legal_[depth];
  const int p = state.current_player();
  int best = -1;
  double best_value = evaluate(state, p) + kLeastGain;
  for (int k = 0; k < legal.size; ++k) {
    const int a = legal.ids[k];
    if (a < kFirstStartup) continue;
    const double v = value_after(state, a, depth);
    if (v > best_value) {
      best_value = v;
      best = a;
    }
  }
  return best;
}

// Void Bringer and BounceZX: the opponent's Z/X most in the way (its Power, the Player Square guard, one threatening
// the player's own Player Square); never the player's own when passing is allowed, else the weakest of those.
int Heuristic::remove_target(const State& state, const ActionList& legal, int first_id) const {
  const int p = state.current_player();
  int best = -1;
  double best_worth = -1e18;
  for (int s = 0; s < kSquares; ++s) {
    const int z = state.core().board[s];
    if (z == kNone || !contains(legal, first_id + s)) continue;
    double worth;
    if (state.instance(z).owner != p) {
      worth = state.power(z) / 1000.0;
      if (s == player_square(1 - p)) worth += 2.0;
      if (distance(s, player_square(p)) <= range_of(state, z)) worth += 1.5;
    } else {
      worth = -100.0 - state.power(z) / 1000.0;
    }
    if (worth > best_worth) {
      best_worth = worth;
      best = s;
    }
  }
  if (best < 0) return -1;
  if (best_worth < -50.0 && contains(legal, kPass)) return kPass;
  return first_id + best;
}

bool Heuristic::has_program(const State& state, int i) const {  // an Event with an ability to resolve
  return state.game().options().effects && state.game().event_ability(state.instance(i).def) >= 0;
}

int Heuristic::range_of(const State& state, int i) const {
  return state.has_keyword(i, fx::kGrantRangeInfinity) ? 8 : state.has_keyword(i, fx::kGrantRange2) ? 2 : 1;
}

double Heuristic::value_after(const State& state, int a, int depth) {
  const int me = state.current_player();
  const int base = state.frame_count();
  if (scratch_[depth]) {
    *scratch_[depth] = state;
  } else {
    scratch_[depth].emplace(state);
  }
  State& s = *scratch_[depth];
  s.apply_legal_action(a);
  for (int k = 0; k < 64 && !s.is_terminal() && s.frame_count() > base; ++k) s.apply_legal_action(choose_at(s, depth + 1));
  return evaluate(s, me);
}

// A card's worth to the one who takes or plays it, without the position: its Power and Cost.
double Heuristic::card_worth(const State& state, int i) const {
  const CardDef& c = state.game().card_of(i);
  return c.power / 1000.0 + 0.2 * std::max(0, static_cast<int>(c.cost));
}

// Whether legal action k chooses a card off the Squares alike in every respect the rules read (its definition,
// owner, zone, Sleep, damage, Power changes, status) to one an earlier action chooses: its outcome is the earlier
// one's, so the lookahead tries the first of such copies only.
bool Heuristic::same_as_earlier(const State& state, const ActionList& legal, int k) const {
  const int a = legal.ids[k];
  if (!is_card_choice(a)) return false;
  const CardInstance& x = state.instance(a - kFirstChooseCard);
  if (x.zone == Zone::Square) return false;
  for (int j = 0; j < k; ++j) {
    const int b = legal.ids[j];
    if (!is_card_choice(b)) continue;
    const CardInstance& y = state.instance(b - kFirstChooseCard);
    if (y.def == x.def && y.owner == x.owner && y.zone == x.zone && y.sleeping == x.sleeping && y.damage == x.damage &&
        y.power_mod == x.power_mod && y.status == x.status && y.removed_by == x.removed_by) {
      return true;
    }
  }
  return false;
}

// Whether legal action k plays a hand card of the same definition as an earlier play of the list (copies in one
// hand resolve alike).
bool Heuristic::earlier_copy(const State& state, const ActionList& legal, int k) const {
  const int i = legal.ids[k] - block(kPlay, 0);
  for (int j = 0; j < k; ++j) {
    const int b = legal.ids[j];
    if (b < block(kPlay, 0) || b >= block(kResource, 0)) continue;
    const int o = b - block(kPlay, 0);
    if (state.instance(o).def == state.instance(i).def && state.instance(o).zone == state.instance(i).zone) return true;
  }
  return false;
}

int Heuristic::lookahead(const State& state, int depth) {
  const ActionList& legal = *legal_[depth];
  int best = legal.ids[0];
  double best_value = -1e18;
  // Inside another lookahead, a choice among cards tries only the kNestedCards worthiest distinct ones (by Power and
  // Cost: the card an effect would play, fetch or take first); the decision itself (depth 0) tries every one.
  double floor_worth = -1e18;
  int at_floor = kNestedCards;  // how many candidates of worth floor_worth are still tried
  if (depth > 0) {
    std::array<double, kNestedCards> top;
    top.fill(-1e18);
    int cards = 0;
    for (int k = 0; k < legal.size; ++k) {
      if (!is_card_choice(legal.ids[k]) || same_as_earlier(state, legal, k)) continue;
      ++cards;
      const double w = card_worth(state, legal.ids[k] - kFirstChooseCard);
      if (w <= top[kNestedCards - 1]) continue;
      int j = kNestedCards - 1;
      for (; j > 0 && top[j - 1] < w; --j) top[j] = top[j - 1];
      top[j] = w;
    }
    if (cards > kNestedCards) {
      floor_worth = top[kNestedCards - 1];
      at_floor = 0;
      for (int j = 0; j < kNestedCards; ++j) at_floor += top[j] == floor_worth ? 1 : 0;
    }
  }
  for (int k = 0; k < legal.size; ++k) {
    if (same_as_earlier(state, legal, k)) continue;
    if (floor_worth > -1e18 && is_card_choice(legal.ids[k])) {
      const double w = card_worth(state, legal.ids[k] - kFirstChooseCard);
      if (w < floor_worth || (w == floor_worth && at_floor-- <= 0)) continue;
    }
    const double v = value_after(state, legal.ids[k], depth);
    if (v > best_value) {
      best_value = v;
      best = legal.ids[k];
    }
  }
  return best;
}

double Heuristic::evaluate(const State& state, int p) const {
  if (state.is_terminal()) return state.player_return(p);
  const State::PowerScope powers(state);
  const int o = 1 - p;
  const PlayerState &me = state.player(p), &op = state.player(o);
  double score = 1.2 * (me.life.n - op.life.n);
  const auto& board = state.core().board;
  for (int s = 0; s < kSquares; ++s) {
    const int z = board[s];
    if (z == kNone) continue;
    const int q = state.instance(z).owner;
    const double power = std::max(0, hp_left(state, z)) / 1000.0;
    double w = 0.3 * power;
    if (s == player_square(q)) w += 0.8 + 0.1 * power;  // a guard
    const int target = player_square(1 - q);
    if (distance(s, target) <= range_of(state, z)) w += board[target] == kNone ? 0.6 : 0.3;
    score += q == p ? w : -w;
  }
  score += 0.15 * (me.resource.n - op.resource.n) + 0.05 * (me.hand.n - op.hand.n) +
           0.05 * (me.charge.n - op.charge.n);
  return std::tanh(score / 4.0);
}

}  // namespace tcbg::zx::agents_detail
