// The batched environment's binding, for any game (core/vector_env.hpp; tcbg.envs.VectorEnv wraps it): reset and
// step write into numpy arrays the caller allocated once, checked for dtype, shape and layout on every call (a few
// comparisons), the GIL released while the envs are stepped.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core_api.hpp"
#include "tcbg/core/vector_env.hpp"

namespace tcbg::bindings {

template <class B, class O>
void bind_vector_env(py::module_& m) {
  using S = typename B::State;
  using G = typename B::Game;
  using Env = VectorEnv<S, G, O>;

  // An output array: C-contiguous, of dtype T, of `rows` x `cols` (cols 0: one dimension).
  auto buffer = []<class T>(const py::object& obj, const char* name, int64_t rows, int64_t cols, T*) -> T* {
    if (!py::isinstance<py::array_t<T>>(obj)) bad(name, std::string("a numpy array of ") + py::format_descriptor<T>::format());
    auto a = py::reinterpret_borrow<py::array>(obj);
    const bool dtype = a.dtype().is(py::dtype::of<T>());
    const bool shape = cols == 0 ? (a.ndim() == 1 && a.shape(0) == rows)
                                 : (a.ndim() == 2 && a.shape(0) == rows && a.shape(1) == cols);
    if (!dtype || !shape || !(a.flags() & py::array::c_style) || !a.writeable()) {
      bad(name, "a writeable C-contiguous array of " + std::to_string(rows) +
                    (cols ? " x " + std::to_string(cols) : std::string()) + " " + py::format_descriptor<T>::format());
    }
    return static_cast<T*>(a.mutable_data());
  };
  auto outputs = [buffer](const Env& env, const py::object& obs, const py::object& mask, const py::object& player,
                          const py::object& rewards, const py::object& terminated, const py::object& illegal,
                          const py::object& length) {
    const int64_t n = env.num_envs();
    VectorEnvOutput out;
    out.obs = buffer(obs, "obs", n, env.obs_size(), static_cast<float*>(nullptr));
    out.mask = buffer(mask, "mask", n, env.num_actions(), static_cast<uint8_t*>(nullptr));
    out.player = buffer(player, "player", n, 0, static_cast<int32_t*>(nullptr));
    out.rewards = buffer(rewards, "rewards", n, env.num_players(), static_cast<float*>(nullptr));
    out.terminated = buffer(terminated, "terminated", n, 0, static_cast<uint8_t*>(nullptr));
    out.illegal = buffer(illegal, "illegal", n, 0, static_cast<uint8_t*>(nullptr));
    out.length = buffer(length, "length", n, 0, static_cast<uint32_t*>(nullptr));
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
          [outputs](Env& env, const py::object& seed, const py::object& obs, const py::object& mask,
                    const py::object& player, const py::object& rewards, const py::object& terminated,
                    const py::object& illegal, const py::object& length) {
            const uint64_t s = seed_of(seed, "seed");
            const VectorEnvOutput out = outputs(env, obs, mask, player, rewards, terminated, illegal, length);
            py::gil_scoped_release release;
            env.reset(s, out);
          },
          py::arg("seed"), py::arg("obs"), py::arg("mask"), py::arg("player"), py::arg("rewards"),
          py::arg("terminated"), py::arg("illegal"), py::arg("length"))
      .def(
          "step",
          [outputs, buffer](Env& env, const py::object& actions, const py::object& obs, const py::object& mask,
                            const py::object& player, const py::object& rewards, const py::object& terminated,
                            const py::object& illegal, const py::object& length) {
            const int32_t* a = buffer(actions, "actions", env.num_envs(), 0, static_cast<int32_t*>(nullptr));
            const VectorEnvOutput out = outputs(env, obs, mask, player, rewards, terminated, illegal, length);
            py::gil_scoped_release release;
            env.step(a, out);
          },
          py::arg("actions"), py::arg("obs"), py::arg("mask"), py::arg("player"), py::arg("rewards"),
          py::arg("terminated"), py::arg("illegal"), py::arg("length"))
      .def(
          "random_actions",
          [buffer](Env& env, const py::object& out) {
            int32_t* a = buffer(out, "out", env.num_envs(), 0, static_cast<int32_t*>(nullptr));
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
