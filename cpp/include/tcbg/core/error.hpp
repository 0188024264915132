// Typed errors of the core. Each names where the problem is, what is wrong and the rule broken; the Python
// bindings turn them into tcbg.BoardError / tcbg.PositionError with the same message.
#pragma once

#include <stdexcept>
#include <string>

namespace tcbg {

class Error : public std::runtime_error {
 public:
  Error(std::string where, std::string reason, std::string rule)
      : std::runtime_error(where + ": " + reason + (rule.empty() ? "" : " [" + rule + "]")),
        where_(std::move(where)), reason_(std::move(reason)), rule_(std::move(rule)) {}
  const std::string& where() const noexcept { return where_; }
  const std::string& reason() const noexcept { return reason_; }
  const std::string& rule() const noexcept { return rule_; }

 private:
  std::string where_, reason_, rule_;
};

// A board definition breaks a rule of docs/board-format.md (rule is "B1" ... "B12").
class BoardError : public Error {
  using Error::Error;
};

// A query or position is malformed (a stat out of range, a player with no seat, ...). `where` names the field.
class PositionError : public Error {
  using Error::Error;
};

// A game configuration is malformed (decks that do not fit the setup, an unknown card, ...).
class GameError : public Error {
  using Error::Error;
};

// A card set file breaks a rule of its format (docs/zx/card-data.md ZC1-ZC13); `where` starts with the file.
class CardError : public Error {
  using Error::Error;
};

// A deck list file breaks a rule of its format (docs/zx/deck-format.md ZD1-ZD7); `where` starts with the file.
class DeckError : public Error {
  using Error::Error;
};

// An action that is not legal in the state it is applied to. The state is unchanged.
class IllegalActionError : public Error {
  using Error::Error;
};

}  // namespace tcbg
