// Bindings of the X610Z rules engine (Game, State). tcbg.x610z.game wraps them with OpenSpiel's names.
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

}  // namespace

void bind_x610z_game(py::module_& m) {
  py::class_<Game, std::shared_ptr<Game>>(m, "Game")
      .def(py::init([](std::shared_ptr<Board> board, int setup, const std::vector<CardTuple>& cards,
                       const std::vector<std::pair<int, std::vector<int>>>& decks, int max_turns) {
             std::vector<CardDef> defs;
             for (const auto& [name, type, cls, cost, move_cost, attack, defense, speed, range, block, all, produces] :
                  cards) {
               if (type < 0 || type > 4) throw tcbg::GameError("cards", "unknown card type", "rules.md 5.1");
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
             return std::make_shared<Game>(std::move(board), setup, std::move(defs), std::move(specs), max_turns);
           }))
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
      .def("first_instance", &Game::first_instance)
      .def("team", &Game::team);

  py::class_<State>(m, "State")
      .def(py::init([](std::shared_ptr<Game> game, uint64_t seed) { return State(std::move(game), seed); }))
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
      .def("apply_action", &State::apply_action)
      .def("invariant_violation", &State::invariant_violation)
      .def("action_to_string", &State::action_to_string)
      .def("concede", &State::concede)
      .def("clone", [](const State& s) { return State(s); })
      .def("serialize", [](const State& s) { return py::bytes(s.serialize()); })
      .def_static("deserialize", [](std::shared_ptr<Game> g, const py::bytes& b) {
        return State::deserialize(std::move(g), std::string(b));
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
        return py::make_tuple(outcome_name(s.player(p).outcome), reason_name(s.player(p).reason));
      })
      .def("hand", [](const State& s, int p) {
        const auto& ps = s.player(p);
        return std::vector<int>(ps.hand.begin(), ps.hand.begin() + ps.hand_size);
      })
      .def("deck", [](const State& s, int p) {
        const auto& ps = s.player(p);
        return std::vector<int>(ps.deck.begin(), ps.deck.begin() + ps.deck_size);
      })
      .def("pool", [](const State& s, int p) { return s.player(p).pool; })
      .def("murphy_count", [](const State& s, int p) { return s.player(p).murphy; })
      .def("crystal_placed", [](const State& s, int p) { return s.player(p).crystal_placed; })
      .def("instance", [](const State& s, int i) {
        if (i < 0 || i >= s.game().num_instances()) throw py::index_error("no such card instance");
        const CardInstance& c = s.instance(i);
        return py::make_tuple(c.def, c.owner, c.controller, zone_name(c.zone), c.activated, c.damage, c.dot);
      })
      .def("record", [](const State& s, int i) {
        if (i < 0 || i >= s.game().num_instances()) throw py::index_error("no such card instance");
        return s.instance(i).record;
      });
}
