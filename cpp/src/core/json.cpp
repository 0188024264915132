// The strict JSON reader (tcbg/core/json.hpp): one pass over the text, no recursion (the nesting depth is a
// counter), nodes appended to the document's array.
#include "tcbg/core/json.hpp"

#include <locale.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace tcbg::json {

bool Value::int_in(int64_t lo, int64_t hi, int64_t& out) const {
  const Node& n = doc_->node(index_);
  if (n.type != Type::Int) return false;
  if (n.negative) {
    if (n.u > (uint64_t{1} << 63)) return false;
    out = n.u == (uint64_t{1} << 63) ? INT64_MIN : -static_cast<int64_t>(n.u);
  } else {
    if (n.u > static_cast<uint64_t>(INT64_MAX)) return false;
    out = static_cast<int64_t>(n.u);
  }
  return lo <= out && out <= hi;
}

bool Value::uint64(uint64_t& out) const {
  const Node& n = doc_->node(index_);
  if (n.type != Type::Int || n.negative) return false;
  out = n.u;
  return true;
}

double Value::as_double() const {
  const Node& n = doc_->node(index_);
  if (n.type == Type::Float) return n.f;
  if (n.type == Type::Int) return n.negative ? -static_cast<double>(n.u) : static_cast<double>(n.u);
  return 0.0;
}

Value Value::get(std::string_view key) const {
  const Node& n = doc_->node(index_);
  if (n.type != Type::Object) return {};
  uint32_t k = index_ + 1;
  for (uint32_t m = 0; m < n.len; ++m) {
    const Node& kn = doc_->node(k);
    if (kn.len == key.size() && std::memcmp(kn.s, key.data(), key.size()) == 0) {
      return Value(doc_, k + 1);
    }
    k = doc_->node(k + 1).next;
  }
  return {};
}

class Parser {
 public:
  Parser(Document& d, std::string_view text, const Limits& limits)
      : d_(d), begin_(text.data()), p_(text.data()), end_(text.data() + text.size()), limits_(limits) {}

  bool run() {
    d_.nodes_.clear();
    d_.strings_.clear();
    d_.strings_.reserve(static_cast<size_t>(end_ - begin_));  // decoding never lengthens a string
    d_.stack_.clear();
    d_.error_.clear();
    bool want_value = true;
    for (;;) {
      if (want_value) {
        ws();
        if (p_ == end_) return fail("expecting a value");
        const char ch = *p_;
        if (ch == '{' || ch == '[') {
          if (static_cast<int>(d_.stack_.size()) >= limits_.max_depth) return fail("nested too deeply");
          const uint32_t index = add(ch == '{' ? Type::Object : Type::Array);
          d_.stack_.push_back(index);
          ++p_;
          ws();
          if (p_ < end_ && *p_ == (ch == '{' ? '}' : ']')) {
            ++p_;
            if (!close()) return false;
            want_value = false;
          } else if (ch == '{') {
            if (!member()) return false;
          } else {
            ++d_.nodes_[index].len;
          }
          continue;
        }
        if (!scalar()) return false;
        want_value = false;
      }
      if (d_.stack_.empty()) break;
      ws();
      if (p_ == end_) return fail("the text ends inside an array or object");
      const bool object = d_.nodes_[d_.stack_.back()].type == Type::Object;
      if (*p_ == ',') {
        ++p_;
        if (object) {
          if (!member()) return false;
        } else {
          ++d_.nodes_[d_.stack_.back()].len;
        }
        want_value = true;
      } else if (*p_ == (object ? '}' : ']')) {
        ++p_;
        if (!close()) return false;
      } else {
        return fail(object ? "expecting ',' or '}'" : "expecting ',' or ']'");
      }
    }
    ws();
    if (p_ != end_) return fail("extra data after the value");
    return true;
  }

 private:
  void ws() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  bool fail(const char* what) {
    d_.error_ = what;
    d_.error_offset_ = static_cast<size_t>(p_ - begin_);
    d_.error_line_ = 1;
    const char* line_start = begin_;
    for (const char* q = begin_; q < p_; ++q) {
      if (*q == '\n') {
        ++d_.error_line_;
        line_start = q + 1;
      }
    }
    d_.error_column_ = static_cast<int>(p_ - line_start) + 1;
    return false;
  }

  uint32_t add(Type type) {
    const uint32_t index = static_cast<uint32_t>(d_.nodes_.size());
    d_.nodes_.emplace_back();
    d_.nodes_.back().type = type;
    d_.nodes_.back().next = index + 1;
    return index;
  }

  // An object member's key and colon; the value is parsed next.
  bool member() {
    ++d_.nodes_[d_.stack_.back()].len;
    ws();
    if (p_ == end_ || *p_ != '"') return fail("expecting a key (a string in double quotes)");
    if (!string()) return false;
    ws();
    if (p_ == end_ || *p_ != ':') return fail("expecting ':' after a key");
    ++p_;
    return true;
  }

  bool close() {
    const uint32_t index = d_.stack_.back();
    d_.stack_.pop_back();
    Node& n = d_.nodes_[index];
    n.next = static_cast<uint32_t>(d_.nodes_.size());
    if (n.type == Type::Object && n.len > 1) return unique_keys(index);
    return true;
  }

  bool unique_keys(uint32_t index) {
    const uint32_t count = d_.nodes_[index].len;
    auto& keys = d_.keys_;
    keys.clear();
    uint32_t k = index + 1;
    for (uint32_t m = 0; m < count; ++m) {
      const Node& kn = d_.nodes_[k];
      keys.emplace_back(kn.s, kn.len);
      k = d_.nodes_[k + 1].next;
    }
    const std::string_view* twice = nullptr;
    if (count <= 12) {  // the usual object: compare pairs
      for (uint32_t a = 1; a < count && !twice; ++a) {
        for (uint32_t b = 0; b < a; ++b) {
          if (keys[a] == keys[b]) {
            twice = &keys[a];
            break;
          }
        }
      }
    } else {
      std::sort(keys.begin(), keys.end());
      const auto it = std::adjacent_find(keys.begin(), keys.end());
      if (it != keys.end()) twice = &*it;
    }
    if (twice == nullptr) return true;
    const std::string key(*twice);
    fail("");
    d_.error_ = "the key \"" + key + "\" twice in one object";
    return false;
  }

  bool scalar() {
    const char ch = *p_;
    if (ch == '"') return string();
    if (ch == '-' || (ch >= '0' && ch <= '9')) return number();
    if (literal("true")) return add(Type::True), true;
    if (literal("false")) return add(Type::False), true;
    if (literal("null")) return add(Type::Null), true;
    if (literal("NaN") || literal("Infinity")) return fail("NaN and Infinity are not JSON numbers");
    return fail("expecting a value");
  }

  bool literal(const char* word) {
    const size_t n = std::strlen(word);
    if (static_cast<size_t>(end_ - p_) < n || std::memcmp(p_, word, n) != 0) return false;
    p_ += n;
    return true;
  }

  static bool digit(char c) { return c >= '0' && c <= '9'; }

  bool number() {
    const char* start = p_;
    bool negative = false;
    if (*p_ == '-') {
      negative = true;
      ++p_;
      if (p_ < end_ && *p_ == 'I') return fail("NaN and Infinity are not JSON numbers");
    }
    if (p_ == end_ || !digit(*p_)) return fail("expecting a value");
    const char* digits = p_;
    if (*p_ == '0') {
      ++p_;
    } else {
      while (p_ < end_ && digit(*p_)) ++p_;
    }
    const char* int_end = p_;
    bool fractional = false;
    if (p_ < end_ && *p_ == '.' && p_ + 1 < end_ && digit(p_[1])) {
      fractional = true;
      p_ += 2;
      while (p_ < end_ && digit(*p_)) ++p_;
    }
    if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
      const char* q = p_ + 1;
      if (q < end_ && (*q == '+' || *q == '-')) ++q;
      if (q < end_ && digit(*q)) {
        fractional = true;
        p_ = q;
        while (p_ < end_ && digit(*p_)) ++p_;
      }
    }
    if (!fractional) {
      const size_t count = static_cast<size_t>(int_end - digits);
      if (count > static_cast<size_t>(limits_.max_int_digits)) {
        p_ = start;
        return fail("an integer of more digits than allowed");
      }
      uint64_t value = 0;
      bool big = false;
      for (const char* q = digits; q < int_end; ++q) {
        const uint64_t d = static_cast<uint64_t>(*q - '0');
        if (value > (UINT64_MAX - d) / 10) {
          big = true;
          break;
        }
        value = value * 10 + d;
      }
      const uint32_t index = add(big ? Type::BigInt : Type::Int);
      Node& n = d_.nodes_[index];
      n.negative = negative && (big || value != 0);
      if (big) {
        n.len = static_cast<uint32_t>(count);
      } else {
        n.u = value;
      }
      return true;
    }
    // Locale-independent: strtod_l in the "C" locale, on a terminated copy (floats are rare in tcbg's formats).
    static locale_t c_locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(0));
    number_.assign(start, p_);
    const double value = strtod_l(number_.c_str(), nullptr, c_locale);
    if (!std::isfinite(value)) {
      p_ = start;
      return fail("a number too large for a double (not finite)");
    }
    const uint32_t index = add(Type::Float);
    d_.nodes_[index].f = value;
    return true;
  }

  void put_utf8(uint32_t cp) {
    std::string& s = d_.strings_;
    if (cp < 0x80) {
      s.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      s.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      s.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      s.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      s.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      s.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      s.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }

  bool hex4(uint32_t& out) {
    if (end_ - p_ < 4) return fail("a \\u escape needs four hex digits");
    out = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = p_[k];
      out <<= 4;
      if (c >= '0' && c <= '9') out |= static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') out |= static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') out |= static_cast<uint32_t>(c - 'A' + 10);
      else return fail("a \\u escape needs four hex digits");
    }
    p_ += 4;
    return true;
  }

  // The length of the well-formed UTF-8 sequence at p_ (RFC 3629: no overlong forms, no surrogates, at most
  // U+10FFFF), 0 if it is not one.
  size_t utf8_length() const {
    const auto* s = reinterpret_cast<const unsigned char*>(p_);
    const size_t left = static_cast<size_t>(end_ - p_);
    auto cont = [&](size_t k) { return k < left && (s[k] & 0xC0) == 0x80; };
    if (s[0] >= 0xC2 && s[0] <= 0xDF) return cont(1) ? 2 : 0;
    if (s[0] >= 0xE0 && s[0] <= 0xEF) {
      if (!cont(1) || !cont(2)) return 0;
      if (s[0] == 0xE0 && s[1] < 0xA0) return 0;   // overlong
      if (s[0] == 0xED && s[1] >= 0xA0) return 0;  // a surrogate
      return 3;
    }
    if (s[0] >= 0xF0 && s[0] <= 0xF4) {
      if (!cont(1) || !cont(2) || !cont(3)) return 0;
      if (s[0] == 0xF0 && s[1] < 0x90) return 0;  // overlong
      if (s[0] == 0xF4 && s[1] >= 0x90) return 0;  // beyond U+10FFFF
      return 4;
    }
    return 0;
  }

  // Bytes a string's plain run stops at: the quote, the backslash, control characters and non-ASCII bytes.
  static const bool* stops() {
    static const auto table = [] {
      std::array<bool, 256> t{};
      for (int c = 0; c < 256; ++c) t[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80;
      return t;
    }();
    return table.data();
  }

  bool string() {
    ++p_;  // the opening quote
    const uint32_t index = add(Type::String);
    const bool* stop = stops();
    const char* start = p_;
    while (p_ < end_ && !stop[static_cast<unsigned char>(*p_)]) ++p_;
    if (p_ < end_ && *p_ == '"') {  // the usual string: plain ASCII, kept where it is in the text
      d_.nodes_[index].s = start;
      d_.nodes_[index].len = static_cast<uint32_t>(p_ - start);
      ++p_;
      return true;
    }
    std::string& s = d_.strings_;
    const size_t off = s.size();
    s.append(start, p_);
    for (;;) {
      const char* run = p_;
      while (p_ < end_ && !stop[static_cast<unsigned char>(*p_)]) ++p_;
      s.append(run, p_);
      if (p_ == end_) return fail("the text ends inside a string");
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        ++p_;
        break;
      }
      if (c < 0x20) return fail("a control character in a string (escape it)");
      if (c >= 0x80) {
        const size_t n = utf8_length();
        if (n == 0) return fail("not UTF-8 text");
        s.append(p_, n);
        p_ += n;
        continue;
      }
      ++p_;  // the backslash
      if (p_ == end_) return fail("the text ends inside a string");
      const char e = *p_++;
      switch (e) {
        case '"': s.push_back('"'); break;
        case '\\': s.push_back('\\'); break;
        case '/': s.push_back('/'); break;
        case 'b': s.push_back('\b'); break;
        case 'f': s.push_back('\f'); break;
        case 'n': s.push_back('\n'); break;
        case 'r': s.push_back('\r'); break;
        case 't': s.push_back('\t'); break;
        case 'u': {
          uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xDC00 && cp <= 0xDFFF) return fail("a lone UTF-16 surrogate in a \\u escape");
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            uint32_t low = 0;
            if (end_ - p_ < 2 || p_[0] != '\\' || p_[1] != 'u') return fail("a lone UTF-16 surrogate in a \\u escape");
            p_ += 2;
            if (!hex4(low)) return false;
            if (low < 0xDC00 || low > 0xDFFF) return fail("a lone UTF-16 surrogate in a \\u escape");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          put_utf8(cp);
          break;
        }
        default:
          --p_;
          return fail("an invalid escape in a string");
      }
    }
    Node& n = d_.nodes_[index];
    n.s = s.data() + off;
    n.len = static_cast<uint32_t>(s.size() - off);
    return true;
  }

  Document& d_;
  const char* begin_;
  const char* p_;
  const char* end_;
  Limits limits_;
  std::string number_;
};

bool Document::parse(std::string_view text, const Limits& limits) {
  return Parser(*this, text, limits).run();
}

}  // namespace tcbg::json
