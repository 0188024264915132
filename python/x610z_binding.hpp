// X610Z's names for the shared bindings (core_api.hpp): its types, the rules its errors cite, its end reasons, the
// slow path's guard and its agents.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core_api.hpp"
#include "tcbg/x610z/agents.hpp"
#include "tcbg/x610z/game.hpp"
#include "tcbg/x610z/observation.hpp"
#include "tcbg/x610z/simulate.hpp"

void check_no_effect_running(const tcbg::x610z::State& s);  // x610z_slowpath.cpp

struct X610ZBinding {
  using Game = tcbg::x610z::Game;
  using State = tcbg::x610z::State;
  static constexpr const char* kPackage = "tcbg.x610z";
  static constexpr const char* kActionRule = "rules.md 5.9";
  static constexpr const char* kPlayerRule = "rules.md 5.1";
  static constexpr int kMaxPlayers = tcbg::x610z::kMaxPlayers;

  // The record's reason names (tcbg.montecarlo's reason codes, by EndReason).
  static const char* reason_name(tcbg::x610z::EndReason r) {
    using tcbg::x610z::EndReason;
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
  // A state whose card's Python effect is running is neither changed nor copied from Python (docs/cards.md).
  static void before_change(const State& s) { check_no_effect_running(s); }
  static int64_t max_game_length(const Game& g) { return tcbg::x610z::max_game_length(g); }  // the decision limit
  static std::unique_ptr<tcbg::Agent<State>> make_agent(const tcbg::AgentSpec& spec, uint64_t seed) {
    return tcbg::x610z::make_agent(spec, seed);
  }
  // tcbg::x610z::simulate, the name tools/count_instructions.py's callgrind toggle names
  static void simulate(const std::shared_ptr<Game>& game, const std::vector<tcbg::AgentSpec>& agents, uint64_t master,
                       int64_t first, int64_t count, const tcbg::GameRecords& out) {
    tcbg::x610z::simulate(game, agents, master, first, count, out);
  }
};

// The game's observations (tcbg/x610z/observation.hpp) as the observation and batched-environment bindings read
// them (observation_api.hpp, vector_env.hpp).
struct X610ZObservation {
  using Game = tcbg::x610z::Game;
  using State = tcbg::x610z::State;
  static int size(const Game& g) { return tcbg::x610z::observation_tensor_size(g); }
  static void tensor(const State& s, int p, float* out) { tcbg::x610z::observation_tensor(s, p, out); }
  static std::string text(const State& s, int p) { return tcbg::x610z::observation_string(s, p); }
  static std::string info(const State& s, int p, const int32_t* h, size_t n) {
    return tcbg::x610z::information_state_string(s, p, h, n);
  }
};
