// A Z/X card definition as the core sees it (docs/zx/card-data.md): the printed facts the rules read. Names,
// numbers and texts stay in Python (tcbg.zx.cards); the core keeps one flat, trivially copyable record per card.
#pragma once

#include <cstdint>
#include <type_traits>

namespace tcbg::zx {

// Colours as bits, so a card of two colours is two bits (docs/zx/rules.md on multi-colour costs).
enum Colour : uint8_t {
  kRed = 1 << 0,
  kBlue = 1 << 1,
  kWhite = 1 << 2,
  kBlack = 1 << 3,
  kGreen = 1 << 4,
  kColourless = 0,  // a cost of no colour: paid with any Resource
};
inline constexpr int kNumColours = 5;

// Card types (CR 202). Only Z/X and Event cards may be in a deck (401.6); the Player card is prepared apart (401.7);
// the Extra, Overboost and Shift kinds belong to the Dynamis (401.9).
enum class CardType : uint8_t {
  ZX = 0,
  Event = 1,
  Player = 2,
  ZXExtra = 3,
  Overboost = 4,
  Shift = 5,
  EventExtra = 6,
  PlayerExtra = 7,
};
inline constexpr int kNumCardTypes = 8;

// Keyword abilities the rules engine runs itself (CR 1100s and the card texts of sources.md 1.3).
enum Keyword : uint16_t {
  kStartCard = 1 << 0,      // may start the game on its owner's Player Square (CR 1101)
  kLifeRecovery = 1 << 1,   // played from Life on player damage: recover 1 when Life <= the opponent's (CR 1102)
  kVoidBringer = 1 << 2,    // played from Life on player damage: may put one Z/X on a Square into Trash (CR 1103)
  kRange2 = 1 << 3,         // may attack a Square at distance 2
  kRangeInfinity = 1 << 4,  // may attack any Square
  kIsolate = 1 << 5,        // no card effect may choose this card
  kEvolSeed = 1 << 6,       // triggers when put from the deck into Trash (its effect comes with the card's ability)
};

inline constexpr int16_t kInfiniteCost = -1;  // a cost of infinity cannot be paid (CR 203)

struct CardDef {
  uint16_t name_id = 0;      // cards with the same name share it (401.2 counts names, not numbers)
  uint16_t race_id = 0;      // 0: none (Events, Player cards)
  CardType type = CardType::ZX;
  uint8_t colours = 0;       // Colour bits
  int16_t cost = 0;          // kInfiniteCost for infinity
  int32_t power = 0;         // Z/X only; 0 otherwise
  uint16_t keywords = 0;     // Keyword bits
  bool ignition = false;     // the Ignition icon (207.3)
  bool sealed = false;       // the Seal God designation: never in a deck
  bool legend = false;       // the Legend designation: at most one copy in a deck

  bool has(Keyword k) const { return (keywords & k) != 0; }
  bool is_zx() const { return type == CardType::ZX; }
};
static_assert(std::is_trivially_copyable_v<CardDef>);

}  // namespace tcbg::zx
