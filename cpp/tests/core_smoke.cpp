// The shared core's templates (core/batch.hpp, playouts.hpp, random_agent.hpp, search.hpp) over a game that is not
// X610Z: a race to 21 in which each player adds 1, 2 or 3 to a running total with one hidden card in hand that
// doubles the add once. Checks that a batch's records follow from the seeds alone, that the search finds the
// winning move of a won position, and that the decision cap and the agents' limits are enforced. Also the thread
// team the batched environment steps on (core/thread_team.hpp): every item of a run done once, a chunk's exception
// rethrown once every other chunk is done.
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "tcbg/core/agents.hpp"
#include "tcbg/core/batch.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/core/game_api.hpp"
#include "tcbg/core/playouts.hpp"
#include "tcbg/core/random_agent.hpp"
#include "tcbg/core/search.hpp"
#include "tcbg/core/thread_team.hpp"

namespace race {

constexpr int kTarget = 21;

struct Game {
  int players = 2;
  int num_players() const { return players; }
  int num_instances() const { return players; }  // one card per player
  int num_distinct_actions() const { return 6; }  // add 1..3 (0..2), add 1..3 doubled with the card (3..5)
};

struct ActionList {
  std::array<uint16_t, 6> ids{};
  int size = 0;
};

class State {
 public:
  using ActionList = race::ActionList;
  State(std::shared_ptr<const Game> game, uint64_t seed) : game_(std::move(game)), rng_(seed) {
    first_ = static_cast<int>(rng_.below(static_cast<uint64_t>(game_->players)));
    to_move_ = first_;
  }
  const Game& game() const { return *game_; }
  int current_player() const { return is_terminal() ? tcbg::kTerminalPlayerId : to_move_; }
  bool is_terminal() const { return total_ >= kTarget; }
  void legal_actions(ActionList& out) const {
    out.size = 0;
    if (is_terminal()) return;
    for (int a = 0; a < 3; ++a) out.ids[out.size++] = static_cast<uint16_t>(a);
    if (!(used_ >> to_move_ & 1)) {
      for (int a = 3; a < 6; ++a) out.ids[out.size++] = static_cast<uint16_t>(a);
    }
  }
  bool is_legal(int a) const { return !is_terminal() && a >= 0 && a < 6 && (a < 3 || !(used_ >> to_move_ & 1)); }
  void apply_action(int a) {
    if (!is_legal(a)) throw tcbg::IllegalActionError(std::to_string(a), "not legal now", "race");
    total_ += (a % 3 + 1) * (a >= 3 ? 2 : 1);
    if (a >= 3) used_ |= 1u << to_move_;
    winner_ = to_move_;
    to_move_ = (to_move_ + 1) % game_->players;
    ++turn_;
  }
  double player_return(int p) const { return !is_terminal() ? 0.0 : (p == winner_ ? 1.0 : -1.0); }
  void determinize(int, tcbg::CounterRng&) {}  // nothing hidden that changes play
  int turn() const { return turn_; }
  int first_player() const { return first_; }
  uint8_t end_reason() const { return is_terminal() ? 1 : 0; }
  uint8_t card_record(int i) const { return (used_ >> i & 1) ? tcbg::kRecordFlagCast : 0; }
  int total() const { return total_; }

 private:
  std::shared_ptr<const Game> game_;
  tcbg::CounterRng rng_;
  int first_ = 0, to_move_ = 0, total_ = 0, turn_ = 0, winner_ = -1;
  unsigned used_ = 0;
};

static_assert(tcbg::GameState<State>);
static_assert(tcbg::GameConfig<Game>);

// The search's policy: every action its own key; the "heuristic" adds the most; positions are valued by returns.
struct Policy {
  using Values = std::array<double, 2>;
  int prepare(const State& s) { return s.game().num_distinct_actions(); }
  int key_of(const State&, int a) const { return a; }
  bool considered(const State&, int) const { return true; }
  int choose(const State& s) {
    ActionList list;
    s.legal_actions(list);
    return list.ids[list.size - 1];
  }
  void evaluate_all(const State& s, Values& out) {
    for (int p = 0; p < 2; ++p) out[p] = s.player_return(p);
  }
};

std::unique_ptr<tcbg::Agent<State>> make_agent(const tcbg::AgentSpec& spec, uint64_t seed) {
  tcbg::check_agent_spec(spec, "agent");
  if (spec.kind == tcbg::AgentKind::Search) return std::make_unique<tcbg::SearchAgent<State, Policy>>(spec, seed);
  return std::make_unique<tcbg::RandomAgent<State>>(spec, seed);
}

}  // namespace race

namespace {

struct Columns {
  explicit Columns(int n) : mask(n), reason(n), first(n), flags(2 * n), turns(n), decisions(n) {}
  std::vector<uint8_t> mask, reason, first, flags;
  std::vector<uint16_t> turns;
  std::vector<uint32_t> decisions;
  tcbg::GameRecords out() {
    return {mask.data(), reason.data(), turns.data(), decisions.data(), first.data(), flags.data()};
  }
};

bool fail(const char* what) {
  std::printf("core smoke test failed: %s\n", what);
  return false;
}

bool run() {
  using race::State;
  const auto game = std::make_shared<const race::Game>();
  const std::vector<tcbg::AgentSpec> randoms(2);
  Columns all(8), tail(3);
  auto out = all.out();
  tcbg::simulate_batch<State, race::Game>(game, randoms, &race::make_agent, 5, 0, 8, out);
  auto out_tail = tail.out();
  tcbg::simulate_batch<State, race::Game>(game, randoms, &race::make_agent, 5, 5, 3, out_tail);
  for (int k = 0; k < 3; ++k) {  // game i's record depends on the master seed and i alone
    if (tail.decisions[k] != all.decisions[5 + k] || tail.mask[k] != all.mask[5 + k]) return fail("slices differ");
  }
  for (int k = 0; k < 8; ++k) {
    if (all.mask[k] != 1 && all.mask[k] != 2) return fail("a game without one winner");
    if (all.reason[k] != 1 || all.turns[k] != all.decisions[k]) return fail("a record's reason or length");
    // the record is game k replayed: seeded derive(k), its seats seeded agent_seed(seed, p)
    const uint64_t seed = tcbg::CounterRng(5).derive(static_cast<uint64_t>(k));
    State s(game, seed);
    auto a0 = race::make_agent({}, tcbg::agent_seed(seed, 0));
    auto a1 = race::make_agent({}, tcbg::agent_seed(seed, 1));
    while (!s.is_terminal()) s.apply_action((s.current_player() == 0 ? a0 : a1)->choose(s));
    if (s.turn() != all.turns[k] || s.first_player() != all.first[k]) return fail("a record is not its game");
  }
  Columns capped(2);
  auto out_capped = capped.out();
  bool stopped = false;
  try {
    tcbg::simulate_batch<State, race::Game>(game, randoms, &race::make_agent, 5, 0, 2, out_capped, 2);
  } catch (const tcbg::GameError& e) {
    stopped = e.where().rfind("game 0 (seed ", 0) == 0;
  }
  if (!stopped) return fail("the decision cap");
  tcbg::AgentSpec bad;
  bad.kind = tcbg::AgentKind::Search;
  bad.search.simulations = 0;
  bool refused = false;
  try {
    race::make_agent(bad, 1);
  } catch (const tcbg::GameError&) {
    refused = true;
  }
  if (!refused) return fail("a search of 0 simulations was accepted");

  const auto totals = tcbg::random_playouts<State, race::Game>(game, 3, 50, true, [](const State&) { return false; });
  const auto again = tcbg::random_playouts<State, race::Game>(game, 3, 50, false, [](const State&) { return false; });
  if (totals.games != 50 || totals.decisions != again.decisions || totals.draws != 0) return fail("random playouts");

  // A won position: total 17, no card used, the player to move wins by doubling 2 or 3 (actions 4, 5); any other
  // move leaves the opponent a win.
  State s(game, 9);
  for (int a : {2, 2, 2, 2, 0, 0, 1, 0}) s.apply_action(a);  // 3 + 3 + 3 + 3 + 1 + 1 + 2 + 1
  if (s.total() != 17) return fail("the test position");
  tcbg::AgentSpec search;
  search.kind = tcbg::AgentKind::Search;
  search.search.simulations = 200;
  search.search.rollout = tcbg::RolloutPolicy::Random;
  auto agent = race::make_agent(search, 4);
  const int choice = agent->choose(s);
  State after(s);
  after.apply_action(choice);
  if (!after.is_terminal()) return fail("the search missed the winning move");
  agent->reseed(4);
  if (agent->choose(s) != choice) return fail("the search is not deterministic given its seed");
  return true;
}

// Runs of many lengths on teams of 2 and 3 threads, back to back (workers often wake after a run is over): each item
// done exactly once, on a thread of the team, and a chunk that throws makes run() rethrow after the rest are done.
bool team() {
  std::vector<std::atomic<int>> hits(3000);
  for (int threads : {2, 3}) {
    tcbg::ThreadTeam team(threads);
    for (int rep = 0; rep < 2000; ++rep) {
      const int64_t count = 1 + (rep * 7919) % (rep % 10 == 0 ? 3000 : 70);
      const bool fail_first = rep % 37 == 0;
      for (int64_t i = 0; i < count; ++i) hits[i].store(0);
      std::atomic<bool> wrong_thread{false};
      const std::function<void(int, int64_t, int64_t)> body = [&](int t, int64_t begin, int64_t end) {
        if (t < 0 || t >= threads) wrong_thread = true;
        for (int64_t i = begin; i < end; ++i) hits[i].fetch_add(1);
        if (fail_first && begin == 0) throw tcbg::GameError("chunk", "the first chunk fails", "test");
      };
      bool thrown = false;
      try {
        team.run(count, body);
      } catch (const tcbg::GameError&) {
        thrown = true;
      }
      if (thrown != fail_first) return fail("a chunk's exception was not rethrown, or one was made up");
      if (wrong_thread) return fail("a chunk ran on no thread of the team");
      for (int64_t i = 0; i < count; ++i) {
        if (hits[i].load() != 1) return fail("an item of a run was not done exactly once");
      }
    }
  }
  return true;
}

}  // namespace

int main() {
  if (!run() || !team()) return 1;
  std::printf("core smoke test passed\n");
  return 0;
}
