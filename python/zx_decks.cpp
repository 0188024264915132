// Bindings of Z/X deck construction (cpp/include/tcbg/zx/deck_check.hpp): a DeckChecker holds a card set's
// CardDef records (CardSet.to_core()) and checks lists of (card index, count) against CR 401. tcbg.zx.decks builds
// the messages; this file only moves numbers.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "tcbg/core/error.hpp"
#include "tcbg/zx/card.hpp"
#include "tcbg/zx/deck_check.hpp"

namespace py = pybind11;
using namespace tcbg::zx;

namespace {

using CardTuple = std::tuple<long long, long long, long long, long long, long long, long long, long long, bool, bool,
                             bool>;

long long in_range(long long v, long long lo, long long hi, std::size_t index, const char* field) {
  if (v < lo || v > hi) {
    throw tcbg::GameError("cards[" + std::to_string(index) + "]." + field,
                          std::to_string(v) + " is not from " + std::to_string(lo) + " to " + std::to_string(hi),
                          "docs/zx/card-data.md");
  }
  return v;
}

CardDef to_def(const CardTuple& t, std::size_t i) {
  CardDef d;
  d.name_id = static_cast<uint16_t>(in_range(std::get<0>(t), 0, 65535, i, "name_id"));
  d.race_id = static_cast<uint16_t>(in_range(std::get<1>(t), 0, 65535, i, "race_id"));
  d.type = static_cast<CardType>(in_range(std::get<2>(t), 0, kNumCardTypes - 1, i, "type"));
  d.colours = static_cast<uint8_t>(in_range(std::get<3>(t), 0, (1 << kNumColours) - 1, i, "colours"));
  d.cost = static_cast<int16_t>(in_range(std::get<4>(t), kInfiniteCost, 32767, i, "cost"));
  d.power = static_cast<int32_t>(in_range(std::get<5>(t), -2147483647LL, 2147483647LL, i, "power"));
  d.keywords = static_cast<uint16_t>(in_range(std::get<6>(t), 0, 127, i, "keywords"));
  d.ignition = std::get<7>(t);
  d.sealed = std::get<8>(t);
  d.legend = std::get<9>(t);
  return d;
}

struct DeckChecker {
  std::vector<CardDef> pool;
};

std::vector<DeckEntry> entries(const DeckChecker& checker, const std::vector<std::pair<long long, long long>>& in,
                               const char* section) {
  std::vector<DeckEntry> out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const auto& [card, count] = in[i];
    const std::string where = std::string(section) + "[" + std::to_string(i) + "]";
    if (card < 0 || static_cast<std::size_t>(card) >= checker.pool.size()) {
      throw tcbg::GameError(where, "card index " + std::to_string(card) + " is not in the pool of " +
                                       std::to_string(checker.pool.size()) + " cards", "docs/zx/deck-format.md");
    }
    if (count < 1 || count > 65535) {
      throw tcbg::GameError(where, "count " + std::to_string(count) + " is not from 1 to 65535",
                            "docs/zx/deck-format.md");
    }
    out.push_back({static_cast<uint16_t>(card), static_cast<uint16_t>(count)});
  }
  return out;
}

}  // namespace

void bind_zx_decks(py::module_& m) {
  py::class_<DeckChecker>(m, "DeckChecker",
                          "The deck construction validator over one card set's CardDef tuples (CardSet.to_core()).")
      .def(py::init([](const std::vector<CardTuple>& cards) {
             if (cards.size() > 65535) throw tcbg::GameError("cards", "more than 65535 cards", "docs/zx/card-data.md");
             DeckChecker c;
             c.pool.reserve(cards.size());
             for (std::size_t i = 0; i < cards.size(); ++i) c.pool.push_back(to_def(cards[i], i));
             return c;
           }),
           py::arg("cards"))
      .def_property_readonly("size", [](const DeckChecker& c) { return c.pool.size(); })
      .def(
          "check",
          [](const DeckChecker& c, const std::vector<std::pair<long long, long long>>& deck,
             const std::vector<std::pair<long long, long long>>& dynamis,
             const std::vector<std::pair<long long, long long>>& apart) {
            auto d = entries(c, deck, "deck"), y = entries(c, dynamis, "dynamis"), a = entries(c, apart, "apart");
            DeckList list{c.pool, d, y, a};
            std::vector<DeckViolation> found(max_violations(list));
            std::vector<uint16_t> cited(max_cited_cards(list));
            DeckCheckTotals t = check_deck(list, found, cited);
            py::list out;
            for (uint32_t i = 0; i < t.violations; ++i) {
              const DeckViolation& v = found[i];
              py::list cards;
              for (uint32_t k = 0; k < v.cards_count; ++k) cards.append(cited[v.cards_begin + k]);
              out.append(py::make_tuple(deck_rule_number(v.rule), static_cast<int>(v.rule),
                                        static_cast<int>(v.section), v.found, v.limit, cards));
            }
            return out;
          },
          py::arg("deck"), py::arg("dynamis"), py::arg("apart"),
          "Every violation: (rule number, rule code, section 0 deck / 1 Dynamis / 2 apart, found, limit, [card "
          "indices]), in the order of deck_check.hpp.")
      .def(
          "check_many",
          [](const DeckChecker& c, const std::vector<std::pair<long long, long long>>& deck,
             const std::vector<std::pair<long long, long long>>& dynamis,
             const std::vector<std::pair<long long, long long>>& apart, long long times) {
            if (times < 0) throw tcbg::GameError("times", "must be at least 0", "");
            auto d = entries(c, deck, "deck"), y = entries(c, dynamis, "dynamis"), a = entries(c, apart, "apart");
            DeckList list{c.pool, d, y, a};
            // fixed buffers on the stack, as a C++ tool would use them (the totals say if they were too small)
            std::array<DeckViolation, 32> found;
            std::array<uint16_t, 256> cited;
            uint64_t total = 0;
            {
              py::gil_scoped_release release;
              for (long long i = 0; i < times; ++i) total += check_deck(list, found, cited).violations;
            }
            return total;
          },
          py::arg("deck"), py::arg("dynamis"), py::arg("apart"), py::arg("times"),
          "Check the same list `times` times in C++ (for benchmarks); the sum of the violation counts.");
  m.attr("DECK_RULES") = [] {
    py::list out;
    for (int r = 0; r < kNumDeckRules; ++r) out.append(deck_rule_number(static_cast<DeckRule>(r)));
    return out;
  }();
}
