// A C++-only use of Z/X deck construction (deck_check.hpp), as a tool linking tcbg_core would do: a legal deck, a
// list that breaks every rule at once, small buffers (the totals still count everything), and no allocation for
// lists of usual size (global operator new is counted around the checks).
#include <array>
#include <cstdio>
#include <vector>

#include "check.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/zx/deck_check.hpp"

#include "counting_new.hpp"

using namespace tcbg::zx;

namespace {

CardDef card(uint16_t name, CardType type, bool ignition = false, uint16_t keywords = 0) {
  CardDef c;
  c.name_id = name;
  c.type = type;
  c.ignition = ignition;
  c.keywords = keywords;
  c.colours = kRed;
  c.cost = 3;
  c.power = type == CardType::ZX ? 5000 : 0;
  return c;
}

}  // namespace

int main() {
  // pool: 0-4 Ignition Z/X, 5 Life Recovery, 6 Void Bringer, 7-14 plain Z/X, 15 Player, 16 Player Extra,
  // 17 Z/X Extra, 18 sealed, 19 legend, 20 a reprint of 7 (same name)
  std::vector<CardDef> pool;
  for (uint16_t i = 0; i < 5; ++i) pool.push_back(card(1 + i, CardType::ZX, true));
  pool.push_back(card(6, CardType::ZX, true, kLifeRecovery));
  pool.push_back(card(7, CardType::ZX, true, kVoidBringer));
  for (uint16_t i = 0; i < 8; ++i) pool.push_back(card(8 + i, CardType::ZX));
  pool.push_back(card(16, CardType::Player));
  pool.push_back(card(17, CardType::PlayerExtra));
  pool.push_back(card(18, CardType::ZXExtra));
  CardDef sealed = card(19, CardType::ZX);
  sealed.sealed = true;
  pool.push_back(sealed);
  CardDef legend = card(20, CardType::ZX);
  legend.legend = true;
  pool.push_back(legend);
  pool.push_back(card(8, CardType::ZX));  // 20: same name as 7

  // legal: 4 x 0-3, 2 x LR, 2 x VB (20 Ignition); 4 x 7-13, 2 x 14 (30)
  std::vector<DeckEntry> deck{{0, 4}, {1, 4}, {2, 4}, {3, 4}, {5, 2}, {6, 2}};
  for (uint16_t i = 7; i < 14; ++i) deck.push_back({i, 4});
  deck.push_back({14, 2});
  std::vector<DeckEntry> apart{{15, 1}, {16, 1}};
  DeckList list{pool, deck, {}, apart};
  std::array<DeckViolation, 16> found;
  std::array<uint16_t, 64> cited;
  long before = g_allocations.load();
  DeckCheckTotals t = check_deck(list, found, cited);
  CHECK(g_allocations.load() == before, "a check allocates nothing");
  CHECK(t.violations == 0 && t.cited == 0, "the legal deck is legal");

  // every rule at once
  std::vector<DeckEntry> bad{{5, 5}, {6, 5}, {7, 3}, {20, 3}, {15, 1}, {18, 1}, {19, 2}};
  std::vector<DeckEntry> dynamis{{17, 5}, {7, 12}};
  std::vector<DeckEntry> two_each{{15, 2}, {16, 2}, {0, 1}};
  DeckList all{pool, bad, dynamis, two_each};
  std::array<DeckViolation, 32> many;
  std::array<uint16_t, 128> many_cited;
  t = check_deck(all, many, many_cited);
  const DeckRule want[] = {DeckRule::kDeckSize, DeckRule::kSameName, DeckRule::kSameName, DeckRule::kSameName,
                           DeckRule::kLifeRecovery, DeckRule::kVoidBringer, DeckRule::kIgnition,
                           DeckRule::kDeckType, DeckRule::kPlayerCards, DeckRule::kPreparedExtra,
                           DeckRule::kPreparedType, DeckRule::kDynamisSize, DeckRule::kDynamisType,
                           DeckRule::kDynamisSameName, DeckRule::kDynamisSameName, DeckRule::kSealed,
                           DeckRule::kLegend};
  CHECK(t.violations == std::size(want), "every rule reported");
  for (std::size_t i = 0; i < std::size(want) && i < t.violations; ++i) CHECK(many[i].rule == want[i], "rule order");
  // 401.2 for names 6, 7 and 8 (cards 5, 6, and 7 with its reprint 20)
  CHECK(many[3].found == 6 && many[3].cards_count == 2 && many_cited[many[3].cards_begin] == 7 &&
             many_cited[many[3].cards_begin + 1] == 20, "a reprint counts with its name");
  CHECK(std::string(deck_rule_number(many[0].rule)) == "401.1a" && many[0].found == 20, "401.1a found");
  CHECK(many[11].section == DeckSection::kDynamis && many[11].found == 17, "401.8a");
  CHECK(t.violations <= max_violations(all) && t.cited <= max_cited_cards(all), "bounds hold");

  // buffers too small: the totals still count everything, what fits is written
  std::array<DeckViolation, 2> two;
  std::array<uint16_t, 1> one;
  DeckCheckTotals small = check_deck(all, two, one);
  CHECK(small.violations == t.violations && small.cited == t.cited, "totals past the buffers");
  CHECK(two[1].cards_count == 1 && two[0].cards_count == 0, "only what fits is cited");

  bool threw = false;
  std::vector<DeckEntry> outside{{99, 1}};
  try {
    check_deck(DeckList{pool, outside, {}, {}}, found, cited);
  } catch (const tcbg::GameError&) {
    threw = true;
  }
  CHECK(threw, "an index outside the pool is a GameError");

  return tcbg_test::report("zx deck check");
}
