// Bindings of X610Z's native agents and batch simulation (docs/agents.md): tcbg._core.x610z.simulate,
// tcbg._core.x610z.Agent, determinize and agent_seed, all the shared bindings' (core_api.hpp) over X610Z's State
// and agents. Agent specs are dicts, checked there; every mistake raises tcbg.GameError naming the field.
#include <pybind11/pybind11.h>

#include "core_api.hpp"
#include "x610z_binding.hpp"

namespace py = pybind11;

void bind_x610z_simulate(py::module_& m) { tcbg::bindings::bind_simulate<X610ZBinding>(m); }
