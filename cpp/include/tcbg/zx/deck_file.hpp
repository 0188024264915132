// Z/X card sets and deck lists from C++, without Python: the card data format `tcbg-zx-cards/1`
// (docs/zx/card-data.md, rules ZC1 to ZC13), the deck list format (docs/zx/deck-format.md, ZD1 to ZD7), and a Game
// of two deck lists as tcbg.zx.load_game builds it.
//
//   auto red = tcbg::zx::load_deck("share/tcbg/zx/decklists/vanilla-red-blue.txt");
//   auto white = tcbg::zx::load_deck("share/tcbg/zx/decklists/vanilla-white-black.txt");
//   std::shared_ptr<const tcbg::zx::Game> game = tcbg::zx::make_game(red, white);
//   tcbg::zx::State state(game, /*seed=*/7);
//
// What only Python has: a card's abilities beyond its keywords (`text`) are written in the Python effect language
// and compiled by tcbg.zx.effects (card-data ZC14), so a C++ game runs them only when given their compiled tables.
// make_game refuses a deck with such a card unless Options::effects is false (every card played as its data and
// keywords, rules.md Z11.7), as load_game(effects=...) does for a card without a definition. The shipped `vanilla`
// set has no such card.
//
// Where the Python readers compare names after Unicode NFKC (ZD4), these compare them after ASCII case folding,
// full-width ASCII forms and the ideographic space made plain, and runs of spaces made one: every shipped list
// reads the same; a name that needs more of NFKC is refused (name the card by its number). Errors are
// tcbg::CardError (card sets) and tcbg::DeckError (deck lists), whose where() starts with the file's name.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tcbg/zx/card.hpp"
#include "tcbg/zx/deck_check.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

// What a card set says of a card beyond the core's CardDef: how people name it.
struct CardLabel {
  std::string number, name, name_en, type;
  std::string icon;       // "IG", "ES" or ""
  bool has_text = false;  // abilities beyond its keywords, a text or a count (compiled by Python only)
  uint16_t second_race_id = 0;  // a card of two races: the second (the first is CardDef::race_id); 0: none
  std::string label() const { return number + " " + name + " (" + name_en + ")"; }
};

struct CardSet {
  std::string name;
  std::string file;
  std::vector<CardDef> cards;     // in set order (CardSet.to_core()); name_id numbers the names from 1
  std::vector<CardLabel> labels;  // the same order
  int size() const { return static_cast<int>(cards.size()); }
  int index(std::string_view number) const;  // the card of this number, or -1
  // The cards `text` names: its number, Japanese name or English name (ZD4, as compared above); [] when none.
  std::vector<int> lookup(std::string_view text) const;
};

CardSet parse_card_set(std::string_view json_text, const std::string& file = "<text>");
CardSet load_card_set(const std::string& path);

struct DeckFile {
  std::string name;                     // the file's name without folder and ".txt"
  std::shared_ptr<const CardSet> cards;
  std::vector<int> players;             // Player: lines (card indices); more than one is a 401.7 violation
  std::vector<int> prepared;            // Prepared: lines
  std::vector<DeckEntry> deck, dynamis; // (card index, count), in file order
  int total() const;                    // cards in the deck
  // Every deck construction rule (CR 401) the list breaks, as tcbg::zx::check_deck reports them; [] when legal.
  std::vector<DeckViolation> check() const;
};

// A deck list's text. Its `Card set: NAME` line names `cards` when given (ZD2: it must then be that set's name);
// else NAME.json is read beside the list (`folder`), and a NAME without ".json" from `card_set_dirs`, then from
// `folder`/../cardsets (where the shipped lists find the shipped sets, in the source tree and installed alike).
DeckFile parse_deck(std::string_view text, const std::string& source = "<text>", const std::string& folder = ".",
                    std::shared_ptr<const CardSet> cards = nullptr,
                    const std::vector<std::string>& card_set_dirs = {});
DeckFile load_deck(const std::string& path, std::shared_ptr<const CardSet> cards = nullptr,
                   const std::vector<std::string>& card_set_dirs = {});

// A Game of two deck lists, as tcbg.zx.load_game builds it: each deck's cards in file order (the first the top of
// an unshuffled deck), its Player card or none, a Start Card start when `start_cards` and the deck has one
// (rules.md Z5.2). Decks must be legal (CR 401) unless `check_decks` is false: tcbg::GameError names the deck and
// the first rule broken. Action texts name cards by their English names.
std::shared_ptr<const Game> make_game(const DeckFile& first, const DeckFile& second, Options options = {},
                                      bool start_cards = true, bool check_decks = true);

}  // namespace tcbg::zx
