// The heuristic player (docs/agents.md, "heuristic"). It reads the position once per decision (who stands where,
// how far each life base is from an end dot through free dots) and takes the first of a fixed list of plays that
// applies. Step counts are taken along lines without the corner rule: a life base walks one dot per turn and its
// heading is forgotten between turns (rules.md 2.9), and for other summons they are an estimate.
#include "heuristic.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tcbg::x610z::agents_detail {

namespace {

int total(const EnergyCounts& c) {
  int n = 0;
  for (uint16_t e : c) n += e;
  return n;
}

}  // namespace

Heuristic::Heuristic()
    : tried_plays_(std::make_unique<ActionList>()), legal_(std::make_unique<ActionList>()),
      options_(std::make_unique<OptionList>()) {
  for (auto& list : scratch_legal_) list = std::make_unique<ActionList>();
}

void Heuristic::prepare(const State& state) {
  const Game& g = state.game();
  if (&g == game_) return;
  anchor_.emplace(state);
  game_ = &g;
  for (OneStepsMemo& m : one_steps_memo_) m.dot = -1;
  for (DestinationsMemo& m : destinations_memo_) m.valid = false;
  for (BfsMemo& m : bfs_memo_) m.source = kNoBfs;
  const Board& b = g.board();
  num_dots_ = b.num_dots();
  dot_words_ = (num_dots_ + 63) / 64;
  const Setup& setup = b.setup(g.setup());
  adjacent_.assign(num_dots_, DotSet{});
  leading_.assign(num_dots_, DotSet{});
  end_dots_ = {};
  enterable_ = {};
  for (int x = 0; x < num_dots_; ++x) {
    kinds_[x] = b.kinds(x);
    start_owner_[x] = setup.start_owner[x];
    for (int s = 0; s < b.degree(x); ++s) {
      const int y = b.slot(x, s).to;
      adjacent_[x][y >> 6] |= uint64_t{1} << (y & 63);
      leading_[y][x >> 6] |= uint64_t{1} << (x & 63);
    }
    if (kinds_[x] & kEnd) end_dots_[x >> 6] |= uint64_t{1} << (x & 63);
    if (start_owner_[x] < 0) enterable_[x >> 6] |= uint64_t{1} << (x & 63);
  }
  // Board::distance_matrix(false) (steps along lines, kFar for none), by a breadth-first search on dot bitsets
  // from each dot: the same levels, a word at a time.
  distance_.assign(static_cast<size_t>(num_dots_) * num_dots_, static_cast<int16_t>(kFar));
  for (int src = 0; src < num_dots_; ++src) {
    int16_t* row = &distance_[static_cast<size_t>(src) * num_dots_];
    DotSet frontier{}, reached{};
    frontier[src >> 6] = reached[src >> 6] = uint64_t{1} << (src & 63);
    for (int16_t level = 0;; ++level) {
      DotSet next{};
      uint64_t any = 0;
      for (int w = 0; w < dot_words_; ++w) {
        for (uint64_t bits = frontier[w]; bits; bits &= bits - 1) {
          const int x = w * 64 + __builtin_ctzll(bits);
          row[x] = level;
          for (int v = 0; v < dot_words_; ++v) next[v] |= adjacent_[x][v];
        }
      }
      for (int w = 0; w < dot_words_; ++w) {
        next[w] &= ~reached[w];
        reached[w] |= next[w];
        any |= next[w];
      }
      if (!any || level + 1 >= kFar) break;
      frontier = next;
    }
  }
  dot_bounds_ok_ = dot_bounds_allowed(g);
  own_entering_only_ = own_entering_only(g);
  hand_blind_ = hand_blind(g);
  quiet_leaving_ = quiet_leaving(g);
  fights_blind_ = fights_blind(g);
  prepare_spending(g);
}

// Breadth-first steps through free dots that a life base may stand on (not another seat's start dot, rules.md
// 2.6), from `source_dot` or, with -1, from every free end dot. A level at a time on bitsets: the dots of the next
// level are the lines' ends of this one's, enterable, free and not reached yet.
// The answer depends on the source and the occupied dots alone (the board is the game's): the last few are
// remembered, since the decisions of one turn mostly read positions whose pieces stand alike.
void Heuristic::bfs(std::array<int16_t, kMaxDots>& dist, int source_dot, int levels) {
  const size_t bytes = sizeof(int16_t) * static_cast<size_t>(num_dots_);
  for (BfsMemo& m : bfs_memo_) {
    if (m.source == source_dot && m.levels >= levels && m.occupied == occupied_) {
      std::memcpy(dist.data(), m.dist.data(), bytes);
      return;
    }
  }
  switch (dot_words_) {  // the word loops unrolled for the board's size
    case 1: bfs_words<1>(dist, source_dot, levels); break;
    case 2: bfs_words<2>(dist, source_dot, levels); break;
    case 3: bfs_words<3>(dist, source_dot, levels); break;
    default: bfs_words<kDotWords>(dist, source_dot, levels); break;
  }
  BfsMemo& m = bfs_memo_[bfs_memo_next_];
  bfs_memo_next_ = (bfs_memo_next_ + 1) % kBfsMemo;
  m.source = source_dot;
  m.levels = levels;
  m.occupied = occupied_;
  std::memcpy(m.dist.data(), dist.data(), bytes);
}

template <int W>
void Heuristic::bfs_words(std::array<int16_t, kMaxDots>& dist, int source_dot, int levels) {
  std::fill(dist.begin(), dist.begin() + num_dots_, static_cast<int16_t>(kFar));
  DotSet frontier{}, reached{}, open{};
  for (int w = 0; w < W; ++w) open[w] = enterable_[w] & ~occupied_[w];
  if (source_dot >= 0) {
    frontier[source_dot >> 6] = uint64_t{1} << (source_dot & 63);
  } else {
    for (int w = 0; w < W; ++w) frontier[w] = end_dots_[w] & ~occupied_[w];
  }
  reached = frontier;
  for (int16_t level = 0;; ++level) {
    if (level >= levels) {  // the last level searched: its dots' steps, and no further
      for (int w = 0; w < W; ++w) {
        for (uint64_t bits = frontier[w]; bits; bits &= bits - 1) dist[w * 64 + __builtin_ctzll(bits)] = level;
      }
      return;
    }
    DotSet next{};
    uint64_t any = 0;
    for (int w = 0; w < W; ++w) {
      for (uint64_t bits = frontier[w]; bits; bits &= bits - 1) {
        const int x = w * 64 + __builtin_ctzll(bits);
        dist[x] = level;
        const DotSet& a = adjacent_[x];
        for (int v = 0; v < W; ++v) next[v] |= a[v];
      }
    }
    for (int w = 0; w < W; ++w) {
      next[w] &= open[w] & ~reached[w];
      reached[w] |= next[w];
      any |= next[w];
    }
    if (!any) return;
    frontier = next;
  }
}

// life_base_steps_ as life_base_distance() gives them from a full bfs(to_end_, -1), without the rest of to_end_:
// each life base's own search from its dot (steps_from), which stops at the first free end dot it reaches.
void Heuristic::life_base_steps_only() {
  // Each life base's answer depends only on the occupied dots its search reads and where it stands (the board is the
  // game's): steps_from remembers the answers per life base, so a position whose pieces differ only away from one
  // life base's search keeps that life base's answer (the lookahead's evaluations mostly meet such positions).
  for (int p = 0; p < game_->num_players(); ++p) {
    const int lb = life_base_piece_[p];
    life_base_steps_[p] = static_cast<int16_t>(lb < 0 ? kFar : steps_from(pieces_[lb].dot, occupied_));
  }
}

// Steps from `dot` (free or not) to a free end dot, entering only free dots.
int Heuristic::life_base_distance(int dot) const {
  if (kinds_[dot] & kEnd) return 0;
  const Board& b = game_->board();
  int best = kFar;
  for (int s = 0; s < b.degree(dot); ++s) best = std::min(best, 1 + to_end_[b.slot(dot, s).to]);
  return best;
}

// Length of the shortest route from the source of `from` to an end dot through `dot`, as if `dot` were free.
int Heuristic::route_length(const std::array<int16_t, kMaxDots>& from, int dot) const {
  const Board& b = game_->board();
  int to_dot = from[dot];
  if (to_dot != 0) {
    to_dot = kFar;
    for (int s = 0; s < b.degree(dot); ++s) to_dot = std::min(to_dot, 1 + from[b.slot(dot, s).to]);
  }
  return to_dot + life_base_distance(dot);
}

void Heuristic::read_position(const State& state) { read_position(state, true); }

void Heuristic::read_position(const State& state, bool full) {
  prepare(state);
  const Game& g = *game_;
  me_ = state.current_player();
  my_team_ = g.team(me_);
  if (full) {
    occupancy_.clear();
    std::fill(piece_at_.begin(), piece_at_.begin() + num_dots_, static_cast<int16_t>(-1));
  }
  occupied_ = {};
  life_base_piece_.fill(-1);
  for (auto& c : crystals_) c.fill(0);
  permanents_worth_.fill(0);
  quests_.fill(0);
  num_pieces_ = 0;
  // The cards in play: of the cards each player has in play or is casting (the state's derived sets), in instance
  // order as a walk of every instance would meet them.
  // Without a continuous effect on defense in play each defense is the card's raw one; with one, the defenses are
  // summed in a query, so that the state (and its copies) remember them.
  // Only the cards a continuous effect on defense may change are summed (Aegis of Arnunnia changes its focus alone).
  InstanceSet changed;
  const bool stat_effects = state.stat_effects_in_play(fx::kDefense, &changed);
  std::optional<State::ReadScope> query;
  if (stat_effects) query.emplace(state);
  InstanceSet active{};
  for (int p = 0; p < g.num_players(); ++p) {
    const InstanceSet& mine = state.active_cards(p);
    for (int w = 0; w < kInstanceWords; ++w) active[w] |= mine[w];
  }
  for_each_instance(active, [&](int i) {
    const CardInstance& c = state.instance(i);
    if (c.zone != Zone::Play) return;
    const CardDef& d = g.card(c.def);
    if (c.dot < 0) {
      if (d.type == CardType::Crystal) ++crystals_[c.controller][d.produces];
      if (d.type == CardType::Catalyst || d.type == CardType::Quest) {
        permanents_worth_[c.controller] = static_cast<int16_t>(permanents_worth_[c.controller] + 1 + total(d.cost));
        if (d.type == CardType::Quest) ++quests_[c.controller];
      }
      return;
    }
    Piece& p = pieces_[num_pieces_];
    p.instance = static_cast<int16_t>(i);
    p.dot = c.dot;
    p.controller = c.controller;
    p.team = static_cast<uint8_t>(g.team(c.controller));
    p.life_base = d.type == CardType::LifeBase;
    const bool summed = stat_effects && ((changed[i / 64] >> (i % 64)) & 1);
    const int defense = summed ? state.stat(i, fx::kDefense) : state.raw_stat(i, fx::kDefense);
#ifdef TCBG_VERIFY_DOT_BOUNDS
    if (defense != state.stat(i, fx::kDefense)) { std::fprintf(stderr, "RAW DEFENSE DIFFERS\n"); std::abort(); }
#endif
    p.hp = static_cast<int16_t>(std::max(1, defense - c.damage));  // continuous effects in
    p.def = &d;
    if (p.life_base) life_base_piece_[c.controller] = static_cast<int16_t>(num_pieces_);
    if (full) {
      piece_at_[c.dot] = static_cast<int16_t>(num_pieces_);
      occupancy_.player[c.dot] = static_cast<int8_t>(c.controller);
      occupancy_.block_rate[c.dot] = d.block_rate;
    }
    occupied_[c.dot >> 6] |= uint64_t{1} << (c.dot & 63);
    ++num_pieces_;
  });
  // The life bases' steps by their own searches (the numbers life_base_distance gives from to_end_); to_end_, a
  // search of most of the board, only for the decisions that read it (ensure_to_end).
  life_base_steps_only();
  to_end_known_ = false;
  threat_player_ = -1;
  for (int p = 0; p < g.num_players(); ++p) {
    const int lb = life_base_piece_[p];
    if (lb >= 0 && g.team(p) != my_team_ &&
        (threat_player_ < 0 || life_base_steps_[p] < life_base_steps_[threat_player_])) {
      threat_player_ = p;
    }
  }
  route_fields_ = false;
  score_lists_ = false;
  if (++read_serial_ == 0) {  // the stamps wrapped around: forget them all once
    threat_stamp_.fill(0);
    read_serial_ = 1;
  }
}

void Heuristic::ensure_score_lists() {
  if (score_lists_) return;
  score_lists_ = true;
  num_attackers_ = num_targets_ = num_enemy_bases_ = 0;
  for (int k = 0; k < num_pieces_; ++k) {
    const Piece& t = pieces_[k];
    if (t.team == my_team_) continue;
    if (t.def->attack > 0 && t.def->range > 0) attackers_[num_attackers_++] = static_cast<int16_t>(k);
    if (!(kinds_[t.dot] & kNoAttack)) targets_[num_targets_++] = static_cast<int16_t>(k);
  }
  for (int p = 0; p < game_->num_players(); ++p) {
    if (life_base_piece_[p] >= 0 && game_->team(p) != my_team_) {
      enemy_base_dots_[num_enemy_bases_++] = pieces_[life_base_piece_[p]].dot;
    }
  }
}

void Heuristic::ensure_to_end() {
  if (to_end_known_) return;
  to_end_known_ = true;
  bfs(to_end_, -1);
}

// The routes of the most threatening enemy life base and of mine, for scoring where summons stand. summon_score
// reads a route's steps only up to the life base's steps to an end dot (and from mine, up to 3 as well): a dot
// farther scores as one the search never reached, so the searches stop there.
void Heuristic::ensure_route_fields() {
  ensure_to_end();
  if (route_fields_) return;
  route_fields_ = true;
  std::fill(route_width_.begin(), route_width_.begin() + num_dots_, static_cast<int16_t>(0));
  if (threat_player_ >= 0) {
    const int length = life_base_steps_[threat_player_];
    bfs(from_threat_, pieces_[life_base_piece_[threat_player_]].dot, length);
    for (int x = 0; x < num_dots_ && length < kFar; ++x) {
      if (from_threat_[x] > 0 && from_threat_[x] < kFar && from_threat_[x] + to_end_[x] == length) {
        ++route_width_[from_threat_[x]];
      }
    }
  }
  if (life_base_piece_[me_] >= 0) {
    bfs(from_mine_, pieces_[life_base_piece_[me_]].dot, std::max<int>(3, life_base_steps_[me_]));
  }
}

// Attack that enemies of my team could bring on `dot` next turn: each enemy summon whose Speed plus Range reaches
// it (steps along lines: an estimate). Nothing on a no-attack dot (rules.md 3.3).
int Heuristic::threat_against(int dot) {
  if (kinds_[dot] & kNoAttack) return 0;
  if (threat_stamp_[dot] == read_serial_) return threat_at_[dot];
  ensure_score_lists();
  int sum = 0;
  for (int a = 0; a < num_attackers_; ++a) {
    const Piece& t = pieces_[attackers_[a]];
    const int reach = std::max<int>(0, t.def->speed) + t.def->range;
    if (distance_[t.dot * num_dots_ + dot] <= reach) sum += t.def->attack;
  }
  threat_stamp_[dot] = read_serial_;
  threat_at_[dot] = static_cast<int16_t>(sum);
  return sum;
}

double Heuristic::piece_worth(const CardDef& def) const {
  return def.type == CardType::LifeBase ? 30.0 : 1.0 + total(def.cost);
}

// What dealing `attack` damage to `target` is worth: a kill above all (a life base's most), else the share of its
// defense taken.
double Heuristic::hit_worth(int attack, const Piece& target) const {
  if (attack <= 0) return 0.0;
  const bool kill = attack >= target.hp;
  if (target.life_base) return kill ? 1e6 : 12.0 * attack / target.hp;
  return kill ? 20.0 + piece_worth(*target.def) : 0.5 * piece_worth(*target.def) * attack / target.hp;
}

// Where a summon of ours is best placed: blocking the threatening enemy life base's route (most on a dot every
// shortest route passes, and the nearer the life base the more), out of our own life base's way, within reach of
// targets, towards the enemy life bases, and not where the enemy can destroy it next turn. `own_dot` is the dot
// the summon stands on now (-1 when it is not on the board), which counts as free for the routes.
double Heuristic::summon_score(const CardDef& def, int hp, int dot, int own_dot) {
  if (kinds_[dot] & kEnd) return -100.0;  // destroyed when the turn ends (rules.md 5.6)
  ensure_route_fields();
  double score = 0.0;
  if (threat_player_ >= 0) {
    const int length = life_base_steps_[threat_player_];
    const int through = route_length(from_threat_, dot);
    int from = from_threat_[dot];
    if (dot == own_dot) from = through - life_base_distance(dot);
    if (length < kFar && through <= length && from > 0) {
      const bool race_lost = life_base_steps_[threat_player_] < life_base_steps_[me_];
      double w = race_lost ? 6.0 : 2.0;
      if (route_width_[std::min(from, kMaxDots - 1)] <= 1) w *= 2.0;
      score += w / from;
    }
  }
  if (life_base_piece_[me_] >= 0 && life_base_steps_[me_] < kFar) {
    const int from = dot == own_dot ? route_length(from_mine_, dot) - life_base_distance(dot) : from_mine_[dot];
    if (from > 0 && from <= 3 && route_length(from_mine_, dot) <= life_base_steps_[me_]) score -= 2.0 / from;
  }
  ensure_score_lists();
  const int16_t* from_dot = &distance_[dot * num_dots_];
  if (!(kinds_[dot] & kNoAttack) && def.attack > 0 && def.range > 0) {
    for (int a = 0; a < num_targets_; ++a) {
      const Piece& t = pieces_[targets_[a]];
      if (from_dot[t.dot] <= def.range) score += 0.5 * hit_worth(def.attack, t);
    }
  }
  int nearest = kFar;
  for (int b = 0; b < num_enemy_bases_; ++b) nearest = std::min<int>(nearest, from_dot[enemy_base_dots_[b]]);
  if (nearest < kFar) score -= 0.05 * nearest;
  if (quests_[me_] && (kinds_[dot] & kQuest)) score += 1.5;  // a quest of ours wins with summons on quest dots
  const int threat = threat_against(dot);
  if (threat >= hp) {
    score -= 0.6 * piece_worth(def);
  } else if (threat > 0) {
    score -= 0.2 * piece_worth(def) * threat / hp;
  }
  return score;
}

Mover Heuristic::mover_for(const State& state, int instance, bool attack) const {
  const CardInstance& c = state.instance(instance);
  const CardDef& d = game_->card(c.def);
  Mover m;
  m.dot = static_cast<DotId>(c.dot);
  m.player = c.controller;
  m.steps = static_cast<uint8_t>(std::clamp<int>(attack ? d.range : d.speed, 0, kMaxSteps));
  m.life_base = d.type == CardType::LifeBase;
  m.all_directions = d.all_directions;
  if (c.heading >= 0) {  // rules.md 2.9: as the engine reads a heading slot
    const Slot& sl = game_->board().slot(c.dot, c.heading & 7);
    m.has_heading = true;
    m.heading = c.heading < 8 ? -sl.heading : sl.heading;
  }
  return m;
}

int Heuristic::choose(const State& state) {
  const int me = state.current_player();
  const bool free_choice = (state.phase() == Phase::Action || state.phase() == Phase::End) &&
                           state.pending() == Pending::None;
  // Something on the stack: answer it with an effect when that scores better than letting it resolve (in our own
  // action phase too, so that the position read for our next play is the one it meets).
  if (free_choice && state.stack_size() > 0) return has_effect_plays(state.game()) ? answer(state) : action::kPass;
  // Outside their own action phase, with the stack empty, a player may only activate crystals, whose energy would
  // empty unused (rules.md 5.6), or cast a flux at nothing in particular: the heuristic passes.
  if (free_choice && (state.phase() != Phase::Action || state.active_player() != me)) return action::kPass;
  // Every choice below picks one of the legal actions (listed once, here, for all of them): with one, it is the pick,
  // and nothing needs reading.
  state.legal_actions(*legal_);
  if (legal_->size == 1) return legal_->ids[0];
  const bool by_lookahead = state.pending() == Pending::Announce ||  // a card's mode, additional effects, targets
                            state.pending() == Pending::Resolve ||   // a choice an effect asks for as it resolves
                            state.pending() == Pending::Trigger;     // which waiting ability goes on the stack next
  if (by_lookahead && state.phase() != Phase::Mulligan && state.phase() != Phase::Cleanup) {
    prepare(state);  // the lookahead reads every position it scores itself
    return choose_by_lookahead(state);
  }
  read_position(state);
  switch (state.phase()) {
    case Phase::Mulligan: return mulligan(state);
    case Phase::Cleanup: return discard(state);
    default: break;
  }
  switch (state.pending()) {
    case Pending::Placement: return place_summon(state);
    case Pending::MoveDestination: return choose_destination(state);
    case Pending::AttackTarget: return choose_target(state);
    case Pending::Announce:
    case Pending::Resolve:
    case Pending::Trigger: return choose_by_lookahead(state);
    case Pending::None: break;
  }
  return own_turn(state);
}

// Keep a hand with two to five crystals; otherwise draw again while the next hand holds at least six cards.
int Heuristic::mulligan(const State& state) {
  const PlayerState& ps = state.player(me_);
  int crystals = 0;
  for (int k = 0; k < ps.hand_size; ++k) crystals += game_->card(state.instance(ps.hand[k]).def).type == CardType::Crystal;
  const bool good = crystals >= 2 && crystals <= 5;
  const int next = game_->rules() == Rules::Act1 ? kOpeningHand - 1 - ps.murphy
                                                  : (ps.murphy == 0 ? kOpeningHand : kOpeningHand - ps.murphy);
  return !good && next >= 6 ? action::kMurphy : action::kKeep;
}

// Discard the card worth least: crystals when enough are in play and in hand, summons of a class already in play.
int Heuristic::discard(const State& state) {
  const Game& g = *game_;
  const PlayerState& ps = state.player(me_);
  int crystals = 0;
  for (uint8_t n : crystals_[me_]) crystals += n;
  for (int k = 0; k < ps.hand_size; ++k) crystals += g.card(state.instance(ps.hand[k]).def).type == CardType::Crystal;
  uint8_t classes = 0;
  for (int k = 0; k < num_pieces_; ++k) {
    if (pieces_[k].controller == me_) classes |= static_cast<uint8_t>(1u << pieces_[k].def->summon_class);
  }
  int best = -1;
  double lowest = 1e9;
  for (int k = 0; k < ps.hand_size; ++k) {
    const int i = ps.hand[k];
    const CardDef& d = g.card(state.instance(i).def);
    double keep = 0.0;
    if (d.type == CardType::Crystal) {
      keep = 12.0 - crystals;
    } else {
      keep = 4.0 + total(d.cost) - ((classes >> d.summon_class) & 1u ? 3.0 : 0.0);
    }
    if (keep < lowest) {
      lowest = keep;
      best = i;
    }
  }
  return g.per_instance_action(action::kDiscard, best);
}

int Heuristic::place_summon(const State& state) {
  const Game& g = *game_;
  int placing = -1;
  for (int i = 0; i < g.num_instances() && placing < 0; ++i) {
    const CardInstance& c = state.instance(i);
    if (c.zone != Zone::Stack || c.controller != me_) continue;
    bool on_stack = false;
    for (int k = 0; k < state.stack_size(); ++k) on_stack |= state.stack_item(k).instance == i;
    if (!on_stack) placing = i;
  }
  if (placing < 0) return legal_->ids[0];
  const CardDef& d = g.card(state.instance(placing).def);
  int best = legal_->ids[0];
  double best_score = -1e18;
  for (int k = 0; k < legal_->size; ++k) {
    const double s = summon_score(d, d.defense, legal_->ids[k] - g.first_dot_action(), -1);
    if (s > best_score) {
      best_score = s;
      best = legal_->ids[k];
    }
  }
  return best;
}

int Heuristic::choose_destination(const State& state) {
  const Game& g = *game_;
  const int mover = state.pending_instance();
  if (mover < 0) return legal_->ids[0];
  // The own turn scored these destinations when it chose to move (plan_): with the same position and the same
  // destinations listed, its best dot is the one the loop below would find, and the first key of that dot is the
  // pick. Each plan is used once.
  if (plan_holds(state)) {
    const int dot = plan_.dot;
    plan_.instance = -1;
    DotSet listed{};
    int first_key = -1;
    for (int k = 0; k < legal_->size; ++k) {
      const int d = (legal_->ids[k] - g.first_move_action()) / kKeysPerDot;
      listed[d >> 6] |= uint64_t{1} << (d & 63);
      if (d == dot && first_key < 0) first_key = legal_->ids[k];
    }
    if (listed == plan_.destinations && first_key >= 0) {
#ifdef TCBG_VERIFY_DOT_BOUNDS
      if (const int scored = choose_destination(state); scored != first_key) {
        std::fprintf(stderr, "MOVE PLAN DIFFERS %d %d\n", first_key, scored);
        std::abort();
      }
      static long checked = 0;
      if (++checked % 5000 == 0) std::fprintf(stderr, "move plans checked %ld\n", checked);
#endif
      return first_key;
    }
  }
  plan_.instance = -1;
  const CardInstance& c = state.instance(mover);
  const CardDef& d = g.card(c.def);
  const bool life_base = d.type == CardType::LifeBase;
  int best = legal_->ids[0];
  double best_score = -1e18;
  // Keys come by destination and the score reads the destination alone: the first key of a dot is the only one of
  // its keys that can beat the best so far (strictly), so each dot is scored once.
  for (int k = 0, last = -1; k < legal_->size; ++k) {
    const int dot = (legal_->ids[k] - g.first_move_action()) / kKeysPerDot;
    if (dot == last) continue;
    last = dot;
    double s;
    if (life_base) {  // towards the nearest end dot, then out of harm's way
      ensure_to_end();
      s = -1000.0 * life_base_distance(dot) - threat_against(dot);
      if (kinds_[dot] & kEnd) s = 1e9;
    } else {
      s = summon_score(d, d.defense - c.damage, dot, c.dot);
    }
    if (s > best_score) {
      best_score = s;
      best = legal_->ids[k];
    }
  }
  return best;
}

int Heuristic::choose_target(const State& state) {
  const Game& g = *game_;
  const int attacker = state.pending_instance();
  const int attack = attacker >= 0 ? g.card(state.instance(attacker).def).attack : 0;
  int best = legal_->ids[0];
  double best_worth = -1.0;
  for (int k = 0; k < legal_->size; ++k) {
    const int dot = (legal_->ids[k] - g.first_attack_action()) / kKeysPerDot;
    if (piece_at_[dot] < 0) continue;
    const double w = hit_worth(attack, pieces_[piece_at_[dot]]);
    if (w > best_worth) {
      best_worth = w;
      best = legal_->ids[k];
    }
  }
  return best;
}

// The best target of `instance`'s attack now and what hitting it is worth; -1 when it has none.
int Heuristic::best_target_worth(const State& state, int instance, double& worth) {
  const Game& g = *game_;
  generate_attacks(g.board(), g.setup(), occupancy_, mover_for(state, instance, true), *options_);
  const int attack = g.card(state.instance(instance).def).attack;
  int best = -1;
  worth = -1.0;
  for (int k = 0; k < options_->size(); ++k) {
    const int dot = (*options_)[k].destination;
    if (piece_at_[dot] < 0) continue;
    const double w = hit_worth(attack, pieces_[piece_at_[dot]]);
    if (w > worth) {
      worth = w;
      best = dot;
    }
  }
  return best;
}

// How much better the best move of `instance` leaves it than standing still, less what the move costs; into
// `plan`, the destinations scored and the best of them (the first of the highest score).
double Heuristic::best_move_gain(const State& state, int instance, MovePlan& plan) {
  const Game& g = *game_;
  const CardInstance& c = state.instance(instance);
  const CardDef& d = g.card(c.def);
  const int hp = d.defense - c.damage;
  // The score reads a move's destination alone: one score a destination, and no path kept.
  DotSet dots;
  destinations(mover_for(state, instance, false), dots);
  const double here = summon_score(d, hp, c.dot, c.dot);
  double best = -1e18;
  plan.dot = -1;
  for (int w = 0; w < dot_words_; ++w) {
    for (uint64_t bits = dots[w]; bits; bits &= bits - 1) {
      const int dot = w * 64 + __builtin_ctzll(bits);
      const double score = summon_score(d, hp, dot, c.dot);
      if (score > best) {
        best = score;
        plan.dot = dot;
      }
    }
  }
  plan.instance = instance;
  plan.hp = hp;
  plan.destinations = {};
  for (int w = 0; w < dot_words_; ++w) plan.destinations[w] = dots[w];
  return best - here - 0.3 * total(d.move_cost);
}

// move_destinations of `m` in the position read (occupancy_), from the memo when a search of the same mover read
// the same occupied dots and block rates.
void Heuristic::destinations(const Mover& m, DotSet& dots) {
  const auto holds = [&](const DestinationsMemo& e) {
    if (!e.valid || !(e.mover == m)) return false;
    uint64_t differ = 0;
    for (int w = 0; w < dot_words_; ++w) differ |= (occupied_[w] ^ e.occupied[w]) & e.read[w];
    if (differ) return false;
    for (int w = 0; w < dot_words_; ++w) {  // e.occupied: occupied_ on the dots read, as checked above
      for (uint64_t bits = e.occupied[w]; bits; bits &= bits - 1) {
        const int d = w * 64 + __builtin_ctzll(bits);
        if (occupancy_.block_rate[d] != e.block_rate[d]) return false;
      }
    }
    return true;
  };
  for (const DestinationsMemo& e : destinations_memo_) {
    if (holds(e)) {
      dots = e.dots;
      return;
    }
  }
  DestinationsMemo& e = destinations_memo_[destinations_next_];
  destinations_next_ = (destinations_next_ + 1) % kDestinationsMemo;
  std::array<uint64_t, kMaxDots / 64> found, read;
  move_destinations(game_->board(), game_->setup(), occupancy_, m, *options_, found, &read);
  e.mover = m;
  e.valid = true;
  for (int w = 0; w < kDotWords; ++w) {
    e.read[w] = read[w];
    e.occupied[w] = occupied_[w] & read[w];
    e.dots[w] = found[w];
    dots[w] = found[w];
    for (uint64_t bits = e.occupied[w]; bits; bits &= bits - 1) {
      const int d = w * 64 + __builtin_ctzll(bits);
      e.block_rate[d] = occupancy_.block_rate[d];
    }
  }
}

// Whether the last position read is the one plan_ was made in, as summon_score reads it: the same pieces (where
// they stand, their defense left, their cards and teams) for the same player.
bool Heuristic::plan_holds(const State& state) const {
  const MovePlan& p = plan_;
  if (p.instance < 0 || p.instance != state.pending_instance() || plan_me_ != me_ || plan_num_pieces_ != num_pieces_ ||
      plan_quests_ != quests_[me_] || p.dot < 0) {
    return false;
  }
  const CardInstance& c = state.instance(p.instance);
  if (game_->card(c.def).defense - c.damage != p.hp) return false;
  for (int k = 0; k < num_pieces_; ++k) {
    const Piece& a = pieces_[k];
    const Piece& b = plan_pieces_[k];
    if (a.instance != b.instance || a.dot != b.dot || a.controller != b.controller || a.team != b.team ||
        a.life_base != b.life_base || a.hp != b.hp || a.def != b.def) {
      return false;
    }
  }
  return true;
}

// Our own action phase with nothing on the stack: the first play of this list that applies.
int Heuristic::own_turn(const State& state) {
  const Game& g = *game_;
  const int n = g.num_instances();
  const int first_per_instance = action::kFirstPerInstance;
  const int my_life_base = g.first_instance(me_);
  int life_base_move = -1, crystal = -1, cast = -1;
  double crystal_need = -1e9, cast_worth = -1e9;
  // Energy wanted by the summons in hand, per type, less the crystals in play that give it.
  std::array<int, kEnergyTypes> need{};
  const PlayerState& ps = state.player(me_);
  for (int k = 0; k < ps.hand_size; ++k) {
    const CardDef& d = g.card(state.instance(ps.hand[k]).def);
    if (d.type == CardType::Summon) {
      for (int e = 0; e < kEnergyTypes; ++e) need[e] += d.cost[e];
    }
  }
  for (int k = 0; k < legal_->size; ++k) {
    const int a = legal_->ids[k];
    if (a < first_per_instance || a >= g.first_dot_action()) continue;
    const int block = (a - first_per_instance) / n;
    const int i = (a - first_per_instance) % n;
    const CardDef& d = g.card(state.instance(i).def);
    if (block == action::kDeclareMove && i == my_life_base) life_base_move = a;
    if (block == action::kPlaceCrystal) {
      const double want = d.produces == kColorless ? 0.5 : need[d.produces] - crystals_[me_][d.produces];
      if (want > crystal_need) {
        crystal_need = want;
        crystal = a;
      }
    }
    if (block == action::kCast && d.type == CardType::Summon) {  // fluxes, catalysts, quests: effect plays below
      const double w = total(d.cost) + 0.01 * (d.attack + d.defense);
      if (w > cast_worth) {
        cast_worth = w;
        cast = a;
      }
    }
  }
  // 1. Escape now (rules.md 5.14).
  const int lb_piece = life_base_piece_[me_];
  if (life_base_move >= 0 && lb_piece >= 0 && life_base_steps_[me_] == 1) return life_base_move;
  // 2. Attacks that destroy: the enemy life base above all. 6. Other attacks, kept for later.
  int kill = -1, hit = -1;
  double kill_worth = 0.0, hit_worth_best = 0.0;
  for (int k = 0; k < legal_->size; ++k) {
    const int a = legal_->ids[k];
    if (a < first_per_instance || a >= g.first_dot_action()) continue;
    if ((a - first_per_instance) / n != action::kDeclareAttack) continue;
    double w;
    if (best_target_worth(state, (a - first_per_instance) % n, w) < 0) continue;
    if (w >= 20.0 && w > kill_worth) {
      kill_worth = w;
      kill = a;
    } else if (w > hit_worth_best) {
      hit_worth_best = w;
      hit = a;
    }
  }
  if (kill >= 0) return kill;
  // 3. A crystal a turn.
  if (crystal >= 0) return crystal;
  // 4. The life base one step nearer an end dot, unless the enemy can destroy it there.
  if (life_base_move >= 0 && lb_piece >= 0 && life_base_steps_[me_] < kFar) {
    ensure_to_end();
    const Board& b = g.board();
    const int dot = pieces_[lb_piece].dot;
    for (int s = 0; s < b.degree(dot); ++s) {
      const int to = b.slot(dot, s).to;
      if (!occupancy_.occupied(to) && start_owner_[to] < 0 && to_end_[to] + 1 == life_base_steps_[me_] &&
          threat_against(to) < pieces_[lb_piece].hp) {
        return life_base_move;
      }
    }
  }
  // 5. The strongest summon we can pay for (one per class, rules.md 5.10).
  if (cast >= 0) return cast;
  // 5b. A flux, catalyst, quest or ability whose effect leaves the position better than it is (scored only when
  // one is legal: the evaluation reads the whole position again). A play that only spends, or changes only what
  // the evaluation does not read (heuristic_spending.cpp), leaves the position as it is but for its card: never
  // above the floor, so it is not played out.
  const bool effect_plays = has_effect_plays(g) && any_effect_play(state, *legal_);
#ifdef TCBG_VERIFY_DOT_BOUNDS
  if (effect_plays) {
    std::array<double, kMaxPlayers> now{};
    evaluate_all(state, now);
    looking_for_ = me_;
    for (int k = 0; k < legal_->size; ++k) {
      const int a = legal_->ids[k];
      if (!is_effect_play(state, a) || !spending_play(state, a)) continue;
      const double v = value_after(state, a, 0);
      if (v > now[me_] + kLeastGain) {
        std::fprintf(stderr, "UNSEEN PLAY BEATS NOW %d v %.17g now %.17g\n", a, v, now[me_]);
        std::abort();
      }
      static long checked = 0;
      if (++checked % 5000 == 0) std::fprintf(stderr, "own-turn unseen plays checked %ld\n", checked);
    }
    read_position(state);
  }
#endif
  ActionList& plays = *tried_plays_;
  if (effect_plays) plays_to_try(state, *legal_, plays);
  if (effect_plays && plays.size > 0) {
    std::array<double, kMaxPlayers> now{};
    evaluate_all(state, now);
    const int play = best_by_lookahead(state, plays, 0, true, now[me_] + kLeastGain);
    read_position(state);  // the lookahead read other positions (legal_ it leaves alone)
    if (play >= 0) return play;
  }
  // 6. Summons' moves that gain.
  int move = -1;
  double move_gain = 0.2;
  for (int k = 0; k < legal_->size; ++k) {
    const int a = legal_->ids[k];
    if (a < first_per_instance || a >= g.first_dot_action()) continue;
    const int i = (a - first_per_instance) % n;
    if ((a - first_per_instance) / n != action::kDeclareMove || i == my_life_base) continue;
    const double gain = best_move_gain(state, i, trial_plan_);
    if (gain > move_gain) {
      move_gain = gain;
      move = a;
      plan_ = trial_plan_;
    }
  }
  if (move >= 0) {
    // The destination is asked next, in the position read here (the move declared): choose_destination takes the
    // best dot scored above when nothing summon_score reads has changed.
    plan_me_ = me_;
    plan_quests_ = quests_[me_];
    plan_num_pieces_ = num_pieces_;
    std::copy(pieces_.begin(), pieces_.begin() + num_pieces_, plan_pieces_.begin());
    return move;
  }
  // 7. Attacks: they cost nothing (rules.md 5.13).
  if (hit >= 0) return hit;
  return action::kPass;
}

// -- card effects, one ply ------------------------------------------------------------------------------------

// Whether the game's cards have any ability (a flux's or catalyst's cast, an activated or paid one) to play.
bool Heuristic::has_effect_plays(const Game& g) { return g.effects() && !g.effects()->abilities.empty(); }

bool Heuristic::is_effect_play(const State& state, int a) const {
  const Game& g = state.game();
  if (a >= g.first_ability_action() && a < g.first_trigger_action()) return true;
  const int n = g.num_instances();
  if (a < action::kFirstPerInstance || a >= g.first_dot_action()) return false;
  if ((a - action::kFirstPerInstance) / n != action::kCast) return false;
  const CardType type = g.card(state.instance((a - action::kFirstPerInstance) % n).def).type;
  return type == CardType::Flux || type == CardType::Catalyst || type == CardType::Quest;
}

// Every player passes until the stack is empty; the choices on the way are made by lookahead one level deeper (at
// the deepest level: the first option). A bounded number of steps, so a loop of triggers cannot hold it.
void Heuristic::settle(int depth) {
  State& s = *scratch_[depth];
  ActionList& legal = *scratch_legal_[depth];
  constexpr int kSteps = 256;
  settled_forced_[depth] = true;
  int step = 0;
  for (; step < kSteps && !s.is_terminal(); ++step) {
    if (s.phase() != Phase::Action && s.phase() != Phase::End) break;
    if (s.pending() == Pending::None) {
      if (s.stack_size() == 0) break;
      s.apply_legal_action(action::kPass);
      continue;
    }
    // At the deepest level the first option is taken: only it (and whether another follows) is listed.
    const bool deepest = depth + 1 >= (shallow_ ? 1 : kLookDepth);
    if (deepest) {
      s.legal_actions_head(legal, 2);
    } else {
      s.legal_actions(legal);
    }
    if (legal.size == 0) break;
    int pick = legal.ids[0];
    if (legal.size > 1) {
      settled_forced_[depth] = false;
      if (!deepest) {
        pick = best_by_lookahead(s, legal, depth + 1, false, -1e18);
        // The pick's own playout one level deeper met only forced choices: from here this settle would play the
        // same actions (each of its choices then has one option too) to the same end, within its step bound.
        Playout& kept = kept_[depth + 1];
        if (kept.action == pick && kept.forced && step + 1 + kept.steps <= kSteps) {
          settled_steps_[depth] = step + 1 + kept.steps;
          std::swap(scratch_[depth], kept.state);
          kept.action = -1;
          return;
        }
      }
    }
    s.apply_legal_action(pick);
  }
  settled_steps_[depth] = step;
}

// What `a` taken in `state` leads to for looking_for_, once the stack has resolved. Overwrites the per-decision
// reading of the position (read_position), which the caller reads again if it goes on using it.
double Heuristic::value_after(const State& state, int a, int depth) {
  if (!scratch_[depth]) {
    scratch_[depth] = std::make_unique<State>(state);
  } else {
    *scratch_[depth] = state;
  }
  scratch_[depth]->apply_legal_action(a);
  settle(depth);
  evaluate_all(*scratch_[depth], values_, looking_for_);  // settle may have put another buffer in its place
  return values_[looking_for_];
}

// The playout value_after(state, action, depth) just made becomes the kept one (the best so far): the buffers
// swap, so nothing is copied.
void Heuristic::keep_playout(int depth, int action) {
  Playout& kept = kept_[depth];
  std::swap(scratch_[depth], kept.state);
  kept.action = action;
  kept.steps = settled_steps_[depth];
  kept.forced = settled_forced_[depth];
}

bool Heuristic::any_effect_play(const State& state, const ActionList& legal) const {
  for (int k = 0; k < legal.size; ++k) {
    if (is_effect_play(state, legal.ids[k])) return true;
  }
  return false;
}

// The action of `legal` (effect plays only, with `effects_only`) whose lookahead at `depth` is worth most to the
// player deciding in `state`, if that is more than `floor`; -1 otherwise.
int Heuristic::best_by_lookahead(const State& state, const ActionList& legal, int depth, bool effects_only,
                                 double floor) {
  const bool memo = depth > 0;  // the deeper calls: every action, no floor (settle)
  kept_[depth].action = -1;
  if (memo) {
    for (const PickMemo& m : pick_memo_) {
      if (m.depth == depth && m.state->same_copy(state)) return m.pick;
    }
  }
  const int saved = looking_for_;
  looking_for_ = state.current_player();
  int pick = -1;
  double best = floor;
  DotPlacement placing;
  bool done = false;
  if (!effects_only && hand_blind_ && floor < -kBestValue && discard_from_one_hand(state, legal)) {
    pick = legal.ids[0];  // every option scores alike and the first is taken; each scores above the floor
    done = true;
  } else if (!effects_only && hand_blind_ && quiet_leaving_ && search_to_hand(state, legal)) {
    // Every card found scores alike (the first stands for them), "none" (the last option) apart.
    const double card = value_after(state, legal.ids[0], depth);
    if (card > best) {
      best = card;
      pick = legal.ids[0];
      keep_playout(depth, pick);
    }
    const int none = legal.ids[legal.size - 1];
    if (best < kBestValue && value_after(state, none, depth) > best) {
      pick = none;
      keep_playout(depth, pick);
    }
    done = true;
  } else if (!effects_only && dot_bounds_ok_ && placing_dot_choice(state, legal, placing)) {
    pick = best_dot_by_bounds(state, legal, depth, floor, placing, done);
  }
#ifdef TCBG_VERIFY_DOT_BOUNDS
    if (done) {
      int plain = -1;
      double b = floor;
      const bool discarding = discard_from_one_hand(state, legal);
      const bool searching = !discarding && hand_blind_ && quiet_leaving_ && search_to_hand(state, legal);
      double v0 = 0;
      for (int k = 0; k < legal.size && (b < kBestValue || discarding || searching); ++k) {
        const double v = value_after(state, legal.ids[k], depth);
        if (k == 0) v0 = v;
        if (discarding && v != v0) { std::fprintf(stderr, "DISCARD VALUES DIFFER\n"); std::abort(); }
        if (searching && k < legal.size - 1 && v != v0) { std::fprintf(stderr, "SEARCH VALUES DIFFER\n"); std::abort(); }
        if (v > b) { b = v; plain = legal.ids[k]; }
      }
      if (plain != pick) { std::fprintf(stderr, "DOT BOUND MISMATCH %d %d depth %d\n", plain, pick, depth); std::abort(); }
      static long checked = 0;
      if (++checked % 500 == 0) std::fprintf(stderr, "dot bounds checked %ld\n", checked);
    }
#endif
  // No value exceeds kBestValue (a win, or a score squashed to 1), and a later action replaces the pick only when
  // worth strictly more: once best reaches it, the rest cannot change the pick and are not looked at.
  for (int k = 0; !done && k < legal.size && best < kBestValue; ++k) {
    if (effects_only && !is_effect_play(state, legal.ids[k])) continue;
    const double v = value_after(state, legal.ids[k], depth);
    if (v > best) {
      best = v;
      pick = legal.ids[k];
      keep_playout(depth, pick);
    }
  }
  looking_for_ = saved;
  if (memo) {
    PickMemo& m = pick_memo_[pick_memo_next_];
    pick_memo_next_ = (pick_memo_next_ + 1) % kPickMemo;
    if (m.state) {
      *m.state = state;
    } else {
      m.state.emplace(state);
    }
    m.depth = depth;
    m.pick = pick;
  }
  return pick;
}

int Heuristic::choose_by_lookahead(const State& state) {
  return best_by_lookahead(state, *legal_, 0, false, -1e18);  // legal_: choose() listed it, with two or more
}

int Heuristic::answer(const State& state) {
  // Its own team's item on top: let it resolve (docs/agents.md "Answering": measured stronger than answering it).
  const int me = state.current_player();
  const Game& g = state.game();
  if (!answer_every_ && g.team(state.stack_item(state.stack_size() - 1).controller) == g.team(me)) {
    return action::kPass;
  }
  prepare(state);
  ActionList& legal = *scratch_legal_[kLookDepth];
  state.legal_actions(legal);
  if (!any_effect_play(state, legal)) return action::kPass;
  looking_for_ = me;
  // The answers' playouts make their choices by the engine's first option (docs/agents.md "Answering"); reset
  // on every return below.
  shallow_ = !answer_every_;
  struct Reset {
    bool& on;
    ~Reset() { on = false; }
  } reset{shallow_};
  // A play that only spends ends no better than passing (heuristic_spending.cpp): never above the floor below.
  ActionList& plays = *tried_plays_;
  const bool skipped = plays_to_try(state, legal, plays);
#ifdef TCBG_VERIFY_DOT_BOUNDS
  if (skipped) {
    const double pass_value = value_after(state, action::kPass, 0);
    for (int k = 0; k < legal.size; ++k) {
      const int a = legal.ids[k];
      if (!is_effect_play(state, a) || !spending_play(state, a)) continue;
      const double v = value_after(state, a, 0);
      if (v > pass_value + kLeastGain) {
        std::fprintf(stderr, "SPENDING PLAY BEATS PASS %d v %.17g pass %.17g\n", a, v, pass_value);
        std::abort();
      }
      static long checked = 0;
      if (++checked % 5000 == 0) std::fprintf(stderr, "spending plays checked %ld\n", checked);
    }
  }
#endif
  if (plays.size == 0) return action::kPass;
  (void)skipped;
  const double passing = value_after(state, action::kPass, 0);
  const int play = best_by_lookahead(state, plays, 0, true, passing + kLeastGain);
  return play >= 0 ? play : action::kPass;
}

double Heuristic::evaluate(const State& state, int p) {
  std::array<double, kMaxPlayers> out{};
  evaluate_all(state, out, p);
  return out[p];
}

void Heuristic::evaluate_all(const State& state, std::array<double, kMaxPlayers>& out, int only) {
  const Game& g = state.game();
  const int first = only < 0 ? 0 : only, last = only < 0 ? g.num_players() : only + 1;
  if (state.is_terminal()) {
    for (int p = first; p < last; ++p) out[p] = state.player_return(p);
    return;
  }
  read_position(state, false);
  score_reading(state, out, only);
}

void Heuristic::score_reading(const State& state, std::array<double, kMaxPlayers>& out, int only) {
  const Game& g = state.game();
  const int first = only < 0 ? 0 : only, last = only < 0 ? g.num_players() : only + 1;
  BoundBase base;
  bound_base(state, base);
  std::array<int, kMaxPlayers> best_steps{};
  best_steps.fill(kFar);
  for (int q = 0; q < g.num_players(); ++q) {
    if (base.playing[q]) best_steps[g.team(q)] = std::min<int>(best_steps[g.team(q)], life_base_steps_[q]);
  }
  for (int p = first; p < last; ++p) out[p] = worth(base, best_steps, g.team(p));
}

// Team `mine`'s worth: its score against the best other team's, squashed into (-1, 1); -1 without it, 1 alone.
double Heuristic::worth(const BoundBase& base, const std::array<int, kMaxPlayers>& best_steps, int mine) {
  std::array<double, kMaxPlayers> team_score = base.team;
  for (int t = 0; t < kMaxPlayers; ++t) {
    if (base.alive[t]) team_score[t] -= 1.5 * std::min(best_steps[t], 12);
  }
  double best_other = -1e18;
  for (int t = 0; t < kMaxPlayers; ++t) {
    if (base.alive[t] && t != mine) best_other = std::max(best_other, team_score[t]);
  }
  if (!base.alive[mine]) return -1.0;
  if (best_other == -1e18) return 1.0;
  return std::tanh(0.3 * (team_score[mine] - best_other));
}

}  // namespace tcbg::x610z::agents_detail
