// A batched environment for any game (docs/environments.md "The batched environment"): N games stepped together
// from an array of actions, writing observations, legal-action masks, rewards and done flags into caller-owned
// arrays, each finished game replaced by the next at once (auto-reset), the envs split over a team of threads.
// Nothing is allocated per step.
//
// Two ways to play: the caller decides for every seat (self-play: the observation is the current player's), or
// for one seat, the learner, while native agents (agents.hpp specs) play the others until the learner is to decide
// again or the game is over.
//
// An action that is not legal is not played: the player who gave it concedes the game (both games' rules let a
// player concede at any time: X610Z rules.md 5.8, Z/X CR 101.4), and the env's `illegal` flag says so.
//
// Env i's e-th game is seeded CounterRng(CounterRng(seed).derive(i)).derive(e); an agent playing seat p decides its
// k-th decision of that game with the seed CounterRng(agent_seed(game seed, p)).derive(k). So what every env plays
// is a function of the seed, the actions given and the agents' specs alone, however many threads step it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "tcbg/core/agents.hpp"
#include "tcbg/core/batch.hpp"
#include "tcbg/core/error.hpp"
#include "tcbg/core/game_api.hpp"
#include "tcbg/core/random.hpp"
#include "tcbg/core/thread_team.hpp"

namespace tcbg {

// How a game's observation is written: its size for a game, and the tensor of a player into out[0 .. size).
template <class O, class S, class G>
concept Observer = requires(const S& s, const G& g, int player, float* out) {
  { O::size(g) } -> std::convertible_to<int>;
  O::tensor(s, player, out);
};

// An observer that can bring a buffer up to date from what it last wrote there: O::Memo remembers what a buffer
// holds, O::update(s, player, out, memo) writes the same floats as O::tensor, but only those that changed.
template <class O, class S>
concept UpdatingObserver = requires(const S& s, int player, float* out, typename O::Memo& memo) {
  O::update(s, player, out, memo);
};
template <class O, class S>
struct ObservationMemoOf {
  struct type {};  // an observer without updates remembers nothing
};
template <class O, class S>
  requires UpdatingObserver<O, S>
struct ObservationMemoOf<O, S> {
  using type = typename O::Memo;
};

// A state a player may concede (outside its action list).
template <class S>
concept Concedable = requires(S& s, int player, int a) {
  s.concede(player);
  s.apply_legal_action(a);
};

struct VectorEnvOptions {
  int64_t num_envs = 1;
  uint64_t seed = 0;
  int learner = -1;                  // -1: the caller decides for every seat; else the caller's seat
  std::vector<AgentSpec> opponents;  // with a learner: one spec per seat (the learner's own is not used)
  int threads = 1;
};

// Where a reset or a step writes, for every env i (row i of each array).
struct VectorEnvOutput {
  float* obs = nullptr;           // num_envs * obs_size: the observation of the player to decide
  uint8_t* mask = nullptr;        // num_envs * num_actions: 1 for each legal action of that player
  int32_t* player = nullptr;      // num_envs: that player
  float* rewards = nullptr;       // num_envs * num_players: every seat's return of a game that ended at this step
  uint8_t* terminated = nullptr;  // num_envs: a game ended at this step (the row's other arrays show the next one)
  uint8_t* illegal = nullptr;     // num_envs: the action given was not legal, so its player conceded
  uint32_t* length = nullptr;     // num_envs: decisions of the game that ended (every seat's), else of this one
};

template <class S, class G, class O>
  requires GameState<S> && SeededState<S, G> && Concedable<S> && Observer<O, S, G>
class VectorEnv {
 public:
  VectorEnv(std::shared_ptr<const G> game, AgentFactory<S> make_agent, VectorEnvOptions options)
      : game_(std::move(game)), options_(std::move(options)) {
    if (!game_) throw GameError("game", "no game", "docs/environments.md");
    if (options_.num_envs < 1 || options_.num_envs > (int64_t{1} << 24)) {
      throw GameError("num_envs", "must be 1 .. 16777216", "docs/environments.md");
    }
    if (options_.threads < 1 || options_.threads > 256) {
      throw GameError("threads", "must be 1 .. 256", "docs/environments.md");
    }
    const int players = game_->num_players();
    if (options_.learner < -1 || options_.learner >= players) {
      throw GameError("learner", "a seat of the game (0 .. " + std::to_string(players - 1) + ") or -1 for every seat",
                      "docs/environments.md");
    }
    if (options_.learner >= 0 && static_cast<int>(options_.opponents.size()) != players) {
      throw GameError("opponents", "one agent spec per seat: the game has " + std::to_string(players) + " seats but " +
                                       std::to_string(options_.opponents.size()) + " specs were given",
                      "docs/environments.md");
    }
    obs_size_ = O::size(*game_);
    num_actions_ = game_->num_distinct_actions();
    const int threads = static_cast<int>(std::min<int64_t>(options_.threads, options_.num_envs));
    team_ = std::make_unique<ThreadTeam>(threads);
    per_thread_.resize(threads);
    for (Worker& w : per_thread_) {
      w.legal = std::make_unique<typename S::ActionList>();
      if (options_.learner >= 0) {
        for (int p = 0; p < players; ++p) {
          if (p == options_.learner) {
            w.agents.push_back(nullptr);
            continue;
          }
          check_agent_spec(options_.opponents[p], "opponents[" + std::to_string(p) + "]");
          w.agents.push_back(make_agent(options_.opponents[p], 0));
        }
      }
    }
    bit_words_ = (num_actions_ + 63) / 64;
    legal_bits_.assign(static_cast<size_t>(options_.num_envs * bit_words_), 0);
    memos_.resize(static_cast<size_t>(options_.num_envs));
    envs_.reserve(static_cast<size_t>(options_.num_envs));
    for (int64_t i = 0; i < options_.num_envs; ++i) envs_.push_back(Env{S(game_, 0), 0, 0, 0, CounterRng(0), 0});
  }

  int64_t num_envs() const { return options_.num_envs; }
  int obs_size() const { return obs_size_; }
  int num_actions() const { return num_actions_; }
  int num_players() const { return game_->num_players(); }
  int threads() const { return team_->threads(); }
  const S& state(int64_t i) const { return envs_.at(static_cast<size_t>(i)).state; }

  // Every env starts its first game of `seed` (episode 0).
  void reset(uint64_t seed, const VectorEnvOutput& out) {
    options_.seed = seed;
    written_ = nullptr;  // a reset writes every row whole, whatever the array held
    team_->run(options_.num_envs, [&](int t, int64_t begin, int64_t end) {
      Worker& w = per_thread_[static_cast<size_t>(t)];
      for (int64_t i = begin; i < end; ++i) {
        envs_[i].episode = 0;
        envs_[i].sampler = CounterRng(CounterRng(CounterRng(seed).derive(static_cast<uint64_t>(i))).derive(~uint64_t{0}));
        envs_[i].legal_count = 0;
        memos_[i] = Memo{};
        start(i, w);
        clear_flags(i, out);
        write(i, w, out, false);
      }
    });
    written_ = out.obs;
  }

  // actions[i] for env i's player to decide (out.player of the last reset or step). When out.obs is the array of
  // the last reset or step, as it left it (tcbg.envs.VectorEnv hands it out read-only), each row is brought up to
  // date: only what changed is written. Another array gets every row whole.
  void step(const int32_t* actions, const VectorEnvOutput& out) {
    const bool known = written_ == out.obs;
    written_ = nullptr;  // until this step is done (a step that throws leaves rows of either game)
    team_->run(options_.num_envs, [&](int t, int64_t begin, int64_t end) {
      Worker& w = per_thread_[static_cast<size_t>(t)];
      for (int64_t i = begin; i < end; ++i) step_one(i, actions[i], w, out, known);
    });
    written_ = out.obs;
  }

  // A uniformly random legal action of every env's player to decide, into out[0 .. num_envs): exploration, and
  // benchmarks of the env alone. Each env draws from its own stream (seeded by reset), so the draws do not depend on
  // the threads either.
  void random_actions(int32_t* out) {
    team_->run(options_.num_envs, [&](int, int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        // the k-th legal action: the k-th set bit, found by clearing set bits (a few dozen at most)
        const uint64_t* bits = legal_bits(i);
        auto k = envs_[i].sampler.below(envs_[i].legal_count);
        for (int w = 0;; ++w) {
          uint64_t word = bits[w];
          for (; word != 0 && k > 0; --k) word &= word - 1;
          if (word != 0) {
            out[i] = w * 64 + __builtin_ctzll(word);
            break;
          }
        }
      }
    });
  }

 private:
  struct Env {
    S state;
    uint64_t seed;     // of the game being played
    uint64_t episode;  // its index among this env's games
    uint32_t decisions;
    CounterRng sampler;    // random_actions' draws for this env, from the last reset's seed
    uint32_t legal_count;  // set bits of legal_bits (the legal actions when the mask was last written)
  };
  using Memo = typename ObservationMemoOf<O, S>::type;
  // Env i's legal actions when its mask was last written (a bit per action id), so a step checks its action by one
  // bit instead of listing them again: the caller's own mask array is theirs to change.
  uint64_t* legal_bits(int64_t i) { return legal_bits_.data() + i * bit_words_; }
  struct Worker {
    std::unique_ptr<typename S::ActionList> legal;
    std::vector<std::unique_ptr<Agent<S>>> agents;  // per seat, the learner's null (none without a learner)
  };

  void start(int64_t i, Worker& w) {
    Env& e = envs_[i];
    e.seed = CounterRng(CounterRng(options_.seed).derive(static_cast<uint64_t>(i))).derive(e.episode);
    e.state = S(game_, e.seed);
    e.decisions = 0;
    play_opponents(e, w);
  }

  // Native agents decide until the learner is to decide or the game is over (nothing without a learner).
  void play_opponents(Env& e, Worker& w) {
    if (options_.learner < 0) return;
    while (!e.state.is_terminal() && e.state.current_player() != options_.learner) {
      if (e.decisions >= kDecisionCap) {
        throw GameError("env game (seed " + std::to_string(e.seed) + ")",
                        "more than " + std::to_string(kDecisionCap) + " decisions", "docs/environments.md");
      }
      const int p = e.state.current_player();
      Agent<S>& agent = *w.agents[static_cast<size_t>(p)];
      agent.reseed(CounterRng(agent_seed(e.seed, p)).derive(e.decisions));
      e.state.apply_legal_action(agent.choose(e.state));
      ++e.decisions;
    }
  }

  void step_one(int64_t i, int32_t action, Worker& w, const VectorEnvOutput& out, bool known) {
    Env& e = envs_[i];
    clear_flags(i, out);
    const int actor = e.state.current_player();
    const uint64_t* legal = legal_bits(i);
    if (action >= 0 && action < num_actions_ && ((legal[action >> 6] >> (action & 63)) & 1)) {
      e.state.apply_legal_action(action);
    } else {
      e.state.concede(actor);
      out.illegal[i] = 1;
    }
    ++e.decisions;
    play_opponents(e, w);
    if (e.state.is_terminal()) {
      float* r = out.rewards + i * num_players();
      for (int p = 0; p < num_players(); ++p) r[p] = static_cast<float>(e.state.player_return(p));
      out.terminated[i] = 1;
      out.length[i] = e.decisions;
      ++e.episode;
      start(i, w);
    } else {
      out.length[i] = e.decisions;
    }
    write(i, w, out, known);
  }

  void clear_flags(int64_t i, const VectorEnvOutput& out) const {
    std::fill_n(out.rewards + i * num_players(), num_players(), 0.0f);
    out.terminated[i] = 0;
    out.illegal[i] = 0;
    out.length[i] = envs_[i].decisions;
  }

  // Env i's rows of obs and mask and its player. `known`: the obs row holds what the last write left (memos_[i]
  // says what), so only what changed is written: most of a row stays as it is from one decision to the next, and a
  // part not written stays out of the caches.
  void write(int64_t i, Worker& w, const VectorEnvOutput& out, bool known) {
    const S& s = envs_[i].state;
    const int p = s.current_player();
    out.player[i] = p;
    float* obs = out.obs + i * obs_size_;
    if constexpr (UpdatingObserver<O, S>) {
      if (!known) memos_[i] = Memo{};
      O::update(s, p, obs, memos_[i]);
    } else {
      O::tensor(s, p, obs);
    }
    // The mask whole: clearing only the bytes of the last legal actions was tried, and was slower than clearing the
    // row (a few dozen scattered bytes against one short run of stores).
    uint8_t* mask = out.mask + i * num_actions_;
    std::memset(mask, 0, static_cast<size_t>(num_actions_));
    uint64_t* bits = legal_bits(i);
    std::fill_n(bits, bit_words_, uint64_t{0});
    s.legal_actions(*w.legal);
    for (int k = 0; k < w.legal->size; ++k) {
      const int a = w.legal->ids[k];
      mask[a] = 1;
      bits[a >> 6] |= uint64_t{1} << (a & 63);
    }
    envs_[i].legal_count = static_cast<uint32_t>(w.legal->size);
  }

  std::shared_ptr<const G> game_;
  VectorEnvOptions options_;
  int obs_size_ = 0;
  int num_actions_ = 0;
  int bit_words_ = 0;
  std::vector<uint64_t> legal_bits_;
  std::vector<Memo> memos_;  // per env, what its obs row holds (an observer with updates)
  const float* written_ = nullptr;  // the obs array of the last reset or step that finished, as memos_ describe it
  std::vector<Env> envs_;
  std::vector<Worker> per_thread_;
  std::unique_ptr<ThreadTeam> team_;
};

}  // namespace tcbg
