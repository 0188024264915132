// The slow path's bindings every game shares (docs/effects.md "Slow path"): on PYTHON k a game's core calls its
// Game's hook with the state being resolved; the hook made here takes the GIL (native loops release it), wraps the
// state in an EffectHandle valid only during the call, and calls the card set's dispatcher
// (tcbg.effects.loading.SlowPath, subclassed by each game with its context class). A game's slow-path file binds
// its handle's own readers and operations (source, controller, targets, stat, run ...) on bind_effect_handle's
// class, and names its rule in check_no_effect_running, which its binding traits call in before_change.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "tcbg/core/error.hpp"

namespace tcbg::bindings {

namespace py = pybind11;

// A tcbg.EffectError raised into Python (what a misuse of a context is: the function's error, named by SlowPath).
[[noreturn]] inline void raise_effect_error(const std::string& reason) {
  py::object cls = py::module_::import("tcbg.errors").attr("EffectError");
  py::object err = cls(reason, py::arg("card") = "", py::arg("function") = "");
  PyErr_SetObject(cls.ptr(), err.ptr());
  throw py::error_already_set();
}

// The state a Python effect acts on, for the duration of one call: afterwards `state` is null and every use raises
// tcbg.EffectError (a context kept by the function must not reach a state that has moved on, or been freed).
template <class S>
struct EffectHandle {
  S* state = nullptr;

  S& checked() const {
    if (state == nullptr) {
      raise_effect_error("an effect context is valid only while its function runs; this one was used after it "
                         "returned");
    }
    return *state;
  }
};

// The state of game S whose card's Python effect runs on this thread now (nullptr: none).
template <class S>
inline thread_local const S* running_effect = nullptr;

// A state acts through its effect context while its card's Python effect runs, never through its own methods: an
// action applied, or a copy taken, in the middle of the resolution would start from half an instruction.
template <class S>
void check_no_effect_running(const S& s, const char* rule) {
  if (running_effect<S> == &s) {
    throw tcbg::GameError("state", "is neither changed nor copied while its card's Python effect runs (use the effect "
                          "context)", rule);
  }
}

// The Game's hook for a card set's Python effects: `dispatch(handle, k, source, controller, targets)` with what
// `arguments(state)` reads of the resolution (a py::tuple of source, controller, targets: everything a context
// reads at once, fewer calls back into the handle). A Python exception leaves as py::error_already_set, which keeps
// it for the caller.
template <class S, class Arguments>
std::function<void(S&, int)> make_python_hook(py::object dispatch, Arguments arguments) {
  // The Game holds the dispatcher and may be released where the GIL is not held (a State freed in a native loop):
  // the deleter takes the GIL to drop the reference.
  std::shared_ptr<py::object> held(new py::object(std::move(dispatch)), [](py::object* o) {
    py::gil_scoped_acquire gil;
    delete o;
  });
  return [held, arguments](S& state, int k) {
    py::gil_scoped_acquire gil;
    auto handle = std::make_shared<EffectHandle<S>>();
    handle->state = &state;
    py::object wrapped = py::cast(handle);
    struct Expire {  // also when the function raises
      EffectHandle<S>& h;
      const S* before;
      ~Expire() {
        h.state = nullptr;
        running_effect<S> = before;
      }
    } expire{*handle, running_effect<S>};
    running_effect<S> = &state;
    py::tuple args = arguments(static_cast<const S&>(state));
    (*held)(wrapped, k, args[0], args[1], args[2]);
  };
}

// The handle's class in module `m`, with what the shared dispatcher reads of it (`valid`, `card_name`); the game
// adds its own readers and operations.
template <class S, class CardName>
py::class_<EffectHandle<S>, std::shared_ptr<EffectHandle<S>>> bind_effect_handle(py::module_& m, CardName card_name) {
  using H = EffectHandle<S>;
  py::class_<H, std::shared_ptr<H>> cls(m, "EffectHandle", "The core's side of an effect context (the slow path).");
  cls.def_property_readonly("valid", [](const H& h) { return h.state != nullptr; })
      .def_property_readonly("card_name", [card_name](const H& h) { return card_name(h.checked()); });
  return cls;
}

}  // namespace tcbg::bindings
