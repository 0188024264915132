// Loading an X610Z board file (`tcbg-board/1`, docs/board-format.md) from C++, without Python: the shipped boards
// (src/tcbg/x610z/boards/*.json) and any file of that format.
//
// The loader checks the document's structure (rules B1, B2, B3, B5, B11, B12, as the Python reader
// src/tcbg/x610z/board_file.py does) and the Board it builds checks the values (B2, B4 to B12). Every problem
// throws tcbg::BoardError whose where() starts with the file's name and names the dot, line or setup:
//
//   my/board.json: line 7 (d3-d4): a line between these two dots already exists (line 2) [B7]
//
//   tcbg::x610z::BoardFile file = tcbg::x610z::load_board("src/tcbg/x610z/boards/existenz.json");
//   int setup = file.setup("1v1");               // the setup's index; file.board->setup(setup).num_seats == 2
//   int dot = file.dot("s-00");                  // a dot's index by its id
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tcbg/x610z/board.hpp"

namespace tcbg::x610z {

struct BoardFile {
  std::string name;         // the document's "name"
  std::string description;  // its "description", or ""
  std::shared_ptr<const Board> board;
  // The index of the setup or dot of that name; throws tcbg::BoardError naming the known ones when there is none.
  int setup(std::string_view name) const;
  int dot(std::string_view id) const;
};

// The board of a `tcbg-board/1` document. `file` names the document in errors; `rules` overrides the file's
// "rules" (default edition: existenz), as Board.load(..., rules=) does in Python.
BoardFile parse_board(std::string_view json_text, const std::string& file = "<text>",
                      std::optional<Rules> rules = std::nullopt);
// The same from a file's path (a file that cannot be read is a BoardError of rule B1 too).
BoardFile load_board(const std::string& path, std::optional<Rules> rules = std::nullopt);

}  // namespace tcbg::x610z
