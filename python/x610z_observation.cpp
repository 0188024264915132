// X610Z's observations for Python (observation_api.hpp; tcbg/x610z/observation.hpp), and its batched
// environment, which writes them (vector_env.hpp).
#include "observation_api.hpp"
#include "vector_env.hpp"
#include "tcbg/x610z/observation.hpp"
#include "x610z_binding.hpp"

void bind_x610z_observation(pybind11::module_& m) {
  tcbg::bindings::bind_observation<X610ZBinding, X610ZObservation>(m);
  tcbg::bindings::bind_vector_env<X610ZBinding, X610ZObservation>(m);
}
