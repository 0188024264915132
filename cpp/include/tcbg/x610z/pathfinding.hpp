// Move and attack generation (rules.md sections 2 and 3).
//
// The generators enumerate every simple path that obeys the corner rule by depth-first search, keeping one path per
// distinct move (destination and heading) or attack (target and heading). They write into caller-owned,
// fixed-capacity lists and allocate nothing: a caller that generates for many summons reuses one list, as chess
// engines reuse their move lists.
#pragma once

#include <array>
#include <cstdint>

#include "tcbg/x610z/board.hpp"

namespace tcbg::x610z {

inline constexpr int kMaxPathDots = kMaxSteps + 1;                   // every step costs at least 1
inline constexpr int kKeysPerDot = kMaxDegree + 1;                   // one per heading class, plus "no heading"
inline constexpr int kMaxOptions = kMaxDots * kKeysPerDot;           // distinct moves or attacks of one summon
static_assert(kMaxOptions % 64 == 0);

// Who stands where: the player (seat) of the summon on each dot, or -1, and its block rate.
struct Occupancy {
  std::array<int8_t, kMaxDots> player;
  std::array<uint8_t, kMaxDots> block_rate;
  Occupancy() { clear(); }
  void clear() {
    player.fill(-1);
    block_rate.fill(0);
  }
  bool occupied(int dot) const { return player[dot] >= 0; }
  friend bool operator==(const Occupancy&, const Occupancy&) = default;
};

// The summon a query is about.
struct Mover {
  DotId dot = 0;
  uint8_t player = 0;        // seat index in the setup
  uint8_t steps = 0;         // Speed for moves, Range for attacks
  bool life_base = false;    // a life base never warps (rules.md 2.7)
  bool all_directions = false;  // "Move and attack in all directions" (rules.md 2.10)
  bool has_heading = false;  // rules.md 2.9
  Vec2 heading{};
  friend bool operator==(const Mover&, const Mover&) = default;
};

// One distinct move or attack with its reported path (rules.md 2.11, 3.6).
struct PathOption {
  uint16_t key = 0;        // destination * kKeysPerDot + heading rank: unique within one list, and its order
  int8_t heading_slot = -1;  // the slot the heading is taken from: the move's last line at the destination (-1
                             // after a warp), the attack's first line at the attacker's dot
  DotId destination = 0;   // the destination of a move, the target's dot of an attack
  uint8_t steps = 0;       // cost (rules.md 2.1) or count (rules.md 3.1)
  uint8_t length = 0;      // dots in `path`, origin included
  int8_t warp_index = -1;  // index in `path` of the dot entered by a warp, or -1
  bool has_heading = false;
  Vec2 heading{};          // rules.md 2.8
  std::array<DotId, kMaxPathDots> path{};
};

// A fixed-capacity list of options plus the scratch tables of one search. Reset by each generate call; big enough
// for every distinct option any summon can have, so it never overflows.
class OptionList {
 public:
  int size() const { return count_; }
  const PathOption& operator[](int i) const { return options_[order_[i]]; }  // in rules.md 2.11 / 3.6 order

 private:
  friend class PathSearch;
  std::array<PathOption, kMaxOptions> options_;
  std::array<uint16_t, kMaxOptions> order_;
  // Options are keyed by destination * kKeysPerDot + heading rank, which is also their list order.
  std::array<uint32_t, kMaxOptions> key_stamp_{};  // key -> generation when it was last set
  std::array<uint16_t, kMaxOptions> key_option_{};
  std::array<uint64_t, kMaxOptions / 64> key_present_{};  // keys set by this search; cleared as they are listed
  uint32_t generation_ = 0;
  int count_ = 0;
  int low_word_ = 0, high_word_ = -1;  // range of key_present_ words touched
};

// Checks a query against the board, the setup and the core's limits; throws tcbg::PositionError naming the field.
void check_query(const Board& board, int setup, const Mover& mover);

// All legal moves of `mover` (rules.md section 2), sorted as rules.md 2.11 says.
void generate_moves(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover,
                    OptionList& out);

// All legal attacks of `mover` (rules.md section 3), sorted as rules.md 3.6 says.
void generate_attacks(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover,
                      OptionList& out);

}  // namespace tcbg::x610z

namespace tcbg::x610z {

// Whether `mover` has at least one legal move / attack: the same search, stopped at the first option found.
// `scratch` is used as the search's working list; its contents afterwards are unspecified.
bool has_move(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, OptionList& scratch);
bool has_attack(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, OptionList& scratch);

// The option with `key` of the moves / attacks of `mover`, as generate_moves / generate_attacks would list it, into
// `found`; false when the list would not hold it. The same search in the same order, which records that key alone
// and does not go on from a dot whose Board::step_bound to the key's destination exceeds the steps left (no path
// through it can end there within them), so it finds the same first cheapest path. `scratch` as for has_move.
bool find_move(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, int key,
               OptionList& scratch, PathOption& found);
bool find_attack(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, int key,
                 OptionList& scratch, PathOption& found);

// The destinations of generate_moves' options, as a bitset of dots (bit d of word d / 64): the same search, keeping
// no path. `scratch` as for has_move. With `read`, the dots whose occupancy the search read, into it: the answer
// holds for any occupancy alike on them.
void move_destinations(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover,
                       OptionList& scratch, std::array<uint64_t, kMaxDots / 64>& dots,
                       std::array<uint64_t, kMaxDots / 64>* read = nullptr);

// The keys of generate_moves' options, as a bitset (bit k of word k / 64): the same search, keeping no path (for a
// mover in all directions, the destinations' search: one key a destination). `scratch` as for has_move.
void move_keys(const Board& board, int setup, const Occupancy& occupancy, const Mover& mover, OptionList& scratch,
               std::array<uint64_t, kMaxOptions / 64>& keys);

// Checks every summon of `occupancy` has a seat in the setup and a block rate within the core's limit; throws
// tcbg::PositionError. Generators assume a checked occupancy.
void check_occupancy(const Board& board, int setup, const Occupancy& occupancy);

}  // namespace tcbg::x610z
