// X610Z's observations for Python (observation_api.hpp; tcbg/x610z/observation.hpp).
#include "observation_api.hpp"
#include "tcbg/x610z/observation.hpp"
#include "x610z_binding.hpp"

namespace {
struct X610ZObservation {
  using Game = tcbg::x610z::Game;
  using State = tcbg::x610z::State;
  static int size(const Game& g) { return tcbg::x610z::observation_tensor_size(g); }
  static void tensor(const State& s, int p, float* out) { tcbg::x610z::observation_tensor(s, p, out); }
  static std::string text(const State& s, int p) { return tcbg::x610z::observation_string(s, p); }
  static std::string info(const State& s, int p, const int32_t* h, size_t n) {
    return tcbg::x610z::information_state_string(s, p, h, n);
  }
};
}  // namespace

void bind_x610z_observation(pybind11::module_& m) {
  tcbg::bindings::bind_observation<X610ZBinding, X610ZObservation>(m);
}
