// Reading tcbg's data files (boards, card sets, deck lists) from C++: the whole file as bytes, and the JSON
// document's shape checks the loaders share. Internal to the core's sources (not an installed header).
#pragma once

#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <filesystem>

#include "tcbg/core/json.hpp"

namespace tcbg::data {

// The file's bytes; `fail(reason)` (which throws the loader's typed error) when it cannot be read.
template <class Fail>
std::string read_file(const std::string& path, Fail&& fail) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) fail("is a folder, not a data file");
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(std::filesystem::exists(path, ec) ? "cannot be read" : "no such file");
  std::ostringstream out;
  out << in.rdbuf();
  if (in.bad()) fail("cannot be read");
  return std::move(out).str();
}

// Parses `text` into `doc`; on failure `fail(reason)` with the parser's words and place (the Python readers'
// "not valid JSON: ... at line L column C").
template <class Fail>
void parse_json(json::Document& doc, std::string_view text, Fail&& fail) {
  if (!doc.parse(text)) {
    fail("not valid JSON: " + doc.error() + " at line " + std::to_string(doc.error_line()) + " column " +
         std::to_string(doc.error_column()));
  }
}

// Whether `v` is present and a string: Value::get gives an invalid Value for a missing member, which has no type.
inline bool is_string(const json::Value& v) { return v.valid() && v.is_string(); }

inline const char* type_name(const json::Value& v) {
  if (!v.valid()) return "nothing";
  switch (v.type()) {
    case json::Type::Null: return "null";
    case json::Type::False:
    case json::Type::True: return "bool";
    case json::Type::Int:
    case json::Type::BigInt: return "int";
    case json::Type::Float: return "float";
    case json::Type::String: return "str";
    case json::Type::Array: return "list";
    default: return "dict";
  }
}

// `v` is an object with every `required` field and no field outside `allowed` (_jsonfile.check_fields).
template <class Fail>
void check_fields(const json::Value& v, std::initializer_list<std::string_view> allowed,
                  std::initializer_list<std::string_view> required, Fail&& fail) {
  if (!v.is_object()) fail(std::string("must be a JSON object, not ") + type_name(v));
  for (std::string_view key : required) {
    if (!v.has(key)) fail("the field '" + std::string(key) + "' is missing");
  }
  for (json::Value key = v.first(); key.index() < v.node().next; key = key.next().next()) {
    bool known = false;
    for (std::string_view a : allowed) known = known || a == key.str();
    if (!known) {
      std::string list;
      for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      fail("unknown field '" + std::string(key.str()) + "' (allowed: " + list + ")");
    }
  }
}

// Iterating an array's elements: for (auto e = first(a); in(a, e); e = e.next()).
inline bool in(const json::Value& container, const json::Value& child) {
  return child.index() < container.node().next;
}

}  // namespace tcbg::data
