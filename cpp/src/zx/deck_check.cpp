// Z/X deck construction (CR 401, docs/zx/rules.md section 4). See deck_check.hpp.
#include "tcbg/zx/deck_check.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "tcbg/core/error.hpp"

namespace tcbg::zx {

const char* deck_rule_number(DeckRule rule) noexcept {
  switch (rule) {
    case DeckRule::kDeckSize: return "401.1a";
    case DeckRule::kSameName: return "401.2";
    case DeckRule::kLifeRecovery: return "401.3";
    case DeckRule::kVoidBringer: return "401.4";
    case DeckRule::kIgnition: return "401.5";
    case DeckRule::kDeckType: return "401.6";
    case DeckRule::kPlayerCards:
    case DeckRule::kPreparedExtra:
    case DeckRule::kPreparedType: return "401.7";
    case DeckRule::kDynamisSize: return "401.8a";
    case DeckRule::kDynamisType: return "401.9";
    case DeckRule::kDynamisSameName: return "401.10";
    case DeckRule::kSealed: return "Z4.4";
    case DeckRule::kLegend: return "Z4.5";
  }
  return "?";
}

namespace {

// A buffer on the stack for the usual lists (a deck has 50 cards, so at most 50 entries), on the heap past it.
template <class T, std::size_t N>
class SmallBuffer {
 public:
  explicit SmallBuffer(std::size_t n) : size_(n) {
    if (n > N) heap_.resize(n);
  }
  T* data() { return size_ > N ? heap_.data() : stack_.data(); }
  std::size_t size() const { return size_; }

 private:
  std::size_t size_;
  std::array<T, N> stack_;
  std::vector<T> heap_;
};

// Writes violations and cited cards into the caller's buffers, counting what does not fit.
class Report {
 public:
  Report(std::span<DeckViolation> out, std::span<uint16_t> cited) : out_(out), cited_(cited) {}

  // Starts a violation; cite() then adds its cards.
  void begin(DeckRule rule, DeckSection section, int32_t found, int32_t limit) {
    current_ = totals_.violations < out_.size() ? &out_[totals_.violations] : nullptr;
    ++totals_.violations;
    if (current_ != nullptr) {
      *current_ = DeckViolation{rule, section, totals_.cited, 0, found, limit};
    }
  }
  void cite(uint16_t card) {
    if (totals_.cited < cited_.size() && current_ != nullptr) {
      cited_[totals_.cited] = card;
      ++current_->cards_count;
    }
    ++totals_.cited;
  }
  DeckCheckTotals totals() const { return totals_; }

 private:
  std::span<DeckViolation> out_;
  std::span<uint16_t> cited_;
  DeckViolation* current_ = nullptr;
  DeckCheckTotals totals_;
};

// Sums of uint16 counts over up to 3 x 65535 entries fit in 64 bits; reported clamped to 32.
int32_t clamp32(int64_t v) { return static_cast<int32_t>(std::min<int64_t>(v, INT32_MAX)); }

void check_entries(const DeckList& list, std::span<const DeckEntry> entries, const char* section) {
  if (entries.size() > 65535) {
    throw GameError(section, "more than 65535 entries", "docs/zx/deck-format.md");
  }
  for (const DeckEntry& e : entries) {
    if (e.card >= list.pool.size()) {
      throw GameError(section, "card index " + std::to_string(e.card) + " is not in the pool of " +
                                   std::to_string(list.pool.size()) + " cards", "docs/zx/deck-format.md");
    }
    if (e.count == 0) throw GameError(section, "a count of 0", "docs/zx/deck-format.md");
  }
}

// Sums of the counts of `entries` whose card satisfies `pred`, and a violation citing those cards when the sum
// breaks the rule (`exact`: must equal `limit`; otherwise: at most `limit`).
template <class Pred>
void count_rule(const DeckList& list, std::span<const DeckEntry> entries, DeckRule rule, DeckSection section,
                int32_t limit, bool exact, Report& report, Pred pred) {
  int64_t sum = 0;
  for (const DeckEntry& e : entries) {
    if (pred(list.pool[e.card])) sum += e.count;
  }
  const int32_t found = clamp32(sum);
  if (exact ? found == limit : found <= limit) return;
  report.begin(rule, section, found, limit);
  for (const DeckEntry& e : entries) {
    if (pred(list.pool[e.card])) report.cite(e.card);
  }
}

// One violation per name whose copies (over the given sections, optionally only cards that satisfy `pred`) exceed
// `limit`, in the order of the name's first entry; each cites that name's entries in list order.
template <class Pred>
void name_rule(const DeckList& list, std::initializer_list<std::span<const DeckEntry>> sections, DeckRule rule,
               DeckSection section, int32_t limit, Report& report, Pred pred) {
  std::size_t n = 0;
  for (auto s : sections) n += s.size();
  // entries as (name_id << 32 | position), position counting over the sections in order
  SmallBuffer<uint64_t, 128> keys(n);
  SmallBuffer<uint16_t, 128> cards(n);
  SmallBuffer<uint16_t, 128> counts(n);
  std::size_t m = 0, position = 0;
  for (auto s : sections) {
    for (const DeckEntry& e : s) {
      const CardDef& def = list.pool[e.card];
      if (pred(def)) {
        keys.data()[m++] = (uint64_t{def.name_id} << 32) | position;
      }
      cards.data()[position] = e.card;
      counts.data()[position] = e.count;
      ++position;
    }
  }
  uint64_t* k = keys.data();
  std::sort(k, k + m);
  // the groups that break the rule, as (first position << 32 | start in k), then reported by first position
  SmallBuffer<uint64_t, 128> bad(m);
  std::size_t nbad = 0;
  for (std::size_t i = 0; i < m;) {
    std::size_t j = i;
    int64_t total = 0;
    while (j < m && (k[j] >> 32) == (k[i] >> 32)) total += counts.data()[k[j++] & 0xFFFFFFFFu];
    if (total > limit) bad.data()[nbad++] = ((k[i] & 0xFFFFFFFFu) << 32) | i;
    i = j;
  }
  std::sort(bad.data(), bad.data() + nbad);
  for (std::size_t b = 0; b < nbad; ++b) {
    std::size_t i = bad.data()[b] & 0xFFFFFFFFu;
    int64_t total = 0;
    std::size_t j = i;
    while (j < m && (k[j] >> 32) == (k[i] >> 32)) total += counts.data()[k[j++] & 0xFFFFFFFFu];
    const std::size_t first = k[i] & 0xFFFFFFFFu;  // the section of the name's first entry
    std::size_t before = 0, s = 0;
    for (auto sec : sections) {
      if (first < before + sec.size()) break;
      before += sec.size();
      ++s;
    }
    report.begin(rule, sections.size() == 1 ? section : static_cast<DeckSection>(s), clamp32(total), limit);
    for (std::size_t x = i; x < j; ++x) report.cite(cards.data()[k[x] & 0xFFFFFFFFu]);
  }
}

bool deck_type(const CardDef& c) { return c.type == CardType::ZX || c.type == CardType::Event; }
bool dynamis_type(const CardDef& c) {
  return c.type == CardType::ZXExtra || c.type == CardType::Overboost || c.type == CardType::Shift ||
         c.type == CardType::EventExtra;
}
bool prepared_extra(const CardDef& c) { return c.type == CardType::PlayerExtra || c.type == CardType::Overboost; }
// Z4.2: a Life Recovery or Void Bringer card counts among the Ignition cards even if its icon is not set.
bool counts_as_ignition(const CardDef& c) { return c.ignition || c.has(kLifeRecovery) || c.has(kVoidBringer); }

}  // namespace

DeckCheckTotals check_deck(const DeckList& list, std::span<DeckViolation> violations, std::span<uint16_t> cited) {
  check_entries(list, list.deck, "deck");
  check_entries(list, list.dynamis, "dynamis");
  check_entries(list, list.apart, "apart");
  Report report(violations, cited);
  const auto any = [](const CardDef&) { return true; };
  constexpr auto kDeck = DeckSection::kDeck;

  int64_t total = 0;  // 401.1a
  for (const DeckEntry& e : list.deck) total += e.count;
  if (total != kDeckSize) report.begin(DeckRule::kDeckSize, kDeck, clamp32(total), kDeckSize);
  name_rule(list, {list.deck}, DeckRule::kSameName, kDeck, kMaxSameName, report, any);
  count_rule(list, list.deck, DeckRule::kLifeRecovery, kDeck, kMaxLifeRecovery, false, report,
             [](const CardDef& c) { return c.has(kLifeRecovery); });
  count_rule(list, list.deck, DeckRule::kVoidBringer, kDeck, kMaxVoidBringer, false, report,
             [](const CardDef& c) { return c.has(kVoidBringer); });
  count_rule(list, list.deck, DeckRule::kIgnition, kDeck, kIgnitionCards, true, report, counts_as_ignition);
  count_rule(list, list.deck, DeckRule::kDeckType, kDeck, 0, false, report,
             [](const CardDef& c) { return !deck_type(c); });

  constexpr auto kApart = DeckSection::kApart;
  count_rule(list, list.apart, DeckRule::kPlayerCards, kApart, kMaxPlayerCards, false, report,
             [](const CardDef& c) { return c.type == CardType::Player; });
  count_rule(list, list.apart, DeckRule::kPreparedExtra, kApart, kMaxPreparedExtra, false, report, prepared_extra);
  count_rule(list, list.apart, DeckRule::kPreparedType, kApart, 0, false, report,
             [](const CardDef& c) { return c.type != CardType::Player && !prepared_extra(c); });

  constexpr auto kDynamis = DeckSection::kDynamis;
  count_rule(list, list.dynamis, DeckRule::kDynamisSize, kDynamis, kMaxDynamis, false, report, any);
  count_rule(list, list.dynamis, DeckRule::kDynamisType, kDynamis, 0, false, report,
             [](const CardDef& c) { return !dynamis_type(c); });
  name_rule(list, {list.dynamis}, DeckRule::kDynamisSameName, kDynamis, kMaxSameName, report, any);

  // Z4.4, Z4.5: the designations, over the whole list; the section is the first one the cards are in
  const auto sealed = [](const CardDef& c) { return c.sealed; };
  int64_t found = 0;
  DeckSection first = kDeck;
  for (auto [section, entries] : {std::pair{kDeck, list.deck}, std::pair{kDynamis, list.dynamis},
                                  std::pair{kApart, list.apart}}) {
    for (const DeckEntry& e : entries) {
      if (sealed(list.pool[e.card])) {
        if (found == 0) first = section;
        found += e.count;
      }
    }
  }
  if (found > 0) {
    report.begin(DeckRule::kSealed, first, clamp32(found), 0);
    for (auto entries : {list.deck, list.dynamis, list.apart}) {
      for (const DeckEntry& e : entries) {
        if (sealed(list.pool[e.card])) report.cite(e.card);
      }
    }
  }
  name_rule(list, {list.deck, list.dynamis, list.apart}, DeckRule::kLegend, kDeck, kMaxLegend, report,
            [](const CardDef& c) { return c.legend; });
  return report.totals();
}

}  // namespace tcbg::zx
