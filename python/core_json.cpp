// Bindings of the core's JSON reader (tcbg/core/json.hpp), for its tests: a document read into Python values, to
// compare with Python's json module.
#include <pybind11/pybind11.h>

#include <string>

#include "tcbg/core/json.hpp"

namespace py = pybind11;
using tcbg::json::Type;
using tcbg::json::Value;

namespace {

py::object to_python(Value v) {
  switch (v.type()) {
    case Type::Null: return py::none();
    case Type::False: return py::bool_(false);
    case Type::True: return py::bool_(true);
    case Type::Int: {
      const tcbg::json::Node& n = v.node();
      py::object mag = py::int_(n.u);
      return n.negative ? py::reinterpret_steal<py::object>(PyNumber_Negative(mag.ptr())) : mag;
    }
    case Type::BigInt: return py::str("<big integer>");
    case Type::Float: return py::float_(v.as_double());
    case Type::String: return py::str(v.str().data(), v.str().size());
    case Type::Array: {
      py::list out;
      Value c = v.first();
      for (uint32_t k = 0; k < v.size(); ++k, c = c.next()) out.append(to_python(c));
      return out;
    }
    case Type::Object: {
      py::dict out;
      Value k = v.first();
      for (uint32_t m = 0; m < v.size(); ++m, k = k.next().next()) out[to_python(k)] = to_python(k.next());
      return out;
    }
  }
  return py::none();
}

}  // namespace

void bind_core_json(py::module_& m) {
  m.def(
      "json_parse",
      [](const std::string& text, int max_depth, int max_int_digits) -> py::tuple {
        tcbg::json::Document doc;
        tcbg::json::Limits limits;
        limits.max_depth = max_depth;
        limits.max_int_digits = max_int_digits;
        if (!doc.parse(text, limits)) {
          return py::make_tuple(false, doc.error(), doc.error_offset(), doc.error_line(), doc.error_column());
        }
        return py::make_tuple(true, to_python(doc.root()));
      },
      py::arg("text"), py::arg("max_depth") = 512, py::arg("max_int_digits") = 4300,
      "(True, value) for a JSON text the core reads, else (False, reason, offset, line, column). Integers beyond "
      "64 bits read as the string '<big integer>' (the core keeps only their digit count).");
}
