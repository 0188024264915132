// Bindings of the X610Z rules engine (Game, State). The OpenSpiel-named methods and the Python State are the shared
// bindings' (core_api.hpp); here are X610Z's Game and its own readers of a position. tcbg.x610z.game wraps them.
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
#include "x610z_binding.hpp"

namespace py = pybind11;
using namespace tcbg::x610z;

PythonEffectHook make_python_hook(py::object dispatch);  // x610z_slowpath.cpp

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

const char* reason_name(EndReason r) { return X610ZBinding::reason_name(r); }

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

int checked_player(const State& s, py::handle p) { return tcbg::bindings::checked_player<X610ZBinding>(s, p); }

int checked_instance(const State& s, py::handle instance) {
  return tcbg::bindings::checked_index(instance, s.game().num_instances(), "instance", "card instance", "rules.md 5.9");
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
           [](const std::shared_ptr<Game>& g, py::handle seed_obj, py::handle games_obj, bool check) {
             const uint64_t seed = tcbg::bindings::seed_of(seed_obj, "seed", "rules.md 5.3");
             const int64_t games = tcbg::bindings::whole(games_obj, "games", 0, INT64_MAX / 2, "query");
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

  tcbg::bindings::bind_core_state<X610ZBinding>(m, "CoreState")
      .def_property_readonly("phase", [](const State& s) { return phase_name(s.phase()); })
      .def_property_readonly("active_player", &State::active_player)
      .def("outcome", [](const State& s, py::handle who) {
        const int p = checked_player(s, who);
        return py::make_tuple(outcome_name(s.player(p).outcome), reason_name(s.player(p).reason));
      })
      .def("hand_instances", [](const State& s, py::handle p) {
        const auto& ps = s.player(checked_player(s, p));
        return std::vector<int>(ps.hand.begin(), ps.hand.begin() + ps.hand_size);
      })
      .def("deck_instances", [](const State& s, py::handle p) {
        const auto& ps = s.player(checked_player(s, p));
        return std::vector<int>(ps.deck.begin(), ps.deck.begin() + ps.deck_size);
      })
      .def("pool_counts", [](const State& s, py::handle p) { return s.player(checked_player(s, p)).pool; })
      .def("murphy_count", [](const State& s, py::handle p) { return s.player(checked_player(s, p)).murphy; })
      .def("crystal_placed", [](const State& s, py::handle p) { return s.player(checked_player(s, p)).crystal_placed; })
      .def("instance_fields", [](const State& s, py::handle instance) {
        const int i = checked_instance(s, instance);
        const CardInstance& c = s.instance(i);
        return py::make_tuple(c.def, c.owner, c.controller, zone_name(c.zone), c.activated, c.damage, c.dot);
      })
      .def("instance_counters", [](const State& s, py::handle instance) {
        const int i = checked_instance(s, instance);
        return s.instance(i).counters;  // activation, time, charge (rules.md 6.4)
      })
      .def("record", [](const State& s, py::handle instance) {
        const int i = checked_instance(s, instance);
        return s.instance(i).record;
      })
      .def("stat", [](const State& s, py::handle instance, int prop) {
        const int i = checked_instance(s, instance);
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

  tcbg::bindings::bind_played_state<X610ZBinding>(m, "State");
}
