// Bindings of the X610Z board and its move and attack generators.
//
// Python passes dots by index (the tcbg.x610z.Board wrapper maps ids); results come back as plain tuples of ints,
// which the wrapper turns into Move and Attack objects. One option list per thread is allocated once and reused,
// so a query allocates nothing in C++.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/pathfinding.hpp"

namespace py = pybind11;
using namespace tcbg::x610z;

namespace {

using Heading = std::optional<std::pair<int64_t, int64_t>>;
using PieceTuple = std::tuple<int, int, int>;  // dot, player, block rate

OptionList& scratch_list() {
  thread_local std::unique_ptr<OptionList> list = std::make_unique<OptionList>();
  return *list;
}

int32_t narrow_direction(int64_t v) {
  if (v < -kMaxDirection || v > kMaxDirection) {
    throw tcbg::PositionError("heading", "each component must lie from -2000000 to 2000000", "rules.md 2.9");
  }
  return static_cast<int32_t>(v);
}

Mover make_mover(const Board& board, int setup, int origin, int steps, int player, bool life_base,
                 bool all_directions, const Heading& heading) {
  if (origin < 0 || origin >= board.num_dots()) {
    throw tcbg::PositionError("origin", "no dot number " + std::to_string(origin), "query");
  }
  if (steps < 0 || steps > kMaxSteps) {
    throw tcbg::PositionError("speed/range", "must lie from 0 to " + std::to_string(kMaxSteps), "core limit");
  }
  if (player < 0 || player >= kMaxSeats) throw tcbg::PositionError("player", "no such seat", "query");
  Mover m;
  m.dot = static_cast<DotId>(origin);
  m.player = static_cast<uint8_t>(player);
  m.steps = static_cast<uint8_t>(steps);
  m.life_base = life_base;
  m.all_directions = all_directions;
  if (heading) {
    m.has_heading = true;
    m.heading = {narrow_direction(heading->first), narrow_direction(heading->second)};
  }
  check_query(board, setup, m);
  return m;
}

Occupancy make_occupancy(const Board& board, int setup, const std::vector<PieceTuple>& pieces, int origin) {
  Occupancy occ;
  bool mover_listed = false;
  for (const auto& [dot, player, block] : pieces) {
    if (dot < 0 || dot >= board.num_dots()) throw tcbg::PositionError("pieces", "no dot number " + std::to_string(dot), "query");
    if (dot == origin) {  // the mover itself, listed among the pieces
      if (mover_listed) {
        throw tcbg::PositionError("pieces", "two summons on dot '" + board.dot(dot).id + "'", "rules.md 2.2");
      }
      mover_listed = true;
      continue;
    }
    if (occ.player[dot] >= 0) {
      throw tcbg::PositionError("pieces", "two summons on dot '" + board.dot(dot).id + "'", "rules.md 2.2");
    }
    if (player < 0 || player > 127 || block < 0 || block > 255) {
      throw tcbg::PositionError("pieces: dot '" + board.dot(dot).id + "'", "player or block rate out of range", "query");
    }
    occ.player[dot] = static_cast<int8_t>(player);
    occ.block_rate[dot] = static_cast<uint8_t>(block);
  }
  check_occupancy(board, setup, occ);
  return occ;
}

void check_ids(const Board& b, const py::tuple& ids) {
  if (static_cast<int>(ids.size()) != b.num_dots()) {
    throw tcbg::PositionError("ids", "expected one id per dot of the board", "query");
  }
}

py::tuple path_tuple(const PathOption& o, const py::tuple& ids) {
  py::tuple path(o.length);
  for (int i = 0; i < o.length; ++i) path[i] = ids[o.path[i]];
  return path;
}

py::object heading_object(const PathOption& o) {
  if (!o.has_heading) return py::none();
  return py::make_tuple(o.heading.x, o.heading.y);
}

}  // namespace

void bind_x610z(py::module_& m) {
  py::class_<Board, std::shared_ptr<Board>>(m, "Board")
      .def(py::init([](const std::vector<std::tuple<std::string, int64_t, int64_t, int>>& dots,
                       const std::vector<std::tuple<int, int, int64_t, int64_t, int64_t, int64_t>>& lines,
                       const std::vector<std::tuple<std::string, std::vector<int>, std::vector<int>>>& setups,
                       const std::string& rules) {
             auto coord = [](int64_t v) {  // out-of-range values are reported by the Board (rule B2/B5)
               return static_cast<int32_t>(std::clamp<int64_t>(v, INT32_MIN, INT32_MAX));
             };
             std::vector<DotSpec> ds;
             for (const auto& [id, x, y, kinds] : dots) {
               ds.push_back({id, coord(x), coord(y), static_cast<uint8_t>(kinds)});
             }
             std::vector<LineSpec> ls;
             for (const auto& [a, b, ax, ay, bx, by] : lines) {
               ls.push_back({a, b, {coord(ax), coord(ay)}, {coord(bx), coord(by)}});
             }
             std::vector<SetupSpec> ss;
             for (const auto& [name, seats, teams] : setups) ss.push_back({name, seats, teams});
             if (rules != "existenz" && rules != "act1") {
               throw tcbg::BoardError("board", "unknown rules '" + rules + "' (existenz or act1)", "B1");
             }
             return std::make_shared<Board>(std::move(ds), std::move(ls), std::move(ss),
                                            rules == "act1" ? Rules::Act1 : Rules::Existenz);
           }),
           py::arg("dots"), py::arg("lines"), py::arg("setups"), py::arg("rules"))
      .def_property_readonly("num_dots", &Board::num_dots)
      .def_property_readonly("rules", [](const Board& b) { return rules_name(b.rules()); })
      .def("kinds", [](const Board& b, int d) { return b.kinds(d); })
      .def("line", [](const Board& b, int i) {
        const auto& l = b.line(i);
        return py::make_tuple(l.a, l.b, py::make_tuple(l.leave_a.x, l.leave_a.y),
                              py::make_tuple(l.leave_b.x, l.leave_b.y));
      })
      .def("neighbors", [](const Board& b, int d) {  // in the order of the board's lines
        std::vector<std::pair<int, int>> by_line;
        for (int s = 0; s < b.degree(d); ++s) by_line.emplace_back(b.slot(d, s).line, b.slot(d, s).to);
        std::sort(by_line.begin(), by_line.end());
        std::vector<int> out;
        for (const auto& [line, to] : by_line) out.push_back(to);
        return out;
      })
      .def("heading_ranks", [](const Board& b, int d) {
        // (far end, arrive rank, leave rank) of each line of dot d in slot order: the heading ranks of option keys
        // (rules.md 2.11, 3.6) that action texts name by the line's far end (tcbg.x610z.actions)
        if (d < 0 || d >= b.num_dots()) throw tcbg::PositionError("dot", "no such dot", "query");
        std::vector<std::tuple<int, int, int>> out;
        for (int s = 0; s < b.degree(d); ++s) {
          out.emplace_back(b.slot(d, s).to, b.slot(d, s).arrive_rank, b.slot(d, s).leave_rank);
        }
        return out;
      })
      .def("distance_matrix", [](const Board& b, bool corners) {
        const int n = b.num_dots();
        auto flat = b.distance_matrix(corners);
        py::array_t<int32_t> out({n, n});
        std::copy(flat.begin(), flat.end(), out.mutable_data());
        return out;
      }, py::arg("corners"))
      // moves() and attacks() return a list of make(...) results, with dots as ids[i]: Python hands in its id
      // strings and its result class, so each option is built with no Python code between the core and the caller.
      .def("moves",
           [](const Board& b, int setup, const std::vector<PieceTuple>& pieces, int origin, int speed, int player,
              bool life_base, bool all_directions, const Heading& heading, const py::tuple& ids,
              const py::object& make) {
             const Mover mover = make_mover(b, setup, origin, speed, player, life_base, all_directions, heading);
             const Occupancy occ = make_occupancy(b, setup, pieces, origin);
             check_ids(b, ids);
             OptionList& list = scratch_list();
             generate_moves(b, setup, occ, mover, list);
             py::list out(list.size());
             const py::object none = py::none();
             for (int i = 0; i < list.size(); ++i) {
               const PathOption& o = list[i];
               out[i] = make(ids[o.destination], path_tuple(o, ids), heading_object(o), o.steps,
                             o.warp_index < 0 ? none : py::object(py::int_(o.warp_index)));
             }
             return out;
           })
      .def("attacks",
           [](const Board& b, int setup, const std::vector<PieceTuple>& pieces, int origin, int range, int player,
              bool all_directions, const Heading& heading, const py::tuple& ids, const py::object& make) {
             const Mover mover = make_mover(b, setup, origin, range, player, false, all_directions, heading);
             const Occupancy occ = make_occupancy(b, setup, pieces, origin);
             check_ids(b, ids);
             OptionList& list = scratch_list();
             generate_attacks(b, setup, occ, mover, list);
             py::list out(list.size());
             for (int i = 0; i < list.size(); ++i) {
               const PathOption& o = list[i];
               out[i] = make(ids[o.destination], path_tuple(o, ids), heading_object(o), o.steps);
             }
             return out;
           })
      // summons: one row per summon: dot, player, speed, range, block rate, life base, all directions,
      // has heading, heading dx, heading dy. Every summon is also a piece of the position.
      .def("count_options",
           [](const Board& b, int setup, py::array_t<int64_t, py::array::c_style | py::array::forcecast> summons,
              int repeat) {
             if (summons.ndim() != 2 || summons.shape(1) != 10) {
               throw tcbg::PositionError("summons", "expected one row of 10 numbers per summon", "query");
             }
             if (repeat < 1) throw tcbg::PositionError("repeat", "must be at least 1", "query");
             const auto rows = summons.unchecked<2>();
             std::vector<Mover> moving, attacking;
             std::vector<PieceTuple> pieces;
             for (py::ssize_t i = 0; i < rows.shape(0); ++i) {
               Heading h;
               if (rows(i, 7)) h = std::make_pair(rows(i, 8), rows(i, 9));
               const int dot = static_cast<int>(rows(i, 0)), player = static_cast<int>(rows(i, 1));
               moving.push_back(make_mover(b, setup, dot, static_cast<int>(rows(i, 2)), player, rows(i, 5) != 0,
                                           rows(i, 6) != 0, h));
               attacking.push_back(make_mover(b, setup, dot, static_cast<int>(rows(i, 3)), player, false,
                                              rows(i, 6) != 0, h));
               pieces.emplace_back(dot, player, static_cast<int>(rows(i, 4)));
             }
             const Occupancy occ = make_occupancy(b, setup, pieces, -1);
             int64_t n_moves = 0, n_attacks = 0;
             {
               py::gil_scoped_release release;
               OptionList& list = scratch_list();
               for (int r = 0; r < repeat; ++r) {
                 n_moves = n_attacks = 0;
                 for (size_t i = 0; i < moving.size(); ++i) {
                   generate_moves(b, setup, occ, moving[i], list);
                   n_moves += list.size();
                   generate_attacks(b, setup, occ, attacking[i], list);
                   n_attacks += list.size();
                 }
               }
             }
             return py::make_tuple(n_moves, n_attacks);
           });
}
