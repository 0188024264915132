// The slow path (docs/cards.md "The slow path"): the Game's PythonEffectHook, made by the shared slow-path bindings
// (effect_slowpath.hpp) with what X610Z's context reads of the resolution (its source, controller and announced
// targets), and X610Z's handle: its readers and State::run_effect.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "effect_slowpath.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"

namespace py = pybind11;
using namespace tcbg::x610z;
using Handle = tcbg::bindings::EffectHandle<State>;
using tcbg::bindings::raise_effect_error;

namespace {

bool known_prop(int prop) {
  return (prop >= fx::kAttack && prop <= fx::kCost) || (prop >= fx::kHandSize && prop <= fx::kPool);
}

}  // namespace

void check_no_effect_running(const State& s) {
  tcbg::bindings::check_no_effect_running(s, "docs/cards.md (the slow path)");
}

PythonEffectHook make_python_hook(py::object dispatch) {
  return tcbg::bindings::make_python_hook<State>(std::move(dispatch), [](const State& state) {
    const Resolution& res = state.resolution();
    py::list targets(fx::kTargetSlots);
    for (int s = 0; s < fx::kTargetSlots; ++s) targets[s] = py::int_(res.regs[s]);
    return py::make_tuple(static_cast<int>(res.item.instance), static_cast<int>(res.item.controller), targets);
  });
}

void bind_x610z_slowpath(py::module_& m) {
  tcbg::bindings::bind_effect_handle<State>(m, [](const State& s) {
    return s.game().card(s.instance(s.resolution().item.instance).def).name;
  })
      .def_property_readonly("source", [](const Handle& h) {
        return static_cast<int>(h.checked().resolution().item.instance);
      })
      .def_property_readonly("controller", [](const Handle& h) {
        return static_cast<int>(h.checked().resolution().item.controller);
      })
      .def_property_readonly("targets", [](const Handle& h) {
        const auto& regs = h.checked().resolution().regs;
        return std::vector<int>(regs.begin(), regs.begin() + fx::kTargetSlots);
      })
      .def("stat", [](const Handle& h, int x, int prop) {
        if (!known_prop(prop)) raise_effect_error("no property " + std::to_string(prop) + " (docs/cards.md, Prop)");
        return h.checked().effect_stat(x, prop);
      })
      .def("run", [](const Handle& h, int op, int a, int b, int c) { h.checked().run_effect(op, a, b, c); },
           py::arg("op"), py::arg("a"), py::arg("b") = 0, py::arg("c") = 0,
           "One game-changing instruction with operand values (State::run_effect).");
}
