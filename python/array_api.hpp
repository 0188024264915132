// The numpy arrays a binding writes into, checked on every call (a few comparisons): an observation's `out=`
// (observation_api.hpp) and the batched environment's outputs (vector_env.hpp). A wrong array is a tcbg.GameError
// naming the field and what it must be, never a write out of bounds.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "tcbg/core/error.hpp"

namespace tcbg::bindings {

namespace py = pybind11;

// The size a written array must have: rows x cols (cols 0: one dimension of rows); `flat`: rows * (cols or 1)
// elements in any shape.
struct ArraySize {
  int64_t rows = 0;
  int64_t cols = 0;
  bool flat = false;
};

// `obj` as the T* of a writable, C-contiguous numpy array of dtype T and of `size`, or GameError(field, ..., rule);
// `what` says where the size comes from (appended to the message when given).
template <class T>
T* writable_array(const py::object& obj, const std::string& field, ArraySize size, const std::string& rule,
                  const std::string& what = "") {
  auto dtype = [] { return std::string(py::str(py::dtype::of<T>())); };  // for a message only
  if (!py::isinstance<py::array>(obj)) throw GameError(field, "expected a numpy " + dtype() + " array", rule);
  auto a = py::reinterpret_borrow<py::array>(obj);
  const int64_t count = size.rows * (size.cols ? size.cols : 1);
  const bool shaped = size.flat ? a.size() == count
                      : size.cols == 0 ? (a.ndim() == 1 && a.shape(0) == size.rows)
                                       : (a.ndim() == 2 && a.shape(0) == size.rows && a.shape(1) == size.cols);
  if (!a.dtype().is(py::dtype::of<T>()) || !shaped || !(a.flags() & py::array::c_style) || !a.writeable()) {
    const std::string shape = size.flat ? std::to_string(count) + " elements"
                              : size.cols == 0 ? "shape (" + std::to_string(size.rows) + ",)"
                                               : "shape (" + std::to_string(size.rows) + ", " + std::to_string(size.cols) + ")";
    throw GameError(field, "expected a writable C-contiguous " + dtype() + " array of " + shape +
                               (what.empty() ? std::string() : " (" + what + ")"), rule);
  }
  return static_cast<T*>(a.mutable_data());
}

}  // namespace tcbg::bindings
