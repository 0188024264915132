// The path searches for one key and for destinations or keys only (find_move, find_attack, move_destinations,
// move_keys) against the full generators, on the shipped boards: for seeded positions, every mover's every listed
// key is found with the same option (path, steps, heading), keys not listed are not found, and the destinations and
// keys are the listed ones (for movers in all directions, found by a search of the cheapest walks); the
// destinations stay the same with other pieces off the dots the search says it read.
// Board::step_bound is checked as a lower bound on every listed option's steps.
#include <array>
#include <cstdio>
#include <memory>
#include <string>

#include "check.hpp"
#include "tcbg/core/random.hpp"
#include "tcbg/x610z/board_file.hpp"
#include "tcbg/x610z/pathfinding.hpp"

using namespace tcbg;
using namespace tcbg::x610z;

namespace {

const std::string kData = TCBG_DATA_DIR;

bool same(const PathOption& a, const PathOption& b) {
  if (a.key != b.key || a.heading_slot != b.heading_slot || a.destination != b.destination || a.steps != b.steps ||
      a.length != b.length || a.warp_index != b.warp_index || a.has_heading != b.has_heading ||
      !(a.heading == b.heading)) {
    return false;
  }
  for (int k = 0; k < a.length; ++k) {
    if (a.path[k] != b.path[k]) return false;
  }
  return true;
}

void check_board(const std::string& file, int positions) {
  const auto loaded = load_board(kData + "/x610z/boards/" + file);
  const Board& board = *loaded.board;
  const int n = board.num_dots();
  auto full = std::make_unique<OptionList>();
  auto scratch = std::make_unique<OptionList>();
  CounterRng rng(2026);
  long keys = 0;
  for (int setup = 0; setup < board.num_setups(); ++setup) {
    const Setup& st = board.setup(setup);
    for (int pos = 0; pos < positions; ++pos) {
      Occupancy occ;
      for (int d = 0; d < n; ++d) {
        if (rng.below(4) == 0) {
          occ.player[d] = static_cast<int8_t>(rng.below(st.num_seats));
          occ.block_rate[d] = static_cast<uint8_t>(rng.below(3) == 0 ? rng.below(3) : 0);
        }
      }
      for (int d = 0; d < n; ++d) {
        if (!occ.occupied(d)) continue;
        Mover m;
        m.dot = static_cast<DotId>(d);
        m.player = static_cast<uint8_t>(occ.player[d]);
        // A third of the movers far-reaching (Stormglass Skiff's Speed 6, ranges stacked by Skyspire Citadel): the
        // destinations in all directions and the attacks of a range of 3 or more are searched another way.
        m.steps = static_cast<uint8_t>(rng.below(3) == 0 ? 5 + rng.below(3) : 1 + rng.below(4));
        m.life_base = rng.below(4) == 0;
        m.all_directions = rng.below(6) == 0;
        if (board.degree(d) > 0 && rng.below(2) == 0) {
          m.has_heading = true;
          m.heading = board.slot(d, static_cast<int>(rng.below(board.degree(d)))).leave;
        }
        for (int attack = 0; attack < 2; ++attack) {
          if (attack) {
            generate_attacks(board, setup, occ, m, *full);
          } else {
            generate_moves(board, setup, occ, m, *full);
          }
          std::array<uint64_t, kMaxDots / 64> listed{};
          for (int k = 0; k < full->size(); ++k) {
            const PathOption o = (*full)[k];
            listed[o.destination >> 6] |= uint64_t{1} << (o.destination & 63);
            CHECK(board.step_bound(d, o.destination) <= o.length - 1, "%s: step bound above a path's steps",
                  file.c_str());
            PathOption found;
            const bool ok = attack ? find_attack(board, setup, occ, m, o.key, *scratch, found)
                                   : find_move(board, setup, occ, m, o.key, *scratch, found);
            CHECK(ok && same(found, o), "%s: dot %d %s key %d not found as listed", file.c_str(), d,
                  attack ? "attack" : "move", o.key);
            ++keys;
          }
          // A key that is not listed: a dot with no option at rank 0.
          for (int tries = 0; tries < 4; ++tries) {
            const int key = static_cast<int>(rng.below(n)) * kKeysPerDot;
            bool in = false;
            for (int k = 0; k < full->size(); ++k) in = in || (*full)[k].key == key;
            PathOption found;
            const bool ok = attack ? find_attack(board, setup, occ, m, key, *scratch, found)
                                   : find_move(board, setup, occ, m, key, *scratch, found);
            CHECK(ok == in, "%s: key %d found %d, listed %d", file.c_str(), key, ok, in);
          }
          if (!attack) {
            std::array<uint64_t, kMaxDots / 64> dots{}, read{}, again{};
            move_destinations(board, setup, occ, m, *scratch, dots, &read);
            CHECK(dots == listed, "%s: dot %d destinations differ from the listed moves'", file.c_str(), d);
            // Who stands where off the dots the search read does not change its answer.
            Occupancy other = occ;
            for (int x = 0; x < n; ++x) {
              if (x == d || ((read[x >> 6] >> (x & 63)) & 1)) continue;
              other.player[x] = rng.below(2) == 0 ? -1 : static_cast<int8_t>(rng.below(st.num_seats));
              other.block_rate[x] = other.player[x] < 0 ? 0 : static_cast<uint8_t>(rng.below(3));
            }
            move_destinations(board, setup, other, m, *scratch, again);
            CHECK(again == dots, "%s: dot %d destinations read a dot outside the read set", file.c_str(), d);
            std::array<uint64_t, kMaxOptions / 64> keys{}, listed_keys{};
            for (int k = 0; k < full->size(); ++k) {
              listed_keys[(*full)[k].key >> 6] |= uint64_t{1} << ((*full)[k].key & 63);
            }
            move_keys(board, setup, occ, m, *scratch, keys);
            CHECK(keys == listed_keys, "%s: dot %d keys differ from the listed moves'", file.c_str(), d);
          }
        }
      }
    }
  }
  CHECK(keys > 1000, "%s: only %ld keys checked", file.c_str(), keys);
}

}  // namespace

int main() {
  check_board("existenz.json", 3);
  check_board("act1.json", 3);
  return tcbg_test::report("path lookups");
}
