// A C++-only use of the core, as a tool linking tcbg_core would do: build a board, generate moves and attacks.
#include <cstdio>
#include <memory>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/pathfinding.hpp"

using namespace tcbg::x610z;

int main() {
  // A plus-shaped board: c in the middle, n/e/s/w around it; s and n are start dots.
  std::vector<DotSpec> dots{{"c", 0, 0, 0}, {"n", 0, 1, kStart}, {"e", 1, 0, kEnd}, {"s", 0, -1, kStart},
                            {"w", -1, 0, 0}};
  std::vector<LineSpec> lines{{0, 1, {}, {}}, {0, 2, {}, {}}, {0, 3, {}, {}}, {0, 4, {}, {}}};
  Board board(dots, lines, {{"1v1", {3, 1}, {}}}, Rules::Existenz);
  auto list = std::make_unique<OptionList>();
  Occupancy occ;
  Mover m;
  m.dot = 3;  // seat 0's start dot
  m.player = 0;
  m.steps = 2;
  m.life_base = true;
  generate_moves(board, 0, occ, m, *list);
  // From s: c (1 step); then straight on to n is another seat's start dot (rules.md 2.6); e and w are 90 degrees.
  if (list->size() != 3) { std::printf("expected 3 moves, got %d\n", list->size()); return 1; }
  bool threw = false;
  try {
    Board bad(dots, {{0, 0, {}, {}}}, {{"1v1", {3, 1}, {}}}, Rules::Existenz);
  } catch (const tcbg::BoardError& e) {
    threw = e.rule() == "B6";
  }
  if (!threw) { std::printf("a line to itself was accepted\n"); return 1; }
  std::printf("ok\n");
  return 0;
}
