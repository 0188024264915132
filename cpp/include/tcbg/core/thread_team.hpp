// A fixed team of worker threads that run one function over chunks of a range, again and again, with no thread
// started and nothing allocated per run (the batched environment's step, vector_env.hpp). The calling thread works
// too: a team of `threads` has threads - 1 workers.
//
// Each thread first takes the chunks of its own contiguous part of the range, in order (its envs stay in its caches
// from one run to the next), then helps with what is left of the others' parts: a thread the system has put aside
// for a while does not hold the run up by its whole part. A run is over when every chunk is done, whoever did it: a
// worker the system wakes late, after the run, finds it closed and sleeps again, so the caller never waits for a
// worker to be scheduled, only for chunks under way. (Spinning before sleeping on the condition variables was tried
// and kept out: on two cores shared with other work it made a run slower more often than faster.)
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tcbg {

class ThreadTeam {
 public:
  static constexpr int64_t kChunk = 16;  // items a thread takes at once: a few dozen microseconds of envs

  explicit ThreadTeam(int threads) : threads_(threads < 1 ? 1 : threads), parts_(static_cast<size_t>(threads_)) {
    for (int w = 1; w < threads_; ++w) workers_.emplace_back([this, w] { work(w); });
  }
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;
  ~ThreadTeam() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
      ++generation_;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  int threads() const { return threads_; }

  // Calls body(t, begin, end) on thread t (the caller's is 0) for chunks that together cover [0, count) once,
  // returning once all are done. The first exception a chunk throws is rethrown here, after every chunk is done.
  void run(int64_t count, const std::function<void(int, int64_t, int64_t)>& body) {
    if (threads_ == 1 || count < 2) {
      body(0, 0, count);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      body_ = &body;
      count_ = count;
      for (int t = 0; t < threads_; ++t) {
        parts_[t].next.store(count * t / threads_, std::memory_order_relaxed);
        parts_[t].end = count * (t + 1) / threads_;
      }
      done_items_.store(0, std::memory_order_relaxed);
      error_ = nullptr;
      open_.store(true, std::memory_order_seq_cst);
      ++generation_;
    }
    wake_.notify_all();
    chunks(0);
    {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, [&] { return done_items_.load(std::memory_order_acquire) == count; });
    }
    // Closed: a worker not yet in the run stays out; one in it has found no chunk left and is leaving.
    open_.store(false, std::memory_order_seq_cst);
    while (inside_.load(std::memory_order_seq_cst) != 0) std::this_thread::yield();
    body_ = nullptr;
    if (error_) std::rethrow_exception(error_);
  }

 private:
  struct alignas(64) Part {  // a thread's part of the range: the next chunk to take and where it ends
    std::atomic<int64_t> next{0};
    int64_t end = 0;
  };

  // Thread t's own part, then what is left of the others'; a chunk that throws counts as done, its exception kept.
  void chunks(int t) {
    for (int k = 0; k < threads_; ++k) {
      Part& part = parts_[static_cast<size_t>((t + k) % threads_)];
      for (;;) {
        const int64_t begin = part.next.fetch_add(kChunk, std::memory_order_relaxed);
        if (begin >= part.end) break;
        const int64_t end = std::min(begin + kChunk, part.end);
        try {
          (*body_)(t, begin, end);
        } catch (...) {
          std::lock_guard<std::mutex> lock(mutex_);
          if (!error_) error_ = std::current_exception();
        }
        if (done_items_.fetch_add(end - begin, std::memory_order_acq_rel) + (end - begin) == count_) {
          std::lock_guard<std::mutex> lock(mutex_);  // the caller is checking done_items_ or asleep on done_
          done_.notify_one();
        }
      }
    }
  }

  void work(int t) {
    uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        if (stopping_) return;
      }
      inside_.fetch_add(1, std::memory_order_seq_cst);
      if (open_.load(std::memory_order_seq_cst)) chunks(t);  // else woken after the run was over
      inside_.fetch_sub(1, std::memory_order_seq_cst);
    }
  }

  const int threads_;
  std::vector<Part> parts_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  uint64_t generation_ = 0;
  bool stopping_ = false;
  const std::function<void(int, int64_t, int64_t)>* body_ = nullptr;
  int64_t count_ = 0;
  std::atomic<int64_t> done_items_{0};
  std::atomic<bool> open_{false};
  std::atomic<int> inside_{0};  // workers between checking open_ and leaving the run
  std::exception_ptr error_;
};

}  // namespace tcbg
