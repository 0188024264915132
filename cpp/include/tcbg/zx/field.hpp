// The Z/X field (docs/zx/rules.md section 3): nine Squares in a 3x3 grid shared by both players.
//
// Square s is row * 3 + column, rows counted from player 0's side: row 0 is player 0's near row (their Army Area),
// row 2 player 1's. The Player Squares are the middle of the near rows: 1 for player 0, 7 for player 1 (CR 303.3a).
// Everything here is constexpr arithmetic: the field is too small for tables to pay.
#pragma once

#include <cstdint>

namespace tcbg::zx {

inline constexpr int kSquares = 9;
inline constexpr int kNoSquare = -1;

constexpr int square_row(int s) { return s / 3; }
constexpr int square_col(int s) { return s % 3; }

// CR 303.3a: the two Squares vertically next to the middle one.
constexpr int player_square(int player) { return player == 0 ? 1 : 7; }
constexpr bool is_player_square(int s) { return s == 1 || s == 7; }
constexpr bool is_normal_square(int s) { return s >= 0 && s < kSquares && !is_player_square(s); }

// CR 303.2a: the fewest orthogonal steps between two Squares (Manhattan distance); diagonal Squares are at 2.
constexpr int distance(int a, int b) {
  const int dr = square_row(a) - square_row(b), dc = square_col(a) - square_col(b);
  return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}
// CR 303.2 / 1017.1: adjacent means vertically or horizontally next to each other.
constexpr bool adjacent(int a, int b) { return distance(a, b) == 1; }

// CR 303.4: the Areas as seen from one player: their near row (Army Area), the middle row (Center Area), the far
// row (Enemy Army Area).
enum class Area : uint8_t { Army = 0, Center = 1, EnemyArmy = 2 };
constexpr Area area_of(int s, int viewer) {
  const int r = viewer == 0 ? square_row(s) : 2 - square_row(s);
  return static_cast<Area>(r);
}

// The conventional number of a Square seen from `viewer` (7 8 9 / 4 5 6 / 1 2 3, 2 their Player Square: sources.md
// item 14). Action texts use player 0's numbering so that a text means one Square whoever reads it.
constexpr int square_number(int s, int viewer) { return viewer == 0 ? s + 1 : kSquares - s; }

static_assert(adjacent(0, 1) && !adjacent(0, 4) && distance(0, 4) == 2 && distance(0, 8) == 4);
static_assert(adjacent(4, player_square(0)) && adjacent(4, player_square(1)));
static_assert(area_of(0, 0) == Area::Army && area_of(0, 1) == Area::EnemyArmy && area_of(4, 1) == Area::Center);
static_assert(square_number(player_square(0), 0) == 2 && square_number(player_square(1), 1) == 2);

}  // namespace tcbg::zx
