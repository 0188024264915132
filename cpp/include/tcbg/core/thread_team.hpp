// A fixed team of worker threads that run one function over chunks of a range, again and again, with no thread
// started and nothing allocated per run (the batched environment's step, vector_env.hpp). The calling thread works
// too: a team of `threads` has threads - 1 workers.
#pragma once

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
  explicit ThreadTeam(int threads) : threads_(threads < 1 ? 1 : threads) {
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

  // Calls body(t, begin, end) for the `threads` contiguous chunks of [0, count), chunk t on thread t (the caller's is
  // 0), returning once all are done. The first exception a chunk throws is rethrown here, after every chunk has finished.
  void run(int64_t count, const std::function<void(int, int64_t, int64_t)>& body) {
    if (threads_ == 1 || count < 2) {
      body(0, 0, count);
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      body_ = &body;
      count_ = count;
      pending_ = threads_ - 1;
      error_ = nullptr;
      ++generation_;
    }
    wake_.notify_all();
    std::exception_ptr mine;
    try {
      chunk(0);
    } catch (...) {
      mine = std::current_exception();
    }
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    body_ = nullptr;
    if (mine) std::rethrow_exception(mine);
    if (error_) std::rethrow_exception(error_);
  }

 private:
  void chunk(int t) {
    const int64_t begin = count_ * t / threads_, end = count_ * (t + 1) / threads_;
    if (begin < end) (*body_)(t, begin, end);
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
      std::exception_ptr failed;
      try {
        chunk(t);
      } catch (...) {
        failed = std::current_exception();
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (failed && !error_) error_ = failed;
        if (--pending_ == 0) done_.notify_one();
      }
    }
  }

  const int threads_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  uint64_t generation_ = 0;
  bool stopping_ = false;
  const std::function<void(int, int64_t, int64_t)>* body_ = nullptr;
  int64_t count_ = 0;
  int pending_ = 0;
  std::exception_ptr error_;
};

}  // namespace tcbg
