// Bindings of the X610Z rules engine (Game, State). tcbg.x610z.game wraps them with OpenSpiel's names.
#include <map>
#include <optional>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "tcbg/core/error.hpp"
#include "tcbg/x610z/game.hpp"
#include "tcbg/x610z/playout.hpp"

namespace py = pybind11;
using namespace tcbg::x610z;

PythonEffectHook make_python_hook(py::object dispatch);  // x610z_slowpath.cpp
void check_no_effect_running(const State& s);             // x610z_slowpath.cpp

namespace {

using Counts = std::array<int, kEnergyTypes>;
// name, type, class, cost, move cost, attack, defense, speed, range, block rate, all directions, produces
using CardTuple = std::tuple<std::string, int, int, Counts, Counts, int, int, int, int, int, bool, int>;

EnergyCounts to_counts(const Counts& c) {
  EnergyCounts out{};
  for (int e = 0; e < kEnergyTypes; ++e) out[e] = static_cast<uint16_t>(std::clamp(c[e], 0, 1000));
  return out;
}

int8_t stat(int v) { return static_cast<int8_t>(std::clamp(v, -1, 127)); }

ActionList& scratch_actions() {
  thread_local std::unique_ptr<ActionList> list = std::make_unique<ActionList>();
  return *list;
}

const char* reason_name(EndReason r) {
  switch (r) {
    case EndReason::Escape: return "escape";
    case EndReason::Destruction: return "destruction";
    case EndReason::Depletion: return "depletion";
    case EndReason::Capitulation: return "capitulation";
    case EndReason::TurnLimit: return "turn limit";
    case EndReason::Alternative: return "alternative victory";
    default: return "";
  }
}

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Won: return "won";
    case Outcome::Lost: return "lost";
    case Outcome::Drawn: return "drawn";
    default: return "playing";
  }
}

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Mulligan: return "mulligan";
    case Phase::Action: return "action";
    case Phase::End: return "end";
    case Phase::Cleanup: return "cleanup";
    default: return "over";
  }
}

const char* zone_name(Zone z) {
  switch (z) {
    case Zone::Deck: return "deck";
    case Zone::Hand: return "hand";
    case Zone::Play: return "play";
    case Zone::Discard: return "discard";
    case Zone::Stack: return "stack";
    default: return "removed";
  }
}

// A state with its action history, as Python sees it. The history lives here, beside the core's State and not in
// it, so that cloning for search in the core copies no history (docs/engine-design.md); recording it here keeps
// the Python loop (legal_actions, apply_action) free of Python-level wrappers.
// The legal actions of a PlayedState as bits over the id space, filled at the first legality check after the state
// changed (docs/actions.md "Checking actions"): checks of ids on a state already set up are then one bit
// lookup, no allocation. A copy starts unfilled, so clone() copies no cache.
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

struct PlayedState : State {
  PlayedState(std::shared_ptr<const Game> game, uint64_t seed) : State(std::move(game), seed) {}
  PlayedState(const State& s, std::vector<int32_t> h) : State(s), history(std::move(h)) {}
  std::vector<int32_t> history;
  LegalCache legal;  // reset by every change made through the bindings (apply_action, concede)

  bool cached_legal(long long a) {
    const int n = game().num_distinct_actions();
    if (a < 0 || a >= n) return false;
    if (!legal.known) {
      legal.bits.assign(static_cast<size_t>((n + 63) / 64), 0);
      if (!is_terminal()) {
        ActionList& list = scratch_list();
        legal_actions(list);
        for (int i = 0; i < list.size; ++i) legal.bits[list.ids[i] >> 6] |= uint64_t{1} << (list.ids[i] & 63);
      }
      legal.known = true;
    }
    return (legal.bits[static_cast<size_t>(a) >> 6] >> (a & 63)) & 1;
  }
  static ActionList& scratch_list() {
    thread_local std::unique_ptr<ActionList> list = std::make_unique<ActionList>();
    return *list;
  }
};

// state.clone() of the Python State (a subclass of the bound PlayedState): a new object of the same Python type
// made as its __init__ from a PlayedState would make it (the value, then pybind11's holder and registration), with
// a copy of the object's __dict__ (tcbg.x610z.State keeps its Game there). One C++ call instead of a Python method
// calling __new__ and the bound __init__, whose overload dispatch cost more than the copy.
py::object clone_played(py::handle self) {
  const PlayedState& s = self.cast<const PlayedState&>();
  check_no_effect_running(s);
  static py::detail::type_info* const info = py::detail::get_type_info(typeid(PlayedState));
  PyTypeObject* type = Py_TYPE(self.ptr());
  static PyObject* const no_args = PyTuple_New(0);
  py::object copy = py::reinterpret_steal<py::object>(type->tp_new(type, no_args, nullptr));
  if (!copy) throw py::error_already_set();
  auto* inst = reinterpret_cast<py::detail::instance*>(copy.ptr());
  py::detail::value_and_holder v_h = inst->get_value_and_holder(info);
  v_h.value_ptr() = new PlayedState(s);
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

int checked_player(const State& s, int p) {
  if (p < 0 || p >= s.game().num_players()) {
    throw tcbg::GameError("player", "no player " + std::to_string(p) + " in this game (players 0 to " +
                          std::to_string(s.game().num_players() - 1) + ")", "rules.md 5.1");
  }
  return p;
}

void checked_instance(const State& s, int i) {
  if (i < 0 || i >= s.game().num_instances()) {
    throw tcbg::GameError("instance", "no card instance " + std::to_string(i) + " in this game (0 to " +
                          std::to_string(s.game().num_instances() - 1) + ")", "rules.md 5.9");
  }
}

// An action from Python: an int (numpy integers too), never a bool; anything else is an illegal action.
int action_from(py::handle a) {
  if (PyBool_Check(a.ptr()) || !PyIndex_Check(a.ptr())) {
    throw tcbg::IllegalActionError(py::repr(a).cast<std::string>(), "an action is an int, not " +
                                   py::repr(a).cast<std::string>(), "rules.md 5.9");
  }
  const auto value = py::reinterpret_steal<py::object>(PyNumber_Index(a.ptr()));
  if (!value) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow != 0 || v < INT32_MIN || v > INT32_MAX) {
    throw tcbg::IllegalActionError(py::repr(a).cast<std::string>(), "no such action in this game", "rules.md 5.9");
  }
  return static_cast<int>(v);
}

}  // namespace

void bind_x610z_game(py::module_& m) {
  m.attr("TERMINAL_PLAYER_ID") = kTerminalPlayerId;
  m.attr("CHANCE_PLAYER_ID") = kChancePlayerId;
  py::class_<Game, std::shared_ptr<Game>>(m, "Game")
      .def(py::init([](std::shared_ptr<Board> board, int setup, const std::vector<CardTuple>& cards,
                       const std::vector<std::pair<int, std::vector<int>>>& decks, int max_turns,
                       const std::optional<std::map<std::string, std::vector<int32_t>>>& effects,
                       py::object python_effects) {
             std::vector<CardDef> defs;
             for (const auto& [name, type, cls, cost, move_cost, attack, defense, speed, range, block, all, produces] :
                  cards) {
               if (type < 0 || type > 5) throw tcbg::GameError("cards", "unknown card type", "rules.md 5.1");
               CardDef d;
               d.name = name;
               d.type = static_cast<CardType>(type);
               d.summon_class = static_cast<uint8_t>(std::clamp(cls, 0, 6));
               d.cost = to_counts(cost);
               d.move_cost = to_counts(move_cost);
               d.attack = stat(attack);
               d.defense = stat(defense);
               d.speed = stat(speed);
               d.range = stat(range);
               d.block_rate = static_cast<uint8_t>(std::clamp(block, 0, kMaxBlockRate));
               d.all_directions = all;
               if (d.type == CardType::Crystal && (produces < 0 || produces >= kEnergyTypes)) {
                 throw tcbg::GameError("cards", "crystal " + name + " produces no energy type", "rules.md 4.2");
               }
               d.produces = static_cast<int8_t>(produces);
               defs.push_back(std::move(d));
             }
             std::vector<DeckSpec> specs;
             for (const auto& [life_base, list] : decks) {
               DeckSpec s;
               if (life_base < 0 || life_base > 65535) throw tcbg::GameError("decks", "bad life base", "rules.md 5.1");
               s.life_base = static_cast<uint16_t>(life_base);
               for (int c : list) {
                 if (c < 0 || c > 65535) throw tcbg::GameError("decks", "bad card index", "rules.md 5.1");
                 s.cards.push_back(static_cast<uint16_t>(c));
               }
               specs.push_back(std::move(s));
             }
             std::shared_ptr<fx::Tables> tables;
             if (effects) {  // native.arrays(), each table flattened (tcbg-effects/1)
               tables = std::make_shared<fx::Tables>();
               const std::pair<const char*, std::vector<int32_t>*> fields[] = {
                   {"cards", &tables->cards}, {"abilities", &tables->abilities}, {"modes", &tables->modes},
                   {"additionals", &tables->additionals}, {"filters", &tables->filters}, {"costs", &tables->costs},
                   {"triggers", &tables->triggers}, {"continuous", &tables->continuous}, {"code", &tables->code}};
               for (const auto& [key, field] : fields) {
                 const auto it = effects->find(key);
                 if (it == effects->end()) {
                   throw tcbg::GameError(std::string("effects.") + key, "missing table", "docs/cards.md (tcbg-effects/1)");
                 }
                 *field = it->second;
               }
             }
             // The slow path: python_effects(handle, k) runs the card set's Python effect k (docs/cards.md).
             PythonEffectHook hook;
             if (!python_effects.is_none()) hook = make_python_hook(std::move(python_effects));
             return std::make_shared<Game>(std::move(board), setup, std::move(defs), std::move(specs), max_turns,
                                           std::move(tables), std::move(hook));
           }), py::arg("board"), py::arg("setup"), py::arg("cards"), py::arg("decks"), py::arg("max_turns"),
           py::arg("effects") = py::none(), py::arg("python_effects") = py::none())
      .def_property_readonly("num_players", &Game::num_players)
      .def_property_readonly("num_instances", &Game::num_instances)
      .def_property_readonly("num_distinct_actions", &Game::num_distinct_actions)
      .def_property_readonly("max_turns", &Game::max_turns)
      .def("random_playouts",
           [](const std::shared_ptr<Game>& g, uint64_t seed, int64_t games, bool check) {
             if (games < 0) throw tcbg::GameError("games", "must be at least 0", "query");
             PlayoutTotals t;
             {
               py::gil_scoped_release release;
               t = random_playouts(g, seed, games, check);
             }
             return py::make_tuple(t.games, t.decisions, t.turns, t.draws);
           })
      .def_property_readonly("action_blocks", [](const Game& g) {
        // Where each kind of action id starts (rules.md 5.9), for reading action texts back (tcbg.x610z.actions).
        py::dict d;
        d["per_instance"] = action::kFirstPerInstance;
        d["dot"] = g.first_dot_action();
        d["move"] = g.first_move_action();
        d["attack"] = g.first_attack_action();
        d["choose_instance"] = g.first_choose_instance_action();
        d["choose_player"] = g.first_choose_player_action();
        d["choose_stack"] = g.first_choose_stack_action();
        d["mode"] = g.first_mode_action();
        d["no"] = g.no_action();
        d["yes"] = g.yes_action();
        d["none"] = g.choose_none_action();
        d["ability"] = g.first_ability_action();
        d["abilities_per_card"] = g.abilities_per_card();
        d["trigger"] = g.first_trigger_action();
        d["decline"] = g.first_decline_action();
        d["end"] = g.num_distinct_actions();
        d["keys_per_dot"] = kKeysPerDot;
        return d;
      })
      .def("first_instance", &Game::first_instance)
      .def("team", &Game::team);

  py::class_<State>(m, "CoreState")
      .def("current_player", &State::current_player)
      .def("is_terminal", &State::is_terminal)
      .def("legal_actions", [](const State& s) {
        ActionList& list = scratch_actions();
        s.legal_actions(list);
        py::list out(list.size);
        for (int i = 0; i < list.size; ++i) out[i] = py::int_(list.ids[i]);
        return out;
      })
      .def("legal_actions_mask", [](const State& s) {
        ActionList& list = scratch_actions();
        s.legal_actions(list);
        py::array_t<bool> mask(s.game().num_distinct_actions());
        auto m = mask.mutable_unchecked<1>();
        for (py::ssize_t i = 0; i < m.shape(0); ++i) m(i) = false;
        for (int i = 0; i < list.size; ++i) m(list.ids[i]) = true;
        return mask;
      })
      .def("apply_action", [](State& s, py::handle a) {
        check_no_effect_running(s);
        s.apply_action(action_from(a));
      })
      .def("invariant_violation", [](const State& s) { return s.invariant_violation(); })
      .def("action_to_string", [](const State& s, py::handle a) { return s.action_to_string(action_from(a)); })
      .def("illegal_reason", [](const State& s, py::handle a) {
        // "" when legal; an id outside int32 or a non-int gets the reason action_from would raise with
        try {
          return s.illegal_reason(action_from(a));
        } catch (const tcbg::IllegalActionError& e) {
          return std::string(e.reason());
        }
      }, "Why the action is not legal now (the reason of apply_action's IllegalActionError), or '' when it is.")
      .def("concede", [](State& s, int player) {
        check_no_effect_running(s);
        s.concede(player);
      })
      .def("clone", [](const State& s) {
        check_no_effect_running(s);
        return State(s);
      })
      .def("clone_many", [](const State& s, int n) {  // for the benchmarks: n copies in C++, none kept
        auto copy = std::make_unique<State>(s);
        for (int k = 0; k < n; ++k) {
          *copy = s;
          asm volatile("" : : "r"(copy.get()) : "memory");  // the copy is not optimised away
        }
      }, "Copy the state n times inside the core (what a search does); for benchmarks.")
      .def("serialize_bytes", [](const State& s) {
        check_no_effect_running(s);
        return py::bytes(s.serialize());
      })
      .def("returns", [](const State& s) {
        std::vector<double> out;
        for (int p = 0; p < s.game().num_players(); ++p) out.push_back(s.player_return(p));
        return out;
      })
      .def_property_readonly("turn", &State::turn)
      .def_property_readonly("phase", [](const State& s) { return phase_name(s.phase()); })
      .def_property_readonly("active_player", &State::active_player)
      .def_property_readonly("first_player", &State::first_player)
      .def_property_readonly("end_reason", [](const State& s) { return reason_name(s.end_reason()); })
      .def("outcome", [](const State& s, int p) {
        checked_player(s, p);
        return py::make_tuple(outcome_name(s.player(p).outcome), reason_name(s.player(p).reason));
      })
      .def("hand_instances", [](const State& s, int p) {
        checked_player(s, p);
        const auto& ps = s.player(p);
        return std::vector<int>(ps.hand.begin(), ps.hand.begin() + ps.hand_size);
      })
      .def("deck_instances", [](const State& s, int p) {
        checked_player(s, p);
        const auto& ps = s.player(p);
        return std::vector<int>(ps.deck.begin(), ps.deck.begin() + ps.deck_size);
      })
      .def("pool_counts", [](const State& s, int p) { return s.player(checked_player(s, p)).pool; })
      .def("murphy_count", [](const State& s, int p) { return s.player(checked_player(s, p)).murphy; })
      .def("crystal_placed", [](const State& s, int p) { return s.player(checked_player(s, p)).crystal_placed; })
      .def("instance_fields", [](const State& s, int i) {
        checked_instance(s, i);
        const CardInstance& c = s.instance(i);
        return py::make_tuple(c.def, c.owner, c.controller, zone_name(c.zone), c.activated, c.damage, c.dot);
      })
      .def("instance_counters", [](const State& s, int i) {
        checked_instance(s, i);
        return s.instance(i).counters;  // activation, time, charge (rules.md 6.4)
      })
      .def("record", [](const State& s, int i) {
        checked_instance(s, i);
        return s.instance(i).record;
      })
      .def("repeat_actions", [](const State& s, const std::vector<int>& actions, int64_t times) {
        // For benchmarks: `times` times, a copy of this state takes `actions` (each checked), all in C++.
        if (times < 0) throw tcbg::GameError("times", "must be at least 0", "query");
        check_no_effect_running(s);
        py::gil_scoped_release release;
        for (int64_t k = 0; k < times; ++k) {
          State copy(s);
          for (int a : actions) copy.apply_action(a);
        }
        return times * static_cast<int64_t>(actions.size());
      }, py::arg("actions"), py::arg("times"))
      .def("stat", [](const State& s, int i, int prop) {
        checked_instance(s, i);
        if (prop < 0 || prop > 4) throw tcbg::GameError("stat", "a stat is 0 to 4 (attack to block rate)", "query");
        return s.stat(i, prop);
      })
      .def("pending_kind", [](const State& s) {
        static const char* names[] = {"none", "move", "attack", "placement", "announce", "resolve", "trigger"};
        return std::string(names[static_cast<int>(s.pending())]);
      })
      .def("stack_items", [](const State& s) {  // bottom first: (kind, controller, card instance, serial, targets)
        static const char* kinds[] = {"cast", "move", "attack", "ability"};
        py::list out;
        for (int k = 0; k < s.stack_size(); ++k) {
          const StackItem& it = s.stack_item(k);
          out.append(py::make_tuple(kinds[static_cast<int>(it.kind)], it.controller, it.instance, it.serial,
                                    std::vector<int>(it.targets.begin(), it.targets.end())));
        }
        return out;
      });

  py::class_<PlayedState, State>(m, "State")
      .def(py::init([](const PlayedState& s) {  // first: clone() is the hot one
        check_no_effect_running(s);
        return new PlayedState(s);  // one copy, owned by the new object (by value would move a second copy in)
      }))
      .def(py::init([](std::shared_ptr<Game> game, uint64_t seed) { return PlayedState(std::move(game), seed); }))
      .def(py::init([](std::shared_ptr<Game> game, const py::bytes& data, std::vector<int32_t> history) {
        return PlayedState(State::deserialize(std::move(game), std::string(data)), std::move(history));
      }))
      .def("apply_action", [](PlayedState& s, py::handle a) {
        const int action = action_from(a);
        check_no_effect_running(s);
        s.legal.known = false;
        try {
          s.apply_action(action);
        } catch (py::error_already_set&) {  // a Python effect failed: the action was applied (docs/cards.md)
          s.history.push_back(action);
          throw;
        }
        s.history.push_back(action);
      })
      .def("history", [](const PlayedState& s) { return s.history; })
      .def("concede", [](PlayedState& s, int player) {
        check_no_effect_running(s);
        s.legal.known = false;
        s.concede(player);
      })
      .def("is_legal", [](PlayedState& s, py::handle a) {
        // The tools' hot check: an exact int is read with no conversion; anything but an int is no action.
        PyObject* o = a.ptr();
        if (PyLong_CheckExact(o)) {
          int overflow = 0;
          const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
          return overflow == 0 && s.cached_legal(v);
        }
        if (PyBool_Check(o) || !PyIndex_Check(o)) return false;
        const auto value = py::reinterpret_steal<py::object>(PyNumber_Index(o));
        if (!value) throw py::error_already_set();
        int overflow = 0;
        const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
        return overflow == 0 && s.cached_legal(v);
      }, "Whether the action id is legal now (False for anything that is not an action id).")
      .def("check_actions", [](PlayedState& s, const py::array_t<int64_t, py::array::c_style | py::array::forcecast>& actions) {
        if (actions.ndim() != 1) throw tcbg::GameError("actions", "expected a 1-d array of action ids", "rules.md 5.9");
        const auto in = actions.unchecked<1>();
        py::array_t<bool> out(in.shape(0));
        auto o = out.mutable_unchecked<1>();
        const int64_t* data = actions.data();
        for (py::ssize_t i = 0; i < in.shape(0); ++i) o(i) = s.cached_legal(data[i]);
        return out;
      }, py::arg("actions"), "Per action id of a 1-d integer array, whether it is legal now.")
      .def("clone", &clone_played, "An independent copy, history included (and the Python object's attributes).");
}
