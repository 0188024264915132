#include "tcbg/x610z/board.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "tcbg/core/error.hpp"

namespace tcbg::x610z {

const char* rules_name(Rules r) { return r == Rules::Act1 ? "act1" : "existenz"; }

namespace {

// rules.md 1.2: the kinds an edition adds to the printed ones.
uint8_t effective_kinds(uint8_t declared, Rules rules) {
  uint8_t k = declared;
  if (k & kStart) k |= kNoAttack | kWarp;
  if (rules == Rules::Act1 && (k & kEnd)) k |= kWarp;
  return k;
}

bool direction_in_range(Vec2 v) {
  return v.x >= -kMaxDirection && v.x <= kMaxDirection && v.y >= -kMaxDirection && v.y <= kMaxDirection;
}

}  // namespace

Board::Board(std::vector<DotSpec> dots, std::vector<LineSpec> lines, std::vector<SetupSpec> setups, Rules rules)
    : rules_(rules), dots_(std::move(dots)), lines_(std::move(lines)) {
  validate_dots();
  build_lines();
  validate_connected();
  build_setups(setups);
  build_states();
  build_step_bounds();
}

std::string Board::dot_name(int i) const { return "dot " + std::to_string(i) + " '" + dots_[i].id + "'"; }

std::string Board::line_name(int i) const {
  const auto& l = lines_[i];
  const int n = num_dots();
  auto id = [&](int d) { return d >= 0 && d < n ? dots_[d].id : "#" + std::to_string(d); };
  return "line " + std::to_string(i) + " (" + id(l.a) + "-" + id(l.b) + ")";
}

void Board::validate_dots() const {
  const int n = num_dots();
  if (n < 2 || n > kMaxDots) {
    throw BoardError("board", "a board has from 2 to " + std::to_string(kMaxDots) + " dots, this one has " +
                                  std::to_string(n), "B9");
  }
  std::vector<std::pair<std::pair<int32_t, int32_t>, int>> at;
  at.reserve(n);
  for (int i = 0; i < n; ++i) {
    const auto& d = dots_[i];
    if (d.x < -kMaxCoordinate || d.x > kMaxCoordinate || d.y < -kMaxCoordinate || d.y > kMaxCoordinate) {
      throw BoardError(dot_name(i), "coordinates must lie from -1000000 to 1000000", "B2");
    }
    if (d.kinds & ~kAllKinds) throw BoardError(dot_name(i), "unknown kind flag", "B2");
    if ((d.kinds & kWhite) && d.kinds != kWhite) {
      throw BoardError(dot_name(i), "a white dot has no other kind", "B2");
    }
    if ((d.kinds & kStart) && (d.kinds & kEnd)) {
      throw BoardError(dot_name(i), "a dot cannot be both a start dot and an end dot", "B2");
    }
    at.push_back({{d.x, d.y}, i});
  }
  std::sort(at.begin(), at.end());
  for (int i = 1; i < n; ++i) {
    if (at[i].first == at[i - 1].first) {
      throw BoardError(dot_name(at[i].second),
                       "stands at the same position as " + dot_name(at[i - 1].second), "B4");
    }
  }
}

void Board::build_lines() {
  const int n = num_dots();
  kinds_.resize(n);
  for (int i = 0; i < n; ++i) kinds_[i] = effective_kinds(dots_[i].kinds, rules_);
  degree_.assign(n, 0);
  slots_.assign(n, {});
  std::set<std::pair<int, int>> seen;
  for (int li = 0; li < num_lines(); ++li) {
    auto& l = lines_[li];
    if (l.a < 0 || l.a >= n || l.b < 0 || l.b >= n) throw BoardError(line_name(li), "names an unknown dot", "B5");
    if (l.a == l.b) throw BoardError(line_name(li), "a line cannot join a dot to itself", "B6");
    const auto key = std::minmax(l.a, l.b);
    if (!seen.insert(key).second) {
      int other = 0;
      for (int k = 0; k < li; ++k) {
        if (std::minmax(lines_[k].a, lines_[k].b) == key) other = k;
      }
      throw BoardError(line_name(li),
                       "a line between these two dots already exists (line " + std::to_string(other) + ")", "B7");
    }
    const Vec2 straight{dots_[l.b].x - dots_[l.a].x, dots_[l.b].y - dots_[l.a].y};
    if (l.leave_a.is_zero()) l.leave_a = straight;
    if (l.leave_b.is_zero()) l.leave_b = -straight;
    if (!direction_in_range(l.leave_a) || !direction_in_range(l.leave_b)) {
      throw BoardError(line_name(li), "a direction component must lie from -2000000 to 2000000", "B5");
    }
    for (int end = 0; end < 2; ++end) {
      const int d = end == 0 ? l.a : l.b;
      if (degree_[d] >= kMaxDegree) {
        throw BoardError(dot_name(d), "has more than " + std::to_string(kMaxDegree) + " lines", "B8");
      }
      ++degree_[d];
    }
  }
  std::fill(degree_.begin(), degree_.end(), 0);
  for (int li = 0; li < num_lines(); ++li) {
    const auto& l = lines_[li];
    slots_[l.a][degree_[l.a]++] = Slot{static_cast<DotId>(l.b), 0, 0, 0, l.leave_a, primitive(l.leave_a), static_cast<uint16_t>(li)};
    slots_[l.b][degree_[l.b]++] = Slot{static_cast<DotId>(l.a), 0, 0, 0, l.leave_b, primitive(l.leave_b), static_cast<uint16_t>(li)};
  }
  // Slots in increasing order of the dot they lead to: the search order of rules.md 2.11.
  for (int d = 0; d < n; ++d) {
    std::sort(slots_[d].begin(), slots_[d].begin() + degree_[d], [](const Slot& p, const Slot& q) { return p.to < q.to; });
  }
  for (int d = 0; d < n; ++d) {
    for (int s = 0; s < degree_[d]; ++s) {
      Slot& sl = slots_[d][s];
      for (int t = 0; t < degree_[sl.to]; ++t) {
        if (slots_[sl.to][t].line == sl.line) sl.slot_at_to = static_cast<uint8_t>(t);
      }
    }
  }
  turn_mask_.assign(n, {});
  for (int d = 0; d < n; ++d) {
    const int deg = degree_[d];
    auto& s = slots_[d];
    // 1 + the number of distinct headings smaller than this one (rules.md 2.11 and 3.6 list order).
    auto rank = [&](Vec2 h, bool arriving) {
      int smaller = 0;
      for (int j = 0; j < deg; ++j) {
        const Vec2 other = arriving ? -s[j].heading : s[j].heading;
        bool seen_before = false;  // count each distinct heading once
        for (int k = 0; k < j; ++k) seen_before |= (arriving ? -s[k].heading : s[k].heading) == other;
        if (!seen_before && heading_less(other, h)) ++smaller;
      }
      return static_cast<uint8_t>(1 + smaller);
    };
    for (int i = 0; i < deg; ++i) {
      s[i].arrive_rank = rank(-s[i].heading, true);
      s[i].leave_rank = rank(s[i].heading, false);
    }
    for (int i = 0; i < deg; ++i) {  // rules.md 2.4: legal corner when dot(u_in, u_out) <= 0
      uint8_t mask = 0;
      for (int j = 0; j < deg; ++j) {
        if (j != i && tcbg::dot(s[i].leave, s[j].leave) <= 0) mask |= static_cast<uint8_t>(1u << j);
      }
      turn_mask_[d][i] = mask;
    }
    if (kinds_[d] & warp_end_kind()) warp_ends_.push_back(static_cast<DotId>(d));
  }
}

void Board::validate_connected() const {
  const int n = num_dots();
  std::vector<char> seen(n, 0);
  std::vector<int> todo{0};
  seen[0] = 1;
  while (!todo.empty()) {
    const int d = todo.back();
    todo.pop_back();
    for (int s = 0; s < degree_[d]; ++s) {
      const int t = slots_[d][s].to;
      if (!seen[t]) { seen[t] = 1; todo.push_back(t); }
    }
  }
  for (int d = 0; d < n; ++d) {
    if (!seen[d]) {
      throw BoardError(dot_name(d), "cannot be reached from " + dot_name(0) + " along lines", "B10");
    }
  }
}

void Board::build_setups(const std::vector<SetupSpec>& specs) {
  if (specs.empty()) throw BoardError("board", "a board needs at least one setup", "B12");
  const int n = num_dots();
  for (const auto& spec : specs) {
    const std::string where = "setup '" + spec.name + "'";
    if (spec.name.empty()) throw BoardError(where, "a setup needs a name", "B11");
    for (const auto& other : setups_) {
      if (other.name == spec.name) throw BoardError(where, "a setup with this name already exists", "B11");
    }
    const int seats = static_cast<int>(spec.seats.size());
    if (seats < 2 || seats > kMaxSeats) {
      throw BoardError(where, "a setup has from 2 to 6 seats, this one has " + std::to_string(seats), "B11");
    }
    if (!spec.teams.empty() && static_cast<int>(spec.teams.size()) != seats) {
      throw BoardError(where, "gives " + std::to_string(spec.teams.size()) + " teams for " +
                                  std::to_string(seats) + " seats", "B11");
    }
    Setup setup;
    setup.name = spec.name;
    setup.num_seats = seats;
    setup.start_owner.fill(-1);
    std::vector<int> team_ids;  // dense team numbers in order of first appearance
    for (int s = 0; s < seats; ++s) {
      const int d = spec.seats[s];
      const std::string seat = where + " seat " + std::to_string(s);
      if (d < 0 || d >= n) throw BoardError(seat, "names an unknown dot", "B11");
      if (!(dots_[d].kinds & kStart)) throw BoardError(seat, dot_name(d) + " is not a start dot", "B11");
      if (setup.start_owner[d] >= 0) {
        throw BoardError(seat, dot_name(d) + " is already seat " + std::to_string(setup.start_owner[d]), "B11");
      }
      setup.start_owner[d] = static_cast<int8_t>(s);
      setup.start[s] = static_cast<DotId>(d);
      const int team = spec.teams.empty() ? s : spec.teams[s];
      auto it = std::find(team_ids.begin(), team_ids.end(), team);
      if (it == team_ids.end()) { team_ids.push_back(team); it = team_ids.end() - 1; }
      setup.team[s] = static_cast<uint8_t>(it - team_ids.begin());
    }
    if (team_ids.size() < 2) throw BoardError(where, "all seats are on one team; a game needs opponents", "B11");
    setups_.push_back(setup);
  }
}

uint8_t Board::heading_mask(int d, Vec2 heading) const {
  uint8_t mask = 0;
  for (int s = 0; s < degree_[d]; ++s) {
    if (tcbg::dot(heading, slots_[d][s].leave) >= 0) mask |= static_cast<uint8_t>(1u << s);
  }
  return mask;
}

void Board::walk_distances(int dot, int in_slot, bool corners, std::vector<int32_t>& dist, int32_t* out) const {
  const int n = num_dots();
  std::fill(out, out + n, -1);
  std::fill(dist.begin(), dist.end(), -1);  // per state (dot, entering slot)
  std::vector<int> queue;  // states, in BFS order
  queue.reserve(num_states_);
  auto visit_exits = [&](int d, int in, int32_t here) {
    const uint8_t allowed = corners && in != kNoSlot ? turn_mask_[d][in] : uint8_t{0xFF};
    for (int s = 0; s < degree_[d]; ++s) {
      if (!(allowed & (1u << s))) continue;
      const Slot& sl = slots_[d][s];
      const int next = state(sl.to, corners ? sl.slot_at_to : kNoSlot);
      if (dist[next] >= 0) continue;
      dist[next] = here + 1;
      if (out[sl.to] < 0) out[sl.to] = here + 1;
      queue.push_back(next);
    }
  };
  visit_exits(dot, in_slot, 0);
  for (size_t head = 0; head < queue.size(); ++head) {
    const int st = queue[head];
    const int d = static_cast<int>(std::upper_bound(state_base_.begin(), state_base_.end(), st) - state_base_.begin()) - 1;
    const int in = st - state_base_[d];
    visit_exits(d, in == degree_[d] ? kNoSlot : in, dist[st]);
  }
}

std::vector<int32_t> Board::distance_matrix(bool corners) const {
  const int n = num_dots();
  std::vector<int32_t> out(static_cast<size_t>(n) * n);
  std::vector<int32_t> scratch(num_states_);
  for (int src = 0; src < n; ++src) {
    int32_t* row = &out[static_cast<size_t>(src) * n];
    walk_distances(src, kNoSlot, corners, scratch, row);
    row[src] = 0;
  }
  return out;
}

void Board::build_step_bounds() {
  const int n = num_dots();
  std::vector<std::vector<int>> next(n);
  for (int d = 0; d < n; ++d) {
    for (int s = 0; s < degree_[d]; ++s) next[d].push_back(slots_[d][s].to);
  }
  std::vector<uint8_t> start(n, 0);
  for (const Setup& st : setups_) {
    for (int k = 0; k < st.num_seats; ++k) start[st.start[k]] = 1;
  }
  for (int d = 0; d < n; ++d) {
    if (!start[d]) continue;
    for (DotId w : warp_ends_) {
      next[d].push_back(w);
      next[w].push_back(d);
    }
  }
  step_bound_.assign(static_cast<size_t>(n) * n, 255);
  std::vector<int> queue(n);
  for (int src = 0; src < n; ++src) {
    uint8_t* row = &step_bound_[static_cast<size_t>(src) * n];
    row[src] = 0;
    int head = 0, tail = 0;
    queue[tail++] = src;
    while (head < tail) {
      const int x = queue[head++];
      if (row[x] >= 254) continue;
      for (int y : next[x]) {
        if (row[y] != 255) continue;
        row[y] = static_cast<uint8_t>(row[x] + 1);
        queue[tail++] = y;
      }
    }
  }
}

void Board::build_states() {
  state_base_.resize(num_dots());
  num_states_ = 0;
  for (int d = 0; d < num_dots(); ++d) {
    state_base_[d] = static_cast<uint16_t>(num_states_);
    num_states_ += degree_[d] + 1;
  }
}

}  // namespace tcbg::x610z
