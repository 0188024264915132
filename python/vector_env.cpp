// The batched environment of each game (vector_env.hpp): tcbg._core.x610z.VectorEnv and tcbg._core.zx.VectorEnv,
// observing with each game's observation tensor (docs/observations.md).
#include "vector_env.hpp"

#include "tcbg/x610z/observation.hpp"
#include "tcbg/zx/observation.hpp"
#include "x610z_binding.hpp"
#include "zx_binding.hpp"

namespace py = pybind11;

namespace {

struct X610ZObserver {
  static int size(const tcbg::x610z::Game& g) { return tcbg::x610z::observation_tensor_size(g); }
  static void write(const tcbg::x610z::State& s, int player, float* out) {
    tcbg::x610z::observation_tensor(s, player, out);
  }
};

struct ZXObserver {
  static int size(const tcbg::zx::Game& g) { return tcbg::zx::observation_tensor_size(g); }
  static void write(const tcbg::zx::State& s, int player, float* out) { tcbg::zx::observation_tensor(s, player, out); }
};

}  // namespace

void bind_x610z_vector_env(py::module_& m) { tcbg::bindings::bind_vector_env<X610ZBinding, X610ZObserver>(m); }
void bind_zx_vector_env(py::module_& m) { tcbg::bindings::bind_vector_env<ZXBinding, ZXObserver>(m); }
