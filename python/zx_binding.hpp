// Z/X's names for the shared bindings (core_api.hpp): its types, the rules its errors cite, its end reasons and
// its agents (the core's random agent, Z/X's heuristic and search: tcbg/zx/agents.hpp).
#pragma once

#include <memory>

#include "core_api.hpp"
#include "tcbg/zx/agents.hpp"
#include "tcbg/zx/game.hpp"

struct ZXBinding {
  using Game = tcbg::zx::Game;
  using State = tcbg::zx::State;
  static constexpr const char* kPackage = "tcbg.zx";
  static constexpr const char* kActionRule = "docs/zx/rules.md Z9.1";
  static constexpr const char* kPlayerRule = "docs/zx/rules.md 1.1";
  static constexpr int kMaxPlayers = tcbg::zx::kPlayers;

  static const char* reason_name(tcbg::zx::EndReason r) {
    using tcbg::zx::EndReason;
    switch (r) {
      case EndReason::Life: return "life";
      case EndReason::Concede: return "concede";
      case EndReason::TurnLimit: return "turn limit";
      default: return "";
    }
  }
  static void before_change(const State&) {}
  static std::unique_ptr<tcbg::Agent<State>> make_agent(const tcbg::AgentSpec& spec, uint64_t seed) {
    return tcbg::zx::make_agent(spec, seed);
  }
};
