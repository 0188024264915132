// Bindings of the native agents and batch simulation (docs/agents.md): tcbg._core.x610z.simulate and
// tcbg._core.x610z.Agent. Agent specs are dicts, checked here; every mistake raises tcbg.GameError naming the field.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/agents.hpp"
#include "tcbg/x610z/game.hpp"
#include "tcbg/x610z/simulate.hpp"

namespace py = pybind11;
using namespace tcbg::x610z;

namespace {

constexpr const char* kRule = "docs/agents.md";

[[noreturn]] void bad(const std::string& where, const std::string& reason) { throw tcbg::GameError(where, reason, kRule); }

bool is_int(const py::handle& v) { return py::isinstance<py::int_>(v) && !py::isinstance<py::bool_>(v); }

// A whole number from `low` to `high` (Python ints of any size are checked before they are narrowed).
int64_t whole(const py::handle& v, const std::string& where, int64_t low, int64_t high) {
  if (!is_int(v)) bad(where, "expected a whole number, not " + std::string(py::str(py::type::of(v).attr("__name__"))));
  const py::int_ value = py::reinterpret_borrow<py::int_>(v);
  if (value < py::int_(low) || value > py::int_(high)) {
    bad(where, "must lie from " + std::to_string(low) + " to " + std::to_string(high) + ", not " +
                   std::string(py::str(value)));
  }
  return value.cast<int64_t>();
}

uint64_t seed_of(const py::handle& v, const std::string& where) {
  if (!is_int(v)) bad(where, "a seed is a whole number from 0 to 2**64 - 1");
  const py::int_ value = py::reinterpret_borrow<py::int_>(v);
  if (value < py::int_(0) || value > py::int_(UINT64_MAX)) bad(where, "a seed lies from 0 to 2**64 - 1");
  return value.cast<uint64_t>();
}

std::string text_of(const py::handle& v, const std::string& where) {
  if (!py::isinstance<py::str>(v)) bad(where, "expected a string");
  return v.cast<std::string>();
}

// {"kind": "random"}, {"kind": "heuristic"}, {"kind": "search", "simulations": N, "rollout_turns": T,
// "rollout": "heuristic" | "random", "exploration": C}.
AgentSpec parse_spec(const py::handle& obj, const std::string& where) {
  if (!py::isinstance<py::dict>(obj)) bad(where, "an agent is a dict such as {'kind': 'heuristic'}");
  const auto spec_dict = py::reinterpret_borrow<py::dict>(obj);
  if (!spec_dict.contains("kind")) bad(where + ".kind", "missing (random, heuristic or search)");
  AgentSpec spec;
  const std::string kind = text_of(spec_dict["kind"], where + ".kind");
  if (kind == "random") {
    spec.kind = AgentKind::Random;
  } else if (kind == "heuristic") {
    spec.kind = AgentKind::Heuristic;
  } else if (kind == "search") {
    spec.kind = AgentKind::Search;
  } else {
    bad(where + ".kind", "unknown kind '" + kind + "' (random, heuristic, search)");
  }
  for (const auto& [key_obj, value] : spec_dict) {
    if (!py::isinstance<py::str>(key_obj)) bad(where, "keys are strings");
    const std::string key = key_obj.cast<std::string>();
    const std::string field = where + "." + key;
    if (key == "kind") continue;
    if (spec.kind != AgentKind::Search) bad(field, "unknown key for a " + kind + " agent (it takes only 'kind')");
    if (key == "simulations") {
      spec.search.simulations = static_cast<int>(whole(value, field, 1, 1'000'000));
    } else if (key == "rollout_turns") {
      spec.search.rollout_turns = static_cast<int>(whole(value, field, 0, 1000));
    } else if (key == "rollout") {
      const std::string policy = text_of(value, field);
      if (policy == "heuristic") {
        spec.search.rollout = RolloutPolicy::Heuristic;
      } else if (policy == "random") {
        spec.search.rollout = RolloutPolicy::Random;
      } else {
        bad(field, "unknown rollout policy '" + policy + "' (heuristic, random)");
      }
    } else if (key == "exploration") {
      if (!(is_int(value) || py::isinstance<py::float_>(value))) bad(field, "expected a number");
      spec.search.exploration = value.cast<double>();
    } else if (key == "rollout_noise") {
      if (!(is_int(value) || py::isinstance<py::float_>(value))) bad(field, "expected a number");
      spec.search.rollout_noise = value.cast<double>();
    } else {
      bad(field, "unknown key for a search agent (simulations, rollout_turns, rollout, rollout_noise, exploration)");
    }
  }
  check_agent_spec(spec, where);
  return spec;
}

// The core State of a tcbg.x610z State or of State._core itself.
const State& state_of(const py::object& obj) {
  py::object core = py::hasattr(obj, "_core") ? obj.attr("_core") : obj;
  if (!py::isinstance<State>(core)) bad("state", "expected a tcbg.x610z State (or its _core)");
  return core.cast<const State&>();
}

// The core Game of a tcbg.x610z Game or of Game._core itself.
std::shared_ptr<Game> game_of(const py::object& obj) {
  py::object core = py::hasattr(obj, "_core") ? obj.attr("_core") : obj;
  if (!py::isinstance<Game>(core)) bad("game", "expected a tcbg.x610z Game (or its _core)");
  return core.cast<std::shared_ptr<Game>>();
}

struct NativeAgent {
  std::unique_ptr<Agent> agent;
};

const char* kind_name(AgentKind k) {
  switch (k) {
    case AgentKind::Random: return "random";
    case AgentKind::Heuristic: return "heuristic";
    default: return "search";
  }
}

}  // namespace

void bind_x610z_simulate(py::module_& m) {
  m.def(
      "simulate",
      [](const py::object& game_obj, const py::object& agents, const py::object& master_seed,
         const py::object& first_game, const py::object& count) {
        const std::shared_ptr<Game> game = game_of(game_obj);
        if (!py::isinstance<py::list>(agents) && !py::isinstance<py::tuple>(agents)) {
          bad("agents", "a list of one agent dict per seat");
        }
        std::vector<AgentSpec> specs;
        const auto seq = py::reinterpret_borrow<py::sequence>(agents);
        for (size_t p = 0; p < seq.size(); ++p) specs.push_back(parse_spec(seq[p], "agents[" + std::to_string(p) + "]"));
        if (static_cast<int>(specs.size()) != game->num_players()) {
          bad("agents", "one agent per seat: the game has " + std::to_string(game->num_players()) + " seats but " +
                            std::to_string(specs.size()) + " agents were given");
        }
        const uint64_t seed = seed_of(master_seed, "master_seed");
        const int64_t first = whole(first_game, "first_game", 0, INT64_MAX / 2);
        const int64_t n = whole(count, "count", 0, INT64_MAX / 2);
        const auto rows = static_cast<py::ssize_t>(n);
        py::array_t<uint8_t> winner_mask(rows), reason(rows), first_player(rows);
        py::array_t<uint16_t> turns(rows);
        py::array_t<uint32_t> decisions(rows);
        py::array_t<uint8_t> card_flags({rows, static_cast<py::ssize_t>(game->num_instances())});
        GameRecords out;
        out.winner_mask = winner_mask.mutable_data();
        out.reason = reason.mutable_data();
        out.turns = turns.mutable_data();
        out.decisions = decisions.mutable_data();
        out.first_player = first_player.mutable_data();
        out.card_flags = card_flags.mutable_data();
        {
          py::gil_scoped_release release;
          simulate(game, specs, seed, first, n, out);
        }
        py::dict result;
        result["winner_mask"] = winner_mask;
        result["reason"] = reason;
        result["turns"] = turns;
        result["decisions"] = decisions;
        result["first_player"] = first_player;
        result["card_flags"] = card_flags;
        return result;
      },
      py::arg("game"), py::arg("agents"), py::arg("master_seed"), py::arg("first_game"), py::arg("count"),
      "Plays games first_game .. first_game + count - 1 natively, the GIL released; one record per game as numpy "
      "arrays: winner_mask, reason, turns, decisions, first_player, card_flags (count x instances). docs/agents.md.");

  py::class_<NativeAgent>(m, "Agent",
                          "A native agent for single decisions: Agent(spec, seed).choose(state) -> action id.")
      .def(py::init([](const py::object& spec, const py::object& seed) {
             return NativeAgent{make_agent(parse_spec(spec, "spec"), seed_of(seed, "seed"))};
           }),
           py::arg("spec"), py::arg("seed"))
      .def(
          "choose",
          [](NativeAgent& a, const py::object& state) {
            const State& s = state_of(state);
            if (a.agent->spec().kind != AgentKind::Search) return a.agent->choose(s);
            State copy(s);  // searched without the GIL: on a copy no Python thread can change meanwhile
            py::gil_scoped_release release;
            return a.agent->choose(copy);
          },
          py::arg("state"), "A legal action of `state` for its current player.")
      .def("reseed", [](NativeAgent& a, const py::object& seed) { a.agent->reseed(seed_of(seed, "seed")); },
           py::arg("seed"))
      .def_property_readonly("kind", [](const NativeAgent& a) { return kind_name(a.agent->spec().kind); });

  m.def(
      "determinize",
      [](const py::object& state, const py::object& observer, const py::object& seed) {
        const State& s = state_of(state);
        const int who = static_cast<int>(whole(observer, "observer", 0, s.game().num_players() - 1));
        tcbg::CounterRng rng(seed_of(seed, "seed"));
        State world(s);
        world.determinize(who, rng);
        return world;
      },
      py::arg("state"), py::arg("observer"), py::arg("seed"),
      "A copy of `state` with what `observer` cannot see dealt again from `seed` (State::determinize).");

  m.def("agent_seed", [](const py::object& game_seed, const py::object& seat) {
    return agent_seed(seed_of(game_seed, "game_seed"), static_cast<int>(whole(seat, "seat", 0, kMaxPlayers - 1)));
  }, py::arg("game_seed"), py::arg("seat"), "The seed simulate gives seat `seat`'s agent in the game seeded `game_seed`.");
}
