// The C++ loaders of tcbg's data files, without Python: every shipped board, Z/X card set and deck list reads as
// the Python readers read it, a Z/X game of two lists plays to its end, and broken files are refused with the
// typed error of their format's rule (docs/board-format.md, docs/zx/card-data.md, docs/zx/deck-format.md).
#include <cstdio>
#include <functional>
#include <string>

#include "check.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/x610z/board_file.hpp"
#include "tcbg/zx/deck_file.hpp"

using namespace tcbg;

namespace {

const std::string kData = TCBG_DATA_DIR;

// `load` throws an E whose rule ends with `rule` and whose message holds `words`.
template <class E>
void refused(const char* what, const std::function<void()>& load, const std::string& rule, const std::string& words) {
  try {
    load();
    CHECK(false, "%s: accepted", what);
  } catch (const E& e) {
    const std::string& r = e.rule();
    CHECK(r.size() >= rule.size() && r.compare(r.size() - rule.size(), rule.size(), rule) == 0,
          "%s: rule %s, expected %s (%s)", what, r.c_str(), rule.c_str(), e.what());
    CHECK(std::string(e.what()).find(words) != std::string::npos, "%s: '%s' lacks '%s'", what, e.what(),
          words.c_str());
  } catch (const std::exception& e) {
    CHECK(false, "%s: wrong exception type: %s", what, e.what());
  }
}

std::string board_doc(const std::string& dots, const std::string& lines, const std::string& setups) {
  return R"({"format": "tcbg-board/1", "name": "t", "dots": [)" + dots + R"(], "lines": [)" + lines +
         R"(], "setups": )" + setups + "}";
}
const std::string kDots = R"({"id": "s0", "x": 0, "y": -2, "kinds": ["start"]}, {"id": "m", "x": 0, "y": 0},
                             {"id": "s1", "x": 0, "y": 2, "kinds": ["start"]})";
const std::string kLines = R"({"a": "s0", "b": "m"}, {"a": "m", "b": "s1"})";
const std::string kSetups = R"({"1v1": {"seats": ["s0", "s1"]}})";

void boards() {
  const auto existenz = x610z::load_board(kData + "/x610z/boards/existenz.json");
  CHECK(existenz.name == "existenz" && existenz.board->rules() == x610z::Rules::Existenz, "existenz's name, rules");
  // The board's own description (docs/boards.md): 12 start dots, 8 rings of 24, 12 end dots.
  CHECK(existenz.board->num_dots() == 12 + 8 * 24 + 12, "existenz has %d dots", existenz.board->num_dots());
  const int setup = existenz.setup("1v1");
  CHECK(existenz.board->setup(setup).num_seats == 2 && existenz.board->setup(setup).start[1] == existenz.dot("s-06"),
        "existenz's 1v1 seats s-00 and s-06");
  CHECK(existenz.board->has_kind(existenz.dot("r4-00"), x610z::kWarp), "r4-00 is a warp dot");
  const auto act1 = x610z::load_board(kData + "/x610z/boards/act1.json");
  CHECK(act1.board->rules() == x610z::Rules::Act1, "act1's rules");
  CHECK(x610z::load_board(kData + "/x610z/boards/act1.json", x610z::Rules::Existenz).board->rules() ==
            x610z::Rules::Existenz, "the rules override");
  const auto tiny = x610z::parse_board(board_doc(kDots, kLines, R"({"2v": {"seats": ["s1", "s0"], "teams": [7, 9]}})"));
  CHECK(tiny.board->setup(0).start[0] == 2 && tiny.board->setup(0).team[1] == 1, "seats in turn order, dense teams");

  using E = BoardError;
  refused<E>("missing file", [] { x610z::load_board(kData + "/x610z/boards/none.json"); }, "B1", "no such file");
  refused<E>("not JSON", [] { x610z::parse_board("{\"format\": ", "b.json"); }, "B1", "b.json: board: not valid JSON");
  refused<E>("format", [] { x610z::parse_board(R"({"format": "tcbg-board/2", "name": "t", "dots": [], "lines": [],
      "setups": {}})"); }, "B1", "format must be 'tcbg-board/1'");
  refused<E>("unknown field", [] { x610z::parse_board(board_doc(kDots, kLines, kSetups).insert(1, "\"x\": 1, ")); },
             "B1", "unknown field 'x'");
  refused<E>("bool coordinate", [] { x610z::parse_board(board_doc(R"({"id": "a", "x": true, "y": 0})", "", kSetups)); },
             "B2", "x must be an integer");
  refused<E>("unknown kind", [] { x610z::parse_board(board_doc(R"({"id": "a", "x": 0, "y": 0, "kinds": ["red"]})", "",
                                                               kSetups)); }, "B2", "unknown kind 'red'");
  refused<E>("duplicate id", [] { x610z::parse_board(board_doc(kDots + R"(, {"id": "m", "x": 5, "y": 5})", kLines,
                                                               kSetups), "d.json"); },
             "B3", "d.json: dot 3 'm': a dot with this id already exists (dot 1)");
  refused<E>("line end", [] { x610z::parse_board(board_doc(kDots, R"({"a": "s0", "b": "q"})", kSetups)); }, "B5",
             "line 0 (s0-q): b names no dot of this board: 'q'");
  refused<E>("zero direction", [] { x610z::parse_board(board_doc(kDots, R"({"a": "s0", "b": "m", "leave_a": [0, 0]})",
                                                                 kSetups)); }, "B5", "not [0, 0]");
  refused<E>("no setup", [] { x610z::parse_board(board_doc(kDots, kLines, "{}")); }, "B12", "at least one setup");
  refused<E>("seat", [] { x610z::parse_board(board_doc(kDots, kLines, R"({"1v1": {"seats": ["s0", "z"]}})")); },
             "B11", "seat 'z' names no dot");
  // Values are the Board's to check; its errors name the file too.
  refused<E>("a line to itself", [] { x610z::parse_board(board_doc(kDots, kLines + R"(, {"a": "m", "b": "m"})",
                                                                   kSetups), "self.json"); }, "B6", "self.json: ");
  refused<E>("not connected", [] { x610z::parse_board(board_doc(kDots + R"(, {"id": "far", "x": 9, "y": 9})", kLines,
                                                                kSetups)); }, "B10", "");
  refused<E>("setup name", [&] { existenz.setup("9v9"); }, "B11", "no such setup");
}

std::string card_set(const std::string& cards) {
  return R"({"format": "tcbg-zx-cards/1", "name": "tiny", "cards": [)" + cards + "]}";
}
const std::string kCard = R"({"number": "T01-001", "name": "見習いの剣士", "name_en": "Apprentice Swordsman",
    "type": "Z/X", "colours": ["red"], "race": "Brave", "cost": 3, "power": 5000, "icon": "IG",
    "keywords": ["Life Recovery"]})";

void card_sets() {
  const auto vanilla = zx::load_card_set(kData + "/zx/cardsets/vanilla.json");
  int ignition = 0;
  for (const auto& c : vanilla.cards) ignition += c.ignition;
  CHECK(vanilla.name == "vanilla" && vanilla.size() == 34 && ignition == 15, "vanilla: 34 cards, 15 Ignition");
  const auto starter = zx::load_card_set(kData + "/zx/cardsets/starter-2012.json");
  CHECK(starter.size() == 76, "starter-2012 has %d cards", starter.size());
  const int a = starter.index("C01-015"), b = starter.index("C03-016"), c = starter.index("C01-003");
  CHECK(a >= 0 && b >= 0 && starter.cards[a].name_id == starter.cards[b].name_id &&
            starter.cards[a].name_id != starter.cards[c].name_id, "reprints share a name_id (ZC4)");
  // ZD4: names compared whatever their case, widths and runs of spaces
  CHECK(starter.lookup("crimson fang,   RUBY howl") == std::vector<int>{c}, "English names ignore case and spaces");
  CHECK(starter.lookup("豪胆なる熊武士 坂田金時") == std::vector<int>{starter.index("C01-007")},
        "an ASCII space finds the ideographic one");
  CHECK(starter.lookup("Ｃ０１－００３") == std::vector<int>{c}, "full-width forms find the number");
  CHECK(starter.labels[c].has_text && !vanilla.labels[5].has_text, "ability text is noted");
  // first-era: a card of two races, a Player card of the dragon colour, Events with Evol Seed, abilities counted
  const auto era = zx::load_card_set(kData + "/zx/cardsets/first-era.json");
  CHECK(era.size() == 646, "first-era has %d cards", era.size());
  const int feles = era.index("B05-073"), dragon = era.index("B02-104"), seed = era.index("B04-040");
  CHECK(feles >= 0 && era.cards[feles].race_id == 13 && era.labels[feles].second_race_id == 10,
        "B05-073 is a Demon and a Cait Sith (ZC7)");
  CHECK(dragon >= 0 && era.cards[dragon].colours == 0 && era.cards[dragon].type == zx::CardType::Player,
        "the dragon colour has no core bit (ZC6)");
  CHECK(seed >= 0 && era.cards[seed].has(zx::kEvolSeed) && era.labels[seed].has_text, "an Event with Evol Seed");
  CHECK(!era.labels[era.index("B01-003")].has_text, "a vanilla booster card has no abilities");

  using E = CardError;
  CHECK(zx::parse_card_set(card_set(kCard)).cards[0].has(zx::kLifeRecovery), "the example card of card-data.md");
  refused<E>("no cards", [] { zx::parse_card_set(card_set("")); }, "ZC1", "non-empty list");
  refused<E>("number", [] { zx::parse_card_set(card_set(R"({"number": "c01-3", "name": "a", "name_en": "a",
      "type": "Player", "colours": []})")); }, "ZC3", "number must be a card number");
  refused<E>("power", [] { zx::parse_card_set(card_set(R"({"number": "T01-001", "name": "a", "name_en": "a",
      "type": "Z/X", "colours": ["red"], "race": "Brave", "cost": 3, "power": -5})"), "my.json"); }, "ZC9",
      "my.json: card 0 T01-001: power must be a whole number from 0 to 99999, not -5");
  refused<E>("Life Recovery without Ignition", [] { std::string card = kCard;
      card.replace(card.find(R"("icon": "IG",)"), 13, ""); zx::parse_card_set(card_set(card)); }, "ZC11",
      "Ignition icon");
  refused<E>("race on an Event", [] { zx::parse_card_set(card_set(R"({"number": "T01-002", "name": "b",
      "name_en": "b", "type": "Event", "colours": [], "cost": 1, "race": "Brave"})")); }, "ZC7", "has no race");
  refused<E>("two numbers", [] { zx::parse_card_set(card_set(kCard + "," + kCard)); }, "ZC3", "already card 0's");
  refused<E>("two English names", [] { std::string other = kCard;
      other.replace(other.find("T01-001"), 7, "T01-002");
      other.replace(other.find("Apprentice Swordsman"), 20, "Apprentice Fencer");
      zx::parse_card_set(card_set(kCard + "," + other)); }, "ZC4", "a name has one English name");
  refused<E>("unknown field", [] { std::string card = kCard; card.insert(1, R"("flavour": "x", )");
      zx::parse_card_set(card_set(card)); }, "ZC2", "unknown field 'flavour'");
}

void decks_and_games() {
  const std::string dir = kData + "/zx/decklists/";
  for (const char* name : {"c01-white-red", "c02-black-blue", "c03-blue-white", "c04-green-red", "vanilla-red-blue",
                           "vanilla-white-black"}) {
    const auto deck = zx::load_deck(dir + name + ".txt");
    CHECK(deck.name == name && deck.total() == 50 && deck.players.size() == 1 && deck.dynamis.empty(),
          "%s: 50 cards and a Player card", name);
    CHECK(deck.check().empty(), "%s is legal (docs/zx/deck-format.md, the shipped decks)", name);
  }
  const auto red = zx::load_deck(dir + "vanilla-red-blue.txt");
  const auto white = zx::load_deck(dir + "vanilla-white-black.txt");
  CHECK(red.cards->labels[red.players[0]].name_en == "Pilot Akane", "the Player card");
  const auto game = zx::make_game(red, white);
  CHECK(game->deck_size(0) == 50 && game->deck_size(1) == 50 && game->deck(0).start_card, "two decks of 50");
  zx::State state(game, 7);
  zx::ActionList actions;
  int decisions = 0;
  while (!state.is_terminal() && decisions < 20000) {
    state.legal_actions(actions);
    CHECK(actions.size > 0, "a decision with no action");
    if (actions.size == 0) break;
    for (int k = 0; k < actions.size; ++k) CHECK(!state.action_to_string(actions.ids[k]).empty(), "an action text");
    state.apply_action(actions.ids[decisions % actions.size]);
    CHECK(state.invariant_violation().empty(), "%s", state.invariant_violation().c_str());
    ++decisions;
  }
  CHECK(state.is_terminal(), "the game did not end in %d decisions", decisions);

  // Starter cards have abilities only Python compiles: refused with effects, played as their data without.
  const auto c01 = zx::load_deck(dir + "c01-white-red.txt"), c02 = zx::load_deck(dir + "c02-black-blue.txt");
  refused<GameError>("abilities", [&] { zx::make_game(c01, c02); }, "Z11.7", "Options::effects = false");
  zx::Options vanilla_play;
  vanilla_play.effects = false;
  CHECK(zx::make_game(c01, c02, vanilla_play)->deck_size(1) == 50, "starters played as vanilla");

  // A first-era list mixes starter and booster cards, some with abilities (C01-003 written in Python, B01-001 not
  // yet): refused with effects, played as their data without (docs/zx/card-data.md, "The shipped set first-era").
  const std::string era_text =
      "Card set: first-era\nPlayer: C04-001\nDeck:\n4 B01-002\n4 B04-002\n4 C01-003\n3 B05-003\n1 B01-001\n"
      "4 C04-014\n4 C04-004\n4 B01-013\n4 B02-013\n4 C04-018\n4 Brave Fennel\n4 B05-014\n3 C04-020\n3 B01-089\n";
  const auto era = zx::parse_deck(era_text, "era.txt", dir);
  CHECK(era.cards->name == "first-era" && era.total() == 50 && era.check().empty(), "a legal first-era list");
  refused<GameError>("era abilities", [&] { zx::make_game(era, era); }, "Z11.7", "C01-003 Crimson Fang, Ruby Howl");
  zx::State era_state(zx::make_game(era, era, vanilla_play), 3);
  for (int k = 0; k < 2000 && !era_state.is_terminal(); ++k) {
    era_state.legal_actions(actions);
    era_state.apply_action(actions.ids[k % actions.size]);
    CHECK(era_state.invariant_violation().empty(), "%s", era_state.invariant_violation().c_str());
  }

}

void deck_errors() {
  const std::string dir = kData + "/zx/decklists/";
  const std::string head = "Card set: vanilla\nPlayer: Pilot Akane\n";
  auto parse = [&](const std::string& text) { return zx::parse_deck(text, "d.txt", dir); };
  using E = DeckError;
  refused<E>("twice", [&] { parse(head + "Deck:\n4x Ember Hound  # a comment\n2 x ember  hound\n"); }, "ZD7",
             "d.txt: line 5: VAN-003");
  const auto few = parse("\xEF\xBB\xBF" + head + "\n# c\n4x Ember Hound  # a comment\nDynamis:\n1 VAN-005\n");
  CHECK(few.deck.size() == 1 && few.deck[0].count == 4 && few.dynamis.size() == 1, "sections and counts");
  CHECK(few.check().size() >= 2, "a short deck breaks 401.1a and 401.5");
  refused<GameError>("an illegal deck", [&] { zx::make_game(few, few); }, "401.1a", "breaks deck construction");
  refused<E>("no set", [&] { parse("4 Ember Hound\n"); }, "ZD2", "a card before the 'Card set: NAME' line");
  refused<E>("no set line", [&] { parse("# only a comment\n"); }, "ZD2", "no 'Card set: NAME' line");
  refused<E>("unknown set", [&] { parse("Card set: vanila\n"); }, "ZD2", "unknown card set 'vanila'");
  refused<E>("two sets", [&] { parse(head + "Card set: vanilla\n"); }, "ZD2", "a second 'Card set:' line");
  refused<E>("unknown card", [&] { parse(head + "4 Ember Hund\n"); }, "ZD4", "no card 'Ember Hund' in set 'vanilla'");
  refused<E>("not a Player card", [&] { parse("Card set: vanilla\nPlayer: Ember Hound\n"); }, "ZD6",
             "the 'Player:' line names a Player card");
  refused<E>("leading zero", [&] { parse(head + "04 Ember Hound\n"); }, "ZD5", "leading zero");
  refused<E>("zero", [&] { parse(head + "0 Ember Hound\n"); }, "ZD5", "is 0");
  refused<E>("too many", [&] { parse(head + "10000 Ember Hound\n"); }, "ZD5", "more than 9999");
  refused<E>("sign", [&] { parse(head + "+4 Ember Hound\n"); }, "ZD3", "has a sign");
  refused<E>("no card", [&] { parse(head + "4x\n"); }, "ZD3", "has a count but no card");
  refused<E>("no line of a list", [&] { parse(head + "Ember Hound\n"); }, "ZD3", "is not a line of a deck list");
  refused<E>("names nothing", [&] { parse("Card set:\n"); }, "ZD3", "names nothing");
  refused<E>("not UTF-8", [&] { parse(head + "4 Ember \xff Hound\n"); }, "ZD1", "line 3: not UTF-8");
  refused<E>("the given set", [&] {
    auto set = std::make_shared<const zx::CardSet>(zx::load_card_set(kData + "/zx/cardsets/starter-2012.json"));
    zx::parse_deck(head, "d.txt", dir, set);
  }, "ZD2", "it is read with 'starter-2012'");
  refused<E>("missing list", [&] { zx::load_deck(dir + "none.txt"); }, "ZD1", "no such file");
}

}  // namespace

int main() {
  for (auto part : {boards, card_sets, decks_and_games, deck_errors}) {
    try {
      part();
    } catch (const std::exception& e) {
      CHECK(false, "unexpected: %s", e.what());
    }
  }
  return tcbg_test::report("data files");
}
