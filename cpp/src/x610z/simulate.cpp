// X610Z's batches: the core's batch simulator instantiated over X610Z's State and agent factory.
#include "tcbg/x610z/simulate.hpp"

#include "tcbg/core/batch.hpp"

namespace tcbg::x610z {

void simulate(const std::shared_ptr<const Game>& game, const std::vector<AgentSpec>& agents, uint64_t master_seed,
              int64_t first_game, int64_t count, const GameRecords& out, int64_t decision_cap) {
  tcbg::simulate_batch<State, Game>(game, agents, &make_agent, master_seed, first_game, count, out, decision_cap,
                                    "rules.md 5.1");
}

}  // namespace tcbg::x610z
