// Z/X deck construction (CR 401, docs/zx/rules.md section 4): a validator that reports every rule a deck list
// breaks, not the first, each with the rule, the numbers found and allowed, and the cards involved.
//
// Input: a pool of CardDef (a card set, CardSet.to_core() in Python) and three lists of (pool index, count): the
// deck, the Dynamis and the cards prepared apart from the deck (the Player card, a Player Extra or the lower part
// of a Z/X Overboost). Output: into buffers the caller owns (no allocation for lists of up to 128 entries a
// section), so a C++ tool can check millions of lists; the totals returned say how many violations and cited cards
// there were, even past the buffers' sizes, so a caller can size them exactly (max_violations, max_cited_cards).
//
//   std::array<DeckViolation, 16> found;
//   std::array<uint16_t, 128> cited;
//   DeckCheckTotals t = check_deck(list, found, cited);  // t.violations == 0: the deck is legal
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "tcbg/zx/card.hpp"

namespace tcbg::zx {

// The rules, in the order check_deck reports them.
enum class DeckRule : uint8_t {
  kDeckSize = 0,        // 401.1a exactly 50 cards in the deck
  kSameName = 1,        // 401.2 at most 4 of one name in the deck (one violation per name)
  kLifeRecovery = 2,    // 401.3 at most 4 with Life Recovery
  kVoidBringer = 3,     // 401.4 at most 4 with Void Bringer
  kIgnition = 4,        // 401.5 exactly 20 with the Ignition icon (Life Recovery and Void Bringer included, Z4.2)
  kDeckType = 5,        // 401.6 only Z/X and Event cards in the deck
  kPlayerCards = 6,     // 401.7 at most one Player card apart from the deck
  kPreparedExtra = 7,   // 401.7 at most one Player Extra or Z/X Overboost (lower part) apart from the deck
  kPreparedType = 8,    // 401.7 nothing else apart from the deck (Z4.7)
  kDynamisSize = 9,     // 401.8a at most 16 cards in the Dynamis
  kDynamisType = 10,    // 401.9 only Z/X Extra, Z/X Overboost (upper part), Shift, Event Extra in the Dynamis
  kDynamisSameName = 11,  // 401.10 at most 4 of one name in the Dynamis (one violation per name)
  kSealed = 12,         // Z4.4 a sealed card (Seal God designation) nowhere in the list
  kLegend = 13,         // Z4.5 at most one copy of a legend card's name in the whole list (one violation per name)
};
inline constexpr int kNumDeckRules = 14;

// The rule's number in docs/zx/rules.md ("401.1a", "Z4.4", ...).
const char* deck_rule_number(DeckRule rule) noexcept;

enum class DeckSection : uint8_t { kDeck = 0, kDynamis = 1, kApart = 2 };

inline constexpr int kDeckSize = 50;         // 401.1a
inline constexpr int kMaxSameName = 4;       // 401.2, 401.10
inline constexpr int kMaxLifeRecovery = 4;   // 401.3
inline constexpr int kMaxVoidBringer = 4;    // 401.4
inline constexpr int kIgnitionCards = 20;    // 401.5
inline constexpr int kMaxPlayerCards = 1;    // 401.7
inline constexpr int kMaxPreparedExtra = 1;  // 401.7
inline constexpr int kMaxDynamis = 16;       // 401.8a
inline constexpr int kMaxLegend = 1;         // Z4.5

struct DeckEntry {
  uint16_t card = 0;   // index in the pool
  uint16_t count = 0;  // copies
};

struct DeckList {
  std::span<const CardDef> pool;
  std::span<const DeckEntry> deck;
  std::span<const DeckEntry> dynamis;
  std::span<const DeckEntry> apart;
};

struct DeckViolation {
  DeckRule rule = DeckRule::kDeckSize;
  DeckSection section = DeckSection::kDeck;  // for Z4.4 and Z4.5, the first section holding a cited card
  uint32_t cards_begin = 0;  // the cited cards are cited[cards_begin, cards_begin + cards_count): pool indices
  uint32_t cards_count = 0;  // (the part that fits in the caller's buffer; in list order)
  int32_t found = 0;         // the number the rule counts (cards in the deck, copies of the name, ...)
  int32_t limit = 0;         // what it allows: the maximum, or the exact number for 401.1a and 401.5
};
static_assert(std::is_trivially_copyable_v<DeckViolation>);

struct DeckCheckTotals {
  uint32_t violations = 0;  // every violation, also those past the violations buffer
  uint32_t cited = 0;       // every cited card, also those past the cited buffer
};

// Every rule the list breaks, in DeckRule order (per-name rules in the order of each name's first entry). Throws
// tcbg::GameError when an entry's card is not in the pool, a count is 0, or a section has more than 65535 entries.
DeckCheckTotals check_deck(const DeckList& list, std::span<DeckViolation> violations, std::span<uint16_t> cited);

// Buffer sizes that always suffice for `list` (each entry is cited by at most 7 rules, and a per-name rule
// reports at most one violation per entry).
inline std::size_t max_violations(const DeckList& list) {
  return 11 + list.deck.size() + list.dynamis.size() + list.deck.size() + list.dynamis.size() + list.apart.size();
}
inline std::size_t max_cited_cards(const DeckList& list) {
  return 7 * (list.deck.size() + list.dynamis.size() + list.apart.size());
}

}  // namespace tcbg::zx
