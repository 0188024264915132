// Bindings of the Z/X rules engine (tcbg._core.zx: Game, State). tcbg.zx.game wraps them with OpenSpiel's names.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "tcbg/core/error.hpp"
#include "tcbg/zx/game.hpp"
#include "zx_binding.hpp"

namespace py = pybind11;
using namespace tcbg::zx;

PythonEffectHook make_zx_python_hook(py::object dispatch);  // zx_slowpath.cpp

namespace {

// type, colours, cost, power, keywords, ignition (tcbg.zx.game compiles its card records to these).
using CardTuple = std::tuple<int, int, int, int, int, bool>;
// the deck's card indices, the Player card (-1 none), whether to start with a Start Card
using DeckTuple = std::tuple<std::vector<int>, int, bool>;

const char* zone_name(Zone z) {
  static const char* names[] = {"none", "deck", "hand", "life", "charge", "trash", "resource", "square", "player card", "resolving",
                                "removed"};
  return names[static_cast<int>(z)];
}
const char* kind_name(Kind k) {
  static const char* names[] = {"?", "mulligan", "turn", "preprocess", "draw", "reload", "ignition", "play", "battle",
                                "damage", "excess", "effect", "life recovery", "void bringer", "startup"};
  return names[static_cast<int>(k)];
}

int checked_player(const State& s, py::handle p) { return tcbg::bindings::checked_player<ZXBinding>(s, p); }
int checked_instance(const State& s, py::handle instance) {
  return tcbg::bindings::checked_index(instance, s.game().num_instances(), "instance", "card instance",
                                       "docs/zx/actions.md");
}

}  // namespace

void bind_zx_game(py::module_& m) {
  m.attr("TERMINAL_PLAYER_ID") = tcbg::kTerminalPlayerId;
  m.attr("CHANCE_PLAYER_ID") = tcbg::kChancePlayerId;
  m.attr("NUM_ACTIONS") = action::kNumActions;
  {
    py::dict ids;
    ids["pass"] = action::kPass;
    ids["keep"] = action::kKeep;
    ids["mulligan"] = action::kMulligan;
    ids["play_revealed"] = action::kPlayRevealed;
    ids["play"] = action::block(action::kPlay, 0);
    ids["resource"] = action::block(action::kResource, 0);
    ids["ignite"] = action::block(action::kIgnite, 0);
    ids["pay"] = action::block(action::kPay, 0);
    ids["discard"] = action::block(action::kDiscard, 0);
    ids["excess"] = action::block(action::kExcess, 0);
    ids["choose_card"] = action::kFirstChooseCard;
    ids["square"] = action::kFirstSquare;
    ids["attack"] = action::kFirstAttack;
    ids["life"] = action::kFirstLife;
    ids["void"] = action::kFirstVoid;
    ids["trigger"] = action::kFirstTrigger;
    ids["target"] = action::kFirstTarget;
    ids["yes"] = action::kYes;
    ids["startup"] = action::kFirstStartup;
    m.attr("ACTION_IDS") = ids;
  }
  // The field (docs/zx/rules.md section 3): Squares are 0-8 (s1-s9 from player 0's side).
  auto square = [](int s) {
    if (s < 0 || s >= kSquares) throw tcbg::GameError("square", "a Square is 0 to 8, not " + std::to_string(s), "Z3.1");
    return s;
  };
  auto viewer = [](int p) {
    if (p < 0 || p >= kPlayers) throw tcbg::GameError("player", "players 0 and 1", "1.1");
    return p;
  };
  m.def("distance", [square](int a, int b) { return distance(square(a), square(b)); });
  m.def("adjacent", [square](int a, int b) { return adjacent(square(a), square(b)); });
  m.def("player_square", [viewer](int p) { return player_square(viewer(p)); });
  m.def("is_player_square", [square](int s) { return is_player_square(square(s)); });
  m.def("area", [square, viewer](int s, int p) {
    static const char* names[] = {"army", "center", "enemy army"};
    return std::string(names[static_cast<int>(area_of(square(s), viewer(p)))]);
  });
  m.def("square_number", [square, viewer](int s, int p) { return square_number(square(s), viewer(p)); });
  py::class_<Game, std::shared_ptr<Game>>(m, "Game")
      .def(py::init([](const std::vector<CardTuple>& cards, const std::vector<DeckTuple>& decks, bool effects,
                       int first_player, bool shuffle, int max_turns,
                       const py::dict& tables, std::vector<std::string> names, py::object python_effects) {
             std::vector<CardDef> defs;
             for (size_t k = 0; k < cards.size(); ++k) {
               const auto& [type, colours, cost, power, keywords, ignition] = cards[k];
               const std::string where = "cards[" + std::to_string(k) + "]";
               if (type < 0 || type >= kNumCardTypes) throw tcbg::GameError(where + ".type", "unknown card type", "202");
               if (colours < 0 || colours > 31) throw tcbg::GameError(where + ".colours", "colour bits 0-31", "205");
               if (cost < -1 || cost > 100) throw tcbg::GameError(where + ".cost", "a Cost is 0 to 100, or -1 (infinite)", "203");
               if (power < 0 || power > 1000000) throw tcbg::GameError(where + ".power", "Power 0 to 1000000", "208");
               if (keywords < 0 || keywords > 0x7F) throw tcbg::GameError(where + ".keywords", "unknown keyword bits", "11");
               CardDef d;
               d.type = static_cast<CardType>(type);
               d.colours = static_cast<uint8_t>(colours);
               d.cost = static_cast<int16_t>(cost);
               d.power = power;
               d.keywords = static_cast<uint16_t>(keywords);
               d.ignition = ignition;
               defs.push_back(d);
             }
             std::vector<DeckSpec> specs;
             for (size_t p = 0; p < decks.size(); ++p) {
               const auto& [list, player, start] = decks[p];
               DeckSpec s;
               for (int c : list) {
                 if (c < 0 || c > 65535) throw tcbg::GameError("decks[" + std::to_string(p) + "]", "bad card index", "");
                 s.cards.push_back(static_cast<uint16_t>(c));
               }
               s.player_card = player;
               s.start_card = start;
               specs.push_back(std::move(s));
             }
             // The compiled abilities (tcbg.zx.effects.ZXTables.arrays()): code, filters, abilities, races, names.
             fx::Tables t;
             auto rows = [&](const char* key, size_t width, auto& out) {
               if (!tables.contains(key)) return;
               auto arr = py::array_t<int32_t, py::array::c_style | py::array::forcecast>::ensure(tables[key]);
               if (!arr || (arr.ndim() != 2 && arr.size() != 0) || (arr.ndim() == 2 && static_cast<size_t>(arr.shape(1)) != width)) {
                 throw tcbg::GameError(std::string("tables.") + key, "records of " + std::to_string(width) + " int32 fields", "docs/zx/cards.md");
               }
               const int32_t* p = arr.data();
               for (py::ssize_t r = 0; r < (arr.ndim() == 2 ? arr.shape(0) : 0); ++r) {
                 typename std::decay_t<decltype(out)>::value_type rec{};
                 for (size_t k = 0; k < width; ++k) rec[k] = p[r * width + k];
                 out.push_back(rec);
               }
             };
             rows("filters", fx::kFilterWidth, t.filters);
             rows("abilities", fx::kAbilityWidth, t.abilities);
             if (tables.contains("code")) t.code = tables["code"].cast<std::vector<int32_t>>();
             if (tables.contains("races")) t.races = tables["races"].cast<std::vector<int32_t>>();
             if (tables.contains("names")) t.names = tables["names"].cast<std::vector<int32_t>>();
             Options o;
             o.effects = effects;
             o.first_player = first_player;
             o.shuffle = shuffle;
             o.max_turns = max_turns;
             // The slow path (docs/zx/cards.md): the core calls back for PYTHON k.
             PythonEffectHook hook;
             if (!python_effects.is_none()) hook = make_zx_python_hook(std::move(python_effects));
             return std::make_shared<Game>(std::move(defs), std::move(specs), o, std::move(t), std::move(names),
                                           std::move(hook));
           }),
           py::arg("cards"), py::arg("decks"), py::arg("effects") = true, py::arg("first_player") = -1,
           py::arg("shuffle") = true, py::arg("max_turns") = 200,
           py::arg("tables") = py::dict{},
           py::arg("names") = std::vector<std::string>{}, py::arg("python_effects") = py::none())
      .def_property_readonly("num_players", &Game::num_players)
      .def_property_readonly("num_instances", &Game::num_instances)
      .def_property_readonly("num_distinct_actions", &Game::num_distinct_actions)
      .def_property_readonly("max_turns", [](const Game& g) { return g.options().max_turns; })
      .def("first_instance", [](const Game& g, int p) {
        if (p < 0 || p > kPlayers) throw tcbg::GameError("player", "players 0 and 1 (2: the end)", "1.1");
        return g.first_instance(p);
      })
      .def("def_of", [](const Game& g, int i) {
        if (i < 0 || i >= g.num_instances()) throw tcbg::GameError("instance", "no card instance " + std::to_string(i), "");
        return g.def_of(i);
      })
      .def("owner_of", [](const Game& g, int i) {
        if (i < 0 || i >= g.num_instances()) throw tcbg::GameError("instance", "no card instance " + std::to_string(i), "");
        return g.owner_of(i);
      })
      .def("random_playouts", [](const std::shared_ptr<Game>& g, py::handle seed_obj, py::handle games_obj, bool check) {
        const uint64_t seed = tcbg::bindings::seed_of(seed_obj, "seed", "docs/zx/rules.md 5.3");
        const int64_t games = tcbg::bindings::whole(games_obj, "games", 0, INT64_MAX / 2, "docs/zx/rules.md");
        PlayoutTotals t;
        {
          py::gil_scoped_release release;
          t = random_playouts(g, seed, games, check);
        }
        py::dict d;
        d["games"] = t.games;
        d["decisions"] = t.decisions;
        d["turns"] = t.turns;
        d["draws"] = t.draws;
        d["first_player_wins"] = t.first_player_wins;
        d["reloads"] = t.reloads;
        return d;
      }, py::arg("seed"), py::arg("games"), py::arg("check_invariants") = false);

  auto core = tcbg::bindings::bind_core_state<ZXBinding>(m, "CoreState");
  core.def("num_distinct_actions", [](const State&) { return action::kNumActions; })
      .def("determinize", [](State& s, py::handle observer, py::handle seed) {
        tcbg::CounterRng rng(tcbg::bindings::seed_of(seed, "seed", "docs/zx/rules.md 5.3"));
        s.determinize(checked_player(s, observer), rng);
      }, py::arg("observer"), py::arg("seed"))
      .def("decision", &State::decision)
      .def("charge_limit", [](const State& s, py::handle p) { return s.charge_limit(checked_player(s, p)); },
           "Player p's Charge limit now (CR 906.1, continuous abilities included); 255: no limit.")
      .def_property_readonly("turn_player", &State::turn_player)
      .def("zone", [](const State& s, py::handle p, const std::string& zone) {
        return zone_ids(s, checked_player(s, p), zone);
      }, "The card instances of a player's zone, in order: the last is the top (removed: in instance order).")
      .def("board", [](const State& s) {
        std::vector<int> out;
        for (int q = 0; q < kSquares; ++q) out.push_back(s.core().board[q] == kNone ? -1 : s.core().board[q]);
        return out;
      }, "The Z/X instance on each Square (index 0-8: s1-s9), -1 where empty.")
      .def("instance", [](const State& s, py::handle instance) {
        const int i = checked_instance(s, instance);
        const CardInstance& c = s.instance(i);
        py::dict d;
        d["def"] = c.def;
        d["owner"] = c.owner;
        d["zone"] = zone_name(c.zone);
        d["square"] = c.square == kNone ? -1 : c.square;
        d["sleeping"] = c.sleeping != 0;
        d["damage"] = c.damage;
        d["power"] = s.power(i);
        d["power_mod"] = c.power_mod;
        d["no_damage"] = (c.status & kStatusNoDamage) != 0;
        d["appeared"] = (c.status & kStatusAppeared) != 0;
        d["frozen"] = (c.status & kStatusFrozen) != 0;
        d["cost"] = s.cost(i);  // as continuous abilities change it now (rules.md Z15.224, Z15.321)
        d["remembered_by"] = c.remembered_by == 0 ? -1 : c.remembered_by - 1;  // rules.md Z15.320
        d["player_damage"] = c.player_damage;                                   // rules.md Z15.324
        d["colours"] = s.colours(i);
        d["no_battle_damage"] = (c.status & kStatusNoBattleDamage) != 0;
        return d;
      })
      .def("revealed", [](const State& s) { return s.revealed() == kNone ? -1 : s.revealed(); })
      .def("frames", [](const State& s) {
        py::list out;
        for (int k = 0; k < s.frame_count(); ++k) {
          const Frame& f = s.frame(k);
          out.append(py::make_tuple(kind_name(f.kind), f.step, f.player));
        }
        return out;
      }, "The process frames, bottom first: (kind, step, player).")
      .def("waiting", [](const State& s) {
        py::list out;
        for (int k = 0; k < s.core().waiting_n; ++k) {
          const Waiting& w = s.core().waiting[k];
          out.append(py::make_tuple(kind_name(w.kind), w.player, w.card));
        }
        return out;
      })
      .def("reloads", [](const State& s, py::handle p) { return static_cast<int>(s.player(checked_player(s, p)).reloads); },
           py::arg("player"), "How many times the player's deck was rebuilt from Trash so far (CR 902.1).")
      .def("outcome", [](const State& s, py::handle p) {
        static const char* names[] = {"playing", "won", "lost", "drawn"};
        return std::string(names[static_cast<int>(s.player(checked_player(s, p)).outcome)]);
      });

  using Played = tcbg::bindings::PlayedState<State>;
  tcbg::bindings::bind_played_state<ZXBinding>(m, "State")
      .def("determinize", [](Played& s, py::handle observer, py::handle seed) {
        tcbg::CounterRng rng(tcbg::bindings::seed_of(seed, "seed", "docs/zx/rules.md 5.3"));
        const int who = checked_player(s, observer);
        s.legal.known = false;
        s.determinize(who, rng);
      }, py::arg("observer"), py::arg("seed"));
  tcbg::bindings::bind_simulate<ZXBinding>(m);
}
