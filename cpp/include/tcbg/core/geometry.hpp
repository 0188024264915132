// Exact integer plane geometry: directions are integer vectors, angles are compared by the sign of a dot product.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <numeric>

namespace tcbg {

struct Vec2 {
  int32_t x = 0;
  int32_t y = 0;
  constexpr bool is_zero() const { return x == 0 && y == 0; }
  constexpr Vec2 operator-() const { return {-x, -y}; }
  friend constexpr bool operator==(Vec2, Vec2) = default;
};

// Components are bounded by the board format (|c| <= 2,000,000), so the product fits easily in 64 bits.
constexpr int64_t dot(Vec2 a, Vec2 b) { return int64_t{a.x} * b.x + int64_t{a.y} * b.y; }

// The same direction reduced to lowest terms: (4, -2) -> (2, -1). Zero stays zero.
inline Vec2 primitive(Vec2 v) {
  const int32_t g = std::gcd(std::abs(v.x), std::abs(v.y));
  return g == 0 ? v : Vec2{v.x / g, v.y / g};
}

// Order used when listing headings: lexicographic on (x, y).
constexpr bool heading_less(Vec2 a, Vec2 b) { return a.x != b.x ? a.x < b.x : a.y < b.y; }

}  // namespace tcbg
