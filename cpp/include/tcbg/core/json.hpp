// A small, strict JSON reader shared by the games' position readers (RFC 8259 text, UTF-8).
//
// A parse fills a flat array of nodes, in document order, with no allocation per value: a container's node is
// followed by its children (an object's by key, value, key, value, ...) and records where its subtree ends, so
// walking a document is walking an array. A string without escapes is a view into the parsed text (which must
// outlive the values read from it); decoded ones live in one buffer of the document. A Document is reused from
// parse to parse (its arrays keep their capacity), which is what makes reading many small documents cheap.
//
// Strict where Python's json module is lenient, with the same limits as tcbg's Python reader
// (src/tcbg/_jsonfile.py): no NaN or Infinity (nor a number too large for a double), integers of at most
// Limits::max_int_digits digits, nesting at most Limits::max_depth deep, no key twice in one object (the
// position formats refuse repeated keys), no unescaped control character in a string, no lone UTF-16 surrogate
// (UTF-8 cannot carry one), well-formed UTF-8 only. A parse that fails says why and where (byte offset, line and
// column).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tcbg::json {

enum class Type : uint8_t { Null, False, True, Int, BigInt, Float, String, Array, Object };

struct Limits {
  int max_depth = 512;        // containers inside containers
  int max_int_digits = 4300;  // Python's int() limit (sys.get_int_max_str_digits), as _jsonfile.py
};

// One value. Int: `u` is the magnitude, `negative` its sign (it fits uint64; -0 is 0). BigInt: an integer beyond
// uint64, `len` its digit count. Float: `f`. String: `len` bytes at `s`, in the parsed text itself when it has no
// escape, else in the document's buffer. Array / Object: `len` is the number of elements / members. Every node
// has `next`, the index after its subtree.
struct Node {
  Type type = Type::Null;
  bool negative = false;
  uint32_t len = 0;
  uint32_t next = 0;
  union {
    uint64_t u;
    double f;
    const char* s;
  };
  Node() : u(0) {}
};

class Document;

// A view of one node of a document; cheap to copy. Valid while the document is not parsed again.
class Value {
 public:
  Value() = default;
  Value(const Document* doc, uint32_t index) : doc_(doc), index_(index) {}
  bool valid() const { return doc_ != nullptr; }
  Type type() const;
  bool is_null() const { return type() == Type::Null; }
  bool is_bool() const { return type() == Type::True || type() == Type::False; }
  bool is_int() const { return type() == Type::Int || type() == Type::BigInt; }
  bool is_string() const { return type() == Type::String; }
  bool is_array() const { return type() == Type::Array; }
  bool is_object() const { return type() == Type::Object; }
  bool as_bool() const { return type() == Type::True; }
  // Whether the value is an integer from lo to hi (a BigInt never is); the integer in `out`.
  bool int_in(int64_t lo, int64_t hi, int64_t& out) const;
  bool uint64(uint64_t& out) const;  // an integer from 0 to 2^64 - 1
  double as_double() const;
  std::string_view str() const;  // a string's decoded UTF-8 text; empty for other types
  uint32_t size() const;        // elements of an array, members of an object, else 0
  // An object's member by key (an invalid Value when missing or not an object). Linear: position objects are small.
  Value get(std::string_view key) const;
  bool has(std::string_view key) const { return get(key).valid(); }
  // Iteration: first child (an element, or an object's first key), and the node after this one's subtree.
  Value first() const { return Value(doc_, index_ + 1); }
  Value next() const;
  uint32_t index() const { return index_; }
  const Node& node() const;

 private:
  const Document* doc_ = nullptr;
  uint32_t index_ = 0;
};

class Document {
 public:
  // Parses `text`; false on any failure, with error() and error_offset() saying why and where. The previous
  // document's values are invalid after a parse.
  bool parse(std::string_view text, const Limits& limits = Limits{});
  Value root() const { return Value(this, 0); }
  const std::string& error() const { return error_; }
  size_t error_offset() const { return error_offset_; }
  int error_line() const { return error_line_; }      // 1-based
  int error_column() const { return error_column_; }  // 1-based, in bytes
  const Node& node(uint32_t i) const { return nodes_[i]; }

 private:
  friend class Parser;
  std::vector<Node> nodes_;
  std::string strings_;  // decoded strings with escapes; reserved to the text's size, so it never moves
  std::vector<uint32_t> stack_;  // open containers while parsing
  std::vector<std::string_view> keys_;  // an object's keys, to find one given twice
  std::string error_;
  size_t error_offset_ = 0;
  int error_line_ = 0, error_column_ = 0;
};

inline Type Value::type() const { return doc_->node(index_).type; }
inline const Node& Value::node() const { return doc_->node(index_); }
inline Value Value::next() const { return Value(doc_, doc_->node(index_).next); }
inline uint32_t Value::size() const {
  const Node& n = doc_->node(index_);
  return n.type == Type::Array || n.type == Type::Object ? n.len : 0;
}
inline std::string_view Value::str() const {
  const Node& n = doc_->node(index_);
  if (n.type != Type::String) return {};
  return std::string_view(n.s, n.len);
}

}  // namespace tcbg::json
