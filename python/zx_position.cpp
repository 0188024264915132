// Bindings of the fast Z/X position reader (tcbg/zx/position_read.hpp): tcbg.zx.position reads a document's text
// with it and falls back to its own reader, which words the error, whenever it refuses.
#include <Python.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "tcbg/zx/position_read.hpp"
#include "position_api.hpp"

namespace py = pybind11;
using namespace tcbg::zx;

void bind_zx_position(py::module_& m) {
  py::class_<PositionReader> reader(m, "PositionReader",
                                    "Reads Z/X position documents of one game into state bytes "
                                    "(docs/zx/state-format.md, \"Positions as JSON\"); refuses, returning None, "
                                    "where the Python reader decides.");
  reader.def(py::init([](std::shared_ptr<Game> game, std::vector<std::string> decks) {
             return std::make_unique<PositionReader>(std::move(game), std::move(decks));
           }),
           py::arg("game"), py::arg("deck_names"));
  tcbg::bindings::def_position_reader(reader);
}
