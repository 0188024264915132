// The structure checks of a board document (docs/board-format.md), as src/tcbg/x610z/board_file.py makes them, and
// the Board built from it. The Board's constructor checks the values; its errors get the file's name here.
#include "tcbg/x610z/board_file.hpp"

#include <functional>
#include <map>
#include <stdexcept>

#include "../core/data_file.hpp"
#include "tcbg/core/error.hpp"

namespace tcbg::x610z {

namespace {

[[noreturn]] void fail(const std::string& file, const std::string& where, const std::string& reason,
                       const char* rule) {
  throw BoardError(file + ": " + where, reason, rule);
}

uint8_t kind_bit(std::string_view name) {
  static const std::pair<std::string_view, uint8_t> kKinds[] = {
      {"start", kStart}, {"end", kEnd}, {"no-attack", kNoAttack}, {"warp", kWarp}, {"quest", kQuest},
      {"white", kWhite}};
  for (const auto& [n, bit] : kKinds) {
    if (n == name) return bit;
  }
  return 0;
}

std::string quoted(const json::Value& v) {
  if (data::is_string(v)) {  // appended, not "'" + ... + "'": GCC 12 warns falsely on that (-Wrestrict, its bug 105329)
    std::string out(1, '\'');
    out.append(v.str()).push_back('\'');
    return out;
  }
  return std::string("a JSON ") + data::type_name(v);
}

// leave_a / leave_b: [dx, dy], two integers, not both zero, each within B5's range. Absent: zero (the straight line).
Vec2 direction(const json::Value& v, const char* field, const std::function<void(const std::string&)>& bad) {
  if (!v.valid() || v.is_null()) return {};  // null is no direction, as in the Python reader
  int64_t d[2] = {0, 0};
  bool ok = v.is_array() && v.size() == 2;
  if (ok) {
    int k = 0;
    for (json::Value e = v.first(); data::in(v, e); e = e.next()) {
      if (!e.is_int()) ok = false;
      else if (!e.int_in(-kMaxDirection, kMaxDirection, d[k])) {
        bad(std::string(field) + ": a direction component must lie from -" + std::to_string(kMaxDirection) +
            " to " + std::to_string(kMaxDirection));
      }
      ++k;
    }
  }
  if (!ok) bad(std::string(field) + " must be a direction [dx, dy] of two integers");
  if (d[0] == 0 && d[1] == 0) bad(std::string(field) + " must be a direction, not [0, 0]");
  return {static_cast<int32_t>(d[0]), static_cast<int32_t>(d[1])};
}

}  // namespace

int BoardFile::setup(std::string_view setup_name) const {
  std::string known;
  for (int i = 0; i < board->num_setups(); ++i) {
    if (board->setup(i).name == setup_name) return i;
    known += (i ? ", " : "") + board->setup(i).name;
  }
  throw BoardError(name + ": setup '" + std::string(setup_name) + "'", "no such setup (known: " + known + ")",
                   "B11");
}

int BoardFile::dot(std::string_view id) const {
  for (int i = 0; i < board->num_dots(); ++i) {
    if (board->dot(i).id == id) return i;
  }
  throw BoardError(name + ": dot '" + std::string(id) + "'", "no dot of this board has this id", "B3");
}

BoardFile parse_board(std::string_view text, const std::string& file, std::optional<Rules> rules) {
  json::Document doc;
  data::parse_json(doc, text, [&](const std::string& r) { fail(file, "board", r, "B1"); });
  const json::Value root = doc.root();
  auto bad_board = [&](const std::string& r) { fail(file, "board", r, "B1"); };
  data::check_fields(root, {"format", "name", "rules", "description", "dots", "lines", "setups"},
                     {"format", "name", "dots", "lines", "setups"}, bad_board);
  if (root.get("format").str() != "tcbg-board/1" || !root.get("format").is_string()) {
    bad_board("format must be 'tcbg-board/1', not " + quoted(root.get("format")));
  }
  BoardFile out;
  const json::Value name = root.get("name");
  if (!name.is_string() || name.str().empty()) bad_board("name must be a non-empty string");
  out.name = std::string(name.str());
  Rules edition = Rules::Existenz;
  if (const json::Value r = root.get("rules"); r.valid()) {
    if (r.is_string() && r.str() == "act1") edition = Rules::Act1;
    else if (!(r.is_string() && r.str() == "existenz")) {
      bad_board("rules must be one of existenz, act1, not " + quoted(r));
    }
  }
  if (rules) edition = *rules;
  if (const json::Value d = root.get("description"); d.valid()) {
    if (!d.is_string()) bad_board("description must be a string");
    out.description = std::string(d.str());
  }
  const json::Value dots = root.get("dots"), lines = root.get("lines"), setups = root.get("setups");
  if (!dots.is_array()) bad_board("dots must be a JSON list");
  if (!lines.is_array()) bad_board("lines must be a JSON list");
  if (!setups.is_object()) bad_board("setups must be a JSON object");

  std::vector<DotSpec> dot_specs;
  std::map<std::string, int, std::less<>> index;
  int i = 0;
  for (json::Value dot = dots.first(); data::in(dots, dot); dot = dot.next(), ++i) {
    std::string label = "dot " + std::to_string(i);
    if (dot.is_object() && data::is_string(dot.get("id"))) label += " '" + std::string(dot.get("id").str()) + "'";
    auto bad_dot = [&](const std::string& r) { fail(file, label, r, "B2"); };
    data::check_fields(dot, {"id", "x", "y", "kinds"}, {"id", "x", "y"}, bad_dot);
    const json::Value id = dot.get("id");
    if (!id.is_string() || id.str().empty()) bad_dot("id must be a non-empty string");
    int64_t xy[2] = {0, 0};
    const char* axes[2] = {"x", "y"};
    for (int a = 0; a < 2; ++a) {
      const json::Value v = dot.get(axes[a]);
      if (!v.is_int()) bad_dot(std::string(axes[a]) + " must be an integer, not " + quoted(v));
      if (!v.int_in(-kMaxCoordinate, kMaxCoordinate, xy[a])) {
        bad_dot("coordinates must lie from -" + std::to_string(kMaxCoordinate) + " to " +
                std::to_string(kMaxCoordinate) + " (" + axes[a] + " is out of range)");
      }
    }
    uint8_t kinds = 0;
    if (const json::Value ks = dot.get("kinds"); ks.valid()) {
      if (!ks.is_array()) bad_dot("kinds must be a list of kind names");
      for (json::Value k = ks.first(); data::in(ks, k); k = k.next()) {
        const uint8_t bit = k.is_string() ? kind_bit(k.str()) : 0;
        if (bit == 0) bad_dot("unknown kind " + quoted(k) + " (known: start, end, no-attack, warp, quest, white)");
        if (kinds & bit) bad_dot("a kind is listed twice");
        kinds |= bit;
      }
    }
    const std::string dot_id(id.str());
    if (const auto it = index.find(dot_id); it != index.end()) {
      fail(file, label, "a dot with this id already exists (dot " + std::to_string(it->second) + ")", "B3");
    }
    index.emplace(dot_id, i);
    dot_specs.push_back({dot_id, static_cast<int32_t>(xy[0]), static_cast<int32_t>(xy[1]), kinds});
  }

  std::vector<LineSpec> line_specs;
  i = 0;
  for (json::Value line = lines.first(); data::in(lines, line); line = line.next(), ++i) {
    std::string label = "line " + std::to_string(i);
    if (line.is_object()) {
      auto end_text = [](const json::Value& v) {
        return data::is_string(v) ? std::string(v.str()) : std::string("None");
      };
      label += " (" + end_text(line.get("a")) + "-" + end_text(line.get("b")) + ")";
    }
    std::function<void(const std::string&)> bad_line = [&](const std::string& r) { fail(file, label, r, "B5"); };
    data::check_fields(line, {"a", "b", "leave_a", "leave_b"}, {"a", "b"}, bad_line);
    int ends[2] = {0, 0};
    const char* names[2] = {"a", "b"};
    for (int e = 0; e < 2; ++e) {
      const json::Value v = line.get(names[e]);
      const auto it = v.is_string() ? index.find(v.str()) : index.end();
      if (it == index.end()) bad_line(std::string(names[e]) + " names no dot of this board: " + quoted(v));
      ends[e] = it->second;
    }
    line_specs.push_back({ends[0], ends[1], direction(line.get("leave_a"), "leave_a", bad_line),
                          direction(line.get("leave_b"), "leave_b", bad_line)});
  }

  std::vector<SetupSpec> setup_specs;
  if (setups.size() == 0) fail(file, "board", "a board needs at least one setup", "B12");
  for (json::Value key = setups.first(); data::in(setups, key); key = key.next().next()) {
    const json::Value setup = key.next();
    const std::string setup_name(key.str());
    auto bad_setup = [&](const std::string& r) { fail(file, "setup '" + setup_name + "'", r, "B11"); };
    if (setup_name.empty()) bad_setup("a setup needs a non-empty name");
    data::check_fields(setup, {"seats", "teams"}, {"seats"}, bad_setup);
    const json::Value seats = setup.get("seats");
    if (!seats.is_array()) bad_setup("seats must be a list of dot ids");
    SetupSpec spec{setup_name, {}, {}};
    for (json::Value s = seats.first(); data::in(seats, s); s = s.next()) {
      const auto it = s.is_string() ? index.find(s.str()) : index.end();
      if (it == index.end()) bad_setup("seat " + quoted(s) + " names no dot of this board");
      spec.seats.push_back(it->second);
    }
    if (const json::Value teams = setup.get("teams"); teams.valid() && !teams.is_null()) {  // null: no teams
      bool ok = teams.is_array();
      // Any JSON integer labels a team; labels become 0, 1, ... in order of first appearance (board.py _dense).
      std::vector<std::string> labels;
      for (json::Value t = teams.first(); ok && data::in(teams, t); t = t.next()) {
        if (!t.is_int()) { ok = false; break; }
        const json::Node& n = t.node();
        // Python's reader takes any integer; one beyond 64 bits is refused here rather than compared wrongly.
        if (n.type == json::Type::BigInt) bad_setup("a team label must be an integer of at most 64 bits");
        const std::string label = (n.negative ? "-" : "") + std::to_string(n.u);
        int dense = 0;
        while (dense < static_cast<int>(labels.size()) && labels[dense] != label) ++dense;
        if (dense == static_cast<int>(labels.size())) labels.push_back(label);
        spec.teams.push_back(dense);
      }
      if (!ok) bad_setup("teams must be a list of integers, one per seat");
    }
    setup_specs.push_back(std::move(spec));
  }

  try {
    out.board = std::make_shared<Board>(std::move(dot_specs), std::move(line_specs), std::move(setup_specs), edition);
  } catch (const BoardError& e) {  // the Board names the dot, line or setup; the file's name goes in front
    throw BoardError(file + ": " + e.where(), e.reason(), e.rule());
  }
  return out;
}

BoardFile load_board(const std::string& path, std::optional<Rules> rules) {
  const std::string text = data::read_file(path, [&](const std::string& r) { fail(path, "board", r, "B1"); });
  return parse_board(text, path, rules);
}

}  // namespace tcbg::x610z
