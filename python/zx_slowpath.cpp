// Z/X's slow path (docs/zx/cards.md "The slow path"): the Game's PythonEffectHook, made by the shared slow-path
// bindings (effect_slowpath.hpp) with what Z/X's context reads of the resolution (the Effect frame's source and
// controller, and the registers r0-r3 its PythonEffect's targets were loaded into), and Z/X's handle: its readers
// and State::run_effect.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "effect_slowpath.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"
#include "zx_binding.hpp"

namespace py = pybind11;
using namespace tcbg::zx;
using Handle = tcbg::bindings::EffectHandle<State>;

namespace {

const char* kRule = "docs/zx/cards.md (the slow path)";

const Frame& running_frame(const State& s) {
  if (s.python_frame() < 0) throw tcbg::GameError("effects", "no Python effect runs", kRule);
  return s.frame(s.python_frame());
}
int object(int v) { return v == kNone ? -1 : v; }

}  // namespace

void check_no_effect_running(const State& s) { tcbg::bindings::check_no_effect_running(s, kRule); }

PythonEffectHook make_zx_python_hook(py::object dispatch) {
  return tcbg::bindings::make_python_hook<State>(std::move(dispatch), [](const State& state) {
    const Frame& f = running_frame(state);
    const auto& regs = state.core().cursors[f.c].regs;
    py::list targets(tcbg::fx::kTargetSlots);
    for (int k = 0; k < tcbg::fx::kTargetSlots; ++k) targets[k] = py::int_(regs[k]);
    return py::make_tuple(object(f.a), static_cast<int>(f.player), targets);
  });
}

void bind_zx_slowpath(py::module_& m) {
  tcbg::bindings::bind_effect_handle<State>(m, [](const State& s) {
    const int source = running_frame(s).a;
    return source == kNone ? std::string() : s.game().name(s.game().def_of(source));
  })
      .def_property_readonly("source", [](const Handle& h) { return object(running_frame(h.checked()).a); })
      .def_property_readonly("controller", [](const Handle& h) {
        return static_cast<int>(running_frame(h.checked()).player);
      })
      .def_property_readonly("subject", [](const Handle& h) { return object(running_frame(h.checked()).d); },
                             "The event's subject (EVENT_SUBJECT: a card instance or a player), -1 none.")
      .def_property_readonly("targets", [](const Handle& h) {
        const State& s = h.checked();
        const auto& regs = s.core().cursors[running_frame(s).c].regs;
        return std::vector<int>(regs.begin(), regs.begin() + tcbg::fx::kTargetSlots);
      })
      .def("stat", [](const Handle& h, int x, int prop) { return h.checked().effect_stat(x, prop); })
      .def("run", [](const Handle& h, int op, int a, int b, int c) { h.checked().run_effect(op, a, b, c); },
           py::arg("op"), py::arg("a"), py::arg("b") = 0, py::arg("c") = 0,
           "One game-changing instruction with operand values (State::run_effect).")
      .def("zone", [](const Handle& h, int p, const std::string& zone) {
        const State& s = h.checked();
        if (p < 0 || p >= kPlayers) throw tcbg::GameError("player", "no player " + std::to_string(p), "1.1");
        return zone_ids(s, p, zone);
      })
      .def("zone_of", [](const Handle& h, int i) {
        static const char* names[] = {"none", "deck", "hand", "life", "charge", "trash", "resource", "square",
                                      "player card", "resolving", "removed"};
        const State& s = h.checked();
        if (i < 0 || i >= s.game().num_instances()) return std::string("none");
        return std::string(names[static_cast<int>(s.instance(i).zone)]);
      })
      .def("board", [](const Handle& h) {
        const State& s = h.checked();
        std::vector<int> out;
        for (int q = 0; q < kSquares; ++q) out.push_back(object(s.core().board[q]));
        return out;
      });
}
