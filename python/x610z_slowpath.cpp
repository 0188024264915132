// The slow path (docs/cards.md "The slow path"): the Game's PythonEffectHook. On PYTHON k the core calls the hook
// with the state being resolved; the hook takes the GIL (simulations release it), wraps the state in an
// EffectHandle that is valid only during the call, and calls the card set's dispatcher
// (tcbg.x610z.effects.slowpath.SlowPath), which builds the context the card's function receives.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"

namespace py = pybind11;
using namespace tcbg::x610z;

namespace {

[[noreturn]] void raise_effect_error(const std::string& reason) {
  py::object cls = py::module_::import("tcbg.errors").attr("EffectError");
  py::object err = cls(reason, py::arg("card") = "", py::arg("function") = "");
  PyErr_SetObject(cls.ptr(), err.ptr());
  throw py::error_already_set();
}

// The state a Python effect acts on, for the duration of one call: afterwards `state` is null and every use raises
// tcbg.EffectError (a context kept by the function must not reach a state that has moved on, or been freed).
struct EffectHandle {
  State* state = nullptr;

  State& checked() const {
    if (state == nullptr) {
      raise_effect_error("an effect context is valid only while its function runs; this one was used after it "
                         "returned");
    }
    return *state;
  }
};

// The state whose card's Python effect runs on this thread now (nullptr: none).
thread_local const State* running = nullptr;

bool known_prop(int prop) {
  return (prop >= fx::kAttack && prop <= fx::kCost) || (prop >= fx::kHandSize && prop <= fx::kPool);
}

}  // namespace

// A state acts through its effect context while its card's Python effect runs, never through its own methods: an
// action applied, or a copy taken, in the middle of the resolution would start from half an instruction.
void check_no_effect_running(const State& s) {
  if (running == &s) {
    throw tcbg::GameError("state", "is neither changed nor copied while its card's Python effect runs (use the effect context)",
                          "docs/cards.md (the slow path)");
  }
}

PythonEffectHook make_python_hook(py::object dispatch) {
  // The Game holds the dispatcher and may be released where the GIL is not held (a State freed in a native loop):
  // the deleter takes the GIL to drop the reference.
  std::shared_ptr<py::object> held(new py::object(std::move(dispatch)), [](py::object* o) {
    py::gil_scoped_acquire gil;
    delete o;
  });
  return [held](State& state, int k) {
    py::gil_scoped_acquire gil;
    auto handle = std::make_shared<EffectHandle>();
    handle->state = &state;
    py::object wrapped = py::cast(handle);
    struct Expire {  // also when the function raises
      EffectHandle& h;
      const State* before;
      ~Expire() {
        h.state = nullptr;
        running = before;
      }
    } expire{*handle, running};
    running = &state;
    // What every context reads is handed over at once (fewer calls back into the handle).
    const Resolution& res = state.resolution();
    py::list targets(fx::kTargetSlots);
    for (int s = 0; s < fx::kTargetSlots; ++s) targets[s] = py::int_(res.regs[s]);
    (*held)(wrapped, k, static_cast<int>(res.item.instance), static_cast<int>(res.item.controller), targets);
    // a Python exception leaves as py::error_already_set, which keeps it for the caller
  };
}

void bind_x610z_slowpath(py::module_& m) {
  py::class_<EffectHandle, std::shared_ptr<EffectHandle>>(m, "EffectHandle",
                                                          "The core's side of an effect context (the slow path).")
      .def_property_readonly("valid", [](const EffectHandle& h) { return h.state != nullptr; })
      .def_property_readonly("source", [](const EffectHandle& h) {
        return static_cast<int>(h.checked().resolution().item.instance);
      })
      .def_property_readonly("controller", [](const EffectHandle& h) {
        return static_cast<int>(h.checked().resolution().item.controller);
      })
      .def_property_readonly("targets", [](const EffectHandle& h) {
        const auto& regs = h.checked().resolution().regs;
        return std::vector<int>(regs.begin(), regs.begin() + fx::kTargetSlots);
      })
      .def_property_readonly("card_name", [](const EffectHandle& h) {
        const State& s = h.checked();
        return s.game().card(s.instance(s.resolution().item.instance).def).name;
      })
      .def("stat", [](const EffectHandle& h, int x, int prop) {
        if (!known_prop(prop)) raise_effect_error("no property " + std::to_string(prop) + " (docs/cards.md, Prop)");
        return h.checked().effect_stat(x, prop);
      })
      .def("run", [](const EffectHandle& h, int op, int a, int b, int c) { h.checked().run_effect(op, a, b, c); },
           py::arg("op"), py::arg("a"), py::arg("b") = 0, py::arg("c") = 0,
           "One game-changing instruction with operand values (State::run_effect).");
}
