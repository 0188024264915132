// Z/X's names for the shared bindings (core_api.hpp): its types, the rules its errors cite, its end reasons and
// its agents (the core's random agent, Z/X's heuristic and search: tcbg/zx/agents.hpp), the slow path's guard, and
// its own record columns (the Reloads).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core_api.hpp"
#include "tcbg/zx/agents.hpp"
#include "tcbg/zx/game.hpp"
#include "tcbg/zx/observation.hpp"

void check_no_effect_running(const tcbg::zx::State& s);  // zx_slowpath.cpp

// A player's zone by its name, as the State binding and the slow path's context read it: the card instances in
// order, the last on top (GameError for another name).
inline std::vector<int> zone_ids(const tcbg::zx::State& s, int p, const std::string& zone) {
  const tcbg::zx::PlayerState& ps = s.player(p);
  auto ids = [](const tcbg::zx::CardList& l) { return std::vector<int>(l.ids.begin(), l.ids.begin() + l.n); };
  if (zone == "removed") {  // no list (rules.md Z15.127): the instances in the zone, in instance order
    std::vector<int> out;
    for (int i = 0; i < s.game().num_instances(); ++i) {
      if (s.instance(i).owner == p && s.instance(i).zone == tcbg::zx::Zone::Removed) out.push_back(i);
    }
    return out;
  }
  if (zone == "deck") return ids(ps.deck);
  if (zone == "hand") return ids(ps.hand);
  if (zone == "life") return ids(ps.life);
  if (zone == "charge") return ids(ps.charge);
  if (zone == "trash") return ids(ps.trash);
  if (zone == "resource") return ids(ps.resource);
  throw tcbg::GameError("zone", "one of deck, hand, life, charge, trash, resource, removed; got " + zone, "3");
}

// Z/X's own record columns (a watch, as batch.hpp's NoWatch): each player's Reloads (CR 902.1,
// PlayerState::reloads) and the turn of their first Reload (0: none; a deck is full at the start, so no Reload comes
// before turn 1). A Reload stops the play at its Life pick, or ends the game, within its own turn, so the turn seen
// after the action that caused it is the Reload's.
struct ZXRecordWatch {
  static constexpr int kColumns = 4;
  static constexpr const char* kNames[kColumns] = {"reloads_p0", "reloads_p1", "first_reload_turn_p0",
                                                   "first_reload_turn_p1"};
  uint16_t first[tcbg::zx::kPlayers] = {};
  void start(const tcbg::zx::State&) {}
  void after(const tcbg::zx::State& s) {  // after every action of a batch: two byte reads while no Reload came
    const auto& players = s.core().players;
    if ((players[0].reloads | players[1].reloads) == 0) [[likely]] return;
    for (int p = 0; p < tcbg::zx::kPlayers; ++p) {
      if (first[p] == 0 && players[p].reloads != 0) first[p] = static_cast<uint16_t>(s.turn());
    }
  }
  void write(const tcbg::zx::State& s, uint16_t* row) const {
    for (int p = 0; p < tcbg::zx::kPlayers; ++p) {
      row[p] = s.player(p).reloads;
      row[tcbg::zx::kPlayers + p] = first[p];
    }
  }
};

struct ZXBinding {
  using Game = tcbg::zx::Game;
  using State = tcbg::zx::State;
  static constexpr const char* kPackage = "tcbg.zx";
  static constexpr const char* kActionRule = "docs/zx/rules.md Z9.1";
  static constexpr const char* kPlayerRule = "docs/zx/rules.md 1.1";
  static constexpr int kMaxPlayers = tcbg::zx::kPlayers;
  using Watch = ZXRecordWatch;

  static const char* reason_name(tcbg::zx::EndReason r) {
    using tcbg::zx::EndReason;
    switch (r) {
      case EndReason::Life: return "life";
      case EndReason::Concede: return "concede";
      case EndReason::TurnLimit: return "turn limit";
      default: return "";
    }
  }
  // A state whose card's Python effect is running is neither changed nor copied from Python (docs/zx/cards.md).
  static void before_change(const State& s) { check_no_effect_running(s); }
  static int64_t max_game_length(const Game& g) { return tcbg::zx::max_game_length(g); }  // the decision limit
  static std::unique_ptr<tcbg::Agent<State>> make_agent(const tcbg::AgentSpec& spec, uint64_t seed) {
    return tcbg::zx::make_agent(spec, seed);
  }
};

// The game's observations (tcbg/zx/observation.hpp) as the observation and batched-environment bindings read
// them (observation_api.hpp, vector_env.hpp).
struct ZXObservation {
  using Game = tcbg::zx::Game;
  using State = tcbg::zx::State;
  static int size(const Game& g) { return tcbg::zx::observation_tensor_size(g); }
  static void tensor(const State& s, int p, float* out) { tcbg::zx::observation_tensor(s, p, out); }
  using Memo = tcbg::zx::ObservationMemo;  // the batched environment writes only what changed in a row
  static void update(const State& s, int p, float* out, Memo& memo) { tcbg::zx::observation_tensor_update(s, p, out, memo); }
  static std::string text(const State& s, int p) { return tcbg::zx::observation_string(s, p); }
  static std::string info(const State& s, int p, const int32_t* h, size_t n) {
    return tcbg::zx::information_state_string(s, p, h, n);
  }
};
