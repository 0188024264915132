// Z/X's search agent (docs/agents.md, "search"). Private to the core's agents; made by make_agent.
#pragma once

#include <cstdint>
#include <memory>

#include "tcbg/zx/agents.hpp"

namespace tcbg::zx::agents_detail {

std::unique_ptr<Agent> make_search_agent(const AgentSpec& spec, uint64_t seed);

}  // namespace tcbg::zx::agents_detail
