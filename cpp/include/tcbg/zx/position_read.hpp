// Reading a Z/X position document (docs/zx/state-format.md, "Positions as JSON", rules ZP1-ZP13) straight into the
// bytes State::deserialize reads (ZP14-ZP16 are checked there): the fast path of game.state_from_json for a
// document's text, as tcbg/x610z/position_read.hpp is X610Z's.
//
// The reader makes every check of the reference reader (src/tcbg/zx/position.py) and, for a document that reader
// accepts, the same bytes (position_bytes.encode's: zero wherever the engine keeps nothing). It names no errors: on
// any problem it refuses, and the caller runs the reference reader on the same text, which raises its PositionError
// naming the field and the rule. So the one contract is that this reader never accepts a document the reference
// reader refuses; where the reference is lenient in ways no document tcbg writes needs (a lone surrogate in a
// string, a card number written with leading zeros), this one refuses and leaves the document to it.
//
// A reader belongs to one game (its cards' names and owners looked up once) and keeps its buffers from document to
// document. Not thread-safe (one reader per thread).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tcbg/core/json.hpp"
#include "tcbg/zx/game.hpp"

namespace tcbg::zx {

class PositionReader {
 public:
  // `deck_names`: the game's two deck names, as documents give them in game.decks (ZP2).
  PositionReader(std::shared_ptr<const Game> game, std::vector<std::string> deck_names);

  // The state bytes (State::deserialize) of the document `text` (UTF-8 JSON), or false when the reader refuses it;
  // refusal() then says which check refused (for tests and debugging; the reference reader words the error).
  bool read(std::string_view text, std::string& bytes);
  const char* refusal() const { return refusal_; }

 private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  void read_core(Core& c);
  void read_frame(json::Value f, int k, Core& c);
  int ref_of(json::Value v, bool allow_none) const;
  std::shared_ptr<const Game> game_;
  std::vector<std::string> deck_names_;
  std::string fingerprint_hex_;
  std::unordered_map<std::string, int, Hash, std::equal_to<>> refs_;  // "Name #N" -> N
  std::vector<std::string> names_;                                    // by instance
  json::Document doc_;
  std::vector<uint8_t> seen_;
  const char* refusal_ = "";
};

}  // namespace tcbg::zx
