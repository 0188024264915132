// The batched environment's binding, for any game (core/vector_env.hpp; tcbg.envs.VectorEnv wraps it): reset and
// step write into numpy arrays the caller allocated once, checked for dtype, shape and layout on every call
// (array_api.hpp), the GIL released while the envs are stepped.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "array_api.hpp"
#include "core_api.hpp"
#include "tcbg/core/vector_env.hpp"

namespace tcbg::bindings {

template <class B, class O>
void bind_vector_env(py::module_& m) {
  using S = typename B::State;
  using G = typename B::Game;
  using Env = VectorEnv<S, G, O>;
  static constexpr const char* kRule = "docs/environments.md";

  // The output arrays reset and step write, one tuple in this order (tcbg.envs.VectorEnv keeps them so).
  auto outputs = [](const Env& env, const py::object& arrays) {
    if (!py::isinstance<py::tuple>(arrays) || py::len(arrays) != 7) {
      throw GameError("outputs", "a tuple of the 7 output arrays: obs, mask, player, rewards, terminated, illegal, length",
                      kRule);
    }
    const auto a = py::reinterpret_borrow<py::tuple>(arrays);
    const int64_t n = env.num_envs();
    VectorEnvOutput out;
    out.obs = writable_array<float>(a[0], "obs", {n, env.obs_size()}, kRule);
    out.mask = writable_array<uint8_t>(a[1], "mask", {n, env.num_actions()}, kRule);
    out.player = writable_array<int32_t>(a[2], "player", {n}, kRule);
    out.rewards = writable_array<float>(a[3], "rewards", {n, env.num_players()}, kRule);
    out.terminated = writable_array<uint8_t>(a[4], "terminated", {n}, kRule);
    out.illegal = writable_array<uint8_t>(a[5], "illegal", {n}, kRule);
    out.length = writable_array<uint32_t>(a[6], "length", {n}, kRule);
    return out;
  };

  py::class_<Env>(m, "VectorEnv",
                  "N games stepped together natively (docs/environments.md): VectorEnv(game, num_envs, seed, learner, "
                  "opponents, threads).")
      .def(py::init([](const py::object& game_obj, const py::object& num_envs, const py::object& seed,
                       const py::object& learner, const py::object& opponents, const py::object& threads) {
             const std::shared_ptr<G> game = game_of<B>(game_obj);
             VectorEnvOptions options;
             options.num_envs = whole(num_envs, "num_envs", 1, int64_t{1} << 24);
             options.seed = seed_of(seed, "seed");
             options.learner = static_cast<int>(whole(learner, "learner", -1, B::kMaxPlayers - 1));
             options.threads = static_cast<int>(whole(threads, "threads", 1, 256));
             if (!opponents.is_none()) {
               if (!py::isinstance<py::list>(opponents) && !py::isinstance<py::tuple>(opponents)) {
                 bad("opponents", "a list of one agent dict per seat");
               }
               const auto seq = py::reinterpret_borrow<py::sequence>(opponents);
               for (size_t p = 0; p < seq.size(); ++p) {
                 options.opponents.push_back(parse_agent_spec(seq[p], "opponents[" + std::to_string(p) + "]"));
               }
             }
             return std::make_unique<Env>(std::shared_ptr<const G>(game), &B::make_agent, std::move(options));
           }),
           py::arg("game"), py::arg("num_envs"), py::arg("seed"), py::arg("learner"), py::arg("opponents"),
           py::arg("threads"))
      .def_property_readonly("num_envs", &Env::num_envs)
      .def_property_readonly("obs_size", &Env::obs_size)
      .def_property_readonly("num_actions", &Env::num_actions)
      .def_property_readonly("num_players", &Env::num_players)
      .def_property_readonly("threads", &Env::threads)
      .def(
          "reset",
          [outputs](Env& env, const py::object& seed, const py::object& arrays) {
            const uint64_t s = seed_of(seed, "seed");
            const VectorEnvOutput out = outputs(env, arrays);
            py::gil_scoped_release release;
            env.reset(s, out);
          },
          py::arg("seed"), py::arg("outputs"), "Every env's first game of `seed`, written into `outputs` (a tuple: obs, "
          "mask, player, rewards, terminated, illegal, length).")
      .def(
          "step",
          [outputs](Env& env, const py::object& actions, const py::object& arrays) {
            const int32_t* a = writable_array<int32_t>(actions, "actions", {env.num_envs()}, kRule);
            const VectorEnvOutput out = outputs(env, arrays);
            py::gil_scoped_release release;
            env.step(a, out);
          },
          py::arg("actions"), py::arg("outputs"), "actions[i] played in env i, written into `outputs` (as reset's); "
          "rows of the arrays the last reset or step wrote are brought up to date, others written whole.")
      .def(
          "random_actions",
          [](Env& env, const py::object& out) {
            int32_t* a = writable_array<int32_t>(out, "out", {env.num_envs()}, kRule);
            py::gil_scoped_release release;
            env.random_actions(a);
          },
          py::arg("out"), "A uniformly random legal action of every env into `out` (int32, one per env).")
      .def(
          "state",
          [](const Env& env, int64_t i) {
            if (i < 0 || i >= env.num_envs()) bad("env", "no env " + std::to_string(i));
            return S(env.state(i));
          },
          py::arg("env"), "A copy of env i's state (the game's core State).");
}

}  // namespace tcbg::bindings
