// Reading an X610Z position document (docs/state-format.md, "Positions as JSON", rules P1-P22) straight into the
// bytes State::deserialize reads: the fast path of game.state_from_json for a document's text.
//
// The reader runs every check of the reference reader (src/tcbg/x610z/position.py and position_effects.py) and
// makes, for a document that reader accepts, the same bytes. It names no errors: on any problem it refuses, and the
// caller runs the reference reader on the same text, which raises its PositionError naming the field and the rule.
// So the one contract is that this reader never accepts a document the reference reader refuses; where the
// reference reader is lenient in ways no document tcbg writes needs (a float 0.0 for a crystal's dot, Unicode
// digits in a card reference "Name (#N)", a lone surrogate in a string, a float too large for a double), this one
// refuses and leaves the document to it.
//
// A reader belongs to one game (its cards, board and card effects are looked up once) and keeps its buffers from
// document to document: reading allocates nothing once they have grown. Not thread-safe (one reader per thread).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tcbg/core/json.hpp"
#include "tcbg/x610z/game.hpp"

namespace tcbg::x610z {

class PositionReader {
 public:
  explicit PositionReader(std::shared_ptr<const Game> game);
  ~PositionReader();
  PositionReader(const PositionReader&) = delete;
  PositionReader& operator=(const PositionReader&) = delete;

  // The state bytes (State::deserialize) of the document `text` (UTF-8 JSON), or false when the reader refuses it;
  // refusal() then says which check refused (for tests and debugging, not for users: the reference reader words
  // the error). The rules engine's own checks (P15) run when the bytes are read into a State.
  bool read(std::string_view text, std::string& bytes);
  const char* refusal() const { return refusal_; }

  const Game& game() const { return *game_; }

 private:
  struct Work;  // what one read fills (position_read.cpp), kept from document to document
  friend class PositionRead;
  std::shared_ptr<const Game> game_;
  int n_ = 0;
  int num_instances_ = 0;
  bool effects_ = false;  // the game has card effects (load_game(effects=True))
  bool native_ = false;   // ... and abilities: the reference reader's `fx.native`
  const fx::Tables* tables_ = nullptr;
  // Looked up by the document's string_views, without making strings (C++20 heterogeneous lookup).
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  using Names = std::unordered_map<std::string, int, Hash, std::equal_to<>>;
  Names def_of_name_;  // card definitions by name
  Names dot_of_id_;
  std::vector<uint16_t> inst_def_;
  std::vector<uint8_t> inst_owner_;
  // Per (owner, definition): that owner's instances of the card, in instance order (the reference's by_name).
  std::vector<std::vector<uint16_t>> owned_;
  int num_defs_ = 0;
  std::vector<std::array<uint8_t, 3>> start_counters_;  // by definition (P16)
  std::array<int, kMaxPlayers> start_dot_{};            // each seat's start dot
  std::array<int8_t, kMaxDots> start_owner_{};          // the seat whose start dot a dot is, or -1

  json::Document doc_;
  std::unique_ptr<Work> work_;
  const char* refusal_ = "";
};

}  // namespace tcbg::x610z
