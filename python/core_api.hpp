// The bindings every game shares (docs/architecture.md, "What the games share"): templates over a game's State
// (core/game_api.hpp's GameState) that bind its OpenSpiel-named methods, the Python State with its action history
// and legality cache, native batches, native agents one decision at a time, and the agent specs (dicts) read from
// Python. A game's bindings name its types and rules in a traits struct and call these:
//
//   struct MyBinding {
//     using Game = my::Game;  using State = my::State;
//     static constexpr const char* kPackage = "tcbg.my";       // named in "expected a tcbg.my State" errors
//     static constexpr const char* kActionRule = "rules.md 5.9";  // cited by a bad action id
//     static constexpr const char* kPlayerRule = "rules.md 5.1";  // cited by a bad player or a missing game
//     static constexpr int kMaxPlayers = my::kMaxPlayers;
//     static const char* reason_name(my::EndReason r);           // the record's reason names ("" for none)
//     static void before_change(const State&) {}                  // refuses a change or copy (X610Z: an effect runs)
//     static std::unique_ptr<tcbg::Agent<State>> make_agent(const tcbg::AgentSpec&, uint64_t);
//     // optional: the game's own batch entry (a named function profilers can toggle on); else simulate_batch
//     static void simulate(const std::shared_ptr<Game>&, const std::vector<tcbg::AgentSpec>&, uint64_t master,
//                          int64_t first, int64_t count, const tcbg::GameRecords&);
//     // optional (with simulate_batch only): the game's own record columns, a watch as batch.hpp's NoWatch with
//     // static constexpr const char* kNames[kColumns], their names in the batch's result
//     using Watch = MyRecordWatch;
//   };
//   auto core = tcbg::bindings::bind_core_state<MyBinding>(m, "CoreState");   // .def(...) game-specific readers
//   tcbg::bindings::bind_played_state<MyBinding>(m, "State");
//   tcbg::bindings::bind_simulate<MyBinding>(m);
//
// Everything here is what X610Z's bindings were, moved: the Python loop per action and clone() cost what they did.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <climits>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tcbg/core/agents.hpp"
#include "tcbg/core/batch.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/core/game_api.hpp"
#include "tcbg/core/random.hpp"

namespace tcbg::bindings {

namespace py = pybind11;

// -- values read from Python, checked: every mistake raises tcbg.GameError naming the field --

inline constexpr const char* kAgentsRule = "docs/agents.md";

[[noreturn]] inline void bad(const std::string& where, const std::string& reason) {
  throw tcbg::GameError(where, reason, kAgentsRule);
}

// -- whole numbers: the one rule for every action id, player, count and seed of the public API of every game --
//
// A whole number is a Python int that is not a bool, or a numpy integer scalar (np.int64(3)). Nothing else is one,
// even where Python would convert it: a float (1.0 too), a bool, numpy.bool_, an array (of one element or 0-d), a
// string, None, a complex. Ints of any size are whole numbers; one too large for the parameter is out of its range
// (an illegal action, a player or count that does not exist), never an OverflowError. tcbg.api.is_whole is the same
// rule for the parameters checked in Python.

inline bool is_numpy_integer(PyObject* o) {
  static PyObject* const integer = [] {  // numpy.integer, kept for the process (numpy is a dependency)
    return py::object(py::module_::import("numpy").attr("integer")).release().ptr();
  }();
  const int found = PyObject_IsInstance(o, integer);
  if (found < 0) {
    PyErr_Clear();
    return false;
  }
  return found == 1;
}

inline bool is_whole(PyObject* o) {
  if (PyLong_Check(o)) return !PyBool_Check(o);
  return is_numpy_integer(o);
}

// v as a Python int when it is a whole number; else an empty object.
inline py::object whole_int(const py::handle& v) {
  if (!is_whole(v.ptr())) return py::object();
  auto value = py::reinterpret_steal<py::object>(PyNumber_Index(v.ptr()));
  if (!value) PyErr_Clear();
  return value;
}

enum class Whole { Not, Fits, Huge };

// Reads a whole number into `out`; Huge when it lies outside long long (out then saturated).
inline Whole read_whole(const py::handle& v, long long& out) {
  PyObject* o = v.ptr();
  py::object owned;
  if (!PyLong_CheckExact(o)) {
    owned = whole_int(v);
    if (!owned) return Whole::Not;
    o = owned.ptr();
  }
  int overflow = 0;
  out = PyLong_AsLongLongAndOverflow(o, &overflow);
  if (overflow != 0) {
    out = overflow > 0 ? LLONG_MAX : LLONG_MIN;
    return Whole::Huge;
  }
  return Whole::Fits;
}

// What an error shows of a value a caller passed: its repr, cut short (an array's repr can be long).
inline std::string shown(const py::handle& v) {
  std::string text;
  try {
    text = py::repr(v).cast<std::string>();
  } catch (const py::error_already_set&) {
    text = "a " + std::string(py::str(py::type::of(v).attr("__name__")));
  }
  return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

inline std::string type_name(const py::handle& v) { return py::str(py::type::of(v).attr("__name__")); }

// A whole number from `low` to `high`, else tcbg.GameError naming `where` and citing `rule`.
inline int64_t whole(const py::handle& v, const std::string& where, int64_t low, int64_t high,
                     const char* rule = kAgentsRule) {
  const py::object value = whole_int(v);
  if (!value) {
    throw tcbg::GameError(where, "expected a whole number (an int), not " + type_name(v) + " " + shown(v), rule);
  }
  const py::int_ number = py::reinterpret_borrow<py::int_>(value);
  if (number < py::int_(low) || number > py::int_(high)) {
    throw tcbg::GameError(where, "must lie from " + std::to_string(low) + " to " + std::to_string(high) + ", not " +
                                     shown(number), rule);
  }
  return number.cast<int64_t>();
}

inline uint64_t seed_of(const py::handle& v, const std::string& where, const char* rule = kAgentsRule) {
  const py::object value = whole_int(v);
  if (!value) throw tcbg::GameError(where, "a seed is a whole number from 0 to 2**64 - 1, not " + shown(v), rule);
  const py::int_ number = py::reinterpret_borrow<py::int_>(value);
  if (number < py::int_(0) || number > py::int_(UINT64_MAX)) {
    throw tcbg::GameError(where, "a seed lies from 0 to 2**64 - 1, not " + shown(number), rule);
  }
  return number.cast<uint64_t>();
}

// A real number: a whole number or a float (a numpy float too), never a bool or a string; one too large for a
// double is refused here (the spec's own checks then bound it).
inline double number_of(const py::handle& v, const std::string& where) {
  if (!(is_whole(v.ptr()) || PyFloat_Check(v.ptr()))) bad(where, "expected a number, not " + shown(v));
  const double x = PyFloat_AsDouble(v.ptr());
  if (x == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    bad(where, "too large a number: " + shown(v));
  }
  return x;
}

inline std::string text_of(const py::handle& v, const std::string& where) {
  if (!py::isinstance<py::str>(v)) bad(where, "expected a string");
  return v.cast<std::string>();
}

// An agent spec from Python: {"kind": "random"}, {"kind": "heuristic", "answers": "others" | "every"},
// {"kind": "search", "simulations": N, "rollout_turns": T, "rollout": "heuristic" | "random", "rollout_noise": P,
// "exploration": C}.
inline AgentSpec parse_agent_spec(const py::handle& obj, const std::string& where) {
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
    if (spec.kind == AgentKind::Heuristic) {
      if (key != "answers") bad(field, "unknown key for a heuristic agent (it takes only 'kind' and 'answers')");
      const std::string answers = text_of(value, field);
      if (answers == "every") {
        spec.heuristic.answer_every = true;
      } else if (answers != "others") {
        bad(field, "unknown answers '" + answers + "' (others, every)");
      }
      continue;
    }
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
      spec.search.exploration = number_of(value, field);
    } else if (key == "rollout_noise") {
      spec.search.rollout_noise = number_of(value, field);
    } else {
      bad(field, "unknown key for a search agent (simulations, rollout_turns, rollout, rollout_noise, exploration)");
    }
  }
  check_agent_spec(spec, where);
  return spec;
}

inline const char* agent_kind_name(AgentKind k) {
  switch (k) {
    case AgentKind::Random: return "random";
    case AgentKind::Heuristic: return "heuristic";
    default: return "search";
  }
}

// An action id from Python by the rule above; anything else is an illegal action (tcbg.IllegalActionError), and so
// is a whole number outside int32 (no game has such an id).
inline int action_from(py::handle a, const char* rule) {
  long long v = 0;
  const Whole read = read_whole(a, v);
  if (read == Whole::Not) throw tcbg::IllegalActionError(shown(a), "an action is an int, not " + shown(a), rule);
  if (read == Whole::Huge || v < INT32_MIN || v > INT32_MAX) {
    throw tcbg::IllegalActionError(shown(a), "no action " + shown(a) + " in this game", rule);
  }
  return static_cast<int>(v);
}

// One action list per thread and State type, for the bindings' listings (a game's lists are large fixed arrays).
template <GameState S>
typename S::ActionList& scratch_actions() {
  thread_local std::unique_ptr<typename S::ActionList> list = std::make_unique<typename S::ActionList>();
  return *list;
}

template <class B>
int checked_player(const typename B::State& s, int p) {
  if (p < 0 || p >= s.game().num_players()) {
    throw tcbg::GameError("player", "no player " + std::to_string(p) + " in this game (players 0 to " +
                          std::to_string(s.game().num_players() - 1) + ")", B::kPlayerRule);
  }
  return p;
}

// An index from Python by the rule above, 0 to count - 1: a player, a card instance (`what` names it in the
// errors, tcbg.GameError naming `field`: "no player 7 in this game (players 0 to 1)").
inline int checked_index(const py::handle& v, int count, const char* field, const char* what, const char* rule) {
  long long i = 0;
  const Whole read = read_whole(v, i);
  if (read == Whole::Not) {
    throw tcbg::GameError(field, std::string("a ") + what + " is a whole number (an int), not " + type_name(v) + " " +
                                     shown(v), rule);
  }
  if (read == Whole::Huge || i < 0 || i >= count) {
    throw tcbg::GameError(field, std::string("no ") + what + " " + shown(v) + " in this game (" + what + "s 0 to " +
                                     std::to_string(count - 1) + ")", rule);
  }
  return static_cast<int>(i);
}

// A player index from Python (tcbg.GameError for anything else or a player the game lacks).
template <class B>
int checked_player(const typename B::State& s, const py::handle& p) {
  return checked_index(p, s.game().num_players(), "player", "player", B::kPlayerRule);
}

// -- the State as Python plays it --

// The legal actions of a PlayedState as bits over the id space, filled at the first legality check after the state
// changed (docs/actions.md "Checking actions"): checks of ids on a state already set up are then one bit lookup,
// no allocation. A copy starts unfilled, so clone() copies no cache.
struct LegalCache {
  LegalCache() = default;
  LegalCache(const LegalCache&) {}
  LegalCache& operator=(const LegalCache&) {
    known = false;
    return *this;
  }
  bool known = false;
  std::vector<uint64_t> bits;
};

// A state with its action history, as Python sees it. The history lives here, beside the core's State and not in
// it, so that cloning for search in the core copies no history (docs/engine-design.md); recording it here keeps
// the Python loop (legal_actions, apply_action) free of Python-level wrappers.
template <GameState S>
struct PlayedState : S {
  template <class G>
  PlayedState(std::shared_ptr<const G> game, uint64_t seed) : S(std::move(game), seed) {}
  PlayedState(const S& s, std::vector<int32_t> h) : S(s), history(std::move(h)) {}
  std::vector<int32_t> history;
  LegalCache legal;  // reset by every change made through the bindings (apply_action, concede)

  bool cached_legal(long long a) {
    const int n = this->game().num_distinct_actions();
    if (a < 0 || a >= n) return false;
    if (!legal.known) {
      legal.bits.assign(static_cast<size_t>((n + 63) / 64), 0);
      if (!this->is_terminal()) {
        typename S::ActionList& list = scratch_actions<S>();
        this->legal_actions(list);
        for (int i = 0; i < list.size; ++i) legal.bits[list.ids[i] >> 6] |= uint64_t{1} << (list.ids[i] & 63);
      }
      legal.known = true;
    }
    return (legal.bits[static_cast<size_t>(a) >> 6] >> (a & 63)) & 1;
  }
};

// state.clone() of the Python State (a subclass of the bound PlayedState): a new object of the same Python type
// made as its __init__ from a PlayedState would make it (the value, then pybind11's holder and registration), with
// a copy of the object's __dict__ (a game's Python State keeps its Game there). One C++ call instead of a Python
// method calling __new__ and the bound __init__, whose overload dispatch cost more than the copy.
template <class B>
py::object clone_played(py::handle self) {
  using P = PlayedState<typename B::State>;
  const P& s = self.cast<const P&>();
  B::before_change(s);
  static py::detail::type_info* const info = py::detail::get_type_info(typeid(P));
  PyTypeObject* type = Py_TYPE(self.ptr());
  static PyObject* const no_args = PyTuple_New(0);
  py::object copy = py::reinterpret_steal<py::object>(type->tp_new(type, no_args, nullptr));
  if (!copy) throw py::error_already_set();
  auto* inst = reinterpret_cast<py::detail::instance*>(copy.ptr());
  py::detail::value_and_holder v_h = inst->get_value_and_holder(info);
  v_h.value_ptr() = new P(s);
  v_h.type->init_instance(inst, nullptr);  // the holder owns the value from here
#ifdef Py_TPFLAGS_MANAGED_DICT
  const bool has_dict = type->tp_dictoffset != 0 || (type->tp_flags & Py_TPFLAGS_MANAGED_DICT);
#else
  const bool has_dict = type->tp_dictoffset != 0;
#endif
  if (has_dict) {
    py::object dict = py::reinterpret_steal<py::object>(PyObject_GenericGetDict(self.ptr(), nullptr));
    if (!dict) throw py::error_already_set();
    py::object mine = py::reinterpret_steal<py::object>(PyDict_Copy(dict.ptr()));
    if (!mine || PyObject_GenericSetDict(copy.ptr(), mine.ptr(), nullptr) != 0) throw py::error_already_set();
  }
  return copy;
}

// The core State class (CoreState): the OpenSpiel-named methods every game has, and the batch record's readers.
// Returns the class for the game's own readers. Methods a State lacks (concede, invariant_violation,
// action_to_string, illegal_reason, serialize) are left out.
template <class B>
py::class_<typename B::State> bind_core_state(py::module_& m, const char* name) {
  using S = typename B::State;
  py::class_<S> cls(m, name);
  cls.def("current_player", &S::current_player)
      .def("is_terminal", &S::is_terminal)
      .def("legal_actions", [](const S& s) {
        typename S::ActionList& list = scratch_actions<S>();
        s.legal_actions(list);
        py::list out(list.size);
        for (int i = 0; i < list.size; ++i) out[i] = py::int_(list.ids[i]);
        return out;
      })
      .def("legal_actions_mask", [](const S& s) {
        typename S::ActionList& list = scratch_actions<S>();
        s.legal_actions(list);
        py::array_t<bool> mask(s.game().num_distinct_actions());
        auto mk = mask.mutable_unchecked<1>();
        for (py::ssize_t i = 0; i < mk.shape(0); ++i) mk(i) = false;
        for (int i = 0; i < list.size; ++i) mk(list.ids[i]) = true;
        return mask;
      })
      .def("apply_action", [](S& s, py::handle a) {
        B::before_change(s);
        s.apply_action(action_from(a, B::kActionRule));
      })
      .def("clone", [](const S& s) {
        B::before_change(s);
        return S(s);
      })
      .def("clone_many", [](const S& s, int n) {  // for the benchmarks: n copies in C++, none kept
        auto copy = std::make_unique<S>(s);
        for (int k = 0; k < n; ++k) {
          *copy = s;
          asm volatile("" : : "r"(copy.get()) : "memory");  // the copy is not optimised away
        }
      }, "Copy the state n times inside the core (what a search does); for benchmarks.")
      .def("returns", [](const S& s) {
        std::vector<double> out;
        for (int p = 0; p < s.game().num_players(); ++p) out.push_back(s.player_return(p));
        return out;
      })
      .def("player_return", [](const S& s, py::handle p) { return s.player_return(checked_player<B>(s, p)); },
           py::arg("player"), "The return of one player: +1 won, -1 lost, 0 a draw or a game still going.")
      .def("card_flags", [](const S& s) {
        py::array_t<uint8_t> out(s.game().num_instances());
        auto o = out.mutable_unchecked<1>();
        for (py::ssize_t i = 0; i < o.shape(0); ++i) o(i) = s.card_record(static_cast<int>(i));
        return out;
      }, "Per card instance, the record bits a batch keeps (drawn 1, cast 2, in play 4).")
      .def_property_readonly("turn", &S::turn)
      .def_property_readonly("first_player", &S::first_player)
      .def_property_readonly("end_reason", [](const S& s) { return B::reason_name(s.end_reason()); })
      .def("repeat_actions", [](const S& s, const std::vector<int>& actions, int64_t times) {
        // For benchmarks: `times` times, a copy of this state takes `actions` (each checked), all in C++.
        if (times < 0) throw tcbg::GameError("times", "must be at least 0", "query");
        B::before_change(s);
        py::gil_scoped_release release;
        for (int64_t k = 0; k < times; ++k) {
          S copy(s);
          for (int a : actions) copy.apply_action(a);
        }
        return times * static_cast<int64_t>(actions.size());
      }, py::arg("actions"), py::arg("times"));
  if constexpr (requires(const S& s) { { s.invariant_violation() } -> std::convertible_to<std::string>; }) {
    cls.def("invariant_violation", [](const S& s) { return s.invariant_violation(); });
  }
  if constexpr (requires(const S& s) { s.action_to_string(0); }) {
    cls.def("action_to_string", [](const S& s, py::handle a) {
      return s.action_to_string(action_from(a, B::kActionRule));
    });
  }
  if constexpr (requires(const S& s) { s.illegal_reason(0); }) {
    cls.def("illegal_reason", [](const S& s, py::handle a) {
      // "" when legal; an id outside int32 or a non-int gets the reason action_from would raise with
      try {
        return std::string(s.illegal_reason(action_from(a, B::kActionRule)));
      } catch (const tcbg::IllegalActionError& e) {
        return std::string(e.reason());
      }
    }, "Why the action is not legal now (the reason of apply_action's IllegalActionError), or '' when it is.");
  }
  if constexpr (requires(S& s) { s.concede(0); }) {
    cls.def("concede", [](S& s, py::handle player) {
      const int p = checked_player<B>(s, player);
      B::before_change(s);
      s.concede(p);
    });
  }
  if constexpr (requires(const S& s) { { s.serialize() } -> std::convertible_to<std::string>; }) {
    cls.def("serialize_bytes", [](const S& s) {
      B::before_change(s);
      return py::bytes(s.serialize());
    });
  }
  return cls;
}

// The Python-facing State (a PlayedState): made from a game and a seed, from serialize() bytes and a history
// (S::deserialize), or copied; apply_action records the history and resets the legality cache; is_legal and
// check_actions read the cache; clone() copies the Python object whole. A game's Python State subclasses it.
template <class B>
py::class_<PlayedState<typename B::State>, typename B::State> bind_played_state(py::module_& m, const char* name) {
  using S = typename B::State;
  using G = typename B::Game;
  using P = PlayedState<S>;
  py::class_<P, S> cls(m, name);
  cls.def(py::init([](const P& s) {  // first: clone() is the hot one
        B::before_change(s);
        return new P(s);  // one copy, owned by the new object (by value would move a second copy in)
      }))
      .def(py::init([](std::shared_ptr<G> game, uint64_t seed) {
        return P(std::shared_ptr<const G>(std::move(game)), seed);
      }));
  if constexpr (requires(std::shared_ptr<const G> g, const std::string& b) { S::deserialize(g, b); }) {
    cls.def(py::init([](std::shared_ptr<G> game, const py::bytes& data, std::vector<int32_t> history) {
      return P(S::deserialize(std::move(game), std::string(data)), std::move(history));
    }));
  }
  cls.def("apply_action", [](P& s, py::handle a) {
        const int action = action_from(a, B::kActionRule);
        B::before_change(s);
        s.legal.known = false;
        try {
          s.apply_action(action);
        } catch (py::error_already_set&) {  // a Python effect failed: the action was applied (docs/cards.md)
          s.history.push_back(action);
          throw;
        }
        s.history.push_back(action);
        if constexpr (requires(const G& g) { B::max_game_length(g); }) {
          // the decision limit (X610Z rules.md 5.8b, Z/X Z1.7): counted by the history, so that a game OpenSpiel
          // plays never passes game.max_game_length()
          if (static_cast<int64_t>(s.history.size()) >= B::max_game_length(s.game())) s.end_at_decision_limit();
        }
      })
      .def("history", [](const P& s) { return s.history; })
      .def("is_legal", [](P& s, py::handle a) {
        // The tools' hot check: an exact int is read with no conversion; anything but a whole number is no action.
        long long v = 0;
        return read_whole(a, v) == Whole::Fits && s.cached_legal(v);
      }, "Whether the action id is legal now (False for anything that is not an action id).")
      .def("check_actions", [](P& s, py::handle actions) {
        // Per id, is_legal; the ids are a 1-d numpy array of an integer dtype, or a sequence (a list, a tuple, a
        // range) of whole numbers. Anything else is refused (IllegalActionError), never converted: a float or bool array is no
        // array of action ids, as apply_action refuses a float or a bool (docs/actions.md "Checking actions").
        if (py::isinstance<py::array>(actions)) {
          const auto arr = py::reinterpret_borrow<py::array>(actions);
          const char kind = arr.dtype().kind();
          if (kind != 'i' && kind != 'u') {
            throw tcbg::IllegalActionError("actions", "action ids are an integer array, not one of dtype " +
                                           std::string(py::str(arr.dtype())), B::kActionRule);
          }
          if (arr.ndim() != 1) throw tcbg::GameError("actions", "expected a 1-d array of action ids", B::kActionRule);
          py::array_t<bool> out(arr.shape(0));
          auto o = out.mutable_unchecked<1>();
          if (kind == 'u' && arr.dtype().itemsize() == 8) {  // ids past INT64_MAX would wrap: read them as they are
            const auto ids = py::array_t<uint64_t, py::array::c_style | py::array::forcecast>::ensure(actions);
            const uint64_t* data = ids.data();
            for (py::ssize_t i = 0; i < o.shape(0); ++i) {
              o(i) = data[i] <= static_cast<uint64_t>(INT64_MAX) && s.cached_legal(static_cast<long long>(data[i]));
            }
            return out;
          }
          const auto ids = py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(actions);
          const int64_t* data = ids.data();
          for (py::ssize_t i = 0; i < o.shape(0); ++i) o(i) = s.cached_legal(data[i]);
          return out;
        }
        if (!PySequence_Check(actions.ptr()) || PyUnicode_Check(actions.ptr()) || PyBytes_Check(actions.ptr()) ||
            PyByteArray_Check(actions.ptr())) {
          throw tcbg::GameError("actions", "expected a sequence (a list, a range) or a 1-d integer array of action "
                                "ids, not " + type_name(actions), B::kActionRule);
        }
        const auto seq = py::reinterpret_borrow<py::sequence>(actions);
        const auto n = static_cast<py::ssize_t>(seq.size());
        py::array_t<bool> out(n);
        auto o = out.mutable_unchecked<1>();
        for (py::ssize_t i = 0; i < n; ++i) {
          const py::object a = seq[i];
          long long v = 0;
          const Whole read = read_whole(a, v);
          if (read == Whole::Not) {
            throw tcbg::IllegalActionError("actions[" + std::to_string(i) + "]", "an action is an int, not " +
                                           shown(a), B::kActionRule);
          }
          o(i) = read == Whole::Fits && s.cached_legal(v);
        }
        return out;
      }, py::arg("actions"),
      "Per action id of a 1-d integer array (or a sequence of ints), whether it is legal now.")
      .def("clone", &clone_played<B>, "An independent copy, history included (and the Python object's attributes).");
  if constexpr (requires(P& s) { s.concede(0); }) {
    cls.def("concede", [](P& s, py::handle player) {
      const int p = checked_player<B>(s, player);
      B::before_change(s);
      s.legal.known = false;
      s.concede(p);
    });
  }
  return cls;
}

// -- native batches and agents --

// The core State of a game's Python State or of State._core itself.
template <class B>
const typename B::State& state_of(const py::object& obj) {
  py::object core = py::hasattr(obj, "_core") ? obj.attr("_core") : obj;
  if (!py::isinstance<typename B::State>(core)) {
    bad("state", std::string("expected a ") + B::kPackage + " State (or its _core)");
  }
  return core.cast<const typename B::State&>();
}

// The core Game of a game's Python Game or of Game._core itself.
template <class B>
std::shared_ptr<typename B::Game> game_of(const py::object& obj) {
  py::object core = py::hasattr(obj, "_core") ? obj.attr("_core") : obj;
  if (!py::isinstance<typename B::Game>(core)) {
    bad("game", std::string("expected a ") + B::kPackage + " Game (or its _core)");
  }
  return core.cast<std::shared_ptr<typename B::Game>>();
}

template <class S>
struct NativeAgent {
  std::unique_ptr<Agent<S>> agent;
};

// simulate(game, agents, master_seed, first_game, count) -> dict of numpy record columns; Agent(spec, seed) with
// choose(state), reseed(seed) and kind; determinize(state, observer, seed); agent_seed(game_seed, seat).
template <class B>
void bind_simulate(py::module_& m) {
  using S = typename B::State;
  using G = typename B::Game;
  m.def(
      "simulate",
      [](const py::object& game_obj, const py::object& agents, const py::object& master_seed,
         const py::object& first_game, const py::object& count) {
        const std::shared_ptr<G> game = game_of<B>(game_obj);
        if (!py::isinstance<py::list>(agents) && !py::isinstance<py::tuple>(agents)) {
          bad("agents", "a list of one agent dict per seat");
        }
        std::vector<AgentSpec> specs;
        const auto seq = py::reinterpret_borrow<py::sequence>(agents);
        for (size_t p = 0; p < seq.size(); ++p) {
          specs.push_back(parse_agent_spec(seq[p], "agents[" + std::to_string(p) + "]"));
        }
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
        // the game's own columns (its watch, B::Watch), filled row by row, then handed out one by one
        constexpr int extra_columns = [] {
          if constexpr (requires { typename B::Watch; }) return B::Watch::kColumns; else return 0;
        }();
        py::array_t<uint16_t> extra({rows, static_cast<py::ssize_t>(extra_columns)});
        out.extra = extra.mutable_data();
        {
          py::gil_scoped_release release;
          if constexpr (requires { B::simulate(game, specs, seed, first, n, out); }) {
            static_assert(extra_columns == 0, "a game's own batch entry keeps no watch's columns");
            B::simulate(game, specs, seed, first, n, out);  // the game's named entry (profilers toggle on it)
          } else if constexpr (extra_columns > 0) {
            simulate_batch<S, G, typename B::Watch>(std::shared_ptr<const G>(game), specs, &B::make_agent, seed,
                                                     first, n, out, kDecisionCap, B::kPlayerRule);
          } else {
            simulate_batch<S, G>(std::shared_ptr<const G>(game), specs, &B::make_agent, seed, first, n, out,
                                 kDecisionCap, B::kPlayerRule);
          }
        }
        py::dict result;
        result["winner_mask"] = winner_mask;
        result["reason"] = reason;
        result["turns"] = turns;
        result["decisions"] = decisions;
        result["first_player"] = first_player;
        result["card_flags"] = card_flags;
        if constexpr (extra_columns > 0) {
          const py::object contiguous = py::module_::import("numpy").attr("ascontiguousarray");
          for (int j = 0; j < extra_columns; ++j) {
            result[B::Watch::kNames[j]] = contiguous(extra[py::make_tuple(py::slice(0, rows, 1), j)]);
          }
        }
        return result;
      },
      py::arg("game"), py::arg("agents"), py::arg("master_seed"), py::arg("first_game"), py::arg("count"),
      "Plays games first_game .. first_game + count - 1 natively, the GIL released; one record per game as numpy "
      "arrays: winner_mask, reason, turns, decisions, first_player, card_flags (count x instances), and the game's "
      "own columns (Z/X: reloads_p0, reloads_p1, first_reload_turn_p0, first_reload_turn_p1). docs/agents.md.");

  py::class_<NativeAgent<S>>(m, "Agent",
                             "A native agent for single decisions: Agent(spec, seed).choose(state) -> action id.")
      .def(py::init([](const py::object& spec, const py::object& seed) {
             return NativeAgent<S>{B::make_agent(parse_agent_spec(spec, "spec"), seed_of(seed, "seed"))};
           }),
           py::arg("spec"), py::arg("seed"))
      .def(
          "choose",
          [](NativeAgent<S>& a, const py::object& state) {
            const S& s = state_of<B>(state);
            if (a.agent->spec().kind != AgentKind::Search) return a.agent->choose(s);
            S copy(s);  // searched without the GIL: on a copy no Python thread can change meanwhile
            py::gil_scoped_release release;
            return a.agent->choose(copy);
          },
          py::arg("state"), "A legal action of `state` for its current player.")
      .def("reseed", [](NativeAgent<S>& a, const py::object& seed) { a.agent->reseed(seed_of(seed, "seed")); },
           py::arg("seed"))
      .def_property_readonly("kind", [](const NativeAgent<S>& a) { return agent_kind_name(a.agent->spec().kind); });

  m.def(
      "determinize",
      [](const py::object& state, const py::object& observer, const py::object& seed) {
        const S& s = state_of<B>(state);
        const int who = static_cast<int>(whole(observer, "observer", 0, s.game().num_players() - 1));
        tcbg::CounterRng rng(seed_of(seed, "seed"));
        S world(s);
        world.determinize(who, rng);
        return world;
      },
      py::arg("state"), py::arg("observer"), py::arg("seed"),
      "A copy of `state` with what `observer` cannot see dealt again from `seed` (State::determinize).");

  m.def("agent_seed", [](const py::object& game_seed, const py::object& seat) {
    return agent_seed(seed_of(game_seed, "game_seed"), static_cast<int>(whole(seat, "seat", 0, B::kMaxPlayers - 1)));
  }, py::arg("game_seed"), py::arg("seat"),
        "The seed simulate gives seat `seat`'s agent in the game seeded `game_seed`.");
}

}  // namespace tcbg::bindings
