// The heuristic's card-effect lookahead without playing every option out (docs/engine-design.md "Bounds instead
// of playouts"): a choice of dot bounded dot by dot, and a discard from one hand whose options all score alike.
// Each gives the pick the plain loop of best_by_lookahead gives.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "heuristic.hpp"

namespace tcbg::x610z::agents_detail {

namespace {

// Whether filter f reads where a card stands or a dot (its kind, dot kinds, free or summon dots).
bool positional_filter(const fx::Tables& t, int f) {
  if (f < 0) return false;
  const int32_t* r = t.filter(f);
  return r[fx::filter::kKind] == fx::kKindDot || r[fx::filter::kDots] != 0 ||
         (r[fx::filter::kFlags] & (fx::kFree | fx::kSummonDot)) != 0;
}

// Whether a part of an ability (its targets' filters and instructions) resolves the same wherever cards stand, with
// no choice and no event (so no trigger): it reads no dot and no card's place, and changes only what no event
// reports (rules.md 6.9): stats other than defense (which can destroy), properties, damage healed or prevented,
// energy, activation, cancelled items, cards drawn (the same cards from the same deck on every branch; a draw
// from an empty deck loses the game on every branch alike, rules.md 5.4).
bool placeless_part(const fx::Tables& t, int program, int length, const int32_t* targets, int num_targets) {
  for (int s = 0; s < num_targets; ++s) {
    if (positional_filter(t, targets[s])) return false;
  }
  for (int pc = 0; pc < length; ++pc) {
    const int32_t* ins = t.instruction(program + pc);
    const int op = ins[0];
    switch (op) {
      case fx::END: case fx::RETURN: case fx::SET: case fx::ADD: case fx::SUB: case fx::MUL: case fx::MIN:
      case fx::MAX: case fx::LE: case fx::EQ: case fx::NOT: case fx::JUMP: case fx::JZ: case fx::CTX:
      case fx::GRANT: case fx::PREVENT: case fx::HEAL: case fx::PRODUCE: case fx::CANCEL: case fx::REDUCE:
      case fx::REDIRECT: case fx::ACTIVATE: case fx::REACTIVATE: case fx::DRAW:
        break;
      case fx::GET: if (ins[3] == fx::kDot) return false; break;
      case fx::COUNT: case fx::NEXT: if (positional_filter(t, ins[2])) return false; break;
      case fx::MATCH: if (positional_filter(t, ins[3])) return false; break;
      case fx::MODIFY: if ((ins[3] & 0xFF) == fx::kDefense) return false; break;
      default: return false;
    }
  }
  return true;
}

// Whether additional effects `used` of ability `ability` (the parts after its mode's) are all placeless_part.
bool placeless_additional(const fx::Tables& t, int ability, int used) {
  const int32_t* ab = t.ability(ability);
  for (int k = 0; k < ab[fx::ability::kNumAdditional]; ++k) {
    if (!((used >> k) & 1)) continue;
    const int32_t* ad = t.additional(ab[fx::ability::kFirstAdditional] + k);
    if (!placeless_part(t, ad[fx::additional::kProgram], ad[fx::additional::kLength], ad + fx::additional::kTarget0,
                        ad[fx::additional::kNumTargets])) {
      return false;
    }
  }
  return true;
}

// Whether stack item `item` resolves the same wherever cards stand, with no choice and no event: an ability, or a
// flux being cast, each of whose parts is placeless_part. A permanent with activation counters is left out: its
// last counter used takes it out of play (an event).
bool placeless_item(const State& state, const StackItem& item) {
  const Game& g = state.game();
  const fx::Tables& t = *g.effects();
  if (item.ability < 0) return false;
  if (item.kind == StackKind::Cast) {
    if (g.card(state.instance(item.instance).def).type != CardType::Flux) return false;
  } else if (item.kind != StackKind::Ability ||
             t.card(state.instance(item.instance).def)[fx::card::kStartActivation] != 0) {
    return false;
  }
  const int32_t* m = t.mode(t.ability(item.ability)[fx::ability::kFirstMode] + item.mode);
  return placeless_part(t, m[fx::mode::kProgram], m[fx::mode::kLength], m + fx::mode::kTarget0,
                        m[fx::mode::kNumTargets]) &&
         placeless_additional(t, item.ability, item.additional);
}

// Whether a part reads no card's identity out of play: no COUNT, NEXT or MATCH (whose filters may walk a hand or
// a deck). With placeless_part, what it does is the same whichever card of a deck is in a hand.
bool counts_nothing(const fx::Tables& t, int program, int length) {
  for (int pc = 0; pc < length; ++pc) {
    const int op = t.instruction(program + pc)[0];
    if (op == fx::COUNT || op == fx::NEXT || op == fx::MATCH) return false;
  }
  return true;
}

// Whether stack item `item` resolves the same whichever card of a deck a search below it puts into a hand: a
// placeless_item whose parts count nothing, or (with `fights_blind`) a move or an attack.
bool hand_free_item(const State& state, const StackItem& item, bool fights_blind) {
  if (item.kind == StackKind::Move || item.kind == StackKind::Attack) return fights_blind;
  if (!placeless_item(state, item)) return false;
  const fx::Tables& t = *state.game().effects();
  const int32_t* ab = t.ability(item.ability);
  const int32_t* m = t.mode(ab[fx::ability::kFirstMode] + item.mode);
  if (!counts_nothing(t, m[fx::mode::kProgram], m[fx::mode::kLength])) return false;
  for (int k = 0; k < ab[fx::ability::kNumAdditional]; ++k) {
    if (!((item.additional >> k) & 1)) continue;
    const int32_t* ad = t.additional(ab[fx::ability::kFirstAdditional] + k);
    if (!counts_nothing(t, ad[fx::additional::kProgram], ad[fx::additional::kLength])) return false;
  }
  return true;
}

}  // namespace

// See Heuristic::fights_blind_.
bool fights_blind(const Game& g) {
  const fx::Tables* t = g.effects();
  if (!t) return true;
  for (int k = 0; k < t->num(t->continuous, fx::continuous::kWidth); ++k) {
    if (t->continuous_effect(k)[fx::continuous::kLength] != 0) return false;
  }
  const unsigned fights = (1u << fx::kMoves) | (1u << fx::kEventDamaged) | (1u << fx::kDestroyed) |
                          (1u << fx::kLeavesPlay);
  for (int k = 0; k < t->num(t->triggers, fx::trigger::kWidth); ++k) {
    if ((1u << t->trigger_record(k)[fx::trigger::kEvent]) & fights) return false;
  }
  return true;
}

// See Heuristic::dot_bounds_ok_. Read from the card set's tables as a whole, so a card outside the decks can only
// make it false.
bool dot_bounds_allowed(const Game& g) {
  for (int i = 0; i < g.num_instances(); ++i) {
    if (g.card(g.deck_card_def(i)).type == CardType::Quest) return false;
  }
  const fx::Tables* t = g.effects();
  if (!t) return true;
  for (int k = 0; k < t->num(t->triggers, fx::trigger::kWidth); ++k) {
    if (t->trigger_record(k)[fx::trigger::kEvent] == fx::kMoves) return false;
  }
  for (int k = 0; k < t->num(t->continuous, fx::continuous::kWidth); ++k) {
    const int32_t* ce = t->continuous_effect(k);
    if (positional_filter(*t, ce[fx::continuous::kFilter])) return false;
    for (int pc = 0; pc < ce[fx::continuous::kLength]; ++pc) {
      const int32_t* ins = t->instruction(ce[fx::continuous::kProgram] + pc);
      const int op = ins[0];
      if (op == fx::PYTHON || (op == fx::GET && ins[3] == fx::kDot)) return false;
      if ((op == fx::COUNT || op == fx::NEXT) && positional_filter(*t, ins[2])) return false;
      if (op == fx::MATCH && positional_filter(*t, ins[3])) return false;
    }
  }
  return true;
}

// See Heuristic::hand_blind_.
bool hand_blind(const Game& g) {
  const fx::Tables* t = g.effects();
  if (!t) return true;
  for (int k = 0; k < t->num(t->continuous, fx::continuous::kWidth); ++k) {
    const int32_t* ce = t->continuous_effect(k);
    const int layer = ce[fx::continuous::kLayer];
    if ((layer == fx::kLayerControl || (layer == fx::kLayerStat && ce[fx::continuous::kWhat] == fx::kDefense)) &&
        ce[fx::continuous::kLength] != 0) {
      return false;
    }
  }
  return true;
}


// See Heuristic::own_entering_only_.
bool own_entering_only(const Game& g) {
  const fx::Tables* t = g.effects();
  if (!t) return true;
  for (int k = 0; k < t->num(t->triggers, fx::trigger::kWidth); ++k) {
    const int32_t* tr = t->trigger_record(k);
    if (tr[fx::trigger::kEvent] == fx::kEntersPlay && tr[fx::trigger::kSubject] != fx::kSubjectThis) return false;
  }
  return true;
}

// See Heuristic::quiet_leaving_. Read from the cards of the game's decks (in play or in a discard pile, the zones
// triggered abilities work from), as dot_bounds_allowed reads them for quests.
bool quiet_leaving(const Game& g) {
  if (!g.effects()) return true;
  const unsigned leaving = (1u << fx::kLeavesPlay) | (1u << fx::kDestroyed);
  for (int i = 0; i < g.num_instances(); ++i) {
    const int def = g.deck_card_def(i);
    if ((g.trigger_events(def, false) | g.trigger_events(def, true)) & leaving) return false;
  }
  return true;
}

// The choice best_dot_by_bounds can bound: a summon's placement as its cast resolves, when nothing triggers on its
// entering play; or the resolution's next instructions are CHOOSE_DOT into a register and PLACE of a card in play
// onto that register's dot (Divine Intervention), or CHOOSE_MOVE of a summon's move and MOVE along it (Tailwind),
// then the end of the mode's part, and any additional effects used placeless_part. Every action is a dot (a move
// key); and below on the stack are at most one move and items that play the same wherever cards stand
// (placeless_item), with no triggered ability waiting. What follows each dot is then known (rules.md 6.5, 6.6,
// docs/agents.md "Card effects"): the card stands on the dot if it may stand there and stays where it is
// otherwise (a moved summon ends on the move's destination), the items resolve alike, and the move takes its
// summon to the move's destination or fails.
bool Heuristic::placing_dot_choice(const State& state, const ActionList& legal, DotPlacement& p) const {
  if (state.waiting_size() != 0 || legal.size < 2) return false;
  const Game& g = state.game();
  p = DotPlacement{};
  if (state.pending() == Pending::Placement) {
    // The summon enters play on the dot (rules.md 5.11), which triggers nothing when neither it nor another card
    // has an ability triggered by it.
    const int x = state.pending_instance();
    if (!own_entering_only_ || x < 0) return false;
    const fx::Tables& t = *g.effects();
    const int32_t* rec = t.card(state.instance(x).def);
    for (int a = rec[fx::card::kFirstAbility]; a < rec[fx::card::kFirstAbility] + rec[fx::card::kNumAbilities]; ++a) {
      if (t.ability(a)[fx::ability::kKind] == fx::kTriggered) return false;
    }
    p.target = x;
    p.summoned = true;
    return below_placeless(state, legal, p);
  }
  if (state.pending() != Pending::Resolve) return false;
  const fx::Tables& t = *g.effects();
  const Resolution& res = state.resolution();
  const StackItem& item = res.item;
  // The choice in the mode's part; the additional effects used after it (Tailwind's draw) resolve alike wherever
  // cards stand.
  if (res.part != 0 || item.ability < 0 || !placeless_additional(t, item.ability, item.additional)) return false;
  const int32_t* mode = t.mode(t.ability(item.ability)[fx::ability::kFirstMode] + item.mode);
  const int program = mode[fx::mode::kProgram], length = mode[fx::mode::kLength];
  const int pc = res.pc;
  if (pc + 1 >= length) return false;
  const int32_t* choose = t.instruction(program + pc);
  const int32_t* place = t.instruction(program + pc + 1);
  // CHOOSE_DOT d, filter, x then PLACE x, d; or CHOOSE_MOVE k, x, steps then MOVE x, k (the summon moved is the
  // one whose moves were listed).
  const bool placing = choose[0] == fx::CHOOSE_DOT && place[0] == fx::PLACE && place[2] == choose[1] &&
                       place[1] != choose[1];
  const bool moving = choose[0] == fx::CHOOSE_MOVE && place[0] == fx::MOVE && place[2] == choose[1] &&
                      place[1] == choose[2] && place[1] != choose[1];
  if (!placing && !moving) return false;
  if (pc + 2 < length) {
    const int op = t.instruction(program + pc + 2)[0];
    if (op != fx::END && op != fx::RETURN) return false;
  }
  const int x = res.regs[place[1]];
  if (x < 0 || x >= g.num_instances()) return false;
  const CardInstance& c = state.instance(x);
  const CardType type = g.card(c.def).type;
  if (c.zone != Zone::Play || c.dot < 0 || (type != CardType::Summon && type != CardType::LifeBase)) return false;
  // A life base moved onto an end dot escapes (rules.md 5.14): not a position to bound.
  if (moving && type == CardType::LifeBase) return false;
  p.target = x;
  p.moving = moving;
  return below_placeless(state, legal, p);
}

// The rest of placing_dot_choice: every action a dot, and the stack below as it describes.
bool Heuristic::below_placeless(const State& state, const ActionList& legal, DotPlacement& p) const {
  const Game& g = state.game();
  const int first = p.moving ? g.first_move_action() : g.first_dot_action();
  const int end = p.moving ? g.first_attack_action() : first + g.board().num_dots();
  for (int k = 0; k < legal.size; ++k) {
    if (legal.ids[k] < first || legal.ids[k] >= end) return false;
  }
  for (int k = 0; k < state.stack_size(); ++k) {
    const StackItem& below = state.stack_item(k);
    if (below.kind != StackKind::Move) {
      if (!placeless_item(state, below)) return false;
      continue;
    }
    if (p.mover >= 0) return false;  // one move at most
    const CardInstance& m = state.instance(below.instance);
    if (m.zone != Zone::Play || m.dot < 0) return false;
    p.mover = below.instance;
    p.destination = below.key / kKeysPerDot;
    // A life base's move onto an end dot wins the game (rules.md 5.14): not a position to bound.
    if (g.card(m.def).type == CardType::LifeBase && g.board().has_kind(p.destination, kEnd)) return false;
  }
  return true;
}

// A resolution's choice of a card to discard from one player's hand (CHOOSE, not optional or random, then DISCARD
// and the end of the only part that runs) with the stack empty and nothing waiting: whichever card goes, the
// settled positions score alike (evaluate_all reads the hands' sizes, not their cards, and with hand_blind_ no
// defense or control depends on where the other cards are).
bool Heuristic::discard_from_one_hand(const State& state, const ActionList& legal) const {
  if (state.pending() != Pending::Resolve || state.waiting_size() != 0 || state.stack_size() != 0 || legal.size < 2) {
    return false;
  }
  const Game& g = state.game();
  const fx::Tables& t = *g.effects();
  const Resolution& res = state.resolution();
  const StackItem& item = res.item;
  if (res.part != 0 || item.additional != 0 || item.ability < 0) return false;
  const int32_t* mode = t.mode(t.ability(item.ability)[fx::ability::kFirstMode] + item.mode);
  const int program = mode[fx::mode::kProgram], length = mode[fx::mode::kLength];
  const int pc = res.pc;
  if (pc + 1 >= length) return false;
  const int32_t* choose = t.instruction(program + pc);
  const int32_t* discard = t.instruction(program + pc + 1);
  if (choose[0] != fx::CHOOSE || (choose[3] >> 8) != 0 || discard[0] != fx::DISCARD || discard[1] != choose[1]) {
    return false;
  }
  if (pc + 2 < length) {
    const int op = t.instruction(program + pc + 2)[0];
    if (op != fx::END && op != fx::RETURN) return false;
  }
  const int first = g.first_choose_instance_action();
  int owner = -1;
  for (int k = 0; k < legal.size; ++k) {
    const int x = legal.ids[k] - first;
    if (x < 0 || x >= g.num_instances() || state.instance(x).zone != Zone::Hand) return false;
    if (owner >= 0 && state.instance(x).owner != owner) return false;
    owner = state.instance(x).owner;
  }
  return true;
}

// A resolution's search of a deck (CHOOSE with the search flag, then TO_HAND of the card and SHUFFLE of the deck,
// the end of the only part that runs: Library of Muljanii) with nothing waiting: the options are cards of one deck
// and, last, "none". Whichever card is taken, the settled positions score alike: a card from a deck enters the
// hand reporting no event, the shuffle draws as many numbers from the generator whatever the deck holds, the
// ability's end is the same (a permanent's last counter used takes it out of play, which with quiet_leaving_
// triggers nothing), and evaluate_all reads the hands' sizes, not their cards (with hand_blind_, no defense or
// control depends on where the cards out of play are). The items below on the stack must resolve alike too
// (hand_free_item): without a choice or an event, reading no card out of play (a card drawn is another card, the
// hand the same size); or a move or an attack, when no continuous amount is computed (so no stat depends on the
// cards out of play) and no ability triggers on what their resolution reports (fights_blind_).
bool Heuristic::search_to_hand(const State& state, const ActionList& legal) const {
  if (state.pending() != Pending::Resolve || state.waiting_size() != 0 || legal.size < 3) return false;
  for (int k = 0; k < state.stack_size(); ++k) {
    if (!hand_free_item(state, state.stack_item(k), fights_blind_)) return false;
  }
  const Game& g = state.game();
  const fx::Tables& t = *g.effects();
  const Resolution& res = state.resolution();
  const StackItem& item = res.item;
  if (res.part != 0 || item.additional != 0 || item.ability < 0) return false;
  const int32_t* mode = t.mode(t.ability(item.ability)[fx::ability::kFirstMode] + item.mode);
  const int program = mode[fx::mode::kProgram], length = mode[fx::mode::kLength];
  const int pc = res.pc;
  if (pc + 2 >= length) return false;
  const int32_t* choose = t.instruction(program + pc);
  const int32_t* to_hand = t.instruction(program + pc + 1);
  const int32_t* shuffle = t.instruction(program + pc + 2);
  if (choose[0] != fx::CHOOSE || !((choose[3] >> 8) & fx::kSearch) || ((choose[3] >> 8) & fx::kRandom) ||
      to_hand[0] != fx::TO_HAND || to_hand[1] != choose[1] || shuffle[0] != fx::SHUFFLE) {
    return false;
  }
  if (pc + 3 < length) {
    const int op = t.instruction(program + pc + 3)[0];
    if (op != fx::END && op != fx::RETURN) return false;
  }
  if (legal.ids[legal.size - 1] != g.choose_none_action()) return false;
  const int first = g.first_choose_instance_action();
  int owner = -1;
  for (int k = 0; k < legal.size - 1; ++k) {
    const int x = legal.ids[k] - first;
    if (x < 0 || x >= g.num_instances() || state.instance(x).zone != Zone::Deck) return false;
    if (owner >= 0 && state.instance(x).owner != owner) return false;
    owner = state.instance(x).owner;
  }
  return true;
}

void Heuristic::bound_base(const State& state, BoundBase& base) const {
  const Game& g = state.game();
  base = BoundBase{};
  for (int q = 0; q < g.num_players(); ++q) {
    const int t = g.team(q);
    if (state.player(q).outcome != Outcome::Playing) continue;
    base.playing[q] = true;
    base.alive[t] = true;
    for (uint8_t c : crystals_[q]) base.team[t] += 0.3 * c;
    base.team[t] += 0.2 * permanents_worth_[q];
    base.team[t] += 0.1 * state.player(q).hand_size;
  }
  for (int k = 0; k < num_pieces_; ++k) {
    const Piece& piece = pieces_[k];
    const double share = static_cast<double>(piece.hp) / std::max<int>(1, piece.def->defense);
    base.team[piece.team] += piece.life_base ? 6.0 * share : 0.25 * piece_worth(*piece.def) * (0.5 + 0.5 * share);
    if (quests_[piece.controller] && (kinds_[piece.dot] & kQuest)) base.team[piece.team] += 1.0;
  }
}

void Heuristic::prepare_absent(int kx, int km, int m0, int m1) {
  AbsentSteps& a = absent_;
  a.valid = true;
  a.kx = kx;
  a.km = km;
  a.variants = km < 0 ? 1 : 2;
  a.m_dot = {m0, m1};
  for (int v = 0; v < a.variants; ++v) {
    a.read_any[v] = {};
    a.outside_known[v] = false;
    DotSet occupied{};
    for (int k = 0; k < num_pieces_; ++k) {
      if (k == kx) continue;
      const int dot = k == km ? a.m_dot[v] : pieces_[k].dot;
      occupied[dot >> 6] |= uint64_t{1} << (dot & 63);
    }
    for (int q = 0; q < game_->num_players(); ++q) {
      const int lb = life_base_piece_[q];
      a.read[v][q] = {};
      a.steps[v][q] = kFar;
      if (lb < 0 || lb == kx) continue;  // a placed life base's steps come from its x_field
      const int dot = lb == km ? a.m_dot[v] : pieces_[lb].dot;
      if (kinds_[dot] & kEnd) {
        a.steps[v][q] = 0;  // on an end dot: no search, nothing read
        continue;
      }
      switch (dot_words_) {
        case 1: a.steps[v][q] = static_cast<int16_t>(steps_from_words<1>(dot, occupied, a.read[v][q])); break;
        case 2: a.steps[v][q] = static_cast<int16_t>(steps_from_words<2>(dot, occupied, a.read[v][q])); break;
        case 3: a.steps[v][q] = static_cast<int16_t>(steps_from_words<3>(dot, occupied, a.read[v][q])); break;
        default: a.steps[v][q] = static_cast<int16_t>(steps_from_words<kDotWords>(dot, occupied, a.read[v][q])); break;
      }
      for (int w = 0; w < kDotWords; ++w) a.read_any[v][w] |= a.read[v][q][w];
    }
  }
}

double Heuristic::value_with(const BoundBase& base, int kx, int x_dot, int km, int m_dot,
                             const std::array<int16_t, kMaxDots>* x_field) {
  const Game& g = *game_;
  int variant = -1;  // absent_'s answers for this call, if any
  if (absent_.valid && kx == absent_.kx && km == absent_.km) {
    variant = km < 0 ? 0 : m_dot == absent_.m_dot[0] ? 0 : m_dot == absent_.m_dot[1] ? 1 : -1;
  }
  // A card that is no life base on a dot no life base's search read: every life base keeps its absent steps, so
  // the value is the one the loop below gives every such dot (computed by it once).
  const bool outside = variant >= 0 && !pieces_[kx].life_base &&
                       !((absent_.read_any[variant][x_dot >> 6] >> (x_dot & 63)) & 1);
  if (outside && absent_.outside_known[variant]) return absent_.outside_value[variant];
  DotSet occupied{};
  bool occupied_made = false;
  auto make_occupied = [&] {
    for (int k = 0; k < num_pieces_; ++k) {
      const int dot = k == kx ? x_dot : k == km ? m_dot : pieces_[k].dot;
      occupied[dot >> 6] |= uint64_t{1} << (dot & 63);
    }
    occupied_made = true;
  };
  std::array<int, kMaxPlayers> best_steps{};
  best_steps.fill(kFar);
  for (int q = 0; q < g.num_players(); ++q) {
    if (!base.playing[q]) continue;
    const int lb = life_base_piece_[q];
    int steps = kFar;
    if (lb == kx && x_field) {
      // A route from the life base's dot that came back to it would be longer than one that does not: the same
      // steps as with the dot occupied, as steps_from finds them.
      steps = (kinds_[x_dot] & kEnd) ? 0 : kFar;
      const Board& b = g.board();
      for (int s = 0; s < b.degree(x_dot) && steps > 0; ++s) {
        steps = std::min<int>(steps, 1 + (*x_field)[b.slot(x_dot, s).to]);
      }
    } else if (variant >= 0 && !((absent_.read[variant][q][x_dot >> 6] >> (x_dot & 63)) & 1)) {
      steps = absent_.steps[variant][q];  // the search never looks at the card's dot
    } else if (lb >= 0) {
      if (!occupied_made) make_occupied();
      steps = steps_from(lb == kx ? x_dot : lb == km ? m_dot : pieces_[lb].dot, occupied);
    }
    best_steps[g.team(q)] = std::min(best_steps[g.team(q)], steps);
  }
  if (outside) absent_.outside_known[variant] = true;
  // worth() reads each team's steps only up to 12: the key packs them so capped, 4 bits a team.
  static_assert(4 * kMaxPlayers <= 32);
  uint32_t key = 0;
  for (int t = 0; t < kMaxPlayers; ++t) key |= static_cast<uint32_t>(std::min(best_steps[t], 12)) << (4 * t);
  for (int k = 0; k < worth_size_; ++k) {
    if (worth_steps_[k] == key) {
      if (outside) absent_.outside_value[variant] = worth_values_[k];
      return worth_values_[k];
    }
  }
  const double v = worth(base, best_steps, g.team(looking_for_));
  if (outside) absent_.outside_value[variant] = v;
  worth_steps_[worth_next_] = key;
  worth_values_[worth_next_] = v;
  worth_next_ = (worth_next_ + 1) % kWorthMemo;
  worth_size_ = std::min(worth_size_ + 1, kWorthMemo);
  return v;
}

int Heuristic::steps_from(int dot, const DotSet& occupied) {
  if (kinds_[dot] & kEnd) return 0;
  for (const OneStepsMemo& m : one_steps_memo_) {
    if (m.dot != dot) continue;
    uint64_t differ = 0;
    for (int w = 0; w < dot_words_; ++w) differ |= (m.occupied[w] ^ occupied[w]) & m.read[w];
    if (!differ) return m.steps;
  }
  OneStepsMemo& m = one_steps_memo_[one_steps_next_];
  one_steps_next_ = (one_steps_next_ + 1) % kOneStepsMemo;
  m.read = {};
  switch (dot_words_) {
    case 1: m.steps = static_cast<int16_t>(steps_from_words<1>(dot, occupied, m.read)); break;
    case 2: m.steps = static_cast<int16_t>(steps_from_words<2>(dot, occupied, m.read)); break;
    case 3: m.steps = static_cast<int16_t>(steps_from_words<3>(dot, occupied, m.read)); break;
    default: m.steps = static_cast<int16_t>(steps_from_words<kDotWords>(dot, occupied, m.read)); break;
  }
  m.dot = static_cast<int16_t>(dot);
  m.occupied = occupied;
  return m.steps;
}

// The steps of a life base on `dot` (not an end dot), the dots in `occupied` occupied, by a search from it,
// backwards along the lines that the search from the free end dots would follow: level k holds the dots k steps
// from the life base that the end dots' search could pass (free end dots, and free dots a life base may enter,
// rules.md 2.6), and the first level holding a free end dot is the answer. The same numbers as from the end dots
// (life_base_distance), but the search stays near the life base, and `read` (every dot whose occupancy it looked
// at) with it, so that positions differing farther away share the answer.
template <int W>
int Heuristic::steps_from_words(int dot, const DotSet& occupied, DotSet& read) const {
  DotSet usable{}, goal{};
  for (int w = 0; w < W; ++w) {
    goal[w] = end_dots_[w] & ~occupied[w];
    usable[w] = (enterable_[w] & ~occupied[w]) | goal[w];
  }
  return steps_to_goal<W>(dot, usable, goal, read);
}

template <int W>
int Heuristic::steps_to_goal(int dot, const DotSet& usable, const DotSet& goal, DotSet& read) const {
  DotSet frontier{}, seen{};
  uint64_t any = 0;
  for (int w = 0; w < W; ++w) {
    read[w] |= adjacent_[dot][w];
    frontier[w] = adjacent_[dot][w] & usable[w];
    seen[w] = frontier[w];
    any |= frontier[w];
  }
  for (int level = 1; any; ++level) {
    uint64_t done = 0;
    for (int w = 0; w < W; ++w) done |= frontier[w] & goal[w];
    if (done) return std::min(kFar, level);
    DotSet next{};
    for (int w = 0; w < W; ++w) {
      for (uint64_t bits = frontier[w]; bits; bits &= bits - 1) {
        const DotSet& a = leading_[w * 64 + __builtin_ctzll(bits)];
        for (int v = 0; v < W; ++v) next[v] |= a[v];
      }
    }
    any = 0;
    for (int w = 0; w < W; ++w) {
      read[w] |= next[w];
      next[w] &= usable[w] & ~seen[w];
      seen[w] |= next[w];
      any |= next[w];
    }
    frontier = next;
  }
  return kFar;
}


// best_by_lookahead for a choice placing_dot_choice() accepts, with the same pick. The first dot is played out as
// value_after() plays it; its settled position is the reference: every other dot's settles to the same position
// but for where the placed card and the mover stand (the card defense is the same, no continuous effect reading
// where cards stand), so each dot's value is at most the largest score of the positions it can lead to (the card
// on the dot or where it was, as rules.md 6.5 allows; the mover where it was or at its destination). A dot is
// played out only when that bound could beat the best value found: the dot with the highest bound first, then in
// list order. `done` false: the reference was not a settled position, and the caller looks at every dot.
int Heuristic::best_dot_by_bounds(const State& state, const ActionList& legal, int depth, double floor,
                                  const DotPlacement& p, bool& done) {
  const Game& g = state.game();
  double best = value_after(state, legal.ids[0], depth);
  int best_k = 0;
  keep_playout(depth, legal.ids[0]);
  const State& ref = *kept_[depth].state;  // read before any other dot is played out (which may swap it away)
  if (ref.is_terminal() || ref.stack_size() != 0 || ref.pending() != Pending::None || ref.waiting_size() != 0) {
    kept_[depth].action = -1;
    done = false;
    return -1;
  }
  read_position(ref, false);
  int kx = -1, km = -1;
  for (int k = 0; k < num_pieces_; ++k) {
    if (pieces_[k].instance == p.target) kx = k;
    if (pieces_[k].instance == p.mover) km = k;
  }
  if (kx < 0 || (p.mover >= 0 && km < 0)) {
    kept_[depth].action = -1;
    done = false;
    return -1;
  }
  const int x0 = p.summoned ? -1 : state.instance(p.target).dot;  // a summon being cast stands nowhere yet
  const int m0 = p.mover >= 0 ? state.instance(p.mover).dot : -1;
  const int controller = state.instance(p.target).controller;
  BoundBase base;
  bound_base(ref, base);
  worth_size_ = worth_next_ = 0;  // value_with's answers for this base and player only
  // The other life bases' steps with the card off the board (for a placed life base too: its own come from
  // x_fields_ below). A target that is its own mover is passed to value_with as no mover.
  prepare_absent(kx, p.mover == p.target ? -1 : km, m0, p.destination);
  std::array<double, kMaxDots>& bound = dot_bound_[depth];
  // The placed card's steps as a life base, from a search of the board without it (the mover where it was, and
  // at its destination).
  const std::array<int16_t, kMaxDots>* field0 = nullptr;
  const std::array<int16_t, kMaxDots>* field1 = nullptr;
  if (pieces_[kx].life_base) {
    const bool two = p.mover >= 0 && p.mover != p.target;
    for (int f = 0; f < (two ? 2 : 1); ++f) {
      occupied_ = {};
      for (int k = 0; k < num_pieces_; ++k) {
        if (k == kx) continue;
        const int dot = k == km && two ? (f == 0 ? m0 : p.destination) : pieces_[k].dot;
        occupied_[dot >> 6] |= uint64_t{1} << (dot & 63);
      }
      bfs(x_fields_[f], -1);
    }
    field0 = &x_fields_[0];
    field1 = two ? &x_fields_[1] : field0;
  }
  // Values that do not depend on the dot: the card where it was (a dot it may not stand on), and with the move
  // below its own, the card at the move's destination.
  double stay = -1e18, moved = -1e18;
  if (p.summoned) {
    // No dot leaves it where it was.
  } else if (p.mover < 0 || p.mover == p.target) {
    stay = value_with(base, kx, x0, -1, -1, field0);
    if (p.mover >= 0) moved = value_with(base, kx, p.destination, -1, -1, field0);
  } else {
    stay = std::max(value_with(base, kx, x0, km, m0, field0), value_with(base, kx, x0, km, p.destination, field1));
  }
  int top = 1;
  for (int k = 1; k < legal.size; ++k) {
    const int dot = p.dot_of(g, legal.ids[k]);
    // A summon being cast stands on its dot (rules.md 5.11), a moved one on its move's destination; a card put on
    // a dot only where rules.md 6.5 lets it stand.
    const int at = p.summoned || p.moving || state.may_stand(p.target, dot, controller) ? dot : x0;
    double u;
    if (at == x0) {
      u = std::max(stay, moved);
    } else if (p.mover < 0) {
      u = value_with(base, kx, at, -1, -1, field0);
    } else if (p.mover == p.target) {
      u = std::max(value_with(base, kx, at, -1, -1, field0), moved);
    } else {
      u = std::max(value_with(base, kx, at, km, m0, field0), value_with(base, kx, at, km, p.destination, field1));
    }
    bound[k] = u;
    if (u > bound[top]) top = k;
  }
  absent_.valid = false;  // the nested lookahead below may bound other choices
  done = true;
#ifdef TCBG_VERIFY_DOT_BOUNDS
  for (int k = 1; k < legal.size; ++k) {
    const double v = value_after(state, legal.ids[k], depth);
    if (v > bound[k]) { std::fprintf(stderr, "BOUND BROKEN k %d v %.17g bound %.17g\n", k, v, bound[k]); std::abort(); }
  }
#endif
  // The pick: the first dot of the list with the highest value, if above the floor (as the plain loop finds it).
  auto play = [&](int k) {
    const double v = value_after(state, legal.ids[k], depth);
    if (v > best || (v == best && k < best_k)) {
      best = v;
      best_k = k;
      keep_playout(depth, legal.ids[k]);
    }
  };
  if (legal.size > 1 && bound[top] > best) play(top);
  for (int k = 1; k < legal.size && (best < kBestValue || k < best_k); ++k) {
    if (k == top || bound[k] < best || (bound[k] == best && k > best_k)) continue;
    play(k);
  }
  return best > floor ? legal.ids[best_k] : -1;
}

}  // namespace tcbg::x610z::agents_detail
