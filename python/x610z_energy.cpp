// Bindings of energy payment (rules.md section 4). Counts are 5-tuples in the order C, B, M, R, H.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/energy.hpp"

namespace py = pybind11;
using namespace tcbg::x610z;

namespace {

EnergyCounts counts(const std::array<int, kEnergyTypes>& in, const char* field) {
  EnergyCounts out{};
  for (int e = 0; e < kEnergyTypes; ++e) {
    if (in[e] < 0 || in[e] > 1000) {
      throw tcbg::PositionError(field, "energy counts must lie from 0 to 1000", "rules.md 4.2");
    }
    out[e] = static_cast<uint16_t>(in[e]);
  }
  return out;
}

}  // namespace

void bind_x610z_energy(py::module_& m) {
  m.def("can_pay", [](const std::array<int, kEnergyTypes>& cost, const std::array<int, kEnergyTypes>& pool,
                      const std::array<int, kEnergyTypes>& crystals) {
    return can_pay(counts(cost, "cost"), counts(pool, "pool"), counts(crystals, "crystals"));
  });
  m.def("plan_payment", [](const std::array<int, kEnergyTypes>& cost, const std::array<int, kEnergyTypes>& pool,
                           const std::array<int, kEnergyTypes>& crystals) -> std::optional<py::tuple> {
    Payment p;
    if (!plan_payment(counts(cost, "cost"), counts(pool, "pool"), counts(crystals, "crystals"), p)) {
      return std::nullopt;
    }
    return py::make_tuple(p.from_pool, p.crystals);
  });
}
