// The observation bindings every game shares (docs/observations.md): added to a game's bound CoreState, State and
// Game after core_api.hpp bound them. A game names its observation functions in a traits struct:
//
//   struct MyObservation {
//     static int size(const my::Game&);
//     static void tensor(const my::State&, int player, float* out);   // writes size() floats, allocates nothing
//     static std::string text(const my::State&, int player);
//     static std::string info(const my::State&, int player, const int32_t* history, size_t length);
//   };
//   tcbg::bindings::bind_observation<MyBinding, MyObservation>(m);
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "array_api.hpp"
#include "core_api.hpp"

namespace tcbg::bindings {

template <class B, class O>
void bind_observation(py::module_& m) {
  using S = typename B::State;
  using G = typename B::Game;
  using P = PlayedState<S>;
  auto core = py::reinterpret_borrow<py::class_<S>>(m.attr("CoreState"));
  core.def(
          "observation_tensor",
          [](const S& s, py::handle who, const py::object& out) -> py::object {
            const int size = O::size(s.game());
            const int player = checked_player<B>(s, who);
            if (out.is_none()) {
              py::array_t<float> arr(size);
              O::tensor(s, player, arr.mutable_data());
              return std::move(arr);
            }
            // the caller's buffer: a writable, C-contiguous float32 array of exactly the tensor's size
            float* buffer = writable_array<float>(out, "out", {size, 0, true}, "docs/observations.md",
                                                  "game.observation_tensor_size()");
            O::tensor(s, player, buffer);
            return out;
          },
          py::arg("player"), py::arg("out") = py::none(),
          "What `player` sees, as a float32 array of game.observation_tensor_size() floats (docs/observations.md); "
          "with `out`, written into that array (float32, C-contiguous, that size) and returned.")
      .def("observation_string", [](const S& s, py::handle player) { return O::text(s, checked_player<B>(s, player)); },
           py::arg("player"), "What `player` sees, as text (docs/observations.md).")
      .def("observation_tensor_many", [](const S& s, py::handle who, int64_t times) {
             // For the benchmarks: the tensor written `times` times into one buffer, all in C++.
             if (times < 0) throw tcbg::GameError("times", "must be at least 0", "query");
             std::vector<float> buffer(static_cast<size_t>(O::size(s.game())));
             const int player = checked_player<B>(s, who);
             py::gil_scoped_release release;
             for (int64_t k = 0; k < times; ++k) {
               O::tensor(s, player, buffer.data());
               asm volatile("" : : "r"(buffer.data()) : "memory");  // the writes are not optimised away
             }
             return times;
           }, py::arg("player"), py::arg("times"));
  auto played = py::reinterpret_borrow<py::class_<P, S>>(m.attr("State"));
  played
      .def("information_state_string", [](const P& s, py::handle player) {
             return O::info(s, checked_player<B>(s, player), s.history.data(), s.history.size());
           }, py::arg("player"), "What `player` has seen and done (docs/observations.md).")
      .def("_determinize", [](P& s, py::handle player, const py::object& seed) {
             // in place, for resample_from_infostate (on a clone): the history stays, the legality cache is reset
             B::before_change(s);
             tcbg::CounterRng rng(seed_of(seed, "seed"));
             s.determinize(checked_player<B>(s, player), rng);
             s.legal.known = false;
           }, py::arg("player"), py::arg("seed"));
  auto game = py::reinterpret_borrow<py::class_<G, std::shared_ptr<G>>>(m.attr("Game"));
  game.def_property_readonly("observation_tensor_size", [](const G& g) { return O::size(g); })
      .def_property_readonly("max_game_length", [](const G& g) { return B::max_game_length(g); });
}

}  // namespace tcbg::bindings
