// A counter-based random generator: the n-th number of a stream is a pure function of (seed, n).
//
// The whole generator state is two integers, so cloning or serializing a game copies it exactly, and the same seed
// and the same actions give the same game on every machine (no platform-dependent distributions: bounded numbers
// use Lemire's multiply-and-reject on 64-bit integers, shuffles are Fisher-Yates with it).
#pragma once

#include <cstdint>
#include <utility>

namespace tcbg {

__extension__ typedef unsigned __int128 uint128;  // GCC and Clang; the product of two 64-bit numbers

// SplitMix64's finaliser: a bijective mix of 64 bits (Steele, Lea, Flood 2014).
constexpr uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

class CounterRng {
 public:
  constexpr CounterRng() = default;
  constexpr explicit CounterRng(uint64_t seed, uint64_t counter = 0) : seed_(seed), counter_(counter) {}

  constexpr uint64_t seed() const { return seed_; }
  constexpr uint64_t counter() const { return counter_; }

  // The number at position `n` of this seed's stream, without moving.
  constexpr uint64_t at(uint64_t n) const { return mix64(mix64(seed_ ^ 0x9E3779B97F4A7C15ULL) + n * 0x9E3779B97F4A7C15ULL); }

  constexpr uint64_t next() { return at(counter_++); }

  // Uniform in [0, bound), bound >= 1 (Lemire 2019, "Fast random integer generation in an interval").
  constexpr uint64_t below(uint64_t bound) {
    uint128 m = static_cast<uint128>(next()) * bound;
    auto low = static_cast<uint64_t>(m);
    if (low < bound) {
      const uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        m = static_cast<uint128>(next()) * bound;
        low = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }

  // Fisher-Yates shuffle of [first, first + count).
  template <class T>
  constexpr void shuffle(T* first, int count) {
    for (int i = count - 1; i > 0; --i) {
      const auto j = static_cast<int>(below(static_cast<uint64_t>(i) + 1));
      std::swap(first[i], first[j]);
    }
  }

  // A seed for an independent sub-stream (a game of a batch, a player's deck), derived from this seed.
  constexpr uint64_t derive(uint64_t index) const { return mix64(mix64(seed_ + 0x632BE59BD9B4E019ULL) ^ mix64(index)); }

 private:
  uint64_t seed_ = 0;
  uint64_t counter_ = 0;
};

}  // namespace tcbg
