// An X610Z board: dots joined by lines, with the precomputed tables the move and attack generators read.
//
// A Board is immutable once built. Construction validates the definition (docs/board-format.md, rules B2 and
// B4-B12 for values; the JSON structure is checked by the Python loader) and throws tcbg::BoardError naming the dot,
// line or setup at fault. Everything the hot path needs is laid out in fixed-size per-dot tables.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tcbg/core/geometry.hpp"

namespace tcbg::x610z {

using DotId = uint16_t;

inline constexpr int kMaxDots = 256;        // board-format B9
inline constexpr int kMaxDegree = 8;        // board-format B8
inline constexpr int kMaxSeats = 6;         // board-format B11
inline constexpr int kMaxSteps = 16;        // largest Speed or Range a query may ask for
inline constexpr int kMaxBlockRate = 15;    // largest Block rate of a summon
inline constexpr int32_t kMaxCoordinate = 1'000'000;
inline constexpr int32_t kMaxDirection = 2'000'000;
inline constexpr uint8_t kNoSlot = 0xFF;

enum class Rules : uint8_t { Existenz = 0, Act1 = 1 };

// Dot kinds as bit flags (rules.md 1.2 for the kinds an edition implies).
enum DotKind : uint8_t {
  kStart = 1 << 0,
  kEnd = 1 << 1,
  kNoAttack = 1 << 2,
  kWarp = 1 << 3,
  kQuest = 1 << 4,
  kWhite = 1 << 5,
};
inline constexpr uint8_t kAllKinds = 0x3F;

struct DotSpec {
  std::string id;
  int32_t x = 0;
  int32_t y = 0;
  uint8_t kinds = 0;  // as printed (declared in the file)
};

struct LineSpec {
  int a = 0;
  int b = 0;
  Vec2 leave_a{};  // zero: the straight line's direction (rules.md 2.5)
  Vec2 leave_b{};
};

struct SetupSpec {
  std::string name;
  std::vector<int> seats;  // start dot of each seat, in turn order
  std::vector<int> teams;  // empty: every seat its own team
};

// One end of a line as seen from a dot. A dot's slots are stored in increasing order of `to`, the order in which
// the path search visits them (rules.md 2.11).
struct Slot {
  DotId to = 0;            // the dot at the other end
  uint8_t slot_at_to = 0;  // this line's slot index at `to`
  // Ranks used as option keys and list order (rules.md 2.11, 3.6): 1 + the position of this slot's heading among
  // the distinct headings of the dot's slots, sorted by (dx, dy); 0 is "no heading".
  uint8_t arrive_rank = 0;  // of the heading of a path arriving here by this line, -primitive(leave)
  uint8_t leave_rank = 0;   // of primitive(leave), the heading of a path leaving by this line
  Vec2 leave{};             // direction in which the line leaves this dot (rules.md 2.5)
  Vec2 heading{};           // primitive(leave)
  uint16_t line = 0;        // index of the line in the board definition
};

struct Setup {
  std::string name;
  int num_seats = 0;
  std::array<DotId, kMaxSeats> start{};
  std::array<uint8_t, kMaxSeats> team{};
  // For every dot, the seat whose start dot it is, or -1 (also for start dots no seat uses: rules.md 2.6).
  std::array<int8_t, kMaxDots> start_owner{};
};

class Board {
 public:
  Board(std::vector<DotSpec> dots, std::vector<LineSpec> lines, std::vector<SetupSpec> setups, Rules rules);

  Rules rules() const { return rules_; }
  int num_dots() const { return static_cast<int>(dots_.size()); }
  int num_lines() const { return static_cast<int>(lines_.size()); }
  const DotSpec& dot(int i) const { return dots_[i]; }
  const LineSpec& line(int i) const { return lines_[i]; }  // directions resolved (never zero)
  uint8_t kinds(int dot) const { return kinds_[dot]; }     // effective kinds (rules.md 1.2)
  bool has_kind(int dot, DotKind k) const { return (kinds_[dot] & k) != 0; }

  int degree(int dot) const { return degree_[dot]; }
  const Slot& slot(int dot, int s) const { return slots_[dot][s]; }
  // Bit s' is set when arriving by slot s and leaving by slot s' makes a legal corner (rules.md 2.4).
  uint8_t turn_mask(int dot, int in_slot) const { return turn_mask_[dot][in_slot]; }
  // Bit s is set when leaving by slot s keeps to `heading` (rules.md 2.9).
  uint8_t heading_mask(int dot, Vec2 heading) const;

  // The kind of dot at the far end of a warp from the mover's own start dot (rules.md 2.7), which is also where a
  // cast summon may be placed besides its controller's start dot (rules.md 5.11): any warp dot in ORoC, an end dot
  // in Act I (whose "Warping" and "Summon Dots" name only the starting dot and the ending dots).
  DotKind warp_end_kind() const { return rules_ == Rules::Act1 ? kEnd : kWarp; }
  bool is_warp_end(int dot) const { return has_kind(dot, warp_end_kind()); }
  // The dots of warp_end_kind(), in increasing order (rules.md 2.7).
  const std::vector<DotId>& warp_ends() const { return warp_ends_; }

  int num_setups() const { return static_cast<int>(setups_.size()); }
  const Setup& setup(int i) const { return setups_[i]; }

  // Fewest steps from each dot to each other along lines (no warps, no occupancy); with `corners` the walk obeys
  // rules.md 2.4. Row-major n*n, -1 for unreachable. Not a hot path: allocates its result.
  std::vector<int32_t> distance_matrix(bool corners) const;
  // A lower bound on the steps of any move or attack path from `from` to `to`: the fewest dots entered along lines
  // or warps, any seat's start dot warping to and from every warp end (rules.md 2.7), no corner rule, no block
  // rates; 255 when none leads there. Every step costs at least 1 (rules.md 2.1, 3.1), so a path search for one
  // destination need not go on from a dot whose bound to it exceeds what is left of its steps.
  int step_bound(int from, int to) const { return step_bound_[static_cast<size_t>(from) * dots_.size() + to]; }


 private:
  // Walk states: a dot, and the slot by which a walk entered it (or kNoSlot: where it started).
  int state(int dot, int in_slot) const { return state_base_[dot] + (in_slot == kNoSlot ? degree_[dot] : in_slot); }
  void validate_dots() const;
  void build_lines();
  void validate_connected() const;
  void build_setups(const std::vector<SetupSpec>& specs);
  void build_states();
  void build_step_bounds();
  // Fewest dots entered by a walk from (dot, in_slot) to each dot, into out[0..n); -1 when unreachable.
  void walk_distances(int dot, int in_slot, bool corners, std::vector<int32_t>& scratch, int32_t* out) const;
  std::string dot_name(int i) const;
  std::string line_name(int i) const;

  Rules rules_;
  std::vector<DotSpec> dots_;
  std::vector<LineSpec> lines_;
  std::vector<uint8_t> kinds_;
  std::vector<uint8_t> degree_;
  std::vector<std::array<Slot, kMaxDegree>> slots_;
  std::vector<std::array<uint8_t, kMaxDegree>> turn_mask_;
  std::vector<DotId> warp_ends_;
  int num_states_ = 0;
  std::vector<uint16_t> state_base_;
  std::vector<Setup> setups_;
  std::vector<uint8_t> step_bound_;  // num_dots() x num_dots(), row-major
};

const char* rules_name(Rules r);

}  // namespace tcbg::x610z
