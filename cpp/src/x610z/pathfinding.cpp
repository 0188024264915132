#include "tcbg/x610z/pathfinding.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "tcbg/core/error.hpp"

namespace tcbg::x610z {

// One depth-first search over simple paths from the mover's dot. Children are visited in increasing order of the
// dot they lead to (a line before a warp to the same dot), so paths come in the lexicographic order of rules.md
// 2.11: for each option the first path found among those of lowest cost is the one we report, and a later path
// replaces it only when strictly cheaper.
class PathSearch {
 public:
  // What a move search keeps: every option with its path (kOptions), or only which destinations (kDots) or which
  // keys (kKeys) the options have, with no path kept, no early stop and no target test (each compiled apart).
  enum Mode { kOptions, kDots, kKeys };

  PathSearch(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, OptionList& out)
      : board_(board), setup_(board.setup(setup)), occ_(occupancy), mover_(mover), out_(out) {
    if (++out_.generation_ == 0) {  // stamps wrapped around: forget them all once
      out_.key_stamp_.fill(0);
      out_.generation_ = 1;
    }
    out_.count_ = 0;
    out_.low_word_ = kMaxOptions / 64;
    out_.high_word_ = -1;
    origin_heading_mask_ = mover.has_heading && !mover.all_directions
                               ? board.heading_mask(mover.dot, mover.heading)
                               : uint8_t{0xFF};
    path_[0] = mover.dot;
    visit(mover.dot);
  }

  // With `first_only`, the search stops at the first option it finds (for "has any option?").
  void moves(bool first_only = false) {
    first_only_ = first_only;
    search_moves<kOptions>();
    finish();
  }

  // The search for destinations only (move_destinations): each is set in `dots`, no option is recorded, so no
  // path is kept and the search never stops early (compiled apart: no test of the other searches' modes).
  void destinations(std::array<uint64_t, kMaxDots / 64>& dots, std::array<uint64_t, kMaxDots / 64>* read) {
    dots_ = &dots;
    read_ = read;
    if (mover_.all_directions) {
      reach_all_directions();
    } else {
      search_moves<kDots>();
    }
  }

  // The search for the keys only (move_keys): each is set in `keys`, no option is recorded.
  void keys(std::array<uint64_t, kMaxOptions / 64>& keys) {
    if (mover_.all_directions) {  // one key a destination, the dot's own (no heading rank: rules.md 2.10, 2.11)
      std::array<uint64_t, kMaxDots / 64> dots{};
      dots_ = &dots;
      reach_all_directions();
      for (int w = 0; w < kMaxDots / 64; ++w) {
        for (uint64_t bits = dots[w]; bits; bits &= bits - 1) {
          const int key = (w * 64 + std::countr_zero(bits)) * kKeysPerDot;
          keys[key >> 6] |= uint64_t{1} << (key & 63);
        }
      }
      return;
    }
    keys_ = &keys;
    search_moves<kKeys>();
  }

  // The search for one key (find_move, find_attack): only paths that can still end on its destination.
  void target(int key) {
    target_key_ = key;
    target_ = key / kKeysPerDot;
  }

  void attacks(bool first_only = false) {
    first_only_ = first_only;
    // rules.md 3.3; with a long range, only when some target lies within it (an attack path ends on one)
    if (!board_.has_kind(mover_.dot, kNoAttack) && (mover_.steps < kPruneFrom || find_targets())) {
      attack_from(mover_.dot, kNoSlot, 0, 0, 0);
    }
    finish();
  }

 private:
  // Both move searches: the warps the mover may take (rules.md 2.7), then every path from its dot.
  template <Mode kMode>
  void search_moves() {
    own_start_ = setup_.start[mover_.player];
    can_warp_ = !mover_.life_base;
    move_from<kMode>(mover_.dot, kNoSlot, 0, 0, -1);
  }

  bool stop() const { return first_only_ && out_.count_ > 0; }

  // Attacks of a long range (Skyspire Citadel's ability stacks range): the simple paths grow exponentially with the
  // range, and most of them can reach no target. An attack path records an option only on entering a target's dot,
  // so a path may stop where no target it has not entered lies within the steps left (Board::step_bound: fewest
  // steps, a lower bound of any path's cost). What is cut records nothing: the options, their paths and their order
  // are the unpruned search's. Short ranges search as before (the bound would cost more than it cuts).
  static constexpr int kPruneFrom = 3;
  // The dots of the pieces the mover may attack (rules.md 3.3, 3.5) within its range of its dot; whether any.
  bool find_targets() {
    pruned_ = true;
    const int team = setup_.team[mover_.player];
    for (int d = 0; d < board_.num_dots(); ++d) {
      const int p = occ_.player[d];
      if (p >= 0 && setup_.team[p] != team && !board_.has_kind(d, kNoAttack) &&
          board_.step_bound(mover_.dot, d) <= mover_.steps) {
        targets_[num_targets_++] = static_cast<DotId>(d);
      }
    }
    return num_targets_ > 0;
  }
  // Whether an attack path standing on `to` at `cost` may still reach a target it has not entered.
  bool target_within(int to, int cost) const {
    if (!pruned_) return true;
    for (int k = 0; k < num_targets_; ++k) {
      const int t = targets_[k];
      if (t != to && !visited(t) && cost + board_.step_bound(to, t) <= mover_.steps) return true;
    }
    return false;
  }
  // Whether a path that has entered `to` at `cost` may go on: not through the destination it looks for (a simple
  // path cannot come back to it) nor where the steps left cannot reach it.
  bool may_go_on(int to, int cost) const {
    return target_ < 0 || (to != target_ && cost + board_.step_bound(to, target_) <= mover_.steps);
  }
  bool visited(int d) const { return (visited_[d >> 6] >> (d & 63)) & 1u; }
  void visit(int d) { visited_[d >> 6] |= uint64_t{1} << (d & 63); }
  void leave(int d) { visited_[d >> 6] &= ~(uint64_t{1} << (d & 63)); }

  // Slots by which a path standing on `d` may leave: rules.md 2.4 after a line, 2.9 at the origin, 2.10 lifts both.
  uint8_t allowed_exits(int d, int in_slot, int depth) const {
    if (mover_.all_directions) return 0xFF;
    if (in_slot != kNoSlot) return board_.turn_mask(d, in_slot);
    return depth == 0 ? origin_heading_mask_ : uint8_t{0xFF};  // after a warp: free (rules.md 2.7)
  }

  // The destinations of a mover "in all directions" (rules.md 2.10): with no corner rule, whatever walk reaches a dot
  // within the steps, a simple path does too (cutting a walk's loop leaves a walk, no dearer, every step costing at
  // least 1, and with no more warps), so the dots the depth-first search over simple paths enters are those a search
  // of the cheapest walks reaches: by cost level, over (dot, warped) states (rules.md 2.7: one warp a move), each
  // state expanded once. The number of simple paths grows exponentially with the Speed (Stormglass Skiff: 6); this
  // visits each state once.
  void reach_all_directions() {
    own_start_ = setup_.start[mover_.player];
    can_warp_ = !mover_.life_base;
    const int steps = mover_.steps;
    std::array<std::array<uint8_t, kMaxDots>, 2> best;  // cheapest cost found per (warped, dot)
    for (auto& b : best) std::fill_n(b.begin(), board_.num_dots(), uint8_t{255});
    std::array<std::array<std::array<uint64_t, kMaxDots / 64>, 2>, kMaxSteps + 1> level{};  // states by cost
    best[0][mover_.dot] = 0;
    level[0][0][mover_.dot >> 6] |= uint64_t{1} << (mover_.dot & 63);
    const auto enter = [&](int warped, int to, int c) {
      if (read_) (*read_)[to >> 6] |= uint64_t{1} << (to & 63);
      if (c > steps || c >= best[warped][to]) return;
      best[warped][to] = static_cast<uint8_t>(c);
      level[c][warped][to >> 6] |= uint64_t{1} << (to & 63);
      const int owner = setup_.start_owner[to];
      if (to != mover_.dot && !occ_.occupied(to) && (owner < 0 || owner == mover_.player)) {  // rules.md 2.2, 2.6
        (*dots_)[to >> 6] |= uint64_t{1} << (to & 63);
      }
    };
    for (int c = 0; c < steps; ++c) {  // a state at the full cost goes no further
      for (int warped = 0; warped < 2; ++warped) {
        for (int w = 0; w < kMaxDots / 64; ++w) {
          for (uint64_t bits = level[c][warped][w]; bits; bits &= bits - 1) {
            const int d = w * 64 + std::countr_zero(bits);
            if (best[warped][d] != c) continue;  // reached more cheaply since
            for (int s = 0; s < board_.degree(d); ++s) {
              const int to = board_.slot(d, s).to;
              enter(warped, to, c + 1 + occ_.block_rate[to]);  // rules.md 2.1
            }
            if (can_warp_ && !warped) {
              if (d == own_start_) {
                for (DotId e : board_.warp_ends()) enter(1, e, c + 1 + occ_.block_rate[e]);
              } else if (board_.is_warp_end(d)) {
                enter(1, own_start_, c + 1 + occ_.block_rate[own_start_]);
              }
            }
          }
        }
      }
    }
  }

  template <Mode kMode>
  void move_from(int d, int in_slot, int cost, int depth, int warp_index) {
    const uint8_t exits = allowed_exits(d, in_slot, depth);
    // Warp steps available from here (rules.md 2.7): own start -> any warp end (ORoC: a warp dot; Act I: an end
    // dot), warp end -> own start.
    const DotId* warp = nullptr;
    const DotId* warp_end = nullptr;
    if (can_warp_ && warp_index < 0) {
      if (d == own_start_) {
        warp = board_.warp_ends().data();
        warp_end = warp + board_.warp_ends().size();
      } else if (board_.is_warp_end(d)) {
        warp = &own_start_;
        warp_end = warp + 1;
      }
    }
    uint32_t lines = exits & ((1u << board_.degree(d)) - 1);  // legal exits, lowest slot (= lowest dot) first
    if (warp == warp_end) {  // the common case: no warp from here
      for (; lines && (kMode != kOptions || !stop()); lines &= lines - 1) {
        const Slot& sl = board_.slot(d, std::countr_zero(lines));
        move_step<kMode>(sl.to, sl.slot_at_to, cost, depth, warp_index);
      }
      return;
    }
    // Lines and warps in order of the dot entered, a line first.
    while ((lines || warp != warp_end) && (kMode != kOptions || !stop())) {
      if (lines && (warp == warp_end || board_.slot(d, std::countr_zero(lines)).to <= *warp)) {
        const Slot& sl = board_.slot(d, std::countr_zero(lines));
        lines &= lines - 1;
        move_step<kMode>(sl.to, sl.slot_at_to, cost, depth, warp_index);
      } else {
        move_step<kMode>(*warp++, kNoSlot, cost, depth, depth + 1);
      }
    }
  }

  // Enter `to` (by line when in_slot is set, by warp otherwise) and record and extend the move.
  template <Mode kMode>
  void move_step(int to, int in_slot, int cost, int depth, int warp_index) {
    if constexpr (kMode == kDots) {
      if (read_) (*read_)[to >> 6] |= uint64_t{1} << (to & 63);
    }
    if (visited(to)) return;  // rules.md 2.3
    const int c = cost + 1 + occ_.block_rate[to];  // rules.md 2.1
    if (c > mover_.steps) return;
    if constexpr (kMode == kOptions) path_[depth + 1] = static_cast<DotId>(to);
    const int owner = setup_.start_owner[to];
    if (!occ_.occupied(to) && (owner < 0 || owner == mover_.player)) {  // rules.md 2.2, 2.6
      if constexpr (kMode == kDots) {
        (*dots_)[to >> 6] |= uint64_t{1} << (to & 63);
      } else {
        const bool by_line = in_slot != kNoSlot;
        const Slot* arrived = by_line ? &board_.slot(to, in_slot) : nullptr;
        int key = to * kKeysPerDot;
        if (!mover_.all_directions && by_line) key += arrived->arrive_rank;  // rules.md 2.11; a warp: rank 0
        if constexpr (kMode == kKeys) {
          (*keys_)[key >> 6] |= uint64_t{1} << (key & 63);
        } else if (target_ < 0 || key == target_key_) {
          record(key, c, depth + 1, warp_index, by_line, by_line ? -arrived->heading : Vec2{},
                 by_line ? in_slot : -1);
        }
      }
    }
    if (c < mover_.steps && (kMode != kOptions || may_go_on(to, c))) {
      visit(to);
      move_from<kMode>(to, in_slot, c, depth + 1, warp_index);
      leave(to);
    }
  }

  void attack_from(int d, int in_slot, int cost, int depth, int first_slot) {
    for (uint32_t lines = allowed_exits(d, in_slot, depth) & ((1u << board_.degree(d)) - 1); lines && !stop();
         lines &= lines - 1) {
      const int s = std::countr_zero(lines);
      const Slot& sl = board_.slot(d, s);
      const int to = sl.to;
      if (visited(to)) continue;
      const int c = cost + 1 + occ_.block_rate[to];  // rules.md 3.1
      if (c > mover_.steps) continue;
      const int first = depth == 0 ? s : first_slot;
      path_[depth + 1] = static_cast<DotId>(to);
      const int target = occ_.player[to];
      if (target >= 0 && setup_.team[target] != setup_.team[mover_.player] &&  // rules.md 3.5
          !board_.has_kind(to, kNoAttack)) {                                    // rules.md 3.3
        const Slot& out = board_.slot(mover_.dot, first);
        int key = to * kKeysPerDot;
        if (!mover_.all_directions) key += out.leave_rank;  // rules.md 3.6
        if (target_ < 0 || key == target_key_) record(key, c, depth + 1, -1, true, out.heading, first);
      }
      if (c < mover_.steps && !board_.has_kind(to, kWarp) && may_go_on(to, c) &&  // rules.md 3.4: warp dots stop attacks
          target_within(to, c)) {
        visit(to);
        attack_from(to, sl.slot_at_to, c, depth + 1, first);
        leave(to);
      }
    }
  }

  void record(int key, int cost, int last, int warp_index, bool has_heading, Vec2 heading, int heading_slot) {
    int index;
    if (out_.key_stamp_[key] != out_.generation_) {
      out_.key_stamp_[key] = out_.generation_;
      index = out_.count_++;
      out_.key_option_[key] = static_cast<uint16_t>(index);
      const int word = key >> 6;
      out_.key_present_[word] |= uint64_t{1} << (key & 63);
      out_.low_word_ = std::min(out_.low_word_, word);
      out_.high_word_ = std::max(out_.high_word_, word);
    } else {
      index = out_.key_option_[key];
      if (cost >= out_.options_[index].steps) return;  // the earlier path is cheaper or first in order
    }
    PathOption& o = out_.options_[index];
    o.key = static_cast<uint16_t>(key);
    o.heading_slot = static_cast<int8_t>(heading_slot);
    o.destination = path_[last];
    o.steps = static_cast<uint8_t>(cost);
    o.length = static_cast<uint8_t>(last + 1);
    o.warp_index = static_cast<int8_t>(warp_index);
    o.has_heading = has_heading;
    o.heading = has_heading ? heading : Vec2{};
    std::copy_n(path_.begin(), last + 1, o.path.begin());
  }

  // rules.md 2.11 / 3.6: keys are destination * kKeysPerDot + heading rank, so listing the keys in increasing
  // order lists the options by destination, then heading. Clears the key bits for the next search.
  void finish() {
    int i = 0;
    for (int w = out_.low_word_; w <= out_.high_word_; ++w) {
      uint64_t bits = out_.key_present_[w];
      out_.key_present_[w] = 0;
      while (bits) {
        const int key = (w << 6) | std::countr_zero(bits);
        bits &= bits - 1;
        out_.order_[i++] = out_.key_option_[key];
      }
    }
  }

  const Board& board_;
  const Setup& setup_;
  const Occupancy& occ_;
  const Mover& mover_;
  OptionList& out_;
  DotId own_start_ = 0;
  bool can_warp_ = false;
  bool first_only_ = false;
  int target_ = -1;      // the destination of the one key looked for, or -1: every key
  int target_key_ = -1;
  std::array<uint64_t, kMaxDots / 64>* dots_ = nullptr;  // destinations only, or nullptr
  std::array<uint64_t, kMaxDots / 64>* read_ = nullptr;  // destinations only: the dots whose occupancy was read
  std::array<uint64_t, kMaxOptions / 64>* keys_ = nullptr;  // keys only, or nullptr
  uint8_t origin_heading_mask_ = 0xFF;
  std::array<uint64_t, kMaxDots / 64> visited_{};
  std::array<DotId, kMaxPathDots> path_{};
  bool pruned_ = false;  // attacks of a long range: paths go on only towards targets_ (find_targets)
  int num_targets_ = 0;
  std::array<DotId, kMaxDots> targets_;
};

void check_query(const Board& board, int setup, const Mover& mover) {
  if (setup < 0 || setup >= board.num_setups()) {
    throw PositionError("setup", "no setup number " + std::to_string(setup) + " on this board", "query");
  }
  if (mover.dot >= board.num_dots()) {
    throw PositionError("origin", "no dot number " + std::to_string(mover.dot) + " on this board", "query");
  }
  const int seats = board.setup(setup).num_seats;
  if (mover.player >= seats) {
    throw PositionError("player", "player " + std::to_string(mover.player) + " has no seat in setup '" +
                                      board.setup(setup).name + "' (" + std::to_string(seats) + " seats)", "query");
  }
  if (mover.steps > kMaxSteps) {
    throw PositionError("speed/range", "must lie from 0 to " + std::to_string(kMaxSteps), "core limit");
  }
  if (mover.has_heading) {
    const Vec2 h = mover.heading;
    if (h.is_zero() || h.x < -kMaxDirection || h.x > kMaxDirection || h.y < -kMaxDirection ||
        h.y > kMaxDirection) {
      throw PositionError("heading", "a heading is a direction (dx, dy), not both 0, each from -2000000 to 2000000",
                          "rules.md 2.9");
    }
  }
}

void generate_moves(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover,
                    OptionList& out) {
  PathSearch(board, setup, occupancy, mover, out).moves();
}

void generate_attacks(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover,
                      OptionList& out) {
  PathSearch(board, setup, occupancy, mover, out).attacks();
}

bool has_move(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, OptionList& scratch) {
  PathSearch search(board, setup, occupancy, mover, scratch);
  search.moves(true);
  return scratch.size() > 0;
}

bool has_attack(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, OptionList& scratch) {
  PathSearch search(board, setup, occupancy, mover, scratch);
  search.attacks(true);
  return scratch.size() > 0;
}

void move_destinations(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover,
                       OptionList& scratch, std::array<uint64_t, kMaxDots / 64>& dots,
                       std::array<uint64_t, kMaxDots / 64>* read) {
  dots = {};
  if (read) *read = {};
  PathSearch search(board, setup, occupancy, mover, scratch);
  search.destinations(dots, read);
}

void move_keys(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, OptionList& scratch,
               std::array<uint64_t, kMaxOptions / 64>& keys) {
  keys = {};
  PathSearch search(board, setup, occupancy, mover, scratch);
  search.keys(keys);
}

namespace {

// find_move and find_attack: the search for one key, moves or attacks.
bool find_key(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, int key,
              OptionList& scratch, PathOption& found, bool attack) {
  PathSearch search(board, setup, occupancy, mover, scratch);
  search.target(key);
  if (attack) {
    search.attacks();
  } else {
    search.moves();
  }
  if (scratch.size() == 0) return false;
  found = scratch[0];
  return true;
}

}  // namespace

bool find_move(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, int key,
               OptionList& scratch, PathOption& found) {
  return find_key(board, setup, occupancy, mover, key, scratch, found, false);
}

bool find_attack(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, int key,
                 OptionList& scratch, PathOption& found) {
  return find_key(board, setup, occupancy, mover, key, scratch, found, true);
}

}  // namespace tcbg::x610z

namespace tcbg::x610z {

void check_occupancy(const Board& board, int setup, const Occupancy& occupancy) {
  const int seats = board.setup(setup).num_seats;
  for (int d = 0; d < board.num_dots(); ++d) {
    const int p = occupancy.player[d];
    if (p >= seats || p < -1) {
      throw PositionError("pieces: dot '" + board.dot(d).id + "'", "player " + std::to_string(p) +
                          " has no seat in setup '" + board.setup(setup).name + "'", "query");
    }
    if (occupancy.block_rate[d] > kMaxBlockRate) {
      throw PositionError("pieces: dot '" + board.dot(d).id + "'",
                          "block rate must lie from 0 to " + std::to_string(kMaxBlockRate), "core limit");
    }
  }
  for (int d = board.num_dots(); d < kMaxDots; ++d) {
    if (occupancy.player[d] != -1) throw PositionError("pieces", "a summon stands beyond the board's dots", "query");
  }
}

}  // namespace tcbg::x610z
