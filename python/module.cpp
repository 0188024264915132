// tcbg._core: the compiled core. Errors of the core become tcbg's own exception types with the same message.
#include <pybind11/pybind11.h>

#include "tcbg/core/error.hpp"
#include "tcbg/core/game_api.hpp"
#include "tcbg/core/random.hpp"

namespace py = pybind11;

void bind_core_json(py::module_& m);
void bind_x610z(py::module_& m);
void bind_x610z_energy(py::module_& m);
void bind_x610z_game(py::module_& m);
void bind_x610z_position(py::module_& m);
void bind_x610z_simulate(py::module_& m);
void bind_x610z_slowpath(py::module_& m);
void bind_zx_game(py::module_& m);
void bind_zx_decks(py::module_& m);
void bind_zx_position(py::module_& m);
void bind_zx_slowpath(py::module_& m);
void bind_x610z_observation(py::module_& m);
void bind_zx_observation(py::module_& m);

PYBIND11_MODULE(_core, m) {
  m.doc() = "tcbg's C++ core (boards, move and attack generation). Use the tcbg package, not this module.";

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const tcbg::BoardError& e) {
      py::object cls = py::module_::import("tcbg.errors").attr("BoardError");
      py::object err = cls(e.reason(), py::arg("file") = "<board>", py::arg("where") = e.where(),
                           py::arg("rule") = e.rule());
      PyErr_SetObject(cls.ptr(), err.ptr());
    } catch (const tcbg::IllegalActionError& e) {
      py::object cls = py::module_::import("tcbg.errors").attr("IllegalActionError");
      py::object err = cls(e.reason(), py::arg("action") = e.where(), py::arg("rule") = e.rule());
      PyErr_SetObject(cls.ptr(), err.ptr());
    } catch (const tcbg::GameError& e) {
      py::object cls = py::module_::import("tcbg.errors").attr("GameError");
      py::object err = cls(e.reason(), py::arg("field") = e.where(), py::arg("rule") = e.rule());
      PyErr_SetObject(cls.ptr(), err.ptr());
    } catch (const tcbg::PositionError& e) {
      py::object cls = py::module_::import("tcbg.errors").attr("PositionError");
      py::object err = cls(e.reason(), py::arg("field") = e.where(), py::arg("rule") = e.rule());
      PyErr_SetObject(cls.ptr(), err.ptr());
    }
  });

  // OpenSpiel's special player ids, the same in every game (core/game_api.hpp)
  m.attr("TERMINAL_PLAYER_ID") = tcbg::kTerminalPlayerId;
  m.attr("CHANCE_PLAYER_ID") = tcbg::kChancePlayerId;
  m.def("derive_seed", [](uint64_t master, uint64_t index) { return tcbg::CounterRng(master).derive(index); },
        "The seed of game `index` of a batch started from `master` (the derivation every simulation uses).");

  bind_core_json(m);

  auto x610z = m.def_submodule("x610z", "X610Z: board, pathfinding, energy, rules engine");
  bind_x610z(x610z);
  bind_x610z_energy(x610z);
  bind_x610z_game(x610z);
  bind_x610z_position(x610z);
  bind_x610z_simulate(x610z);
  bind_x610z_slowpath(x610z);
  bind_x610z_observation(x610z);

  auto zx = m.def_submodule("zx", "Z/X: deck construction and the rules engine");
  bind_zx_decks(zx);
  bind_zx_game(zx);
  bind_zx_position(zx);
  bind_zx_slowpath(zx);
  bind_zx_observation(zx);
}
