// Bindings of the fast position reader (tcbg/x610z/position_read.hpp): tcbg.x610z.position reads a document's text
// with it and falls back to its own reader, which words the error, whenever it refuses.
#include <Python.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "tcbg/x610z/position_read.hpp"
#include "position_api.hpp"

namespace py = pybind11;
using namespace tcbg::x610z;

void bind_x610z_position(py::module_& m) {
  py::class_<PositionReader> reader(m, "PositionReader",
                                    "Reads position documents of one game into state bytes (docs/state-format.md, "
                                    "\"Positions as JSON\"); refuses, returning None, where the Python reader "
                                    "decides.");
  reader.def(py::init([](std::shared_ptr<Game> game) { return std::make_unique<PositionReader>(std::move(game)); }));
  tcbg::bindings::def_position_reader(reader);
}
