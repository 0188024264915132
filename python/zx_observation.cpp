// Z/X's observations for Python (observation_api.hpp; tcbg/zx/observation.hpp).
#include "observation_api.hpp"
#include "tcbg/zx/observation.hpp"
#include "zx_binding.hpp"

namespace {
struct ZXObservation {
  using Game = tcbg::zx::Game;
  using State = tcbg::zx::State;
  static int size(const Game& g) { return tcbg::zx::observation_tensor_size(g); }
  static void tensor(const State& s, int p, float* out) { tcbg::zx::observation_tensor(s, p, out); }
  static std::string text(const State& s, int p) { return tcbg::zx::observation_string(s, p); }
  static std::string info(const State& s, int p, const int32_t* h, size_t n) {
    return tcbg::zx::information_state_string(s, p, h, n);
  }
};
}  // namespace

void bind_zx_observation(pybind11::module_& m) { tcbg::bindings::bind_observation<ZXBinding, ZXObservation>(m); }
