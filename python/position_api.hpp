// The binding every game's fast position reader shares (docs/architecture.md, "What the games share"): a reader
// class with `bool read(std::string_view text, std::string& bytes)` and `std::string_view refusal()` (the core's
// x610z::PositionReader and zx::PositionReader) gets `read(text)`, the state bytes of a document or None where the
// Python reader must decide (and word the error), and `refusal`, which check refused the last one.
#pragma once

#include <Python.h>
#include <pybind11/pybind11.h>

#include <string>
#include <string_view>

namespace tcbg::bindings {

template <class Reader>
void def_position_reader(pybind11::class_<Reader>& reader) {
  namespace py = pybind11;
  reader
      .def(
          "read",
          [](Reader& r, py::handle text) -> py::object {
            if (!PyUnicode_Check(text.ptr())) return py::none();
            Py_ssize_t size = 0;
            const char* utf8 = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
            if (utf8 == nullptr) {  // a lone surrogate: no UTF-8 form; the Python reader decides
              PyErr_Clear();
              return py::none();
            }
            thread_local std::string bytes;  // reused: no allocation per document once grown
            if (!r.read(std::string_view(utf8, static_cast<size_t>(size)), bytes)) return py::none();
            return py::bytes(bytes);
          },
          py::arg("text"),
          "The state bytes (for the core State) of the document `text`, or None when this reader refuses it.")
      .def_property_readonly("refusal", [](const Reader& r) { return std::string(r.refusal()); },
                             "Which check refused the last document (empty after one read).");
}

}  // namespace tcbg::bindings
