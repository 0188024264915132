// Bindings of the fast Z/X position reader (tcbg/zx/position_read.hpp): tcbg.zx.position reads a document's text
// with it and falls back to its own reader, which words the error, whenever it refuses.
#include <Python.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "tcbg/zx/position_read.hpp"

namespace py = pybind11;
using namespace tcbg::zx;

void bind_zx_position(py::module_& m) {
  py::class_<PositionReader>(m, "PositionReader",
                             "Reads Z/X position documents of one game into state bytes (docs/zx/state-format.md, "
                             "\"Positions as JSON\"); refuses, returning None, where the Python reader decides.")
      .def(py::init([](std::shared_ptr<Game> game, std::vector<std::string> decks) {
             return std::make_unique<PositionReader>(std::move(game), std::move(decks));
           }),
           py::arg("game"), py::arg("deck_names"))
      .def(
          "read",
          [](PositionReader& r, py::handle text) -> py::object {
            if (!PyUnicode_Check(text.ptr())) return py::none();
            Py_ssize_t size = 0;
            const char* utf8 = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
            if (utf8 == nullptr) {  // a lone surrogate: no UTF-8 form; the Python reader decides
              PyErr_Clear();
              return py::none();
            }
            thread_local std::string bytes;
            if (!r.read(std::string_view(utf8, static_cast<size_t>(size)), bytes)) return py::none();
            return py::bytes(bytes);
          },
          py::arg("text"),
          "The state bytes (for the core State) of the document `text`, or None when this reader refuses it.")
      .def_property_readonly("refusal", [](const PositionReader& r) { return std::string(r.refusal()); },
                             "Which check refused the last document (empty after one read).");
}
