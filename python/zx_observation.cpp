// Z/X's observations for Python (observation_api.hpp; tcbg/zx/observation.hpp), and its batched
// environment, which writes them (vector_env.hpp).
#include "observation_api.hpp"
#include "vector_env.hpp"
#include "tcbg/zx/observation.hpp"
#include "zx_binding.hpp"

void bind_zx_observation(pybind11::module_& m) {
  tcbg::bindings::bind_observation<ZXBinding, ZXObservation>(m);
  tcbg::bindings::bind_vector_env<ZXBinding, ZXObservation>(m);
}
