// Z/X card sets (docs/zx/card-data.md) and deck lists (docs/zx/deck-format.md) read in C++, with the checks of
// src/tcbg/zx/cards.py and src/tcbg/zx/decks.py, and the Game tcbg.zx.load_game builds from two lists.
#include "tcbg/zx/deck_file.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>

#include "../core/data_file.hpp"
#include "tcbg/core/error.hpp"

namespace tcbg::zx {

namespace {

constexpr std::array<std::string_view, 8> kTypes{"Z/X",           "Event", "Player",      "Z/X Extra",
                                                 "Z/X Overboost", "Shift", "Event Extra", "Player Extra"};
constexpr std::array<std::string_view, 5> kColours{"red", "blue", "white", "black", "green"};
// Colours printed on Player kinds only (ZC6): they never pay or are paid for, so the core has no bit for them.
constexpr std::array<std::string_view, 1> kPlayerColours{"dragon"};
constexpr std::array<std::string_view, 25> kRaces{
    "Brave",  "Gigantic",  "Artisan",    "Divine Beast", "Battle Suit", "Metal Fortress", "Killer Machine",
    "Mermaid", "Angel",    "Cait Sith",  "Holy Beast",   "Guardian",    "Demon",          "Undead",
    "Predator", "Torture Device", "Hourai", "Leafling", "Flower-insect", "Lycanthrope",
    "Glory Dragon", "Gear Dragon", "Messenger Dragon", "Cruel Dragon", "Vine Dragon"};
constexpr int kMaxAbilities = 9;
constexpr std::array<std::string_view, 7> kKeywords{"Start Card", "Life Recovery", "Void Bringer", "Range 2",
                                                    "Range infinity", "Isolate", "Evol Seed"};
constexpr std::array<std::string_view, 9> kRarities{"C", "UC", "R", "SR", "PR", "IGR", "Z/XR", "CVR", "F"};
constexpr int kMaxCost = 99, kMaxPower = 99999;

template <size_t N>
int find(const std::array<std::string_view, N>& list, const json::Value& v) {
  if (!data::is_string(v)) return -1;
  for (size_t i = 0; i < N; ++i) {
    if (list[i] == v.str()) return static_cast<int>(i);
  }
  return -1;
}

template <size_t N>
std::string joined(const std::array<std::string_view, N>& list) {
  std::string out;
  for (auto s : list) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

// --- UTF-8 text ---------------------------------------------------------------------------------------------------

// The code point at text[i] (advancing i), or -1 for bytes that are not UTF-8 (overlong forms and surrogates too).
int32_t next_code_point(std::string_view text, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<uint8_t>(text[k]); };
  const uint8_t b = byte(i);
  const int n = b < 0x80 ? 0 : (b >> 5) == 6 ? 1 : (b >> 4) == 14 ? 2 : (b >> 3) == 30 ? 3 : -1;
  if (n < 0) { ++i; return -1; }
  int32_t cp = n == 0 ? b : (b & (0x3F >> n));
  for (int k = 1; k <= n; ++k) {
    if (i + k >= text.size() || (byte(i + k) >> 6) != 2) { ++i; return -1; }
    cp = cp << 6 | (byte(i + k) & 0x3F);
  }
  static const int32_t kMin[4] = {0, 0x80, 0x800, 0x10000};
  i += n + 1;
  if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
  return cp;
}

// Python's str.isspace() for the code points a name or line may hold.
bool is_space(int32_t cp) {
  return cp == ' ' || (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x1F) || cp == 0x85 || cp == 0xA0 ||
         cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000;
}

void append_utf8(std::string& out, int32_t cp) {
  if (cp < 0x80) out += static_cast<char>(cp);
  else if (cp < 0x800) { out += static_cast<char>(0xC0 | cp >> 6); out += static_cast<char>(0x80 | (cp & 0x3F)); }
  else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | cp >> 12);
    out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | cp >> 18);
    out += static_cast<char>(0x80 | (cp >> 12 & 0x3F));
    out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// How names are compared (see the header): full-width ASCII forms made plain, spaces of any kind made one, ASCII
// letters lower case, no spaces at the ends.
std::string name_key(std::string_view text) {
  std::string out;
  bool space = false;
  for (size_t i = 0; i < text.size();) {
    int32_t cp = next_code_point(text, i);
    if (cp >= 0xFF01 && cp <= 0xFF5E) cp -= 0xFEE0;
    if (cp >= 0 && is_space(cp)) { space = !out.empty(); continue; }
    if (space) out += ' ';
    space = false;
    if (cp >= 'A' && cp <= 'Z') cp += 'a' - 'A';
    append_utf8(out, cp < 0 ? 0xFFFD : cp);
  }
  return out;
}

// The text without the spaces at its ends (Python's str.strip()).
std::string_view strip(std::string_view text) {
  size_t begin = text.size(), end = 0;
  for (size_t i = 0; i < text.size();) {
    const size_t at = i;
    const int32_t cp = next_code_point(text, i);
    if (cp >= 0 && is_space(cp)) continue;
    begin = std::min(begin, at);
    end = i;
  }
  return begin < end ? text.substr(begin, end - begin) : std::string_view();
}

size_t code_points(std::string_view text) {
  size_t n = 0;
  for (size_t i = 0; i < text.size(); ++n) next_code_point(text, i);
  return n;
}

// The byte offset of the first byte that is not UTF-8, or npos.
size_t bad_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const size_t at = i;
    if (next_code_point(text, i) < 0) return at;
  }
  return std::string_view::npos;
}

std::string shown(const json::Value& v) {
  if (!v.valid()) return "nothing";
  if (v.is_string()) return "'" + std::string(v.str().substr(0, 40)) + "'";
  if (v.is_int()) {
    int64_t x = 0;
    if (v.int_in(INT64_MIN + 1, INT64_MAX, x)) return std::to_string(x);
  }
  return std::string("a JSON ") + data::type_name(v);
}

bool plain_string(const json::Value& v) {
  return v.is_string() && !v.str().empty() && strip(v.str()) == v.str() &&
         v.str().find('\n') == std::string_view::npos;
}

// --- card sets ----------------------------------------------------------------------------------------------------

struct Parsed {
  CardDef def;
  CardLabel label;
};

Parsed parse_card(const json::Value& obj, const std::string& file, int index) {
  std::string where = file + ": card " + std::to_string(index);
  if (obj.is_object() && data::is_string(obj.get("number")) && !obj.get("number").str().empty()) {
    where += " " + std::string(obj.get("number").str().substr(0, 20));
  }
  auto fail = [&](const std::string& reason, const char* rule) -> void {
    throw CardError(where, reason, std::string("zx/card-data ") + rule);
  };
  if (!obj.is_object()) fail(std::string("a card must be a JSON object, not ") + data::type_name(obj), "ZC2");
  for (const char* key : {"number", "name", "name_en", "type", "colours"}) {
    if (!obj.has(key)) {
      fail(std::string("the field '") + key + "' is missing (every card has number, name, name_en, type, colours)",
           "ZC2");
    }
  }
  data::check_fields(obj, {"abilities", "colours", "cost", "icon", "keywords", "legend", "name", "name_en", "number",
                           "power", "race", "rarity", "sealed", "text", "type"},
                     {}, [&](const std::string& r) { fail(r, "ZC2"); });

  Parsed out;
  const json::Value number = obj.get("number");  // ZC3: [A-Z][A-Z0-9]{0,5}-[0-9]{3}[A-Za-z]?
  {
    const std::string_view n = number.str();
    const size_t dash = n.find('-');
    bool ok = number.is_string() && dash != std::string_view::npos && dash >= 1 && dash <= 6 &&
              n[0] >= 'A' && n[0] <= 'Z' && (n.size() == dash + 4 || n.size() == dash + 5);
    for (size_t k = 1; ok && k < dash; ++k) ok = (n[k] >= 'A' && n[k] <= 'Z') || (n[k] >= '0' && n[k] <= '9');
    for (size_t k = dash + 1; ok && k < dash + 4; ++k) ok = n[k] >= '0' && n[k] <= '9';
    if (ok && n.size() == dash + 5) ok = std::isalpha(static_cast<unsigned char>(n[dash + 4])) != 0;
    if (!ok) {
      fail("number must be a card number such as 'C01-003' (set letters and digits, '-', three digits), not " +
           shown(number), "ZC3");
    }
    out.label.number = std::string(n);
  }
  for (const char* key : {"name", "name_en"}) {  // ZC4
    const json::Value v = obj.get(key);
    if (!plain_string(v) || code_points(v.str()) > 100) {
      fail(std::string(key) + " must be a non-empty one-line string of at most 100 characters without spaces at "
           "its ends, not " + shown(v), "ZC4");
    }
  }
  out.label.name = std::string(obj.get("name").str());
  out.label.name_en = std::string(obj.get("name_en").str());

  const int type = find(kTypes, obj.get("type"));  // ZC5
  if (type < 0) fail("type must be one of " + joined(kTypes) + ", not " + shown(obj.get("type")), "ZC5");
  out.def.type = static_cast<CardType>(type);
  out.label.type = std::string(kTypes[type]);
  const std::string& type_name = out.label.type;
  const bool zx_kind = type == 0 || type == 3 || type == 4 || type == 5;
  const bool costless = type == 2 || type == 7;

  const json::Value colours = obj.get("colours");  // ZC6
  bool colours_ok = colours.is_array(), player_colour = false;
  int player_colours = 0;
  for (json::Value c = colours.first(); colours_ok && data::in(colours, c); c = c.next()) {
    const int k = find(kColours, c), x = find(kPlayerColours, c);
    if (x >= 0 && !(player_colours >> x & 1)) {
      player_colours |= 1 << x;
      player_colour = true;
    } else if (k < 0 || (out.def.colours >> k & 1)) {
      colours_ok = false;
    } else {
      out.def.colours |= static_cast<uint8_t>(1 << k);
    }
  }
  if (!colours_ok) {
    fail("colours must be a list of distinct colours (" + joined(kColours) + ", " + joined(kPlayerColours) +
         "; [] for colourless)", "ZC6");
  }
  if (player_colour && !costless) {
    fail(joined(kPlayerColours) + " is a colour of Player and Player Extra cards only, not of a " + type_name + " card",
         "ZC6");
  }

  const json::Value race = obj.get("race");  // ZC7
  if (zx_kind) {
    if (!race.valid()) fail("the field 'race' is missing (a " + type_name + " card has a race)", "ZC7");
    // One race, or a list of two distinct races; the core's race_id is the first (ZC7, "The core's record")
    std::vector<int> ids;
    if (race.is_array()) {
      for (json::Value r = race.first(); data::in(race, r); r = r.next()) ids.push_back(find(kRaces, r));
      if (ids.size() != 2 || ids[0] == ids[1]) {
        fail("race is one race, or a list of 2 distinct races for a card of two races", "ZC7");
      }
    } else {
      ids.push_back(find(kRaces, race));
    }
    for (int r : ids) {
      if (r < 0) fail("unknown race " + shown(race) + " (races: " + joined(kRaces) + ")", "ZC7");
    }
    out.def.race_id = static_cast<uint16_t>(ids[0] + 1);
    if (ids.size() > 1) out.label.second_race_id = static_cast<uint16_t>(ids[1] + 1);
  } else if (race.valid()) {
    fail("a " + type_name + " card has no race", "ZC7");
  }

  const json::Value cost = obj.get("cost");  // ZC8
  if (costless) {
    if (cost.valid()) fail("a " + type_name + " card is never played for a cost, so it has no cost field", "ZC8");
  } else {
    if (!cost.valid()) fail("the field 'cost' is missing (a " + type_name + " card has a cost)", "ZC8");
    int64_t c = 0;
    if (cost.is_string() && cost.str() == "infinity") out.def.cost = kInfiniteCost;
    else if (cost.is_int() && cost.int_in(0, kMaxCost, c)) out.def.cost = static_cast<int16_t>(c);
    else fail("cost must be a whole number from 0 to 99 or \"infinity\", not " + shown(cost), "ZC8");
  }

  const json::Value power = obj.get("power");  // ZC9
  if (zx_kind) {
    if (!power.valid()) fail("the field 'power' is missing (a " + type_name + " card has a power)", "ZC9");
    int64_t p = 0;
    if (!power.is_int() || !power.int_in(0, kMaxPower, p)) {
      fail("power must be a whole number from 0 to 99999, not " + shown(power), "ZC9");
    }
    out.def.power = static_cast<int32_t>(p);
  } else if (power.valid()) {
    fail("a " + type_name + " card has no power", "ZC9");
  }

  const json::Value icon = obj.get("icon");  // ZC10
  if (icon.valid()) {
    if (!(icon.is_string() && (icon.str() == "IG" || icon.str() == "ES"))) {
      fail("icon must be \"IG\" (Ignition) or \"ES\" (Evol Seed), or left out, not " + shown(icon), "ZC10");
    }
    if (type != 0 && type != 1) {
      fail("only Z/X and Event cards are revealed from the deck or Life, so a " + type_name + " card has no icon",
           "ZC10");
    }
    out.label.icon = std::string(icon.str());
  }
  out.def.ignition = out.label.icon == "IG";

  const json::Value keywords = obj.get("keywords");  // ZC11
  if (keywords.valid()) {
    if (!keywords.is_array()) fail("keywords must be a list of keywords (" + joined(kKeywords) + ")", "ZC11");
    for (json::Value k = keywords.first(); data::in(keywords, k); k = k.next()) {
      const int bit = find(kKeywords, k);
      if (bit < 0) fail("keywords must be a list of keywords (" + joined(kKeywords) + ")", "ZC11");
      if (out.def.keywords >> bit & 1) fail("a keyword is listed twice", "ZC11");
      out.def.keywords |= static_cast<uint16_t>(1 << bit);
    }
  }
  if (out.def.keywords && !zx_kind && !(type == 1 && out.def.keywords == kEvolSeed)) {
    fail("keywords belong to cards that stand on a Square (an Event has only Evol Seed, with its icon); a " +
         type_name + " card has none", "ZC11");
  }
  if (out.def.has(kEvolSeed) != (out.label.icon == "ES")) {
    fail("the Evol Seed icon and the keyword Evol Seed go together: a card has both or neither", "ZC11");
  }
  for (const auto& [bit, name] : {std::pair{kLifeRecovery, "Life Recovery"}, std::pair{kVoidBringer, "Void Bringer"}}) {
    if (out.def.has(bit) && !out.def.ignition) {
      fail(std::string("a ") + name + " card has the Ignition icon (CR 401.5 counts it among the 20 Ignition "
           "cards): add \"icon\": \"IG\"", "ZC11");
    }
  }
  if (out.def.has(kStartCard) && type != 0) {
    fail("only a Z/X card can be a Start Card (it is taken from the deck at set-up)", "ZC11");
  }

  for (const char* key : {"sealed", "legend"}) {  // ZC12
    const json::Value v = obj.get(key);
    if (v.valid() && !v.is_bool()) fail(std::string(key) + " must be true or false, not " + shown(v), "ZC12");
  }
  out.def.sealed = obj.get("sealed").valid() && obj.get("sealed").as_bool();
  out.def.legend = obj.get("legend").valid() && obj.get("legend").as_bool();
  if (out.def.sealed && out.def.legend) {
    fail("a card is sealed (never in a deck) or legend (at most one copy), not both", "ZC12");
  }

  const json::Value rarity = obj.get("rarity");  // ZC13
  if (rarity.valid() && find(kRarities, rarity) < 0) {
    fail("rarity must be one of " + joined(kRarities) + ", or left out, not " + shown(rarity), "ZC13");
  }
  const json::Value text = obj.get("text");
  if (text.valid() && (!text.is_string() || strip(text.str()) != text.str())) {
    fail("text must be a string without spaces at its ends (the abilities beyond the keywords, in our own words; "
         "\"\" or left out for none)", "ZC13");
  }
  const json::Value abilities = obj.get("abilities");
  int64_t count = 0;
  if (abilities.valid() && !(abilities.is_int() && abilities.int_in(1, kMaxAbilities, count))) {
    fail("abilities must be a whole number from 1 to 9 (the printed abilities beyond the keywords), or left out "
         "for none, not " + shown(abilities), "ZC13");
  }
  out.label.has_text = (text.valid() && !text.str().empty()) || count > 0;
  return out;
}

// What the rules read of a card: reprints of one name naming the same card (ZD4) agree on all of it.
bool same_game_data(const CardSet& set, int a, int b) {
  const CardDef &x = set.cards[a], &y = set.cards[b];
  const CardLabel &p = set.labels[a], &q = set.labels[b];
  return x.type == y.type && x.colours == y.colours && x.race_id == y.race_id &&
         p.second_race_id == q.second_race_id && x.cost == y.cost &&
         x.power == y.power && x.keywords == y.keywords && x.sealed == y.sealed && x.legend == y.legend &&
         p.icon == q.icon && p.name == q.name && p.name_en == q.name_en;
}

}  // namespace

int CardSet::index(std::string_view number) const {
  for (int i = 0; i < size(); ++i) {
    if (labels[i].number == number) return i;
  }
  return -1;
}

std::vector<int> CardSet::lookup(std::string_view text) const {
  const std::string key = name_key(text);
  std::vector<int> out;
  for (int i = 0; i < size(); ++i) {
    const CardLabel& l = labels[i];
    if (name_key(l.number) == key || name_key(l.name) == key || name_key(l.name_en) == key) out.push_back(i);
  }
  return out;
}

CardSet parse_card_set(std::string_view text, const std::string& file) {
  auto fail = [&](const std::string& reason) -> void { throw CardError(file, reason, "zx/card-data ZC1"); };
  json::Document doc;
  data::parse_json(doc, text, fail);
  const json::Value root = doc.root();
  if (!root.is_object()) fail(std::string("a card set is a JSON object, not ") + data::type_name(root));
  for (const char* key : {"format", "name", "cards"}) {
    if (!root.has(key)) fail(std::string("the field '") + key + "' is missing (a card set has format, name, cards)");
  }
  data::check_fields(root, {"cards", "description", "effects", "format", "invented", "name"}, {}, fail);
  if (!(root.get("format").is_string() && root.get("format").str() == "tcbg-zx-cards/1")) {
    fail("format must be 'tcbg-zx-cards/1', not " + shown(root.get("format")));
  }
  if (!plain_string(root.get("name"))) fail("name must be a non-empty one-line string, not " + shown(root.get("name")));
  if (root.has("description") && !root.get("description").is_string()) fail("description must be a string");
  if (root.has("invented") && !root.get("invented").is_bool()) fail("invented must be true or false");
  // ZC14: "effects" names the Python module of the set's abilities, which only Python loads; its name must be a
  // string here, and the abilities stay out of a C++ game (the header says how make_game treats them).
  if (root.has("effects") && !root.get("effects").is_string()) fail("effects must be the name of a Python file");
  const json::Value cards = root.get("cards");
  if (!cards.is_array() || cards.size() == 0) fail("cards must be a non-empty list of card objects");

  CardSet set;
  set.name = std::string(root.get("name").str());
  set.file = file;
  std::map<std::string, int, std::less<>> by_number, name_ids;
  std::map<std::string, std::string, std::less<>> en_of_name, name_of_en;
  int i = 0;
  for (json::Value obj = cards.first(); data::in(cards, obj); obj = obj.next(), ++i) {
    Parsed card = parse_card(obj, file, i);
    const std::string where = file + ": card " + std::to_string(i) + " " + card.label.number;
    if (const auto it = by_number.find(card.label.number); it != by_number.end()) {  // ZC3
      throw CardError(where, "the number " + card.label.number + " is already card " + std::to_string(it->second) +
                      "'s", "zx/card-data ZC3");
    }
    by_number.emplace(card.label.number, i);
    // ZC4: one English name per Japanese name and back, so that a name means one name_id
    const std::string& en = en_of_name.emplace(card.label.name, card.label.name_en).first->second;
    const std::string& jp = name_of_en.emplace(name_key(card.label.name_en), card.label.name).first->second;
    if (en != card.label.name_en || jp != card.label.name) {
      throw CardError(where, card.label.name + " / " + card.label.name_en + ": another card pairs " +
                      (en != card.label.name_en ? card.label.name : jp) + " with " +
                      (en != card.label.name_en ? en : card.label.name_en) +
                      "; a name has one English name and an English name one name", "zx/card-data ZC4");
    }
    card.def.name_id = static_cast<uint16_t>(
        name_ids.emplace(card.label.name, static_cast<int>(name_ids.size()) + 1).first->second);
    set.cards.push_back(card.def);
    set.labels.push_back(std::move(card.label));
  }
  return set;
}

CardSet load_card_set(const std::string& path) {
  const std::string text =
      data::read_file(path, [&](const std::string& r) { throw CardError(path, r, "zx/card-data ZC1"); });
  return parse_card_set(text, path);
}

// --- deck lists ---------------------------------------------------------------------------------------------------

int DeckFile::total() const {
  int n = 0;
  for (const DeckEntry& e : deck) n += e.count;
  return n;
}

std::vector<DeckViolation> DeckFile::check() const {
  std::vector<DeckEntry> apart;
  for (int c : players) apart.push_back({static_cast<uint16_t>(c), 1});
  for (int c : prepared) apart.push_back({static_cast<uint16_t>(c), 1});
  const DeckList list{cards->cards, deck, dynamis, apart};
  std::vector<DeckViolation> found(max_violations(list));
  std::vector<uint16_t> cited(max_cited_cards(list));
  const DeckCheckTotals t = check_deck(list, found, cited);
  found.resize(t.violations);
  return found;
}

namespace {

std::string short_text(std::string_view text, size_t limit = 60) {
  return text.size() <= limit ? std::string(text) : std::string(text.substr(0, limit - 3)) + "...";
}

bool starts_with_label(std::string_view line, std::string_view label, std::string_view& rest) {
  // `label` in any case, spaces or tabs, then a colon (ZD3)
  if (line.size() < label.size()) return false;
  for (size_t k = 0; k < label.size(); ++k) {
    if (std::tolower(static_cast<unsigned char>(line[k])) != label[k]) return false;
  }
  size_t k = label.size();
  while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
  if (k >= line.size() || line[k] != ':') return false;
  ++k;
  while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
  rest = line.substr(k);
  return true;
}

}  // namespace

DeckFile parse_deck(std::string_view text, const std::string& source, const std::string& folder,
                    std::shared_ptr<const CardSet> cards, const std::vector<std::string>& card_set_dirs) {
  if (const size_t bad = bad_utf8(text); bad != std::string_view::npos) {  // ZD1
    const auto line = std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(bad), '\n') + 1;
    throw DeckError(source + ": line " + std::to_string(line), "not UTF-8 text (at byte " + std::to_string(bad) + ")",
                    "zx/deck-format ZD1");
  }
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  DeckFile out;
  {
    std::string base = std::filesystem::path(source).filename().string();
    if (base.empty()) base = source;
    out.name = base.size() > 4 && base.ends_with(".txt") ? base.substr(0, base.size() - 4) : base;
  }
  out.cards = cards;
  int set_line = 0, number = 0;
  std::vector<DeckEntry>* section = &out.deck;
  std::string section_name = "deck";
  std::map<std::pair<std::string, int>, int> seen;  // (section, card) -> line
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = strip(text.substr(pos, end - pos));
    pos = end + 1;
    ++number;
    const std::string where = source + ": line " + std::to_string(number);
    auto fail = [&](const std::string& reason, const char* rule) -> void {
      throw DeckError(where, reason, std::string("zx/deck-format ") + rule);
    };
    if (line.empty() || line[0] == '#') continue;  // ZD1: blank lines and comments
    for (size_t k = 1; k < line.size(); ++k) {     // the rest of a line from a '#' after a space or tab
      if (line[k] == '#' && (line[k - 1] == ' ' || line[k - 1] == '\t')) {
        size_t cut = k - 1;
        while (cut > 0 && (line[cut - 1] == ' ' || line[cut - 1] == '\t')) --cut;
        line = strip(line.substr(0, cut));
        break;
      }
    }
    auto lookup = [&](std::string_view card_text) -> int {  // ZD4
      if (!out.cards) fail("a card before the 'Card set: NAME' line; name the card set first", "ZD2");
      const std::vector<int> found = out.cards->lookup(card_text);
      if (found.empty()) {
        fail("no card '" + short_text(card_text) + "' in set '" + out.cards->name +
             "' (numbers, Japanese names or English names)", "ZD4");
      }
      for (int k : found) {
        if (!same_game_data(*out.cards, found[0], k)) {
          fail("'" + short_text(card_text) + "' names " + std::to_string(found.size()) + " cards of set '" +
               out.cards->name + "' that differ; name the card by its number", "ZD4");
        }
      }
      return found[0];
    };

    std::string_view value;
    const char* labels[3] = {"card set", "player", "prepared"};
    int label = -1;
    for (int k = 0; k < 3 && label < 0; ++k) {
      if (starts_with_label(line, labels[k], value)) label = k;
    }
    if (label >= 0) {
      value = strip(value);
      const std::string written(line.substr(0, std::string_view(labels[label]).size()));
      if (value.empty()) fail("'" + written + "' names nothing; write '" + written + ": NAME'", "ZD3");
      if (label == 0) {  // ZD2
        if (set_line) {
          fail("a second 'Card set:' line (the first is line " + std::to_string(set_line) +
               "); a list draws on one card set", "ZD2");
        }
        if (cards) {
          if (value != cards->name) {
            fail("the list names the card set '" + short_text(value) + "', but it is read with '" + cards->name + "'",
                 "ZD2");
          }
        } else {
          namespace fs = std::filesystem;
          std::vector<fs::path> candidates;
          if (value.ends_with(".json")) {
            candidates.push_back(fs::path(folder) / std::string(value));
          } else {
            for (const std::string& dir : card_set_dirs) candidates.push_back(fs::path(dir) / (std::string(value) + ".json"));
            candidates.push_back(fs::path(folder) / ".." / "cardsets" / (std::string(value) + ".json"));
          }
          std::error_code ec;
          for (const fs::path& p : candidates) {
            if (fs::is_regular_file(p, ec)) {
              out.cards = std::make_shared<const CardSet>(load_card_set(p.string()));
              break;
            }
          }
          if (!out.cards) {
            fail("unknown card set '" + short_text(value) + "' (looked for " + candidates.back().string() +
                 "; a card file NAME.json is read beside the list)", "ZD2");
          }
          if (!value.ends_with(".json") && out.cards->name != value) {
            fail("the card file for '" + short_text(value) + "' holds the set '" + out.cards->name + "'", "ZD2");
          }
        }
        set_line = number;
        continue;
      }
      const int card = lookup(value);
      const CardLabel& l = out.cards->labels[card];
      if (label == 1) {  // ZD6
        if (l.type != "Player") fail(l.label() + " is a " + l.type + " card; the 'Player:' line names a Player card", "ZD6");
        out.players.push_back(card);
      } else {
        if (l.type != "Player Extra" && l.type != "Z/X Overboost") {
          fail(l.label() + " is a " + l.type + " card; the 'Prepared:' line names a Player Extra card or a Z/X "
               "Overboost card (its lower part), prepared apart from the deck (CR 401.7)", "ZD6");
        }
        out.prepared.push_back(card);
      }
      continue;
    }
    std::string_view rest;
    if (starts_with_label(line, "deck", rest) && rest.empty()) {  // ZD5
      section = &out.deck;
      section_name = "deck";
      continue;
    }
    if (starts_with_label(line, "dynamis", rest) && rest.empty()) {
      section = &out.dynamis;
      section_name = "dynamis";
      continue;
    }
    // ZD3: a card line, COUNT [x] CARD (decks.py's _ENTRY: digits, spaces, an optional x, at least one space)
    const auto blank = [&](size_t at) { return at < line.size() && (line[at] == ' ' || line[at] == '\t'); };
    size_t k = 0;
    while (k < line.size() && line[k] >= '0' && line[k] <= '9') ++k;
    const std::string_view digits = line.substr(0, k);
    size_t s1 = k;
    while (blank(s1)) ++s1;
    size_t card_at = std::string_view::npos;
    if (s1 < line.size() && (line[s1] == 'x' || line[s1] == 'X') && blank(s1 + 1)) {
      card_at = s1 + 1;
      while (blank(card_at)) ++card_at;
    } else if (s1 > k) {
      card_at = s1;
    }
    if (digits.empty() || card_at >= line.size()) {
      if ((line[0] == '+' || line[0] == '-') && line.size() > 1 && line[1] >= '0' && line[1] <= '9') {
        fail("the count in '" + short_text(line) + "' has a sign; a count is a whole number from 1", "ZD3");
      }
      if (!digits.empty() && (line.size() == k || (line.size() == k + 1 && (line[k] == 'x' || line[k] == 'X')))) {
        fail("'" + short_text(line) + "' has a count but no card; a card line is 'COUNT CARD', such as '4 C01-003'",
             "ZD3");
      }
      fail("'" + short_text(line) + "' is not a line of a deck list: a card line is 'COUNT CARD' (such as "
           "'4 C01-003'); the others are 'Card set: NAME', 'Player: CARD', 'Prepared: CARD', 'Deck:', 'Dynamis:' "
           "and comments from '#'", "ZD3");
    }
    const std::string_view card_text = line.substr(card_at);
    if (digits.find_first_not_of('0') == std::string_view::npos) {
      fail("the count of '" + short_text(card_text) + "' is 0; leave the card out instead", "ZD5");
    }
    if (digits[0] == '0') fail("the count '" + short_text(digits, 12) + "' has a leading zero", "ZD5");
    if (digits.size() > 4) fail("the count " + short_text(digits, 12) + " is more than 9999", "ZD5");
    const int count = std::stoi(std::string(digits));
    const int card = lookup(card_text);
    const auto key = std::make_pair(section_name, card);
    if (const auto it = seen.find(key); it != seen.end()) {  // ZD7
      fail(out.cards->labels[card].label() + " is already listed in the " + section_name + " on line " +
           std::to_string(it->second) + "; list a card once a section, with its whole count", "ZD7");
    }
    seen.emplace(key, number);
    section->push_back({static_cast<uint16_t>(card), static_cast<uint16_t>(count)});
  }
  if (!out.cards) {
    throw DeckError(source, "no 'Card set: NAME' line; a deck list names the card set it draws on",
                    "zx/deck-format ZD2");
  }
  return out;
}

DeckFile load_deck(const std::string& path, std::shared_ptr<const CardSet> cards,
                   const std::vector<std::string>& card_set_dirs) {
  const std::string text =
      data::read_file(path, [&](const std::string& r) { throw DeckError(path, r, "zx/deck-format ZD1"); });
  const std::string folder = std::filesystem::path(path).parent_path().string();
  return parse_deck(text, path, folder.empty() ? "." : folder, std::move(cards), card_set_dirs);
}

// --- a game of two lists ------------------------------------------------------------------------------------------

std::shared_ptr<const Game> make_game(const DeckFile& first, const DeckFile& second, Options options,
                                      bool start_cards, bool check_decks) {
  const DeckFile* decks[2] = {&first, &second};
  std::vector<CardDef> table;
  std::vector<std::string> names;
  std::map<std::pair<const CardSet*, int>, int> index;  // the table holds the cards the decks use, by first use
  auto table_index = [&](const DeckFile& d, int card) {
    const auto key = std::make_pair(d.cards.get(), card);
    auto it = index.find(key);
    if (it == index.end()) {
      it = index.emplace(key, static_cast<int>(table.size())).first;
      table.push_back(d.cards->cards[card]);
      names.push_back(d.cards->labels[card].name_en);
    }
    return it->second;
  };
  std::vector<DeckSpec> specs;
  for (int p = 0; p < 2; ++p) {
    const DeckFile& d = *decks[p];
    const std::string field = "decks[" + std::to_string(p) + "]";
    if (!d.cards) throw GameError(field, "a deck list without its card set", "zx/deck-format ZD2");
    if (check_decks) {
      const std::vector<DeckViolation> found = d.check();
      if (!found.empty()) {
        throw GameError(field, d.name + " breaks deck construction (" + std::to_string(found.size()) +
                        " violation" + (found.size() > 1 ? "s" : "") + "; tcbg deck check names them)",
                        deck_rule_number(found[0].rule));
      }
    }
    DeckSpec spec;
    bool has_start = false;
    for (const DeckEntry& e : d.deck) {
      const CardDef& def = d.cards->cards[e.card];
      const CardLabel& l = d.cards->labels[e.card];
      // Abilities beyond the keywords, and Evol Seed's effect, come from the Python effect compiler (card-data ZC14)
      if (options.effects && (l.has_text || def.has(kEvolSeed))) {
        throw GameError(field, l.number + " " + l.name_en + " has an ability the C++ loader cannot compile (its "
                        "definition is in the card set's Python effects module); play with Options::effects = "
                        "false", "Z11.7");
      }
      has_start = has_start || (def.is_zx() && def.has(kStartCard));
      for (int k = 0; k < e.count; ++k) spec.cards.push_back(static_cast<uint16_t>(table_index(d, e.card)));
    }
    spec.player_card = d.players.empty() ? -1 : table_index(d, d.players[0]);
    spec.start_card = start_cards && has_start;
    specs.push_back(std::move(spec));
  }
  return std::make_shared<const Game>(std::move(table), std::move(specs), options, fx::Tables{}, std::move(names));
}

}  // namespace tcbg::zx
