// A C++-only use of the core, as a tool linking tcbg_core would do: build a board, generate moves and attacks.
// It also proves the generators allocate nothing: global operator new is counted around the generate calls.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>

#include "tcbg/core/error.hpp"
#include "tcbg/core/random.hpp"
#include "tcbg/x610z/pathfinding.hpp"

#include "counting_new.hpp"

using namespace tcbg::x610z;

int main() {
  // A plus-shaped board: c in the middle, n/e/s/w around it; s and n are start dots, w is a warp dot.
  std::vector<DotSpec> dots{{"c", 0, 0, 0}, {"n", 0, 1, kStart}, {"e", 1, 0, kEnd}, {"s", 0, -1, kStart},
                            {"w", -1, 0, kWarp}};
  std::vector<LineSpec> lines{{0, 1, {}, {}}, {0, 2, {}, {}}, {0, 3, {}, {}}, {0, 4, {}, {}}};
  Board board(dots, lines, {{"1v1", {3, 1}, {}}}, Rules::Existenz);
  auto list = std::make_unique<OptionList>();
  Occupancy occ;
  occ.player[2] = 1;  // an opponent's summon on e
  Mover m;
  m.dot = 3;  // seat 0's start dot
  m.player = 0;
  m.steps = 2;
  m.life_base = true;

  const long before = g_allocations.load();
  generate_moves(board, 0, occ, m, *list);
  const int life_base_moves = list->size();
  m.life_base = false;
  generate_moves(board, 0, occ, m, *list);
  const int summon_moves = list->size();
  m.dot = 0;
  generate_attacks(board, 0, occ, m, *list);
  const int attacks = list->size();
  const long allocated = g_allocations.load() - before;

  // From s: c (1 step); straight on to n is another seat's start dot (rules.md 2.6); e is taken; w is 90 degrees.
  if (life_base_moves != 2) { std::printf("expected 2 life-base moves, got %d\n", life_base_moves); return 1; }
  // A summon may also warp from its start dot to w (rules.md 2.7) and on to c from there, or warp over n (a start
  // dot is a warp dot, rules.md 1.2) and come down to c heading south: c three ways, w two ways.
  if (summon_moves != 5) { std::printf("expected 5 summon moves, got %d\n", summon_moves); return 1; }
  if (attacks != 1) { std::printf("expected 1 attack from c, got %d\n", attacks); return 1; }
  if (allocated != 0) { std::printf("the generators allocated %ld times\n", allocated); return 1; }

  bool threw = false;
  try {
    Board bad(dots, {{0, 0, {}, {}}}, {{"1v1", {3, 1}, {}}}, Rules::Existenz);
  } catch (const tcbg::BoardError& e) {
    threw = e.rule() == "B6";
  }
  if (!threw) { std::printf("a line to itself was accepted\n"); return 1; }
  // The counter-based generator: a pure function of (seed, position); bounded draws are uniform and in range.
  tcbg::CounterRng a(42), b(42);
  for (int i = 0; i < 1000; ++i) {
    if (a.next() != b.next()) { std::printf("same seed, different numbers\n"); return 1; }
  }
  if (a.at(7) != tcbg::CounterRng(42, 999).at(7) || tcbg::CounterRng(42).at(0) == tcbg::CounterRng(43).at(0)) {
    std::printf("the generator is not a function of (seed, position)\n");
    return 1;
  }
  int histogram[6] = {};
  for (int i = 0; i < 60000; ++i) {
    const auto v = a.below(6);
    if (v >= 6) { std::printf("below(6) gave %llu\n", static_cast<unsigned long long>(v)); return 1; }
    ++histogram[v];
  }
  for (int h : histogram) {
    if (h < 9500 || h > 10500) { std::printf("below(6) is not uniform: %d of 60000\n", h); return 1; }
  }
  int deck[40];
  for (int i = 0; i < 40; ++i) deck[i] = i;
  a.shuffle(deck, 40);
  bool seen[40] = {};
  for (int card : deck) seen[card] = true;
  for (bool s : seen) {
    if (!s) { std::printf("a shuffle lost a card\n"); return 1; }
  }

  std::printf("ok\n");
  return 0;
}
